/*
 * rules_standard.c - the rules of standard chess that a variant row's NULL slot stands for (see
 * variant.h): the start position, the checks, the validity rules, the material rule, and a game
 * no rule of the variant ends. Compiled once; src/variant.c puts them into the rows that leave
 * the slots NULL, the standard row included.
 */
#include "validate.h"
#include "variant.h"

const char rf__standard_start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

rf_bitboard rf__standard_checkers(const rf_position *pos, rf_color c)
{
    rf_bitboard kings = rf__pieces(pos, c, RF_KING), found = 0;
    while (kings) {
        rf_square ksq = rf__pop_lsb(&kings);
        found |= rf__attackers_to(pos, ksq, pos->by_type[0]) & pos->by_color[rf__other(c)];
    }
    return found;
}

/* Standard chess: exactly one king each; the side not to move not in check; a check the side to
 * move stands in must be one a single move can give. */
uint32_t rf__standard_validity(const rf_position *pos)
{
    uint32_t v = rf__validity_common(pos);
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    rf_bitboard white = rf__pieces(pos, RF_WHITE, RF_KING), black = rf__pieces(pos, RF_BLACK, RF_KING);
    if (!white || !black) v |= RF_INVALID_MISSING_KING;
    if (white && black && !rf__more_than_one(white) && !rf__more_than_one(black)) {
        if (rf__standard_checkers(pos, them)) v |= RF_INVALID_OPPOSITE_CHECK;
        rf_bitboard check = rf__standard_checkers(pos, us);
        if (check && rf__impossible_check(pos, check)) v |= RF_INVALID_IMPOSSIBLE_CHECK;
    }
    return v;
}

/* Colour c cannot mate, by the material alone (chessops, python-chess): it has no pawn, rook or
 * queen, and either a king alone; or a knight and king alone, the other side having nothing but
 * a king and queens (anything else could block its own king in); or bishops, all of both sides'
 * bishops on squares of one colour, and no pawn or knight on the board. Neither side can win
 * exactly when no pawn, rook or queen is left and the other pieces are a single knight or
 * bishops all on squares of one colour. */
int rf__standard_insufficient_material(const rf_position *pos, rf_color c)
{
    const rf_bitboard ours = pos->by_color[c], theirs = pos->by_color[rf__other(c)];
    if (ours & (pos->by_type[RF_PAWN] | pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN])) return 0;
    if (ours & pos->by_type[RF_KNIGHT])
        return rf__popcount(ours) <= 2 && !(theirs & ~pos->by_type[RF_KING] & ~pos->by_type[RF_QUEEN]);
    if (ours & pos->by_type[RF_BISHOP]) {
        rf_bitboard bishops = pos->by_type[RF_BISHOP];
        return (!(bishops & RF_DARK_SQUARES) || !(bishops & ~RF_DARK_SQUARES)) &&
               !(pos->by_type[RF_PAWN] | pos->by_type[RF_KNIGHT]);
    }
    return 1;
}

rf_result rf__standard_variant_end(const rf_position *pos)
{
    (void)pos;
    return RF_RESULT_ONGOING;
}

/*
 * status.c - how a game stands: check, checkmate, stalemate, insufficient material, the fifty-
 * and seventy-five-move rules, repetitions over a game, and the end of the game by a rule of
 * the variant.
 *
 * The rules are the FIDE Laws of Chess as python-chess and chessops (lichess) implement them;
 * the header's "Notation and status" section states each one. Everything is decided through the
 * position's variant: the legal moves come from rf_generate_moves and the checks from
 * rf_checkers, which both dispatch on it, and the two rules that differ by more than that
 * (insufficient material, the variant's own end) switch on pos->variant here.
 */
#include "position.h"

#define RF_DARK_SQUARES ((rf_bitboard)0xAA55AA55AA55AA55ULL) /* a1 is dark */

const char *rf_result_name(rf_result result)
{
    switch (result) {
    case RF_RESULT_ONGOING: return "*";
    case RF_RESULT_WHITE_WINS: return "1-0";
    case RF_RESULT_BLACK_WINS: return "0-1";
    case RF_RESULT_DRAW: return "1/2-1/2";
    }
    return "*";
}

const char *rf_reason_name(rf_reason reason)
{
    switch (reason) {
    case RF_REASON_NONE: return "none";
    case RF_REASON_CHECKMATE: return "checkmate";
    case RF_REASON_STALEMATE: return "stalemate";
    case RF_REASON_INSUFFICIENT_MATERIAL: return "insufficient_material";
    case RF_REASON_SEVENTY_FIVE_MOVES: return "seventy_five_moves";
    case RF_REASON_FIVEFOLD_REPETITION: return "fivefold_repetition";
    case RF_REASON_VARIANT_END: return "variant_end";
    }
    return "none";
}

/* The winner when the game has ended by a rule of the variant, else RF_RESULT_ONGOING. */
static rf_result variant_result(const rf_position *pos)
{
    switch ((rf_variant)pos->variant) {
    case RF_ATOMIC: {
        /* Atomic chess ends when a king explodes: the side that still has its king has won. */
        rf_bitboard white = rf__pieces(pos, RF_WHITE, RF_KING);
        rf_bitboard black = rf__pieces(pos, RF_BLACK, RF_KING);
        if (white && !black) return RF_RESULT_WHITE_WINS;
        if (black && !white) return RF_RESULT_BLACK_WINS;
        return RF_RESULT_ONGOING;
    }
    case RF_STANDARD: break;
    }
    return RF_RESULT_ONGOING;
}

/* Standard chess: no sequence of legal moves can mate, by the material alone, when no pawn, rook
 * or queen is left and the other pieces are bishops all on squares of one colour (any number, of
 * either side) or a single knight. Any other material can mate with the losing side's help
 * (KN v KN, KB v KN, bishops on both colours); python-chess and chessops agree. */
static int standard_insufficient(const rf_position *pos)
{
    if (pos->by_type[RF_PAWN] | pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN]) return 0;
    rf_bitboard bishops = pos->by_type[RF_BISHOP], knights = pos->by_type[RF_KNIGHT];
    if (knights) return !bishops && !rf__more_than_one(knights);
    return !(bishops & RF_DARK_SQUARES) || !(bishops & ~RF_DARK_SQUARES);
}

/* Atomic chess (lichess's rule, side by side): side c cannot win when the enemy king still stands
 * and either c has a bare king; or the enemy has more than a king but the board holds only kings
 * and bishops, each side's bishops on one colour and the two sides' on different colours (no
 * bishop can then ever capture, so no explosion can reach a king); or the enemy king is bare,
 * no queen or pawn is left, and c has one knight, bishop or rook alone, or one or two knights
 * and nothing else. Any other material can explode a king, with the loser's help if need be. */
static int atomic_side_insufficient(const rf_position *pos, rf_color c)
{
    rf_color them = rf__other(c);
    rf_bitboard kings = pos->by_type[RF_KING], occ = pos->by_type[0];
    if (!(kings & pos->by_color[them])) return 0;
    if (!(pos->by_color[c] & ~kings)) return 1;
    if (pos->by_color[them] & ~kings) {
        rf_bitboard bishops = pos->by_type[RF_BISHOP];
        if (occ != (bishops | kings)) return 0;
        rf_bitboard white = bishops & pos->by_color[RF_WHITE];
        rf_bitboard black = bishops & pos->by_color[RF_BLACK];
        if (!(white & RF_DARK_SQUARES)) return !(black & ~RF_DARK_SQUARES);
        if (!(white & ~RF_DARK_SQUARES)) return !(black & RF_DARK_SQUARES);
        return 0;
    }
    if (pos->by_type[RF_QUEEN] | pos->by_type[RF_PAWN]) return 0;
    rf_bitboard pieces = pos->by_type[RF_KNIGHT] | pos->by_type[RF_BISHOP] | pos->by_type[RF_ROOK];
    if (rf__popcount(pieces) == 1) return 1;
    if (occ == (pos->by_type[RF_KNIGHT] | kings)) return rf__popcount(pos->by_type[RF_KNIGHT]) <= 2;
    return 0;
}

int rf_position_is_insufficient_material(const rf_position *pos)
{
    switch ((rf_variant)pos->variant) {
    case RF_ATOMIC:
        return atomic_side_insufficient(pos, RF_WHITE) && atomic_side_insufficient(pos, RF_BLACK);
    case RF_STANDARD: break;
    }
    return standard_insufficient(pos);
}

int rf_position_is_variant_end(const rf_position *pos)
{
    return variant_result(pos) != RF_RESULT_ONGOING;
}

int rf_position_is_check(const rf_position *pos) { return rf_checkers(pos) != 0; }

static int has_legal_move(const rf_position *pos)
{
    rf_movelist list;
    return rf_generate_moves(pos, &list) != 0;
}

int rf_position_is_checkmate(const rf_position *pos)
{
    return !rf_position_is_variant_end(pos) && rf_position_is_check(pos) && !has_legal_move(pos);
}

int rf_position_is_stalemate(const rf_position *pos)
{
    return !rf_position_is_variant_end(pos) && !rf_position_is_check(pos) &&
           !has_legal_move(pos);
}

int rf_position_is_fifty_moves(const rf_position *pos)
{
    return pos->halfmove >= 100 && has_legal_move(pos);
}

int rf_position_is_seventy_five_moves(const rf_position *pos)
{
    return pos->halfmove >= 150 && has_legal_move(pos);
}

static rf_outcome ended(rf_result result, rf_reason reason)
{
    rf_outcome o = {result, reason, 0};
    return o;
}

rf_outcome rf_position_outcome(const rf_position *pos)
{
    rf_result variant = variant_result(pos);
    if (variant != RF_RESULT_ONGOING) return ended(variant, RF_REASON_VARIANT_END);
    int moves = has_legal_move(pos);
    /* A checkmate ends the game even on the move that reaches the seventy-five-move limit or a
     * dead position (articles 5.1.1 and 9.6.2). */
    if (!moves && rf_position_is_check(pos))
        return ended(pos->side == RF_WHITE ? RF_RESULT_BLACK_WINS : RF_RESULT_WHITE_WINS,
                     RF_REASON_CHECKMATE);
    if (!moves) return ended(RF_RESULT_DRAW, RF_REASON_STALEMATE);
    if (rf_position_is_insufficient_material(pos))
        return ended(RF_RESULT_DRAW, RF_REASON_INSUFFICIENT_MATERIAL);
    if (pos->halfmove >= 150) return ended(RF_RESULT_DRAW, RF_REASON_SEVENTY_FIVE_MOVES);
    rf_outcome o = {RF_RESULT_ONGOING, RF_REASON_NONE, 0};
    if (pos->halfmove >= 100) o.claims |= RF_CLAIM_FIFTY_MOVES;
    return o;
}

void rf_game_start(rf_game *game, const rf_position *start)
{
    game->pos = *start;
    game->plies = 0;
    game->count = 1;
    game->keys[0] = start->key;
}

void rf_game_play(rf_game *game, rf_move move)
{
    rf_position_play(&game->pos, move);
    game->plies++;
    /* A capture or a pawn move (the halfmove clock back at 0) can never be undone: no position
     * before it can occur again. */
    if (game->pos.halfmove == 0) game->count = 0;
    if (game->count == RF_GAME_HISTORY) {
        for (unsigned i = 1; i < RF_GAME_HISTORY; i++) game->keys[i - 1] = game->keys[i];
        game->count--;
    }
    game->keys[game->count++] = game->pos.key;
}

unsigned rf_game_repetitions(const rf_game *game)
{
    unsigned n = 0;
    uint64_t key = game->pos.key;
    for (unsigned i = 0; i < game->count; i++) n += game->keys[i] == key;
    return n ? n : 1;
}

rf_outcome rf_game_outcome(const rf_game *game)
{
    rf_outcome o = rf_position_outcome(&game->pos);
    if (o.result != RF_RESULT_ONGOING) return o;
    unsigned reps = rf_game_repetitions(game);
    if (reps >= 5) return ended(RF_RESULT_DRAW, RF_REASON_FIVEFOLD_REPETITION);
    if (reps >= 3) o.claims |= RF_CLAIM_THREEFOLD_REPETITION;
    return o;
}

/*
 * moves.c - the public move interface: generation and the legality of a given move, through the
 * module of the position's variant, and when the null move may be played. Playing a move is
 * play.c's.
 */
#include "variant.h"

unsigned rf_generate_moves(rf_movelist *list, const rf_position *pos)
{
    rf_init();
    rf_move *end = rf__variant_of(pos)->generate(pos, list->moves);
    list->count = (unsigned)(end - list->moves);
    return list->count;
}

int rf_move_is_legal(const rf_position *pos, rf_move move)
{
    if (move == RF_MOVE_NULL) return rf__null_move_refused(pos) == NULL;
    rf_init();
    rf_movelist list;
    const rf__variant *row = rf__variant_of(pos);
    unsigned kind = RF_MOVE_KIND(move);
    rf_piece piece = pos->board[RF_MOVE_FROM(move)];
    /* A move of a piece of the side to move (castling and drops aside): the moves of that piece
     * to its square are enough, where the variant lists them alone (as rf_move_to_san reads
     * legality) where the side to move has one king (rf_generate_moves lists none otherwise);
     * else every legal move. */
    const rf_bitboard kings = pos->by_type[RF_KING] & pos->by_color[pos->side];
    if (row->moves_to && (kind == RF_MOVE_NORMAL || kind == RF_MOVE_PROMOTION || kind == RF_MOVE_EN_PASSANT) &&
        RF_PIECE_TYPE(piece) != RF_NO_PIECE_TYPE && RF_PIECE_COLOR(piece) == pos->side &&
        kings && !(kings & (kings - 1)))
        list.count = (unsigned)(row->moves_to(pos, list.moves, RF_PIECE_TYPE(piece), RF_MOVE_TO(move)) - list.moves);
    else
        rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++)
        if (list.moves[i] == move) return 1;
    return 0;
}

const char *rf__null_move_refused(const rf_position *pos)
{
    rf_init();
    const rf__variant *row = rf__variant_of(pos);
    if (row->checkers(pos, (rf_color)pos->side)) return "is in check";
    rf_move moves[RF_MAX_MOVES];
    if (row->generate(pos, moves) == moves) return "has no legal move (the game is over)";
    return NULL;
}

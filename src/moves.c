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
    rf_movelist list;
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

/*
 * moves.c - the public move interface: generation, legality of a given move, playing a move,
 * each through the module of the position's variant. Debug builds check every invariant of the
 * position after every move played.
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
    rf_movelist list;
    rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++)
        if (list.moves[i] == move) return 1;
    return 0;
}

void rf_position_play(rf_position *pos, rf_move move)
{
    rf_init();
    rf__variant_of(pos)->play(pos, move);
    RF_ASSERT(rf__position_check(pos) == NULL);
}

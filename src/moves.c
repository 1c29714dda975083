/*
 * moves.c - the public move interface: generation, legality of a given move, playing a move;
 * each dispatches on the position's variant.
 */
#include "atomic.h"
#include "movegen.h"

unsigned rf_generate_moves(const rf_position *pos, rf_movelist *list)
{
    rf_init();
    rf_move *end = pos->variant == RF_ATOMIC ? rf__generate_atomic(pos, list->moves)
                                             : rf__generate_standard(pos, list->moves);
    list->count = (unsigned)(end - list->moves);
    return list->count;
}

int rf_move_is_legal(const rf_position *pos, rf_move move)
{
    rf_movelist list;
    rf_generate_moves(pos, &list);
    for (unsigned i = 0; i < list.count; i++)
        if (list.moves[i] == move) return 1;
    return 0;
}

void rf_position_play(rf_position *pos, rf_move move)
{
    rf_init();
    if (pos->variant == RF_ATOMIC)
        rf__play_atomic(pos, move);
    else
        rf__play_standard(pos, move);
}

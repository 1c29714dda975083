/*
 * moves.c - the public move interface: generation, legality of a given move, playing a move,
 * each through the module of the position's variant; the null move, which is the same in every
 * variant, here. Debug builds check every invariant of the
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

/* The null move: the turn passes and nothing else moves. Every variant's state but the side,
 * the en passant square and the clocks stays as it is, so no variant module takes part. */
static void play_null(rf_position *pos)
{
    if (pos->ep_legal) pos->key ^= rf__zobrist_ep[RF_FILE_OF(pos->ep)];
    pos->ep = RF_NO_SQUARE;
    pos->ep_legal = 0;
    pos->halfmove++;
    if (pos->side == RF_BLACK) pos->fullmove++;
    pos->side ^= 1;
    pos->key ^= rf__zobrist_side;
}

void rf_position_play(rf_position *pos, rf_move move)
{
    rf_init();
    if (move == RF_MOVE_NULL)
        play_null(pos);
    else
        rf__variant_of(pos)->play(pos, move);
    RF_ASSERT(rf__position_check(pos) == NULL);
}

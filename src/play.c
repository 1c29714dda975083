/*
 * play.c - rf_position_play: a move through the row's `play`, which every variant takes from the
 * template kernel/play.h (the position's node, the variant's make-move on it, the one perft
 * inlines, and one sync of the child back into the position, kernel/sync.h), so that the API and
 * perft play by one set of rules; the null move, the same in every variant, here. Debug builds
 * check every invariant of the position after every move played.
 */
#include "variant.h"

/* The null move: the turn passes and nothing else moves. */
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

void rf__play_by(const rf__variant *row, rf_position *pos, rf_move move) { row->play(pos, move); }

void rf_position_play(rf_position *pos, rf_move move)
{
    rf_init();
    if (move == RF_MOVE_NULL)
        play_null(pos);
    else
        rf__play_by(rf__variant_of(pos), pos, move);
    RF_ASSERT(rf__position_check(pos) == NULL);
}

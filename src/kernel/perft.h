/*
 * kernel/perft.h - the helpers a variant module's row uses around its kernel: list a node
 * generator's moves as rf_move values, and play a move on rf_position through a make-move of
 * constant side. (The perft walk itself is the template kernel/walk.h.)
 */
#ifndef RF_KERNEL_PERFT_H
#define RF_KERNEL_PERFT_H

#include "../position.h"
#include "node.h"
#include "generate.h"

/* A make-move for side `us`. */
typedef void (*rf__kernel_play)(rf_position *pos, rf_move move, rf_color us);

/* Plays a move on the API's board through the make-move of constant side for the side to move. */
RF_INLINE void play_root(rf_position *pos, rf_move move, const rf__kernel_play play)
{
    if (pos->side == RF_WHITE)
        play(pos, move, RF_WHITE);
    else
        play(pos, move, RF_BLACK);
}

/* The legal moves of a position from a node generator, written from `out` on by a listing visit
 * function (rf__visit_list, or a variant's own for its own kinds of move); returns the end. */
RF_INLINE rf_move *rf__node_list_by(const rf_position *pos, rf_move *out, const rf__generator generate,
                                    const rf__visit visit)
{
    rf__node n;
    rf__node_from_position(&n, pos);
    rf__walk w = {out, 0, 0, NULL, NULL, 0};
    if (pos->side == RF_WHITE) { /* a generator copy for each side, as perft has */
        rf__emit e = {&n, RF_WHITE, false, &w, visit, 0};
        generate(&e);
    } else {
        rf__emit e = {&n, RF_BLACK, false, &w, visit, 0};
        generate(&e);
    }
    return w.out;
}

/* The same, listed by rf__visit_list. */
RF_INLINE rf_move *rf__node_list(const rf_position *pos, rf_move *out, const rf__generator generate)
{
    return rf__node_list_by(pos, out, generate, rf__visit_list);
}

#endif

/*
 * kernel/play.h - rf_position_play's make-move, a template written once for every variant, included
 * by the row template variants/row.h. It reads
 *     RF_ROW_MAKE       the module's make-move on nodes (kernel/make.h's shape), the one perft inlines;
 *     RF_ROW_KIND       the visit kind of a legal move (node, move, type of the piece on its from
 *                       square, side): rf__play_kind, or its own;
 *     RF_ROW_GENERATE   its generator (an rf__generator), which says whether en passant is legal;
 *     RF_ROW_STATE      the RF_SETUP_* fields its node state holds (0, RF_SETUP_CHECKS, RF_SETUP_POCKET);
 * and defines the row's `play` and `node_ep_legal`:
 *     static void play(rf_position *pos, rf_move move)
 *     static bool node_ep_legal(const rf__node *n, rf_color us)
 * `play` builds the position's node, makes the move on it with the
 * side to move a constant, and writes the child back (kernel/sync.h).
 */
#if !defined(RF_ROW_MAKE) || !defined(RF_ROW_KIND) || !defined(RF_ROW_GENERATE) || !defined(RF_ROW_STATE)
#error "kernel/play.h is included by variants/row.h"
#endif

#include "emit.h"
#include "sync.h"

/* 1 when side `us` has a legal en passant capture in node n (one out-of-line copy of the
 * generator; the node keeps an en passant square only when an enemy pawn stands in front of it). */
__attribute__((noinline)) static bool node_ep_legal(const rf__node *n, rf_color us)
{
    if (!(n->special & rf__node_ep_rank(us))) return false;
    rf__walk w = {NULL, 0, 0, NULL, NULL, 0};
    rf__emit e = {n, us, false, &w, rf__visit_ep, 0};
    RF_ROW_GENERATE(&e);
    return w.nodes != 0;
}

/* The move for side `us`, the side to move. */
RF_KERNEL_INLINE void play_as(rf_position *pos, rf_move move, const rf_color us)
{
    const rf_color them = rf__other(us);
    rf__node n, c;
    rf__node_from_position(&n, pos);
    c.promoted = n.promoted; /* Crazyhouse's make-move alone writes these two */
    c.key = 0;
    const rf_piece_type moving = RF_PIECE_TYPE(pos->board[RF_MOVE_FROM(move)]); /* no branch on the node's sets */
    RF_ROW_MAKE(&c, &n, us, RF_ROW_KIND(&n, move, moving, us), RF_MOVE_FROM(move), RF_MOVE_TO(move), false);
    rf__sync_board(pos, &n, &c);
    rf__sync_state(pos, &n, &c, RF_ROW_STATE);
    rf__sync_turn(pos, us, &n, &c, move, (c.special & rf__node_ep_rank(them)) && node_ep_legal(&c, them));
}

static void play(rf_position *pos, rf_move move)
{
    if (pos->side == RF_WHITE)
        play_as(pos, move, RF_WHITE);
    else
        play_as(pos, move, RF_BLACK);
}

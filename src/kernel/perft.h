/*
 * kernel/perft.h - the helpers a variant module's row uses around its kernel: list a node
 * generator's moves as rf_move values, find a legal en passant capture, and play one move on a
 * node through a make-move of constant side (rf_position_play's make-move). The perft walk
 * itself is the template kernel/walk.h.
 */
#ifndef RF_KERNEL_PERFT_H
#define RF_KERNEL_PERFT_H

#include "../position.h"
#include "node.h"
#include "generate.h"

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

/* The visit function that finds en passant: counts the RF_VISIT_EP moves into w->nodes. */
RF_KERNEL_INLINE void rf__visit_ep(rf__walk *w, const rf__node *n, rf_color us, int kind, rf_square from, rf_square to)
{
    (void)n, (void)us, (void)from, (void)to;
    w->nodes += kind == RF_VISIT_EP;
}

/* The visit kind of a legal move m of node n, for a make-move of kernel/make.h. */
RF_INLINE int rf__visit_kind(const rf__node *n, rf_move m)
{
    const rf_square from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
    switch (RF_MOVE_KIND(m)) {
    case RF_MOVE_PROMOTION:
        return RF_MOVE_PROMOTED(m) == RF_KING ? RF_VISIT_PROMO_K : RF_VISIT_PROMO_N + (RF_MOVE_PROMOTED(m) - RF_KNIGHT);
    case RF_MOVE_EN_PASSANT: return RF_VISIT_EP;
    case RF_MOVE_CASTLING: return RF_VISIT_CASTLE;
    default: break;
    }
    switch (rf__node_type_at(n, RF_BB(from))) {
    case RF_PAWN: /* a double step from the second rank (Horde's from the first is a plain step) */
        return (to ^ from) == 16 && RF_RANK_OF(from) == (n->color[RF_WHITE] & RF_BB(from) ? 1 : 6) ? RF_VISIT_DOUBLE
                                                                                                : RF_VISIT_PAWN;
    case RF_KNIGHT: return RF_VISIT_KNIGHT;
    case RF_BISHOP: return RF_VISIT_BISHOP;
    case RF_ROOK: return RF_VISIT_ROOK;
    case RF_QUEEN: return RF_VISIT_QUEEN;
    default: return RF_VISIT_KING;
    }
}

/* The same, listed by rf__visit_list. */
RF_INLINE rf_move *rf__node_list(const rf_position *pos, rf_move *out, const rf__generator generate)
{
    return rf__node_list_by(pos, out, generate, rf__visit_list);
}

#endif

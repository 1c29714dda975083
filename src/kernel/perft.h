/*
 * kernel/perft.h - the helpers a variant module's row uses around its kernel: list a node
 * generator's moves as rf_move values, find a legal en passant capture (rf__visit_ep), and tell
 * the visit kind of an rf_move (rf__move_kind), for rf_position_play's make-move (the template
 * kernel/play.h). The perft walk itself is the template kernel/walk.h.
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

/* The visit kind of a legal move m of side `us` whose from square holds a piece of type pt
 * (RF_NO_PIECE_TYPE for a drop), for a make-move of kernel/make.h. A plain piece's kind is its
 * type (RF_VISIT_KNIGHT == RF_KNIGHT ... RF_VISIT_KING == RF_KING), without a branch. */
RF_INLINE int rf__move_kind(rf_move m, rf_piece_type pt, rf_color us)
{
    const rf_square from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
    switch (RF_MOVE_KIND(m)) {
    case RF_MOVE_PROMOTION:
        return RF_MOVE_PROMOTED(m) == RF_KING ? RF_VISIT_PROMO_K : RF_VISIT_PROMO_N + (RF_MOVE_PROMOTED(m) - RF_KNIGHT);
    case RF_MOVE_EN_PASSANT: return RF_VISIT_EP;
    case RF_MOVE_CASTLING: return RF_VISIT_CASTLE;
    default: break;
    }
    /* A pawn's double step is from its second rank (Horde's from the first is a plain step). */
    const bool dbl = (to ^ from) == 16 && RF_RANK_OF(from) == (us == RF_WHITE ? 1 : 6);
    return pt == RF_PAWN ? (dbl ? RF_VISIT_DOUBLE : RF_VISIT_PAWN) : (int)pt;
}

/* The same for rf_position_play (kernel/play.h's RF_ROW_KIND), the type read from the board. */
RF_INLINE int rf__play_kind(const rf__node *n, rf_move m, rf_piece_type pt, rf_color us)
{
    (void)n;
    return rf__move_kind(m, pt, us);
}

/* The visit kind of a legal move m of node n. */
RF_INLINE int rf__visit_kind(const rf__node *n, rf_move m)
{
    const rf_bitboard f = RF_BB(RF_MOVE_FROM(m));
    return rf__move_kind(m, rf__node_type_at(n, f), n->color[RF_WHITE] & f ? RF_WHITE : RF_BLACK);
}

/* The same, listed by rf__visit_list. */
RF_INLINE rf_move *rf__node_list(const rf_position *pos, rf_move *out, const rf__generator generate)
{
    return rf__node_list_by(pos, out, generate, rf__visit_list);
}

#endif

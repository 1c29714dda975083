/*
 * kernel/emit.h - how a generator hands out its moves: one generator body serves three uses,
 * counting the moves (perft's last ply, by popcounts, without making a move), listing them as
 * rf_move values (the API), and walking them (perft's inner plies: each move goes to a visit
 * function, which builds the child and recurses from inside the generator's loops, so no move
 * list is built).
 *
 * A generator receives an rf__emit: the node, the side to move, whether it counts, and the visit
 * function, all fixed for the call (the fields are const: in perft they are constants at the
 * call site, and the inlined generator is specialised to them), plus the running count. The
 * moves go out through rf__emit_one / _set / _pawns / _promotions, whose kind of move is a
 * constant at every call site, so the make-move a visit inlines is specialised to one kind.
 */
#ifndef RF_KERNEL_EMIT_H
#define RF_KERNEL_EMIT_H

#include "node.h"

/* What a move is, for the visit function. */
enum {
    RF_VISIT_PAWN,   /* a pawn's single step or capture, not promoting */
    RF_VISIT_DOUBLE, /* a pawn's double step */
    RF_VISIT_KNIGHT,
    RF_VISIT_BISHOP,
    RF_VISIT_ROOK,
    RF_VISIT_QUEEN,
    RF_VISIT_KING,
    RF_VISIT_PROMO_N, /* RF_VISIT_PROMO_N + (type - RF_KNIGHT): promotions */
    RF_VISIT_PROMO_B,
    RF_VISIT_PROMO_R,
    RF_VISIT_PROMO_Q,
    RF_VISIT_EP,
    RF_VISIT_CASTLE,  /* from the king's square to the castling rook's */
    RF_VISIT_PROMO_K, /* a promotion to a king (Antichess) */
    RF_VISIT_VARIANT  /* the first kind free for a variant's own moves (Atomic's explosions) */
};
_Static_assert((int)RF_VISIT_KNIGHT == (int)RF_KNIGHT && (int)RF_VISIT_BISHOP == (int)RF_BISHOP &&
                   (int)RF_VISIT_ROOK == (int)RF_ROOK &&
                   (int)RF_VISIT_QUEEN == (int)RF_QUEEN && (int)RF_VISIT_KING == (int)RF_KING,
               "a piece's visit kind is its type (rf__move_kind)");

/* A walk's state: the list written (listing), or the node count and depth (perft). */
typedef struct rf__walk {
    rf_move *out;
    uint64_t nodes;
    int depth;
    const struct rf__tt *tt;
    rf__node *kids;  /* perft's walks at depth 2: the children made, counted once the */
    unsigned nkids;  /* generator is done (kernel/walk.h) */
} rf__walk;

/* Receives each move of a walk: the node it is played in, side `us` to move, its kind. */
typedef void (*rf__visit)(rf__walk *w, const rf__node *n, rf_color us, int kind, rf_square from,
                          rf_square to);

/* One generator call: what it reads (constant) and the moves it has counted. */
typedef struct rf__emit {
    const rf__node *const n;
    const rf_color us;
    const bool count;     /* count the moves (into total) instead of visiting them */
    rf__walk *const w;    /* the walk the visits update (NULL when counting) */
    const rf__visit visit;
    unsigned total;
} rf__emit;

/* A generator: the moves of node e->n for side e->us, counted or visited. */
typedef void (*rf__generator)(rf__emit *e);

/* One move. */
RF_KERNEL_INLINE void rf__emit_one(rf__emit *e, const int kind, rf_square from, rf_square to)
{
    if (e->count)
        e->total++;
    else
        e->visit(e->w, e->n, e->us, kind, from, to);
}

/* The moves of one piece to a set of squares. */
RF_KERNEL_INLINE void rf__emit_set(rf__emit *e, const int kind, rf_square from, rf_bitboard set)
{
    if (e->count) {
        e->total += (unsigned)rf__popcount(set);
        return;
    }
    while (set) e->visit(e->w, e->n, e->us, kind, from, rf__pop_lsb(&set));
}

/* The pawn moves of a set of destinations, each reached from to - delta. */
RF_KERNEL_INLINE void rf__emit_pawns(rf__emit *e, const int kind, rf_bitboard set, const int delta)
{
    if (e->count) {
        e->total += (unsigned)rf__popcount(set);
        return;
    }
    while (set) {
        rf_square to = rf__pop_lsb(&set);
        e->visit(e->w, e->n, e->us, kind, (rf_square)(to - delta), to);
    }
}

/* The promotions of a set of destinations, each reached from to - delta: four each, queen first. */
RF_KERNEL_INLINE void rf__emit_promotions(rf__emit *e, rf_bitboard set, const int delta)
{
    if (e->count) {
        e->total += 4u * (unsigned)rf__popcount(set);
        return;
    }
    while (set) {
        rf_square to = rf__pop_lsb(&set), from = (rf_square)(to - delta);
        e->visit(e->w, e->n, e->us, RF_VISIT_PROMO_Q, from, to);
        e->visit(e->w, e->n, e->us, RF_VISIT_PROMO_R, from, to);
        e->visit(e->w, e->n, e->us, RF_VISIT_PROMO_B, from, to);
        e->visit(e->w, e->n, e->us, RF_VISIT_PROMO_N, from, to);
    }
}

/* The visit function of listing: the move as an rf_move. */
RF_KERNEL_INLINE void rf__visit_list(rf__walk *w, const rf__node *n, rf_color us, int kind,
                                     rf_square from, rf_square to)
{
    (void)n;
    (void)us;
    rf_move m;
    if (kind >= RF_VISIT_PROMO_N && kind <= RF_VISIT_PROMO_Q)
        m = RF_MOVE_MAKE_PROMOTION(from, to, RF_KNIGHT + (kind - RF_VISIT_PROMO_N));
    else if (kind == RF_VISIT_PROMO_K)
        m = RF_MOVE_MAKE_PROMOTION(from, to, RF_KING);
    else if (kind == RF_VISIT_EP)
        m = RF_MOVE_MAKE_KIND(from, to, RF_MOVE_EN_PASSANT);
    else if (kind == RF_VISIT_CASTLE)
        m = RF_MOVE_MAKE_KIND(from, to, RF_MOVE_CASTLING);
    else
        m = RF_MOVE_MAKE(from, to);
    *w->out++ = m;
}

#endif

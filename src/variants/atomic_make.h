/*
 * variants/atomic_make.h - make-move on nodes for Atomic chess, in the shape of rf__make
 * (kernel/make.h): the child built field by field from its parent.
 *
 * A quiet move is one of standard chess, and rf__make plays it. A capture explodes: the
 * capturer, the captured piece (en passant: the pawn beside the landing square) and every piece
 * but a pawn next to the capture square leave the board, and nothing lands, so the child is the
 * parent with one set of squares cleared from every field, whatever piece stood on each.
 * Castling rights die with their rook; when a king explodes (the enemy's, or one of several in a
 * position accepted with too many), the rights of a side left with no king on its back rank die
 * too, as they do after rf__make's king captures. This is rf_position_play's Atomic make-move as
 * well (kernel/play.h); the simple generator's blast (variants/atomic.c, play_simple) is apart.
 */
#ifndef RF_VARIANTS_ATOMIC_MAKE_H
#define RF_VARIANTS_ATOMIC_MAKE_H

#include "atomic_generate.h"
#include "../kernel/make.h"

/* The child of node n after a capture by side `us` from `from` on `to`; `ep`: en passant. One
 * function for every capture, called rather than inlined: the capturer's type does not matter. */
__attribute__((noinline)) static void rf__atomic_explode(rf__node *c, const rf__node *n, const rf_color us,
                                                         bool ep, rf_square from, rf_square to, bool hashed)
{
    const rf_bitboard occ = n->color[RF_WHITE] | n->color[RF_BLACK];
    rf_bitboard removed = (rf__king_attacks[to] & occ & ~n->pawns) | RF_BB(from) | RF_BB(to);
    if (ep) removed |= RF_BB(us == RF_WHITE ? to - 8 : to + 8);
    rf__node_clear(c, n, ~removed);
    c->special = n->special & ~removed & ~RF_NODE_EP_RANKS;
    c->state = n->state;
    if (removed & n->kings) {
        for (int col = 0; col < 2; col++) {
            rf_bitboard back = rf__node_back_rank((rf_color)col);
            if (!(c->kings & c->color[col] & back)) c->special &= ~back;
        }
    }
    if (hashed) {
        uint64_t key = n->key;
        for (rf_bitboard b = removed & occ; b;) {
            rf_square sq = rf__pop_lsb(&b);
            rf_color col = n->color[RF_WHITE] & RF_BB(sq) ? RF_WHITE : RF_BLACK;
            key ^= rf__zobrist_piece[RF_MAKE_PIECE(col, rf__node_type_at(n, RF_BB(sq)))][sq];
        }
        c->key = key;
    }
}

/* The child of node n after side `us` plays the move; `hashed`: keep the key of the pieces. */
RF_INLINE void rf__atomic_make(rf__node *c, const rf__node *n, const rf_color us, const int kind,
                               rf_square from, rf_square to, const bool hashed)
{
    if (kind == RF_VISIT_EXPLODE || kind == RF_VISIT_EP ||
        (kind >= RF_VISIT_PROMO_N && kind <= RF_VISIT_PROMO_Q && (n->color[rf__other(us)] & RF_BB(to))))
        rf__atomic_explode(c, n, us, kind == RF_VISIT_EP, from, to, hashed);
    else
        rf__make(c, n, us, kind, from, to, hashed);
}

#endif

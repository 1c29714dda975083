/*
 * kernel/make.h - make-move on nodes: the child of a node built field by field from its parent,
 * for a move of a kind known where it is generated (kernel/generate.h), so that each call site
 * compiles to a few bitboard operations without branches.
 *
 * A capture needs no lookup of the captured piece: the destination square is cleared from every
 * piece set, whatever stood there. Castling rights die with the rook square a move leaves or
 * lands on and with any king move; the en passant square is set after a double step when an
 * enemy pawn stands beside the pawn.
 */
#ifndef RF_KERNEL_MAKE_H
#define RF_KERNEL_MAKE_H

#include "emit.h"

/* Child c's pieces: node n's on the squares of `keep` (the others cleared). */
RF_INLINE void rf__node_clear(rf__node *c, const rf__node *n, rf_bitboard keep)
{
    c->color[RF_WHITE] = n->color[RF_WHITE] & keep;
    c->color[RF_BLACK] = n->color[RF_BLACK] & keep;
    c->pawns = n->pawns & keep;
    c->knights = n->knights & keep;
    c->kings = n->kings & keep;
    c->diag = n->diag & keep;
    c->orth = n->orth & keep;
}

/* Castling, king takes own rook: the king and rook to their squares, the mover's rights gone. */
RF_INLINE void rf__make_castle(rf__node *c, const rf__node *n, const rf_color us, rf_square from, rf_square to,
                               const bool hashed)
{
    const rf_color them = rf__other(us);
    const rf_bitboard f = RF_BB(from), t = RF_BB(to);
    const int side = to > from ? RF_KINGSIDE : RF_QUEENSIDE;
    const rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
    c->color[us] = (n->color[us] ^ f ^ t) | RF_BB(kto) | RF_BB(rto);
    c->color[them] = n->color[them];
    c->pawns = n->pawns;
    c->knights = n->knights;
    c->diag = n->diag;
    c->orth = (n->orth ^ t) | RF_BB(rto);
    c->kings = (n->kings ^ f) | RF_BB(kto);
    c->special = n->special & ~rf__node_back_rank(us) & ~RF_NODE_EP_RANKS;
    if (hashed)
        c->key = n->key ^ rf__zobrist_piece[RF_MAKE_PIECE(us, RF_KING)][from] ^
                 rf__zobrist_piece[RF_MAKE_PIECE(us, RF_KING)][kto] ^ rf__zobrist_piece[RF_MAKE_PIECE(us, RF_ROOK)][to] ^
                 rf__zobrist_piece[RF_MAKE_PIECE(us, RF_ROOK)][rto];
}

/* En passant: our pawn moves, the enemy pawn behind the target square goes. */
RF_INLINE void rf__make_ep(rf__node *c, const rf__node *n, const rf_color us, rf_square from, rf_square to,
                           const bool hashed)
{
    const rf_color them = rf__other(us);
    const rf_square vsq = us == RF_WHITE ? (rf_square)(to - 8) : (rf_square)(to + 8);
    const rf_bitboard ft = RF_BB(from) | RF_BB(to), v = RF_BB(vsq);
    c->color[us] = n->color[us] ^ ft;
    c->color[them] = n->color[them] ^ v;
    c->pawns = n->pawns ^ ft ^ v;
    c->knights = n->knights;
    c->diag = n->diag;
    c->orth = n->orth;
    c->kings = n->kings;
    c->special = n->special & ~RF_NODE_EP_RANKS;
    if (hashed)
        c->key = n->key ^ rf__zobrist_piece[RF_MAKE_PIECE(us, RF_PAWN)][from] ^
                 rf__zobrist_piece[RF_MAKE_PIECE(us, RF_PAWN)][to] ^ rf__zobrist_piece[RF_MAKE_PIECE(them, RF_PAWN)][vsq];
}

/* The type of the piece a move of visit kind `kind` (not castling or en passant) leaves on its
 * target square. */
RF_INLINE rf_piece_type rf__kind_landed(const int kind)
{
    if (kind <= RF_VISIT_DOUBLE) return RF_PAWN;
    if (kind <= RF_VISIT_KING) return (rf_piece_type)kind; /* RF_VISIT_KNIGHT == RF_KNIGHT ... */
    if (kind <= RF_VISIT_PROMO_Q) return (rf_piece_type)(RF_KNIGHT + (kind - RF_VISIT_PROMO_N));
    return RF_KING; /* RF_VISIT_PROMO_K */
}

/* b when cond holds, else 0. */
RF_INLINE rf_bitboard rf__bb_if(bool cond, rf_bitboard b) { return b & (0 - (rf_bitboard)cond); }

/* The piece of visit kind `kind` (not castling or en passant) moved from f to t in c's piece sets,
 * the target square already cleared; returns its type after the move. Each set is written from
 * the types moved and landed rather than through a switch: perft's kinds are constants and fold
 * to one or two operations, and rf_position_play's, not known in advance, take no jump table. */
RF_INLINE rf_piece_type rf__make_piece(rf__node *c, const int kind, rf_bitboard f, rf_bitboard t)
{
    const rf_piece_type landed = rf__kind_landed(kind);
    const rf_piece_type moved = kind >= RF_VISIT_PROMO_N ? RF_PAWN : landed;
    c->pawns ^= rf__bb_if(moved == RF_PAWN, f) | rf__bb_if(landed == RF_PAWN, t);
    c->knights ^= rf__bb_if(moved == RF_KNIGHT, f) | rf__bb_if(landed == RF_KNIGHT, t);
    c->diag ^= rf__bb_if(moved == RF_BISHOP || moved == RF_QUEEN, f) | rf__bb_if(landed == RF_BISHOP || landed == RF_QUEEN, t);
    c->orth ^= rf__bb_if(moved == RF_ROOK || moved == RF_QUEEN, f) | rf__bb_if(landed == RF_ROOK || landed == RF_QUEEN, t);
    c->kings ^= rf__bb_if(moved == RF_KING, f) | rf__bb_if(landed == RF_KING, t);
    return landed;
}

/* The child of node n after side `us` plays the move; `hashed`: keep the key of the pieces. */
RF_INLINE void rf__make(rf__node *c, const rf__node *n, const rf_color us, const int kind, rf_square from,
                        rf_square to, const bool hashed)
{
    const rf_color them = rf__other(us);
    const rf_bitboard f = RF_BB(from), t = RF_BB(to), keep = ~t;
    c->state = n->state;
    if (kind == RF_VISIT_CASTLE) {
        rf__make_castle(c, n, us, from, to, hashed);
        return;
    }
    if (kind == RF_VISIT_EP) {
        rf__make_ep(c, n, us, from, to, hashed);
        return;
    }
    rf__node_clear(c, n, keep);
    c->color[us] = n->color[us] ^ f ^ t;
    c->special = n->special & ~(f | t) & ~RF_NODE_EP_RANKS;
    const rf_piece_type landed = rf__make_piece(c, kind, f, t);
    const rf_piece_type moved = kind >= RF_VISIT_PROMO_N ? RF_PAWN : landed;
    if (kind == RF_VISIT_KING) c->special &= ~rf__node_back_rank(us);
    /* A king captured (a position accepted with the side not to move in check): its side's
     * rights die when no king of that side is left on its back rank. */
    if ((t & n->kings) && !(c->kings & c->color[them] & rf__node_back_rank(them)))
        c->special &= ~rf__node_back_rank(them);
    /* After a double step, an enemy pawn beside the pawn may take it en passant. */
    if (kind == RF_VISIT_DOUBLE && ((rf__east(t) | rf__west(t)) & n->pawns & n->color[them]))
        c->special |= RF_BB((from + to) / 2);
    if (hashed) {
        uint64_t key = n->key ^ rf__zobrist_piece[RF_MAKE_PIECE(us, moved)][from] ^
                       rf__zobrist_piece[RF_MAKE_PIECE(us, landed)][to];
        if (n->color[them] & t) key ^= rf__zobrist_piece[RF_MAKE_PIECE(them, rf__node_type_at(n, t))][to];
        c->key = key;
    }
}

#endif

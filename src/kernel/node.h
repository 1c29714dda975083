/*
 * kernel/node.h - the fast core's own position: a node of the perft tree and of move
 * generation, compact and made of bitboards alone.
 *
 * rf_position is the API's value: readable, with a square -> piece array, a Zobrist key, counters
 * and variant state, 160 bytes. A node holds only what move generation reads: the pieces as seven
 * bitboards (queens stand in both `diag` and `orth`, so a slider's set is one word), and one
 * `special` word for castling rights and the en passant square. Children are built field by
 * field from their parent (copy and make in one step); no board array, no counters, no key
 * unless a walk keeps one for its transposition table.
 *
 * `special` holds two kinds of square, which never share a rank: the rook squares that keep a
 * castling right (on ranks 1 and 8, as rf_position's castle_rook), and the square a pawn has
 * just skipped with a double step (ranks 3 and 6) when an enemy pawn stands beside it, that is
 * when an en passant capture may follow. Whether it is legal is decided when moves are
 * generated.
 */
#ifndef RF_KERNEL_NODE_H
#define RF_KERNEL_NODE_H

#include "../castling.h"
#include "../position.h"
#include "../rng.h"

#include <string.h>

typedef struct rf__node {
    rf_bitboard color[2];  /* the squares of each colour's pieces */
    rf_bitboard pawns, knights, kings;
    rf_bitboard diag;      /* bishops and queens */
    rf_bitboard orth;      /* rooks and queens */
    rf_bitboard special;   /* castling rook squares | en passant square */
    uint64_t key;          /* Zobrist key of the pieces: written only by hashed walks */
    uint64_t state;        /* variant state, copied to children (Three-check: remaining checks,
                              White's in bits 0-7, Black's in bits 8-15; Crazyhouse: the pockets,
                              see rf__node_pocket_shift); 0 in other variants */
    rf_bitboard promoted;  /* Crazyhouse: the pieces that were pawns. Read and written only by
                              Crazyhouse's make-move: other variants leave it unset in children */
} rf__node;

/* Crazyhouse's pockets in `state`: 6 bits per colour and piece type (pawn to queen), colour c's
 * type pt at bit rf__node_pocket_shift(c, pt); White's in bits 0-29, Black's in 30-59. */
#define rf__node_pocket_shift(c, pt) ((unsigned)((c) * 5 + (pt) - RF_PAWN) * 6u)

#define RF_NODE_EP_RANKS (RF_RANK_BB(2) | RF_RANK_BB(5))
#define RF_NODE_BACK_RANKS (RF_RANK_1_BB | RF_RANK_8_BB)

/* The rank of the en passant square the side `us` may capture on. */
RF_INLINE rf_bitboard rf__node_ep_rank(rf_color us) { return RF_RANK_BB(us == RF_WHITE ? 5 : 2); }
/* Colour c's back rank. */
RF_INLINE rf_bitboard rf__node_back_rank(rf_color c) { return c == RF_WHITE ? RF_RANK_1_BB : RF_RANK_8_BB; }

/* The piece type on a square known to hold a piece. */
RF_INLINE rf_piece_type rf__node_type_at(const rf__node *n, rf_bitboard sq)
{
    if (n->pawns & sq) return RF_PAWN;
    if (n->knights & sq) return RF_KNIGHT;
    if (n->kings & sq) return RF_KING;
    if (n->diag & sq) return n->orth & sq ? RF_QUEEN : RF_BISHOP;
    return RF_ROOK;
}

/* The set of one piece type (both colours). */
RF_INLINE rf_bitboard rf__node_type_set(const rf__node *n, rf_piece_type pt)
{
    switch (pt) {
    case RF_PAWN: return n->pawns;
    case RF_KNIGHT: return n->knights;
    case RF_BISHOP: return n->diag & ~n->orth;
    case RF_ROOK: return n->orth & ~n->diag;
    case RF_QUEEN: return n->diag & n->orth;
    case RF_KING: return n->kings;
    default: return 0;
    }
}

/* The Zobrist key of the pieces, computed from scratch (rf_position's piece keys). */
RF_INLINE uint64_t rf__node_key(const rf__node *n)
{
    uint64_t key = 0;
    for (int c = 0; c < 2; c++)
        for (int pt = RF_PAWN; pt <= RF_KING; pt++)
            for (rf_bitboard b = rf__node_type_set(n, (rf_piece_type)pt) & n->color[c]; b;)
                key ^= rf__zobrist_piece[RF_MAKE_PIECE(c, pt)][rf__pop_lsb(&b)];
    for (rf_bitboard b = n->promoted; b;) key ^= rf__zobrist_promoted[rf__pop_lsb(&b)];
    return key;
}

/* The key of a node with side `us` to move, for the transposition table. */
RF_INLINE uint64_t rf__node_table_key(const rf__node *n, rf_color us)
{
    return n->key ^ rf__mix64(n->special) ^ rf__mix64(n->state) ^
           (us == RF_BLACK ? rf__zobrist_side : 0);
}

/* A word of rf_position read alone. rf_position_play writes the sets with one 8-byte store each
 * and the next move reads them at once: a compiler that merged these loads into 16-byte ones
 * would make each wait for two stores to reach the cache (a store-forwarding stall, a third of
 * the time of a move played). The empty asm keeps the value in a general register. */
RF_INLINE rf_bitboard rf__load_word(const rf_bitboard *p)
{
    rf_bitboard v = *p;
    __asm__("" : "+r"(v));
    return v;
}

/* The node of a position. The en passant square is kept when an enemy pawn stands in front of
 * it and it is empty, on the rank where the side to move captures. */
RF_INLINE void rf__node_from_position(rf__node *n, const rf_position *pos)
{
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    n->color[RF_WHITE] = rf__load_word(&pos->by_color[RF_WHITE]);
    n->color[RF_BLACK] = rf__load_word(&pos->by_color[RF_BLACK]);
    n->pawns = rf__load_word(&pos->by_type[RF_PAWN]);
    n->knights = rf__load_word(&pos->by_type[RF_KNIGHT]);
    n->kings = rf__load_word(&pos->by_type[RF_KING]);
    const rf_bitboard queens = rf__load_word(&pos->by_type[RF_QUEEN]);
    n->diag = rf__load_word(&pos->by_type[RF_BISHOP]) | queens;
    n->orth = rf__load_word(&pos->by_type[RF_ROOK]) | queens;
    n->special = 0;
    const rf_square *rooks = &pos->castle_rook[0][0]; /* RF_NO_SQUARE (64) where a right is gone */
    if ((rooks[0] & rooks[1] & rooks[2] & rooks[3]) != RF_NO_SQUARE) /* all gone: a late move's case */
        for (int i = 0; i < 4; i++) n->special |= (rf_bitboard)(rooks[i] < 64) << (rooks[i] & 63);
    if (pos->ep != RF_NO_SQUARE && (RF_BB(pos->ep) & rf__node_ep_rank(us))) {
        rf_square victim = us == RF_WHITE ? (rf_square)(pos->ep - 8) : (rf_square)(pos->ep + 8);
        if (pos->board[victim] == RF_MAKE_PIECE(them, RF_PAWN) && pos->board[pos->ep] == RF_NO_PIECE)
            n->special |= RF_BB(pos->ep);
    }
    n->key = 0;
    /* The checks and the pockets share the word: a position has at most one of them. */
    n->state = (uint64_t)pos->remaining_checks[RF_WHITE] | (uint64_t)pos->remaining_checks[RF_BLACK] << 8;
    for (int c = 0; c < 2; c++) {
        uint64_t hand; /* the colour's eight pocket counters at once: most positions have none */
        memcpy(&hand, pos->pocket[c], sizeof hand);
        for (int pt = RF_PAWN; hand && pt <= RF_QUEEN; pt++)
            n->state |= (uint64_t)(pos->pocket[c][pt] & 63) << rf__node_pocket_shift(c, pt);
    }
    n->promoted = pos->promoted;
}

/* 1 when a piece of the side not `us` attacks sq, with `occ` as the occupancy for sliders. */
RF_INLINE bool rf__node_attacked(const rf__node *n, const rf_color us, rf_square sq, rf_bitboard occ)
{
    return (((rf__pawn_attacks[us][sq] & n->pawns) | (rf__knight_attacks[sq] & n->knights) |
             (rf__king_attacks[sq] & n->kings) | (rf__bishop_attacks(sq, occ) & n->diag) |
             (rf__rook_attacks(sq, occ) & n->orth)) &
            n->color[rf__other(us)]) != 0;
}

#endif

/*
 * kernel/sync.h - the child node of a move written back into rf_position, once for every variant
 * (rf_position_play's second half; the template kernel/play.h calls it after the variant's
 * make-move).
 *
 * The sync compares parent and child node: the piece sets are copied, and each square whose piece
 * changed is rewritten on the board and in the key; a castling right stays while its rook square
 * stays in the child's `special` word; the Three-check counters and the Crazyhouse pockets come
 * from the child's state (with their keys) in the variants whose FEN has them, the promoted pieces
 * from the child's set. The rest follows the move: the en passant square after a pawn's double
 * step from its second rank, the clocks (the halfmove clock restarts when a pawn moved or
 * appeared, or the enemy lost a piece) and the side.
 */
#ifndef RF_KERNEL_SYNC_H
#define RF_KERNEL_SYNC_H

#include "node.h"

/* The piece of node c on sq, or RF_NO_PIECE, without a branch: the type is the sum of the sets
 * that hold the square (a queen stands in diag and orth: 3 + 4 - 2), the colour bit Black's. */
RF_INLINE rf_piece rf__sync_piece(const rf__node *c, rf_square sq)
{
    const unsigned d = (unsigned)(c->diag >> sq) & 1, o = (unsigned)(c->orth >> sq) & 1;
    const unsigned type = ((unsigned)(c->pawns >> sq) & 1) * RF_PAWN + ((unsigned)(c->knights >> sq) & 1) * RF_KNIGHT +
                          ((unsigned)(c->kings >> sq) & 1) * RF_KING + d * RF_BISHOP + o * RF_ROOK -
                          (d & o) * (RF_BISHOP + RF_ROOK - RF_QUEEN);
    return (rf_piece)((((unsigned)(c->color[RF_BLACK] >> sq) & 1) << 3) | type);
}

/* The squares whose piece differs between nodes n and c. */
RF_INLINE rf_bitboard rf__sync_changed(const rf__node *n, const rf__node *c)
{
    return (n->color[RF_WHITE] ^ c->color[RF_WHITE]) | (n->color[RF_BLACK] ^ c->color[RF_BLACK]) |
           (n->pawns ^ c->pawns) | (n->knights ^ c->knights) | (n->kings ^ c->kings) | (n->diag ^ c->diag) |
           (n->orth ^ c->orth);
}

/* The pieces, castling rights and promoted pieces of child c into the position: the sets copied,
 * the board and the key rewritten on the squares whose piece changed. */
RF_INLINE void rf__sync_board(rf_position *pos, const rf__node *n, const rf__node *c)
{
    pos->by_color[RF_WHITE] = c->color[RF_WHITE];
    pos->by_color[RF_BLACK] = c->color[RF_BLACK];
    pos->by_type[0] = c->color[RF_WHITE] | c->color[RF_BLACK];
    pos->by_type[RF_PAWN] = c->pawns;
    pos->by_type[RF_KNIGHT] = c->knights;
    pos->by_type[RF_BISHOP] = c->diag & ~c->orth;
    pos->by_type[RF_ROOK] = c->orth & ~c->diag;
    pos->by_type[RF_QUEEN] = c->diag & c->orth;
    pos->by_type[RF_KING] = c->kings;
    uint64_t key = pos->key; /* kept in a register: the board's bytes may alias it */
    const rf_bitboard changed = rf__sync_changed(n, c), occupied = c->color[RF_WHITE] | c->color[RF_BLACK];
    for (rf_bitboard b = changed & ~occupied; b;) { /* emptied: the from square, captures, blasts */
        const rf_square sq = rf__pop_lsb(&b);
        key ^= rf__zobrist_piece[pos->board[sq]][sq];
        pos->board[sq] = RF_NO_PIECE;
    }
    for (rf_bitboard b = changed & occupied; b;) { /* a new piece: the target square */
        const rf_square sq = rf__pop_lsb(&b);
        const rf_piece now = rf__sync_piece(c, sq);
        key ^= rf__zobrist_piece[pos->board[sq]][sq] ^ rf__zobrist_piece[now][sq];
        pos->board[sq] = now;
    }
    pos->key = key;
    if ((n->special ^ c->special) & RF_NODE_BACK_RANKS) /* a right went */
        for (int col = 0; col < 2; col++)
            for (int side = 0; side < 2; side++) {
                const rf_square r = pos->castle_rook[col][side];
                if (r == RF_NO_SQUARE || (c->special & RF_BB(r))) continue;
                pos->castle_rook[col][side] = RF_NO_SQUARE;
                pos->key ^= rf__zobrist_castling[col * 2 + side];
            }
    if (pos->promoted == c->promoted) return;
    for (rf_bitboard b = pos->promoted ^ c->promoted; b;) pos->key ^= rf__zobrist_promoted[rf__pop_lsb(&b)];
    pos->promoted = c->promoted;
}

/* The Three-check counters or the Crazyhouse pockets of the child's state, with their keys. */
RF_INLINE void rf__sync_state(rf_position *pos, const rf__node *n, const rf__node *c, const unsigned extras)
{
    if (!extras || c->state == n->state) return;
    for (int col = 0; col < 2; col++) {
        if (extras & RF_SETUP_CHECKS) {
            const uint8_t now = (uint8_t)(c->state >> (8 * col));
            pos->key ^= rf__zobrist_checks[col][pos->remaining_checks[col]] ^ rf__zobrist_checks[col][now];
            pos->remaining_checks[col] = now;
        }
        if (!(extras & RF_SETUP_POCKET)) continue;
        for (int pt = RF_PAWN; pt <= RF_QUEEN; pt++) {
            const uint8_t now = (uint8_t)((c->state >> rf__node_pocket_shift(col, pt)) & 63);
            pos->key ^= rf__zobrist_pocket[col][pt][pos->pocket[col][pt] & 63] ^ rf__zobrist_pocket[col][pt][now];
            pos->pocket[col][pt] = now;
        }
    }
}

/* The en passant square (after a pawn's double step from its second rank; `ep_legal`: a legal
 * capture there exists), the clocks and the side, after side `us` played `move` from node n to c. */
RF_INLINE void rf__sync_turn(rf_position *pos, const rf_color us, const rf__node *n, const rf__node *c, rf_move move,
                             bool ep_legal)
{
    const rf_color them = rf__other(us);
    const rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    if (pos->ep_legal) pos->key ^= rf__zobrist_ep[RF_FILE_OF(pos->ep)];
    pos->ep = RF_NO_SQUARE;
    pos->ep_legal = 0;
    if ((n->pawns & RF_BB(from)) && (to ^ from) == 16 && RF_RANK_OF(from) == (us == RF_WHITE ? 1 : 6)) {
        pos->ep = (rf_square)((from + to) / 2);
        if (ep_legal) {
            pos->ep_legal = 1;
            pos->key ^= rf__zobrist_ep[RF_FILE_OF(pos->ep)];
        }
    }
    const bool zeroing = n->pawns != c->pawns || (n->color[them] & ~c->color[them]);
    pos->halfmove = zeroing ? 0 : pos->halfmove + 1;
    if (us == RF_BLACK) pos->fullmove++;
    pos->side = (uint8_t)them;
    pos->key ^= rf__zobrist_side;
}

#endif

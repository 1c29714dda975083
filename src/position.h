/*
 * position.h - the position value's internal operations: placing pieces, Zobrist keys,
 * attackers and the consistency check.
 */
#ifndef RF_POSITION_H
#define RF_POSITION_H

#include "bitboard.h"

#include <stddef.h>
#include <string.h>

/* Zobrist keys, built by rf_init(): [piece][square], castling right [colour*2+side], en passant
 * file, side to move (xored in when Black is to move). */
extern uint64_t rf__zobrist_piece[16][64];
extern uint64_t rf__zobrist_castling[4];
extern uint64_t rf__zobrist_ep[8];
extern uint64_t rf__zobrist_side;
extern uint64_t rf__zobrist_promoted[64];     /* Crazyhouse: a promoted piece on the square */
extern uint64_t rf__zobrist_pocket[2][8][64]; /* Crazyhouse: [colour][type][count], 0 for none */
extern uint64_t rf__zobrist_checks[2][4]; /* [colour][remaining checks]; [c][0] is 0 */
void rf__zobrist_build(void);

RF_INLINE rf_bitboard rf__pieces(const rf_position *pos, rf_color c, rf_piece_type pt)
{
    return pos->by_color[c] & pos->by_type[pt];
}

/* Places a piece on an empty square, or removes the piece on a square, keeping the bitboards,
 * the board array and the key in step. */
RF_INLINE void rf__put_piece(rf_position *pos, rf_piece pc, rf_square sq)
{
    RF_ASSERT(pos->board[sq] == RF_NO_PIECE);
    pos->board[sq] = pc;
    pos->by_color[RF_PIECE_COLOR(pc)] |= RF_BB(sq);
    pos->by_type[RF_PIECE_TYPE(pc)] |= RF_BB(sq);
    pos->by_type[0] |= RF_BB(sq);
    pos->key ^= rf__zobrist_piece[pc][sq];
}

RF_INLINE void rf__remove_piece(rf_position *pos, rf_square sq)
{
    rf_piece pc = pos->board[sq];
    RF_ASSERT(pc != RF_NO_PIECE);
    pos->board[sq] = RF_NO_PIECE;
    pos->by_color[RF_PIECE_COLOR(pc)] &= ~RF_BB(sq);
    pos->by_type[RF_PIECE_TYPE(pc)] &= ~RF_BB(sq);
    pos->by_type[0] &= ~RF_BB(sq);
    pos->key ^= rf__zobrist_piece[pc][sq];
}

/* The pieces of both colours that attack sq, with `occ` as the occupancy for sliders. */
RF_INLINE rf_bitboard rf__attackers_to(const rf_position *pos, rf_square sq, rf_bitboard occ)
{
    return (rf__pawn_attacks[RF_WHITE][sq] & rf__pieces(pos, RF_BLACK, RF_PAWN)) |
           (rf__pawn_attacks[RF_BLACK][sq] & rf__pieces(pos, RF_WHITE, RF_PAWN)) |
           (rf__knight_attacks[sq] & pos->by_type[RF_KNIGHT]) |
           (rf__king_attacks[sq] & pos->by_type[RF_KING]) |
           (rf__rook_attacks(sq, occ) & (pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN])) |
           (rf__bishop_attacks(sq, occ) & (pos->by_type[RF_BISHOP] | pos->by_type[RF_QUEEN]));
}

/* The castling-rights part of the key, as a 4-bit index set: bit colour*2+side. */
unsigned rf__castling_bits(const rf_position *pos);

/* The key computed from scratch. */
uint64_t rf__compute_key(const rf_position *pos);

/* 1 when a legal en passant capture exists, computed from scratch by the position's variant (the
 * value pos->ep_legal holds): only then does the en passant file count in the key, so that
 * positions FEN writes alike (the square is written only then) have one key, and repetitions
 * are found as the rules count them. */
int rf__ep_legal(const rf_position *pos);

/* Empties a position (no pieces, White to move, no rights, counters 0 1, standard chess). */
void rf__position_clear(rf_position *pos);

/* NULL when every invariant of rf_position holds, else a description of the first broken one. */
const char *rf__position_check(const rf_position *pos);

/* The same, without the variant state (rf__position_check's first part). */
const char *rf__position_check_core(const rf_position *pos);

#endif

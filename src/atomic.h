/*
 * atomic.h - Atomic chess: explosions, legal moves, checks.
 */
#ifndef RF_ATOMIC_H
#define RF_ATOMIC_H

#include "position.h"

/* The squares a capture on `to` clears besides the capturing piece: the captured piece's square
 * and every non-pawn piece on the eight squares around `to`. For en passant `to` is the landing
 * square (the captured pawn itself is removed separately). */
RF_INLINE rf_bitboard rf__explosion(const rf_position *pos, rf_square to)
{
    return (rf__king_attacks[to] & pos->by_type[0] & ~pos->by_type[RF_PAWN]) | RF_BB(to);
}

/* 1 when the move captures (and so explodes). */
RF_INLINE int rf__atomic_is_capture(const rf_position *pos, rf_move m)
{
    unsigned kind = RF_MOVE_KIND(m);
    return kind == RF_MOVE_EN_PASSANT || (kind != RF_MOVE_CASTLING && pos->board[RF_MOVE_TO(m)]);
}

/* The enemy pieces that give check to the king of colour c on ksq: any piece but a king attacks,
 * and none does while the two kings touch (capturing a king next to its own king would explode
 * the capturer's king too). */
rf_bitboard rf__atomic_checkers(const rf_position *pos, rf_color c);

/* Legal moves of an Atomic position, written from `out` on; returns the end. */
rf_move *rf__generate_atomic(const rf_position *pos, rf_move *out);

/* The same, by the simple method: every pseudo-legal move is played on a copy and kept when the
 * mover's king survives and is then out of check or the enemy king is gone. The test oracle of
 * rf__generate_atomic. */
rf_move *rf__generate_atomic_simple(const rf_position *pos, rf_move *out);

/* Plays a legal Atomic move. */
void rf__play_atomic(rf_position *pos, rf_move move);

/* Atomic perft by the portable build and by the POPCNT/BMI2 one (x86-64, when rf__use_bmi2);
 * `tt` may be NULL. */
struct rf__tt;
uint64_t rf__perft_atomic_generic(const rf_position *pos, int depth, const struct rf__tt *tt);
uint64_t rf__perft_atomic_bmi2(const rf_position *pos, int depth, const struct rf__tt *tt);

#endif

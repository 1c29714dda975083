/*
 * movegen.h - legal move generation and make-move, shared by perft, notation and status.
 */
#ifndef RF_MOVEGEN_H
#define RF_MOVEGEN_H

#include "position.h"

/* Writes the legal moves of a standard-chess (or Chess960) position from `out` on; returns the
 * end. At most RF_MAX_MOVES moves. A side without exactly one king has no moves. */
rf_move *rf__generate_standard(const rf_position *pos, rf_move *out);

/* The number of legal moves, counted without writing them where that is cheaper. */
unsigned rf__count_standard(const rf_position *pos);

/* Perft of a standard-chess position by the portable generator, and by the one compiled for
 * POPCNT/BMI2 with PEXT lookups (x86-64 only; call it only when rf__use_bmi2 is set); `tt` may
 * be NULL (no transposition table). */
struct rf__tt;
uint64_t rf__perft_standard_generic(const rf_position *pos, int depth, const struct rf__tt *tt);
uint64_t rf__perft_standard_bmi2(const rf_position *pos, int depth, const struct rf__tt *tt);

/* Plays a legal move of a standard-chess position. */
void rf__play_standard(rf_position *pos, rf_move move);

/* Castling masks by [colour][side][king file][rook file]: the squares that must be empty (those
 * the king and rook cross or land on, less their own); and by [colour][side][king file]: the
 * squares the king crosses and lands on. Built by rf_init(). */
extern rf_bitboard rf__castle_empty[2][2][8][8];
extern rf_bitboard rf__castle_path[2][2][8];
void rf__castling_build(void);

/* The castling destinations of king and rook for a side, on colour c's back rank. */
RF_INLINE rf_square rf__castle_king_to(rf_color c, int side)
{
    return RF_SQUARE(side == RF_KINGSIDE ? 6 : 2, c == RF_WHITE ? 0 : 7);
}
RF_INLINE rf_square rf__castle_rook_to(rf_color c, int side)
{
    return RF_SQUARE(side == RF_KINGSIDE ? 5 : 3, c == RF_WHITE ? 0 : 7);
}

#endif

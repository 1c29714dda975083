/*
 * castling.h - the squares castling needs, for standard chess and Chess960 alike: castling is
 * "king takes own rook", and the king and rook always land on the g/f files (kingside) or the
 * c/d files (queenside) of their back rank.
 */
#ifndef RF_CASTLING_H
#define RF_CASTLING_H

#include "bitboard.h"

/* By [colour][side][king file][rook file]: the squares that must be empty (those the king and
 * rook cross or land on, less their own); by [colour][side][king file]: the squares the king
 * crosses and lands on. Built by rf_init(). */
extern rf_bitboard rf__castle_empty[2][2][8][8];
extern rf_bitboard rf__castle_path[2][2][8];
/* The same by [king file][rook square] (the rook's square says the colour, and the side of the
 * king it stands on): one index for the fast core. 0 for squares off the back ranks. */
extern rf_bitboard rf__castle_empty_by_rook[8][64];
extern rf_bitboard rf__castle_path_by_rook[8][64];
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

/* A castling right: its colour, side (RF_KINGSIDE, RF_QUEENSIDE) and rook square. */
typedef struct rf__castle_right {
    rf_color color;
    int side;
    rf_square rook;
} rf__castle_right;

/* The rights of *pos one by one, White's kingside first: sets *right to the next right from
 * *index (0..3, colour * 2 + side) on and returns 1, or returns 0 when none is left. Written
 *     rf__castle_right r;
 *     for (int i = 0; rf__castle_next(pos, &i, &r);) ...                                       */
RF_INLINE int rf__castle_next(const rf_position *pos, int *index, rf__castle_right *right)
{
    for (; *index < 4; (*index)++) {
        rf_square rook = pos->castle_rook[*index >> 1][*index & 1];
        if (rook == RF_NO_SQUARE) continue;
        right->color = (rf_color)(*index >> 1);
        right->side = *index & 1;
        right->rook = rook;
        (*index)++;
        return 1;
    }
    return 0;
}

#endif

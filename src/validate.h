/*
 * validate.h - the parts of the validity check (validate.c) that variant modules put together
 * into their own: each returns the RF_INVALID_* flags of one group of rules.
 */
#ifndef RF_VALIDATE_H
#define RF_VALIDATE_H

#include "castling.h"
#include "position.h"

/* The rules every variant here shares: an empty board, more than one king of a colour, pawns on
 * the first or eighth rank, castling rights without their king and rook, an en passant square
 * no double step explains, more material than promotions explain. */
uint32_t rf__validity_common(const rf_position *pos);

/* The context of the message of a position refused (rf__error_in): "invalid position: ...". */
#define RF_INVALID_CONTEXT "invalid position"

uint32_t rf__validity_castling(const rf_position *pos);

/* What is wrong with a castling right of *pos, or NULL when it has its king and rook: the rook
 * square off the board, no rook of its colour there on the back rank, not exactly one king on the
 * back rank, or the rook on the other side of the king. */
const char *rf__castle_right_broken(const rf_position *pos, const rf__castle_right *r);
uint32_t rf__validity_ep(const rf_position *pos);
uint32_t rf__validity_material(const rf_position *pos);

/* 1 when `checkers` (the pieces checking the side to move) is a check no single legal move of
 * standard chess can give: more than two checkers, two that are not a slider and another piece
 * off one line with the king, or after a double step a checker the step neither is nor
 * uncovered. */
int rf__impossible_check(const rf_position *pos, rf_bitboard checkers);

#endif

/*
 * movegen.c - legal move generation for standard chess and Chess960, and make-move.
 *
 * Moves are generated legal, not generated and tested: the king steps only to squares the enemy
 * does not attack once the king has left its square (so it cannot hide behind itself from a
 * slider); in double check only the king moves; in single check the other pieces may only
 * capture the checker or block between it and the king; a pinned piece moves only along the
 * line through its king and its pinner. En passant, the one move that removes a piece from a
 * square it does not move to, is checked by recomputing the attacks on the king. Castling is
 * "king takes own rook" in both modes, so one path serves standard chess and Chess960.
 *
 * Each generator is a static inline function of a constant colour, with thin wrappers per colour:
 * the compiler folds each into a copy specialised for that side.
 */
#include "movegen_impl.h"

rf_bitboard rf__castle_empty[2][2][8][8];
rf_bitboard rf__castle_path[2][2][8];

void rf__castling_build(void)
{
    for (int c = 0; c < 2; c++) {
        for (int side = 0; side < 2; side++) {
            rf_square kto = rf__castle_king_to((rf_color)c, side), rto = rf__castle_rook_to((rf_color)c, side);
            for (int kf = 0; kf < 8; kf++) {
                rf_square ksq = RF_SQUARE(kf, c == RF_WHITE ? 0 : 7);
                rf__castle_path[c][side][kf] = rf__between[ksq][kto] | RF_BB(kto);
                for (int rf = 0; rf < 8; rf++) {
                    rf_square rsq = RF_SQUARE(rf, c == RF_WHITE ? 0 : 7);
                    rf_bitboard movers = RF_BB(ksq) | RF_BB(rsq);
                    rf__castle_empty[c][side][kf][rf] =
                        (rf__between[ksq][kto] | RF_BB(kto) | rf__between[rsq][rto] | RF_BB(rto)) & ~movers;
                }
            }
        }
    }
}

static unsigned generate_white(const rf_position *pos, rf_move *out) { return generate(pos, out, RF_WHITE, false); }
static unsigned generate_black(const rf_position *pos, rf_move *out) { return generate(pos, out, RF_BLACK, false); }
static unsigned count_white(const rf_position *pos) { return generate(pos, NULL, RF_WHITE, true); }
static unsigned count_black(const rf_position *pos) { return generate(pos, NULL, RF_BLACK, true); }

rf_move *rf__generate_standard(const rf_position *pos, rf_move *out)
{
    return out + (pos->side == RF_WHITE ? generate_white(pos, out) : generate_black(pos, out));
}

unsigned rf__count_standard(const rf_position *pos)
{
    return pos->side == RF_WHITE ? count_white(pos) : count_black(pos);
}

void rf__play_standard(rf_position *pos, rf_move move)
{
    if (pos->side == RF_WHITE)
        play_standard(pos, move, RF_WHITE);
    else
        play_standard(pos, move, RF_BLACK);
}

static uint64_t perft_black(const rf_position *pos, int depth, const rf__tt *tt);
static uint64_t perft_white(const rf_position *pos, int depth, const rf__tt *tt) { return perft_body(pos, depth, RF_WHITE, tt, perft_black); }
static uint64_t perft_black(const rf_position *pos, int depth, const rf__tt *tt) { return perft_body(pos, depth, RF_BLACK, tt, perft_white); }

uint64_t rf__perft_standard_generic(const rf_position *pos, int depth, const rf__tt *tt)
{
    return pos->side == RF_WHITE ? perft_white(pos, depth, tt) : perft_black(pos, depth, tt);
}

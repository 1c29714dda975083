/*
 * castling.c - the castling masks, built once by rf_init().
 */
#include "castling.h"

rf_bitboard rf__castle_empty[2][2][8][8];
rf_bitboard rf__castle_path[2][2][8];
rf_bitboard rf__castle_empty_by_rook[8][64];
rf_bitboard rf__castle_path_by_rook[8][64];

void rf__castling_build(void)
{
    for (int c = 0; c < 2; c++) {
        for (int side = 0; side < 2; side++) {
            rf_square kto = rf__castle_king_to((rf_color)c, side);
            rf_square rto = rf__castle_rook_to((rf_color)c, side);
            for (int kf = 0; kf < 8; kf++) {
                rf_square ksq = RF_SQUARE(kf, c == RF_WHITE ? 0 : 7);
                rf__castle_path[c][side][kf] = rf__between[ksq][kto] | RF_BB(kto);
                for (int rf = 0; rf < 8; rf++) {
                    rf_square rsq = RF_SQUARE(rf, c == RF_WHITE ? 0 : 7);
                    rf_bitboard movers = RF_BB(ksq) | RF_BB(rsq);
                    rf__castle_empty[c][side][kf][rf] = (rf__between[ksq][kto] | RF_BB(kto) |
                                                         rf__between[rsq][rto] | RF_BB(rto)) &
                                                        ~movers;
                    if ((side == RF_KINGSIDE) == (rf > kf)) {
                        rf__castle_empty_by_rook[kf][rsq] = rf__castle_empty[c][side][kf][rf];
                        rf__castle_path_by_rook[kf][rsq] = rf__castle_path[c][side][kf];
                    }
                }
            }
        }
    }
}

/*
 * letters.c - the letters of pieces and squares, as FEN, UCI and SAN write them: P N B R Q K for
 * White's pieces and p n b r q k for Black's, a1 .. h8 for the squares.
 */
#include "types.h"

static const char piece_chars[] = ".PNBRQK..pnbrqk.";

char rf_piece_to_char(rf_piece piece) { return piece < 16 ? piece_chars[piece] : '?'; }

rf_piece rf_piece_from_char(char c)
{
    for (int i = 1; i < 16; i++)
        if (piece_chars[i] == c && c != '.') return (rf_piece)i;
    return RF_NO_PIECE;
}

void rf_square_name(char buf[3], rf_square sq)
{
    if (sq > 63) {
        buf[0] = '-';
        buf[1] = '\0';
        return;
    }
    buf[0] = (char)('a' + RF_FILE_OF(sq));
    buf[1] = (char)('1' + RF_RANK_OF(sq));
    buf[2] = '\0';
}

rf_square rf_square_parse(const char *s, size_t len)
{
    if (len != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return RF_NO_SQUARE;
    return RF_SQUARE(s[0] - 'a', s[1] - '1');
}

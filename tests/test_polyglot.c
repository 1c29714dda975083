/* test_polyglot.c - Polyglot keys against the key vectors published with the book format. */
#include <rankfile.h>

#include "harness.h"

#include <stdio.h>
#include <string.h>

/* The key after playing the space-separated SAN moves from the start position. */
static uint64_t key_after(const char *moves)
{
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        rf_move m;
        if (!CHECK_MSG(rf_move_from_san(&m, &pos, tok, strlen(tok), NULL) == RF_OK, "%s in %s", tok, moves)) break;
        rf_position_play(&pos, m);
    }
    return rf_polyglot_key(&pos);
}

TEST(published_key_vectors)
{
    CHECK(key_after("") == UINT64_C(0x463b96181691fc9c));
    CHECK(key_after("e4") == UINT64_C(0x823c9b50fd114196));
    CHECK(key_after("e4 d5") == UINT64_C(0x0756b94461c50fb0));
    CHECK(key_after("e4 d5 e5") == UINT64_C(0x662fafb965db29d4));
    CHECK(key_after("e4 d5 e5 f5") == UINT64_C(0x22a48b5a8e47ff78));
    CHECK(key_after("e4 d5 e5 f5 Ke2") == UINT64_C(0x652a607ca3f242c1));
    CHECK(key_after("e4 d5 e5 f5 Ke2 Kf7") == UINT64_C(0x00fdd303c946bdd9));
    CHECK(key_after("a4 b5 h4 b4 c4") == UINT64_C(0x3c8123ea7b067637));
    CHECK(key_after("a4 b5 h4 b4 c4 bxc3 Ra3") == UINT64_C(0x5c3f9b829b279560));
}

/* The same position read from FEN has the same key; an en passant square no pawn can use and
 * the clocks change nothing; the side to move and a castling right do. */
TEST(key_depends_on_what_the_format_says)
{
    rf_position a, b;
    CHECK(rf_position_from_fen(&a, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(rf_polyglot_key(&a) == UINT64_C(0x22a48b5a8e47ff78));
    CHECK(rf_position_from_fen(&b, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 7 9", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(rf_polyglot_key(&b) != rf_polyglot_key(&a));
    CHECK(rf_position_from_fen(&a, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(rf_position_from_fen(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 5 20", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(rf_polyglot_key(&a) == rf_polyglot_key(&b) && rf_polyglot_key(&a) == UINT64_C(0x823c9b50fd114196));
    CHECK(rf_position_from_fen(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kkq - 0 1", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(rf_polyglot_key(&a) != rf_polyglot_key(&b));
}

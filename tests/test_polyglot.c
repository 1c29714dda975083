/* test_polyglot.c - Polyglot keys against the key vectors published with the book format; books
 * (rf_book): sizes, the search on sorted and unsorted keys, entry moves read as python-chess reads
 * them, lookups. */
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

/* ---------------------------------------------------------------------------------------------
 * Books (rf_book)
 * ------------------------------------------------------------------------------------------- */

/* Writes entry i of a book buffer: key, move, weight, learn, big-endian. */
static void put(unsigned char *book, size_t i, uint64_t key, unsigned move, unsigned weight, uint32_t learn)
{
    unsigned char *p = book + i * RF_BOOK_ENTRY_SIZE;
    for (int b = 0; b < 8; b++) p[b] = (unsigned char)(key >> (56 - 8 * b));
    p[8] = (unsigned char)(move >> 8), p[9] = (unsigned char)move;
    p[10] = (unsigned char)(weight >> 8), p[11] = (unsigned char)weight;
    for (int b = 0; b < 4; b++) p[12 + b] = (unsigned char)(learn >> (24 - 8 * b));
}

/* A book move from UCI squares: to bits 0-5, from 6-11, piece bits 12-14 (and bit 15). */
static unsigned raw(const char *uci, unsigned piece)
{
    unsigned from = (unsigned)(uci[0] - 'a') + 8u * (unsigned)(uci[1] - '1');
    unsigned to = (unsigned)(uci[2] - 'a') + 8u * (unsigned)(uci[3] - '1');
    return to | from << 6 | piece << 12;
}

/* The UCI text of rf_book_move's answer ("none" for RF_MOVE_NONE). */
static const char *book_uci(const rf_position *pos, const char *uci, unsigned piece)
{
    static char text[RF_UCI_MAX];
    rf_move m = rf_book_move(pos, raw(uci, piece));
    if (m == RF_MOVE_NONE) return "none";
    rf_move_to_uci(text, sizeof text, pos, m);
    return text;
}

TEST(book_size_entries_and_search)
{
    rf_book book;
    unsigned char bytes[5 * RF_BOOK_ENTRY_SIZE] = {0};
    CHECK_INT(rf_book_init(&book, bytes, 17), RF_ERR_CORRUPT);
    CHECK(book.count == 0 && book.bytes == NULL);
    CHECK_INT(rf_book_init(&book, NULL, 0), RF_OK);
    CHECK(book.count == 0 && rf_book_bisect(&book, 42) == 0 && rf_book_find(&book, 42, NULL) == 0);

    /* sorted: keys 1 3 3 3 7 */
    const uint64_t sorted[5] = {1, 3, 3, 3, 7};
    for (size_t i = 0; i < 5; i++) put(bytes, i, sorted[i], 0x1234 + (unsigned)i, 100 + (unsigned)i, 0xdeadbeef);
    CHECK_INT(rf_book_init(&book, bytes, sizeof bytes), RF_OK);
    CHECK(book.count == 5);
    rf_book_entry e = rf_book_entry_at(&book, 2);
    CHECK(e.key == 3 && e.move == 0x1236 && e.weight == 102 && e.learn == 0xdeadbeef);
    e = rf_book_entry_at(&book, 5);
    CHECK(e.key == 0 && e.move == 0 && e.weight == 0 && e.learn == 0);
    CHECK(rf_book_bisect(&book, 0) == 0 && rf_book_bisect(&book, 3) == 1 && rf_book_bisect(&book, 4) == 4);
    CHECK(rf_book_bisect(&book, 8) == 5 && rf_book_bisect(&book, UINT64_MAX) == 5);
    size_t first = 99;
    CHECK(rf_book_find(&book, 3, &first) == 3 && first == 1);
    CHECK(rf_book_find(&book, 5, &first) == 0 && first == 4);

    /* unsorted: keys 5 1 9 2 7, searched as python-chess's bisect_key_left searches: 1 and 2
     * are in the book but the halving never reaches them */
    const uint64_t unsorted[5] = {5, 1, 9, 2, 7};
    for (size_t i = 0; i < 5; i++) put(bytes, i, unsorted[i], 0, 1, 0);
    CHECK(rf_book_bisect(&book, 2) == 2 && rf_book_find(&book, 2, NULL) == 0);
    CHECK(rf_book_bisect(&book, 1) == 0 && rf_book_find(&book, 1, NULL) == 0);
    CHECK(rf_book_bisect(&book, 9) == 2 && rf_book_find(&book, 9, &first) == 1 && first == 2);
}

TEST(book_moves_read_as_python_chess_reads_them)
{
    rf_position pos;
    CHECK(rf_position_from_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK_STR(book_uci(&pos, "e1h1", 0), "e1g1"); /* the format's castling */
    CHECK_STR(book_uci(&pos, "e1g1", 0), "e1g1"); /* the king's step, outside Chess960 */
    CHECK_STR(book_uci(&pos, "e1a1", 0), "e1c1");
    CHECK_STR(book_uci(&pos, "e1c1", 0), "e1c1");
    CHECK_STR(book_uci(&pos, "e1e2", 0), "e1e2");
    CHECK_STR(book_uci(&pos, "e1e2", 8), "e1e2"); /* bit 15 not looked at */
    CHECK_STR(book_uci(&pos, "e1e2", 4), "none"); /* a piece for a move that promotes nothing */
    CHECK_STR(book_uci(&pos, "e2e4", 0), "none");
    CHECK_STR(book_uci(&pos, "e1e1", 0), "none");
    CHECK(rf_polyglot_move(&pos, raw("e1g1", 0)) == RF_MOVE_NONE); /* the strict reading */
    CHECK(rf_polyglot_move(&pos, raw("e1h1", 0)) == rf_book_move(&pos, raw("e1h1", 0)));

    /* Chess960: castling is the king taking its rook only */
    CHECK(rf_position_from_fen(&pos, "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAh - 0 1", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(pos.chess960);
    CHECK_STR(book_uci(&pos, "b1a1", 0), "b1a1");
    CHECK_STR(book_uci(&pos, "b1h1", 0), "b1h1");
    CHECK_STR(book_uci(&pos, "b1g1", 0), "none");

    /* promotions: 1 knight .. 4 queen; 5 king in Antichess only */
    CHECK(rf_position_from_fen(&pos, "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK_STR(book_uci(&pos, "b7b8", 4), "b7b8q");
    CHECK_STR(book_uci(&pos, "b7b8", 1), "b7b8n");
    CHECK_STR(book_uci(&pos, "b7b8", 0), "none");
    CHECK_STR(book_uci(&pos, "b7b8", 5), "none");
    CHECK(rf_position_from_fen(&pos, "8/1P6/8/8/8/8/6k1/8 w - - 0 1", RF_VARIANT_ANTICHESS, NULL) == RF_OK);
    CHECK_STR(book_uci(&pos, "b7b8", 5), "b7b8k");
    CHECK_STR(book_uci(&pos, "b7b8", 6), "none");

    /* drops: from = to, the piece in bits 12-14 (0 names none) */
    CHECK(rf_position_from_fen(&pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[NBp] w KQkq - 2 3",
                               RF_VARIANT_CRAZYHOUSE, NULL) == RF_OK);
    CHECK_STR(book_uci(&pos, "d4d4", 1), "N@d4");
    CHECK_STR(book_uci(&pos, "d4d4", 2), "B@d4");
    CHECK_STR(book_uci(&pos, "d4d4", 4), "none");
    CHECK_STR(book_uci(&pos, "d4d4", 0), "none");
    CHECK_STR(book_uci(&pos, "e4e4", 1), "none");
}

TEST(book_lookup_keeps_the_legal_entries_in_order)
{
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    uint64_t key = rf_polyglot_key(&pos);
    unsigned char bytes[6 * RF_BOOK_ENTRY_SIZE];
    put(bytes, 0, key - 1, raw("a2a4", 0), 9, 0);
    put(bytes, 1, key, raw("e2e4", 0), 120, 1);
    put(bytes, 2, key, raw("e2e5", 0), 5, 2); /* no legal move */
    put(bytes, 3, key, raw("d2d4", 0), 80, 3);
    put(bytes, 4, key, raw("c2c4", 0), 0, 4); /* weight 0 */
    put(bytes, 5, key + 1, raw("a2a4", 0), 9, 0);
    rf_book book;
    CHECK_INT(rf_book_init(&book, bytes, sizeof bytes), RF_OK);
    rf_book_hit hits[4];
    size_t skipped = 99;
    CHECK(rf_book_lookup(hits, 4, &book, &pos, key, 1, &skipped) == 2 && skipped == 1);
    CHECK(hits[0].entry.weight == 120 && hits[0].entry.learn == 1 && hits[1].entry.weight == 80);
    CHECK(hits[0].move == rf_book_move(&pos, raw("e2e4", 0)) && hits[1].move == rf_book_move(&pos, raw("d2d4", 0)));
    CHECK(rf_book_lookup(hits, 4, &book, &pos, key, 0, &skipped) == 3 && skipped == 1 && hits[2].entry.learn == 4);
    CHECK(rf_book_lookup(hits, 4, &book, &pos, key, 100, &skipped) == 1 && skipped == 0);
    CHECK(rf_book_lookup(hits, 4, &book, &pos, key, 65536, NULL) == 0);
    /* a small out: the count all the same, the first stored */
    hits[1].entry.weight = 7;
    CHECK(rf_book_lookup(hits, 1, &book, &pos, key, 0, NULL) == 3 && hits[0].entry.weight == 120 && hits[1].entry.weight == 7);
    CHECK(rf_book_lookup(NULL, 0, &book, &pos, key, 0, NULL) == 3);
    CHECK(rf_book_lookup(hits, 4, &book, &pos, key + 2, 0, &skipped) == 0 && skipped == 0);
}

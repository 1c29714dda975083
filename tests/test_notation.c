/* UCI and SAN: every legal move of the perft suites' positions survives a round trip through
 * both notations in both castling modes; disambiguation, check signs, lenient SAN, castling in
 * both UCI forms, and the three kinds of error. */
#include "harness.h"
#include "perft_file.h"
#include "rankfile.h"

#include <stdlib.h>

/* The position of a FEN in standard chess; flags: RF_PARSE_* (Chess960 mode forced). */
static rf_position at(const char *fen, unsigned flags)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_parse(&pos, fen, strlen(fen), RF_VARIANT_STANDARD, flags, RF_ACCEPT_DEFAULT, &err) == RF_OK,
                   "%s: %s", fen, err.message))
        rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    return pos;
}

static char text[64];

/* The SAN of the move that UCI text names, or "(error)". */
static const char *san_of(const char *fen, const char *uci)
{
    rf_position pos = at(fen, 0);
    rf_move m;
    if (rf_move_from_uci(&m, &pos, uci, strlen(uci), NULL) != RF_OK) return "(error)";
    rf_move_to_san(text, sizeof text, &pos, m);
    return text;
}

/* The UCI of the move that SAN (or any text rf_move_parse reads) names, or the error status. */
static const char *read_as(const char *fen, unsigned flags, const char *san, int parse)
{
    rf_position pos = at(fen, flags);
    rf_move m;
    rf_error err;
    rf_status st = parse ? rf_move_parse(&m, &pos, san, strlen(san), &err)
                         : rf_move_from_san(&m, &pos, san, strlen(san), &err);
    if (st != RF_OK) {
        snprintf(text, sizeof text, "(%s)", rf_strerror(st));
        CHECK_MSG(m == RF_MOVE_NONE && err.status == st && err.field == RF_FIELD_MOVE &&
                      strchr(err.message, '\n') == NULL && strncmp(err.message, "move: '", 7) == 0,
                  "'%s': error fields: %s", san, err.message);
        return text;
    }
    rf_move_to_uci(text, sizeof text, &pos, m);
    return text;
}

static const char *from_san(const char *fen, const char *san) { return read_as(fen, 0, san, 0); }
static const char *parse(const char *fen, const char *san) { return read_as(fen, 0, san, 1); }

static const char *from_uci(const char *fen, unsigned flags, const char *uci)
{
    rf_position pos = at(fen, flags);
    rf_move m;
    rf_error err;
    rf_status st = rf_move_from_uci(&m, &pos, uci, strlen(uci), &err);
    if (st != RF_OK) {
        snprintf(text, sizeof text, "(%s)", rf_strerror(st));
        CHECK_MSG(err.field == RF_FIELD_MOVE && m == RF_MOVE_NONE, "'%s': %s", uci, err.message);
        return text;
    }
    char uci_text[RF_UCI_MAX];
    rf_move_to_uci(uci_text, sizeof uci_text, &pos, m);
    snprintf(text, sizeof text, "%s%s", uci_text,
             RF_MOVE_KIND(m) == RF_MOVE_CASTLING ? " castling" : "");
    return text;
}

static const char *message(const char *fen, const char *move)
{
    rf_position pos = at(fen, 0);
    rf_move m;
    static rf_error err;
    if (rf_move_parse(&m, &pos, move, strlen(move), &err) == RF_OK) return "(ok)";
    return err.message;
}

static long moves_checked;

/* Every legal move of pos: SAN and UCI are read back as the same move, through the notation's
 * own reader and through rf_move_parse; no two moves share a text; the check sign is right. */
static void roundtrip(const rf_position *pos, const char *where)
{
    rf_movelist list;
    rf_generate_moves(&list, pos);
    char sans[RF_MAX_MOVES][RF_SAN_MAX], ucis[RF_MAX_MOVES][RF_UCI_MAX];
    for (unsigned i = 0; i < list.count; i++) {
        rf_move m = list.moves[i], back = RF_MOVE_NONE;
        rf_error err;
        size_t n = rf_move_to_san(sans[i], sizeof sans[i], pos, m);
        CHECK_MSG(n == strlen(sans[i]) && n >= 2 && n < RF_SAN_MAX, "%s: SAN length %zu", where, n);
        CHECK_MSG(rf_move_from_san(&back, pos, sans[i], n, &err) == RF_OK && back == m,
                  "%s: SAN %s: %s", where, sans[i], err.message);
        CHECK_MSG(rf_move_parse(&back, pos, sans[i], n, &err) == RF_OK && back == m,
                  "%s: parse SAN %s: %s", where, sans[i], err.message);
        n = rf_move_to_uci(ucis[i], sizeof ucis[i], pos, m);
        CHECK_MSG(n == strlen(ucis[i]) && (n == 4 || n == 5), "%s: UCI length %zu", where, n);
        CHECK_MSG(rf_move_from_uci(&back, pos, ucis[i], n, &err) == RF_OK && back == m,
                  "%s: UCI %s: %s", where, ucis[i], err.message);
        CHECK_MSG(rf_move_parse(&back, pos, ucis[i], n, &err) == RF_OK && back == m,
                  "%s: parse UCI %s: %s", where, ucis[i], err.message);

        /* The check sign says what the position after the move is. */
        rf_position after = *pos;
        rf_position_play(&after, m);
        char last = sans[i][strlen(sans[i]) - 1];
        int mate = rf_position_is_checkmate(&after), check = rf_position_is_check(&after);
        CHECK_MSG((last == '#') == mate && (last == '+') == (check && !mate), "%s: %s", where,
                  sans[i]);

        /* Castling: in Chess960 mode the king's destination square is read as castling too,
         * unless a legal move has exactly that from and to square. */
        if (RF_MOVE_KIND(m) == RF_MOVE_CASTLING) {
            rf_square from = RF_MOVE_FROM(m);
            rf_square kto = RF_SQUARE(RF_MOVE_TO(m) > from ? 6 : 2, RF_RANK_OF(from));
            char alt[RF_UCI_MAX];
            rf_square_name(alt, from);
            rf_square_name(alt + 2, kto);
            int plain = 0;
            for (unsigned j = 0; j < list.count; j++)
                plain |= RF_MOVE_FROM(list.moves[j]) == from && RF_MOVE_TO(list.moves[j]) == kto &&
                         RF_MOVE_KIND(list.moves[j]) != RF_MOVE_CASTLING;
            rf_status st = rf_move_from_uci(&back, pos, alt, 4, &err);
            if (plain)
                CHECK_MSG(st == RF_OK && RF_MOVE_KIND(back) != RF_MOVE_CASTLING, "%s: %s", where, alt);
            else
                CHECK_MSG(st == RF_OK && back == m, "%s: king-destination %s: %s", where, alt, err.message);
        }
        moves_checked++;
    }
    for (unsigned i = 0; i < list.count; i++)
        for (unsigned j = 0; j < i; j++) {
            CHECK_MSG(strcmp(sans[i], sans[j]) != 0, "%s: two moves are %s", where, sans[i]);
            CHECK_MSG(strcmp(ucis[i], ucis[j]) != 0, "%s: two moves are %s", where, ucis[i]);
        }
}

/* Round trips for the first `limit` positions of a perft file, and of the positions one move
 * further (so that the replies, with their checks and captures, are covered as well). */
static int suite_of(const char *name, int limit, unsigned flags, rf_variant variant)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", RF_TEST_DATA, name);
    int n, positions = 0;
    perft_record *recs = perft_file_load(path, &n);
    if (!CHECK_MSG(recs != NULL, "cannot read %s", path)) return 0;
    for (int r = 0; r < n && positions < limit; r++) {
        rf_position pos;
        if (variant == RF_VARIANT_STANDARD)
            pos = at(recs[r].fen, flags);
        else
            CHECK_MSG(rf_position_parse(&pos, recs[r].fen, strlen(recs[r].fen), variant, flags, RF_ACCEPT_DEFAULT,
                                        NULL) == RF_OK,
                      "%s", recs[r].fen);
        char where[600];
        snprintf(where, sizeof where, "%s [%s]", recs[r].fen, flags ? "chess960" : "detected");
        roundtrip(&pos, where);
        rf_movelist list;
        rf_generate_moves(&list, &pos);
        for (unsigned i = 0; i < list.count; i += 7) {
            rf_position next = pos;
            rf_position_play(&next, list.moves[i]);
            roundtrip(&next, where);
        }
        positions++;
    }
    free(recs);
    return positions;
}

static int suite(const char *name, int limit, unsigned flags)
{
    return suite_of(name, limit, flags, RF_VARIANT_STANDARD);
}

/* Every legal move of the suites: tricky in full, the first 300 of the others; Chess960
 * positions in detected and forced Chess960 mode. */
TEST(every_move_of_the_suites_round_trips)
{
    int limit = HARNESS_SCALE(300);
    int n = suite("tricky.perft", 1 << 30, 0);
    n += suite("random.perft", limit, 0);
    n += suite("chess960.perft", limit, 0);
    n += suite("chess960.perft", limit, RF_PARSE_CHESS960);
    n += suite("tricky.perft", 1 << 30, RF_PARSE_CHESS960);
    printf("%d positions, %ld moves\n", n, moves_checked);
    CHECK(n > 3 * limit && moves_checked > 300L * limit);
}

/* Crazyhouse's drops, written "N@f3" in UCI and SAN, read back in both. */
TEST(every_move_of_the_crazyhouse_suite_round_trips)
{
    long before = moves_checked;
    int n = suite_of("crazyhouse.perft", 1 << 30, 0, RF_VARIANT_CRAZYHOUSE);
    printf("%d positions, %ld moves\n", n, moves_checked - before);
    CHECK(n >= 11 && moves_checked - before > 1000);
}

/* A drop and a promotion to a king, in the 16-bit move and in both notations. */
TEST(drops_and_king_promotions)
{
    rf_position pos;
    char buf[16];
    rf_move m = RF_MOVE_MAKE_DROP(RF_SQUARE(3, 0), RF_KNIGHT), back;
    CHECK(RF_MOVE_IS_DROP(m) && RF_MOVE_KIND(m) == RF_MOVE_DROP && RF_MOVE_DROPPED(m) == RF_KNIGHT);
    CHECK(RF_MOVE_TO(m) == RF_SQUARE(3, 0));
    rf_move k = RF_MOVE_MAKE_PROMOTION(RF_SQUARE(0, 6), RF_SQUARE(0, 7), RF_KING);
    CHECK(!RF_MOVE_IS_DROP(k) && RF_MOVE_KIND(k) == RF_MOVE_PROMOTION && RF_MOVE_PROMOTED(k) == RF_KING);
    rf_move q = RF_MOVE_MAKE_PROMOTION(RF_SQUARE(0, 6), RF_SQUARE(0, 7), RF_QUEEN);
    CHECK(RF_MOVE_KIND(q) == RF_MOVE_PROMOTION && RF_MOVE_PROMOTED(q) == RF_QUEEN && k != q);
    rf_move_to_uci(buf, sizeof buf, NULL, k);
    CHECK_STR(buf, "a7a8k");
    CHECK(!RF_MOVE_IS_DROP(RF_MOVE_NONE));

    CHECK(rf_position_from_fen(&pos, "4k3/8/8/8/8/8/8/r3K3[NPn] w - - 0 1", RF_VARIANT_CRAZYHOUSE, NULL) == RF_OK);
    rf_move_to_uci(buf, sizeof buf, &pos, m);
    CHECK_STR(buf, "N@d1");
    rf_move_to_san(buf, sizeof buf, &pos, m);
    CHECK_STR(buf, "N@d1");
    CHECK(rf_move_from_uci(&back, &pos, "n@d1", 4, NULL) == RF_OK && back == m);
    CHECK(rf_move_from_san(&back, &pos, "N@d1!?", 6, NULL) == RF_OK && back == m);
    CHECK(rf_move_parse(&back, &pos, "N@d1", 4, NULL) == RF_OK && back == m);
    /* In check from a distance: drops only in between, never a pawn on the first rank. */
    CHECK(rf_move_parse(&back, &pos, "N@e2", 4, NULL) == RF_ERR_ILLEGAL);
    CHECK(rf_move_parse(&back, &pos, "P@d1", 4, NULL) == RF_ERR_ILLEGAL);
    CHECK(rf_move_parse(&back, &pos, "Q@d1", 4, NULL) == RF_ERR_ILLEGAL);
    CHECK(rf_move_from_uci(&back, &pos, "N@d9", 4, NULL) == RF_ERR_SYNTAX);
    CHECK(rf_move_from_uci(&back, &pos, "X@d1", 4, NULL) == RF_ERR_SYNTAX);
    CHECK(rf_move_from_san(&back, &pos, "N@", 2, NULL) == RF_ERR_SYNTAX);
    /* A pawn: "P@e4", also read as "@e4". */
    CHECK(rf_position_from_fen(&pos, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", RF_VARIANT_CRAZYHOUSE, NULL) == RF_OK);
    rf_move p = RF_MOVE_MAKE_DROP(RF_SQUARE(4, 3), RF_PAWN);
    rf_move_to_san(buf, sizeof buf, &pos, p);
    CHECK_STR(buf, "P@e4");
    CHECK(rf_move_from_san(&back, &pos, "@e4", 3, NULL) == RF_OK && back == p);
    CHECK(rf_move_from_uci(&back, &pos, "P@e4", 4, NULL) == RF_OK && back == p);
    /* A drop in a variant without pockets is no legal move. */
    CHECK(rf_position_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK(rf_move_parse(&back, &pos, "N@e4", 4, NULL) == RF_ERR_ILLEGAL);
    CHECK(!rf_move_is_legal(&pos, RF_MOVE_MAKE_DROP(RF_SQUARE(4, 3), RF_KNIGHT)));
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define PROMO "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"

TEST(uci_out)
{
    /* Castling by mode, promotions lower case, the null move, a short buffer. */
    rf_position pos = at(START, 0);
    char buf[16];
    const char *castle = CASTLE;
    rf_position c = at(castle, 0), c960 = at(castle, RF_PARSE_CHESS960);
    rf_move oo = RF_MOVE_MAKE_KIND(RF_SQUARE(4, 0), RF_SQUARE(7, 0), RF_MOVE_CASTLING);
    rf_move ooo = RF_MOVE_MAKE_KIND(RF_SQUARE(4, 0), RF_SQUARE(0, 0), RF_MOVE_CASTLING);
    rf_move_to_uci(buf, sizeof buf, &c, oo);
    CHECK_STR(buf, "e1g1");
    rf_move_to_uci(buf, sizeof buf, &c, ooo);
    CHECK_STR(buf, "e1c1");
    rf_move_to_uci(buf, sizeof buf, &c960, oo);
    CHECK_STR(buf, "e1h1");
    rf_move_to_uci(buf, sizeof buf, &c960, ooo);
    CHECK_STR(buf, "e1a1");
    rf_move_to_uci(buf, sizeof buf, &pos, RF_MOVE_MAKE_PROMOTION(RF_SQUARE(4, 6), RF_SQUARE(4, 7), RF_QUEEN));
    CHECK_STR(buf, "e7e8q");
    rf_move_to_uci(buf, sizeof buf, &pos, RF_MOVE_MAKE_PROMOTION(RF_SQUARE(1, 1), RF_SQUARE(0, 0), RF_KNIGHT));
    CHECK_STR(buf, "b2a1n");
    CHECK_INT(rf_move_to_uci(buf, sizeof buf, &pos, RF_MOVE_NONE), 4);
    CHECK_STR(buf, "0000");
    CHECK_INT(rf_move_to_uci(buf, 3, &pos, RF_MOVE_MAKE(RF_SQUARE(4, 1), RF_SQUARE(4, 3))), 4);
    CHECK_STR(buf, "e2");
    CHECK_INT(rf_move_to_uci(NULL, 0, &pos, RF_MOVE_MAKE(RF_SQUARE(4, 1), RF_SQUARE(4, 3))), 4);

}

TEST(uci_in_castling_forms_and_promotion_letters)
{
    const char *castle = CASTLE;
    /* UCI in: both castling forms in both modes; upper-case promotion letters. */
    CHECK_STR(from_uci(castle, 0, "e1g1"), "e1g1 castling");
    CHECK_STR(from_uci(castle, 0, "e1h1"), "e1g1 castling");
    CHECK_STR(from_uci(castle, 0, "e1c1"), "e1c1 castling");
    CHECK_STR(from_uci(castle, 0, "e1a1"), "e1c1 castling");
    CHECK_STR(from_uci(castle, RF_PARSE_CHESS960, "e1h1"), "e1h1 castling");
    CHECK_STR(from_uci(castle, RF_PARSE_CHESS960, "e1g1"), "e1h1 castling");
    CHECK_STR(from_uci(castle, RF_PARSE_CHESS960, "e1c1"), "e1a1 castling");
    CHECK_STR(from_uci(castle, 0, "e1f1"), "e1f1");
    CHECK_STR(from_uci(castle, 0, " e1g1\n"), "e1g1 castling");
}

TEST(uci_in_chess960_king_step_versus_castling)
{
    /* Chess960: a king on f1 steps to g1, so f1g1 is that step and castling is f1h1; f1c1, no
     * king step, is castling. A king on b1 steps to c1 likewise. */
    const char *kf1 = "4k3/8/8/8/8/8/8/R4K1R w HA - 0 1";
    CHECK_STR(from_uci(kf1, 0, "f1g1"), "f1g1");
    CHECK_STR(from_uci(kf1, 0, "f1h1"), "f1h1 castling");
    CHECK_STR(from_uci(kf1, 0, "f1c1"), "f1a1 castling");
    const char *kb1 = "4k3/8/8/8/8/8/2P5/RK4R1 w GA - 0 1";
    CHECK_STR(from_uci(kb1, 0, "b1c1"), "b1c1");
    CHECK_STR(from_uci("4k3/8/8/8/8/8/8/RK1B2R1 w GA - 0 1", 0, "b1c1"), "b1c1");
    CHECK_STR(from_uci("4k3/8/8/8/8/8/8/RK1B2R1 w GA - 0 1", 0, "b1a1"), "(illegal move)");
    CHECK_STR(from_uci("4k3/8/8/8/8/8/8/RK1B2R1 w GA - 0 1", 0, "b1g1"), "(illegal move)");
    CHECK_STR(from_uci("4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1", 0, "b1a1"), "b1a1 castling");
    CHECK_STR(from_uci("4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1", 0, "b1g1"), "b1g1 castling");
    CHECK_STR(from_uci("4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1", 0, "b1c1"), "b1c1");
}

TEST(uci_in_promotions_and_errors)
{
    const char *start = START;
    const char *promo = PROMO;
    CHECK_STR(from_uci(promo, 0, "a7a8q"), "a7a8q");
    CHECK_STR(from_uci(promo, 0, "a7b8N"), "a7b8n");
    CHECK_STR(from_uci(promo, 0, "a7a8"), "(ambiguous move)");
    CHECK_STR(from_uci(start, 0, "e2e4q"), "(illegal move)");
    CHECK_STR(from_uci(start, 0, "e2e5"), "(illegal move)");
    CHECK_STR(from_uci(start, 0, "0000"), "0000"); /* the null move */
    CHECK_STR(from_uci(start, 0, "00000"), "(syntax error)");
    CHECK_STR(from_uci(start, 0, "e2e9"), "(syntax error)");
    CHECK_STR(from_uci(start, 0, "e2e4k"), "(illegal move)"); /* k: an Antichess promotion */
    CHECK_STR(from_uci(start, 0, "e2e4x"), "(syntax error)");
    CHECK_STR(from_uci(start, 0, "Nf3"), "(syntax error)");
    CHECK_STR(from_uci(start, 0, ""), "(syntax error)");
    CHECK_STR(from_uci(start, 0, "e2e4e"), "(syntax error)");

}

TEST(san_out_disambiguation)
{
    /* SAN out: disambiguation only among legal moves; file, then rank, then both. */
    CHECK_STR(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
    CHECK_STR(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2"), "Nfd2");
    CHECK_STR(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    CHECK_STR(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3"), "R5a3");
    CHECK_STR(san_of("8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "h4e1"), "Qh4e1");
    CHECK_STR(san_of("8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "e4e1"), "Qee1");
    CHECK_STR(san_of("8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "h1e1"), "Q1e1");
    CHECK_STR(san_of("8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "h4e7"), "Qhe7");
    CHECK_STR(san_of("8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "h4h8"), "Qh8");
    /* The knight on f3 is pinned (bishop h5, king d1): Nb1-d2 needs no disambiguation. */
    CHECK_STR(san_of("4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1", "b1d2"), "Nd2");
    CHECK_STR(san_of("4k3/8/8/8/8/5N2/8/1N1K4 w - - 0 1", "b1d2"), "Nbd2");
}

TEST(san_out_pawns_castling_and_signs)
{
    const char *castle = CASTLE;
    rf_position pos = at(START, 0);
    char buf[16];
    /* Pawns: captures with the file, en passant, promotions, check and mate signs. */
    CHECK_STR(san_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    CHECK_STR(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    CHECK_STR(san_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), "bxa8=Q+");
    CHECK_STR(san_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"), "b8=N");
    CHECK_STR(san_of("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
    CHECK_STR(san_of("6rk/6pp/8/6N1/8/8/8/4K3 w - - 0 1", "g5f7"), "Nf7#");
    CHECK_STR(san_of(castle, "e1g1"), "O-O");
    CHECK_STR(san_of(castle, "e1c1"), "O-O-O");
    CHECK_STR(san_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "O-O-O+");
    CHECK_STR(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
    CHECK_INT(rf_move_to_san(buf, sizeof buf, &pos, RF_MOVE_NONE), 2);
    CHECK_STR(buf, "--");
    CHECK_INT(rf_move_to_san(buf, sizeof buf, &pos, RF_MOVE_MAKE(RF_SQUARE(4, 1), RF_SQUARE(4, 4))), 2);
    CHECK_STR(buf, "--");
    CHECK_INT(rf_move_to_san(buf, 2, &pos, RF_MOVE_MAKE(RF_SQUARE(6, 0), RF_SQUARE(5, 2))), 3);
    CHECK_STR(buf, "N");

}

TEST(san_in_lenient_forms)
{
    const char *start = START, *castle = CASTLE, *promo = PROMO;
    /* SAN in, leniently. */
    CHECK_STR(from_san(start, "e4"), "e2e4");
    CHECK_STR(from_san(start, "  Nf3  "), "g1f3");
    CHECK_STR(from_san(start, "Nf3+"), "g1f3");
    CHECK_STR(from_san(start, "Nf3#"), "g1f3");
    CHECK_STR(from_san(start, "Nf3!?"), "g1f3");
    CHECK_STR(from_san(start, "Nf3??+"), "g1f3");
    CHECK_STR(from_san(start, "Ngf3"), "g1f3");
    CHECK_STR(from_san(start, "N1f3"), "g1f3");
    CHECK_STR(from_san(start, "Ng1f3"), "g1f3");
    CHECK_STR(from_san(start, "Ng1-f3"), "g1f3");
    CHECK_STR(from_san(start, "Ng1xf3"), "g1f3");
    CHECK_STR(from_san(start, "nf3"), "g1f3");
    CHECK_STR(from_san(start, "e2e4"), "e2e4");
    CHECK_STR(from_san(start, "e2-e4"), "e2e4");
    CHECK_STR(from_san(start, "Pe4"), "e2e4");
    CHECK_STR(from_san(castle, "O-O"), "e1g1");
    CHECK_STR(from_san(castle, "0-0"), "e1g1");
    CHECK_STR(from_san(castle, "o-o"), "e1g1");
    CHECK_STR(from_san(castle, "O-O-O"), "e1c1");
    CHECK_STR(from_san(castle, "0-0-0+"), "e1c1");
    CHECK_STR(read_as(castle, RF_PARSE_CHESS960, "O-O", 0), "e1h1");
    CHECK_STR(from_san(promo, "a8=Q"), "a7a8q");
    CHECK_STR(from_san(promo, "a8Q"), "a7a8q");
    CHECK_STR(from_san(promo, "a8q"), "a7a8q");
    CHECK_STR(from_san(promo, "axb8=N"), "a7b8n");
    CHECK_STR(from_san(promo, "ab8N"), "a7b8n");
    CHECK_STR(from_san(promo, "a8=B+"), "a7a8b");
    CHECK_STR(from_san(promo, "a8"), "(ambiguous move)");
    CHECK_STR(from_san(promo, "a8=K"), "(illegal move)");
    CHECK_STR(from_san(promo, "a8="), "(syntax error)");
    const char *ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    CHECK_STR(from_san(ep, "exd6"), "e5d6");
    CHECK_STR(from_san(ep, "exd6 e.p."), "e5d6");
    CHECK_STR(from_san(ep, "exd6e.p.+"), "e5d6");
    CHECK_STR(from_san(ep, "ed6"), "e5d6");
    CHECK_STR(from_san(ep, "d6"), "(illegal move)"); /* a push, and d6 is not one */
}

TEST(san_in_b_file_versus_bishop)
{
    /* Lower-case b is a file, upper-case B a bishop. */
    const char *bb = "4k3/8/8/8/8/1Pp5/8/B3K3 w - - 0 1";
    CHECK_STR(from_san(bb, "bxc4"), "(illegal move)");
    CHECK_STR(from_san("4k3/8/8/8/2p5/1P6/8/B3K3 w - - 0 1", "bxc4"), "b3c4");
    CHECK_STR(from_san(bb, "Bxc3"), "a1c3");
    CHECK_STR(from_san(bb, "bxc3"), "(illegal move)");
    CHECK_STR(from_san(bb, "b4"), "b3b4");
    CHECK_STR(from_san(bb, "Bb2"), "a1b2");
    CHECK_STR(from_san("4k3/8/8/8/2p5/1P6/8/5B1K w - - 0 1", "bc4"), "b3c4");
    CHECK_STR(from_san("4k3/8/8/8/2p5/1P6/8/5B1K w - - 0 1", "Bc4"), "f1c4");
    CHECK_STR(from_san("4k3/8/8/8/2p5/1P6/8/5B1K w - - 0 1", "Bxc4"), "f1c4");

}

TEST(parse_reads_either_notation)
{
    const char *start = START, *castle = CASTLE, *promo = PROMO;
    /* rf_move_parse: either notation. */
    CHECK_STR(parse(start, "e2e4"), "e2e4");
    CHECK_STR(parse(start, "g1f3"), "g1f3");
    CHECK_STR(parse(start, "Nf3"), "g1f3");
    CHECK_STR(parse(start, "e4"), "e2e4");
    CHECK_STR(parse(castle, "e1h1"), "e1g1");
    CHECK_STR(parse(castle, "O-O-O"), "e1c1");
    CHECK_STR(parse(start, "e2e5"), "(illegal move)");
    CHECK_STR(parse(start, "0000"), "0000");
    CHECK_STR(parse(start, "--"), "0000");
    CHECK_STR(parse(promo, "a7a8"), "(ambiguous move)");

}

/* The null move: read in its four spellings, written "--" and "0000", played as a pass. */
TEST(null_move_read_and_written)
{
    const char *start = START;
    static const char *const spellings[] = {"--", "Z0", "0000", "@@@@", " -- ", "Z0!", "--?"};
    for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
        CHECK_STR(from_san(start, spellings[i]), "0000");
        CHECK_STR(parse(start, spellings[i]), "0000");
    }
    CHECK_STR(from_uci(start, 0, "0000"), "0000");
    CHECK_STR(from_uci(start, 0, "--"), "(syntax error)"); /* UCI writes it 0000 alone */
    CHECK_STR(from_san(start, "z0"), "(syntax error)");
    CHECK_STR(from_san(start, "---"), "(syntax error)");

    rf_position pos = at(start, 0);
    char buf[16];
    CHECK_INT(rf_move_to_san(buf, sizeof buf, &pos, RF_MOVE_NULL), 2);
    CHECK_STR(buf, "--");
    CHECK_INT(rf_move_to_uci(buf, sizeof buf, &pos, RF_MOVE_NULL), 4);
    CHECK_STR(buf, "0000");
    CHECK_INT(rf_move_to_uci(buf, sizeof buf, NULL, RF_MOVE_NULL), 4);
    CHECK(RF_MOVE_KIND(RF_MOVE_NULL) == RF_MOVE_PASS);
    CHECK(!RF_MOVE_IS_DROP(RF_MOVE_NULL));
    CHECK(RF_MOVE_NULL != RF_MOVE_NONE);
    CHECK(RF_MOVE_KIND(RF_MOVE_NONE) == RF_MOVE_NORMAL);
    CHECK(RF_MOVE_KIND(RF_MOVE_MAKE_DROP(RF_SQUARE(7, 7), RF_QUEEN)) == RF_MOVE_DROP);
    CHECK_INT(rf_move_is_legal(&pos, RF_MOVE_NULL), 1);
    CHECK_INT(rf_move_is_legal(&pos, RF_MOVE_NONE), 0);
    /* Never generated: no legal move list holds it. */
    rf_movelist list;
    rf_generate_moves(&list, &pos);
    for (unsigned i = 0; i < list.count; i++) CHECK(list.moves[i] != RF_MOVE_NULL);
}

TEST(null_move_refused_in_check_and_after_the_end)
{
    const char *check = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    CHECK_STR(from_san(check, "--"), "(illegal move)");
    CHECK_STR(from_uci(check, 0, "0000"), "(illegal move)");
    CHECK_STR(message(check, "Z0"), "move: 'Z0' (the null move) is not legal: white is in check");
    CHECK_STR(message("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "--"),
              "move: '--' (the null move) is not legal: white is in check");
    CHECK_STR(message("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "0000"),
              "move: '0000' (the null move) is not legal: black has no legal move (the game is over)");
    rf_position pos = at(check, 0);
    CHECK_INT(rf_move_is_legal(&pos, RF_MOVE_NULL), 0);
    /* Variants: Atomic counts its own checks (touching kings give none), Antichess has none. */
    rf_position v;
    CHECK(rf_position_from_fen(&v, "8/8/8/8/8/3k4/3K4/3r4 w - - 0 1", RF_VARIANT_ATOMIC, NULL) == RF_OK);
    CHECK_INT(rf_move_is_legal(&v, RF_MOVE_NULL), 1);
    CHECK(rf_position_from_fen(&v, "4k3/8/8/8/8/8/4r3/K7 w - - 0 1", RF_VARIANT_ATOMIC, NULL) == RF_OK);
    CHECK_INT(rf_move_is_legal(&v, RF_MOVE_NULL), 1);
    CHECK(rf_position_from_fen(&v, "4k3/8/8/8/8/8/r7/K7 w - - 0 1", RF_VARIANT_ATOMIC, NULL) == RF_OK);
    CHECK_INT(rf_move_is_legal(&v, RF_MOVE_NULL), 0);
    CHECK(rf_position_from_fen(&v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", RF_VARIANT_ANTICHESS, NULL) == RF_OK);
    CHECK_INT(rf_move_is_legal(&v, RF_MOVE_NULL), 1);
    CHECK(rf_position_from_fen(&v, "8/8/8/8/8/8/8/4K2k w - - 0 1", RF_VARIANT_KINGOFTHEHILL, NULL) == RF_OK);
    CHECK_INT(rf_move_is_legal(&v, RF_MOVE_NULL), 1);
    CHECK(rf_position_from_fen(&v, "8/8/8/3K4/8/8/8/7k b - - 0 1", RF_VARIANT_KINGOFTHEHILL, NULL) == RF_OK);
    CHECK_INT(rf_move_is_legal(&v, RF_MOVE_NULL), 0); /* White's king is on the hill: over */
}

/* The position after a null move: the FEN `after`, key and all (the key must equal that of the
 * position read from the FEN). */
static void check_pass(const char *fen, rf_variant variant, const char *after)
{
    rf_position pos, want;
    if (!CHECK(rf_position_from_fen(&pos, fen, variant, NULL) == RF_OK)) return;
    if (!CHECK(rf_position_from_fen(&want, after, variant, NULL) == RF_OK)) return;
    CHECK_INT(rf_move_is_legal(&pos, RF_MOVE_NULL), 1);
    rf_position_play(&pos, RF_MOVE_NULL);
    char got[RF_FEN_MAX];
    rf_position_to_fen(got, sizeof got, &pos, 0);
    CHECK_STR(got, after);
    CHECK_MSG(rf_position_equal(&pos, &want) && pos.key == want.key && pos.ep_legal == want.ep_legal,
              "%s: key %016llx, want %016llx", fen, (unsigned long long)pos.key,
              (unsigned long long)want.key);
}

TEST(null_move_played)
{
    /* En passant cleared (a legal capture was there: the key changes with it), clocks advance. */
    check_pass("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", RF_VARIANT_STANDARD,
               "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3");
    check_pass("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3", RF_VARIANT_STANDARD,
               "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 2 4");
    /* Castling rights, pockets and check counters stay. */
    check_pass("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 7 20", RF_VARIANT_STANDARD,
               "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 8 21");
    check_pass("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1", RF_VARIANT_CRAZYHOUSE,
               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] b KQkq - 1 1");
    check_pass("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1", RF_VARIANT_THREECHECK,
               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 2+1 1 1");
    check_pass("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", RF_VARIANT_RACINGKINGS,
               "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 1 1");

    /* Two passes make the same position again: a repetition, by the key. */
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    rf_game game;
    rf_game_start(&game, &start);
    for (int i = 0; i < 4; i++) rf_game_play(&game, RF_MOVE_NULL);
    CHECK_INT(rf_game_repetitions(&game), 3);
    CHECK(rf_game_outcome(&game).claims & RF_CLAIM_THREEFOLD_REPETITION);
    CHECK(game.pos.key == start.key);
    CHECK_INT(game.pos.halfmove, 4);
    CHECK_INT(game.pos.fullmove, 3);

    /* Marks and explosions: a pass moves and blows up nothing. */
    rf_position atomic;
    CHECK(rf_position_from_fen(&atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                               RF_VARIANT_ATOMIC, NULL) == RF_OK);
    rf_explosion ex;
    rf_atomic_explosion(&ex, &atomic, RF_MOVE_NULL);
    CHECK(ex.center == RF_NO_SQUARE && ex.lost_count == 0);
    rf_position after = atomic;
    rf_position_play(&after, RF_MOVE_NULL);
    rf_render_options opt = {0};
    rf_render_mark(&opt, &after, &atomic, RF_MOVE_NULL);
    CHECK(opt.last_move == 0 && opt.explosion == 0 && opt.check == 0);
}

/* Long algebraic movetext (UCI's form) is read as SAN too, whatever piece moves. */
TEST(san_reads_long_algebraic)
{
    const char *start = START, *castle = CASTLE, *promo = PROMO;
    CHECK_STR(from_san(start, "g1f3"), "g1f3");
    CHECK_STR(from_san(start, "g1-f3"), "g1f3");
    CHECK_STR(from_san(start, "g1f3+"), "g1f3");
    CHECK_STR(from_san(start, "e2e4"), "e2e4");
    CHECK_STR(from_san(castle, "e1g1"), "e1g1");
    CHECK_STR(from_san(castle, "e1h1"), "e1g1");
    CHECK_STR(from_san(castle, "e1c1"), "e1c1");
    CHECK_STR(from_san(promo, "a7a8q"), "a7a8q");
    CHECK_STR(from_san(promo, "a7a8=N"), "a7a8n");
    CHECK_STR(from_san(promo, "a7a8"), "(ambiguous move)");
    CHECK_STR(from_san(start, "g1g3"), "(illegal move)");
    CHECK_STR(from_san(start, "Pg1f3"), "(illegal move)"); /* a letter: that piece only */
}

TEST(error_messages)
{
    const char *start = START, *promo = PROMO;
    rf_position pos = at(START, 0);
    /* The three errors, each with its message. */
    const char *two = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    CHECK_STR(message(two, "Nd2"), "move: 'Nd2' is ambiguous (Nbd2, Nfd2)");
    CHECK_STR(message(two, "Nd2+"), "move: 'Nd2+' is ambiguous (Nbd2, Nfd2)");
    CHECK_STR(message(two, "N1d2"), "move: 'N1d2' is ambiguous (Nbd2, Nfd2)");
    CHECK_STR(message(two, "Nbd2"), "(ok)");
    CHECK_STR(message(two, "Nd3"), "move: 'Nd3' is not a legal move (white to move)");
    CHECK_STR(message(start, "Nf6"), "move: 'Nf6' is not a legal move (white to move)");
    CHECK_STR(message(start, "O-O"), "move: 'O-O' is not a legal move (white to move)");
    CHECK_STR(message(start, "hello"), "move: 'hello' is not a move (UCI like e2e4 or SAN like Nf3 expected)");
    CHECK_STR(message(promo, "a7a8"), "move: 'a7a8' is ambiguous (a7a8q, a7a8r, a7a8b, a7a8n)");
    CHECK_STR(message(promo, "a8"), "move: 'a8' is ambiguous (a8=Q, a8=R, a8=B, a8=N)");
    CHECK_STR(message(start, "Nf3\x01"), "move: 'Nf3?' is not a move (UCI like e2e4 or SAN like Nf3 expected)");
    static const char *const syntax[] = {"", "   ", "x", "Nz3", "e9", "i4", "Ne", "N", "O-O-O-O",
                                         "O-", "Nf3x", "e4e5e6", "K!", "=Q", "Qxx4", "1.e4",
                                         "Nbd2d", "exd", "e8=", "bb"};
    for (size_t i = 0; i < sizeof syntax / sizeof *syntax; i++)
        CHECK_MSG(strcmp(from_san(start, syntax[i]), "(syntax error)") == 0, "'%s': %s", syntax[i], text);
    rf_move m;
    rf_error err;
    CHECK_INT(rf_move_from_san(&m, &pos, NULL, 0, &err), RF_ERR_SYNTAX);
    CHECK_INT(rf_move_from_san(&m, &pos, NULL, 3, &err), RF_ERR_ARGUMENT);
    CHECK_INT(rf_move_from_san(&m, &pos, "Nf3", 3, NULL), RF_OK);
    CHECK_INT(rf_move_from_uci(&m, &pos, "e2e4junk", 4, NULL), RF_OK); /* len bounds the text */
    CHECK_INT(m, RF_MOVE_MAKE(RF_SQUARE(4, 1), RF_SQUARE(4, 3)));
    CHECK_INT(rf_move_from_san(&m, &pos, "e4\0Nf3", 6, &err), RF_ERR_SYNTAX);

}

TEST(random_bytes_never_crash_a_reader)
{
    rf_position pos = at(START, 0);
    rf_move m;
    rf_error err;
    /* Random bytes never crash a reader and always answer one of the four statuses. */
    unsigned long long seed = 12345;
    for (int i = 0; i < HARNESS_SCALE(20000); i++) {
        char junk[12];
        size_t n = (size_t)(i % 11);
        for (size_t j = 0; j < n; j++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            static const char alphabet[] = "abcdefgh12345678NBRQKxO0-=+#!?e.p qrbn";
            junk[j] = (seed >> 60) < 12 ? alphabet[(seed >> 33) % (sizeof alphabet - 1)]
                                        : (char)(seed >> 40);
        }
        rf_status a = rf_move_parse(&m, &pos, junk, n, &err);
        rf_status b = rf_move_from_san(&m, &pos, junk, n, &err);
        rf_status u = rf_move_from_uci(&m, &pos, junk, n, &err);
        CHECK(a <= 0 && a >= RF_ERR_AMBIGUOUS && b <= 0 && b >= RF_ERR_AMBIGUOUS && u <= 0 &&
              u >= RF_ERR_AMBIGUOUS);
        if (u == RF_OK) CHECK(rf_move_is_legal(&pos, m));
    }
}

/* Horde: the horde's double steps from the first rank (no en passant square), validity (no white
 * king, one black king, first-rank pawns for the horde), the end when the horde is gone, and
 * lichess's insufficient material per side against chessops' answers on 2,000 positions
 * (tests/data/horde_insufficient.tsv, written by tests/oracle/horde_insufficient.mjs). Perft
 * counts are in tests/data/horde.perft; the fast generator against the simple one in
 * test_variants. */
#include "variant.h"
#include "harness.h"

#include <stdlib.h>

#define HORDE RF_VARIANT_HORDE
#define START "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"

static rf_position at(const char *fen)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, HORDE, &err) == RF_OK, "%s: %s", fen, err.message))
        rf_position_startpos(&pos, HORDE);
    return pos;
}

static void play(rf_position *pos, const char *uci)
{
    rf_move m;
    if (CHECK_MSG(rf_move_from_uci(&m, pos, uci, strlen(uci), NULL) == RF_OK, "%s", uci)) rf_position_play(pos, m);
}

static uint32_t validity_of(const char *fen)
{
    rf_position pos;
    rf_error err;
    if (rf_position_parse(&pos, fen, strlen(fen), HORDE, 0, RF_INVALID_ALL, &err) != RF_OK) return ~0u;
    return rf_position_validity(&pos);
}

TEST(horde_start)
{
    rf_position pos;
    CHECK_INT(rf_position_startpos(&pos, HORDE), RF_OK);
    CHECK_INT(rf_position_validity(&pos), 0);
    rf_movelist list;
    CHECK_INT(rf_generate_moves(&list, &pos), 8);
    CHECK(rf_checkers(&pos) == 0);
    CHECK(!rf_position_is_insufficient_material(&pos));
    CHECK(rf__position_check(&pos) == NULL);
}

TEST(horde_double_step_from_the_first_rank_leaves_no_en_passant_square)
{
    rf_position pos = at("4k3/8/8/8/8/3p4/8/PPPPPPPP w - - 0 1");
    play(&pos, "e1e3");
    CHECK(pos.ep == RF_NO_SQUARE && !pos.ep_legal);
    CHECK(rf__position_check(&pos) == NULL);
    rf_move m;
    CHECK(rf_move_from_uci(&m, &pos, "d3e2", 4, NULL) != RF_OK);
    /* From the second rank: the square is set and the black pawn beside may take. */
    pos = at("4k3/8/8/8/2p5/8/1P6/P7 w - - 0 1");
    play(&pos, "b2b4");
    CHECK_INT(pos.ep, rf_square_parse("b3", 2));
    CHECK(pos.ep_legal);
    play(&pos, "c4b3");
    CHECK(rf__position_check(&pos) == NULL);
    /* The horde takes en passant too, having no king to expose. */
    pos = at("4k3/3p4/8/4P3/8/8/8/8 b - - 0 1");
    play(&pos, "d7d5");
    CHECK(pos.ep_legal);
    CHECK(rf_move_from_uci(&m, &pos, "e5d6", 4, NULL) == RF_OK && RF_MOVE_KIND(m) == RF_MOVE_EN_PASSANT);
}

TEST(horde_validity)
{
    CHECK_INT(validity_of(START), 0);
    CHECK_INT(validity_of("4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1"), 0);
    CHECK_INT(validity_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), RF_INVALID_TOO_MANY_KINGS);
    CHECK_INT(validity_of("8/8/8/8/8/8/8/4P3 w - - 0 1"), RF_INVALID_MISSING_KING);
    CHECK_INT(validity_of("4k3/8/8/8/8/8/8/p3P3 w - - 0 1"), RF_INVALID_PAWNS_ON_BACKRANK);
    CHECK_INT(validity_of("3Pk3/8/8/8/8/8/8/8 b - - 0 1"), RF_INVALID_PAWNS_ON_BACKRANK);
    CHECK_INT(validity_of("4k3/8/8/8/8/8/8/4Q3 w - - 0 1"), RF_INVALID_OPPOSITE_CHECK);
    /* 36 pieces for the horde, not 37. */
    CHECK_INT(validity_of("4k3/8/8/PPPP4/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1"), 0);
    CHECK_INT(validity_of("4k3/8/8/PPPPP3/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1"), RF_INVALID_TOO_MUCH_MATERIAL);
    rf_error err;
    rf_position pos;
    CHECK_INT(rf_position_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PPPPKPPP w kq - 0 1", HORDE, &err),
              RF_ERR_INVALID);
    CHECK_STR(err.message, "invalid position: White has a king (Horde's White has none)");
    /* White has no king to castle with. */
    CHECK_INT(rf_position_from_fen(&pos, "r3k2r/8/8/8/8/8/8/P7 w KQkq - 0 1", HORDE, &err), RF_ERR_INVALID);
    CHECK_INT(err.validity, RF_INVALID_BAD_CASTLING);
    CHECK_INT(rf_position_from_fen(&pos, "r3k2r/8/8/8/8/8/8/P7 w kq - 0 1", HORDE, &err), RF_OK);
}

/* A horde of queens with 257 moves (found by a search; chessops takes it too): more than
 * standard chess ever has, all of them listed by both generators of both builds. */
TEST(horde_of_queens_lists_every_move)
{
    static const char fen[] = "QQQQQQQ1/Q6Q/Q4Q2/Q6Q/Q6Q/QQ3Q2/pp5Q/kBQQQQQN w - - 0 1";
    CHECK_INT(validity_of(fen), 0);
    rf_position pos = at(fen);
    CHECK_INT(rf_perft(&pos, 1), 257);
    rf_movelist list;
    CHECK_INT(rf_generate_moves(&list, &pos), 257);
    for (int isa = 0; isa < 2; isa++) {
        const rf__variant *build = rf__variant_build(HORDE, isa);
        if (!build) continue;
        rf_move moves[RF_MAX_MOVES];
        CHECK_INT(build->generate(&pos, moves) - moves, 257);
        CHECK_INT(build->generate_simple(&pos, moves) - moves, 257);
        CHECK_INT(build->perft(&pos, 1, NULL), 257);
        CHECK_INT(build->perft(&pos, 2, NULL), rf__perft_simple(build, &pos, 2));
    }
}

TEST(horde_gone_ends_the_game)
{
    rf_position pos = at("4k3/8/8/8/8/8/3p4/4P3 b - - 0 1");
    play(&pos, "d2e1q");
    CHECK(rf_position_is_variant_end(&pos));
    CHECK(!rf_position_is_checkmate(&pos) && !rf_position_is_stalemate(&pos));
    rf_movelist list;
    CHECK_INT(rf_generate_moves(&list, &pos), 0);
    rf_outcome o = rf_position_outcome(&pos);
    CHECK_INT(o.result, RF_RESULT_BLACK_WINS);
    CHECK_STR(o.code, "horde_destroyed");
    CHECK_STR(o.text, "White's horde is gone");
    /* White wins by checkmate; a blocked horde is stalemated. */
    pos = at("k7/1Q6/2P5/8/8/8/8/8 b - - 0 1");
    CHECK(rf_position_is_checkmate(&pos));
    pos = at("4k3/8/8/8/8/4p3/4P3/8 w - - 0 1");
    CHECK(rf_position_is_stalemate(&pos));
}

/* A few cases of the rule by hand, then chessops' answers on every position of the data file,
 * through each build of the module. */
TEST(horde_insufficient_material_by_side)
{
    static const struct {
        const char *fen;
        int white;
    } cases[] = {
        {"4k3/8/8/8/8/8/8/4P3 b - - 0 1", 1},    /* a lone pawn against a lone king */
        {"4k3/p7/8/8/8/8/8/4Q3 b - - 0 1", 0},   /* a queen mates a king walled in by its pawn */
        {"4k3/8/8/8/8/8/8/4Q3 b - - 0 1", 1},    /* a lone queen against a lone king */
        {"4k3/8/8/8/8/8/8/3NN3 b - - 0 1", 1},   /* two knights against a lone king */
        {"4k3/p7/8/8/8/8/8/3NN3 b - - 0 1", 0},  /* two knights, a pawn to block */
        {"4k3/8/8/8/8/8/8/2BB4 b - - 0 1", 1},   /* the bishop pair against a lone king */
        {"4k3/8/8/8/8/8/8/2BBN3 b - - 0 1", 0},  /* bishop pair and knight mate */
        {"4k3/8/8/8/8/8/8/PP6 b - - 0 1", 0},    /* two pawns */
    };
    const rf__variant *row = rf__variant_get(HORDE);
    if (!CHECK(row != NULL)) return;
    for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
        rf_position pos = at(cases[i].fen);
        CHECK_MSG(row->insufficient_material(&pos, RF_WHITE) == cases[i].white, "%s: white", cases[i].fen);
        CHECK_MSG(!row->insufficient_material(&pos, RF_BLACK), "%s: black", cases[i].fen);
        CHECK_MSG(rf_position_has_insufficient_material(&pos, RF_WHITE) == cases[i].white, "%s: API", cases[i].fen);
        CHECK(!rf_position_is_insufficient_material(&pos));
    }

    FILE *f = fopen(RF_TEST_DATA "/horde_insufficient.tsv", "r");
    if (!CHECK_MSG(f != NULL, "cannot open %s", RF_TEST_DATA "/horde_insufficient.tsv")) return;
    char line[256];
    int n = 0, trues = 0, differ = 0;
    while (fgets(line, sizeof line, f)) {
        char *white = strchr(line, '\t'), *black = white ? strchr(white + 1, '\t') : NULL;
        if (!CHECK_MSG(black != NULL, "line %d: %s", n + 1, line)) break;
        *white++ = '\0';
        *black++ = '\0';
        int want_white = strncmp(white, "true", 4) == 0, want_black = strncmp(black, "true", 4) == 0;
        rf_position pos;
        rf_error err;
        n++;
        trues += want_white;
        /* Both sides at once: never while Black has its king. */
        CHECK(!want_black);
        if (!CHECK_MSG(rf_position_parse(&pos, line, strlen(line), HORDE, 0, RF_INVALID_ALL, &err) == RF_OK,
                       "%s: %s", line, err.message))
            continue;
        for (int isa = 0; isa < 2; isa++) {
            const rf__variant *build = rf__variant_build(HORDE, isa);
            if (!build) continue;
            int got_white = build->insufficient_material(&pos, RF_WHITE), got_black = build->insufficient_material(&pos, RF_BLACK);
            if ((got_white != want_white || got_black != want_black) && differ++ < 10)
                CHECK_MSG(0, "build %d: %s: white %d black %d, chessops %d %d", isa, line, got_white, got_black,
                          want_white, want_black);
        }
    }
    fclose(f);
    CHECK_MSG(differ == 0, "%d answers differ from chessops", differ);
    CHECK_MSG(n >= 2000 && trues >= 500, "%d positions, %d insufficient", n, trues);
}


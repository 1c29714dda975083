/* Perft through the library on well-known positions and the suites, through both builds of the
 * variant modules, with the consistency check after every move of the first plies; threads, the
 * transposition table, 128-bit counts; the perft suite reader. */
#include "variant.h"
#include "harness.h"
#include "perft_file.h"

#include <stdlib.h>

static uint64_t perft_checked(const rf_position *pos, int depth, int *bad)
{
    if (depth == 0) return 1;
    rf_movelist list;
    rf_generate_moves(&list, pos);
    uint64_t n = 0;
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        const char *why = rf__position_check(&child);
        if (why) {
            if (*bad < 5) fprintf(stderr, "after move %u: %s\n", list.moves[i], why);
            (*bad)++;
        }
        n += perft_checked(&child, depth - 1, bad);
    }
    return n;
}

static void expect(const char *fen, rf_variant variant, int depth, uint64_t nodes, int checked_depth)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, variant, &err) == RF_OK, "%s: %s", fen, err.message)) return;
    uint64_t got = rf_perft(&pos, depth);
    CHECK_MSG(got == nodes, "%s depth %d: %llu, expected %llu", fen, depth, (unsigned long long)got,
              (unsigned long long)nodes);
    /* Both builds of the module: the portable one (magic multiplication) and, where the CPU
     * runs it, the POPCNT/BMI2 one (PEXT). */
    for (int isa = 0; isa < 2; isa++) {
        const rf__variant *row = rf__variant_build(variant, isa);
        if (!row) {
            CHECK_MSG(isa == 1, "no portable build of %s", rf_variant_name(variant));
            continue;
        }
        uint64_t n = row->perft(&pos, depth, NULL);
        CHECK_MSG(n == nodes, "%s depth %d: build %d counts %llu", fen, depth, isa, (unsigned long long)n);
    }
    int bad = 0;
    uint64_t slow = perft_checked(&pos, checked_depth, &bad);
    CHECK_MSG(bad == 0, "%s: %d inconsistent positions", fen, bad);
    CHECK_MSG(slow == rf_perft(&pos, checked_depth), "%s: checked perft %llu differs", fen, (unsigned long long)slow);
}

#define STD RF_VARIANT_STANDARD
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

TEST(start_position) { expect(START, STD, HARNESS_SANITIZED ? 4 : 5, HARNESS_SANITIZED ? 197281 : 4865609, 3); }
TEST(kiwipete) { expect(KIWIPETE, STD, 4, 4085603, HARNESS_SANITIZED ? 2 : 3); }
TEST(cpw_position_3_en_passant_pins) { expect("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", STD, 5, 674624, 4); }
TEST(cpw_position_4_promotions_and_castling)
{
    expect("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", STD, 4, 422333, 3);
}
TEST(cpw_position_5) { expect("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", STD, 4, 2103487, 3); }
TEST(cpw_position_6)
{
    expect("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", STD, 4, 3894594, 2);
}
/* Chess960: castling with king and rook on many files. */
TEST(chess960_castling_rooks_on_f_and_h)
{
    expect("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", STD, 4, 326672, 3);
}
TEST(chess960_castling_rooks_on_e_and_h)
{
    expect("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", STD, 4, 667366, 3);
}
TEST(atomic_start_position) { expect(START, RF_VARIANT_ATOMIC, 4, 197326, 3); }

/* Every record of the tricky suite, to the depths whose counts stay small. */
TEST(tricky_suite_small_depths)
{
    int n;
    perft_record *recs = perft_file_load(RF_TEST_DATA "/tricky.perft", &n);
    if (!CHECK(recs != NULL && n > 0)) return;
    for (int i = 0; i < n; i++) {
        rf_position pos;
        rf_error err;
        if (!CHECK_MSG(rf_position_from_fen(&pos, recs[i].fen, STD, &err) == RF_OK, "%s: %s", recs[i].id, err.message))
            continue;
        for (int d = 0; d < recs[i].count; d++) {
            if (recs[i].nodes[d] > (uint64_t)HARNESS_SCALE(400000)) continue;
            uint64_t got = rf_perft(&pos, recs[i].depth[d]);
            CHECK_MSG(got == recs[i].nodes[d], "%s depth %d: %llu, expected %llu", recs[i].id, recs[i].depth[d],
                      (unsigned long long)got, (unsigned long long)recs[i].nodes[d]);
        }
    }
    free(recs);
}

/* Threads: the same counts with any number of threads, in both variants. */
TEST(threads_give_single_thread_counts)
{
    rf_position k;
    rf_count c;
    CHECK(rf_position_from_fen(&k, KIWIPETE, STD, NULL) == RF_OK);
    for (int t = 0; t <= 3; t++) {
        rf_perft_options opt = {.threads = t};
        CHECK(rf_perft_run(&c, &k, 4, &opt, NULL) == RF_OK);
        CHECK_MSG(c.hi == 0 && c.lo == 4085603, "%d threads: %llu", t, (unsigned long long)c.lo);
    }
    CHECK(rf_position_from_fen(&k, START, RF_VARIANT_ATOMIC, NULL) == RF_OK);
    rf_perft_options two = {.threads = 2};
    CHECK(rf_perft_run(&c, &k, 4, &two, NULL) == RF_OK && c.hi == 0 && c.lo == 197326);
    CHECK(rf_perft_run(&c, &k, 4, NULL, NULL) == RF_OK && c.hi == 0 && c.lo == 197326);
    CHECK(rf_cpu_count() >= 1);
}

/* The transposition table gives the same counts, alone and shared by threads, in standard
 * chess, Chess960 and Atomic. */
TEST(hash_table_gives_the_same_counts)
{
    static const struct {
        const char *fen;
        rf_variant variant;
        int depth;
        uint64_t nodes;
    } cases[] = {
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", STD, 4, 4085603},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", STD, 5, 4865609},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", STD, 6, 11030083},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", STD, 5, 8146062},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", RF_VARIANT_ATOMIC, 4, 197326},
        {"8/8/8/8/8/8/2k5/rR4KR w KQ -", RF_VARIANT_ATOMIC, 4, 61401},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (HARNESS_SANITIZED && cases[i].nodes > 5000000) continue;
        rf_position p;
        if (!CHECK(rf_position_from_fen(&p, cases[i].fen, cases[i].variant, NULL) == RF_OK)) continue;
        for (int threads = 1; threads <= 2; threads++) {
            rf_perft_options opt = {.threads = threads, .hash_mb = 1};
            rf_count c;
            CHECK(rf_perft_run(&c, &p, cases[i].depth, &opt, NULL) == RF_OK);
            CHECK_MSG(c.hi == 0 && c.lo == cases[i].nodes, "%s with hash, %d threads: %llu", cases[i].fen, threads,
                      (unsigned long long)c.lo);
        }
    }
}

/* Every variant's walk with a table (whose nodes carry keys: pockets, checks given) counts what
 * its walk without one counts, from the start and along a line of seven plies, with one and two
 * threads. */
TEST(hash_table_gives_the_same_counts_in_every_variant)
{
    int depth = HARNESS_SANITIZED ? 3 : 4;
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        rf_position p;
        if (!CHECK(rf_position_startpos(&p, (rf_variant)v) == RF_OK)) continue;
        for (int ply = 0; ply <= 7; ply++) {
            uint64_t expected = rf_perft(&p, depth);
            for (int threads = 1; threads <= 2; threads++) {
                rf_perft_options opt = {.threads = threads, .hash_mb = 1};
                rf_count c;
                CHECK(rf_perft_run(&c, &p, depth, &opt, NULL) == RF_OK);
                CHECK_MSG(c.hi == 0 && c.lo == expected, "variant %d, ply %d, %d threads: %llu, not %llu", v,
                          ply, threads, (unsigned long long)c.lo, (unsigned long long)expected);
            }
            rf_movelist moves;
            rf_generate_moves(&moves, &p);
            if (moves.count == 0) break;
            rf_position_play(&p, moves.moves[(ply * 7 + 3) % moves.count]);
        }
    }
}

/* A table kept across counts (rf_perft_table): a divide's root moves, then the whole tree at
 * several depths, then another position, all counted through one table, with one and two
 * threads, give the counts a count without a table gives. */
TEST(perft_table_shared_across_counts)
{
    CHECK(rf_perft_table_new(0) == NULL);
    CHECK(rf_perft_table_new(((size_t)1 << 20) + 1) == NULL);
    rf_perft_table *table = rf_perft_table_new(1);
    if (!CHECK(table != NULL)) return;
    rf_position kiwi, cpw3;
    CHECK(rf_position_from_fen(&kiwi, KIWIPETE, STD, NULL) == RF_OK);
    CHECK(rf_position_from_fen(&cpw3, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", STD, NULL) == RF_OK);
    int depth = HARNESS_SANITIZED ? 3 : 4;
    for (int threads = 1; threads <= 2; threads++) {
        rf_perft_options opt = {.threads = threads, .table = table};
        rf_movelist root;
        rf_generate_moves(&root, &kiwi);
        uint64_t sum = 0;
        for (unsigned i = 0; i < root.count; i++) {
            rf_position child = kiwi;
            rf_position_play(&child, root.moves[i]);
            rf_count c;
            CHECK(rf_perft_run(&c, &child, depth - 1, &opt, NULL) == RF_OK);
            CHECK_MSG(c.lo == rf_perft(&child, depth - 1), "root move %u through the table", i);
            sum += c.lo;
        }
        CHECK_MSG(sum == rf_perft(&kiwi, depth), "divide through the table: %llu", (unsigned long long)sum);
        for (int d = 1; d <= depth; d++) {
            rf_count c;
            CHECK(rf_perft_run(&c, &kiwi, d, &opt, NULL) == RF_OK);
            CHECK_MSG(c.hi == 0 && c.lo == rf_perft(&kiwi, d), "kiwipete depth %d through the table", d);
            CHECK(rf_perft_run(&c, &cpw3, d + 1, &opt, NULL) == RF_OK);
            CHECK_MSG(c.hi == 0 && c.lo == rf_perft(&cpw3, d + 1), "position 3 depth %d through the table", d + 1);
        }
    }
    rf_perft_table_free(table);
    rf_perft_table_free(NULL);
}

TEST(perft_run_refuses_bad_arguments)
{
    rf_position p;
    rf_count c;
    rf_error e;
    CHECK(rf_position_startpos(&p, STD) == RF_OK);
    CHECK_INT(rf_perft_run(&c, &p, RF_PERFT_MAX_DEPTH + 1, NULL, &e), RF_ERR_ARGUMENT);
    CHECK_INT(e.status, RF_ERR_ARGUMENT);
    CHECK_INT(rf_perft_run(&c, &p, -1, NULL, &e), RF_ERR_ARGUMENT);
    rf_perft_options huge = {.threads = 1, .hash_mb = (size_t)1 << 21};
    CHECK_INT(rf_perft_run(&c, &p, 1, &huge, &e), RF_ERR_ARGUMENT);
    CHECK(rf_perft_run(&c, &p, 0, NULL, &e) == RF_OK && c.hi == 0 && c.lo == 1);
}

TEST(count_format_prints_128_bits_exactly)
{
    char buf[48];
    rf_count big = {1, 0};
    CHECK_INT(rf_count_format(buf, sizeof buf, big), 20);
    CHECK_STR(buf, "18446744073709551616");
    rf_count max = {~0ULL, ~0ULL};
    CHECK_INT(rf_count_format(buf, sizeof buf, max), 39);
    CHECK_STR(buf, "340282366920938463463374607431768211455");
    rf_count zero = {0, 0};
    rf_count_format(buf, sizeof buf, zero);
    CHECK_STR(buf, "0");
    char small[4];
    CHECK_INT(rf_count_format(small, sizeof small, big), 20);
    CHECK_STR(small, "184");
}

TEST(depth_0_and_1)
{
    rf_position pos;
    CHECK(rf_position_startpos(&pos, STD) == RF_OK);
    CHECK_INT(rf_perft(&pos, 0), 1);
    CHECK_INT(rf_perft(&pos, 1), 20);
}

TEST(side_without_king_has_no_moves)
{
    rf_position pos;
    rf_movelist list;
    CHECK(rf_position_parse(&pos, "8/8/8/8/8/8/8/4K3 b - - 0 1", 27, STD, 0, RF_INVALID_ALL, NULL) == RF_OK);
    CHECK_INT(rf_perft(&pos, 1), 0);
    CHECK_INT(rf_generate_moves(&list, &pos), 0);
    CHECK(rf_position_parse(&pos, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", 30, STD, 0, RF_INVALID_ALL, NULL) == RF_OK);
    CHECK_INT(rf_generate_moves(&list, &pos), 0);
}

TEST(move_is_legal_takes_any_16_bit_value)
{
    rf_position pos;
    CHECK(rf_position_startpos(&pos, STD) == RF_OK);
    int legal = 0;
    for (unsigned m = 0; m < 65536; m++) legal += rf_move_is_legal(&pos, (rf_move)m);
    /* The twenty moves, and the null move (passing is allowed where the side is not in check) */
    CHECK_INT(legal, 21);
    CHECK(rf_move_is_legal(&pos, RF_MOVE_NULL));
}

/* ---- The suite reader ---- */

static FILE *text_file(const char *text)
{
    FILE *f = tmpfile();
    if (f) {
        fputs(text, f);
        rewind(f);
    }
    return f;
}

TEST(perft_file_reads_records_and_comments)
{
    FILE *f = text_file("# a comment\n\nid first\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\nperft 2 9\n"
                        "\n# between\nepd 8/8/8/8/8/8/8/K6k b - -\r\nperft 1 3\r\n"
                        "id third\nepd 4k3/8/8/8/8/8/8/4K3 w - -\nperft 6 18446744073709551615\n");
    if (!CHECK(f != NULL)) return;
    perft_file pf;
    perft_record r;
    perft_file_init(&pf, f, "memory");
    CHECK_INT(perft_file_next(&pf, &r), 1);
    CHECK_STR(r.id, "first");
    CHECK_STR(r.fen, "8/8/8/8/8/8/8/K6k w - -");
    CHECK_INT(r.line, 4);
    CHECK(r.count == 2 && r.depth[0] == 1 && r.nodes[0] == 3 && r.depth[1] == 2 && r.nodes[1] == 9);
    CHECK_INT(perft_file_next(&pf, &r), 1);
    CHECK_STR(r.id, "line 9");
    CHECK_STR(r.fen, "8/8/8/8/8/8/8/K6k b - -");
    CHECK(r.count == 1 && r.nodes[0] == 3);
    CHECK_INT(perft_file_next(&pf, &r), 1);
    CHECK_STR(r.id, "third");
    CHECK(r.count == 1 && r.depth[0] == 6 && r.nodes[0] == UINT64_MAX);
    CHECK_INT(perft_file_next(&pf, &r), 0);
    perft_file_close(&pf);
    fclose(f);
}

TEST(perft_file_reads_one_line_records)
{
    FILE *f = text_file("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n"
                        "# comment\n"
                        "4k3/8/8/8/8/8/8/4K3 w - - 0 1;D1 5\n"
                        "id mixed\nepd 4k3/8/8/8/8/8/8/4K3 b - -\nperft 1 5\n");
    if (!CHECK(f != NULL)) return;
    perft_file pf;
    perft_record r;
    perft_file_init(&pf, f, "memory");
    CHECK_INT(perft_file_next(&pf, &r), 1);
    CHECK_STR(r.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    CHECK(r.count == 2 && r.depth[0] == 1 && r.nodes[0] == 20 && r.depth[1] == 2 && r.nodes[1] == 400);
    CHECK_INT(r.line, 1);
    CHECK_INT(perft_file_next(&pf, &r), 1);
    CHECK_STR(r.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(r.count == 1 && r.nodes[0] == 5);
    CHECK_INT(perft_file_next(&pf, &r), 1);
    CHECK_STR(r.id, "mixed");
    CHECK_INT(perft_file_next(&pf, &r), 0);
    fclose(f);
}

TEST(perft_file_rejects_malformed_lines)
{
    static const struct {
        const char *text;
        const char *error;
    } bad[] = {
        {"epd 8/8/8/8/8/8/8/K6k w - -\nperft one 3\n", "memory:2: expected 'perft DEPTH NODES'"},
        {"epd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3x\n", "memory:2: expected 'perft DEPTH NODES'"},
        {"perft 1 3\n", "memory:1: a perft line before the record's epd line"},
        {"id lonely\nepd 8/8/8/8/8/8/8/K6k w - -\n", "memory:2: record 'lonely' has no perft line"},
        {"8/8/8/8/8/8/8/K6k w - - ;D1\n", "memory:1: expected ';D<depth> <nodes>'"},
        {"8/8/8/8/8/8/8/K6k w - - ;X1 3\n", "memory:1: expected ';D<depth> <nodes>'"},
        {"hello\n", "memory:1: not a suite line (id, epd, perft, or FEN ;D1 N)"},
        {"epd 8/8/8/8/8/8/8/K6k w - -\nperft 1 18446744073709551616\n",
         "memory:2: expected 'perft DEPTH NODES'"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        FILE *f = text_file(bad[i].text);
        if (!CHECK(f != NULL)) return;
        perft_file pf;
        perft_record r;
        perft_file_init(&pf, f, "memory");
        CHECK_INT(perft_file_next(&pf, &r), -1);
        CHECK_STR(pf.error, bad[i].error);
        fclose(f);
    }
    perft_file missing;
    CHECK_INT(perft_file_open(&missing, RF_TEST_DATA "/no-such-suite.perft"), -1);
    CHECK(strstr(missing.error, "no-such-suite.perft") != NULL);
}

/* The shipped suites read in full: their record and count totals. */
TEST(perft_file_reads_the_shipped_suites)
{
    static const struct {
        const char *name;
        int records, counts;
    } suites[] = {{"tricky.perft", 19, 67}, {"random.perft", 6838, 41028}, {"chess960.perft", 960, 5760}, {"atomic.perft", 11, 51},
                  {"kingofthehill.perft", 16, 64},
                  {"threecheck.perft", 14, 61}, {"racingkings.perft", 3, 15},
                  {"crazyhouse.perft", 11, 36},
                  {"horde.perft", 14, 56},
                  {"antichess.perft", 14, 78}};
    for (unsigned i = 0; i < sizeof suites / sizeof *suites; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", RF_TEST_DATA, suites[i].name);
        int n, counts = 0;
        perft_record *recs = perft_file_load(path, &n);
        if (!CHECK_MSG(recs != NULL, "%s", path)) continue;
        for (int r = 0; r < n; r++) counts += recs[r].count;
        CHECK_MSG(n == suites[i].records && counts == suites[i].counts, "%s: %d records, %d counts", suites[i].name, n,
                  counts);
        free(recs);
    }
}

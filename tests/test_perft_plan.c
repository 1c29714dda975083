/* The perft plan (src/perft_plan.h): a split adds up to perft with its transpositions merged,
 * in standard chess and the variants, counted from its positions or from their FENs read back;
 * its merge is the merge of the FENs without move counters, its texts in a job file's order;
 * job and result lines round-trip; the hash is FNV-1a 64; 128-bit counts past 2^64; suite
 * lines item by item, with their errors and line numbers. */
#include "harness.h"
#include "perft_plan.h"

#include <stdlib.h>
#include <string.h>

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

/* Sum over the jobs of count * perft(job, depth - ply), from the jobs' positions, or (texts
 * not NULL) from their FENs read back as a job that left the process is; per root move in
 * per_root (with RF__SPLIT_DIVIDE). */
static uint64_t split_total(const rf__perft_split *s, const rf__perft_texts *texts,
                            const rf_position *root, int depth, int ply, uint64_t *per_root)
{
    uint64_t total = 0;
    for (size_t i = 0; i < s->count; i++) {
        rf_position pos = s->jobs[i].pos;
        const rf__perft_job *j = &s->jobs[i];
        if (texts &&
            !CHECK_MSG(rf_position_parse(&pos, texts->fen[i], strlen(texts->fen[i]),
                                         (rf_variant)root->variant,
                                         root->chess960 ? RF_PARSE_CHESS960 : 0, RF_INVALID_ALL,
                                         NULL) == RF_OK,
                       "job %s", texts->fen[i]))
            continue;
        uint64_t n = j->count * rf_perft(&pos, depth - ply);
        total += n;
        if (per_root && j->root >= 0) per_root[j->root] += n;
    }
    return total;
}

/* One split of *root checked: its move orders, its total from positions and from texts, and
 * with RF__SPLIT_DIVIDE each root move's jobs adding up to that move's count. */
static void check_one_split(const rf_position *root, const char *fen, int depth, int ply,
                            unsigned flags, uint64_t want)
{
    rf__perft_split s;
    rf__perft_texts t;
    rf_error err;
    if (!CHECK(rf__perft_split_make(&s, root, ply, flags, 1000000, &err) == RF_OK)) return;
    uint64_t per_root[RF_MAX_MOVES] = {0}, from_text[RF_MAX_MOVES] = {0};
    CHECK_U64(s.orders, rf_perft(root, ply));
    CHECK_MSG(split_total(&s, NULL, root, depth, ply, per_root) == want, "%s %s ply %d",
              rf_variant_name((rf_variant)root->variant), fen, ply);
    if (CHECK(rf__perft_split_texts(&t, &s, RF_FEN_SHREDDER, &err) == RF_OK)) {
        CHECK_MSG(split_total(&s, &t, root, depth, ply, from_text) == want, "texts: %s ply %d",
                  fen, ply);
        rf__perft_texts_free(&t);
    }
    for (unsigned r = 0; flags && ply > 0 && r < s.roots.count; r++) {
        rf_position child = *root;
        rf_position_play(&child, s.roots.moves[r]);
        CHECK_U64(per_root[r], rf_perft(&child, depth - 1));
        CHECK_U64(from_text[r], per_root[r]);
    }
    rf__perft_split_free(&s);
}

/* The split of (fen, variant) at every ply up to `depth` adds up to perft; with --divide's
 * flag, each root move's jobs add up to that move's count. */
static void check_split(const char *fen, rf_variant variant, int depth)
{
    rf_position root;
    rf_error err;
    if (!CHECK(rf_position_parse(&root, fen, strlen(fen), variant, 0, RF_ACCEPT_DEFAULT, &err) ==
               RF_OK))
        return;
    uint64_t want = rf_perft(&root, depth);
    for (int ply = 0; ply <= depth; ply++)
        for (unsigned flags = 0; flags <= RF__SPLIT_DIVIDE; flags++)
            check_one_split(&root, fen, depth, ply, flags, want);
}

TEST(split_adds_up_to_perft_standard)
{
    check_split(START_FEN, RF_VARIANT_STANDARD, 4);
    check_split(KIWIPETE, RF_VARIANT_STANDARD, 3);
}

TEST(split_adds_up_to_perft_variants)
{
    check_split(START_FEN, RF_VARIANT_ATOMIC, 4);
    check_split(START_FEN, RF_VARIANT_CRAZYHOUSE, 3);
    check_split("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+3",
                RF_VARIANT_THREECHECK, 3);
    check_split("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
                RF_VARIANT_HORDE, 4);
}

/* Three plies down from the start, 8902 move orders reach 5362 positions (OEIS A083276); in a
 * job file's order their FENs rise. */
TEST(split_merges_transpositions)
{
    rf_position root;
    rf_position_startpos(&root, RF_VARIANT_STANDARD);
    rf__perft_split s;
    rf__perft_texts t;
    if (!CHECK(rf__perft_split_make(&s, &root, 3, 0, 100000, NULL) == RF_OK)) return;
    CHECK_U64(s.orders, 8902);
    CHECK_U64(s.count, 5362);
    if (CHECK(rf__perft_split_texts(&t, &s, 0, NULL) == RF_OK)) {
        for (size_t i = 1; i < s.count; i++) CHECK(strcmp(t.fen[i - 1], t.fen[i]) < 0);
        rf__perft_texts_free(&t);
    }
    rf__perft_split_free(&s);
}

/* Every move order `ply` plies below *pos as "ROOT|FEN" (ROOT: the root move's index, 3
 * digits, with `divide`; FEN without the move counters), into list[*n]. */
static void leaf_texts(char (*list)[RF_FEN_MAX + 16], size_t *n, size_t cap, const rf_position *pos,
                       int ply, int root, int divide)
{
    if (ply == 0) {
        char fen[RF_FEN_MAX];
        rf__perft_fen(fen, pos, RF_FEN_SHREDDER);
        if (*n < cap) snprintf(list[(*n)++], RF_FEN_MAX + 16, "%03u|%s", divide ? (unsigned)root % 1000u : 0u, fen);
        return;
    }
    rf_movelist moves;
    rf_generate_moves(&moves, pos);
    for (unsigned i = 0; i < moves.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, moves.moves[i]);
        leaf_texts(list, n, cap, &child, ply - 1, root < 0 ? (int)i : root, divide);
    }
}

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

/* The split's jobs are the distinct FENs (without move counters) of the positions `ply` plies
 * down, each once, with the number of move orders reaching it, in the order of the FENs: the
 * merge of positions is the merge of their texts. */
static void check_merge_is_text_merge(const char *fen, rf_variant variant, int ply)
{
    enum { CAP = 60000 };
    static char list[CAP][RF_FEN_MAX + 16];
    rf_position root;
    if (!CHECK(rf_position_parse(&root, fen, strlen(fen), variant, 0, RF_ACCEPT_DEFAULT, NULL) ==
               RF_OK))
        return;
    for (int divide = 0; divide <= 1; divide++) {
        size_t n = 0, job = 0;
        leaf_texts(list, &n, CAP, &root, ply, -1, divide);
        if (!CHECK_MSG(n < CAP, "%s ply %d: too many move orders for the test", fen, ply)) return;
        qsort(list, n, sizeof *list, by_text);
        rf__perft_split s;
        rf__perft_texts t;
        if (!CHECK(rf__perft_split_make(&s, &root, ply, divide ? RF__SPLIT_DIVIDE : 0, CAP,
                                        NULL) == RF_OK))
            return;
        if (!CHECK(rf__perft_split_texts(&t, &s, RF_FEN_SHREDDER, NULL) == RF_OK)) {
            rf__perft_split_free(&s);
            return;
        }
        for (size_t i = 0; i < n; job++) {
            size_t k = i;
            while (k < n && strcmp(list[k], list[i]) == 0) k++;
            if (!CHECK_MSG(job < s.count, "%s ply %d: %zu jobs, more texts", fen, ply, s.count))
                break;
            char mine[RF_FEN_MAX + 16];
            snprintf(mine, sizeof mine, "%03u|%s", divide ? (unsigned)s.jobs[job].root % 1000u : 0u, t.fen[job]);
            CHECK_MSG(strcmp(mine, list[i]) == 0 && s.jobs[job].count == k - i,
                      "%s ply %d job %zu: '%s' x%llu, want '%s' x%zu", fen, ply, job, mine,
                      (unsigned long long)s.jobs[job].count, list[i], k - i);
            i = k;
        }
        CHECK_U64(s.count, job);
        rf__perft_texts_free(&t);
        rf__perft_split_free(&s);
    }
}

TEST(split_merge_is_text_merge)
{
    check_merge_is_text_merge(START_FEN, RF_VARIANT_STANDARD, 3);
    check_merge_is_text_merge(KIWIPETE, RF_VARIANT_STANDARD, 2);
    /* Double steps whose en passant square allows no capture, and f7f5 beside e5, which does. */
    check_merge_is_text_merge("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                              RF_VARIANT_STANDARD, 3);
    check_merge_is_text_merge("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
                              RF_VARIANT_STANDARD, 2);
    check_merge_is_text_merge("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                              RF_VARIANT_CRAZYHOUSE, 2);
    check_merge_is_text_merge(START_FEN, RF_VARIANT_ATOMIC, 3);
    check_merge_is_text_merge("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+3",
                              RF_VARIANT_THREECHECK, 2);
}

TEST(split_refuses_too_many_positions)
{
    rf_position root;
    rf_error err;
    rf__perft_split s;
    rf_position_startpos(&root, RF_VARIANT_STANDARD);
    CHECK_INT(rf__perft_split_make(&s, &root, 2, 0, 399, &err), RF_ERR_ARGUMENT);
    CHECK_STR(err.message, "more than 399 positions 2 plies down");
    CHECK(s.jobs == NULL && s.count == 0);
    CHECK_INT(rf__perft_split_make(&s, &root, 2, 0, 400, &err), RF_OK);
    CHECK_U64(s.count, 400);
    rf__perft_split_free(&s);
}

TEST(job_and_result_lines_round_trip)
{
    rf__perft_job_line j = {"e2e4", 4, 5, 123456789012ull, "8/8/8/8/8/8/8/K6k w - -", 23}, back;
    char line[256], result[300];
    rf__perft_job_format(line, sizeof line, &j);
    CHECK_STR(line, "e2e4 5 123456789012 8/8/8/8/8/8/8/K6k w - -");
    CHECK(rf__perft_job_parse(&back, line, strlen(line), 1));
    CHECK(back.root_len == 4 && memcmp(back.root, "e2e4", 4) == 0 && back.depth == 5 &&
          back.count == 123456789012ull && back.fen_len == 23 && memcmp(back.fen, j.fen, 23) == 0);
    rf_count nodes = {3, 7}, read;
    rf__perft_result_format(result, sizeof result, nodes, line, strlen(line));
    CHECK_STR(result, "55340232221128654855 e2e4 5 123456789012 8/8/8/8/8/8/8/K6k w - -");
    CHECK(rf__perft_result_parse(&read, &back, result, strlen(result), 1));
    CHECK(read.hi == 3 && read.lo == 7 && back.depth == 5 && back.fen_len == 23);
    /* Blanks around and between fields are read; the FEN keeps its own. */
    static const char loose[] = " \t2  7\t 8/8/8/8/8/8/8/K6k  w - - \t";
    CHECK(rf__perft_job_parse(&back, loose, strlen(loose), 0));
    CHECK(back.root == NULL && back.depth == 2 && back.count == 7 && back.fen_len == 24);
    j.root = NULL;
    rf__perft_job_format(line, sizeof line, &j);
    CHECK_STR(line, "5 123456789012 8/8/8/8/8/8/8/K6k w - -");
}

TEST(job_lines_refused)
{
    static const char *const bad[] = {
        "", "5", "5 1", "5 1   ", "5 0 8/8/8/8/8/8/8/K6k w - -", "31 1 8/8/8/8/8/8/8/K6k w - -",
        "x 1 8/8/8/8/8/8/8/K6k w - -", "5 -1 8/8/8/8/8/8/8/K6k w - -",
        "5 000000000000000000001 8/8/8/8/8/8/8/K6k w - -",
        "5 18446744073709551616 8/8/8/8/8/8/8/K6k w - -"};
    rf__perft_job_line j;
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK_MSG(!rf__perft_job_parse(&j, bad[i], strlen(bad[i]), 0), "'%s'", bad[i]);
    rf_count n;
    CHECK(!rf__perft_result_parse(&n, &j, "12 e2e4", 7, 1));
    CHECK(!rf__perft_result_parse(&n, &j, "1x2 3 1 8/8/8/8/8/8/8/K6k w - -", 30, 0));
}

/* FNV-1a 64: the published values for "" and "a", and a job key computed once from the
 * definition (offset basis 14695981039346656037, prime 1099511628211, xor then multiply). */
TEST(hash_is_fnv1a_64)
{
    CHECK_U64(rf__perft_hash("", 0), 0xcbf29ce484222325ull);
    CHECK_U64(rf__perft_hash("a", 1), 0xaf63dc4c8601ec8cull);
    rf_position start;
    char fen[RF_FEN_MAX], key[256];
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    rf__perft_fen(fen, &start, 0);
    rf__perft_job_line j = {NULL, 0, 4, 1, fen, strlen(fen)};
    size_t n = rf__perft_job_format(key, sizeof key, &j);
    CHECK_STR(key, "4 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    CHECK_U64(rf__perft_hash(key, n), 0x6c63c3b9d220b9a9ull);
}

TEST(counts_pass_2_to_the_64)
{
    rf_count c = {0, UINT64_MAX}, one = {0, 1}, p = {0, 0};
    char text[48];
    rf__count_add(&c, one);
    CHECK(c.hi == 1 && c.lo == 0);
    rf_count_format(text, sizeof text, c);
    CHECK_STR(text, "18446744073709551616");
    /* (2^64 - 1)^2 = 2^128 - 2^65 + 1 */
    rf_count max64 = {0, UINT64_MAX};
    rf__count_add_product(&p, max64, UINT64_MAX);
    CHECK(p.hi == UINT64_MAX - 1 && p.lo == 1);
    rf_count top;
    CHECK(rf__count_parse("340282366920938463463374607431768211455", 39, &top));
    CHECK(top.hi == UINT64_MAX && top.lo == UINT64_MAX);
    rf_count_format(text, sizeof text, top);
    CHECK_STR(text, "340282366920938463463374607431768211455");
    CHECK(!rf__count_parse("340282366920938463463374607431768211456", 39, &top));
    CHECK(!rf__count_parse("", 0, &top) && !rf__count_parse("12a", 3, &top));
    uint64_t v;
    CHECK(rf__count_parse_u64("18446744073709551615", 20, &v) && v == UINT64_MAX);
    CHECK(!rf__count_parse_u64("18446744073709551616", 20, &v));
}

TEST(index_finds_keys_in_order_added)
{
    rf__perft_index x = {NULL, 0, 0};
    static const char *const lines[] = {"2 1 b", "1 1 a", "2 1 b", "1 2 a"};
    for (size_t i = 0; i < 4; i++) {
        rf__perft_job_line j;
        CHECK(rf__perft_job_parse(&j, lines[i], strlen(lines[i]), 0));
        CHECK_INT(rf__perft_index_add(&x, &j, i, NULL), RF_OK);
    }
    rf__perft_index_sort(&x);
    CHECK_STR(x.keys[0].text, "1 1 a");
    CHECK_STR(x.keys[2].text, "2 1 b");
    CHECK(x.keys[2].item == 0 && x.keys[3].item == 2);
    const rf__perft_key *k = rf__perft_index_find(&x, "2 1 b");
    CHECK(k && k->item == 0);
    CHECK(rf__perft_index_find(&x, "2 1 c") == NULL);
    rf__perft_index_free(&x);
}

/* Reads one line's items into kinds[] (at most 8); their number. */
static int items(const char *text, unsigned long no, rf__suite_item *out)
{
    static char line[256];
    snprintf(line, sizeof line, "%s", text);
    rf__suite_line l;
    rf__suite_line_start(&l, line, no);
    int n = 0;
    while (n < 8 && rf__suite_line_next(&l, &out[n]) != RF__SUITE_END) n++;
    return n;
}

TEST(suite_lines_item_by_item)
{
    rf__suite_item it[8];
    CHECK_INT(items("  # only a comment", 1, it), 0);
    CHECK_INT(items("id\tkiwipete # the name", 2, it), 1);
    CHECK(it[0].kind == RF__SUITE_ID && it[0].len == 8 && memcmp(it[0].text, "kiwipete", 8) == 0);
    CHECK_INT(items("epd 8/8/8/8/8/8/8/K6k w - -", 3, it), 1);
    CHECK(it[0].kind == RF__SUITE_EPD && it[0].len == 23 && it[0].line == 3);
    CHECK_INT(items("perft 3 18446744073709551615", 4, it), 1);
    CHECK(it[0].kind == RF__SUITE_COUNT && it[0].depth == 3 && it[0].nodes == UINT64_MAX);
    CHECK_INT(items("8/8/8/8/8/8/8/K6k w - - ;D1 3 ; d2 9", 5, it), 3);
    CHECK(it[0].kind == RF__SUITE_FEN && it[0].len == 23);
    CHECK(it[1].kind == RF__SUITE_COUNT && it[1].depth == 1 && it[1].nodes == 3);
    CHECK(it[2].kind == RF__SUITE_COUNT && it[2].depth == 2 && it[2].nodes == 9);
}

TEST(suite_line_errors_name_their_line)
{
    static const struct {
        const char *text;
        int items; /* before the error */
        const char *message;
    } bad[] = {
        {"perft 1", 0, "expected 'perft DEPTH NODES'"},
        {"perft 1001 5", 0, "expected 'perft DEPTH NODES'"},
        {"perft 1 2 3", 0, "expected 'perft DEPTH NODES'"},
        {"perft 1 18446744073709551616", 0, "expected 'perft DEPTH NODES'"},
        {"hello", 0, "not a suite line (id, epd, perft, or FEN ;D1 N)"},
        {"K6k/8/8/8/8/8/8/8 w - - ;D1 3 ;X2 9 ;D3 1", 2, "expected ';D<depth> <nodes>'"},
        {"K6k/8/8/8/8/8/8/8 w - - ;D1", 1, "expected ';D<depth> <nodes>'"},
        {"K6k/8/8/8/8/8/8/8 w - - ;D1 3 ;", 2, "expected ';D<depth> <nodes>'"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        rf__suite_item it[8];
        int n = items(bad[i].text, 40 + i, it);
        if (!CHECK_MSG(n == bad[i].items + 1, "'%s': %d items", bad[i].text, n)) continue;
        CHECK(it[n - 1].kind == RF__SUITE_ERROR);
        CHECK_STR(it[n - 1].message, bad[i].message);
        CHECK_INT(it[n - 1].line, 40 + i);
    }
}

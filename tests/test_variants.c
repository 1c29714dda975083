/* The variant table, differentially: for every variant the table plays, and for each build of
 * its module (portable, and BMI2 where compiled and runnable), the fast generator against the
 * play-and-test one (generate_simple), the builds against each other (moves, positions after
 * each move, perft), and the invariants after every move.
 *
 * Positions: the variant's start position, the records of its perft suites, and the positions of
 * seeded random games from them. A suite belongs to a variant by its file name: tests/data/
 * NAME*.perft for the variant named NAME (rf_variant_name: atomic.perft), and every suite whose
 * name starts with no variant's name is standard chess (tricky, random, chess960). So a row added
 * to the variant table, with its suite in tests/data/, is tested here with no edit to this file. */
#include "variant.h"
#include "bitboard.h"
#include "harness.h"
#include "perft_file.h"

#include <dirent.h>
#include <stdlib.h>

/* Positions per suite file (spread over the file), games, and plies per game. */
#define PER_SUITE HARNESS_SCALE(120)
#define GAMES_PER_VARIANT HARNESS_SCALE(48)
#define PLIES_PER_GAME 60

typedef struct corpus {
    rf_position *pos;
    int count, cap;
    int suite_count; /* the first suite_count come from the start position and the suites */
    int files;       /* suite files read */
} corpus;

static corpus corpora[RF_VARIANT_COUNT];
static int corpora_built;

static void add(corpus *c, const rf_position *pos)
{
    if (c->count == c->cap) {
        int cap = c->cap ? 2 * c->cap : 256;
        rf_position *bigger = realloc(c->pos, (size_t)cap * sizeof *bigger);
        if (!bigger) return;
        c->pos = bigger;
        c->cap = cap;
    }
    c->pos[c->count++] = *pos;
}

/* The variant whose name starts the file name, else standard chess. */
static rf_variant suite_variant(const char *file)
{
    rf_variant found = RF_VARIANT_STANDARD;
    size_t best = 0;
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const char *name = rf_variant_name((rf_variant)v);
        size_t n = strlen(name);
        if (n > best && strncmp(file, name, n) == 0) {
            found = (rf_variant)v;
            best = n;
        }
    }
    return found;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void read_suite(corpus *c, rf_variant v, const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", RF_TEST_DATA, file);
    int n;
    perft_record *recs = perft_file_load(path, &n);
    if (!CHECK_MSG(recs != NULL, "cannot read %s", path)) return;
    c->files++;
    int step = n > PER_SUITE ? n / PER_SUITE : 1;
    for (int i = 0; i < n; i += step) {
        rf_position pos;
        rf_error err;
        if (CHECK_MSG(rf_position_from_fen(&pos, recs[i].fen, v, &err) == RF_OK, "%s:%lu: %s", file, recs[i].line,
                      err.message))
            add(c, &pos);
    }
    free(recs);
}

static void build_corpora(void)
{
    if (corpora_built) return;
    corpora_built = 1;
    rf_init();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *row = rf__variant_get((rf_variant)v);
        rf_position pos;
        if (row && CHECK_MSG(rf_position_from_fen(&pos, row->start_fen, (rf_variant)v, NULL) == RF_OK,
                             "%s start %s", rf_variant_name((rf_variant)v), row->start_fen))
            add(&corpora[v], &pos);
    }
    /* The suites, in name order. */
    DIR *d = opendir(RF_TEST_DATA);
    if (!CHECK_MSG(d != NULL, "cannot open %s", RF_TEST_DATA)) return;
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 6 && strcmp(e->d_name + len - 6, ".perft") == 0) names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 0; i < n; i++) {
        rf_variant v = suite_variant(names[i]);
        if (rf__variant_get(v)) read_suite(&corpora[v], v, names[i]);
        free(names[i]);
    }
    /* Seeded random games from the suite positions, every position of them kept. */
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        corpus *c = &corpora[v];
        c->suite_count = c->count;
        if (!c->count) continue;
        rf_rng rng;
        rf_rng_seed(&rng, 0x5EED0000u + (uint64_t)v);
        for (int g = 0; g < GAMES_PER_VARIANT; g++) {
            rf_position pos = c->pos[(int)rf_rng_below(&rng, (uint32_t)c->suite_count)];
            for (int ply = 0; ply < PLIES_PER_GAME; ply++) {
                rf_movelist list;
                if (rf_generate_moves(&list, &pos) == 0) break;
                rf_position_play(&pos, list.moves[rf_rng_below(&rng, list.count)]);
                add(c, &pos);
            }
        }
    }
}

static int compare_moves(const void *a, const void *b)
{
    return (int)*(const rf_move *)a - (int)*(const rf_move *)b;
}

/* A row's moves by one of its generators, sorted. */
static size_t moves_of(rf_move *(*gen)(const rf_position *, rf_move *), const rf_position *pos, rf_move *out)
{
    size_t n = (size_t)(gen(pos, out) - out);
    qsort(out, n, sizeof *out, compare_moves);
    return n;
}

static const char *fen_of(const rf_position *pos)
{
    static char buf[RF_FEN_MAX];
    rf_position_to_fen(buf, sizeof buf, pos, RF_FEN_EP_ALWAYS);
    return buf;
}

/* The builds of a variant's module that exist: [0] portable, [1] BMI2 (or NULL). */
static int builds_of(rf_variant v, const rf__variant *rows[2])
{
    int n = 0;
    for (int isa = 0; isa < 2; isa++) {
        rows[isa] = rf__variant_build(v, isa);
        n += rows[isa] != NULL;
    }
    return n;
}


/* The list of variants (variants/list.h) names each row: the row of RF_VARIANT_ID is the one its
 * file defines, and its short name is the file's. A slot the module leaves NULL reads as standard
 * chess's rule in the rows the library uses (variant.h), and only there. */
TEST(variant_list_names_the_rows)
{
    rf_init();
#define RF__NAMED(file, ID)                                                                       \
    CHECK_MSG(strcmp(rf_variant_name(RF_VARIANT_##ID), #file) == 0 &&                              \
                  rf__variant_##file##_portable.id == RF_VARIANT_##ID,                              \
              "%s: row %s", #file, rf_variant_name(RF_VARIANT_##ID));
    RF_VARIANT_LIST(RF__NAMED)
#undef RF__NAMED
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rows[2];
        builds_of((rf_variant)v, rows);
        for (int isa = 0; isa < 2; isa++)
            if (rows[isa])
                CHECK_MSG(rows[isa]->start_fen && rows[isa]->checkers && rows[isa]->validity &&
                              rows[isa]->variant_end && rows[isa]->insufficient_material,
                          "%s build %d: a slot left NULL", rf_variant_name((rf_variant)v), isa);
        /* A variant's own end is named: by end_reason, or by its code and words by result. */
        const rf__variant *row = rows[0];
        if (row->end_codes && !row->end_reason)
            CHECK_MSG(row->end_text[RF_RESULT_WHITE_WINS] && row->end_text[RF_RESULT_BLACK_WINS],
                      "%s: end_codes without end_reason or end_text", rf_variant_name((rf_variant)v));
    }
    CHECK(rf__variant_kingofthehill_portable.checkers == NULL &&
          rf__variant_get(RF_VARIANT_KINGOFTHEHILL)->checkers == rf__standard_checkers);
    CHECK(rf__variant_standard_portable.validity == NULL &&
          rf__variant_get(RF_VARIANT_STANDARD)->validity == rf__standard_validity);
    CHECK(rf__variant_get(RF_VARIANT_ATOMIC)->checkers != rf__standard_checkers);
    CHECK(strcmp(rf__variant_get(RF_VARIANT_KINGOFTHEHILL)->start_fen, rf__standard_start_fen) == 0);
}

/* Every row rf_init chose is one of its module's builds, for exactly the variants this build
 * plays, and its start position is rf_position_startpos's. */
TEST(variant_table_rows_are_consistent)
{
    rf_init();
    int played = 0;
    for (int i = 0; i < RF_VARIANT_COUNT; i++) {
        rf_variant v = (rf_variant)i;
        const rf__variant *row = rf__variant_get(v), *rows[2];
        builds_of(v, rows);
        CHECK_MSG((row != NULL) == (rf_variant_available(v) == 1), "%s: row %p, available %d", rf_variant_name(v),
                  (const void *)row, rf_variant_available(v));
        if (!row) {
            CHECK_MSG(rows[0] == NULL && rows[1] == NULL, "%s: a build of a variant not played", rf_variant_name(v));
            continue;
        }
        played++;
        CHECK_MSG(row->id == v, "%s: row id %d", rf_variant_name(v), row->id);
        CHECK_MSG(rows[0] != NULL, "%s: no portable build", rf_variant_name(v));
        CHECK_MSG(row == rows[rf__use_bmi2 ? 1 : 0], "%s: rf_init chose another build than rf__use_bmi2 says",
                  rf_variant_name(v));
        for (int isa = 0; isa < 2; isa++)
            if (rows[isa])
                CHECK_MSG(rows[isa]->id == v && rows[isa]->generate && rows[isa]->generate_simple && rows[isa]->play &&
                              rows[isa]->node_ep_legal &&
                              rows[isa]->checkers && rows[isa]->perft && rows[isa]->validity,
                          "%s build %d: a missing entry", rf_variant_name(v), isa);
        rf_position start, parsed;
        CHECK_MSG(rf_position_startpos(&start, v) == RF_OK, "%s: startpos", rf_variant_name(v));
        CHECK_MSG(rf_position_from_fen(&parsed, row->start_fen, v, NULL) == RF_OK && rf_position_equal(&start, &parsed),
                  "%s: start_fen %s is not the start position", rf_variant_name(v), row->start_fen);
        CHECK_MSG(row->validity(&start) == 0, "%s: the start position breaks rules %#x", rf_variant_name(v),
                  row->validity(&start));
    }
    CHECK(rf__variant_get((rf_variant)RF_VARIANT_COUNT) == NULL);
    CHECK(played >= 2);
    printf("%d variants played; BMI2 build %s\n", played, rf__use_bmi2 ? "tested too" : "not run on this CPU");
}

/* Every played variant has positions to test: its start, a suite and games. */
TEST(every_variant_has_a_suite)
{
    build_corpora();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        if (!rf__variant_get((rf_variant)v)) continue;
        const corpus *c = &corpora[v];
        CHECK_MSG(c->files >= 1 && c->suite_count > 1 && c->count > c->suite_count,
                  "%s: %d suite files, %d suite positions, %d positions", rf_variant_name((rf_variant)v), c->files,
                  c->suite_count, c->count);
        printf("%s: %d suite files, %d positions (%d from games)\n", rf_variant_name((rf_variant)v), c->files,
               c->count, c->count - c->suite_count);
    }
}

/* generate and generate_simple give the same move set, in every build. */
TEST(generate_matches_generate_simple)
{
    build_corpora();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rows[2];
        builds_of((rf_variant)v, rows);
        const corpus *c = &corpora[v];
        int differ = 0;
        for (int isa = 0; isa < 2; isa++) {
            if (!rows[isa]) continue;
            for (int i = 0; i < c->count; i++) {
                rf_move fast[RF_MAX_MOVES], simple[RF_MAX_MOVES];
                size_t nf = moves_of(rows[isa]->generate, &c->pos[i], fast);
                size_t ns = moves_of(rows[isa]->generate_simple, &c->pos[i], simple);
                if (nf == ns && memcmp(fast, simple, nf * sizeof *fast) == 0) continue;
                if (differ++ < 3)
                    CHECK_MSG(0, "%s build %d: %s: %zu fast moves, %zu simple", rf_variant_name((rf_variant)v), isa,
                              fen_of(&c->pos[i]), nf, ns);
            }
        }
        CHECK_MSG(differ == 0, "%s: %d positions where the generators differ", rf_variant_name((rf_variant)v), differ);
    }
}

/* Where a module lists a piece's moves to a square alone (moves_to), they are generate's moves
 * of that piece type and square, castling aside, in every build. */
TEST(moves_to_matches_generate)
{
    build_corpora();
    int rows_with = 0;
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rows[2];
        builds_of((rf_variant)v, rows);
        const corpus *c = &corpora[v];
        int differ = 0;
        for (int isa = 0; isa < 2; isa++) {
            if (!rows[isa] || !rows[isa]->moves_to) continue;
            rows_with++;
            for (int i = 0; i < c->count; i++) {
                const rf_position *pos = &c->pos[i];
                rf_move all[RF_MAX_MOVES];
                size_t na = moves_of(rows[isa]->generate, pos, all);
                for (int pt = RF_PAWN; pt <= RF_KING; pt++) {
                    for (int to = 0; to < 64; to++) {
                        rf_move got[RF_MAX_MOVES], want[RF_MAX_MOVES];
                        size_t ng = (size_t)(rows[isa]->moves_to(pos, got, (rf_piece_type)pt, (rf_square)to) - got);
                        qsort(got, ng, sizeof *got, compare_moves);
                        size_t nw = 0;
                        for (size_t k = 0; k < na; k++)
                            if (RF_MOVE_TO(all[k]) == to && RF_MOVE_KIND(all[k]) != RF_MOVE_CASTLING &&
                                !RF_MOVE_IS_DROP(all[k]) && (int)RF_PIECE_TYPE(pos->board[RF_MOVE_FROM(all[k])]) == pt)
                                want[nw++] = all[k];
                        if (ng == nw && memcmp(got, want, ng * sizeof *got) == 0) continue;
                        if (differ++ < 3)
                            CHECK_MSG(0, "%s build %d: %s: type %d to %d: %zu moves, generate has %zu",
                                      rf_variant_name((rf_variant)v), isa, fen_of(pos), pt, to, ng, nw);
                    }
                }
            }
        }
        CHECK_MSG(differ == 0, "%s: %d differences", rf_variant_name((rf_variant)v), differ);
    }
    CHECK(rows_with >= 1);
}

/* The builds give the same moves, the same position after each, and rf_generate_moves (the
 * chosen row) gives them too. */
TEST(builds_agree_on_moves_and_positions)
{
    build_corpora();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rows[2];
        if (builds_of((rf_variant)v, rows) == 0) continue;
        const corpus *c = &corpora[v];
        int differ = 0;
        for (int i = 0; i < c->count; i++) {
            const rf_position *pos = &c->pos[i];
            rf_move a[RF_MAX_MOVES], b[RF_MAX_MOVES];
            rf_movelist list;
            size_t na = moves_of(rows[0]->generate, pos, a);
            rf_generate_moves(&list, pos);
            qsort(list.moves, list.count, sizeof *list.moves, compare_moves);
            int same = list.count == na && memcmp(list.moves, a, na * sizeof *a) == 0;
            if (rows[1]) {
                size_t nb = moves_of(rows[1]->generate, pos, b);
                same = same && nb == na && memcmp(a, b, na * sizeof *a) == 0;
                for (size_t m = 0; same && m < na; m++) {
                    rf_position pa = *pos, pb = *pos;
                    rf__play_by(rows[0], &pa, a[m]);
                    rf__play_by(rows[1], &pb, a[m]);
                    same = rf_position_equal(&pa, &pb) && pa.key == pb.key;
                }
                same = same && rows[0]->checkers(pos, (rf_color)pos->side) == rows[1]->checkers(pos, (rf_color)pos->side);
            }
            if (!same && differ++ < 3) CHECK_MSG(0, "%s: builds differ in %s", rf_variant_name((rf_variant)v), fen_of(pos));
        }
        CHECK_MSG(differ == 0, "%s: %d positions where the builds differ", rf_variant_name((rf_variant)v), differ);
    }
}

/* 1 when two positions hold the same pieces, rights, en passant square, clocks, side and variant
 * state (the en passant legality flag and the key aside: the simple make-move leaves them). */
static int same_but_ep_legal(const rf_position *a, const rf_position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0 && a->ep == b->ep &&
           a->side == b->side && a->halfmove == b->halfmove && a->fullmove == b->fullmove &&
           a->promoted == b->promoted && memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 &&
           memcmp(a->remaining_checks, b->remaining_checks, sizeof a->remaining_checks) == 0;
}

/* Every move played by every build leaves a position that holds every invariant, and the one the
 * simple make-move (rf__play_simple) leaves. */
TEST(play_keeps_invariants)
{
    build_corpora();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rows[2];
        builds_of((rf_variant)v, rows);
        const corpus *c = &corpora[v];
        int broken = 0;
        long played = 0;
        for (int isa = 0; isa < 2; isa++) {
            if (!rows[isa]) continue;
            for (int i = 0; i < c->count; i++) {
                rf_move moves[RF_MAX_MOVES];
                rf_move *end = rows[isa]->generate(&c->pos[i], moves);
                for (rf_move *m = moves; m < end; m++) {
                    rf_position child = c->pos[i];
                    rf_position simple = c->pos[i];
                    rf__play_by(rows[isa], &child, *m);
                    rf__play_simple(&simple, *m);
                    played++;
                    const char *why = rf__position_check(&child);
                    if (!why && !same_but_ep_legal(&child, &simple)) why = "the simple make-move disagrees";
                    if (why && broken++ < 3)
                        CHECK_MSG(0, "%s build %d: %s after move %#x: %s", rf_variant_name((rf_variant)v), isa,
                                  fen_of(&c->pos[i]), *m, why);
                }
            }
        }
        CHECK_MSG(broken == 0, "%s: %d of %ld moves break an invariant", rf_variant_name((rf_variant)v), broken, played);
    }
}

/* perft of each build equals perft by the play-and-test generator: depth 2 everywhere, depth 3
 * on the suite positions whose trees are small. */
TEST(builds_agree_on_perft)
{
    build_corpora();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rows[2];
        if (builds_of((rf_variant)v, rows) == 0) continue;
        const corpus *c = &corpora[v];
        int differ = 0;
        for (int i = 0; i < c->count; i++) {
            const rf_position *pos = &c->pos[i];
            int deepest = i < c->suite_count ? 3 : 2;
            for (int depth = 1; depth <= deepest; depth++) {
                uint64_t want = rf__perft_simple(rows[0], pos, depth);
                if (depth == 3 && want > 60000) break;
                for (int isa = 0; isa < 2; isa++) {
                    if (!rows[isa]) continue;
                    uint64_t got = rows[isa]->perft(pos, depth, NULL);
                    if (got != want && differ++ < 3)
                        CHECK_MSG(0, "%s build %d: %s depth %d: %llu, simple %llu", rf_variant_name((rf_variant)v), isa,
                                  fen_of(pos), depth, (unsigned long long)got, (unsigned long long)want);
                }
            }
        }
        CHECK_MSG(differ == 0, "%s: %d perft counts differ", rf_variant_name((rf_variant)v), differ);
    }
}

/* Crazyhouse: a promoted piece that takes a promoted piece stays promoted, so that whoever takes
 * it back gets a pawn for the pocket, in the kernel's walk as in the simple make-move. (The
 * kernel's make-move once cleared the mark; rf_perft_run plays the first plies through
 * rf_position_play, so only a capture three plies down showed it: the row's perft is asked here.) */
TEST(crazyhouse_promoted_capturer_stays_promoted)
{
    rf_position pos;
    rf_error err;
    const char *fen = "3k4/7b/8/8/1P6/1K6/Q~4q~2/8[] b - - 4 8";
    CHECK_MSG(rf_position_from_fen(&pos, fen, RF_VARIANT_CRAZYHOUSE, &err) == RF_OK, "%s", err.message);
    const rf__variant *rows[2];
    builds_of(RF_VARIANT_CRAZYHOUSE, rows);
    const uint64_t want = rf__perft_simple(rows[0], &pos, 4);
    for (int isa = 0; isa < 2; isa++)
        if (rows[isa]) CHECK_INT(rows[isa]->perft(&pos, 4, NULL), want);
}

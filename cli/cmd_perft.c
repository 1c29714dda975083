/*
 * cmd_perft.c - `rankfile perft`: count the leaves of the legal move tree of a position, split
 * by first move (--divide), or check a whole suite of positions against expected counts.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char help[] =
    "usage: rankfile perft FEN DEPTH [--divide] [--threads N] [--hash MB] [--json]\n"
    "       rankfile perft FEN DEPTH --split PLY > jobs.txt\n"
    "       rankfile perft --jobs FILE [--threads N] [--hash MB]\n"
    "       rankfile perft --sum FILE...\n"
    "       rankfile perft --suite FILE [--max-nodes N] [--max-depth D] [--variant ...]\n"
    "\n"
    "Counts the move sequences of DEPTH plies from a position (perft), the standard test of a\n"
    "move generator. DEPTH is 0 to 30; counts are exact to 128 bits.\n"
    "\n"
    "options:\n"
    "  --divide          the count under each legal first move, in Stockfish's format\n"
    "                    ('e2e4: 600' lines sorted by move, a blank line, 'Nodes searched: N'),\n"
    "                    so that one diff against `go perft` finds a wrong root move\n"
    "  --threads N       count with N threads (default: one per CPU; 1 for a single thread)\n"
    "  --hash MB         remember subtree counts in a table of MB MiB (default: none)\n"
    "  --split PLY       do not count: list the positions PLY plies down as jobs, one line\n"
    "                    'DEPTH COUNT FEN' each (COUNT: how many move orders reach it), so a\n"
    "                    deep count can be spread over processes or machines\n"
    "  --jobs FILE       count each job of FILE ('-' for stdin), printing 'NODES DEPTH COUNT\n"
    "                    FEN' per job (NODES already multiplied by COUNT) and the total\n"
    "  --sum FILE...     add up the NODES column of --jobs outputs, exactly\n"
    "                    (give --jobs the --variant and --chess960 that --split had)\n"
    "  --suite FILE      check every position of FILE ('-' for stdin) against its expected\n"
    "                    counts; two formats are read:\n"
    "                      id NAME / epd FEN / perft DEPTH NODES   (records; # comments)\n"
    "                      FEN ;D1 20 ;D2 400 ...                  (one position a line)\n"
    "                    prints 'ok' or 'FAIL' per position and a closing line\n"
    "                    'N passed, N failed, N skipped' (counted per depth); exit 1 if any\n"
    "                    count is wrong\n"
    "  --max-nodes N     with --suite: skip expected counts above N\n"
    "  --max-depth D     with --suite: skip depths above D\n"
    "  --variant atomic  perft of Atomic chess;  --chess960  force Chess960 castling mode\n"
    "  --json            {\"fen\",\"depth\",\"nodes\"} (with --divide also \"divide\":{move:count});\n"
    "                    counts are exact integers at any size\n"
    "\n"
    "examples:\n"
    "  rankfile perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 5\n"
    "    4865609\n"
    "  rankfile perft 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' 1 --divide\n"
    "  rankfile perft --suite tests/data/tricky.perft --max-nodes 1000000\n";

#define MAX_DEPTH RF_PERFT_MAX_DEPTH

typedef struct perft_options {
    cli_common common;
    int divide;
    const char *suite;
    unsigned long long max_nodes;
    int max_depth;
    int threads;
    size_t hash_mb;
    int split;
    const char *jobs;
} perft_options;

/* Counts with the options' threads and table; prints the error and returns an exit code, or 0. */
static int count_nodes(const perft_options *o, const rf_position *pos, int depth, rf_count *out)
{
    rf_perft_options opt = {o->threads, o->hash_mb};
    rf_error err;
    if (rf_perft_run(out, pos, depth, &opt, &err) != RF_OK) {
        cli_error(o->common.command, "%s", err.message);
        return err.status == RF_ERR_NO_MEMORY ? CLI_SOFTWARE : CLI_USAGE;
    }
    return 0;
}

static unsigned parse_flags(const perft_options *o)
{
    return (o->common.chess960 ? RF_PARSE_CHESS960 : 0) |
           (o->common.variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
}

typedef struct root_move {
    char uci[8];
    rf_count nodes;
} root_move;

static int compare_root(const void *a, const void *b)
{
    return strcmp(((const root_move *)a)->uci, ((const root_move *)b)->uci);
}

static int run_single(const perft_options *o, const char *fen, const char *depth_text)
{
    char *end;
    errno = 0;
    long depth = strtol(depth_text, &end, 10);
    if (errno || end == depth_text || *end || depth < 0 || depth > MAX_DEPTH)
        return cli_usage(o->common.command, "DEPTH must be a whole number 0-%d, not '%s'",
                         MAX_DEPTH, depth_text);
    rf_position pos;
    rf_error err;
    if (rf_position_parse(&pos, fen, strlen(fen), parse_flags(o), RF_ACCEPT_DEFAULT, &err) != RF_OK) {
        cli_error(o->common.command, "%s", err.message);
        return CLI_DATAERR;
    }
    char fen_out[RF_FEN_MAX];
    rf_position_to_fen(&pos, fen_out, sizeof fen_out, 0);
    char count_text[48];
    if (!o->divide) {
        rf_count nodes;
        int r = count_nodes(o, &pos, (int)depth, &nodes);
        if (r) return r;
        rf_count_format(nodes, count_text, sizeof count_text);
        if (o->common.json) {
            fputs("{\"fen\":", stdout);
            cli_json_string(stdout, fen_out, strlen(fen_out));
            printf(",\"depth\":%ld,\"nodes\":%s}\n", depth, count_text);
        } else {
            puts(count_text);
        }
        return cli_finish(o->common.command, CLI_OK);
    }
    rf_movelist list;
    root_move roots[RF_MAX_MOVES];
    rf_count total = {0, 0};
    unsigned n = depth > 0 ? rf_generate_moves(&pos, &list) : 0;
    for (unsigned i = 0; i < n; i++) {
        rf_position child = pos;
        rf_position_play(&child, list.moves[i]);
        rf_move_to_uci(&pos, list.moves[i], roots[i].uci, sizeof roots[i].uci);
        int r = count_nodes(o, &child, (int)depth - 1, &roots[i].nodes);
        if (r) return r;
        total.lo += roots[i].nodes.lo;
        total.hi += roots[i].nodes.hi + (total.lo < roots[i].nodes.lo);
    }
    if (depth == 0) total.lo = 1;
    qsort(roots, n, sizeof *roots, compare_root);
    rf_count_format(total, count_text, sizeof count_text);
    if (o->common.json) {
        fputs("{\"fen\":", stdout);
        cli_json_string(stdout, fen_out, strlen(fen_out));
        printf(",\"depth\":%ld,\"nodes\":%s,\"divide\":{", depth, count_text);
        for (unsigned i = 0; i < n; i++) {
            char c[48];
            rf_count_format(roots[i].nodes, c, sizeof c);
            printf("%s\"%s\":%s", i ? "," : "", roots[i].uci, c);
        }
        puts("}}");
    } else {
        for (unsigned i = 0; i < n; i++) {
            char c[48];
            rf_count_format(roots[i].nodes, c, sizeof c);
            printf("%s: %s\n", roots[i].uci, c);
        }
        printf("\nNodes searched: %s\n", count_text);
    }
    return cli_finish(o->common.command, CLI_OK);
}

/* A suite run: the current position and the tallies. */
typedef struct suite_state {
    const perft_options *o;
    char id[128];
    rf_position pos;
    int have_pos;
    unsigned long passed, failed, skipped;
    int pos_failed, pos_checked;
    int data_error;
} suite_state;

static void finish_position(suite_state *s)
{
    if (s->have_pos && s->pos_checked && !s->pos_failed) printf("ok %s\n", s->id);
    s->have_pos = 0;
    s->pos_failed = 0;
    s->pos_checked = 0;
}

static int start_position(suite_state *s, const char *fen, size_t len, unsigned long lineno,
                          const char *file)
{
    rf_error err;
    finish_position(s);
    if (rf_position_parse(&s->pos, fen, len, parse_flags(s->o), RF_ACCEPT_DEFAULT, &err) != RF_OK) {
        cli_error(s->o->common.command, "%s:%lu: %s", file, lineno, err.message);
        s->data_error = 1;
        return 0;
    }
    s->have_pos = 1;
    return 1;
}

static void check_count(suite_state *s, long depth, unsigned long long expected)
{
    if (depth < 0 || depth > MAX_DEPTH || (s->o->max_depth >= 0 && depth > s->o->max_depth) ||
        expected > s->o->max_nodes) {
        s->skipped++;
        return;
    }
    rf_count count;
    if (count_nodes(s->o, &s->pos, (int)depth, &count)) {
        s->data_error = 1;
        return;
    }
    uint64_t got = count.hi ? ~0ULL : count.lo;
    s->pos_checked = 1;
    if (got == expected) {
        s->passed++;
    } else {
        s->failed++;
        s->pos_failed = 1;
        char fen[RF_FEN_MAX];
        rf_position_to_fen(&s->pos, fen, sizeof fen, RF_FEN_SHREDDER);
        printf("FAIL %s depth %ld: %llu nodes, expected %llu (%s)\n", s->id, depth,
               (unsigned long long)got, expected, fen);
    }
}

/* Reads "NAME VALUE" numbers: a depth and a count. */
static int parse_depth_count(const char *p, long *depth, unsigned long long *nodes)
{
    char *end;
    errno = 0;
    *depth = strtol(p, &end, 10);
    if (errno || end == p || !isspace((unsigned char)*end)) return 0;
    p = end;
    while (isspace((unsigned char)*p)) p++;
    if (!isdigit((unsigned char)*p)) return 0;
    *nodes = strtoull(p, &end, 10);
    if (errno) return 0;
    while (isspace((unsigned char)*end)) end++;
    return *end == '\0';
}

static int run_suite(perft_options *o)
{
    FILE *f = strcmp(o->suite, "-") == 0 ? stdin : fopen(o->suite, "r");
    if (!f) {
        cli_error(o->common.command, "cannot open '%s': %s", o->suite, strerror(errno));
        return CLI_NOINPUT;
    }
    suite_state s;
    memset(&s, 0, sizeof s);
    s.o = o;
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long;
    unsigned long lineno = 0, unnamed = 0;
    while (cli_read_line(f, line, sizeof line, &len, &too_long)) {
        lineno++;
        if (too_long || memchr(line, '\0', len)) {
            cli_error(o->common.command, "%s:%lu: %s", o->suite, lineno,
                      too_long ? "line too long" : "NUL byte in line");
            s.data_error = 1;
            continue;
        }
        char *p = line;
        while (isspace((unsigned char)*p)) p++;
        char *hash = strchr(p, '#');
        if (hash) *hash = '\0';
        size_t n = strlen(p);
        while (n && isspace((unsigned char)p[n - 1])) p[--n] = '\0';
        if (!n) continue;
        if (strncmp(p, "id", 2) == 0 && (p[2] == ' ' || p[2] == '\t')) {
            finish_position(&s);
            snprintf(s.id, sizeof s.id, "%s", p + 3);
        } else if (strncmp(p, "epd", 3) == 0 && (p[3] == ' ' || p[3] == '\t')) {
            if (s.have_pos) {
                finish_position(&s);
                s.id[0] = '\0';
            }
            if (!s.id[0]) snprintf(s.id, sizeof s.id, "line-%lu", lineno);
            start_position(&s, p + 4, n - 4, lineno, o->suite);
        } else if (strncmp(p, "perft", 5) == 0 && (p[5] == ' ' || p[5] == '\t')) {
            long depth;
            unsigned long long nodes;
            if (!parse_depth_count(p + 6, &depth, &nodes)) {
                cli_error(o->common.command, "%s:%lu: expected 'perft DEPTH NODES'", o->suite, lineno);
                s.data_error = 1;
            } else if (s.have_pos) {
                check_count(&s, depth, nodes);
            }
        } else if (strchr(p, ';')) {
            /* FEN ;D1 20 ;D2 400 */
            char *semi = strchr(p, ';');
            finish_position(&s);
            snprintf(s.id, sizeof s.id, "line-%lu", lineno);
            unnamed++;
            if (!start_position(&s, p, (size_t)(semi - p), lineno, o->suite)) continue;
            while (semi) {
                char *field = semi + 1;
                semi = strchr(field, ';');
                if (semi) *semi = '\0';
                while (isspace((unsigned char)*field)) field++;
                long depth;
                unsigned long long nodes;
                if ((field[0] != 'D' && field[0] != 'd') || !parse_depth_count(field + 1, &depth, &nodes)) {
                    cli_error(o->common.command, "%s:%lu: expected ';D<depth> <nodes>'", o->suite, lineno);
                    s.data_error = 1;
                    break;
                }
                check_count(&s, depth, nodes);
            }
            finish_position(&s);
            s.id[0] = '\0';
        } else {
            cli_error(o->common.command, "%s:%lu: not a suite line (id, epd, perft, or FEN ;D1 N)",
                      o->suite, lineno);
            s.data_error = 1;
        }
    }
    finish_position(&s);
    if (f != stdin) fclose(f);
    printf("%lu passed, %lu failed, %lu skipped\n", s.passed, s.failed, s.skipped);
    int code = s.data_error ? CLI_DATAERR : s.failed ? CLI_NO : CLI_OK;
    return cli_finish(o->common.command, code);
}

/* --split: the positions `ply` plies down, each with the number of move orders reaching it. */
typedef struct split_list {
    char (*fens)[RF_FEN_MAX];
    size_t count, cap;
    int failed;
} split_list;

#define SPLIT_MAX_POSITIONS 20000000

static void split_collect(split_list *l, const rf_position *pos, int ply)
{
    if (l->failed) return;
    if (ply == 0) {
        if (l->count == l->cap) {
            size_t cap = l->cap ? l->cap * 2 : 4096;
            void *p = cap <= SPLIT_MAX_POSITIONS ? realloc(l->fens, cap * sizeof *l->fens) : NULL;
            if (!p) {
                l->failed = 1;
                return;
            }
            l->fens = p;
            l->cap = cap;
        }
        rf_position_to_fen(pos, l->fens[l->count++], RF_FEN_MAX, RF_FEN_SHREDDER);
        return;
    }
    rf_movelist list;
    rf_generate_moves(pos, &list);
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        split_collect(l, &child, ply - 1);
    }
}

static int compare_fen(const void *a, const void *b) { return strcmp(a, b); }

/* The FEN of the split positions, halfmove and fullmove counters dropped so that transpositions
 * merge: perft does not depend on them. */
static void drop_counters(char *fen)
{
    char *p = strrchr(fen, ' ');
    if (p) *p = '\0';
    p = strrchr(fen, ' ');
    if (p) *p = '\0';
}

static int run_split(const perft_options *o, const char *fen, const char *depth_text)
{
    char *end;
    errno = 0;
    long depth = strtol(depth_text, &end, 10);
    if (errno || end == depth_text || *end || depth < o->split || depth > MAX_DEPTH)
        return cli_usage(o->common.command, "DEPTH must be %d-%d with --split %d, not '%s'", o->split,
                         MAX_DEPTH, o->split, depth_text);
    rf_position pos;
    rf_error err;
    if (rf_position_parse(&pos, fen, strlen(fen), parse_flags(o), RF_ACCEPT_DEFAULT, &err) != RF_OK) {
        cli_error(o->common.command, "%s", err.message);
        return CLI_DATAERR;
    }
    split_list l = {NULL, 0, 0, 0};
    split_collect(&l, &pos, o->split);
    if (l.failed) {
        free(l.fens);
        cli_error(o->common.command, "--split %d gives more than %d positions; split at a lower ply",
                  o->split, SPLIT_MAX_POSITIONS);
        return CLI_USAGE;
    }
    for (size_t i = 0; i < l.count; i++) drop_counters(l.fens[i]);
    qsort(l.fens, l.count, sizeof *l.fens, compare_fen);
    printf("# rankfile perft jobs: DEPTH COUNT FEN; %zu move orders, split %d plies below\n", l.count, o->split);
    for (size_t i = 0; i < l.count;) {
        size_t j = i;
        while (j < l.count && strcmp(l.fens[i], l.fens[j]) == 0) j++;
        printf("%ld %zu %s\n", depth - o->split, j - i, l.fens[i]);
        i = j;
    }
    free(l.fens);
    return cli_finish(o->common.command, CLI_OK);
}

/* Adds a*b (b < 2^64) to a 128-bit total. */
static void add_product(rf_count *total, rf_count a, uint64_t b)
{
    /* (hi*2^64 + lo) * b, keeping the low 128 bits. */
    uint64_t lo_lo = (a.lo & 0xFFFFFFFFu) * (b & 0xFFFFFFFFu);
    uint64_t lo_hi = (a.lo >> 32) * (b & 0xFFFFFFFFu);
    uint64_t hi_lo = (a.lo & 0xFFFFFFFFu) * (b >> 32);
    uint64_t hi_hi = (a.lo >> 32) * (b >> 32);
    uint64_t cross = (lo_lo >> 32) + (lo_hi & 0xFFFFFFFFu) + hi_lo;
    uint64_t lo = (cross << 32) | (lo_lo & 0xFFFFFFFFu);
    uint64_t hi = (lo_hi >> 32) + (cross >> 32) + hi_hi + a.hi * b;
    total->lo += lo;
    total->hi += hi + (total->lo < lo);
}

static FILE *open_input(const perft_options *o, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) cli_error(o->common.command, "cannot open '%s': %s", path, strerror(errno));
    return f;
}

static int run_jobs(const perft_options *o)
{
    FILE *f = open_input(o, o->jobs);
    if (!f) return CLI_NOINPUT;
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long, status = CLI_OK;
    unsigned long lineno = 0;
    rf_count total = {0, 0};
    while (cli_read_line(f, line, sizeof line, &len, &too_long)) {
        lineno++;
        if (len == 0 || line[0] == '#') continue;
        char *end;
        errno = 0;
        long depth = strtol(line, &end, 10);
        char *p = end;
        unsigned long long mult = errno || p == line ? 0 : strtoull(p, &end, 10);
        rf_position pos;
        rf_error err;
        if (too_long || errno || end == p || depth < 0 || depth > MAX_DEPTH || mult == 0 ||
            rf_position_parse(&pos, end, strlen(end), parse_flags(o), RF_ACCEPT_DEFAULT, &err) != RF_OK) {
            cli_error(o->common.command, "%s:%lu: expected 'DEPTH COUNT FEN'", o->jobs, lineno);
            status = CLI_DATAERR;
            continue;
        }
        rf_count nodes, scaled = {0, 0};
        int r = count_nodes(o, &pos, (int)depth, &nodes);
        if (r) return r;
        add_product(&scaled, nodes, mult);
        total.lo += scaled.lo;
        total.hi += scaled.hi + (total.lo < scaled.lo);
        char text[48];
        rf_count_format(scaled, text, sizeof text);
        while (*end == ' ') end++;
        printf("%s %ld %llu %s\n", text, depth, mult, end);
        fflush(stdout);
    }
    if (f != stdin) fclose(f);
    char text[48];
    rf_count_format(total, text, sizeof text);
    printf("Nodes searched: %s\n", text);
    return cli_finish(o->common.command, status);
}

/* Adds a decimal number of up to 39 digits to a 128-bit total; 0 when it is not one. */
static int add_decimal(rf_count *total, const char *s, size_t n)
{
    rf_count v = {0, 0};
    if (n == 0 || n > 39) return 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        rf_count t = {0, 0};
        add_product(&t, v, 10);
        t.lo += (uint64_t)(s[i] - '0');
        t.hi += t.lo < (uint64_t)(s[i] - '0');
        v = t;
    }
    total->lo += v.lo;
    total->hi += v.hi + (total->lo < v.lo);
    return 1;
}

static int run_sum(const perft_options *o, int nfiles, char **files)
{
    rf_count total = {0, 0};
    int status = CLI_OK;
    static char line[CLI_MAX_LINE];
    for (int i = 0; i < nfiles; i++) {
        FILE *f = open_input(o, files[i]);
        if (!f) return CLI_NOINPUT;
        size_t len;
        int too_long;
        unsigned long lineno = 0;
        while (cli_read_line(f, line, sizeof line, &len, &too_long)) {
            lineno++;
            if (len == 0 || line[0] == '#' || strncmp(line, "Nodes searched", 14) == 0) continue;
            if (too_long || !add_decimal(&total, line, strcspn(line, " "))) {
                cli_error(o->common.command, "%s:%lu: expected 'NODES DEPTH COUNT FEN'", files[i], lineno);
                status = CLI_DATAERR;
            }
        }
        if (f != stdin) fclose(f);
    }
    char text[48];
    rf_count_format(total, text, sizeof text);
    printf("Nodes searched: %s\n", text);
    return cli_finish(o->common.command, status);
}

int cli_cmd_perft(int argc, char **argv)
{
    enum {
        OPT_DIVIDE = CLI_OPT_FIRST_FREE,
        OPT_SUITE,
        OPT_MAX_NODES,
        OPT_MAX_DEPTH,
        OPT_THREADS,
        OPT_HASH,
        OPT_SPLIT,
        OPT_JOBS,
        OPT_SUM
    };
    int sum = 0;
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"divide", no_argument, NULL, OPT_DIVIDE},
        {"suite", required_argument, NULL, OPT_SUITE},
        {"max-nodes", required_argument, NULL, OPT_MAX_NODES},
        {"max-depth", required_argument, NULL, OPT_MAX_DEPTH},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"hash", required_argument, NULL, OPT_HASH},
        {"split", required_argument, NULL, OPT_SPLIT},
        {"jobs", required_argument, NULL, OPT_JOBS},
        {"sum", no_argument, NULL, OPT_SUM},
        {NULL, 0, NULL, 0},
    };
    perft_options o;
    memset(&o, 0, sizeof o);
    o.common.command = "perft";
    o.max_nodes = ~0ULL;
    o.max_depth = -1;
    int c;
    char *end;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_DIVIDE: o.divide = 1; break;
        case OPT_SUITE: o.suite = optarg; break;
        case OPT_MAX_NODES:
            errno = 0;
            o.max_nodes = strtoull(optarg, &end, 10);
            if (errno || end == optarg || *end || optarg[0] == '-')
                return cli_usage(o.common.command, "--max-nodes takes a whole number, not '%s'", optarg);
            break;
        case OPT_THREADS: {
            errno = 0;
            long t = strtol(optarg, &end, 10);
            if (errno || end == optarg || *end || t < 1 || t > 256)
                return cli_usage(o.common.command, "--threads takes 1-256, not '%s'", optarg);
            o.threads = (int)t;
            break;
        }
        case OPT_HASH: {
            errno = 0;
            unsigned long long mb = strtoull(optarg, &end, 10);
            if (errno || end == optarg || *end || optarg[0] == '-' || mb == 0 || mb > (1ULL << 20))
                return cli_usage(o.common.command, "--hash takes a size in MiB, 1-1048576, not '%s'", optarg);
            /* Refuse a table larger than the machine's memory rather than let it swap. */
            long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
            if (pages > 0 && page > 0 && mb > (unsigned long long)pages / (1048576 / (unsigned long long)page))
                return cli_usage(o.common.command, "--hash %llu MiB is more than this machine's memory (%lld MiB)",
                                 mb, (long long)pages / (1048576 / page));
            o.hash_mb = (size_t)mb;
            break;
        }
        case OPT_SPLIT: {
            errno = 0;
            long p = strtol(optarg, &end, 10);
            if (errno || end == optarg || *end || p < 1 || p > 6)
                return cli_usage(o.common.command, "--split takes a ply 1-6, not '%s'", optarg);
            o.split = (int)p;
            break;
        }
        case OPT_JOBS: o.jobs = optarg; break;
        case OPT_SUM: sum = 1; break;
        case OPT_MAX_DEPTH: {
            errno = 0;
            long d = strtol(optarg, &end, 10);
            if (errno || end == optarg || *end || d < 0 || d > MAX_DEPTH)
                return cli_usage(o.common.command, "--max-depth takes 0-%d, not '%s'", MAX_DEPTH, optarg);
            o.max_depth = (int)d;
            break;
        }
        default: {
            int r = cli_common_option(&o.common, c, help, argv);
            if (r >= 0) return r;
        }
        }
    }
    int rest = argc - optind;
    if (sum) {
        if (!rest) return cli_usage(o.common.command, "--sum takes the files to add up");
        return run_sum(&o, argc - optind, argv + optind);
    }
    if (o.jobs) {
        if (rest) return cli_usage(o.common.command, "--jobs takes no FEN or DEPTH");
        return run_jobs(&o);
    }
    if (o.split) {
        if (rest != 2) return cli_usage(o.common.command, "--split needs FEN DEPTH");
        return run_split(&o, argv[optind], argv[optind + 1]);
    }
    if (o.suite) {
        if (rest) return cli_usage(o.common.command, "--suite takes no FEN or DEPTH");
        return run_suite(&o);
    }
    if (rest != 2) return cli_usage(o.common.command, "expected FEN DEPTH (or --suite FILE)");
    return run_single(&o, argv[optind], argv[optind + 1]);
}

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

static const char help[] =
    "usage: rankfile perft FEN DEPTH [--divide] [--threads N] [--variant standard|atomic]\n"
    "                      [--chess960] [--json]\n"
    "       rankfile perft --suite FILE [--max-nodes N] [--max-depth D] [--variant ...]\n"
    "\n"
    "Counts the move sequences of DEPTH plies from a position (perft), the standard test of a\n"
    "move generator. DEPTH is 0 to " "20" ".\n"
    "\n"
    "options:\n"
    "  --divide          the count under each legal first move, in Stockfish's format\n"
    "                    ('e2e4: 600' lines sorted by move, a blank line, 'Nodes searched: N'),\n"
    "                    so that one diff against `go perft` finds a wrong root move\n"
    "  --threads N       count with N threads (default: one per CPU; 1 for a single thread)\n"
    "  --suite FILE      check every position of FILE ('-' for stdin) against its expected\n"
    "                    counts; two formats are read:\n"
    "                      id NAME / epd FEN / perft DEPTH NODES   (records; # comments)\n"
    "                      FEN ;D1 20 ;D2 400 ...                  (one position a line)\n"
    "                    prints 'ok' or 'FAIL' per position and a closing line\n"
    "                    'N passed, N failed, N skipped' (counted per depth); exit 1 if any\n"
    "                    count is wrong\n"
    "  --max-nodes N     with --suite: skip expected counts above N\n"
    "  --max-depth D     with --suite: skip depths above D\n"
    "  --json            {\"fen\",\"depth\",\"nodes\"} (with --divide also \"divide\":{move:count});\n"
    "                    counts are exact integers at any size\n"
    "\n"
    "examples:\n"
    "  rankfile perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 5\n"
    "    4865609\n"
    "  rankfile perft 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' 1 --divide\n"
    "  rankfile perft --suite tests/data/tricky.perft --max-nodes 1000000\n";

#define MAX_DEPTH 20

typedef struct perft_options {
    cli_common common;
    int divide;
    const char *suite;
    unsigned long long max_nodes;
    int max_depth;
    int threads;
} perft_options;

static unsigned parse_flags(const perft_options *o)
{
    return (o->common.chess960 ? RF_PARSE_CHESS960 : 0) |
           (o->common.variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
}

typedef struct root_move {
    char uci[8];
    uint64_t nodes;
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
    if (!o->divide) {
        uint64_t nodes = rf_perft_threads(&pos, (int)depth, o->threads);
        if (o->common.json) {
            fputs("{\"fen\":", stdout);
            cli_json_string(stdout, fen_out, strlen(fen_out));
            printf(",\"depth\":%ld,\"nodes\":%llu}\n", depth, (unsigned long long)nodes);
        } else {
            printf("%llu\n", (unsigned long long)nodes);
        }
        return cli_finish(o->common.command, CLI_OK);
    }
    rf_movelist list;
    root_move roots[RF_MAX_MOVES];
    uint64_t total = 0;
    unsigned n = depth > 0 ? rf_generate_moves(&pos, &list) : 0;
    for (unsigned i = 0; i < n; i++) {
        rf_position child = pos;
        rf_position_play(&child, list.moves[i]);
        rf_move_to_uci(&pos, list.moves[i], roots[i].uci, sizeof roots[i].uci);
        roots[i].nodes = rf_perft_threads(&child, (int)depth - 1, o->threads);
        total += roots[i].nodes;
    }
    if (depth == 0) total = 1;
    qsort(roots, n, sizeof *roots, compare_root);
    if (o->common.json) {
        fputs("{\"fen\":", stdout);
        cli_json_string(stdout, fen_out, strlen(fen_out));
        printf(",\"depth\":%ld,\"nodes\":%llu,\"divide\":{", depth, (unsigned long long)total);
        for (unsigned i = 0; i < n; i++)
            printf("%s\"%s\":%llu", i ? "," : "", roots[i].uci, (unsigned long long)roots[i].nodes);
        puts("}}");
    } else {
        for (unsigned i = 0; i < n; i++)
            printf("%s: %llu\n", roots[i].uci, (unsigned long long)roots[i].nodes);
        printf("\nNodes searched: %llu\n", (unsigned long long)total);
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
    uint64_t got = rf_perft_threads(&s->pos, (int)depth, s->o->threads);
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

int cli_cmd_perft(int argc, char **argv)
{
    enum { OPT_DIVIDE = CLI_OPT_FIRST_FREE, OPT_SUITE, OPT_MAX_NODES, OPT_MAX_DEPTH, OPT_THREADS };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"divide", no_argument, NULL, OPT_DIVIDE},
        {"suite", required_argument, NULL, OPT_SUITE},
        {"max-nodes", required_argument, NULL, OPT_MAX_NODES},
        {"max-depth", required_argument, NULL, OPT_MAX_DEPTH},
        {"threads", required_argument, NULL, OPT_THREADS},
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
    if (o.suite) {
        if (rest) return cli_usage(o.common.command, "--suite takes no FEN or DEPTH");
        return run_suite(&o);
    }
    if (rest != 2) return cli_usage(o.common.command, "expected FEN DEPTH (or --suite FILE)");
    return run_single(&o, argv[optind], argv[optind + 1]);
}

/*
 * cmd_perft.c - `rankfile perft`: count the leaves of the legal move tree of a position, split
 * by first move (--divide), check a whole suite of positions against expected counts, or spread
 * one deep count over processes (--split, --jobs, --sum).
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
    OPT_DIVIDE = 1, OPT_SORT, OPT_THREADS, OPT_HASH, OPT_SPLIT, OPT_JOBS, OPT_SUM, OPT_SUITE,
    OPT_MAX_NODES, OPT_MAX_DEPTH, OPT_KERNEL, OPT_PROGRESS, OPT_QUIET
};

static const cli_option options[] = {
    {OPT_DIVIDE, "divide", 0, NULL,
     "the count under each legal first move, in Stockfish's format: a line\n"
     "'e2e4: 600' as each root move is counted (in generation order), a\n"
     "blank line, 'Nodes searched: N'"},
    {OPT_SORT, "sort", 0, NULL, "with --divide: the lines sorted by move, printed at the end"},
    {OPT_THREADS, "threads", 0, "N", "count with N threads, 1-256 (default: one per CPU)"},
    {OPT_HASH, "hash", 0, "MB", "remember subtree counts in a table of MB MiB (default: none)"},
    {OPT_KERNEL, "kernel", 0, "NAME",
     "the move generator's code path: auto (the default: bmi2 where the\n"
     "CPU has a fast PEXT, else portable), portable (magic bitboards) or\n"
     "bmi2 (x86-64 PEXT); the counts are the same, only the speed differs.\n"
     "'rankfile --version' says which path auto takes"},
    {OPT_PROGRESS, "progress", 0, NULL,
     "show the progress of a count on stderr (jobs done of total, nodes/s,\n"
     "time left): on a terminal one line, redrawn and cleared at the end\n"
     "(the default there, once a count has run a second); elsewhere a line\n"
     "every 5 seconds and a last line when the count is done"},
    {OPT_QUIET, "quiet", 0, NULL, "no progress line, even on a terminal"},
    {OPT_QUIET, "no-progress", 0, NULL, "the same as --quiet (as in 'rankfile pgn')"},
    {OPT_SPLIT, "split", 0, "PLY",
     "do not count: list the positions PLY (1-6) plies down as jobs, one line\n"
     "'DEPTH COUNT FEN' each (COUNT: how many move orders reach it), so a\n"
     "deep count can be spread over processes or machines"},
    {OPT_JOBS, "jobs", 0, "FILE",
     "count each job of FILE ('-' for stdin), printing 'NODES DEPTH COUNT\n"
     "FEN' per job (NODES already multiplied by COUNT) and, when every job\n"
     "was counted, the total 'Nodes searched: N'; with --sum: the job file\n"
     "the results must answer, each job exactly once"},
    {OPT_SUM, "sum", 0, NULL,
     "add up the results of --jobs (text form) exactly: refuses a file cut\n"
     "short (no total line, or a total that its lines do not add up to), a\n"
     "malformed line, a job answered twice, and with --jobs a job missing"},
    {OPT_SUITE, "suite", 0, "FILE",
     "check every position of FILE ('-' for stdin) against its expected\n"
     "counts; two formats are read:\n"
     "  id NAME / epd FEN / perft DEPTH NODES   (records; # comments)\n"
     "  FEN ;D1 20 ;D2 400 ...                  (one position a line)\n"
     "prints 'ok' or 'FAIL' per position and a closing line 'N passed,\n"
     "N failed, N skipped' (counted per depth); exit 1 if a count is wrong"},
    {OPT_MAX_NODES, "max-nodes", 0, "N", "with --suite: skip expected counts above N"},
    {OPT_MAX_DEPTH, "max-depth", 0, "D", "with --suite: skip depths above D"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile perft FEN DEPTH [--divide [--sort]] [--threads N] [--hash MB]\n"
    "                      [--kernel auto|portable|bmi2] [--progress|--quiet] [--json]\n"
    "       rankfile perft DEPTH [options] < positions\n"
    "       rankfile perft FEN DEPTH --split PLY > jobs.txt\n"
    "       rankfile perft --jobs FILE [--threads N] [--hash MB] > results.txt\n"
    "       rankfile perft --sum [--jobs JOBS] RESULTS...\n"
    "       rankfile perft --suite FILE [--max-nodes N] [--max-depth D] [--variant NAME]\n"
    "\n"
    "Counts the move sequences of DEPTH plies from a position (perft), the standard test of a\n"
    "move generator. DEPTH is 0 to 30; counts are exact to 128 bits. With DEPTH as the only\n"
    "argument the positions come from standard input, one per line, each answered in turn.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: {\"fen\",\"depth\",\"nodes\"} (with --divide also \"divide\":{move:count}); --split:\n"
    "one {\"depth\",\"count\",\"fen\"} per job; --jobs: one {\"depth\",\"count\",\"fen\",\"nodes\"} per\n"
    "job, then {\"nodes\",\"jobs\"}; --sum: {\"nodes\",\"results\"}; --suite: one {\"id\",\"fen\",\n"
    "\"depth\",\"expected\",\"nodes\",\"pass\"} (or \"skipped\":true) per count, then\n"
    "{\"passed\",\"failed\",\"skipped\"}. Counts are exact integers at any size. --jobs and --sum\n"
    "read the text form of --split and --jobs.\n"
    "\n"
    "Comparing --divide with Stockfish ('go perft' prints a banner and its own move order):\n"
    "  rankfile perft \"$FEN\" 3 --divide --sort > ours\n"
    "  printf 'position fen %s\\ngo perft 3\\n' \"$FEN\" | stockfish |\n"
    "    grep -E '^([a-h][1-8]){2}[qrbn]?: |^Nodes searched' | LC_ALL=C sort > theirs\n"
    "  grep ': ' ours | LC_ALL=C sort | diff - theirs\n"
    "\n"
    "examples:\n"
    "  rankfile perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 5\n"
    "    4865609\n"
    "  rankfile perft 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' 1 --divide\n"
    "  rankfile perft --suite tests/data/tricky.perft --max-nodes 1000000\n"
    "  rankfile perft 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 6 --kernel portable\n",
    NULL,
};

const cli_command cli_command_perft = {
    "perft", "count move sequences (perft), divide, or check a perft suite", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, cli_cmd_perft};

#define MAX_DEPTH RF_PERFT_MAX_DEPTH

typedef struct perft_run {
    cli_common common;
    int divide, sort;
    long depth;
    const char *suite;
    uint64_t max_nodes;
    long max_depth;
    int threads;
    size_t hash_mb;
    long split;
    const char *jobs;
    int progress; /* PROGRESS_* */
    rf_perft_table *table; /* --hash: one table for every count of the run */
} perft_run;

/* ---- progress ------------------------------------------------------------------------------ */

enum { PROGRESS_OFF, PROGRESS_TERMINAL, PROGRESS_FORCED_TERMINAL, PROGRESS_LINES };

/* One count's progress (of a --divide, one root move's): the line is drawn by the library's
 * callback, on the thread that called rf_perft_run. */
typedef struct progress_view {
    int mode;
    struct timespec started; /* of the answer: the first second is quiet on a terminal */
    const char *move;        /* with --divide: the root move counted, and which of how many */
    unsigned move_no, moves;
    double last_line;        /* PROGRESS_LINES: when the last line was written */
    int shown;               /* PROGRESS_*TERMINAL: a line is on the screen */
} progress_view;

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* "4.5s", "45s", "12m05s", "3h07m". */
static void format_duration(char *buf, size_t cap, double s)
{
    unsigned long t = s > 0 && s < 1e9 ? (unsigned long)(s + 0.5) : 0;
    if (s < 9.95)
        snprintf(buf, cap, "%.1fs", s > 0 ? s : 0.0);
    else if (t < 60)
        snprintf(buf, cap, "%lus", t);
    else if (t < 3600)
        snprintf(buf, cap, "%lum%02lus", t / 60, t % 60);
    else
        snprintf(buf, cap, "%luh%02lum", t / 3600, t / 60 % 60);
}

/* "rankfile: perft: [e2e4 (3 of 20): ]120/400 jobs, 81234567 nodes, 95.1 Mnodes/s, 1m20s left" */
static void progress_write(const progress_view *v, const rf_perft_progress *p)
{
    char nodes[48], when[32];
    rf_count_format(nodes, sizeof nodes, p->nodes);
    double n = (double)p->nodes.hi * 18446744073709551616.0 + (double)p->nodes.lo;
    fputs("rankfile: perft: ", stderr);
    if (v->move) fprintf(stderr, "%s (%u of %u): ", v->move, v->move_no, v->moves);
    fprintf(stderr, "%zu/%zu jobs, %s nodes, %.1f Mnodes/s", p->jobs_done, p->jobs_total, nodes,
            p->seconds > 0 ? n / p->seconds / 1e6 : 0.0);
    if (p->jobs_done == p->jobs_total) {
        format_duration(when, sizeof when, p->seconds);
        fprintf(stderr, ", done in %s", when);
    } else if (p->jobs_done) {
        format_duration(when, sizeof when,
                        p->seconds * (double)(p->jobs_total - p->jobs_done) / (double)p->jobs_done);
        fprintf(stderr, ", %s left", when);
    }
}

static int progress_show(void *user, const rf_perft_progress *p)
{
    progress_view *v = user;
    int end = p->jobs_done == p->jobs_total;
    if (v->mode == PROGRESS_LINES) {
        double t = seconds_since(&v->started);
        /* A --divide's moves end on stdout; its last line is the count's. */
        if ((end && !v->move) || t - v->last_line >= 5) {
            progress_write(v, p);
            fputc('\n', stderr);
            v->last_line = t;
        }
    } else if (end) {
        if (v->shown) fputs("\r\033[K", stderr);
        v->shown = 0;
    } else if (v->mode == PROGRESS_FORCED_TERMINAL || seconds_since(&v->started) >= 1) {
        fputc('\r', stderr);
        progress_write(v, p);
        fputs("\033[K", stderr);
        v->shown = 1;
    }
    fflush(stderr);
    return 0;
}

/* Counts with the run's threads and table, showing progress on `view` (NULL: none); prints the
 * error and returns an exit code, or 0. */
static int count_nodes(const perft_run *o, const rf_position *pos, int depth, rf_count *out,
                       progress_view *view)
{
    rf_perft_options opt = {.threads = o->threads, .table = o->table};
    if (view && view->mode != PROGRESS_OFF) {
        opt.progress = progress_show;
        opt.user = view;
        opt.progress_ms = view->mode == PROGRESS_LINES ? 1000 : 250;
    }
    rf_error err;
    if (rf_perft_run(out, pos, depth, &opt, &err) != RF_OK) {
        cli_error(o->common.command, "%s", err.message);
        return err.status == RF_ERR_NO_MEMORY ? CLI_SOFTWARE : CLI_USAGE;
    }
    return 0;
}

static FILE *open_input(const perft_run *o, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) cli_error(o->common.command, "cannot open '%s': %s", path, strerror(errno));
    return f;
}

static void close_input(FILE *f)
{
    if (f != stdin) fclose(f);
}

/* ---- one position ---------------------------------------------------------------------- */

typedef struct root_move {
    char uci[RF_UCI_MAX];
    rf_count nodes;
} root_move;

static int by_move(const void *a, const void *b)
{
    return strcmp(((const root_move *)a)->uci, ((const root_move *)b)->uci);
}

static void divide_line(const root_move *r)
{
    char c[48];
    rf_count_format(c, sizeof c, r->nodes);
    printf("%s: %s\n", r->uci, c);
}

static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const perft_run *o = ctx;
    rf_position pos;
    int st = cli_position_read(&o->common, where, text, len, &pos, NULL);
    if (st) return st;
    char fen[RF_FEN_MAX], total_text[48];
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    rf_count total = {0, 0};
    int depth = (int)o->depth;
    rf_movelist list;
    root_move roots[RF_MAX_MOVES];
    unsigned n = 0;
    progress_view view = {o->progress, {0, 0}, NULL, 0, 0, 0, 0};
    clock_gettime(CLOCK_MONOTONIC, &view.started);
    if (!o->divide || depth == 0) {
        if ((st = count_nodes(o, &pos, depth, &total, &view))) return st;
    } else {
        n = rf_generate_moves(&list, &pos);
        for (unsigned i = 0; i < n; i++) {
            rf_position child = pos;
            rf_position_play(&child, list.moves[i]);
            rf_move_to_uci(roots[i].uci, sizeof roots[i].uci, &pos, list.moves[i]);
            view.move = roots[i].uci;
            view.move_no = i + 1;
            view.moves = n;
            if ((st = count_nodes(o, &child, depth - 1, &roots[i].nodes, &view))) return st;
            cli_count_add(&total, roots[i].nodes);
            /* Streamed as each root move finishes, so a long count shows its progress. */
            if (!o->sort && !o->common.json) {
                divide_line(&roots[i]);
                fflush(stdout);
            }
        }
        if (o->sort) qsort(roots, n, sizeof *roots, by_move);
    }
    rf_count_format(total_text, sizeof total_text, total);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j);
        cli_json_kstr(&j, "fen", fen);
        cli_json_kint(&j, "depth", depth);
        cli_json_kcount(&j, "nodes", total);
        if (o->divide) {
            cli_json_key(&j, "divide");
            cli_json_object(&j);
            for (unsigned i = 0; i < n; i++) {
                cli_json_key(&j, roots[i].uci);
                cli_json_count(&j, roots[i].nodes);
            }
            cli_json_end(&j);
        }
        cli_json_end(&j);
    } else if (o->divide) {
        if (o->sort)
            for (unsigned i = 0; i < n; i++) divide_line(&roots[i]);
        printf("\nNodes searched: %s\n", total_text);
    } else {
        puts(total_text);
    }
    return CLI_OK;
}

/* ---- --suite ------------------------------------------------------------------------------ */

typedef struct suite_state {
    const perft_run *o;
    cli_where where;
    char id[128];
    rf_position pos;
    int have_pos;
    unsigned long passed, failed, skipped;
    int pos_failed, pos_checked;
    int status;
} suite_state;

static void finish_position(suite_state *s)
{
    if (s->have_pos && s->pos_checked && !s->pos_failed && !s->o->common.json)
        printf("ok %s\n", s->id);
    s->have_pos = 0;
    s->pos_failed = 0;
    s->pos_checked = 0;
}

static void suite_error(suite_state *s, const char *what)
{
    cli_error(s->o->common.command, "%s:%lu: %s", s->where.file, s->where.no, what);
    s->status = cli_worse(s->status, CLI_DATAERR);
}

static void start_position(suite_state *s, const char *fen, size_t len)
{
    rf_error err;
    const cli_common *c = &s->o->common;
    finish_position(s);
    if (rf_position_parse(&s->pos, fen, len, c->variant, c->chess960 ? RF_PARSE_CHESS960 : 0,
                          c->accept, &err) != RF_OK) {
        suite_error(s, err.message);
        return;
    }
    s->have_pos = 1;
}

static void check_count(suite_state *s, long depth, uint64_t expected)
{
    const perft_run *o = s->o;
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &s->pos, RF_FEN_SHREDDER);
    cli_json j;
    cli_json_start(&j, stdout);
    int skip = depth > MAX_DEPTH || (o->max_depth >= 0 && depth > o->max_depth) ||
               expected > o->max_nodes;
    rf_count count = {0, 0};
    if (!skip && count_nodes(o, &s->pos, (int)depth, &count, NULL)) {
        s->status = cli_worse(s->status, CLI_DATAERR);
        return;
    }
    int pass = count.hi == 0 && count.lo == expected;
    if (o->common.json) {
        cli_json_object(&j);
        cli_json_kstr(&j, "id", s->id);
        cli_json_kstr(&j, "fen", fen);
        cli_json_kint(&j, "depth", depth);
        rf_count want = {0, expected};
        cli_json_kcount(&j, "expected", want);
        if (skip) {
            cli_json_kbool(&j, "skipped", 1);
        } else {
            cli_json_kcount(&j, "nodes", count);
            cli_json_kbool(&j, "pass", pass);
        }
        cli_json_end(&j);
    }
    if (skip) {
        s->skipped++;
        return;
    }
    s->pos_checked = 1;
    if (pass) {
        s->passed++;
        return;
    }
    s->failed++;
    s->pos_failed = 1;
    if (!o->common.json) {
        char got[48];
        rf_count_format(got, sizeof got, count);
        printf("FAIL %s depth %ld: %s nodes, expected %llu (%s)\n", s->id, depth, got,
               (unsigned long long)expected, fen);
    }
}

/* Reads "DEPTH NODES" (white space between, nothing after). */
static int parse_depth_count(const char *p, long *depth, uint64_t *nodes)
{
    while (isspace((unsigned char)*p)) p++;
    size_t n = strcspn(p, " \t");
    uint64_t d;
    if (!cli_number_u64(p, n, &d) || d > 1000) return 0;
    p += n;
    while (isspace((unsigned char)*p)) p++;
    n = strcspn(p, " \t");
    if (!cli_number_u64(p, n, nodes)) return 0;
    p += n;
    while (isspace((unsigned char)*p)) p++;
    *depth = (long)d;
    return *p == '\0';
}

/* The words a suite line starts with. */
static int starts_word(const char *p, const char *word)
{
    size_t n = strlen(word);
    return strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\t');
}

static void suite_line(suite_state *s, char *p)
{
    while (isspace((unsigned char)*p)) p++;
    char *hash = strchr(p, '#');
    if (hash) *hash = '\0';
    size_t n = strlen(p);
    while (n && isspace((unsigned char)p[n - 1])) p[--n] = '\0';
    if (!n) return;
    long depth;
    uint64_t nodes;
    if (starts_word(p, "id")) {
        finish_position(s);
        snprintf(s->id, sizeof s->id, "%s", p + 3);
    } else if (starts_word(p, "epd")) {
        if (s->have_pos) {
            finish_position(s);
            s->id[0] = '\0';
        }
        if (!s->id[0]) snprintf(s->id, sizeof s->id, "line-%lu", s->where.no);
        start_position(s, p + 4, n - 4);
    } else if (starts_word(p, "perft")) {
        if (!parse_depth_count(p + 6, &depth, &nodes))
            suite_error(s, "expected 'perft DEPTH NODES'");
        else if (s->have_pos)
            check_count(s, depth, nodes);
    } else if (strchr(p, ';')) {
        /* FEN ;D1 20 ;D2 400 */
        char *semi = strchr(p, ';');
        finish_position(s);
        snprintf(s->id, sizeof s->id, "line-%lu", s->where.no);
        start_position(s, p, (size_t)(semi - p));
        while (s->have_pos && semi) {
            char *field = semi + 1;
            semi = strchr(field, ';');
            if (semi) *semi = '\0';
            while (isspace((unsigned char)*field)) field++;
            if ((field[0] != 'D' && field[0] != 'd') ||
                !parse_depth_count(field + 1, &depth, &nodes)) {
                suite_error(s, "expected ';D<depth> <nodes>'");
                break;
            }
            check_count(s, depth, nodes);
        }
        finish_position(s);
        s->id[0] = '\0';
    } else {
        suite_error(s, "not a suite line (id, epd, perft, or FEN ;D1 N)");
    }
}

static int run_suite(const perft_run *o)
{
    FILE *f = open_input(o, o->suite);
    if (!f) return CLI_NOINPUT;
    static suite_state s;
    static cli_lines lines;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.where.file = o->suite;
    cli_lines_start(&lines, f);
    while (cli_lines_next(&lines)) {
        s.where.no = lines.no;
        if (lines.too_long || memchr(lines.buf, '\0', lines.len))
            suite_error(&s, lines.too_long ? "line too long" : "NUL byte in line");
        else
            suite_line(&s, lines.buf);
    }
    finish_position(&s);
    close_input(f);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j);
        cli_json_kint(&j, "passed", (long long)s.passed);
        cli_json_kint(&j, "failed", (long long)s.failed);
        cli_json_kint(&j, "skipped", (long long)s.skipped);
        cli_json_end(&j);
    } else {
        printf("%lu passed, %lu failed, %lu skipped\n", s.passed, s.failed, s.skipped);
    }
    int code = s.status != CLI_OK ? s.status : s.failed ? CLI_NO : CLI_OK;
    return cli_finish(o->common.command, code);
}

/* ---- --split ------------------------------------------------------------------------------ */

/* The positions `ply` plies down, each with the number of move orders reaching it. */
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
        rf_position_to_fen(l->fens[l->count++], RF_FEN_MAX, pos, RF_FEN_SHREDDER);
        return;
    }
    rf_movelist list;
    rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        split_collect(l, &child, ply - 1);
    }
}

static int compare_fen(const void *a, const void *b) { return strcmp(a, b); }

/* Perft does not depend on the halfmove and fullmove counters: dropped, transpositions merge. */
static void drop_counters(char *fen)
{
    for (int i = 0; i < 2; i++) {
        char *p = strrchr(fen, ' ');
        if (p) *p = '\0';
    }
}

static int run_split(const perft_run *o, const char *fen, const char *depth_text)
{
    long depth;
    char what[48];
    snprintf(what, sizeof what, "DEPTH with --split %ld", o->split);
    if (cli_parse_int(&o->common, what, depth_text, o->split, MAX_DEPTH, &depth)) return CLI_USAGE;
    rf_position pos;
    int st = cli_position_read(&o->common, NULL, fen, strlen(fen), &pos, NULL);
    if (st) return st;
    split_list l = {NULL, 0, 0, 0};
    split_collect(&l, &pos, (int)o->split);
    if (l.failed) {
        free(l.fens);
        cli_error(o->common.command, "--split %ld gives more than %d positions; split at a lower ply",
                  o->split, SPLIT_MAX_POSITIONS);
        return CLI_USAGE;
    }
    for (size_t i = 0; i < l.count; i++) drop_counters(l.fens[i]);
    if (l.count) qsort(l.fens, l.count, sizeof *l.fens, compare_fen);
    size_t jobs = 0;
    for (size_t i = 0; i < l.count; i++) jobs += i == 0 || strcmp(l.fens[i - 1], l.fens[i]) != 0;
    if (!o->common.json)
        printf("# rankfile perft jobs: DEPTH COUNT FEN; %zu jobs, %zu move orders, split %ld "
               "plies below\n",
               jobs, l.count, o->split);
    for (size_t i = 0; i < l.count;) {
        size_t k = i;
        while (k < l.count && strcmp(l.fens[i], l.fens[k]) == 0) k++;
        if (o->common.json) {
            cli_json j;
            cli_json_answer(&j);
            cli_json_kint(&j, "depth", depth - o->split);
            cli_json_kint(&j, "count", (long long)(k - i));
            cli_json_kstr(&j, "fen", l.fens[i]);
            cli_json_end(&j);
        } else {
            printf("%ld %zu %s\n", depth - o->split, k - i, l.fens[i]);
        }
        i = k;
    }
    free(l.fens);
    return cli_finish(o->common.command, CLI_OK);
}

/* The closing total of --jobs and --sum: 'Nodes searched: N', or {"nodes":N,KEY:n}. */
static void print_total(const perft_run *o, rf_count total, const char *key, size_t n)
{
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j);
        cli_json_kcount(&j, "nodes", total);
        cli_json_kint(&j, key, (long long)n);
        cli_json_end(&j);
        return;
    }
    char text[48];
    rf_count_format(text, sizeof text, total);
    printf("Nodes searched: %s\n", text);
}

/* ---- jobs and results ----------------------------------------------------------------------- */

/* A job, as --split writes it and --jobs repeats it: "DEPTH COUNT FEN". Its key is that text
 * with single spaces, the same whether read from the job file or from a result line. */
typedef struct job {
    long depth;
    uint64_t count;
    const char *fen; /* into the line read */
    size_t fen_len;
} job;

/* Reads "DEPTH COUNT FEN" from p; 1 on success. */
static int parse_job(const char *p, job *j)
{
    uint64_t d;
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strcspn(p, " \t");
    if (!cli_number_u64(p, n, &d) || d > MAX_DEPTH) return 0;
    p += n;
    while (*p == ' ' || *p == '\t') p++;
    n = strcspn(p, " \t");
    if (!cli_number_u64(p, n, &j->count) || j->count == 0) return 0;
    p += n;
    while (*p == ' ' || *p == '\t') p++;
    size_t len = strlen(p);
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t')) len--;
    if (!len) return 0;
    j->depth = (long)d;
    j->fen = p;
    j->fen_len = len;
    return 1;
}

static char *job_key(const job *j)
{
    size_t cap = j->fen_len + 48;
    char *key = malloc(cap);
    if (key) snprintf(key, cap, "%ld %llu %.*s", j->depth, (unsigned long long)j->count,
                      (int)j->fen_len, j->fen);
    return key;
}

static int run_jobs(const perft_run *o)
{
    FILE *f = open_input(o, o->jobs);
    if (!f) return CLI_NOINPUT;
    static cli_lines lines;
    cli_lines_start(&lines, f);
    int status = CLI_OK;
    unsigned long counted = 0;
    rf_count total = {0, 0};
    while (cli_lines_next(&lines)) {
        if (lines.len == 0 || lines.buf[0] == '#') continue;
        job jb;
        rf_position pos;
        rf_error err;
        const cli_common *c = &o->common;
        if (lines.too_long || memchr(lines.buf, '\0', lines.len) || !parse_job(lines.buf, &jb) ||
            rf_position_parse(&pos, jb.fen, jb.fen_len, c->variant,
                              c->chess960 ? RF_PARSE_CHESS960 : 0, c->accept, &err) != RF_OK) {
            cli_error(c->command, "%s:%lu: expected 'DEPTH COUNT FEN'%s", o->jobs, lines.no,
                      lines.ended ? "" : " (the file is cut short)");
            status = CLI_DATAERR;
            continue;
        }
        rf_count nodes, scaled = {0, 0};
        int st = count_nodes(o, &pos, (int)jb.depth, &nodes, NULL);
        if (st) {
            close_input(f);
            return st;
        }
        cli_count_add_product(&scaled, nodes, jb.count);
        cli_count_add(&total, scaled);
        counted++;
        if (c->json) {
            cli_json j;
            cli_json_answer(&j);
            cli_json_kint(&j, "depth", jb.depth);
            cli_json_kint(&j, "count", (long long)jb.count);
            cli_json_key(&j, "fen");
            cli_json_string(&j, jb.fen, jb.fen_len);
            cli_json_kcount(&j, "nodes", scaled);
            cli_json_end(&j);
        } else {
            char text[48];
            rf_count_format(text, sizeof text, scaled);
            printf("%s %ld %llu %.*s\n", text, jb.depth, (unsigned long long)jb.count,
                   (int)jb.fen_len, jb.fen);
        }
        fflush(stdout);
    }
    close_input(f);
    /* The total line says that every job was counted: it is left out after an error, so that a
     * partial total can never be taken for the whole. */
    if (status == CLI_OK) print_total(o, total, "jobs", counted);
    return cli_finish(o->common.command, status);
}

/* ---- --sum ---------------------------------------------------------------------------------- */

typedef struct answered {
    char *key;
    const char *file;
    unsigned long line;
    unsigned hits; /* job file entries: how many results answer it */
} answered;

typedef struct key_list {
    answered *items;
    size_t count, cap;
} key_list;

static int key_add(key_list *l, char *key, const char *file, unsigned long line)
{
    if (!key) return 0;
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        answered *p = realloc(l->items, cap * sizeof *p);
        if (!p) {
            free(key);
            return 0;
        }
        l->items = p;
        l->cap = cap;
    }
    answered a = {key, file, line, 0};
    l->items[l->count++] = a;
    return 1;
}

static void key_free(key_list *l)
{
    for (size_t i = 0; i < l->count; i++) free(l->items[i].key);
    free(l->items);
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const answered *)a)->key, ((const answered *)b)->key);
}

/* Reads one result file into `results`, adding its lines to *sum. 0 or an exit code. */
static int read_results(const perft_run *o, const char *path, key_list *results, rf_count *sum)
{
    FILE *f = open_input(o, path);
    if (!f) return CLI_NOINPUT;
    static cli_lines lines;
    cli_lines_start(&lines, f);
    const char *cmd = o->common.command;
    rf_count mine = {0, 0}, said = {0, 0};
    int have_total = 0, status = 0;
    while (status == 0 && cli_lines_next(&lines)) {
        const char *p = lines.buf;
        if (lines.len == 0 || p[0] == '#') continue;
        if (!lines.ended) {
            cli_error(cmd, "%s:%lu: the last line is cut short (no newline)", path, lines.no);
            status = CLI_DATAERR;
        } else if (have_total) {
            cli_error(cmd, "%s:%lu: a line after the total line", path, lines.no);
            status = CLI_DATAERR;
        } else if (strncmp(p, "Nodes searched: ", 16) == 0) {
            if (!cli_count_parse(p + 16, lines.len - 16, &said)) {
                cli_error(cmd, "%s:%lu: expected 'Nodes searched: N'", path, lines.no);
                status = CLI_DATAERR;
            }
            have_total = 1;
        } else {
            size_t n = strcspn(p, " ");
            rf_count nodes;
            job jb;
            if (p[0] == '{') {
                cli_error(cmd, "%s:%lu: --sum reads the text form of --jobs, not JSON", path,
                          lines.no);
                status = CLI_DATAERR;
            } else if (lines.too_long || memchr(p, '\0', lines.len) ||
                       !cli_count_parse(p, n, &nodes) || !parse_job(p + n, &jb)) {
                cli_error(cmd, "%s:%lu: expected 'NODES DEPTH COUNT FEN'", path, lines.no);
                status = CLI_DATAERR;
            } else if (!key_add(results, job_key(&jb), path, lines.no)) {
                cli_error(cmd, "out of memory");
                status = CLI_SOFTWARE;
            } else {
                cli_count_add(&mine, nodes);
            }
        }
    }
    close_input(f);
    if (status) return status;
    if (!have_total) {
        cli_error(cmd, "%s: no 'Nodes searched' line: the file is cut short, or its --jobs run "
                       "did not finish",
                  path);
        return CLI_DATAERR;
    }
    if (mine.hi != said.hi || mine.lo != said.lo) {
        cli_error(cmd, "%s: its lines do not add up to its total line", path);
        return CLI_DATAERR;
    }
    cli_count_add(sum, mine);
    return 0;
}

/* Reads the job file that --sum checks the results against. 0 or an exit code. */
static int read_job_file(const perft_run *o, key_list *jobs)
{
    FILE *f = open_input(o, o->jobs);
    if (!f) return CLI_NOINPUT;
    static cli_lines lines;
    cli_lines_start(&lines, f);
    int status = 0;
    while (status == 0 && cli_lines_next(&lines)) {
        job jb;
        if (lines.len == 0 || lines.buf[0] == '#') continue;
        if (lines.too_long || !lines.ended || !parse_job(lines.buf, &jb)) {
            cli_error(o->common.command, "%s:%lu: expected 'DEPTH COUNT FEN'%s", o->jobs,
                      lines.no, lines.ended ? "" : " (the file is cut short)");
            status = CLI_DATAERR;
        } else if (!key_add(jobs, job_key(&jb), o->jobs, lines.no)) {
            cli_error(o->common.command, "out of memory");
            status = CLI_SOFTWARE;
        }
    }
    close_input(f);
    return status;
}

/* Every job answered exactly once, and nothing else answered. 0 or CLI_DATAERR. */
static int check_answers(const perft_run *o, key_list *jobs, key_list *results)
{
    const char *cmd = o->common.command;
    int status = 0;
    /* Each kind of fault is one line: the first instance, and how many more there are. */
    size_t twice = 0;
    const answered *first = NULL, *again = NULL;
    if (results->count) qsort(results->items, results->count, sizeof *results->items, by_key);
    for (size_t i = 1; i < results->count; i++) {
        const answered *a = &results->items[i - 1], *b = &results->items[i];
        if (strcmp(a->key, b->key) != 0 || (i > 1 && strcmp(results->items[i - 2].key, a->key) == 0))
            continue;
        if (!twice++) {
            first = a;
            again = b;
        }
    }
    if (twice) {
        char more[64] = "";
        if (twice > 1) snprintf(more, sizeof more, "; %zu more jobs answered twice", twice - 1);
        cli_error(cmd, "%s:%lu: job '%s' is answered again (first at %s:%lu%s)", again->file,
                  again->line, again->key, first->file, first->line, more);
        status = CLI_DATAERR;
    }
    if (!jobs) return status;
    if (jobs->count) qsort(jobs->items, jobs->count, sizeof *jobs->items, by_key);
    for (size_t i = 1; i < jobs->count; i++)
        if (strcmp(jobs->items[i - 1].key, jobs->items[i].key) == 0) {
            cli_error(cmd, "%s:%lu: job '%s' is listed twice", o->jobs, jobs->items[i].line,
                      jobs->items[i].key);
            return CLI_DATAERR;
        }
    size_t unknown = 0, missing = 0;
    const answered *stray = NULL, *lost = NULL;
    for (size_t i = 0; i < results->count; i++) {
        answered *r = &results->items[i];
        answered *j = jobs->count ? bsearch(r, jobs->items, jobs->count, sizeof *jobs->items, by_key)
                                  : NULL;
        if (j)
            j->hits++;
        else if (!unknown++ || r->line < stray->line)
            stray = r;
    }
    /* The missing job named is the first in the job file. */
    for (size_t i = 0; i < jobs->count; i++)
        if (!jobs->items[i].hits && (!missing++ || jobs->items[i].line < lost->line))
            lost = &jobs->items[i];
    if (unknown) {
        cli_error(cmd, "%s:%lu: job '%s' is not in %s (and %zu more)", stray->file, stray->line,
                  stray->key, o->jobs, unknown - 1);
        status = CLI_DATAERR;
    }
    if (missing) {
        cli_error(cmd, "%s:%lu: job '%s' is not answered (and %zu more)", o->jobs, lost->line,
                  lost->key, missing - 1);
        status = CLI_DATAERR;
    }
    return status;
}

static int run_sum(const perft_run *o, int nfiles, char **files)
{
    key_list results = {NULL, 0, 0}, jobs = {NULL, 0, 0};
    rf_count total = {0, 0};
    int status = o->jobs ? read_job_file(o, &jobs) : 0;
    for (int i = 0; i < nfiles && status == 0; i++)
        status = read_results(o, files[i], &results, &total);
    if (status == 0) status = check_answers(o, o->jobs ? &jobs : NULL, &results);
    if (status == 0) print_total(o, total, "results", results.count);
    key_free(&results);
    key_free(&jobs);
    return cli_finish(o->common.command, status ? status : CLI_OK);
}

/* ---- the command ---------------------------------------------------------------------------- */

int cli_cmd_perft(int argc, char **argv)
{
    perft_run o;
    cli_args a;
    memset(&o, 0, sizeof o);
    cli_args_start(&a, &o.common, &cli_command_perft, argc, argv);
    o.max_nodes = UINT64_MAX;
    o.max_depth = -1;
    int sum = 0, id, have_max = 0, have_counting = 0, have_kernel = 0, progress = -1;
    long t;
    /* Each run starts from the default code path (the fuzz targets run many in one process). */
    rf_kernel_select("auto");
    while ((id = cli_args_next(&a)) > 0) {
        const char *v = a.value;
        cli_common *c = &o.common;
        switch (id) {
        case OPT_DIVIDE: o.divide = 1; break;
        case OPT_SORT: o.sort = 1; break;
        case OPT_SUITE: o.suite = v; break;
        case OPT_JOBS: o.jobs = v; break;
        case OPT_SUM: sum = 1; break;
        case OPT_MAX_NODES:
            if (cli_parse_u64(c, "--max-nodes", v, 0, UINT64_MAX, &o.max_nodes)) return CLI_USAGE;
            have_max = 1;
            break;
        case OPT_MAX_DEPTH:
            if (cli_parse_int(c, "--max-depth", v, 0, MAX_DEPTH, &o.max_depth)) return CLI_USAGE;
            have_max = 1;
            break;
        case OPT_THREADS:
            if (cli_parse_int(c, "--threads", v, 1, 256, &t)) return CLI_USAGE;
            o.threads = (int)t;
            have_counting = 1;
            break;
        case OPT_HASH:
            if (cli_parse_mb(c, "--hash", v, &o.hash_mb)) return CLI_USAGE;
            have_counting = 1;
            break;
        case OPT_SPLIT:
            if (cli_parse_int(c, "--split", v, 1, 6, &o.split)) return CLI_USAGE;
            break;
        case OPT_KERNEL:
            if (cli_kernel_select(c, v)) return CLI_USAGE;
            have_kernel = 1;
            break;
        case OPT_PROGRESS: progress = 1; break;
        case OPT_QUIET: progress = 0; break;
        default: break;
        }
    }
    if (id == CLI_ARGS_STOP) return a.status;
    const char *cmd = o.common.command;
    int rest = argc - a.rest;
    char **args = argv + a.rest;
    int single = !sum && !o.jobs && !o.split && !o.suite;
    /* Options with nothing to change say so rather than pass in silence. */
    if ((o.divide || o.sort) && !single)
        cli_warn(cmd, "--divide and --sort belong to a single count; they change nothing here");
    if (o.sort && !o.divide && single) cli_warn(cmd, "--sort sorts --divide's lines; add --divide");
    if (have_max && !o.suite) cli_warn(cmd, "--max-nodes and --max-depth belong to --suite");
    if (have_counting && (sum || (o.split && !o.jobs)))
        cli_warn(cmd, "--%s counts nothing; --threads and --hash change nothing",
                 sum ? "sum" : "split");
    if (have_kernel && sum) cli_warn(cmd, "--sum counts nothing; --kernel changes nothing");
    if (progress == 1 && !single)
        cli_warn(cmd, "--progress belongs to a single count; it changes nothing here");
    /* The last option given wins; without one, a terminal on stderr shows the line. */
    int terminal = isatty(STDERR_FILENO);
    o.progress = progress == 0 ? PROGRESS_OFF
                 : progress == 1 ? (terminal ? PROGRESS_FORCED_TERMINAL : PROGRESS_LINES)
                 : terminal ? PROGRESS_TERMINAL : PROGRESS_OFF;
    if (sum) {
        if (!rest) return cli_usage(cmd, "--sum takes the result files to add up");
        return run_sum(&o, rest, args);
    }
    if (o.split && !o.jobs) {
        if (rest != 2) return cli_usage(cmd, "--split needs FEN DEPTH");
        return run_split(&o, args[0], args[1]);
    }
    if (o.jobs && rest) return cli_usage(cmd, "--jobs takes no FEN or DEPTH");
    if (o.suite && rest) return cli_usage(cmd, "--suite takes no FEN or DEPTH");
    if (!o.jobs && !o.suite) {
        if (rest != 1 && rest != 2)
            return cli_usage(cmd, "expected FEN DEPTH, or DEPTH with positions on standard input");
        if (cli_parse_int(&o.common, "DEPTH", args[rest - 1], 0, MAX_DEPTH, &o.depth))
            return CLI_USAGE;
    }
    /* One table for the whole run: a divide's root moves, the jobs and the suite's positions
     * reuse each other's subtree counts. */
    if (o.hash_mb && !(o.table = rf_perft_table_new(o.hash_mb))) {
        cli_error(cmd, "cannot allocate a %zu MiB hash table: give --hash less", o.hash_mb);
        return CLI_SOFTWARE;
    }
    int st = o.jobs ? run_jobs(&o) : o.suite ? run_suite(&o) : cli_batch(&o.common, rest - 1, args, answer, &o);
    rf_perft_table_free(o.table);
    return st;
}

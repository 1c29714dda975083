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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum {
    OPT_DIVIDE = 1, OPT_SORT, OPT_THREADS, OPT_HASH, OPT_SPLIT, OPT_JOBS, OPT_SUM, OPT_SUITE,
    OPT_MAX_NODES, OPT_MAX_DEPTH, OPT_KERNEL, OPT_PROGRESS, OPT_QUIET, OPT_PART
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
     "do not count: write a job file: a header saying what the count depends\n"
     "on (variant, chess960, root, depth, split, jobs, fingerprint; see the\n"
     "man page, FILES), then the positions PLY (1-6) plies down, one line\n"
     "'DEPTH COUNT FEN' each (COUNT: how many move orders reach it), so a\n"
     "deep count can be spread over processes or machines"},
    {OPT_JOBS, "jobs", 0, "FILE",
     "count the jobs of the job FILE ('-' for stdin) as its header says\n"
     "(a --variant or --chess960 contradicting it is refused; a file with\n"
     "fewer jobs than its header is refused before counting), printing a\n"
     "result header, 'NODES DEPTH COUNT FEN' per job (NODES already\n"
     "multiplied by COUNT) and, when every job was counted, the total\n"
     "'Nodes searched: N'; with --sum: the job file the results must\n"
     "answer, each job exactly once"},
    {OPT_PART, "part", 0, "K/N",
     "with --jobs: count only part K of N (jobs K, K+N, K+2N, ... of the\n"
     "file), for N processes or machines sharing one job file"},
    {OPT_SUM, "sum", 0, NULL,
     "add up the results of --jobs (text form) exactly: refuses a file cut\n"
     "short (no total line, or a total that its lines do not add up to), a\n"
     "malformed line, results of another job file (their fingerprints\n"
     "differ), a job answered twice, and a job missing (named with --jobs)"},
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
    "       rankfile perft --jobs FILE [--part K/N] [--threads N] [--hash MB] > results.txt\n"
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
    "the header {\"variant\",\"chess960\",\"root\",\"depth\",\"split\",\"jobs\",\"move_orders\",\n"
    "\"fingerprint\"}, then one {\"depth\",\"count\",\"fen\"} per job; --jobs: the header with\n"
    "\"part\", one {\"depth\",\"count\",\"fen\",\"nodes\"} per job, then {\"nodes\",\"jobs\"};\n"
    "--sum: {\"nodes\",\"results\"}; --suite: one {\"id\",\"fen\",\"depth\",\"expected\",\"nodes\",\n"
    "\"pass\"} (or \"skipped\":true) per count, then {\"passed\",\"failed\",\"skipped\"}. Counts\n"
    "are exact integers at any size. --jobs and --sum read the text form of --split and --jobs.\n"
    "\n"
    "Spreading a count over machines (every part's results, then the sum):\n"
    "  rankfile perft \"$FEN\" 7 --variant atomic --split 2 > jobs.txt\n"
    "  rankfile perft --jobs jobs.txt --part 1/2 > r1.txt   # on one machine\n"
    "  rankfile perft --jobs jobs.txt --part 2/2 > r2.txt   # on another\n"
    "  rankfile perft --sum --jobs jobs.txt r1.txt r2.txt\n"
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

static int run(cli_io *io, int argc, char **argv);

const cli_command cli_command_perft = {
    "perft", "count move sequences (perft), divide, or check a perft suite", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, run, NULL};

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
    unsigned long part_k, part_n; /* --part K/N: 1/1 without it */
    int progress; /* PROGRESS_* */
    rf_perft_table *table; /* --hash: one table for every count of the run */
    cli_lines *lines;      /* the run's line buffer for suite, job and result files */
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
    FILE *err;               /* the run's error stream, where the line goes */
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
    FILE *err = v->err;
    fputs("rankfile: perft: ", err);
    if (v->move) fprintf(err, "%s (%u of %u): ", v->move, v->move_no, v->moves);
    fprintf(err, "%zu/%zu jobs, %s nodes, %.1f Mnodes/s", p->jobs_done, p->jobs_total, nodes,
            p->seconds > 0 ? n / p->seconds / 1e6 : 0.0);
    if (p->jobs_done == p->jobs_total) {
        format_duration(when, sizeof when, p->seconds);
        fprintf(err, ", done in %s", when);
    } else if (p->jobs_done) {
        format_duration(when, sizeof when,
                        p->seconds * (double)(p->jobs_total - p->jobs_done) / (double)p->jobs_done);
        fprintf(err, ", %s left", when);
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
            fputc('\n', v->err);
            v->last_line = t;
        }
    } else if (end) {
        if (v->shown) fputs("\r\033[K", v->err);
        v->shown = 0;
    } else if (v->mode == PROGRESS_FORCED_TERMINAL || seconds_since(&v->started) >= 1) {
        fputc('\r', v->err);
        progress_write(v, p);
        fputs("\033[K", v->err);
        v->shown = 1;
    }
    fflush(v->err);
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
        cli_error(&o->common, "%s", err.message);
        return err.status == RF_ERR_NO_MEMORY ? CLI_SOFTWARE : CLI_USAGE;
    }
    return 0;
}

static void close_input(const perft_run *o, FILE *f)
{
    if (f != o->common.io->in) fclose(f);
}

/* A suite or job file; NULL after the error (a directory is one: it has no lines to read). */
static FILE *open_input(const perft_run *o, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? o->common.io->in : fopen(path, "r");
    if (!f) {
        cli_error(&o->common, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    int fd = fileno(f);
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error(&o->common, "cannot open '%s': %s", path, strerror(EISDIR));
        close_input(o, f);
        return NULL;
    }
    return f;
}

/* RF_FEN_SHREDDER when the castling field of the FEN `text` names rooks by their files alone
 * (HAha), else 0 (X-FEN: KQkq, with a file letter only where KQkq would be ambiguous), so that a
 * FEN written back keeps the caller's notation. */
static unsigned castling_notation(const char *text, size_t len)
{
    size_t i = 0;
    for (int field = 0; field < 2; field++) {
        while (i < len && isspace((unsigned char)text[i])) i++;
        while (i < len && !isspace((unsigned char)text[i])) i++;
    }
    while (i < len && isspace((unsigned char)text[i])) i++;
    int files = 0, kq = 0;
    for (; i < len && !isspace((unsigned char)text[i]); i++) {
        char ch = text[i];
        if (ch == 'K' || ch == 'Q' || ch == 'k' || ch == 'q')
            kq = 1;
        else if ((ch >= 'A' && ch <= 'H') || (ch >= 'a' && ch <= 'h'))
            files = 1;
    }
    return files && !kq ? RF_FEN_SHREDDER : 0;
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

static void divide_line(FILE *out, const root_move *r)
{
    char c[48];
    rf_count_format(c, sizeof c, r->nodes);
    fprintf(out, "%s: %s\n", r->uci, c);
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
    progress_view view = {o->progress, {0, 0}, NULL, 0, 0, 0, 0, o->common.io->err};
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
                divide_line(o->common.io->out, &roots[i]);
                fflush(o->common.io->out);
            }
        }
        if (o->sort) qsort(roots, n, sizeof *roots, by_move);
    }
    rf_count_format(total_text, sizeof total_text, total);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
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
            for (unsigned i = 0; i < n; i++) divide_line(o->common.io->out, &roots[i]);
        fprintf(o->common.io->out, "\nNodes searched: %s\n", total_text);
    } else {
        fprintf(o->common.io->out, "%s\n", total_text);
    }
    return CLI_OK;
}

/* ---- --suite ------------------------------------------------------------------------------ */

typedef struct suite_state {
    const perft_run *o;
    cli_where where;
    char id[128];
    rf_position pos;
    unsigned fen_flags; /* the position's castling notation as written */
    int have_pos;
    unsigned long passed, failed, skipped;
    int pos_failed, pos_checked;
    int status;
} suite_state;

static void finish_position(suite_state *s)
{
    if (s->have_pos && s->pos_checked && !s->pos_failed && !s->o->common.json)
        fprintf(s->o->common.io->out, "ok %s\n", s->id);
    s->have_pos = 0;
    s->pos_failed = 0;
    s->pos_checked = 0;
}

static void suite_error(suite_state *s, const char *what)
{
    cli_error(&s->o->common, "%s:%lu: %s", s->where.file, s->where.no, what);
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
    s->fen_flags = castling_notation(fen, len);
    s->have_pos = 1;
}

static void check_count(suite_state *s, long depth, uint64_t expected)
{
    const perft_run *o = s->o;
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &s->pos, s->fen_flags);
    cli_json j;
    cli_json_start(&j, o->common.io->out);
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
        fprintf(o->common.io->out, "FAIL %s depth %ld: %s nodes, expected %llu (%s)\n", s->id, depth, got,
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
    suite_state s;
    cli_lines *lines = o->lines;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.where.file = o->suite;
    cli_lines_start(lines, f, o->common.io->out);
    while (cli_lines_next(lines)) {
        s.where.no = lines->no;
        if (lines->too_long || memchr(lines->buf, '\0', lines->len))
            suite_error(&s, lines->too_long ? "line too long" : "NUL byte in line");
        else
            suite_line(&s, lines->buf);
    }
    finish_position(&s);
    close_input(o, f);
    /* A suite that checks nothing is no pass: an empty file, or one of another kind. */
    if (s.passed + s.failed + s.skipped == 0) {
        cli_error(&o->common, "%s: no perft counts to check (a suite has 'perft DEPTH "
                                     "NODES' lines or 'FEN ;D1 20' lines)",
                  o->suite);
        return cli_finish(&o->common, CLI_DATAERR);
    }
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kint(&j, "passed", (long long)s.passed);
        cli_json_kint(&j, "failed", (long long)s.failed);
        cli_json_kint(&j, "skipped", (long long)s.skipped);
        cli_json_end(&j);
    } else {
        fprintf(o->common.io->out, "%lu passed, %lu failed, %lu skipped\n", s.passed, s.failed, s.skipped);
    }
    int code = s.status != CLI_OK ? s.status : s.failed ? CLI_NO : CLI_OK;
    return cli_finish(&o->common, code);
}

/* ---- job and result files: the header --------------------------------------------------------
 *
 * A job file (--split) and a result file (--jobs) open with a header that says everything the
 * count depends on, one "# KEY: VALUE" line each, in this order:
 *
 *   # rankfile perft jobs            (a result file: "# rankfile perft results")
 *   # variant: atomic                (rf_variant_name)
 *   # chess960: no                   (yes: Chess960 castling mode)
 *   # root: FEN                      (the position split)
 *   # depth: 5                       (of the whole count)
 *   # split: 2                       (plies below the root; every job has depth - split)
 *   # jobs: 400                      (job lines in the job file)
 *   # move orders: 400               (the sum of their COUNTs)
 *   # fingerprint: 0123456789abcdef  (FNV-1a 64 of the seven lines from "# variant" to
 *                                     "# move orders", each with its newline)
 *   # part: 1/1                      (a result file only: the part of the jobs it counted)
 *
 * The fingerprint names the split: results carry their job file's, so that --sum never adds
 * results of two different splits, and a header edited by hand no longer matches it. */

#define JOBS_MAGIC "# rankfile perft jobs"
#define RESULTS_MAGIC "# rankfile perft results"
#define PART_MAX 1000000

typedef struct job_header {
    rf_variant variant;
    int chess960;
    char root[RF_FEN_MAX];
    long depth, split;
    uint64_t jobs, orders, fingerprint;
    unsigned long part_k, part_n; /* a result file's part; 1/1 for a job file */
    unsigned fen_flags;           /* the root's castling notation, kept in the jobs' FENs */
} job_header;

static uint64_t fnv1a64(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The header lines the fingerprint covers, into buf; their length, or 0 when they do not fit. */
static size_t header_fields(char *buf, size_t cap, const job_header *h)
{
    int n = snprintf(buf, cap,
                     "# variant: %s\n# chess960: %s\n# root: %s\n# depth: %ld\n# split: %ld\n"
                     "# jobs: %llu\n# move orders: %llu\n",
                     rf_variant_name(h->variant), h->chess960 ? "yes" : "no", h->root, h->depth,
                     h->split, (unsigned long long)h->jobs, (unsigned long long)h->orders);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* Writes the header of a job file (results 0) or a result file: as text, or as one JSON object
 * {"variant","chess960","root","depth","split","jobs","move_orders","fingerprint"[,"part"]}. */
static void header_write(const perft_run *o, const job_header *h, int results)
{
    char fields[2 * RF_FEN_MAX + 256], fp[17], part[48];
    header_fields(fields, sizeof fields, h);
    snprintf(fp, sizeof fp, "%016llx", (unsigned long long)h->fingerprint);
    snprintf(part, sizeof part, "%lu/%lu", h->part_k, h->part_n);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kstr(&j, "variant", rf_variant_name(h->variant));
        cli_json_kbool(&j, "chess960", h->chess960);
        cli_json_kstr(&j, "root", h->root);
        cli_json_kint(&j, "depth", h->depth);
        cli_json_kint(&j, "split", h->split);
        cli_json_kint(&j, "jobs", (long long)h->jobs);
        cli_json_kint(&j, "move_orders", (long long)h->orders);
        cli_json_kstr(&j, "fingerprint", fp);
        if (results) cli_json_kstr(&j, "part", part);
        cli_json_end(&j);
        return;
    }
    fprintf(o->common.io->out, "%s\n%s# fingerprint: %s\n", results ? RESULTS_MAGIC : JOBS_MAGIC, fields, fp);
    if (results) fprintf(o->common.io->out, "# part: %s\n", part);
}

/* Reads "K/N" (1 <= K <= N <= PART_MAX); 1 on success. */
static int parse_part(const char *s, size_t len, unsigned long *k, unsigned long *n)
{
    const char *slash = memchr(s, '/', len);
    uint64_t a, b;
    if (!slash || !cli_number_u64(s, (size_t)(slash - s), &a) ||
        !cli_number_u64(slash + 1, len - (size_t)(slash + 1 - s), &b) || a < 1 || a > b ||
        b > PART_MAX)
        return 0;
    *k = (unsigned long)a;
    *n = (unsigned long)b;
    return 1;
}

/* Reads the header of a job file (results 0) or a result file from `l` into *h, checking each
 * value, the fingerprint, and that the root is a position of its variant. 0 or an exit code,
 * after a one-line error. */
static int header_read(const perft_run *o, cli_lines *l, const char *path, int results,
                       job_header *h)
{
    static const char *const order[] = {"variant", "chess960", "root",        "depth", "split",
                                        "jobs",    "move orders", "fingerprint", "part"};
    const cli_common *cmd = &o->common;
    const char *magic = results ? RESULTS_MAGIC : JOBS_MAGIC;
    const char *what = results ? "a result file of 'rankfile perft --jobs'"
                               : "a job file of 'rankfile perft --split'";
    memset(h, 0, sizeof *h);
    h->part_k = h->part_n = 1;
    if (!cli_lines_next(l)) {
        cli_error(cmd, "%s: the file is empty: no jobs (expected %s)", path, what);
        return CLI_DATAERR;
    }
    if (l->too_long || strcmp(l->buf, magic) != 0) {
        if (l->buf[0] == '{')
            cli_error(cmd, "%s:%lu: --%s reads the text form of --%s, not JSON", path, l->no,
                      results ? "sum" : "jobs", results ? "jobs" : "split");
        else if (!results && strncmp(l->buf, JOBS_MAGIC ":", strlen(JOBS_MAGIC) + 1) == 0)
            cli_error(cmd, "%s:%lu: a job file of an older rankfile, which does not say the variant "
                           "and depth it was split for: split again",
                      path, l->no);
        else
            cli_error(cmd, "%s:%lu: not %s (its first line is not '%s')", path, l->no, what,
                      magic);
        return CLI_DATAERR;
    }
    char fields[2 * RF_FEN_MAX + 256];
    size_t used = 0;
    int nkeys = results ? 9 : 8;
    for (int k = 0; k < nkeys; k++) {
        size_t kl = strlen(order[k]);
        if (!cli_lines_next(l) || !l->ended) {
            cli_error(cmd, "%s: the header is cut short (no '# %s:' line)", path, order[k]);
            return CLI_DATAERR;
        }
        if (l->too_long || l->len < kl + 4 || strncmp(l->buf, "# ", 2) != 0 ||
            strncmp(l->buf + 2, order[k], kl) != 0 || strncmp(l->buf + 2 + kl, ": ", 2) != 0 ||
            memchr(l->buf, '\0', l->len)) {
            cli_error(cmd, "%s:%lu: expected the header line '# %s: ...'", path, l->no, order[k]);
            return CLI_DATAERR;
        }
        const char *v = l->buf + kl + 4;
        size_t vl = l->len - kl - 4;
        if (k < 7) {
            if (used + l->len + 1 >= sizeof fields) {
                cli_error(cmd, "%s:%lu: the header line is too long", path, l->no);
                return CLI_DATAERR;
            }
            memcpy(fields + used, l->buf, l->len);
            used += l->len;
            fields[used++] = '\n';
        }
        uint64_t n = 0;
        int good = 1, c960 = 0;
        switch (k) {
        case 0:
            good = rf_variant_from_name(&h->variant, &c960, v, vl) == RF_OK && !c960 &&
                   strlen(rf_variant_name(h->variant)) == vl &&
                   memcmp(rf_variant_name(h->variant), v, vl) == 0;
            if (good && !rf_variant_available(h->variant)) {
                cli_error(cmd, "%s:%lu: this rankfile does not play %s", path, l->no,
                          rf_variant_name(h->variant));
                return CLI_DATAERR;
            }
            break;
        case 1:
            good = (vl == 3 && memcmp(v, "yes", 3) == 0) || (vl == 2 && memcmp(v, "no", 2) == 0);
            h->chess960 = vl == 3;
            break;
        case 2:
            good = vl > 0 && vl < sizeof h->root;
            if (good) memcpy(h->root, v, vl);
            break;
        case 3:
            good = cli_number_u64(v, vl, &n) && n <= MAX_DEPTH;
            h->depth = (long)n;
            break;
        case 4:
            good = cli_number_u64(v, vl, &n) && n >= 1 && n <= 6 && (long)n <= h->depth;
            h->split = (long)n;
            break;
        case 5: good = cli_number_u64(v, vl, &h->jobs) && h->jobs >= 1; break;
        case 6: good = cli_number_u64(v, vl, &h->orders) && h->orders >= h->jobs; break;
        case 7:
            good = vl == 16;
            for (size_t i = 0; good && i < vl; i++) {
                int d = isdigit((unsigned char)v[i]) ? v[i] - '0'
                        : v[i] >= 'a' && v[i] <= 'f' ? v[i] - 'a' + 10
                                                      : -1;
                good = d >= 0;
                n = n << 4 | (uint64_t)(d < 0 ? 0 : d);
            }
            if (good && n != fnv1a64(fields, used)) {
                cli_error(cmd, "%s:%lu: the fingerprint does not match the header's lines: the "
                               "header was changed",
                          path, l->no);
                return CLI_DATAERR;
            }
            h->fingerprint = n;
            break;
        default: good = parse_part(v, vl, &h->part_k, &h->part_n); break;
        }
        if (!good) {
            char shown[64];
            cli_error(cmd, "%s:%lu: '%s' is not a valid %s", path, l->no, cli_shown(v, vl, shown),
                      order[k]);
            return CLI_DATAERR;
        }
    }
    rf_position pos;
    rf_error err;
    const cli_common *c = &o->common;
    if (rf_position_parse(&pos, h->root, strlen(h->root), h->variant,
                          h->chess960 ? RF_PARSE_CHESS960 : 0, c->accept, &err) != RF_OK) {
        cli_error(cmd, "%s: root: %s", path, err.message);
        return CLI_DATAERR;
    }
    if (pos.chess960 != h->chess960) {
        cli_error(cmd, "%s: root: its castling rights are of Chess960, where the header says "
                       "'chess960: no'", path);
        return CLI_DATAERR;
    }
    h->fen_flags = castling_notation(h->root, strlen(h->root));
    return 0;
}

/* ---- --split ------------------------------------------------------------------------------ */

/* The positions `ply` plies down, each with the number of move orders reaching it. */
typedef struct split_list {
    char (*fens)[RF_FEN_MAX];
    size_t count, cap;
    unsigned fen_flags;
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
        rf_position_to_fen(l->fens[l->count++], RF_FEN_MAX, pos, l->fen_flags);
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
    job_header h;
    memset(&h, 0, sizeof h);
    h.variant = (rf_variant)pos.variant;
    h.chess960 = pos.chess960;
    h.fen_flags = castling_notation(fen, strlen(fen));
    rf_position_to_fen(h.root, sizeof h.root, &pos, h.fen_flags);
    h.depth = depth;
    h.split = o->split;
    h.part_k = h.part_n = 1;
    split_list l = {NULL, 0, 0, h.fen_flags, 0};
    split_collect(&l, &pos, (int)o->split);
    if (l.failed) {
        free(l.fens);
        cli_error(&o->common, "--split %ld gives more than %d positions; split at a lower ply",
                  o->split, SPLIT_MAX_POSITIONS);
        return CLI_USAGE;
    }
    if (!l.count) {
        /* A job file always has jobs: a split of none would read as a count of nothing. */
        cli_error(&o->common, "no position is %ld plies below this one (the game ends "
                                     "sooner): nothing to split; count it directly",
                  o->split);
        return CLI_DATAERR;
    }
    for (size_t i = 0; i < l.count; i++) drop_counters(l.fens[i]);
    qsort(l.fens, l.count, sizeof *l.fens, compare_fen);
    for (size_t i = 0; i < l.count; i++) h.jobs += i == 0 || strcmp(l.fens[i - 1], l.fens[i]) != 0;
    h.orders = l.count;
    char fields[2 * RF_FEN_MAX + 256];
    h.fingerprint = fnv1a64(fields, header_fields(fields, sizeof fields, &h));
    header_write(o, &h, 0);
    for (size_t i = 0; i < l.count;) {
        size_t k = i;
        while (k < l.count && strcmp(l.fens[i], l.fens[k]) == 0) k++;
        if (o->common.json) {
            cli_json j;
            cli_json_answer(&j, &o->common);
            cli_json_kint(&j, "depth", depth - o->split);
            cli_json_kint(&j, "count", (long long)(k - i));
            cli_json_kstr(&j, "fen", l.fens[i]);
            cli_json_end(&j);
        } else {
            fprintf(o->common.io->out, "%ld %zu %s\n", depth - o->split, k - i, l.fens[i]);
        }
        i = k;
    }
    free(l.fens);
    return cli_finish(&o->common, CLI_OK);
}

/* The closing total of --jobs and --sum: 'Nodes searched: N', or {"nodes":N,KEY:n}. */
static void print_total(const perft_run *o, rf_count total, const char *key, size_t n)
{
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kcount(&j, "nodes", total);
        cli_json_kint(&j, key, (long long)n);
        cli_json_end(&j);
        return;
    }
    char text[48];
    rf_count_format(text, sizeof text, total);
    fprintf(o->common.io->out, "Nodes searched: %s\n", text);
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

/* Checks a job line against its header: its depth, and (positions 1) that its FEN is a position
 * of the header's variant. 0, or an exit code after a one-line error naming path:no. */
static int job_check(const perft_run *o, const job_header *h, const job *jb, int positions,
                     const char *path, unsigned long no)
{
    const cli_common *cmd = &o->common;
    if (jb->depth != h->depth - h->split) {
        cli_error(cmd, "%s:%lu: a job of depth %ld in a split of depth %ld at ply %ld (expected "
                       "depth %ld)",
                  path, no, jb->depth, h->depth, h->split, h->depth - h->split);
        return CLI_DATAERR;
    }
    if (!positions) return 0;
    rf_position pos;
    rf_error err;
    if (rf_position_parse(&pos, jb->fen, jb->fen_len, h->variant,
                          h->chess960 ? RF_PARSE_CHESS960 : 0, o->common.accept, &err) != RF_OK) {
        cli_error(cmd, "%s:%lu: %s", path, no, err.message);
        return CLI_DATAERR;
    }
    return 0;
}

/* Reads a whole job file: its header into *h and its jobs' keys, in file order, into *jobs,
 * checking that the jobs are as many as the header says, with the move orders it says, each
 * once. 0 or an exit code after a one-line error. */
static int job_file_read(const perft_run *o, const char *path, job_header *h, key_list *jobs)
{
    FILE *f = open_input(o, path);
    if (!f) return CLI_NOINPUT;
    cli_lines *lines = o->lines;
    cli_lines_start(lines, f, o->common.io->out);
    const cli_common *cmd = &o->common;
    int status = header_read(o, lines, path, 0, h);
    uint64_t orders = 0;
    while (status == 0 && cli_lines_next(lines)) {
        job jb;
        if (lines->len == 0 || lines->buf[0] == '#') continue;
        if (lines->too_long || !lines->ended || memchr(lines->buf, '\0', lines->len) ||
            !parse_job(lines->buf, &jb)) {
            cli_error(cmd, "%s:%lu: expected 'DEPTH COUNT FEN'%s", path, lines->no,
                      lines->ended ? "" : " (the file is cut short)");
            status = CLI_DATAERR;
        } else if ((status = job_check(o, h, &jb, 1, path, lines->no)) != 0) {
            break;
        } else if (jobs->count == h->jobs) {
            cli_error(cmd, "%s:%lu: more jobs than the header's %llu", path, lines->no,
                      (unsigned long long)h->jobs);
            status = CLI_DATAERR;
        } else if (!key_add(jobs, job_key(&jb), path, lines->no)) {
            cli_error(cmd, "out of memory");
            status = CLI_SOFTWARE;
        } else {
            orders += jb.count;
        }
    }
    close_input(o, f);
    if (status) return status;
    if (jobs->count < h->jobs) {
        cli_error(cmd, "%s: %zu jobs where its header says %llu: the file is cut short", path,
                  jobs->count, (unsigned long long)h->jobs);
        return CLI_DATAERR;
    }
    if (orders != h->orders) {
        cli_error(cmd, "%s: its jobs' counts add up to %llu move orders where its header says %llu",
                  path, (unsigned long long)orders, (unsigned long long)h->orders);
        return CLI_DATAERR;
    }
    answered *sorted = malloc(jobs->count * sizeof *sorted);
    if (!sorted) {
        cli_error(cmd, "out of memory");
        return CLI_SOFTWARE;
    }
    memcpy(sorted, jobs->items, jobs->count * sizeof *sorted);
    qsort(sorted, jobs->count, sizeof *sorted, by_key);
    for (size_t i = 1; i < jobs->count && status == 0; i++)
        if (strcmp(sorted[i - 1].key, sorted[i].key) == 0) {
            const answered *a = sorted[i - 1].line < sorted[i].line ? &sorted[i] : &sorted[i - 1];
            cli_error(cmd, "%s:%lu: job '%s' is listed twice", path, a->line, a->key);
            status = CLI_DATAERR;
        }
    free(sorted);
    return status;
}

/* --variant and --chess960 may repeat what the job or result file `path` says, never
 * contradict it. */
static int check_mode(const perft_run *o, const job_header *h, const char *path)
{
    const cli_common *c = &o->common;
    if (!c->variant_given) return 0;
    /* --chess960 alone leaves the variant standard: only a variant named is compared. */
    int named = c->variant != RF_VARIANT_STANDARD || !c->chess960;
    if ((named && c->variant != h->variant) || (c->chess960 && !h->chess960)) {
        return cli_usage(c, "%s%s contradicts the %s file %s (variant %s%s)",
                         named ? "--variant " : "--chess960",
                         named ? rf_variant_name(c->variant) : "",
                         path == o->jobs ? "job" : "result", path,
                         rf_variant_name(h->variant), h->chess960 ? ", chess960" : "");
    }
    return 0;
}

static int run_jobs(const perft_run *o)
{
    job_header h;
    key_list jobs = {NULL, 0, 0};
    int status = job_file_read(o, o->jobs, &h, &jobs);
    if (status == 0) status = check_mode(o, &h, o->jobs);
    if (status == 0 && o->part_n > h.jobs) {
        cli_usage(&o->common, "--part %lu/%lu: the job file %s has only %llu jobs",
                  o->part_k, o->part_n, o->jobs, (unsigned long long)h.jobs);
        status = CLI_USAGE;
    }
    if (status) {
        key_free(&jobs);
        return cli_finish(&o->common, status);
    }
    h.part_k = o->part_k;
    h.part_n = o->part_n;
    header_write(o, &h, 1);
    fflush(o->common.io->out);
    const cli_common *c = &o->common;
    unsigned long counted = 0;
    rf_count total = {0, 0};
    for (size_t i = o->part_k - 1; i < jobs.count; i += o->part_n) {
        job jb;
        rf_position pos;
        rf_error err;
        /* Both were read and checked whole by job_file_read. */
        if (!parse_job(jobs.items[i].key, &jb) ||
            rf_position_parse(&pos, jb.fen, jb.fen_len, h.variant,
                              h.chess960 ? RF_PARSE_CHESS960 : 0, c->accept, &err) != RF_OK) {
            cli_error(c, "%s:%lu: the job cannot be read again", o->jobs,
                      jobs.items[i].line);
            status = CLI_SOFTWARE;
            break;
        }
        rf_count nodes, scaled = {0, 0};
        if ((status = count_nodes(o, &pos, (int)jb.depth, &nodes, NULL)) != 0) break;
        cli_count_add_product(&scaled, nodes, jb.count);
        cli_count_add(&total, scaled);
        counted++;
        if (c->json) {
            cli_json j;
            cli_json_answer(&j, &o->common);
            cli_json_kint(&j, "depth", jb.depth);
            cli_json_kint(&j, "count", (long long)jb.count);
            cli_json_key(&j, "fen");
            cli_json_string(&j, jb.fen, jb.fen_len);
            cli_json_kcount(&j, "nodes", scaled);
            cli_json_end(&j);
        } else {
            char text[48];
            rf_count_format(text, sizeof text, scaled);
            fprintf(o->common.io->out, "%s %s\n", text, jobs.items[i].key);
        }
        fflush(o->common.io->out);
    }
    key_free(&jobs);
    /* The total line says that every job was counted: it is left out after an error, so that a
     * partial total can never be taken for the whole. */
    if (status == 0) print_total(o, total, "jobs", counted);
    return cli_finish(&o->common, status ? status : CLI_OK);
}

/* ---- --sum ---------------------------------------------------------------------------------- */

/* Reads one result file into `results`, adding its lines to *sum; *first is the header of the
 * first result file read (have_first 0: none yet), whose split every other file must answer.
 * 0 or an exit code. */
static int read_results(const perft_run *o, const char *path, key_list *results, rf_count *sum,
                        job_header *first, int *have_first, const char *first_path)
{
    FILE *f = open_input(o, path);
    if (!f) return CLI_NOINPUT;
    cli_lines *lines = o->lines;
    cli_lines_start(lines, f, o->common.io->out);
    const cli_common *cmd = &o->common;
    rf_count mine = {0, 0}, said = {0, 0};
    int have_total = 0;
    job_header h;
    int status = header_read(o, lines, path, 1, &h);
    if (status == 0 && *have_first && h.fingerprint != first->fingerprint) {
        cli_error(cmd, "%s: results of another split (fingerprint %016llx) than %s's (%016llx): "
                       "add up the results of one job file",
                  path, (unsigned long long)h.fingerprint, first_path,
                  (unsigned long long)first->fingerprint);
        status = CLI_DATAERR;
    }
    if (status == 0 && !*have_first) {
        *first = h;
        *have_first = 1;
    }
    while (status == 0 && cli_lines_next(lines)) {
        const char *p = lines->buf;
        if (lines->len == 0 || p[0] == '#') continue;
        if (!lines->ended) {
            cli_error(cmd, "%s:%lu: the last line is cut short (no newline)", path, lines->no);
            status = CLI_DATAERR;
        } else if (have_total) {
            cli_error(cmd, "%s:%lu: a line after the total line", path, lines->no);
            status = CLI_DATAERR;
        } else if (strncmp(p, "Nodes searched: ", 16) == 0) {
            if (!cli_count_parse(p + 16, lines->len - 16, &said)) {
                cli_error(cmd, "%s:%lu: expected 'Nodes searched: N'", path, lines->no);
                status = CLI_DATAERR;
            }
            have_total = 1;
        } else {
            size_t n = strcspn(p, " ");
            rf_count nodes;
            job jb;
            if (p[0] == '{') {
                cli_error(cmd, "%s:%lu: --sum reads the text form of --jobs, not JSON", path,
                          lines->no);
                status = CLI_DATAERR;
            } else if (lines->too_long || memchr(p, '\0', lines->len) ||
                       !cli_count_parse(p, n, &nodes) || !parse_job(p + n, &jb)) {
                cli_error(cmd, "%s:%lu: expected 'NODES DEPTH COUNT FEN'", path, lines->no);
                status = CLI_DATAERR;
            } else if ((status = job_check(o, &h, &jb, 0, path, lines->no)) != 0) {
                break;
            } else if (!key_add(results, job_key(&jb), path, lines->no)) {
                cli_error(cmd, "out of memory");
                status = CLI_SOFTWARE;
            } else {
                cli_count_add(&mine, nodes);
            }
        }
    }
    close_input(o, f);
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

/* Every job answered exactly once, and nothing else answered. 0 or CLI_DATAERR. */
static int check_answers(const perft_run *o, key_list *jobs, key_list *results)
{
    const cli_common *cmd = &o->common;
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
    const cli_common *cmd = &o->common;
    key_list results = {NULL, 0, 0}, jobs = {NULL, 0, 0};
    rf_count total = {0, 0};
    job_header first;
    int have_first = 0, status = 0;
    const char *first_path = NULL;
    if (o->jobs) {
        status = job_file_read(o, o->jobs, &first, &jobs);
        have_first = status == 0;
        first_path = o->jobs;
        if (status == 0) status = check_mode(o, &first, o->jobs);
    }
    for (int i = 0; i < nfiles && status == 0; i++) {
        status = read_results(o, files[i], &results, &total, &first, &have_first,
                              first_path ? first_path : files[i]);
        if (!first_path) {
            first_path = files[i];
            if (status == 0) status = check_mode(o, &first, first_path);
        }
    }
    if (status == 0) status = check_answers(o, o->jobs ? &jobs : NULL, &results);
    /* Without the job file, its header says how many jobs there are: a part missing is still
     * found (named by --jobs). */
    if (status == 0 && results.count != first.jobs) {
        cli_error(cmd, "%zu of the split's %llu jobs are answered: the results of a part are "
                       "missing (with --jobs JOBS, --sum names the jobs not answered)",
                  results.count, (unsigned long long)first.jobs);
        status = CLI_DATAERR;
    }
    if (status == 0) print_total(o, total, "results", results.count);
    key_free(&results);
    key_free(&jobs);
    return cli_finish(cmd, status ? status : CLI_OK);
}

/* ---- the command ---------------------------------------------------------------------------- */

static int dispatch(perft_run *o, int rest, char **args, int sum);
static int perft_command(cli_io *io, int argc, char **argv);

/* The count, the suite or the split as the options say, with the code path --kernel chose for
 * this run alone: the one in use before is put back after it. */
static int run(cli_io *io, int argc, char **argv)
{
    const char *kernel = rf_kernel_name();
    int st = perft_command(io, argc, argv);
    rf_kernel_select(kernel);
    return st;
}

static int perft_command(cli_io *io, int argc, char **argv)
{
    perft_run o;
    cli_args a;
    memset(&o, 0, sizeof o);
    cli_args_start(&a, &o.common, &cli_command_perft, io, argc, argv);
    o.max_nodes = UINT64_MAX;
    o.max_depth = -1;
    int sum = 0, id, have_max = 0, have_counting = 0, have_kernel = 0, progress = -1, have_part = 0;
    o.part_k = o.part_n = 1;
    long t;
    while ((id = cli_args_next(&a)) > 0) {
        const char *v = a.value;
        cli_common *c = &o.common;
        switch (id) {
        case OPT_DIVIDE: o.divide = 1; break;
        case OPT_SORT: o.sort = 1; break;
        case OPT_SUITE: o.suite = v; break;
        case OPT_JOBS: o.jobs = v; break;
        case OPT_PART:
            if (!parse_part(v, strlen(v), &o.part_k, &o.part_n))
                return cli_usage(c, "--part takes K/N, 1 <= K <= N <= %d (not '%s')",
                                 PART_MAX, v);
            have_part = 1;
            break;
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
    const cli_common *cmd = &o.common;
    int rest = argc - a.rest;
    char **args = argv + a.rest;
    int single = !sum && !o.jobs && !o.split && !o.suite;
    /* Two ways of running at once: refused, saying which two. */
    const char *modes[4];
    int nmodes = 0;
    if (sum) modes[nmodes++] = "--sum";
    if (o.split) modes[nmodes++] = "--split";
    if (o.suite) modes[nmodes++] = "--suite";
    if (o.jobs && !sum) modes[nmodes++] = "--jobs";
    if (nmodes > 1)
        return cli_usage(cmd, "%s and %s are two different runs (%s); give one of them", modes[0],
                         modes[1],
                         sum && o.split ? "--split writes jobs, --sum adds up their results"
                                        : "one command does one of them");
    if (have_part && (!o.jobs || sum))
        return cli_usage(cmd, "--part chooses the jobs that --jobs counts; give it with --jobs");
    /* Options with nothing to change say so rather than pass in silence, naming the one given
     * and the run it does nothing in. */
    if ((o.divide || o.sort) && !single)
        cli_warn(cmd, "%s belong%s to a single count; %s nothing with %s",
                 o.divide && o.sort ? "--divide and --sort" : o.divide ? "--divide" : "--sort",
                 o.divide && o.sort ? "" : "s", o.divide && o.sort ? "they change" : "it changes",
                 nmodes ? modes[0] : "--jobs");
    if (o.sort && !o.divide && single) cli_warn(cmd, "--sort sorts --divide's lines; add --divide");
    if (have_max && !o.suite) cli_warn(cmd, "--max-nodes and --max-depth belong to --suite");
    if (have_counting && (sum || (o.split && !o.jobs)))
        cli_warn(cmd, "--%s counts nothing; --threads and --hash change nothing",
                 sum ? "sum" : "split");
    if (have_kernel && sum) cli_warn(cmd, "--sum counts nothing; --kernel changes nothing");
    if (progress == 1 && !single)
        cli_warn(cmd, "--progress belongs to a single count; it changes nothing here");
    /* The last option given wins; without one, a terminal on the error stream shows the line. */
    int terminal = fileno(io->err) >= 0 && isatty(fileno(io->err));
    o.progress = progress == 0 ? PROGRESS_OFF
                 : progress == 1 ? (terminal ? PROGRESS_FORCED_TERMINAL : PROGRESS_LINES)
                 : terminal ? PROGRESS_TERMINAL : PROGRESS_OFF;
    if (!(o.lines = malloc(sizeof *o.lines))) {
        cli_error(cmd, "out of memory");
        return CLI_SOFTWARE;
    }
    int st = dispatch(&o, rest, args, sum);
    free(o.lines);
    return st;
}

/* The run with its options read: what it was asked to do. */
static int dispatch(perft_run *o, int rest, char **args, int sum)
{
    const cli_common *cmd = &o->common;
    if (sum) {
        if (!rest) return cli_usage(cmd, "--sum takes the result files to add up");
        return run_sum(o, rest, args);
    }
    if (o->split && !o->jobs) {
        if (rest != 2) return cli_usage(cmd, "--split needs FEN DEPTH");
        return run_split(o, args[0], args[1]);
    }
    if (o->jobs && rest) return cli_usage(cmd, "--jobs takes no FEN or DEPTH");
    if (o->suite && rest) return cli_usage(cmd, "--suite takes no FEN or DEPTH");
    if (!o->jobs && !o->suite) {
        if (rest != 1 && rest != 2)
            return cli_usage(cmd, "expected FEN DEPTH, or DEPTH with positions on standard input");
        if (cli_parse_int(&o->common, "DEPTH", args[rest - 1], 0, MAX_DEPTH, &o->depth))
            return CLI_USAGE;
    }
    /* One table for the whole run: a divide's root moves, the jobs and the suite's positions
     * reuse each other's subtree counts. */
    if (o->hash_mb && !(o->table = rf_perft_table_new(o->hash_mb))) {
        cli_error(cmd, "cannot allocate a %zu MiB hash table: give --hash less", o->hash_mb);
        return CLI_SOFTWARE;
    }
    int st = o->jobs ? run_jobs(o) : o->suite ? run_suite(o) : cli_batch(&o->common, rest - 1, args, answer, o);
    rf_perft_table_free(o->table);
    return st;
}

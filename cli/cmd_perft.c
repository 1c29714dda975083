/*
 * cmd_perft.c - `rankfile perft`: the options, and the count of the leaves of the legal move
 * tree of a position, split by first move with --divide. A whole suite checked against its
 * expected counts (--suite) and one deep count spread over processes (--split, --jobs, --sum)
 * have files of their own (see perft_cli.h). The command is a batch (app/batch.c): the driver
 * reads its options, then each FEN (an argument, or a line of standard input) as a position,
 * which answer() counts; the FEN's text goes to app/ once and comes back as an rf_position.
 */
#include "perft_cli.h"

#include <stdlib.h>
#include <string.h>
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

/* Counts each root move of *pos to depth - 1 into roots[] (streaming its line unless sorted
 * or JSON), the sum into *total; their number in *n. 0 or an exit code. */
static int count_divide(const perft_run *o, const rf_position *pos, int depth, root_move *roots,
                        unsigned *n, rf_count *total, progress_view *view)
{
    rf_movelist list;
    *n = rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < *n; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        rf_move_to_uci(roots[i].uci, sizeof roots[i].uci, pos, list.moves[i]);
        view->move = roots[i].uci;
        view->move_no = i + 1;
        view->moves = *n;
        int st = perft_count_nodes(o, &child, depth - 1, &roots[i].nodes, view);
        if (st) return st;
        rf__count_add(total, roots[i].nodes);
        /* Streamed as each root move finishes, so a long count shows its progress. */
        if (!o->sort && !o->common.json) {
            divide_line(o->common.io->out, &roots[i]);
            fflush(o->common.io->out);
        }
    }
    if (o->sort) qsort(roots, *n, sizeof *roots, by_move);
    return 0;
}

/* The answer: the total, with --divide the root moves' lines (those not streamed) first. */
static void print_answer(const perft_run *o, const rf_position *pos, const root_move *roots,
                         unsigned n, rf_count total)
{
    char fen[RF_FEN_MAX], total_text[48];
    rf_count_format(total_text, sizeof total_text, total);
    if (o->common.json) {
        cli_json j;
        rf_position_to_fen(fen, sizeof fen, pos, 0);
        cli_json_answer(&j, &o->common);
        cli_json_kstr(&j, "fen", fen);
        cli_json_kint(&j, "depth", o->depth);
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
}

/* One position of a single count (an argument, or a line of standard input), read by the batch
 * driver (app/batch.c): counted to the run's depth, and answered. */
static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const perft_run *o = run;
    (void)text;
    (void)len;
    (void)setup;
    rf_count total = {0, 0};
    int depth = (int)o->depth, st;
    root_move roots[RF_MAX_MOVES];
    unsigned n = 0;
    progress_view view = {o->progress, {0, 0}, NULL, 0, 0, 0, 0, o->common.io->err};
    clock_gettime(CLOCK_MONOTONIC, &view.started);
    if (!o->divide || depth == 0)
        st = perft_count_nodes(o, pos, depth, &total, &view);
    else
        st = count_divide(o, pos, depth, roots, &n, &total, &view);
    if (st) return st;
    print_answer(o, pos, roots, n, total);
    return CLI_OK;
}

/* ---- the command ---------------------------------------------------------------------------- */

/* The options given besides the run's settings, for the checks of check_modes. */
typedef struct given {
    int sum, max_nodes, max_depth, counting, kernel, part;
    int progress; /* 0: neither --progress nor --quiet; else the last one's: 1 --progress, 2 --quiet */
} given;

/* The run state of the batch driver (cli_batch_run): the run, then what check_modes reads. */
typedef struct perft_command_run {
    perft_run o; /* first: it begins with the run's cli_common */
    given g;
} perft_command_run;

/* One option into *o and *g: 0, or CLI_USAGE after the error. */
static int read_option(perft_run *o, given *g, int id, const char *v)
{
    cli_common *c = &o->common;
    long t;
    switch (id) {
    case OPT_DIVIDE: o->divide = 1; return 0;
    case OPT_SORT: o->sort = 1; return 0;
    case OPT_SUITE: o->suite = v; return 0;
    case OPT_JOBS: o->jobs = v; return 0;
    case OPT_PART:
        g->part = 1;
        if (perft_parse_part(v, strlen(v), &o->part_k, &o->part_n)) return 0;
        return cli_usage(c, "--part takes K/N, 1 <= K <= N <= %d (not '%s')", PART_MAX, v);
    case OPT_SUM: g->sum = 1; return 0;
    case OPT_MAX_NODES:
        g->max_nodes = 1;
        return cli_parse_u64(c, "--max-nodes", v, 0, UINT64_MAX, &o->max_nodes);
    case OPT_MAX_DEPTH:
        g->max_depth = 1;
        return cli_parse_int(c, "--max-depth", v, 0, MAX_DEPTH, &o->max_depth);
    case OPT_THREADS:
        g->counting = 1;
        if (cli_parse_int(c, "--threads", v, 1, 256, &t)) return CLI_USAGE;
        o->threads = (int)t;
        return 0;
    case OPT_HASH: g->counting = 1; return cli_parse_mb(c, "--hash", v, &o->hash_mb);
    case OPT_SPLIT: return cli_parse_int(c, "--split", v, 1, 6, &o->split);
    case OPT_KERNEL: g->kernel = 1; return cli_kernel_select(c, v);
    case OPT_PROGRESS: g->progress = 1; return 0;
    case OPT_QUIET: g->progress = 2; return 0;
    default: return 0;
    }
}

static int option(void *run, int id, const char *value)
{
    perft_command_run *r = run;
    return read_option(&r->o, &r->g, id, value);
}

/* Two ways of running at once are refused, saying which two; options with nothing to change
 * say so rather than pass in silence, naming the one given and the run it does nothing in.
 * 0 or CLI_USAGE. */
static int check_modes(const perft_run *o, const given *g)
{
    const cli_common *cmd = &o->common;
    const char *modes[4];
    int nmodes = 0, single = !g->sum && !o->jobs && !o->split && !o->suite;
    if (g->sum) modes[nmodes++] = "--sum";
    if (o->split) modes[nmodes++] = "--split";
    if (o->suite) modes[nmodes++] = "--suite";
    if (o->jobs && !g->sum) modes[nmodes++] = "--jobs";
    if (nmodes > 1)
        return cli_usage(cmd, "%s and %s are two different runs (%s); give one of them", modes[0],
                         modes[1],
                         g->sum && o->split ? "--split writes jobs, --sum adds up their results"
                                            : "one command does one of them");
    if (g->part && (!o->jobs || g->sum))
        return cli_usage(cmd, "--part chooses the jobs that --jobs counts; give it with --jobs");
    int both = o->divide && o->sort;
    if ((o->divide || o->sort) && !single)
        cli_warn(cmd, "%s belong%s to a single count; %s nothing with %s",
                 both ? "--divide and --sort" : o->divide ? "--divide" : "--sort", both ? "" : "s",
                 both ? "they change" : "it changes", nmodes ? modes[0] : "--jobs");
    if (o->sort && !o->divide && single)
        cli_warn(cmd, "--sort sorts --divide's lines; add --divide");
    if ((g->max_nodes || g->max_depth) && !o->suite)
        cli_warn(cmd, "--max-nodes and --max-depth belong to --suite");
    if (g->counting && (g->sum || (o->split && !o->jobs)))
        cli_warn(cmd, "--%s counts nothing; --threads and --hash change nothing",
                 g->sum ? "sum" : "split");
    if (g->kernel && g->sum) cli_warn(cmd, "--sum counts nothing; --kernel changes nothing");
    if (g->progress == 1 && !single)
        cli_warn(cmd, "--progress belongs to a single count; it changes nothing here");
    return 0;
}

/* The settings of options not given, and the progress line's mode: the last of --progress and
 * --quiet wins; without one, a terminal on the error stream shows the line. */
static void settle(perft_run *o, const given *g)
{
    if (!g->max_nodes) o->max_nodes = UINT64_MAX;
    if (!g->max_depth) o->max_depth = -1;
    if (!g->part) o->part_k = o->part_n = 1;
    int fd = fileno(o->common.io->err), terminal = fd >= 0 && isatty(fd);
    o->progress = g->progress == 2   ? PROGRESS_OFF
                  : g->progress == 1 ? (terminal ? PROGRESS_FORCED_TERMINAL : PROGRESS_LINES)
                  : terminal         ? PROGRESS_TERMINAL
                                     : PROGRESS_OFF;
}

/* One table for the whole run: a divide's root moves, the jobs and the suite's positions reuse
 * each other's subtree counts. 0, or CLI_SOFTWARE after the error. */
static int open_table(perft_run *o)
{
    if (!o->hash_mb || (o->table = rf_perft_table_new(o->hash_mb))) return 0;
    cli_error(&o->common, "cannot allocate a %zu MiB hash table: give --hash less", o->hash_mb);
    return CLI_SOFTWARE;
}

/* Runs what the options ask for on the *n arguments at *args: a split, jobs, a sum or a suite
 * (their exit code), or a single count, whose positions the batch driver then reads (-1: DEPTH
 * taken off the arguments, the FEN or nothing left). */
static int dispatch(perft_run *o, const given *g, int *n, char **args)
{
    const cli_common *cmd = &o->common;
    int rest = *n;
    if (g->sum) {
        if (!rest) return cli_usage(cmd, "--sum takes the result files to add up");
        return perft_run_sum(o, rest, args);
    }
    if (o->split && !o->jobs) {
        if (rest != 2) return cli_usage(cmd, "--split needs FEN DEPTH");
        return perft_run_split(o, args[0], args[1]);
    }
    if (o->jobs && rest) return cli_usage(cmd, "--jobs takes no FEN or DEPTH");
    if (o->suite && rest) return cli_usage(cmd, "--suite takes no FEN or DEPTH");
    if (!o->jobs && !o->suite) {
        if (rest != 1 && rest != 2)
            return cli_usage(cmd, "expected FEN DEPTH, or DEPTH with positions on standard input");
        if (cli_parse_int(&o->common, "DEPTH", args[rest - 1], 0, MAX_DEPTH, &o->depth))
            return CLI_USAGE;
    }
    int st = open_table(o);
    if (st) return st;
    if (o->jobs) return perft_run_jobs(o);
    if (o->suite) return perft_run_suite(o);
    *n = rest - 1;
    return -1;
}

/* After the options: the checks, the settings, the line buffer, then dispatch. */
static int ready(void *run, int *n, char ***args)
{
    perft_command_run *r = run;
    perft_run *o = &r->o;
    if (check_modes(o, &r->g)) return CLI_USAGE;
    settle(o, &r->g);
    if (!(o->lines = malloc(sizeof *o->lines))) {
        cli_error(&o->common, "out of memory");
        return CLI_SOFTWARE;
    }
    return dispatch(o, &r->g, n, *args);
}

static void finish(void *run)
{
    perft_run *o = &((perft_command_run *)run)->o;
    rf_perft_table_free(o->table);
    free(o->lines);
}

static const cli_batch_spec batch = {sizeof(perft_command_run), option, 0, ready, NULL, answer,
                                     finish};

/* The count, the suite or the split as the options say, with the code path --kernel chose for
 * this run alone: the one in use before is put back after it. */
static int run(cli_io *io, int argc, char **argv)
{
    const char *kernel = rf_kernel_name();
    int st = cli_batch_run(&cli_command_perft, io, argc, argv);
    rf_kernel_select(kernel);
    return st;
}

const cli_command cli_command_perft = {
    "perft", "count move sequences (perft), divide, or check a perft suite", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, run, &batch};

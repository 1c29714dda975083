/*
 * rankfile_mpi.c - `rankfile-mpi`: one perft count spread over MPI ranks (mpirun -np N).
 *
 * Rank 0 reads the command line, cuts the tree into jobs (plan.c), reads the checkpoint, and
 * hands the jobs out largest first: a rank sends the result of its last job and gets the next
 * one. Rank 0 also counts jobs with a thread of its own (RF_MPI_COORDINATE_ONLY=1: it only
 * hands them out); its main thread makes every MPI call (MPI_THREAD_FUNNELED) and sleeps
 * between polls, so it takes no core from the counting. The counts are added in 128 bits.
 *
 * Only standard MPI-3 calls are used (Open MPI and MPICH alike). The settings go from rank 0
 * to the others as bytes: every rank runs the same build.
 */
#include "mpi_perft.h"

#include <mpi.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { OPT_DIVIDE = 1, OPT_SPLIT, OPT_THREADS, OPT_HASH, OPT_CHECKPOINT, OPT_QUIET };

static const cli_option options[] = {
    {OPT_DIVIDE, "divide", 0, NULL,
     "the count under each legal first move ('e2e4: 600' lines in move\n"
     "generation order, a blank line, 'Nodes searched: N')"},
    {OPT_SPLIT, "split", 0, "PLY",
     "cut the tree into jobs PLY (0-6) plies down (default: the shallowest\n"
     "ply giving 8 jobs per rank; at least 1 with --divide)"},
    {OPT_THREADS, "threads", 0, "N",
     "count with N threads in each rank, 1-256 (default: the machine's CPUs\n"
     "shared among the ranks on it)"},
    {OPT_HASH, "hash", 0, "MB", "a transposition table of MB MiB in each rank, kept for all its jobs\n(default: none)"},
    {OPT_CHECKPOINT, "checkpoint", 0, "FILE",
     "append every finished job to FILE, flushed to disk; started again with\n"
     "the same FILE, the run skips the jobs it lists"},
    {OPT_QUIET, "quiet", 'q', NULL, "no progress report on stderr"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: mpirun -np N rankfile-mpi FEN DEPTH [--divide] [--split PLY] [--threads N]\n"
    "                    [--hash MB] [--checkpoint FILE] [--quiet] [--variant V] [--json]\n"
    "\n"
    "Counts the move sequences of DEPTH plies from a position (perft) on every rank of an MPI\n"
    "run: the same count as 'rankfile perft FEN DEPTH', exact to 128 bits. Rank 0 reports its\n"
    "progress on stderr (jobs done, nodes per second per rank, time left).\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: {\"fen\",\"depth\",\"nodes\"} (with --divide also \"divide\":{move:count}).\n"
    "\n"
    "exit status: 0 counted; 64 usage error; 65 a bad FEN, or a checkpoint of another count\n"
    "or damaged; 66 the checkpoint cannot be opened, or another run holds it; 73 it cannot be\n"
    "created; 70 a rank failed or died; 74 output or the checkpoint cannot be written.\n"
    "\n"
    "examples:\n"
    "  mpirun -np 4 rankfile-mpi 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 7\n"
    "  mpirun --hostfile hosts rankfile-mpi \"$FEN\" 8 --threads 16 --checkpoint run.ckpt\n",
    NULL,
};

/* The program's options and help, for the parser (it is no command of `rankfile`: no run). */
static const cli_command mpi_command = {
    "rankfile-mpi", "perft over MPI ranks", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, NULL};

/* What rank 0 tells every rank before counting; sent as bytes. */
typedef struct settings {
    int status;  /* -1: count; else every rank exits with it (an error, --help) */
    int variant; /* rf_variant */
    int chess960;
    int depth;
    int threads; /* 0: the default */
    size_t hash_mb;
} settings;

/* The whole command line, read on rank 0. */
typedef struct run_options {
    cli_common common;
    settings s;
    int divide, quiet;
    long split; /* -1: automatic */
    const char *checkpoint;
    rf_position root;
} run_options;

/* Reads the command line into *o (rank 0). -1 to count, or the exit status to stop with
 * (0 after --help and --version, else after an error). */
static int read_options(run_options *o, cli_io *io, int argc, char **argv)
{
    cli_args a;
    long v;
    memset(o, 0, sizeof *o);
    o->split = -1;
    cli_args_start(&a, &o->common, &mpi_command, io, argc, argv);
    int id;
    while ((id = cli_args_next(&a)) > 0) {
        switch (id) {
        case OPT_DIVIDE: o->divide = 1; break;
        case OPT_QUIET: o->quiet = 1; break;
        case OPT_CHECKPOINT: o->checkpoint = a.value; break;
        case OPT_SPLIT:
            if (cli_parse_int(&o->common, "--split", a.value, 0, 6, &o->split)) return CLI_USAGE;
            break;
        case OPT_THREADS:
            if (cli_parse_int(&o->common, "--threads", a.value, 1, 256, &v)) return CLI_USAGE;
            o->s.threads = (int)v;
            break;
        case OPT_HASH:
            if (cli_parse_mb(&o->common, "--hash", a.value, &o->s.hash_mb)) return CLI_USAGE;
            break;
        default: break;
        }
    }
    if (id == CLI_ARGS_STOP) return a.status == CLI_OK ? cli_finish(&o->common, CLI_OK) : a.status;
    if (argc - a.rest != 2) return cli_usage(&o->common, "expected FEN DEPTH");
    const char *fen = argv[a.rest];
    if (cli_parse_int(&o->common, "DEPTH", argv[a.rest + 1], 0, RF_PERFT_MAX_DEPTH, &v))
        return CLI_USAGE;
    o->s.depth = (int)v;
    if (o->split > o->s.depth)
        return cli_usage(&o->common, "--split %ld is deeper than DEPTH %d", o->split, o->s.depth);
    if (o->divide && o->split == 0 && o->s.depth > 0)
        return cli_usage(&o->common,
                         "--divide counts under each first move: --split must be 1 or more");
    int st = cli_position_read(&o->common, NULL, fen, strlen(fen), &o->root, NULL);
    if (st) return st;
    o->s.variant = (int)o->common.variant;
    o->s.chess960 = o->root.chess960;
    return -1;
}

/* ---- the counting ---------------------------------------------------------------------- */

/* The rank's hash table (--hash): made at its first job, kept for every later one, so that the
 * jobs of one rank reuse each other's subtree counts. One thread per rank counts jobs. */
static rf_perft_table *rank_table;

/* Counts one job: perft of *pos to `depth`. 0, or -1 with a message in err_text. */
static int count_position(const settings *s, const rf_position *pos, int depth, rf_count *out,
                          char *err_text, size_t cap)
{
    rf_error err;
    if (s->hash_mb && !rank_table && !(rank_table = rf_perft_table_new(s->hash_mb))) {
        snprintf(err_text, cap, "cannot allocate a %zu MiB hash table: give --hash less", s->hash_mb);
        return -1;
    }
    rf_perft_options opt = {.threads = s->threads, .table = rank_table};
    if (rf_perft_run(out, pos, depth, &opt, &err) != RF_OK) {
        snprintf(err_text, cap, "%s", err.message);
        return -1;
    }
    return 0;
}

/* Counts a job that came as text (a counting rank): perft of FEN to `depth`. As above. */
static int count_fen(const settings *s, const char *fen, int depth, rf_count *out, char *err_text,
                     size_t cap)
{
    rf_position pos;
    rf_error err;
    if (rf_position_parse(&pos, fen, strlen(fen), (rf_variant)s->variant,
                          s->chess960 ? RF_PARSE_CHESS960 : 0, RF_INVALID_ALL, &err) != RF_OK) {
        snprintf(err_text, cap, "job '%s': %s", fen, err.message);
        return -1;
    }
    return count_position(s, &pos, depth, out, err_text, cap);
}

/* Messages between ranks. A counting rank sends TAG_RESULT (the job it finished, if any) and
 * gets TAG_JOB ("INDEX DEPTH FEN": the job's position as text, read back with the run's
 * variant and castling mode) or TAG_STOP; a job it cannot count is TAG_FAIL (text). Rank 0's
 * own thread counts the plan's positions as they are. */
enum { TAG_RESULT = 1, TAG_JOB, TAG_STOP, TAG_FAIL };
#define JOB_TEXT (RF_FEN_MAX + 48)

/* A result: job index + 1 (0: none yet), the count's two halves, the seconds it took. */
typedef struct result_msg {
    uint64_t job, hi, lo;
    double seconds;
} result_msg;

/* The test build's hook (RF_MPI_TEST_HOOKS, the test target rankfile_mpi_test; never in the
 * shipped program): RF_MPI_TEST_DIE_AFTER=N makes rank 1 abort after N jobs, to test a run
 * losing a rank. -1: never. */
static long die_after(int rank)
{
#ifdef RF_MPI_TEST_HOOKS
    const char *die = getenv("RF_MPI_TEST_DIE_AFTER");
    return die && rank == 1 ? strtol(die, NULL, 10) : -1;
#else
    (void)rank;
    return -1;
#endif
}

/* The counting ranks (1..N-1). */
static int counting_rank(const settings *s, int rank)
{
    long die_at = die_after(rank), jobs = 0;
    result_msg res = {0, 0, 0, 0};
    char text[JOB_TEXT], err[300];
    for (;;) {
        MPI_Status st;
        if (MPI_Send(&res, (int)sizeof res, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD) !=
                MPI_SUCCESS ||
            MPI_Recv(text, JOB_TEXT, MPI_CHAR, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st) != MPI_SUCCESS)
            return CLI_SOFTWARE;
        if (st.MPI_TAG == TAG_STOP) return 0;
        if (die_at >= 0 && jobs >= die_at) abort();
        text[JOB_TEXT - 1] = '\0';
        unsigned long long index;
        int depth, used = 0;
        rf_count nodes;
        double t0 = mpi_now();
        if (sscanf(text, "%llu %d %n", &index, &depth, &used) != 2 || !used) {
            snprintf(err, sizeof err, "rank %d: a garbled job message", rank);
        } else if (count_fen(s, text + used, depth, &nodes, err, sizeof err) == 0) {
            res.job = index + 1;
            res.hi = nodes.hi;
            res.lo = nodes.lo;
            res.seconds = mpi_now() - t0;
            jobs++;
            continue;
        }
        MPI_Send(err, (int)strlen(err) + 1, MPI_CHAR, 0, TAG_FAIL, MPI_COMM_WORLD);
        return CLI_SOFTWARE;
    }
}

/* ---- rank 0: the hand-out --------------------------------------------------------------- */

typedef struct coordinator {
    pthread_mutex_t lock;
    const settings *s;
    mpi_plan plan;
    mpi_checkpoint cp;
    mpi_progress progress;
    size_t next;    /* into plan.order */
    size_t pending; /* jobs handed out or not yet, unfinished */
    int status;     /* the first failure: no more jobs are handed out */
    char failure[320];
} coordinator;

/* The next job not done, or -1 (none left, or the run has failed). Under the lock. */
static long take_job(coordinator *c)
{
    while (c->status == 0 && c->next < c->plan.count) {
        size_t i = c->plan.order[c->next++];
        if (!c->plan.jobs[i].done) return (long)i;
    }
    return -1;
}

/* Records a finished job (nodes: perft of its position, not yet multiplied). Under the lock. */
static void finish_job(coordinator *c, size_t i, rf_count nodes, int rank, double seconds)
{
    mpi_job *j = &c->plan.jobs[i];
    if (j->done) return;
    rf_count scaled = {0, 0};
    rf__count_add_product(&scaled, nodes, c->plan.split.jobs[i].count);
    j->nodes = scaled;
    j->done = 1;
    c->pending--;
    int st = mpi_checkpoint_add(&c->cp, &c->plan, i);
    if (st && !c->status) c->status = st;
    double leaves = (double)nodes.hi * 18446744073709551616.0 + (double)nodes.lo;
    mpi_progress_job(&c->progress, rank, leaves, seconds, j->estimate);
}

static void fail(coordinator *c, int status, const char *what)
{
    if (c->status) return;
    c->status = status;
    snprintf(c->failure, sizeof c->failure, "%s", what);
}

/* Rank 0's own counting thread. */
static void *local_counter(void *arg)
{
    coordinator *c = arg;
    char err[300];
    for (;;) {
        pthread_mutex_lock(&c->lock);
        long i = take_job(c);
        pthread_mutex_unlock(&c->lock);
        if (i < 0) return NULL;
        rf_count nodes;
        double t0 = mpi_now();
        int st = count_position(c->s, &c->plan.split.jobs[i].pos, c->plan.depth - c->plan.ply,
                                &nodes, err, sizeof err);
        pthread_mutex_lock(&c->lock);
        if (st)
            fail(c, CLI_SOFTWARE, err);
        else
            finish_job(c, (size_t)i, nodes, 0, mpi_now() - t0);
        pthread_mutex_unlock(&c->lock);
    }
}

/* Set when an MPI call fails on rank 0: the run is then ended by MPI_Abort, since a rank
 * may be left waiting. */
static int lost_contact;

/* Tells every counting rank to stop, before any job was handed out (rank 0 failed early). */
static void dismiss(int ranks)
{
    result_msg res;
    for (int r = 1; r < ranks; r++) {
        MPI_Status st;
        if (MPI_Recv(&res, (int)sizeof res, MPI_BYTE, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
                     &st) != MPI_SUCCESS ||
            MPI_Send(NULL, 0, MPI_CHAR, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD) != MPI_SUCCESS) {
            lost_contact = 1;
            return;
        }
    }
}

/* What a signal (mpirun stopping the run when a rank dies, or Ctrl-C) leaves on stderr. */
static char signal_text[600];

static void on_signal(int sig)
{
    ssize_t n = write(STDERR_FILENO, signal_text, strlen(signal_text));
    (void)n;
    _exit(128 + sig);
}

static void sleep_us(long us)
{
    struct timespec ts = {0, us * 1000L};
    nanosleep(&ts, NULL);
}

/* The run lost touch with a rank: it fails (said by `what`, which replaces an earlier failure's
 * message when `last_word`), and MPI_Abort ends it (a rank may be left waiting). */
static void lose_contact(coordinator *c, const char *what, int last_word)
{
    pthread_mutex_lock(&c->lock);
    fail(c, CLI_SOFTWARE, what);
    if (last_word) snprintf(c->failure, sizeof c->failure, "%s", what);
    lost_contact = 1;
    pthread_mutex_unlock(&c->lock);
}

/* Nothing to receive: the progress line, then a pause. Polling backs off from 0.1 ms to 1 ms:
 * a rank waits little for its next job (jobs take 100 ms and more), and the poll takes no
 * core from the counting. */
static void wait_a_little(coordinator *c, long idle)
{
    pthread_mutex_lock(&c->lock);
    mpi_progress_show(&c->progress, 0);
    pthread_mutex_unlock(&c->lock);
    if (idle < 100)
        sched_yield();
    else
        sleep_us(idle < 200 ? 100 : 1000);
}

/* Rank `from` sent its last result (TAG_RESULT, waiting to be received): the result recorded,
 * and the rank's next job sent, or TAG_STOP. 1 when the rank goes on, 0 when it was told to
 * stop, -1 when contact is lost. */
static int answer_rank(coordinator *c, int from)
{
    result_msg res;
    MPI_Status st;
    if (MPI_Recv(&res, (int)sizeof res, MPI_BYTE, from, TAG_RESULT, MPI_COMM_WORLD, &st) !=
        MPI_SUCCESS) {
        lose_contact(c, "lost contact with a rank", 0);
        return -1;
    }
    pthread_mutex_lock(&c->lock);
    if (res.job > 0 && res.job <= c->plan.count) {
        rf_count nodes = {res.hi, res.lo};
        finish_job(c, (size_t)(res.job - 1), nodes, from, res.seconds);
    }
    long i = take_job(c);
    pthread_mutex_unlock(&c->lock);
    if (i < 0) {
        MPI_Send(NULL, 0, MPI_CHAR, from, TAG_STOP, MPI_COMM_WORLD);
        return 0;
    }
    /* The job leaves the process: as text, the position's FEN. */
    char fen[RF_FEN_MAX], text[JOB_TEXT];
    mpi_job_fen(fen, &c->plan, (size_t)i);
    snprintf(text, sizeof text, "%ld %d %s", i, c->plan.depth - c->plan.ply, fen);
    MPI_Send(text, (int)strlen(text) + 1, MPI_CHAR, from, TAG_JOB, MPI_COMM_WORLD);
    return 1;
}

/* Hands the jobs out until each rank has been told to stop. */
static void hand_out(coordinator *c, int ranks)
{
    int active = ranks - 1;
    long idle = 0;
    while (active > 0) {
        int flag = 0;
        MPI_Status st;
        int rc = MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (rc != MPI_SUCCESS) {
            char e[MPI_MAX_ERROR_STRING], what[MPI_MAX_ERROR_STRING + 32];
            int n = 0;
            MPI_Error_string(rc, e, &n);
            snprintf(what, sizeof what, "lost contact with a rank (%s)", e);
            lose_contact(c, what, 1);
            return;
        }
        if (!flag) {
            wait_a_little(c, idle++);
            continue;
        }
        idle = 0;
        if (st.MPI_TAG == TAG_FAIL) {
            char e[300];
            MPI_Recv(e, (int)sizeof e, MPI_CHAR, st.MPI_SOURCE, TAG_FAIL, MPI_COMM_WORLD, &st);
            e[sizeof e - 1] = '\0';
            pthread_mutex_lock(&c->lock);
            fail(c, CLI_SOFTWARE, e);
            pthread_mutex_unlock(&c->lock);
            active--;
            continue;
        }
        int goes_on = answer_rank(c, st.MPI_SOURCE);
        if (goes_on < 0) return;
        if (!goes_on) active--;
    }
}

static void print_result(const run_options *o, const mpi_plan *plan)
{
    rf_count total = {0, 0};
    rf_count per_root[RF_MAX_MOVES];
    memset(per_root, 0, sizeof per_root);
    for (size_t i = 0; i < plan->count; i++) {
        int root = plan->split.jobs[i].root;
        rf__count_add(&total, plan->jobs[i].nodes);
        if (root >= 0) rf__count_add(&per_root[root], plan->jobs[i].nodes);
    }
    unsigned roots = o->divide && plan->ply > 0 ? plan->roots : 0;
    char text[48];
    rf_count_format(text, sizeof text, total);
    if (o->common.json) {
        cli_json j;
        cli_json_answer_fen(&j, &o->common, &o->root);
        cli_json_kint(&j, "depth", plan->depth);
        cli_json_kcount(&j, "nodes", total);
        if (o->divide) {
            cli_json_key(&j, "divide");
            cli_json_object(&j);
            for (unsigned r = 0; r < roots; r++) {
                cli_json_key(&j, plan->root_uci[r]);
                cli_json_count(&j, per_root[r]);
            }
            cli_json_end(&j);
        }
        cli_json_end(&j);
    } else if (o->divide) {
        for (unsigned r = 0; r < roots; r++) {
            char c[48];
            rf_count_format(c, sizeof c, per_root[r]);
            fprintf(o->common.io->out, "%s: %s\n", plan->root_uci[r], c);
        }
        fprintf(o->common.io->out, "\nNodes searched: %s\n", text);
    } else {
        fprintf(o->common.io->out, "%s\n", text);
    }
}

/* Rank 0 before the hand-out: the plan, the checkpoint, the progress report. 0 or an exit
 * status. */
static int prepare(coordinator *c, run_options *o, int ranks)
{
    const cli_common *cmd = &o->common;
    const char *command = cmd->command;
    int ply = (int)o->split, status = 0;
    if (o->checkpoint && o->split < 0) {
        int kept;
        int found = mpi_checkpoint_peek_ply(cmd, o->checkpoint, &kept, &status);
        if (found < 0) return status;
        if (found > 0) ply = kept;
    }
    if (ply > o->s.depth) ply = -1;
    if (ply < 0) ply = mpi_plan_auto_ply(&o->root, o->s.depth, ranks, o->divide);
    if (mpi_plan_make(&c->plan, &o->root, o->s.depth, ply, o->divide) != 0) {
        cli_error(cmd, "--split %d gives more than %d jobs (or memory ran out); split at a "
                           "lower ply",
                  ply, MPI_PLAN_MAX_JOBS);
        return CLI_USAGE;
    }
    c->pending = c->plan.count;
    size_t resumed = 0;
    if (o->checkpoint) {
        char fen[RF_FEN_MAX];
        rf__perft_fen(fen, &o->root, RF_FEN_SHREDDER);
        mpi_checkpoint_id id = {rf_variant_name((rf_variant)o->s.variant), o->s.chess960,
                                o->s.depth, ply, o->divide, fen};
        status = mpi_checkpoint_open(&c->cp, cmd, o->checkpoint, &id, &c->plan, &resumed);
        if (status) {
            mpi_plan_free(&c->plan);
            return status;
        }
        c->pending -= resumed;
        snprintf(signal_text, sizeof signal_text,
                 "\n%s: stopped by a signal (a rank died, or the run was interrupted); the "
                 "finished jobs are kept in %s: run again with it to go on\n",
                 command, o->checkpoint);
    } else {
        snprintf(signal_text, sizeof signal_text,
                 "\n%s: stopped by a signal (a rank died, or the run was interrupted)\n", command);
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGHUP, on_signal);
    if (mpi_progress_start(&c->progress, cmd->io->err, !o->quiet, ranks, &c->plan) != 0) {
        cli_error(cmd, "out of memory");
        mpi_checkpoint_close(&c->cp);
        mpi_plan_free(&c->plan);
        return CLI_SOFTWARE;
    }
    if (!o->quiet && resumed == c->plan.count)
        fprintf(cmd->io->err, "%s: all %zu jobs read from %s: the count is finished\n", command,
                resumed, o->checkpoint);
    else if (!o->quiet && resumed)
        fprintf(cmd->io->err, "%s: %zu of %zu jobs read from %s\n", command, resumed, c->plan.count,
                o->checkpoint);
    return 0;
}

static int coordinate_with(coordinator *c, run_options *o, int ranks);

/* Rank 0: plan, checkpoint, hand-out, answer. Returns the exit status. */
static int coordinate(run_options *o, int ranks)
{
    coordinator *c = calloc(1, sizeof *c);
    if (!c) {
        cli_error(&o->common, "out of memory");
        dismiss(ranks);
        return CLI_SOFTWARE;
    }
    int status = coordinate_with(c, o, ranks);
    free(c);
    return status;
}

/* coordinate with its state *c (zeroed). */
static int coordinate_with(coordinator *c, run_options *o, int ranks)
{
    c->s = &o->s;
    pthread_mutex_init(&c->lock, NULL);
    int status = prepare(c, o, ranks);
    if (status) {
        dismiss(ranks);
        return status;
    }
    if (c->pending == 0) {
        /* A finished checkpoint: the total at once, no rank given anything to do. */
        dismiss(ranks);
        mpi_progress_end(&c->progress);
        mpi_checkpoint_close(&c->cp);
        print_result(o, &c->plan);
        mpi_plan_free(&c->plan);
        return cli_finish(&o->common, CLI_OK);
    }
    const char *only = getenv("RF_MPI_COORDINATE_ONLY");
    int local = ranks == 1 || !only || strcmp(only, "1") != 0;
    pthread_t thread;
    if (local && pthread_create(&thread, NULL, local_counter, c) != 0) {
        cli_error(&o->common, "cannot start the counting thread");
        dismiss(ranks);
        return CLI_SOFTWARE;
    }
    hand_out(c, ranks);
    if (local) pthread_join(thread, NULL);
    mpi_progress_show(&c->progress, 1);
    mpi_progress_end(&c->progress);
    mpi_checkpoint_close(&c->cp);
    if (!c->status && c->pending) fail(c, CLI_SOFTWARE, "jobs were left uncounted");
    if (c->status) {
        if (c->failure[0]) cli_error(&o->common, "%s", c->failure);
        mpi_plan_free(&c->plan);
        return c->status;
    }
    print_result(o, &c->plan);
    mpi_plan_free(&c->plan);
    return cli_finish(&o->common, CLI_OK);
}

/* The default threads of a rank: the machine's CPUs shared among the ranks on it. */
static int default_threads(void)
{
    MPI_Comm node;
    int local = 1;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) ==
        MPI_SUCCESS) {
        MPI_Comm_size(node, &local);
        MPI_Comm_free(&node);
    }
    int t = rf_cpu_count() / (local > 0 ? local : 1);
    return t > 0 ? t : 1;
}

int main(int argc, char **argv)
{
    int provided, rank = 0, ranks = 1;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "%s: MPI cannot start\n", mpi_command.name);
        return CLI_SOFTWARE;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    run_options o;
    cli_io io = {stdin, stdout, stderr};
    settings s;
    memset(&s, 0, sizeof s);
    if (rank == 0) {
        int st = read_options(&o, &io, argc, argv);
        s = o.s;
        s.status = st;
        if (st < 0 && provided < MPI_THREAD_FUNNELED && ranks > 1) {
            cli_error(&o.common, "this MPI gives no thread support (MPI_THREAD_FUNNELED)");
            s.status = CLI_SOFTWARE;
        }
    }
    MPI_Bcast(&s, (int)sizeof s, MPI_BYTE, 0, MPI_COMM_WORLD);
    int status = s.status >= 0 ? s.status : 0;
    if (s.status < 0) {
        if (s.threads == 0) s.threads = default_threads();
        if (rank == 0) {
            o.s = s;
            status = coordinate(&o, ranks);
        } else {
            status = counting_rank(&s, rank);
        }
    }
    /* Rank 0 out of touch ends every rank at once: none is left waiting for a message. */
    if (lost_contact) MPI_Abort(MPI_COMM_WORLD, status);
    MPI_Finalize();
    return status;
}

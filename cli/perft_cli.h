/*
 * perft_cli.h - what the files of `rankfile perft` share. One section per file:
 *   cmd_perft.c        the options, a single count and --divide, the files read
 *   perft_count.c      one count through rf_perft_run, with its progress line on stderr
 *   perft_suite_cmd.c  --suite: a perft suite checked against its expected counts
 *   perft_jobs.c       --split, --jobs and --sum: one count spread over processes
 */
#ifndef RF_PERFT_CLI_H
#define RF_PERFT_CLI_H

#include "cli.h"

#include <time.h>

#define MAX_DEPTH RF_PERFT_MAX_DEPTH

/* The command line of one run. */
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
} perft_run;

/* ---- cmd_perft.c -------------------------------------------------------------------------- */

/* A suite or job file ('-': stdin); NULL after the error (a directory is one: it has no lines
 * to read). */
FILE *perft_open_input(const perft_run *o, const char *path);
void perft_close_input(FILE *f);

/* RF_FEN_SHREDDER when the castling field of the FEN `text` names rooks by their files alone
 * (HAha), else 0 (X-FEN: KQkq, with a file letter only where KQkq would be ambiguous), so that a
 * FEN written back keeps the caller's notation. */
unsigned perft_castling_notation(const char *text, size_t len);

/* ---- perft_count.c ------------------------------------------------------------------------ */

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

/* Counts with the run's threads and table, showing progress on `view` (NULL: none); prints the
 * error and returns an exit code, or 0. */
int perft_count_nodes(const perft_run *o, const rf_position *pos, int depth, rf_count *out,
                      progress_view *view);

/* ---- perft_suite_cmd.c -------------------------------------------------------------------- */

/* --suite FILE: every count of the suite checked; the exit code. */
int perft_run_suite(const perft_run *o);

/* ---- perft_jobs.c ------------------------------------------------------------------------- */

#define PART_MAX 1000000

/* Reads "K/N" (1 <= K <= N <= PART_MAX); 1 on success. */
int perft_parse_part(const char *s, size_t len, unsigned long *k, unsigned long *n);

/* --split PLY FEN DEPTH, --jobs FILE, --sum RESULTS...: the exit code. */
int perft_run_split(const perft_run *o, const char *fen, const char *depth_text);
int perft_run_jobs(const perft_run *o);
int perft_run_sum(const perft_run *o, int nfiles, char **files);

#endif

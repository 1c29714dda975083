/*
 * perft_cli.h - what the files of `rankfile perft` share. One section per file:
 *   cmd_perft.c        the options, a single count and --divide
 *   perft_input.c      the files read, and the castling notation of their FENs
 *   perft_count.c      one count through rf_perft_run, with its progress line on stderr
 *   perft_suite_cmd.c  --suite: a perft suite checked against its expected counts
 *   perft_job_file.c   the job and result files: their header, their lines as lists of jobs
 *   perft_jobs.c       --split, --jobs and --sum: one count spread over processes
 * Perft's internal interface (src/perft_plan.h, the one header of src/ that cli/ includes)
 * splits the tree into positions, writes their FENs for a job file, keys, reads and adds up
 * job and result lines, and reads suite lines; cmd_perft.c's single count is a batch command
 * (app/batch.c), handed each FEN as a position.
 */
#ifndef RF_PERFT_CLI_H
#define RF_PERFT_CLI_H

#include "cli.h"
#include "perft_plan.h"

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
    cli_lines *lines;      /* the run's line buffer for suite, job and result files */
} perft_run;

/* ---- perft_input.c ------------------------------------------------------------------------ */

/* A suite or job file ('-': stdin); NULL after the error (a directory is one: it has no lines
 * to read). */
FILE *perft_open_input(const perft_run *o, const char *path);
void perft_close_input(const perft_run *o, FILE *f);

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
    FILE *err;               /* the run's error stream, where the line goes */
} progress_view;

/* Counts with the run's threads and table, showing progress on `view` (NULL: none); prints the
 * error and returns an exit code, or 0. */
int perft_count_nodes(const perft_run *o, const rf_position *pos, int depth, rf_count *out,
                      progress_view *view);

/* ---- perft_suite_cmd.c -------------------------------------------------------------------- */

/* --suite FILE: every count of the suite checked; the exit code. */
int perft_run_suite(const perft_run *o);

/* ---- perft_job_file.c --------------------------------------------------------------------- */

#define PART_MAX 1000000

/* The header of a job file or a result file (see perft_job_file.c). */
typedef struct job_header {
    rf_variant variant;
    int chess960;
    char root[RF_FEN_MAX];
    long depth, split;
    uint64_t jobs, orders, fingerprint;
    unsigned long part_k, part_n; /* a result file's part; 1/1 for a job file */
    unsigned fen_flags;           /* the root's castling notation, kept in the jobs' FENs */
} job_header;

/* Where a job or result line was read. */
typedef struct job_place {
    const char *file;
    unsigned long line;
    unsigned hits; /* a job file's line: how many results answer it */
} job_place;

/* The jobs of a file, or the results of several: their keys (item i read at at[i]). */
typedef struct job_list {
    rf__perft_index index;
    job_place *at;
    size_t cap;
} job_list;

/* Reads "K/N" (1 <= K <= N <= PART_MAX); 1 on success. */
int perft_parse_part(const char *s, size_t len, unsigned long *k, unsigned long *n);

/* The fingerprint of a header: the hash of its lines from "# variant" to "# move orders". */
uint64_t perft_header_fingerprint(const job_header *h);

/* Writes the header of a job file (results 0) or a result file: as text, or as one JSON object
 * {"variant","chess960","root","depth","split","jobs","move_orders","fingerprint"[,"part"]}. */
void perft_header_write(const perft_run *o, const job_header *h, int results);

/* Reads the header of a job file (results 0) or a result file from `l` into *h, checking each
 * value, the fingerprint, and that the root is a position of its variant. 0 or an exit code,
 * after a one-line error. */
int perft_header_read(const perft_run *o, cli_lines *l, const char *path, int results,
                      job_header *h);

/* Adds a job read at file:line; 1, or 0 without memory. */
int perft_list_add(job_list *l, const rf__perft_job_line *j, const char *file, unsigned long line);
void perft_list_free(job_list *l);

/* Checks a job line against its header: its depth, and (positions 1) that its FEN is a position
 * of the header's variant. 0, or an exit code after a one-line error naming path:no. */
int perft_job_check(const perft_run *o, const job_header *h, const rf__perft_job_line *jb,
                    int positions, const char *path, unsigned long no);

/* Reads a whole job file: its header into *h and its jobs into *jobs (sorted; item: the place
 * in the file), checking that the jobs are as many as the header says, with the move orders it
 * says, each once. 0 or an exit code after a one-line error. */
int perft_job_file_read(const perft_run *o, const char *path, job_header *h, job_list *jobs);

/* Reads one result file into `results`, adding its lines to *sum; *first is the header of the
 * first file read (have_first 0: none yet), whose split every other file must answer. 0 or an
 * exit code after a one-line error. */
int perft_results_read(const perft_run *o, const char *path, job_list *results, rf_count *sum,
                       job_header *first, int *have_first, const char *first_path);

/* ---- perft_jobs.c ------------------------------------------------------------------------- */

/* --split PLY FEN DEPTH, --jobs FILE, --sum RESULTS...: the exit code. */
int perft_run_split(const perft_run *o, const char *fen, const char *depth_text);
int perft_run_jobs(const perft_run *o);
int perft_run_sum(const perft_run *o, int nfiles, char **files);

#endif

/*
 * mpi_perft.h - what the files of the `rankfile-mpi` program share. One section per file:
 *   plan.c        the job list: the library's split (src/perft_plan.h), sizes guessed, the
 *                 hand-out order, the text of a job that leaves rank 0
 *   checkpoint.c  the checkpoint file: a header naming the count, one line per finished job
 *   progress.c    the progress line on stderr (rank 0)
 *   rankfile_mpi.c  options, the coordinator (rank 0) and the counting ranks, over MPI
 * Only rankfile_mpi.c includes mpi.h: the rest is plain C on top of rankfile.h, the
 * application library (app/app.h) and perft's internal interface (src/perft_plan.h, the one
 * header of src/ used here).
 */
#ifndef RF_MPI_PERFT_H
#define RF_MPI_PERFT_H

#include "app.h"
#include "perft_plan.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- plan.c ----------------------------------------------------------------------------- */

/* What the count knows of job i beside split.jobs[i] (its position, its count, its root move
 * with --divide), counted to depth - ply. */
typedef struct mpi_job {
    uint64_t estimate;    /* a guess of its size: perft 2 of the position (at most) */
    int done;             /* counted (or read from the checkpoint) */
    rf_count nodes;       /* when done: count * perft(position, depth - ply) */
} mpi_job;

typedef struct mpi_plan {
    rf_position root;
    int depth, ply;
    rf__perft_split split;                   /* the jobs: split.jobs[i] and jobs[i] */
    unsigned roots;                          /* the root's legal moves */
    char root_uci[RF_MAX_MOVES][RF_UCI_MAX]; /* in generation order */
    mpi_job *jobs;
    size_t count;
    size_t *order; /* indices into jobs, largest estimate first */
} mpi_plan;

/* The most move orders (positions before merging) a plan may cut. */
#define MPI_PLAN_MAX_JOBS 4000000

/* The ply to cut at when none is asked for: the shallowest that gives at least 8 jobs per
 * rank (handed out largest first, they keep every rank busy to the end; more and smaller
 * jobs cost messages and start-up of each rf_perft_run), at least 1 for --divide,
 * at most depth - 1 (a job of depth 0 is all message and no counting) and 6. */
int mpi_plan_auto_ply(const rf_position *root, int depth, int ranks, int divide);

/* Cuts the tree of *root `ply` plies down (0 <= ply <= depth), merging the positions reached
 * by several move orders (under the same root move with `divide`), and sorts the hand-out
 * order. 0, or -1 when the jobs would be too many or memory runs out. */
int mpi_plan_make(mpi_plan *plan, const rf_position *root, int depth, int ply, int divide);

void mpi_plan_free(mpi_plan *plan);

/* The text of job i's position, as it leaves rank 0 (a job message, a checkpoint line): its
 * Shredder FEN without the move counters, into buf (RF_FEN_MAX bytes). */
void mpi_job_fen(char *buf, const mpi_plan *plan, size_t i);

/* The key of job i, the job line "ROOT DEPTH COUNT FEN" (ROOT: a UCI move with --divide,
 * else '-'), as the checkpoint stores it. */
void mpi_job_key(char *buf, size_t cap, const mpi_plan *plan, size_t i);

/* ---- checkpoint.c ----------------------------------------------------------------------- */

/* The header line names what is being counted; a checkpoint of anything else is refused. */
typedef struct mpi_checkpoint_id {
    const char *variant; /* rf_variant_name */
    int chess960;
    int depth;
    int ply;
    int divide;
    const char *fen;     /* the root, Shredder FEN without the move counters */
} mpi_checkpoint_id;

typedef struct mpi_checkpoint {
    const cli_common *common; /* the run: its messages */
    FILE *f;
    const char *path;
    int fd;
} mpi_checkpoint;

/* Reads the ply an existing checkpoint was cut at: 1 and *ply when `path` holds a header,
 * 0 when the file does not exist or is empty, -1 after an error message (exit status in
 * *status). */
int mpi_checkpoint_peek_ply(const cli_common *common, const char *path, int *ply, int *status);

/* Opens `path` for a count and locks it for the run (waiting while another process holds it,
 * with a line on stderr, up to 30 s; then CLI_NOINPUT): a new or empty file gets the header;
 * an existing one must carry the same header (else CLI_DATAERR after a message naming what
 * differs), and each finished job it lists is marked done in *plan with its nodes. A last line
 * without its newline (a run killed while writing it) is cut off and its job redone. A
 * complete line that is malformed, fails its checksum or names no job of the plan is refused
 * (CLI_DATAERR). Returns 0, or an exit status after a one-line message. */
int mpi_checkpoint_open(mpi_checkpoint *cp, const cli_common *common, const char *path,
                        const mpi_checkpoint_id *id, mpi_plan *plan, size_t *resumed);

/* Appends the finished job i and makes it durable (fflush + fsync). 0, or CLI_IOERR after a
 * message. */
int mpi_checkpoint_add(mpi_checkpoint *cp, const mpi_plan *plan, size_t i);

/* Closes the file, which lets go of its lock. */
void mpi_checkpoint_close(mpi_checkpoint *cp);

/* ---- progress.c ------------------------------------------------------------------------- */

typedef struct mpi_progress {
    FILE *err;        /* where the report goes (the program's standard error) */
    int on;           /* 0 with --quiet */
    int tty;          /* err is a terminal: one line redrawn in place */
    int ranks;
    double start, last;
    size_t jobs, done;
    uint64_t estimate_total, estimate_done; /* the jobs' estimated sizes: all, done in this run */
    uint64_t estimate_resumed;              /* those of the jobs read from the checkpoint */
    double *rank_nodes; /* nodes counted (not multiplied) per rank */
    double *rank_busy;  /* seconds spent counting per rank */
    int drawn;          /* a line is on the terminal, to be ended by a newline */
} mpi_progress;

/* Seconds on a monotonic clock. */
double mpi_now(void);

int mpi_progress_start(mpi_progress *p, FILE *err, int on, int ranks, const mpi_plan *plan);
/* A job finished on `rank`: `nodes` leaves counted in `seconds`, estimated size `estimate`. */
void mpi_progress_job(mpi_progress *p, int rank, double nodes, double seconds,
                      uint64_t estimate);
/* Redraws when due (every 0.5 s in a terminal, every 10 s otherwise); force: now. */
void mpi_progress_show(mpi_progress *p, int force);
/* Ends the line and frees. */
void mpi_progress_end(mpi_progress *p);

#endif

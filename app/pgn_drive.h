/*
 * pgn_drive.h - the one driver of PGN reading: the games of an input read into records
 * (pgn_record.h), on the caller's thread or by the PGN thread engine (pgn_threads.h), and
 * handed to their owner in input order. `rankfile pgn` (cli/cmd_pgn.c) and Python's read_table
 * (python/src/table.c) both read through it.
 *
 * The owner says how to set up a record (its options and hooks: record_new) and where a
 * record's games go: a batch (result_new), which the record's done hook fills in the thread
 * that read the game (aim tells the record which batch its next game belongs to), and which
 * emit consumes in the caller's thread, batches in input order. With one thread the driver
 * reads in the caller's thread into one batch and emits it after every game (`after` may stop
 * the reading first); with more, the engine's workers each own a record.
 */
#ifndef RANKFILE_APP_PGN_DRIVE_H
#define RANKFILE_APP_PGN_DRIVE_H

#include "pgn_record.h"
#include "pgn_threads.h"

typedef struct pgn_drive {
    int threads;               /* 1: the caller's thread; more: the thread engine */
    size_t batch;              /* the engine's batch bytes (0: its default) */
    rf_pgn_read_fn read;       /* the input's text */
    void *read_ctx;
    const rf_pgn_place *start; /* where the text begins in its input (NULL: its start) */
    void *user;
    /* Sets up r (pgn_record_init, hooks); worker: 0 for the caller's thread, 1 for a worker's.
     * Nonzero: out of memory. */
    int (*record_new)(void *user, pgn_record *r, int worker);
    void (*record_free)(void *user, pgn_record *r);
    /* A batch of games, and where a record's next game goes (before each game). */
    void *(*result_new)(void *user);
    void (*result_free)(void *user, void *result);
    void (*aim)(void *user, pgn_record *r, void *result);
    /* In the caller's thread, the batches in input order: consumes `result`. Nonzero stops. */
    int (*emit)(void *user, void *result);
} pgn_drive;

/* Reads every game of the input; returns a PGN_THREADS_* value (pgn_threads.h). */
int pgn_drive_run(const pgn_drive *d);

/* A reader of the text `read` gives, which begins at `start` of its input (NULL: its start);
 * NULL when memory ran out. Free it with pgn_drive_close. */
rf_pgn_reader *pgn_drive_open(rf_pgn_read_fn read, void *ctx, const rf_pgn_place *start);
void pgn_drive_close(rf_pgn_reader *reader);

/* Reads the next games of `reader` into r in this thread (r set up by the caller, its games
 * going where its hooks say) until `more` says 0 after a game (NULL: never) or the input ends.
 * Returns what the last rf_pgn_read_game returned: 1 when `more` stopped it, 0 at the end,
 * negative after a read error; 0 also when r ran out of memory (pgn_record_failed). */
int pgn_drive_here(rf_pgn_reader *reader, pgn_record *r, int (*more)(void *ctx, pgn_record *r), void *ctx);

#endif

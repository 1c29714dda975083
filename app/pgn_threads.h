/*
 * pgn_threads.h - one PGN input read by several threads: the caller's thread reads the text and
 * cuts it into batches where games begin (guessed where export format begins them, each guess
 * checked by the worker that reads the batch; the library's own reader finds where after a wrong
 * guess), workers read the batches' games as a reader of the whole input would
 * (rf_pgn_reader_set_place), and the batches' results come back to the caller in input order.
 * Memory is bounded: a few batches per worker are in flight at once. A batch's result may be
 * dropped unemitted (result_free) and its batch read again: what a game adds up belongs in the
 * result, not in the worker's state.
 */
#ifndef RANKFILE_APP_PGN_THREADS_H
#define RANKFILE_APP_PGN_THREADS_H

#include "rankfile.h"

#include <stddef.h>

typedef struct pgn_threads {
    int threads;     /* workers, >= 1 */
    size_t batch;    /* bytes of text a batch holds, about: it ends where a game begins
                        (0: PGN_THREADS_BATCH) */
    size_t cap;      /* a game longer than this: it and the rest of the input are read in the
                        caller's thread, one game at a time (memory stays bounded); 0: 256
                        batches, 64 KiB at least (64 MiB for the default batch) */
    rf_pgn_read_fn read; /* the input's text */
    void *read_ctx;
    const rf_pgn_place *start; /* where the text begins in its input (NULL: at its start) */
    void *user;
    /* A worker's state, made and freed in the caller's thread (freed after the worker
     * stopped). worker_new's NULL: out of memory. */
    void *(*worker_new)(void *user);
    void (*worker_free)(void *user, void *worker);
    /* A batch's result, one per batch in flight; NULL: out of memory. */
    void *(*result_new)(void *user);
    void (*result_free)(void *user, void *result);
    /* In a worker's thread: reads the next game of `reader` into `result`, returning what
     * rf_pgn_read_game returns. */
    int (*game)(void *worker, rf_pgn_reader *reader, void *result);
    /* In the caller's thread, the results in input order: consumes `result` (it is reused for a
     * later batch). Nonzero stops the reading (the output failed). */
    int (*emit)(void *user, void *result);
} pgn_threads;

/* The bytes of a batch when the caller does not say. */
#define PGN_THREADS_BATCH ((size_t)256 * 1024)

enum {
    PGN_THREADS_END = 1,     /* the input was read to its end */
    PGN_THREADS_STOPPED = 0, /* emit stopped it */
    PGN_THREADS_FAILED = -1, /* the read callback failed: the games before were emitted */
    PGN_THREADS_NOMEM = -2   /* out of memory, or no thread could be started */
};

/* Reads every game of the input; returns a PGN_THREADS_* value. */
int pgn_threads_run(const pgn_threads *t);

#endif

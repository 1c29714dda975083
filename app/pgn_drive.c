/*
 * pgn_drive.c - the one driver of PGN reading (see pgn_drive.h).
 */
#include "pgn_drive.h"

#include <stdlib.h>

rf_pgn_reader *pgn_drive_open(rf_pgn_read_fn read, void *ctx, const rf_pgn_place *start)
{
    rf_pgn_place first = {0, 0, 1, 0, 1};
    rf_pgn_reader *reader = rf_pgn_reader_new(read, ctx);
    if (reader && rf_pgn_reader_set_place(reader, start ? start : &first) != RF_OK) {
        rf_pgn_reader_free(reader);
        return NULL;
    }
    return reader;
}

void pgn_drive_close(rf_pgn_reader *reader)
{
    rf_pgn_reader_free(reader);
}

int pgn_drive_here(rf_pgn_reader *reader, pgn_record *r, int (*more)(void *ctx, pgn_record *r), void *ctx)
{
    rf_pgn_visitor v = pgn_record_visitor(r);
    r->reader = reader;
    int rc;
    while ((rc = rf_pgn_read_game(reader, &v)) == 1 && !pgn_record_failed(r))
        if (more && !more(ctx, r)) break;
    r->reader = NULL;
    return pgn_record_failed(r) ? 0 : rc;
}

/* ---- one thread ---------------------------------------------------------------------------- */

typedef struct here {
    const pgn_drive *d;
    void *result;
    int stopped;
} here;

static int emit_each(void *ctx, pgn_record *r)
{
    here *h = ctx;
    (void)r;
    h->stopped = h->d->emit(h->d->user, h->result) != 0;
    return !h->stopped;
}

static int run_here(const pgn_drive *d)
{
    rf_pgn_reader *reader = pgn_drive_open(d->read, d->read_ctx, d->start);
    pgn_record *r = calloc(1, sizeof *r);
    here h = {d, d->result_new(d->user), 0};
    int rc = PGN_THREADS_NOMEM;
    if (!reader || !r || !h.result || d->record_new(d->user, r, 0) != 0) {
        if (h.result) d->result_free(d->user, h.result);
        pgn_drive_close(reader);
        free(r);
        return rc;
    }
    d->aim(d->user, r, h.result);
    int read = pgn_drive_here(reader, r, emit_each, &h);
    rc = pgn_record_failed(r) ? PGN_THREADS_NOMEM : read < 0 ? PGN_THREADS_FAILED
                                                  : h.stopped ? PGN_THREADS_STOPPED : PGN_THREADS_END;
    d->record_free(d->user, r);
    free(r);
    d->result_free(d->user, h.result);
    pgn_drive_close(reader);
    return rc;
}

/* ---- the thread engine --------------------------------------------------------------------- */

/* A worker: its record and its visitor. */
typedef struct worker {
    const pgn_drive *d;
    pgn_record r;
    rf_pgn_visitor v;
} worker;

static void *worker_new(void *user)
{
    const pgn_drive *d = user;
    worker *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->d = d;
    if (d->record_new(d->user, &w->r, 1) != 0) {
        free(w);
        return NULL;
    }
    w->v = pgn_record_visitor(&w->r);
    return w;
}

static void worker_free(void *user, void *wk)
{
    const pgn_drive *d = user;
    worker *w = wk;
    d->record_free(d->user, &w->r);
    free(w);
}

static void *result_new(void *user)
{
    const pgn_drive *d = user;
    return d->result_new(d->user);
}

static void result_free(void *user, void *result)
{
    const pgn_drive *d = user;
    d->result_free(d->user, result);
}

/* In a worker's thread: the next game of the batch, into its result. */
static int worker_game(void *wk, rf_pgn_reader *reader, void *result)
{
    worker *w = wk;
    const pgn_drive *d = w->d;
    d->aim(d->user, &w->r, result);
    w->r.reader = reader;
    int rc = rf_pgn_read_game(reader, &w->v);
    w->r.reader = NULL;
    return pgn_record_failed(&w->r) ? 0 : rc;
}

static int emit(void *user, void *result)
{
    const pgn_drive *d = user;
    return d->emit(d->user, result);
}

int pgn_drive_run(const pgn_drive *d)
{
    if (d->threads <= 1) return run_here(d);
    pgn_threads t = {.threads = d->threads, .batch = d->batch, .read = d->read, .read_ctx = d->read_ctx,
                     .start = d->start, .user = (void *)d, .worker_new = worker_new,
                     .worker_free = worker_free, .result_new = result_new, .result_free = result_free,
                     .game = worker_game, .emit = emit};
    return pgn_threads_run(&t);
}

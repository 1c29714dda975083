/*
 * pgn_threads.c - one PGN input read by several threads (see pgn_threads.h).
 *
 * The caller's thread reads the text through a reader of its own that skips every game (the
 * cutter): each block it reads is also appended to the batch being gathered, and where a game
 * begins once the batch holds enough, the batch is cut there and queued. A batch is a slot of a
 * ring; workers take the queued slots in order, read their games with a reader placed where the
 * batch begins, and mark them done; the caller's thread hands the done slots to `emit` in order,
 * waiting for the oldest when the ring is full, so that memory stays bounded.
 *
 * Why the workers' games are the whole input's: a batch begins where the cutter (the same
 * reader, reading the same bytes) began a game, and ends where it began the next one, so a
 * worker reads the same games; its last game ends at the batch's end as it ended at the next
 * game's '[' (both end it where it is), and what follows a game's termination marker up to the
 * next game is skipped alike.
 */
#include "pgn_threads.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

typedef struct slot {
    char *text;          /* the batch's text */
    size_t len, cap;
    rf_pgn_place place;  /* where it begins */
    void *result;
    int state;           /* SLOT_*, under the lock */
    int nomem;           /* its reader could not be made */
} slot;

typedef struct engine engine;

typedef struct worker {
    engine *e;
    void *state;
    pthread_t thread;
} worker;

struct engine {
    const pgn_threads *t;
    pthread_mutex_t lock;
    pthread_cond_t ready, done;
    slot *slots;
    size_t nslots;
    unsigned long long queued, taken, emitted; /* batches so far */
    int stop;        /* no batch will come: the workers end */
    int stopped;     /* emit said stop: what is left is dropped */
    /* the batch being gathered: the text from acc_place.offset to what was read */
    char *acc;
    size_t acc_len, acc_cap;
    rf_pgn_place acc_place;
    rf_pgn_reader *cutter;
    int failed, overflow, nomem;
    size_t served; /* the fallback's reader: bytes of acc handed to it */
};

/* ---- workers ------------------------------------------------------------------------------- */

static void read_batch(const pgn_threads *t, void *state, slot *s)
{
    rf_pgn_reader *r = rf_pgn_reader_new_memory(s->text, s->len);
    if (!r || rf_pgn_reader_set_place(r, &s->place) != RF_OK) {
        s->nomem = 1;
        rf_pgn_reader_free(r);
        return;
    }
    while (t->game(state, r, s->result) == 1) {}
    rf_pgn_reader_free(r);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    engine *e = w->e;
    for (;;) {
        pthread_mutex_lock(&e->lock);
        while (!e->stop && e->taken == e->queued) pthread_cond_wait(&e->ready, &e->lock);
        if (e->taken == e->queued) {
            pthread_mutex_unlock(&e->lock);
            return NULL;
        }
        slot *s = &e->slots[e->taken++ % e->nslots];
        s->state = SLOT_BUSY;
        int dropped = e->stopped;
        pthread_mutex_unlock(&e->lock);
        s->nomem = 0;
        if (!dropped) read_batch(e->t, w->state, s);
        pthread_mutex_lock(&e->lock);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&e->done);
        pthread_mutex_unlock(&e->lock);
    }
}

/* ---- the caller's thread: results in order ------------------------------------------------- */

/* Waits for the oldest batch in flight and emits it. */
static void emit_oldest(engine *e)
{
    slot *s = &e->slots[e->emitted % e->nslots];
    pthread_mutex_lock(&e->lock);
    while (s->state != SLOT_DONE) pthread_cond_wait(&e->done, &e->lock);
    int dropped = e->stopped;
    pthread_mutex_unlock(&e->lock);
    if (s->nomem) e->nomem = 1;
    int stop = !dropped && (e->nomem || e->t->emit(e->t->user, s->result) != 0);
    pthread_mutex_lock(&e->lock);
    if (stop) e->stopped = 1;
    s->state = SLOT_FREE;
    e->emitted++;
    pthread_mutex_unlock(&e->lock);
}

/* Emits the batches already done, in order. */
static void emit_done(engine *e)
{
    for (;;) {
        pthread_mutex_lock(&e->lock);
        int ready = e->emitted < e->queued && e->slots[e->emitted % e->nslots].state == SLOT_DONE;
        pthread_mutex_unlock(&e->lock);
        if (!ready) return;
        emit_oldest(e);
    }
}

static void emit_all(engine *e)
{
    while (e->emitted < e->queued) emit_oldest(e);
}

/* ---- the caller's thread: cutting ---------------------------------------------------------- */

static int acc_reserve(engine *e, size_t need)
{
    if (need <= e->acc_cap) return 0;
    size_t cap = e->acc_cap ? e->acc_cap : 64 * 1024;
    while (cap < need) cap *= 2;
    char *p = realloc(e->acc, cap);
    if (!p) return -1;
    e->acc = p;
    e->acc_cap = cap;
    return 0;
}

/* Queues acc[0..len) as a batch; the rest of acc, from `next` on, starts the next one. */
static void queue_batch(engine *e, size_t len, const rf_pgn_place *next)
{
    if (len == 0) { /* nothing before the next game: the batch grows on */
        e->acc_place = *next;
        return;
    }
    while (e->queued - e->emitted >= e->nslots) emit_oldest(e);
    slot *s = &e->slots[e->queued % e->nslots];
    size_t rest = e->acc_len - len;
    char *spare = s->text;
    size_t spare_cap = s->cap;
    s->text = e->acc;
    s->cap = e->acc_cap;
    s->len = len;
    s->place = e->acc_place;
    e->acc = spare;
    e->acc_cap = spare_cap;
    e->acc_len = 0;
    if (acc_reserve(e, rest) != 0) {
        e->nomem = 1;
        rest = 0;
    }
    if (rest) memcpy(e->acc, s->text + len, rest);
    e->acc_len = rest;
    e->acc_place = *next;
    pthread_mutex_lock(&e->lock);
    s->state = SLOT_READY;
    e->queued++;
    pthread_cond_signal(&e->ready);
    pthread_mutex_unlock(&e->lock);
    emit_done(e);
}

/* The cutter's begin_game: a game begins; the batch is cut here once it holds enough. */
static int cut_here(void *user, unsigned long index)
{
    engine *e = user;
    (void)index;
    rf_pgn_place p = rf_pgn_reader_game_place(e->cutter);
    size_t len = (size_t)(p.offset - e->acc_place.offset);
    if (len >= e->t->batch && !e->stopped && !e->nomem) queue_batch(e, len, &p);
    return RF_PGN_SKIP;
}

/* The cutter's input: the text, kept in acc as well. Past the cap (one game that long), or when
 * the reading stops, it says the input ended. */
static size_t tee(void *ctx, char *buf, size_t cap)
{
    engine *e = ctx;
    uint64_t game = rf_pgn_reader_game_place(e->cutter).offset; /* all read before is parsed */
    if (e->acc_place.offset + e->acc_len - game > e->t->cap) e->overflow = 1;
    if (e->stopped || e->nomem || e->overflow) return 0;
    size_t n = e->t->read(e->t->read_ctx, buf, cap);
    if (n == (size_t)-1) {
        e->failed = 1;
        return n;
    }
    if (n == 0) return 0;
    if (acc_reserve(e, e->acc_len + n) != 0) {
        e->nomem = 1;
        return 0;
    }
    memcpy(e->acc + e->acc_len, buf, n);
    e->acc_len += n;
    return n;
}

/* ---- the rest of the input in the caller's thread ------------------------------------------ */

/* The fallback reader's input: what acc holds from its start, then the text. */
static size_t serve(void *ctx, char *buf, size_t cap)
{
    engine *e = ctx;
    if (e->served < e->acc_len) {
        size_t n = e->acc_len - e->served;
        if (n > cap) n = cap;
        memcpy(buf, e->acc + e->served, n);
        e->served += n;
        return n;
    }
    return e->t->read(e->t->read_ctx, buf, cap);
}

/* A game longer than the cap: every batch before it is emitted, then it and the rest of the
 * input are read here, a game at a time. */
static int read_rest(engine *e)
{
    const pgn_threads *t = e->t;
    rf_pgn_place p = rf_pgn_reader_game_place(e->cutter);
    queue_batch(e, (size_t)(p.offset - e->acc_place.offset), &p);
    emit_all(e);
    if (e->stopped || e->nomem) return e->nomem ? PGN_THREADS_NOMEM : PGN_THREADS_STOPPED;
    void *state = t->worker_new(t->user);
    void *result = state ? t->result_new(t->user) : NULL;
    rf_pgn_reader *r = result ? rf_pgn_reader_new(serve, e) : NULL;
    int rc = PGN_THREADS_NOMEM;
    if (r && rf_pgn_reader_set_place(r, &p) == RF_OK) {
        e->served = 0;
        int got;
        while ((got = t->game(state, r, result)) == 1)
            if (t->emit(t->user, result) != 0) break;
        rc = got == 1 ? PGN_THREADS_STOPPED : got < 0 ? PGN_THREADS_FAILED : PGN_THREADS_END;
    }
    rf_pgn_reader_free(r);
    if (result) t->result_free(t->user, result);
    if (state) t->worker_free(t->user, state);
    return rc;
}

/* ---- the run ------------------------------------------------------------------------------- */

/* Reads the input with the cutter; returns a PGN_THREADS_* value. */
static int cut_input(engine *e)
{
    rf_pgn_visitor v = {0};
    v.user = e;
    v.begin_game = cut_here;
    e->cutter = rf_pgn_reader_new(tee, e);
    if (!e->cutter) return PGN_THREADS_NOMEM;
    if (e->t->start) rf_pgn_reader_set_place(e->cutter, e->t->start);
    e->acc_place = rf_pgn_reader_game_place(e->cutter);
    while (rf_pgn_read_game(e->cutter, &v) == 1) {}
    int rc;
    if (e->overflow && !e->stopped && !e->nomem) {
        rc = read_rest(e);
    } else {
        if (!e->stopped && !e->nomem) {
            rf_pgn_place end = rf_pgn_reader_game_place(e->cutter);
            end.offset = e->acc_place.offset + e->acc_len;
            queue_batch(e, e->acc_len, &end);
        }
        emit_all(e);
        rc = e->nomem ? PGN_THREADS_NOMEM : e->stopped ? PGN_THREADS_STOPPED
             : e->failed ? PGN_THREADS_FAILED : PGN_THREADS_END;
    }
    rf_pgn_reader_free(e->cutter);
    e->cutter = NULL;
    return rc;
}

static int start_workers(engine *e, worker *w, int n)
{
    int started = 0;
    for (int i = 0; i < n; i++) {
        w[i].e = e;
        w[i].state = e->t->worker_new(e->t->user);
        if (!w[i].state) break;
        if (pthread_create(&w[i].thread, NULL, worker_main, &w[i]) != 0) {
            e->t->worker_free(e->t->user, w[i].state);
            break;
        }
        started++;
    }
    return started;
}

int pgn_threads_run(const pgn_threads *given)
{
    pgn_threads sized = *given;
    const pgn_threads *t = &sized;
    if (!sized.batch) sized.batch = PGN_THREADS_BATCH;
    if (!sized.cap) sized.cap = sized.batch < 256 ? 64 * 1024 : sized.batch * 256;
    engine e;
    memset(&e, 0, sizeof e);
    e.t = t;
    e.nslots = 2 * (size_t)t->threads + 2;
    e.slots = calloc(e.nslots, sizeof *e.slots);
    worker *w = calloc((size_t)t->threads, sizeof *w);
    int rc = PGN_THREADS_NOMEM;
    for (size_t i = 0; e.slots && i < e.nslots; i++)
        if (!(e.slots[i].result = t->result_new(t->user))) {
            e.nslots = i;
            break;
        }
    if (!w || !e.slots || e.nslots < 2 * (size_t)t->threads + 2) goto done;
    pthread_mutex_init(&e.lock, NULL);
    pthread_cond_init(&e.ready, NULL);
    pthread_cond_init(&e.done, NULL);
    int started = start_workers(&e, w, t->threads);
    if (started > 0) rc = cut_input(&e);
    pthread_mutex_lock(&e.lock);
    e.stop = 1;
    pthread_cond_broadcast(&e.ready);
    pthread_mutex_unlock(&e.lock);
    for (int i = 0; i < started; i++) {
        pthread_join(w[i].thread, NULL);
        t->worker_free(t->user, w[i].state);
    }
    pthread_cond_destroy(&e.done);
    pthread_cond_destroy(&e.ready);
    pthread_mutex_destroy(&e.lock);
done:
    for (size_t i = 0; e.slots && i < e.nslots; i++) {
        t->result_free(t->user, e.slots[i].result);
        free(e.slots[i].text);
    }
    free(e.slots);
    free(e.acc);
    free(w);
    return rc;
}

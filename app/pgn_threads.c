/*
 * pgn_threads.c - one PGN input read by several threads (see pgn_threads.h).
 *
 * The caller's thread reads the text and cuts it into batches; workers read the batches' games
 * with readers placed where the batches begin, and the caller's thread hands the done batches to
 * `emit` in input order, waiting for the oldest when the ring of slots is full (memory stays
 * bounded). The cut is found in one of two ways.
 *
 * Guessed (the usual way, almost free): a batch ends before a '[' that begins a line after a
 * blank line, where export-format PGN begins its games. The cutter counts the lines and those
 * guesses, which gives the place (line, games before) of the next batch. The worker reads its
 * batch and one byte more, the next batch's '[', with its reader told to end where a game begins
 * at or past the batch's end (rf_pgn_reader_set_end): the guess held when a game begins right
 * there, at the place guessed. The reading of the batch then was the whole input's reading (it
 * began where the whole reading began a game, at the same place, and up to the next game it saw
 * the same bytes), so the next batch also begins where the whole reading begins a game: by
 * induction every batch emitted is right. A batch whose guess failed (a comment holding such a
 * line, tags split by a blank line, games with no blank line between them) is not emitted: it and
 * the batches after it are dropped and their text read again, cut exactly.
 *
 * Exact (after a failed guess, or when no guess comes for long): the caller's thread reads the
 * text with a reader of its own that skips every game, and cuts where it begins one. This costs
 * the caller's thread about an eighth of a worker's checking, so the engine goes back to
 * guessing after some batches: 4, then 16, 64... as guesses go on failing in one input.
 */
#include "pgn_threads.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

typedef struct slot {
    char *text;          /* the batch's text; text[len] the next batch's '[' when checked */
    size_t len, cap;
    rf_pgn_place place;  /* where it begins */
    rf_pgn_place next;   /* checked: where the next batch begins, as guessed */
    int check;           /* its end was guessed: the worker checks it */
    int held;            /* the worker found a game beginning at `next` */
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

/* The text read ahead, before what the read callback gives next: batches read again. */
typedef struct replay {
    char *text;
    size_t len, at;
} replay;

struct engine {
    const pgn_threads *t;
    pthread_mutex_t lock;
    pthread_cond_t ready, done;
    slot *slots;
    size_t nslots;
    unsigned long long queued, taken, emitted; /* batches so far */
    int stop;        /* no batch will come: the workers end */
    int stopped;     /* emit said stop: what is left is dropped */
    int dropping;    /* batches being dropped: the workers do not read them */
    /* the batch being gathered: the text from acc_place.offset to what was read */
    char *acc;
    size_t acc_len, acc_cap;
    rf_pgn_place acc_place;
    replay again;
    int eof, failed, overflow, nomem;
    /* guessing: acc scanned up to the line beginning at acc[scan] */
    size_t scan;
    unsigned long scan_lines;  /* newlines in acc[0..scan) */
    unsigned long scan_games;  /* games begun in acc[0..scan) */
    int scan_first;            /* acc begins the input: whether a game begins there is unknown */
    /* cutting exactly */
    int exact;                 /* the cutter cuts */
    int rewound;               /* a guess failed: the batches from it on are to be read again */
    unsigned exact_runs;       /* times the cutting went exact */
    unsigned long exact_left;  /* batches to cut exactly before guessing again */
    int leave;                 /* enough cut exactly: the cutter's input ends here */
    rf_pgn_reader *cutter;
};

/* ---- workers ------------------------------------------------------------------------------- */

static int same_place(const rf_pgn_place *a, const rf_pgn_place *b)
{
    return a->offset == b->offset && a->line_start == b->line_start && a->line == b->line &&
           a->games == b->games && !a->blank_line == !b->blank_line;
}

static void read_batch(const pgn_threads *t, void *state, slot *s)
{
    rf_pgn_reader *r = rf_pgn_reader_new_memory(s->text, s->len + (s->check ? 1 : 0));
    if (!r || rf_pgn_reader_set_place(r, &s->place) != RF_OK) {
        s->nomem = 1;
        rf_pgn_reader_free(r);
        return;
    }
    if (s->check) rf_pgn_reader_set_end(r, s->next.offset);
    while (t->game(state, r, s->result) == 1) {}
    if (s->check) {
        rf_pgn_place at = rf_pgn_reader_game_place(r);
        s->held = same_place(&at, &s->next);
    }
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
        int dropped = e->stopped || e->dropping;
        pthread_mutex_unlock(&e->lock);
        s->nomem = 0;
        s->held = 0;
        if (!dropped) read_batch(e->t, w->state, s);
        pthread_mutex_lock(&e->lock);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&e->done);
        pthread_mutex_unlock(&e->lock);
    }
}

/* ---- the text ------------------------------------------------------------------------------ */

/* The text: what is to be read again first, then the read callback's. A failure or the end is
 * kept, so that text read again ends as it ended the first time. */
static size_t pull(engine *e, char *buf, size_t cap)
{
    replay *a = &e->again;
    if (a->at < a->len) {
        size_t n = a->len - a->at;
        if (n > cap) n = cap;
        memcpy(buf, a->text + a->at, n);
        a->at += n;
        return n;
    }
    if (e->failed) return (size_t)-1;
    if (e->eof) return 0;
    size_t n = e->t->read(e->t->read_ctx, buf, cap);
    if (n == (size_t)-1) e->failed = 1;
    if (n == 0) e->eof = 1;
    return n;
}

/* Makes `n` parts (text and length) the text to read again, before what is left of it. */
static int read_again(engine *e, char *const *parts, const size_t *lens, size_t n)
{
    replay *a = &e->again;
    size_t total = a->len - a->at;
    for (size_t i = 0; i < n; i++) total += lens[i];
    char *text = malloc(total ? total : 1);
    if (!text) return -1;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (lens[i]) memcpy(text + at, parts[i], lens[i]);
        at += lens[i];
    }
    if (a->len > a->at) memcpy(text + at, a->text + a->at, a->len - a->at);
    free(a->text);
    a->text = text;
    a->len = total;
    a->at = 0;
    return 0;
}

/* What acc holds is to be read again, from where it begins (acc_place): 0, or -1. */
static int acc_again(engine *e)
{
    char *parts[1] = {e->acc};
    size_t lens[1] = {e->acc_len};
    if (read_again(e, parts, lens, 1) != 0) return -1;
    e->acc_len = 0;
    return 0;
}

/* ---- the caller's thread: results in order ------------------------------------------------- */

static void go_exact(engine *e);

/* The batch `first` guessed wrong where the next begins: it and the batches after it are dropped
 * (their workers done with them), and their text and the batch being gathered are read again,
 * cut exactly from where `first` begins. */
static void rewind_to(engine *e, unsigned long long first)
{
    pthread_mutex_lock(&e->lock);
    e->dropping = 1;
    for (unsigned long long i = first; i < e->queued; i++)
        while (e->slots[i % e->nslots].state != SLOT_DONE) pthread_cond_wait(&e->done, &e->lock);
    e->dropping = 0;
    pthread_mutex_unlock(&e->lock);
    size_t n = (size_t)(e->queued - first);
    char *parts[n + 1];
    size_t lens[n + 1];
    for (size_t i = 0; i < n; i++) {
        slot *s = &e->slots[(first + i) % e->nslots];
        parts[i] = s->text;
        lens[i] = s->len;
    }
    parts[n] = e->acc;
    lens[n] = e->acc_len;
    if (read_again(e, parts, lens, n + 1) != 0) e->nomem = 1;
    const pgn_threads *t = e->t;
    for (size_t i = 0; i < n; i++) {
        slot *s = &e->slots[(first + i) % e->nslots];
        void *fresh = t->result_new(t->user);
        if (fresh) {
            t->result_free(t->user, s->result);
            s->result = fresh;
        } else {
            e->nomem = 1;
        }
        s->state = SLOT_FREE;
    }
    e->acc_place = e->slots[first % e->nslots].place;
    e->acc_len = 0;
    pthread_mutex_lock(&e->lock);
    e->emitted = e->queued;
    pthread_mutex_unlock(&e->lock);
    e->rewound = 1;
    go_exact(e);
}

/* Waits for the oldest batch in flight and emits it (or, its guess wrong, reads again from it). */
static void emit_oldest(engine *e)
{
    slot *s = &e->slots[e->emitted % e->nslots];
    pthread_mutex_lock(&e->lock);
    while (s->state != SLOT_DONE) pthread_cond_wait(&e->done, &e->lock);
    int dropped = e->stopped;
    pthread_mutex_unlock(&e->lock);
    if (s->nomem) e->nomem = 1;
    if (!dropped && !e->nomem && s->check && !s->held) {
        rewind_to(e, e->emitted);
        return;
    }
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

/* ---- the caller's thread: batches ---------------------------------------------------------- */

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

/* Queues acc[0..len) as a batch, checked when `check` (acc[len] is then the next batch's '['); the
 * rest of acc, from `next` on, starts the next one. Returns 0, or -1 when waiting for a slot
 * found a wrong guess (the batch is then not queued: its text is to be read again). */
static int queue_batch(engine *e, size_t len, const rf_pgn_place *next, int check)
{
    if (len == 0) { /* nothing before the next game: the batch grows on */
        e->acc_place = *next;
        return 0;
    }
    while (e->queued - e->emitted >= e->nslots) {
        emit_oldest(e);
        if (e->rewound) return -1;
    }
    slot *s = &e->slots[e->queued % e->nslots];
    size_t rest = e->acc_len - len;
    char *spare = s->text;
    size_t spare_cap = s->cap;
    s->text = e->acc;
    s->cap = e->acc_cap;
    s->len = len;
    s->place = e->acc_place;
    s->next = *next;
    s->check = check;
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
    return e->rewound ? -1 : 0;
}

/* The last batch: what acc holds, to the input's end. */
static void queue_last(engine *e)
{
    if (e->stopped || e->nomem) return;
    rf_pgn_place end = e->acc_place;
    end.offset += e->acc_len;
    queue_batch(e, e->acc_len, &end, 0);
}

/* ---- guessing ------------------------------------------------------------------------------ */

/* acc begins a new batch; `game`: a game begins at its first byte (0: unknown, the input's
 * start). */
static void scan_start(engine *e, int game)
{
    e->scan = 0;
    e->scan_lines = 0;
    e->scan_games = game ? 1 : 0;
    e->scan_first = !game;
}

static int blank_bytes(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r') return 0;
    return 1;
}

/* Scans acc on from e->scan, line by line, counting its lines and the games guessed, and cuts a
 * batch at the first guess past the batch size. Returns 0, or -1 when the text is to be read again
 * (a wrong guess). */
static int scan(engine *e)
{
    const size_t batch = e->t->batch;
    if (e->scan_first) { /* the input's start: a game begins there when '[' does (a BOM before) */
        size_t at = e->acc_place.offset == 0 && e->acc_len >= 3 && memcmp(e->acc, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
        if (e->acc_len <= at) return 0;
        e->scan_games = e->acc[at] == '[';
        e->scan_first = 0;
    }
    for (;;) {
        size_t line = e->scan;
        const char *nl = memchr(e->acc + line, '\n', e->acc_len - line);
        if (!nl) return 0;
        size_t begin = (size_t)(nl - e->acc) + 1; /* the next line */
        if (begin >= e->acc_len) return 0; /* its first byte is still to come */
        e->scan = begin;
        e->scan_lines++;
        if (e->acc[begin] != '[' || !blank_bytes(e->acc + line, begin - 1 - line)) continue;
        if (begin < batch) {
            e->scan_games++;
            continue;
        }
        rf_pgn_place next;
        next.offset = next.line_start = e->acc_place.offset + begin;
        next.line = e->acc_place.line + e->scan_lines;
        next.games = e->acc_place.games + e->scan_games;
        next.blank_line = 1;
        if (queue_batch(e, begin, &next, 1) != 0) return -1;
        scan_start(e, 1);
        if (e->stopped || e->nomem) return 0;
    }
}

/* Cuts by guessing until the input ends (0: the last batch queued) or the cutting goes exact (1). */
static int cut_guessing(engine *e)
{
    /* No guess this far past the batch size: a game that long, or games not in export format. */
    size_t far = e->t->batch + (e->t->batch > 64 * 1024 ? e->t->batch : 64 * 1024);
    enum { BLOCK = 64 * 1024 };
    for (;;) {
        if (e->stopped || e->nomem) return 0;
        if (acc_reserve(e, e->acc_len + BLOCK) != 0) {
            e->nomem = 1;
            return 0;
        }
        size_t n = pull(e, e->acc + e->acc_len, BLOCK);
        if (n == 0 || n == (size_t)-1) {
            queue_last(e);
            return e->rewound;
        }
        e->acc_len += n;
        if (scan(e) != 0) return 1;
        if (e->acc_len >= far && !e->stopped && !e->nomem) {
            go_exact(e);
            return 1;
        }
    }
}

/* ---- cutting exactly ----------------------------------------------------------------------- */

/* Cuts exactly from acc's start for a while: the batches in flight are emitted first (one of them
 * may turn out wrong, and then the cutting begins at it), so that every batch queued in exact mode
 * follows good ones. */
static void go_exact(engine *e)
{
    if (!e->rewound) {
        emit_all(e);
        if (e->rewound) return; /* emit_all went exact from an earlier batch */
        if (acc_again(e) != 0) e->nomem = 1;
    }
    e->exact = 1;
    e->exact_runs++;
    unsigned runs = e->exact_runs < 10 ? e->exact_runs : 10;
    e->exact_left = 1ul << (2 * runs);
}

/* The cutter's begin_game: a game begins; the batch is cut here once it holds enough. */
static int cut_here(void *user, unsigned long index)
{
    engine *e = user;
    (void)index;
    rf_pgn_place p = rf_pgn_reader_game_place(e->cutter);
    size_t len = (size_t)(p.offset - e->acc_place.offset);
    if (len >= e->t->batch && !e->stopped && !e->nomem) {
        queue_batch(e, len, &p, 0); /* batches in flight in exact mode are exact: no rewind */
        if (e->exact_left && --e->exact_left == 0) e->leave = 1;
    }
    return RF_PGN_SKIP;
}

/* The cutter's input: the text, kept in acc as well. Past the cap (one game that long), when
 * the reading stops, or when enough was cut, it says the input ended. */
static size_t tee(void *ctx, char *buf, size_t cap)
{
    engine *e = ctx;
    uint64_t game = rf_pgn_reader_game_place(e->cutter).offset; /* all read before is parsed */
    if (e->acc_place.offset + e->acc_len - game > e->t->cap) e->overflow = 1;
    if (e->stopped || e->nomem || e->overflow || e->leave) return 0;
    size_t n = pull(e, buf, cap);
    if (n == 0 || n == (size_t)-1) return n;
    if (acc_reserve(e, e->acc_len + n) != 0) {
        e->nomem = 1;
        return 0;
    }
    memcpy(e->acc + e->acc_len, buf, n);
    e->acc_len += n;
    return n;
}

/* The fallback reader's input: the text (what acc held is to be read again first). */
static size_t serve(void *ctx, char *buf, size_t cap) { return pull(ctx, buf, cap); }

/* A game longer than the cap: every batch before it is emitted, then it and the rest of the
 * input are read here, a game at a time. */
static int read_rest(engine *e)
{
    const pgn_threads *t = e->t;
    rf_pgn_place p = rf_pgn_reader_game_place(e->cutter);
    queue_batch(e, (size_t)(p.offset - e->acc_place.offset), &p, 0);
    emit_all(e);
    if (e->stopped || e->nomem) return e->nomem ? PGN_THREADS_NOMEM : PGN_THREADS_STOPPED;
    if (acc_again(e) != 0) return PGN_THREADS_NOMEM;
    void *state = t->worker_new(t->user);
    void *result = state ? t->result_new(t->user) : NULL;
    rf_pgn_reader *r = result ? rf_pgn_reader_new(serve, e) : NULL;
    int rc = PGN_THREADS_NOMEM;
    if (r && rf_pgn_reader_set_place(r, &p) == RF_OK) {
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

/* Cuts exactly from acc_place; returns 1 when the cutting goes back to guessing, 0 when the
 * input ended (the last batch queued), or a PGN_THREADS_* value below 0 ... as read_rest. */
static int cut_exact(engine *e, int *rc)
{
    rf_pgn_visitor v = {0};
    v.user = e;
    v.begin_game = cut_here;
    e->cutter = rf_pgn_reader_new(tee, e);
    if (!e->cutter || rf_pgn_reader_set_place(e->cutter, &e->acc_place) != RF_OK) {
        rf_pgn_reader_free(e->cutter);
        e->cutter = NULL;
        e->nomem = 1;
        return 0;
    }
    e->rewound = 0;
    e->leave = 0;
    while (rf_pgn_read_game(e->cutter, &v) == 1) {}
    int back = 0;
    if (e->overflow && !e->stopped && !e->nomem) {
        *rc = read_rest(e);
    } else if (e->leave && !e->stopped && !e->nomem) {
        e->exact = 0;
        e->leave = 0;
        scan_start(e, 1); /* acc begins where the cutter began a game */
        back = 1;
    } else {
        queue_last(e);
    }
    rf_pgn_reader_free(e->cutter);
    e->cutter = NULL;
    return back;
}

/* ---- the run ------------------------------------------------------------------------------- */

/* Reads the input; returns a PGN_THREADS_* value. */
static int cut_input(engine *e)
{
    rf_pgn_place none = {0, 0, 1, 0, 1};
    e->acc_place = e->t->start ? *e->t->start : none;
    scan_start(e, 0);
    int rc = 2; /* set by read_rest */
    for (;;) {
        if (e->exact) {
            if (cut_exact(e, &rc)) continue;
            if (rc != 2) return rc;
        } else {
            if (cut_guessing(e)) continue;
        }
        e->rewound = 0;
        emit_all(e);
        if (!e->rewound) break; /* else the last batches are read again */
    }
    return e->nomem ? PGN_THREADS_NOMEM : e->stopped ? PGN_THREADS_STOPPED
           : e->failed ? PGN_THREADS_FAILED : PGN_THREADS_END;
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
    free(e.again.text);
    free(w);
    return rc;
}

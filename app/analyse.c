/*
 * analyse.c - the run of `rankfile analyse` (analyse.h): the inputs read on the caller's thread,
 * their positions handed in order to a pool of engine threads (one UCI engine each) through a
 * ring of `window` slots, and the answers taken back in order (the ring is the reorder buffer),
 * each game handed to the caller once all its positions are answered.
 *
 * Faults: an engine that crashes or hangs is restarted and the position tried once more, then
 * the position keeps the error; one that says something that is not UCI (or an illegal move) is
 * restarted and the position keeps the error. A stop (*cfg->stop) kills the engines, which ends
 * their searches at once, and returns with the journal flushed.
 */
#include "analyse.h"
#include "analyse_read.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SLOT_EMPTY, SLOT_QUEUED, SLOT_TAKEN, SLOT_DONE };

typedef struct slot {
    int state;
    analyse_game *game;
    size_t ply;
    unsigned long long seq;
} slot;

typedef struct run run;

typedef struct worker {
    run *run;
    pthread_t thread;
    int started;
    uci_engine *engine;
    rf_variant variant; /* the rules its engine was started for */
    int chess960;
    pid_t pid; /* of its engine while it searches (under the run's lock), 0 when none */
} worker;

struct run {
    const analyse_config *cfg;
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    slot *slots;
    size_t window;
    unsigned long long next_fill, next_take, next_deliver;
    int quit;
    int halted; /* the caller's thread saw *cfg->stop (the workers read this, under the lock) */
    pthread_mutex_t journal_lock;
    analyse_journal *journal;
    int journal_errno; /* a write to it failed */
    worker *workers;
    int nworkers;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The caller's thread reads *cfg->stop (signals are blocked in the workers, so that a signal
 * handler setting it runs on the caller's thread); a worker asks the run. */
static int stop_asked(const run *r)
{
    return r->cfg->stop && *r->cfg->stop;
}

static int halted(run *r)
{
    pthread_mutex_lock(&r->lock);
    int h = r->halted;
    pthread_mutex_unlock(&r->lock);
    return h;
}

uci_score analyse_white_score(const analyse_game *g, size_t ply, size_t k)
{
    uci_score s = g->evals[ply].result->lines[k].score;
    if (g->main[ply].side == RF_BLACK) {
        s.value = -s.value;
        int lb = s.lowerbound;
        s.lowerbound = s.upperbound;
        s.upperbound = lb;
    }
    return s;
}

/* ---- a worker: one engine -------------------------------------------------------------------- */

static void set_pid(worker *w, pid_t pid)
{
    pthread_mutex_lock(&w->run->lock);
    w->pid = pid;
    pthread_mutex_unlock(&w->run->lock);
}

static void drop_engine(worker *w)
{
    if (!w->engine) return;
    set_pid(w, 0);
    uci_quit(w->engine);
    w->engine = NULL;
}

/* The error of a position: what went wrong, and the engine's last words on stderr. */
static char *fault_text(const uci_error *err, int tries)
{
    char text[1600];
    int n = snprintf(text, sizeof text, "%s%s", err->message, tries > 1 ? " (twice)" : "");
    if (err->stderr_tail[0] && n > 0 && (size_t)n < sizeof text) {
        size_t at = (size_t)n;
        at += (size_t)snprintf(text + at, sizeof text - at, "; its stderr: ");
        for (const char *p = err->stderr_tail; *p && at + 2 < sizeof text; p++)
            text[at++] = *p == '\n' ? (p[1] ? '|' : ' ') : *p;
        while (at && text[at - 1] == ' ') at--;
        text[at] = 0;
    }
    return strdup(text);
}

static void analyse_one(worker *w, slot *s)
{
    run *r = w->run;
    const analyse_config *cfg = r->cfg;
    analyse_game *g = s->game;
    analyse_eval *ev = &g->evals[s->ply];
    uci_error err;
    memset(&err, 0, sizeof err);
    int rc = UCI_SYSTEM, tries = 0;
    /* An engine is started for one variant and castling mode (UCI_Variant, UCI_Chess960): a
     * game of other rules gets an engine of its own. */
    rf_variant variant = (rf_variant)g->start.variant;
    int chess960 = g->start.chess960;
    if (w->engine && (w->variant != variant || w->chess960 != chess960)) drop_engine(w);
    for (int attempt = 0; attempt < 2; attempt++) {
        if (halted(r)) {
            rc = UCI_CRASHED;
            snprintf(err.message, sizeof err.message, "stopped");
            break;
        }
        tries++;
        if (!w->engine) {
            uci_config ec = cfg->engine;
            ec.variant = variant;
            ec.chess960 = chess960;
            w->variant = variant;
            w->chess960 = chess960;
            rc = uci_start(&w->engine, &ec, &err);
            if (rc != UCI_OK) {
                w->engine = NULL;
                if ((rc == UCI_CRASHED || rc == UCI_HUNG) && attempt == 0) continue;
                break;
            }
        }
        set_pid(w, uci_pid(w->engine));
        if (halted(r)) { /* stopped while the engine started: no search */
            rc = UCI_CRASHED;
            snprintf(err.message, sizeof err.message, "stopped");
            break;
        }
        memset(ev->result, 0, sizeof *ev->result);
        rc = uci_new_game(w->engine, &err);
        if (rc == UCI_OK) rc = uci_search(w->engine, &g->start, g->moves, s->ply, &cfg->limit, ev->result, &err);
        if (rc == UCI_OK) {
            if (r->journal) {
                pthread_mutex_lock(&r->journal_lock);
                if (!r->journal_errno &&
                    analyse_journal_add(r->journal, s->seq, &g->main[s->ply], g->main[s->ply].key, ev->result))
                    r->journal_errno = errno ? errno : EIO;
                pthread_mutex_unlock(&r->journal_lock);
            }
            return;
        }
        if (rc != UCI_REFUSED) drop_engine(w);
        if ((rc == UCI_CRASHED || rc == UCI_HUNG) && attempt == 0) continue;
        break;
    }
    ev->fault = rc;
    ev->error = fault_text(&err, tries);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    run *r = w->run;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->quit && r->next_take == r->next_fill) pthread_cond_wait(&r->work, &r->lock);
        if (r->quit) break;
        slot *s = &r->slots[r->next_take % r->window];
        r->next_take++;
        if (s->state != SLOT_QUEUED) continue;
        s->state = SLOT_TAKEN;
        pthread_mutex_unlock(&r->lock);
        analyse_one(w, s);
        pthread_mutex_lock(&r->lock);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&r->done);
    }
    pthread_mutex_unlock(&r->lock);
    drop_engine(w);
    return NULL;
}

/* ---- the run --------------------------------------------------------------------------------- */

/* The games read and not yet handed back, oldest first. */
typedef struct fifo {
    analyse_game **games;
    size_t head, count, cap;
} fifo;

static int fifo_push(fifo *f, analyse_game *g)
{
    if (f->count == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 64;
        analyse_game **p = malloc(cap * sizeof *p);
        if (!p) return -1;
        for (size_t i = 0; i < f->count; i++) p[i] = f->games[(f->head + i) % f->cap];
        free(f->games);
        f->games = p;
        f->cap = cap;
        f->head = 0;
    }
    f->games[(f->head + f->count) % f->cap] = g;
    f->count++;
    return 0;
}

static analyse_game *fifo_at(const fifo *f, size_t i)
{
    return f->games[(f->head + i) % f->cap];
}

static void fifo_pop(fifo *f)
{
    f->head = (f->head + 1) % f->cap;
    f->count--;
}

static int say(char *message, size_t cap, int status, const char *fmt, const char *a, const char *b)
{
    if (message && cap) snprintf(message, cap, fmt, a, b);
    return status;
}

/* The engine's start said as the run's message: its error and its stderr. */
static int start_failed(int rc, const uci_error *err, char *message, size_t cap)
{
    char *text = fault_text(err, 1);
    int status = rc == UCI_REFUSED ? CLI_USAGE : rc == UCI_SYSTEM ? CLI_SOFTWARE : CLI_UNAVAILABLE;
    /* the driver's message names the engine */
    say(message, cap, status, "%s%s", text ? text : err->message, "");
    free(text);
    return status;
}

/* A position of the main line that the rules have ended: no engine is asked. */
static const char *ended(const rf_position *pos)
{
    rf_outcome o = rf_position_outcome(pos);
    if (o.reason == RF_REASON_CHECKMATE || o.reason == RF_REASON_STALEMATE || o.reason == RF_REASON_VARIANT_END)
        return o.code;
    return NULL;
}

/* The caller's side of a run: the inputs, the games read and not yet handed back, progress. */
typedef struct driver {
    const analyse_config *cfg;
    const analyse_source *inputs;
    size_t ninputs;
    const analyse_callbacks *cb;
    char *message;
    size_t cap;
    fifo games;
    size_t input;           /* the input being read */
    analyse_reader *reader; /* its reader, NULL between inputs */
    int reading, input_failed;
    unsigned long index;    /* of the last game read */
    unsigned long long seq; /* of the next position handed out */
    analyse_progress prog;
    double started, shown;
    size_t filling; /* the first game in the FIFO with plies still to hand out */
} driver;

/* The engines' threads (r->slots and r->workers allocated), the first with the engine started
 * on this thread. Returns 0, or a status with the message said (the threads started so far are
 * marked in r->workers). */
static int start_workers(run *r, driver *d, uci_engine *first, int nworkers)
{
    const analyse_config *cfg = d->cfg;
    pthread_mutex_init(&r->lock, NULL);
    pthread_mutex_init(&r->journal_lock, NULL);
    pthread_cond_init(&r->work, NULL);
    pthread_cond_init(&r->done, NULL);
    r->nworkers = nworkers;
    r->workers[0].engine = first;
    r->workers[0].variant = cfg->engine.variant;
    r->workers[0].chess960 = cfg->engine.chess960;
    for (int i = 0; i < nworkers; i++) {
        r->workers[i].run = r;
        if (pthread_create(&r->workers[i].thread, NULL, worker_main, &r->workers[i]) != 0)
            return say(d->message, d->cap, CLI_SOFTWARE, "%s%s", "cannot start a thread", "");
        r->workers[i].started = 1;
    }
    return 0;
}

/* The next game of the inputs, opening each in turn (called without the run's lock): 1 with *g,
 * 0 when they are all read, -1 out of memory. */
static int next_game(driver *d, analyse_game **g)
{
    while (d->input < d->ninputs) {
        if (!d->reader) {
            int st;
            d->reader = analyse_reader_open(d->cfg, &d->inputs[d->input], &st);
            if (!d->reader) {
                if (st == CLI_SOFTWARE) return -1;
                d->input_failed = 1;
                d->input++;
                continue;
            }
        }
        int got = analyse_reader_next(d->reader, g);
        if (got == 1 || got == -1) return got;
        if (got == -2) d->input_failed = 1;
        analyse_reader_close(d->reader);
        d->reader = NULL;
        d->input++;
    }
    return 0;
}

/* Reads a game into the FIFO, the workers going on meanwhile (the run's lock is let go while it
 * reads). 0; or a status after an error (said). Reading stops at the inputs' end. */
static int read_game(run *r, driver *d)
{
    pthread_mutex_unlock(&r->lock);
    analyse_game *g = NULL;
    int got = next_game(d, &g);
    pthread_mutex_lock(&r->lock);
    if (got == -1 || (got == 1 && fifo_push(&d->games, g))) {
        analyse_game_free(g);
        return say(d->message, d->cap, CLI_SOFTWARE, "%s%s", "out of memory", "");
    }
    if (got != 1) {
        d->reading = 0;
        d->prog.input_done = 1;
        return 0;
    }
    const analyse_config *cfg = d->cfg;
    g->index = ++d->index;
    g->next_ply = g->plies + 1;
    if (!g->error && g->start_ok && cfg->from_ply <= g->plies) {
        g->next_ply = cfg->from_ply;
        d->prog.known += (g->plies - cfg->from_ply) / (cfg->every ? cfg->every : 1) + 1;
    }
    return 0;
}

/* Hands the next ply of game g to the ring: answered at once when the rules have ended the game
 * there or the checkpoint has its answer, else queued for the workers. 0, or a status. */
static int hand_out(run *r, driver *d, analyse_game *g)
{
    size_t ply = g->next_ply;
    unsigned long every = d->cfg->every ? d->cfg->every : 1;
    g->next_ply = ply + every;
    if (g->next_ply < ply) g->next_ply = g->plies + 1; /* overflow */
    analyse_eval *ev = &g->evals[ply];
    ev->asked = 1;
    g->pending++;
    slot *s = &r->slots[r->next_fill % r->window];
    s->game = g;
    s->ply = ply;
    s->seq = d->seq++;
    s->state = SLOT_QUEUED;
    const rf_position *pos = &g->main[ply];
    if ((ev->end = ended(pos)) != NULL) {
        ev->terminal = 1;
        s->state = SLOT_DONE;
    } else if (!(ev->result = calloc(1, sizeof *ev->result))) {
        return say(d->message, d->cap, CLI_SOFTWARE, "%s%s", "out of memory", "");
    } else if (r->journal && analyse_journal_find(r->journal, s->seq, pos, pos->key, ev->result)) {
        ev->replayed = 1;
        d->prog.replayed++;
        s->state = SLOT_DONE;
    }
    r->next_fill++;
    return 0;
}

/* Fills the ring with the plies of the games read, reading games as it needs them (at most
 * 64 more than the ring holds). *filled: a ply was handed out. 0, or a status. */
static int fill_ring(run *r, driver *d, int *filled)
{
    *filled = 0;
    while (r->next_fill - r->next_deliver < r->window) {
        fifo *games = &d->games;
        while (d->filling < games->count && fifo_at(games, d->filling)->next_ply > fifo_at(games, d->filling)->plies)
            d->filling++;
        if (d->filling == games->count) {
            if (!d->reading || games->count > r->window + 64) return 0;
            int st = read_game(r, d);
            if (st) return st;
            if (!d->reading) return 0;
            continue;
        }
        int st = hand_out(r, d, fifo_at(games, d->filling));
        if (st) return st;
        *filled = 1;
    }
    return 0;
}

/* Takes back what is answered, in order, and hands back the games whose positions are all
 * answered (the game callback runs without the run's lock). 0, or the callback's status. */
static int deliver(run *r, driver *d)
{
    while (r->next_deliver < r->next_fill && r->slots[r->next_deliver % r->window].state == SLOT_DONE) {
        slot *s = &r->slots[r->next_deliver % r->window];
        s->game->pending--;
        s->state = SLOT_EMPTY;
        r->next_deliver++;
        d->prog.positions++;
    }
    while (d->games.count) {
        analyse_game *g = fifo_at(&d->games, 0);
        if (g->pending || g->next_ply <= g->plies) break;
        fifo_pop(&d->games);
        if (d->filling) d->filling--;
        pthread_mutex_unlock(&r->lock);
        d->prog.games++;
        int stop_value = d->cb->game ? d->cb->game(d->cb->ctx, g) : 0;
        analyse_game_free(g);
        pthread_mutex_lock(&r->lock);
        if (stop_value) return stop_value;
    }
    return 0;
}

/* The progress callback, at most every quarter of a second (without the run's lock). */
static void show_progress(run *r, driver *d)
{
    double t = now();
    if (!d->cb->progress || t - d->shown < 0.25) return;
    d->shown = t;
    d->prog.seconds = t - d->started;
    if (d->reader && d->input < d->ninputs) {
        d->prog.consumed = cli_input_consumed(d->inputs[d->input].in);
        d->prog.size = cli_input_size(d->inputs[d->input].in);
    }
    pthread_mutex_unlock(&r->lock);
    d->cb->progress(d->cb->ctx, &d->prog);
    pthread_mutex_lock(&r->lock);
}

/* Waits for an answer to the oldest position out, or a tenth of a second (to see a stop). */
static void wait_answer(run *r)
{
    if (r->next_deliver < r->next_fill && r->slots[r->next_deliver % r->window].state != SLOT_DONE) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&r->done, &r->lock, &until);
    }
}

/* The run's loop (under the run's lock): fill, deliver, report, wait, until every game is
 * handed back, a stop, or an error. Returns 0 or the status. */
static int drive(run *r, driver *d)
{
    for (;;) {
        if (stop_asked(r)) {
            r->halted = 1;
            return ANALYSE_STOPPED;
        }
        int filled, st = fill_ring(r, d, &filled);
        if (filled) pthread_cond_broadcast(&r->work);
        if (st || (st = deliver(r, d)) != 0) return st;
        if (!d->reading && d->games.count == 0) return 0;
        if (r->journal_errno)
            return say(d->message, d->cap, CLI_IOERR, "cannot write the checkpoint %s: %s", d->cfg->checkpoint,
                       strerror(r->journal_errno));
        show_progress(r, d);
        wait_answer(r);
    }
}

/* The end (called with the run's lock): the workers leave, on a stop or an error with their
 * engines killed first; what is left is freed and the checkpoint flushed. Returns the status. */
static int finish_run(run *r, driver *d, int status)
{
    r->quit = 1;
    if (status != 0) r->halted = 1;
    if (status != 0)
        for (int i = 0; i < r->nworkers; i++)
            if (r->workers[i].pid > 0) kill(r->workers[i].pid, SIGKILL);
    pthread_cond_broadcast(&r->work);
    pthread_mutex_unlock(&r->lock);
    for (int i = 0; i < r->nworkers; i++)
        if (r->workers[i].started) pthread_join(r->workers[i].thread, NULL);
        else if (r->workers[i].engine) uci_quit(r->workers[i].engine);
    if (d->cb->progress && status == 0) {
        d->prog.seconds = now() - d->started;
        d->cb->progress(d->cb->ctx, &d->prog);
    }
    while (d->games.count) {
        analyse_game_free(fifo_at(&d->games, 0));
        fifo_pop(&d->games);
    }
    free(d->games.games);
    analyse_reader_close(d->reader);
    if (r->journal) {
        if (analyse_journal_flush(r->journal) && status == 0)
            status = say(d->message, d->cap, CLI_IOERR, "cannot write the checkpoint %s: %s", d->cfg->checkpoint,
                         strerror(errno));
        analyse_journal_close(r->journal);
    }
    pthread_cond_destroy(&r->work);
    pthread_cond_destroy(&r->done);
    pthread_mutex_destroy(&r->lock);
    pthread_mutex_destroy(&r->journal_lock);
    free(r->slots);
    free(r->workers);
    if (status == 0 && d->input_failed) status = CLI_DATAERR;
    return status;
}

int analyse_run(const analyse_config *cfg, const analyse_source *inputs, size_t ninputs,
                const analyse_callbacks *cb, char *message, size_t cap)
{
    if (message && cap) message[0] = 0;
    run r;
    memset(&r, 0, sizeof r);
    r.cfg = cfg;
    int nworkers = cfg->engines > 0 ? cfg->engines : 1;
    r.window = cfg->window ? cfg->window : (size_t)nworkers * 8;
    if (r.window < 2) r.window = 2;
    int status = 0;

    /* The journal first: a checkpoint of another command line is refused before any engine. */
    if (cfg->checkpoint) {
        status = analyse_journal_open(&r.journal, cfg->checkpoint, cfg->key ? cfg->key : "", message, cap);
        if (status) return status;
    }
    /* The first engine on this thread: a program that is no engine is said at once. */
    uci_engine *first = NULL;
    uci_error err;
    memset(&err, 0, sizeof err);
    int rc = uci_start(&first, &cfg->engine, &err);
    if (rc != UCI_OK) {
        analyse_journal_close(r.journal);
        return start_failed(rc, &err, message, cap);
    }
    driver d;
    memset(&d, 0, sizeof d);
    d.cfg = cfg, d.inputs = inputs, d.ninputs = ninputs, d.cb = cb, d.message = message, d.cap = cap;
    r.slots = calloc(r.window, sizeof *r.slots);
    r.workers = calloc((size_t)nworkers, sizeof *r.workers);
    if (!r.slots || !r.workers) {
        uci_quit(first);
        free(r.slots);
        free(r.workers);
        analyse_journal_close(r.journal);
        return say(message, cap, CLI_SOFTWARE, "%s%s", "out of memory", "");
    }
    status = start_workers(&r, &d, first, nworkers);
    d.reading = status == 0;
    d.started = d.shown = now();
    pthread_mutex_lock(&r.lock);
    if (status == 0) status = drive(&r, &d);
    return finish_run(&r, &d, status);
}

/*
 * perft.c - perft: the number of leaves of the legal move tree, the standard test of a move
 * generator. Children are made by copying the position (copy-make), and the last ply is counted
 * without being played (bulk counting). Optional: threads sharing the work, a transposition
 * table of subtree counts, and 128-bit totals.
 */
#include "variant.h"

#include "tt.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t perft_any(const rf_position *pos, int depth, const rf__tt *tt)
{
    if (depth <= 0) return 1;
    return rf__variant_of(pos)->perft(pos, depth, tt);
}

uint64_t rf_perft(const rf_position *pos, int depth)
{
    rf_init();
    return perft_any(pos, depth, NULL);
}

/* Threaded perft: the tree is cut two plies below the root into independent jobs, which the
 * threads take one at a time from a shared counter, so that a thread that finishes a small
 * subtree early takes the next one instead of waiting. Each job's count fits 64 bits (a subtree
 * two plies down of any depth a computer finishes); their sum is kept in 128 bits.
 *
 * With a progress callback the calling thread only watches: each worker adds a finished job to
 * `done` and `nodes` under `lock` and wakes the watcher after the last one; the watcher reads
 * them under the same lock every interval and calls the callback with the lock released, so no
 * worker ever runs caller code. Canceling sets `stop`, which a worker reads before taking its
 * next job. */
typedef struct perft_job {
    rf_position pos;
    int depth;
    uint64_t nodes;
} perft_job;

typedef struct perft_pool {
    perft_job *jobs;
    size_t count;
    atomic_size_t next;
    const rf__tt *tt;
    int watched; /* a progress callback: the fields below are in use */
    atomic_bool stop;
    pthread_mutex_t lock;
    pthread_cond_t finished;
    size_t done;   /* under lock */
    rf_count nodes; /* under lock */
} perft_pool;

static void count_add(rf_count *c, uint64_t n)
{
    c->lo += n;
    if (c->lo < n) c->hi++;
}

static void *perft_worker(void *arg)
{
    perft_pool *pool = arg;
    size_t i;
    while (!atomic_load_explicit(&pool->stop, memory_order_relaxed) &&
           (i = atomic_fetch_add(&pool->next, 1)) < pool->count) {
        uint64_t n = perft_any(&pool->jobs[i].pos, pool->jobs[i].depth, pool->tt);
        pool->jobs[i].nodes = n;
        if (pool->watched) {
            pthread_mutex_lock(&pool->lock);
            count_add(&pool->nodes, n);
            if (++pool->done == pool->count) pthread_cond_signal(&pool->finished);
            pthread_mutex_unlock(&pool->lock);
        }
    }
    return NULL;
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* The watcher's loop: reports every `ms` until every job is done (1) or the callback cancels
 * (0, `stop` set). The deadline is on the realtime clock, the one pthread_cond_timedwait uses
 * everywhere; a clock step only moves one report. */
static int perft_watch(perft_pool *pool, const rf_perft_options *opt, unsigned ms,
                       const struct timespec *start)
{
    pthread_mutex_lock(&pool->lock);
    while (pool->done < pool->count) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += (time_t)(ms / 1000);
        deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000L;
        }
        int rc = 0;
        while (pool->done < pool->count && rc == 0)
            rc = pthread_cond_timedwait(&pool->finished, &pool->lock, &deadline);
        if (pool->done == pool->count) break;
        rf_perft_progress p = {pool->done, pool->count, pool->nodes, 0};
        pthread_mutex_unlock(&pool->lock);
        p.seconds = seconds_since(start);
        if (opt->progress(opt->user, &p)) {
            atomic_store(&pool->stop, 1);
            return 0;
        }
        pthread_mutex_lock(&pool->lock);
    }
    pthread_mutex_unlock(&pool->lock);
    return 1;
}

/* The last report: every job done, the exact total. Its return value is ignored. */
static void perft_report_end(const rf_perft_options *opt, size_t jobs, rf_count total,
                             const struct timespec *start)
{
    rf_perft_progress p = {jobs, jobs, total, seconds_since(start)};
    (void)opt->progress(opt->user, &p);
}

int rf_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

size_t rf_count_format(char *buf, size_t cap, rf_count c)
{
    char digits[48];
    size_t n = 0;
    /* Repeated division of the 128-bit value by 10, in 32-bit limbs. */
    uint32_t limb[4] = {(uint32_t)(c.hi >> 32), (uint32_t)c.hi, (uint32_t)(c.lo >> 32), (uint32_t)c.lo};
    do {
        uint64_t rem = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t cur = (rem << 32) | limb[i];
            limb[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        digits[n++] = (char)('0' + rem);
    } while (limb[0] | limb[1] | limb[2] | limb[3]);
    for (size_t i = 0; i < n && i + 1 < cap; i++) buf[i] = digits[n - 1 - i];
    if (cap) buf[n < cap ? n : cap - 1] = '\0';
    return n;
}

struct rf_perft_table {
    rf__tt tt;
};

/* The buckets of a table of `mb` MiB, a power of two; 0 for a size out of range. */
static size_t table_buckets(size_t mb)
{
    if (mb == 0 || mb > ((size_t)1 << 20)) return 0;
    size_t buckets = 1;
    while (buckets * 2 * 2 * sizeof(rf__tt_entry) <= mb << 20) buckets *= 2;
    return buckets;
}

rf_perft_table *rf_perft_table_new(size_t mb)
{
    size_t buckets = table_buckets(mb);
    if (!buckets) return NULL;
    rf_perft_table *t = malloc(sizeof *t);
    if (!t) return NULL;
    t->tt.entries = calloc(buckets * 2, sizeof *t->tt.entries);
    if (!t->tt.entries) {
        free(t);
        return NULL;
    }
    t->tt.mask = buckets - 1;
    return t;
}

void rf_perft_table_free(rf_perft_table *t)
{
    if (!t) return;
    free(t->tt.entries);
    free(t);
}

rf_status rf_perft_run(rf_count *out, const rf_position *pos, int depth,
                       const rf_perft_options *opt, rf_error *err)
{
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    rf_init();
    out->hi = out->lo = 0;
    if (depth < 0 || depth > RF_PERFT_MAX_DEPTH)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0, "depth out of range");
    int threads = opt ? opt->threads : 1;
    if (threads <= 0) threads = rf_cpu_count();
    if (threads > 256) threads = 256;
    int watched = opt && opt->progress;
    unsigned ms = watched && opt->progress_ms ? opt->progress_ms : 500;

    rf__tt tt = {NULL, 0}, *ttp = NULL;
    if (opt && opt->table) {
        ttp = &opt->table->tt; /* the caller's: not freed here */
    } else if (opt && opt->hash_mb) {
        if (opt->hash_mb > ((size_t)1 << 20))
            return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                             "hash size above 1 TiB");
        size_t buckets = table_buckets(opt->hash_mb);
        tt.entries = calloc(buckets * 2, sizeof *tt.entries);
        if (!tt.entries)
            return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0,
                             "cannot allocate the hash table");
        tt.mask = buckets - 1;
        ttp = &tt;
    }

    rf_movelist root;
    size_t count = 0;
    if ((threads > 1 || watched) && depth >= 4) {
        rf_generate_moves(&root, pos);
        for (unsigned i = 0; i < root.count; i++) {
            rf_position child = *pos;
            rf_position_play(&child, root.moves[i]);
            rf_movelist grand;
            count += rf_generate_moves(&grand, &child);
        }
    }
    perft_job *jobs = count ? malloc(count * sizeof *jobs) : NULL;
    if (!jobs) {
        /* One thread, a shallow depth, no job list or no jobs at all: one job, counted on this
         * thread. */
        count_add(out, perft_any(pos, depth, ttp));
        if (watched) perft_report_end(opt, 1, *out, &start);
        free(tt.entries);
        return RF_OK;
    }
    size_t n = 0;
    for (unsigned i = 0; i < root.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, root.moves[i]);
        rf_movelist grand;
        rf_generate_moves(&grand, &child);
        for (unsigned j = 0; j < grand.count; j++) {
            jobs[n].pos = child;
            rf_position_play(&jobs[n].pos, grand.moves[j]);
            jobs[n].depth = depth - 2;
            n++;
        }
    }
    perft_pool pool;
    pool.jobs = jobs;
    pool.count = n;
    atomic_init(&pool.next, 0);
    pool.tt = ttp;
    pool.watched = watched;
    atomic_init(&pool.stop, 0);
    pool.done = 0;
    pool.nodes.hi = pool.nodes.lo = 0;
    if (watched) {
        pthread_mutex_init(&pool.lock, NULL);
        pthread_cond_init(&pool.finished, NULL);
    }
    /* Unwatched, the calling thread is one of the counting threads; watched, it only watches. */
    pthread_t tid[256];
    int started = 0, completed = 1;
    for (int t = watched ? 0 : 1; t < threads; t++) {
        if (pthread_create(&tid[started], NULL, perft_worker, &pool) != 0) break;
        started++;
    }
    if (!watched || !started)
        perft_worker(&pool);
    else
        completed = perft_watch(&pool, opt, ms, &start);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    if (completed) {
        for (size_t i = 0; i < n; i++) count_add(out, jobs[i].nodes);
        if (watched) perft_report_end(opt, n, *out, &start);
    }
    if (watched) {
        pthread_cond_destroy(&pool.finished);
        pthread_mutex_destroy(&pool.lock);
    }
    free(jobs);
    free(tt.entries);
    if (!completed)
        return rf__error(err, RF_ERR_CANCELED, RF_FIELD_NONE, 0, 0,
                         "canceled by the progress callback");
    return RF_OK;
}

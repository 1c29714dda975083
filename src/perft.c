/*
 * perft.c - perft: the number of leaves of the legal move tree, the standard test of a move
 * generator. Children are made by copying the position (copy-make), and the last ply is counted
 * without being played (bulk counting). Optional: threads sharing the work, a transposition
 * table of subtree counts, and 128-bit totals.
 */
#include "variant.h"

#include "perft_plan.h"
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

/* Threaded perft: the tree is cut two plies below the root into independent jobs (the
 * library's split, perft_plan.h: a position several move orders reach is one job, counted once
 * and multiplied), which the threads take one at a time from a shared counter, so that a thread
 * that finishes a small subtree early takes the next one instead of waiting. A job is the
 * split's position itself: nothing is written as text or read back. Each job's count fits 64
 * bits (a subtree two plies down of any depth a computer finishes); their sum is kept in 128
 * bits.
 *
 * With a progress callback the calling thread only watches: each worker adds a finished job to
 * `done` and `nodes` under `lock` and wakes the watcher after the last one; the watcher reads
 * them under the same lock every interval and calls the callback with the lock released, so no
 * worker ever runs caller code. Canceling sets `stop`, which a worker reads before taking its
 * next job. */
typedef struct perft_pool {
    rf__perft_split split; /* the jobs: split.jobs[i].pos, counted split.jobs[i].count times */
    uint64_t *leaves;      /* [i]: perft of job i to `depth` */
    size_t count;          /* the jobs to count: split.count, or 0 when not split */
    int depth;             /* of each job */
    atomic_size_t next;
    const rf__tt *tt;
    int watched; /* a progress callback: the fields below are in use */
    atomic_bool stop;
    pthread_mutex_t lock;
    pthread_cond_t finished;
    size_t done;   /* under lock */
    rf_count nodes; /* under lock */
} perft_pool;

static void *perft_worker(void *arg)
{
    perft_pool *pool = arg;
    size_t i;
    while (!atomic_load_explicit(&pool->stop, memory_order_relaxed) &&
           (i = atomic_fetch_add(&pool->next, 1)) < pool->count) {
        const rf__perft_job *job = &pool->split.jobs[i];
        pool->leaves[i] = perft_any(&job->pos, pool->depth, pool->tt);
        if (pool->watched) {
            rf_count n = {0, pool->leaves[i]};
            pthread_mutex_lock(&pool->lock);
            rf__count_add_product(&pool->nodes, n, job->count);
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

/* The hash table of a count: the caller's (opt->table), a new one of opt->hash_mb MiB in *own
 * (freed by the caller), or none (*tt NULL). */
static rf_status table_open(const rf__tt **tt, rf__tt *own, const rf_perft_options *opt,
                            rf_error *err)
{
    *tt = NULL;
    own->entries = NULL;
    own->mask = 0;
    if (opt && opt->table) {
        *tt = &opt->table->tt;
    } else if (opt && opt->hash_mb) {
        if (opt->hash_mb > ((size_t)1 << 20))
            return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0, "hash size above 1 TiB");
        size_t buckets = table_buckets(opt->hash_mb);
        own->entries = calloc(buckets * 2, sizeof *own->entries);
        if (!own->entries)
            return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0,
                             "cannot allocate the hash table");
        own->mask = buckets - 1;
        *tt = own;
    }
    return RF_OK;
}

/* The jobs two plies below *pos, each counted to depth - 2, into pool->split; their number, 0
 * when there are none or they cannot be made (the caller then counts the whole tree itself). */
static size_t jobs_make(perft_pool *pool, const rf_position *pos, int depth)
{
    pool->leaves = NULL;
    pool->depth = depth - 2;
    if (rf__perft_split_make(&pool->split, pos, 2, 0, SIZE_MAX, NULL) != RF_OK) return 0;
    if (pool->split.count) pool->leaves = malloc(pool->split.count * sizeof *pool->leaves);
    if (!pool->leaves) rf__perft_split_free(&pool->split);
    return pool->leaves ? pool->split.count : 0;
}

static void jobs_free(perft_pool *pool)
{
    rf__perft_split_free(&pool->split);
    free(pool->leaves);
    pool->leaves = NULL;
}

/* Counts the jobs of *pool on `threads` threads (watched: the calling thread only watches and
 * reports); 1 when every job was counted, 0 when the callback canceled. */
static int pool_run(perft_pool *pool, int threads, const rf_perft_options *opt, unsigned ms,
                    const struct timespec *start)
{
    atomic_init(&pool->next, 0);
    atomic_init(&pool->stop, 0);
    pool->done = 0;
    pool->nodes.hi = pool->nodes.lo = 0;
    if (pool->watched) {
        pthread_mutex_init(&pool->lock, NULL);
        pthread_cond_init(&pool->finished, NULL);
    }
    pthread_t tid[256];
    int started = 0, completed = 1;
    for (int t = pool->watched ? 0 : 1; t < threads; t++) {
        if (pthread_create(&tid[started], NULL, perft_worker, pool) != 0) break;
        started++;
    }
    if (!pool->watched || !started)
        perft_worker(pool);
    else
        completed = perft_watch(pool, opt, ms, start);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    if (pool->watched) {
        pthread_cond_destroy(&pool->finished);
        pthread_mutex_destroy(&pool->lock);
    }
    return completed;
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
    perft_pool pool;
    pool.watched = opt && opt->progress;
    unsigned ms = pool.watched && opt->progress_ms ? opt->progress_ms : 500;
    rf__tt own;
    rf_status st = table_open(&pool.tt, &own, opt, err);
    if (st != RF_OK) return st;
    pool.count = (threads > 1 || pool.watched) && depth >= 4 ? jobs_make(&pool, pos, depth) : 0;
    if (!pool.count) {
        /* One thread, a shallow depth, or no jobs: one job, counted on this thread. */
        rf_count n = {0, perft_any(pos, depth, pool.tt)};
        rf__count_add(out, n);
        if (pool.watched) perft_report_end(opt, 1, *out, &start);
        free(own.entries);
        return RF_OK;
    }
    int completed = pool_run(&pool, threads, opt, ms, &start);
    if (completed) {
        for (size_t i = 0; i < pool.count; i++) {
            rf_count n = {0, pool.leaves[i]};
            rf__count_add_product(out, n, pool.split.jobs[i].count);
        }
        if (pool.watched) perft_report_end(opt, pool.count, *out, &start);
    }
    jobs_free(&pool);
    free(own.entries);
    if (!completed)
        return rf__error(err, RF_ERR_CANCELED, RF_FIELD_NONE, 0, 0,
                         "canceled by the progress callback");
    return RF_OK;
}

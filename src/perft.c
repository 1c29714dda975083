/*
 * perft.c - perft: the number of leaves of the legal move tree, the standard test of a move
 * generator. Children are made by copying the position (copy-make), and the last ply is counted
 * without being played (bulk counting).
 */
#include "atomic.h"
#include "movegen.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

static uint64_t perft_standard(const rf_position *pos, int depth)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (rf__use_bmi2) return rf__perft_standard_bmi2(pos, depth);
#endif
    return rf__perft_standard_generic(pos, depth);
}

static uint64_t perft_atomic(const rf_position *pos, int depth)
{
    rf_move moves[RF_MAX_MOVES];
    rf_move *end = rf__generate_atomic(pos, moves);
    if (depth == 1) return (uint64_t)(end - moves);
    uint64_t nodes = 0;
    for (rf_move *m = moves; m < end; m++) {
        rf_position child = *pos;
        rf__play_atomic(&child, *m);
        nodes += perft_atomic(&child, depth - 1);
    }
    return nodes;
}

uint64_t rf_perft(const rf_position *pos, int depth)
{
    rf_init();
    if (depth <= 0) return 1;
    return pos->variant == RF_ATOMIC ? perft_atomic(pos, depth) : perft_standard(pos, depth);
}

/* Threaded perft: the tree is cut two plies below the root into independent jobs, which the
 * threads take one at a time from a shared counter, so that a thread that finishes a small
 * subtree early takes the next one instead of waiting. */
typedef struct perft_job {
    rf_position pos;
    int depth;
    uint64_t nodes;
} perft_job;

typedef struct perft_pool {
    perft_job *jobs;
    size_t count;
    atomic_size_t next;
} perft_pool;

static void *perft_worker(void *arg)
{
    perft_pool *pool = arg;
    size_t i;
    while ((i = atomic_fetch_add(&pool->next, 1)) < pool->count)
        pool->jobs[i].nodes = rf_perft(&pool->jobs[i].pos, pool->jobs[i].depth);
    return NULL;
}

int rf_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

uint64_t rf_perft_threads(const rf_position *pos, int depth, int threads)
{
    rf_init();
    if (threads <= 0) threads = rf_cpu_count();
    if (threads > 256) threads = 256;
    if (threads == 1 || depth < 4) return rf_perft(pos, depth);

    rf_movelist root;
    rf_generate_moves(pos, &root);
    size_t count = 0;
    for (unsigned i = 0; i < root.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, root.moves[i]);
        rf_movelist grand;
        count += rf_generate_moves(&child, &grand);
    }
    perft_job *jobs = count ? malloc(count * sizeof *jobs) : NULL;
    if (!jobs) return rf_perft(pos, depth);
    size_t n = 0;
    for (unsigned i = 0; i < root.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, root.moves[i]);
        rf_movelist grand;
        rf_generate_moves(&child, &grand);
        for (unsigned j = 0; j < grand.count; j++) {
            jobs[n].pos = child;
            rf_position_play(&jobs[n].pos, grand.moves[j]);
            jobs[n].depth = depth - 2;
            n++;
        }
    }
    perft_pool pool = {jobs, n, 0};
    pthread_t tid[256];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[started], NULL, perft_worker, &pool) != 0) break;
        started++;
    }
    perft_worker(&pool);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) total += jobs[i].nodes;
    free(jobs);
    return total;
}

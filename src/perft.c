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
 * two plies down of any depth a computer finishes); their sum is kept in 128 bits. */
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
} perft_pool;

static void *perft_worker(void *arg)
{
    perft_pool *pool = arg;
    size_t i;
    while ((i = atomic_fetch_add(&pool->next, 1)) < pool->count)
        pool->jobs[i].nodes = perft_any(&pool->jobs[i].pos, pool->jobs[i].depth, pool->tt);
    return NULL;
}

int rf_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

static void count_add(rf_count *c, uint64_t n)
{
    c->lo += n;
    if (c->lo < n) c->hi++;
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

rf_status rf_perft_run(rf_count *out, const rf_position *pos, int depth,
                       const rf_perft_options *opt, rf_error *err)
{
    rf_init();
    out->hi = out->lo = 0;
    if (depth < 0 || depth > RF_PERFT_MAX_DEPTH)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0, "depth out of range");
    int threads = opt ? opt->threads : 1;
    if (threads <= 0) threads = rf_cpu_count();
    if (threads > 256) threads = 256;

    rf__tt tt = {NULL, 0}, *ttp = NULL;
    if (opt && opt->hash_mb) {
        if (opt->hash_mb > ((size_t)1 << 20))
            return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                             "hash size above 1 TiB");
        size_t buckets = 1;
        while (buckets * 2 * 2 * sizeof(rf__tt_entry) <= opt->hash_mb << 20) buckets *= 2;
        tt.entries = calloc(buckets * 2, sizeof *tt.entries);
        if (!tt.entries)
            return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0,
                             "cannot allocate the hash table");
        tt.mask = buckets - 1;
        ttp = &tt;
    }
    if (threads == 1 || depth < 4) {
        count_add(out, perft_any(pos, depth, ttp));
        free(tt.entries);
        return RF_OK;
    }

    rf_movelist root;
    rf_generate_moves(&root, pos);
    size_t count = 0;
    for (unsigned i = 0; i < root.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, root.moves[i]);
        rf_movelist grand;
        count += rf_generate_moves(&grand, &child);
    }
    perft_job *jobs = count ? malloc(count * sizeof *jobs) : NULL;
    if (!jobs) {
        /* No job list (or no jobs at all): count on this thread. */
        count_add(out, perft_any(pos, depth, ttp));
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
    perft_pool pool = {jobs, n, 0, ttp};
    pthread_t tid[256];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[started], NULL, perft_worker, &pool) != 0) break;
        started++;
    }
    perft_worker(&pool);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    for (size_t i = 0; i < n; i++) count_add(out, jobs[i].nodes);
    free(jobs);
    free(tt.entries);
    return RF_OK;
}

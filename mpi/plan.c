/*
 * plan.c - the job list of a distributed count: every position `ply` plies below the root,
 * with the number of move orders that reach it under its root move. Perft is the sum over
 * the jobs of count * perft(position, depth - ply), so transpositions are counted once.
 */
#include "mpi_perft.h"

#include <stdlib.h>
#include <string.h>

typedef struct collector {
    mpi_plan *plan;
    size_t cap;
    int guess; /* the depth of the size guess */
    int failed;
} collector;

/* Perft does not depend on the halfmove and fullmove counters: dropped, transpositions merge. */
static void drop_counters(char *fen)
{
    for (int i = 0; i < 2; i++) {
        char *p = strrchr(fen, ' ');
        if (p) *p = '\0';
    }
}

static void collect(collector *c, const rf_position *pos, int ply, int root)
{
    if (c->failed) return;
    mpi_plan *plan = c->plan;
    if (ply == 0) {
        if (plan->count == c->cap) {
            size_t cap = c->cap ? c->cap * 2 : 1024;
            void *p = cap <= MPI_PLAN_MAX_JOBS ? realloc(plan->jobs, cap * sizeof *plan->jobs)
                                               : NULL;
            if (!p) {
                c->failed = 1;
                return;
            }
            plan->jobs = p;
            c->cap = cap;
        }
        mpi_job *j = &plan->jobs[plan->count++];
        memset(j, 0, sizeof *j);
        rf_position_to_fen(j->fen, sizeof j->fen, pos, RF_FEN_SHREDDER);
        drop_counters(j->fen);
        j->root = root;
        j->count = 1;
        j->estimate = rf_perft(pos, c->guess);
        return;
    }
    rf_movelist list;
    rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        collect(c, &child, ply - 1, root < 0 ? (int)i : root);
    }
}

static int by_root_fen(const void *a, const void *b)
{
    const mpi_job *x = a, *y = b;
    if (x->root != y->root) return x->root < y->root ? -1 : 1;
    return strcmp(x->fen, y->fen);
}

/* Largest first; ties in job order, so every run hands jobs out alike. */
static const mpi_job *sort_jobs;
static int by_estimate(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, k = *(const size_t *)b;
    uint64_t x = sort_jobs[i].estimate, y = sort_jobs[k].estimate;
    if (x != y) return x > y ? -1 : 1;
    return i < k ? -1 : i > k;
}

int mpi_plan_make(mpi_plan *plan, const rf_position *root, int depth, int ply, int divide)
{
    memset(plan, 0, sizeof *plan);
    plan->root = *root;
    plan->depth = depth;
    plan->ply = ply;
    rf_movelist list;
    plan->roots = rf_generate_moves(&list, root);
    for (unsigned i = 0; i < plan->roots; i++)
        rf_move_to_uci(plan->root_uci[i], RF_UCI_MAX, root, list.moves[i]);
    /* A job's size is guessed from its first two plies: the branching factor decides most. */
    collector c = {plan, 0, depth - ply < 2 ? depth - ply : 2, 0};
    collect(&c, root, ply, -1);
    /* Without --divide a position is one job whatever root move leads to it. */
    if (!divide)
        for (size_t i = 0; i < plan->count; i++) plan->jobs[i].root = -1;
    if (c.failed) {
        mpi_plan_free(plan);
        return -1;
    }
    if (plan->count > 1) qsort(plan->jobs, plan->count, sizeof *plan->jobs, by_root_fen);
    size_t n = 0;
    for (size_t i = 0; i < plan->count; i++) {
        if (n && by_root_fen(&plan->jobs[n - 1], &plan->jobs[i]) == 0)
            plan->jobs[n - 1].count++;
        else
            plan->jobs[n++] = plan->jobs[i];
    }
    plan->count = n;
    plan->order = malloc((n ? n : 1) * sizeof *plan->order);
    if (!plan->order) {
        mpi_plan_free(plan);
        return -1;
    }
    for (size_t i = 0; i < n; i++) plan->order[i] = i;
    sort_jobs = plan->jobs;
    if (n > 1) qsort(plan->order, n, sizeof *plan->order, by_estimate);
    return 0;
}

int mpi_plan_auto_ply(const rf_position *root, int depth, int ranks, int divide)
{
    int top = depth - 1 < 6 ? depth - 1 : 6;
    int ply = divide ? 1 : 0;
    if (depth == 0) return 0;
    uint64_t want = 8u * (uint64_t)(ranks > 0 ? ranks : 1);
    if (ranks <= 1 && !divide) return 0;
    for (int p = ply > 0 ? ply : 1; p <= top; p++) {
        ply = p;
        if (rf_perft(root, p) >= want) break;
    }
    return ply;
}

void mpi_plan_free(mpi_plan *plan)
{
    free(plan->jobs);
    free(plan->order);
    plan->jobs = NULL;
    plan->order = NULL;
    plan->count = 0;
}

void mpi_job_key(char *buf, size_t cap, const mpi_plan *plan, const mpi_job *job)
{
    snprintf(buf, cap, "%s %d %llu %s", job->root >= 0 ? plan->root_uci[job->root] : "-",
             plan->depth - plan->ply, (unsigned long long)job->count, job->fen);
}

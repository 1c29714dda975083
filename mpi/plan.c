/*
 * plan.c - the job list of a distributed count: the library's split of the tree `ply` plies
 * down (transpositions merged, under their root move with --divide), each job's size guessed,
 * and the order they are handed out in, largest first. A job is a position; its text (a
 * Shredder FEN, and its key) is written only for what leaves rank 0: a job sent to another
 * rank, a checkpoint line.
 */
#include "mpi_perft.h"

#include <stdlib.h>
#include <string.h>

/* Largest first; ties in job order, so every run hands jobs out alike. */
static const mpi_job *sort_jobs;
static int by_estimate(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, k = *(const size_t *)b;
    uint64_t x = sort_jobs[i].estimate, y = sort_jobs[k].estimate;
    if (x != y) return x > y ? -1 : 1;
    return i < k ? -1 : i > k;
}

/* A job's size is guessed from its first two plies: the branching factor decides most. */
static uint64_t estimate(const mpi_plan *plan, const rf__perft_job *job)
{
    int guess = plan->depth - plan->ply < 2 ? plan->depth - plan->ply : 2;
    return rf_perft(&job->pos, guess);
}

int mpi_plan_make(mpi_plan *plan, const rf_position *root, int depth, int ply, int divide)
{
    memset(plan, 0, sizeof *plan);
    plan->root = *root;
    plan->depth = depth;
    plan->ply = ply;
    if (rf__perft_split_make(&plan->split, root, ply, divide ? RF__SPLIT_DIVIDE : 0,
                             MPI_PLAN_MAX_JOBS, NULL) != RF_OK)
        return -1;
    plan->roots = plan->split.roots.count;
    for (unsigned i = 0; i < plan->roots; i++)
        rf_move_to_uci(plan->root_uci[i], RF_UCI_MAX, root, plan->split.roots.moves[i]);
    size_t n = plan->count = plan->split.count;
    plan->jobs = calloc(n ? n : 1, sizeof *plan->jobs);
    plan->order = malloc((n ? n : 1) * sizeof *plan->order);
    if (!plan->jobs || !plan->order) {
        mpi_plan_free(plan);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        plan->jobs[i].estimate = estimate(plan, &plan->split.jobs[i]);
        plan->order[i] = i;
    }
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
    rf__perft_split_free(&plan->split);
    free(plan->jobs);
    free(plan->order);
    plan->jobs = NULL;
    plan->order = NULL;
    plan->count = 0;
}

void mpi_job_fen(char *buf, const mpi_plan *plan, size_t i)
{
    rf__perft_fen(buf, &plan->split.jobs[i].pos, RF_FEN_SHREDDER);
}

void mpi_job_key(char *buf, size_t cap, const mpi_plan *plan, size_t i)
{
    const rf__perft_job *job = &plan->split.jobs[i];
    const char *root = job->root >= 0 ? plan->root_uci[job->root] : "-";
    char fen[RF_FEN_MAX];
    mpi_job_fen(fen, plan, i);
    rf__perft_job_line line = {root, strlen(root), plan->depth - plan->ply, job->count, fen,
                               strlen(fen)};
    rf__perft_job_format(buf, cap, &line);
}

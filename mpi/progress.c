/*
 * progress.c - rank 0's progress report on its error stream: jobs done of all, the nodes per second of
 * each rank and of the whole run, and the time left, guessed from the finished share of the
 * jobs' estimated sizes. In a terminal one line is redrawn in place; otherwise (a log file)
 * a plain line is written every ten seconds.
 */
#include "mpi_perft.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

double mpi_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int mpi_progress_start(mpi_progress *p, FILE *err, int on, int ranks, const mpi_plan *plan)
{
    memset(p, 0, sizeof *p);
    p->err = err;
    p->on = on;
    p->tty = fileno(err) >= 0 && isatty(fileno(err));
    p->ranks = ranks;
    p->start = p->last = mpi_now();
    p->jobs = plan->count;
    for (size_t i = 0; i < plan->count; i++) {
        p->estimate_total += plan->jobs[i].estimate;
        if (plan->jobs[i].done) {
            p->done++;
            p->estimate_resumed += plan->jobs[i].estimate;
        }
    }
    p->rank_nodes = calloc((size_t)ranks, sizeof *p->rank_nodes);
    p->rank_busy = calloc((size_t)ranks, sizeof *p->rank_busy);
    if (!p->rank_nodes || !p->rank_busy) {
        free(p->rank_nodes);
        free(p->rank_busy);
        return -1;
    }
    return 0;
}

void mpi_progress_job(mpi_progress *p, int rank, double nodes, double seconds, uint64_t estimate)
{
    p->done++;
    p->estimate_done += estimate;
    if (rank >= 0 && rank < p->ranks) {
        p->rank_nodes[rank] += nodes;
        p->rank_busy[rank] += seconds;
    }
}

/* A rate with an SI prefix: "12.3M". */
static void rate_text(char *buf, size_t cap, double v)
{
    static const char units[] = " kMGTP";
    int u = 0;
    while (v >= 1000 && u < 5) {
        v /= 1000;
        u++;
    }
    if (u)
        snprintf(buf, cap, "%.1f%c", v, units[u]);
    else
        snprintf(buf, cap, "%.0f", v);
}

static void duration_text(char *buf, size_t cap, double s)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, cap, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, cap, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, cap, "%lds", t);
}

void mpi_progress_show(mpi_progress *p, int force)
{
    if (!p->on) return;
    double now = mpi_now();
    if (!force && now - p->last < (p->tty ? 0.5 : 10.0)) return;
    p->last = now;
    double elapsed = now - p->start, all = 0;
    for (int r = 0; r < p->ranks; r++) all += p->rank_nodes[r];
    char line[512], num[32], left[32] = "?";
    size_t n = 0;
    rate_text(num, sizeof num, elapsed > 0 ? all / elapsed : 0);
    n += (size_t)snprintf(line + n, sizeof line - n, "rankfile-mpi: jobs %zu/%zu, %s nodes/s (",
                          p->done, p->jobs, num);
    for (int r = 0; r < p->ranks && n < sizeof line - 64; r++) {
        rate_text(num, sizeof num, p->rank_busy[r] > 0 ? p->rank_nodes[r] / p->rank_busy[r] : 0);
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%d: %s", r ? ", " : "rank ", r, num);
    }
    /* The time left from this run's pace alone: jobs read from a checkpoint took none of it. */
    uint64_t todo = p->estimate_total - p->estimate_resumed;
    if (p->estimate_done > 0 && todo > 0 && elapsed > 0) {
        double share = (double)p->estimate_done / (double)todo;
        duration_text(left, sizeof left, share >= 1 ? 0 : elapsed * (1 - share) / share);
    }
    snprintf(line + n, sizeof line - n, "), %s left", left);
    if (p->tty) {
        fprintf(p->err, "\r%s\033[K", line);
        p->drawn = 1;
    } else {
        fprintf(p->err, "%s\n", line);
    }
    fflush(p->err);
}

void mpi_progress_end(mpi_progress *p)
{
    if (p->on && p->drawn) fputc('\n', p->err);
    p->drawn = 0;
    free(p->rank_nodes);
    free(p->rank_busy);
    p->rank_nodes = p->rank_busy = NULL;
}

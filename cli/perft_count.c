/*
 * perft_count.c - one count of `rankfile perft` through rf_perft_run, with the run's threads
 * and hash table, and its progress line on the run's error stream.
 */
#include "perft_cli.h"

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* "4.5s", "45s", "12m05s", "3h07m". */
static void format_duration(char *buf, size_t cap, double s)
{
    unsigned long t = s > 0 && s < 1e9 ? (unsigned long)(s + 0.5) : 0;
    if (s < 9.95)
        snprintf(buf, cap, "%.1fs", s > 0 ? s : 0.0);
    else if (t < 60)
        snprintf(buf, cap, "%lus", t);
    else if (t < 3600)
        snprintf(buf, cap, "%lum%02lus", t / 60, t % 60);
    else
        snprintf(buf, cap, "%luh%02lum", t / 3600, t / 60 % 60);
}

/* "rankfile: perft: [e2e4 (3 of 20): ]120/400 jobs, 81234567 nodes, 95.1 Mnodes/s, 1m20s left" */
static void progress_write(const progress_view *v, const rf_perft_progress *p)
{
    char nodes[48], when[32];
    rf_count_format(nodes, sizeof nodes, p->nodes);
    double n = (double)p->nodes.hi * 18446744073709551616.0 + (double)p->nodes.lo;
    fputs("rankfile: perft: ", v->err);
    if (v->move) fprintf(v->err, "%s (%u of %u): ", v->move, v->move_no, v->moves);
    fprintf(v->err, "%zu/%zu jobs, %s nodes, %.1f Mnodes/s", p->jobs_done, p->jobs_total, nodes,
            p->seconds > 0 ? n / p->seconds / 1e6 : 0.0);
    if (p->jobs_done == p->jobs_total) {
        format_duration(when, sizeof when, p->seconds);
        fprintf(v->err, ", done in %s", when);
    } else if (p->jobs_done) {
        format_duration(when, sizeof when,
                        p->seconds * (double)(p->jobs_total - p->jobs_done) / (double)p->jobs_done);
        fprintf(v->err, ", %s left", when);
    }
}

static int progress_show(void *user, const rf_perft_progress *p)
{
    progress_view *v = user;
    int end = p->jobs_done == p->jobs_total;
    if (v->mode == PROGRESS_LINES) {
        double t = seconds_since(&v->started);
        /* A --divide's moves end on the output; its last line is the count's. */
        if ((end && !v->move) || t - v->last_line >= 5) {
            progress_write(v, p);
            fputc('\n', v->err);
            v->last_line = t;
        }
    } else if (end) {
        if (v->shown) fputs("\r\033[K", v->err);
        v->shown = 0;
    } else if (v->mode == PROGRESS_FORCED_TERMINAL || seconds_since(&v->started) >= 1) {
        fputc('\r', v->err);
        progress_write(v, p);
        fputs("\033[K", v->err);
        v->shown = 1;
    }
    fflush(v->err);
    return 0;
}

/* Counts with the run's threads and table, showing progress on `view` (NULL: none); prints the
 * error and returns an exit code, or 0. */
int perft_count_nodes(const perft_run *o, const rf_position *pos, int depth, rf_count *out,
                      progress_view *view)
{
    rf_perft_options opt = {.threads = o->threads, .table = o->table};
    if (view && view->mode != PROGRESS_OFF) {
        opt.progress = progress_show;
        opt.user = view;
        opt.progress_ms = view->mode == PROGRESS_LINES ? 1000 : 250;
    }
    rf_error err;
    if (rf_perft_run(out, pos, depth, &opt, &err) != RF_OK) {
        cli_error(&o->common, "%s", err.message);
        return err.status == RF_ERR_NO_MEMORY ? CLI_SOFTWARE : CLI_USAGE;
    }
    return 0;
}

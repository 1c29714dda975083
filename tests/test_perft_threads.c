/* Threaded perft for ThreadSanitizer (`make test-tsan`, label tsan): several threads share the
 * job list and, with a table, the transposition table; the counts must equal the single-thread
 * ones and TSan must find no data race. Positions from standard chess, Chess960 and Atomic,
 * depths small enough for TSan's slowdown. Then the progress callback: called on the calling
 * thread only, its counts never going back, its last call the exact total, and a nonzero return
 * canceling the count. */
#include "rankfile.h"
#include "harness.h"

#include <pthread.h>
#include <time.h>

static void expect(const char *fen, rf_variant variant, int depth, uint64_t nodes)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, variant, &err) == RF_OK, "%s: %s", fen, err.message))
        return;
    for (int threads = 2; threads <= 4; threads++) {
        for (size_t hash = 0; hash <= 1; hash++) {
            rf_perft_options opt = {.threads = threads, .hash_mb = hash};
            rf_count c;
            CHECK_MSG(rf_perft_run(&c, &pos, depth, &opt, &err) == RF_OK && c.hi == 0 && c.lo == nodes,
                      "%s depth %d, %d threads, %zu MiB table: %llu", fen, depth, threads, hash,
                      (unsigned long long)c.lo);
        }
    }
}

TEST(start_position_threads)
{
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", RF_VARIANT_STANDARD, 4, 197281);
}
TEST(kiwipete_threads)
{
    expect("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", RF_VARIANT_STANDARD, 4, 4085603);
}
TEST(chess960_threads)
{
    expect("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", RF_VARIANT_STANDARD, 4, 326672);
}
TEST(atomic_threads)
{
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", RF_VARIANT_ATOMIC, 4, 197326);
}

/* ---- progress and cancel ------------------------------------------------------------------- */

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

typedef struct watcher {
    pthread_t caller;
    int calls, off_thread, backwards, after_cancel;
    int cancel_at; /* the call that returns nonzero (1: the first); 0: none */
    int canceled;
    rf_perft_progress last;
    struct timespec canceled_at;
} watcher;

static int watch(void *user, const rf_perft_progress *p)
{
    watcher *w = user;
    w->calls++;
    if (!pthread_equal(pthread_self(), w->caller)) w->off_thread++;
    if (w->canceled) w->after_cancel++;
    if (w->calls > 1 && (p->jobs_done < w->last.jobs_done || p->nodes.hi < w->last.nodes.hi ||
                         (p->nodes.hi == w->last.nodes.hi && p->nodes.lo < w->last.nodes.lo) ||
                         p->seconds < w->last.seconds || p->jobs_total != w->last.jobs_total))
        w->backwards++;
    w->last = *p;
    if (w->cancel_at && w->calls == w->cancel_at) {
        w->canceled = 1;
        clock_gettime(CLOCK_MONOTONIC, &w->canceled_at);
        return 1;
    }
    return 0;
}

static rf_status run_watched(watcher *w, const char *fen, int depth, int threads, rf_count *c)
{
    rf_position pos;
    rf_error err;
    if (!CHECK(rf_position_from_fen(&pos, fen, RF_VARIANT_STANDARD, &err) == RF_OK))
        return RF_ERR_ARGUMENT;
    w->caller = pthread_self();
    rf_perft_options opt = {.threads = threads, .progress = watch, .user = w, .progress_ms = 1};
    return rf_perft_run(c, &pos, depth, &opt, &err);
}

TEST(progress_ends_with_every_job_and_the_total)
{
    for (int threads = 1; threads <= 3; threads++) {
        watcher w = {0};
        rf_count c;
        CHECK_INT(run_watched(&w, START_FEN, 5, threads, &c), RF_OK);
        CHECK(c.hi == 0 && c.lo == 4865609);
        CHECK(w.calls >= 1);
        CHECK_INT(w.off_thread, 0);
        CHECK_INT(w.backwards, 0);
        /* 20 moves, then 20 replies each: 400 jobs. */
        CHECK_INT(w.last.jobs_total, 400);
        CHECK_INT(w.last.jobs_done, 400);
        CHECK(w.last.nodes.hi == 0 && w.last.nodes.lo == 4865609);
    }
}

TEST(progress_below_depth_4_is_one_job)
{
    watcher w = {0};
    rf_count c;
    CHECK_INT(run_watched(&w, START_FEN, 3, 4, &c), RF_OK);
    CHECK(c.hi == 0 && c.lo == 8902);
    CHECK_INT(w.calls, 1);
    CHECK_INT(w.last.jobs_done, 1);
    CHECK_INT(w.last.jobs_total, 1);
    CHECK(w.last.nodes.lo == 8902);
}

TEST(progress_cancel_stops_at_the_next_job)
{
    for (int threads = 1; threads <= 2; threads++) {
        watcher w = {0};
        w.cancel_at = 1;
        rf_count c = {1, 1};
        /* Uncanceled, depth 7 is 3.2e9 leaves: minutes under TSan; a job (depth 5) is 5e6. */
        rf_status st = run_watched(&w, START_FEN, 7, threads, &c);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double after = (double)(now.tv_sec - w.canceled_at.tv_sec) +
                       (double)(now.tv_nsec - w.canceled_at.tv_nsec) / 1e9;
        CHECK_INT(st, RF_ERR_CANCELED);
        CHECK(c.hi == 0 && c.lo == 0);
        CHECK_INT(w.calls, 1);
        CHECK_INT(w.after_cancel, 0);
        CHECK_MSG(after < 10, "%.2f s from the cancel to the return", after);
    }
    CHECK_STR(rf_strerror(RF_ERR_CANCELED), "canceled");
}

TEST(progress_zero_options_count_as_before)
{
    rf_position pos;
    rf_error err;
    rf_count c;
    rf_perft_options zero = {0};
    CHECK(rf_position_from_fen(&pos, START_FEN, RF_VARIANT_STANDARD, &err) == RF_OK);
    CHECK_INT(rf_perft_run(&c, &pos, 5, &zero, &err), RF_OK);
    CHECK(c.hi == 0 && c.lo == 4865609);
    CHECK_INT(rf_perft_run(&c, &pos, 4, NULL, &err), RF_OK);
    CHECK(c.hi == 0 && c.lo == 197281);
}

/*
 * uci_bench.c - the UCI driver's cost per search (app/uci.c): COUNT searches `go nodes 1` through
 * uci_search against an engine, so that the time is the driver's and the pipes', the engine's
 * search being as short as it gets. Not a test; built beside the tests (build/tests/uci_bench).
 *
 * Usage: uci_bench [ENGINE [COUNT]]   (/usr/games/stockfish and 1000 by default)
 * Prints the engine, the count, the total wall time and the time per search. The positions are
 * those of a game (the moves played so far sent each time, as `rankfile analyse` sends them).
 */
#include "uci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    const char *engine = argc > 1 ? argv[1] : "/usr/games/stockfish";
    long count = argc > 2 ? strtol(argv[2], NULL, 10) : 1000;
    if (count <= 0) {
        fprintf(stderr, "uci_bench: COUNT must be a positive number\n");
        return 2;
    }
    uci_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.path = engine;
    uci_engine *e;
    uci_error err;
    if (uci_start(&e, &cfg, &err) != 0) {
        fprintf(stderr, "uci_bench: %s\n%s", err.message, err.stderr_tail);
        return 1;
    }
    /* A game of up to 40 plies, its first legal move each time, started again when it ends. */
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    rf_move moves[40];
    size_t plies = 0;
    rf_position at = start;
    uci_limit limit = {0, 1, 0};
    uci_result res;
    double t0 = now_s();
    for (long i = 0; i < count; i++) {
        if (uci_search(e, &start, moves, plies, &limit, &res, &err) != 0) {
            fprintf(stderr, "uci_bench: search %ld: %s\n%s", i + 1, err.message, err.stderr_tail);
            uci_quit(e);
            return 1;
        }
        if (!res.has_best || plies == 40) {
            plies = 0;
            at = start;
        } else {
            moves[plies++] = res.best;
            rf_position_play(&at, res.best);
        }
    }
    double t = now_s() - t0;
    printf("%s: %ld searches (go nodes 1) in %.3f s: %.1f us each\n", uci_name(e), count, t, t / (double)count * 1e6);
    uci_quit(e);
    return 0;
}

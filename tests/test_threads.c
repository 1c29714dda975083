/* Threaded perft for ThreadSanitizer (`make test-tsan`, label tsan): several threads share the
 * job list and, with a table, the transposition table; the counts must equal the single-thread
 * ones and TSan must find no data race. Positions from standard chess, Chess960 and Atomic,
 * depths small enough for TSan's slowdown. */
#include "rankfile.h"
#include "check.h"

static void expect(const char *fen, unsigned flags, int depth, uint64_t nodes)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, flags, &err) == RF_OK, "%s: %s", fen,
                   err.message))
        return;
    for (int threads = 2; threads <= 4; threads++) {
        CHECK_MSG(rf_perft_threads(&pos, depth, threads) == nodes, "%s depth %d, %d threads",
                  fen, depth, threads);
        rf_perft_options opt = {threads, 1};
        rf_count c;
        CHECK_MSG(rf_perft_run(&c, &pos, depth, &opt, &err) == RF_OK && c.hi == 0 &&
                      c.lo == nodes,
                  "%s depth %d, %d threads and a table: %llu", fen, depth, threads,
                  (unsigned long long)c.lo);
    }
}

int main(void)
{
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 4, 197281);
    expect("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, 4, 4085603);
    expect("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", 0, 4, 326672);
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", RF_PARSE_ATOMIC, 4, 197326);
    return check_summary();
}

/* Threaded perft for ThreadSanitizer (`make test-tsan`, label tsan): several threads share the
 * job list and, with a table, the transposition table; the counts must equal the single-thread
 * ones and TSan must find no data race. Positions from standard chess, Chess960 and Atomic,
 * depths small enough for TSan's slowdown. */
#include "rankfile.h"
#include "harness.h"

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

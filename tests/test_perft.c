/* Perft through the library on well-known positions, with the consistency check after every
 * move of the first plies and make-move checked against a key computed from scratch. */
#include "movegen.h"
#include "check.h"

static uint64_t perft_checked(const rf_position *pos, int depth, int *bad)
{
    if (depth == 0) return 1;
    rf_movelist list;
    rf_generate_moves(pos, &list);
    uint64_t n = 0;
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        const char *why = rf__position_check(&child);
        if (why) {
            if (*bad < 5) fprintf(stderr, "after move %u: %s\n", list.moves[i], why);
            (*bad)++;
        }
        n += perft_checked(&child, depth - 1, bad);
    }
    return n;
}

static void expect(const char *fen, int depth, uint64_t nodes, int checked_depth)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, 0, &err) == RF_OK, "%s: %s", fen, err.message)) return;
    uint64_t got = rf_perft(&pos, depth);
    /* Both builds of the generator: the portable one (magic multiplication) and, where the CPU
     * runs it, the POPCNT/BMI2 one (PEXT). */
    uint64_t generic = rf__perft_standard_generic(&pos, depth, NULL);
    CHECK_MSG(generic == nodes, "%s depth %d: portable generator %llu", fen, depth, (unsigned long long)generic);
#if defined(__x86_64__)
    if (rf__use_bmi2) {
        uint64_t bmi2 = rf__perft_standard_bmi2(&pos, depth, NULL);
        CHECK_MSG(bmi2 == nodes, "%s depth %d: BMI2 generator %llu", fen, depth, (unsigned long long)bmi2);
    }
#endif
    CHECK_MSG(got == nodes, "%s depth %d: %llu, expected %llu", fen, depth, (unsigned long long)got,
              (unsigned long long)nodes);
    int bad = 0;
    uint64_t slow = perft_checked(&pos, checked_depth, &bad);
    CHECK_MSG(bad == 0, "%s: %d inconsistent positions", fen, bad);
    CHECK_MSG(slow == rf_perft(&pos, checked_depth), "%s: checked perft %llu differs", fen, (unsigned long long)slow);
}

int main(void)
{
    expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609, 3);
    expect("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603, 3);
    expect("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624, 4);
    expect("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333, 3);
    expect("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487, 3);
    expect("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594, 2);
    /* Chess960: castling with king and rook on many files */
    expect("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", 4, 326672, 3);
    expect("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, 667366, 3);
    printf("BMI2/PEXT generator %s\n", rf__use_bmi2 ? "tested too" : "not supported by this CPU");
    /* Threads: the same counts with any number of threads, in both variants. */
    {
        rf_position k;
        rf_position_from_fen(&k, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 0, NULL);
        for (int t = 0; t <= 3; t++) CHECK_INT(rf_perft_threads(&k, 4, t), 4085603);
        rf_position_from_fen(&k, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", RF_PARSE_ATOMIC, NULL);
        CHECK_INT(rf_perft_threads(&k, 4, 2), 197326);
        CHECK(rf_cpu_count() >= 1);
    }
    /* The transposition table gives the same counts, alone and shared by threads, in standard
     * chess, Chess960 and Atomic; 128-bit totals print exactly. */
    {
        static const struct { const char *fen; unsigned flags; int depth; uint64_t nodes; } cases[] = {
            {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 0, 4, 4085603},
            {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0, 5, 4865609},
            {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 0, 6, 11030083},
            {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", 0, 5, 8146062},
            {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", RF_PARSE_ATOMIC, 4, 197326},
            {"8/8/8/8/8/8/2k5/rR4KR w KQ -", RF_PARSE_ATOMIC, 4, 61401},
        };
        for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
            rf_position p;
            rf_position_from_fen(&p, cases[i].fen, cases[i].flags, NULL);
            for (int threads = 1; threads <= 2; threads++) {
                rf_perft_options opt = {threads, 1};
                rf_count c;
                CHECK(rf_perft_run(&c, &p, cases[i].depth, &opt, NULL) == RF_OK);
                CHECK_MSG(c.hi == 0 && c.lo == cases[i].nodes, "%s with hash, %d threads: %llu", cases[i].fen, threads, (unsigned long long)c.lo);
            }
        }
        rf_position p;
        rf_position_startpos(&p);
        rf_count c;
        rf_error e;
        CHECK(rf_perft_run(&c, &p, RF_PERFT_MAX_DEPTH + 1, NULL, &e) == RF_ERR_ARGUMENT);
        CHECK(rf_perft_run(&c, &p, -1, NULL, &e) == RF_ERR_ARGUMENT);
        rf_perft_options huge = {1, (size_t)1 << 21};
        CHECK(rf_perft_run(&c, &p, 1, &huge, &e) == RF_ERR_ARGUMENT);
        char buf[48];
        rf_count big = {1, 0};
        CHECK_INT(rf_count_format(big, buf, sizeof buf), 20);
        CHECK_STR(buf, "18446744073709551616");
        rf_count max = {~0ULL, ~0ULL};
        rf_count_format(max, buf, sizeof buf);
        CHECK_STR(buf, "340282366920938463463374607431768211455");
        rf_count zero = {0, 0};
        rf_count_format(zero, buf, sizeof buf);
        CHECK_STR(buf, "0");
    }
    /* depth 0 and 1, and no moves for a side without a king */
    rf_position pos;
    rf_position_startpos(&pos);
    CHECK_INT(rf_perft(&pos, 0), 1);
    CHECK_INT(rf_perft(&pos, 1), 20);
    rf_position_parse(&pos, "8/8/8/8/8/8/8/4K3 b - - 0 1", 27, 0, RF_INVALID_ALL, NULL);
    CHECK_INT(rf_perft(&pos, 1), 0);
    /* rf_move_is_legal takes any 16-bit value */
    rf_position_startpos(&pos);
    int legal = 0;
    for (unsigned m = 0; m < 65536; m++) legal += rf_move_is_legal(&pos, (rf_move)m);
    CHECK_INT(legal, 20);
    return check_summary();
}

/*
 * perft.c - perft: the number of leaves of the legal move tree, the standard test of a move
 * generator. Children are made by copying the position (copy-make), and the last ply is counted
 * without being played (bulk counting).
 */
#include "atomic.h"
#include "movegen.h"

static uint64_t perft_standard(const rf_position *pos, int depth)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (rf__use_bmi2) return rf__perft_standard_bmi2(pos, depth);
#endif
    return rf__perft_standard_generic(pos, depth);
}

static uint64_t perft_atomic(const rf_position *pos, int depth)
{
    rf_move moves[RF_MAX_MOVES];
    rf_move *end = rf__generate_atomic(pos, moves);
    if (depth == 1) return (uint64_t)(end - moves);
    uint64_t nodes = 0;
    for (rf_move *m = moves; m < end; m++) {
        rf_position child = *pos;
        rf__play_atomic(&child, *m);
        nodes += perft_atomic(&child, depth - 1);
    }
    return nodes;
}

uint64_t rf_perft(const rf_position *pos, int depth)
{
    rf_init();
    if (depth <= 0) return 1;
    return pos->variant == RF_ATOMIC ? perft_atomic(pos, depth) : perft_standard(pos, depth);
}

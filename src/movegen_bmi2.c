/*
 * movegen_bmi2.c - the same move generator and perft as movegen.c, compiled for x86-64 CPUs with
 * POPCNT, BMI1 and BMI2: population counts and bit scans become single instructions and slider
 * attacks are looked up by PEXT instead of a magic multiplication. rf_init() decides at run time
 * whether the CPU has these (and a fast PEXT); perft.c then calls rf__perft_standard_bmi2 and
 * rf__perft_atomic_bmi2.
 * On other targets this file defines nothing.
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC target("popcnt,bmi,bmi2")
#endif

#define RF_PEXT 1
#include "atomic_impl.h"
#include "movegen_impl.h"

static uint64_t perft_black(const rf_position *pos, int depth, const rf__tt *tt);
static uint64_t perft_white(const rf_position *pos, int depth, const rf__tt *tt) { return perft_body(pos, depth, RF_WHITE, tt, perft_black); }
static uint64_t perft_black(const rf_position *pos, int depth, const rf__tt *tt) { return perft_body(pos, depth, RF_BLACK, tt, perft_white); }

uint64_t rf__perft_standard_bmi2(const rf_position *pos, int depth, const rf__tt *tt)
{
    return pos->side == RF_WHITE ? perft_white(pos, depth, tt) : perft_black(pos, depth, tt);
}

static uint64_t perft_atomic_black(const rf_position *pos, int depth, const rf__tt *tt);
static uint64_t perft_atomic_white(const rf_position *pos, int depth, const rf__tt *tt) { return perft_atomic_body(pos, depth, RF_WHITE, tt, perft_atomic_black); }
static uint64_t perft_atomic_black(const rf_position *pos, int depth, const rf__tt *tt) { return perft_atomic_body(pos, depth, RF_BLACK, tt, perft_atomic_white); }

uint64_t rf__perft_atomic_bmi2(const rf_position *pos, int depth, const rf__tt *tt)
{
    return pos->side == RF_WHITE ? perft_atomic_white(pos, depth, tt) : perft_atomic_black(pos, depth, tt);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif

#else
/* ISO C forbids an empty translation unit. */
typedef int rf__movegen_bmi2_unused;
#endif

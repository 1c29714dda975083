/*
 * rng.h - SplitMix64 (Steele, Lea and Flood, 2014; Vigna's public-domain reference form), the one
 * generator of the library: rf_rng (rng.c), the Zobrist keys (position.c) and the node key's mix
 * (kernel/node.h) use it. Unsigned 64-bit arithmetic modulo 2^64: the same numbers with every
 * compiler and platform.
 */
#ifndef RF_RNG_H
#define RF_RNG_H

#include "types.h"

/* SplitMix64's output function: mixes a 64-bit word into one whose bits all depend on it. */
RF_INLINE uint64_t rf__mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* The next output of the generator whose state is *state: the state grows by the golden-ratio
 * increment, and the new state is mixed. */
RF_INLINE uint64_t rf__splitmix64(uint64_t *state)
{
    return rf__mix64(*state += UINT64_C(0x9E3779B97F4A7C15));
}

#endif

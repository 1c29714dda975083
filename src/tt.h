/*
 * tt.h - the perft transposition table: subtree counts by Zobrist key and depth.
 *
 * Each bucket holds two entries: the first keeps the deeper subtree (it saved more work), the
 * second always takes the newest. Threads share the table without locks: an entry stores
 * `key ^ data` beside `data`, so a torn write by two threads at once fails the key check instead
 * of returning a wrong count (the lockless-hashing trick); the words are C11 atomics with relaxed
 * order, plain loads and stores on common CPUs.
 */
#ifndef RF_TT_H
#define RF_TT_H

#include "types.h"

#include <stdatomic.h>

typedef struct rf__tt_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* nodes << 8 | depth */
} rf__tt_entry;

typedef struct rf__tt {
    rf__tt_entry *entries; /* 2 * (mask + 1) entries */
    uint64_t mask;         /* buckets - 1, a power of two minus one */
} rf__tt;

/* Counts up to 2^56 - 1 fit beside the depth. */
#define RF_TT_MAX_NODES ((UINT64_C(1) << 56) - 1)

/* Starts loading a key's bucket into the cache while the caller does other work. */
RF_INLINE void rf__tt_prefetch(const rf__tt *tt, uint64_t key)
{
    __builtin_prefetch(&tt->entries[2 * (key & tt->mask)]);
}

RF_INLINE bool rf__tt_probe(const rf__tt *tt, uint64_t key, int depth, uint64_t *nodes)
{
    rf__tt_entry *e = &tt->entries[2 * (key & tt->mask)];
    for (int i = 0; i < 2; i++) {
        uint64_t data = atomic_load_explicit(&e[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&e[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (data & 0xFF) == (uint64_t)depth) {
            *nodes = data >> 8;
            return true;
        }
    }
    return false;
}

RF_INLINE void rf__tt_store(const rf__tt *tt, uint64_t key, int depth, uint64_t nodes)
{
    if (nodes > RF_TT_MAX_NODES) return;
    rf__tt_entry *e = &tt->entries[2 * (key & tt->mask)];
    uint64_t old = atomic_load_explicit(&e[0].data, memory_order_relaxed);
    rf__tt_entry *slot = (old & 0xFF) <= (uint64_t)depth ? &e[0] : &e[1];
    uint64_t data = nodes << 8 | (uint64_t)depth;
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
    atomic_store_explicit(&slot->check, key ^ data, memory_order_relaxed);
}

#endif

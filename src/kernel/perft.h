/*
 * kernel/perft.h - the perft recursion, written once for every variant: copy-make, the last ply
 * counted without being played (bulk counting), and an optional table of subtree counts.
 *
 * A variant module calls perft_node from two thin wrappers, one per side to move, passing its
 * own generator and make-move (static inline functions). perft_node is inlined into each
 * wrapper with those arguments constant, so the calls are direct and inlined in turn: one
 * specialised recursion per variant, side and instruction set.
 */
#ifndef RF_KERNEL_PERFT_H
#define RF_KERNEL_PERFT_H

#include "../position.h"
#include "../tt.h"

/* A generator: the legal moves of side `us` written to `out`, or counted when `count`. */
typedef unsigned (*rf__kernel_generate)(const rf_position *pos, rf_move *out, rf_color us,
                                        bool count);
/* A make-move for side `us`. */
typedef void (*rf__kernel_play)(rf_position *pos, rf_move move, rf_color us);
/* The wrapper for the other side, the recursion's next ply. */
typedef uint64_t (*rf__kernel_perft)(const rf_position *pos, int depth, const rf__tt *tt);

/* Perft below a position of side `us`, depth >= 1. `core_only`: the variant keeps no state past
 * the position's core, so children copy the core alone. */
RF_INLINE uint64_t perft_node(const rf_position *pos, int depth, const rf_color us,
                              const rf__tt *tt, const rf__kernel_generate generate,
                              const rf__kernel_play play, const rf__kernel_perft child,
                              const bool core_only)
{
    if (depth <= 1) return generate(pos, NULL, us, true);
    uint64_t nodes = 0;
    if (tt && rf__tt_probe(tt, pos->key, depth, &nodes)) return nodes;
    rf_move moves[RF_MAX_MOVES];
    unsigned n = generate(pos, moves, us, false);
    for (unsigned i = 0; i < n; i++) {
        rf_position next;
        if (core_only)
            rf__copy_core(&next, pos);
        else
            next = *pos;
        play(&next, moves[i], us);
        RF_ASSERT(core_only ? rf__position_check_core(&next) == NULL : rf__position_check(&next) == NULL);
        if (tt && depth > 2) rf__tt_prefetch(tt, next.key);
        nodes += child(&next, depth - 1, tt);
    }
    if (tt) rf__tt_store(tt, pos->key, depth, nodes);
    return nodes;
}

/* The entry points of a module, from the functions of constant side: each calls the copy for the
 * side to move. */
RF_INLINE uint64_t perft_root(const rf_position *pos, int depth, const rf__tt *tt,
                              const rf__kernel_perft white, const rf__kernel_perft black)
{
    return pos->side == RF_WHITE ? white(pos, depth, tt) : black(pos, depth, tt);
}

RF_INLINE rf_move *generate_root(const rf_position *pos, rf_move *out,
                                 const rf__kernel_generate generate)
{
    return out + (pos->side == RF_WHITE ? generate(pos, out, RF_WHITE, false)
                                        : generate(pos, out, RF_BLACK, false));
}

RF_INLINE void play_root(rf_position *pos, rf_move move, const rf__kernel_play play)
{
    if (pos->side == RF_WHITE)
        play(pos, move, RF_WHITE);
    else
        play(pos, move, RF_BLACK);
}

#endif

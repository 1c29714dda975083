/*
 * kernel/perft.h - the perft walk, written once for every variant (RF_DEFINE_NODE_PERFT): on
 * nodes (kernel/node.h), the last ply counted without being played (bulk counting), with an
 * optional table of subtree counts; and the helpers that list a node generator's moves and play
 * a move on rf_position for the side to move.
 */
#ifndef RF_KERNEL_PERFT_H
#define RF_KERNEL_PERFT_H

#include "../position.h"
#include "../tt.h"
#include "node.h"
#include "generate.h"

/* A make-move for side `us`. */
typedef void (*rf__kernel_play)(rf_position *pos, rf_move move, rf_color us);

/* Plays a move on the API's board through the make-move of constant side for the side to move. */
RF_INLINE void play_root(rf_position *pos, rf_move move, const rf__kernel_play play)
{
    if (pos->side == RF_WHITE)
        play(pos, move, RF_WHITE);
    else
        play(pos, move, RF_BLACK);
}

/* ---------------------------------------------------------------------------------------------
 * Perft on nodes (kernel/node.h): the moves of each inner node are walked, not listed, and each
 * child is built by the variant's make-move inside the generator's loops; the last ply is
 * counted by the generator's counting mode, one call per node above it.
 *
 * RF_DEFINE_NODE_PERFT(NAME, GENERATE, MAKE) defines `static uint64_t NAME(const rf_position
 * *pos, int depth, const rf__tt *tt)` (depth >= 1) from a generator with rf__generate's shape
 * and a make-move with rf__make's. It stamps out counting and the depth-2 walk (children made,
 * then counted) once per side to move, and one walk for deeper nodes, which uses a table of
 * subtree counts when one is given (its nodes then keep the key of their pieces).
 * ------------------------------------------------------------------------------------------- */
/* The children a depth-2 walk makes before it counts them (more are counted in batches). */
#define RF_NODE_KIDS 64

#define RF_DEFINE_NODE_PERFT(NAME, GENERATE, MAKE)                                                \
    __attribute__((noinline)) static uint64_t NAME##_count_w(const rf__node *n)                   \
    {                                                                                             \
        return GENERATE(n, RF_WHITE, true, NULL, NULL);                                           \
    }                                                                                             \
    __attribute__((noinline)) static uint64_t NAME##_count_b(const rf__node *n)                   \
    {                                                                                             \
        return GENERATE(n, RF_BLACK, true, NULL, NULL);                                           \
    }                                                                                             \
    /* Counts the children made so far (a node with more than RF_NODE_KIDS moves). */           \
    __attribute__((noinline)) static void NAME##_flush(rf__walk *w, rf_color them)              \
    {                                                                                             \
        for (unsigned i = 0; i < w->nkids; i++)                                                   \
            w->nodes += them == RF_WHITE ? NAME##_count_w(&w->kids[i]) : NAME##_count_b(&w->kids[i]); \
        w->nkids = 0;                                                                             \
    }                                                                                             \
    static uint64_t NAME##_walk(const rf__node *n, int depth, const rf__tt *tt, rf_color us);   \
    RF_KERNEL_INLINE void NAME##_visit2(rf__walk *w, const rf__node *n, rf_color us, int kind,    \
                                        rf_square from, rf_square to)                             \
    {                                                                                             \
        if (w->nkids == RF_NODE_KIDS) NAME##_flush(w, rf__other(us));                             \
        MAKE(&w->kids[w->nkids++], n, us, kind, from, to, false);                                 \
    }                                                                                             \
    /* A child of a node 3 or more plies above the leaves: made (with its key when a table is    \
     * used), then walked. */                                                                     \
    RF_KERNEL_INLINE void NAME##_visit(rf__walk *w, const rf__node *n, rf_color us, int kind,     \
                                       rf_square from, rf_square to)                              \
    {                                                                                             \
        rf__node child;                                                                           \
        MAKE(&child, n, us, kind, from, to, w->tt != NULL);                                       \
        if (w->tt && w->depth > 3) rf__tt_prefetch(w->tt, rf__node_table_key(&child, rf__other(us))); \
        w->nodes += NAME##_walk(&child, w->depth - 1, w->tt, rf__other(us));                      \
    }                                                                                             \
    /* Depth 2: the children are made into kids[] by the walk, then counted by one inlined copy  \
     * of the counting generator (not one copy per kind of move, which took the compiler minutes \
     * and bought no speed). */                                                                   \
    RF_KERNEL_INLINE uint64_t NAME##_walk2(const rf__node *n, const rf_color us)                  \
    {                                                                                             \
        rf__node kids[RF_NODE_KIDS];                                                              \
        rf__walk w = {NULL, 0, 2, NULL, kids, 0};                                                 \
        GENERATE(n, us, false, &w, NAME##_visit2);                                                \
        for (unsigned i = 0; i < w.nkids; i++)                                                    \
            w.nodes += GENERATE(&kids[i], rf__other(us), true, NULL, NULL);                       \
        return w.nodes;                                                                           \
    }                                                                                             \
    __attribute__((noinline)) static uint64_t NAME##_walk2_w(const rf__node *n)                   \
    {                                                                                             \
        return NAME##_walk2(n, RF_WHITE);                                                         \
    }                                                                                             \
    __attribute__((noinline)) static uint64_t NAME##_walk2_b(const rf__node *n)                   \
    {                                                                                             \
        return NAME##_walk2(n, RF_BLACK);                                                         \
    }                                                                                             \
    /* Depth >= 2, with a table of subtree counts or without (tt NULL): one function for both,   \
     * since the nodes above the last two plies are few and the table's tests cost nothing      \
     * measurable there, while a second copy of the walk cost the compiler a fifth of its time. */ \
    static uint64_t NAME##_walk(const rf__node *n, int depth, const rf__tt *tt, rf_color us)      \
    {                                                                                             \
        uint64_t key = 0, nodes;                                                                  \
        if (tt) {                                                                                 \
            key = rf__node_table_key(n, us);                                                      \
            if (rf__tt_probe(tt, key, depth, &nodes)) return nodes;                               \
        }                                                                                         \
        if (depth == 2) {                                                                         \
            nodes = us == RF_WHITE ? NAME##_walk2_w(n) : NAME##_walk2_b(n);                       \
        } else {                                                                                  \
            rf__walk w = {NULL, 0, depth, tt, NULL, 0};                                           \
            if (us == RF_WHITE)                                                                   \
                GENERATE(n, RF_WHITE, false, &w, NAME##_visit);                                   \
            else                                                                                  \
                GENERATE(n, RF_BLACK, false, &w, NAME##_visit);                                   \
            nodes = w.nodes;                                                                      \
        }                                                                                         \
        if (tt) rf__tt_store(tt, key, depth, nodes);                                              \
        return nodes;                                                                             \
    }                                                                                             \
    static uint64_t NAME(const rf_position *pos, int depth, const rf__tt *tt)                     \
    {                                                                                             \
        rf__node n;                                                                               \
        rf__node_from_position(&n, pos);                                                          \
        bool white = pos->side == RF_WHITE;                                                       \
        if (depth <= 1) return white ? NAME##_count_w(&n) : NAME##_count_b(&n);                   \
        if (tt) n.key = rf__node_key(&n);                                                         \
        return NAME##_walk(&n, depth, tt, pos->side);                                             \
    }

/* The legal moves of a position from a node generator, written from `out` on by a listing visit
 * function (rf__visit_list, or a variant's own for its own kinds of move); returns the end. */
RF_INLINE rf_move *rf__node_list_by(const rf_position *pos, rf_move *out,
                                    unsigned (*generate)(const rf__node *, rf_color, bool, rf__walk *,
                                                         rf__visit),
                                    const rf__visit visit)
{
    rf__node n;
    rf__node_from_position(&n, pos);
    rf__walk w = {out, 0, 0, NULL, NULL, 0};
    if (pos->side == RF_WHITE)
        generate(&n, RF_WHITE, false, &w, visit);
    else
        generate(&n, RF_BLACK, false, &w, visit);
    return w.out;
}

/* The same, listed by rf__visit_list. */
RF_INLINE rf_move *rf__node_list(const rf_position *pos, rf_move *out,
                                 unsigned (*generate)(const rf__node *, rf_color, bool, rf__walk *,
                                                      rf__visit))
{
    return rf__node_list_by(pos, out, generate, rf__visit_list);
}

#endif

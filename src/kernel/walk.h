/*
 * kernel/walk.h - the perft walk, a template written once for every variant, included by the
 * row template variants/row.h: it reads RF_ROW_GENERATE (the module's generator: void
 * (rf__emit *), kernel/emit.h) and RF_ROW_MAKE (its make-move on nodes, with rf__make's shape,
 * kernel/make.h), and defines
 *     static uint64_t perft(const rf_position *pos, int depth, const rf__tt *tt)   (depth >= 1)
 *
 * The moves of each inner node are walked, not listed: each child is built by the make-move
 * inside the generator's loops. The last ply is counted by the generator's counting mode, one
 * call per node above it. At depth 2 the children are made into an array first and counted
 * after the generator is done (one inlined copy of the counting generator, not one per kind of
 * move). Deeper walks use a table of subtree counts when one is given (their nodes then keep the
 * key of their pieces); its tests are runtime branches, taken only at the few nodes 3 or more
 * plies above the leaves. The functions for one side to move are instantiated for each colour
 * (`us` is a constant in each copy).
 */
#if !defined(RF_ROW_GENERATE) || !defined(RF_ROW_MAKE)
#error "kernel/walk.h is included by variants/row.h"
#endif

#include "../tt.h"
#include "emit.h"

/* The children a depth-2 walk makes before it counts them (more are counted in batches). */
enum { WALK_KIDS = 64 };

/* The number of moves of node n, side `us` to move. */
RF_KERNEL_INLINE unsigned walk_count(const rf__node *n, const rf_color us)
{
    rf__emit e = {n, us, true, NULL, NULL, 0};
    RF_ROW_GENERATE(&e);
    return e.total;
}

__attribute__((noinline)) static unsigned walk_count_w(const rf__node *n) { return walk_count(n, RF_WHITE); }
__attribute__((noinline)) static unsigned walk_count_b(const rf__node *n) { return walk_count(n, RF_BLACK); }

/* Counts the children made so far (a node with more than WALK_KIDS moves). */
__attribute__((noinline)) static void walk_flush(rf__walk *w, rf_color them)
{
    for (unsigned i = 0; i < w->nkids; i++)
        w->nodes += them == RF_WHITE ? walk_count_w(&w->kids[i]) : walk_count_b(&w->kids[i]);
    w->nkids = 0;
}

/* A child of a node 2 plies above the leaves: made into the array. */
RF_KERNEL_INLINE void walk_visit2(rf__walk *w, const rf__node *n, rf_color us, int kind, rf_square from, rf_square to)
{
    if (w->nkids == WALK_KIDS) walk_flush(w, rf__other(us));
    RF_ROW_MAKE(&w->kids[w->nkids++], n, us, kind, from, to, false);
}

/* Depth 2: the children made, then counted. */
RF_KERNEL_INLINE uint64_t walk2(const rf__node *n, const rf_color us)
{
    rf__node kids[WALK_KIDS];
    rf__walk w = {NULL, 0, 2, NULL, kids, 0};
    rf__emit e = {n, us, false, &w, walk_visit2, 0};
    RF_ROW_GENERATE(&e);
    for (unsigned i = 0; i < w.nkids; i++) w.nodes += walk_count(&kids[i], rf__other(us));
    return w.nodes;
}

__attribute__((noinline)) static uint64_t walk2_w(const rf__node *n) { return walk2(n, RF_WHITE); }
__attribute__((noinline)) static uint64_t walk2_b(const rf__node *n) { return walk2(n, RF_BLACK); }

static uint64_t walk(const rf__node *n, int depth, const rf__tt *tt, rf_color us);

/* A child of a node 3 or more plies above the leaves: made (with its key when a table is used),
 * then walked. */
RF_KERNEL_INLINE void walk_visit(rf__walk *w, const rf__node *n, rf_color us, int kind, rf_square from, rf_square to)
{
    rf__node child;
    RF_ROW_MAKE(&child, n, us, kind, from, to, w->tt != NULL);
    if (w->tt && w->depth > 3) rf__tt_prefetch(w->tt, rf__node_table_key(&child, rf__other(us)));
    w->nodes += walk(&child, w->depth - 1, w->tt, rf__other(us));
}

/* The children of a node 3 or more plies above the leaves, walked. */
RF_KERNEL_INLINE void walk_deep(rf__walk *w, const rf__node *n, const rf_color us)
{
    rf__emit e = {n, us, false, w, walk_visit, 0};
    RF_ROW_GENERATE(&e);
}

/* Perft of node n at depth >= 2, with a table of subtree counts or without (tt NULL). */
static uint64_t walk(const rf__node *n, int depth, const rf__tt *tt, rf_color us)
{
    uint64_t key = 0, nodes;
    if (tt) {
        key = rf__node_table_key(n, us);
        if (rf__tt_probe(tt, key, depth, &nodes)) return nodes;
    }
    if (depth == 2) {
        nodes = us == RF_WHITE ? walk2_w(n) : walk2_b(n);
    } else {
        rf__walk w = {NULL, 0, depth, tt, NULL, 0};
        if (us == RF_WHITE)
            walk_deep(&w, n, RF_WHITE);
        else
            walk_deep(&w, n, RF_BLACK);
        nodes = w.nodes;
    }
    if (tt) rf__tt_store(tt, key, depth, nodes);
    return nodes;
}

static uint64_t perft(const rf_position *pos, int depth, const rf__tt *tt)
{
    rf__node n;
    rf__node_from_position(&n, pos);
    if (depth <= 1) return pos->side == RF_WHITE ? walk_count_w(&n) : walk_count_b(&n);
    if (tt) n.key = rf__node_key(&n);
    return walk(&n, depth, tt, (rf_color)pos->side);
}

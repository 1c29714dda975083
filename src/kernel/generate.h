/*
 * kernel/generate.h - legal move generation on nodes (kernel/node.h) for standard chess and
 * Chess960, and the phases other variants' generators are built from. A generator hands its
 * moves out through an rf__emit (kernel/emit.h): counted, listed or walked, one body for all
 * three.
 *
 * Moves are generated legal, not generated and tested. The masks are computed once per node
 * (rf__masks_of):
 *   - checkers, and the check mask: the squares a piece other than the king may move to when
 *     in single check (capture the checker or block between it and the king); in double check
 *     only the king moves;
 *   - pin_hv and pin_d: the rays from the king to each enemy rook/queen (bishop/queen) that pins
 *     one of our pieces, pinner included. A piece on pin_hv moves only along pin_hv, and not
 *     diagonally; one on pin_d only along pin_d, and not orthogonally. (Two rays of one kind
 *     never let a piece jump from one to the other: a piece on one ray attacks the other ray's
 *     line only through the king.) Enemy sliders that see the king with only our pieces as
 *     blockers are the candidates: none between is a check, one of ours a pin.
 * The king steps only to squares no enemy piece attacks with the king lifted off its own square
 * (so it cannot hide behind itself from a slider), each tested alone: the king has few squares,
 * the enemy many pieces. En passant, the one move that takes a piece from a square it does not
 * move to, is tested by recomputing the attacks on the king. Castling is "king takes own rook",
 * standard chess and Chess960 alike: the squares the king and rook cross or land on empty but
 * for the two of them, no square of the king's path attacked with both of them lifted (which
 * also catches a Chess960 rook that shielded the king's landing square along the back rank).
 *
 * The phases, each a function of constant arguments inlined into its generator: rf__masks_of
 * (checks and pins), rf__gen_king (steps and castling), rf__count_free (the last ply's count
 * when there is no check and no pin: most nodes), rf__pawn_moves_of / rf__emit_pawn_moves (pawn
 * pushes and captures as sets), rf__gen_ep, and rf__gen_pieces (knights and sliders, pins
 * applied, each piece type with a mask of its own squares). Racing Kings, Horde and Atomic call
 * them with their own masks.
 */
#ifndef RF_KERNEL_GENERATE_H
#define RF_KERNEL_GENERATE_H

#include "emit.h"

/* What the legal moves of a node need to know, computed once per node. */
typedef struct rf__masks {
    rf_bitboard ours, theirs, occ;
    rf_bitboard kbb; /* our king */
    rf_square ksq;
    rf_bitboard checkers, pin_hv, pin_d;
} rf__masks;

/* Where each kind of piece may go (rf__gen_pieces), pins aside, and the pieces that may move only
 * along their line through the square `line_to` (Racing Kings: those that would uncover check;
 * 0 in other variants). */
typedef struct rf__targets {
    rf_bitboard knight, bishop, rook, queen;
    rf_bitboard on_line;
    rf_square line_to;
} rf__targets;

/* A pawn set's moves: destinations of single and double steps and of captures towards the west
 * and the east (promotions included, told by the last rank). */
typedef struct rf__pawn_moves {
    rf_bitboard single, dbl, west, east;
} rf__pawn_moves;

RF_INLINE rf_bitboard rf__forward(const rf_color us, rf_bitboard b) { return us == RF_WHITE ? rf__north(b) : rf__south(b); }
RF_INLINE rf_bitboard rf__backward(const rf_color us, rf_bitboard b) { return us == RF_WHITE ? rf__south(b) : rf__north(b); }
RF_INLINE int rf__up(const rf_color us) { return us == RF_WHITE ? 8 : -8; }
/* The rank a pawn of `us` reaches by its first step, and the one where it promotes. */
RF_INLINE rf_bitboard rf__rank3(const rf_color us) { return RF_RANK_BB(us == RF_WHITE ? 2 : 5); }
RF_INLINE rf_bitboard rf__rank8(const rf_color us) { return RF_RANK_BB(us == RF_WHITE ? 7 : 0); }

/* The squares the pawns of `them` attack. */
RF_INLINE rf_bitboard rf__pawn_danger(const rf__node *n, const rf_color them)
{
    const rf_bitboard pawns = n->pawns & n->color[them];
    return them == RF_WHITE ? rf__north(rf__east(pawns) | rf__west(pawns)) : rf__south(rf__east(pawns) | rf__west(pawns));
}

/* The squares the knights and sliders of `them` attack, through occupancy `occ`. */
RF_INLINE rf_bitboard rf__piece_danger(const rf__node *n, const rf_color them, rf_bitboard occ)
{
    const rf_bitboard theirs = n->color[them];
    rf_bitboard danger = 0;
    for (rf_bitboard b = n->knights & theirs; b;) danger |= rf__knight_attacks[rf__pop_lsb(&b)];
    for (rf_bitboard b = n->diag & theirs; b;) danger |= rf__bishop_attacks(rf__pop_lsb(&b), occ);
    for (rf_bitboard b = n->orth & theirs; b;) danger |= rf__rook_attacks(rf__pop_lsb(&b), occ);
    return danger;
}

/* 1 when no knight or slider of `them` attacks sq through occupancy `occ`. */
RF_INLINE bool rf__piece_safe(const rf__node *n, const rf_color them, rf_square sq, rf_bitboard occ)
{
    const rf_bitboard theirs = n->color[them];
    return !((rf__knight_attacks[sq] & n->knights & theirs) | (rf__bishop_attacks(sq, occ) & n->diag & theirs) |
             (rf__rook_attacks(sq, occ) & n->orth & theirs));
}

/* Of the squares `targets` around the king (pawn and king attacks already taken out), those no
 * knight or slider of `them` attacks with the king lifted (occupancy `lifted`): one square is
 * tested alone, several take the enemy's whole attack set. */
RF_INLINE rf_bitboard rf__king_steps(const rf__node *n, const rf_color them, rf_bitboard targets, rf_bitboard lifted)
{
    if (rf__more_than_one(targets)) return targets & ~rf__piece_danger(n, them, lifted);
    if (targets && !rf__piece_safe(n, them, rf__lsb(targets), lifted)) return 0;
    return targets;
}

/* The rays from the king on ksq to each of `snipers` (enemy sliders that see it with only our
 * pieces between) holding exactly one piece, pinner included: the pins. A sniper with nothing
 * between gives check and is added to *checkers. */
RF_INLINE rf_bitboard rf__pin_rays(rf_square ksq, rf_bitboard snipers, rf_bitboard occ, rf_bitboard *checkers)
{
    rf_bitboard pins = 0;
    while (snipers) {
        rf_square sq = rf__pop_lsb(&snipers);
        rf_bitboard between = rf__between[ksq][sq] & occ;
        if (!between)
            *checkers |= RF_BB(sq);
        else if (!rf__more_than_one(between))
            pins |= rf__between[ksq][sq] | RF_BB(sq);
    }
    return pins;
}

/* Fills the masks of node n for side `us`; false when `us` has not exactly one king (no move). */
RF_KERNEL_INLINE bool rf__masks_of(rf__masks *m, const rf__node *n, const rf_color us)
{
    const rf_color them = rf__other(us);
    m->ours = n->color[us];
    m->theirs = n->color[them];
    m->occ = m->ours | m->theirs;
    m->kbb = n->kings & m->ours;
    if (!m->kbb || rf__more_than_one(m->kbb)) return false;
    const rf_square ksq = m->ksq = rf__lsb(m->kbb);
    const rf_bitboard their_diag = n->diag & m->theirs, their_orth = n->orth & m->theirs;
    /* A king "checks" in positions accepted with kings touching. */
    m->checkers = ((rf__knight_attacks[ksq] & n->knights) | (rf__pawn_attacks[us][ksq] & n->pawns) |
                   (rf__king_attacks[ksq] & n->kings)) &
                  m->theirs;
    m->pin_hv = rf__pin_rays(ksq, (rf__rook_rays[ksq] & their_orth) ? rf__rook_attacks(ksq, m->theirs) & their_orth : 0,
                             m->occ, &m->checkers);
    m->pin_d = rf__pin_rays(ksq, (rf__bishop_rays[ksq] & their_diag) ? rf__bishop_attacks(ksq, m->theirs) & their_diag : 0,
                            m->occ, &m->checkers);
    return true;
}

/* The squares a piece other than the king may move to: all but ours out of check, the checker
 * and the squares between in single check, none in double check. */
RF_INLINE rf_bitboard rf__movable(const rf__masks *m)
{
    if (!m->checkers) return ~m->ours;
    if (rf__more_than_one(m->checkers)) return 0;
    return rf__between[m->ksq][rf__lsb(m->checkers)] | m->checkers;
}

/* Castling rooks whose king and rook paths are empty but for the two of them (not in check). */
RF_INLINE rf_bitboard rf__castles_open(const rf__node *n, const rf_color us, const rf__masks *m)
{
    rf_bitboard castles = 0;
    if (m->checkers) return 0;
    for (rf_bitboard b = n->special & rf__node_back_rank(us); b;) {
        rf_square rsq = rf__pop_lsb(&b);
        if (!(m->occ & rf__castle_empty_by_rook[RF_FILE_OF(m->ksq)][rsq])) castles |= RF_BB(rsq);
    }
    return castles;
}

/* Each open castling whose king path no enemy piece attacks (`danger`, the enemy's attacks with
 * the king lifted), with the rook lifted too: an enemy rook or queen on the back rank may see
 * through the rook's square (a Chess960 rook that shielded the king's landing square). */
RF_KERNEL_INLINE void rf__gen_castles(rf__emit *e, const rf__masks *m, rf_bitboard castles, rf_bitboard danger)
{
    const rf__node *n = e->n;
    const rf_bitboard lifted = m->occ ^ m->kbb;
    const rf_bitboard rank_sliders = n->orth & m->theirs & rf__node_back_rank(e->us);
    while (castles) {
        rf_square rsq = rf__pop_lsb(&castles);
        rf_bitboard path = rf__castle_path_by_rook[RF_FILE_OF(m->ksq)][rsq];
        bool safe = !(path & danger);
        if (safe && rank_sliders)
            for (rf_bitboard p = path; p && safe;)
                safe = !(rf__rook_attacks(rf__pop_lsb(&p), lifted ^ RF_BB(rsq)) & rank_sliders);
        if (safe) rf__emit_one(e, RF_VISIT_CASTLE, m->ksq, rsq);
    }
}

/* The king: to each square not attacked with it lifted, and castling. The enemy pawns' and
 * king's attacks come as sets; castling takes the enemy's whole attack set. */
RF_KERNEL_INLINE void rf__gen_king(rf__emit *e, const rf__masks *m)
{
    const rf__node *n = e->n;
    const rf_color them = rf__other(e->us);
    const rf_bitboard lifted = m->occ ^ m->kbb;
    rf_bitboard danger = rf__pawn_danger(n, them);
    for (rf_bitboard b = n->kings & m->theirs; b;) danger |= rf__king_attacks[rf__pop_lsb(&b)];
    const rf_bitboard targets = rf__king_attacks[m->ksq] & ~m->ours & ~danger;
    const rf_bitboard castles = rf__castles_open(n, e->us, m);
    if (!castles) {
        rf__emit_set(e, RF_VISIT_KING, m->ksq, rf__king_steps(n, them, targets, lifted));
        return;
    }
    danger |= rf__piece_danger(n, them, lifted);
    rf__emit_set(e, RF_VISIT_KING, m->ksq, targets & ~danger);
    rf__gen_castles(e, m, castles, danger);
}

/* The pawn pushes and captures of the pawns `pawns` of side `us` (no pin considered): pushes to
 * empty squares, double steps from the third rank, captures of `prey`. */
RF_INLINE rf__pawn_moves rf__pawn_moves_of(const rf_color us, rf_bitboard pawns, rf_bitboard empty, rf_bitboard prey)
{
    rf__pawn_moves p;
    p.single = rf__forward(us, pawns) & empty;
    p.dbl = rf__forward(us, p.single & rf__rank3(us)) & empty;
    p.west = rf__forward(us, rf__west(pawns)) & prey;
    p.east = rf__forward(us, rf__east(pawns)) & prey;
    return p;
}

/* The moves of a pawn set: steps, double steps, captures of kind `capture` (promotions, queen
 * first, on the last rank). */
RF_KERNEL_INLINE void rf__emit_pawn_moves(rf__emit *e, const rf__pawn_moves *p, const int capture)
{
    const rf_color us = e->us;
    const int up = rf__up(us);
    const rf_bitboard rank8 = rf__rank8(us);
    if (e->count) {
        e->total += (unsigned)(rf__popcount(p->single) + rf__popcount(p->dbl) + rf__popcount(p->west) +
                               rf__popcount(p->east));
        if ((p->single | p->west | p->east) & rank8)
            e->total += 3u * (unsigned)(rf__popcount(p->single & rank8) + rf__popcount(p->west & rank8) +
                                        rf__popcount(p->east & rank8));
        return;
    }
    rf__emit_pawns(e, RF_VISIT_PAWN, p->single & ~rank8, up);
    rf__emit_pawns(e, RF_VISIT_DOUBLE, p->dbl, 2 * up);
    rf__emit_pawns(e, capture, p->west & ~rank8, up - 1);
    rf__emit_pawns(e, capture, p->east & ~rank8, up + 1);
    if ((p->single | p->west | p->east) & rank8) {
        rf__emit_promotions(e, p->single & rank8, up);
        rf__emit_promotions(e, p->west & rank8, up - 1);
        rf__emit_promotions(e, p->east & rank8, up + 1);
    }
}

/* The pawn moves of side e->us with pins and the check mask applied: pushes not by a pawn pinned
 * diagonally, and by one pinned on a file only along it; captures not by a pawn pinned on a rank
 * or file, and by one pinned diagonally only along its ray. */
RF_KERNEL_INLINE void rf__gen_pawns(rf__emit *e, const rf__masks *m, rf_bitboard checkmask)
{
    const rf_color us = e->us;
    const rf_bitboard pawns = e->n->pawns & m->ours, pin_d = m->pin_d;
    const rf_bitboard pushers = pawns & ~pin_d & (~m->pin_hv | rf__backward(us, m->pin_hv));
    const rf_bitboard free = pawns & ~(m->pin_hv | pin_d), diag_pinned = pawns & pin_d;
    rf__pawn_moves p = rf__pawn_moves_of(us, pushers, ~m->occ, m->theirs & checkmask);
    p.dbl &= checkmask;
    p.single &= checkmask;
    p.west = (rf__forward(us, rf__west(free)) | (rf__forward(us, rf__west(diag_pinned)) & pin_d)) & m->theirs & checkmask;
    p.east = (rf__forward(us, rf__east(free)) | (rf__forward(us, rf__east(diag_pinned)) & pin_d)) & m->theirs & checkmask;
    rf__emit_pawn_moves(e, &p, RF_VISIT_PAWN);
}

/* En passant: tested by the attacks on the king with both pawns gone and ours on the square,
 * which covers a pin along the rank and a checking pawn captured alike. `no_check`: the caller
 * knows there is no check (then only a slider's line can open). */
RF_KERNEL_INLINE void rf__gen_ep(rf__emit *e, const rf__masks *m, const bool no_check)
{
    const rf__node *n = e->n;
    const rf_color us = e->us;
    const rf_bitboard epbb = n->special & rf__node_ep_rank(us);
    if (!epbb) return;
    const rf_square ep = rf__lsb(epbb), ksq = m->ksq;
    const rf_bitboard victim = RF_BB(us == RF_WHITE ? ep - 8 : ep + 8);
    for (rf_bitboard b = rf__pawn_attacks[rf__other(us)][ep] & n->pawns & m->ours; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard after = m->occ ^ RF_BB(from) ^ victim ^ epbb;
        rf_bitboard attackers = (rf__rook_attacks(ksq, after) & n->orth) | (rf__bishop_attacks(ksq, after) & n->diag);
        if (!no_check)
            attackers |= (rf__knight_attacks[ksq] & n->knights) | (rf__king_attacks[ksq] & n->kings) |
                         (rf__pawn_attacks[us][ksq] & n->pawns & ~victim);
        if (!(attackers & m->theirs)) rf__emit_one(e, RF_VISIT_EP, from, ep);
    }
}

/* A piece's squares, cut to its line through t->line_to when it is one of t->on_line. */
RF_INLINE rf_bitboard rf__on_line(const rf__targets *t, rf_square from, rf_bitboard to)
{
    return (t->on_line & RF_BB(from)) ? to & rf__line[t->line_to][from] : to;
}

/* Knights and sliders, a pinned one along its ray: knights not pinned; bishops not pinned on a
 * rank or file, rooks not pinned diagonally, queens either way. */
RF_KERNEL_INLINE void rf__gen_pieces(rf__emit *e, const rf__masks *m, const rf__targets *t)
{
    const rf__node *n = e->n;
    const rf_bitboard ours = m->ours, occ = m->occ, pin_hv = m->pin_hv, pin_d = m->pin_d, pinned = pin_hv | pin_d;
    for (rf_bitboard b = n->knights & ours & ~pinned & ~t->on_line; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf__emit_set(e, RF_VISIT_KNIGHT, from, rf__knight_attacks[from] & t->knight);
    }
    for (rf_bitboard b = n->diag & ~n->orth & ours & ~pin_hv; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard to = rf__bishop_attacks(from, occ) & t->bishop;
        rf__emit_set(e, RF_VISIT_BISHOP, from, rf__on_line(t, from, pin_d & RF_BB(from) ? to & pin_d : to));
    }
    for (rf_bitboard b = n->orth & ~n->diag & ours & ~pin_d; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard to = rf__rook_attacks(from, occ) & t->rook;
        rf__emit_set(e, RF_VISIT_ROOK, from, rf__on_line(t, from, pin_hv & RF_BB(from) ? to & pin_hv : to));
    }
    for (rf_bitboard b = n->diag & n->orth & ours; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard to;
        if (!(pinned & RF_BB(from)))
            to = rf__queen_attacks(from, occ);
        else if (pin_d & RF_BB(from))
            to = rf__bishop_attacks(from, occ) & pin_d;
        else
            to = rf__rook_attacks(from, occ) & pin_hv;
        rf__emit_set(e, RF_VISIT_QUEEN, from, rf__on_line(t, from, to) & t->queen);
    }
}

/* The squares of the knights and sliders of `ours` to `movable`, counted (no pin). */
RF_INLINE unsigned rf__count_pieces(const rf__node *n, rf_bitboard ours, rf_bitboard occ, rf_bitboard movable)
{
    unsigned total = 0;
    for (rf_bitboard b = n->knights & ours; b;) total += (unsigned)rf__popcount(rf__knight_attacks[rf__pop_lsb(&b)] & movable);
    for (rf_bitboard b = n->diag & ours; b;) total += (unsigned)rf__popcount(rf__bishop_attacks(rf__pop_lsb(&b), occ) & movable);
    for (rf_bitboard b = n->orth & ours; b;) total += (unsigned)rf__popcount(rf__rook_attacks(rf__pop_lsb(&b), occ) & movable);
    return total;
}

/* Counting, with no check and no pin (most nodes of the last ply): every piece moves freely. */
RF_KERNEL_INLINE void rf__count_free(rf__emit *e, const rf__masks *m)
{
    const rf__pawn_moves p = rf__pawn_moves_of(e->us, e->n->pawns & m->ours, ~m->occ, m->theirs);
    rf__emit_pawn_moves(e, &p, RF_VISIT_PAWN);
    rf__gen_ep(e, m, true);
    e->total += rf__count_pieces(e->n, m->ours, m->occ, ~m->ours);
}

/* The legal moves of standard chess (and Chess960) for side e->us, the side to move. A side
 * without exactly one king has none. */
RF_KERNEL_INLINE void rf__generate(rf__emit *e)
{
    rf__masks m;
    if (!rf__masks_of(&m, e->n, e->us)) return;
    rf__gen_king(e, &m);
    if (e->count && !(m.checkers | m.pin_hv | m.pin_d)) {
        rf__count_free(e, &m);
        return;
    }
    const rf_bitboard movable = rf__movable(&m);
    if (!movable) return;
    rf__gen_pawns(e, &m, movable);
    rf__gen_ep(e, &m, false);
    const rf__targets t = {movable, movable, movable, movable, 0, 0};
    rf__gen_pieces(e, &m, &t);
}

#endif

/*
 * variants/atomic_generate.h - legal move generation on nodes (kernel/node.h) for Atomic chess,
 * in the shape of rf__generate (kernel/generate.h): counted, listed or walked, one body for all
 * three. Atomic's own part of the kernel, beside its module (variants/atomic.c, the rules).
 *
 * A capture explodes: the capturer, the captured piece and every piece but a pawn on the eight
 * squares around the capture square leave the board, and nothing lands. So a capture is legal
 * when our king is not in the blast (the capture square is not next to it), and afterwards the
 * enemy king is gone, or touches ours, or no enemy piece but a king attacks ours on the emptier
 * board (rf__atomic_survives). The blast only ever removes pieces: an attack on our king after
 * a capture is one there before (a checker the blast missed) or a slider's line through the
 * king that the blast opened. Masks computed once per node sort the captures:
 *   - the enemy king's zone (its square and the eight around it): a capture there explodes it,
 *     legal whatever else happens;
 *   - out of check, the blockers: every piece between our king and an enemy slider on one of
 *     its lines (through any number of pieces of either side). A capture whose blast misses them
 *     all, by a piece that is not one of them, opens no line and is legal; the others are judged
 *     one by one;
 *   - in check, a capture not in the enemy king's zone must explode every checker (capture it,
 *     or stand next to it unless it is a pawn): only those are judged, the rest are illegal.
 * A quiet move (a pawn's step, a piece moving to an empty square, castling) takes nothing off
 * the board, and neither king moves but in a king move, so kings that touch stay touching: the
 * masks of standard chess hold for them (check mask, pins by a slider through one piece of
 * ours), with checks given by any enemy piece but the king and none while the kings touch. The
 * king moves only to empty squares (a king that captured would explode itself); a square next to
 * an enemy king is safe, any other one when no enemy piece but a king attacks it with our king
 * lifted. Castling as in standard chess, king takes own rook, with the same two rules for the
 * squares the king crosses (our king lifted, the rook in place) and lands on (both moved).
 *
 * A side without exactly one king, or whose enemy has none (the game is over), has no move.
 */
#ifndef RF_VARIANTS_ATOMIC_GENERATE_H
#define RF_VARIANTS_ATOMIC_GENERATE_H

#include "../kernel/generate.h"


/* The kind of every capture but en passant and promotions: the capturer explodes whatever it
 * is, so its type does not matter to the child. (A capturing promotion keeps its promotion kind;
 * the make-move tells it from a quiet one by the enemy piece on its square.) */
enum { RF_VISIT_EXPLODE = RF_VISIT_VARIANT };

/* What a capture on `to` by the piece on `from` removes: capturer, captured piece, and every
 * piece but a pawn next to `to`. (En passant adds the captured pawn, which stands beside `to`.) */
RF_INLINE rf_bitboard rf__atomic_blast(const rf__node *n, rf_bitboard occ, rf_square from, rf_square to)
{
    return (rf__king_attacks[to] & occ & ~n->pawns) | RF_BB(from) | RF_BB(to);
}

/* 1 when the enemy of `us` attacks sq with a piece other than a king, through occupancy occ. */
RF_INLINE bool rf__atomic_attacked(const rf__node *n, const rf_color us, rf_square sq, rf_bitboard occ)
{
    return (((rf__pawn_attacks[us][sq] & n->pawns) | (rf__knight_attacks[sq] & n->knights) |
             (rf__bishop_attacks(sq, occ) & n->diag) | (rf__rook_attacks(sq, occ) & n->orth)) &
            n->color[rf__other(us)]) != 0;
}

/* Whether our king on ksq survives as the rules need after a capture removing `removed` (which
 * does not hold our king): no enemy king left, or one next to ours, or no other enemy piece
 * attacking ours on the board without the removed pieces. */
RF_INLINE bool rf__atomic_survives(const rf__node *n, const rf_color us, rf_square ksq, rf_bitboard removed)
{
    const rf_bitboard theirs = n->color[rf__other(us)] & ~removed, ekings = n->kings & theirs;
    if (!ekings || (rf__king_attacks[ksq] & ekings)) return true;
    const rf_bitboard occ = (n->color[RF_WHITE] | n->color[RF_BLACK]) & ~removed;
    return !(((rf__pawn_attacks[us][ksq] & n->pawns) | (rf__knight_attacks[ksq] & n->knights) |
              (rf__bishop_attacks(ksq, occ) & n->diag) | (rf__rook_attacks(ksq, occ) & n->orth)) &
             theirs);
}

/* A node's masks for Atomic moves (see the top of this file). */
typedef struct rf__atomic {
    rf_bitboard ours, theirs, occ, kbb, ekings;
    rf_square ksq;
    rf_bitboard near;                        /* the squares around our king */
    rf_bitboard checkers, pinned, blockers;  /* none while the kings touch */
    rf_bitboard quiet_to;                    /* where a quiet move may go */
    rf_bitboard cap_ok, cap_test;            /* captures legal / judged alone, by a non-blocker */
    rf_bitboard exposed, cap_ok_x, cap_test_x; /* our blockers, and the same for them */
} rf__atomic;

/* The attacks of a piece of visit kind `kind` (knight to queen) on `from`. */
RF_INLINE rf_bitboard rf__kind_attacks(const int kind, rf_square from, rf_bitboard occ)
{
    switch (kind) {
    case RF_VISIT_KNIGHT: return rf__knight_attacks[from];
    case RF_VISIT_BISHOP: return rf__bishop_attacks(from, occ);
    case RF_VISIT_ROOK: return rf__rook_attacks(from, occ);
    default: return rf__queen_attacks(from, occ);
    }
}

/* Checkers, pinned pieces (ours, alone between our king and an enemy slider) and blockers (any
 * piece between them); none while the kings touch. */
RF_KERNEL_INLINE void rf__atomic_checks(rf__atomic *a, const rf__node *n, const rf_color us)
{
    const rf_square ksq = a->ksq;
    const rf_bitboard theirs = a->theirs;
    a->checkers = a->pinned = a->blockers = 0;
    if (a->near & a->ekings) return;
    a->checkers = ((rf__knight_attacks[ksq] & n->knights) | (rf__pawn_attacks[us][ksq] & n->pawns)) & theirs;
    for (rf_bitboard s = ((rf__rook_rays[ksq] & n->orth) | (rf__bishop_rays[ksq] & n->diag)) & theirs; s;) {
        rf_square sq = rf__pop_lsb(&s);
        rf_bitboard between = rf__between[ksq][sq] & a->occ;
        if (!between) {
            a->checkers |= RF_BB(sq);
        } else {
            a->blockers |= between;
            if (!rf__more_than_one(between)) a->pinned |= between & a->ours;
        }
    }
}

/* The masks of the other pieces' moves. Quiet: to empty squares, in single check between the
 * king and a slider checker, in double check none. Captures (never next to our king): cap_ok
 * legal and cap_test judged alone for a piece that is not a blocker, cap_ok_x and cap_test_x for
 * one that is. Against several enemy kings (a position accepted with too many) every capture is
 * judged alone. */
RF_KERNEL_INLINE void rf__atomic_capture_masks(rf__atomic *a, const rf__node *n)
{
    const rf_bitboard capturable = a->theirs & ~a->near, checkers = a->checkers;
    a->quiet_to = ~a->occ;
    if (checkers) a->quiet_to = rf__more_than_one(checkers) ? 0 : a->quiet_to & rf__between[a->ksq][rf__lsb(checkers)];
    a->cap_ok = capturable;
    a->cap_test = a->exposed = a->cap_ok_x = a->cap_test_x = 0;
    if (rf__more_than_one(a->ekings)) {
        a->cap_ok = 0;
        a->cap_test = capturable;
        return;
    }
    if (!(checkers | a->blockers)) return;
    const rf_bitboard kill = rf__king_attacks[rf__lsb(a->ekings)] | a->ekings;
    if (checkers) {
        rf_bitboard zone = capturable & ~kill;
        for (rf_bitboard b = checkers; b;) {
            rf_square sq = rf__pop_lsb(&b);
            zone &= RF_BB(sq) | (n->pawns & RF_BB(sq) ? 0 : rf__king_attacks[sq]);
        }
        a->cap_ok = capturable & kill;
        a->cap_test = zone;
        return;
    }
    rf_bitboard unsafe = a->blockers & a->theirs;
    for (rf_bitboard b = a->blockers & ~n->pawns; b;) unsafe |= rf__king_attacks[rf__pop_lsb(&b)];
    a->cap_ok = capturable & (kill | ~unsafe);
    a->cap_test = capturable & ~a->cap_ok;
    a->exposed = a->blockers & a->ours;
    a->cap_ok_x = capturable & kill;
    a->cap_test_x = capturable & ~kill;
}

/* Of the captures `test` by the piece on `from`, those after which our king survives. */
RF_INLINE rf_bitboard rf__atomic_judge(const rf__node *n, const rf_color us, const rf__atomic *a, rf_square from,
                                       rf_bitboard test)
{
    rf_bitboard ok = 0;
    for (rf_bitboard t = test; t;) {
        rf_square to = rf__pop_lsb(&t);
        if (rf__atomic_survives(n, us, a->ksq, rf__atomic_blast(n, a->occ, from, to))) ok |= RF_BB(to);
    }
    return ok;
}

/* The king, to empty squares: next to an enemy king, or not attacked with it lifted. */
RF_KERNEL_INLINE void rf__atomic_gen_king(rf__emit *e, const rf__atomic *a)
{
    const rf__node *n = e->n;
    const rf_color them = rf__other(e->us);
    rf_bitboard targets = a->near & ~a->occ;
    if (!targets) return;
    rf_bitboard beside = 0;
    for (rf_bitboard b = a->ekings; b;) beside |= rf__king_attacks[rf__pop_lsb(&b)];
    const rf_bitboard safe = targets & beside;
    targets &= ~beside & ~rf__pawn_danger(n, them);
    rf__emit_set(e, RF_VISIT_KING, a->ksq, safe | rf__king_steps(n, them, targets, a->occ ^ a->kbb));
}

/* The knights, bishops, rooks or queens (visit kind `kind`, the set `set`): a pinned one moves
 * quietly only along its line through the king; its captures by the masks of its kind of piece. */
RF_KERNEL_INLINE void rf__atomic_gen_type(rf__emit *e, const rf__atomic *a, const int kind, rf_bitboard set)
{
    while (set) {
        rf_square from = rf__pop_lsb(&set);
        rf_bitboard att = rf__kind_attacks(kind, from, a->occ), quiet = att & a->quiet_to;
        if (a->pinned & RF_BB(from)) quiet &= rf__line[a->ksq][from];
        const bool x = (a->exposed & RF_BB(from)) != 0;
        rf_bitboard caps = att & (x ? a->cap_ok_x : a->cap_ok);
        caps |= rf__atomic_judge(e->n, e->us, a, from, att & (x ? a->cap_test_x : a->cap_test));
        if (e->count) {
            e->total += (unsigned)rf__popcount(quiet | caps);
        } else {
            rf__emit_set(e, kind, from, quiet);
            rf__emit_set(e, RF_VISIT_EXPLODE, from, caps);
        }
    }
}

/* Of the pawn captures `set` from to - delta, those legal (cap_ok, or judged alone). */
RF_INLINE rf_bitboard rf__atomic_pawn_caps(const rf__node *n, const rf_color us, const rf__atomic *a, rf_bitboard set,
                                           const int delta)
{
    rf_bitboard ok = set & a->cap_ok;
    for (rf_bitboard b = set & a->cap_test; b;) {
        rf_square to = rf__pop_lsb(&b);
        if (rf__atomic_survives(n, us, a->ksq, rf__atomic_blast(n, a->occ, (rf_square)(to - delta), to))) ok |= RF_BB(to);
    }
    return ok;
}

/* Pawns, a whole set of destinations at a time for each kind of move: steps by pawns not pinned,
 * with those a pinned pawn makes along its line added; captures by pawns that are not blockers,
 * with those judged alone added (in each set a square is reached from one square only, so one
 * set holds the moves of every pawn). */
RF_KERNEL_INLINE void rf__atomic_gen_pawns(rf__emit *e, const rf__atomic *a)
{
    const rf__node *n = e->n;
    const rf_color us = e->us;
    const int up = rf__up(us);
    const rf_bitboard pawns = n->pawns & a->ours;
    rf__pawn_moves p;
    p.single = rf__forward(us, pawns & ~a->pinned) & ~a->occ;
    for (rf_bitboard b = pawns & a->pinned; b;) {
        rf_square from = rf__pop_lsb(&b);
        p.single |= rf__forward(us, RF_BB(from)) & ~a->occ & rf__line[a->ksq][from];
    }
    p.dbl = rf__forward(us, p.single & rf__rank3(us)) & a->quiet_to;
    p.single &= a->quiet_to;
    const rf_bitboard capturers = pawns & ~a->exposed;
    p.west = rf__atomic_pawn_caps(n, us, a, rf__forward(us, rf__west(capturers)), up - 1);
    p.east = rf__atomic_pawn_caps(n, us, a, rf__forward(us, rf__east(capturers)), up + 1);
    for (rf_bitboard b = pawns & a->exposed; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard att = rf__pawn_attacks[us][from];
        rf_bitboard ok = (att & a->cap_ok_x) | rf__atomic_judge(n, us, a, from, att & a->cap_test_x);
        p.west |= ok & rf__forward(us, rf__west(RF_BB(from)));
        p.east |= ok & rf__forward(us, rf__east(RF_BB(from)));
    }
    rf__emit_pawn_moves(e, &p, RF_VISIT_EXPLODE);
}

/* En passant: the blast is centred on the square the pawn lands on, and the captured pawn beside
 * it goes too. */
RF_KERNEL_INLINE void rf__atomic_gen_ep(rf__emit *e, const rf__atomic *a)
{
    const rf__node *n = e->n;
    const rf_color us = e->us;
    const rf_bitboard epbb = n->special & rf__node_ep_rank(us) & ~a->near;
    if (!epbb) return;
    const rf_square ep = rf__lsb(epbb);
    const rf_bitboard victim = RF_BB(us == RF_WHITE ? ep - 8 : ep + 8);
    for (rf_bitboard b = rf__pawn_attacks[rf__other(us)][ep] & n->pawns & a->ours; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard removed = (rf__king_attacks[ep] & a->occ & ~n->pawns) | RF_BB(from) | victim;
        if (rf__atomic_survives(n, us, a->ksq, removed)) rf__emit_one(e, RF_VISIT_EP, from, ep);
    }
}

/* Castling, king takes own rook: not out of check; the squares the king and rook cross or land
 * on empty but for the two of them; each square the king crosses next to an enemy king or not
 * attacked with our king lifted and the rook in place; the square it lands on next to an enemy
 * king or not attacked once both have moved. */
RF_KERNEL_INLINE void rf__atomic_gen_castles(rf__emit *e, const rf__atomic *a)
{
    const rf__node *n = e->n;
    const rf_color us = e->us;
    rf_bitboard rights = n->special & rf__node_back_rank(us);
    if (!rights || a->checkers) return;
    const rf_square ksq = a->ksq;
    rf_bitboard beside = 0;
    for (rf_bitboard b = a->ekings; b;) beside |= rf__king_attacks[rf__pop_lsb(&b)];
    while (rights) {
        rf_square rsq = rf__pop_lsb(&rights);
        int side = rsq > ksq ? RF_KINGSIDE : RF_QUEENSIDE;
        if (a->occ & rf__castle_empty[us][side][RF_FILE_OF(ksq)][RF_FILE_OF(rsq)]) continue;
        rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
        bool safe = true;
        for (rf_bitboard path = rf__between[ksq][kto] & ~beside; path && safe;)
            safe = !rf__atomic_attacked(n, us, rf__pop_lsb(&path), a->occ ^ a->kbb);
        if (safe && !(beside & RF_BB(kto)))
            safe = !rf__atomic_attacked(n, us, kto, (a->occ ^ a->kbb ^ RF_BB(rsq)) | RF_BB(kto) | RF_BB(rto));
        if (safe) rf__emit_one(e, RF_VISIT_CASTLE, ksq, rsq);
    }
}

/* The legal Atomic moves of side e->us, the side to move. */
RF_KERNEL_INLINE void rf__atomic_generate(rf__emit *e)
{
    const rf__node *n = e->n;
    const rf_color us = e->us;
    rf__atomic a;
    a.ours = n->color[us];
    a.theirs = n->color[rf__other(us)];
    a.occ = a.ours | a.theirs;
    a.kbb = n->kings & a.ours;
    a.ekings = n->kings & a.theirs;
    if (!a.kbb || rf__more_than_one(a.kbb) || !a.ekings) return;
    a.ksq = rf__lsb(a.kbb);
    a.near = rf__king_attacks[a.ksq];
    rf__atomic_checks(&a, n, us);
    rf__atomic_gen_king(e, &a);
    rf__atomic_capture_masks(&a, n);
    rf__atomic_gen_type(e, &a, RF_VISIT_KNIGHT, n->knights & a.ours);
    rf__atomic_gen_type(e, &a, RF_VISIT_BISHOP, n->diag & ~n->orth & a.ours);
    rf__atomic_gen_type(e, &a, RF_VISIT_ROOK, n->orth & ~n->diag & a.ours);
    rf__atomic_gen_type(e, &a, RF_VISIT_QUEEN, n->diag & n->orth & a.ours);
    rf__atomic_gen_pawns(e, &a);
    rf__atomic_gen_ep(e, &a);
    rf__atomic_gen_castles(e, &a);
}

#endif

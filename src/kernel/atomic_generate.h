/*
 * kernel/atomic_generate.h - legal move generation on nodes (kernel/node.h) for Atomic chess, in
 * the shape of rf__generate (kernel/generate.h): counted, listed or walked, one body for all
 * three. The rules are variants/atomic.c's.
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
#ifndef RF_KERNEL_ATOMIC_GENERATE_H
#define RF_KERNEL_ATOMIC_GENERATE_H

#include "generate.h"

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

/* The moves of the piece on `from` of visit kind `kind` with attacks `att`: the quiet ones to
 * `quiet` (its check and pin masks applied), and its captures by the masks of its kind of piece
 * (see the top of this file): those of `ok` legal, those of `test` judged one by one. */
#define RF_ATOMIC_PIECE(kind, from, att, quiet, ok, test)                                         \
    do {                                                                                          \
        rf_bitboard caps_ = (att) & (ok);                                                         \
        for (rf_bitboard t_ = (att) & (test); t_;) {                                              \
            rf_square to_ = rf__pop_lsb(&t_);                                                     \
            if (rf__atomic_survives(n, us, ksq, rf__atomic_blast(n, occ, (from), to_)))           \
                caps_ |= RF_BB(to_);                                                              \
        }                                                                                         \
        if (count) {                                                                              \
            total += (unsigned)rf__popcount((quiet) | caps_);                                     \
        } else {                                                                                  \
            RF_GEN_SET((kind), (from), (quiet));                                                  \
            RF_GEN_SET(RF_VISIT_EXPLODE, (from), caps_);                                          \
        }                                                                                         \
    } while (0)

/* The legal Atomic moves of side `us`, the side to move: counted (returns the number) when
 * `count`, else each given to `visit` (returns 0). */
RF_KERNEL_INLINE unsigned rf__atomic_generate(const rf__node *n, const rf_color us, const bool count,
                                              rf__walk *w, const rf__visit visit)
{
    const rf_color them = rf__other(us);
    const rf_bitboard ours = n->color[us], theirs = n->color[them], occ = ours | theirs;
    const rf_bitboard kbb = n->kings & ours, ekings = n->kings & theirs;
    unsigned total = 0;
    if (!kbb || rf__more_than_one(kbb) || !ekings) return 0;
    const rf_square ksq = rf__lsb(kbb);
    const rf_bitboard near = rf__king_attacks[ksq];
    const rf_bitboard their_pawns = n->pawns & theirs, their_knights = n->knights & theirs;
    const rf_bitboard their_diag = n->diag & theirs, their_orth = n->orth & theirs;

    /* Checkers, pinned pieces (ours, alone between our king and an enemy slider) and blockers
     * (any piece between them); none while the kings touch. */
    rf_bitboard checkers = 0, pinned = 0, blockers = 0;
    if (!(near & ekings)) {
        checkers = (rf__knight_attacks[ksq] & their_knights) | (rf__pawn_attacks[us][ksq] & their_pawns);
        for (rf_bitboard s = (rf__rook_rays[ksq] & their_orth) | (rf__bishop_rays[ksq] & their_diag); s;) {
            rf_square sq = rf__pop_lsb(&s);
            rf_bitboard between = rf__between[ksq][sq] & occ;
            if (!between) {
                checkers |= RF_BB(sq);
            } else {
                blockers |= between;
                if (!rf__more_than_one(between)) pinned |= between & ours;
            }
        }
    }

    /* The king, to empty squares: next to an enemy king, or not attacked with it lifted (the
     * enemy pawns' attacks as a set, then knights and sliders square by square when one square
     * is left, as sets when more are). */
    {
        rf_bitboard targets = near & ~occ;
        if (targets) {
            rf_bitboard beside = 0;
            for (rf_bitboard b = ekings; b;) beside |= rf__king_attacks[rf__pop_lsb(&b)];
            rf_bitboard safe = targets & beside;
            targets &= ~beside &
                       ~(them == RF_WHITE ? rf__north(rf__east(their_pawns) | rf__west(their_pawns))
                                          : rf__south(rf__east(their_pawns) | rf__west(their_pawns)));
            const rf_bitboard lifted = occ ^ kbb;
            if (targets && !rf__more_than_one(targets)) {
                rf_square to = rf__lsb(targets);
                if (!(rf__knight_attacks[to] & their_knights) &&
                    !(rf__bishop_attacks(to, lifted) & their_diag) && !(rf__rook_attacks(to, lifted) & their_orth))
                    safe |= targets;
            } else if (targets) {
                rf_bitboard danger = 0;
                for (rf_bitboard b = their_knights; b;) danger |= rf__knight_attacks[rf__pop_lsb(&b)];
                for (rf_bitboard b = their_diag; b;) danger |= rf__bishop_attacks(rf__pop_lsb(&b), lifted);
                for (rf_bitboard b = their_orth; b;) danger |= rf__rook_attacks(rf__pop_lsb(&b), lifted);
                safe |= targets & ~danger;
            }
            RF_GEN_SET(RF_VISIT_KING, ksq, safe);
        }
    }

    /* The masks of the other pieces' moves. Quiet: to empty squares, in single check between
     * the king and a slider checker, in double check none. Captures (never next to our king):
     * cap_ok legal and cap_test judged alone for a piece that is not a blocker, cap_ok_x and
     * cap_test_x for one that is. Against several enemy kings (a position accepted with too
     * many) every capture is judged alone. */
    const rf_bitboard capturable = theirs & ~near;
    rf_bitboard quiet_to = ~occ;
    if (checkers) quiet_to = rf__more_than_one(checkers) ? 0 : quiet_to & rf__between[ksq][rf__lsb(checkers)];
    rf_bitboard cap_ok = capturable, cap_test = 0, exposed = 0, cap_ok_x = 0, cap_test_x = 0;
    if (rf__more_than_one(ekings)) {
        cap_ok = 0;
        cap_test = capturable;
    } else if (checkers | blockers) {
        const rf_bitboard kill = rf__king_attacks[rf__lsb(ekings)] | ekings;
        if (checkers) {
            rf_bitboard zone = capturable & ~kill;
            for (rf_bitboard b = checkers; b;) {
                rf_square sq = rf__pop_lsb(&b);
                zone &= RF_BB(sq) | (n->pawns & RF_BB(sq) ? 0 : rf__king_attacks[sq]);
            }
            cap_ok = capturable & kill;
            cap_test = zone;
        } else {
            rf_bitboard unsafe = blockers & theirs;
            for (rf_bitboard b = blockers & ~n->pawns; b;) unsafe |= rf__king_attacks[rf__pop_lsb(&b)];
            cap_ok = capturable & (kill | ~unsafe);
            cap_test = capturable & ~cap_ok;
            exposed = blockers & ours;
            cap_ok_x = capturable & kill;
            cap_test_x = capturable & ~kill;
        }
    }

    /* Knights and sliders; a pinned one moves quietly only along its line through the king. */
#define RF_ATOMIC_PIECES(kind, set, attacks)                                                      \
    for (rf_bitboard b = (set); b;) {                                                             \
        rf_square from = rf__pop_lsb(&b);                                                         \
        rf_bitboard att = attacks, quiet = att & quiet_to;                                        \
        if (pinned & RF_BB(from)) quiet &= rf__line[ksq][from];                                   \
        const bool x = (exposed & RF_BB(from)) != 0;                                              \
        RF_ATOMIC_PIECE((kind), from, att, quiet, x ? cap_ok_x : cap_ok, x ? cap_test_x : cap_test); \
    }
    RF_ATOMIC_PIECES(RF_VISIT_KNIGHT, n->knights & ours, rf__knight_attacks[from])
    RF_ATOMIC_PIECES(RF_VISIT_BISHOP, n->diag & ~n->orth & ours, rf__bishop_attacks(from, occ))
    RF_ATOMIC_PIECES(RF_VISIT_ROOK, n->orth & ~n->diag & ours, rf__rook_attacks(from, occ))
    RF_ATOMIC_PIECES(RF_VISIT_QUEEN, n->diag & n->orth & ours, rf__queen_attacks(from, occ))
#undef RF_ATOMIC_PIECES

    /* Pawns, a whole set of destinations at a time for each kind of move: steps by pawns not
     * pinned, with those a pinned pawn makes along its line added; captures by pawns that are
     * not blockers, with those judged alone added (in each set a square is reached from one
     * square only, so one set holds the moves of every pawn). */
    {
        const int up = us == RF_WHITE ? 8 : -8;
        const rf_bitboard rank3 = RF_RANK_BB(us == RF_WHITE ? 2 : 5);
        const rf_bitboard rank8 = RF_RANK_BB(us == RF_WHITE ? 7 : 0);
        const rf_bitboard pawns = n->pawns & ours;
#define FORWARD(b) (us == RF_WHITE ? rf__north(b) : rf__south(b))
        rf_bitboard single = FORWARD(pawns & ~pinned) & ~occ;
        for (rf_bitboard b = pawns & pinned; b;) {
            rf_square from = rf__pop_lsb(&b);
            single |= FORWARD(RF_BB(from)) & ~occ & rf__line[ksq][from];
        }
        rf_bitboard dbl = FORWARD(single & rank3) & quiet_to;
        single &= quiet_to;

        const rf_bitboard capturers = pawns & ~exposed;
        rf_bitboard west = FORWARD(rf__west(capturers)), east = FORWARD(rf__east(capturers));
        rf_bitboard west_ok = west & cap_ok, east_ok = east & cap_ok;
        for (rf_bitboard b = west & cap_test; b;) {
            rf_square to = rf__pop_lsb(&b);
            if (rf__atomic_survives(n, us, ksq, rf__atomic_blast(n, occ, (rf_square)(to - (up - 1)), to)))
                west_ok |= RF_BB(to);
        }
        for (rf_bitboard b = east & cap_test; b;) {
            rf_square to = rf__pop_lsb(&b);
            if (rf__atomic_survives(n, us, ksq, rf__atomic_blast(n, occ, (rf_square)(to - (up + 1)), to)))
                east_ok |= RF_BB(to);
        }
        for (rf_bitboard b = pawns & exposed; b;) {
            rf_square from = rf__pop_lsb(&b);
            rf_bitboard att = rf__pawn_attacks[us][from], ok = att & cap_ok_x;
            for (rf_bitboard t = att & cap_test_x; t;) {
                rf_square to = rf__pop_lsb(&t);
                if (rf__atomic_survives(n, us, ksq, rf__atomic_blast(n, occ, from, to))) ok |= RF_BB(to);
            }
            west_ok |= ok & FORWARD(rf__west(RF_BB(from)));
            east_ok |= ok & FORWARD(rf__east(RF_BB(from)));
        }
#undef FORWARD
        RF_GEN_PAWNS(RF_VISIT_PAWN, single & ~rank8, up, false);
        RF_GEN_PAWNS(RF_VISIT_DOUBLE, dbl, 2 * up, false);
        RF_GEN_PAWNS(RF_VISIT_EXPLODE, west_ok & ~rank8, up - 1, false);
        RF_GEN_PAWNS(RF_VISIT_EXPLODE, east_ok & ~rank8, up + 1, false);
        if ((single | west_ok | east_ok) & rank8) {
            RF_GEN_PAWNS(RF_VISIT_PAWN, single & rank8, up, true);
            RF_GEN_PAWNS(RF_VISIT_PAWN, west_ok & rank8, up - 1, true);
            RF_GEN_PAWNS(RF_VISIT_PAWN, east_ok & rank8, up + 1, true);
        }

        /* En passant: the blast is centred on the square the pawn lands on, and the captured
         * pawn beside it goes too. */
        rf_bitboard epbb = n->special & rf__node_ep_rank(us) & ~near;
        if (epbb) {
            rf_square ep = rf__lsb(epbb);
            rf_bitboard victim = RF_BB(us == RF_WHITE ? ep - 8 : ep + 8);
            for (rf_bitboard b = rf__pawn_attacks[them][ep] & pawns; b;) {
                rf_square from = rf__pop_lsb(&b);
                rf_bitboard removed = (rf__king_attacks[ep] & occ & ~n->pawns) | RF_BB(from) | victim;
                if (rf__atomic_survives(n, us, ksq, removed)) RF_GEN_ONE(RF_VISIT_EP, from, ep);
            }
        }
    }

    /* Castling, king takes own rook: not out of check; the squares the king and rook cross or
     * land on empty but for the two of them; each square the king crosses next to an enemy
     * king or not attacked with our king lifted and the rook in place; the square it lands on
     * next to an enemy king or not attacked once both have moved. */
    rf_bitboard rights = n->special & rf__node_back_rank(us);
    if (rights && !checkers) {
        rf_bitboard beside = 0;
        for (rf_bitboard b = ekings; b;) beside |= rf__king_attacks[rf__pop_lsb(&b)];
        while (rights) {
            rf_square rsq = rf__pop_lsb(&rights);
            int side = rsq > ksq ? RF_KINGSIDE : RF_QUEENSIDE;
            if (occ & rf__castle_empty[us][side][RF_FILE_OF(ksq)][RF_FILE_OF(rsq)]) continue;
            rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
            bool safe = true;
            for (rf_bitboard path = rf__between[ksq][kto] & ~beside; path && safe;)
                safe = !rf__atomic_attacked(n, us, rf__pop_lsb(&path), occ ^ kbb);
            if (safe && !(beside & RF_BB(kto)))
                safe = !rf__atomic_attacked(n, us, kto, (occ ^ kbb ^ RF_BB(rsq)) | RF_BB(kto) | RF_BB(rto));
            if (safe) RF_GEN_ONE(RF_VISIT_CASTLE, ksq, rsq);
        }
    }
    return total;
}

#undef RF_ATOMIC_PIECE

#endif

/*
 * kernel/generate.h - legal move generation on nodes (kernel/node.h) for standard chess and
 * Chess960, written once for three uses: counting the moves (perft's last ply, by popcounts,
 * without making a move), listing them as rf_move values (the API), and walking them (perft's
 * inner plies: each move goes to a visit function, which builds the child and recurses from
 * inside the generator's loops, so no move list is built).
 *
 * Moves are generated legal, not generated and tested. The masks are computed once per node:
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
 */
#ifndef RF_KERNEL_GENERATE_H
#define RF_KERNEL_GENERATE_H

#include "node.h"

/* What a move is, for the visit function: a constant at every call site, so the make-move it
 * inlines is specialised to one kind. */
enum {
    RF_VISIT_PAWN,   /* a pawn's single step or capture, not promoting */
    RF_VISIT_DOUBLE, /* a pawn's double step */
    RF_VISIT_KNIGHT,
    RF_VISIT_BISHOP,
    RF_VISIT_ROOK,
    RF_VISIT_QUEEN,
    RF_VISIT_KING,
    RF_VISIT_PROMO_N, /* RF_VISIT_PROMO_N + (type - RF_KNIGHT): promotions */
    RF_VISIT_PROMO_B,
    RF_VISIT_PROMO_R,
    RF_VISIT_PROMO_Q,
    RF_VISIT_EP,
    RF_VISIT_CASTLE, /* from the king's square to the castling rook's */
    RF_VISIT_PROMO_K, /* a promotion to a king (Antichess) */
    RF_VISIT_VARIANT  /* the first kind free for a variant's own moves (Atomic's explosions) */
};

/* A walk's state: the list written (listing), or the node count and depth (perft). */
typedef struct rf__walk {
    rf_move *out;
    uint64_t nodes;
    int depth;
    const struct rf__tt *tt;
    rf__node *kids;  /* perft's walks at depth 2: the children made, counted once the */
    unsigned nkids;  /* generator is done (kernel/perft.h) */
} rf__walk;

/* Receives each move of a walk: the node it is played in, side `us` to move, its kind. */
typedef void (*rf__visit)(rf__walk *w, const rf__node *n, rf_color us, int kind, rf_square from,
                          rf_square to);

/* The visit function of listing: the move as an rf_move. */
RF_KERNEL_INLINE void rf__visit_list(rf__walk *w, const rf__node *n, rf_color us, int kind,
                                     rf_square from, rf_square to)
{
    (void)n;
    (void)us;
    rf_move m;
    if (kind >= RF_VISIT_PROMO_N && kind <= RF_VISIT_PROMO_Q)
        m = RF_MOVE_MAKE_PROMOTION(from, to, RF_KNIGHT + (kind - RF_VISIT_PROMO_N));
    else if (kind == RF_VISIT_PROMO_K)
        m = RF_MOVE_MAKE_PROMOTION(from, to, RF_KING);
    else if (kind == RF_VISIT_EP)
        m = RF_MOVE_MAKE_KIND(from, to, RF_MOVE_EN_PASSANT);
    else if (kind == RF_VISIT_CASTLE)
        m = RF_MOVE_MAKE_KIND(from, to, RF_MOVE_CASTLING);
    else
        m = RF_MOVE_MAKE(from, to);
    *w->out++ = m;
}

/* One move: counted, or visited. */
#define RF_GEN_ONE(kind, from, to)                                                                \
    do {                                                                                          \
        if (count)                                                                                \
            total++;                                                                              \
        else                                                                                      \
            visit(w, n, us, (kind), (from), (to));                                                \
    } while (0)

/* The moves of one piece to a set of squares. */
#define RF_GEN_SET(kind, from, set)                                                               \
    do {                                                                                          \
        rf_bitboard set_ = (set);                                                                 \
        if (count) {                                                                              \
            total += (unsigned)rf__popcount(set_);                                                \
        } else {                                                                                  \
            while (set_) {                                                                        \
                rf_square to_ = rf__pop_lsb(&set_);                                               \
                visit(w, n, us, (kind), (from), to_);                                             \
            }                                                                                     \
        }                                                                                         \
    } while (0)

/* The pawn moves of a set of destinations, each reached from to - delta; promotions when
 * `promote`, four per destination, queen first. */
#define RF_GEN_PAWNS(kind, set, delta, promote)                                                   \
    do {                                                                                          \
        rf_bitboard set_ = (set);                                                                 \
        if (count) {                                                                              \
            total += (unsigned)rf__popcount(set_) * ((promote) ? 4u : 1u);                        \
        } else {                                                                                  \
            while (set_) {                                                                        \
                rf_square to_ = rf__pop_lsb(&set_), from_ = (rf_square)(to_ - (delta));           \
                if (promote) {                                                                    \
                    visit(w, n, us, RF_VISIT_PROMO_Q, from_, to_);                                \
                    visit(w, n, us, RF_VISIT_PROMO_R, from_, to_);                                \
                    visit(w, n, us, RF_VISIT_PROMO_B, from_, to_);                                \
                    visit(w, n, us, RF_VISIT_PROMO_N, from_, to_);                                \
                } else {                                                                          \
                    visit(w, n, us, (kind), from_, to_);                                          \
                }                                                                                 \
            }                                                                                     \
        }                                                                                         \
    } while (0)

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

/* The legal moves of standard chess (and Chess960) for side `us`, the side to move: counted
 * (returns the number) when `count`, else each given to `visit` (returns 0). A side without
 * exactly one king has none. */
RF_KERNEL_INLINE unsigned rf__generate(const rf__node *n, const rf_color us, const bool count,
                                       rf__walk *w, const rf__visit visit)
{
    const rf_color them = rf__other(us);
    const rf_bitboard ours = n->color[us], theirs = n->color[them], occ = ours | theirs;
    const rf_bitboard kbb = n->kings & ours;
    unsigned total = 0;
    if (!kbb || rf__more_than_one(kbb)) return 0;
    const rf_square ksq = rf__lsb(kbb);

    const rf_bitboard their_pawns = n->pawns & theirs, their_knights = n->knights & theirs;
    const rf_bitboard their_diag = n->diag & theirs, their_orth = n->orth & theirs;

    /* Checkers and pins. */
    rf_bitboard checkers = ((rf__knight_attacks[ksq] & n->knights) | (rf__pawn_attacks[us][ksq] & n->pawns) |
                            (rf__king_attacks[ksq] & n->kings)) &
                           theirs; /* a king "checks" in positions accepted with kings touching */
    rf_bitboard pin_hv, pin_d;
    pin_hv = rf__pin_rays(ksq, (rf__rook_rays[ksq] & their_orth) ? rf__rook_attacks(ksq, theirs) & their_orth : 0,
                          occ, &checkers);
    pin_d = rf__pin_rays(ksq, (rf__bishop_rays[ksq] & their_diag) ? rf__bishop_attacks(ksq, theirs) & their_diag : 0,
                         occ, &checkers);

    /* The king, to each square not attacked with it lifted, and castling. The enemy pawns' and
     * king's attacks come as sets; one square left for the king is tested alone; several, or a
     * castling path to check, take the enemy's whole attack set. */
    const rf_bitboard lifted = occ ^ kbb;
    rf_bitboard danger = them == RF_WHITE ? rf__north(rf__east(their_pawns) | rf__west(their_pawns))
                                          : rf__south(rf__east(their_pawns) | rf__west(their_pawns));
    rf_bitboard their_kings = n->kings & theirs;
    if (their_kings) {
        danger |= rf__king_attacks[rf__lsb(their_kings)];
        for (rf_bitboard b = their_kings & (their_kings - 1); b;) danger |= rf__king_attacks[rf__pop_lsb(&b)];
    }
    rf_bitboard targets = rf__king_attacks[ksq] & ~ours & ~danger;
    /* Castling: king takes own rook, when not in check and the squares the two cross or land on
     * are empty but for them. */
    rf_bitboard castles = 0;
    if (!checkers) {
        for (rf_bitboard b = n->special & rf__node_back_rank(us); b;) {
            rf_square rsq = rf__pop_lsb(&b);
            if (!(occ & rf__castle_empty_by_rook[RF_FILE_OF(ksq)][rsq])) castles |= RF_BB(rsq);
        }
    }
    if (castles || rf__more_than_one(targets)) {
        for (rf_bitboard b = their_knights; b;) danger |= rf__knight_attacks[rf__pop_lsb(&b)];
        for (rf_bitboard b = their_diag; b;) danger |= rf__bishop_attacks(rf__pop_lsb(&b), lifted);
        for (rf_bitboard b = their_orth; b;) danger |= rf__rook_attacks(rf__pop_lsb(&b), lifted);
        RF_GEN_SET(RF_VISIT_KING, ksq, targets & ~danger);
        /* No square of the king's path attacked, with the rook lifted too: an enemy rook or
         * queen on the back rank may see through the rook's square (a Chess960 rook that
         * shielded the king's landing square). */
        const rf_bitboard rank_sliders = their_orth & rf__node_back_rank(us);
        while (castles) {
            rf_square rsq = rf__pop_lsb(&castles);
            rf_bitboard path = rf__castle_path_by_rook[RF_FILE_OF(ksq)][rsq];
            bool safe = !(path & danger);
            if (safe && rank_sliders)
                for (rf_bitboard p = path; p && safe;)
                    safe = !(rf__rook_attacks(rf__pop_lsb(&p), lifted ^ RF_BB(rsq)) & rank_sliders);
            if (safe) RF_GEN_ONE(RF_VISIT_CASTLE, ksq, rsq);
        }
    } else if (targets) {
        rf_square to = rf__lsb(targets);
        if (!(rf__knight_attacks[to] & their_knights) && !(rf__bishop_attacks(to, lifted) & their_diag) &&
            !(rf__rook_attacks(to, lifted) & their_orth))
            RF_GEN_ONE(RF_VISIT_KING, ksq, to);
    }

    rf_bitboard checkmask = ~(rf_bitboard)0;
    if (checkers) {
        if (rf__more_than_one(checkers)) return total;
        checkmask = rf__between[ksq][rf__lsb(checkers)] | checkers;
    }
    const rf_bitboard movable = ~ours & checkmask, pinned = pin_hv | pin_d;

    /* Counting, with no check and no pin (most nodes): every piece moves freely. */
    if (count && !(checkers | pinned)) {
        const rf_bitboard empty = ~occ, pawns = n->pawns & ours;
        const rf_bitboard rank3 = RF_RANK_BB(us == RF_WHITE ? 2 : 5);
        const rf_bitboard rank8 = RF_RANK_BB(us == RF_WHITE ? 7 : 0);
        rf_bitboard single = (us == RF_WHITE ? rf__north(pawns) : rf__south(pawns)) & empty;
        rf_bitboard dbl = (us == RF_WHITE ? rf__north(single & rank3) : rf__south(single & rank3)) & empty;
        rf_bitboard west = (us == RF_WHITE ? rf__north(rf__west(pawns)) : rf__south(rf__west(pawns))) & theirs;
        rf_bitboard east = (us == RF_WHITE ? rf__north(rf__east(pawns)) : rf__south(rf__east(pawns))) & theirs;
        total += (unsigned)(rf__popcount(single) + rf__popcount(dbl) + rf__popcount(west) + rf__popcount(east));
        if ((single | west | east) & rank8)
            total += 3u * (unsigned)rf__popcount(single & rank8) + 3u * (unsigned)rf__popcount(west & rank8) +
                     3u * (unsigned)rf__popcount(east & rank8);
        rf_bitboard epbb = n->special & rf__node_ep_rank(us);
        if (epbb) {
            rf_square ep = rf__lsb(epbb);
            rf_bitboard victim = RF_BB(us == RF_WHITE ? ep - 8 : ep + 8);
            for (rf_bitboard b = rf__pawn_attacks[them][ep] & pawns; b;) {
                rf_square from = rf__pop_lsb(&b);
                rf_bitboard after = occ ^ RF_BB(from) ^ victim ^ epbb;
                total += !((rf__rook_attacks(ksq, after) & their_orth) | (rf__bishop_attacks(ksq, after) & their_diag));
            }
        }
        for (rf_bitboard b = n->knights & ours; b;)
            total += (unsigned)rf__popcount(rf__knight_attacks[rf__pop_lsb(&b)] & ~ours);
        for (rf_bitboard b = n->diag & ours; b;)
            total += (unsigned)rf__popcount(rf__bishop_attacks(rf__pop_lsb(&b), occ) & ~ours);
        for (rf_bitboard b = n->orth & ours; b;)
            total += (unsigned)rf__popcount(rf__rook_attacks(rf__pop_lsb(&b), occ) & ~ours);
        return total;
    }

    /* Pawns, a whole set at a time. */
    {
        const int up = us == RF_WHITE ? 8 : -8;
        const rf_bitboard rank3 = RF_RANK_BB(us == RF_WHITE ? 2 : 5);
        const rf_bitboard rank8 = RF_RANK_BB(us == RF_WHITE ? 7 : 0);
        const rf_bitboard empty = ~occ, pawns = n->pawns & ours;
#define FORWARD(b) (us == RF_WHITE ? rf__north(b) : rf__south(b))
#define BACKWARD(b) (us == RF_WHITE ? rf__south(b) : rf__north(b))
        /* Pushes: not by a pawn pinned diagonally, and by one pinned on a file only along it. */
        rf_bitboard pushers = pawns & ~pin_d & (~pin_hv | BACKWARD(pin_hv));
        rf_bitboard single = FORWARD(pushers) & empty;
        rf_bitboard dbl = FORWARD(single & rank3) & empty & checkmask;
        single &= checkmask;
        /* Captures: not by a pawn pinned on a rank or file, and by one pinned diagonally only
         * along its ray. */
        rf_bitboard free = pawns & ~pinned, diag_pinned = pawns & pin_d;
        rf_bitboard west = (FORWARD(rf__west(free)) | (FORWARD(rf__west(diag_pinned)) & pin_d)) &
                           theirs & checkmask;
        rf_bitboard east = (FORWARD(rf__east(free)) | (FORWARD(rf__east(diag_pinned)) & pin_d)) &
                           theirs & checkmask;
        RF_GEN_PAWNS(RF_VISIT_PAWN, single & ~rank8, up, false);
        RF_GEN_PAWNS(RF_VISIT_DOUBLE, dbl, 2 * up, false);
        RF_GEN_PAWNS(RF_VISIT_PAWN, west & ~rank8, up - 1, false);
        RF_GEN_PAWNS(RF_VISIT_PAWN, east & ~rank8, up + 1, false);
        if ((single | west | east) & rank8) {
            RF_GEN_PAWNS(RF_VISIT_PAWN, single & rank8, up, true);
            RF_GEN_PAWNS(RF_VISIT_PAWN, west & rank8, up - 1, true);
            RF_GEN_PAWNS(RF_VISIT_PAWN, east & rank8, up + 1, true);
        }
#undef FORWARD
#undef BACKWARD
        /* En passant: tested by the attacks on the king with both pawns gone and ours on the
         * square, which covers a pin along the rank and a checking pawn captured alike. */
        rf_bitboard epbb = n->special & rf__node_ep_rank(us);
        if (epbb) {
            rf_square ep = rf__lsb(epbb);
            rf_bitboard victim = RF_BB(us == RF_WHITE ? ep - 8 : ep + 8);
            for (rf_bitboard b = rf__pawn_attacks[them][ep] & pawns; b;) {
                rf_square from = rf__pop_lsb(&b);
                rf_bitboard after = occ ^ RF_BB(from) ^ victim ^ epbb;
                rf_bitboard attackers =
                    (rf__rook_attacks(ksq, after) & n->orth) | (rf__bishop_attacks(ksq, after) & n->diag) |
                    (rf__knight_attacks[ksq] & n->knights) | (rf__king_attacks[ksq] & n->kings) |
                    (rf__pawn_attacks[us][ksq] & n->pawns & ~victim);
                if (!(attackers & theirs)) RF_GEN_ONE(RF_VISIT_EP, from, ep);
            }
        }
    }

    /* Pieces not pinned. */
    for (rf_bitboard b = n->knights & ours & ~pinned; b;) {
        rf_square from = rf__pop_lsb(&b);
        RF_GEN_SET(RF_VISIT_KNIGHT, from, rf__knight_attacks[from] & movable);
    }
    /* Sliders, a pinned one along its ray: bishops not pinned on a rank or file, rooks not
     * pinned diagonally, queens either way. */
    for (rf_bitboard b = n->diag & ~n->orth & ours & ~pin_hv; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard ray = pin_d & RF_BB(from) ? pin_d : ~(rf_bitboard)0;
        RF_GEN_SET(RF_VISIT_BISHOP, from, rf__bishop_attacks(from, occ) & movable & ray);
    }
    for (rf_bitboard b = n->orth & ~n->diag & ours & ~pin_d; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard ray = pin_hv & RF_BB(from) ? pin_hv : ~(rf_bitboard)0;
        RF_GEN_SET(RF_VISIT_ROOK, from, rf__rook_attacks(from, occ) & movable & ray);
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
        RF_GEN_SET(RF_VISIT_QUEEN, from, to & movable);
    }

    return total;
}

#endif

/*
 * pseudo.h - pseudo-legal moves: every move the pieces can make, before asking whether
 * the mover's king survives it. The simple generators that play each such move on a copy and
 * test the result (the oracles of the fast generators) start from here; with rf__play_simple
 * (play_simple.c) they share nothing with the kernel.
 */
#ifndef RF_PSEUDO_H
#define RF_PSEUDO_H

#include "position.h"

RF_INLINE rf_move *pseudo_add(rf_move *out, rf_square from, rf_bitboard targets)
{
    while (targets) *out++ = RF_MOVE_MAKE(from, rf__pop_lsb(&targets));
    return out;
}

/* The pseudo-legal moves of side `us` (to move), castling left out: the king to the squares of
 * `king_targets` it steps to, every other piece to squares our pieces do not hold, pawn pushes,
 * double steps from the second rank, captures, promotions (to Q R B N), and en passant to
 * pos->ep when an enemy pawn stands in front of it. A side without exactly one king has none. */
RF_INLINE rf_move *pseudo_moves(const rf_position *pos, rf_move *out, rf_color us,
                                rf_bitboard king_targets)
{
    rf_color them = rf__other(us);
    rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us], theirs = pos->by_color[them];
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (!kings || rf__more_than_one(kings)) return out;
    rf_square ksq = rf__lsb(kings);
    out = pseudo_add(out, ksq, rf__king_attacks[ksq] & king_targets & ~ours);
    for (rf_piece_type pt = RF_KNIGHT; pt <= RF_QUEEN; pt++)
        for (rf_bitboard b = rf__pieces(pos, us, pt); b;) {
            rf_square from = rf__pop_lsb(&b);
            out = pseudo_add(out, from, rf__piece_attacks(pt, from, occ) & ~ours);
        }
    int up = us == RF_WHITE ? 8 : -8;
    int last = us == RF_WHITE ? 7 : 0, start = us == RF_WHITE ? 1 : 6;
    for (rf_bitboard b = rf__pieces(pos, us, RF_PAWN); b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard targets = rf__pawn_attacks[us][from] & theirs;
        /* Shifted, not added: a pawn on its last rank (a position accepted with pawns on a back
         * rank) has no square ahead. */
        rf_bitboard one = (us == RF_WHITE ? rf__north(RF_BB(from)) : rf__south(RF_BB(from))) & ~occ;
        targets |= one;
        if (one && RF_RANK_OF(from) == start && !(occ & RF_BB(from + 2 * up)))
            targets |= RF_BB(from + 2 * up);
        while (targets) {
            rf_square to = rf__pop_lsb(&targets);
            if (RF_RANK_OF(to) == last)
                for (int pt = RF_QUEEN; pt >= RF_KNIGHT; pt--)
                    *out++ = RF_MOVE_MAKE_PROMOTION(from, to, pt);
            else
                *out++ = RF_MOVE_MAKE(from, to);
        }
        if (pos->ep != RF_NO_SQUARE && (rf__pawn_attacks[us][from] & RF_BB(pos->ep)) &&
            !(occ & RF_BB(pos->ep)) && pos->board[pos->ep - up] == RF_MAKE_PIECE(them, RF_PAWN))
            *out++ = RF_MOVE_MAKE_KIND(from, pos->ep, RF_MOVE_EN_PASSANT);
    }
    return out;
}

#endif

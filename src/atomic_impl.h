/*
 * atomic_impl.h - the fast Atomic move generator, make-move and perft recursion as static inline
 * functions of constant arguments, included by atomic.c (portable build) and movegen_bmi2.c
 * (POPCNT/BMI2 with PEXT); each includer adds thin wrappers. The rules are in atomic.c's top
 * comment.
 */
#ifndef RF_ATOMIC_IMPL_H
#define RF_ATOMIC_IMPL_H

#include "atomic.h"
#include "movegen_impl.h"

/* The enemy pieces giving check to the king of colour c (see rf__atomic_checkers). */
RF_INLINE rf_bitboard atomic_checkers(const rf_position *pos, rf_color c)
{
    rf_bitboard kings = rf__pieces(pos, c, RF_KING);
    rf_bitboard their_kings = rf__pieces(pos, rf__other(c), RF_KING);
    if (!kings || rf__more_than_one(kings)) return 0;
    rf_square ksq = rf__lsb(kings);
    if (!their_kings || (rf__king_attacks[ksq] & their_kings)) return 0;
    return rf__attackers_to(pos, ksq, pos->by_type[0]) & pos->by_color[rf__other(c)] &
           ~pos->by_type[RF_KING];
}

/* Whether the side `them` attacks `sq` in the Atomic sense, with occupancy `occ`. */
RF_INLINE bool atomic_attacked(const rf_position *pos, rf_square sq, rf_color them, rf_bitboard occ)
{
    rf_bitboard their_kings = rf__pieces(pos, them, RF_KING);
    if (!their_kings || (rf__king_attacks[sq] & their_kings)) return false;
    return (rf__attackers_to(pos, sq, occ) & pos->by_color[them] & ~pos->by_type[RF_KING]) != 0;
}

/* Plays a legal Atomic move of side `us`: the standard move, then the explosion. */
RF_INLINE void play_atomic(rf_position *pos, rf_move move, const rf_color us)
{
    if (!rf__atomic_is_capture(pos, move)) {
        play_standard(pos, move, us);
        return;
    }
    rf_square to = RF_MOVE_TO(move);
    play_standard(pos, move, us);
    /* The capturing piece now stands on `to`: it explodes with its neighbours. */
    rf_bitboard blast = rf__explosion(pos, to);
    for (rf_bitboard b = blast; b;) rf__remove_piece(pos, rf__pop_lsb(&b));
    for (int c = 0; c < 2; c++) {
        for (int s = 0; s < 2; s++) {
            rf_square r = pos->castle_rook[c][s];
            if (r == RF_NO_SQUARE) continue;
            /* The rook exploded, or the king: none is left on the back rank (another king may
             * stand elsewhere in a position accepted with too many kings). */
            if ((blast & RF_BB(r)) ||
                !(rf__pieces(pos, (rf_color)c, RF_KING) & RF_RANK_BB(c == RF_WHITE ? 0 : 7))) {
                pos->castle_rook[c][s] = RF_NO_SQUARE;
                pos->key ^= rf__zobrist_castling[c * 2 + s];
            }
        }
    }
}

/* Castling on `side` before the landing square is judged: the right exists, every square the
 * king and rook cross or land on is empty but for the two of them, and no square the king
 * crosses is attacked (king lifted, rook in place, connected kings excepted). The caller has
 * checked that the king is not in check. */
RF_INLINE bool atomic_castling_path_ok(const rf_position *pos, rf_color us, rf_square ksq, int side)
{
    rf_square rsq = pos->castle_rook[us][side];
    if (rsq == RF_NO_SQUARE) return false;
    rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
    rf_bitboard occ = pos->by_type[0], movers = RF_BB(ksq) | RF_BB(rsq);
    rf_bitboard must_be_empty =
        (rf__between[ksq][kto] | RF_BB(kto) | rf__between[rsq][rto] | RF_BB(rto)) & ~movers;
    if (occ & must_be_empty) return false;
    for (rf_bitboard path = rf__between[ksq][kto]; path;)
        if (atomic_attacked(pos, rf__pop_lsb(&path), rf__other(us), occ ^ RF_BB(ksq))) return false;
    return true;
}

/* The fast generator judges each move on bitboards instead of on a played copy: a capture
 * removes the explosion mask (capturer, captured piece, non-pawn neighbours of the centre) from
 * the occupancy and from the enemy's pieces; a quiet move shifts one piece. The move is legal when
 * our king is not in the mask, and then the enemy king is gone, or touches ours, or no remaining
 * enemy piece attacks our king through the new occupancy. */
RF_INLINE bool king_safe_after(const rf_position *pos, rf_color us, rf_square ksq, rf_bitboard occ,
                               rf_bitboard removed)
{
    rf_bitboard theirs = pos->by_color[rf__other(us)] & ~removed;
    rf_bitboard their_king = theirs & pos->by_type[RF_KING];
    if (!their_king || (rf__king_attacks[ksq] & their_king)) return true;
    rf_bitboard rq = pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN];
    rf_bitboard bq = pos->by_type[RF_BISHOP] | pos->by_type[RF_QUEEN];
    return !(theirs & ((rf__pawn_attacks[us][ksq] & pos->by_type[RF_PAWN]) |
                       (rf__knight_attacks[ksq] & pos->by_type[RF_KNIGHT]) |
                       (rf__rook_attacks(ksq, occ) & rq) | (rf__bishop_attacks(ksq, occ) & bq)));
}

/* Whether a capture from `from` landing on `to` (capturing on `victim`) is legal. */
RF_INLINE bool capture_is_legal(const rf_position *pos, rf_color us, rf_square ksq, rf_square from,
                                rf_square to, rf_square victim)
{
    rf_bitboard occ = pos->by_type[0];
    rf_bitboard blast = (rf__king_attacks[to] & occ & ~pos->by_type[RF_PAWN]) | RF_BB(from) |
                        RF_BB(to) | RF_BB(victim);
    if (blast & RF_BB(ksq)) return false;
    return king_safe_after(pos, us, ksq, occ & ~blast, blast);
}

/* Adds the moves of the piece on `from` to `targets`. Captures are judged one by one. Quiet moves
 * are judged one by one only while our king is in check (`quiet_free` false); otherwise a quiet
 * move of a piece that is not the king can expose the king only by leaving the line of a pin
 * (`pinned`; kings that touch stay immune, as neither king moves). */
RF_INLINE void add_checked(const rf_position *pos, sink *s, rf_color us, rf_square ksq, rf_square from,
                           rf_bitboard targets, bool promote, bool quiet_free, rf_bitboard pinned,
                           const bool count)
{
    rf_bitboard occ = pos->by_type[0], theirs = pos->by_color[rf__other(us)];
    rf_bitboard quiet = targets & ~theirs, legal = 0;
    if (quiet_free) {
        legal = (pinned & RF_BB(from)) ? quiet & rf__line[ksq][from] : quiet;
    } else {
        for (rf_bitboard b = quiet; b;) {
            rf_square to = rf__pop_lsb(&b);
            if (king_safe_after(pos, us, ksq, (occ ^ RF_BB(from)) | RF_BB(to), 0)) legal |= RF_BB(to);
        }
    }
    for (rf_bitboard b = targets & theirs; b;) {
        rf_square to = rf__pop_lsb(&b);
        if (capture_is_legal(pos, us, ksq, from, to, to)) legal |= RF_BB(to);
    }
    if (!promote) {
        add_targets(s, from, legal, count);
        return;
    }
    while (legal) add_promotions(s, from, rf__pop_lsb(&legal), count);
}

RF_INLINE unsigned generate_atomic(const rf_position *pos, rf_move *out, const rf_color us,
                                   const bool count)
{
    const rf_color them = rf__other(us);
    sink s = {out, 0};
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (!kings || rf__more_than_one(kings) || !rf__pieces(pos, them, RF_KING)) return 0;
    rf_square ksq = rf__lsb(kings);
    rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us], theirs = pos->by_color[them];
    rf_bitboard checkers = atomic_checkers(pos, us);
    bool touching = (rf__king_attacks[ksq] & rf__pieces(pos, them, RF_KING)) != 0;
    bool quiet_free = !checkers;
    rf_bitboard pinned = quiet_free && !touching ? pinned_pieces(pos, us, ksq) : 0;

    /* The king steps to empty squares only. */
    rf_bitboard king_to = 0;
    for (rf_bitboard b = rf__king_attacks[ksq] & ~occ; b;) {
        rf_square to = rf__pop_lsb(&b);
        if (king_safe_after(pos, us, to, occ ^ RF_BB(ksq) ^ RF_BB(to), 0)) king_to |= RF_BB(to);
    }
    add_targets(&s, ksq, king_to, count);
    for (rf_piece_type pt = RF_KNIGHT; pt <= RF_QUEEN; pt++) {
        for (rf_bitboard b = rf__pieces(pos, us, pt); b;) {
            rf_square from = rf__pop_lsb(&b);
            add_checked(pos, &s, us, ksq, from, rf__piece_attacks(pt, from, occ) & ~ours, false,
                        quiet_free, pinned, count);
        }
    }
    const int up = us == RF_WHITE ? 8 : -8;
    const rf_bitboard rank3 = RF_RANK_BB(us == RF_WHITE ? 2 : 5);
    const rf_bitboard rank8 = RF_RANK_BB(us == RF_WHITE ? 7 : 0);
    for (rf_bitboard b = rf__pieces(pos, us, RF_PAWN); b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard targets = rf__pawn_attacks[us][from] & theirs;
        /* Shifted, not added: a pawn on its last rank (a position accepted with pawns on a back
         * rank) has no square ahead. */
        rf_bitboard one = (us == RF_WHITE ? rf__north(RF_BB(from)) : rf__south(RF_BB(from))) & ~occ;
        targets |= one;
        if (one & rank3) targets |= RF_BB(from + 2 * up) & ~occ;
        add_checked(pos, &s, us, ksq, from, targets & ~rank8, false, quiet_free, pinned, count);
        add_checked(pos, &s, us, ksq, from, targets & rank8, true, quiet_free, pinned, count);
    }
    if (pos->ep != RF_NO_SQUARE) {
        rf_square victim = (rf_square)(pos->ep - up);
        if (pos->board[victim] == RF_MAKE_PIECE(them, RF_PAWN) && !(occ & RF_BB(pos->ep))) {
            for (rf_bitboard b = rf__pawn_attacks[them][pos->ep] & rf__pieces(pos, us, RF_PAWN); b;) {
                rf_square from = rf__pop_lsb(&b);
                if (capture_is_legal(pos, us, ksq, from, pos->ep, victim))
                    add_move(&s, RF_MOVE_MAKE_KIND(from, pos->ep, RF_MOVE_EN_PASSANT), count);
            }
        }
    }
    if (!checkers) {
        for (int side = 0; side < 2; side++) {
            if (!atomic_castling_path_ok(pos, us, ksq, side)) continue;
            rf_square rsq = pos->castle_rook[us][side];
            rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
            rf_bitboard after = (occ ^ RF_BB(ksq) ^ RF_BB(rsq)) | RF_BB(kto) | RF_BB(rto);
            if (king_safe_after(pos, us, kto, after, 0))
                add_move(&s, RF_MOVE_MAKE_KIND(ksq, rsq, RF_MOVE_CASTLING), count);
        }
    }
    return s.n;
}

/* Atomic perft below a position of side `us`; the last ply is counted, not played. */
RF_INLINE uint64_t perft_atomic_body(const rf_position *pos, int depth, const rf_color us, const rf__tt *tt,
                                     uint64_t (*child)(const rf_position *, int, const rf__tt *))
{
    if (depth <= 1) return depth == 1 ? generate_atomic(pos, NULL, us, true) : 1;
    uint64_t nodes = 0;
    if (tt && rf__tt_probe(tt, pos->key, depth, &nodes)) return nodes;
    rf_move moves[RF_MAX_MOVES];
    rf_move *end = moves + generate_atomic(pos, moves, us, false);
    for (rf_move *m = moves; m < end; m++) {
        rf_position next = *pos;
        play_atomic(&next, *m, us);
        if (tt && depth > 2) rf__tt_prefetch(tt, next.key);
        nodes += child(&next, depth - 1, tt);
    }
    if (tt) rf__tt_store(tt, pos->key, depth, nodes);
    return nodes;
}

#endif

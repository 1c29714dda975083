/*
 * variants/standard.c - standard chess, and Chess960, which differs only in where the king and
 * rooks start (castling is "king takes own rook" in both, so one path serves both modes).
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../pseudo.h"
#include "../variant.h"

#define RF_ROW_GENERATE rf__generate
#define RF_ROW_MAKE rf__make
#define RF_ROW_KIND rf__play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE 0
#include "row.h"

/* Whether the king of `us` on ksq stands unattacked once a move has made the board `occ` and
 * the enemy's pieces `enemy` (a captured piece taken out). */
static bool king_safe(const rf_position *pos, rf_color us, rf_square ksq, rf_bitboard occ,
                      rf_bitboard enemy)
{
    const rf_bitboard diag = (pos->by_type[RF_BISHOP] | pos->by_type[RF_QUEEN]) & enemy;
    const rf_bitboard orth = (pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN]) & enemy;
    if (((rf__knight_attacks[ksq] & pos->by_type[RF_KNIGHT]) | (rf__pawn_attacks[us][ksq] & pos->by_type[RF_PAWN]) |
         (rf__king_attacks[ksq] & pos->by_type[RF_KING])) &
        enemy)
        return false;
    /* A slider's attack table is looked up only when one stands on the king's lines at all: the
     * tables are large, and mostly out of the cache while games are read. */
    return !((rf__bishop_rays[ksq] & diag) && (rf__bishop_attacks(ksq, occ) & diag)) &&
           !((rf__rook_rays[ksq] & orth) && (rf__rook_attacks(ksq, occ) & orth));
}

/* The moves of our pieces of type pt (not a pawn) to `to` (not ours), each kept when its king
 * (on ksq, or the piece itself) is not attacked after the move. */
static rf_move *piece_moves_to(const rf_position *pos, rf_move *out, rf_piece_type pt, rf_square to, rf_square ksq)
{
    const rf_color us = (rf_color)pos->side;
    const rf_bitboard theirs = pos->by_color[rf__other(us)], occ = pos->by_type[0], target = RF_BB(to);
    rf_bitboard from_set = pt == RF_KNIGHT   ? rf__knight_attacks[to]
                           : pt == RF_BISHOP ? rf__bishop_attacks(to, occ)
                           : pt == RF_ROOK   ? rf__rook_attacks(to, occ)
                           : pt == RF_QUEEN  ? rf__queen_attacks(to, occ)
                                             : rf__king_attacks[to];
    for (from_set &= pos->by_type[pt] & pos->by_color[us]; from_set;) {
        rf_square from = rf__pop_lsb(&from_set);
        rf_bitboard after = (occ ^ RF_BB(from)) | target;
        if (king_safe(pos, us, pt == RF_KING ? to : ksq, after, theirs & ~target))
            *out++ = RF_MOVE_MAKE(from, to);
    }
    return out;
}

/* The moves of our pawns to `to` (not ours): a push to an empty square (one step, or two from
 * the second rank), a capture of an enemy piece, en passant on the en passant square, each kept
 * when the king on ksq is not attacked after it; a promotion to each piece. */
static rf_move *pawn_moves_to(const rf_position *pos, rf_move *out, rf_square to, rf_square ksq)
{
    const rf_color us = (rf_color)pos->side, them = rf__other(us);
    const rf_bitboard theirs = pos->by_color[them], occ = pos->by_type[0], target = RF_BB(to);
    const rf_bitboard mine = pos->by_type[RF_PAWN] & pos->by_color[us];
    const int up = us == RF_WHITE ? 8 : -8;
    const int rank = RF_RANK_OF(to), last = us == RF_WHITE ? 7 : 0;
    if (rank == (us == RF_WHITE ? 0 : 7)) return out;
    rf_bitboard from_set = 0;
    rf_square victim = to;
    int ep = 0;
    if (theirs & target) {
        from_set = rf__pawn_attacks[them][to] & mine;
    } else {
        rf_square one = (rf_square)(to - up);
        if (mine & RF_BB(one))
            from_set = RF_BB(one);
        else if (!(occ & RF_BB(one)) && rank == (us == RF_WHITE ? 3 : 4) && (mine & RF_BB(one - up)))
            from_set = RF_BB(one - up);
        if (to == pos->ep) {
            from_set |= rf__pawn_attacks[them][to] & mine;
            victim = (rf_square)(to - up);
            ep = 1;
        }
    }
    while (from_set) {
        rf_square from = rf__pop_lsb(&from_set);
        bool capture_ep = ep && RF_FILE_OF(from) != RF_FILE_OF(to);
        rf_bitboard gone = capture_ep ? RF_BB(victim) : target;
        rf_bitboard after = ((occ ^ RF_BB(from)) & ~gone) | target;
        if (!king_safe(pos, us, ksq, after, theirs & ~gone)) continue;
        if (capture_ep) {
            *out++ = RF_MOVE_MAKE_KIND(from, to, RF_MOVE_EN_PASSANT);
        } else if (rank == last) {
            for (int t = RF_QUEEN; t >= RF_KNIGHT; t--) *out++ = RF_MOVE_MAKE_PROMOTION(from, to, t);
        } else {
            *out++ = RF_MOVE_MAKE(from, to);
        }
    }
    return out;
}

/* The legal moves of our pieces of type pt to `to` (castling aside), for SAN reading: the pieces
 * the attack tables (or, for pawns, the pushes, captures and en passant) bring to the square,
 * each kept when its king is not attacked after the move. A side without exactly one king has
 * none, as `generate` has it. */
static rf_move *moves_to(const rf_position *pos, rf_move *out, rf_piece_type pt, rf_square to)
{
    const rf_bitboard ours = pos->by_color[pos->side], kings = pos->by_type[RF_KING] & ours;
    if (!kings || rf__more_than_one(kings) || (ours & RF_BB(to)) || pt < RF_PAWN || pt > RF_KING)
        return out;
    const rf_square ksq = rf__lsb(kings);
    return pt == RF_PAWN ? pawn_moves_to(pos, out, to, ksq) : piece_moves_to(pos, out, pt, to, ksq);
}

static rf_bitboard checkers(const rf_position *pos, rf_color c) { return rf__standard_checkers(pos, c); }

/* The simple generator: every pseudo-legal move played on a copy, kept when the mover's king is
 * not attacked afterwards. Castling also needs the king not in check and no square it crosses
 * attacked (judged with the king lifted off its square), and every square the king and rook
 * cross or land on empty but for the two of them. */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    rf_move pseudo[RF_MAX_MOVES * 2], *end = pseudo_moves(pos, pseudo, us, ~(rf_bitboard)0);
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (kings && !rf__more_than_one(kings) && !checkers(pos, us)) {
        rf_square ksq = rf__lsb(kings);
        for (int side = 0; side < 2; side++) {
            rf_square rsq = pos->castle_rook[us][side];
            if (rsq == RF_NO_SQUARE) continue;
            rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
            rf_bitboard crossed = rf__between[ksq][kto] | RF_BB(kto) | rf__between[rsq][rto] | RF_BB(rto);
            if (pos->by_type[0] & crossed & ~RF_BB(ksq) & ~RF_BB(rsq)) continue;
            rf_bitboard lifted = pos->by_type[0] ^ RF_BB(ksq), path = rf__between[ksq][kto];
            bool attacked = false;
            while (path)
                if (rf__attackers_to(pos, rf__pop_lsb(&path), lifted) & pos->by_color[them]) attacked = true;
            if (!attacked) *end++ = RF_MOVE_MAKE_KIND(ksq, rsq, RF_MOVE_CASTLING);
        }
    }
    for (rf_move *m = pseudo; m < end; m++) {
        rf_position after = *pos;
        rf__play_simple(&after, *m);
        if (!checkers(&after, us)) *out++ = *m;
    }
    return out;
}

/* The other names rf_variant_from_name reads (variant.h). */
static const char *const aliases[] = {"chess", "fromposition", NULL};

const rf__variant RF_KERNEL(rf__variant_standard) = {
    .id = RF_VARIANT_STANDARD,
    .name = "standard",
    .pgn_name = "Standard",
    .uci_name = "chess",
    .aliases = aliases,
    .generate = generate,
    .moves_to = moves_to,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .perft = perft,
};

/*
 * atomic.c - Atomic chess (the rules lichess plays).
 *
 * Rules:
 *  - Every capture explodes: the captured piece, the capturing piece and every piece that is not
 *    a pawn on the eight squares around the capture square leave the board. For en passant the
 *    centre of the explosion is the square the capturing pawn lands on.
 *  - A king cannot capture (it would explode itself). A move that explodes one's own king is
 *    illegal; a move that explodes the enemy king wins at once and is legal even when it leaves
 *    one's own king attacked.
 *  - Kings that touch cannot give check to each other: capturing either would explode both.
 *    So a king is in check when an enemy piece other than the king attacks it and the enemy king
 *    does not stand next to it.
 *  - Castling follows the same rule for attacked squares: the king may not start in check, nor
 *    cross a square an enemy non-king piece attacks (judged with the king lifted off its square
 *    and the rook still on its own) unless the enemy king stands next to that square (the
 *    "connected kings" exception, which matters in Atomic960); where the king lands is judged
 *    like any move, on the board after castling.
 *  - Castling rights die when the king or the castling rook explodes.
 *  - The game ends when a king is gone.
 */
#include "atomic_impl.h"

#include <stdio.h>
#include <string.h>

rf_bitboard rf__atomic_checkers(const rf_position *pos, rf_color c) { return atomic_checkers(pos, c); }

static rf_move *add_pseudo(rf_move *out, rf_square from, rf_bitboard targets)
{
    while (targets) *out++ = RF_MOVE_MAKE(from, rf__pop_lsb(&targets));
    return out;
}

/* Pseudo-legal Atomic moves: every piece move to an empty or enemy square, king steps to empty
 * squares only, pawn pushes, captures, promotions and en passant, and castling whose squares are
 * empty and not attacked. Whether the mover's king survives is left to the caller. */
static rf_move *generate_pseudo(const rf_position *pos, rf_move *out)
{
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us], theirs = pos->by_color[them];
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (!kings || rf__more_than_one(kings)) return out;
    rf_square ksq = rf__lsb(kings);
    out = add_pseudo(out, ksq, rf__king_attacks[ksq] & ~occ);
    for (rf_piece_type pt = RF_KNIGHT; pt <= RF_QUEEN; pt++) {
        for (rf_bitboard b = rf__pieces(pos, us, pt); b;) {
            rf_square from = rf__pop_lsb(&b);
            out = add_pseudo(out, from, rf__piece_attacks(pt, from, occ) & ~ours);
        }
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
            pos->board[pos->ep - up] == RF_MAKE_PIECE(them, RF_PAWN))
            *out++ = RF_MOVE_MAKE_KIND(from, pos->ep, RF_MOVE_EN_PASSANT);
    }
    if (!rf__atomic_checkers(pos, us))
        for (int side = 0; side < 2; side++)
            if (atomic_castling_path_ok(pos, us, ksq, side))
                *out++ = RF_MOVE_MAKE_KIND(ksq, pos->castle_rook[us][side], RF_MOVE_CASTLING);
    return out;
}

void rf__play_atomic(rf_position *pos, rf_move move)
{
    if (pos->side == RF_WHITE)
        play_atomic(pos, move, RF_WHITE);
    else
        play_atomic(pos, move, RF_BLACK);
}

/* After our move: our king must survive; then either the enemy king is gone, or our king is out
 * of check. */
static bool legal_after(const rf_position *after, rf_color us)
{
    if (!rf__pieces(after, us, RF_KING)) return false;
    if (!rf__pieces(after, rf__other(us), RF_KING)) return true;
    return rf__atomic_checkers(after, us) == 0;
}

rf_move *rf__generate_atomic_simple(const rf_position *pos, rf_move *out)
{
    rf_color us = (rf_color)pos->side;
    if (!rf__pieces(pos, rf__other(us), RF_KING)) return out;
    rf_move pseudo[RF_MAX_MOVES], *end = generate_pseudo(pos, pseudo);
    for (rf_move *m = pseudo; m < end; m++) {
        rf_position after = *pos;
        rf__play_atomic(&after, *m);
        if (legal_after(&after, us)) *out++ = *m;
    }
    return out;
}

static rf_move *generate_atomic_white(const rf_position *pos, rf_move *out) { return out + generate_atomic(pos, out, RF_WHITE, false); }
static rf_move *generate_atomic_black(const rf_position *pos, rf_move *out) { return out + generate_atomic(pos, out, RF_BLACK, false); }

rf_move *rf__generate_atomic(const rf_position *pos, rf_move *out)
{
    return pos->side == RF_WHITE ? generate_atomic_white(pos, out) : generate_atomic_black(pos, out);
}

static uint64_t perft_atomic_black(const rf_position *pos, int depth, const rf__tt *tt);
static uint64_t perft_atomic_white(const rf_position *pos, int depth, const rf__tt *tt) { return perft_atomic_body(pos, depth, RF_WHITE, tt, perft_atomic_black); }
static uint64_t perft_atomic_black(const rf_position *pos, int depth, const rf__tt *tt) { return perft_atomic_body(pos, depth, RF_BLACK, tt, perft_atomic_white); }

uint64_t rf__perft_atomic_generic(const rf_position *pos, int depth, const struct rf__tt *tt)
{
    return pos->side == RF_WHITE ? perft_atomic_white(pos, depth, tt) : perft_atomic_black(pos, depth, tt);
}

void rf_atomic_explosion(const rf_position *pos, rf_move move, rf_explosion *out)
{
    rf_init();
    out->center = RF_NO_SQUARE;
    out->blast = 0;
    out->lost_count = 0;
    if (!rf__atomic_is_capture(pos, move)) return;
    rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    rf_color us = RF_PIECE_COLOR(pos->board[from]);
    rf_square victim = to;
    if (RF_MOVE_KIND(move) == RF_MOVE_EN_PASSANT)
        victim = (rf_square)(us == RF_WHITE ? to - 8 : to + 8);
    out->center = to;
    out->blast = rf__king_attacks[to] | RF_BB(to);
    /* The capturer leaves `from`, the captured piece its square; then every non-pawn piece next
     * to the centre goes. */
    rf_bitboard lost = RF_BB(from) | RF_BB(victim) |
                       (rf__king_attacks[to] & pos->by_type[0] & ~pos->by_type[RF_PAWN] & ~RF_BB(from));
    while (lost) {
        rf_square sq = rf__pop_lsb(&lost);
        out->lost_square[out->lost_count] = sq;
        out->lost_piece[out->lost_count++] = pos->board[sq];
    }
}

/* The raw movement rules the seed's job needs: how each piece moves on this board, without
 * asking whether the mover's king is safe (the move is given; only its shape is checked). */
static const char *raw_move(const rf_position *pos, rf_square from, rf_square to, char promo,
                            rf_move *out)
{
    rf_piece pc = pos->board[from];
    rf_color us = RF_PIECE_COLOR(pc), them = rf__other(us);
    rf_piece_type pt = RF_PIECE_TYPE(pc);
    rf_piece target = pos->board[to];
    if (target != RF_NO_PIECE && RF_PIECE_COLOR(target) == us)
        return "the target square holds a piece of the same side";
    if (pt == RF_PAWN) {
        int up = us == RF_WHITE ? 8 : -8;
        int last = us == RF_WHITE ? 7 : 0, start = us == RF_WHITE ? 1 : 6;
        unsigned kind = RF_MOVE_NORMAL;
        if (rf__pawn_attacks[us][from] & RF_BB(to)) {
            if (target == RF_NO_PIECE) {
                /* A pawn moving diagonally to an empty square captures en passant: the pawn
                 * it passes stands beside it, on the target file. */
                rf_square victim = (rf_square)(to - up);
                if (pos->board[victim] != RF_MAKE_PIECE(them, RF_PAWN))
                    return "a pawn moves diagonally only to capture, and no pawn stands to be "
                           "taken en passant";
                kind = RF_MOVE_EN_PASSANT;
            }
        } else if (to == from + up) {
            if (target != RF_NO_PIECE) return "a pawn cannot capture straight ahead";
        } else if (to == from + 2 * up && RF_RANK_OF(from) == start) {
            if (target != RF_NO_PIECE || pos->board[from + up] != RF_NO_PIECE)
                return "a pawn's double step needs both squares empty";
        } else {
            return "a pawn does not move that way";
        }
        if (RF_RANK_OF(to) == last) {
            if (!promo) return "a pawn reaching the last rank must promote (add q, r, b or n)";
            static const char letters[] = "nbrq";
            const char *p = strchr(letters, promo | 0x20);
            *out = RF_MOVE_MAKE_PROMOTION(from, to, RF_KNIGHT + (int)(p - letters));
            return NULL;
        }
        if (promo) return "only a pawn reaching the last rank promotes";
        *out = RF_MOVE_MAKE_KIND(from, to, kind);
        return NULL;
    }
    if (promo) return "only a pawn reaching the last rank promotes";
    if (!(rf__piece_attacks(pt, from, pos->by_type[0]) & RF_BB(to))) {
        switch (pt) {
        case RF_KNIGHT: return "a knight does not move that way";
        case RF_KING: return "a king moves one square (castling is not part of this job)";
        default: return (rf__piece_attacks(pt, from, 0) & RF_BB(to)) ? "the path is blocked"
                                                                    : "that piece does not move that way";
        }
    }
    if (pt == RF_KING && target != RF_NO_PIECE)
        return "a king cannot capture in Atomic chess (it would explode itself)";
    *out = RF_MOVE_MAKE(from, to);
    return NULL;
}

static rf_status move_error(rf_error *err, rf_status st, size_t offset, const char *what,
                            const char *text, size_t len)
{
    if (!err) return st;
    err->status = st;
    err->field = RF_FIELD_MOVE;
    err->offset = offset;
    err->validity = 0;
    char shown[16];
    size_t n = 0;
    for (size_t i = 0; i < len && n < 12; i++)
        shown[n++] = (text[i] >= 0x20 && text[i] < 0x7F) ? text[i] : '?';
    shown[n] = '\0';
    snprintf(err->message, sizeof err->message, "move '%s%s': %s", shown, len > 12 ? "..." : "", what);
    return st;
}

rf_status rf_atomic_board_move(rf_position *pos, const char *text, size_t len,
                               rf_explosion *report, rf_error *err)
{
    rf_init();
    if (err) memset(err, 0, sizeof *err);
    rf_explosion scratch;
    if (!report) report = &scratch;
    report->center = RF_NO_SQUARE;
    report->blast = 0;
    report->lost_count = 0;
    if (!pos || (!text && len)) return move_error(err, RF_ERR_ARGUMENT, 0, "no position or move", "", 0);
    int promo_ok = len == 5 && strchr("qrbnQRBN", text[4]) && text[4];
    if ((len != 4 && !promo_ok) || rf_square_parse(text, 2) == RF_NO_SQUARE ||
        rf_square_parse(text + 2, 2) == RF_NO_SQUARE)
        return move_error(err, RF_ERR_SYNTAX, 0,
                          "not a move: two squares a1-h8, then q, r, b or n for a promotion "
                          "(like e2e4 or e7e8q)",
                          text, len);
    rf_square from = rf_square_parse(text, 2), to = rf_square_parse(text + 2, 2);
    if (from == to) return move_error(err, RF_ERR_ILLEGAL, 2, "a move must leave its square", text, len);
    if (pos->board[from] == RF_NO_PIECE)
        return move_error(err, RF_ERR_ILLEGAL, 0, "no piece stands on the from-square", text, len);
    rf_move move = RF_MOVE_NONE;
    const char *why = raw_move(pos, from, to, len == 5 ? text[4] : 0, &move);
    if (why) return move_error(err, RF_ERR_ILLEGAL, 2, why, text, len);

    /* The side to move is the mover's colour; the position's other fields stay as they were
     * except what the move itself changes. */
    pos->side = (uint8_t)RF_PIECE_COLOR(pos->board[from]);
    pos->ep = RF_NO_SQUARE;
    pos->ep_legal = 0;
    pos->key = rf__compute_key(pos);
    rf_atomic_explosion(pos, move, report);
    rf__play_atomic(pos, move);
    return RF_OK;
}

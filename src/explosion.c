/*
 * explosion.c - Atomic chess's functions of the public API, compiled once: what a capture blows up
 * (rf_atomic_explosion, and the row's `blast` slot the board marks read), and a capture shown on
 * a bare board (rf_atomic_board_move), which plays through the Atomic row of the build in use.
 * The rules themselves are in variants/atomic.c.
 */
#include "variant.h"

#include <string.h>

/* 1 when the move captures (and so explodes). */
static bool is_capture(const rf_position *pos, rf_move m)
{
    unsigned kind = RF_MOVE_KIND(m);
    return kind == RF_MOVE_EN_PASSANT || (kind != RF_MOVE_CASTLING && pos->board[RF_MOVE_TO(m)]);
}

void rf_atomic_explosion(rf_explosion *out, const rf_position *pos, rf_move move)
{
    rf_init();
    out->center = RF_NO_SQUARE;
    out->blast = 0;
    out->lost_count = 0;
    if (move == RF_MOVE_NULL || !is_capture(pos, move)) return;
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

/* The raw movement rules of a capture shown on a bare board: how each piece moves on this board, without
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
        case RF_KING: return "a king moves one square (no castling on a bare board)";
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
    char shown[16];
    size_t n = 0;
    for (size_t i = 0; i < len && n < 12; i++)
        shown[n++] = (text[i] >= 0x20 && text[i] < 0x7F) ? text[i] : '?';
    shown[n] = '\0';
    return rf__error(err, st, RF_FIELD_MOVE, offset, 0, "move '%s%s': %s", shown,
                     len > 12 ? "..." : "", what);
}

rf_status rf_atomic_board_move(rf_position *pos, rf_explosion *report, const char *text,
                               size_t len, rf_error *err)
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
    rf_atomic_explosion(report, pos, move);
    rf__play_by(rf__variant_get(RF_VARIANT_ATOMIC), pos, move);
    return RF_OK;
}

rf_bitboard rf__atomic_marked_blast(const rf_position *before, rf_move move)
{
    rf_explosion ex;
    rf_atomic_explosion(&ex, before, move);
    return ex.center == RF_NO_SQUARE ? 0 : ex.blast;
}

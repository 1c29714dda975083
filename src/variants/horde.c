/*
 * variants/horde.c - Horde (the rules lichess plays, chessops' code): White has a horde of 36
 * pawns and no king, Black plays standard chess with its king and castling. A side without a
 * king cannot be checked or pinned, so every pseudo-legal move of the horde is legal; its pawns
 * on the first rank may also step two squares (then no en passant square is set: chessops sets
 * one only for a double step from the second rank). Black wins by taking every white piece;
 * White wins by checkmate; stalemate (a horde whose pawns are all blocked) is a draw. Once a
 * side has no piece left the game is over and neither side has a legal move.
 *
 * Insufficient material is lichess's Horde rule, judged per side: the side with the king can
 * always win by taking the horde; the horde's side is judged by what it has and what the king's
 * side has to obstruct its own king with (chessops' hasInsufficientMaterial, after
 * stevepapazis/horde-insufficient-material-tests). A game is drawn by material only when both
 * sides are insufficient, which never happens while one side has a king.
 *
 * Perft runs on the node kernel: a side with its king (Black) takes standard chess's generator
 * rf__generate; a side without one (the horde) has its own generator below, with no check or pin
 * masks, counting its moves by popcounts on the last ply. Positions outside the rules (accepted
 * only when asked for) follow the same split by side: with one king standard chess, with none
 * every pseudo-legal move, with more none.
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../pseudo.h"
#include "../validate.h"
#include "../variant.h"

#include <stdio.h>

#define STANDARD RF_KERNEL(rf__variant_standard)

/* The moves of side e->us when it has no king: every pseudo-legal move. Pawns push from any
 * rank, step twice from their first two ranks (from the first rank as a plain pawn move: no en
 * passant square follows), capture, promote, and take en passant. */
RF_KERNEL_INLINE void generate_kingless(rf__emit *e)
{
    const rf__node *n = e->n;
    const rf_color us = e->us, them = rf__other(us);
    const rf_bitboard ours = n->color[us], theirs = n->color[them], occ = ours | theirs;
    const rf__pawn_moves p = rf__pawn_moves_of(us, n->pawns & ours, ~occ, theirs);
    const rf_bitboard from_first = rf__forward(us, p.single & RF_RANK_BB(us == RF_WHITE ? 1 : 6)) & ~occ;
    rf__emit_pawn_moves(e, &p, RF_VISIT_PAWN);
    rf__emit_pawns(e, RF_VISIT_PAWN, from_first, 2 * rf__up(us));
    const rf_bitboard epbb = n->special & rf__node_ep_rank(us);
    if (epbb)
        for (rf_bitboard b = rf__pawn_attacks[them][rf__lsb(epbb)] & n->pawns & ours; b;)
            rf__emit_one(e, RF_VISIT_EP, rf__pop_lsb(&b), rf__lsb(epbb));
    if (e->count) {
        e->total += rf__count_pieces(n, ours, occ, ~ours);
        return;
    }
    const rf__masks m = {ours, theirs, occ, 0, 0, 0, 0, 0};
    const rf__targets t = {~ours, ~ours, ~ours, ~ours, 0, 0};
    rf__gen_pieces(e, &m, &t);
}

/* The legal moves of Horde: none once a side has no piece left; the side with a king plays
 * standard chess, the side without one every pseudo-legal move. */
RF_KERNEL_INLINE void generate_horde(rf__emit *e)
{
    const rf__node *n = e->n;
    if (!n->color[RF_WHITE] || !n->color[RF_BLACK]) return;
    if (n->kings & n->color[e->us])
        rf__generate(e);
    else
        generate_kingless(e);
}

/* 1 when a side has no piece left: the game is over. */
static bool position_over(const rf_position *pos)
{
    return !pos->by_color[RF_WHITE] || !pos->by_color[RF_BLACK];
}

#define RF_ROW_GENERATE generate_horde
#define RF_ROW_MAKE rf__make
#define RF_ROW_KIND rf__play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE 0
#include "row.h"

static rf_bitboard checkers(const rf_position *pos, rf_color c) { return rf__standard_checkers(pos, c); }

/* The simple generator: none once a side has no piece; for a side with a king standard chess's
 * (every pseudo-legal move played on a copy and tested); for a side without one every
 * pseudo-legal move, listed square by square: nothing can make one illegal. */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    if (position_over(pos)) return out;
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    if (rf__pieces(pos, us, RF_KING)) return STANDARD.generate_simple(pos, out);
    rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us], theirs = pos->by_color[them];
    for (rf_piece_type pt = RF_KNIGHT; pt <= RF_QUEEN; pt++)
        for (rf_bitboard b = rf__pieces(pos, us, pt); b;) {
            rf_square from = rf__pop_lsb(&b);
            out = pseudo_add(out, from, rf__piece_attacks(pt, from, occ) & ~ours);
        }
    int up = us == RF_WHITE ? 8 : -8, last = us == RF_WHITE ? 7 : 0;
    for (rf_bitboard b = rf__pieces(pos, us, RF_PAWN); b;) {
        rf_square from = rf__pop_lsb(&b);
        int rank = RF_RANK_OF(from), relative = us == RF_WHITE ? rank : 7 - rank;
        if (relative == 7) continue; /* outside the rules: a pawn on its last rank cannot move */
        rf_bitboard targets = rf__pawn_attacks[us][from] & theirs;
        if (!(occ & RF_BB(from + up))) {
            targets |= RF_BB(from + up);
            if (relative <= 1 && !(occ & RF_BB(from + 2 * up))) targets |= RF_BB(from + 2 * up);
        }
        while (targets) {
            rf_square to = rf__pop_lsb(&targets);
            if (RF_RANK_OF(to) == last)
                for (int pt = RF_QUEEN; pt >= RF_KNIGHT; pt--) *out++ = RF_MOVE_MAKE_PROMOTION(from, to, pt);
            else
                *out++ = RF_MOVE_MAKE(from, to);
        }
        if (pos->ep != RF_NO_SQUARE && (rf__pawn_attacks[us][from] & RF_BB(pos->ep)) && !(occ & RF_BB(pos->ep)) &&
            pos->board[pos->ep - up] == RF_MAKE_PIECE(them, RF_PAWN))
            *out++ = RF_MOVE_MAKE_KIND(from, pos->ep, RF_MOVE_EN_PASSANT);
    }
    return out;
}

/* Black's material as in standard chess: at most 16 pieces, 8 pawns, and no more extra pieces
 * than missing pawns could have promoted to. White's: at most the horde's 36 pieces (whose
 * moves, at most 27 each, always fit in a move list). */
static uint32_t validity_material(const rf_position *pos)
{
    static const int start_count[7] = {0, 8, 2, 2, 2, 1, 1};
    rf_bitboard black = pos->by_color[RF_BLACK];
    int pawns = rf__popcount(black & pos->by_type[RF_PAWN]), extra = 0;
    for (int pt = RF_KNIGHT; pt <= RF_QUEEN; pt++) {
        int k = rf__popcount(black & pos->by_type[pt]) - start_count[pt];
        if (k > 0) extra += k;
    }
    if (rf__popcount(black) > 16 || pawns > 8 || extra > 8 - pawns || rf__popcount(pos->by_color[RF_WHITE]) > 36)
        return RF_INVALID_TOO_MUCH_MATERIAL;
    return 0;
}

/* lichess's rules (python-chess's and chessops'): no white king (a white king counts as one too
 * many), exactly one black king, no pawn on the eighth rank and no black pawn on the first (the
 * horde's pawns may stand on the first rank), castling and en passant as in chess, the side not
 * to move not in check, a check one move can give, and the material above. */
static uint32_t validity(const rf_position *pos)
{
    uint32_t v = rf__validity_castling(pos) | rf__validity_ep(pos) | validity_material(pos);
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    rf_bitboard black = rf__pieces(pos, RF_BLACK, RF_KING);
    if (!pos->by_type[0]) v |= RF_INVALID_EMPTY_BOARD;
    if (rf__pieces(pos, RF_WHITE, RF_KING) || rf__more_than_one(black)) v |= RF_INVALID_TOO_MANY_KINGS;
    if (!black) v |= RF_INVALID_MISSING_KING;
    if ((pos->by_type[RF_PAWN] & RF_RANK_8_BB) || (rf__pieces(pos, RF_BLACK, RF_PAWN) & RF_RANK_1_BB))
        v |= RF_INVALID_PAWNS_ON_BACKRANK;
    if (black && !rf__more_than_one(black)) {
        if (checkers(pos, them)) v |= RF_INVALID_OPPOSITE_CHECK;
        rf_bitboard check = us == RF_BLACK ? checkers(pos, us) : 0;
        if (check && rf__impossible_check(pos, check)) v |= RF_INVALID_IMPOSSIBLE_CHECK;
    }
    return v;
}

/* Horde's own king, pawn and material rules, named: a white king is not one king too many but
 * a piece Horde's White does not have. */
static int explain(char *buf, size_t cap, const rf_position *pos, uint32_t flag)
{
    rf_bitboard white = rf__pieces(pos, RF_WHITE, RF_KING), black = rf__pieces(pos, RF_BLACK, RF_KING);
    switch (flag) {
    case RF_INVALID_TOO_MANY_KINGS:
        if (white && rf__more_than_one(black))
            return snprintf(buf, cap, "White has a king (Horde's White has none), Black more than one");
        if (white) return snprintf(buf, cap, "White has a king (Horde's White has none)");
        return snprintf(buf, cap, "Black has more than one king");
    case RF_INVALID_MISSING_KING: return snprintf(buf, cap, "Black has no king");
    case RF_INVALID_PAWNS_ON_BACKRANK: {
        int eighth = (pos->by_type[RF_PAWN] & RF_RANK_8_BB) != 0;
        int first = (rf__pieces(pos, RF_BLACK, RF_PAWN) & RF_RANK_1_BB) != 0;
        return snprintf(buf, cap, "%s%s%s",
                        eighth ? "a pawn on the eighth rank" : "", eighth && first ? ", " : "",
                        first ? "a black pawn on the first rank" : "");
    }
    case RF_INVALID_TOO_MUCH_MATERIAL: {
        int n = rf__popcount(pos->by_color[RF_WHITE]);
        if (n > 36) return snprintf(buf, cap, "White has %d pieces, more than the horde's 36", n);
        return snprintf(buf, cap, "Black has more pieces than promotions explain");
    }
    default: return 0;
    }
}

/* The side left with no piece has lost (chessops' variantOutcome: White's side looked at first). */
static rf_result variant_end(const rf_position *pos)
{
    if (!pos->by_color[RF_WHITE]) return RF_RESULT_BLACK_WINS;
    if (!pos->by_color[RF_BLACK]) return RF_RESULT_WHITE_WINS;
    return RF_RESULT_ONGOING;
}

/* The codes end_reason gives (variant.h). */
static const char *const end_codes[] = {"horde_destroyed", "pieces_gone", NULL};

static rf__end_reason end_reason(const rf_position *pos)
{
    rf__end_reason r = {end_codes[0], "White's horde is gone"};
    if (pos->by_color[RF_WHITE]) {
        r.code = end_codes[1];
        r.text = "Black's pieces are gone";
    }
    return r;
}

/* ---- Insufficient material, per side ---- */

/* One side's material: a count per piece type, and its bishops on light and dark squares. */
typedef struct material {
    int pawn, knight, bishop, rook, queen, king, total;
    int light, dark;
} material;

static material material_of(const rf_position *pos, rf_color c)
{
    material m;
    m.pawn = rf__popcount(rf__pieces(pos, c, RF_PAWN));
    m.knight = rf__popcount(rf__pieces(pos, c, RF_KNIGHT));
    m.bishop = rf__popcount(rf__pieces(pos, c, RF_BISHOP));
    m.rook = rf__popcount(rf__pieces(pos, c, RF_ROOK));
    m.queen = rf__popcount(rf__pieces(pos, c, RF_QUEEN));
    m.king = rf__popcount(rf__pieces(pos, c, RF_KING));
    m.total = rf__popcount(pos->by_color[c]);
    m.dark = rf__popcount(rf__pieces(pos, c, RF_BISHOP) & RF_DARK_SQUARES);
    m.light = m.bishop - m.dark;
    return m;
}

static int min_int(int a, int b) { return a < b ? a : b; }

/* 1 when the side with material h (the horde: no king) cannot mate the side with material p
 * however p helps: each case names the mates that remain possible, after chessops. "Same" and
 * "opposite" colour are relative to the horde's bishops (light when it has a light one). */
static int horde_cannot_mate(material h, material p)
{
    if (h.king) return 0; /* the side with the king can always win by taking the horde */
    const bool light = h.light >= 1;
    const int p_same = light ? p.light : p.dark, p_opposite = light ? p.dark : p.light;
    const bool h_pair = h.light && h.dark, p_pair = p.light && p.dark;
    const int num = h.pawn + h.knight + h.rook + h.queen + min_int(h.dark, 2) + min_int(h.light, 2);

    if (num == 0) return 1;
    if (num >= 4) return 0; /* four pieces can always mate */
    /* A pawn (it promotes) or a queen with any other piece mates. */
    if ((h.pawn || h.queen) && num >= 2) return 0;
    /* A rook with another piece mates, but for rook and bishop against a king with nothing but
     * bishops of the horde bishop's colour. */
    if (h.rook && num >= 2 && !(num == 2 && h.rook == 1 && h.bishop == 1 && p.total - p_same == 1)) return 0;

    if (num == 1) {
        if (p.total == 1) return 1; /* a lone piece cannot mate a lone king */
        if (h.queen) /* mate in a corner walled in by a pawn or rook, or two same-colour bishops */
            return !(p.pawn || p.rook || p.light >= 2 || p.dark >= 2);
        if (h.pawn) { /* as the queen or the knight it may promote to */
            material q = h, k = h;
            q.pawn = k.pawn = 0;
            q.queen++;
            k.knight++;
            return horde_cannot_mate(q, p) && horde_cannot_mate(k, p);
        }
        if (h.rook) /* a king on a8 walled in on a7 and b7 */
            return !(p.pawn >= 2 || (p.rook && p.pawn) || (p.rook && p.knight) || (p.pawn && p.knight));
        if (h.bishop) /* the king's own pawns or opposite-colour bishops on the squares beside it */
            return !(p_opposite >= 2 || (p_opposite >= 1 && p.pawn) || p.pawn >= 2);
        if (h.knight) /* a smothered king in a corner, or one the king's side helps into it */
            return !(p.total >= 4 &&
                     (p.knight >= 2 || p.pawn >= 2 || (p.rook && p.knight) || (p.rook && p.bishop) ||
                      (p.knight && p.bishop) || (p.rook && p.pawn) || (p.knight && p.pawn) ||
                      (p.bishop && p.pawn) || (p_pair && p.pawn)) &&
                     (p.dark < 2 || p.total - p.dark >= 3) && (p.light < 2 || p.total - p.light >= 3));
    } else if (num == 2) {
        if (p.total == 1) return 1; /* two minor pieces cannot mate a lone king */
        if (h.knight == 2) return p.pawn + p.bishop + p.knight < 1;
        if (h_pair) return !(p.pawn || p.bishop || (p.knight && p.rook + p.queen >= 1));
        if (h.bishop && h.knight) return !(p.pawn || p_opposite || p.total - p_same >= 3);
        /* Two bishops of one colour: only with blockers on the other colour. */
        return !((p.pawn && p_opposite) || (p.pawn && p.knight) || (p_opposite && p.knight) || p_opposite >= 2 ||
                 p.knight >= 2 || p.pawn >= 2);
    } else if (num == 3) {
        /* Two knights and a bishop, three knights, or the bishop pair and another mate in a
         * corner; two same-colour bishops and a knight need a tempo from the king's side. */
        if ((h.knight == 2 && h.bishop == 1) || h.knight == 3 || h_pair) return 0;
        return p.total == 1;
    }
    return 1;
}

/* 1 when side c cannot win by its material (lichess's Horde rule). */
static int side_insufficient(const rf_position *pos, rf_color c)
{
    return horde_cannot_mate(material_of(pos, c), material_of(pos, rf__other(c)));
}

const rf__variant RF_KERNEL(rf__variant_horde) = {
    .id = RF_VARIANT_HORDE,
    .name = "horde",
    .pgn_name = "Horde",
    .uci_name = "horde",
    .start_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    .validity = validity,
    .explain = explain,
    .generate = generate,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .perft = perft,
    .variant_end = variant_end,
    .end_reason = end_reason,
    .end_codes = end_codes,
    .insufficient_material = side_insufficient,
};

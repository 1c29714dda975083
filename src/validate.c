/*
 * validate.c - the validity bitmask: which rules of chess a well-formed position breaks. The
 * parts here are shared; each variant module puts them together with its own king and check
 * rules (src/variants/).
 *
 * What is checked: an empty board; the number of kings; pawns on the first or eighth rank;
 * castling rights whose king or rook is missing; an en passant square no double push explains;
 * checks no single legal move produces (more than two checkers, two checkers on one line with
 * the king, two checkers neither of which is a slider, a check after a double push that the push
 * did not give or uncover); more pieces than eight pawns could have promoted to.
 *
 * What is not checked: whether the position can be reached from a start position at all
 * (retrograde analysis), pawn structures that need more captures than the missing pieces allow,
 * bishops on squares of one colour, and the counters.
 */
#include "validate.h"

#include "variant.h"

uint32_t rf__validity_ep(const rf_position *pos)
{
    if (pos->ep == RF_NO_SQUARE) return 0;
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    int dir = us == RF_WHITE ? 8 : -8;
    rf_square ep = pos->ep;
    if (RF_RANK_OF(ep) != (us == RF_WHITE ? 5 : 2)) return RF_INVALID_BAD_EP_SQUARE;
    /* A double push from ep+dir to ep-dir: both now empty, the pushed pawn in front. */
    if (pos->board[ep] != RF_NO_PIECE || pos->board[ep + dir] != RF_NO_PIECE ||
        pos->board[ep - dir] != RF_MAKE_PIECE(them, RF_PAWN))
        return RF_INVALID_BAD_EP_SQUARE;
    return 0;
}

const char *rf__castle_right_broken(const rf_position *pos, const rf__castle_right *r)
{
    int back = r->color == RF_WHITE ? 0 : 7;
    rf_bitboard kings = rf__pieces(pos, r->color, RF_KING) & RF_RANK_BB(back);
    if (r->rook > 63) return "castling rook square";
    if (RF_RANK_OF(r->rook) != back || pos->board[r->rook] != RF_MAKE_PIECE(r->color, RF_ROOK))
        return "castling right without its rook";
    if (!kings || rf__more_than_one(kings)) return "castling right without its king";
    int kf = RF_FILE_OF(rf__lsb(kings));
    if (r->side == RF_KINGSIDE ? RF_FILE_OF(r->rook) <= kf : RF_FILE_OF(r->rook) >= kf)
        return "castling rook on the wrong side of its king";
    return NULL;
}

uint32_t rf__validity_castling(const rf_position *pos)
{
    rf__castle_right r;
    for (int i = 0; rf__castle_next(pos, &i, &r);)
        if (rf__castle_right_broken(pos, &r)) return RF_INVALID_BAD_CASTLING;
    return 0;
}

int rf__impossible_check(const rf_position *pos, rf_bitboard checkers)
{
    rf_color us = (rf_color)pos->side;
    rf_square ksq = rf__lsb(rf__pieces(pos, us, RF_KING));
    rf_bitboard sliders = pos->by_type[RF_BISHOP] | pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN];
    int n = rf__popcount(checkers);
    if (n > 2) return 1;
    if (n == 2) {
        rf_square a = rf__lsb(checkers), b = rf__msb(checkers);
        /* A double check is a move that checks and uncovers a slider's check: one checker at
         * least is a slider, and the two do not stand on one line with the king. */
        if (!(checkers & sliders)) return 1;
        if (rf__line[a][b] & RF_BB(ksq)) return 1;
    }
    if (pos->ep != RF_NO_SQUARE && n && !rf__validity_ep(pos)) {
        /* After a double push, each checker is the pushed pawn or a slider it uncovered. */
        int dir = us == RF_WHITE ? 8 : -8;
        rf_square pushed = (rf_square)(pos->ep - dir), origin = (rf_square)(pos->ep + dir);
        for (rf_bitboard b = checkers; b;) {
            rf_square s = rf__pop_lsb(&b);
            if (s == pushed) continue;
            if (!(RF_BB(s) & sliders) || !(rf__between[s][ksq] & RF_BB(origin))) return 1;
        }
    }
    return 0;
}

uint32_t rf__validity_material(const rf_position *pos)
{
    for (int c = 0; c < 2; c++) {
        rf_bitboard mine = pos->by_color[c];
        int pawns = rf__popcount(mine & pos->by_type[RF_PAWN]);
        int extra = 0;
        static const int start_count[7] = {0, 8, 2, 2, 2, 1, 1};
        for (int pt = RF_KNIGHT; pt <= RF_QUEEN; pt++) {
            int k = rf__popcount(mine & pos->by_type[pt]) - start_count[pt];
            if (k > 0) extra += k;
        }
        if (rf__popcount(mine) > 16 || pawns > 8 || extra > 8 - pawns)
            return RF_INVALID_TOO_MUCH_MATERIAL;
    }
    return 0;
}

uint32_t rf__validity_common(const rf_position *pos)
{
    uint32_t v = 0;
    if (!pos->by_type[0]) v |= RF_INVALID_EMPTY_BOARD;
    if (rf__more_than_one(rf__pieces(pos, RF_WHITE, RF_KING)) ||
        rf__more_than_one(rf__pieces(pos, RF_BLACK, RF_KING)))
        v |= RF_INVALID_TOO_MANY_KINGS;
    if (pos->by_type[RF_PAWN] & (RF_RANK_1_BB | RF_RANK_8_BB)) v |= RF_INVALID_PAWNS_ON_BACKRANK;
    return v | rf__validity_castling(pos) | rf__validity_ep(pos) | rf__validity_material(pos);
}

uint32_t rf_position_validity(const rf_position *pos)
{
    rf_init();
    const rf__variant *variant = rf__variant_get((rf_variant)pos->variant);
    return variant ? variant->validity(pos) : RF_INVALID_VARIANT;
}

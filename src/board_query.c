/*
 * board_query.c - questions a program asks about any board, legal or not, beside the legal
 * moves: the pseudo-legal moves with square masks (rf_generate_pseudo_moves), the attackers of
 * a square through a chosen occupancy (rf_attackers), the line that pins a piece to its king
 * (rf_pin_mask), and a move played without asking whether it is legal
 * (rf_position_play_unchecked). They answer for positions with any number of kings, the ones
 * rf_position_from_setup accepts when the caller accepts invalid positions.
 */
#include "castling.h"
#include "validate.h"
#include "variant.h"

/* ---- pseudo-legal moves ------------------------------------------------------------------- */

static void put(rf_movelist *list, rf_move m)
{
    if (list->count < RF_MAX_MOVES) list->moves[list->count++] = m;
}

/* A pawn's move to `to`: the four promotions (five where a pawn may become a king) on the last
 * rank, else the plain move. */
static void put_pawn_move(rf_movelist *list, rf_square from, rf_square to, bool king_promotions)
{
    if (RF_RANK_OF(to) != 0 && RF_RANK_OF(to) != 7) {
        put(list, RF_MOVE_MAKE(from, to));
        return;
    }
    if (king_promotions) put(list, RF_MOVE_MAKE_PROMOTION(from, to, RF_KING));
    for (int pt = RF_QUEEN; pt >= RF_KNIGHT; pt--) put(list, RF_MOVE_MAKE_PROMOTION(from, to, pt));
}

/* The pawn moves of side `us` from the squares of `pawns`: captures, single steps, double steps
 * (from the first two ranks, both squares ahead empty), en passant to pos->ep from the fifth
 * rank. */
static void pawn_moves(rf_movelist *list, const rf_position *pos, rf_bitboard pawns, rf_bitboard to_mask,
                       bool king_promotions)
{
    const rf_color us = (rf_color)pos->side, them = rf__other(us);
    const rf_bitboard occ = pos->by_type[0];
    const int up = us == RF_WHITE ? 8 : -8;
    const int double_from = us == RF_WHITE ? 1 : 6, ep_from = us == RF_WHITE ? 4 : 3;
    for (rf_bitboard b = pawns; b;) {
        const rf_square from = rf__pop_lsb(&b);
        for (rf_bitboard t = rf__pawn_attacks[us][from] & pos->by_color[them] & to_mask; t;)
            put_pawn_move(list, from, rf__pop_lsb(&t), king_promotions);
        const rf_bitboard one = (us == RF_WHITE ? rf__north(RF_BB(from)) : rf__south(RF_BB(from))) & ~occ;
        if (!one) continue;
        if (one & to_mask) put_pawn_move(list, from, rf__lsb(one), king_promotions);
        const int rank = RF_RANK_OF(from);
        if (us == RF_WHITE ? rank <= double_from : rank >= double_from) {
            const rf_square two = (rf_square)(from + 2 * up);
            if (!(occ & RF_BB(two)) && (to_mask & RF_BB(two))) put(list, RF_MOVE_MAKE(from, two));
        }
    }
    if (pos->ep == RF_NO_SQUARE || !(to_mask & RF_BB(pos->ep)) || (occ & RF_BB(pos->ep))) return;
    for (rf_bitboard b = pawns & rf__pawn_attacks[them][pos->ep] & RF_RANK_BB(ep_from); b;)
        put(list, RF_MOVE_MAKE_KIND(rf__pop_lsb(&b), pos->ep, RF_MOVE_EN_PASSANT));
}

unsigned rf_generate_pseudo_moves(rf_movelist *list, const rf_position *pos, rf_bitboard from_mask,
                                  rf_bitboard to_mask)
{
    rf_init();
    list->count = 0;
    const rf_color us = (rf_color)pos->side;
    const rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us];
    for (rf_bitboard b = ours & ~pos->by_type[RF_PAWN] & from_mask; b;) {
        const rf_square from = rf__pop_lsb(&b);
        const rf_piece_type pt = RF_PIECE_TYPE(pos->board[from]);
        for (rf_bitboard t = rf__piece_attacks(pt, from, occ) & ~ours & to_mask; t;)
            put(list, RF_MOVE_MAKE(from, rf__pop_lsb(&t)));
    }
    /* Castling is the rules' own question (the squares the king crosses, the variant's checks):
     * the legal castling moves, selected by the king's square and the rook's. */
    if (from_mask & ours & pos->by_type[RF_KING]) {
        rf_movelist legal;
        rf_generate_moves(&legal, pos);
        for (unsigned i = 0; i < legal.count; i++) {
            const rf_move m = legal.moves[i];
            if (RF_MOVE_KIND(m) == RF_MOVE_CASTLING && (from_mask & RF_BB(RF_MOVE_FROM(m))) &&
                (to_mask & RF_BB(RF_MOVE_TO(m))))
                put(list, m);
        }
    }
    pawn_moves(list, pos, ours & pos->by_type[RF_PAWN] & from_mask, to_mask,
               rf__variant_of(pos)->king_promotions);
    return list->count;
}

/* ---- attackers and pins -------------------------------------------------------------------- */

rf_bitboard rf_attackers(const rf_position *pos, rf_color color, rf_square sq, rf_bitboard occupied)
{
    rf_init();
    if (sq > 63 || (unsigned)color > 1) return 0;
    const rf_bitboard *t = pos->by_type;
    const rf_bitboard a = (rf__king_attacks[sq] & t[RF_KING]) | (rf__knight_attacks[sq] & t[RF_KNIGHT]) |
                          (rf__rook_attacks(sq, occupied) & (t[RF_ROOK] | t[RF_QUEEN])) |
                          (rf__bishop_attacks(sq, occupied) & (t[RF_BISHOP] | t[RF_QUEEN])) |
                          (rf__pawn_attacks[rf__other(color)][sq] & t[RF_PAWN]);
    return a & pos->by_color[color];
}

rf_bitboard rf_pin_mask(const rf_position *pos, rf_color color, rf_square sq)
{
    rf_init();
    const rf_bitboard all = ~(rf_bitboard)0;
    if (sq > 63 || (unsigned)color > 1) return all;
    const rf_bitboard kings = rf__pieces(pos, color, RF_KING) & ~pos->promoted;
    if (!kings) return all;
    const rf_square king = rf__msb(kings); /* the king python-chess's Board.king() names */
    const rf_bitboard target = RF_BB(sq), theirs = pos->by_color[rf__other(color)];
    const rf_bitboard straight = pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN];
    const rf_bitboard diagonal = pos->by_type[RF_BISHOP] | pos->by_type[RF_QUEEN];
    /* The king's file, its rank, its two diagonals: the one holding sq is the only line a
     * slider can pin sq along. */
    const rf_bitboard lines[3] = {RF_FILE_BB(RF_FILE_OF(king)) & ~RF_BB(king),
                                  RF_RANK_BB(RF_RANK_OF(king)) & ~RF_BB(king), rf__bishop_rays[king]};
    const rf_bitboard sliders[3] = {straight, straight, diagonal};
    for (int i = 0; i < 3; i++) {
        if (!(lines[i] & target)) continue;
        for (rf_bitboard snipers = lines[i] & sliders[i] & theirs; snipers;) {
            const rf_square sniper = rf__msb(snipers);
            snipers &= ~RF_BB(sniper);
            /* Pinned when sq is the only piece (or square) between the sniper and the king. */
            if ((rf__between[sniper][king] & (pos->by_type[0] | target)) == target) return rf__line[king][sniper];
        }
        break;
    }
    return all;
}

/* ---- a move played unchecked ---------------------------------------------------------------- */

/* 1 when the pieces `move` needs stand where it needs them (see rf_position_play_unchecked). */
static int playable(const rf_position *pos, rf_move move)
{
    const rf_color us = (rf_color)pos->side;
    const unsigned kind = RF_MOVE_KIND(move);
    const rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    if (kind == RF_MOVE_DROP) {
        const rf_piece_type pt = RF_MOVE_DROPPED(move);
        if (pt < RF_PAWN || pt > RF_QUEEN || pos->board[to] != RF_NO_PIECE) return 0;
        /* Where pockets are kept, the piece must be in the pocket. */
        return !(rf__variant_of(pos)->fen_extras & RF_SETUP_POCKET) || pos->pocket[us][pt] > 0;
    }
    if (kind == RF_MOVE_PASS || from == to) return 0;
    const rf_piece pc = pos->board[from];
    if (pc == RF_NO_PIECE || RF_PIECE_COLOR(pc) != us) return 0;
    if (kind == RF_MOVE_PROMOTION && RF_PIECE_TYPE(pc) != RF_PAWN) return 0;
    if (kind == RF_MOVE_EN_PASSANT) {
        const rf_square victim = (rf_square)(us == RF_WHITE ? to - 8 : to + 8);
        return RF_PIECE_TYPE(pc) == RF_PAWN && RF_RANK_OF(to) != 0 && RF_RANK_OF(to) != 7 &&
               pos->board[to] == RF_NO_PIECE && pos->board[victim] == RF_MAKE_PIECE(rf__other(us), RF_PAWN);
    }
    if (kind == RF_MOVE_CASTLING)
        /* A king takes a piece of its own: they become the king and rook of a castling. */
        return RF_PIECE_TYPE(pc) == RF_KING && pos->board[to] != RF_NO_PIECE && RF_PIECE_COLOR(pos->board[to]) == us;
    return 1;
}

/* Castling played unchecked: the pieces standing on the king's and the rook's landing squares
 * (other than the two) are taken off first, as a person clearing the squares would. */
static void clear_castling_squares(rf_position *pos, rf_move move)
{
    const rf_color us = (rf_color)pos->side;
    const rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    const int side = RF_FILE_OF(to) < RF_FILE_OF(from) ? RF_QUEENSIDE : RF_KINGSIDE;
    const rf_square land[2] = {rf__castle_king_to(us, side), rf__castle_rook_to(us, side)};
    for (int i = 0; i < 2; i++)
        if (land[i] != from && land[i] != to && pos->board[land[i]] != RF_NO_PIECE) {
            pos->promoted &= ~RF_BB(land[i]);
            rf__remove_piece(pos, land[i]);
        }
}

rf_status rf_position_play_unchecked(rf_position *pos, rf_move move)
{
    rf_init();
    if (move == RF_MOVE_NULL) {
        rf_position_play(pos, move);
        return RF_OK;
    }
    if (!playable(pos, move)) return RF_ERR_ARGUMENT;
    if (RF_MOVE_KIND(move) == RF_MOVE_CASTLING) {
        /* The two come back onto the board as a king and a rook: neither was ever a pawn. */
        pos->promoted &= ~(RF_BB(RF_MOVE_FROM(move)) | RF_BB(RF_MOVE_TO(move)));
        clear_castling_squares(pos, move);
    }
    rf__play_simple(pos, move);
    /* The rights whose king or rook no longer stands where castling needs it are gone. */
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++) {
            rf__castle_right r = {(rf_color)c, s, pos->castle_rook[c][s]};
            if (r.rook != RF_NO_SQUARE && rf__castle_right_broken(pos, &r)) pos->castle_rook[c][s] = RF_NO_SQUARE;
        }
    if (pos->ep != RF_NO_SQUARE && RF_RANK_OF(pos->ep) != (pos->side == RF_WHITE ? 5 : 2)) pos->ep = RF_NO_SQUARE;
    pos->ep_legal = (uint8_t)rf__ep_legal(pos);
    pos->key = rf__compute_key(pos);
    RF_ASSERT(rf__position_check(pos) == NULL);
    return RF_OK;
}

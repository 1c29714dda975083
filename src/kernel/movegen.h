/*
 * kernel/movegen.h - the fast core: legal move generation and make-move as static inline
 * functions of constant arguments (side to move, count-only), included by the variant modules in
 * src/variants/. Each module is compiled once per instruction set (portable; x86-64 with
 * POPCNT/BMI2 and PEXT slider lookups), so every copy of this code is specialised for one side,
 * one mode and one instruction set, and no build calls into another.
 *
 * Moves are generated legal, not generated and tested: the king steps only to squares the enemy
 * does not attack once the king has left its square (so it cannot hide behind itself from a
 * slider); in double check only the king moves; in single check the other pieces may only
 * capture the checker or block between it and the king; a pinned piece moves only along the
 * line through its king and its pinner. En passant, the one move that removes a piece from a
 * square it does not move to, is checked by recomputing the attacks on the king. Castling is
 * "king takes own rook" in both modes, so one path serves standard chess and Chess960.
 */
#ifndef RF_KERNEL_MOVEGEN_H
#define RF_KERNEL_MOVEGEN_H

#include "../castling.h"
#include "../position.h"

/* Where generated moves go: written to `out`, or only counted (perft's last ply needs the
 * number alone, which popcounts give without writing a move). */
typedef struct sink {
    rf_move *out;
    unsigned n;
} sink;

RF_INLINE void add_targets(sink *s, rf_square from, rf_bitboard targets, const bool count)
{
    if (count) {
        s->n += (unsigned)rf__popcount(targets);
        return;
    }
    while (targets) s->out[s->n++] = RF_MOVE_MAKE(from, rf__pop_lsb(&targets));
}

RF_INLINE void add_move(sink *s, rf_move m, const bool count)
{
    if (!count) s->out[s->n] = m;
    s->n++;
}

RF_INLINE void add_promotions(sink *s, rf_square from, rf_square to, const bool count)
{
    if (count) {
        s->n += 4;
        return;
    }
    for (int pt = RF_QUEEN; pt >= RF_KNIGHT; pt--) s->out[s->n++] = RF_MOVE_MAKE_PROMOTION(from, to, pt);
}

/* Adds the pawn moves of a whole set of destinations, each reached from to - delta. */
RF_INLINE void add_pawn_set(sink *s, rf_bitboard tos, int delta, const bool count)
{
    if (count) {
        s->n += (unsigned)rf__popcount(tos);
        return;
    }
    while (tos) {
        rf_square to = rf__pop_lsb(&tos);
        s->out[s->n++] = RF_MOVE_MAKE(to - delta, to);
    }
}

RF_INLINE void add_promotion_set(sink *s, rf_bitboard tos, int delta, const bool count)
{
    if (count) {
        s->n += 4 * (unsigned)rf__popcount(tos);
        return;
    }
    while (tos) {
        rf_square to = rf__pop_lsb(&tos);
        add_promotions(s, (rf_square)(to - delta), to, false);
    }
}

/* Our pieces pinned to our king on ksq: each enemy slider that would attack the king through
 * exactly one piece, that piece being ours. */
RF_INLINE rf_bitboard pinned_pieces(const rf_position *pos, rf_color us, rf_square ksq)
{
    rf_color them = rf__other(us);
    rf_bitboard occ = pos->by_type[0], pinned = 0;
    rf_bitboard snipers =
        (rf__rook_attacks(ksq, pos->by_color[them]) &
         (rf__pieces(pos, them, RF_ROOK) | rf__pieces(pos, them, RF_QUEEN))) |
        (rf__bishop_attacks(ksq, pos->by_color[them]) &
         (rf__pieces(pos, them, RF_BISHOP) | rf__pieces(pos, them, RF_QUEEN)));
    while (snipers) {
        rf_square s = rf__pop_lsb(&snipers);
        rf_bitboard b = rf__between[s][ksq] & occ;
        if (b && !rf__more_than_one(b)) pinned |= b & pos->by_color[us];
    }
    return pinned;
}

/* The squares the enemy attacks with our king taken off the board. */
RF_INLINE rf_bitboard king_danger(const rf_position *pos, rf_color us, rf_square ksq)
{
    rf_color them = rf__other(us);
    rf_bitboard occ = pos->by_type[0] ^ RF_BB(ksq), b, danger;
    rf_bitboard pawns = rf__pieces(pos, them, RF_PAWN);
    danger = them == RF_WHITE ? rf__north(rf__east(pawns) | rf__west(pawns))
                              : rf__south(rf__east(pawns) | rf__west(pawns));
    for (b = rf__pieces(pos, them, RF_KNIGHT); b;) danger |= rf__knight_attacks[rf__pop_lsb(&b)];
    rf_bitboard queens = rf__pieces(pos, them, RF_QUEEN);
    for (b = rf__pieces(pos, them, RF_BISHOP) | queens; b;)
        danger |= rf__bishop_attacks(rf__pop_lsb(&b), occ);
    for (b = rf__pieces(pos, them, RF_ROOK) | queens; b;)
        danger |= rf__rook_attacks(rf__pop_lsb(&b), occ);
    for (b = rf__pieces(pos, them, RF_KING); b;) danger |= rf__king_attacks[rf__pop_lsb(&b)];
    return danger;
}

/* An en passant capture from `from` is legal when no enemy piece attacks our king after both
 * pawns have left their squares and ours stands on the target square: this covers the pin along
 * the rank through both pawns and the capture of a checking pawn alike. */
RF_INLINE bool ep_is_legal(const rf_position *pos, rf_color us, rf_square ksq, rf_square from)
{
    rf_color them = rf__other(us);
    rf_square victim = us == RF_WHITE ? (rf_square)(pos->ep - 8) : (rf_square)(pos->ep + 8);
    rf_bitboard occ = (pos->by_type[0] ^ RF_BB(from) ^ RF_BB(victim)) | RF_BB(pos->ep);
    return !(rf__attackers_to(pos, ksq, occ) & pos->by_color[them] & ~RF_BB(victim));
}

/* Castling on `side`: every square the king and rook cross or land on is empty but for the two
 * of them; no square of the king's path is attacked (`danger`: the enemy's attacks with our king
 * lifted, which for these squares is the same as with it); and the rook was not the piece that
 * shielded the king's landing square from an enemy rook or queen along the back rank (Chess960:
 * with the king on d1, the rook on b1 and an enemy rook on a1, castling long lands in check).
 * The caller has checked that the king is not in check. */
RF_INLINE bool castling_is_legal(const rf_position *pos, rf_color us, rf_square ksq, int side,
                                 rf_bitboard danger)
{
    rf_square rsq = pos->castle_rook[us][side];
    int kfile = RF_FILE_OF(ksq);
    if (pos->by_type[0] & rf__castle_empty[us][side][kfile][RF_FILE_OF(rsq)]) return false;
    if (danger & rf__castle_path[us][side][kfile]) return false;
    rf_color them = rf__other(us);
    rf_bitboard sliders = rf__pieces(pos, them, RF_ROOK) | rf__pieces(pos, them, RF_QUEEN);
    rf_bitboard occ = pos->by_type[0] ^ RF_BB(rsq) ^ RF_BB(ksq);
    return !(rf__rook_attacks(rf__castle_king_to(us, side), occ) & sliders & RF_RANK_BB(RF_RANK_OF(ksq)));
}

RF_INLINE void gen_pawn_moves(const rf_position *pos, sink *s, const rf_color us, rf_square ksq,
                               rf_bitboard pinned, rf_bitboard target, const bool count)
{
    const rf_color them = rf__other(us);
    const int up = us == RF_WHITE ? 8 : -8;
    const rf_bitboard rank3 = RF_RANK_BB(us == RF_WHITE ? 2 : 5);
    const rf_bitboard rank8 = RF_RANK_BB(us == RF_WHITE ? 7 : 0);
    rf_bitboard empty = ~pos->by_type[0], theirs = pos->by_color[them];
    rf_bitboard pawns = rf__pieces(pos, us, RF_PAWN);
    rf_bitboard free_pawns = pawns & ~pinned;
#define FORWARD(b) (us == RF_WHITE ? rf__north(b) : rf__south(b))

    /* Unpinned pawns, a whole set at a time. */
    rf_bitboard single = FORWARD(free_pawns) & empty;
    rf_bitboard dbl = FORWARD(single & rank3) & empty & target;
    single &= target;
    rf_bitboard west = FORWARD(rf__west(free_pawns)) & theirs & target;
    rf_bitboard east = FORWARD(rf__east(free_pawns)) & theirs & target;
    add_pawn_set(s, single & ~rank8, up, count);
    add_pawn_set(s, dbl, 2 * up, count);
    add_pawn_set(s, west & ~rank8, up - 1, count);
    add_pawn_set(s, east & ~rank8, up + 1, count);
    add_promotion_set(s, single & rank8, up, count);
    add_promotion_set(s, west & rank8, up - 1, count);
    add_promotion_set(s, east & rank8, up + 1, count);
#undef FORWARD

    /* Pinned pawns, one at a time, along the line through the king. */
    for (rf_bitboard b = pawns & pinned; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard line = rf__line[ksq][from] & target;
        rf_bitboard moves = rf__pawn_attacks[us][from] & theirs & line;
        /* Shifted, not added: a pawn on its last rank (a position accepted with pawns on a back
         * rank) has no square ahead. */
        rf_bitboard one = (us == RF_WHITE ? rf__north(RF_BB(from)) : rf__south(RF_BB(from))) & empty;
        moves |= one & line;
        if ((one & rank3) && (empty & RF_BB(from + 2 * up))) moves |= RF_BB(from + 2 * up) & line;
        if (moves & rank8) {
            while (moves) add_promotions(s, from, rf__pop_lsb(&moves), count);
        } else {
            add_targets(s, from, moves, count);
        }
    }

    if (pos->ep != RF_NO_SQUARE) {
        for (rf_bitboard b = rf__pawn_attacks[them][pos->ep] & pawns; b;) {
            rf_square from = rf__pop_lsb(&b);
            if (ep_is_legal(pos, us, ksq, from))
                add_move(s, RF_MOVE_MAKE_KIND(from, pos->ep, RF_MOVE_EN_PASSANT), count);
        }
    }
}

/* The legal moves of standard chess (and Chess960) for side `us`, the side to move: written to
 * `out`, or only counted when `count`. A side without exactly one king has none. */
RF_KERNEL_INLINE unsigned generate_standard(const rf_position *pos, rf_move *out, const rf_color us,
                                     const bool count)
{
    const rf_color them = rf__other(us);
    sink s = {out, 0};
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (!kings || rf__more_than_one(kings)) return 0;
    rf_square ksq = rf__lsb(kings);
    rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us];
    rf_bitboard checkers = rf__attackers_to(pos, ksq, occ) & pos->by_color[them];

    rf_bitboard danger = king_danger(pos, us, ksq);
    add_targets(&s, ksq, rf__king_attacks[ksq] & ~ours & ~danger, count);
    if (rf__more_than_one(checkers)) return s.n;

    rf_bitboard target = ~ours;
    if (checkers) target &= rf__between[ksq][rf__lsb(checkers)] | checkers;
    rf_bitboard pinned = pinned_pieces(pos, us, ksq), b;

    gen_pawn_moves(pos, &s, us, ksq, pinned, target, count);
    for (b = rf__pieces(pos, us, RF_KNIGHT) & ~pinned; b;) {
        rf_square from = rf__pop_lsb(&b);
        add_targets(&s, from, rf__knight_attacks[from] & target, count);
    }
    rf_bitboard queens = rf__pieces(pos, us, RF_QUEEN);
    for (b = rf__pieces(pos, us, RF_BISHOP) | queens; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard att = rf__bishop_attacks(from, occ);
        if (queens & RF_BB(from)) att |= rf__rook_attacks(from, occ);
        att &= target;
        if (pinned & RF_BB(from)) att &= rf__line[ksq][from];
        add_targets(&s, from, att, count);
    }
    for (b = rf__pieces(pos, us, RF_ROOK); b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_bitboard att = rf__rook_attacks(from, occ) & target;
        if (pinned & RF_BB(from)) att &= rf__line[ksq][from];
        add_targets(&s, from, att, count);
    }
    if (!checkers) {
        for (int side = 0; side < 2; side++)
            if (pos->castle_rook[us][side] != RF_NO_SQUARE && castling_is_legal(pos, us, ksq, side, danger))
                add_move(&s, RF_MOVE_MAKE_KIND(ksq, pos->castle_rook[us][side], RF_MOVE_CASTLING), count);
    }
    return s.n;
}

/* Castling rights die when the king moves or when a castling rook moves or is captured. */
RF_INLINE void update_castling(rf_position *pos, rf_square from, rf_square to, rf_piece moved)
{
    /* Castling rooks and kings with rights stand on the back ranks: most moves touch neither. */
    if (!((RF_BB(from) | RF_BB(to)) & (RF_RANK_1_BB | RF_RANK_8_BB))) return;
    const rf_square *rooks = &pos->castle_rook[0][0];
    if ((rooks[0] & rooks[1] & rooks[2] & rooks[3]) == RF_NO_SQUARE) return; /* all 64: no right */
    for (int c = 0; c < 2; c++) {
        for (int s = 0; s < 2; s++) {
            rf_square r = pos->castle_rook[c][s];
            if (r == RF_NO_SQUARE) continue;
            /* The king gone from the back rank kills them too: captured, in a position accepted
             * with the side not to move in check. */
            if (r == from || r == to || moved == RF_MAKE_PIECE(c, RF_KING) ||
                !(rf__pieces(pos, (rf_color)c, RF_KING) & RF_RANK_BB(c == RF_WHITE ? 0 : 7))) {
                pos->castle_rook[c][s] = RF_NO_SQUARE;
                pos->key ^= rf__zobrist_castling[c * 2 + s];
            }
        }
    }
}

/* Plays a legal move for side `us` (the side to move) on the board: pieces, castling rights,
 * counters, side, key. The en passant square is set after a double step, but whether a legal
 * capture exists (ep_legal, and the en passant file in the key) is the variant's question, which
 * its make-move answers next. */
RF_INLINE void play_core(rf_position *pos, rf_move move, const rf_color us)
{
    const rf_color them = rf__other(us);
    rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    unsigned kind = RF_MOVE_KIND(move);
    rf_piece pc = pos->board[from];

    if (pos->ep_legal) pos->key ^= rf__zobrist_ep[RF_FILE_OF(pos->ep)];
    pos->ep = RF_NO_SQUARE;
    pos->ep_legal = 0;
    pos->halfmove++;
    if (us == RF_BLACK) pos->fullmove++;

    if (kind == RF_MOVE_CASTLING) {
        int side = to > from ? RF_KINGSIDE : RF_QUEENSIDE;
        rf__remove_piece(pos, from);
        rf__remove_piece(pos, to);
        rf__put_piece(pos, pc, rf__castle_king_to(us, side));
        rf__put_piece(pos, RF_MAKE_PIECE(us, RF_ROOK), rf__castle_rook_to(us, side));
    } else {
        rf_square capsq = kind == RF_MOVE_EN_PASSANT ? (rf_square)(us == RF_WHITE ? to - 8 : to + 8) : to;
        if (pos->board[capsq] != RF_NO_PIECE) {
            rf__remove_piece(pos, capsq);
            pos->halfmove = 0;
        }
        rf__remove_piece(pos, from);
        rf__put_piece(pos, kind == RF_MOVE_PROMOTION ? RF_MAKE_PIECE(us, RF_MOVE_PROMOTED(move)) : pc, to);
        if (RF_PIECE_TYPE(pc) == RF_PAWN) {
            pos->halfmove = 0;
            if ((to ^ from) == 16) pos->ep = (rf_square)((from + to) / 2);
        }
    }
    update_castling(pos, from, to, pc);
    pos->side = (uint8_t)them;
    pos->key ^= rf__zobrist_side;
}

/* Records that the side to move has a legal en passant capture: ep_legal and the file in the
 * key (only then does the file count, so that positions FEN writes alike have one key). */
RF_INLINE void set_ep_legal(rf_position *pos)
{
    pos->ep_legal = 1;
    pos->key ^= rf__zobrist_ep[RF_FILE_OF(pos->ep)];
}

/* 1 when side `us` (to move) has a legal en passant capture in standard chess. */
RF_INLINE bool standard_ep_legal(const rf_position *pos, const rf_color us)
{
    if (pos->ep == RF_NO_SQUARE) return false;
    const rf_color them = rf__other(us);
    rf_square victim = us == RF_WHITE ? (rf_square)(pos->ep - 8) : (rf_square)(pos->ep + 8);
    if (pos->board[victim] != RF_MAKE_PIECE(them, RF_PAWN) || pos->board[pos->ep] != RF_NO_PIECE)
        return false;
    rf_bitboard capturers = rf__pawn_attacks[them][pos->ep] & rf__pieces(pos, us, RF_PAWN);
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (!capturers || !kings || rf__more_than_one(kings)) return false;
    rf_square ksq = rf__lsb(kings);
    while (capturers)
        if (ep_is_legal(pos, us, ksq, rf__pop_lsb(&capturers))) return true;
    return false;
}

/* The make-move of standard chess: the board, then whether the side now to move can capture en
 * passant. */
RF_KERNEL_INLINE void play_standard(rf_position *pos, rf_move move, const rf_color us)
{
    play_core(pos, move, us);
    if (pos->ep != RF_NO_SQUARE && standard_ep_legal(pos, rf__other(us))) set_ep_legal(pos);
}

#endif

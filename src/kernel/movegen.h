/*
 * kernel/movegen.h - make-move on rf_position (the API's board, rf_position_play through each
 * variant row's `play`): the board update every variant shares (play_core, with the castling
 * rights and the en passant square), the en passant legality test that keeps the key and
 * ep_legal exact, and standard chess's make-move built from them. The generators are in
 * generate.h and atomic_generate.h, perft's make-move on nodes in make.h.
 */
#ifndef RF_KERNEL_MOVEGEN_H
#define RF_KERNEL_MOVEGEN_H

#include "../castling.h"
#include "../position.h"

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

/*
 * play_simple.c - the simple method: its make-move (rf__play_simple), a move played on
 * rf_position by removing and putting pieces, as a person would on a board, then the variant's
 * own effects through its row's play_simple hook; and perft by the row's simple generator and
 * that make-move (rf__perft_simple). It shares no code with the kernel's make-move
 * (kernel/make.h), so that the simple generators and rf__perft_simple, the oracles of the fast
 * ones, stay independent of what they test. It calls into the variant rows (variant.h); the
 * rows' file, variant.c, calls nothing here.
 */
#include "castling.h"
#include "variant.h"

/* Castling, king takes own rook: both off the board, then on their squares. */
static void castle(rf_position *pos, rf_color us, rf_square from, rf_square to)
{
    const int side = RF_FILE_OF(to) < RF_FILE_OF(from) ? RF_QUEENSIDE : RF_KINGSIDE;
    const rf_piece king = pos->board[from];
    rf__remove_piece(pos, from);
    rf__remove_piece(pos, to);
    rf__put_piece(pos, king, rf__castle_king_to(us, side));
    rf__put_piece(pos, RF_MAKE_PIECE(us, RF_ROOK), rf__castle_rook_to(us, side));
}

/* A board move: the captured piece (en passant: the pawn behind the square) off, the moving
 * piece (promoted) on its square; the halfmove clock and the en passant square. */
static void move_piece(rf_position *pos, rf_color us, rf_move move)
{
    const rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    const unsigned kind = RF_MOVE_KIND(move);
    const rf_piece pc = pos->board[from];
    const rf_square victim = kind == RF_MOVE_EN_PASSANT ? (rf_square)(us == RF_WHITE ? to - 8 : to + 8) : to;
    if (pos->board[victim] != RF_NO_PIECE) {
        rf__remove_piece(pos, victim);
        pos->halfmove = 0;
    }
    rf__remove_piece(pos, from);
    rf__put_piece(pos, kind == RF_MOVE_PROMOTION ? RF_MAKE_PIECE(us, RF_MOVE_PROMOTED(move)) : pc, to);
    if (RF_PIECE_TYPE(pc) != RF_PAWN) return;
    pos->halfmove = 0;
    if ((to == from + 16 || from == to + 16) && RF_RANK_OF(from) == (us == RF_WHITE ? 1 : 6))
        pos->ep = (rf_square)((from + to) / 2);
}

/* Castling rights die when the king moves, when the rook leaves or is taken on its square, and
 * when no king of the colour is left on its back rank. */
static void drop_rights(rf_position *pos, const rf_position *before, rf_move move)
{
    const rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    const rf_piece moved = before->board[from];
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++) {
            const rf_square r = pos->castle_rook[c][s];
            if (r == RF_NO_SQUARE) continue;
            const bool home = (rf__pieces(pos, (rf_color)c, RF_KING) & RF_RANK_BB(c == RF_WHITE ? 0 : 7)) != 0;
            if (r != from && r != to && moved != RF_MAKE_PIECE(c, RF_KING) && home) continue;
            pos->castle_rook[c][s] = RF_NO_SQUARE;
            pos->key ^= rf__zobrist_castling[c * 2 + s];
        }
}

void rf__play_simple(rf_position *pos, rf_move move)
{
    const rf_position before = *pos;
    const rf_color us = (rf_color)pos->side;
    pos->ep = RF_NO_SQUARE;
    pos->ep_legal = 0;
    pos->halfmove++;
    if (us == RF_BLACK) pos->fullmove++;
    if (RF_MOVE_KIND(move) == RF_MOVE_DROP)
        rf__put_piece(pos, RF_MAKE_PIECE(us, RF_MOVE_DROPPED(move)), RF_MOVE_TO(move));
    else if (RF_MOVE_KIND(move) == RF_MOVE_CASTLING)
        castle(pos, us, RF_MOVE_FROM(move), RF_MOVE_TO(move));
    else
        move_piece(pos, us, move);
    drop_rights(pos, &before, move);
    pos->side = (uint8_t)rf__other(us);
    pos->key ^= rf__zobrist_side;
    const rf__variant *row = rf__variant_of(pos);
    if (row->play_simple) row->play_simple(pos, &before, move);
}

uint64_t rf__perft_simple(const rf__variant *row, const rf_position *pos, int depth)
{
    rf_move moves[RF_MAX_MOVES];
    rf_move *end = row->generate_simple(pos, moves);
    if (depth <= 1) return (uint64_t)(end - moves);
    uint64_t nodes = 0;
    for (rf_move *m = moves; m < end; m++) {
        rf_position child = *pos;
        rf__play_simple(&child, *m);
        nodes += rf__perft_simple(row, &child, depth - 1);
    }
    return nodes;
}

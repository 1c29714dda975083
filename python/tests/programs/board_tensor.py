"""A board-to-tensor converter written for python-chess (as neural-network programs have): 12
piece planes, the side to move, castling rights, en passant, and the same board mirrored so that
the side to move is always White; attack maps from the board's masks. Prints a checksum of each
tensor. Usage: board_tensor.py SEED COUNT"""
import random
import sys

import chess


def planes(board):
    out = []
    for color in chess.COLORS:
        for piece_type in chess.PIECE_TYPES:
            out.append(int(board.pieces(piece_type, color)))
    out.append(int(board.turn))
    out.append(board.castling_rights)
    out.append(chess.BB_SQUARES[board.ep_square] if board.ep_square is not None else 0)
    for color in chess.COLORS:
        mask = 0
        for sq in chess.scan_forward(board.occupied_co[color]):
            mask |= board.attacks_mask(sq)
        out.append(mask)
    return out


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    board = chess.Board()
    for i in range(count):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            board.reset()
            continue
        board.push(rng.choice(moves))
        view = board if board.turn == chess.WHITE else board.mirror()
        flipped = board.transform(chess.flip_horizontal)
        tensor = planes(view) + planes(flipped)
        moves_from = [len(list(board.generate_legal_moves(from_mask=chess.BB_SQUARES[sq])))
                      for sq in chess.SquareSet(board.occupied_co[board.turn])]
        copy = board.copy()
        copy.apply_transform(chess.flip_vertical)
        print(i, hash(tuple(tensor)) & 0xFFFFFFFF, sum(moves_from), copy.board_fen(),
              list(chess.SquareSet.from_square(board.king(board.turn) or 0)))


if __name__ == "__main__":
    main()

"""A square heat map written for python-chess: over every game of the files, how often each
square is attacked, occupied, moved to and pinned on, printed as 8x8 grids (SquareSet
arithmetic and the board's attack queries). Usage: heat_map.py FILE..."""
import sys

import chess
import chess.pgn


def main():
    attacked = [0] * 64
    landed = [0] * 64
    pinned = [0] * 64
    center = chess.SquareSet(chess.BB_CENTER)
    in_center = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    landed[move.to_square] += 1
                    for color in chess.COLORS:
                        for sq in chess.SquareSet(board.occupied_co[color]):
                            for target in board.attacks(sq):
                                attacked[target] += 1
                            if board.is_pinned(color, sq):
                                pinned[sq] += 1
                    occupied = chess.SquareSet(board.occupied)
                    in_center += len(occupied & center)
                    occupied |= chess.SquareSet.ray(chess.A1, chess.H8)
    for name, grid in (("attacked", attacked), ("landed", landed), ("pinned", pinned)):
        print(name)
        for rank in range(7, -1, -1):
            print(" ".join(f"{grid[chess.square(f, rank)]:5d}" for f in range(8)))
    print("center", in_center)


if __name__ == "__main__":
    main()

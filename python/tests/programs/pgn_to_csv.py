"""A PGN-to-CSV converter written for python-chess: one row per move of every game, with the
clock, the eval, whose turn, the SAN, the ply and the headers. Usage: pgn_to_csv.py FILE..."""
import csv
import sys

import chess
import chess.pgn


def main():
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["game", "ply", "turn", "san", "uci", "clock", "eval", "white", "black", "result", "game_turn"])
    for index, path in enumerate(sys.argv[1:]):
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            number = 0
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                number += 1
                headers = game.headers
                for node in game.mainline():
                    score = node.eval()
                    out.writerow([f"{index}:{number}", node.ply(), "w" if node.turn() else "b", node.san(),
                                  node.uci(), node.clock(), score.white() if score else "",
                                  headers.get("White", "?"), headers.get("Black", "?"),
                                  headers.get("Result", "*"), game.turn()])


if __name__ == "__main__":
    main()

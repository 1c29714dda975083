"""Reads PGN files with `rankfile pgn --format json` and with python-chess and compares every
game: the tags as the file has them, the main-line moves in UCI and the final position's FEN.
rankfile must exit 0 and report no error in any game. Usage: python_chess_pgn.py RANKFILE FILE..."""
import json
import subprocess
import sys

import chess
import chess.pgn


class Builder(chess.pgn.GameBuilder):
    """python-chess's game builder that also keeps the tags as the file has them (its Headers
    add the seven-tag roster's defaults)."""

    def begin_game(self):
        super().begin_game()
        self.tags = []

    def visit_header(self, tagname, tagvalue):
        self.tags.append((tagname, tagvalue))
        super().visit_header(tagname, tagvalue)

    def result(self):
        game = super().result()
        game.file_tags = self.tags
        return game


def python_chess_games(path):
    games = []
    with open(path, encoding="utf-8-sig") as f:
        while True:
            game = chess.pgn.read_game(f, Visitor=Builder)
            if game is None:
                return games
            games.append(game)


def final_fen(game):
    """python-chess's final FEN, with the halfmove clock counted by its own rule (is_zeroing: a
    capture, a pawn move or a pawn drop, as lichess counts). Its push() does not reset the clock
    after a Crazyhouse pawn drop (python-chess 1.11), where rankfile and lichess do."""
    board = game.board()
    clock = board.halfmove_clock
    for move in game.mainline_moves():
        clock = 0 if move and board.is_zeroing(move) else clock + 1
        board.push(move)
    fields = board.fen().split(" ")
    fields[4] = str(clock)
    return " ".join(fields)


def main():
    rankfile, paths = sys.argv[1], sys.argv[2:]
    failures = []
    games_compared = plies = nulls = 0
    if len(paths) < 12:
        failures.append(f"expected python-chess's twelve PGN files, got {len(paths)}")
    for path in paths:
        name = path.rsplit("/", 1)[-1]
        run = subprocess.run([rankfile, "pgn", "--format", "json", path], capture_output=True)
        if run.returncode != 0:
            failures.append(f"{name}: rankfile pgn exited {run.returncode}: {run.stderr[:300]!r}")
            continue
        ours = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines() if line]
        theirs = python_chess_games(path)
        if len(ours) != len(theirs):
            failures.append(f"{name}: rankfile read {len(ours)} games, python-chess {len(theirs)}")
        for k, (a, b) in enumerate(zip(ours, theirs), 1):
            where = f"{name} game {k}"
            if a.get("error"):
                failures.append(f"{where}: rankfile reports an error: {a['error']}")
            if b.errors:
                failures.append(f"{where}: python-chess reports errors: {b.errors}")
            if list(a["headers"].items()) != b.file_tags:
                failures.append(f"{where}: tags differ:\n  rankfile      {list(a['headers'].items())}\n"
                                f"  python-chess  {b.file_tags}")
            moves = [m.uci() for m in b.mainline_moves()]
            if a["moves_uci"] != moves:
                at = next((i for i, (x, y) in enumerate(zip(a["moves_uci"], moves)) if x != y),
                          min(len(moves), len(a["moves_uci"])))
                failures.append(f"{where}: main line differs at ply {at + 1}: rankfile "
                                f"{a['moves_uci'][at:at + 3]}, python-chess {moves[at:at + 3]} "
                                f"({len(a['moves_uci'])} and {len(moves)} plies)")
            fen = final_fen(b)
            if a["final_fen"] != fen:
                failures.append(f"{where}: final position differs:\n  rankfile      {a['final_fen']}\n"
                                f"  python-chess  {fen}")
            games_compared += 1
            plies += len(moves)
            nulls += sum(1 for m in b.mainline_moves() if not m)
    print(f"{len(paths)} files, {games_compared} games, {plies} main-line plies ({nulls} null "
          f"moves) compared with python-chess {chess.__version__}; {len(failures)} differences")
    for failure in failures[:30]:
        print("DIFFERENCE " + failure)
    if games_compared < 20 or nulls < 1:
        print("too few games or no null move compared")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

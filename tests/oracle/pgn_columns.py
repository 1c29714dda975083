"""`rankfile pgn --format csv/tsv --columns` against python-chess: seeded random games, written by
python-chess with lichess's [%clk] and [%eval] comments on some plies and a variation now and
then, read back by `rankfile pgn --format csv` (and tsv); every row must hold python-chess's
values: the tags, the main line in UCI and SAN, plies, the marker, the final FEN, the seconds of
each ply's clock and its evaluation (centipawns from White's side, #N for a mate), "-" where a
ply has none. The game's offset must point at its first tag.

usage: pgn_columns.py RANKFILE
"""
import csv
import io
import os
import random
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

RF = sys.argv[1]
rng = random.Random(26)


def random_game(i):
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = rng.choice(["Rated Blitz game", "Casual, friendly game"])
    game.headers["Site"] = "https://lichess.org/c%05d" % i
    game.headers["White"] = "w%d" % i
    game.headers["Black"] = "b%d" % i
    game.headers["WhiteElo"] = str(rng.randint(1000, 2800))
    node = game
    clocked = rng.random() < 0.8
    for ply in range(rng.randint(0, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if rng.random() < 0.05 and node is not game and len(moves) > 1:
            alt = rng.choice([m for m in moves if m != move])
            side = node.add_variation(alt)
            side.comment = "[%clk 0:09:59] [%eval 9.99]"  # inside a variation: not the main line's
        node = node.add_main_variation(move)
        board.push(move)
        if clocked and rng.random() < 0.9:
            node.set_clock(rng.randint(0, 600))
        if rng.random() < 0.5:
            if rng.random() < 0.1:
                node.set_eval(chess.engine.PovScore(chess.engine.Mate(rng.choice([1, 2, 3, -1, -4])), chess.WHITE))
            else:
                node.set_eval(chess.engine.PovScore(chess.engine.Cp(rng.randint(-900, 900)), chess.WHITE))
    outcome = board.outcome()
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def expected(game):
    board = game.board()
    uci, san, clocks, evals = [], [], [], []
    for node in game.mainline():
        san.append(board.san(node.move))
        uci.append(node.move.uci())
        board.push(node.move)
        c = node.clock()
        clocks.append("-" if c is None else "%d" % c)
        e = node.eval()
        if e is None:
            evals.append("-")
        else:
            w = e.white()
            evals.append("#%d" % w.mate() if w.is_mate() else "%d" % w.score())
    return {
        "Site": game.headers["Site"], "Event": game.headers["Event"], "WhiteElo": game.headers["WhiteElo"],
        "moves_uci": " ".join(uci), "moves_san": " ".join(san), "plies": str(len(uci)),
        "result": game.headers["Result"], "final_fen": board.fen(),
        "clocks": " ".join(clocks) if any(c != "-" for c in clocks) or any(e != "-" for e in evals) else "",
        "evals": " ".join(evals) if any(c != "-" for c in clocks) or any(e != "-" for e in evals) else "",
    }


games = [random_game(i) for i in range(1, 401)]
text = "".join(str(g) + "\n\n" for g in games)
path = "/tmp/rankfile-pgn-columns-%d.pgn" % os.getpid()
with open(path, "w") as f:
    f.write(text)
columns = ["Site", "Event", "WhiteElo", "moves_uci", "moves_san", "plies", "result", "final_fen", "clocks",
           "evals", "offset", "error", "Missing"]
failures = 0
try:
    for fmt in ("csv", "tsv"):
        out = subprocess.run([RF, "pgn", "--format", fmt, "--columns", ",".join(columns), path],
                             capture_output=True, text=True)
        if fmt == "csv":
            rows = list(csv.reader(io.StringIO(out.stdout)))
        else:
            rows = [line.split("\t") for line in out.stdout.splitlines()]
        if out.returncode != 0 or rows[0] != columns or len(rows) != len(games) + 1:
            print("FAIL %s: rc %d, %d rows, header %s, stderr %s" % (fmt, out.returncode, len(rows), rows[:1],
                                                                    out.stderr[:300]))
            failures += 1
            continue
        bad = 0
        for game, row in zip(games, rows[1:]):
            got = dict(zip(columns, row))
            want = expected(game)
            for k, v in want.items():
                if got[k] != v:
                    bad += 1
                    if bad <= 5:
                        print("FAIL %s game %s column %s: rankfile %r, python-chess %r" % (fmt, want["Site"], k, got[k], v))
            if got["error"] or got["Missing"] or not text[int(got["offset"]):].startswith("[Event "):
                bad += 1
                print("FAIL %s game %s: error %r, Missing %r, offset %s" % (fmt, want["Site"], got["error"],
                                                                            got["Missing"], got["offset"]))
        print("%s %s: %d games, %d columns, %d cells differ" % ("ok" if not bad else "FAIL", fmt, len(games),
                                                                 len(columns), bad))
        failures += bad > 0
finally:
    os.unlink(path)
sys.exit(1 if failures else 0)

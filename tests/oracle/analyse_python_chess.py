#!/usr/bin/env python3
"""`rankfile analyse` against python-chess's chess.engine: the same evals, best moves and pvs.

usage: analyse_python_chess.py RANKFILE PGN-DIR [STOCKFISH]

The games: nepomniachtchi-liren-game1.pgn (standard) and cutechess-fischerrandom.pgn (Chess960,
UCI_Chess960) from PGN-DIR (python-chess's PGN files in ../shared/data), the first 40 plies of
each game. rankfile analyses them with Stockfish at --nodes 20000, --threads 1, --hash 16 and two
engines; python-chess's chess.engine.SimpleEngine.analyse asks the same engine (configured
Threads 1, Hash 16) about each position, as the game's board with its moves (so that the engine
sees the same history), each position a new game (`game=object()`: ucinewgame before it, as
rankfile does). Fixed nodes and one thread make Stockfish deterministic: every score (from White's
side), best move and pv must be equal. Prints "N passed, M failed".
"""
import json
import os
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

NODES = 20000
PLIES = 40


def main():
    rf, pgn_dir = sys.argv[1], sys.argv[2]
    engine_path = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/stockfish"
    passed = failed = 0
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    engine.configure({"Threads": 1, "Hash": 16})
    for name in ("nepomniachtchi-liren-game1.pgn", "cutechess-fischerrandom.pgn"):
        path = os.path.join(pgn_dir, name)
        if not os.path.exists(path):
            print(f"SKIP: {path} is missing")
            if os.environ.get("RF_CI"):
                failed += 1
            continue
        # the first PLIES plies of each game: --from-ply 0, games cut by rankfile's rows
        r = subprocess.run([rf, "analyse", path, "--engine", engine_path, "--nodes", str(NODES), "--threads", "1",
                            "--hash", "16", "--engines", "2", "--format", "json", "--no-progress"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAILED: {name}: rankfile analyse exit {r.returncode}: {r.stderr.strip()}")
            failed += 1
            continue
        rows = {}
        for line in r.stdout.splitlines():
            row = json.loads(line)
            rows[(row["game"], row["ply"])] = row
        with open(path, encoding="utf-8", errors="replace") as f:
            index = 0
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                index += 1
                board = game.board()
                moves = list(game.mainline_moves())
                for ply in range(min(PLIES, len(moves)) + 1):
                    if ply:
                        board.push(moves[ply - 1])
                    row = rows.get((index, ply))
                    if row is None:
                        print(f"FAILED: {name} game {index} ply {ply}: no row")
                        failed += 1
                        continue
                    if not any(board.legal_moves):
                        ok = row["eval_cp"] is None and row["mate"] is None and row["end"] is not None
                        passed += ok
                        failed += not ok
                        continue
                    info = engine.analyse(board, chess.engine.Limit(nodes=NODES), game=object())
                    score = info["score"].white()
                    want_cp, want_mate = score.score(), score.mate()
                    want_pv = " ".join(m.uci() for m in info.get("pv", []))
                    got = (row["eval_cp"], row["mate"], row["pv"], row["depth"])
                    want = (want_cp, want_mate, want_pv, info.get("depth"))
                    if got == want:
                        passed += 1
                    else:
                        failed += 1
                        print(f"FAILED: {name} game {index} ply {ply} ({board.fen()}): rankfile {got}, python-chess {want}")
    engine.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""`rankfile analyse` speed: its engine pool against itself and against Stockfish fed directly.

usage: python3 bench/analyse.py [--rankfile PATH] [--engine PATH] [--file PGN] [--nodes N]
                                [--engines K] [--runs N]

The positions: every main-line position of the games of --file (default: the 1997 Kasparov -
Deep Blue match from ../shared/data/python-chess/pgn/), each searched --nodes N (default 20000)
by --engine (default /usr/games/stockfish) with Threads 1 and Hash 16, after `ucinewgame`, as
`rankfile analyse` does. Side by side, the best of --runs (default 1) wall-clock times of:
  rankfile -j1   `rankfile analyse FILE --engines 1 --format tsv`
  rankfile -jK   the same with --engines K (default 2): the goal is >= 1.8x over -j1 on 2 cores
  direct         a minimal script speaking UCI to one engine: per position `ucinewgame`,
                 `isready`, `position fen START moves ...`, `go nodes N`, read to `bestmove`
                 (rankfile -j1's overhead over it: the goal is <= 3%)
  direct, no ucinewgame   the same without `ucinewgame` + `isready`: what clearing the engine
                 before each position (rankfile's determinism) costs
It also checks that -j1 and -jK wrote the same rows (but the column time_ms) and that rankfile's evals are the direct
script's (the same engine, the same nodes, the same history: the same answers).
A timing is never a test: this prints numbers only.
"""
import argparse
import csv
import io
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def positions(path):
    """[(start FEN, [uci moves], has a legal move)] of every main-line position, in order."""
    import chess.pgn
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            start = board.fen()
            moves = []
            out.append((start, list(moves), any(board.legal_moves)))
            for move in game.mainline_moves():
                board.push(move)
                moves.append(move.uci())
                out.append((start, list(moves), any(board.legal_moves)))
    return out


def direct(engine, todo, nodes, newgame):
    """Feeds the positions to one engine; returns (seconds, [score text of each])."""
    t = time.perf_counter()
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def until(word):
        last = None
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("the engine died")
            if line.startswith(word):
                return line, last
            if " score " in line and " pv " in line:
                last = line

    send("uci")
    until("uciok")
    send("setoption name Threads value 1")
    send("setoption name Hash value 16")
    send("isready")
    until("readyok")
    scores = []
    for start, moves, legal in todo:
        if not legal:  # rankfile does not search a position the rules have ended
            scores.append("")
            continue
        if newgame:
            send("ucinewgame")
            send("isready")
            until("readyok")
        send(f"position fen {start}" + (" moves " + " ".join(moves) if moves else ""))
        send(f"go nodes {nodes}")
        _, info = until("bestmove")
        w = info.split() if info else []
        i = w.index("score") if "score" in w else -1
        scores.append(" ".join(w[i + 1:i + 3]) if i >= 0 else "")
    send("quit")
    p.wait()
    return time.perf_counter() - t, scores


def rankfile(binary, engine, path, nodes, k):
    t = time.perf_counter()
    r = subprocess.run([binary, "analyse", path, "--engine", engine, "--nodes", str(nodes), "--engines", str(k),
                        "--hash", "16", "--format", "tsv", "--no-progress"], capture_output=True, text=True)
    dt = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"rankfile analyse exit {r.returncode}: {r.stderr.strip()}")
    return dt, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rankfile", default=os.path.join(ROOT, "build", "rankfile"))
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--file", default=os.path.join(SHARED, "data", "python-chess", "pgn", "kasparov-deep-blue-1997.pgn"))
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--engines", type=int, default=2)
    ap.add_argument("--runs", type=int, default=1)
    a = ap.parse_args()
    for need in (a.rankfile, a.engine, a.file):
        if not os.path.exists(need):
            print(f"unavailable ({need} is missing)")
            return 0
    todo = positions(a.file)
    print(f"{len(todo)} positions of {a.file}, --nodes {a.nodes}, {os.cpu_count()} CPUs")
    best = {}
    outs = {}
    for _ in range(a.runs):
        for name, fn in (("rankfile -j1", lambda: rankfile(a.rankfile, a.engine, a.file, a.nodes, 1)),
                         (f"rankfile -j{a.engines}", lambda: rankfile(a.rankfile, a.engine, a.file, a.nodes, a.engines)),
                         ("direct", lambda: direct(a.engine, todo, a.nodes, True)),
                         ("direct, no ucinewgame", lambda: direct(a.engine, todo, a.nodes, False))):
            dt, out = fn()
            best[name] = min(best.get(name, dt), dt)
            outs[name] = out
    for name, dt in best.items():
        print(f"  {name:24s} {dt:8.2f} s  {len(todo) / dt:8.1f} positions/s")
    j1, jk = best["rankfile -j1"], best[f"rankfile -j{a.engines}"]
    print(f"--engines {a.engines} over --engines 1: {j1 / jk:.2f}x (goal >= 1.8x on 2 cores)")
    print(f"rankfile -j1 over the direct script: {100 * (j1 / best['direct'] - 1):+.1f}% (goal <= 3%)")
    print(f"ucinewgame before each position costs {100 * (best['direct'] / best['direct, no ucinewgame'] - 1):+.1f}%")
    def untimed(text):  # time_ms is the one column that is not the engine's answer
        return [{k: v for k, v in r.items() if k != "time_ms"} for r in csv.DictReader(io.StringIO(text), delimiter="\t")]
    same = untimed(outs["rankfile -j1"]) == untimed(outs[f"rankfile -j{a.engines}"])
    print(f"-j1 and -j{a.engines} rows identical (but time_ms): {same}")
    rows = list(csv.DictReader(io.StringIO(outs["rankfile -j1"]), delimiter="\t"))
    mine = [f"mate {r['mate']}" if r["mate"] else f"cp {r['eval_cp']}" if r["eval_cp"] else "" for r in rows]
    theirs = outs["direct"]
    # rankfile gives White's side; the direct script the mover's
    import chess
    flipped = []
    for (start, moves, _), s in zip(todo, theirs):
        b = chess.Board(start)
        for m in moves:
            b.push_uci(m)
        if s and b.turn == chess.BLACK:
            kind, v = s.split()
            s = f"{kind} {-int(v)}"
        flipped.append(s)
    agree = sum(1 for x, y in zip(mine, flipped) if x == y)
    print(f"evals equal to the direct script's: {agree} of {len(todo)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

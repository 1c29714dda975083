#!/usr/bin/env python3
"""Differential test against Stockfish: random games from the standard start and from Chess960
starts are played with Stockfish's own move lists (`go perft 1`), and at each chosen position the
depth-3 divide of `rankfile perft FEN 3 --divide` must equal Stockfish's `go perft 3`, move for
move.

usage: stockfish_divide.py RANKFILE [--positions N] [--depth D] [--seed S] [--stockfish PATH]
Exit 0 when every position matches, 1 on a mismatch, 77 when Stockfish is not installed (1 when
the environment variable RF_CI is set: in CI a missing oracle is a failure, not a skip).
"""
import argparse
import os
import random
import shutil
import subprocess
import sys


def find_stockfish(path):
    for candidate in (path, "/usr/games/stockfish", shutil.which("stockfish")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


class Stockfish:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.chess960 = None

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            line = line.rstrip("\n")
            if line.startswith(prefix):
                return lines, line
            lines.append(line)

    def set_chess960(self, on):
        if self.chess960 != on:
            self.send("setoption name UCI_Chess960 value " + ("true" if on else "false"))
            self.chess960 = on
        self.send("isready")
        self.until("readyok")

    def divide(self, fen, depth):
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        lines, last = self.until("Nodes searched")
        moves = {}
        for line in lines:
            if ": " in line and not line.startswith("info"):
                move, count = line.split(": ")
                moves[move] = int(count)
        return moves, int(last.split(":")[1])

    def fen_after(self, fen, moves):
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        lines, last = self.until("Checkers:")
        for line in lines:
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("no Fen line from stockfish")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def chess960_back_rank(rng):
    """A uniformly drawn Chess960 back rank, built independently of rankfile."""
    rank = [None] * 8
    rank[rng.choice([1, 3, 5, 7])] = "B"
    rank[rng.choice([0, 2, 4, 6])] = "B"
    free = [i for i in range(8) if rank[i] is None]
    rank[free.pop(rng.randrange(6))] = "Q"
    rank[free.pop(rng.randrange(5))] = "N"
    rank[free.pop(rng.randrange(4))] = "N"
    for piece, square in zip("RKR", free):
        rank[square] = piece
    return "".join(rank)


def start_fen(rng, chess960):
    if not chess960:
        return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    back = chess960_back_rank(rng)
    rooks = [i for i, p in enumerate(back) if p == "R"]
    rights = "".join("ABCDEFGH"[i] for i in reversed(rooks))
    return "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s%s - 0 1" % (back.lower(), back, rights,
                                                             rights.lower())


def rankfile_divide(binary, fen, depth, chess960):
    args = [binary, "perft", fen, str(depth), "--divide"]
    if chess960:
        args.append("--chess960")
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        return None, "exit %d: %s" % (r.returncode, r.stderr.strip())
    moves = {}
    total = None
    for line in r.stdout.splitlines():
        if line.startswith("Nodes searched: "):
            total = int(line.split(": ")[1])
        elif ": " in line:
            move, count = line.split(": ")
            moves[move] = int(count)
    return (moves, total), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rankfile")
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--stockfish")
    a = ap.parse_args()
    sf_path = find_stockfish(a.stockfish)
    if not sf_path:
        print("SKIP: stockfish is missing (apt-get install stockfish)")
        return 1 if os.environ.get("RF_CI") else 77
    rng = random.Random(a.seed)
    sf = Stockfish(sf_path)
    positions = []
    game = 0
    while len(positions) < a.positions:
        chess960 = game % 2 == 1
        game += 1
        sf.set_chess960(chess960)
        fen = start_fen(rng, chess960)
        positions.append((fen, chess960))
        for ply in range(rng.randrange(20, 120)):
            legal, _ = sf.divide(fen, 1)
            if not legal:
                break
            fen = sf.fen_after(fen, [rng.choice(sorted(legal))])
            if rng.random() < 0.35:
                positions.append((fen, chess960))
    positions = positions[:a.positions]
    passed = failed = 0
    for fen, chess960 in positions:
        sf.set_chess960(chess960)
        want, want_total = sf.divide(fen, a.depth)
        got, error = rankfile_divide(a.rankfile, fen, a.depth, chess960)
        if error or got[0] != want or got[1] != want_total:
            failed += 1
            if failed <= 10:
                print("MISMATCH %s%s" % (fen, " (Chess960)" if chess960 else ""))
                if error:
                    print("  rankfile: " + error)
                else:
                    for move in sorted(set(want) | set(got[0])):
                        if want.get(move) != got[0].get(move):
                            print("  %s: stockfish %s, rankfile %s" % (move, want.get(move),
                                                                     got[0].get(move)))
        else:
            passed += 1
    sf.close()
    print("%d games, %d positions compared at depth %d" % (game, len(positions), a.depth))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

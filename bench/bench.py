#!/usr/bin/env python3
"""Perft benchmark: rankfile against Stockfish's `go perft`, side by side.

For each position the two programs run alternately (rankfile, Stockfish, rankfile, ...), each as
a whole process, so wall time includes process start as a user sees it. The table gives nodes,
the median seconds of each, M nodes/s and rankfile's speed as a multiple of Stockfish's. The
closing signature is the sum of all node counts: it changes only when move generation changes.

usage: bench.py RANKFILE [--runs N] [--quick] [--stockfish PATH] [--only NAME]
Timings are printed, never asserted.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

POSITIONS = [
    # name, FEN, depth, variant, in the quick set
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, "standard", True),
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, "standard", False),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, "standard", True),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6, "standard", False),
    ("cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, "standard", True),
    ("cpw-pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, "standard", False),
    ("cpw-pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, "standard", True),
    ("chess960-0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 6, "chess960", False),
]


def find_stockfish(path):
    for candidate in (path, "/usr/games/stockfish", shutil.which("stockfish")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def time_run(args, stdin=None):
    start = time.perf_counter()
    r = subprocess.run(args, input=stdin, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if r.returncode != 0:
        raise RuntimeError("%s failed: %s" % (args[0], r.stderr.strip()))
    return elapsed, r.stdout


def run_rankfile(binary, fen, depth, variant):
    args = [binary, "perft", fen, str(depth)]
    if variant == "chess960":
        args.append("--chess960")
    elif variant != "standard":
        args += ["--variant", variant]
    elapsed, out = time_run(args)
    return elapsed, int(out.split()[-1])


def run_stockfish(path, fen, depth, variant):
    script = ""
    if variant == "chess960":
        script += "setoption name UCI_Chess960 value true\n"
    script += "position fen %s\ngo perft %d\nquit\n" % (fen, depth)
    elapsed, out = time_run([path], script)
    for line in out.splitlines():
        if line.startswith("Nodes searched"):
            return elapsed, int(line.split(":")[1])
    raise RuntimeError("no node count from stockfish")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rankfile")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="only the smaller positions")
    ap.add_argument("--stockfish")
    ap.add_argument("--only")
    a = ap.parse_args()
    sf = find_stockfish(a.stockfish)
    if not sf:
        print("bench: Stockfish not found; install Debian's 'stockfish' package", file=sys.stderr)
    print("rankfile perft against Stockfish %s, %d runs each, median wall seconds (process start included)"
          % (sf or "(missing)", a.runs))
    print("%-12s %5s %14s %9s %9s %10s %10s %7s" % ("position", "depth", "nodes", "rf s", "sf s",
                                                   "rf Mn/s", "sf Mn/s", "ratio"))
    signature = 0
    ratios = []
    for name, fen, depth, variant, quick in POSITIONS:
        if a.quick and not quick:
            continue
        if a.only and a.only != name:
            continue
        rf_times, sf_times = [], []
        nodes = None
        for _ in range(a.runs):
            t, n = run_rankfile(a.rankfile, fen, depth, variant)
            rf_times.append(t)
            nodes = n
            if sf and variant in ("standard", "chess960"):
                t, sn = run_stockfish(sf, fen, depth, variant)
                sf_times.append(t)
                if sn != n:
                    print("bench: node counts differ on %s: rankfile %d, stockfish %d" % (name, n, sn))
                    return 1
        signature += nodes
        rf_s = statistics.median(rf_times)
        line = "%-12s %5d %14d %9.3f " % (name, depth, nodes, rf_s)
        if sf_times:
            sf_s = statistics.median(sf_times)
            ratios.append(sf_s / rf_s)
            line += "%9.3f %10.1f %10.1f %6.2fx" % (sf_s, nodes / rf_s / 1e6, nodes / sf_s / 1e6, sf_s / rf_s)
        else:
            line += "%9s %10.1f %10s %7s" % ("-", nodes / rf_s / 1e6, "-", "-")
        print(line, flush=True)
    if ratios:
        print("geometric mean ratio (rankfile speed / Stockfish speed): %.2fx"
              % statistics.geometric_mean(ratios))
    print("signature %d" % signature)
    return 0


if __name__ == "__main__":
    sys.exit(main())

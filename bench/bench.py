#!/usr/bin/env python3
"""Perft benchmark: rankfile against Stockfish's `go perft`, side by side.

For each position the two programs run alternately (rankfile, Stockfish, rankfile, ...), each as
a whole process, so wall time includes process start as a user sees it. The table gives nodes,
the median seconds of each, M nodes/s and rankfile's speed as a multiple of Stockfish's. The
closing signature is the sum of all node counts: it changes only when move generation changes.

usage: bench.py [LABEL=]RANKFILE... [--runs N] [--quick] [--stockfish PATH] [--only NAME]
Several rankfile binaries (e.g. gcc=build/rankfile clang=build-clang/rankfile) are timed in
turn against the same Stockfish runs. rankfile runs single-threaded without a hash table, as
Stockfish's `go perft` does. Peak memory is the largest resident set of any run of each program.
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
    ("atomic-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, "atomic", True),
    ("atomic-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, "atomic", False),
]


def find_stockfish(path):
    for candidate in (path, "/usr/games/stockfish", shutil.which("stockfish")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


PEAK_KB = {}


def time_run_rss(args, stdin=None):
    """time_run, measuring the child's peak resident set (KiB) with wait4."""
    start = time.perf_counter()
    p = subprocess.Popen(args, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if stdin:
        p.stdin.write(stdin)
        p.stdin.close()
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise RuntimeError("%s failed: %s" % (args[0], err.strip()))
    return elapsed, out, usage.ru_maxrss


def run_rankfile(binary, fen, depth, variant):
    args = [binary, "perft", fen, str(depth), "--threads", "1"]
    if variant == "chess960":
        args.append("--chess960")
    elif variant != "standard":
        args += ["--variant", variant]
    elapsed, out, rss = time_run_rss(args)
    PEAK_KB[binary] = max(PEAK_KB.get(binary, 0), rss)
    return elapsed, int(out.split()[-1])


def run_stockfish(path, fen, depth, variant):
    script = ""
    if variant == "chess960":
        script += "setoption name UCI_Chess960 value true\n"
    script += "position fen %s\ngo perft %d\nquit\n" % (fen, depth)
    elapsed, out, rss = time_run_rss([path], script)
    PEAK_KB[path] = max(PEAK_KB.get(path, 0), rss)
    for line in out.splitlines():
        if line.startswith("Nodes searched"):
            return elapsed, int(line.split(":")[1])
    raise RuntimeError("no node count from stockfish")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rankfile", nargs="+", help="[LABEL=]PATH of a rankfile binary")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="only the smaller positions")
    ap.add_argument("--stockfish")
    ap.add_argument("--only")
    a = ap.parse_args()
    binaries = []
    for spec in a.rankfile:
        label, _, path = spec.rpartition("=")
        binaries.append((label or "rankfile", path))
    sf = find_stockfish(a.stockfish)
    if not sf:
        print("bench: Stockfish not found; install Debian's 'stockfish' package", file=sys.stderr)
    print("perft, single thread, no hash: rankfile against Stockfish (%s); median of %d runs,"
          " wall seconds, process start included" % (sf or "missing", a.runs))
    print("%-13s %5s %14s %-6s %8s %8s %9s %9s %7s" % ("position", "depth", "nodes", "build", "rf s",
                                                     "sf s", "rf Mn/s", "sf Mn/s", "ratio"))
    signature = 0
    ratios = {label: [] for label, _ in binaries}
    for name, fen, depth, variant, quick in POSITIONS:
        if a.quick and not quick:
            continue
        if a.only and a.only != name:
            continue
        rf_times = {label: [] for label, _ in binaries}
        sf_times = []
        nodes = None
        for _ in range(a.runs):
            for label, path in binaries:
                t, n = run_rankfile(path, fen, depth, variant)
                rf_times[label].append(t)
                if nodes is not None and n != nodes:
                    print("bench: %s counts %d on %s, another build %d" % (label, n, name, nodes))
                    return 1
                nodes = n
            if sf and variant in ("standard", "chess960"):
                t, sn = run_stockfish(sf, fen, depth, variant)
                sf_times.append(t)
                if sn != nodes:
                    print("bench: node counts differ on %s: rankfile %d, stockfish %d" % (name, nodes, sn))
                    return 1
        signature += nodes
        sf_s = statistics.median(sf_times) if sf_times else None
        for label, _ in binaries:
            rf_s = statistics.median(rf_times[label])
            line = "%-13s %5d %14d %-6s %8.3f " % (name, depth, nodes, label, rf_s)
            if sf_s:
                ratios[label].append(sf_s / rf_s)
                line += "%8.3f %9.1f %9.1f %6.2fx" % (sf_s, nodes / rf_s / 1e6, nodes / sf_s / 1e6, sf_s / rf_s)
            else:
                line += "%8s %9.1f %9s %7s" % ("-", nodes / rf_s / 1e6, "-", "-")
            print(line, flush=True)
    for label, r in ratios.items():
        if r:
            print("%s: geometric mean of the ratios to Stockfish %.2fx over %d positions"
                  % (label, statistics.geometric_mean(r), len(r)))
    for label, path in binaries:
        print("%s: peak memory %.1f MiB" % (label, PEAK_KB.get(path, 0) / 1024))
    if sf in PEAK_KB:
        print("stockfish: peak memory %.1f MiB" % (PEAK_KB.get(sf, 0) / 1024))
    print("signature %d" % signature)
    return 0


if __name__ == "__main__":
    sys.exit(main())

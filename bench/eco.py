#!/usr/bin/env python3
"""ECO file loading and opening look-ups: rankfile.openings on an ECO file.

usage: python3 bench/eco.py [--package DIR] [--eco FILE] [--runs N] [--rankfile PATH]

Rows:
  load           rankfile.openings.load(FILE): the file read and every entry's line played and
                 filed by position (the best of --runs, default 20; goal: Debian's eco.pgn, 2,014
                 entries, under 50 ms)
  rankfile opening   the whole program naming one line (process start and loading included)
  lookup         OpeningTable.lookup of each entry's own position (a Board per entry, made
                 beforehand from the line `rankfile pgn` reads), one call each
FILE defaults to Debian's /usr/share/pgn-extract/eco.pgn (apt-get install pgn-extract). The
package is imported from --package (default build/python: make python). Classification inside
`rankfile pgn` is timed by bench/pgn.py (its openings rows).
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def best(runs, fn):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--package", default=os.path.join(ROOT, "build", "python"))
    ap.add_argument("--rankfile", default=os.path.join(ROOT, "build", "rankfile"))
    ap.add_argument("--eco", default="/usr/share/pgn-extract/eco.pgn")
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    if not os.path.isfile(args.eco):
        sys.exit(f"bench/eco.py: no ECO file {args.eco} (apt-get install pgn-extract, or --eco FILE)")
    sys.path.insert(0, args.package)
    try:
        import rankfile
        import rankfile.openings
    except ImportError as e:
        sys.exit(f"bench/eco.py: the Python package cannot be imported ({e}): make python, or --package DIR")

    table = rankfile.openings.load(args.eco)
    n = len(table)
    size = os.path.getsize(args.eco)
    print(f"{args.eco}: {n} entries, {size / 1024:.0f} KiB; best of {args.runs}")
    load = best(args.runs, lambda: rankfile.openings.load(args.eco))
    print(f"  load                {load * 1000:8.2f} ms   {n / load:10.0f} entries/s   (goal < 50 ms)")

    if os.access(args.rankfile, os.X_OK):
        argv = [args.rankfile, "opening", "--eco", args.eco, "--moves", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"]
        whole = best(max(3, args.runs // 4), lambda: subprocess.run(argv, stdout=subprocess.DEVNULL, check=True))
        print(f"  rankfile opening    {whole * 1000:8.2f} ms   (one line named: process start and loading)")

    # Each entry's own position: its line (read by `rankfile pgn` from the ECO file, a PGN file
    # of pgn-extract's format) played on a board before the clock starts.
    boards = []
    if os.access(args.rankfile, os.X_OK) and not args.eco.endswith((".tsv", ".tsv.gz", ".tsv.zst")):
        tsv = subprocess.run([args.rankfile, "pgn", "--no-eco", "--format", "tsv", "--columns", "moves_uci",
                              args.eco], capture_output=True, text=True, check=True).stdout
        for line in tsv.splitlines()[1:]:
            board = rankfile.Board()
            for uci in line.split():
                board.push_uci(uci)
            boards.append(board)
    if not boards:
        print("  lookup              (needs the rankfile program and an ECO file in PGN form)")
        return 0
    found = 0

    def look():
        nonlocal found
        found = sum(1 for b in boards if table.lookup(b) is not None)
    took = best(max(3, args.runs // 4), look)
    print(f"  lookup              {len(boards) / took:10.0f} positions/s   ({found} of {len(boards)} named)")
    return 0



if __name__ == "__main__":
    sys.exit(main())

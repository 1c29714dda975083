#!/usr/bin/env python3
"""Syzygy probing speed: `rankfile tb` against python-chess's chess.syzygy, on the same positions.

usage: python3 bench/tb.py [--rankfile PATH] [--package DIR] [--tables DIR] [--positions N] [--runs N] [--seed S]

The positions: N (default 2,000) seeded random legal positions of 2-4 pieces without castling
rights (the generator of tests/oracle/syzygy.py), on python-chess's 3-4 piece tables
(../shared/data/python-chess/syzygy, or $RF_SHARED_DATA/python-chess/syzygy).

Rows (the best of --runs, default 3):
  rankfile tb       the program reading every FEN from standard input and answering each with a
                    root probe (the position's WDL and DTZ, every legal move's WDL and DTZ, the
                    best move); the whole process is timed, and a run with one position is taken
                    off (start, opening and checking the tables), which leaves the probing
  python-chess root the same answer from chess.syzygy: probe_wdl and probe_dtz of the position,
                    and of each legal move the position after it probed as the oracle test does
  python-chess WDL  probe_wdl of each position alone, for scale: what python-chess does fastest
  rankfile.syzygy   the Python package's Tablebase.probe_wdl of each position (a rankfile Board
                    of the same FEN), one call per position, and probe_wdl_many over the list (one
                    call, the GIL released once), against python-chess's probe_wdl; the answers
                    are compared on the way (a difference prints a warning). The package is
                    imported from --package (default build/python); without it the rows are left
                    out.
The ratio of root probes to root probes, the time of one root probe (goal: under 1 ms with 4
pieces), and the ratio of WDL probes to WDL probes (goal: >= 50x).
"""
import argparse
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))


def shared_tables():
    for base in [os.environ.get("RF_SHARED_DATA"), os.path.join(ROOT, "..", "shared", "data")]:
        if base and os.path.isdir(os.path.join(base, "python-chess", "syzygy")):
            return os.path.abspath(os.path.join(base, "python-chess", "syzygy"))
    return None


def best(runs, fn):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rankfile", default=os.path.join(ROOT, "build", "rankfile"))
    ap.add_argument("--package", default=os.path.join(ROOT, "build", "python"))
    ap.add_argument("--tables", default=shared_tables())
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261126)
    args = ap.parse_args()
    if not args.tables or not os.path.isdir(args.tables):
        print("no Syzygy tables: --tables DIR (python-chess's 3-4 piece set is in ../shared/data)")
        return 2
    try:
        import chess
        import chess.syzygy
        from syzygy import random_board, move_value
    except ImportError as e:
        print(f"python-chess unavailable ({e}): pip install chess")
        return 2

    rng = random.Random(args.seed)
    boards = [random_board(rng) for _ in range(args.positions)]
    fens = "".join(b.fen() + "\n" for b in boards).encode()
    pieces = sum(len(b.piece_map()) for b in boards) / len(boards)
    print(f"{len(boards)} random positions of 2-4 pieces (seed {args.seed}, {pieces:.1f} pieces on "
          f"average), tables {args.tables}; best of {args.runs}")

    def tb(text):
        p = subprocess.run([args.rankfile, "tb", "--path", args.tables], input=text, capture_output=True)
        if p.returncode not in (0, 65):
            raise RuntimeError(f"rankfile tb: exit {p.returncode}: {p.stderr.decode(errors='replace')[:300]}")
        return p

    try:
        tb(fens[:fens.index(b"\n") + 1])
    except (OSError, RuntimeError) as e:
        print(f"rankfile tb unavailable ({e})")
        return 2
    whole = best(args.runs, lambda: tb(fens))
    one = best(args.runs, lambda: tb(fens[:fens.index(b"\n") + 1]))
    probing = max(whole - one, 1e-9)
    rf_rate = len(boards) / probing
    print(f"  {'rankfile tb (root probes)':32s} {rf_rate:10.0f} positions/s  {probing:7.3f} s "
          f"(+{one * 1000:.1f} ms start and opening)  {probing / len(boards) * 1e6:7.1f} us per root probe")

    with chess.syzygy.open_tablebase(args.tables) as tables:
        def root():
            for b in boards:
                wdl = tables.probe_wdl(b)
                dtz = tables.probe_dtz(b)
                for m in list(b.legal_moves):
                    move_value(tables, b, m, dtz)
                del wdl

        def wdl_only():
            for b in boards:
                tables.probe_wdl(b)

        pc_root = best(args.runs, root)
        pc_wdl = best(args.runs, wdl_only)
    print(f"  {'python-chess root (the same)':32s} {len(boards) / pc_root:10.0f} positions/s  {pc_root:7.3f} s")
    print(f"  {'python-chess probe_wdl alone':32s} {len(boards) / pc_wdl:10.0f} positions/s  {pc_wdl:7.3f} s")
    print(f"  rankfile's root probes over python-chess's: {pc_root / probing:.0f}x")
    print(f"  one root probe: {probing / len(boards) * 1e3:.3f} ms (goal < 1 ms)")
    wdl_rows(args, boards, tables_answers(args.tables, boards), pc_wdl)
    return 0


def tables_answers(path, boards):
    import chess.syzygy

    with chess.syzygy.open_tablebase(path) as tables:
        return [tables.probe_wdl(b) for b in boards]


def wdl_rows(args, boards, expected, pc_wdl):
    """rankfile.syzygy's probe_wdl and probe_wdl_many against python-chess's probe_wdl."""
    sys.path.insert(0, args.package)
    try:
        import rankfile
        import rankfile.syzygy
        if not rankfile.syzygy.available():
            raise ImportError("the package was built without Fathom")
    except ImportError as e:
        print(f"  rankfile.syzygy unavailable ({e}): make python, or --package DIR")
        return
    ours = [rankfile.Board(b.fen()) for b in boards]
    # 20 passes per run: one pass is a few milliseconds
    passes = 20
    with rankfile.syzygy.open_tablebase(args.tables) as tables:
        probe = tables.probe_wdl
        if [probe(b) for b in ours] != expected or tables.probe_wdl_many(ours) != expected:
            print("  warning: rankfile.syzygy's WDL differs from python-chess's")

        def single():
            for _ in range(passes):
                for b in ours:
                    probe(b)

        def many():
            for _ in range(passes):
                tables.probe_wdl_many(ours)

        rf_single = len(ours) * passes / best(args.runs, single)
        rf_many = len(ours) * passes / best(args.runs, many)
    pc_rate = len(boards) / pc_wdl
    print(f"  {'rankfile.syzygy probe_wdl':32s} {rf_single:10.0f} positions/s  {rf_single / pc_rate:5.0f}x "
          f"python-chess's probe_wdl ({1e6 / rf_single:.2f} us each; goal >= 50x)")
    print(f"  {'rankfile.syzygy probe_wdl_many':32s} {rf_many:10.0f} positions/s  {rf_many / pc_rate:5.0f}x "
          f"({1e6 / rf_many:.2f} us each)")


if __name__ == "__main__":
    sys.exit(main())

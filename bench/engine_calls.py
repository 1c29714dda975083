#!/usr/bin/env python3
"""The engine driver's per-call cost: rankfile.engine against python-chess's chess.engine, side
by side in one run.

usage: python3 bench/engine_calls.py [--build DIR] [--engine PATH] [--calls N] [--runs R]

Each library starts the same engine (--engine, default Debian's /usr/games/stockfish) with
`Threads 1`, and calls ``SimpleEngine.analyse(board, Limit(nodes=1))`` on the start position
--calls times (1,000); the engine's search is one node, so the time is almost all the driver's:
writing `position` and `go`, reading the engine's lines, parsing them, and the blocking call
around the protocol's coroutine. The two run one after the other, --runs times each (3,
alternating), and the best run of each is printed: microseconds per call and the ratio.

`engine round trip` is the floor: the same exchange written and read with plain blocking pipes
in this process (no parsing), what any driver pays for the engine itself.

The package is imported from --build DIR/python (default build/python: `make python`).
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def per_call(engine_module, board, engine_path, calls):
    """Seconds per analyse() call, after one call that starts the game (ucinewgame)."""
    with engine_module.SimpleEngine.popen_uci(engine_path) as engine:
        engine.configure({"Threads": 1})
        limit = engine_module.Limit(nodes=1)
        first = engine.analyse(board, limit)
        assert "score" in first and first.get("pv"), first
        start = time.perf_counter()
        for _ in range(calls):
            engine.analyse(board, limit)
        elapsed = time.perf_counter() - start
        engine.quit()
    return elapsed / calls


def round_trip(engine_path, calls):
    """Seconds per `position startpos` + `go nodes 1` exchange over plain pipes."""
    proc = subprocess.Popen([engine_path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def exchange(lines, until):
        proc.stdin.write(lines)
        proc.stdin.flush()
        while not proc.stdout.readline().startswith(until):
            pass

    try:
        exchange("uci\n", "uciok")
        exchange("setoption name Threads value 1\nucinewgame\nisready\n", "readyok")
        exchange("position startpos\ngo nodes 1\n", "bestmove")
        start = time.perf_counter()
        for _ in range(calls):
            exchange("position startpos\ngo nodes 1\n", "bestmove")
        return (time.perf_counter() - start) / calls
    finally:
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, os.path.abspath(os.path.join(args.build, "python")))
    import rankfile
    import rankfile.engine
    try:
        import chess
        import chess.engine
    except ImportError:
        sys.exit("engine_calls: python-chess is not installed (pip install chess==1.11.2)")
    if not os.access(args.engine, os.X_OK):
        sys.exit(f"engine_calls: {args.engine}: no such engine (apt-get install stockfish, or --engine PATH)")

    best = {"rankfile": float("inf"), "python-chess": float("inf")}
    for _ in range(args.runs):
        best["rankfile"] = min(best["rankfile"], per_call(rankfile.engine, rankfile.Board(), args.engine, args.calls))
        best["python-chess"] = min(best["python-chess"], per_call(chess.engine, chess.Board(), args.engine, args.calls))
    floor = min(round_trip(args.engine, args.calls) for _ in range(args.runs))

    print(f"SimpleEngine.analyse(Limit(nodes=1)), {args.calls} calls, {os.path.basename(args.engine)}, best of {args.runs}:")
    print(f"  rankfile.engine      {best['rankfile'] * 1e6:8.1f} us/call")
    print(f"  python-chess         {best['python-chess'] * 1e6:8.1f} us/call")
    print(f"  ratio                {best['python-chess'] / best['rankfile']:8.2f}x (python-chess / rankfile)")
    print(f"  engine round trip    {floor * 1e6:8.1f} us/call (plain pipes, no driver)")


if __name__ == "__main__":
    main()

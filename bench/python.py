#!/usr/bin/env python3
"""The Python package's speed: `import rankfile` against python-chess, side by side in one run.

usage: python3 bench/python.py [--build DIR] [--rankfile PATH] [--file PGN] [--quick] [--runs N]
                               [--read-games N] [--table-games N] [--playouts N] [--fens N]
                               [--perft-depth D]

Each row runs the same Python code over rankfile (`import rankfile as chess`) and over
python-chess (`import chess`), in this process, one after the other, and prints both speeds and
their ratio (the best of --runs, default 3, for each):

  read_game loop   rankfile.pgn.read_game / chess.pgn.read_game over --read-games games (2,000),
                   pushing every main-line move on game.board()
  read_table       rankfile.pgn.read_table on --table-games games (20,000), against python-chess's
                   read_game loop (its games/s from the row above) and against
                   `rankfile pgn --format json FILE` (the program, output to /dev/null)
  playouts         seeded random games from the start (legal_moves, san, push, is_game_over),
                   --playouts games each; plies/s (each library's own move order, so the games
                   differ; the seed is the same)
  FEN              Board(fen) + is_valid() + the legal moves, over --fens positions (10,000)
                   taken from seeded random games
  perft            Board.perft(D, threads=1) against `rankfile perft FEN D --threads 1` (the
                   program, whole process timed); nodes/s. python-chess has no perft: its
                   speed is a recursive count over legal_moves at a small depth, for scale.

The PGN file: --file, or python-chess's test games (../shared/data/python-chess/pgn, or
$RF_SHARED_DATA/python-chess/pgn) written again and again into a temporary file until it holds
the number of games a row needs. The package is imported from --build DIR/python (default
build/python: `make python`); the program is --rankfile (default build/rankfile).
"""
import argparse
import glob
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# The goals, printed beside each ratio.
GOALS = {
    "read_game loop": ">= 25x",
    "read_table vs python-chess": ">= 100x",
    "read_table vs CLI json": "within 1.5x (>= 0.67x)",
    "playouts": ">= 15x",
    "FEN + is_valid + legal moves": ">= 15x",
    "perft vs CLI": "within 5% (>= 0.95x)",
}


def best(runs, fn):
    """The shortest of `runs` timings of fn() and fn's last answer."""
    seconds, answer = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        answer = fn()
        seconds = min(seconds, time.perf_counter() - start)
    return seconds, answer


def shared_pgn_files():
    shared = os.environ.get("RF_SHARED_DATA") or os.path.join(ROOT, "..", "shared", "data")
    files = sorted(glob.glob(os.path.join(shared, "python-chess", "pgn", "*.pgn")))
    if not files:
        sys.exit(f"bench/python.py: no PGN files in {shared}/python-chess/pgn (set RF_SHARED_DATA or --file)")
    return files


def count_games(chess_pgn, path):
    with open(path, encoding="utf-8-sig") as f:
        n = 0
        while chess_pgn.read_headers(f) is not None:
            n += 1
    return n


def repeated_pgn(chess_pgn, sources, games, directory):
    """A temporary PGN file of at least `games` games: the source files one after another,
    again and again. Returns (path, games in it)."""
    texts, per_pass = [], 0
    for path in sources:
        with open(path, encoding="utf-8-sig") as f:
            texts.append(f.read().strip() + "\n\n")
        per_pass += count_games(chess_pgn, path)
    if per_pass == 0:
        sys.exit("bench/python.py: the PGN sources hold no game")
    passes = -(-games // per_pass)
    path = os.path.join(directory, f"games-{games}.pgn")
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(passes):
            out.writelines(texts)
    return path, passes * per_pass


def truncated_pgn(source, games, directory):
    """The first `games` games of a PGN file (cut before the next line starting "[Event "), in
    a temporary file; (path, games)."""
    with open(source, encoding="utf-8-sig") as f:
        lines = f.readlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("[Event ")]
    end = starts[games] if len(starts) > games else len(lines)
    path = os.path.join(directory, f"first-{games}.pgn")
    with open(path, "w", encoding="utf-8") as out:
        out.writelines(lines[:end])
    return path, min(games, len(starts))


def read_game_loop(lib):
    """read_game over the whole file, every main-line move pushed; returns (games, plies)."""
    def run(path):
        games = plies = 0
        with open(path, encoding="utf-8") as f:
            while True:
                game = lib.pgn.read_game(f)
                if game is None:
                    return games, plies
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    plies += 1
                games += 1
    return run


def playouts(lib, games, seed):
    """Seeded random games from the start position; returns the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = lib.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            move = moves[rng.randrange(len(moves))]
            board.san(move)
            board.push(move)
            plies += 1
    return plies


def fen_rows(lib, fens):
    """Board(fen) + is_valid() + the legal moves of each FEN; returns the moves counted."""
    moves = 0
    for fen in fens:
        board = lib.Board(fen)
        if board.is_valid():
            moves += len(list(board.legal_moves))
    return moves


def python_perft(board, depth):
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


def sample_fens(chess, count, seed):
    """`count` FENs from seeded random games of python-chess (every position of each game)."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        while not board.is_game_over() and len(fens) < count:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            fens.append(board.fen())
    return fens


class Table:
    def __init__(self):
        self.rows = []

    def add(self, what, ours, theirs, unit, other="python-chess"):
        ratio = ours / theirs if theirs else float("inf")
        self.rows.append((what, ours, theirs, unit, other, ratio))
        print(f"  {what}: rankfile {ours:,.0f} {unit}, {other} {theirs:,.0f} {unit}: {ratio:.2f}x",
              flush=True)

    def print(self):
        print()
        print("| what | rankfile | compared with | ratio | goal |")
        print("| --- | --- | --- | --- | --- |")
        for what, ours, theirs, unit, other, ratio in self.rows:
            print(f"| {what} | {ours:,.0f} {unit} | {other}: {theirs:,.0f} {unit} | "
                  f"{ratio:.2f}x | {GOALS.get(what, '')} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--rankfile", help="the rankfile program (default: BUILD/rankfile)")
    ap.add_argument("--file", help="a PGN file in place of python-chess's test games")
    ap.add_argument("--quick", action="store_true", help="a tenth of every count, one run")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--read-games", type=int, default=2000)
    ap.add_argument("--table-games", type=int, default=20000)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--fens", type=int, default=10000)
    ap.add_argument("--perft-depth", type=int, default=7)
    ap.add_argument("--seed", default="rankfile-bench")
    args = ap.parse_args()
    if args.quick:
        args.runs = 1
        args.read_games, args.table_games = args.read_games // 10, args.table_games // 10
        args.playouts, args.fens = max(1, args.playouts // 10), args.fens // 10
        args.perft_depth = min(args.perft_depth, 6)
    cli = args.rankfile or os.path.join(args.build, "rankfile")
    sys.path.insert(0, os.path.join(args.build, "python"))
    import chess
    import chess.pgn
    import rankfile
    import rankfile.pgn
    print(f"rankfile {rankfile.__version__} ({rankfile.__file__}), python-chess {chess.__version__}, "
          f"Python {sys.version.split()[0]}, best of {args.runs}")

    table = Table()
    pc_games_per_s = None
    with tempfile.TemporaryDirectory(prefix="rankfile-bench-") as tmp:
        def pgn_of(games):
            if args.file:
                return truncated_pgn(args.file, games, tmp)
            return repeated_pgn(chess.pgn, shared_pgn_files(), games, tmp)

        def read_game_row():
            nonlocal pc_games_per_s
            path, games = pgn_of(args.read_games)
            print(f"read_game loop: {games:,} games ({path})", flush=True)
            t_pc, (g_pc, p_pc) = best(args.runs, lambda: read_game_loop(chess)(path))
            pc_games_per_s = g_pc / t_pc
            t_rf, (g_rf, p_rf) = best(args.runs, lambda: read_game_loop(rankfile)(path))
            if (g_rf, p_rf) != (g_pc, p_pc):
                print(f"  warning: rankfile read {g_rf} games, {p_rf} plies; python-chess {g_pc}, {p_pc}")
            table.add("read_game loop", g_rf / t_rf, pc_games_per_s, "games/s")

        def read_table_rows():
            path, games = pgn_of(args.table_games)
            print(f"read_table: {games:,} games ({path}), and its plies and moves_uci columns",
                  flush=True)

            # The first call imports NumPy (a tenth of a second, once per process): not timed.
            rankfile.pgn.read_table(b"1. e4 *")["plies"]

            def read():
                tab = rankfile.pgn.read_table(path)
                tab["plies"], tab["moves_uci"]
                return tab
            t_tab, tab = best(args.runs, read)
            if len(tab) != games:
                print(f"  warning: read_table has {len(tab)} rows for {games} games")
            if pc_games_per_s:
                table.add("read_table vs python-chess", games / t_tab, pc_games_per_s, "games/s")

            def cli_json():
                with open(os.devnull, "wb") as null:
                    subprocess.run([cli, "pgn", "--format", "json", path], stdout=null, check=True)
            if not os.access(cli, os.X_OK):
                raise RuntimeError(f"no program at {cli} for `rankfile pgn --format json`")
            t_cli, _ = best(args.runs, cli_json)
            table.add("read_table vs CLI json", games / t_tab, games / t_cli, "games/s",
                      "rankfile pgn --format json")

        row("read_game loop", read_game_row)
        row("read_table", read_table_rows)

    def playout_row():
        print(f"playouts: {args.playouts} games each", flush=True)
        t_pc, p_pc = best(args.runs, lambda: playouts(chess, args.playouts, args.seed))
        t_rf, p_rf = best(args.runs, lambda: playouts(rankfile, args.playouts, args.seed))
        table.add("playouts", p_rf / t_rf, p_pc / t_pc, "plies/s")

    def fen_row():
        fens = sample_fens(chess, args.fens, args.seed)
        print(f"FEN + is_valid + legal moves: {len(fens):,} positions", flush=True)
        t_pc, m_pc = best(args.runs, lambda: fen_rows(chess, fens))
        t_rf, m_rf = best(args.runs, lambda: fen_rows(rankfile, fens))
        if m_rf != m_pc:
            print(f"  warning: rankfile counted {m_rf} legal moves, python-chess {m_pc}")
        table.add("FEN + is_valid + legal moves", len(fens) / t_rf, len(fens) / t_pc, "positions/s")

    def perft_row():
        depth = args.perft_depth
        print(f"perft: start position, depth {depth}, one thread", flush=True)
        board = rankfile.Board()
        t_rf, nodes = best(args.runs, lambda: board.perft(depth, threads=1))
        if os.access(cli, os.X_OK):
            def cli_perft():
                out = subprocess.run([cli, "perft", START_FEN, str(depth), "--threads", "1", "--quiet"],
                                     capture_output=True, text=True, check=True).stdout
                return int(out.split()[-1])
            t_cli, cli_nodes = best(args.runs, cli_perft)
            if cli_nodes != nodes:
                print(f"  warning: Board.perft counted {nodes}, the program {cli_nodes}")
            table.add("perft vs CLI", nodes / t_rf, cli_nodes / t_cli, "nodes/s", "rankfile perft")
        pc_depth = 3 if args.quick else 4
        t_pc, pc_nodes = best(1, lambda: python_perft(chess.Board(), pc_depth))
        table.add("perft vs python-chess", nodes / t_rf, pc_nodes / t_pc, "nodes/s",
                  f"python-chess (depth {pc_depth}, recursive legal_moves)")

    row("playouts", playout_row)
    row("FEN", fen_row)
    row("perft", perft_row)
    table.print()


def row(name, fn):
    """Runs one row; a part that is missing or fails prints `unavailable (reason)`."""
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the other rows still run
        print(f"  {name}: unavailable ({type(exc).__name__}: {exc})", flush=True)


if __name__ == "__main__":
    main()

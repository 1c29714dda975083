#!/usr/bin/env python3
"""PGN reading speed: rankfile against pgn-extract and python-chess, each checking every move.

usage: python3 bench/pgn.py [--rankfile PATH] [--file PGN] [--games N] [--quick] [--runs N]
                            [--python-chess DIR] [--python-games N]

The game file: --file, or N (default 20,000) realistic-ish standard games that
bench/oracles/pgn_games.mjs writes with chessops (random play, 40 to 160 plies, lichess's
headers, [%clk] comments), cached in bench/data/ (gitignored). Needs node and
`npm ci --prefix bench/oracles` for that, not for --file.

Each program runs alone (one process at a time), timed by wall clock over the whole process
(start included), the best of --runs:
  rankfile     `rankfile pgn --count FILE`
  pgn-extract  `pgn-extract -s --quiet -Wuci -o /dev/null FILE` (Debian's pgn-extract,
               /usr/games/pgn-extract: it plays every move to write it as UCI)
  python-chess `chess.pgn.read_game` over every game (each SAN is parsed against the board, so
               every move is checked), on the first --python-games games (default 1,000: it is
               slow), scaled to games/s. An installed `chess` module is used when importable,
               else --python-chess DIR or $PYTHON_CHESS (a folder holding the `chess` package,
               e.g. from `git archive HEAD chess` of python-chess's repository).
Then rankfile's other paths against --count: `--format tsv` with ten columns, and `--where
'WhiteElo>=N'` with N the 95th percentile of the file's ratings (about 5% of the games kept, the
moves of the others not checked). Then rankfile's peak RSS on the file and on the file ten times over (GNU time's %M, else
os.wait4's ru_maxrss, which cannot read below this script's own RSS).
A program that is missing or fails prints `unavailable (reason)`; the others go on.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The python-chess side: run in its own process (python3 -c), so that its time and memory are
# its own. Prints games, plies and problems found, the seconds of the reading alone.
PYTHON_CHESS = r"""
import sys, time
import chess, chess.pgn
t = time.perf_counter()
games = plies = errors = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        games += 1
        errors += len(game.errors)
        plies += sum(1 for _ in game.mainline_moves())
print(games, plies, errors, time.perf_counter() - t, chess.__version__)
"""


def run(argv, env=None):
    """Runs one process to its end: (seconds, exit status, stdout, stderr)."""
    start = time.perf_counter()
    p = subprocess.run(argv, capture_output=True, env=env)
    return time.perf_counter() - start, p.returncode, p.stdout, p.stderr


GNU_TIME = "/usr/bin/time"


def run_rss(argv):
    """Runs one process, stdout to /dev/null: (seconds, exit status, peak RSS KiB, stderr).

    The peak RSS comes from GNU time (`-f %M`) when it is there: os.wait4's ru_maxrss of a child
    that Python starts also counts the Python process it was forked (or vforked) from, which
    Linux records at exec, so it never reads below this script's own ~15 MiB. Without GNU time
    that is the fallback (a floor, then, not the program's own peak)."""
    d = cache_dir()
    err_path, rss_path = os.path.join(d, ".stderr"), os.path.join(d, ".maxrss")
    use_time = os.access(GNU_TIME, os.X_OK)
    cmd = [GNU_TIME, "-f", "%M", "-o", rss_path] + argv if use_time else argv
    with open(os.devnull, "wb") as null, open(err_path, "w+b") as err:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=null, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        message = err.read().decode(errors="replace")
    maxrss = usage.ru_maxrss
    if use_time:
        try:
            with open(rss_path) as f:
                # GNU time writes "Command exited with non-zero status N" before %M on failure.
                maxrss = int(f.read().split()[-1])
        except (OSError, ValueError, IndexError):
            pass
    return seconds, p.returncode, maxrss, message


def cache_dir():
    d = os.path.join(HERE, "data")
    os.makedirs(d, exist_ok=True)
    return d


def count_games(path):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b"[Event "):
                n += 1
    return n


def game_file(games):
    path = os.path.join(cache_dir(), f"games-{games}.pgn")
    if os.path.exists(path):
        return path
    script = os.path.join(HERE, "oracles", "pgn_games.mjs")
    if not shutil.which("node") or not os.path.isdir(os.path.join(HERE, "oracles", "node_modules", "chessops")):
        sys.exit("bench/pgn.py: writing the games needs node and chessops: npm ci --prefix bench/oracles (or give --file)")
    print(f"writing {games} games with chessops to {path} ...", flush=True)
    with open(path + ".tmp", "wb") as out:
        subprocess.run(["node", script, str(games)], stdout=out, check=True, cwd=os.path.join(HERE, "oracles"))
    os.replace(path + ".tmp", path)
    return path


def first_games(path, n):
    """The first n games of a PGN file, as a file of their own (for the slow python-chess)."""
    sub = os.path.join(cache_dir(), f"{os.path.basename(path)}.first-{n}.pgn")
    if os.path.exists(sub) and os.path.getmtime(sub) >= os.path.getmtime(path):
        return sub
    seen = 0
    with open(path, "rb") as f, open(sub + ".tmp", "wb") as out:
        for line in f:
            if line.startswith(b"[Event "):
                seen += 1
                if seen > n:
                    break
            out.write(line)
    os.replace(sub + ".tmp", sub)
    return sub


def repeated(path, times):
    big = os.path.join(cache_dir(), f"{os.path.basename(path)}.x{times}.pgn")
    if os.path.exists(big) and os.path.getmtime(big) >= os.path.getmtime(path):
        return big
    with open(path, "rb") as f:
        data = f.read()
    if not data.endswith(b"\n\n"):
        data += b"\n" if data.endswith(b"\n") else b"\n\n"
    with open(big + ".tmp", "wb") as out:
        for _ in range(times):
            out.write(data)
    os.replace(big + ".tmp", big)
    return big


def best(argv, runs):
    """The fastest of `runs` runs: (seconds, peak RSS KiB), or raises with the failure."""
    times = []
    rss = 0
    for _ in range(runs):
        seconds, status, maxrss, err = run_rss(argv)
        if status != 0:
            raise RuntimeError(f"exit {status}: {err.strip()[:300]}")
        times.append(seconds)
        rss = max(rss, maxrss)
    return min(times), rss


def python_chess_env(directory):
    """The environment to run python-chess in, and where it comes from; None when there is none."""
    env = dict(os.environ)
    probe = [sys.executable, "-c", "import chess, chess.pgn; print(chess.__file__)"]
    if subprocess.run(probe, capture_output=True).returncode == 0:
        return env, "installed"
    for d in [directory, os.environ.get("PYTHON_CHESS")]:
        if d and os.path.isdir(os.path.join(d, "chess")):
            env["PYTHONPATH"] = os.path.abspath(d) + os.pathsep + env.get("PYTHONPATH", "")
            return env, os.path.abspath(d)
    return None, None


def elo_values(path):
    """The numeric [WhiteElo] tags of a plain PGN file."""
    values = []
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b'[WhiteElo "'):
                v = line[11:].split(b'"')[0]
                if v.isdigit():
                    values.append(int(v))
    return values


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rankfile", default=os.path.join(ROOT, "build", "rankfile"))
    ap.add_argument("--file", help="a PGN file to read instead of the generated one")
    ap.add_argument("--games", type=int, help="games to generate (default 20000; --quick 2000)")
    ap.add_argument("--quick", action="store_true", help="2,000 games, 200 for python-chess, one run")
    ap.add_argument("--runs", type=int, help="runs of rankfile and pgn-extract, the best counted (default 3)")
    ap.add_argument("--python-chess", metavar="DIR", help="folder holding the chess package")
    ap.add_argument("--python-games", type=int, help="games python-chess reads (default 1000)")
    args = ap.parse_args()
    games = args.games or (2000 if args.quick else 20000)
    runs = args.runs or (1 if args.quick else 3)
    python_games = args.python_games or (200 if args.quick else 1000)

    path = os.path.abspath(args.file) if args.file else game_file(games)
    games = count_games(path)
    size = os.path.getsize(path) / 1e6
    print(f"{path}: {games} games, {size:.1f} MB; best of {runs} run(s) each, one process at a time")

    rate = {}

    # rankfile: the PGN reader checks every move of every game.
    rankfile = [args.rankfile, "pgn", "--count", path]
    try:
        seconds, rss = best(rankfile, runs)
        rate["rankfile"] = games / seconds
        print(f"rankfile      {rate['rankfile']:10.0f} games/s  ({seconds:.3f} s, peak RSS {rss / 1024:.1f} MiB)  {' '.join(rankfile)}")
    except (OSError, RuntimeError) as e:
        print(f"rankfile      unavailable ({e})  {' '.join(rankfile)}")

    # pgn-extract: -Wuci makes it play every move (an illegal one is reported, the game dropped).
    exe = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")
    if exe:
        extract = [exe, "-s", "--quiet", "-Wuci", "-o", os.devnull, path]
        try:
            seconds, rss = best(extract, runs)
            rate["pgn-extract"] = games / seconds
            print(f"pgn-extract   {rate['pgn-extract']:10.0f} games/s  ({seconds:.3f} s, peak RSS {rss / 1024:.1f} MiB)  {' '.join(extract)}")
        except (OSError, RuntimeError) as e:
            print(f"pgn-extract   unavailable ({e})")
    else:
        print("pgn-extract   unavailable (not installed: apt-get install pgn-extract)")

    # python-chess, on the first games only.
    env, where = python_chess_env(args.python_chess)
    if env:
        sub = first_games(path, python_games)
        seconds, status, out, err = run([sys.executable, "-c", PYTHON_CHESS, sub], env=env)
        if status == 0:
            n, plies, errors, inner, version = out.decode().split()
            rate["python-chess"] = int(n) / seconds
            note = f", {errors} games with errors" if int(errors) else ""
            print(f"python-chess  {rate['python-chess']:10.0f} games/s  ({seconds:.3f} s for the first {n} games, "
                  f"{plies} plies{note}; {float(inner):.3f} s reading alone; python-chess {version}, {where})")
        else:
            print(f"python-chess  unavailable (exit {status}: {err.decode(errors='replace').strip()[-300:]})")
    else:
        print("python-chess  unavailable (no `chess` module: pip install chess, or --python-chess DIR / $PYTHON_CHESS)")

    for other in ["pgn-extract", "python-chess"]:
        if "rankfile" in rate and other in rate:
            print(f"rankfile / {other}: {rate['rankfile'] / rate[other]:.2f}x")

    # rankfile's other ways through the same file, against --count: a table of ten columns
    # (written to /dev/null), and a tag filter that keeps about 5% of the games (the moves of
    # the others are not checked).
    elos = sorted(elo_values(path))
    cut = elos[int(len(elos) * 0.95)] if elos else 2500
    ten = "index,Site,Date,White,Black,WhiteElo,BlackElo,TimeControl,result,plies"
    for label, argv, goal in [
            ("--format tsv, 10 columns", [args.rankfile, "pgn", "--format", "tsv", "--columns", ten, path], 0.8),
            (f"--where 'WhiteElo>={cut}'", [args.rankfile, "pgn", "--count", "--where", f"WhiteElo>={cut}", path], 3.0)]:
        try:
            seconds, rss = best(argv, runs)
            kept = ""
            if "--where" in argv:
                kept = f", {sum(1 for e in elos if e >= cut) / max(len(elos), 1):.1%} of the games kept"
            ratio = (games / seconds) / rate["rankfile"] if "rankfile" in rate else float("nan")
            print(f"rankfile {label}: {games / seconds:.0f} games/s ({seconds:.3f} s, peak RSS {rss / 1024:.1f} MiB{kept}), "
                  f"{ratio:.2f}x --count's speed (goal >= {goal}x)")
        except (OSError, RuntimeError) as e:
            print(f"rankfile {label}: unavailable ({e})")

    # rankfile's memory: the file and the file ten times over (a reader that keeps the games
    # would grow ten times).
    big = repeated(path, 10)
    for label, p, n in [("file", path, games), ("file x10", big, games * 10)]:
        try:
            seconds, rss = best([args.rankfile, "pgn", "--count", p], 1)
            print(f"rankfile peak RSS, {label} ({n} games, {os.path.getsize(p) / 1e6:.0f} MB): "
                  f"{rss / 1024:.1f} MiB ({n / seconds:.0f} games/s)")
        except (OSError, RuntimeError) as e:
            print(f"rankfile peak RSS, {label}: unavailable ({e})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

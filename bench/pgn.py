#!/usr/bin/env python3
"""PGN reading speed: rankfile against pgn-extract and python-chess, each checking every move.

usage: python3 bench/pgn.py [--rankfile PATH] [--file PGN] [--games N] [--times N] [--threads N]
                            [--quick] [--runs N]
                            [--python-chess DIR] [--python-games N]

The game file: --file, or N (default 20,000) realistic-ish standard games that
tests/oracle/pgn_games.mjs writes with chessops (random play, 40 to 160 plies, lichess's
headers, [%clk] comments), cached in bench/data/ (gitignored). Needs node and
`npm ci --prefix tests/oracle` for that, not for --file.

The timed file is that file --times times over (default 10: 200,000 games). Each program runs
alone (one process at a time), timed by wall clock over the whole process (start included), the
best of --runs:
  rankfile     `rankfile pgn --count FILE`
  pgn-extract  `pgn-extract -s --quiet -Wuci -o /dev/null FILE` (Debian's pgn-extract,
               /usr/games/pgn-extract: it plays every move to write it as UCI)
  python-chess `chess.pgn.read_game` over every game (each SAN is parsed against the board, so
               every move is checked), on the first --python-games games (default 1,000: it is
               slow), scaled to games/s. An installed `chess` module is used when importable,
               else --python-chess DIR or $PYTHON_CHESS (a folder holding the `chess` package,
               e.g. from `git archive HEAD chess` of python-chess's repository).
rankfile runs with --threads 1 and --threads N (--threads, default 2); then, with N threads,
its other paths against --count: `--format tsv` with ten columns, `--where 'WhiteElo>=X'` with X
the 95th percentile of the file's ratings (about 5% of the games kept, the moves of the others
not checked), json and pgn (for their peak RSS: GNU time's %M, else os.wait4's ru_maxrss, which
cannot read below this script's own RSS), the file compressed with zstd, `zstd -dc` alone, and
the reading thread's own work on the .zst (a --where that keeps nothing, one thread); openings
(issue 27): `--count --eco FILE --eco A00-E99` against `--count` on one thread, and the ten
columns plus eco,opening against the ten alone (FILE: Debian's eco.pgn, else the project's own
small test file; the goal: classifying costs under 10% of --count's time); then
rankfile.dask.read_pgn over 4 copies of the generated file on a local cluster of 1 and of 2
worker processes (needs dask and distributed, and the Python package built next to --rankfile).
It prints the issue's goals and a lichess month extrapolated from the rates.
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
    oracle = os.path.join(HERE, "..", "tests", "oracle")
    script = os.path.join(oracle, "pgn_games.mjs")
    if not shutil.which("node") or not os.path.isdir(os.path.join(oracle, "node_modules", "chessops")):
        sys.exit("bench/pgn.py: writing the games needs node and chessops: npm ci --prefix tests/oracle (or give --file)")
    print(f"writing {games} games with chessops to {path} ...", flush=True)
    with open(path + ".tmp", "wb") as out:
        subprocess.run(["node", script, str(games)], stdout=out, check=True, cwd=oracle)
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


# Dask: rankfile.dask.read_pgn over 4 files on a local cluster of W worker processes (one thread
# each): plies per result, an aggregate as analysts compute (the rows stay on the workers),
# after one warm-up run on every worker (imports); prints seconds and games.
DASK = r"""
import sys, time
import dask
from distributed import Client, LocalCluster
import rankfile.dask
workers, files = int(sys.argv[1]), sys.argv[2:]
columns = ["index", "White", "plies", "result"]
with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                  dashboard_address=None) as cluster, Client(cluster) as client:
    rankfile.dask.read_pgn(files, columns=columns).groupby("result").plies.sum().compute()
    t = time.perf_counter()
    frame = rankfile.dask.read_pgn(files, columns=columns)
    sums, games = dask.compute(frame.groupby("result").plies.sum(), frame.plies.count())
    seconds = time.perf_counter() - t
    print(seconds, games)
"""


def dask_rows(base, rankfile_bin, runs):
    """Dask with 1 and 2 workers on 4 copies of the file: (rate 1, rate 2), or None."""
    package = os.path.join(os.path.dirname(os.path.abspath(rankfile_bin)), "python")
    env = dict(os.environ, PYTHONPATH=package + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if subprocess.run([sys.executable, "-c", "import dask.dataframe, distributed, rankfile.dask"],
                      env=env, capture_output=True).returncode != 0:
        print('  Dask unavailable (python3 -m pip install "dask[dataframe]" distributed; and the package built)')
        return None
    files = []
    for k in range(4):
        f = os.path.join(cache_dir(), f"dask-{k}-{os.path.basename(base)}")
        if not os.path.exists(f) or os.path.getmtime(f) < os.path.getmtime(base):
            shutil.copyfile(base, f)
        files.append(f)
    rates = []
    for workers in (1, 2):
        best_s, games = None, 0
        for _ in range(runs):
            seconds, status, out, err = run([sys.executable, "-c", DASK, str(workers)] + files, env=env)
            if status != 0:
                print(f"  Dask unavailable (exit {status}: {err.decode(errors='replace').strip()[-300:]})")
                return None
            s, games = out.decode().split()[-2:]
            best_s = float(s) if best_s is None else min(best_s, float(s))
        rates.append(int(games) / best_s)
        print(f"  {'rankfile.dask.read_pgn, 4 files, %d worker%s' % (workers, 's' if workers > 1 else ''):44s} "
              f"{rates[-1]:10.0f} games/s  {best_s:7.3f} s")
    return rates


def timed(label, argv, games, runs):
    """Runs argv `runs` times: its games/s (None when it failed), printed with its peak RSS."""
    try:
        seconds, rss = best(argv, runs)
    except (OSError, RuntimeError) as e:
        print(f"  {label:44s} unavailable ({e})")
        return None, None
    print(f"  {label:44s} {games / seconds:10.0f} games/s  {seconds:7.3f} s  peak RSS {rss / 1024:6.1f} MiB")
    return games / seconds, rss


def timed_rounds(rows, games, runs):
    """Runs the rows' argv one after another, `runs` rounds, so that the machine's drift over the
    bench weighs on every row alike; prints each row's best; returns {key: (games/s, peak RSS)}
    (None for a row that failed). rows: (key, label, argv)."""
    seconds = {key: [] for key, _, _ in rows}
    rss = {key: 0 for key, _, _ in rows}
    failed = {}
    for _ in range(max(runs, 1)):
        for key, _, argv in rows:
            if key in failed:
                continue
            took, status, maxrss, err = run_rss(argv)
            if status != 0:
                failed[key] = f"exit {status}: {err.strip()[:300]}"
                continue
            seconds[key].append(took)
            rss[key] = max(rss[key], maxrss)
    out = {}
    for key, label, _ in rows:
        if key in failed or not seconds[key]:
            print(f"  {label:44s} unavailable ({failed.get(key, 'not run')})")
            out[key] = (None, None)
            continue
        b = min(seconds[key])
        print(f"  {label:44s} {games / b:10.0f} games/s  {b:7.3f} s  peak RSS {rss[key] / 1024:6.1f} MiB")
        out[key] = (games / b, rss[key])
    return out


def goal(label, value, want, fmt="{:.2f}x"):
    if value is None:
        print(f"  {label}: unavailable")
        return
    print(f"  {label}: {fmt.format(value)} (goal >= {fmt.format(want)}){'' if value >= want else '  BELOW THE GOAL'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rankfile", default=os.path.join(ROOT, "build", "rankfile"))
    ap.add_argument("--file", help="a PGN file to read instead of the generated one")
    ap.add_argument("--games", type=int, help="games to generate (default 20000; --quick 2000)")
    ap.add_argument("--times", type=int, help="the file is read this many times over (default 10; --quick 1)")
    ap.add_argument("--threads", type=int, default=2, help="the threads of the threaded rows (default 2)")
    ap.add_argument("--quick", action="store_true", help="2,000 games, 200 for python-chess, one run")
    ap.add_argument("--runs", type=int, help="runs of rankfile and pgn-extract, the best counted (default 3)")
    ap.add_argument("--python-chess", metavar="DIR", help="folder holding the chess package")
    ap.add_argument("--python-games", type=int, help="games python-chess reads (default 1000)")
    args = ap.parse_args()
    games = args.games or (2000 if args.quick else 20000)
    runs = args.runs or (1 if args.quick else 3)
    times = args.times or (1 if args.quick else 10)
    python_games = args.python_games or (200 if args.quick else 1000)
    rf, n = args.rankfile, str(args.threads)

    base = os.path.abspath(args.file) if args.file else game_file(games)
    path = repeated(base, times) if times > 1 else base
    games = count_games(path)
    size = os.path.getsize(path) / 1e6
    print(f"{path}: {games} games, {size:.1f} MB; best of {runs} run(s) each, one process at a time, "
          f"{os.cpu_count()} CPUs")

    print("peers, every move checked:")
    # pgn-extract: -Wuci makes it play every move (an illegal one is reported, the game dropped).
    rate = {}
    exe = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")
    if exe:
        rate["pgn-extract"], _ = timed("pgn-extract -s --quiet -Wuci", [exe, "-s", "--quiet", "-Wuci", "-o", os.devnull, path],
                                       games, runs)
    else:
        print("  pgn-extract unavailable (not installed: apt-get install pgn-extract)")

    # python-chess, on the first games only.
    env, where = python_chess_env(args.python_chess)
    if env:
        sub = first_games(path, python_games)
        seconds, status, out, err = run([sys.executable, "-c", PYTHON_CHESS, sub], env=env)
        if status == 0:
            k, plies, errors, inner, version = out.decode().split()
            rate["python-chess"] = int(k) / seconds
            note = f", {errors} games with errors" if int(errors) else ""
            print(f"  {'python-chess ' + version + ' read_game':44s} {rate['python-chess']:10.0f} games/s  "
                  f"(the first {k} games, {seconds:.3f} s{note}; {float(inner):.3f} s reading alone; {where})")
        else:
            print(f"  python-chess unavailable (exit {status}: {err.decode(errors='replace').strip()[-300:]})")
    else:
        print("  python-chess unavailable (no `chess` module: pip install chess, or --python-chess DIR / $PYTHON_CHESS)")

    # rankfile's rows, round after round: --count on one thread and on n, and the other ways
    # through the same file on n threads: a table of ten columns (to /dev/null), a tag filter
    # keeping about 5% of the games (the moves of the others not checked), the same file
    # compressed with zstd; then JSON and PGN output once each (their peak memory).
    elos = sorted(elo_values(path))
    cut = elos[int(len(elos) * 0.95)] if elos else 2500
    kept = sum(1 for e in elos if e >= cut) / max(len(elos), 1)
    ten = "index,Site,Date,White,Black,WhiteElo,BlackElo,TimeControl,result,plies"
    rows = [("one", "--count --threads 1", [rf, "pgn", "--count", "--threads", "1", path]),
            ("many", f"--count --threads {n}", [rf, "pgn", "--count", "--threads", n, path]),
            ("tsv", "--format tsv, 10 columns",
             [rf, "pgn", "--threads", n, "--format", "tsv", "--columns", ten, path]),
            ("where", f"--count --where 'WhiteElo>={cut}' ({kept:.1%} kept)",
             [rf, "pgn", "--threads", n, "--count", "--where", f"WhiteElo>={cut}", path])]
    # Openings: every game classified and kept by a filter that keeps any code, on one thread
    # (the work per game, not the threads' balance), and two columns more in the table.
    eco_file = "/usr/share/pgn-extract/eco.pgn"
    if not os.path.exists(eco_file):
        eco_file = os.path.join(ROOT, "tests", "data", "eco", "openings.pgn")
    rows += [("eco", f"--count --eco A00-E99 --threads 1 ({os.path.basename(eco_file)})",
              [rf, "pgn", "--count", "--threads", "1", "--eco", eco_file, "--eco", "A00-E99", path]),
             ("tsv_eco", "--format tsv, 10 columns + eco,opening",
              [rf, "pgn", "--threads", n, "--format", "tsv", "--columns", ten + ",eco,opening", "--eco", eco_file,
               path])]
    zst = None
    if shutil.which("zstd"):
        zst = path + ".zst"
        if not os.path.exists(zst) or os.path.getmtime(zst) < os.path.getmtime(path):
            subprocess.run(["zstd", "-q", "-f", "-3", path, "-o", zst], check=True)
        rows.append(("zst", f"--count, the file as .zst ({os.path.getsize(zst) / 1e6:.0f} MB)",
                     [rf, "pgn", "--count", "--threads", n, zst]))
    print(f"rankfile pgn, every move checked, {n} threads unless said ({max(runs, 1)} rounds of these rows):")
    r = timed_rounds(rows, games, runs)
    one, many = r["one"][0], r["many"][0]
    tsv, tsv_rss = r["tsv"]
    where_rate = r["where"][0]
    zst_rate = r["zst"][0] if zst else None
    _, json_rss = timed("--format json", [rf, "pgn", "--threads", n, "--format", "json", path], games, 1)
    _, pgn_rss = timed("--format pgn", [rf, "pgn", "--threads", n, path], games, 1)
    reader = None
    if zst:
        zcat = best(["zstd", "-dc", zst], runs)[0] if runs else None
        print(f"  {'zstd -dc alone (one stream)':44s} {games / zcat:10.0f} games/s  {zcat:7.3f} s")
        reader = games / zcat if zcat else None
    else:
        print("  .zst rows unavailable (no zstd: apt-get install zstd)")

    print("Dask (a local cluster of worker processes, one thread each):")
    dask = dask_rows(base, rf, runs)

    print("goals (issue 26):")
    goal(f"--count, {n} threads over 1", many / one if many and one else None, 1.8)
    if "pgn-extract" in rate:
        goal(f"--count, {n} threads, over pgn-extract", many / rate["pgn-extract"] if many and rate["pgn-extract"] else None, 15)
        if one and rate["pgn-extract"]:
            print(f"  --count, 1 thread, over pgn-extract: {one / rate['pgn-extract']:.1f}x")
    if "python-chess" in rate and one:
        print(f"  --count, 1 thread, over python-chess: {one / rate['python-chess']:.0f}x")
    goal("--format tsv over --count", tsv / many if tsv and many else None, 0.8)
    goal(f"--where ({kept:.1%} kept) over --count", where_rate / many if where_rate and many else None, 3.0)
    rss = [r for r in [tsv_rss, json_rss, pgn_rss] if r]
    if rss:
        print(f"  peak RSS, {n} threads, tsv/json/pgn: {' / '.join(f'{r / 1024:.1f}' for r in rss)} MiB (goal <= 64 MiB)")
    eco_rate, tsv_eco = r["eco"][0], r["tsv_eco"][0]
    if eco_rate and one:
        cost = one / eco_rate - 1
        print(f"  openings, --count --eco on 1 thread: {cost:+.1%} of --count's time (goal < 10%)"
              f"{'' if cost < 0.10 else '  ABOVE THE GOAL'}")
    if tsv_eco and tsv:
        print(f"  openings, tsv + eco,opening: {tsv / tsv_eco - 1:+.1%} of the ten columns' time")
    goal(".zst over the plain file", zst_rate / many if zst_rate and many else None, 0.8)
    goal("Dask, 2 workers over 1, 4 files", dask[1] / dask[0] if dask else None, 1.6)

    # One lichess month: about 100 million standard games (2024: 90-110 M a month).
    month = 100e6
    print("a lichess month (about 100 million games), extrapolated:")
    if one:
        print(f"  {one:,.0f} games/s per core: {month / one / 3600:.1f} core-hours; with {n} threads here "
              f"{month / (many or one) / 3600:.1f} h")
    if reader:
        print(f"  one .zst file is one zstd stream, {reader:,.0f} games/s (zstd -dc; the reading thread adds the UTF-8 "
              f"check and a scan of the lines): the ceiling "
              f"of one file, {month / reader / 3600:.1f} h for a month, reached with about {reader / one:.0f} cores; "
              f"more cores need more files (lichess's months are single files: split them, or --range on the "
              f"decompressed file)" if one else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())

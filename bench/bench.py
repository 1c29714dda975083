#!/usr/bin/env python3
"""Perft benchmark: rankfile against Stockfish's `go perft`, side by side.

For each position the two programs run alternately (rankfile, Stockfish, rankfile, ...), each as
a whole process, so wall time includes process start as a user sees it. The table gives nodes,
the median seconds of each, M nodes/s of each and rankfile's speed as a multiple of Stockfish's.
The closing signature is the sum of the node counts of the rows without a hash table: it changes
only when move generation changes.

usage: bench.py [LABEL=]RANKFILE... [--runs N] [--quick] [--kernel NAME] [--stockfish PATH]
                [--only NAME] [--no-oracles] [--chessops-depth D] [--fsf-depth D]
Several rankfile binaries (e.g. gcc=build/rankfile clang=build-clang/rankfile) are timed in
turn against the same Stockfish runs; the first lines say which move-generation code path
(kernel) each runs, as its `--version` says, and `--kernel auto|portable|bmi2` chooses one
(passed to `rankfile perft`). rankfile runs single-threaded without a hash table, as Stockfish's
`go perft` does, except in the row `start+hash`: there rankfile counts with `--hash 256` against
Stockfish's plain `go perft 7`. That row shows its ratio, marked hashed, but is left out of the
geometric mean, and out of --quick. Peak memory is the largest resident set of any run of each
program (rankfile's hashed runs apart). Timings are printed, never asserted.

Then, for each variant this build plays (`rankfile fen --variant NAME` takes its start FEN), one
line per build compares rankfile's speed from the start position with two outside perft
implementations, run once each through tests/oracle/perft_timed.mjs under Node:
  chessops              lichess's rules in TypeScript (npm chessops, perft from chessops/debug)
  fairy-stockfish-wasm  Fairy-Stockfish's WebAssembly build (npm fairy-stockfish-nnue.wasm), UCI
                        `setoption name UCI_Variant`, `position fen`, `go perft N`
e.g. `crazyhouse start: rankfile 1000.4 M nodes/s (depth 6); chessops 1.11 M nodes/s (depth 4,
903x slower); fairy-stockfish-wasm 11.30 M nodes/s (depth 5, 89x slower)`. The oracles count at
the small depths of ORACLE_STARTS (about a second each) and only their perft is timed, neither
Node's start nor the engine's; rankfile's speed is its deepest start row of the table when that
took ORACLE_MIN_S or more, else rankfile is timed here at ORACLE_STARTS' depth. "Nx slower" is
rankfile's M nodes/s over the oracle's. rankfile also counts at each oracle's depth: a different
count is printed loudly and the bench exits 1. Install the oracles with
    npm ci --prefix tests/oracle
(`make bench` does it when npm is there); without node or the packages the lines say
"unavailable (reason)" and the bench goes on. --no-oracles leaves this part out;
--chessops-depth / --fsf-depth D set one oracle's depth for every variant (0: not run).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

# The table rankfile gets in the hashed row (MiB).
HASH_MB = 256

POSITIONS = [
    # name, FEN, depth, variant, in the quick set, rankfile's --hash in MiB (0: none)
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, "standard", True, 0),
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, "standard", False, 0),
    ("start+hash", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, "standard", False,
     HASH_MB),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, "standard", True, 0),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6, "standard", False, 0),
    ("cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, "standard", True, 0),
    ("cpw-pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, "standard", False, 0),
    ("cpw-pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, "standard", True, 0),
    ("chess960-0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 6, "chess960", False, 0),
    ("atomic-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, "atomic", True, 0),
    ("atomic-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, "atomic", False, 0),
    ("koth-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, "kingofthehill", True, 0),
    ("threecheck-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", 5, "threecheck", True, 0),
    ("threecheck-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", 6, "threecheck", False, 0),
    ("racingkings-start", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 5, "racingkings", True, 0),
    ("racingkings-start", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 6, "racingkings", False, 0),
    ("crazyhouse-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 6, "crazyhouse", True, 0),
    ("crazyhouse-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 7, "crazyhouse", False, 0),
    # A middle game with pockets on both sides: most of its moves are drops.
    ("zh-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1", 4, "crazyhouse", True, 0),
    ("zh-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1", 5, "crazyhouse", False, 0),
    ("horde-start", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", 6, "horde", True, 0),
    ("horde-start", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", 7, "horde", False, 0),
    ("antichess-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 5, "antichess", True, 0),
    ("antichess-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 6, "antichess", False, 0),
    ("antichess-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 7, "antichess", False, 0),
]


# The outside perft implementations timed from each variant's start position (tests/oracle):
# name (as the start rows above), variant, FEN, chessops' depth, Fairy-Stockfish's depth,
# rankfile's depth when no start row of the variant ran long enough (ORACLE_MIN_S). chessops is
# some 1000x slower than rankfile and Fairy-Stockfish's wasm build some 100x: these depths take
# about a second each.
ORACLE_STARTS = [
    ("start", "standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 5, 7),
    ("atomic-start", "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 5, 6),
    ("koth-start", "kingofthehill", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 5, 7),
    ("threecheck-start", "threecheck", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
     4, 5, 6),
    ("racingkings-start", "racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 4, 5, 6),
    ("horde-start", "horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
     5, 6, 7),
    ("antichess-start", "antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 4, 5, 6),
    ("crazyhouse-start", "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
     4, 5, 7),
]
# A start row faster than this (seconds) is mostly process start: rankfile is timed deeper.
ORACLE_MIN_S = 0.1
ORACLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "oracle")
ORACLE_INSTALL = "npm ci --prefix tests/oracle"


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


def kernel_of(binary, kernel):
    """The code path `binary` runs for perft (with --kernel `kernel`, or by default), from the
    second line of its --version: ("bmi2", "bmi2 (x86-64 ...)"). Raises RuntimeError when the
    binary refuses the kernel."""
    args = [binary, "--version"] if not kernel else [binary, "perft", "--kernel", kernel, "--version"]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError((r.stderr.strip() or "%s exited %d" % (binary, r.returncode)))
    for line in r.stdout.splitlines():
        if line.startswith("kernel: "):
            text = line[len("kernel: "):]
            return text.split()[0], text
    return "unknown", "unknown (no kernel line in its --version: an older rankfile)"


def run_rankfile(binary, fen, depth, variant, kernel, hash_mb):
    args = [binary, "perft", fen, str(depth), "--threads", "1"]
    if variant == "chess960":
        args.append("--chess960")
    elif variant != "standard":
        args += ["--variant", variant]
    if kernel:
        args += ["--kernel", kernel]
    if hash_mb:
        args += ["--hash", str(hash_mb)]
    elapsed, out, rss = time_run_rss(args)
    key = (binary, "hashed") if hash_mb else binary
    PEAK_KB[key] = max(PEAK_KB.get(key, 0), rss)
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


def plays(binary, variant, fen):
    """Whether `binary` plays `variant`: its `fen --variant` takes the start position."""
    r = subprocess.run([binary, "fen", "--variant", variant, fen], capture_output=True, text=True)
    return r.returncode == 0


def oracle_setup():
    """(node, {oracle: reason it cannot run}) for the outside implementations."""
    node = shutil.which("node")
    if not node:
        reason = "node not found"
        return None, {"chessops": reason, "fairy-stockfish-wasm": reason}
    missing = {}
    for oracle, package in (("chessops", "chessops"),
                            ("fairy-stockfish-wasm", "fairy-stockfish-nnue.wasm")):
        if not os.path.isfile(os.path.join(ORACLE_DIR, "node_modules", package, "package.json")):
            missing[oracle] = "not installed: %s" % ORACLE_INSTALL
    return node, missing


def run_oracles(node, variant, fen, depths):
    """Runs tests/oracle/perft_timed.mjs once per oracle of `depths` ({oracle: depth}), each in its
    own Node process so that one failing leaves the other's answer: {oracle: {"depth", "nodes",
    "seconds"} or {"error"}}."""
    flags = {"chessops": "--chessops", "fairy-stockfish-wasm": "--fsf"}
    results = {}
    for oracle, depth in depths.items():
        args = [node, os.path.join(ORACLE_DIR, "perft_timed.mjs"), variant, fen, flags[oracle], str(depth)]
        try:
            r = subprocess.run(args, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            results[oracle] = {"error": "perft_timed.mjs ran past 600 s"}
            continue
        try:
            results[oracle] = json.loads(r.stdout.strip().splitlines()[-1])[oracle]
        except (ValueError, IndexError, KeyError, TypeError):
            lines = [l for l in r.stderr.splitlines() if l.strip()]
            results[oracle] = {"error": "perft_timed.mjs exited %d%s" % (
                r.returncode, ": " + lines[-1].strip()[:200] if lines else "")}
    return results


def count_rankfile(binary, fen, depth, variant, kernel, timeout=600):
    """rankfile's perft count, or a sentence saying why there is none."""
    args = [binary, "perft", fen, str(depth), "--threads", "1"]
    if variant == "chess960":
        args.append("--chess960")
    elif variant != "standard":
        args += ["--variant", variant]
    if kernel:
        args += ["--kernel", kernel]
    try:
        r = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "no count in %d s" % timeout
    if r.returncode != 0 or not r.stdout.split():
        return "exit status %d: %s" % (r.returncode, r.stderr.strip())
    return int(r.stdout.split()[-1])


def slower(ratio):
    if ratio >= 1:
        return ("%.0fx slower" if ratio >= 10 else "%.1fx slower") % ratio
    return "%.1fx faster" % (1 / ratio)


def oracle_lines(a, binaries, speeds, start_secs):
    """The outside implementations from each variant's start position: one line per variant
    and rankfile build, after checking their node counts against rankfile's. Returns False when
    a count differs."""
    node, missing = oracle_setup()
    if not node:
        print("bench: node not found: chessops and Fairy-Stockfish's wasm build are not timed;"
              " install Node.js 18 or newer (apt-get install nodejs npm), then %s" % ORACLE_INSTALL)
    elif missing:
        print("bench: %s not installed; install with: %s" % (" and ".join(sorted(missing)), ORACLE_INSTALL))
    entries = [e for e in ORACLE_STARTS if not a.only or a.only == e[0]]
    if not entries:
        return True
    print("outside implementations, one run each from each variant's start position, the perft"
          " call alone timed (no Node or engine start); rankfile from its deepest start row above"
          " when that took %.1f s or more, else timed here deeper (median of %d runs, process start"
          " included)" % (ORACLE_MIN_S, a.runs))
    ok = True
    for name, variant, fen, co_depth, fsf_depth, rf_depth in entries:
        played = [(label, path) for label, path in binaries if plays(path, variant, fen)]
        if not played:
            print("%s start: not played by this build, skipped" % variant)
            continue
        depths = {}
        if a.chessops_depth is not None:
            co_depth = a.chessops_depth
        if a.fsf_depth is not None:
            fsf_depth = a.fsf_depth
        for oracle, depth in (("chessops", co_depth), ("fairy-stockfish-wasm", fsf_depth)):
            if oracle not in missing and depth > 0:
                depths[oracle] = depth
        results = run_oracles(node, variant, fen, depths) if depths else {}
        for oracle in ("chessops", "fairy-stockfish-wasm"):
            if oracle in missing:
                results[oracle] = {"error": missing[oracle]}
            elif oracle not in results:
                results[oracle] = {"error": "not run (depth 0)"}
        # rankfile's counts at the oracles' depths.
        for oracle, res in results.items():
            if "nodes" not in res:
                continue
            for label, path in played:
                n = count_rankfile(path, fen, res["depth"], variant, a.kernel)
                if n != res["nodes"]:
                    ok = False
                    msg = ("bench: NODE COUNTS DIFFER: %s start, depth %d: %s %s, %s %d"
                           % (variant, res["depth"], label, n, oracle, res["nodes"]))
                    print("!" * 20 + "\n" + msg + "\n" + "!" * 20, flush=True)
                    print(msg, file=sys.stderr)
                    res["mismatch"] = True
        for label, path in played:
            depth, mns, secs = max(((d, v, start_secs[(l, var, d)]) for (l, var, d), v in speeds.items()
                                    if l == label and var == variant), default=(None, None, 0))
            if secs < ORACLE_MIN_S:
                depth = rf_depth
                times, nodes = [], 0
                for _ in range(a.runs):
                    t, nodes = run_rankfile(path, fen, depth, variant, a.kernel, 0)
                    times.append(t)
                mns = nodes / statistics.median(times) / 1e6
            parts = ["%s %.1f M nodes/s (depth %d)" % (label, mns, depth)]
            for oracle in ("chessops", "fairy-stockfish-wasm"):
                res = results[oracle]
                if "nodes" not in res:
                    parts.append("%s: unavailable (%s)" % (oracle, res["error"]))
                    continue
                omns = res["nodes"] / max(res["seconds"], 1e-9) / 1e6
                parts.append("%s %.2f M nodes/s (depth %d, %s)%s"
                             % (oracle, omns, res["depth"], slower(mns / omns),
                                " NODE COUNT DIFFERS" if res.get("mismatch") else ""))
            print("%s start: %s" % (variant, "; ".join(parts)), flush=True)
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rankfile", nargs="+", help="[LABEL=]PATH of a rankfile binary")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="only the smaller positions")
    ap.add_argument("--kernel", metavar="NAME",
                    help="rankfile's move-generation code path: auto, portable or bmi2")
    ap.add_argument("--stockfish")
    ap.add_argument("--only", metavar="NAME", help="only the rows of this position")
    ap.add_argument("--no-oracles", action="store_true",
                    help="do not time chessops and Fairy-Stockfish's wasm build")
    ap.add_argument("--chessops-depth", type=int, metavar="D",
                    help="chessops' depth from every start position (0: not run)")
    ap.add_argument("--fsf-depth", type=int, metavar="D",
                    help="Fairy-Stockfish's depth from every start position (0: not run)")
    a = ap.parse_args()
    binaries = []
    for spec in a.rankfile:
        label, _, path = spec.rpartition("=")
        binaries.append((label or "rankfile", path))
    sf = find_stockfish(a.stockfish)
    if not sf:
        print("bench: Stockfish not found; install Debian's 'stockfish' package", file=sys.stderr)
    for label, path in binaries:
        try:
            _, text = kernel_of(path, a.kernel)
        except (OSError, RuntimeError) as e:
            print("bench: %s (%s): %s" % (label, path, e), file=sys.stderr)
            return 1
        print("%s: %s, kernel %s%s" % (label, path, text, ", from --kernel %s" % a.kernel if a.kernel else ""))
    rows = [row for row in POSITIONS
            if (not a.quick or row[4]) and (not a.only or a.only == row[0])]
    hashed = ", ".join("rankfile --hash %d in %s" % (row[5], row[0]) for row in rows if row[5])
    print("perft, single thread, no hash table%s: rankfile against Stockfish (%s); median of %d"
          " runs, wall seconds, process start included"
          % (" (but " + hashed + ")" if hashed else "", sf or "missing", a.runs))
    print("%-13s %5s %14s %-6s %8s %8s %9s %9s %7s" % ("position", "depth", "nodes", "build", "rf s",
                                                     "sf s", "rf Mn/s", "sf Mn/s", "ratio"))
    signature = 0
    ratios = {label: [] for label, _ in binaries}
    hashed_rows = []
    # Stockfish's times by (FEN, depth, variant): the hashed row reuses those of its plain row.
    sf_seen = {}
    speeds = {}  # (label, variant, depth) of start-position rows -> M nodes/s
    start_secs = {}  # and -> seconds (median)
    for name, fen, depth, variant, _, hash_mb in rows:
        rf_times = {label: [] for label, _ in binaries}
        sf_key = (fen, depth, variant)
        sf_times = list(sf_seen.get(sf_key, []))
        sf_needed = a.runs - len(sf_times)
        nodes = None
        for run in range(a.runs):
            for label, path in binaries:
                t, n = run_rankfile(path, fen, depth, variant, a.kernel, hash_mb)
                rf_times[label].append(t)
                if nodes is not None and n != nodes:
                    print("bench: %s counts %d on %s, another build %d" % (label, n, name, nodes))
                    return 1
                nodes = n
            if sf and variant in ("standard", "chess960") and run < sf_needed:
                t, sn = run_stockfish(sf, fen, depth, variant)
                sf_times.append(t)
                if sn != nodes:
                    print("bench: node counts differ on %s: rankfile %d, stockfish %d" % (name, nodes, sn))
                    return 1
        if sf_times:
            sf_seen[sf_key] = sf_times
        if hash_mb:
            hashed_rows.append(name)
        else:
            signature += nodes
        sf_s = statistics.median(sf_times) if sf_times else None
        for label, _ in binaries:
            rf_s = statistics.median(rf_times[label])
            line = "%-13s %5d %14d %-6s %8.3f " % (name, depth, nodes, label, rf_s)
            if name.endswith("start") and not hash_mb:
                speeds[(label, variant, depth)] = nodes / rf_s / 1e6
                start_secs[(label, variant, depth)] = rf_s
            if sf_s:
                line += "%8.3f %9.1f %9.1f %6.2fx" % (sf_s, nodes / rf_s / 1e6, nodes / sf_s / 1e6, sf_s / rf_s)
                if hash_mb:
                    line += " hashed: rankfile --hash %d, not in the mean" % hash_mb
                else:
                    ratios[label].append(sf_s / rf_s)
            else:
                line += "%8s %9.1f %9s %7s" % ("-", nodes / rf_s / 1e6, "-", "-")
                if hash_mb:
                    line += " hashed: rankfile --hash %d" % hash_mb
            print(line, flush=True)
    # Each variant from its start position against standard chess's start at the same depth
    # (the bar: at least 0.5x).
    for (label, variant, depth), mns in sorted(speeds.items()):
        base = speeds.get((label, "standard", depth))
        if variant != "standard" and base:
            print("%s: %s start, depth %d: %.1f M nodes/s, %.2fx the standard start's %.1f"
                  % (label, variant, depth, mns, mns / base, base))
    for label, r in ratios.items():
        if r:
            print("%s: geometric mean of the ratios to Stockfish %.2fx over %d positions%s"
                  % (label, statistics.geometric_mean(r), len(r),
                     " (without the hashed row %s)" % ", ".join(hashed_rows) if hashed_rows else ""))
    for label, path in binaries:
        peaks = []
        if path in PEAK_KB:
            peaks.append("%.1f MiB" % (PEAK_KB[path] / 1024))
        if (path, "hashed") in PEAK_KB:
            peaks.append("%.1f MiB with --hash %d" % (PEAK_KB[(path, "hashed")] / 1024, HASH_MB))
        print("%s: peak memory %s" % (label, ", ".join(peaks)))
    if sf in PEAK_KB:
        print("stockfish: peak memory %.1f MiB" % (PEAK_KB.get(sf, 0) / 1024))
    oracles_ok = a.no_oracles or oracle_lines(a, binaries, speeds, start_secs)
    print("signature %d" % signature)
    return 0 if oracles_ok else 1


if __name__ == "__main__":
    sys.exit(main())

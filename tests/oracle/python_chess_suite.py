"""python-chess 1.11.2's own test suite (test.py from its PyPI sdist) run against rankfile.

Each test class runs in its own process twice: under python-chess itself (the baseline: what
passes on this machine) and under rankfile, with `import chess` pointed at rankfile by the
package's own mechanism (python -m rankfile.compat). Every test that passes under python-chess
must pass under rankfile, except those listed in python_chess_suite.known with the reason
(a deliberate difference, or work not done yet); a listed test that passes now is an error too,
so that the list only shrinks. The Gaviota classes (no tables can be had) are left out;
python-chess's chess.gaviota, which test.py imports at load time, comes from the sdist, on top
of rankfile. EngineTestCase runs its engines from PATH (the .sh adds /usr/games, where Debian
puts stockfish and fairy-stockfish).

Usage: python3 python_chess_suite.py SDIST-DIR SHARED-DATA [CLASS...]
  SDIST-DIR    the unpacked sdist (test.py, data/, chess/)
  SHARED-DATA  ../shared/data (its python-chess/syzygy: data/syzygy/regular where the sdist lacks it)
Prints one line per class (passed under both / python-chess), then each difference; exits 1
when a test fails that should pass, or a listed one passes.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

LEFT_OUT = ("NativeGaviotaTestCase", "GaviotaTestCase")
# A test's outcome follows its " ... ", on the same line or, when the test wrote to stderr
# meanwhile (asyncio's "Close running child process"), on a later line of its own; a message
# written from another thread (python-chess's engine thread) may also come between the test's
# name and its " ... " or follow the outcome on its line. None of it crosses another test's name.
_NOT_A_TEST = r"(?:(?!test\w+ \().)"
RESULT = re.compile(r"^(test\w+) \((?:[\w.]+\.)?(\w+)\.\1\)" + _NOT_A_TEST + r"*?(?:\n" + _NOT_A_TEST + r"*?)*?"
                    r" \.\.\. (?:" + _NOT_A_TEST + r"*\n)*?"
                    r"(ok|FAIL|ERROR|skipped.*|expected failure|unexpected success)(?:$|(?=[A-Z]))", re.M)


def classes(test_py):
    with open(test_py) as f:
        names = re.findall(r"^class (\w+)\(unittest\.TestCase\)", f.read(), re.M)
    return [n for n in names if n not in LEFT_OUT]


def known_list(path):
    known = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, why = line.partition(" ")
            known[name] = why.strip()
    return known


def run(work, cls, rankfile):
    """{test id: outcome} of one class, run in the suite's directory."""
    if rankfile:
        cmd = [sys.executable, "-m", "rankfile.compat", "--fallback", work, "-m", "unittest", "-v", "test." + cls]
        env = dict(os.environ)
    else:
        cmd = [sys.executable, "-m", "unittest", "-v", "test." + cls]
        env = dict(os.environ, PYTHONPATH=work)
    try:
        proc = subprocess.run(cmd, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=600)
        out = proc.stdout
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        out += "\n(timed out after 600 s)"
    results = {}
    for m in RESULT.finditer(out):
        status = m.group(3)
        results[f"{m.group(2)}.{m.group(1)}"] = "skipped" if status.startswith("skipped") else status
    return results, out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sdist, shared = sys.argv[1], sys.argv[2]
    known = known_list(os.path.join(os.path.dirname(os.path.abspath(__file__)), "python_chess_suite.known"))
    work = tempfile.mkdtemp(prefix="rf-pcsuite-")
    try:
        for name in ("test.py", "data", "chess"):
            src = os.path.join(sdist, name)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(work, name))
            else:
                shutil.copy(src, work)
        regular = os.path.join(work, "data", "syzygy", "regular")
        if not os.path.isdir(regular):
            os.makedirs(os.path.dirname(regular), exist_ok=True)
            os.symlink(os.path.join(os.path.abspath(shared), "python-chess", "syzygy"), regular)
        wanted = sys.argv[3:] or classes(os.path.join(work, "test.py"))
        bad = []
        total_base = total_both = 0
        for cls in wanted:
            base, base_out = run(work, cls, False)
            ours, our_out = run(work, cls, True)
            if not base:
                bad.append(f"{cls}: python-chess ran no test:\n{base_out[-2000:]}")
                continue
            passed = [t for t, r in base.items() if r == "ok"]
            both = [t for t in passed if ours.get(t) == "ok"]
            total_base += len(passed)
            total_both += len(both)
            print(f"{cls}: {len(both)}/{len(passed)}", flush=True)
            for t in passed:
                got = ours.get(t, "not run (the process stopped)")
                if got == "ok" and t in known:
                    bad.append(f"{t}: passes now; take it off python_chess_suite.known")
                elif got != "ok" and t not in known:
                    bad.append(f"{t}: {got}")
            if any(ours.get(t) != "ok" and t not in known for t in passed):
                print(our_out[-6000:])
        print(f"python-chess's test.py on rankfile: {total_both} of {total_base} tests that pass under "
              f"python-chess pass ({len(known)} listed in python_chess_suite.known)")
        for line in bad:
            print("DIFFERENCE " + line)
        return 1 if bad else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

"""`rankfile pgn`'s tag filters against python-chess: a seeded file of games with lichess-like tags
(ratings, some "?", time controls, events, dates, results, terminations, players, some tags
missing) is read by python-chess (chess.pgn.read_headers), the filters' rules are applied in Python
to its headers, and `rankfile pgn --headers --json` with the same filters must keep the same
games (by their Site tag), in order; `--count --json` must count them, and games left out are not
checked (an illegal move in one is no error).

usage: pgn_filters.py RANKFILE
"""
import io
import json
import random
import subprocess
import sys

import chess.pgn

RF = sys.argv[1]
rng = random.Random(2026)
PLAYERS = ["Alice", "bob", "Carol", "DrNykterstein", "penguingim1", "Zoe"]
EVENTS = ["Rated Blitz game", "Rated Bullet game", "Casual Rapid game", "Rated Classical game"]
TERMINATIONS = ["Normal", "Time forfeit", "Abandoned", "Rules infraction"]
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]


def game_text(i):
    tags = [("Event", rng.choice(EVENTS)), ("Site", "https://lichess.org/g%05d" % i)]
    if rng.random() < 0.9:
        tags.append(("Date", "20%02d.%02d.%02d" % (rng.randint(18, 25), rng.randint(1, 12), rng.randint(1, 28))))
    white, black = rng.sample(PLAYERS, 2)
    if rng.random() < 0.1:
        white = white.upper()  # names match in either case
    tags += [("White", white), ("Black", black)]
    result = rng.choice(RESULTS)
    tags.append(("Result", result))
    for side in ("WhiteElo", "BlackElo"):
        r = rng.random()
        if r < 0.8:
            tags.append((side, str(rng.randint(800, 3000))))
        elif r < 0.9:
            tags.append((side, "?"))
    tags.append(("TimeControl", rng.choice(["60+0", "180+0", "180+2", "600+5", "-"])))
    if rng.random() < 0.85:
        tags.append(("Termination", rng.choice(TERMINATIONS)))
    rng.shuffle(tags)
    head = "".join('[%s "%s"]\n' % t for t in tags)
    # Every tenth game has an illegal move: an error when kept, nothing when filtered out.
    moves = "1. e4 e5 2. Nf3 Nc6 3. Ke3 " if i % 10 == 0 else "1. e4 e5 2. Nf3 Nc6 "
    return head + "\n" + moves + result + "\n\n"


def number(s):
    try:
        float(s)
    except ValueError:
        return None
    t = s.lstrip("+-")
    return float(s) if t and all(c.isdigit() or c == "." for c in t) and t.count(".") <= 1 else None


def meets(headers, cond):
    kind, arg = cond
    if kind == "player":
        return any(headers.get(k) is not None and headers[k].lower() == arg.lower() for k in ("White", "Black"))
    if kind in ("result", "termination"):
        tag = "Result" if kind == "result" else "Termination"
        return headers.get(tag) is not None and headers[tag].lower() == arg.lower()
    for op in ("!=", "<=", ">=", "==", "=", "<", ">", "~"):
        name, sep, value = arg.partition(op)
        if sep and name.isidentifier():
            break
    if name not in headers:
        return False
    have, want = headers[name], number(value)
    if op in ("=", "==", "!="):
        same = (number(have) == want) if want is not None and number(have) is not None else have == value
        return same if op != "!=" else not same
    if op == "~":
        return value.lower() in have.lower()
    if want is not None:
        h = number(have)
        if h is None:
            return False
        order = (h > want) - (h < want)
    else:
        a, b = have.encode(), value.encode()
        order = (a > b) - (a < b)
    return {"<": order < 0, "<=": order <= 0, ">": order > 0, ">=": order >= 0}[op]


def option(cond):
    kind, arg = cond
    return ["--" + kind, arg]


FILTERS = [
    [("where", "WhiteElo>=2500")],
    [("where", "WhiteElo>=2000"), ("where", "BlackElo<1500")],
    [("where", "TimeControl=180+0")],
    [("where", "Event~blitz")],
    [("where", "Date>=2024.01.01")],
    [("where", "Date<2020.06.30"), ("result", "0-1")],
    [("where", "WhiteElo!=1500")],
    [("where", "BlackElo==2200")],
    [("where", "Termination=Normal")],
    [("player", "alice")],
    [("player", "Alice"), ("player", "BOB")],
    [("result", "1/2-1/2")],
    [("result", "*")],
    [("termination", "time forfeit")],
    [("where", "Site~g00"), ("where", "WhiteElo>1000.5")],
    [("where", "Missing=x")],
]

text = "".join(game_text(i) for i in range(1, 1501))
path = "/tmp/rankfile-pgn-filters-%d.pgn" % __import__("os").getpid()
with open(path, "w") as f:
    f.write(text)
games = []
stream = io.StringIO(text)
while True:
    h = chess.pgn.read_headers(stream)
    if h is None:
        break
    games.append(dict(h))

failures = 0
try:
    for conds in FILTERS:
        args = [a for c in conds for a in option(c)]
        want = [g["Site"] for g in games if all(meets(g, c) for c in conds)]
        out = subprocess.run([RF, "pgn", "--headers", "--json", path] + args, capture_output=True, text=True)
        got = [json.loads(line)["headers"]["Site"] for line in out.stdout.splitlines()]
        count = subprocess.run([RF, "pgn", "--count", "--json", path] + args, capture_output=True, text=True)
        counted = json.loads(count.stdout)["games"] if count.stdout else None
        errors = sum(1 for s in want if int(s[-5:]) % 10 == 0)
        ok = (out.returncode == 0 and got == want and counted == len(want) and
              count.returncode == (65 if errors else 0) and count.stderr.count("\n") == errors)
        print("%s %s: %d of %d games kept (python-chess %d), %d errors" %
              ("ok" if ok else "FAIL", " ".join(args), len(got), len(games), len(want), errors))
        if not ok:
            failures += 1
            print("  rankfile rc %d/%d, stderr %s" % (out.returncode, count.returncode, (out.stderr + count.stderr)[:300]))
finally:
    __import__("os").unlink(path)
print("%d of %d filter sets agree" % (len(FILTERS) - failures, len(FILTERS)))
sys.exit(1 if failures else 0)

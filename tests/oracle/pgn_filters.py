"""`rankfile pgn`'s tag filters against python-chess: a seeded file of games with lichess-like tags
(ratings, some "?", time controls, events, dates (some with ?? parts), results (some games
with the result marker alone), terminations, players (accented, Greek, Cyrillic), some tags
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
PLAYERS = ["Alice", "bob", "Carol", "DrNykterstein", "penguingim1", "Zoe", "Øberg", "Müller", "Иванов", "Παπαδόπουλος"]
EVENTS = ["Rated Blitz game", "Rated Bullet game", "Casual Rapid game", "Rated Classical game"]
TERMINATIONS = ["Normal", "Time forfeit", "Abandoned", "Rules infraction"]
RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]


def game_text(i):
    tags = [("Event", rng.choice(EVENTS)), ("Site", "https://lichess.org/g%05d" % i)]
    r = rng.random()
    if r < 0.8:
        tags.append(("Date", "20%02d.%02d.%02d" % (rng.randint(18, 25), rng.randint(1, 12), rng.randint(1, 28))))
    elif r < 0.85:
        tags.append(("Date", "20%02d.%02d.??" % (rng.randint(18, 25), rng.randint(1, 12))))
    elif r < 0.9:
        tags.append(("Date", rng.choice(["2024.??.??", "????.??.??"])))
    white, black = rng.sample(PLAYERS, 2)
    if rng.random() < 0.1:
        white = white.upper()  # names match in either case
    tags += [("White", white), ("Black", black)]
    result = rng.choice(RESULTS)
    if rng.random() < 0.9:  # else the result marker alone says it
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


def date(s, year_alone):
    """A date (YYYY.MM.DD or YYYY-MM-DD, parts ?? or left out) as an interval of yyyymmdd."""
    parts = s.replace("-", ".").split(".")
    if not 1 <= len(parts) <= 3 or (len(parts) == 1 and not year_alone):
        return None
    if len(parts[0]) != 4 or any(len(p) != 2 for p in parts[1:]):
        return None
    known = [None if set(p) == {"?"} else int(p) if p.isdigit() else "bad" for p in parts]
    if "bad" in known:
        return None
    y, m, d = (known + [None, None])[:3]
    if y is None:
        return (0, 99991231)
    return (y * 10000 + (m or 1) * 100 + (d or 1) if m else y * 10000 + 101,
            y * 10000 + (m or 12) * 100 + (d or 31) if m else y * 10000 + 1231)


def meets_date(have, op, value):
    want, got = date(value, True), date(have, False)
    if got is None or got == (0, 99991231):
        return op == "!=" and have != value if got is None else False
    (vlo, vhi), (lo, hi) = want, got
    return {"=": vlo <= lo and hi <= vhi, "==": vlo <= lo and hi <= vhi, "!=": hi < vlo or lo > vhi,
            "<": hi < vlo, "<=": hi <= vhi, ">": lo > vhi, ">=": lo >= vlo}[op]


def meets(headers, cond, marker=None):
    kind, arg = cond
    if kind == "player":
        return any(headers.get(k) is not None and headers[k].casefold() == arg.casefold() for k in ("White", "Black"))
    if kind == "result" and headers.get("Result") is None:
        return marker == arg  # judged by the result marker
    if kind in ("result", "termination"):
        tag = "Result" if kind == "result" else "Termination"
        return headers.get(tag) is not None and headers[tag].casefold() == arg.casefold()
    for op in ("!=", "<=", ">=", "==", "=", "<", ">", "~"):
        name, sep, value = arg.partition(op)
        if sep and name.isidentifier():
            break
    if name not in headers:
        return False
    if name.endswith("Date") and "?" not in value and op != "~":
        return meets_date(headers[name], op, value)
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
    [("player", "øBERG"), ("player", "MÜLLER"), ("player", "иванов")],
    [("player", "ΠΑΠΑΔΌΠΟΥΛΟΣ")],
    [("where", "Date>=2024-06-01")],
    [("where", "Date<2021")],
    [("where", "Date=2024-06")],
    [("where", "Date!=2024.06.15"), ("result", "1-0"), ("result", "0-1")],
    [("result", "0-1"), ("where", "WhiteElo>1500")],
    [("where", "WhitElo>=2500")],
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
# Each game's result marker: the last word of its move text.
markers = [chunk.split()[-1] for chunk in text.split("\n\n")[1::2]]
assert len(markers) == len(games)

failures = 0
try:
    for conds in FILTERS:
        args = [a for c in conds for a in option(c)]
        # Conditions of one option (--result, --termination) hold when any does;
        # --player more than once: the games between two of them.
        groups = {}
        for c in conds:
            groups.setdefault(c[0] if c[0] != "where" else c, []).append(c)
        players = groups.pop("player", [])

        def players_meet(g):
            sides = [any(g.get(k) is not None and g[k].casefold() == p.casefold() for _, p in players)
                     for k in ("White", "Black")]
            return not players or (any(sides) if len(players) == 1 else all(sides))

        want = [g["Site"] for g, m in zip(games, markers)
                if players_meet(g) and all(any(meets(g, c, m) for c in group) for group in groups.values())]
        # A tag no game has is said once after the run.
        missing = {c[1].split("=")[0].split("~")[0].split("<")[0].split(">")[0].split("!")[0]
                   for c in conds if c[0] == "where"}
        warnings = sum(1 for name in missing if not any(name in g for g in games))
        out = subprocess.run([RF, "pgn", "--headers", "--json", path] + args, capture_output=True, text=True)
        got = [json.loads(line)["headers"]["Site"] for line in out.stdout.splitlines()]
        count = subprocess.run([RF, "pgn", "--count", "--json", path] + args, capture_output=True, text=True)
        counted = json.loads(count.stdout)["games"] if count.stdout else None
        errors = sum(1 for s in want if int(s[-5:]) % 10 == 0)
        ok = (out.returncode == 0 and got == want and counted == len(want) and
              count.returncode == (65 if errors else 0) and count.stderr.count("\n") == errors + warnings and
              out.stderr.count("warning: no game has the tag") == warnings)
        print("%s %s: %d of %d games kept (python-chess %d), %d errors" %
              ("ok" if ok else "FAIL", " ".join(args), len(got), len(games), len(want), errors))
        if not ok:
            failures += 1
            print("  rankfile rc %d/%d, stderr %s" % (out.returncode, count.returncode, (out.stderr + count.stderr)[:300]))
finally:
    __import__("os").unlink(path)
print("%d of %d filter sets agree" % (len(FILTERS) - failures, len(FILTERS)))
sys.exit(1 if failures else 0)

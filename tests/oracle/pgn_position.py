"""`rankfile pgn --position FEN` and `--opening MOVES` against python-chess: a seeded file of games
(standard games from a few openings, their transpositions and random moves; Atomic games; games
from a [FEN] tag, the start position's or another; Chess960 games; some with an illegal move) is
read by python-chess (chess.pgn.read_game), which decides which games reach each FEN (by
python-chess's transposition key: pieces, turn, castling rights, a legal en passant square, in the
FEN's variant and castling mode) and which start from the variant's start position with the
given moves, judging a bad game on its moves before the error. `rankfile pgn --format csv` with
the same filters must keep the same games (by their Site tag), in order, bad ones with their error;
`--count --json` must count them and report the errors of the kept games only; `--format san`
must print the good ones.

usage: pgn_position.py RANKFILE
"""
import io
import json
import logging
import os
import random
import subprocess
import sys

import chess
import chess.pgn
import chess.variant

RF = sys.argv[1]
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)  # the bad games are meant
rng = random.Random(2026_26)

# Openings, two of them transpositions of others: the positions after them recur across games.
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5",
    "Nf3 Nc6 e4 e5 Bc4",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4",
    "Nf3 d6 e4 c5 d4 cxd4 Nxd4",
    "d4 d5 c4 e6 Nc3",
    "e4 e6 d4 d5",
    "",
]
ILLEGAL = ["Ke3", "Qh5", "Nd4", "Bb5", "Rh3", "Kd2", "Qxf7", "O-O", "e5", "Ra6"]


def random_moves(board, plies):
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal or board.is_game_over():
            break
        move = rng.choice(legal)
        moves.append(board.san(move))
        board.push(move)
    return moves


def illegal_word(board):
    """A SAN word that is no legal move of the board, or None."""
    for word in rng.sample(ILLEGAL, len(ILLEGAL)):
        try:
            board.parse_san(word)
        except ValueError:
            return word
    return None


def game_text(i):
    tags = [("Site", "g%05d" % i)]
    kind = rng.random()
    if kind < 0.12:
        tags.append(("Variant", "Atomic"))
        board = chess.variant.AtomicBoard()
        prefix = rng.choice(["e4 e5 Nf3 Nc6", "Nf3 Nc6 e4 e5", "d4 d5", ""]).split()
    elif kind < 0.18:
        tags.append(("Variant", "Chess960"))
        tags.append(("FEN", chess.STARTING_FEN))
        board = chess.Board(chess960=True)
        prefix = rng.choice(OPENINGS).split()
    elif kind < 0.30:
        # A [FEN] start: the start position itself, or the position after 1. e4 e5.
        board = chess.Board()
        if rng.random() < 0.5:
            board.push_san("e4")
            board.push_san("e5")
        tags += [("SetUp", "1"), ("FEN", board.fen())]
        prefix = rng.choice(["Nf3 Nc6", "Nc3 Nf6", ""]).split()
    else:
        board = chess.Board()
        prefix = rng.choice(OPENINGS).split()
    start = board.copy()
    moves = []
    for san in prefix:
        moves.append(san)
        board.push_san(san)
    moves += random_moves(board, rng.randint(0, 30))
    if rng.random() < 0.12:  # an illegal move somewhere: the game is bad from there on
        at = rng.randint(0, len(moves))
        replay = start.copy()
        for san in moves[:at]:
            replay.push_san(san)
        word = illegal_word(replay)
        if word:
            moves = moves[:at] + [word] + moves[at:at + 3]
    head = "".join('[%s "%s"]\n' % t for t in tags)
    return head + "\n" + " ".join(moves) + " *\n\n"


def key(board):
    return (type(board).uci_variant, board.chess960, board._transposition_key())


class Game:
    def __init__(self, game):
        self.site = game.headers["Site"]
        self.bad = bool(game.errors)
        board = game.board()
        self.start = key(board)
        self.moves = []
        self.keys = {key(board)}
        for move in game.mainline_moves():
            self.moves.append(move)
            board.push(move)
            self.keys.add(key(board))


def board_of(variant, fen=None, chess960=False):
    cls = chess.variant.find_variant(variant) if variant != "standard" else chess.Board
    return cls(fen, chess960=chess960) if fen else cls(chess960=chess960)


def read_opening(variant, text, chess960=False):
    board = board_of(variant, chess960=chess960)
    start = key(board)
    moves = []
    for word in text.split():
        word = word.split(".")[-1]
        if not word:
            continue
        move = board.parse_uci(word) if len(word) in (4, 5) and word[1].isdigit() and word[3].isdigit() else board.parse_san(word)
        moves.append(move)
        board.push(move)
    return start, moves


def kept(g, positions, opening):
    if any(p not in g.keys for p in positions):
        return False
    if opening:
        start, moves = opening
        return g.start == start and g.moves[:len(moves)] == moves
    return True


text = "".join(game_text(i) for i in range(1, 2001))
stream = io.StringIO(text)
games = []
while True:
    g = chess.pgn.read_game(stream)
    if g is None:
        break
    games.append(Game(g))

# Positions of the file: after the openings (reached by transposition too), some picked from
# random games at random plies (late ones, last ones), and one with an en passant square that no
# capture can use (the key leaves it out).
late = []
for g in rng.sample([g for g in games if not g.bad and g.start == key(chess.Board())], 6):
    b = chess.Board()
    for m in g.moves[:rng.randint(0, len(g.moves))]:
        b.push(m)
    late.append(b.fen())
AFTER = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
SICILIAN = "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 0 5"
NAJDORF_ISH = "rnbqkbnr/pp2pppp/3p4/8/3NP3/8/PPP2PPP/RNBQKB1R b KQkq - 0 4"
EP = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
FILTERS = [
    (["--position", AFTER], "standard", [AFTER], None),
    (["--position", NAJDORF_ISH], "standard", [NAJDORF_ISH], None),
    (["--position", SICILIAN], "standard", [SICILIAN], None),
    (["--position", EP], "standard", [EP], None),
    (["--position", "startpos"], "standard", [chess.STARTING_FEN], None),
    (["--position", AFTER, "--position", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"], "standard",
     [AFTER, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"], None),
    (["--variant", "atomic", "--position", AFTER], "atomic", [AFTER], None),
    (["--variant", "chess960", "--position", AFTER], "chess960", [AFTER], None),
    (["--opening", "e4 e5 Nf3"], "standard", [], "e4 e5 Nf3"),
    (["--opening", "1. e4 c5 2. Nf3 d6 3. d4"], "standard", [], "1. e4 c5 2. Nf3 d6 3. d4"),
    (["--opening", "g1f3 b8c6 e2e4"], "standard", [], "g1f3 b8c6 e2e4"),
    (["--opening", "e4"], "standard", [], "e4"),
    (["--variant", "atomic", "--opening", "Nf3 Nc6"], "atomic", [], "Nf3 Nc6"),
    (["--variant", "chess960", "--opening", "e4 e5"], "chess960", [], "e4 e5"),
    (["--opening", "e4 e5", "--position", AFTER], "standard", [AFTER], "e4 e5"),
] + [(["--position", fen], "standard", [fen], None) for fen in late]


def expected(variant, fens, opening_text):
    chess960 = variant == "chess960"
    name = "standard" if chess960 else variant
    positions = [key(board_of(name, fen, chess960)) for fen in fens]
    opening = read_opening(name, opening_text, chess960) if opening_text else None
    return [g for g in games if kept(g, positions, opening)]


def run(args):
    return subprocess.run([RF, "pgn"] + args, capture_output=True, text=True)


path = "/tmp/rankfile-pgn-position-%d.pgn" % os.getpid()
with open(path, "w") as f:
    f.write(text)
failures = 0
try:
    for args, variant, fens, opening in FILTERS:
        want = expected(variant, fens, opening)
        sites = [g.site for g in want]
        errors = sum(g.bad for g in want)
        table = run(["--format", "csv", "--columns", "Site,error", path] + args)
        rows = [line.split(",", 1) for line in table.stdout.splitlines()[1:]]
        got = [r[0] for r in rows]
        got_bad = [r[0] for r in rows if r[1]]
        count = run(["--count", "--json", path] + args)
        totals = json.loads(count.stdout) if count.stdout else {}
        san = run(["--format", "san", path] + args)
        rc = 65 if errors else 0
        ok = (got == sites and got_bad == [g.site for g in want if g.bad] and table.returncode == rc and
              totals.get("games") == len(want) and totals.get("errors") == errors and count.returncode == rc and
              count.stderr.count("\n") == errors and san.stdout.count("\n") == len(want) - errors)
        print("%s %s: %d of %d games kept (python-chess %d), %d errors" %
              ("ok" if ok else "FAIL", " ".join(args), len(got), len(games), len(want), errors))
        if not ok:
            failures += 1
            print("  only rankfile: %s; only python-chess: %s; rc %d/%d/%d; stderr %s" %
                  (sorted(set(got) - set(sites))[:5], sorted(set(sites) - set(got))[:5], table.returncode,
                   count.returncode, san.returncode, (table.stderr + count.stderr)[:300]))
finally:
    os.unlink(path)
print("%d of %d filters agree" % (len(FILTERS) - failures, len(FILTERS)))
sys.exit(1 if failures else 0)

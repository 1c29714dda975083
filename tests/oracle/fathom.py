"""rankfile tb against Debian's fathom command (Fathom's own prober) on a sample of positions.

Usage: fathom.py RANKFILE FATHOM TABLE_DIR ENDGAME_EPD [COUNT] [SEED]

COUNT seeded random positions of 2 to 4 pieces (syzygy.py's, some with an en passant capture)
and every position of python-chess's endgame.epd, each with a legal move and a halfmove clock
of 0: fathom's WDL (Win, CursedWin, Draw, BlessedLoss, Loss) must be rankfile's, its DTZ the
size of rankfile's, and its lists of winning, drawing and losing moves rankfile's moves of
those categories (compared as UCI) (a cursed win counted as winning, a blessed loss as losing). Positions
without a legal move are left out: the fathom command answers a mated side to move as
"Win" with the result of the side that was mated (Debian's fathom 2019).
"""
import os
import random
import re
import subprocess
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from syzygy import ep_board, random_board, rankfile_answers  # noqa: E402  (syzygy.py's)

WDL_NAMES = {"Win": 2, "CursedWin": 1, "Draw": 0, "BlessedLoss": -1, "Loss": -2}
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def fathom(tool, table_dir, fen):
    """The tags of fathom's answer: {"WDL": ..., "DTZ": ..., "WinningMoves": ...}."""
    run = subprocess.run([tool, f"--path={table_dir}", fen], capture_output=True, text=True,
                         timeout=60)
    if run.returncode != 0:
        raise RuntimeError(f"{tool} {fen}: exit status {run.returncode}: {run.stderr[:500]}")
    return {m.group(1): m.group(2) for m in map(TAG.match, run.stdout.splitlines()) if m}


def moves(board, tags, name):
    """A list of fathom's moves as UCI. Its SAN has no check marks and may name the rank where
    the file would do (R4d7 for Rdd7): python-chess reads both."""
    text = tags.get(name, "")
    return {board.parse_san(san).uci() for san in text.split(", ")} if text else set()


def main():
    rf, tool, table_dir, epd_path = sys.argv[1:5]
    count = int(sys.argv[5]) if len(sys.argv) > 5 else 300
    seed = int(sys.argv[6]) if len(sys.argv) > 6 else 20261127
    rng = random.Random(seed)
    boards = [ep_board(rng) if i % 10 == 0 else random_board(rng) for i in range(count)]
    with open(epd_path) as f:
        boards += [chess.Board.from_epd(line)[0] for line in f if line.strip()]
    boards = [b for b in boards if any(b.legal_moves)]
    fens = [b.fen() for b in boards]
    answers = rankfile_answers(rf, table_dir, fens)
    if answers is None:
        return 1
    bad = moves_compared = 0
    for board, fen, a in zip(boards, fens, answers):
        tags = fathom(tool, table_dir, fen)
        problems = []
        if WDL_NAMES.get(tags.get("WDL")) != a["wdl"]:
            problems.append(f"WDL {tags.get('WDL')}, rankfile {a['wdl']}")
        if tags.get("DTZ") != str(abs(a["dtz"])):
            problems.append(f"DTZ {tags.get('DTZ')}, rankfile {a['dtz']}")
        ours = {"WinningMoves": set(), "DrawingMoves": set(), "LosingMoves": set()}
        for m in a["moves"]:
            kind = "WinningMoves" if m["wdl"] > 0 else "LosingMoves" if m["wdl"] < 0 else "DrawingMoves"
            ours[kind].add(m["uci"])
        for kind, ucis in ours.items():
            theirs = moves(board, tags, kind)
            moves_compared += len(theirs)
            if theirs != ucis:
                problems.append(f"{kind} {sorted(theirs)}, rankfile {sorted(ucis)}")
        if problems:
            bad += 1
            if bad <= 20:
                print(f"{fen}: " + "; ".join(problems))
    print(f"{len(fens)} positions ({count} random, seed {seed}, and endgame.epd's, those with a "
          f"legal move), {moves_compared} moves: {len(fens) - bad} equal to fathom's, "
          f"{bad} different")
    return 1 if bad or moves_compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())

"""rankfile tb against python-chess's chess.syzygy on the same Syzygy tables.

Usage: syzygy.py RANKFILE TABLE_DIR ENDGAME_EPD [COUNT] [SEED]

Seeded random legal positions of standard chess with 2 to 4 pieces (some with an en passant
capture, some with a halfmove clock, which both ignore), and every position of python-chess's endgame.epd with its expected WDL and DTZ:
rankfile's WDL and DTZ must equal python-chess's probe_wdl and probe_dtz; its best move must be
legal and keep the position's WDL; and every legal move's WDL and DTZ must equal those
python-chess gives for the position after it, counted from the position before (the move
included: a zeroing move 1 or 101, a mate 1, else the opponent's DTZ negated, one ply longer).
"""
import json
import random
import subprocess
import sys

import chess
import chess.syzygy

PIECES = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]
# Positions without a legal move, which random ones rarely are: mates and stalemates.
NO_MOVES = ["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
            "7k/8/6QK/8/8/8/8/8 b - - 0 1", "k7/8/1QK5/8/8/8/8/8 b - - 0 1",
            "8/8/8/8/8/k7/p7/K7 w - - 0 1"]


def random_board(rng):
    """A legal position without castling rights: two kings and 0-2 other pieces."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 4)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2:2 + rng.randint(0, 2)]:
            piece = chess.Piece(rng.choice(PIECES), rng.choice([chess.WHITE, chess.BLACK]))
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                continue
            board.set_piece_at(sq, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            return board


def ep_board(rng):
    """A position where the side to move may take en passant: a pawn just stepped twice beside
    one of the other side's."""
    while True:
        board = chess.Board(None)
        turn = rng.choice([chess.WHITE, chess.BLACK])
        file = rng.randrange(8)
        side = file + rng.choice([-1, 1])
        if not 0 <= side < 8:
            continue
        rank = 3 if turn == chess.BLACK else 4  # where the pawn that stepped twice stands
        board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, not turn))
        board.set_piece_at(chess.square(side, rank), chess.Piece(chess.PAWN, turn))
        free = [s for s in range(64) if board.piece_at(s) is None]
        ks = rng.sample(free, 2)
        board.set_piece_at(ks[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(ks[1], chess.Piece(chess.KING, chess.BLACK))
        board.turn = turn
        board.ep_square = chess.square(file, rank - 1 if turn == chess.BLACK else rank + 1)
        skipped_from = chess.square(file, 1 if turn == chess.BLACK else 6)
        if board.piece_at(board.ep_square) or board.piece_at(skipped_from):
            continue
        if board.is_valid() and board.has_legal_en_passant():
            return board


def dtz_to_wdl(v):
    if v > 0:
        return 2 if v <= 100 else 1
    if v < 0:
        return -2 if v >= -100 else -1
    return 0


def move_value(tables, board, move, root_dtz):
    """What python-chess says of a move: (wdl, dtz) counted from the position before it."""
    zeroing = board.is_zeroing(move)
    board.push(move)
    try:
        if root_dtz > 0 and board.is_checkmate():
            v = 1
        elif zeroing:
            w = -tables.probe_wdl(board)
            v = {2: 1, 1: 101, 0: 0, -1: -101, -2: -1}[w]
        else:
            v = -tables.probe_dtz(board)
            v = v + 1 if v > 0 else v - 1 if v < 0 else 0
    finally:
        board.pop()
    return dtz_to_wdl(v), v


def rankfile_answers(rf, table_dir, fens):
    """`rankfile tb --moves --json`'s answers to the FENs (dicts), or None after saying why."""
    run = subprocess.run([rf, "tb", "--path", table_dir, "--moves", "--json"],
                         input="".join(f + "\n" for f in fens), capture_output=True, text=True)
    if run.returncode != 0:
        print(f"rankfile tb exit status {run.returncode}: {run.stderr[:2000]}")
        return None
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    if len(answers) != len(fens):
        print(f"{len(answers)} answers for {len(fens)} positions")
        return None
    return answers


def main():
    rf, table_dir, epd_path = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 3000
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 20261126
    rng = random.Random(seed)
    boards = [ep_board(rng) if i % 20 == 0 else random_board(rng) for i in range(count)]
    # Both ignore the halfmove clock: some positions have one.
    for board in boards[1::3]:
        if not board.ep_square:
            board.halfmove_clock = rng.randrange(100)
    for fen in NO_MOVES:
        board = chess.Board(fen)
        assert board.is_checkmate() or board.is_stalemate(), fen
        boards.append(board)
    expected = {}
    with open(epd_path) as f:
        for line in f:
            if not line.strip():
                continue
            board, ops = chess.Board.from_epd(line)
            expected[len(boards)] = (ops["wdl"], ops["dtz"])
            boards.append(board)
    answers = rankfile_answers(rf, table_dir, [b.fen() for b in boards])
    if answers is None:
        return 1
    bad = moves_checked = 0
    with chess.syzygy.open_tablebase(table_dir) as tables:
        for i, (board, a) in enumerate(zip(boards, answers)):
            problems = []
            wdl, dtz = tables.probe_wdl(board), tables.probe_dtz(board)
            if (a["wdl"], a["dtz"]) != (wdl, dtz):
                problems.append(f"wdl/dtz {a['wdl']}/{a['dtz']}, python-chess {wdl}/{dtz}")
            if i in expected and (a["wdl"], a["dtz"]) != expected[i]:
                problems.append(f"wdl/dtz {a['wdl']}/{a['dtz']}, endgame.epd {expected[i]}")
            legal = {m.uci(): m for m in board.legal_moves}
            if set(m["uci"] for m in a["moves"]) != set(legal):
                problems.append("the moves are not the legal moves")
            elif not legal:
                if a["best"] is not None:
                    problems.append(f"best {a['best']} with no legal move")
            else:
                best = a["best"]
                if best not in legal or best != a["moves"][0]["uci"]:
                    problems.append(f"best move {best} not legal or not first")
                elif a["moves"][0]["wdl"] != wdl:
                    problems.append(f"best move {best} wdl {a['moves'][0]['wdl']}, position {wdl}")
                for m in a["moves"]:
                    want = move_value(tables, board, legal[m["uci"]], dtz)
                    moves_checked += 1
                    if (m["wdl"], m["dtz"]) != want:
                        problems.append(f"move {m['uci']}: {m['wdl']}/{m['dtz']}, python-chess {want}")
            if problems:
                bad += 1
                if bad <= 20:
                    print(f"{board.fen()}: " + "; ".join(problems))
    print(f"{len(boards)} positions ({count} random, seed {seed}; {len(NO_MOVES)} mates and "
          f"stalemates; {len(expected)} of endgame.epd), "
          f"{moves_checked} moves: {len(boards) - bad} equal, {bad} different")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

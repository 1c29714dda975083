"""A puzzle tagger written for python-chess: reads FENs with a solution line (UCI), plays it and
tags motifs (pin, fork, skewer-like x-ray, mate, promotion, sacrifice) with the board's attack and
pin queries. Prints one line of tags per puzzle. Usage: puzzle_tagger.py SEED COUNT"""
import random
import sys

import chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def random_position(rng):
    board = chess.Board()
    for _ in range(rng.randrange(10, 70)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def tags(board, line):
    found = set()
    for move in line:
        mover = board.turn
        if board.is_capture(move):
            victim = board.piece_at(move.to_square) or chess.Piece(chess.PAWN, not mover)
            attacker = board.piece_at(move.from_square)
            if VALUES[attacker.piece_type] > VALUES[victim.piece_type] and board.is_attacked_by(not mover, move.to_square):
                found.add("sacrifice")
        if move.promotion:
            found.add("promotion")
        board.push(move)
        if board.is_checkmate():
            found.add("mate")
        attacks = board.attacks(move.to_square)
        targets = [sq for sq in attacks if board.color_at(sq) == (not mover) and
                   VALUES[board.piece_type_at(sq)] >= 3 or board.piece_type_at(sq) == chess.KING and board.color_at(sq) != mover]
        if len(targets) >= 2:
            found.add("fork")
        for sq in chess.SquareSet(board.occupied_co[not mover]):
            if board.is_pinned(not mover, sq):
                pin = board.pin(not mover, sq)
                if len(pin) and sq in pin:
                    found.add("pin")
        king = board.king(not mover)
        if king is not None:
            for sq in board.checkers():
                if chess.SquareSet.between(sq, king) and board.piece_type_at(sq) in (chess.BISHOP, chess.ROOK, chess.QUEEN):
                    found.add("xray")
    return sorted(found)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for _ in range(count):
        board = random_position(rng)
        start = board.fen()
        line = []
        probe = board.copy()
        for _ in range(rng.randrange(1, 5)):
            moves = list(probe.generate_legal_moves())
            if not moves:
                break
            captures = [m for m in moves if probe.is_capture(m) or probe.gives_check(m)]
            move = rng.choice(captures or moves)
            line.append(move)
            probe.push(move)
        print(start, " ".join(m.uci() for m in line), ",".join(tags(board, line)) or "-",
              board.pseudo_legal_moves.count(), board.is_valid())


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""An independent, brute-force 'Rank and File' judge (seed 003), the oracle for cases.out and for
random boards in tests/cli/judge.sh.

    brute.py < INPUT              answers the datasets of INPUT, one line each
    brute.py --random SEED        writes an input of 100 random datasets (reproducible by SEED)

Rules: a king is checked when an enemy piece (the enemy king included) attacks it; checkmated when
checked and no move (every piece move to an empty or enemy square, found by walking the board)
leaves it unattacked; capturing a king is not a move. Lower case is White, upper case Black."""
import random
import sys

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def targets(board, r, c):
    """The squares the piece on (r, c) attacks."""
    t = board[r][c].lower()
    if t in 'nk':
        for a, b in KNIGHT if t == 'n' else KING:
            if 0 <= r + a < 8 and 0 <= c + b < 8:
                yield r + a, c + b
        return
    dirs = (ROOK if t in 'rq' else []) + (BISHOP if t in 'bq' else [])
    for a, b in dirs:
        x, y = r + a, c + b
        while 0 <= x < 8 and 0 <= y < 8:
            yield x, y
            if board[x][y] != '.':
                break
            x, y = x + a, y + b


def attacked(board, sq, by_white):
    return any(sq in set(targets(board, r, c)) for r in range(8) for c in range(8)
               if board[r][c] != '.' and board[r][c].islower() == by_white)


def king(board, white):
    return next((r, c) for r in range(8) for c in range(8) if board[r][c] == ('k' if white else 'K'))


def judge(board, white):
    if not attacked(board, king(board, white), not white):
        return 'SAFE'
    for r in range(8):
        for c in range(8):
            if board[r][c] == '.' or board[r][c].islower() != white:
                continue
            for x, y in list(targets(board, r, c)):
                q = board[x][y]
                if (q != '.' and q.islower() == white) or q in 'kK':
                    continue
                after = [row[:] for row in board]
                after[x][y], after[r][c] = after[r][c], '.'
                if not attacked(after, king(after, white), not white):
                    return 'CHECKED'
    return 'CHECKMATED'


def random_input(seed):
    rng = random.Random(seed)
    out = ['100']
    for _ in range(100):
        board = [['.'] * 8 for _ in range(8)]
        free = [(r, c) for r in range(8) for c in range(8)]
        rng.shuffle(free)
        board[free[0][0]][free[0][1]] = 'k'
        board[free[1][0]][free[1][1]] = 'K'
        n = rng.randint(1, 9)
        for r, c in free[2:2 + n]:
            board[r][c] = rng.choice('rbqnRBQN')
        out.append(rng.choice('wB'))
        out += [''.join(row) for row in board]
    return '\n'.join(out) + '\n'


def main():
    if len(sys.argv) == 3 and sys.argv[1] == '--random':
        sys.stdout.write(random_input(int(sys.argv[2])))
        return
    lines = [l.strip() for l in sys.stdin.read().splitlines() if l.strip()]
    i = 1
    for _ in range(int(lines[0])):
        white = lines[i] == 'w'
        board = [list(l) for l in lines[i + 1:i + 9]]
        i += 9
        print(('WHITE' if white else 'BLACK') + ' IS ' + judge(board, white))


main()

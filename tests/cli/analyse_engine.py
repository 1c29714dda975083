#!/usr/bin/env python3
"""A fake UCI engine for tests/cli/analyse.sh: its answers depend on the position alone, so that
any number of them in parallel must give the same output; and faults on demand.

Usage: analyse_engine.py [MODE]
  (none)          score cp = a hash of the position's FEN (-300..300), best move the first legal
                  move in UCI order, a pv of two moves; `info` then `bestmove`
  slow:S          the same, after sleeping S seconds per search
  crash           exits with status 3 at every `go`, after a line on stderr
  crash-once:F    exits at a `go` when the file F does not exist (creating it first): the
                  position's second try succeeds
  crash-at:FEN    exits (SIGSEGV) at a `go` on the position whose board field is FEN
  hang            answers nothing to `go`
  illegal         answers `bestmove a1a1`
  garbage         answers `info depth x score cp` (not UCI)
With FAKE_LOG set, every `go` appends the position's FEN to that file.
Needs python-chess (the oracle) to play the moves.
"""
import hashlib
import os
import signal
import sys
import time

import chess


def score(board):
    h = hashlib.sha256(board.fen().encode()).digest()
    return int.from_bytes(h[:4], "big") % 601 - 300


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    board = chess.Board()
    out = sys.stdout
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "uci":
            out.write("id name fake\noption name Hash type spin default 16 min 1 max 1024\n"
                      "option name Threads type spin default 1 min 1 max 8\n"
                      "option name MultiPV type spin default 1 min 1 max 50\n"
                      "option name Style type string default normal\nuciok\n")
        elif cmd == "isready":
            out.write("readyok\n")
        elif cmd == "quit":
            return 0
        elif cmd == "position":
            rest = words[1:]
            if rest[0] == "startpos":
                board = chess.Board()
                rest = rest[1:]
            else:
                end = rest.index("moves") if "moves" in rest else len(rest)
                board = chess.Board(" ".join(rest[1:end]))
                rest = rest[end:]
            for m in rest[1:]:
                board.push_uci(m)
        elif cmd == "go":
            if os.environ.get("FAKE_LOG"):
                with open(os.environ["FAKE_LOG"], "a") as f:
                    f.write(board.fen() + "\n")
            if mode.startswith("slow:"):
                time.sleep(float(mode[5:]))
            if mode == "crash":
                sys.stderr.write("fake: something broke\n")
                sys.stderr.flush()
                os._exit(3)
            if mode.startswith("crash-once:"):
                path = mode[len("crash-once:"):]
                if not os.path.exists(path):
                    open(path, "w").close()
                    os._exit(3)
            if mode.startswith("crash-at:") and board.board_fen() == mode[len("crash-at:"):]:
                sys.stderr.write("fake: crashing here\n")
                sys.stderr.flush()
                os.kill(os.getpid(), signal.SIGSEGV)
            if mode == "hang":
                out.flush()
                time.sleep(3600)
            if mode == "illegal":
                out.write("bestmove a1a1\n")
                out.flush()
                continue
            if mode == "garbage":
                out.write("info depth x score cp\n")
            moves = sorted(board.legal_moves, key=lambda m: m.uci())
            if not moves:
                out.write("info depth 0 score mate 0\nbestmove (none)\n")
            else:
                best = moves[0]
                board.push(best)
                reply = sorted(board.legal_moves, key=lambda m: m.uci())
                board.pop()
                pv = best.uci() + (" " + reply[0].uci() if reply else "")
                out.write(f"info depth 3 seldepth 3 multipv 1 score cp {score(board)} nodes 100 time 1 pv {pv}\n")
                out.write(f"bestmove {best.uci()}\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

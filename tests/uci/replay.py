#!/usr/bin/env python3
"""A fake UCI engine that plays back a recorded transcript: the engine the tests of rankfile's
two UCI drivers (the C one of `rankfile analyse`, app/uci.c, and the Python one,
rankfile.engine) both talk to, so that both are held to the same recorded conversations.

Usage: replay.py TRANSCRIPT [--log FILE]

A transcript (tests/uci/transcripts/*.uci) is what a driver said to an engine and what the engine
answered, one line each, in order:

    # a comment (also blank lines)
    > uci                      what the driver sends
    < id name Stockfish 15.1   what the engine answers to it
    < uciok
    > position startpos moves e2e4
    > go nodes 1000
    < info depth 1 ...
    < bestmove e7e5

Each command read on standard input must be the next '>' line of the transcript; the '<' lines
after it are then written (and flushed). How two commands are compared:
- words are compared with runs of spaces collapsed; a '*' word in the transcript stands for
  any one word, a final '**' for any rest of the line;
- `position` commands are compared by the position they set up (python-chess, when it can be
  imported, plays both and compares the FEN; UCI_Chess960 set by `setoption` is followed), so
  `position startpos moves e2e4` and `position fen <that FEN>` are the same command.
Chores a driver may or may not send need not be in the transcript, and those in it may be left
out: a command that is not the next one expected is matched past the chores ahead of it in the
transcript (`isready`, `ucinewgame`, `setoption`, `debug`), and when it matches none,
`isready` is answered `readyok`, and `ucinewgame`, `setoption ...`, `debug ...`, `stop` and
`quit` are taken without an answer (`stop` too: a driver may stop a search whose bestmove the
transcript has already given, as a real engine's bestmove can cross a stop). Any other command that is not the next
expected is an error: "replay: TRANSCRIPT line N: expected 'X', got 'Y'" on standard error,
exit status 3. At the end of input, or on `quit`, the engine exits with 0.

Directives among the answers inject faults and timing, in place:
    < !sleep SECONDS     wait before the next answer
    < !stderr TEXT       write TEXT to standard error
    < !exit CODE         exit at once with CODE (a crash: nothing more is answered)
    < !kill SIGNAL       die of a signal (SEGV, ABRT, KILL, ...)
    < !hang              answer nothing more, read nothing more, until killed
--log FILE appends every command received, one per line, for a test to look at.
"""
import os
import signal
import sys
import time


def load(path):
    """[(command, [answers], line number)] of a transcript."""
    steps = []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("> "):
                steps.append((line[2:].strip(), [], n))
            elif line.startswith("<"):
                if not steps:
                    sys.exit(f"replay: {path} line {n}: an answer before any command")
                steps[-1][1].append(line[2:] if line.startswith("< ") else "")
            else:
                sys.exit(f"replay: {path} line {n}: a line must start with '> ', '< ' or '#'")
    return steps


class Positions:
    """`position` commands read into a comparable form."""

    def __init__(self):
        self.chess960 = False
        try:
            import chess  # noqa: F401  the oracle, when installed
            self.chess = chess
        except ImportError:
            self.chess = None

    def key(self, words):
        if self.chess is None:
            return " ".join(words)
        try:
            rest = words[1:]
            if rest[0] == "startpos":
                board = self.chess.Board(chess960=self.chess960)
                rest = rest[1:]
            elif rest[0] == "fen":
                end = rest.index("moves") if "moves" in rest else len(rest)
                board = self.chess.Board(" ".join(rest[1:end]), chess960=self.chess960)
                rest = rest[end:]
            else:
                return " ".join(words)
            for uci in rest[1:]:
                board.push_uci(uci)
            return "position " + board.fen()
        except Exception:
            return " ".join(words)


def matches(expected, got, positions):
    e, g = expected.split(), got.split()
    if e and g and e[0] == g[0] == "position":
        return positions.key(e) == positions.key(g)
    for i, word in enumerate(e):
        if word == "**" and i == len(e) - 1:
            return True
        if i >= len(g) or (word != "*" and word != g[i]):
            return False
    return len(e) == len(g)


CHORES = ("isready", "ucinewgame", "setoption", "debug")


def chore(step):
    """A step a driver may leave out: a chore with no answer but readyok."""
    command, answers, _ = step
    return command.split()[:1] and command.split()[0] in CHORES and all(a == "readyok" for a in answers)


def answer(lines):
    for line in lines:
        if line.startswith("!"):
            word, _, arg = line[1:].partition(" ")
            if word == "sleep":
                time.sleep(float(arg))
            elif word == "stderr":
                sys.stderr.write(arg + "\n")
                sys.stderr.flush()
            elif word == "exit":
                sys.stdout.flush()
                os._exit(int(arg))
            elif word == "kill":
                sys.stdout.flush()
                sig = getattr(signal, "SIG" + arg.upper().removeprefix("SIG"))
                try:  # the default action, whatever handler is in place (a sanitizer's, preloaded)
                    signal.signal(sig, signal.SIG_DFL)
                except (OSError, ValueError):
                    pass
                os.kill(os.getpid(), sig)
                time.sleep(5)
            elif word == "hang":
                sys.stdout.flush()
                while True:
                    time.sleep(3600)
            else:
                sys.exit(f"replay: unknown directive !{word}")
        else:
            sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    args = sys.argv[1:]
    log = None
    if "--log" in args:
        i = args.index("--log")
        log = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    path = args[0]
    steps = load(path)
    positions = Positions()
    at = 0
    for raw in sys.stdin:
        got = raw.strip()
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(got + "\n")
        words = got.split()
        if words[:4] == ["setoption", "name", "UCI_Chess960", "value"] and len(words) == 5:
            positions.chess960 = words[4].lower() == "true"
        ahead = at
        while ahead < len(steps) and not matches(steps[ahead][0], got, positions) and chore(steps[ahead]):
            ahead += 1
        if ahead < len(steps) and matches(steps[ahead][0], got, positions):
            answers = steps[ahead][1]
            at = ahead + 1
            answer(answers)
            if words[:1] == ["quit"]:
                return 0
            continue
        if not words:
            continue
        if words[0] == "isready":
            answer(["readyok"])
        elif words[0] == "quit":
            return 0
        elif words[0] in ("ucinewgame", "setoption", "debug", "stop"):
            pass
        else:
            expected = steps[at][0] if at < len(steps) else "(the end of the transcript)"
            where = f" line {steps[at][2]}" if at < len(steps) else ""
            sys.stderr.write(f"replay: {os.path.basename(path)}{where}: expected '{expected}', got '{got}'\n")
            sys.stderr.flush()
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Records a UCI conversation as a transcript that replay.py plays back.

Usage: record.py OUT.uci ENGINE [ARGS...]

Runs ENGINE and stands between it and the driver that started record.py: what the driver
writes goes to the engine and into OUT.uci as a '> ' line, what the engine answers goes back
to the driver and into OUT.uci as '< ' lines, in the order they happened. The engine's
standard error passes through. Used by hand to make tests/uci/transcripts/*.uci from a real
engine (then trimmed of what the test does not need); tests never record.
"""
import subprocess
import sys
import threading


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = open(sys.argv[1], "w", encoding="utf-8")
    lock = threading.Lock()
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def pump_out():
        for line in engine.stdout:
            with lock:
                out.write("< " + line.rstrip("\n") + "\n")
                out.flush()
            sys.stdout.write(line)
            sys.stdout.flush()

    t = threading.Thread(target=pump_out)
    t.start()
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        with lock:
            out.write("> " + line.rstrip("\n") + "\n")
            out.flush()
        try:
            engine.stdin.write(line)
            engine.stdin.flush()
        except BrokenPipeError:
            break
        if line.split()[:1] == ["quit"]:
            break
    try:
        engine.stdin.close()
    except BrokenPipeError:
        pass
    t.join()
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main())

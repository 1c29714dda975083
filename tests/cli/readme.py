#!/usr/bin/env python3
"""Keeps the README's examples real: every line `$ rankfile ...` inside a ```console block is
run (with `rankfile` meaning the given binary) and the lines after it, up to the next `$ ` line
or the end of the block, must be its output (stdout, then stderr). A block right after a line
`<!-- needs PATH -->` runs only where PATH exists (an optional tool's data, as Debian's
/usr/share/pgn-extract/eco.pgn); elsewhere its examples are skipped ("SKIP: PATH is missing"),
and under RF_CI=1 (CI installs every tool) that is a failure.

usage: readme.py RANKFILE README.md [--update]
Without --update it checks and prints "N passed, N failed"; with --update it rewrites the
outputs in place.
"""
import os
import subprocess
import sys


def run(binary, command):
    shell_cmd = command.replace("rankfile ", binary + " ", 1) if command.startswith("rankfile ") else command
    shell_cmd = shell_cmd.replace("| rankfile ", "| " + binary + " ")
    r = subprocess.run(["sh", "-c", shell_cmd], capture_output=True, text=True,
                       env=dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8"))
    out = r.stdout + r.stderr
    return out.rstrip("\n").split("\n") if out else []


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    binary, path = os.path.abspath(sys.argv[1]), sys.argv[2]
    update = "--update" in sys.argv[3:]
    lines = open(path, encoding="utf-8").read().split("\n")
    out, passed, failed, skipped = [], 0, 0, 0
    i, in_console, missing = 0, False, None
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_console = line.strip() == "```console" and not in_console
            needs = lines[i - 1].strip() if i > 0 else ""
            missing = None
            if in_console and needs.startswith("<!-- needs ") and needs.endswith(" -->"):
                path = needs[len("<!-- needs "):-len(" -->")].strip()
                if not os.path.exists(path):
                    missing = path
            out.append(line)
            i += 1
            continue
        if in_console and missing and line.startswith("$ "):
            skipped += 1
            print("SKIP: %s is missing: $ %s" % (missing, line[2:]))
            if os.environ.get("RF_CI"):
                failed += 1
        if in_console and not missing and line.startswith("$ "):
            command = line[2:]
            j = i + 1
            while j < len(lines) and not lines[j].startswith("$ ") and not lines[j].startswith("```"):
                j += 1
            expected = lines[i + 1:j]
            actual = run(binary, command)
            if actual == expected:
                passed += 1
            else:
                failed += 1
                if not update:
                    print("README example differs: $ %s" % command)
                    for e, a in zip(expected + [""] * len(actual), actual + [""] * len(expected)):
                        if e != a:
                            print("  expected: %s\n  actual:   %s" % (e, a))
                            break
            out.append(line)
            out.extend(actual)
            i = j
            continue
        out.append(line)
        i += 1
    if update:
        open(path, "w", encoding="utf-8").write("\n".join(out))
        print("%d examples, %d updated" % (passed + failed, failed))
        return 0
    print("%d passed, %d failed%s" % (passed, failed, ", %d skipped" % skipped if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

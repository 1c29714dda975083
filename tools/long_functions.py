#!/usr/bin/env python3
"""List the C functions longer than a limit (60 lines of body by default).

usage: tools/long_functions.py [--limit N] [PATH ...]

PATHs are C files or folders searched for *.c (default: src app cli python/src mpi web fuzz
tests tools). A function's length is the number of lines between the line of its opening brace
and the line of its closing brace (its body, the braces' lines left out). One line per function,
longest first: LINES PATH:LINE NAME. Exit status 0 whether or not any is found.
"""
import argparse
import os
import re
import sys

DEFAULT_PATHS = ["src", "app", "cli", "python/src", "mpi", "web", "fuzz", "tests", "tools"]
NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\($")


def blank_out(text):
    """The text with comments, strings, character constants and preprocessor lines replaced by
    spaces (newlines kept), so that braces and parentheses in them do not count."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            # a preprocessor line, with its continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append(" \n")
                    i += 2
                    continue
                out.append(" ")
                i += 1
            continue
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
            continue
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else " " * (j - i))
            i = j
            continue
        if c == "\n":
            line_start = True
        elif not c.isspace():
            line_start = False
        out.append(c)
        i += 1
    return "".join(out)


def functions(path):
    """(name, first line, body lines) of each function defined in a C file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = blank_out(f.read())
    found = []
    depth = 0
    head_start = 0  # where the text before the next top-level brace starts
    for i, c in enumerate(text):
        if c == "{":
            if depth == 0:
                head = text[head_start:i]
                open_line = text.count("\n", 0, i)
                is_function = ")" in head and "=" not in head.split("(")[0] and not re.search(
                    r"\b(struct|union|enum)\s*[A-Za-z_0-9]*\s*$", head)
                name = None
                if is_function:
                    # the identifier before the parameter list's '('
                    k = head.rfind(")")
                    level = 0
                    while k >= 0:
                        if head[k] == ")":
                            level += 1
                        elif head[k] == "(":
                            level -= 1
                            if level == 0:
                                break
                        k -= 1
                    m = NAME.search(head[:k + 1]) if k >= 0 else None
                    name = m.group(1) if m else None
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                if name:
                    close_line = text.count("\n", 0, i)
                    found.append((name, open_line + 1, close_line - open_line - 1))
                name = None
                head_start = i + 1
            depth = max(depth, 0)
        elif c == ";" and depth == 0:
            head_start = i + 1
    return found


def c_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("build", "node_modules"))
                for f in sorted(files):
                    if f.endswith(".c"):
                        yield os.path.join(root, f)
        elif os.path.exists(p):
            yield p


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    rows = []
    for path in c_files(args.paths or DEFAULT_PATHS):
        for name, line, lines in functions(path):
            if lines > args.limit:
                rows.append((lines, path, line, name))
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    for lines, path, line, name in rows:
        print(f"{lines:4d} {path}:{line} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

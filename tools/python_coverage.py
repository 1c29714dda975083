"""docs/python.md's table of python-chess's public names: covered, differs, not covered.

The section "## Every name of python-chess" of docs/python.md lists, module by module, every public
name of python-chess 1.11.2's `chess`, `chess.engine`, `chess.pgn`, `chess.polyglot`, `chess.svg`,
`chess.syzygy` and `chess.variant` (a name not starting with `_` that is not a module, a `__future__` feature,
or a name imported from typing, collections, types or builtins), each as covered (rankfile's
module has it, same meaning), differs (rankfile has it, with a difference the line explains) or
not covered (rankfile lacks it; the line says why). python/tests/test_coverage_table.py checks
the section against both packages, so that it cannot drift.

    python3 tools/python_coverage.py          # prints the section, the reasons kept from the doc
    python3 tools/python_coverage.py --write  # writes it into docs/python.md

(with python-chess installed and rankfile importable: PYTHONPATH=build/python)
"""
import __future__
import builtins
import collections
import collections.abc
import importlib
import os
import re
import sys
import textwrap
import types
import typing

MODULES = ["chess", "chess.engine", "chess.pgn", "chess.polyglot", "chess.svg", "chess.syzygy", "chess.variant"]
HEADING = "## Every name of python-chess"
DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "python.md")


def public_names(module):
    """python-chess's public names of a module (see the module's docstring)."""
    out = []
    for name in dir(module):
        if name.startswith("_"):
            continue
        value = getattr(module, name)
        if isinstance(value, (types.ModuleType, __future__._Feature)):
            continue
        if any(getattr(src, name, object()) is value for src in (typing, collections, collections.abc, types, builtins)):
            continue
        out.append(name)
    return sorted(out)


def parse(text):
    """{module: {"covered": [names], "differs": {name: why}, "not covered": {name: why}}} of the
    doc's section."""
    start = text.find("\n" + HEADING + "\n")
    if start < 0:
        raise ValueError(f"docs/python.md has no section {HEADING!r}")
    end = text.find("\n## ", start + 1)
    section = text[start:end if end >= 0 else len(text)]
    tables = {}
    current = kind = None
    for line in section.splitlines():
        m = re.match(r"^### `([\w.]+)`", line)
        if m:
            current = tables.setdefault(m.group(1), {"covered": [], "differs": {}, "not covered": {}})
            kind = None
            continue
        if current is None:
            continue
        head = re.match(r"^(Covered|Differs|Not covered)( \(\d+\))?:(.*)$", line)
        if head:
            kind = head.group(1).lower()
            line = head.group(3)
        if kind == "covered":
            current["covered"].extend(re.findall(r"`([^`]+)`", line))
        elif kind in ("differs", "not covered"):
            m = re.match(r"^- `([^`]+)`: (.*)$", line)
            if m:
                current[kind][m.group(1)] = m.group(2)
            elif line.startswith("  ") and current[kind]:
                last = list(current[kind])[-1]
                current[kind][last] += " " + line.strip()
    return tables


def render(tables):
    out = [HEADING, ""]
    out.append("Every public name of python-chess 1.11.2's modules (not the ones it imports from "
               "typing and the standard library), as rankfile has it: covered (same name, same "
               "meaning), differs (the line says how) or not covered (the line says why). "
               "`python3 tools/python_coverage.py --write` rewrites this section; "
               "python/tests/test_coverage_table.py checks it against both packages.")
    for module in MODULES:
        t = tables[module]
        total = len(t["covered"]) + len(t["differs"]) + len(t["not covered"])
        out += ["", f"### `{module}` ({total} names: {len(t['covered'])} covered, {len(t['differs'])} differ, "
                    f"{len(t['not covered'])} not covered)", ""]
        covered = ", ".join(f"`{n}`" for n in sorted(t["covered"]))
        out += textwrap.wrap(f"Covered ({len(t['covered'])}): {covered or 'none'}", 100, break_long_words=False,
                             break_on_hyphens=False)
        for kind, title in (("differs", "Differs"), ("not covered", "Not covered")):
            if t[kind]:
                out += ["", f"{title}:"]
                for name in sorted(t[kind]):
                    out += textwrap.wrap(f"- `{name}`: {t[kind][name]}", 100, subsequent_indent="  ",
                                         break_long_words=False, break_on_hyphens=False)
    return "\n".join(out) + "\n"


def compute(old):
    """The tables as the packages are now, the reasons kept from `old` (the doc's tables)."""
    tables = {}
    for module in MODULES:
        theirs = importlib.import_module(module)
        ours = importlib.import_module("rankfile" + module[len("chess"):])
        before = old.get(module, {"differs": {}, "not covered": {}})
        t = {"covered": [], "differs": {}, "not covered": {}}
        for name in public_names(theirs):
            if not hasattr(ours, name):
                t["not covered"][name] = before["not covered"].get(name, "(why: to be written)")
            elif name in before["differs"]:
                t["differs"][name] = before["differs"][name]
            else:
                t["covered"].append(name)
        tables[module] = t
    return tables


def main():
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    try:
        old = parse(text)
    except ValueError:
        old = {}
    section = render(compute(old))
    if "--write" not in sys.argv[1:]:
        sys.stdout.write(section)
        return
    start = text.find("\n" + HEADING + "\n")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        end = text.find("\n## ", start + 1)
        text = text[:start + 1] + section + (text[end:] if end >= 0 else "")
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()

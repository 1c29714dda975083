"""docs/python.md's "Every name of python-chess" section against both packages: every public name
of python-chess's seven modules is listed once, as covered or differs where rankfile has it, as not
covered where it does not, each difference and gap with its reason (tools/python_coverage.py)."""
import importlib
import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def coverage_tool():
    spec = importlib.util.spec_from_file_location("python_coverage", ROOT / "tools" / "python_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return coverage_tool()


@pytest.fixture(scope="module")
def tables(tool):
    return tool.parse((ROOT / "docs" / "python.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("module", ["chess", "chess.engine", "chess.pgn", "chess.polyglot", "chess.svg", "chess.syzygy", "chess.variant"])
def test_every_name_is_listed_once_and_truly(module, tool, tables, python_chess):
    theirs = importlib.import_module(module)
    ours = importlib.import_module("rankfile" + module[len("chess"):])
    assert module in tables, f"docs/python.md lists no module {module}"
    t = tables[module]
    listed = t["covered"] + list(t["differs"]) + list(t["not covered"])
    assert len(listed) == len(set(listed)), f"{module}: a name listed twice"
    names = set(tool.public_names(theirs))
    assert set(listed) - names == set(), f"{module}: listed, but python-chess has no such public name"
    assert names - set(listed) == set(), f"{module}: python-chess's names missing from the table (run tools/python_coverage.py --write)"
    present = [n for n in t["covered"] + list(t["differs"]) if not hasattr(ours, n)]
    assert present == [], f"{module}: listed as covered or differs, but rankfile lacks them"
    absent = [n for n in t["not covered"] if hasattr(ours, n)]
    assert absent == [], f"{module}: listed as not covered, but rankfile has them now"
    unexplained = [n for n, why in list(t["differs"].items()) + list(t["not covered"].items())
                   if not why.strip() or "to be written" in why]
    assert unexplained == [], f"{module}: a difference or gap without its reason"

"""Run programs written for python-chess on rankfile, unchanged.

``python -m rankfile.compat prog.py ARGS...`` runs ``prog.py`` with the name ``chess`` (and
``chess.pgn``, ``chess.polyglot``, ``chess.svg``, ``chess.syzygy``, ``chess.variant``, and every
other ``chess.X`` that rankfile has as ``rankfile.X``) pointed at rankfile;
``python -m rankfile.compat -m module ARGS...`` runs a module the same way (``-m pytest``,
``-m unittest``). In a program of your own, call :func:`install` before the first
``import chess``::

    import rankfile.compat
    rankfile.compat.install()
    import chess, chess.pgn          # rankfile and rankfile.pgn

:func:`install` returns the module names it pointed at rankfile; :func:`uninstall` takes the
aliases back. A ``chess.X`` that rankfile does not have (``chess.gaviota``) raises
``ModuleNotFoundError`` naming it, unless ``fallback`` names a directory holding python-chess's
own ``chess/`` package: then its module is loaded from there, on top of rankfile (its
``import chess`` is rankfile). ``chess.engine`` is rankfile.engine, the engine driver with
it.

The ``chess`` package object is rankfile's own: a module loaded from the fallback as ``chess.X``
is also the attribute ``rankfile.X`` until ``rankfile.X`` itself is imported (one attribute, two
names). Programs that say ``chess.X`` and never ``rankfile.X`` do not notice.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import runpy
import sys
from typing import List, Optional, Sequence, Tuple

__all__ = ["install", "uninstall", "installed", "main"]

#: python-chess's modules, and what rankfile answers for each.
MODULES = ("pgn", "polyglot", "svg", "syzygy", "variant", "engine", "gaviota")

#: rankfile's modules that hold only part of python-chess's: with a fallback, python-chess's own
#: module is loaded in their place (on top of rankfile). None today: rankfile.engine has the
#: engine driver too.
PARTIAL: Tuple[str, ...] = ()


class _Finder(importlib.abc.MetaPathFinder):
    """Finds ``chess`` and ``chess.X`` as rankfile's modules (or python-chess's, as a fallback)."""

    def __init__(self, fallback: Optional[str]) -> None:
        self.fallback = fallback

    def find_spec(self, fullname, path=None, target=None):  # type: ignore[no-untyped-def]
        if fullname != "chess" and not fullname.startswith("chess."):
            return None
        target_name = "rankfile" + fullname[len("chess"):]
        fallback = None
        if self.fallback is not None and fullname != "chess":
            file = os.path.join(self.fallback, *fullname.split(".")) + ".py"
            if os.path.isfile(file):
                fallback = importlib.util.spec_from_file_location(fullname, file)
        if importlib.util.find_spec(target_name) is not None:
            if fallback is not None and fullname in PARTIAL:
                return fallback
            return importlib.machinery.ModuleSpec(fullname, _AliasLoader(target_name))
        return fallback


class _AliasLoader(importlib.abc.Loader):
    """Hands out rankfile's module object itself under the ``chess`` name."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:  # type: ignore[no-untyped-def]
        # The module is rankfile's, already run; importing it again under another name must
        # not change its spec or name (pickles and reprs keep saying rankfile).
        pass


_finder: Optional[_Finder] = None


def installed() -> bool:
    """Whether ``chess`` names rankfile in this process."""
    return _finder is not None


def install(*, fallback: Optional[str] = None) -> List[str]:
    """Points ``chess`` and its submodules at rankfile for every later import
    (``sys.modules['chess'] is rankfile`` at once; ``chess.pgn`` and the others are found when
    the program imports them, as python-chess's are, so that a program pays only for what it
    imports). A ``chess`` already imported from python-chess is a RuntimeError: the program
    would hold both packages' boards. Returns the names that now resolve: ``chess`` and each of
    python-chess's submodules that rankfile (or the fallback) has."""
    global _finder
    existing = sys.modules.get("chess")
    if existing is not None and _finder is None:
        import rankfile
        if existing is not rankfile:
            raise RuntimeError("python-chess is already imported as 'chess'; call "
                               "rankfile.compat.install() before the first 'import chess'")
    if _finder is None:
        _finder = _Finder(fallback)
        sys.meta_path.insert(0, _finder)
    elif fallback is not None:
        _finder.fallback = fallback
    importlib.import_module("chess")
    names = ["chess"]
    for module in MODULES:
        name = "chess." + module
        if name in sys.modules or _finder.find_spec(name) is not None:
            names.append(name)
    return names


def uninstall() -> None:
    """Takes the aliases back: ``chess`` names nothing again until it is imported."""
    global _finder
    if _finder is not None:
        sys.meta_path.remove(_finder)
        _finder = None
    for name in [n for n in sys.modules if n == "chess" or n.startswith("chess.")]:
        del sys.modules[name]


_USAGE = """usage: python -m rankfile.compat [--fallback DIR] PROGRAM.py [ARGS...]
       python -m rankfile.compat [--fallback DIR] -m MODULE [ARGS...]

Runs a program written for python-chess with `import chess` (and chess.pgn, chess.polyglot,
chess.svg, chess.syzygy, chess.variant, ...) pointed at rankfile; the program sees its own
arguments in sys.argv, as under `python PROGRAM.py ARGS...`.

  -m MODULE       run a module as a program (python -m MODULE), e.g. -m pytest
  --fallback DIR  load the chess.X modules rankfile lacks from python-chess's package in DIR
                  (DIR/chess/X.py), on top of rankfile
  -h, --help      this text
"""


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line of ``python -m rankfile.compat``."""
    args = list(sys.argv[1:] if argv is None else argv)
    fallback = None
    while args and args[0] in ("-h", "--help", "--fallback"):
        if args[0] in ("-h", "--help"):
            sys.stdout.write(_USAGE)
            return 0
        if len(args) < 2:
            sys.stderr.write("rankfile.compat: --fallback needs a directory\n" + _USAGE)
            return 64
        fallback = args[1]
        if not os.path.isdir(os.path.join(fallback, "chess")):
            sys.stderr.write(f"rankfile.compat: --fallback {fallback}: no chess/ package there\n")
            return 66
        args = args[2:]
    if not args or (args[0] == "-m" and len(args) < 2):
        sys.stderr.write("rankfile.compat: name a program to run\n" + _USAGE)
        return 64
    install(fallback=fallback)
    if args[0] == "-m":
        sys.argv = [args[1]] + args[2:]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        return 0
    program = args[0]
    if not os.path.isfile(program):
        sys.stderr.write(f"rankfile.compat: {program}: no such file\n")
        return 66
    sys.argv = args
    sys.path.insert(0, os.path.dirname(os.path.abspath(program)))
    runpy.run_path(program, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())

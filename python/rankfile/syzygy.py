"""Syzygy endgame tablebases: python-chess's ``chess.syzygy`` over rankfile's C library.

The tables (``KQvKR.rtbw`` for win/draw/loss, ``KQvKR.rtbz`` for the distance to the next
capture or pawn move) are read by Fathom, Debian's ``libfathom``, through the library's
``rf_tb_*`` functions; the values are python-chess's: WDL ``2`` win, ``1`` cursed win (a win
the 50-move rule turns into a draw), ``0`` draw, ``-1`` blessed loss, ``-2`` loss, for the side
to move, and DTZ signed the same way.

Fathom keeps its tables in process-wide state: one set of directories serves the whole process.
A :class:`Tablebase` holds a handle on that set; two tablebases open on the same directories
share it, and one that asks for other directories while another is open raises
:exc:`TablebaseBusyError` (python-chess opens as many as one likes). ``add_directory`` reopens
the set with the directory added.

>>> import rankfile as chess, rankfile.syzygy
>>> with rankfile.syzygy.open_tablebase("data/syzygy") as tablebase:  # doctest: +SKIP
...     board = chess.Board("8/8/1k6/8/8/8/8/KBN5 w - - 0 1")
...     print(tablebase.probe_wdl(board), tablebase.probe_dtz(board))
2 58
"""
from __future__ import annotations

import os
import shutil
import tempfile
import weakref
from typing import Dict, Iterable, List, Optional, Type, Union

from rankfile import Board
from rankfile import _rankfile
from rankfile._rankfile import CorruptTableError, MissingTableError, SyzygyUnavailableError, TablebaseBusyError

__all__ = [
    "TBPIECES", "Tablebase", "open_tablebase", "MissingTableError",
    "CorruptTableError", "TablebaseBusyError", "SyzygyUnavailableError", "available",
]

TBPIECES = 7
"""The most pieces (kings included) of a Syzygy table."""

_STRENGTH = "KQRBNP"
_WDL_SUFFIX = ".rtbw"
_DTZ_SUFFIX = ".rtbz"


def available() -> bool:
    """True when this build of rankfile reads Syzygy tables (it was built with Fathom)."""
    return _rankfile.syzygy_available()


def _side_ok(side: str) -> bool:
    """One king first, then the other pieces strongest first (``KQRBNP`` order)."""
    if not side or side[0] != "K" or "K" in side[1:]:
        return False
    ranks = [_STRENGTH.find(c) for c in side]
    return min(ranks) >= 0 and ranks == sorted(ranks)


def _is_tablename(name: str) -> bool:
    """Whether ``name`` (``"KQvKR"``) names a table file as python-chess takes one: two sides
    of one king and other pieces each, strongest first, 3 to 7 pieces, the stronger side first
    (more pieces; with as many, the stronger piece where they first differ)."""
    sides = name.split("v")
    if len(sides) != 2 or not all(_side_ok(side) for side in sides):
        return False
    white, black = sides
    if not 2 < len(white) + len(black) <= TBPIECES:
        return False
    if len(white) != len(black):
        return len(white) > len(black)
    for w, b in zip(white, black):
        if w != b:
            return _STRENGTH.index(w) < _STRENGTH.index(b)
    return True


def _check_variant(VariantBoard: Type) -> Type:
    """The board class of a tablebase: standard chess only (Fathom's tables)."""
    variant = getattr(VariantBoard, "uci_variant", None)
    if variant != "chess":
        name = getattr(VariantBoard, "__name__", repr(VariantBoard))
        raise ValueError(f"rankfile.syzygy reads Syzygy tables of standard chess only (Fathom): "
                         f"VariantBoard={name} ({variant}) is not supported")
    return VariantBoard


def _chosen(directory: str, names: Iterable[str], load_wdl: bool, load_dtz: bool) -> List[str]:
    """The table files of ``names`` that a directory adds, as python-chess counts them."""
    suffixes = ([_WDL_SUFFIX] if load_wdl else []) + ([_DTZ_SUFFIX] if load_dtz else [])
    return sorted(name for name in names
                  if os.path.splitext(name)[1] in suffixes and _is_tablename(os.path.splitext(name)[0])
                  and os.path.isfile(os.path.join(directory, name)))


class Tablebase(_rankfile._Tablebase):
    """Syzygy tables for probing, python-chess's ``chess.syzygy.Tablebase``.

    ``probe_wdl(board)``, ``probe_dtz(board)`` (and ``get_wdl``, ``get_dtz`` with a default in
    place of ``KeyError``) take rankfile boards of standard chess; :exc:`MissingTableError` (a
    ``KeyError``) when a table the position needs is not open, ``KeyError`` for positions no
    table holds (castling rights, more than 7 pieces, a variant, a position that is not legal).
    ``probe_wdl_many(boards, default=...)`` probes many boards in one call. Probes release the
    GIL; the library serialises them. ``max_pieces`` is the most pieces of the tables open.

    ``max_fds`` is accepted and kept for python-chess's sake: Fathom maps every table into
    memory and keeps no file descriptor open.
    """

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> None:
        if not available():
            raise SyzygyUnavailableError(
                "this build of rankfile has no Syzygy tablebase support: it was built without "
                "Fathom (apt-get install libfathom-dev, then build or pip install again)")
        self.variant = _check_variant(VariantBoard)
        self.max_fds = max_fds
        # The paths added, in order: whole directories, then the link folder (links to the
        # files of partly loaded directories and single files), each with whether it holds a
        # WDL file (Fathom finds a table by its WDL file; the library refuses paths without).
        self._entries: Dict[str, bool] = {}
        self._links: Optional[str] = None
        self._cleanups: Dict[str, weakref.finalize] = {}

    def _new_links(self, files: Iterable[str]) -> str:
        """A new folder of links to the files of the current link folder and to ``files`` (each
        replacing one of the same name, as python-chess's later table replaces the earlier).
        A new folder each time: the library opens Fathom again only for other paths."""
        folder = tempfile.mkdtemp(prefix="rankfile-syzygy-")
        self._cleanups[folder] = weakref.finalize(self, shutil.rmtree, folder, True)
        targets = {}
        if self._links:
            for name in os.listdir(self._links):
                targets[name] = os.readlink(os.path.join(self._links, name))
        for path in files:
            targets[os.path.basename(path)] = path
        for name, target in targets.items():
            os.symlink(target, os.path.join(folder, name))
        return folder

    def _drop_links(self, folder: str) -> None:
        cleanup = self._cleanups.pop(folder, None)
        if cleanup:
            cleanup()

    def _reopen(self, entries: Dict[str, bool], links: Optional[str]) -> None:
        """Opens ``entries`` in place of the tables open; as it was when that fails."""
        self._open(":".join(entries) if any(entries.values()) else None)
        old_links = self._links
        self._entries, self._links = entries, links
        if old_links and old_links != links:
            self._drop_links(old_links)

    def _add(self, directory: Optional[str], files: List[str]) -> None:
        """Adds a whole directory (its path opened as it is) or files (through a new link
        folder, which follows the whole directories)."""
        entries = {path: wdl for path, wdl in self._entries.items() if path != self._links}
        if directory is not None:
            if directory in self._entries:
                return
            entries[directory] = any(name.endswith(_WDL_SUFFIX) for name in files)
            if self._links:
                entries[self._links] = self._entries[self._links]
            self._reopen(entries, self._links)
            return
        links = self._new_links(files)
        entries[links] = any(name.endswith(_WDL_SUFFIX) for name in os.listdir(links))
        try:
            self._reopen(entries, links)
        except BaseException:
            self._drop_links(links)
            raise

    def add_directory(self, directory: Union[str, os.PathLike], *, load_wdl: bool = True,
                      load_dtz: bool = True) -> int:
        """Adds the tables of a directory: every ``.rtbw`` (WDL) and ``.rtbz`` (DTZ) file whose
        name is a table's (``KQvKR.rtbw``), or only one kind with ``load_wdl=False`` or
        ``load_dtz=False``. Returns the number of table files found, as python-chess.

        The tables are process-wide: the handle is opened again on every directory added so
        far. Table files are checked (magic number, size) before Fathom reads them.

        :raises: :exc:`FileNotFoundError` or :exc:`NotADirectoryError` for a directory that
            cannot be listed (as python-chess); :exc:`CorruptTableError` (an ``OSError``) for a
            damaged table file; :exc:`TablebaseBusyError` when another tablebase of this process
            holds other directories. The tables open before stay open after a failure.
        """
        directory = os.path.abspath(os.fsdecode(directory))
        chosen = _chosen(directory, os.listdir(directory), load_wdl, load_dtz)
        if not chosen:
            return 0
        whole = load_wdl and load_dtz and ":" not in directory
        self._add(directory if whole else None, [os.path.join(directory, name) for name in chosen])
        return len(chosen)

    def add_file(self, path: Union[str, os.PathLike], *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds one table file (``.rtbw`` with ``load_wdl``, ``.rtbz`` with ``load_dtz``);
        returns 1, or 0 when it is no table file of those kinds, as python-chess."""
        path = os.path.abspath(os.fsdecode(path))
        if not _chosen(os.path.dirname(path), [os.path.basename(path)], load_wdl, load_dtz):
            return 0
        self._add(None, [path])
        return 1

    def close(self) -> None:
        """Releases every table: later probes raise :exc:`MissingTableError` (a position of
        kings alone is still a draw); ``add_directory`` opens tables again."""
        self._open(None)
        links = self._links
        self._entries, self._links = {}, None
        if links:
            self._drop_links(links)

    def __enter__(self) -> Tablebase:
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        self.close()


def open_tablebase(directory: Union[str, os.PathLike], *, load_wdl: bool = True, load_dtz: bool = True,
                   max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> Tablebase:
    """Opens the Syzygy tables of a directory (:meth:`Tablebase.add_directory` adds more).

    Probing a position needs the tables of its material and of every material its captures and
    promotions lead to. ``VariantBoard`` must be a board class of standard chess (the default,
    :class:`rankfile.Board`): the tables of the variants are not read (``ValueError``).

    :raises: :exc:`SyzygyUnavailableError` in a build without Fathom; else as
        :meth:`Tablebase.add_directory`.
    """
    tablebase = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tablebase.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tablebase

"""Opening names (ECO codes) from an ECO file, as ``rankfile opening`` reads them.

An ECO file is read at run time: pgn-extract's ``eco.pgn`` (Debian's ``pgn-extract`` package
installs it as ``/usr/share/pgn-extract/eco.pgn``, the default) or lichess's chess-openings TSV
(columns ``eco``, ``name``, ``pgn``); gzip or zstd compressed too. rankfile ships no opening data.

Positions are found by key, so transpositions count. A line of moves is named by the last
position along it that the file knows: an entry whose moves are the line's first moves, else
the deeper entry of that position, then the later one in the file (see ``rankfile.h``).

    >>> import rankfile, rankfile.openings
    >>> table = rankfile.openings.load("/usr/share/pgn-extract/eco.pgn")  # doctest: +SKIP
    >>> board = rankfile.Board()
    >>> for san in ["e4", "c5", "Nf3"]:
    ...     _ = board.push_san(san)
    >>> board.opening(table)  # doctest: +SKIP
    Opening(eco='B27', name='Sicilian defence', variation='', ply=2)
"""
from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Iterable, NamedTuple, Optional, Union

from rankfile import _rankfile

if TYPE_CHECKING:
    from rankfile import Board, Move

#: Where Debian's pgn-extract package installs its ECO file: the default table.
DEFAULT_PATH = "/usr/share/pgn-extract/eco.pgn"


class Opening(NamedTuple):
    """An opening: its ECO code, name and variation ("" when the file names none), and the ply
    where its position was reached (for a position looked up as it stands: its entry's length)."""
    eco: str
    name: str
    variation: str
    ply: int

    @property
    def text(self) -> str:
        """"Name: Variation", or the name alone: the CLI's and read_table's ``opening`` column."""
        return f"{self.name}: {self.variation}" if self.variation else self.name


def _opening(found: Optional[tuple]) -> Optional[Opening]:
    return None if found is None else Opening(*found)


class OpeningTable:
    """A loaded ECO file (made by :func:`load`): read-only, shared freely between threads."""

    def __init__(self, table: Any, path: str) -> None:
        self._table = table
        self.path = path

    def __len__(self) -> int:
        """The number of entries."""
        return len(self._table)

    def __repr__(self) -> str:
        return f"<rankfile.openings.OpeningTable {self.path!r}: {len(self)} entries>"

    def lookup(self, board: Board) -> Optional[Opening]:
        """The entry of the board's position as it stands (its moves aside), or None."""
        return _opening(self._table.find(board))

    def classify(self, moves: Iterable[Union[Move, str]], start: Optional[Board] = None) -> Optional[Opening]:
        """The opening of a line: ``moves`` (Move objects, or UCI or SAN text) played from
        ``start`` (default the standard start). Raises IllegalMoveError (or InvalidMoveError)
        for a move that cannot be played."""
        if start is None:
            from rankfile import Board
            start = Board()
        return _opening(self._table.classify(start, list(moves)))

    def opening(self, board: Board) -> Optional[Opening]:
        """The opening of the board's game: its move stack from its root."""
        return _opening(self._table.classify(board.root(), board.move_stack))


def load(path: Union[str, bytes, os.PathLike]) -> OpeningTable:
    """Reads an ECO file. Raises OSError when it cannot be opened, ValueError when it is
    malformed (the line and column of the first bad entry)."""
    name = os.fsdecode(os.fspath(path))
    with open(path, "rb") as f:
        data = f.read()
    return OpeningTable(_rankfile.eco_load(data, name), name)


_default: Optional[OpeningTable] = None
_default_lock = threading.Lock()


def default() -> OpeningTable:
    """The table of :data:`DEFAULT_PATH`, loaded once and kept. Raises FileNotFoundError,
    saying what to install, when the file is missing."""
    global _default
    with _default_lock:
        if _default is None:
            if not os.path.exists(DEFAULT_PATH):
                raise FileNotFoundError(f"no ECO file: {DEFAULT_PATH} is missing (Debian: apt install pgn-extract); "
                                        "give one with rankfile.openings.load(path)")
            _default = load(DEFAULT_PATH)
        return _default


def table_of(eco: Union[None, str, bytes, os.PathLike, OpeningTable]) -> OpeningTable:
    """An OpeningTable from what ``eco=`` arguments take: None (the default table), a path, or
    a table."""
    if eco is None:
        return default()
    if isinstance(eco, OpeningTable):
        return eco
    if isinstance(eco, (str, bytes, os.PathLike)):
        return load(eco)
    raise TypeError(f"eco: a path or a rankfile.openings.OpeningTable, not {type(eco).__name__}")

"""rankfile.pgn: PGN games, python-chess's ``chess.pgn`` over rankfile's C reader.

Two ways in:

- python-chess's: :func:`read_game` (a :class:`Game` with headers, a main line, comments, NAGs
  and variations), :func:`read_headers`, :func:`skip_game`, ``str(game)`` to export;
- rankfile's, for whole files: :func:`read_table` (every game of a file as columns, read in C
  without the GIL) and :func:`iter_games` (one light record per game).
"""
from __future__ import annotations

import os
import re
import typing
from collections.abc import MutableMapping
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from rankfile import _rankfile

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster: the tags every exported game carries first, in this order."""

TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6


class Headers(MutableMapping):
    """A game's tag pairs: a mutable mapping that keeps the Seven Tag Roster (Event, Site, Date,
    Round, White, Black, Result) first, in the roster's order, and the other tags in the order
    they were set. ``Headers()`` holds the roster's defaults ("?", "????.??.??", "*");
    ``Headers({})`` is empty."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None,
                 **kwargs: str) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        if data is None:
            data = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?",
                    "White": "?", "Black": "?", "Result": "*"}
        self.update(data, **kwargs)

    def is_chess960(self) -> bool:
        """True when the Variant tag names Chess960 (chess960, fischerandom, ...)."""
        return self.get("Variant", "").lower() in [
            "chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"]

    def is_wild(self) -> bool:
        """True when the Variant tag names one of FICS's wild/N games (read as standard chess)."""
        return self.get("Variant", "").lower() in [
            "wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
            "wild/8", "wild/8a"]

    def variant(self) -> type:
        """The board class of the Variant tag (rankfile.Board when there is none)."""
        import rankfile
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return rankfile.Board
        from rankfile.variant import find_variant
        return find_variant(self["Variant"])

    def board(self) -> Any:
        """The start position the tags describe: the FEN tag's, else the variant's start."""
        VariantBoard = self.variant()
        fen = self.get("FEN", VariantBoard.starting_fen)
        board = VariantBoard(fen, chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in TAG_ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._tag_roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tag_roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self) -> "Headers":
        return type(self)(self)

    def __copy__(self) -> "Headers":
        return self.copy()

    def __repr__(self) -> str:
        pairs = ", ".join(f"{key}={value!r}" for key, value in self.items())
        return f"{type(self).__name__}({pairs})"

    @classmethod
    def _from_pairs(cls, pairs: Iterable[Tuple[str, str]]) -> "Headers":
        # The reader's tags as they were read: no name check (python-chess's reader has none).
        headers = cls({})
        roster, others = headers._tag_roster, headers._others
        for key, value in pairs:
            if key in TAG_ROSTER:
                roster[key] = value
            else:
                others[key] = value
        return headers


# ---- whole files: read_table and iter_games -------------------------------------------------

_NUMERIC = {"index": "int64", "offset": "int64", "chess960": "bool", "plies": "int64",
            "error_line": "int64", "error_column": "int64"}
_BEFORE_TAGS = ["index", "offset"]
_AFTER_TAGS = ["variant", "chess960", "start_fen", "moves_uci", "moves_san", "plies", "result",
               "termination", "winner", "final_fen", "error", "error_line", "error_column",
               "warning"]


def _column(name: str, data: Any) -> Any:
    """A numeric column's bytes as a NumPy array over them (no copy), else a memoryview."""
    if not isinstance(data, bytes):
        return data
    kind = _NUMERIC[name]
    try:
        import numpy
    except ImportError:
        return memoryview(data).cast("?" if kind == "bool" else "q")
    return numpy.frombuffer(data, dtype=numpy.bool_ if kind == "bool" else numpy.int64)


class Table:
    """The games of one PGN input as columns, one value per game (see :func:`read_table`).

    ``len(table)`` is the number of games, ``table["plies"]`` a column (numeric columns are
    NumPy arrays over the reader's memory, read-only; text columns lists of ``str``),
    ``table.columns`` the names in order, ``table.row(i)`` one game as a dict. The reader's
    data stays in C until a column is asked for: each column's Python objects (and the SAN or
    UCI text of ``moves_san`` and ``moves_uci``, written in C without the GIL) are made the
    first time it is read, then kept."""

    def __init__(self, data: Any, order: List[str]) -> None:
        self._data = data
        self._order = order
        self._names = set(order)
        self._games = data.games()
        self._cache: Dict[str, Any] = {}

    @property
    def columns(self) -> List[str]:
        """The column names: index, offset, the tags (in the order first met), then variant,
        chess960, start_fen, moves_uci, moves_san, plies, result, termination, winner,
        final_fen, error, error_line, error_column, warning (those asked for)."""
        return list(self._order)

    def __len__(self) -> int:
        return self._games

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def keys(self) -> List[str]:
        """The column names (as :attr:`columns`)."""
        return self.columns

    def __getitem__(self, name: str) -> Any:
        if name not in self._names:
            raise KeyError(name)
        column = self._cache.get(name)
        if column is None:
            column = self._cache[name] = _column(name, self._data.column(name))
        return column

    def row(self, i: int) -> Dict[str, Any]:
        """Game i (from 0) as a dict of column name -> value."""
        if i < 0:
            i += self._games
        if not 0 <= i < self._games:
            raise IndexError("game index out of range")
        out = {}
        for name in self._order:
            value = self[name][i]
            if name in _NUMERIC:
                value = bool(value) if _NUMERIC[name] == "bool" else int(value)
            out[name] = value
        return out

    def to_pandas(self) -> Any:
        """A pandas.DataFrame of the columns (pandas must be installed)."""
        import pandas
        return pandas.DataFrame({name: self[name] for name in self._order}, columns=self._order)

    def to_arrow(self) -> Any:
        """A pyarrow.Table of the columns (pyarrow must be installed)."""
        import pyarrow
        return pyarrow.table({name: self[name] for name in self._order})

    def __repr__(self) -> str:
        return f"<rankfile.pgn.Table: {self._games} games, {len(self._order)} columns>"


def _read(source: Any, columns: Optional[Sequence[str]], variant: Optional[str]) -> Any:
    if columns is not None:
        if isinstance(columns, str):
            raise TypeError("columns: a list of column names, not one string")
        columns = tuple(columns)
        for name in columns:
            if not isinstance(name, str):
                raise TypeError(f"columns: {name!r} is not a column name")
    if variant is not None and not isinstance(variant, str):
        raise TypeError("variant: a variant name, as 'atomic' or 'chess960'")
    if isinstance(source, (str, os.PathLike)):
        return _rankfile._pgn_table(source, True, columns, variant)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _rankfile._pgn_table(bytes(source), False, columns, variant)
    read = getattr(source, "read", None)
    if read is None:
        raise TypeError("source: a path, a file object or bytes, not "
                        f"{type(source).__name__}")
    data = read()
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("source: the file object's read() gave neither str nor bytes")
    return _rankfile._pgn_table(bytes(data), False, columns, variant)


def read_table(source: Any, *, columns: Optional[Sequence[str]] = None,
               variant: Optional[str] = None) -> Table:
    """Reads every game of a PGN input into a :class:`Table`, in C with the GIL released.

    ``source``: a path (plain, ``.pgn.gz`` or ``.pgn.zst``: the first bytes tell; compressed
    input needs a build with zlib and libzstd, as the CLI), a file object (text or binary,
    read to its end) or bytes. The text is read as the CLI's ``--encoding auto`` reads it:
    UTF-8 until a byte that is not, Windows-1252 from there.

    ``columns``: the names to keep (default all); tags are columns too ("" for a game without
    the tag). ``variant``: keep only the games of that variant (its name as the [Variant] tag or
    the CLI writes it, "chess960" for Chess960 games; games whose start cannot be known, a bad
    [FEN] or [Variant], are kept with their error); the others are skipped unchecked.

    A bad game is a row with its ``error`` ("game N (line L, column C): what"), the moves up to
    the error, and the next games are read. The values are those of
    ``rankfile pgn --format json``: ``index`` (from 1), ``offset`` (the game's first byte in the
    decoded text), the tags, ``variant``, ``chess960``, ``start_fen``, ``moves_uci`` and
    ``moves_san`` (the main line, space-joined), ``plies``, ``result`` (the termination marker,
    "*" when none), ``termination`` and ``winner`` (what the rules say of the last position: the
    CLI's outcome reason and winner, "" when none), ``final_fen``, ``error``, ``error_line``,
    ``error_column`` (0 when no error) and ``warning``. A tag named as one of these columns is
    left out (the column wins).

    Raises OSError for a file that cannot be opened, ValueError for input that cannot be read
    (corrupt compressed data) or an unknown variant.
    """
    data = _read(source, columns, variant)
    fixed = data.fixed()
    tags = [name for name in data.tag_names() if name not in _FIXED_NAMES]
    names = [n for n in _BEFORE_TAGS if n in fixed] + tags + [n for n in _AFTER_TAGS if n in fixed]
    if columns is not None:
        names = [n for n in names if n in columns]
        names += [n for n in columns if n not in names and n not in _FIXED_NAMES]
    return Table(data, names)


_FIXED_NAMES = set(_BEFORE_TAGS + _AFTER_TAGS)


_TERMINATIONS = {
    "checkmate": "CHECKMATE",
    "stalemate": "STALEMATE",
    "insufficient_material": "INSUFFICIENT_MATERIAL",
    "seventy_five_moves": "SEVENTYFIVE_MOVES",
    "fivefold_repetition": "FIVEFOLD_REPETITION",
}


def _outcome(termination: str, winner: str, final_fen: str) -> Any:
    """python-chess's Outcome for the CLI's reason and winner (None while the game goes on)."""
    if not termination:
        return None
    import rankfile
    color = {"white": True, "black": False}.get(winner)
    name = _TERMINATIONS.get(termination)
    if name is None:  # a rule of the variant: a win or loss for the side to move, or a draw
        turn = " b " not in final_fen
        name = "VARIANT_DRAW" if color is None else "VARIANT_WIN" if color == turn else "VARIANT_LOSS"
    return rankfile.Outcome(getattr(rankfile.Termination, name), color)


class GameRecord:
    """One game of :func:`iter_games`: what the C reader knows of it, without a node tree."""

    __slots__ = ("index", "offset", "headers", "variant", "chess960", "start_fen", "moves_uci",
                 "moves_san", "plies", "result", "termination", "winner", "final_fen", "error",
                 "warning")

    index: int
    offset: int
    headers: Dict[str, str]
    variant: str
    chess960: bool
    start_fen: str
    moves_uci: List[str]
    moves_san: List[str]
    plies: int
    result: str
    termination: str
    winner: str
    final_fen: str
    error: str
    warning: str

    @property
    def moves(self) -> List[Any]:
        """The main line's moves as rankfile.Move objects."""
        import rankfile
        return [rankfile.Move.from_uci(uci) for uci in self.moves_uci]

    @property
    def outcome(self) -> Any:
        """python-chess's Outcome of the last position (None while the game goes on, or when
        the game's start is unknown)."""
        return _outcome(self.termination, self.winner, self.final_fen)

    def __repr__(self) -> str:
        return (f"<GameRecord {self.index}: {self.headers.get('White', '?')} - "
                f"{self.headers.get('Black', '?')} {self.result}, {self.plies} plies"
                f"{', error' if self.error else ''}>")


def iter_games(source: Any, *, variant: Optional[str] = None) -> Iterator[GameRecord]:
    """The games of a PGN input (as :func:`read_table` takes it) as :class:`GameRecord`s:
    ``index``, ``offset``, ``headers`` (a dict, in the input's order), ``variant``,
    ``chess960``, ``start_fen``, ``moves`` (Move objects), ``moves_uci`` and ``moves_san``
    (lists), ``plies``, ``result``, ``outcome``, ``termination``, ``winner``, ``final_fen``,
    ``error`` ("" for a good game) and ``warning``. The input is read whole, in C, before the
    first record is given."""
    data = _read(source, None, variant)
    games = data.games()
    headers = data.headers()
    index, offset, chess960, plies = (_column(n, data.column(n)) for n in
                                      ("index", "offset", "chess960", "plies"))
    text = {name: data.column(name) for name in
            ("variant", "start_fen", "moves_uci", "moves_san", "result", "termination", "winner",
             "final_fen", "error", "warning")}
    for i in range(games):
        record = GameRecord()
        record.index = int(index[i])
        record.offset = int(offset[i])
        record.headers = headers[i]
        record.variant = text["variant"][i]
        record.chess960 = bool(chess960[i])
        record.start_fen = text["start_fen"][i]
        record.moves_uci = text["moves_uci"][i].split()
        record.moves_san = text["moves_san"][i].split()
        record.plies = int(plies[i])
        record.result = text["result"][i]
        record.termination = text["termination"][i]
        record.winner = text["winner"][i]
        record.final_fen = text["final_fen"][i]
        record.error = text["error"][i]
        record.warning = text["warning"][i]
        yield record

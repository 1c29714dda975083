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

python-chess's table internals are here as well, over the same library: the helpers on table
names (:func:`tablenames`, :func:`normalize_tablename`, :func:`is_tablename`,
:func:`dependencies`, :func:`calc_key`, ...), one table's stored values
(:meth:`Tablebase.probe_wdl_table`, :meth:`Tablebase.probe_dtz_table`, :meth:`Tablebase.probe_ab`,
:meth:`Tablebase.probe_dtz_no_ep`) and the table objects :class:`WdlTable` and :class:`DtzTable`
of one file. The file format's own reader (index tables, decompression) is Fathom's alone.

>>> import rankfile as chess, rankfile.syzygy
>>> with rankfile.syzygy.open_tablebase("data/syzygy") as tablebase:  # doctest: +SKIP
...     board = chess.Board("8/8/1k6/8/8/8/8/KBN5 w - - 0 1")
...     print(tablebase.probe_wdl(board), tablebase.probe_dtz(board))
2 58
"""
from __future__ import annotations

import collections
import os
import re
import shutil
import tempfile
import threading
import weakref
from typing import Dict, Iterable, Iterator, List, Optional, Set, Tuple, Type, Union

from rankfile import Board
from rankfile import _rankfile
from rankfile._rankfile import CorruptTableError, MissingTableError, SyzygyUnavailableError, TablebaseBusyError

__all__ = [
    "TBPIECES", "Tablebase", "open_tablebase", "MissingTableError",
    "CorruptTableError", "TablebaseBusyError", "SyzygyUnavailableError", "available",
    "Table", "WdlTable", "DtzTable", "is_tablename", "tablenames", "normalize_tablename",
    "dependencies", "all_dependencies", "calc_key", "recalc_key", "dtz_before_zeroing",
    "PCHR", "TABLENAME_REGEX", "WDL_TO_DTZ", "WDL_TO_MAP", "PA_FLAGS",
]

TBPIECES = 7
"""The most pieces (kings included) of a Syzygy table."""

PCHR = ["K", "Q", "R", "B", "N", "P"]
"""The piece letters of table names, strongest first: the order of the pieces of a side."""

TABLENAME_REGEX = re.compile(r"^[KQRBNP]+v[KQRBNP]+\Z")
"""What a table name looks like: the pieces of one side, ``v``, the pieces of the other."""

WDL_TO_DTZ = [-1, -101, 0, 101, 1]
"""The DTZ of a zeroing move that keeps the WDL value ``wdl``: ``WDL_TO_DTZ[wdl + 2]``."""

WDL_TO_MAP = [1, 3, 0, 2, 0]
"""Which of a DTZ file's value maps is read for the WDL value ``wdl``: ``WDL_TO_MAP[wdl + 2]``."""

PA_FLAGS = [8, 0, 0, 0, 4]
"""The DTZ file flag that says its values for the WDL value ``wdl`` are stored in plies, not in
moves: ``PA_FLAGS[wdl + 2]``."""

_STRENGTH = "KQRBNP"
_WDL_SUFFIX = ".rtbw"
_DTZ_SUFFIX = ".rtbz"


def available() -> bool:
    """True when this build of rankfile reads Syzygy tables (it was built with Fathom)."""
    return _rankfile.syzygy_available()


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ of a position whose best move zeroes the clock, for its WDL value: 1 for a win,
    101 for a cursed win, 0 for a draw, and the same negated for losses."""
    if wdl == 0:
        return 0
    return (1 if abs(wdl) == 2 else 101) * (1 if wdl > 0 else -1)


def _by_strength(side: str) -> str:
    return "".join(sorted(side, key=_STRENGTH.index))


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name of the table file that holds the material ``name`` (``"KNNvKBB"`` ->
    ``"KBBvKNN"``): each side's pieces strongest first, then the side with more pieces first, or
    with as many the side whose pieces are stronger at the first difference; with ``mirror``, the
    sides the other way round."""
    first, second = name.split("v", 1)
    first, second = _by_strength(first), _by_strength(second)
    rank_first = [_STRENGTH.index(c) for c in first]
    rank_second = [_STRENGTH.index(c) for c in second]
    # The second side leads when it is longer, or as long and stronger where they first differ.
    second_leads = len(second) > len(first) or (len(second) == len(first) and rank_second < rank_first)
    if second_leads != mirror:
        return second + "v" + first
    return first + "v" + second


def is_tablename(name: str, *, one_king: bool = True, piece_count: Optional[int] = TBPIECES,
                 normalized: bool = True) -> bool:
    """Whether ``name`` is a table's name: pieces ``v`` pieces, at most ``piece_count`` of them
    (``None``: any number), written as :func:`normalize_tablename` writes it (unless
    ``normalized`` is false), and with ``one_king`` one king a side first and more than two
    pieces."""
    if piece_count is not None and len(name) > piece_count + 1:
        return False
    if not TABLENAME_REGEX.match(name):
        return False
    if normalized and normalize_tablename(name) != name:
        return False
    if one_king:
        return name != "KvK" and name.startswith("K") and "vK" in name
    return True


def _next_tables(name: str, one_king: bool) -> Iterator[str]:
    """The materials one capture or one promotion leads to from ``name``, normalized."""
    first, second = name.split("v", 1)
    sides = [first, second]
    for letter in _STRENGTH:
        if letter == "K" and one_king:
            continue
        for i in (0, 1):
            side = sides[i]
            if letter != "P" and "P" in side:
                promoted = side.replace("P", letter, 1)
                yield normalize_tablename(promoted + "v" + sides[1] if i == 0 else sides[0] + "v" + promoted)
        for i in (0, 1):
            side = sides[i]
            if letter in side and len(side) > 1:
                captured = side.replace(letter, "", 1)
                yield normalize_tablename(captured + "v" + sides[1] if i == 0 else sides[0] + "v" + captured)


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables a probe of the material ``target`` may need next: those one capture or one
    promotion leads to (``"KBNvK"`` -> ``KBvK``, ``KNvK``), each once, kings alone left out."""
    seen: Set[str] = {"KvK"} if one_king else set()
    for name in _next_tables(target, one_king):
        if name not in seen and len(name) > 2:
            seen.add(name)
            yield name


def all_dependencies(targets: Iterable[str], *, one_king: bool = True) -> Iterator[str]:
    """The tables of ``targets`` (normalized) and every table they lead to, each once, kings
    alone left out."""
    seen: Set[str] = {"KvK"} if one_king else set()
    pending = [normalize_tablename(target) for target in targets]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        yield name
        pending.extend(_next_tables(name, one_king))


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """Every table name of up to ``piece_count`` pieces (with ``one_king=False``, the tables of
    Antichess, where a king is a piece like the others)."""
    lead = "K" if one_king else "P"
    others = piece_count - 2
    targets = [lead + "P" * (others - k) + "v" + lead + "P" * k for k in range(others // 2 + 1)]
    return all_dependencies(targets, one_king=one_king)


def calc_key(board, *, mirror: bool = False) -> str:
    """The material of a board as a table name not normalized: White's pieces ``v`` Black's
    (Black's first with ``mirror``), each side strongest first."""
    from rankfile import popcount
    sides = board.occupied_co
    first, second = (sides[0], sides[1]) if mirror else (sides[1], sides[0])
    masks = (board.kings, board.queens, board.rooks, board.bishops, board.knights, board.pawns)
    return "v".join("".join(letter * popcount(mask & side) for letter, mask in zip(_STRENGTH, masks))
                    for side in (first, second))


def recalc_key(pieces: List[int], *, mirror: bool = False) -> str:
    """The material of a list of piece codes as a table file stores them (1..6 White's pawn to
    king, 9..14 Black's) as a table name: White's ``v`` Black's (Black's first with
    ``mirror``)."""
    first, second = (8, 0) if mirror else (0, 8)
    return "v".join("".join(letter * pieces.count(colour | (6 - i)) for i, letter in enumerate(_STRENGTH))
                    for colour in (first, second))


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


_ANTICHESS_NAMES = ("antichess", "suicide", "giveaway")


def _check_variant(VariantBoard: Type) -> Type:
    """The board class of a tablebase: any board class; only standard chess has tables read."""
    if not isinstance(getattr(VariantBoard, "uci_variant", None), str):
        raise TypeError(f"VariantBoard must be a board class, not {VariantBoard!r}")
    return VariantBoard


def _one_king(VariantBoard: Type) -> bool:
    """Whether the variant's tables have one king a side (not so in the Antichess family)."""
    return getattr(VariantBoard, "one_king", VariantBoard.uci_variant not in _ANTICHESS_NAMES)


def _chosen(directory: str, names: Iterable[str], load_wdl: bool, load_dtz: bool) -> List[str]:
    """The table files of ``names`` that a directory adds, as python-chess counts them."""
    suffixes = ([_WDL_SUFFIX] if load_wdl else []) + ([_DTZ_SUFFIX] if load_dtz else [])
    return sorted(name for name in names
                  if os.path.splitext(name)[1] in suffixes and _is_tablename(os.path.splitext(name)[0])
                  and os.path.isfile(os.path.join(directory, name)))


_MISSING = object()


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
        if VariantBoard.uci_variant != "chess":
            # Fathom reads the tables of standard chess alone: a tablebase of a variant is
            # empty, its own boards MissingTableError, the others' KeyError (python-chess's).
            self.probe_wdl = self._variant_probe
            self.probe_wdl_table = self._variant_table
            self.probe_dtz = self.probe_dtz_no_ep = self._variant_probe_dtz
            self.probe_dtz_table = lambda board, wdl: self._variant_probe_dtz(board)
            self.probe_ab = self._variant_probe_ab
            self.probe_wdl_many = self._variant_probe_many
            self.get_wdl = self._variant_get
            self.get_dtz = lambda board, default=None: self._variant_get(board, default, self._variant_probe_dtz)
        # The paths added, in order: whole directories, then the link folder (links to the
        # files of partly loaded directories and single files), each with whether it holds a
        # WDL file (Fathom finds a table by its WDL file; the library refuses paths without).
        self._entries: Dict[str, bool] = {}
        self._links: Optional[str] = None
        self._cleanups: Dict[str, weakref.finalize] = {}
        # python-chess's table objects of the files added, by material (both ways round); they
        # read through this tablebase. `lru` stays empty: Fathom keeps no file open.
        self.wdl: Dict[str, Table] = {}
        self.dtz: Dict[str, Table] = {}
        self.lru: collections.deque = collections.deque()
        self.lru_lock = threading.Lock()

    def _register(self, paths: List[str]) -> None:
        """Table objects for the files just added, as python-chess keeps them."""
        for path in paths:
            kind, tables = (WdlTable, self.wdl) if path.endswith(_WDL_SUFFIX) else (DtzTable, self.dtz)
            table = kind(path, variant=self.variant)
            table._owner = weakref.ref(self)  # no cycle: a dropped tablebase closes at once
            tables[table.key] = tables[table.mirrored_key] = table

    def _variant_probe(self, board) -> int:
        """A probe of a variant tablebase (no tables: Fathom reads standard chess's only), with
        python-chess's checks first: another variant, castling rights, or more than one piece
        over the tables' most are a ``KeyError``."""
        variant = getattr(board, "uci_variant", None)
        if variant != self.variant.uci_variant:
            raise KeyError(f"tablebase opened for {self.variant.uci_variant}, probed with {variant}")
        if board.castling_rights:
            raise KeyError(f"castling rights: Syzygy tables hold positions without any: {board.fen()}")
        if bin(board.occupied).count("1") > TBPIECES + 1:
            raise KeyError(f"Syzygy tables hold up to {TBPIECES} pieces: {board.fen()}")
        return self._variant_table(board)

    def _variant_table(self, board) -> int:
        """probe_wdl_table of a variant's board: a game the variant's own rule has ended needs no
        table (the library's answer, as python-chess's prober gives it first: won 2, drawn 0,
        lost -2), nor kings alone (0); anything else would need a table that is never open."""
        if board.is_variant_win():
            return 2
        if board.is_variant_draw():
            return 0
        if board.is_variant_loss():
            return -2
        if _one_king(self.variant) and board.kings == board.occupied:
            return 0  # kings alone: a draw without a table, as python-chess answers
        if bin(board.occupied).count("1") > TBPIECES:
            raise KeyError(f"Syzygy tables hold up to {TBPIECES} pieces: {board.fen()}")
        raise MissingTableError(f"no table of {board.uci_variant}: rankfile reads the Syzygy tables of "
                                f"standard chess only (Fathom)")

    def sprobe_ab(self, board, alpha: int, beta: int, threats: bool = False) -> Tuple[int, int]:
        """python-chess's search of the variants whose captures are compulsory (the Antichess
        family) over their tables, which Fathom does not read: a board of the tablebase's
        variant raises :exc:`MissingTableError`, another ``KeyError``."""
        variant = getattr(board, "uci_variant", None)
        if variant != self.variant.uci_variant:
            raise KeyError(f"tablebase opened for {self.variant.uci_variant}, probed with {variant}")
        raise MissingTableError(f"no {variant} table for a search with compulsory captures: rankfile "
                                f"reads the Syzygy tables of standard chess only (Fathom)")

    def sprobe_capts(self, board, alpha: int, beta: int) -> Tuple[int, int]:
        """The captures' part of :meth:`sprobe_ab`; raises as it does."""
        return self.sprobe_ab(board, alpha, beta)

    def _variant_probe_ab(self, board, alpha: int, beta: int, threats: bool = False) -> Tuple[int, int]:
        value = self._variant_probe(board)  # kings alone: a draw, as probe_wdl_table answers it
        return (alpha, 1 + (alpha > 0)) if alpha >= value else (value, 1)

    def _variant_probe_many(self, boards, default=_MISSING):
        values = []
        for board in boards:
            try:
                values.append(self._variant_probe(board))
            except KeyError:
                if default is _MISSING:
                    raise
                values.append(default)
        return values

    def _variant_probe_dtz(self, board) -> int:
        """DTZ of a variant's board without tables, where python-chess's prober answers without
        them: 0 for a draw; a game the variant's rule has ended counts as one ply before zeroing
        (``dtz_before_zeroing``) where the variant's captures are compulsory or the side to move
        has nothing but pawns; anything else needs the DTZ table, never open here."""
        wdl = self._variant_probe(board)
        if wdl == 0:
            return 0
        if self.variant.captures_compulsory or not board.occupied_co[board.turn] & ~board.pawns:
            return dtz_before_zeroing(wdl)
        raise MissingTableError(f"no DTZ table of {board.uci_variant}: rankfile reads the Syzygy tables of "
                                f"standard chess only (Fathom)")

    def _variant_get(self, board, default=None, probe=None):
        try:
            return (probe or self._variant_probe)(board)
        except KeyError:
            return default

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
        names = os.listdir(directory)
        if self.variant.uci_variant != "chess":
            return 0
        chosen = _chosen(directory, names, load_wdl, load_dtz)
        if not chosen:
            return 0
        whole = load_wdl and load_dtz and ":" not in directory
        paths = [os.path.join(directory, name) for name in chosen]
        self._add(directory if whole else None, paths)
        self._register(paths)
        return len(chosen)

    def add_file(self, path: Union[str, os.PathLike], *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds one table file (``.rtbw`` with ``load_wdl``, ``.rtbz`` with ``load_dtz``);
        returns 1, or 0 when it is no table file of those kinds, as python-chess."""
        path = os.path.abspath(os.fsdecode(path))
        if self.variant.uci_variant != "chess":
            return 0
        if not _chosen(os.path.dirname(path), [os.path.basename(path)], load_wdl, load_dtz):
            return 0
        self._add(None, [path])
        self._register([path])
        return 1

    def close(self) -> None:
        """Releases every table: later probes raise :exc:`MissingTableError` (a position of
        kings alone is still a draw); ``add_directory`` opens tables again."""
        self._open(None)
        links = self._links
        self._entries, self._links = {}, None
        if links:
            self._drop_links(links)
        for tables in (self.wdl, self.dtz):
            while tables:
                tables.popitem()[1].close()
        self.lru.clear()

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


class _TableFiles:
    """The table files that Table objects have open, read through one tablebase of the process
    (Fathom's tables being process-wide): each file is linked into it when the first object
    opens it, and the tablebase is closed when the last object closes."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users: Dict[str, int] = {}
        self.tables: Optional[Tablebase] = None

    def open(self, files: List[str]) -> Tablebase:
        with self.lock:
            new = [path for path in files if path not in self.users]
            if self.tables is None:
                self.tables = Tablebase()
            if new:
                try:
                    self.tables._add(None, new)
                except BaseException:
                    if not self.users:
                        self.tables.close()
                        self.tables = None
                    raise
            for path in files:
                self.users[path] = self.users.get(path, 0) + 1
            return self.tables

    def close(self, files: List[str]) -> None:
        with self.lock:
            for path in files:
                left = self.users.get(path, 0) - 1
                if left > 0:
                    self.users[path] = left
                else:
                    self.users.pop(path, None)
            if not self.users and self.tables is not None:
                self.tables.close()
                self.tables = None


_table_files = _TableFiles()


class Table:
    """One Syzygy table file, python-chess's ``chess.syzygy.Table``: its material from its name
    (``key``, ``mirrored_key``, ``symmetric``, ``num`` pieces, ``has_pawns``), read by Fathom
    through the library (opened on first use, released by :meth:`close`). The table objects of
    a process share one set of tables: opening one while a :class:`Tablebase` of other
    directories is open raises :exc:`TablebaseBusyError`.
    """

    _suffix = _WDL_SUFFIX

    def __init__(self, path: Union[str, os.PathLike], *, variant: Type[Board] = Board) -> None:
        self.path = path
        self.variant = variant
        tablename = os.path.splitext(os.path.basename(os.fsdecode(path)))[0]
        self.key = normalize_tablename(tablename)
        self.mirrored_key = normalize_tablename(tablename, mirror=True)
        self.symmetric = self.key == self.mirrored_key
        self.num = len(tablename) - 1
        self.has_pawns = "P" in tablename
        self.initialized = False
        self._tables: Optional[Tablebase] = None
        self._owner: Optional[weakref.ref] = None  # the tablebase it was added to, if any
        self._finalizer: Optional[weakref.finalize] = None

    def _files(self, path: str) -> List[str]:
        return [path]

    def init_mmap(self) -> None:
        """Opens the file (through the library; checked as :meth:`Tablebase.add_file` checks)."""
        if self._tables is not None:
            return
        if self._owner is not None:
            self.initialized = True
            return
        path = os.path.abspath(os.fsdecode(self.path))
        os.stat(path)  # FileNotFoundError, as python-chess's open
        tablename, suffix = os.path.splitext(os.path.basename(path))
        if suffix != self._suffix or not _is_tablename(tablename):
            raise CorruptTableError(f"{path} is not a Syzygy table file of this kind ({self._suffix})")
        files = self._files(path)
        self._tables = _table_files.open(files)
        self.initialized = True
        self._finalizer = weakref.finalize(self, _table_files.close, files)

    def _reader(self) -> Tablebase:
        """The tablebase that reads this file: the one it was added to (held weakly, so that
        dropping that tablebase still closes it at once), or its own share of the files that
        table objects opened."""
        self.init_mmap()
        if self._owner is not None:
            owner = self._owner()
            if owner is None:
                raise MissingTableError(f"the tablebase {self.key} was added to is gone")
            return owner
        return self._tables

    def close(self) -> None:
        """Releases the file; it is opened again when probed."""
        self.initialized = False
        self._tables = None
        if self._finalizer is not None:
            self._finalizer()
            self._finalizer = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        self.close()


class WdlTable(Table):
    """A WDL table file (``KRvKP.rtbw``): :meth:`probe_wdl_table`."""

    def init_table_wdl(self) -> None:
        """Opens the file (done by the first probe otherwise)."""
        self.init_mmap()

    def probe_wdl_table(self, board: Board) -> int:
        """The WDL value this table stores for the board's position (-2..2): no capture looked
        at, the en passant square ignored; see :meth:`Tablebase.probe_wdl_table`.

        :raises: :exc:`MissingTableError` for a board of other material; ``KeyError`` as
            :meth:`Tablebase.probe_wdl` for positions no table holds.
        """
        return self._reader().probe_wdl_table(board)


class DtzTable(Table):
    """A DTZ table file (``KRvKP.rtbz``): :meth:`probe_dtz_table`. Fathom finds a table by its
    WDL file: the ``.rtbw`` of the same name must stand beside it."""

    _suffix = _DTZ_SUFFIX

    def _files(self, path: str) -> List[str]:
        wdl = os.path.splitext(path)[0] + _WDL_SUFFIX
        if not os.path.isfile(wdl):
            raise FileNotFoundError(f"{wdl} is needed beside {os.path.basename(path)}: Fathom "
                                    f"opens a table through its WDL file")
        return [path, wdl]

    def init_table_dtz(self) -> None:
        """Opens the file (done by the first probe otherwise)."""
        self.init_mmap()

    def probe_dtz_table(self, board: Board, wdl: int) -> Tuple[int, int]:
        """The value this table stores for the board's position, read for its WDL value
        ``wdl``: ``(dtz, 1)``, or ``(0, -1)`` where the file stores the other side to move; see
        :meth:`Tablebase.probe_dtz_table`."""
        return self._reader().probe_dtz_table(board, wdl)

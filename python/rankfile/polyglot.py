"""Polyglot opening books: python-chess's ``chess.polyglot`` over rankfile's C library.

A Polyglot book (``.bin``) is a file of 16-byte entries sorted by the Polyglot key of their
position: key, move, weight and learn, big-endian. :func:`open_reader` maps a book into memory
and finds a position's entries by binary search; :func:`zobrist_hash` computes the key.

The book is read by the C library's book reader (``rf_book``): the search, the entries and their
moves decoded against the position (``rf_book_move``, as python-chess reads them): castling,
stored in the book as the king taking its own rook (``e1h1``), becomes the board's castling
Move (``e1g1`` outside Chess960), and an entry that names no legal move is left out, as
python-chess does.
"""
from __future__ import annotations

import os
import random as _random_module
import struct
from typing import TYPE_CHECKING, Container, Iterator, List, NamedTuple, Optional, Union

from rankfile._rankfile import PolyglotBook as _PolyglotBook
from rankfile._rankfile import polyglot_features as _features
from rankfile._rankfile import polyglot_random_array as _random_array
from rankfile._rankfile import polyglot_zobrist_hash as _zobrist_hash

#: What open_reader takes as a path (python-chess's type name).
StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

if TYPE_CHECKING:
    from rankfile import Board, Move

__all__ = ["Entry", "MemoryMappedReader", "open_reader", "zobrist_hash", "ZobristHasher",
           "POLYGLOT_RANDOM_ARRAY", "ENTRY_STRUCT"]

ENTRY_STRUCT = struct.Struct(">QHHI")
"""One entry of a book file: key, move, weight, learn, big-endian (16 bytes)."""

POLYGLOT_RANDOM_ARRAY: List[int] = _random_array()
"""The 781 random numbers of the Polyglot book format's Zobrist hash (the C library's table):
768 for the pieces on their squares, 4 for the castling rights, 8 for the en passant files,
1 for White to move."""


class ZobristHasher:
    """A Zobrist hash of positions over a table of at least 781 numbers laid out as
    :data:`POLYGLOT_RANDOM_ARRAY` (python-chess's ``chess.polyglot.ZobristHasher``): the XOR of
    the entries of the features the C library finds in the position (rf_polyglot_features; every
    castling right counts, as python-chess counts it). With the Polyglot table it is
    :func:`zobrist_hash`."""

    def __init__(self, array: List[int]) -> None:
        assert len(array) >= 781
        self.array = array

    def _xor(self, board: Board, low: int, high: int) -> int:
        value = 0
        for index in _features(board):
            if low <= index < high:
                value ^= self.array[index]
        return value

    def hash_board(self, board: Board) -> int:
        """The part of the pieces on their squares."""
        return self._xor(board, 0, 768)

    def hash_castling(self, board: Board) -> int:
        """The part of the castling rights."""
        return self._xor(board, 768, 772)

    def hash_ep_square(self, board: Board) -> int:
        """The part of the en passant file (counted when a pawn of the side to move stands
        beside the pawn that stepped twice, whether or not the capture is legal)."""
        return self._xor(board, 772, 780)

    def hash_turn(self, board: Board) -> int:
        """The part of the side to move (White)."""
        return self._xor(board, 780, 781)

    def __call__(self, board: Board) -> int:
        return self._xor(board, 0, 781)


def _move_class():
    from rankfile import Move

    return Move


def zobrist_hash(board: Board) -> int:
    """The Polyglot key of the board's position (an int of 64 bits).

    The Zobrist hash of the Polyglot book format, from its published table: the pieces, the side
    to move, the castling rights and the en passant file when a pawn of the side to move stands
    beside the pawn that stepped twice (whether or not the capture is legal). In Chess960 every
    castling right counts, wherever its rook stands, as python-chess counts it. Variant state
    (pockets, check counters) does not count. ``board.polyglot_key()`` is the C library's key,
    which counts a right only when its rook stands on its corner: the two differ only for
    Chess960 positions with such a right.
    """
    return _zobrist_hash(board)


class Entry(NamedTuple):
    """An entry of a Polyglot opening book."""

    key: int
    """The Polyglot key of the position."""

    raw_move: int
    """The move as the book stores it (16 bits); use :attr:`move`."""

    weight: int
    """The entry's weight (0-65535), how often the book suggests the move."""

    learn: int
    """32 bits more, used by some programs for what they learned."""

    move: Optional[Move]
    """The :class:`~rankfile.Move`: decoded against the position when the entry was found for a
    board, else as stored (castling as ``e1h1``; None when the promotion bits are 6 or 7, which
    name no piece)."""


def _raw_move(raw_move: int) -> Optional[Move]:
    """The Move of a book entry as stored, without a position (python-chess's decoding): the
    promotion bits 1-5 name knight .. king (the piece dropped when from = to); None when they
    are 6 or 7, which name no piece (python-chess makes a Move with promotion 7 or 8)."""
    to_square = raw_move & 0x3F
    from_square = (raw_move >> 6) & 0x3F
    part = (raw_move >> 12) & 0x7
    if part > 5:
        return None
    promotion = part + 1 if part else None
    if from_square == to_square:
        return _move_class()(from_square, to_square, None, promotion)
    return _move_class()(from_square, to_square, promotion, None)


def _key_of(board: Union[Board, int]) -> Optional[int]:
    """The key a find_all argument gives (an int), or None for a board."""
    try:
        return int(board)
    except (TypeError, ValueError):
        return None


class MemoryMappedReader:
    """A Polyglot opening book mapped into memory. Use it as a context manager (or call
    :meth:`close`). ``len(reader)`` is the number of entries; ``reader[i]`` is entry ``i``
    (its move as stored); iterating gives every entry in the book's order."""

    def __init__(self, filename: Union[str, bytes, os.PathLike]) -> None:
        self._book = _PolyglotBook(filename)

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        if index < 0:
            index += len(self)
        key, raw_move, weight, learn = self._book.entry(index)
        return Entry(key, raw_move, weight, learn, _raw_move(raw_move))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is not below ``key``."""
        return self._book.bisect(key)

    def __contains__(self, entry: Entry) -> bool:
        return any(current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight))

    def _entries(self, board: Union[Board, int], minimum_weight: int, exclude_moves: Container) -> list:
        key = _key_of(board)
        if key is None:
            found = [Entry(*t) for t in self._book.find(board, minimum_weight)]
        else:
            found = [Entry(k, raw, weight, learn, _raw_move(raw))
                     for k, raw, weight, learn in self._book.lookup(key, minimum_weight)]
        if exclude_moves:
            found = [entry for entry in found if entry.move not in exclude_moves]
        return found

    def find_all(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container = ()) -> Iterator[Entry]:
        """The entries of a position, in the book's order: ``board`` a Board (its position's
        entries that name a legal move, each Move decoded against it) or a key (an int: every
        entry of that key, moves as stored). Entries below ``minimum_weight`` and those whose
        move is in ``exclude_moves`` are left out."""
        return iter(self._entries(board, minimum_weight, exclude_moves))

    def find(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container = ()) -> Entry:
        """The main entry of a position: the first with the highest weight.

        By default entries of weight 0 are left out (a common way of deleting an entry without
        rewriting the book); ``minimum_weight=0`` takes them too.

        :raises: :exc:`IndexError` when there is none (:meth:`get` answers a default instead).
        """
        entries = self._entries(board, minimum_weight, exclude_moves)
        if not entries:
            raise IndexError()
        return max(entries, key=lambda entry: entry.weight)

    def get(self, board: Union[Board, int], default: Optional[Entry] = None, *, minimum_weight: int = 1,
            exclude_moves: Container = ()) -> Optional[Entry]:
        """:meth:`find`, or ``default`` when the position has no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container = (),
               random: Optional[_random_module.Random] = None) -> Entry:
        """An entry of the position chosen uniformly, by ``random`` (a :class:`random.Random`)
        or the :mod:`random` module; the same generator state chooses what python-chess chooses.

        :raises: :exc:`IndexError` when there is none.
        """
        randint = (random or _random_module).randint
        chosen = None
        for i, entry in enumerate(self._entries(board, minimum_weight, exclude_moves)):
            if chosen is None or randint(0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError()
        return chosen

    def weighted_choice(self, board: Union[Board, int], *, exclude_moves: Container = (),
                        random: Optional[_random_module.Random] = None) -> Entry:
        """An entry of the position chosen with probability in proportion to its weight, by
        ``random`` (a :class:`random.Random`) or the :mod:`random` module; the same generator
        state chooses what python-chess chooses.

        :raises: :exc:`IndexError` when there is none (or all weights are 0).
        """
        entries = self._entries(board, 1, exclude_moves)
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError()
        choice = (random or _random_module).randint(0, total - 1)
        current = 0
        for entry in entries:
            current += entry.weight
            if current > choice:
                return entry
        raise AssertionError("weights do not add up")

    def close(self) -> None:
        """Unmaps the book; later lookups raise ValueError."""
        self._book.close()


def open_reader(path: Union[str, bytes, os.PathLike]) -> MemoryMappedReader:
    """Opens the Polyglot book at ``path`` (a reader, also a context manager).

    :raises: :exc:`OSError` when the file cannot be read, or when its size is not a whole number
        of 16-byte entries (it is then no Polyglot book), as python-chess does.

    >>> import rankfile, rankfile.polyglot
    >>> with rankfile.polyglot.open_reader("book.bin") as reader:  # doctest: +SKIP
    ...     for entry in reader.find_all(rankfile.Board()):
    ...         print(entry.move, entry.weight, entry.learn)
    """
    return MemoryMappedReader(path)

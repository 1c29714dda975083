"""rankfile: chess positions and games, python-chess's API over a C library.

``import rankfile as chess`` runs python-chess scripts that use the subset listed in
docs/python.md, at the C library's speed.
"""
from __future__ import annotations

import collections  # noqa: F401  (python-chess's module has these names too)
import copy  # noqa: F401
import dataclasses
import enum
import itertools  # noqa: F401
import math  # noqa: F401
import re
import typing
from typing import (  # noqa: F401
    Callable, ClassVar, Counter, Dict, Generic, Hashable, Iterable, Iterator, List, Literal, Mapping, Optional,
    SupportsInt, Tuple, Type, TypeVar, Union,
)

from rankfile import _rankfile
from rankfile._rankfile import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
)
from rankfile._rankfile import version as _c_version

__version__ = _c_version()

Color = bool
ColorName = Literal["white", "black"]
EnPassantSpec = Literal["legal", "fen", "xfen"]
IntoSquareSet = Union[SupportsInt, Iterable[int]]
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PieceType = int
PAWN: PieceType = 1
KNIGHT: PieceType = 2
BISHOP: PieceType = 3
ROOK: PieceType = 4
QUEEN: PieceType = 5
KING: PieceType = 6
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜", "N": "♘", "n": "♞", "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛", "K": "♔", "k": "♚", "P": "♙", "p": "♟",
}

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

Square = int
SQUARES: List[Square] = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
A1: Square = 0
B1: Square = 1
C1: Square = 2
D1: Square = 3
E1: Square = 4
F1: Square = 5
G1: Square = 6
H1: Square = 7
A2: Square = 8
B2: Square = 9
C2: Square = 10
D2: Square = 11
E2: Square = 12
F2: Square = 13
G2: Square = 14
H2: Square = 15
A3: Square = 16
B3: Square = 17
C3: Square = 18
D3: Square = 19
E3: Square = 20
F3: Square = 21
G3: Square = 22
H3: Square = 23
A4: Square = 24
B4: Square = 25
C4: Square = 26
D4: Square = 27
E4: Square = 28
F4: Square = 29
G4: Square = 30
H4: Square = 31
A5: Square = 32
B5: Square = 33
C5: Square = 34
D5: Square = 35
E5: Square = 36
F5: Square = 37
G5: Square = 38
H5: Square = 39
A6: Square = 40
B6: Square = 41
C6: Square = 42
D6: Square = 43
E6: Square = 44
F6: Square = 45
G6: Square = 46
H6: Square = 47
A7: Square = 48
B7: Square = 49
C7: Square = 50
D7: Square = 51
E7: Square = 52
F7: Square = 53
G7: Square = 54
H7: Square = 55
A8: Square = 56
B8: Square = 57
C8: Square = 58
D8: Square = 59
E8: Square = 60
F8: Square = 61
G8: Square = 62
H8: Square = 63
SQUARES_180 = [sq ^ 0x38 for sq in SQUARES]

Bitboard = int
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << sq for sq in SQUARES]
BB_A1: Bitboard = 1 << 0
BB_B1: Bitboard = 1 << 1
BB_C1: Bitboard = 1 << 2
BB_D1: Bitboard = 1 << 3
BB_E1: Bitboard = 1 << 4
BB_F1: Bitboard = 1 << 5
BB_G1: Bitboard = 1 << 6
BB_H1: Bitboard = 1 << 7
BB_A2: Bitboard = 1 << 8
BB_B2: Bitboard = 1 << 9
BB_C2: Bitboard = 1 << 10
BB_D2: Bitboard = 1 << 11
BB_E2: Bitboard = 1 << 12
BB_F2: Bitboard = 1 << 13
BB_G2: Bitboard = 1 << 14
BB_H2: Bitboard = 1 << 15
BB_A3: Bitboard = 1 << 16
BB_B3: Bitboard = 1 << 17
BB_C3: Bitboard = 1 << 18
BB_D3: Bitboard = 1 << 19
BB_E3: Bitboard = 1 << 20
BB_F3: Bitboard = 1 << 21
BB_G3: Bitboard = 1 << 22
BB_H3: Bitboard = 1 << 23
BB_A4: Bitboard = 1 << 24
BB_B4: Bitboard = 1 << 25
BB_C4: Bitboard = 1 << 26
BB_D4: Bitboard = 1 << 27
BB_E4: Bitboard = 1 << 28
BB_F4: Bitboard = 1 << 29
BB_G4: Bitboard = 1 << 30
BB_H4: Bitboard = 1 << 31
BB_A5: Bitboard = 1 << 32
BB_B5: Bitboard = 1 << 33
BB_C5: Bitboard = 1 << 34
BB_D5: Bitboard = 1 << 35
BB_E5: Bitboard = 1 << 36
BB_F5: Bitboard = 1 << 37
BB_G5: Bitboard = 1 << 38
BB_H5: Bitboard = 1 << 39
BB_A6: Bitboard = 1 << 40
BB_B6: Bitboard = 1 << 41
BB_C6: Bitboard = 1 << 42
BB_D6: Bitboard = 1 << 43
BB_E6: Bitboard = 1 << 44
BB_F6: Bitboard = 1 << 45
BB_G6: Bitboard = 1 << 46
BB_H6: Bitboard = 1 << 47
BB_A7: Bitboard = 1 << 48
BB_B7: Bitboard = 1 << 49
BB_C7: Bitboard = 1 << 50
BB_D7: Bitboard = 1 << 51
BB_E7: Bitboard = 1 << 52
BB_F7: Bitboard = 1 << 53
BB_G7: Bitboard = 1 << 54
BB_H7: Bitboard = 1 << 55
BB_A8: Bitboard = 1 << 56
BB_B8: Bitboard = 1 << 57
BB_C8: Bitboard = 1 << 58
BB_D8: Bitboard = 1 << 59
BB_E8: Bitboard = 1 << 60
BB_F8: Bitboard = 1 << 61
BB_G8: Bitboard = 1 << 62
BB_H8: Bitboard = 1 << 63
BB_FILES = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_RANKS = [0xFF << (8 * i) for i in range(8)]
BB_LIGHT_SQUARES = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES = 0xAA55_AA55_AA55_AA55
BB_CENTER = BB_SQUARES[27] | BB_SQUARES[28] | BB_SQUARES[35] | BB_SQUARES[36]
BB_CORNERS = BB_SQUARES[0] | BB_SQUARES[7] | BB_SQUARES[56] | BB_SQUARES[63]
BB_BACKRANKS = BB_RANKS[0] | BB_RANKS[7]
(BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H) = BB_FILES
(BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8) = BB_RANKS


# ---- Bitboard helpers and the attack tables (python-chess's names), the tables from the C
# library's own (rf_piece_attacks, rf_between, rf_line): no attack is computed here.

def lsb(bb: Bitboard) -> int:
    """The index of the lowest set bit (ValueError-free: -1 for 0, as int.bit_length gives)."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The index of the highest set bit."""
    return bb.bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The set squares, lowest first."""
    while bb:
        r = bb & -bb
        yield r.bit_length() - 1
        bb ^= r


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The set squares, highest first."""
    while bb:
        r = bb.bit_length() - 1
        yield r
        bb ^= BB_SQUARES[r]


def _carry_rippler(mask: Bitboard) -> Iterator[Bitboard]:
    """Every subset of a bitboard (the carry-rippler trick), the empty one first."""
    subset = BB_EMPTY
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            break


def popcount(bb: Bitboard) -> int:
    """The number of set bits."""
    return bin(bb).count("1")


def _like(bb: Bitboard, result: int) -> Bitboard:
    """The result in the argument's kind: a SquareSet for a SquareSet (python-chess's helpers
    work on anything with the int operators), else an int."""
    return typing.cast(Bitboard, SquareSet(result)) if isinstance(bb, SquareSet) else result


def flip_vertical(bb: Bitboard) -> Bitboard:
    """Mirrors the ranks (a1 <-> a8)."""
    return _like(bb, int.from_bytes((int(bb) & BB_ALL).to_bytes(8, "little"), "big"))


_REVERSED_BYTES = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """Mirrors the files (a1 <-> h1)."""
    return _like(bb, int.from_bytes((int(bb) & BB_ALL).to_bytes(8, "little").translate(_REVERSED_BYTES), "little"))


def _delta_swap(bb: Bitboard, mask: Bitboard, delta: int) -> Bitboard:
    t = (bb ^ (bb >> delta)) & mask
    return bb ^ t ^ (t << delta)


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """Mirrors at the a1-h8 diagonal (b1 <-> a2)."""
    out = _delta_swap(int(bb) & BB_ALL, 0x0000_0000_F0F0_F0F0, 28)
    out = _delta_swap(out, 0x0000_CCCC_0000_CCCC, 14)
    return _like(bb, _delta_swap(out, 0x00AA_00AA_00AA_00AA, 7))


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """Mirrors at the h1-a8 diagonal (g1 <-> h2)."""
    return _like(bb, flip_vertical(flip_horizontal(flip_diagonal(int(bb)))))


def shift_down(b: Bitboard) -> Bitboard:
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: Bitboard) -> Bitboard:
    return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL


def shift_left(b: Bitboard) -> Bitboard:
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H


def shift_up_left(b: Bitboard) -> Bitboard:
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: Bitboard) -> Bitboard:
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: Bitboard) -> Bitboard:
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    return (b >> 7) & ~BB_FILE_A


BB_KNIGHT_ATTACKS: List[Bitboard] = [_rankfile._attacks(2, True, sq, 0) for sq in range(64)]
BB_KING_ATTACKS: List[Bitboard] = [_rankfile._attacks(6, True, sq, 0) for sq in range(64)]
BB_PAWN_ATTACKS: List[List[Bitboard]] = [[_rankfile._attacks(1, color, sq, 0) for sq in range(64)]
                                         for color in (False, True)]


def _inner(sq: Square) -> Bitboard:
    """The board without the edges that do not hold the square (a slider's blockers there do not
    matter)."""
    edges = ((BB_RANK_1 | BB_RANK_8) & ~BB_RANKS[sq >> 3]) | ((BB_FILE_A | BB_FILE_H) & ~BB_FILES[sq & 7])
    return ~edges & BB_ALL


def _slider_table(piece_type: int, line: typing.Callable[[Square], Bitboard]) -> typing.Tuple[List[Bitboard], List[Dict[Bitboard, Bitboard]]]:
    masks: List[Bitboard] = []
    tables: List[Dict[Bitboard, Bitboard]] = []
    for sq in range(64):
        lane = line(sq)
        mask = _rankfile._attacks(piece_type, True, sq, 0) & lane & _inner(sq)
        table = {}
        subset = 0
        while True:
            table[subset] = _rankfile._attacks(piece_type, True, sq, subset) & lane
            subset = (subset - mask) & mask
            if not subset:
                break
        masks.append(mask)
        tables.append(table)
    return masks, tables


BB_DIAG_MASKS, BB_DIAG_ATTACKS = _slider_table(3, lambda sq: BB_ALL)
BB_FILE_MASKS, BB_FILE_ATTACKS = _slider_table(4, lambda sq: BB_FILES[sq & 7])
BB_RANK_MASKS, BB_RANK_ATTACKS = _slider_table(4, lambda sq: BB_RANKS[sq >> 3])

_BB_BETWEEN, BB_RAYS = _rankfile._lines()


def ray(a: Square, b: Square) -> Bitboard:
    """The whole line (edge to edge) through two squares on one rank, file or diagonal, else 0."""
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between two squares on one rank, file or diagonal, else 0."""
    return _BB_BETWEEN[a][b]


SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")


def piece_symbol(piece_type: PieceType) -> str:
    """The lower-case letter of a piece type ("p" .. "k")."""
    return typing.cast(str, PIECE_SYMBOLS[piece_type])


def piece_name(piece_type: PieceType) -> str:
    """The English name of a piece type ("pawn" .. "king")."""
    return typing.cast(str, PIECE_NAMES[piece_type])


def square(file_index: int, rank_index: int) -> Square:
    """The square on file 0..7 (a..h) and rank 0..7 (1..8)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file of a square, 0 (a) .. 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of a square, 0 (rank 1) .. 7 (rank 8)."""
    return square >> 3


def square_name(square: Square) -> str:
    """The name of a square, "a1" .. "h8"."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> Square:
    """The square named "a1" .. "h8"; ValueError for any other text."""
    return SQUARE_NAMES.index(name)


def square_distance(a: Square, b: Square) -> int:
    """The king's distance between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """The number of king steps along ranks and files between two squares."""
    return abs(square_file(a) - square_file(b)) + abs(square_rank(a) - square_rank(b))


_KNIGHT_DISTANCES: List[bytes] = []


def square_knight_distance(a: Square, b: Square) -> int:
    """The fewest knight moves from one square to another (breadth-first over the library's
    knight table)."""
    if not _KNIGHT_DISTANCES:
        for start in range(64):
            dist = bytearray([255]) * 64
            dist[start] = 0
            frontier = [start]
            while frontier:
                nxt = []
                for sq in frontier:
                    for to in scan_forward(BB_KNIGHT_ATTACKS[sq]):
                        if dist[to] == 255:
                            dist[to] = dist[sq] + 1
                            nxt.append(to)
                frontier = nxt
            _KNIGHT_DISTANCES.append(bytes(dist))
    return _KNIGHT_DISTANCES[a][b]


def square_mirror(square: Square) -> Square:
    """The square seen from the other side (a1 <-> a8)."""
    return square ^ 0x38


def _scan_forward(mask: int) -> Iterator[Square]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Piece:
    """A piece: its type (PAWN .. KING) and colour (WHITE is True)."""

    __slots__ = ("piece_type", "color")

    piece_type: PieceType
    color: Color

    def __init__(self, piece_type: PieceType, color: Color) -> None:
        # Immutable: boards hand out one shared Piece per kind.
        object.__setattr__(self, "piece_type", piece_type)
        object.__setattr__(self, "color", color)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Piece is immutable (boards share them)")

    def __reduce__(self) -> tuple:
        return (Piece, (self.piece_type, self.color))

    def symbol(self) -> str:
        """The FEN letter: upper case for White ("N"), lower case for Black ("n")."""
        letter = piece_symbol(self.piece_type)
        return letter.upper() if self.color else letter

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        """The chess symbol of the piece (♘ for a white knight)."""
        letter = self.symbol().swapcase() if invert_color else self.symbol()
        return UNICODE_PIECE_SYMBOLS[letter]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piece):
            return self.piece_type == other.piece_type and self.color == other.color
        return NotImplemented

    def __hash__(self) -> int:
        return self.piece_type + (-1 if self.color else 5)

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    def __str__(self) -> str:
        return self.symbol()

    def _repr_svg_(self) -> str:
        import rankfile.svg
        return rankfile.svg.piece(self, size=45)

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece of a FEN letter; ValueError for any other text."""
        return cls(PIECE_SYMBOLS.index(symbol.lower()), symbol.isupper())


_rankfile._register_pieces(tuple(
    Piece(code & 7, not code & 8) if 1 <= code & 7 <= 6 else None for code in range(16)))


class Termination(enum.Enum):
    """Why a game ended (python-chess's members and values)."""

    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    VARIANT_WIN = 8
    VARIANT_LOSS = 9
    VARIANT_DRAW = 10


@dataclasses.dataclass
class Outcome:
    """How a game ended: the termination and the winner (None for a draw)."""

    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """ "1-0", "0-1" or "1/2-1/2". """
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


class Status(enum.IntFlag):
    """What is wrong with a position (python-chess's bits); VALID when nothing is."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


for _status in Status:
    globals()["STATUS_" + typing.cast(str, _status.name)] = _status
del _status
STATUS_VALID = Status.VALID


class SquareSet:
    """A set of squares over a 64-bit mask: `in`, len(), iteration a1 first, int(), set operators."""

    __slots__ = ("mask",)

    def __init__(self, squares: Union[int, Iterable[Square]] = BB_EMPTY) -> None:
        try:
            self.mask = squares.__int__() & BB_ALL  # type: ignore[union-attr]
            return
        except AttributeError:
            self.mask = 0
        for sq in squares:  # type: ignore[union-attr]
            self.add(sq)

    def __contains__(self, square: Square) -> bool:
        return bool(BB_SQUARES[square] & self.mask)

    def __iter__(self) -> Iterator[Square]:
        return _scan_forward(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return scan_reversed(self.mask)

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == SquareSet(other).mask  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def add(self, square: Square) -> None:
        """Adds a square."""
        self.mask |= BB_SQUARES[square]

    def discard(self, square: Square) -> None:
        """Removes a square if present."""
        self.mask &= ~BB_SQUARES[square]

    def remove(self, square: Square) -> None:
        """Removes a square; KeyError when absent."""
        if not self.mask & BB_SQUARES[square]:
            raise KeyError(square)
        self.mask ^= BB_SQUARES[square]

    def pop(self) -> Square:
        """Removes and returns the lowest square; KeyError when empty."""
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        sq = (self.mask & -self.mask).bit_length() - 1
        self.mask &= self.mask - 1
        return sq

    def clear(self) -> None:
        """Removes every square."""
        self.mask = BB_EMPTY

    def copy(self) -> "SquareSet":
        return SquareSet(self.mask)

    def __or__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return SquareSet(self.mask | SquareSet(other).mask)

    def __and__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return SquareSet(self.mask & SquareSet(other).mask)

    def __sub__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return SquareSet(self.mask & ~SquareSet(other).mask)

    def __xor__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return SquareSet(self.mask ^ SquareSet(other).mask)

    def __invert__(self) -> "SquareSet":
        return SquareSet(~self.mask & BB_ALL)

    def __lshift__(self, shift: int) -> "SquareSet":
        return SquareSet((self.mask << shift) & BB_ALL)

    def __rshift__(self, shift: int) -> "SquareSet":
        return SquareSet(self.mask >> shift)

    def __ilshift__(self, shift: int) -> "SquareSet":
        self.mask = (self.mask << shift) & BB_ALL
        return self

    def __irshift__(self, shift: int) -> "SquareSet":
        self.mask >>= shift
        return self

    def union(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return self | other

    def intersection(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return self & other

    def difference(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return self - other

    def symmetric_difference(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        return self ^ other

    # The in-place operations change this set (python-chess's mutable set API).

    def update(self, *others: Union[int, Iterable[Square]]) -> None:
        """Adds the squares of every argument."""
        for other in others:
            self.mask |= SquareSet(other).mask

    def intersection_update(self, *others: Union[int, Iterable[Square]]) -> None:
        """Keeps only the squares that every argument holds too."""
        for other in others:
            self.mask &= SquareSet(other).mask

    def difference_update(self, other: Union[int, Iterable[Square]]) -> None:
        """Removes the squares of the argument."""
        self.mask &= ~SquareSet(other).mask

    def symmetric_difference_update(self, other: Union[int, Iterable[Square]]) -> None:
        """Toggles the squares of the argument."""
        self.mask ^= SquareSet(other).mask

    def __ior__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        self.update(other)
        return self

    def __iand__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        self.intersection_update(other)
        return self

    def __isub__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        self.difference_update(other)
        return self

    def __ixor__(self, other: Union[int, Iterable[Square]]) -> "SquareSet":
        self.symmetric_difference_update(other)
        return self

    def issubset(self, other: Union[int, Iterable[Square]]) -> bool:
        return not self.mask & ~SquareSet(other).mask

    def issuperset(self, other: Union[int, Iterable[Square]]) -> bool:
        return not ~self.mask & SquareSet(other).mask

    def isdisjoint(self, other: Union[int, Iterable[Square]]) -> bool:
        return not self.mask & SquareSet(other).mask

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of the set, as bitboards, the empty one first."""
        return _carry_rippler(self.mask)

    def mirror(self) -> "SquareSet":
        """The set seen from the other side (ranks mirrored)."""
        return SquareSet(flip_vertical(self.mask))

    def _repr_svg_(self) -> str:
        import rankfile.svg
        return rankfile.svg.board(squares=self, size=390)

    @classmethod
    def ray(cls, a: Square, b: Square) -> "SquareSet":
        """The whole line through two squares on one rank, file or diagonal (empty when they
        share none)."""
        return cls(BB_RAYS[a][b])

    @classmethod
    def between(cls, a: Square, b: Square) -> "SquareSet":
        """The squares strictly between two squares on one line (empty when they share none)."""
        return cls(_BB_BETWEEN[a][b])

    @classmethod
    def from_square(cls, square: Square) -> "SquareSet":
        """The set of one square."""
        return cls(BB_SQUARES[square])

    def tolist(self) -> List[bool]:
        """64 truth values, a1 first."""
        return [bool(self.mask & bb) for bb in BB_SQUARES]

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask & BB_SQUARES[square(f, rank)] else "." for f in range(8)))
        return "\n".join(rows)


class PseudoLegalMoveGenerator:
    """The pseudo-legal moves of a board: iterable (its generate_pseudo_legal_moves()), count(),
    `in` (is_pseudo_legal) and a truth value."""

    def __init__(self, board: "Board") -> None:
        self.board = board

    def __bool__(self) -> bool:
        return any(self.board.generate_pseudo_legal_moves())

    def count(self) -> int:
        return len(list(self))

    def __iter__(self) -> Iterator[Move]:
        return self.board.generate_pseudo_legal_moves()

    def __contains__(self, move: Move) -> bool:
        return self.board.is_pseudo_legal(move)

    def __repr__(self) -> str:
        board = self.board
        names = ", ".join(board.san(move) if board.is_legal(move) else board.uci(move) for move in self)
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({names})>"


def _bitboard_property(index: int, doc: str) -> property:
    return property(lambda self: self._bitboards()[index], doc=doc)


class BaseBoard(_rankfile._Board):
    """A board of pieces alone (python-chess's BaseBoard): no side to move, castling rights, en
    passant square or move stack. Board is one, with those.

    BaseBoard(board_fen=STARTING_BOARD_FEN): None gives an empty board.
    """

    __hash__ = None  # type: ignore[assignment]

    occupied_co = property(lambda self: list(self._bitboards()[1::-1]),
                           doc="[black, white]: the squares of each colour's pieces (index by colour).")
    occupied = _bitboard_property(2, "The occupied squares, as a bitboard.")
    pawns = _bitboard_property(3, "The squares of the pawns, as a bitboard.")
    knights = _bitboard_property(4, "The squares of the knights, as a bitboard.")
    bishops = _bitboard_property(5, "The squares of the bishops, as a bitboard.")
    rooks = _bitboard_property(6, "The squares of the rooks, as a bitboard.")
    queens = _bitboard_property(7, "The squares of the queens, as a bitboard.")
    kings = _bitboard_property(8, "The squares of the kings, as a bitboard.")

    _rf_pieces_only = True  # the C type's __init__ takes (board_fen=STARTING_BOARD_FEN)

    @classmethod
    def empty(cls: typing.Type["BaseBoardT"]) -> "BaseBoardT":
        """An empty board."""
        return cls(None)

    @classmethod
    def from_chess960_pos(cls: typing.Type["BaseBoardT"], scharnagl: int) -> "BaseBoardT":
        """The pieces of Chess960 start position number `scharnagl` (0..959)."""
        board = cls.empty()
        board.set_chess960_pos(scharnagl)
        return board

    def chess960_pos(self) -> Optional[int]:
        """The number (0..959) of the pieces as a Chess960 start position, or None (the
        library's rf_chess960_check; promoted pieces are none)."""
        if self.promoted:
            return None
        return self.chess960_number()

    def reset_board(self) -> None:
        """The pieces of the start position."""
        self.set_board_fen(STARTING_BOARD_FEN)

    def clear_board(self) -> None:
        """Removes every piece."""
        self._set_board(bytes(64), 0)

    def _board_codes(self) -> bytearray:
        codes = bytearray(64)
        for sq, piece in self.piece_map().items():
            codes[sq] = piece.piece_type | (0 if piece.color else 8)
        return codes

    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        """Puts a piece on a square (None empties it). promoted marks a piece that was a pawn
        (a Crazyhouse capture returns it to the pocket as one)."""
        codes = self._board_codes()
        codes[square] = 0 if piece is None else piece.piece_type | (0 if piece.color else 8)
        mask = self.promoted & ~BB_SQUARES[square]
        self._set_board(bytes(codes), mask | (BB_SQUARES[square] if promoted and piece else 0))

    def remove_piece_at(self, square: Square) -> Optional[Piece]:
        """Empties a square and returns the piece that stood there, or None."""
        piece = self.piece_at(square)
        self.set_piece_at(square, None)
        return piece

    def set_piece_map(self, pieces: typing.Mapping[Square, Piece]) -> None:
        """Replaces every piece by those of the mapping (square -> Piece)."""
        codes = bytearray(64)
        for sq, piece in pieces.items():
            codes[sq] = piece.piece_type | (0 if piece.color else 8)
        self._set_board(bytes(codes), 0)

    def set_board_fen(self, fen: str) -> None:
        """Replaces the pieces by those of a FEN's board field; ValueError when it is none."""
        if not isinstance(fen, str) or " " in fen.strip():
            raise ValueError(f"expected a board fen without spaces: {fen!r}")
        board = Board(f"{fen.strip()} w - - 0 1")
        self._set_board(bytes(board._board_codes()), board.promoted)

    def apply_transform(self, f: typing.Callable[[Bitboard], Bitboard]) -> None:
        """Applies a bitboard function (flip_vertical, shift_down, ...) to every piece set of the
        board, as python-chess does (each set on its own)."""
        self._transform_pieces(f, False)

    def transform(self: "BaseBoardT", f: typing.Callable[[Bitboard], Bitboard]) -> "BaseBoardT":
        """A copy with apply_transform(f) applied."""
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def apply_mirror(self) -> None:
        """Mirrors the board vertically and swaps the colours of the pieces."""
        self._transform_pieces(flip_vertical, True)

    def mirror(self: "BaseBoardT") -> "BaseBoardT":
        """A copy with apply_mirror() applied."""
        board = self.copy()
        board.apply_mirror()
        return board

    def _transform_pieces(self, f: typing.Callable[[Bitboard], Bitboard], swap_colors: bool) -> None:
        white, black, _occupied, *types = self._bitboards()
        if swap_colors:
            white, black = black, white
        white = int(f(white))
        codes = bytearray(64)
        for piece_type, mask in enumerate(types, 1):
            for sq in scan_forward(int(f(mask)) & BB_ALL):
                codes[sq] = piece_type | (0 if white & BB_SQUARES[sq] else 8)
        self._set_board(bytes(codes), int(f(self.promoted)) & BB_ALL)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BaseBoard):
            return self._bitboards() == other._bitboards()
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __reduce__(self) -> tuple:
        return (type(self), (self.board_fen(promoted=True),))

    def _repr_svg_(self) -> str:
        import rankfile.svg
        return rankfile.svg.board(self, size=390)

    def attackers(self, color: Color, square: Square, occupied: Optional[Union[int, Iterable[Square]]] = None) -> SquareSet:
        """The pieces of `color` attacking `square` (pinned pieces count)."""
        if occupied is None:
            return SquareSet(self.attackers_mask(color, square))
        return SquareSet(self.attackers_mask(color, square, SquareSet(occupied).mask))

    # clean_castling_rights(), castling_xfen() and castling_shredder_fen() are the C type's.

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        """The squares of that side's pieces of that type."""
        return SquareSet(self.pieces_mask(piece_type, color))

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join(str(self.piece_at(square(f, rank)) or ".") for f in range(8)))
        return "\n".join(rows)

    def unicode(self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "⭘",
                orientation: Color = WHITE) -> str:
        """The board drawn with chess symbols (python-chess's layout and options)."""
        out: List[str] = []
        ranks = range(7, -1, -1) if orientation else range(8)
        files = list(range(8)) if orientation else list(range(7, -1, -1))
        for rank in ranks:
            if borders:
                out.append("  " + "-" * 17 + "\n" + RANK_NAMES[rank] + " ")
            for i, f in enumerate(files):
                if borders:
                    out.append("|")
                elif i > 0:
                    out.append(" ")
                piece = self.piece_at(square(f, rank))
                out.append(piece.unicode_symbol(invert_color=invert_color) if piece else empty_square)
            if borders:
                out.append("|")
            if borders or (rank > 0 if orientation else rank < 7):
                out.append("\n")
        if borders:
            out.append("  " + "-" * 17 + "\n")
            out.append("   " + ("a b c d e f g h" if orientation else "h g f e d c b a"))
        return "".join(out)

BaseBoardT = typing.TypeVar("BaseBoardT", bound=BaseBoard)


class Board(BaseBoard):
    """A position of standard chess and the moves that led to it: python-chess's Board over the
    C library (rankfile.variant has the other variants).

    Board(fen=STARTING_FEN, *, chess960=False): None gives an empty board. A malformed FEN raises
    FenError; a well-formed but impossible position is taken, and status() says what is wrong.
    """

    uci_variant: Optional[str] = "chess"
    xboard_variant: Optional[str] = "normal"
    starting_fen = STARTING_FEN
    aliases = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    _rf_variant = 0

    __hash__ = None  # type: ignore[assignment]
    _rf_pieces_only = False  # the C type's __init__ takes (fen=STARTING_FEN, *, chess960=False)

    def __eq__(self, other: object) -> bool:
        # A Board equals Boards (the whole position); to a BaseBoard it is its pieces.
        if isinstance(other, Board):
            return _rankfile._Board.__eq__(self, other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Board):
            return _rankfile._Board.__ne__(self, other)
        return NotImplemented

    # Facts of the rules the variants change (python-chess's class attributes).
    connected_kings = False
    one_king = True
    captures_compulsory = False
    tbw_suffix = ".rtbw"
    tbz_suffix = ".rtbz"
    tbw_magic = b"\x71\xe8\x23\x5d"
    tbz_magic = b"\xd7\x66\x0c\xa5"
    pawnless_tbw_suffix: Optional[str] = None
    pawnless_tbz_suffix: Optional[str] = None
    pawnless_tbw_magic: Optional[bytes] = None
    pawnless_tbz_magic: Optional[bytes] = None

    @classmethod
    def empty(cls, *, chess960: bool = False) -> "Board":
        """An empty board, White to move."""
        return cls(None, chess960=chess960)

    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> "Board":
        """Chess960 start position number `scharnagl` (0..959), in Chess960 castling mode."""
        board = cls(None, chess960=True)
        board.set_chess960_pos(scharnagl)
        return board

    def chess960_pos(self, *, ignore_turn: bool = False, ignore_castling: bool = False,
                     ignore_counters: bool = True) -> Optional[int]:
        """The number (0..959) of the position as a Chess960 start position, or None: by default
        White must be to move with every castling right, whatever the counters say."""
        if self.ep_square is not None:
            return None
        if not ignore_turn and self.turn != WHITE:
            return None
        if not ignore_castling and self.castling_rights != self.rooks:
            return None
        if not ignore_counters and (self.fullmove_number != 1 or self.halfmove_clock != 0):
            return None
        if self.promoted:
            return None
        return self.chess960_number()

    def reset(self) -> None:
        """Back to the start position of the class's variant, with an empty move stack."""
        self.set_fen(type(self).starting_fen)

    def clear(self) -> None:
        """An empty board, White to move, no move stack."""
        type(self).__init__(self, None, chess960=self.chess960)

    def find_move(self, from_square: Square, to_square: Square, promotion: Optional[PieceType] = None) -> Move:
        """The legal move from one square to another (a pawn reaching the last rank promotes to a
        queen unless told otherwise; castling found by the king's two squares or its rook's);
        IllegalMoveError when there is none."""
        if promotion is None and self.piece_type_at(from_square) == PAWN and square_rank(to_square) in (0, 7):
            promotion = QUEEN
        move = self.parse_uci(Move(from_square, to_square, promotion).uci())
        return move

    # ---- move generation, attacks and pins, as python-chess's Board ---------------------------
    # The moves come from the C library (legal moves from its fast generator, pseudo-legal ones
    # from rf_generate_pseudo_moves) in python-chess's order; the masks select start and target
    # squares (castling: the king's square and the rook's).

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal moves from a square of from_mask to one of to_mask, one after the other."""
        if from_mask == BB_ALL and to_mask == BB_ALL:
            return iter(self.legal_moves)
        return iter(self._legal_moves_of(from_mask, to_mask, 0))

    def generate_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal captures (en passant too)."""
        return iter(self._legal_moves_of(from_mask, to_mask, 1))

    def generate_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal en passant captures."""
        return iter(self._legal_moves_of(from_mask, to_mask, 2))

    def generate_castling_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The castling moves (to_mask selects the rook's square)."""
        return iter(self._legal_moves_of(from_mask, to_mask, 3))

    def generate_pseudo_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal moves: those of the side to move's pieces, whether or not they leave
        its king in check."""
        return iter(self._pseudo_moves(from_mask, to_mask, 0))

    def generate_pseudo_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal captures (en passant too)."""
        return iter(self._pseudo_moves(from_mask, to_mask, 1))

    def generate_pseudo_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal en passant captures."""
        return iter(self._pseudo_moves(from_mask, to_mask, 2))

    @property
    def pseudo_legal_moves(self) -> "PseudoLegalMoveGenerator":
        """The pseudo-legal moves: a view with iteration, count(), `in` and truth value."""
        return PseudoLegalMoveGenerator(self)

    def attacks(self, square: Square) -> SquareSet:
        """The squares the piece on square attacks (empty for an empty square)."""
        return SquareSet(self.attacks_mask(square))

    def pin(self, color: Color, square: Square) -> SquareSet:
        """The line along which the piece on square is pinned to color's king (every square when
        it is not pinned)."""
        return SquareSet(self.pin_mask(color, square))

    def is_pinned(self, color: Color, square: Square) -> bool:
        """The piece on square is pinned to color's king."""
        return self.pin_mask(color, square) != BB_ALL

    def san_and_push(self, move: Move) -> str:
        """The move's SAN, then push(move)."""
        san = self.san(move)
        self.push(move)
        return san

    def status(self) -> Status:
        """What is wrong with the position, as python-chess's Status bits (VALID: nothing)."""
        return Status(self.status_code())

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, or None while it goes on. With claim_draw, a draw that may be
        claimed (fifty moves, threefold repetition) ends it too."""
        code = self.outcome_code(claim_draw=claim_draw)
        if code is None:
            return None
        return Outcome(Termination(code[0]), code[1])

    def checkers(self) -> SquareSet:
        """The pieces giving check to the side to move."""
        return SquareSet(self.checkers_mask())

    def has_castling_rights(self, color: Color) -> bool:
        """That side may still castle on some side."""
        return bool(self.clean_castling_rights() & (BB_RANK_1 if color else BB_RANK_8))

    def _castling_side(self, color: Color, h_side: bool) -> bool:
        backrank = BB_RANK_1 if color else BB_RANK_8
        king_mask = self.kings & self.occupied_co[color] & backrank & ~self.promoted
        if not king_mask:
            return False
        for rook in scan_forward(self.clean_castling_rights() & backrank):
            if (BB_SQUARES[rook] > king_mask) == h_side and BB_SQUARES[rook] != king_mask:
                return True
        return False

    def has_kingside_castling_rights(self, color: Color) -> bool:
        """That side may still castle with a rook on the h-file side of its king."""
        return self._castling_side(color, True)

    def has_queenside_castling_rights(self, color: Color) -> bool:
        """That side may still castle with a rook on the a-file side of its king."""
        return self._castling_side(color, False)

    def has_chess960_castling_rights(self) -> bool:
        """Some castling right (as Chess960 would clean them) is one standard chess has not: a
        rook off the corners, or a king off e1/e8."""
        rights = self._clean_rights_as(True)
        if rights & ~BB_CORNERS:
            return True
        if rights & BB_RANK_1 and not self.occupied_co[WHITE] & self.kings & BB_E1:
            return True
        if rights & BB_RANK_8 and not self.occupied_co[BLACK] & self.kings & BB_E8:
            return True
        return False

    def _reduces_castling_rights(self, move: Move) -> bool:
        rights = self.clean_castling_rights()
        touched = BB_SQUARES[move.from_square] ^ BB_SQUARES[move.to_square]
        kings = self.kings & ~self.promoted
        return bool(touched & rights or
                    rights & BB_RANK_1 and touched & kings & self.occupied_co[WHITE] or
                    rights & BB_RANK_8 and touched & kings & self.occupied_co[BLACK])

    def is_irreversible(self, move: Move) -> bool:
        """The move can never be taken back by later moves: a capture or pawn move, one that
        loses a castling right, or any move while an en passant capture is possible."""
        return self.is_zeroing(move) or self._reduces_castling_rights(move) or self.has_legal_en_passant()

    def set_castling_fen(self, castling_fen: str) -> None:
        """Sets the castling rights from a FEN's castling field ("KQkq", "HAha", "-"), read as
        the FEN reader reads it; clears the move stack. ValueError for any other text."""
        if not castling_fen or castling_fen == "-":
            rights = BB_EMPTY
        elif not FEN_CASTLING_REGEX.match(castling_fen):
            raise ValueError(f"invalid castling fen: {castling_fen!r}")
        else:
            rights = Board(f"{self.board_fen()} w {castling_fen} - 0 1", chess960=True).castling_rights
        self.castling_rights = rights
        self.clear_stack()

    def shredder_fen(self, *, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        """The FEN with the castling rights as rook files (HAha)."""
        return self.fen(shredder=True, en_passant=en_passant, promoted=promoted)

    def reset_board(self) -> None:
        """The pieces of the start position; clears the move stack."""
        super().reset_board()
        self.clear_stack()

    def clear_board(self) -> None:
        """Removes every piece; clears the move stack."""
        super().clear_board()
        self.clear_stack()

    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        """Puts a piece on a square (None empties it); clears the move stack."""
        self.clear_stack()
        super().set_piece_at(square, piece, promoted)

    def remove_piece_at(self, square: Square) -> Optional[Piece]:
        """Empties a square and returns the piece that stood there, or None; clears the move
        stack."""
        self.clear_stack()
        return super().remove_piece_at(square)

    def set_piece_map(self, pieces: typing.Mapping[Square, Piece]) -> None:
        """Replaces every piece by those of the mapping; clears the move stack."""
        self.clear_stack()
        super().set_piece_map(pieces)

    def set_board_fen(self, fen: str) -> None:
        """Replaces the pieces by those of a FEN's board field; clears the move stack."""
        self.clear_stack()
        super().set_board_fen(fen)

    def apply_transform(self, f: typing.Callable[[Bitboard], Bitboard]) -> None:
        """Applies a bitboard function to every piece set, the en passant square and the castling
        rights (python-chess's Board.apply_transform); clears the move stack."""
        self.clear_stack()
        ep_square, castling = self.ep_square, self.castling_rights
        super().apply_transform(f)
        self._transform_fields(f, ep_square, castling)

    def _transform_fields(self, f: typing.Callable[[Bitboard], Bitboard], ep_square: Optional[Square], castling: Bitboard) -> None:
        ep = None if ep_square is None else int(f(BB_SQUARES[ep_square])) & BB_ALL
        self.castling_rights = int(f(castling)) & BB_ALL
        self.ep_square = msb(ep) if ep else None

    def transform(self: "BoardT", f: typing.Callable[[Bitboard], Bitboard]) -> "BoardT":
        """A copy (without the move stack) with apply_transform(f) applied."""
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def apply_mirror(self) -> None:
        """Mirrors the board vertically, swaps the colours and the side to move (the en passant
        square and castling rights follow); clears the move stack."""
        self.clear_stack()
        ep_square, castling = self.ep_square, self.castling_rights
        self._transform_pieces(flip_vertical, True)
        self._transform_fields(flip_vertical, ep_square, castling)
        self.turn = not self.turn

    def mirror(self: "BoardT") -> "BoardT":
        """The position seen from the other side: the board mirrored vertically, the colours,
        castling rights, en passant square and side to move swapped (without the move stack)."""
        board = self.copy(stack=False)
        board.apply_mirror()
        return board

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: Optional[bool] = None,
            **operations: Union[None, str, int, float, Move, Iterable[Move]]) -> str:
        """The position as EPD (the FEN without its counters), with the operations given as
        keyword arguments (None, str, int, float, a Move, and move lists for pv, am, bm)."""
        fields = self._epd_fields(shredder=shredder, en_passant=en_passant, promoted=promoted)
        if not operations:
            return fields
        return fields + " " + self._epd_operations(operations)

    @classmethod
    def from_epd(cls: typing.Type["BoardT"], epd: str, *, chess960: bool = False) -> typing.Tuple["BoardT", Dict[str, typing.Any]]:
        """A board from EPD text and its operations (see set_epd)."""
        board = cls.empty(chess960=chess960)
        return board, board.set_epd(epd)

    _EPD_FIELDS = 4  # the fields before the operations (Three-check's board has a fifth)

    def set_epd(self, epd: str) -> Dict[str, typing.Any]:
        """Sets the position from EPD text: the FEN's first fields, then operations
        ("bm Nf3; id \"x\";"), which are returned as a dict (None, str, int, float, a Move,
        or a list of moves for pv, am and bm). hmvc and fmvn set the counters. ValueError for
        text that is neither."""
        parts = epd.strip().rstrip(";").split(None, self._EPD_FIELDS)
        if len(parts) <= self._EPD_FIELDS:
            self.set_fen(epd)
            return {}
        text = parts.pop()
        operations = _read_epd_operations(text, lambda: type(self)(" ".join(parts) + " 0 1"))
        parts.append(str(operations["hmvc"]) if "hmvc" in operations else "0")
        parts.append(str(operations["fmvn"]) if "fmvn" in operations else "1")
        self.set_fen(" ".join(parts))
        return operations

    def xboard(self, move: Move, chess960: Optional[bool] = None) -> str:
        """The move in XBoard notation: UCI, but castling in Chess960 mode as O-O / O-O-O."""
        if chess960 is None:
            chess960 = self.chess960
        if not chess960 or not self.is_castling(move):
            return move.xboard()
        return "O-O" if self.is_kingside_castling(move) else "O-O-O"

    def parse_xboard(self, xboard: str) -> Move:
        """A move in XBoard notation (read as SAN, which takes UCI-like moves too)."""
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        """parse_xboard, then push."""
        return self.push_san(xboard)

    def _epd_operations(self, operations: Dict[str, object]) -> str:
        out = []
        for opcode, operand in operations.items():
            _check_epd_opcode(opcode)
            if operand is None:
                out.append(f"{opcode};")
            elif isinstance(operand, Move):
                out.append(f"{opcode} {self.san(operand)};")
            elif isinstance(operand, (int, float)):
                out.append(f"{opcode} {operand};")
            elif opcode == "pv" and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                position = self.copy(stack=False)
                out.append(opcode + "".join(" " + position.san_and_push(m) for m in operand) + ";")  # type: ignore[union-attr]
            elif opcode in ("am", "bm") and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                out.append(opcode + "".join(" " + san for san in sorted(self.san(m) for m in operand)) + ";")  # type: ignore[union-attr]
            else:
                text = (str(operand).replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r")
                        .replace("\n", "\\n").replace("\"", "\\\""))
                out.append(f"{opcode} \"{text}\";")
        return " ".join(out)

    def opening(self, eco: typing.Any = None) -> "typing.Optional[rankfile.openings.Opening]":
        """The opening of the game on the board (its move stack from its root), from an ECO
        file: a :class:`rankfile.openings.Opening` (eco, name, variation, ply) or None when the
        file knows no position of it. ``eco``: a path, a table of
        :func:`rankfile.openings.load`, or None for Debian's
        ``/usr/share/pgn-extract/eco.pgn``, loaded once and kept (FileNotFoundError when it is
        missing)."""
        from rankfile import openings
        return openings.table_of(eco).opening(self)

    def __reduce__(self) -> tuple:
        root = self.root()
        return (_rebuild_board, (type(self), root.fen(promoted=True), self.chess960, [m.uci() for m in self.move_stack],
                                 root.castling_rights))

    def __repr__(self) -> str:
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    def _repr_svg_(self) -> str:
        import rankfile.svg
        return rankfile.svg.board(self, lastmove=self.peek() if self.move_stack else None, size=390)


def _check_epd_opcode(opcode: str) -> None:
    """ValueError for a name python-chess does not take as an EPD opcode."""
    if not opcode:
        raise ValueError("an epd opcode cannot be empty")
    if opcode == "-":
        raise ValueError("a lone dash is no epd opcode")
    if not opcode[0].isalpha():
        raise ValueError(f"an epd opcode starts with a letter: {opcode!r}")
    for bad in " \n\t\r":
        if bad in opcode:
            raise ValueError(f"an epd opcode cannot hold {bad!r}: {opcode!r}")


_EPD_MOVE_LISTS = ("pv", "am", "bm")
_EPD_SPACE = " \t\r\n"


def _epd_moves(opcode: str, operand: str, position: "Board") -> typing.Any:
    if opcode == "pv":
        line: List[Move] = []
        for token in operand.split():
            move = position.parse_xboard(token)
            line.append(move)
            position.push(move)
        while position.move_stack:
            position.pop()
        return line
    if opcode in ("am", "bm"):
        return [position.parse_xboard(token) for token in operand.split()]
    return position.parse_xboard(operand)


def _read_epd_operations(text: str, make_board: typing.Callable[[], "Board"]) -> Dict[str, typing.Any]:
    """The operations of an EPD line, read as python-chess reads them: an opcode, then a
    number, a "string" (backslash escapes), moves (SAN) or nothing, up to a ';' or the end; a
    lone '-' is skipped and an unterminated string ends with the text."""
    operations: Dict[str, typing.Any] = {}
    position: Optional[Board] = None
    i, n = 0, len(text)
    while i < n:
        # The opcode: up to white space or ';'.
        j = i
        while j < n and text[j] not in _EPD_SPACE and text[j] != ";":
            j += 1
        opcode = text[i:j]
        if opcode == "-" or not opcode:
            i = j + 1
            continue
        if j >= n or text[j] == ";":
            operations[opcode] = [] if opcode in _EPD_MOVE_LISTS else None
            i = j + 1
            continue
        _check_epd_opcode(opcode)
        while j < n and text[j] in _EPD_SPACE:
            j += 1
        if j >= n or text[j] == ";":
            operations[opcode] = [] if opcode in _EPD_MOVE_LISTS else None
            i = j + 1
            continue
        first = text[j]
        if first == '"':
            out: List[str] = []
            j += 1
            while j < n and text[j] != '"':
                if text[j] == "\\":
                    j += 1
                    if j >= n:
                        break
                    out.append({"r": "\r", "n": "\n", "t": "\t"}.get(text[j], text[j]))
                else:
                    out.append(text[j])
                j += 1
            operations[opcode] = "".join(out)
            i = j + 1
            continue
        end = text.find(";", j)
        end = n if end < 0 else end
        operand = text[j:end]
        if first in "+-.0123456789":
            if "." in operand or "e" in operand or "E" in operand:
                number = float(operand)
                if number != number or number in (float("inf"), float("-inf")):
                    raise ValueError(f"invalid numeric operand for epd operation {opcode!r}: {operand!r}")
                operations[opcode] = number
            else:
                operations[opcode] = int(operand)
        else:
            if position is None:
                position = make_board()
            operations[opcode] = _epd_moves(opcode, operand, position)
        i = end + 1
    return operations


def _rebuild_board(cls: type, fen: str, chess960: bool, moves: List[str], castling_rights: Optional[Bitboard] = None) -> Board:
    """A pickled board: its root position (castling rights as set, not only the clean ones),
    then its moves."""
    board = cls(fen, chess960=chess960)
    if castling_rights is not None:
        board.castling_rights = castling_rights
    for uci in moves:
        board.push(Move.from_uci(uci))
    return board


BoardT = typing.TypeVar("BoardT", bound=Board)

_rankfile._register_board_class(0, Board)


# Every public name, as `from chess import *` gives python-chess's (its module has no __all__).
__all__ = sorted(name for name in list(globals()) if not name.startswith("_"))

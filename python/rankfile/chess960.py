"""Chess960 (Fischer Random Chess): start positions by number or drawn fairly, whether a board
is a start position and why not, how a setup arises, in 21 languages. Not in python-chess.

The 960 start positions are numbered 0..959 as Reinhard Scharnagl did: 518 is the standard
setup RNBQKBNR, 0 is BBQNNRKR, 959 is RKRNNQBB (python-chess's ``Board.from_chess960_pos``
uses the same numbers). Number N decodes as the placing procedure with light-squared bishop =
N mod 4, N //= 4; dark-squared bishop = N mod 4, N //= 4; queen = N mod 6, N //= 6; the knights
on pair N (0-9) of the five free squares; rook, king and rook on the last three.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, NamedTuple, Optional, Union

from rankfile import _rankfile

if TYPE_CHECKING:
    from rankfile import Board

__all__ = ["Language", "Verdict", "back_rank", "check", "derivation", "language", "languages",
           "position", "random"]

_DOUBLE = 1 << 0      # RF_CHESS960_DOUBLE
_BACK_RANKS = 1 << 1  # RF_CHESS960_BACK_RANKS

_SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]


def position(number: int, black: Optional[int] = None) -> Board:
    """The Board of start position ``number`` (0-959), in Chess960 castling mode with all four
    castling rights, White to move (python-chess's ``Board.from_chess960_pos(number)``).

    With ``black`` (0-959), Black's back rank is the mirror image of setup ``black`` instead
    (Double Fischer Random: 921,600 setups).

    :raises: ValueError for a number outside 0-959.
    """
    return _rankfile.chess960_position(number, black)


def random(seed: Optional[int] = None) -> Board:
    """A start position drawn fairly: the Board (as :func:`position` makes it; its number is
    ``check(board).number``).

    The five draws of the placing procedure (light-squared bishop 0-3, dark-squared bishop 0-3,
    queen 0-5, first knight 0-4, second knight 0-3) come from SplitMix64 without bias; each of the
    960 setups has probability exactly 1/960. ``seed`` (0 to 2**64-1) makes the draw
    reproducible: the position is the one ``rankfile 960 --seed SEED`` prints, on every
    platform. Without it the generator is seeded from the operating system.

    :raises: ValueError for a seed outside 0 to 2**64-1; OSError when the operating system gives
        no entropy.
    """
    number, _draws = _rankfile.chess960_random(seed)
    return _rankfile.chess960_position(number, None)


class Verdict(NamedTuple):
    """Whether a board is a Chess960 start position, and if not the first rule it breaks.

    True as a truth value exactly when the board is a start position."""

    number: Optional[int]
    """White's setup number (0-959), or None when the board is not a start position."""

    black: Optional[int]
    """Black's setup number, read as the mirror image (the same as ``number`` unless
    ``double=True``), or None."""

    reason: str
    """``"start"``, or the rule broken: ``"empty-board"``, ``"piece-count"``,
    ``"colors-swapped"``, ``"pawns"``, ``"back-rank"``, ``"mirror"``, ``"bishops"``,
    ``"king"``."""

    message: str
    """The broken rule in words, one line (e.g. ``"black has 7 pawns"``); "" for a start."""

    color: Optional[bool]
    """The side the broken rule is about (``WHITE`` True, ``BLACK`` False), or None for a
    start."""

    square: Optional[int]
    """A square the broken rule is about, or None."""

    def __bool__(self) -> bool:
        return self.number is not None


def check(board: Union[Board, str], *, double: bool = False, back_ranks: bool = False) -> Verdict:
    """Judges whether ``board`` is a Chess960 start position: a :class:`Verdict` with its number
    (``verdict.number``) or the first rule it breaks (``verdict.reason`` and
    ``verdict.message``); ``bool(verdict)`` says which.

    ``board`` is a Board (only the pieces count: side to move, castling rights and counters are
    not judged) or a back rank as 8 letters K Q R B N in either case, a-file first
    (``"RNBQKBNR"``; white space around it ignored; text that is not 8 such letters breaks the
    back-rank rule, ``reason == "back-rank"``). The rules,
    in the order tested: some piece on the board; each side has 8 pawns, 2 knights, 2 bishops,
    2 rooks, a queen and a king; the colours are not swapped; every pawn on its side's second
    rank; every other piece on its back rank; Black's back rank mirrors White's; the bishops on
    squares of opposite colours; the king between the rooks.

    :param double: Double Fischer Random: Black's back rank may be any setup.
    :param back_ranks: judge the back ranks alone (ranks 2-7 may hold anything).
    :raises: TypeError when ``board`` is neither a Board nor a str.
    """
    flags = (_DOUBLE if double else 0) | (_BACK_RANKS if back_ranks else 0)
    if isinstance(board, str):
        board = board.strip()
    white, black, reason, message, color, square = _rankfile.chess960_check(board, flags)
    start = white >= 0
    return Verdict(white if start else None, black if start else None, reason, message,
                   None if start else color == 0, None if square < 0 else square)


class Language(NamedTuple):
    """A language the setups can be shown in."""

    code: str
    """The code to ask for (``"no"``, ``"se"``, ``"dk"``, ``"de"`` ...)."""

    iso: str
    """Its ISO 639-1 code, also accepted (``"sv"`` for ``"se"``)."""

    name: str
    """Its English name (``"Swedish"``)."""

    letters: str
    """The letters for King, Queen, Rook, Bishop, Knight (``"KDTLS"``)."""

    greeting: str
    """A good-luck wish (``"Lykke til!"``)."""

    native: str
    """The language's own name (``"svenska"``)."""


def languages() -> List[Language]:
    """The 21 languages, in the library's order (``no se dk is fi ee lt lv pl ir cy nl de en es
    fr``, then ``cs hu it pt ro``)."""
    return [Language(*t) for t in _rankfile.chess960_languages()]


def language(name: str) -> Language:
    """The language ``name`` names: its code or ISO 639-1 code (``"se"``, ``"sv"``), a locale
    (``"sv_SE"``, ``"pt_BR.UTF-8"``), its English name or its own, in any case.

    :raises: ValueError when no language answers to it.
    """
    return Language(*_rankfile.chess960_language(name))


def back_rank(number: int, lang: str = "en") -> str:
    """White's back rank of setup ``number`` in the language's letters, a-file first
    (``back_rank(518) == "RNBQKBNR"``, ``back_rank(518, "de") == "TSLDKLST"``).

    :raises: ValueError for a number outside 0-959 or an unknown language.
    """
    return _rankfile.chess960_back_rank(number, lang)


def derivation(number: int, lang: str = "en") -> List[str]:
    """How setup ``number`` arises from its number, one line a step, as ``rankfile 960 N
    --verbose --lang LANG`` prints them: the back rank so far in the language's letters (a free
    square shows its file letter), three spaces, and the step in English words. Six steps: the
    light-squared bishop, the dark-squared bishop, the queen, the knights (the digits of the
    number in the mixed radix 4, 4, 6, 10), then rook, king and rook.

    :raises: ValueError for a number outside 0-959 or an unknown language.
    """
    return _rankfile.chess960_derivation(number, lang)

"""SVG images of boards: python-chess's ``chess.svg`` drawn by rankfile's C library.

The image is the library's own (``rf_render_svg``): a standalone SVG 1.1 document, 400 x 400
user units (360 for the board, 20 around it for the coordinates and a dot in the colour of the
side to move; 360 x 360 without coordinates), light squares #f0d9b5, dark squares #b58863, the
last move's squares in green-yellow, a red glow under a king in check, arrows (a line and a
head; a ring for an arrow from a square to itself), and the project's own piece drawings, each
a group with python-chess's id and class (``white-king``, ``white king``); Crazyhouse's pieces
in hand stand in a column right of the board. python-chess's extras are drawn too: ``fill``,
``squares`` (X marks), ``colors``, coloured arrows, ``borders``. The position's FEN is the
document's ``<title>``. It does not look like python-chess's image.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Dict, Iterable, Optional, Tuple, Union

if TYPE_CHECKING:
    from rankfile import Board, Move

from rankfile._rankfile import svg_piece as _svg_piece
from rankfile._rankfile import svg_render as _svg_render
from rankfile import Color, IntoSquareSet, Square  # python-chess's type names, as chess.svg has them

__all__ = ["Arrow", "SvgWrapper", "board", "piece", "SQUARE_SIZE", "MARGIN", "DEFAULT_COLORS",
           "PIECES"]

SQUARE_SIZE = 45
"""The side of a square of the image, in user units."""

MARGIN = 20
"""The frame around the board that holds the coordinates, in user units."""

_FLIP = 1 << 1             # RF_RENDER_FLIP
_NO_COORDINATES = 1 << 2   # RF_RENDER_NO_COORDINATES
_NO_SIDE = 1 << 3          # RF_RENDER_NO_SIDE
_BORDERS = 1 << 6          # RF_RENDER_BORDERS
_MAX_ARROWS = 16           # RF_RENDER_MAX_ARROWS

_SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]


DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    "square dark lastmove": "#aaa23a",
    "square light lastmove": "#cdd26a",
    "margin": "#ffffff",
    "inner border": "#111111",
    "outer border": "#111111",
    "coord": "#555555",
    "arrow green": "#15781b",
    "arrow red": "#b22222",
    "arrow yellow": "#e6a100",
    "arrow blue": "#1f4e9e",
}
"""The colours of the library's image under python-chess's names (``colors=`` changes them)."""

# python-chess's names of the parts the library colours, in RF_SVG_* order.
_PARTS = ["square light", "square dark", "square light lastmove", "square dark lastmove", "margin",
          "coord", "arrow green", "inner border", "outer border"]
_COLOR_MAX = 48  # RF_RENDER_COLOR_MAX
_COLOR_TEXT = re.compile(r"[A-Za-z0-9 #(),.%-]{1," + str(_COLOR_MAX) + r"}\Z")


def _color(value, what: str) -> str:
    """A colour as the library takes it, or ValueError (python-chess writes any text)."""
    if not isinstance(value, str) or not _COLOR_TEXT.match(value):
        raise ValueError(f"{what} {value!r}: a colour is SVG colour text (#ffce9e, #15781B80, red), "
                         f"at most {_COLOR_MAX} letters, digits, spaces and #(),.%-")
    return value


class Arrow:
    """An arrow to draw, from ``tail`` to ``head`` (the same square: a ring), in ``color``:
    ``green``, ``red``, ``yellow``, ``blue`` (the colours of :data:`DEFAULT_COLORS`, or of
    ``colors=``) or any SVG colour text."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as PGN's ``[%cal ...]`` / ``[%csl ...]`` write it: ``Ga1``, ``Ya2h2``
        (colours other than red, yellow and blue as green)."""
        letter = {"red": "R", "yellow": "Y", "blue": "B"}.get(self.color, "G")
        if self.tail == self.head:
            return f"{letter}{_SQUARE_NAMES[self.tail]}"
        return f"{letter}{_SQUARE_NAMES[self.tail]}{_SQUARE_NAMES[self.head]}"

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return (f"Arrow({_SQUARE_NAMES[self.tail].upper()}, {_SQUARE_NAMES[self.head].upper()}, "
                f"color={self.color!r})")

    @classmethod
    def from_pgn(cls, pgn: str) -> Arrow:
        """Reads an arrow as PGN annotations write it (``Ga1``, ``Ya2h2``; no colour letter:
        green). :raises: ValueError when it is not one."""
        colors = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}
        color = "green"
        if pgn[:1] in colors:
            color = colors[pgn[0]]
            pgn = pgn[1:]
        if len(pgn) not in (2, 4) or any(pgn[i:i + 2] not in _SQUARE_NAMES for i in range(0, len(pgn), 2)):
            raise ValueError(f"invalid arrow: {pgn!r}")
        tail = _SQUARE_NAMES.index(pgn[:2])
        head = _SQUARE_NAMES.index(pgn[2:]) if len(pgn) > 2 else tail
        return cls(tail, head, color=color)


class SvgWrapper(str):
    """SVG text that Jupyter and IPython draw."""

    def _repr_svg_(self) -> SvgWrapper:
        return self

    def _repr_html_(self) -> SvgWrapper:
        return self


def _group(svg: str) -> str:
    start = svg.index("<g ")
    return svg[start:svg.rindex("</g>") + 4]


PIECES: Dict[str, str] = {symbol: _group(_svg_piece((8 if symbol.islower() else 0) | "pnbrqk".index(symbol.lower()) + 1))
                          for symbol in "PNBRQKpnbrqk"}
"""The library's drawing of each piece by its symbol, an SVG group (``<g id="white-king"
class="white king" ...>``) on a 45 x 45 grid."""


def piece(piece, size: Optional[int] = None) -> SvgWrapper:
    """The SVG image of one piece (python-chess's ``chess.svg.piece``): the library's drawing
    of it on a 45 x 45 grid, a group with the id ``white-king`` (``black-pawn``, ...) and the
    class ``white king``; ``size`` the image's width and height in pixels (None: 45).

    :raises: ValueError when ``piece`` is not a Piece.
    """
    try:
        piece_type, color = int(piece.piece_type), bool(piece.color)
    except (AttributeError, TypeError, ValueError):
        raise ValueError(f"{piece!r} is not a Piece") from None
    if not 1 <= piece_type <= 6:
        raise ValueError(f"{piece!r} is not a Piece (piece_type {piece_type})")
    svg = _svg_piece((0 if color else 8) | piece_type)
    if size is not None:
        svg = _resize(svg, size)
    return SvgWrapper(svg)


def _board_class():
    from rankfile import Board

    return Board


def _square(value, what: str) -> int:
    try:
        square = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} {value!r} is not a square") from None
    if not 0 <= square < 64:
        raise ValueError(f"{what} {value!r} is not a square (0-63)")
    return square


def board(board: Optional[Board] = None, *,
          orientation: bool = True,
          lastmove: Optional[Move] = None,
          check: Optional[int] = None,
          arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
          fill: Dict[int, str] = {},
          squares: Optional[Iterable[int]] = None,
          size: Optional[int] = None,
          coordinates: bool = True,
          colors: Dict[str, str] = {},
          flipped: bool = False,
          borders: bool = False,
          style: Optional[str] = None) -> SvgWrapper:
    """The SVG image of a board (python-chess's ``chess.svg.board``, drawn by the C library).

    :param board: a Board of any variant, or None (the default) for the squares alone.
    :param orientation: the side at the bottom, ``WHITE`` (True, the default) or ``BLACK``.
    :param lastmove: a Move whose from and to squares are marked as the last move.
    :param check: a square marked as a king in check (a red glow).
    :param arrows: at most 16 arrows, each an :class:`Arrow` or a ``(tail, head)`` pair of
        squares; tail = head draws a ring. Drawn in green: an Arrow of another colour raises
        ValueError, and so do more than 16 arrows.
    :param fill: a dict of squares to colours laid over them.
    :param squares: squares marked with an X (a SquareSet, an iterable of squares or a
        bitboard).
    :param size: the image's width and height in pixels (the drawing scales to it), or None for
        the drawing's own 400 x 400 (360 without coordinates).
    :param coordinates: False leaves out the file letters, rank numbers and the dot of the side
        to move, with the margin around the board that holds them.
    :param colors: colours in place of :data:`DEFAULT_COLORS`'s, by python-chess's names
        (``square light``, ``square dark``, ``square light lastmove``, ``square dark lastmove``,
        ``margin``, ``coord``, ``inner border``, ``outer border``, ``arrow green``, ``arrow
        red``, ``arrow yellow``, ``arrow blue``).
    :param flipped: True flips the board (the same as the other ``orientation``).
    :param borders: True draws a line round the board (with coordinates) and round the image.
    :param style: a CSS stylesheet put in the image as its ``<style>`` element.
    :returns: the SVG document (a str that notebooks draw).
    :raises: TypeError when ``board`` is not a rankfile Board; ValueError for what the library
        cannot draw: more than 16 arrows, a colour that is not short SVG colour text.
    """
    flags = _BORDERS if borders else 0
    if board is not None and not isinstance(board, _board_class()) and hasattr(board, "board_fen"):
        # a board without a side to move (python-chess's BaseBoard): its pieces alone
        board = _board_class()(board.board_fen() + " w - - 0 1")
        flags |= _NO_SIDE
    if bool(orientation) == bool(flipped):  # python-chess: orientation ^= flipped
        flags |= _FLIP
    if not coordinates:
        flags |= _NO_COORDINATES | _NO_SIDE
    if board is None:
        flags |= _NO_SIDE
    last = 0
    if lastmove:
        last = 1 << _square(lastmove.from_square, "lastmove's from square")
        last |= 1 << _square(lastmove.to_square, "lastmove's to square")
    marked_check = 0 if check is None else 1 << _square(check, "check")
    pairs = []
    for arrow in arrows:
        try:
            tail, head, color = arrow.tail, arrow.head, arrow.color
        except AttributeError:
            try:
                tail, head = arrow
            except (TypeError, ValueError):
                raise ValueError(f"an arrow is an Arrow or a (tail, head) pair, not {arrow!r}") from None
            color = "green"
        named = "arrow " + str(color)
        if named in DEFAULT_COLORS:
            color = colors.get(named, DEFAULT_COLORS[named]) if named != "arrow green" else colors.get(named)
        pairs.append((_square(tail, "arrow tail"), _square(head, "arrow head"))
                     + ((_color(color, "arrow color"),) if color is not None else ()))
    if len(pairs) > _MAX_ARROWS:
        raise ValueError(f"{len(pairs)} arrows: the image carries at most {_MAX_ARROWS}")
    filled = None
    if fill:
        filled = [None] * 64
        for square, color in fill.items():
            if isinstance(square, int) and 0 <= square < 64:
                filled[square] = _color(color, "fill color")
    cross = 0
    if squares is not None:
        if isinstance(squares, int):
            cross = squares & 0xFFFF_FFFF_FFFF_FFFF
        else:
            for square in squares:
                cross |= 1 << _square(square, "marked square")
    parts = None
    if colors:
        parts = [_color(colors[name], f"colors[{name!r}]") if name in colors else None for name in _PARTS]
    svg = _svg_render(board, flags, last, marked_check, pairs, filled, cross, parts)
    if size is not None:
        svg = _resize(svg, size)
    if style:
        svg = _add_style(svg, style)
    return SvgWrapper(svg)


_ROOT = re.compile(r'<svg ([^>]*?)width="(\d+)" height="(\d+)"')


def _resize(svg: str, size) -> str:
    """Sets the image's width (``size``) and height (in proportion; the viewBox keeps the
    drawing)."""
    try:
        size = int(size)
    except (TypeError, ValueError):
        raise ValueError(f"size {size!r} is not a number of pixels") from None
    if size <= 0:
        raise ValueError(f"size {size} is not a positive number of pixels")
    match = _ROOT.search(svg)
    width, height = int(match.group(2)), int(match.group(3))
    return svg[:match.start()] + (f'<svg {match.group(1)}width="{size}" '
                                  f'height="{round(size * height / width)}"') + svg[match.end():]


def _add_style(svg: str, style: str) -> str:
    """Puts a <style> element first in the document, its text escaped for XML."""
    text = style.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    end = svg.index(">", svg.index("<svg ")) + 1
    return svg[:end] + f"\n<style>{text}</style>" + svg[end:]

"""rankfile: chess positions and games, python-chess's API over a C library.

``import rankfile as chess`` runs python-chess scripts that use the subset listed in
docs/python.md, at the C library's speed.
"""
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

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


class Board(_rankfile._Board):
    """A chess position and the moves that led to it (standard chess; rankfile.variant has the
    others): python-chess's Board over the C library."""

    uci_variant = "chess"
    xboard_variant = "normal"
    starting_fen = STARTING_FEN
    aliases = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    _rf_variant = 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"


_rankfile._register_board_class(0, Board)

__version__ = _c_version()

__all__ = [
    "AmbiguousMoveError",
    "Board",
    "LegalMoveGenerator",
    "Move",
    "STARTING_BOARD_FEN",
    "STARTING_FEN",
    "FenError",
    "IllegalMoveError",
    "InvalidMoveError",
]

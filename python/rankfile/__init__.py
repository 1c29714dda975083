"""rankfile: chess positions and games, python-chess's API over a C library.

``import rankfile as chess`` runs python-chess scripts that use the subset listed in
docs/python.md, at the C library's speed.
"""
from rankfile._rankfile import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
)
from rankfile._rankfile import version as _c_version

__version__ = _c_version()

__all__ = [
    "AmbiguousMoveError",
    "FenError",
    "IllegalMoveError",
    "InvalidMoveError",
]

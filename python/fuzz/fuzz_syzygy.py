#!/usr/bin/env python3
"""Fuzz target of rankfile.syzygy against python-chess's chess.syzygy (atheris).

usage: PYTHONPATH=build/python python3 python/fuzz/fuzz_syzygy.py [CORPUS-DIR ...] [libFuzzer flags]
       e.g. ... python/fuzz/fuzz_syzygy.py build/fuzz-syzygy python/fuzz/corpus-syzygy -max_total_time=300

(`make fuzz-python-syzygy` does that, FUZZ_TIME seconds.) The tables: $RF_SYZYGY_TABLES, else
$RF_SHARED_DATA/python-chess/syzygy, else ../shared/data/python-chess/syzygy beside the checkout.

One input: its first byte chooses how the rest makes a position: even, the rest is a FEN
(UTF-8, undecodable bytes replaced) read by rankfile.Board; odd, the rest is pairs of bytes
(square, piece), at most eight pieces put on an empty board, the first byte's bit 1 the side to
move. What must hold: no input crashes the interpreter; probe_wdl and probe_dtz answer an int or
raise KeyError (nothing else); for a position python-chess calls valid, of no more pieces than
the largest table, the answers (or the exception classes) are python-chess's; get_wdl and
probe_wdl_many agree with probe_wdl.

`check(data)` is the property; python/tests/test_syzygy.py replays python/fuzz/corpus-syzygy/
through it without atheris.
"""
import os
import pathlib
import sys

import rankfile

_PIECES = [None, "P", "N", "B", "R", "Q", "K"]
_opened = {}


def tables_dir():
    if os.environ.get("RF_SYZYGY_TABLES"):
        return pathlib.Path(os.environ["RF_SYZYGY_TABLES"])
    shared = os.environ.get("RF_SHARED_DATA")
    if shared:
        return pathlib.Path(shared) / "python-chess" / "syzygy"
    return pathlib.Path(__file__).resolve().parents[3] / "shared" / "data" / "python-chess" / "syzygy"


def _ours(path):
    import rankfile.syzygy
    if "ours" not in _opened:
        _opened["ours"] = rankfile.syzygy.open_tablebase(path)
    return _opened["ours"]


def _theirs(path):
    if "theirs" not in _opened:
        import chess.syzygy
        _opened["theirs"] = chess.syzygy.open_tablebase(str(path))
    return _opened["theirs"]


def _board(data):
    selector, payload = data[0], data[1:]
    if selector % 2 == 0:
        try:
            return rankfile.Board(payload.decode("utf-8", "replace"))
        except ValueError:
            return None
    board = rankfile.Board(None)
    for i in range(0, min(len(payload), 16) - 1, 2):
        square, code = payload[i] % 64, payload[i + 1]
        kind = _PIECES[code % 7]
        if kind:
            board.set_piece_at(square, rankfile.Piece.from_symbol(kind if code & 0x80 else kind.lower()))
    board.turn = bool(selector & 2)
    return board


def _outcome(probe, board):
    try:
        value = probe(board)
    except KeyError as error:
        return type(error).__name__
    assert isinstance(value, int), f"{probe.__name__}: {value!r} is no int"
    return value


def check(data: bytes, *, ours_dir=None, ours=None, theirs=None) -> None:
    """One fuzz input: see the module's docstring. `ours` and `theirs` (tablebases) default to
    rankfile's and python-chess's on the tables of tables_dir() (`ours_dir`)."""
    if not data:
        return
    board = _board(data)
    if board is None:
        return
    path = ours_dir or tables_dir()
    ours = ours or _ours(path)
    answers = [_outcome(ours.probe_wdl, board), _outcome(ours.probe_dtz, board)]
    import chess
    theirs_board = chess.Board(board.fen())
    pieces = len(board.piece_map())
    if theirs_board.is_valid() and pieces <= 4:
        theirs = theirs or _theirs(path)
        expected = [_outcome(theirs.probe_wdl, theirs_board), _outcome(theirs.probe_dtz, theirs_board)]
        assert answers == expected, f"{board.fen()}: {answers} where python-chess answers {expected}"
    import rankfile.syzygy
    if isinstance(ours, rankfile.syzygy.Tablebase):
        wdl = answers[0] if isinstance(answers[0], int) else None
        assert ours.get_wdl(board) == wdl
        assert ours.probe_wdl_many([board, board], default=None) == [wdl, wdl]


def main():
    import atheris
    # Coverage guides the search through the Python layers: rankfile.syzygy, this property and
    # python-chess's prober (whose branches follow the positions' features).
    with atheris.instrument_imports(include=["rankfile", "chess"]):
        import chess.syzygy  # noqa: F401 - instrumented here
        import rankfile.syzygy  # noqa: F401
    for function in (check, _board, _outcome):
        atheris.instrument_func(function)
    atheris.Setup(sys.argv, check)
    atheris.Fuzz()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fuzz target over the Python package's entry points (atheris, libFuzzer for Python).

usage: PYTHONPATH=build/python python3 python/fuzz/fuzz_rankfile.py [CORPUS-DIR ...] [libFuzzer flags]
       e.g. ... python/fuzz/fuzz_rankfile.py build/fuzz-python python/fuzz/corpus -max_total_time=300

(`make fuzz-python` does that, FUZZ_TIME seconds.) Atheris instruments the package's Python
modules; the C glue and the library are reached as compiled (built with -DRF_SANITIZE=ON and
libasan preloaded, a memory error in them stops the run with ASan's report).

One input: its first byte chooses the entry point and, where there is one, the variant; the rest
is the text (UTF-8, undecodable bytes replaced) or bytes given to it:
  0 Board(fen) / a variant's board             5 rankfile.pgn.read_table(bytes), iter_tables, threads=3
  1 moves (SAN, UCI, Move.from_uci) played     6 rankfile.pgn.iter_games(bytes)
    from the variant's start                   7 rankfile.polyglot.open_reader(a file of them)
  2 rankfile.pgn.read_game(text)               8 square and piece names, Move.from_uci
  3 read_headers / skip_game over the text     9 Board.set_fen, rankfile.chess960.check
  4 Board(fen, chess960=True)
(the variant: the first byte divided by 10: standard, atomic, kingofthehill, threecheck,
racingkings, horde, antichess, crazyhouse.)
What must hold: no input crashes the interpreter; every failure is a ValueError (an OSError for
the book file); a position's FEN reads back to the same position; every legal move's SAN and
UCI parse back to that move; push then pop restores the FEN; a game's main line replays.

`check(data)` is the property; python/tests/test_fuzz_corpus.py replays python/fuzz/corpus/
through it without atheris, so every ctest run replays the corpus.
"""
import io
import os
import sys
import tempfile

import rankfile

VARIANTS = [None, "atomic", "kingofthehill", "threecheck", "racingkings", "horde",
            "antichess", "crazyhouse"]
ENTRY_POINTS = 10


def _board_class(selector):
    name = VARIANTS[selector % len(VARIANTS)]
    if name is None:
        return rankfile.Board
    import rankfile.variant as rf_variant
    return rf_variant.find_variant(name)


def check_board(board):
    """The properties of a position that was read: FEN round trip, every legal move's SAN and
    UCI read back to the move, push + pop restores the FEN."""
    fen = board.fen()
    again = type(board)(fen, chess960=board.chess960)
    assert again.fen() == fen, f"FEN round trip: {fen!r} reads back as {again.fen()!r}"
    moves = list(board.legal_moves)
    assert len(moves) == board.legal_moves.count()
    for move in moves:
        san = board.san(move)
        assert board.parse_san(san) == move, f"{fen}: SAN {san} of {move} parses as {board.parse_san(san)}"
        assert board.parse_uci(move.uci()) == move, f"{fen}: UCI {move.uci()} of {move}"
        assert board.is_legal(move) and move in board.legal_moves
        board.push(move)
        board.fen()
        board.is_game_over()
        board.outcome()
        assert board.pop() == move
        assert board.fen() == fen, f"{fen}: push/pop {move} leaves {board.fen()}"
    board.is_check()
    board.is_checkmate()
    board.is_stalemate()
    board.is_insufficient_material()
    board.is_valid()
    board.status()
    board.epd()
    str(board)


def _fen(text, selector, chess960=False):
    cls = _board_class(selector)
    try:
        board = cls(text, chess960=chess960)
    except ValueError:
        return
    check_board(board)


def _moves(text, selector):
    board = _board_class(selector)()
    for token in text.split()[:200]:
        for parse in (board.parse_san, board.parse_uci):
            try:
                move = parse(token)
            except ValueError:
                continue
            assert not move or board.is_legal(move), f"{board.fen()}: {token} parsed to {move}, not legal"
        try:
            move = rankfile.Move.from_uci(token)
            assert rankfile.Move.from_uci(move.uci()) == move
            board.is_legal(move)
        except ValueError:
            pass
        try:
            board.push_san(token)
        except ValueError:
            continue
        if board.is_game_over():
            break
    check_board(board)


def _read_game(text):
    import rankfile.pgn as rf_pgn
    handle = io.StringIO(text)
    for _ in range(20):
        game = rf_pgn.read_game(handle)
        if game is None:
            return
        try:
            board = game.board()
        except ValueError:  # a bad [FEN] tag: python-chess raises too, and says so in errors
            assert game.errors, "game.board() raised, game.errors is empty"
            continue
        if game.errors:
            # After a bad move inside a side line, python-chess's reader (and so rankfile's)
            # goes on with the side line's board while the tree has closed it: moves may stand
            # where they are not legal, and playing or writing them may raise ValueError.
            try:
                str(game)
            except ValueError:
                pass
            dict(game.headers)
            continue
        for move in game.mainline_moves():
            assert not move or board.is_legal(move), f"game main line: {move} not legal in {board.fen()}"
            board.push(move)
        for node in game.mainline():
            node.san()
            node.comment
            node.nags
        str(game)
        dict(game.headers)


def _read_headers(text):
    import rankfile.pgn as rf_pgn
    handle = io.StringIO(text)
    for _ in range(20):
        if rf_pgn.read_headers(handle) is None:
            break
    handle.seek(0)
    for _ in range(20):
        if not rf_pgn.skip_game(handle):
            break


def _read_table(data):
    import rankfile.pgn as rf_pgn
    table = rf_pgn.read_table(data)
    for name in ("plies", "moves_uci", "error", "final_fen", "clocks", "evals"):
        assert len(table[name]) == len(table)
    for plies, clocks, evals in zip(table["plies"], table["clocks"], table["evals"]):
        assert (clocks == evals == "") or len(clocks.split(" ")) == len(evals.split(" ")) == plies, \
            "clocks and evals: one entry per ply"
    # Read in batches of three games: the same games.
    batches = list(rf_pgn.iter_tables(data, games=3))
    assert [len(b) for b in batches[:-1]] == [3] * (len(batches) - 1)
    for name in ("index", "moves_uci", "clocks"):
        assert [v for b in batches for v in b[name]] == list(table[name]), f"iter_tables: {name}"
    # Read on three threads (the text cut where games begin): the same table.
    threaded = rf_pgn.read_table(data, threads=3)
    assert threaded.columns == table.columns, "threads: the columns"
    for name in table.columns:
        assert list(threaded[name]) == list(table[name]), f"threads: {name}"


def _iter_games(data):
    import rankfile.pgn as rf_pgn
    for record in rf_pgn.iter_games(data):
        record.moves
        record.outcome
        assert len(record.clocks) == len(record.evals) == record.plies


def _polyglot(data):
    import rankfile.polyglot as rf_polyglot
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        f.write(data)
    try:
        try:
            reader = rf_polyglot.open_reader(f.name)
        except (ValueError, OSError):
            return
        try:
            board = rankfile.Board()
            for entry in reader.find_all(board):
                entry.move, entry.weight, entry.learn
            try:
                reader.find(board)
                reader.weighted_choice(board)
            except IndexError:  # python-chess's answer for "no entry"
                pass
        finally:
            reader.close()
    finally:
        os.unlink(f.name)


def _names(text):
    for token in text.split()[:50]:
        for parse in (rankfile.parse_square, rankfile.Piece.from_symbol, rankfile.Move.from_uci):
            try:
                parse(token)
            except ValueError:
                pass


def _set_fen(text, selector):
    board = _board_class(selector)()
    try:
        board.set_fen(text)
    except ValueError:
        return
    check_board(board)
    if type(board) is rankfile.Board:
        import rankfile.chess960 as rf_chess960
        rf_chess960.check(board)


def check(data: bytes) -> None:
    """One fuzz input: see the module's docstring."""
    if not data:
        return
    selector, payload = data[0], data[1:]
    text = payload.decode("utf-8", "replace")
    entry = selector % ENTRY_POINTS
    variant = selector // ENTRY_POINTS
    if entry == 0:
        _fen(text, variant)
    elif entry == 1:
        _moves(text, variant)
    elif entry == 2:
        _read_game(text)
    elif entry == 3:
        _read_headers(text)
    elif entry == 4:
        _fen(text, variant, chess960=True)
    elif entry == 5:
        _read_table(payload)
    elif entry == 6:
        _iter_games(payload)
    elif entry == 7:
        _polyglot(payload)
    elif entry == 8:
        _names(text)
    else:
        _set_fen(text, variant)


def main():
    import atheris
    with atheris.instrument_imports(include=["rankfile"]):
        import rankfile.pgn  # noqa: F401 - instrumented here
        import rankfile.polyglot  # noqa: F401
        import rankfile.variant  # noqa: F401
        import rankfile.chess960  # noqa: F401
    atheris.Setup(sys.argv, check)
    atheris.Fuzz()


if __name__ == "__main__":
    main()

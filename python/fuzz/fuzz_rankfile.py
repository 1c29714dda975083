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
racingkings, horde, antichess, crazyhouse.) A first byte of 240 or more picks, by its rest
after division by 4, one of python-chess's questions of any board or the engine driver, the
variant from the second byte:
 10 a FEN (any board python-chess takes), then bytes: pseudo-legal moves with masks, attacks,
    attackers, pins, is_pseudo_legal, unchecked pushes of pseudo-legal and raw moves (pop
    restores the FEN), mirror twice, transforms, EPD with operations read back by set_epd
 11 a FEN line, then SAN-like text: parse_san answers a legal move, the null move or a
    ValueError; every legal move's XBoard text reads back
 12 PGN text through python-chess's visitors (GameBuilder, StringExporter with each option,
    BoardBuilder, HeadersBuilder, SkipVisitor): an exported game reads back to its main line;
    only GameBuilder keeps a bad move's error (the others raise it, as python-chess's)
 13 the rest as an engine's output, bytes and lines as they come, through rankfile.engine's
    UciProtocol on a MockTransport that answers `uci` with them and `uciok`, each `go` with them
    and `bestmove (none)`, `isready` with `readyok`: initialize, analyse (depth 3, every info),
    analyse with multipv 2, play (nodes 100) and ping from the variant's start after a few
    moves (the third byte). Only EngineError and its kind may come out, and not the one that
    stands for a line a command could not handle; nothing hangs; every move answered (pv, best
    move, ponder, refutation, currline) is legal where it stands (or the null move 0000 in a
    line); with python-chess installed, its chess.engine on its own board gives the same
    answers and errors (the protocols are compared, not the engines), but where python-chess's
    analysis waits for ever after an illegal best move (rankfile's ends with EngineError) and
    where a multipv is out of range (0, negative, over 1024: rankfile drops it)
What must hold: no input crashes the interpreter; every failure is a ValueError (an OSError for
the book file; an EngineError for the engine driver); a position's FEN reads back to the same
position; every legal move's SAN and UCI parse back to that move; push then pop restores the
FEN; a game's main line replays.

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
ENTRY_POINTS = 14


def entry_of(data: bytes) -> int:
    """The entry point an input picks (0..13): see the module's docstring."""
    return 10 + (data[0] - 240) % 4 if data[0] >= 240 else data[0] % 10


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


def _python_chess_crashes(text, visitor_name, error):
    """python-chess's own reader raises `error`'s class on the same text with the same visitor
    (its IndexError after a bad move and a stray `)` in a side line, its AssertionError when a
    side line opens at the root; rankfile.pgn follows both). Without python-chess installed, only
    that IndexError is taken on trust; any other error raises ImportError (the answer needs the
    oracle: python/tests/test_fuzz_corpus.py skips such an input)."""
    try:
        import chess
        import chess.pgn as pc_pgn
    except ImportError:
        if isinstance(error, IndexError):
            return True
        raise ImportError(f"python-chess (python3 -m pip install chess==1.11.2), to tell whether it raises "
                          f"{type(error).__name__} too") from None
    if getattr(chess, "__name__", "") != "chess":  # run through rankfile.compat: no oracle
        return isinstance(error, IndexError)
    handle = io.StringIO(text)
    try:
        for _ in range(20):
            if pc_pgn.read_game(handle, Visitor=getattr(pc_pgn, visitor_name)) is None:
                return False
    except Exception as theirs:  # noqa: BLE001 - any class python-chess raises is compared
        return type(theirs) is type(error)
    return False


def _read_game(text):
    import rankfile.pgn as rf_pgn
    handle = io.StringIO(text)
    for _ in range(20):
        try:
            game = rf_pgn.read_game(handle)
        except (IndexError, AssertionError) as error:
            assert _python_chess_crashes(text, "GameBuilder", error), f"read_game raised {error!r}"
            return
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


def _mask(byte):
    """A bitboard from one byte: every square, a rank, a file, or scattered squares."""
    kind, n = byte & 3, byte >> 2 & 7
    return [rankfile.BB_ALL, rankfile.BB_RANKS[n], rankfile.BB_FILES[n],
            (byte * 0x9E3779B97F4A7C15) & rankfile.BB_ALL][kind]


def _fen_and_rest(payload, selector):
    """The board of the payload's first line (None when no board class reads it) and the rest."""
    head, _, rest = payload.partition(b"\n")
    try:
        return _board_class(selector)(head.decode("utf-8", "replace")), rest
    except ValueError:
        return None, rest


def _target(board, move):
    """The square a to_mask selects a move by: castling by its rook's square (e1g1 by h1)."""
    if not board.is_castling(move) or board.chess960 or move.to_square % 8 not in (2, 6):
        return move.to_square
    return move.to_square - move.to_square % 8 + (7 if move.to_square % 8 == 6 else 0)


def _queries(payload, selector):
    board, rest = _fen_and_rest(payload, selector)
    if board is None:
        return
    fen = board.fen()
    for i in range(0, min(len(rest), 400) - 5, 6):
        b = rest[i:i + 6]
        from_mask, to_mask, square, color = _mask(b[0]), _mask(b[1]), b[2] & 63, bool(b[2] & 64)
        pseudo = list(board.generate_pseudo_legal_moves(from_mask, to_mask))
        assert pseudo == [m for m in board.generate_pseudo_legal_moves()
                          if rankfile.BB_SQUARES[m.from_square] & from_mask and rankfile.BB_SQUARES[_target(board, m)] & to_mask]
        assert all(board.is_pseudo_legal(m) for m in pseudo), fen
        legal = set(board.generate_legal_moves(from_mask, to_mask))
        assert legal <= set(board.generate_legal_moves()), fen
        board.attacks(square)
        board.attackers(color, square)
        pin = board.pin(color, square)
        assert board.is_pinned(color, square) == (pin.mask != rankfile.BB_ALL)
        raw = rankfile.Move(b[3] & 63, b[4] & 63)
        for move in ([pseudo[b[5] % len(pseudo)]] if pseudo else []) + [raw]:
            before = board.fen()
            try:
                board.push(move)
            except ValueError:
                assert board.fen() == before, f"{before}: a refused push of {move} left {board.fen()}"
                continue
            board.fen()
            board.is_check()
            board.status()
            stacked = board.peek()  # the move as python-chess keeps it (e1h1 played as e1g1)
            assert board.pop() == stacked
            assert board.fen() == before, f"{before}: push/pop {move} leaves {board.fen()}"
    mirrored = board.mirror()
    assert mirrored.mirror().fen() == board.fen(), fen
    board.transform(rankfile.flip_horizontal)
    epd = board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number, id="fuzz \"x\"")
    again = type(board)()
    again.chess960 = board.chess960
    ops = again.set_epd(epd)
    assert ops["id"] == "fuzz \"x\"" and again.board_fen() == board.board_fen(), (fen, epd)


def _san_text(payload, selector):
    board, rest = _fen_and_rest(payload, selector)
    if board is None:
        return
    for token in rest.decode("utf-8", "replace").split("\n")[:50]:
        try:
            move = board.parse_san(token)
        except ValueError:
            continue
        assert not move or move in board.legal_moves, f"{board.fen()}: {token!r} parsed to {move}"
    for move in list(board.legal_moves)[:40]:
        assert board.parse_xboard(board.xboard(move)) == move, f"{board.fen()}: xboard {board.xboard(move)}"


def _visitors(text):
    import rankfile.pgn as rf_pgn
    handle = io.StringIO(text)
    for _ in range(5):
        try:
            game = rf_pgn.read_game(handle)
        except (IndexError, AssertionError) as error:
            assert _python_chess_crashes(text, "GameBuilder", error), f"read_game raised {error!r}"
            break
        if game is None:
            break
        try:
            for options in ({}, {"headers": False}, {"comments": False}, {"variations": False}, {"columns": None}):
                game.accept(rf_pgn.StringExporter(**options))
            exported = game.accept(rf_pgn.StringExporter(columns=None))
        except ValueError:
            # A bad [FEN] tag: game.board() raises, as python-chess's does; after a bad move in a
            # side line the tree may hold moves that are not legal where they stand (python-chess
            # writes them garbled, rankfile's san() raises): see _read_game.
            assert "FEN" in game.headers or game.errors
            continue
        if not game.errors and "FEN" not in game.headers and "Variant" not in game.headers:
            again = rf_pgn.read_game(io.StringIO(exported))
            assert again is not None and [m.uci() for m in again.mainline_moves()] == \
                [m.uci() for m in game.mainline_moves()], exported
    for visitor in (rf_pgn.BoardBuilder, rf_pgn.HeadersBuilder, rf_pgn.SkipVisitor, rf_pgn.GameBuilder):
        handle = io.StringIO(text)
        for _ in range(3):
            try:
                if rf_pgn.read_game(handle, Visitor=visitor) is None:
                    break
            except ValueError:
                # python-chess's visitors but GameBuilder raise a bad move (BaseVisitor.handle_error).
                assert visitor is not rf_pgn.GameBuilder
                break
            except (IndexError, AssertionError) as error:
                assert _python_chess_crashes(text, visitor.__name__, error), f"{visitor.__name__}: {error!r}"
                break


def _engine_script(engine_module, board_class, output, plies):
    """Runs entry 13's conversation with ``engine_module`` (rankfile.engine or python-chess's
    chess.engine) on a ``board_class()`` start position after ``plies`` plies (the first legal
    move in UCI order each); returns its answers as plain data, an engine error as its class
    name, and checks that every move answered is legal."""
    import asyncio

    class Scripted(engine_module.MockTransport):
        def write(self, data):
            self.stdin_buffer.extend(data)
            while b"\n" in self.stdin_buffer:
                line, _, rest = bytes(self.stdin_buffer).partition(b"\n")
                self.stdin_buffer = bytearray(rest)
                word = line.split(b" ", 1)[0]
                answer = {b"uci": output + b"\nuciok\n", b"go": output + b"\nbestmove (none)\n",
                          b"isready": b"readyok\n", b"stop": b"bestmove (none)\n"}.get(word)
                if answer:
                    self.protocol.loop.call_soon(self.protocol.pipe_data_received, 1, answer)

        def get_returncode(self):
            return None

    board = board_class()
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=lambda move: move.uci())
        if not moves:
            break
        board.push(moves[0])

    def legal_line(start, moves):
        line = start.copy()
        for move in moves:
            # A null move (0000) may stand in a line, as python-chess reads one.
            assert not move or move in line.legal_moves, f"an illegal move answered: {move} in {line.fen()}"
            line.push(move)
        return [move.uci() for move in moves]

    def plain_info(info):
        out = {}
        for key, value in info.items():
            if key == "pv":
                value = legal_line(board, value)
            elif key == "refutation":
                value = {legal_line(board, [m])[0]: legal_line(_after(board, m), line) for m, line in value.items()}
            elif key == "currline":
                value = {cpu: legal_line(board, line) for cpu, line in value.items()}
            elif key == "currmove":
                value = value.uci()
            elif key in ("score", "wdl"):
                assert value.turn == board.turn
                value = repr(value)
            out[key] = value
        return out

    async def talk():
        protocol = engine_module.UciProtocol()
        Scripted(protocol)
        answers = []
        steps = [
            lambda: protocol.initialize(),
            lambda: protocol.analyse(board, engine_module.Limit(depth=3)),
            lambda: protocol.analyse(board, engine_module.Limit(depth=3), multipv=2),
            lambda: protocol.play(board, engine_module.Limit(nodes=100), info=engine_module.INFO_ALL),
            lambda: protocol.ping(),
        ]
        for step in steps:
            try:
                answer = await asyncio.wait_for(step(), 0.25)   # answers come at once: a wait is a hang
            except asyncio.TimeoutError:
                answers.append("hangs")
                break
            except engine_module.EngineError as error:
                # rankfile's safety net (a line a command could not handle) is a bug to find.
                assert error.__cause__ is None, f"{type(error.__cause__).__name__}: {error}"
                answers.append(type(error).__name__)
                if not protocol.initialized:
                    break
                continue
            if isinstance(answer, dict):
                answer = plain_info(answer)
            elif isinstance(answer, list):
                answer = [plain_info(info) for info in answer]
            elif answer is not None:               # a PlayResult
                move = legal_line(board, [answer.move])[0] if answer.move else None
                ponder = legal_line(_after(board, answer.move), [answer.ponder])[0] if answer.ponder else None
                answer = (move, ponder, plain_info(answer.info))
            answers.append(answer)
        return answers

    return asyncio.run(talk())


def _after(board, move):
    after = board.copy()
    after.push(move)
    return after


def _odd_multipv(output):
    words = output.decode("utf-8", "replace").split()
    for i, word in enumerate(words[:-1]):
        if word == "multipv":
            try:
                number = int(words[i + 1])
            except ValueError:
                continue
            if not 1 <= number <= 1024:
                return True
    return False


def _engine_lines(payload, selector):
    import logging
    import rankfile.engine as rf_engine
    for name in ("rankfile.engine", "chess.engine", "asyncio"):       # the bad lines, logged
        logging.getLogger(name).setLevel(logging.CRITICAL)
    plies = payload[0] % 6 if payload else 0
    output = payload[1:]
    ours = _engine_script(rf_engine, _board_class(selector), output, plies)
    try:
        import chess
        import chess.engine as pc_engine
        import chess.variant as pc_variant
    except ImportError:
        return
    if getattr(chess, "__name__", "") != "chess":  # run through rankfile.compat: no oracle
        return
    if _odd_multipv(output):
        # A multipv of 0, a negative or a huge one: python-chess takes it (as the last line, or
        # fails, or fills memory with empty lines up to it); rankfile drops the field. Not
        # compared.
        return
    name = VARIANTS[selector % len(VARIANTS)]
    board_class = chess.Board if name is None else pc_variant.find_variant(name)
    theirs = _engine_script(pc_engine, board_class, output, plies)
    assert "hangs" not in ours, f"rankfile.engine hangs: {ours!r}"
    if "hangs" in theirs:
        # python-chess's analysis waits for ever after an illegal best move; rankfile's raises.
        at = theirs.index("hangs")
        assert ours[at] == "EngineError", f"python-chess hangs at {at}, rankfile.engine: {ours!r}"
        ours, theirs = ours[:at], theirs[:at]
    assert ours == theirs, f"rankfile.engine {ours!r} != python-chess {theirs!r}"


def check(data: bytes) -> None:
    """One fuzz input: see the module's docstring."""
    if not data:
        return
    selector, payload = data[0], data[1:]
    text = payload.decode("utf-8", "replace")
    entry = entry_of(data)
    variant = selector // 10
    if entry >= 10:
        variant = payload[0] if payload else 0
        payload = payload[1:]
        if entry == 10:
            _queries(payload, variant)
        elif entry == 11:
            _san_text(payload, variant)
        elif entry == 12:
            _visitors(payload.decode("utf-8", "replace"))
        else:
            _engine_lines(payload, variant)
        return
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
        import rankfile.engine  # noqa: F401
    atheris.Setup(sys.argv, check)
    atheris.Fuzz()


if __name__ == "__main__":
    main()

"""rankfile.engine, the engine driver, against engines: the shared UCI transcripts played back by
tests/uci/replay.py (the same conversations the C driver is held to; every command both drivers
send is logged and compared with python-chess's), Debian's Stockfish 15.1 (analyse and play at
fixed nodes with Threads 1, compared with python-chess's chess.engine: the same depth, score,
principal variation and nodes), Chess960, a variant with Fairy-Stockfish, the asynchronous API,
and faults: an engine that crashes, writes garbage, hangs, exits at once or declares an unknown
option; commands carrying a second command; a program that is not an engine."""
import asyncio
import os
import pathlib
import sys
import threading
import time

import pytest

import rankfile
import rankfile.engine as E
import rankfile.variant

ROOT = pathlib.Path(__file__).resolve().parents[2]
REPLAY = ROOT / "tests" / "uci" / "replay.py"
TRANSCRIPTS = ROOT / "tests" / "uci" / "transcripts"
STOCKFISH = "/usr/games/stockfish"
FAIRY = "/usr/games/fairy-stockfish"


@pytest.fixture(scope="module")
def pc(python_chess):
    """python-chess's chess.engine and chess.variant, the oracle."""
    import chess.engine
    import chess.variant
    return chess


def need_engine(path):
    if not os.access(path, os.X_OK):
        from conftest import need
        need(f"{path} (apt-get install {os.path.basename(path)})")


def replay(name, log=None):
    command = [sys.executable, str(REPLAY), str(TRANSCRIPTS / name)]
    return command + (["--log", str(log)] if log else [])


def plain(value):
    """Answers of either library as plain data (moves as UCI, scores as their repr)."""
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "uci") and callable(value.uci):
        return value.uci()
    if type(value).__name__ in ("PovScore", "PovWdl", "Cp", "Mate", "MateGivenType", "Wdl"):
        return repr(value)
    if type(value).__name__ == "PlayResult":
        return {"move": plain(value.move), "ponder": plain(value.ponder), "info": plain(value.info),
                "draw_offered": value.draw_offered, "resigned": value.resigned}
    if type(value).__name__ == "BestMove":
        return {"move": plain(value.move), "ponder": plain(value.ponder)}
    return value


def outcome(call):
    """("ok", plain answer) or ("raises", exception class name)."""
    try:
        return ("ok", plain(call()))
    except Exception as exc:  # noqa: BLE001 - compared by name
        return ("raises", type(exc).__name__)


def both(pc, tmp_path, transcript, script):
    """Runs ``script(engine_module, chess_module, engine)`` with each library against the
    transcript; returns {library: (answers, commands the engine received)}."""
    results = {}
    for name, engine_module, chess_module in (("rankfile", E, rankfile), ("python-chess", pc.engine, pc)):
        log = tmp_path / f"{name}.log"
        with engine_module.SimpleEngine.popen_uci(replay(transcript, log), timeout=10) as engine:
            answers = script(engine_module, chess_module, engine)
        deadline = time.time() + 5
        while not log.exists() and time.time() < deadline:
            time.sleep(0.01)
        results[name] = (answers, log.read_text().splitlines() if log.exists() else [])
    return results


# ---- the shared transcripts ----------------------------------------------------------------

def test_analyse_nodes_transcript(pc, tmp_path):
    def script(engine_module, chess_module, engine):
        board = chess_module.Board()
        board.push_uci("e2e4")
        board.push_uci("e7e5")
        return [outcome(lambda: engine.analyse(board, engine_module.Limit(nodes=2000))),
                outcome(lambda: engine.quit())]

    got = both(pc, tmp_path, "analyse_nodes.uci", script)
    assert got["rankfile"] == got["python-chess"]
    info = got["rankfile"][0][0][1]
    assert info["depth"] == 9 and info["seldepth"] == 5 and info["nodes"] == 2001
    assert info["score"] == "PovScore(Cp(+74), WHITE)"
    assert info["pv"] == ["g1f3", "g8f6", "f3e5"] and info["time"] == 0.003
    assert "position startpos moves e2e4 e7e5" in got["rankfile"][1]
    assert "go nodes 2000" in got["rankfile"][1]


def test_chess960_transcript(pc, tmp_path):
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"

    def script(engine_module, chess_module, engine):
        board = chess_module.Board(fen, chess960=True)
        return [outcome(lambda: engine.analyse(board, engine_module.Limit(nodes=5000))),
                outcome(lambda: engine.quit())]

    got = both(pc, tmp_path, "chess960.uci", script)
    assert got["rankfile"] == got["python-chess"]
    info = got["rankfile"][0][0][1]
    assert info["upperbound"] is True and info["score"] == "PovScore(Cp(-136), WHITE)"
    assert info["pv"] == ["e2e3", "h7h5"]
    assert "setoption name UCI_Chess960 value true" in got["rankfile"][1]
    assert f"position fen {fen}" in got["rankfile"][1]


def test_mate_transcript_analyse_then_play_a_mated_position(pc, tmp_path):
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4"

    def script(engine_module, chess_module, engine):
        board = chess_module.Board(fen)
        first = outcome(lambda: engine.analyse(board, engine_module.Limit(depth=5)))
        board = chess_module.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
        second = outcome(lambda: engine.play(board, engine_module.Limit(depth=5)))
        return [first, second, outcome(lambda: board.is_checkmate()), outcome(lambda: engine.quit())]

    got = both(pc, tmp_path, "mate.uci", script)
    assert got["rankfile"] == got["python-chess"]
    answers = got["rankfile"][0]
    assert answers[0][1]["score"] == "PovScore(Mate(+1), WHITE)" and answers[0][1]["pv"] == ["f3f7"]
    assert answers[1] == ("ok", {"move": None, "ponder": None, "info": {}, "draw_offered": False,
                                 "resigned": False})


def test_multipv_transcript(pc, tmp_path):
    def script(engine_module, chess_module, engine):
        return [outcome(lambda: engine.analyse(chess_module.Board(), engine_module.Limit(depth=8), multipv=3)),
                outcome(lambda: engine.quit())]

    got = both(pc, tmp_path, "multipv_depth.uci", script)
    assert got["rankfile"] == got["python-chess"]
    lines = got["rankfile"][0][0][1]
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    assert [line["pv"][0] for line in lines] == ["e2e4", "d2d4", "c2c4"]
    assert "setoption name MultiPV value 3" in got["rankfile"][1]


def _analyse_fen(fen, limit, chess960=False, moves=()):
    def script(engine_module, chess_module, engine):
        board = chess_module.Board(fen, chess960=chess960)
        for move in moves:
            board.push_uci(move)
        return [outcome(lambda: engine.analyse(board, engine_module.Limit(**limit))),
                outcome(lambda: engine.returncode.result(timeout=5) if engine.returncode.done() else None)]
    return script


def _play_fen(fen, limit):
    def script(engine_module, chess_module, engine):
        board = chess_module.Board(fen)
        return [outcome(lambda: engine.play(board, engine_module.Limit(**limit)))]
    return script


def _analysis_then_stop(second=None):
    """analysis() read one info at a time (two with ``second``: the lines the transcript has
    before its stop), stop(), wait(); then ``second`` (moves, depth) analysed."""
    def script(engine_module, chess_module, engine):
        board = chess_module.Board()
        out = []
        with engine.analysis(board, engine_module.Limit(depth=3)) as analysis:
            for _ in range(2 if second else 1):       # the info lines before the stop
                out.append(outcome(analysis.get))
            analysis.stop()
            out.append(outcome(analysis.wait))
        if second:
            moves, depth = second
            for move in moves:
                board.push_uci(move)
            out.append(outcome(lambda: engine.analyse(board, engine_module.Limit(depth=depth))))
        return out
    return script


def _every_pv(fen, chess960):
    """Each info's pv of an analysis to depth 8, then the best move."""
    def script(engine_module, chess_module, engine):
        board = chess_module.Board(fen, chess960=chess960)
        analysis = engine.analysis(board, engine_module.Limit(depth=8))
        pvs = [plain(info["pv"]) for info in analysis if "pv" in info]
        return [("ok", pvs), outcome(analysis.wait)]
    return script


OPEN_GAME = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
SHARED = {
    # transcript: (the script both drivers run, what rankfile's answers hold)
    "castling.uci": (_every_pv(OPEN_GAME, False), "ok"),
    "chess960_castling.uci": (_every_pv(OPEN_GAME.replace("KQkq", "HAha"), True), "ok"),
    "crash_exit.uci": (_analyse_fen(rankfile.STARTING_FEN, {"depth": 10}, moves=["e2e4"]), "EngineTerminatedError"),
    "crash_signal.uci": (_play_fen(rankfile.STARTING_FEN, {"nodes": 1000}), "EngineTerminatedError"),
    "illegal_bestmove.uci": (_play_fen(rankfile.STARTING_FEN, {"depth": 1}), "EngineError"),
    "no_legal_move.uci": (_play_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", {"depth": 5}), "ok"),
    "bad_info.uci": (_analysis_then_stop((["e2e4"], 1)), "ok"),
    "illegal_pv.uci": (_analysis_then_stop(), "ok"),
}


@pytest.mark.parametrize("transcript", sorted(SHARED))
def test_the_c_drivers_transcripts_as_python_chess(pc, tmp_path, transcript):
    """The transcripts written for the C driver (app/uci.c) that python-chess's way of driving
    can follow (it sends `stop` only when asked): the same answers and commands as python-chess."""
    script, expected = SHARED[transcript]
    got = both(pc, tmp_path, transcript, script)
    assert got["rankfile"] == got["python-chess"]
    first = got["rankfile"][0][0]
    assert first[0] == "ok" if expected == "ok" else first == ("raises", expected)
    if transcript == "chess960_castling.uci":               # castling as king takes rook
        assert first[1][0] == ["e1h1"] and "setoption name UCI_Chess960 value true" in got["rankfile"][1]
    if transcript == "castling.uci":
        assert first[1][0] == ["e1g1"]
    if transcript in ("castling.uci", "chess960_castling.uci"):
        assert got["rankfile"][0][1] == ("ok", {"move": "c2c3", "ponder": "g8f6"})
    if transcript == "no_legal_move.uci":
        assert first[1]["move"] == "0000"
    if transcript == "crash_exit.uci":
        assert got["rankfile"][0][1] == ("ok", 3)
    if transcript == "illegal_pv.uci":
        assert "pv" not in first[1] and first[1]["depth"] == 3
        assert got["rankfile"][0][-1] == ("ok", {"move": "e2e4", "ponder": "e7e5"})


def test_engine_id_and_options_from_a_transcript():
    with E.SimpleEngine.popen_uci(replay("analyse_nodes.uci")) as engine:
        assert engine.id == {"name": "Stockfish 15.1", "author": "the Stockfish developers (see AUTHORS file)"}
        options = engine.options
        assert isinstance(options, E.UciOptionMap)
        assert options["hash"] == E.Option("Hash", "spin", 16, 1, 33554432, [])
        assert options["UCI_Chess960"].default is False and options["uci_chess960"].is_managed()
        assert options["SyzygyPath"].default == "<empty>"
        assert repr(engine).startswith("<SimpleEngine (pid=")


# ---- faults ----------------------------------------------------------------------------------

def test_engine_crash_in_a_search_is_engine_terminated_error(pc, tmp_path):
    def script(engine_module, chess_module, engine):
        return [outcome(lambda: engine.analyse(chess_module.Board(), engine_module.Limit(nodes=1000))),
                outcome(lambda: engine.ping())]

    got = both(pc, tmp_path, "crash_search.uci", script)
    assert got["rankfile"][0] == got["python-chess"][0] == [("raises", "EngineTerminatedError"),
                                                          ("raises", "EngineTerminatedError")]
    with E.SimpleEngine.popen_uci(replay("crash_search.uci")) as engine:
        with pytest.raises(E.EngineTerminatedError, match=r"died unexpectedly \(exit code: -11\)"):
            engine.play(rankfile.Board(), E.Limit(nodes=1000))
        assert engine.returncode.result(timeout=5) == -11


def test_garbage_lines_are_skipped_and_an_illegal_bestmove_is_an_error(pc, tmp_path):
    def script(engine_module, chess_module, engine):
        board = chess_module.Board()
        first = outcome(lambda: engine.analyse(board, engine_module.Limit(nodes=100)))
        board.push_uci("d2d4")
        second = outcome(lambda: engine.play(board, engine_module.Limit(nodes=100)))
        return [first, second, outcome(lambda: engine.id)]

    got = both(pc, tmp_path, "garbage.uci", script)
    assert got["rankfile"] == got["python-chess"]
    first, second, ids = got["rankfile"][0]
    assert first[0] == "ok"
    assert first[1]["depth"] == 5 and first[1]["seldepth"] == 3 and first[1]["lowerbound"] is True
    assert first[1]["pv"] == ["d2d4", "d7d5", "c2c4"] and first[1]["score"] == "PovScore(Cp(+17), WHITE)"
    assert "wdl" not in first[1] and "currmove" not in first[1] and first[1]["currmovenumber"] == 1
    assert second == ("raises", "EngineError")
    assert ids == ("ok", {"name": "Garbage 0", "": ""})          # a bare "id" line, as python-chess


def test_a_hanging_engine_times_out_and_is_killed():
    engine = E.SimpleEngine.popen_uci(replay("hang.uci"), timeout=0.3)
    with engine:
        started = time.perf_counter()
        with pytest.raises(asyncio.TimeoutError):
            engine.play(rankfile.Board(), E.Limit(time=0.1))
        assert time.perf_counter() - started < 5
    assert engine.returncode.result(timeout=5) != 0
    with pytest.raises(E.EngineTerminatedError, match="engine event loop dead"):
        engine.ping()


@pytest.mark.parametrize("transcript, error", [("bad_option.uci", "EngineError"),
                                               ("exit_at_start.uci", "EngineTerminatedError")])
def test_an_engine_that_cannot_start(pc, transcript, error):
    for engine_module in (E, pc.engine):
        with pytest.raises(engine_module.EngineError) as raised:
            engine_module.SimpleEngine.popen_uci(replay(transcript), timeout=10)
        assert type(raised.value).__name__ == error


@pytest.mark.parametrize("kind, error", [
    ("missing", FileNotFoundError),
    ("not executable", PermissionError),
    ("not a program", OSError),                       # executable text: exec format error
    ("exits", E.EngineTerminatedError),
    ("echoes", asyncio.TimeoutError),                  # says "uci" back, never "uciok"
])
def test_a_program_that_is_not_an_engine(pc, tmp_path, kind, error):
    text = tmp_path / "notes.txt"
    text.write_text("not an engine\n")
    text.chmod(0o755 if kind == "not a program" else 0o644)
    command = {"missing": [str(tmp_path / "nothing")], "not executable": [str(text)],
               "not a program": [str(text)], "exits": ["/bin/true"], "echoes": ["/bin/cat"]}[kind]
    with pytest.raises(error) as ours:
        E.SimpleEngine.popen_uci(command, timeout=0.5)
    oracle = getattr(pc.engine, error.__name__) if issubclass(error, E.EngineError) else error
    with pytest.raises(oracle) as theirs:
        pc.engine.SimpleEngine.popen_uci(command, timeout=0.5)
    assert type(ours.value).__name__ == type(theirs.value).__name__


def test_an_option_or_line_carrying_a_second_command_is_refused(pc):
    """Both libraries refuse a string option or an option name with a line break, and an
    opponent name with one; rankfile also refuses any line with one that a caller hands to
    send_line (python-chess writes it: two commands)."""
    for engine_module in (E, pc.engine):
        with engine_module.SimpleEngine.popen_uci(replay("analyse_nodes.uci")) as engine:
            for options in ({"SyzygyPath": "/tmp\nquit"}, {"SyzygyPath": "/tmp\rquit"},
                            {"Hash\nquit": 16}, {"EvalFile": "x\nposition startpos"}):
                with pytest.raises(engine_module.EngineError):
                    engine.configure(options)
            with pytest.raises(engine_module.EngineError):
                engine.configure({"MultiPV": 2})          # managed by the driver
            engine.ping()

    async def send(engine_module):
        protocol = engine_module.UciProtocol()
        mock = engine_module.MockTransport(protocol)
        mock.expect("uci", ["option name UCI_Opponent type string", "uciok"])
        await protocol.initialize()
        with pytest.raises(engine_module.EngineError):
            await protocol.send_opponent_information(
                opponent=engine_module.Opponent("Mr\nquit", "GM", 2700, False))
        try:
            protocol.send_line("isready\nquit")
        except engine_module.EngineError:
            return "refused"
        return bytes(mock.stdin_buffer).decode()

    assert asyncio.run(send(E)) == "refused"
    # python-chess writes it; MockTransport would see two commands (it has none expected).
    with pytest.raises(AssertionError, match="unexpected: 'isready'"):
        asyncio.run(send(pc.engine))


def test_an_illegal_best_move_ends_an_analysis_with_engine_error(pc):
    """The handle has been returned when the best move comes: python-chess's analysis then
    waits for ever (wait() times out); rankfile's ends with the EngineError."""
    async def run(engine_module, board):
        protocol = engine_module.UciProtocol()
        mock = engine_module.MockTransport(protocol)
        mock.expect("uci", ["uciok"])
        await protocol.initialize()
        mock.expect("ucinewgame")
        mock.expect("isready", ["readyok"])
        mock.expect("position startpos")
        mock.expect("go depth 3", ["info depth 1 score cp 5 pv e2e4", "bestmove e7e5"])
        if engine_module is not E:
            mock.expect("stop")            # python-chess stops the search it still waits for
        try:
            await asyncio.wait_for(protocol.analyse(board, engine_module.Limit(depth=3)), 1)
        except Exception as exc:  # noqa: BLE001 - compared by name
            return type(exc).__name__
        return "ok"

    assert asyncio.run(run(E, rankfile.Board())) == "EngineError"
    assert asyncio.run(run(pc.engine, pc.Board())) == "TimeoutError"


def test_an_out_of_range_multipv_is_dropped():
    board = rankfile.Board()
    assert E._parse_uci_info("depth 3 multipv 0 score cp 4", board) == {
        "depth": 3, "score": E.PovScore(E.Cp(4), rankfile.WHITE)}
    assert "multipv" not in E._parse_uci_info("multipv -2 depth 1", board)
    assert "multipv" not in E._parse_uci_info("multipv 99999999999", board)
    assert E._parse_uci_info("multipv 2", board) == {"multipv": 2}


def test_a_line_a_command_cannot_handle_ends_it_with_engine_error():
    """A bug in a command's line handling does not leave the caller waiting: the command ends
    with an EngineError whose cause is the bug."""
    async def run():
        protocol = E.UciProtocol()
        mock = E.MockTransport(protocol)
        mock.expect("uci", ["uciok"])
        await protocol.initialize()

        class Broken(E.BaseCommand):
            def start(self):
                protocol.send_line("isready")

            def line_received(self, line):
                raise KeyError(line)

        mock.expect("isready", ["readyok"])
        with pytest.raises(E.EngineError, match="failed on engine output 'readyok'") as raised:
            await asyncio.wait_for(protocol.communicate(Broken), 1)
        assert isinstance(raised.value.__cause__, KeyError)

    asyncio.run(run())


# ---- real engines, against python-chess ----------------------------------------------------

POSITIONS = [
    rankfile.STARTING_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 b - - 0 10",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
]


def search_answers(engine_module, chess_module, path, boards, nodes, **kwargs):
    """analyse at fixed nodes (a new game each time: Stockfish's tables cleared), multipv 2,
    and play, for each board."""
    out = []
    with engine_module.SimpleEngine.popen_uci(path, **kwargs) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for make in boards:
            board = make(chess_module)
            limit = engine_module.Limit(nodes=nodes)
            info = engine.analyse(board, limit, game=object())
            lines = engine.analyse(board, limit, game=object(), multipv=2)
            played = engine.play(board, limit, game=object())
            keep = ("depth", "seldepth", "score", "pv", "nodes", "multipv")
            out.append(({k: plain(info.get(k)) for k in keep},
                        [{k: plain(line.get(k)) for k in keep} for line in lines],
                        plain(played.move), plain(played.ponder)))
        engine.quit()
    return out


def test_stockfish_analyse_and_play_match_python_chess(pc):
    need_engine(STOCKFISH)
    boards = []
    for fen in POSITIONS:
        boards.append(lambda c, fen=fen: c.Board(fen))

    def with_moves(c):
        board = c.Board()
        for uci in ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6"]:
            board.push_uci(uci)
        return board

    boards.append(with_moves)
    ours = search_answers(E, rankfile, STOCKFISH, boards, 20000)
    theirs = search_answers(pc.engine, pc, STOCKFISH, boards, 20000)
    assert ours == theirs
    assert all(info["depth"] >= 5 and info["pv"] for info, _, _, _ in ours)
    assert ours[1][2] == "h5f7"               # the scholar's mate


def test_stockfish_chess960_matches_python_chess(pc):
    need_engine(STOCKFISH)
    boards = [lambda c, n=n: c.Board.from_chess960_pos(n) for n in (0, 518, 959)]

    def played(c):
        board = c.Board.from_chess960_pos(100)
        for _ in range(8):                     # the first legal move in UCI order, each ply
            board.push(min(board.legal_moves, key=lambda move: move.uci()))
        return board

    boards.append(played)
    ours = search_answers(E, rankfile, STOCKFISH, boards, 5000)
    theirs = search_answers(pc.engine, pc, STOCKFISH, boards, 5000)
    assert ours == theirs


def test_fairy_stockfish_variants_match_python_chess(pc):
    need_engine(FAIRY)
    boards = [
        lambda c: (c.variant.KingOfTheHillBoard if c is not rankfile else rankfile.variant.KingOfTheHillBoard)(),
        lambda c: (c.variant.ThreeCheckBoard if c is not rankfile else rankfile.variant.ThreeCheckBoard)(
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 +1+0"),
        lambda c: (c.variant.CrazyhouseBoard if c is not rankfile else rankfile.variant.CrazyhouseBoard)(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3"),
    ]
    ours = search_answers(E, rankfile, FAIRY, boards, 3000)
    theirs = search_answers(pc.engine, pc, FAIRY, boards, 3000)
    assert ours == theirs
    assert all(info["pv"] for info, _, _, _ in ours)


def test_fairy_stockfish_over_xboard_as_python_chess(pc):
    """Fairy-Stockfish speaks XBoard too: the features and options read, and its answers to
    play (Debian's 11.1 calls some of the commands unknown: an EngineError in both)."""
    need_engine(FAIRY)

    def run(engine_module, chess_module):
        out = []
        with engine_module.SimpleEngine.popen_xboard(FAIRY) as engine:
            out += [sorted(engine.options), dict(engine.id)]
            engine.ping()
            board = chess_module.Board()
            for info in (engine_module.INFO_NONE, engine_module.INFO_ALL):
                out.append(outcome(lambda: engine.play(board, engine_module.Limit(depth=4), game="g", info=info)))
            engine.quit()
        return out

    ours, theirs = run(E, rankfile), run(pc.engine, pc)
    assert ours == theirs
    assert ours[1] == {"name": "Fairy-Stockfish"} and {"random", "computer", "Clear"} <= set(ours[0])


def test_stockfish_analysis_iterates_stops_and_waits():
    need_engine(STOCKFISH)
    with E.SimpleEngine.popen_uci(STOCKFISH) as engine:
        board = rankfile.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        with engine.analysis(board) as analysis:
            depths = []
            for info in analysis:
                if "depth" in info:
                    depths.append(info["depth"])
                if info.get("score") and info["score"].is_mate():
                    break
        best = analysis.wait()
        assert best.move == rankfile.Move.from_uci("d1d8")
        assert analysis.info["score"].white() == E.Mate(1)
        assert depths and not analysis.would_block()
        assert list(analysis) == [] or analysis.empty()
        assert analysis.next() is None
        with pytest.raises(E.AnalysisComplete):
            analysis.get()
        engine.quit()
    with pytest.raises(E.EngineTerminatedError):
        engine.analyse(board, E.Limit(depth=1))


def test_stockfish_ponder_then_ponderhit():
    need_engine(STOCKFISH)
    with E.SimpleEngine.popen_uci(STOCKFISH) as engine:
        engine.configure({"Threads": 1})
        board = rankfile.Board()
        first = engine.play(board, E.Limit(nodes=5000), ponder=True, game="g")
        assert first.move in board.legal_moves and first.ponder is not None
        board.push(first.move)
        board.push(first.ponder)
        assert engine.protocol.may_ponderhit is None
        second = engine.play(board, E.Limit(nodes=5000), ponder=True, game="g")
        assert second.move in board.legal_moves
        engine.ping()
        engine.quit()


def test_a_second_thread_preempts_an_endless_analysis():
    """As in python-chess, a command from another thread cancels the running one: wait() on an
    endless analysis returns once another thread's play() has stopped it."""
    need_engine(STOCKFISH)
    with E.SimpleEngine.popen_uci(STOCKFISH) as engine:
        analysis = engine.analysis(rankfile.Board())
        results = {}

        def waiter():
            results["best"] = analysis.wait()

        thread = threading.Thread(target=waiter)
        thread.start()
        time.sleep(0.2)
        played = engine.play(rankfile.Board(), E.Limit(nodes=1000))
        thread.join(10)
        assert not thread.is_alive()
        assert results["best"].move is not None and played.move is not None
        engine.quit()


def test_simple_engine_inside_a_running_event_loop():
    """A program whose thread runs an asyncio loop (a notebook) can still use SimpleEngine."""
    async def main():
        with E.SimpleEngine.popen_uci(replay("analyse_nodes.uci")) as engine:
            board = rankfile.Board()
            board.push_uci("e2e4")
            board.push_uci("e7e5")
            return engine.analyse(board, E.Limit(nodes=2000))["depth"]

    assert asyncio.run(main()) == 9


# ---- the asynchronous API ------------------------------------------------------------------

def test_popen_uci_coroutine_and_protocol():
    async def main():
        transport, protocol = await E.popen_uci(replay("analyse_nodes.uci"))
        assert isinstance(protocol, E.UciProtocol) and protocol.initialized
        board = rankfile.Board()
        board.push_uci("e2e4")
        board.push_uci("e7e5")
        analysis = await protocol.analysis(board, E.Limit(nodes=2000))
        infos = [info async for info in analysis]
        best = await analysis.wait()
        await protocol.quit()
        return len(infos), best.move.uci(), best.ponder.uci(), transport.get_returncode()

    count, move, ponder, code = asyncio.run(main())
    assert (move, ponder, code) == ("g1f3", "g8f6", 0) and count == 10


def test_popen_xboard_coroutine_against_a_scripted_engine(tmp_path):
    """An XBoard engine (a small script) started with popen_xboard: features, ping, a move."""
    script = tmp_path / "xb.py"
    script.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    line = line.strip()\n"
        "    if line == 'protover 2':\n"
        "        print('feature myname=\"Scripted\" ping=1 setboard=1 usermove=1 done=1', flush=True)\n"
        "    elif line.startswith('ping '):\n"
        "        print('pong ' + line[5:], flush=True)\n"
        "    elif line == 'go':\n"
        "        print('1 17 3 40 e7e5', flush=True)\n"
        "        print('move e7e5', flush=True)\n"
        "    elif line == 'quit':\n"
        "        break\n")

    with E.SimpleEngine.popen_xboard([sys.executable, str(script)]) as engine:
        assert engine.id["name"] == "Scripted"
        engine.ping()
        board = rankfile.Board()
        board.push_uci("e2e4")
        result = engine.play(board, E.Limit(depth=1), info=E.INFO_ALL)
        assert result.move == rankfile.Move.from_uci("e7e5")
        assert result.info["score"] == E.PovScore(E.Cp(17), rankfile.BLACK) and result.info["nodes"] == 40
        engine.quit()


def test_run_in_background_and_names():
    async def work(future):
        await asyncio.sleep(0.001)
        future.set_result(42)

    assert E.run_in_background(work) == 42
    assert E.EventLoopPolicy is asyncio.DefaultEventLoopPolicy
    assert E.INFO_ALL == E.Info.ALL == E.INFO_BASIC | E.INFO_SCORE | E.INFO_PV | E.INFO_REFUTATION | E.INFO_CURRLINE
    assert repr(E.Limit(depth=3, nodes=5)) == "Limit(depth=3, nodes=5)"
    assert E.SimpleEngine.__module__ == "rankfile.engine" and E.Limit.__module__ == "rankfile.engine"

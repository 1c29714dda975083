"""rankfile.compat: `import chess` pointed at rankfile, by function and by command."""
import os
import subprocess
import sys
import textwrap

import pytest

import rankfile


def compat(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "rankfile.compat", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env)


def test_program_sees_rankfile_as_chess_and_its_own_argv(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent("""
        import sys
        import chess, chess.pgn, chess.polyglot, chess.svg, chess.syzygy, chess.variant
        import rankfile
        assert chess is rankfile and chess.pgn is rankfile.pgn and chess.variant is rankfile.variant
        from chess.variant import AtomicBoard
        board = chess.Board()
        board.push_san("e4")
        print(sys.argv[1:], __name__, board.fen(), AtomicBoard.uci_variant)
    """))
    proc = compat(str(prog), "a", "--b")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ("['a', '--b'] __main__ rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 "
                           "atomic\n")


def test_program_exit_status_and_local_imports_are_kept(tmp_path):
    (tmp_path / "helper.py").write_text("import chess\nVALUE = chess.Board().legal_moves.count()\n")
    prog = tmp_path / "prog.py"
    prog.write_text("import sys, helper\nprint(helper.VALUE)\nsys.exit(3)\n")
    proc = compat(str(prog))
    assert (proc.returncode, proc.stdout) == (3, "20\n")


def test_module_mode_runs_a_module(tmp_path):
    (tmp_path / "mod_under_test.py").write_text("import chess\nprint(type(chess.Board()).__module__)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    proc = compat("-m", "mod_under_test", env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "rankfile\n"


def test_usage_errors_say_what_to_do(tmp_path):
    proc = compat()
    assert proc.returncode == 64 and "name a program" in proc.stderr
    proc = compat(str(tmp_path / "missing.py"))
    assert proc.returncode == 66 and "no such file" in proc.stderr
    proc = compat("--fallback", str(tmp_path), "x.py")
    assert proc.returncode == 66 and "no chess/ package" in proc.stderr
    proc = compat("-m")
    assert proc.returncode == 64
    proc = compat("--help")
    assert proc.returncode == 0 and "python -m rankfile.compat" in proc.stdout


def test_a_module_rankfile_lacks_is_not_found_by_its_name(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text("try:\n    import chess.gaviota\nexcept ModuleNotFoundError as e:\n    print(e.name)\n")
    proc = compat(str(prog))
    assert proc.stdout == "chess.gaviota\n", proc.stderr


def test_fallback_loads_python_chess_modules_on_top_of_rankfile(tmp_path):
    pkg = tmp_path / "chess"
    pkg.mkdir()
    (pkg / "extra.py").write_text("import chess\nNAME = chess.__name__\n")
    prog = tmp_path / "prog.py"
    prog.write_text("import chess.extra\nprint(chess.extra.NAME)\n")
    proc = compat("--fallback", str(tmp_path), str(prog))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "rankfile\n"


def test_install_in_process_and_uninstall():
    code = textwrap.dedent("""
        import sys
        import rankfile.compat
        names = rankfile.compat.install()
        import chess, chess.pgn
        import rankfile
        print(chess is rankfile, rankfile.compat.installed(), names[:2])
        rankfile.compat.uninstall()
        print("chess" in sys.modules, rankfile.compat.installed())
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "True True ['chess', 'chess.pgn']\nFalse False\n"


def test_install_after_python_chess_was_imported_refuses(python_chess):
    code = "import chess, rankfile.compat\ntry:\n    rankfile.compat.install()\nexcept RuntimeError as e:\n    print(e)\n"
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert "already imported" in proc.stdout, proc.stderr


def test_chess_engine_drives_stockfish_over_rankfile_boards(tmp_path, python_chess):
    """chess.engine (rankfile.engine, with or without a --fallback) analyses and plays rankfile
    boards with Debian's Stockfish; a PGN eval is its PovScore."""
    stockfish = "/usr/games/stockfish"
    if not os.access(stockfish, os.X_OK):
        from conftest import need
        need("Debian's stockfish (apt-get install stockfish)")
    site = os.path.dirname(os.path.dirname(python_chess.__file__))
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(f"""
        import io
        import chess, chess.engine, chess.pgn, rankfile, rankfile.engine
        assert chess.engine is rankfile.engine
        engine = chess.engine.SimpleEngine.popen_uci({stockfish!r})
        try:
            board = chess.Board()
            for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]:
                board.push_san(san)
            info = engine.analyse(board, chess.engine.Limit(depth=12))
            print(type(board) is rankfile.Board, info["pv"][0], info["score"].white().is_mate())
            played = engine.play(board, chess.engine.Limit(depth=8)).move
            print(played in board.legal_moves)
            node = chess.pgn.read_game(io.StringIO("1. e4 {{ [%eval -0.3] }} *")).next()
            print(type(node.eval()) is chess.engine.PovScore, node.eval().white())
        finally:
            engine.quit()
    """))
    for args in ([], ["--fallback", site]):
        proc = compat(*args, str(prog))
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == "True h5f7 True\nTrue\nTrue -30\n"

"""Programs written for python-chess run unchanged on rankfile (python -m rankfile.compat).

python/tests/programs/ holds five programs of the kinds people build on python-chess, written
against python-chess's API alone (`import chess`): a puzzle tagger (attacks, pins, x-rays,
pseudo-legal moves), a PGN-to-CSV converter (node clocks, evals, turns), a board-to-tensor
converter (masks, mirror, transform, from_mask generation), an annotator on a worker thread
(arrows, NAGs, clocks, StringExporter, read_headers with tell/seek) and a square heat map
(SquareSet arithmetic, pins). Each runs twice, under python-chess (pip's chess 1.11.2) and through
`python -m rankfile.compat`, and must print the same, byte for byte.
"""
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import need

PROGRAMS = pathlib.Path(__file__).parent / "programs"
GAMES = ["kasparov-deep-blue-1997.pgn", "nepomniachtchi-liren-game1.pgn", "molinari-bordais-1979.pgn",
         "anastasian-lewis.pgn", "knightvuillaume-jannlee-zh-lichess.pgn", "cutechess-fischerrandom.pgn"]


def run(args, rankfile_package, through_rankfile):
    env = dict(os.environ)
    if through_rankfile:
        cmd = [sys.executable, "-m", "rankfile.compat"] + args
    else:
        # python-chess from site-packages: rankfile's directory off the path.
        env["PYTHONPATH"] = ""
        cmd = [sys.executable] + args
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, cwd=PROGRAMS)
    return proc.returncode, proc.stdout, proc.stderr


def case_args(name, shared):
    pgn = [str(shared / "python-chess" / "pgn" / g) for g in GAMES]
    return {
        "puzzle_tagger": ["puzzle_tagger.py", "1", "400"],
        "board_tensor": ["board_tensor.py", "2", "1500"],
        "pgn_to_csv": ["pgn_to_csv.py"] + pgn,
        "annotator": ["annotator.py", pgn[0]],
        "heat_map": ["heat_map.py"] + pgn[:4],
    }[name]


@pytest.mark.parametrize("name", ["puzzle_tagger", "board_tensor", "pgn_to_csv", "annotator", "heat_map"])
def test_program_prints_what_it_prints_under_python_chess(name, python_chess, shared_data):
    args = case_args(name, shared_data)
    code_pc, out_pc, err_pc = run(args, None, False)
    assert code_pc == 0, f"under python-chess: {err_pc[-2000:]}"
    assert out_pc.count("\n") > 10
    code_rf, out_rf, err_rf = run(args, None, True)
    assert code_rf == 0, f"through rankfile.compat: {err_rf[-2000:]}"
    if out_rf != out_pc:
        ours, theirs = out_rf.splitlines(), out_pc.splitlines()
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                pytest.fail(f"line {i + 1} differs:\n rankfile:     {a}\n python-chess: {b}")
        pytest.fail(f"rankfile printed {len(ours)} lines, python-chess {len(theirs)}")

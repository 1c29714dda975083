"""rankfile.dask.analyse on a real local cluster of two worker processes, each running its own
Stockfish processes: the rows equal `rankfile analyse --format tsv` on the same files (but the
time each search took), for PGN games across several files, FEN lines, multipv, --from-ply and
--every; and its errors."""
import io
import os
import shutil
import subprocess
import sys

import pytest

from conftest import need

HERE = os.path.dirname(os.path.abspath(__file__))
REPLAY = os.path.join(HERE, "..", "..", "tests", "uci", "replay.py")
TRANSCRIPTS = os.path.join(HERE, "..", "..", "tests", "uci", "transcripts")

GAMES = [
    '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n'
    '[Event "b"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n',
    '[Event "c"]\n[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n'
    '9. g3 d5 10. Nf3 *\n\n'
    '[Event "d"]\n\n1. d4 d5 2. c4 *\n\n',
]
FENS = "8/8/8/8/8/5k2/8/4K2R w K - 0 1\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n"


@pytest.fixture(scope="module")
def stockfish():
    path = shutil.which("stockfish") or ("/usr/games/stockfish" if os.access("/usr/games/stockfish", os.X_OK) else None)
    if not path:
        need("Stockfish (apt-get install stockfish)")
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("analyse")
    out = []
    for i, text in enumerate(GAMES):
        path = d / f"games{i}.pgn"
        path.write_text(text)
        out.append(str(path))
    fens = d / "positions.fen"
    fens.write_text(FENS)
    return out, str(fens)


def cli_table(cli, args):
    import pandas
    proc = subprocess.run([cli, "analyse", "--format", "tsv"] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return pandas.read_csv(io.StringIO(proc.stdout), sep="\t", dtype=str, keep_default_na=False)


def same_rows(got, want):
    """The dask frame's values written as the CLI writes them, column by column."""
    assert list(got.columns) == list(want.columns)
    got = got.reset_index(drop=True)
    assert len(got) == len(want)
    for name in got.columns:
        if name == "time_ms":
            continue
        import pandas
        values = ["" if pandas.isna(v) else str(v) for v in got[name].astype(object)]
        assert values == list(want[name]), name


def test_analyse_equals_the_cli(client, files, stockfish, cli):
    import rankfile.dask
    from rankfile.engine import Limit
    pgns, fens = files
    assert len(client.scheduler_info()["workers"]) == 2
    ddf = rankfile.dask.analyse(pgns, engine=stockfish, limit=Limit(nodes=800), engines=2)
    assert ddf.npartitions == len(pgns)
    got = ddf.compute()
    assert got["game"].max() == 4 and (got["ply"] == 0).sum() == 4 and (got["game"] == 3).sum() == 4
    assert got.dtypes["eval_cp"] == "Int64" and got.dtypes["ply"] == "int64"
    assert "multipv" not in got.columns
    mated = got[(got["game"] == 2) & (got["ply"] == 4)]
    assert mated["error"].isna().all() and mated["best"].isna().all()
    same_rows(got, cli_table(cli, pgns + ["--engine", stockfish, "--nodes", "800"]))

    ddf = rankfile.dask.analyse(pgns + [fens], engine=[stockfish], limit=Limit(nodes=600), multipv=2,
                                from_ply=1, every=2, options={"Hash": 8})
    got = ddf.compute()
    assert "multipv" in got.columns and set(got["multipv"]) == {1, 2}
    assert set(got[got["game"] <= 4]["ply"]) <= {1, 3, 5}
    same_rows(got, cli_table(cli, pgns + [fens, "--engine", stockfish, "--nodes", "600", "--multipv", "2",
                                          "--from-ply", "1", "--every", "2", "--option", "Hash=8"]))


def test_analyse_a_crashing_engine(client, tmp_path):
    """An engine that dies in its search (the shared transcript crash_exit.uci, played back by
    tests/uci/replay.py): the position is tried once more on a new engine, then has no answer but
    an error that shows the engine's standard error; the rest goes on."""
    import rankfile.dask
    from rankfile.engine import Limit
    transcript = os.path.join(TRANSCRIPTS, "crash_exit.uci")
    games = tmp_path / "crash.pgn"
    games.write_text('[Event "crash"]\n\n1. e4 *\n\n[Event "no position asked"]\n\n*\n\n[Event "crash again"]\n\n1. e4 *\n')
    got = rankfile.dask.analyse(str(games), engine=[sys.executable, REPLAY, transcript], limit=Limit(depth=10),
                                from_ply=1).compute()
    assert list(got["game"]) == [1, 3] and list(got["ply"]) == [1, 1]
    assert got["eval_cp"].isna().all() and got["best"].isna().all()
    for error in got["error"]:
        assert "exited with status 3 while searching (twice)" in error
        assert "Assertion failed: pos_is_ok()" in error


def test_analyse_errors(files, tmp_path, stockfish):
    try:
        import dask  # noqa: F401
    except ImportError:
        need('dask (python3 -m pip install "dask[dataframe]")')
    import rankfile.dask
    from rankfile.engine import EngineError, Limit
    pgn = files[0][0]
    with pytest.raises(EngineError):
        rankfile.dask.analyse(pgn, engine=str(tmp_path / "no-such-engine"), limit=Limit(nodes=1)).compute()
    with pytest.raises(EngineError):
        rankfile.dask.analyse(pgn, engine=[sys.executable, "-c", "pass"], limit=Limit(nodes=1)).compute()
    with pytest.raises(ValueError):
        rankfile.dask.analyse(pgn, engine=stockfish, limit=Limit(nodes=1), options={"NoSuchOption": 1}).compute()
    with pytest.raises(ValueError):
        rankfile.dask.analyse(pgn, engine=stockfish, limit=Limit()).compute()
    with pytest.raises(ValueError):
        rankfile.dask.analyse(pgn, engine=stockfish, limit=Limit(nodes=1), engines=0)
    with pytest.raises(TypeError):
        rankfile.dask.analyse(pgn, engine=42, limit=Limit(nodes=1))
    with pytest.raises(FileNotFoundError):
        rankfile.dask.analyse(str(tmp_path / "none.pgn"), engine=stockfish, limit=Limit(nodes=1))

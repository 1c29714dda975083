"""read_table(threads=N), read_table(byte_range=...), to_parquet(threads=N), and
rankfile.dask.read_pgn on a real local cluster of two worker processes: each equals the
one-thread read_table of the same files, row for row."""
import os
import random

import pytest

import rankfile.pgn
from conftest import need
from test_table import BAD_GAMES, annotated_pgn


def mixed_pgn(seed):
    """Annotated games (python-chess's), the bad games, a comment over lines, CRLF games."""
    rng = random.Random(seed)
    parts = [annotated_pgn(60, seed), BAD_GAMES, "\n"]
    for i in range(40):
        parts.append(f'[Event "c{i}"]\n\n1. e4 {{a comment\nover two lines}} e5 2. Nf3 '
                     f'{"Nc6 1-0" if rng.random() < 0.5 else "Ke7?? *"}\n\n')
        parts.append(f'[Event "crlf{i}"]\r\n\r\n1. d4 d5\r\n\r\n')
    parts.append(annotated_pgn(60, seed + 1))
    return "".join(parts)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("threads")
    out = []
    for k in range(3):
        path = d / f"games{k}.pgn"
        path.write_text(mixed_pgn(k))
        out.append(str(path))
    return out


def frame(table, order=None):
    df = table.to_pandas()
    return df[order] if order is not None else df


def test_threads_give_the_same_table(files):
    import pandas
    for path in files:
        one = frame(rankfile.pgn.read_table(path, threads=1))
        for n in (2, 3, 7):
            pandas.testing.assert_frame_equal(one, frame(rankfile.pgn.read_table(path, threads=n)))
    data = open(files[0], "rb").read()
    pandas.testing.assert_frame_equal(frame(rankfile.pgn.read_table(data, threads=1)),
                                      frame(rankfile.pgn.read_table(data, threads=4)))
    assert len(rankfile.pgn.read_table(b"", threads=3)) == 0


def test_threads_argument():
    with pytest.raises(ValueError):
        rankfile.pgn.read_table(b"1. e4 *", threads=0)
    with pytest.raises(TypeError):
        rankfile.pgn.read_table(b"1. e4 *", threads="2")


def test_byte_ranges_cover_each_game_once(files):
    import pandas
    path = files[0]
    whole = frame(rankfile.pgn.read_table(path, threads=1))
    size = os.path.getsize(path)
    for parts in (2, 5, 17):
        tables = [rankfile.pgn.read_table(path, threads=2, byte_range=(k * size // parts, (k + 1) * size // parts))
                  for k in range(parts)]
        got = pandas.concat([frame(t, ["offset", "moves_uci", "result"]) for t in tables]).reset_index(drop=True)
        pandas.testing.assert_frame_equal(got, whole[["offset", "moves_uci", "result"]])
        assert all(t["index"][0] == 1 for t in tables if len(t))
    with pytest.raises(TypeError):
        rankfile.pgn.read_table(b"1. e4 *", byte_range=(0, 5))
    with pytest.raises(ValueError):
        rankfile.pgn.read_table(path, byte_range=(9, 3))


def test_to_parquet_with_threads(files, tmp_path):
    import pandas
    import pyarrow.parquet
    dest = tmp_path / "t.parquet"
    n = rankfile.pgn.to_parquet(files[1], dest, threads=3, row_group_games=50)
    back = pyarrow.parquet.read_table(dest)
    assert n == back.num_rows == len(rankfile.pgn.read_table(files[1], threads=1))
    assert pyarrow.parquet.ParquetFile(dest).num_row_groups >= 3
    one = tmp_path / "one.parquet"
    rankfile.pgn.to_parquet(files[1], one, threads=1, row_group_games=50)
    pandas.testing.assert_frame_equal(back.to_pandas(), pyarrow.parquet.read_table(one).to_pandas())


def expected(files, order):
    import pandas
    return pandas.concat([frame(rankfile.pgn.read_table(f, threads=1))[order] for f in files]).reset_index(drop=True)


def test_dask_equals_read_table(client, files, tmp_path):
    import gzip
    import pandas
    import rankfile.dask
    assert len(client.scheduler_info()["workers"]) == 2
    gz = tmp_path / "games.pgn.gz"
    gz.write_bytes(gzip.compress(open(files[2], "rb").read()))
    try:
        rankfile.pgn.read_table(gz, threads=1)
        sources = files + [str(gz)]
    except ValueError:  # a build without zlib
        sources = files
    for blocksize in (None, 3000, 20000):
        ddf = rankfile.dask.read_pgn(sources, blocksize=blocksize)
        got = ddf.compute().reset_index(drop=True)
        # The dtypes declared are those computed (Dask may store text as its string dtype).
        assert got.dtypes.to_dict() == ddf.dtypes.to_dict()
        pandas.testing.assert_frame_equal(got, expected(sources, list(ddf.columns)).astype(got.dtypes.to_dict()))
        if blocksize == 3000:
            assert ddf.npartitions > 3 * len(files)
            assert (got["error"] != "").sum() > 10 and (got["warning"] != "").sum() > 5
    ddf = rankfile.dask.read_pgn(os.path.join(os.path.dirname(files[0]), "games*.pgn"),
                                 columns=["index", "White", "plies", "error"], blocksize=5000)
    assert list(ddf.columns) == ["index", "White", "plies", "error"]
    got = ddf.compute().reset_index(drop=True)
    pandas.testing.assert_frame_equal(got, expected(files, list(ddf.columns)).astype(got.dtypes.to_dict()))


def test_the_cluster_example_of_the_docs(client, files, tmp_path):
    """docs/cluster.md's read_pgn example on a two-worker cluster: its columns' dtypes are the
    column table's (text columns were float64, from an empty table), Parquet takes them, the
    text columns take .str."""
    import pandas
    import pyarrow.parquet
    import rankfile.dask
    assert len(client.scheduler_info()["workers"]) == 2
    pattern = os.path.join(os.path.dirname(files[0]), "games*.pgn")
    games = rankfile.dask.read_pgn(pattern, blocksize=5000,
                                   columns=["offset", "White", "Black", "WhiteElo", "BlackElo",
                                            "TimeControl", "result", "plies", "error"])
    dtypes = games.dtypes.to_dict()
    for name in ("White", "Black", "WhiteElo", "BlackElo", "TimeControl", "result", "error"):
        assert pandas.api.types.is_string_dtype(dtypes[name]) and not pandas.api.types.is_float_dtype(dtypes[name]), name
    assert dtypes["offset"] == "int64" and dtypes["plies"] == "int64"
    assert games.compute().dtypes.to_dict() == dtypes
    dest = tmp_path / "lichess"
    games.to_parquet(str(dest))  # one Parquet file per partition
    back = pyarrow.parquet.read_table(str(dest))
    assert back.num_rows == len(games) > 0
    assert back.schema.field("White").type in ("string", "large_string") and back.schema.field("plies").type == "int64"
    sizes = games.groupby("result").size().compute()
    assert sizes.sum() == back.num_rows
    named = games[games.White.str.contains("a", regex=False)].compute()
    assert all("a" in w for w in named["White"])


def test_dask_bad_arguments(tmp_path):
    try:
        import rankfile.dask
        import dask  # noqa: F401
    except ImportError:
        need("dask")
    with pytest.raises(FileNotFoundError):
        rankfile.dask.read_pgn(str(tmp_path / "none*.pgn"))
    with pytest.raises(FileNotFoundError):
        rankfile.dask.read_pgn(str(tmp_path / "missing.pgn"))
    (tmp_path / "a.pgn").write_text("1. e4 *\n")
    with pytest.raises(ValueError):
        rankfile.dask.read_pgn(str(tmp_path / "a.pgn"), blocksize=0)

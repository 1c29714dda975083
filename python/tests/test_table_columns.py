"""read_table's columns come from the C library's one column table (app/pgn_columns.c): the
same names as `rankfile pgn --columns`, their types, and a cut input read as the CLI reads it."""
import gzip
import shutil
import subprocess
import warnings

import pytest

import rankfile
import rankfile.pgn
from rankfile import _rankfile
from conftest import need

ECO = "/usr/share/pgn-extract/eco.pgn"
GAMES = (
    '[Event "a"]\n[White "Ann"]\n[Result "1-0"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
    '[Event "b"]\n[White "Bob"]\n[Result "*"]\n\n1. a3 *\n\n'
)


def test_table_columns_are_the_clis():
    columns = _rankfile.table_columns()
    names = [name for name, _ in columns]
    assert names[:2] == ["index", "offset"]
    assert "opening_ply" in names  # once only in the CLI
    assert dict(columns)["plies"] == "int" and dict(columns)["chess960"] == "bool"
    assert dict(columns)["opening_ply"] == "int or None" and dict(columns)["White" if False else "result"] == "str"
    assert rankfile.pgn._BEFORE_TAGS + rankfile.pgn._AFTER_TAGS == names


def test_opening_ply_in_python_as_in_the_cli(cli, tmp_path):
    try:
        open(ECO).close()
    except OSError:
        need(f"an ECO file at {ECO} (apt-get install pgn-extract)")
    path = tmp_path / "g.pgn"
    path.write_text(GAMES)
    table = rankfile.pgn.read_table(path, eco=ECO)
    assert table.columns[-3:] == ["eco", "opening", "opening_ply"]
    out = subprocess.run([cli, "pgn", "--format", "tsv", "--eco", ECO, "--columns", "eco,opening,opening_ply", str(path)],
                         capture_output=True, text=True, check=True).stdout.splitlines()[1:]
    cli_rows = [line.split("\t") for line in out]
    assert [[r["eco"], r["opening"], "" if r["opening_ply"] is None else str(r["opening_ply"])]
            for r in (table.row(i) for i in range(len(table)))] == cli_rows
    frame = table.to_pandas()
    assert str(frame.dtypes["opening_ply"]) == "Int64"
    with pytest.raises(ValueError, match="opening_ply need an ECO file"):
        rankfile.pgn.read_table(path, columns=["opening_ply"])


def pandas():
    try:
        import pandas
    except ImportError:
        need("pandas (python3 -m pip install pandas)")
    return pandas


def test_an_empty_table_has_the_dtypes_of_a_full_one():
    pandas()
    empty = rankfile.pgn.read_table(b"").to_pandas()
    full = rankfile.pgn.read_table(GAMES.encode()).to_pandas()
    assert {c: empty.dtypes[c] for c in empty.columns} == {c: full.dtypes[c] for c in empty.columns}
    empty = rankfile.pgn.read_table(b"", columns=["White", "error", "plies", "chess960"]).to_pandas()
    assert empty.dtypes["White"] == object and empty.dtypes["error"] == object  # not float64
    assert empty.dtypes["plies"] == "int64" and empty.dtypes["chess960"] == "bool"


def cli_games(cli, path):
    out = subprocess.run([cli, "pgn", "--format", "tsv", "--columns", "index,plies", str(path)],
                         capture_output=True, text=True)
    return [line for line in out.stdout.splitlines()[1:]], out.stderr


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind", ["gz", "zst", "plain"])
def test_a_cut_input_gives_the_games_read_and_a_warning(cli, tmp_path, kind, threads):
    text = "".join(GAMES for _ in range(300)).encode()
    if kind == "gz":
        data, cut = gzip.compress(text)[:-200], "truncated gzip data"
    elif kind == "zst":
        zstd = shutil.which("zstd")
        if not zstd:
            need("the zstd program")
        data = subprocess.run([zstd, "-q", "-c"], input=text, capture_output=True, check=True).stdout
        data, cut = data[:len(data) // 2], "truncated zstd data"
    else:
        data, cut = text[:len(text) - 3], "no result marker; the game may be cut short"  # "1. a3 " left
    path = tmp_path / ("cut.pgn" + ("" if kind == "plain" else "." + kind))
    path.write_bytes(data)
    rows, stderr = cli_games(cli, path)
    assert cut in stderr
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = rankfile.pgn.read_table(path, threads=threads, columns=["index", "plies"])
    said = [str(w.message) for w in caught]
    assert any(cut in m and "cut.pgn" in m for m in said), said
    assert ["\t".join(map(str, r)) for r in zip(table["index"], table["plies"])] == rows
    # A small cut .zst (one block, nothing decoded before the cut): no games, but the warning.
    if kind == "zst":
        small = tmp_path / "small.pgn.zst"
        small.write_bytes(subprocess.run([shutil.which("zstd"), "-q", "-c"], input=GAMES.encode(),
                                         capture_output=True, check=True).stdout[:-20])
        with pytest.warns(UserWarning, match="small.pgn.zst: truncated zstd data"):
            assert len(rankfile.pgn.read_table(small, threads=threads)) == len(cli_games(cli, small)[0])

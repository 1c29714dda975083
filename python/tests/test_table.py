"""rankfile.pgn.read_table and iter_games: the same answers as `rankfile pgn --format json`."""
import gzip
import io
import json
import shutil
import subprocess

import pytest

import rankfile
import rankfile.pgn
from conftest import need

BAD_GAMES = (
    '[Event "one"]\n[White "Ann"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
    '[Event "two"]\n[Black "Bob"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n'
    '[Event "three"]\n[Variant "Atomic"]\n\n1. Nf3 d5 2. Ng5 e6 3. Nxf7 1-0\n\n'
    '[Event "four"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n'
    '[Event "five"]\n[Variant "Nonsense"]\n\n1. e4 *\n\n'
    '[Event "six"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    '[Event "seven"]\n[Variant "Chess960"]\n[FEN "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1"]\n\n1. d4 *\n\n'
    '1. d4 d5 2. c4 ( 2. Nf3 Nf6 ) 2... e6 { a comment } 3. Nc3 $1 Nf6 ( 3... Bb4 4. Qxx ) 1/2-1/2\n\n'
    '[Event "no marker"]\n\n1. e4 e5\n'
)

FIXED = ["variant", "chess960", "start_fen", "moves_uci", "moves_san", "plies", "result",
         "termination", "winner", "final_fen", "error", "error_line", "error_column", "warning"]


def cli_json(cli, path, *args):
    out = subprocess.run([cli, "pgn", "--format", "json", *args, str(path)],
                         capture_output=True, text=True)
    assert out.returncode in (0, 65), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def expected_row(game, tags):
    """The table's row for one of the CLI's JSON objects."""
    outcome = game["outcome"] or {}
    error = game["error"] or ""
    line = column = 0
    if error:  # "game N (line L, column C): what"
        where = error.split("(", 1)[1].split(")", 1)[0]
        line, column = (int(part.split()[1]) for part in where.split(", "))
    row = {
        "index": game["index"],
        "variant": game["variant"],
        "chess960": game["chess960"],
        "start_fen": game["start_fen"] or "",
        "moves_uci": " ".join(game["moves_uci"]),
        "moves_san": " ".join(game["moves_san"]),
        "plies": len(game["moves_uci"]),
        "result": game["result"],
        "termination": outcome.get("reason") or "",
        "winner": outcome.get("winner") or "",
        "final_fen": game["final_fen"] or "",
        "error": error,
        "error_line": line,
        "error_column": column,
        "warning": game["warning"] or "",
    }
    for tag in tags:
        row[tag] = game["headers"].get(tag, "")
    return row


def check_against_cli(cli, path, table=None, *args):
    games = cli_json(cli, path, *args)
    if table is None:
        table = rankfile.pgn.read_table(path)
    assert len(table) == len(games)
    tags = [c for c in table.columns if c not in FIXED and c not in ("index", "offset")]
    seen = []
    for game in games:
        for tag in game["headers"]:
            if tag not in seen:
                seen.append(tag)
    assert tags == seen
    for i, game in enumerate(games):
        row = table.row(i)
        want = expected_row(game, tags)
        for name, value in want.items():
            assert row[name] == value, (path, i, name)
    return table


def test_shared_files_equal_the_cli(cli, shared_data):
    files = sorted((shared_data / "python-chess" / "pgn").glob("*.pgn"))
    if not files:
        need("python-chess's PGN files in the shared data folder")
    for path in files:
        check_against_cli(cli, path)


def test_bad_games_variants_and_warnings(cli, tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text(BAD_GAMES)
    table = check_against_cli(cli, path)
    assert len(table) == 9
    assert list(table["error_line"][:2]) == [0, 9]
    assert table["error"][1].startswith("game 2 (line 9, column")
    assert table["error"][0] == ""
    assert table["termination"][0] == "checkmate" and table["winner"][0] == "white"
    assert table["variant"][2] == "atomic" and table["termination"][2] == "explosion"
    assert table["start_fen"][3] == "" and table["error"][3]
    assert table["error"][4] and table["variant"][4] == "standard"
    assert table["warning"][5] and table["winner"][5] == "black"
    assert table["chess960"][6] and table["variant"][6] == "standard"
    assert table["Event"][7] == "" and table["error"][7]
    assert table["moves_san"][7] == "d4 d5 c4 e6 Nc3 Nf6"
    assert table["warning"][8] and table["result"][8] == "*"
    assert table["columns" if False else "plies"].dtype.name == "int64"
    assert table["chess960"].dtype.name == "bool"


def test_offsets_point_at_each_game(tmp_path):
    data = BAD_GAMES.encode()
    table = rankfile.pgn.read_table(data)
    for i, offset in enumerate(table["offset"]):
        rest = data[offset:]
        assert rest.startswith(b"[Event") or rest.startswith(b"1. d4"), i
    assert table["offset"][0] == 0


def test_sources_path_bytes_file_objects_gzip(cli, tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text(BAD_GAMES)
    base = rankfile.pgn.read_table(path)
    gz = tmp_path / "bad.pgn.gz"
    gz.write_bytes(gzip.compress(BAD_GAMES.encode()) + gzip.compress(b'\n[Event "gz"]\n\n1. e4 *\n'))
    for source in (str(path), BAD_GAMES.encode(), bytearray(BAD_GAMES.encode()),
                   io.StringIO(BAD_GAMES), io.BytesIO(BAD_GAMES.encode()), open(path),
                   open(path, "rb")):
        table = rankfile.pgn.read_table(source)
        assert table.columns == base.columns
        for name in base.columns:
            assert list(base[name]) == list(table[name]), (source, name)
    two_members = check_against_cli(cli, gz)
    assert len(two_members) == 10 and two_members["moves_san"][9] == "e4"


def test_zstd(cli, tmp_path):
    zstd = shutil.which("zstd")
    if not zstd:
        need("the zstd program")
    path = tmp_path / "bad.pgn"
    path.write_text(BAD_GAMES)
    subprocess.run([zstd, "-q", "-f", str(path), "-o", str(tmp_path / "bad.pgn.zst")], check=True)
    table = rankfile.pgn.read_table(tmp_path / "bad.pgn.zst")
    assert list(table["moves_uci"]) == list(rankfile.pgn.read_table(path)["moves_uci"])


def test_latin1_as_the_cli(cli, tmp_path):
    path = tmp_path / "latin.pgn"
    path.write_bytes('[Event "Café"]\n[White "Müller"]\n\n1. e4 { d’or } e5 *\n'.encode("cp1252"))
    table = check_against_cli(cli, path)
    assert table["White"][0] == "Müller"


def test_columns_and_variant_filter(cli, tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text(BAD_GAMES)
    table = rankfile.pgn.read_table(path, columns=["plies", "White", "Nothing", "moves_uci"])
    assert table.columns == ["White", "moves_uci", "plies", "Nothing"]
    assert table["Nothing"] == [""] * 9 and table["White"][0] == "Ann"
    atomic = rankfile.pgn.read_table(path, variant="atomic")
    check_against_cli(cli, path, atomic, "--variant", "atomic")
    assert list(atomic["index"]) == [3, 4, 5]  # games 4 and 5 have no known start
    c960 = rankfile.pgn.read_table(path, variant="chess960")
    assert list(c960["index"]) == [4, 5, 7]
    with pytest.raises(ValueError):
        rankfile.pgn.read_table(path, variant="nonsense")
    with pytest.raises(TypeError):
        rankfile.pgn.read_table(path, columns="plies")


def test_bad_sources(tmp_path):
    with pytest.raises(OSError):
        rankfile.pgn.read_table(tmp_path / "missing.pgn")
    with pytest.raises(OSError):
        rankfile.pgn.read_table(tmp_path)
    bad = tmp_path / "bad.pgn.gz"
    bad.write_bytes(gzip.compress(b"1. e4 e5 *\n" * 100)[:40])
    with pytest.raises(ValueError):
        rankfile.pgn.read_table(bad)
    with pytest.raises(TypeError):
        rankfile.pgn.read_table(12)
    assert len(rankfile.pgn.read_table(b"")) == 0
    assert len(rankfile.pgn.read_table(b"\x00\xff garbage [ ( {")) == 1


def test_numpy_without_copy_pandas_arrow(tmp_path):
    table = rankfile.pgn.read_table(BAD_GAMES.encode())
    plies = table["plies"]
    assert not plies.flags.owndata and not plies.flags.writeable
    assert table.row(-1)["index"] == 9
    with pytest.raises(IndexError):
        table.row(9)
    with pytest.raises(KeyError):
        table["nothing"]
    assert "plies" in table and list(table)[0] == "index"
    frame = table.to_pandas()
    assert list(frame.columns) == table.columns and len(frame) == 9
    assert frame["plies"].tolist() == plies.tolist()
    arrow = table.to_arrow()
    assert arrow.num_rows == 9 and arrow.column_names == table.columns
    assert "9 games" in repr(table)


def test_iter_games(tmp_path):
    records = list(rankfile.pgn.iter_games(BAD_GAMES.encode()))
    table = rankfile.pgn.read_table(BAD_GAMES.encode())
    assert len(records) == 9
    first = records[0]
    assert first.headers == {"Event": "one", "White": "Ann"}
    assert first.moves_san == table["moves_san"][0].split()
    assert first.moves_uci[:2] == ["e2e4", "e7e5"] and first.plies == 7
    assert first.result == "1-0" and first.error == ""
    assert records[1].error and records[3].start_fen == ""
    assert records[7].headers == {}
    assert "Ann" in repr(first)
    if hasattr(rankfile, "Outcome"):
        assert first.outcome.winner is True
        assert first.outcome.termination == rankfile.Termination.CHECKMATE
        assert records[2].outcome.termination == rankfile.Termination.VARIANT_LOSS  # Black, to move, lost its king
        assert records[8].outcome is None
    if hasattr(rankfile, "Move"):
        assert first.moves[0] == rankfile.Move.from_uci("e2e4")
    only_atomic = list(rankfile.pgn.iter_games(BAD_GAMES.encode(), variant="atomic"))
    assert [r.index for r in only_atomic] == [3, 4, 5]  # unknown starts are kept, as the CLI does

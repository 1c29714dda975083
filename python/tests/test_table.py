"""rankfile.pgn.read_table, iter_tables, to_parquet and iter_games: the same answers as
`rankfile pgn --format json` (clocks and evals: as `--format tsv`, and as python-chess reads
them)."""
import gzip
import io
import json
import random
import shutil
import subprocess

import warnings

import pytest

import rankfile
import rankfile.pgn
from conftest import need, need_module

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
         "termination", "winner", "final_fen", "error", "error_line", "error_column", "warning",
         "clocks", "evals"]
# With an ECO file (eco=): these too.
ECO_COLUMNS = ["eco", "opening", "opening_ply"]


def cli_json(cli, path, *args):
    out = subprocess.run([cli, "pgn", "--format", "json", *args, str(path)],
                         capture_output=True, text=True)
    assert out.returncode in (0, 65), out.stderr
    # Numbers with a fraction (a clock's "7.50") kept as written, as the TSV writes them.
    return [json.loads(line, parse_float=str) for line in out.stdout.splitlines()]


def tsv_per_ply(clocks, evals):
    """The TSV's clocks and evals cells for the JSON's lists: "-" for null, "" for a game
    with neither."""
    if all(v is None for v in clocks + evals):
        return "", ""
    return tuple(" ".join("-" if v is None else str(v) for v in values) for values in (clocks, evals))


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
    row["clocks"], row["evals"] = tsv_per_ply(game["clocks"], game["evals"])
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
    need_module("numpy")  # the columns are numpy arrays where numpy is installed
    assert table["plies"].dtype.name == "int64"
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
    with pytest.warns(UnicodeWarning, match=r"latin\.pgn: not UTF-8 text \(line 1\): read as Windows-1252"):
        table = check_against_cli(cli, path)
    assert table["White"][0] == "Müller"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rankfile.pgn.read_table(path, encoding="latin-1")["White"][0] == "Müller"
    with pytest.warns(UnicodeWarning, match=r"replaced by U\+FFFD \(first on line 1\)"):
        assert rankfile.pgn.read_table(path, encoding="utf-8")["White"][0] == "M\ufffdller"
    with pytest.raises(ValueError, match="unknown encoding"):
        rankfile.pgn.read_table(path, encoding="ebcdic")


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
    with pytest.warns(UserWarning, match="bad.pgn.gz: truncated gzip data"):
        rankfile.pgn.read_table(bad)
    with pytest.raises(TypeError):
        rankfile.pgn.read_table(12)
    assert len(rankfile.pgn.read_table(b"")) == 0
    assert len(rankfile.pgn.read_table(b"\x00\xff garbage [ ( {")) == 1


def test_numpy_without_copy_pandas_arrow(tmp_path):
    for module in ("numpy", "pandas", "pyarrow"):
        need_module(module)
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


# ---- clocks and evals ------------------------------------------------------------------------

def annotated_pgn(count, seed, late_tag_from=None):
    """`count` seeded random games written by python-chess (the Seven Tag Roster first), with
    lichess's [%clk] (H:MM:SS, now and then with a fraction) and [%eval] (pawns, #N) in the
    comments of most plies, remarks without them, annotated variations (not the main line's),
    games with clocks only, evals only or neither, and from game `late_tag_from` on an
    [Annotator] tag. Returns the text."""
    chess = need_module("chess", "python-chess (python3 -m pip install chess==1.11.2)")
    need_module("chess.pgn")
    rng = random.Random(seed)
    games = []
    for i in range(count):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = rng.choice(["Rated Blitz game", "Casual, friendly game"])
        game.headers["Site"] = f"https://lichess.org/g{i:05d}"
        game.headers["White"], game.headers["Black"] = f"w{i}", f"b{i}"
        if rng.random() < 0.5:
            game.headers["WhiteElo"] = str(rng.randint(1000, 2800))
        if late_tag_from is not None and i >= late_tag_from:
            game.headers["Annotator"] = f"a{i}"
        clocked, evaluated = rng.random() < 0.8, rng.random() < 0.6
        node = game
        for _ in range(rng.randint(0, 50)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if node is not game and len(moves) > 1 and rng.random() < 0.05:
                side = node.add_variation(rng.choice([m for m in moves if m != move]))
                side.comment = "[%clk 0:09:59] [%eval 9.99]"
            node = node.add_main_variation(move)
            board.push(move)
            parts = []
            if clocked and rng.random() < 0.9:
                t = rng.randint(0, 3 * 3600)
                fraction = f".{rng.randint(0, 9)}" if rng.random() < 0.1 else ""
                parts.append(f"[%clk {t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}{fraction}]")
            if evaluated and rng.random() < 0.7:
                if rng.random() < 0.1:
                    parts.append(f"[%eval #{rng.choice([1, 2, 5, -1, -3])}]")
                else:
                    parts.append(f"[%eval {rng.randint(-900, 900) / 100:.2f}]")
            if rng.random() < 0.1:
                parts.append("a remark")
            rng.shuffle(parts)
            node.comment = " ".join(parts)
        outcome = board.outcome()
        game.headers["Result"] = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
        games.append(str(game) + "\n\n")
    return "".join(games)


# Forms python-chess reads otherwise or not at all, for the comparison with the program: two
# comments after one move (the last clock wins), an eval rounded from three decimals, a
# depth after it, a clock in a comment before the first move (no ply's).
ODD_ANNOTATIONS = (
    '[Event "odd"]\n\n{ [%clk 0:05:00] } 1. e4 { [%clk 0:01:00] } { [%clk 0:00:59] } e5 '
    '{ [%eval 0.255,20] } 2. Nf3 { [%eval -0.005] [%clk 10:00:00.25] } ( 2. Bc4 { [%clk 0:00:01] } ) *\n\n'
    '[Event "evals only"]\n\n1. d4 d5 { [%eval +1] } 2. c4 *\n\n'
)


def python_chess_per_ply(game):
    """Each main-line ply's clock (seconds, float) and eval (centipawns from White's side, or
    "#N"), None where none, as python-chess reads them."""
    clocks, evals = [], []
    for node in game.mainline():
        clocks.append(node.clock())
        score = node.eval()
        if score is None:
            evals.append(None)
        else:
            white = score.white()
            evals.append(f"#{white.mate()}" if white.is_mate() else white.score())
    return clocks, evals


def test_clocks_and_evals_equal_the_cli_and_python_chess(cli, python_chess, tmp_path):
    import chess.pgn
    generated = annotated_pgn(300, seed=26)
    path = tmp_path / "annotated.pgn"
    path.write_text(generated + ODD_ANNOTATIONS)
    out = subprocess.run([cli, "pgn", "--format", "tsv", "--columns", "index,clocks,evals", str(path)],
                         capture_output=True, text=True, check=True)
    rows = [line.split("\t") for line in out.stdout.splitlines()[1:]]
    assert len(rows) == 302
    table = rankfile.pgn.read_table(path)
    assert table.columns[-2:] == ["clocks", "evals"]
    assert table["clocks"] == [row[1] for row in rows]
    assert table["evals"] == [row[2] for row in rows]
    # The file has each kind: games with neither, plies without, mates, fractions.
    assert "" in table["clocks"] and any("-" in c.split() for c in table["clocks"])
    assert any("#-" in e for e in table["evals"]) and any("." in c for c in table["clocks"])
    assert table["clocks"][300] == "59 - 36000.25" and table["evals"][300] == "- 26 -1"
    assert table["clocks"][301] == "- - -" and table["evals"][301] == "- 100 -"
    # Either column alone, from the same annotations.
    only = rankfile.pgn.read_table(path, columns=["evals"])
    assert only.columns == ["evals"] and only["evals"] == table["evals"]
    # python-chess's reading of what it wrote, and iter_games's records (the JSON's values).
    records = list(rankfile.pgn.iter_games(path))
    handle = io.StringIO(generated)
    for i in range(300):
        clocks, evals = python_chess_per_ply(chess.pgn.read_game(handle))
        assert records[i].clocks == clocks and records[i].evals == evals, i
        cells = table["clocks"][i], table["evals"][i]
        if all(v is None for v in clocks + evals):
            assert cells == ("", ""), i
        else:
            assert [None if v == "-" else float(v) for v in cells[0].split()] == clocks, i
            assert [None if v == "-" else v if v[0] == "#" else int(v) for v in cells[1].split()] == evals, i
    assert records[300].clocks == [60.0 - 1, None, 36000.25] and records[300].evals == [None, 26, -1]
    assert records[301].clocks == [None] * 3 and records[301].evals == [None, 100, None]


# ---- iter_tables and to_parquet ----------------------------------------------------------------

def test_iter_tables_batches_equal_read_table(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(annotated_pgn(120, seed=3, late_tag_from=60))
    whole = rankfile.pgn.read_table(path)
    batches = list(rankfile.pgn.iter_tables(path, games=25))
    assert [len(b) for b in batches] == [25, 25, 25, 25, 20]
    columns = batches[0].columns
    assert all(b.columns == columns for b in batches)
    # The first batch's tags fix the columns: a tag first met later is none of them.
    assert "Annotator" in whole.columns and "Annotator" not in columns
    assert columns == [c for c in whole.columns if c != "Annotator"]
    for name in columns:
        joined = [v for b in batches for v in b[name]]
        assert joined == list(whole[name]), name
    # Named in columns=, it is kept: "" in the games without it (last, as read_table puts a
    # tag that no game has).
    named = list(rankfile.pgn.iter_tables(path, games=50, columns=["index", "Annotator", "clocks"]))
    assert [b.columns for b in named] == [["index", "clocks", "Annotator"]] * 3
    assert [v for b in named for v in b["Annotator"]] == whole["Annotator"]
    assert named[0]["Annotator"][0] == "" and named[2]["Annotator"][-1] == "a119"
    # One batch for the whole input, and none for an input without games.
    assert [len(b) for b in rankfile.pgn.iter_tables(path, games=1000)] == [120]
    assert list(rankfile.pgn.iter_tables(b"")) == []


def test_iter_tables_roster_filter_and_errors(tmp_path):
    data = (b'[White "Ann"]\n[Opening "x"]\n\n1. e4 *\n\n[Black "Bob"]\n\n1. d4 *\n\n'
            b'[Date "2026.01.01"]\n\n1. c4 *\n')
    batches = list(rankfile.pgn.iter_tables(data, games=2))
    assert [len(b) for b in batches] == [2, 1]
    tags = batches[0].columns[2:-len(FIXED)]
    assert tags == ["White", "Opening", "Black", "Event", "Site", "Date", "Round", "Result"]
    assert batches[1]["Date"] == ["2026.01.01"] and batches[1]["White"] == [""]
    assert list(batches[1]["index"]) == [3] and batches[1]["offset"][0] == data.index(b'[Date')
    path = tmp_path / "bad.pgn"
    path.write_text(BAD_GAMES)
    atomic = list(rankfile.pgn.iter_tables(path, games=2, variant="atomic"))
    assert [list(b["index"]) for b in atomic] == [[3, 4], [5]]
    with pytest.raises(ValueError, match="games: a number of games, 1 or more"):
        rankfile.pgn.iter_tables(path, games=0)
    with pytest.raises(TypeError, match="games"):
        rankfile.pgn.iter_tables(path, games="10")
    with pytest.raises(OSError):  # at the call, not at the first batch
        rankfile.pgn.iter_tables(tmp_path / "missing.pgn")
    with pytest.raises(ValueError, match="unknown variant"):
        rankfile.pgn.iter_tables(path, variant="nonsense")
    # Corrupt compressed data after the first batch: the games before it, then a warning.
    gz = tmp_path / "cut.pgn.gz"
    gz.write_bytes(gzip.compress(annotated_pgn(200, seed=4).encode())[:-2000])
    tables = rankfile.pgn.iter_tables(gz, games=10)
    assert len(next(tables)) == 10
    with pytest.warns(UserWarning, match="cannot read the PGN input past the games read: .*truncated gzip data"):
        rest = sum(len(t) for t in tables)
    with pytest.warns(UserWarning):
        assert 10 + rest == len(rankfile.pgn.read_table(gz, threads=1))


def test_the_reader_refuses_after_close():
    reader = rankfile._rankfile._pgn_reader(BAD_GAMES.encode(), False, None, None)
    assert reader.next(4).games() == 4
    assert reader.next(0).games() == 5
    assert reader.next(3).games() == 0  # at the end: empty batches
    reader.close()
    with pytest.raises(ValueError, match="closed"):
        reader.next(1)
    with pytest.raises(ValueError, match="0 \\(all\\) or more"):
        rankfile._rankfile._pgn_reader(b"", False, None, None).next(-1)


def pyarrow_parquet():
    try:
        import pyarrow.parquet
    except ImportError:
        need("pyarrow (python3 -m pip install pyarrow)")
    return pyarrow.parquet


def test_to_parquet_row_groups_equal_read_table(tmp_path):
    pq = pyarrow_parquet()
    path = tmp_path / "games.pgn"
    path.write_text(annotated_pgn(230, seed=5))
    dest = tmp_path / "games.parquet"
    assert rankfile.pgn.to_parquet(path, dest, row_group_games=50) == 230
    meta = pq.ParquetFile(dest).metadata
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [50, 50, 50, 50, 30]
    written = pq.read_table(dest)
    expected = rankfile.pgn.read_table(path).to_arrow()
    assert written.column_names == expected.column_names
    assert written.schema.field("plies").type == "int64" and written.schema.field("chess960").type == "bool"
    assert written.equals(expected)
    # columns= and variant=, into a file object.
    sink = io.BytesIO()
    assert rankfile.pgn.to_parquet(BAD_GAMES.encode(), sink, columns=["index", "White", "error"],
                                   variant="atomic", row_group_games=2) == 3
    back = pq.read_table(io.BytesIO(sink.getvalue()))
    assert back.column_names == ["index", "error", "White"]  # a tag no game of the first batch has: last
    assert back.column("index").to_pylist() == [3, 4, 5]
    assert back.column("White").to_pylist() == ["", "", ""]


def test_to_parquet_of_nothing_and_failures(tmp_path):
    pq = pyarrow_parquet()
    dest = tmp_path / "empty.parquet"
    assert rankfile.pgn.to_parquet(b"", dest) == 0
    empty = pq.read_table(dest)
    assert empty.num_rows == 0
    assert empty.column_names == ["index", "offset"] + rankfile.pgn.TAG_ROSTER + FIXED
    assert empty.schema.field("Event").type == "string" and empty.schema.field("index").type == "int64"
    # A read error halfway removes the file begun; a missing input leaves none.
    gz = tmp_path / "cut.pgn.gz"
    gz.write_bytes(gzip.compress(annotated_pgn(200, seed=4).encode())[:-2000])
    dest = tmp_path / "cut.parquet"
    with pytest.warns(UserWarning, match="truncated gzip data"):
        written = rankfile.pgn.to_parquet(gz, dest, row_group_games=10)
    with pytest.warns(UserWarning):
        assert written == len(rankfile.pgn.read_table(gz)) == pq.read_table(dest).num_rows > 0
    dest = tmp_path / "none.parquet"
    with pytest.raises(OSError):
        rankfile.pgn.to_parquet(tmp_path / "missing.pgn", dest)
    assert not dest.exists()
    with pytest.raises(ValueError, match="row_group_games"):
        rankfile.pgn.to_parquet(b"", dest, row_group_games=0)


def test_only_the_columns_asked_are_kept():
    """A reader asked for some columns keeps nothing else: no tag it was not asked for, no moves
    without moves_san or moves_uci, and a numeric column's 8 bytes a game (issue 39: columns=
    ["plies"] kept every tag, about 800 bytes a game)."""
    games = 3000
    text = "".join(f'[Event "event {i}"]\n[Site "a long site name, {i} of many"]\n[White "Player {i}"]\n'
                   f'[Black "Other {i}"]\n[Result "1-0"]\n[WhiteElo "{1500 + i}"]\n\n'
                   f'1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {{ a comment }} 1-0\n\n'
                   for i in range(games)).encode()

    def data(columns):
        reader = rankfile.pgn._open(text, columns, None)
        try:
            return reader.next(0)
        finally:
            reader.close()

    everything = data(None)
    assert everything.tag_names() == ["Event", "Site", "White", "Black", "Result", "WhiteElo"]
    plies = data(["plies"])
    assert plies.games() == games and plies.tag_names() == []
    assert plies.held() <= games * 8 + 1024
    assert everything.held() > 20 * plies.held()
    some = data(["White", "plies", "Nothing", "result"])
    assert some.tag_names() == ["White"]
    assert some.column("White")[7] == "Player 7" and some.column("Nothing") == [""] * games
    with pytest.raises(ValueError):
        some.headers()
    white = sum(len(f"Player {i}") for i in range(games))
    # White's and result's text, each game's end offset in them and in Nothing, plies
    assert some.held() <= white + 3 * games + 4 * 8 * games + 1024
    moves = data(["moves_san"])
    assert moves.tag_names() == [] and moves.held() > 10 * games * 2
    for columns in (["plies"], ["White", "plies", "Nothing", "result"], ["moves_san", "Site"],
                    ["Black", "White", "Black", "Event", "Event"]):
        table = rankfile.pgn.read_table(text, columns=columns)
        full = rankfile.pgn.read_table(text)
        assert table.columns == [c for c in full.columns if c in columns] + [c for c in columns if c not in full]
        for c in columns:
            assert list(table[c]) == (list(full[c]) if c in full else [""] * games)

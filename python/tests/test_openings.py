"""rankfile.openings, Board.opening and read_table(..., eco=): the project's own small ECO file
(tests/data/eco), the same answers as the CLI's `rankfile opening --moves` and
`rankfile pgn --eco`, and Debian's eco.pgn as the default table where it is installed."""
import os
import pathlib
import subprocess

import pytest

import rankfile
import rankfile.openings
import rankfile.pgn
from conftest import need

ECO_DIR = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "eco"
OWN = ECO_DIR / "openings.pgn"

# Lines of the file's entries, moved about: own lines, transpositions, a line that leaves the
# book, one the book never knows (as tests/cli/opening.sh).
LINES = {
    "e4 e5 Nf3 Nc6": ("K04", "King's knight", "two knights", 4),
    "Nf3 Nc6 e4 e5": ("K05", "Slow king's knight", "", 4),
    "c4 e6 Nf3 Nf6 d4": ("Q21", "Knight first", "transposed", 5),
    "d4 Nf6 c4 e6 Nf3": ("Q12", "Queen's pawn", "Indian, knight", 5),
    "e4 e5 a3 a6 h3": ("K02", "King's pawn", "double", 2),
    "a3 a6": None,
}


@pytest.fixture(scope="module", params=["openings.pgn", "openings.tsv"])
def table(request):
    return rankfile.openings.load(ECO_DIR / request.param)


def test_load_counts_entries(table):
    assert len(table) == 10
    assert "10 entries" in repr(table)


@pytest.mark.parametrize("line", sorted(LINES))
def test_classify_lines(table, line):
    want = LINES[line]
    got = table.classify(line.split())
    assert (None if got is None else tuple(got)) == want
    board = rankfile.Board()
    for san in line.split():
        board.push_san(san)
    assert board.opening(table) == got
    # Moves as Move objects, and UCI text, give the same.
    assert table.classify(board.move_stack) == got
    assert table.classify([m.uci() for m in board.move_stack]) == got


def test_lookup_is_the_position_as_it_stands(table):
    board = rankfile.Board("rnbqkb1r/pppp1ppp/4pn2/8/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq - 0 3")
    opening = table.lookup(board)
    assert opening == ("Q21", "Knight first", "transposed", 5)
    assert opening.text == "Knight first: transposed"
    assert table.lookup(rankfile.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")) is None


def test_a_board_from_a_fen_classifies_from_its_root(table):
    board = rankfile.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    board.push_san("Nf3")
    board.push_san("Nc6")
    assert table.opening(board) == ("K05", "Slow king's knight", "", 2)


def test_illegal_and_bad_moves_raise(table):
    with pytest.raises(rankfile.IllegalMoveError):
        table.classify(["e4", "e4"])
    with pytest.raises(ValueError):
        table.classify(["Nf9"])


def test_malformed_and_missing_files(tmp_path):
    bad = tmp_path / "bad.pgn"
    bad.write_text('[ECO "X01"]\n\n1. e4 e4 *\n')
    with pytest.raises(ValueError, match=r"bad.pgn: not an ECO file: line 3, column 7: "):
        rankfile.openings.load(bad)
    with pytest.raises(OSError):
        rankfile.openings.load(tmp_path / "none.pgn")
    with pytest.raises(TypeError):
        rankfile.Board().opening(42)


def test_same_as_the_cli(cli, table):
    """rankfile opening --moves names every line alike."""
    lines = sorted(LINES)
    out = subprocess.run([cli, "opening", "--eco", str(OWN), "--moves", *lines], capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    for line, answer in zip(lines, out.stdout.splitlines()):
        got = table.classify(line.split())
        assert answer == ("none" if got is None else f"{got.eco} {got.text} (ply {got.ply})")


def games_pgn(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text("".join(f'[Event "{i}"]\n\n{line} *\n\n' for i, line in enumerate(sorted(LINES)))
                    + '[Event "atomic"]\n[Variant "Atomic"]\n\n1. e4 e5 *\n')
    return path


@pytest.mark.parametrize("threads", [1, 3])
def test_read_table_columns_as_pgn_eco(cli, tmp_path, threads):
    path = games_pgn(tmp_path)
    table = rankfile.pgn.read_table(path, eco=OWN, threads=threads)
    assert table.columns[-3:] == ["eco", "opening", "opening_ply"]
    out = subprocess.run([cli, "pgn", "--format", "tsv", "--columns", "eco,opening,opening_ply", "--eco", str(OWN),
                          str(path)], capture_output=True, text=True, check=True)
    rows = [row.split("\t") for row in out.stdout.splitlines()[1:]]
    assert [[e, o, "" if p is None else str(p)]
            for e, o, p in zip(table["eco"], table["opening"], table["opening_ply"])] == rows
    assert table["eco"][-1] == "" and table["opening"][-1] == ""
    # A loaded table serves too, and iter_tables takes it.
    loaded = rankfile.openings.load(OWN)
    assert rankfile.pgn.read_table(path, eco=loaded, columns=["eco"])["eco"] == table["eco"]
    batches = list(rankfile.pgn.iter_tables(path, games=2, eco=loaded, columns=["eco"]))
    assert sum((b["eco"] for b in batches), []) == table["eco"]


def test_read_table_without_a_file(tmp_path):
    path = games_pgn(tmp_path)
    assert "eco" not in rankfile.pgn.read_table(path).columns
    with pytest.raises(ValueError, match="need an ECO file"):
        rankfile.pgn.read_table(path, columns=["eco"])
    with pytest.raises(TypeError):
        rankfile.pgn.read_table(path, eco=42)


def test_default_table():
    if not os.path.exists(rankfile.openings.DEFAULT_PATH):
        with pytest.raises(FileNotFoundError, match="apt install pgn-extract"):
            rankfile.Board().opening()
        return
    board = rankfile.Board()
    for san in "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6".split():
        board.push_san(san)
    opening = board.opening()
    assert opening.eco == "B90" and opening.ply == 10
    assert rankfile.openings.default() is rankfile.openings.default()

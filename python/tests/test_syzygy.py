"""rankfile.syzygy against python-chess 1.11.2's chess.syzygy on the shared 3-4 piece tables:
WDL and DTZ of thousands of seeded random positions (the values equal, or both raise the same
exception), endgame.epd's expected values, add_directory / add_file and what they count, the
closed tablebase, get_* defaults, missing and damaged table files, the process-wide tables
(TablebaseBusyError), threads, and the fuzz target's corpus."""
import importlib.util
import pathlib
import random
import shutil
import threading

import pytest

import rankfile
import rankfile.syzygy
from conftest import need

FUZZ = pathlib.Path(__file__).resolve().parent.parent / "fuzz"
CORPUS = sorted((FUZZ / "corpus-syzygy").iterdir())


@pytest.fixture(scope="module")
def fathom():
    if not rankfile.syzygy.available():
        need("a build with Syzygy support (apt-get install libfathom-dev, then configure again)")


@pytest.fixture(scope="module")
def tables(shared_data, fathom):
    """The shared 3-4 piece tables."""
    path = shared_data / "python-chess" / "syzygy"
    if not (path / "KQvKR.rtbw").is_file():
        need(f"the Syzygy tables in {path}")
    return path


@pytest.fixture(scope="module")
def oracle(tables, python_chess):
    """python-chess's prober on the same tables."""
    import chess.syzygy

    with chess.syzygy.open_tablebase(str(tables)) as tablebase:
        yield tablebase


@pytest.fixture
def tablebase(tables):
    """rankfile's tablebase on the shared tables, closed after the test (the tables are
    process-wide: a test that opens other directories needs this one closed)."""
    with rankfile.syzygy.open_tablebase(tables) as tb:
        yield tb


def copy_tables(tables, folder, *materials, kinds=(".rtbw", ".rtbz")):
    folder.mkdir(exist_ok=True)
    for material in materials:
        for kind in kinds:
            shutil.copy(tables / (material + kind), folder)
    return folder


PIECES = "QRBNP"


def random_fen(rng, pieces):
    """A random position of two kings and pieces-2 others: pawns off the first and last rank,
    sometimes an en passant square a pawn could take, sometimes castling rights."""
    board = [None] * 64
    squares = rng.sample(range(64), 64)
    board[squares.pop()] = "K"
    board[squares.pop()] = "k"
    for _ in range(pieces - 2):
        piece = rng.choice(PIECES)
        square = squares.pop()
        while piece == "P" and square // 8 in (0, 7):
            square = squares.pop()
        board[square] = piece if rng.random() < 0.5 else piece.lower()
    turn = rng.choice("wb")
    ep = "-"
    if rng.random() < 0.15:
        # the side not to move has just stepped a pawn twice
        rank, pawn, behind = (4, "p", 5) if turn == "w" else (3, "P", 2)
        file = rng.randrange(8)
        if board[rank * 8 + file] is None and board[behind * 8 + file] is None:
            board[rank * 8 + file] = pawn
            ep = "abcdefgh"[file] + str(behind + 1)
    castling = "-"
    if rng.random() < 0.05 and board[4] is None and board[7] is None:
        board = [None if p == "K" else p for p in board]
        board[4], board[7], castling = "K", "R", "K"
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = board[rank * 8 + file]
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {turn} {castling} {ep} 0 1"


def outcome(probe, board):
    """probe(board), or the name of the exception's class ("MissingTableError", "KeyError")."""
    try:
        return probe(board)
    except KeyError as error:
        return type(error).__name__


def test_a_build_without_fathom_says_what_to_install():
    """Importing works in every build; opening tables in a build without Fathom raises
    SyzygyUnavailableError naming the package to install (tried in a -DRF_SYZYGY=OFF build)."""
    if rankfile.syzygy.available():
        with rankfile.syzygy.Tablebase() as tb:
            assert tb.max_pieces == 0
        return
    for open_tables in (lambda: rankfile.syzygy.open_tablebase("."), rankfile.syzygy.Tablebase):
        with pytest.raises(rankfile.syzygy.SyzygyUnavailableError, match="libfathom-dev"):
            open_tables()
    assert issubclass(rankfile.syzygy.SyzygyUnavailableError, RuntimeError)


def test_availability(tables):
    assert rankfile.syzygy.available() is True
    with rankfile.syzygy.open_tablebase(tables) as tb:
        assert tb.max_pieces == 4


def test_random_positions_equal_python_chess(tablebase, oracle, python_chess):
    """3,000 legal positions of 2-4 pieces (a few with castling rights or an en passant square):
    WDL and DTZ equal, or the same exception (MissingTableError, or KeyError for castling)."""
    rng = random.Random(20240127)
    compared = raised = 0
    while compared < 3000:
        fen = random_fen(rng, rng.choice([2, 3, 3, 4, 4, 4]))
        theirs = python_chess.Board(fen)
        if not theirs.is_valid() or len(theirs.piece_map()) > 4:
            continue
        ours = rankfile.Board(fen)
        for ours_probe, their_probe in ((tablebase.probe_wdl, oracle.probe_wdl),
                                        (tablebase.probe_dtz, oracle.probe_dtz)):
            expected = outcome(their_probe, theirs)
            assert outcome(ours_probe, ours) == expected, f"{ours_probe.__name__} {fen}"
            raised += not isinstance(expected, int)
        compared += 1
    assert raised > 50, "the positions included some the tables cannot answer"


def test_five_pieces_with_four_piece_tables(tablebase, oracle, python_chess):
    """More pieces than the largest table: MissingTableError where python-chess raises it
    (python-chess answers some, where a capture into the tables wins outright; see
    docs/python.md)."""
    rng = random.Random(5)
    answered = 0
    for _ in range(300):
        fen = random_fen(rng, 5)
        theirs = python_chess.Board(fen)
        if not theirs.is_valid() or theirs.castling_rights:
            continue
        ours = rankfile.Board(fen)
        with pytest.raises(rankfile.syzygy.MissingTableError, match=r"[5-6] pieces"):
            tablebase.probe_wdl(ours)
        assert tablebase.get_dtz(ours) is None
        expected = outcome(oracle.probe_wdl, theirs)
        if isinstance(expected, int):
            answered += 1
            assert expected == 2, f"python-chess answers {fen} only through a winning capture"
        else:
            assert expected == "MissingTableError"
    assert answered < 150


def test_endgame_epd(tablebase, shared_data):
    """Every position of python-chess's endgame.epd: its `wdl` and `dtz` operations."""
    path = shared_data / "python-chess" / "endgame.epd"
    if not path.is_file():
        need(f"{path}")
    count = 0
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        fields = line.split()
        board = rankfile.Board(" ".join(fields[:4]) + " 0 1")
        ops = dict(op.strip().split() for op in " ".join(fields[4:]).split(";") if op.strip())
        assert tablebase.probe_wdl(board) == int(ops["wdl"]), line
        assert tablebase.probe_dtz(board) == int(ops["dtz"]), line
        count += 1
    assert count == 200


def test_positions_no_table_holds(tablebase, oracle, python_chess):
    cases = {
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1": KeyError,  # castling rights
        "8/8/8/8/1p6/8/8/KQRBNNBk w - - 0 1": KeyError,  # 9 pieces
        "8/8/8/8/8/8/8/KQRB3k w - - 0 1": rankfile.syzygy.MissingTableError,  # 5 pieces
    }
    for fen, expected in cases.items():
        for probe in (tablebase.probe_wdl, tablebase.probe_dtz):
            with pytest.raises(KeyError) as raised:
                probe(rankfile.Board(fen))
            assert type(raised.value) is expected, fen
        assert outcome(oracle.probe_wdl, python_chess.Board(fen)) == expected.__name__, fen
    # a position of kings alone is a draw, as in python-chess
    kings = rankfile.Board("8/8/8/4k3/8/8/8/K7 w - - 0 1")
    assert tablebase.probe_wdl(kings) == tablebase.probe_dtz(kings) == 0


def test_positions_that_are_not_legal(tablebase):
    """A KeyError naming why (python-chess answers some and raises on others)."""
    board = rankfile.Board(None)
    board.set_piece_at(rankfile.A1, rankfile.Piece(rankfile.KING, rankfile.WHITE))
    board.set_piece_at(rankfile.B1, rankfile.Piece(rankfile.QUEEN, rankfile.WHITE))
    board.set_piece_at(rankfile.H1, rankfile.Piece(rankfile.KING, rankfile.BLACK))
    board.turn = rankfile.WHITE  # Black, not to move, is in check
    for probe in (tablebase.probe_wdl, tablebase.probe_dtz):
        with pytest.raises(KeyError, match="not to move is in check"):
            probe(board)
    board.remove_piece_at(rankfile.H1)
    with pytest.raises(KeyError, match="no king"):
        tablebase.probe_wdl(board)
    board.set_piece_at(rankfile.H8, rankfile.Piece(rankfile.KING, rankfile.BLACK))
    board.set_piece_at(rankfile.C8, rankfile.Piece(rankfile.PAWN, rankfile.WHITE))
    with pytest.raises(KeyError, match="last rank"):
        tablebase.probe_dtz(board)
    assert tablebase.get_wdl(board, "none") == "none"


def test_variant_boards(tables, python_chess):
    """A tablebase of a variant opens (python-chess's VariantBoard=) but holds no table: Fathom
    reads standard chess only. Its add_directory counts nothing, a board of its variant raises
    MissingTableError and any other board KeyError, as python-chess's on a directory without
    the variant's tables (test_antichess_kvk)."""
    import chess.syzygy
    import chess.variant
    import rankfile.variant

    for name in ("AtomicBoard", "AntichessBoard"):
        ours_class, their_class = getattr(rankfile.variant, name), getattr(chess.variant, name)
        with rankfile.syzygy.Tablebase(VariantBoard=ours_class) as ours, \
                chess.syzygy.Tablebase(VariantBoard=their_class) as theirs:
            assert ours.variant is ours_class
            assert ours.add_directory(tables) == theirs.add_directory(str(tables)) == 0
            fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
            probes = {"probe_wdl": lambda tb: tb.probe_wdl, "probe_dtz": lambda tb: tb.probe_dtz,
                      "probe_ab": lambda tb: lambda board: tb.probe_ab(board, -2, 2)}
            for probe, method in probes.items():
                for ours_board, their_board in ((ours_class(fen), their_class(fen)),
                                                (rankfile.Board(fen), python_chess.Board(fen))):
                    expected = outcome(method(theirs), their_board)
                    assert outcome(method(ours), ours_board) == expected, (name, probe)
                assert ours.get_wdl(ours_class(fen), "none") == theirs.get_wdl(their_class(fen), "none")
            if name == "AntichessBoard":  # the search with compulsory captures
                for method in ("sprobe_ab",):
                    expected = outcome(lambda board: getattr(theirs, method)(board, -2, 2), their_class(fen))
                    assert outcome(lambda board: getattr(ours, method)(board, -2, 2), ours_class(fen)) \
                        == expected == "MissingTableError"
                assert outcome(lambda board: ours.sprobe_ab(board, -2, 2), rankfile.Board(fen)) == "KeyError"
            # more than kings: no table of the variant
            fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
            assert outcome(ours.probe_wdl, ours_class(fen)) == outcome(theirs.probe_wdl, their_class(fen)) \
                == "MissingTableError"
            assert ours.get_dtz(ours_class(fen), "none") == "none"
        # the standard tablebase refuses the variant's board with a KeyError
        with rankfile.syzygy.Tablebase() as ours:
            assert outcome(ours.probe_dtz, ours_class(fen)) == "KeyError"
    with pytest.raises(TypeError):
        rankfile.syzygy.Tablebase(VariantBoard=42)
    with rankfile.syzygy.open_tablebase(tables, VariantBoard=rankfile.Board, max_fds=None) as tb:
        assert tb.max_fds is None and tb.variant is rankfile.Board
        with pytest.raises(KeyError, match="not atomic"):
            tb.probe_wdl(rankfile.variant.AtomicBoard("8/8/8/8/8/8/8/KQ5k b - - 0 1"))
        # a Chess960 board without castling rights is a position of standard chess
        assert tb.probe_wdl(rankfile.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1", chess960=True)) == -2
        with pytest.raises(TypeError):
            tb.probe_wdl("8/8/8/8/8/8/8/KQ5k b - - 0 1")
        with pytest.raises(TypeError):
            tb.get_wdl(None)


def test_get_defaults(tablebase):
    castling = rankfile.Board("r3k3/8/8/8/8/8/8/4K3 b q - 0 1")
    assert tablebase.get_wdl(castling) is None and tablebase.get_dtz(castling) is None
    assert tablebase.get_wdl(castling, 7) == 7 and tablebase.get_dtz(castling, default="x") == "x"
    board = rankfile.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1")
    assert tablebase.get_wdl(board, 7) == -2 and tablebase.get_dtz(board, 7) == -53


def test_probe_wdl_many(tablebase, oracle, python_chess):
    rng = random.Random(11)
    fens = [fen for fen in (random_fen(rng, 4) for _ in range(400))
            if python_chess.Board(fen).is_valid() and len(python_chess.Board(fen).piece_map()) <= 4]
    # and positions no table holds: castling rights, 5 pieces
    fens[10:10] = ["r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "8/8/8/8/8/8/8/KQRB3k w - - 0 1"]
    boards = [rankfile.Board(fen) for fen in fens]
    expected = [oracle.get_wdl(python_chess.Board(fen), "none") for fen in fens]
    assert "none" in expected and len(set(expected)) > 3
    assert tablebase.probe_wdl_many(boards, default="none") == expected
    assert tablebase.probe_wdl_many(iter(boards), "none") == expected
    # more than one batch (1,024 boards are probed at a time)
    assert tablebase.probe_wdl_many(boards * 7, default="none") == expected * 7
    with pytest.raises(KeyError):
        tablebase.probe_wdl_many(boards * 7)
    answered = [board for board, value in zip(boards, expected) if value != "none"]
    assert len(answered) * 6 > 1024
    with pytest.raises(KeyError, match="castling"):  # in the second batch
        tablebase.probe_wdl_many(answered * 6 + [boards[10]])
    answered = [board for board, value in zip(boards, expected) if value != "none"]
    assert tablebase.probe_wdl_many(answered) == [tablebase.probe_wdl(b) for b in answered]
    with pytest.raises(KeyError):
        tablebase.probe_wdl_many(boards)
    with pytest.raises(TypeError):
        tablebase.probe_wdl_many(boards[:3] + [None], default=0)
    assert tablebase.probe_wdl_many([]) == []


def test_add_directory_counts_as_python_chess(tables, tmp_path, python_chess):
    import chess.syzygy

    copy_tables(tables, tmp_path / "a", "KQvK", "KRvK")
    (tmp_path / "a" / "notes.txt").write_text("not a table")
    (tmp_path / "a" / "KvKQ.rtbw").write_bytes(b"not a table name python-chess takes")
    for load_wdl, load_dtz in ((True, True), (True, False), (False, True), (False, False)):
        theirs = chess.syzygy.Tablebase().add_directory(str(tables), load_wdl=load_wdl, load_dtz=load_dtz)
        with rankfile.syzygy.Tablebase() as tb:
            assert tb.add_directory(tables, load_wdl=load_wdl, load_dtz=load_dtz) == theirs
    assert chess.syzygy.Tablebase().add_directory(str(tables)) == 70
    with rankfile.syzygy.Tablebase() as tb:
        assert tb.add_directory(str(tmp_path / "a"), load_dtz=False) == 2
    with rankfile.syzygy.Tablebase() as tb:
        assert tb.add_file(tables / "KQvK.rtbw") == 1
        assert tb.add_file(tables / "KQvK.rtbz", load_dtz=False) == 0
        assert tb.add_file(tmp_path / "a" / "notes.txt") == 0


def test_add_directory_reopens_with_both(tables, tmp_path):
    a = copy_tables(tables, tmp_path / "a", "KQvK")
    b = copy_tables(tables, tmp_path / "b", "KRvK")
    queen = rankfile.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
    rook = rankfile.Board("8/8/8/4k3/8/8/8/KR6 w - - 0 1")
    with rankfile.syzygy.open_tablebase(a) as tb:
        assert tb.probe_wdl(queen) == 2
        with pytest.raises(rankfile.syzygy.MissingTableError):
            tb.probe_wdl(rook)
        assert tb.add_directory(b) == 2
        assert tb.probe_wdl(queen) == tb.probe_wdl(rook) == 2
        assert tb.probe_dtz(rook) > 0
        assert tb.add_directory(b) == 2  # again: nothing changes
        assert tb.probe_dtz(queen) > 0


@pytest.mark.parametrize("load_wdl,load_dtz", [(True, False), (False, True), (False, False)])
def test_load_flags_as_python_chess(tables, tmp_path, python_chess, load_wdl, load_dtz):
    """A tablebase of WDL files only (or DTZ only, or neither) answers what python-chess's
    does: the same values and the same exceptions, but for one documented difference: without
    DTZ tables python-chess still answers the DTZ of a position whose best move is a capture
    or a pawn move (1 or 101 plies to it, or -1 / -101 for the loser), rankfile raises."""
    import chess.syzygy

    folder = copy_tables(tables, tmp_path / "t", "KQvK", "KRvK", "KQvKR")
    rng = random.Random(3)
    with rankfile.syzygy.open_tablebase(folder, load_wdl=load_wdl, load_dtz=load_dtz) as ours, \
            chess.syzygy.open_tablebase(str(folder), load_wdl=load_wdl, load_dtz=load_dtz) as theirs:
        checked = zeroing = 0
        while checked < 200:
            fen = random_fen(rng, rng.choice([2, 3, 4]))
            board = python_chess.Board(fen)
            if not board.is_valid() or len(board.piece_map()) > 4:
                continue
            for name in ("probe_wdl", "probe_dtz"):
                got = outcome(getattr(ours, name), rankfile.Board(fen))
                expected = outcome(getattr(theirs, name), board)
                if name == "probe_dtz" and not load_dtz and got == "MissingTableError":
                    assert expected in ("MissingTableError", 1, 101, -1, -101), fen
                    zeroing += expected != got
                else:
                    assert got == expected, f"{name} {fen}"
            checked += 1
    # later, all of them
    with rankfile.syzygy.open_tablebase(folder, load_wdl=load_wdl, load_dtz=load_dtz) as ours:
        ours.add_directory(folder)
        assert ours.probe_dtz(rankfile.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")) > 0


def test_closed_tablebase_as_python_chess(tables, python_chess):
    import chess.syzygy

    fens = ["8/8/8/4k3/8/8/8/KQ6 w - - 0 1", "8/8/8/4k3/8/8/8/K7 w - - 0 1",
            "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"]
    theirs = chess.syzygy.open_tablebase(str(tables))
    with rankfile.syzygy.open_tablebase(tables) as ours:
        pass
    theirs.close()
    assert ours.max_pieces == 0
    for fen in fens:
        for name in ("probe_wdl", "probe_dtz"):
            expected = outcome(getattr(theirs, name), python_chess.Board(fen))
            got = outcome(getattr(ours, name), rankfile.Board(fen))
            assert got == expected, fen
    assert ours.get_wdl(rankfile.Board(fens[0]), "closed") == "closed"
    ours.close()  # twice is fine
    # python-chess's closed tablebase takes directories again
    assert ours.add_directory(tables) == 70
    assert ours.probe_wdl(rankfile.Board(fens[0])) == 2
    ours.close()


def test_empty_tablebase(tmp_path, tables):
    with rankfile.syzygy.Tablebase() as tb:
        with pytest.raises(rankfile.syzygy.MissingTableError, match="no Syzygy tables are open"):
            tb.probe_wdl(rankfile.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1"))
        (tmp_path / "empty").mkdir()
        assert tb.add_directory(tmp_path / "empty") == 0
        assert tb.max_pieces == 0


def test_missing_directory(tables, tmp_path):
    with pytest.raises(FileNotFoundError):
        rankfile.syzygy.open_tablebase(tmp_path / "nowhere")
    with pytest.raises(NotADirectoryError):
        rankfile.syzygy.open_tablebase(tables / "KQvK.rtbw")
    with rankfile.syzygy.open_tablebase(tables) as tb:
        with pytest.raises(FileNotFoundError):
            tb.add_directory(tmp_path / "nowhere")
        assert tb.probe_wdl(rankfile.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")) == 2


@pytest.mark.parametrize("damage", ["truncated", "block", "magic"])
def test_damaged_table_file(tables, tmp_path, damage):
    """A damaged file is a CorruptTableError naming it, before Fathom reads it; the tables open
    before stay open."""
    folder = copy_tables(tables, tmp_path / "bad", "KQvKR")
    path = folder / "KQvKR.rtbw"
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[:5000])
    elif damage == "block":  # whole 64-byte blocks less: only the known size tells
        path.write_bytes(data[:len(data) - 64])
    else:
        path.write_bytes(b"\0" * len(data))
    with pytest.raises(rankfile.syzygy.CorruptTableError, match="KQvKR.rtbw") as raised:
        rankfile.syzygy.open_tablebase(folder)
    assert isinstance(raised.value, OSError)
    with rankfile.syzygy.open_tablebase(tables) as tb:
        with pytest.raises(rankfile.syzygy.CorruptTableError):
            tb.add_directory(folder, load_dtz=False)
        assert tb.probe_wdl(rankfile.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")) == 2


def test_process_wide_tables_busy(tables, tmp_path):
    other = copy_tables(tables, tmp_path / "other", "KQvK")
    board = rankfile.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
    with rankfile.syzygy.open_tablebase(tables) as first:
        with pytest.raises(rankfile.syzygy.TablebaseBusyError, match="process-wide"):
            rankfile.syzygy.open_tablebase(other)
        with rankfile.syzygy.open_tablebase(tables) as second:  # the same paths: shared
            assert second.probe_wdl(board) == 2
            with pytest.raises(rankfile.syzygy.TablebaseBusyError):
                second.add_directory(other)
            assert second.probe_wdl(board) == first.probe_wdl(board) == 2
    with rankfile.syzygy.open_tablebase(other) as tb:  # all closed: other paths open
        assert tb.probe_wdl(board) == 2


def test_threads(tablebase, tables, python_chess):
    """Probes from four threads give what one thread gives; a tablebase closed and opened
    again under probing threads raises MissingTableError there, and nothing crashes."""
    rng = random.Random(7)
    boards = [rankfile.Board(fen) for fen in (random_fen(rng, 4) for _ in range(300))
              if python_chess.Board(fen).is_valid()]
    expected = [tablebase.get_dtz(board, "none") for board in boards]
    first_wdl = tablebase.get_wdl(boards[0], "none")
    results, errors = {}, []

    def probe(index):
        try:
            for _ in range(5):
                results[index] = [tablebase.get_dtz(board, "none") for board in boards]
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=probe, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and all(results[i] == expected for i in range(4))

    stop = threading.Event()

    def churn():
        while not stop.is_set():
            for board in boards[:20]:
                try:
                    tablebase.probe_wdl(board)
                except KeyError:
                    pass

    threads = [threading.Thread(target=churn) for _ in range(2)]
    for thread in threads:
        thread.start()
    try:
        for _ in range(20):
            tablebase.close()
            tablebase.add_directory(tables)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert tablebase.get_wdl(boards[0], "none") == first_wdl


def test_table_names_as_python_chess(python_chess):
    """The file names add_directory takes are python-chess's."""
    import itertools

    import chess.syzygy

    names = set()
    for white in range(0, 4):
        for black in range(0, 3):
            for a in itertools.product("QRBNP", repeat=white):
                for b in itertools.product("QRBNP", repeat=black):
                    names.add("K" + "".join(a) + "vK" + "".join(b))
    names |= {"KvK", "Kv", "vK", "KQKvK", "kqvk", "KQvK ", "KQQQQQQvK"}
    for name in sorted(names):
        assert rankfile.syzygy._is_tablename(name) == chess.syzygy.is_tablename(name), name


def legal_positions(python_chess, seed, count, pieces=(2, 3, 3, 4, 4, 4)):
    """`count` seeded random legal positions of at most 4 pieces without castling rights."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        fen = random_fen(rng, rng.choice(pieces))
        board = python_chess.Board(fen)
        if board.is_valid() and len(board.piece_map()) <= 4 and not board.castling_rights:
            fens.append(fen)
    return fens


def test_name_helpers_as_python_chess(python_chess):
    """tablenames, normalize_tablename (both ways round, mirrored), is_tablename with each
    keyword, dependencies, all_dependencies, calc_key, recalc_key, dtz_before_zeroing and the
    constants equal python-chess's."""
    import chess.syzygy as theirs

    ours = rankfile.syzygy
    for one_king in (True, False):
        for count in (3, 4, 5, 6):
            names = list(ours.tablenames(one_king=one_king, piece_count=count))
            assert names == list(theirs.tablenames(one_king=one_king, piece_count=count))
            for name in names[::7] if count == 6 else names:
                white, black = name.split("v")
                for candidate in (name, black + "v" + white, white[::-1] + "v" + black[::-1]):
                    for mirror in (False, True):
                        assert ours.normalize_tablename(candidate, mirror=mirror) == \
                            theirs.normalize_tablename(candidate, mirror=mirror), candidate
                    for keywords in ({}, {"one_king": False}, {"normalized": False},
                                     {"piece_count": None}, {"piece_count": 4}):
                        assert ours.is_tablename(candidate, **keywords) == \
                            theirs.is_tablename(candidate, **keywords), (candidate, keywords)
                assert list(ours.dependencies(name, one_king=one_king)) == \
                    list(theirs.dependencies(name, one_king=one_king)), name
    targets = ["KQRvKR", "KPPvKP", "KNNvK"]
    assert list(ours.all_dependencies(targets)) == list(theirs.all_dependencies(targets))
    assert sum(1 for name in ours.tablenames(one_king=False) if len(name) == 7) == 5754
    assert ours.normalize_tablename("KNNvKBB") == "KBBvKNN"
    for name in ("KvK", "Kv", "vK", "KQvK ", "kqvk", "KQQQQQQvK", "KXvK", ""):
        assert ours.is_tablename(name) == theirs.is_tablename(name), name
    rng = random.Random(36)
    for _ in range(2000):
        pieces = [rng.choice([1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14]) for _ in range(rng.randrange(8))]
        for mirror in (False, True):
            assert ours.recalc_key(pieces, mirror=mirror) == theirs.recalc_key(pieces, mirror=mirror)
    for fen in legal_positions(python_chess, 7, 300, pieces=(2, 3, 4, 5, 6)):
        for mirror in (False, True):
            assert ours.calc_key(rankfile.Board(fen), mirror=mirror) == \
                theirs.calc_key(python_chess.Board(fen), mirror=mirror), fen
    for wdl in range(-2, 3):
        assert ours.dtz_before_zeroing(wdl) == theirs.dtz_before_zeroing(wdl)
    for name in ("TBPIECES", "PCHR", "WDL_TO_DTZ", "WDL_TO_MAP", "PA_FLAGS"):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert ours.TABLENAME_REGEX.pattern == theirs.TABLENAME_REGEX.pattern


def test_table_probes_as_python_chess(tablebase, oracle, python_chess):
    """probe_wdl_table, probe_dtz_table (for the WDL value the table gives), probe_dtz_no_ep and
    probe_ab (in six windows) of 2,000 random legal positions (some with an en passant square) equal
    python-chess's, or raise the same exception."""
    fens = legal_positions(python_chess, 2024, 2000)
    assert sum(1 for fen in fens if fen.split()[3] != "-") > 50
    stored = other_side = cuts = 0
    for fen in fens:
        ours, theirs = rankfile.Board(fen), python_chess.Board(fen)
        for name in ("probe_wdl_table", "probe_dtz_no_ep"):
            expected = outcome(getattr(oracle, name), theirs)
            assert outcome(getattr(tablebase, name), ours) == expected, (name, fen)
        for alpha, beta in ((-2, 2), (1, 2), (-2, -1), (0, 1), (-1, 0), (0, 2)):
            expected = outcome(lambda board: oracle.probe_ab(board, alpha, beta), theirs)
            assert outcome(lambda board: tablebase.probe_ab(board, alpha, beta), ours) == expected, \
                (alpha, beta, fen)
            cuts += isinstance(expected, tuple) and expected[1] == 2
        wdl = outcome(oracle.probe_wdl_table, theirs)
        if not isinstance(wdl, int) or wdl == 0:
            continue
        expected = outcome(lambda board: oracle.probe_dtz_table(board, wdl), theirs)
        assert outcome(lambda board: tablebase.probe_dtz_table(board, wdl), ours) == expected, fen
        if isinstance(expected, tuple):
            stored += expected[1] == 1
            other_side += expected[1] == -1
    assert stored > 200 and other_side > 200 and cuts > 200
    with pytest.raises(ValueError):
        tablebase.probe_ab(rankfile.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1"), -2000, 2)
    with pytest.raises(ValueError):
        tablebase.probe_dtz_table(rankfile.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1"), 3)
    # kings alone: 0 without a table, but no DTZ file of kings alone
    kings = rankfile.Board("8/8/8/8/8/8/8/K6k b - - 0 1")
    assert tablebase.probe_wdl_table(kings) == tablebase.probe_dtz_no_ep(kings) == 0
    with pytest.raises(rankfile.syzygy.MissingTableError):
        tablebase.probe_dtz_table(kings, 0)


def test_table_objects_as_python_chess(tables, python_chess):
    """WdlTable and DtzTable over one file: the names' attributes, and the values of random
    positions of the file's material, equal python-chess's; a board of other material raises
    MissingTableError; close() and with release the file."""
    import chess.syzygy

    rng = random.Random(4)
    files = sorted(tables.glob("*.rtb[wz]"))
    assert len(files) > 60
    for path in files:
        ours = (rankfile.syzygy.WdlTable if path.suffix == ".rtbw" else rankfile.syzygy.DtzTable)(path)
        theirs = (chess.syzygy.WdlTable if path.suffix == ".rtbw" else chess.syzygy.DtzTable)(str(path))
        for name in ("key", "mirrored_key", "symmetric", "num", "has_pawns"):
            assert getattr(ours, name) == getattr(theirs, name), (path.name, name)
    materials = ["KRvKP", "KBNvK", "KQvKR", "KPvKP", "KRvKN", "KNvKP", "KBPvK", "KRvKR"]
    for material in materials:
        white, black = material.split("v")
        fens = []
        while len(fens) < 60:
            board = python_chess.Board(None)
            squares = rng.sample(range(64), len(white) + len(black))
            for letter, square in zip(white + black.lower(), squares):
                board.set_piece_at(square, python_chess.Piece.from_symbol(letter))
            if rng.random() < 0.5:  # the material either way round
                board = board.mirror()
            board.turn = rng.random() < 0.5
            if board.is_valid():
                fens.append(board.fen())
        wdl_path, dtz_path = tables / (material + ".rtbw"), tables / (material + ".rtbz")
        with rankfile.syzygy.WdlTable(wdl_path) as ours, rankfile.syzygy.DtzTable(dtz_path) as ours_dtz, \
                chess.syzygy.WdlTable(str(wdl_path)) as theirs, chess.syzygy.DtzTable(str(dtz_path)) as theirs_dtz:
            ours.init_table_wdl()
            theirs.init_table_wdl()
            for fen in fens:
                wdl = theirs.probe_wdl_table(python_chess.Board(fen))
                assert ours.probe_wdl_table(rankfile.Board(fen)) == wdl, (material, fen)
                if wdl:
                    assert ours_dtz.probe_dtz_table(rankfile.Board(fen), wdl) == \
                        theirs_dtz.probe_dtz_table(python_chess.Board(fen), wdl), (material, fen)
            with pytest.raises(rankfile.syzygy.MissingTableError):
                ours.probe_wdl_table(rankfile.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1"))
        assert ours.initialized is False
    with pytest.raises(FileNotFoundError):
        rankfile.syzygy.WdlTable(tables / "KQQQvK.rtbw").init_table_wdl()
    with pytest.raises(rankfile.syzygy.CorruptTableError):
        rankfile.syzygy.WdlTable(tables / "KQvK.rtbz").init_table_wdl()


def test_tablebase_table_dicts_as_python_chess(tables, tmp_path, python_chess):
    """Tablebase.wdl and .dtz hold python-chess's table objects by material (both ways round),
    after add_directory and add_file; they probe through the tablebase; close() empties them.
    A tablebase dropped without close() still releases the tables at once."""
    import chess.syzygy

    single = copy_tables(tables, tmp_path / "one", "KQvKR")
    with rankfile.syzygy.open_tablebase(tables, load_dtz=False) as ours, \
            chess.syzygy.open_tablebase(str(tables), load_dtz=False) as theirs:
        ours.add_file(single / "KQvKR.rtbz")
        theirs.add_file(str(single / "KQvKR.rtbz"))
        assert sorted(ours.wdl) == sorted(theirs.wdl) and sorted(ours.dtz) == sorted(theirs.dtz) == ["KQvKR", "KRvKQ"]
        assert len(ours.lru) == 0
        for fen in legal_positions(python_chess, 11, 300):
            key = chess.syzygy.calc_key(python_chess.Board(fen))
            if key not in theirs.wdl:
                continue
            expected = outcome(theirs.wdl[key].probe_wdl_table, python_chess.Board(fen))
            assert outcome(ours.wdl[key].probe_wdl_table, rankfile.Board(fen)) == expected, fen
            assert ours.wdl[key].key == theirs.wdl[key].key
        table = ours.wdl["KQvK"]
    assert ours.wdl == {} and ours.dtz == {}
    with pytest.raises(rankfile.syzygy.MissingTableError):
        table.probe_wdl_table(rankfile.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1"))
    rankfile.syzygy.open_tablebase(single).wdl["KQvKR"].init_table_wdl()
    with rankfile.syzygy.open_tablebase(tables) as again:  # other paths: the first is released
        assert again.probe_wdl(rankfile.Board("8/8/8/8/8/8/8/KQ5k b - - 0 1")) == -2


def load_fuzz_target():
    spec = importlib.util.spec_from_file_location("fuzz_syzygy", FUZZ / "fuzz_syzygy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_fuzz_corpus(tables, oracle, path):
    """python/fuzz/corpus-syzygy replayed through the fuzz target's property (no atheris)."""
    target = load_fuzz_target()
    target.check(path.read_bytes(), ours_dir=tables, theirs=oracle)


def test_fuzz_property_can_fail(tables, oracle):
    """The fuzz target's property reports a value that differs from python-chess's."""
    target = load_fuzz_target()

    class Wrong:
        def __init__(self, real):
            self.real = real

        def probe_wdl(self, board):
            return self.real.probe_wdl(board) + 1

        probe_dtz = probe_wdl

    with rankfile.syzygy.open_tablebase(tables) as tb:
        with pytest.raises(AssertionError, match="python-chess"):
            target.check(b"\x00" + b"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", ours=Wrong(tb), theirs=oracle)


def test_variant_games_ended_by_their_rule_need_no_table(python_chess):
    """A tablebase of a variant answers a game its rule has ended without tables, as python-chess:
    won 2, drawn 0, lost -2 (WDL), and DTZ -1 when lost, 0 when drawn, MissingTableError when
    won (python-chess's test_lone_king_wdl is one case). Seeded random games of each variant, at
    their last position and a few before it: the value or the exception class equal."""
    import chess.syzygy
    import chess.variant
    import rankfile.variant

    rng = random.Random(36)
    checked = ended = 0
    for name in ("AtomicBoard", "KingOfTheHillBoard", "ThreeCheckBoard", "RacingKingsBoard", "HordeBoard",
                 "AntichessBoard", "GiveawayBoard", "SuicideBoard"):
        ours_class, their_class = getattr(rankfile.variant, name), getattr(chess.variant, name)
        with rankfile.syzygy.Tablebase(VariantBoard=ours_class) as ours, \
                chess.syzygy.Tablebase(VariantBoard=their_class) as theirs:
            boards = []
            for _ in range(12):
                board = their_class()
                while not board.is_game_over() and board.ply() < 400:
                    moves = list(board.legal_moves)
                    captures = [m for m in moves if board.is_capture(m)]
                    board.push(rng.choice(captures if captures and rng.random() < 0.6 else moves))
                boards.append(board.fen())
            lone = their_class.empty()
            lone.set_piece_at(python_chess.D1, python_chess.Piece.from_symbol("k"))
            boards += [lone.fen(), lone.fen().replace(" w ", " b ")]
            for fen in boards:
                their_board, ours_board = their_class(fen), ours_class(fen)
                ended += their_board.is_variant_end()
                for probe in ("probe_wdl", "probe_dtz", "probe_wdl_table"):
                    expected = outcome(getattr(theirs, probe), their_board)
                    assert outcome(getattr(ours, probe), ours_board) == expected, (name, fen, probe)
                    checked += 1
                assert ours.get_wdl(ours_board, "none") == theirs.get_wdl(their_board, "none"), (name, fen)
                assert ours.get_dtz(ours_board, "none") == theirs.get_dtz(their_board, "none"), (name, fen)
    assert checked > 200 and ended > 20

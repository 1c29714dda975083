"""rankfile.polyglot against python-chess 1.11.2's chess.polyglot: the key of every position of
seeded random games in every variant, and the entries of the shared books, entry for entry."""
import importlib
import random
import struct

import pytest

import rankfile
import rankfile.chess960
import rankfile.polyglot
from conftest import need

VARIANTS = ["chess", "atomic", "kingofthehill", "3check", "racingkings", "horde", "antichess",
            "crazyhouse"]


def book_path(shared_data, name):
    path = shared_data / "python-chess" / "polyglot" / name
    if not path.is_file():
        need(f"the Polyglot book {path}")
    return path


def variant_boards(python_chess, name):
    """A pair of boards at the variant's start: rankfile's and python-chess's."""
    import chess.variant

    if name == "chess":
        return rankfile.Board(), python_chess.Board()
    try:
        variant = importlib.import_module("rankfile.variant")
    except ImportError:
        need("rankfile.variant")
    return variant.find_variant(name)(), chess.variant.find_variant(name)()


def random_games(ours, theirs, rng, plies):
    """Plays the same random legal moves on both boards, yielding them at the start and after
    each move."""
    yield ours, theirs
    for _ in range(plies):
        if theirs.is_game_over():
            return
        move = rng.choice(sorted(theirs.legal_moves, key=lambda m: m.uci()))
        theirs.push(move)
        ours.push(rankfile.Move.from_uci(move.uci()))
        yield ours, theirs


def entries(found):
    """Entries as comparable tuples; a move python-chess decodes with a promotion that is no
    piece (bits 12-14 = 6 or 7) is None in rankfile."""
    return [(e.key, e.raw_move, e.weight, e.learn,
             None if e.move is None or (e.move.promotion or e.move.drop or 0) > 6 else e.move.uci())
            for e in found]


@pytest.mark.parametrize("variant", VARIANTS)
def test_zobrist_hash_equals_python_chess_on_random_games(python_chess, variant):
    import chess.polyglot

    rng = random.Random(f"polyglot-{variant}")
    positions = 0
    for _game in range(20):
        ours, theirs = variant_boards(python_chess, variant)
        for ours, theirs in random_games(ours, theirs, rng, 200):
            assert rankfile.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs), theirs.fen()
            positions += 1
    assert positions >= 1000


@pytest.mark.parametrize("variant", ["chess", "atomic", "kingofthehill", "3check", "crazyhouse"])
def test_zobrist_hash_equals_python_chess_in_chess960(python_chess, variant):
    """Chess960 start positions: every castling right counts, its rook on a corner or not."""
    import chess.polyglot

    rng = random.Random(f"polyglot-960-{variant}")
    positions = 0
    for _game in range(15):
        number = rng.randrange(960)
        ours, theirs = variant_boards(python_chess, variant)
        theirs = type(theirs).from_chess960_pos(number)
        ours = rankfile.chess960.position(number) if variant == "chess" else type(ours).from_chess960_pos(number)
        for ours, theirs in random_games(ours, theirs, rng, 150):
            assert rankfile.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs), theirs.fen()
            positions += 1
    assert positions >= 1000


def test_zobrist_hash_of_known_positions():
    # the Polyglot format's published examples
    assert rankfile.polyglot.zobrist_hash(rankfile.Board()) == 0x463B96181691FC9C
    board = rankfile.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    assert rankfile.polyglot.zobrist_hash(board) == 0x22A48B5A8E47FF78
    with pytest.raises(TypeError):
        rankfile.polyglot.zobrist_hash("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")


def test_find_all_equals_python_chess_on_book_walks(python_chess, shared_data):
    """Walks of the book (a book move, now and then a random one) and the entries of every
    position on the way, with and without weight 0, entry for entry."""
    import chess.polyglot

    path = book_path(shared_data, "performance.bin")
    rng = random.Random("book-walks")
    compared = with_entries = castles = 0
    with rankfile.polyglot.open_reader(path) as ours_reader, chess.polyglot.open_reader(path) as theirs_reader:
        for _walk in range(60):
            ours, theirs = rankfile.Board(), python_chess.Board()
            for _ply in range(40):
                for minimum in (0, 1, 5):
                    got = entries(ours_reader.find_all(ours, minimum_weight=minimum))
                    want = entries(theirs_reader.find_all(theirs, minimum_weight=minimum))
                    assert got == want, theirs.fen()
                    compared += 1
                with_entries += bool(want)
                castles += any(uci in ("e1g1", "e1c1", "e8g8", "e8c8") and theirs.is_castling(
                    python_chess.Move.from_uci(uci)) for _k, _r, _w, _l, uci in want)
                book = [uci for _k, _r, _w, _l, uci in entries(theirs_reader.find_all(theirs))]
                legal = sorted(m.uci() for m in theirs.legal_moves)
                if not legal:
                    break
                uci = rng.choice(book) if book and rng.random() < 0.9 else rng.choice(legal)
                theirs.push(python_chess.Move.from_uci(uci))
                ours.push(rankfile.Move.from_uci(uci))
    assert compared >= 3000 and with_entries >= 200
    assert castles, "no walk met a castling entry (the book's e1h1 form)"


def test_find_get_choice_follow_python_chess(python_chess, shared_data):
    import chess.polyglot

    path = book_path(shared_data, "performance.bin")
    ours, theirs = rankfile.Board(), python_chess.Board()
    with rankfile.polyglot.open_reader(path) as reader, chess.polyglot.open_reader(path) as oracle:
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"]:
            assert reader.find(ours).move.uci() == oracle.find(theirs).move.uci()
            assert reader.get(ours).raw_move == oracle.get(theirs).raw_move
            first = reader.find(ours).move
            rest = reader.get(ours, exclude_moves=[first])
            want = oracle.get(theirs, exclude_moves=[python_chess.Move.from_uci(first.uci())])
            assert (rest and rest.move.uci()) == (want and want.move.uci())
            for seed in range(20):
                a, b = random.Random(seed), random.Random(seed)
                assert reader.weighted_choice(ours, random=a).raw_move == oracle.weighted_choice(theirs, random=b).raw_move
                assert reader.choice(ours, random=a).raw_move == oracle.choice(theirs, random=b).raw_move
                assert a.getstate() == b.getstate()
            ours.push(rankfile.Move.from_uci(uci))
            theirs.push(python_chess.Move.from_uci(uci))
        # a position out of the book
        empty = rankfile.Board("8/8/8/4k3/8/8/8/4K2R w K - 0 1")
        assert list(reader.find_all(empty)) == []
        assert reader.get(empty) is None
        assert reader.get(empty, "none") == "none"
        for lookup in (reader.find, reader.weighted_choice, reader.choice):
            with pytest.raises(IndexError):
                lookup(empty)
        # every move of the start position excluded
        start = rankfile.Board()
        with pytest.raises(IndexError):
            reader.weighted_choice(start, exclude_moves=[e.move for e in reader.find_all(start)])


def test_whole_book_and_int_keys_follow_python_chess(python_chess, shared_data):
    import chess.polyglot

    for name in ("performance.bin", "lasker-trap.bin"):
        path = book_path(shared_data, name)
        with rankfile.polyglot.open_reader(path) as reader, chess.polyglot.open_reader(str(path)) as oracle:
            assert len(reader) == len(oracle)
            step = max(1, len(oracle) // 2000)
            for i in list(range(0, len(oracle), step)) + [len(oracle) - 1, -1, -len(oracle)]:
                assert entries([reader[i]]) == entries([oracle[i]])
            if len(oracle) < 100:
                assert entries(reader) == entries(oracle)
            with pytest.raises(IndexError):
                reader[len(oracle)]
            keys = sorted({oracle[i].key for i in range(0, len(oracle), step)})
            for key in keys[:300]:
                assert entries(reader.find_all(key, minimum_weight=0)) == entries(oracle.find_all(key, minimum_weight=0))
                assert reader.bisect_key_left(key) == oracle.bisect_key_left(key)
                assert reader[reader.bisect_key_left(key)] in reader
            assert reader.bisect_key_left(-5) == 0 == oracle.bisect_key_left(-5)
            assert reader.bisect_key_left(2**70) == len(reader) == oracle.bisect_key_left(2**70)
            assert list(reader.find_all(2**70)) == []


def write_book(path, rows):
    """A Polyglot book of (key, raw_move, weight, learn) rows, sorted by key."""
    with open(path, "wb") as f:
        for key, raw, weight, learn in sorted(rows, key=lambda row: row[0]):
            f.write(struct.pack(">QHHI", key, raw, weight, learn))
    return path


def raw(uci, promotion=0):
    """A book entry's move: to file bits 0-2, to rank 3-5, from file 6-8, from rank 9-11."""
    files = "abcdefgh"
    frm, to = uci[:2], uci[2:4]
    return ((files.index(to[0]) | (int(to[1]) - 1) << 3 | files.index(frm[0]) << 6 |
             (int(frm[1]) - 1) << 9) | promotion << 12)


def test_book_moves_decoded_as_python_chess_does(python_chess, tmp_path):
    """Made-up books: castling in the book's e1h1 form and as e1g1, moves that are not legal,
    weight 0, bit 15 set, in standard chess and Chess960."""
    import chess.polyglot

    cases = [
        # standard chess, both castlings open: e1h1 / e1a1 (the book's form) and e1g1, an
        # illegal move, a weight-0 entry
        ("r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1", False,
         [("e1h1", 0, 10), ("e1a1", 0, 3), ("e1g1", 0, 2), ("e2e4", 0, 7), ("a2a3", 0, 0),
          # bit 15 set: python-chess does not look at it (issue 38: rankfile left the entry out)
          ("a2a4", 8, 5), ("e1h1", 8, 1)]),
        # Chess960: the king on b1 castles with the rook on a1 (b1a1) or the one on h1 (b1h1)
        ("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAh - 0 1", True,
         [("b1a1", 0, 4), ("b1h1", 0, 5), ("b1c1", 0, 6), ("b1g1", 0, 1)]),
        # promotions, with the piece in bits 12-14 (1 knight .. 4 queen), and a drop pattern
        ("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1", False,
         [("b7b8", 4, 9), ("b7b8", 1, 3), ("b7b8", 0, 2), ("g2g2", 2, 1)]),
    ]
    for fen, chess960, moves in cases:
        ours = rankfile.Board(fen, chess960=chess960)
        theirs = python_chess.Board(fen, chess960=chess960)
        key = chess.polyglot.zobrist_hash(theirs)
        assert rankfile.polyglot.zobrist_hash(ours) == key
        path = write_book(tmp_path / "made-up.bin", [(key, raw(uci, p), w, 7) for uci, p, w in moves] +
                          [(key - 1, raw("a2a4"), 1, 0), (key + 1, raw("a2a4"), 1, 0)])
        with rankfile.polyglot.open_reader(path) as reader, chess.polyglot.open_reader(path) as oracle:
            for minimum in (0, 1):
                want = entries(oracle.find_all(theirs, minimum_weight=minimum))
                assert entries(reader.find_all(ours, minimum_weight=minimum)) == want, fen
                assert entries(reader.find_all(key, minimum_weight=minimum)) == entries(
                    oracle.find_all(key, minimum_weight=minimum))
            assert reader.find(ours).move.uci() == oracle.find(theirs).move.uci()


@pytest.mark.parametrize("variant, fen, moves", [
    # Antichess: a promotion to a king (bits 12-14 = 5) besides the usual ones
    ("antichess", "8/1P6/8/8/8/8/6k1/8 w - - 0 1", [("b7b8", 5, 4), ("b7b8", 4, 3), ("b7b8", 0, 1)]),
    # Crazyhouse: drops written as from = to with the piece in bits 12-14 (1 knight .. 4 queen;
    # 0 names no piece), legal and not
    ("crazyhouse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[NBp] w KQkq - 2 3",
     [("d4d4", 1, 5), ("d4d4", 2, 4), ("e4e4", 1, 3), ("h3h3", 0, 2), ("a3a3", 4, 1), ("f3e5", 0, 6)]),
])
def test_variant_book_moves_decoded_as_python_chess_does(python_chess, tmp_path, variant, fen, moves):
    import chess.polyglot

    ours, theirs = variant_boards(python_chess, variant)
    ours, theirs = type(ours)(fen), type(theirs)(fen)
    key = chess.polyglot.zobrist_hash(theirs)
    assert rankfile.polyglot.zobrist_hash(ours) == key
    path = write_book(tmp_path / f"{variant}.bin", [(key, raw(uci, p), w, 0) for uci, p, w in moves])
    with rankfile.polyglot.open_reader(path) as reader, chess.polyglot.open_reader(path) as oracle:
        want = entries(oracle.find_all(theirs, minimum_weight=0))
        assert len(want) >= 2
        assert entries(reader.find_all(ours, minimum_weight=0)) == want
        assert entries(reader.find_all(key, minimum_weight=0)) == entries(oracle.find_all(key, minimum_weight=0))


def test_reader_files_and_errors(tmp_path, shared_data):
    path = book_path(shared_data, "lasker-trap.bin")
    reader = rankfile.polyglot.open_reader(str(path))
    assert len(reader) == 7
    with reader as same:
        assert same is reader
    with pytest.raises(ValueError):
        len(reader)
    with pytest.raises(ValueError):
        reader.find_all(rankfile.Board())
    reader.close()  # twice is fine

    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with rankfile.polyglot.open_reader(empty) as reader:
        assert len(reader) == 0
        assert list(reader.find_all(rankfile.Board())) == []
        assert list(reader) == []

    odd = tmp_path / "odd.bin"
    odd.write_bytes(b"\0" * 17)
    with pytest.raises(OSError, match="not a whole number of 16-byte entries"):
        rankfile.polyglot.open_reader(odd)
    with pytest.raises(FileNotFoundError):
        rankfile.polyglot.open_reader(tmp_path / "missing.bin")
    with pytest.raises(IsADirectoryError):
        rankfile.polyglot.open_reader(tmp_path)
    with pytest.raises(TypeError):
        rankfile.polyglot.open_reader(42.5)
    with rankfile.polyglot.open_reader(path) as reader:
        with pytest.raises(TypeError):
            reader.find_all(object())


def test_random_books_read_as_python_chess_reads_them(python_chess, tmp_path):
    """Books of random bytes (unsorted, most moves naming nothing legal) with entries of the
    positions asked about sprinkled in, legal and illegal: the same entries come back, and the
    binary search lands where python-chess's does."""
    import chess.polyglot

    rng = random.Random("random-books")
    fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2P3k1/8/8/8/8/6K1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"]
    pairs = [(rankfile.Board(fen), python_chess.Board(fen)) for fen in fens]
    keys = [chess.polyglot.zobrist_hash(theirs) for _ours, theirs in pairs]
    found = 0
    for trial in range(40):
        rows = []
        for _ in range(rng.randrange(0, 200)):
            key = rng.choice(keys) if rng.random() < 0.3 else rng.getrandbits(64)
            if rng.random() < 0.5:
                move = rng.getrandbits(16)
            else:  # a from-to pair of some legal move, with random promotion bits
                theirs = pairs[rng.randrange(len(pairs))][1]
                m = rng.choice(list(theirs.legal_moves))
                move = m.to_square | m.from_square << 6 | rng.choice([0, 0, 0, 1, 4, 5, 7]) << 12
            rows.append((key, move, rng.getrandbits(16) if rng.random() < 0.8 else 0, rng.getrandbits(32)))
        if trial % 2:
            rows.sort(key=lambda row: row[0])
        path = tmp_path / f"random-{trial}.bin"
        with open(path, "wb") as f:
            for row in rows:
                f.write(struct.pack(">QHHI", *row))
        with rankfile.polyglot.open_reader(path) as reader, chess.polyglot.open_reader(path) as oracle:
            for (ours, theirs), key in zip(pairs, keys):
                for minimum in (0, 1):
                    want = entries(oracle.find_all(theirs, minimum_weight=minimum))
                    assert entries(reader.find_all(ours, minimum_weight=minimum)) == want
                    found += len(want)
                    assert entries(reader.find_all(key, minimum_weight=minimum)) == entries(
                        oracle.find_all(key, minimum_weight=minimum))
    assert found >= 40


@pytest.mark.parametrize("variant", ["chess", "crazyhouse", "horde"])
def test_zobrist_hasher_equals_python_chess(python_chess, variant):
    """ZobristHasher over the Polyglot table and over a seeded table of other numbers: every
    part (board, castling, en passant, turn) and the whole equal python-chess's on random games
    (Chess960 starts among them); POLYGLOT_RANDOM_ARRAY is python-chess's table."""
    import chess.polyglot

    assert rankfile.polyglot.POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    rng = random.Random(f"hasher-{variant}")
    other = [rng.getrandbits(64) for _ in range(781)]
    hashers = [(rankfile.polyglot.ZobristHasher(table), chess.polyglot.ZobristHasher(table))
               for table in (rankfile.polyglot.POLYGLOT_RANDOM_ARRAY, other)]
    parts = ("hash_board", "hash_castling", "hash_ep_square", "hash_turn", "__call__")
    counted = {part: 0 for part in parts}
    positions = 0
    for game in range(12):
        ours, theirs = variant_boards(python_chess, variant)
        if variant == "chess" and game % 3 == 0:
            number = rng.randrange(960)
            ours, theirs = rankfile.chess960.position(number), python_chess.Board.from_chess960_pos(number)
        for ours, theirs in random_games(ours, theirs, rng, 120):
            for mine, oracle in hashers:
                for part in parts:
                    expected = getattr(oracle, part)(theirs)
                    assert getattr(mine, part)(ours) == expected, (part, theirs.fen())
                    counted[part] += expected != 0
            assert hashers[0][0](ours) == rankfile.polyglot.zobrist_hash(ours)
            positions += 1
    assert positions > 300
    assert counted["hash_castling"] and counted["hash_turn"] and counted["hash_board"]
    if variant == "chess":
        assert counted["hash_ep_square"]
    with pytest.raises(AssertionError):
        rankfile.polyglot.ZobristHasher([0] * 780)
    assert rankfile.polyglot.ENTRY_STRUCT.format == chess.polyglot.ENTRY_STRUCT.format
    assert rankfile.polyglot.ENTRY_STRUCT.size == 16

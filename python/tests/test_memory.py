"""Reference counting, checked by measurement: a long loop of one kind of call leaves the
process's resident memory flat and the reference counts of the objects it touches unchanged.

A leaked object per call (a missing Py_DECREF on a new object) grows memory by its size times
the calls: 10^6 calls of anything that leaks even a small int's 32 bytes adds 32 MB, far above
the bound. A missing Py_DECREF on an object that lives on anyway (None, True, an interned Move,
the Board class) does not show in memory; it shows in sys.getrefcount of that object, compared
before and after the loop. An extra Py_DECREF frees an object still in use: that crashes the
loop (or ASan reports it, under `make test-sanitize`). A count may move by a handful over the
loop (the interpreter's own bookkeeping); one per call (a hundredth of the calls) fails.

Each kind runs a warm-up of WARMUP calls first (caches, interned moves, allocator arenas), then
CALLS calls between two readings of /proc/self/statm. CALLS is 10^6 for the cheap kinds, fewer
for the dear ones (reading a game, perft) so that the whole file takes about half a minute;
RF_PY_MEMORY_CALLS=N runs N calls of every kind (the issue's 10^6: a few minutes).
"""
import gc
import io
import itertools
import os
import random
import subprocess
import sys

import pytest

from conftest import need

WARMUP = 20_000
BOUND = 4 << 20  # bytes of growth allowed over the loop: allocator noise, not 10^6 leaks
MILLION = 1_000_000
PAGE = os.sysconf("SC_PAGESIZE")
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
GAME = """[Event "memory"]
[Site "?"]
[Date "2026.11.26"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 {a comment} Nc6 (2... Nf6 3. d3) 3. Qh5 Nf6?? 4. Qxf7# $1 1-0
"""


def resident_bytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def under_asan():
    with open("/proc/self/maps") as maps:
        return "libasan" in maps.read()


def rankfile_part(module, name):
    """rankfile's `module.name`, or a skip naming it (a failure under RF_CI=1)."""
    import importlib
    try:
        mod = importlib.import_module(module)
    except ImportError:
        need(f"{module} (python/{module.replace('.', '/')}.py)")
    if name and not hasattr(mod, name):
        need(f"{module}.{name}")
    return getattr(mod, name) if name else mod


def attr(obj, name):
    if not hasattr(obj, name):
        need(f"{type(obj).__name__}.{name}")
    return getattr(obj, name)


def refuses(fn, *args):
    """A call that must raise ValueError (the exception path leaks as easily as the other)."""
    def call():
        try:
            fn(*args)
        except ValueError:
            return
        raise AssertionError(f"{fn.__name__}{args!r} did not raise ValueError")
    return call


def push_pop(board, move):
    push, pop = attr(board, "push"), attr(board, "pop")

    def call():
        push(move)
        pop()
    return call


# Each kind: (name, calls, maker); the maker returns (the call to repeat, objects whose reference
# counts must not move).
def kinds():
    def board_ctor():
        Board = rankfile_part("rankfile", "Board")
        return Board, [Board]

    def board_fen():
        Board = rankfile_part("rankfile", "Board")
        return (lambda: Board(KIWIPETE)), [Board]

    def bad_fen():
        Board = rankfile_part("rankfile", "Board")
        return refuses(Board, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), [Board]

    def fen():
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        return board.fen, [board]

    def push_and_pop():
        rankfile = rankfile_part("rankfile", None)
        board = rankfile.Board()
        move = rankfile.Move.from_uci("g1f3")
        return push_pop(board, move), [board, move]

    def legal_moves():
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        moves = list(board.legal_moves)
        return (lambda: list(board.legal_moves)), [board] + moves

    def legal_moves_len_in():
        rankfile = rankfile_part("rankfile", None)
        board = rankfile.Board(KIWIPETE)
        move = rankfile.Move.from_uci("e2a6")

        def call():
            len(board.legal_moves)
            move in board.legal_moves
        return call, [board, move]

    def san():
        rankfile = rankfile_part("rankfile", None)
        board = rankfile.Board(KIWIPETE)
        move = rankfile.Move.from_uci("e5f7")
        san = attr(board, "san")
        return (lambda: san(move)), [board, move]

    def parse_san():
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        parse = attr(board, "parse_san")
        move = parse("Nxf7")
        return (lambda: parse("Nxf7")), [board, move]

    def push_san_pop():
        board = rankfile_part("rankfile", "Board")()
        push_san, pop = attr(board, "push_san"), attr(board, "pop")

        def call():
            push_san("Nf3")
            pop()
        return call, [board]

    def illegal_san():
        board = rankfile_part("rankfile", "Board")()
        return refuses(attr(board, "parse_san"), "Ke2"), [board]

    def move_from_uci():
        Move = rankfile_part("rankfile", "Move")
        move = Move.from_uci("e7e8q")
        return (lambda: Move.from_uci("e7e8q")), [Move, move]

    def bad_uci():
        Move = rankfile_part("rankfile", "Move")
        return refuses(Move.from_uci, "e9e4"), [Move]

    def copy():
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        board.push(next(iter(board.legal_moves)))
        return attr(board, "copy"), [board]

    def status():
        board = rankfile_part("rankfile", "Board")("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
        outcome, over, mate = attr(board, "outcome"), attr(board, "is_game_over"), attr(board, "is_checkmate")

        def call():
            outcome()
            over()
            mate()
        return call, [board]

    def piece_map():
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        pm, at = attr(board, "piece_map"), attr(board, "piece_at")

        def call():
            pm()
            at(4)
        return call, [board]

    def atomic():
        variant = rankfile_part("rankfile.variant", None)
        cls = variant.find_variant("atomic")
        board = cls("rnbqkb1r/pppppppp/8/8/3n4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        moves = list(board.legal_moves)

        def call():
            cls()
            list(board.legal_moves)
            board.is_variant_end()
        return call, [cls, board] + moves

    def crazyhouse():
        variant = rankfile_part("rankfile.variant", None)
        cls = variant.find_variant("crazyhouse")
        board = cls("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3")

        def call():
            board.fen()
            board.pockets[True].count(1)
            list(board.legal_moves)
        return call, [cls, board]

    def read_game():
        pgn = rankfile_part("rankfile.pgn", "read_game")

        def call():
            game = pgn(io.StringIO(GAME))
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
        return call, []

    def read_table():
        read_table = rankfile_part("rankfile.pgn", "read_table")
        data = GAME.encode() * 4

        def call():
            table = read_table(data)
            table["plies"]
            table["moves_san"]
        return call, [data]

    def iter_games():
        iter_games = rankfile_part("rankfile.pgn", "iter_games")
        data = GAME.encode() * 2
        return (lambda: list(iter_games(data))), [data]

    def polyglot_key():
        zobrist_hash = rankfile_part("rankfile.polyglot", "zobrist_hash")
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        return (lambda: zobrist_hash(board)), [board]

    def perft():
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        count = attr(board, "perft")
        return (lambda: count(2)), [board]

    def chess960_position():
        position = rankfile_part("rankfile.chess960", "position")
        return (lambda: position(518)), []

    def svg_board():
        svg = rankfile_part("rankfile.svg", "board")
        board = rankfile_part("rankfile", "Board")(KIWIPETE)
        return (lambda: svg(board)), [board]

    return [
        ("Board()", MILLION, board_ctor),
        ("Board(fen)", MILLION, board_fen),
        ("Board(bad fen) raises", MILLION, bad_fen),
        ("fen()", MILLION, fen),
        ("push/pop", MILLION, push_and_pop),
        ("list(legal_moves)", MILLION, legal_moves),
        ("len(legal_moves), in", MILLION, legal_moves_len_in),
        ("san()", MILLION, san),
        ("parse_san()", MILLION, parse_san),
        ("push_san/pop", MILLION, push_san_pop),
        ("parse_san(illegal) raises", MILLION, illegal_san),
        ("Move.from_uci()", MILLION, move_from_uci),
        ("Move.from_uci(bad) raises", MILLION, bad_uci),
        ("copy()", MILLION, copy),
        ("outcome/is_game_over/is_checkmate", MILLION, status),
        ("piece_map/piece_at", MILLION, piece_map),
        ("AtomicBoard", 200_000, atomic),
        ("CrazyhouseBoard pockets", 200_000, crazyhouse),
        ("read_game + push", 50_000, read_game),
        ("read_table(bytes)", 20_000, read_table),
        ("iter_games(bytes)", 20_000, iter_games),
        ("polyglot.zobrist_hash()", MILLION, polyglot_key),
        ("perft(2)", 50_000, perft),
        ("chess960.position()", 200_000, chess960_position),
        ("svg.board()", 10_000, svg_board),
    ]


KINDS = kinds()


def calls_of(default):
    return int(os.environ.get("RF_PY_MEMORY_CALLS", default))


def measure(call, watched, calls):
    """Runs call() WARMUP times, then `calls` times; the problems seen (empty when none)."""
    for _ in itertools.repeat(None, WARMUP):
        call()
    watched = list(watched) + [None, True, False, ()]
    gc.collect()
    refs = [sys.getrefcount(obj) for obj in watched]
    before = resident_bytes()
    for _ in itertools.repeat(None, calls):
        call()
    gc.collect()
    grown = resident_bytes() - before
    after = [sys.getrefcount(obj) for obj in watched]
    problems = []
    # The interpreter itself moves a few counts (None's by a handful); a missing or extra
    # Py_DECREF per call moves one by `calls`.
    moved = [(repr(obj)[:60], b, a) for obj, b, a in zip(watched, refs, after)
             if abs(a - b) > calls // 100]
    if moved:
        problems.append(f"{calls} calls moved reference counts (object, before, after): {moved}")
    if grown >= BOUND:
        problems.append(f"{calls} calls grew the resident memory by {grown} bytes "
                        f"({grown / calls:.1f} per call)")
    return problems


@pytest.mark.parametrize("name,calls,maker", KINDS, ids=[k[0] for k in KINDS])
def test_a_long_loop_leaves_memory_flat(name, calls, maker):
    if under_asan():
        pytest.skip("under AddressSanitizer: its quarantine keeps freed memory resident by "
                    "design; the plain build measures this")
    call, watched = maker()
    problems = measure(call, watched, calls_of(calls))
    assert not problems, f"{name}: " + "; ".join(problems)


def test_the_measure_sees_a_leak():
    """Both measures catch a real leak: an object kept per call grows the memory, a reference
    kept per call moves a count."""
    kept = []
    problems = measure(lambda: kept.append(object()), [], MILLION)
    assert len(problems) == 1 and "resident memory" in problems[0]
    kept.clear()
    problems = measure(lambda: kept.append(True), [], MILLION)
    assert any("('True'," in p for p in problems), problems


def test_the_collector_sees_every_object_a_board_holds():
    """A board's tp_traverse visits its type and each Move pushed (the objects it holds a
    reference to), as the cycle collector needs."""
    import rankfile
    board = rankfile.Board()
    moves = [rankfile.Move.from_uci(uci) for uci in ("e2e4", "e7e5", "g1f3")]
    for move in moves:
        board.push(move)
    held = gc.get_referents(board)
    assert type(board) in held
    assert all(any(obj is move for obj in held) for move in moves), held
    board.pop()
    assert not any(obj is moves[-1] for obj in gc.get_referents(board))


# ---- reading a file in batches: the memory of one batch, not of the file ----------------------

# Run in a fresh interpreter (its peak resident memory is its own): reads the file one way after
# a warm-up that reads its first two batches the same way (pyarrow's pools and threads, the
# Parquet writer's buffers, the allocator's arenas grow to their size there), and prints how
# far the peak rose above the warm-up's.
PEAK_SCRIPT = """
import sys
import rankfile.pgn
path, warm, dest, batch, how = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
def peak():
    # VmHWM, the peak of this program's memory (getrusage's ru_maxrss would start from the
    # parent's at the fork: Linux keeps it across exec).
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
def convert(source):
    if how == "to_parquet":
        rankfile.pgn.to_parquet(source, dest, row_group_games=batch)
    elif how == "iter_games":
        for record in rankfile.pgn.iter_games(source):
            pass
    else:
        import pyarrow.parquet
        pyarrow.parquet.write_table(rankfile.pgn.read_table(source).to_arrow(), dest)
convert(warm)
before = peak()
convert(path)
print(peak() - before)
"""


def lichess_like_games(count, seed):
    """`count` games as lichess writes them (its tags, a [%clk] after every move), their move
    texts those of 50 seeded random games played by rankfile."""
    import rankfile
    rng = random.Random(seed)
    texts = []
    for _ in range(50):
        board = rankfile.Board()
        parts, clock = [], [180, 180]
        for ply in range(rng.randint(40, 120)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            move = rng.choice(moves)
            left = clock[ply % 2] = max(0, clock[ply % 2] - rng.randint(0, 6))
            if ply % 2 == 0:
                parts.append(f"{ply // 2 + 1}.")
            parts.append(f"{board.san(move)} {{ [%clk 0:{left // 60:02d}:{left % 60:02d}] }}")
            board.push(move)
        texts.append(" ".join(parts))
    games = []
    for i in range(count):
        games.append(f'[Event "Rated Blitz game"]\n[Site "https://lichess.org/m{i:07d}"]\n'
                     f'[Date "2026.11.26"]\n[Round "-"]\n[White "w{i % 997}"]\n[Black "b{i % 991}"]\n'
                     f'[Result "*"]\n[WhiteElo "{1500 + i % 700}"]\n[BlackElo "{1600 + i % 500}"]\n'
                     f'[TimeControl "180+0"]\n\n{texts[i % len(texts)]} *\n\n')
    return "".join(games)


def test_reading_in_batches_keeps_memory_flat(tmp_path):
    """to_parquet (a row group of 1,200 games) and iter_games (a batch of 1,024) over a file
    ten batches long: their peak memory rises by far less than the file's size. The same
    measure of read_table's whole table, written at once, rises by more than half the file's
    size: it sees a file held whole."""
    if under_asan():
        pytest.skip("under AddressSanitizer: its quarantine keeps freed memory resident by "
                    "design; the plain build measures this")
    pgn = rankfile_part("rankfile.pgn", "to_parquet")
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        need("pyarrow (python3 -m pip install pyarrow)")
    del pgn
    games, batch = 12_000, 1_200
    text = lichess_like_games(games, seed=11)
    path = tmp_path / "games.pgn"
    path.write_text(text)
    warm = tmp_path / "warm.pgn"
    warm.write_text(text[:text.index(f"/m{2 * batch:07d}\"")].rsplit("[Event", 1)[0])
    size = path.stat().st_size

    def grown(how):
        out = subprocess.run([sys.executable, "-c", PEAK_SCRIPT, str(path), str(warm),
                              str(tmp_path / "out.parquet"), str(batch), how],
                             capture_output=True, text=True, env=os.environ)
        assert out.returncode == 0, out.stderr
        return int(out.stdout)

    whole = grown("read_table")
    assert whole > size / 2, f"the measure missed a whole table: {whole} bytes for a {size}-byte file"
    for how in ("to_parquet", "iter_games"):
        rose = grown(how)
        assert rose < size / 5, f"{how}: peak memory rose by {rose} bytes for a {size}-byte file"

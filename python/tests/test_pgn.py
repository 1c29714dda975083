"""rankfile.pgn's games against python-chess's chess.pgn: python-chess's PGN test files read by
both (tags, main line, comments, NAGs, variations, export, errors), read_headers, skip_game."""
import io
import logging

import pytest

import rankfile
import rankfile.pgn
from conftest import need

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

VARIANT_FILES = {"antichess-programfox.pgn", "knightvuillaume-jannlee-zh-lichess.pgn",
                 "saturs-jannlee-zh-lichess.pgn"}


def pgn_files(shared_data):
    files = sorted((shared_data / "python-chess" / "pgn").glob("*.pgn"))
    if not files:
        need("python-chess's PGN files in the shared data folder")
    try:
        import rankfile.variant  # noqa: F401
    except ImportError:
        files = [f for f in files if f.name not in VARIANT_FILES]
    return files


def tree(node):
    """Every node below `node`, depth first: move, comments, NAGs, depth."""
    out = []
    stack = [(v, 0) for v in reversed(node.variations)]
    while stack:
        child, depth = stack.pop()
        out.append((depth, child.move.uci(), child.comment, child.starting_comment,
                    sorted(child.nags), len(child.variations)))
        stack.extend((v, depth + 1) for v in reversed(child.variations))
    return out


def test_shared_files_as_python_chess(shared_data, python_chess):
    import chess.pgn
    for path in pgn_files(shared_data):
        ours = open(path, encoding="utf-8-sig")
        theirs = open(path, encoding="utf-8-sig")
        games = 0
        while True:
            a = chess.pgn.read_game(theirs)
            b = rankfile.pgn.read_game(ours)
            assert (a is None) == (b is None), (path, games)
            if a is None:
                break
            games += 1
            where = (path.name, games)
            assert list(b.headers.items()) == list(a.headers.items()), where
            assert [m.uci() for m in b.mainline_moves()] == [m.uci() for m in a.mainline_moves()], where
            assert b.comment == a.comment, where
            assert tree(b) == tree(a), where
            assert str(b) == str(a), where
            assert len(b.errors) == len(a.errors) == 0, where
            assert b.board().fen() == a.board().fen(), where
            assert b.end().board().fen() == a.end().board().fen(), where
            sans_a = [node.san() for node in a.mainline()]
            assert [node.san() for node in b.mainline()] == sans_a, where
        assert games > 0


def test_read_headers_and_skip_game_as_python_chess(shared_data, python_chess):
    import chess.pgn
    for path in pgn_files(shared_data):
        ours = open(path, encoding="utf-8-sig")
        theirs = open(path, encoding="utf-8-sig")
        step = 0
        while True:
            if step % 3 == 0:
                a, b = chess.pgn.read_headers(theirs), rankfile.pgn.read_headers(ours)
                assert (a is None) == (b is None)
                if a is None:
                    break
                assert list(b.items()) == list(a.items())
            elif step % 3 == 1:
                a, b = chess.pgn.skip_game(theirs), rankfile.pgn.skip_game(ours)
                assert a == b
                if not a:
                    break
            else:
                a, b = chess.pgn.read_game(theirs), rankfile.pgn.read_game(ours)
                assert (a is None) == (b is None)
                if a is None:
                    break
                assert str(b) == str(a)
            step += 1


GAMES = """[Event "one"]
[Result "*"]

1. e4 e5 2. Nf3 { a comment } ( 2. f4 $2 exf4 ) 2... Nc6 $1 1-0 [Event "two"]
[White "Ann"]

1. d4 d5 2. Kd2 Kd7 3. Qxh7 Nf6 *

[Event "three"]

{ before } 1. e4 (1. d4 {in} d5) 1... c5 2. Nf3
[Event "four"]
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]

1. e4 *

[Event "five"]

1. f3 e5 2. g4 Qh4# 0-1
"""


def legal_tree(game):
    """True when every move of python-chess's game is legal where it stands. After a bad move
    inside a side line, python-chess's reader goes on with the side line's board while its
    GameBuilder has closed the line: moves land on nodes where they are not legal, a tree that
    python-chess exports with whatever its san() makes of them and that rankfile's boards
    refuse to play."""
    stack = [(game, game.board())]
    while stack:
        node, board = stack.pop()
        for child in node.variations:
            if not board.is_legal(child.move):
                return False
            after = board.copy(stack=False)
            after.push(child.move)
            stack.append((child, after))
    return True


def same_reading(text, python_chess):
    """Reads every game of `text` with both libraries, one handle each, and checks that they
    agree game by game: tags, node tree, comments, export, errors (their classes), start and
    end positions, and where each handle stands after each game. Returns rankfile's games."""
    import chess.pgn
    ours, theirs, slow = io.StringIO(text), io.StringIO(text), io.StringIO(text)
    games = []
    while True:
        try:
            a = chess.pgn.read_game(theirs)
        except Exception as error:  # python-chess's GameBuilder can lose its stack (IndexError)
            with pytest.raises(type(error)):
                rankfile.pgn.read_game(ours)
            return games  # (where the handles stand then may differ)
        b = rankfile.pgn.read_game(ours)
        assert (a is None) == (b is None), len(games)
        assert ours.tell() == theirs.tell(), len(games)
        if a is None:
            return games
        where = len(games)
        assert list(b.headers.items()) == list(a.headers.items()), where
        assert [m.uci() for m in b.mainline_moves()] == [m.uci() for m in a.mainline_moves()], where
        assert b.comment == a.comment and tree(b) == tree(a), where
        assert [type(e).__name__ for e in b.errors] == [type(e).__name__ for e in a.errors], where
        c = rankfile.pgn.read_game(slow, Visitor=lambda: rankfile.pgn.GameBuilder())
        assert tree(c) == tree(a) and slow.tell() == theirs.tell(), where
        if not legal_tree(a):
            games.append(b)
            continue
        assert b.board().fen() == a.board().fen(), where
        assert b.end().board().fen() == a.end().board().fen(), where
        assert [n.ply() for n in b.mainline()] == [n.ply() for n in a.mainline()], where
        assert str(b) == str(a), where
        assert str(c) == str(a), where  # the visitor driver in Python (any other visitor)
        games.append(b)


def test_a_loop_over_one_handle(python_chess):
    # python-chess ends a game at an empty line only: the tags of "two" (after "1-0" on its
    # line) and of "four" (after a game without an empty line) are passed over in movetext.
    games = same_reading(GAMES, python_chess)
    assert [g.headers["Event"] for g in games] == ["one", "?", "three", "?", "five"]
    one, two, three, four, five = games
    assert one.headers["Result"] == "1-0"  # the marker, as the tag said "*"
    node = one.variations[0].variations[0].variations[0]
    assert node.comment == "a comment" and node.san() == "Nf3"
    side = node.parent.variations[1]
    assert side.san() == "f4" and side.nags == {2} and side.starts_variation()
    # an illegal move: the error, the moves before it; the line's rest skipped
    assert len(two.errors) == 1 and isinstance(two.errors[0], rankfile.IllegalMoveError)
    assert "Qxh7" in str(two.errors[0])
    assert three.comment == "before" and three.variations[1].comment == "in"
    assert five.end().ply() == 4 and five.end().is_mainline()


# The issue's cases: games cut at empty lines (a move number 1 after an empty line is a new
# game), games of tags only, a game after one with an illegal move, stray parentheses, tag
# values kept as written, unreadable tokens passed over, start positions from a FEN.
ISSUE_CASES = [
    "1. e4 e5\n\n1. a3\n",
    '[Event "A"]\n\n\n[Event "B"]\n\n[Event "C"]\n',
    "1. e4 Qa1 e5 2. Qxf8\n\n1. a3\n\n1. b3 { c } b6\n",
    "((( 1. c4 *",
    "1. e4 (1. d4))) !? *",
    '[Event "a \\"quoted\\" \\\\ name"]\n[Site "x\\y"]\n\n1. e4 *\n',
    "1. e4 e5 2. Qxh9 Ke9 foo # Nf3 ) $ Nc6 3. Bb5 *\n",
    '[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 51"]\n\n51. Ke2 Kd7 52. Kd3 *\n',
    '[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 51"]\n\n51... Kd7 52. Kd2 *\n',
    "1. e4 e5 ; a { comment\n% escaped\n2. Nf3 { over\n\n two lines } Nc6 *\n",
    "1. e4 {a}{ b } (1. d4 {c} (1. c4) d5) $14 !! e5 ?? 1-0\n",
    "{only a comment}\n\n  \n% x\n; y\n1. d4\n",
    "1. e4 e5 (2. Nf3 Qa1 Nc6 ) 2. d4 *\n",  # an error inside a side line
    "1. e4 Qa1 ) e5 *\n",  # the skipped line closed at the top level
    "1. e4 " + "( 1. d4 " * 300 + ")" * 300 + " e5 *\n",
]


@pytest.mark.parametrize("text", ISSUE_CASES)
def test_issue_cases_as_python_chess(text, python_chess):
    if text == "1. e4 Qa1 ) e5 *\n":
        # python-chess's GameBuilder loses its stack there: both raise the same error
        import chess.pgn
        with pytest.raises(IndexError):
            chess.pgn.read_game(io.StringIO(text))
        with pytest.raises(IndexError):
            rankfile.pgn.read_game(io.StringIO(text))
        return
    same_reading(text, python_chess)


def test_bad_handles_as_python_chess(python_chess):
    import chess.pgn

    class Broken:
        def readline(self):
            raise OSError("disk on fire")

    class Wrong:
        def readline(self):
            return 42

    for handle in (lambda: io.BytesIO(b"1. e4 e5 *\n"), lambda: 42, Broken, Wrong):
        with pytest.raises(Exception) as theirs:
            chess.pgn.read_game(handle())
        with pytest.raises(type(theirs.value)):
            rankfile.pgn.read_game(handle())
    assert rankfile.pgn.read_game(io.StringIO("")) is None
    assert rankfile.pgn.read_game(io.StringIO("\n\n  \n")) is None
    same_reading("\x00\xff [ ( { 1. e4 e5 Nf9 *", python_chess)


def test_handle_positions_as_python_chess(shared_data, python_chess):
    # read_game, read_headers and skip_game leave the handle where python-chess leaves it
    import chess.pgn
    text = "".join(p.read_text(encoding="utf-8-sig") + "\n\n" for p in pgn_files(shared_data))
    ours, theirs = io.StringIO(text), io.StringIO(text)
    step = 0
    while True:
        name = ("read_game", "read_headers", "skip_game")[step % 3]
        a = getattr(chess.pgn, name)(theirs)
        b = getattr(rankfile.pgn, name)(ours)
        assert ours.tell() == theirs.tell(), (name, step)
        assert ours.readline() == theirs.readline()
        if not a:
            assert not b
            break
        step += 1
    assert step > 20


def test_headers_behave_as_python_chess():
    headers = rankfile.pgn.Headers()
    assert list(headers) == rankfile.pgn.TAG_ROSTER
    headers["Annotator"] = "me"
    headers["Black"] = "Bob"
    del headers["Site"]
    assert list(headers) == ["Event", "Date", "Round", "White", "Black", "Result", "Annotator"]
    with pytest.raises(ValueError):
        headers["bad tag"] = "x"
    with pytest.raises(ValueError):
        headers["Annotator"] = "two\nlines"
    assert rankfile.pgn.Headers({}) == {} and len(headers) == 7
    assert headers.copy() == headers and "Annotator='me'" in repr(headers)
    assert rankfile.pgn.Headers({"Variant": "Chess960"}).is_chess960()
    assert not rankfile.pgn.Headers({"Variant": "wild/0"}).is_chess960()
    assert rankfile.pgn.Headers({"Variant": "wild/0"}).is_wild()


def test_nodes_made_in_python(python_chess):
    import chess.pgn
    game = rankfile.pgn.Game()
    theirs = chess.pgn.Game()
    for g, mod in ((game, rankfile), (theirs, python_chess)):
        node = g.add_variation(mod.Move.from_uci("e2e4"), comment="king pawn")
        node = node.add_variation(mod.Move.from_uci("e7e5"), nags=[1])
        side = g.add_variation(mod.Move.from_uci("d2d4"), starting_comment="or")
        side.add_line([mod.Move.from_uci("d7d5"), mod.Move.from_uci("c2c4")], comment="QG")
        g.headers["White"] = "Ann"
    assert str(game) == str(theirs)
    game.promote_to_main(rankfile.Move.from_uci("d2d4"))
    theirs.promote_to_main(python_chess.Move.from_uci("d2d4"))
    assert str(game) == str(theirs)
    game.demote(0)
    theirs.demote(0)
    game.variations[0].promote(0)
    assert str(game) == str(theirs)
    assert game.has_variation(rankfile.Move.from_uci("d2d4"))
    game.remove_variation(rankfile.Move.from_uci("d2d4"))
    assert len(game.variations) == 1 and game.next().uci() == "e2e4"
    assert str(game.mainline_moves()) == "1. e4 { king pawn } 1... e5 $1"
    assert game.variation(0).game() is game and game.root() is game
    assert game.end().move.uci() == "e7e5" and game.end().is_end()
    assert list(reversed(game.mainline_moves()))[0].uci() == "e7e5"
    assert "e4" in repr(game.next()) and "Ann" in repr(game)
    assert rankfile.pgn.Game.without_tag_roster().headers == {}


def test_from_board_and_exporters(python_chess):
    import chess.pgn
    board = rankfile.Board()
    theirs = python_chess.Board()
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]:
        board.push(rankfile.Move.from_uci(uci))
        theirs.push(python_chess.Move.from_uci(uci))
    game = rankfile.pgn.Game.from_board(board)
    expected = chess.pgn.Game.from_board(theirs)
    assert str(game) == str(expected)
    assert len(board.move_stack) == 6  # the board is left as it was
    wrapped = game.accept(rankfile.pgn.StringExporter(columns=20, headers=False))
    assert wrapped == expected.accept(chess.pgn.StringExporter(columns=20, headers=False))
    out = io.StringIO()
    written = game.accept(rankfile.pgn.FileExporter(out))
    assert written == len(out.getvalue()) and out.getvalue().startswith('[Event "?"]')
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    later = rankfile.Board(fen)
    later.push(rankfile.Move.from_uci("e1g1"))
    game = rankfile.pgn.Game.from_board(later)
    assert game.headers["FEN"] == fen and game.headers["SetUp"] == "1"
    assert game.board().fen() == fen
    assert str(game).endswith("4. O-O *")


def test_setup_from_fens_as_python_chess(python_chess):
    # Game.setup with a FEN: Chess960 castling rights make a Chess960 game (Variant tag), and
    # ply(), turn() and the start position follow the FEN, for Chess960 starts with some of
    # their rights and positions after a few moves
    import random
    import chess.pgn
    rng = random.Random(36)
    for _ in range(300):
        board = python_chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(6)):
            board.push(rng.choice(list(board.legal_moves)))
        fen = board.fen()
        rights = fen.split()[2]
        kept = "".join(c for c in rights if rng.random() < 0.7) or "-"
        fields = fen.split()
        fields[2] = kept
        fields[5] = str(rng.randint(1, 80))
        fen = " ".join(fields)
        try:
            theirs = chess.pgn.Game()
            theirs.setup(fen)
        except ValueError:
            continue
        ours = rankfile.pgn.Game()
        ours.setup(fen)
        assert list(ours.headers.items()) == list(theirs.headers.items()), fen
        assert ours.board().fen() == theirs.board().fen() and ours.board().chess960 == theirs.board().chess960, fen
        legal = list(theirs.board().legal_moves)
        if not legal:
            continue
        node_a = theirs.add_variation(rng.choice(legal))
        node_b = ours.add_variation(rankfile.Move.from_uci(node_a.move.uci()))
        assert (ours.ply(), ours.turn(), node_b.ply(), node_b.turn()) == \
            (theirs.ply(), theirs.turn(), node_a.ply(), node_a.turn()), fen


def test_variations_by_node_as_python_chess(python_chess):
    # node[i], node[move], node[child], `in`, promote, demote, promote_to_main and
    # remove_variation take an index, a move or the child node itself, as in python-chess
    import chess.pgn
    text = "1. e4 (1. d4 d5) (1. c4 e5) (1. Nf3) e5 *"
    ours = rankfile.pgn.read_game(io.StringIO(text))
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert ours[2].san() == theirs[2].san() == "c4"
    assert ours[ours[1]] is ours[1] and ours[rankfile.Move.from_uci("g1f3")] is ours[3]
    assert ours[1] in ours and rankfile.Move.from_uci("a2a3") not in ours
    with pytest.raises(IndexError):  # python-chess's `in` only catches KeyError
        7 in theirs
    with pytest.raises(IndexError):
        7 in ours
    with pytest.raises(KeyError):
        ours[rankfile.Move.from_uci("a2a3")]
    with pytest.raises(IndexError):
        ours[7]
    for op, key in [("promote", 2), ("demote", 0), ("promote_to_main", 3), ("promote", 1),
                    ("demote", 2), ("remove_variation", 1), ("promote_to_main", 2)]:
        getattr(ours, op)(ours[key])  # by node
        getattr(theirs, op)(theirs[key].move)  # by move
        assert str(ours) == str(theirs), op

"""rankfile.pgn against python-chess's chess.pgn on seeded random PGN text: games of random legal
moves written with comments (clocks, evals, arrows), NAGs, suffixes, side lines, results, and
noise (unreadable tokens, stray parentheses, % and ; lines, comments over lines, empty lines,
tags good and bad). Both libraries read the same text; every game must agree: tags, node tree,
errors, positions, the handle's position, the export with each StringExporter option, the node
API (ply, turn, san, uci, clock, emt, eval, arrows, their setters), the other visitors."""
import io
import random

import pytest

import rankfile
import rankfile.pgn
from rankfile import _rankfile
from test_pgn import legal_tree, same_reading

NOISE = ["Qxh9", "Ke9", "foo", "#", ")", "$", "(", "+", "e.p.", "1.", "23...", "!!", "?!",
         "{ unclosed", "}", ";", "1/2", "0-0", "O-O-O", "e8=Q", "$300"]
SQUARES = [f + r for f in "abcdefgh" for r in "12345678"]


def annotation(rng):
    kind = rng.randrange(6)
    if kind == 0:
        return f"[%clk {rng.randrange(3)}:{rng.randrange(60):02d}:{rng.randrange(60):02d}{rng.choice(['', '.5', '.25'])}]"
    if kind == 1:
        return f"[%emt 0:00:{rng.randrange(60):02d}]"
    if kind == 2:
        return rng.choice([f"[%eval {rng.uniform(-9, 9):.2f}]", f"[%eval #{rng.randint(-5, 5)}]",
                           f"[%eval {rng.randint(-300, 300) / 100},{rng.randrange(40)}]"])
    if kind == 3:
        arrows = ",".join(rng.choice("RGYB") + rng.choice(SQUARES) + rng.choice(["", rng.choice(SQUARES)])
                          for _ in range(rng.randint(1, 3)))
        return f"[%{rng.choice(['csl', 'cal'])} {arrows}]"
    return rng.choice(["good", "an idea\nover two lines", "  spaced  ", "", "x { y", "% not a line"])


def comment(rng):
    body = " ".join(annotation(rng) for _ in range(rng.randint(1, 3)))
    return "{" + rng.choice(["", " "]) + body + rng.choice(["", " "]) + "}"


def movetext(rng, chess, board, plies, depth=0):
    """Random legal moves from `board` (python-chess), written as PGN with extras."""
    out = []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if board.turn or rng.random() < 0.3:
            out.append(f"{board.fullmove_number}{'.' if board.turn else '...'}")
        out.append(board.san(move) + rng.choice(["", "", "", "!", "?!", "!?"]))
        if rng.random() < 0.2:
            out.append(f"${rng.randrange(140)}")
        if rng.random() < 0.3:
            out.append(comment(rng))
        if depth < 3 and rng.random() < 0.15 and len(moves) > 1:
            side = board.copy()
            alternative = rng.choice([m for m in moves if m != move])
            out.append("(")
            if rng.random() < 0.3:
                out.append(comment(rng))
            out.append(f"{side.fullmove_number}{'.' if side.turn else '...'}")
            out.append(side.san(alternative))
            side.push(alternative)
            out.extend(movetext(rng, chess, side, rng.randrange(4), depth + 1))
            out.append(")")
        if rng.random() < 0.03:
            out.append(rng.choice(NOISE))
        board.push(move)
    return out


def random_game(rng, chess):
    lines = []
    if rng.random() < 0.3:
        lines.append(rng.choice(["% an escape line", "; a comment line", "", "   "]))
    tags = [("Event", rng.choice(["Rated", "a \\\"quoted\\\" event", "?"])), ("White", "A"), ("Black", "B")]
    fen = None
    if rng.random() < 0.2:
        start = chess.Board()
        for _ in range(rng.randrange(20)):
            moves = list(start.legal_moves)
            if not moves:
                break
            start.push(rng.choice(moves))
        fen = start.fen()
        tags.append(("FEN", fen))
    if rng.random() < 0.1:
        tags.append(("TimeControl", rng.choice(["40/7200:3600", "300+3", "-", "?", "60+0"])))
    for name, value in tags:
        lines.append(f'[{name} "{value}"]')
    if rng.random() < 0.1:
        lines.append("[bad tag line")
    if rng.random() < 0.8:
        lines.append("")
    board = chess.Board(fen) if fen else chess.Board()
    tokens = movetext(rng, chess, board, rng.randrange(40))
    if rng.random() < 0.2:
        tokens.insert(0, comment(rng))
    tokens.append(rng.choice(["1-0", "0-1", "1/2-1/2", "*", "", ""]))
    # the tokens on lines of random length, now and then a % or ; line between them
    line = []
    for token in tokens:
        line.append(token)
        if rng.random() < 0.15:
            lines.append(" ".join(line))
            line = []
            if rng.random() < 0.1:
                lines.append(rng.choice(["% escaped", "; rest of line"]))
    lines.append(" ".join(line))
    return "\n".join(lines) + "\n" + "\n" * rng.randrange(3)


def random_text(seed, chess, games):
    rng = random.Random(seed)
    return "".join(random_game(rng, chess) for _ in range(games))


@pytest.mark.parametrize("seed", range(12))
def test_random_texts_read_as_python_chess(seed, python_chess):
    text = random_text(seed, python_chess, 25)
    same_reading(text, python_chess)


def test_tokens_as_the_regex():
    # the C tokenizer of read_game against the regex it stands for
    rng = random.Random(5)
    pieces = ["e4", "Nf3", "exd5", "e8=Q", "e8Q", "O-O-O", "0-0-0", "0-1", "1/2-1/2", "*", "--", "Z0",
              "0000", "@@@@", "N@f3", "@e4", "{", "}", ";", "\n", " ", "(", ")", "$", "$12", "!?", "=",
              "x", "-", "12...", "Qxh9", "ü", "\x00", "Nbd7", "R1a3", "h", "9"]
    alphabet = "abhNBKRQPZO01289-x=@{};$()!?*/ \n#+é"
    for _ in range(20000):
        if rng.random() < 0.5:
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        else:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))
        assert _rankfile._pgn_tokens(text) == rankfile.pgn._TOKENS.findall(text), repr(text)
    assert _rankfile._pgn_tokens("\ud800 e4") is None  # no UTF-8 form: the regex reads it


def nodes(game):
    out, stack = [], [game]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.variations))
    return out


def arrows_of(node):
    return [(a.tail, a.head, a.color) for a in node.arrows()]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_export_and_node_api(seed, python_chess):
    import chess.pgn
    text = random_text(100 + seed, python_chess, 12)
    ours, theirs = io.StringIO(text), io.StringIO(text)
    rng = random.Random(seed)
    while True:
        a, b = chess.pgn.read_game(theirs), rankfile.pgn.read_game(ours)
        if a is None:
            assert b is None
            break
        if not legal_tree(a):
            continue
        for columns in (None, 80, 20):
            for headers in (True, False):
                for comments in (True, False):
                    for variations in (True, False):
                        options = dict(columns=columns, headers=headers, comments=comments,
                                       variations=variations)
                        assert b.accept(rankfile.pgn.StringExporter(**options)) == \
                            a.accept(chess.pgn.StringExporter(**options)), options
        out_a, out_b = io.StringIO(), io.StringIO()
        assert b.accept(rankfile.pgn.FileExporter(out_b)) == a.accept(chess.pgn.FileExporter(out_a))
        assert out_b.getvalue() == out_a.getvalue()
        assert str(b.mainline()) == str(a.mainline())
        assert repr(b.mainline_moves()).split("(", 1)[1] == repr(a.mainline_moves()).split("(", 1)[1]
        assert b.time_control() == rankfile.pgn.parse_time_control(b.headers.get("TimeControl", ""))
        assert repr(b.time_control().type) .split(".")[-1] == repr(a.time_control().type).split(".")[-1]
        for x, y in zip(nodes(b), nodes(a)):
            assert (x.ply(), x.turn(), x.is_mainline(), x.is_main_variation(), x.starts_variation(),
                    x.is_end()) == (y.ply(), y.turn(), y.is_mainline(), y.is_main_variation(),
                                    y.starts_variation(), y.is_end())
            if x.parent is not None:
                assert (x.san(), x.uci()) == (y.san(), y.uci())
                assert str(x.accept(rankfile.pgn.StringExporter())) == str(y.accept(chess.pgn.StringExporter()))
            assert (x.clock(), x.emt(), x.eval(), x.eval_depth()) == (y.clock(), y.emt(), y.eval(), y.eval_depth())
            assert arrows_of(x) == arrows_of(y)
            if rng.random() < 0.3:
                sub_a = y.accept_subgame(chess.pgn.StringExporter())
                assert x.accept_subgame(rankfile.pgn.StringExporter()) == sub_a
            # the setters, on the comment as read
            seconds = rng.choice([None, 0, 59.5, 3601.25, 7322.123456, -3])
            x.set_clock(seconds)
            y.set_clock(seconds)
            x.set_emt(seconds)
            y.set_emt(seconds)
            score = rng.choice([None, python_chess.engine.PovScore(python_chess.engine.Cp(rng.randint(-500, 500)), rng.random() < 0.5),
                                python_chess.engine.PovScore(python_chess.engine.Mate(rng.randint(-3, 3)), True)])
            depth = rng.choice([None, 12, -1])
            x.set_eval(score, depth)
            y.set_eval(score, depth)
            arrows = [(rng.randrange(64), rng.randrange(64)) for _ in range(rng.randrange(3))]
            x.set_arrows(arrows)
            y.set_arrows(arrows)
            assert x.comment == y.comment
        # the other visitors on the same game
        board_a = chess.pgn.read_game(io.StringIO(str(a)), Visitor=chess.pgn.BoardBuilder)
        board_b = rankfile.pgn.read_game(io.StringIO(str(a)), Visitor=rankfile.pgn.BoardBuilder)
        assert board_b.fen() == board_a.fen()
        assert [m.uci() for m in board_b.move_stack] == [m.uci() for m in board_a.move_stack]
        headers_b = rankfile.pgn.read_game(io.StringIO(str(a)), Visitor=rankfile.pgn.HeadersBuilder)
        assert list(headers_b.items()) == list(chess.pgn.read_headers(io.StringIO(str(a))).items())
        assert rankfile.pgn.read_game(io.StringIO(str(a)), Visitor=rankfile.pgn.SkipVisitor) is True


def test_visitor_trace_as_python_chess(python_chess):
    # every visitor call of read_game and of accept, in order, against python-chess's
    import chess.pgn

    def tracer(base):
        class Trace(base):
            def __init__(self):
                self.calls = []

            def result(self):
                return self.calls

        for name in ("begin_game", "begin_headers", "visit_header", "end_headers", "visit_move",
                     "visit_board", "visit_comment", "visit_nag", "begin_variation", "end_variation",
                     "visit_result", "end_game", "begin_parse_san", "handle_error"):
            def record(self, *args, name=name):
                self.calls.append((name,) + tuple(a.fen() if hasattr(a, "fen") else a.uci() if hasattr(a, "uci")
                                                  else type(a).__name__ if isinstance(a, Exception) else a
                                                  for a in args))
            setattr(Trace, name, record)
        return Trace

    text = random_text(7, python_chess, 10)
    ours, theirs = io.StringIO(text), io.StringIO(text)
    while True:
        a = chess.pgn.read_game(theirs, Visitor=tracer(chess.pgn.BaseVisitor))
        b = rankfile.pgn.read_game(ours, Visitor=tracer(rankfile.pgn.BaseVisitor))
        assert b == a
        if a is None:
            break
    for game_text in text.split("\n\n")[:5]:
        a = chess.pgn.read_game(io.StringIO(game_text))
        b = rankfile.pgn.read_game(io.StringIO(game_text))
        if a is not None:
            assert b.accept(tracer(rankfile.pgn.BaseVisitor)()) == a.accept(tracer(chess.pgn.BaseVisitor)())


# Lines read in C (rankfile's _pgn_head and _pgn_movetext): white space as str.isspace and the
# regex module's \s see it (ASCII's \x1c-\x1f, Unicode's), byte order marks, carriage returns
# (StringIO keeps them), tags good and bad, text without a UTF-8 form (lone surrogates).
ODD_SPACES = ["\x1c", "\x1f", "\x0b", "\x85", "\xa0", "\u1680", "\u2000", "\u200a", "\u2028", "\u202f",
              "\u205f", "\u3000", "\u200b", "\u180e", "\r", "\t"]
ODD_TAGS = ['[Event "x"]', '[Site ""]', '[A "]', '[A ""]', '[A "x"]"]', '[A "x" ]', '[A "x"] ',
            '[A "x"] y', '[A+#=:-_9 "v"]', '[_A "v"]', '[A"v"]', '["v"]', '[A "é ü"]',
            '[A "a\rb"]', '[Result "a\rb"]', '[A "\ud800x"]', '[White "\udcff"]', '[Variant "chess960"]',
            '[Variant "wild/8"]', '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]',
            '[Result "1-0"]', '[A "q\\"uote"]']
ODD_MOVETEXT = ["1. e4 e5", "2. Nf3 {a \ud800 comment} Nc6", "{ é }", "; x {", "% y", "{ over", "lines }",
                "3. Bb5 $1 $000000000000000000000012 a6", "(3. Bc4)", "*", "1-0", "Qh5??", "{}"]


def odd_text(rng):
    out = []
    for _ in range(rng.randint(1, 30)):
        kind = rng.random()
        if kind < 0.35:
            line = rng.choice(ODD_TAGS)
            if rng.random() < 0.3:
                space = rng.choice(ODD_SPACES)
                line = line.replace(" ", space, 1) if rng.random() < 0.5 else line + space
        elif kind < 0.7:
            line = rng.choice(ODD_MOVETEXT)
        elif kind < 0.9:
            line = "".join(rng.choice(ODD_SPACES + [""]) for _ in range(rng.randint(0, 3)))
        else:
            line = rng.choice(["\ufeff", "\ufeff\ufeff[Event \"b\"]", "%", ";", "[", "\ufeff1. d4"])
        out.append(line)
    return "\n".join(out) + rng.choice(["", "\n", "\r\n"])


@pytest.mark.parametrize("seed", range(300))
def test_odd_lines_read_as_python_chess(seed, python_chess):
    import chess.pgn
    rng = random.Random(seed)
    text = "".join(odd_text(rng) for _ in range(rng.randint(1, 4)))
    same_reading(text, python_chess)
    for ours, theirs in [(rankfile.pgn.read_headers, chess.pgn.read_headers),
                         (rankfile.pgn.skip_game, chess.pgn.skip_game)]:
        a, b = io.StringIO(text), io.StringIO(text)
        while True:
            x, y = ours(a), theirs(b)
            assert a.tell() == b.tell(), text
            if isinstance(y, chess.pgn.Headers):
                assert list(x.items()) == list(y.items()), text
            else:
                assert x == y, text
            if not y:
                break

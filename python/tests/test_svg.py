"""rankfile.svg.board: the C library's SVG image, with python-chess's arguments."""
import importlib
import xml.etree.ElementTree as ET

import pytest

import rankfile
import rankfile.svg
from conftest import need

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
LAST_MOVE = {"#cdd26a", "#aaa23a"}  # the last move's light and dark squares
ARROW = "#15781b"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def pieces(root):
    """(piece id, x, y) of every piece drawn on the board."""
    return sorted((use.get(XLINK), int(use.get("x")), int(use.get("y")))
                  for use in root.iter(SVG + "use") if use.get("x") is not None)


def square_fills(root):
    """{(x, y): fill} of the 64 squares."""
    return {(int(r.get("x")), int(r.get("y"))): r.get("fill") for r in root.iter(SVG + "rect")
            if r.get("width") == "45" and not r.get("fill", "").startswith("url(")}


def test_start_position_is_valid_svg_with_every_piece():
    board = rankfile.Board()
    svg = rankfile.svg.board(board)
    assert isinstance(svg, str)
    assert svg._repr_svg_() is svg
    root = parse(svg)
    assert root.get("width") == root.get("height") == "400"
    assert root.find(SVG + "title").text == board.fen()
    drawn = pieces(root)
    assert len(drawn) == 32
    assert sum(1 for ref, _x, _y in drawn if ref.startswith("#white-")) == 16
    assert len(square_fills(root)) == 64
    # the white king on e1: fifth column, bottom row
    assert ("#white-king", 20 + 4 * 45, 20 + 7 * 45) in drawn


def test_orientation_and_flipped_turn_the_board():
    board = rankfile.Board()
    white = pieces(parse(rankfile.svg.board(board)))
    black = pieces(parse(rankfile.svg.board(board, orientation=False)))
    flipped = pieces(parse(rankfile.svg.board(board, flipped=True)))
    assert black == flipped != white
    # the white king on e1 seen from Black: fourth column from the left, top row
    assert ("#white-king", 20 + 3 * 45, 20) in black
    # flipped twice is White's view again (python-chess: orientation ^= flipped)
    assert pieces(parse(rankfile.svg.board(board, orientation=False, flipped=True))) == white


def test_lastmove_check_and_arrows_are_drawn():
    board = rankfile.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    plain = parse(rankfile.svg.board(board))
    assert not LAST_MOVE & set(square_fills(plain).values())
    assert plain.find(f".//{SVG}polygon") is None
    root = parse(rankfile.svg.board(board, lastmove=rankfile.Move.from_uci("d8h4"), check=4,
                                    arrows=[(12, 28), rankfile.svg.Arrow(6, 21), (9, 9)]))
    fills = square_fills(root)
    marked = sorted(xy for xy, fill in fills.items() if fill in LAST_MOVE)
    assert marked == sorted([(20 + 3 * 45, 20), (20 + 7 * 45, 20 + 4 * 45)])  # d8 and h4
    assert any(r.get("fill") == "url(#rf-check)" and r.get("x") == str(20 + 4 * 45)
               for r in root.iter(SVG + "rect"))
    assert len([p for p in root.iter(SVG + "polygon") if p.get("fill") == ARROW]) == 2
    assert len([c for c in root.iter(SVG + "circle") if c.get("stroke") == ARROW]) == 1  # the ring


def test_size_coordinates_style_and_the_empty_board():
    board = rankfile.Board()
    root = parse(rankfile.svg.board(board, size=200))
    assert root.get("width") == root.get("height") == "200"
    assert root.get("viewBox") == "0 0 400 400"
    bare = parse(rankfile.svg.board(board, coordinates=False))
    assert bare.get("width") == "360"
    assert bare.find(f".//{SVG}text") is None
    styled = parse(rankfile.svg.board(board, style="rect { opacity: 0.9 } /* <a> & b */"))
    assert styled.find(SVG + "style").text == "rect { opacity: 0.9 } /* <a> & b */"
    empty = parse(rankfile.svg.board())
    assert pieces(empty) == []
    assert len(square_fills(empty)) == 64
    assert empty.find(SVG + "circle") is None  # no side to move


def test_what_the_library_cannot_draw_raises():
    board = rankfile.Board()
    for kwargs in ({"fill": {0: 'red" onload="alert(1)'}}, {"fill": {0: 12}}, {"squares": [1, 64]},
                   {"colors": {"square light": "<b>"}}, {"colors": {"margin": "#" + "f" * 60}},
                   {"colors": {"outer border": ""}}, {"arrows": [rankfile.svg.Arrow(0, 9, color="red;")]},
                   {"arrows": [(0, 1)] * 17}, {"arrows": [(0, 64)]}, {"arrows": [(0,)]},
                   {"check": -1}, {"size": 0}, {"size": "big"}):
        with pytest.raises(ValueError):
            rankfile.svg.board(board, **kwargs)
    with pytest.raises(TypeError):
        rankfile.svg.board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    # python-chess's defaults pass
    rankfile.svg.board(board, fill={}, squares=None, colors={}, borders=False, arrows=[(0, 1)] * 16)


def test_arrow_pgn_round_trip():
    arrow = rankfile.svg.Arrow.from_pgn("Ya2h2")
    assert (arrow.tail, arrow.head, arrow.color) == (8, 15, "yellow")
    assert str(arrow) == "Ya2h2"
    assert repr(arrow) == "Arrow(A2, H2, color='yellow')"
    assert rankfile.svg.Arrow.from_pgn("e4").pgn() == "Ge4"
    with pytest.raises(ValueError):
        rankfile.svg.Arrow.from_pgn("Gz9")


def test_variant_boards_are_drawn():
    try:
        variant = importlib.import_module("rankfile.variant")
    except ImportError:
        need("rankfile.variant")
    board = variant.CrazyhouseBoard("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3")
    root = parse(rankfile.svg.board(board))
    assert int(root.get("width")) > int(root.get("height"))  # the pockets' column
    assert len(pieces(root)) >= 32


def test_board_repr_svg_uses_the_library_image():
    board = rankfile.Board()
    if not hasattr(board, "_repr_svg_"):
        need("Board._repr_svg_")
    assert parse(board._repr_svg_()).find(SVG + "title").text == board.fen()


def python_chess_svg():
    try:
        return importlib.import_module("chess.svg")
    except ImportError:
        need("python-chess (chess.svg)")


def test_piece_ids_and_classes_are_python_chess_names(python_chess):
    """svg.piece of each of the 12 pieces holds python-chess's group id and class; a board's
    image defines the groups of the pieces on it, named as python-chess names them."""
    import random

    theirs = python_chess_svg()
    ours_names = set()
    for symbol in "PNBRQKpnbrqk":
        ours_root = parse(rankfile.svg.piece(rankfile.Piece.from_symbol(symbol)))
        theirs_root = ET.fromstring(theirs.piece(python_chess.Piece.from_symbol(symbol)))
        mine = [(g.get("id"), g.get("class")) for g in ours_root.iter(SVG + "g") if g.get("id")]
        expected = [(g.get("id"), g.get("class")) for g in theirs_root.iter(SVG + "g") if g.get("id")]
        assert mine == expected, symbol
        ours_names.add(mine[0])
    assert len(ours_names) == 12
    resized = parse(rankfile.svg.piece(rankfile.Piece.from_symbol("q"), size=90))
    assert resized.get("width") == resized.get("height") == "90"
    with pytest.raises(ValueError):
        rankfile.svg.piece("K")
    rng = random.Random(36)
    for _ in range(100):
        board = python_chess.Board(None)
        for square in rng.sample(range(64), rng.randrange(1, 20)):
            board.set_piece_at(square, python_chess.Piece(rng.randrange(1, 7), rng.random() < 0.5))
        ours = rankfile.Board(board.fen())
        mine = {(g.get("id"), g.get("class")) for g in parse(rankfile.svg.board(ours)).iter(SVG + "g")
                if g.get("id")}
        expected = {(g.get("id"), g.get("class"))
                    for g in ET.fromstring(theirs.board(board)).iter(SVG + "g") if g.get("id")}
        assert mine == expected, board.fen()
        for use in parse(rankfile.svg.board(ours)).iter(SVG + "use"):
            assert use.get(XLINK)[1:] in {name for name, _ in mine}


def test_arrows_are_lines_rings_are_circles_as_python_chess(python_chess):
    """An arrow between two squares is drawn with a <line> (and a head), an arrow from a
    square to itself with a <circle>, as in python-chess's image (SvgTestCase.test_svg_arrows),
    for seeded random sets of arrows on the empty board."""
    import random

    theirs = python_chess_svg()
    rng = random.Random(4)
    for _ in range(200):
        pairs = [(rng.randrange(64), rng.randrange(64)) for _ in range(rng.randrange(4))]
        pairs += [(square, square) for square in rng.sample(range(64), rng.randrange(2))]
        ours_root = parse(rankfile.svg.board(arrows=[rankfile.svg.Arrow(*p) for p in pairs]))
        theirs_root = ET.fromstring(theirs.board(arrows=[theirs.Arrow(*p) for p in pairs]))
        for tag in ("line", "circle"):
            assert len(list(ours_root.iter(SVG + tag))) == len(list(theirs_root.iter(SVG + tag))), (tag, pairs)
    assert rankfile.svg.SQUARE_SIZE == theirs.SQUARE_SIZE and rankfile.svg.MARGIN == theirs.MARGIN


def test_fill_squares_colors_as_python_chess(python_chess):
    """fill, squares (X marks), colors and coloured arrows land where python-chess puts them:
    the same squares filled with the same colours, the same squares crossed, the light and dark
    squares and the arrows in the colours asked for; seeded random cases, without coordinates
    (both images then start the board at 0, 0)."""
    import random

    theirs = python_chess_svg()
    rng = random.Random(36)
    palette = ["#cc0000", "#00cc00", "#0000cc", "#123456"]
    for _ in range(100):
        fill = {square: rng.choice(palette) for square in rng.sample(range(64), rng.randrange(6))}
        crossed = rng.sample(range(64), rng.randrange(4))
        colors = {"square light": "#fafafa"} if rng.random() < 0.5 else {}
        if rng.random() < 0.5:
            colors["arrow red"] = "#ff1111"
        arrow = (rng.randrange(64), rng.randrange(64), rng.choice(["green", "red", "#0a0b0c"]))
        orientation = rng.random() < 0.7
        ours_svg = rankfile.svg.board(rankfile.Board(), fill=fill, squares=crossed, colors=colors,
                                      coordinates=False, orientation=orientation,
                                      arrows=[rankfile.svg.Arrow(*arrow[:2], color=arrow[2])])
        theirs_svg = theirs.board(python_chess.Board(), fill=fill, squares=python_chess.SquareSet(crossed),
                                  colors=colors, coordinates=False, orientation=orientation,
                                  arrows=[theirs.Arrow(*arrow[:2], color=arrow[2])])
        ours_root, theirs_root = parse(ours_svg), ET.fromstring(theirs_svg)

        def filled(root):
            return {(r.get("x"), r.get("y"), r.get("fill")) for r in root.iter(SVG + "rect")
                    if r.get("fill") in palette}

        assert filled(ours_root) == filled(theirs_root)
        ours_x = {tuple(int(v) - 10 for v in p.get("d")[1:].split("l")[0].split())
                  for p in ours_root.iter(SVG + "path") if p.get("d", "").endswith("l25 25m0-25l-25 25")}
        theirs_x = {(int(float(u.get("x"))), int(float(u.get("y")))) for u in theirs_root.iter(SVG + "use")
                    if (u.get("href") or u.get(XLINK)) == "#xx"}
        assert ours_x == theirs_x
        if "square light" in colors:
            assert "#fafafa" in ours_svg and "#f0d9b5" not in ours_svg
        if arrow[2] == "#0a0b0c" or (arrow[2] == "red" and "arrow red" in colors):
            assert (arrow[2] if arrow[2] != "red" else "#ff1111") in ours_svg
    board = rankfile.Board()
    for coordinates, lines in ((True, 2), (False, 1)):  # python-chess: inner border with coordinates
        root = parse(rankfile.svg.board(board, borders=True, coordinates=coordinates,
                                        colors={"outer border": "#010203"}))
        borders = [r for r in root.iter(SVG + "rect") if r.get("fill") == "none" and r.get("stroke")]
        assert len(borders) == lines and borders[-1].get("stroke") == "#010203"
    assert rankfile.svg.board(board, squares=0x8100000000000081) == rankfile.svg.board(board, squares=[0, 7, 56, 63])
    assert set(rankfile.svg.DEFAULT_COLORS) == set(theirs.DEFAULT_COLORS)
    assert sorted(rankfile.svg.PIECES) == sorted(theirs.PIECES)
    for symbol, group in rankfile.svg.PIECES.items():
        assert group.startswith(f'<g id="{theirs.PIECES[symbol].split(chr(34))[1]}"')


def test_piece_and_board_without_turn_images(python_chess):
    """Piece._repr_svg_ is svg.piece at 45 pixels, as python-chess's; svg.board of an object with
    board_fen() but no rankfile position (python-chess's BaseBoard shape) draws its pieces
    without a side to move."""
    theirs = python_chess_svg()
    king = rankfile.Piece.from_symbol("K")
    assert king._repr_svg_() == rankfile.svg.piece(king, size=45)
    root = parse(king._repr_svg_())
    expected = ET.fromstring(python_chess.Piece.from_symbol("K")._repr_svg_())
    assert root.get("width") == expected.get("width") == "45"

    class PiecesOnly:
        def board_fen(self):
            return "4k3/8/8/8/8/8/8/4KB2"

    root = parse(rankfile.svg.board(PiecesOnly()))
    assert sorted(ref for ref, _x, _y in pieces(root)) == ["#black-king", "#white-bishop", "#white-king"]
    assert not [c for c in root.iter(SVG + "circle") if c.get("r") == "6"]  # no side-to-move dot
    assert "white bishop" in rankfile.svg.board(PiecesOnly()) and theirs.board is not None
    with pytest.raises(TypeError):
        rankfile.svg.board(object())

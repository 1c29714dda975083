"""rankfile.Move, Piece and the module's square helpers, against python-chess 1.11.2."""
import copy
import pickle

import pytest

import rankfile


UCIS = ["e2e4", "a7a8q", "h2h1n", "e1g1", "N@f3", "P@e4", "0000", "a1h8", "g7g8k"]


def test_from_uci_fields_match_python_chess(python_chess):
    for uci in UCIS:
        ours, theirs = rankfile.Move.from_uci(uci), python_chess.Move.from_uci(uci)
        assert (ours.from_square, ours.to_square, ours.promotion, ours.drop) == \
            (theirs.from_square, theirs.to_square, theirs.promotion, theirs.drop)
        assert ours.uci() == theirs.uci() == str(ours) == str(theirs)
        assert repr(ours) == repr(theirs)
        assert bool(ours) == bool(theirs)
        assert ours.xboard() == theirs.xboard()


@pytest.mark.parametrize("text", ["", "e2", "e2e4e", "e2e4x", "e2e9", "i2e4", "e2e2", "X@e4", "N@e9", "e2e4Q", "abcdefg"])
def test_from_uci_rejects_what_python_chess_rejects(python_chess, text):
    with pytest.raises(python_chess.InvalidMoveError):
        python_chess.Move.from_uci(text)
    with pytest.raises(rankfile.InvalidMoveError):
        rankfile.Move.from_uci(text)


def test_moves_are_interned_immutable_and_hashable():
    a = rankfile.Move.from_uci("e2e4")
    assert a is rankfile.Move(rankfile.E2, rankfile.E4)
    assert a == rankfile.Move(12, 28, None, None) and a != rankfile.Move.from_uci("e2e3")
    assert rankfile.Move.from_uci("N@f3") is rankfile.Move(rankfile.F3, rankfile.F3, drop=rankfile.KNIGHT)
    assert len({a, rankfile.Move(12, 28), rankfile.Move.null()}) == 2
    with pytest.raises(AttributeError):
        a.from_square = 3
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert pickle.loads(pickle.dumps(a)) is a
    assert rankfile.Move.null() is rankfile.Move(0, 0) and not rankfile.Move.null()


def test_move_constructor_checks_ranges():
    with pytest.raises(ValueError):
        rankfile.Move(64, 0)
    with pytest.raises(ValueError):
        rankfile.Move(0, 1, promotion=7)
    with pytest.raises(TypeError):
        rankfile.Move("e2", "e4")


def test_piece_matches_python_chess(python_chess):
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = rankfile.Piece.from_symbol(symbol), python_chess.Piece.from_symbol(symbol)
        assert (ours.piece_type, ours.color) == (theirs.piece_type, theirs.color)
        assert ours.symbol() == theirs.symbol() == str(ours)
        assert ours.unicode_symbol() == theirs.unicode_symbol()
        assert ours.unicode_symbol(invert_color=True) == theirs.unicode_symbol(invert_color=True)
        assert repr(ours) == repr(theirs)
        assert hash(ours) == hash(theirs)
        assert ours == rankfile.Piece(theirs.piece_type, theirs.color)
    with pytest.raises(ValueError):
        rankfile.Piece.from_symbol("x")
    shared = rankfile.Board().piece_at(rankfile.E1)
    assert shared is rankfile.Board().piece_at(rankfile.E1)
    with pytest.raises(AttributeError):
        shared.color = rankfile.BLACK
    assert pickle.loads(pickle.dumps(shared)) == shared and copy.copy(shared) == shared


def test_constants_and_square_helpers_match_python_chess(python_chess):
    for name in ["WHITE", "BLACK", "COLORS", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES",
                 "SQUARES", "SQUARE_NAMES", "FILE_NAMES", "RANK_NAMES", "STARTING_FEN", "STARTING_BOARD_FEN",
                 "PIECE_SYMBOLS", "PIECE_NAMES", "COLOR_NAMES", "BB_ALL", "BB_SQUARES", "BB_FILES", "BB_RANKS",
                 "BB_LIGHT_SQUARES", "BB_DARK_SQUARES", "BB_CENTER", "BB_BACKRANKS", "SQUARES_180", "UNICODE_PIECE_SYMBOLS"]:
        assert getattr(rankfile, name) == getattr(python_chess, name), name
    for name in python_chess.SQUARE_NAMES:
        assert getattr(rankfile, name.upper()) == getattr(python_chess, name.upper())
        assert getattr(rankfile, "BB_" + name.upper()) == getattr(python_chess, "BB_" + name.upper())
    for sq in range(64):
        assert rankfile.square_name(sq) == python_chess.square_name(sq)
        assert rankfile.square_file(sq) == python_chess.square_file(sq)
        assert rankfile.square_rank(sq) == python_chess.square_rank(sq)
        assert rankfile.square(rankfile.square_file(sq), rankfile.square_rank(sq)) == sq
        assert rankfile.parse_square(rankfile.square_name(sq)) == sq
        assert rankfile.square_mirror(sq) == python_chess.square_mirror(sq)
        assert rankfile.square_distance(sq, 27) == python_chess.square_distance(sq, 27)
    with pytest.raises(ValueError):
        rankfile.parse_square("i9")
    assert [rankfile.piece_symbol(t) for t in rankfile.PIECE_TYPES] == list("pnbrqk")
    assert rankfile.piece_name(rankfile.KNIGHT) == "knight"


def test_termination_and_status_members_match_python_chess(python_chess):
    assert [(t.name, t.value) for t in rankfile.Termination] == [(t.name, t.value) for t in python_chess.Termination]
    assert {(s.name, int(s)) for s in rankfile.Status} == {(s.name, int(s)) for s in python_chess.Status}
    assert rankfile.STATUS_EMPTY == python_chess.STATUS_EMPTY
    outcome = rankfile.Outcome(rankfile.Termination.CHECKMATE, rankfile.BLACK)
    assert outcome.result() == "0-1"
    assert rankfile.Outcome(rankfile.Termination.STALEMATE, None).result() == "1/2-1/2"


def test_square_set_behaves_like_python_chess(python_chess):
    mask = rankfile.BB_RANK_1 | rankfile.BB_SQUARES[rankfile.E4]
    ours, theirs = rankfile.SquareSet(mask), python_chess.SquareSet(mask)
    assert list(ours) == list(theirs) and len(ours) == len(theirs) and int(ours) == int(theirs)
    assert rankfile.E4 in ours and rankfile.E5 not in ours
    assert repr(ours) == repr(theirs) and str(ours) == str(theirs)
    assert list(reversed(ours)) == list(reversed(theirs))
    assert ours == rankfile.SquareSet([sq for sq in theirs]) == mask
    assert int(ours & rankfile.BB_RANK_1) == rankfile.BB_RANK_1
    assert int(ours | [rankfile.H8]) == mask | rankfile.BB_SQUARES[rankfile.H8]
    assert int(ours - rankfile.BB_RANK_1) == rankfile.BB_SQUARES[rankfile.E4]
    assert int(ours ^ ours) == 0 and int(~rankfile.SquareSet()) == rankfile.BB_ALL
    assert ours.issuperset([rankfile.A1]) and rankfile.SquareSet([rankfile.A1]).issubset(ours)
    assert ours.isdisjoint([rankfile.H8])
    s = ours.copy()
    s.add(rankfile.H8)
    s.discard(rankfile.A1)
    s.remove(rankfile.B1)
    with pytest.raises(KeyError):
        s.remove(rankfile.B1)
    assert s.pop() == rankfile.C1
    assert s.tolist()[rankfile.H8] and not s.tolist()[rankfile.A1]
    s.clear()
    assert not s

"""rankfile.Board against python-chess 1.11.2 (the oracle)."""
import pytest

import rankfile


def test_start_position_and_fen(python_chess):
    board = rankfile.Board()
    assert board.fen() == python_chess.Board().fen() == rankfile.STARTING_FEN
    assert len(board.legal_moves) == 20


def test_push_pop_follow_python_chess(python_chess):
    ours, theirs = rankfile.Board(), python_chess.Board()
    for uci in ["e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "b1d2", "b8d7", "g1f3", "e7e5", "e1g1"]:
        ours.push(rankfile.Move.from_uci(uci))
        theirs.push(python_chess.Move.from_uci(uci))
        assert ours.fen() == theirs.fen()
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen() == theirs.fen()
    with pytest.raises(IndexError):
        ours.pop()


def test_illegal_move_names_move_and_fen():
    board = rankfile.Board()
    with pytest.raises(rankfile.IllegalMoveError, match=r"e2e5.*rnbqkbnr/pppppppp"):
        board.push(rankfile.Move.from_uci("e2e5"))


def test_malformed_fen_raises_fen_error():
    with pytest.raises(rankfile.FenError) as info:
        rankfile.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1")
    assert isinstance(info.value, ValueError)
    assert info.value.field == "board field"
    assert info.value.offset == 42

"""Bad input raises what python-chess raises: the same exception class (all ValueError
subclasses: FenError, InvalidMoveError, IllegalMoveError, AmbiguousMoveError), and a message
that names the input (the words are the library's own: docs/python.md)."""
import pytest

import rankfile

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
TWO_KNIGHTS = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"  # Nd2 is ambiguous

# (what, the call over a module (rankfile or chess), the text the message must contain)
CASES = [
    pytest.param(*("Move.from_uci, a bad square", lambda m: m.Move.from_uci("e9e4"), "e9e4")),
    pytest.param(*("Move.from_uci, a bad piece", lambda m: m.Move.from_uci("e7e8x"), "e7e8x")),
    pytest.param(*("Move.from_uci, too long", lambda m: m.Move.from_uci("e2e4e5"), "e2e4e5")),
    ("Move.from_uci, empty", lambda m: m.Move.from_uci(""), ""),
    ("parse_uci, illegal", lambda m: m.Board().parse_uci("e2e5"), "e2e5"),
    pytest.param(*("parse_uci, not UCI", lambda m: m.Board().parse_uci("e2-e4"), "e2-e4")),
    ("push_uci, illegal", lambda m: m.Board().push_uci("e1g1"), "e1g1"),
    ("parse_san, illegal", lambda m: m.Board().parse_san("Ke2"), "Ke2"),
    ("parse_san, no SAN", lambda m: m.Board().parse_san("Zz9"), "Zz9"),
    ("parse_san, ambiguous", lambda m: m.Board(TWO_KNIGHTS).parse_san("Nd2"), "Nd2"),
    ("push_san, illegal", lambda m: m.Board(KIWIPETE).push_san("O-O-O-O"), "O-O-O-O"),
    ("Board, a short board field", lambda m: m.Board("8/8 w - - 0 1"), ""),
    ("Board, a bad side to move", lambda m: m.Board("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), ""),
    ("Board, a bad castling field", lambda m: m.Board("4k3/8/8/8/8/8/8/4K3 w XY - 0 1"), ""),
    ("Board, a bad en passant field", lambda m: m.Board("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"), ""),
    ("Board, a bad clock", lambda m: m.Board("4k3/8/8/8/8/8/8/4K3 w - - x 1"), ""),
    ("set_fen, empty", lambda m: m.Board().set_fen(""), ""),
    ("parse_square", lambda m: m.parse_square("i9"), ""),
    ("Piece.from_symbol", lambda m: m.Piece.from_symbol("x"), ""),
]


def outcome(call, module):
    try:
        call(module)
    except Exception as exc:  # noqa: BLE001 - the class is the answer
        return exc
    return None


@pytest.mark.parametrize("what,call,text", CASES,
                         ids=[(c.values if hasattr(c, "values") else c)[0] for c in CASES])
def test_bad_input_raises_python_chess_class(python_chess, what, call, text):
    theirs = outcome(call, python_chess)
    ours = outcome(call, rankfile)
    assert theirs is not None, f"{what}: python-chess raises nothing (a wrong case)"
    assert ours is not None, f"{what}: rankfile raises nothing; python-chess raises {theirs!r}"
    assert type(ours).__name__ == type(theirs).__name__ or (
        isinstance(ours, rankfile.FenError) and type(theirs) is ValueError), (what, ours, theirs)
    assert isinstance(ours, ValueError), (what, ours)
    assert text in str(ours), f"{what}: the message {str(ours)!r} does not name {text!r}"


def test_fen_errors_carry_field_and_offset():
    with pytest.raises(rankfile.FenError) as info:
        rankfile.Board("4k3/8/8/8/8/8/8/4K3 x - - 0 1")
    assert isinstance(info.value.field, str) and info.value.field
    assert info.value.offset == len("4k3/8/8/8/8/8/8/4K3 ")


@pytest.mark.parametrize("uci", ["e9e4", "a1a9", "e7e8x", "zzzz"])
def test_invalid_uci_message_names_the_move(uci):
    """The message quotes the text given (CPython before 3.12 has no '%.*s' in
    PyUnicode_FromFormat: a message built with it quotes '%.*s' itself)."""
    with pytest.raises(rankfile.InvalidMoveError) as info:
        rankfile.Move.from_uci(uci)
    assert uci in str(info.value) and "%" not in str(info.value)

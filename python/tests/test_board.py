"""rankfile.Board against python-chess 1.11.2 (the oracle)."""
import _thread
import copy
import pickle
import random
import threading

import pytest

import rankfile

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

ENDINGS = [
    "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",            # stalemate
    "6rk/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "6k1/5Q2/6K1/8/8/8/8/8 b - - 0 1",           # checkmate? no: Kh8
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",            # checkmate
    "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",            # insufficient
    "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
    "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/8/8/8/8/4K2R w K - 99 80",
    "4k3/8/8/8/8/8/8/4K2R w K - 149 80",
    "4k3/8/8/8/8/8/8/4K2R w K - 150 80",
    "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1",
    "3qk3/8/8/8/1b6/8/8/4K3 w - - 0 1",
    KIWIPETE,
]

STATUS_CASES = [
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/8/K7 w - - 0 1",
    "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
    "4k3/8/8/8/8/8/3q1q2/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
]


def same_state(ours, theirs):
    """Every question a playout asks, answered alike."""
    assert ours.fen() == theirs.fen()
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    for name in ["is_check", "is_checkmate", "is_stalemate", "is_insufficient_material", "is_seventyfive_moves",
                 "is_fivefold_repetition", "can_claim_threefold_repetition", "can_claim_fifty_moves",
                 "can_claim_draw", "is_valid", "ply"]:
        assert getattr(ours, name)() == getattr(theirs, name)(), (name, theirs.fen())
    for claim in (False, True):
        assert ours.is_game_over(claim_draw=claim) == theirs.is_game_over(claim_draw=claim)
        assert ours.result(claim_draw=claim) == theirs.result(claim_draw=claim)
        a, b = ours.outcome(claim_draw=claim), theirs.outcome(claim_draw=claim)
        assert (a and (a.termination.name, a.winner)) == (b and (b.termination.name, b.winner))
    assert int(ours.status()) == int(theirs.status())
    for color in (True, False):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color)


def test_start_position_and_fen(python_chess):
    board = rankfile.Board()
    assert board.fen() == python_chess.Board().fen() == rankfile.STARTING_FEN
    assert board.board_fen() == rankfile.STARTING_BOARD_FEN
    assert len(board.legal_moves) == board.legal_moves.count() == 20 and board.legal_moves
    assert repr(board) == repr(python_chess.Board())
    assert rankfile.Board(None).fen() == python_chess.Board(None).fen()
    assert rankfile.Board.empty().fen() == python_chess.Board.empty().fen()


def test_fen_options_match_python_chess(python_chess):
    theirs = python_chess.Board()
    ours = rankfile.Board()
    for uci in ["e2e4", "a7a6", "e4e5", "d7d5"]:
        theirs.push_uci(uci)
        ours.push_uci(uci)
        for kwargs in [{}, {"shredder": True}, {"en_passant": "fen"}, {"en_passant": "xfen"}, {"en_passant": "legal"}]:
            assert ours.fen(**kwargs) == theirs.fen(**kwargs)
            assert ours.epd(**kwargs) == theirs.epd(**kwargs)
        assert ours.ep_square == theirs.ep_square
        assert ours.has_legal_en_passant() == theirs.has_legal_en_passant()
        assert ours.has_pseudo_legal_en_passant() == theirs.has_pseudo_legal_en_passant()
    ops = dict(bm=python_chess.Move.from_uci("e5d6"), id="x \"y\"", hmvc=3, ce=1.5, noop=None)
    our_ops = dict(ops, bm=rankfile.Move.from_uci("e5d6"))
    assert ours.epd(**our_ops) == theirs.epd(**ops)
    assert ours.epd(pv=[rankfile.Move.from_uci("e5d6")]) == theirs.epd(pv=[python_chess.Move.from_uci("e5d6")])
    with pytest.raises(ValueError):
        ours.fen(en_passant="sometimes")


def test_set_fen_and_fields(python_chess):
    board = rankfile.Board()
    board.push_san("e4")
    board.set_fen(KIWIPETE)
    assert board.fen() == KIWIPETE and board.move_stack == []
    theirs = python_chess.Board(KIWIPETE)
    assert board.turn == theirs.turn and board.castling_rights == theirs.castling_rights
    assert board.fullmove_number == 1 and board.halfmove_clock == 0 and board.ep_square is None
    board.turn = rankfile.BLACK
    theirs.turn = python_chess.BLACK
    board.halfmove_clock = 7
    theirs.halfmove_clock = 7
    board.fullmove_number = 12
    theirs.fullmove_number = 12
    board.castling_rights = rankfile.BB_H1 | rankfile.BB_A8
    theirs.castling_rights = python_chess.BB_H1 | python_chess.BB_A8
    assert board.fen() == theirs.fen()
    assert board.chess960 is False
    with pytest.raises(rankfile.FenError):
        board.set_fen("not a fen")
    with pytest.raises(TypeError):
        board.set_fen(None)


@pytest.mark.parametrize("fen", [
    "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "8/8/8/8/8/8/8/8 x - - 0 1",
    "8/8/8/8/8/8/8/8 w Z - 0 1", "8/8/8/8/8/8/8/8 w - z9 0 1", "8/8/8/8/8/8/8/8 w - - -1 1",
    "8/8/8/8/8/8/8 w - - 0 1", "9/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1 extra",
])
def test_malformed_fen_raises_fen_error_like_python_chess(python_chess, fen):
    with pytest.raises(ValueError):
        python_chess.Board(fen)
    with pytest.raises(rankfile.FenError) as info:
        rankfile.Board(fen)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value.field, str) and isinstance(info.value.offset, int)


def test_fen_error_says_where():
    with pytest.raises(rankfile.FenError) as info:
        rankfile.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1")
    assert info.value.field == "board field" and info.value.offset == 42


@pytest.mark.parametrize("fen", STATUS_CASES)
def test_status_and_is_valid_match_python_chess(python_chess, fen):
    ours, theirs = rankfile.Board(fen), python_chess.Board(fen)
    assert ours.status() == theirs.status()
    assert isinstance(ours.status(), rankfile.Status)
    assert ours.is_valid() == theirs.is_valid()
    assert ours.ep_square == theirs.ep_square and ours.castling_rights == theirs.castling_rights
    assert ours.fen() == theirs.fen()


@pytest.mark.parametrize("fen", ENDINGS)
def test_game_end_matches_python_chess(python_chess, fen):
    same_state(rankfile.Board(fen), python_chess.Board(fen))


def test_seeded_random_games_match_python_chess(python_chess):
    for seed in range(4):
        rng = random.Random(seed)
        ours, theirs = rankfile.Board(), python_chess.Board()
        while not theirs.is_game_over() and theirs.ply() < 160:
            same_state(ours, theirs)
            move = rng.choice(list(theirs.legal_moves))
            ours_move = rankfile.Move.from_uci(move.uci())
            assert ours.san(ours_move) == theirs.san(move)
            assert ours.lan(ours_move) == theirs.lan(move)
            assert ours.uci(ours_move) == theirs.uci(move)
            for name in ["is_capture", "is_en_passant", "is_castling", "is_kingside_castling",
                         "is_queenside_castling", "is_zeroing", "gives_check", "is_legal"]:
                assert getattr(ours, name)(ours_move) == getattr(theirs, name)(move), name
            assert ours.parse_san(theirs.san(move)) == ours_move
            ours.push(ours_move)
            theirs.push(move)
        same_state(ours, theirs)
        assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
        assert ours.peek().uci() == theirs.peek().uci()
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()


def test_push_pop_peek_and_errors():
    board = rankfile.Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    # As python-chess's, push() does not check legality: it plays the pawn three squares on.
    board.push(rankfile.Move.from_uci("e2e5"))
    assert board.fen() == "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert board.pop() == rankfile.Move.from_uci("e2e5") and board.fen() == rankfile.STARTING_FEN
    with pytest.raises(TypeError):
        board.push("e2e4")
    move = board.push_san("Nf3")
    assert move == rankfile.Move.from_uci("g1f3") and board.peek() is move
    assert board.push_uci("d7d5") == rankfile.Move.from_uci("d7d5")
    assert board.ply() == 2 and len(board.move_stack) == 2
    assert board.pop() == rankfile.Move.from_uci("d7d5") and board.ply() == 1


def test_parse_errors_match_python_chess(python_chess):
    ours, theirs = rankfile.Board(), python_chess.Board()
    for text in ["Nf6", "e5", "Nz3", "hello", "", "Qxd8", "O-O", "e2e4", "exd5", "a8=Q", "e4+", "0-0", "Nf3"]:
        outcomes = []
        for board in (theirs, ours):
            try:
                outcomes.append(board.parse_san(text).uci())
            except ValueError as e:
                outcomes.append(type(e).__name__)
        assert outcomes[0] == outcomes[1], text
    for text in ["e2e5", "e2", "e2e4q", "a1a1", "e7e8", "e2e4", "g1f3", "E2E4"]:
        outcomes = []
        for board in (theirs, ours):
            try:
                outcomes.append(board.parse_uci(text).uci())
            except ValueError as e:
                outcomes.append(type(e).__name__)
        assert outcomes[0] == outcomes[1], text
    board = rankfile.Board("4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1")
    with pytest.raises(rankfile.AmbiguousMoveError, match="Nd2"):
        board.parse_san("Nd2")
    with pytest.raises(rankfile.IllegalMoveError, match=r"Nf6.*rnbqkbnr"):
        rankfile.Board().push_san("Nf6")


def test_castling_in_both_modes(python_chess):
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    ours, theirs = rankfile.Board(fen), python_chess.Board(fen)
    castle = rankfile.Move.from_uci("e1g1")
    assert castle in ours.legal_moves and rankfile.Move.from_uci("e1h1") not in ours.legal_moves
    assert ours.is_legal(rankfile.Move.from_uci("e1h1")) == theirs.is_legal(python_chess.Move.from_uci("e1h1"))
    assert ours.uci(castle, chess960=True) == theirs.uci(python_chess.Move.from_uci("e1g1"), chess960=True) == "e1h1"
    ours960, theirs960 = rankfile.Board(fen, chess960=True), python_chess.Board(fen, chess960=True)
    assert [m.uci() for m in ours960.legal_moves] == [m.uci() for m in theirs960.legal_moves]
    assert rankfile.Move.from_uci("e1h1") in ours960.legal_moves
    assert ours960.san(rankfile.Move.from_uci("e1h1")) == "O-O"
    assert repr(ours960) == repr(theirs960)
    ours960.push_uci("e1g1")  # the king's step is read in Chess960 mode too
    assert ours960.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"


def test_chess960_positions_match_python_chess(python_chess):
    for n in (0, 518, 959, 123):
        ours, theirs = rankfile.Board.from_chess960_pos(n), python_chess.Board.from_chess960_pos(n)
        assert ours.fen() == theirs.fen() and ours.chess960 and ours.chess960_pos() == n
        assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    assert rankfile.Board().chess960_pos() == python_chess.Board().chess960_pos() == 518
    board = rankfile.Board()
    board.push_san("e4")
    assert board.chess960_pos() is None and board.chess960_pos(ignore_turn=True) is None
    with pytest.raises(ValueError):
        rankfile.Board.from_chess960_pos(960)


def test_notation_matches_python_chess(python_chess):
    ours, theirs = rankfile.Board(KIWIPETE), python_chess.Board(KIWIPETE)
    moves = list(theirs.legal_moves)
    for move in moves:
        mine = rankfile.Move.from_uci(move.uci())
        assert (ours.san(mine), ours.lan(mine), ours.uci(mine)) == (theirs.san(move), theirs.lan(move), theirs.uci(move))
    variation = [python_chess.Move.from_uci(u) for u in ["e1g1", "h3g2", "f3f6"]]
    assert ours.variation_san([rankfile.Move.from_uci(m.uci()) for m in variation]) == theirs.variation_san(variation)
    ours.push_san("a3")
    theirs.push_san("a3")
    assert ours.variation_san([rankfile.Move.from_uci("e8c8")]) == theirs.variation_san([python_chess.Move.from_uci("e8c8")])
    with pytest.raises(rankfile.IllegalMoveError):
        ours.variation_san([rankfile.Move.from_uci("e8c8"), rankfile.Move.from_uci("e8c8")])
    with pytest.raises(rankfile.IllegalMoveError):
        ours.san(rankfile.Move.from_uci("a1a8"))
    assert ours.san(rankfile.Move.null()) == "--"
    assert repr(ours.legal_moves).startswith("<LegalMoveGenerator at 0x")
    assert repr(ours.legal_moves).split(" (", 1)[1] == repr(theirs.legal_moves).split(" (", 1)[1]


def test_mate_and_promotion_suffixes(python_chess):
    for fen, uci in [("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8"), ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q"),
                     ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n"), ("rnbqkbnr/ppppp2p/8/5pp1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "d1h5")]:
        ours, theirs = rankfile.Board(fen), python_chess.Board(fen)
        assert ours.san(rankfile.Move.from_uci(uci)) == theirs.san(python_chess.Move.from_uci(uci))
        assert ours.lan(rankfile.Move.from_uci(uci)) == theirs.lan(python_chess.Move.from_uci(uci))


def test_repetitions_and_claims_match_python_chess(python_chess):
    ours, theirs = rankfile.Board(), python_chess.Board()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] * 5:
        ours.push_uci(uci)
        theirs.push_uci(uci)
        for count in (2, 3, 4, 5):
            assert ours.is_repetition(count) == theirs.is_repetition(count)
        assert ours.is_repetition() == theirs.is_repetition()
        same_state(ours, theirs)
    assert ours.outcome().termination == rankfile.Termination.FIVEFOLD_REPETITION
    assert ours.is_repetition(1)
    fifty = rankfile.Board("4k3/8/8/8/8/8/8/4K2R w K - 99 80")
    assert fifty.can_claim_fifty_moves() and not fifty.is_fifty_moves()
    assert fifty.outcome(claim_draw=True).termination == rankfile.Termination.FIFTY_MOVES
    assert fifty.result(claim_draw=True) == "1/2-1/2" and fifty.result() == "*"


def test_pieces_and_attacks_match_python_chess(python_chess):
    ours, theirs = rankfile.Board(KIWIPETE), python_chess.Board(KIWIPETE)
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {sq: p.symbol() for sq, p in theirs.piece_map().items()}
    assert list(ours.piece_map()) == list(theirs.piece_map())
    assert ours.piece_map(mask=rankfile.BB_RANK_1).keys() == theirs.piece_map(mask=python_chess.BB_RANK_1).keys()
    for sq in range(64):
        p, q = ours.piece_at(sq), theirs.piece_at(sq)
        assert (p and p.symbol()) == (q and q.symbol())
        assert ours.piece_type_at(sq) == theirs.piece_type_at(sq)
        assert ours.color_at(sq) == theirs.color_at(sq)
        for color in (True, False):
            assert list(ours.attackers(color, sq)) == list(theirs.attackers(color, sq))
            assert ours.is_attacked_by(color, sq) == theirs.is_attacked_by(color, sq)
            assert ours.attackers_mask(color, sq, 0) == theirs.attackers_mask(color, sq, 0)
    for color in (True, False):
        assert ours.king(color) == theirs.king(color)
        for piece_type in range(1, 7):
            assert list(ours.pieces(piece_type, color)) == list(theirs.pieces(piece_type, color))
            assert int(ours.pieces(piece_type, color)) == ours.pieces_mask(piece_type, color)
    for name in ["occupied", "pawns", "knights", "bishops", "rooks", "queens", "kings", "occupied_co"]:
        assert getattr(ours, name) == getattr(theirs, name)
    checked = rankfile.Board("4k3/8/8/8/1b6/8/8/4K3 w - - 0 1")
    assert list(checked.checkers()) == list(python_chess.Board("4k3/8/8/8/1b6/8/8/4K3 w - - 0 1").checkers()) == [rankfile.B4]
    assert rankfile.Board(None).king(rankfile.WHITE) is None
    with pytest.raises(IndexError):
        ours.piece_at(64)


def test_copy_equality_and_root(python_chess):
    board = rankfile.Board()
    for san in ["e4", "e5", "Nf3"]:
        board.push_san(san)
    full, none, last = board.copy(), board.copy(stack=False), board.copy(stack=1)
    assert full == board and none == board and last == board
    assert [m.uci() for m in full.move_stack] == ["e2e4", "e7e5", "g1f3"]
    assert none.move_stack == [] and [m.uci() for m in last.move_stack] == ["g1f3"]
    assert copy.copy(board).move_stack == board.move_stack and copy.deepcopy(board) == board
    full.pop()
    assert full != board and board.root() == rankfile.Board() and board.root().move_stack == []
    assert board != rankfile.Board() and (board == "x") is False
    other = rankfile.Board(board.fen())
    assert other == board
    other.halfmove_clock = 5
    assert other != board
    with pytest.raises(TypeError):
        hash(board)
    board.clear_stack()
    assert board.move_stack == [] and board.fen() == other.fen().replace(" 5 ", " 1 ")
    board.reset()
    assert board.fen() == rankfile.STARTING_FEN
    board.clear()
    assert board.fen() == python_chess.Board(None).fen()


def test_text_diagrams_match_python_chess(python_chess):
    ours, theirs = rankfile.Board(KIWIPETE), python_chess.Board(KIWIPETE)
    assert str(ours) == str(theirs)
    for kwargs in [{}, {"invert_color": True}, {"borders": True}, {"orientation": False}, {"empty_square": "."},
                   {"borders": True, "orientation": False}]:
        assert ours.unicode(**kwargs) == theirs.unicode(**kwargs)


def test_repr_svg_draws_the_board():
    try:
        import rankfile.svg  # noqa: F401  (written by another part of the package)
    except ImportError:
        pytest.skip("rankfile.svg is not in this build yet")
    board = rankfile.Board()
    board.push_san("e4")
    assert board._repr_svg_().lstrip().startswith(("<svg", "<?xml"))


def test_perft_counts_the_known_numbers():
    assert rankfile.Board().perft(0) == 1
    assert rankfile.Board().perft(4) == 197281
    assert rankfile.Board(KIWIPETE).perft(3, threads=1) == 97862
    assert rankfile.Board(KIWIPETE).perft(4, threads=2, hash_mb=4) == 4085603
    with pytest.raises(ValueError):
        rankfile.Board().perft(-1)
    with pytest.raises(ValueError):
        rankfile.Board().perft(99)


def test_perft_is_canceled_by_keyboard_interrupt():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            rankfile.Board().perft(7, threads=1)  # seconds of counting unless canceled
    finally:
        timer.cancel()


def test_polyglot_key_matches_python_chess(python_chess):
    import chess.polyglot
    ours, theirs = rankfile.Board(), python_chess.Board()
    assert ours.polyglot_key() == 0x463B96181691FC9C
    for san in ["e4", "d5", "e5", "f5", "Ke2", "Kf7"]:
        ours.push_san(san)
        theirs.push_san(san)
        assert ours.polyglot_key() == chess.polyglot.zobrist_hash(theirs)


def test_editing_the_pieces_matches_python_chess(python_chess):
    ours, theirs = rankfile.Board(), python_chess.Board()
    ours.push_san("e4")
    theirs.push_san("e4")
    ours.set_piece_at(rankfile.E5, rankfile.Piece(rankfile.QUEEN, rankfile.BLACK))
    theirs.set_piece_at(python_chess.E5, python_chess.Piece(python_chess.QUEEN, python_chess.BLACK))
    assert ours.remove_piece_at(rankfile.A1).symbol() == theirs.remove_piece_at(python_chess.A1).symbol() == "R"
    assert ours.remove_piece_at(rankfile.A3) is theirs.remove_piece_at(python_chess.A3) is None
    assert ours.fen() == theirs.fen() and ours.status() == theirs.status()
    # python-chess's Board clears the move stack when its pieces are edited.
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack] == []
    ours.set_board_fen("4k3/8/8/8/8/8/8/4K2R")
    theirs.set_board_fen("4k3/8/8/8/8/8/8/4K2R")
    assert ours.fen() == theirs.fen() and ours.castling_rights == theirs.castling_rights
    pieces = {rankfile.A1: rankfile.Piece(rankfile.KING, rankfile.WHITE), rankfile.H8: rankfile.Piece(rankfile.KING, rankfile.BLACK)}
    ours.set_piece_map(pieces)
    theirs.set_piece_map({sq: python_chess.Piece(p.piece_type, p.color) for sq, p in pieces.items()})
    assert ours.fen() == theirs.fen()
    with pytest.raises(ValueError):
        ours.set_board_fen("8/8/8 w")
    start = rankfile.Board()
    assert start.find_move(rankfile.G1, rankfile.F3) == rankfile.Move.from_uci("g1f3")
    with pytest.raises(rankfile.IllegalMoveError):
        start.find_move(rankfile.G1, rankfile.G3)
    promotion = rankfile.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    assert promotion.find_move(rankfile.A7, rankfile.A8).uci() == "a7a8q"
    assert promotion.find_move(rankfile.A7, rankfile.A8, rankfile.KNIGHT).uci() == "a7a8n"


def test_pickle_keeps_position_and_moves():
    board = rankfile.Board.from_chess960_pos(100)
    for uci in ["e2e4", "e7e5", "g1f3"]:
        if rankfile.Move.from_uci(uci) in board.legal_moves:
            board.push_uci(uci)
    again = pickle.loads(pickle.dumps(board))
    assert type(again) is rankfile.Board and again == board and again.chess960
    assert again.move_stack == board.move_stack and again.root() == board.root()

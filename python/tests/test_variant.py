"""rankfile.variant against python-chess 1.11.2's chess.variant (the oracle)."""
import random

import pytest

import rankfile
import rankfile.variant as variant

NAMES = ["AtomicBoard", "KingOfTheHillBoard", "ThreeCheckBoard", "RacingKingsBoard", "HordeBoard",
         "AntichessBoard", "CrazyhouseBoard"]


@pytest.fixture(scope="module")
def chess_variant(python_chess):
    import chess.variant
    return chess.variant


def same_state(ours, theirs):
    assert ours.fen() == theirs.fen()
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    for name in ["is_check", "is_checkmate", "is_stalemate", "is_insufficient_material", "is_variant_end",
                 "is_variant_win", "is_variant_loss", "is_variant_draw", "is_valid", "is_game_over",
                 "can_claim_threefold_repetition", "result"]:
        assert getattr(ours, name)() == getattr(theirs, name)(), (name, theirs.fen())
    a, b = ours.outcome(), theirs.outcome()
    assert (a and (a.termination.name, a.winner)) == (b and (b.termination.name, b.winner))
    assert int(ours.status()) == int(theirs.status())


@pytest.mark.parametrize("name", NAMES)
def test_class_attributes_match_python_chess(chess_variant, name):
    ours, theirs = getattr(variant, name), getattr(chess_variant, name)
    for attribute in ["uci_variant", "xboard_variant", "starting_fen", "aliases"]:
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    assert issubclass(ours, rankfile.Board)
    assert ours().fen() == theirs().fen()
    assert repr(ours()) == repr(theirs())


@pytest.mark.parametrize("name", NAMES)
def test_seeded_random_games_match_python_chess(chess_variant, name):
    for seed in range(3):
        rng = random.Random(seed)
        ours, theirs = getattr(variant, name)(), getattr(chess_variant, name)()
        for _ in range(150):
            same_state(ours, theirs)
            moves = list(theirs.legal_moves)
            if not moves:
                break
            for move in moves:
                assert ours.san(rankfile.Move.from_uci(move.uci())) == theirs.san(move)
            move = rng.choice(moves)
            assert ours.push_san(theirs.san(move)).uci() == move.uci()
            theirs.push(move)
            copy = ours.copy()
            assert type(copy) is type(ours) and copy == ours and copy.root() == type(ours)()
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()


def test_find_variant_knows_every_alias(chess_variant):
    for cls in variant.VARIANTS:
        for alias in cls.aliases:
            assert variant.find_variant(alias) is cls
            assert variant.find_variant(alias.upper()) is cls
            assert chess_variant.find_variant(alias).uci_variant == cls.uci_variant
    # python-chess's Suicide and Giveaway boards are found by their names too.
    assert variant.find_variant("suicide") is variant.SuicideBoard
    assert variant.find_variant("Giveaway") is variant.GiveawayBoard
    assert [cls.__name__ for cls in variant.VARIANTS] == [cls.__name__ for cls in chess_variant.VARIANTS]
    with pytest.raises(ValueError):
        variant.find_variant("no such game")


@pytest.mark.parametrize("fen,expected", [
    ("4k3/8/8/8/3K4/8/8/8 b - - 0 1", "KingOfTheHillBoard"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0 +3+0", "ThreeCheckBoard"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+2 0 1", "ThreeCheckBoard"),
    ("8/8/8/8/8/8/8/k1K5 w - - 0 1", "AtomicBoard"),
    ("K7/8/k7/8/8/8/8/8 b - - 0 1", "RacingKingsBoard"),
    ("k7/6K1/8/8/8/8/8/8 b - - 0 1", "RacingKingsBoard"),
    ("k7/8/8/8/8/8/8/8 w - - 0 1", "HordeBoard"),
    ("8/8/8/8/8/8/8/7P w - - 0 1", "AntichessBoard"),
    ("8/8/8/8/8/8/p7/P7 w - - 0 1", "AntichessBoard"),
    ("rnbqk2r/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQK2R[Qn] w KQkq - 4 4", "CrazyhouseBoard"),
    ("r1bqkbnr/pPpppppp/8/8/8/8/P1PPPPPP/RNBQKBNR/Nn w KQkq - 0 5", "CrazyhouseBoard"),
])
def test_variant_ends_match_python_chess(chess_variant, fen, expected):
    same_state(getattr(variant, expected)(fen), getattr(chess_variant, expected)(fen))


def test_atomic_explosion():
    board = variant.AtomicBoard("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    blast = board.explosion(rankfile.Move.from_uci("e4d5"))
    assert isinstance(blast, rankfile.SquareSet)
    assert sorted(blast) == [rankfile.C4, rankfile.D4, rankfile.E4, rankfile.C5, rankfile.D5, rankfile.E5,
                             rankfile.C6, rankfile.D6, rankfile.E6]
    assert sorted(board.explosion_losses(rankfile.Move.from_uci("e4d5"))) == [rankfile.E4, rankfile.D5]
    assert not board.explosion(rankfile.Move.from_uci("g1f3"))
    with pytest.raises(rankfile.IllegalMoveError):
        board.explosion(rankfile.Move.from_uci("e4e6"))
    board.push_uci("e4d5")
    assert board.piece_at(rankfile.D5) is None and board.piece_at(rankfile.E4) is None


def test_crazyhouse_pockets(chess_variant):
    fen = "r1bqkbnr/pPpppppp/8/8/8/8/P1PPPPPP/RNBQKBNR[Nnpp] w KQkq - 0 5"
    ours, theirs = variant.CrazyhouseBoard(fen), chess_variant.CrazyhouseBoard(fen)
    for color in (rankfile.WHITE, rankfile.BLACK):
        for piece_type in rankfile.PIECE_TYPES:
            assert ours.pockets[color].count(piece_type) == theirs.pockets[color].count(piece_type)
        assert str(ours.pockets[color]) == str(theirs.pockets[color])
        assert repr(ours.pockets[color]) == repr(theirs.pockets[color])
        assert len(ours.pockets[color]) == len(theirs.pockets[color])
    for uci in ["b7a8q", "N@f6", "a8b8", "e7e6"]:
        ours.push_uci(uci)
        theirs.push_uci(uci)
        same_state(ours, theirs)
        assert ours.fen(promoted=True) == theirs.fen(promoted=True)
        assert ours.board_fen(promoted=True) == theirs.board_fen(promoted=True)
        assert ours.board_fen() == theirs.board_fen()
    ours.pockets[rankfile.WHITE].add(rankfile.QUEEN)
    theirs.pockets[rankfile.WHITE].add(rankfile.QUEEN)
    ours.pockets[rankfile.BLACK].remove(rankfile.PAWN)
    theirs.pockets[rankfile.BLACK].remove(rankfile.PAWN)
    assert ours.fen() == theirs.fen()
    assert ours.san(rankfile.Move.from_uci("Q@e4")) == theirs.san(chess_variant.chess.Move.from_uci("Q@e4"))
    with pytest.raises(ValueError):
        ours.pockets[rankfile.WHITE].remove(rankfile.BISHOP)
    ours.pockets[rankfile.WHITE].reset()
    assert len(ours.pockets[rankfile.WHITE]) == 0
    assert ours.pockets[rankfile.BLACK] == ours.pockets[rankfile.BLACK]
    pawn_drop = variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[P] w - - 7 30")
    theirs_drop = chess_variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[P] w - - 7 30")
    assert pawn_drop.san(rankfile.Move.from_uci("P@e4")) == theirs_drop.san(chess_variant.chess.Move.from_uci("P@e4")) == "@e4"
    pawn_drop.push_san("@e4")
    theirs_drop.push_san("@e4")
    assert pawn_drop.fen() == theirs_drop.fen()


def test_three_check_counters(chess_variant):
    ours, theirs = variant.ThreeCheckBoard(), chess_variant.ThreeCheckBoard()
    assert ours.remaining_checks == theirs.remaining_checks
    for san in ["e4", "e5", "Bb5", "c6", "Bxc6", "dxc6"]:
        ours.push_san(san)
        theirs.push_san(san)
        assert ours.remaining_checks == theirs.remaining_checks and ours.fen() == theirs.fen()
    ours.remaining_checks = [1, 2]
    theirs.remaining_checks[rankfile.BLACK] = 1
    theirs.remaining_checks[rankfile.WHITE] = 2
    assert ours.fen() == theirs.fen()
    with pytest.raises(ValueError):
        ours.remaining_checks = [4, 0]


def test_variant_boards_from_fen_errors():
    with pytest.raises(rankfile.FenError):
        variant.CrazyhouseBoard("8/8/8/8/8/8/8/8[X] w - - 0 1")
    with pytest.raises(rankfile.FenError):
        variant.ThreeCheckBoard("8/8/8/8/8/8/8/8 w - - 9+9 0 1")


def test_variant_perft_and_chess960():
    assert variant.AtomicBoard().perft(3) == 8902
    assert variant.HordeBoard().perft(2) == 128
    assert variant.RacingKingsBoard().perft(2) == 421
    board = variant.AtomicBoard.from_chess960_pos(0)
    assert type(board) is variant.AtomicBoard and board.chess960 and board.chess960_pos() == 0

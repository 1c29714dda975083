"""Moves, pushes, attacks and pins: rankfile against python-chess 1.11.2 on seeded random boards.

The boards are the positions of seeded random games (standard chess, Chess960 and the lichess
variants, played in python-chess) and seeded random piece placements (any number of kings, a
side in check or not, castling rights and en passant squares where the pieces allow them). On
each, both libraries must agree on:
- the pseudo-legal moves (generate_pseudo_legal_moves) with random from/to masks, in order,
  their captures and en passant captures, and pseudo_legal_moves' count and truth value;
- the legal moves with random masks, legal captures, en passant captures, castling moves;
- attacks_mask of every square, attackers_mask of random squares through random occupancies,
  pin_mask / is_pinned of random squares for both colours;
- Crazyhouse's pseudo-legal and legal drops with a random mask, legal_drop_squares_mask and
  is_pseudo_legal of random drops;
- is_pseudo_legal of the pseudo-legal moves and of random moves, is_into_check of the
  pseudo-legal moves, was_into_check, is_irreversible of the legal moves and the null move;
- push() of any pseudo-legal move and of the null move (python-chess plays them unchecked):
  the FEN after it, and after pop() the FEN before it.
RF_PY_MOVES_BOARDS=N checks N boards per kind in place of the default; RF_PY_MOVES_SEED=S moves
the series. A disagreement names the board's FEN, the question and both answers.
"""
import os
import random

import pytest

DEFAULT_BOARDS = 300
VARIANTS = ["standard", "chess960", "atomic", "kingofthehill", "threecheck", "racingkings",
            "horde", "antichess", "crazyhouse"]
PYTHON_CHESS_NAME = {"threecheck": "3check"}
BB_ALL = (1 << 64) - 1


@pytest.fixture(scope="module")
def libs(python_chess):
    import chess.variant
    import rankfile
    import rankfile.variant
    return chess, rankfile


def boards_per_kind():
    return int(os.environ.get("RF_PY_MOVES_BOARDS", DEFAULT_BOARDS))


def rng_for(*parts):
    return random.Random("/".join([os.environ.get("RF_PY_MOVES_SEED", "moves")] + [str(p) for p in parts]))


def classes(chess, rankfile, variant):
    if variant in ("standard", "chess960"):
        return chess.Board, rankfile.Board
    name = PYTHON_CHESS_NAME.get(variant, variant)
    return chess.variant.find_variant(name), rankfile.variant.find_variant(variant)


def game_positions(chess, variant, rng, count):
    """(fen, chess960) of positions met in random games of the variant, played in python-chess."""
    import chess.variant  # noqa: F401
    pc_cls = chess.Board if variant in ("standard", "chess960") else \
        chess.variant.find_variant(PYTHON_CHESS_NAME.get(variant, variant))
    out = []
    while len(out) < count:
        if variant == "chess960":
            board = pc_cls.from_chess960_pos(rng.randrange(960))
        else:
            board = pc_cls()
        for _ in range(rng.randrange(0, 120)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            captures = [m for m in moves if board.is_capture(m)]
            board.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))
        out.append((board.fen(), board.chess960))
    return out


def random_placement(chess, rng):
    """A random board: a few pieces of each kind anywhere (pawns off the back ranks), 0 to 2
    kings a side, castling rights where a king and rook stand on their squares, an en passant
    square where a double step could have skipped it."""
    board = chess.Board(None)
    squares = list(range(64))
    rng.shuffle(squares)
    for color in (chess.WHITE, chess.BLACK):
        for _ in range(rng.choice([0, 1, 1, 1, 1, 2])):
            board.set_piece_at(squares.pop(), chess.Piece(chess.KING, color))
        for piece_type in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
            for _ in range(rng.randrange(0, 4 if piece_type != chess.PAWN else 7)):
                sq = squares.pop()
                if piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                    continue
                board.set_piece_at(sq, chess.Piece(piece_type, color))
    board.turn = rng.random() < 0.5
    # Castling rights: standard-mode rights where the king is on e1/e8 and rooks in corners.
    rights = 0
    for color, king_sq, rooks in ((chess.WHITE, chess.E1, (chess.A1, chess.H1)),
                                  (chess.BLACK, chess.E8, (chess.A8, chess.H8))):
        if rng.random() < 0.5:
            for sq in chess.scan_forward(board.kings & board.occupied_co[color]):
                board.remove_piece_at(sq)  # rights belong to a side with one king
            board.set_piece_at(king_sq, chess.Piece(chess.KING, color))
            for r in rooks:
                if rng.random() < 0.7:
                    board.set_piece_at(r, chess.Piece(chess.ROOK, color))
                    rights |= chess.BB_SQUARES[r]
    board.castling_rights = rights
    # En passant: a pawn of the side not to move that has just double-stepped.
    if rng.random() < 0.5:
        them = not board.turn
        rank = 3 if them == chess.WHITE else 4
        file = rng.randrange(8)
        pawn_sq = chess.square(file, rank)
        ep = pawn_sq - 8 if them == chess.WHITE else pawn_sq + 8
        start = pawn_sq - 16 if them == chess.WHITE else pawn_sq + 16
        board.set_piece_at(pawn_sq, chess.Piece(chess.PAWN, them))
        board.remove_piece_at(ep)
        board.remove_piece_at(start)
        board.ep_square = ep
        for side in (-1, 1):
            if 0 <= file + side < 8 and rng.random() < 0.7:
                board.set_piece_at(chess.square(file + side, rank), chess.Piece(chess.PAWN, board.turn))
    return board.fen()


def random_mask(rng):
    kind = rng.randrange(4)
    if kind == 0:
        return BB_ALL
    if kind == 1:
        return rng.getrandbits(64)
    if kind == 2:
        return 1 << rng.randrange(64)
    return rng.getrandbits(64) & rng.getrandbits(64)


def uci_list(moves):
    return [m.uci() for m in moves]


class Check:
    def __init__(self, fen, variant):
        self.fen, self.variant = fen, variant

    def same(self, question, ours, theirs):
        assert ours == theirs, f"{self.variant} {self.fen}: {question}: rankfile {ours!r}, python-chess {theirs!r}"


def compare_board(chess, rankfile, variant, fen, chess960, rng, legal_too):
    pc_cls, rf_cls = classes(chess, rankfile, variant)
    pc, rf = pc_cls(fen, chess960=chess960), rf_cls(fen, chess960=chess960)
    check = Check(fen, variant)
    mv = rankfile.Move
    for _ in range(3):
        f, t = random_mask(rng), random_mask(rng)
        names = ["generate_pseudo_legal_moves", "generate_pseudo_legal_captures", "generate_pseudo_legal_ep"]
        if legal_too:
            names += ["generate_legal_moves", "generate_legal_captures", "generate_legal_ep", "generate_castling_moves"]
        for name in names:
            check.same(f"{name}({f:#x}, {t:#x})",
                       uci_list(getattr(rf, name)(f, t)), uci_list(getattr(pc, name)(f, t)))
    pseudo = list(pc.generate_pseudo_legal_moves())
    check.same("pseudo_legal_moves.count()", rf.pseudo_legal_moves.count(), pc.pseudo_legal_moves.count())
    check.same("bool(pseudo_legal_moves)", bool(rf.pseudo_legal_moves), bool(pc.pseudo_legal_moves))
    check.same("attacks_mask", [rf.attacks_mask(sq) for sq in range(64)], [pc.attacks_mask(sq) for sq in range(64)])
    for _ in range(4):
        sq, color = rng.randrange(64), rng.random() < 0.5
        occ = rng.choice([None, rng.getrandbits(64), pc.occupied & rng.getrandbits(64)])
        check.same(f"attackers_mask({color}, {sq}, {occ})",
                   rf.attackers_mask(color, sq, occ), pc.attackers_mask(color, sq, occ))
        check.same(f"pin_mask({color}, {sq})", rf.pin_mask(color, sq), pc.pin_mask(color, sq))
        check.same(f"is_pinned({color}, {sq})", rf.is_pinned(color, sq), pc.is_pinned(color, sq))
    for sq in chess.scan_forward(pc.occupied):
        for color in (chess.WHITE, chess.BLACK):
            check.same(f"pin_mask({color}, {sq})", rf.pin_mask(color, sq), pc.pin_mask(color, sq))
    randoms = [pc_move for pc_move in (chess.Move(rng.randrange(64), rng.randrange(64),
                                                  rng.choice([None, None, None, chess.QUEEN, chess.KNIGHT]))
                                       for _ in range(12)) if pc_move.from_square != pc_move.to_square]
    for m in pseudo + randoms:
        ours = mv.from_uci(m.uci())
        check.same(f"is_pseudo_legal({m})", rf.is_pseudo_legal(ours), pc.is_pseudo_legal(m))
    check.same("was_into_check()", rf.was_into_check(), pc.was_into_check())
    if variant == "crazyhouse":
        t = random_mask(rng)
        check.same(f"generate_pseudo_legal_drops({t:#x})",
                   uci_list(rf.generate_pseudo_legal_drops(t)), uci_list(pc.generate_pseudo_legal_drops(t)))
        check.same(f"generate_legal_drops({t:#x})",
                   uci_list(rf.generate_legal_drops(t)), uci_list(pc.generate_legal_drops(t)))
        check.same("legal_drop_squares_mask()", rf.legal_drop_squares_mask(), pc.legal_drop_squares_mask())
        for _ in range(8):
            m = chess.Move(sq := rng.randrange(64), sq, drop=rng.randrange(1, 7))
            check.same(f"is_pseudo_legal({m})", rf.is_pseudo_legal(mv.from_uci(m.uci())), pc.is_pseudo_legal(m))
    for m in pseudo:
        ours = mv.from_uci(m.uci())
        if legal_too:
            check.same(f"is_into_check({m})", rf.is_into_check(ours), pc.is_into_check(m))
            check.same(f"is_irreversible({m})", rf.is_irreversible(ours), pc.is_irreversible(m))
    if legal_too:  # python-chess's has_legal_en_passant counts moves of a side without a king
        check.same("is_irreversible(null)", rf.is_irreversible(mv.null()), pc.is_irreversible(chess.Move.null()))
    # Unchecked pushes: a few pseudo-legal moves and the null move.
    # A side without a king has legal moves in python-chess (its pseudo-legal ones), none in
    # rankfile, which shows in the FEN's en passant field: on invalid boards the field is compared
    # as the square itself (en_passant="fen").
    ep = "legal" if legal_too else "fen"
    before = pc.fen(en_passant=ep)
    check.same("fen()", rf.fen(en_passant=ep), before)
    for m in rng.sample(pseudo, min(4, len(pseudo))) + [chess.Move.null()]:
        ours = mv.from_uci(m.uci())
        pc.push(m)
        rf.push(ours)
        check.same(f"fen() after push({m})", rf.fen(en_passant=ep), pc.fen(en_passant=ep))
        check.same(f"board_fen() after push({m})", rf.board_fen(), pc.board_fen())
        check.same(f"turn after push({m})", rf.turn, pc.turn)
        check.same(f"move_stack[-1] after push({m})", rf.peek().uci(), pc.peek().uci())
        check.same(f"pop() after push({m})", rf.pop().uci(), pc.pop().uci())
        check.same(f"fen() after push({m}), pop()", rf.fen(en_passant=ep), before)
    # Odd moves: any piece of the side to move to any other square (a pawn reaching its last
    # rank as a queen), played as python-chess plays them; compared with the en passant field as
    # the square itself (the board may have lost a king).
    before = pc.fen(en_passant="fen")
    for _ in range(6):
        ours_sq = list(chess.scan_forward(pc.occupied_co[pc.turn]))
        if not ours_sq:
            break
        frm, to = rng.choice(ours_sq), rng.randrange(64)
        if frm == to or pc.piece_type_at(to) == chess.KING:
            # Taking a king: python-chess puts it into a Crazyhouse pocket and drops the castling
            # rights of the side whose back rank it stood on; rankfile does neither.
            continue
        if pc.piece_type_at(frm) == chess.PAWN and (chess.square_rank(to) - chess.square_rank(frm)) * (1 if pc.turn else -1) < 0:
            continue  # a pawn stepping two back gives python-chess an en passant square behind it
        last = chess.square_rank(to) in (0, 7) and pc.piece_type_at(frm) == chess.PAWN
        m = chess.Move(frm, to, chess.QUEEN if last else None)
        pc.push(m)
        rf.push(mv.from_uci(m.uci()))
        check.same(f"fen(en_passant='fen') after push({m})", rf.fen(en_passant="fen"), pc.fen(en_passant="fen"))
        check.same(f"move_stack[-1] after push({m})", rf.peek().uci(), pc.peek().uci())
        check.same(f"pop() after push({m})", rf.pop().uci(), pc.pop().uci())
        check.same(f"fen(en_passant='fen') after push({m}), pop()", rf.fen(en_passant="fen"), before)


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_positions(libs, variant):
    """Positions of random games of every variant."""
    chess, rankfile = libs
    rng = rng_for("games", variant)
    count = boards_per_kind() if variant in ("standard", "chess960") else max(10, boards_per_kind() // 3)
    for fen, chess960 in game_positions(chess, variant, rng, count):
        compare_board(chess, rankfile, variant, fen, chess960, rng, legal_too=True)


def test_random_placements(libs):
    """Random piece placements, valid or not (several kings, none, the side not to move in check):
    pseudo-legal moves, attacks, pins and unchecked pushes."""
    chess, rankfile = libs
    rng = rng_for("placements")
    for _ in range(boards_per_kind() * 2):
        fen = random_placement(chess, rng)
        pc = chess.Board(fen)
        compare_board(chess, rankfile, "standard", fen, False, rng, legal_too=pc.is_valid())


def test_push_never_checks_legality(libs):
    """push() plays what python-chess plays: a move into check, a king capture, a pawn's step
    from the first rank, castling through check; the null move in check and with no legal move
    (push_san("--"), push_uci("0000"))."""
    chess, rankfile = libs
    cases = [
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", ["e1f2", "e1e2", "e1d1"]),   # into check, capture
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", ["e1g1", "e1c1", "a1a8", "e1h1"]),
        ("r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1", ["e1g1", "e1c1", "h1h8"]),  # castling in check
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", ["a1a2", "a1a3"]),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ["h8g8", "h8h7"]),              # stalemate, king steps into check
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", ["e5d6", "e5e6"]),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", ["e1e8"]),                         # a king takes a king
        ("4k3/8/8/8/8/8/8/4KN1R w K - 0 1", ["e1g1", "e1h1"]),              # castling over a knight
        ("1k6/8/8/8/8/8/8/RK6 w - - 0 1", ["b1a1"]),                         # a Chess960 castling
        ("4k3/8/8/8/8/8/8/4K3 w - - 5 9", ["e1g1"]),                          # e1g1 without a rook
    ]
    for fen, moves in cases:
        for uci in moves + ["0000"]:
            pc, rf = chess.Board(fen), rankfile.Board(fen)
            pc.push(chess.Move.from_uci(uci))
            rf.push(rankfile.Move.from_uci(uci))
            assert rf.fen() == pc.fen(), (fen, uci)
            assert rf.pop().uci() == pc.pop().uci()
            assert rf.fen() == pc.fen() == chess.Board(fen).fen()
    # The null move where the side to move has no legal move at all, by name.
    for fen in ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "K7/8/8/8/8/8/8/8 b - - 0 1"):
        for name in ("--", "Z0", "0000", "@@@@"):
            pc, rf = chess.Board(fen), rankfile.Board(fen)
            assert rf.push_san(name).uci() == pc.push_san(name).uci() == "0000"
            assert rf.fen() == pc.fen()
        pc, rf = chess.Board(fen), rankfile.Board(fen)
        assert rf.push_uci("0000").uci() == pc.push_uci("0000").uci()
        assert rf.fen() == pc.fen()
    # python-chess's test_one_king_movegen: a lone king.
    rf = rankfile.Board.empty()
    rf.set_piece_at(rankfile.A1, rankfile.Piece(rankfile.KING, rankfile.WHITE))
    assert (rf.legal_moves.count(), rf.pseudo_legal_moves.count()) == (3, 3)
    rf.push_san("Kb1")
    assert (rf.legal_moves.count(), rf.pseudo_legal_moves.count()) == (0, 0)
    rf.push_san("--")
    assert (rf.legal_moves.count(), rf.pseudo_legal_moves.count()) == (5, 5)


def test_push_variants(libs):
    """Unchecked pushes in the variants: Atomic's blast, Crazyhouse's pocket and drops,
    Three-check's count follow a move that is not legal too."""
    chess, rankfile = libs
    cases = [
        ("atomic", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", ["e1d2", "e1e2"]),
        ("atomic", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ["e8e7", "d8h4"]),
        ("crazyhouse", "4k3/8/8/8/8/8/4r3/4K3[Qn] w - - 0 1", ["e1f2", "Q@d1", "Q@a1"]),
        ("crazyhouse", "4k3/8/8/8/8/8/3q4/4K3[N] w - - 0 1", ["N@a3", "e1e2"]),
        ("3check", "4k3/8/8/8/8/8/4r3/4K3 w - - 3+3 0 1", ["e1f2", "e1d1"]),
        ("standard", "4k3/8/8/8/8/8/8/4K3 w - - 5 9", ["N@c3", "P@d4"]),      # Crazyhouse drops, no pocket
    ]
    for variant, fen, moves in cases:
        pc_cls, rf_cls = chess.variant.find_variant(variant), rankfile.variant.find_variant(variant)
        for uci in moves:
            pc, rf = pc_cls(fen), rf_cls(fen)
            pc.push(chess.Move.from_uci(uci))
            rf.push(rankfile.Move.from_uci(uci))
            assert rf.fen() == pc.fen(), (variant, fen, uci)
            rf.pop()
            assert rf.fen() == pc_cls(fen).fen()


def test_legal_move_generator_over_any_board(libs):
    """rankfile.LegalMoveGenerator(board) walks another board's generate_legal_moves() once, as
    python-chess's does (its test_traverse_once)."""
    chess, rankfile = libs

    class Counting:
        def __init__(self):
            self.walks = 0

        def generate_legal_moves(self):
            self.walks += 1
            return iter([rankfile.Move.from_uci("e2e4")])

        def is_legal(self, move):
            return move.uci() == "e2e4"

    board = Counting()
    generator = rankfile.LegalMoveGenerator(board)
    assert [m.uci() for m in generator] == ["e2e4"]
    assert board.walks == 1
    assert rankfile.Move.from_uci("e2e4") in generator
    assert generator.count() == 1 and bool(generator)


def test_variant_rule_flags(libs):
    """python-chess's class flags of the king and capture rules, on every variant's board class."""
    chess, rankfile = libs
    for pc_cls, rf_cls in zip(chess.variant.VARIANTS, rankfile.variant.VARIANTS):
        for flag in ("connected_kings", "one_king", "captures_compulsory"):
            assert getattr(rf_cls, flag) == getattr(pc_cls, flag), (rf_cls.__name__, flag)


@pytest.mark.parametrize("name", ["Suicide", "Giveaway"])
def test_suicide_and_giveaway_games(libs, name):
    """SuicideBoard and GiveawayBoard against python-chess's on seeded random games from the start
    without castling rights (rankfile's have none): the legal moves, the variant's end and the
    outcome at every ply (Suicide: a stalemated side with pieces wins with fewer than its
    opponent, loses with more, draws with as many)."""
    chess, rankfile = libs
    rng = rng_for("suicide", name)
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    for _ in range(max(10, boards_per_kind() // 10)):
        pc, rf = chess.variant.find_variant(name)(start), rankfile.variant.find_variant(name)(start)
        for _ply in range(300):
            check = Check(pc.fen(), name)
            check.same("legal moves", uci_list(rf.legal_moves), uci_list(pc.legal_moves))
            for question in ("is_variant_win", "is_variant_loss", "is_variant_draw", "is_game_over", "result"):
                check.same(question, getattr(rf, question)(), getattr(pc, question)())
            check.same("outcome", str(rf.outcome()), str(pc.outcome()))
            moves = list(pc.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            pc.push(move)
            rf.push(rankfile.Move.from_uci(move.uci()))


@pytest.mark.parametrize("fen", ["8/8/8/8/8/p7/P7/8 w - - 0 1", "8/8/8/8/p7/P7/8/7p w - - 0 1",
                                 "8/8/8/8/p7/P7/8/7P w - - 0 1", "8/8/8/8/8/8/8/7P b - - 0 1"])
@pytest.mark.parametrize("name", ["Suicide", "Giveaway", "Antichess"])
def test_antichess_family_stalemates(libs, name, fen):
    """Stalemates with equal, fewer and more pieces, and a side without pieces."""
    chess, rankfile = libs
    pc, rf = chess.variant.find_variant(name)(fen), rankfile.variant.find_variant(name)(fen)
    for question in ("is_variant_win", "is_variant_loss", "is_variant_draw", "is_game_over", "result"):
        assert getattr(rf, question)() == getattr(pc, question)(), (name, fen, question)
    assert str(rf.outcome()) == str(pc.outcome()), (name, fen)


@pytest.mark.parametrize("variant", ["standard", "chess960", "atomic", "crazyhouse", "threecheck", "horde"])
def test_random_unchecked_pushes(libs, variant):
    """Runs of unchecked pushes (a piece of the side to move to any square, a king onto a piece of
    its own: odd castlings through pieces, across the board) from positions with castling rights,
    against python-chess: the FEN (castling rights, clocks, en passant, promoted pieces) after
    each push and after the pops. Where python-chess's push fails (an assertion on an odd board),
    the run ends."""
    chess, rankfile = libs
    pc_cls, rf_cls = classes(chess, rankfile, variant)
    rng = rng_for("unchecked", variant)
    played = 0
    for start, chess960 in game_positions(chess, variant, rng, max(40, boards_per_kind() // 10)):
        pc, rf = pc_cls(start, chess960=chess960), rf_cls(start, chess960=chess960)
        fens = [pc.fen()]
        for _ in range(4):
            own = [sq for sq in chess.SQUARES if pc.color_at(sq) == pc.turn]
            if not own:
                break
            kings = [sq for sq in own if pc.piece_type_at(sq) == chess.KING]
            if kings and rng.random() < 0.4:
                move = chess.Move(rng.choice(kings), rng.choice(own + [chess.C1, chess.G1, chess.C8, chess.G8]))
            else:
                move = chess.Move(rng.choice(own), rng.randrange(64))
            if move.from_square == move.to_square:
                continue
            try:
                pc.push(move)
            except Exception:  # python-chess's assertions on boards it cannot make the move on
                break
            if variant == "crazyhouse" and any(pocket.count(chess.KING) for pocket in pc.pockets):
                pc.pop()  # a king taken goes to python-chess's pocket, not rankfile's (docs/python.md)
                break
            rf.push(rankfile.Move.from_uci(move.uci()))
            played += 1
            assert rf.fen() == pc.fen(), (variant, fens[-1], move.uci())
            assert rf.castling_rights == pc.castling_rights, (variant, fens[-1], move.uci())
            fens.append(pc.fen())
        while rf.move_stack:
            assert rf.pop().uci() == pc.pop().uci()
            assert rf.fen() == pc.fen()
    assert played > 50


def test_null_move_text_anywhere(libs):
    """san() and lan() of the null move are "--" wherever python-chess writes them so: in
    check, after mate, with no legal move (a game's main line may hold one there: its export)."""
    chess, rankfile = libs
    for fen in ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", chess.STARTING_FEN):
        pc, rf = chess.Board(fen), rankfile.Board(fen)
        for method in ("san", "lan"):
            assert getattr(rf, method)(rankfile.Move.null()) == getattr(pc, method)(chess.Move.null()), (fen, method)

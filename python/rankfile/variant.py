"""rankfile.variant: the lichess variants, python-chess's chess.variant over the C library.

Each class is a rankfile.Board whose rules are the C library's variant of the same name
(rf_variant): AtomicBoard, KingOfTheHillBoard, ThreeCheckBoard, RacingKingsBoard, HordeBoard,
AntichessBoard, CrazyhouseBoard. find_variant(name) finds a class by any of its aliases.
"""
from typing import Iterable, Iterator, List, Optional, Type, TypeVar

from rankfile import (
    BB_ALL,
    BB_BACKRANKS,
    BB_SQUARES,
    BLACK,
    KING,
    PAWN,
    Bitboard,
    Outcome,
    Termination,
    between,
    msb,
    popcount,
    scan_forward,
    PIECE_SYMBOLS,
    PIECE_TYPES,
    STARTING_FEN,
    WHITE,
    Board,
    Color,
    Move,
    PieceType,
    SquareSet,
    _rankfile,
    piece_symbol,
)


class AtomicBoard(Board):
    """Atomic chess: a capture explodes the capturer, the captured piece and every piece but the
    pawns next to the capture square; a king that explodes loses."""

    aliases = ["Atomic", "Atom", "Atomic chess"]
    connected_kings = True
    uci_variant = "atomic"
    xboard_variant = "atomic"
    connected_kings = True
    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    starting_fen = STARTING_FEN
    _rf_variant = 1

    def explosion(self, move: Move) -> SquareSet:
        """The squares the legal move blows up: its capture square and the eight around it
        (en passant: around the square the pawn lands on); empty for a move that captures
        nothing. IllegalMoveError for a move that is not legal."""
        center, blast, _lost = self._explosion(move)
        return SquareSet(blast if center is not None else 0)

    def explosion_losses(self, move: Move) -> SquareSet:
        """The squares whose pieces the legal move removes from the board: the capturer, the
        captured piece and every piece but the pawns next to the capture square."""
        return SquareSet(self._explosion(move)[2])


class KingOfTheHillBoard(Board):
    """King of the Hill: a king that reaches d4, e4, d5 or e5 wins."""

    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    tbw_suffix = tbz_suffix = None
    tbw_magic = tbz_magic = None
    starting_fen = STARTING_FEN
    _rf_variant = 2


ThreeCheckBoardT = TypeVar("ThreeCheckBoardT", bound="ThreeCheckBoard")


class ThreeCheckBoard(Board):
    """Three-check: the side that gives its third check wins. The FEN carries the checks each
    side still has to give ("3+3" after the en passant field)."""

    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    _rf_variant = 3

    _EPD_FIELDS = 5
    tbw_suffix = tbz_suffix = None
    tbw_magic = tbz_magic = None

    def mirror(self) -> "ThreeCheckBoard":
        """The position seen from the other side, the checks to give swapped too."""
        board = super().mirror()
        white, black = self._remaining_checks()
        board._set_remaining_checks(black, white)
        return board

    def is_irreversible(self, move: Move) -> bool:
        """As in chess, and a check too (it uses up one of the three)."""
        return super().is_irreversible(move) or self.gives_check(move)

    @property
    def remaining_checks(self) -> List[int]:
        """The checks each side still has to give, indexed by colour: [BLACK, WHITE] (a copy:
        assign the whole list to change it)."""
        white, black = self._remaining_checks()
        return [black, white]

    @remaining_checks.setter
    def remaining_checks(self, value: List[int]) -> None:
        self._set_remaining_checks(value[WHITE], value[BLACK])



class RacingKingsBoard(Board):
    """Racing Kings: no checks; the first king on the eighth rank wins (Black may still draw by
    reaching it on the next move)."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    tbw_suffix = tbz_suffix = None
    tbw_magic = tbz_magic = None
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    _rf_variant = 4


class HordeBoard(Board):
    """Horde: White's 36 pawns against Black's army; White wins by checkmate, Black by taking
    every white piece."""

    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    tbw_suffix = tbz_suffix = None
    tbw_magic = tbz_magic = None
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    _rf_variant = 5


class SuicideBoard(Board):
    """Suicide chess: captures are compulsory and the king is an ordinary piece, as in
    Antichess (the library's rules), but a side without moves that still has pieces wins only
    with fewer pieces than its opponent, loses with more and draws with as many. Castling rights
    are dropped (the library's Antichess has no castling; python-chess's Suicide castles)."""

    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    starting_fen = STARTING_FEN
    _rf_variant = 6
    connected_kings = True
    one_king = False
    captures_compulsory = True

    def _material_balance(self) -> int:
        return popcount(self.occupied_co[self.turn]) - popcount(self.occupied_co[not self.turn])

    def is_variant_win(self) -> bool:
        if not self.occupied_co[self.turn]:
            return True
        return self.is_stalemate() and self._material_balance() < 0

    def is_variant_loss(self) -> bool:
        return bool(self.occupied_co[self.turn]) and self.is_stalemate() and self._material_balance() > 0

    def is_variant_draw(self) -> bool:
        return bool(self.occupied_co[self.turn]) and self.is_stalemate() and self._material_balance() == 0

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        if self.occupied_co[self.turn] and self.is_stalemate():
            balance = self._material_balance()
            if balance < 0:
                return Outcome(Termination.VARIANT_WIN, self.turn)
            if balance > 0:
                return Outcome(Termination.VARIANT_LOSS, not self.turn)
            return Outcome(Termination.VARIANT_DRAW, None)
        return super().outcome(claim_draw=claim_draw)

    def result(self, *, claim_draw: bool = False) -> str:
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw=claim_draw) is not None


class GiveawayBoard(SuicideBoard):
    """Giveaway: Suicide chess where a side without moves wins (lichess's Antichess rules; the
    castling rights are dropped, as in Antichess)."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"

    is_variant_win = Board.is_variant_win
    is_variant_loss = Board.is_variant_loss
    is_variant_draw = Board.is_variant_draw
    outcome = Board.outcome
    result = Board.result
    is_game_over = Board.is_game_over


class AntichessBoard(GiveawayBoard):
    """Antichess (lichess's Giveaway): captures are compulsory, the king is an ordinary piece,
    and a side without pieces or moves wins."""

    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    xboard_variant = "giveaway"
    connected_kings = True
    one_king = False
    captures_compulsory = True
    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    _rf_variant = 6


CrazyhousePocketT = TypeVar("CrazyhousePocketT", bound="CrazyhousePocket")


class CrazyhousePocket:
    """A side's Crazyhouse pocket on a board: count(piece_type), len(), str() ("qnp"); add()
    and remove() change the board's pocket."""

    def __init__(self, board: "CrazyhouseBoard", color: Color) -> None:
        self._board = board
        self._color = color

    def _counts(self) -> List[int]:
        return list(self._board._pocket_counts(self._color))

    def count(self, piece_type: PieceType) -> int:
        """How many pieces of that type the pocket holds."""
        return self._counts()[piece_type - 1]

    def add(self, piece_type: PieceType) -> None:
        """Puts a piece of that type into the pocket."""
        counts = self._counts()
        counts[piece_type - 1] += 1
        self._board._set_pocket(self._color, tuple(counts))

    def remove(self, piece_type: PieceType) -> None:
        """Takes a piece of that type out of the pocket; ValueError when there is none."""
        counts = self._counts()
        if not counts[piece_type - 1]:
            raise ValueError(f"cannot remove {piece_symbol(piece_type)} from {self!r}")
        counts[piece_type - 1] -= 1
        self._board._set_pocket(self._color, tuple(counts))

    def reset(self) -> None:
        """Empties the pocket."""
        self._board._set_pocket(self._color, (0, 0, 0, 0, 0, 0))

    def __len__(self) -> int:
        return sum(self._counts())

    def __str__(self) -> str:
        counts = self._counts()
        return "".join(piece_symbol(pt) * counts[pt - 1] for pt in reversed(PIECE_TYPES))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CrazyhousePocket):
            return self._counts() == other._counts()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


CrazyhouseBoardT = TypeVar("CrazyhouseBoardT", bound="CrazyhouseBoard")


class CrazyhouseBoard(Board):
    """Crazyhouse: a captured piece goes to the captor's pocket and may be dropped back onto the
    board instead of a move. The FEN carries the pockets ("[QNp]" after the board) and marks
    promoted pieces ("Q~")."""

    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    _rf_variant = 7

    tbw_suffix = tbz_suffix = None
    tbw_magic = tbz_magic = None

    def mirror(self) -> "CrazyhouseBoard":
        """The position seen from the other side, the pockets swapped too."""
        board = super().mirror()
        board._set_pocket(WHITE, tuple(self._pocket_counts(BLACK)))
        board._set_pocket(BLACK, tuple(self._pocket_counts(WHITE)))
        return board

    def is_irreversible(self, move: Move) -> bool:
        """Only a move that loses a castling right (captured pieces come back as drops)."""
        return self._reduces_castling_rights(move)

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The two pockets, indexed by colour: [BLACK, WHITE]."""
        return [CrazyhousePocket(self, BLACK), CrazyhousePocket(self, WHITE)]

    # ---- drops and pseudo-legality (python-chess's CrazyhouseBoard) ---------------------------

    def legal_drop_squares_mask(self) -> Bitboard:
        """The empty squares where a drop leaves the side to move's king out of check."""
        king = self.king(self.turn)
        empty = ~self.occupied  # python-chess's answer: a negative int, every square not occupied
        if king is None:
            return empty
        checkers = self.attackers_mask(not self.turn, king)
        if not checkers:
            return empty
        if popcount(checkers) == 1:
            return between(king, msb(checkers)) & empty
        return 0

    def generate_pseudo_legal_drops(self, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The drops of the pieces in the side to move's pocket onto empty squares of to_mask
        (pawns not onto the first or last rank), check or not."""
        pocket = self.pockets[self.turn]
        empty = to_mask & ~self.occupied & BB_ALL
        for piece_type in PIECE_TYPES:
            if pocket.count(piece_type):
                targets = empty & ~BB_BACKRANKS if piece_type == PAWN else empty
                for square in scan_forward(targets):
                    yield Move(square, square, drop=piece_type)

    def generate_legal_drops(self, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal drops onto squares of to_mask (the library's legal moves)."""
        return iter(self._legal_moves_of(to_mask, to_mask, 4))

    def legal_drop_squares(self) -> SquareSet:
        """The squares where the side to move may drop a piece (its pocket not asked)."""
        return SquareSet(self.legal_drop_squares_mask())

    def is_pseudo_legal(self, move: Move) -> bool:
        if move.drop and move.from_square == move.to_square:
            return (move.drop != KING
                    and not BB_SQUARES[move.to_square] & self.occupied
                    and not (move.drop == PAWN and BB_SQUARES[move.to_square] & BB_BACKRANKS)
                    and self.pockets[self.turn].count(move.drop) > 0)
        return super().is_pseudo_legal(move)



VARIANTS: List[Type[Board]] = [
    Board,
    SuicideBoard,
    GiveawayBoard,
    AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]

for _cls in VARIANTS[1:]:
    if _cls not in (SuicideBoard, GiveawayBoard):  # Antichess's rules: AntichessBoard is registered
        _rankfile._register_board_class(_cls._rf_variant, _cls)
del _cls


def find_variant(name: str) -> Type[Board]:
    """The board class of a variant by any of its aliases, case-insensitive ("Atomic", "KOTH",
    "3check", "ZH", "Standard", ...); ValueError for an unknown name."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    raise ValueError(f"unsupported variant: {name}")


__all__ = [
    "AntichessBoard",
    "AtomicBoard",
    "CrazyhouseBoard",
    "CrazyhousePocket",
    "GiveawayBoard",
    "HordeBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "SuicideBoard",
    "ThreeCheckBoard",
    "VARIANTS",
    "find_variant",
]

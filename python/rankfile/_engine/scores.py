"""The values of python-chess's chess.engine: evaluations (Score, Cp, Mate, MateGiven, PovScore) and
win/draw/loss statistics (Wdl, PovWdl) with the WDL models. Public as rankfile.engine."""
from __future__ import annotations

import abc
import dataclasses
import math
from typing import Callable, Iterator, Literal, Optional, Tuple, Union, overload

Color = bool

__all__ = ["Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl",
           "WdlModel"]

#: The names :meth:`Score.wdl` takes as ``model``: ``"sf"`` is the newest Stockfish model
#: python-chess 1.11.2 knows (Stockfish 16.1's), ``"lichess"`` lichess's win rate.
WdlModel = Literal["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]


# ---- the models: a score in centipawns at a ply, to wins per mille -------------------------
#
# Stockfish's win rate model: with m a measure of the game's progress, the chance of winning
# from a score of x is the logistic 1 / (1 + exp((a(m) - x) / b(m))), a and b cubic polynomials
# in m fitted by Stockfish on its self-play games (the coefficients below are the ones each
# release publishes, highest power first). From Stockfish 15.1 on, x is the score rescaled from
# centipawns to Stockfish's internal units (a pawn is `pawn` of them). The losses are the wins
# of the negated score; the draws, what remains of the thousand.

@dataclasses.dataclass(frozen=True)
class _StockfishModel:
    a: Tuple[float, float, float, float]
    b: Tuple[float, float, float, float]
    limit: int                                  # |x| is clamped to this
    pawn: Optional[int]                         # internal units per pawn; None: x = the cp
    progress: Callable[[int], float]            # m, from the ply

    def wins(self, cp: int, ply: int) -> int:
        m = self.progress(ply)
        a = (((self.a[0] * m + self.a[1]) * m + self.a[2]) * m) + self.a[3]
        b = (((self.b[0] * m + self.b[1]) * m + self.b[2]) * m) + self.b[3]
        x = cp if self.pawn is None else cp * self.pawn / 100
        x = min(self.limit, max(x, -self.limit))
        return int(0.5 + 1000 / (1 + math.exp((a - x) / b)))


def _by_ply(ply: int) -> float:
    """Stockfish 12 to 16: the ply itself, within 0 .. 240, over 64."""
    return min(240, max(ply, 0)) / 64


def _by_move(ply: int) -> float:
    """Stockfish 16.1: the move number, within 8 .. 120, over 32."""
    return min(120, max(8, ply / 2 + 1)) / 32


_SF16_1 = _StockfishModel(a=(-1.06249702, 7.42016937, 0.89425629, 348.60356174),
                          b=(-5.33122190, 39.57831533, -90.84473771, 123.40620748),
                          limit=4000, pawn=356, progress=_by_move)

# Checked in python-chess's order; any other name (the "sf" alias included) is Stockfish 16.1.
_STOCKFISH_MODELS = (
    ("sf12", _StockfishModel(a=(-8.24404295, 64.23892342, -95.73056462, 153.86478679),
                             b=(-3.37154371, 28.44489198, -56.67657741, 72.05858751),
                             limit=1000, pawn=None, progress=_by_ply)),
    ("sf14", _StockfishModel(a=(-3.68389304, 30.07065921, -60.52878723, 149.53378557),
                             b=(-2.01818570, 15.85685038, -29.83452023, 47.59078827),
                             limit=2000, pawn=None, progress=_by_ply)),
    ("sf15", _StockfishModel(a=(-0.117202460, 0.594729104, 11.2065546, 122.606222),
                             b=(-1.79066759, 11.30759193, -17.43677612, 36.47147479),
                             limit=2000, pawn=None, progress=_by_ply)),
    ("sf15.1", _StockfishModel(a=(-0.58270499, 2.68512549, 15.24638015, 344.49745382),
                               b=(-2.65734562, 15.96509799, -20.69040836, 73.61029937),
                               limit=4000, pawn=361, progress=_by_ply)),
    ("sf16", _StockfishModel(a=(0.38036525, -2.82015070, 23.17882135, 307.36768407),
                             b=(-2.29434733, 13.27689788, -14.26828904, 63.45318330),
                             limit=4000, pawn=328, progress=_by_ply)),
)


def _stockfish_model(model: object) -> _StockfishModel:
    for name, found in _STOCKFISH_MODELS:
        if model == name:
            return found
    return _SF16_1


def _lichess_wins(cp: int) -> int:
    """lichess's win percentage (as its analysis board shows it), per mille: a logistic in
    the centipawns with no draws and no dependence on the ply."""
    return round(1000 / (1 + math.exp(-0.00368208 * cp)))


# ---- scores ---------------------------------------------------------------------------------

class Score(abc.ABC):
    """An evaluation from one side's point of view: :class:`Cp`, :class:`Mate` or
    :data:`MateGiven`; positive is good for that side. Negation turns the point of view round
    (``-Mate(0)`` is ``MateGiven``).

    Scores are totally ordered, from worst to best: being mated (``Mate(0)``, then
    ``Mate(-1)``, ``Mate(-2)``, ... the later the better), centipawns by value, mating (the
    sooner the better: ``Mate(4) < Mate(1)``), and ``MateGiven`` above all. Two scores are
    equal when they take the same place in this order. Scores have no hash.
    """

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns, or for a mate None, unless ``mate_score`` is given: then a mate in
        n is ``mate_score - n`` and being mated in n ``-mate_score + n``."""

    @abc.abstractmethod
    def mate(self) -> Optional[int]:
        """The plies to mate (negative: to being mated), or None for centipawns. Both
        ``Mate(0)`` and ``MateGiven`` answer 0."""

    def is_mate(self) -> bool:
        """Whether this is a mate score (``MateGiven`` and ``Mate(0)`` included)."""
        return self.mate() is not None

    @abc.abstractmethod
    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        """The expected wins, draws and losses per mille of a game where this score stands
        after ``ply`` half-moves, by ``model``: ``"sf"`` (Stockfish 16.1's model), ``"sf16.1"``,
        ``"sf16"``, ``"sf15.1"``, ``"sf15"``, ``"sf14"``, ``"sf12"`` or ``"lichess"`` (lichess's
        win rate: no draws, the ply unused). A name it does not know is taken as ``"sf"``.
        Differences of :meth:`Wdl.expectation` say more than differences of centipawns."""

    @abc.abstractmethod
    def __neg__(self) -> Score:
        """The score from the other side's point of view."""

    @abc.abstractmethod
    def __pos__(self) -> Score:
        """The same score."""

    @abc.abstractmethod
    def __abs__(self) -> Score:
        """The score of the side that stands better."""

    def _place(self) -> Tuple[int, object, Optional[int]]:
        """Where the score stands in the total order: its band (0 mated, 1 centipawns,
        2 mating, 3 mate given), then the plies to mate the later the better (being mated)
        or the sooner (mating), then the centipawns."""
        plies = self.mate()
        if isinstance(self, MateGivenType):
            band = 3
        elif plies is None:
            band = 1
        else:
            band = 2 if plies > 0 else 0
        return band, -(plies or 0), self.score()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._place() == other._place()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._place() < other._place()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._place() <= other._place()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._place() > other._place()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._place() >= other._place()


class Cp(Score):
    """A score in centipawns (hundredths of a pawn): ``Cp(35)``, shown ``+35``."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def mate(self) -> None:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        if model == "lichess":
            wins = _lichess_wins(max(-1000, min(self.cp, 1000)))
            return Wdl(wins, 0, 1000 - wins)
        stockfish = _stockfish_model(model)
        wins = stockfish.wins(self.cp, ply)
        losses = stockfish.wins(-self.cp, ply)
        return Wdl(wins, 1000 - wins - losses, losses)

    def __str__(self) -> str:
        if self.cp > 0:
            return "+" + format(self.cp, "d")
        return str(self.cp)

    def __repr__(self) -> str:
        return "Cp(" + str(self) + ")"

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __pos__(self) -> Cp:
        return Cp(self.cp)

    def __abs__(self) -> Cp:
        return Cp(abs(self.cp))


class Mate(Score):
    """A mate in ``moves`` plies (``Mate(3)``, shown ``#+3``), or being mated in ``-moves``
    (``Mate(-3)``, ``#-3``); ``Mate(0)`` (``#-0``): the side has been mated."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        return self.moves

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        bound = mate_score if self.moves > 0 else -mate_score
        return bound - self.moves

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        if model == "lichess":
            # lichess counts a mate in n as 2100 - 100 n centipawns (n at most 10) for the
            # side that mates.
            better = _lichess_wins((21 - min(10, abs(self.moves))) * 100)
            worse = 1000 - better
            return Wdl(better, 0, worse) if self.moves > 0 else Wdl(worse, 0, better)
        return Wdl(1000, 0, 0) if self.moves > 0 else Wdl(0, 0, 1000)

    def __str__(self) -> str:
        if self.moves > 0:
            return f"#+{self.moves}"
        return f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self)[1:]})"

    def __neg__(self) -> Union[MateGivenType, Mate]:
        return Mate(-self.moves) if self.moves else MateGiven

    def __pos__(self) -> Mate:
        return Mate(self.moves)

    def __abs__(self) -> Union[MateGivenType, Mate]:
        return Mate(abs(self.moves)) if self.moves else MateGiven


class MateGivenType(Score):
    """The type of :data:`MateGiven`: the side has mated (``-Mate(0)``), the best score."""

    def mate(self) -> int:
        return 0

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> Wdl:
        return Wdl(1000, 0, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __pos__(self) -> MateGivenType:
        return self

    def __abs__(self) -> MateGivenType:
        return self

    def __str__(self) -> str:
        return "#+0"

    def __repr__(self) -> str:
        return "MateGiven"


#: The side to move has been mated by the other side: the score of the mating side.
MateGiven = MateGivenType()


def _side(turn: Color) -> str:
    return "WHITE" if turn else "BLACK"


class PovScore:
    """A score (``relative``) from the point of view of the side ``turn`` (``True`` White)."""

    relative: Score
    turn: Color

    def __init__(self, relative: Score, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: Color) -> Score:
        """The score from ``color``'s point of view."""
        if self.turn == color:
            return self.relative
        return -self.relative

    def white(self) -> Score:
        """The score from White's point of view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's point of view."""
        return self.pov(False)

    def is_mate(self) -> bool:
        """Whether the score is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> PovWdl:
        """:meth:`Score.wdl` of the relative score, from the same point of view."""
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {_side(self.turn)})"

    def __eq__(self, other: object) -> bool:
        """Equal when White's scores are (the points of view may differ)."""
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.white() == other.white()


# ---- win/draw/loss statistics ---------------------------------------------------------------

@dataclasses.dataclass
class Wdl:
    """Wins, draws and losses of one side: per mille from :meth:`Score.wdl` and engines, or
    any counts. Its truth value is whether there are any games; ``-wdl`` swaps wins and
    losses; iterating gives the three numbers."""

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        """The number of games: wins, draws and losses together."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The share of wins."""
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        """The share of draws."""
        return self.draws / self.total()

    def losing_chance(self) -> float:
        """The share of losses."""
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected points of a game: a win 1, a draw a half, a loss 0."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __reversed__(self) -> Iterator[int]:
        return iter((self.losses, self.draws, self.wins))

    def __pos__(self) -> Wdl:
        return self

    def __neg__(self) -> Wdl:
        return Wdl(self.losses, self.draws, self.wins)


class PovWdl:
    """:class:`Wdl` statistics (``relative``) from the point of view of the side ``turn``.

    As in python-chess it also reads as the tuple ``(wins, draws, losses)`` of ``relative``
    (indexing, ``len``, iterating, ``==`` with a tuple): engines' ``wdl`` was such a tuple
    once. It has no order.
    """

    relative: Wdl
    turn: Color

    def __init__(self, relative: Wdl, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: Color) -> Wdl:
        """The statistics from ``color``'s point of view."""
        if self.turn == color:
            return self.relative
        return -self.relative

    def white(self) -> Wdl:
        """The statistics from White's point of view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """The statistics from Black's point of view."""
        return self.pov(False)

    def _triple(self) -> Tuple[int, int, int]:
        relative = self.relative
        return relative.wins, relative.draws, relative.losses

    def __bool__(self) -> bool:
        return bool(self.relative)

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {_side(self.turn)})"

    def __iter__(self) -> Iterator[int]:
        return iter(self._triple())

    def __len__(self) -> int:
        return 3

    def __getitem__(self, index: int) -> int:
        return self._triple()[index]

    def __eq__(self, other: object) -> bool:
        """Equal to a PovWdl when White's statistics are, to a tuple when the relative
        ``(wins, draws, losses)`` is."""
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        if isinstance(other, tuple):
            return self._triple() == other
        return NotImplemented



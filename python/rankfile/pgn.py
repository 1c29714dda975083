"""rankfile.pgn: PGN games, python-chess's ``chess.pgn`` over rankfile's C library.

Two ways in:

- python-chess's: :func:`read_game` (a :class:`Game` with headers, a main line, comments, NAGs
  and variations, or what a visitor makes of the game), :func:`read_headers`,
  :func:`skip_game`, the visitors (:class:`GameBuilder`, :class:`HeadersBuilder`,
  :class:`BoardBuilder`, :class:`SkipVisitor`, :class:`StringExporter`, :class:`FileExporter`),
  ``str(game)`` to export;
- rankfile's, for whole files: :func:`read_table` (every game of a file as columns, read in C
  without the GIL), :func:`iter_tables` (the same a batch of games at a time, memory flat),
  :func:`to_parquet` (a file into Parquet, a row group per batch) and :func:`iter_games` (one
  light record per game).
"""
from __future__ import annotations

import abc
import dataclasses
import enum
import logging
import os
import re
import sys
import typing
from collections.abc import MutableMapping
from typing import (Any, Callable, Dict, Generic, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple,
                    TypeVar, Union)

from rankfile import _rankfile
from rankfile import Color, Square  # python-chess's type names, as chess.pgn has them

LOGGER = logging.getLogger(__name__)

# Numeric Annotation Glyphs (PGN standard, section 10), under python-chess's names.
NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# The move suffixes a reader turns into NAGs.
_SUFFIX_NAGS = {"!": NAG_GOOD_MOVE, "?": NAG_MISTAKE, "!!": NAG_BRILLIANT_MOVE, "??": NAG_BLUNDER,
                "!?": NAG_SPECULATIVE_MOVE, "?!": NAG_DUBIOUS_MOVE}

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster: the tags every exported game carries first, in this order."""

_ROSTER_NAMES = frozenset(TAG_ROSTER)

_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
                    "Black": "?", "Result": "*"}

TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

# A tag line: [Name "value"], the value kept as written (escapes and all) up to the last quote.
TAG_REGEX = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*\Z")

# The tokens of movetext. Anything else (move numbers, dots, unreadable words) is passed over,
# as python-chess does: a SAN-shaped word, a drop, a null move, castling; a comment (to the end
# of the line, cut at its brace later); a rest-of-line comment; a NAG; a parenthesis; a
# termination marker; a suffix annotation.
MOVETEXT_REGEX = re.compile(r"""
    ( [NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?
    | [PNBRQK]?@[a-h][1-8]
    | -- | Z0 | 0000 | @@@@
    | O-O(?:-O)? | 0-0(?:-0)? )
    | (\{.*)
    | (;.*)
    | (\$[0-9]+)
    | (\()
    | (\))
    | (\*|1-0|0-1|1/2-1/2)
    | ([\?!]{1,2})
    """, re.DOTALL | re.VERBOSE)

# What a skipped game's lines are scanned for: where comments open and close.
SKIP_MOVETEXT_REGEX = re.compile(r"[;{}]")

# Comment annotations (lichess, ChessBase): [%clk 1:02:03], [%emt 0:00:05], [%eval 0.25,20],
# [%eval #-3], [%csl Ga1], [%cal Re2e4,Gd2d4]. prefix and suffix: one white-space character
# each side, kept or dropped when an annotation is replaced.
CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(r"""
    (?P<prefix>\s?)
    \[%eval\s(?: \#(?P<mate>[+-]?\d+) | (?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)) )
    (?:,(?P<depth>\d+))?\]
    (?P<suffix>\s?)
    """, re.VERBOSE)
ARROWS_REGEX = re.compile(r"""
    (?P<prefix>\s?)
    \[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\]
    (?P<suffix>\s?)
    """, re.VERBOSE)


def _replacement(text: str) -> Callable[["re.Match[str]"], str]:
    """The replacement of an annotation by `text` ("" removes it): the white space around the
    old one is kept around the new one; a removed one leaves one space only where it had
    white space on both sides."""
    def repl(match: "re.Match[str]") -> str:
        if text:
            return match.group("prefix") + text + match.group("suffix")
        return match.group("prefix") and match.group("suffix")
    return repl


class SkipType(enum.Enum):
    SKIP = None


SKIP = SkipType.SKIP
"""What a visitor returns to skip a game, its movetext or a variation."""

ResultT = TypeVar("ResultT", covariant=True)
MainlineMapT = TypeVar("MainlineMapT")
GameT = TypeVar("GameT", bound="Game")
HeadersT = TypeVar("HeadersT", bound="Headers")


class TimeControlType(enum.Enum):
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a TimeControl tag: ``moves`` (0: the rest of the game) in ``time``
    seconds, plus ``increment`` or ``delay`` seconds a move."""
    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A TimeControl tag read (PGN standard, section 9.6.1): its periods and FIDE's class of
    the first one (bullet under 3 minutes of base time + 60 increments, blitz under 15, rapid
    under 60, standard from there)."""
    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def parse_time_control(time_control: str) -> TimeControl:
    """A TimeControl tag's value as a :class:`TimeControl`: "" and "?" are UNKNOWN, "-"
    UNLIMITED; else periods joined by ":", each ``[moves/]seconds[+increment|+delayd]``.
    Raises ValueError for a number that cannot be read and for a period without a move count
    before the last."""
    tc = TimeControl()
    if not time_control or time_control.startswith("?"):
        return tc
    if time_control.startswith("-"):
        tc.type = TimeControlType.UNLIMITED
        return tc
    for text in time_control.split(":"):
        part = TimeControlPart()
        period, *bonus = text.split("+")
        if bonus:
            if bonus[0].lower().endswith("d"):
                part.delay = float(bonus[0][:-1])
            else:
                part.increment = float(bonus[0])
        moves, *seconds = period.split("/")
        if seconds:
            part.moves, part.time = int(moves), int(seconds[0])
        else:
            part.moves, part.time = 0, int(moves)
        tc.parts.append(part)
    if any(part.moves == 0 for part in tc.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    estimate = tc.parts[0].time + 60 * tc.parts[0].increment
    tc.type = (TimeControlType.BULLET if estimate < 3 * 60 else
               TimeControlType.BLITZ if estimate < 15 * 60 else
               TimeControlType.RAPID if estimate < 60 * 60 else TimeControlType.STANDARD)
    return tc


def _has_chess960_castling_rights(board: Any) -> bool:
    """python-chess's Board.has_chess960_castling_rights: a castling right that only Chess960
    has (a rook off the corners, or a king off its e-file square with a right)."""
    method = getattr(board, "has_chess960_castling_rights", None)
    if method is not None:
        return bool(method())
    import rankfile
    rights = board.castling_rights
    if not rights & ~rankfile.BB_CORNERS and \
            (not rights & rankfile.BB_RANK_1 or board.king(True) == rankfile.E1) and \
            (not rights & rankfile.BB_RANK_8 or board.king(False) == rankfile.E8):
        return False  # (the rights kept are among these: none of them is Chess960's)
    probe = board.copy(stack=False)
    probe.chess960 = True
    rights = probe.clean_castling_rights()
    if rights & ~rankfile.BB_CORNERS:
        return True
    for color, rank, king_square in ((True, rankfile.BB_RANK_1, rankfile.E1),
                                     (False, rankfile.BB_RANK_8, rankfile.E8)):
        if rights & rank and probe.king(color) != king_square:
            return True
    return False


_CHESS960_NAMES = frozenset(["chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"])
_WILD_NAMES = frozenset(["wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
                         "wild/8", "wild/8a"])
# Variant tag -> board class, as find_variant found it (names it knows only).
_VARIANT_OF: Dict[str, type] = {}


def _variant_and_chess960(headers: "Headers") -> Tuple[Any, bool]:
    """headers.variant() and headers.is_chess960() at once, for a Headers (not a subclass)."""
    import rankfile
    name = headers._others.get("Variant")
    if name is None:
        return rankfile.Board, False
    lower = name.lower()
    if lower in _CHESS960_NAMES:
        return rankfile.Board, True
    if lower in _WILD_NAMES:
        return rankfile.Board, False
    return headers.variant(), False


class Headers(MutableMapping[str, str]):
    """A game's tag pairs: a mutable mapping that keeps the Seven Tag Roster (Event, Site, Date,
    Round, White, Black, Result) first, in the roster's order, and the other tags in the order
    they were set. ``Headers()`` holds the roster's defaults ("?", "????.??.??", "*");
    ``Headers({})`` is empty."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None,
                 **kwargs: str) -> None:
        self._others: Dict[str, str] = {}
        if data is None and not kwargs:  # the roster's defaults (every game starts with them)
            self._tag_roster: Dict[str, str] = dict(_ROSTER_DEFAULTS)
            return
        self._tag_roster = {}
        self.update(_ROSTER_DEFAULTS if data is None else data, **kwargs)

    def is_chess960(self) -> bool:
        """True when the Variant tag names Chess960 (chess960, fischerandom, ...)."""
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        """True when the Variant tag names one of FICS's wild/N games (read as standard chess)."""
        return self.get("Variant", "").lower() in _WILD_NAMES

    def variant(self) -> type:
        """The board class of the Variant tag (rankfile.Board when there is none); ValueError
        for a variant that is not known."""
        import rankfile
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return rankfile.Board
        from rankfile.variant import VARIANTS, find_variant
        name = self["Variant"]
        found = _VARIANT_OF.get(name) if type(name) is str else None
        if found is None or found not in VARIANTS:
            found = find_variant(name)
            if type(name) is str:
                _VARIANT_OF[name] = found
        return found

    def board(self) -> Any:
        """The start position the tags describe: the FEN tag's, else the variant's start."""
        if type(self) is Headers:
            others = self._others
            if "Variant" not in others and "FEN" not in others:
                import rankfile
                return rankfile.Board()  # the standard start (no Chess960 castling rights)
            VariantBoard, chess960 = _variant_and_chess960(self)
            fen = others.get("FEN")
            board = VariantBoard(VariantBoard.starting_fen if fen is None else fen, chess960=chess960)
            board.chess960 = board.chess960 or _has_chess960_castling_rights(board)
            return board
        VariantBoard = self.variant()
        fen = self.get("FEN", VariantBoard.starting_fen)
        board = VariantBoard(fen, chess960=self.is_chess960())
        board.chess960 = board.chess960 or _has_chess960_castling_rights(board)
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in _ROSTER_NAMES:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in _ROSTER_NAMES else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in _ROSTER_NAMES:
            del self._tag_roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tag_roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self) -> "Headers":
        return type(self)(self)

    def __copy__(self) -> "Headers":
        return self.copy()

    def __repr__(self) -> str:
        pairs = ", ".join(f"{key}={value!r}" for key, value in self.items())
        return f"{type(self).__name__}({pairs})"

    @classmethod
    def builder(cls) -> "HeadersBuilder":
        """A HeadersBuilder that makes headers of this class (``read_game(h, Visitor=...)``)."""
        return HeadersBuilder(Headers=cls)


# ---- games: nodes, visitors, reading, export -----------------------------------------------

def _engine() -> Any:
    """The module whose score classes eval() answers: chess.engine when the program has
    already loaded one (python-chess's own, that its scores compare with), else
    rankfile.engine (which rankfile.compat also names chess.engine)."""
    module = sys.modules.get("chess.engine")
    if module is not None:
        return module
    from rankfile import engine
    return engine


def _seconds_text(tag: str, seconds: float) -> str:
    """[%clk H:MM:SS.sss] (or %emt): at most three decimals, trailing zeros dropped."""
    seconds = max(0, seconds)
    hours, rest = int(seconds // 3600), seconds % 3600
    minutes, rest = int(rest // 60), rest % 60
    text = f"{rest:06.3f}".rstrip("0").rstrip(".")
    return f"[%{tag} {hours:d}:{minutes:02d}:{text}]"


def _move_of(node: "ChildNode") -> Any:
    return node.move


class GameNode(abc.ABC):
    """A node of a game tree: the game itself (:class:`Game`) or a move (:class:`ChildNode`).
    ``variations`` are the nodes that follow, the main line first; ``game[i]`` is variation i
    (or the one of a move, or a node itself)."""

    parent: Optional["GameNode"]
    move: Optional[Any]
    variations: List["ChildNode"]
    comment: str
    starting_comment: str
    nags: set

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self.nags = set()

    @abc.abstractmethod
    def board(self) -> Any:
        """A new board at this node's position (the game's start, then the moves to here)."""

    @abc.abstractmethod
    def ply(self) -> int:
        """The half-moves to this node as the position counts them (its fullmove number and
        turn): the moves from the game's start plus the start position's own ply."""

    def turn(self) -> bool:
        """The side to move at this node (True: White)."""
        return self.ply() % 2 == 0

    def root(self) -> "GameNode":
        """The node at the top of this tree."""
        node = self
        while node.parent:
            node = node.parent
        return node

    def game(self) -> "Game":
        """The root node, a :class:`Game`."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """True when no move follows."""
        return not self.variations

    def starts_variation(self) -> bool:
        """True when this node starts a side line (it is not its parent's first variation)."""
        if not self.parent or not self.parent.variations:
            return False
        return self.parent.variations[0] != self

    def is_mainline(self) -> bool:
        """True when this node is on the game's main line."""
        node = self
        while node.parent:
            parent = node.parent
            if not parent.variations or parent.variations[0] != node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """True when this node is its parent's first variation (or the root)."""
        if not self.parent:
            return True
        return not self.parent.variations or self.parent.variations[0] == self

    def __getitem__(self, move: Union[int, Any]) -> "ChildNode":
        """Variation by index, by its move, or the node itself; KeyError when there is none
        (IndexError for an index out of range)."""
        try:
            return self.variations[move]
        except TypeError:
            for variation in self.variations:
                if variation.move == move or variation == move:
                    return variation
        raise KeyError(move)

    def __contains__(self, move: Union[int, Any]) -> bool:
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move: Union[int, Any]) -> "ChildNode":
        """The variation by index, by its first move, or a node itself (as ``node[move]``)."""
        return self[move]

    def has_variation(self, move: Union[int, Any]) -> bool:
        """True when ``self[move]`` is a variation."""
        return move in self

    def promote_to_main(self, move: Union[int, Any]) -> None:
        """Makes a variation the main line."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Union[int, Any]) -> None:
        """Moves a variation one up in the list."""
        variation = self[move]
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Any]) -> None:
        """Moves a variation one down in the list."""
        variation = self[move]
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Any]) -> None:
        """Removes a variation (by index, first move or node)."""
        self.variations.remove(self.variation(move))

    def add_variation(self, move: Any, *, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a variation starting with `move` (last) and returns its node. The only place
        nodes are made: a subclass that overrides it gets its own node class everywhere."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Any, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a variation starting with `move` as the main line and returns its node."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self) -> Optional["ChildNode"]:
        """The main-line move after this node, or None."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> "Mainline":
        """The nodes of the main line after this one (an iterable)."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> "Mainline":
        """The moves of the main line after this one (an iterable)."""
        return Mainline(self, _move_of)

    def add_line(self, moves: Iterable[Any], *, comment: str = "", starting_comment: str = "",
                 nags: Iterable[int] = ()) -> "GameNode":
        """Adds moves one after another from here; the last node gets the comment (after its
        own, space-separated) and the NAGs; returns it."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    # -- comment annotations --

    def eval(self) -> Any:
        """The first ``[%eval ...]`` of the comment as a PovScore from the side to move here,
        or None (``#0``: the side to move is mated)."""
        match = EVAL_REGEX.search(self.comment)
        if match is None:
            return None
        engine = _engine()
        turn = self.turn()
        if match.group("mate"):
            mate = int(match.group("mate"))
            score = engine.Mate(mate)
            if mate == 0:
                return engine.PovScore(score, turn)
        else:
            score = engine.Cp(round(float(match.group("cp")) * 100))
        return engine.PovScore(score if turn else -score, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first ``[%eval ...,depth]`` of the comment, or None."""
        match = EVAL_REGEX.search(self.comment)
        return int(match.group("depth")) if match and match.group("depth") else None

    def set_eval(self, score: Any, depth: Optional[int] = None) -> None:
        """Replaces the first ``[%eval]`` of the comment (or adds one at its end); None
        removes it. The score is written from White's point of view."""
        text = ""
        if score is not None:
            suffix = "" if depth is None else f",{max(depth, 0):d}"
            white = score.white()
            cp = white.score()
            if cp is not None:
                text = f"[%eval {float(cp) / 100:.2f}{suffix}]"
            elif white.mate():
                text = f"[%eval #{white.mate()}{suffix}]"
        self.comment, found = EVAL_REGEX.subn(_replacement(text), self.comment, count=1)
        if text and not found:
            if self.comment and not self.comment.endswith(" "):
                self.comment += " "
            self.comment += text

    def arrows(self) -> List[Any]:
        """Every ``[%csl ...]`` and ``[%cal ...]`` of the comment as rankfile.svg.Arrow objects
        (a square highlighted: tail == head)."""
        from rankfile.svg import Arrow
        return [Arrow.from_pgn(item) for match in ARROWS_REGEX.finditer(self.comment)
                for item in match.group("arrows").split(",")]

    def set_arrows(self, arrows: Iterable[Any]) -> None:
        """Replaces every ``[%csl]``/``[%cal]`` of the comment by the given arrows (Arrow
        objects or (tail, head) pairs), written first in the comment."""
        from rankfile.svg import Arrow
        squares: List[str] = []
        lines: List[str] = []
        for arrow in arrows:
            if not isinstance(arrow, Arrow):
                try:
                    tail, head = arrow
                except TypeError:
                    pass
                else:
                    arrow = Arrow(tail, head)
            (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
        self.comment = ARROWS_REGEX.sub(_replacement(""), self.comment)
        prefix = (f"[%csl {','.join(squares)}]" if squares else "") + \
                 (f"[%cal {','.join(lines)}]" if lines else "")
        if prefix and self.comment and not self.comment.startswith((" ", "\n")):
            self.comment = prefix + " " + self.comment
        else:
            self.comment = prefix + self.comment

    def _set_seconds(self, regex: "re.Pattern[str]", tag: str, seconds: Optional[float]) -> None:
        text = "" if seconds is None else _seconds_text(tag, seconds)
        self.comment, found = regex.subn(_replacement(text), self.comment, count=1)
        if text and not found:
            if self.comment and not self.comment.endswith((" ", "\n")):
                self.comment += " "
            self.comment += text

    @staticmethod
    def _seconds(match: Optional["re.Match[str]"]) -> Optional[float]:
        if match is None:
            return None
        return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))

    def clock(self) -> Optional[float]:
        """The first ``[%clk H:MM:SS]`` of the comment in seconds (the mover's time left), or None."""
        return self._seconds(CLOCK_REGEX.search(self.comment))

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%clk]`` of the comment (or adds one at its end); None removes it."""
        self._set_seconds(CLOCK_REGEX, "clk", seconds)

    def emt(self) -> Optional[float]:
        """The first ``[%emt H:MM:SS]`` of the comment in seconds (the time the move took), or None."""
        return self._seconds(EMT_REGEX.search(self.comment))

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%emt]`` of the comment (or adds one at its end); None removes it."""
        self._set_seconds(EMT_REGEX, "emt", seconds)

    # -- traversal --

    @abc.abstractmethod
    def accept(self, visitor: "BaseVisitor") -> Any:
        """Traverses from the move leading here, in PGN order, calling the visitor; returns
        visitor.result()."""

    def accept_subgame(self, visitor: "BaseVisitor") -> Any:
        """Traverses the game as if it started at this node: the game's tags, then FEN,
        SetUp and Variant of this position, then the moves that follow."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            start = Game.without_tag_roster()
            start.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in start.headers:
                    visitor.visit_header(name, value)
            for name, value in start.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


class _Frame:
    """A node being traversed by ChildNode._accept: its side lines still to visit, and where
    it stands (its own move, its side lines, the main line after it, done)."""

    __slots__ = ("node", "sidelines", "step", "closing")

    def __init__(self, node: "ChildNode", sidelines: bool) -> None:
        self.node = node
        self.sidelines = iter(node.parent.variations[1:] if sidelines else ())
        self.step = 0
        self.closing = False


class ChildNode(GameNode):
    """A move of a game and what follows it."""

    parent: GameNode
    move: Any

    def __init__(self, parent: GameNode, move: Any, *, comment: str = "",
                 starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        super().__init__(comment=comment)
        self.parent = parent
        self.move = move
        self.parent.variations.append(self)
        self.nags.update(nags)
        self.starting_comment = starting_comment

    def board(self) -> Any:
        moves = []
        node: GameNode = self
        while node.move is not None and node.parent is not None:
            moves.append(node.move)
            node = node.parent
        board = node.game().board()
        for move in reversed(moves):
            board.push(move)
        return board

    def ply(self) -> int:
        depth = 0
        node: GameNode = self
        while node.parent is not None:
            depth += 1
            node = node.parent
        return node.game().ply() + depth

    def san(self) -> str:
        """The move in SAN, in its parent's position."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI, in its parent's position (castling as the game's mode writes it)."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def end(self) -> "ChildNode":
        return typing.cast(ChildNode, super().end())

    def _accept_node(self, board: Any, visitor: "BaseVisitor") -> None:
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(board, self.move)
        board.push(self.move)
        visitor.visit_board(board)
        board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def _accept(self, board: Any, visitor: "BaseVisitor", *, sidelines: bool = True) -> None:
        # PGN order without recursion (a main line may be thousands of moves, side lines nest
        # deep): a move, then the side lines that replace it, then the main line after it.
        stack = [_Frame(self, sidelines)]
        while stack:
            top = stack[-1]
            if top.closing:
                top.closing = False
                visitor.end_variation()
            if top.step == 0:
                top.node._accept_node(board, visitor)
                top.step = 1
            elif top.step == 1:
                side = next(top.sidelines, None)
                if side is not None:
                    if visitor.begin_variation() is not SKIP:
                        stack.append(_Frame(side, False))
                    top.closing = True
                elif top.node.variations:
                    board.push(top.node.move)
                    stack.append(_Frame(top.node.variations[0], True))
                    top.step = 2
                else:
                    top.step = 3
            elif top.step == 2:
                board.pop()
                top.step = 3
            else:
                stack.pop()

    def accept(self, visitor: "BaseVisitor") -> Any:
        """Traverses this move and what follows it (no headers, not its side lines)."""
        self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        return (f"<{type(self).__name__} at {id(self):#x} "
                f"({board.fullmove_number}{'.' if board.turn else '...'} {board.san(self.move)} ...)>")


class Game(GameNode):
    """A game: the root node, with the tags (``headers``), the start position (``board()``,
    from the FEN and Variant tags) and the errors met while reading it (``errors``)."""

    headers: Headers
    errors: List[Exception]

    # A game read by read_game's default visitor holds its movetext as data until its nodes
    # are asked for: (main-line moves, events or None), see play_tokens in python/src/pgn.c.
    _pending: Optional[Tuple[list, Optional[list]]] = None

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        # GameNode.__init__'s fields, set past the properties (nothing is pending yet)
        self.parent = None
        self.move = None
        self._variations = []
        self._comment = ""
        self.starting_comment = ""
        self._nags = set()
        self.headers = Headers(headers)
        self.errors = []

    def _build(self) -> None:
        """The nodes of the pending movetext, made as GameBuilder makes them."""
        moves, events = typing.cast(Tuple[list, Optional[list]], self._pending)
        self._pending = None
        if events is None:
            node: GameNode = self
            for move in moves:
                child = ChildNode.__new__(ChildNode)
                child.parent = node
                child.move = move
                child.variations = []
                child.comment = ""
                child.starting_comment = ""
                child.nags = set()
                node.variations.append(child)
                node = child
            return
        builder = GameBuilder.__new__(GameBuilder)
        builder.game = self
        builder.variation_stack = [self]
        builder.starting_comment = ""
        builder.in_variation = False
        for event in events:
            if event is True:
                builder.begin_variation()
            elif event is False:
                builder.end_variation()
            elif isinstance(event, str):
                builder.visit_comment(event)
            elif isinstance(event, int):
                builder.visit_nag(event)
            else:
                builder.visit_move(None, event)

    @property
    def variations(self) -> List[ChildNode]:  # type: ignore[override]
        if self._pending is not None:
            self._build()
        return self._variations

    @variations.setter
    def variations(self, value: List[ChildNode]) -> None:
        if self._pending is not None:
            self._build()
        self._variations = value

    @property
    def comment(self) -> str:  # type: ignore[override]
        if self._pending is not None:
            self._build()
        return self._comment

    @comment.setter
    def comment(self, value: str) -> None:
        if self._pending is not None:
            self._build()
        self._comment = value

    @property
    def nags(self) -> set:  # type: ignore[override]
        if self._pending is not None:
            self._build()
        return self._nags

    @nags.setter
    def nags(self, value: set) -> None:
        if self._pending is not None:
            self._build()
        self._nags = value

    def board(self) -> Any:
        return self.headers.board()

    def ply(self) -> int:
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Any) -> None:
        """Sets the start position (the FEN, SetUp and Variant tags) from a board or a FEN
        (a FEN with Chess960 castling rights makes a Chess960 game)."""
        import rankfile
        if isinstance(board, str) or not hasattr(board, "fen"):
            board = rankfile.Board(board)
            board.chess960 = _has_chess960_castling_rights(board)
        fen = board.fen()
        cls = type(board)
        if fen == cls.starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if cls.aliases[0] == "Standard" and board.chess960:
            self.headers["Variant"] = "Chess960"
        elif cls.aliases[0] != "Standard":
            self.headers["Variant"] = cls.aliases[0]
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor: "BaseVisitor") -> Any:
        """Traverses the game in PGN order: its tags, its start, its moves, its result."""
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def time_control(self) -> TimeControl:
        """The TimeControl tag read by :func:`parse_time_control` (UNKNOWN without one)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board: Any) -> "Game":
        """A game of the board's moves (its move stack), from the position they started at;
        the Result tag is the board's result()."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls) -> "Game":
        """A game with no tags at all."""
        return cls(headers={})

    @classmethod
    def builder(cls) -> "GameBuilder":
        """A GameBuilder that makes games of this class (``read_game(h, Visitor=...)``)."""
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__, id(self), self.headers.get("White", "?"),
            self.headers.get("Black", "?"), self.headers.get("Date", "????.??.??"),
            self.headers.get("Site", "?"), f", {len(self.errors)} errors" if self.errors else "")


class Mainline(Generic[MainlineMapT]):
    """The main line from a node: its moves (``mainline_moves()``) or nodes (``mainline()``).
    Iterable (also reversed); ``str()`` is its movetext; ``accept(visitor)``."""

    def __init__(self, start: GameNode, f: Callable[[Any], Any]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        pending = getattr(self.start, "_pending", None)
        if pending is not None:
            return bool(pending[0])
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[Any]:
        pending = getattr(self.start, "_pending", None)
        if pending is not None and self.f is _move_of:
            return iter(pending[0])  # a game's main-line moves, read but no nodes made yet
        return self._nodes()

    def _nodes(self) -> Iterator[Any]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __reversed__(self) -> Iterator[Any]:
        node = self.start.end()
        while node.parent and node != self.start:
            yield self.f(node)
            node = node.parent

    def accept(self, visitor: "BaseVisitor") -> Any:
        """Visits the main line's moves (comments, NAGs; no side lines)."""
        node = self.start
        board = self.start.board()
        while node.variations:
            node = node.variations[0]
            typing.cast(ChildNode, node)._accept_node(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """The callbacks of a game traversal, in PGN order (GameNode.accept, read_game's
    ``Visitor``): return SKIP from begin_game, end_headers or begin_variation to skip that
    part. ``result()`` is what accept / read_game return."""

    def begin_game(self) -> Optional[SkipType]:
        """Called at the start of a game."""
        return None

    def begin_headers(self) -> Optional[Headers]:
        """Called before the tags; a Headers returned is the one the reader takes the start
        position from."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """Called for each tag."""

    def end_headers(self) -> Optional[SkipType]:
        """Called after the tags."""
        return None

    def begin_parse_san(self, board: Any, san: str) -> Optional[SkipType]:
        """Called by the reader before each move it reads; SKIP passes the move over."""
        return None

    def parse_san(self, board: Any, san: str) -> Any:
        """Called by the reader to read a move (board.parse_san)."""
        return board.parse_san(san)

    def visit_move(self, board: Any, move: Any) -> None:
        """Called for each move, with the board before it (to be left as it was)."""

    def visit_board(self, board: Any) -> None:
        """Called for the start position and after each move (the board to be left as it was)."""

    def visit_comment(self, comment: str) -> None:
        """Called for each comment."""

    def visit_nag(self, nag: int) -> None:
        """Called for each NAG."""

    def begin_variation(self) -> Optional[SkipType]:
        """Called at the start of a side line."""
        return None

    def end_variation(self) -> None:
        """Called at the end of a side line."""

    def visit_result(self, result: str) -> None:
        """Called at the end of the movetext with the result."""

    def end_game(self) -> None:
        """Called at the end of a game."""

    @abc.abstractmethod
    def result(self) -> Any:
        """What the traversal returns."""

    def handle_error(self, error: Exception) -> None:
        """Called with each error met (a bad move, FEN or variant); raises it."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Makes a :class:`Game` (or ``Game=`` a subclass) of what is read: read_game's default.
    Errors go into ``game.errors`` (and the log) instead of being raised."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        # After a move the comment is the move's; before the game's first move the game's;
        # at the start of a side line it waits for the line's first move.
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Any, move: Any) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Logs the error and appends it to ``game.errors``."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> Any:
        return self.game


# The class of GameBuilder's games (its Game= default), which read_game's default reader makes.
_BUILDER_GAME = GameBuilder.__init__.__kwdefaults__["Game"]


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Collects a game's tags into a :class:`Headers` (or ``Headers=`` a subclass) and skips
    its moves."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> Headers:
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> Any:
        return self.headers


class BoardBuilder(BaseVisitor[Any]):
    """The board at the end of a game's main line (its moves on the move stack)."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Any) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Any:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game (result True)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class StringExporterMixin:
    """PGN writing shared by StringExporter and FileExporter: tags, an empty line, the movetext
    in lines of at most ``columns`` characters (None: one line), an empty line. ``headers``,
    ``comments`` (comments and NAGs), ``variations``: what to write."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f"[{tagname} \"{tagvalue}\"]")

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def _writing(self) -> bool:
        return self.variations or not self.variation_depth

    def visit_comment(self, comment: str) -> None:
        if self.comments and self._writing():
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and self._writing():
            self.write_token(f"${nag} ")

    def visit_move(self, board: Any, move: Any) -> None:
        if self._writing():
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes a game as PGN text (python-chess's StringExporter); result() is the text,
    without a newline at its end."""

    def result(self) -> str:
        lines = self.lines + [self.current_line.rstrip()] if self.current_line else self.lines
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """As StringExporter, writing each line to a text handle, an empty line after each game;
    result() is the number of characters written for the game."""

    def __init__(self, handle: Any, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle

    def begin_game(self) -> None:
        self.written: int = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# ---- the reader ------------------------------------------------------------------------------

_RESULTS = frozenset(["1-0", "0-1", "1/2-1/2", "*"])

# MOVETEXT_REGEX over the kept lines of a game's movetext at once, without its groups (findall
# gives the tokens as strings): a comment runs to its closing brace, a ; comment to the end of
# its line.
_TOKENS = re.compile(r"""
    [NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?
    | [PNBRQK]?@[a-h][1-8]
    | -- | Z0 | 0000 | @@@@
    | O-O(?:-O)? | 0-0(?:-0)?
    | \{[^}]*\}? | ;[^\n]* | \$[0-9]+ | \( | \)
    | \*|1-0|0-1|1/2-1/2
    | [\?!]{1,2}
    """, re.VERBOSE)


def _is_comment_line(line: str) -> bool:
    """A line the reader passes over: an escape (%) or a rest-of-line comment (;)."""
    return line.startswith("%") or line.startswith(";")


def _skip_movetext(handle: Any, line: str) -> None:
    """Reads past a game's movetext without reading it: to an empty line (outside a brace
    comment) or the end of the handle (in C: _pgn_movetext in python/src/pgn.c)."""
    _rankfile._pgn_movetext(handle, line, False)


def _movetext_tokens(handle: Any, line: str) -> List[str]:
    """The tokens of a game's movetext, from `line` on, read as python-chess reads them: a line
    at a time to an empty line (outside a comment) or the end of the handle, passing over the
    lines that open with % or ; (outside a comment). The lines kept are cut into tokens in one
    go (no token but a comment holds white space, so none spans two lines): a comment is one
    token, from its brace to the next closing one over lines (see _comment_text); a ; comment
    runs to the end of its line. In C: _pgn_movetext in python/src/pgn.c (_TOKENS.findall over
    the kept lines)."""
    return typing.cast(List[str], _rankfile._pgn_movetext(handle, line, None))


def _comment_text(token: str) -> str:
    """A comment token's text as python-chess keeps it: without its braces, one space after
    the opening one and one before the closing one."""
    text = token[2:] if token.startswith("{ ") else token[1:]
    if text.endswith("}"):
        text = text[:-1]
        if text.endswith(" "):
            text = text[:-1]
    return text


def _play(visitor: Any, boards: List[Any], tokens: List[str]) -> None:
    """python-chess's movetext rules over the tokens, calling the visitor. skip_depth > 0:
    inside a line of play being passed over (a side line the visitor skipped, or the rest of a
    line after a bad move), counting its parentheses."""
    skip_depth = 0
    for token in tokens:
        first = token[0]
        if first == "{":
            if not skip_depth:
                visitor.visit_comment(_comment_text(token))
        elif token == "(":
            if skip_depth:
                skip_depth += 1
            elif boards[-1].move_stack:
                if visitor.begin_variation() is SKIP:
                    skip_depth = 1
                else:
                    side = boards[-1].copy()
                    side.pop()
                    boards.append(side)
        elif token == ")":
            if skip_depth == 1:
                skip_depth = 0
                visitor.end_variation()
            elif skip_depth:
                skip_depth -= 1
            elif len(boards) > 1:
                visitor.end_variation()
                boards.pop()
        elif skip_depth or first == ";":
            continue
        elif first == "$":
            visitor.visit_nag(int(token[1:]))
        elif token in _SUFFIX_NAGS:
            visitor.visit_nag(_SUFFIX_NAGS[token])
        elif token in _RESULTS and len(boards) == 1:
            visitor.visit_result(token)
        else:
            board = boards[-1]
            if visitor.begin_parse_san(board, token) is not SKIP:
                try:
                    move = visitor.parse_san(board, token)
                except ValueError as error:
                    visitor.handle_error(error)
                    skip_depth = 1
                else:
                    visitor.visit_move(board, move)
                    board.push(move)
            visitor.visit_board(board)


def read_game(handle: Any, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game from a text handle (a file opened in text mode, io.StringIO):
    what ``Visitor()`` makes of it (a :class:`Game` by default), or None at the end of the
    handle.

    As python-chess's reader: the handle is read a line at a time; a game's tags, then its
    movetext, which ends at an empty line (outside a comment) or the end of the handle.
    Tokens that cannot be read are passed over; a move that is not legal (or a bad FEN or
    Variant tag) goes to the visitor's handle_error (GameBuilder: into ``game.errors``) and
    the rest of its line of play is skipped. The moves are read by the board (the C library);
    with the default visitor the movetext is played in C and the game's nodes are made when
    first asked for."""
    if Visitor is HeadersBuilder:  # read_headers: the tags read in C, the moves skipped
        headers = Headers({})
        line = _rankfile._pgn_head(handle, headers, headers._tag_roster, headers._others)
        if line is None:
            return None
        _rankfile._pgn_movetext(handle, line, False)
        return headers
    if Visitor is SkipVisitor:  # skip_game: the lines read past in C
        line = _rankfile._pgn_head(handle, None, None, None)
        if line is None:
            return None
        _rankfile._pgn_movetext(handle, line, False)
        return True
    if Visitor is GameBuilder:
        return _read_default(handle)
    visitor = Visitor()
    found_game = False
    skipping = False
    managed: Optional[Headers] = None
    unmanaged: Optional[Headers] = None

    line = handle.readline().lstrip("\ufeff")
    while line.isspace() or line.startswith("%") or line.startswith(";"):
        line = handle.readline()

    # The tags, with at most one empty line between two of them.
    empty_lines = 0
    while line:
        if line.startswith("%") or line.startswith(";"):
            line = handle.readline()
            continue
        if empty_lines < 1 and line.isspace():
            empty_lines += 1
            line = handle.readline()
            continue
        if not found_game:
            found_game = True
            skipping = visitor.begin_game() is SKIP
            if not skipping:
                managed = visitor.begin_headers()
                if not isinstance(managed, Headers):
                    unmanaged = Headers({})
        if not line.startswith("["):
            break
        empty_lines = 0
        if not skipping:
            match = TAG_REGEX.match(line)
            if match:
                visitor.visit_header(match.group(1), match.group(2))
                if unmanaged is not None:
                    unmanaged[match.group(1)] = match.group(2)
        line = handle.readline()

    if not found_game:
        return None

    boards: List[Any] = []
    if not skipping:
        skipping = visitor.end_headers() is SKIP
    if not skipping:
        import rankfile
        headers = typing.cast(Headers, managed if unmanaged is None else unmanaged)
        try:
            VariantBoard = headers.variant()
        except ValueError as error:
            visitor.handle_error(error)
            VariantBoard = rankfile.Board
        try:
            board = VariantBoard(headers.get("FEN", VariantBoard.starting_fen),
                                 chess960=headers.is_chess960())
        except ValueError as error:
            visitor.handle_error(error)
            skipping = True
        else:
            board.chess960 = board.chess960 or _has_chess960_castling_rights(board)
            boards.append(board)
            visitor.visit_board(board)

    if skipping:
        _skip_movetext(handle, line)
        visitor.end_game()
        return visitor.result()

    _play(visitor, boards, _movetext_tokens(handle, line))
    visitor.end_game()
    return visitor.result()


def _builder_of(game: "Game") -> "GameBuilder":
    """A GameBuilder as begin_game leaves it, building `game`."""
    visitor = GameBuilder()
    visitor.game = game
    visitor.variation_stack = [game]
    visitor.starting_comment = ""
    visitor.in_variation = False
    return visitor


def _read_default(handle: Any) -> Optional["Game"]:
    """read_game with the default visitor: the tags read into the game's headers in C
    (_pgn_head), the movetext read and played in C (_pgn_movetext), the nodes made when asked
    for. What the visitor's calls would make, in the order read_game makes them (the
    GameBuilder itself made only where an error or pgn.py's driver needs it)."""
    game = _BUILDER_GAME()
    headers = game.headers
    line = _rankfile._pgn_head(handle, headers, headers._tag_roster, headers._others)
    if line is None:
        return None
    others = headers._others
    import rankfile
    if "Variant" not in others and "FEN" not in others:
        board = rankfile.Board()  # the standard start: no Chess960 castling rights
    else:
        try:
            VariantBoard, chess960 = _variant_and_chess960(headers)
        except ValueError as error:
            _builder_of(game).handle_error(error)
            VariantBoard, chess960 = rankfile.Board, False
        fen = others.get("FEN")
        try:
            board = VariantBoard(VariantBoard.starting_fen if fen is None else fen, chess960=chess960)
        except ValueError as error:
            _builder_of(game).handle_error(error)
            _skip_movetext(handle, line)
            return game
        board.chess960 = board.chess960 or _has_chess960_castling_rights(board)
    played = _rankfile._pgn_movetext(handle, line, board)
    if type(played) is list:  # a game pgn.py's driver reads (see python/src/pgn.c)
        _play(_builder_of(game), [board], played)
        return game
    moves, events, errors, results = played
    game._pending = (moves, events)
    if errors:
        visitor = _builder_of(game)
        for error in errors:
            visitor.handle_error(error)
    if results:  # GameBuilder.visit_result's, on the tag roster's dict
        roster = headers._tag_roster
        for result in results:
            if roster.get("Result", "*") == "*":
                roster["Result"] = result
    return game


def read_headers(handle: Any) -> Optional[Headers]:
    """Reads the next game's tags and skips its moves (unread): its :class:`Headers`, or
    None at the end of the handle. The handle is left where read_game would leave it."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle: Any) -> bool:
    """Skips the next game (unread): True, or False at the end of the handle."""
    return bool(read_game(handle, Visitor=SkipVisitor))


# ---- whole files: read_table, iter_tables, to_parquet and iter_games ----------------------

# The computed columns, their order and their types: the C library's one column table
# (app/pgn_columns.c), the same as `rankfile pgn --columns` knows; index and offset come before
# the tags. Types: "int", "bool", "str", "int or None" (opening_ply: None when no opening).
_TABLE_COLUMNS: List[Tuple[str, str]] = [tuple(c) for c in _rankfile.table_columns()]  # type: ignore[misc]
_TYPES = dict(_TABLE_COLUMNS)
_NUMERIC = {name: "bool" if kind == "bool" else "int64" for name, kind in _TABLE_COLUMNS if kind in ("int", "bool")}
_BEFORE_TAGS = [name for name, _ in _TABLE_COLUMNS[:2]]
_AFTER_TAGS = [name for name, _ in _TABLE_COLUMNS[2:]]
_ECO_COLUMNS = ("eco", "opening", "opening_ply")
_FIXED_NAMES = set(_BEFORE_TAGS + _AFTER_TAGS)

BATCH_GAMES = 65536
"""The games of one batch of :func:`iter_tables` and one row group of :func:`to_parquet`
when not given."""


def _column(name: str, data: Any) -> Any:
    """A numeric column's bytes as a NumPy array over them (no copy), else a memoryview."""
    if not isinstance(data, bytes):
        return data
    kind = _NUMERIC[name]
    try:
        import numpy
    except ImportError:
        return memoryview(data).cast("?" if kind == "bool" else "q")
    return numpy.frombuffer(data, dtype=numpy.bool_ if kind == "bool" else numpy.int64)


def _arrow_schema(names: Sequence[str]) -> Any:
    """The Arrow types of the columns, from the column table: int64 and bool for the numeric
    ones (opening_ply an int64 with nulls), string for the others (tags included), whatever the
    values (an empty column too)."""
    import pyarrow
    types = {"int": pyarrow.int64(), "int or None": pyarrow.int64(), "bool": pyarrow.bool_()}
    return pyarrow.schema([(name, types.get(_TYPES.get(name, "str"), pyarrow.string())) for name in names])


def pandas_dtypes(names: Sequence[str]) -> Dict[str, str]:
    """The pandas dtypes of read_table's columns of these names, from the column table (the
    same whatever the rows, none included): "int64", "bool", "Int64" (opening_ply, with <NA>
    where a game has no opening) or "object" (str values: tags and text columns)."""
    dtypes = {"int": "int64", "bool": "bool", "int or None": "Int64"}
    return {name: dtypes.get(_TYPES.get(name, "str"), "object") for name in names}


class Table:
    """The games of one PGN input as columns, one value per game (see :func:`read_table`).

    ``len(table)`` is the number of games, ``table["plies"]`` a column (numeric columns are
    NumPy arrays over the reader's memory, read-only; text columns lists of ``str``),
    ``table.columns`` the names in order, ``table.row(i)`` one game as a dict. The reader's
    data stays in C until a column is asked for: each column's Python objects (and the SAN or
    UCI text of ``moves_san`` and ``moves_uci``, written in C without the GIL) are made the
    first time it is read, then kept."""

    def __init__(self, data: Any, order: List[str]) -> None:
        self._data = data
        self._order = order
        self._names = set(order)
        self._games = data.games()
        self._cache: Dict[str, Any] = {}

    @property
    def columns(self) -> List[str]:
        """The column names: index, offset, the tags (in the order first met), then variant,
        chess960, start_fen, moves_uci, moves_san, plies, result, termination, winner,
        final_fen, error, error_line, error_column, warning, clocks, evals, and with an ECO file
        eco, opening, opening_ply (those asked for): the C library's column table."""
        return list(self._order)

    def __len__(self) -> int:
        return self._games

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def keys(self) -> List[str]:
        """The column names (as :attr:`columns`)."""
        return self.columns

    def __getitem__(self, name: str) -> Any:
        if name not in self._names:
            raise KeyError(name)
        column = self._cache.get(name)
        if column is None:
            column = self._cache[name] = _column(name, self._data.column(name))
        return column

    def row(self, i: int) -> Dict[str, Any]:
        """Game i (from 0) as a dict of column name -> value."""
        if i < 0:
            i += self._games
        if not 0 <= i < self._games:
            raise IndexError("game index out of range")
        out = {}
        for name in self._order:
            value = self[name][i]
            if name in _NUMERIC:
                value = bool(value) if _NUMERIC[name] == "bool" else int(value)
            out[name] = value
        return out

    def to_pandas(self) -> Any:
        """A pandas.DataFrame of the columns (pandas must be installed)."""
        import pandas
        dtypes = pandas_dtypes(self._order)
        return pandas.DataFrame({name: pandas.Series(self[name], dtype=dtypes[name]) for name in self._order},
                                columns=self._order)

    def to_arrow(self) -> Any:
        """A pyarrow.Table of the columns (pyarrow must be installed): int64 and bool for the
        numeric columns, string for the others, an empty table's too."""
        return self._arrow(None)

    def _arrow(self, pool: Any) -> Any:
        import pyarrow
        schema = _arrow_schema(self._order)
        return pyarrow.Table.from_arrays(
            [pyarrow.array(self[field.name], type=field.type, memory_pool=pool) for field in schema],
            schema=schema)

    def __repr__(self) -> str:
        return f"<rankfile.pgn.Table: {self._games} games, {len(self._order)} columns>"


def _open(source: Any, columns: Optional[Sequence[str]], variant: Optional[str],
          encoding: str = "auto", byte_range: Optional[Tuple[int, int]] = None, eco: Any = None) -> Any:
    """The C reader of a source, open, no game read yet."""
    table = None
    if eco is not None:
        from rankfile import openings
        table = openings.table_of(eco)._table
    elif columns is not None and not isinstance(columns, str) and any(c in columns for c in _ECO_COLUMNS):
        raise ValueError("the columns eco, opening and opening_ply need an ECO file: eco=path, or a table of "
                         "rankfile.openings.load (rankfile.openings.default() for Debian's)")
    if byte_range is not None:
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError("byte_range reads a plain file: give its path as source")
        if (not isinstance(byte_range, tuple) or len(byte_range) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in byte_range)):
            raise TypeError("byte_range: (start, end), two byte offsets >= 0")
    if columns is not None:
        if isinstance(columns, str):
            raise TypeError("columns: a list of column names, not one string")
        columns = tuple(columns)
        for name in columns:
            if not isinstance(name, str):
                raise TypeError(f"columns: {name!r} is not a column name")
    if variant is not None and not isinstance(variant, str):
        raise TypeError("variant: a variant name, as 'atomic' or 'chess960'")
    if not isinstance(encoding, str):
        raise TypeError("encoding: 'auto', 'utf-8' or 'latin-1'")
    if isinstance(source, (str, os.PathLike)):
        return _rankfile._pgn_reader(source, True, columns, variant, encoding, byte_range, table)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _rankfile._pgn_reader(bytes(source), False, columns, variant, encoding, None, table)
    read = getattr(source, "read", None)
    if read is None:
        raise TypeError("source: a path, a file object or bytes, not "
                        f"{type(source).__name__}")
    data = read()
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("source: the file object's read() gave neither str nor bytes")
    return _rankfile._pgn_reader(bytes(data), False, columns, variant, encoding, None, table)


def _order(data: Any, columns: Optional[Sequence[str]], roster: bool = False) -> List[str]:
    """The columns of a table of the games `data` holds: index and offset, the tags in the
    order the games first use them (then the roster's other tags, with `roster`), the fixed
    columns; with `columns`, those of them asked for, then the tags asked for that no game has."""
    fixed = data.fixed()
    tags = [name for name in data.tag_names() if name not in _FIXED_NAMES]
    if roster:
        tags += [name for name in TAG_ROSTER if name not in tags]
    names = [n for n in _BEFORE_TAGS if n in fixed] + tags + [n for n in _AFTER_TAGS if n in fixed]
    if columns is not None:
        names = [n for n in names if n in columns]
        names += [n for n in columns if n not in names and n not in _FIXED_NAMES]
    return names


def _batch_size(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: a number of games (an int), not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name}: a number of games, 1 or more, not {value}")
    return value


def _threads(value: Any) -> int:
    """threads=: None for one per CPU, else 1 to 256."""
    if value is None:
        return max(1, min(os.cpu_count() or 1, 256))
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"threads: a number of threads (an int) or None, not {type(value).__name__}")
    if not 1 <= value <= 256:
        raise ValueError(f"threads: 1 to 256, not {value}")
    return value


def read_table(source: Any, *, columns: Optional[Sequence[str]] = None,
               variant: Optional[str] = None, encoding: str = "auto", threads: Optional[int] = None,
               byte_range: Optional[Tuple[int, int]] = None, eco: Any = None) -> Table:
    """Reads every game of a PGN input into a :class:`Table`, in C with the GIL released.

    ``threads``: the threads that check the games (default: one per CPU), as the CLI's
    ``pgn --threads``: one thread reads the text and cuts it into batches where games begin,
    the others check them; the table is the same whatever the number. ``byte_range=(start,
    end)``: only the games that begin in those bytes of a plain file (``source`` its path), as
    the CLI's ``pgn --range``: from the first game boundary (a ``[`` beginning a line after a
    blank line, or the file's start) at or after ``start`` to the first at or after ``end``, so
    that ranges covering a file read each game once; ``index`` and the lines of ``error`` count
    from the range's start, ``offset`` is the file's (:mod:`rankfile.dask` renumbers them).

    ``source``: a path (plain, ``.pgn.gz`` or ``.pgn.zst``: the first bytes tell; compressed
    input needs a build with zlib and libzstd, as the CLI), a file object (text or binary,
    read to its end) or bytes. ``encoding``: as the CLI's ``--encoding``: "auto" (UTF-8 until a
    byte that is not, Windows-1252 from there), "utf-8" (bytes that are not UTF-8 become U+FFFD)
    or "latin-1" (Windows-1252); the first byte that is not UTF-8 (auto, utf-8) is said once
    by a UnicodeWarning naming its line.

    ``columns``: the names to keep (default all); tags are columns too ("" for a game without
    the tag). ``variant``: keep only the games of that variant (its name as the [Variant] tag or
    the CLI writes it, "chess960" for Chess960 games; games whose start cannot be known, a bad
    [FEN] or [Variant], are kept with their error); the others are skipped unchecked.

    A bad game is a row with its ``error`` ("game N (line L, column C): what"), the moves up to
    the error, and the next games are read. The values are those of
    ``rankfile pgn --format json``: ``index`` (from 1), ``offset`` (the game's first byte in the
    decoded text), the tags, ``variant``, ``chess960``, ``start_fen``, ``moves_uci`` and
    ``moves_san`` (the main line, space-joined), ``plies``, ``result`` (the termination marker,
    "*" when none), ``termination`` and ``winner`` (what the rules say of the last position: the
    CLI's outcome reason and winner, "" when none), ``final_fen``, ``error``, ``error_line``,
    ``error_column`` (0 when no error) and ``warning``; ``clocks`` and ``evals`` are those of
    ``rankfile pgn --format tsv``: lichess's ``[%clk H:MM:SS]`` in seconds and
    ``[%eval 0.25]`` in centipawns (``#3``, ``#-2`` for a mate) of each main-line ply,
    space-joined, ``-`` for a ply without one, "" for a game with neither. A tag named as one
    of these columns is left out (the column wins).

    ``eco``: an ECO file (a path, or a table of :func:`rankfile.openings.load`) adds the columns
    ``eco``, ``opening`` and ``opening_ply`` (the file's code, its name with ": " and the
    variation when it names one, and the ply where its position was last reached; "", "" and
    None when it knows no position of the game), found along each game's main line as
    ``rankfile pgn --eco`` finds them. Without it there are no such columns (asking for them is
    a ValueError); the tags are ``ECO`` and ``Opening``.

    An input cut short is read as the CLI reads it: the games before the cut, and a
    UserWarning naming it (a cut ``.gz``/``.zst``: "cannot read the PGN input past the games
    read: FILE: truncated gzip data"; a last game without its result marker: its warning).

    Raises OSError for a file that cannot be opened, ValueError for compressed input that
    cannot be opened at all or an unknown variant.
    """
    threads = _threads(threads)
    reader = _open(source, columns, variant, encoding, byte_range, eco)
    try:
        if threads == 1:
            data = reader.next(0)
        else:
            got: List[Any] = []
            reader.run(threads, 0, got.append)
            data = got[0]
    finally:
        reader.close()
    return Table(data, _order(data, columns))


def _batches(reader: Any, games: int, columns: Optional[Sequence[str]]) -> Tuple[List[str], Iterator[Table]]:
    """The columns every batch of `reader` has (fixed by the first batch, read now), and the
    batches of up to `games` games as Tables, none empty, the reader closed after the last."""
    try:
        first = reader.next(games)
    except BaseException:
        reader.close()
        raise
    order = _order(first, columns, roster=columns is None)

    def tables(data: Any) -> Iterator[Table]:
        try:
            while data.games():
                table = Table(data, order)
                data = None  # the batch lives as long as the caller keeps its Table, no longer
                yield table
                del table
                data = reader.next(games)
        finally:
            reader.close()
    return order, tables(first)


def iter_tables(source: Any, *, games: int = BATCH_GAMES, columns: Optional[Sequence[str]] = None,
                variant: Optional[str] = None, encoding: str = "auto", eco: Any = None) -> Iterator[Table]:
    """Reads a PGN input a batch of ``games`` games at a time: an iterator of :class:`Table`
    objects, each of the next ``games`` games (the last one fewer; none for an input without
    games), read in C with the GIL released. The input stays open between batches and only the
    batch being read is held in C, so memory stays flat however long the input is (a path is
    read as it goes; a file object is read whole first, as by :func:`read_table`).

    ``source``, ``columns``, ``variant``, ``encoding`` and ``eco`` are :func:`read_table`'s, and a batch
    holds what :func:`read_table` gives for its games (``index`` and ``offset`` count from the
    input's start), except that every batch has the same columns, fixed by the first batch:
    with ``columns``, those names (a tag no game has is all ""); without, the fixed columns and
    the tags the first batch's games use, in the order first met, then those of the Seven Tag
    Roster (:data:`TAG_ROSTER`) that they do not use. A tag first met in a later batch is not a
    column (name it in ``columns`` to keep it); a game without one of the tags has "" there.

    The first batch is read by the call (so a missing file raises OSError here); the next ones
    as the iterator is advanced. Compressed data cut or corrupt later ends the iterator after the
    games before the fault, with a UserWarning naming it (as :func:`read_table`)."""
    _batch_size(games, "games")
    return _batches(_open(source, columns, variant, encoding, eco=eco), games, columns)[1]


def to_parquet(source: Any, dest: Any, *, columns: Optional[Sequence[str]] = None,
               variant: Optional[str] = None, encoding: str = "auto",
               row_group_games: int = BATCH_GAMES, threads: Optional[int] = None) -> int:
    """Writes the games of a PGN input into a Parquet file, a row group of
    ``row_group_games`` games at a time, and returns the number of games written.

    The input is read by :func:`iter_tables` (``source``, ``columns``, ``variant``,
    ``encoding`` as there, ``games=row_group_games``) and each batch is written by
    ``pyarrow.parquet.ParquetWriter`` as one row group, then dropped: memory stays flat however
    long the input is. The columns are :func:`iter_tables`'s (those of the first batch, the Seven
    Tag Roster's tags always among them when ``columns`` is not given), of the types of
    :meth:`Table.to_arrow` (int64, bool, string); an input without games gives a file with the
    columns and no rows. ``dest``: a path or a binary file object; a path is written anew, and
    removed again when reading the input fails halfway.

    ``threads``: as :func:`read_table`'s (default one per CPU); with more than one, the games
    come from the threaded reader in batches of whole pieces of the input, written as row
    groups of at most ``row_group_games`` games (the rows are the same whatever the threads;
    where the row groups end may differ).

    Raises ImportError without pyarrow (``python3 -m pip install pyarrow``), OSError and
    ValueError as :func:`read_table`."""
    _batch_size(row_group_games, "row_group_games")
    threads = _threads(threads)
    try:
        import pyarrow.parquet
    except ImportError as e:
        raise ImportError("rankfile.pgn.to_parquet needs pyarrow: python3 -m pip install pyarrow") from e
    path = os.fspath(dest) if isinstance(dest, (str, os.PathLike)) else None
    # pyarrow's default pool (mimalloc or jemalloc) keeps the memory of the batches written
    # for the next ones, several times a batch's size; the system allocator gives it back.
    pool = pyarrow.system_memory_pool()
    if threads > 1:
        if not isinstance(source, (str, os.PathLike, bytes, bytearray, memoryview)) and hasattr(source, "read"):
            data = source.read()  # read once: the columns are taken from a first reading
            source = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        first = _open(source, columns, variant, encoding)
        try:  # the columns of the first row_group_games games, as with one thread
            order = _order(first.next(row_group_games), columns, roster=columns is None)
        finally:
            first.close()
        return _to_parquet_threads(_open(source, columns, variant, encoding), path if path is not None else dest,
                                   path, order, row_group_games, threads, pool)
    order, tables = _batches(_open(source, columns, variant, encoding), row_group_games, columns)
    written = 0
    try:
        with pyarrow.parquet.ParquetWriter(path if path is not None else dest,
                                           _arrow_schema(order), memory_pool=pool) as writer:
            for table in tables:
                writer.write_table(table._arrow(pool), row_group_size=len(table))
                written += len(table)
                del table
    except BaseException:
        tables.close()
        _remove(path)
        raise
    return written


def _remove(path: Optional[str]) -> None:
    """A Parquet file left half written by a failed reading: removed (None: not a path)."""
    if path is not None:
        try:
            os.unlink(path)
        except OSError:
            pass


def _to_parquet_threads(reader: Any, dest: Any, path: Optional[str], order: List[str],
                        games: int, threads: int, pool: Any) -> int:
    """to_parquet with the threaded reader: each batch written as row groups as it comes."""
    import pyarrow.parquet
    state: Dict[str, Any] = {"writer": None, "written": 0}

    def write(data: Any) -> None:
        if state["writer"] is None:
            state["writer"] = pyarrow.parquet.ParquetWriter(dest, _arrow_schema(order), memory_pool=pool)
        if data.games():
            table = Table(data, order)
            state["writer"].write_table(table._arrow(pool), row_group_size=games)
            state["written"] += len(table)

    try:
        reader.run(threads, games, write)
        if state["writer"] is not None:
            state["writer"].close()
    except BaseException:
        reader.close()
        if state["writer"] is not None:
            state["writer"].close()
        _remove(path)
        raise
    return state["written"]


_TERMINATIONS = {
    "checkmate": "CHECKMATE",
    "stalemate": "STALEMATE",
    "insufficient_material": "INSUFFICIENT_MATERIAL",
    "seventy_five_moves": "SEVENTYFIVE_MOVES",
    "fivefold_repetition": "FIVEFOLD_REPETITION",
}


def _outcome(termination: str, winner: str, final_fen: str) -> Any:
    """python-chess's Outcome for the CLI's reason and winner (None while the game goes on)."""
    if not termination:
        return None
    import rankfile
    color = {"white": True, "black": False}.get(winner)
    name = _TERMINATIONS.get(termination)
    if name is None:  # a rule of the variant: a win or loss for the side to move, or a draw
        turn = " b " not in final_fen
        name = "VARIANT_DRAW" if color is None else "VARIANT_WIN" if color == turn else "VARIANT_LOSS"
    return rankfile.Outcome(getattr(rankfile.Termination, name), color)


def _per_ply(text: str, plies: int, value: Any) -> List[Any]:
    """A clocks or evals cell as one value per ply (None for "-"; all None for "")."""
    if not text:
        return [None] * plies
    return [None if v == "-" else value(v) for v in text.split(" ")]


def _eval_value(text: str) -> Union[int, str]:
    return text if text.startswith("#") else int(text)


class GameRecord:
    """One game of :func:`iter_games`: what the C reader knows of it, without a node tree."""

    __slots__ = ("index", "offset", "headers", "variant", "chess960", "start_fen", "moves_uci",
                 "moves_san", "plies", "result", "termination", "winner", "final_fen", "error",
                 "warning", "clocks", "evals")

    index: int
    offset: int
    headers: Dict[str, str]
    variant: str
    chess960: bool
    start_fen: str
    moves_uci: List[str]
    moves_san: List[str]
    plies: int
    result: str
    termination: str
    winner: str
    final_fen: str
    error: str
    warning: str
    clocks: List[Optional[float]]
    evals: List[Optional[Union[int, str]]]

    @property
    def moves(self) -> List[Any]:
        """The main line's moves as rankfile.Move objects."""
        import rankfile
        return [rankfile.Move.from_uci(uci) for uci in self.moves_uci]

    @property
    def outcome(self) -> Any:
        """python-chess's Outcome of the last position (None while the game goes on, or when
        the game's start is unknown)."""
        return _outcome(self.termination, self.winner, self.final_fen)

    def __repr__(self) -> str:
        return (f"<GameRecord {self.index}: {self.headers.get('White', '?')} - "
                f"{self.headers.get('Black', '?')} {self.result}, {self.plies} plies"
                f"{', error' if self.error else ''}>")


_RECORD_BATCH = 1024  # the games iter_games reads at a time


def iter_games(source: Any, *, variant: Optional[str] = None,
               encoding: str = "auto") -> Iterator[GameRecord]:
    """The games of a PGN input (as :func:`read_table` takes it) as :class:`GameRecord`s:
    ``index``, ``offset``, ``headers`` (a dict, in the input's order), ``variant``,
    ``chess960``, ``start_fen``, ``moves`` (Move objects), ``moves_uci`` and ``moves_san``
    (lists), ``plies``, ``result``, ``outcome``, ``termination``, ``winner``, ``final_fen``,
    ``error`` ("" for a good game), ``warning``, and per main-line ply ``clocks`` (the seconds
    of lichess's ``[%clk]``, a float) and ``evals`` (``[%eval]`` in centipawns, an int, or
    "#3", "#-2" for a mate), None for a ply without one: the values of
    ``rankfile pgn --format json``. The input is read in C about a thousand games at a time, as
    the records are taken: memory stays flat however long it is."""
    reader = _open(source, None, variant, encoding)
    try:
        while True:
            data = reader.next(_RECORD_BATCH)
            games = data.games()
            if not games:
                return
            yield from _records(data, games)
    finally:
        reader.close()


def _records(data: Any, games: int) -> Iterator[GameRecord]:
    headers = data.headers()
    index, offset, chess960, plies = (_column(n, data.column(n)) for n in
                                      ("index", "offset", "chess960", "plies"))
    text = {name: data.column(name) for name in
            ("variant", "start_fen", "moves_uci", "moves_san", "result", "termination", "winner",
             "final_fen", "error", "warning", "clocks", "evals")}
    for i in range(games):
        record = GameRecord()
        record.index = int(index[i])
        record.offset = int(offset[i])
        record.headers = headers[i]
        record.variant = text["variant"][i]
        record.chess960 = bool(chess960[i])
        record.start_fen = text["start_fen"][i]
        record.moves_uci = text["moves_uci"][i].split()
        record.moves_san = text["moves_san"][i].split()
        record.plies = int(plies[i])
        record.result = text["result"][i]
        record.termination = text["termination"][i]
        record.winner = text["winner"][i]
        record.final_fen = text["final_fen"][i]
        record.error = text["error"][i]
        record.warning = text["warning"][i]
        record.clocks = _per_ply(text["clocks"][i], record.plies, float)
        record.evals = _per_ply(text["evals"][i], record.plies, _eval_value)
        yield record

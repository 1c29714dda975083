"""rankfile.pgn: PGN games, python-chess's ``chess.pgn`` over rankfile's C reader.

Two ways in:

- python-chess's: :func:`read_game` (a :class:`Game` with headers, a main line, comments, NAGs
  and variations), :func:`read_headers`, :func:`skip_game`, ``str(game)`` to export;
- rankfile's, for whole files: :func:`read_table` (every game of a file as columns, read in C
  without the GIL), :func:`iter_tables` (the same a batch of games at a time, memory flat),
  :func:`to_parquet` (a file into Parquet, a row group per batch) and :func:`iter_games` (one
  light record per game).
"""
from __future__ import annotations

import os
import re
import typing
import weakref
from collections.abc import MutableMapping
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from rankfile import _rankfile

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster: the tags every exported game carries first, in this order."""

_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
                    "Black": "?", "Result": "*"}

TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6


class Headers(MutableMapping):
    """A game's tag pairs: a mutable mapping that keeps the Seven Tag Roster (Event, Site, Date,
    Round, White, Black, Result) first, in the roster's order, and the other tags in the order
    they were set. ``Headers()`` holds the roster's defaults ("?", "????.??.??", "*");
    ``Headers({})`` is empty."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None,
                 **kwargs: str) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        if data is None:
            data = _ROSTER_DEFAULTS
        self.update(data, **kwargs)

    def is_chess960(self) -> bool:
        """True when the Variant tag names Chess960 (chess960, fischerandom, ...)."""
        return self.get("Variant", "").lower() in [
            "chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"]

    def is_wild(self) -> bool:
        """True when the Variant tag names one of FICS's wild/N games (read as standard chess)."""
        return self.get("Variant", "").lower() in [
            "wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
            "wild/8", "wild/8a"]

    def variant(self) -> type:
        """The board class of the Variant tag (rankfile.Board when there is none)."""
        import rankfile
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return rankfile.Board
        from rankfile.variant import find_variant
        return find_variant(self["Variant"])

    def board(self) -> Any:
        """The start position the tags describe: the FEN tag's, else the variant's start."""
        VariantBoard = self.variant()
        fen = self.get("FEN", VariantBoard.starting_fen)
        board = VariantBoard(fen, chess960=self.is_chess960())
        if not board.chess960 and hasattr(board, "has_chess960_castling_rights"):
            board.chess960 = board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in TAG_ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
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
    def _from_pairs(cls, pairs: Iterable[Tuple[str, str]], roster: bool = False) -> "Headers":
        # The reader's tags as they were read: no name check (python-chess's reader has none).
        # roster: start from the Seven Tag Roster's defaults, as a game read by python-chess.
        headers = cls.__new__(cls)
        headers._tag_roster = dict(_ROSTER_DEFAULTS) if roster else {}
        headers._others = {}
        roster, others = headers._tag_roster, headers._others
        for key, value in pairs:
            if key in TAG_ROSTER:
                roster[key] = value
            else:
                others[key] = value
        return headers


# ---- games: nodes, reading, export --------------------------------------------------------

class GameNode:
    """A node of a game tree: the game itself (:class:`Game`) or a move (:class:`ChildNode`).
    ``variations`` are the moves that follow, the main line first."""

    parent: Optional["GameNode"]
    move: Optional[Any]
    variations: List["ChildNode"]
    comment: str
    starting_comment: str
    nags: set

    def board(self) -> Any:
        """A new board at this node's position (the game's start, then the moves to here)."""
        raise NotImplementedError

    def ply(self) -> int:
        """The number of half-moves from the game's start to this node."""
        ply = 0
        node = self
        while node.parent is not None:
            ply += 1
            node = node.parent
        return ply

    def game(self) -> "Game":
        """The root node."""
        node = self
        while node.parent is not None:
            node = node.parent
        return typing.cast(Game, node)

    def root(self) -> "GameNode":
        """The root node (as :meth:`game`)."""
        return self.game()

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """True when no move follows."""
        return not self.variations

    def next(self) -> Optional["ChildNode"]:
        """The main-line move after this node, or None."""
        return self.variations[0] if self.variations else None

    def is_mainline(self) -> bool:
        """True when this node is on the game's main line."""
        node = self
        while node.parent is not None:
            parent = node.parent
            if not parent.variations or parent.variations[0] is not node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """True when this node is its parent's first variation (or the root)."""
        if self.parent is None:
            return True
        return not self.parent.variations or self.parent.variations[0] is self

    def starts_variation(self) -> bool:
        """True when this node starts a side line (it is not its parent's first variation)."""
        if self.parent is None or not self.parent.variations:
            return False
        return self.parent.variations[0] is not self

    def variation(self, move: Union[int, Any]) -> "ChildNode":
        """The variation by index, or the one that starts with `move`."""
        if isinstance(move, int):
            return self.variations[move]
        for variation in self.variations:
            if variation.move == move:
                return variation
        raise KeyError(move)

    def has_variation(self, move: Any) -> bool:
        """True when a variation starts with `move`."""
        return any(variation.move == move for variation in self.variations)

    def add_variation(self, move: Any, *, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a variation starting with `move` (last) and returns its node."""
        node = ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: Any, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """Adds a variation starting with `move` as the main line and returns its node."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.remove(node)
        self.variations.insert(0, node)
        return node

    def add_line(self, moves: Iterable[Any], *, comment: str = "", starting_comment: str = "",
                 nags: Iterable[int] = ()) -> "GameNode":
        """Adds moves one after another from here; the last node gets the comment and NAGs."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        if comment:
            node.comment = comment
        node.nags.update(nags)
        return node

    def remove_variation(self, move: Union[int, Any]) -> None:
        """Removes a variation (by index or first move)."""
        self.variations.remove(self.variation(move))

    def promote_to_main(self, move: Union[int, Any]) -> None:
        """Makes a variation the main line."""
        variation = self.variation(move)
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Union[int, Any]) -> None:
        """Moves a variation one up in the list."""
        variation = self.variation(move)
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Any]) -> None:
        """Moves a variation one down in the list."""
        variation = self.variation(move)
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def mainline(self) -> "Mainline":
        """The nodes of the main line after this one (an iterable)."""
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> "Mainline":
        """The moves of the main line after this one (an iterable)."""
        return Mainline(self, lambda node: node.move)

    def accept(self, visitor: "BaseVisitor") -> Any:
        """Traverses the game in PGN order, calling the visitor; returns visitor.result()."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


class ChildNode(GameNode):
    """A move of a game and what follows it."""

    def __init__(self, parent: GameNode, move: Any, *, comment: str = "",
                 starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        self.parent = parent
        self.move = move
        self.variations = []
        self.comment = comment
        self.starting_comment = starting_comment
        self.nags = set(nags)

    def board(self) -> Any:
        moves = []
        node: GameNode = self
        while node.parent is not None:
            moves.append(node.move)
            node = node.parent
        board = node.board()
        for move in reversed(moves):
            board.push(move)
        return board

    def san(self) -> str:
        """The move in SAN, in its parent's position."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI (castling as the game's castling mode writes it)."""
        return self.move.uci()

    def turn(self) -> bool:
        """The side to move after this move (True: White)."""
        return not self.parent.board().turn

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
        # The main line iteratively (a game may be thousands of moves long), side lines by
        # recursion (as deep as the PGN's nesting).
        node: ChildNode = self
        while True:
            node._accept_node(board, visitor)
            parent = node.parent
            if sidelines and parent is not None:
                for side in parent.variations[1:]:
                    if visitor.begin_variation() is not SKIP:
                        side._accept(board, visitor, sidelines=False)
                    visitor.end_variation()
            sidelines = True
            if not node.variations:
                break
            board.push(node.move)
            pushed = node
            node = node.variations[0]
            # the main line goes on after the side lines of this move
            del pushed
        # undo the pushes of this line
        n = 0
        walk: GameNode = node
        while walk is not self:
            n += 1
            walk = typing.cast(GameNode, walk.parent)
        for _ in range(n):
            board.pop()

    def accept(self, visitor: "BaseVisitor") -> Any:
        """Traverses this move and what follows it (no headers), as python-chess does."""
        self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self.parent.board()
            san = board.san(self.move)
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        return (f"<{type(self).__name__} at {id(self):#x} "
                f"({board.fullmove_number}{'.' if board.turn else '...'} {san} ...)>")


class Game(GameNode):
    """A game: the root node, with the tags (``headers``), the start position (``board()``)
    and the errors met while reading it (``errors``).

    A game from :func:`read_game` keeps its moves in a compact list until its nodes are asked
    for: ``mainline_moves()`` reads that list, anything that needs nodes (``variations``,
    ``mainline()``, ``end()``, ``comment``, export) builds them once."""

    headers: Headers
    errors: List[Exception]

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        self.parent = None
        self.move = None
        self.headers = Headers(headers)
        self.errors = []
        self.starting_comment = ""
        self._variations: List[ChildNode] = []
        self._comment = ""
        self._nags: set = set()
        self._pending: Optional[Tuple[list, Optional[list]]] = None
        self._start: Any = None

    @classmethod
    def _read(cls, data: tuple) -> "Game":
        pairs, start, moves, events, error, result = data
        game = cls.__new__(cls)
        game.parent = None
        game.move = None
        game.headers = Headers._from_pairs(pairs, True)
        game.errors = [] if error is None else [error]
        game.starting_comment = ""
        game._variations = []
        game._comment = ""
        game._nags = set()
        game._pending = (moves, events)
        game._start = start
        if result and error is None and game.headers.get("Result", "*") == "*":
            game.headers["Result"] = result
        return game

    def _build(self) -> None:
        moves, events = typing.cast(Tuple[list, Optional[list]], self._pending)
        self._pending = None
        node: GameNode = self
        if events is None:
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
        # python-chess's GameBuilder: a comment before any move is the game's, a comment after
        # a move is that move's, a comment at the start of a variation is its first move's
        # starting comment; NAGs go to the last move.
        stack: List[GameNode] = [self]
        starting_comment = ""
        in_variation = False
        for event in events:
            if event is True:
                stack.append(typing.cast(GameNode, stack[-1].parent))
                in_variation = False
            elif event is False:
                stack.pop()
            elif isinstance(event, str):
                top = stack[-1]
                if in_variation or (top.parent is None and top.is_end()):
                    top.comment = " ".join(filter(None, [top.comment, event]))
                else:
                    starting_comment = " ".join(filter(None, [starting_comment, event]))
            elif isinstance(event, int):
                stack[-1].nags.add(event)
            else:
                child = ChildNode.__new__(ChildNode)
                child.parent = stack[-1]
                child.move = event
                child.variations = []
                child.comment = ""
                child.starting_comment = starting_comment
                child.nags = set()
                stack[-1].variations.append(child)
                stack[-1] = child
                starting_comment = ""
                in_variation = True

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
        """A new board at the game's start: the position the reader started from (the [FEN]
        and [Variant] tags as read), or for a game made in Python the one its tags describe."""
        if self._start is not None:
            return self._start.board()
        return self.headers.board()

    def mainline_moves(self) -> "Mainline":
        if self._pending is not None:
            return Mainline(self, lambda node: node.move, self._pending[0])
        return super().mainline_moves()

    def setup(self, board: Any) -> None:
        """Sets the start position (the FEN, SetUp and Variant tags) from a board or a FEN."""
        import rankfile
        self._start = None
        if isinstance(board, str):
            board = rankfile.Board(board)
        fen = board.fen()
        cls = type(board)
        chess960 = board.chess960
        if fen == cls.starting_fen and not chess960:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if cls.aliases[0] == "Standard" and chess960:
            self.headers["Variant"] = "Chess960"
        elif cls.aliases[0] != "Standard":
            self.headers["Variant"] = cls.aliases[0]
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)
        self._start_board = board

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

    def accept(self, visitor: "BaseVisitor") -> Any:
        if visitor.begin_game() is not SKIP:
            visitor.begin_headers()
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

    def __repr__(self) -> str:
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__, id(self), self.headers.get("White", "?"),
            self.headers.get("Black", "?"), self.headers.get("Date", "????.??.??"),
            self.headers.get("Site", "?"), f", {len(self.errors)} errors" if self.errors else "")


class Mainline:
    """The main line from a node: its moves (``mainline_moves()``) or nodes (``mainline()``).
    Iterable (also reversed); ``str()`` is its movetext."""

    def __init__(self, start: GameNode, f: Any, moves: Optional[list] = None) -> None:
        self.start = start
        self.f = f
        self._moves = moves

    def __bool__(self) -> bool:
        if self._moves is not None:
            return bool(self._moves)
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[Any]:
        if self._moves is not None:
            return iter(self._moves)
        return self._walk()

    def _walk(self) -> Iterator[Any]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __reversed__(self) -> Iterator[Any]:
        return reversed(list(self))

    def __str__(self) -> str:
        exporter = StringExporter(columns=None)
        node = self.start.next()
        if node is not None:
            node._accept(self.start.board(), _MainlineOnly(exporter), sidelines=False)
        return exporter.result()

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self})>"


class _Skip:
    def __repr__(self) -> str:
        return "SKIP"


SKIP = _Skip()
"""What a visitor returns to skip a game, its movetext or a variation."""


class BaseVisitor:
    """The callbacks of a game traversal (GameNode.accept), python-chess's visitor protocol."""

    def begin_game(self) -> Any:
        return None

    def begin_headers(self) -> Any:
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Any:
        return None

    def begin_parse_san(self, board: Any, san: str) -> Any:
        return None

    def visit_move(self, board: Any, move: Any) -> None:
        pass

    def visit_board(self, board: Any) -> None:
        pass

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Any:
        return None

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    def result(self) -> Any:
        return None

    def handle_error(self, error: Exception) -> None:
        raise error


class _MainlineOnly(BaseVisitor):
    """Passes a main line's moves, comments and NAGs to an exporter, no side lines."""

    def __init__(self, inner: BaseVisitor) -> None:
        self.inner = inner

    def visit_move(self, board: Any, move: Any) -> None:
        self.inner.visit_move(board, move)

    def visit_comment(self, comment: str) -> None:
        self.inner.visit_comment(comment)

    def visit_nag(self, nag: int) -> None:
        self.inner.visit_nag(nag)

    def begin_variation(self) -> Any:
        return SKIP


class StringExporter(BaseVisitor):
    """Writes a game as PGN text, as python-chess's StringExporter: tags, an empty line, the
    movetext (lines of at most `columns` characters; None: one line), the result."""

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

    def begin_variation(self) -> Any:
        self.variation_depth += 1
        if self.variations:
            self.write_token("( ")
            self.force_movenumber = True
            return None
        return SKIP

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def visit_comment(self, comment: str) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("$" + str(nag) + " ")

    def visit_move(self, board: Any, move: Any) -> None:
        if self.variations or not self.variation_depth:
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")

    def result(self) -> str:
        if self.current_line:
            return "\n".join(self.lines + [self.current_line.rstrip()]).rstrip()
        return "\n".join(self.lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporter):
    """As StringExporter, writing each line to a text handle; result() is the characters written."""

    def __init__(self, handle: Any, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:  # type: ignore[override]
        return self.written


# The text a handle's last game left unread (the rest of its last line, when it is more than
# white space), with the handle's position then (None when it has none), read first next time
# unless the handle has moved since (a seek()).
_leftovers: "weakref.WeakKeyDictionary[Any, Tuple[str, Any]]" = weakref.WeakKeyDictionary()


def _tell(handle: Any) -> Any:
    try:
        return handle.tell()
    except (AttributeError, OSError, ValueError):
        return None


def _read_handle(handle: Any, mode: int) -> Any:
    try:
        kept = _leftovers.pop(handle, None)
    except TypeError:  # a handle that takes no weak reference: nothing can have been left
        kept = None
    leftover = None
    if kept is not None:
        leftover, position = kept
        if position is not None and _tell(handle) != position:
            leftover = None
    data, leftover = _rankfile._pgn_read(handle, leftover, mode)
    if leftover is not None:
        try:
            _leftovers[handle] = (leftover, _tell(handle))
        except TypeError:
            pass
    return data


def read_game(handle: Any) -> Optional[Game]:
    """Reads the next game from a text handle (a file opened in text mode, io.StringIO):
    a :class:`Game`, or None at the end of the handle.

    Every move is checked by the C reader; a bad move (illegal, ambiguous, no move at all), a
    bad [FEN] or an unknown [Variant] goes into ``game.errors`` and ends the game's moves there,
    and the next call reads the next game. The handle is read one line at a time; a game ends
    at its termination marker (or at the next game's tags, or the end of the handle), and when
    more than white space follows the marker on its line, that rest is kept for the next call
    on this handle (dropped if the handle is moved with seek() in between). Call read_game in a
    loop on one handle as with python-chess."""
    data = _read_handle(handle, 0)
    return None if data is None else Game._read(data)


def read_headers(handle: Any) -> Optional[Headers]:
    """Reads the next game's tags and skips its moves (unchecked): its :class:`Headers`, or
    None at the end of the handle."""
    data = _read_handle(handle, 1)
    return None if data is None else Headers._from_pairs(data)


def skip_game(handle: Any) -> bool:
    """Skips the next game (unchecked): True, or False at the end of the handle."""
    return _read_handle(handle, 2) is not None


# ---- whole files: read_table, iter_tables, to_parquet and iter_games ----------------------

_NUMERIC = {"index": "int64", "offset": "int64", "chess960": "bool", "plies": "int64",
            "error_line": "int64", "error_column": "int64"}
_BEFORE_TAGS = ["index", "offset"]
_AFTER_TAGS = ["variant", "chess960", "start_fen", "moves_uci", "moves_san", "plies", "result",
               "termination", "winner", "final_fen", "error", "error_line", "error_column",
               "warning", "clocks", "evals", "eco", "opening"]
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
    """The Arrow types of the columns: int64 and bool for the numeric ones, string for the
    others (tags included), whatever the values (an empty column too)."""
    import pyarrow
    types = {"int64": pyarrow.int64(), "bool": pyarrow.bool_()}
    return pyarrow.schema([(name, types.get(_NUMERIC.get(name, ""), pyarrow.string()))
                           for name in names])


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
        final_fen, error, error_line, error_column, warning, clocks, evals (those asked for)."""
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
        return pandas.DataFrame({name: self[name] for name in self._order}, columns=self._order)

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
    elif columns is not None and not isinstance(columns, str) and ("eco" in columns or "opening" in columns):
        raise ValueError("the columns eco and opening need an ECO file: eco=path, or a table of "
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
    ``eco`` and ``opening`` (the file's code, and its name with ": " and the variation when it
    names one; "" when it knows no position of the game), found along each game's main line as
    ``rankfile pgn --eco`` finds them. Without it there are no such columns (asking for them is
    a ValueError); the tags are ``ECO`` and ``Opening``.

    Raises OSError for a file that cannot be opened, ValueError for input that cannot be read
    (corrupt compressed data) or an unknown variant.
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
    as the iterator is advanced. A read error later (corrupt compressed data) raises ValueError
    from the iterator."""
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

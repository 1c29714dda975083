"""What the engine driver takes and answers, apart from the scores: the errors, an engine's
options (:class:`Option`, :class:`UciOptionMap`), the search limit (:class:`Limit`), the info
filter (:class:`Info`), :class:`Opponent`, the results (:class:`PlayResult`,
:class:`BestMove`, :class:`InfoDict`) and the handle of a running analysis
(:class:`AnalysisResult`). Public as rankfile.engine."""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import enum
import threading
from typing import (Any, Callable, Coroutine, Dict, Iterable, Iterator, List, Mapping,
                    MutableMapping, Optional, Tuple, TypeVar, TypedDict, Union)

import rankfile as chess

from .scores import PovScore, PovWdl

T = TypeVar("T")

#: What an option is set to: a number, a string, a flag, or None (a button).
ConfigValue = Union[str, int, bool, None]
#: Options by name.
ConfigMapping = Mapping[str, ConfigValue]

#: The options the driver sets itself (lower case): asking to set one is an EngineError.
MANAGED_OPTIONS = ["uci_chess960", "uci_variant", "multipv", "ponder"]

#: The event loop policy python-chess once needed on some systems; today asyncio's default.
EventLoopPolicy = asyncio.DefaultEventLoopPolicy


def run_in_background(coroutine: Callable[[concurrent.futures.Future[T]], Coroutine[Any, Any, None]],
                      *, name: Optional[str] = None, debug: Optional[bool] = None) -> T:
    """Runs ``coroutine(future)`` in an event loop of its own on a new thread and returns what
    it puts into ``future`` as soon as it does (raising what it raises first); the coroutine
    and the loop's other tasks go on in the background until they end."""
    if not asyncio.iscoroutinefunction(coroutine):
        raise TypeError(f"run_in_background needs a coroutine function, not {coroutine!r}")
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def thread() -> None:
        try:
            asyncio.run(coroutine(future), debug=debug)
            future.cancel()        # it ended without an answer: result() raises CancelledError
        except Exception as exc:
            if not future.done():
                future.set_exception(exc)

    threading.Thread(target=thread, name=name).start()
    return future.result()


class EngineError(RuntimeError):
    """The engine misbehaved, or the driver was asked for something it cannot do."""


class EngineTerminatedError(EngineError):
    """The engine's process ended when it should not have."""


class AnalysisComplete(Exception):
    """An analysis that has ended and whose information has all been read was asked for more."""


def _refuse_line_break(name: str, value: str) -> None:
    if "\n" in value or "\r" in value:
        raise EngineError(f"invalid line-break in string option {name!r}: {value!r}")


@dataclasses.dataclass(frozen=True)
class Option:
    """An option the engine declared: its ``name``, ``type`` (``check``, ``spin``, ``combo``,
    ``button``, ``string``; XBoard also ``reset``, ``save``, ``file``, ``path``), ``default``,
    ``min`` and ``max`` (spin) and ``var`` (the choices of a combo)."""

    name: str
    type: str
    default: ConfigValue
    min: Optional[int]
    max: Optional[int]
    var: Optional[List[str]]

    def parse(self, value: ConfigValue) -> ConfigValue:
        """``value`` as this option takes it, or an EngineError saying why it cannot."""
        kind = self.type
        if kind == "check":
            return value and value != "false"
        if kind == "spin":
            try:
                number = int(value)  # type: ignore[arg-type]
            except ValueError:
                raise EngineError(f"expected integer for spin option {self.name!r}, got: {value!r}")
            if self.min is not None and number < self.min:
                raise EngineError(f"expected value for option {self.name!r} to be at least {self.min}, got: {number}")
            if self.max is not None and number > self.max:
                raise EngineError(f"expected value for option {self.name!r} to be at most {self.max}, got: {number}")
            return number
        if kind == "combo":
            text = str(value)
            if text not in (self.var or []):
                choices = ", ".join(self.var) if self.var else "-"
                raise EngineError(f"invalid value for combo option {self.name!r}, got: {text} (available: {choices})")
            return text
        if kind in ("button", "reset", "save"):
            return None
        if kind in ("string", "file", "path"):
            text = str(value)
            _refuse_line_break(self.name, text)
            return text
        raise EngineError(f"unknown option type: {kind!r}")

    def is_managed(self) -> bool:
        """Whether the driver sets this option itself (``UCI_Chess960``, ``UCI_Variant``,
        ``MultiPV``, ``Ponder``)."""
        return self.name.lower() in MANAGED_OPTIONS


_LIMIT_FIELDS = ("time", "depth", "nodes", "mate", "white_clock", "black_clock", "white_inc",
                 "black_inc", "remaining_moves")


@dataclasses.dataclass
class Limit:
    """When a search stops: after ``time`` seconds, at ``depth`` plies, after ``nodes`` nodes,
    on a mate in ``mate`` moves, or by the clocks (``white_clock``, ``black_clock`` and the
    increments ``white_inc``, ``black_inc``, in seconds; ``remaining_moves`` to the next time
    control). ``clock_id`` tells XBoard engines when the time control changed."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    clock_id: object = None

    def __repr__(self) -> str:
        fields = (f"{name}={getattr(self, name)!r}" for name in _LIMIT_FIELDS
                  if getattr(self, name) is not None)
        return f"{type(self).__name__}({', '.join(fields)})"


class InfoDict(TypedDict, total=False):
    """What an engine said about its search, gathered: ``score`` (a PovScore), ``pv`` (moves),
    ``depth``, ``seldepth``, ``time`` (seconds), ``nodes``, ``nps``, ``multipv`` (1 for the
    main line), ``tbhits``, ``currmove``, ``currmovenumber``, ``hashfull``, ``cpuload``,
    ``refutation``, ``currline``, ``ebf``, ``wdl`` (a PovWdl) and ``string``."""
    score: PovScore
    pv: List[chess.Move]
    depth: int
    seldepth: int
    time: float
    nodes: int
    nps: int
    tbhits: int
    multipv: int
    currmove: chess.Move
    currmovenumber: int
    hashfull: int
    cpuload: int
    refutation: Dict[chess.Move, List[chess.Move]]
    currline: Dict[int, List[chess.Move]]
    ebf: float
    wdl: PovWdl
    string: str


class PlayResult:
    """The answer of ``play()``: the ``move`` (or None), the expected reply ``ponder`` (or
    None), the ``info`` asked for, and whether the engine offered a draw or resigned."""

    move: Optional[chess.Move]
    ponder: Optional[chess.Move]
    info: InfoDict
    draw_offered: bool
    resigned: bool

    def __init__(self, move: Optional[chess.Move], ponder: Optional[chess.Move],
                 info: Optional[InfoDict] = None, *, draw_offered: bool = False,
                 resigned: bool = False) -> None:
        self.move = move
        self.ponder = ponder
        self.info = info or {}
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}, "
                f"info={self.info}, draw_offered={self.draw_offered}, resigned={self.resigned})>")


class Info(enum.IntFlag):
    """Which information to gather from the engine (bits to combine)."""
    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


@dataclasses.dataclass
class Opponent:
    """Who the engine plays: ``name``, ``title`` (GM, BOT, ...), ``rating``, ``is_engine``."""

    name: Optional[str]
    title: Optional[str]
    rating: Optional[int]
    is_engine: Optional[bool]


class BestMove:
    """What an analysis ends with (``AnalysisResult.wait()``): the ``move`` and the expected
    reply ``ponder``, each a Move or None."""

    move: Optional[chess.Move]
    ponder: Optional[chess.Move]

    def __init__(self, move: Optional[chess.Move], ponder: Optional[chess.Move]):
        self.move = move
        self.ponder = ponder

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}>"


class UciOptionMap(MutableMapping[str, T]):
    """A dictionary whose keys are compared without case (keeping the case they were set in)."""

    def __init__(self, data: Optional[Iterable[Tuple[str, T]]] = None, **kwargs: T) -> None:
        self._store: Dict[str, Tuple[str, T]] = {}
        self.update({} if data is None else data, **kwargs)

    def __setitem__(self, key: str, value: T) -> None:
        self._store[key.lower()] = (key, value)

    def __getitem__(self, key: str) -> T:
        return self._store[key.lower()][1]

    def __delitem__(self, key: str) -> None:
        del self._store[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._store.values())

    def __len__(self) -> int:
        return len(self._store)

    def __eq__(self, other: object) -> bool:
        try:
            for key, value in self.items():
                if key not in other or other[key] != value:  # type: ignore[operator,index]
                    return False
            for key, value in other.items():  # type: ignore[attr-defined]
                if key not in self or self[key] != value:
                    return False
        except (TypeError, AttributeError):
            return NotImplemented
        return True

    def copy(self) -> UciOptionMap[T]:
        return type(self)(self._store.values())

    def __copy__(self) -> UciOptionMap[T]:
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.items())!r})"


class AnalysisResult:
    """The handle of a running analysis: iterate over it (``async for``) or call
    :meth:`get`/:meth:`next` for each piece of information as the engine sends it;
    :attr:`info` and :attr:`multipv` hold what was gathered so far; :meth:`stop` ends the
    search, :meth:`wait` waits for its best move. As a context manager it stops on leaving."""

    multipv: List[InfoDict]

    def __init__(self, stop: Optional[Callable[[], None]] = None):
        self._stop = stop
        self._queue: asyncio.Queue[InfoDict] = asyncio.Queue()
        self._end_posted = False        # the empty dictionary that marks the end is queued
        self._end_seen = False          # ... and has been read
        self._finished: asyncio.Future[BestMove] = asyncio.Future()
        self.multipv = [{}]

    def post(self, info: InfoDict) -> None:
        if not info:                    # the empty dictionary is the end mark
            return
        line = info.get("multipv", 1)
        while len(self.multipv) < line:
            self.multipv.append({})
        self.multipv[line - 1].update(info)
        self._queue.put_nowait(info)

    def _post_end(self) -> None:
        if not self._end_posted:
            self._end_posted = True
            self._queue.put_nowait({})

    def set_finished(self, best: BestMove) -> None:
        if not self._finished.done():
            self._finished.set_result(best)
        self._post_end()

    def set_exception(self, exc: Exception) -> None:
        self._finished.set_exception(exc)
        self._post_end()

    @property
    def info(self) -> InfoDict:
        """What was gathered about the main line (``multipv[0]``)."""
        return self.multipv[0]

    def stop(self) -> None:
        """Stops the search as soon as possible."""
        if self._stop and not self._end_posted:
            self._stop()
            self._stop = None

    async def wait(self) -> BestMove:
        """Waits for the end of the search and returns its best move."""
        return await self._finished

    async def get(self) -> InfoDict:
        """The next piece of information, waiting for it; AnalysisComplete once the search
        has ended and everything was read."""
        if self._end_seen:
            raise AnalysisComplete()
        info = await self._queue.get()
        if not info:
            self._end_seen = True
            await self._finished
            raise AnalysisComplete()
        return info

    def would_block(self) -> bool:
        """Whether :meth:`get` would have to wait for the engine."""
        return not self._end_seen and self._queue.empty()

    def empty(self) -> bool:
        """Whether everything sent so far has been read (more may come while it runs)."""
        return self._end_seen or self._queue.qsize() <= self._end_posted

    async def next(self) -> Optional[InfoDict]:
        """:meth:`get`, but None at the end."""
        try:
            return await self.get()
        except AnalysisComplete:
            return None

    def __aiter__(self) -> AnalysisResult:
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration

    def __enter__(self) -> AnalysisResult:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

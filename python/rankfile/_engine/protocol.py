"""The engine driver's machinery, common to UCI and XBoard: the asyncio protocol that reads an
engine's lines and runs one command at a time (:class:`Protocol`), the commands' life cycle
(:class:`BaseCommand`, :class:`CommandState`), and :class:`MockTransport`, a scripted engine for
tests. Public as rankfile.engine."""
from __future__ import annotations

import abc
import asyncio
import collections
import enum
import logging
import subprocess
import sys
from typing import (Any, Callable, Deque, Dict, Generic, Iterable, Iterator, List, Optional,
                    Tuple, Type, TypeVar, Union)

import rankfile as chess

from .values import (INFO_ALL, INFO_NONE, AnalysisResult, ConfigMapping, ConfigValue,
                     EngineError, EngineTerminatedError, Info, InfoDict, Limit, Opponent,
                     PlayResult)

T = TypeVar("T")
ProtocolT = TypeVar("ProtocolT", bound="Protocol")
Color = bool

LOGGER = logging.getLogger("rankfile.engine")


def _next_token(line: str) -> Tuple[str, str]:
    """The first word of ``line`` and the rest of it, unchanged (two empty strings for a
    blank line)."""
    parts = line.split(maxsplit=1)
    if not parts:
        return "", ""
    return parts[0], (parts[1] if len(parts) == 2 else "")


def _chain_config(a: ConfigMapping, b: ConfigMapping) -> Iterator[Tuple[str, ConfigValue]]:
    """The options of ``a``, then those of ``b`` that ``a`` does not name."""
    yield from a.items()
    for name, value in b.items():
        if name not in a:
            yield name, value


class MockTransport(asyncio.SubprocessTransport, asyncio.WriteTransport):
    """A scripted engine: :meth:`expect` a line from the driver and the lines to answer it
    with, in order; :meth:`expect_ping` answers one XBoard ``ping N`` with ``pong N``;
    :meth:`assert_done` checks that every expected line came."""

    def __init__(self, protocol: Protocol) -> None:
        super().__init__()
        self.protocol = protocol
        self.expectations: Deque[Tuple[str, List[str]]] = collections.deque()
        self.expected_pings = 0
        self.stdin_buffer = bytearray()
        self.protocol.connection_made(self)

    def expect(self, expectation: str, responses: List[str] = []) -> None:
        self.expectations.append((expectation, list(responses)))

    def expect_ping(self) -> None:
        self.expected_pings += 1

    def assert_done(self) -> None:
        assert not self.expectations, f"pending expectations: {self.expectations}"

    def get_pipe_transport(self, fd: int) -> Optional[asyncio.BaseTransport]:
        assert fd == 0, f"expected 0 for stdin, got {fd}"
        return self

    def write(self, data: bytes) -> None:  # type: ignore[override]
        self.stdin_buffer.extend(data)
        while b"\n" in self.stdin_buffer:
            raw, _, rest = bytes(self.stdin_buffer).partition(b"\n")
            self.stdin_buffer = bytearray(rest)
            line = raw.decode("utf-8")
            if line.startswith("ping ") and self.expected_pings:
                self.expected_pings -= 1
                pong = ("pong " + line[len("ping "):] + "\n").encode("utf-8")
                self.protocol.pipe_data_received(1, pong)
                continue
            assert self.expectations, f"unexpected: {line!r}"
            expectation, responses = self.expectations.popleft()
            assert expectation == line, f"expected {expectation}, got: {line}"
            if responses:
                data = "".join(response + "\n" for response in responses).encode("utf-8")
                self.protocol.loop.call_soon(self.protocol.pipe_data_received, 1, data)

    def get_pid(self) -> int:
        return id(self)

    def get_returncode(self) -> Optional[int]:
        return None if self.expectations else 0


class CommandState(enum.Enum):
    """Where a command is: waiting its turn, running, being cancelled, done."""
    NEW = enum.auto()
    ACTIVE = enum.auto()
    CANCELLING = enum.auto()
    DONE = enum.auto()


class BaseCommand(Generic[T]):
    """One exchange with the engine. The protocol starts it when the previous command has
    finished; it sets :attr:`result` (what the caller awaits) and, once the engine has said
    all it will say about it, :meth:`set_finished`. A result may come before the end (an
    analysis handle, a move while the engine goes on pondering)."""

    def __init__(self, engine: Protocol) -> None:
        self._engine = engine
        self.state = CommandState.NEW
        self.result: asyncio.Future[T] = asyncio.Future()
        self.finished: asyncio.Future[None] = asyncio.Future()
        self._finished_callbacks: List[Callable[[], None]] = []

    def add_finished_callback(self, callback: Callable[[], None]) -> None:
        self._finished_callbacks.append(callback)
        self._dispatch_finished()

    def _dispatch_finished(self) -> None:
        if self.finished.done():
            while self._finished_callbacks:
                self._finished_callbacks.pop()()

    def _engine_terminated(self, code: int) -> None:
        hint = ", binary not compatible with cpu?" if code in (-4, 0xc000001d) else ""
        exc = EngineTerminatedError(f"engine process died unexpectedly (exit code: {code}{hint})")
        if self.state == CommandState.ACTIVE:
            self.engine_terminated(exc)
        elif self.state == CommandState.CANCELLING:
            self.finished.set_result(None)
            self._dispatch_finished()
        elif self.state == CommandState.NEW:
            self._handle_exception(exc)

    def _handle_exception(self, exc: Exception) -> None:
        if not self.result.done():
            self.result.set_exception(exc)
        else:
            self._engine.loop.call_exception_handler({
                "message": f"{type(self).__name__} failed after returning preliminary result ({self.result!r})",
                "exception": exc,
                "protocol": self._engine,
                "transport": self._engine.transport,
            })
        if not self.finished.done():
            self.finished.set_result(None)
            self._dispatch_finished()

    def set_finished(self) -> None:
        if self.state not in (CommandState.ACTIVE, CommandState.CANCELLING):
            raise AssertionError(self.state)
        if not self.result.done():
            self.result.set_exception(EngineError(f"engine command finished before returning result: {self!r}"))
        self.state = CommandState.DONE
        self.finished.set_result(None)
        self._dispatch_finished()

    def _cancel(self) -> None:
        if self.state in (CommandState.CANCELLING, CommandState.DONE):
            return
        if self.state != CommandState.ACTIVE:
            raise AssertionError(self.state)
        self.state = CommandState.CANCELLING
        self.cancel()

    def _start(self) -> None:
        if self.state != CommandState.NEW:
            raise AssertionError(self.state)
        self.state = CommandState.ACTIVE
        try:
            self.check_initialized()
            self.start()
        except EngineError as err:
            self._handle_exception(err)

    def _line_received(self, line: str) -> None:
        try:
            self.line_received(line)
        except EngineError as err:
            self._handle_exception(err)
        except Exception as exc:  # noqa: BLE001 - a line the command could not handle
            # Left to the event loop's callback (python-chess), the command would wait for
            # ever: it ends with an EngineError naming the cause.
            LOGGER.exception("%s: %s failed on %r", self._engine, type(self).__name__, line)
            error = EngineError(f"{type(self).__name__} failed on engine output {line!r}: {exc!r}")
            error.__cause__ = exc
            self._handle_exception(error)

    def cancel(self) -> None:
        """Asks the engine to stop (the command goes on until it says it has)."""

    def check_initialized(self) -> None:
        if not self._engine.initialized:
            raise EngineError("tried to run command, but engine is not initialized")

    def start(self) -> None:
        raise NotImplementedError

    def line_received(self, line: str) -> None:
        """A line from the engine while this command runs."""

    def engine_terminated(self, exc: Exception) -> None:
        self._handle_exception(exc)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} at {id(self):#x} (state={self.state}, "
                f"result={self.result}, finished={self.finished}>")


class _ConfigureCommand(BaseCommand[None]):
    """``configure`` of either protocol: the options set by the protocol's own ``_configure``,
    then kept in its ``target_config`` (``None`` values are not kept)."""

    def __init__(self, engine: Protocol, options: ConfigMapping) -> None:
        super().__init__(engine)
        self.options = options

    def start(self) -> None:
        engine: Any = self._engine
        engine._configure(self.options)
        engine.target_config.update({name: value for name, value in self.options.items() if value is not None})
        self.result.set_result(None)
        self.set_finished()


class Protocol(asyncio.SubprocessProtocol, metaclass=abc.ABCMeta):
    """An engine process spoken to over its standard input and output: its declared
    :attr:`options`, its :attr:`id` (``name``, ``author``), the future :attr:`returncode`,
    and the commands as coroutines. A new command cancels the one running."""

    options: Any
    id: Dict[str, str]
    returncode: asyncio.Future[int]

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.transport: Optional[asyncio.SubprocessTransport] = None
        self.buffer = {1: bytearray(), 2: bytearray()}      # stdout, stderr: a line's start
        self.command: Optional[BaseCommand[Any]] = None
        self.next_command: Optional[BaseCommand[Any]] = None
        self.initialized = False
        self.returncode: asyncio.Future[int] = asyncio.Future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        LOGGER.debug("%s: Connection made", self)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        code = self.transport.get_returncode() if self.transport is not None else None
        if code is None:
            code = -1
        LOGGER.debug("%s: Connection lost (exit code: %d, error: %s)", self, code, exc)
        command, self.command = self.command, None
        next_command, self.next_command = self.next_command, None
        if command:
            command._engine_terminated(code)
        if next_command:
            next_command._engine_terminated(code)
        if not self.returncode.done():
            self.returncode.set_result(code)

    def process_exited(self) -> None:
        LOGGER.debug("%s: Process exited", self)

    def send_line(self, line: str) -> None:
        """Writes one line to the engine. A line break inside it is an EngineError: it would
        be a second command (python-chess writes it)."""
        if "\n" in line or "\r" in line:
            raise EngineError(f"refusing to send a line break to the engine: {line!r}")
        LOGGER.debug("%s: << %s", self, line)
        if self.transport is None:
            raise EngineError("cannot send a line before the connection is made")
        stdin = self.transport.get_pipe_transport(0)
        stdin.write((line + "\n").encode("utf-8"))  # type: ignore[union-attr]

    def pipe_data_received(self, fd: int, data: Union[bytes, str]) -> None:
        # One line at a time off the shared buffer: a handler that makes the engine answer at
        # once (MockTransport's pong) has the lines already here read before that answer.
        self.buffer[fd].extend(data)  # type: ignore[arg-type]
        while True:
            buffer = self.buffer[fd]
            end = buffer.find(b"\n")
            if end < 0:
                return
            raw = bytes(buffer[:end])
            del buffer[:end + 1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                LOGGER.warning("%s: >> %r (%s)", self, raw, err)
                continue
            if fd == 1:
                self._line_received(line)
            else:
                self.error_line_received(line)

    def error_line_received(self, line: str) -> None:
        LOGGER.warning("%s: stderr >> %s", self, line)

    def _line_received(self, line: str) -> None:
        LOGGER.debug("%s: >> %s", self, line)
        self.line_received(line)
        if self.command:
            self.command._line_received(line)

    def line_received(self, line: str) -> None:
        """Every line from the engine, before the running command sees it."""

    async def communicate(self, command_factory: Callable[[Any], BaseCommand[T]]) -> T:
        """Runs a command once the running one has finished (cancelling it) and returns its
        result. A command that was waiting its turn is dropped."""
        command = command_factory(self)
        if self.returncode.done():
            raise EngineTerminatedError(f"engine process dead (exit code: {self.returncode.result()})")
        if self.next_command is not None:
            waiting = self.next_command
            waiting.result.cancel()
            waiting.finished.cancel()
            waiting.set_finished()
        self.next_command = command

        def run_next() -> None:
            self.command, self.next_command = self.next_command, None
            current = self.command
            if current is None:
                return

            def cancel_if_cancelled(result: asyncio.Future[Any]) -> None:
                if result.cancelled():
                    current._cancel()

            current.result.add_done_callback(cancel_if_cancelled)
            current._start()
            current.add_finished_callback(run_next)

        if self.command is None:
            run_next()
        elif not self.command.result.done():
            self.command.result.cancel()
        elif not self.command.result.cancelled():
            self.command._cancel()
        return await command.result

    def __repr__(self) -> str:
        pid = self.transport.get_pid() if self.transport is not None else "?"
        return f"<{type(self).__name__} (pid={pid})>"

    @abc.abstractmethod
    async def initialize(self) -> None:
        """Introduces the driver to the engine and reads its options."""

    @abc.abstractmethod
    async def ping(self) -> None:
        """Waits until the engine answers (alive and idle)."""

    @abc.abstractmethod
    async def configure(self, options: ConfigMapping) -> None:
        """Sets engine options for good (not the managed ones, :meth:`Option.is_managed`)."""

    @abc.abstractmethod
    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        """Tells the engine who it plays, from the next game on."""

    @abc.abstractmethod
    async def play(self, board: chess.Board, limit: Limit, *, game: object = None,
                   info: Info = INFO_NONE, ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[chess.Move]] = None,
                   options: ConfigMapping = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        """The engine's move in ``board`` (its whole move stack is sent) within ``limit``."""

    async def analyse(self, board: chess.Board, limit: Limit, *, multipv: Optional[int] = None,
                      game: object = None, info: Info = INFO_ALL,
                      root_moves: Optional[Iterable[chess.Move]] = None,
                      options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]:
        """Analyses ``board`` within ``limit``: the information gathered, or with ``multipv``
        a list of it, one per line."""
        analysis = await self.analysis(board, limit, multipv=multipv, game=game, info=info,
                                       root_moves=root_moves, options=options)
        with analysis:
            await analysis.wait()
        return analysis.info if multipv is None else analysis.multipv

    @abc.abstractmethod
    async def analysis(self, board: chess.Board, limit: Optional[Limit] = None, *,
                       multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                       root_moves: Optional[Iterable[chess.Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        """Starts analysing ``board`` (for ever without ``limit``) and returns the handle."""

    @abc.abstractmethod
    async def send_game_result(self, board: chess.Board, winner: Optional[Color] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        """Tells the engine how the game ended (XBoard engines; UCI has no such command)."""

    @abc.abstractmethod
    async def quit(self) -> None:
        """Asks the engine to exit and waits until it has."""

    @classmethod
    async def popen(cls: Type[ProtocolT], command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, ProtocolT]:
        """Starts the engine ``command`` (a path, or a list of the path and its arguments);
        ``setpgrp`` puts it in a process group of its own (signals such as Ctrl-C do not
        reach it)."""
        argv = command if isinstance(command, list) else [command]
        if setpgrp:
            if hasattr(subprocess, "CREATE_NEW_PROCESS_GROUP"):
                popen_args["creationflags"] = (popen_args.get("creationflags", 0)
                                               | subprocess.CREATE_NEW_PROCESS_GROUP)  # type: ignore[attr-defined]
            elif sys.version_info >= (3, 11):
                popen_args["process_group"] = 0
            else:
                popen_args["start_new_session"] = True
        return await asyncio.get_running_loop().subprocess_exec(cls, *argv, **popen_args)  # type: ignore[return-value]

"""The blocking driver: :class:`SimpleEngine` and :class:`SimpleAnalysisResult`, the protocol's
coroutines as plain calls. Public as rankfile.engine.

python-chess runs the event loop on a thread of its own and hands every call over to it and
back (two thread switches, about half a millisecond a call). rankfile runs the engine's event
loop on the calling thread instead, for the length of the call: the same protocol code, the same
commands and answers, without the hand-overs. The loop is driven by one thread at a time; a
call from a second thread while the first drives it is given to that loop (so that, as in
python-chess, a new command cancels a running one: ``play`` from another thread ends an
endless analysis) and waits for it, taking the loop over when the first call returns. A
program whose thread already runs an event loop of its own (a notebook) has the engine's loop
driven on a helper thread for each call."""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import copy
import threading
from typing import (Any, Awaitable, Callable, Generator, Iterable, Iterator, List, Mapping,
                    MutableMapping, Optional, Type, TypeVar, Union)

import rankfile as chess

from .protocol import BaseCommand, Protocol
from .uci import UciProtocol
from .values import (INFO_ALL, INFO_NONE, AnalysisResult, BestMove, ConfigMapping,
                     EngineTerminatedError, Info, InfoDict, Limit, Opponent, Option, PlayResult)
from .xboard import XBoardProtocol

T = TypeVar("T")
Color = bool

_CLOSE_WAIT = 2.0        # seconds close() waits for a killed engine's exit to be seen


async def _async(sync: Callable[[], T]) -> T:
    return sync()


async def _after_pending_input_await(make: Callable[[], Awaitable[T]]) -> T:
    # One turn of the loop first: what the engine has written by now is read.
    await asyncio.sleep(0)
    return await make()


class SimpleEngine:
    """A UCI or XBoard engine driven with blocking calls: the methods and attributes of
    :class:`Protocol`, each waiting for its answer. A call that takes ``timeout`` seconds
    longer than it should raises ``asyncio.TimeoutError`` (None: no limit). As a context
    manager it closes the engine on leaving. Objects passed in may not change during a call."""

    def __init__(self, transport: asyncio.SubprocessTransport, protocol: Protocol, *,
                 timeout: Optional[float] = 10.0) -> None:
        self.transport = transport
        self.protocol = protocol
        self.timeout = timeout
        self._shutdown_lock = threading.Lock()
        self._shutdown = False
        self._driver = threading.RLock()          # held by the thread driving the loop
        self.returncode: concurrent.futures.Future[int] = concurrent.futures.Future()
        protocol.returncode.add_done_callback(self._exited)

    def _exited(self, code: asyncio.Future[int]) -> None:
        if not self.returncode.done() and not code.cancelled():
            self.returncode.set_result(code.result())

    # ---- running the loop ------------------------------------------------------------------

    def _drive(self, awaitable: Awaitable[T]) -> T:
        """Runs the loop on this thread until ``awaitable`` is done (the driver lock held)."""
        loop = self.protocol.loop
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return loop.run_until_complete(awaitable)
        # This thread runs a loop of its own: drive the engine's on a helper thread.
        box: List[Any] = []

        def helper() -> None:
            try:
                box.append((True, loop.run_until_complete(awaitable)))
            except BaseException as exc:  # noqa: B902 - handed to the caller
                box.append((False, exc))

        thread = threading.Thread(target=helper, name=f"{type(self).__name__} driver")
        thread.start()
        thread.join()
        ok, value = box[0]
        if ok:
            return value
        raise value

    def _run(self, make: Callable[[], Awaitable[T]]) -> T:
        """Runs the coroutine ``make()`` makes to its end and returns its result (made only
        when the engine is open). What the engine wrote while nobody drove the loop is read
        first, as python-chess's loop thread would have read it at once: a line that came
        between two commands reaches no command."""
        with self._shutdown_lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
        coro = _after_pending_input_await(make)
        if self._driver.acquire(blocking=False):
            try:
                return self._drive(coro)
            finally:
                self._driver.release()
        loop = self.protocol.loop
        future = asyncio.run_coroutine_threadsafe(coro, loop)  # type: ignore[arg-type]
        # Another thread drives the loop: it runs the coroutine meanwhile; when it lets go
        # before the coroutine is done, this thread drives on.
        while True:
            try:
                return future.result(timeout=0.02)
            except concurrent.futures.TimeoutError:
                pass
            if self._driver.acquire(blocking=False):
                try:
                    if self._shutdown and loop.is_closed():
                        raise EngineTerminatedError("engine event loop dead")
                    return self._drive(asyncio.wrap_future(future, loop=loop))
                finally:
                    self._driver.release()

    def _timeout_for(self, limit: Optional[Limit]) -> Optional[float]:
        if self.timeout is None or limit is None or limit.time is None:
            return None
        return self.timeout + limit.time

    @contextlib.contextmanager
    def _not_shut_down(self) -> Generator[None, None, None]:
        with self._shutdown_lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
        yield

    # ---- the protocol's attributes and commands --------------------------------------------

    @property
    def options(self) -> MutableMapping[str, Option]:
        """The options the engine declared (a copy)."""
        return self._run(lambda: _async(lambda: copy.copy(self.protocol.options)))

    @property
    def id(self) -> Mapping[str, str]:
        """What the engine said about itself (``name``, ``author``; a copy)."""
        return self._run(lambda: _async(lambda: self.protocol.id.copy()))

    def communicate(self, command_factory: Callable[[Any], BaseCommand[T]]) -> T:
        return self._run(lambda: self.protocol.communicate(command_factory))

    def configure(self, options: ConfigMapping) -> None:
        return self._run(lambda: asyncio.wait_for(self.protocol.configure(options), self.timeout))

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                  engine_rating: Optional[int] = None) -> None:
        return self._run(lambda: asyncio.wait_for(
            self.protocol.send_opponent_information(opponent=opponent, engine_rating=engine_rating),
            self.timeout))

    def ping(self) -> None:
        return self._run(lambda: asyncio.wait_for(self.protocol.ping(), self.timeout))

    def play(self, board: chess.Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
             ponder: bool = False, draw_offered: bool = False,
             root_moves: Optional[Iterable[chess.Move]] = None, options: ConfigMapping = {},
             opponent: Optional[Opponent] = None) -> PlayResult:
        return self._run(lambda: asyncio.wait_for(
            self.protocol.play(board, limit, game=game, info=info, ponder=ponder,
                               draw_offered=draw_offered, root_moves=root_moves,
                               options=options, opponent=opponent),
            self._timeout_for(limit)))

    def analyse(self, board: chess.Board, limit: Limit, *, multipv: Optional[int] = None,
                game: object = None, info: Info = INFO_ALL,
                root_moves: Optional[Iterable[chess.Move]] = None,
                options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        return self._run(lambda: asyncio.wait_for(
            self.protocol.analyse(board, limit, multipv=multipv, game=game, info=info,
                                  root_moves=root_moves, options=options),
            self._timeout_for(limit)))

    def analysis(self, board: chess.Board, limit: Optional[Limit] = None, *,
                 multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                 root_moves: Optional[Iterable[chess.Move]] = None,
                 options: ConfigMapping = {}) -> SimpleAnalysisResult:
        inner = self._run(lambda: asyncio.wait_for(
            self.protocol.analysis(board, limit, multipv=multipv, game=game, info=info,
                                   root_moves=root_moves, options=options),
            self.timeout))                      # the time to start it, not to finish
        return SimpleAnalysisResult(self, inner)

    def send_game_result(self, board: chess.Board, winner: Optional[Color] = None,
                         game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        return self._run(lambda: asyncio.wait_for(
            self.protocol.send_game_result(board, winner, game_ending, game_complete), self.timeout))

    def quit(self) -> None:
        return self._run(lambda: asyncio.wait_for(self.protocol.quit(), self.timeout))

    def close(self) -> None:
        """Ends the engine's process (killing it if it is still running) and its event loop;
        every later call raises EngineTerminatedError."""
        with self._shutdown_lock:
            if self._shutdown:
                return
            self._shutdown = True
        loop = self.protocol.loop
        if not self._driver.acquire(blocking=False):
            # The driving thread sees the engine go and its call fail.
            loop.call_soon_threadsafe(self.transport.close)
            return
        try:
            self.transport.close()
            try:
                self._drive(asyncio.wait_for(asyncio.shield(self.protocol.returncode), _CLOSE_WAIT))
            except (asyncio.TimeoutError, asyncio.CancelledError):
                pass
            loop.close()
        finally:
            self._driver.release()

    @classmethod
    def popen(cls, Protocol: Type[Protocol], command: Union[str, List[str]], *,
              timeout: Optional[float] = 10.0, debug: Optional[bool] = None, setpgrp: bool = False,
              **popen_args: Any) -> SimpleEngine:
        """Starts the engine ``command`` with the protocol class ``Protocol`` and initializes
        it (within ``timeout`` seconds)."""
        loop = asyncio.new_event_loop()
        if debug is not None:
            loop.set_debug(debug)
        started: List[SimpleEngine] = []

        async def start() -> SimpleEngine:
            transport, protocol = await Protocol.popen(command, setpgrp=setpgrp, **popen_args)
            engine = cls(transport, protocol, timeout=timeout)
            started.append(engine)
            await asyncio.wait_for(protocol.initialize(), timeout)
            return engine

        try:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return loop.run_until_complete(start())
            box: List[Any] = []

            def helper() -> None:
                try:
                    box.append((True, loop.run_until_complete(start())))
                except BaseException as exc:  # noqa: B902 - handed to the caller
                    box.append((False, exc))

            thread = threading.Thread(target=helper, name=f"{cls.__name__} (command={command!r})")
            thread.start()
            thread.join()
            if box[0][0]:
                return box[0][1]
            raise box[0][1]
        except BaseException:
            if started:
                started[0].close()
            else:
                loop.close()
            raise

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                  debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> SimpleEngine:
        """Starts and initializes a UCI engine."""
        return cls.popen(UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                     debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> SimpleEngine:
        """Starts and initializes an XBoard engine."""
        return cls.popen(XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} (pid={self.transport.get_pid()})>"


class SimpleAnalysisResult:
    """The blocking handle of a running analysis (:meth:`SimpleEngine.analysis`): iterate over
    it, or call :meth:`get`/:meth:`next`; :meth:`stop`, :meth:`wait`; :attr:`info` and
    :attr:`multipv` hold what the engine has sent so far."""

    def __init__(self, simple_engine: SimpleEngine, inner: AnalysisResult) -> None:
        self.simple_engine = simple_engine
        self.inner = inner

    def _run(self, make: Callable[[], Awaitable[T]]) -> T:
        return self.simple_engine._run(make)

    @property
    def info(self) -> InfoDict:
        return self._run(lambda: _async(lambda: self.inner.info.copy()))

    @property
    def multipv(self) -> List[InfoDict]:
        return self._run(lambda: _async(lambda: [info.copy() for info in self.inner.multipv]))

    def stop(self) -> None:
        engine = self.simple_engine
        with engine._not_shut_down():
            if engine._driver.acquire(blocking=False):
                try:
                    self.inner.stop()
                finally:
                    engine._driver.release()
            else:
                engine.protocol.loop.call_soon_threadsafe(self.inner.stop)

    def wait(self) -> BestMove:
        return self._run(lambda: self.inner.wait())

    def would_block(self) -> bool:
        return self._run(lambda: _async(self.inner.would_block))

    def empty(self) -> bool:
        return self._run(lambda: _async(self.inner.empty))

    def get(self) -> InfoDict:
        return self._run(lambda: self.inner.get())

    def next(self) -> Optional[InfoDict]:
        return self._run(lambda: self.inner.next())

    def __iter__(self) -> Iterator[InfoDict]:
        with self.simple_engine._not_shut_down():
            pass
        return self

    def __next__(self) -> InfoDict:
        try:
            return self._run(lambda: self.inner.__anext__())
        except StopAsyncIteration:
            raise StopIteration

    def __enter__(self) -> SimpleAnalysisResult:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

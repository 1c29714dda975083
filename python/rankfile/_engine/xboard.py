"""The XBoard protocol (CECP, version 2): :class:`XBoardProtocol` and the parsing of an
engine's ``feature option=...`` declarations and thinking output. Moves are read and written
by rankfile's boards (``push_xboard``, ``xboard()``). Public as rankfile.engine."""
from __future__ import annotations

import asyncio
import re
import shlex
from typing import Dict, Iterable, List, Optional, Union

import rankfile as chess

from .protocol import LOGGER, BaseCommand, Protocol, _chain_config, _ConfigureCommand, _next_token
from .scores import Cp, Mate, MateGiven, PovScore, Score
from .values import (INFO_ALL, INFO_NONE, INFO_PV, MANAGED_OPTIONS, AnalysisResult, BestMove,
                     ConfigMapping, ConfigValue, EngineError, Info, InfoDict, Limit, Opponent,
                     Option, PlayResult)

Color = bool

#: An engine's error line: ``Error (why): ...`` or ``Illegal move: ...``.
XBOARD_ERROR_REGEX = re.compile(r"^\s*(Error|Illegal move)(\s*\([^()]+\))?\s*:")

_OWN_OPTIONS = ("random", "computer", "name", "engine_rating", "opponent_rating")


def _parse_xboard_option(feature: str) -> Option:
    """The option of a ``feature option="NAME -TYPE ..."`` declaration (inside the quotes)."""
    params = feature.split()
    name, kind = params[0], params[1][1:]
    default: ConfigValue = None
    low = high = None
    var: Optional[List[str]] = None
    if kind == "combo":
        var = []
        for choice in params[2:]:
            if choice == "///":
                continue
            if choice[0] == "*":                  # the default choice
                default = choice[1:]
                var.append(choice[1:])
            else:
                var.append(choice)
    elif kind == "check":
        default = int(params[2])
    elif kind in ("string", "file", "path"):
        default = params[2] if len(params) > 2 else ""
    elif kind == "spin":
        default, low, high = int(params[2]), int(params[3]), int(params[4])
    return Option(name, kind, default, low, high, var)


def _parse_xboard_post(line: str, root_board: chess.Board, selector: Info = INFO_ALL) -> InfoDict:
    """The thinking output ``depth score time nodes [seldepth [nps [tbhits]]] pv`` as
    information seen from ``root_board`` (time in centiseconds; scores beyond 100000 mates)."""
    info: InfoDict = {}
    tokens = line.split()
    numbers: List[int] = []
    while tokens:
        try:
            numbers.append(int(tokens[0]))
        except ValueError:
            break
        tokens.pop(0)
    if len(numbers) < 4:
        return info
    info["depth"] = numbers.pop(0)
    cp = numbers.pop(0)
    info["time"] = int(numbers.pop(0)) / 100
    info["nodes"] = int(numbers.pop(0))
    score: Score
    if cp <= -100000:
        score = Mate(cp + 100000)
    elif cp == 100000:
        score = MateGiven
    elif cp > 100000:
        score = Mate(cp - 100000)
    else:
        score = Cp(cp)
    info["score"] = PovScore(score, root_board.turn)
    if numbers:
        info["seldepth"] = numbers.pop(0)
    if numbers:
        info["nps"] = numbers.pop(0)
    if numbers:
        info["tbhits"] = numbers[-1]            # those between are reserved
    pv = []
    board = root_board.copy(stack=False)
    for token in tokens:
        if token.rstrip(".").isdigit():          # move numbers
            continue
        try:
            pv.append(board.push_xboard(token))
        except ValueError:
            break
        if not selector & INFO_PV:
            break
    info["pv"] = pv
    return info


class XBoardProtocol(Protocol):
    """The `XBoard protocol <http://hgm.nubati.net/CECP.html>`__ (CECP)."""

    def __init__(self) -> None:
        super().__init__()
        self.features: Dict[str, Union[int, str]] = {}
        self.id = {}
        self.options = {
            "random": Option("random", "check", False, None, None, None),
            "computer": Option("computer", "check", False, None, None, None),
            "name": Option("name", "string", "", None, None, None),
            "engine_rating": Option("engine_rating", "spin", 0, None, None, None),
            "opponent_rating": Option("opponent_rating", "spin", 0, None, None, None),
        }
        self.config: Dict[str, ConfigValue] = {}
        self.target_config: Dict[str, ConfigValue] = {}
        self.board = chess.Board()
        self.game: object = None
        self.clock_id: object = None
        self.first_game = True

    # ---- building blocks -------------------------------------------------------------------

    def _ping(self, n: int) -> None:
        self.send_line(f"ping {n}")

    def _variant(self, variant: Optional[str]) -> None:
        variants = str(self.features.get("variants", "")).split(",")
        if not variant or variant not in variants:
            raise EngineError(f"unsupported xboard variant: {variant} (available: {', '.join(variants)})")
        self.send_line(f"variant {variant}")

    def _new(self, board: chess.Board, game: object, options: ConfigMapping,
             opponent: Optional[Opponent] = None) -> None:
        """Brings the engine to ``board``: a new game when anything about the game changed,
        otherwise taking back and playing moves from the position it has."""
        self._configure(options)
        self._configure(self._opponent_configuration(opponent=opponent))
        root = board.root()
        new_game = (self.first_game or self.game != game or "random" in options or "computer" in options
                    or bool(opponent) or root != self.board.root())
        self.game = game
        self.first_game = False
        if new_game:
            self.board = root
            self.send_line("new")
            variant = type(board).xboard_variant
            if variant == "normal" and board.chess960:
                self._variant("fischerandom")
            elif variant != "normal":
                self._variant(variant)
            if self.config.get("random"):
                self.send_line("random")
            name = self.config.get("name")
            if name and self.features.get("name", True):
                self.send_line(f"name {name}")
            opponent_rating = self.config.get("opponent_rating")
            engine_rating = self.config.get("engine_rating")
            if engine_rating or opponent_rating:
                self.send_line(f"rating {engine_rating or 0} {opponent_rating or 0}")
            if self.config.get("computer"):
                self.send_line("computer")
            self.send_line("force")
            fen = root.fen(shredder=board.chess960, en_passant="fen")
            if variant != "normal" or fen != chess.STARTING_FEN or board.chess960:
                self.send_line(f"setboard {fen}")
        else:
            self.send_line("force")

        common = 0
        if not new_game:
            for ours, theirs in zip(self.board.move_stack, board.move_stack):
                if ours != theirs:
                    break
                common += 1
            while len(self.board.move_stack) > common + 1:
                self.send_line("remove")
                self.board.pop()
                self.board.pop()
            while len(self.board.move_stack) > common:
                self.send_line("undo")
                self.board.pop()
        prefix = "usermove " if self.features.get("usermove", 0) else ""
        for move in board.move_stack[common:]:
            if not move:
                LOGGER.warning("Null move (in %s) may not be supported by all XBoard engines", self.board.fen())
            self.send_line(prefix + self.board.xboard(move))
            self.board.push(move)

    def _setoption(self, name: str, value: ConfigValue) -> None:
        if value is not None and value == self.config.get(name):
            return
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError(f"unsupported xboard option or command: {name}")
        self.config[name] = value = option.parse(value)
        if name in _OWN_OPTIONS:
            pass                                       # sent with the next new game
        elif name in ("memory", "cores") or name.startswith("egtpath "):
            self.send_line(f"{name} {value}")
        elif value is None:
            self.send_line(f"option {name}")
        elif value is True:
            self.send_line(f"option {name}=1")
        elif value is False:
            self.send_line(f"option {name}=0")
        else:
            self.send_line(f"option {name}={value}")

    def _configure(self, options: ConfigMapping) -> None:
        for name, value in _chain_config(options, self.target_config):
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
            self._setoption(name, value)

    def _opponent_configuration(self, *, opponent: Optional[Opponent] = None,
                                engine_rating: Optional[int] = None) -> ConfigMapping:
        if opponent is None:
            return {}
        config: Dict[str, Union[int, bool, str]] = {
            "engine_rating": engine_rating or self.target_config.get("engine_rating") or 0,  # type: ignore[dict-item]
            "opponent_rating": opponent.rating or 0,
            "computer": opponent.is_engine or False,
        }
        if opponent.name and self.features.get("name", True):
            config["name"] = f"{opponent.title or ''} {opponent.name}".strip()
        return config

    # ---- the commands ----------------------------------------------------------------------

    async def initialize(self) -> None:
        protocol = self

        class XBoardInitializeCommand(BaseCommand[None]):
            def check_initialized(self) -> None:
                if protocol.initialized:
                    raise EngineError("engine already initialized")

            def start(self) -> None:
                protocol.send_line("xboard")
                protocol.send_line("protover 2")
                self.timeout_handle = protocol.loop.call_later(2.0, self.timeout)

            def timeout(self) -> None:
                LOGGER.error("%s: Timeout during initialization", protocol)
                self.end()

            def line_received(self, line: str) -> None:
                token, rest = _next_token(line)
                if token.startswith("#"):
                    pass
                elif token == "feature":
                    self._feature(rest)
                elif XBOARD_ERROR_REGEX.match(line):
                    raise EngineError(line)

            def _feature(self, arg: str) -> None:
                try:
                    declarations = shlex.split(arg)
                except ValueError as err:
                    raise EngineError(f"unreadable feature line: {arg!r} ({err})")
                for declaration in declarations:
                    key, sep, value = declaration.partition("=")
                    if not sep:
                        raise EngineError(f"feature without a value: {declaration!r}")
                    if key == "option":
                        try:
                            option = _parse_xboard_option(value)
                        except (ValueError, IndexError):
                            raise EngineError(f"unreadable option feature: {value!r}")
                        if option.name not in ("random", "computer", "cores", "memory"):
                            protocol.options[option.name] = option
                    else:
                        try:
                            protocol.features[key] = int(value)
                        except ValueError:
                            protocol.features[key] = value
                if "done" in protocol.features:
                    self.timeout_handle.cancel()
                if protocol.features.get("done"):
                    self.end()

            def end(self) -> None:
                features = protocol.features
                for required in ("ping", "setboard"):
                    if not features.get(required, 0):
                        self.result.set_exception(EngineError(f"xboard engine did not declare required feature: {required}"))
                        self.set_finished()
                        return
                for feature, unwanted in (("reuse", False), ("sigterm", False), ("san", True)):
                    if bool(features.get(feature, not unwanted)) == unwanted:
                        LOGGER.warning("%s: Rejecting feature %s=%d", protocol, feature, unwanted)
                        protocol.send_line(f"rejected {feature}")
                if "myname" in features:
                    protocol.id["name"] = str(features["myname"])
                if features.get("memory", 0):
                    protocol.options["memory"] = Option("memory", "spin", 16, 1, None, None)
                    protocol.send_line("accepted memory")
                if features.get("smp", 0):
                    protocol.options["cores"] = Option("cores", "spin", 1, 1, None, None)
                    protocol.send_line("accepted smp")
                if features.get("egt"):
                    for kind in str(features["egt"]).split(","):
                        name = f"egtpath {kind}"
                        protocol.options[name] = Option(name, "path", None, None, None, None)
                    protocol.send_line("accepted egt")
                for option in protocol.options.values():
                    if option.default is not None:
                        protocol.config[option.name] = option.default
                        if not option.is_managed():
                            protocol.target_config[option.name] = option.default
                protocol.initialized = True
                self.result.set_result(None)
                self.set_finished()

        return await self.communicate(XBoardInitializeCommand)

    async def ping(self) -> None:
        protocol = self

        class XBoardPingCommand(BaseCommand[None]):
            def start(self) -> None:
                n = id(self) & 0xffff
                self.pong = f"pong {n}"
                protocol._ping(n)

            def line_received(self, line: str) -> None:
                if line == self.pong:
                    self.result.set_result(None)
                    self.set_finished()
                elif not line.startswith("#"):
                    LOGGER.warning("%s: Unexpected engine output: %r", protocol, line)
                elif XBOARD_ERROR_REGEX.match(line):
                    raise EngineError(line)

        return await self.communicate(XBoardPingCommand)

    async def configure(self, options: ConfigMapping) -> None:
        return await self.communicate(lambda engine: _ConfigureCommand(engine, options))

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        return await self.configure(self._opponent_configuration(opponent=opponent, engine_rating=engine_rating))

    async def play(self, board: chess.Board, limit: Limit, *, game: object = None,
                   info: Info = INFO_NONE, ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[chess.Move]] = None,
                   options: ConfigMapping = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        if root_moves is not None:
            raise EngineError("play with root_moves, but xboard supports 'include' only in analysis mode")
        protocol = self

        class XBoardPlayCommand(BaseCommand[PlayResult]):
            def start(self) -> None:
                self.play_result = PlayResult(None, None)
                self.stopped = False
                self.pong_after_move: Optional[str] = None
                self.pong_after_ponder: Optional[str] = None
                protocol._new(board, game, options, opponent)

                white = board.turn
                clock = limit.white_clock if white else limit.black_clock
                increment = limit.white_inc if white else limit.black_inc
                if limit.clock_id is None or limit.clock_id != protocol.clock_id:
                    self._send_time_control(clock, increment)
                protocol.clock_id = limit.clock_id
                if limit.nodes is not None:
                    if (limit.time is not None or limit.white_clock is not None
                            or limit.black_clock is not None or increment is not None):
                        raise EngineError("xboard does not support mixing node limits with time limits")
                    if "nps" not in protocol.features:
                        LOGGER.warning("%s: Engine did not explicitly declare support for node limits (feature nps=?)", protocol)
                    elif not protocol.features["nps"]:
                        raise EngineError("xboard engine does not support node limits (feature nps=0)")
                    protocol.send_line("nps 1")
                    protocol.send_line(f"st {max(1, int(limit.nodes))}")
                if limit.depth is not None:
                    protocol.send_line(f"sd {max(1, int(limit.depth))}")
                if limit.white_clock is not None:
                    protocol.send_line(f"{'time' if white else 'otim'} {max(1, round(limit.white_clock * 100))}")
                if limit.black_clock is not None:
                    protocol.send_line(f"{'otim' if white else 'time'} {max(1, round(limit.black_clock * 100))}")
                if draw_offered and protocol.features.get("draw", 1):
                    protocol.send_line("draw")
                protocol.send_line("post" if info else "nopost")
                protocol.send_line("hard" if ponder else "easy")
                protocol.send_line("go")

            def _send_time_control(self, clock: Optional[float], increment: Optional[float]) -> None:
                if limit.remaining_moves or clock is not None or increment is not None:
                    minutes, seconds = divmod(int(clock or 0), 60)
                    protocol.send_line(f"level {limit.remaining_moves or 0} {minutes}:{seconds:02d} {increment or 0}")
                if limit.time is not None:
                    protocol.send_line(f"st {max(0.01, limit.time)}")

            def line_received(self, line: str) -> None:
                token, rest = _next_token(line)
                said = f"{token} {rest.strip()}"
                if token == "move":
                    self._move(rest.strip())
                elif token == "Hint:":
                    self._hint(rest.strip())
                elif token == "pong":
                    if said == self.pong_after_move:
                        if not self.result.done():
                            self.result.set_result(self.play_result)
                        if not ponder:
                            self.set_finished()
                    elif said == self.pong_after_ponder:
                        if not self.result.done():
                            self.result.set_result(self.play_result)
                        self.set_finished()
                elif said == "offer draw":
                    if not self.result.done():
                        self.play_result.draw_offered = True
                    self._ping_after_move()
                elif line.strip() == "resign":
                    if not self.result.done():
                        self.play_result.resigned = True
                    self._ping_after_move()
                elif token in ("1-0", "0-1", "1/2-1/2"):
                    if "resign" in line and not self.result.done():
                        self.play_result.resigned = True
                    self._ping_after_move()
                elif token.startswith("#"):
                    pass
                elif XBOARD_ERROR_REGEX.match(line):
                    protocol.first_game = True         # the engine's board may differ now
                    raise EngineError(line)
                elif len(line.split()) >= 4 and line.lstrip()[0].isdigit():
                    if not self.result.done():
                        self.play_result.info = _parse_xboard_post(line, protocol.board, info)
                else:
                    LOGGER.warning("%s: Unexpected engine output: %r", protocol, line)

            def _move(self, arg: str) -> None:
                if not self.result.done() and self.play_result.move is None:
                    try:
                        self.play_result.move = protocol.board.push_xboard(arg)
                    except ValueError as err:
                        self.result.set_exception(EngineError(err))
                    else:
                        self._ping_after_move()
                else:
                    try:
                        protocol.board.push_xboard(arg)
                    except ValueError:
                        LOGGER.exception("Exception playing unexpected move")

            def _hint(self, arg: str) -> None:
                if not self.result.done() and self.play_result.move is not None and self.play_result.ponder is None:
                    try:
                        self.play_result.ponder = protocol.board.parse_xboard(arg)
                    except ValueError:
                        LOGGER.exception("Exception parsing hint")
                else:
                    LOGGER.warning("Unexpected hint: %r", arg)

            def _ping_after_move(self) -> None:
                if self.pong_after_move is None:
                    n = id(self) & 0xffff
                    self.pong_after_move = f"pong {n}"
                    protocol._ping(n)

            def cancel(self) -> None:
                if self.stopped:
                    return
                self.stopped = True
                if self.result.cancelled():
                    protocol.send_line("?")
                if ponder:
                    protocol.send_line("easy")
                    n = (id(self) + 1) & 0xffff
                    self.pong_after_ponder = f"pong {n}"
                    protocol._ping(n)

            def engine_terminated(self, exc: Exception) -> None:
                if not self.result.done():
                    super().engine_terminated(exc)

        return await self.communicate(XBoardPlayCommand)

    async def analysis(self, board: chess.Board, limit: Optional[Limit] = None, *,
                       multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                       root_moves: Optional[Iterable[chess.Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        if multipv is not None:
            raise EngineError("xboard engine does not support multipv")
        if limit is not None and (limit.white_clock is not None or limit.black_clock is not None):
            raise EngineError("xboard analysis does not support clock limits")
        protocol = self

        class XBoardAnalysisCommand(BaseCommand[AnalysisResult]):
            def start(self) -> None:
                self.stopped = False
                self.best_move: Optional[chess.Move] = None
                self.analysis = AnalysisResult(stop=lambda: self.cancel())
                self.final_pong: Optional[str] = None
                self.time_limit_handle: Optional[asyncio.Handle] = None
                protocol._new(board, game, options)
                if root_moves is not None:
                    if not protocol.features.get("exclude", 0):
                        raise EngineError("xboard engine does not support root_moves (feature exclude=0)")
                    protocol.send_line("exclude all")
                    for move in root_moves:
                        protocol.send_line(f"include {protocol.board.xboard(move)}")
                protocol.send_line("post")
                protocol.send_line("analyze")
                self.result.set_result(self.analysis)
                if limit is not None and limit.time is not None:
                    self.time_limit_handle = protocol.loop.call_later(limit.time, self.cancel)

            def line_received(self, line: str) -> None:
                token, rest = _next_token(line)
                if token.startswith("#"):
                    pass
                elif len(line.split()) >= 4 and line.lstrip()[0].isdigit():
                    self._post(line)
                elif f"{token} {rest.strip()}" == self.final_pong:
                    self.end()
                elif XBOARD_ERROR_REGEX.match(line):
                    protocol.first_game = True
                    raise EngineError(line)
                else:
                    LOGGER.warning("%s: Unexpected engine output: %r", protocol, line)

            def _post(self, line: str) -> None:
                post = _parse_xboard_post(line, protocol.board, info)
                self.analysis.post(post)
                if post.get("pv"):
                    self.best_move = post["pv"][0]
                if limit is None:
                    return
                if limit.time is not None and post.get("time", 0) >= limit.time:
                    self.cancel()
                elif limit.nodes is not None and post.get("nodes", 0) >= limit.nodes:
                    self.cancel()
                elif limit.depth is not None and post.get("depth", 0) >= limit.depth:
                    self.cancel()
                elif limit.mate is not None and "score" in post:
                    if post["score"].relative >= Mate(limit.mate):
                        self.cancel()

            def end(self) -> None:
                if self.time_limit_handle:
                    self.time_limit_handle.cancel()
                self.set_finished()
                self.analysis.set_finished(BestMove(self.best_move, None))

            def cancel(self) -> None:
                if self.stopped:
                    return
                self.stopped = True
                protocol.send_line(".")
                protocol.send_line("exit")
                n = id(self) & 0xffff
                self.final_pong = f"pong {n}"
                protocol._ping(n)

            def engine_terminated(self, exc: Exception) -> None:
                LOGGER.debug("%s: Closing analysis because engine has been terminated (error: %s)", protocol, exc)
                if self.time_limit_handle:
                    self.time_limit_handle.cancel()
                self.analysis.set_exception(exc)

        return await self.communicate(XBoardAnalysisCommand)

    async def send_game_result(self, board: chess.Board, winner: Optional[Color] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        protocol = self

        class XBoardGameResultCommand(BaseCommand[None]):
            def start(self) -> None:
                if game_ending and any(c in game_ending for c in "{}\n\r"):
                    raise EngineError(f"invalid line break or curly braces in game ending message: {game_ending!r}")
                protocol._new(board, protocol.game, {})     # the game's last moves
                outcome = board.outcome(claim_draw=True)
                if not game_complete:
                    result, ending = "*", game_ending or ""
                elif winner is not None or game_ending:
                    result = "1-0" if winner == chess.WHITE else "0-1" if winner == chess.BLACK else "1/2-1/2"
                    ending = game_ending or ""
                elif outcome is not None and outcome.winner is not None:
                    result = outcome.result()
                    side = "White" if outcome.winner == chess.WHITE else "Black"
                    how = "mates" if outcome.termination == chess.Termination.CHECKMATE else "variant win"
                    ending = f"{side} {how}"
                elif outcome is not None:
                    result = outcome.result()
                    ending = outcome.termination.name.capitalize().replace("_", " ")
                else:
                    result, ending = "*", ""
                text = f"result {result} {{{ending}}}" if ending else f"result {result}"
                protocol.send_line(text)
                self.result.set_result(None)
                self.set_finished()

        return await self.communicate(XBoardGameResultCommand)

    async def quit(self) -> None:
        self.send_line("quit")
        await asyncio.shield(self.returncode)

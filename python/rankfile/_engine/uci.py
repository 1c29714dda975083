"""The Universal Chess Interface: :class:`UciProtocol` and the parsing of an engine's ``info``,
``bestmove`` and ``option`` lines. Positions and moves come from rankfile's boards (FEN, move
stack, UCI moves checked for legality by the library). Public as rankfile.engine."""
from __future__ import annotations

import asyncio
import copy
import re
import time
from typing import Any, Dict, Iterable, List, Optional, Tuple

import rankfile as chess

from .protocol import LOGGER, BaseCommand, Protocol, _chain_config, _ConfigureCommand, _next_token
from .scores import Cp, Mate, PovScore, PovWdl, Wdl
from .values import (INFO_ALL, INFO_CURRLINE, INFO_NONE, INFO_PV, INFO_REFUTATION, INFO_SCORE,
                     MANAGED_OPTIONS, AnalysisResult, BestMove, ConfigMapping, ConfigValue,
                     EngineError, Info, InfoDict, Limit, Opponent, Option, PlayResult,
                     UciOptionMap)

Color = bool

#: What a move in a UCI line looks like (anything else ends a line of moves).
UCI_REGEX = re.compile(r"^[a-h][1-8][a-h][1-8][pnbrqk]?|[PNBRQK]@[a-h][1-8]|0000\Z")

_INTEGER_FIELDS = frozenset(["depth", "seldepth", "nodes", "multipv", "currmovenumber",
                             "hashfull", "nps", "tbhits", "cpuload"])
_MAX_MULTIPV = 1024
_OPTION_WORDS = ("name", "type", "default", "min", "max", "var")
_OPTION_SPLIT = re.compile(r"\s*(" + "|".join(rf"\b{word}\b" for word in _OPTION_WORDS) + r")\s*")


def _create_variation_line(root_board: chess.Board, line: str) -> Tuple[List[chess.Move], str]:
    """The moves at the start of ``line`` played from ``root_board`` (each must be legal:
    ValueError otherwise), and the rest of the line."""
    board = root_board.copy(stack=False)
    moves: List[chess.Move] = []
    while True:
        token, rest = _next_token(line)
        if not UCI_REGEX.match(token):
            return moves, line
        moves.append(board.push_uci(token))
        line = rest


def _variation(root_board: chess.Board, words: List[str], i: int) -> Tuple[List[chess.Move], int]:
    """The moves among ``words`` from index ``i`` on, played from ``root_board`` (each must be
    legal: ValueError otherwise), and the index of the first word that is not a move."""
    board = root_board.copy(stack=False)
    moves: List[chess.Move] = []
    while i < len(words) and UCI_REGEX.match(words[i]):
        moves.append(board.push_uci(words[i]))
        i += 1
    return moves, i


def _parse_uci_info(arg: str, root_board: chess.Board, selector: Info = INFO_ALL) -> InfoDict:
    """The fields of an ``info`` line (without the word ``info``) seen from ``root_board``,
    those ``selector`` asks for. A field that does not parse is logged and left out, and the
    words it took are skipped (a line of moves with an illegal one: only its name)."""
    info: InfoDict = {}
    if not selector:
        return info
    selector = int(selector)
    words = arg.split()
    count = len(words)

    def word(j: int) -> str:
        return words[j] if j < count else ""

    i = 0
    while i < count:
        field = words[i]
        i += 1
        if field == "string":
            rest = arg.split(maxsplit=i)          # the line after the word, verbatim
            info["string"] = rest[i] if len(rest) > i else ""
            break
        try:
            if field in _INTEGER_FIELDS:
                i += 1
                number = int(word(i - 1))
                if field == "multipv" and not 1 <= number <= _MAX_MULTIPV:
                    # Which line it is: 1 and up (python-chess takes 0 as the last line, and a
                    # negative one or a huge one breaks its analysis).
                    raise ValueError(f"multipv {number} out of range")
                info[field] = number  # type: ignore[literal-required]
            elif field == "time":
                i += 1
                info["time"] = int(word(i - 1)) / 1000.0
            elif field == "ebf":
                i += 1
                info["ebf"] = float(word(i - 1))
            elif field == "score" and selector & INFO_SCORE:
                kind, value, bound = word(i), word(i + 1), word(i + 2)
                i += 2
                if bound in ("lowerbound", "upperbound"):
                    info[bound] = True  # type: ignore[literal-required]
                    i += 1
                if kind == "cp":
                    info["score"] = PovScore(Cp(int(value)), root_board.turn)
                elif kind == "mate":
                    info["score"] = PovScore(Mate(int(value)), root_board.turn)
                else:
                    LOGGER.error("Unknown score kind %r in info (expected cp or mate): %r", kind, arg)
            elif field == "currmove":
                i += 1
                info["currmove"] = chess.Move.from_uci(word(i - 1))
            elif field == "currline" and selector & INFO_CURRLINE:
                lines = info.setdefault("currline", {})
                i += 1
                number = int(word(i - 1))
                lines[number], i = _variation(root_board, words, i)
            elif field == "refutation" and selector & INFO_REFUTATION:
                refutations = info.setdefault("refutation", {})
                board = root_board.copy(stack=False)
                i += 1
                move = board.push_uci(word(i - 1))
                refutations[move], i = _variation(board, words, i)
            elif field == "pv" and selector & INFO_PV:
                info["pv"], i = _variation(root_board, words, i)
            elif field == "wdl":
                wins, draws, losses = word(i), word(i + 1), word(i + 2)
                i += 3
                info["wdl"] = PovWdl(Wdl(int(wins), int(draws), int(losses)), root_board.turn)
        except (ValueError, IndexError):
            LOGGER.error("Exception parsing %s from info: %r, position at root: %s",
                         field, arg, root_board.fen())
    return info


def _parse_uci_bestmove(board: chess.Board, args: str) -> BestMove:
    """The move (legal in ``board``, or an EngineError) and ponder move of a ``bestmove``
    line's arguments; ``(none)`` and ``NULL`` stand for no move."""
    tokens = args.split()
    move = ponder = None
    if tokens and tokens[0] not in ("(none)", "NULL"):
        try:
            move = board.push_uci(tokens[0].lower())     # some engines promote in capitals
        except ValueError as err:
            raise EngineError(err)
        try:
            if len(tokens) >= 3 and tokens[1] == "ponder" and tokens[2] not in ("(none)", "NULL"):
                ponder = board.parse_uci(tokens[2].lower())
        except ValueError:
            LOGGER.exception("Engine sent invalid ponder move")
        finally:
            board.pop()
    return BestMove(move, ponder)


def _parse_uci_option(arg: str) -> Option:
    """The option an ``option`` line declares (the words after ``option``)."""
    parts: Dict[str, str] = {word: "" for word in _OPTION_WORDS[:-1]}
    var: List[str] = []
    current = None
    for token in _OPTION_SPLIT.split(arg.strip()):
        if token == "var" or (token in parts and not parts[token]):
            current = token
        elif current == "var":
            var.append(token)
        elif current:
            parts[current] = token

    def bound(which: str) -> Optional[int]:
        try:
            return int(parts[which]) if parts[which] else None
        except ValueError:
            LOGGER.exception(f"Exception parsing option {which}")
            return None

    low, high = bound("min"), bound("max")
    undefaulted = Option(parts["name"], parts["type"], None, low, high, var)
    return Option(parts["name"], parts["type"], undefaulted.parse(parts["default"]), low, high, var)


def _go_command(limit: Limit, root_moves: Optional[Iterable[chess.Move]], ponder: bool,
                infinite: bool) -> str:
    words = ["go"]
    if ponder:
        words.append("ponder")
    if limit.white_clock is not None:
        words += ["wtime", str(max(1, round(limit.white_clock * 1000)))]
    if limit.black_clock is not None:
        words += ["btime", str(max(1, round(limit.black_clock * 1000)))]
    if limit.white_inc is not None:
        words += ["winc", str(round(limit.white_inc * 1000))]
    if limit.black_inc is not None:
        words += ["binc", str(round(limit.black_inc * 1000))]
    if limit.remaining_moves is not None and int(limit.remaining_moves) > 0:
        words += ["movestogo", str(int(limit.remaining_moves))]
    if limit.depth is not None:
        words += ["depth", str(max(1, int(limit.depth)))]
    if limit.nodes is not None:
        words += ["nodes", str(max(1, int(limit.nodes)))]
    if limit.mate is not None:
        words += ["mate", str(max(1, int(limit.mate)))]
    if limit.time is not None:
        words += ["movetime", str(max(1, round(limit.time * 1000)))]
    if infinite:
        words.append("infinite")
    if root_moves is not None:
        words.append("searchmoves")
        moves = [move.uci() for move in root_moves]
        words += moves if moves else ["0000"]     # "searchmoves" alone would mean all moves
    return " ".join(words)


class UciProtocol(Protocol):
    """The `Universal Chess Interface <https://www.chessprogramming.org/UCI>`_."""

    def __init__(self) -> None:
        super().__init__()
        self.options: UciOptionMap[Option] = UciOptionMap()
        self.config: UciOptionMap[ConfigValue] = UciOptionMap()         # what the engine has
        self.target_config: UciOptionMap[ConfigValue] = UciOptionMap()  # what it should have
        self.id = {}
        self.board = chess.Board()
        self.game: object = None
        self.first_game = True
        self.may_ponderhit: Optional[chess.Board] = None
        self.ponderhit = False

    # ---- the commands' building blocks ---------------------------------------------------

    def _isready(self) -> None:
        self.send_line("isready")

    def _opponent_info(self) -> None:
        opponent = self.config.get("UCI_Opponent") or self.target_config.get("UCI_Opponent")
        if opponent:
            self.send_line(f"setoption name UCI_Opponent value {opponent}")

    def _ucinewgame(self) -> None:
        self.send_line("ucinewgame")
        self._opponent_info()
        self.first_game = False
        self.ponderhit = False

    def debug(self, on: bool = True) -> None:
        """Turns the engine's debug mode on or off (alongside whatever runs)."""
        self.send_line("debug on" if on else "debug off")

    def _changed_options(self, options: ConfigMapping) -> bool:
        return any(value is None or value != self.config.get(name)
                   for name, value in _chain_config(options, self.target_config))

    def _setoption(self, name: str, value: ConfigValue) -> None:
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError(f"engine does not support option {name} (available options: {', '.join(self.options)})")
        value = option.parse(value)
        if value is not None and value == self.config.get(name):
            return
        words = ["setoption name", name]
        if value is False:
            words.append("value false")
        elif value is True:
            words.append("value true")
        elif value is not None:
            words += ["value", str(value)]
        if name != "UCI_Opponent":          # that one goes after ucinewgame
            self.send_line(" ".join(words))
        self.config[name] = value

    def _set_analyse_mode(self, value: bool, options: ConfigMapping) -> None:
        """UCI_AnalyseMode as a command wants it, unless the caller chose it (in the engine's
        configuration or the command's ``options``)."""
        if ("UCI_AnalyseMode" in self.options and "UCI_AnalyseMode" not in self.target_config
                and all(name.lower() != "uci_analysemode" for name in options)):
            self._setoption("UCI_AnalyseMode", value)

    def _start_game(self, command: Any, game: object, new: bool = False) -> None:
        """Before ``command`` searches: ``ucinewgame`` and ``isready`` when ``game`` is another
        game (or ``new``), the command then waiting for ``readyok``; else it goes on at once."""
        if self.first_game or self.game != game or new:
            self.game = game
            self._ucinewgame()
            command.sent_isready = True
            self._isready()
        else:
            command._readyok()

    def _configure(self, options: ConfigMapping) -> None:
        config = self.config
        if options:
            pairs: Iterable[Tuple[str, ConfigValue]] = _chain_config(options, self.target_config)
        else:
            pairs = self.target_config._store.values()
        for name, value in pairs:
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
            # Most calls repeat the options the engine already has: a value equal to the
            # engine's (parsed before) parses to it again, and nothing would be sent.
            if value is not None and value == config.get(name):
                continue
            self._setoption(name, value)

    def _opponent_configuration(self, *, opponent: Optional[Opponent] = None) -> ConfigMapping:
        if not (opponent and opponent.name and "UCI_Opponent" in self.options):
            return {}
        kind = "computer" if opponent.is_engine else "human"
        return {"UCI_Opponent": f"{opponent.title or 'none'} {opponent.rating or 'none'} {kind} {opponent.name}"}

    def _position(self, board: chess.Board) -> None:
        variant = type(board).uci_variant
        if "UCI_Variant" in self.options:
            self._setoption("UCI_Variant", variant)
        elif variant != "chess":
            raise EngineError("engine does not support UCI_Variant")
        if "UCI_Chess960" in self.options:
            self._setoption("UCI_Chess960", board.chess960)
        elif board.chess960:
            raise EngineError("engine does not support UCI_Chess960")

        stack = board.move_stack
        with_history = all(stack)               # a null move cannot be sent
        root = board.root() if with_history else board
        fen = root.fen(shredder=board.chess960, en_passant="fen")
        words = ["position"]
        if variant == "chess" and fen == chess.STARTING_FEN:
            words.append("startpos")
        else:
            words += ["fen", fen]
        if not with_history:
            LOGGER.warning("Not transmitting history with null moves to UCI engine")
        elif stack:
            words.append("moves")
            words += [move.uci() for move in stack]
        self.send_line(" ".join(words))
        self.board = board.copy(stack=False)

    def _go(self, limit: Limit, *, root_moves: Optional[Iterable[chess.Move]] = None,
            ponder: bool = False, infinite: bool = False) -> None:
        self.send_line(_go_command(limit, root_moves, ponder, infinite))

    # ---- the commands ----------------------------------------------------------------------

    async def initialize(self) -> None:
        class UciInitializeCommand(BaseCommand[None]):
            def check_initialized(self) -> None:
                if self._engine.initialized:
                    raise EngineError("engine already initialized")

            def start(self) -> None:
                self._engine.send_line("uci")

            def line_received(self, line: str) -> None:
                engine = self._engine
                token, rest = _next_token(line)
                if line.strip() == "uciok" and not self.result.done():
                    engine.initialized = True
                    self.result.set_result(None)
                    self.set_finished()
                elif token == "option":
                    option = _parse_uci_option(rest)
                    engine.options[option.name] = option
                    if option.default is not None:
                        engine.config[option.name] = option.default
                        if not option.is_managed() and option.name.lower() != "uci_analysemode":
                            engine.target_config[option.name] = option.default
                elif token == "id":
                    key, value = _next_token(rest)
                    engine.id[key] = value.strip()

        return await self.communicate(UciInitializeCommand)

    async def ping(self) -> None:
        class UciPingCommand(BaseCommand[None]):
            def start(self) -> None:
                self._engine._isready()

            def line_received(self, line: str) -> None:
                if line.strip() == "readyok":
                    self.result.set_result(None)
                    self.set_finished()
                else:
                    LOGGER.warning("%s: Unexpected engine output: %r", self._engine, line)

        return await self.communicate(UciPingCommand)

    async def configure(self, options: ConfigMapping) -> None:
        return await self.communicate(lambda engine: _ConfigureCommand(engine, options))

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        return await self.configure(self._opponent_configuration(opponent=opponent))

    async def play(self, board: chess.Board, limit: Limit, *, game: object = None,
                   info: Info = INFO_NONE, ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[chess.Move]] = None,
                   options: ConfigMapping = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        new_options: Dict[str, ConfigValue] = dict(options)
        new_options.update(self._opponent_configuration(opponent=opponent))
        protocol = self

        class UciPlayCommand(BaseCommand[PlayResult]):
            def __init__(self, engine: UciProtocol) -> None:
                super().__init__(engine)
                # A ponderhit is possible only in the same game with the same options.
                engine.may_ponderhit = (board if ponder and not engine.first_game and game == engine.game
                                        and not engine._changed_options(new_options) else None)

            def start(self) -> None:
                engine = protocol
                self.info: InfoDict = {}
                self.pondering: Optional[chess.Board] = None
                self.sent_isready = False
                self.start_time = time.perf_counter()
                if engine.ponderhit:
                    engine.ponderhit = False
                    engine.send_line("ponderhit")
                    return
                engine._set_analyse_mode(False, new_options)
                if "Ponder" in engine.options:
                    engine._setoption("Ponder", ponder)
                if "MultiPV" in engine.options:
                    engine._setoption("MultiPV", engine.options["MultiPV"].default)
                opponent_now = new_options.get("UCI_Opponent") or engine.target_config.get("UCI_Opponent")
                opponent_changed = opponent_now != engine.config.get("UCI_Opponent")
                engine._configure(new_options)
                engine._start_game(self, game, opponent_changed)

            def line_received(self, line: str) -> None:
                token, rest = _next_token(line)
                if token == "info":
                    if not self.pondering:
                        self.info.update(_parse_uci_info(rest, protocol.board, info))
                elif token == "bestmove":
                    self._bestmove(rest)
                elif line.strip() == "readyok" and self.sent_isready:
                    self._readyok()
                else:
                    LOGGER.warning("%s: Unexpected engine output: %r", protocol, line)

            def _readyok(self) -> None:
                self.sent_isready = False
                protocol._position(board)
                protocol._go(limit, root_moves=root_moves)

            def _bestmove(self, arg: str) -> None:
                if self.pondering:
                    self.pondering = None
                elif not self.result.cancelled():
                    best = _parse_uci_bestmove(protocol.board, arg)
                    self.result.set_result(PlayResult(best.move, best.ponder, self.info))
                    if ponder and best.move and best.ponder:
                        self._ponder(best.move, best.ponder)
                if not self.pondering:
                    self.end()

            def _ponder(self, move: chess.Move, reply: chess.Move) -> None:
                self.pondering = board.copy()
                self.pondering.push(move)
                self.pondering.push(reply)
                protocol._position(self.pondering)
                # The clocks as they will be when the expected reply has been played.
                used = time.perf_counter() - self.start_time
                ponder_limit = copy.copy(limit)
                if ponder_limit.white_clock is not None:
                    ponder_limit.white_clock += ponder_limit.white_inc or 0.0
                    if self.pondering.turn == chess.WHITE:
                        ponder_limit.white_clock -= used
                if ponder_limit.black_clock is not None:
                    ponder_limit.black_clock += ponder_limit.black_inc or 0.0
                    if self.pondering.turn == chess.BLACK:
                        ponder_limit.black_clock -= used
                if ponder_limit.remaining_moves:
                    ponder_limit.remaining_moves -= 1
                protocol._go(ponder_limit, ponder=True)

            def end(self) -> None:
                protocol.may_ponderhit = None
                self.set_finished()

            def cancel(self) -> None:
                hit = protocol.may_ponderhit
                if (hit and self.pondering and hit.move_stack == self.pondering.move_stack
                        and hit == self.pondering):
                    protocol.ponderhit = True
                    self.end()
                else:
                    protocol.send_line("stop")

            def engine_terminated(self, exc: Exception) -> None:
                if not self.result.done():          # an engine may die while pondering
                    super().engine_terminated(exc)

        return await self.communicate(UciPlayCommand)

    async def analysis(self, board: chess.Board, limit: Optional[Limit] = None, *,
                       multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                       root_moves: Optional[Iterable[chess.Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        return await self.communicate(lambda engine: _UciAnalysisCommand(
            engine, board, limit, multipv, game, info, root_moves, options))

    async def send_game_result(self, board: chess.Board, winner: Optional[Color] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        pass

    async def quit(self) -> None:
        self.send_line("quit")
        await asyncio.shield(self.returncode)


class _UciAnalysisCommand(BaseCommand[AnalysisResult]):
    """UciProtocol.analysis(): set the options, a new game if it is one, the position, go;
    the handle is the result at once, the best move ends it."""

    def __init__(self, engine: UciProtocol, board: chess.Board, limit: Optional[Limit],
                 multipv: Optional[int], game: object, info: Info,
                 root_moves: Optional[Iterable[chess.Move]], options: ConfigMapping) -> None:
        super().__init__(engine)
        self.engine = engine
        self.board = board
        self.limit = limit
        self.multipv = multipv
        self.game = game
        self.info = info
        self.root_moves = root_moves
        self.options = options

    def start(self) -> None:
        engine, multipv, options = self.engine, self.multipv, self.options
        self.analysis = AnalysisResult(stop=lambda: self.cancel())
        self.sent_isready = False
        if "Ponder" in engine.options:
            engine._setoption("Ponder", False)
        engine._set_analyse_mode(True, options)
        if "MultiPV" in engine.options or (multipv and multipv > 1):
            engine._setoption("MultiPV", 1 if multipv is None else multipv)
        engine._configure(options)
        engine._start_game(self, self.game)

    def line_received(self, line: str) -> None:
        token, rest = _next_token(line)
        if token == "info":
            self.analysis.post(_parse_uci_info(rest, self.engine.board, self.info))
        elif token == "bestmove":
            if not self.result.done():
                raise EngineError("was not searching, but engine sent bestmove")
            try:
                best = _parse_uci_bestmove(self.engine.board, rest)
            except EngineError as err:
                # The handle has been returned: it ends with the error (python-chess leaves
                # it waiting for ever).
                self.analysis.set_exception(err)
                raise
            self.set_finished()
            self.analysis.set_finished(best)
        elif line.strip() == "readyok" and self.sent_isready:
            self._readyok()
        else:
            LOGGER.warning("%s: Unexpected engine output: %r", self.engine, line)

    def _readyok(self) -> None:
        self.sent_isready = False
        self.engine._position(self.board)
        if self.limit:
            self.engine._go(self.limit, root_moves=self.root_moves)
        else:
            self.engine._go(Limit(), root_moves=self.root_moves, infinite=True)
        self.result.set_result(self.analysis)

    def cancel(self) -> None:
        self.engine.send_line("stop")

    def engine_terminated(self, exc: Exception) -> None:
        LOGGER.debug("%s: Closing analysis because engine has been terminated (error: %s)", self.engine, exc)
        self.analysis.set_exception(exc)

"""python-chess's ``chess.engine``, on rankfile's boards: talking to UCI and XBoard chess engines.

The names, signatures and meanings of python-chess 1.11.2's module:

- the blocking :class:`SimpleEngine` (``popen_uci``, ``popen_xboard``, ``analyse``,
  ``analysis``, ``play``, ``configure``, ``ping``, ``quit``, ``close``, ``options``, ``id``,
  ``timeout``; a context manager) and :class:`SimpleAnalysisResult`;
- the asyncio :class:`Protocol`, :class:`UciProtocol` and :class:`XBoardProtocol`, started
  by the coroutines :func:`popen_uci` and :func:`popen_xboard`; :class:`MockTransport`, a
  scripted engine for tests; :func:`run_in_background`;
- :class:`Limit`, :class:`InfoDict` and the :class:`Info` flags (``INFO_*``),
  :class:`AnalysisResult`, :class:`PlayResult`, :class:`BestMove`, :class:`Option`,
  :class:`UciOptionMap`, :class:`Opponent`; :exc:`EngineError`,
  :exc:`EngineTerminatedError`, :exc:`AnalysisComplete`;
- the scores: :class:`Score`, :class:`Cp`, :class:`Mate`, :data:`MateGiven`,
  :class:`PovScore`, :class:`Wdl`, :class:`PovWdl` and the WDL models (``WdlModel``).

Positions go to the engine as the board's FEN and move stack (``UCI_Variant`` and
``UCI_Chess960`` set from the board: rankfile.variant's boards and Chess960 work), and the
engine's moves are checked by rankfile's library as they are read.

The differences from python-chess: :class:`SimpleEngine` drives the engine's event loop on the
calling thread rather than on a thread of its own (the same protocol code and exchanges, about
2.5x less time per call; see rankfile._engine.simple), a line sent to an engine that holds a
line break (a second command) is an :exc:`EngineError` wherever it comes from
(python-chess checks string options, opponent names and game endings, and writes anything else),
and what python-chess leaves waiting for ever ends with an EngineError (an illegal best move
after an analysis started; a line a command fails to handle). docs/python.md lists them all.

>>> from rankfile.engine import Cp, Mate, MateGiven, PovScore
>>> sorted([Cp(30), Mate(-2), MateGiven, Mate(3), Cp(-400)])
[Mate(-2), Cp(-400), Cp(+30), Mate(+3), MateGiven]
>>> PovScore(Cp(-35), False).white()
Cp(+35)
>>> Cp(100).wdl(model="sf16", ply=40)
Wdl(wins=530, draws=470, losses=0)
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable, List, Tuple, Type, TypeVar, Union

from rankfile import Color

from rankfile._engine.protocol import (LOGGER, BaseCommand, CommandState, MockTransport, Protocol,
                                       ProtocolT, _chain_config, _next_token)
from rankfile._engine.scores import (Cp, Mate, MateGiven, MateGivenType, PovScore, PovWdl, Score,
                                     Wdl, WdlModel)
from rankfile._engine.simple import SimpleAnalysisResult, SimpleEngine
from rankfile._engine.uci import (UCI_REGEX, UciProtocol, _create_variation_line, _parse_uci_bestmove,
                                  _parse_uci_info, _parse_uci_option)
from rankfile._engine.values import (INFO_ALL, INFO_BASIC, INFO_CURRLINE, INFO_NONE, INFO_PV,
                                     INFO_REFUTATION, INFO_SCORE, MANAGED_OPTIONS, AnalysisComplete,
                                     AnalysisResult, BestMove, ConfigMapping, ConfigValue,
                                     EngineError, EngineTerminatedError, EventLoopPolicy, Info,
                                     InfoDict, Limit, Opponent, Option, PlayResult, UciOptionMap,
                                     run_in_background)
from rankfile._engine.xboard import (XBOARD_ERROR_REGEX, XBoardProtocol, _parse_xboard_option,
                                     _parse_xboard_post)

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


def override(fn: F, /) -> F:
    """Marks a method as overriding its base class's (typing.override before Python 3.12; it
    changes nothing at run time)."""
    return fn


__all__ = [
    # typing helpers python-chess's module has
    "Color", "T", "F", "override",
    # scores
    "Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl", "WdlModel",
    # values
    "EngineError", "EngineTerminatedError", "AnalysisComplete", "Option", "Limit", "InfoDict",
    "PlayResult", "Info", "INFO_NONE", "INFO_BASIC", "INFO_SCORE", "INFO_PV", "INFO_REFUTATION",
    "INFO_CURRLINE", "INFO_ALL", "Opponent", "BestMove", "UciOptionMap", "AnalysisResult",
    "ConfigValue", "ConfigMapping", "MANAGED_OPTIONS", "EventLoopPolicy", "run_in_background",
    # protocols
    "MockTransport", "Protocol", "ProtocolT", "CommandState", "BaseCommand", "UciProtocol",
    "UCI_REGEX", "XBoardProtocol", "XBOARD_ERROR_REGEX", "LOGGER", "popen_uci", "popen_xboard",
    # blocking
    "SimpleEngine", "SimpleAnalysisResult",
]


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts and initializes a UCI engine (``command``: its path, or a list of the path and
    its arguments; ``setpgrp``: in a process group of its own; ``popen_args`` for
    subprocess, not stdin, stdout, bufsize or universal_newlines). Returns the transport and
    the protocol; the transport is closed if the engine does not initialize."""
    return await _popen_initialized(UciProtocol, command, setpgrp=setpgrp, **popen_args)


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False,
                       **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, XBoardProtocol]:
    """:func:`popen_uci` for an XBoard engine."""
    return await _popen_initialized(XBoardProtocol, command, setpgrp=setpgrp, **popen_args)


async def _popen_initialized(protocol_class: Type[ProtocolT], command: Union[str, List[str]], *,
                             setpgrp: bool, **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, ProtocolT]:
    """Starts an engine of ``protocol_class`` and initializes it; the transport is closed if it
    does not initialize."""
    transport, protocol = await protocol_class.popen(command, setpgrp=setpgrp, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()
        raise
    return transport, protocol


# The classes say they are rankfile.engine's (reprs, pickles, documentation).
for _name in __all__:
    _value = globals()[_name]
    if isinstance(_value, type) and _value.__module__.startswith("rankfile._engine."):
        _value.__module__ = __name__
del _name, _value

"""rankfile.dask: PGN files as a Dask DataFrame, read by rankfile's C reader on a Dask cluster,
and their positions evaluated by UCI engines on every worker.

:func:`read_pgn` makes one partition per file, or, with ``blocksize``, one per byte range of a
plain (not compressed) file; each partition is read by :func:`rankfile.pgn.read_table` where
Dask runs it (a worker process of a ``distributed.Client``: on this machine, or on many), and
the result equals ``read_table`` on each file in turn, row for row.

:func:`analyse` is ``rankfile analyse`` on a cluster: one partition per file, each evaluated
by its worker's own engine processes (the C library's engine pool), one row per position.

Needs ``dask[dataframe]`` (and ``distributed`` for a cluster): ``python3 -m pip install
"dask[dataframe]" distributed``.
"""
from __future__ import annotations

import glob
import os
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from rankfile import pgn as _pgn

__all__ = ["read_pgn", "analyse"]

_MAGIC = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd")  # gzip, zstd


def _files(paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]) -> List[str]:
    """The files named: paths, or glob patterns, each expanded in sorted order."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: List[str] = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise TypeError(f"paths: file names or glob patterns, not {type(p).__name__}")
        p = os.fspath(p)
        found = sorted(glob.glob(p)) if glob.has_magic(p) else [p]
        if not found:
            raise FileNotFoundError(f"no file matches {p!r}")
        out += found
    for f in out:
        if not os.path.isfile(f):
            raise FileNotFoundError(f"{f}: no such file")
    return out


def _plain(path: str) -> bool:
    with open(path, "rb") as f:
        head = f.read(4)
    return not any(head.startswith(m) for m in _MAGIC)


def _ranges(path: str, blocksize: Optional[int]) -> List[Optional[Tuple[int, int]]]:
    """The byte ranges of a file's partitions; [None]: the whole file at once."""
    if not blocksize or not _plain(path):
        return [None]
    size = os.path.getsize(path)
    if size <= blocksize:
        return [None]
    return [(a, min(a + blocksize, size)) for a in range(0, size, blocksize)]


def _newlines(path: str, first: int, end: int) -> int:
    """The line ends in bytes [first, end) of a file."""
    n = 0
    with open(path, "rb") as f:
        f.seek(first)
        left = end - first
        while left > 0:
            block = f.read(min(left, 1 << 20))
            if not block:
                break
            n += block.count(b"\n")
            left -= len(block)
    return n


def _read_part(path: str, byte_range: Optional[Tuple[int, int]], columns: List[str],
               variant: Optional[str], encoding: str, threads: int) -> Tuple[Any, int, int]:
    """One partition: its games as a pandas DataFrame, their number, and the lines of its bytes
    (to renumber the next partitions of the file)."""
    table = _pgn.read_table(path, columns=columns, variant=variant, encoding=encoding, threads=threads,
                            byte_range=byte_range)
    frame = table.to_pandas()[columns]  # the tags in every partition's order
    lines = 0
    if byte_range is not None:
        reader = _pgn._open(path, columns, variant, encoding, byte_range)
        first, end = reader.span()
        reader.close()
        lines = _newlines(path, first, end)
    return frame, len(table), lines


_WHERE = re.compile(r"^game (\d+) \(line (\d+)")


def _renumber(part: Tuple[Any, int, int], before: Sequence[Tuple[int, int]]) -> Any:
    """A byte range's DataFrame with its games numbered, and its lines counted, from the file's
    start: `before` holds (games, lines) of the file's earlier ranges."""
    frame = part[0]
    games = sum(g for g, _ in before)
    lines = sum(n for _, n in before)
    if not before or frame.empty:
        return frame
    frame = frame.copy()
    if "index" in frame:
        frame["index"] = frame["index"] + games
    if "error_line" in frame:
        frame["error_line"] = frame["error_line"].where(frame["error_line"] == 0, frame["error_line"] + lines)

    def where(text: str) -> str:
        return _WHERE.sub(lambda m: f"game {int(m.group(1)) + games} (line {int(m.group(2)) + lines}", text)

    for name in ("error", "warning"):
        if name in frame:
            frame[name] = frame[name].map(where)
    return frame


def _counts(part: Tuple[Any, int, int]) -> Tuple[int, int]:
    return part[1], part[2]


def _columns(first: str, columns: Optional[Sequence[str]], variant: Optional[str], encoding: str) -> List[str]:
    """Every partition's columns, in read_table's order for the first file's first 1,000 games:
    `columns`, or the fixed columns and those games' tags, then the Seven Tag Roster's others."""
    if isinstance(columns, str):
        raise TypeError("columns: a list of column names, not one string")
    reader = _pgn._open(first, columns, variant, encoding)
    try:
        data = reader.next(1000)
    finally:
        reader.close()
    return _pgn._order(data, columns, roster=columns is None)


def read_pgn(paths: Any, *, columns: Optional[Sequence[str]] = None, blocksize: Optional[int] = None,
             variant: Optional[str] = None, encoding: str = "auto", threads: int = 1) -> Any:
    """The games of PGN files as a ``dask.dataframe.DataFrame`` with :func:`rankfile.pgn.read_table`'s
    columns, computed where Dask runs its tasks (``distributed.Client(...)`` for a cluster).

    ``paths``: a file, a glob pattern (``"lichess_*.pgn.zst"``) or a list of them. Each file is a
    partition; with ``blocksize`` (bytes), a plain file larger than that is cut into partitions of
    about ``blocksize`` bytes, read as ``read_table(..., byte_range=...)`` reads them (each game
    once: the ranges meet at game boundaries), and their ``index``, ``error_line`` and the numbers
    in ``error`` and ``warning`` are renumbered from the file's start, so that the rows equal
    ``read_table``'s on the whole file (for a UTF-8 file: one read as Latin-1 may differ where a
    range's text turns to Latin-1). Compressed files (``.pgn.gz``, ``.pgn.zst``) are one partition
    each.

    ``columns``: as ``read_table``'s; without it, the fixed columns and the tags of the first
    file's first 1,000 games, then those of the Seven Tag Roster they lack (a partition's game
    without a tag has ""; a tag first met later is no column: name it). ``variant`` and
    ``encoding``: as ``read_table``'s. ``threads``: the threads of each partition's reading
    (default 1: Dask runs partitions side by side).

    Raises ImportError without dask, FileNotFoundError for a path that names no file.
    """
    try:
        import dask
        import dask.dataframe as dd
    except ImportError as e:
        raise ImportError('rankfile.dask needs dask: python3 -m pip install "dask[dataframe]" distributed') from e
    if blocksize is not None and (isinstance(blocksize, bool) or not isinstance(blocksize, int) or blocksize < 1):
        raise ValueError(f"blocksize: a number of bytes, 1 or more, or None, not {blocksize!r}")
    files = _files(paths)
    order = _columns(files[0], columns, variant, encoding)
    import pandas
    # The columns' dtypes from the column table (an empty table's columns would otherwise be
    # float64 for text, and Parquet, .str and dtypes would go wrong).
    meta = pandas.DataFrame({name: pandas.Series([], dtype=dtype) for name, dtype in _pgn.pandas_dtypes(order).items()},
                            columns=order)
    parts: List[Any] = []
    for path in files:
        counts: List[Any] = []
        for rng in _ranges(path, blocksize):
            part = dask.delayed(_read_part)(path, rng, order, variant, encoding, threads)
            parts.append(dask.delayed(_renumber)(part, list(counts)))
            counts.append(dask.delayed(_counts)(part))
    return dd.from_delayed(parts, meta=meta, verify_meta=False)


# ---- analyse: rankfile analyse's rows, a partition per file -----------------------------------

#: The pandas dtypes of :func:`analyse`'s columns, by name; the names and their order are the C
#: library's (``rankfile analyse --format tsv``'s, ``_rankfile.analyse_columns``): a column this
#: does not name is text. ``multipv`` is shown only when more than one line is asked for.
ANALYSE_DTYPES = {"game": "int64", "ply": "int64", "multipv": "int64", "eval_cp": "Int64", "mate": "Int64",
                  "depth": "Int64", "nodes": "Int64", "time_ms": "Int64"}


# rankfile's exit statuses (app/app.h) as the exceptions analyse raises.
_USAGE, _DATAERR, _NOINPUT, _UNAVAILABLE = 64, 65, 66, 69


def _engine_command(engine: Any) -> List[str]:
    if isinstance(engine, (str, os.PathLike)):
        return [os.fspath(engine)]
    if isinstance(engine, (list, tuple)) and engine and all(isinstance(a, (str, os.PathLike)) for a in engine):
        return [os.fspath(a) for a in engine]
    raise TypeError(f"engine: a program's path, or a list of the program and its arguments, not {engine!r}")


def _option_text(name: Any, value: Any) -> str:
    if not isinstance(name, str):
        raise TypeError(f"options: names are str, not {name!r}")
    if value is None:
        return name  # a button
    if isinstance(value, bool):
        value = "true" if value else "false"
    return f"{name}={value}"


def _limit(limit: Any) -> Tuple[int, int, int]:
    """(depth, nodes, movetime in ms) of a rankfile.engine.Limit (or any object with ``depth``,
    ``nodes`` and ``time`` in seconds); at least one must be given."""
    depth = getattr(limit, "depth", None)
    nodes = getattr(limit, "nodes", None)
    time = getattr(limit, "time", None)
    if depth is None and nodes is None and time is None:
        raise ValueError("limit: give depth, nodes or time (rankfile.engine.Limit(nodes=100000))")
    for name, v in (("depth", depth), ("nodes", nodes)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
            raise ValueError(f"limit.{name}: a whole number, 1 or more, not {v!r}")
    if time is not None and (isinstance(time, bool) or not isinstance(time, (int, float)) or time <= 0):
        raise ValueError(f"limit.time: seconds, more than 0, not {time!r}")
    return depth or 0, nodes or 0, int(round(time * 1000)) if time is not None else 0


def _analyse_frame(columns: Sequence[str], values: Optional[Sequence[List[Any]]], multipv: int) -> Any:
    import pandas
    data = {}
    for name, column in zip(columns, values or [[] for _ in columns]):
        if name == "multipv" and multipv == 1:
            continue
        data[name] = pandas.Series(column, dtype=ANALYSE_DTYPES.get(name, "object"))
    return pandas.DataFrame(data)


def _analyse_part(path: str, command: List[str], limit: Tuple[int, int, int], multipv: int, hash_mb: int,
                  options: List[str], engines: int, from_ply: int, every: int, variant: str, chess960: bool,
                  timeout: float) -> Any:
    """One file's rows as a pandas DataFrame, its games numbered from 1, and its number of games."""
    from rankfile import _rankfile
    status, message, games, columns, values = _rankfile.analyse(path, command, limit[0], limit[1], limit[2], multipv,
                                                         hash_mb, options, engines, from_ply, every, variant,
                                                         chess960, timeout)
    if status != 0:
        if status == _UNAVAILABLE:
            from rankfile.engine import EngineError
            raise EngineError(message)
        if status == _NOINPUT:
            raise OSError(message)
        if status in (_USAGE, _DATAERR):
            raise ValueError(message)
        raise RuntimeError(f"{path}: {message} (status {status})")
    return _analyse_frame(columns, values, multipv), games


def _analyse_renumber(part: Tuple[Any, int], before: Sequence[int]) -> Any:
    """A file's rows with its games numbered after those of the files before it."""
    frame = part[0]
    games = sum(before)
    if not games or frame.empty:
        return frame
    frame = frame.copy()
    frame["game"] = frame["game"] + games
    return frame


def _analyse_games(part: Tuple[Any, int]) -> int:
    return part[1]


def analyse(paths: Any, *, engine: Any, limit: Any, engines: int = 1, multipv: int = 1,
            options: Optional[Dict[str, Any]] = None, hash: int = 16, from_ply: int = 0, every: int = 1,
            variant: Optional[str] = None, chess960: bool = False, timeout: float = 60.0) -> Any:
    """Every position of the games of PGN files (or of files of FEN lines) evaluated by a UCI
    engine, as a ``dask.dataframe.DataFrame`` with one row per position (per line with
    ``multipv``): the columns and values of ``rankfile analyse --format tsv``: ``game`` (from 1, across the files in order), ``ply`` (0: the
    start), ``fen``, ``move`` (the game's move from there, UCI; "" after the last), ``eval_cp``
    and ``mate`` (from White's point of view; <NA> when the engine gave none), ``best``, ``pv``
    (UCI), ``depth``, ``nodes``, ``time_ms``, ``error`` (None, or why the position has no answer);
    :data:`ANALYSE_DTYPES` their types.

    Each file is a partition, computed where Dask runs it: the worker starts ``engines`` processes
    of ``engine`` (a path, or a list of the program and its arguments) and evaluates the file's
    positions in order, each after ``ucinewgame`` with one engine thread, so that at a fixed
    ``nodes`` limit the answers do not depend on the worker or the engine that gave them.
    ``limit``: a :class:`rankfile.engine.Limit` with ``depth``, ``nodes`` or ``time`` (seconds).
    ``options``: UCI options ``{name: value}``; ``hash``: MB per engine; ``from_ply``, ``every``:
    the plies analysed (``--from-ply``, ``--every``); ``variant``/``chess960``: the rules of FEN
    lines (PGN games say theirs in tags); ``timeout``: seconds of silence after which an engine is
    thought hung, killed and restarted (the position tried once more).

    Raises :class:`rankfile.engine.EngineError` when the engine cannot be run or is no UCI engine,
    ValueError for an option the engine refuses or a bad limit, FileNotFoundError for a path that
    names no file, ImportError without dask.
    """
    try:
        import dask
        import dask.dataframe as dd
    except ImportError as e:
        raise ImportError('rankfile.dask needs dask: python3 -m pip install "dask[dataframe]" distributed') from e
    command = _engine_command(engine)
    lim = _limit(limit)
    for name, v, low in (("engines", engines, 1), ("multipv", multipv, 1), ("hash", hash, 1),
                         ("from_ply", from_ply, 0), ("every", every, 1)):
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            raise ValueError(f"{name}: a whole number, {low} or more, not {v!r}")
    if multipv > 16:
        raise ValueError(f"multipv: at most 16, not {multipv}")
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0:
        raise ValueError(f"timeout: seconds, more than 0, not {timeout!r}")
    option_texts = [_option_text(k, v) for k, v in (options or {}).items()]
    variant_name = "chess960" if chess960 and variant is None else (variant or "standard")
    files = _files(paths)
    from rankfile import _rankfile
    meta = _analyse_frame(_rankfile.analyse_columns, None, multipv)
    parts: List[Any] = []
    counts: List[Any] = []
    for path in files:
        part = dask.delayed(_analyse_part)(path, command, lim, multipv, hash, option_texts, engines, from_ply,
                                           every, variant_name, bool(chess960), float(timeout))
        parts.append(dask.delayed(_analyse_renumber)(part, list(counts)))
        counts.append(dask.delayed(_analyse_games)(part))
    return dd.from_delayed(parts, meta=meta, verify_meta=False)

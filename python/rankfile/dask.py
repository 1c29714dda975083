"""rankfile.dask: PGN files as a Dask DataFrame, read by rankfile's C reader on a Dask cluster.

:func:`read_pgn` makes one partition per file, or, with ``blocksize``, one per byte range of a
plain (not compressed) file; each partition is read by :func:`rankfile.pgn.read_table` where
Dask runs it (a worker process of a ``distributed.Client``: on this machine, or on many), and
the result equals ``read_table`` on each file in turn, row for row.

Needs ``dask[dataframe]`` (and ``distributed`` for a cluster): ``python3 -m pip install
"dask[dataframe]" distributed``.
"""
from __future__ import annotations

import glob
import os
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from rankfile import pgn as _pgn

__all__ = ["read_pgn"]

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
    meta = _pgn.read_table(b"", columns=order, threads=1).to_pandas()[order]
    parts: List[Any] = []
    for path in files:
        counts: List[Any] = []
        for rng in _ranges(path, blocksize):
            part = dask.delayed(_read_part)(path, rng, order, variant, encoding, threads)
            parts.append(dask.delayed(_renumber)(part, list(counts)))
            counts.append(dask.delayed(_counts)(part))
    return dd.from_delayed(parts, meta=meta, verify_meta=False)

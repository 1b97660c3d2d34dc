"""Reading logged records: which files an input names, the records they hold in a fixed
order (each with its global position ``seq``, its file and line), and shards of them.

JSON Lines (``.jsonl``, ``.ndjson``) is read line by line with no dependency; each
non-blank line is one record, handed on as raw bytes, so a line that is not UTF-8 or
not JSON becomes a reject of its own instead of stopping the read. A ``.json`` file
holds one record (an object) or a list of them. Parquet (``.parquet``, with the
``audit`` extra) is read in row batches, only the columns the mapping names. The local
engine streams :func:`iter_records`; the Ray engine ships :func:`plan_shards` to its
workers, which read their shard with :func:`read_shard`: both see the same records at
the same positions.
"""

from __future__ import annotations

import glob
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

__all__ = [
    "EXTENSIONS",
    "RawRecord",
    "Shard",
    "Source",
    "count_records",
    "find_inputs",
    "iter_records",
    "plan_shards",
    "read_shard",
]

#: File name endings read as input, and the reader of each.
EXTENSIONS: Final = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json", ".parquet": "parquet"}
_BATCH: Final = 1024  # Parquet rows read at a time


@dataclass(frozen=True)
class Source:
    """One input file and how it reads."""

    path: str
    kind: str


@dataclass(frozen=True)
class RawRecord:
    """One record as read: ``payload`` is a JSONL line's bytes, a Parquet row or a JSON
    item; ``error`` (code, message) when the file itself could not be read."""

    seq: int
    file: str
    line: int
    payload: Any = None
    error: tuple[str, str] | None = None


@dataclass(frozen=True)
class Shard:
    """A run of consecutive records of one file: ``start``/``stop`` are byte offsets
    (JSONL) or the row group (Parquet, ``start`` only); ``first`` is the line or row
    number of its first record, ``seq`` that record's global position."""

    path: str
    kind: str
    start: int
    stop: int
    first: int
    seq: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        """Plain values (a Ray dataset row)."""
        return asdict(self)


def find_inputs(specs: Sequence[str]) -> list[Source]:
    """The files named by ``specs`` (files, folders searched recursively, or glob
    patterns), sorted and without repeats; a ``ValueError`` when there are none."""
    if isinstance(specs, str | os.PathLike):
        specs = [str(specs)]
    found: dict[str, Source] = {}
    for spec in map(str, specs):
        path = Path(spec)
        if path.is_dir():
            candidates = sorted(str(p) for p in path.rglob("*") if p.is_file())
        elif path.is_file():
            candidates = [spec]
        else:
            candidates = sorted(glob.glob(spec, recursive=True))
            if not candidates:
                raise ValueError(f"{spec}: no such file, folder or matching file")
        for name in candidates:
            kind = _kind(name)
            if kind is None:
                if name == spec:
                    raise ValueError(
                        f"{spec}: not a log file (read: {', '.join(sorted(EXTENSIONS))})"
                    )
                continue
            found.setdefault(name, Source(name, kind))
    if not found:
        raise ValueError(
            f"no log files in {', '.join(map(str, specs))} (read: {', '.join(sorted(EXTENSIONS))})"
        )
    return [found[name] for name in sorted(found)]


def _kind(name: str) -> str | None:
    lower = name.lower()
    for ending, kind in EXTENSIONS.items():
        if lower.endswith(ending):
            return kind
    return None


# ---- JSON Lines ------------------------------------------------------------------------------


def _lines(path: str, start: int, stop: int | None, first: int) -> Iterator[tuple[int, bytes]]:
    """(line number, bytes) of the non-blank lines of ``path`` between byte offsets."""
    with open(path, "rb") as handle:
        handle.seek(start)
        number = first - 1
        at = start
        for raw in handle:
            if stop is not None and at >= stop:
                return
            at += len(raw)
            number += 1
            line = raw.rstrip(b"\r\n")
            if line.strip():
                yield number, line


# ---- Parquet ---------------------------------------------------------------------------------


def _parquet(path: str) -> Any:
    try:
        import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        raise ImportError(
            f"{path}: reading Parquet needs pyarrow: pip install 'grounding-guard[audit]'"
        ) from None
    return pq.ParquetFile(path)


def _open_parquet(path: str) -> tuple[Any, tuple[str, str] | None]:
    """The open file, or the reason it cannot be read (a reject, not a stop)."""
    try:
        return _parquet(path), None
    except ImportError:
        raise
    except Exception as exc:  # pyarrow raises ArrowInvalid, OSError, ...
        return None, ("unreadable_file", f"not a readable Parquet file: {exc}")


def _columns(handle: Any, wanted: Sequence[str] | None) -> list[str] | None:
    if wanted is None:
        return None
    names = set(handle.schema_arrow.names)
    present = [c for c in wanted if c in names]
    return present or None


def _rows(handle: Any, group: int, columns: list[str] | None) -> Iterator[dict[str, Any]]:
    for batch in handle.iter_batches(batch_size=_BATCH, row_groups=[group], columns=columns):
        yield from batch.to_pylist()


# ---- JSON ------------------------------------------------------------------------------------


def _json_items(path: str) -> tuple[list[Any], tuple[str, str] | None]:
    data = Path(path).read_bytes()
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return [], ("not_utf8", f"the file is not UTF-8 text (byte {exc.start})")
    except ValueError as exc:
        return [], ("bad_json", f"the file is not JSON: {exc}")
    return (value if isinstance(value, list) else [value]), None


# ---- the records, in order -------------------------------------------------------------------


def count_records(sources: Sequence[Source]) -> int:
    """How many records :func:`iter_records` yields (a file that cannot be read is one)."""
    total = 0
    for source in sources:
        if source.kind == "jsonl":
            with open(source.path, "rb") as handle:
                total += sum(1 for raw in handle if raw.strip())
        elif source.kind == "parquet":
            handle, error = _open_parquet(source.path)
            total += 1 if error else handle.metadata.num_rows
        else:
            items, error = _json_items(source.path)
            total += 1 if error else len(items)
    return total


def iter_records(
    sources: Sequence[Source], columns: Sequence[str] | None = None, skip: int = 0
) -> Iterator[RawRecord]:
    """Every record of ``sources`` in order, from position ``skip`` on (earlier Parquet
    row groups and JSON files are passed over unread)."""
    seq = 0
    for source in sources:
        if source.kind == "jsonl":
            for line, data in _lines(source.path, 0, None, 1):
                if seq >= skip:
                    yield RawRecord(seq, source.path, line, data)
                seq += 1
            continue
        for shard in _file_shards(source, columns, None, seq):
            if shard.seq + shard.count > skip:
                for record in read_shard(shard, columns):
                    if record.seq >= skip:
                        yield record
            seq = shard.seq + shard.count


def plan_shards(
    sources: Sequence[Source], columns: Sequence[str] | None = None, size: int = 256
) -> list[Shard]:
    """The records of ``sources`` cut into shards of about ``size`` records (a JSONL file
    at line boundaries, Parquet by row group), each knowing its first record's position."""
    shards: list[Shard] = []
    seq = 0
    for source in sources:
        for shard in _file_shards(source, columns, size, seq):
            shards.append(shard)
            seq += shard.count
    return shards


def _file_shards(
    source: Source, columns: Sequence[str] | None, size: int | None, seq: int = 0
) -> Iterator[Shard]:
    """The shards of one file; ``size=None``: one per file (JSONL) or row group."""
    path = source.path
    if source.kind == "jsonl":
        if size is None:
            size = 1 << 62
        with open(path, "rb") as handle:
            start = at = 0
            first = number = 1
            count = 0
            for raw in handle:
                if count == size:
                    yield Shard(path, "jsonl", start, at, first, seq, count)
                    seq += count
                    start, first, count = at, number, 0
                at += len(raw)
                number += 1
                if raw.strip():
                    count += 1
            if count:
                yield Shard(path, "jsonl", start, at, first, seq, count)
    elif source.kind == "parquet":
        handle, error = _open_parquet(path)
        if error:
            yield Shard(path, "error:parquet", 0, 0, 1, seq, 1)
            return
        first = 1
        for group in range(handle.metadata.num_row_groups):
            rows = handle.metadata.row_group(group).num_rows
            if rows:
                yield Shard(path, "parquet", group, group + 1, first, seq, rows)
            seq += rows
            first += rows
    else:
        items, error = _json_items(path)
        yield Shard(path, "json", 0, 0, 1, seq, 1 if error else len(items))


def read_shard(shard: Shard, columns: Sequence[str] | None = None) -> Iterator[RawRecord]:
    """The records of ``shard``, each with its position, file and line (or row)."""
    path, seq = shard.path, shard.seq
    if shard.kind == "jsonl":
        stop = None if shard.stop < 0 else shard.stop
        for n, (line, data) in enumerate(_lines(path, shard.start, stop, shard.first)):
            yield RawRecord(seq + n, path, line, data)
    elif shard.kind == "parquet":
        handle = _parquet(path)
        rows = _rows(handle, shard.start, _columns(handle, columns))
        for n, row in enumerate(rows):
            yield RawRecord(seq + n, path, shard.first + n, row)
    elif shard.kind == "error:parquet":
        _, error = _open_parquet(path)
        yield RawRecord(seq, path, 0, None, error or ("unreadable_file", "unreadable"))
    else:
        items, error = _json_items(path)
        if error:
            yield RawRecord(seq, path, 0, None, error)
        for n, item in enumerate(items):
            yield RawRecord(seq + n, path, n + 1, item)

"""The Ray engine: the same per-record function on Ray Data, so a job moves to a Ray
cluster by its address and nothing else (``pip install 'grounding-guard[ray]'``; Ray is
imported only here, only when this engine runs).

The driver cuts the input into shards (JSONL at line boundaries, Parquet by row group;
each knows its first record's position and line), ``ray.data.from_items(shards)`` →
``map_batches`` (``workers`` tasks at a time; each worker process builds its Guard once
and keeps it for every later task, so a model judge loads once per worker; a task reads
its shards where it runs and yields rows as it goes) → ``write_parquet`` into
``OUT/ray-parts`` (fused into the same tasks). The driver then merges the parts by record
position into the journal, and the outputs are written as the local engine writes them.

Why shards and not ``ray.data.read_json``: Arrow's JSON reader fails a whole block on one
bad line and gives no line numbers, while an audit must reject a bad record alone, say
on which line it was, and order every row by its position. On a cluster the inputs and
``OUT`` must be paths every node can read and write (a shared file system).
"""

from __future__ import annotations

import heapq
import itertools
import pickle
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from grounding_guard.auditing.checker import AuditOptions, Checker, dumps
from grounding_guard.auditing.journal import Journal
from grounding_guard.auditing.records import Shard, Source, plan_shards, read_shard

__all__ = ["PARTS", "check_shards", "merge_parts", "run_ray"]

#: The folder inside OUT that Ray's workers write their parts to (removed after the merge).
PARTS: Final = "ray-parts"
_YIELD: Final = 256  # rows per block a worker yields


def _ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
        import ray.data  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise ImportError(
            "the ray engine needs Ray Data: pip install 'grounding-guard[ray]'"
        ) from None
    return ray


_CHECKERS: dict[bytes, Checker] = {}


def _checker(options: AuditOptions) -> Checker:
    """This worker process's Checker for ``options``: built (a model judge loaded) once
    per process, then reused by every task the process runs."""
    key = pickle.dumps(options)
    found = _CHECKERS.get(key)
    if found is None:
        _CHECKERS.clear()  # one audit at a time per process
        found = _CHECKERS[key] = Checker(options)
    return found


def check_shards(batch: dict[str, Any], options: AuditOptions) -> Iterator[Any]:
    """The ``map_batches`` function: each shard of ``batch`` read where the task runs and
    checked; yields tables of (seq, line, reject) as it goes, so memory stays flat."""
    import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]

    checker = _checker(options)
    columns = options.mapping.columns()

    def table(seqs: list[int], lines: list[str], rejects: list[bool]) -> Any:
        return pa.table(
            {
                "seq": pa.array(seqs, pa.int64()),
                "line": pa.array(lines, pa.string()),
                "reject": pa.array(rejects, pa.bool_()),
            }
        )

    for i in range(len(batch["path"])):
        shard = Shard(
            path=str(batch["path"][i]),
            kind=str(batch["kind"][i]),
            **{k: int(batch[k][i]) for k in ("start", "stop", "first", "seq", "count")},
        )
        seqs: list[int] = []
        lines: list[str] = []
        rejects: list[bool] = []
        for raw in read_shard(shard, columns):
            row = checker(raw)
            seqs.append(raw.seq)
            lines.append(dumps(row))
            rejects.append("reject" in row)
            if len(seqs) >= _YIELD:
                yield table(seqs, lines, rejects)
                seqs, lines, rejects = [], [], []
        if seqs:
            yield table(seqs, lines, rejects)


def run_ray(
    options: AuditOptions,
    sources: Sequence[Source],
    journal: Journal,
    *,
    workers: int | None = None,
    address: str | None = None,
    shard_size: int = 256,
    progress: bool = False,
    init: dict[str, Any] | None = None,
) -> int:
    """Check every record on Ray and fill ``journal`` in record order; returns the
    number of workers used. Joins the Ray session in place, else starts one (``address``
    of a cluster, or a local one of ``workers`` CPUs) and shuts down what it started."""
    ray = _ray()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {
            "address": address,
            "include_dashboard": False,
            "log_to_driver": False,
        }
        if address is None and workers is not None:
            kwargs["num_cpus"] = workers
        kwargs.update(init or {})
        ray.init(**kwargs)
        started = True
    try:
        size = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        shards = plan_shards(sources, options.mapping.columns(), shard_size)
        parts = journal.path.parent / PARTS
        shutil.rmtree(parts, ignore_errors=True)
        planned = sum(s.count for s in shards)
        if planned:
            context = ray.data.DataContext.get_current()
            context.enable_progress_bars = progress
            # blocks of consecutive shards, a few per worker: enough to balance the load,
            # few enough that a long log does not become a scheduling storm
            blocks = min(len(shards), 8 * size)
            dataset = ray.data.from_items([s.to_dict() for s in shards], override_num_blocks=blocks)
            dataset = dataset.map_batches(
                check_shards,
                fn_kwargs={"options": options},
                batch_size=1,
                batch_format="numpy",
                concurrency=size,
                num_cpus=1,
            )
            dataset.write_parquet(str(parts))  # fused into the same tasks: no extra stage
            merged = 0
            for seq, line, reject in merge_parts(parts):
                if seq != merged:
                    raise RuntimeError(f"Ray's output lacks record {merged} (next: {seq})")
                journal.write([(line, reject)])
                merged += 1
            if merged != planned:
                raise RuntimeError(f"Ray's output holds {merged} of {planned} records")
        shutil.rmtree(parts, ignore_errors=True)
    finally:
        if started:
            ray.shutdown()
    return size


def merge_parts(folder: Path) -> Iterator[tuple[int, str, bool]]:
    """The rows of Ray's Parquet parts in record order: parts whose positions do not
    overlap are read one after another (memory: one part); otherwise merged."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]

    files = sorted(p for p in folder.rglob("*.parquet") if p.is_file()) if folder.exists() else []
    spans: list[tuple[int, int, Path]] = []
    for path in files:
        table = pq.read_table(path, columns=["seq"])
        if table.num_rows:
            seqs = table.column("seq").to_pylist()
            spans.append((min(seqs), max(seqs), path))
    spans.sort()

    def rows(path: Path) -> Iterator[tuple[int, str, bool]]:
        table = pq.read_table(path).sort_by("seq")
        yield from zip(
            table.column("seq").to_pylist(),
            table.column("line").to_pylist(),
            table.column("reject").to_pylist(),
            strict=True,
        )

    disjoint = all(a[1] < b[0] for a, b in itertools.pairwise(spans))
    if disjoint:
        for _, _, path in spans:
            yield from rows(path)
    else:
        yield from heapq.merge(*(rows(path) for _, _, path in spans))

"""``audit()``: check every answer of a log and write per-answer results and a summary.

The local engine streams through the input on one machine: the main process reads
records in order and hands chunks of them to worker processes (each builds its Guard
once), keeps at most two chunks per worker in flight so memory stays flat however long
the log, and appends the rows to the journal in record order. An interrupted run
(Ctrl-C, a kill) resumes with ``resume=True`` from the first record the journal lacks.
On Ctrl-C the chunks in flight are finished and written before the run stops, so a
resumed run checks no record twice. ``engine="ray"`` runs the same per-record function
on Ray Data (see :mod:`~grounding_guard.auditing.ray_engine`). Both end the same way: the
outputs are written from the journal, in record order, so they agree byte for byte.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TextIO

from grounding_guard.auditing.checker import AuditOptions, Checker, dumps
from grounding_guard.auditing.journal import Journal, fingerprint
from grounding_guard.auditing.mapping import RecordMapping
from grounding_guard.auditing.outputs import (
    FORMATS,
    RESERVED_COLUMNS,
    Outputs,
    has_pyarrow,
    write_outputs,
)
from grounding_guard.auditing.progress import Progress
from grounding_guard.auditing.records import (
    RawRecord,
    Source,
    count_records,
    find_inputs,
    iter_records,
)
from grounding_guard.guard import Guard

__all__ = ["ENGINES", "AuditInterrupted", "AuditResult", "audit", "parse_group", "run_local"]

#: The engines ``audit`` runs on.
ENGINES: Final = ("local", "ray")
_RUN: Final = "run.json"
_CHUNK: Final = 32  # records per task handed to a local worker


class AuditInterrupted(KeyboardInterrupt):
    """The run stopped on Ctrl-C after ``done`` of ``total`` records; every finished
    record is in the journal, and ``resume=True`` goes on from there."""

    def __init__(self, done: int, total: int, out: Path) -> None:
        super().__init__(f"interrupted after {done:,} of {total:,} records")
        self.done, self.total, self.out = done, total, out


@dataclass(frozen=True)
class AuditResult:
    """What an audit wrote and found: the counts (``read == checked + rejected``), the
    summary (``summary.json``'s data) and the paths of its files."""

    out: Path
    read: int
    checked: int
    rejected: int
    summary: dict[str, Any] = field(repr=False)
    results: Path
    rejects: Path
    summary_json: Path
    summary_text: Path
    summary_html: Path
    engine: str
    workers: int
    elapsed: float
    resumed_from: int = 0

    @property
    def records_per_second(self) -> float:
        """Records finished per second of this run (resumed records not counted)."""
        done = self.read - self.resumed_from
        return done / self.elapsed if self.elapsed > 0 else 0.0

    def text(self) -> str:
        """The summary as text (``summary.txt``)."""
        return self.summary_text.read_text(encoding="utf-8")

    def _repr_html_(self) -> str:
        """Notebooks show the totals and where the files are."""
        from html import escape

        return (
            f"<p><b>audit</b>: {self.read:,} records read, {self.checked:,} checked, "
            f"{self.rejected:,} rejected; {100 * self.summary['clean_rate']:.1f}% clean. "
            f"Files in <code>{escape(str(self.out))}</code>: summary.html, summary.json, "
            f"{escape(self.results.name)}, rejects.jsonl</p>"
        )


def parse_group(spec: str) -> tuple[str, str]:
    """``"model"`` or ``"model=extra.metadata.ls_model_name"`` as (name, path)."""
    name, sep, path = spec.partition("=")
    name, path = name.strip(), path.strip()
    return (name, path if sep else name)


def _groups(group_by: Sequence[str] | Mapping[str, str]) -> dict[str, str]:
    if isinstance(group_by, str):
        group_by = [group_by]
    pairs = list(group_by.items()) if isinstance(group_by, Mapping) else map(parse_group, group_by)
    groups: dict[str, str] = {}
    for name, path in pairs:
        if name in RESERVED_COLUMNS:
            raise ValueError(
                f"group name {name!r} is a results column; name it otherwise ({name}_=PATH)"
            )
        if name in groups:
            raise ValueError(f"group {name!r} given twice")
        groups[name] = path
    return groups


def audit(
    inputs: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    shape: str = "plain",
    fields: Mapping[str, str] | None = None,
    group_by: Sequence[str] | Mapping[str, str] = (),
    engine: str = "local",
    workers: int | None = None,
    resume: bool = False,
    address: str | None = None,
    results_format: str = "auto",
    top: int = 20,
    max_chars: int = 1_000_000,
    thresholds: str | os.PathLike[str] | None = None,
    progress: bool | TextIO | None = None,
    start_method: str | None = None,
    shard_size: int = 256,
    ray_init: Mapping[str, Any] | None = None,
    **guard_options: Any,
) -> AuditResult:
    """Check every answer in the logs ``inputs`` (files, folders or globs of JSONL, JSON
    or Parquet) and write the results, the rejects and the summary under ``out``.

    ``shape`` names a ready-made mapping (``plain``, ``langsmith``, ``llamaindex``);
    ``fields`` overrides where a field is read (``{"answer": "outputs.text"}``; fields
    ``answer``, ``evidence``, ``id``, ``date``, ``catalog``); ``group_by`` names the
    fields the summary breaks down by (``["model", "prompt=metadata.prompt_version"]``).
    ``engine``: ``local`` (worker processes, ``workers`` defaults to the CPU count) or
    ``ray`` (``address`` of a cluster; a local one is started otherwise). ``resume``
    goes on with an interrupted local run in ``out``. ``thresholds`` is a file written
    by ``grounding-guard calibrate`` (explicit options win); every other keyword is a
    :class:`~grounding_guard.Guard` option (``citations``, ``mode``, ``judge`` ...).
    ``progress``: a stream for the progress line, ``True`` for stderr, ``None`` for
    stderr when it is a terminal. Raises :class:`AuditInterrupted` on Ctrl-C.
    """
    started = time.perf_counter()
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; use one of {', '.join(ENGINES)}")
    if results_format not in FORMATS:
        raise ValueError(f"unknown results format {results_format!r}; use {', '.join(FORMATS)}")
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    if top < 0:
        raise ValueError(f"top must not be negative, got {top}")
    if resume and engine != "local":
        raise ValueError("resume is for the local engine (a Ray run starts over)")
    options = _options(shape, fields, group_by, max_chars, thresholds, guard_options)
    Guard(**options.guard)  # a bad option fails here, before any record is read
    named = [inputs] if isinstance(inputs, str | os.PathLike) else list(inputs)
    sources = find_inputs([os.fspath(i) for i in named])
    if results_format == "auto":
        results_format = "parquet" if has_pyarrow() else "jsonl"
    if (results_format == "parquet" or any(s.kind == "parquet" for s in sources)) and not (
        has_pyarrow()
    ):
        raise ImportError("Parquet needs pyarrow: pip install 'grounding-guard[audit]'")
    folder = Path(out)
    outputs = Outputs(folder, results_format)
    digest = fingerprint(sources, _about(options, ""))
    if resume:
        finished = _finished(folder, digest, outputs)
        if finished is not None:
            return finished
    stream = _stream(progress)
    journal = Journal(folder, digest, resume=resume)
    resumed_from = journal.done
    try:
        if engine == "local":
            count = workers or os.cpu_count() or 1
            total = count_records(sources)
            bar = Progress(
                total, stream=stream or sys.stderr, start=resumed_from, enabled=bool(stream)
            )
            try:
                run_local(options, sources, journal, bar, workers=count, start_method=start_method)
            except KeyboardInterrupt:
                journal.close()
                raise AuditInterrupted(journal.done, total, folder) from None
            bar.close()
        else:
            from grounding_guard.auditing.ray_engine import run_ray

            count = run_ray(
                options,
                sources,
                journal,
                workers=workers,
                address=address,
                shard_size=shard_size,
                progress=bool(stream),
                init=dict(ray_init or {}),
            )
    finally:
        journal.close()
    summary = write_outputs(
        journal.rows(),
        outputs,
        groups=list(options.mapping.groups),
        dated=options.mapping.dated,
        top=top,
        about=_about(options, outputs.format),
    )
    journal.remove()
    result = _result(
        folder, summary, outputs, engine, count, time.perf_counter() - started, resumed_from
    )
    _save_run(folder, digest, result)
    return result


def _options(
    shape: str,
    fields: Mapping[str, str] | None,
    group_by: Sequence[str] | Mapping[str, str],
    max_chars: int,
    thresholds: str | os.PathLike[str] | None,
    guard_options: dict[str, Any],
) -> AuditOptions:
    guard: dict[str, Any] = {}
    if thresholds is not None:
        from grounding_guard.evaluation.calibration import Thresholds

        guard.update(Thresholds.from_file(os.fspath(thresholds)).guard_options())
    guard.update(guard_options)
    mapping = RecordMapping(
        shape=shape, fields=dict(fields or {}), groups=_groups(group_by), max_chars=max_chars
    )
    return AuditOptions(mapping=mapping, guard=guard)


def _about(options: AuditOptions, results_format: str) -> dict[str, Any]:
    # the package is loaded (it imports this module lazily); read, not imported: no cycle
    version = str(getattr(sys.modules.get("grounding_guard"), "__version__", "unknown"))
    about = {"version": version, **options.describe()}
    if results_format:
        about["results_format"] = results_format
    return about


def _stream(progress: bool | TextIO | None) -> TextIO | None:
    if progress is None:
        isatty = getattr(sys.stderr, "isatty", None)
        return sys.stderr if isatty and isatty() else None
    if progress is True:
        return sys.stderr
    if progress is False:
        return None
    return progress


def _save_run(folder: Path, digest: str, result: AuditResult) -> None:
    """``run.json``: how the run went (engine, workers, time); kept apart from the
    summary so that the summary is the same whichever engine wrote it."""
    data = {
        "complete": True,
        "fingerprint": digest,
        "engine": result.engine,
        "workers": result.workers,
        "elapsed_s": round(result.elapsed, 3),
        "records_per_s": round(result.records_per_second, 1),
        "resumed_from": result.resumed_from,
        "results": result.results.name,
    }
    (folder / _RUN).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _finished(folder: Path, digest: str, outputs: Outputs) -> AuditResult | None:
    """The result of a run in ``folder`` that already finished with these inputs and
    options (a resume with nothing left to do), else ``None``."""
    try:
        run = json.loads((folder / _RUN).read_text(encoding="utf-8"))
        summary = json.loads(outputs.summary_json.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not run.get("complete") or run.get("fingerprint") != digest:
        return None
    if (folder / "journal.jsonl").exists() or not outputs.results.exists():
        return None
    done = summary["records"]["read"]
    return _result(
        folder, summary, outputs, run.get("engine", "local"), int(run.get("workers", 1)), 0.0, done
    )


# ---- the local engine ------------------------------------------------------------------------

_WORKER: Checker | None = None


def _start_worker(options: AuditOptions) -> None:
    """A worker process: build the Guard once; Ctrl-C is the main process's to handle."""
    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER = Checker(options)


def _check_chunk(chunk: list[RawRecord]) -> list[tuple[str, bool]]:
    assert _WORKER is not None, "worker not started"
    return [_entry(_WORKER(raw)) for raw in chunk]


def _entry(row: dict[str, Any]) -> tuple[str, bool]:
    return dumps(row), "reject" in row


def _chunks(records: Iterable[RawRecord], size: int) -> Iterator[list[RawRecord]]:
    chunk: list[RawRecord] = []
    for record in records:
        chunk.append(record)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _context(start_method: str | None) -> Any:
    """Fresh worker processes (forkserver, else spawn); fork when the main module cannot
    be re-imported by a fresh process (a script read from stdin)."""
    if start_method is None:
        methods = multiprocessing.get_all_start_methods()
        start_method = "forkserver" if "forkserver" in methods else "spawn"
        main = getattr(sys.modules.get("__main__"), "__file__", None)
        if main is not None and not os.path.exists(main) and "fork" in methods:
            start_method = "fork"
    return multiprocessing.get_context(start_method)


def run_local(
    options: AuditOptions,
    sources: Sequence[Source],
    journal: Journal,
    progress: Progress,
    *,
    workers: int = 1,
    chunk: int = _CHUNK,
    start_method: str | None = None,
) -> None:
    """Check the records the journal lacks and append their rows in record order.

    One worker checks in this process, row by row; more use a process pool with at most
    two chunks per worker in flight. On Ctrl-C what was finished is written first.
    """
    records = iter_records(sources, options.mapping.columns(), skip=journal.done)
    if workers <= 1:
        checker = Checker(options)
        done: list[tuple[str, bool]] = []
        try:
            for raw in records:
                done.append(_entry(checker(raw)))
                if len(done) >= chunk:
                    journal.write(done)
                    done = []
                    progress.update(journal.done, journal.rejected)
        finally:
            journal.write(done)  # the rows finished before an interruption are kept
            progress.update(journal.done, journal.rejected)
        return
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=_context(start_method),
        initializer=_start_worker,
        initargs=(options,),
    ) as pool:
        window: deque[Future[list[tuple[str, bool]]]] = deque()

        def settle(future: Future[list[tuple[str, bool]]]) -> None:
            journal.write(future.result())
            progress.update(journal.done, journal.rejected)

        interrupted = False
        try:
            for part in _chunks(records, chunk):
                window.append(pool.submit(_check_chunk, part))
                while len(window) >= 2 * workers:
                    settle(window.popleft())
        except KeyboardInterrupt:
            interrupted = True
        try:
            while window:  # finish the chunks in flight: no finished check is lost
                settle(window.popleft())
        except KeyboardInterrupt:
            for future in window:
                future.cancel()
            raise
        if interrupted:
            raise KeyboardInterrupt


def _result(
    folder: Path,
    summary: dict[str, Any],
    outputs: Outputs,
    engine: str,
    workers: int,
    elapsed: float,
    resumed_from: int,
) -> AuditResult:
    """The :class:`AuditResult` of a finished run, its counts read from ``summary``."""
    records = summary["records"]
    return AuditResult(
        out=folder,
        read=records["read"],
        checked=records["checked"],
        rejected=records["rejected"],
        summary=summary,
        results=outputs.results,
        rejects=outputs.rejects,
        summary_json=outputs.summary_json,
        summary_text=outputs.summary_text,
        summary_html=outputs.summary_html,
        engine=engine,
        workers=workers,
        elapsed=elapsed,
        resumed_from=resumed_from,
    )

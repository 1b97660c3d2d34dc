"""The local engine on a generated log of 3,000 records with malformed ones mixed in:
the counts add up, every malformed record is a reject with its line and reason, the
verdicts are those of ``Guard.check``, 1 and 2 workers write the same bytes, JSONL works
without pyarrow, Parquet inputs read, and an interrupted run resumes without checking a
record twice (counted)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import grounding_guard as gg
from grounding_guard.auditing import AuditInterrupted, ResumeError, audit
from grounding_guard.auditing.checker import Checker
from grounding_guard.auditing.outputs import read_results
from grounding_guard.auditing.progress import Progress
from grounding_guard.auditing.sample import MALFORMED, sample_records, write_sample_log

RECORDS = 3000
EVERY = 97
GROUPS = ["model", "prompt_version"]
FILES = ("results.parquet", "rejects.jsonl", "summary.json", "summary.txt", "summary.html")
#: what each malformed kind of the sample log is rejected as
REJECTED_AS = {
    "bad_json": "bad_json",
    "no_answer": "no_answer",
    "bad_evidence_type": "bad_evidence",
    "not_utf8": "not_utf8",
    "not_an_object": "not_an_object",
    "empty_answer": "empty_answer",
    "bad_evidence_item": "bad_evidence",
}


def expected_rejects() -> list[tuple[int, int, str]]:
    """(seq, line, code) of the sample log's malformed records (a blank line follows
    record 10, so later records sit one line further down)."""
    out = []
    for n in range(EVERY - 1, RECORDS, EVERY):
        kind = MALFORMED[(n // EVERY) % len(MALFORMED)]
        out.append((n, n + 1 + (n > 10), REJECTED_AS[kind]))
    return out


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sample_log(
        tmp_path_factory.mktemp("log") / "log.jsonl", RECORDS, malformed_every=EVERY
    )


@pytest.fixture(scope="module")
def reference(log: Path, tmp_path_factory: pytest.TempPathFactory) -> gg.AuditResult:
    """The uninterrupted run on one worker every other run is compared with."""
    return audit(log, tmp_path_factory.mktemp("ref"), workers=1, group_by=GROUPS, progress=False)


def files(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in FILES}


def test_read_equals_checked_plus_rejected(reference: gg.AuditResult) -> None:
    assert reference.read == RECORDS
    assert reference.read == reference.checked + reference.rejected
    assert reference.rejected == len(expected_rejects())
    assert reference.summary["records"] == {
        "read": RECORDS,
        "checked": reference.checked,
        "rejected": reference.rejected,
    }
    rows = list(read_results(reference.results))
    assert len(rows) == reference.checked
    rejects = reference.rejects.read_text(encoding="utf-8").splitlines()
    assert len(rejects) == reference.rejected
    # every record is in exactly one of the two files, in record order
    seqs = sorted([r["seq"] for r in rows] + [json.loads(r)["seq"] for r in rejects])
    assert seqs == list(range(RECORDS))
    assert [r["seq"] for r in rows] == sorted(r["seq"] for r in rows)


def test_each_malformed_record_is_rejected_with_its_line_and_reason(
    reference: gg.AuditResult,
) -> None:
    rows = [json.loads(line) for line in reference.rejects.read_text(encoding="utf-8").splitlines()]
    assert [(r["seq"], r["line"], r["reject"]) for r in rows] == expected_rejects()
    assert all(r["file"].endswith("log.jsonl") and r["reason"] for r in rows)
    assert reference.summary["rejects"] == dict(
        Counter(code for _, _, code in expected_rejects()).most_common()
    )
    assert set(reference.summary["rejects"]) == set(REJECTED_AS.values())


def test_the_verdicts_are_those_of_guard_check(reference: gg.AuditResult) -> None:
    guard = gg.Guard()
    records = list(sample_records(RECORDS, malformed_every=EVERY))
    rows = list(read_results(reference.results))
    assert len(rows) > 2500
    for row in rows[::25]:
        record = records[row["seq"]]
        assert isinstance(record, dict)
        report = guard.check(record["answer"], record["evidence"])
        assert row["id"] == record["id"] and row["model"] == record["model"]
        assert {s: row[s] for s in report.counts} == report.counts
        assert row["coverage"] == report.coverage
        assert row["is_clean"] == report.is_clean
        failing = [
            (u.index, u.status.value, list(u.codes), u.span.start, u.span.end)
            for u in report.failing
        ]
        assert [
            (u["index"], u["status"], u["codes"], u["span"]["start"], u["span"]["end"])
            for u in row["failing"]
        ] == failing
        for unit, expected in zip(row["failing"], report.failing, strict=True):
            assert [r["code"] for r in unit["reasons"]] == [r.code for r in expected.reasons]


def test_the_summary_breaks_down_by_group_and_day(reference: gg.AuditResult) -> None:
    summary = reference.summary
    models = {item["value"]: item for item in summary["groups"]["model"]}
    assert set(models) == {"alpha", "beta", "gamma"}
    assert sum(item["answers"] for item in models.values()) == reference.checked
    # the sample's models err more from alpha to gamma: the summary must see it
    assert (
        models["alpha"]["clean_rate"] > models["beta"]["clean_rate"] > models["gamma"]["clean_rate"]
    )
    assert summary["statuses"]["contradicted"]["units"] > 0
    assert (
        summary["codes"]["value_mismatch"]["answers"]
        == summary["statuses"]["contradicted"]["answers"]
    )
    days = summary["trend"]
    assert len(days) == 14 and [d["date"] for d in days] == sorted(d["date"] for d in days)
    assert sum(d["answers"] for d in days) == reference.checked
    assert sum(b["answers"] for b in summary["coverage_histogram"]) == summary["checkable"]
    worst = summary["worst"]
    assert len(worst) == 20
    keys = [(-w["failing_units"], w["coverage"], w["seq"]) for w in worst]
    assert keys == sorted(keys)  # the worst answers first
    assert all(w["failing_units"] >= 1 and w["units"] for w in worst)
    text = reference.text()
    assert "by model:" in text and "worst answers:" in text and "rejects:" in text


def test_two_workers_write_the_same_bytes(
    log: Path, reference: gg.AuditResult, tmp_path: Path
) -> None:
    result = audit(log, tmp_path, workers=2, group_by=GROUPS, progress=False)
    assert result.workers == 2
    assert files(tmp_path) == files(reference.out)


def test_jsonl_works_without_pyarrow(
    log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails
    monkeypatch.setattr("grounding_guard.auditing.run.has_pyarrow", lambda: False)
    result = audit(log, tmp_path, workers=1, group_by=GROUPS, progress=False)
    assert result.results.name == "results.jsonl"
    rows = [json.loads(line) for line in result.results.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == result.checked == RECORDS - len(expected_rejects())
    assert rows[0]["codes"] == [] or isinstance(rows[0]["codes"][0], dict)
    with pytest.raises(ImportError, match="grounding-guard\\[audit\\]"):
        audit(log, tmp_path / "p", results_format="parquet", progress=False)


def test_parquet_inputs_read_like_their_jsonl(tmp_path: Path) -> None:
    jsonl = write_sample_log(tmp_path / "runs.jsonl", 600, shape="langsmith", malformed_every=EVERY)
    parquet = write_sample_log(
        tmp_path / "runs.parquet", 600, shape="langsmith", malformed_every=EVERY
    )
    group = ["model=extra.metadata.ls_model_name"]
    a = audit(jsonl, tmp_path / "a", shape="langsmith", group_by=group, workers=1, progress=False)
    b = audit(parquet, tmp_path / "b", shape="langsmith", group_by=group, workers=2, progress=False)
    # the Parquet file holds no broken lines, only the well-formed and the mis-mapped records
    assert b.read == a.read - sum(
        1
        for _, _, c in expected_rejects()
        if _ < 600 and c in ("bad_json", "not_utf8", "not_an_object")
    )
    assert b.read == b.checked + b.rejected
    ids_a = {r["id"]: r for r in read_results(a.results)}
    rows_b = list(read_results(b.results))
    assert len(rows_b) == a.checked
    for row in rows_b:
        other = ids_a[row["id"]]
        assert {k: row[k] for k in ("failing", "coverage", "model", "date")} == {
            k: other[k] for k in ("failing", "coverage", "model", "date")
        }
    assert b.summary["groups"]["model"][0]["value"] in {"alpha", "beta", "gamma"}


def test_a_group_may_not_take_a_results_column(log: Path, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="results column"):
        audit(log, tmp_path, group_by=["coverage"])


def test_bad_guard_options_fail_before_reading(tmp_path: Path) -> None:
    with pytest.raises(gg.ConfigError):
        audit(tmp_path / "missing.jsonl", tmp_path, mode="shout")


# ---- resume ----------------------------------------------------------------------------------


CHECK = Checker.__call__  # the real per-record function, before any test wraps it


def counting(monkeypatch: pytest.MonkeyPatch, calls: Path, stop_at: int | None) -> None:
    """Count every record checked (in whichever process checks it) in ``calls``; at
    ``stop_at``, raise KeyboardInterrupt instead, as Ctrl-C would."""
    real = CHECK

    def call(self: Checker, raw: Any) -> dict[str, Any]:
        if stop_at is not None and raw.seq == stop_at:
            raise KeyboardInterrupt
        row = real(self, raw)
        with open(calls, "a", encoding="utf-8") as handle:
            handle.write(f"{raw.seq}\n")  # one short write: whole lines across processes
        return row

    monkeypatch.setattr(Checker, "__call__", call)


def checked(calls: Path) -> Counter[int]:
    return Counter(int(x) for x in calls.read_text().split())


def test_resume_in_process_checks_no_record_twice(
    log: Path, reference: gg.AuditResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = tmp_path / "calls"
    out = tmp_path / "out"
    counting(monkeypatch, calls, stop_at=1234)
    with pytest.raises(AuditInterrupted) as stop:
        audit(log, out, workers=1, group_by=GROUPS, progress=False)
    assert stop.value.done == 1234 and stop.value.total == RECORDS
    assert checked(calls) == Counter(range(1234))
    assert not (out / "summary.json").exists()
    counting(monkeypatch, calls, stop_at=None)
    result = audit(log, out, workers=1, group_by=GROUPS, progress=False, resume=True)
    assert result.resumed_from == 1234
    assert checked(calls) == Counter(range(RECORDS))  # each record exactly once
    assert files(out) == files(reference.out)


@pytest.mark.usefixtures("ctrl_c")
def test_resume_after_ctrl_c_with_worker_processes(
    log: Path, reference: gg.AuditResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGINT reaches the main process mid-run: the chunks in flight are finished and
    written, the run stops, and the resumed run checks only what is left."""
    calls = tmp_path / "calls"
    out = tmp_path / "out"
    counting(monkeypatch, calls, stop_at=None)
    real_update = Progress.update
    sent = []

    def update(self: Progress, done: int, rejected: int) -> None:
        real_update(self, done, rejected)
        if done >= 700 and not sent:
            sent.append(done)
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(Progress, "update", update)
    with pytest.raises(AuditInterrupted) as stop:
        audit(log, out, workers=2, group_by=GROUPS, progress=False, start_method="fork")
    done = stop.value.done
    assert 700 <= done < RECORDS
    assert checked(calls) == Counter(range(done))  # in-flight chunks finished, none lost
    # a kill mid-write leaves a torn last line: it is dropped and that record checked again
    with open(out / "journal.jsonl", "ab") as journal:
        journal.write(b'{"seq": 99999, "fi')
    monkeypatch.setattr(Progress, "update", real_update)
    result = audit(
        log, out, workers=2, group_by=GROUPS, progress=False, resume=True, start_method="fork"
    )
    assert result.resumed_from == done
    assert checked(calls) == Counter(range(RECORDS))
    assert files(out) == files(reference.out)
    # nothing left: resuming a finished run checks nothing and returns its result
    again = audit(log, out, workers=2, group_by=GROUPS, progress=False, resume=True)
    assert again.read == RECORDS and checked(calls) == Counter(range(RECORDS))


def test_resume_refuses_other_options(
    log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counting(monkeypatch, tmp_path / "calls", stop_at=300)
    with pytest.raises(AuditInterrupted):
        audit(log, tmp_path / "out", workers=1, progress=False)
    with pytest.raises(ResumeError, match="changed"):
        audit(log, tmp_path / "out", workers=1, progress=False, resume=True, threshold=0.7)


# ---- progress --------------------------------------------------------------------------------


class Tty:
    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def test_progress_shows_rate_and_eta_on_stderr(log: Path, tmp_path: Path) -> None:
    stream = Tty()
    audit(log, tmp_path, workers=1, progress=stream)  # type: ignore[arg-type]
    frames = [f for f in stream.text.split("\r") if f]
    assert len(frames) >= 2
    assert "records/s" in frames[0] and "ETA" in frames[0]
    assert f"{RECORDS:,}/{RECORDS:,} 100%" in frames[-1] and "30 rejected" in frames[-1]
    assert frames[-1].endswith("\n")


def test_progress_in_a_log_is_one_line_a_tenth(tmp_path: Path) -> None:
    class File(Tty):
        def isatty(self) -> bool:
            return False

    stream = File()
    progress = Progress(1000, stream=stream)  # type: ignore[arg-type]
    for done in range(0, 1001, 10):
        progress.update(done, 0)
    progress.close()
    lines = stream.text.splitlines()
    assert len(lines) == 10 and lines[-1].startswith("audit [") and "1,000/1,000" in lines[-1]


def test_the_ray_engine_says_how_to_install_ray(
    log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match="grounding-guard\\[ray\\]"):
        audit(log, tmp_path, engine="ray", progress=False)


@pytest.mark.parametrize(
    "parts",
    [
        [[0, 1, 2], [3, 4], [5]],  # disjoint: read one after another
        [[2, 0, 1], [5, 3], [4]],  # disjoint, each out of order inside
        [[0, 2, 4], [1, 3, 5]],  # interleaved: merged
    ],
)
def test_ray_parts_merge_in_record_order(tmp_path: Path, parts: list[list[int]]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from grounding_guard.auditing.ray_engine import merge_parts

    for n, seqs in enumerate(parts):
        table = pa.table(
            {"seq": seqs, "line": [f"row {s}" for s in seqs], "reject": [s == 4 for s in seqs]}
        )
        pq.write_table(table, tmp_path / f"part-{n}.parquet")
    assert list(merge_parts(tmp_path)) == [(s, f"row {s}", s == 4) for s in range(6)]


def test_a_model_judge_and_a_thresholds_file_give_guard_check_s_verdicts(tmp_path: Path) -> None:
    """The combined model judge with a calibrate thresholds file: the audit's verdicts are
    ``Guard(judge="model", judge_threshold=...)``'s, record for record."""
    log = write_sample_log(tmp_path / "log.jsonl", 40, malformed_every=0)
    thresholds = tmp_path / "thresholds.json"
    thresholds.write_text(json.dumps({"format": 1, "judge": "model", "entailment": 0.7}))
    result = audit(
        log, tmp_path / "out", judge="model", thresholds=thresholds, workers=1, progress=False
    )
    assert result.summary["about"]["guard"] == {"judge": "model", "judge_threshold": 0.7}
    guard = gg.Guard(judge="model", judge_threshold=0.7)
    records = list(sample_records(40, malformed_every=0))
    rows = list(read_results(result.results))
    assert len(rows) == 40
    for row in rows:
        record = records[row["seq"]]
        assert isinstance(record, dict)
        report = guard.check(record["answer"], record["evidence"])
        assert {s: row[s] for s in report.counts} == report.counts and row[
            "coverage"
        ] == report.coverage


def test_each_worker_process_builds_its_guard_once(
    log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from grounding_guard.auditing.checker import AuditOptions

    built = tmp_path / "built"
    real = AuditOptions.build_guard

    def build(self: AuditOptions) -> gg.Guard:
        with open(built, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")
        return real(self)

    monkeypatch.setattr(AuditOptions, "build_guard", build)
    audit(log, tmp_path / "out", workers=2, progress=False, start_method="fork")
    pids = built.read_text().split()
    assert len(pids) == len(set(pids)) == 2  # ~90 chunks, two Guards
    assert str(os.getpid()) not in pids


@pytest.mark.parametrize(
    ("shape", "groups"),
    [("langsmith", ["model=extra.metadata.ls_model_name"]), ("llamaindex", ["model"])],
)
def test_an_export_shape_gives_the_plain_log_s_verdicts(
    tmp_path: Path, shape: str, groups: list[str]
) -> None:
    """The same records written as LangSmith runs or LlamaIndex responses are read and
    judged as the plain log is (the malformed ones rejected for the same reasons)."""
    plain = audit(
        write_sample_log(tmp_path / "plain.jsonl", 500),
        tmp_path / "plain",
        group_by=["model"],
        workers=1,
        progress=False,
        results_format="jsonl",
    )
    shaped = audit(
        write_sample_log(tmp_path / f"{shape}.jsonl", 500, shape=shape),
        tmp_path / shape,
        shape=shape,
        group_by=groups,
        workers=1,
        progress=False,
        results_format="jsonl",
    )
    assert (shaped.read, shaped.checked, shaped.rejected) == (
        plain.read,
        plain.checked,
        plain.rejected,
    )
    keep = ("seq", "line", "model", "failing", "coverage", "is_clean", "codes", "grounded")
    a = [{k: r[k] for k in keep} for r in read_results(plain.results)]
    b = [{k: r[k] for k in keep} for r in read_results(shaped.results)]
    assert a == b
    assert [json.loads(x)["reject"] for x in plain.rejects.read_text().splitlines()] == [
        json.loads(x)["reject"] for x in shaped.rejects.read_text().splitlines()
    ]


def test_worker_processes_start_from_a_script_read_on_stdin(log: Path) -> None:
    """Fresh worker processes re-import the main module; a script piped to ``python -``
    has none on disk, so the pool forks instead of failing."""
    script = (
        "import sys, tempfile\n"
        "from grounding_guard.auditing import audit\n"
        f"r = audit({str(log)!r}, tempfile.mkdtemp(), workers=2, progress=False)\n"
        "print(r.read, r.checked + r.rejected)\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run(
        [sys.executable, "-"], input=script, capture_output=True, text=True, env=env, timeout=300
    )
    assert done.stdout.split() == [str(RECORDS), str(RECORDS)], done.stderr[-2000:]

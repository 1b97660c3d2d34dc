"""``grounding-guard audit`` on the command line: it runs, prints the summary, writes its
files, takes the check command's options (a calibrate thresholds file included), reads a
LangSmith export by its shape, stops on Ctrl-C with 130 and resumes, and answers bad
usage with one line and exit 2."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from grounding_guard.auditing.outputs import read_results
from grounding_guard.auditing.progress import Progress
from grounding_guard.auditing.sample import write_sample_log
from grounding_guard.cli import main


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sample_log(tmp_path_factory.mktemp("log") / "log.jsonl", 400)


def test_audit_prints_the_summary_and_writes_its_files(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["audit", str(log), "--out", str(tmp_path), "--group-by", "model", "--workers", "1"]
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert out.startswith("audit: 400 records read, 396 checked, 4 rejected")
    assert "by model:" in out and "by day:" in out
    assert "wrote results.parquet, rejects.jsonl, summary.json" in err
    assert "records/s" in err
    for name in ("results.parquet", "rejects.jsonl", "summary.json", "summary.txt", "summary.html"):
        assert (tmp_path / name).is_file(), name
    assert (tmp_path / "summary.txt").read_text(encoding="utf-8") == out
    assert not (tmp_path / "journal.jsonl").exists()


def test_options_reach_the_guard(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    thresholds = tmp_path / "thresholds.json"
    thresholds.write_text(json.dumps({"format": 1, "judge": "deterministic", "support": 0.99}))
    base = ["audit", str(log), "--workers", "1", "-q", "--format", "jsonl"]
    assert main([*base, "--out", str(tmp_path / "a")]) == 0
    assert main([*base, "--out", str(tmp_path / "b"), "--thresholds", str(thresholds)]) == 0
    assert (
        main([*base, "--out", str(tmp_path / "c"), "--fail-on", "contradicted", "--mode", "filter"])
        == 0
    )
    capsys.readouterr()
    summary = {k: json.loads((tmp_path / k / "summary.json").read_text()) for k in "abc"}
    # a 0.99 overlap threshold grounds fewer claims than the default 0.6
    assert (
        summary["b"]["statuses"]["grounded"]["units"]
        < summary["a"]["statuses"]["grounded"]["units"]
    )
    assert summary["b"]["about"]["guard"]["threshold"] == 0.99
    # failing only on contradictions leaves more answers clean
    assert summary["c"]["clean"] > summary["a"]["clean"]
    rows = list(read_results(tmp_path / "c" / "results.jsonl"))
    assert all(u["status"] == "contradicted" for r in rows for u in r["failing"])


def test_a_langsmith_export_reads_by_its_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = write_sample_log(tmp_path / "runs" / "part-0.jsonl", 300, shape="langsmith")
    write_sample_log(tmp_path / "runs" / "part-1.jsonl", 100, shape="langsmith", seed=1)
    code = main(
        [
            "audit",
            str(runs.parent),  # a folder: every log file in it
            "--out",
            str(tmp_path / "out"),
            "--shape",
            "langsmith",
            "--group-by",
            "model=extra.metadata.ls_model_name",
            "--workers",
            "1",
            "-q",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("audit: 400 records read")
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert {g["value"] for g in summary["groups"]["model"]} == {"alpha", "beta", "gamma"}
    assert summary["trend"] and summary["about"]["mapping"]["shape"] == "langsmith"
    rows = list(read_results(tmp_path / "out" / "results.parquet"))
    assert rows[0]["id"].startswith("00000000-0000-4000-8000-")
    assert {r["file"] for r in rows} == {str(runs), str(runs.parent / "part-1.jsonl")}


def test_map_points_fields_anywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "custom.jsonl"
    log.write_text(
        json.dumps(
            {
                "out": {"text": "Battery lasts 14 hours [1]."},
                "ctx": {"docs": ["Battery lasts 14 hours."]},
                "key": 7,
            }
        )
        + "\n",
        encoding="utf-8",
    )
    args = [
        "audit",
        str(log),
        "--out",
        str(tmp_path / "o"),
        "--workers",
        "1",
        "-q",
        "--format",
        "jsonl",
    ]
    args += ["--map", "answer=out.text", "--map", "evidence=ctx.docs", "--map", "id=key"]
    assert main(args) == 0
    (row,) = read_results(tmp_path / "o" / "results.jsonl")
    assert row["id"] == "7" and row["grounded"] == 1 and row["is_clean"]
    capsys.readouterr()


@pytest.mark.usefixtures("ctrl_c")
def test_ctrl_c_exits_130_and_resume_finishes(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Progress.update

    def update(self: Progress, done: int, rejected: int) -> None:
        real(self, done, rejected)
        if done >= 100 and done < 400:
            monkeypatch.setattr(Progress, "update", real)
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(Progress, "update", update)
    args = ["audit", str(log), "--out", str(tmp_path), "--workers", "1", "-q"]
    assert main(args) == 130
    err = capsys.readouterr().err
    assert "interrupted after" in err and "--resume" in err
    assert main([*args, "--resume"]) == 0
    assert capsys.readouterr().out.startswith("audit: 400 records read, 396 checked, 4 rejected")


USAGE = [
    (["--map", "model=x"], "unknown field 'model'"),
    (["--map", "answer"], "expected FIELD=PATH"),
    (["--map", "answer=a..b"], "bad field path"),
    (["--address", "ray://h:10001"], "--engine ray"),
    (["--workers", "0"], "at least 1"),
    (["--resume", "--engine", "ray"], "resume is for the local engine"),
    (["--group-by", "units"], "results column"),
    (["--shape", "openai"], "invalid choice"),
    (["--judge", "gpt"], "invalid choice"),
]


@pytest.mark.parametrize(("extra", "message"), USAGE)
def test_bad_usage_is_one_line_and_exit_2(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["audit", str(log), "--out", str(tmp_path), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grounding-guard: error:") and err.count("\n") == 1
    assert message in err


def test_missing_inputs_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["audit", str(tmp_path / "nope*.jsonl"), "--out", str(tmp_path)]) == 2
    assert "no such file" in capsys.readouterr().err
    (tmp_path / "notes.txt").write_text("x")
    assert main(["audit", str(tmp_path), "--out", str(tmp_path / "o")]) == 2
    assert "no log files" in capsys.readouterr().err

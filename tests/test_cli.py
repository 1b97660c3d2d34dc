"""The ``grounding-guard`` command line: inputs, outputs, exit codes, colour, the demo.

Every fixture answer puts one sentence on a line, so verdicts hold whether the segmenter
cuts at lines or at sentences.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import grounding_guard
from grounding_guard.cli import colorize_summary, main, use_color
from grounding_guard.errors import EvidenceError
from grounding_guard.evaluation.calibration import Thresholds
from grounding_guard.evidence.files import load_catalog_path, load_evidence_path
from grounding_guard.report import load_schema

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_EXAMPLES = Path(grounding_guard.__file__).resolve().parent / "examples"

CHUNKS = [
    "The battery lasts 14 hours on a single charge.",
    "The charging case holds three extra charges.",
]
CLEAN = (
    "The battery lasts 14 hours on a single charge [1].\n"
    "The charging case holds three extra charges [2].\n"
)
FAILING = CLEAN + (
    "The warranty covers accidental damage [3].\n"
    "Shipping is free in every country.\n"
    "The case is fully waterproof [citation needed].\n"
)
FAILING_COUNTS = {"grounded": 2, "invalid": 1, "ungrounded": 1, "placeholder": 1}


def _counts(report: dict[str, Any]) -> dict[str, int]:
    return {status: n for status, n in report["counts"].items() if n}


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def answer(tmp_path: Path) -> Path:
    return _write(tmp_path / "answer.md", FAILING)


@pytest.fixture
def clean_answer(tmp_path: Path) -> Path:
    return _write(tmp_path / "clean.md", CLEAN)


@pytest.fixture
def evidence(tmp_path: Path) -> Path:
    return _write(tmp_path / "evidence.json", json.dumps({"1": CHUNKS[0], "2": CHUNKS[1]}))


@pytest.fixture(autouse=True)
def _plain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    capsys.readouterr()
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


# ---- evidence formats ------------------------------------------------------------------


def _evidence_mapping(tmp: Path) -> Path:
    return _write(tmp / "ev.json", json.dumps({"1": CHUNKS[0], "2": CHUNKS[1]}))


def _evidence_list(tmp: Path) -> Path:
    return _write(tmp / "ev.json", json.dumps(CHUNKS))


def _evidence_objects(tmp: Path) -> Path:
    objects = [{"id": str(n), "text": t, "metadata": {"page": n}} for n, t in enumerate(CHUNKS, 1)]
    return _write(tmp / "ev.json", json.dumps(objects))


def _evidence_jsonl(tmp: Path) -> Path:
    lines = [json.dumps({"id": n, "text": t}) for n, t in enumerate(CHUNKS, 1)]
    return _write(tmp / "ev.jsonl", "\n".join(lines) + "\n\n")


def _evidence_jsonl_strings(tmp: Path) -> Path:
    return _write(tmp / "ev.jsonl", "\n".join(json.dumps(t) for t in CHUNKS) + "\n")


def _evidence_jsonl_as_json(tmp: Path) -> Path:
    lines = [json.dumps({"id": str(n), "text": t}) for n, t in enumerate(CHUNKS, 1)]
    return _write(tmp / "ev.json", "\n".join(lines))


def _evidence_directory(tmp: Path) -> Path:
    folder = tmp / "chunks"
    folder.mkdir()
    _write(folder / "1.txt", CHUNKS[0])
    _write(folder / "2.md", CHUNKS[1] + "\n")
    _write(folder / "notes.rst", "ignored: not .txt/.md")
    return folder


@pytest.mark.parametrize(
    "make",
    [
        _evidence_mapping,
        _evidence_list,
        _evidence_objects,
        _evidence_jsonl,
        _evidence_jsonl_strings,
        _evidence_jsonl_as_json,
        _evidence_directory,
    ],
)
def test_every_evidence_format_gives_the_same_verdicts(
    make: Any, tmp_path: Path, answer: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = make(tmp_path)
    code, report = run_json(capsys, "check", str(answer), "--evidence", str(path))
    assert code == 1
    assert _counts(report) == FAILING_COUNTS
    assert report["evidence_ids"] == ["1", "2"]
    assert report["unresolved_ids"] == ["3"]


def test_directory_ids_are_stems_in_natural_order(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("10.txt", "2.md", "1.txt", ".hidden.txt"):
        _write(folder / name, f"chunk {name}")
    assert list(load_evidence_path(folder)) == ["1", "2", "10"]


def test_single_text_file_is_one_chunk(tmp_path: Path) -> None:
    path = _write(tmp_path / "manual.md", "The manual.")
    assert load_evidence_path(path) == {"manual": "The manual."}


# ---- exit codes ------------------------------------------------------------------------


def test_clean_answer_exits_0(
    clean_answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(clean_answer), "--evidence", str(evidence)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: 2 grounded")


def test_failing_answer_exits_1(
    answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(answer), "--evidence", str(evidence)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL:")
    for status in FAILING_COUNTS:
        assert status in out
    assert "unknown_citation" in out


def _bad_json(tmp: Path) -> Path:
    return _write(tmp / "bad.json", '{"1": "unterminated')


def _number_json(tmp: Path) -> Path:
    return _write(tmp / "n.json", "42")


def _bad_chunk(tmp: Path) -> Path:
    return _write(tmp / "bad.json", json.dumps({"1": 5}))


def _duplicate_ids(tmp: Path) -> Path:
    return _write(
        tmp / "dup.json", json.dumps([{"id": "1", "text": "a"}, {"id": "1", "text": "b"}])
    )


def _bad_jsonl(tmp: Path) -> Path:
    return _write(tmp / "bad.jsonl", '{"id": 1, "text": "a"}\n[1, 2]\n')


def _empty_dir(tmp: Path) -> Path:
    folder = tmp / "empty"
    folder.mkdir()
    return folder


def _not_utf8(tmp: Path) -> Path:
    path = tmp / "latin.json"
    path.write_bytes(b'{"1": "caf\xe9"}')
    return path


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (_bad_json, "invalid JSON"),
        (_number_json, "got a JSON number"),
        (_bad_chunk, "cannot read text"),
        (_duplicate_ids, "duplicate evidence id"),
        (_bad_jsonl, ":2:"),
        (_empty_dir, "no .txt or .md files"),
        (_not_utf8, "not UTF-8"),
    ],
)
def test_bad_evidence_exits_2_with_one_line(
    make: Any, says: str, tmp_path: Path, answer: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = make(tmp_path)
    assert main(["check", str(answer), "--evidence", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("grounding-guard: error: ")
    assert captured.err.count("\n") == 1
    assert says in captured.err
    assert "Traceback" not in captured.err


def test_missing_files_exit_2(
    tmp_path: Path, answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nope.json")
    assert main(["check", str(answer), "--evidence", missing]) == 2
    assert "nope.json" in capsys.readouterr().err
    assert main(["check", str(tmp_path / "nope.md"), "--evidence", str(evidence)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grounding-guard: error: ")
    assert "nope.md" in err
    assert main(["check", str(tmp_path), "--evidence", str(evidence)]) == 2  # a directory
    assert capsys.readouterr().err.startswith("grounding-guard: error: ")


def test_answer_not_utf8_exits_2(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "answer.md"
    path.write_bytes(b"Caf\xe9 [1].")
    assert main(["check", str(path), "--evidence", str(evidence)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


@pytest.mark.parametrize(
    "extra",
    [
        ["--citations", "harvard"],
        ["--mode", "shout"],
        ["--fail-on", "sometimes"],
        ["--min-coverage", "1.5"],
        ["--min-coverage", "lots"],
        ["--bogus"],
    ],
)
def test_bad_options_exit_2(
    extra: list[str], answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(answer), "--evidence", str(evidence), *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("grounding-guard: error:")
    assert captured.err.count("\n") == 1  # one line, not the whole usage
    assert "usage:" not in captured.err
    assert captured.err.rstrip().endswith("--help)")  # where the usage is


def test_usage_errors_exit_2(answer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["check", str(answer)]) == 2  # --evidence is required
    assert main(["explain"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"grounding-guard {grounding_guard.__version__}"
    assert main(["check", "--help"]) == 0
    assert "--evidence" in capsys.readouterr().out


# ---- options ---------------------------------------------------------------------------


def test_fail_on_narrows_what_fails(
    answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["check", str(answer), "--evidence", str(evidence)]
    assert main([*base, "--fail-on", "contradicted"]) == 0
    assert main([*base, "--fail-on", "contradicted", "invalid"]) == 1
    assert main([*base, "--fail-on", "contradicted,ungrounded"]) == 1
    code, report = run_json(capsys, *base, "--fail-on", "none")
    assert code == 0
    assert report["fail_on"] == []


def test_min_coverage(tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path / "a.md", CLEAN + "The case is fully waterproof [citation needed].\n")
    base = ["check", str(path), "--evidence", str(evidence)]
    assert main(base) == 0  # a placeholder is an honest gap, not a failure
    assert main([*base, "--min-coverage", "0.6"]) == 0
    assert main([*base, "--min-coverage", "1"]) == 1
    assert "< min 1.00" in capsys.readouterr().out


def test_filter_mode_prints_the_kept_text(
    answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(answer), "--evidence", str(evidence), "--mode", "filter"]) == 1
    out = capsys.readouterr().out
    summary, _, returned = out.partition("returned text (mode=filter):\n")
    assert "accidental damage" in summary
    assert "The battery lasts 14 hours" in returned
    assert "[citation needed]" in returned  # placeholders do not fail by default
    assert "accidental damage" not in returned
    assert "Shipping" not in returned


def test_block_mode_prints_the_refusal(
    answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["check", str(answer), "--evidence", str(evidence), "--mode", "block"]
    assert main([*base, "--refusal", "Sorry, not from these sources."]) == 3
    out = capsys.readouterr().out
    assert "returned text (mode=block, blocked):\nSorry, not from these sources." in out
    code, report = run_json(capsys, *base)
    assert code == 3
    assert report["blocked"] is True
    assert report["text"] == grounding_guard.DEFAULT_REFUSAL


def test_flag_mode_prints_no_returned_text(
    clean_answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["check", str(clean_answer), "--evidence", str(evidence)])
    assert "returned text" not in capsys.readouterr().out


def test_citations_style(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.md", "The battery lasts 14 hours on a single charge [Source 1].\n")
    code, report = run_json(capsys, "check", str(path), "--evidence", str(evidence))
    assert (code, report["citation_style"]) == (0, "source")
    code, report = run_json(
        capsys, "check", str(path), "--evidence", str(evidence), "--citations", "numeric"
    )
    assert report["citation_style"] == "numeric"
    assert report["cited_ids"] == []


def test_catalog_marks_not_retrieved(
    answer: Path, evidence: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for catalog in (
        _write(tmp_path / "catalog.json", json.dumps([1, 2, 3, "4"])),
        _write(tmp_path / "catalog.txt", "# every chunk in the index\n1\n2\n\n3\n"),
    ):
        code, report = run_json(
            capsys, "check", str(answer), "--evidence", str(evidence), "--catalog", str(catalog)
        )
        assert code == 1
        codes = [r["code"] for u in report["units"] for r in u["reasons"]]
        assert "not_retrieved" in codes
        assert "unknown_citation" not in codes


def test_bad_catalog_exits_2(
    answer: Path, evidence: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _write(tmp_path / "catalog.json", json.dumps([{"id": 1}]))
    assert main(["check", str(answer), "--evidence", str(evidence), "--catalog", str(catalog)]) == 2
    assert "catalog id #1" in capsys.readouterr().err
    with pytest.raises(EvidenceError):
        load_catalog_path(_write(tmp_path / "c.json", "7"))


def test_strict_citations(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(
        tmp_path / "a.md",
        "The battery lasts 14 hours and the charging case holds three extra charges [1, 2].\n",
    )
    base = ["check", str(path), "--evidence", str(evidence)]
    code, report = run_json(capsys, *base)
    assert (code, _counts(report)) == (0, {"grounded": 1})
    code, report = run_json(capsys, *base, "--strict-citations")
    assert (code, _counts(report)) == (1, {"invalid": 1})


# ---- outputs ---------------------------------------------------------------------------


def test_json_output_follows_the_schema(
    answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = run_json(capsys, "check", str(answer), "--evidence", str(evidence))
    assert code == 1
    Draft202012Validator(load_schema()).validate(report)
    assert report["is_clean"] is False
    assert report["answer"] == FAILING


def test_html_output_is_written(
    answer: Path, evidence: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    assert main(["check", str(answer), "--evidence", str(evidence), "--html", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert "<html" in page
    assert "status-invalid" in page
    captured = capsys.readouterr()
    assert captured.out.startswith("FAIL:")
    assert "report.html" in captured.err


def test_html_to_a_missing_folder_exits_2(
    answer: Path, evidence: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "report.html"
    assert main(["check", str(answer), "--evidence", str(evidence), "--html", str(out)]) == 2
    assert capsys.readouterr().err.startswith("grounding-guard: error: ")


def test_answer_from_stdin(
    evidence: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(FAILING))
    code, report = run_json(capsys, "check", "-", "--evidence", str(evidence))
    assert code == 1
    assert _counts(report) == FAILING_COUNTS
    raw = ("\ufeff" + CLEAN.replace("\n", "\r\n")).encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="latin-1"))
    code, report = run_json(capsys, "check", "-", "--evidence", str(evidence))
    assert code == 0
    assert report["answer"] == CLEAN  # read as UTF-8, BOM dropped, newlines made \n


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal(
    answer: Path,
    evidence: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["check", str(answer), "--evidence", str(evidence), "--mode", "filter"]
    main(argv)  # captured output is no terminal
    assert "\x1b[" not in capsys.readouterr().out
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    main(argv)
    coloured = terminal.getvalue()
    assert "\x1b[1;31mFAIL\x1b[0m" in coloured
    assert "\x1b[32mgrounded\x1b[0m" in coloured
    for disable in ("--no-color", None):
        terminal = _Terminal()
        monkeypatch.setattr(sys, "stdout", terminal)
        if disable is None:
            monkeypatch.setenv("NO_COLOR", "1")
        main(argv + ([disable] if disable else []))
        assert "\x1b[" not in terminal.getvalue()
        assert terminal.getvalue().startswith("FAIL:")


def test_use_color_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    assert use_color(_Terminal())
    assert not use_color(_Terminal(), disabled=True)
    assert not use_color(io.StringIO())
    monkeypatch.setenv("TERM", "dumb")
    assert not use_color(_Terminal())
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(_Terminal())
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: an empty value does not count
    assert use_color(_Terminal())


def test_answer_text_cannot_drive_the_terminal(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.md", "Evil \x1b]0;pwned\x07 title [1].\n")
    main(["check", str(path), "--evidence", str(evidence), "--mode", "filter"])
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "\x07" not in out
    assert "\\x1b]0" in out  # shown escaped, wherever the segmenter cuts
    assert colorize_summary("OK: x\ngrounded  y", color=False) == "OK: x\ngrounded  y"


# ---- demo ------------------------------------------------------------------------------


def test_demo_runs_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "FAIL:" in out  # the example fails on purpose; demo exits 0 anyway
    for status in ("grounded", "invalid", "ungrounded", "placeholder"):
        assert status in out
    assert "unknown_citation" in out
    assert "\x1b[" not in out


def test_demo_json_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo.html"
    assert main(["demo", "--json", "--html", str(out), "--mode", "block"]) == 0
    report = json.loads(capsys.readouterr().out)
    Draft202012Validator(load_schema()).validate(report)
    assert report["blocked"] is True
    assert report["evidence_ids"] == ["1", "2", "3", "4", "5"]
    assert report["unresolved_ids"] == ["7"]
    assert "<html" in out.read_text(encoding="utf-8")


def test_bundled_example_matches_the_repository_copy() -> None:
    repo = ROOT / "examples"
    if not repo.is_dir():
        pytest.skip("no repository checkout")
    for name in ("answer.md", "evidence.json"):
        assert (repo / name).read_bytes() == (PACKAGE_EXAMPLES / name).read_bytes(), name


def test_example_evidence_shape() -> None:
    chunks = load_evidence_path(PACKAGE_EXAMPLES / "evidence.json")
    assert isinstance(chunks, list)
    assert [c["id"] for c in chunks] == ["1", "2", "3", "4", "5"]
    assert all(80 <= len(c["text"].split()) <= 200 for c in chunks)


def test_python_dash_m_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "grounding_guard", "demo"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "grounded" in result.stdout
    assert "\x1b[" not in result.stdout  # a pipe is no terminal


# ---- issue 14: the CLI can use what the library has ------------------------------------------


def test_output_text_prints_only_the_text_to_ship(
    answer: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["check", str(answer), "--evidence", str(evidence), "--output", "text"]
    assert main([*base, "--mode", "filter"]) == 1  # failing units dropped: still a failure
    filtered = capsys.readouterr().out
    assert filtered.startswith("The battery lasts 14 hours")
    assert "accidental damage" not in filtered
    assert "returned text" not in filtered  # no summary around it
    assert main([*base, "--mode", "block", "--refusal", "No."]) == 3
    assert capsys.readouterr().out == "No."


@pytest.mark.parametrize(
    ("mode", "text", "code"),
    [
        ("flag", CLEAN, 0),
        ("flag", FAILING, 1),
        ("filter", FAILING, 1),
        ("block", FAILING, 3),
        ("block", CLEAN, 0),
    ],
)
def test_exit_codes_tell_filtered_from_blocked(
    mode: str, text: str, code: int, tmp_path: Path, evidence: Path
) -> None:
    path = _write(tmp_path / "a.md", text)
    assert main(["check", str(path), "--evidence", str(evidence), "--mode", mode]) == code


def test_filter_that_keeps_too_little_is_a_refusal(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.md", "Shipping is free in every country.\n")
    argv = ["check", str(path), "--evidence", str(evidence), "--mode", "filter", "--json"]
    assert main(argv) == 3
    assert json.loads(capsys.readouterr().out)["blocked"] is True


@pytest.mark.parametrize("empty", ["{}", "[]"])
def test_empty_evidence_is_unusable_input(
    empty: str, answer: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "ev.json", empty)
    assert main(["check", str(answer), "--evidence", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grounding-guard: error:") and "no evidence" in err


def test_max_chars_refuses_a_long_answer_with_a_clear_error(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.md", CLEAN)
    assert main(["check", str(path), "--evidence", str(evidence), "--max-chars", "20"]) == 2
    err = capsys.readouterr().err
    assert f"the answer is {len(CLEAN)} characters, over --max-chars 20" in err
    assert main(["check", str(path), "--evidence", str(evidence), "--max-chars", "100000"]) == 0


def test_threshold_options_reach_the_guard(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # half the claim's content words stand in the evidence: 0.6 rejects it, 0.4 accepts it
    path = _write(tmp_path / "a.md", "The battery lasts 14 hours with deep crimson lights [1].\n")
    base = ["check", str(path), "--evidence", str(evidence)]
    assert main(base) == 1
    assert main([*base, "--threshold", "0.4"]) == 0
    thresholds = tmp_path / "thr.json"
    Thresholds(judge="deterministic", support=0.4).save(thresholds)
    assert main([*base, "--thresholds", str(thresholds)]) == 0
    assert (
        main([*base, "--thresholds", str(thresholds), "--threshold", "0.9"]) == 1
    )  # explicit wins


def test_locale_and_values_reach_the_guard(tmp_path: Path) -> None:
    evidence = _write(tmp_path / "ev.json", json.dumps({"1": "Der Umsatz betrug 1.234,5 Euro."}))
    path = _write(tmp_path / "a.md", "Der Umsatz betrug 1.234,5 Euro [1].\n")
    assert main(["check", str(path), "--evidence", str(evidence), "--locale", "de"]) == 0
    assert (
        main(["check", str(path), "--evidence", str(evidence), "--values", "india_accounting"]) == 0
    )
    assert main(["check", str(path), "--evidence", str(evidence), "--values", "roman"]) == 2


def test_judge_choice_is_offered_and_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--help"]) == 0
    text = capsys.readouterr().out
    for option in (
        "--judge",
        "--threshold",
        "--judge-threshold",
        "--thresholds",
        "--locale",
        "--values",
        "--max-chars",
        "--output",
    ):
        assert option in text
    assert main(["check", "a.md", "-e", "x.json", "--judge", "oracle"]) == 2


def test_eval_help_names_its_default_judge_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "default default" not in text
    assert "(default: the default judge)" in text


def test_json_output_escapes_what_would_drive_a_terminal(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.md", "Evil \u009b31m text \u202e reversed [1].\n")
    main(["check", str(path), "--evidence", str(evidence), "--json"])
    out = capsys.readouterr().out
    assert "\u009b" not in out and "\u202e" not in out
    assert "\\u009b" in out and "\\u202e" in out
    assert "\u009b31m" in json.loads(out)["answer"]  # the same JSON value


def test_a_long_answer_shows_its_progress_on_stderr(
    tmp_path: Path, evidence: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from grounding_guard.cli import LONG_ANSWER

    sentence = "The battery lasts 14 hours on a single charge [1].\n"
    path = _write(tmp_path / "a.md", sentence * (LONG_ANSWER // len(sentence) + 1))
    assert main(["check", str(path), "--evidence", str(evidence)]) == 0
    err = capsys.readouterr().err
    assert "check: " in err and " units, " in err  # progress lines, ending at the total
    assert main(["check", str(path), "--evidence", str(evidence), "--quiet"]) == 0
    assert capsys.readouterr().err == ""

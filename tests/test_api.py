"""The public surface: one __all__, the exception tree, sharing a Guard, the report as JSON/HTML."""

from __future__ import annotations

import inspect
import json
import threading

import jsonschema
import pytest

import grounding_guard as gg
from grounding_guard.report import load_schema

EVIDENCE = {
    "1": "Independent lab testing measured 14 hours of battery life on a full charge.",
    "2": "The product ships with a 90 day return window and a 1 year limited warranty.",
}
ANSWER = (
    "# Battery\n\nBattery life is 14 hours [1]. It cures headaches. Returns take 90 days [2]. "
    "The warranty lasts 5 years [2]. Refunds are quick [citation needed]. Warranty [7].\n"
)


def test_all_names_exist_and_are_sorted() -> None:
    for name in gg.__all__:
        assert hasattr(gg, name), name
    assert len(set(gg.__all__)) == len(gg.__all__)


def test_exception_tree() -> None:
    assert issubclass(gg.ConfigError, gg.GroundingGuardError)
    assert issubclass(gg.ConfigError, TypeError)
    assert issubclass(gg.JudgeError, gg.ConfigError)
    assert issubclass(gg.EvidenceError, gg.GroundingGuardError)
    assert issubclass(gg.EvidenceError, ValueError)
    assert issubclass(gg.UngroundedAnswerError, gg.GroundingGuardError)


def test_import_pulls_no_framework_or_async_runtime() -> None:
    import subprocess
    import sys

    code = (
        "import sys, grounding_guard; "
        "heavy = {'asyncio', 'torch', 'onnxruntime', 'langchain_core', 'llama_index', 'guardrails'}; "
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_import_defers_the_checking_machinery_until_a_name_needs_it() -> None:
    """``import grounding_guard`` loads types and errors only; the first use of a lazily
    exported name loads its module and keeps the name on the package."""
    import subprocess
    import sys

    code = (
        "import sys, grounding_guard as gg; "
        "before = 'grounding_guard.pipeline.engine' in sys.modules; "
        "gg.check('A [1].', {'1': 'A.'}); "
        "after = 'grounding_guard.pipeline.engine' in sys.modules; "
        "print(before, after, 'check' in vars(gg), 'Guard' in dir(gg))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "True", "True"]


def test_an_unknown_package_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Gaurd'"):
        _ = gg.Gaurd  # type: ignore[attr-defined]


def test_report_json_follows_the_shipped_schema() -> None:
    for mode in ("flag", "filter", "block"):
        report = gg.check(ANSWER, EVIDENCE, mode=mode, catalog=["1", "2", "3"])
        data = json.loads(report.to_json())
        jsonschema.Draft202012Validator(load_schema()).validate(data)
        assert data["counts"] == report.counts
        assert [u["status"] for u in data["units"]] == [u.status.value for u in report.units]


def test_html_report_shows_every_unit() -> None:
    report = gg.check(ANSWER, EVIDENCE)
    page = report.to_html()
    assert page.startswith("<!DOCTYPE html>") or page.lower().startswith("<!doctype html>")
    for status in ("grounded", "ungrounded", "invalid", "contradicted", "placeholder", "skipped"):
        assert f"status-{status}" in page
    assert report._repr_html_()


def test_summary_names_each_status() -> None:
    text = gg.check(ANSWER, EVIDENCE).summary()
    for word in ("grounded", "ungrounded", "invalid", "contradicted", "placeholder"):
        assert word in text


def test_one_guard_shared_between_threads_gives_the_same_reports() -> None:
    guard = gg.Guard(mode="filter")
    answers = [ANSWER, "Battery life is 14 hours [1].", "It cures headaches.", ANSWER.upper()]
    expected = [guard.check(a, EVIDENCE).to_dict() for a in answers]
    results: list[list[dict[str, object]]] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            results.append([guard.check(a, dict(EVIDENCE)).to_dict() for a in answers * 5])
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    for result in results:
        assert result == expected * 5


def test_acheck_equals_check() -> None:
    import asyncio

    guard = gg.Guard()
    assert (
        asyncio.run(guard.acheck(ANSWER, EVIDENCE)).to_dict()
        == guard.check(ANSWER, EVIDENCE).to_dict()
    )
    assert asyncio.run(gg.acheck(ANSWER, EVIDENCE)).counts == gg.check(ANSWER, EVIDENCE).counts


def test_reasons_codes_are_documented() -> None:
    from grounding_guard.verdict import REASON_CODES

    report = gg.check(ANSWER, EVIDENCE, catalog=["3"])
    for unit in report.units:
        for reason in unit.reasons:
            assert reason.code in REASON_CODES, reason.code


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_blocked_only_in_block_or_empty_filter(mode: str) -> None:
    report = gg.check(ANSWER, EVIDENCE, mode=mode)
    assert report.blocked is (mode == "block")


# ---- issue 14: check() shows its options ------------------------------------------------------


@pytest.mark.parametrize("function", [gg.check, gg.acheck])
def test_check_takes_exactly_the_guards_options_by_name(function: object) -> None:
    """check()/acheck() list every Guard option (visible to help() and editors), with the
    same defaults and annotations, so the two can never drift apart."""
    own = inspect.signature(function)  # type: ignore[arg-type]
    guard = inspect.signature(gg.Guard.__init__)
    options = {
        k: v for k, v in own.parameters.items() if k not in ("answer", "evidence", "catalog")
    }
    expected = {k: v for k, v in guard.parameters.items() if k != "self"}
    assert list(options) == list(expected)
    for name, parameter in options.items():
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, name
        assert parameter.default == expected[name].default, name
        assert parameter.annotation == expected[name].annotation, name


def test_progress_reports_every_unit_in_order() -> None:
    seen: list[tuple[int, int]] = []
    answer = "The battery lasts 14 hours [1]. The case holds three charges [1]. Shipping is free."
    gg.Guard().check(
        answer, ["The battery lasts 14 hours."], progress=lambda d, t: seen.append((d, t))
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("citations", ["numeric", "none"])
@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("The battery lasts 14 hours [1].", gg.Status.GROUNDED),
        ("The battery lasts 20 hours [1].", gg.Status.CONTRADICTED),  # a veto path
        ("Berlin hosted the summit in May [2].", gg.Status.CONTRADICTED),  # a swapped name
        ("Paris hosted the summit in May, Reuters said [2].", gg.Status.GROUNDED),  # added name
    ],
)
def test_a_zero_threshold_is_valid_through_the_whole_check(
    citations: str, answer: str, status: gg.Status
) -> None:
    """Guard(threshold=0.0) was accepted, then raised ConfigError when a veto fired."""
    evidence = ["The battery lasts 14 hours.", "Paris hosted the summit in May."]
    report = gg.Guard(threshold=0.0, citations=citations).check(answer, evidence)
    expected = (
        gg.Status.UNGROUNDED if citations == "none" and status is gg.Status.INVALID else status
    )
    assert report.units[0].status is expected


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"threshold": -0.1}, "threshold"),
        ({"threshold": 1.5}, "threshold"),
        ({"judge_threshold": 2}, "judge_threshold"),
        ({"min_coverage": float("nan")}, "min_coverage"),
        ({"answer_budget": -1}, "answer_budget"),
    ],
)
def test_bad_thresholds_fail_at_construction(options: dict[str, object], message: str) -> None:
    with pytest.raises(gg.ConfigError, match=message):
        gg.Guard(**options)  # type: ignore[arg-type]

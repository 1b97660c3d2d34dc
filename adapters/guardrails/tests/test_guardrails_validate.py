"""Whole answers through real ``guardrails.Guard`` objects: every on_fail action, the error
spans, the metadata, the options, and answers from a fake LLM callable."""

from __future__ import annotations

from typing import Any

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from guardrails_grounding_guard import GroundedAnswer
from guardrails_scenario import (
    ANSWER,
    CLEAN_ANSWER,
    FAILING,
    FILTERED,
    FORGED,
    GROUNDED_1,
    GROUNDED_3,
    MESSAGES,
    SOURCES,
    UNCITED,
    FakeLLM,
    core_filter,
)

import grounding_guard as gg


def _validate(on_fail: Any = "fix", answer: str = ANSWER, **options: Any) -> Any:
    guard = Guard().use(GroundedAnswer(on_fail=on_fail, **options))
    outcome = guard.validate(answer, metadata={"sources": SOURCES})
    return guard, outcome


def _log(guard: Guard) -> Any:
    (log,) = guard.history.last.iterations.last.validator_logs
    return log


def test_the_scenario_is_what_the_core_says() -> None:
    report = core_filter(ANSWER)
    failing = [(u.text, u.status.value, u.codes[0]) for u in report.failing]
    assert failing == FAILING
    assert report.text == FILTERED


# ---- on_fail actions: what Guardrails does with the FailResult ---------------------------
@pytest.mark.parametrize(
    ("on_fail", "validated_output", "passed"),
    [
        ("fix", FILTERED, True),  # Guardrails counts a fixed output as passed
        (None, FILTERED, True),  # the default is fix
        ("noop", ANSWER, False),  # reported, output left as it was
        ("filter", None, False),
        ("refrain", None, False),
        ("reask", FILTERED, True),  # no LLM to reask: Guardrails falls back to the fix value
        ("fix_reask", FILTERED, True),  # the fixed answer passes the recheck
    ],
)
def test_on_fail_actions(on_fail: Any, validated_output: str | None, passed: bool) -> None:
    guard, outcome = _validate(on_fail)
    assert outcome.validated_output == validated_output
    assert outcome.validation_passed is passed
    assert outcome.raw_llm_output == ANSWER
    (summary,) = outcome.validation_summaries
    assert summary.validator_status == "fail"
    assert _log(guard).validation_result.fix_value == FILTERED


def test_reask_without_llm_reports_the_reask() -> None:
    _, outcome = _validate("reask")
    assert outcome.reask is not None
    assert outcome.reask.incorrect_value == ANSWER


def test_exception_raises_with_the_failing_units() -> None:
    with pytest.raises(ValidationError) as raised:
        _validate("exception")
    message = str(raised.value)
    for text, status, code in FAILING:
        assert text in message and status in message and code in message


def test_custom_on_fail_gets_the_value_and_the_fail_result() -> None:
    seen: list[Any] = []

    def on_fail(value: Any, fail_result: Any) -> str:
        seen.append((value, fail_result))
        return "custom: " + fail_result.fix_value

    _, outcome = _validate(on_fail)
    assert outcome.validated_output == "custom: " + FILTERED
    ((value, fail_result),) = seen
    assert value == ANSWER and len(fail_result.error_spans) == len(FAILING)


@pytest.mark.parametrize("on_fail", ["fix", "noop", "filter", "refrain", "reask"])
def test_clean_answer_passes_unchanged(on_fail: str) -> None:
    guard, outcome = _validate(on_fail, answer=CLEAN_ANSWER)
    assert outcome.validated_output == CLEAN_ANSWER
    assert outcome.validation_passed is True
    assert outcome.validation_summaries == []
    result = _log(guard).validation_result
    assert result.outcome == "pass"
    assert result.metadata["grounding"].is_clean


# ---- error spans: character offsets of the failing units in the answer --------------------
@pytest.mark.parametrize("on_fail", ["fix", "noop", "filter", "refrain", "reask"])
def test_error_spans_are_offsets_of_the_failing_units(on_fail: str) -> None:
    _, outcome = _validate(on_fail)
    (summary,) = outcome.validation_summaries
    spans = [(ANSWER[s.start : s.end], s.reason) for s in summary.error_spans]
    assert [text for text, _ in spans] == [text for text, _, _ in FAILING]
    for (_, reason), (_, status, code) in zip(spans, FAILING, strict=True):
        assert reason.startswith(f"{status} ({code}")
    assert summary.failure_reason.startswith("3 units not grounded in the evidence")


def test_spans_and_report_agree() -> None:
    guard, _ = _validate("noop")
    result = _log(guard).validation_result
    report = result.metadata["grounding"]
    assert [(s.start, s.end) for s in result.error_spans] == [
        (u.span.start, u.span.end) for u in report.failing
    ]


# ---- metadata: passed through, report added ------------------------------------------------
def test_metadata_passes_through_with_the_report() -> None:
    guard = Guard().use(GroundedAnswer())
    metadata = {"sources": SOURCES, "user_id": "u-1", "trace": {"k": 1}}
    guard.validate(ANSWER, metadata=metadata)
    result = _log(guard).validation_result
    assert {k: result.metadata[k] for k in metadata} == metadata
    report = result.metadata["grounding"]
    assert isinstance(report, gg.Report)
    assert report.mode == "filter" and report.text == FILTERED
    # filter mode still lists the dropped units with their statuses
    assert [u.status.value for u in report.units] == [
        "grounded",
        "invalid",
        "invalid",
        "ungrounded",
        "grounded",
    ]
    assert report.to_dict()["units"][1]["status"] == "invalid"


def test_validator_never_changes_the_callers_metadata() -> None:
    metadata = {"sources": SOURCES, "user_id": "u-1"}
    result = GroundedAnswer().validate(ANSWER, metadata)
    assert metadata == {"sources": SOURCES, "user_id": "u-1"}
    assert result.metadata == {**metadata, "grounding": result.metadata["grounding"]}


# ---- grounding-guard options pass through ------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, FILTERED),
        ({"citations": "numeric"}, FILTERED),
        ({"fail_on": ["invalid"]}, GROUNDED_1 + "\n" + UNCITED + "\n" + GROUNDED_3),
        ({"fail_on": ["ungrounded"]}, ANSWER.replace("\n" + UNCITED, "")),
        (
            {"judge": lambda claim, evidence: True},
            ANSWER.replace("\n" + UNCITED, "").replace(FORGED + "\n", ""),
        ),
    ],
)
def test_options_reach_the_core(options: dict[str, Any], expected: str) -> None:
    _, outcome = _validate("fix", **options)
    assert outcome.validated_output == expected
    assert expected == core_filter(ANSWER, **options).text


def test_nothing_grounded_left_gives_the_refusal() -> None:
    _, outcome = _validate("fix", answer=FORGED + "\n" + UNCITED, refusal="No sourced answer.")
    assert outcome.validated_output == "No sourced answer."


def test_min_coverage_fails_the_answer_without_a_failing_unit() -> None:
    answer = GROUNDED_1 + "\nWe could not confirm the opening hours [citation needed]."
    guard, outcome = _validate("noop", answer=answer, min_coverage=0.9)
    assert outcome.validation_passed is False
    result = _log(guard).validation_result
    assert result.error_spans == []
    assert "coverage 0.50 < min 0.90" in result.error_message


# ---- the LLM path: guard(llm_callable) --------------------------------------------------
def test_guard_calls_a_fake_llm_and_filters_its_answer() -> None:
    llm = FakeLLM(ANSWER)
    guard = Guard().use(GroundedAnswer())
    outcome = guard(llm, messages=MESSAGES, metadata={"sources": SOURCES})
    assert outcome.raw_llm_output == ANSWER
    assert outcome.validated_output == FILTERED
    assert llm.calls[0]["messages"] == MESSAGES


def test_reask_asks_the_llm_again() -> None:
    llm = FakeLLM(ANSWER, CLEAN_ANSWER)
    guard = Guard().use(GroundedAnswer(on_fail="reask"))
    outcome = guard(llm, messages=MESSAGES, metadata={"sources": SOURCES}, num_reasks=1)
    assert len(llm.calls) == 2
    assert outcome.validated_output == CLEAN_ANSWER
    assert outcome.validation_passed is True
    reask_prompt = str(llm.calls[1]["messages"])
    assert "unknown_citation" in reask_prompt  # the error message tells the model what failed


# ---- determinism --------------------------------------------------------------------------------
def test_same_input_same_result() -> None:
    runs = []
    for _ in range(3):
        guard, outcome = _validate("noop")
        result = _log(guard).validation_result
        runs.append(
            (
                outcome.validated_output,
                result.error_message,
                [(s.start, s.end, s.reason) for s in result.error_spans],
                result.fix_value,
                result.metadata["grounding"].to_dict(),
            )
        )
    assert runs[0] == runs[1] == runs[2]


def test_validator_is_callable_on_its_own() -> None:
    validator = GroundedAnswer(evidence=SOURCES)
    assert validator(ANSWER) == FILTERED
    assert validator(GROUNDED_3) == GROUNDED_3

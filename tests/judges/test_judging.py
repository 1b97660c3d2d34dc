"""Verdict tables: one row per judging rule, each an answer, its evidence and the status
a careful reader would give, with the reason codes that explain it."""

from __future__ import annotations

from typing import Any

import pytest

from grounding_guard import ConfigError, Guard, JudgeError, Judgement, Status, check

KIT_EVIDENCE = {
    "e1": "independent lab testing measured 14 hours of battery life on a full charge",
    "e2": "the product ships with a 90 day return window and a 1 year limited warranty",
}

KIT_TEXT = """
Battery life reached 14 hours in independent lab testing [[cite:e1]].
Some reviewers claim the app drains battery overnight.
The warranty covers accidental damage for five years [[cite:e2]].
We could not verify the exact refund processing time [citation needed].
"""


def test_grounding_kit_quick_start() -> None:
    report = check(KIT_TEXT, KIT_EVIDENCE)
    assert [u.status.value for u in report.units] == [
        "grounded",
        "ungrounded",
        "invalid",
        "placeholder",
    ]
    assert report.counts == {
        "contradicted": 0,
        "invalid": 1,
        "placeholder": 1,
        "grounded": 1,
        "ungrounded": 1,
        "skipped": 0,
    }
    assert not report.is_clean
    assert report.units[0].valid == ("e1",)
    assert report.units[2].cited == ("e2",)
    assert report.units[2].valid == ()
    assert report.valid_ids == ("e1",)


WARRANTY = {"1": "The product ships with a 90 day return window and a 1 year limited warranty."}
BATTERY = {"1": "Independent lab testing measured 14 hours of battery life on a full charge."}
REVENUE = {"1": "Revenue grew 40 percent in 2023, driven by strong demand in Europe."}
TREATY = {"1": "The Treaty of Versailles was a peace treaty signed on 28 June 1919."}
GATEWAY = {"1": "The gateway supports IPv6 and encrypts all traffic with TLS 1.3."}

ROWS: list[tuple[str, str, dict[str, str], dict[str, Any], str, set[str]]] = [
    # (name, answer, evidence, options, status, codes that must be present)
    (
        "verbatim",
        "Lab testing measured 14 hours of battery life [1].",
        BATTERY,
        {},
        "grounded",
        set(),
    ),
    (
        "paraphrase-overlap",
        "Battery life reached 14 hours in lab testing [1].",
        BATTERY,
        {},
        "grounded",
        set(),
    ),
    (
        "unknown-id",
        "Battery life reached 14 hours [7].",
        BATTERY,
        {},
        "invalid",
        {"unknown_citation"},
    ),
    (
        "misattributed",
        "The warranty covers accidental damage for five years [1].",
        WARRANTY,
        {},
        "invalid",
        {"unsupported_citation"},
    ),
    (
        "no-citation",
        "The app drains battery overnight [1]. It charges fast.",
        BATTERY,
        {},
        "invalid",
        {"unsupported_citation"},
    ),
    (
        "figure-changed",
        "Revenue grew 4 percent in 2023 [1].",
        REVENUE,
        {},
        "contradicted",
        {"value_mismatch"},
    ),
    (
        "year-changed",
        "The Treaty of Versailles was signed in 1918 [1].",
        TREATY,
        {},
        "contradicted",
        {"value_mismatch"},
    ),
    ("figure-kept", "Revenue grew 40 percent in 2023 [1].", REVENUE, {}, "grounded", set()),
    (
        "figure-absent",
        "Revenue grew 40 percent in 2023 to 7 billion [1].",
        REVENUE,
        {},
        "invalid",
        {"value_not_in_evidence"},
    ),
    (
        "negation-added",
        "The gateway does not support IPv6 [1].",
        GATEWAY,
        {},
        "contradicted",
        {"negation_mismatch"},
    ),
    (
        "negation-contraction",
        "The gateway doesn't support IPv6 [1].",
        GATEWAY,
        {},
        "contradicted",
        {"negation_mismatch"},
    ),
    (
        "direction-flip",
        "Revenue fell 40 percent in 2023 [1].",
        REVENUE,
        {},
        "contradicted",
        {"direction_mismatch"},
    ),
    # a name the evidence never mentions is reported but fails nothing (under 95% right
    # on the dev sets): the unit's words decide
    (
        "name-absent",
        "Revenue grew 40 percent in 2023 in Japan [1].",
        REVENUE,
        {},
        "grounded",
        {"name_not_in_evidence"},
    ),
    (
        "acronym-absent",
        "The gateway supports IPv6 and QUIC [1].",
        GATEWAY,
        {},
        "grounded",
        {"name_not_in_evidence"},
    ),
    # another name in the same slot contradicts the claim
    (
        "name-swapped",
        "Revenue grew 40 percent in 2023, driven by strong demand in Japan [1].",
        REVENUE,
        {},
        "contradicted",
        {"name_mismatch"},
    ),
    (
        "placeholder",
        "Refund timing is unclear [citation needed].",
        BATTERY,
        {},
        "placeholder",
        {"placeholder"},
    ),
    (
        "placeholder-with-forged-cite",
        "Refund timing is 5 days [9] [citation needed].",
        BATTERY,
        {},
        "invalid",
        {"unknown_citation"},
    ),
    (
        "placeholder-with-good-cite",
        "Battery life reached 14 hours [1] [TK: confirm].",
        BATTERY,
        {},
        "placeholder",
        {"placeholder"},
    ),
    (
        "empty-custom-id",
        "Battery life reached 14 hours [1].",
        BATTERY,
        {"citations": "numeric", "strict_citations": True},
        "grounded",
        set(),
    ),
]


@pytest.mark.parametrize(
    ("answer", "evidence", "options", "status", "codes"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_verdict_table(
    answer: str, evidence: dict[str, str], options: dict[str, Any], status: str, codes: set[str]
) -> None:
    report = check(answer, evidence, **options)
    unit = report.units[0]
    assert unit.status.value == status, unit.reasons
    assert codes <= set(unit.codes)


def test_value_mismatch_carries_both_spans() -> None:
    answer = "The Treaty of Versailles was signed in 1918 [1]."
    report = check(answer, TREATY)
    reason = next(r for r in report.units[0].reasons if r.code == "value_mismatch")
    assert reason.span is not None and reason.span.of(answer) == "1918"
    assert reason.evidence_id == "1"
    assert reason.evidence_span is not None and reason.evidence_span.of(TREATY["1"]) == "1919"


def test_direction_mismatch_carries_both_spans() -> None:
    answer = "Revenue fell 40 percent in 2023 [1]."
    reason = next(
        r for r in check(answer, REVENUE).units[0].reasons if r.code == "direction_mismatch"
    )
    assert reason.span is not None and reason.span.of(answer) == "fell"
    assert reason.evidence_span is not None and reason.evidence_span.of(REVENUE["1"]) == "grew"


MULTI = {
    "1": "Acme was founded in 1990 in Ohio.",
    "2": "Acme employs 500 people at its Ohio plant.",
    "3": "The museum opens at nine on weekdays.",
}


def test_union_of_cited_ids_supports() -> None:
    report = check("Acme was founded in 1990 and employs 500 people [1][2].", MULTI)
    unit = report.units[0]
    assert unit.status is Status.GROUNDED
    assert unit.valid == ("1", "2")


def test_strict_citations_demands_each_id_alone() -> None:
    report = check(
        "Acme was founded in 1990 and employs 500 people [1][2].", MULTI, strict_citations=True
    )
    unit = report.units[0]
    assert unit.status is Status.INVALID
    assert "unsupported_citation" in unit.codes


def test_irrelevant_citation_is_reported_without_failing_the_unit() -> None:
    report = check("Acme was founded in 1990 in Ohio [1][3].", MULTI)
    unit = report.units[0]
    assert unit.status is Status.GROUNDED
    assert "irrelevant_citation" in unit.codes
    assert report.irrelevant_ids == ("3",)
    assert unit.valid == ("1",)


def test_irrelevant_citation_fails_the_unit_under_strict_citations() -> None:
    report = check("Acme was founded in 1990 in Ohio [1][3].", MULTI, strict_citations=True)
    unit = report.units[0]
    assert unit.status is Status.INVALID
    assert [r.evidence_id for r in unit.reasons if r.code == "unsupported_citation"] == ["3"]


@pytest.mark.parametrize(
    ("judge", "status"),
    [
        (lambda claim, evidence: True, "grounded"),
        (lambda claim, evidence: False, "invalid"),
        (lambda claim, evidence: 0.9, "grounded"),
        (lambda claim, evidence: 0.1, "invalid"),
        (lambda claim, evidence: Judgement("contradicted", 0.0), "contradicted"),
    ],
    ids=["true", "false", "high", "low", "judgement"],
)
def test_user_judge_replaces_lexical_support(judge: Any, status: str) -> None:
    report = check("The warranty covers accidental damage [1].", WARRANTY, judge=judge)
    assert report.units[0].status.value == status


@pytest.mark.parametrize(
    "answer_value",
    [None, "true", 1, 0, float("nan"), 1.5, -0.1, object()],
    ids=["none", "str", "one", "zero", "nan", "above", "below", "object"],
)
def test_malformed_judge_answer_is_an_error_never_support(answer_value: Any) -> None:
    with pytest.raises(JudgeError):
        check(
            "The warranty covers accidental damage [1].", WARRANTY, judge=lambda c, e: answer_value
        )


def test_judge_exception_propagates() -> None:
    def broken(claim: str, evidence: str) -> bool:
        raise RuntimeError("model down")

    with pytest.raises(RuntimeError, match="model down"):
        check("The warranty is 1 year [1].", WARRANTY, judge=broken)


def test_async_judge_in_sync_check_and_acheck() -> None:
    import asyncio

    async def judge(claim: str, evidence: str) -> bool:
        return "warranty" in claim

    guard = Guard(judge=judge)
    assert (
        guard.check("The warranty lasts a year [1].", WARRANTY).units[0].status is Status.GROUNDED
    )
    report = asyncio.run(guard.acheck("The app is fast [1].", WARRANTY))
    assert report.units[0].status is Status.INVALID


def test_async_judge_inside_running_loop_needs_acheck() -> None:
    import asyncio

    async def judge(claim: str, evidence: str) -> bool:
        return True

    async def main() -> None:
        with pytest.raises(ConfigError, match="acheck"):
            Guard(judge=judge).check("A claim [1].", WARRANTY)

    asyncio.run(main())


def test_term_checks_veto_a_permissive_judge() -> None:
    report = check("Revenue grew 4 percent in 2023 [1].", REVENUE, judge=lambda c, e: True)
    assert report.units[0].status is Status.CONTRADICTED
    report = check(
        "Revenue grew 4 percent in 2023 [1].", REVENUE, judge=lambda c, e: True, term_checks=False
    )
    assert report.units[0].status is Status.GROUNDED


ATTRIBUTION_EVIDENCE = [
    "Independent lab testing measured 14 hours of battery life on a full charge.",
    "The product ships with a 90 day return window and a 1 year limited warranty.",
]


@pytest.mark.parametrize(
    ("answer", "status", "evidence_id"),
    [
        ("Lab testing measured 14 hours of battery life.", "grounded", "1"),
        ("The product has a 90 day return window.", "grounded", "2"),
        ("Lab testing measured 12 hours of battery life.", "contradicted", None),
        ("The app drains battery overnight.", "ungrounded", None),
    ],
)
def test_attribution_mode(answer: str, status: str, evidence_id: str | None) -> None:
    report = check(answer, ATTRIBUTION_EVIDENCE, citations="none")
    unit = report.units[0]
    assert report.attribution
    assert unit.status.value == status, unit.reasons
    if evidence_id is not None:
        assert unit.support[0].evidence_id == evidence_id
        support_text = unit.support[0].span.of(ATTRIBUTION_EVIDENCE[int(evidence_id) - 1])
        assert support_text == ATTRIBUTION_EVIDENCE[int(evidence_id) - 1]


def test_auto_attributes_only_an_answer_without_markers() -> None:
    cited = check(
        "Battery life is 14 hours [1]. The return window is 90 days.", ATTRIBUTION_EVIDENCE
    )
    assert not cited.attribution
    assert cited.units[1].status is Status.UNGROUNDED
    assert "no_citation" in cited.units[1].codes
    mixed = check(
        "Battery life is 14 hours [1]. The return window is 90 days.",
        ATTRIBUTION_EVIDENCE,
        attribute_uncited=True,
    )
    assert mixed.units[1].status is Status.GROUNDED


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"mode": "drop"}, ConfigError),
        ({"fail_on": ["bad"]}, ConfigError),
        ({"min_coverage": 1.5}, ConfigError),
        ({"min_coverage": "0.5"}, TypeError),
        ({"threshold": -0.1}, ConfigError),
        ({"strict_citations": "yes"}, TypeError),
        ({"refusal": None}, TypeError),
        ({"skip_non_claims": 3}, TypeError),
        ({"judge": 3}, TypeError),
        ({"abbreviations": ["dr"]}, TypeError),
        ({"citations": "harvard"}, ConfigError),
    ],
)
def test_bad_options_fail_at_construction(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        Guard(**kwargs)


@pytest.mark.parametrize("answer", [None, b"bytes", 42, ["a"]])
def test_answer_must_be_text(answer: Any) -> None:
    with pytest.raises(TypeError, match="answer must be str"):
        check(answer, {})


def test_attribution_joins_chunks_when_no_single_chunk_carries_the_claim() -> None:
    evidence = [
        "Acme was founded with $40 million in Ohio.",
        "Acme employs 500 people at its Ohio plant.",
        "The museum opens at nine on weekdays.",
    ]
    report = check("Acme was founded with $40 million and employs 500 people.", evidence)
    unit = report.units[0]
    assert unit.status is Status.GROUNDED
    assert sorted(s.evidence_id for s in unit.support) == ["1", "2"]
    # a figure neither chunk holds still fails, joined or not
    report = check("Acme was founded with $40 million and employs 700 people.", evidence)
    assert report.units[0].status is not Status.GROUNDED


def test_the_hint_names_the_uncited_chunk_holding_most_of_the_claim() -> None:
    """``supported_elsewhere`` tries the uncited chunks that carry the claim's words, those
    holding most first: [3] restates the claim, [2] carries just enough of it."""
    evidence = {
        "1": "The harbour museum opened a new wing in May.",
        "2": "The ferry terminal reopened in spring after repairs to the pier.",
        "3": "The ferry terminal reopened in spring after the repairs to its old pier ended.",
    }
    answer = "The ferry terminal reopened in spring after repairs to its old pier [1]."
    unit = check(answer, evidence).units[0]
    hint = next(r for r in unit.reasons if r.code == "supported_elsewhere")
    assert hint.evidence_id == "3"
    assert hint.message == "[3], which the unit does not cite, supports it"

"""Structured documents: splitting by headings, the section citation style resolving
against the split, and Groundedness Engine's four ordered checks with its score."""

from __future__ import annotations

import pytest

from grounding_guard import ConfigError, Status, check
from grounding_guard.citations import PRESETS
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.quotes import QUOTE_CODES, check_quotes
from grounding_guard.pipeline import engine as engine_module
from grounding_guard.tools.sections import (
    CHECKS,
    VERDICTS,
    GroundednessReport,
    find_sections,
    groundedness,
    split_sections,
)
from grounding_guard.types import Kind, Reason, Report, Span, Unit

BILL = """CLEAN WATER PERMITTING ACT

TITLE III\u2014PERMITS AND ENFORCEMENT

SEC. 301. PERMIT DEADLINES.
(a) In General.\u2014The Administrator shall act on all permit applications within 180 days of receipt.
(b) Notice.\u2014The Administrator shall notify each applicant of the decision in writing.

SEC. 302. PENALTIES.
(a) Civil Penalties.\u2014Any person who violates this Act shall be subject to a civil penalty of not more than $25,000 per day for each violation.
(b) Criminal Penalties.\u2014Any person who knowingly violates this Act shall be subject to imprisonment for not more than 3 years, a fine, or both.

SEC. 303. REPORTS.
The Administrator shall submit a report to Congress every 2 years.
"""

# ---- split_sections ----------------------------------------------------------------------


def test_split_the_bill() -> None:
    sections = split_sections(BILL)
    assert list(sections) == ["title iii", "301", "302", "303"]
    assert sections["302"].startswith("SEC. 302. PENALTIES.\n(a) Civil Penalties.")
    assert sections["302"].endswith("a fine, or both.")
    assert "SEC. 303" not in sections["302"]
    assert sections["title iii"] == "TITLE III\u2014PERMITS AND ENFORCEMENT"
    assert "CLEAN WATER" not in "".join(sections.values())  # before the first heading


HEADING_ROWS: list[tuple[str, list[str]]] = [
    ("\u00a7 302. Penalties\nText.", ["302"]),
    ("\u00a7302 Penalties\nText.", ["302"]),
    ("\u00a7\u00a7 302\nText.", ["302"]),
    ("\u00a7 302(a) In general\nText.", ["302(a)"]),
    ("SEC. 302. PENALTIES.\nText.", ["302"]),
    ("Sec. 302. Penalties\nText.", ["302"]),
    ("Section 302\nText.", ["302"]),
    ("SECTION 302: PENALTIES\nText.", ["302"]),
    ("Section 302 \u2014 Penalties\nText.", ["302"]),
    ("TITLE II\u2014ENFORCEMENT\nText.", ["title ii"]),
    ("Title 2. Enforcement\nText.", ["title 2"]),
    ("Article 5\nText.", ["article 5"]),
    ("ARTICLE V. SCOPE\nText.", ["article v"]),
    ("Art. 5 Scope\nText.", ["article 5"]),
    ("CHAPTER 3\nText.", ["chapter 3"]),
    ("Part I\nText.", ["part i"]),
    ("5.3.5.3 Reception of an RRCReconfiguration by the UE\nThe UE shall apply it.", ["5.3.5.3"]),
    ("5.3.5 Procedures\nText.\n5.3.5.1 General\nText.", ["5.3.5", "5.3.5.1"]),
    ("1.2 Scope\nText.", ["1.2"]),
    ("## Definitions\nText.", ["definitions"]),
    ("## 4.2 Limits\nText.", ["4.2"]),
    ("## 5. Definitions\nText.", ["5"]),
    ("### Section 12. Remedies\nText.", ["12"]),
    ("**SEC. 7. SHORT TITLE.**\nText.", ["7"]),
    ("> \u00a7 9 Quoted\nText.", ["9"]),
    # prose that looks like a heading is not one
    ("Section 302 of the Act provides for penalties.", []),
    ("Sec. 302 requires a permit.", []),
    ("Article 5 of the GDPR sets out principles.", []),
    ("Part of the funds went elsewhere.", []),
    ("2.5 million people attended.", []),
    ("1. Buy milk\n2. Buy bread", []),
    ("In 2019 the rules changed.", []),
    ("See \u00a7 302 for details.", []),
]


@pytest.mark.parametrize(("document", "ids"), HEADING_ROWS)
def test_heading_forms(document: str, ids: list[str]) -> None:
    assert list(split_sections(document)) == ids


def test_ids_are_the_section_styles() -> None:
    normalize = PRESETS["section"].normalize
    for section in find_sections(BILL):
        assert normalize(section.id) == section.id
    raw_marks = ["(\u00a7 302)", "Sec. 302", "SEC. 302.", "Section 302", "\u00a7302"]
    for mark in raw_marks:
        (marker,) = PRESETS["section"].find(f"Penalties apply {mark} here.")
        assert marker.ids == ("302",)


def test_find_sections_spans_and_headings() -> None:
    sections = find_sections(BILL)
    assert [s.heading for s in sections][1] == "SEC. 301. PERMIT DEADLINES."
    for section in sections:
        text = section.span.of(BILL)
        assert text.startswith(section.heading)
        assert text == text.strip()


def test_repeated_heading_joins_texts() -> None:
    document = "SEC. 1. SHORT TITLE.\nSEC. 2. PENALTIES.\n\nSEC. 1. SHORT TITLE.\nThis Act may be cited as the Act.\n"
    sections = split_sections(document)
    assert list(sections) == ["1", "2"]
    assert (
        sections["1"]
        == "SEC. 1. SHORT TITLE.\n\nSEC. 1. SHORT TITLE.\nThis Act may be cited as the Act."
    )


def test_other_id_styles_and_errors() -> None:
    assert list(split_sections("SEC. 003. X\nText.", id_style="numeric")) == ["3"]
    with pytest.raises(ConfigError):
        split_sections("SEC. 3. X", id_style="auto")
    with pytest.raises(TypeError):
        split_sections(None)  # type: ignore[arg-type]


# ---- the section style resolves against the split -------------------------------------


def test_section_citations_resolve_and_not_retrieved() -> None:
    sections = split_sections(BILL)
    retrieved = {k: v for k, v in sections.items() if k != "303"}
    answer = (
        "The Administrator shall act on all permit applications within 180 days (\u00a7 301).\n"
        "The Administrator shall submit a report to Congress every 2 years (\u00a7 303).\n"
        "Violators face a civil penalty (\u00a7 999).\n"
    )
    report = check(answer, retrieved, catalog=list(sections), citations="section")
    assert [u.status for u in report.units] == [Status.GROUNDED, Status.INVALID, Status.INVALID]
    assert "not_retrieved" in report.units[1].codes
    assert "unknown_citation" in report.units[2].codes


# ---- Groundedness Engine -------------------------------------------------------------


@pytest.fixture
def quotes_wired(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine with the quote check among its term checks, as engine.py wires it in;
    a no-op once the engine runs it itself."""
    original = engine_module._term_reasons

    def wired(
        claim: Claim, passages: tuple[Passage, ...], best: object, threshold: float
    ) -> list[Reason]:
        reasons = original(claim, passages, best, threshold)  # type: ignore[arg-type]
        if not any(r.code in QUOTE_CODES for r in reasons):
            reasons.extend(check_quotes(claim, passages))
        return reasons

    monkeypatch.setattr(engine_module, "_term_reasons", wired)


MEMO = """The Administrator shall act "on all permit applications within 180 days of receipt" (\u00a7 301).
The Administrator must notify each applicant "of the decision in writing" (Sec. 301).
Violations result in "a civil penalty of not more than $25,000 per day" (\u00a7 302).
Criminal penalties include "imprisonment for not more than 5 years" (\u00a7 302).
Knowing violators face "imprisonment for not more than 3 years, a fine, or both" (\u00a7 302).
The Administrator must "submit a report to Congress every 2 years" (\u00a7 303).
"""


@pytest.mark.usefixtures("quotes_wired")
def test_seed_example_quote_mismatch_and_score() -> None:
    sections = split_sections(BILL)
    report = check(MEMO, sections, catalog=list(sections), citations="section")
    result = groundedness(report)
    assert [c.verdict for c in result.claims] == [
        "verified",
        "verified",
        "verified",
        "quote_mismatch",
        "verified",
        "verified",
    ]
    wrong = result.claims[3]
    assert wrong.checks == {
        "citation_present": True,
        "section_exists": True,
        "section_retrieved": True,
        "quote_matched": False,
    }
    assert [r.code for r in wrong.reasons] == ["quote_mismatch"]
    assert wrong.reasons[0].span is not None
    assert wrong.reasons[0].span.of(MEMO) == "imprisonment for not more than 5 years"
    assert wrong.status in (Status.INVALID, Status.CONTRADICTED)  # "5 years" vs "3 years"
    assert result.verified == 5
    assert result.score == pytest.approx(5 / 6)
    summary = result.summary()
    assert summary.endswith("Groundedness Score: 83% (5/6 claims verified)")
    assert "  \u2717 Quote Matched\n  \u2192 quote_mismatch" in summary
    assert result.verdicts["quote_mismatch"] == 1
    data = result.to_dict()
    assert data["verified"] == 5 and data["total"] == 6
    assert data["claims"][3]["verdict"] == "quote_mismatch"  # type: ignore[index]


@pytest.mark.usefixtures("quotes_wired")
def test_seed_benchmark_rows() -> None:
    sections = split_sections(BILL)
    retrieved = {k: v for k, v in sections.items() if k != "303"}
    answer = (
        "The Administrator must act within 180 days.\n"  # no citation
        "Violators face penalties (\u00a7 999).\n"  # cites a section that does not exist
        "The Administrator reports to Congress every 2 years (\u00a7 303).\n"  # never retrieved
        'The penalty is "imprisonment for not more than 5 years" (\u00a7 302).\n'  # altered
        'The Administrator "shall act on all permit applications within 180 days of receipt" (\u00a7 301).\n'
    )
    report = check(answer, retrieved, catalog=list(sections), citations="section")
    result = groundedness(report)
    assert [c.verdict for c in result.claims] == [
        "claim_unsupported",
        "section_not_found",
        "section_not_retrieved",
        "quote_mismatch",
        "verified",
    ]
    assert result.claims[0].checks == dict.fromkeys(CHECKS, None) | {"citation_present": False}
    assert result.claims[1].checks == {
        "citation_present": True,
        "section_exists": False,
        "section_retrieved": None,
        "quote_matched": None,
    }
    assert [r.code for r in result.claims[1].reasons] == ["unknown_citation"]
    assert [r.code for r in result.claims[2].reasons] == ["not_retrieved"]
    assert result.score == pytest.approx(1 / 5)
    assert "  - Section Retrieved" in result.summary()


def _unit(index: int, status: Status, cited: tuple[str, ...], *codes: str) -> Unit:
    reasons = tuple(Reason(code, code) for code in codes)
    return Unit(index, f"claim {index}", Span(0, 1), Kind.CLAIM, status, cited, (), reasons)


VERDICT_ROWS: list[tuple[Unit, str]] = [
    (_unit(0, Status.GROUNDED, ("1",)), "verified"),
    (_unit(0, Status.UNGROUNDED, (), "no_citation"), "claim_unsupported"),
    (_unit(0, Status.PLACEHOLDER, (), "placeholder"), "claim_unsupported"),
    (_unit(0, Status.INVALID, (), "empty_citation"), "claim_unsupported"),
    (_unit(0, Status.GROUNDED, (), "attributed"), "claim_unsupported"),
    (_unit(0, Status.INVALID, ("9",), "unknown_citation"), "section_not_found"),
    (
        _unit(0, Status.INVALID, ("9", "1"), "unknown_citation", "not_retrieved"),
        "section_not_found",
    ),
    (_unit(0, Status.INVALID, ("3",), "not_retrieved"), "section_not_retrieved"),
    (_unit(0, Status.INVALID, ("3",), "not_retrieved", "quote_mismatch"), "section_not_retrieved"),
    (_unit(0, Status.INVALID, ("1",), "quote_mismatch"), "quote_mismatch"),
    (_unit(0, Status.INVALID, ("1",), "quote_drops_negation"), "quote_mismatch"),
    # structural only: support and values stay in the unit's status
    (_unit(0, Status.INVALID, ("1",), "unsupported_citation"), "verified"),
    (_unit(0, Status.CONTRADICTED, ("1",), "value_mismatch"), "verified"),
]


@pytest.mark.parametrize(("unit", "verdict"), VERDICT_ROWS)
def test_groundedness_verdicts(unit: Unit, verdict: str) -> None:
    report = _report(unit)
    (claim,) = groundedness(report).claims
    assert claim.verdict == verdict
    assert claim.status is unit.status
    assert verdict in VERDICTS
    ran = [v for v in claim.checks.values() if v is not None]
    assert all(ran[:-1]) and (ran[-1] is (verdict == "verified"))


def _report(*units: Unit) -> Report:
    return Report(
        answer="",
        units=units,
        text="",
        mode="flag",
        blocked=False,
        fail_on=frozenset(),
        min_coverage=0.0,
        citation_style="section",
        evidence=(),
    )


def test_groundedness_empty_and_skipped() -> None:
    skipped = Unit(0, "# Title", Span(0, 7), Kind.HEADING, Status.SKIPPED)
    result = groundedness(_report(skipped))
    assert result.claims == ()
    assert result.score == 1.0
    assert isinstance(result, GroundednessReport)
    assert result.summary().endswith("Groundedness Score: 100% (0/0 claims verified)")
    with pytest.raises(TypeError):
        groundedness("report")  # type: ignore[arg-type]

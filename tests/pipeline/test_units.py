"""Meaning checks a reader can trust (issue #10, units part): vetoes reported in
attribution mode, extra citations, tables, honest gaps and framing, end to end.

Every table runs both directions: the wrong claim is caught, the right one is kept.
"""

from __future__ import annotations

import pytest

from grounding_guard import Guard, check
from grounding_guard.types import Status, Unit


def _only(answer: str, evidence: object, **options: object) -> Unit:
    claims = check(answer, evidence, **options).claims  # type: ignore[arg-type]
    assert len(claims) == 1, [u.text for u in claims]
    return claims[0]


# ---- 1. vetoes in attribution mode ---------------------------------------------------------

PLANT = {"a": "Acme opened a plant in Ohio in 1990.", "b": "The weather was mild that year."}
TWO_PLANTS = {
    "a": "Acme opened a plant in Ohio in 1990.",
    "b": "In 1990 Acme opened a plant in Texas.",
}
SPLIT = {
    "a": "Acme opened a large assembly plant near the river in 1990.",
    "b": "The Acme plant stands in Texas.",
    "c": "Bananas are yellow.",
}


def test_attribution_veto_carries_its_code_chunk_and_real_overlap() -> None:
    # a missing name no longer vetoes (informational); a missing amount of money does
    unit = _only("Acme opened a plant in Ohio in 1990 for $5 million.", PLANT, citations="none")
    assert unit.status is Status.UNGROUNDED
    veto = next(r for r in unit.reasons if r.code == "value_not_in_evidence")
    assert veto.span is not None and veto.span.of(unit.text) == "$5 million"
    assert veto.evidence_id == "a"
    verdict = next(r for r in unit.reasons if r.code == "no_support")
    assert "overlap 0.71" in verdict.message  # not 0.00: the words were there


def test_attribution_name_swap_is_contradicted_with_both_spans() -> None:
    unit = _only("Acme opened a plant in Texas in 1990.", PLANT, citations="none")
    assert unit.status is Status.CONTRADICTED
    (swap,) = unit.reasons
    assert (swap.code, swap.evidence_id) == ("name_mismatch", "a")
    assert swap.span is not None and swap.span.of(unit.text) == "Texas"
    assert swap.evidence_span is not None and swap.evidence_span.of(PLANT["a"]) == "Ohio"


def test_attribution_contradiction_reports_its_code() -> None:
    unit = _only("Acme opened a plant in Ohio in 1991.", PLANT, citations="none")
    assert unit.status is Status.CONTRADICTED
    assert [(r.code, r.evidence_id) for r in unit.reasons] == [("value_mismatch", "a")]


@pytest.mark.parametrize(
    ("name", "answer", "evidence", "status", "ids"),
    [
        (
            "veto_on_a_says_nothing_about_b",
            "Acme opened a plant in Texas in 1990.",
            TWO_PLANTS,
            Status.GROUNDED,
            ("b",),
        ),
        # a missing name is informational: the chunk that carries the words grounds
        # the unit alone, whether or not another chunk names the place
        (
            "missing_name_found_in_another_chunk",
            "Acme opened a large assembly plant in Texas in 1990.",
            SPLIT,
            Status.GROUNDED,
            ("a",),
        ),
        (
            "missing_name_nowhere",
            "Acme opened a large assembly plant in Nevada in 1990.",
            SPLIT,
            Status.GROUNDED,
            ("a",),
        ),
        (
            "missing_figure_found_in_another_chunk",
            "Acme opened a large assembly plant in 1990 for $5 million.",
            {**SPLIT, "b": "The Acme plant cost $5 million."},
            Status.GROUNDED,
            ("a", "b"),
        ),
        (
            "attack_join_cannot_hide_a_wrong_year",
            "Acme opened a large assembly plant in Texas in 1991.",
            SPLIT,
            Status.CONTRADICTED,
            (),
        ),
    ],
)
def test_attribution_tries_other_chunks_after_a_veto(
    name: str, answer: str, evidence: dict[str, str], status: Status, ids: tuple[str, ...]
) -> None:
    unit = _only(answer, evidence, citations="none")
    assert unit.status is status, name
    assert tuple(s.evidence_id for s in unit.support) == ids


# ---- 2. an extra citation ------------------------------------------------------------------

FACTS = {
    "2": "Take one tablet every 8 hours with water.",
    "4": "The museum opens at nine on weekdays.",
}


@pytest.mark.parametrize(
    ("name", "answer", "strict", "status", "codes"),
    [
        (
            "extra_id_is_informational",
            "Take one tablet every 8 hours with water [2][4].",
            False,
            Status.GROUNDED,
            {"irrelevant_citation"},
        ),
        (
            "extra_id_fails_when_strict",
            "Take one tablet every 8 hours with water [2][4].",
            True,
            Status.INVALID,
            {"unsupported_citation"},
        ),
        (
            "only_the_unrelated_id_is_invalid",
            "Take one tablet every 8 hours with water [4].",
            False,
            Status.INVALID,
            {"unsupported_citation"},
        ),
        (
            "attack_extra_id_does_not_launder_a_wrong_figure",
            "Take one tablet every 6 hours with water [2][4].",
            False,
            Status.CONTRADICTED,
            {"value_mismatch"},
        ),
    ],
)
def test_extra_citation(
    name: str, answer: str, strict: bool, status: Status, codes: set[str]
) -> None:
    unit = _only(answer, FACTS, strict_citations=strict)
    assert unit.status is status, name
    assert codes <= set(unit.codes), unit.codes


def test_extra_citation_keeps_the_claim_under_filter() -> None:
    answer = "Take one tablet every 8 hours with water [2][4]. The museum has a cafe [4]."
    report = check(answer, FACTS, mode="filter")
    assert report.text == "Take one tablet every 8 hours with water [2][4]."
    assert report.irrelevant_ids == ("4",)


# ---- 3. tables ------------------------------------------------------------------------------

LEAFLET = {
    "1": "The usual adult dose is 500 mg every 8 hours.",
    "2": "Do not take more than 4 g in 24 hours.",
}
TABLE = "| Dose | Interval |\n|---|---|\n| 500 mg | every {hours} hours [1] |\n"


@pytest.mark.parametrize(
    ("name", "answer", "options", "kinds"),
    [
        ("cited_data_row_is_a_claim", TABLE.format(hours=8), {}, ["table", "table", "claim"]),
        (
            "uncited_row_stays_a_table_line_when_citing",
            "| Dose | Interval |\n|---|---|\n| 500 mg | every 8 hours |\nTake it with water [1].",
            {},
            ["table", "table", "table", "claim"],
        ),
        (
            "every_data_row_is_a_claim_in_attribution",
            "| Dose | Interval |\n|---|---|\n| 500 mg | every 8 hours |\n| 1 g | daily |",
            {"citations": "none"},
            ["table", "table", "claim", "claim"],
        ),
        (
            "attack_marker_in_header_row_stays_skipped",
            "| Dose [1] | Interval |\n|---|---|\n| 500 mg | every 8 hours [1] |",
            {},
            ["table", "table", "claim"],
        ),
        (
            "rows_without_a_delimiter_row_stay_table_lines",
            "| 500 mg | every 8 hours [1] |\n| 1 g | daily [1] |",
            {},
            ["table", "table"],
        ),
        (
            "second_table_needs_its_own_header",
            TABLE.format(hours=8) + "\n| 1 g | daily [1] |\n",
            {},
            ["table", "table", "claim", "table"],
        ),
    ],
)
def test_table_rows_that_are_claims(
    name: str, answer: str, options: dict[str, object], kinds: list[str]
) -> None:
    report = check(answer, LEAFLET, **options)  # type: ignore[arg-type]
    assert [u.kind.value for u in report.units] == kinds, name


@pytest.mark.parametrize(
    ("name", "hours", "status"),
    [
        ("row_matching_the_evidence_is_grounded", 8, Status.GROUNDED),
        ("row_with_a_wrong_interval_is_contradicted", 6, Status.CONTRADICTED),
    ],
)
@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_table_row_is_judged_in_every_mode(
    name: str, hours: int, status: Status, mode: str
) -> None:
    answer = TABLE.format(hours=hours)
    report = check(answer, LEAFLET, mode=mode)
    row = report.units[2]
    assert row.status is status, name
    if status is Status.CONTRADICTED:
        reason = next(r for r in row.reasons if r.code == "value_mismatch")
        assert reason.span is not None and reason.span.of(answer) == "6 hours"
        assert reason.evidence_id == "1"
        assert report.text != answer or mode == "flag"
    else:
        assert report.text == answer


def test_filter_drops_a_failing_row_as_a_whole_line() -> None:
    answer = (
        "| Dose | Interval |\n|---|---|\n| 500 mg | every 6 hours [1] |\n"
        "| 500 mg | every 8 hours [1] |\n"
    )
    report = check(answer, LEAFLET, mode="filter")
    assert report.text == "| Dose | Interval |\n|---|---|\n| 500 mg | every 8 hours [1] |\n"


# ---- 3b. a row read against its header ----------------------------------------------------


def _row_table(header: str, row: str) -> str:
    columns = header.count("|") - 1
    return f"{header}\n|{'---|' * columns}\n{row}\n"


@pytest.mark.parametrize(
    ("name", "header", "row", "evidence", "status", "code", "flagged"),
    [
        # catch: what the header says the cell is, against what the evidence says
        (
            "header_maximum_against_evidence_minimum",
            "| Drug | Maximum daily dose |",
            "| Corvalex | 4 g [1] |",
            "Corvalex: the minimum daily dose is 4 g.",
            Status.CONTRADICTED,
            "direction_mismatch",
            "Maximum",
        ),
        (
            "header_unit_kilograms_against_grams",
            "| Product | Weight (kg) |",
            "| Widget | 47 [1] |",
            "The Widget weighs 47 grams.",
            Status.CONTRADICTED,
            "value_mismatch",
            "47",
        ),
        (
            "header_currency_against_another_price",
            "| Product | Price ($) |",
            "| Widget | 12 [1] |",
            "The Widget costs $15.",
            Status.CONTRADICTED,
            "value_mismatch",
            "12",
        ),
        (
            "header_scale_millions_against_thousands",
            "| Year | Revenue (USD million) |",
            "| 2023 | 40 [1] |",
            "Revenue in 2023 was 40 thousand dollars.",
            Status.CONTRADICTED,
            "value_mismatch",
            "40",
        ),
        # keep: the header agrees, or says nothing the evidence speaks of
        (
            "header_maximum_agrees",
            "| Drug | Maximum daily dose |",
            "| Corvalex | 4 g [1] |",
            "Corvalex: the maximum daily dose is 4 g.",
            Status.GROUNDED,
            None,
            None,
        ),
        (
            "header_unit_grams_agrees",
            "| Product | Weight (g) |",
            "| Widget | 47 [1] |",
            "The Widget weighs 47 grams.",
            Status.GROUNDED,
            None,
            None,
        ),
        (
            "header_unit_converted_agrees",
            "| Product | Weight (kg) |",
            "| Widget | 0.047 [1] |",
            "The Widget weighs 47 grams.",
            Status.GROUNDED,
            None,
            None,
        ),
        (
            "header_scale_millions_agrees",
            "| Year | Revenue (USD million) |",
            "| 2023 | 40 [1] |",
            "Revenue in 2023 was 40 million dollars.",
            Status.GROUNDED,
            None,
            None,
        ),
        (
            "header_words_the_evidence_never_uses_do_not_dilute",
            "| Situation | Advice |",
            "| Maximum | 12 tablets in 24 hours [1] |",
            "Adults and children over 12: take one or two 500 mg tablets every 4 to 6 hours. "
            "Do not take more than 8 tablets in 24 hours.",
            Status.CONTRADICTED,
            "value_mismatch",
            "12",
        ),
        (
            "bracketed_year_in_header_is_no_unit",
            "| Product | Sales (2023) |",
            "| Widget | 40 [1] |",
            "Widget sales reached 40 in 2023.",
            Status.GROUNDED,
            None,
            None,
        ),
        (
            "bracketed_note_in_header_is_no_unit",
            "| Product | Weight (see note) |",
            "| Widget | 47 grams [1] |",
            "The Widget weighs 47 grams.",
            Status.GROUNDED,
            None,
            None,
        ),
    ],
)
def test_row_read_against_its_header(
    name: str,
    header: str,
    row: str,
    evidence: str,
    status: Status,
    code: str | None,
    flagged: str | None,
) -> None:
    answer = _row_table(header, row)
    for options in ({}, {"citations": "none"}):
        text = answer if not options else answer.replace(" [1]", "")
        report = check(text, {"1": evidence}, **options)  # type: ignore[arg-type]
        unit = report.units[2]
        expected = status
        if options and status is Status.CONTRADICTED:
            expected = Status.CONTRADICTED
        assert unit.status is expected, (name, options, unit.reasons)
        if code is not None:
            reason = next(r for r in unit.reasons if r.code == code)
            assert reason.span is not None
            assert reason.span.of(text).startswith(flagged or ""), (name, reason)


def test_header_reading_streams_as_it_checks() -> None:
    answer = _row_table("| Drug | Maximum daily dose |", "| Corvalex | 4 g [1] |")
    evidence = {"1": "Corvalex: the minimum daily dose is 4 g."}
    guard = Guard(mode="filter")
    streamed = "".join(event.text for event in guard.stream(iter(answer), evidence))
    assert streamed == guard.check(answer, evidence).text
    assert "Corvalex" not in streamed


# ---- 4. honest gaps and framing ------------------------------------------------------------

SHOP = {"1": "Refunds are issued within 14 days of the return.", "2": "Returns need a receipt."}


@pytest.mark.parametrize(
    ("name", "answer", "status", "code"),
    [
        (
            "could_not_find_in_sources",
            "I could not find the refund time in the provided sources.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "documents_do_not_mention",
            "The documents do not mention shipping costs.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "sources_do_not_say",
            "The sources do not say whether gift cards can be refunded.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "a_kind_of_document_does_not_mention",
            "The policy does not mention exchanges.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "the_leaflet_does_not_say_whether",
            "The leaflet does not say whether gift cards can be refunded.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "attack_a_document_that_does_not_cover_is_a_claim",
            "The policy does not cover exchanges.",
            Status.UNGROUNDED,
            "no_support",
        ),
        (
            "no_information_in_context",
            "There is no information about exchanges in the context.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "gap_after_a_lead_in",
            "According to the sources, the documents do not mention fees.",
            Status.PLACEHOLDER,
            "placeholder",
        ),
        (
            "summary_line_is_framing",
            "Here is a summary of the refund policy.",
            Status.SKIPPED,
            "not_a_claim",
        ),
        ("key_points_line_is_framing", "Below are the key points:", Status.SKIPPED, "not_a_claim"),
        (
            "lead_in_then_organiser",
            "Based on the documents provided, here is what I found:",
            Status.SKIPPED,
            "not_a_claim",
        ),
        # the other direction: assertions about the world stay claims
        (
            "documents_signed_is_a_claim",
            "The documents were signed in 2020.",
            Status.UNGROUNDED,
            "no_support",
        ),
        (
            "attack_gap_then_but_claim",
            "The documents do not mention fees, but refunds take 30 days.",
            Status.UNGROUNDED,
            "no_support",
        ),
        (
            "attack_gap_then_because_claim",
            "The sources do not mention fees because there are no fees.",
            Status.UNGROUNDED,
            "no_support",
        ),
        (
            "attack_world_evidence_is_not_the_sources",
            "There is no evidence that refunds are slow.",
            Status.UNGROUNDED,
            "no_support",
        ),
        ("attack_world_data", "The data do not show any delay.", Status.UNGROUNDED, "no_support"),
        (
            "could_not_find_without_sources_is_a_claim",
            "I could not find a receipt.",
            Status.UNGROUNDED,
            "no_support",
        ),
        (
            "attack_summary_line_carrying_a_list",
            "Here is a list of the rules: refunds take 30 days.",
            Status.UNGROUNDED,
            "no_support",
        ),
    ],
)
def test_honest_gaps_and_framing(name: str, answer: str, status: Status, code: str) -> None:
    unit = check(answer, SHOP, citations="none").units[0]
    assert unit.status is status, (name, unit.codes)
    if code == "not_a_claim":  # framing: skipped as a non-claim (the segmenter says none)
        assert unit.kind.value == "non_claim", name
        assert set(unit.codes) <= {"not_a_claim"}
    else:
        assert code in unit.codes, (name, unit.codes)


@pytest.mark.parametrize(
    ("name", "answer", "status"),
    [
        (
            "lead_in_cut_keeps_a_right_claim",
            "Based on the documents provided, refunds are issued within 14 days of the return.",
            Status.GROUNDED,
        ),
        (
            "lead_in_cut_keeps_a_wrong_claim_wrong",
            "According to the sources, refunds are issued within 30 days of the return.",
            Status.CONTRADICTED,
        ),
    ],
)
def test_framing_prefix_is_cut_from_what_judges_read(
    name: str, answer: str, status: Status
) -> None:
    unit = check(answer, SHOP, citations="none").units[0]
    assert unit.status is status, (name, unit.codes)
    assert unit.span.of(answer) == answer  # the unit's span stays the sentence


def test_attack_named_person_is_no_lead_in() -> None:
    # "According to Smith" is not cut like "According to the sources": the name is
    # judged. A name merely missing is informational now, so the evidence names
    # someone else in its slot: cut, the claim would be grounded.
    answer = "According to Smith, refunds are issued within 14 days of the return."
    evidence = {"1": "According to Jones, refunds are issued within 14 days of the return."}
    unit = check(answer, evidence, citations="none").units[0]
    assert unit.status is Status.CONTRADICTED, unit.codes
    assert [r.code for r in unit.reasons] == ["name_mismatch"]


# ---- 5. end to end: a medical leaflet ------------------------------------------------------

LEAFLET_EVIDENCE = {
    "1": "Adults and children over 12: take one or two 500 mg tablets every 4 to 6 hours. "
    "Do not take more than 8 tablets in 24 hours.",
    "2": "Store below 25 degrees Celsius in a dry place. Keep out of the sight and reach of "
    "children.",
    "3": "Side effects are rare. Stop taking the tablets and see a doctor if you get a skin rash.",
    "4": "The pack contains 16 tablets.",
}
FRAMING = "Here is a summary of the leaflet:"
DOSE = (
    "Based on the documents provided, adults can take one or two 500 mg tablets every 4 to 6 "
    "hours [1]."
)
MAXIMUM = "Do not take more than 8 tablets in 24 hours [1][4]."  # [4] is an extra citation
STORAGE = "Store the tablets below 25 degrees Celsius in a dry place [2]."
CONVERSION = "That is no more than 4 g of paracetamol a day [1]."  # judged by the others' checks
RASH_ROW = "| Skin rash | stop taking the tablets and see a doctor [3] |"
BAD_ROW = "| Maximum | 12 tablets in 24 hours [1] |"
GAP = "The documents do not mention use during pregnancy."
LEAFLET_ANSWER = (
    f"{FRAMING}\n\n{DOSE} {MAXIMUM} {STORAGE} {CONVERSION}\n\n"
    f"| Situation | Advice |\n|---|---|\n{RASH_ROW}\n{BAD_ROW}\n\n{GAP}"
)
EXPECTED = {
    FRAMING: Status.SKIPPED,
    DOSE: Status.GROUNDED,
    MAXIMUM: Status.GROUNDED,
    STORAGE: Status.GROUNDED,
    RASH_ROW: Status.GROUNDED,
    BAD_ROW: Status.CONTRADICTED,
    GAP: Status.PLACEHOLDER,
    "| Situation | Advice |": Status.SKIPPED,
    "|---|---|": Status.SKIPPED,
}


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_medical_leaflet_end_to_end(mode: str) -> None:
    report = check(LEAFLET_ANSWER, LEAFLET_EVIDENCE, mode=mode)
    statuses = {u.text: u.status for u in report.units if u.text != CONVERSION}
    assert statuses == EXPECTED
    bad = next(u for u in report.units if u.text == BAD_ROW)
    mismatch = next(r for r in bad.reasons if r.code == "value_mismatch")
    assert mismatch.span is not None and mismatch.span.of(LEAFLET_ANSWER).startswith("12")
    assert report.irrelevant_ids == ("4",)
    if mode == "flag":
        assert report.text == LEAFLET_ANSWER
    elif mode == "block":
        assert report.blocked
    else:
        # no correct sentence is lost to a framing line or an extra citation; the bad row
        # goes as a whole line and the table stays well-formed
        assert not report.blocked
        for kept in (FRAMING, DOSE, MAXIMUM, STORAGE, RASH_ROW, GAP):
            assert kept in report.text
        assert BAD_ROW not in report.text
        assert f"|---|---|\n{RASH_ROW}\n\n{GAP}" in report.text


@pytest.mark.parametrize("mode", ["flag", "filter"])
def test_medical_leaflet_streams_like_check(mode: str) -> None:
    guard = Guard(mode=mode)
    expected = guard.check(LEAFLET_ANSWER, LEAFLET_EVIDENCE)
    chunks = [LEAFLET_ANSWER[i : i + 7] for i in range(0, len(LEAFLET_ANSWER), 7)]
    events = list(guard.stream(chunks, LEAFLET_EVIDENCE))
    report = events[-1].report
    assert report is not None
    assert [(u.span, u.status, u.codes) for u in report.units] == [
        (u.span, u.status, u.codes) for u in expected.units
    ]
    assert report.text == expected.text

"""Adversarial regressions, one test per attack that once (or could) launder a claim.

Each name says the attack; each fails if its defence is removed.
"""

from __future__ import annotations

from grounding_guard import Status, check

KIT = {"e1": "independent lab testing measured 14 hours of battery life on a full charge"}
FACTS = [
    {"id": "inv-1", "text": "Invoice INV-1 dated 2026-08-04 for \u20b91,23,456 including GST."},
    {"id": "inv-2", "text": "Invoice INV-2 for \u20b97,500."},
]


def statuses(report: object) -> list[str]:
    return [u.status.value for u in report.units]  # type: ignore[attr-defined]


def test_citation_laundering_leading_marker_binds_backward() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing. [[cite:e1]] The app is waterproof.", KIT
    )
    assert statuses(report) == ["grounded", "ungrounded"]
    assert report.units[0].cited == ("e1",)
    assert report.units[1].cited == ()


def test_citation_laundering_marker_alone_on_next_line() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing.\n[[cite:e1]]\nThe app is waterproof.", KIT
    )
    assert statuses(report) == ["grounded", "ungrounded"]


def test_uncited_clause_hiding_behind_semicolon() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing [[cite:e1]]; the app is waterproof.", KIT
    )
    assert statuses(report) == ["grounded", "ungrounded"]


def test_uncited_clause_hiding_behind_em_dash() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing [[cite:e1]] \u2014 the app is waterproof.",
        KIT,
    )
    assert statuses(report) == ["grounded", "ungrounded"]


def test_uncited_clause_after_cited_colon() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing [[cite:e1]]: the app is waterproof.", KIT
    )
    assert statuses(report) == ["grounded", "ungrounded"]


def test_zero_width_space_hides_sentence_boundary() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing.\u200b[[cite:e1]]\u200bThe app is waterproof.",
        KIT,
    )
    assert statuses(report) == ["grounded", "ungrounded"]


def test_glued_marker_fuses_two_sentences() -> None:
    report = check(
        "Battery life reached 14 hours in lab testing.[[cite:e1]]The app is waterproof.", KIT
    )
    assert statuses(report) == ["grounded", "ungrounded"]


def test_unbalanced_bracket_suppresses_split() -> None:
    report = check(
        "Battery life reached 14 hours [see lab testing [[cite:e1]]; the app is waterproof.", KIT
    )
    assert statuses(report)[-1] == "ungrounded"


def test_placeholder_does_not_hide_forged_citation() -> None:
    report = check("Refunds take 5 days [[cite:e9]] [citation needed].", KIT)
    assert statuses(report) == ["invalid"]


def test_forged_id_beside_real_id() -> None:
    report = check("Battery life reached 14 hours in lab testing [[cite:e1]][[cite:e9]].", KIT)
    assert statuses(report) == ["invalid"]
    assert "unknown_citation" in report.units[0].codes


def test_defeat1_devanagari_digits_are_folded_not_vacuous() -> None:
    forged = check("Invoice INV-2 was for \u20b9\u096f,\u096f\u096f\u096f. [inv-2]", FACTS)
    assert forged.units[0].status is not Status.GROUNDED
    faithful = check("Invoice INV-2 was for \u20b9\u096d,\u096b\u0966\u0966. [inv-2]", FACTS)
    assert faithful.units[0].status is Status.GROUNDED


def test_defeat1_unreadable_digit_fails_closed() -> None:
    report = check("Invoice INV-2 was for \u20b9\u2467 thousand. [inv-2]", FACTS)
    assert report.units[0].status is not Status.GROUNDED
    assert "unreadable_digits" in report.units[0].codes


def test_defeat2_zero_width_inside_number() -> None:
    report = check("Invoice INV-1 was for \u20b91,2\u200b3,456. [inv-1]", FACTS)
    assert report.units[0].status is Status.GROUNDED
    split = check("Invoice INV-1 was for \u20b91,2\u200b3,999. [inv-1]", FACTS)
    assert split.units[0].status is not Status.GROUNDED


def test_defeat3_date_parts_do_not_ground_plain_numbers() -> None:
    # a small count is reported unconfirmed (support decides), never borne out by a date
    report = check("Invoice INV-1 covered 8 invoices. [inv-1]", FACTS)
    assert {"value_unconfirmed", "value_mismatch"} & set(report.units[0].codes)
    large = check("Invoice INV-1 covered 48 invoices. [inv-1]", FACTS)
    assert large.units[0].status is not Status.GROUNDED
    assert {"value_not_in_evidence", "value_mismatch"} & set(large.units[0].codes)


def test_defeat4_figure_borrowed_from_another_fact() -> None:
    report = check("Invoice INV-2 was for \u20b91,23,456. [inv-2]", FACTS)
    assert report.units[0].status is not Status.GROUNDED


def test_demystify_quick_start() -> None:
    answer = (
        "Invoice INV-1 was for \u20b91,23,456. [inv-1] "
        "Invoice INV-2 was for \u20b99,999. [inv-2] "
        "Both were settled on time."
    )
    # demystify keeps uncited prose; fail_on without "ungrounded" does the same here
    report = check(
        answer, FACTS, mode="filter", citations="bracket_id", fail_on=["contradicted", "invalid"]
    )
    assert statuses(report) == ["grounded", "contradicted", "ungrounded"]
    assert report.text == "Invoice INV-1 was for \u20b91,23,456. [inv-1] Both were settled on time."
    mismatch = report.units[1].reasons[0]
    assert mismatch.code == "value_mismatch"
    assert mismatch.span is not None and mismatch.span.of(answer) == "\u20b99,999"


def test_an_added_name_is_reported_and_support_decides() -> None:
    # a name the evidence never mentions, with no other name in its slot, is
    # informational (under 95% right on the dev sets): the words carry the unit
    report = check("Dr. Alvarez measured 14 hours of battery life in lab testing [[cite:e1]].", KIT)
    assert report.units[0].status is Status.GROUNDED
    assert "name_not_in_evidence" in report.units[0].codes


def test_name_swap_is_contradicted() -> None:
    evidence = {"e1": "Dr. Chen measured 14 hours of battery life in lab testing."}
    report = check(
        "Dr. Alvarez measured 14 hours of battery life in lab testing [[cite:e1]].", evidence
    )
    assert report.units[0].status is Status.CONTRADICTED
    reason = report.units[0].reasons[0]
    assert reason.code == "name_mismatch"
    assert reason.message == "'Alvarez' in the answer, 'Chen' in the evidence"


def test_marker_inside_code_block_is_not_a_claim() -> None:
    report = check("```\nx = data[1]; y = 2\n```\n", {"1": "text"}, citations="numeric")
    assert statuses(report) == ["skipped"]
    assert report.is_clean


def test_lone_marker_answer_is_clean_but_not_checkable() -> None:
    report = check("", KIT)
    assert report.units == () and report.is_clean and not report.checkable


def test_negation_of_an_unrelated_modifier_is_no_contradiction() -> None:
    # found on SNLI: "no" bears on "shirt", which the claim never mentions
    report = check(
        "A man is performing with a baton [1].",
        ["A man with no shirt on is performing with a baton."],
    )
    assert report.units[0].status is Status.GROUNDED


def test_negation_on_both_sides_is_agreement() -> None:
    # found on AttributionBench: "not" and "nor" in the evidence, "not" in the claim
    report = check(
        "This does not mean that employers may monitor Internet activity outside work [1].",
        [
            "This does not mean that employers may monitor Internet activity outside work, "
            "nor can they compel employees to share passwords."
        ],
    )
    assert "negation_mismatch" not in report.units[0].codes


def test_numbered_abbreviation_is_not_a_negation() -> None:
    report = check(
        "She was the No. 1 pick in the draft [1].", ["She was the first pick in the draft."]
    )
    assert "negation_mismatch" not in report.units[0].codes


def test_direction_words_about_different_things_do_not_clash() -> None:
    # found on AttributionBench: "low" detection limit, "high" affinity antibodies
    report = check(
        "ELISA can detect as low as a few picograms using antibodies of high affinity [1].",
        ["ELISA can detect a few picograms of protein if using antibodies of high affinity."],
    )
    assert "direction_mismatch" not in report.units[0].codes


def test_figures_about_different_things_do_not_contradict() -> None:
    # found on QAGS: an age against a count of charges in the same sentence
    report = check(
        "Sapp, 42, was charged with soliciting prostitution and two counts of assault [1].",
        ["Warren Sapp was charged with soliciting prostitution and two counts of assault."],
    )
    assert "value_mismatch" not in report.units[0].codes
    assert "value_not_in_evidence" in report.units[0].codes


def test_a_figure_the_claim_also_states_is_not_a_partner_of_another_unit() -> None:
    # found on AttributionBench: "8 minutes and 20 seconds" against "8 minutes"
    report = check(
        "Light from the Sun takes 8 minutes and 20 seconds to reach Earth [1].",
        ["Light from the Sun takes 8 minutes to reach Earth."],
    )
    assert report.units[0].status is not Status.CONTRADICTED

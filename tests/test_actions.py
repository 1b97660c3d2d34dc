"""Actions: flag keeps the answer, filter drops failing units readably, block refuses."""

from __future__ import annotations

import pytest

from grounding_guard import Guard, Status, UngroundedAnswerError, check

EVIDENCE = {
    "1": "Independent lab testing measured 14 hours of battery life on a full charge.",
    "2": "The product ships with a 90 day return window and a 1 year limited warranty.",
}


@pytest.mark.parametrize(
    ("answer", "filtered"),
    [
        (
            "Battery life is 14 hours [1]. It cures headaches. Returns take 90 days [2].",
            "Battery life is 14 hours [1]. Returns take 90 days [2].",
        ),
        (
            "Battery life is 14 hours [1]; it cures headaches.",
            "Battery life is 14 hours [1].",
        ),
        (
            "It cures headaches; battery life is 14 hours [1].",
            "battery life is 14 hours [1].",
        ),
        (
            "# Summary\n\n- Battery life is 14 hours [1].\n- It cures headaches.\n- Returns take 90 days [2].\n",
            "# Summary\n\n- Battery life is 14 hours [1].\n- Returns take 90 days [2].\n",
        ),
        (
            "Battery life is 14 hours [1].\n\nIt cures headaches. It also fixes cars.\n\nReturns take 90 days [2].",
            "Battery life is 14 hours [1].\n\nReturns take 90 days [2].",
        ),
        (
            "Battery life is 14 hours [1]. The warranty covers theft for ten years [2]. Returns take 90 days [2].",
            "Battery life is 14 hours [1]. Returns take 90 days [2].",
        ),
        (
            # found by hypothesis: the dropped clause's stop sat before a glued marker, so
            # the kept clause was left without one and fused with the next sentence
            "- Battery life is 14 hours [1]; Returns take 90 days [2].[9]Refunds are quick [citation needed].",
            "- Battery life is 14 hours [1]. Refunds are quick [citation needed].",
        ),
    ],
    ids=[
        "middle-sentence",
        "trailing-clause",
        "leading-clause",
        "list-item",
        "paragraph",
        "misattributed",
        "dropped-clause-stop-before-glued-marker",
    ],
)
def test_filter_drops_failing_units_and_keeps_the_rest_verbatim(answer: str, filtered: str) -> None:
    report = check(answer, EVIDENCE, mode="filter")
    assert report.text == filtered
    assert not report.blocked
    # filter is idempotent: the filtered text passes as it is
    again = check(report.text, EVIDENCE, mode="filter")
    assert again.is_clean
    assert again.text == report.text


def test_filter_still_reports_dropped_units() -> None:
    report = check("Battery life is 14 hours [1]. It cures headaches.", EVIDENCE, mode="filter")
    assert [u.status for u in report.units] == [Status.GROUNDED, Status.UNGROUNDED]
    assert report.text == "Battery life is 14 hours [1]."


def test_filter_with_nothing_left_refuses() -> None:
    report = check("It cures headaches. It fixes cars.", EVIDENCE, mode="filter", refusal="No.")
    assert report.blocked
    assert report.text == "No."


def test_flag_returns_answer_unchanged() -> None:
    answer = "Battery life is 14 hours [1]. It cures headaches."
    report = check(answer, EVIDENCE, mode="flag")
    assert report.text == answer
    assert not report.blocked
    assert not report.is_clean


def test_block_refuses_whole_answer() -> None:
    report = check("Battery life is 14 hours [1]. It cures headaches.", EVIDENCE, mode="block")
    assert report.blocked
    assert report.text == Guard().refusal


def test_block_passes_a_clean_answer() -> None:
    answer = "Battery life is 14 hours [1]."
    report = check(answer, EVIDENCE, mode="block")
    assert report.is_clean and not report.blocked and report.text == answer


def test_fail_on_chooses_what_fails() -> None:
    answer = "Battery life is 14 hours [1]. It cures headaches."
    assert check(answer, EVIDENCE, fail_on=["invalid", "contradicted"]).is_clean
    assert not check(
        "Refunds are quick [citation needed].", EVIDENCE, fail_on=["placeholder"]
    ).is_clean


def test_min_coverage() -> None:
    answer = "Battery life is 14 hours [1]. Refunds are quick [citation needed]."
    assert check(answer, EVIDENCE).is_clean
    report = check(answer, EVIDENCE, min_coverage=0.8, mode="block")
    assert report.coverage == 0.5
    assert not report.is_clean and report.blocked


def test_enforce_raises_with_report() -> None:
    guard = Guard(mode="block")
    with pytest.raises(UngroundedAnswerError) as caught:
        guard.enforce("It cures headaches.", EVIDENCE)
    assert caught.value.report.units[0].status is Status.UNGROUNDED
    assert (
        guard.enforce("Battery life is 14 hours [1].", EVIDENCE) == "Battery life is 14 hours [1]."
    )
    assert (
        Guard(mode="filter").enforce("Battery life is 14 hours [1]. It cures headaches.", EVIDENCE)
        == "Battery life is 14 hours [1]."
    )
    with pytest.raises(UngroundedAnswerError):
        Guard(mode="flag").enforce("It cures headaches.", EVIDENCE)


# ---- issue 14: filter leaves no empty heading or lead-in ---------------------------------------

ORPHANS: list[tuple[str, str, str]] = [
    (
        "heading-whose-section-was-all-dropped-goes",
        "# Battery\n\nBattery life is 14 hours [1].\n\n## Health\n\nIt cures headaches.\n",
        "# Battery\n\nBattery life is 14 hours [1].\n",
    ),
    (
        "heading-with-one-kept-unit-stays",
        "## Health\n\nIt cures headaches. Battery life is 14 hours [1].\n",
        "## Health\n\nBattery life is 14 hours [1].\n",
    ),
    (
        "parent-heading-whose-subsections-all-went-goes-too",
        "Returns take 90 days [2].\n\n# Extras\n\n## Health\n\nIt cures headaches.\n\n"
        "## Cars\n\nIt also fixes cars.\n",
        "Returns take 90 days [2].\n",
    ),
    (
        "lead-in-whose-list-was-all-dropped-goes",
        "Returns take 90 days [2].\nHere are the extras:\n- It cures headaches.\n"
        "- It fixes cars.\n",
        "Returns take 90 days [2].\n",
    ),
    (
        "lead-in-with-one-kept-item-stays",
        "Here are the key points:\n- It cures headaches.\n- Battery life is 14 hours [1].\n",
        "Here are the key points:\n- Battery life is 14 hours [1].\n",
    ),
    (
        "heading-over-a-code-block-is-not-an-orphan",
        "Returns take 90 days [2].\n\n## Example\n\n```\nprint(1)\n```\n\nIt cures headaches.\n",
        "Returns take 90 days [2].\n\n## Example\n\n```\nprint(1)\n```\n",
    ),
]


@pytest.mark.parametrize(("name", "answer", "filtered"), ORPHANS, ids=[r[0] for r in ORPHANS])
def test_filter_leaves_no_empty_heading_or_lead_in(name: str, answer: str, filtered: str) -> None:
    report = check(answer, EVIDENCE, mode="filter", citations="numeric")
    assert report.text == filtered


@pytest.mark.parametrize(("name", "answer", "filtered"), ORPHANS, ids=[r[0] for r in ORPHANS])
def test_streamed_filter_releases_no_heading_it_will_drop(
    name: str, answer: str, filtered: str
) -> None:
    guard = Guard(mode="filter", citations="numeric")
    for cut in range(1, len(answer)):
        released = ""
        for event in guard.stream([answer[:cut], answer[cut:]], EVIDENCE):
            released += event.text
            assert filtered.startswith(released), (cut, released)
        assert released == filtered


# ---- filter cosmetics (#11.9): named after what they once did ----------------------------

_KIT = {"1": "Battery life reached 14 hours in lab testing."}


def test_filter_dropped_clause_stop_closes_kept_clause_across_paragraph_break() -> None:
    """A kept clause that ended at ``;`` before a paragraph break takes the dropped
    clause's stop; no break, separator or stray stop is left behind."""
    from grounding_guard import check

    report = check(
        "Battery life reached 14 hours [1];\n\nthe app is waterproof [1].", _KIT, mode="filter"
    )
    assert report.text == "Battery life reached 14 hours [1]."
    assert not report.blocked


def test_filter_dropped_paragraph_keeps_the_stop_of_the_paragraph_before() -> None:
    from grounding_guard import check

    answer = "Battery life reached 14 hours [1].\n\nThe app is waterproof [1].\n\nBattery life reached 14 hours [1]."
    report = check(answer, _KIT, mode="filter")
    assert report.text == (
        "Battery life reached 14 hours [1].\n\nBattery life reached 14 hours [1]."
    )


def test_filter_never_leaves_an_empty_answer_unblocked() -> None:
    """A numbered line ("1.") left after a drop is no kept claim: the filter refuses the
    answer rather than hand out nothing with ``blocked=False``."""
    from grounding_guard import check

    for answer in (
        "1.\nThe app is waterproof [1].",
        "1. The app is waterproof [1].",
        "2021.\nThe app is waterproof [1].",
    ):
        report = check(answer, _KIT, mode="filter")
        assert report.blocked or report.text.strip(), answer

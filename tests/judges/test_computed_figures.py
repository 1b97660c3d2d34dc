"""Figures an answer computes from its evidence in one step (``value_derived``): a total,
a difference, a percent taken off, a rate applied to a case. Each is reported with the
step that yields it and fails nothing; a figure the same step does not yield still fails
as before. Rows are written for these patterns, not taken from a data set."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding_guard import Status, check
from grounding_guard.text.figures import read_values
from grounding_guard.text.figures.arithmetic import derive

# (id, claim, evidence, expected): "derived" (grounded, with value_derived), or the code
# the unit must carry
ROWS: list[tuple[str, str, str, str]] = [
    # -- a percent taken off, added on, or taken ----------------------------------------
    (
        "discount-applied",
        "A family pass bought online costs £37.80 [1].",
        "A family pass costs £42 at the gate. Passes bought online are 10% cheaper.",
        "derived",
    ),
    (
        "discount-applied-wrongly",
        "A family pass bought online costs £37.50 [1].",
        "A family pass costs £42 at the gate. Passes bought online are 10% cheaper.",
        "value_mismatch",
    ),
    (
        "discount-rounded-is-not-the-price",
        "A family pass bought online costs £38 [1].",
        "A family pass costs £42 at the gate. Passes bought online are 10% cheaper.",
        "value_mismatch",
    ),
    (
        "half-price-against-full-price",
        "A season permit for a hybrid van costs £60 a year [1].",
        "A season permit costs £120 a year. Hybrid vans get a 50% discount on permits.",
        "derived",
    ),
    (
        "half-price-misread",
        "A season permit for a hybrid van costs £80 a year [1].",
        "A season permit costs £120 a year. Hybrid vans get a 50% discount on permits.",
        "value_mismatch",
    ),
    (
        "surcharge-added",
        "Paying by credit card, the £200 deposit comes to £203 [1].",
        "The deposit is £200. Payments by credit card carry a 1.5% surcharge.",
        "derived",
    ),
    # -- a rate applied to the case the claim supposes ----------------------------------
    (
        "dose-scaled-by-volume",
        "A 15 ml dose holds 360 mg of ibuprofen [1].",
        "Ibuprofen oral suspension 120 mg/5 ml. Shake well before use.",
        "derived",
    ),
    (
        "dose-scaled-wrongly",
        "A 15 ml dose holds 300 mg of ibuprofen [1].",
        "Ibuprofen oral suspension 120 mg/5 ml. Shake well before use.",
        "value_mismatch",
    ),
    (
        "monthly-from-yearly",
        "Rowing club membership costs £9.50 a month [1].",
        "Annual membership of the rowing club costs £114 a year.",
        "derived",
    ),
    (
        "weekly-from-a-multiple",
        "The rent comes to £310 a week [1].",
        "The holding deposit of £1,550 equals five weeks' rent.",
        "derived",
    ),
    (
        "weekly-from-a-multiple-wrong",
        "The rent comes to £330 a week [1].",
        "The holding deposit of £1,550 equals five weeks' rent.",
        "value_mismatch",
    ),
    (
        "helpers-per-group-size",
        "A group of 30 children would bring five helpers in free [1].",
        "One helper enters free with every 6 children; further helpers pay £8.",
        "derived",
    ),
    (
        "percent-of-the-supposed-case",
        "Moving a £3,000 balance onto the card would cost a £90 transfer fee [1].",
        "Moving a balance onto the card costs a transfer fee of 3% of the balance.",
        "derived",
    ),
    (
        "percent-of-the-supposed-case-wrong",
        "Moving a £3,000 balance onto the card would cost a £120 transfer fee [1].",
        "Moving a balance onto the card costs a transfer fee of 3% of the balance.",
        "value_not_in_evidence",
    ),
    # -- differences and sums the claim says it computes -------------------------------
    (
        "margin-of-votes",
        "Ada Okafor received 312 votes more than Ben Lister [1].",
        "Ada Okafor (Labour) received 2,140 votes and Ben Lister (Green) received 1,828.",
        "derived",
    ),
    (
        "margin-of-votes-wrong",
        "Ada Okafor received 321 votes more than Ben Lister [1].",
        "Ada Okafor (Labour) received 2,140 votes and Ben Lister (Green) received 1,828.",
        "value_mismatch",
    ),
    (
        "score-margin",
        "Selkirk beat Hawick by nine points in the final [1].",
        "Final: Selkirk 24–15 Hawick. Selkirk beat Hawick in the final for a third year.",
        "derived",
    ),
    (
        "combined-total",
        "The county grant and the parish grant total €4,500 together [1].",
        "The county grant is €3,000 and the parish adds a further grant of €1,500.",
        "derived",
    ),
    (
        "total-of-a-list",
        "The roof, gutter and gate repairs cost £265 in total [1].",
        "The repairs cost £120 for the roof, £95 for the gutter and £50 for the gate.",
        "derived",
    ),
    (
        "total-of-a-list-wrong",
        "The roof, gutter and gate repairs cost £275 in total [1].",
        "The repairs cost £120 for the roof, £95 for the gutter and £50 for the gate.",
        "value_mismatch",
    ),
    (
        "total-that-is-no-sum-of-the-figures",
        "A total of 84 parking spaces are available [1].",
        "The car park has 60 spaces for cars and 12 spaces for motorbikes.",
        "value_not_in_evidence",
    ),
    # -- a percent between two figures: a change or a share ------------------------------
    (
        "percent-change-between-two-counts",
        "Members rose 12.5% from 400 members to 450 members [1].",
        "The club had 400 members in 2023 and 450 members in 2024.",
        "derived",
    ),
    (
        "percent-change-wrong",
        "Members rose 15% from 400 members to 450 members [1].",
        "The club had 400 members in 2023 and 450 members in 2024.",
        "value_not_in_evidence",
    ),
    (
        "share-of-a-whole",
        "Of the 1,200 orders, online orders make up 25% [1].",
        "Of the 1,200 orders, 300 orders were placed online.",
        "derived",
    ),
    (
        "share-without-a-word-for-it",
        "Online orders were 25% at the shop [1].",
        "Of the 1,200 orders, 300 orders were placed online at the shop.",
        "value_not_in_evidence",
    ),
    # -- times of day and durations ----------------------------------------------------
    (
        "journey-time-between-departure-and-arrival",
        "The ferry from Oban to Craignure takes 2 hours and 35 minutes [1].",
        "The ferry leaves Oban at 10:05 and arrives in Craignure at 12:40.",
        "derived",
    ),
    (
        "journey-time-wrong",
        "The ferry from Oban to Craignure takes 2 hours and 45 minutes [1].",
        "The ferry leaves Oban at 10:05 and arrives in Craignure at 12:40.",
        "value_not_in_evidence",
    ),
    (
        "closing-time-after-start",
        "The exam starts at 09:15 and ends at 11:45 [1].",
        "The exam starts at 09:15 and lasts 2 hours 30 minutes.",
        "derived",
    ),
    (
        "closing-time-wrong",
        "The exam starts at 09:15 and ends at 11:30 [1].",
        "The exam starts at 09:15 and lasts 2 hours 30 minutes.",
        "value_not_in_evidence",
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_computed_figures(claim: str, evidence: str, expected: str) -> None:
    unit = check(claim, {"1": evidence}).units[0]
    codes = [r.code for r in unit.reasons]
    if expected == "derived":
        assert unit.status is Status.GROUNDED, unit.reasons
        assert "value_derived" in codes, unit.reasons
    else:
        assert expected in codes, unit.reasons
        assert "value_derived" not in codes, unit.reasons


def test_the_table_has_both_directions() -> None:
    outcomes = {r[3] for r in ROWS}
    assert {"derived", "value_mismatch", "value_not_in_evidence"} <= outcomes
    assert len({r[0] for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize(
    ("claim", "evidence", "message"),
    [
        (
            "A family pass bought online costs £37.80 [1].",
            "A family pass costs £42 at the gate. Passes bought online are 10% cheaper.",
            "£37.80 is not stated; the answer computes it from the evidence: £42 less 10% = £37.80",
        ),
        (
            "The ferry from Oban to Craignure takes 2 hours and 35 minutes [1].",
            "The ferry leaves Oban at 10:05 and arrives in Craignure at 12:40.",
            "2 hours is not stated; the answer computes it from the evidence: 12:40 - 10:05 = "
            "2 hours and 35 minutes",
        ),
        (
            "A 15 ml dose holds 360 mg of ibuprofen [1].",
            "Ibuprofen oral suspension 120 mg/5 ml. Shake well before use.",
            "360 mg is not stated; the answer computes it from the evidence: 120 mg for 5 ml is "
            "360 mg for 15 ml",
        ),
    ],
)
def test_the_message_shows_the_step(claim: str, evidence: str, message: str) -> None:
    unit = check(claim, {"1": evidence}).units[0]
    derived = [r for r in unit.reasons if r.code == "value_derived"]
    figure = message.split(" is not stated")[0]
    derived = [r for r in derived if r.message.startswith(f"{figure} ")]
    assert [r.message for r in derived] == [message]
    span = derived[0].evidence_span
    assert span is not None
    assert span.of(evidence) in evidence  # points at an operand the evidence states


def test_a_figure_near_no_computing_word_is_not_a_difference() -> None:
    """ "Week 12" is no margin of "22" and "10" elsewhere in the evidence."""
    claim = "In week 12 the team recorded its first away win [1]."
    evidence = "The team scored 22 goals at home and 10 away over the season."
    unit = check(claim, {"1": evidence}).units[0]
    assert "value_derived" not in [r.code for r in unit.reasons]


def test_a_bound_after_the_figure_is_no_difference_word() -> None:
    """ "3 or more" states a bound: "more" there asks for no difference (63 - 60)."""
    claim = "Families with 3 or more children pay no fee [1]."
    evidence = "Pensioners aged 63 pay half, and those aged 60 pay the full fee."
    unit = check(claim, {"1": evidence}).units[0]
    assert "value_derived" not in [r.code for r in unit.reasons]


def _derived(claim: str, evidence: str) -> str | None:
    claimed = read_values(claim)
    found = derive(claimed[0], claim, claimed, evidence, read_values(evidence))
    return None if found is None else found.shown


@given(
    price=st.integers(min_value=2, max_value=9_999),
    percent=st.sampled_from([5, 10, 15, 20, 25, 50]),
)
def test_a_discount_is_derived_exactly(price: int, percent: int) -> None:
    evidence = f"The ticket costs £{price}. Online tickets are {percent}% cheaper."
    paid = Decimal(price) * (100 - percent) / 100
    exact = f"{paid:.2f}"
    assert _derived(f"Online it costs £{exact}.", evidence) is not None
    off = f"{paid + Decimal('0.01'):.2f}"
    assert _derived(f"Online it costs £{off}.", evidence) is None


@given(
    start=st.integers(min_value=0, max_value=12 * 60),
    length=st.integers(min_value=1, max_value=10 * 60),
)
def test_a_duration_between_two_times_is_derived_to_the_minute(start: int, length: int) -> None:
    end = start + length

    def clock(minutes: int) -> str:
        return f"{minutes // 60:02d}:{minutes % 60:02d}"

    evidence = f"The coach leaves at {clock(start)} and arrives at {clock(end)}."
    hours, minutes = divmod(length, 60)
    said = " and ".join(
        part
        for part in (
            f"{hours} hours" if hours else "",
            f"{minutes} minutes" if minutes else "",
        )
        if part
    )
    assert _derived(f"The trip takes {said}.", evidence) is not None
    assert _derived(f"The trip takes {length + 1} minutes.", evidence) is None


def test_or_higher_is_a_bound_not_a_change() -> None:
    """ "50% or higher" states a threshold, and "of" asks for no share of two bare
    numbers that do not both say what they count ("59.7" and "30 patients": 50.3%)."""
    claim = "A ratio of 50% or higher is considered abnormal."
    evidence = "Mean age 59.7 ± 10.1; 30 patients had an abnormal ratio."
    assert _derived(claim, evidence) is None

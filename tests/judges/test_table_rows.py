"""Evidence tables read row by row: a figure taken from another row than the one the claim
names is ``value_mismatch`` (both spans point at the figures), and every row the claim
names by its own figures stays grounded. Rows written fresh for this check, pattern-named;
each pattern has a row that must be caught and one that must stay grounded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_guard import Status, check
from grounding_guard.evidence.tables import evidence_tables

LAPTOPS = (
    "| Model | Memory | Price |\n|---|---|---|\n"
    "| X14 | 16 GB | 1,199 euros |\n| X16 | 32 GB | 1,599 euros |"
)
LAPTOPS_REVERSED = (
    "| Model | Memory | Price |\n|---|---|---|\n"
    "| X16 | 32 GB | 1,599 euros |\n| X14 | 16 GB | 1,199 euros |"
)
HEADER_UNITS = "| Model | Weight (kg) | Price (EUR) |\n|---|---|---|\n| X14 | 1.3 | 1199 |\n| X16 | 1.8 | 1599 |"
PLANS = (
    "Prices for 2026:\n\n| Plan | Monthly fee | Data |\n|---|---|---|\n"
    "| Basic | 9 euros | 5 GB |\n| Plus | 19 euros | 20 GB |\n| Max | 29 euros | 100 GB |"
)
DOSES = (
    "| Drug | Dose | Interval |\n|---|---|---|\n"
    "| Ibuprofen | 400 mg | every 6 hours |\n| Paracetamol | 500 mg | every 4 hours |"
)
CITIES = (
    "| City | Population | Area |\n|---|---|---|\n"
    "| Tartu | 97,000 | 39 km² |\n| Narva | 53,000 | 84 km² |\n| Pärnu | 51,000 | 33 km² |"
)
YEARS = (
    "Annual results:\n\n| Year | Revenue | Staff |\n|---|---|---|\n"
    "| 2023 | 5 million euros | 310 |\n| 2024 | 7 million euros | 420 |"
)
PROSE_TOO = "The X14 launched at 1,599 euros in March before a price cut.\n\n" + LAPTOPS
TWO_TABLES = (
    "Prices in 2025:\n\n| Model | Price |\n|---|---|\n| X14 | 1,599 euros |\n| X16 | 1,999 euros |"
    "\n\nPrices in 2026:\n\n| Model | Price |\n|---|---|\n| X14 | 1,199 euros |\n"
    "| X16 | 1,599 euros |"
)
MONTHS = "| Month | Sales |\n|---|---|\n| March | 120 units |\n| April | 150 units |"
NO_SEPARATOR = "| Model | Price |\n|---|---|\n| X14 | 1199 euros |\n| X16 | 1599 euros |"
TRANSPOSED = (
    "| Spec | X14 | X16 |\n|---|---|---|\n| Memory | 16 GB | 32 GB |\n"
    "| Price | 1,199 euros | 1,599 euros |"
)

# (id, claim, evidence, expected): "grounded", or "row" (value_mismatch from this check,
# whose message names the rows) with the claimed figure and the named row's figure
ROWS: list[tuple[str, str, str, str | tuple[str, str]]] = [
    # -- a price from the other row, both orders of rows ----------------------------------
    ("own-row-price", "The X14 costs 1,199 euros [1].", LAPTOPS, "grounded"),
    ("own-row-price-second-row", "The X16 costs 1,599 euros [1].", LAPTOPS, "grounded"),
    ("other-row-price", "The X16 costs 1,199 euros [1].", LAPTOPS, ("1,199 euros", "1,599 euros")),
    (
        "other-row-price-rows-reversed",
        "The X14 costs 1,599 euros [1].",
        LAPTOPS_REVERSED,
        ("1,599 euros", "1,199 euros"),
    ),
    (
        "other-row-memory-rows-reversed",
        "The X14 has 32 GB of memory [1].",
        LAPTOPS_REVERSED,
        ("32 GB", "16 GB"),
    ),
    (
        "one-of-two-figures-from-the-other-row",
        "The X16 comes with 16 GB of memory and costs 1,599 euros [1].",
        LAPTOPS,
        ("16 GB", "32 GB"),
    ),
    (
        "both-figures-from-the-own-row",
        "The X16 comes with 32 GB of memory and costs 1,599 euros [1].",
        LAPTOPS,
        "grounded",
    ),
    # -- three rows, a label that is a plain word -----------------------------------------
    ("plan-own-fee", "The Plus plan costs 19 euros a month [1].", PLANS, "grounded"),
    (
        "plan-fee-of-the-next-row",
        "The Plus plan costs 29 euros a month [1].",
        PLANS,
        ("29 euros", "19 euros"),
    ),
    (
        "plan-data-of-another-row",
        "The Max plan includes 20 GB of data [1].",
        PLANS,
        ("20 GB", "100 GB"),
    ),
    (
        "plan-two-own-figures",
        "The Basic plan includes 5 GB of data for 9 euros a month [1].",
        PLANS,
        "grounded",
    ),
    # -- a dose table ----------------------------------------------------------------------
    ("dose-own-row", "The paracetamol dose is 500 mg [1].", DOSES, "grounded"),
    ("dose-of-the-other-drug", "The paracetamol dose is 400 mg [1].", DOSES, ("400 mg", "500 mg")),
    (
        "interval-of-the-other-drug",
        "Paracetamol is taken every 6 hours [1].",
        DOSES,
        ("6 hours", "4 hours"),
    ),
    # -- bare numbers, and units the header names -------------------------------------------
    ("population-own-row", "Narva has a population of 53,000 [1].", CITIES, "grounded"),
    (
        "population-of-another-city",
        "Narva has a population of 51,000 [1].",
        CITIES,
        ("51,000", "53,000"),
    ),
    (
        "approximation-of-another-city",
        "Pärnu has about 97,000 inhabitants [1].",
        CITIES,
        ("about 97,000", "51,000"),
    ),
    (
        "approximation-within-its-tolerance",  # 51,000 is within 5% of "about 53,000"
        "Pärnu has a population of about 53,000 [1].",
        CITIES,
        "grounded",
    ),
    ("header-unit-own-row", "The X14 weighs 1.3 kg [1].", HEADER_UNITS, "grounded"),
    ("header-unit-converted", "The X14 weighs 1,300 grams [1].", HEADER_UNITS, "grounded"),
    ("header-unit-other-row", "The X14 weighs 1.8 kg [1].", HEADER_UNITS, ("1.8 kg", "1.3")),
    (
        "header-unit-other-row-converted",
        "The X14 weighs 1,800 grams [1].",
        HEADER_UNITS,
        ("1,800 grams", "1.3"),
    ),
    # -- rows keyed by year ----------------------------------------------------------------
    ("year-row-own-figure", "Revenue was 7 million euros in 2024 [1].", YEARS, "grounded"),
    (
        "year-row-figure-of-the-other-year",
        "In 2023 the company had 420 staff [1].",
        YEARS,
        ("420", "310"),
    ),
    (
        "two-years-named-is-a-comparison",
        "Revenue grew from 5 million euros in 2023 to 7 million euros in 2024 [1].",
        YEARS,
        "grounded",
    ),
    # -- rows keyed by month; prices written without a thousands separator --------------
    ("month-row-own-figure", "Sales in April were 150 units [1].", MONTHS, "grounded"),
    (
        "month-row-figure-of-another-month",
        "Sales in April were 120 units [1].",
        MONTHS,
        ("120", "150"),
    ),
    ("unseparated-price-own-row", "The X14 costs 1,199 euros [1].", NO_SEPARATOR, "grounded"),
    (
        "unseparated-price-other-row",  # "1599 euros" is a price, not the year 1599
        "The X14 costs 1,599 euros [1].",
        NO_SEPARATOR,
        ("1,599 euros", "1199 euros"),
    ),
    # -- the figure stands elsewhere: no flag from the table --------------------------------
    ("figure-also-in-prose", "The X14 launched at 1,599 euros [1].", PROSE_TOO, "grounded"),
    (
        "figure-in-the-own-row-of-a-second-table",
        "In 2026 the X14 costs 1,199 euros [1].",
        TWO_TABLES,
        "grounded",
    ),
    (
        "figure-in-the-own-row-of-a-first-table",
        "The X14 cost 1,599 euros in 2025 [1].",
        TWO_TABLES,
        "grounded",
    ),
    ("transposed-table-own-column", "The X14 has 16 GB of memory [1].", TRANSPOSED, "grounded"),
    # -- bounds ------------------------------------------------------------------------------
    ("bound-the-own-row-meets", "The X14 price is less than 1,300 euros [1].", LAPTOPS, "grounded"),
    (
        "bound-only-another-row-meets",
        "The X16 costs less than 1,300 euros [1].",
        LAPTOPS,
        ("less than 1,300 euros", "1,599 euros"),
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
@pytest.mark.parametrize("citations", ["numeric", "none"])
def test_table_rows(
    claim: str, evidence: str, expected: str | tuple[str, str], citations: str
) -> None:
    unit = check(claim, {"1": evidence}, citations=citations).units[0]
    if expected == "grounded":
        assert unit.status is Status.GROUNDED, unit.reasons
        return
    assert isinstance(expected, tuple)
    claimed, theirs = expected
    assert unit.status is Status.CONTRADICTED, unit.reasons
    # the row check, or the sentence-level check when its pairing already finds the row
    found = [r for r in unit.reasons if r.code == "value_mismatch"]
    assert len(found) == 1, unit.reasons
    reason = found[0]
    assert reason.span is not None and reason.span.of(claim) in claimed
    assert reason.evidence_id == "1" and reason.evidence_span is not None
    assert reason.evidence_span.of(evidence) == theirs
    assert reason.message.startswith(f"{claimed} in the answer, {theirs} in the evidence")


#: Rows whose borrowed figure the sentence-level pairing already catches (the row check
#: then stays silent rather than say it twice).
_PAIRED_BY_SENTENCE = {"unseparated-price-other-row"}


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [r[1:3] for r in ROWS if isinstance(r[3], tuple) and r[0] not in _PAIRED_BY_SENTENCE],
    ids=[r[0] for r in ROWS if isinstance(r[3], tuple) and r[0] not in _PAIRED_BY_SENTENCE],
)
def test_the_row_check_names_both_rows(claim: str, evidence: str) -> None:
    unit = check(claim, {"1": evidence}).units[0]
    (reason,) = [r for r in unit.reasons if r.code == "value_mismatch"]
    assert ' row "' in reason.message and "; " in reason.message


def test_the_table_has_both_directions() -> None:
    outcomes = {isinstance(r[3], tuple) for r in ROWS}
    assert outcomes == {True, False}
    assert len({r[0] for r in ROWS}) == len(ROWS)


def test_the_message_names_both_rows() -> None:
    unit = check("The X16 costs 1,199 euros [1].", {"1": LAPTOPS}).units[0]
    assert [r.message for r in unit.reasons if r.code == "value_mismatch"] == [
        '1,199 euros in the answer, 1,599 euros in the evidence (row "X16", column "Price";'
        ' 1,199 euros is row "X14"\'s)'
    ]


def test_an_answer_table_row_meets_an_evidence_table_row() -> None:
    answer = "| Model | Price |\n|---|---|\n| X14 | 1,599 euros [1] |\n| X16 | 1,599 euros [1] |"
    units = [u for u in check(answer, {"1": LAPTOPS}).units if u.status is not Status.SKIPPED]
    assert [u.status for u in units] == [Status.CONTRADICTED, Status.GROUNDED]
    reason = next(r for r in units[0].reasons if r.code == "value_mismatch")
    assert reason.span is not None and reason.span.of(answer) == "1,599 euros"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (LAPTOPS, [{"x14"}, {"x16"}]),
        (PLANS, [{"basic"}, {"plus"}, {"max"}]),
        (YEARS, [{"2023"}, {"2024"}]),  # a year column that comes first names its rows
        # a column of figures names no row: "16 GB" is a value, not a label
        (
            "| Memory | Price |\n|---|---|\n| 16 GB | 1,199 euros |\n| 32 GB | 1,599 euros |",
            [set(), set()],
        ),
        # words every row's label shares name none of them ("Orbis")
        (
            "| Model | Price |\n|---|---|\n| Orbis X14 | 1 euro |\n| Orbis X16 | 2 euros |",
            [{"x14"}, {"x16"}],
        ),
        # two rows alike in the label column: it labels nothing
        ("| Model | Price |\n|---|---|\n| X14 | 1 euro |\n| X14 | 2 euros |", [set(), set()]),
    ],
    ids=["models", "plans", "years-first", "figures-only", "shared-word", "repeated-label"],
)
def test_which_words_name_a_row(text: str, names: list[set[str]]) -> None:
    (table,) = evidence_tables(text)
    assert [set(row.names) for row in table.rows] == names


def test_a_table_needs_a_delimiter_row_and_two_rows() -> None:
    assert evidence_tables("| a | b |\n| 1 | 2 |\n| 3 | 4 |") == ()
    assert evidence_tables("| a | b |\n|---|---|\n| 1 | 2 |") == ()
    assert evidence_tables("no table here") == ()


# labels no English word starts with: none is a stopword or a word of the claim's frame
_LABELS = st.lists(
    st.from_regex(r"Zq[a-z]{3,7}", fullmatch=True), min_size=2, max_size=6, unique=True
)


@settings(max_examples=60, deadline=None)
@given(labels=_LABELS, data=st.data())
def test_each_row_grounds_its_own_price_and_contradicts_the_others(
    labels: list[str], data: st.DataObject
) -> None:
    """Property: in a price table with distinct labels and prices, a claim naming one row
    is grounded with its own price and contradicted, at that row's cell, with another's."""
    prices = data.draw(
        st.lists(st.integers(10, 9_999), min_size=len(labels), max_size=len(labels), unique=True)
    )
    rows = "".join(
        f"| {label} | {price:,} euros |\n" for label, price in zip(labels, prices, strict=True)
    )
    evidence = "| Plan | Price |\n|---|---|\n" + rows
    own = data.draw(st.integers(0, len(labels) - 1))
    other = data.draw(st.integers(0, len(labels) - 1).filter(lambda k: k != own))
    good = f"The {labels[own]} plan costs {prices[own]:,} euros [1]."
    assert check(good, {"1": evidence}).units[0].status is Status.GROUNDED
    bad = f"The {labels[own]} plan costs {prices[other]:,} euros [1]."
    unit = check(bad, {"1": evidence}).units[0]
    assert unit.status is Status.CONTRADICTED, unit.reasons
    reason = next(r for r in unit.reasons if r.code == "value_mismatch")
    assert reason.evidence_span is not None
    assert reason.evidence_span.of(evidence) == f"{prices[own]:,} euros"

"""Precision fixes of the name and figure checks: each pattern in both directions (the
wrong claim still caught, the right one kept), plus the attacks each fix could open."""

from __future__ import annotations

import pytest

import grounding_guard as gg
from grounding_guard.verdict import INFORMATIONAL

# (pattern, claim, evidence, code that must be present, or None: none of CODES). An
# informational code (a name merely missing) leaves the unit to support: grounded here.
Row = tuple[str, str, str, str | None]
CODES = {"name_not_in_evidence", "name_mismatch", "value_not_in_evidence", "value_mismatch"}

ROWS: list[Row] = [
    # a given name whose surname the evidence states
    (
        "given-name-of-a-stated-surname",
        "The guard Kevin Durant earns $87.9 million.",
        "The guard Durant earns $87.9 million.",
        None,
    ),
    (
        "given-name-alone-is-still-checked",
        "The guard Kevin earns $87.9 million.",
        "The guard Smith earns $87.9 million.",
        "name_mismatch",  # no full name to tie Kevin to Smith: another name in the slot
    ),
    (
        "attack-another-surname",
        "The guard Kevin Jones earns $87.9 million.",
        "The guard Durant earns $87.9 million.",
        "name_mismatch",
    ),
    (
        "attack-adjective-is-no-given-name",
        "The Russian Navy held drills in the Baltic.",
        "The navy held drills in the Baltic.",
        "name_not_in_evidence",  # reported; nothing names another navy: support decides
    ),
    # a name-number whose head and number the evidence states apart
    (
        "name-number-parts-stated",
        "He was named captain for IPL 2018 by the owners.",
        "The owners named him captain for the 2018 season of the IPL.",
        None,
    ),
    (
        "attack-name-number-other-number",
        "The crew of Apollo 17 landed on the Moon.",
        "The crew of Apollo 11 landed on the Moon in 1969.",
        "name_mismatch",  # the same head, another number, in the covering sentence
    ),
    # a yearless evidence date agreeing on month and day
    (
        "yearless-evidence-date",
        "The vote was held on November 2, 2004 in the state.",
        "The vote was held on November 2 in the state.",
        None,
    ),
    (
        "attack-yearless-date-other-day",
        "The vote was held on November 3, 2004 in the state.",
        "The vote was held on November 2 in the state.",
        "value_mismatch",
    ),
    # a two-digit year the evidence writes in full
    (
        "short-year-written-in-full",
        "They sang it on stage in December back in 63.",
        "They sang it on stage in December, 1963.",
        None,
    ),
    (
        "attack-short-year-other-year",
        "They sang it on stage in December back in 64.",
        "They sang it on stage in December, 1963.",
        "value_not_in_evidence",
    ),
    # the smaller part of a compound measure is a finer precision
    (
        "compound-measure-remainder",
        "Light takes 8 minutes and 20 seconds to reach Earth.",
        "Light takes 8 minutes to reach Earth.",
        None,
    ),
    (
        "attack-compound-measure-head-wrong",
        "Light takes 9 minutes and 20 seconds to reach Earth.",
        "Light takes 8 minutes to reach Earth.",
        "value_mismatch",
    ),
    # bounds after the figure and on an age
    (
        "or-higher-is-a-bound",
        "A ratio of 50% or higher is considered large by doctors.",
        "Doctors consider a ratio of 65% large.",
        None,
    ),
    (
        "age-bound",
        "The little boy under the age of eighteen plays in the park.",
        "A little boy under the age of 18 plays in the park.",
        None,
    ),
    (
        "attack-large-count-still-absent",
        "The boy plays with 48 friends in the park.",
        "A little boy plays in the park.",
        "value_not_in_evidence",
    ),
    # an unspaced script's word glued to a figure names nothing
    ("unspaced-script-before-a-figure", "电池续航14小时", "该设备的电池续航14小时。", None),
    (
        "attack-unspaced-script-other-figure",
        "电池续航15小时",
        "该设备的电池续航14小时。",
        "value_not_in_evidence",
    ),
    (
        "latin-glued-name-still-a-name",
        "The model Q7 sold well in Ohio.",
        "The model Q5 sold well in Ohio.",
        "name_not_in_evidence",  # no head word to align "Q7" with "Q5": only reported
    ),
]


def _unit(claim: str, evidence: str) -> gg.UnitResult:
    return gg.check(f"{claim} [1]", {"1": evidence}).units[0]


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_precision_patterns(claim: str, evidence: str, code: str | None) -> None:
    unit = _unit(claim, evidence)
    if code is None:
        assert not CODES & set(unit.codes), unit.reasons
        assert unit.status is gg.Status.GROUNDED, unit.reasons
    elif code in INFORMATIONAL:
        assert code in unit.codes, unit.reasons
        assert unit.status is gg.Status.GROUNDED, unit.reasons  # support decides
    else:
        assert code in unit.codes, unit.reasons
        assert unit.status is not gg.Status.GROUNDED


# (pattern, claim, evidence, value_unconfirmed expected)
UNCONFIRMED: list[tuple[str, str, str, bool]] = [
    (
        "small-count-is-unconfirmed",
        "The wing holds twelve reading rooms for students.",
        "The wing holds reading rooms for students.",
        True,
    ),
    (
        "year-is-unconfirmed",
        "The wing opened to students in 2021.",
        "The wing opened to students.",
        True,
    ),
    (
        "money-stays-failing",
        "The wing cost $12 million for students.",
        "The wing was built for students.",
        False,
    ),
    (
        "percent-stays-failing",
        "The wing grew 12% for students.",
        "The wing grew for students.",
        False,
    ),
    (
        "decimal-stays-failing",
        "The ratio was measured at 3.1416 in the lab.",
        "The ratio was measured at 3.14 in the lab.",
        False,
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "informational"),
    [r[1:] for r in UNCONFIRMED],
    ids=[r[0] for r in UNCONFIRMED],
)
def test_imprecise_figures_are_informational(
    claim: str, evidence: str, informational: bool
) -> None:
    unit = _unit(claim, evidence)
    assert ("value_unconfirmed" in unit.codes) is informational, unit.reasons
    assert ("value_not_in_evidence" in unit.codes) is not informational, unit.reasons
    if informational:
        assert unit.status is gg.Status.GROUNDED  # support decides, as for overlap alone
    else:
        assert unit.status is not gg.Status.GROUNDED


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("The boy is under the age of eighteen.", "bound"),
        ("The boy is over the age of 18 years.", "bound"),
        ("The boy turned eighteen at the age of consent.", None),
        ("A ratio of 50% or higher is large.", "bound"),
    ],
    ids=["age-bound-words", "age-bound-digits", "attack-age-without-bound", "or-higher"],
)
def test_bounds_the_reader_sees(text: str, note: str | None) -> None:
    from grounding_guard.text.figures import read_values

    assert [v.note for v in read_values(text)] == [note]

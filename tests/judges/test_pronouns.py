"""A pronoun subject read as the claim's named subject ("It is closed on Mondays" after a
sentence that opens with the name), so that an opposite, a flipped direction or a denial
in that sentence is caught; and the cases where the pronoun is not read so."""

from __future__ import annotations

import pytest

from grounding_guard import Status, check

MUSEUM = (
    "Hartfield Museum opens at 10:00 from Tuesday to Sunday and admission is free. "
    "It is closed on Mondays."
)
CAFE = (
    "Hartfield Museum has a café run by Brewline. Brewline serves lunch from noon. "
    "It is closed on Mondays."
)
FOODS = (
    "Corvan Foods reported lower sales in 2025 as demand for frozen meals fell. "
    "It cut its staff by 80 and closed two plants in Ohio."
)

# (id, claim, evidence, code the unit must carry, or None: no polarity code at all)
ROWS: list[tuple[str, str, str, str | None]] = [
    (
        "pronoun-subject-opposite",
        "Hartfield Museum is open on Mondays [1].",
        MUSEUM,
        "antonym_mismatch",
    ),
    ("pronoun-subject-same-word", "Hartfield Museum is closed on Mondays [1].", MUSEUM, None),
    (
        "pronoun-subject-flipped-direction",
        "Corvan Foods increased its staff by 80 in 2025 [1].",
        FOODS,
        "direction_mismatch",
    ),
    (
        "pronoun-subject-same-direction",
        "Corvan Foods cut its staff by 80 in 2025 [1].",
        FOODS,
        None,
    ),
    # the sentence before the pronoun opens with another name: "It" may be the café
    (
        "pronoun-after-another-subject-is-not-read",
        "Hartfield Museum is open on Mondays [1].",
        CAFE,
        None,
    ),
    # a claim that opens with no name has no subject to read the pronoun as
    (
        "claim-without-a-name-is-not-read",
        "It is open on Mondays, the museum says [1].",
        MUSEUM,
        None,
    ),
]

POLARITY = {"antonym_mismatch", "direction_mismatch", "negation_mismatch"}


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_pronoun_subject(claim: str, evidence: str, code: str | None) -> None:
    unit = check(claim, {"1": evidence}).units[0]
    codes = {r.code for r in unit.reasons}
    if code is None:
        assert not codes & POLARITY, unit.reasons
        return
    assert code in codes and unit.status is Status.CONTRADICTED, unit.reasons
    reason = next(r for r in unit.reasons if r.code == code)
    assert reason.evidence_id == "1" and reason.evidence_span is not None
    # the evidence span points at the word as written, not into the resolved sentence
    said = reason.evidence_span.of(evidence)
    assert said in {"closed", "cut"}, said
    assert reason.span is not None and reason.span.of(claim) in {"open", "increased"}


def test_the_pronoun_is_read_the_same_way_in_attribution_mode() -> None:
    report = check("Hartfield Museum is open on Mondays.", [MUSEUM], citations="none")
    unit = report.claims[0]
    assert unit.status is not Status.GROUNDED
    assert "antonym_mismatch" in {r.code for r in unit.reasons}

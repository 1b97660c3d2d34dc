"""Figure agreement, basic form: every number a claim states must stand in its evidence.

A number absent from the cited evidence is ``value_not_in_evidence``; when the best
evidence sentence otherwise covers the claim and holds a different number in its place,
the pair is a ``value_mismatch`` with both spans. Dates, times and ranges compare as
written, so a date's parts never ground a plain number.
"""

from __future__ import annotations

from collections.abc import Sequence

from grounding_guard.judges.analysis import number_key
from grounding_guard.judges.base import Claim, Passage
from grounding_guard.judges.lexical import BestSentence
from grounding_guard.judges.terms import sentence_gate
from grounding_guard.model import Reason

__all__ = ["check_values"]


def check_values(
    claim: Claim, passages: Sequence[Passage], best: BestSentence | None, threshold: float
) -> list[Reason]:
    """Reasons for the claim's numbers that its passages do not contain."""
    analysis = claim.analysis
    if not analysis.numbers:
        return []
    known: set[str] = set()
    for passage in passages:
        known |= passage.number_keys
    missing = [(n, s) for n, s in enumerate(analysis.numbers) if number_key(s) not in known]
    if not missing:
        return []
    partners: list[str] = []
    if best is not None:
        ignore = frozenset(number_key(s) for _, s in missing)
        if sentence_gate(claim, best, threshold, ignore):
            partners = [
                s for s in best.analysis.numbers if number_key(s) not in analysis.number_keys
            ]
    reasons: list[Reason] = []
    for position, surface in missing:
        occurrence = analysis.numbers[:position].count(surface)
        span = analysis.locate(surface, occurrence).shift(claim.span.start)
        partner = _partner(surface, partners)
        if best is not None and partner is not None:
            partners.remove(partner)
            reasons.append(
                Reason(
                    "value_mismatch",
                    f"{surface} in the answer, {partner} in the evidence",
                    span,
                    best.passage.id,
                    best.analysis.locate(partner).shift(best.span.start),
                )
            )
        else:
            reasons.append(
                Reason(
                    "value_not_in_evidence",
                    f"{surface} does not appear in the cited evidence",
                    span,
                )
            )
    return reasons


def _kind(surface: str) -> str:
    key = number_key(surface)
    if not key.isdigit():
        return "date" if any(c in key for c in "-/:") else "decimal"
    return "year" if len(key) == 4 and 1000 <= int(key) <= 2199 else "integer"


def _partner(surface: str, partners: list[str]) -> str | None:
    """The first evidence number of the same kind (a year for a year), else none."""
    kind = _kind(surface)
    for partner in partners:
        other = _kind(partner)
        if other == kind or {kind, other} == {"integer", "decimal"}:
            return partner
    return None

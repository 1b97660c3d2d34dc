"""Figure agreement, basic form: every number a claim states must stand in its evidence.

A number absent from the cited evidence is ``value_not_in_evidence``; when the best
evidence sentence otherwise covers the claim and holds a different number in its place,
the pair is a ``value_mismatch`` with both spans. Dates, times and ranges compare as
written, so a date's parts never ground a plain number.
"""

from __future__ import annotations

from collections.abc import Sequence

from grounding_guard.judges.analysis import Token
from grounding_guard.judges.base import Claim, Passage
from grounding_guard.judges.lexical import BestSentence
from grounding_guard.judges.terms import sentence_gate
from grounding_guard.model import Reason

__all__ = ["check_values"]


def check_values(
    claim: Claim, passages: Sequence[Passage], best: BestSentence | None, threshold: float
) -> list[Reason]:
    """Reasons for the claim's numbers that its passages do not contain."""
    known = frozenset().union(*(p.number_keys for p in passages)) if passages else frozenset()
    missing = [t for t in claim.analysis.numbers if t.key not in known]
    if not missing:
        return []
    claim_keys = {t.key for t in claim.analysis.numbers}
    partners: list[Token] = []
    if best is not None:
        ignore = frozenset(t.key for t in missing)
        if sentence_gate(claim, best, threshold, ignore):
            partners = [t for t in best.analysis.numbers if t.key not in claim_keys]
    reasons: list[Reason] = []
    for token in missing:
        span = token.span.shift(claim.span.start)
        partner = _partner(token, partners)
        if best is not None and partner is not None:
            partners.remove(partner)
            reasons.append(
                Reason(
                    "value_mismatch",
                    f"{token.surface} in the answer, {partner.surface} in the evidence",
                    span,
                    best.passage.id,
                    partner.span.shift(best.span.start),
                )
            )
        else:
            reasons.append(
                Reason(
                    "value_not_in_evidence",
                    f"{token.surface} does not appear in the cited evidence",
                    span,
                )
            )
    return reasons


def _kind(token: Token) -> str:
    key = token.key
    if not key.isdigit():
        return "date" if any(c in key for c in "-/:") else "decimal"
    return "year" if len(key) == 4 and 1000 <= int(key) <= 2199 else "integer"


def _partner(token: Token, partners: list[Token]) -> Token | None:
    """The first evidence number of the same kind (a year for a year), else none."""
    kind = _kind(token)
    for partner in partners:
        if _kind(partner) == kind or {kind, _kind(partner)} == {"integer", "decimal"}:
            return partner
    return None

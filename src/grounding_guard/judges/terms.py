"""Term checks: what word overlap misses. Each returns reasons, never a verdict.

- ``name_not_in_evidence``: a name or acronym the cited evidence never mentions;
- ``negation_mismatch``: a negation added or dropped against the best evidence sentence;
- ``direction_mismatch``: a flipped direction or comparison (increase/decrease, more/less,
  higher/lower, before/after, faster/slower ...);
- figures: see :mod:`grounding_guard.judges.values`.

A negation or direction conflict counts only when the best sentence otherwise covers the
claim (``gate``): a sentence about something else says nothing against it.
"""

from __future__ import annotations

from collections.abc import Sequence

from grounding_guard.judges.base import Claim, Passage
from grounding_guard.judges.lexical import BestSentence, coverage
from grounding_guard.judges.lexicon import stem
from grounding_guard.model import Reason

__all__ = ["check_directions", "check_names", "check_negation", "sentence_gate"]


def sentence_gate(
    claim: Claim, best: BestSentence, threshold: float, ignore: frozenset[str] = frozenset()
) -> bool:
    """True when ``best`` covers the claim's content (minus ``ignore``) to ``threshold``."""
    content = claim.analysis.content - ignore
    return coverage(content, best.analysis.content) + 1e-9 >= threshold


def check_names(claim: Claim, passages: Sequence[Passage]) -> list[Reason]:
    """A reason for each name or acronym of the claim that no passage mentions."""
    reasons: list[Reason] = []
    seen: set[str] = set()
    for token in claim.analysis.names:
        lower = token.surface.casefold()
        if lower.endswith("'s"):
            lower = lower[:-2]
        if lower in seen:
            continue
        seen.add(lower)
        key = stem(lower)
        if any(lower in p.words or key in p.content for p in passages):
            continue
        reasons.append(
            Reason(
                "name_not_in_evidence",
                f"{token.surface!r} is not mentioned in the cited evidence",
                token.span.shift(claim.span.start),
            )
        )
    return reasons


def check_negation(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason when the claim and its best sentence disagree on being negated."""
    mine = claim.analysis.negations
    theirs = best.analysis.negations
    if (len(mine) % 2) == (len(theirs) % 2) or not sentence_gate(claim, best, threshold):
        return []
    if mine:
        message = f"the claim negates ({mine[0].surface!r}) what the evidence states"
        span = mine[0].span.shift(claim.span.start)
        evidence_span = best.span
    else:
        message = f"the evidence negates ({theirs[0].surface!r}) what the claim states"
        span = claim.span
        evidence_span = theirs[0].span.shift(best.span.start)
    return [Reason("negation_mismatch", message, span, best.passage.id, evidence_span)]


def check_directions(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason for each direction word whose opposite, and only it, the evidence uses."""
    theirs = {side: token for token, side in best.analysis.directions}
    reasons: list[Reason] = []
    for token, (family, side) in claim.analysis.directions:
        opposite = theirs.get((family, 1 - side))
        if opposite is None or (family, side) in theirs:
            continue
        if not sentence_gate(claim, best, threshold, frozenset({token.key})):
            continue
        reasons.append(
            Reason(
                "direction_mismatch",
                f"{token.surface!r} in the claim, {opposite.surface!r} in the evidence",
                token.span.shift(claim.span.start),
                best.passage.id,
                opposite.span.shift(best.span.start),
            )
        )
    return reasons

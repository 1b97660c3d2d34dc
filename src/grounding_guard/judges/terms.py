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

from grounding_guard.judges.analysis import Analysis
from grounding_guard.judges.base import Claim, Passage
from grounding_guard.judges.lexical import BestSentence, coverage
from grounding_guard.judges.lexicon import NEGATIONS, stem
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
    for surface in claim.analysis.names:
        lower = surface.casefold()
        if lower.endswith("'s"):
            lower = lower[:-2]
        if lower in seen:
            continue
        seen.add(lower)
        key = stem(lower)
        if any(lower in p.vocabulary or key in p.content for p in passages):
            continue
        reasons.append(
            Reason(
                "name_not_in_evidence",
                f"{surface!r} is not mentioned in the cited evidence",
                claim.analysis.locate(surface).shift(claim.span.start),
            )
        )
    return reasons


def _negation_word(analysis: Analysis) -> str:
    return next((w for w in analysis.words if w in NEGATIONS), "not")


def check_negation(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason when the claim and its best sentence disagree on being negated."""
    mine = claim.analysis.negations
    theirs = best.analysis.negations
    if (mine % 2) == (theirs % 2) or not sentence_gate(claim, best, threshold):
        return []
    if mine:
        word = _negation_word(claim.analysis)
        message = f"the claim negates ({word!r}) what the evidence states"
        span = claim.analysis.locate(word).shift(claim.span.start)
        evidence_span = best.span
    else:
        word = _negation_word(best.analysis)
        message = f"the evidence negates ({word!r}) what the claim states"
        span = claim.span
        evidence_span = best.analysis.locate(word).shift(best.span.start)
    return [Reason("negation_mismatch", message, span, best.passage.id, evidence_span)]


def check_directions(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason for each direction word whose opposite, and only it, the evidence uses."""
    if not claim.analysis.directions or not best.analysis.directions:
        return []
    theirs = {side: word for word, side in best.analysis.direction_words}
    reasons: list[Reason] = []
    for word, (family, side) in claim.analysis.direction_words:
        opposite = theirs.get((family, 1 - side))
        if opposite is None or (family, side) in theirs:
            continue
        if not sentence_gate(claim, best, threshold, frozenset({stem(word.casefold())})):
            continue
        reasons.append(
            Reason(
                "direction_mismatch",
                f"{word!r} in the claim, {opposite!r} in the evidence",
                claim.analysis.locate(word).shift(claim.span.start),
                best.passage.id,
                best.analysis.locate(opposite).shift(best.span.start),
            )
        )
    return reasons

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

from grounding_guard.judges.analysis import Analysis, context_stems
from grounding_guard.judges.base import Claim, Passage
from grounding_guard.judges.lexical import BestSentence, coverage
from grounding_guard.judges.lexicon import DIRECTION_FAMILIES, NEGATIONS, stem
from grounding_guard.model import Reason
from grounding_guard.values import CURRENCY_CODES, UNIT_WORDS

__all__ = ["check_directions", "check_names", "check_negation", "sentence_gate"]


#: Capitals that belong to a figure's unit or currency, never to a name.
UNIT_LETTERS: frozenset[str] = CURRENCY_CODES | frozenset({"US", "AU", "NZ", "HK", "CA", "Rs"})


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
        if lower in seen or surface in UNIT_LETTERS or lower in UNIT_WORDS:
            continue  # the letters of a unit or a currency name nothing ("US$500", "GW")
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


#: Negations that govern the noun after them ("no shirt", "without a license"); the
#: others ("not", "never", "n't") govern a verb and what follows it.
_NOUN_NEGATIONS = frozenset({"no", "without", "none", "nobody", "nothing", "neither", "nor"})


def _bearing_negations(analysis: Analysis, other: frozenset[str]) -> list[int]:
    """Indices of negation words that bear on what both texts talk about: the next
    content word (two for a verb negation) occurs in ``other``. So "does not support
    IPv6" bears on "support", while "a man with no shirt" says nothing about a man
    performing."""
    if not analysis.negations:
        return []
    return [
        index
        for index, word in enumerate(analysis.words)
        if word in NEGATIONS
        and context_stems(analysis, index, 0, 1 if word in _NOUN_NEGATIONS else 2) & other
    ]


def check_negation(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason when one side negates what both state and the other does not."""
    mine = _bearing_negations(claim.analysis, best.analysis.content)
    theirs = _bearing_negations(best.analysis, claim.analysis.content)
    if bool(mine) == bool(theirs) or not sentence_gate(claim, best, threshold):
        return []
    if mine:
        word = claim.analysis.words[mine[0]]
        message = f"the claim negates ({word!r}) what the evidence states"
        occurrence = claim.analysis.words[: mine[0]].count(word)
        span = claim.analysis.locate_word(word, occurrence).shift(claim.span.start)
        evidence_span = best.span
    else:
        word = best.analysis.words[theirs[0]]
        message = f"the evidence negates ({word!r}) what the claim states"
        span = claim.span
        occurrence = best.analysis.words[: theirs[0]].count(word)
        evidence_span = best.analysis.locate_word(word, occurrence).shift(best.span.start)
    return [Reason("negation_mismatch", message, span, best.passage.id, evidence_span)]


def _directions(analysis: Analysis) -> list[tuple[int, tuple[int, int]]]:
    """(word index, (family, side)) of each direction word."""
    return [
        (index, DIRECTION_FAMILIES[stem_])
        for index, stem_ in enumerate(analysis.stems)
        if stem_ in DIRECTION_FAMILIES
    ]


def check_directions(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason for each direction word whose opposite, and only it, the evidence uses
    about the same thing (the two words share a neighbouring content word)."""
    if not claim.analysis.directions or not best.analysis.directions:
        return []
    theirs = _directions(best.analysis)
    their_sides = {side for _, side in theirs}
    reasons: list[Reason] = []
    for index, (family, side) in _directions(claim.analysis):
        if (family, side) in their_sides:
            continue
        near = context_stems(claim.analysis, index, 2, 2)
        opposite = next(
            (
                j
                for j, other in theirs
                if other == (family, 1 - side) and context_stems(best.analysis, j, 2, 2) & near
            ),
            None,
        )
        if opposite is None:
            continue
        word = claim.analysis.words[index]
        if not sentence_gate(claim, best, threshold, frozenset({claim.analysis.stems[index]})):
            continue
        their_word = best.analysis.words[opposite]
        reasons.append(
            Reason(
                "direction_mismatch",
                f"{word!r} in the claim, {their_word!r} in the evidence",
                claim.analysis.locate_word(word, claim.analysis.words[:index].count(word)).shift(
                    claim.span.start
                ),
                best.passage.id,
                best.analysis.locate_word(
                    their_word, best.analysis.words[:opposite].count(their_word)
                ).shift(best.span.start),
            )
        )
    return reasons

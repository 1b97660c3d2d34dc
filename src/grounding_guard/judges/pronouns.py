"""A pronoun subject read as the claim's subject: "It is closed on Sundays" after a
sentence that opens with "Riverside Library" says "Riverside Library is closed on
Sundays", and the polarity checks (negation, direction, opposites) may then meet it.

Only a plain case is read: the claim opens with a name (its capitalised words, "the"
aside), the pronoun opens a sentence or a clause ("It is ...", "...; he later said",
"note that it is ..."), and the sentence that names the pronoun's referent opens with
that name within its first few words (the pronoun's own sentence before the pronoun, or
the sentence before it). A sentence whose subject is another thing, or a referent named
further back, is not read: a wrong referent would make a false alarm."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from grounding_guard.evidence.passage import Claim
from grounding_guard.judges.lexical import BestSentence
from grounding_guard.text.analysis import analyse, sentence_spans
from grounding_guard.text.cache import bounded_cache
from grounding_guard.types import Reason, Span

__all__ = ["through_pronouns"]

#: A claim that opens with a name: up to five capitalised words, "The" set aside.
_CLAIM_SUBJECT = re.compile(
    r"(?:The\s+)?(?P<name>[A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|de|da|del|von|van))*)"
)
#: A subject pronoun that opens a sentence or a clause.
_PRONOUN = re.compile(
    r"(?:^|(?<=[;:,]\s)|(?<=\bthat\s)|(?<=\bbut\s)|(?<=\band\s))(?P<pronoun>[Ii]t|[Hh]e|[Ss]he|[Tt]hey)\b"
    r"(?!\s*(?:is|was)\s+(?:said|thought|believed|expected|likely|possible|important|clear)\b)"
)
_ANY_PRONOUN = re.compile(r"\b(?:[Ii]t|[Hh]e|[Ss]he|[Tt]hey)\b")
#: How many words from its start a sentence may name the referent within.
_OPENING_WORDS = 6
#: How many of a chunk's first sentences are read for pronouns (once per chunk).
_MOST_SENTENCES = 64


def _claim_subject(claim: Claim) -> tuple[str, tuple[str, ...]] | None:
    """The claim's opening name as written and its lower-cased words; None when the
    claim does not open with one (a pronoun, a common noun, a single short capital)."""
    match = _CLAIM_SUBJECT.match(claim.text.lstrip())
    if match is None:
        return None
    name = match.group("name").rstrip(".'")
    words = tuple(w.casefold() for w in name.split() if w[:1].isupper())
    if not words or (len(words) == 1 and len(words[0]) < 3):
        return None
    return name, words


def _opens_with(text: str, words: tuple[str, ...]) -> bool:
    """Whether every word of the name stands among the first words of ``text``."""
    opening = {w.strip(".,:;'\"()").casefold() for w in text.split()[:_OPENING_WORDS]}
    return all(w in opening for w in words)


@bounded_cache(64, 1 << 22)
def _pronoun_sites(text: str) -> tuple[tuple[int, int, int], ...]:
    """Where a chunk's subject pronouns stand, read once per chunk: (the sentence's
    number, the pronoun's start and end within the sentence), for the first sentences."""
    if _ANY_PRONOUN.search(text) is None:
        return ()
    sites: list[tuple[int, int, int]] = []
    for number, span in enumerate(sentence_spans(text)[:_MOST_SENTENCES]):
        for match in _PRONOUN.finditer(text[span.start : span.end]):
            sites.append((number, *match.span("pronoun")))
    return tuple(sites)


def through_pronouns(
    claim: Claim,
    best: BestSentence,
    check: Callable[[Claim, BestSentence], list[Reason]],
) -> list[Reason]:
    """The reasons ``check`` finds against the first sentence of the best sentence's
    passage whose subject pronoun stands for the claim's subject, the pronoun read as the
    subject's name; their evidence spans point into the passage as written."""
    subject = _claim_subject(claim)
    if subject is None:
        return []
    passage = best.passage
    text_of = passage.evidence.text
    sites = _pronoun_sites(text_of)
    if not sites:
        return []
    name, words = subject
    content = claim.analysis.content
    spans = passage.spans
    asked: set[int] = set()
    for number, start, end in sites:
        span = spans[number]
        if span == best.span or number in asked:
            continue
        text = text_of[span.start : span.end]
        if start > 0:
            referent = text[:start]
        elif number > 0:
            referent = text_of[spans[number - 1].start : spans[number - 1].end]
        else:
            continue
        if not _opens_with(referent, words) or _opens_with(text[start:], words):
            continue
        asked.add(number)  # one reading per sentence: its first pronoun for the name
        resolved = analyse(text[:start] + name + text[end:])
        shared = content & resolved.content
        if len(shared) < len(best.shared):
            continue
        found = check(claim, BestSentence(passage, span, resolved, frozenset(shared)))
        if found:
            return [_mapped(r, span.start, start, end, len(name)) for r in found]
    return []


def _mapped(reason: Reason, origin: int, start: int, end: int, length: int) -> Reason:
    """``reason`` with its evidence span moved from the resolved sentence (a name of
    ``length`` characters at ``start``) back into the passage as written (the pronoun at
    ``start``..``end``)."""
    where = reason.evidence_span
    if where is None:
        return reason
    delta = length - (end - start)

    def back(offset: int) -> int:
        inner = offset - origin
        if inner <= start:
            return offset
        if inner >= start + length:
            return offset - delta
        return origin + end  # inside the name: the pronoun's end

    return replace(
        reason, evidence_span=Span(back(where.start), max(back(where.start), back(where.end)))
    )

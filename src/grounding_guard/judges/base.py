"""The judge protocol: what a judge is asked and what it must answer.

A judge sees one claim and the passages it may rest on (the evidence the unit cites, or
the chunk it is attributed to) and returns a :class:`~grounding_guard.model.Judgement`.
Judges never see statuses, actions or other units: verdicts are combined elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from grounding_guard.judges.analysis import Analysis, analyse, sentence_spans, word_string
from grounding_guard.model import Evidence, Judgement, Span

__all__ = ["Claim", "Judge", "Passage"]


@dataclass(frozen=True)
class Claim:
    """A unit as judges see it.

    ``text`` is the unit with its citation markers and placeholders blanked out (same
    length as the unit, so offsets hold); ``span`` locates it in the answer; token spans
    in ``analysis`` are relative to the unit.
    """

    text: str
    span: Span
    analysis: Analysis

    @property
    def plain(self) -> str:
        """The claim's words without markers, white space collapsed (what a model reads)."""
        return " ".join(self.text.split())


@dataclass(frozen=True)
class Passage:
    """One piece of evidence, read once: its sentences (span + analysis, token spans
    relative to the sentence) and the bags of the whole chunk."""

    evidence: Evidence
    sentences: tuple[tuple[Span, Analysis], ...]
    content: frozenset[str]
    words: frozenset[str]
    number_keys: frozenset[str]
    word_text: str

    @property
    def id(self) -> str:
        """The evidence id."""
        return self.evidence.id

    @classmethod
    def read(cls, evidence: Evidence) -> Passage:
        """Analyse ``evidence`` sentence by sentence."""
        sentences = tuple(
            (span, analyse(span.of(evidence.text))) for span in sentence_spans(evidence.text)
        )
        content: set[str] = set()
        words: set[str] = set()
        numbers: set[str] = set()
        for _, analysis in sentences:
            content |= analysis.content
            words |= analysis.words
            numbers.update(token.key for token in analysis.numbers)
        return cls(
            evidence,
            sentences,
            frozenset(content),
            frozenset(words),
            frozenset(numbers),
            word_string(token for _, a in sentences for token in a.tokens),
        )


@runtime_checkable
class Judge(Protocol):
    """Decides whether ``passages`` support ``claim``; must be deterministic and pure."""

    name: str

    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        """Judge one claim against the union of ``passages``."""
        ...

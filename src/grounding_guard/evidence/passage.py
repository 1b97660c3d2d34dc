"""The claim and passage shapes every judge reads: a unit as judges see it, and one chunk
of evidence read once (its sentences, word bags and a stem -> sentences index)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grounding_guard.text.analysis import Analysis, analyse, sentence_spans, word_string
from grounding_guard.types import Evidence, Span

__all__ = ["Claim", "Passage"]


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
    """One piece of evidence, read once: its sentences (span + analysis of that
    sentence's text), the bags of the whole chunk and a stem -> sentences index."""

    evidence: Evidence
    sentences: tuple[tuple[Span, Analysis], ...]
    content: frozenset[str]
    vocabulary: frozenset[str]
    number_keys: frozenset[str]
    word_text: str
    postings: Mapping[str, tuple[int, ...]]

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
        vocabulary: set[str] = set()
        numbers: set[str] = set()
        postings: dict[str, list[int]] = {}
        for number, (_, analysis) in enumerate(sentences):
            content |= analysis.content
            vocabulary |= analysis.vocabulary
            numbers |= analysis.number_keys
            for stem in analysis.content:
                postings.setdefault(stem, []).append(number)
        return cls(
            evidence,
            sentences,
            frozenset(content),
            frozenset(vocabulary),
            frozenset(numbers),
            word_string(w for _, a in sentences for w in a.words),
            {k: tuple(v) for k, v in postings.items()},
        )

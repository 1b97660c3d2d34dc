"""The claim and passage shapes every judge reads: a unit as judges see it, and one chunk
of evidence read lazily and once (its sentences, word bags and a stem -> sentences index).

A chunk costs nothing until a check asks about it: a unit that cites one chunk never
reads the other nineteen. What a check asks for decides how deep the read goes:
sentence cuts, then each sentence's light bags (words and stems, the support judge's
whole need), and a sentence's full :class:`~grounding_guard.text.analysis.Analysis`
(names, negations, directions) only for the sentences a term check looks at.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from grounding_guard._slots import quick_init
from grounding_guard.text.analysis import (
    Analysis,
    Bags,
    analyse,
    number_key,
    number_keys_of,
    number_pattern,
    read_sentences,
    sentence_spans,
)
from grounding_guard.text.lexicon import stem_forms
from grounding_guard.text.quotes import unspaced_pieces
from grounding_guard.text.tables import TableRow
from grounding_guard.types import Evidence, Span

__all__ = ["Claim", "Passage", "SentenceAnalyses"]

#: How many stems' answers an unread chunk keeps (each way) for :meth:`Passage.may_hold_count`.
_KEPT_ANSWERS = 128
#: How many claims a chunk answers by comparing every sentence (:meth:`Passage.often_asked`).
_SCAN_ASKS = 8
#: ... and how many sentences a chunk has at most to be compared sentence by sentence always.
_SCAN_SENTENCES = 32


@quick_init
@dataclass(frozen=True, slots=True)
class Claim:
    """A unit as judges see it.

    ``text`` is the unit with its citation markers and placeholders blanked out (same
    length as the unit, so offsets hold); ``span`` locates it in the answer; token spans
    in ``analysis`` are relative to the unit. ``row`` is set on a table data row under a
    header: its cells with their header cells, which the term checks read it with.
    """

    text: str
    span: Span
    analysis: Analysis
    row: TableRow | None = None

    @property
    def plain(self) -> str:
        """The claim's words without markers, white space collapsed (what a model reads)."""
        return " ".join(self.text.split())


class SentenceAnalyses(Sequence[tuple[Span, Analysis]]):
    """A passage's sentences as ``(span, analysis)`` pairs, each analysed on first access
    (a term check reads one or two sentences of a chunk, rarely all of them)."""

    __slots__ = ("_analyses", "_passage")

    def __init__(self, passage: Passage) -> None:
        self._passage = passage
        self._analyses: list[Analysis | None] = [None] * len(passage.spans)

    def __len__(self) -> int:
        return len(self._analyses)

    @overload
    def __getitem__(self, index: int) -> tuple[Span, Analysis]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[Span, Analysis], ...]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[Span, Analysis] | tuple[tuple[Span, Analysis], ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        span = self._passage.spans[index]  # raises IndexError as a tuple would
        found = self._analyses[index]
        if found is None:
            found = self._analyses[index] = analyse(span.of(self._passage.evidence.text))
        return span, found

    def __iter__(self) -> Iterator[tuple[Span, Analysis]]:
        for index in range(len(self._analyses)):
            yield self[index]


class Passage:
    """One piece of evidence, read lazily and at most once per depth.

    ``spans`` are its sentences; ``bags`` each sentence's light reading; ``sentences``
    each sentence's span and full analysis (on access); ``content``, ``vocabulary``,
    ``number_keys`` and ``word_text`` the whole chunk's bags; ``postings`` maps a content
    stem to the sentences holding it. Every attribute is computed on first use and then
    kept; a race between threads computes the same value twice, never a different one.
    """

    __slots__ = (
        "_absent",
        "_ascii",
        "_asks",
        "_bags",
        "_content",
        "_lowered",
        "_maybe",
        "_number_keys",
        "_postings",
        "_sentences",
        "_some",
        "_spans",
        "_starts",
        "_unspaced_pieces",
        "_unspaced_postings",
        "_vocabulary",
        "_word_text",
        "evidence",
    )

    def __init__(self, evidence: Evidence) -> None:
        self.evidence = evidence
        self._spans: tuple[Span, ...] | None = None
        self._bags: tuple[Bags, ...] | None = None
        self._sentences: SentenceAnalyses | None = None
        self._content: frozenset[str] | None = None
        self._vocabulary: frozenset[str] | None = None
        self._number_keys: frozenset[str] | None = None
        self._word_text: str | None = None
        self._postings: dict[str, list[int]] | None = None
        self._unspaced_postings: dict[str, list[int]] | None = None
        self._unspaced_pieces: frozenset[str] | None = None
        self._ascii = evidence.text.isascii()
        self._lowered: str | None = None
        self._some: dict[int, Bags] = {}
        self._starts: list[int] | None = None
        self._maybe: set[str] = set()
        self._absent: set[str] = set()
        self._asks = 0  # claims that asked which sentences hold their stems

    @classmethod
    def read(cls, evidence: Evidence) -> Passage:
        """The passage of ``evidence`` (nothing is read until asked)."""
        return cls(evidence)

    def __repr__(self) -> str:
        return f"Passage(id={self.id!r}, chars={len(self.evidence.text)})"

    @property
    def id(self) -> str:
        """The evidence id."""
        return self.evidence.id

    @property
    def spans(self) -> tuple[Span, ...]:
        """Where each sentence of the chunk lies."""
        if self._spans is None:
            self._spans = sentence_spans(self.evidence.text)
        return self._spans

    @property
    def bags(self) -> tuple[Bags, ...]:
        """Each sentence's light reading (words, stems, figures), in order."""
        if self._bags is None:
            some, spans = self._some, self.spans
            missing = [n for n in range(len(spans)) if n not in some]
            read = read_sentences(self.evidence.text, [spans[n] for n in missing], self._lower())
            some.update(zip(missing, read, strict=True))
            self._bags = tuple(some[n] for n in range(len(spans)))
            self._some = {}
        return self._bags

    def bag(self, number: int) -> Bags:
        """Sentence ``number``'s light reading, read alone when the chunk is not read."""
        if self._bags is not None:
            return self._bags[number]
        found = self._some.get(number)
        if found is None:
            span = self.spans[number]
            found = read_sentences(self.evidence.text, (span,), self._lower())[0]
            self._some[number] = found
        return found

    def often_asked(self) -> bool:
        """Count one more claim asking which sentences hold its stems; True for a long
        chunk once more than a few have (then an index by stem, :attr:`postings`, pays
        for itself; a short chunk is compared sentence by sentence, which costs less)."""
        self._asks += 1
        if len(self.spans) <= _SCAN_SENTENCES:
            return False
        return self._asks > _SCAN_ASKS or self._postings is not None

    def rarest_first(self, content: frozenset[str]) -> list[str]:
        """The stems of ``content`` the chunk holds, those in fewest sentences first
        (:attr:`postings`): where a search by stem should start."""
        postings = self.postings
        return sorted((s for s in content if s in postings), key=lambda s: (len(postings[s]), s))

    def most_shared(self, content: frozenset[str]) -> tuple[int, int]:
        """(how many, which): the sentence holding most of the stems ``content`` (the
        first wins a tie), ``(0, -1)`` when none holds one.

        The first few claims to ask compare every sentence (one set intersection each);
        later ones start from the sentences of their rarest stems (:attr:`postings`) and
        stop once no sentence left unread could hold as many: many claims against one
        long chunk cost their stems' sentences, not the whole chunk each."""
        bags = self.bags
        if not self.often_asked():
            top, sentence = 0, -1
            for number, bag in enumerate(bags):
                shared = len(content & bag.content)
                if shared > top:
                    top, sentence = shared, number
            return top, sentence
        postings = self.postings
        stems = self.rarest_first(content)
        top, sentence = 0, -1
        seen: set[int] = set()
        left = len(stems)
        for stem in stems:
            left -= 1  # a sentence not seen yet holds at most the stems left
            for number in postings[stem]:
                if number not in seen:
                    seen.add(number)
                    shared = len(content & bags[number].content)
                    if shared > top or (shared == top and number < sentence):
                        top, sentence = shared, number
            if top > left:
                break
        return top, sentence

    def sentences_holding(self, stemmed: str) -> list[int]:
        """The numbers of the sentences whose content holds ``stemmed``, in order.

        On an unread ASCII chunk only the sentences where a piece of such a word stands
        (:func:`~grounding_guard.text.lexicon.stem_forms`, or a number of that value) are
        read: a chunk that a claim shares one word with is not read whole for it.
        """
        if self._bags is not None or not self._ascii:
            return [n for n, b in enumerate(self.bags) if stemmed in b.content]
        lowered = self._lower()
        places: set[int] = set()
        if stemmed[:1].isdigit():
            for match in number_pattern().finditer(lowered):
                if number_key(match.group()) == stemmed:
                    places.add(match.start())
        else:
            for form in stem_forms(stemmed):
                at = lowered.find(form)
                while at >= 0:
                    places.add(at)
                    at = lowered.find(form, at + 1)
        if not places:
            return []
        starts = self._starts
        if starts is None:
            starts = self._starts = [span.start for span in self.spans]
        numbers = sorted({bisect_right(starts, at) - 1 for at in places} - {-1})
        return [n for n in numbers if stemmed in self.bag(n).content]

    def _lower(self) -> str:
        lowered = self._lowered
        if lowered is None:
            lowered = self._lowered = self.evidence.text.lower()
        return lowered

    @property
    def sentences(self) -> SentenceAnalyses:
        """Each sentence's span and full analysis, analysed when first read."""
        if self._sentences is None:
            self._sentences = SentenceAnalyses(self)
        return self._sentences

    def may_hold(self, stemmed: str) -> bool:
        """False only when no word of the chunk can stem as ``stemmed``: exact once the
        chunk is read; before that, a look for the pieces every such word holds
        (:func:`~grounding_guard.text.lexicon.stem_forms`) in the lower-cased text, for
        ASCII text (a number, which compares by value however it is written, and any
        other script may always be there)."""
        if self._content is not None:
            return stemmed in self._content
        if not self._ascii:
            return True
        lowered = self._lower()
        if stemmed[:1].isdigit():  # a number's value: the chunk's values, by one scan
            if self._number_keys is None:
                self._number_keys = number_keys_of(lowered)
            return stemmed in self._number_keys
        return any(form in lowered for form in stem_forms(stemmed))

    def may_hold_count(self, stems: frozenset[str]) -> int:
        """How many of ``stems`` the chunk may hold (:meth:`may_hold` of each, with each
        stem's answer for an unread chunk kept: a claim asked again costs set algebra)."""
        if self._content is not None:
            return len(stems & self._content)
        maybe, absent = self._maybe, self._absent
        held = len(stems & maybe)
        for stemmed in stems - maybe - absent:
            found = self.may_hold(stemmed)
            held += found
            kept = maybe if found else absent
            if len(kept) < _KEPT_ANSWERS:  # bounded: memory follows the chunk, not the answer
                kept.add(stemmed)
        return held

    def holds_share(self, stems: frozenset[str], share: float) -> bool:
        """Whether the chunk holds at least ``share`` of ``stems`` (non-empty): the
        overlap test of the lexical judge. A chunk that cannot hold enough of them
        (:meth:`may_hold_count`) is answered without being read."""
        size = len(stems)
        if self.may_hold_count(stems) / size + 1e-9 < share:
            return False
        return len(stems & self.content) / size + 1e-9 >= share

    def _read_whole(self) -> None:
        """The whole chunk's bags: the union of its sentences' (each sentence is read
        once, and the chunk's words are its sentences' words in order)."""
        bags = self.bags
        self._content = frozenset().union(*(b.content for b in bags))
        self._vocabulary = frozenset().union(*(b.vocabulary for b in bags))
        if self._number_keys is None:
            self._number_keys = frozenset().union(*(b.number_keys for b in bags))
        self._word_text = " " + " ".join([w for b in bags for w in b.words]) + " "

    @property
    def content(self) -> frozenset[str]:
        """The content stems of the whole chunk."""
        if self._content is None:
            self._read_whole()
            assert self._content is not None
        return self._content

    @property
    def vocabulary(self) -> frozenset[str]:
        """Every casefolded word of the chunk (and each possessive's owner)."""
        if self._vocabulary is None:
            self._read_whole()
            assert self._vocabulary is not None
        return self._vocabulary

    @property
    def number_keys(self) -> frozenset[str]:
        """The values of the chunk's number tokens."""
        if self._number_keys is None:
            self._read_whole()
            assert self._number_keys is not None
        return self._number_keys

    @property
    def word_text(self) -> str:
        """The chunk's words as one space-padded string (see ``word_string``)."""
        if self._word_text is None:
            self._read_whole()
            assert self._word_text is not None
        return self._word_text

    @property
    def postings(self) -> Mapping[str, Sequence[int]]:
        """Content stem -> the numbers of the sentences that hold it, in order."""
        if self._postings is None:
            postings: dict[str, list[int]] = {}
            for number, bags in enumerate(self.bags):
                for stem in bags.content:
                    postings.setdefault(stem, []).append(number)
            self._postings = postings
        return self._postings

    @property
    def unspaced_postings(self) -> Mapping[str, Sequence[int]]:
        """For scripts written without spaces: each character of such a script, and each
        pair of neighbouring ones, -> the numbers of the sentences holding it, in order
        (how a quote in such a script finds its sentences without reading them all)."""
        if self._unspaced_postings is None:
            postings: dict[str, list[int]] = {}
            text = self.evidence.text
            for number, span in enumerate(self.spans):
                for piece in unspaced_pieces(span.of(text)):
                    postings.setdefault(piece, []).append(number)
            self._unspaced_postings = postings
        return self._unspaced_postings

    @property
    def unspaced_pieces(self) -> frozenset[str]:
        """:func:`~grounding_guard.text.quotes.unspaced_pieces` of ``word_text``: which
        letters and neighbouring-letter pairs of such scripts the chunk's words hold."""
        if self._unspaced_pieces is None:
            self._unspaced_pieces = frozenset(unspaced_pieces(self.word_text))
        return self._unspaced_pieces

"""The claim and passage shapes every judge reads: a unit as judges see it, and one chunk
of evidence read lazily and once (its sentences, word bags and a stem -> sentences index).

A chunk costs nothing until a check asks about it: a unit that cites one chunk never
reads the other nineteen. What a check asks for decides how deep the read goes:
sentence cuts, then each sentence's light bags (words and stems, the support judge's
whole need), and a sentence's full :class:`~grounding_guard.text.analysis.Analysis`
(names, negations, directions) only for the sentences a term check looks at.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from grounding_guard._slots import quick_init
from grounding_guard.text.analysis import (
    Analysis,
    Bags,
    analyse,
    number_key,
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
_DIGIT_RUN = re.compile(r"[0-9]+")
_LETTER_RUN = re.compile(r"[a-z]+")

#: How many searches an unread chunk answers (a stem, a word, where figures stand; each
#: scans its text) before it is read whole: past that, reading costs less than searching,
#: and each later claim costs set algebra (the work stays linear in long claims).
_LOOKUPS = 32
#: How many claims' answers an unread chunk keeps (:meth:`Passage.shared`,
#: :meth:`Passage.stem_counts`): a claim checked again is answered by one lookup.
_KEPT_CLAIMS = 64


def _places(text: str, piece: str) -> list[int]:
    """Every offset where ``piece`` starts in ``text``, overlaps included."""
    found: list[int] = []
    at = text.find(piece)
    while at >= 0:
        found.append(at)
        at = text.find(piece, at + 1)
    return found


#: Past this share of its sentences, a word's sentences are not gathered: the chunk is read.
_NEAR_SHARE = 0.25
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

    __slots__ = ("_analyses", "_spans", "_text")

    def __init__(self, passage: Passage) -> None:
        # the text and spans, not the passage: a passage holds this sequence, and a cycle
        # between them would leave every read chunk to the garbage collector
        self._text = passage.evidence.text
        self._spans = passage.spans
        self._analyses: list[Analysis | None] = [None] * len(self._spans)

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
        span = self._spans[index]  # raises IndexError as a tuple would
        found = self._analyses[index]
        if found is None:
            found = self._analyses[index] = analyse(span.of(self._text))
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
        "_counts",
        "_lookups",
        "_lowered",
        "_maybe",
        "_number_keys",
        "_numbers_at",
        "_postings",
        "_sentences",
        "_shared",
        "_some",
        "_spans",
        "_starts",
        "_unspaced_pieces",
        "_unspaced_postings",
        "_vocabulary",
        "_where",
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
        self._numbers_at: dict[str, list[int]] | None = None
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
        self._where: dict[str, tuple[int, ...]] = {}  # stem -> its sentences, chunk unread
        self._lookups = 0  # searches of the unread text (:meth:`_by_stem`)
        self._shared: dict[frozenset[str], frozenset[str]] = {}  # kept answers, chunk unread
        self._counts: dict[frozenset[str], dict[int, int]] = {}

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
    def is_ascii(self) -> bool:
        """Whether the chunk's text is ASCII (then its words are read by substring)."""
        return self._ascii

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
        long chunk cost their stems' sentences, not the whole chunk each. An unread chunk
        answers from the sentences where each stem stands (:meth:`shared`), unread still."""
        counts = self.stem_counts(content)
        if counts is not None:
            if not counts:
                return 0, -1
            top = max(counts.values())
            return top, min(n for n, count in counts.items() if count == top)
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
            places.update(self._number_places().get(stemmed, ()))
        else:
            for form in stem_forms(stemmed):
                places.update(_places(lowered, form))
        numbers = sorted(self._sentences_at(places))
        return [n for n in numbers if stemmed in self.bag(n).content]

    def _number_places(self) -> dict[str, list[int]]:
        """A number's value -> where its tokens start in the (ASCII) text, by one scan."""
        places = self._numbers_at
        if places is None:
            places = {}
            for match in number_pattern().finditer(self._lower()):
                places.setdefault(number_key(match.group()), []).append(match.start())
            self._numbers_at = places
        return places

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
            return stemmed in self._number_places()
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
        return len(self.shared(stems)) / size + 1e-9 >= share

    def shared(self, stems: frozenset[str]) -> frozenset[str]:
        """The stems of ``stems`` the chunk's content holds (``stems & content``).

        An unread ASCII chunk answers stem by stem from the sentences where a word of
        that stem may stand (:meth:`sentences_holding`), reading only those: a claim that
        cites one chunk of twenty sentences reads the two its words stand in. Once the
        chunk has been searched a few dozen times, it is read whole and answers by set
        algebra.
        """
        kept = self._shared.get(stems)
        if kept is not None and self._content is None:
            return kept
        if not self._by_stem(stems):
            return stems & self.content
        found = frozenset([s for s in stems if self._holding(s)])
        if len(self._shared) < _KEPT_CLAIMS:
            self._shared[stems] = found
        return found

    def stem_counts(self, content: frozenset[str]) -> dict[int, int] | None:
        """Sentence -> how many of ``content`` it holds, for every sentence holding one,
        on an unread ASCII chunk (read stem by stem, see :meth:`shared`); ``None`` for a
        chunk that is read (its bags answer at once)."""
        kept = self._counts.get(content)
        if kept is not None and self._content is None:
            return kept
        if not self._by_stem(content):
            return None
        counts: dict[int, int] = {}
        for stemmed in content:
            for number in self._holding(stemmed):
                counts[number] = counts.get(number, 0) + 1
        if len(self._counts) < _KEPT_CLAIMS:
            self._counts[content] = counts
        return counts

    def holds_stem(self, stemmed: str) -> bool:
        """Whether the chunk's content holds ``stemmed`` (read as :meth:`shared` reads)."""
        if not self._by_stem((stemmed,)):
            return stemmed in self.content
        return bool(self._holding(stemmed))

    def has_word(self, word: str) -> bool:
        """Whether ``word`` (casefolded) is in :attr:`vocabulary`; an unread ASCII chunk
        reads only the sentences where it stands (:meth:`_near`), each looked in alone
        (no union is built)."""
        numbers = self._near(word)
        if numbers is None:
            return word in self.vocabulary
        return any(word in self.bag(n).vocabulary for n in numbers)

    def vocabulary_near(self, piece: str) -> frozenset[str]:
        """A part of :attr:`vocabulary` that holds each of its words containing ``piece``
        (casefolded): on an unread ASCII chunk, the words of the sentences where the
        piece stands (unless it stands in many); else the whole vocabulary."""
        numbers = self._near(piece)
        if numbers is None:
            return self.vocabulary
        return frozenset().union(*(self.bag(n).vocabulary for n in numbers))

    def _near(self, piece: str) -> list[int] | None:
        """The sentences of an unread ASCII chunk where ``piece`` stands, in order (every
        word of the vocabulary is a piece of its sentence's lower-cased text); None when
        the whole vocabulary is to be read instead: the chunk is read already, or its
        searches are spent, or the piece stands in many sentences."""
        if self._vocabulary is not None or not piece or not self._by_stem():
            return None
        self._lookups += 1
        numbers = self._sentences_at(_places(self._lower(), piece))
        if len(numbers) > _NEAR_SHARE * len(self.spans):  # a common piece: read the chunk
            return None
        return sorted(numbers)

    def figure_sentences(self, words: frozenset[str]) -> tuple[int, ...]:
        """The sentences that hold a number token or a word of ``words`` (lower-case
        letters only), in order: where a figure may stand. An unread ASCII chunk reads
        only the sentences where such a word stands as a whole run of letters (each word
        of its vocabulary is one, and a number token holds a digit)."""
        if self._bags is not None or not self._ascii:
            return tuple(
                n
                for n, bag in enumerate(self.bags)
                if bag.numbers or not bag.vocabulary.isdisjoint(words)
            )
        self._lookups += 1
        lowered = self._lower()
        marked = self._sentences_at(m.start() for m in _DIGIT_RUN.finditer(lowered))
        found = words.intersection(_LETTER_RUN.findall(lowered))
        if found:
            places: list[int] = []
            for word in sorted(found):
                whole = re.compile(rf"(?<![a-z]){word}(?![a-z])")
                places.extend(m.start() for m in whole.finditer(lowered))
            maybe = self._sentences_at(places)
            marked.update(n for n in maybe - marked if not self.bag(n).vocabulary.isdisjoint(words))
        return tuple(sorted(marked))

    def _sentences_at(self, places: Iterable[int]) -> set[int]:
        """The numbers of the sentences that the text offsets ``places`` fall in (an
        offset before the first sentence, in blank space, falls in none)."""
        starts = self._starts
        if starts is None:
            starts = self._starts = [span.start for span in self.spans]
        found = {bisect_right(starts, at) - 1 for at in places}
        found.discard(-1)
        return found

    def _by_stem(self, stems: Iterable[str] = ()) -> bool:
        """Whether to answer stem by stem (:meth:`shared`) rather than read the chunk:
        an unread ASCII chunk whose searches, with those ``stems`` still need, stay
        within :data:`_LOOKUPS`."""
        if self._content is not None or not self._ascii:
            return False
        where = self._where
        return self._lookups + sum(s not in where for s in stems) < _LOOKUPS

    def _holding(self, stemmed: str) -> tuple[int, ...]:
        """The sentences whose content holds ``stemmed`` (kept per stem)."""
        found = self._where.get(stemmed)
        if found is None:
            self._lookups += 1
            found = tuple(self.sentences_holding(stemmed)) if self.may_hold(stemmed) else ()
            self._where[stemmed] = found
        return found

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
        """The values of the chunk's number tokens (an ASCII chunk's by one scan of its
        text: its number tokens are exactly the number pattern's matches)."""
        if self._number_keys is None and self._ascii:
            self._number_keys = frozenset(self._number_places())
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

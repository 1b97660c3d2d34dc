"""The quote check: text a unit puts in quotation marks must stand, character for
character, in one passage it cites (:func:`check_quotes`).

A quote found only after a negation of its clause ("The team never confirmed that the
gateway supports IPv6." quoted as "the gateway supports IPv6") is
``quote_drops_negation``; a quote not found verbatim but close to one evidence sentence
(most of its words stand there in order: a misquote) is ``quote_mismatch``, unless
only its words' endings differ (``quote_inexact``, informational: the source's words in
its order; the one such quote in the evaluation sets was judged attributable); a quote with
nothing close to it anywhere is ``quote_unconfirmed``, informational (on the dev sets it
was as often a paraphrase the annotators accepted). Quotes are found and located by
:mod:`grounding_guard.text.quotes`. Pure and deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.text.analysis import Analysis, analyse, sentence_spans
from grounding_guard.text.locate import TextCache
from grounding_guard.text.quotes import (
    Quote,
    checkable_quote,
    comparable_form,
    find_quotes,
    in_order,
    is_unspaced_script,
    letter_pairs,
    negation_words,
    occurrences,
    outermost,
    quote_needle,
    sentence_of,
    word_positions,
)
from grounding_guard.types import Reason, Span

__all__ = ["QUOTE_CODES", "check_quotes", "quote_support"]

#: The reason codes of :func:`check_quotes` that fail a unit (it also emits the
#: informational ``quote_unconfirmed`` and ``quote_inexact``).
QUOTE_CODES: frozenset[str] = frozenset({"quote_mismatch", "quote_drops_negation"})

# ---- the engine's quote check ----------------------------------------------------------

_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\s?\.\s?\.|\u2026)\s*\]|\.\s?\.\s?\.|\u2026)\s*")
_TRAILING = ".,;:"
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_CLAUSE_BREAK = re.compile(
    r"[;:\u2014]|\s[\u2013-]\s|,\s+(?:but|while|whilst|whereas|yet|although|though|however)\b",
    re.IGNORECASE,
)


def _pieces(quote: str) -> list[str]:
    """The parts of a quote an ellipsis separates, trailing punctuation put inside the
    closing mark (American style) dropped."""
    parts = []
    for part in _ELLIPSIS.split(quote):
        part = part.strip()
        while part and part[-1] in _TRAILING:
            part = part[:-1].rstrip()
        if part and any(c.isalnum() for c in part):
            parts.append(part)
    return parts


def _clause_negations(text: str, sentences: Sequence[Span], stand: Span) -> tuple[list[str], Span]:
    """Negations that govern ``stand``: in its sentence, before it, with no clause break
    (; : — or ", but", ", while" ...) between them and it."""
    sentence = sentence_of(sentences, stand.start, stand.end)
    lead = text[sentence.start : stand.start]
    begin = 0
    for match in _CLAUSE_BREAK.finditer(lead):
        begin = match.end()
    return negation_words(lead[begin:]), sentence


@dataclass(frozen=True, slots=True)
class _Located:
    """Where one quote stood in one passage: the stand, or the negated stand."""

    stand: Span | None
    negated: tuple[Span, Span, str] | None  # (stand, sentence, negation word)


def _locate(
    pieces: list[str], text: str, sentences: Sequence[Span], case_sensitive: bool
) -> _Located:
    """The first stand of ``pieces`` (in order, each verbatim) in ``text`` that keeps its
    clause's negations; else the first negated stand; else nothing."""
    form, where = comparable_form(text, case_sensitive)
    needles = [quote_needle(p, case_sensitive) for p in pieces]
    negated: tuple[Span, Span, str] | None = None
    for stand_form in _chain(needles, form, 0):
        stand = Span(where[stand_form[0][0]], where[stand_form[-1][1] - 1] + 1)
        words, sentence = _clause_negations(text, sentences, stand)
        # words an ellipsis left out count as well: "the gateway ... supports IPv6"
        for (_, gap_start), (gap_end, _) in pairwise(stand_form):
            words += negation_words(text[where[gap_start - 1] + 1 : where[gap_end]])
        if not words:
            return _Located(stand, None)
        if negated is None:
            negated = (stand, sentence, words[0])
    return _Located(None, negated)


def _chain(
    needles: list[str], form: str, begin: int, depth: int = 0
) -> Iterator[list[tuple[int, int]]]:
    """Each way ``needles`` stand one after another in ``form`` (bounded search)."""
    if not needles:
        yield []
        return
    for tried, (start, end) in enumerate(occurrences(needles[0], form, begin)):
        if tried >= 64 or depth > 16:
            return
        for rest in _chain(needles[1:], form, end, depth + 1):
            yield [(start, end), *rest]
            break  # the first way the rest stands after this occurrence is enough


#: Words that, just before a quotation, make it a name rather than a quotation: a title,
#: a term or an expression is mentioned, not quoted from the evidence.
_NAMING_WORDS = frozenset(
    """
    song songs single album track film movie show series episode book novel poem play
    title titled entitled called named dubbed nicknamed term terms phrase expression
    expressions idiom word words concept notion motto slogan nickname label brand as
    so-called
    """.split()
)


def _is_mention(text: str, quote: Quote) -> bool:
    """True when the quotation marks name something (a title, a term, an expression)
    instead of quoting the evidence: a naming word right before it ("the song 'Rip It
    Up'", "the concept of 'theory of mind'") or a quote written in title case ("Father
    of the Green Revolution")."""
    window = text[max(0, quote.span.start - 40) : quote.span.start].casefold().split()
    before = [w for w in (w.strip("\"'\u201c\u2018\u00ab:,(") for w in window) if w]
    if before and (
        before[-1] in _NAMING_WORDS
        or (len(before) > 1 and before[-1] in ("of", "as") and before[-2] in _NAMING_WORDS)
    ):
        return True
    words = quote.text.split()
    if len(words) < 2 or not words[0][:1].isupper():
        return False
    lettered = [w for w in words if any(c.isalpha() for c in w)]
    if len(lettered) >= 2 and all(w[:1].isupper() for w in lettered):
        return True  # every word capitalised, short ones too: a title ("For You")
    significant = [w for w in words if sum(c.isalpha() for c in w) >= 4]
    return bool(significant) and all(w[:1].isupper() for w in significant)


def _quotes_to_check(claim: Claim) -> list[Quote]:
    text = claim.text
    if "`" in text:  # quotation marks inside inline code are code, not quotes
        text = _CODE_SPAN.sub(lambda m: " " * len(m.group()), text)
    return [
        q
        for q in outermost(find_quotes(text))
        if checkable_quote(q.text) and not _is_mention(text, q)
    ]


@dataclass(frozen=True, slots=True)
class _Outcome:
    quote: Quote
    found: tuple[str, Span] | None
    reason: Reason | None


def _sentences(passage: Passage) -> tuple[Span, ...]:
    return passage.spans


def _judge_quote(
    claim: Claim, quote: Quote, passages: Sequence[Passage], case_sensitive: bool
) -> _Outcome:
    where = quote.span.shift(claim.span.start)
    pieces = _pieces(quote.text)
    if not pieces:
        return _Outcome(quote, None, None)
    variants = [pieces]
    if case_sensitive and pieces[0][:1].islower():
        # a quotation may lower its first letter to run on in the sentence ("called it a
        # 'bedroom tax'" from "'Bedroom tax' puts ..."); the other letters must match
        variants.append([pieces[0][0].upper() + pieces[0][1:], *pieces[1:]])
    negated: tuple[str, Span, Span, str] | None = None
    for passage in passages:
        for variant in variants:
            located = _locate(variant, passage.evidence.text, _sentences(passage), case_sensitive)
            if located.stand is not None:
                return _Outcome(quote, (passage.id, located.stand), None)
            if located.negated is not None and negated is None:
                stand, sentence, word = located.negated
                negated = (passage.id, stand, sentence, word)
    shown = _short(quote.text)
    if negated is not None:
        ident, stand, sentence, word = negated
        if _clause_negations(claim.text, sentence_spans(claim.text), quote.span)[0]:
            # the claim keeps a negation before the quote ("he did not want 'X'"): it
            # drops nothing
            return _Outcome(quote, (ident, stand), None)
        return _Outcome(
            quote,
            None,
            Reason(
                "quote_drops_negation",
                f"the quote {shown} stands in [{ident}] only under a negation "
                f"({word!r}) the quote leaves out",
                where,
                ident,
                sentence,
            ),
        )
    ids = [p.id for p in passages]
    listed = ", ".join(ids)
    near = _near_miss(pieces, passages)
    if near is None:
        return _Outcome(
            quote,
            None,
            Reason(
                "quote_unconfirmed",
                f"the quote {shown} stands nowhere in the cited evidence ({listed}),"
                " nor anything close to it",
                where,
                ids[0] if len(ids) == 1 else None,
            ),
        )
    if len(pieces) == 1 and near.what == "words":
        close = next(p for p in passages if p.id == near.evidence_id)
        inexact = _other_endings(pieces[0], close, near.sentence)
        if inexact is not None:
            return _Outcome(
                quote,
                None,
                Reason(
                    "quote_inexact",
                    f"the quote {shown} stands in [{near.evidence_id}] with other word"
                    f" endings: {_short(inexact.of(close.evidence.text))}",
                    where,
                    near.evidence_id,
                    inexact,
                ),
            )
    hint = ""
    if case_sensitive and any(
        _locate(pieces, p.evidence.text, _sentences(p), False).stand is not None for p in passages
    ):
        hint = " (it does in other letter case)"
    elif len(pieces) > 1:
        hint = " (its parts do not stand in one passage, in order)"
    return _Outcome(
        quote,
        None,
        Reason(
            "quote_mismatch",
            f"the quote {shown} does not stand verbatim in the cited evidence ({listed}){hint};"
            f" {near.found} of its {near.total} {near.what} stand in order in"
            f" [{near.evidence_id}]",
            where,
            near.evidence_id,
            near.span,
        ),
    )


def _other_endings(piece: str, passage: Passage, number: int) -> Span | None:
    """Where sentence ``number`` of ``passage`` holds the quote's words one for one, in
    order, each with the quote's stem and at least one with another ending ("rich
    foreign nations" against "rich foreign Nation"); else ``None``. Such a quote keeps
    the source's words and order: it is reported, as ``quote_inexact``, and support
    decides the unit."""
    span, sentence = passage.sentences[number]
    quoted = analyse(piece)
    size = len(quoted.stems)
    if not size:
        return None
    first = quoted.stems[0]
    for index, key in enumerate(sentence.stems[: len(sentence.stems) - size + 1]):
        if key != first or sentence.stems[index : index + size] != quoted.stems:
            continue
        if sentence.words[index : index + size] == quoted.words:
            return None  # letter case alone differs: the caller's ``case_sensitive`` decides
        start = _word_span(sentence, index).start
        end = _word_span(sentence, index + size - 1).end
        return Span(span.start + start, span.start + end)
    return None


#: A quote is a misquote of an evidence sentence (``quote_mismatch``) rather than
#: unconfirmed when more than this share of its words (two at least) stand there in
#: order: most of them.
NEAR_MISS_SHARE = 0.5
_NEAR_MISS_SENTENCES = 8  # the sentences sharing most content words are compared


def _near_miss(pieces: list[str], passages: Sequence[Passage]) -> _Near | None:
    """The evidence stretch a quote misquotes: the sentence of ``passages`` where most of
    the quote's words (over :data:`NEAR_MISS_SHARE`, two at least) stand in the same order,
    case aside; in a script written without spaces, most of its characters. None when no
    sentence comes that close. On the dev sets such a near-miss was a wrong quote every
    time; a quote with no close match was as often a paraphrase the annotators
    accepted."""
    text = " ".join(pieces)
    if is_unspaced_script(text):
        return _near_miss_unspaced(text, passages)
    analysis = analyse(text)
    words = analysis.words
    needed = max(2, int(NEAR_MISS_SHARE * len(words)) + 1)
    if len(words) < needed:
        return None
    ranked: list[tuple[int, int, int]] = []  # (-shared content, passage, sentence)
    for number, passage in enumerate(passages):
        counts: dict[int, int] = {}
        for stem in analysis.content:
            for sentence in passage.postings.get(stem, ()):
                counts[sentence] = counts.get(sentence, 0) + 1
        ranked.extend((-count, number, sentence) for sentence, count in counts.items())
    best: _Near | None = None
    for _, number, sentence in sorted(ranked)[:_NEAR_MISS_SENTENCES]:
        passage = passages[number]
        span, sentence_analysis = passage.sentences[sentence]
        places = _word_places(sentence_analysis)
        found, first, last = in_order(words, sentence_analysis.words, places)
        if found >= needed and (best is None or found > best.found):
            start = _word_span(sentence_analysis, first).start
            end = _word_span(sentence_analysis, last).end
            close = Span(span.start + start, span.start + end)
            best = _Near(passage.id, close, found, len(words), "words", sentence)
    return best


def _near_miss_unspaced(text: str, passages: Sequence[Passage]) -> _Near | None:
    """:func:`_near_miss` for a quote in a script written without spaces: its letters
    (not words, which such a script does not mark) against the sentences that share a
    pair of neighbouring letters with it, most shared first."""
    letters = [c for c in text if c.isalnum()]
    needed = max(2, int(NEAR_MISS_SHARE * len(letters)) + 1)
    pairs = set(letter_pairs(text))
    ranked: list[tuple[int, int, int]] = []  # (-shared pairs, passage, sentence)
    for number, passage in enumerate(passages):
        counts: dict[int, int] = {}
        postings = passage.unspaced_postings
        for pair in pairs:
            for sentence in postings.get(pair, ()):
                counts[sentence] = counts.get(sentence, 0) + 1
        ranked.extend((-shared, number, sentence) for sentence, shared in counts.items())
    best: _Near | None = None
    for _, number, sentence in sorted(ranked)[:_NEAR_MISS_SENTENCES]:
        passage = passages[number]
        span = passage.spans[sentence]
        read = _LETTER_PLACES.get(span.of(passage.evidence.text), _letter_places)
        found, first, last = in_order(letters, read.letters, read.positions)
        if found >= needed and (best is None or found > best.found):
            close = Span(span.start + read.where[first], span.start + read.where[last] + 1)
            best = _Near(passage.id, close, found, len(letters), "characters", sentence)
    return best


class _Letters:
    """A sentence's letters and digits, where each stands in it, and the places of each
    (what a quote in a script without spaces is compared with, read once per text)."""

    __slots__ = ("letters", "positions", "where")

    def __init__(self, text: str) -> None:
        self.where = [i for i, char in enumerate(text) if char.isalnum()]
        self.letters = [text[i] for i in self.where]
        self.positions = word_positions(self.letters)


def _word_places(analysis: Analysis) -> dict[str, list[int]]:
    """:func:`word_positions` of an analysed sentence, kept by its text."""

    def read(_: str) -> dict[str, list[int]]:
        return word_positions(analysis.words)

    return _WORD_PLACES.get(analysis.text, read)


def _letter_places(text: str) -> _Letters:
    return _Letters(text)


# What the misquote search reads of a compared sentence, kept by its text: many quotes
# against one long sentence read it once.
_WORD_PLACES: TextCache[dict[str, list[int]]] = TextCache(256, 2_000_000)
_LETTER_PLACES: TextCache[_Letters] = TextCache(256, 2_000_000)


@dataclass(frozen=True, slots=True)
class _Near:
    """Where a misquote comes close: the evidence id and stretch, how many of how many
    words (or characters) of the quote stand there in order, and the number of the
    passage sentence that holds the stretch."""

    evidence_id: str
    span: Span
    found: int
    total: int
    what: str
    sentence: int


def _word_span(analysis: Analysis, index: int) -> Span:
    """The span (in the analysed text) of word ``index`` of ``analysis``."""
    word = analysis.words[index]
    return analysis.locate_word(word, analysis.words[:index].count(word))


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "\u2026")


def _outcomes(
    claim: Claim, passages: Sequence[Passage], case_sensitive: bool
) -> Iterator[_Outcome]:
    if not passages:
        return
    for quote in _quotes_to_check(claim):
        yield _judge_quote(claim, quote, passages, case_sensitive)


def check_quotes(
    claim: Claim, passages: Sequence[Passage], *, case_sensitive: bool = True
) -> list[Reason]:
    """Reasons for the quotes of ``claim`` that do not stand verbatim in one of
    ``passages``: ``quote_mismatch`` when most of its words stand in order in one
    evidence sentence (a misquote: the quote's span in the answer, the stretch of those
    words as ``evidence_span``), ``quote_unconfirmed`` (informational) when nothing comes
    that close, or ``quote_drops_negation`` when it stands only after a negation of its
    clause (the evidence sentence as ``evidence_span``).

    Only quotes of :data:`QUOTE_MIN_WORDS` words or more (or
    :data:`QUOTE_MIN_UNSPACED_CHARS` characters of an unspaced script) are checked; the
    outermost of nested quotes is checked; quotation marks inside inline code are not
    quotes. An ellipsis (``...``, ``…``, ``[...]``) splits a quote into parts that must
    stand in order in one passage, and no negation may hide in what it leaves out.
    With no passages nothing is checked (an uncited unit is the citation check's
    business).
    """
    return [o.reason for o in _outcomes(claim, passages, case_sensitive) if o.reason is not None]


def quote_support(
    claim: Claim, passages: Sequence[Passage], *, case_sensitive: bool = True
) -> list[tuple[str, Span]]:
    """For each checked quote of ``claim`` that stands in ``passages``: the evidence id
    and the span of the evidence text it stands at (from its first to its last part)."""
    return [o.found for o in _outcomes(claim, passages, case_sensitive) if o.found is not None]

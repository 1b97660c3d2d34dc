"""Quotes: find them in a text, hold them to verbatim spans of evidence, and hold a line
to the quotes it rests on.

Three levels, from strict to light:

- :func:`verbatim_span` / :func:`check_quotes` (the engine's quote check): text a unit
  puts in quotation marks must stand, character for character, in one passage it cites.
  White space is collapsed on both sides, invisible characters are dropped, typographic
  quotation marks, apostrophes and dashes are folded to their plain forms; letter case
  counts unless asked otherwise; a match that cuts a word or a number ("signed on 28 Ju",
  "25 ms" out of "1.25 ms") does not count. A quote found only after a negation of its
  clause ("The team never confirmed that the gateway supports IPv6." quoted as "the
  gateway supports IPv6") is ``quote_drops_negation``; a quote found nowhere is
  ``quote_mismatch``.
- :func:`check_sentence` / :func:`check_label`: a summary line (or a title, a tag) held
  to ``(quote, source)`` pairs. Each quote must stand in its source word for word (any
  case and spacing, punctuation aside) and keep every negation of its sentence; the line
  then needs ``support`` of its content words among the quotes' words and passes the term
  checks (names, symbols, numbers, qualifiers, negations).
- :func:`line_within_span`: a lexical check that a line uses only the words, numbers,
  symbols and negations of one span.

What counts as a quote to check (:data:`QUOTE_MIN_WORDS`): at least two words (white-
space separated pieces holding a letter or a digit), or, in a script written without
spaces, at least :data:`QUOTE_MIN_UNSPACED_CHARS` characters. Shorter quotation marks are
scare quotes or titles (the "best" plan, a "beta" flag) and are not checked.

Everything here is pure and deterministic; nothing reads the network or a model.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from itertools import pairwise
from typing import Literal, get_args

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.text.analysis import sentence_spans
from grounding_guard.text.lexicon import DIRECTION_FAMILIES, NEGATIONS, STOPWORDS, stem
from grounding_guard.text.normalize import (
    INVISIBLE_RE,
    fold_digits,
    fold_punctuation,
    strip_invisibles,
)
from grounding_guard.types import Reason, Span

__all__ = [
    "QUALIFIERS",
    "QUALIFIER_FAMILIES",
    "QUOTE_CODES",
    "QUOTE_MIN_UNSPACED_CHARS",
    "QUOTE_MIN_WORDS",
    "SENTENCE_PROBLEMS",
    "Quote",
    "QuoteSource",
    "SentenceProblem",
    "check_label",
    "check_quotes",
    "check_sentence",
    "find_quotes",
    "is_unspaced_script",
    "letter_pairs",
    "line_within_span",
    "quote_support",
    "verbatim_span",
]

#: A quote is checked when it holds at least this many words ...
QUOTE_MIN_WORDS = 2
#: ... or, written in a script without spaces (Chinese, Japanese, Thai ...), this many
#: characters of that script.
QUOTE_MIN_UNSPACED_CHARS = 4
#: The reason codes :func:`check_quotes` emits.
QUOTE_CODES: frozenset[str] = frozenset({"quote_mismatch", "quote_drops_negation"})

SentenceProblem = Literal[
    "beyond_quotes",
    "name_not_quoted",
    "symbol_not_quoted",
    "number_not_quoted",
    "qualifier_not_quoted",
    "negation_differs",
    "quote_drops_negation",
]
#: Every answer :func:`check_sentence` can give besides ``None``.
SENTENCE_PROBLEMS: tuple[str, ...] = get_args(SentenceProblem)

#: A quote and the text it was cut from: a pair, or a mapping with "quote" and "source".
QuoteSource = tuple[str, str] | Mapping[str, str]

_MAX_QUOTE = 4000  # a quotation longer than this is a stray mark, not a quote
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")

# Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana, CJK
# ideographs (BMP, compatibility and the supplementary planes), half-width katakana.
_UNSPACED = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f"
)


# The patterns over these wide ranges take milliseconds each to compile and serve only
# answers that quote: they are compiled on first use, not at import.
@lru_cache(maxsize=1)
def _unspaced_re() -> re.Pattern[str]:
    return re.compile(f"[{_UNSPACED}]")


def is_unspaced_script(text: str) -> bool:
    """True when ``text`` holds a character of a script written without spaces."""
    return _unspaced_re().search(text) is not None


def letter_pairs(text: str) -> list[str]:
    """Neighbouring pairs of characters of each unspaced-script run of ``text`` (a run of
    one character gives that character): how such scripts are compared without words."""
    pairs: list[str] = []
    for run in re.findall(f"[{_UNSPACED}]+", text):
        if len(run) == 1:
            pairs.append(run)
        else:
            pairs.extend(run[i : i + 2] for i in range(len(run) - 1))
    return pairs


# ---- finding quotes --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Quote:
    """A quotation found in a text: its inner words as written, their span (quotation
    marks and the white space inside them excluded) and the opening mark."""

    text: str
    span: Span
    mark: str


# opening mark -> closing marks, for the marks that do not double as apostrophes
_PAIRS: dict[str, str] = {
    "\u201e": "\u201c\u201d",  # „German“ / „Polish”
    "\u201c": "\u201d",  # “English”
    "\u00ab": "\u00bb",  # «guillemets»
    "\u2039": "\u203a",  # ‹single guillemets›
    "\u300c": "\u300d",  # 「corner brackets」
    "\u300e": "\u300f",  # 『white corner brackets』
    "\u2018": "\u2019",  # ‘single’ (closer checked: not an apostrophe)
}


def _alnum(char: str) -> bool:
    return char.isalnum()


def _inner(text: str, start: int, end: int, mark: str) -> Quote | None:
    """The quote between ``start`` and ``end`` (marks excluded), trimmed; ``None`` when
    it is empty, too long or crosses a blank line."""
    if end - start > _MAX_QUOTE or _BLANK_LINE.search(text, start, end):
        return None
    raw = text[start:end]
    stripped = raw.strip()
    if not stripped:
        return None
    begin = start + raw.index(stripped[0])
    return Quote(stripped, Span(begin, begin + len(stripped)), mark)


def _typographic(text: str) -> list[Quote]:
    quotes: list[Quote] = []
    used: set[int] = set()
    for opener in _PAIRS:  # „ before “, so a German closer is never read as an opener
        closers = _PAIRS[opener]
        start = text.find(opener)
        while start != -1:
            if start in used:
                start = text.find(opener, start + 1)
                continue
            if opener == "\u2018" and start > 0 and _alnum(text[start - 1]):
                start = text.find(opener, start + 1)  # a misused apostrophe (rock‘n’roll)
                continue
            close = _closer(text, start, closers, single=opener == "\u2018")
            if close is None:
                start = text.find(opener, start + 1)
                continue
            used.update((start, close))
            quote = _inner(text, start + 1, close, opener)
            if quote is not None:
                quotes.append(quote)
            start = text.find(opener, close + 1)
    return quotes


def _closer(text: str, start: int, closers: str, *, single: bool) -> int | None:
    limit = min(len(text), start + _MAX_QUOTE + 2)
    for index in range(start + 1, limit):
        char = text[index]
        if char == "\n" and _BLANK_LINE.match(text, index):
            return None
        if char in closers:
            if single:  # ’ is also the apostrophe: don’t, James’
                after = text[index + 1 : index + 2]
                if (after and _alnum(after)) or text[index - 1].isspace():
                    continue
            return index
    return None


def _can_open(text: str, index: int) -> bool:
    after = text[index + 1 : index + 2]
    return bool(after) and not after.isspace() and (index == 0 or not _alnum(text[index - 1]))


def _can_close(text: str, index: int) -> bool:
    after = text[index + 1 : index + 2]
    return not text[index - 1].isspace() and not (after and _alnum(after))


def _straight(text: str, mark: str) -> list[Quote]:
    """Straight quotes: an opener not glued to a word before it, the next mark as the
    closer, which must not be glued to a word after it. A single straight quote also
    needs a letter right after its opener and no other ' inside, so the apostrophes of
    don't, '90s or the students' books never pair."""
    positions = [m.start() for m in re.finditer(re.escape(mark), text)]
    quotes: list[Quote] = []
    k = 0
    while k < len(positions) - 1:
        opener, close = positions[k], positions[k + 1]
        if (
            not _can_open(text, opener)
            or not _can_close(text, close)
            or (mark == "'" and not text[opener + 1].isalpha())
        ):
            k += 1
            continue
        quote = _inner(text, opener + 1, close, mark)
        if quote is None:
            k += 1
            continue
        quotes.append(quote)
        k += 2
    return quotes


def find_quotes(text: str) -> list[Quote]:
    """Every quotation of ``text``, in text order (nested ones included).

    Marks read: straight ``"..."``, typographic ``“...”`` and ``„...“``, guillemets
    ``«...»`` and ``‹...›``, corner brackets ``「...」`` and ``『...』``, and single quotes
    ``‘...’`` / ``'...'`` when clearly a quotation (an apostrophe inside a word, as in
    don't or don’t, never opens or closes one). A quote never crosses a blank line.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    quotes: list[Quote] = []
    if any(mark in text for mark in _PAIRS):
        quotes.extend(_typographic(text))
    if '"' in text:
        quotes.extend(_straight(text, '"'))
    if "'" in text:
        quotes.extend(_straight(text, "'"))
    quotes.sort(key=lambda q: (q.span.start, -q.span.end))
    return quotes


def _outermost(quotes: list[Quote]) -> list[Quote]:
    kept: list[Quote] = []
    for quote in quotes:  # sorted by start, longest first
        if kept and quote.span.start < kept[-1].span.end:
            continue
        kept.append(quote)
    return kept


def _word_count(text: str) -> int:
    return sum(1 for piece in text.split() if any(c.isalnum() for c in piece))


def _checkable_quote(text: str) -> bool:
    if _word_count(text) >= QUOTE_MIN_WORDS:
        return True
    return len(_unspaced_re().findall(text)) >= QUOTE_MIN_UNSPACED_CHARS


# ---- verbatim spans --------------------------------------------------------------------

# white space, invisible characters and markdown emphasis or code marks (* and `, and _
# not inside a word): formatting, not text, on both sides of a comparison
_GAP = re.compile(r"(?:[\s*`" + INVISIBLE_RE.pattern[1:-1] + r"]|(?<![^\W_])_+|_+(?![^\W_]))+")


# a hyphen joining two letters ("whole-person"): compared as the space it often replaces
_WORD_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


@lru_cache(maxsize=128)
def _form(text: str, case_sensitive: bool) -> tuple[str, tuple[int, ...]]:
    """``text`` as quotes are compared in, and for each of its characters the offset of
    the character of ``text`` it came from.

    Invisible characters and markdown emphasis or code marks (``*``, `````, ``_`` outside
    a word) go, each run of white space becomes one space (none at either end),
    typographic quotation marks, apostrophes, dashes and odd spaces fold to ASCII (one
    character for one), a hyphen between two letters is a space ("whole-person" quoted
    as "whole person"); lower case when ``case_sensitive`` is false.
    """
    if not text.isascii():
        text = fold_punctuation(text)
    if "-" in text:  # "whole-person" and "whole person" are one spelling of the words
        text = _WORD_HYPHEN.sub(" ", text)
    pieces: list[str] = []
    where: list[int] = []
    last = 0
    for gap in _GAP.finditer(text):
        start, end = gap.span()
        if start > last:
            pieces.append(text[last:start])
            where.extend(range(last, start))
        if where and end < len(text) and any(c.isspace() for c in gap.group()):
            pieces.append(" ")
            where.append(start)
        last = end
    if last < len(text):
        pieces.append(text[last:])
        where.extend(range(last, len(text)))
    form = "".join(pieces)
    if not case_sensitive:
        lowered = form.lower()
        if len(lowered) != len(form):  # a letter lowering to two (İ): map each piece back
            expanded: list[int] = []
            for char, origin in zip(form, where, strict=True):
                expanded.extend([origin] * len(char.lower()))
            where = expanded
        form = lowered
    return form, tuple(where)


def _cuts(form: str, start: int, end: int) -> bool:
    """True when ``form[start:end]`` cuts a word or a number of ``form``."""
    first, last = form[start], form[end - 1]
    if start > 0:
        before = form[start - 1]
        if _joined(before, first):
            return True
        if first.isdigit() and before in ".," and start > 1 and form[start - 2].isdigit():
            return True  # "25" out of "1.25", "234" out of "1,234"
        if (
            first.isdigit()
            and before in "-+\u2212"
            and (start < 2 or not form[start - 2].isalnum())
        ):
            return True  # "20" out of "-20"
        if before == "'" and first.isalpha() and start > 1 and form[start - 2].isalpha():
            return True  # "t know" out of "don't know"
    if end < len(form):
        after = form[end]
        if _joined(last, after):
            return True
        if last.isdigit() and after in ".,:" and form[end + 1 : end + 2].isdigit():
            return True  # "1.2" out of "1.25"
        if after == "'" and last.isalpha() and form[end + 1 : end + 2].isalpha():
            return True  # "don" out of "don't"
    return False


def _joined(left: str, right: str) -> bool:
    """Two neighbours of one word: both letters, digits or marks, neither of a script
    written without spaces (where no boundary can be seen)."""
    wordish_left = left.isalnum() or unicodedata.category(left).startswith("M")
    wordish_right = right.isalnum() or unicodedata.category(right).startswith("M")
    if not (wordish_left and wordish_right):
        return False
    return not (_unspaced_re().match(left) or _unspaced_re().match(right))


def _occurrences(needle: str, form: str, begin: int = 0) -> Iterator[tuple[int, int]]:
    """Start and end (in ``form``) of each occurrence of ``needle`` that cuts nothing."""
    if not needle:
        return
    index = form.find(needle, begin)
    while index != -1:
        end = index + len(needle)
        if not _cuts(form, index, end):
            yield index, end
        index = form.find(needle, index + 1)


def _needle(quote: str, case_sensitive: bool) -> str:
    return _form(quote, case_sensitive)[0]


def verbatim_span(quote: str | Quote, source: str, *, case_sensitive: bool = True) -> Span | None:
    """Where ``quote`` stands verbatim in ``source`` (offsets into ``source`` as given),
    or ``None``.

    White space is collapsed on both sides, invisible characters are ignored, typographic
    quotation marks (and apostrophes, dashes) are folded, and a match that cuts a word or
    a number does not count: ``verbatim_span("signed on 28 Ju", treaty)`` is ``None``.
    The first occurrence that cuts nothing is given.
    """
    text = quote.text if isinstance(quote, Quote) else quote
    if not isinstance(text, str) or not isinstance(source, str):
        raise TypeError("quote and source must be str")
    form, where = _form(source, case_sensitive)
    for start, end in _occurrences(_needle(text, case_sensitive), form):
        return Span(where[start], where[end - 1] + 1)
    return None


# ---- the engine's quote check ----------------------------------------------------------

_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\s?\.\s?\.|\u2026)\s*\]|\.\s?\.\s?\.|\u2026)\s*")
_TRAILING = ".,;:"
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_WORD_TOKEN = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
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


def _is_negation(word: str) -> bool:
    return word in NEGATIONS or word.endswith("n't")


def _negation_words(text: str) -> list[str]:
    if not text.isascii():
        text = fold_punctuation(text)
    return [w for w in _WORD_TOKEN.findall(text.lower()) if _is_negation(w)]


def _sentence_of(sentences: Sequence[Span], start: int, end: int) -> Span:
    """The sentence(s) holding ``[start, end)``, joined."""
    first = last = None
    for span in sentences:
        if span.end > start and span.start < end:
            if first is None:
                first = span.start
            last = span.end
    if first is None or last is None:
        return Span(start, end)
    return Span(min(first, start), max(last, end))


def _clause_negations(text: str, sentences: Sequence[Span], stand: Span) -> tuple[list[str], Span]:
    """Negations that govern ``stand``: in its sentence, before it, with no clause break
    (; : — or ", but", ", while" ...) between them and it."""
    sentence = _sentence_of(sentences, stand.start, stand.end)
    lead = text[sentence.start : stand.start]
    begin = 0
    for match in _CLAUSE_BREAK.finditer(lead):
        begin = match.end()
    return _negation_words(lead[begin:]), sentence


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
    form, where = _form(text, case_sensitive)
    needles = [_needle(p, case_sensitive) for p in pieces]
    negated: tuple[Span, Span, str] | None = None
    for stand_form in _chain(needles, form, 0):
        stand = Span(where[stand_form[0][0]], where[stand_form[-1][1] - 1] + 1)
        words, sentence = _clause_negations(text, sentences, stand)
        # words an ellipsis left out count as well: "the gateway ... supports IPv6"
        for (_, gap_start), (gap_end, _) in pairwise(stand_form):
            words += _negation_words(text[where[gap_start - 1] + 1 : where[gap_end]])
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
    for tried, (start, end) in enumerate(_occurrences(needles[0], form, begin)):
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
        for q in _outermost(find_quotes(text))
        if _checkable_quote(q.text) and not _is_mention(text, q)
    ]


@dataclass(frozen=True, slots=True)
class _Outcome:
    quote: Quote
    found: tuple[str, Span] | None
    reason: Reason | None


def _sentences(passage: Passage) -> tuple[Span, ...]:
    return tuple(span for span, _ in passage.sentences)


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
            f"the quote {shown} does not stand verbatim in the cited evidence "
            f"({', '.join(ids)}){hint}",
            where,
            ids[0] if len(ids) == 1 else None,
        ),
    )


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
    ``passages``: ``quote_mismatch`` (the quote's span in the answer), or
    ``quote_drops_negation`` when it stands only after a negation of its clause (the
    evidence sentence as ``evidence_span``).

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


# ---- quote-grounded lines --------------------------------------------------------------

#: Words a line may only use when a quote does: direction, comparison, modality,
#: quantity, order, and numbers written as words.
QUALIFIERS: frozenset[str] = frozenset(
    """
    up down upward downward rise rises rising fall falls falling
    more less most least fewer fewest greater greatest larger largest smaller smallest
    higher highest lower lowest better best worse worst bigger biggest than only exactly
    approximately about around nearly almost roughly over under above below beyond
    will would shall should may might must can could cannot likely unlikely probably
    possibly perhaps maybe certainly definitely always usually often sometimes rarely
    seldom occasionally frequently generally typically potentially expected expects
    all every each some many few several any both either most none majority minority
    half double twice triple thrice entire whole multiple numerous various much
    first second third fourth fifth last next previous final initial earlier later prior
    before after then already still again yet soon recently
    zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy
    eighty ninety hundred hundreds thousand thousands million millions billion billions
    trillion dozen dozens
    """.split()
)
#: stem -> (family, side): a verb or comparison word needs a quote word of its own
#: family and side ("increases" never stands on "decreases").
QUALIFIER_FAMILIES: Mapping[str, tuple[int, int]] = DIRECTION_FAMILIES

_IGNORABLE = (
    "\"'\u201c\u201d\u201e\u201f\u2018\u2019\u201a\u201b\u00ab\u00bb\u2039\u203a"
    "\u300c\u300d\u300e\u300f*_~`,\u3001\uff0c.!?;:\u2026\u3002\uff01\uff1f\uff1b\uff1a"
    "()\\[\\]{}\uff08\uff09\u3010\u3011\u3014\u3015\\-\u2010\u2011\u2012\u2013\u2014\u2015"
)


@lru_cache(maxsize=1)
def _token_re() -> re.Pattern[str]:
    return re.compile(
        f"(?P<u>[{_UNSPACED}])"
        r"|(?P<n>\d+(?:[.,]\d+)*)"
        f"|(?P<w>(?:(?![{_UNSPACED}])[^\\W\\d_])+(?:'(?:(?![{_UNSPACED}])[^\\W\\d_])+)*)"
        f"|(?P<s>[^\\w\\s{_IGNORABLE}])"
    )


_COMPARISON = "<>=\u2264\u2265\u2260\u2248\u2243\u2245\u226a\u226b~\u223c"
_PERCENT = "%\u2030\u2031"
_ARITHMETIC = "+\u2212\u00d7\u00f7\u00b1\u2213"
_NUMBER = re.compile(r"(?:(?<![^\s(\[{])([-+\u2212]))?(\d+(?:[.,]\d+)*)")


def _clean(text: str) -> str:
    """One form for lines, quotes and sources: NFC, invisibles out, digits, typographic
    quotes, apostrophes and dashes folded."""
    text = unicodedata.normalize("NFC", text)
    if text.isascii():
        return text
    return fold_digits(fold_punctuation(strip_invisibles(text)))


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # u (unspaced character), n (number), w (word), s (symbol)
    text: str  # as written
    key: str  # lower case
    start: int
    end: int


@lru_cache(maxsize=256)
def _tokens(text: str) -> tuple[_Token, ...]:
    out = []
    for match in _token_re().finditer(text):
        kind = match.lastgroup or "s"
        surface = match.group()
        out.append(_Token(kind, surface, surface.lower(), match.start(), match.end()))
    return tuple(out)


def _strip_ending(word: str) -> str:
    """The seed's ending rule: "-ing" past five characters, "-ed" and "-es" past four,
    "-s" past three but not "-ss"; then a final "-e" past four, so that "increase",
    "increases" and "increased" meet (the seed's rule alone keeps "increase" apart)."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith(("ed", "es")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


@dataclass(frozen=True, slots=True)
class _Stood:
    """A quote that stands in its source: its cleaned text and tokens, the source and
    the stand's character range in the (cleaned) source."""

    text: str
    tokens: tuple[_Token, ...]
    source: str
    start: int
    end: int


def _pair(item: QuoteSource) -> tuple[str, str]:
    if isinstance(item, Mapping):
        quote, source = item.get("quote"), item.get("source")
    elif isinstance(item, tuple) and len(item) == 2:
        quote, source = item
    else:
        raise TypeError("each quote must be a (quote, source) pair or a mapping with both keys")
    if not isinstance(quote, str) or not isinstance(source, str):
        raise TypeError("a quote and its source must be str")
    return quote, source


def _stand_quotes(quotes: Iterable[QuoteSource], min_chars: int) -> tuple[list[_Stood], bool]:
    """The quotes that stand in their sources (word for word, any case and spacing,
    punctuation aside) at a stand that keeps every negation of its sentence; and whether
    one stood only where it dropped a negation."""
    stood: list[_Stood] = []
    dropped = False
    for item in quotes:
        quote, source = _pair(item)
        if len(quote.strip()) < min_chars:
            continue
        quote, source = _clean(quote), _clean(source)
        wanted = [t.key for t in _tokens(quote)]
        if not wanted:
            continue
        have = _tokens(source)
        keys = [t.key for t in have]
        sentences = sentence_spans(source)
        found_any = False
        for index in range(len(keys) - len(wanted) + 1):
            if keys[index : index + len(wanted)] != wanted:
                continue
            found_any = True
            start, end = have[index].start, have[index + len(wanted) - 1].end
            sentence = _sentence_of(sentences, start, end)
            around = len(_negation_words(source[sentence.start : sentence.end]))
            inside = len(_negation_words(source[start:end]))
            if around == inside:
                stood.append(_Stood(quote, _tokens(quote), source, start, end))
                break
        else:
            if found_any:
                dropped = True
    return stood, dropped


def _regions(stood: list[_Stood]) -> list[str]:
    """The source text the quotes cover, overlapping stands of one source merged, so
    what they share counts once."""
    by_source: dict[str, list[tuple[int, int]]] = {}
    for quote in stood:
        by_source.setdefault(quote.source, []).append((quote.start, quote.end))
    texts: list[str] = []
    for source, spans in by_source.items():
        spans.sort()
        merged = [list(spans[0])]
        for start, end in spans[1:]:
            if start < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        texts.extend(source[s:e] for s, e in merged)
    return texts


def _content_units(text: str) -> list[str]:
    """What a sentence's support share is counted over: its content words (endings
    stripped) and, for unspaced scripts, its letter pairs."""
    units = [
        _strip_ending(t.key)
        for t in _tokens(text)
        if t.kind == "w" and t.key not in STOPWORDS and not _is_negation(t.key) and len(t.key) > 1
    ]
    units.extend("\x00" + pair for pair in letter_pairs(text))
    return units


def _quote_units(stood: list[_Stood]) -> set[str]:
    units: set[str] = set()
    for quote in stood:
        units.update(_strip_ending(t.key) for t in quote.tokens if t.kind == "w")
        units.update("\x00" + pair for pair in letter_pairs(quote.text))
    return units


_DOTTED = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,}")


def _acronyms(text: str) -> set[str]:
    found = {m.group().replace(".", "") for m in _DOTTED.finditer(text)}
    found.update(
        t.text for t in _tokens(text) if t.kind == "w" and len(t.text) > 1 and t.text.isupper()
    )
    return found


def _name_problem(line: str, stood: list[_Stood]) -> bool:
    acronyms = set().union(*(_acronyms(q.text) for q in stood)) if stood else set()
    words = {_strip_ending(t.key) for q in stood for t in q.tokens if t.kind == "w"}
    if _DOTTED.search(line):
        if any(a not in acronyms for a in (m.replace(".", "") for m in _DOTTED.findall(line))):
            return True
        line = _DOTTED.sub(lambda m: " " * len(m.group()), line)
    for token in _tokens(line):
        if token.kind != "w" or len(token.text) < 2 or not token.text[0].isupper():
            continue
        if token.text.isupper():
            if token.text not in acronyms:
                return True
        elif (
            token.key not in STOPWORDS
            and not _is_negation(token.key)
            and _strip_ending(token.key) not in words
        ):
            return True
    return False


def _symbol_class(char: str) -> int | None:
    if char in _COMPARISON:
        return 0
    if "\u2190" <= char <= "\u21ff" or "\u27f0" <= char <= "\u27ff" or "\u2900" <= char <= "\u297f":
        return 1
    if unicodedata.category(char) == "Sc":
        return 2
    if char in _PERCENT:
        return 3
    if char in _ARITHMETIC:
        return 4
    return None


def _symbols(text: str) -> Counter[str]:
    return Counter(c for c in text if _symbol_class(c) is not None)


def _symbol_problem(line: str, regions: list[str]) -> bool:
    mine = _symbols(line)
    if not mine:
        return False
    theirs: Counter[str] = Counter()
    for region in regions:
        theirs.update(_symbols(region))
    return any(count > theirs[char] for char, count in mine.items())


def _number_value(sign: str | None, digits: str) -> tuple[str, Decimal | str]:
    plain = digits
    if "," in plain and "." in plain:
        plain = plain.replace(",", "")
    elif "," in plain:
        groups = plain.split(",")
        plain = (
            plain.replace(",", "")
            if all(len(g) == 3 for g in groups[1:])
            else plain.replace(",", ".")
        )
    if plain.count(".") > 1:
        plain = plain.replace(".", "")
    try:
        value: Decimal | str = Decimal(plain).normalize()
    except InvalidOperation:
        value = digits
    return ("-" if sign in ("-", "\u2212") else "+"), value


def _numbers(text: str) -> set[tuple[str, Decimal | str]]:
    return {_number_value(m.group(1), m.group(2)) for m in _NUMBER.finditer(text)}


def _qualifier_problem(line: str, stood: list[_Stood]) -> bool:
    words = {t.key for q in stood for t in q.tokens if t.kind == "w"}
    stripped = {_strip_ending(w) for w in words}
    families = {QUALIFIER_FAMILIES[stem(w)] for w in words if stem(w) in QUALIFIER_FAMILIES}
    for token in _tokens(line):
        if token.kind != "w":
            continue
        key = token.key
        if key in QUALIFIERS and key not in words and _strip_ending(key) not in stripped:
            return True
        family = QUALIFIER_FAMILIES.get(stem(key))
        if family is not None and family not in families:
            return True
    return False


def _term_problem(line: str, stood: list[_Stood]) -> SentenceProblem | None:
    regions = _regions(stood) if stood else []
    if _name_problem(line, stood):
        return "name_not_quoted"
    if _symbol_problem(line, regions):
        return "symbol_not_quoted"
    quoted_numbers: set[tuple[str, Decimal | str]] = set()
    for quote in stood:
        quoted_numbers |= _numbers(quote.text)
    if not _numbers(line) <= quoted_numbers:
        return "number_not_quoted"
    if _qualifier_problem(line, stood):
        return "qualifier_not_quoted"
    theirs = sum(len(_negation_words(region)) for region in regions)
    if len(_negation_words(line)) != theirs:
        return "negation_differs"
    return None


def check_sentence(
    line: str,
    quotes: Iterable[QuoteSource],
    *,
    min_quote_chars: int = 20,
    support: float = 0.7,
) -> SentenceProblem | None:
    """The first problem of ``line`` against the quotes it rests on, or ``None``.

    ``quotes`` are ``(quote, source)`` pairs (or mappings with ``quote`` and
    ``source``). A quote counts when it has ``min_quote_chars`` characters or more and
    stands in its source: its words in order and next to each other, in any letter case
    and spacing, the source's own symbols (``<``, ``=``, ``%`` ...) between them, while
    quotation marks, emphasis marks, commas, stops, brackets and dashes may differ; the
    first stand that keeps every negation of its sentence is read (a blank line ends a
    source's sentence, a single line break does not). A quote that stands only where its
    sentence negates it makes the answer ``quote_drops_negation``; one that does not
    stand, or is too short, is not counted.

    Then each sentence of ``line`` needs content words, ``support`` of them words of the
    quotes (endings stripped; scripts without spaces compared by letter pairs), else
    ``beyond_quotes``; and the term checks, in this order: ``name_not_quoted``,
    ``symbol_not_quoted``, ``number_not_quoted``, ``qualifier_not_quoted``,
    ``negation_differs``.
    """
    if not isinstance(line, str):
        raise TypeError(f"line must be str, got {type(line).__name__}")
    if isinstance(min_quote_chars, bool) or not isinstance(min_quote_chars, int):
        raise TypeError("min_quote_chars must be an int")
    if min_quote_chars < 0:
        raise ValueError("min_quote_chars must not be negative")
    if isinstance(support, bool) or not isinstance(support, (int, float)):
        raise TypeError("support must be a number")
    if not 0.0 <= support <= 1.0:
        raise ValueError("support must lie in [0, 1]")
    stood, dropped = _stand_quotes(quotes, min_quote_chars)
    if dropped:
        return "quote_drops_negation"
    line = _clean(line)
    units = _quote_units(stood)
    spans = sentence_spans(line) or (Span(0, len(line)),)
    for span in spans:
        content = _content_units(span.of(line))
        if not content:
            return "beyond_quotes"
        held = sum(1 for unit in content if unit in units)
        if held / len(content) + 1e-9 < support:
            return "beyond_quotes"
    return _term_problem(line, stood)


def check_label(label: str, quotes: Iterable[QuoteSource]) -> SentenceProblem | None:
    """The term checks of :func:`check_sentence` alone, for a title or a tag.

    No share of content words and no quote length is asked; each quote still stands in
    its source and keeps its sentence's negations (``quote_drops_negation``). A label's
    negations must equal its quotes', so "approved" never stands on "not approved". With
    no quote standing, a label passes only when it holds no name, symbol, number,
    qualifier or negation.
    """
    if not isinstance(label, str):
        raise TypeError(f"label must be str, got {type(label).__name__}")
    stood, dropped = _stand_quotes(quotes, 0)
    if dropped:
        return "quote_drops_negation"
    return _term_problem(_clean(label), stood)


# ---- a line within a span --------------------------------------------------------------


@lru_cache(maxsize=1)
def _plain_word_re() -> re.Pattern[str]:
    return re.compile(f"[{_UNSPACED}]|(?:(?![{_UNSPACED}])[^\\W_])+")


_LETTERS = re.compile(r"[^\W\d_]+")
_SPAN_SYMBOLS = "%\u2030\u00b0+\u2212\u00b1$\u20ac\u00a3\u00a5\u00d7\u00f7<>=\u2264\u2265\u2260"
_FOLLOW_WINDOW = 60


def _numbers_with_follower(text: str) -> list[tuple[tuple[str, Decimal | str], str | None]]:
    out = []
    for match in _NUMBER.finditer(text):
        following = _LETTERS.search(text, match.end(), match.end() + _FOLLOW_WINDOW)
        word = following.group().lower() if following else None
        out.append((_number_value(match.group(1), match.group(2)), word))
    return out


def _negation_forms(text: str) -> Counter[str]:
    return Counter(_negation_words(text))


def line_within_span(line: str, span: str) -> bool:
    """True when ``line`` may stand beside ``span`` on its own words.

    The line needs a word, and each of its words must occur in the span (lower case;
    numbers by their written digit groups); its negations must match the span's by form
    and count; each number must occur in the span with the same sign and, when the line
    has a word within the next 60 characters, the same following word (a number ending
    the line may omit it); and every ``%‰°+−±$€£¥×÷<>=≤≥≠`` symbol or other currency
    sign must occur in the span. Order and repetition are free. This is lexical: it does
    not establish who did what, so show the line beside its span.
    """
    if not isinstance(line, str) or not isinstance(span, str):
        raise TypeError("line and span must be str")
    line, span = _clean(line), _clean(span)
    words = [w.lower() for w in _plain_word_re().findall(line)]
    if not words:
        return False
    vocabulary = {w.lower() for w in _plain_word_re().findall(span)}
    if any(word not in vocabulary for word in words):
        return False
    if _negation_forms(line) != _negation_forms(span):
        return False
    theirs = _numbers_with_follower(span)
    for value, word in _numbers_with_follower(line):
        if not any(v == value and (word is None or w == word) for v, w in theirs):
            return False
    for char in line:
        if (char in _SPAN_SYMBOLS or unicodedata.category(char) == "Sc") and char not in span:
            return False
    return True

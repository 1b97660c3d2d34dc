"""Finding quotes in a text and locating them verbatim in a source.

:func:`find_quotes` finds what a text puts in quotation marks (typographic pairs, straight
marks that are not apostrophes, the outermost of nested quotes); :func:`verbatim_span`
locates a quote character for character in a source, white space collapsed, invisible
characters dropped, typographic quotation marks, apostrophes and dashes folded, letter
case counting unless asked otherwise, a match that cuts a word or a number ("signed on
28 Ju", "25 ms" out of "1.25 ms") not counting. The judges hold quotes to evidence with
these (:mod:`grounding_guard.judges.quotes`); so do the quoted-line tools
(:mod:`grounding_guard.tools.quoted_lines`).

What counts as a quote to check (:data:`QUOTE_MIN_WORDS`): at least two words (white-
space separated pieces holding a letter or a digit), or, in a script written without
spaces, at least :data:`QUOTE_MIN_UNSPACED_CHARS` characters. Shorter quotation marks are
scare quotes or titles (the "best" plan, a "beta" flag) and are not checked.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.lexicon import NEGATIONS
from grounding_guard.text.normalize import (
    INVISIBLE_RE,
    fold_punctuation,
)
from grounding_guard.types import Span

__all__ = [
    "QUOTE_MIN_UNSPACED_CHARS",
    "QUOTE_MIN_WORDS",
    "UNSPACED_CHARS",
    "Quote",
    "checkable_quote",
    "comparable_form",
    "find_quotes",
    "in_order",
    "is_negation",
    "is_unspaced_script",
    "letter_pairs",
    "negation_words",
    "occurrences",
    "outermost",
    "quote_needle",
    "sentence_of",
    "unspaced_pieces",
    "verbatim_span",
    "word_positions",
]

#: A quote is checked when it holds at least this many words ...
QUOTE_MIN_WORDS = 2
#: ... or, written in a script without spaces (Chinese, Japanese, Thai ...), this many
#: characters of that script.
QUOTE_MIN_UNSPACED_CHARS = 4

_MAX_QUOTE = 4000  # a quotation longer than this is a stray mark, not a quote
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")

# Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana, CJK
# ideographs (BMP, compatibility and the supplementary planes), half-width katakana.
UNSPACED_CHARS = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f"
)


# The patterns over these wide ranges take milliseconds each to compile and serve only
# answers that quote: they are compiled on first use, not at import.
@lru_cache(maxsize=1)
def _unspaced_re() -> re.Pattern[str]:
    return re.compile(f"[{UNSPACED_CHARS}]")


def is_unspaced_script(text: str) -> bool:
    """True when ``text`` holds a character of a script written without spaces."""
    return _unspaced_re().search(text) is not None


def letter_pairs(text: str) -> list[str]:
    """Neighbouring pairs of characters of each unspaced-script run of ``text`` (a run of
    one character gives that character): how such scripts are compared without words."""
    pairs: list[str] = []
    for run in re.findall(f"[{UNSPACED_CHARS}]+", text):
        if len(run) == 1:
            pairs.append(run)
        else:
            pairs.extend(run[i : i + 2] for i in range(len(run) - 1))
    return pairs


def unspaced_pieces(text: str) -> set[str]:
    """Every character of a script written without spaces in ``text``, and every pair of
    neighbouring ones: the pieces of :func:`letter_pairs` a text holds (a pair is held
    where it stands anywhere in it, a lone character wherever it stands)."""
    pieces: set[str] = set()
    for run in re.findall(f"[{UNSPACED_CHARS}]+", text):
        pieces.update(run)
        pieces.update(run[i : i + 2] for i in range(len(run) - 1))
    return pieces


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


def outermost(quotes: list[Quote]) -> list[Quote]:
    kept: list[Quote] = []
    for quote in quotes:  # sorted by start, longest first
        if kept and quote.span.start < kept[-1].span.end:
            continue
        kept.append(quote)
    return kept


def _word_count(text: str) -> int:
    return sum(1 for piece in text.split() if any(c.isalnum() for c in piece))


def checkable_quote(text: str) -> bool:
    if _word_count(text) >= QUOTE_MIN_WORDS:
        return True
    return len(_unspaced_re().findall(text)) >= QUOTE_MIN_UNSPACED_CHARS


# ---- verbatim spans --------------------------------------------------------------------

# white space, invisible characters and markdown emphasis or code marks (* and `, and _
# not inside a word): formatting, not text, on both sides of a comparison
_GAP = re.compile(r"(?:[\s*`" + INVISIBLE_RE.pattern[1:-1] + r"]|(?<![^\W_])_+|_+(?![^\W_]))+")


# a hyphen joining two letters ("whole-person"): compared as the space it often replaces
_WORD_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


@bounded_cache(128, 2_000_000)
def comparable_form(text: str, case_sensitive: bool) -> tuple[str, tuple[int, ...]]:
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


def occurrences(needle: str, form: str, begin: int = 0) -> Iterator[tuple[int, int]]:
    """Start and end (in ``form``) of each occurrence of ``needle`` that cuts nothing."""
    if not needle:
        return
    index = form.find(needle, begin)
    while index != -1:
        end = index + len(needle)
        if not _cuts(form, index, end):
            yield index, end
        index = form.find(needle, index + 1)


def quote_needle(quote: str, case_sensitive: bool) -> str:
    return comparable_form(quote, case_sensitive)[0]


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
    form, where = comparable_form(source, case_sensitive)
    for start, end in occurrences(quote_needle(text, case_sensitive), form):
        return Span(where[start], where[end - 1] + 1)
    return None


# ---- negations and sentences around a quote ----------------------------------------

_WORD_TOKEN = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def is_negation(word: str) -> bool:
    return word in NEGATIONS or word.endswith("n't")


def negation_words(text: str) -> list[str]:
    if not text.isascii():
        text = fold_punctuation(text)
    return [w for w in _WORD_TOKEN.findall(text.lower()) if is_negation(w)]


def sentence_of(sentences: Sequence[Span], start: int, end: int) -> Span:
    """The sentence(s) holding ``[start, end)``, joined (``sentences`` in order, as
    :func:`~grounding_guard.text.analysis.sentence_spans` gives them: found by bisection,
    so many quotes in a long text cost no pass over it each)."""
    first = last = None
    index = bisect_right(sentences, start, key=_end_of)
    while index < len(sentences) and sentences[index].start < end:
        span = sentences[index]
        if span.end > start:
            if first is None:
                first = span.start
            last = span.end
        index += 1
    if first is None or last is None:
        return Span(start, end)
    return Span(min(first, start), max(last, end))


def _end_of(span: Span) -> int:
    return span.end


def in_order(
    needle: Sequence[str],
    hay: Sequence[str],
    positions: Mapping[str, Sequence[int]] | None = None,
) -> tuple[int, int, int]:
    """How many words of ``needle`` stand in ``hay`` in the same order (the longest
    common subsequence), and the indexes in ``hay`` of the first and last of them
    (``(0, -1, -1)`` when none does): how close a misquote comes to its source. Where
    several alignments are that long, the stretch is the one that ends first and, of
    those, starts last: the tightest place the quote comes close to.

    ``positions`` (:func:`word_positions` of ``hay``, which a caller comparing many
    quotes with one text keeps) spares reading ``hay`` again. Only the places holding a
    word of the needle take part, each a bit of one integer per row of the table
    (Allison and Dix's bit-vector recurrence, after Hyyrö): a few integer operations
    per needle word, so a long quote against a long sentence costs time about linear
    in the quote and in where its words stand."""
    if not needle or not hay:
        return 0, -1, -1
    if positions is None:
        positions = word_positions(hay)
    places = sorted({p for word in set(needle) for p in positions.get(word, ())})
    if not places:
        return 0, -1, -1
    rank = {place: number for number, place in enumerate(places)}
    ranks = {word: [rank[p] for p in positions[word]] for word in set(needle) if word in positions}
    row = _lcs_row(needle, ranks, len(places))
    found = len(places) - row.bit_count()
    if not found:
        return 0, -1, -1
    last = _kth_step(row, len(places), found)
    # the same table over both reversed, up to ``last``: the latest start of a
    # subsequence that long ending there
    backward = {word: [last - r for r in found_at if r <= last] for word, found_at in ranks.items()}
    back = _lcs_row(needle[::-1], backward, last + 1)
    first = last - _kth_step(back, last + 1, found)
    return found, places[first], places[last]


def word_positions(words: Sequence[str]) -> dict[str, list[int]]:
    """Each word of ``words`` -> the indexes where it stands, in order."""
    positions: dict[str, list[int]] = {}
    for index, word in enumerate(words):
        positions.setdefault(word, []).append(index)
    return positions


def _bits(indexes: Sequence[int], width: int) -> int:
    """An integer of ``width`` bits with the bits at ``indexes`` set."""
    if len(indexes) < 32:
        value = 0
        for index in indexes:
            value |= 1 << index
        return value
    buffer = bytearray((width + 7) // 8)
    for index in indexes:
        buffer[index >> 3] |= 1 << (index & 7)
    return int.from_bytes(buffer, "little")


def _lcs_row(needle: Sequence[str], places: Mapping[str, Sequence[int]], width: int) -> int:
    """The last row of the longest-common-subsequence table of ``needle`` and a text of
    ``width`` words where each word stands at ``places[word]``, as bits: bit ``j`` is 0
    where the subsequence grows by one at word ``j``."""
    where = {word: _bits(found, width) for word, found in places.items() if found}
    mask = (1 << width) - 1
    row = mask
    for word in needle:
        matches = where.get(word)
        if matches:
            kept = row & matches
            row = ((row + kept) | (row - kept)) & mask
    return row


def _kth_step(row: int, width: int, k: int) -> int:
    """The index of the ``k``-th 0 bit (from the lowest) of the ``width`` bits of
    ``row``: where the subsequence first reaches length ``k``."""
    steps = ~row & ((1 << width) - 1)
    for _ in range(k - 1):
        steps &= steps - 1
    return (steps & -steps).bit_length() - 1

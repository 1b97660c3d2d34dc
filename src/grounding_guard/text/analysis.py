"""Read a text once into what the deterministic judges compare: words, stems, numbers,
negations, direction words and names.

Reading is built for speed (it runs once per unit and once per evidence sentence): one
``re.findall`` pass, stems from a memo table, set algebra in C. Token offsets are found
only when a reason needs them (:meth:`Analysis.locate`), which is rare.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from grounding_guard.text.lexicon import (
    DIRECTION_FAMILIES,
    NEGATIONS,
    STOPWORDS,
    is_proper_name,
    stem,
)
from grounding_guard.text.locate import token_matches
from grounding_guard.text.normalize import fold_digits, fold_punctuation, strip_invisibles_mapped
from grounding_guard.types import Span

__all__ = [
    "Analysis",
    "Bags",
    "analyse",
    "context_stems",
    "number_key",
    "number_keys_of",
    "number_pattern",
    "read_bags",
    "read_sentences",
    "sentence_spans",
    "word_string",
]

# words and numbers (inner separators keep dates, decimals and groupings whole)
_TOKEN_RE = re.compile(r"\d+(?:[.,:/\-]\d+)*|[^\W\d_]+(?:'[^\W\d_]+)*")
TITLES: frozenset[str] = frozenset(
    "dr mr mrs ms prof sir madam mx st jr sr rev hon gen col capt lt sgt".split()
)


class _Memo(dict[str, str]):
    """word -> stem; a dict with ``__missing__`` so lookups stay in C on a hit. Cleared
    past 200,000 words or 4 million characters of them (a long "word" is a long key)."""

    chars = 0

    def __missing__(self, word: str) -> str:
        if len(self) > 200_000 or self.chars > 4_000_000:
            self.clear()
            self.chars = 0
        value = self[word] = stem(word)
        self.chars += len(word)
        return value


_STEMS = _Memo()
_NOT_CONTENT: frozenset[str] = (
    frozenset(stem(w) for w in STOPWORDS) | STOPWORDS | TITLES | NEGATIONS
)
_DIRECTION_KEYS: frozenset[str] = frozenset(DIRECTION_FAMILIES)


def number_key(surface: str) -> str:
    """The value a number token compares as: grouping dropped, ``3.50`` is ``3.5``,
    ``08`` is ``8``; dates, times and ranges compare as written."""
    if surface.isdigit() and surface[0] != "0" and surface.isascii():
        return surface  # the commonest token, a plain whole number, is its own value
    if "-" in surface or "/" in surface or ":" in surface:
        return surface
    digits = surface.replace(",", "")
    if digits.count(".") > 1:  # 1.234.567: grouping, not a decimal point
        digits = digits.replace(".", "")
    if "." in digits:
        whole, _, frac = digits.partition(".")
        frac = frac.rstrip("0")
        whole = whole.lstrip("0") or "0"
        return f"{whole}.{frac}" if frac else whole
    return digits.lstrip("0") or "0"


class Analysis(NamedTuple):
    """What a text says, as bags the judges compare.

    ``text`` is the text as given (offsets index it); ``clean`` is what was tokenised
    (digits folded, invisibles removed) and ``where`` maps clean offsets back when they
    differ. ``words`` are the casefolded tokens in order (punctuation dropped).
    """

    text: str
    clean: str
    where: tuple[int, ...] | None
    words: tuple[str, ...]
    stems: tuple[str, ...]
    content: frozenset[str]
    vocabulary: frozenset[str]
    numbers: tuple[str, ...]
    number_keys: frozenset[str]
    negations: int
    directions: frozenset[tuple[int, int]]
    names: tuple[str, ...]

    def locate_word(self, word: str, occurrence: int = 0) -> Span:
        """The span of the ``occurrence``-th token whose casefolded form is ``word``."""
        return self._span_of(token_matches(self.clean, word, True), occurrence)

    def locate(self, surface: str, occurrence: int = 0) -> Span:
        """The span (in ``text``) of the ``occurrence``-th token spelled ``surface``."""
        return self._span_of(token_matches(self.clean, surface), occurrence)

    def _span_of(self, found: tuple[tuple[int, int], ...], occurrence: int) -> Span:
        if not found:
            return Span(0, len(self.text))
        start, end = found[min(occurrence, len(found) - 1)]
        if self.where is None:
            return Span(start, end)
        return Span(self.where[start], self.where[end - 1] + 1)


def _clean(text: str) -> tuple[str, tuple[int, ...] | None]:
    """Text without invisibles, digits and punctuation folded, plus a map back."""
    if text.isascii():
        return text, None
    clean, where = strip_invisibles_mapped(fold_punctuation(fold_digits(text)))
    return clean, tuple(where) if where is not None else None


_WORD_CHAR = re.compile(r"[^\W_]")
_STRIP = (
    "".join(chr(c) for c in range(0x20, 0x7F) if not chr(c).isalnum())
    + "\u2014\u2013\u2018\u2019\u201c\u201d\u00ab\u00bb\u2026\u3002\u3001\uff0c\uff1a\uff1b"
    # signs that are never part of a word: trimmed here, read by the figure reader
    + "\u00a7\u00b6\u00a9\u00ae\u2122\u00b0\u00b1\u00d7\u00f7\u20ac\u00a3\u00a5\u20b9\u00a2"
    + "\u2022\u00b7\u2030\u2032\u2033\u2190\u2192\u2191\u2193\u2248\u2260\u2264\u2265\u221e"
)
_QUOTE_OPEN = frozenset('"\u201c\u00ab\u300c')
_QUOTE_CLOSE = frozenset('"\u201d\u00bb\u300d')
_SINGLE_OPEN = re.compile(r"(?<!\S)'[^\W\d_][^\n]*?[^\W_][.,;:!?]*'(?!\w)")
_BULLETS = frozenset({"-", "--", "*", "\u2022", "\u00b7"})
_CLAUSE_END = frozenset(".!?:;\u2014\u2013\u2026\u3002\uff01\uff1f\uff1a\uff1b")
_OPENERS = frozenset("([{\"'\u201c\u2018\u00ab*#>-\u2014\u2013")


def _read_tokens(clean: str) -> list[str]:
    """Word and number tokens in order: white-space split (fast, in C), punctuation
    trimmed, and the token pattern only for pieces mixing letters, digits or inner marks
    ("1,234.5", "INV-1", "don't")."""
    tokens: list[str] = []
    if not _WORD_CHAR.search(clean):
        return tokens  # symbols and spaces only: nothing to read, however long
    for core in [raw.strip(_STRIP) for raw in clean.split()]:
        if core.isalpha() or core.isdecimal():
            tokens.append(core)
        elif core:
            tokens.extend(_TOKEN_RE.findall(core))
    return tokens


def _count_negations(lowered: list[str]) -> int:
    """Negation words, except "No." before a number ("No. 1 pick") - an abbreviation."""
    count = sum(map(NEGATIONS.__contains__, lowered))
    if count and "no" in lowered:
        for index, word in enumerate(lowered[:-1]):
            if word == "no" and lowered[index + 1][0].isdigit():
                count -= 1
    return count


def context_stems(
    analysis: Analysis, index: int, before: int, after: int, skip: frozenset[str] = frozenset()
) -> frozenset[str]:
    """Content stems among the ``before`` content words before word ``index`` and the
    ``after`` ones after it: what a negation or a direction word bears on. Stems in
    ``skip`` are passed over as if they were no content words."""
    content = analysis.content - skip if skip else analysis.content
    stems = analysis.stems
    found: list[str] = []
    position = index + 1
    while position < len(stems) and len(found) < after:
        if stems[position] in content:
            found.append(stems[position])
        position += 1
    taken = 0
    position = index - 1
    while position >= 0 and taken < before:
        if stems[position] in content:
            found.append(stems[position])
            taken += 1
        position -= 1
    return frozenset(found)


#: A word that starts lower case and has a capital inside: a brand ("iOS", "eBay").
_CAMEL = re.compile(r"[^\W\d_]*[a-z][^\W\d_]*[A-Z][^\W\d_]*$")
#: Units written that way, which name nothing.
_CAMEL_UNITS = frozenset(
    "kwh mwh gwh mah db dbm khz mhz ghz kb mb gb tb kw mw gw ml dl cl ph mmhg kn kcal kj "
    "kbps mbps gbps mol mmol".split()
)


def _read_names(clean: str) -> list[str]:
    """Capitalised words that do not open a clause, words after a title, acronyms.

    A word opens a clause when it is the first, follows a stop, colon, semicolon or dash,
    or opens a bracket or quotation: such a capital is a name only when WordNet writes the
    word capitalised more often than not ("Berlin", not "Researchers"). "Dr. Alvarez"
    names Alvarez; acronyms count wherever they stand.
    """
    names: list[str] = []
    if clean.isupper():
        return names  # an all-capitals text: capitals say nothing
    clause_start = True
    after_title = False
    quoted = False  # capitals inside quotation marks are a title's, judged by the quote check
    # single quotation marks count when the text uses them as such ('I Want to Be ...'),
    # not only as apostrophes (don't, the students' books)
    single = "'" in clean and _SINGLE_OPEN.search(clean) is not None
    openers = _QUOTE_OPEN | {"'"} if single else _QUOTE_OPEN
    closers = _QUOTE_CLOSE | {"'"} if single else _QUOTE_CLOSE
    for raw in clean.split():
        core = raw.strip(_STRIP)
        opening = raw[0] in openers and (raw[0] != "'" or raw[1:2].isalpha())
        if opening:
            quoted = True
        if not core:
            # a free-standing dash or bullet ("materials - Pure chemicals") opens a clause
            clause_start = clause_start or raw[-1] in _CLAUSE_END or raw in _BULLETS
            continue
        if quoted:
            if raw.rstrip(".,;:!?)")[-1:] in closers and (not opening or len(raw) > 1):
                quoted = False
            clause_start = raw[-1] in _CLAUSE_END
            after_title = False
            continue
        if _CAMEL.match(core) and core.casefold() not in _CAMEL_UNITS:
            names.append(core)  # "iOS", "eBay", "macOS": a name wherever it stands
        elif core[0].isupper() or not core.isalpha():
            opens = clause_start or (raw[0] in _OPENERS and raw[0] != core[0])
            pieces = [core] if core.isalpha() else _TOKEN_RE.findall(core)
            for number, piece in enumerate(pieces):
                if not piece[0].isupper() or len(piece) < 2:
                    continue
                lower = piece.casefold()
                if piece.isupper() and piece.isalpha():
                    names.append(piece)
                elif lower in TITLES or lower in STOPWORDS:
                    continue
                elif after_title or number > 0 or not opens:
                    names.append(piece)
                elif is_proper_name(lower[:-2] if lower.endswith("'s") else lower):
                    names.append(piece)  # "Berlin hosted ...": a name wherever it stands
        after_title = raw.endswith(".") and core.casefold() in TITLES
        clause_start = raw[-1] in _CLAUSE_END and not after_title
    return names


def _opening_name(clean: str) -> tuple[str, ...]:
    """The first word of a text with no other capital, when it is a name ("Berlin
    hosted ...", :func:`is_proper_name`)."""
    if clean.isascii() and not clean[:1].isupper():
        return ()  # called when nothing after the first character is a capital
    first = clean.split(maxsplit=1)[0].strip(_STRIP) if clean.strip() else ""
    if first[:1].isupper() and first.replace("'", "").isalpha():
        lower = first.casefold()
        if is_proper_name(lower[:-2] if lower.endswith("'s") else lower):
            return (first,)
    return ()


class Bags(NamedTuple):
    """The light reading of a text: what the support judge and the indexes compare,
    without the names, negations and directions of a full :class:`Analysis`."""

    text: str
    words: tuple[str, ...]
    content: frozenset[str]
    vocabulary: frozenset[str]
    numbers: tuple[str, ...]
    number_keys: frozenset[str]


def _read(text: str) -> tuple[str, tuple[int, ...] | None, list[str], tuple[str, ...]]:
    """The cleaned text, its map back, the casefolded tokens and the number tokens."""
    clean, where = _clean(text)
    if where is None and clean.isascii():
        # ASCII: lower-casing changes no token boundary and no number, so reading the
        # lower-cased text gives the casefolded tokens in one pass
        lowered = _read_tokens(clean.lower())
        numbers = tuple(t for t in lowered if t[0].isdigit()) if _ASCII_DIGIT.search(clean) else ()
    else:
        tokens = _read_tokens(clean)
        lowered = [t.casefold() for t in tokens]
        numbers = tuple(t for t in tokens if t[0].isdigit())
    return clean, where, lowered, numbers


def _content(
    stems: set[str], numbers: tuple[str, ...], number_keys: frozenset[str], ascii: bool
) -> frozenset[str]:
    """Content stems: no stop word, numbers by value, one-letter stems only as numbers."""
    bag = (stems - _NOT_CONTENT - set(numbers)) | number_keys if numbers else stems - _NOT_CONTENT
    if ascii:  # every one-character stem of an ASCII text is an ASCII character
        return frozenset(bag - _ASCII_NOT_DIGITS)
    if bag and min(map(len, bag)) < 2:
        return frozenset(s for s in bag if len(s) > 1 or s.isdigit())
    return frozenset(bag)


def _vocabulary(clean: str, lowered: list[str]) -> frozenset[str]:
    vocabulary = frozenset(lowered)
    if "'" in clean:
        vocabulary |= {w[:-2] for w in lowered if w.endswith("'s")}
    return vocabulary


def read_bags(text: str) -> Bags:
    """Read ``text`` into its :class:`Bags` (the same bags :func:`analyse` gives)."""
    clean, _, lowered, numbers = _read(text)
    number_keys = frozenset(map(number_key, numbers)) if numbers else _NO_KEYS
    return Bags(
        text,
        tuple(lowered),
        _content(set(map(_STEMS.__getitem__, lowered)), numbers, number_keys, text.isascii()),
        _vocabulary(clean, lowered),
        numbers,
        number_keys,
    )


def read_sentences(text: str, spans: Sequence[Span], lowered: str | None = None) -> list[Bags]:
    """The :class:`Bags` of each span of ``text``, equal to :func:`read_bags` of each.

    An evidence chunk's sentences are read here, so it is written for speed: case folded
    once for the whole text, the token loop inline, numbers found by the number pattern
    (for ASCII text, the tokens that open with a digit are exactly its matches) and the
    content bag built in two set operations. ``lowered`` is ``text.lower()`` when the
    caller holds it already.
    """
    if not text.isascii():
        return [read_bags(span.of(text)) for span in spans]
    lowered_text = text.lower() if lowered is None else lowered
    out: list[Bags] = []
    append = out.append
    stems = _STEMS.__getitem__
    strip, token_re, numbers_re = _STRIP, _TOKEN_RE, _ASCII_NUMBER
    for span in spans:
        start, end = span.start, span.end
        piece = text[start:end]
        tokens: list[str] = []
        for core in [raw.strip(strip) for raw in lowered_text[start:end].split()]:
            if core.isalpha() or core.isdecimal():
                tokens.append(core)
            elif core:
                tokens.extend(token_re.findall(core))
        numbers = tuple(numbers_re.findall(lowered_text, start, end))
        if numbers:
            number_keys = frozenset(map(number_key, numbers))
            content = frozenset(map(stems, tokens)).difference(_NOT_CONTENT_ASCII, numbers)
            content |= number_keys
        else:
            number_keys = _NO_KEYS
            content = frozenset(map(stems, tokens)).difference(_NOT_CONTENT_ASCII)
        vocabulary = frozenset(tokens)
        if "'" in piece:
            vocabulary |= {w[:-2] for w in tokens if w.endswith("'s")}
        append(Bags(piece, tuple(tokens), content, vocabulary, numbers, number_keys))
    return out


def number_pattern() -> re.Pattern[str]:
    """The number tokens of an ASCII text, as a pattern (see :func:`number_keys_of`)."""
    return _ASCII_NUMBER


def number_keys_of(ascii_text: str) -> frozenset[str]:
    """The values of the number tokens of an ASCII text, by one scan (equal to the
    ``number_keys`` its sentences' bags hold: such a text's number tokens are exactly
    the matches of the number pattern)."""
    return frozenset(map(number_key, _ASCII_NUMBER.findall(ascii_text)))


_NO_KEYS: frozenset[str] = frozenset()
_ASCII_DIGIT = re.compile(r"[0-9]")
_ASCII_NOT_DIGITS: frozenset[str] = frozenset(chr(c) for c in range(128) if not chr(c).isdigit())
_NOT_CONTENT_ASCII = _NOT_CONTENT | _ASCII_NOT_DIGITS
_ASCII_NUMBER = re.compile(r"[0-9]+(?:[.,:/\-][0-9]+)*")


def analyse(text: str) -> Analysis:
    """Read ``text`` into an :class:`Analysis` (the last few thousand texts are kept: a
    re-checked answer, a claim and its clauses, the best sentence of a chunk many units
    cite are read once; the result depends on the text alone)."""
    global _ANALYSES_HELD
    found = _ANALYSES.get(text)
    if found is None:
        found = _analyse(text)
        size = len(text)
        if size <= _ANALYSED_CHARS:  # memory stays bounded: long texts are not kept
            if len(_ANALYSES) >= _ANALYSES_SIZE or _ANALYSES_HELD + size > _ANALYSES_MAX_CHARS:
                _ANALYSES.clear()
                _ANALYSES_HELD = 0
            _ANALYSES[text] = found
            _ANALYSES_HELD += size
    return found


#: Recent analyses by text, cleared whole when full (bounded, never stale: pure function).
_ANALYSES: dict[str, Analysis] = {}
_ANALYSES_SIZE = 4096
_ANALYSED_CHARS = 2048
_ANALYSES_MAX_CHARS = 100_000  # an analysis holds several times its text
_ANALYSES_HELD = 0


def _analyse(text: str) -> Analysis:
    clean, where, lowered, numbers = _read(text)
    stem_list = tuple(map(_STEMS.__getitem__, lowered))
    stems = set(stem_list)
    number_keys = frozenset(map(number_key, numbers)) if numbers else _NO_KEYS
    direction_stems = stems & _DIRECTION_KEYS
    return Analysis(
        text=text,
        clean=clean,
        where=where,
        words=tuple(lowered),
        stems=stem_list,
        content=_content(stems, numbers, number_keys, text.isascii()),
        vocabulary=_vocabulary(clean, lowered),
        numbers=numbers,
        number_keys=number_keys,
        negations=_count_negations(lowered),
        directions=frozenset(DIRECTION_FAMILIES[s] for s in direction_stems),
        # a text with no capital after its first character names at most its first word
        names=(
            tuple(dict.fromkeys(_read_names(clean)))
            if clean[1:] != clean[1:].lower()
            else _opening_name(clean)
        ),
    )


# a stop (Latin, Devanagari or CJK) with its closing quotes and the space after it, a
# blank line, or the line break before or after a table line; written to open with one
# character class, which lets the regex engine skip to the next candidate character in C
# instead of trying every branch at every position
_SENTENCE_END = re.compile(
    r"[.!?\u0964\u3002\uff01\uff1f\n]"
    r"(?:(?<=[.!?\u0964])[.!?\u0964]*[\"'\u201d\u2019)\]]*"
    r"(?:[ \t]*\n|[ \t]+(?=[A-Z0-9\"'\u201c(\[]))"
    r"|(?<=[\u3002\uff01\uff1f])[\u3002\uff01\uff1f]*[\"'\u201d\u2019)\]\u300d]*"
    r"|(?<=\n)[ \t]*\n"
    # each line of a table is a sentence of its own: a row's figures pair with its cells
    r"|(?<=\n)(?=[ \t]*\|)|(?<=\|\n))"
)


# a stop after a short capitalised abbreviation ("Jan.", "No.", "Vol.") with a figure next
_ABBREVIATED = re.compile(r"(?<![^\W\d_])[A-Z][a-z]{0,3}\.[ \t]+(?=\d)")
_STOP_BEFORE_DIGIT = re.compile(r"\.[ \t]+\d")  # what every abbreviation match holds


def sentence_spans(text: str) -> tuple[Span, ...]:
    """Evidence sentences: cut after a stop followed by a capital/digit, at a blank line,
    and around each line of a table (a line that opens with ``|``, or ends with one).

    Deliberately simple and linear; an abbreviation may cut a sentence early, which only
    narrows the span a judge reports, never what counts as support.
    """
    spans: list[Span] = []
    start = 0
    # an abbreviation inside a window is one in the whole text: none there, none to test
    abbreviated = _STOP_BEFORE_DIGIT.search(text) is not None
    for match in _SENTENCE_END.finditer(text):
        end = match.end()
        if abbreviated and _ABBREVIATED.search(text, max(0, match.start() - 6), end + 1):
            continue  # "Jan. 25, 2019", "No. 5": an abbreviation before a figure
        piece = text[start:end]
        stripped = piece.strip()
        if stripped:
            offset = start + len(piece) - len(piece.lstrip())
            spans.append(Span(offset, offset + len(stripped)))
        start = end
    tail = text[start:]
    stripped = tail.strip()
    if stripped:
        offset = start + len(tail) - len(tail.lstrip())
        spans.append(Span(offset, offset + len(stripped)))
    return tuple(spans)


def word_string(words: Iterable[str]) -> str:
    """Words as one space-padded string, so containment ignores punctuation, case and
    white space yet respects word boundaries."""
    return " " + " ".join(words) + " "

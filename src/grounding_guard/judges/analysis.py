"""Read a text once into what the deterministic judges compare: words, stems, numbers,
negations, direction words and names, each token with its span in the original text.

An analysis is pure data; evidence is analysed once per evidence set, a claim once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from grounding_guard.judges.lexicon import NEGATIONS, STOPWORDS, direction_of, stem
from grounding_guard.model import Span
from grounding_guard.text.normalize import INVISIBLE_RE, fold_digits, fold_punctuation

__all__ = ["Analysis", "Token", "analyse", "sentence_spans", "word_string"]

_TOKEN_RE = re.compile(
    r"(?P<num>\d+(?:[.,:/\-]\d+)*)|(?P<word>[^\W\d_]+(?:'[^\W\d_]+)*)"
)
_DATE_LIKE = re.compile(r"[-/:]")
_TITLES = frozenset(
    "dr mr mrs ms prof sir madam mx st jr sr rev hon gen col capt lt sgt".split()
)
_CLAUSE_START = frozenset(":;([{\"'\u2014\u2013*-#>")


@dataclass(frozen=True, slots=True)
class Token:
    """One word or number: its surface form, its comparison key and its span."""

    surface: str
    key: str
    span: Span
    is_number: bool


def _number_key(surface: str) -> str:
    if _DATE_LIKE.search(surface):
        return surface  # dates, times, ranges compare as written
    digits = surface.replace(",", "")
    if digits.count(".") > 1:  # 1.234.567: grouping, not a decimal point
        digits = digits.replace(".", "")
    if "." in digits:
        whole, _, frac = digits.partition(".")
        frac = frac.rstrip("0")
        whole = whole.lstrip("0") or "0"
        return f"{whole}.{frac}" if frac else whole
    return digits.lstrip("0") or "0"


@dataclass(frozen=True)
class Analysis:
    """What a text says, as bags the judges compare (keys casefolded, stems light)."""

    text: str
    tokens: tuple[Token, ...]
    content: frozenset[str]
    words: frozenset[str]
    numbers: tuple[Token, ...]
    negations: tuple[Token, ...]
    directions: tuple[tuple[Token, tuple[int, int]], ...]
    names: tuple[Token, ...]

    @property
    def direction_sides(self) -> frozenset[tuple[int, int]]:
        """The (family, side) pairs present in the text."""
        return frozenset(side for _, side in self.directions)


def _clean(text: str) -> tuple[str, list[int] | None]:
    """Text without invisibles and with digits folded, plus a map back to original offsets."""
    folded = fold_punctuation(fold_digits(text)) if not text.isascii() else text
    if not INVISIBLE_RE.search(folded):
        return folded, None
    kept: list[str] = []
    where: list[int] = []
    for index, char in enumerate(folded):
        if not INVISIBLE_RE.match(char):
            kept.append(char)
            where.append(index)
    where.append(len(folded))
    return "".join(kept), where


def analyse(text: str) -> Analysis:
    """Tokenise ``text`` into an :class:`Analysis` (token spans index into ``text``)."""
    clean, where = _clean(text)
    tokens: list[Token] = []
    content: set[str] = set()
    words: set[str] = set()
    numbers: list[Token] = []
    negations: list[Token] = []
    directions: list[tuple[Token, tuple[int, int]]] = []
    names: list[Token] = []
    previous_end = -1
    previous_word = ""
    for match in _TOKEN_RE.finditer(clean):
        start, end = match.span()
        span = Span(start, end) if where is None else Span(where[start], where[end - 1] + 1)
        surface = match.group()
        if match.group("num") is not None:
            token = Token(surface, _number_key(surface), span, True)
            numbers.append(token)
            content.add(token.key)
            tokens.append(token)
            previous_end = end
            previous_word = ""
            continue
        lower = surface.casefold()
        if lower.endswith("'s"):
            lower = lower[:-2]
        key = stem(lower)
        token = Token(surface, key, span, False)
        tokens.append(token)
        words.add(lower)
        side = direction_of(key)
        if side is not None:
            directions.append((token, side))
        is_negation = lower in NEGATIONS or lower.endswith("n't")
        if is_negation:
            negations.append(token)
        elif lower not in STOPWORDS and lower not in _TITLES and len(lower) > 1:
            content.add(key)
        if _is_name(surface, lower, clean, start, previous_end, previous_word):
            names.append(token)
        previous_end = end
        previous_word = lower
    return Analysis(
        text,
        tuple(tokens),
        frozenset(content),
        frozenset(words),
        tuple(numbers),
        tuple(negations),
        tuple(directions),
        tuple(names),
    )


def _is_name(
    surface: str, lower: str, clean: str, start: int, previous_end: int, previous_word: str
) -> bool:
    if not surface[0].isupper() or len(surface) < 2 or lower in _TITLES:
        return False
    if surface.isupper() and surface.isalpha():
        return lower != "i"  # acronyms count wherever they stand
    if lower in STOPWORDS:
        return False
    if previous_end < 0:
        return False  # the first word of a unit is capitalised whatever it is
    if previous_word in _TITLES:
        return True  # "Dr. Alvarez": the stop belongs to the title
    gap = clean[previous_end:start].strip()
    # after a stop, a clause start or a quotation mark a capital says nothing
    return not gap or gap[-1] not in ".!?\u3002" and gap[-1] not in _CLAUSE_START


_SENTENCE_END = re.compile(
    r"[.!?\u0964]+[\"'\u201d\u2019)\]]*(?:[ \t]*\n|[ \t]+(?=[A-Z0-9\"'\u201c(\[]))"
    r"|[\u3002\uff01\uff1f]+[\"'\u201d\u2019)\]\u300d]*"
    r"|\n[ \t]*\n"
)


def sentence_spans(text: str) -> tuple[Span, ...]:
    """Evidence sentences: cut after a stop followed by a capital/digit, or at a blank line.

    Deliberately simple and linear; an abbreviation may cut a sentence early, which only
    narrows the span a judge reports, never what counts as support.
    """
    spans: list[Span] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.end()
        piece = text[start:end]
        stripped = piece.strip()
        if stripped:
            offset = start + piece.index(stripped[0])
            spans.append(Span(offset, offset + len(stripped)))
        start = end
    tail = text[start:]
    if tail.strip():
        offset = start + tail.index(tail.strip()[0])
        spans.append(Span(offset, offset + len(tail.strip())))
    return tuple(spans)


def word_string(tokens: Iterable[Token]) -> str:
    """Tokens as one space-padded string of casefolded words and number keys, so that
    containment ignores punctuation, case and white space yet respects word boundaries."""
    return " " + " ".join(t.key if t.is_number else t.surface.casefold() for t in tokens) + " "

"""Lines held to the quotes they rest on (a side tool from the founding documents).

- :func:`check_sentence` / :func:`check_label`: a summary line (or a title, a tag) held
  to ``(quote, source)`` pairs. Each quote must stand in its source word for word (any
  case and spacing, punctuation aside) and keep every negation of its sentence; the line
  then needs ``support`` of its content words among the quotes' words and passes the term
  checks (names, symbols, numbers, qualifiers, negations).
- :func:`line_within_span`: a lexical check that a line uses only the words, numbers,
  symbols and negations of one span.

Pure and deterministic; nothing reads the network or a model.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Literal, get_args

from grounding_guard.text.analysis import sentence_spans
from grounding_guard.text.lexicon import DIRECTION_FAMILIES, STOPWORDS, stem
from grounding_guard.text.normalize import (
    fold_digits,
    fold_punctuation,
    strip_invisibles,
)
from grounding_guard.text.quotes import (
    UNSPACED_CHARS,
    is_negation,
    letter_pairs,
    negation_words,
    sentence_of,
)
from grounding_guard.types import Span

__all__ = [
    "QUALIFIERS",
    "QUALIFIER_FAMILIES",
    "SENTENCE_PROBLEMS",
    "QuoteSource",
    "SentenceProblem",
    "check_label",
    "check_sentence",
    "line_within_span",
]

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
        f"(?P<u>[{UNSPACED_CHARS}])"
        r"|(?P<n>\d+(?:[.,]\d+)*)"
        f"|(?P<w>(?:(?![{UNSPACED_CHARS}])[^\\W\\d_])+(?:'(?:(?![{UNSPACED_CHARS}])[^\\W\\d_])+)*)"
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
            sentence = sentence_of(sentences, start, end)
            around = len(negation_words(source[sentence.start : sentence.end]))
            inside = len(negation_words(source[start:end]))
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
        if t.kind == "w" and t.key not in STOPWORDS and not is_negation(t.key) and len(t.key) > 1
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
            and not is_negation(token.key)
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
    theirs = sum(len(negation_words(region)) for region in regions)
    if len(negation_words(line)) != theirs:
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
    return re.compile(f"[{UNSPACED_CHARS}]|(?:(?![{UNSPACED_CHARS}])[^\\W_])+")


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
    return Counter(negation_words(text))


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

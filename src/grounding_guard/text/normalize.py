"""Text normalisation used for matching: invisibles, quotes, dashes, digits, white space.

Matching never changes offsets reported to the caller: these functions feed comparisons
only. Functions whose offsets must hold (``fold_digits``) replace one character by one;
``strip_invisibles_mapped`` maps offsets back.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = [
    "INVISIBLE_RE",
    "fold_digits",
    "fold_punctuation",
    "match_form",
    "strip_invisibles",
    "strip_invisibles_mapped",
    "unreadable_digits",
]

#: Default-ignorable and format characters that render as nothing but can split or hide
#: tokens: soft hyphen, zero-width space/joiners, bidi controls, word joiner, BOM,
#: variation selectors, tag characters, Mongolian separators, Hangul fillers.
INVISIBLE_RE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2039": "'",
        "\u203a": "'",
        "\u300c": '"',
        "\u300d": '"',
        "\u300e": '"',
        "\u300f": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u202f": " ",
        "\u2009": " ",
    }
)

_WS_RE = re.compile(r"\s+")
# a decimal digit of any script but ASCII's (\d is Unicode-aware on str patterns)
_NON_ASCII_DIGIT_RE = re.compile(r"(?![0-9])\d")


def strip_invisibles(text: str) -> str:
    """``text`` without default-ignorable characters (offsets change)."""
    return INVISIBLE_RE.sub("", text)


def strip_invisibles_mapped(text: str) -> tuple[str, list[int] | None]:
    """``text`` without invisibles and, when any went, the offset in ``text`` of each kept
    character (plus one for the end), so spans found in the result map back."""
    if not INVISIBLE_RE.search(text):
        return text, None
    kept: list[str] = []
    where: list[int] = []
    for index, char in enumerate(text):
        if not INVISIBLE_RE.match(char):
            kept.append(char)
            where.append(index)
    where.append(len(text))
    return "".join(kept), where


def fold_punctuation(text: str) -> str:
    """Typographic quotation marks, primes, dashes and odd spaces folded to ASCII forms."""
    return text.translate(_QUOTES)


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    if unicodedata.category(char) == "Nd":
        value = unicodedata.decimal(char, None)
        if value is not None:
            return str(value)
    return char


def fold_digits(text: str) -> str:
    """Decimal digits of every Unicode script folded to ASCII ``0-9`` (one char for one)."""
    if text.isascii():
        return text
    return _NON_ASCII_DIGIT_RE.sub(lambda m: _fold_char(m.group()), text)


def unreadable_digits(text: str) -> list[int]:
    """Offsets of numeric characters that cannot be read as a plain decimal digit.

    Superscripts, circled numbers, vulgar fractions and letter-like numerals (``No``,
    ``Nl``) are reported so a check can fail closed instead of silently not seeing a
    figure: an unreadable digit must never pass for the absence of a digit. A run of
    them written onto a letter is notation (an exponent, a formula, a unit: T², H₂O,
    m²), not a figure, and is not reported.
    """
    if text.isascii():
        return []
    bad = []
    attached = False  # inside a run of super/subscripts written onto a letter: T², H₂O, m²
    for index, char in enumerate(text):
        if char.isascii():
            attached = False
            continue
        category = unicodedata.category(char)
        if category in ("No", "Nl") or (
            category == "Nd" and unicodedata.decimal(char, None) is None
        ):
            attached = attached or (index > 0 and text[index - 1].isalpha())
            if not attached:
                bad.append(index)
        else:
            attached = False
    return bad


def match_form(text: str) -> str:
    """The form two texts are compared in: invisibles out, punctuation and digits folded,
    case folded, white space collapsed and trimmed."""
    if not text.isascii():
        text = fold_digits(fold_punctuation(strip_invisibles(unicodedata.normalize("NFC", text))))
    return _WS_RE.sub(" ", text.casefold()).strip()

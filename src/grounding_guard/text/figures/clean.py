"""The text made readable before anything is read: invisibles out, digits and a few marks
folded (one character for one) with a map back to the original, and the locale rules."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from grounding_guard.text.normalize import fold_digits, strip_invisibles_mapped

__all__ = ["DIGIT_RE", "Locale", "clean_text", "locale_rules", "lower_words"]

_FOLD = str.maketrans(
    {
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\ufe63": "-",
        "\uff0d": "-",
        "\u00a0": " ",
        "\u2002": " ",
        "\u2003": " ",
        "\u2004": " ",
        "\u2005": " ",
        "\u2006": " ",
        "\u2007": " ",
        "\u2008": " ",
        "\u2009": " ",
        "\u200a": " ",
        "\u202f": " ",
        "\u3000": " ",
        "\t": " ",
        "\n": " ",
        "\r": " ",
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u2032": "'",
        "\uff05": "%",
        "\u066a": "%",
        "\uff04": "$",
        "\uffe5": "¥",
        "\uffe1": "£",
        "\uffe0": "¢",
        "\uff0c": ",",
        "\uff0e": ".",
        "\u066b": ".",
        "\u066c": ",",
        "\uff1a": ":",
        "\uff0f": "/",
        "\uff0b": "+",
    }
)


def clean_text(text: str) -> tuple[str, list[int] | None]:
    """``text`` with invisibles removed, digits and marks folded (one char for one), and
    a map from clean offsets to original offsets (``None`` when they coincide)."""
    if text.isascii():
        return text.translate(_FOLD) if (
            "\t" in text or "\n" in text or "\r" in text
        ) else text, None
    return strip_invisibles_mapped(fold_digits(text).translate(_FOLD))


DIGIT_RE = re.compile(r"\d")
_WORD_RE = re.compile(r"[^\W\d_]+")
_ASCII_PUNCT = bytes.maketrans(b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", b" " * 32)


def lower_words(text: str) -> set[str]:
    if text.isascii():
        return set(text.lower().encode().translate(_ASCII_PUNCT).decode().split())
    return set(_WORD_RE.findall(text.lower()))


_DECIMAL_COMMA = frozenset(
    "de fr es it nl pt ru pl cs sk sv da nb nn no fi tr id ro hu el uk bg hr sl sr lt lv et "
    "ca vi az be is kk ka mk sq".split()
)


class Locale(NamedTuple):
    decimal_comma: bool
    order: str | None  # "mdy", "dmy" or None (ambiguous numeric dates are not compared)


@lru_cache(maxsize=64)
def locale_rules(locale: str | None) -> Locale:
    if not locale:
        return Locale(False, None)
    parts = re.split(r"[-_]", locale.strip().lower())
    language = parts[0]
    region = parts[1] if len(parts) > 1 else ""
    if language == "en":
        if region in ("us", "ph", "fm", "mh", "pw", "um", "as", "gu", "mp", "pr", "vi"):
            return Locale(False, "mdy")
        return Locale(False, "dmy" if region else None)
    return Locale(language in _DECIMAL_COMMA, "dmy")

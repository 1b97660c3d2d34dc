"""What stands around a figure, for every reader: the words before it that make it
approximate or a bound, and the unit, currency or ending after it (:func:`after_number`)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from grounding_guard.text.figures.presets import Tables
from grounding_guard.text.figures.raw import REACH, Raw
from grounding_guard.text.figures.units import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    SIGN_CHARS,
    Unit,
    code_class,
    unit_at,
    unit_of,
)
from grounding_guard.text.figures.words import (
    APPROX_AFTER,
    APPROX_DATE,
    APPROX_LAST,
    APPROX_ONE,
    APPROX_SYMBOLS,
    APPROX_TWO,
    BOUND_AFTER,
    BOUND_ONE,
    BOUND_SYMBOLS,
    BOUND_TWO,
    DIFFERENCE_AFTER,
)
from grounding_guard.text.quotes import is_unspaced_script

__all__ = [
    "LETTERS_RE",
    "after_number",
    "apply_unit",
    "approx_after",
    "approx_before",
    "meridiem",
    "prev_words",
    "scale_exponent",
]

LETTERS_RE = re.compile(r"[^\W\d_]+")
_CODE_AT_RE = re.compile(r"[A-Z]{3}(?![^\W_])")
_NUMBER_AT_RE = re.compile(r" ?[-+]?\d")


def prev_words(clean: str, pos: int, count: int = 3) -> list[str]:
    """Up to ``count`` words right before ``pos``, lower case, nearest last; a comma,
    semicolon, colon or stop after a word separates it (and what precedes) from ``pos``."""
    chunk = clean[max(0, pos - 48) : pos]
    tokens = chunk.split()
    if pos > 48 and tokens and not chunk[0].isspace():
        tokens = tokens[1:]
    words: list[str] = []
    for raw in reversed(tokens[-count:]):
        if raw[-1] in ",;:!?":
            break
        word = raw.strip(".,;:!?()[]\"'").lower()
        if not word:
            break
        words.append(word)
        if raw[0] in "([\"'":
            break
    words.reverse()
    return words


#: A bound word before "the age of": "under the age of 18" bounds an age.
_AGE_BOUND = re.compile(r"\b(?:under|over|below|above) (?:the )?age of $", re.IGNORECASE)


def approx_before(clean: str, pos: int, dated: bool) -> str | None:
    """ "approximation" ("about 300", "~5") or "bound" ("at least 300", "> 5") when the
    words right before ``pos`` make the value inexact; before a year, a date or a month
    only "around", "about", "circa" and the like do ("over 2023" is a period)."""
    index = pos - 1
    while index >= 0 and clean[index] == " ":
        index -= 1
    if index >= 0:
        if clean[index] in APPROX_SYMBOLS:
            return "approximation"
        if clean[index] in BOUND_SYMBOLS:
            return "bound"
    if index < 0:
        return None
    if not dated and _AGE_BOUND.search(clean, max(0, pos - 24), pos):
        return "bound"  # "under the age of 18": a bound on the age
    space = clean.rfind(" ", max(0, index - REACH), index)
    if space < 0 and index >= REACH:
        return None  # a token longer than any approximation word
    if clean[space + 1 : index + 1].strip(".,;:!?()[]\"'").lower() not in APPROX_LAST:
        return None  # the word right before names no approximation: the common case
    words = prev_words(clean, pos, 3)
    if not words:
        return None
    last = words[-1]
    if dated:
        return "approximation" if last in APPROX_DATE else None
    pair = f"{words[-2]} {last}" if len(words) >= 2 else ""
    if last in APPROX_ONE or pair in APPROX_TWO:
        return "approximation"
    if last in BOUND_ONE or pair in BOUND_TWO:
        return "bound"
    return None


def approx_after(clean: str, pos: int, unit: str | None = None) -> str | None:
    """ "approximation" ("300-odd", "300 or so"), "bound" ("300+", "300 or more") or
    "difference" ("400 euros more than the X14": not the price itself; a multiple, unit
    ``x``, stays one: "3 times faster than" says how many times)."""
    if APPROX_AFTER.match(clean, pos):
        return "approximation"
    if BOUND_AFTER.match(clean, pos):
        return "bound"
    if unit != "x" and DIFFERENCE_AFTER.match(clean, pos):
        return "difference"
    return None


def _number_follows(clean: str, pos: int) -> bool:
    """A number (maybe signed, after one space) starts at ``pos``."""
    return _NUMBER_AT_RE.match(clean, pos) is not None


class _After(NamedTuple):
    end: int
    unit: Unit | None
    money: str | None
    ordinal: bool = False
    decade: bool = False
    ident: bool = False


#: Words that may stand between a count and its unit of time without changing what is
#: counted ("10 unused days", "5 working days", "3 consecutive years").
_TIME_SPAN_MODIFIERS: frozenset[str] = frozenset(
    {
        "additional",
        "business",
        "calendar",
        "consecutive",
        "extra",
        "full",
        "further",
        "successive",
        "unused",
        "working",
    }
)
_MODIFIER_RE = re.compile(r"([a-z]+) ")


def _time_span_after_modifier(clean: str, pos: int) -> _After | None:
    """A unit of time after one of :data:`_TIME_SPAN_MODIFIERS` at ``pos`` ("unused
    days"), else ``None``."""
    word = _MODIFIER_RE.match(clean, pos)
    if word is None or word.group(1) not in _TIME_SPAN_MODIFIERS:
        return None
    unit = unit_at(clean, word.end())
    if not unit:
        return None
    found = unit_of(unit.form)
    if found is None or found.kind != "measure" or found.dimension != "time":
        return None
    return _After(unit.end, found, None)


#: Words before a year that make a currency word after it a base year, not a price:
#: "in 2019 dollars", "constant 2010 euros".
_BASE_YEAR_RE = re.compile(r"(?:\b(?:in|constant|real|nominal|current|chained)\s+)$", re.I)


def _price_of_year_digits(clean: str, at: int, end: int) -> bool:
    """Whether a currency word at ``clean[at:end]`` after four year-like digits makes
    them a price ("1199 euros"), rather than a base year ("in 2019 dollars"): a word in
    lower case, not a code or sign ("In 1999 EUR prices rose", "In 2019 $5 …"), with no
    base-year word before the digits."""
    word = clean[at:end]
    if not word[:1].isalpha() or not word.islower():
        return False
    digits = at - 1
    while digits > 0 and clean[digits - 1].isdigit():
        digits -= 1
    return _BASE_YEAR_RE.search(clean, max(0, digits - 12), digits) is None


def after_number(
    clean: str, pos: int, money: str | None, year_like: bool, core: str, deny: frozenset[str]
) -> _After:
    """What follows a number at ``pos``: a unit, a currency, an ordinal or decade ending."""
    n = len(clean)
    if pos >= n:
        return _After(pos, None, None)
    char = clean[pos]
    if char > "\u0dff" and is_unspaced_script(char):
        return _After(pos, None, None)  # "14小时": the next word of a script without spaces
    if char.isalpha():
        m = LETTERS_RE.match(clean, pos)
        assert m is not None
        suffix = m.group()
        if suffix.casefold() in deny or money is not None:
            return _After(pos, None, None)
        if suffix.lower() in ("st", "nd", "rd", "th") and core.isdigit():
            return _After(m.end(), None, None, ordinal=True)
        if suffix == "s" and core.isdigit() and core.endswith("0") and len(core) == 4:
            return _After(m.end(), None, None, decade=True)
        unit = unit_at(clean, pos)
        if unit:
            found = unit_of(unit.form)
            if found is not None:
                return _After(unit.end, found, None)
        code = _CODE_AT_RE.match(clean, pos)
        if code and code.group() in CURRENCY_CODES and not _number_follows(clean, code.end()):
            return _After(code.end(), None, code_class(code.group()))
        return _After(m.end(), None, None, ident=True)
    if char == "'" and clean[pos + 1 : pos + 2] == "s" and len(core) == 4 and core.endswith("0"):
        return _After(pos + 2, None, None, decade=True)
    if money is not None:
        return _After(pos, None, None)
    # glued symbols: %, °C, ℃, € ...
    unit = unit_at(clean, pos)
    if unit:
        found = unit_of(unit.form)
        if found is not None:
            return _After(unit.end, found, None)
    if char in SIGN_CHARS and not _number_follows(clean, pos + 1):
        return _After(pos + 1, None, CURRENCY_SIGNS[char])
    if char not in " -" or pos + 1 >= n:
        return _After(pos, None, None)
    nxt = pos + 1
    if char == " " and clean[nxt : nxt + 2] == "- " and clean[nxt + 2 : nxt + 3].isalpha():
        nxt, char = nxt + 2, "-"  # tokenised text spaces a compound out: "36 - year - old"
    if char == "-":
        # a compound: "5-year", "50-metre"
        unit = unit_at(clean, nxt) if clean[nxt].isalpha() else None
        if unit:
            found = unit_of(unit.form)
            if found is not None and found.kind in ("measure", "percent"):
                return _After(unit.end, found, None)
        return _After(pos, None, None)
    unit = unit_at(clean, nxt)
    if unit:
        found = unit_of(unit.form)
        if found is not None and not (
            found.kind == "money" and year_like and not _price_of_year_digits(clean, nxt, unit.end)
        ):
            return _After(unit.end, found, None)
    elif not year_like:
        span_unit = _time_span_after_modifier(clean, nxt)
        if span_unit is not None:
            return span_unit
    nchar = clean[nxt]
    if nchar in SIGN_CHARS and not year_like and not _number_follows(clean, nxt + 1):
        return _After(nxt + 1, None, CURRENCY_SIGNS[nchar])
    code = _CODE_AT_RE.match(clean, nxt)
    if (
        code
        and code.group() in CURRENCY_CODES
        and not year_like
        and not _number_follows(clean, code.end())
    ):
        return _After(code.end(), None, code_class(code.group()))
    return _After(pos, None, None)


def scale_exponent(mult: Decimal) -> int | None:
    exponent = 0
    value = mult
    while value > 1 and value % 10 == 0:
        value /= 10
        exponent += 1
    return exponent if value == 1 else None


def meridiem(seconds: Decimal, marker: str) -> Decimal | None:
    hours = int(seconds) // 3600
    rest = int(seconds) % 3600
    if hours == 0 or hours > 12:
        return None
    pm = marker.strip().lower().startswith("p")
    hours = hours % 12 + (12 if pm else 0)
    return Decimal(hours * 3600 + rest)


def apply_unit(
    raw: Raw, after: _After, clean: str, number_end: int, tables: Tables, value: Decimal
) -> None:
    """Give ``raw`` the currency or unit ``after`` found."""
    if after.money is not None:
        raw.kind, raw.unit = "money", tables.aliases.get(after.money, after.money)
        raw.dimension = raw.unit
        return
    unit = after.unit
    if unit is None:
        return
    if unit.kind == "clock":
        raw.kind, raw.unit, raw.dimension, raw.precision = "measure", "clock", "clock", 0
        whole = value == value.to_integral_value()
        raw.value = meridiem(value * 3600, clean[number_end : after.end]) if whole else None
        if raw.value is None:
            raw.note = raw.note or "name"
    elif unit.kind == "money":
        raw.kind = "money"
        raw.unit = tables.aliases.get(unit.unit, unit.unit)
        raw.dimension = raw.unit
    else:
        raw.kind, raw.unit, raw.dimension = unit.kind, unit.unit, unit.dimension

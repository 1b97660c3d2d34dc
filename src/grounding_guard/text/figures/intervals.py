"""Qualified figures as intervals: what "below 30 °C", "more than 500", "about 3 million"
or "5 to 10 days" claim, and whether a figure of the evidence implies it.

The reader marks such figures ``bound``, ``approximation`` or ``range`` and never compares
them as exact values; :func:`qualified` reads each as an :class:`Interval` from the words
before it (the reader's own notes decide which figures qualify), and :func:`implies`
decides a claimed interval against an evidence figure or interval:

- an upper bound ("below", "under", "less than", "fewer than", "at most", "up to", "no
  more than", "a maximum of", "<", "≤", "or less") is ``(-inf, x)`` or ``(-inf, x]``; a
  lower bound ("more than", "over", "above", "exceeding", "topped", "upwards of", "in excess of",
  "at least", "no less than", "a minimum of", ">", "≥", "or more", "500+") is ``(x, inf)``
  or ``[x, inf)``;
- an approximation ("about", "around", "approximately", "nearly", "roughly", "some",
  "circa", "~", "500-odd") is ``x ± t`` where ``t`` is half a unit of the last non-zero
  digit written, and never less than 5% of ``x``: "about 3 million" is [2.5M, 3.5M],
  "about 40%" [35%, 45%], "approximately 3.2 million" [3.04M, 3.36M] (the 5% floor, as
  half a unit of 0.2 million, 0.05M, is narrower), "about 612" [581.4, 642.6];
- a range ("5-10", "between 5 and 10", "5 to 10") is ``[a, b]``.

Against an exact evidence figure the claim holds when the figure lies inside its interval
("more than 500 employees" and "612 employees"); a figure equal to an open limit ("over 5"
against "5") is left undecided. Two upper bounds are stated limits (a
cap, a storage instruction, a maximum dose), not inequalities to reason with: "below 30
°C" against "below 25 °C" is another instruction, so their limits must be equal; two
ranges likewise must have equal ends. Two lower bounds describe a magnitude ("more than
£1m was lost"): a lower claimed limit is borne out ("more than £400,000"), a higher one
is not.
Two approximations, or a bound against an approximation or a range, hold when the claim's
interval contains the evidence's, differ when the two are disjoint, and are left
undecided when they only overlap. "from" (which also opens changes: "rose from 3 to 5")
is not read as a bound.

A decade of a century written out ("the 1990s", "the late 1990s") is the span of its years
(:func:`decade`), "early", "mid" and "late" narrowing it generously (0-4, 3-7, 5-9), so
that a year or date of the evidence can bear it out or fall outside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from grounding_guard.text.figures.compare import (
    calendar_range,
    convert,
    meets_at_precision,
    rounds_to,
)
from grounding_guard.text.figures.value import Value
from grounding_guard.types import Span

__all__ = ["Decade", "Interval", "date_year", "decade", "implies", "qualified", "year_of"]

_QUANTITIES = frozenset({"number", "percent", "money", "measure"})

# (phrase, form, open): the phrase written right before the figure, lower case
_BEFORE: tuple[tuple[str, str, bool], ...] = (
    ("no more than", "upper", False),
    ("not more than", "upper", False),
    ("no greater than", "upper", False),
    ("a maximum of", "upper", False),
    ("maximum of", "upper", False),
    ("at most", "upper", False),
    ("up to", "upper", False),
    ("less than", "upper", True),
    ("fewer than", "upper", True),
    ("lower than", "upper", True),
    ("below", "upper", True),
    ("under", "upper", True),
    ("no less than", "lower", False),
    ("not less than", "lower", False),
    ("no fewer than", "lower", False),
    ("a minimum of", "lower", False),
    ("minimum of", "lower", False),
    ("at least", "lower", False),
    ("more than", "lower", True),
    ("greater than", "lower", True),
    ("higher than", "lower", True),
    ("in excess of", "lower", True),
    ("upwards of", "lower", True),
    ("exceeding", "lower", True),
    ("exceeded", "lower", True),
    ("exceeds", "lower", True),
    ("topped", "lower", True),
    ("tops", "lower", True),
    ("surpassed", "lower", True),
    ("surpasses", "lower", True),
    ("above", "lower", True),
    ("over", "lower", True),
    ("approximately", "approx", False),
    ("approx.", "approx", False),
    ("approx", "approx", False),
    ("an estimated", "approx", False),
    ("close to", "approx", False),
    ("roughly", "approx", False),
    ("around", "approx", False),
    ("about", "approx", False),
    ("nearly", "approx", False),
    ("almost", "approx", False),
    ("circa", "approx", False),
    ("some", "approx", False),
)
_SYMBOLS = {
    "<": ("upper", True),
    "≤": ("upper", False),
    ">": ("lower", True),
    "≥": ("lower", False),
    "~": ("approx", False),
    "≈": ("approx", False),
    "∼": ("approx", False),
}
_AFTER = re.compile(
    r"\s*(?:(?P<lower>\+|or more\b|or above\b|or over\b|and above\b|and over\b|and up\b"
    r"|or higher\b|or greater\b|or older\b|or longer\b|minimum\b)"
    r"|(?P<upper>or less\b|or fewer\b|or below\b|or under\b|and below\b|and under\b"
    r"|or lower\b|or younger\b|or shorter\b|maximum\b)"
    r"|(?P<approx>-odd\b|or so\b|or thereabouts\b))",
    re.IGNORECASE,
)
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Interval:
    """What a qualified figure claims: ``low`` .. ``high`` in ``unit`` (None: unbounded),
    each end open or closed. ``form`` is ``upper``, ``lower``, ``approx``, ``range`` or
    ``exact``; ``word`` the qualifier as written ("below", "about", "between"); ``span``
    covers the figure (both ends of a range); ``value`` is the figure read (the right end
    of a range), for its kind, unit and precision."""

    form: str
    word: str
    low: Decimal | None
    high: Decimal | None
    low_open: bool
    high_open: bool
    span: Span
    value: Value

    @property
    def unit(self) -> str | None:
        return self.value.unit

    def holds(self, number: Decimal) -> bool:
        """Whether ``number`` (in this interval's unit) lies inside it."""
        if self.low is not None and (number < self.low or (self.low_open and number == self.low)):
            return False
        return not (
            self.high is not None
            and (number > self.high or (self.high_open and number == self.high))
        )


def _qualifier(text: str, start: int) -> tuple[str, str, bool] | None:
    """(form, word, open) of the qualifying phrase right before ``start``."""
    before = text[max(0, start - 24) : start].rstrip()
    if before[-1:] == "-" and before[-2:-1].isalpha():
        before = before[:-1]  # a word hyphened to the figure: "under-12s", "over-65s"
    if before[-1:] in _SYMBOLS:
        form, opened = _SYMBOLS[before[-1]]
        return form, before[-1], opened
    words = _SPACE.sub(" ", before.casefold())
    for phrase, form, opened in _BEFORE:
        if words.endswith(phrase) and (
            len(words) == len(phrase) or not words[-len(phrase) - 1].isalnum()
        ):
            return form, phrase, opened
    return None


def _tolerance(number: Decimal) -> Decimal:
    """Half a unit of the last non-zero digit of ``number``, at least 5% of it."""
    if number == 0:
        return Decimal(0)
    digits = number.normalize()
    exponent = digits.as_tuple().exponent
    assert isinstance(exponent, int)
    half = Decimal(5).scaleb(exponent - 1)
    return max(half, abs(number) * Decimal("0.05"))


def _numeric(value: Value) -> Decimal | None:
    number = value.value
    if value.kind not in _QUANTITIES or not isinstance(number, Decimal):
        return None
    return number


def _after_between(text: str, start: int) -> bool:
    """Whether the text before ``start`` ends with "between" (spaces aside, any case):
    read from the last word back, not the whole text before (one range after another
    would read the text again for each)."""
    end = start
    while end > 0 and text[end - 1].isspace():
        end -= 1
    # case folding maps each character on its own, to one character or more: the last
    # seven folded characters come from the last seven characters at most
    return text[max(0, end - 7) : end].casefold().endswith("between")


def qualified(text: str, values: tuple[Value, ...] | list[Value]) -> list[Interval]:
    """The qualified figures of ``text`` (its values as read), as intervals, in text order:
    bounds, approximations and ranges of numbers, percentages, money and measures."""
    found: list[Interval] = []
    index = 0
    while index < len(values):
        value = values[index]
        index += 1
        number = _numeric(value)
        if number is None or value.note not in ("bound", "approximation", "range"):
            continue
        if value.note == "range":
            if index >= len(values):
                continue
            right = values[index]
            high = _numeric(right)
            if right.note != "range" or high is None:
                continue
            index += 1
            if value.unit not in (None, right.unit) or high < number:
                continue
            word = "between" if _after_between(text, value.span.start) else "range"
            span = Span(value.span.start, right.span.end)
            found.append(Interval("range", word, number, high, False, False, span, right))
            continue
        qualifier = _qualifier(text, value.span.start)
        if qualifier is None:
            after = _AFTER.match(text, value.span.end)
            if after is None or after.lastgroup is None:
                continue
            qualifier = (after.lastgroup, after.group().strip(), False)
        form, word, opened = qualifier
        if form == "upper":
            found.append(Interval(form, word, None, number, False, opened, value.span, value))
        elif form == "lower":
            found.append(Interval(form, word, number, None, opened, False, value.span, value))
        else:
            width = _tolerance(number)
            found.append(
                Interval(
                    form, word, number - width, number + width, False, False, value.span, value
                )
            )
    return found


def _in(number: Decimal | None, unit: str | None, target: str | None) -> Decimal | None:
    return None if number is None else convert(number, unit, target)


def _same(mine: Decimal | None, theirs: Decimal | None, precision: int) -> bool:
    """Two limits that are one figure: equal, or the evidence's rounds to the claim's."""
    if mine is None or theirs is None:
        return mine is None and theirs is None
    return mine == theirs or rounds_to(theirs, precision, mine)


def implies(claim: Interval, evidence: Interval | Value) -> bool | None:
    """True when the evidence's figure or interval bears the claimed interval out, False
    when it says otherwise, None when it cannot tell (an overlap, a bound of the other
    side, a unit that does not convert)."""
    if isinstance(evidence, Value):
        number = _numeric(evidence)
        converted = _in(number, evidence.unit, claim.unit)
        if converted is None and number is not None:
            return _implied_by_span(claim, calendar_range(number, evidence.unit, claim.unit))
        if converted is None or converted in (claim.low, claim.high):
            # the figure is the claim's own limit ("above 5" of a height written 5'9"
            # against "5 feet 9 inches"): too close to call a difference
            return None if converted is None or not claim.holds(converted) else True
        return claim.holds(converted)
    low = _in(evidence.low, evidence.unit, claim.unit)
    high = _in(evidence.high, evidence.unit, claim.unit)
    if (evidence.low is not None and low is None) or (evidence.high is not None and high is None):
        return _calendar_bound(claim, evidence)
    if claim.form in ("upper", "lower") and claim.form == evidence.form:
        precision = claim.value.precision
        if claim.form == "upper":
            return _same(claim.high, high, precision)
        # a lower bound below the evidence's is true ("more than £400,000" for "more
        # than £1m"); one above it says more than the evidence does
        if _same(claim.low, low, precision):
            return True
        if claim.unit != evidence.unit and claim.low == evidence.low:
            return False  # "at least 90 mm" for "at least 90 cm": the unit was changed
        return claim.low is not None and low is not None and claim.low < low
    if claim.form == "range" and evidence.form == "range":
        precision = claim.value.precision
        return _same(claim.low, low, precision) and _same(claim.high, high, precision)
    if _disjoint(claim, low, high, evidence):
        return False
    inside_low = claim.low is None or (low is not None and low >= claim.low)
    inside_high = claim.high is None or (high is not None and high <= claim.high)
    if inside_low and inside_high:
        return True
    return None


def _implied_by_span(claim: Interval, span: tuple[Decimal, Decimal] | None) -> bool | None:
    """A claimed interval against a figure that may be anything in ``span`` (a calendar
    span in fixed units, or the reverse): borne out when the claim holds the whole span,
    contradicted when it holds none of it, undecided otherwise or without a span."""
    if span is None:
        return None
    first, last = claim.holds(span[0]), claim.holds(span[1])
    if first and last:
        return True
    if first or last:
        return None
    if claim.low is None or claim.high is None:
        return False  # a half-line that misses both ends misses the span between them
    return False if span[1] < claim.low or span[0] > claim.high else None


def _calendar_bound(claim: Interval, evidence: Interval) -> bool | None:
    """Two bounds of one side, one in calendar spans and one in fixed ones ("up to six
    months" / "up to 90 days"): the same limit when the claim's, at its precision, meets
    the span the evidence's may be; a lower claimed limit below it holds (as for bounds
    in one unit); any other limit differs. Undecided for other pairs."""
    if claim.form not in ("upper", "lower") or claim.form != evidence.form:
        return None
    theirs = evidence.high if claim.form == "upper" else evidence.low
    mine = claim.high if claim.form == "upper" else claim.low
    if theirs is None or mine is None:
        return None
    span = calendar_range(theirs, evidence.unit, claim.unit)
    if span is None:
        return None
    if meets_at_precision(mine, claim.value.precision, span):
        return True
    return claim.form == "lower" and mine < span[0]


def _disjoint(claim: Interval, low: Decimal | None, high: Decimal | None, other: Interval) -> bool:
    """Whether no number lies in both the claim's interval and ``[low, high]``."""
    if (
        claim.high is not None
        and low is not None
        and (low > claim.high or (low == claim.high and (claim.high_open or other.low_open)))
    ):
        return True
    if claim.low is not None and high is not None:
        return high < claim.low or (high == claim.low and (claim.low_open or other.high_open))
    return False


#: The years of a decade a word before it narrows it to, generously: "the late 1990s"
#: holds 1995-1999 (a reader may call 1995 mid or late).
_DECADE_PARTS = {"early": (0, 4), "mid": (3, 7), "late": (5, 9)}
_DECADE_PART = re.compile(r"\b(early|mid|late)[\s-]*$", re.IGNORECASE)


@dataclass(frozen=True)
class Decade:
    """A claimed decade as the years it spans, and its span with the narrowing word."""

    low: int
    high: int
    span: Span


def decade(text: str, value: Value) -> Decade | None:
    """The years of a decade value of ``text`` ("the late 1990s": 1995-1999); ``None``
    for another value or a decade without its century ("the 90s")."""
    start = value.value
    if value.kind != "decade" or not isinstance(start, Decimal) or start < 1000 or start % 10:
        return None
    low, high, begin = int(start), int(start) + 9, value.span.start
    part = _DECADE_PART.search(text, max(0, begin - 8), begin)
    if part is not None:
        first, last = _DECADE_PARTS[part.group(1).casefold()]
        low, high, begin = int(start) + first, int(start) + last, part.start()
    return Decade(low, high, Span(begin, value.span.end))


def date_year(value: object) -> int | None:
    """The year of a date value (a date, (year, month) or (None, month, day))."""
    if isinstance(value, tuple):
        first = value[0]
        return first if isinstance(first, int) else None
    year = getattr(value, "year", None)
    return year if isinstance(year, int) else None


def year_of(value: Value) -> int | None:
    """The year a year or a date value states (``None`` for any other value)."""
    if value.kind == "year" and isinstance(value.value, (int, Decimal)):
        return int(value.value)
    return date_year(value.value) if value.kind == "date" else None

"""What one run of digits and inner marks holds: a number, a date, a year and month, a
time of day, a ratio, a version, a range or a list, each a :class:`Piece`."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import NamedTuple

from grounding_guard.text.figures.clean import Locale
from grounding_guard.text.figures.value import ValueType

__all__ = ["PLAIN", "Piece", "pieces", "valid_date"]

_ISO_RE = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})")
_DMY_RE = re.compile(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})")
_YM_RE = re.compile(r"(\d{4})-(\d{2})")
_TIME_RE = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_EN_NUM_RE = re.compile(
    r"(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:'\d{3})+|\d{1,3}(?: \d{3})+|\d+)"
    r"(?:\.\d+)?"
)
_DC_NUM_RE = re.compile(
    r"(?:\d{1,3}(?:\.\d{3})+|\d{1,3}(?:'\d{3})+|\d{1,3}(?: \d{3})+|\d+)(?:,\d+)?"
)
PLAIN = "num"


def _number_text(text: str, decimal_comma: bool) -> tuple[Decimal, int] | None:
    """The value and decimal places of one well-formed number, else ``None``."""
    if decimal_comma:
        if not _DC_NUM_RE.fullmatch(text):
            if text.count(".") == 1 and "," not in text and re.fullmatch(r"\d+\.\d+", text):
                whole, frac = text.split(".")
                return Decimal(text), len(frac)
            return None
        digits = text.replace(".", "").replace("'", "").replace(" ", "")
        whole, _, frac = digits.partition(",")
        return Decimal(f"{whole}.{frac}" if frac else whole), len(frac)
    if not _EN_NUM_RE.fullmatch(text):
        return None
    digits = text.replace(",", "").replace("'", "").replace(" ", "")
    _, _, frac = digits.partition(".")
    return Decimal(digits), len(frac)


class Piece(NamedTuple):
    start: int
    end: int
    shape: str  # num, date, ym, ambiguous, clock, ratio, version, ident
    value: ValueType
    precision: int
    note: str | None
    year: tuple[int, int] | None = None
    month: tuple[int, int] | None = None


def _century(two: str) -> int:
    value = int(two)
    return 2000 + value if value < 50 else 1900 + value


def valid_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


_CLOCK_SPAN_RE = re.compile(r"(\d{1,2}:\d{2})[-\u2013](\d{1,2}:\d{2})")


def _clock_span(run: str, start: int) -> list[Piece]:
    """The two times of a span of opening hours written without spaces ("9:30\u201317:00",
    "08:00-12:30"); none when either is not a time of day."""
    m = _CLOCK_SPAN_RE.fullmatch(run)
    if m is None:
        return []
    out: list[Piece] = []
    for group in (1, 2):
        hours, minutes = (int(part) for part in m.group(group).split(":"))
        if not (hours < 24 and minutes < 60) and (hours, minutes) != (24, 0):
            return []
        value = Decimal(hours * 3600 + minutes * 60)
        out.append(Piece(start + m.start(group), start + m.end(group), "clock", value, 0, None))
    return out


def pieces(run: str, start: int, loc: Locale) -> list[Piece]:
    """What one run of digits and inner marks holds."""
    end = start + len(run)
    if run.isdigit():  # the common case: a plain integer
        return [Piece(start, end, PLAIN, Decimal(run), 0, None)]
    if " " in run:
        parsed = _number_text(run, loc.decimal_comma)
        if parsed is not None:
            return [Piece(start, end, PLAIN, parsed[0], parsed[1], None)]
        out: list[Piece] = []
        offset = start
        for part in run.split(" "):
            out.extend(pieces(part, offset, loc))
            offset += len(part) + 1
        return out
    m = _ISO_RE.fullmatch(run)
    if m:
        year, month, day = int(m.group(1)), int(m.group(3)), int(m.group(4))
        found = valid_date(year, month, day)
        if found is not None:
            return [
                Piece(
                    start,
                    end,
                    "date",
                    found,
                    0,
                    None,
                    (start, start + 4),
                    (start + m.start(3), start + m.end(3)),
                )
            ]
        return [Piece(start, end, "ident", None, 0, "name")]
    m = _DMY_RE.fullmatch(run)
    if m and not (m.group(2) == "." and len(m.group(4)) == 2):
        a, b, y = int(m.group(1)), int(m.group(3)), m.group(4)
        year = int(y) if len(y) == 4 else _century(y)
        year_span = (start + m.start(4), start + m.end(4))
        order: str | None
        if a > 12 and b <= 12:
            order = "dmy"
        elif b > 12 and a <= 12:
            order = "mdy"
        elif a == b:
            order = "dmy"
        elif a > 12 and b > 12:
            return [Piece(start, end, "ident", None, 0, "name")]
        elif m.group(2) == ".":
            order = "dmy"
        else:
            order = loc.order
        if order is None:
            return [Piece(start, end, "ambiguous", None, 0, "ambiguous date", year_span)]
        day, month = (a, b) if order == "dmy" else (b, a)
        found = valid_date(year, month, day)
        if found is None:
            return [Piece(start, end, "ident", None, 0, "name")]
        month_group = 3 if order == "dmy" else 1
        month_span = (start + m.start(month_group), start + m.end(month_group))
        return [Piece(start, end, "date", found, 0, None, year_span, month_span)]
    m = _YM_RE.fullmatch(run)
    if m and 1 <= int(m.group(2)) <= 12 and 1000 <= int(m.group(1)) <= 2199:
        return [
            Piece(
                start,
                end,
                "ym",
                (int(m.group(1)), int(m.group(2))),
                0,
                None,
                (start, start + 4),
                (start + 5, end),
            )
        ]
    if ":" in run:
        m = _TIME_RE.fullmatch(run)
        if m:
            hours, minutes = int(m.group(1)), int(m.group(2))
            seconds = int(m.group(3) or 0)
            if (hours < 24 and minutes < 60 and seconds < 60) or (
                hours == 24 and minutes == 0 and seconds == 0
            ):
                value = Decimal(hours * 3600 + minutes * 60 + seconds)
                return [Piece(start, end, "clock", value, 0, None)]
        span = _clock_span(run, start)
        if span:
            return span
        return [Piece(start, end, "ratio", None, 0, "ratio")]
    if "-" in run:
        parts = run.split("-")
        if len(parts) == 2:
            left = _number_text(parts[0], loc.decimal_comma)
            right = _number_text(parts[1], loc.decimal_comma)
            if left is not None and right is not None:
                middle = start + len(parts[0])
                return [
                    Piece(start, middle, PLAIN, left[0], left[1], "range"),
                    Piece(middle + 1, end, PLAIN, right[0], right[1], "range"),
                ]
        return [Piece(start, end, "ident", None, 0, "name")]
    if "/" in run:
        parts = run.split("/")
        if len(parts) == 2 and len(parts[0]) == 4 and len(parts[1]) in (2, 4):
            middle = start + 4
            return [
                Piece(start, middle, PLAIN, Decimal(parts[0]), 0, "range"),
                Piece(middle + 1, end, PLAIN, Decimal(parts[1]), 0, "range"),
            ]
        return [Piece(start, end, "ratio", None, 0, "ratio")]
    parsed = _number_text(run, loc.decimal_comma)
    if parsed is not None:
        return [Piece(start, end, PLAIN, parsed[0], parsed[1], None)]
    if run.count(".") >= 2 and "," not in run and "'" not in run:
        return [Piece(start, end, "version", None, 0, "version")]
    if "." in run and "," in run:
        # "1.234.567,89" without a locale that groups with dots: not read as a value
        return [Piece(start, end, "ident", None, 0, "ambiguous number")]
    # not one number: a list ("1,2,3", "3,5" without a decimal-comma locale)
    out = []
    offset = start
    for part in re.split(r"[,']", run):
        out.extend(pieces(part, offset, loc) if part else [])
        offset += len(part) + 1
    return out

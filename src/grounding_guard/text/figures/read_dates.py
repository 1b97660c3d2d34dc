"""Dates written with a month's name ("28 June 1919", "June 28, 1919", "June 1919") and
months standing alone ("in May")."""

from __future__ import annotations

import re

from grounding_guard.text.figures.context import approx_before, prev_words
from grounding_guard.text.figures.raw import Raw, Taken
from grounding_guard.text.figures.runs import valid_date
from grounding_guard.text.figures.value import ValueType
from grounding_guard.text.figures.words import MAY_BEFORE, MONTH_ABBR, MONTHS

__all__ = ["text_dates"]

_MON = (
    r"(?P<mon>January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)"
    # the point of an abbreviation ("Dec."), never the full stop after a full name
    r"(?:(?<!uary)(?<!arch)(?<!pril)(?<!June)(?<!July)(?<!gust)(?<!mber)(?<!ober)\.|(?![^\W\d_]))"
)
_DAY_MONTH_RE = re.compile(
    r"(?<![\w.,])(?P<d>\d{1,2})(?:st|nd|rd|th)?(?: +of)? +" + _MON + r"(?:,? +(?P<y>\d{4})(?!\d))?"
)
_MONTH_DAY_RE = re.compile(
    r"(?<![^\W\d_])" + _MON + r" +(?P<d>\d{1,2})(?:st|nd|rd|th)?(?![\d:.,]\d)(?![^\W_])"
    r"(?:,? +(?P<y>\d{4})(?!\d))?"
)
_MONTH_YEAR_RE = re.compile(r"(?<![^\W\d_])" + _MON + r",?(?: +of)? +(?P<y>\d{4})(?![\d,.]\d)")
_MONTH_ALONE_RE = re.compile(
    r"(?<![^\W\d_])(?P<mon>January|February|March|April|May|June|July|August|September"
    r"|October|November|December)(?![^\W\d_])"
)


def _month_number(name: str) -> int:
    return MONTHS.get(name) or MONTH_ABBR[name[:4] if name.startswith("Sept") else name[:3]]


def text_dates(clean: str) -> list[Raw]:
    found: list[Raw] = []
    for pattern in (_DAY_MONTH_RE, _MONTH_DAY_RE, _MONTH_YEAR_RE):
        for m in pattern.finditer(clean):
            month = _month_number(m.group("mon"))
            month_span = m.span("mon")
            year_text = m.group("y")
            year_span = m.span("y") if year_text else None
            value: ValueType
            if "d" in m.groupdict() and m.group("d") is not None:
                day = int(m.group("d"))
                if year_text:
                    value = valid_date(int(year_text), month, day)
                    if value is None:
                        continue
                else:
                    if valid_date(2000, month, day) is None:
                        continue
                    value = (None, month, day)
            else:
                assert year_text is not None
                value = (int(year_text), month)
            if not year_text and m.group("mon") in ("Mar", "May"):
                continue  # "Mar 5", "May 5" without a year: too weak a signal
            raw = Raw(m.start(), m.end(), "date", value)
            raw.year = year_span
            raw.month = month_span
            found.append(raw)
    found.sort(key=lambda r: (r.start, -(r.end - r.start)))
    kept: list[Raw] = []
    for raw in found:
        if kept and raw.start < kept[-1].end:
            continue
        kept.append(raw)
    dated = Taken([(r.start, r.end) for r in kept])
    for m in _MONTH_ALONE_RE.finditer(clean):
        if dated.holds(m.start()):
            continue
        name = m.group("mon")
        if name in ("May", "March"):
            words = prev_words(clean, m.start(), 1)
            if not words or words[-1] not in MAY_BEFORE:
                continue
        raw = Raw(m.start(), m.end(), "month", MONTHS[name])
        raw.month = m.span()
        kept.append(raw)
    for raw in kept:
        raw.note = approx_before(clean, raw.start, dated=True)
    kept.sort(key=lambda r: r.start)
    return kept

"""The day a line names: "by Thursday", "next Monday", "in a week", "tomorrow at 3 pm EST".

:func:`when_said` reads the first day (and time) a text names, from the instant it was
said and the IANA zone it was said in, so that an answer's "next Monday" can be compared
with a date in the evidence. It needs the optional extra ``dates``
(``pip install 'grounding-guard[dates]'``, which brings ``dateparser``): dateparser reads
the calendar dates ("28 June", "June 28th, 2027", "2026-12-01", "the 3rd of December").
The relative rules below are grounding-guard's own, because dateparser's differ from
them (it reads "next Friday" said on a Tuesday as the coming Friday, moves a weekday said
on that weekday a week on at any hour, reads "the day after tomorrow" as tomorrow, and
takes "We", "sat" or "sun" for days).

What names a day (the words found; anything else, a time alone ("at 3 pm"), a month
alone ("in November", "next month") or a day of the month alone ("the 5th"), answers
``None``):

- ``today``, ``tonight``, ``tomorrow``, ``yesterday``, ``the day after tomorrow``,
  ``the day before yesterday``;
- a weekday, full (any case) or abbreviated (``Fri``, ``Thurs.``: capitalised, and after
  "on", "by", "until", "next" ... or before a time), with ``this``, ``next``, ``last``,
  ``coming`` or ``past`` before it or not;
- ``in N days|weeks|fortnights|hours|minutes`` (``within`` too; N in digits, ``a``/``an``
  or a number word up to twelve), ``N days from now``, ``N weeks later``, ``N days ago``,
  ``next week``;
- a calendar date with its month's name or in ISO form (``28 June``, ``June 28, 2027``,
  ``2026-06-28``), a weekday before it or not; all-numeric dates such as ``04/08/2026``
  are ambiguous and not read.

A time may follow the day (``at 3 pm``, ``3:30 p.m.``, ``15:00``, ``noon``,
``midnight``; a bare hour only with ``tonight``/``evening``/``morning``...) or come before
it (``at 3 pm tomorrow``, ``3 pm on Friday``), with a zone after it: an abbreviation in
capitals from :data:`ZONES` or an offset (``GMT+9``, ``UTC-05:00``, ``+0530``). A zone
after the end of a range (``Friday 9am to 5pm EST``) is the range's. Any other word after
a time is no zone, whatever its case: "Friday at 9 am get the deck to Sam" is Friday
09:00 and its words "Friday at 9 am"; "3 pm est" is 3 pm in the caller's zone.

How the day is counted, on the caller's wall clock at ``reference``:

- a weekday alone is the coming one, today included; said on that weekday, it is today
  until noon (or until the time said, compared as instants when it has its own zone) and
  the same weekday a week on after it;
- ``this Friday`` is the coming Friday (today included), ``coming Friday`` the next one
  after today, ``next Friday`` the Friday of the following Monday-to-Sunday week (said on
  a Tuesday, ``next Monday`` is in six days and ``next Friday`` in ten), ``last Friday``
  the one before today;
- a calendar date without a year is this year's, or next year's once it has passed
  (once its instant has passed, when a time is said);
- a time with its own zone is converted to the caller's zone, and its day can change
  with it ("Friday at 3 pm GMT+9" said in Los Angeles is Thursday 22:00).

``words`` is the span that named the day, without a comma or bracket around it, cut to
:data:`WHEN_WORDS_MAX` characters; ``time`` is ``HH:MM`` (24-hour, caller's zone) when a
time was said, else ``None``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from grounding_guard.types import Span

__all__ = ["WHEN_WORDS_MAX", "ZONES", "WhenSaid", "when_said"]

#: The longest ``words`` a result carries.
WHEN_WORDS_MAX = 60

#: Zone abbreviations read after a time: a fixed offset in hours, or an IANA zone for
#: the generic US names (ET, CT, MT, PT), which follow daylight saving.
ZONES: dict[str, float | str] = {
    "UTC": 0,
    "GMT": 0,
    "UT": 0,
    "WET": 0,
    "WEST": 1,
    "BST": 1,
    "CET": 1,
    "CEST": 2,
    "EET": 2,
    "EEST": 3,
    "MSK": 3,
    "IST": 5.5,
    "SGT": 8,
    "HKT": 8,
    "AWST": 8,
    "JST": 9,
    "KST": 9,
    "ACST": 9.5,
    "AEST": 10,
    "AEDT": 11,
    "NZST": 12,
    "NZDT": 13,
    "HST": -10,
    "AKST": -9,
    "AKDT": -8,
    "PST": -8,
    "PDT": -7,
    "MST": -7,
    "MDT": -6,
    "CST": -6,
    "CDT": -5,
    "EST": -5,
    "EDT": -4,
    "AST": -4,
    "NST": -3.5,
    "ET": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
}


@dataclass(frozen=True, slots=True)
class WhenSaid:
    """The day a text names: ``day`` (``YYYY-MM-DD``), ``time`` (``HH:MM`` or ``None``),
    both in the caller's zone, the ``words`` that named it and their ``span`` in the
    text."""

    day: str
    time: str | None
    words: str
    span: Span

    @property
    def date(self) -> date:
        """``day`` as a :class:`datetime.date`."""
        return date.fromisoformat(self.day)


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ABBREVIATIONS = {
    "Mon": 0,
    "Tue": 1,
    "Tues": 1,
    "Wed": 2,
    "Thu": 3,
    "Thur": 3,
    "Thurs": 3,
    "Fri": 4,
    "Sat": 5,
    "Sun": 6,
}
_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_NUM = r"(?:\d{1,3}|" + "|".join(_NUMBERS) + r")"
_UNIT = r"(?:days?|weeks?|fortnights?|hours?|hrs?|minutes?|mins?)"
_WD_FULL = "|".join(_WEEKDAYS)
_WD_ABBR = r"(?:Tues|Thurs|Thur|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\.?"
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
_ORDINAL = r"(?:st|nd|rd|th)"
_YEAR = r"(?:,?[ \t]+\d{4})"
_DATE = (
    r"\d{4}-\d{2}-\d{2}(?![\d-])"
    + rf"|{_MONTH}[ \t]+\d{{1,2}}{_ORDINAL}?(?!\d){_YEAR}?"
    + rf"|(?:(?i:the)[ \t]+)?\d{{1,2}}{_ORDINAL}?[ \t]+(?:(?i:of)[ \t]+)?{_MONTH}{_YEAR}?"
)
_DAY = re.compile(
    r"(?<![\w-])(?:"
    + rf"(?P<date>(?:(?P<date_wd>(?i:{_WD_FULL})|{_WD_ABBR}),?[ \t]+)?(?P<date_words>{_DATE}))"
    + r"|(?P<rel>(?i:(?:the[ \t]+)?day[ \t]+after[ \t]+tomorrow"
    + r"|(?:the[ \t]+)?day[ \t]+before[ \t]+yesterday|today|tonight|tomorrow|tmrw|yesterday))"
    + rf"|(?P<dur>(?i:(?:in|within)[ \t]+(?P<n1>{_NUM})[ \t]+(?P<u1>{_UNIT})"
    + rf"|(?P<n2>{_NUM})[ \t]+(?P<u2>{_UNIT})[ \t]+"
    + r"(?P<dir>from[ \t]+(?:now|today)|later|hence|ago)|next[ \t]+week))"
    + r"|(?P<wday>(?:(?P<mod>(?i:this[ \t]+coming|this[ \t]+past|this|next|last|coming|past))"
    + rf"[ \t]+)?(?:(?P<full>(?i:{_WD_FULL}))|(?P<abbr>{_WD_ABBR})))"
    + r")(?!\w)"
)
_TIME = (
    r"(?:(?P<h>\d{1,2})(?::(?P<mi>[0-5]\d))?[ \t]?(?P<ap>(?i:[ap]\.?m\.?))(?![\w])"
    r"|(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?![\d:])"
    r"|(?P<word>(?i:noon|midday|midnight))(?!\w))"
)
_ZONE = (
    r"(?P<zone>(?:UTC|GMT)[ \t]?[+\-\u2212][ \t]?\d{1,2}(?::?\d{2})?"
    r"|[+\-\u2212]\d{2}:?\d{2}|[A-Z]{2,5})(?![\w+\-])"
)
_AFTER_PERIOD = re.compile(
    r"[ \t]*,?[ \t]*(?:(?i:in[ \t]+the)[ \t]+)?(?P<period>(?i:morning|afternoon|evening|night))\b"
)
_AFTER_TIME = re.compile(
    r"[ \t]*,?[ \t]*(?:(?i:at|by|from|around)[ \t]+|@[ \t]*)?" + _TIME + r"(?:[ \t]*" + _ZONE + ")?"
)
_AFTER_BARE = re.compile(r"[ \t]*,?[ \t]*(?i:at)[ \t]+(?P<bare>\d{1,2})(?![\w:.,%])")
_RANGE_END = re.compile(
    r"[ \t]*(?:(?i:to|until|till|through)|[-\u2013])[ \t]*" + _TIME + r"(?:[ \t]*" + _ZONE + ")?"
)
_BEFORE_TIME = re.compile(
    r"(?:(?i:at)[ \t]+|@[ \t]*)?" + _TIME + r"(?:[ \t]*" + _ZONE + r")?[ \t]+(?:(?i:on)[ \t]+)?\Z"
)
_ABBR_LEAD = re.compile(
    r"(?i:\b(?:on|by|until|till|before|after|from|due|next|this|last|coming|every))[ \t]+\Z"
)
_TRIM = " \t\r\n,;()[]{}\"'\u201c\u201d\u2018\u2019"
_PM_PERIODS = frozenset({"afternoon", "evening", "night", "tonight"})


def _zone_of(name: str) -> tzinfo | None:
    """The tzinfo a zone token names, or ``None`` when it is no zone."""
    name = name.replace("\u2212", "-").replace(" ", "").replace("\t", "")
    found = ZONES.get(name)
    if isinstance(found, str):
        return ZoneInfo(found)
    if found is not None:
        return timezone(timedelta(hours=found))
    offset = re.fullmatch(r"(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?", name)
    if offset is None:
        return None
    hours, minutes = int(offset.group(2)), int(offset.group(3) or 0)
    if hours > 14 or minutes >= 60:
        return None
    delta = timedelta(hours=hours, minutes=minutes)
    return timezone(-delta if offset.group(1) == "-" else delta)


def _clock(match: re.Match[str]) -> tuple[int, int] | None:
    """(hour, minute) of a time match, or ``None`` for an impossible one (13 pm)."""
    if match.group("word"):
        return (0, 0) if match.group("word").lower() == "midnight" else (12, 0)
    if match.group("h24") is not None:
        return int(match.group("h24")), int(match.group("m24"))
    hour, minute = int(match.group("h")), int(match.group("mi") or 0)
    if not 1 <= hour <= 12:
        return None
    pm = match.group("ap").lower().startswith("p")
    return (hour % 12) + (12 if pm else 0), minute


@dataclass
class _Phrase:
    start: int
    end: int
    clock: tuple[int, int] | None = None
    zone: tzinfo | None = None
    period: str | None = None


def _extend(text: str, day: re.Match[str], rel: str | None) -> _Phrase:
    """The day's words widened to the time (and zone, and period) said with it."""
    phrase = _Phrase(day.start(), day.end())
    window = text[max(0, day.start() - 48) : day.start()]
    before = _BEFORE_TIME.search(window)
    if before is not None:
        clock = _clock(before)
        if clock is not None:
            phrase.start = day.start() - (len(window) - before.start())
            phrase.clock = clock
            if before.group("zone"):
                phrase.zone = _zone_of(before.group("zone"))
    position = day.end()
    period = _AFTER_PERIOD.match(text, position)
    if period is not None:
        phrase.period = period.group("period").lower()
        position = phrase.end = period.end()
    if phrase.clock is None:
        after = _AFTER_TIME.match(text, position)
        clock = _clock(after) if after is not None else None
        if after is not None and clock is not None:
            phrase.clock = clock
            phrase.end = after.start("zone") if after.group("zone") else after.end()
            if after.group("zone"):
                zone = _zone_of(after.group("zone"))
                if zone is not None:
                    phrase.zone, phrase.end = zone, after.end()
            ranged = _RANGE_END.match(text, phrase.end)
            if ranged is not None and _clock(ranged) is not None:
                zone = _zone_of(ranged.group("zone")) if ranged.group("zone") else None
                if ranged.group("zone") and zone is None:
                    phrase.end = ranged.start("zone")  # a word after the range is no zone
                else:
                    phrase.end = ranged.end()
                if zone is not None and phrase.zone is None:
                    phrase.zone = zone
        else:
            period_word = phrase.period or (rel or "").lower()
            bare = _AFTER_BARE.match(text, position)
            if bare is not None and period_word in _PM_PERIODS | {"morning"}:
                hour = int(bare.group("bare"))
                if 1 <= hour <= 12:
                    if period_word in _PM_PERIODS:
                        hour = hour % 12 + 12
                    else:
                        hour %= 12
                    phrase.clock = (hour, 0)
                    phrase.end = bare.end()
    return phrase


def _abbreviation_ok(text: str, day: re.Match[str]) -> bool:
    if day.group("mod"):
        return True
    if _ABBR_LEAD.search(text, 0, day.start()):
        return True
    after = _AFTER_TIME.match(text, day.end())
    return after is not None and _clock(after) is not None


def _weekday_days(mod: str | None, weekday: int, today: date) -> tuple[int, bool]:
    """Days from ``today`` to the weekday and whether the forward rule applies."""
    ahead = (weekday - today.weekday()) % 7
    mod = " ".join(mod.lower().split()) if mod else None
    if mod is None:
        return ahead, True
    if mod == "this":
        return ahead, False
    if mod in ("coming", "this coming"):
        return ahead or 7, False
    if mod == "next":  # the weekday of the following Monday-to-Sunday week
        return 7 - today.weekday() + weekday, False
    return -(((today.weekday() - weekday) % 7) or 7), False  # last, past, this past


def _load_dateparser() -> Any:
    try:
        import dateparser  # type: ignore[import-untyped]
    except ImportError as error:  # pragma: no cover - exercised without the extra
        raise ImportError(
            "when_said needs the optional extra 'dates': pip install 'grounding-guard[dates]'"
        ) from error
    return dateparser


def _calendar(parser: Any, words: str, today: date) -> tuple[date, bool] | None:
    """The date ``words`` write and whether they carry a year."""
    words = " ".join(words.split())
    iso = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", words)
    if iso is not None:
        try:
            return date(int(iso.group(1)), int(iso.group(2)), int(iso.group(3))), True
        except ValueError:
            return None
    has_year = re.search(r"\d{4}\s*$", words) is not None
    parsed = parser.parse(
        words,
        languages=["en"],
        settings={
            "RELATIVE_BASE": datetime(today.year, today.month, today.day),
            "PREFER_DATES_FROM": "current_period",
            "REQUIRE_PARTS": ["day", "month"],
            "RETURN_AS_TIMEZONE_AWARE": False,
        },
    )
    if not isinstance(parsed, datetime):
        return None
    found = parsed.date()
    if not has_year and found.year != today.year:
        try:
            found = found.replace(year=today.year)
        except ValueError:  # 29 February
            return None
    return found, has_year


def _instant(day: date, clock: tuple[int, int], zone: tzinfo) -> datetime:
    return datetime.combine(day, time(*clock), tzinfo=zone)


def _add_year(day: date) -> date:
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return day + timedelta(days=365)


def when_said(text: str, *, reference: datetime, time_zone: str) -> WhenSaid | None:
    """The first day ``text`` names, read on the wall clock of ``time_zone`` (an IANA
    zone) at ``reference`` (a timezone-aware instant); ``None`` when it names none.

    See the module docstring for what names a day and how it is counted. Raises
    ``TypeError`` for a ``reference`` that is no datetime, ``ValueError`` for a naive one
    or a zone ``zoneinfo`` does not know, and ``ImportError`` without the ``dates`` extra.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    if not isinstance(reference, datetime):
        raise TypeError(f"reference must be a datetime, got {type(reference).__name__}")
    if reference.tzinfo is None or reference.utcoffset() is None:
        raise ValueError("reference must be timezone-aware (say which instant it was)")
    if not isinstance(time_zone, str) or not time_zone.strip():
        raise ValueError(f"unknown time zone {time_zone!r}")
    try:
        zone = ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"unknown time zone {time_zone!r}") from error
    parser = _load_dateparser()
    now = reference.astimezone(zone)
    today = now.date()
    for day in _DAY.finditer(text):
        found = _resolve(text, day, parser, today, reference, zone)
        if found is not None:
            return found
    return None


def _resolve(
    text: str, day: re.Match[str], parser: Any, today: date, reference: datetime, zone: ZoneInfo
) -> WhenSaid | None:
    if day.group("abbr") and not _abbreviation_ok(text, day):
        return None
    phrase = _extend(text, day, day.group("rel"))
    said_zone = phrase.zone or zone
    moment: datetime | None = None  # an instant fixed by the words alone (durations)
    if day.group("date"):
        calendar = _calendar(parser, day.group("date_words"), today)
        if calendar is None:
            return None
        target, has_year = calendar
        if not has_year:
            if phrase.clock is not None:
                if _instant(target, phrase.clock, said_zone) < reference:
                    target = _add_year(target)
            elif target < today:
                target = _add_year(target)
    elif day.group("rel"):
        word = " ".join(day.group("rel").lower().split())
        if word.startswith("the "):
            word = word[4:]
        offsets = {
            "today": 0,
            "tonight": 0,
            "tomorrow": 1,
            "tmrw": 1,
            "yesterday": -1,
            "day after tomorrow": 2,
            "day before yesterday": -2,
        }
        target = today + timedelta(days=offsets[word])
    elif day.group("dur"):
        if day.group("n1") is None and day.group("n2") is None:  # next week
            target = today + timedelta(days=7)
        else:
            count_word = (day.group("n1") or day.group("n2")).lower()
            count = int(count_word) if count_word.isdigit() else _NUMBERS[count_word]
            unit = (day.group("u1") or day.group("u2")).lower()
            if (day.group("dir") or "").lower() == "ago":
                count = -count
            if unit.startswith(("h", "m")):
                minutes = count * (60 if unit.startswith("h") else 1)
                moment = reference + timedelta(minutes=minutes)
                target = moment.astimezone(zone).date()
            else:
                days = {"d": 1, "w": 7, "f": 14}[unit[0]] * count
                target = today + timedelta(days=days)
    else:
        weekday = (
            _WEEKDAYS.index(day.group("full").lower())
            if day.group("full")
            else _ABBREVIATIONS[day.group("abbr").rstrip(".")]
        )
        days, forward = _weekday_days(day.group("mod"), weekday, today)
        target = today + timedelta(days=days)
        if forward:
            clock = phrase.clock or (12, 0)
            check_zone = said_zone if phrase.clock else zone
            if _instant(target, clock, check_zone) < reference:
                target += timedelta(days=7)
    words_span = _trimmed(text, phrase.start, phrase.end)
    words = words_span.of(text)[:WHEN_WORDS_MAX].rstrip(_TRIM)
    if moment is not None:
        local = moment.astimezone(zone)
        return WhenSaid(local.date().isoformat(), f"{local:%H:%M}", words, words_span)
    if phrase.clock is None:
        return WhenSaid(target.isoformat(), None, words, words_span)
    local = _instant(target, phrase.clock, said_zone).astimezone(zone)
    return WhenSaid(local.date().isoformat(), f"{local:%H:%M}", words, words_span)


def _trimmed(text: str, start: int, end: int) -> Span:
    piece = text[start:end]
    stripped = piece.strip(_TRIM)
    if not stripped:
        return Span(start, end)
    begin = start + piece.index(stripped)
    return Span(begin, begin + len(stripped))

"""The day a line names: the seed's documented results, the weekday and zone rules, and
the words that named the day. Needs the ``dates`` extra (dateparser)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

pytest.importorskip("dateparser")

from grounding_guard.tools.when import WHEN_WORDS_MAX, WhenSaid, when_said

# Tuesday 3 November 2026, 10:00 in Los Angeles.
REFERENCE = datetime(2026, 11, 3, 18, 0, tzinfo=timezone.utc)
LA = "America/Los_Angeles"

SEED_ROWS: list[tuple[str, tuple[str, str | None, str] | None]] = [
    ("Send the deck by Thursday", ("2026-11-05", None, "Thursday")),
    ("next Monday", ("2026-11-09", None, "next Monday")),
    ("in a week", ("2026-11-10", None, "in a week")),
    ("tomorrow at 3 pm", ("2026-11-04", "15:00", "tomorrow at 3 pm")),
    ("Friday at 3 pm EST", ("2026-11-06", "12:00", "Friday at 3 pm EST")),
    ("Friday at 9 am get the deck to Sam", ("2026-11-06", "09:00", "Friday at 9 am")),
    ("soon", None),
]

MORE_ROWS: list[tuple[str, tuple[str, str | None, str] | None]] = [
    # nothing that names a day
    ("at 3 pm", None),  # a time alone
    ("in November", None),  # a month alone
    ("next month", None),
    ("on the 5th", None),
    ("Ship it on 12/01.", None),  # all-numeric dates are ambiguous
    ("on February 30", None),
    ("Let us march on", None),
    ("may I ask", None),
    ("I sun myself", None),
    ("Sun is out", None),
    ("We did it", None),
    # words that are no zone, whatever their case
    ("Friday at 9 am eat lunch", ("2026-11-06", "09:00", "Friday at 9 am")),
    ("Friday at 3 pm art class", ("2026-11-06", "15:00", "Friday at 3 pm")),
    ("Friday at 3 pm est", ("2026-11-06", "15:00", "Friday at 3 pm")),
    ("Friday at 3 pm GET", ("2026-11-06", "15:00", "Friday at 3 pm")),
    # zones and offsets, the day changing with them
    ("Friday 9am to 5pm EST", ("2026-11-06", "06:00", "Friday 9am to 5pm EST")),
    ("Friday at 3 pm GMT+9", ("2026-11-05", "22:00", "Friday at 3 pm GMT+9")),
    ("Friday at 3 pm UTC-05:00", ("2026-11-06", "12:00", "Friday at 3 pm UTC-05:00")),
    ("tomorrow at 9 pm ET", ("2026-11-04", "18:00", "tomorrow at 9 pm ET")),
    ("tomorrow at 1 am CET", ("2026-11-03", "16:00", "tomorrow at 1 am CET")),
    # times before the day, bare hours with a period, 24-hour times
    ("3 pm on Friday", ("2026-11-06", "15:00", "3 pm on Friday")),
    ("at 3 pm tomorrow", ("2026-11-04", "15:00", "at 3 pm tomorrow")),
    ("at noon on Friday", ("2026-11-06", "12:00", "at noon on Friday")),
    ("tonight at 8", ("2026-11-03", "20:00", "tonight at 8")),
    ("tomorrow morning at 7", ("2026-11-04", "07:00", "tomorrow morning at 7")),
    ("tomorrow morning", ("2026-11-04", None, "tomorrow morning")),
    ("Friday at 8", ("2026-11-06", None, "Friday")),  # a bare hour alone is no time
    ("Tuesday 15:30", ("2026-11-03", "15:30", "Tuesday 15:30")),
    ("Friday, 3:30 p.m.", ("2026-11-06", "15:30", "Friday, 3:30 p.m.")),
    # relative days
    ("today", ("2026-11-03", None, "today")),
    ("yesterday", ("2026-11-02", None, "yesterday")),
    ("the day after tomorrow", ("2026-11-05", None, "the day after tomorrow")),
    ("the day before yesterday", ("2026-11-01", None, "the day before yesterday")),
    ("in 3 days", ("2026-11-06", None, "in 3 days")),
    ("in two weeks", ("2026-11-17", None, "in two weeks")),
    ("a fortnight from now", ("2026-11-17", None, "a fortnight from now")),
    ("We shipped 3 days ago", ("2026-10-31", None, "3 days ago")),
    ("next week", ("2026-11-10", None, "next week")),
    ("in 2 hours", ("2026-11-03", "12:00", "in 2 hours")),
    ("in 30 minutes", ("2026-11-03", "10:30", "in 30 minutes")),
    # weekdays and their modifiers (said on a Tuesday)
    ("Tuesday", ("2026-11-03", None, "Tuesday")),  # that day, until noon
    ("Tuesday at 9 am", ("2026-11-10", "09:00", "Tuesday at 9 am")),  # passed: a week on
    ("Tuesday at 11 am", ("2026-11-03", "11:00", "Tuesday at 11 am")),
    ("this Friday", ("2026-11-06", None, "this Friday")),
    ("next Friday", ("2026-11-13", None, "next Friday")),
    ("next Tuesday", ("2026-11-10", None, "next Tuesday")),
    ("next Sunday", ("2026-11-15", None, "next Sunday")),
    ("coming Tuesday", ("2026-11-10", None, "coming Tuesday")),
    ("last Friday", ("2026-10-30", None, "last Friday")),
    ("last Tuesday", ("2026-10-27", None, "last Tuesday")),
    ("Meet Sam on Fri.", ("2026-11-06", None, "Fri.")),
    ("See you Thurs at 2 pm", ("2026-11-05", "14:00", "Thurs at 2 pm")),
    ("(by Thursday)", ("2026-11-05", None, "Thursday")),
    ("THURSDAY", ("2026-11-05", None, "THURSDAY")),
    # calendar dates
    ("We meet on 28 June", ("2027-06-28", None, "28 June")),
    ("We met on 28 June 2026", ("2026-06-28", None, "28 June 2026")),
    ("Due 2026-12-01.", ("2026-12-01", None, "2026-12-01")),
    ("The deadline is December 3rd.", ("2026-12-03", None, "December 3rd")),
    ("by the 3rd of December, 2027", ("2027-12-03", None, "the 3rd of December, 2027")),
    ("by November 3", ("2026-11-03", None, "November 3")),  # today has not passed
    ("by November 2 at 9 am", ("2027-11-02", "09:00", "November 2 at 9 am")),
    ("by November 3 at 9 am", ("2027-11-03", "09:00", "November 3 at 9 am")),  # passed
    ("Friday, November 6 at noon", ("2026-11-06", "12:00", "Friday, November 6 at noon")),
    # the first day named wins
    ("Friday or maybe Monday", ("2026-11-06", None, "Friday")),
    ("At 3 pm, then tomorrow", ("2026-11-04", None, "tomorrow")),
]


def _row(found: WhenSaid | None) -> tuple[str, str | None, str] | None:
    return None if found is None else (found.day, found.time, found.words)


@pytest.mark.parametrize(("text", "expected"), SEED_ROWS + MORE_ROWS)
def test_when_said(text: str, expected: tuple[str, str | None, str] | None) -> None:
    found = when_said(text, reference=REFERENCE, time_zone=LA)
    assert _row(found) == expected
    if found is not None:
        assert found.span.of(text) == found.words


def test_seed_tokyo() -> None:
    # Wednesday 03:00 in Tokyo
    found = when_said("tomorrow", reference=REFERENCE, time_zone="Asia/Tokyo")
    assert found is not None and found.day == "2026-11-05"


def test_seed_zoned_weekday_moves_a_week_once_passed() -> None:
    # Thursday 5 November 2026, 16:00 in Los Angeles: 3 pm EST (12:00 there) has passed
    thursday_four_pm = datetime(2026, 11, 6, 0, 0, tzinfo=timezone.utc)
    found = when_said("Thursday at 3 pm EST", reference=thursday_four_pm, time_zone=LA)
    assert _row(found) == ("2026-11-12", "12:00", "Thursday at 3 pm EST")
    # at 11:00 there it has not
    earlier = thursday_four_pm - timedelta(hours=5)
    assert _row(when_said("Thursday at 3 pm EST", reference=earlier, time_zone=LA)) == (
        "2026-11-05",
        "12:00",
        "Thursday at 3 pm EST",
    )


@pytest.mark.parametrize(
    ("hour", "day"),
    [(11, "2026-11-03"), (12, "2026-11-03"), (13, "2026-11-10")],
)
def test_weekday_alone_is_today_until_noon(hour: int, day: str) -> None:
    reference = datetime(2026, 11, 3, hour, 0, tzinfo=timezone(timedelta(hours=-8)))
    found = when_said("Tuesday", reference=reference, time_zone=LA)
    assert found is not None and found.day == day


def test_words_are_cut_and_date_property() -> None:
    text = "Thursday" + "," * 80
    found = when_said(text, reference=REFERENCE, time_zone=LA)
    assert found is not None and found.words == "Thursday"
    assert len(found.words) <= WHEN_WORDS_MAX
    assert found.date == date(2026, 11, 5)


def test_same_words_same_day_in_any_server_zone() -> None:
    # the reference instant written in another offset reads the same wall clock in LA
    tokyo_offset = REFERENCE.astimezone(timezone(timedelta(hours=9)))
    assert when_said("tomorrow", reference=tokyo_offset, time_zone=LA) == when_said(
        "tomorrow", reference=REFERENCE, time_zone=LA
    )


def test_errors() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        when_said("tomorrow", reference=datetime(2026, 11, 3), time_zone=LA)
    with pytest.raises(TypeError):
        when_said("tomorrow", reference="2026-11-03", time_zone=LA)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown time zone"):
        when_said("tomorrow", reference=REFERENCE, time_zone="Mars/Olympus")
    with pytest.raises(ValueError, match="unknown time zone"):
        when_said("tomorrow", reference=REFERENCE, time_zone="")
    with pytest.raises(TypeError):
        when_said(None, reference=REFERENCE, time_zone=LA)  # type: ignore[arg-type]

"""The value reader: every figure a text states, with its kind, its unit and its span.

``read_values(text)`` returns :class:`Value` records in text order. Each has a ``kind``
(``number``, ``percent``, ``money``, ``measure``, ``year``, ``date``, ``month``,
``decade``, ``ordinal``), a ``value`` (a :class:`~decimal.Decimal` for the numeric kinds
and a year, a :class:`datetime.date`, ``(year, month)`` or ``(None, month, day)`` for a
date, an ``int`` for a month), a ``unit`` class (``usd``, ``eur``, ``cur:GBP``, ``m``, ``deg:C``,
``pct`` ... or ``None``), a ``span`` into the text as given that covers the figure *with*
its currency sign or code, ``%`` or unit word ("$500", "€ 450", "USD 500", "61%",
"8849 metres", "212 degrees Fahrenheit"), whether it may be ``comparable`` at all, and its
``precision`` (decimal places as written; negative when a scale word multiplies, so
"1.2M" is written to the hundred thousand: precision -5).

How a text is read, in order:

- invisible characters are removed and the digits of every Unicode decimal script are
  folded to ASCII *before* anything is read; spans map back to the original text. A
  numeric character that cannot be folded (a superscript, a circled digit) is never
  guessed at: the engine fails such a unit closed with ``unreadable_digits``;
- grouping: ``1,234,567``, Indian ``1,23,456``, ``1 234 567`` (space, no-break or thin
  space), Swiss ``1'234'567``; ``1.234.567,89`` only when ``locale`` uses a decimal comma
  (``"de"``, ``"fr"`` ...); signs (``-``, ``−``) and decimals are exact;
- scale words (thousand, k, million, M, mn, billion, bn, trillion, lakh/lac, crore, cr,
  dozen, plurals) and number words (one ... ninety-nine, hundred, thousand, dozen, "a
  dozen", "two hundred and fifty") come from a :class:`Preset`; ``india_accounting``
  denies ``Cr``/``Dr`` (credit and debit, never crore);
- money: ``$``, ``US$``, ``USD`` and "dollars" are ``usd``; ``€``, ``EUR`` and "euros" are
  ``eur``; a sign that names one currency only is that currency's class (``₹`` and
  ``INR`` are ``cur:INR``); a sign several currencies share is a class of its own (``£``
  is ``cur:£``, ``¥`` is ``cur:¥``), as is a prefixed dollar (``A$`` is ``cur:A$``), so
  "GBP 450" never pairs with "£500" unless ``Preset.currency_aliases`` says so. A sign
  or code after a number is its currency only when no number follows it ("In 2019 $5
  bought a ticket." reads the year 2019 and "$5"); after a year-like number with white
  space between it leaves the year alone ("In 2002 € coins ...");
- measures carry a unit class from :data:`UNITS` and a dimension (length, area, mass,
  volume, time, temperature, speed, data, data rate, energy, power, ...): values of one
  dimension pair, and compare after an exact conversion where the table in ``units``
  gives one ("5 km" and "5,000 m"), else only in the same unit;
  "100 degrees" (no scale) is its own dimension and never pairs with "212 degrees
  Fahrenheit"; a time of day ("10:30 pm", "22:30") is a measure of unit ``clock``
  (seconds after midnight);
- years (1000-2199 standing alone; before a currency word in lower case they are a price,
  "1199 euros", unless a base year: "in 2019 dollars"), full dates (ISO ``2026-08-04``, "28 June 1919",
  "June 28, 1919"; numeric ``04/08/2026`` only when unambiguous or ``locale`` says which
  comes first: ``en-US`` month first, ``en-GB`` and most others day first), months,
  decades ("the 1990s", "'90s") and ordinals ("46th", "first"); a date is one value, so
  its parts never count as plain numbers;
- never comparable (``comparable=False``, ``note`` says why): ranges ("between 400 and
  500", "400–500", "$400–$500", "from 3 to 5", "2 or 3"; "rose from 3 to 5" is two
  values), approximations ("around", "about", "roughly", "approximately", "nearly",
  "almost", "some", "~", "≈", "500-odd": note ``approximation``) and bounds ("at least",
  "more than", "over", "up to", "500+": note ``bound``), differences (a figure before a
  comparative and "than": "400 euros more than the X14", "2 hours longer by bus than by
  train": note ``difference``), numbers inside names
  ("Apollo 17", "ISO 9001", "World War I", "iPhone 15", "INV-1", "Q3") and version strings
  ("v1.2.3", "3.11.2"), ratios ("24/7"), ambiguous numeric dates, decades and ordinals.

Reading is pure and deterministic, never raises on any text, and is fast on text without
figures (one pre-check). :func:`agree` decides whether a claimed value is borne out by an
evidence value (equal, or the claim rounds the evidence to its own precision).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from decimal import InvalidOperation

from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures.clean import DIGIT_RE, clean_text, locale_rules, lower_words
from grounding_guard.text.figures.presets import GENERIC, Preset, preset_tables, resolve_preset
from grounding_guard.text.figures.ranges import mark_ranges
from grounding_guard.text.figures.raw import Raw, Taken
from grounding_guard.text.figures.read_dates import text_dates
from grounding_guard.text.figures.read_digits import digit_values
from grounding_guard.text.figures.read_romans import romans
from grounding_guard.text.figures.read_words import word_values
from grounding_guard.text.figures.value import NAME_NOTES, Value
from grounding_guard.text.figures.words import (
    MONTH_TRIGGERS,
    ONE_PERIOD,
    ONE_PERIOD_RE,
    ROMAN_WORDS,
    TRIGGER_WORDS,
    VALUE_WORDS,
)
from grounding_guard.types import Span

__all__ = [
    "has_value_words",
    "read_fresh",
    "read_values",
    "read_values_cached",
    "states_one_period",
]


def has_value_words(text: str) -> bool:
    """True when ``text`` may state a figure: a digit, a number word, a month, a numeral,
    one unit of time after a bound ("up to a week")."""
    if DIGIT_RE.search(text):
        return True
    words = lower_words(text)
    return not VALUE_WORDS.isdisjoint(words) or states_one_period(text, words)


def states_one_period(text: str, words: AbstractSet[str]) -> bool:
    """Whether ``text``, whose lower-case words are ``words``, may state one unit of time
    with "a"/"an" ("up to a week", :data:`ONE_PERIOD_RE`): the pattern runs only for a
    text holding such a unit."""
    return not ONE_PERIOD.isdisjoint(words) and ONE_PERIOD_RE.search(text) is not None


def _span(where: list[int] | None, start: int, end: int) -> Span:
    if where is None:
        return Span(start, end)
    return Span(where[start], where[end - 1] + 1)


def _finish(raw: Raw, clean: str, where: list[int] | None) -> Value:
    end = raw.end
    while end > raw.start + 1 and clean[end - 1] == " ":
        end -= 1
    comparable = raw.note is None and raw.value is not None
    note = raw.note if raw.note is not None or raw.value is not None else "unreadable"
    return Value(
        kind=raw.kind,
        value=raw.value,
        unit=raw.unit,
        span=_span(where, raw.start, end),
        comparable=comparable,
        precision=raw.precision,
        note=note,
        name=raw.name if note in NAME_NOTES else None,
        dimension=raw.dimension,
        year_span=_span(where, *raw.year) if raw.year else None,
        month_span=_span(where, *raw.month) if raw.month else None,
    )


def _read(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    try:
        return _read_unsafe(text, locale, preset)
    except (ValueError, InvalidOperation, IndexError, KeyError, AssertionError, RecursionError):
        # never raise on odd text: a text the reader cannot read states no figure it
        # could compare (the engine still fails unreadable digits closed)
        return ()


def _read_unsafe(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    has_digit = DIGIT_RE.search(text) is not None
    words = lower_words(text)
    has_words = not TRIGGER_WORDS.isdisjoint(words) or states_one_period(text, words)
    has_months = not MONTH_TRIGGERS.isdisjoint(words)
    has_roman = not ROMAN_WORDS.isdisjoint(words)
    if not (has_digit or has_words or has_months or has_roman):
        return ()
    clean, where = clean_text(text)
    loc = locale_rules(locale)
    tables = preset_tables(preset)
    raws: list[Raw] = []
    if has_months:
        raws = text_dates(clean)
    if has_digit:
        raws.extend(digit_values(clean, loc, tables, Taken([(r.start, r.end) for r in raws])))
    if has_words:
        raws.extend(word_values(clean, tables, Taken([(r.start, r.end) for r in raws])))
    if has_roman:
        raws.extend(romans(clean, Taken([(r.start, r.end) for r in raws])))
    if not raws:
        return ()
    raws.sort(key=lambda r: r.start)
    mark_ranges(clean, raws)
    return tuple(_finish(raw, clean, where) for raw in raws)


@bounded_cache(8192, 4_000_000)
def _read_cached(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    return _read(text, locale, preset)


def read_values(
    text: str, *, locale: str | None = None, preset: str | Preset = "generic"
) -> list[Value]:
    """Every figure ``text`` states, in text order (see the module documentation).

    ``locale`` ("en-US", "en-GB", "de", ...) says how to read ``04/08/2026`` and whether a
    comma is the decimal mark; ``preset`` is ``"generic"``, ``"india_accounting"`` or a
    :class:`Preset`. Never raises on any text.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return list(_read_cached(text, locale, resolve_preset(preset)))


def read_fresh(text: str, locale: str | None = None, preset: Preset = GENERIC) -> tuple[Value, ...]:
    """:func:`read_values` without the memo, for texts read once (an answer's units)."""
    return _read(text, locale, preset)


def read_values_cached(
    text: str, locale: str | None = None, preset: Preset = GENERIC
) -> tuple[Value, ...]:
    """:func:`read_values` for evidence sentences, memoised (bounded) on the text."""
    return _read_cached(text, locale, preset)

"""The figure reader: the numbers, money, units, dates and percentages a text states,
read as :class:`Value` records (:func:`read_values`) and compared (:func:`agree`).

Its modules, data first, each built only on those above it:

- ``value``: :class:`Value`, the kinds and value types a figure can have;
- ``presets``: scale words, denied words and currency aliases by domain (:class:`Preset`);
- ``units``: currency signs and codes, the unit table and the lookups built on it;
- ``words``: number words, ordinals, months, approximation and bound words, name heads;
- ``clean``: the text made readable (invisibles out, digits folded) and the locale rules;
- ``raw``: the record a figure is read into, and the spans already read;
- ``context``: what stands around a figure (approximation words, a unit or currency after);
- ``runs``: what one run of digits holds (a number, a date, a time, a version ...);
- ``read_digits``: figures written with digits, with their sign, currency, scale and unit;
- ``read_dates``: dates and months written with a month's name;
- ``read_words``: figures written in words ("two hundred and fifty", "a dozen");
- ``read_romans``: Roman numerals in names ("World War I");
- ``ranges``: two figures that are the ends of one range ("400-500", "between 3 and 5");
- ``reader``: :func:`read_values` and its pre-check, the readers put together;
- ``compare``: whether a claimed value is borne out by an evidence value (converting
  units of one dimension);
- ``intervals``: what a qualified figure claims ("below 30 °C", "about 3 million", "5 to
  10 days") as an interval, and whether the evidence's figure implies it;
- ``arithmetic``: whether a claimed figure is computed in one step from figures the
  evidence states ("€19.80" for €22 less 10%), and how.
"""

from __future__ import annotations

from grounding_guard.text.figures.compare import (
    agree,
    calendar_range,
    convert,
    convertible,
    pairable,
    rounds_to,
    same_figure,
)
from grounding_guard.text.figures.presets import (
    GENERIC,
    INDIA_ACCOUNTING,
    PRESETS,
    Preset,
    resolve_preset,
)
from grounding_guard.text.figures.reader import (
    has_value_words,
    read_fresh,
    read_values,
    read_values_cached,
    states_one_period,
)
from grounding_guard.text.figures.units import CURRENCY_CODES, CURRENCY_SIGNS, UNIT_WORDS, UNITS
from grounding_guard.text.figures.value import KINDS, NAME_NOTES, Value
from grounding_guard.text.figures.words import VALUE_WORDS

__all__ = [
    "CURRENCY_CODES",
    "CURRENCY_SIGNS",
    "GENERIC",
    "INDIA_ACCOUNTING",
    "KINDS",
    "NAME_NOTES",
    "PRESETS",
    "UNITS",
    "UNIT_WORDS",
    "VALUE_WORDS",
    "Preset",
    "Value",
    "agree",
    "calendar_range",
    "convert",
    "convertible",
    "has_value_words",
    "pairable",
    "read_fresh",
    "read_values",
    "read_values_cached",
    "resolve_preset",
    "rounds_to",
    "same_figure",
    "states_one_period",
]

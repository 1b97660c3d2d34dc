"""What the reader returns: :class:`Value`, one figure a text states, with the kinds and
value types a figure can have and the notes that make it a name, not a quantity."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from grounding_guard._slots import quick_init
from grounding_guard.types import Span

__all__ = ["KINDS", "NAME_NOTES", "DateValue", "Value", "ValueType"]

#: Every kind a :class:`Value` can have.
KINDS: tuple[str, ...] = (
    "number",
    "percent",
    "money",
    "measure",
    "year",
    "date",
    "month",
    "decade",
    "ordinal",
)

#: What a date's ``value`` is: a full date, (year, month), or (None, month, day).
DateValue = date | tuple[int, int] | tuple[None, int, int]
ValueType = Decimal | int | date | tuple[int, int] | tuple[None, int, int] | None

#: Notes of values that are names, not quantities: they must stand in the evidence as
#: written, and are never compared as figures.
NAME_NOTES: frozenset[str] = frozenset({"name", "version"})


@quick_init
@dataclass(frozen=True, slots=True)
class Value:
    """One figure a text states.

    ``span`` covers the figure as written with its unit (offsets into the text given to
    :func:`read_values`). ``comparable`` is False for approximations, ranges, differences,
    names, versions, ratios, ambiguous dates, decades and ordinals; ``note`` then says which.
    ``name`` is the written form of a name or version ("apollo 17"), for a presence check.
    ``dimension`` is what a measure measures ("length", "temperature") or a currency's
    class: values pair only within one. ``year_span`` / ``month_span`` locate a date's year
    and month (a year's own digits for a year), so that a claimed year can be shown beside
    the year of a dated fact.
    """

    kind: str
    value: ValueType
    unit: str | None
    span: Span
    comparable: bool = True
    precision: int = 0
    note: str | None = None
    name: str | None = None
    dimension: str | None = None
    year_span: Span | None = None
    month_span: Span | None = None

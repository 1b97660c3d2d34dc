"""An index of values by what they may agree with (:class:`FigureIndex`), so that pairing
the figures of a claim with those of the evidence costs a lookup per figure, not a walk
over every figure of its kind.

:func:`~grounding_guard.text.figures.compare.agree` is an interval test for the numeric
kinds (the evidence, in the claim's unit, rounds to the claim at the claim's precision;
the claim, in the evidence's unit, rounds to the evidence at the evidence's) and an
equality of keys for years, months and dates. The index files each value under its unit's
base (values in units that never convert, and currencies, under their own unit) and its
unit and precision, in value order, and each year, month and date under the keys that
:func:`agree` compares. Asked with a claimed value, it returns every value of its kind
for which ``agree`` could say anything but False (:meth:`FigureIndex.firsts`,
:meth:`FigureIndex.positions`); asked with an evidence value, every value that it could
bear out (:meth:`FigureIndex.bearers`); and perhaps a few more: a superset, so a caller
that tests each returned value with ``agree`` itself gets exactly the answers of a full
walk. A negative percent is also filed, and looked up, by its size: a change written
with its sign agrees with one of that size (:func:`agree`). Values the index cannot place (no value, a date of an unknown shape, a number that
is not finite) are returned to every query.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable, Sequence
from datetime import date
from decimal import Context, Decimal

from grounding_guard.text.figures.compare import across_systems, calendar_range, convert
from grounding_guard.text.figures.units import FACTORS
from grounding_guard.text.figures.value import Value

__all__ = ["FigureIndex", "unit_base"]

#: Window arithmetic: wider than the 80 digits :func:`convert` works at, so the window's
#: own rounding never narrows it.
_WIDE = Context(prec=120)
#: How much each window is widened, relative to its ends, against the rounding of
#: conversions at 80 digits (a wider window only returns a few more values to test).
_SLACK = Decimal("1e-20")
#: How far a window reaches either way of a converted number: beyond the 5% within which
#: a round figure converted between unit systems agrees (``compare._round_conversion``),
#: either way round.
_ROUND_SPREAD = Decimal("0.06")

_Shelf = dict[Decimal, list[int]]  # value -> the classes filed under it
_Bucket = dict[tuple[str | None, int], tuple[list[Decimal], _Shelf]]


def _half(precision: int) -> Decimal:
    """Half a unit of the last place at ``precision`` decimals (0.5 at 0, 0.05 at 1)."""
    return Decimal(5).scaleb(-precision - 1)


#: Calendar spans (base "month") and fixed spans of time (base "s") meet by the days a
#: month or a year may hold (:func:`~grounding_guard.text.figures.compare.calendar_range`);
#: the window is widened so that a claim rounded at its precision is still asked.
_OTHER_TIME_BASE: dict[tuple[str, str | None], tuple[str, str | None]] = {
    ("base", "month"): ("base", "s"),
    ("base", "s"): ("base", "month"),
}
_LOOSE = (Decimal("0.5"), Decimal("1.5"))


def unit_base(unit: str | None) -> tuple[str, str | None]:
    """Which values may be compared with one in ``unit``: those whose units convert into
    it (one base unit), else those in the very same unit (a currency, "ton", none)."""
    factor = FACTORS.get(unit) if unit is not None else None
    return ("base", factor.base) if factor is not None else ("own", unit)


def _year_in(value: object) -> int | None:
    """A date value's year (as :func:`agree` reads it), None when it has none."""
    if isinstance(value, date):
        return value.year
    if isinstance(value, tuple) and isinstance(value[0], int):
        return value[0]
    return None


def _month_in(value: object) -> object:
    """A date value's month (as :func:`agree` reads it), None when it has none."""
    if isinstance(value, date):
        return value.month
    if isinstance(value, tuple):
        return value[1]
    return None


def _date_keys(value: object) -> list[tuple[str, object]] | None:
    """The keys a date value is filed under, one per way :func:`agree` may match it:
    a full date by itself, its (year, month) and its (month, day); (year, month) by
    itself and its month; (None, month, day) by its (month, day), itself and its month.
    None for a shape ``agree`` does not read."""
    if isinstance(value, date):
        return [
            ("full", value),
            ("full-ym", (value.year, value.month)),
            ("full-md", (value.month, value.day)),
        ]
    if isinstance(value, tuple) and len(value) == 2:
        return [("ym", value), ("m2", value[1])]
    if isinstance(value, tuple) and len(value) == 3:
        return [("md", value[1:]), ("tri", value), ("m3", value[1])]
    return None


def _date_lookups(value: object) -> list[tuple[str, object]] | None:
    """The keys under which a claimed date value finds every date that :func:`agree` may
    not find false (True or None); None for a shape it does not read."""
    if isinstance(value, date):
        return [
            ("full", value),
            ("ym", (value.year, value.month)),
            ("md", (value.month, value.day)),
        ]
    if isinstance(value, tuple) and len(value) == 2:
        return [("full-ym", value), ("ym", value), ("m3", value[1])]
    if isinstance(value, tuple) and len(value) == 3:
        return [("full-md", value[1:]), ("tri", value), ("m2", value[1])]
    return None


def _date_bearers(value: object) -> list[tuple[str, object]] | None:
    """The keys under which an evidence date value finds every claimed date it bears out
    (:func:`agree` True): the same date, a claimed (year, month) or (None, month, day)
    that it holds; None for a shape ``agree`` does not read."""
    if isinstance(value, date):
        return [
            ("full", value),
            ("ym", (value.year, value.month)),
            ("md", (value.month, value.day)),
        ]
    if isinstance(value, tuple) and len(value) == 2:
        return [("ym", value)]
    if isinstance(value, tuple) and len(value) == 3:
        return [("tri", value)]
    return None


def _window(
    number: Decimal, unit: str | None, precision: int, other: str | None, places: int
) -> tuple[Decimal, Decimal]:
    """The values in unit ``other`` at ``places`` decimals that may agree with ``number``
    (in ``unit`` at ``precision``) either way round: within half a unit of the claim's
    last place of it, converted, or within half a unit of their own last place of it
    converted into their unit, and within :data:`_ROUND_SPREAD` of it across units;
    widened by :data:`_SLACK` against rounding."""
    mine, theirs = _half(precision), _half(places)
    centre = convert(number, unit, other)
    low = convert(_WIDE.subtract(number, mine), unit, other)
    high = convert(_WIDE.add(number, mine), unit, other)
    assert centre is not None and low is not None and high is not None  # one base unit
    low = min(low, _WIDE.subtract(centre, theirs))
    high = max(high, _WIDE.add(centre, theirs))
    if across_systems(unit, other):  # a round figure converted between systems may agree
        spread = _WIDE.multiply(centre.copy_abs(), _ROUND_SPREAD)
        low = min(low, _WIDE.subtract(centre, spread))
        high = max(high, _WIDE.add(centre, spread))
    slack = _WIDE.multiply(_WIDE.add(low.copy_abs(), high.copy_abs()), _SLACK)
    return _WIDE.subtract(low, slack), _WIDE.add(high, slack)


class FigureIndex:
    """The values of a sequence filed by what they may agree with.

    Values alike in every field :func:`agree` and :func:`pairable` read (kind, value, unit,
    precision, dimension) form one class: a test of the first of a class answers for all
    of it. :meth:`firsts` gives the first position of each class a value may agree with,
    :meth:`positions` every position; both in order, both supersets (see the module).
    :meth:`bearers` looks the other way: the classes a value may bear out.
    A query costs a lookup per key and a bisection per (unit, precision) of the value's
    base unit, plus the classes it returns.
    """

    __slots__ = ("_fallback", "_keys", "_members", "_numbers")

    def __init__(self, values: Sequence[Value]) -> None:
        classes: dict[Hashable, int] = {}
        self._members: list[list[int]] = []  # class -> its positions, in order
        self._fallback: list[int] = []  # classes every query returns
        self._keys: dict[tuple[str, object], list[int]] = {}
        shelves: dict[tuple[str, str | None], dict[tuple[str | None, int], _Shelf]] = {}
        for position, value in enumerate(values):
            key = (value.kind, value.value, value.unit, value.precision, value.dimension)
            try:
                found = classes.get(key)
            except TypeError:  # an unhashable value: a class of its own, in every answer
                self._fallback.append(len(self._members))
                self._members.append([position])
                continue
            if found is not None:
                self._members[found].append(position)
                continue
            found = classes[key] = len(self._members)
            self._members.append([position])
            if not self._file(value, found, shelves):
                self._fallback.append(found)
        self._numbers: dict[tuple[str, str | None], _Bucket] = {
            base: {place: (sorted(shelf), shelf) for place, shelf in bucket.items()}
            for base, bucket in shelves.items()
        }

    def _file(
        self,
        value: Value,
        index: int,
        shelves: dict[tuple[str, str | None], dict[tuple[str | None, int], _Shelf]],
    ) -> bool:
        """File class ``index`` (of ``value``) under its keys; False when some way of
        agreeing with it has no key (it then answers every query)."""
        number = value.value
        if number is None:
            return False
        if isinstance(number, Decimal):
            if not number.is_finite():
                return False
            bucket = shelves.setdefault(unit_base(value.unit), {})
            shelf = bucket.setdefault((value.unit, value.precision), {})
            shelf.setdefault(number, []).append(index)
            if value.kind == "percent" and number < 0:  # "–7.2%" agrees with "fell 7.2%"
                shelf.setdefault(-number, []).append(index)
        kind = value.kind
        keys: list[tuple[str, object]] = []
        if kind in ("year", "month"):
            keys.append((kind, number))
        elif kind == "date":
            shaped = _date_keys(number)
            if shaped is None:
                return False
            keys.extend(shaped)
            year, month = _year_in(number), _month_in(number)
            if year is not None:
                keys.append(("date-year", year))
            if month is not None:
                keys.append(("date-month", month))
        for key in keys:
            self._keys.setdefault(key, []).append(index)
        return True

    def _numeric(self, value: Value, found: list[int]) -> bool:
        """Add to ``found`` the classes whose number may agree with ``value``'s either way
        round (:func:`_window`); False when its number is not finite (every class may)."""
        number = value.value
        if not isinstance(number, Decimal):
            return True
        if not number.is_finite():
            return False
        base = unit_base(value.unit)
        bucket = self._numbers.get(base, {})
        # a negative percent also meets the claims of its size ("–7.2%": "fell 7.2%")
        sizes = (number, -number) if value.kind == "percent" and number < 0 else (number,)
        for (unit, places), (ordered, shelf) in bucket.items():
            for size in sizes:
                low, high = _window(size, value.unit, value.precision, unit, places)
                for other in ordered[bisect_left(ordered, low) : bisect_right(ordered, high)]:
                    found.extend(shelf[other])
        other_base = _OTHER_TIME_BASE.get(base)
        if other_base is not None:  # months against days: the days a month may hold
            for (unit, _), (ordered, shelf) in self._numbers.get(other_base, {}).items():
                span = calendar_range(number, value.unit, unit)
                if span is None:
                    continue
                low, high = span[0] * _LOOSE[0], span[1] * _LOOSE[1]
                for other in ordered[bisect_left(ordered, low) : bisect_right(ordered, high)]:
                    found.extend(shelf[other])
        return True

    def _classes(self, value: Value) -> list[int] | None:
        """The classes a claimed ``value`` may pair with and not find false (None: every
        class)."""
        number = value.value
        found = list(self._fallback)
        if number is None or not self._numeric(value, found):
            return None
        kind = value.kind
        lookups: list[tuple[str, object]] = []
        if kind in ("year", "month"):
            lookups = [(kind, number), (f"date-{kind}", number)]
        elif kind == "date":
            shaped = _date_lookups(number)
            if shaped is None:
                return None
            lookups = shaped
        keys = self._keys
        for key in lookups:
            found.extend(keys.get(key, ()))
        return found

    def _bearing(self, value: Value) -> list[int] | None:
        """The classes of claimed values that an evidence ``value`` may bear out (None:
        every class)."""
        number = value.value
        found = list(self._fallback)
        if number is None or not self._numeric(value, found):
            return None
        kind = value.kind
        lookups: list[tuple[str, object]] = []
        if kind in ("year", "month"):
            lookups = [(kind, number)]
        elif kind == "date":
            shaped = _date_bearers(number)
            if shaped is None:
                return None
            lookups = shaped
            year, month = _year_in(number), _month_in(number)
            if year is not None:
                lookups.append(("year", year))
            if month is not None:
                lookups.append(("month", month))
        keys = self._keys
        for key in lookups:
            found.extend(keys.get(key, ()))
        return found

    def bearers(self, value: Value) -> list[int]:
        """The first position of each class of claimed values that the evidence ``value``
        may bear out (:func:`agree` True), in order."""
        return self._firsts_of(self._bearing(value))

    def firsts(self, value: Value) -> list[int]:
        """The first position of each class that ``value`` may agree with, in order."""
        return self._firsts_of(self._classes(value))

    def _firsts_of(self, classes: Iterable[int] | None) -> list[int]:
        """The first position of each of ``classes`` (every class for None), in order."""
        members = self._members
        if classes is None:
            return [m[0] for m in members]
        return sorted({members[c][0] for c in classes})

    def positions(self, value: Value) -> list[int]:
        """Every position whose value ``value`` may agree with, in order."""
        classes = self._classes(value)
        members = self._members
        if classes is None:
            return sorted(p for m in members for p in m)
        return sorted({p for c in set(classes) for p in members[c]})

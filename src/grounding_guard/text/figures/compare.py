"""Comparing two values: whether a claimed value pairs with an evidence value
(:func:`pairable`), whether the evidence bears it out (:func:`agree`), whether two
values of different kinds are the same figure (:func:`same_figure`), and a measure in
another unit of its dimension (:func:`convert`, exact, from the table in ``units``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation

from grounding_guard.text.figures.units import FACTORS
from grounding_guard.text.figures.value import Value, ValueType

__all__ = [
    "agree",
    "calendar_range",
    "convert",
    "convertible",
    "meets_at_precision",
    "pairable",
    "rounds_to",
    "same_figure",
]

_CONTEXT = Context(prec=80)


def convertible(unit: str | None, other: str | None) -> bool:
    """Whether a figure in ``unit`` converts exactly into ``other`` (one base unit)."""
    if unit is None or other is None:
        return False
    first, second = FACTORS.get(unit), FACTORS.get(other)
    return first is not None and second is not None and first.base == second.base


def convert(number: Decimal, unit: str | None, target: str | None) -> Decimal | None:
    """``number`` in ``unit`` expressed in ``target`` (exact Decimal arithmetic at 80
    digits; affine for temperatures); the number itself for one unit; None when the two
    do not convert ("ton", a currency, another dimension)."""
    if unit == target:
        return number
    if not convertible(unit, target):
        return None
    assert unit is not None and target is not None
    source, goal = FACTORS[unit], FACTORS[target]
    ctx = _CONTEXT
    base = ctx.divide(
        ctx.multiply(ctx.add(number, source.offset), source.numerator), source.denominator
    )
    result = ctx.subtract(
        ctx.divide(ctx.multiply(base, goal.denominator), goal.numerator), goal.offset
    )
    return result.normalize(ctx) if result == result.to_integral_value() else result


#: The days one calendar span may hold, shortest and longest.
_CALENDAR_DAYS: dict[str, tuple[Decimal, Decimal]] = {
    "month": (Decimal(28), Decimal(31)),
    "year": (Decimal(365), Decimal(366)),
    "decade": (Decimal(3652), Decimal(3653)),
    "century": (Decimal(36524), Decimal(36525)),
}


def calendar_range(
    number: Decimal, unit: str | None, target: str | None
) -> tuple[Decimal, Decimal] | None:
    """``number`` in ``unit`` as the least and the most it may be in ``target`` when one
    of the two is a calendar span (month, year, decade, century) and the other a fixed
    span of time (days, weeks, hours): "6 months" is 168 to 186 days, "90 days" is 2.90
    to 3.21 months. None for any other pair (:func:`convert` handles exact ones)."""
    if unit in _CALENDAR_DAYS and target is not None and convertible(target, "day"):
        low, high = _CALENDAR_DAYS[unit]
        first = convert(_CONTEXT.multiply(number, low), "day", target)
        last = convert(_CONTEXT.multiply(number, high), "day", target)
    elif target in _CALENDAR_DAYS and unit is not None and convertible(unit, "day"):
        days = convert(number, unit, "day")
        if days is None:
            return None
        low, high = _CALENDAR_DAYS[target]
        first, last = _CONTEXT.divide(days, high), _CONTEXT.divide(days, low)
    else:
        return None
    if first is None or last is None:
        return None
    return first, last


def meets_at_precision(number: Decimal, precision: int, span: tuple[Decimal, Decimal]) -> bool:
    """Whether ``number``, as written at ``precision`` decimal places (so standing for
    anything within half a unit of its last place), meets ``span``: "3 months" meets the
    2.90 to 3.21 months that "90 days" may be."""
    half = Decimal(5).scaleb(-precision - 1)
    return span[0] <= number + half and span[1] >= number - half


def rounds_to(number: Decimal, precision: int, target: Decimal) -> bool:
    """Whether ``number`` rounded half up to ``precision`` decimal places is ``target``."""
    try:
        quantum = Decimal(1).scaleb(-precision)
        return number.quantize(quantum, ROUND_HALF_UP, _CONTEXT) == target
    except InvalidOperation:
        return False


def _year_of(value: ValueType) -> int | None:
    if isinstance(value, date):
        return value.year
    if isinstance(value, tuple) and isinstance(value[0], int):
        return value[0]
    return None


def _month_of(value: ValueType) -> int | None:
    if isinstance(value, date):
        return value.month
    if isinstance(value, tuple):
        return value[1]
    return None


def pairable(claimed: Value, evidence: Value) -> bool:
    """Whether ``evidence`` is a value of the same kind and class as ``claimed`` (a
    claimed year pairs with a dated fact's year, a month with a date's month)."""
    if not (claimed.comparable and evidence.comparable):
        return False
    kind, other = claimed.kind, evidence.kind
    if kind == "year":
        return other == "year" or (other == "date" and _year_of(evidence.value) is not None)
    if kind == "month":
        return other == "month" or (other == "date" and _month_of(evidence.value) is not None)
    if kind != other:
        return False
    if kind in ("money", "measure"):
        return claimed.dimension == evidence.dimension
    if kind == "percent":
        return True
    return kind in ("number", "date")


def _numbers_agree(claimed: Value, evidence: Value) -> bool | None:
    c, e = claimed.value, evidence.value
    if not isinstance(c, Decimal) or not isinstance(e, Decimal):
        return False
    if claimed.unit != evidence.unit:
        return _converted_agree(claimed, c, evidence, e)
    if c == e:
        return True
    try:
        if claimed.precision < evidence.precision:
            quantum = Decimal(1).scaleb(-claimed.precision)
            return e.quantize(quantum, ROUND_HALF_UP, _CONTEXT) == c
        if claimed.precision > evidence.precision:
            quantum = Decimal(1).scaleb(-evidence.precision)
            if c.quantize(quantum, ROUND_HALF_UP, _CONTEXT) == e:
                return None  # the claim is more precise than the evidence: cannot tell
    except InvalidOperation:
        return False
    return False


#: The two units a "calorie" may be.
_CALORIES = frozenset({"cal", "kcal"})


def _converted_agree(claimed: Value, c: Decimal, evidence: Value, e: Decimal) -> bool | None:
    """A measure against one in another unit of its dimension: the evidence converted into
    the claim's unit must equal the claim, or round to it at the claim's precision ("5 km"
    and "5,000 m", "3 years" and "36 months"); a claim that the evidence, converted the
    other way and rounded to the evidence's precision, bears out is only more precise."""
    if {claimed.unit, evidence.unit} == _CALORIES:
        # a "calorie" on a food label is a kilocalorie, and a small calorie elsewhere:
        # "420 calories" bears out "420 kcal", and so would "420,000 calories"
        small, large = (c, e) if claimed.unit == "cal" else (e, c)
        return small in (large, large * 1000)
    theirs = convert(e, evidence.unit, claimed.unit)
    if theirs is None:
        span = calendar_range(e, evidence.unit, claimed.unit)
        if span is None:
            return False
        # "3 months" and "90 days" agree, "6 months" and "90 days" do not: the claim,
        # at its precision, must meet the span the evidence's figure may hold
        return meets_at_precision(c, claimed.precision, span)
    if theirs == c or rounds_to(theirs, claimed.precision, c):
        return True
    if across_systems(claimed.unit, evidence.unit) and _round_conversion(c, theirs):
        return True
    mine = convert(c, claimed.unit, evidence.unit)
    if mine is not None and rounds_to(mine, evidence.precision, e):
        return None
    return False


#: Units of the imperial and US customary systems: a figure converted from or into one of
#: them is stated round ("100,000 miles" for "160,000 km").
CUSTOMARY_UNITS: frozenset[str] = frozenset(
    "in ft yd mi nmi ft2 mi2 acre ton lb oz gal pint bbl mph kn deg:F".split()
)


def across_systems(unit: str | None, other: str | None) -> bool:
    """Whether two units belong to the metric and the customary systems, one each."""
    return (
        unit is not None
        and other is not None
        and ((unit in CUSTOMARY_UNITS) != (other in CUSTOMARY_UNITS))
    )


#: How far a round claimed figure may stand from the converted evidence (a share of it).
_ROUND_CONVERSION = Decimal("0.05")


def _round_conversion(claimed: Decimal, converted: Decimal) -> bool:
    """Whether a whole claimed figure ending in zeros is the converted evidence rounded
    to those zeros, within 5% ("100,000 miles" for "160,000 km", 99,419 miles): a
    conversion between unit systems (:func:`across_systems`) is stated round. "300 miles"
    for 261 is too far."""
    if claimed <= 0 or claimed != claimed.to_integral_value():
        return False
    digits = str(int(claimed))
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == 0:
        return False
    return (
        rounds_to(converted, -zeros, claimed)
        and abs(converted - claimed) <= _ROUND_CONVERSION * claimed
    )


def _dates_agree(claimed: ValueType, evidence: ValueType) -> bool | None:
    if isinstance(claimed, date):
        if isinstance(evidence, date):
            return claimed == evidence
        if isinstance(evidence, tuple) and len(evidence) == 2:
            if (claimed.year, claimed.month) == evidence:
                return None
            return False
        if isinstance(evidence, tuple) and len(evidence) == 3:
            return False if (claimed.month, claimed.day) != evidence[1:] else None
        return False
    if isinstance(claimed, tuple) and len(claimed) == 2:
        if isinstance(evidence, date):
            return (evidence.year, evidence.month) == claimed
        if isinstance(evidence, tuple) and len(evidence) == 2:
            return evidence == claimed
        if isinstance(evidence, tuple) and len(evidence) == 3:
            return False if evidence[1] != claimed[1] else None
        return False
    if isinstance(claimed, tuple) and len(claimed) == 3:
        if isinstance(evidence, date):
            return (evidence.month, evidence.day) == claimed[1:]
        if isinstance(evidence, tuple) and len(evidence) == 3:
            return evidence == claimed
        if isinstance(evidence, tuple) and len(evidence) == 2:
            return False if evidence[1] != claimed[1] else None
    return False


def agree(claimed: Value, evidence: Value) -> bool | None:
    """True when ``evidence`` bears ``claimed`` out (equal, or the claim rounds it to its
    own precision: "8849 metres" and "8,848.86 metres", after converting the evidence
    into the claim's unit: "5 km" and "5,000 metres"); False when they differ (a unit
    that does not convert, "2 tons" against "2 tonnes", differs); None when the claim says more than the
    evidence and does not contradict it ("8,848.86" against "8849", a day against a month).
    Only meaningful for :func:`pairable` values."""
    kind = claimed.kind
    if kind == "year":
        year = _year_of(evidence.value) if evidence.kind == "date" else None
        if evidence.kind == "year":
            return claimed.value == evidence.value
        return None if year is None else claimed.value == Decimal(year)
    if kind == "month":
        month = evidence.value if evidence.kind == "month" else _month_of(evidence.value)
        return claimed.value == month
    if kind == "date":
        return _dates_agree(claimed.value, evidence.value)
    number = evidence.value
    if kind == "percent" and isinstance(number, Decimal) and number < 0 < _number_or_zero(claimed):
        # "fell 7.2%" against "–7.2%": the size agrees; the direction is the figure
        # check's to compare (a change written with its sign)
        return _numbers_agree(claimed, replace(evidence, value=-number))
    return _numbers_agree(claimed, evidence)


def _number_or_zero(value: Value) -> Decimal:
    """A figure's number, or zero when it has none."""
    return value.value if isinstance(value.value, Decimal) else Decimal(0)


def same_figure(claimed: Value, evidence: Value) -> bool:
    """The same figure read as values of different kinds, which never pair as a
    mismatch: a claimed "2000" (a year) and an evidence "2,000" (a number) or the
    reverse, and a bare claimed number with the same number and a unit ("54" and
    "54-year-old")."""
    if not claimed.comparable or evidence.value is None:
        return False
    kinds = {claimed.kind, evidence.kind}
    if kinds == {"year", "number"} and evidence.unit is None and claimed.unit is None:
        return claimed.value == evidence.value
    if claimed.kind == "number" and claimed.unit is None:
        return evidence.kind in ("percent", "money", "measure") and evidence.value == claimed.value
    return False

"""Ranges: two figures close together that are the ends of one range ("400-500", "between
3 and 5", "from 3 to 5", "2 or 3") are marked ``range`` and not compared."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise

from grounding_guard.text.figures.context import prev_words
from grounding_guard.text.figures.raw import Raw
from grounding_guard.text.figures.words import CHANGE_VERBS

__all__ = ["mark_ranges"]

_QUANTITIES = frozenset({"number", "percent", "money", "measure"})


def _range_kinds(left: Raw, right: Raw) -> bool:
    """Whether two values can be the ends of one range: the same kind, or a bare number
    before a quantity ("400–500 metres", "$400–500"), and never a year and a count
    ("in 2023 to 7 billion")."""
    if left.kind == right.kind:
        return left.kind != "number" or left.unit == right.unit
    if left.kind == "number" and right.kind == "date" and _day_number(left):
        return True  # a range of days: "from 12 to 18 April 2015"
    kinds = {left.kind, right.kind}
    if "number" in kinds and kinds <= _QUANTITIES:
        bare = left if left.kind == "number" else right
        return bare.unit is None and bare.note != "name"
    return kinds <= {"date", "month"}


def _day_number(raw: Raw) -> bool:
    value = raw.value
    return (
        raw.unit is None
        and raw.note is None
        and isinstance(value, Decimal)
        and value == value.to_integral_value()
        and 1 <= value <= 31
    )


def _alternatives(left: Raw, right: Raw) -> bool:
    """Two figures far apart joined by "or" ("a €10 or €50 coin") are two values, not the
    vague range of close ones ("2 or 3 days")."""
    a, b = left.value, right.value
    if not isinstance(a, Decimal) or not isinstance(b, Decimal) or a <= 0 or b <= 0:
        return False
    return max(a, b) > 2 * min(a, b)


def mark_ranges(clean: str, raws: list[Raw]) -> None:
    for left, right in pairwise(raws):
        if right.start < left.end or right.start - left.end > 12:
            continue
        gap = clean[left.end : right.start].strip().lower()
        if not _range_kinds(left, right):
            continue
        if gap == "or" and _alternatives(left, right):
            continue
        if left.kind == "number" and right.kind == "date":
            if gap in (
                "-",
                "—",
                "–",
                "to",
                "through",
                "thru",
                "till",
                "until",
                "and",
                "&",
                "or",
                ",",
            ):
                # the first day of a range or list of days ("12 to 18 April 2015", "5 and
                # 6 May"): a part of a date, never a count; the date stays
                left.note = "range"
            continue
        if gap in ("-", "—", "–", "to", "through", "thru", "till", "until", "and", "or"):
            words = prev_words(clean, left.start, 3)
            if gap == "and" and "between" not in words[-2:]:
                continue
            if gap in ("till", "until") and "from" not in words[-2:]:
                continue
            if gap in ("to", "till", "until") and "from" in words[-2:]:
                before_from = words[: words.index("from")] if "from" in words else []
                if before_from and before_from[-1] in CHANGE_VERBS:
                    continue
                if len(words) >= 3 and words[-3] in CHANGE_VERBS and words[-2] == "from":
                    continue
                if words[-1:] == ["from"]:
                    wider = prev_words(clean, left.start, 4)
                    if len(wider) >= 2 and wider[-2] in CHANGE_VERBS:
                        continue
            for raw in (left, right):
                if raw.note is None or raw.note == "range":
                    raw.note = "range"

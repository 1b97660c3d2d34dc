"""The record a figure is read into (:class:`Raw`, clean offsets) and the spans already
read (:class:`Taken`), shared by every reader."""

from __future__ import annotations

from bisect import bisect_right

from grounding_guard.text.figures.value import ValueType

__all__ = ["REACH", "Raw", "Taken"]

#: How far back (in characters) the reader looks for a sign, a name or a word: bounded,
#: so that reading stays linear in the text's length whatever the text.
REACH = 48


class Taken:
    """Spans already read (sorted, not overlapping), asked whether they hold an offset."""

    __slots__ = ("ends", "starts")

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        spans = sorted(spans)
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]

    def holds(self, offset: int) -> bool:
        index = bisect_right(self.starts, offset) - 1
        return index >= 0 and offset < self.ends[index]


class Raw:
    """A value being read (clean offsets)."""

    __slots__ = (
        "dimension",
        "end",
        "kind",
        "month",
        "name",
        "note",
        "precision",
        "start",
        "unit",
        "value",
        "year",
    )

    def __init__(
        self,
        start: int,
        end: int,
        kind: str,
        value: ValueType,
        unit: str | None = None,
        precision: int = 0,
        note: str | None = None,
    ) -> None:
        self.start = start
        self.end = end
        self.kind = kind
        self.value = value
        self.unit = unit
        self.precision = precision
        self.note = note
        self.name: str | None = None
        self.dimension: str | None = None
        self.year: tuple[int, int] | None = None
        self.month: tuple[int, int] | None = None

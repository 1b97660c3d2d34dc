"""A markdown table row read against its header: what each cell claims.

A data row such as ``| Corvalex | 4 g [1] |`` under ``| Drug | Maximum daily dose |``
claims "the maximum daily dose of Corvalex is 4 g", not just "Corvalex 4 g". The term
checks (figures, negation, opposites) read the row as header/cell pairs
(``Drug: Corvalex, Maximum daily dose: 4 g``), so that "maximum" meets "minimum" in the
evidence and a unit in the header meets the bare figure of a cell. The text is new, so a
piece map takes every span found in it back to the answer: into the cell or the header
cell it came from.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import pairwise

from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures.reader import read_values
from grounding_guard.text.figures.units import CURRENCY_CODES, CURRENCY_SIGNS
from grounding_guard.types import Span

__all__ = ["RowReading", "TableRow", "bare_number", "cells", "header_unit", "table_row"]

#: What joins a header cell to its row cell, and one pair to the next.
_PAIR = ": "
_NEXT = ", "


def cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The cells of the table line ``text[start:end]``: ``(start, end)`` of each cell's
    trimmed content (empty cells included, as an empty span), split at pipes that no
    backslash escapes; the outer pipes of the line open and close no cell."""
    pipes = [i for i in _pipes(text, start, end) if i == start or text[i - 1] != "\\"]
    line = text[start:end]
    lead = len(line) - len(line.lstrip())
    trail = len(line.rstrip())
    bounds = [start - 1, *pipes, end]
    if pipes and pipes[0] == start + lead:  # a leading pipe opens no cell before it
        bounds = bounds[1:]
    if len(bounds) > 2 and bounds[-2] == start + trail - 1:  # nor a trailing one after it
        bounds = bounds[:-1]
    found: list[tuple[int, int]] = []
    for left, right in pairwise(bounds):
        a, b = left + 1, right
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        found.append((a, b))
    return found


#: A header cell that ends in its unit: "Weight (kg)", "Dose [mg]".
_HEADER_UNIT_RE = re.compile(r"[(\[]\s*([^()\[\]]{1,16}?)\s*[)\]]\s*$")
#: A cell that is only a number (it takes the unit its header names).
_BARE_NUMBER_RE = re.compile(r"[-+\u2212]?(?:\d[\d,.\u202f\u00a0' ]*\d|\d)\Z")


def bare_number(cell: str) -> bool:
    """Whether a cell's text is only a number (it then takes the unit its header names)."""
    return _BARE_NUMBER_RE.match(cell) is not None


def header_unit(text: str, start: int, end: int) -> tuple[Span | None, Span | None] | None:
    """The unit a header cell ``text[start:end]`` names in brackets ("Weight (kg)",
    "Revenue (USD million)"), as what goes before a bare figure and what goes after it;
    ``None`` unless the bracket reads as a unit, currency or scale (not a year or a note).
    """
    found = _HEADER_UNIT_RE.search(text, start, end)
    if found is None:
        return None
    written = found.group(1)
    first, _, rest = written.partition(" ")
    at = found.start(1)
    if first in CURRENCY_SIGNS or first in CURRENCY_CODES:  # "USD million": USD 40 million
        rendered = f"{first} 1 {rest}".rstrip()
        before: Span | None = Span(at, at + len(first))
        after = Span(at + len(first) + 1, found.end(1)) if rest else None
    else:
        rendered = f"1 {written}"
        before, after = None, Span(at, found.end(1))
    read = read_values(rendered)
    if len(read) != 1 or read[0].span != Span(0, len(rendered)):
        return None
    if read[0].unit is None and read[0].value == 1:
        return None
    return before, after


@bounded_cache(64, 1 << 20)
def _line_cells(line: str) -> tuple[tuple[int, int], ...]:
    """:func:`cells` of a whole header line, kept: every row of a table reads its header,
    and a wide header read again for each of many rows would cost rows x columns."""
    return tuple(cells(line, 0, len(line)))


def _pipes(text: str, start: int, end: int) -> list[int]:
    """Every ``|`` in ``text[start:end]``."""
    found: list[int] = []
    index = text.find("|", start, end)
    while index != -1:
        found.append(index)
        index = text.find("|", index + 1, end)
    return found


@dataclass(frozen=True, slots=True)
class RowReading:
    """A row as header/cell pairs: ``text``, and ``pieces`` ``(at, answer_start, length,
    cell)`` saying where each piece of ``text`` (from ``at``) was read in the answer, and
    whether it came from the row's own cells (else from the header)."""

    text: str
    pieces: tuple[tuple[int, int, int, bool], ...]

    def to_answer(self, span: Span) -> Span:
        """``span`` (offsets into :attr:`text`) as offsets into the answer. A span within
        one piece maps through it; one across pieces maps to its part in the first row
        cell it touches ("$ 12" is the cell "12"), else in its first piece; a span wholly
        within a joiner maps to the piece after it."""
        pieces = self.pieces
        starts = [piece[0] for piece in pieces]
        first = max(0, bisect_right(starts, span.start) - 1)
        if span.start >= pieces[first][0] + pieces[first][2] and first + 1 < len(pieces):
            first += 1
        last = max(first, bisect_right(starts, max(span.start, span.end - 1)) - 1)
        chosen = next((k for k in range(first, last + 1) if pieces[k][3]), first)
        at, origin, length, _ = pieces[chosen]
        begin = origin + max(0, min(span.start - at, length))
        finish = origin + max(0, min(span.end - at, length))
        if finish <= begin:
            return Span(origin, origin + max(1, length))
        return Span(begin, finish)


@dataclass(frozen=True, slots=True)
class TableRow:
    """A data row and its header: ``cells`` holds, per non-empty row cell, its span in
    the answer, its text, its header cell's text (``""`` when none) and the unit the
    header names for a bare figure (see :func:`header_unit`). :meth:`read` writes it
    out with the header cells of some columns."""

    answer: str
    cells: tuple[tuple[Span, str, Span | None, tuple[Span | None, Span | None] | None], ...]

    @property
    def has_units(self) -> bool:
        """Whether a bare figure of the row takes a unit from its header."""
        return any(unit is not None for _, _, _, unit in self.cells)

    def headers(self) -> list[tuple[int, str]]:
        """``(column, header text)`` of each cell whose header names it."""
        return [
            (column, head.of(self.answer))
            for column, (_, _, head, _) in enumerate(self.cells)
            if head is not None
        ]

    def read(self, columns: frozenset[int]) -> RowReading:
        """The row as ``header: cell`` pairs, with the header of ``columns`` only (each
        other cell stands alone); a bare figure always takes its header's unit."""
        parts: list[str] = []
        pieces: list[tuple[int, int, int, bool]] = []
        size = 0

        def add(text: str, origin: int | None, cell: bool) -> None:
            nonlocal size
            if origin is not None:
                pieces.append((size, origin, len(text), cell))
            parts.append(text)
            size += len(text)

        answer = self.answer
        for column, (where, content, head, unit) in enumerate(self.cells):
            if parts:
                add(_NEXT, None, False)
            if head is not None and column in columns:
                add(head.of(answer), head.start, False)
                add(_PAIR, None, False)
            before, after = unit if unit is not None else (None, None)
            if before is not None:  # "Price ($) | 5" reads "$ 5"
                add(before.of(answer), before.start, False)
                add(" ", None, False)
            add(content, where.start, True)
            if after is not None:  # "Weight (kg) | 47" reads "47 kg"
                add(" ", None, False)
                add(after.of(answer), after.start, False)
        return RowReading("".join(parts), tuple(pieces))


def table_row(answer: str, header: Span, row: Span, row_text: str) -> TableRow | None:
    """The row at ``row`` (``row_text`` is its text with markers blanked, same length)
    with the header line at ``header``; ``None`` when the header names none of its
    non-empty cells."""
    line = header.of(answer)
    head = [(header.start + a, header.start + b) for a, b in _line_cells(line)]
    found: list[tuple[Span, str, Span | None, tuple[Span | None, Span | None] | None]] = []
    named = False
    for column, (a, b) in enumerate(cells(row_text, 0, len(row_text))):
        content = row_text[a:b].strip()
        if not content:
            continue
        a += len(row_text[a:b]) - len(row_text[a:b].lstrip())
        where = Span(row.start + a, row.start + a + len(content))
        head_span: Span | None = None
        unit = None
        if column < len(head) and head[column][1] > head[column][0]:
            head_span = Span(*head[column])
            named = True
            if bare_number(content):
                unit = header_unit(answer, head_span.start, head_span.end)
        found.append((where, content, head_span, unit))
    if not named:
        return None
    return TableRow(answer, tuple(found))

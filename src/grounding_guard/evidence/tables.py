"""Markdown tables in an evidence chunk, read row by row against their header.

A price list or a dose table holds one fact per cell: "the X14 costs 1,199 euros" is the
X14 row's Price cell, not any figure of the table. Each table is found by its delimiter
row (``|---|---|``) under a header line; each data row keeps its cells' spans, the
figures each cell states (a bare number takes the unit its header names: "Weight (kg)"),
and the words that tell it from the table's other rows: the words of its *label* cells
(a column whose cells are all names, no two alike, such as "Model" or "City"; a year
column only when it comes first) that no other row's cell of that column has. A claim
that holds such a word of exactly one row *names* that row (:meth:`EvidenceTable.named`).

Tables are read once per chunk text and kept (bounded); a chunk without a pipe costs one
search. A cell's figures are read only when a check asks for its row (or, for the bare
numbers under a header that names a unit, for those cells), so a long table costs one
pass over its lines until a claim names one of its rows.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, replace

from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures import GENERIC, Preset, Value, read_values_cached
from grounding_guard.text.figures.index import FigureIndex
from grounding_guard.text.lexicon import STOPWORDS
from grounding_guard.text.markdown import is_delimiter_row
from grounding_guard.text.tables import bare_number, cells, header_unit
from grounding_guard.types import Span

__all__ = [
    "EvidenceRow",
    "EvidenceTable",
    "evidence_tables",
    "header_unit_values",
    "with_header_units",
    "words_of",
]

_WORD_RE = re.compile(r"\w+")
_DIGIT_RE = re.compile(r"\d")


def words_of(text: str) -> frozenset[str]:
    """The case-folded words of ``text`` (runs of letters, digits and underscores)."""
    return frozenset(_WORD_RE.findall(text.casefold()))


@dataclass(frozen=True, slots=True)
class EvidenceRow:
    """One data row: its line, each column's cell span (empty cells as empty spans), its
    label (the first label cell's text, for messages) and the words that name it among
    the table's rows."""

    line: Span
    cells: tuple[Span, ...]
    label: str
    names: frozenset[str]


class EvidenceTable:
    """One table of a chunk: its header cells' texts, its data rows, and each row's
    figures per column on first ask (:meth:`values`). Reading is pure: a race between
    threads reads a row twice, never differently."""

    __slots__ = (
        "_columns",
        "_locale",
        "_naming",
        "_preset",
        "_read",
        "_starts",
        "_text",
        "_units",
        "header",
        "rows",
    )

    def __init__(
        self,
        text: str,
        heads: list[Span],
        rows: tuple[EvidenceRow, ...],
        locale: str | None,
        preset: Preset,
    ) -> None:
        self.header = tuple(" ".join(h.of(text).split()) for h in heads)
        self.rows = rows
        self._text = text
        self._locale = locale
        self._preset = preset
        # column -> the unit its header names, for the bare numbers below it
        self._units: dict[int, tuple[Span | None, Span | None]] = {}
        for column, head in enumerate(heads):
            unit = header_unit(text, head.start, head.end) if head.end > head.start else None
            if unit is not None:
                self._units[column] = unit
        self._read: dict[int, tuple[tuple[Value, ...], ...]] = {}
        self._columns: dict[int, tuple[list[tuple[int, Value]], FigureIndex]] = {}
        self._starts = [row.line.start for row in rows]
        self._naming: dict[str, list[int]] = {}  # naming word -> the rows it names
        for index, row in enumerate(rows):
            for word in row.names:
                self._naming.setdefault(word, []).append(index)

    def row_at(self, offset: int) -> int | None:
        """The index of the row whose line holds chunk offset ``offset``, if one does."""
        index = bisect_right(self._starts, offset) - 1
        if index >= 0 and offset < self.rows[index].line.end:
            return index
        return None

    def column(self, column: int) -> tuple[list[tuple[int, Value]], FigureIndex]:
        """Every figure of ``column`` as ``(row index, value)``, with an index of them by
        what they may agree with (read once per column, on first ask)."""
        found = self._columns.get(column)
        if found is None:
            cells = [
                (index, value)
                for index in range(len(self.rows))
                for value in (
                    self.values(index)[column] if column < len(self.rows[index].cells) else ()
                )
            ]
            found = self._columns[column] = (cells, FigureIndex([v for _, v in cells]))
        return found

    def named(self, words: frozenset[str]) -> int | None:
        """The index of the one row whose naming words ``words`` holds; ``None`` when it
        names no row or several (a comparison of two rows is no claim about one)."""
        found: set[int] = set()
        for word in words:
            rows = self._naming.get(word)
            if rows is not None:
                found.update(rows)
                if len(found) > 1:
                    return None
        return next(iter(found)) if found else None

    def values(self, index: int) -> tuple[tuple[Value, ...], ...]:
        """The comparable figures of each cell of row ``index``, spans into the chunk; a
        bare number under a header that names a unit is read with it."""
        found = self._read.get(index)
        if found is None:
            found = self._read[index] = tuple(
                self._cell(column, cell) for column, cell in enumerate(self.rows[index].cells)
            )
        return found

    def header_unit_values(self) -> list[Value]:
        """The bare numbers that take the unit their header names ("Weight (kg) | 1.3" is
        1.3 kg), in text order; only those cells are read."""
        found: list[Value] = []
        if not self._units:
            return found
        text = self._text
        for row in self.rows:
            for column, cell in enumerate(row.cells):
                if column in self._units and bare_number(cell.of(text)):
                    found.extend(self._cell(column, cell))
        return found

    def _cell(self, column: int, cell: Span) -> tuple[Value, ...]:
        text, locale, preset = self._text, self._locale, self._preset
        written = cell.of(text)
        if not written:
            return ()
        unit = self._units.get(column)
        if unit is not None and bare_number(written):
            before, after = unit
            parts = (before.of(text) if before else "", written, after.of(text) if after else "")
            read = read_values_cached(" ".join(part for part in parts if part), locale, preset)
            if len(read) == 1 and read[0].comparable:
                return (_at(read[0], cell),)
        return tuple(
            _at(value, value.span.shift(cell.start), cell.start)
            for value in read_values_cached(written, locale, preset)
            if value.comparable
        )


def evidence_tables(
    text: str, locale: str | None = None, preset: Preset = GENERIC
) -> tuple[EvidenceTable, ...]:
    """Every markdown table in ``text`` with at least two data rows, in text order (kept
    per text: a chunk that every claim asks about is searched for a pipe once, not once
    per claim)."""
    return _tables(text, locale, preset)


def header_unit_values(
    text: str, locale: str | None = None, preset: Preset = GENERIC
) -> tuple[Value, ...]:
    """The bare numbers of ``text``'s tables that take the unit their header names
    ("Weight (kg) | 1.3" is 1.3 kg), spans into ``text``, in text order."""
    return tuple(
        value
        for table in evidence_tables(text, locale, preset)
        for value in table.header_unit_values()
    )


def with_header_units(
    values: tuple[Value, ...], united: tuple[Value, ...], offset: int, length: int
) -> tuple[Value, ...]:
    """``values`` (read from the ``length`` characters at ``offset`` of the chunk) with
    each bare number that ``united`` (:func:`header_unit_values`) reads with its header's
    unit put in its place; spans stay relative to the text read."""
    if not united:
        return values
    end = offset + length
    mine = [replace(u, span=u.span.shift(-offset)) for u in united if offset <= u.span.start < end]
    if not mine:
        return values
    kept = [
        v
        for v in values
        if not any(v.span.start < u.span.end and u.span.start < v.span.end for u in mine)
    ]
    return tuple(sorted([*kept, *mine], key=lambda v: v.span.start))


@bounded_cache(256, 4_000_000)
def _tables(text: str, locale: str | None, preset: Preset) -> tuple[EvidenceTable, ...]:
    if "|" not in text:
        return ()
    lines: list[Span] = []
    start = 0
    for piece in text.splitlines(keepends=True):
        body = piece.rstrip("\r\n")
        lines.append(Span(start, start + len(body)))
        start += len(piece)
    tables: list[EvidenceTable] = []
    index = 1
    while index < len(lines):
        line = lines[index]
        head = lines[index - 1]
        if not (is_delimiter_row(line.of(text)) and "|" in head.of(text)):
            index += 1
            continue
        rows: list[Span] = []
        index += 1
        while index < len(lines) and "|" in lines[index].of(text):
            rows.append(lines[index])
            index += 1
        if len(rows) >= 2:
            tables.append(_read_table(text, head, rows, locale, preset))
    return tuple(tables)


def _read_table(
    text: str, head: Span, lines: list[Span], locale: str | None, preset: Preset
) -> EvidenceTable:
    heads = [Span(a, b) for a, b in cells(text, head.start, head.end)]
    grid = [[Span(a, b) for a, b in cells(text, line.start, line.end)] for line in lines]
    columns = max(len(row) for row in grid)
    labels = [c for c in range(columns) if _is_label_column(text, grid, c, locale, preset)]
    # per label column: each cell's words, and how many rows' cells hold each word (a
    # word of one row only names it; counted once per column, so the work stays linear)
    words = {c: [words_of(row[c].of(text)) for row in grid] for c in labels}
    held = {c: Counter(word for cell in words[c] for word in cell) for c in labels}
    rows: list[EvidenceRow] = []
    for r, row in enumerate(grid):
        names = {
            word
            for c in labels
            for word in words[c][r]
            if held[c][word] == 1 and word not in STOPWORDS and (len(word) > 1 or word.isdigit())
        }
        label = " ".join(row[labels[0]].of(text).split()) if labels else ""
        rows.append(EvidenceRow(lines[r], tuple(row), label, frozenset(names)))
    return EvidenceTable(text, heads, tuple(rows), locale, preset)


def _at(value: Value, span: Span, offset: int | None = None) -> Value:
    """``value`` located at ``span`` of the chunk; its year and month spans move by
    ``offset`` (dropped when ``None``: the value was read from a rendered text)."""

    def moved(inner: Span | None) -> Span | None:
        return None if inner is None or offset is None else inner.shift(offset)

    return replace(
        value, span=span, year_span=moved(value.year_span), month_span=moved(value.month_span)
    )


def _is_label_column(
    text: str, grid: list[list[Span]], column: int, locale: str | None, preset: Preset
) -> bool:
    """Whether every row's cell in ``column`` is a name, no two alike: a cell with a
    letter and no comparable figure ("X14", "Basic", "March"), or a year when the column
    comes first. Only a cell with a digit is read for figures."""
    seen: set[str] = set()
    for row in grid:
        if column >= len(row):
            return False
        written = " ".join(row[column].of(text).split()).casefold()
        if not written or written in seen:
            return False
        seen.add(written)
        if _DIGIT_RE.search(written):
            figures = [v for v in read_values_cached(written, locale, preset) if v.comparable]
            if figures:
                if column != 0 or any(v.kind != "year" for v in figures):
                    return False
                continue
        if not any(ch.isalpha() for ch in written):
            return False
    return True

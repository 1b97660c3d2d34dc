"""Markdown tables in an evidence chunk, read row by row against their header.

A price list or a dose table holds one fact per cell: "the X14 costs 1,199 euros" is the
X14 row's Price cell, not any figure of the table. Each table is found by its delimiter
row (``|---|---|``) under a header line; each data row keeps its cells' spans, the
values each cell states (a bare number takes the unit its header names: "Weight (kg)"),
and the words that tell it from the table's other rows: the words of its *label* cells
(a column whose cells are all names, no two alike, such as "Model" or "City"; a year
column only when it comes first) that no other row's cell of that column has. A claim
that holds such a word of exactly one row *names* that row (:meth:`EvidenceTable.named`).

Tables are read once per chunk text and kept (bounded); a chunk without a pipe costs one
search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures import GENERIC, Preset, Value, read_values_cached
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


def words_of(text: str) -> frozenset[str]:
    """The case-folded words of ``text`` (runs of letters, digits and underscores)."""
    return frozenset(_WORD_RE.findall(text.casefold()))


@dataclass(frozen=True, slots=True)
class EvidenceRow:
    """One data row: its line, each column's cell span (empty cells as empty spans), the
    comparable values per column (spans into the chunk), its label (the first label
    cell's text, for messages), the words that name it among the table's rows, and the
    columns whose bare number took the unit its header names."""

    line: Span
    cells: tuple[Span, ...]
    values: tuple[tuple[Value, ...], ...]
    label: str
    names: frozenset[str]
    header_units: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class EvidenceTable:
    """One table of a chunk: its header cells' texts and its data rows."""

    header: tuple[str, ...]
    rows: tuple[EvidenceRow, ...]

    def named(self, words: frozenset[str]) -> EvidenceRow | None:
        """The one row whose naming words ``words`` holds; ``None`` when it names no row
        or several (a comparison of two rows is no claim about one)."""
        found: EvidenceRow | None = None
        for row in self.rows:
            if row.names and not row.names.isdisjoint(words):
                if found is not None:
                    return None
                found = row
        return found


def evidence_tables(
    text: str, locale: str | None = None, preset: Preset = GENERIC
) -> tuple[EvidenceTable, ...]:
    """Every markdown table in ``text`` with at least two data rows, in text order."""
    if "|" not in text:
        return ()
    return _tables(text, locale, preset)


def header_unit_values(
    text: str, locale: str | None = None, preset: Preset = GENERIC
) -> tuple[Value, ...]:
    """The bare numbers of ``text``'s tables that take the unit their header names
    ("Weight (kg) | 1.3" is 1.3 kg), spans into ``text``, in text order."""
    return tuple(
        value
        for table in evidence_tables(text, locale, preset)
        for row in table.rows
        for column in sorted(row.header_units)
        for value in row.values[column]
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
    header = [Span(a, b) for a, b in cells(text, head.start, head.end)]
    grid = [[Span(a, b) for a, b in cells(text, line.start, line.end)] for line in lines]
    values: list[tuple[tuple[Value, ...], ...]] = []
    united: list[frozenset[int]] = []  # per row: the columns read with their header's unit
    for row in grid:
        read = [
            _cell_values(text, cell, header[c] if c < len(header) else None, locale, preset)
            for c, cell in enumerate(row)
        ]
        values.append(tuple(found for found, _ in read))
        united.append(frozenset(c for c, (_, unit) in enumerate(read) if unit))
    columns = max(len(row) for row in grid)
    labels = [c for c in range(columns) if _is_label_column(text, grid, values, c)]
    rows: list[EvidenceRow] = []
    for r, row in enumerate(grid):
        names: set[str] = set()
        for c in labels:
            others: set[str] = set()
            for k, other in enumerate(grid):
                if k != r:
                    others |= words_of(other[c].of(text))
            names |= {
                w
                for w in words_of(row[c].of(text)) - others
                if w not in STOPWORDS and (len(w) > 1 or w.isdigit())
            }
        label = " ".join(row[labels[0]].of(text).split()) if labels else ""
        rows.append(
            EvidenceRow(lines[r], tuple(row), values[r], label, frozenset(names), united[r])
        )
    return EvidenceTable(tuple(" ".join(h.of(text).split()) for h in header), tuple(rows))


def _cell_values(
    text: str, cell: Span, head: Span | None, locale: str | None, preset: Preset
) -> tuple[tuple[Value, ...], bool]:
    """The comparable values a cell states, spans into the chunk, and whether it took its
    header's unit: a bare number under a header that names one ("Price (EUR)") is read
    with it and spans the number."""
    written = cell.of(text)
    if not written:
        return (), False
    if head is not None and bare_number(written):
        unit = header_unit(text, head.start, head.end)
        if unit is not None:
            before, after = unit
            rendered = " ".join(
                part
                for part in (
                    before.of(text) if before else "",
                    written,
                    after.of(text) if after else "",
                )
                if part
            )
            read = read_values_cached(rendered, locale, preset)
            if len(read) == 1 and read[0].comparable:
                return (_at(read[0], cell),), True
    found = tuple(
        _at(value, value.span.shift(cell.start), cell.start)
        for value in read_values_cached(written, locale, preset)
        if value.comparable
    )
    return found, False


def _at(value: Value, span: Span, offset: int | None = None) -> Value:
    """``value`` located at ``span`` of the chunk; its year and month spans move by
    ``offset`` (dropped when ``None``: the value was read from a rendered text)."""

    def moved(inner: Span | None) -> Span | None:
        return None if inner is None or offset is None else inner.shift(offset)

    return replace(
        value, span=span, year_span=moved(value.year_span), month_span=moved(value.month_span)
    )


def _is_label_column(
    text: str, grid: list[list[Span]], values: list[tuple[tuple[Value, ...], ...]], column: int
) -> bool:
    """Whether every row's cell in ``column`` is a name, no two alike: a cell with a
    letter and no comparable figure, or a year when the column comes first."""
    seen: set[str] = set()
    for row, read in zip(grid, values, strict=True):
        if column >= len(row):
            return False
        written = " ".join(row[column].of(text).split()).casefold()
        if not written or written in seen:
            return False
        seen.add(written)
        figures = read[column]
        if figures:
            if column != 0 or any(v.kind != "year" for v in figures):
                return False
        elif not any(ch.isalpha() for ch in written):
            return False
    return True

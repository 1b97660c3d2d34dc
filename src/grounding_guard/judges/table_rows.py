"""A figure taken from the wrong row of an evidence table.

"The X14 costs 1,599 euros" against a price table whose X14 row says 1,199 euros and
whose X16 row says 1,599 euros holds a figure the evidence states, so word overlap and the
sentence-level figure check (:mod:`~grounding_guard.judges.figures`) can both let it
through. Read against the table (:mod:`~grounding_guard.evidence.tables`), it is a
contradiction: the claim names one row (X14) and gives, for a column, the figure of
another row (X16) where its own row holds a different one. That is ``value_mismatch``,
with the claim's figure and the named row's cell as spans.

It fires only when all of these hold, so that a flag is right when it fires:

- the claim names exactly one row of the table (a word only that row's label cells hold);
- the claimed figure is borne out by no figure of the named row;
- another row holds the claimed figure in a column where the named row holds a figure of
  the same kind that differs;
- the claimed figure stands nowhere else in the cited evidence (not in prose, not in
  another table), only in other rows of this one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.evidence.tables import (
    EvidenceRow,
    EvidenceTable,
    evidence_tables,
    header_unit_values,
    with_header_units,
    words_of,
)
from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures import (
    GENERIC,
    VALUE_WORDS,
    Preset,
    Value,
    agree,
    pairable,
    read_fresh,
    read_values_cached,
    resolve_preset,
    same_figure,
)
from grounding_guard.text.figures.index import FigureIndex
from grounding_guard.text.figures.intervals import Interval, implies, qualified
from grounding_guard.types import Reason, Span

__all__ = ["check_table_rows"]

#: Codes that already speak for a claimed figure: a second reason would repeat them.
_SPOKEN_FOR = frozenset({"value_mismatch", "value_not_in_evidence"})


class _Claimed:
    """One figure of the claim as the table check reads it: an exact value, or a bound,
    approximation or range as an interval ("about 53,000"), with how an evidence figure
    stands to it."""

    __slots__ = ("interval", "span", "value")

    def __init__(self, value: Value, interval: Interval | None = None) -> None:
        # an interval's figure pairs by its kind and class, as an exact one would
        self.value = value if interval is None else replace(value, comparable=True)
        self.interval = interval
        self.span = interval.span if interval is not None else value.span

    def meets(self, evidence: Value) -> bool | None:
        """True when ``evidence`` is this figure (equal, converted or rounded; inside the
        interval), False when it is a figure of the same kind that differs, None when it
        is of another kind or cannot tell."""
        interval = self.interval
        if interval is not None:
            return implies(interval, evidence) if pairable(self.value, evidence) else None
        if pairable(self.value, evidence):
            return agree(self.value, evidence)
        return True if same_figure(self.value, evidence) else None

    def shown(self, text: str) -> str:
        """The figure as the claim writes it, with its qualifier ("about 53,000")."""
        written = _written(text, self.span)
        interval = self.interval
        if interval is None or interval.form == "range" or not interval.word[:1].isalpha():
            return written
        word = interval.word
        if text[: self.span.start].rstrip().casefold().endswith(word.casefold()):
            return f"{word} {written}"
        return f"{written} {word}"


def check_table_rows(
    claim: Claim,
    passages: Sequence[Passage],
    found: Sequence[Reason] = (),
    *,
    locale: str | None = None,
    preset: str | Preset = "generic",
) -> list[Reason]:
    """``value_mismatch`` for each claimed figure that comes from another row of a table
    than the one the claim names (see the module); ``found`` holds the reasons the
    figure check gave, whose figures are not reported twice."""
    analysis = claim.analysis
    if not analysis.numbers and analysis.vocabulary.isdisjoint(VALUE_WORDS):
        return []  # no figure to compare
    rules = GENERIC if preset == "generic" else resolve_preset(preset)
    tables = [
        (passage, table)
        for passage in passages
        for table in evidence_tables(passage.evidence.text, locale, rules)
    ]
    if not tables:
        return []
    read = read_fresh(claim.text, locale, rules)
    claimed = [_Claimed(v) for v in read if v.comparable]
    claimed.extend(_Claimed(i.value, i) for i in qualified(claim.text, read))
    if not claimed:
        return []
    words = words_of(claim.text)
    spoken = {r.span for r in found if r.code in _SPOKEN_FOR}
    reasons: list[Reason] = []
    for passage, table in tables:
        named = table.named(words)
        if named is None:
            continue
        row = table.rows[named]
        own = table.values(named)
        for figure in claimed:
            span = figure.span.shift(claim.span.start)
            if span in spoken or any(figure.meets(x) is True for cell in own for x in cell):
                continue  # its own row bears it out
            borrowed = _borrowed(figure, table, named)
            if borrowed is None:
                continue
            mine, other, column = borrowed
            if _stands_elsewhere(figure, passages, passage, table, named, locale, rules):
                continue
            spoken.add(span)
            text = passage.evidence.text
            reasons.append(
                Reason(
                    "value_mismatch",
                    _message(
                        figure,
                        figure.shown(claim.text),
                        _written(text, mine.span),
                        table,
                        row,
                        other,
                        column,
                    ),
                    span,
                    passage.id,
                    mine.span,
                )
            )
    return reasons


#: How many figures a claimed interval, or a figure the index cannot narrow, is tested
#: against per search; past it the search gives up on the safe side (no flag), so that a
#: long table costs each claim bounded work.
_SCANNED = 256


def _borrowed(
    figure: _Claimed, table: EvidenceTable, named: int
) -> tuple[Value, EvidenceRow, int] | None:
    """The named row's figure that ``figure`` should have been, the row ``figure`` comes
    from and their column; ``None`` when no column has both."""
    for column, cell in enumerate(table.values(named)):
        meets = [(y, figure.meets(y)) for y in cell]
        mine = [y for y, met in meets if met is False]
        if not mine or any(met for _, met in meets):
            continue
        cells, index = table.column(column)
        for position in _searched(figure, index, len(cells)):
            row, value = cells[position]
            if row != named and figure.meets(value) is True:
                return mine[0], table.rows[row], column
    return None


def _searched(figure: _Claimed, index: FigureIndex, size: int) -> list[int]:
    """The positions among ``size`` indexed figures that may be ``figure``, at most
    :data:`_SCANNED` of them (an interval is no key of the index: the first ones)."""
    if figure.interval is None:
        return index.positions(figure.value)[:_SCANNED]
    return list(range(min(size, _SCANNED)))


def _stands_elsewhere(
    figure: _Claimed,
    passages: Sequence[Passage],
    home: Passage,
    table: EvidenceTable,
    named: int,
    locale: str | None,
    preset: Preset,
) -> bool:
    """Whether the cited evidence states ``figure`` anywhere but in the other rows of
    ``table``: in prose, in another table or in the named row itself. Past the search
    budget the answer is yes (the safe side: no flag)."""
    for passage in passages:
        values, index = _figures(passage.evidence.text, locale, preset)
        found = _searched(figure, index, len(values))
        if len(found) >= _SCANNED:
            return True
        for position in found:
            x = values[position]
            if figure.meets(x) is not True:
                continue
            if passage is home:
                row = table.row_at(x.span.start)
                if row is not None and row != named:
                    continue
            return True
    return False


@bounded_cache(64, 1 << 22)
def _figures(
    text: str, locale: str | None, preset: Preset
) -> tuple[tuple[Value, ...], FigureIndex]:
    """The comparable figures of a chunk (header units applied) and their index."""
    read = read_values_cached(text, locale, preset)
    values = tuple(
        v
        for v in with_header_units(read, header_unit_values(text, locale, preset), 0, len(text))
        if v.comparable
    )
    return values, FigureIndex(values)


def _message(
    figure: _Claimed,
    written: str,
    theirs: str,
    table: EvidenceTable,
    row: EvidenceRow,
    other: EvidenceRow,
    column: int,
) -> str:
    header = table.header[column] if column < len(table.header) else ""
    where = f'row "{row.label}"' + (f', column "{header}"' if header else "")
    if figure.interval is None:
        source = f'{written} is row "{other.label}"\'s'
    else:
        source = f'row "{other.label}"\'s figure fits {written}'
    return f"{written} in the answer, {theirs} in the evidence ({where}; {source})"


def _written(text: str, span: Span) -> str:
    return " ".join(span.of(text).split())

"""A table row read against its header (``text.tables``): cells, header units, and the
piece map that takes spans found in the reading back to the answer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding_guard.text.analysis import sentence_spans
from grounding_guard.text.tables import cells, header_unit, table_row
from grounding_guard.types import Span


@pytest.mark.parametrize(
    ("name", "line", "expected"),
    [
        ("outer_pipes_open_no_cell", "| a | b |", ["a", "b"]),
        ("no_outer_pipes", "a | b", ["a", "b"]),
        ("leading_pipe_only", "| a | b", ["a", "b"]),
        ("trailing_pipe_only", "a|b|", ["a", "b"]),
        ("empty_cell_kept_for_column_order", "|  | x |", ["", "x"]),
        ("escaped_pipe_stays_in_its_cell", "| x \\| y | z |", ["x \\| y", "z"]),
        ("indented_line", "   | a | b |  ", ["a", "b"]),
    ],
)
def test_cells(name: str, line: str, expected: list[str]) -> None:
    assert [line[a:b] for a, b in cells(line, 0, len(line))] == expected, name


@pytest.mark.parametrize(
    ("header", "before", "after"),
    [
        ("Weight (kg)", None, "kg"),
        ("Dose [mg]", None, "mg"),
        ("Speed (km/h)", None, "km/h"),
        ("Share (%)", None, "%"),
        ("Temperature (°C)", None, "°C"),
        ("Price ($)", "$", None),
        ("Revenue (USD million)", "USD", "million"),
        ("Cost (€ bn)", "€", "bn"),
        ("Value (millions)", None, "millions"),
    ],
)
def test_header_unit_read(header: str, before: str | None, after: str | None) -> None:
    found = header_unit(header, 0, len(header))
    assert found is not None
    assert [part.of(header) if part else None for part in found] == [before, after]


@pytest.mark.parametrize(
    "header",
    ["Sales (2023)", "Weight (see note)", "Count (n)", "Weight", "Notes (1)", "Name (approx.)"],
)
def test_header_without_a_unit(header: str) -> None:
    assert header_unit(header, 0, len(header)) is None


def _answer(header: str, row: str) -> tuple[str, Span, Span]:
    columns = header.count("|") - 1
    answer = f"{header}\n|{'---|' * columns}\n{row}"
    start = answer.rindex("\n") + 1
    return answer, Span(0, len(header)), Span(start, len(answer))


def test_row_reads_as_header_cell_pairs_with_units() -> None:
    answer, header, row = _answer("| Drug | Weight (g) | Price ($) |", "| Corvalex | 47 | 12 |")
    table = table_row(answer, header, row, row.of(answer))
    assert table is not None
    reading = table.read(frozenset({0, 1, 2}))
    assert reading.text == "Drug: Corvalex, Weight (g): 47 g, Price ($): $ 12"
    assert table.read(frozenset()).text == "Corvalex, 47 g, $ 12"
    twelve = reading.text.rindex("12")
    assert reading.to_answer(Span(twelve - 2, twelve + 2)).of(answer) == "12"  # "$ 12"
    weight = reading.text.index("Weight")
    assert reading.to_answer(Span(weight, weight + 6)).of(answer) == "Weight"


def test_a_header_that_names_no_cell_reads_nothing() -> None:
    answer, header, row = _answer("|  |  |", "| a | b |")
    assert table_row(answer, header, row, row.of(answer)) is None


_CELL = st.text(st.sampled_from("ab 12kg$(%)"), max_size=8).map(str.strip)


@given(
    heads=st.lists(_CELL, min_size=1, max_size=5),
    body=st.lists(_CELL, min_size=1, max_size=5),
    data=st.data(),
)
def test_every_span_of_a_reading_maps_into_one_piece_of_the_answer(
    heads: list[str], body: list[str], data: st.DataObject
) -> None:
    header = "| " + " | ".join(h.replace("|", "") for h in heads) + " |"
    line = "| " + " | ".join(b.replace("|", "") for b in body) + " |"
    answer, head, row = _answer(header, line)
    table = table_row(answer, head, row, row.of(answer))
    if table is None:
        return
    reading = table.read(frozenset(range(len(heads))))
    size = len(reading.text)
    start = data.draw(st.integers(0, max(0, size - 1)))
    end = data.draw(st.integers(start + 1, max(start + 1, size)))
    mapped = reading.to_answer(Span(start, end))
    assert 0 <= mapped.start < mapped.end <= len(answer)
    assert any(
        origin <= mapped.start and mapped.end <= origin + max(1, length)
        for _, origin, length, _ in reading.pieces
    )


@pytest.mark.parametrize(
    ("name", "text", "sentences"),
    [
        (
            "each_line_of_a_table_is_a_sentence",
            "| Model | Price |\n|---|---|\n| Z14 | 1,199 euros |\n| Z16 | 1,599 euros |",
            ["| Model | Price |", "|---|---|", "| Z14 | 1,199 euros |", "| Z16 | 1,599 euros |"],
        ),
        (
            "prose_around_a_table_stays_apart",
            "Fees vary.\n| Route | Fee |\n| Riga | 35 euros |\nTax included",
            ["Fees vary.", "| Route | Fee |", "| Riga | 35 euros |", "Tax included"],
        ),
        (
            "a_pipe_inside_prose_cuts_nothing",
            "Manual | Parameter list for the robot\nsee page 4",
            ["Manual | Parameter list for the robot\nsee page 4"],
        ),
    ],
)
def test_evidence_table_lines_are_sentences(name: str, text: str, sentences: list[str]) -> None:
    assert [span.of(text) for span in sentence_spans(text)] == sentences, name

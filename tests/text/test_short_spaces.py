"""Pattern matches over long runs of white space (blanked citation markers): the
shortened pass finds exactly what ``finditer`` finds (#11, many ids in one unit)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from grounding_guard.text.locate import spans_over_short_spaces

# the clause cut of the term checks: white space taken greedily at every edge
CLAUSE_CUT = re.compile(
    r"\s*;\s*|,?\s+\b(?:and|but|while|whereas|yet)\b\s+|,\s+(?:although|though)\s+",
    re.IGNORECASE,
)
PIECES = [" ", "  ", " " * 9, "\n", "\t ", ";", ",", "and", "but", "yet", "though", "x", "word"]


@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_shortened_runs_give_the_plain_pattern_matches(pieces: list[str]) -> None:
    text = "".join(pieces) + " " * 8  # always a long run: the shortened pass runs
    assert spans_over_short_spaces(CLAUSE_CUT, text) == [
        m.span() for m in CLAUSE_CUT.finditer(text)
    ]


def test_a_unit_with_thousands_of_blanked_markers_is_cut_where_its_clauses_meet() -> None:
    text = "Rates rose" + " " * 20_000 + "; costs fell and prices rose" + " " * 20_000 + "."
    semicolon = text.index(";")
    conjunction = text.index(" and ")
    assert spans_over_short_spaces(CLAUSE_CUT, text) == [
        (10, semicolon + 2),
        (conjunction, conjunction + 5),
    ]


def test_a_text_without_long_runs_is_matched_as_it_is() -> None:
    text = "Rates rose; costs fell and prices rose."
    assert spans_over_short_spaces(CLAUSE_CUT, text) == [(10, 12), (22, 27)]

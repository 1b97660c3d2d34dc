"""The name-number search (``NamePattern.search``) against the same rule as a pattern
(``NamePattern.regex``): plain string search must find a name exactly where the pattern
does, boundaries, separators and decimal points included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_guard.judges.figures import NamePattern

NAME_PIECES = st.sampled_from(["apollo", "a", "ipl", "11", "1", "3.12", "2018", " ", "-", "x"])
TEXT_PIECES = st.sampled_from(
    [
        "apollo",
        "a",
        "ipl",
        "11",
        "1",
        "1.5",
        "3.12",
        "3.12.0",
        "2018",
        " ",
        "  ",
        "-",
        "\t",
        "\u00a0",
        ".",
        ",",
        "5",
        "_",
        "\u00e9",
        "\u0663",
        "x",
        "(",
    ]
)


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(NAME_PIECES, min_size=1, max_size=5).map("".join),
    st.lists(TEXT_PIECES, max_size=14).map("".join),
)
def test_the_search_finds_a_name_where_its_pattern_does(name: str, text: str) -> None:
    if not name.strip():
        return  # no name-number is blank
    pattern = NamePattern(name)
    assert pattern.search(text) is (pattern.regex().search(text) is not None)


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("Apollo 11", "apollo 11 landed", True),
        ("Apollo 11", "apollo11 landed", True),  # the space is optional
        ("Apollo 11", "apollo-11 landed", True),  # or a hyphen
        ("Apollo 11", "apollo 1 landed", False),
        ("Apollo 1", "apollo 1.5 landed", False),  # a longer number
        ("Apollo 1", "apollo 1, then", True),  # a comma that ends a clause
        ("Apollo 1", "apollo 1,5", False),  # a decimal comma
        ("Python 3.12", "python 3.12.0 ships", True),  # a dotted name: a point release
        ("Python 3.12", "python 3.120", False),
        ("IPL 2018", "the 2018 ipl season", False),
        ("IPL 2018", "superipl 2018", False),  # inside a longer word
        ("IPL 2018", "the ipl 2018 final", True),
    ],
)
def test_name_search_rows(name: str, text: str, found: bool) -> None:
    assert NamePattern(name).search(text) is found

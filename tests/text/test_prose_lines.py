"""Whether a line is prose (a sentence gap after two words): one pass per line, and a
streamed line read on from where it was left (#11, colon units streamed)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding_guard.text.markdown import (
    SENTENCE_GAP_RE,
    is_prose,
    prose_gap_end,
    prose_resume,
)


def reference(text: str, start: int, end: int) -> bool:
    """The rule read literally: a CJK stop, or a stop before an upper-case word with a
    space inside the stripped line before it."""
    for match in SENTENCE_GAP_RE.finditer(text, start, end):
        gap = match.group()
        if len(gap) == 1:
            return True
        if gap[-1].isupper() and " " in text[start : match.start()].strip():
            return True
    return False


PIECES = ["word", "Word", " ", "  ", "\t", ".", "!", "...", '"', ")", "|", "X", "1", "\u3002"]
lines = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@given(lines, st.data())
def test_is_prose_follows_the_rule(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert is_prose(text, start, end) == reference(text, start, end)


@given(lines, st.data())
def test_a_line_is_prose_from_its_first_gap_on(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    first = prose_gap_end(text, start, len(text))
    for end in range(start, len(text) + 1):
        assert is_prose(text, start, end) == (first is not None and first <= end)


@given(lines, st.data())
def test_reading_on_from_the_resume_point_finds_what_a_whole_read_finds(
    text: str, data: st.DataObject
) -> None:
    start = data.draw(st.integers(0, len(text)))
    shorter = data.draw(st.integers(start, len(text)))
    end = data.draw(st.integers(shorter, len(text)))
    if prose_gap_end(text, start, shorter) is not None:
        return
    resumed = prose_gap_end(text, start, end, prose_resume(text, start, shorter))
    assert resumed == prose_gap_end(text, start, end)


@pytest.mark.parametrize(
    ("line", "prose"),
    [
        ("Dose | mg", False),
        ("Take two. Then rest | mg", True),
        ("Two. Then", False),  # one word before the stop: a label
        ("take it. then rest", False),  # no upper-case word after the stop
        ("\u670d\u7528\u3002\u4f11\u606f", True),
    ],
)
def test_prose_lines(line: str, prose: bool) -> None:
    assert is_prose(line, 0, len(line)) is prose

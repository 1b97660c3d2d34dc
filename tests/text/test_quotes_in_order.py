"""``in_order`` (how close a misquote comes to its source) and ``sentence_of``: exact
against a plain table, linear on long input (#11)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding_guard.text.quotes import in_order, sentence_of, unspaced_pieces
from grounding_guard.types import Span


def table_length(needle: list[str], hay: list[str]) -> int:
    """The longest common subsequence by the textbook table (the reference)."""
    previous = [0] * (len(hay) + 1)
    for word in needle:
        row = [0]
        for j, other in enumerate(hay):
            row.append(previous[j] + 1 if word == other else max(previous[j + 1], row[j]))
        previous = row
    return previous[-1]


@pytest.mark.parametrize(
    ("needle", "hay", "expected"),
    [
        ("", "a b c", (0, -1, -1)),
        ("a b", "", (0, -1, -1)),
        ("x y", "a b c", (0, -1, -1)),
        ("a b c", "a b c", (3, 0, 2)),
        ("b c", "a b c d", (2, 1, 2)),
        ("a x c", "a b c", (2, 0, 2)),
        ("c b a", "a b c", (1, 0, 0)),  # one word in order: the first place it stands
        # repeated words: the stretch that ends first, then the latest start
        ("a b", "a b b", (2, 0, 1)),
        ("a b", "a a b", (2, 1, 2)),
        ("a b", "b a b a b", (2, 1, 2)),
        ("the cat sat", "the dog the cat sat on the cat", (3, 2, 4)),
    ],
)
def test_in_order_finds_the_tightest_earliest_stretch(
    needle: str, hay: str, expected: tuple[int, int, int]
) -> None:
    assert in_order(needle.split(), hay.split()) == expected


words = st.lists(st.sampled_from("abcde"), max_size=12)


@given(needle=words, hay=words)
def test_in_order_counts_the_longest_common_subsequence(needle: list[str], hay: list[str]) -> None:
    found, first, last = in_order(needle, hay)
    assert found == table_length(needle, hay)
    if not found:
        assert (first, last) == (-1, -1)
        return
    # the stretch holds that many in order, starts and ends on a word of the needle ...
    assert table_length(needle, hay[first : last + 1]) == found
    assert hay[first] in needle and hay[last] in needle
    # ... and no stretch ends earlier, nor starts later with the same end
    assert table_length(needle, hay[:last]) < found
    assert table_length(needle, hay[first + 1 : last + 1]) < found


def test_in_order_of_a_long_quote_against_a_long_sentence_is_fast() -> None:
    """The full table of 4,000 letters against 40,000 was 160 million cells; the
    bit-parallel rows take a few integer operations per letter."""
    hay = [chr(0x4E00 + (i * 7919) % 3000) for i in range(40_000)]
    needle = hay[20_000:24_000]
    needle[2000] = "的"
    assert in_order(needle, hay)[0] == 3999


SENTENCES = [Span(0, 10), Span(11, 20), Span(21, 35), Span(36, 40)]


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        (2, 5, Span(0, 10)),
        (12, 25, Span(11, 35)),  # across two sentences: both, joined
        (10, 11, Span(10, 11)),  # between sentences: the stretch itself
        (0, 40, Span(0, 40)),
        (38, 45, Span(36, 45)),  # past the last sentence: reaches the stretch's end
        (50, 55, Span(50, 55)),
    ],
)
def test_sentence_of_joins_the_sentences_a_stretch_touches(
    start: int, end: int, expected: Span
) -> None:
    assert sentence_of(SENTENCES, start, end) == expected


def test_unspaced_pieces_are_letters_and_neighbouring_pairs_of_such_scripts() -> None:
    assert unspaced_pieces("电池 ok 续航") == {"电", "池", "电池", "续", "航", "续航"}
    assert unspaced_pieces("plain words") == set()

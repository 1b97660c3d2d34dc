"""Invariants of the segmenter that hold for any string (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grounding_guard.citations import DEFAULT_PLACEHOLDER_PATTERN, PRESETS
from grounding_guard.text.normalize import INVISIBLE_RE
from grounding_guard.text.segment import Segment, segment
from grounding_guard.types import Kind, Marker, Span

PIECES = [
    *".;:\u2014\u2013[]()\n#|-*+>`~_=!?,\"' ab AZ09\t\r\u3002\uff0e\u0964\u2026",
    "\u200b",
    "\u202e",
    "\ufeff",
    "\u00ad",
    "\u2060",
    "[1]",
    "[2, 3]",
    "[[cite:e1]]",
    "[citation needed]",
    "[TK note; x]",
    "Dr.",
    "J. ",
    "e.g.",
    "U.S.",
    "3.14",
    "10:30",
    "> ",
    "- ",
    "1. ",
    "```",
    "~~~",
    " -- ",
    " \u2013 ",
    "http://x.y/a;b",
    "Claim here",
    " the end",
    "\n\n",
    "| a | b |\n",
    "|---|\n",
    "---\n",
    "# H\n",
]
ANY_TEXT = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(PIECES), max_size=60).map("".join),
)
STYLES = st.sampled_from(["cite", "numeric"])
PREFIX_CHARS = frozenset(">-*+\u2022.)0123456789")


def is_blank(char: str) -> bool:
    return char.isspace() or INVISIBLE_RE.match(char) is not None


def run(text: str, style: str) -> tuple[list[Segment], list[Marker], list[Span]]:
    markers = PRESETS[style].find(text)
    gaps = [Span(*m.span()) for m in DEFAULT_PLACEHOLDER_PATTERN.finditer(text)]
    return segment(text, markers, gaps), markers, gaps


def covered(text: str, segs: list[Segment]) -> list[bool]:
    """Which characters lie in a unit's span or in a separator."""
    mask = [False] * len(text)
    for seg in segs:
        for span in (seg.span, seg.separator):
            if span is not None:
                for i in range(span.start, span.end):
                    mask[i] = True
    return mask


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(ANY_TEXT, STYLES)
def test_spans_are_ordered_trimmed_and_never_blank(text: str, style: str) -> None:
    segs, _, _ = run(text, style)
    last = 0
    for seg in segs:
        span = seg.span
        assert last <= span.start < span.end <= len(text)
        piece = span.of(text)
        assert not is_blank(piece[0])
        assert not is_blank(piece[-1])
        assert piece.strip() == piece
        last = span.end
        if seg.separator is not None:
            assert span.end <= seg.separator.start < seg.separator.end <= len(text)
            last = seg.separator.end


@SETTINGS
@given(ANY_TEXT, STYLES)
def test_no_visible_character_is_lost(text: str, style: str) -> None:
    segs, _, _ = run(text, style)
    mask = covered(text, segs)
    for line_start, line in _lines(text):
        in_prefix = True
        for offset, char in enumerate(line):
            i = line_start + offset
            if mask[i]:
                in_prefix = False
                continue
            if is_blank(char):
                continue
            if in_prefix and char in PREFIX_CHARS:
                continue  # a list bullet, a number or a quote marker
            raise AssertionError(f"lost {char!r} at {i} in {text!r}")


@SETTINGS
@given(ANY_TEXT, STYLES)
def test_every_marker_and_placeholder_lands_in_exactly_one_unit(text: str, style: str) -> None:
    segs, markers, gaps = run(text, style)
    for marker in markers:
        holders = [s for s in segs if marker in s.markers]
        assert len(holders) == 1
        assert holders[0].span.start <= marker.span.start
        assert marker.span.end <= holders[0].span.end
    for gap in gaps:
        holders = [s for s in segs if gap in s.placeholders]
        assert len(holders) == 1
        assert holders[0].span.start <= gap.start
        assert gap.end <= holders[0].span.end
    assert sum(len(s.markers) for s in segs) == len(markers)
    for seg in segs:
        if seg.markers or seg.placeholders:
            assert seg.kind is not Kind.NON_CLAIM


@SETTINGS
@given(ANY_TEXT, STYLES)
def test_deterministic_and_non_claim_switch(text: str, style: str) -> None:
    first, markers, gaps = run(text, style)
    second, _, _ = run(text, style)
    assert first == second
    plain = segment(text, markers, gaps, non_claim=lambda s: False)
    assert [s.span for s in plain] == [s.span for s in first]
    assert all(s.kind is not Kind.NON_CLAIM for s in plain)


@SETTINGS
@given(st.text())
def test_any_string_without_markers(text: str) -> None:
    segs = segment(text)
    assert all(0 <= s.span.start < s.span.end <= len(text) for s in segs)


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    start = 0
    for line in text.split("\n"):
        out.append((start, line))
        start += len(line) + 1
    return out


@st.composite
def text_and_spans(draw: st.DrawFn) -> tuple[str, list[Span]]:
    """Any text with arbitrary (possibly overlapping) caller-supplied token spans."""
    text = draw(ANY_TEXT.filter(bool))
    spans = []
    for _ in range(draw(st.integers(0, 6))):
        start = draw(st.integers(0, len(text) - 1))
        end = draw(st.integers(start + 1, min(len(text), start + 12)))
        spans.append(Span(start, end))
    return text, spans


@SETTINGS
@given(text_and_spans())
def test_arbitrary_token_spans_are_never_lost(case: tuple[str, list[Span]]) -> None:
    text, spans = case
    markers = [Marker(span, ("x",), span.of(text)) for span in spans[::2]]
    gaps = spans[1::2]
    segs = segment(text, markers, gaps)
    assert sum(len(s.markers) for s in segs) == len(markers)
    assert sum(len(s.placeholders) for s in segs) == len(gaps)
    last = 0
    for seg in segs:
        assert last <= seg.span.start < seg.span.end <= len(text)
        last = seg.span.end

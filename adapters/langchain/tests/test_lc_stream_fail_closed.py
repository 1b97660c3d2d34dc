"""``GroundingGuard``'s stream fails closed (issue #11): for random answers mixing citation
styles, code and glued markers, cut at random points, the answer text the transform
yields is a prefix of what ``invoke`` returns (filter) or of the answer before its first
failing unit (block), and a refused answer raises."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_grounding_guard import GroundingGuard
from lc_support import DOCS

import grounding_guard as gg

#: Raise locally (``GG_STREAM_FUZZ=20``) for a longer run.
SCALE = int(os.environ.get("GG_STREAM_FUZZ", "1"))

CLAIMS = [
    "The Eiffel Tower is 330 metres tall",
    "The tower was completed in 1889",
    "The tower was completed in 1999",
    "Gustave Eiffel's company built the tower",
    "It cures headaches",
]
MARKERS = ["", " [1]", " [2]", " [9]", "[3]", " [[cite:2]]", " [Source 3]", " `x[1]`", " [TBD]"]
ENDS = [". ", ".", ".\n", "\n\n", "; "]
BLOCKS = ["```python\nprint(items[9])\n```\n", "Use `a[9]` here. ", "- "]
ANSWERS = st.lists(
    st.one_of(
        st.builds(
            lambda c, m, e: c + m + e,
            st.sampled_from(CLAIMS),
            st.sampled_from(MARKERS),
            st.sampled_from(ENDS),
        ),
        st.sampled_from(BLOCKS),
    ),
    min_size=1,
    max_size=6,
).map("".join)


def streamed(guard: GroundingGuard, pieces: list[str]) -> tuple[str, gg.Report | None]:
    """The answer text the transform yields, and the report of a refusal (``None`` when
    the stream ended normally)."""
    chunks: list[dict[str, Any]] = [{"context": DOCS}, *({"answer": p} for p in pieces)]
    shown = ""
    try:
        for chunk in guard.transform(iter(chunks)):
            shown += chunk.get("answer", "")
    except gg.UngroundedAnswerError as refused:
        return shown, refused.report
    return shown, None


@settings(
    max_examples=40 * SCALE,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    ANSWERS,
    st.sampled_from(["filter", "block"]),
    st.sampled_from([{}, {"min_coverage": 0.5}, {"attribute_uncited": True}]),
    st.lists(st.integers(0, 1000), min_size=1, max_size=6 * SCALE),
)
def test_transform_never_yields_what_invoke_refuses(
    answer: str, mode: str, options: dict[str, Any], cuts: list[int]
) -> None:
    guard = GroundingGuard(mode=mode, **options)
    try:
        expected = guard.invoke({"answer": answer, "context": DOCS})["grounding"]
    except gg.UngroundedAnswerError as refused:
        expected = refused.report
    splits = [[answer[: c % (len(answer) + 1)], answer[c % (len(answer) + 1) :]] for c in cuts]
    for pieces in [*splits, list(answer)]:
        shown, refusal = streamed(guard, pieces)
        assert (refusal is not None) == expected.blocked, pieces
        if mode == "filter":
            assert expected.text.startswith(shown), pieces
            if not expected.blocked:
                assert shown == expected.text, pieces
        else:
            assert answer.startswith(shown), pieces
            failing = expected.failing
            if expected.blocked:
                assert len(shown) <= (failing[0].span.start if failing else 0), pieces
            else:
                assert shown == answer, pieces


def test_issue11_code_marker_does_not_fix_the_style() -> None:
    """A marker-like ``[Source 1]`` in a code block is code: the style is the one of
    ``[2]``, so the forged height fails and never leaves the transform, at any cut."""
    answer = "```\nx = [Source 1]\n```\nThe Eiffel Tower is 500 metres tall [2] [TBD].\n"
    for mode in ("filter", "block"):
        guard = GroundingGuard(mode=mode)
        for cut in range(len(answer) + 1):
            shown, refusal = streamed(guard, [answer[:cut], answer[cut:]])
            assert "500" not in shown
            assert refusal is not None and refusal.citation_style == "numeric"

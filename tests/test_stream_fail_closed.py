"""Streaming fails closed (issue #11): nothing is released that check() would refuse.

For random answers that mix citation styles, code, glued markers, tables and CJK, cut
at every point (or a sample of points) and in random pieces: in filter mode the released
text is a prefix of ``check(answer).text``; in block mode it is a prefix of the answer
that ends at or before the first failing unit of ``check(answer)`` (nothing at all when
only coverage fails); the final report equals check()'s; a refused answer ends blocked.
"""

from __future__ import annotations

import os
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grounding_guard import Guard, Report, detect_style
from grounding_guard.streaming import StreamEvent

#: Raise locally (``GG_STREAM_FUZZ=20``) for a longer run: examples and cut points scale.
SCALE = int(os.environ.get("GG_STREAM_FUZZ", "1"))
EXAMPLES = 150 * SCALE
CUTS_PER_ANSWER = 12 * SCALE

EVIDENCE = {
    "1": "Independent lab testing measured 14 hours of battery life on a full charge.",
    "2": "The product ships with a 90 day return window and a 1 year limited warranty.",
    "e1": "Revenue grew 40 percent in 2023, driven by demand in Europe.",
    "inv-1": "Invoice inv-1 totals $1,250.00 and is due on 15 March 2024.",
    "302": "Section 302 requires a written notice within 30 days of the change.",
    "TS 38.331 \u00a75.3": "The UE starts timer T300 when it initiates RRC connection setup.",
}
CLAIMS = [
    "Battery life is 14 hours",
    "Returns take 90 days",
    "Revenue grew 40 percent in 2023",
    "Invoice inv-1 totals $9,999.00",
    "Invoice inv-1 totals $1,250.00",
    "A written notice is due within 30 days",
    "The UE starts timer T300",
    "It cures headaches",
    "\u7535\u6c60\u7eed\u822a14\u5c0f\u65f6",
]
MARKERS = [
    "",
    " [1]",
    " [2]",
    " [9]",
    "[1]",
    " [[cite:e1]]",
    " [[cite:e9]]",
    " [Source 2]",
    " (source 1)",
    " [inv-1]",
    " [inv-9]",
    " (\u00a7 302)",
    " \u00a7 302",
    " Section 302",
    " TS 38.331 \u00a75.3",
    " TS 99.999 \u00a71.1",
    " TS 99.999 \u00a71",
    " [citation needed]",
    " [1] [citation needed]",
    " `items[1]`",
]
ENDS = [". ", ".", ".\n", ".\n\n", "\u3002", "; ", "! ", "\n", ""]
BLOCKS = [
    "```python\nprint(items[1])\n```\n",
    "```\nsee [[cite:e1]] and (\u00a7 302)\n```\n",
    "Use `x[2]` here. ",
    "| a | b |\n|---|---|\n| 14 hours [1] | x |\n",
    "| Measure | Value |\n|---|---|\n| Battery life | 14 hours |\n",
    "# Heading\n",
    "- ",
    "> ",
    "Here are the extras:\n",
    "\n\n",
]

SENTENCES = st.builds(
    lambda claim, marker, end: claim + marker + end,
    st.sampled_from(CLAIMS),
    st.sampled_from(MARKERS),
    st.sampled_from(ENDS),
)
ANSWERS = st.lists(st.one_of(SENTENCES, SENTENCES, st.sampled_from(BLOCKS)), max_size=8).map(
    "".join
)
EVIDENCE_MAPS = st.sets(st.sampled_from(sorted(EVIDENCE)), min_size=1).map(
    lambda ids: {i: EVIDENCE[i] for i in sorted(ids)}
)
OPTIONS = st.sampled_from(
    [
        {},
        {"attribute_uncited": True},
        {"attribute_uncited": False},
        {"min_coverage": 0.5},
        {"min_coverage": 0.5, "attribute_uncited": True},
        {"citations": "bracket_id"},
        {"citations": "threegpp"},
        {"citations": "section", "attribute_uncited": False},
    ]
)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def chunked(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts} | {0, len(text)})
    return [text[a:b] for a, b in pairwise(points)]


def key(units: Any) -> list[tuple[object, str, tuple[str, ...]]]:
    return [(u.span, u.status.value, u.codes) for u in units]


def released(events: list[StreamEvent]) -> str:
    """What reached the user before any refusal."""
    out = []
    for event in events:
        if event.blocked:
            break
        out.append(event.text)
    return "".join(out)


def assert_fail_closed(
    guard: Guard, answer: str, chunks: list[str], evidence: dict[str, str], expected: Report
) -> None:
    events = list(guard.stream(chunks, evidence))
    last = events[-1]
    assert last.report is not None
    shown = released(events)
    where = f"chunks={chunks!r}"
    if guard.mode == "filter":
        assert expected.text.startswith(shown), where
        assert key(last.report.units) == key(expected.units), where
        assert last.report.text == expected.text, where
        assert last.blocked == expected.blocked, where
        if not expected.blocked:
            assert "".join(e.text for e in events) == expected.text, where
        return
    assert answer.startswith(shown), where
    failing = expected.failing
    if expected.blocked:
        assert last.blocked, where
        assert len(shown) <= (failing[0].span.start if failing else 0), where
        units = last.report.units
        assert key(units) == key(expected.units[: len(units)]), where
    else:
        assert not last.blocked, where
        assert shown == answer, where
        assert key(last.report.units) == key(expected.units), where


@FUZZ
@given(
    ANSWERS,
    EVIDENCE_MAPS,
    st.sampled_from(["filter", "block"]),
    OPTIONS,
    st.lists(st.integers(0, 10_000), min_size=CUTS_PER_ANSWER, max_size=CUTS_PER_ANSWER),
    st.lists(st.integers(0, 10_000), max_size=30),
)
def test_stream_never_releases_what_check_refuses(
    answer: str,
    evidence: dict[str, str],
    mode: str,
    options: dict[str, Any],
    cuts: list[int],
    split: list[int],
) -> None:
    guard = Guard(mode=mode, **options)
    expected = guard.check(answer, evidence)
    size = len(answer) + 1
    # every cut point of a short answer, a sample of a long one, as two chunks
    points = range(size) if size <= CUTS_PER_ANSWER * 2 else sorted({c % size for c in cuts})
    for cut in points:
        assert_fail_closed(guard, answer, [answer[:cut], answer[cut:]], evidence, expected)
    assert_fail_closed(guard, answer, chunked(answer, split), evidence, expected)
    assert_fail_closed(guard, answer, list(answer), evidence, expected)


# ---- the reproducers of issue #11 -------------------------------------------------------
INVOICE = {"inv-1": "Invoice inv-1 totals $1,250.00 and is due on 15 March 2024."}
CODE_FIRST = (
    "```python\nprint(items[1])\n```\nInvoice inv-1 totals $9,999.00 [inv-1] [citation needed].\n"
)


@pytest.mark.parametrize("mode", ["filter", "block"])
def test_issue11_code_marker_does_not_fix_the_style(mode: str) -> None:
    """``items[1]`` in a code block is no citation: the style is the one of ``[inv-1]``,
    in check() and in the stream, and the forged total is never released."""
    guard = Guard(mode=mode)
    expected = guard.check(CODE_FIRST, INVOICE)
    assert expected.blocked and expected.citation_style == "bracket_id"
    k = CODE_FIRST.index("```\n", 3) + 4
    for cut in [k, *range(len(CODE_FIRST) + 1)]:
        events = list(guard.stream([CODE_FIRST[:cut], CODE_FIRST[cut:]], INVOICE))
        assert "9,999" not in released(events)
        assert events[-1].blocked
        assert_fail_closed(
            guard, CODE_FIRST, [CODE_FIRST[:cut], CODE_FIRST[cut:]], INVOICE, expected
        )


def test_issue11_code_markers_are_no_citations() -> None:
    style = detect_style("`items[1]` and\n```\nx[1]\n```\nthen [inv-1]", ["1", "inv-1"])
    assert style is not None and style.name == "bracket_id"
    report = Guard().check("Use `x[1]` to read the total [inv-1].", INVOICE)
    assert report.units[0].cited == ("inv-1",)


@pytest.mark.parametrize(
    ("text", "ids", "expected"),
    [
        # the first marker that names an evidence id decides, not the most markers
        ("A [inv-1]. B [1]. C [2].", ["inv-1", "1", "2"], "bracket_id"),
        ("A [1]. B [inv-1]. C [inv-2].", ["inv-1", "inv-2", "1"], "numeric"),
        # markers that resolve nothing are passed over
        ("A [9]. B [[cite:e1]].", ["e1"], "cite"),
        # several presets at the same place: AUTO_ORDER (numeric before bracket_id)
        ("A [1].", ["1"], "numeric"),
        # nothing resolves: most markers, then AUTO_ORDER
        ("A [8]. B [9]. C [[cite:ex]].", ["e1"], "numeric"),
    ],
)
def test_auto_style_is_the_first_resolving_marker(text: str, ids: list[str], expected: str) -> None:
    style = detect_style(text, ids)
    assert style is not None and style.name == expected


FORGED_TS = {"TS 38.331 \u00a75.3": "The UE starts timer T300 when it initiates RRC setup."}


@pytest.mark.parametrize(
    "answer",
    [
        # a forged clause glued to the next sentence
        "The UE starts timer T300 TS 99.999 \u00a71.1The UE starts timer T300.",
        "The UE starts timer T300 TS 99.999 \u00a71.1.Next it stops.",
        # a settled-looking match that the next characters extend
        "The UE starts timer T300 TS 38.331 \u00a75.3. It stops later TS 99.999 \u00a71.1.",
        "Notice is due (\u00a7 302). Then \u00a7 302.1 applies. It cures headaches.",
    ],
)
@pytest.mark.parametrize("options", [{"attribute_uncited": False}, {"attribute_uncited": True}])
def test_issue11_trailing_marker_settles_before_its_unit(
    answer: str, options: dict[str, Any]
) -> None:
    evidence = {**FORGED_TS, "302": "Section 302 requires notice."}
    for mode in ("filter", "block", "flag"):
        guard = Guard(mode=mode, **options)
        expected = guard.check(answer, evidence)
        for cut in range(len(answer) + 1):
            chunks = [answer[:cut], answer[cut:]]
            events = list(guard.stream(chunks, evidence))
            report = events[-1].report
            assert report is not None
            if mode != "block" or not expected.blocked:
                assert key(report.units) == key(expected.units), chunks
                assert report.cited_ids == expected.cited_ids
            if mode != "flag":
                assert_fail_closed(guard, answer, chunks, evidence, expected)


@pytest.mark.parametrize("mode", ["filter", "block"])
def test_issue11_min_coverage_holds_everything_until_the_end(mode: str) -> None:
    evidence = {"1": EVIDENCE["1"]}
    answer = (
        "Battery life is 14 hours [1].\nBattery life is 14 hours [1].\nRefunds are quick [TBD].\n"
    )
    guard = Guard(mode=mode, min_coverage=0.9)
    expected = guard.check(answer, evidence)
    assert expected.blocked and not expected.failing  # a placeholder lowers the coverage
    events = list(guard.stream(list(answer), evidence))
    assert released(events) == ""
    assert events[-1].blocked
    # coverage met: the whole answer comes out, at the end
    good = answer.replace("Refunds are quick [TBD].\n", "")
    events = list(guard.stream(list(good), evidence))
    assert "".join(e.text for e in events) == good
    assert all(not e.text for e in events if e.report is None and e.unit is not None)


def test_filter_refusal_of_a_wholly_failing_answer_releases_nothing() -> None:
    """Filter refuses when no claim is left: nothing before the first kept claim goes out
    (a heading or greeting first would otherwise leak before the refusal)."""
    guard = Guard(mode="filter")
    answer = "Hello!\n\nIt cures headaches [1].\nIt fixes cars [1].\n"
    expected = guard.check(answer, {"1": EVIDENCE["1"]})
    assert expected.blocked
    for cut in range(len(answer) + 1):
        events = list(guard.stream([answer[:cut], answer[cut:]], {"1": EVIDENCE["1"]}))
        assert released(events) == ""
        assert events[-1].blocked

"""Streaming guard: verdicts equal check() on the whole text, whatever the chunking."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grounding_guard import Guard
from grounding_guard.streaming import StreamEvent
from test_properties import PIECES as BASE_PIECES

EVIDENCE = {
    "1": "Independent lab testing measured 14 hours of battery life on a full charge.",
    "2": "The product ships with a 90 day return window and a 1 year limited warranty.",
    "3": "Revenue grew 40 percent in 2023, driven by demand in Europe.",
}
ANSWERS = [
    "Battery life is 14 hours [1]. It cures headaches.\n- Returns take 90 days [2].\n"
    "The warranty covers theft [2].\n",
    "Revenue grew 40 percent in 2023 [3].[1] Refunds are quick [citation needed]. Hello!\n\n"
    "# Heading\nRevenue grew 4 percent in 2023 [3]; returns take 90 days [2].",
    "Battery life is 14 hours.\u200b\u200b Returns take 90 days. Dr. Smith agreed.\n",
    "Battery life is 14 hours [[cite:1]]. Returns take 90 days [[cite:2]]."
    " It cures headaches [[cite:9]].",
    "Revenue grew 40 percent in 2023 [3] \u2014 driven by demand [3].\n\n"
    "| a | b |\n|---|---|\n| 1 | 2 |\nBattery life is 14 hours [9].",
    "Returns take 90 days [2].\n```\ncode [1]\n```\nIt fixes cars [citation needed]",
    "| Measure | Value |\n|---|---|\n| Battery life | 14 hours [1] |\n| Battery life | 12 hours [1] |"
    "\n| Returns | 90 days |\nRevenue grew 40 percent in 2023 [3].",
    "| Measure | Value |\n|---|---|\n| Battery life | 14 hours |\n| Returns | 30 days |\n",
]
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def chunked(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts} | {0, len(text)})
    return [text[a:b] for a, b in pairwise(points)]


def key(units: object) -> list[tuple[object, str, tuple[str, ...]]]:
    return [(u.span, u.status.value, u.codes) for u in units]  # type: ignore[attr-defined]


# tables: a later row can reshape a line, and a data row (below the delimiter) is judged
PIECES = [*BASE_PIECES, "| a | b |", "|---|---|", "| Battery life | 14 hours [1] |", "| 12 hours |"]
# answers mixing marker styles, code and placeholders: tests/test_stream_fail_closed.py
RANDOM_ANSWERS = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
CUTS = st.lists(st.integers(min_value=0, max_value=400), max_size=40)


@FAST
@given(
    st.one_of(st.sampled_from(ANSWERS), RANDOM_ANSWERS),
    CUTS,
    st.sampled_from(["flag", "filter", "block"]),
    st.sampled_from(
        [{}, {"citations": "numeric"}, {"attribute_uncited": True}, {"min_coverage": 0.5}]
    ),
)
def test_streamed_verdicts_equal_check(
    answer: str, cuts: list[int], mode: str, options: dict[str, object]
) -> None:
    guard = Guard(mode=mode, **options)  # type: ignore[arg-type]
    expected = guard.check(answer, EVIDENCE)
    events = list(guard.stream(chunked(answer, cuts), EVIDENCE))
    last = events[-1]
    assert last.report is not None
    units = [e.unit for e in events if e.unit is not None]
    text = "".join(e.text for e in events)
    if mode == "block" and expected.blocked:
        assert last.blocked and events[-2].text == guard.refusal
        assert key(units) == key(expected.units[: len(units)])
        return
    assert key(units) == key(expected.units)
    assert key(last.report.units) == key(expected.units)
    assert last.report.text == expected.text
    if mode == "flag":
        assert text == answer
    elif mode == "filter":
        assert text == expected.text or (expected.blocked and events[-2].blocked)
    else:
        assert text == answer


@FAST
@given(st.one_of(st.sampled_from(ANSWERS), RANDOM_ANSWERS), CUTS)
def test_block_never_emits_after_first_failing_unit(answer: str, cuts: list[int]) -> None:
    guard = Guard(mode="block")
    expected = guard.check(answer, EVIDENCE)
    events = list(guard.stream(chunked(answer, cuts), EVIDENCE))
    failing = expected.failing
    if not failing:
        return
    first = failing[0]
    shown = "".join(e.text for e in events if not e.blocked)
    assert len(shown) <= first.span.start
    assert answer.startswith(shown)


def test_specific_splits_inside_markers() -> None:
    answer = ANSWERS[3]
    guard = Guard()
    expected = guard.check(answer, EVIDENCE)
    for cut in range(len(answer)):
        events = list(guard.stream([answer[:cut], answer[cut:]], EVIDENCE))
        assert key(e.unit for e in events if e.unit) == key(expected.units)


def test_chunk_must_be_str() -> None:
    with pytest.raises(TypeError, match="chunk 1"):
        list(Guard().stream(["a", b"b"], EVIDENCE))  # type: ignore[list-item]


def test_late_evidence_callable() -> None:
    calls: list[int] = []

    def late() -> dict[str, str]:
        calls.append(1)
        return EVIDENCE

    answer = ANSWERS[0]
    events = Guard().stream(iter(answer.split(" ")[:1]), late)
    next(events)  # the first chunk passes through in flag mode before any evidence
    assert calls == []
    list(events)
    full = list(Guard().stream([answer], late))
    assert full[-1].report is not None
    assert key(full[-1].report.units) == key(Guard().check(answer, EVIDENCE).units)


def test_astream_async_chunks_and_awaitable_evidence() -> None:
    answer = ANSWERS[1]

    async def chunks() -> AsyncIterator[str]:
        for word in answer.split(" "):
            yield word + " "
            await asyncio.sleep(0)

    async def evidence() -> dict[str, str]:
        await asyncio.sleep(0)
        return EVIDENCE

    async def main() -> list[StreamEvent]:
        return [e async for e in Guard(mode="filter").astream(chunks(), evidence())]

    events = asyncio.run(main())
    expected = Guard(mode="filter").check(answer + " ", EVIDENCE)
    assert key(e.unit for e in events if e.unit) == key(expected.units)
    assert "".join(e.text for e in events) == expected.text


def test_incremental() -> None:
    answer = "Battery life is 14 hours [1].\nReturns take 90 days [2].\nIt cures headaches.\n" * 3
    consumed = 0

    def gen() -> Iterator[str]:
        nonlocal consumed
        for char in answer:
            consumed += 1
            yield char

    for event in Guard().stream(gen(), EVIDENCE):
        if event.unit is not None:
            assert consumed < len(answer)
            break
    else:
        raise AssertionError("no unit")


@pytest.mark.parametrize(
    ("answer", "first_unit_text"),
    [
        (
            "Battery life is 14 hours [1]. Returns take 90 days [2]. It cures headaches.",
            "Battery life is 14 hours [1].",
        ),
        ("> Battery life is 14 hours. Returns take 90 days. More.", "Battery life is 14 hours."),
        ("电池续航14小时。退货期限为90天。好。", "电池续航14小时。"),
    ],
)
def test_sentence_level_release_within_one_line(answer: str, first_unit_text: str) -> None:
    """A unit is released once the next sentence starts on the same line: a one-paragraph
    answer streams sentence by sentence, not at the end."""
    consumed = 0

    def gen() -> Iterator[str]:
        nonlocal consumed
        for char in answer:
            consumed += 1
            yield char

    # attribution set: with ``None`` an answer without markers waits for the end, since
    # one marker anywhere turns attribution off for every unit
    guard = Guard(mode="block", fail_on=(), attribute_uncited=False)
    for event in guard.stream(gen(), EVIDENCE):
        if event.unit is not None:
            assert event.unit.text == first_unit_text
            assert consumed <= answer.index(first_unit_text) + len(first_unit_text) + 4
            assert event.text  # block mode hands the checked unit out at once
            break
    else:
        raise AssertionError("no unit")


@pytest.mark.parametrize(
    ("answer", "released_early"),
    [
        ("Rates rose. The rest", ["Rates rose."]),  # prose: no pipe can make it a header
        ("Hi. The rest", []),  # a label-like line may still become a table header
        ("| a | b |\nRates rose. The rest", []),  # a pipe later would continue the table
        ("Rates rose. The rest |", ["Rates rose."]),  # a pipe in prose: still prose
    ],
)
def test_line_that_may_become_a_table_waits(answer: str, released_early: list[str]) -> None:
    finished = False

    def gen() -> Iterator[str]:
        nonlocal finished
        yield answer
        finished = True

    early: list[str] = []
    units = []
    for event in Guard(attribute_uncited=False).stream(gen(), EVIDENCE):
        if event.unit is not None:
            units.append(event.unit)
            if not finished:
                early.append(event.unit.text)
    assert early == released_early
    assert key(units) == key(Guard(attribute_uncited=False).check(answer, EVIDENCE).units)


def test_work_per_chunk_is_bounded_by_the_open_paragraph(monkeypatch: pytest.MonkeyPatch) -> None:
    """Segmentation restarts at the paragraph after the last final unit, so streaming a
    long answer word by word never re-cuts the whole answer."""
    import grounding_guard.streaming as streaming

    paragraph = "Battery life is 14 hours [1]. Returns take 90 days [2]. It cures headaches."
    answer = "\n\n".join([paragraph] * 60)
    seen: list[int] = []
    real = streaming.segment

    def spy(text: str, *args: object, **kwargs: object) -> object:
        seen.append(len(text))
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(streaming, "segment", spy)
    words = [w + " " for w in answer.split(" ")]
    words[-1] = words[-1].rstrip()
    guard = Guard(citations="numeric")
    units = [e.unit for e in guard.stream(words, EVIDENCE) if e.unit is not None]
    assert key(units) == key(guard.check(answer, EVIDENCE).units)
    assert max(seen) <= 2 * len(paragraph) + 2


def test_block_refusal_after_released_text_starts_a_new_paragraph() -> None:
    guard = Guard(mode="block")
    events = list(guard.stream(["A is 1 [1].\n", "B [9].\n", "C.\n"], ["A is 1."]))
    text = "".join(e.text for e in events)
    assert text == "A is 1 [1].\n\n" + guard.refusal
    assert [e.text for e in events if e.blocked and e.text] == ["\n\n", guard.refusal]

"""Streaming validation: ``guard(llm_callable, stream=True)`` with a fake LLM that yields
tokens. With ``on_fail="fix"`` failing units are dropped as the answer streams; the pieces
Guardrails validates are cut where grounding-guard's segmenter settles a unit."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from guardrails import Guard
from guardrails.errors import ValidationError
from guardrails_grounding_guard import GroundedAnswer
from guardrails_scenario import (
    ANSWER,
    FAILING,
    FILTERED,
    GROUNDED_1,
    GROUNDED_3,
    MESSAGES,
    SOURCES,
    FakeLLM,
    core_filter,
    words,
)

import grounding_guard as gg

Chunker = Callable[[str], list[str]]


def _random(seed: int) -> Chunker:
    def chunks(text: str) -> list[str]:
        rng, out, i = random.Random(seed), [], 0
        while i < len(text):
            size = rng.randint(1, 12)
            out.append(text[i : i + size])
            i += size
        return out

    return chunks


CHUNKERS: dict[str, Chunker] = {
    "words": words,
    "split on spaces": lambda t: re.split(r"(?<= )", t),
    "characters": list,
    "line breaks alone": lambda t: re.findall(r"\n|[^\S\n]*\S+", t),
    "7 characters": lambda t: [t[i : i + 7] for i in range(0, len(t), 7)],
    "random 1": _random(1),
    "random 2": _random(2),
    "random 3": _random(3),
}
#: chunkings where every chunk may end the answer: correct, but all validated at the end
AT_THE_END: dict[str, Chunker] = {
    "one chunk": lambda t: [t],
    "lines": lambda t: t.splitlines(keepends=True),
}
ANSWERS = {
    "lines": ANSWER,
    "trailing break": ANSWER + "\n",
    "triple-quoted": "\n" + ANSWER.replace("\n", "\n\n") + "\n",
    "bullets": "\n".join("- " + line for line in ANSWER.split("\n")),
    "heading and sign-off": "## The tower\n\n" + ANSWER + "\n\nThanks!",
}


def _stream(
    answer: str, chunker: Chunker, on_fail: str = "fix", **metadata: Any
) -> tuple[Guard, FakeLLM, list[tuple[str, bool]]]:
    """Stream ``answer`` through a guard; each output with whether the LLM had finished."""
    llm = FakeLLM(answer, chunker=chunker)
    guard = Guard().use(GroundedAnswer(on_fail=on_fail))
    outputs = []
    for outcome in guard(
        llm, messages=MESSAGES, metadata=metadata or {"sources": SOURCES}, stream=True
    ):
        outputs.append((outcome.validated_output, llm.finished))
    return guard, llm, outputs


def _logs(guard: Guard) -> list[Any]:
    return [
        log.validation_result
        for log in guard.history.last.iterations.last.validator_logs
        if log.validation_result is not None
    ]


@pytest.mark.parametrize("answer_name", ANSWERS)
@pytest.mark.parametrize("chunker_name", [*CHUNKERS, *AT_THE_END])
def test_fix_stream_gives_the_filtered_answer(chunker_name: str, answer_name: str) -> None:
    answer = ANSWERS[answer_name]
    chunker = {**CHUNKERS, **AT_THE_END}[chunker_name]
    _, _, outputs = _stream(answer, chunker)
    streamed = "".join(text for text, _ in outputs)
    assert streamed == core_filter(answer).text
    for failing, _, _ in FAILING:
        assert failing not in streamed


@pytest.mark.parametrize("chunker_name", CHUNKERS)
def test_fix_stream_starts_before_the_model_finishes(chunker_name: str) -> None:
    _, llm, outputs = _stream(ANSWER, CHUNKERS[chunker_name])
    first = next(done for text, done in outputs if text)
    assert first is False  # a checked unit came out while the model was still writing
    assert llm.finished


def test_fix_stream_drops_units_as_they_stream() -> None:
    _, _, outputs = _stream(ANSWER, words)
    pieces = [text for text, _ in outputs]
    assert pieces[0] == GROUNDED_1  # released before the forged sentence is even complete
    assert "".join(pieces) == FILTERED
    assert pieces[-1] == "\n" + GROUNDED_3


def test_stream_error_spans_index_the_validated_piece() -> None:
    guard, _, _ = _stream(ANSWER, words)
    results = _logs(guard)
    failures = [r for r in results if r.outcome == "fail"]
    spans = [
        (r.validated_chunk[s.start : s.end], s.reason) for r in failures for s in r.error_spans
    ]
    assert [text for text, _ in spans] == [text for text, _, _ in FAILING]
    for (_, reason), (_, status, code) in zip(spans, FAILING, strict=True):
        assert reason.startswith(f"{status} ({code}")
    # the pieces Guardrails validated put the whole answer back together
    assert "".join(r.validated_chunk for r in failures) in ANSWER


def test_stream_report_arrives_with_the_last_piece() -> None:
    guard, _, _ = _stream(ANSWER, words, user_id="u-1", sources=SOURCES)
    results = _logs(guard)
    last = results[-1]
    assert last.metadata["user_id"] == "u-1" and last.metadata["sources"] == SOURCES
    report = last.metadata["grounding"]
    assert isinstance(report, gg.Report)
    expected = core_filter(ANSWER)
    assert [(u.text, u.status) for u in report.units] == [
        (u.text, u.status) for u in expected.units
    ]
    assert report.text == FILTERED
    assert all("grounding" not in r.metadata for r in results[:-1])


def _openai_chunk(content: str | None, finish_reason: str | None = None) -> Any:
    delta = SimpleNamespace(content=content)
    return SimpleNamespace(choices=[SimpleNamespace(delta=delta, finish_reason=finish_reason)])


def test_openai_style_chunks_stream_to_the_end() -> None:
    # what OpenAI and LiteLLM stream: deltas, then an empty chunk with a finish_reason
    # (Guardrails skips that one: the answer's own last chunk ends the validation)
    def llm(*, messages: Any = None, **kwargs: Any) -> Any:
        yield from (_openai_chunk(token) for token in words(ANSWER))
        yield _openai_chunk(None, finish_reason="stop")

    guard = Guard().use(GroundedAnswer())
    outcomes = guard(llm, messages=MESSAGES, metadata={"sources": SOURCES}, stream=True)
    assert "".join(o.validated_output for o in outcomes) == FILTERED


def test_trailing_markers_stay_with_their_sentence() -> None:
    # "[1]" arrives after the full stop: a sentence splitter would cut "... Fair." off
    # uncited; grounding-guard's segmenter waits, and the sentence keeps its citation
    answer = (
        "The Eiffel Tower was completed in 1889 for the World's Fair. [1]\n"
        "It receives about 7 million visitors a year. [3]\n"
        "It was repainted gold in 2021. [9]"
    )
    chunks = re.findall(r"\[|\]|\.|[^\[\].]+", answer)
    _, _, outputs = _stream(answer, lambda _: chunks)
    streamed = "".join(text for text, _ in outputs)
    assert streamed == core_filter(answer).text
    assert streamed == answer.rsplit("\n", 1)[0]


def test_chunking_function_cuts_after_settled_units() -> None:
    validator = GroundedAnswer(evidence=SOURCES)
    assert validator._chunking_function(GROUNDED_1) == []  # a marker may still follow
    assert validator._chunking_function(GROUNDED_1 + "\nIt rec") == []  # its line is open
    text = GROUNDED_1 + "\n" + GROUNDED_3 + "\nMore"
    assert validator._chunking_function(text) == [GROUNDED_1, text[len(GROUNDED_1) :]]


def test_noop_stream_passes_the_answer_through_and_logs_failures() -> None:
    guard, _, outputs = _stream(ANSWER, words, on_fail="noop")
    assert "".join(text for text, _ in outputs) == ANSWER
    failures = [r for r in _logs(guard) if r.outcome == "fail"]
    assert failures
    assert failures[0].validated_chunk.strip() == FAILING[0][0]


def test_exception_stream_raises_at_the_first_failing_unit() -> None:
    with pytest.raises(ValidationError, match="unknown_citation"):
        _stream(ANSWER, words, on_fail="exception")


def test_reask_stream_is_refused_by_guardrails() -> None:
    with pytest.raises(ValueError, match="not yet supported with streaming"):
        _stream(ANSWER, words, on_fail="reask")


def test_streams_on_one_guard_do_not_mix() -> None:
    guard = Guard().use(GroundedAnswer())
    for answer in (ANSWER, "\n".join([GROUNDED_3, GROUNDED_1]), ANSWER + "\n"):
        llm = FakeLLM(answer)
        outcomes = guard(llm, messages=MESSAGES, metadata={"sources": SOURCES}, stream=True)
        assert "".join(o.validated_output for o in outcomes) == core_filter(answer).text


def test_a_stream_stopped_early_does_not_leak_into_the_next() -> None:
    guard = Guard().use(GroundedAnswer())
    first = guard(FakeLLM(ANSWER), messages=MESSAGES, metadata={"sources": SOURCES}, stream=True)
    assert next(o.validated_output for o in first if o.validated_output) == GROUNDED_1
    first.close()  # the caller stops reading half way
    answer = "\n".join([GROUNDED_3, GROUNDED_1, "It is made of chocolate [2]."])
    second = guard(
        FakeLLM(answer), messages=MESSAGES, metadata={"sources": list(SOURCES)}, stream=True
    )
    assert "".join(o.validated_output for o in second) == core_filter(answer).text


def test_stream_with_bound_evidence() -> None:
    llm = FakeLLM(ANSWER)
    guard = Guard().use(GroundedAnswer(evidence=SOURCES))
    outcomes = guard(llm, messages=MESSAGES, stream=True)
    assert "".join(o.validated_output for o in outcomes) == FILTERED


def test_stream_without_evidence_fails_closed() -> None:
    guard = Guard().use(GroundedAnswer())
    with pytest.raises(gg.EvidenceError, match="no evidence"):
        list(guard(FakeLLM(ANSWER), messages=MESSAGES, stream=True))


def test_stream_is_deterministic() -> None:
    runs = [[text for text, _ in _stream(ANSWER, _random(7))[2]] for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]

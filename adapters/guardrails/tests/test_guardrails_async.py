"""``AsyncGuard``: validate, awaited LLM calls, concurrent calls, and async streams."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from guardrails import AsyncGuard
from guardrails.errors import ValidationError
from guardrails_grounding_guard import GroundedAnswer
from guardrails_scenario import (
    ANSWER,
    CLEAN_ANSWER,
    FAILING,
    FILTERED,
    GROUNDED_1,
    MESSAGES,
    SOURCES,
    words,
)

import grounding_guard as gg


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


@pytest.mark.parametrize(
    ("on_fail", "validated_output", "passed"),
    [
        ("fix", FILTERED, True),
        ("noop", ANSWER, False),
        ("filter", None, False),
        ("refrain", None, False),
    ],
)
def test_async_validate(on_fail: str, validated_output: str | None, passed: bool) -> None:
    guard = AsyncGuard().use(GroundedAnswer(on_fail=on_fail))
    outcome = run(guard.validate(ANSWER, metadata={"sources": SOURCES}))
    assert outcome.validated_output == validated_output
    assert outcome.validation_passed is passed
    (summary,) = outcome.validation_summaries
    assert [ANSWER[s.start : s.end] for s in summary.error_spans] == [t for t, _, _ in FAILING]


def test_async_exception() -> None:
    guard = AsyncGuard().use(GroundedAnswer(on_fail="exception"))
    with pytest.raises(ValidationError, match="unsupported_citation"):
        run(guard.validate(ANSWER, metadata={"sources": SOURCES}))


def test_async_missing_evidence_fails_closed() -> None:
    guard = AsyncGuard().use(GroundedAnswer())
    with pytest.raises(gg.EvidenceError):
        run(guard.validate(ANSWER, metadata={}))


class _Streamed:
    """What Guardrails 0.11 expects an async custom callable to return when streaming."""

    def __init__(self, chunks: list[str]) -> None:
        self.completion_stream = self._chunks(chunks)

    @staticmethod
    async def _chunks(chunks: list[str]) -> AsyncIterator[str]:
        for chunk in chunks:
            await asyncio.sleep(0)
            yield chunk


async def fake_llm(*, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
    """An async custom LLM callable: the answer, or its tokens when streaming."""
    if kwargs.get("stream"):
        return _Streamed(words(ANSWER))
    return ANSWER


def test_awaited_llm_call_is_filtered() -> None:
    guard = AsyncGuard().use(GroundedAnswer())
    outcome = run(guard(fake_llm, messages=MESSAGES, metadata={"sources": SOURCES}))
    assert outcome.raw_llm_output == ANSWER
    assert outcome.validated_output == FILTERED


def test_concurrent_calls_keep_their_own_evidence() -> None:
    guard = AsyncGuard().use(GroundedAnswer(on_fail="noop"))
    unrelated = ["Bananas are yellow.", "The sea is salty.", "Snow is cold."]

    async def both() -> list[Any]:
        return await asyncio.gather(
            *(
                guard.validate(CLEAN_ANSWER, metadata={"sources": evidence})
                for evidence in [SOURCES, unrelated] * 3
            )
        )

    outcomes = run(both())
    assert [o.validation_passed for o in outcomes] == [True, False] * 3


def test_async_stream_drops_failing_units() -> None:
    # Guardrails 0.11's async stream never validates what is left when the stream ends
    # (for any validator), so only the units settled before the end come out
    guard = AsyncGuard().use(GroundedAnswer())

    async def collect() -> list[str]:
        outcomes = await guard(
            fake_llm, messages=MESSAGES, metadata={"sources": SOURCES}, stream=True
        )
        return [outcome.validated_output async for outcome in outcomes]

    streamed = "".join(run(collect()))
    assert streamed.startswith(GROUNDED_1)
    assert FILTERED.startswith(streamed)
    for failing, _, _ in FAILING:
        assert failing not in streamed

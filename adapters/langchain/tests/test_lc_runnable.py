"""``rag_chain | GroundingGuard(...)`` end to end with real langchain-core objects: every
way of calling a Runnable gives the same guarded answer and report, per mode."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from langchain_core.messages import AIMessage, AIMessageChunk
from langchain_core.runnables import ConfigurableField, Runnable, RunnableLambda
from langchain_grounding_guard import GroundingGuard
from lc_support import (
    ANSWER,
    DOCS,
    FAILING,
    FILTERED,
    GROUNDED_1,
    STATUSES,
    added,
    collect_into,
    generic_model,
    rag_chain,
)

import grounding_guard as gg

QUESTION = "Tell me about the Eiffel Tower."


def call_invoke(chain: Runnable[Any, Any]) -> dict[str, Any]:
    return chain.invoke(QUESTION)  # type: ignore[no-any-return]


def call_batch(chain: Runnable[Any, Any]) -> dict[str, Any]:
    first, second = chain.batch([QUESTION, QUESTION])
    assert first == second
    return first  # type: ignore[no-any-return]


def call_ainvoke(chain: Runnable[Any, Any]) -> dict[str, Any]:
    return asyncio.run(chain.ainvoke(QUESTION))  # type: ignore[no-any-return]


def call_abatch(chain: Runnable[Any, Any]) -> dict[str, Any]:
    first, second = asyncio.run(chain.abatch([QUESTION, QUESTION]))
    assert first == second
    return first  # type: ignore[no-any-return]


def call_stream(chain: Runnable[Any, Any]) -> dict[str, Any]:
    chunks = list(chain.stream(QUESTION))
    assert len(chunks) > 3  # streamed, not one final chunk
    return added(chunks)  # type: ignore[no-any-return]


def call_astream(chain: Runnable[Any, Any]) -> dict[str, Any]:
    async def collect() -> list[Any]:
        return [chunk async for chunk in chain.astream(QUESTION)]

    chunks = asyncio.run(collect())
    assert len(chunks) > 3
    return added(chunks)  # type: ignore[no-any-return]


def call_astream_events(chain: Runnable[Any, Any]) -> dict[str, Any]:
    async def collect() -> list[Any]:
        return [
            event["data"]["chunk"]
            async for event in chain.astream_events(QUESTION, version="v2")
            if event["event"] == "on_chain_stream" and not event["parent_ids"]
        ]

    chunks = asyncio.run(collect())
    assert len(chunks) > 3
    return added(chunks)  # type: ignore[no-any-return]


CALLS: dict[str, Callable[[Runnable[Any, Any]], dict[str, Any]]] = {
    "invoke": call_invoke,
    "batch": call_batch,
    "ainvoke": call_ainvoke,
    "abatch": call_abatch,
    "stream": call_stream,
    "astream": call_astream,
    "astream_events": call_astream_events,
}


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize(("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED)])
def test_flag_and_filter_every_call(mode: str, expected: str, call: str) -> None:
    result = CALLS[call](rag_chain(generic_model()) | GroundingGuard(mode=mode))
    assert result["answer"] == expected
    assert result["context"] == DOCS
    assert result["question"] == QUESTION
    report = result["grounding"]
    assert isinstance(report, gg.Report)
    # filter still lists the dropped units with their statuses
    assert [unit.status.value for unit in report.units] == STATUSES
    assert report.text == expected
    assert report.mode == mode


@pytest.mark.parametrize("call", CALLS)
def test_block_raises_every_call(call: str) -> None:
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        CALLS[call](rag_chain(generic_model()) | GroundingGuard(mode="block"))
    assert caught.value.report.blocked
    assert caught.value.report.units[0].status is gg.Status.GROUNDED


@pytest.mark.parametrize("call", CALLS)
def test_block_passes_a_grounded_answer(call: str) -> None:
    chain = rag_chain(generic_model(GROUNDED_1)) | GroundingGuard(mode="block")
    result = CALLS[call](chain)
    assert result["answer"] == GROUNDED_1
    assert result["grounding"].is_clean


def test_pipe_is_the_same_chain() -> None:
    piped = rag_chain(generic_model()).pipe(GroundingGuard(mode="filter"))
    assert piped.invoke(QUESTION)["answer"] == FILTERED


def _with_fallback(chain: Runnable[Any, Any]) -> Runnable[Any, Any]:
    fallback = RunnableLambda(lambda _q: {"answer": "I don't know."})
    return chain.with_fallbacks([fallback], exceptions_to_handle=(gg.UngroundedAnswerError,))


@pytest.mark.parametrize("call", ["invoke", "batch", "ainvoke", "abatch"])
def test_block_falls_back(call: str) -> None:
    chain = _with_fallback(rag_chain(generic_model()) | GroundingGuard(mode="block"))
    assert CALLS[call](chain) == {"answer": "I don't know."}


def test_a_started_stream_raises_instead_of_falling_back() -> None:
    """LangChain falls back only before a stream's first chunk; the guard's first chunks
    (the context, the grounded lines) are out by the time it blocks, so the error reaches
    the caller, who replaces what was shown."""
    chain = _with_fallback(rag_chain(generic_model()) | GroundingGuard(mode="block"))
    shown: list[Any] = []
    with pytest.raises(gg.UngroundedAnswerError):
        collect_into(shown, chain.stream(QUESTION))
    assert added(shown)["answer"] == FILTERED  # the grounded lines before the failing one


@pytest.mark.parametrize(("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED)])
def test_configurable_mode(mode: str, expected: str) -> None:
    guard = GroundingGuard().configurable_fields(mode=ConfigurableField(id="grounding_mode"))
    configured = {"configurable": {"grounding_mode": mode}}
    data = {"answer": ANSWER, "context": DOCS}
    assert guard.with_config(configured).invoke(data)["answer"] == expected
    assert guard.invoke(data)["answer"] == ANSWER  # the default stays flag
    chain = rag_chain(generic_model()) | guard
    assert chain.invoke(QUESTION, config=configured)["answer"] == expected
    assert added(chain.stream(QUESTION, config=configured))["answer"] == expected
    with pytest.raises(gg.UngroundedAnswerError):
        chain.invoke(QUESTION, config={"configurable": {"grounding_mode": "block"}})


def test_report_as_dict_and_custom_answer_key() -> None:
    guard = GroundingGuard(mode="filter", answer_key="response", report_format="dict")
    result = guard.invoke({"response": ANSWER, "context": DOCS})
    assert result["response"] == FILTERED
    assert "answer" not in result
    report = result["grounding"]
    assert isinstance(report, dict)
    assert report == gg.Guard(mode="filter").check(ANSWER, [d.page_content for d in DOCS]).to_dict()
    streamed = added(guard.stream({"response": ANSWER, "context": DOCS}))
    assert streamed == result


@pytest.mark.parametrize("mode", ["flag", "filter"])
def test_message_answer_equals_string_answer(mode: str) -> None:
    guard = GroundingGuard(mode=mode)
    message = AIMessage(content=ANSWER, id="run-1")
    from_text = guard.invoke({"answer": ANSWER, "context": DOCS})
    from_message = guard.invoke({"answer": message, "context": DOCS})
    assert from_message["grounding"].to_dict() == from_text["grounding"].to_dict()
    assert isinstance(from_message["answer"], AIMessage)
    assert from_message["answer"].content == from_text["answer"]
    assert from_message["answer"].id == "run-1"
    if mode == "flag":
        assert from_message["answer"] is message  # unchanged: the very same message
    blocks = AIMessage(content=[{"type": "text", "text": ANSWER}])
    from_blocks = guard.invoke({"answer": blocks, "context": DOCS})
    assert from_blocks["grounding"].to_dict() == from_text["grounding"].to_dict()


@pytest.mark.parametrize(("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED)])
def test_message_chain_streams_message_chunks(mode: str, expected: str) -> None:
    chain = rag_chain(generic_model(), as_message=True) | GroundingGuard(mode=mode)
    invoked = chain.invoke(QUESTION)
    assert isinstance(invoked["answer"], AIMessage)
    assert invoked["answer"].content == expected
    chunks = list(chain.stream(QUESTION))
    pieces = [chunk["answer"] for chunk in chunks if "answer" in chunk]
    assert pieces
    assert all(isinstance(piece, AIMessageChunk) for piece in pieces)
    assert added(chunks)["answer"].content == expected


def test_message_and_string_pieces_do_not_mix() -> None:
    chunks = iter([{"context": DOCS}, {"answer": "The"}, {"answer": AIMessageChunk(content=" x")}])
    with pytest.raises(TypeError, match="mixes strings and messages"):
        list(GroundingGuard().transform(chunks))


def test_async_judge_is_awaited() -> None:
    seen: list[str] = []

    async def judge(claim: str, evidence: str) -> bool:
        seen.append(claim)
        return "330" in claim and "330" in evidence

    guard = GroundingGuard(mode="filter", judge=judge, term_checks=False)
    data = {"answer": f"{GROUNDED_1}\nThe tower is blue [2].", "context": DOCS}
    assert asyncio.run(guard.ainvoke(data))["answer"] == GROUNDED_1

    async def stream() -> Any:
        return added([chunk async for chunk in guard.astream(data)])

    assert asyncio.run(stream())["answer"] == GROUNDED_1
    assert seen


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_failing_text_never_passes_unflagged(mode: str) -> None:
    """In filter and block mode no failing sentence reaches the output; in flag mode the
    answer is unchanged but every failing sentence is reported as failing."""
    guard = GroundingGuard(mode=mode)
    if mode == "block":
        with pytest.raises(gg.UngroundedAnswerError) as caught:
            guard.invoke({"answer": ANSWER, "context": DOCS})
        assert caught.value.report.text == gg.DEFAULT_REFUSAL
        return
    result = guard.invoke({"answer": ANSWER, "context": DOCS})
    failing = {unit.text for unit in result["grounding"].failing}
    assert failing == set(FAILING)
    if mode == "filter":
        assert not any(text in result["answer"] for text in FAILING)

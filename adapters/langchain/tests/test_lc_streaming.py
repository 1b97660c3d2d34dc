"""Streaming through ``GroundingGuard``: incremental (checked text leaves while the model
is still writing), chunks that add up to the invoke result, fail-closed block mode."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_core.runnables import Runnable
from langchain_grounding_guard import GroundingGuard
from lc_support import (
    ANSWER,
    DOCS,
    FAILING,
    FILTERED,
    FORGED,
    GROUNDED_1,
    GROUNDED_2,
    MODELS,
    UNCITED,
    TokenCounter,
    added,
    collect_into,
    generic_model,
    rag_chain,
    tokens_through,
)

import grounding_guard as gg

QUESTION = "Tell me about the Eiffel Tower."


def sync_stream(chain: Runnable[Any, Any], shown: list[Any]) -> None:
    """Stream ``chain``, appending each chunk to ``shown`` as it arrives."""
    for chunk in chain.stream(QUESTION):
        shown.append(chunk)


def async_stream(chain: Runnable[Any, Any], shown: list[Any]) -> None:
    """``astream`` ``chain``, appending each chunk to ``shown`` as it arrives."""

    async def run() -> None:
        async for chunk in chain.astream(QUESTION):
            shown.append(chunk)

    asyncio.run(run())


STREAMS: dict[str, Callable[[Runnable[Any, Any], list[Any]], None]] = {
    "stream": sync_stream,
    "astream": async_stream,
}


def first_text_at(
    chain: Runnable[Any, Any], how: str
) -> tuple[int, int, str, gg.UngroundedAnswerError | None]:
    """How many tokens the model had streamed when the first answer text came out, how
    many it streamed in all, the answer text that came out, and the block error if any."""
    counter = TokenCounter()
    config: Any = {"callbacks": [counter]}
    first: int | None = None
    text = ""

    def take(chunk: dict[str, Any]) -> None:
        nonlocal first, text
        if chunk.get("answer"):
            first = counter.tokens if first is None else first
            text += chunk["answer"]

    async def run_async() -> None:
        async for chunk in chain.astream(QUESTION, config=config):
            take(chunk)

    error: gg.UngroundedAnswerError | None = None
    try:
        if how == "astream":
            asyncio.run(run_async())
        else:
            for chunk in chain.stream(QUESTION, config=config):
                take(chunk)
    except gg.UngroundedAnswerError as raised:
        error = raised
    assert first is not None, "no answer text came out"
    return first, counter.tokens, text, error


@pytest.mark.parametrize("how", STREAMS)
@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_checked_text_leaves_while_the_model_writes(mode: str, how: str) -> None:
    chain = rag_chain(generic_model()) | GroundingGuard(mode=mode)
    first, total, shown, error = first_text_at(chain, how)
    assert shown == (ANSWER if mode == "flag" else FILTERED)
    assert (error is not None) == (mode == "block")
    # one sentence per line: the first line is out before the model has written line 3
    assert first <= tokens_through(ANSWER, FORGED) < tokens_through(ANSWER, UNCITED)
    if mode == "block":  # the model's stream is closed when the guard blocks
        assert first < total < tokens_through(ANSWER, UNCITED)
    else:
        assert total == tokens_through(ANSWER, UNCITED)


# sentence-level release: several sentences on one line
@pytest.mark.parametrize("how", STREAMS)
def test_sentences_of_one_line_leave_one_by_one(how: str) -> None:
    answer = f"{GROUNDED_1} {GROUNDED_2} {FORGED} {UNCITED}"
    chain = rag_chain(generic_model(answer)) | GroundingGuard(mode="filter")
    first, total, shown, _ = first_text_at(chain, how)
    assert shown == f"{GROUNDED_1} {GROUNDED_2}"
    assert first <= tokens_through(answer, FORGED) < total


ANSWER_SHAPES = [(model, False) for model in MODELS] + [
    (model, True)
    for model in MODELS
    if model != "text_llm"  # a text LLM answers strings
]


@pytest.mark.parametrize(("model", "as_message"), ANSWER_SHAPES)
@pytest.mark.parametrize("mode", ["flag", "filter"])
def test_chunks_add_up_to_invoke(mode: str, model: str, as_message: bool) -> None:
    chain = rag_chain(MODELS[model](), as_message=as_message) | GroundingGuard(mode=mode)
    invoked = chain.invoke(QUESTION)
    chunks = list(chain.stream(QUESTION))
    assert all(isinstance(chunk, dict) for chunk in chunks)
    streamed = added(chunks)
    answer = streamed["answer"]
    text = answer.content if as_message else answer
    expected = invoked["answer"].content if as_message else invoked["answer"]
    assert text == expected == (ANSWER if mode == "flag" else FILTERED)
    assert streamed["grounding"].to_dict() == invoked["grounding"].to_dict()
    assert streamed["context"] == invoked["context"] == DOCS
    assert sum("grounding" in chunk for chunk in chunks) == 1
    assert "grounding" in chunks[-1]
    assert sum("context" in chunk for chunk in chunks) == 1
    assert "context" in chunks[0] or "question" in chunks[0]  # other keys pass first


@pytest.mark.parametrize("how", STREAMS)
@pytest.mark.parametrize("model", MODELS)
def test_block_stream_never_emits_failing_text(model: str, how: str) -> None:
    chain = rag_chain(MODELS[model]()) | GroundingGuard(mode="block")
    shown: list[Any] = []
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        STREAMS[how](chain, shown)
    text = "".join(chunk.get("answer", "") for chunk in shown)
    assert text == FILTERED
    assert not any(failing in text for failing in FAILING)
    assert "[9]" not in text
    assert not any("grounding" in chunk for chunk in shown)
    assert caught.value.report.blocked


def test_filter_stream_that_keeps_nothing_raises() -> None:
    """Filter mode blocks when nothing safe is left: the stream raises, never emitting the
    failing text (the refusal is on the error's report)."""
    guard = GroundingGuard(mode="filter")
    shown: list[Any] = []
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        collect_into(shown, guard.stream({"answer": f"{FORGED}\n{UNCITED}", "context": DOCS}))
    assert not any("answer" in chunk for chunk in shown)
    assert caught.value.report.text == gg.DEFAULT_REFUSAL
    with pytest.raises(gg.UngroundedAnswerError):
        guard.invoke({"answer": f"{FORGED}\n{UNCITED}", "context": DOCS})


def pieces(text: str) -> list[str]:
    return [t for t in re.split(r"(\s)", text) if t]


def test_context_after_the_answer_is_waited_for() -> None:
    """The guard reads on for the context when it needs the evidence before it came."""
    chunks = [{"answer": piece} for piece in pieces(ANSWER)] + [{"context": DOCS}]
    out = added(GroundingGuard(mode="filter").transform(iter(chunks)))
    assert out["answer"] == FILTERED
    assert out["context"] == DOCS

    async def run() -> Any:
        async def source() -> AsyncIterator[dict[str, Any]]:
            for chunk in chunks:
                yield chunk

        return added([c async for c in GroundingGuard(mode="filter").atransform(source())])

    assert asyncio.run(run())["answer"] == FILTERED


@pytest.mark.parametrize("mode", ["filter", "block"])
def test_stream_without_context_fails_closed(mode: str) -> None:
    chunks = [{"question": "q"}, *({"answer": piece} for piece in pieces(ANSWER))]
    shown: list[Any] = []
    with pytest.raises(ValueError, match="no 'context' key"):
        collect_into(shown, GroundingGuard(mode=mode).transform(iter(chunks)))
    assert shown == [{"question": "q"}]  # nothing of the answer went out unchecked

    async def run() -> None:
        async def source() -> AsyncIterator[dict[str, Any]]:
            for chunk in chunks:
                yield chunk

        async for _ in GroundingGuard(mode=mode).atransform(source()):
            pass

    with pytest.raises(ValueError, match="no 'context' key"):
        asyncio.run(run())


def test_stream_without_answer_raises() -> None:
    with pytest.raises(ValueError, match="no 'answer' key"):
        list(GroundingGuard().transform(iter([{"context": DOCS}, {"question": "q"}])))


def test_context_that_changes_after_it_was_read_raises() -> None:
    chunks = [
        {"context": DOCS[:1]},
        *({"answer": piece} for piece in pieces(ANSWER)),
        {"context": DOCS[1:]},
    ]
    with pytest.raises(ValueError, match="after the guard read the evidence"):
        list(GroundingGuard(mode="filter").transform(iter(chunks)))


def test_context_in_pieces_before_the_answer_is_joined() -> None:
    chunks = [
        {"context": DOCS[:1]},
        {"context": DOCS[1:]},
        *({"answer": piece} for piece in pieces(ANSWER)),
    ]
    out = added(GroundingGuard(mode="filter").transform(iter(chunks)))
    assert out["answer"] == FILTERED
    assert out["context"] == DOCS


@pytest.mark.parametrize("bad", [3, None])
def test_stream_of_non_dicts_raises(bad: Any) -> None:
    with pytest.raises(TypeError, match="dict chunks"):
        list(GroundingGuard().transform(iter([bad])))


def test_stream_with_a_grounding_key_raises() -> None:
    with pytest.raises(ValueError, match="already has a 'grounding' key"):
        list(GroundingGuard().transform(iter([{"grounding": 1, "context": DOCS, "answer": "x"}])))


@pytest.mark.parametrize("answer", ["", AIMessage(content="")], ids=["text", "message"])
def test_empty_answer_streams_its_key(answer: Any) -> None:
    guard = GroundingGuard(mode="block")
    data = {"answer": answer, "context": DOCS}
    invoked = guard.invoke(data)
    streamed = added(guard.stream(data))
    assert streamed.keys() == invoked.keys()
    text = streamed["answer"] if isinstance(answer, str) else streamed["answer"].content
    assert text == ""

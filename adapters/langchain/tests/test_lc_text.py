"""``... | StrOutputParser() | GroundingGuard(evidence=docs)``: a chain that ends in plain
text, guarded against evidence bound at construction. Text in, text out, for every way
of calling a Runnable; text chunks in, text chunks out while the model writes; and a
string without evidence says what to do instead of only naming its type."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.output_parsers import StrOutputParser
from langchain_core.runnables import ConfigurableField, Runnable, RunnableLambda
from langchain_grounding_guard import GroundingGuard, format_evidence
from lc_support import (
    ANSWER,
    DOCS,
    FAILING,
    FILTERED,
    FORGED,
    GROUNDED_1,
    MODELS,
    PROMPT,
    STATUSES,
    UNCITED,
    TokenCounter,
    collect_into,
    generic_model,
    tokens_through,
)

import grounding_guard as gg

INPUT = {"sources": format_evidence(DOCS), "question": "Tell me about the Eiffel Tower."}


def text_chain(guard: GroundingGuard, model: str = "generic_chat") -> Runnable[Any, Any]:
    """The usual chain, ending in ``StrOutputParser()``, then the guard."""
    return PROMPT | MODELS[model]() | StrOutputParser() | guard


def chunks_of(how: str, chain: Runnable[Any, Any], config: Any = None) -> list[Any]:
    if how == "stream":
        return list(chain.stream(INPUT, config=config))

    async def collect() -> list[Any]:
        return [chunk async for chunk in chain.astream(INPUT, config=config)]

    return asyncio.run(collect())


def run(how: str, chain: Runnable[Any, Any], config: Any = None, *, pieces: int = 2) -> Any:
    """The chain's output through one way of calling it (streamed chunks joined, at least
    ``pieces`` of them)."""
    if how == "invoke":
        return chain.invoke(INPUT, config=config)
    if how == "ainvoke":
        return asyncio.run(chain.ainvoke(INPUT, config=config))
    if how in ("batch", "abatch"):
        inputs = [INPUT, INPUT]
        if how == "batch":
            first, second = chain.batch(inputs, config=config)
        else:
            first, second = asyncio.run(chain.abatch(inputs, config=config))
        assert first == second
        return first
    chunks = chunks_of(how, chain, config)
    assert all(type(chunk) is str for chunk in chunks), chunks
    assert len(chunks) >= pieces  # streamed, not one final chunk
    return "".join(chunks)


HOWS = ["invoke", "batch", "ainvoke", "abatch", "stream", "astream"]
STREAMS = ["stream", "astream"]


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize(("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED)])
def test_text_in_text_out(mode: str, expected: str, model: str, how: str) -> None:
    reports: list[gg.Report] = []
    guard = GroundingGuard(mode=mode, evidence=DOCS, on_report=reports.append)
    out = run(how, text_chain(guard, model))
    assert type(out) is str
    assert out == expected
    assert reports, "on_report saw no report"
    assert [unit.status.value for unit in reports[-1].units] == STATUSES
    assert reports[-1].text == expected


@pytest.mark.parametrize("how", HOWS)
def test_text_block_raises(how: str) -> None:
    reports: list[gg.Report] = []
    guard = GroundingGuard(mode="block", evidence=DOCS, on_report=reports.append)
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        run(how, text_chain(guard))
    assert caught.value.report.blocked
    assert any(report is caught.value.report for report in reports)  # seen before the raise


@pytest.mark.parametrize("how", HOWS)
def test_text_block_passes_a_grounded_answer(how: str) -> None:
    chain = PROMPT | generic_model(GROUNDED_1) | StrOutputParser()
    out = run(how, chain | GroundingGuard(mode="block", evidence=DOCS), pieces=1)
    assert out == GROUNDED_1


@pytest.mark.parametrize("how", ["invoke", "batch", "ainvoke", "abatch"])
def test_text_block_falls_back(how: str) -> None:
    chain = text_chain(GroundingGuard(mode="block", evidence=DOCS)).with_fallbacks(
        [RunnableLambda(lambda _x: "I don't know.")],
        exceptions_to_handle=(gg.UngroundedAnswerError,),
    )
    assert run(how, chain) == "I don't know."


@pytest.mark.parametrize("how", STREAMS)
@pytest.mark.parametrize("mode", ["filter", "block"])
def test_text_stream_leaves_while_the_model_writes(mode: str, how: str) -> None:
    """One sentence per line: the first line is out before the model has written line 3.
    An async block closes the model's stream; a sync one cannot: langchain-core's
    ``StrOutputParser`` reads the rest of its input when its stream is closed early."""
    counter = TokenCounter()
    shown: list[str] = []
    first_at: int | None = None
    config: Any = {"callbacks": [counter]}
    chain = text_chain(GroundingGuard(mode=mode, evidence=DOCS))

    async def consume_async() -> None:
        nonlocal first_at
        async for chunk in chain.astream(INPUT, config=config):
            first_at = counter.tokens if first_at is None else first_at
            shown.append(chunk)

    def consume() -> None:
        nonlocal first_at
        for chunk in chain.stream(INPUT, config=config):
            first_at = counter.tokens if first_at is None else first_at
            shown.append(chunk)

    try:
        asyncio.run(consume_async()) if how == "astream" else consume()
    except gg.UngroundedAnswerError:
        assert mode == "block"
    assert first_at is not None
    assert first_at <= tokens_through(ANSWER, FORGED) < tokens_through(ANSWER, UNCITED)
    if mode == "block" and how == "astream":
        assert first_at < counter.tokens < tokens_through(ANSWER, UNCITED)
    elif mode == "block":
        assert first_at < counter.tokens
    else:
        assert counter.tokens == tokens_through(ANSWER, UNCITED)
    assert "".join(shown) == FILTERED  # block: the grounded lines before the failing one
    assert not any(failing in "".join(shown) for failing in FAILING)


@pytest.mark.parametrize("how", HOWS)
def test_text_without_evidence_says_what_to_do(how: str) -> None:
    with pytest.raises(TypeError) as caught:
        run(how, text_chain(GroundingGuard(mode="filter")))
    message = str(caught.value)
    assert "got a string (TextAccessor)" in message or "got a string (str)" in message
    for way in (
        "GroundingOutputParser(evidence=docs) in place of StrOutputParser()",
        "GroundingGuard(evidence=docs)",
        "RunnablePassthrough()).assign(answer=",
        "'answer'",
        "'context'",
    ):
        assert way in message


@pytest.mark.parametrize("how", ["invoke", "stream"])
def test_plain_str_and_subclass_alike(how: str) -> None:
    class Text(str):
        pass

    guard = GroundingGuard(mode="filter", evidence=DOCS)
    for value in (ANSWER, Text(ANSWER)):
        out = guard.invoke(value) if how == "invoke" else "".join(guard.stream(value))
        assert out == FILTERED
        assert type(out) is str


def test_evidence_per_call_through_configurable_fields() -> None:
    guard = GroundingGuard(mode="filter").configurable_fields(
        evidence=ConfigurableField(id="evidence")
    )
    chain = PROMPT | generic_model() | StrOutputParser() | guard
    assert chain.invoke(INPUT, config={"configurable": {"evidence": DOCS}}) == FILTERED
    with pytest.raises(TypeError, match="no evidence"):
        chain.invoke(INPUT)


def test_bound_evidence_is_read_like_a_context() -> None:
    """Ids by position, a mapping's keys, ``metadata[id_key]``: as for the dict input."""
    by_key = {"7": DOCS[0].page_content, "3": DOCS[1].page_content}
    guard = GroundingGuard(mode="filter", evidence=by_key)
    assert guard.invoke("The Eiffel Tower is 330 metres tall [7].") == (
        "The Eiffel Tower is 330 metres tall [7]."
    )
    with pytest.raises(gg.UngroundedAnswerError):
        GroundingGuard(mode="filter", evidence=by_key).invoke(GROUNDED_1)  # [1] is unknown


@pytest.mark.parametrize(
    ("bad", "message"),
    [("a single text", "wrap one document in a list"), (3, "got int"), ([3], "got int")],
)
def test_bad_bound_evidence_fails_at_build(bad: Any, message: str) -> None:
    with pytest.raises(TypeError, match=r"GroundingGuard\(evidence=\.\.\.\): .*" + message):
        GroundingGuard(evidence=bad)


def test_a_dict_still_brings_its_own_context() -> None:
    guard = GroundingGuard(mode="filter", evidence=DOCS)
    out = guard.invoke({"answer": ANSWER, "context": DOCS[:1]})
    assert out["answer"] == GROUNDED_1  # the dict's context, not the bound evidence
    with pytest.raises(ValueError, match="no 'context' key"):
        guard.invoke({"answer": ANSWER})


@pytest.mark.parametrize(
    ("chunks", "message"),
    [
        (["The tower ", {"answer": "x"}], "got dict after a string"),
        ([{"answer": "x", "context": DOCS}, "text"], "dict chunks"),
    ],
)
def test_strings_and_dicts_do_not_mix(chunks: list[Any], message: str) -> None:
    guard = GroundingGuard(evidence=DOCS)
    with pytest.raises(TypeError, match=message):
        list(guard.transform(iter(chunks)))


@pytest.mark.parametrize("how", STREAMS)
def test_empty_text_streams_an_empty_string(how: str) -> None:
    guard = GroundingGuard(mode="block", evidence=DOCS)
    assert guard.invoke("") == ""
    if how == "stream":
        assert list(guard.stream("")) == [""]
    else:

        async def collect() -> list[Any]:
            return [chunk async for chunk in guard.astream("")]

        assert asyncio.run(collect()) == [""]


def test_on_report_sees_the_dict_answers_too() -> None:
    reports: list[gg.Report] = []
    guard = GroundingGuard(mode="filter", on_report=reports.append)
    result = guard.invoke({"answer": ANSWER, "context": DOCS})
    shown: list[Any] = []
    collect_into(shown, guard.stream({"answer": ANSWER, "context": DOCS}))
    assert len(reports) == 2
    assert reports[0] is result["grounding"]
    assert reports[1].text == FILTERED

"""``prompt | llm | GroundingOutputParser(...)``: evidence bound or per call, strings out,
streaming that starts while the model writes, block raises."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langchain_core.runnables import Runnable
from langchain_grounding_guard import GroundingOutputParser, format_evidence
from lc_support import (
    ANSWER,
    DOCS,
    FILTERED,
    FORGED,
    MODELS,
    PROMPT,
    UNCITED,
    TokenCounter,
    collect_into,
    generic_model,
)

import grounding_guard as gg

INPUT = {"sources": format_evidence(DOCS), "question": "Tell me about the Eiffel Tower."}
PER_CALL: Any = {"configurable": {"evidence": DOCS}}


def chain(parser: GroundingOutputParser, model: str = "generic_chat") -> Runnable[Any, str]:
    return PROMPT | MODELS[model]() | parser


def run(how: str, runnable: Runnable[Any, str], config: Any = None) -> str:
    """The parser's output through one way of calling the chain, joined."""
    if how == "invoke":
        return runnable.invoke(INPUT, config=config)
    if how == "batch":
        first, second = runnable.batch([INPUT, INPUT], config=config)
        assert first == second
        return first
    if how == "ainvoke":
        return asyncio.run(runnable.ainvoke(INPUT, config=config))
    if how == "stream":
        chunks = list(runnable.stream(INPUT, config=config))
    else:

        async def collect() -> list[str]:
            return [chunk async for chunk in runnable.astream(INPUT, config=config)]

        chunks = asyncio.run(collect())
    assert all(isinstance(chunk, str) for chunk in chunks)
    assert len(chunks) >= 2
    return "".join(chunks)


HOWS = ["invoke", "batch", "ainvoke", "stream", "astream"]


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("bound", [True, False], ids=["bound", "per_call"])
@pytest.mark.parametrize(("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED)])
def test_parser_returns_and_streams_strings(
    mode: str, expected: str, bound: bool, how: str
) -> None:
    parser = GroundingOutputParser(mode=mode, evidence=DOCS if bound else None)
    out = run(how, chain(parser), None if bound else PER_CALL)
    assert isinstance(out, str)
    assert out == expected


@pytest.mark.parametrize("how", HOWS)
def test_parser_block_raises(how: str) -> None:
    parser = GroundingOutputParser(mode="block", evidence=DOCS)
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        run(how, chain(parser))
    assert caught.value.report.blocked


@pytest.mark.parametrize("model", MODELS)
def test_parser_stream_never_emits_failing_text(model: str) -> None:
    shown: list[str] = []
    parser = GroundingOutputParser(mode="block", evidence=DOCS)
    with pytest.raises(gg.UngroundedAnswerError):
        collect_into(shown, chain(parser, model).stream(INPUT))
    assert "".join(shown) == FILTERED


@pytest.mark.parametrize("mode", ["flag", "filter"])
def test_parser_streams_while_the_model_writes(mode: str) -> None:
    counter = TokenCounter()
    first: int | None = None
    parser = GroundingOutputParser(mode=mode, evidence=DOCS)
    for _chunk in chain(parser).stream(INPUT, config={"callbacks": [counter]}):
        first = counter.tokens if first is None else first
    assert first is not None
    assert first < counter.tokens


def test_per_call_evidence_wins_over_bound() -> None:
    parser = GroundingOutputParser(mode="filter", evidence=["Nothing relevant here."])
    # bound evidence alone backs nothing: filter keeps nothing, which blocks
    with pytest.raises(gg.UngroundedAnswerError):
        chain(parser).invoke(INPUT)
    assert chain(parser).invoke(INPUT, config=PER_CALL) == FILTERED
    assert parser.with_config(PER_CALL).invoke(ANSWER) == FILTERED


def test_per_call_evidence_mapping_resolves_its_keys() -> None:
    answer = "The Eiffel Tower is 330 metres tall [7].\nIt was completed in 1889 [3]."
    evidence = {"7": DOCS[0].page_content, "3": DOCS[1]}
    parser = GroundingOutputParser(mode="block")
    assert parser.invoke(answer, config={"configurable": {"evidence": evidence}}) == answer


def test_parser_without_evidence_raises() -> None:
    with pytest.raises(ValueError, match="no evidence"):
        chain(GroundingOutputParser()).invoke(INPUT)
    with pytest.raises(ValueError, match="no evidence"):
        list(chain(GroundingOutputParser()).stream(INPUT))


def test_parser_evidence_key_is_configurable() -> None:
    parser = GroundingOutputParser(mode="filter", evidence_key="docs")
    assert parser.invoke(ANSWER, config={"configurable": {"docs": DOCS}}) == FILTERED


def test_parser_takes_messages_like_strings() -> None:
    parser = GroundingOutputParser(mode="filter", evidence=DOCS)
    assert parser.invoke(AIMessage(content=ANSWER)) == parser.invoke(ANSWER) == FILTERED
    assert parser.parse(ANSWER) == FILTERED
    assert "".join(parser.stream(AIMessage(content=ANSWER))) == FILTERED


def test_on_report_sees_every_answer() -> None:
    reports: list[gg.Report] = []
    parser = GroundingOutputParser(mode="block", evidence=DOCS, on_report=reports.append)
    assert parser.invoke(DOCS[0].page_content + " [1]") == DOCS[0].page_content + " [1]"
    with pytest.raises(gg.UngroundedAnswerError):
        parser.invoke(f"{FORGED}\n{UNCITED}")
    with pytest.raises(gg.UngroundedAnswerError):
        list(chain(parser).stream(INPUT))
    assert [report.blocked for report in reports] == [False, True, True]


@pytest.mark.parametrize("bad", [None, 3, {"text": "x"}])
def test_parser_rejects_non_text(bad: Any) -> None:
    with pytest.raises(TypeError, match="str or a chat message"):
        GroundingOutputParser(evidence=DOCS).invoke(bad)


def test_parser_uses_generic_model_chunks() -> None:
    """The fake model really streams several chunks, so the stream tests stream."""
    assert len(list(generic_model().stream("x"))) > 20

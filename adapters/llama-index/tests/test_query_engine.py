"""GroundedQueryEngine around real engines (retriever, citation, router, a custom one):
flag/filter/block for every call style; block raises before any failing text."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.base.base_selector import BaseSelector, SelectorResult, SingleSelection
from llama_index.core.base.response.schema import PydanticResponse, Response
from llama_index.core.bridge.pydantic import BaseModel
from llama_index.core.query_engine import CitationQueryEngine, RouterQueryEngine
from llama_index.core.query_engine.citation_query_engine import (
    CITATION_QA_TEMPLATE,
    CITATION_REFINE_TEMPLATE,
)
from llama_index.core.response_synthesizers import get_response_synthesizer
from llama_index.core.schema import QueryBundle
from llama_index.core.tools import QueryEngineTool
from llama_index.postprocessor.grounding_guard import GROUNDING_KEY, GroundedQueryEngine

from conftest import (
    CALLS,
    LAPTOP_ANSWER,
    LAPTOP_COUNTS,
    LAPTOP_FAILING,
    LAPTOP_FILTERED,
    LAPTOP_SOURCES,
    PHONE_ANSWER,
    Run,
    ScriptedLLM,
    TopicRetriever,
    ask,
    make_engine,
    streams,
    tokens_of,
)
from grounding_guard import Report, UngroundedAnswerError

QUESTION = "How long does the laptop battery last?"


def wrapped(llm: ScriptedLLM, call: str, **options: Any) -> GroundedQueryEngine:
    return GroundedQueryEngine(make_engine(llm, streaming=streams(call)), **options)


def counts(report: Report) -> dict[str, int]:
    return {k: v for k, v in report.counts.items() if v}


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize(
    ("mode", "expected"), [("flag", LAPTOP_ANSWER), ("filter", LAPTOP_FILTERED)]
)
def test_flag_and_filter(llm: ScriptedLLM, mode: str, expected: str, call: str) -> None:
    run = ask(wrapped(llm, call, mode=mode), QUESTION, call)
    assert run.text == expected
    report = run.response.metadata[GROUNDING_KEY]
    assert isinstance(report, Report)
    assert counts(report) == LAPTOP_COUNTS
    assert [e.text for e in report.evidence] == LAPTOP_SOURCES
    assert report.evidence_ids == ("1", "2", "3")


@pytest.mark.parametrize("call", CALLS)
def test_block_raises_before_any_failing_text(llm: ScriptedLLM, call: str) -> None:
    run = Run()
    with pytest.raises(UngroundedAnswerError) as raised:
        ask(wrapped(llm, call, mode="block"), QUESTION, call, run)
    report = raised.value.report
    assert report.blocked
    assert not any(bad in run.text for bad in LAPTOP_FAILING)
    assert "I can't answer" not in run.text  # a raise, not a refusal
    if streams(call):
        assert LAPTOP_ANSWER.startswith(run.text)
        assert run.response.metadata[GROUNDING_KEY] is report
        assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


@pytest.mark.parametrize("call", CALLS)
def test_filter_raises_when_nothing_is_left(llm: ScriptedLLM, call: str) -> None:
    llm.answers["laptop"] = "The Aurora X2 was designed in Finland [9]."
    with pytest.raises(UngroundedAnswerError):
        ask(wrapped(llm, call, mode="filter"), QUESTION, call)


@pytest.mark.parametrize("call", CALLS)
def test_a_clean_answer_passes_block(llm: ScriptedLLM, call: str) -> None:
    run = ask(wrapped(llm, call, mode="block"), "Phone screen?", call)
    assert run.text == PHONE_ANSWER
    assert run.response.metadata[GROUNDING_KEY].is_clean


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_stream_is_incremental(llm: ScriptedLLM, mode: str) -> None:
    response = wrapped(llm, "stream", mode=mode).query(QUESTION)
    assert next(iter(response.response_gen))
    assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_async_stream_is_incremental(llm: ScriptedLLM, mode: str) -> None:
    async def first_chunk() -> str:
        response = await wrapped(llm, "astream", mode=mode).aquery(QUESTION)
        chunk: str = await response.async_response_gen().__anext__()
        return chunk

    assert asyncio.run(first_chunk())
    assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


def test_concurrent_aqueries_each_get_their_own_report(llm: ScriptedLLM) -> None:
    engine = wrapped(llm, "aquery", mode="filter")
    questions = ["laptop?", "phone?"] * 4

    async def all_at_once() -> list[Any]:
        return await asyncio.gather(*(engine.aquery(q) for q in questions))

    for question, response in zip(questions, asyncio.run(all_at_once()), strict=True):
        laptop = "laptop" in question
        assert response.response == (LAPTOP_FILTERED if laptop else PHONE_ANSWER)
        assert response.metadata[GROUNDING_KEY].answer == (
            LAPTOP_ANSWER if laptop else PHONE_ANSWER
        )


# ---- around other engines ----------------------------------------------------------------------


@pytest.mark.parametrize("call", CALLS)
def test_citation_query_engine(llm: ScriptedLLM, call: str) -> None:
    """CitationQueryEngine shows the model "Source N:" chunks; [N] resolves to chunk N."""
    llm.answers["laptop"] = (
        "The battery lasts 14 hours [#battery].\n"
        "The warranty covers accidental damage [#warranty].\n"
        "It weighs 1.2 kilograms [#weighs]."
    )
    synthesizer = get_response_synthesizer(
        llm=llm,
        text_qa_template=CITATION_QA_TEMPLATE,
        refine_template=CITATION_REFINE_TEMPLATE,
        streaming=streams(call),
    )
    citation = CitationQueryEngine(TopicRetriever(), llm=llm, response_synthesizer=synthesizer)
    run = ask(GroundedQueryEngine(citation, mode="filter"), QUESTION, call)
    assert "Source 1:\nThe Aurora X2 laptop battery" in llm.prompts[-1]
    assert run.text == "The battery lasts 14 hours [1].\nIt weighs 1.2 kilograms [3]."
    report = run.response.metadata[GROUNDING_KEY]
    assert [e.text.strip() for e in report.evidence] == LAPTOP_SOURCES  # "Source N:" dropped
    assert counts(report) == {"grounded": 2, "invalid": 1}


class FirstEngine(BaseSelector):
    """Always routes to the first engine."""

    def _get_prompts(self) -> dict[str, Any]:
        return {}

    def _update_prompts(self, prompts: dict[str, Any]) -> None:
        pass

    def _select(self, choices: Any, query: QueryBundle) -> SelectorResult:
        return SelectorResult(selections=[SingleSelection(index=0, reason="first")])

    async def _aselect(self, choices: Any, query: QueryBundle) -> SelectorResult:
        return self._select(choices, query)


@pytest.mark.parametrize("call", ["query", "aquery"])
def test_router_query_engine(llm: ScriptedLLM, call: str) -> None:
    router = RouterQueryEngine(
        selector=FirstEngine(),
        query_engine_tools=[
            QueryEngineTool.from_defaults(make_engine(llm), description="product facts")
        ],
        llm=llm,
    )
    run = ask(GroundedQueryEngine(router, mode="filter"), QUESTION, call)
    assert run.text == LAPTOP_FILTERED
    assert "selector_result" in run.response.metadata  # the router's own metadata stays


class FixedEngine(BaseQueryEngine):
    """A hand-written engine: returns what it is given."""

    def __init__(self, response: Any) -> None:
        self.response = response
        super().__init__(callback_manager=None)

    def _get_prompt_modules(self) -> dict[str, Any]:
        return {}

    def _query(self, query_bundle: QueryBundle) -> Any:
        return self.response

    async def _aquery(self, query_bundle: QueryBundle) -> Any:
        return self.response


def test_an_answer_without_source_nodes_cannot_cite_anything() -> None:
    response = GroundedQueryEngine(
        FixedEngine(Response("Battery: 14 hours [1].")), mode="flag"
    ).query("q")
    unit = response.metadata[GROUNDING_KEY].units[0]
    assert unit.status == "invalid"
    assert unit.codes == ("unknown_citation",)


class Answer(BaseModel):
    text: str


def test_structured_output_is_refused_clearly() -> None:
    engine = GroundedQueryEngine(FixedEngine(PydanticResponse(Answer(text="x"))), mode="block")
    with pytest.raises(TypeError, match="PydanticResponse"):
        engine.query("q")


def test_the_wrapped_engine_and_guard_are_exposed(llm: ScriptedLLM) -> None:
    inner = make_engine(llm)
    engine = GroundedQueryEngine(inner, mode="filter", citations="numeric")
    assert engine.engine is inner
    assert engine.guard.mode == "filter"
    assert "query_engine" in engine._get_prompt_modules()

"""``GroundedAgent`` around a ``FunctionAgent``: only the final answer is checked, against
the run's ``ToolCallResult``s; flag, filter and block; awaited and streamed
(``stream_events()``); multi-step, a ``QueryEngineTool``, no retrieval, a failing tool."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from li_agent_support import (
    ANSWER,
    FAILING,
    FILTERED,
    GROUNDED_1,
    NODES,
    QUESTION,
    REFUSAL,
    SOURCES,
    TWO_SEARCHES,
    answer,
    call,
    grounded_agent,
)
from llama_index.core.agent.workflow import AgentOutput, AgentStream, ToolCallResult
from llama_index.core.tools import ToolOutput
from llama_index.core.workflow import StopEvent
from llama_index.postprocessor.grounding_guard import (
    GroundedAgent,
    format_tool_evidence,
    next_citation_id,
    tool_results_evidence,
)

import grounding_guard as gg

# building a FunctionAgent reads pydantic's deprecated attributes (llama-index-core 0.14)
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def run(agent: GroundedAgent, *, stream: bool = False) -> tuple[AgentOutput, list[Any], Any]:
    """The guarded output, the events streamed (when ``stream``) and the handler."""

    async def go() -> tuple[AgentOutput, list[Any], Any]:
        handler = agent.run(QUESTION)
        events = [event async for event in handler.stream_events()] if stream else []
        return await handler, events, handler

    return asyncio.run(go())


def shown(events: list[Any]) -> str:
    """Every answer text a stream consumer saw."""
    texts: list[str] = []
    for event in events:
        if isinstance(event, AgentStream):
            texts.append(event.delta)
        elif isinstance(event, AgentOutput):
            texts.append(event.response.content or "")
        elif isinstance(event, StopEvent) and isinstance(event.result, AgentOutput):
            texts.append(event.result.response.content or "")
    return "\n".join(texts)


@pytest.mark.parametrize(
    ("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED), ("block", REFUSAL)]
)
def test_awaited_output_per_mode(mode: str, expected: str) -> None:
    output, _events, handler = run(grounded_agent(TWO_SEARCHES, mode=mode))
    assert output.response.content == expected
    report = output["grounding"]
    assert report is handler.report and report.mode == mode
    assert report.evidence_ids == ("1", "2", "3")
    assert [u.status.value for u in report.units] == [
        "grounded",
        "grounded",
        "invalid",
        "invalid",
        "ungrounded",
    ]


@pytest.mark.parametrize("mode", ["filter", "block"])
@pytest.mark.parametrize("streaming", [True, False])
def test_stream_events_never_show_a_failing_unit(mode: str, streaming: bool) -> None:
    reports: list[gg.Report] = []
    agent = grounded_agent(TWO_SEARCHES, mode=mode, streaming=streaming, on_report=reports.append)
    output, events, _handler = run(agent, stream=True)
    for failing in FAILING:
        assert failing not in shown(events)
    expected = FILTERED if mode == "filter" else REFUSAL
    # the agent appends the run's ToolCallResults to its final output's tool_calls
    finals = [e for e in events if isinstance(e, AgentOutput) and e.response.content]
    assert [e.response.content for e in finals] == [expected]
    assert isinstance(events[-1], StopEvent) and events[-1].result.response.content == expected
    deltas = [e.delta for e in events if isinstance(e, AgentStream) and e.delta]
    assert deltas == ([expected] if streaming else [])  # held, then one guarded delta
    assert [e.tool_name for e in events if isinstance(e, ToolCallResult)] == ["search", "search"]
    assert output.response.content == expected
    assert len(reports) == 1  # streamed and awaited: checked once


def test_stream_tokens_in_flag_mode() -> None:
    _output, events, _handler = run(grounded_agent(TWO_SEARCHES, stream_tokens=True), stream=True)
    deltas = [e.delta for e in events if isinstance(e, AgentStream) and e.delta]
    assert len(deltas) > 10 and "".join(deltas) == ANSWER
    with pytest.raises(gg.ConfigError, match="stream_tokens"):
        grounded_agent(TWO_SEARCHES, mode="filter", stream_tokens=True)


def test_raise_on_block_awaited_and_streamed() -> None:
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        run(grounded_agent(TWO_SEARCHES, mode="block", raise_on_block=True))
    assert caught.value.report.blocked

    seen: list[Any] = []

    async def stream() -> None:
        handler = grounded_agent(TWO_SEARCHES, mode="block", raise_on_block=True).run(QUESTION)
        async for event in handler.stream_events():
            seen.append(event)

    with pytest.raises(gg.UngroundedAnswerError):
        asyncio.run(stream())
    assert GROUNDED_1 not in shown(seen)  # nothing of the answer, not even its good part
    assert any(isinstance(e, ToolCallResult) for e in seen)


def test_retrieval_two_tool_calls_before_the_answer() -> None:
    script = [
        call("search", "c1", query="tower"),
        call("search", "c2", query="builder"),
        call("weather", "c3", city="Paris"),
        answer(),
    ]
    output, _events, _handler = run(grounded_agent(script, mode="filter", tools=["search"]))
    assert output["grounding"].evidence_ids == ("1", "2", "3")
    assert output.response.content == FILTERED
    output, _events, _handler = run(grounded_agent(script, mode="filter"))
    assert output["grounding"].evidence_ids == ("1", "2", "3", "4")
    assert output["grounding"].evidence[3].text == "It is sunny in Paris today."


def test_query_engine_tool_gives_its_source_nodes() -> None:
    uncited = "The Eiffel Tower is 330 metres tall.\nIt was completed in 1889."
    script = [call("encyclopedia", "c1", input="tower"), answer(uncited)]
    output, _events, _handler = run(grounded_agent(script, mode="filter"))
    report = output["grounding"]
    assert report.evidence_ids == ("1", "2", "3")
    assert report.evidence[0].metadata["node_id"] == "node-1"
    assert [u.status.value for u in report.units] == ["grounded", "grounded"]  # attributed
    assert output.response.content == uncited


def test_no_retrieval_at_all_the_policy_decides() -> None:
    uncited = "The Eiffel Tower is 330 metres tall.\nIt was completed in 1889."
    output, _events, _handler = run(grounded_agent([answer(uncited)], mode="flag"))
    assert output["grounding"].evidence_ids == ()
    assert output["grounding"].counts["ungrounded"] == 2
    output, _events, _handler = run(grounded_agent([answer(uncited)], mode="filter"))
    assert output.response.content == REFUSAL
    lenient = grounded_agent([answer(uncited)], mode="block", fail_on=["invalid", "contradicted"])
    assert run(lenient)[0].response.content == uncited


def test_a_tool_that_raises_is_not_evidence() -> None:
    script = [call("broken", "c1", query="tower"), call("search", "c2", query="tower"), answer()]
    output, events, _handler = run(grounded_agent(script, mode="filter"), stream=True)
    results = [e for e in events if isinstance(e, ToolCallResult)]
    assert results[0].tool_output.is_error
    assert output["grounding"].evidence_ids == ("1", "2")
    assert output.response.content == FILTERED


def test_construction_errors() -> None:
    with pytest.raises(TypeError, match="run"):
        GroundedAgent(object())
    with pytest.raises(TypeError, match="tool names"):
        GroundedAgent(grounded_agent([]).agent, tools="search")
    with pytest.raises(ValueError, match="either"):
        GroundedAgent(grounded_agent([]).agent, guard=gg.Guard(), mode="filter")
    wrapped = GroundedAgent(grounded_agent([]).agent, guard=gg.Guard(mode="block"))
    assert wrapped.guard.mode == "block"


# ---- the id rule -----------------------------------------------------------------------------
def result(content: str, name: str = "search", raw: Any = None, error: bool = False) -> ToolOutput:
    return ToolOutput(content=content, tool_name=name, raw_input={}, raw_output=raw, is_error=error)


def test_numbers_continue_and_nodes_count() -> None:
    first = format_tool_evidence(NODES[:2])
    assert first == f"[1] {SOURCES[0]}\n\n[2] {SOURCES[1]}"
    start = asyncio.run(next_citation_id([result(first)]))
    assert start == 3
    assert format_tool_evidence(["plain"], start=start) == "[3] plain"
    items = tool_results_evidence(
        [
            result(first),
            result("It is sunny.", name="weather"),
            result("summary", name="engine", raw=NODES[2:]),
            result("Error!", error=True),
            result("[1] " + SOURCES[0]),  # the same block again: read once
            result("[1] Something else."),  # a different text under a taken id
        ]
    )
    assert [(e.id, e.text) for e in items] == [
        ("1", SOURCES[0]),
        ("2", SOURCES[1]),
        ("3", "It is sunny."),
        ("4", SOURCES[2]),
        ("5", "Something else."),
    ]
    assert [e.id for e in tool_results_evidence([result(first)], tools=["other"])] == []


def test_bad_inputs_fail_loudly() -> None:
    with pytest.raises(TypeError):
        format_tool_evidence(NODES[0])
    with pytest.raises(TypeError):
        format_tool_evidence([42])
    with pytest.raises(ValueError, match="start"):
        format_tool_evidence(NODES, start=0)
    with pytest.raises(TypeError, match="tool results"):
        tool_results_evidence("text")

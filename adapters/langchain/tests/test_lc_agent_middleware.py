"""``GroundingMiddleware`` in a ``create_agent`` agent: only the final answer is checked,
against the run's tool results; flag, filter and block; invoke, stream ("messages" and
"updates") and their async forms; multi-step, no retrieval, failing tools."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, ToolMessage
from langchain_grounding_guard.agents import GroundingMiddleware
from langgraph.checkpoint.memory import InMemorySaver
from lc_agent_support import (
    QUESTION,
    TOOLS,
    TWO_SEARCHES,
    ScriptedChatModel,
    agent,
    answer,
    call,
)
from lc_support import ANSWER, FAILING, FILTERED, GROUNDED_1, STATUSES, collect_into

import grounding_guard as gg

REFUSAL = gg.DEFAULT_REFUSAL


def final(state: dict[str, Any]) -> AIMessage:
    message = state["messages"][-1]
    assert isinstance(message, AIMessage)
    return message


def shown_text(items: list[Any]) -> str:
    """Every message text a stream consumer saw, in one string."""
    texts: list[str] = []
    for item in items:
        if isinstance(item, BaseMessage):
            texts.append(item.text)
        elif isinstance(item, dict):
            for update in item.values():
                for message in (update or {}).get("messages", []):
                    texts.append(message.text)
    return "\n".join(texts)


# ---- invoke, per mode -----------------------------------------------------------------------
def test_flag_reports_and_leaves_the_answer() -> None:
    state = agent(list(TWO_SEARCHES), mode="flag").invoke(QUESTION)
    report = state["grounding"]
    assert isinstance(report, gg.Report)
    assert [unit.status.value for unit in report.units] == STATUSES
    assert report.evidence_ids == ("1", "2", "3")
    message = final(state)
    assert message.content == ANSWER
    summary = message.response_metadata["grounding"]
    assert summary["clean"] is False and summary["blocked"] is False
    assert summary["counts"] == {"grounded": 2, "invalid": 2, "ungrounded": 1}
    assert [f["unit"] for f in summary["failing"]] == [2, 3, 4]
    assert "codes" in summary["failing"][0] and "text" not in summary["failing"][0]


def test_filter_keeps_the_grounded_units() -> None:
    state = agent(list(TWO_SEARCHES), mode="filter").invoke(QUESTION)
    assert final(state).content == FILTERED
    assert final(state).id == "ai-answer"  # replaced in place, not appended
    assert state["grounding"].mode == "filter"
    assert len([m for m in state["messages"] if isinstance(m, AIMessage)]) == 3


def test_block_answers_with_the_refusal() -> None:
    state = agent(list(TWO_SEARCHES), mode="block").invoke(QUESTION)
    assert final(state).content == REFUSAL
    assert state["grounding"].blocked
    assert final(state).response_metadata["grounding"]["blocked"] is True


def test_block_raises_when_asked() -> None:
    reports: list[gg.Report] = []
    guarded = agent(list(TWO_SEARCHES), mode="block", raise_on_block=True, on_report=reports.append)
    with pytest.raises(gg.UngroundedAnswerError) as caught:
        guarded.invoke(QUESTION)
    assert caught.value.report.blocked and reports == [caught.value.report]


def test_a_clean_answer_passes_every_mode() -> None:
    for mode in ("flag", "filter", "block"):
        state = agent([*TWO_SEARCHES[:2], answer(GROUNDED_1)], mode=mode).invoke(QUESTION)
        assert final(state).content == GROUNDED_1
        assert state["grounding"].is_clean


def test_only_the_final_answer_is_checked() -> None:
    checked: list[gg.Report] = []
    state = agent(list(TWO_SEARCHES), mode="filter", on_report=checked.append).invoke(QUESTION)
    assert len(checked) == 1
    steps = [m for m in state["messages"] if isinstance(m, AIMessage) and m.tool_calls]
    assert len(steps) == 2
    assert all("grounding" not in m.response_metadata for m in steps)


def test_report_format_dict_and_no_state_key() -> None:
    state = agent(list(TWO_SEARCHES), report_format="dict").invoke(QUESTION)
    assert isinstance(state["grounding"], dict) and state["grounding"]["mode"] == "flag"
    state = agent(list(TWO_SEARCHES), report_key=None, metadata_key=None).invoke(QUESTION)
    assert "grounding" not in state
    assert "grounding" not in final(state).response_metadata


def test_options_are_validated_at_construction() -> None:
    with pytest.raises(gg.ConfigError):
        GroundingMiddleware(mode="maybe")
    with pytest.raises(gg.ConfigError, match="stream_tokens"):
        GroundingMiddleware(mode="filter", stream_tokens=True)
    with pytest.raises(gg.ConfigError, match="report_key"):
        GroundingMiddleware(report_key="other")
    with pytest.raises(TypeError):
        GroundingMiddleware(tools="search")
    middleware = GroundingMiddleware(tools=["search"])
    assert middleware.tools == [] and middleware.evidence_tools == frozenset({"search"})
    assert GroundingMiddleware(guard=gg.Guard(mode="filter")).agent_guard.grounding_guard.mode == (
        "filter"
    )


# ---- evidence from the run ------------------------------------------------------------------
def test_retrieval_two_tool_calls_before_the_answer() -> None:
    script = [
        call("search", "c1", query="tower"),
        call("search", "c2", query="builder"),
        call("weather", "c3", city="Paris"),
        answer(),
    ]
    state = agent(list(script), mode="filter", tools=["search"]).invoke(QUESTION)
    assert state["grounding"].evidence_ids == ("1", "2", "3")
    assert final(state).content == FILTERED
    # every tool counts by default: the weather text is item [4]
    state = agent(list(script), mode="filter").invoke(QUESTION)
    assert state["grounding"].evidence_ids == ("1", "2", "3", "4")
    assert state["grounding"].evidence[3].text == "It is sunny in Paris today."


def test_documents_returned_as_artifact() -> None:
    script = [call("search_docs", "c1", query="tower"), call("search_docs", "c2", query="builder")]
    state = agent([*script, answer()], mode="filter").invoke(QUESTION)
    report = state["grounding"]
    assert report.evidence_ids == ("1", "2", "3")
    assert report.evidence[0].metadata["source"] == "tower.txt"
    assert final(state).content == FILTERED


def test_no_retrieval_at_all_the_policy_decides() -> None:
    uncited = "The Eiffel Tower is 330 metres tall.\nIt was completed in 1889."
    state = agent([answer(uncited)], mode="flag").invoke(QUESTION)
    assert state["grounding"].evidence_ids == ()
    assert [u.status.value for u in state["grounding"].units] == ["ungrounded", "ungrounded"]
    assert final(state).content == uncited
    # filter: nothing grounded is left, so the guard blocks
    state = agent([answer(uncited)], mode="filter").invoke(QUESTION)
    assert final(state).content == REFUSAL
    # a policy that accepts uncited claims lets it through
    lenient = agent([answer(uncited)], mode="block", fail_on=["contradicted", "invalid"])
    assert final(lenient.invoke(QUESTION)).content == uncited
    # cited ids with no tool result behind them are forged
    state = agent([answer(ANSWER)], mode="flag").invoke(QUESTION)
    assert state["grounding"].units[0].codes == ("unknown_citation",)


def test_a_tool_that_raises_stops_the_run() -> None:
    guarded = agent([call("broken", "c1", query="tower"), answer()], mode="filter")
    with pytest.raises(RuntimeError, match="service is down"):
        guarded.invoke(QUESTION)


def test_a_failed_tool_call_is_not_evidence() -> None:
    script = [call("flaky", "c1", query="tower"), call("search", "c2", query="tower"), answer()]
    state = agent(script, mode="filter").invoke(QUESTION)
    errors = [m for m in state["messages"] if isinstance(m, ToolMessage) and m.status == "error"]
    assert len(errors) == 1
    assert state["grounding"].evidence_ids == ("1", "2")  # the search's two documents only
    assert final(state).content == FILTERED


def test_each_turn_of_a_thread_checks_its_own_run() -> None:
    model = ScriptedChatModel(
        script=[*TWO_SEARCHES, answer("The tower is 330 metres tall [1].", ident="ai-2")]
    )
    from langchain.agents import create_agent

    graph = create_agent(
        model,
        tools=TOOLS,
        middleware=[GroundingMiddleware(mode="filter", report_format="dict")],
        checkpointer=InMemorySaver(),
    )
    config: Any = {"configurable": {"thread_id": "one"}}
    first = graph.invoke(QUESTION, config)
    assert first["messages"][-1].content == FILTERED
    second = graph.invoke({"messages": [{"role": "user", "content": "And its height?"}]}, config)
    assert second["grounding"]["evidence"] == []  # the first turn's results are not evidence
    assert second["messages"][-1].content == gg.DEFAULT_REFUSAL


# ---- streaming ----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["filter", "block"])
def test_messages_stream_never_shows_a_failing_unit(mode: str) -> None:
    shown = [
        m
        for m, _meta in agent(list(TWO_SEARCHES), mode=mode).stream(
            QUESTION, stream_mode="messages"
        )
    ]
    text = shown_text(shown)
    for failing in FAILING:
        assert failing not in text
    answers = [m for m in shown if isinstance(m, AIMessage) and m.id == "ai-answer"]
    assert len(answers) == 1 and not isinstance(answers[0], AIMessageChunk)  # held, then whole
    assert answers[0].content == (FILTERED if mode == "filter" else REFUSAL)


def test_messages_stream_with_stream_tokens_shows_tokens_in_flag_mode() -> None:
    guarded = agent(list(TWO_SEARCHES), mode="flag", stream_tokens=True)
    shown = [m for m, _meta in guarded.stream(QUESTION, stream_mode="messages")]
    tokens = [m for m in shown if isinstance(m, AIMessageChunk) and m.id == "ai-answer"]
    assert len(tokens) > 10 and "".join(t.text for t in tokens) == ANSWER


@pytest.mark.parametrize("mode", ["filter", "block"])
def test_updates_stream_carries_the_guarded_answer(mode: str) -> None:
    updates = list(agent(list(TWO_SEARCHES), mode=mode).stream(QUESTION, stream_mode="updates"))
    text = shown_text(updates)
    for failing in FAILING:
        assert failing not in text
    last = updates[-1]["model"]
    assert last["messages"][-1].content == (FILTERED if mode == "filter" else REFUSAL)
    assert last["grounding"].mode == mode


def test_a_raising_block_stops_the_stream_before_the_answer() -> None:
    guarded = agent(list(TWO_SEARCHES), mode="block", raise_on_block=True)
    items: list[Any] = []
    with pytest.raises(gg.UngroundedAnswerError):
        collect_into(items, guarded.stream(QUESTION, stream_mode=["messages", "updates"]))
    text = shown_text([item[1][0] if item[0] == "messages" else item[1] for item in items])
    assert "Eiffel Tower is 330 metres tall [1]" not in text  # no answer text at all
    assert "[1] The Eiffel Tower" in text  # the tool results did stream


# ---- async ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED), ("block", REFUSAL)]
)
def test_ainvoke(mode: str, expected: str) -> None:
    state = asyncio.run(agent(list(TWO_SEARCHES), mode=mode).ainvoke(QUESTION))
    assert final(state).content == expected
    assert state["grounding"].mode == mode


def test_astream_messages_and_updates() -> None:
    async def collect(mode: str, stream_mode: str) -> list[Any]:
        graph = agent(list(TWO_SEARCHES), mode=mode)
        return [item async for item in graph.astream(QUESTION, stream_mode=stream_mode)]

    for mode in ("filter", "block"):
        messages = [m for m, _meta in asyncio.run(collect(mode, "messages"))]
        updates = asyncio.run(collect(mode, "updates"))
        for failing in FAILING:
            assert failing not in shown_text(messages)
            assert failing not in shown_text(updates)
        assert updates[-1]["model"]["messages"][-1].content == (
            FILTERED if mode == "filter" else REFUSAL
        )


def test_async_raise_on_block() -> None:
    guarded = agent(list(TWO_SEARCHES), mode="block", raise_on_block=True)
    with pytest.raises(gg.UngroundedAnswerError):
        asyncio.run(guarded.ainvoke(QUESTION))

    async def drain() -> None:
        async for _ in agent(list(TWO_SEARCHES), mode="block", raise_on_block=True).astream(
            QUESTION, stream_mode="messages"
        ):
            pass

    with pytest.raises(gg.UngroundedAnswerError):
        asyncio.run(drain())


def test_an_async_judge_runs_in_async_agents() -> None:
    seen: list[str] = []

    async def judge(claim: str, evidence: str) -> bool:
        seen.append(claim)
        return "330 metres" in claim and "330 metres" in evidence

    state = asyncio.run(agent(list(TWO_SEARCHES), mode="filter", judge=judge).ainvoke(QUESTION))
    assert seen and final(state).content.startswith(GROUNDED_1)

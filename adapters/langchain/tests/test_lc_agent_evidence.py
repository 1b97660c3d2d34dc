"""The id rule of an agent's evidence (``tool_evidence``) and the numbering a tool shows
the model (``format_tool_evidence``): the same ids on both sides; and ``grounding_node``
in a hand-built LangGraph graph."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import pytest
from langchain_core.documents import Document
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_grounding_guard import (
    format_tool_evidence,
    grounding_node,
    next_citation_id,
    tool_evidence,
)
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.graph.message import add_messages
from langgraph.prebuilt import ToolNode
from lc_agent_support import TOOLS, TWO_SEARCHES, ScriptedChatModel, answer, call
from lc_support import ANSWER, DOCS, FILTERED
from typing_extensions import TypedDict

import grounding_guard as gg


def tool_message(content: Any = "", name: str = "search", **fields: Any) -> ToolMessage:
    return ToolMessage(content=content, name=name, tool_call_id=f"call-{name}", **fields)


def test_numbers_continue_across_tool_calls() -> None:
    first = format_tool_evidence(DOCS[:2])
    assert first.startswith("[1] The Eiffel Tower") and "\n\n[2] The tower was" in first
    messages = [HumanMessage("q"), tool_message(first)]
    assert next_citation_id(messages) == 3
    second = format_tool_evidence(DOCS[2:], messages)
    assert second.startswith("[3] Gustave")
    messages.append(tool_message(second))
    items = tool_evidence(messages)
    assert [(e.id, e.text) for e in items] == [
        ("1", DOCS[0].page_content),
        ("2", DOCS[1].page_content),
        ("3", DOCS[2].page_content),
    ]


def test_plain_text_documents_and_own_ids() -> None:
    own = Document(page_content="Own id text.", metadata={"citation_id": "faq-7"})
    messages = [
        HumanMessage("q"),
        tool_message("It is sunny in Paris.", name="weather"),
        tool_message("ignored", artifact=[DOCS[0], own]),
        tool_message("   ", name="empty"),
        tool_message([{"type": "text", "text": "Block text."}], name="blocks"),
    ]
    items = tool_evidence(messages)
    assert [(e.id, e.text) for e in items] == [
        ("1", "It is sunny in Paris."),
        ("2", DOCS[0].page_content),
        ("faq-7", "Own id text."),
        ("3", "Block text."),
    ]
    assert items[0].metadata == {"tool": "weather"}
    assert items[1].metadata["source"] == "tower.txt"
    assert format_tool_evidence([own, "plain"], start=5) == "[faq-7] Own id text.\n\n[5] plain"
    assert [e.id for e in tool_evidence(messages, tools=["weather"])] == ["1"]


def test_only_the_current_run_and_no_failed_calls() -> None:
    messages = [
        HumanMessage("first question"),
        tool_message("[1] Old result."),
        AIMessage("old answer [1]."),
        HumanMessage("second question"),
        tool_message("Error: service down", status="error"),
        tool_message("[1] New result."),
    ]
    assert [(e.id, e.text) for e in tool_evidence(messages)] == [("1", "New result.")]
    assert [e.id for e in tool_evidence({"messages": messages[:3]})] == ["1"]  # no later human


def test_repeats_are_read_once_and_conflicts_renumbered() -> None:
    messages = [
        HumanMessage("q"),
        tool_message("[1] Same text."),
        tool_message("[1] Same text."),  # the same search twice
        tool_message("[1] A different text."),  # a tool that always starts at 1
    ]
    assert [(e.id, e.text) for e in tool_evidence(messages)] == [
        ("1", "Same text."),
        ("2", "A different text."),  # the model's [1] means the first: fail closed
    ]


def test_bad_inputs_fail_loudly() -> None:
    with pytest.raises(TypeError, match="list of Documents"):
        format_tool_evidence(DOCS[0])
    with pytest.raises(TypeError):
        format_tool_evidence([42])
    with pytest.raises(ValueError, match="start"):
        format_tool_evidence(DOCS, start=0)
    with pytest.raises(TypeError, match="messages"):
        tool_evidence("not messages")


class _Runtime:
    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state


def test_a_tool_runtime_gives_the_messages() -> None:
    runtime = _Runtime({"messages": [HumanMessage("q"), tool_message(format_tool_evidence(DOCS))]})
    assert format_tool_evidence(["next"], runtime) == "[4] next"


# ---- grounding_node in a hand-built graph ---------------------------------------------------
class State(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]
    grounding: Any


def build(script: list[AIMessage], state: Any = State, **options: Any) -> Any:
    model = ScriptedChatModel(script=script)

    def call_model(current: Any) -> dict[str, Any]:
        return {"messages": [model.invoke(current["messages"])]}

    def route(current: Any) -> str:
        return "tools" if current["messages"][-1].tool_calls else "grounding"

    graph = StateGraph(state)
    graph.add_node("model", call_model)
    graph.add_node("tools", ToolNode(TOOLS))
    graph.add_node("grounding", grounding_node(**options))
    graph.add_edge(START, "model")
    graph.add_conditional_edges("model", route, ["tools", "grounding"])
    graph.add_edge("tools", "model")
    graph.add_edge("grounding", END)
    return graph.compile()


QUESTION = {"messages": [HumanMessage("Tell me about the Eiffel Tower.")]}


@pytest.mark.parametrize(
    ("mode", "expected"), [("flag", ANSWER), ("filter", FILTERED), ("block", gg.DEFAULT_REFUSAL)]
)
def test_grounding_node_sync_and_async(mode: str, expected: str) -> None:
    state = build(list(TWO_SEARCHES), mode=mode).invoke(QUESTION)
    assert state["messages"][-1].content == expected
    assert state["grounding"].evidence_ids == ("1", "2", "3")
    assert len(state["messages"]) == 6  # replaced by id, not appended
    state = asyncio.run(build(list(TWO_SEARCHES), mode=mode).ainvoke(QUESTION))
    assert state["messages"][-1].content == expected


def test_grounding_node_raise_and_plain_messages_state() -> None:
    with pytest.raises(gg.UngroundedAnswerError):
        build(list(TWO_SEARCHES), mode="block", raise_on_block=True).invoke(QUESTION)
    state = build(list(TWO_SEARCHES), state=MessagesState, mode="filter", report_key=None).invoke(
        QUESTION
    )
    assert state["messages"][-1].content == FILTERED
    assert state["messages"][-1].response_metadata["grounding"]["mode"] == "filter"


def test_grounding_node_passes_other_states_through() -> None:
    node = grounding_node(mode="filter")
    assert node.invoke({"messages": [call("search", "c1", query="tower")]}) == {}
    assert node.invoke({"messages": []}) == {}
    with pytest.raises(TypeError, match="messages"):
        node.invoke({"nothing": 1})
    update = node.invoke({"messages": [HumanMessage("q"), answer("Uncited claim here.")]})
    assert update["messages"][0].content == gg.DEFAULT_REFUSAL

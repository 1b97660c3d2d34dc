"""The guard of an agent's final answer, shared by ``GroundingMiddleware`` (``create_agent``)
and :func:`grounding_node` (a hand-built LangGraph graph).

An agent's turns are model calls; most of them call tools and only the last one answers.
The guard checks that last one alone (an ``AIMessage`` without tool calls) against the
run's tool results (:mod:`._agent_evidence`), and returns the message to put in its
place: flagged (unchanged text), filtered (the kept units) or blocked (the refusal), with
a summary of the report in ``response_metadata["grounding"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Literal

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import RunnableLambda
from pydantic import ConfigDict, field_validator

from grounding_guard import Report, UngroundedAnswerError
from langchain_grounding_guard._agent_evidence import tool_evidence
from langchain_grounding_guard._convert import DEFAULT_ID_KEY, answer_text
from langchain_grounding_guard._options import GuardOptions
from langchain_grounding_guard._upstream import REPORT_KEY

__all__ = ["AgentGuard", "grounding_node", "is_final_answer", "report_summary"]


def is_final_answer(message: Any) -> bool:
    """An ``AIMessage`` that calls no tool: the agent's answer (the other turns are steps)."""
    return isinstance(message, AIMessage) and not message.tool_calls


def report_summary(report: Report) -> dict[str, Any]:
    """The JSON-ready summary a guarded message carries in ``response_metadata``: the
    totals and, per failing unit, its position, status and reason codes, never its text
    (the message reaches users and streams; a filtered or blocked unit must not)."""
    return {
        "mode": report.mode,
        "blocked": report.blocked,
        "clean": report.is_clean,
        "coverage": report.coverage,
        "counts": {name: count for name, count in report.counts.items() if count},
        "failing": [
            {"unit": index, "status": unit.status.value, "codes": list(unit.codes)}
            for index, unit in enumerate(report.units)
            if unit.status in report.fail_on
        ],
        "evidence_ids": list(report.evidence_ids),
    }


class AgentGuard(GuardOptions):
    """``grounding_guard.Guard`` options plus what an agent needs: which tools give
    evidence, whether a block raises, and how the report is handed back."""

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    tools: Collection[str] | None = None
    """The names of the tools whose results are evidence (``None``: every tool)."""
    raise_on_block: bool = False
    """``True``: a blocked answer raises ``UngroundedAnswerError``; else the refusal is
    the final message."""
    id_key: str | None = DEFAULT_ID_KEY
    """A Document's metadata key that names its citation id (else the next number)."""
    report_format: Literal["object", "dict"] = "object"
    """The state's report: ``"object"`` (``grounding_guard.Report``) or ``"dict"``
    (``to_dict()``, JSON-ready: for a checkpointer that serializes the state)."""
    report_key: str | None = REPORT_KEY
    """The state key of the report (``None``: not written to the state)."""
    metadata_key: str | None = REPORT_KEY
    """The ``response_metadata`` key of the answer's report summary (``None``: none)."""
    on_report: Callable[[Report], None] | None = None
    """Called with the report of each checked answer, before a block raises."""

    @field_validator("tools", mode="before")
    @classmethod
    def _tool_names(cls, value: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, str) or not all(isinstance(name, str) for name in value):
            raise TypeError("tools must be a list of tool names (str) or None")
        return frozenset(value)

    def evidence(self, messages: Any) -> Any:
        """The evidence of the run's tool results (the agent's messages or state)."""
        return tool_evidence(messages, tools=self.tools, id_key=self.id_key)

    def check(self, answer: AIMessage, messages: Any) -> tuple[AIMessage, Report]:
        """The guarded final answer and its report (raises when blocked and asked to)."""
        report = self._guard.check(answer_text(answer), self.evidence(messages))
        return self._act(answer, report), report

    async def acheck(self, answer: AIMessage, messages: Any) -> tuple[AIMessage, Report]:
        """Async ``check`` (``Guard.acheck``: an async judge is awaited)."""
        report = await self._guard.acheck(answer_text(answer), self.evidence(messages))
        return self._act(answer, report), report

    def _act(self, answer: AIMessage, report: Report) -> AIMessage:
        if self.on_report is not None:
            self.on_report(report)
        if report.blocked and self.raise_on_block:
            raise UngroundedAnswerError(report)
        update: dict[str, Any] = {}
        if report.text != answer_text(answer):
            update["content"] = report.text
        if self.metadata_key is not None:
            metadata = dict(answer.response_metadata)
            metadata[self.metadata_key] = report_summary(report)
            update["response_metadata"] = metadata
        return answer.model_copy(update=update) if update else answer

    def report_value(self, report: Report) -> Report | dict[str, Any]:
        """The report as the state holds it (``report_format``)."""
        return report if self.report_format == "object" else report.to_dict()

    def state_update(self, message: AIMessage, report: Report) -> dict[str, Any]:
        """A graph update replacing the answer (same id) and recording the report."""
        update: dict[str, Any] = {"messages": [message]}
        if self.report_key is not None:
            update[self.report_key] = self.report_value(report)
        return update


def _last(state: Any) -> tuple[list[BaseMessage], BaseMessage | None]:
    messages = (
        state.get("messages") if isinstance(state, dict) else getattr(state, "messages", None)
    )
    if not isinstance(messages, list):
        raise TypeError(
            "grounding_node reads a messages state: a dict (or object) with a 'messages' list"
        )
    return messages, (messages[-1] if messages else None)


def grounding_node(**options: Any) -> RunnableLambda[Any, dict[str, Any]]:
    """A LangGraph node that guards the final answer of a hand-built agent graph.

    Place it where the graph would end (``model -> grounding -> END`` when the model
    calls no tool). It reads the state's ``messages``: when the last one is an answer
    (an ``AIMessage`` without tool calls) it returns an update that replaces it, by id,
    with the guarded message (flag, filter or block as ``mode`` says; ``raise_on_block``
    raises) and writes the report under ``report_key`` (``"grounding"``: give the state
    that key, or pass ``report_key=None``); otherwise it returns no update. Evidence: the
    run's tool results, as ``GroundingMiddleware`` reads them. ``options``: those of
    ``GroundingMiddleware`` (the ``grounding_guard.Guard`` options, ``tools``,
    ``raise_on_block``, ``id_key``, ``report_format``, ``report_key``, ``metadata_key``,
    ``on_report``). Sync and async graphs both work (``invoke``/``ainvoke``).

    The answer reached the state before this node ran: "updates" and "values" streams
    show the model node's unguarded answer first, and "messages" streams its tokens
    (``GroundingMiddleware`` in a ``create_agent`` agent guards before either).
    """
    guard = AgentGuard(**options)

    def run(state: Any) -> dict[str, Any]:
        messages, last = _last(state)
        if not is_final_answer(last):
            return {}
        assert isinstance(last, AIMessage)
        return guard.state_update(*guard.check(last, messages))

    async def arun(state: Any) -> dict[str, Any]:
        messages, last = _last(state)
        if not is_final_answer(last):
            return {}
        assert isinstance(last, AIMessage)
        return guard.state_update(*await guard.acheck(last, messages))

    return RunnableLambda(run, afunc=arun, name="grounding")

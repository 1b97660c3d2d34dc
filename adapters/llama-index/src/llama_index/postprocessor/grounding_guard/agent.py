"""``GroundedAgent``: grounding-guard in the output step of a LlamaIndex agent
(``FunctionAgent``, ``ReActAgent``, ``AgentWorkflow``)::

    agent = GroundedAgent(FunctionAgent(tools=[search], llm=llm), mode="filter")
    handler = agent.run("question")
    async for event in handler.stream_events():   # the final answer guarded
        ...
    output = await handler                         # the guarded AgentOutput
    output.response.content, handler.report        # output["grounding"]: the report

Only the final answer is checked (an ``AgentOutput`` that selects no tool), against the
run's tool results (``ToolCallResult`` events; see :mod:`._agent_evidence`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable, Collection, Generator
from typing import TYPE_CHECKING, Any

from llama_index.core.agent.workflow import AgentOutput, AgentStream, ToolCallResult
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.tools import ToolSelection
from llama_index.core.workflow import Event, StopEvent

from grounding_guard import ConfigError, Guard, Report, UngroundedAnswerError

from ._agent_evidence import tool_results_evidence
from ._responses import GROUNDING_KEY

if TYPE_CHECKING:  # llama-index-core's workflow package (llama-index-workflows) defines it
    from workflows.handler import WorkflowHandler

__all__ = ["GroundedAgent", "GroundedAgentHandler"]


class GroundedAgent:
    """Wrap a LlamaIndex agent (anything with ``run()`` returning a ``WorkflowHandler``
    whose result is an ``AgentOutput``) so that its final answer is guarded.

    ``run()`` takes the agent's arguments and returns a :class:`GroundedAgentHandler`:
    awaiting it gives the guarded ``AgentOutput``; its ``stream_events()`` passes the
    agent's events through with the final answer guarded. Modes:

    - ``flag``: the answer unchanged, the report attached;
    - ``filter``: the answer's text replaced by the kept units;
    - ``block`` (and ``filter`` with nothing left): the refusal as the answer, or
      ``UngroundedAnswerError`` raised from ``await``/``stream_events()`` with
      ``raise_on_block=True``.

    The report: ``handler.report``, and the output's ``output["grounding"]``.
    ``tools``: the names of the tools whose results are evidence (``None``: all).
    ``stream_tokens``: pass the final answer's ``AgentStream`` deltas through as the
    model writes them (unguarded: ``mode="flag"`` only); by default each turn's deltas are
    held until its ``AgentOutput`` shows whether it is the answer. ``on_report``: called
    with each answer's report. Other keyword arguments (or ``guard=Guard(...)``)
    configure the ``grounding_guard.Guard``.
    """

    def __init__(
        self,
        agent: Any,
        *,
        tools: Collection[str] | None = None,
        raise_on_block: bool = False,
        stream_tokens: bool = False,
        on_report: Callable[[Report], None] | None = None,
        guard: Guard | None = None,
        **guard_options: Any,
    ) -> None:
        if not callable(getattr(agent, "run", None)):
            raise TypeError(
                "GroundedAgent wraps a LlamaIndex agent or workflow with run() "
                f"(FunctionAgent, ReActAgent, AgentWorkflow), got {type(agent).__name__}"
            )
        if guard is not None and guard_options:
            raise ValueError(
                f"give either guard= or Guard options, not both (got {sorted(guard_options)})"
            )
        if isinstance(tools, str) or (
            tools is not None and not all(isinstance(name, str) for name in tools)
        ):
            raise TypeError("tools must be a list of tool names (str) or None")
        self._guard = guard if guard is not None else Guard(**guard_options)
        if stream_tokens and self._guard.mode != "flag":
            raise ConfigError(
                "stream_tokens=True passes the answer's unguarded deltas through; it is "
                f"allowed with mode='flag' only, got mode={self._guard.mode!r}"
            )
        self._agent = agent
        self.tools = None if tools is None else frozenset(tools)
        self.raise_on_block = raise_on_block
        self.stream_tokens = stream_tokens
        self.on_report = on_report

    @property
    def agent(self) -> Any:
        """The wrapped agent."""
        return self._agent

    @property
    def guard(self) -> Guard:
        """The configured ``grounding_guard.Guard``."""
        return self._guard

    def run(self, *args: Any, **kwargs: Any) -> GroundedAgentHandler:
        """Start the agent (same arguments as its ``run()``); call inside an event loop."""
        return GroundedAgentHandler(self, self._agent.run(*args, **kwargs))


class GroundedAgentHandler:
    """The handler of a guarded run: awaitable (the guarded ``AgentOutput``) and
    streamable (``stream_events()``); other attributes (``ctx``, ``cancel_run``, ...) are
    the wrapped ``WorkflowHandler``'s. The guard runs once per run, whichever of
    ``await`` and ``stream_events()`` reaches the answer first."""

    def __init__(self, agent: GroundedAgent, handler: WorkflowHandler) -> None:
        self._agent = agent
        self._handler = handler
        self._results: dict[str, ToolCallResult] = {}
        self._lock = asyncio.Lock()
        self._guarded: AgentOutput | None = None
        self._error: UngroundedAnswerError | None = None
        self.report: Report | None = None
        """The report of the run's answer, once it was checked."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handler, name)

    @property
    def handler(self) -> WorkflowHandler:
        """The wrapped ``WorkflowHandler``."""
        return self._handler

    def __await__(self) -> Generator[Any, None, AgentOutput]:
        return self._result().__await__()

    async def _result(self) -> AgentOutput:
        output = await self._handler
        return await self._guard_output(output)

    async def stream_events(self, expose_internal: bool = False) -> AsyncGenerator[Event, None]:
        """The agent's events, with its answer guarded: tool results and tool-calling
        turns pass as they come; a turn's ``AgentStream`` deltas are held until its
        ``AgentOutput`` arrives, then released (a tool-calling turn) or replaced by one
        ``AgentStream`` with the guarded text (the answer); the answer's ``AgentOutput``
        and the ``StopEvent``'s result are guarded. With ``raise_on_block`` a blocked
        answer raises ``UngroundedAnswerError`` here, before any of its text."""
        held: list[AgentStream] = []
        async for event in self._handler.stream_events(expose_internal=expose_internal):
            if isinstance(event, ToolCallResult):
                self._results.setdefault(event.tool_id, event)
            if isinstance(event, AgentStream) and not self._agent.stream_tokens:
                held.append(event)
                continue
            if isinstance(event, AgentOutput):
                if _selects_tools(event):
                    for delta in held:
                        yield delta
                    held.clear()
                    yield event
                    continue
                guarded = await self._guard_output(event)
                if held:
                    yield _stream_event(guarded, held[-1])
                held.clear()
                yield guarded
                continue
            if isinstance(event, StopEvent) and isinstance(event.result, AgentOutput):
                yield StopEvent(result=await self._guard_output(event.result))
                continue
            yield event
        for delta in held:  # a turn without its AgentOutput (the run failed): not an answer
            yield delta

    async def _guard_output(self, output: Any) -> AgentOutput:
        if not isinstance(output, AgentOutput):
            raise TypeError(
                "GroundedAgent checks an agent's AgentOutput; the run returned "
                f"{type(output).__name__}"
            )
        async with self._lock:
            if self._error is not None:
                raise self._error
            if self._guarded is None:
                self._guarded = await self._check(output)
            return self._guarded

    async def _check(self, output: AgentOutput) -> AgentOutput:
        results = list(self._results.values())
        seen = set(self._results)
        results += [
            call
            for call in output.tool_calls
            if isinstance(call, ToolCallResult) and call.tool_id not in seen
        ]
        evidence = tool_results_evidence(results, tools=self._agent.tools)
        text = output.response.content or ""
        report = await self._agent.guard.acheck(text, evidence)
        self.report = report
        if self._agent.on_report is not None:
            self._agent.on_report(report)
        if report.blocked and self._agent.raise_on_block:
            self._error = UngroundedAnswerError(report)
            raise self._error
        response = output.response
        if report.text != text:
            response = ChatMessage(
                role=response.role,
                content=report.text,
                additional_kwargs=dict(response.additional_kwargs),
            )
        # a copy (the agent's own event stays as it was), with the report as a field of
        # its own; the run's ToolCallResults in tool_calls are kept as the agent put them
        guarded = output.model_copy(update={"response": response})
        guarded._data = {**output._data, GROUNDING_KEY: report}
        return guarded


def _selects_tools(output: AgentOutput) -> bool:
    """A turn that calls tools (the run's results, appended to the final output by the
    agent, are ``ToolCallResult``s, not selections)."""
    return any(
        isinstance(call, ToolSelection) and not isinstance(call, ToolCallResult)
        for call in output.tool_calls
    )


def _stream_event(output: AgentOutput, last: AgentStream) -> AgentStream:
    """The answer's held deltas, replaced by one delta with the guarded text."""
    text = output.response.content or ""
    return AgentStream(
        delta=text,
        response=text,
        current_agent_name=last.current_agent_name,
        tool_calls=[],
        raw=None,
    )

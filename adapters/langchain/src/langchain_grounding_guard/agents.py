"""grounding-guard in a LangChain agent's output step (needs ``langchain>=1.0``: the
``[agents]`` extra)::

    from langchain.agents import create_agent
    from langchain_grounding_guard.agents import GroundingMiddleware

    agent = create_agent(model, tools=[search], middleware=[GroundingMiddleware(mode="filter")])
    state = agent.invoke({"messages": [{"role": "user", "content": "question"}]})
    state["messages"][-1].content      # the answer without its failing sentences
    state["grounding"]                 # the report

The evidence is the run's tool results (:func:`tool_evidence`); a tool numbers what it
returns with :func:`format_tool_evidence` so the model can cite ``[N]``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from langchain.agents.middleware import (
    AgentMiddleware,
    AgentState,
    ExtendedModelResponse,
    ModelRequest,
    ModelResponse,
)
from langchain.agents.middleware.types import OmitFromInput
from langchain_core.messages import AIMessage
from langchain_core.runnables.config import ensure_config, var_child_runnable_config
from langgraph.types import Command
from typing_extensions import NotRequired

from grounding_guard import ConfigError, Report
from langchain_grounding_guard._agent_evidence import (
    format_tool_evidence,
    next_citation_id,
    tool_evidence,
)
from langchain_grounding_guard._agent_guard import AgentGuard, grounding_node, is_final_answer
from langchain_grounding_guard._convert import DEFAULT_ID_KEY
from langchain_grounding_guard._upstream import REPORT_KEY

__all__ = [
    "GroundingMiddleware",
    "GroundingState",
    "format_tool_evidence",
    "grounding_node",
    "next_citation_id",
    "tool_evidence",
]

#: LangGraph's tag for a model run whose tokens the "messages" stream must not show.
_NOSTREAM = "nostream"


class GroundingState(AgentState[Any]):
    """The agent state with the report of the last checked answer under ``"grounding"``."""

    grounding: NotRequired[Annotated[Any, OmitFromInput]]


class GroundingMiddleware(AgentMiddleware[GroundingState, Any, Any]):
    """Check a ``create_agent`` agent's final answer against its tools' results.

    Only the final answer is checked, an ``AIMessage`` without tool calls; the turns that
    call tools pass untouched. The evidence is the run's ``ToolMessage``s (all tools, or
    the names in ``tools``): a retriever tool's documents (its artifact) or a tool's
    text, with the ids of :func:`tool_evidence`. The guard runs inside the model step
    (``wrap_model_call``), so the answer enters the state, and every stream, already
    guarded:

    - ``flag``: the answer unchanged;
    - ``filter``: its text replaced by the kept units (verbatim, markers included);
    - ``block`` (and ``filter`` with nothing left): the refusal as the final message, or
      ``UngroundedAnswerError`` raised out of ``invoke``/``stream`` with
      ``raise_on_block=True``.

    The report goes to ``state["grounding"]`` (``report_format``: the ``Report`` or its
    dict) and a JSON-ready summary to the answer's ``response_metadata["grounding"]``.

    Streaming: LangGraph's ``stream_mode="messages"`` shows a model's tokens while it
    writes, before any middleware sees the message. The middleware therefore tags its
    model calls ``nostream`` (``stream_tokens=False``, the default): each model turn then
    reaches the "messages" stream as one whole message when the step ends, the answer
    guarded. ``stream_tokens=True`` streams the tokens as the model writes them, which
    is the unguarded answer: allowed with ``mode="flag"`` only.

    ``options``: every ``grounding_guard.Guard`` option (``mode``, ``citations``,
    ``fail_on``, ``min_coverage``, ``refusal``, ``judge``, ...) or ``guard=Guard(...)``,
    and ``id_key``, ``report_key``/``metadata_key`` (``None``: not written),
    ``on_report`` (called with each answer's report). Sync and async agents both work.
    """

    state_schema = GroundingState

    def __init__(
        self,
        *,
        tools: Collection[str] | None = None,
        raise_on_block: bool = False,
        stream_tokens: bool = False,
        report_format: Literal["object", "dict"] = "object",
        id_key: str | None = DEFAULT_ID_KEY,
        **options: Any,
    ) -> None:
        super().__init__()
        self.agent_guard = AgentGuard(
            tools=tools,
            raise_on_block=raise_on_block,
            report_format=report_format,
            id_key=id_key,
            **options,
        )
        if stream_tokens and self.agent_guard.grounding_guard.mode != "flag":
            raise ConfigError(
                "stream_tokens=True shows the model's unguarded tokens in the 'messages' "
                f"stream; it is allowed with mode='flag' only, got mode="
                f"{self.agent_guard.grounding_guard.mode!r}"
            )
        if self.agent_guard.report_key not in (REPORT_KEY, None):
            raise ConfigError(
                f"report_key: the agent state has {REPORT_KEY!r} (GroundingState), or None "
                f"for no report in the state; got {self.agent_guard.report_key!r}"
            )
        self.stream_tokens = stream_tokens
        # AgentMiddleware.tools are tools the middleware adds to the agent: none here
        # (``tools=`` above names the tools whose results are evidence).
        self.tools = []

    @property
    def evidence_tools(self) -> frozenset[str] | None:
        """The names of the tools whose results are evidence (``None``: every tool)."""
        tools = self.agent_guard.tools
        return None if tools is None else frozenset(tools)

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        """Call the model (its tokens held back from the "messages" stream unless
        ``stream_tokens``) and guard its answer if it is the final one."""
        with self._held():
            response = handler(request)
        final = _final_index(response)
        if final is None:
            return response
        answer = response.result[final]
        assert isinstance(answer, AIMessage)
        guarded, report = self.agent_guard.check(answer, request.state)
        return self._respond(response, final, guarded, report)

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        """Async ``wrap_model_call`` (``Guard.acheck``)."""
        with self._held():
            response = await handler(request)
        final = _final_index(response)
        if final is None:
            return response
        answer = response.result[final]
        assert isinstance(answer, AIMessage)
        guarded, report = await self.agent_guard.acheck(answer, request.state)
        return self._respond(response, final, guarded, report)

    @contextmanager
    def _held(self) -> Iterator[None]:
        """Tag the model run ``nostream`` (the config the model call inherits), so that
        LangGraph's "messages" stream shows its message whole, once the step has ended."""
        if self.stream_tokens:
            yield
            return
        config = ensure_config()
        tags = list(config.get("tags") or [])
        if _NOSTREAM not in tags:
            tags.append(_NOSTREAM)
        token = var_child_runnable_config.set({**config, "tags": tags})
        try:
            yield
        finally:
            var_child_runnable_config.reset(token)

    def _respond(
        self, response: ModelResponse[Any], final: int, guarded: AIMessage, report: Report
    ) -> ModelResponse[Any] | ExtendedModelResponse[Any]:
        result = list(response.result)
        result[final] = guarded
        replaced = ModelResponse(result=result, structured_response=response.structured_response)
        key = self.agent_guard.report_key
        if key is None:
            return replaced
        value = self.agent_guard.report_value(report)
        return ExtendedModelResponse(model_response=replaced, command=Command(update={key: value}))


def _final_index(response: ModelResponse[Any]) -> int | None:
    """The position of the final answer in a model response, or ``None`` for a turn that
    calls tools (or returns no message)."""
    for index in range(len(response.result) - 1, -1, -1):
        message = response.result[index]
        if isinstance(message, AIMessage):
            return index if is_final_answer(message) else None
    return None

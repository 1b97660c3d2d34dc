"""Shared pieces of the agent tests: a scripted tool-calling chat model (offline), the
tools it calls (a retriever tool that numbers its documents, a plain-text tool, one
that raises) and the agents built from them with ``create_agent``."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from langchain.agents import create_agent
from langchain.tools import ToolRuntime
from langchain_core.callbacks import (
    AsyncCallbackManagerForLLMRun,
    CallbackManagerForLLMRun,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.tools import BaseTool, ToolException, tool
from langchain_grounding_guard import format_tool_evidence
from langchain_grounding_guard.agents import GroundingMiddleware
from lc_support import ANSWER, DOCS
from pydantic import PrivateAttr

QUESTION = {"messages": [{"role": "user", "content": "Tell me about the Eiffel Tower."}]}


class ScriptedChatModel(BaseChatModel):
    """Answers each call with the next scripted ``AIMessage`` (tool calls included);
    streams its text word by word, then its tool calls as one chunk."""

    script: list[AIMessage]
    _turn: int = PrivateAttr(default=0)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        return self

    @property
    def turns(self) -> int:
        """How many model calls were answered."""
        return self._turn

    def _next(self) -> AIMessage:
        message = self.script[self._turn]
        self._turn += 1
        return message

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._next())])

    def _chunks(self) -> Iterator[ChatGenerationChunk]:
        message = self._next()
        assert isinstance(message.content, str)
        for token in [t for t in re.split(r"(\s)", message.content) if t]:
            yield ChatGenerationChunk(message=AIMessageChunk(content=token, id=message.id))
        if message.tool_calls:
            calls = [
                {"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"], "index": i}
                for i, c in enumerate(message.tool_calls)
            ]
            yield ChatGenerationChunk(
                message=AIMessageChunk(content="", id=message.id, tool_call_chunks=calls)  # type: ignore[arg-type]
            )

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        for chunk in self._chunks():
            if run_manager is not None:
                run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        for chunk in self._chunks():
            if run_manager is not None:
                await run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk


def call(name: str, call_id: str, **args: Any) -> AIMessage:
    """A model turn that calls one tool."""
    return AIMessage(
        content="", id=f"ai-{call_id}", tool_calls=[{"name": name, "args": args, "id": call_id}]
    )


def answer(text: str = ANSWER, ident: str = "ai-answer") -> AIMessage:
    """The final turn: an answer without tool calls (``ident``: its message id)."""
    return AIMessage(content=text, id=ident)


#: Which documents each search query returns (the retriever of the tests).
INDEX = {"tower": DOCS[:2], "builder": DOCS[2:]}


@tool
def search(query: str, runtime: ToolRuntime) -> str:
    """Search the encyclopedia; the results are numbered [N] to be cited."""
    return format_tool_evidence(INDEX[query], runtime)


@tool(response_format="content_and_artifact")
def search_docs(query: str, runtime: ToolRuntime) -> tuple[str, list[Any]]:
    """Search, returning the numbered text for the model and the documents as artifact."""
    return format_tool_evidence(INDEX[query], runtime), INDEX[query]


@tool
def weather(city: str) -> str:
    """Today's weather (a tool whose text is not about the tower)."""
    return f"It is sunny in {city} today."


@tool
def broken(query: str) -> str:
    """A tool that fails."""
    raise RuntimeError("the search service is down")


@tool
def flaky(query: str) -> str:
    """A tool that fails softly: LangChain turns its ToolException into an error message."""
    raise ToolException("the search service is down")


flaky.handle_tool_error = True


TOOLS: list[BaseTool] = [search, search_docs, weather, broken, flaky]

#: Two searches (documents [1]-[2], then [3]) before the answer.
TWO_SEARCHES = [
    call("search", "c1", query="tower"),
    call("search", "c2", query="builder"),
    answer(),
]


def agent(script: list[AIMessage], **options: Any) -> Any:
    """A ``create_agent`` agent on ``script`` with a ``GroundingMiddleware(**options)``."""
    model = ScriptedChatModel(script=script)
    return create_agent(model, tools=TOOLS, middleware=[GroundingMiddleware(**options)])

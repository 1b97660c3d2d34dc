"""Shared pieces of the agent tests: a scripted function-calling LLM (offline) that streams
its text word by word, the tools it calls (a retriever tool that numbers its nodes, a
``QueryEngineTool``, a plain-text tool, one that raises) and guarded ``FunctionAgent``s."""

# no ``from __future__ import annotations``: LlamaIndex finds a tool's ``ctx: Context``
# parameter by its annotation object, which a string annotation is not
import re
from collections.abc import AsyncGenerator, Sequence
from typing import Any

from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    MessageRole,
    TextBlock,
    ToolCallBlock,
)
from llama_index.core.base.response.schema import RESPONSE_TYPE, Response
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.llms import MockFunctionCallingLLM
from llama_index.core.prompts.mixin import PromptMixinType
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from llama_index.core.tools import FunctionTool, QueryEngineTool
from llama_index.core.workflow import Context
from llama_index.postprocessor.grounding_guard import (
    GroundedAgent,
    format_tool_evidence,
    next_citation_id,
)

SOURCES = [
    "The Eiffel Tower is 330 metres tall and stands in Paris.",
    "The tower was completed in 1889 for the World's Fair.",
    "Gustave Eiffel's engineering company designed and built the tower.",
]
NODES = [
    NodeWithScore(node=TextNode(text=text, id_=f"node-{i}"), score=1.0)
    for i, text in enumerate(SOURCES, start=1)
]
GROUNDED_1 = "The Eiffel Tower is 330 metres tall [1]."
GROUNDED_2 = "It was completed in 1889 for the World's Fair [2]."
FORGED = "The tower was painted gold in 1920 [9]."
UNSUPPORTED = "The tower was designed by Thomas Edison [3]."
UNCITED = "Millions of tourists visit it every year."
ANSWER = "\n".join([GROUNDED_1, GROUNDED_2, FORGED, UNSUPPORTED, UNCITED])
FILTERED = f"{GROUNDED_1}\n{GROUNDED_2}"
FAILING = (FORGED, UNSUPPORTED, UNCITED)
REFUSAL = "I can't answer that from the provided sources."
QUESTION = "Tell me about the Eiffel Tower."

#: Which nodes each search query returns.
INDEX = {"tower": NODES[:2], "builder": NODES[2:]}


class ScriptedFunctionLLM(MockFunctionCallingLLM):
    """Answers each chat with the next scripted message (tool calls as ``ToolCallBlock``s);
    ``astream_chat`` streams its text word by word, the tool calls with the last chunk."""

    _script: list[ChatMessage] = PrivateAttr(default_factory=list)
    _turn: int = PrivateAttr(default=0)

    def __init__(self, script: Sequence[ChatMessage]) -> None:
        super().__init__()
        self._script = list(script)

    @property
    def turns(self) -> int:
        return self._turn

    def _next(self) -> ChatMessage:
        message = self._script[self._turn]
        self._turn += 1
        return message

    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        message = self._next()
        return ChatResponse(message=message, delta=message.content or "")

    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return self.chat(messages, **kwargs)

    async def astream_chat(
        self, messages: Sequence[ChatMessage], **kwargs: Any
    ) -> ChatResponseAsyncGen:
        message = self._next()
        text = message.content or ""
        calls = [block for block in message.blocks if isinstance(block, ToolCallBlock)]
        words = [token for token in re.split(r"(\s)", text) if token] or [""]

        async def gen() -> AsyncGenerator[ChatResponse, None]:
            so_far = ""
            for index, word in enumerate(words):
                so_far += word
                blocks: list[Any] = [TextBlock(text=so_far)]
                if index == len(words) - 1:
                    blocks += calls
                yield ChatResponse(
                    message=ChatMessage(role=MessageRole.ASSISTANT, blocks=blocks), delta=word
                )

        return gen()


def call(name: str, call_id: str, **kwargs: Any) -> ChatMessage:
    """A model turn that calls one tool."""
    block = ToolCallBlock(tool_call_id=call_id, tool_name=name, tool_kwargs=kwargs)
    return ChatMessage(role=MessageRole.ASSISTANT, blocks=[block])


def answer(text: str = ANSWER) -> ChatMessage:
    """The final turn: an answer without tool calls."""
    return ChatMessage(role=MessageRole.ASSISTANT, content=text)


async def search(ctx: Context, query: str) -> str:
    """Search the encyclopedia; the results are numbered [N] to be cited."""
    return format_tool_evidence(INDEX[query], start=await next_citation_id(ctx))


def weather(city: str) -> str:
    """Today's weather (a tool whose text is not about the tower)."""
    return f"It is sunny in {city} today."


def broken(query: str) -> str:
    """A tool that fails."""
    raise RuntimeError("the search service is down")


class FixedQueryEngine(BaseQueryEngine):
    """A query engine whose every answer cites the three nodes."""

    def __init__(self) -> None:
        super().__init__(callback_manager=None)

    def _get_prompt_modules(self) -> PromptMixinType:
        return {}

    def _query(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        return Response(response="A summary of the tower.", source_nodes=list(NODES))

    async def _aquery(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        return self._query(query_bundle)


TOOLS = [
    FunctionTool.from_defaults(async_fn=search, name="search"),
    FunctionTool.from_defaults(fn=weather, name="weather"),
    FunctionTool.from_defaults(fn=broken, name="broken"),
    QueryEngineTool.from_defaults(
        FixedQueryEngine(), name="encyclopedia", description="Ask the encyclopedia."
    ),
]

#: Two searches (nodes [1]-[2], then [3]) before the answer.
TWO_SEARCHES = [
    call("search", "c1", query="tower"),
    call("search", "c2", query="builder"),
    answer(),
]


def grounded_agent(script: Sequence[ChatMessage], *, streaming: bool = True, **options: Any) -> Any:
    """A ``FunctionAgent`` on ``script``, wrapped in ``GroundedAgent(**options)``."""
    llm = ScriptedFunctionLLM(script)
    agent = FunctionAgent(tools=list(TOOLS), llm=llm, streaming=streaming)
    return GroundedAgent(agent, **options)

"""Offline fixtures: a scripted LLM that streams token by token, fixed retrievers, and
LlamaIndex's defaults pointed away from OpenAI (``IS_TESTING``, mock LLM and embeddings)."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

os.environ.setdefault("IS_TESTING", "1")  # before llama_index reads it: never reach OpenAI

import pytest
from llama_index.core import Settings
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.base.llms.types import (
    CompletionResponse,
    CompletionResponseAsyncGen,
    CompletionResponseGen,
    LLMMetadata,
)
from llama_index.core.base.response.schema import (
    AsyncStreamingResponse,
    Response,
    StreamingResponse,
)
from llama_index.core.bridge.pydantic import Field
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.llms import CustomLLM, MockLLM
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.query_engine import RetrieverQueryEngine
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

Settings.llm = MockLLM()
Settings.embed_model = MockEmbedding(embed_dim=8)

LAPTOP_SOURCES = [
    "The Aurora X2 laptop battery lasts 14 hours in independent lab testing.",
    "The Aurora X2 ships with a 90 day return window and a one year limited warranty.",
    "The Aurora X2 weighs 1.2 kilograms and has a 14 inch display.",
]
#: One sentence per line: grounded, grounded, unsupported citation, forged id [9] (three
#: sources), uncited, grounded.
LAPTOP_ANSWER = (
    "The Aurora X2 battery lasts 14 hours in independent lab testing [1].\n"
    "The Aurora X2 weighs 1.2 kilograms [3].\n"
    "The warranty covers accidental damage for five years [2].\n"
    "The Aurora X2 was designed in Finland [9].\n"
    "Many reviewers call it the best laptop of the year.\n"
    "It has a 14 inch display [3]."
)
LAPTOP_FILTERED = (
    "The Aurora X2 battery lasts 14 hours in independent lab testing [1].\n"
    "The Aurora X2 weighs 1.2 kilograms [3].\n"
    "It has a 14 inch display [3]."
)
#: Text of each failing sentence: none of it may ever reach a consumer in block mode.
LAPTOP_FAILING = ("accidental damage", "Finland", "reviewers")
LAPTOP_COUNTS = {"grounded": 3, "invalid": 2, "ungrounded": 1}

PHONE_SOURCES = [
    "The Nimbus 7 phone has a 6.1 inch screen.",
    "The Nimbus 7 charges to 50 percent in 20 minutes.",
]
PHONE_ANSWER = (
    "The Nimbus 7 phone has a 6.1 inch screen [1].\n"
    "The Nimbus 7 charges to 50 percent in 20 minutes [2]."
)

REFUSAL = "I can't answer that from the provided sources."

TOPICS: dict[str, tuple[list[str], str]] = {
    "laptop": (LAPTOP_SOURCES, LAPTOP_ANSWER),
    "phone": (PHONE_SOURCES, PHONE_ANSWER),
}


def topic_of(text: str) -> str:
    for topic in TOPICS:
        if topic in text.lower():
            return topic
    raise AssertionError(f"no scripted topic in {text!r}")


def tokens_of(answer: str) -> list[str]:
    """Word-sized chunks (each word with the white space after it) that add up to it."""
    return re.findall(r"\S+\s*", answer)


_CITE_BY_WORD = re.compile(r"\[#(\w+)\]")
_LABELLED_CHUNK = re.compile(r"Source (\d+):\n(.*?)(?=\nSource \d+:|\Z)", re.S)


def _label_of(prompt: str, word: str) -> str:
    """The "Source N" label of the chunk in ``prompt`` that mentions ``word``; what a
    model told to cite its sources does. Unknown when no chunk does."""
    for label, chunk in _LABELLED_CHUNK.findall(prompt):
        if word in chunk:
            return str(label)
    return "99"


class ScriptedLLM(CustomLLM):
    """Answers from a script, chosen by the topic of the query in the prompt; streams word
    by word and records every token it has emitted (``emitted``). ``[#word]`` in a
    scripted answer cites the "Source N" chunk of the prompt that mentions ``word``."""

    answers: dict[str, str] = Field(default_factory=lambda: {t: a for t, (_, a) in TOPICS.items()})
    emitted: list[str] = Field(default_factory=list)
    prompts: list[str] = Field(default_factory=list)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="scripted")

    def _answer(self, prompt: str) -> str:
        self.prompts.append(prompt)
        answer = self.answers[topic_of(prompt.rsplit("Query:", 1)[-1])]
        return _CITE_BY_WORD.sub(lambda m: f"[{_label_of(prompt, m.group(1))}]", answer)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._answer(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        answer = self._answer(prompt)

        def gen() -> Iterator[CompletionResponse]:
            text = ""
            for token in tokens_of(answer):
                self.emitted.append(token)
                text += token
                yield CompletionResponse(text=text, delta=token)

        return gen()

    @llm_completion_callback()
    async def acomplete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponse:
        answer = self._answer(prompt)
        await asyncio.sleep(0.01)  # let concurrent queries interleave
        return CompletionResponse(text=answer)

    @llm_completion_callback()
    async def astream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseAsyncGen:
        answer = self._answer(prompt)

        async def gen() -> AsyncIterator[CompletionResponse]:
            text = ""
            for token in tokens_of(answer):
                await asyncio.sleep(0)
                self.emitted.append(token)
                text += token
                yield CompletionResponse(text=text, delta=token)

        return gen()


class TopicRetriever(BaseRetriever):
    """Returns the fixed sources of the query's topic, in order."""

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        topic = topic_of(query_bundle.query_str)
        sources, _ = TOPICS[topic]
        return [
            NodeWithScore(node=TextNode(text=text, id_=f"{topic}-{n}"), score=1.0 - n / 10)
            for n, text in enumerate(sources, start=1)
        ]


def make_engine(
    llm: ScriptedLLM, *, streaming: bool = False, node_postprocessors: Sequence[Any] = ()
) -> RetrieverQueryEngine:
    return RetrieverQueryEngine.from_args(
        TopicRetriever(),
        llm=llm,
        streaming=streaming,
        node_postprocessors=list(node_postprocessors),
    )


@pytest.fixture
def llm() -> ScriptedLLM:
    return ScriptedLLM()


CALLS = ("query", "aquery", "stream", "astream")


@dataclass
class Run:
    """One query as a caller runs it: the response and every text chunk received."""

    response: Any = None
    chunks: list[str] = dc_field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.chunks)


def streams(call: str) -> bool:
    return call in ("stream", "astream")


def ask(engine: Any, question: str, call: str, run: Run | None = None) -> Run:
    """Run ``question`` through ``engine`` as ``call`` says (``query``, ``aquery``,
    ``stream``: iterate ``response_gen``, ``astream``: iterate ``async_response_gen()``).
    Pass ``run`` to keep what arrived before an exception."""
    run = Run() if run is None else run
    if call == "query":
        run.response = engine.query(question)
        assert isinstance(run.response, Response)
        run.chunks.append(run.response.response)
    elif call == "stream":
        run.response = engine.query(question)
        assert isinstance(run.response, StreamingResponse)
        for text in run.response.response_gen:
            run.chunks.append(text)
    else:

        async def go() -> None:
            run.response = await engine.aquery(question)
            if call == "aquery":
                assert isinstance(run.response, Response)
                run.chunks.append(run.response.response)
                return
            assert isinstance(run.response, AsyncStreamingResponse)
            async for text in run.response.async_response_gen():
                run.chunks.append(text)

        asyncio.run(go())
    return run

"""Shared pieces of the LangChain adapter tests: three retrieved documents, a fake model
answer that mixes grounded, forged, unsupported and uncited sentences, and the RAG chains
(real langchain-core objects) that produce it. (A uniquely named module, so the suites of
several adapters can run in one pytest session.)"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models import BaseLanguageModel, FakeStreamingListLLM
from langchain_core.language_models.fake_chat_models import (
    FakeListChatModel,
    GenericFakeChatModel,
)
from langchain_core.messages import AIMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import (
    Runnable,
    RunnableLambda,
    RunnableParallel,
    RunnablePassthrough,
)
from langchain_grounding_guard import format_evidence

DOCS = [
    Document(
        page_content="The Eiffel Tower is 330 metres tall and stands in Paris.",
        metadata={"source": "tower.txt"},
        id="3f0c0a52-vector-store-key",  # a store's key: never a citation id
    ),
    Document(
        page_content="The tower was completed in 1889 for the World's Fair.",
        metadata={"source": "history.txt"},
    ),
    Document(
        page_content="Gustave Eiffel's engineering company designed and built the tower.",
        metadata={"source": "people.txt"},
    ),
]

GROUNDED_1 = "The Eiffel Tower is 330 metres tall [1]."
GROUNDED_2 = "It was completed in 1889 for the World's Fair [2]."
FORGED = "The tower was painted gold in 1920 [9]."  # cites a chunk that does not exist
UNSUPPORTED = "The tower was designed by Thomas Edison [3]."  # [3] does not say so
UNCITED = "Millions of tourists visit it every year."

#: One sentence per line: the core releases a unit once the next line is complete.
ANSWER = "\n".join([GROUNDED_1, GROUNDED_2, FORGED, UNSUPPORTED, UNCITED])
FILTERED = f"{GROUNDED_1}\n{GROUNDED_2}"
FAILING = (FORGED, UNSUPPORTED, UNCITED)
STATUSES = ["grounded", "grounded", "invalid", "invalid", "ungrounded"]

PROMPT = ChatPromptTemplate.from_messages(
    [
        ("system", "Answer from the sources only and cite them as [n].\n\n{sources}"),
        ("human", "{question}"),
    ]
)


def generic_model(answer: str = ANSWER) -> GenericFakeChatModel:
    """A chat model streaming ``answer`` word by word (spaces and breaks apart)."""
    return GenericFakeChatModel(messages=itertools.repeat(AIMessage(content=answer)))


def char_model(answer: str = ANSWER) -> FakeListChatModel:
    """A chat model streaming ``answer`` character by character."""
    return FakeListChatModel(responses=[answer])


def llm_model(answer: str = ANSWER) -> FakeStreamingListLLM:
    """A text LLM (string output) streaming ``answer`` character by character."""
    return FakeStreamingListLLM(responses=[answer])


MODELS: dict[str, Callable[..., BaseLanguageModel[Any]]] = {
    "generic_chat": generic_model,
    "char_chat": char_model,
    "text_llm": llm_model,
}


def retriever(docs: list[Document] = DOCS) -> Runnable[str, list[Document]]:
    """An in-memory retriever: every question retrieves ``docs``."""
    return RunnableLambda(lambda _question: list(docs), name="retriever")


def rag_chain(
    model: BaseLanguageModel[Any], *, as_message: bool = False, docs: list[Document] = DOCS
) -> Runnable[str, dict[str, Any]]:
    """question -> {"context": docs, "question": ..., "answer": ...}, the answer streamed;
    a string (``StrOutputParser``) or, with ``as_message``, the model's message."""
    answer: Runnable[Any, Any] = (
        {
            "sources": itemgetter("context") | RunnableLambda(format_evidence),
            "question": itemgetter("question"),
        }
        | PROMPT
        | model
    )
    if not as_message:
        answer = answer | StrOutputParser()
    return RunnableParallel(context=retriever(docs), question=RunnablePassthrough()).assign(
        answer=answer
    )


def tokens_through(answer: str, end: str) -> int:
    """How many word/space tokens ``generic_model`` streams up to the end of ``end``."""
    return len([t for t in re.split(r"(\s)", answer[: answer.index(end) + len(end)]) if t])


class TokenCounter(BaseCallbackHandler):
    """Counts the tokens the model has streamed so far (called inline, also in async)."""

    run_inline = True

    def __init__(self) -> None:
        self.tokens = 0

    def on_llm_new_token(self, token: str, **kwargs: Any) -> None:
        self.tokens += 1


def added(chunks: Iterator[Any] | list[Any]) -> Any:
    """The chunks added up as LangChain adds them."""
    total: Any = None
    for chunk in chunks:
        total = chunk if total is None else total + chunk
    return total


def collect_into(shown: list[Any], chunks: Iterable[Any]) -> None:
    """Append each chunk to ``shown`` as it arrives (what a user saw before an error)."""
    for chunk in chunks:
        shown.append(chunk)

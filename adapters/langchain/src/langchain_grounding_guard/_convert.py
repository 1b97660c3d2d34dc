"""Conversion in and out: LangChain documents and messages to what ``grounding_guard.Guard``
reads (answer text, evidence with citation ids), and guarded text back to LangChain types.

One id rule serves the guard and :func:`format_evidence`, so the ids the model is shown
are the ids the guard resolves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.documents import Document
from langchain_core.messages import AIMessageChunk, BaseMessage

from grounding_guard import Evidence
from grounding_guard.text.messages import content_text

__all__ = [
    "DEFAULT_ID_KEY",
    "DEFAULT_TEMPLATE",
    "answer_text",
    "format_evidence",
    "message_chunk",
    "to_evidence",
    "with_text",
]

#: The ``Document.metadata`` key whose value, when present, is the document's citation id.
DEFAULT_ID_KEY = "citation_id"
#: How :func:`format_evidence` renders one document by default: ``[1] text``.
DEFAULT_TEMPLATE = "[{id}] {text}"


def to_evidence(context: Any, *, id_key: str | None = DEFAULT_ID_KEY) -> list[Evidence]:
    """The evidence items (citation id, text, metadata) of a chain's ``context``.

    ``context`` is a list of ``Document`` (or strings, or ``grounding_guard.Evidence``),
    whose ids are their 1-based positions unless a document's ``metadata[id_key]`` names
    its id, or a mapping id -> text or ``Document`` whose keys are the ids. ``Document.id`` (a vector store's
    key, often a UUID) is not a citation id and is never used. Anything else is a
    ``TypeError``: a missing or malformed context must not pass as "no evidence".
    """
    if isinstance(context, Mapping):
        return [
            _item(_citation_id(key, f"context key {key!r}"), value, f"context[{key!r}]", None, True)
            for key, value in context.items()
        ]
    if isinstance(context, (str, bytes)) or not isinstance(context, Sequence):
        hint = " (wrap one document in a list)" if isinstance(context, (str, Document)) else ""
        raise TypeError(
            "context must be a list of Documents or strings, or a mapping id -> text, "
            f"got {type(context).__name__}{hint}"
        )
    return [
        _item(str(position), value, f"context[{position - 1}]", id_key, False)
        for position, value in enumerate(context, start=1)
    ]


def format_evidence(
    docs: Any,
    *,
    template: str = DEFAULT_TEMPLATE,
    separator: str = "\n\n",
    id_key: str | None = DEFAULT_ID_KEY,
) -> str:
    """Render documents for the prompt with the ids the guard will resolve.

    The default gives ``[1] first text`` and ``[2] second text`` separated by a blank
    line. ``template`` may use ``{id}``, ``{text}`` and ``{metadata}`` (e.g.
    ``"[{id}] ({metadata[source]}) {text}"``); ``docs`` takes the forms of
    :func:`to_evidence`, with the same ``id_key``.
    """
    return separator.join(
        template.format(id=item.id, text=item.text, metadata=item.metadata)
        for item in to_evidence(docs, id_key=id_key)
    )


def answer_text(value: Any, what: str = "answer") -> str:
    """The text of an answer given as a string or a chat message (its text blocks)."""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseMessage):
        return _message_text(value)
    raise TypeError(f"{what} must be a str or a chat message, got {type(value).__name__}")


def with_text(original: Any, text: str) -> Any:
    """``original`` carrying ``text``: the same object when the text is unchanged, a copy
    of a message with its content replaced, or ``text`` itself."""
    if isinstance(original, BaseMessage):
        if _message_text(original) == text:
            return original
        return original.model_copy(update={"content": text})
    return text


def message_chunk(text: str, like: BaseMessage) -> AIMessageChunk:
    """A streamed piece of a guarded message answer (its id kept, so pieces merge)."""
    return AIMessageChunk(content=text, id=like.id)


def _message_text(message: BaseMessage) -> str:
    return content_text(message.content) or ""


def _citation_id(value: Any, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise TypeError(f"{what}: a citation id must be a str or int, got {type(value).__name__}")
    text = str(value).strip()
    if not text:
        raise ValueError(f"{what}: a citation id must not be empty")
    return text


def _item(ident: str, value: Any, where: str, id_key: str | None, keyed: bool) -> Evidence:
    """One evidence item; ``keyed``: ``ident`` is a mapping key, which always wins."""
    if isinstance(value, Evidence):
        return Evidence(ident, value.text, value.metadata) if keyed else value
    if isinstance(value, str):
        return Evidence(ident, value, {})
    if isinstance(value, Document):
        metadata = dict(value.metadata)
        if not keyed and id_key is not None and metadata.get(id_key) not in (None, ""):
            ident = _citation_id(metadata[id_key], f"{where}.metadata[{id_key!r}]")
        return Evidence(ident, value.page_content, metadata)
    raise TypeError(f"{where} must be a Document or a str, got {type(value).__name__}")

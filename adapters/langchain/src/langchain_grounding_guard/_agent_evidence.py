"""Evidence from an agent's tool results, and the numbering a tool uses to show them.

An agent retrieves through tools, so its evidence is in the run's ``ToolMessage``s, not in
a chain's ``context`` key. One rule reads them, here, for the guard and for
:func:`format_tool_evidence` alike, so the ids a tool shows the model are the ids the guard
resolves:

- **The run.** Only the messages after the last ``HumanMessage`` count (the current turn
  of a conversation: an earlier turn's tool results are not this answer's evidence).
- **Which tools.** Every tool's result, or only those of the named tools (``tools=``).
  A failed call (``ToolMessage.status == "error"``) is never evidence.
- **Documents.** A tool whose ``artifact`` is a ``Document`` or a list of them (a
  retriever tool with ``response_format="content_and_artifact"``) gives one item per
  document: its ``metadata["citation_id"]`` when present, else the next number.
- **Numbered text.** Text that starts with a marker (``[1] ...``, blocks as
  :func:`format_tool_evidence` writes them) gives one item per block, with the id of
  its marker.
- **Other text.** The whole text is one item with the next number.
- **Numbers continue across tool calls** in one run: the next number is one more than the
  highest number given so far (the first search's documents are ``[1]``-``[3]``, the
  second's ``[4]``, ...). An id given twice with the same text is read once; with a
  different text the later item gets the next free number instead (the model's ``[N]``
  then resolves to the first, so a citation meant for the second fails: fail closed).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from langchain_core.documents import Document
from langchain_core.messages import BaseMessage, HumanMessage, ToolMessage

from grounding_guard import Evidence
from grounding_guard.evidence.tool_results import ToolEvidence, numbered_blocks
from langchain_grounding_guard._convert import DEFAULT_ID_KEY, DEFAULT_TEMPLATE, answer_text

__all__ = [
    "format_tool_evidence",
    "next_citation_id",
    "run_messages",
    "tool_evidence",
]

#: A block marker at the start of a line: ``[1] text`` (the id: word characters, ``.:-``).


def run_messages(messages: Any) -> list[BaseMessage]:
    """The messages of the current run: those after the last ``HumanMessage`` (all of
    them when there is none). ``messages`` is a list of messages, a state mapping with a
    ``"messages"`` key, or an object with such a ``state`` (LangChain's ``ToolRuntime``)."""
    found = _messages_of(messages)
    for index in range(len(found) - 1, -1, -1):
        if isinstance(found[index], HumanMessage):
            return found[index + 1 :]
    return found


def tool_evidence(
    messages: Any,
    *,
    tools: Collection[str] | None = None,
    id_key: str | None = DEFAULT_ID_KEY,
) -> list[Evidence]:
    """The evidence of the current run's tool results, with the ids the model was shown
    (see the module's rule). ``tools``: the names of the tools that count (``None``: all)."""
    reader = ToolEvidence()
    for message in run_messages(messages):
        if not isinstance(message, ToolMessage) or message.status == "error":
            continue
        if tools is not None and message.name not in tools:
            continue
        docs = _documents(message.artifact)
        if docs is not None:
            for doc in docs:
                own = doc.metadata.get(id_key) if id_key is not None else None
                own_id = str(own).strip() if own not in (None, "") else None
                reader.add(own_id, doc.page_content, dict(doc.metadata))
            continue
        text = answer_text(message).strip()
        if not text:
            continue
        blocks = numbered_blocks(text)
        if blocks is None:
            reader.add(None, text, {"tool": message.name or ""})
        else:
            for ident, block in blocks:
                reader.add(ident, block, {"tool": message.name or ""})
    return reader.items


def next_citation_id(messages: Any, *, id_key: str | None = DEFAULT_ID_KEY) -> int:
    """The number the next tool result of this run starts at (1 when there is none yet)."""
    reader = ToolEvidence()
    for item in tool_evidence(messages, id_key=id_key):
        reader.note(item.id)
    return reader.next


def format_tool_evidence(
    docs: Any,
    messages: Any = None,
    *,
    start: int | None = None,
    template: str = DEFAULT_TEMPLATE,
    separator: str = "\n\n",
    id_key: str | None = DEFAULT_ID_KEY,
) -> str:
    """Number a tool's documents for the model the way the guard will read them back.

    ``docs``: ``Document``s or strings. Numbering starts at ``start``, or after the
    numbers this run's earlier tool results took when ``messages`` is given (the agent's
    messages, its state, or LangChain's ``ToolRuntime``), else at 1; a document whose
    ``metadata[id_key]`` names an id keeps it. The default template gives
    ``[4] text\\n\\n[5] text``; any template must start with ``[{id}]`` followed by a
    space for the guard to read the blocks back (a tool returning ``(text, docs)`` with
    ``response_format="content_and_artifact"`` is read from its documents instead).
    """
    if isinstance(docs, (str, bytes, Document)) or not isinstance(docs, Sequence):
        raise TypeError(
            f"docs must be a list of Documents or strings, got {type(docs).__name__}"
            + (" (wrap one document in a list)" if isinstance(docs, (str, Document)) else "")
        )
    if start is None:
        start = next_citation_id(messages, id_key=id_key) if messages is not None else 1
    if isinstance(start, bool) or not isinstance(start, int) or start < 1:
        raise ValueError(f"start must be a positive int, got {start!r}")
    rendered: list[str] = []
    number = start
    for position, doc in enumerate(docs):
        if isinstance(doc, str):
            text, metadata = doc, {}
        elif isinstance(doc, Document):
            text, metadata = doc.page_content, dict(doc.metadata)
        else:
            raise TypeError(
                f"docs[{position}] must be a Document or a str, got {type(doc).__name__}"
            )
        own = metadata.get(id_key) if id_key is not None else None
        if own not in (None, ""):
            ident = str(own).strip()
        else:
            ident = str(number)
            number += 1
        rendered.append(template.format(id=ident, text=text, metadata=metadata))
    return separator.join(rendered)


def _messages_of(source: Any) -> list[BaseMessage]:
    if isinstance(source, Mapping):
        source = source.get("messages")
    elif not isinstance(source, Sequence) and hasattr(source, "state"):
        state = source.state
        source = state.get("messages") if isinstance(state, Mapping) else None
    if source is None or isinstance(source, (str, bytes)) or not isinstance(source, Sequence):
        raise TypeError(
            "expected the agent's messages: a list of messages, a state with 'messages', "
            f"or a ToolRuntime, got {type(source).__name__}"
        )
    return [message for message in source if isinstance(message, BaseMessage)]


def _documents(artifact: Any) -> list[Document] | None:
    if isinstance(artifact, Document):
        return [artifact]
    if (
        isinstance(artifact, Sequence)
        and not isinstance(artifact, (str, bytes))
        and artifact
        and all(isinstance(doc, Document) for doc in artifact)
    ):
        return list(artifact)
    return None

"""Evidence from an agent's tool results (``ToolCallResult`` events), and the numbering a
tool uses to show its nodes to the model.

One rule reads a run's tool results, here, for :class:`GroundedAgent` and for
:func:`format_tool_evidence` alike, so the ids a tool shows the model are the ids the
guard resolves:

- **Which results.** Those of the current ``run()`` (every tool, or only the names in
  ``tools=``), in the order they arrived; a failed call (``tool_output.is_error``) is
  never evidence.
- **Nodes.** A result whose ``raw_output`` is a ``Response`` (a ``QueryEngineTool``: its
  ``source_nodes``) or a list of ``NodeWithScore`` gives one item per node (its text, a
  leading "Source N:" label dropped), numbered on.
- **Numbered text.** A text that starts with a marker (``[1] ...``, blocks as
  :func:`format_tool_evidence` writes them) gives one item per block, with its id.
- **Other text.** The whole text is one item, numbered on.
- **Numbers continue across tool calls** in one run: the next number is one more than the
  highest number given so far. An id given twice with the same text is read once; with
  a different text the later item gets the next free number (the model's ``[N]`` then
  resolves to the first: fail closed).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from llama_index.core.schema import NodeWithScore

from grounding_guard import Evidence
from grounding_guard.evidence.tool_results import ToolEvidence, numbered_blocks

from ._nodes import node_text

__all__ = ["format_tool_evidence", "next_citation_id", "tool_results_evidence"]

_SOURCE_LABEL = re.compile(r"\ASource \d+:\n")
#: Where an agent's ``Context`` keeps the run's tool results (``BaseWorkflowAgent``).
_RUN_RESULTS_KEY = "current_tool_calls"


def tool_results_evidence(results: Any, *, tools: Collection[str] | None = None) -> list[Evidence]:
    """The evidence of a run's tool results (``ToolCallResult`` events, or their
    ``ToolOutput``s), with the ids the model was shown (see the module's rule)."""
    reader = ToolEvidence()
    for result in _results(results):
        output = getattr(result, "tool_output", result)
        name = getattr(result, "tool_name", None) or getattr(output, "tool_name", "")
        if getattr(output, "is_error", False) or (tools is not None and name not in tools):
            continue
        nodes = _nodes_of(getattr(output, "raw_output", None))
        if nodes is not None:
            for item in nodes:
                text = _SOURCE_LABEL.sub("", node_text(item), count=1)
                reader.add(None, text, {"tool": name, "node_id": item.node.node_id})
            continue
        text = str(getattr(output, "content", "") or "").strip()
        if not text:
            continue
        blocks = numbered_blocks(text)
        if blocks is None:
            reader.add(None, text, {"tool": name})
        else:
            for ident, block in blocks:
                reader.add(ident, block, {"tool": name})
    return reader.items


async def next_citation_id(source: Any) -> int:
    """The number the next tool result of this run starts at: ``source`` is the agent's
    ``Context`` (a tool taking ``ctx: Context``) or the run's tool results so far."""
    store = getattr(source, "store", None)
    if store is not None:
        source = await store.get(_RUN_RESULTS_KEY, default=[])
    reader = ToolEvidence()
    for item in tool_results_evidence(source):
        reader.note(item.id)
    return reader.next


def format_tool_evidence(
    nodes: Any,
    *,
    start: int = 1,
    template: str = "[{id}] {text}",
    separator: str = "\n\n",
) -> str:
    """Number a tool's nodes (or strings) for the model the way the guard reads them
    back: ``[4] text\\n\\n[5] text`` from ``start`` (``await next_citation_id(ctx)``
    continues the run's numbering). A template must start with ``[{id}]`` and a space
    for the guard to read the blocks back; ``{metadata}`` gives a node's metadata."""
    if isinstance(nodes, (str, bytes, NodeWithScore)) or not isinstance(nodes, Sequence):
        raise TypeError(
            f"nodes must be a list of NodeWithScore or strings, got {type(nodes).__name__}"
        )
    if isinstance(start, bool) or not isinstance(start, int) or start < 1:
        raise ValueError(f"start must be a positive int, got {start!r}")
    rendered: list[str] = []
    for offset, item in enumerate(nodes):
        if isinstance(item, NodeWithScore):
            text, metadata = node_text(item), dict(item.node.metadata)
        elif isinstance(item, str):
            text, metadata = item, {}
        else:
            raise TypeError(
                f"nodes[{offset}] must be a NodeWithScore or a str, got {type(item).__name__}"
            )
        rendered.append(template.format(id=start + offset, text=text, metadata=metadata))
    return separator.join(rendered)


def _results(results: Any) -> list[Any]:
    if isinstance(results, (str, bytes)) or not isinstance(results, Sequence):
        raise TypeError(
            "expected the run's tool results (a list of ToolCallResult or ToolOutput), "
            f"got {type(results).__name__}"
        )
    return [r for r in results if hasattr(r, "tool_output") or hasattr(r, "raw_output")]


def _nodes_of(raw: Any) -> list[NodeWithScore] | None:
    nodes = getattr(raw, "source_nodes", raw)
    if (
        isinstance(nodes, Sequence)
        and not isinstance(nodes, (str, bytes))
        and nodes
        and all(isinstance(item, NodeWithScore) for item in nodes)
    ):
        return list(nodes)
    if getattr(raw, "source_nodes", None) is not None:
        return []  # a Response that retrieved nothing: no evidence, not its text
    return None

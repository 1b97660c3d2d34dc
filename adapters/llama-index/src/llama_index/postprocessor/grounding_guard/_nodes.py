"""Conversion in: LlamaIndex nodes to the evidence map the guard reads, and citation labels.

The citation id of a node is its 1-based position among the nodes given to synthesis,
which is what CitationQueryEngine's "Source N" means, so ``[N]`` and "Source N" in an
answer resolve to the node the model was shown as N.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from llama_index.core.schema import MetadataMode, NodeWithScore

__all__ = ["CITATION_ID_KEY", "evidence_from_nodes", "label_nodes", "node_text"]

#: The metadata key that carries a labelled node's citation id (hidden from the LLM
#: and the embedding model, visible in ``response.metadata`` and ``source_nodes``).
CITATION_ID_KEY = "citation_id"

# CitationQueryEngine (and ``source_prefix=True``) put "Source N:\n" before each chunk:
# a label for the model, not evidence.
_SOURCE_LABEL = re.compile(r"\ASource (\d+):\n")


def _checked(nodes: Any, where: str) -> Sequence[NodeWithScore]:
    if isinstance(nodes, (str, bytes)) or not isinstance(nodes, Sequence):
        raise TypeError(f"{where} must be a list of NodeWithScore, got {type(nodes).__name__}")
    for position, item in enumerate(nodes, start=1):
        if not isinstance(item, NodeWithScore):
            raise TypeError(
                f"{where}: item {position} must be a NodeWithScore, got {type(item).__name__}"
            )
    return nodes


def node_text(item: NodeWithScore) -> str:
    """The node's own text (no metadata header), as the evidence to check against."""
    return item.node.get_content(metadata_mode=MetadataMode.NONE)


def evidence_from_nodes(nodes: Any) -> dict[str, dict[str, Any]]:
    """Citation id -> ``{"text", "metadata"}`` for ``nodes`` in order (ids "1", "2", ...).

    A leading "Source N:" label that matches the node's position is dropped from the
    text; the node id and score travel as the evidence metadata (``report.evidence``).
    """
    evidence: dict[str, dict[str, Any]] = {}
    for position, item in enumerate(_checked(nodes, "source nodes"), start=1):
        text = node_text(item)
        label = _SOURCE_LABEL.match(text)
        if label is not None and label.group(1) == str(position):
            text = text[label.end() :]
        evidence[str(position)] = {
            "text": text,
            "metadata": {"node_id": item.node.node_id, "score": item.score},
        }
    return evidence


def label_nodes(nodes: Any, *, source_prefix: bool) -> list[NodeWithScore]:
    """Copies of ``nodes`` carrying their citation id in metadata (and, with
    ``source_prefix``, a "Source N:" first line as CitationQueryEngine writes it).

    Copies, because retrievers hand out the docstore's own node objects.
    """
    labelled: list[NodeWithScore] = []
    for position, item in enumerate(_checked(nodes, "nodes"), start=1):
        ident = str(position)
        node = item.node.model_copy()
        node.metadata = {**item.node.metadata, CITATION_ID_KEY: ident}
        for keys in ("excluded_llm_metadata_keys", "excluded_embed_metadata_keys"):
            hidden = list(getattr(item.node, keys))
            if CITATION_ID_KEY not in hidden:
                hidden.append(CITATION_ID_KEY)
            setattr(node, keys, hidden)
        if source_prefix:
            node.set_content(f"Source {ident}:\n{node_text(item)}")
        labelled.append(NodeWithScore(node=node, score=item.score))
    return labelled

"""``GroundingPostprocessor``: label the retrieved nodes and guard the answer of that query.

Drop it into ``index.as_query_engine(node_postprocessors=[...])``. It returns copies of
the nodes labelled with their citation ids and, through :mod:`._tracking`, guards the
response of the query it ran in when that query returns: the text is replaced (filter,
block), never raised against, because LlamaIndex swallows exceptions raised in its
instrumentation handlers. Use :class:`GroundedQueryEngine` where a block must raise.
"""

from __future__ import annotations

import logging
from typing import Any

from llama_index.core.base.response.schema import (
    AsyncStreamingResponse,
    Response,
    StreamingResponse,
)
from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.instrumentation.span import active_span_id
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.schema import NodeWithScore, QueryBundle

from grounding_guard import Guard

from ._nodes import evidence_from_nodes, label_nodes
from ._responses import (
    ERROR_KEY,
    attach_report,
    fail_closed,
    guard_tokens,
    guard_tokens_async,
)
from ._tracking import tracker

__all__ = ["GroundingPostprocessor"]

logger = logging.getLogger("llama_index.postprocessor.grounding_guard")


class GroundingPostprocessor(BaseNodePostprocessor):
    """Label nodes with citation ids and guard the synthesized answer of the same query.

    ``mode``: ``flag`` (answer unchanged, report attached), ``filter`` (failing sentences
    dropped) or ``block`` (the answer replaced by the refusal). ``source_prefix`` (on by
    default) starts each node's text with "Source N:" as CitationQueryEngine does: a
    query engine's prompt shows the chunks unnumbered, so without the label the model has
    no id to cite and every sentence could only be attributed, never checked against the
    source it names. ``source_prefix=False`` leaves the text as it was (when your prompt
    numbers the chunks itself). ``guard_answer=False`` only labels. Other keyword arguments configure the
    ``grounding_guard.Guard`` (``citations``, ``fail_on``, ``refusal``, ``threshold``...).
    The report lands in ``response.metadata["grounding"]``; a replaced answer also sets
    ``response.metadata["grounding_blocked"] = True``. Put it last among the node
    postprocessors, so that citation ids are positions in what the model is shown.
    """

    mode: str = Field(default="flag", description="flag, filter or block.")
    source_prefix: bool = Field(
        default=True,
        description='Start each node\'s text with "Source N:", so the model can cite it.',
    )
    guard_answer: bool = Field(default=True, description="Guard the synthesized answer.")
    guard_options: dict[str, Any] = Field(
        default_factory=dict, description="Further grounding_guard.Guard options."
    )
    _guard: Guard = PrivateAttr()

    def __init__(
        self,
        *,
        mode: str = "flag",
        source_prefix: bool = True,
        guard_answer: bool = True,
        **guard_options: Any,
    ) -> None:
        guard = Guard(mode=mode, **guard_options)  # a bad option fails here, not mid-query
        fields: dict[str, Any] = {
            "mode": mode,
            "source_prefix": source_prefix,
            "guard_answer": guard_answer,
            "guard_options": guard_options,
        }
        super().__init__(**fields)
        self._guard = guard
        if guard_answer:
            tracker()  # spans opened from now on are tracked

    @classmethod
    def class_name(cls) -> str:
        return "GroundingPostprocessor"

    @property
    def guard(self) -> Guard:
        """The configured ``grounding_guard.Guard``."""
        return self._guard

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        labelled = label_nodes(nodes, source_prefix=self.source_prefix)
        if self.guard_answer:
            self._guard_this_query(labelled)
        return labelled

    async def _apostprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        # inline rather than in a worker thread: labelling is cheap
        return self._postprocess_nodes(nodes, query_bundle)

    def _guard_this_query(self, labelled: list[NodeWithScore]) -> None:
        spans = tracker()
        query_span = spans.query_span(active_span_id.get())
        if query_span is None:
            logger.warning(
                "GroundingPostprocessor ran outside a query engine's query: no answer to "
                "guard (wrap the engine in GroundedQueryEngine to guard it)"
            )
            return
        evidence = evidence_from_nodes(labelled)
        guard = self._guard

        def guard_result(result: Any) -> None:
            _guard_in_place(guard, evidence, result)

        spans.on_exit(query_span, guard_result)


def _guard_in_place(guard: Guard, evidence: Any, response: Any) -> None:
    """Apply the guard to ``response`` without raising (a handler's error is swallowed,
    so an answer that cannot be checked fails closed instead)."""
    try:
        if isinstance(response, Response):
            report = guard.check(response.response or "", evidence)
            if guard.mode != "flag":
                response.response = report.text
            attach_report(response, report)
        elif isinstance(response, StreamingResponse):
            response.response_gen = guard_tokens(
                guard, response.response_gen, evidence, response, enforce=False
            )
        elif isinstance(response, AsyncStreamingResponse):
            response.response_gen = guard_tokens_async(
                guard, response.response_gen, evidence, response, enforce=False
            )
        elif response is not None and hasattr(response, "metadata"):
            # structured (Pydantic) output: not text, left as it is and said so
            if response.metadata is None:
                response.metadata = {}
            response.metadata[ERROR_KEY] = (
                f"{type(response).__name__} is not a text answer: not checked"
            )
    except Exception as error:
        fail_closed(guard, response, error)

"""``GroundedQueryEngine``: wrap any query engine; the enforcement-grade path (block raises)."""

from __future__ import annotations

from typing import Any

from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.base.response.schema import (
    RESPONSE_TYPE,
    AsyncStreamingResponse,
    Response,
    StreamingResponse,
)
from llama_index.core.prompts.mixin import PromptMixinType
from llama_index.core.schema import QueryBundle

from grounding_guard import Guard, Report, UngroundedAnswerError

from ._nodes import evidence_from_nodes
from ._responses import attach_report, guard_tokens, guard_tokens_async

__all__ = ["GroundedQueryEngine"]


class GroundedQueryEngine(BaseQueryEngine):
    """A query engine that checks every answer of ``engine`` against its source nodes.

    Evidence: ``response.source_nodes`` in order, citation ids "1", "2"... (what
    CitationQueryEngine's "Source N" names). The report lands in
    ``response.metadata["grounding"]``. ``flag`` leaves the answer as it is, ``filter``
    drops failing sentences, and an answer the guard blocks (``block``, or ``filter``
    with nothing left) raises ``grounding_guard.UngroundedAnswerError`` (``.report``
    says why); streamed answers raise before any failing sentence is emitted. Other
    keyword arguments configure the ``grounding_guard.Guard``.
    """

    def __init__(self, engine: BaseQueryEngine, *, mode: str = "flag", **guard_options: Any):
        if not isinstance(engine, BaseQueryEngine):
            raise TypeError(
                "GroundedQueryEngine wraps a LlamaIndex query engine (BaseQueryEngine), "
                f"got {type(engine).__name__}"
            )
        self._guard = Guard(mode=mode, **guard_options)
        self._engine = engine
        super().__init__(callback_manager=engine.callback_manager)

    @property
    def engine(self) -> BaseQueryEngine:
        """The wrapped query engine."""
        return self._engine

    @property
    def guard(self) -> Guard:
        """The configured ``grounding_guard.Guard``."""
        return self._guard

    def _get_prompt_modules(self) -> PromptMixinType:
        return {"query_engine": self._engine}

    def _query(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        response = self._engine.query(query_bundle)
        evidence = self._evidence(response)
        if isinstance(response, Response):
            self._apply(response, self._guard.check(response.response or "", evidence))
        elif isinstance(response, (StreamingResponse, AsyncStreamingResponse)):
            self._wrap_stream(response, evidence)
        return response

    async def _aquery(self, query_bundle: QueryBundle) -> RESPONSE_TYPE:
        response = await self._engine.aquery(query_bundle)
        evidence = self._evidence(response)
        if isinstance(response, Response):
            self._apply(response, await self._guard.acheck(response.response or "", evidence))
        elif isinstance(response, (StreamingResponse, AsyncStreamingResponse)):
            self._wrap_stream(response, evidence)
        return response

    def _evidence(self, response: Any) -> dict[str, dict[str, Any]]:
        if not isinstance(response, (Response, StreamingResponse, AsyncStreamingResponse)):
            raise TypeError(
                f"GroundedQueryEngine checks text answers; {type(self._engine).__name__} "
                f"returned {type(response).__name__} (structured output cannot be checked)"
            )
        return evidence_from_nodes(response.source_nodes)

    def _apply(self, response: Response, report: Report) -> None:
        attach_report(response, report)
        if report.blocked:
            raise UngroundedAnswerError(report)
        if self._guard.mode != "flag":
            response.response = report.text

    def _wrap_stream(
        self, response: StreamingResponse | AsyncStreamingResponse, evidence: Any
    ) -> None:
        if isinstance(response, StreamingResponse):
            response.response_gen = guard_tokens(
                self._guard, response.response_gen, evidence, response, enforce=True
            )
        else:
            response.response_gen = guard_tokens_async(
                self._guard, response.response_gen, evidence, response, enforce=True
            )

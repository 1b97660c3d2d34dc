"""``GroundingGuard``: the Runnable that guards the answer of a RAG chain's output dict."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig, RunnableSerializable
from langchain_core.runnables.utils import AddableDict
from pydantic import ConfigDict, model_validator

from grounding_guard import Evidence, Report, UngroundedAnswerError
from langchain_grounding_guard._callbacks import achecked, astreamed, checked, streamed
from langchain_grounding_guard._convert import DEFAULT_ID_KEY, answer_text, to_evidence, with_text
from langchain_grounding_guard._options import GuardOptions
from langchain_grounding_guard._upstream import (
    REPORT_KEY,
    AsyncUpstream,
    SyncUpstream,
    alast_report,
    closing_events,
    last_report,
)

__all__ = ["GroundingGuard"]


class GroundingGuard(GuardOptions, RunnableSerializable[dict[str, Any], dict[str, Any]]):
    """Check the answer of a RAG chain against the documents it retrieved.

    Takes the chain's output dict and returns it with ``answer_key`` guarded and the report
    under ``"grounding"``: ``flag`` leaves the answer as it was, ``filter`` drops the failing
    sentences (the kept ones verbatim, markers included), ``block`` raises
    ``grounding_guard.UngroundedAnswerError`` (so ``with_fallbacks`` can answer instead).
    Whenever the guard blocks, in ``filter`` mode too when nothing safe is left, it raises.

    Build it from ``grounding_guard.Guard`` options (``GroundingGuard(mode="filter")``) or
    a ready ``guard=Guard(...)``. ``stream``/``astream`` check the answer while it arrives.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    answer_key: str = "answer"
    """The key of the answer: a string or a chat message."""
    context_key: str = "context"
    """The key of the evidence: a list of Documents or strings, or a mapping id -> text."""
    id_key: str | None = DEFAULT_ID_KEY
    """A Document's metadata key that names its citation id (else its 1-based position)."""
    report_format: Literal["object", "dict"] = "object"
    """``"object"``: the ``grounding_guard.Report``; ``"dict"``: its ``to_dict()``."""

    @model_validator(mode="after")
    def _check_keys(self) -> GroundingGuard:
        for name in ("answer_key", "context_key"):
            if getattr(self, name) == REPORT_KEY:
                raise ValueError(f"{name} cannot be {REPORT_KEY!r}: the report goes there")
        if self.answer_key == self.context_key:
            raise ValueError("answer_key and context_key must differ")
        return self

    # ---- invoke ---------------------------------------------------------------------------
    def invoke(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        """Guard one output dict."""
        return self._call_with_config(self._guard_dict, input, config)

    async def ainvoke(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        """Guard one output dict (``Guard.acheck``: an async judge is awaited)."""
        return await self._acall_with_config(self._aguard_dict, input, config)

    def _read(self, value: Any) -> tuple[Any, str, list[Evidence]]:
        if not isinstance(value, Mapping):
            raise TypeError(
                f"GroundingGuard takes a dict with {self.answer_key!r} and {self.context_key!r} "
                f"keys, got {type(value).__name__}"
            )
        for key in (self.answer_key, self.context_key):
            if key not in value:
                raise ValueError(
                    f"the input has no {key!r} key (keys: {', '.join(map(repr, value))}); "
                    "set answer_key= / context_key="
                )
        if REPORT_KEY in value:
            raise ValueError(f"the input already has a {REPORT_KEY!r} key")
        answer = value[self.answer_key]
        text = answer_text(answer, f"{self.answer_key!r}")
        return answer, text, to_evidence(value[self.context_key], id_key=self.id_key)

    def _output(self, value: Mapping[str, Any], answer: Any, report: Report) -> dict[str, Any]:
        if report.blocked:
            raise UngroundedAnswerError(report)
        out = dict(value)
        out[self.answer_key] = with_text(answer, report.text)
        out[REPORT_KEY] = self._report_value(report)
        return out

    def _report_value(self, report: Report) -> Report | dict[str, Any]:
        return report if self.report_format == "object" else report.to_dict()

    def _guard_dict(self, value: dict[str, Any]) -> dict[str, Any]:
        answer, text, evidence = self._read(value)
        return self._output(value, answer, checked(self._guard, text, evidence))

    async def _aguard_dict(self, value: dict[str, Any]) -> dict[str, Any]:
        answer, text, evidence = self._read(value)
        return self._output(value, answer, await achecked(self._guard, text, evidence))

    # ---- streaming ------------------------------------------------------------------------
    def stream(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[dict[str, Any]]:
        """Guard one output dict, yielding dict chunks as the checked answer settles."""
        yield from self.transform(iter([input]), config)

    async def astream(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[dict[str, Any]]:
        """Async ``stream``."""

        async def one() -> AsyncIterator[dict[str, Any]]:
            yield input

        async for chunk in self.atransform(one(), config):
            yield chunk

    def transform(
        self,
        input: Iterator[dict[str, Any]],
        config: RunnableConfig | None = None,
        **kwargs: Any,
    ) -> Iterator[dict[str, Any]]:
        """Guard a stream of dict chunks: other keys pass through as they come, the answer's
        pieces go through ``Guard.stream``, the last chunk carries ``"grounding"``."""
        yield from self._transform_stream_with_config(input, self._guard_chunks, config)

    async def atransform(
        self,
        input: AsyncIterator[dict[str, Any]],
        config: RunnableConfig | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[dict[str, Any]]:
        """Async ``transform`` (``Guard.astream``)."""
        async for chunk in self._atransform_stream_with_config(input, self._aguard_chunks, config):
            yield chunk

    def _guard_chunks(self, chunks: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        upstream = SyncUpstream(chunks, self.answer_key, self.context_key, self.id_key)
        while not upstream.answers and upstream.pull():  # keys before the answer go at once
            yield from upstream.drain()
        yield from upstream.drain()
        if not upstream.answer_seen:
            raise upstream.missing_answer()
        report: Report | None = None
        answered = False
        events = streamed(self._guard, upstream.pieces(), upstream.evidence)
        for event in events:
            yield from upstream.drain()
            if event.blocked:  # fail closed: the refusal is not emitted, the error is raised
                raise UngroundedAnswerError(event.report or last_report(events))
            if event.text:
                answered = True
                yield upstream.answer_chunk(event.text)
            if event.report is not None:
                report = event.report
        yield from upstream.drain()
        if report is None:  # never expected: the core's stream ends with the report
            raise RuntimeError("the guard's stream ended without a report")
        if not answered:  # an empty answer still has its key, as in invoke()
            yield upstream.answer_chunk("")
        yield AddableDict({REPORT_KEY: self._report_value(report)})

    async def _aguard_chunks(
        self, chunks: AsyncIterator[dict[str, Any]]
    ) -> AsyncIterator[dict[str, Any]]:
        upstream = AsyncUpstream(chunks, self.answer_key, self.context_key, self.id_key)
        while not upstream.answers and await upstream.pull():
            for passing in upstream.drain():
                yield passing
        for passing in upstream.drain():
            yield passing
        if not upstream.answer_seen:
            raise upstream.missing_answer()
        report: Report | None = None
        answered = False
        async with closing_events(
            astreamed(self._guard, upstream.pieces(), upstream.evidence)
        ) as events:
            async for event in events:
                for passing in upstream.drain():
                    yield passing
                if event.blocked:
                    raise UngroundedAnswerError(event.report or await alast_report(events))
                if event.text:
                    answered = True
                    yield upstream.answer_chunk(event.text)
                if event.report is not None:
                    report = event.report
        for passing in upstream.drain():
            yield passing
        if report is None:
            raise RuntimeError("the guard's stream ended without a report")
        if not answered:
            yield upstream.answer_chunk("")
        yield AddableDict({REPORT_KEY: self._report_value(report)})

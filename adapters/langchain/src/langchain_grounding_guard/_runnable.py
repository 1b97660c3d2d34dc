"""``GroundingGuard``: the Runnable that guards the answer of a RAG chain's output dict,
or the plain text of a chain that ends in ``StrOutputParser()`` when evidence is bound."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig, RunnableSerializable
from langchain_core.runnables.utils import AddableDict
from pydantic import ConfigDict, PrivateAttr, model_validator

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

_END: Any = object()


class GroundingGuard(GuardOptions, RunnableSerializable[dict[str, Any] | str, Any]):
    """Check the answer of a RAG chain against the documents it retrieved.

    Takes the chain's output dict and returns it with ``answer_key`` guarded and the report
    under ``"grounding"``: ``flag`` leaves the answer as it was, ``filter`` drops the failing
    sentences (the kept ones verbatim, markers included), ``block`` raises
    ``grounding_guard.UngroundedAnswerError`` (so ``with_fallbacks`` can answer instead).
    Whenever the guard blocks, in ``filter`` mode too when nothing safe is left, it raises.

    With ``evidence=`` bound, it also takes the plain text of a chain that ends in
    ``StrOutputParser()`` (a ``str`` or a subclass such as LangChain's ``TextAccessor``)
    and returns the guarded text, streaming text chunks for text chunks: the most common
    LangChain chain ends in a string, and that string carries no documents, so the
    evidence has to come from somewhere else. A string without bound evidence raises a
    ``TypeError`` that says which of the three ways to take.

    Build it from ``grounding_guard.Guard`` options (``GroundingGuard(mode="filter")``) or
    a ready ``guard=Guard(...)``. ``stream``/``astream`` check the answer while it arrives.
    (The output type is ``Any`` because it follows the input: a dict for a dict, a string
    for a string; a union would make every dict caller narrow the result.)
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
    evidence: Any = None
    """Evidence for a plain-text input (a chain ending in ``StrOutputParser()``): a list of
    Documents or strings, or a mapping id -> text, read like the dict's context (same ids,
    same ``id_key``). A dict input always brings its own ``context_key``; this is not used
    for it."""
    on_report: Callable[[Report], None] | None = None
    """Called with the report of each checked answer, before a blocked answer raises: the
    way to see the report of a plain-text answer, whose output is only the text."""

    _bound: list[Evidence] | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _check_keys(self) -> GroundingGuard:
        for name in ("answer_key", "context_key"):
            if getattr(self, name) == REPORT_KEY:
                raise ValueError(f"{name} cannot be {REPORT_KEY!r}: the report goes there")
        if self.answer_key == self.context_key:
            raise ValueError("answer_key and context_key must differ")
        return self

    @model_validator(mode="after")
    def _bind_evidence(self) -> GroundingGuard:
        """Read bound evidence once, when the guard is built, so a bad one fails here."""
        if self.evidence is not None:
            try:
                self._bound = to_evidence(self.evidence, id_key=self.id_key)
            except TypeError as error:
                raise TypeError(f"GroundingGuard(evidence=...): {error}") from error
        return self

    # ---- invoke ---------------------------------------------------------------------------
    def invoke(
        self, input: dict[str, Any] | str, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Any:
        """Guard one output dict (dict out), or one text when evidence is bound (text out)."""
        return self._call_with_config(self._guard_input, input, config)

    async def ainvoke(
        self, input: dict[str, Any] | str, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Any:
        """Async ``invoke`` (``Guard.acheck``: an async judge is awaited)."""
        return await self._acall_with_config(self._aguard_input, input, config)

    def _guard_input(self, value: dict[str, Any] | str) -> Any:
        if isinstance(value, str):
            evidence = self._text_evidence(value)
            return self._text_output(checked(self._guard, str(value), evidence))
        answer, text, evidence = self._read(value)
        return self._output(value, answer, checked(self._guard, text, evidence))

    async def _aguard_input(self, value: dict[str, Any] | str) -> Any:
        if isinstance(value, str):
            evidence = self._text_evidence(value)
            return self._text_output(await achecked(self._guard, str(value), evidence))
        answer, text, evidence = self._read(value)
        return self._output(value, answer, await achecked(self._guard, text, evidence))

    def _text_evidence(self, value: str) -> list[Evidence]:
        """The bound evidence for a plain-text input, or a ``TypeError`` saying what to do:
        a string alone carries nothing to check it against."""
        if self._bound is None:
            raise TypeError(
                f"GroundingGuard got a string ({type(value).__name__}) and has no evidence to "
                "check it against. Either put GroundingOutputParser(evidence=docs) in place "
                "of StrOutputParser() (or GroundingOutputParser() with the evidence per call: "
                "config={'configurable': {'evidence': docs}}); or bind the evidence: "
                "GroundingGuard(evidence=docs); or end the chain with a dict carrying the "
                f"answer ({self.answer_key!r}) and the retrieved documents "
                f"({self.context_key!r}), e.g. RunnableParallel(context=retriever, "
                "question=RunnablePassthrough()).assign(answer=prompt | llm | "
                "StrOutputParser()) | GroundingGuard()"
            )
        return self._bound

    def _reported(self, report: Report) -> Report:
        """Hand ``report`` to ``on_report`` (if any) and return it."""
        if self.on_report is not None:
            self.on_report(report)
        return report

    def _text_output(self, report: Report) -> str:
        self._reported(report)
        if report.blocked:
            raise UngroundedAnswerError(report)
        return report.text

    def _read(self, value: Any) -> tuple[Any, str, list[Evidence]]:
        if not isinstance(value, Mapping):
            raise TypeError(
                f"GroundingGuard takes a dict with {self.answer_key!r} and {self.context_key!r} "
                "keys (or a string, with evidence= bound; a chat message: use "
                f"GroundingOutputParser), got {type(value).__name__}"
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
        self._reported(report)
        if report.blocked:
            raise UngroundedAnswerError(report)
        out = dict(value)
        out[self.answer_key] = with_text(answer, report.text)
        out[REPORT_KEY] = self._report_value(report)
        return out

    def _report_value(self, report: Report) -> Report | dict[str, Any]:
        return report if self.report_format == "object" else report.to_dict()

    # ---- streaming ------------------------------------------------------------------------
    def stream(
        self, input: dict[str, Any] | str, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[Any]:
        """Guard one output dict (or text), yielding chunks as the checked answer settles."""
        yield from self.transform(iter([input]), config)

    async def astream(
        self, input: dict[str, Any] | str, config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        """Async ``stream``."""

        async def one() -> AsyncIterator[dict[str, Any] | str]:
            yield input

        async for chunk in self.atransform(one(), config):
            yield chunk

    def transform(
        self,
        input: Iterator[dict[str, Any] | str],
        config: RunnableConfig | None = None,
        **kwargs: Any,
    ) -> Iterator[Any]:
        """Guard a stream of dict chunks: other keys pass through as they come, the answer's
        pieces go through ``Guard.stream``, the last chunk carries ``"grounding"``. A
        stream of strings (evidence bound) gives a stream of guarded strings."""
        yield from self._transform_stream_with_config(input, self._guard_chunks, config)

    async def atransform(
        self,
        input: AsyncIterator[dict[str, Any] | str],
        config: RunnableConfig | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[Any]:
        """Async ``transform`` (``Guard.astream``)."""
        async for chunk in self._atransform_stream_with_config(input, self._aguard_chunks, config):
            yield chunk

    def _guard_chunks(self, chunks: Iterator[dict[str, Any] | str]) -> Iterator[Any]:
        """Dispatch on the first chunk: strings to the text stream, the rest to dicts. The
        upstream stream is closed however this one ends (a block stops it mid-way), so
        its generators finish here, not later in whatever thread the collector runs in."""
        try:
            first = next(chunks, _END)
            if isinstance(first, str):
                yield from self._guard_text_chunks(first, chunks)
                return
            rest = chunks if first is _END else itertools.chain([first], chunks)
            yield from self._guard_dict_chunks(rest)
        finally:
            close = getattr(chunks, "close", None)
            if close is not None:
                close()

    async def _aguard_chunks(
        self, chunks: AsyncIterator[dict[str, Any] | str]
    ) -> AsyncIterator[Any]:
        try:
            first: Any = await chunks.__anext__()
        except StopAsyncIteration:
            first = _END

        async def rest() -> AsyncIterator[Any]:
            if first is not _END:
                yield first
            async for chunk in chunks:
                yield chunk

        try:
            if isinstance(first, str):
                async for text in self._aguard_text_chunks(first, chunks):
                    yield text
                return
            async for chunk in self._aguard_dict_chunks(rest()):
                yield chunk
        finally:
            aclose = getattr(chunks, "aclose", None)
            if aclose is not None:
                await aclose()

    def _guard_text_chunks(self, first: str, chunks: Iterator[Any]) -> Iterator[str]:
        """A text stream through ``Guard.stream``: guarded text out, a block raises before
        any text of the first failing unit."""
        evidence = self._text_evidence(first)
        answered = False
        events = streamed(self._guard, _texts(first, chunks), evidence)
        for event in events:
            if event.blocked:  # fail closed: the refusal is not emitted, the error is raised
                raise UngroundedAnswerError(self._reported(event.report or last_report(events)))
            if event.text:
                answered = True
                yield event.text
            if event.report is not None:
                self._reported(event.report)
        if not answered:  # an empty answer still gives its (empty) text, as invoke() does
            yield ""

    async def _aguard_text_chunks(
        self, first: str, chunks: AsyncIterator[Any]
    ) -> AsyncIterator[str]:
        evidence = self._text_evidence(first)
        answered = False
        async with closing_events(
            astreamed(self._guard, _atexts(first, chunks), evidence)
        ) as events:
            async for event in events:
                if event.blocked:
                    report = event.report or await alast_report(events)
                    raise UngroundedAnswerError(self._reported(report))
                if event.text:
                    answered = True
                    yield event.text
                if event.report is not None:
                    self._reported(event.report)
        if not answered:
            yield ""

    def _guard_dict_chunks(self, chunks: Iterator[Any]) -> Iterator[dict[str, Any]]:
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
                raise UngroundedAnswerError(self._reported(event.report or last_report(events)))
            if event.text:
                answered = True
                yield upstream.answer_chunk(event.text)
            if event.report is not None:
                report = self._reported(event.report)
        yield from upstream.drain()
        if report is None:  # never expected: the core's stream ends with the report
            raise RuntimeError("the guard's stream ended without a report")
        if not answered:  # an empty answer still has its key, as in invoke()
            yield upstream.answer_chunk("")
        yield AddableDict({REPORT_KEY: self._report_value(report)})

    async def _aguard_dict_chunks(
        self, chunks: AsyncIterator[Any]
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
                    report = event.report or await alast_report(events)
                    raise UngroundedAnswerError(self._reported(report))
                if event.text:
                    answered = True
                    yield upstream.answer_chunk(event.text)
                if event.report is not None:
                    report = self._reported(event.report)
        for passing in upstream.drain():
            yield passing
        if report is None:
            raise RuntimeError("the guard's stream ended without a report")
        if not answered:
            yield upstream.answer_chunk("")
        yield AddableDict({REPORT_KEY: self._report_value(report)})


def _text_chunk(chunk: Any) -> str:
    if not isinstance(chunk, str):
        raise TypeError(
            f"a GroundingGuard text stream got {type(chunk).__name__} after a string: "
            "stream strings only, or dicts only"
        )
    return str(chunk)


def _texts(first: str, chunks: Iterator[Any]) -> Iterator[str]:
    """The text pieces of a string stream (``first`` already read), checked to be text."""
    yield str(first)
    for chunk in chunks:
        yield _text_chunk(chunk)


async def _atexts(first: str, chunks: AsyncIterator[Any]) -> AsyncIterator[str]:
    """Async ``_texts``."""
    yield str(first)
    async for chunk in chunks:
        yield _text_chunk(chunk)

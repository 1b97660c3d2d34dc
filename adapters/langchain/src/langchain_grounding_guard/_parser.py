"""``GroundingOutputParser``: guard a model's text at the end of ``prompt | llm | parser``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForChainRun, CallbackManagerForChainRun
from langchain_core.messages import BaseMessage
from langchain_core.output_parsers import BaseTransformOutputParser
from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import ensure_config
from pydantic import ConfigDict

from grounding_guard import Evidence, Report, UngroundedAnswerError
from langchain_grounding_guard._callbacks import achecked, astreamed, checked, streamed
from langchain_grounding_guard._convert import DEFAULT_ID_KEY, answer_text, to_evidence
from langchain_grounding_guard._options import GuardOptions
from langchain_grounding_guard._upstream import alast_report, closing_events, last_report

__all__ = ["GroundingOutputParser"]


class GroundingOutputParser(GuardOptions, BaseTransformOutputParser[str]):
    """Parse a model's output (a string or message) into the guarded answer text.

    The evidence is bound at construction (``GroundingOutputParser(evidence=docs)``) or
    given per call as ``config={"configurable": {"evidence": docs}}`` (the per-call one
    wins); without either the parser raises ``ValueError`` rather than pass anything.
    It returns and streams plain strings: ``flag`` the text as it was, ``filter`` without
    the failing sentences; when the guard blocks it raises ``UngroundedAnswerError``
    (``.report``). For the report of every answer, pass ``on_report`` (called once per
    answer, from the thread or task that parsed it) or use ``GroundingGuard``, which
    returns the report beside the answer.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    evidence: Any = None
    """Evidence bound at construction: a list of Documents or strings, or id -> text."""
    evidence_key: str = "evidence"
    """The ``config["configurable"]`` key that gives evidence for one call."""
    id_key: str | None = DEFAULT_ID_KEY
    """A Document's metadata key that names its citation id (else its 1-based position)."""
    on_report: Callable[[Report], None] | None = None
    """Called with the report of each parsed answer (before a blocked answer raises)."""

    @property
    def _type(self) -> str:
        return "grounding_guard"

    def _evidence(self, config: RunnableConfig | None) -> list[Evidence]:
        configurable = ensure_config(config).get("configurable") or {}
        source = configurable.get(self.evidence_key, self.evidence)
        if source is None:
            raise ValueError(
                "GroundingOutputParser has no evidence: bind evidence=... or pass "
                f'config={{"configurable": {{"{self.evidence_key}": docs}}}}'
            )
        return to_evidence(source, id_key=self.id_key)

    def _finish(self, report: Report, *, blocked: bool = False) -> str:
        """Hand the report to ``on_report``; the answer text, or raise when blocked."""
        if self.on_report is not None:
            self.on_report(report)
        if blocked or report.blocked:
            raise UngroundedAnswerError(report)
        return report.text

    # ---- whole answers --------------------------------------------------------------------
    def parse(self, text: str) -> str:
        """Guard ``text`` against the bound evidence (or the current call's)."""
        return self._finish(checked(self._guard, text, self._evidence(None)))

    def invoke(
        self, input: str | BaseMessage, config: RunnableConfig | None = None, **kwargs: Any
    ) -> str:
        """Guard one model output."""
        return self._call_with_config(self._check, input, config, run_type="parser")

    async def ainvoke(
        self, input: str | BaseMessage, config: RunnableConfig | None = None, **kwargs: Any
    ) -> str:
        """Guard one model output (``Guard.acheck``)."""
        return await self._acall_with_config(self._acheck, input, config, run_type="parser")

    def _check(
        self,
        input: str | BaseMessage,
        run_manager: CallbackManagerForChainRun,
        config: RunnableConfig,
    ) -> str:
        return self._finish(checked(self._guard, answer_text(input), self._evidence(config)))

    async def _acheck(
        self,
        input: str | BaseMessage,
        run_manager: AsyncCallbackManagerForChainRun,
        config: RunnableConfig,
    ) -> str:
        evidence = self._evidence(config)
        return self._finish(await achecked(self._guard, answer_text(input), evidence))

    # ---- streaming ------------------------------------------------------------------------
    def _transform(
        self, input: Iterator[str | BaseMessage], config: RunnableConfig | None = None
    ) -> Iterator[str]:
        evidence = self._evidence(config)
        events = streamed(self._guard, (answer_text(chunk) for chunk in input), evidence)
        try:
            for event in events:
                if event.blocked:  # fail closed: the refusal is not emitted, the error is raised
                    self._finish(event.report or last_report(events), blocked=True)
                if event.text:
                    yield event.text
                if event.report is not None:
                    self._finish(event.report)
        finally:  # the upstream stream ends here, however this one does (see _runnable)
            close = getattr(input, "close", None)
            if close is not None:
                close()

    async def _atransform(
        self, input: AsyncIterator[str | BaseMessage], config: RunnableConfig | None = None
    ) -> AsyncIterator[str]:
        evidence = self._evidence(config)

        async def texts() -> AsyncIterator[str]:
            async for chunk in input:
                yield answer_text(chunk)

        async with closing_events(astreamed(self._guard, texts(), evidence)) as events:
            async for event in events:
                if event.blocked:
                    self._finish(event.report or await alast_report(events), blocked=True)
                if event.text:
                    yield event.text
                if event.report is not None:
                    self._finish(event.report)

    def stream(
        self, input: str | BaseMessage, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[str]:
        """Guard one model output, yielding the checked text as it settles."""
        yield from self.transform(iter([input]), config)

    async def astream(
        self, input: str | BaseMessage, config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[str]:
        """Async ``stream``."""

        async def one() -> AsyncIterator[str | BaseMessage]:
            yield input

        async for chunk in self.atransform(one(), config):
            yield chunk

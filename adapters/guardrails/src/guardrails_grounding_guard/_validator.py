"""``GroundedAnswer``: the Guardrails validator that holds an answer to its sources.

The validator converts and nothing more: the answer and the call's sources go to a
filter-mode :class:`grounding_guard.Guard`; its report comes back as a ``PassResult`` or
a ``FailResult`` (the filtered answer as ``fix_value``, one ``ErrorSpan`` per failing
unit). Guardrails' ``on_fail`` decides what reaches the user.
"""

from __future__ import annotations

import asyncio
from contextvars import Context, ContextVar, copy_context
from functools import partial
from typing import Any

from guardrails.validators import (  # type: ignore[import-untyped]
    FailResult,
    PassResult,
    ValidationResult,
    Validator,
    register_validator,
)

from grounding_guard import ConfigError, Guard, Report, Unit
from guardrails_grounding_guard._evidence import evidence_for, given_evidence
from guardrails_grounding_guard._results import error_message, error_spans, failing_units
from guardrails_grounding_guard._streaming import ACTIVE_SESSION, Piece, StreamSession

__all__ = ["REPORT_KEY", "VALIDATOR_NAME", "GroundedAnswer"]

VALIDATOR_NAME = "grounding-guard/grounded_answer"
#: The metadata key of the grounding report in a result (as in the other adapters).
REPORT_KEY = "grounding"
DEFAULT_ON_FAIL = "fix"

# an async stream's sessions live in the context Guardrails copies for that stream
_ASYNC_SESSIONS: ContextVar[dict[int, StreamSession]] = ContextVar("grounded_answer_sessions")


@register_validator(name=VALIDATOR_NAME, data_type="string")
class GroundedAnswer(Validator):  # type: ignore[misc]  # guardrails ships no type hints
    """Check that every claim of the answer is backed by the sources it cites.

    ``Guard().use(GroundedAnswer()).validate(answer, metadata={"sources": chunks})``

    - Evidence: ``metadata["sources"]`` (a list: ids 1, 2, ... as ``[1]`` cites them),
      ``metadata["evidence"]`` (a mapping id -> text, or any form grounding-guard reads),
      or ``evidence=`` bound here (used when the call's metadata has neither). Without
      any, validation raises ``EvidenceError``: it never passes unchecked.
    - ``on_fail`` defaults to ``"fix"``: the answer comes back filtered (failing units
      cut out, kept sentences word for word with their markers). ``"noop"`` leaves it as
      it was and reports the failure, ``"exception"`` raises, ``"filter"``/``"refrain"``/
      ``"reask"`` act as Guardrails documents.
    - Every other keyword is a grounding-guard option passed to ``grounding_guard.Guard``
      (``citations``, ``fail_on``, ``min_coverage``, ``judge``, ``threshold``,
      ``refusal``, ...); ``mode`` is not one: the validator always filters and
      ``on_fail`` decides.
    - Streaming (``guard(llm, stream=True)``) cuts the answer where grounding-guard's
      segmenter settles a unit, so each unit is judged whole, with its trailing markers.
    """

    def __init__(
        self,
        evidence: Any = None,
        *,
        catalog: Any = None,
        on_fail: Any = DEFAULT_ON_FAIL,
        **options: Any,
    ) -> None:
        if "mode" in options:
            raise ConfigError(
                "GroundedAnswer takes no mode: it always filters, and on_fail says what "
                "to do with a failure ('fix' filters, 'noop' flags, 'exception' blocks)"
            )
        self._core = Guard(mode="filter", **options)  # checks the options before use
        self._evidence = evidence
        self._catalog = catalog
        self._sync_session: StreamSession | None = None
        super().__init__(on_fail=DEFAULT_ON_FAIL if on_fail is None else on_fail, **options)

    # ---- whole answers ------------------------------------------------------------------
    def _validate(self, value: Any, metadata: dict[str, Any]) -> ValidationResult:
        """Judge ``value`` (a whole answer, or a piece of the stream being validated)."""
        session = ACTIVE_SESSION.get()
        if session is not None:
            piece = self._piece_for(session, value)
            if piece is not None:
                return self._piece_result(session, piece, metadata)
        if not isinstance(value, str):
            raise TypeError(f"GroundedAnswer validates text, got {type(value).__name__}")
        evidence = evidence_for(metadata, self._evidence)
        report = self._core.check(value, evidence, catalog=self._catalog)
        return self._result(report, report.units, metadata, fix_value=report.text, offset=0)

    async def async_validate(self, value: Any, metadata: dict[str, Any]) -> ValidationResult:
        """Guardrails' own (``validate`` in the loop's default executor), with the caller's
        context carried into the worker thread: the core's ``grounding_guard.check``
        OpenTelemetry span then nests under Guardrails' validator span instead of
        starting a trace of its own."""
        loop = asyncio.get_running_loop()
        call = partial(copy_context().run, self.validate, value, metadata)
        result: ValidationResult = await loop.run_in_executor(None, call)
        return result

    async def async_validate_stream(
        self, chunk: Any, metadata: dict[str, Any], **kwargs: Any
    ) -> ValidationResult | None:
        """``async_validate``'s context carrying, for ``validate_stream``."""
        loop = asyncio.get_running_loop()
        call = partial(copy_context().run, self.validate_stream, chunk, metadata, **kwargs)
        result: ValidationResult | None = await loop.run_in_executor(None, call)
        return result

    # ---- streams ----------------------------------------------------------------------------
    def validate_stream(
        self, chunk: Any, metadata: dict[str, Any], **kwargs: Any
    ) -> ValidationResult | None:
        """Guardrails' streaming entry point: note the chunk in this stream's session, then
        let Guardrails accumulate, cut (``_chunking_function``) and validate."""
        if not isinstance(chunk, str):
            raise TypeError(f"GroundedAnswer validates text, got a {type(chunk).__name__} chunk")
        context = kwargs.get("context")
        session = self._session(context)
        _, given = given_evidence(metadata, self._evidence)
        if session.evidence is None or session.evidence_given is not given:
            if session.text:  # other evidence: a new call after one that stopped early,
                self._end_session(context)  # whose text Guardrails also still holds
                session = self._session(context)
                if context is None:
                    self.accumulated_chunks: list[str] = []
            evidence = evidence_for(metadata, self._evidence)
            session.evidence = self._core.evidence_map(evidence, self._catalog)
            session.evidence_given = given
        session.text += chunk
        session.newest = chunk
        session.flushing = bool(kwargs.get("remainder", False))
        token = ACTIVE_SESSION.set(session)
        try:
            result: ValidationResult | None = super().validate_stream(chunk, metadata, **kwargs)
        finally:
            ACTIVE_SESSION.reset(token)
            if session.flushing:
                self._end_session(context)
        return result

    def _chunking_function(self, chunk: str) -> list[str]:
        """Cut ``chunk`` (the text Guardrails has accumulated) after the last unit that
        grounding-guard's segmenter has settled: a unit is settled once the text after it
        shows that no marker can still attach to it. In a stream, a cut waits for a chunk
        that ends inside a sentence (see ``StreamSession.next_piece``). ``[]``: wait."""
        session = ACTIVE_SESSION.get()
        if session is None:  # called outside validate_stream: this text alone
            bound = self._evidence if self._evidence is not None else {}
            alone = StreamSession(text=chunk, evidence=bound)
            piece = alone.piece_settled_by(self._core, len(chunk))
            return [] if piece is None else [piece.text, chunk[piece.end :]]
        if session.flushing:
            return []
        if session.text[session.emitted :] != chunk:
            session.resync(chunk)
        piece = session.next_piece(self._core)
        if piece is None:
            return []
        session.pending = piece
        cut = piece.end - piece.start
        return [chunk[:cut], chunk[cut:]]

    def _piece_for(self, session: StreamSession, value: Any) -> Piece | None:
        if session.flushing and value == session.text[session.emitted :]:
            return session.last_piece(self._core)
        pending = session.pending
        if pending is not None and value == pending.text:
            return pending
        return None

    def _piece_result(
        self, session: StreamSession, piece: Piece, metadata: dict[str, Any]
    ) -> ValidationResult:
        session.commit(piece)
        result = self._result(
            piece.report, piece.units, metadata, fix_value=piece.output, offset=piece.start
        )
        # a failure's error spans index the piece; a pass hands on what the filtered answer
        # gains with it (the piece itself, unless white space moved to a neighbour)
        result.validated_chunk = piece.text if isinstance(result, FailResult) else piece.output
        return result

    def _result(
        self,
        report: Report | None,
        units: tuple[Unit, ...],
        metadata: dict[str, Any],
        *,
        fix_value: str,
        offset: int,
    ) -> ValidationResult:
        """A ``FailResult`` when one of ``units`` fails (or, the whole answer known, the
        report is not clean), else a ``PassResult``; the report joins the call's metadata."""
        failing = failing_units(units, self._core.fail_on)
        extra = {REPORT_KEY: report} if report is not None else {}
        if not failing and (report is None or (report.is_clean and not report.blocked)):
            return PassResult(metadata={**metadata, **extra})
        return FailResult(
            error_message=error_message(failing, report),
            fix_value=fix_value,
            error_spans=error_spans(failing, offset),
            metadata={**metadata, **extra},
        )

    def _session(self, context: Context | None) -> StreamSession:
        if context is None:  # a sync stream: Guardrails keeps its own buffer on self too
            if self._sync_session is None:
                self._sync_session = StreamSession()
            return self._sync_session
        sessions = context.run(_ASYNC_SESSIONS.get, None)
        if sessions is None:
            sessions = {}
            context.run(_ASYNC_SESSIONS.set, sessions)
        return sessions.setdefault(id(self), StreamSession())

    def _end_session(self, context: Context | None) -> None:
        if context is None:
            self._sync_session = None
            return
        sessions = context.run(_ASYNC_SESSIONS.get, None)
        if sessions is not None:
            sessions.pop(id(self), None)

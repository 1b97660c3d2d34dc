"""Conversion out: apply a Guard's verdict to a LlamaIndex response object.

``Response`` gets its text replaced (filter, block) and the report in its metadata; a
``StreamingResponse`` / ``AsyncStreamingResponse`` gets its token generator replaced by
one that passes the answer through ``Guard.stream`` / ``Guard.astream``, so only what the
guard releases reaches the consumer. ``enforce=True`` raises ``UngroundedAnswerError``
where the guard blocks instead of handing out the refusal.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncGenerator, AsyncIterator, Generator, Iterator
from typing import Any

from llama_index.core.base.response.schema import (
    AsyncStreamingResponse,
    Response,
    StreamingResponse,
)

from grounding_guard import Guard, Report, UngroundedAnswerError

from ._events import dispatch_report

__all__ = [
    "BLOCKED_KEY",
    "ERROR_KEY",
    "GROUNDING_KEY",
    "attach_report",
    "fail_closed",
    "guard_tokens",
    "guard_tokens_async",
]

logger = logging.getLogger("llama_index.postprocessor.grounding_guard")

#: ``response.metadata[GROUNDING_KEY]``: the :class:`grounding_guard.Report` of the answer.
GROUNDING_KEY = "grounding"
#: ``response.metadata[BLOCKED_KEY]``: True when the answer was replaced by the refusal.
BLOCKED_KEY = "grounding_blocked"
#: ``response.metadata[ERROR_KEY]``: why the answer could not be checked (it then fails closed).
ERROR_KEY = "grounding_error"


def _metadata(response: Any) -> dict[str, Any]:
    if response.metadata is None:
        response.metadata = {}
    metadata: dict[str, Any] = response.metadata
    return metadata


def attach_report(response: Any, report: Report) -> None:
    """Put ``report`` in ``response.metadata["grounding"]`` and say whether it blocked;
    dispatch it as a ``GroundingReportEvent`` (see ``_events``)."""
    metadata = _metadata(response)
    metadata[GROUNDING_KEY] = report
    metadata[BLOCKED_KEY] = report.blocked
    dispatch_report(report)


def _mark_blocked(response: Any) -> None:
    _metadata(response)[BLOCKED_KEY] = True


def guard_tokens(
    guard: Guard, tokens: Iterator[str], evidence: Any, response: Any, *, enforce: bool
) -> Generator[str, None, None]:
    """The answer's tokens as the guard releases them; the report lands in the metadata
    when the stream ends. The model's generator is closed once the guard stops reading."""
    refused = False
    try:
        for event in guard.stream(tokens, evidence):
            if event.blocked and not refused:
                refused = True
                _mark_blocked(response)
            if event.report is not None:
                attach_report(response, event.report)
                if enforce and event.report.blocked:
                    raise UngroundedAnswerError(event.report)
            if event.text and not (enforce and refused):
                yield event.text
    finally:
        close = getattr(tokens, "close", None)
        if close is not None:
            close()


async def guard_tokens_async(
    guard: Guard, tokens: AsyncIterator[str], evidence: Any, response: Any, *, enforce: bool
) -> AsyncGenerator[str, None]:
    """Async :func:`guard_tokens` over an async token generator."""
    refused = False
    try:
        async for event in guard.astream(tokens, evidence):
            if event.blocked and not refused:
                refused = True
                _mark_blocked(response)
            if event.report is not None:
                attach_report(response, event.report)
                if enforce and event.report.blocked:
                    raise UngroundedAnswerError(event.report)
            if event.text and not (enforce and refused):
                yield event.text
    finally:
        aclose = getattr(tokens, "aclose", None)
        if aclose is not None:
            await aclose()


def _refusal(text: str) -> Generator[str, None, None]:
    yield text


async def _refusal_async(text: str) -> AsyncGenerator[str, None]:
    yield text


def fail_closed(guard: Guard, response: Any, error: BaseException) -> None:
    """The answer could not be checked: say why in the metadata and, unless the mode is
    ``flag``, replace it with the refusal (an unchecked answer never passes as checked)."""
    logger.error("grounding-guard could not check the answer: %r", error)
    metadata = _metadata(response)
    metadata[ERROR_KEY] = f"{type(error).__name__}: {error}"
    if guard.mode == "flag":
        return
    metadata[BLOCKED_KEY] = True
    if isinstance(response, Response):
        response.response = guard.refusal
    elif isinstance(response, StreamingResponse):
        response.response_gen = _refusal(guard.refusal)
    elif isinstance(response, AsyncStreamingResponse):
        response.response_gen = _refusal_async(guard.refusal)

"""The report in LangChain's own observability: a custom callback event and run metadata.

Every report the adapter's components make (``GroundingGuard`` and
``GroundingOutputParser``: ``invoke``, ``batch``, async and streamed) goes, before the
answer is returned or a blocked one raises, to:

- the callback handlers of the run it was made in, as the custom event
  :data:`REPORT_EVENT` (``"grounding_guard.report"``) with ``report.to_dict()`` as its
  data: ``on_custom_event`` of any ``BaseCallbackHandler``/``AsyncCallbackHandler``, and
  an ``on_custom_event`` item in ``astream_events(version="v2")``;
- the metadata of the LangSmith run it was made in (when LangSmith traces the chain, the
  component's own run): the report's totals and the guard's fingerprint as flat keys
  (``grounding_guard.count.invalid``, ``grounding_guard.is_clean``,
  ``grounding_guard.fingerprint``, ...; :func:`grounding_guard.telemetry.report_attributes`
  and ``judge_fingerprint``), no text, so a tracer shows and filters them beside the run.

Outside a run (a parser's ``parse()`` called directly) nothing is sent. The event data
holds the answer's text, as the run's outputs already do; the metadata never does. On
Python 3.10 LangChain cannot hand the run to async code it does not pass the config to,
so ``ainvoke``/``astream`` there send nothing (LangChain's own limit for custom events).

The components call :func:`checked`, :func:`achecked`, :func:`streamed` and
:func:`astreamed` where they called the guard's ``check``, ``acheck``, ``stream`` and
``astream``.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from langchain_core.callbacks import adispatch_custom_event, dispatch_custom_event
from langchain_core.runnables.config import ensure_config, get_callback_manager_for_config

from grounding_guard import Guard, Report, telemetry

if TYPE_CHECKING:
    from grounding_guard.streaming import StreamEvent

__all__ = [
    "REPORT_EVENT",
    "achecked",
    "astreamed",
    "checked",
    "report_metadata",
    "streamed",
]

#: The name of the custom callback event that carries a report.
REPORT_EVENT = "grounding_guard.report"


def report_metadata(guard: Guard, report: Report) -> dict[str, Any]:
    """What a report adds to its run's metadata: totals and fingerprint, no text."""
    metadata: dict[str, Any] = dict(telemetry.report_attributes(report))
    metadata.update(telemetry.judge_fingerprint(guard))
    return metadata


def _in_a_run() -> bool:
    """Whether the code runs inside a LangChain run with callback handlers to tell."""
    manager = get_callback_manager_for_config(ensure_config())
    return manager.parent_run_id is not None and bool(manager.handlers)


def _to_metadata(guard: Guard, report: Report) -> None:
    from langsmith.run_helpers import get_current_run_tree

    run = get_current_run_tree()
    add_metadata = getattr(run, "add_metadata", None)
    if add_metadata is not None:
        add_metadata(report_metadata(guard, report))


def _report(guard: Guard, report: Report) -> bool:
    """Add the report to the run's metadata; whether its handlers want the event."""
    _to_metadata(guard, report)
    return _in_a_run()


def checked(guard: Guard, answer: str, evidence: Any) -> Report:
    """``guard.check(answer, evidence)``, the report sent to the current run."""
    report = guard.check(answer, evidence)
    if _report(guard, report):
        dispatch_custom_event(REPORT_EVENT, report.to_dict())
    return report


async def achecked(guard: Guard, answer: str, evidence: Any) -> Report:
    """``await guard.acheck(answer, evidence)``, the report sent to the current run."""
    report = await guard.acheck(answer, evidence)
    if _report(guard, report):
        await adispatch_custom_event(REPORT_EVENT, report.to_dict())
    return report


def streamed(guard: Guard, chunks: Iterable[str], evidence: Any) -> Iterator[StreamEvent]:
    """``guard.stream(chunks, evidence)``, the final report sent to the current run as it
    passes (before the caller sees it: a blocked stream is reported before it raises)."""
    events = guard.stream(chunks, evidence)
    try:
        for event in events:
            if event.report is not None and _report(guard, event.report):
                dispatch_custom_event(REPORT_EVENT, event.report.to_dict())
            yield event
    finally:
        close = getattr(events, "close", None)
        if close is not None:
            close()


async def astreamed(
    guard: Guard, chunks: AsyncIterable[str] | Iterable[str], evidence: Any
) -> AsyncIterator[StreamEvent]:
    """``guard.astream(chunks, evidence)``, the final report sent to the current run."""
    events = guard.astream(chunks, evidence)
    try:
        async for event in events:
            if event.report is not None and _report(guard, event.report):
                await adispatch_custom_event(REPORT_EVENT, event.report.to_dict())
            yield event
    finally:
        aclose = getattr(events, "aclose", None)
        if aclose is not None:
            await aclose()

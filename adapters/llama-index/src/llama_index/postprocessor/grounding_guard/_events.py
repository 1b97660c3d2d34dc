"""The report as a LlamaIndex instrumentation event, for whatever observes LlamaIndex.

Every report the adapter makes (``GroundingPostprocessor``, ``GroundedQueryEngine``,
streamed or not, and ``GroundingEvaluator``) is dispatched as a
:class:`GroundingReportEvent` through this module's dispatcher, which propagates to
LlamaIndex's root dispatcher: every event handler added there (``get_dispatcher()
.add_event_handler(...)``, an OpenInference or other instrumentation's) receives it, with
``span_id`` naming the LlamaIndex span it came from when one is open (the query span, for
the postprocessor). The event carries the ``grounding_guard.Report`` (``report``, left
out of ``model_dump()``: it is no JSON) and ``summary``, the report's totals as flat,
text-free, JSON-ready keys (:func:`grounding_guard.telemetry.report_attributes`).

LlamaIndex swallows exceptions raised in event handlers, so a failing handler never
changes the answer. Instrumentations that know only LlamaIndex's own event types may
ignore it (OpenInference's LlamaIndex instrumentor, in the version read for this,
dispatches events by type and logs any other as "Unhandled event"); the core's
OpenTelemetry span (``grounding_guard.check``) records the verdicts in any OpenTelemetry
backend regardless.
"""

from __future__ import annotations

from typing import Any

from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation import get_dispatcher  # type: ignore[attr-defined]
from llama_index.core.instrumentation.events import BaseEvent

from grounding_guard import Report, telemetry

__all__ = ["GroundingReportEvent", "dispatch_report"]

dispatcher = get_dispatcher(__name__)


class GroundingReportEvent(BaseEvent):
    """A grounding report, as an instrumentation event."""

    report: Any = Field(default=None, exclude=True, description="The grounding_guard.Report.")
    summary: dict[str, Any] = Field(
        default_factory=dict, description="The report's totals: flat keys, no text."
    )

    @classmethod
    def class_name(cls) -> str:
        return "GroundingReportEvent"


def dispatch_report(report: Report) -> None:
    """Send ``report`` to every LlamaIndex event handler."""
    dispatcher.event(
        GroundingReportEvent(report=report, summary=dict(telemetry.report_attributes(report)))
    )

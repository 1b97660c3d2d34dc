"""How a validation shows in Guardrails' own OpenTelemetry traces: the core's
``grounding_guard.check`` span nests under Guardrails' validator span (sync and async),
and what Guardrails itself records of the result (the README's "Telemetry" section says
the same; these tests keep it true).

Guardrails traces with the global tracer provider, so this module sets one (once per
process, as OpenTelemetry allows) with an in-memory exporter; Guardrails' spans are then
recorded for the rest of the session too, which changes nothing else."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator

import pytest

pytest.importorskip("opentelemetry.sdk")

from guardrails import AsyncGuard, Guard
from guardrails_grounding_guard import GroundedAnswer
from guardrails_scenario import ANSWER, FILTERED, MESSAGES, SOURCES, FakeLLM
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from grounding_guard import telemetry

VALIDATOR_SPAN = "grounding-guard/grounded_answer.validate"
_MEMORY = InMemorySpanExporter()
_ATTACHED: set[int] = set()  # providers _MEMORY already listens to


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    provider = trace.get_tracer_provider()
    if not hasattr(provider, "add_span_processor"):  # none set yet: set ours
        provider = TracerProvider()
        trace.set_tracer_provider(provider)
        provider = trace.get_tracer_provider()
    if id(provider) not in _ATTACHED:
        provider.add_span_processor(SimpleSpanProcessor(_MEMORY))  # type: ignore[attr-defined]
        _ATTACHED.add(id(provider))
    assert telemetry.settings().tracer_provider is None  # the core follows the global one
    _MEMORY.clear()
    yield _MEMORY
    _MEMORY.clear()


def by_name(memory: InMemorySpanExporter, name: str) -> list[ReadableSpan]:
    return [span for span in memory.get_finished_spans() if span.name == name]


def assert_nested(memory: InMemorySpanExporter, core_span: str = telemetry.CHECK_SPAN) -> None:
    (check,) = by_name(memory, core_span)
    validators = {s.context.span_id: s for s in by_name(memory, VALIDATOR_SPAN)}
    assert check.parent is not None and check.parent.span_id in validators
    assert check.context.trace_id == validators[check.parent.span_id].context.trace_id
    labels = [dict(e.attributes or {})["gen_ai.evaluation.score.label"] for e in check.events]
    assert labels == ["grounded", "invalid", "invalid", "ungrounded", "grounded"]


def test_the_check_span_nests_under_the_validator_span(spans: InMemorySpanExporter) -> None:
    outcome = Guard().use(GroundedAnswer()).validate(ANSWER, metadata={"sources": SOURCES})
    assert outcome.validated_output == FILTERED
    assert_nested(spans)


def test_async_validation_nests_too(spans: InMemorySpanExporter) -> None:
    guard = AsyncGuard().use(GroundedAnswer())
    outcome = asyncio.run(guard.validate(ANSWER, metadata={"sources": SOURCES}))
    assert outcome.validated_output == FILTERED
    assert_nested(spans)


def test_a_stream_span_nests_under_a_validator_span(spans: InMemorySpanExporter) -> None:
    guard = Guard().use(GroundedAnswer())
    for _ in guard(FakeLLM(), messages=MESSAGES, metadata={"sources": SOURCES}, stream=True):
        pass
    streams = [s for s in by_name(spans, telemetry.STREAM_SPAN) if s.events]
    (stream,) = streams
    validators = {s.context.span_id for s in by_name(spans, VALIDATOR_SPAN)}
    assert stream.parent is not None and stream.parent.span_id in validators


def test_what_guardrails_records_of_the_result(spans: InMemorySpanExporter) -> None:
    """Guardrails serialises the result onto its validator span: the error spans and the
    message (with the report's summary line) arrive; the metadata, which holds the
    ``Report`` object, is no JSON, so Guardrails records it as an empty string."""
    Guard().use(GroundedAnswer()).validate(ANSWER, metadata={"sources": SOURCES})
    (validator,) = by_name(spans, VALIDATOR_SPAN)
    got = dict(validator.attributes or {})
    assert got["validator.name"] == "grounding-guard/grounded_answer"
    assert got["validator.validate.output.metadata"] == ""
    assert got["validator.validate.output.fix_value"] == FILTERED
    assert re.search(r"coverage 0\.40", got["validator.validate.output.error_message"])
    error_spans = json.loads(got["validator.validate.output.error_spans"])
    assert [e["reason"].split(" ")[0] for e in error_spans] == ["invalid", "invalid", "ungrounded"]
    assert json.loads(got["validator.validate.input.metadata"]) == {"sources": SOURCES}

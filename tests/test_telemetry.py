"""OpenTelemetry: the check and stream spans, one ``gen_ai.evaluation.result`` event per
claim unit, no text unless asked, and nothing at all without a provider.

The spans go to the SDK's in-memory exporter through ``telemetry.configure(
tracer_provider=...)``, so the process-wide provider stays unset (it can be set only once)
and the no-provider tests see the API's stand-in."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk")

from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, SpanLimits, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode

import grounding_guard as gg
from grounding_guard import Judgement, Status, telemetry

EVIDENCE = {
    "e1": "Independent lab testing measured 14 hours of battery life on a full charge.",
    "e2": "The product ships with a 90 day return window and a 1 year limited warranty.",
    "e3": "The Treaty of Versailles was a peace treaty signed on 28 June 1919.",
}
ANSWER = (
    "# Battery\n"
    "Battery life reached 14 hours in independent lab testing [[cite:e1]].\n"
    "Some reviewers claim the zorbulator drains battery overnight.\n"
    "The warranty covers accidental damage for five years [[cite:e2]].\n"
    "The Treaty of Versailles was signed in 1918 [[cite:e3]].\n"
    "It was forged by Quenby Halloway [[cite:e9]].\n"
    "We could not verify the exact refund processing time [citation needed].\n"
)
#: Words of the answer that no attribute may carry unless text is recorded.
SECRETS = ("zorbulator", "Quenby", "1918", "Battery life reached")


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    before = telemetry.settings()
    telemetry.configure(tracer_provider=provider, record_text=None, enabled=True)
    try:
        yield memory
    finally:
        telemetry.configure(
            tracer_provider=before.tracer_provider,
            record_text=before.record_text,
            enabled=before.enabled,
            unit_events=before.unit_events,
        )


@pytest.fixture(autouse=True)
def _no_content_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(telemetry.CONTENT_ENV, raising=False)


def only_span(memory: InMemorySpanExporter, name: str = telemetry.CHECK_SPAN) -> ReadableSpan:
    spans = [s for s in memory.get_finished_spans() if s.name.startswith("grounding_guard.")]
    assert [s.name for s in spans] == [name]
    return spans[0]


def attributes(span: ReadableSpan) -> dict[str, Any]:
    return dict(span.attributes or {})


def all_values(span: ReadableSpan) -> list[str]:
    """Every string that span and its events carry, flattened."""
    out: list[str] = []
    sources = [span.attributes or {}] + [e.attributes or {} for e in span.events]
    for source in sources:
        for value in source.values():
            items = value if isinstance(value, tuple) else (value,)
            out.extend(str(item) for item in items)
    return out


# ---- the span -------------------------------------------------------------------------------


def test_check_records_one_span_with_the_report_totals(exporter: InMemorySpanExporter) -> None:
    report = gg.Guard(mode="filter").check(ANSWER, EVIDENCE)
    span = only_span(exporter)
    got = attributes(span)
    assert got["grounding_guard.mode"] == "filter"
    assert got["grounding_guard.citation_style"] == report.citation_style == "cite"
    assert got["grounding_guard.attribution"] is False
    for status, count in report.counts.items():
        assert got[f"grounding_guard.count.{status}"] == count
    assert got["grounding_guard.units"] == len(report.units) == 7
    assert got["grounding_guard.claims"] == len(report.claims) == 6
    assert got["grounding_guard.coverage"] == pytest.approx(report.coverage)
    assert got["grounding_guard.fail_on"] == ("contradicted", "invalid", "ungrounded")
    assert got["grounding_guard.blocked"] is report.blocked is False
    assert got["grounding_guard.is_clean"] is report.is_clean is False
    assert got["grounding_guard.evidence.count"] == 3
    assert got["grounding_guard.unresolved_ids"] == ("e9",)
    assert got["grounding_guard.duration_ms"] > 0
    assert got["grounding_guard.version"] == gg.__version__
    assert got["grounding_guard.judge.name"] == "lexical"
    assert got["grounding_guard.judge.threshold"] == got["grounding_guard.threshold"] == 0.6
    assert len(str(got["grounding_guard.fingerprint"])) == 16
    assert span.status.status_code is StatusCode.UNSET  # a failing answer is no error
    assert span.end_time is not None and span.start_time is not None
    assert span.end_time >= span.start_time


def test_every_claim_unit_gets_an_evaluation_result_event(
    exporter: InMemorySpanExporter,
) -> None:
    report = gg.check(ANSWER, EVIDENCE)
    span = only_span(exporter)
    claims = [u for u in report.units if u.status is not Status.SKIPPED]
    assert [e.name for e in span.events] == [telemetry.EVALUATION_EVENT] * len(claims)
    expected_scores = {
        "grounded": None,  # the support's score, checked below
        "ungrounded": 0.0,
        "invalid": 0.0,
        "contradicted": 0.0,
    }
    for event, unit in zip(span.events, claims, strict=True):
        got = dict(event.attributes or {})
        assert got["gen_ai.evaluation.name"] == "grounding_guard.grounding"
        assert got["gen_ai.evaluation.score.label"] == unit.status.value
        assert (got["grounding_guard.unit.start"], got["grounding_guard.unit.end"]) == (
            unit.span.start,
            unit.span.end,
        )
        assert got.get("grounding_guard.unit.cited_ids", ()) == unit.cited
        assert got.get("grounding_guard.unit.codes", ()) == unit.codes
        assert "grounding_guard.unit.support_ids" not in got  # cited: the ids say it
        assert "grounding_guard.unit.text" not in got
        if unit.status is Status.PLACEHOLDER:
            assert "gen_ai.evaluation.score.value" not in got
            assert got["gen_ai.evaluation.explanation"] == "placeholder"
        elif unit.status is Status.GROUNDED:
            assert 0.0 < got["gen_ai.evaluation.score.value"] <= 1.0
            assert got["gen_ai.evaluation.explanation"] == "supported by e1"
        else:
            assert got["gen_ai.evaluation.score.value"] == expected_scores[unit.status.value]
            assert got["gen_ai.evaluation.explanation"] == "; ".join(unit.codes)
    labels = [dict(e.attributes or {})["gen_ai.evaluation.score.label"] for e in span.events]
    assert labels == ["grounded", "ungrounded", "invalid", "contradicted", "invalid", "placeholder"]


def test_an_attributed_unit_names_the_evidence_it_rests_on(
    exporter: InMemorySpanExporter,
) -> None:
    report = gg.check(
        "Lab testing measured 14 hours of battery life on a full charge.",
        EVIDENCE,
        citations="none",
    )
    (unit,) = report.units
    assert unit.status is Status.GROUNDED and unit.support
    (event,) = only_span(exporter).events
    got = dict(event.attributes or {})
    assert got["grounding_guard.unit.support_ids"] == ("e1",)
    assert "grounding_guard.unit.cited_ids" not in got
    assert got["gen_ai.evaluation.score.value"] == pytest.approx(unit.support[0].score)
    assert got["gen_ai.evaluation.explanation"] == "; ".join(unit.codes) == "attributed"


def test_unit_events_off_keeps_the_span_only(exporter: InMemorySpanExporter) -> None:
    telemetry.configure(unit_events=False)
    try:
        report = gg.check(ANSWER, EVIDENCE)
        span = only_span(exporter)
        assert span.events == ()
        assert attributes(span)["grounding_guard.count.invalid"] == report.counts["invalid"]
    finally:
        telemetry.configure(unit_events=True)


def test_no_text_is_recorded_unless_asked(exporter: InMemorySpanExporter) -> None:
    gg.check(ANSWER, EVIDENCE)
    span = only_span(exporter)
    values = " ".join(all_values(span))
    for secret in SECRETS:
        assert secret not in values
    keys = set(attributes(span)) | {k for e in span.events for k in (e.attributes or {})}
    assert (
        not {"grounding_guard.answer", "grounding_guard.text", "grounding_guard.unit.text"} & keys
    )


def test_record_text_adds_the_answer_the_units_and_the_messages(
    exporter: InMemorySpanExporter,
) -> None:
    telemetry.configure(record_text=True)
    report = gg.Guard(mode="filter").check(ANSWER, EVIDENCE)
    span = only_span(exporter)
    got = attributes(span)
    assert got["grounding_guard.answer"] == ANSWER
    assert got["grounding_guard.text"] == report.text
    claims = [u for u in report.units if u.status is not Status.SKIPPED]
    for event, unit in zip(span.events, claims, strict=True):
        assert dict(event.attributes or {})["grounding_guard.unit.text"] == unit.text
    treaty = dict(span.events[3].attributes or {})
    assert treaty["gen_ai.evaluation.explanation"].startswith(
        "value_mismatch: 1918 in the answer, 1919 in the evidence"
    )


def test_the_genai_content_switch_opts_in_unless_configured(
    exporter: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(telemetry.CONTENT_ENV, "true")
    gg.check(ANSWER, EVIDENCE)
    assert "grounding_guard.answer" in attributes(only_span(exporter))
    exporter.clear()
    telemetry.configure(record_text=False)  # an explicit choice wins
    gg.check(ANSWER, EVIDENCE)
    assert "grounding_guard.answer" not in attributes(only_span(exporter))


def test_acheck_records_the_same_span(exporter: InMemorySpanExporter) -> None:
    report = asyncio.run(gg.Guard().acheck(ANSWER, EVIDENCE))
    span = only_span(exporter)
    assert attributes(span)["grounding_guard.count.invalid"] == report.counts["invalid"]
    assert len(span.events) == len(report.claims)


def test_a_check_with_an_async_judge_records_one_span(exporter: InMemorySpanExporter) -> None:
    async def judge(claim: str, evidence: str) -> bool:
        return "14 hours" in evidence

    report = gg.Guard(judge=judge).check(ANSWER, EVIDENCE)  # runs acheck inside
    span = only_span(exporter)
    assert attributes(span)["grounding_guard.judge.name"] == "judge"
    assert len(span.events) == len(report.claims)


def test_streams_record_a_stream_span(exporter: InMemorySpanExporter) -> None:
    guard = gg.Guard()
    chunks = [ANSWER[i : i + 17] for i in range(0, len(ANSWER), 17)]
    events = list(guard.stream(chunks, EVIDENCE))
    report = events[-1].report
    assert report is not None
    span = only_span(exporter, telemetry.STREAM_SPAN)
    got = attributes(span)
    assert got["grounding_guard.count.grounded"] == report.counts["grounded"]
    assert len(span.events) == len(report.claims)
    assert (
        got["grounding_guard.fingerprint"]
        == telemetry.judge_fingerprint(guard)["grounding_guard.fingerprint"]
    )
    exporter.clear()

    async def collect() -> list[gg.StreamEvent]:
        return [event async for event in guard.astream(chunks, EVIDENCE)]

    assert asyncio.run(collect())[-1].report == report
    assert len(only_span(exporter, telemetry.STREAM_SPAN).events) == len(report.claims)


def test_a_blocked_stream_records_what_it_judged(exporter: InMemorySpanExporter) -> None:
    events = list(gg.Guard(mode="block").stream([ANSWER], EVIDENCE))
    report = events[-1].report
    assert report is not None and report.blocked
    got = attributes(only_span(exporter, telemetry.STREAM_SPAN))
    assert got["grounding_guard.blocked"] is True
    assert got["grounding_guard.count.ungrounded"] == 1


def test_a_check_span_nests_under_the_current_span_and_holds_the_judges(
    exporter: InMemorySpanExporter,
) -> None:
    provider = telemetry.settings().tracer_provider
    tracer = provider.get_tracer("app")

    def judge(claim: str, evidence: str) -> bool:
        with tracer.start_as_current_span("llm-judge"):
            return True

    with tracer.start_as_current_span("request") as request:
        gg.Guard(judge=judge).check("Battery life is 14 hours [1].", ["14 hours of battery"])
    spans = {s.name: s for s in exporter.get_finished_spans()}
    check_span = spans[telemetry.CHECK_SPAN]
    assert check_span.parent is not None
    assert check_span.parent.span_id == request.get_span_context().span_id
    assert spans["llm-judge"].parent is not None
    assert spans["llm-judge"].parent.span_id == check_span.context.span_id


def test_a_failing_check_ends_its_span_with_the_error(exporter: InMemorySpanExporter) -> None:
    def judge(claim: str, evidence: str) -> bool:
        raise RuntimeError("judge down")

    with pytest.raises(RuntimeError, match="judge down"):
        gg.Guard(judge=judge).check("Battery life is 14 hours [1].", ["14 hours of battery"])
    span = only_span(exporter)
    assert span.status.status_code is StatusCode.ERROR
    assert [e.name for e in span.events] == ["exception"]


# ---- the events as exporters see them -----------------------------------------------------


def memory_provider(
    limits: SpanLimits | None = None,
) -> tuple[TracerProvider, InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    provider = TracerProvider(span_limits=limits) if limits else TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    return provider, memory


def events_of(span: ReadableSpan) -> list[tuple[str, dict[str, Any]]]:
    return [(e.name, dict(e.attributes or {})) for e in span.events]


def add_event_would_record(
    provider: TracerProvider, report: gg.Report, record_text: bool
) -> list[tuple[str, dict[str, Any]]]:
    """The events the SDK records when each unit's attributes go through ``add_event``."""
    memory = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    span = provider.get_tracer("reference").start_span("reference")
    for unit in report.claims:
        span.add_event(
            telemetry.EVALUATION_EVENT, telemetry.unit_attributes(unit, record_text=record_text)
        )
    span.end()
    (finished,) = memory.get_finished_spans()
    return events_of(finished)


@pytest.mark.parametrize("record_text", [False, True])
@pytest.mark.parametrize(
    "limits",
    [
        None,  # the defaults: events are handed over pre-built
        SpanLimits(max_events=3),  # a count limit the span applies either way
        SpanLimits(max_attribute_length=12),  # values truncated: add_event does it
        SpanLimits(max_event_attributes=4),  # attributes dropped: add_event does it
        SpanLimits(max_event_attributes=9),  # room for all nine: pre-built
    ],
)
def test_the_events_equal_what_add_event_records_under_any_limits(
    limits: SpanLimits | None, record_text: bool
) -> None:
    provider, memory = memory_provider(limits)
    before = telemetry.settings()
    telemetry.configure(tracer_provider=provider, record_text=record_text)
    try:
        report = gg.check(ANSWER, EVIDENCE)
    finally:
        telemetry.configure(tracer_provider=before.tracer_provider, record_text=None)
    span = only_span(memory)
    expected = add_event_would_record(provider, report, record_text)
    assert events_of(span) == expected
    assert len(expected) == min(6, limits.max_events if limits else 6)
    assert all(e.timestamp <= (span.end_time or 0) for e in span.events)


def test_the_events_survive_otlp_encoding_json_and_copies(
    exporter: InMemorySpanExporter,
) -> None:
    encoder = pytest.importorskip("opentelemetry.exporter.otlp.proto.common.trace_encoder")
    report = gg.check(ANSWER, EVIDENCE)
    span = only_span(exporter)
    (resource_spans,) = encoder.encode_spans([span]).resource_spans
    (encoded,) = [s for scope in resource_spans.scope_spans for s in scope.spans]
    assert len(encoded.events) == len(report.claims)
    for event, unit in zip(encoded.events, report.claims, strict=True):
        assert event.name == telemetry.EVALUATION_EVENT
        assert event.dropped_attributes_count == 0
        got = {a.key: a.value for a in event.attributes}
        assert got["gen_ai.evaluation.score.label"].string_value == unit.status.value
        assert got["grounding_guard.unit.start"].int_value == unit.span.start
        ids = got.get("grounding_guard.unit.cited_ids")
        cited = tuple(v.string_value for v in ids.array_value.values) if ids else ()
        assert cited == unit.cited
    assert '"gen_ai.evaluation.score.label": "grounded"' in span.to_json()
    assert events_of(span) == [
        (e.name, dict(e.attributes or {})) for e in copy.deepcopy(span.events)
    ]


def test_a_span_class_that_overrides_add_event_is_honoured(
    exporter: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch
) -> None:
    tracer = telemetry.settings().tracer_provider.get_tracer("probe")
    span_class = type(tracer.start_span("probe"))
    original = span_class.add_event
    seen: list[str] = []

    def add_event(self: Any, name: str, *args: Any, **kwargs: Any) -> None:
        seen.append(name)
        original(self, name, *args, **kwargs)

    monkeypatch.setattr(span_class, "add_event", add_event)
    report = gg.check(ANSWER, EVIDENCE)
    assert seen == [telemetry.EVALUATION_EVENT] * len(report.claims)
    assert len(only_span(exporter).events) == len(report.claims)


def test_a_span_that_refuses_prebuilt_events_gets_add_event(
    exporter: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A later SDK whose internals want something else: the events still arrive, the
    SDK's own way."""
    from opentelemetry.attributes import BoundedAttributes

    tracer = telemetry.settings().tracer_provider.get_tracer("probe")
    span_class = type(tracer.start_span("probe"))
    original = span_class._add_event

    def picky(self: Any, event: Any) -> None:
        if not isinstance(event.attributes, BoundedAttributes):
            raise TypeError("wants BoundedAttributes")
        original(self, event)

    monkeypatch.setattr(span_class, "_add_event", picky)
    report = gg.check(ANSWER, EVIDENCE)
    span = only_span(exporter)
    assert [dict(e.attributes or {}) for e in span.events] == [
        telemetry.unit_attributes(u) for u in report.claims
    ]


# ---- Guard(telemetry=...) --------------------------------------------------------------------

TelemetryConfig = telemetry.TelemetryConfig


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (True, TelemetryConfig()),
        (False, TelemetryConfig(enabled=False)),
        ("span", TelemetryConfig(unit_events=False)),
        (TelemetryConfig(record_text=True), TelemetryConfig(record_text=True)),
        (
            TelemetryConfig(enabled=True, unit_events=True, record_text=False),
            TelemetryConfig(unit_events=True, record_text=False),
        ),
    ],
)
def test_the_telemetry_option_is_read_at_construction(
    option: Any, expected: telemetry.TelemetryConfig
) -> None:
    assert gg.Guard(telemetry=option).telemetry == expected


@pytest.mark.parametrize(
    ("option", "error", "message"),
    [
        ("spans", gg.ConfigError, "unknown choice 'spans'"),
        ("", gg.ConfigError, "use True, False, 'span'"),
        ("True", gg.ConfigError, "unknown choice 'True'"),
        (1, TypeError, "telemetry must be True, False, 'span' or a .*TelemetryConfig, got int"),
        (None, TypeError, "got NoneType"),
        ({"record_text": True}, TypeError, "got dict"),
        (telemetry.settings(), TypeError, "got TelemetrySettings"),
    ],
)
def test_a_bad_telemetry_option_fails_at_construction(
    option: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        gg.Guard(telemetry=option)
    with pytest.raises(error, match=message):
        gg.check(ANSWER, EVIDENCE, telemetry=option)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"enabled": 1}, "enabled must be True or False, got int"),
        ({"enabled": None}, "enabled must be True or False, got NoneType"),
        ({"unit_events": "yes"}, "unit_events must be True, False or None, got str"),
        ({"record_text": 0}, "record_text must be True, False or None, got int"),
    ],
)
def test_a_bad_telemetry_config_fails_when_built(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        TelemetryConfig(**fields)


def test_a_telemetry_config_is_an_immutable_value() -> None:
    config = TelemetryConfig(unit_events=False)
    with pytest.raises(AttributeError, match="immutable"):
        config.unit_events = True  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del config.enabled
    assert config == TelemetryConfig(unit_events=False) != TelemetryConfig()
    assert len({config, TelemetryConfig(unit_events=False), TelemetryConfig()}) == 2
    assert config != (True, False, None)
    assert repr(config) == ("TelemetryConfig(enabled=True, unit_events=False, record_text=None)")


def record_with(guard: gg.Guard, via: str) -> gg.Report:
    """One check (or stream) of ANSWER by ``guard``, the way ``via`` names."""
    if via == "check":
        return guard.check(ANSWER, EVIDENCE)
    if via == "acheck":
        return asyncio.run(guard.acheck(ANSWER, EVIDENCE))
    report = list(guard.stream([ANSWER], EVIDENCE))[-1].report
    assert report is not None
    return report


#: (Guard option, process settings, (spans recorded, events, text recorded))
GUARD_CHOICES: list[tuple[Any, dict[str, Any], tuple[int, int, bool]]] = [
    (True, {}, (1, 6, False)),
    ("span", {}, (1, 0, False)),
    (False, {}, (0, 0, False)),
    (TelemetryConfig(record_text=True), {}, (1, 6, True)),
    (TelemetryConfig(unit_events=False, record_text=True), {}, (1, 0, True)),
    (True, {"unit_events": False}, (1, 0, False)),  # None follows the process
    (TelemetryConfig(unit_events=True), {"unit_events": False}, (1, 6, False)),  # guard wins
    (True, {"record_text": True}, (1, 6, True)),
    (TelemetryConfig(record_text=False), {"record_text": True}, (1, 6, False)),
    ("span", {"enabled": False}, (0, 0, False)),  # the process switch wins over any guard
    (TelemetryConfig(unit_events=True), {"enabled": False}, (0, 0, False)),
]


@pytest.mark.parametrize("via", ["check", "acheck", "stream"])
@pytest.mark.parametrize(("option", "process", "expected"), GUARD_CHOICES)
def test_what_a_guard_records_follows_its_option_then_the_process(
    exporter: InMemorySpanExporter,
    option: Any,
    process: dict[str, Any],
    expected: tuple[int, int, bool],
    via: str,
) -> None:
    telemetry.configure(**process)
    try:
        report = record_with(gg.Guard(telemetry=option), via)
    finally:
        telemetry.configure(unit_events=True, record_text=None, enabled=True)
    spans = [s for s in exporter.get_finished_spans() if s.name.startswith("grounding_guard.")]
    assert len(report.claims) == 6
    assert (
        len(spans),
        sum(len(s.events) for s in spans),
        any("grounding_guard.answer" in attributes(s) for s in spans),
    ) == expected
    if spans:
        assert spans[0].name == (telemetry.STREAM_SPAN if via == "stream" else telemetry.CHECK_SPAN)
        assert attributes(spans[0])["grounding_guard.claims"] == 6  # the totals either way


def test_check_passes_the_telemetry_option_on(exporter: InMemorySpanExporter) -> None:
    gg.check(ANSWER, EVIDENCE, telemetry=False)
    asyncio.run(gg.acheck(ANSWER, EVIDENCE, telemetry=False))
    assert exporter.get_finished_spans() == ()
    gg.check(ANSWER, EVIDENCE, telemetry="span")
    assert only_span(exporter).events == ()


# ---- nothing without a provider -------------------------------------------------------------


def test_without_a_provider_nothing_is_recorded_and_nothing_breaks() -> None:
    assert telemetry.settings().tracer_provider is None
    assert isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)
    memory = InMemorySpanExporter()
    TracerProvider().add_span_processor(SimpleSpanProcessor(memory))  # not configured
    report = gg.check(ANSWER, EVIDENCE)
    assert list(gg.Guard().stream([ANSWER], EVIDENCE))[-1].report == report
    assert memory.get_finished_spans() == ()


def test_disabled_records_nothing_even_with_a_provider(exporter: InMemorySpanExporter) -> None:
    telemetry.configure(enabled=False)
    gg.check(ANSWER, EVIDENCE)
    list(gg.Guard().stream([ANSWER], EVIDENCE))
    assert exporter.get_finished_spans() == ()


def test_without_opentelemetry_loaded_nothing_is_looked_up(
    exporter: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch
) -> None:
    telemetry.configure(tracer_provider=None)
    monkeypatch.delitem(sys.modules, "opentelemetry.trace")
    assert gg.check(ANSWER, EVIDENCE).counts["grounded"] == 1
    assert exporter.get_finished_spans() == ()


@pytest.mark.parametrize("blocked", [False, True])
def test_import_and_check_never_import_opentelemetry(blocked: bool) -> None:
    """A check in a process without OpenTelemetry loaded imports none of it; with the
    package missing altogether (``sys.modules[...] = None`` blocks its import) nothing
    breaks either."""
    block = "sys.modules['opentelemetry'] = None; " if blocked else ""
    code = (
        f"import sys; {block}import grounding_guard as gg; "
        "r = gg.check('Battery life is 14 hours [1].', ['14 hours of battery']); "
        "list(gg.Guard().stream(['Battery life is 14 hours [1].'], ['14 hours of battery'])); "
        "print(r.counts['grounded'], sorted(m for m, v in sys.modules.items() if m.startswith('opentelemetry') and v))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "[]"]


def test_a_failure_inside_telemetry_never_breaks_the_check(
    exporter: InMemorySpanExporter, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken:
        def is_recording(self) -> bool:
            return True

        def set_attributes(self, attributes: Any) -> None:
            raise ValueError("exporter bug")

        def end(self, end_time: int | None = None) -> None:
            pass

    class Tracer:
        def start_span(self, name: str, start_time: int | None = None) -> Broken:
            return Broken()

    class Provider:
        def get_tracer(self, name: str, version: str | None = None) -> Tracer:
            return Tracer()

    telemetry.configure(tracer_provider=Provider())
    events = list(gg.Guard().stream([ANSWER], EVIDENCE))
    assert events[-1].report is not None
    assert "exporter bug" in caplog.text


# ---- the attributes agree with the report --------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "options"),
    [
        (ANSWER, {}),
        (ANSWER, {"mode": "filter", "min_coverage": 0.5}),
        (ANSWER, {"mode": "block", "fail_on": ["invalid"]}),
        (ANSWER, {"fail_on": ["placeholder"], "min_coverage": 0.1}),
        ("Battery life is 14 hours [[cite:e1]].", {}),  # clean, every id resolved
        ("Battery life is 14 hours [[cite:e1]].", {"min_coverage": 1.0}),
        ("Hello there!", {}),  # no claim: coverage 1.0, clean
        ("Battery life is 14 hours.", {"citations": "none"}),  # attributed, nothing cited
        ("It lasts [[cite:e7]] and [[cite:e7]][[cite:e8]] days.", {}),  # ids repeat
    ],
)
def test_report_attributes_agree_with_the_reports_own_totals(
    answer: str, options: dict[str, Any]
) -> None:
    """``report_attributes`` counts everything in one pass; each value must equal what
    the report's properties (which walk the units each time) say."""
    report = gg.Guard(**options).check(answer, EVIDENCE)
    got = telemetry.report_attributes(report)
    assert {k[len("grounding_guard.count.") :]: v for k, v in got.items() if ".count." in k} == (
        report.counts
    )
    assert got["grounding_guard.units"] == len(report.units)
    assert got["grounding_guard.claims"] == len(report.claims)
    assert got["grounding_guard.coverage"] == report.coverage
    assert got["grounding_guard.is_clean"] is report.is_clean
    assert got["grounding_guard.blocked"] is report.blocked
    assert got["grounding_guard.fail_on"] == tuple(sorted(s.value for s in report.fail_on))
    assert got.get("grounding_guard.unresolved_ids", ()) == report.unresolved_ids
    assert got["grounding_guard.evidence.count"] == len(report.evidence)


def unit_with(status: Status, scores: tuple[float, ...] = (), **fields: Any) -> gg.Unit:
    return gg.Unit(
        index=0,
        text="Battery life is 14 hours.",
        span=gg.Span(3, 28),
        kind=gg.Kind.CLAIM,
        status=status,
        support=tuple(gg.Support(f"e{i}", gg.Span(0, 5), s) for i, s in enumerate(scores, 1)),
        **fields,
    )


@pytest.mark.parametrize(
    ("status", "scores", "value"),
    [
        (Status.GROUNDED, (0.3, 0.8), 0.8),  # the best score of its support
        (Status.GROUNDED, (0.0,), 0.0),
        (Status.GROUNDED, (-0.2, 0.4), 0.4),  # scores outside [0, 1] are no score
        (Status.GROUNDED, (1.5,), 1.0),  # none in range: grounded counts as 1
        (Status.GROUNDED, (), 1.0),
        (Status.CONTRADICTED, (0.9,), 0.0),
        (Status.INVALID, (), 0.0),
        (Status.UNGROUNDED, (0.2,), 0.0),
        (Status.PLACEHOLDER, (), None),  # an honest gap has no score
    ],
)
def test_the_score_value_of_each_status(
    status: Status, scores: tuple[float, ...], value: float | None
) -> None:
    got = telemetry.unit_attributes(unit_with(status, scores))
    assert got.get("gen_ai.evaluation.score.value") == value
    assert got["gen_ai.evaluation.score.label"] == status.value
    assert (got["grounding_guard.unit.start"], got["grounding_guard.unit.end"]) == (3, 28)


@pytest.mark.parametrize(
    ("unit", "record_text", "explanation", "ids"),
    [
        (
            unit_with(Status.GROUNDED, (0.7,), valid=("e1",), cited=("e1",)),
            False,
            "supported by e1",
            ("grounding_guard.unit.cited_ids", ("e1",)),
        ),
        (
            unit_with(Status.GROUNDED, (0.7, 0.6)),
            False,
            "supported by e1, e2",
            ("grounding_guard.unit.support_ids", ("e1", "e2")),
        ),
        (unit_with(Status.UNGROUNDED), False, "ungrounded", None),
        (
            unit_with(
                Status.INVALID,
                cited=("e9",),
                reasons=(gg.Reason("unknown_id", "e9 names no chunk"), gg.Reason("no_support", "")),
            ),
            False,
            "unknown_id; no_support",
            ("grounding_guard.unit.cited_ids", ("e9",)),
        ),
        (
            unit_with(
                Status.INVALID,
                cited=("e9",),
                reasons=(gg.Reason("unknown_id", "e9 names no chunk"), gg.Reason("no_support", "")),
            ),
            True,
            "unknown_id: e9 names no chunk; no_support",
            ("grounding_guard.unit.cited_ids", ("e9",)),
        ),
    ],
)
def test_the_explanation_and_ids_of_a_unit(
    unit: gg.Unit, record_text: bool, explanation: str, ids: tuple[str, Any] | None
) -> None:
    got = telemetry.unit_attributes(unit, record_text=record_text)
    assert got["gen_ai.evaluation.explanation"] == explanation
    id_keys = {k: v for k, v in got.items() if k.endswith("_ids")}
    assert id_keys == (dict([ids]) if ids else {})
    assert got.get("grounding_guard.unit.codes", ()) == unit.codes
    assert ("grounding_guard.unit.text" in got) is record_text


# ---- the fingerprint ------------------------------------------------------------------------


def test_the_fingerprint_tells_configurations_apart() -> None:
    def mark(guard: gg.Guard) -> object:
        return telemetry.judge_fingerprint(guard)["grounding_guard.fingerprint"]

    base = mark(gg.Guard())
    assert mark(gg.Guard()) == base  # equal settings, equal fingerprint
    assert mark(gg.Guard(threshold=0.7)) != base
    assert mark(gg.Guard(term_checks=False)) != base
    assert mark(gg.Guard(fail_on=["invalid"])) != base
    assert mark(gg.Guard(judge=lambda claim, evidence: True)) != base


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per SHA-256 started: each fingerprint computed hashes its options once."""
    started: list[int] = []
    sha256 = hashlib.sha256

    def counting(data: bytes = b"") -> Any:
        started.append(1)
        return sha256(data)

    monkeypatch.setattr(hashlib, "sha256", counting)
    return started


def test_the_fingerprint_is_computed_once_per_guard_and_again_when_it_changes(
    exporter: InMemorySpanExporter, hashes: list[int]
) -> None:
    """The fingerprint (JSON and SHA-256 of every option) is not redone per check; a
    reassigned judge threshold or mode makes a new one, and going back gives the old."""

    class Judge:
        name = "once-per-guard"
        threshold = 0.5

        def judge(self, claim: Any, passages: Any) -> Judgement:
            return Judgement("supported", 1.0)

    guard = gg.Guard(judge=Judge())

    def mark() -> object:
        return telemetry.judge_fingerprint(guard)["grounding_guard.fingerprint"]

    first = mark()
    for _ in range(3):
        guard.check(ANSWER, EVIDENCE)
    assert len(hashes) == 1
    spans = exporter.get_finished_spans()
    assert {attributes(s)["grounding_guard.fingerprint"] for s in spans} == {first}
    guard.judge.threshold = 0.9
    assert mark() != first and len(hashes) == 2
    guard.judge.threshold = 0.5
    guard.mode = "block"
    assert mark() != first and len(hashes) == 3
    guard.mode = "flag"
    assert mark() == first and len(hashes) == 3  # seen before: found by configuration


def test_guards_of_one_configuration_share_one_fingerprint(hashes: list[int]) -> None:
    """``grounding_guard.check()`` builds a Guard per call: an equal configuration must
    not be hashed again (SHA-256 of every option), a different one must."""

    def mark(**options: Any) -> object:
        return telemetry.judge_fingerprint(gg.Guard(**options))["grounding_guard.fingerprint"]

    options = {"citations": "numeric", "min_coverage": 0.37, "refusal": "No (shared)."}
    first = mark(**options)
    assert len(hashes) == 1
    assert [mark(**options) for _ in range(3)] == [first] * 3
    assert len(hashes) == 1  # found by configuration
    assert mark(**options, threshold=0.61) != first
    assert mark(**options, judge=lambda claim, evidence: True) != first
    assert len(hashes) == 3
    quiet = {"skip_non_claims": lambda text: False}  # a callable option: shared by identity
    assert mark(**options, **quiet) != first and len(hashes) == 4
    assert mark(**options, **quiet) == mark(**options, **quiet) and len(hashes) == 4


def test_a_model_judge_is_fingerprinted_by_its_file(tmp_path: Path) -> None:
    weights = tmp_path / "model.onnx"
    weights.write_bytes(b"not really onnx" * 1000)

    class Files:
        name = "tiny-nli"
        model = weights

    class ModelJudge:
        name = "model:tiny-nli"
        threshold = 0.42
        files = Files()

        def judge(self, claim: Any, passages: Any) -> Judgement:
            return Judgement("supported", 1.0)

    got = telemetry.judge_fingerprint(gg.Guard(judge=ModelJudge()))
    assert got["grounding_guard.judge.name"] == "model:tiny-nli"
    assert got["grounding_guard.judge.threshold"] == 0.42
    assert got["grounding_guard.judge.model"] == "tiny-nli"
    assert (
        got["grounding_guard.judge.model_sha256"]
        == hashlib.sha256(weights.read_bytes()).hexdigest()
    )


def test_configure_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="record_text"):
        telemetry.configure(record_text="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="enabled"):
        telemetry.configure(enabled=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unit_events"):
        telemetry.configure(unit_events=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="TracerProvider"):
        telemetry.configure(tracer_provider=object())
    assert telemetry.configure() == telemetry.settings()  # nothing given, nothing changed


def test_the_overhead_benchmark_runs_and_reports_every_variant() -> None:
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "telemetry_overhead.py"
    spec = importlib.util.spec_from_file_location("grounding_guard_bench_telemetry", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    before = telemetry.settings()
    result = module.measure(rounds=2, fresh_rounds=2, warmup=1, samples=1)
    assert telemetry.settings() == before  # the benchmark leaves the settings as they were
    variants = {
        "bare",
        "no provider",
        "simple: span",
        "simple: span+events",
        "batch: span",
        "batch: span+events",
    }
    for case in ("warm", "fresh"):
        rows = result["cases"][case]["variants"]
        assert set(rows) == variants
        assert all(row["cpu_p50_ms"] > 0 for row in rows.values())
        assert rows["bare"]["added_us"] == 0
    assert result["events"] == result["claims"] == 15
    isolated = result["isolated"]["rows"]
    assert set(isolated) == (variants - {"bare"}) | {"batch: span+events + text"}
    assert all(row["us_per_check"] > 0 for row in isolated.values())
    assert {name for name, row in isolated.items() if "us_per_event" in row} == {
        "simple: span+events",
        "batch: span+events",
    }
    assert "isolated: the telemetry alone" in module.render(result)

"""OpenTelemetry for grounding-guard: every verdict in the team's tracing backend.

When the application has set an OpenTelemetry tracer provider (``pip install
"grounding-guard[otel]"`` brings ``opentelemetry-api``; the application brings the SDK and
an exporter), ``Guard.check``/``acheck`` record a span ``grounding_guard.check`` and
``Guard.stream``/``astream`` a span ``grounding_guard.stream``, with the report's totals
and the guard's fingerprint as attributes, and one ``gen_ai.evaluation.result`` event per
claim unit. Without ``opentelemetry`` installed, without a provider, or with
``configure(enabled=False)`` nothing is recorded and nothing is imported: each check pays
one look-up (``opentelemetry.trace`` in ``sys.modules``). This module imports nothing
from OpenTelemetry itself; it uses the API module the application has already loaded.

Per guard, ``Guard(telemetry=...)`` chooses: ``True`` (the default: what the process
settings below say), ``"span"`` (the span and its totals, no per-unit events: for volumes
where the events' cost counts), ``False`` (nothing for that guard) or a
:class:`TelemetryConfig` (``unit_events``, ``record_text``; ``None`` follows the process).
A guard's explicit choice wins over :func:`configure`, whose ``enabled=False`` still
switches every guard off.

Text stays out by default. The answer, each unit's text and the reason messages (which
quote figures, names and quotes of the answer and the evidence) are recorded only with
``configure(record_text=True)``, or, while ``record_text`` is left at ``None``, when
``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`` is set to ``true`` (or
``span_only``, ``event_only``, ``span_and_event``): the switch OpenTelemetry's GenAI
instrumentations use for message content (opentelemetry-python-contrib, "Use generic
OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", PR #2947).

The span (attribute names, all under ``grounding_guard.``): ``mode``, ``citation_style``,
``attribution``, ``units``, ``claims``, ``count.<status>`` for each of the six statuses,
``coverage``, ``fail_on``, ``blocked``, ``is_clean``, ``evidence.count``,
``unresolved_ids`` (when a cited id names no chunk), ``duration_ms`` (the check itself);
the fingerprint: ``version``, ``judge.name``, ``judge.threshold``, ``judge.model`` and
``judge.model_sha256`` (model judges: SHA-256 of the model file, computed once per file
and process), ``threshold`` (the lexical one) and ``fingerprint``, a short hash of all
of them and of every option that changes a verdict (so two runs with different judges,
models, thresholds or options never share one); ``answer`` and ``text`` (the shipped
text) only when text is recorded. A check that raises ends its span with the exception.

The events follow the OpenTelemetry GenAI semantic conventions for evaluation results
(``docs/gen-ai/gen-ai-events.md`` of open-telemetry/semantic-conventions, "Event:
gen_ai.evaluation.result", added by PR #2563 and since moved to the
semantic-conventions-genai repository; status Development): the event name MUST be
``gen_ai.evaluation.result``, with ``gen_ai.evaluation.name`` (required),
``gen_ai.evaluation.score.label`` and ``gen_ai.evaluation.score.value`` (conditionally
required, "if applicable") and ``gen_ai.evaluation.explanation`` (recommended). The
convention describes a log-based event "parented to the GenAI operation span being
evaluated"; it is emitted here as a span event of the check's span, which is a child of
the span current when the check ran (the LLM call or request being guarded), so trace
backends show it in place. Values used:

- ``gen_ai.evaluation.name``: :data:`EVALUATION_NAME` (``grounding_guard.grounding``);
- ``gen_ai.evaluation.score.label``: the unit's status, one of ``contradicted``,
  ``invalid``, ``placeholder``, ``grounded``, ``ungrounded`` (skipped units are no
  claims and get no event), a low-cardinality set as the convention asks;
- ``gen_ai.evaluation.score.value``: for a grounded unit the best score of the
  evidence it rests on (``unit.support``; ``1.0`` when the judge gave none), ``0.0``
  for contradicted, invalid or ungrounded; absent for a placeholder (an honest gap is no
  score);
- ``gen_ai.evaluation.explanation``: the reason codes (``value_mismatch;
  unsupported_citation``; for a grounded unit "supported by 1, 2"), with their messages
  when text is recorded;

and the unit under ``grounding_guard.unit.``: ``start``/``end`` (character offsets into
the answer), ``cited_ids`` (or, for a unit attributed to evidence, ``support_ids``) and
``codes`` (both left out when empty), ``text`` (only when text is recorded). The
fingerprint is the span's: the events sit inside it.

Cost (``benchmarks/telemetry_overhead.py``, which times it alone and in place): the SDK's
``add_event`` cleans every attribute of every event into a new locked mapping, about
10 us an event of ours in a hot loop; on the SDK's own spans, while their limits cannot
bite, the events are handed over pre-built instead (see :func:`_event_adder`), about
1.5 us, plus about 1 us to build the attributes. What remains is mostly the SDK's: the
span (sampler, ids, context, processor) and its cleaning of the span's two dozen
attributes. ``Guard(telemetry="span")`` or ``configure(unit_events=False)`` keeps the span
and its totals only. No provider: one ``sys.modules`` look-up and the API's
``get_tracer_provider()``, about 1 us (not cached, so that a provider set later counts).

The span of a check is current while the check runs, so spans a judge opens (an LLM
judge's own call) nest under it. A stream's span is recorded when its report is made,
starting when the stream was created; it is not current in between (a generator cannot
hold a context across its yields), and a stream abandoned before its end records nothing.
"""

from __future__ import annotations

import contextvars
import functools
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any, Concatenate, NamedTuple, ParamSpec

from grounding_guard.errors import ConfigError
from grounding_guard.types import Report, Status, Unit

if TYPE_CHECKING:
    from grounding_guard.guard import Guard

__all__ = [
    "CHECK_SPAN",
    "CONTENT_ENV",
    "EVALUATION_EVENT",
    "EVALUATION_NAME",
    "KEEP",
    "STREAM_SPAN",
    "TelemetryConfig",
    "TelemetrySettings",
    "configure",
    "judge_fingerprint",
    "record_stream",
    "report_attributes",
    "settings",
    "telemetry_option",
    "traced",
    "traced_async",
    "unit_attributes",
]

#: The span of one ``check``/``acheck``.
CHECK_SPAN = "grounding_guard.check"
#: The span of one ``stream``/``astream``.
STREAM_SPAN = "grounding_guard.stream"
#: The GenAI semantic conventions' event for one evaluation result (one per claim unit).
EVALUATION_EVENT = "gen_ai.evaluation.result"
#: ``gen_ai.evaluation.name`` of those events.
EVALUATION_NAME = "grounding_guard.grounding"
#: OpenTelemetry's GenAI switch for recording message content (followed while
#: ``record_text`` is ``None``).
CONTENT_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
_CONTENT_ON = frozenset({"true", "1", "yes", "on", "span_only", "event_only", "span_and_event"})
_FAILED_SCORE = frozenset({Status.CONTRADICTED, Status.INVALID, Status.UNGROUNDED})
_SCOPE = "grounding_guard"

P = ParamSpec("P")
AttributeValue = str | bool | int | float | tuple[str, ...]


class _Keep:
    """The type of :data:`KEEP`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "KEEP"


#: ``configure``'s default for an option it should leave as it is.
KEEP = _Keep()


class TelemetrySettings(NamedTuple):
    """What this process records (see :func:`configure`).

    ``enabled``: record when a tracer provider is set (default ``True``).
    ``record_text``: record the answer, unit texts and reason messages; ``None`` (the
    default) follows :data:`CONTENT_ENV`. ``unit_events``: one evaluation event per claim
    unit (default ``True``); ``False`` keeps the span and its totals only, for volumes
    where the events' cost counts (``benchmarks/telemetry_overhead.py``).
    ``tracer_provider``: an OpenTelemetry ``TracerProvider`` to use instead of the
    global one (``None``: the global one).
    """

    enabled: bool = True
    record_text: bool | None = None
    unit_events: bool = True
    tracer_provider: Any = None


class TelemetryConfig:
    """What one ``Guard`` records when a tracer provider is set (``Guard(telemetry=...)``).

    ``enabled``: ``False`` records nothing for this guard, not even its span.
    ``unit_events``: one ``gen_ai.evaluation.result`` event per claim unit (``True``) or
    the span and its totals only (``False``, what ``telemetry="span"`` means); ``None``
    (the default) follows ``configure(unit_events=...)``. ``record_text``: the answer,
    unit texts and reason messages (``True``) or none (``False``); ``None`` follows
    ``configure(record_text=...)`` and then :data:`CONTENT_ENV`.

    A guard's explicit choice wins over the process-wide one, except that
    ``configure(enabled=False)`` switches every guard off. Immutable, comparable,
    hashable; each value is checked when it is built (``TypeError``).
    """

    __slots__ = ("enabled", "record_text", "unit_events")

    enabled: bool
    unit_events: bool | None
    record_text: bool | None

    def __init__(
        self,
        *,
        enabled: bool = True,
        unit_events: bool | None = None,
        record_text: bool | None = None,
    ) -> None:
        if not isinstance(enabled, bool):
            raise TypeError(f"enabled must be True or False, got {type(enabled).__name__}")
        for name, value in (("unit_events", unit_events), ("record_text", record_text)):
            if value is not None and not isinstance(value, bool):
                raise TypeError(f"{name} must be True, False or None, got {type(value).__name__}")
        object.__setattr__(self, "enabled", enabled)
        object.__setattr__(self, "unit_events", unit_events)
        object.__setattr__(self, "record_text", record_text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"TelemetryConfig is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"TelemetryConfig is immutable: cannot delete {name!r}")

    def _values(self) -> tuple[bool, bool | None, bool | None]:
        return (self.enabled, self.unit_events, self.record_text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TelemetryConfig):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return (
            f"TelemetryConfig(enabled={self.enabled!r}, unit_events={self.unit_events!r}, "
            f"record_text={self.record_text!r})"
        )


_DEFAULT_CONFIG = TelemetryConfig()
#: ``Guard(telemetry=...)``'s named choices.
_NAMED_CONFIGS: dict[object, TelemetryConfig] = {
    True: _DEFAULT_CONFIG,
    False: TelemetryConfig(enabled=False),
    "span": TelemetryConfig(unit_events=False),
}


def telemetry_option(value: object) -> TelemetryConfig:
    """Read ``Guard(telemetry=value)``: ``True`` (record what the process settings say),
    ``False`` (record nothing for this guard), ``"span"`` (the span and its totals, no
    per-unit events) or a :class:`TelemetryConfig`. ``TypeError`` for another type,
    ``ConfigError`` for another string."""
    if isinstance(value, TelemetryConfig):
        return value
    if isinstance(value, bool):
        return _NAMED_CONFIGS[value]
    if isinstance(value, str):
        if value == "span":
            return _NAMED_CONFIGS[value]
        raise ConfigError(
            f"telemetry: unknown choice {value!r}; use True, False, 'span' or a "
            "grounding_guard.telemetry.TelemetryConfig"
        )
    raise TypeError(
        "telemetry must be True, False, 'span' or a grounding_guard.telemetry.TelemetryConfig, "
        f"got {type(value).__name__}"
    )


_SETTINGS = TelemetrySettings()
_LOCK = threading.Lock()
_TRACER: tuple[Any, Any] | None = None  # (provider, its grounding_guard tracer)
#: The guard whose check span is open in this context: ``check`` runs an async judge
#: through ``acheck``, which must not open a second span for the same call.
_INSIDE: contextvars.ContextVar[object | None] = contextvars.ContextVar(
    "grounding_guard_telemetry_inside", default=None
)
_STATES: weakref.WeakKeyDictionary[Any, _GuardState] = weakref.WeakKeyDictionary()
_FILE_HASHES: dict[tuple[str, int, int], str] = {}


def configure(
    *,
    enabled: bool | _Keep = KEEP,
    record_text: bool | _Keep | None = KEEP,
    unit_events: bool | _Keep = KEEP,
    tracer_provider: Any = KEEP,
) -> TelemetrySettings:
    """Change what this process records; options not given keep their value.

    ``record_text=True`` opts in to the answer, unit texts and reason messages on spans
    and events (default ``None``: only when :data:`CONTENT_ENV` says so);
    ``enabled=False`` records nothing even with a provider set; ``tracer_provider=``
    uses that provider instead of the global one (``None`` goes back to the global).
    Returns the new settings. Process-wide, like OpenTelemetry's own provider.
    """
    global _SETTINGS
    changes: dict[str, Any] = {}
    for name, value in (("enabled", enabled), ("unit_events", unit_events)):
        if value is not KEEP:
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, got {type(value).__name__}")
            changes[name] = value
    if record_text is not KEEP:
        if record_text is not None and not isinstance(record_text, bool):
            raise TypeError(
                f"record_text must be True, False or None, got {type(record_text).__name__}"
            )
        changes["record_text"] = record_text
    if tracer_provider is not KEEP:
        if tracer_provider is not None and not callable(
            getattr(tracer_provider, "get_tracer", None)
        ):
            raise TypeError(
                "tracer_provider must be an OpenTelemetry TracerProvider (with get_tracer), "
                f"got {type(tracer_provider).__name__}"
            )
        changes["tracer_provider"] = tracer_provider
    with _LOCK:
        _SETTINGS = _SETTINGS._replace(**changes)
        return _SETTINGS


def settings() -> TelemetrySettings:
    """The settings in force."""
    return _SETTINGS


def _record_text(config: TelemetryConfig = _DEFAULT_CONFIG) -> bool:
    """Whether text goes on the spans of a guard with ``config``: its own choice, else the
    process's, else :data:`CONTENT_ENV` (read each time: the switch may change)."""
    chosen = config.record_text
    if chosen is None:
        chosen = _SETTINGS.record_text
        if chosen is None:
            return os.environ.get(CONTENT_ENV, "").strip().lower() in _CONTENT_ON
    return chosen


def _tracer() -> Any:
    """The tracer to record with, or ``None`` when nothing is to be recorded.

    Without an explicit provider this looks OpenTelemetry up in ``sys.modules`` only: an
    application that set a provider has imported ``opentelemetry.trace``, so when it is
    not there, there is no provider and nothing is imported to find that out. Then it
    asks the API for the global provider on every call (about a microsecond while none is
    set, the API's own look-up of ``OTEL_PYTHON_TRACER_PROVIDER`` being most of it), so a
    provider set later is used from the next check on; the decision is never cached,
    only the tracer of the provider last seen (re-checked by identity).
    """
    global _TRACER
    current = _SETTINGS
    if not current.enabled:
        return None
    provider = current.tracer_provider
    if provider is None:
        api = sys.modules.get("opentelemetry.trace")
        if api is None:
            return None
        provider = api.get_tracer_provider()
        if isinstance(provider, (api.ProxyTracerProvider, api.NoOpTracerProvider)):
            return None  # no provider set: the API's stand-ins record nothing
    cached = _TRACER
    if cached is not None and cached[0] is provider:
        return cached[1]
    tracer = provider.get_tracer(_SCOPE, _version())
    _TRACER = (provider, tracer)
    return tracer


def _version() -> str:
    # the package is imported before any of its modules, so its version is there to read
    return str(getattr(sys.modules.get("grounding_guard"), "__version__", "unknown"))


# ---- the hooks -----------------------------------------------------------------------------


def traced(
    method: Callable[Concatenate[Guard, P], Report],
) -> Callable[Concatenate[Guard, P], Report]:
    """Decorate ``Guard.check``: run it inside a ``grounding_guard.check`` span when a
    tracer is active, and record the report on it; otherwise just call it."""

    @functools.wraps(method)
    def check(guard: Guard, /, *args: P.args, **kwargs: P.kwargs) -> Report:
        # a guard built with telemetry=False skips even the provider look-up
        tracer = _tracer() if guard.telemetry.enabled else None
        if tracer is None or _INSIDE.get() is guard:
            return method(guard, *args, **kwargs)
        token = _INSIDE.set(guard)
        try:
            with tracer.start_as_current_span(CHECK_SPAN) as span:
                started = time.perf_counter_ns()
                report = method(guard, *args, **kwargs)
                _record(span, guard, report, time.perf_counter_ns() - started)
                return report
        finally:
            _INSIDE.reset(token)

    return check


def traced_async(
    method: Callable[Concatenate[Guard, P], Coroutine[Any, Any, Report]],
) -> Callable[Concatenate[Guard, P], Coroutine[Any, Any, Report]]:
    """:func:`traced` for ``Guard.acheck``."""

    @functools.wraps(method)
    async def acheck(guard: Guard, /, *args: P.args, **kwargs: P.kwargs) -> Report:
        # a guard built with telemetry=False skips even the provider look-up
        tracer = _tracer() if guard.telemetry.enabled else None
        if tracer is None or _INSIDE.get() is guard:
            return await method(guard, *args, **kwargs)
        token = _INSIDE.set(guard)
        try:
            with tracer.start_as_current_span(CHECK_SPAN) as span:
                started = time.perf_counter_ns()
                report = await method(guard, *args, **kwargs)
                _record(span, guard, report, time.perf_counter_ns() - started)
                return report
        finally:
            _INSIDE.reset(token)

    return acheck


def record_stream(guard: Guard, report: Report, started: int) -> Report:
    """Record the ``grounding_guard.stream`` span of a stream that began at ``started``
    (``time.time_ns()``) and just made ``report``; returns ``report``."""
    tracer = _tracer() if guard.telemetry.enabled else None
    if tracer is None:
        return report
    try:
        span = tracer.start_span(STREAM_SPAN, start_time=started)
        try:
            _record(span, guard, report, time.time_ns() - started)
        finally:
            span.end()
    except Exception as error:  # telemetry never breaks a check
        _log(error)
    return report


def _record(span: Any, guard: Guard, report: Report, duration_ns: int) -> None:
    """Put the report on ``span``: its attributes and one evaluation event per claim.

    Nothing is built for a span that does not record (a sampler dropped its trace). The
    guard's fingerprint is computed once per guard and copied in; the events share one
    timestamp (the report's: they are all known at once) and carry what a unit needs and
    no more, since the SDK cleans every attribute of every event.
    """
    try:
        if not span.is_recording():
            return
        config = guard.telemetry
        text = _record_text(config)
        attributes = report_attributes(report)
        attributes.update(_state(guard).fingerprint)
        attributes["grounding_guard.duration_ms"] = duration_ns / 1e6
        if text:
            attributes["grounding_guard.answer"] = report.answer
            attributes["grounding_guard.text"] = report.text
        span.set_attributes(attributes)
        events = config.unit_events
        if not (_SETTINGS.unit_events if events is None else events):
            return
        add_event = _event_adder(span)
        at = time.time_ns()
        for unit in report.units:
            if unit.status is not _SKIPPED:
                add_event(EVALUATION_EVENT, _unit_attributes(unit, text), at)
    except Exception as error:  # telemetry never breaks a check
        _log(error)


#: The most attributes one evaluation event carries: name, label, value, explanation,
#: start, end, the ids, the codes and the text.
_EVENT_ATTRIBUTES = 9
_EventAdder = Callable[[str, dict[str, AttributeValue], int], None]


def _event_adder(span: Any) -> _EventAdder:
    """How to add the evaluation events to ``span``.

    The SDK's ``Span.add_event`` copies every attribute of every event through its
    cleaner (type checks, sequences to tuples, string truncation, a count cap) into a
    new locked mapping: about 1 us an attribute and 2 more an event, most of what the
    events cost. Ours need none of it: every value is already a str, int, float or tuple
    of str, and each event has at most :data:`_EVENT_ATTRIBUTES`. So when ``span`` is
    the SDK's own span (its class keeps the SDK's ``add_event``: a subclass that
    overrides it is honoured) and its limits cannot bite (no value length limit, room
    for every attribute), each event is handed over pre-built: the SDK's ``Event``
    holding the attributes as built, through the span's ``_add_event``, the method its
    ``add_event`` ends in (which still checks the span is open and applies the event
    count limit). Six times cheaper an event; the events, as exporters see them, are
    equal (pinned by the tests, OTLP encoding included). Any other span, or limits that
    could bite, get ``add_event``; a pre-built event the span refuses (a later SDK that
    changed its internals) goes through ``add_event`` too.
    """
    sdk = sys.modules.get("opentelemetry.sdk.trace")
    base = getattr(sdk, "Span", None)
    if base is None or not isinstance(span, base) or type(span).add_event is not base.add_event:
        return span.add_event  # type: ignore[no-any-return]
    limits = getattr(span, "_limits", None)
    cap = getattr(limits, "max_event_attributes", 0)
    add = getattr(span, "_add_event", None)
    event = getattr(sdk, "Event", None)
    if (
        add is None
        or event is None
        or getattr(limits, "max_attribute_length", 0) is not None
        or not (cap is None or (isinstance(cap, int) and cap >= _EVENT_ATTRIBUTES))
    ):
        return span.add_event  # type: ignore[no-any-return]
    public = span.add_event

    def add_prebuilt(name: str, attributes: dict[str, AttributeValue], at: int) -> None:
        try:
            add(event(name, attributes, at))
        except (TypeError, AttributeError):  # not the SDK this was written against
            public(name, attributes, at)

    return add_prebuilt


def _log(error: Exception) -> None:
    import logging

    logging.getLogger(__name__).warning("grounding-guard telemetry failed: %r", error)


# ---- attributes ----------------------------------------------------------------------------

_STATUSES = tuple(Status)
# Enum members are slow to look up on their class (about 0.1 us each): the hot paths read
# these module constants
_GROUNDED = Status.GROUNDED
_SKIPPED = Status.SKIPPED
_LABELS = {status: status.value for status in Status}
_COUNT_KEYS = {status: f"grounding_guard.count.{status.value}" for status in Status}
_FAIL_ON: dict[frozenset[Status], tuple[str, ...]] = {}


def _fail_on(statuses: frozenset[Status]) -> tuple[str, ...]:
    found = _FAIL_ON.get(statuses)
    if found is None:
        found = _FAIL_ON[statuses] = tuple(sorted(Status(s).value for s in statuses))
    return found


def report_attributes(report: Report) -> dict[str, AttributeValue]:
    """The report's totals as flat OpenTelemetry attributes (no text of the answer or the
    evidence): what the check span carries, and what the framework adapters attach to
    their runs. ``unresolved_ids`` only when some cited id names no chunk.

    One pass over the units gives the counts, the coverage, ``is_clean`` and the cited
    ids: the same values as the report's properties (which each walk the units again),
    for a fraction of the time on the path of every traced check.
    """
    units = report.units
    counts = dict.fromkeys(_STATUSES, 0)
    cited: dict[str, None] = {}
    for unit in units:
        counts[unit.status] += 1
        for ident in unit.cited:  # distinct, in first-appearance order: Report.cited_ids
            cited[ident] = None
    claims = len(units) - counts[_SKIPPED]
    coverage = counts[_GROUNDED] / claims if claims else 1.0
    failing = any(counts[status] for status in report.fail_on)
    attributes: dict[str, AttributeValue] = {
        "grounding_guard.mode": str(report.mode),
        "grounding_guard.citation_style": str(report.citation_style),
        "grounding_guard.attribution": report.attribution,
        "grounding_guard.units": len(units),
        "grounding_guard.claims": claims,
    }
    for status, count in counts.items():
        attributes[_COUNT_KEYS[status]] = count
    attributes["grounding_guard.coverage"] = coverage
    attributes["grounding_guard.fail_on"] = _fail_on(report.fail_on)
    attributes["grounding_guard.blocked"] = report.blocked
    # Report.is_clean: no failing unit and Report.coverage_ok
    attributes["grounding_guard.is_clean"] = not failing and coverage + 1e-12 >= report.min_coverage
    attributes["grounding_guard.evidence.count"] = len(report.evidence)
    if cited:
        known = {evidence.id for evidence in report.evidence}
        unresolved = tuple(i for i in cited if i not in known)
        if unresolved:
            attributes["grounding_guard.unresolved_ids"] = unresolved
    return attributes


def unit_attributes(unit: Unit, *, record_text: bool = False) -> dict[str, AttributeValue]:
    """The ``gen_ai.evaluation.result`` attributes of one unit (see the module doc);
    ``record_text`` adds the unit's text and the reasons' messages. Id and code lists are
    left out when empty."""
    return _unit_attributes(unit, record_text)


def _unit_attributes(unit: Unit, record_text: bool) -> dict[str, AttributeValue]:
    """:func:`unit_attributes`, called positionally once per unit of every traced check:
    the reason codes are read once (for the codes and the explanation), the status label
    comes from a table, the dict is built in one literal."""
    status = unit.status
    reasons = unit.reasons
    if reasons:
        codes = tuple([reason.code for reason in reasons])
        if record_text:
            explanation = "; ".join(
                [f"{r.code}: {r.message}" if r.message else r.code for r in reasons]
            )
        else:
            explanation = "; ".join(codes)
    else:
        codes = ()
        explanation = _quiet_explanation(unit)
    attributes: dict[str, AttributeValue] = {
        "gen_ai.evaluation.name": EVALUATION_NAME,
        "gen_ai.evaluation.score.label": _LABELS[status],
    }
    if status is _GROUNDED:
        best = -1.0
        for support in unit.support:
            score = support.score
            if best < score <= 1.0:
                best = score
        attributes["gen_ai.evaluation.score.value"] = float(best) if best >= 0.0 else 1.0
    elif status in _FAILED_SCORE:
        attributes["gen_ai.evaluation.score.value"] = 0.0
    attributes["gen_ai.evaluation.explanation"] = explanation
    span = unit.span
    attributes["grounding_guard.unit.start"] = span.start
    attributes["grounding_guard.unit.end"] = span.end
    if unit.cited:
        attributes["grounding_guard.unit.cited_ids"] = unit.cited
    elif unit.support:
        attributes["grounding_guard.unit.support_ids"] = tuple(
            [s.evidence_id for s in unit.support]
        )
    if codes:
        attributes["grounding_guard.unit.codes"] = codes
    if record_text:
        attributes["grounding_guard.unit.text"] = unit.text
    return attributes


def _quiet_explanation(unit: Unit) -> str:
    """The explanation of a unit without reasons: what a grounded unit rests on, else its
    status."""
    if unit.status is _GROUNDED:
        backing = unit.valid or tuple([s.evidence_id for s in unit.support])
        if backing:
            return "supported by " + ", ".join(backing)
    return _LABELS[unit.status]


# ---- the fingerprint -----------------------------------------------------------------------


def judge_fingerprint(guard: Guard) -> dict[str, AttributeValue]:
    """What tells two configurations apart: the package version, the judge (name,
    threshold, model and its file's SHA-256), the lexical threshold, and ``fingerprint``,
    a 16-hex-digit hash of those and of every engine option, the mode, ``fail_on`` and
    ``min_coverage``. Computed once per guard (the model file once per process), again
    only when the guard's judge or options change."""
    return dict(_state(guard).fingerprint)


class _GuardState:
    """What telemetry keeps per guard: the fingerprint and what it was computed from."""

    __slots__ = ("fingerprint", "key")

    def __init__(self, key: tuple[Any, ...], fingerprint: dict[str, AttributeValue]) -> None:
        self.key = key
        self.fingerprint = fingerprint


def _state(guard: Guard) -> _GuardState:
    """The guard's telemetry state, rebuilt when anything its fingerprint rests on
    changed: the judge (by identity, and its threshold), the engine options (by
    identity: a Guard builds them once), the mode, ``fail_on``, ``min_coverage`` and the
    refusal (public attributes a caller may reassign). Comparing that key costs well
    under a microsecond; the fingerprint (JSON and SHA-256 of every option) costs tens."""
    judge = guard.judge
    key = (
        judge,
        getattr(judge, "threshold", None),
        guard.engine_options,
        guard.mode,
        guard.fail_on,
        guard.min_coverage,
        guard.refusal,
    )
    state = _STATES.get(guard)
    if state is None or not _same(state.key, key):
        state = _GuardState(key, _shared_fingerprint(guard, judge))
        with _LOCK:
            _STATES[guard] = state
    return state


#: Fingerprints by configuration, for guards without model files (the most recent kept).
_BY_VALUE: dict[tuple[Any, ...], dict[str, AttributeValue]] = {}
_BY_VALUE_SIZE = 64


def _shared_fingerprint(guard: Guard, judge: Any) -> dict[str, AttributeValue]:
    """The fingerprint of ``guard``, shared by every guard of an equal configuration.

    ``grounding_guard.check()`` builds a new Guard per call, and a fingerprint costs
    about 60 us (rendering every option, the abbreviation lists most, then JSON and
    SHA-256): found here by what it is computed from (the judge's type, name and
    threshold, the engine options, which compare by value, the mode, ``fail_on``,
    ``min_coverage`` and the refusal) it costs a hash of the options, about 2 us. Judges
    with model files are fingerprinted per guard (the file's hash is read afresh), and
    so is a configuration with an unhashable option.
    """
    if getattr(judge, "files", None) is not None or (
        getattr(getattr(judge, "embedding", None), "files", None) is not None
    ):
        return _fingerprint(guard)
    try:
        key = (
            type(judge),
            getattr(judge, "name", None),
            getattr(judge, "threshold", None),
            guard.engine_options,
            guard.mode,
            guard.fail_on,
            guard.min_coverage,
            guard.refusal,
        )
        found = _BY_VALUE.get(key)
    except Exception:  # an option that cannot be hashed or compared: no sharing
        return _fingerprint(guard)
    if found is None:
        found = _fingerprint(guard)
        with _LOCK:
            while len(_BY_VALUE) >= _BY_VALUE_SIZE:
                del _BY_VALUE[next(iter(_BY_VALUE))]
            _BY_VALUE[key] = found
    return found


def _same(cached: tuple[Any, ...], key: tuple[Any, ...]) -> bool:
    """The judge and the options by identity (an equal copy may still differ in what the
    fingerprint reads), the rest by value."""
    return (
        cached[0] is key[0]
        and cached[2] is key[2]
        and cached[1] == key[1]
        and cached[3:] == key[3:]
    )


def _fingerprint(guard: Guard) -> dict[str, AttributeValue]:
    import hashlib
    import json

    judge = guard.judge
    options = guard.engine_options
    attributes: dict[str, AttributeValue] = {
        "grounding_guard.version": _version(),
        "grounding_guard.judge.name": str(getattr(judge, "name", None) or type(judge).__name__),
    }
    threshold = getattr(judge, "threshold", None)
    if isinstance(threshold, (int, float)) and not isinstance(threshold, bool):
        attributes["grounding_guard.judge.threshold"] = float(threshold)
    files = getattr(judge, "files", None)
    if files is None:
        files = getattr(getattr(judge, "embedding", None), "files", None)
    if files is not None:
        attributes["grounding_guard.judge.model"] = str(getattr(files, "name", ""))
        digest = _file_sha256(getattr(files, "model", None))
        if digest is not None:
            attributes["grounding_guard.judge.model_sha256"] = digest
    attributes["grounding_guard.threshold"] = float(getattr(options, "threshold", 0.0))
    described: dict[str, Any] = dict(attributes)
    described["judge.type"] = f"{type(judge).__module__}.{type(judge).__qualname__}"
    if is_dataclass(options):
        for field in fields(options):
            described[f"option.{field.name}"] = _stable(getattr(options, field.name))
    described["mode"] = guard.mode
    described["fail_on"] = sorted(Status(s).value for s in guard.fail_on)
    described["min_coverage"] = guard.min_coverage
    described["refusal"] = guard.refusal
    canonical = json.dumps(described, sort_keys=True, default=str)
    attributes["grounding_guard.fingerprint"] = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return attributes


def _stable(value: Any) -> Any:
    """A rendering of an option that is equal across processes for equal settings."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    pattern = getattr(value, "pattern", None)
    if isinstance(pattern, str):
        return {"pattern": pattern, "flags": int(getattr(value, "flags", 0))}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = [_stable(v) for v in value]
        return items if isinstance(value, (list, tuple)) else sorted(items, key=repr)
    if isinstance(value, Mapping):
        return {str(k): _stable(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _stable(getattr(value, f.name)) for f in fields(value)}
    qualname = getattr(value, "__qualname__", None)
    if isinstance(qualname, str):  # a function or class: where it is defined
        return f"{getattr(value, '__module__', '?')}.{qualname}"
    kind = type(value)
    name = getattr(value, "name", None)
    return f"{kind.__module__}.{kind.__qualname__}" + (f":{name}" if name else "")


def _file_sha256(path: Any) -> str | None:
    """SHA-256 of the file at ``path``, once per (path, size, mtime) and process."""
    import hashlib

    if path is None:
        return None
    try:
        where = os.fspath(path)
        stat = os.stat(where)
    except (OSError, TypeError):
        return None
    if not os.path.isfile(where):
        return None
    key = (where, stat.st_size, stat.st_mtime_ns)
    digest = _FILE_HASHES.get(key)
    if digest is None:
        hasher = hashlib.sha256()
        with open(where, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                hasher.update(block)
        digest = hasher.hexdigest()
        with _LOCK:
            _FILE_HASHES[key] = digest
    return digest

"""What OpenTelemetry recording costs ``Guard.check`` (``grounding_guard.telemetry``).

The answer is the speed benchmark's latency case: 15 cited units against 20 chunks of
about 200 words (``benchmarks/speed.py``'s generators), every unit a claim, so a recorded
check carries one span and 15 ``gen_ai.evaluation.result`` events. Two cases:

- ``warm``: one reused ``Guard(citations="numeric")`` checks the same answer against the
  same evidence every call (``generate_chunks(20, seed=300)``, ``generate_answer(15,
  chunks, seed=301)``): the evidence map and the text caches are warm, the check is as
  fast as it gets, and a fixed telemetry cost weighs the most;
- ``fresh``: ``grounding_guard.check(answer, chunks, citations="numeric")`` (a Guard built
  per call) on a new answer and new evidence each call, from a pool of generated pairs;
  every variant checks every pair once, the pair's uses a pool's length of calls apart,
  so no cache still holds it.

Variants, interleaved call by call so that a busy machine slows them alike:

- ``bare``: the undecorated ``Guard.check`` (``Guard.check.__wrapped__``): no telemetry code;
- ``no provider``: ``Guard.check`` as shipped, OpenTelemetry loaded but no provider set
  (what every application without tracing pays);
- ``simple: span`` / ``simple: span+events``: an SDK ``TracerProvider`` with a
  ``SimpleSpanProcessor`` into an ``InMemorySpanExporter`` (export inline; cleared after
  each call, as an exporter keeps nothing it has sent), with ``configure(unit_events=
  False)`` (the span and its totals, what ``Guard(telemetry="span")`` records) and with
  the per-unit events (the default);
- ``batch: span`` / ``batch: span+events``: the same with a ``BatchSpanProcessor`` (its
  defaults) into an exporter that drops what it is given: what production uses, the
  export left to the processor's thread.

Reported per case and variant: the median CPU time of one call (``time.process_time_ns``:
other processes do not inflate it; it includes the batch processor's thread), the time
it adds to ``bare`` in microseconds and in per cent. In the ``fresh`` case the added time
is the median over pairs of (variant - bare) on the same pair, since pairs differ in cost.

The in-place difference is a small number taken from two large noisy ones, so the
telemetry is also timed alone (``isolated``): :func:`grounding_guard.telemetry.traced`
wrapped around a function that returns a ready report of the warm case, called in runs
of 100: exactly what a traced check adds (the provider look-up, the span, its
attributes, the events, the export), in microseconds per check, and, from the difference
between ``span+events`` and ``span``, per unit event; the ``+ text`` row records the
answer, unit texts and messages too (``record_text=True``). Those microseconds can be
set against any check time: ``at 1 ms`` is the share of a check of one millisecond.
Target: ``batch: span+events`` within 10 % of the warm check.

Run ``python benchmarks/telemetry_overhead.py [--rounds 1500] [--fresh-rounds 300]
[--json OUT]`` with the OpenTelemetry SDK installed (``pip install opentelemetry-sdk``;
the ``dev`` extra has it).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import speed  # the generators of the speed benchmark, same folder

TARGET_OVERHEAD = 0.10
UNITS = 15
CHUNKS = 20
VARIANTS = (
    "bare",
    "no provider",
    "simple: span",
    "simple: span+events",
    "batch: span",
    "batch: span+events",
)
ISOLATED = (
    "no provider",
    "simple: span",
    "simple: span+events",
    "batch: span",
    "batch: span+events",
    "batch: span+events + text",
)
#: calls per isolated sample
ISOLATED_RUN = 100


def providers() -> dict[str, Any]:
    """The two SDK set-ups: ``simple`` (inline export to memory) and ``batch`` (a
    background thread exporting to nowhere), with the in-memory exporter to clear."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import (
        BatchSpanProcessor,
        SimpleSpanProcessor,
        SpanExporter,
        SpanExportResult,
    )
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    class Dropping(SpanExporter):
        """Takes every span and keeps none: the export's cost is the processor's alone."""

        def export(self, spans: Sequence[Any]) -> SpanExportResult:
            return SpanExportResult.SUCCESS

        def shutdown(self) -> None:
            return None

    memory = InMemorySpanExporter()
    simple = TracerProvider()
    simple.add_span_processor(SimpleSpanProcessor(memory))
    batch = TracerProvider()
    batch.add_span_processor(BatchSpanProcessor(Dropping()))
    return {"simple": simple, "batch": batch, "memory": memory}


def settings_of(variant: str, made: dict[str, Any]) -> dict[str, Any]:
    """``telemetry.configure`` arguments of a variant (``bare`` needs none)."""
    if variant in ("bare", "no provider"):
        return {"tracer_provider": None, "unit_events": True, "record_text": False}
    kind, _, what = variant.partition(": ")
    return {
        "tracer_provider": made[kind],
        "unit_events": what.startswith("span+events"),
        "record_text": what.endswith("+ text"),
    }


def pairs(count: int, first_seed: int = 10_000) -> list[tuple[str, dict[str, str]]]:
    """``count`` distinct (answer, chunks) pairs of the latency case's shape."""
    out = []
    for index in range(count):
        chunks = speed.generate_chunks(CHUNKS, seed=first_seed + 2 * index)
        answer = speed.generate_answer(UNITS, chunks, seed=first_seed + 2 * index + 1).text
        out.append((answer, chunks))
    return out


def run_case(
    calls: Callable[[str, int], Any],
    rounds: int,
    warmup: int,
    configure: Callable[[str], None],
    memory: Any,
) -> dict[str, list[int]]:
    """CPU ns of each variant's call in each round, interleaved, no variant always first.
    ``calls(variant, round)`` makes the call."""
    cpu: dict[str, list[int]] = {v: [] for v in VARIANTS}
    for index in range(warmup):
        for variant in VARIANTS:
            configure(variant)
            calls(variant, index)
        memory.clear()
    gc.collect()
    for index in range(rounds):
        turn = index % len(VARIANTS)
        for variant in VARIANTS[turn:] + VARIANTS[:turn]:
            configure(variant)
            started = time.process_time_ns()
            calls(variant, index)
            cpu[variant].append(time.process_time_ns() - started)
            memory.clear()  # exported: an exporter keeps no span after export
    return cpu


def summarise(cpu: dict[str, list[int]], paired: bool) -> dict[str, Any]:
    """Median CPU ms per variant and what each adds to ``bare`` (µs and per cent);
    ``paired``: the added time is the median of per-round differences (fresh pairs)."""
    bare = statistics.median(cpu["bare"])
    rows: dict[str, Any] = {}
    for variant, times in cpu.items():
        median = statistics.median(times)
        if paired:
            added = statistics.median(t - b for t, b in zip(times, cpu["bare"], strict=True))
        else:
            added = median - bare
        rows[variant] = {
            "cpu_p50_ms": round(median / 1e6, 4),
            "added_us": round(added / 1e3, 1),
            "overhead": round(added / bare, 4),
        }
    return rows


def isolated(
    report: Any, guard: Any, samples: int, configure: Callable[[str], None], memory: Any
) -> dict[str, Any]:
    """What the telemetry alone adds to one check (µs), per configuration, and per event."""
    from grounding_guard import telemetry

    def ready(guard: Any) -> Any:
        return report

    traced = telemetry.traced(ready)
    cpu: dict[str, list[float]] = {name: [] for name in ISOLATED}
    for sample in range(samples + 3):  # three warm-up samples
        for name in ISOLATED[sample % len(ISOLATED) :] + ISOLATED[: sample % len(ISOLATED)]:
            configure(name)
            gc.collect()
            started = time.process_time_ns()
            for _ in range(ISOLATED_RUN):
                traced(guard)
            if sample >= 3:
                cpu[name].append((time.process_time_ns() - started) / ISOLATED_RUN / 1e3)
            memory.clear()
    events = len(report.claims)
    out: dict[str, Any] = {"claims": events, "run": ISOLATED_RUN, "samples": samples, "rows": {}}
    for name, times in cpu.items():
        out["rows"][name] = {"us_per_check": round(statistics.median(times), 1)}
    for kind in ("simple", "batch"):
        span = out["rows"][f"{kind}: span"]["us_per_check"]
        full = out["rows"][f"{kind}: span+events"]["us_per_check"]
        out["rows"][f"{kind}: span+events"]["us_per_event"] = round((full - span) / events, 2)
    return out


def measure(
    rounds: int = 1500, fresh_rounds: int = 300, warmup: int = 100, samples: int = 30
) -> dict[str, Any]:
    """Both cases and the isolated cost; leaves ``telemetry.settings()`` as it found it."""
    import grounding_guard
    from grounding_guard import telemetry

    made = providers()
    memory = made["memory"]
    before = telemetry.settings()

    def configure(variant: str) -> None:
        telemetry.configure(**settings_of(variant, made))

    bare = grounding_guard.Guard.check.__wrapped__  # type: ignore[attr-defined]
    chunks = speed.generate_chunks(CHUNKS, seed=300)
    answer = speed.generate_answer(UNITS, chunks, seed=301).text
    guard = grounding_guard.Guard(citations="numeric")

    def warm(variant: str, index: int) -> Any:
        if variant == "bare":
            return bare(guard, answer, chunks)
        return guard.check(answer, chunks)

    pool = pairs(max(fresh_rounds, len(VARIANTS)))
    step = len(pool) // len(VARIANTS)
    slot = {variant: position * step for position, variant in enumerate(VARIANTS)}

    def fresh(variant: str, index: int) -> Any:
        text, evidence = pool[(index + slot[variant]) % len(pool)]
        if variant == "bare":
            return bare(grounding_guard.Guard(citations="numeric"), text, evidence)
        return grounding_guard.check(text, evidence, citations="numeric")

    try:
        warm_cpu = run_case(warm, rounds, warmup, configure, memory)
        # the fresh pool is used once per variant: a warm-up would use it up
        fresh_cpu = run_case(fresh, fresh_rounds, 0, configure, memory)
        # the fresh rounds met pairs at different turns: line them up by pair
        by_pair = {v: _by_pair(fresh_cpu[v], slot[v], len(pool)) for v in VARIANTS}
        report = guard.check(answer, chunks)
        alone = isolated(report, guard, samples, configure, memory)
        configure("simple: span+events")
        memory.clear()
        guard.check(answer, chunks)
        (span,) = memory.get_finished_spans()
        shape = {"span_attributes": len(span.attributes or {}), "events": len(span.events)}
    finally:
        telemetry.configure(
            tracer_provider=before.tracer_provider,
            record_text=before.record_text,
            unit_events=before.unit_events,
        )
        memory.clear()
    warm_rows = summarise(warm_cpu, paired=False)
    fresh_rows = summarise(by_pair, paired=True)
    check_us = warm_rows["bare"]["cpu_p50_ms"] * 1e3
    for row in alone["rows"].values():
        row["of_warm_check"] = round(row["us_per_check"] / check_us, 4)
        row["at_1_ms"] = round(row["us_per_check"] / 1e3, 4)
    # the verdict is read in place (what a user pays), never from the isolated figure
    in_place = {
        case: rows["batch: span+events"]["overhead"]
        for case, rows in (("warm", warm_rows), ("fresh", fresh_rows))
    }
    return {
        "units": UNITS,
        "chunks": CHUNKS,
        "claims": len(report.claims),
        **shape,
        "cases": {
            "warm": {"rounds": rounds, "variants": warm_rows},
            "fresh": {"rounds": fresh_rounds, "pairs": len(pool), "variants": fresh_rows},
        },
        "isolated": alone,
        "target": {
            f"batch_events_in_place_{case}_within_10_percent": overhead <= TARGET_OVERHEAD
            for case, overhead in in_place.items()
        },
    }


def _by_pair(times: list[int], offset: int, size: int) -> list[int]:
    """Round-ordered times of a fresh variant, reordered by the pair each round used, so
    that the variants' lists line up pair by pair (pairs the rounds did not reach: out)."""
    by: dict[int, int] = {(index + offset) % size: t for index, t in enumerate(times)}
    return [by[pair] for pair in range(size) if pair in by]


def render(results: dict[str, Any]) -> str:
    """The three tables the benchmark prints."""
    parts = [
        f"{results['units']} units x {results['chunks']} chunks; a recorded check: 1 span "
        f"({results['span_attributes']} attributes), {results['events']} events",
    ]
    for case, title in (
        ("warm", "warm: one Guard, the same answer and evidence every call"),
        ("fresh", "fresh: grounding_guard.check(), a new answer and new evidence every call"),
    ):
        data = results["cases"][case]
        parts += [
            "",
            f"{title} ({data['rounds']} rounds)",
            speed.table(
                ["variant", "CPU p50 ms", "added", "overhead"],
                [
                    [
                        name,
                        f"{row['cpu_p50_ms']:.3f}",
                        f"{row['added_us']:+.0f} us",
                        f"{row['overhead'] * 100:+.1f} %",
                    ]
                    for name, row in data["variants"].items()
                ],
            ),
        ]
    alone = results["isolated"]
    parts += [
        "",
        f"isolated: the telemetry alone around a ready report ({alone['samples']} samples "
        f"of {alone['run']} calls, medians)",
        speed.table(
            ["configuration", "us / check", "us / event", "of warm check", "at 1 ms"],
            [
                [
                    name,
                    f"{row['us_per_check']:.1f}",
                    f"{row['us_per_event']:.2f}" if "us_per_event" in row else "",
                    f"{row['of_warm_check'] * 100:.1f} %",
                    f"{row['at_1_ms'] * 100:.1f} %",
                ]
                for name, row in alone["rows"].items()
            ],
        ),
        "",
        "targets (batch: span+events in place, within 10 % of the check): "
        + ", ".join(
            f"{key.split('_')[4]} {'PASS' if ok else 'FAIL'}"
            for key, ok in results["target"].items()
        ),
    ]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1500, help="rounds of the warm case")
    parser.add_argument(
        "--fresh-rounds", type=int, default=300, help="rounds (and pairs) of the fresh case"
    )
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    results = measure(args.rounds, args.fresh_rounds)
    results["machine"] = {
        "python": platform.python_version(),
        "processor": platform.processor() or platform.machine(),
    }
    print(render(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

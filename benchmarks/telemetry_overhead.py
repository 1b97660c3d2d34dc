"""Overhead of OpenTelemetry recording on ``Guard.check`` (``grounding_guard.telemetry``).

Case: the speed benchmark's latency case, a 15-unit cited answer against 20 chunks of
about 200 words (``benchmarks/speed.py``: ``generate_chunks(20, seed=300)``,
``generate_answer(15, chunks, seed=301)``), checked by one reused
``Guard(citations="numeric")``. Variants, interleaved call by call so that a busy machine
slows them alike:

- ``bare``: the undecorated ``Guard.check`` (``Guard.check.__wrapped__``): no telemetry code;
- ``no provider``: ``Guard.check`` as shipped, OpenTelemetry loaded but no provider set
  (what every application without tracing pays);
- ``active``: an SDK ``TracerProvider`` with a ``SimpleSpanProcessor`` into an
  ``InMemorySpanExporter`` (export inline, nothing left for a background thread; cleared
  after each call, as an exporter keeps nothing it has sent): one span with its
  attributes and one ``gen_ai.evaluation.result`` event per claim unit;
- ``active + text``: the same with ``configure(record_text=True)``;
- ``span only``: active, with ``configure(unit_events=False)``: the span and its totals,
  no per-unit events.

Reported per variant: the median CPU time of one call (``time.process_time_ns``: other
processes on the machine do not inflate it) and the median wall time; the overhead is
the median over rounds of (variant / bare - 1), rounds being consecutive calls of every
variant. Target: ``active`` within 10 % of ``bare``.

Run ``python benchmarks/telemetry_overhead.py [--rounds 2000] [--json OUT]`` with the
OpenTelemetry SDK installed (``pip install opentelemetry-sdk``; the ``dev`` extra has it).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import speed  # the generators of the speed benchmark, same folder

TARGET_OVERHEAD = 0.10
UNITS = 15
CHUNKS = 20


def build() -> tuple[Callable[[str], Any], dict[str, Any]]:
    """The call to time per variant name, and the pieces to inspect afterwards."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    import grounding_guard
    from grounding_guard import telemetry

    chunks = speed.generate_chunks(CHUNKS, seed=300)
    answer = speed.generate_answer(UNITS, chunks, seed=301).text
    guard = grounding_guard.Guard(citations="numeric")
    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    bare = grounding_guard.Guard.check.__wrapped__  # type: ignore[attr-defined]
    settings = {
        "no provider": {"tracer_provider": None, "record_text": False, "unit_events": True},
        "active": {"tracer_provider": provider, "record_text": False, "unit_events": True},
        "active + text": {"tracer_provider": provider, "record_text": True, "unit_events": True},
        "span only": {"tracer_provider": provider, "record_text": False, "unit_events": False},
    }

    def call(variant: str) -> Any:
        if variant == "bare":
            return bare(guard, answer, chunks)
        return guard.check(answer, chunks)

    def prepare(variant: str) -> None:
        if variant != "bare":
            telemetry.configure(**settings[variant])

    return call, {
        "prepare": prepare,
        "memory": memory,
        "report": guard.check(answer, chunks),
        "telemetry": telemetry,
    }


VARIANTS = ("bare", "no provider", "active", "active + text", "span only")


def measure(rounds: int, warmup: int = 200) -> dict[str, Any]:
    call, parts = build()
    prepare, memory, telemetry = parts["prepare"], parts["memory"], parts["telemetry"]
    before = telemetry.settings()
    cpu: dict[str, list[int]] = {v: [] for v in VARIANTS}
    wall: dict[str, list[int]] = {v: [] for v in VARIANTS}
    try:
        for variant in VARIANTS * (warmup // len(VARIANTS) + 1):
            prepare(variant)
            call(variant)
        gc.collect()
        for index in range(rounds):
            turn = index % len(VARIANTS)
            order = VARIANTS[turn:] + VARIANTS[:turn]  # no variant always first
            for variant in order:
                prepare(variant)
                started_cpu, started_wall = time.process_time_ns(), time.perf_counter_ns()
                call(variant)
                cpu[variant].append(time.process_time_ns() - started_cpu)
                wall[variant].append(time.perf_counter_ns() - started_wall)
                memory.clear()  # exported: an exporter keeps no span after export
        prepare("active")
        memory.clear()
        call("active")
        (span,) = memory.get_finished_spans()
        events = len(span.events)
        attributes = len(span.attributes or {})
    finally:
        telemetry.configure(
            tracer_provider=before.tracer_provider,
            record_text=before.record_text,
            unit_events=before.unit_events,
        )
    out: dict[str, Any] = {
        "units": UNITS,
        "chunks": CHUNKS,
        "rounds": rounds,
        "claims": len(parts["report"].claims),
        "span_attributes": attributes,
        "events": events,
        "variants": {},
    }
    for variant in VARIANTS:
        ratios = [c / b - 1.0 for c, b in zip(cpu[variant], cpu["bare"], strict=True) if b > 0]
        out["variants"][variant] = {
            "cpu_p50_ms": round(statistics.median(cpu[variant]) / 1e6, 4),
            "wall_p50_ms": round(statistics.median(wall[variant]) / 1e6, 4),
            "overhead_p50": round(statistics.median(ratios), 4),
            "overhead_of_medians": round(
                statistics.median(cpu[variant]) / statistics.median(cpu["bare"]) - 1.0, 4
            ),
            "added_us": round(
                (statistics.median(cpu[variant]) - statistics.median(cpu["bare"])) / 1e3, 1
            ),
        }
    active = out["variants"]["active"]["overhead_of_medians"]
    out["target"] = {"active_within_10_percent": active <= TARGET_OVERHEAD}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    results = measure(args.rounds)
    results["machine"] = {
        "python": platform.python_version(),
        "processor": platform.processor() or platform.machine(),
    }
    print(
        f"{results['units']} units x {results['chunks']} chunks, {results['rounds']} rounds; "
        f"active: 1 span ({results['span_attributes']} attributes), "
        f"{results['events']} events"
    )
    print(
        speed.table(
            ["variant", "CPU p50 ms", "wall p50 ms", "overhead", "added"],
            [
                [
                    name,
                    f"{row['cpu_p50_ms']:.3f}",
                    f"{row['wall_p50_ms']:.3f}",
                    f"{row['overhead_of_medians'] * 100:+.1f} %",
                    f"{row['added_us']:+.0f} us",
                ]
                for name, row in results["variants"].items()
            ],
        )
    )
    print("target (active within 10 %):", results["target"]["active_within_10_percent"])
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

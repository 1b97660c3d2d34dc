"""Speed of the default model judge (``Guard(judge="model")``, ``grounding-guard[model]``).

The default model judge is the combined judge (``grounding_guard.judges.model.default_judge``):
lexical features plus the all-MiniLM-L6-v2 int8 ONNX cosine, weighed by a fitted logistic
model; the model runs only where the words alone cannot settle the verdict, and stops at
the first window that settles it. ``--judge embedding`` measures the plain cosine judge
(``load_judge("default")``) instead.

Case: a 15-unit uncited answer checked against 20 chunks of about 200 words
(``check(..., citations="none", judge=...)``: each unit is attributed to a chunk and
scored against its pre-selected sentence windows).

Reported:

- ``load``: ``load_judge("default").load()`` in a fresh process (tokenizer + ONNX Runtime
  session), and the same with ``import onnxruntime`` counted in;
- ``cold`` p50/p90: the model's caches emptied before every run, so every window and
  claim is embedded again (a new answer against new evidence);
- ``warm`` p50/p90: caches kept (the same evidence checked again: only new claims cost);
- ``cold_cpu``: CPU time of the cold runs, all threads together (a check on wall times
  taken on a busy machine: other processes inflate wall time, not this).

Targets (2 cores): cold p50 < 300 ms, load < 1 s. Run
``python benchmarks/model_speed.py [--runs 30] [--threads 2] [--json OUT]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from typing import Any

TARGET_P50_MS = 300.0
TARGET_LOAD_S = 1.0
CHUNK_WORDS = 200

SUBJECTS = [
    "The northern bridge",
    "The city council",
    "The research team",
    "The old library",
    "The river port",
    "The national museum",
    "The regional airline",
    "The water utility",
    "The university hospital",
    "The coastal railway",
    "The wind farm",
    "The public school board",
    "The central bank",
    "The football club",
    "The art festival",
    "The mining company",
]
VERBS = [
    "opened",
    "expanded",
    "renovated",
    "reported",
    "approved",
    "completed",
    "announced",
    "funded",
    "closed",
    "delayed",
    "hosted",
    "replaced",
]
OBJECTS = [
    "a new terminal for regional flights",
    "a program of free evening classes",
    "the eastern wing of its main building",
    "a plan to cut energy use by a third",
    "a collection of medieval maps",
    "two additional lines to the suburbs",
    "a study of air quality near schools",
    "a budget for flood defences",
    "the annual summer concert series",
    "a partnership with local farmers",
    "a network of charging stations",
    "the restoration of the clock tower",
]
TAILS = [
    "after a public consultation that lasted several months",
    "despite objections from residents of the nearby district",
    "with support from the national government",
    "following a sharp rise in visitor numbers",
    "as part of a ten year development strategy",
    "once the engineers had finished their safety review",
]


def _sentence(rng: random.Random) -> str:
    year = rng.randint(1950, 2023)
    amount = rng.randint(2, 900)
    return (
        f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} in {year} "
        f"at a cost of {amount} million euros, {rng.choice(TAILS)}."
    )


def make_chunks(count: int = 20, seed: int = 3) -> dict[str, str]:
    """``count`` chunks of about ``CHUNK_WORDS`` words of plain English sentences."""
    rng = random.Random(seed)
    chunks = {}
    for number in range(1, count + 1):
        sentences: list[str] = []
        while sum(len(s.split()) for s in sentences) < CHUNK_WORDS:
            sentences.append(_sentence(rng))
        chunks[str(number)] = " ".join(sentences)
    return chunks


def make_answer(chunks: dict[str, str], units: int = 15, seed: int = 4) -> str:
    """``units`` sentences: most restate a chunk sentence in other words, some are new."""
    rng = random.Random(seed)
    out = []
    for index in range(units):
        chunk = chunks[rng.choice(sorted(chunks))]
        sentence = rng.choice([s for s in chunk.split(". ") if s]).rstrip(".")
        if index % 5 == 4:
            out.append(_sentence(rng))  # not in the evidence
        elif index % 2:
            words = sentence.split(" at a cost of ")[0]
            out.append(f"According to the sources, {words[0].lower()}{words[1:]}.")
        else:
            out.append(sentence + ".")
    return " ".join(out)


def build_judge(kind: str, threads: int | None) -> Any:
    """The judge measured: ``model`` (the combined default) or ``embedding``."""
    from grounding_guard.judges.model import default_judge, load_judge

    if kind == "model":
        return default_judge(threads=threads)
    return load_judge("default", threads=threads)


def measure_load(kind: str, threads: int | None) -> dict[str, float]:
    """Load times in fresh processes (seconds)."""
    code = (
        "import sys, time; t0 = time.perf_counter(); import onnxruntime, tokenizers, numpy; "
        f"t1 = time.perf_counter(); sys.path.insert(0, {os.path.dirname(__file__)!r}); "
        "from model_speed import build_judge; "
        f"j = build_judge({kind!r}, {threads!r}); t2 = time.perf_counter(); j.load(); "
        "t3 = time.perf_counter(); print(t1 - t0, t3 - t2, t3 - t0)"
    )
    runs = []
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        runs.append([float(x) for x in out])
    return {
        "import_s": statistics.median(r[0] for r in runs),
        "load_s": statistics.median(r[1] for r in runs),
        "import_and_load_s": statistics.median(r[2] for r in runs),
    }


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure_latency(kind: str, runs: int, threads: int | None) -> dict[str, Any]:
    """p50/p90 of one check of the 15-unit answer, cold and warm (milliseconds)."""
    from grounding_guard import Guard

    chunks = make_chunks()
    answer = make_answer(chunks)
    judge = build_judge(kind, threads)
    model = judge.load()
    guard = Guard(citations="none", judge=judge)
    report = guard.check(answer, chunks)  # warm-up (and the evidence map is read once)
    statuses = report.counts
    timings: dict[str, list[float]] = {"cold": [], "warm": [], "cold_cpu": []}
    embedded: list[int] = []
    for _ in range(runs):
        judge.clear_cache()
        before = model.computed
        start, cpu = time.perf_counter(), time.process_time()
        guard.check(answer, chunks)
        timings["cold"].append((time.perf_counter() - start) * 1000)
        timings["cold_cpu"].append((time.process_time() - cpu) * 1000)
        embedded.append(model.computed - before)
    for _ in range(runs):
        start = time.perf_counter()
        guard.check(answer, chunks)
        timings["warm"].append((time.perf_counter() - start) * 1000)
    return {
        "units": len(report.units),
        "chunks": len(chunks),
        "statuses": statuses,
        "texts_embedded_per_cold_run": statistics.median(embedded),
        **{
            f"{kind}_{name}_ms": round(_percentile(values, share), 1)
            for kind, values in timings.items()
            for name, share in (("p50", 0.5), ("p90", 0.9))
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--threads", type=int, default=2, help="ONNX Runtime intra-op threads")
    parser.add_argument(
        "--judge",
        choices=("model", "embedding"),
        default="model",
        help="model: the combined default (Guard(judge='model')); embedding: plain cosine",
    )
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    threads = args.threads or None
    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine(),
        },
        "judge": args.judge,
        "threads": threads,
        "runs": args.runs,
        "load": measure_load(args.judge, threads),
        "latency": measure_latency(args.judge, args.runs, threads),
    }
    load, latency = results["load"], results["latency"]
    results["targets"] = {
        "cold_p50_under_300_ms": latency["cold_p50_ms"] < TARGET_P50_MS,
        "load_under_1_s": load["load_s"] < TARGET_LOAD_S,
    }
    print(
        f"{args.judge} judge, {latency['units']} units x {latency['chunks']} chunks "
        f"({args.runs} runs, {threads} threads)\n"
        f"  load: {load['load_s'] * 1000:.0f} ms (import + load "
        f"{load['import_and_load_s'] * 1000:.0f} ms)\n"
        f"  cold: p50 {latency['cold_p50_ms']} ms, p90 {latency['cold_p90_ms']} ms "
        f"({latency['texts_embedded_per_cold_run']} texts embedded per run)\n"
        f"  cold CPU time (all threads): p50 {latency['cold_cpu_p50_ms']} ms\n"
        f"  warm: p50 {latency['warm_p50_ms']} ms, p90 {latency['warm_p90_ms']} ms\n"
        f"  statuses: {latency['statuses']}"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())

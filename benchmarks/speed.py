"""Speed benchmark of grounding-guard, side by side with its peers.

Sections: throughput on a cited answer (against groundcite and citation-integrity-check),
latency of a small check, scaling with answer length, adversarial inputs (catastrophic
backtracking guard) and import time. Everything runs on one core, timed with
``time.perf_counter`` after warm-up runs, medians of several repeats.

Run ``bash benchmarks/run.sh`` (own venv, peers pinned) or ``python benchmarks/speed.py``
with any interpreter that can import ``grounding_guard``; ``--quick`` for a smoke run,
``--json OUT`` to also write the results. See ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import importlib.metadata
import io
import json
import math
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

# -------------------------------------------------------------------------------------------
# Targets
# -------------------------------------------------------------------------------------------

TARGET_PEER_RATIO = 1.0  # at least citation-integrity-check's speed on the two fresh cases
TARGET_FRESH_P50_MS = 5.0  # 15 distinct units, 20 fresh chunks per call
TARGET_WARM_P50_MS = 2.0  # the same answer and evidence through a reused Guard
TARGET_UNITS_PER_S = 50_000.0  # 1,000-unit cited answer against 3 chunks
TARGET_LINEAR_FACTOR = 2.0  # time per unit at the largest size within 2x of at 1,000
TARGET_ADVERSARIAL_S = 1.0
TARGET_IMPORT_MS = 100.0

GG = "grounding-guard"
GROUNDCITE = "groundcite"
CIC = "citation-integrity-check"
TOOLS = (GG, GROUNDCITE, CIC)

WHAT_EACH_TOOL_DOES = {
    GG: "segments into units, resolves ids, judges support (stems, overlap, containment), "
    "term checks (names, figures, negation, direction), per-unit verdicts with spans",
    GROUNDCITE: "extracts ids and checks they are in the source list; sentence citation "
    "coverage; never reads the chunk texts (no support check)",
    CIC: "resolves ids per sentence; token overlap of each cited sentence with its source "
    "(threshold 0.2); no term checks, no spans",
}

# -------------------------------------------------------------------------------------------
# Deterministic data
# -------------------------------------------------------------------------------------------

_ONSETS = "bdgklmnprstvz"
_VOWELS = "aeiou"
_CODAS = "kmxz"  # pseudo-words end here: no collision with English lexicons or stemming
FUNCTION_WORDS = ("the", "of", "and", "in", "to", "a", "with", "for", "on", "by", "from", "at")
CHUNK_WORDS = 200
PLACEHOLDER = "[citation needed]"

#: Share of each unit kind in a generated answer (sums to 1).
UNIT_MIX: tuple[tuple[str, float], ...] = (
    ("grounded", 0.50),  # an evidence sentence, cited to its chunk (sometimes plus another)
    ("miscited", 0.10),  # an evidence sentence cited to another chunk
    ("fabricated", 0.08),  # fresh words cited to a real chunk
    ("forged", 0.12),  # an evidence sentence cited to an id that does not exist
    ("uncited", 0.12),  # an evidence sentence with no marker
    ("placeholder", 0.08),  # a sentence whose citation is "[citation needed]"
)


def make_vocabulary(size: int = 3000, seed: int = 7) -> list[str]:
    """``size`` distinct pseudo-words (2-3 syllables and a coda), deterministic."""
    rng = random.Random(seed)
    seen: set[str] = set()
    words: list[str] = []
    while len(words) < size:
        syllables = rng.randint(2, 3)
        word = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(syllables))
        word += rng.choice(_CODAS)
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


VOCABULARY = make_vocabulary()
NAMES = [w.capitalize() for w in make_vocabulary(200, seed=11)]


def make_sentence_words(rng: random.Random, low: int = 10, high: int = 20) -> list[str]:
    """One sentence as words (first capitalised, no final stop): content, function words,
    now and then an integer or a capitalised name."""
    count = rng.randint(low, high)
    words: list[str] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.30:
            words.append(rng.choice(FUNCTION_WORDS))
        elif roll < 0.34:
            words.append(str(rng.randint(2, 999)))
        elif roll < 0.37 and words:
            words.append(rng.choice(NAMES))
        else:
            words.append(rng.choice(VOCABULARY))
    words[0] = words[0].capitalize()
    return words


def generate_chunks(count: int, seed: int = 1, words: int = CHUNK_WORDS) -> dict[str, str]:
    """``count`` chunks of about ``words`` words each, ids ``"1"``..``str(count)``."""
    rng = random.Random(seed)
    chunks: dict[str, str] = {}
    for number in range(1, count + 1):
        sentences: list[str] = []
        total = 0
        while total < words:
            sentence = make_sentence_words(rng)
            sentences.append(" ".join(sentence) + ".")
            total += len(sentence)
        chunks[str(number)] = " ".join(sentences)
    return chunks


def chunk_sentences(chunks: dict[str, str]) -> dict[str, list[str]]:
    """Each chunk's sentences without their final stop (the generator's own cut)."""
    return {cid: [s.rstrip(".") for s in text.split(". ")] for cid, text in chunks.items()}


@dataclass(frozen=True)
class Answer:
    """A generated answer: the text (one unit per line) and the kind of each unit."""

    text: str
    kinds: tuple[str, ...]

    @property
    def units(self) -> int:
        """Number of generated units."""
        return len(self.kinds)


def _pick_kind(rng: random.Random) -> str:
    roll = rng.random()
    for kind, share in UNIT_MIX:
        if roll < share:
            return kind
        roll -= share
    return UNIT_MIX[0][0]


def _unit_line(rng: random.Random, kind: str, ids: list[str], own: str, body: str) -> str:
    """One answer line of ``kind`` whose words come from chunk ``own`` (``body``): the
    marker the kind calls for before the stop (fresh words for a fabricated unit)."""
    if kind == "grounded":
        marker = f"[{own}]"
        if len(ids) > 1 and rng.random() < 0.2:
            marker += f"[{rng.choice([i for i in ids if i != own])}]"
    elif kind == "miscited":
        marker = f"[{rng.choice([i for i in ids if i != own])}]"
    elif kind == "fabricated":
        body = " ".join(make_sentence_words(rng))
        marker = f"[{own}]"
    elif kind == "forged":
        marker = f"[{len(ids) + rng.randint(1, 900)}]"
    elif kind == "uncited":
        marker = ""
    else:
        marker = PLACEHOLDER
    return f"{body} {marker}." if marker else f"{body}."


def generate_answer(units: int, chunks: dict[str, str], seed: int = 2) -> Answer:
    """A cited answer of ``units`` sentences built mostly from the chunks' sentences.

    One sentence per line, marker before the stop (``... words [3].``), so every
    segmenter (line-based or a real sentence splitter) and every peer sees the same
    ``units`` units. Multi-citations are written ``[3][5]``, a form all tools read.
    """
    rng = random.Random(seed)
    source = chunk_sentences(chunks)
    ids = list(chunks)
    lines: list[str] = []
    kinds: list[str] = []
    for _ in range(units):
        kind = _pick_kind(rng)
        if kind == "miscited" and len(ids) < 2:
            kind = "grounded"
        own = rng.choice(ids)
        lines.append(_unit_line(rng, kind, ids, own, rng.choice(source[own])))
        kinds.append(kind)
    return Answer("\n".join(lines) + "\n", tuple(kinds))


def _window(rng: random.Random, sentence: str, low: int = 6) -> str:
    """A run of at least ``low`` consecutive words of ``sentence``, capitalised."""
    words = sentence.split()
    size = rng.randint(min(low, len(words)), len(words))
    start = rng.randint(0, len(words) - size)
    piece = " ".join(words[start : start + size])
    return piece[0].upper() + piece[1:]


def generate_distinct_answer(units: int, chunks: dict[str, str], seed: int = 2) -> Answer:
    """Like :func:`generate_answer`, but no two units are alike: each body is a fresh run
    of words of an evidence sentence (or fresh words), so no cache of earlier units helps.
    This is what a RAG server sees: every answer new, every chunk set new."""
    rng = random.Random(seed)
    source = chunk_sentences(chunks)
    ids = list(chunks)
    seen: set[str] = set()
    lines: list[str] = []
    kinds: list[str] = []
    while len(lines) < units:
        kind = _pick_kind(rng)
        if kind == "miscited" and len(ids) < 2:
            kind = "grounded"
        own = rng.choice(ids)
        line = _unit_line(rng, kind, ids, own, _window(rng, rng.choice(source[own])))
        if line in seen:
            continue
        seen.add(line)
        lines.append(line)
        kinds.append(kind)
    return Answer("\n".join(lines) + "\n", tuple(kinds))


ADVERSARIAL_SIZE = 2_000_000  # characters
ADVERSARIAL_PATTERNS: dict[str, str] = {
    "brackets": "[",
    "colons": "a: ",
    "semicolons": ";",
    "initials": "A. ",
    "cite-openers": "[[cite:",
    "section-signs": "\u00a7 ",
    "digit-commas": "1,",
}


def adversarial_text(name: str, size: int = ADVERSARIAL_SIZE) -> str:
    """``size`` characters of one repeated adversarial pattern."""
    piece = ADVERSARIAL_PATTERNS[name]
    return (piece * (size // len(piece) + 1))[:size]


# -------------------------------------------------------------------------------------------
# Tools under test
# -------------------------------------------------------------------------------------------

Runner = Callable[[str, dict[str, str]], Any]


def grounding_guard_runner() -> Runner:
    """``grounding_guard.check`` with default options and numeric citations."""
    import grounding_guard

    def run(answer: str, chunks: dict[str, str]) -> Any:
        return grounding_guard.check(answer, chunks, citations="numeric")

    return run


def groundcite_runner() -> Runner | None:
    """``groundcite.validate`` with the NUMERIC pattern and the source ids, or ``None``."""
    try:
        groundcite = importlib.import_module("groundcite")
    except ImportError:
        return None

    def run(answer: str, chunks: dict[str, str]) -> Any:
        return groundcite.validate(answer, list(chunks), pattern=groundcite.NUMERIC)

    return run


def cic_runner() -> Runner | None:
    """``citation_integrity_check.verify`` with ``{"id", "text"}`` sources, or ``None``."""
    try:
        citation_integrity_check = importlib.import_module("citation_integrity_check")
    except ImportError:
        return None

    def run(answer: str, chunks: dict[str, str]) -> Any:
        sources = [{"id": cid, "text": text} for cid, text in chunks.items()]
        return citation_integrity_check.verify(answer, sources)

    return run


def runners(tools: Sequence[str] = TOOLS) -> dict[str, Runner | None]:
    """The runner of each tool; ``None`` for a peer that is not installed."""
    makers: dict[str, Callable[[], Runner | None]] = {
        GG: grounding_guard_runner,
        GROUNDCITE: groundcite_runner,
        CIC: cic_runner,
    }
    return {tool: makers[tool]() for tool in tools}


def tool_version(tool: str) -> str:
    """The installed version of ``tool``, or ``"not installed"``."""
    try:
        return importlib.metadata.version(tool)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


# -------------------------------------------------------------------------------------------
# Timing
# -------------------------------------------------------------------------------------------


def time_call(fn: Callable[[], Any], warmup: int, repeats: int) -> list[float]:
    """Seconds of each of ``repeats`` calls of ``fn`` after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    times: list[float] = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile (0..1) of ``values``, linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    position = (len(ordered) - 1) * share
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class Settings:
    """How hard each section works (``--quick`` lowers everything)."""

    warmup: int
    repeats: int
    latency_runs: int
    scaling_sizes: tuple[int, ...]
    scaling_size_budget_s: float
    scaling_skip_above_s: float
    adversarial_chars: int
    adversarial_timeout_s: float
    import_runs: int


FULL = Settings(2, 7, 500, (100, 1_000, 10_000, 100_000), 8.0, 45.0, ADVERSARIAL_SIZE, 10.0, 5)
QUICK = Settings(1, 3, 200, (100, 1_000, 10_000), 2.0, 8.0, 200_000, 5.0, 3)


def measure_throughput(
    units: int,
    chunk_counts: Sequence[int],
    tools: Sequence[str] = TOOLS,
    warmup: int = 2,
    repeats: int = 7,
) -> dict[str, Any]:
    """Units/s of each tool on a ``units``-unit cited answer against each chunk count."""
    tool_runners = runners(tools)
    cases: list[dict[str, Any]] = []
    for count in chunk_counts:
        chunks = generate_chunks(count, seed=100 + count)
        answer = generate_answer(units, chunks, seed=200 + count)
        case: dict[str, Any] = {
            "chunks": count,
            "units": answer.units,
            "answer_chars": len(answer.text),
            "tools": {},
        }
        for tool, run in tool_runners.items():
            if run is None:
                case["tools"][tool] = {"installed": False}
                continue
            result = run(answer.text, chunks)
            times = time_call(partial(run, answer.text, chunks), warmup, repeats)
            median = statistics.median(times)
            entry: dict[str, Any] = {
                "installed": True,
                "median_s": median,
                "min_s": min(times),
                "units_per_s": answer.units / median,
            }
            if tool == GG:
                entry["units_seen"] = len(result.units)
                entry["counts"] = result.counts
            case["tools"][tool] = entry
        gg = case["tools"].get(GG, {})
        case["ratios"] = {
            peer: gg["units_per_s"] / data["units_per_s"]
            for peer, data in case["tools"].items()
            if peer != GG and data.get("installed") and gg.get("installed")
        }
        cases.append(case)
    return {"units": units, "cases": cases}


def _process_seconds(run: Runner, answer: str, chunks: dict[str, str]) -> float:
    """CPU seconds of one call (process time: other load on the machine counts less)."""
    start = time.process_time()
    run(answer, chunks)
    return time.process_time() - start


def measure_distinct(
    units: int = 1_000, chunk_count: int = 20, repeats: int = 5, tools: Sequence[str] = TOOLS
) -> dict[str, Any]:
    """Units/s of each tool on ``units`` distinct cited units against ``chunk_count``
    chunks, a fresh chunk set and answer for every repeat (the tools alternate on each
    input, so load on the machine weighs on them alike); the median over repeats."""
    tool_runners = {t: r for t, r in runners(tools).items() if r is not None}
    warm_chunks = generate_chunks(chunk_count, seed=900)
    warm = generate_distinct_answer(units, warm_chunks, seed=901).text
    for run in tool_runners.values():
        run(warm, warm_chunks)
    times: dict[str, list[float]] = {t: [] for t in tool_runners}
    for repeat in range(repeats):
        chunks = generate_chunks(chunk_count, seed=910 + repeat)
        answer = generate_distinct_answer(units, chunks, seed=920 + repeat).text
        for tool, run in tool_runners.items():
            gc.collect()
            times[tool].append(_process_seconds(run, answer, chunks))
    out: dict[str, Any] = {"units": units, "chunks": chunk_count, "repeats": repeats, "tools": {}}
    for tool in tools:
        if tool not in times:
            out["tools"][tool] = {"installed": False}
            continue
        median = statistics.median(times[tool])
        out["tools"][tool] = {"installed": True, "median_s": median, "units_per_s": units / median}
    gg = out["tools"].get(GG, {})
    out["ratios"] = {
        peer: gg["units_per_s"] / data["units_per_s"]
        for peer, data in out["tools"].items()
        if peer != GG and data.get("installed") and gg.get("installed")
    }
    return out


def measure_fresh(
    runs: int = 300, units: int = 15, chunk_count: int = 20, tools: Sequence[str] = TOOLS
) -> dict[str, Any]:
    """p50/p95 of each tool on a ``units``-unit distinct answer with ``chunk_count`` fresh
    chunks per call (no evidence is ever seen twice), and grounding-guard's warm p50: a
    reused ``Guard`` re-checking one answer against evidence it has read."""
    import grounding_guard

    tool_runners = {t: r for t, r in runners(tools).items() if r is not None}
    inputs = []
    for number in range(runs + 20):
        chunks = generate_chunks(chunk_count, seed=5_000 + number)
        inputs.append((generate_distinct_answer(units, chunks, seed=6_000 + number).text, chunks))
    times: dict[str, list[float]] = {t: [] for t in tool_runners}
    for number, (answer, chunks) in enumerate(inputs):
        for tool, run in tool_runners.items():
            spent = _process_seconds(run, answer, chunks)
            if number >= 20:  # the first calls warm the interpreter and the stem table
                times[tool].append(spent)
    out: dict[str, Any] = {"units": units, "chunks": chunk_count, "runs": runs, "tools": {}}
    for tool in tools:
        if tool not in times:
            out["tools"][tool] = {"installed": False}
            continue
        out["tools"][tool] = {
            "installed": True,
            "p50_ms": percentile(times[tool], 0.5) * 1e3,
            "p95_ms": percentile(times[tool], 0.95) * 1e3,
        }
    gg = out["tools"].get(GG, {})
    out["ratios"] = {
        peer: data["p50_ms"] / gg["p50_ms"]
        for peer, data in out["tools"].items()
        if peer != GG and data.get("installed") and gg.get("installed")
    }
    guard = grounding_guard.Guard(citations="numeric")
    answer, chunks = inputs[0]
    warm = [_process_seconds(lambda a, c: guard.check(a, c), answer, chunks) for _ in range(runs)]
    out["warm_p50_ms"] = percentile(warm[runs // 10 :], 0.5) * 1e3
    return out


def measure_latency(runs: int = 500, units: int = 15, chunk_count: int = 20) -> dict[str, Any]:
    """p50/p95 of ``grounding_guard.check`` and of a reused ``Guard`` on a small answer."""
    import grounding_guard

    chunks = generate_chunks(chunk_count, seed=300)
    answer = generate_answer(units, chunks, seed=301).text
    guard = grounding_guard.Guard(citations="numeric")
    calls: dict[str, Callable[[], Any]] = {
        "check()": lambda: grounding_guard.check(answer, chunks, citations="numeric"),
        "Guard reused": lambda: guard.check(answer, chunks),
    }
    out: dict[str, Any] = {"units": units, "chunks": chunk_count, "runs": runs, "calls": {}}
    for name, call in calls.items():
        times = time_call(call, max(20, runs // 10), runs)
        out["calls"][name] = {
            "p50_ms": percentile(times, 0.5) * 1e3,
            "p95_ms": percentile(times, 0.95) * 1e3,
            "max_ms": max(times) * 1e3,
        }
    return out


def measure_scaling(
    sizes: Sequence[int],
    chunk_count: int = 3,
    repeats: int = 5,
    size_budget_s: float = 8.0,
    skip_above_s: float = 40.0,
) -> dict[str, Any]:
    """Time and units/s of ``grounding_guard.check`` as the answer grows.

    Each size runs once, then repeats while its samples stay within ``size_budget_s``
    (the code is warm from the smaller sizes); the median is reported. A size whose time,
    projected from the growth seen so far, exceeds ``skip_above_s`` is skipped: a
    superlinear check cannot hang the benchmark.
    """
    run = grounding_guard_runner()
    chunks = generate_chunks(chunk_count, seed=400)
    run(generate_answer(100, chunks, seed=401).text, chunks)  # warm-up
    rows: list[dict[str, Any]] = []
    for size in sizes:
        projected = _project(rows, size)
        if projected is not None and projected > skip_above_s:
            rows.append({"units": size, "skipped": True, "projected_s": projected})
            continue
        answer = generate_answer(size, chunks, seed=401).text
        times = time_call(partial(run, answer, chunks), 0, 1)
        while len(times) < repeats and sum(times) + times[0] <= size_budget_s:
            times += time_call(partial(run, answer, chunks), 0, 1)
        median = statistics.median(times)
        rows.append(
            {
                "units": size,
                "skipped": False,
                "median_s": median,
                "units_per_s": size / median,
                "us_per_unit": median / size * 1e6,
                "repeats": len(times),
            }
        )
    measured = [r for r in rows if not r["skipped"]]
    base = next((r for r in measured if r["units"] == 1_000), None)
    top = measured[-1] if measured else None
    factor = top["us_per_unit"] / base["us_per_unit"] if base and top and top is not base else None
    skipped = [r["units"] for r in rows if r["skipped"]]
    return {
        "chunks": chunk_count,
        "rows": rows,
        "linearity": {
            "from_units": 1_000,
            "to_units": top["units"] if top else None,
            "factor": factor,
            "skipped": skipped,
            "ok": factor is not None and factor <= TARGET_LINEAR_FACTOR and not skipped,
        },
    }


def _project(rows: Sequence[dict[str, Any]], size: int) -> float | None:
    """Seconds ``size`` units would take, extrapolated from the last two measured sizes
    with their observed growth exponent (at least linear); ``None`` before two sizes."""
    measured = [r for r in rows if not r["skipped"]]
    if not measured:
        return None
    last = measured[-1]
    exponent = 1.0
    if len(measured) >= 2:
        prev = measured[-2]
        ratio_t = last["median_s"] / max(prev["median_s"], 1e-9)
        ratio_n = last["units"] / prev["units"]
        if ratio_t > 0 and ratio_n > 1:
            exponent = max(1.0, math.log(ratio_t) / math.log(ratio_n))
    return float(last["median_s"] * (size / last["units"]) ** exponent)


def _adversarial_case(name: str, citations: str, size: int) -> None:
    """Child-process entry: time one adversarial check and print JSON."""
    import grounding_guard

    text = adversarial_text(name, size)
    gc.collect()
    start = time.perf_counter()
    report = grounding_guard.check(text, {"1": "x"}, citations=citations)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "units": len(report.units)}))


def _run_adversarial(name: str, style: str, size: int, timeout_s: float) -> dict[str, Any]:
    """One adversarial case in a child process: ``seconds`` and ``units``, or ``error``."""
    command = [
        sys.executable,
        os.path.abspath(__file__),
        "--adversarial-case",
        name,
        style,
        str(size),
    ]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout_s, check=False
        )
    except subprocess.TimeoutExpired:
        return {"seconds": None, "error": f"timed out after {timeout_s:g} s"}
    if done.returncode != 0:
        return {"seconds": None, "error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return {"seconds": float(found["seconds"]), "units": found["units"]}


def measure_adversarial(
    names: Sequence[str] = tuple(ADVERSARIAL_PATTERNS),
    styles: Sequence[str] = ("auto", "numeric"),
    timeout_s: float = 10.0,
    size: int = ADVERSARIAL_SIZE,
) -> dict[str, Any]:
    """Seconds of each adversarial input, each in its own process (a hang is a FAIL).

    Each input also runs at a tenth of ``size``: ``growth`` = t(size) / t(size / 10) is
    about 10 for linear work and far above it for backtracking.
    """
    rows: list[dict[str, Any]] = []
    for name in names:
        for style in styles:
            row: dict[str, Any] = {"input": name, "citations": style}
            row.update(_run_adversarial(name, style, size, timeout_s))
            seconds = row["seconds"]
            row["ok"] = seconds is not None and seconds < TARGET_ADVERSARIAL_S
            small = _run_adversarial(name, style, max(size // 10, 1), timeout_s)["seconds"]
            row["seconds_tenth"] = small
            row["growth"] = seconds / small if seconds is not None and small else None
            rows.append(row)
    return {"chars": size, "rows": rows, "ok": all(r["ok"] for r in rows)}


def _wall(command: Sequence[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def measure_import(runs: int = 5) -> dict[str, Any]:
    """Import cost of ``grounding_guard`` in fresh interpreters."""
    python = sys.executable
    baseline = min(_wall([python, "-c", "pass"]) for _ in range(runs))
    loaded = min(_wall([python, "-c", "import grounding_guard"]) for _ in range(runs))
    done = subprocess.run(
        [python, "-X", "importtime", "-c", "import grounding_guard"],
        capture_output=True,
        text=True,
        check=True,
    )
    cumulative_us: int | None = None
    modules = 0
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = [p.strip() for p in line[len("import time:") :].split("|")]
        if parts[-1].startswith("grounding_guard"):
            modules += 1
        if parts[-1] == "grounding_guard" and parts[1].isdigit():
            cumulative_us = int(parts[1])
    wall_ms = (loaded - baseline) * 1e3
    return {
        "wall_ms": wall_ms,
        "importtime_ms": cumulative_us / 1e3 if cumulative_us is not None else None,
        "modules": modules,
        "ok": wall_ms < TARGET_IMPORT_MS,
    }


def profile_case(units: int = 1_000, chunk_count: int = 3, top: int = 15) -> str:
    """cProfile of ``grounding_guard.check`` on the throughput case: top functions by
    cumulative time."""
    run = grounding_guard_runner()
    chunks = generate_chunks(chunk_count, seed=100 + chunk_count)
    answer = generate_answer(units, chunks, seed=200 + chunk_count).text
    run(answer, chunks)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(5):
        run(answer, chunks)
    profiler.disable()
    buffer = io.StringIO()
    pstats.Stats(profiler, stream=buffer).sort_stats("cumulative").print_stats(top)
    return buffer.getvalue()


# -------------------------------------------------------------------------------------------
# Report
# -------------------------------------------------------------------------------------------


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Rows as an aligned plain-text table (first column left, the rest right)."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]

    def line(cells: Sequence[str]) -> str:
        out = [cells[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)
        ]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in rows)])


def _scaling_row(row: dict[str, Any]) -> list[str]:
    if row["skipped"]:
        return [_num(row["units"]), f"skipped, projected {row['projected_s']:,.0f} s", "", "", ""]
    return [
        _num(row["units"]),
        f"{row['median_s']:.4f}",
        _num(row["units_per_s"]),
        f"{row['us_per_unit']:.2f}",
        str(row["repeats"]),
    ]


def _num(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target with its measured value and verdict."""
    out: list[dict[str, Any]] = []
    distinct, fresh = results["distinct"], results["fresh"]
    for name, data in (
        (f"{distinct['units']:,} distinct units, fresh chunks", distinct),
        (f"{fresh['units']}-unit answer, fresh chunks (p50)", fresh),
    ):
        ratio = data["ratios"].get(CIC)
        out.append(
            {
                "target": f">= {TARGET_PEER_RATIO:g}x {CIC} speed: {name}",
                "value": "not installed" if ratio is None else f"{ratio:.2f}x",
                "ok": None if ratio is None else ratio >= TARGET_PEER_RATIO,
            }
        )
    fresh_p50 = fresh["tools"][GG]["p50_ms"]
    out.append(
        {
            "target": f"p50 <= {TARGET_FRESH_P50_MS:g} ms (fresh evidence per call)",
            "value": f"{fresh_p50:.3f} ms",
            "ok": fresh_p50 <= TARGET_FRESH_P50_MS,
        }
    )
    out.append(
        {
            "target": f"warm p50 <= {TARGET_WARM_P50_MS:g} ms (Guard reused)",
            "value": f"{fresh['warm_p50_ms']:.3f} ms",
            "ok": fresh["warm_p50_ms"] <= TARGET_WARM_P50_MS,
        }
    )
    three = next(
        (c for c in results["throughput"]["cases"] if c["chunks"] == 3),
        results["throughput"]["cases"][0],
    )
    gg_rate = three["tools"][GG]["units_per_s"]
    out.append(
        {
            "target": f">= {TARGET_UNITS_PER_S:,.0f} units/s ({three['units']:,} units, "
            f"{three['chunks']} chunks)",
            "value": f"{gg_rate:,.0f} units/s",
            "ok": gg_rate >= TARGET_UNITS_PER_S,
        }
    )
    for peer in (GROUNDCITE, CIC):
        ratios = [c["ratios"][peer] for c in results["throughput"]["cases"] if peer in c["ratios"]]
        if not ratios:
            out.append({"target": f"faster than {peer}", "value": "not installed", "ok": None})
            continue
        shown = ", ".join(
            f"{c['ratios'][peer]:.2f}x @{c['chunks']}ch"
            for c in results["throughput"]["cases"]
            if peer in c["ratios"]
        )
        out.append({"target": f"faster than {peer}", "value": shown, "ok": min(ratios) >= 1.0})
    lin = results["scaling"]["linearity"]
    out.append(
        {
            "target": f"linear scaling (us/unit @{_num(lin['to_units'])} "
            f"<= {TARGET_LINEAR_FACTOR:g}x @1,000)",
            "value": ("-" if lin["factor"] is None else f"{lin['factor']:.2f}x")
            + (f" ({len(lin['skipped'])} size(s) skipped)" if lin["skipped"] else ""),
            "ok": lin["ok"],
        }
    )
    adv = results["adversarial"]
    known = [r["seconds"] for r in adv["rows"] if r["seconds"] is not None]
    worst = "timeout/error" if len(known) < len(adv["rows"]) else f"worst {max(known):.3f} s"
    out.append(
        {
            "target": f"adversarial inputs ({adv['chars']:,} chars) "
            f"< {TARGET_ADVERSARIAL_S:g} s each",
            "value": worst,
            "ok": adv["ok"],
        }
    )
    imp = results["import"]
    out.append(
        {
            "target": f"import < {TARGET_IMPORT_MS:g} ms",
            "value": f"{imp['wall_ms']:.1f} ms",
            "ok": imp["ok"],
        }
    )
    return out


def render_fresh_cases(results: dict[str, Any]) -> list[str]:
    """The two cases a RAG server lives with: every unit new, every chunk set new."""
    distinct, fresh = results["distinct"], results["fresh"]
    rows: list[list[str]] = []
    for tool in TOOLS:
        data = distinct["tools"].get(tool, {})
        if not data.get("installed"):
            rows.append([tool, "not installed", "", ""])
            continue
        ratio = "1.00x" if tool == GG else f"{distinct['ratios'][tool]:.2f}x"
        rows.append([tool, f"{data['median_s'] * 1e3:.1f}", _num(data["units_per_s"]), ratio])
    lines = [
        f"1. Distinct units: {distinct['units']:,} distinct cited units, {distinct['chunks']} "
        f"fresh chunks of ~{CHUNK_WORDS} words per repeat (median of {distinct['repeats']}, "
        "CPU time)",
        table(["tool", "median ms", "units/s", "gg/peer"], rows),
        "",
        f"2. Fresh evidence per call: a {fresh['units']}-unit distinct answer, "
        f"{fresh['chunks']} chunks never seen before on every call ({fresh['runs']} calls, "
        "CPU time)",
    ]
    rows = []
    for tool in TOOLS:
        data = fresh["tools"].get(tool, {})
        if not data.get("installed"):
            rows.append([tool, "not installed", "", ""])
            continue
        ratio = "1.00x" if tool == GG else f"{fresh['ratios'][tool]:.2f}x"
        rows.append([tool, f"{data['p50_ms']:.3f}", f"{data['p95_ms']:.3f}", ratio])
    lines.append(table(["tool", "p50 ms", "p95 ms", "gg/peer (p50)"], rows))
    lines.append(
        f"   warm: a reused Guard re-checking one answer against read evidence, p50 "
        f"{fresh['warm_p50_ms']:.3f} ms"
    )
    lines.append("   gg/peer > 1 means grounding-guard is faster than the peer.")
    return lines


def render(results: dict[str, Any]) -> str:
    """The whole printed report."""
    meta = results["meta"]
    parts = [
        "grounding-guard speed benchmark" + (" (quick)" if meta["quick"] else ""),
        f"python {meta['python']} on {meta['platform']}; cpu pinned: {meta['cpu']}; "
        f"OMP_NUM_THREADS={meta['omp_threads']}",
        "versions: " + ", ".join(f"{t} {v}" for t, v in meta["versions"].items()),
        "",
        *render_fresh_cases(results),
        "",
        f"3. Throughput: {results['throughput']['units']:,}-unit cited answer "
        "(median of repeats, units/s = generated units / median time)",
    ]
    rows: list[list[str]] = []
    for case in results["throughput"]["cases"]:
        for tool in TOOLS:
            data = case["tools"].get(tool)
            if data is None:
                continue
            if not data["installed"]:
                rows.append([f"{case['chunks']} chunks", tool, "not installed", "", "", ""])
                continue
            ratio = "1.00x" if tool == GG else f"{case['ratios'][tool]:.2f}x"
            rows.append(
                [
                    f"{case['chunks']} chunks",
                    tool,
                    f"{data['median_s'] * 1e3:.2f}",
                    _num(data["units_per_s"]),
                    ratio,
                    str(data.get("units_seen", "")),
                ]
            )
    parts.append(table(["case", "tool", "median ms", "units/s", "gg/peer", "gg units seen"], rows))
    parts.append("   gg/peer = grounding-guard throughput / peer throughput (same run).")
    for case in results["throughput"]["cases"]:
        if GG in case["tools"] and case["tools"][GG].get("installed"):
            counts = {k: v for k, v in case["tools"][GG]["counts"].items() if v}
            parts.append(f"   gg verdicts @{case['chunks']} chunks: {counts}")
    parts.append("   What each tool does on this input:")
    parts.extend(f"   - {tool}: {text}" for tool, text in WHAT_EACH_TOOL_DOES.items())

    lat = results["latency"]
    parts += [
        "",
        f"4. Latency: {lat['units']}-unit answer, {lat['chunks']} chunks of ~{CHUNK_WORDS} "
        f"words, {lat['runs']} runs",
        table(
            ["call", "p50 ms", "p95 ms", "max ms"],
            [
                [name, f"{d['p50_ms']:.3f}", f"{d['p95_ms']:.3f}", f"{d['max_ms']:.3f}"]
                for name, d in lat["calls"].items()
            ],
        ),
        "   check() builds a Guard and reads the evidence every call; a reused Guard caches "
        "the read evidence.",
    ]

    sc = results["scaling"]
    parts += [
        "",
        f"5. Scaling: grounding_guard.check against {sc['chunks']} chunks",
        table(
            ["units", "median s", "units/s", "us/unit", "repeats"],
            [_scaling_row(r) for r in sc["rows"]],
        ),
    ]
    lin = sc["linearity"]
    if lin["factor"] is not None:
        parts.append(
            f"   linearity: us/unit at {lin['to_units']:,} is {lin['factor']:.2f}x that at "
            f"1,000 (limit {TARGET_LINEAR_FACTOR:g}x)"
        )
    if lin["skipped"]:
        parts.append(
            "   skipped (projected time over budget, counts as FAIL): "
            + ", ".join(f"{n:,}" for n in lin["skipped"])
        )
    parts.append(f"   linearity verdict: {_verdict(lin['ok'])}")

    adv = results["adversarial"]
    parts += [
        "",
        f"6. Adversarial inputs: {adv['chars']:,} characters each, "
        f"grounding_guard.check(text, {{'1': 'x'}})",
        table(
            ["input", "citations", "seconds", "units", "x10 growth", "verdict"],
            [
                [
                    f"{r['input']} ({ADVERSARIAL_PATTERNS[r['input']]!r})",
                    r["citations"],
                    f"{r['seconds']:.3f}" if r["seconds"] is not None else r["error"],
                    str(r.get("units", "-")),
                    _num(r["growth"], 1),
                    _verdict(r["ok"]),
                ]
                for r in adv["rows"]
            ],
        ),
        "   x10 growth = time at full size / time at a tenth of it: ~10 is linear work, far "
        "above 10 is backtracking or quadratic work.",
    ]

    imp = results["import"]
    parts += [
        "",
        "7. Import time (fresh interpreter)",
        f"   wall: best of {meta['import_runs']} 'import grounding_guard' minus best of "
        f"'pass' = {imp['wall_ms']:.1f} ms",
        f"   -X importtime cumulative for grounding_guard: {_num(imp['importtime_ms'], 1)} ms "
        f"({imp['modules']} grounding_guard modules)",
        "",
        "Targets",
        table(
            ["target", "measured", "verdict"],
            [
                [t["target"], t["value"], "n/a" if t["ok"] is None else _verdict(t["ok"])]
                for t in results["targets"]
            ],
        ),
    ]
    return "\n".join(parts)


def pin_one_core() -> str:
    """Pin this process (and its children) to one CPU where the OS allows it."""
    os.environ["OMP_NUM_THREADS"] = "1"
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"cpu {cpu}"
    return "not pinned (no sched_setaffinity)"


def run_all(settings: Settings, quick: bool, log: Callable[[str], None]) -> dict[str, Any]:
    """Every section; returns the results dict (``targets`` included)."""
    results: dict[str, Any] = {
        "meta": {
            "quick": quick,
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpu": pin_one_core(),
            "omp_threads": os.environ.get("OMP_NUM_THREADS"),
            "versions": {tool: tool_version(tool) for tool in TOOLS},
            "import_runs": settings.import_runs,
        }
    }
    log("distinct units ...")
    results["distinct"] = measure_distinct(repeats=settings.repeats)
    log("fresh evidence ...")
    results["fresh"] = measure_fresh(runs=settings.latency_runs)
    log("throughput ...")
    results["throughput"] = measure_throughput(
        1_000, (3, 50), TOOLS, settings.warmup, settings.repeats
    )
    log("latency ...")
    results["latency"] = measure_latency(settings.latency_runs)
    log("scaling ...")
    results["scaling"] = measure_scaling(
        settings.scaling_sizes,
        3,
        settings.repeats,
        settings.scaling_size_budget_s,
        settings.scaling_skip_above_s,
    )
    log("adversarial ...")
    results["adversarial"] = measure_adversarial(
        timeout_s=settings.adversarial_timeout_s, size=settings.adversarial_chars
    )
    log("import ...")
    results["import"] = measure_import(settings.import_runs)
    results["targets"] = targets(results)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fast smoke run (~30 s)")
    parser.add_argument("--json", metavar="OUT", help="also write the results as JSON")
    parser.add_argument(
        "--profile", action="store_true", help="cProfile the 1,000-unit 3-chunk case and exit"
    )
    parser.add_argument(
        "--adversarial-case", nargs=3, metavar=("NAME", "STYLE", "CHARS"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.adversarial_case:
        name, style, chars = args.adversarial_case
        _adversarial_case(name, style, int(chars))
        return 0
    if args.profile:
        pin_one_core()
        print(profile_case())
        return 0
    started = time.perf_counter()
    results = run_all(
        QUICK if args.quick else FULL, args.quick, lambda s: print(s, file=sys.stderr, flush=True)
    )
    results["meta"]["total_s"] = time.perf_counter() - started
    print(render(results))
    print(f"\ntotal {results['meta']['total_s']:.1f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2, default=str)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

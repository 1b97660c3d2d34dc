"""Smoke test of the speed benchmark (benchmarks/speed.py): its generators and one tiny
measurement run and return the documented structure. Timings are never asserted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SPEED_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "speed.py"


def _load() -> ModuleType:
    name = "grounding_guard_bench_speed"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SPEED_PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def speed() -> ModuleType:
    return _load()


def test_chunks_are_deterministic_and_about_200_words(speed: ModuleType) -> None:
    chunks = speed.generate_chunks(3, seed=5)
    assert list(chunks) == ["1", "2", "3"]
    assert chunks == speed.generate_chunks(3, seed=5)
    assert chunks != speed.generate_chunks(3, seed=6)
    for text in chunks.values():
        assert speed.CHUNK_WORDS <= len(text.split()) <= speed.CHUNK_WORDS + 20
        assert text.endswith(".")


def test_answer_has_one_unit_per_line_and_the_whole_mix(speed: ModuleType) -> None:
    chunks = speed.generate_chunks(3, seed=5)
    answer = speed.generate_answer(400, chunks, seed=9)
    assert answer == speed.generate_answer(400, chunks, seed=9)
    lines = answer.text.strip("\n").split("\n")
    assert answer.units == len(lines) == 400
    assert set(answer.kinds) == {kind for kind, _ in speed.UNIT_MIX}
    for line, kind in zip(lines, answer.kinds, strict=True):
        assert line.endswith(".")
        assert 10 <= len(line.split()) <= 23
        if kind == "uncited":
            assert "[" not in line
        elif kind == "placeholder":
            assert speed.PLACEHOLDER in line
        elif kind == "forged":
            cited = int(line[line.rindex("[") + 1 : line.rindex("]")])
            assert cited > len(chunks)
    # grounded units are built from evidence sentences
    sentences = {s for group in speed.chunk_sentences(chunks).values() for s in group}
    grounded = [line for line, kind in zip(lines, answer.kinds, strict=True) if kind == "grounded"]
    assert all(line[: line.index(" [")] in sentences for line in grounded)


def test_adversarial_text_has_the_asked_size(speed: ModuleType) -> None:
    for name, piece in speed.ADVERSARIAL_PATTERNS.items():
        text = speed.adversarial_text(name, 1001)
        assert len(text) == 1001
        assert text.startswith(piece)


def test_throughput_structure_with_grounding_guard_only(speed: ModuleType) -> None:
    result = speed.measure_throughput(30, (3,), (speed.GG,), warmup=0, repeats=1)
    assert result["units"] == 30
    (case,) = result["cases"]
    assert set(case) == {"chunks", "units", "answer_chars", "tools", "ratios"}
    assert case["chunks"] == 3
    assert case["units"] == 30
    assert case["ratios"] == {}
    gg = case["tools"][speed.GG]
    assert set(gg) >= {"installed", "median_s", "min_s", "units_per_s", "units_seen", "counts"}
    assert gg["installed"] is True
    assert gg["units_per_s"] > 0
    assert sum(gg["counts"].values()) == gg["units_seen"]


def test_peers_are_optional(speed: ModuleType) -> None:
    found = speed.runners()
    assert set(found) == set(speed.TOOLS)
    assert callable(found[speed.GG])
    for peer in (speed.GROUNDCITE, speed.CIC):
        assert found[peer] is None or callable(found[peer])
        assert isinstance(speed.tool_version(peer), str)


def test_latency_and_scaling_structure(speed: ModuleType) -> None:
    latency = speed.measure_latency(runs=3, units=5, chunk_count=4)
    assert set(latency["calls"]) == {"check()", "Guard reused"}
    for data in latency["calls"].values():
        assert set(data) == {"p50_ms", "p95_ms", "max_ms"}
    scaling = speed.measure_scaling((10, 20), chunk_count=3, repeats=1)
    assert [row["units"] for row in scaling["rows"]] == [10, 20]
    assert set(scaling["linearity"]) == {"from_units", "to_units", "factor", "skipped", "ok"}


def test_one_adversarial_case_in_a_child_process(speed: ModuleType) -> None:
    result = speed.measure_adversarial(("brackets",), ("numeric",), timeout_s=60, size=500)
    (row,) = result["rows"]
    assert row["input"] == "brackets"
    assert row["citations"] == "numeric"
    assert row["seconds"] is not None, row


def test_table_aligns_columns(speed: ModuleType) -> None:
    text = speed.table(["a", "bb"], [["xxx", "1"], ["y", "22"]])
    lines = text.split("\n")
    assert len(lines) == 4
    assert len({len(line) for line in lines}) == 1
    assert speed.percentile([1.0, 2.0, 3.0], 0.5) == 2.0

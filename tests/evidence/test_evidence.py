"""Evidence map: accepted forms, ids, catalog, errors."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from grounding_guard import Evidence, EvidenceError, build_evidence, check


@dataclass
class _Doc:
    page_content: str
    metadata: dict[str, Any]
    id: str | None = None


@pytest.mark.parametrize(
    ("evidence", "ids"),
    [
        ({"e1": "a", "e2": "b"}, ("e1", "e2")),
        ({1: "a", 2: "b"}, ("1", "2")),
        (["a", "b", "c"], ("1", "2", "3")),
        (("a",), ("1",)),
        ([{"id": "x", "text": "a"}, {"id": "y", "content": "b"}], ("x", "y")),
        ([{"text": "a"}, {"page_content": "b"}], ("1", "2")),
        ([Evidence("k", "a", {"url": "u"})], ("k",)),
        ([_Doc("a", {}), _Doc("b", {}, "d2")], ("1", "d2")),
        ({"e1": {"text": "a", "metadata": {"p": 1}}}, ("e1",)),
        ([], ()),
        ({}, ()),
    ],
)
def test_accepted_forms(evidence: Any, ids: tuple[str, ...]) -> None:
    assert build_evidence(evidence).ids == ids


def test_metadata_is_kept() -> None:
    emap = build_evidence([_Doc("a", {"source": "s.pdf"})])
    assert emap.items[0].metadata == {"source": "s.pdf"}


@pytest.mark.parametrize(
    ("evidence", "error", "match"),
    [
        (None, TypeError, "evidence must be"),
        ("just one string", TypeError, "wrap one chunk"),
        (b"bytes", TypeError, "evidence must be"),
        (42, TypeError, "evidence must be"),
        ({"e1": 5}, EvidenceError, "cannot read text"),
        ({"e1": {"text": 5}}, EvidenceError, "must be text"),
        ({"": "a"}, EvidenceError, "must not be empty"),
        ({(1, 2): "a"}, EvidenceError, "str or int"),
        ([{"id": "a", "text": "x"}, {"id": "a", "text": "y"}], EvidenceError, "duplicate"),
        ([object()], EvidenceError, "cannot read text"),
    ],
)
def test_unreadable_evidence_is_a_clear_error(
    evidence: Any, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        build_evidence(evidence)


def test_ids_colliding_after_normalisation_are_an_error() -> None:
    with pytest.raises(EvidenceError, match="same citation"):
        check("Claim [3].", {"3": "a", "03": "b"}, citations="numeric")


def test_catalog_marks_not_retrieved() -> None:
    report = check(
        "Penalties reach 3 years (\u00a7 302). Permits take 180 days (\u00a7 301).",
        {"302": "Penalties reach 3 years of imprisonment."},
        citations="section",
        catalog=["301", "302"],
    )
    codes = [u.codes for u in report.units]
    assert report.units[0].status.value == "grounded"
    assert report.units[1].status.value == "invalid"
    assert "not_retrieved" in codes[1]


def test_catalog_must_be_iterable_of_ids() -> None:
    with pytest.raises(TypeError, match="catalog"):
        build_evidence({"1": "a"}, catalog="301")


def test_reports_do_not_depend_on_the_string_hash_seed(tmp_path: Path) -> None:
    """Attribution sums IDF weights; summed in set order they differed across processes
    (PYTHONHASHSEED) where two candidates tie exactly (here chunks 1 and 3)."""
    script = tmp_path / "run.py"
    script.write_text(
        "import grounding_guard as gg\n"
        "chunks = ['Charlie india juliet delta kilo.', 'Kilo juliet hotel.',\n"
        "          'Charlie alpha golf juliet kilo.']\n"
        "answer = 'Alpha foxtrot kilo golf delta india.'\n"
        "print(gg.check(answer, chunks, citations='none', threshold=0.4).to_json())\n",
        encoding="utf-8",
    )
    outputs = set()
    for seed in ("0", "1", "2", "3", "4", "5", "6", "7"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, env=env, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1

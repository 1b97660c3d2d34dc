"""The bundled example: every unit gets the verdict its planted error calls for."""

from __future__ import annotations

import json
from pathlib import Path

import grounding_guard as gg

ROOT = Path(__file__).resolve().parents[1] / "examples"

EXPECTED = [
    ("skipped", ()),  # heading
    ("grounded", ()),
    ("contradicted", ("value_mismatch",)),  # 14 hours in the answer, 12 in the evidence
    ("grounded", ()),
    ("skipped", ()),  # heading
    ("grounded", ()),
    ("grounded", ()),
    ("grounded", ()),
    ("contradicted", ("negation_mismatch",)),  # the case is NOT water resistant
    ("placeholder", ("placeholder",)),
    ("grounded", ()),
    ("invalid", ("unknown_citation",)),  # [7] does not exist
    ("grounded", ()),
    ("invalid", ("unsupported_citation", "supported_elsewhere")),  # cites [5], [4] says it
    ("ungrounded", ("no_citation",)),
    ("skipped", ()),  # sign-off
]


def test_bundled_example_verdicts() -> None:
    answer = (ROOT / "answer.md").read_text(encoding="utf-8")
    evidence = json.loads((ROOT / "evidence.json").read_text(encoding="utf-8"))
    report = gg.check(answer, evidence)
    got = [(u.status.value, u.codes) for u in report.units]
    assert len(got) == len(EXPECTED)
    for (status, codes), (want_status, want_codes) in zip(got, EXPECTED, strict=True):
        assert status == want_status
        for code in want_codes:
            assert code in codes

"""The README's examples run as written (one namespace, in order), offline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from guardrails_scenario import FAILING, FILTERED

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 3
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    out = capsys.readouterr().out
    assert out.startswith(FILTERED + "\n")
    assert namespace["answer"] == "\n".join(
        [FILTERED.split("\n")[0], *(text for text, _, _ in FAILING), FILTERED.split("\n")[1]]
    )
    assert "65 119 invalid (unknown_citation)" in out
    assert "FAIL: 2 grounded, 1 ungrounded, 2 invalid" in out
    assert out.count("True") >= 3 and "True False" in out
    assert "blocked: Validation failed" in out
    streamed = [line for line in out.splitlines() if line.startswith(("'", '"'))]
    assert streamed[0] == repr(FILTERED.split("\n")[0])

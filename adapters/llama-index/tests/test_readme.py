"""The README's examples run as written, offline, and print what they say they print."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {"__name__": "readme"}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The battery lasts 14 hours in lab testing [1]."
    assert "I can't answer that from the provided sources." in out
    assert "True" in out
    assert "The battery lasts 14 hours in lab testing [1]." in out[out.index("True") + 1 :]
    assert any(line.startswith("False 0.5") for line in out)

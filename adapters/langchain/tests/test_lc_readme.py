"""The README's examples run as written (one namespace, in order), offline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lc_support import FILTERED

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    out = capsys.readouterr().out
    assert out.startswith(FILTERED + "\n")  # the filtered answer, printed first
    assert "I can't answer that from the sources." in out
    assert "FAIL" in out  # the streamed report's summary line
    # the StrOutputParser chain: text in, text out, the report through on_report
    assert namespace["text"] == FILTERED
    assert f"{FILTERED}\n{FILTERED}\n" in out  # invoke's text, then the streamed pieces
    text_reports = namespace["text_reports"]
    assert isinstance(text_reports, list)
    assert text_reports[-1].mode == "flag"
    reports = namespace["reports"]
    assert isinstance(reports, list)
    assert reports[-1].counts["invalid"] == 2
    # the agent: filtered in the state, the refusal as the blocked agent's last update
    state = namespace["state"]
    assert isinstance(state, dict)
    assert state["messages"][-1].content == FILTERED
    assert 'model ["I can\'t answer that from the provided so"]' in out

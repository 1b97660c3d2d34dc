"""``grounding_guard.audit`` is there without making ``import grounding_guard`` heavier:
the audit room loads on first use, and neither it nor the package imports pyarrow or Ray
until a Parquet file or the Ray engine needs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import grounding_guard as gg
from grounding_guard.auditing import AuditResult, audit

SRC = str(Path(__file__).resolve().parents[2] / "src")
HEAVY = ("pyarrow", "ray", "pandas", "numpy", "grounding_guard.auditing")


def loaded_after(code: str) -> list[str]:
    probe = (
        f"import sys; sys.path.insert(0, {SRC!r}); {code}; import json; "
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} "
        f"or m.startswith('grounding_guard.auditing'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(out.stdout)
    return loaded


def test_import_grounding_guard_loads_no_audit_machinery() -> None:
    assert loaded_after("import grounding_guard") == []


def test_the_audit_room_itself_imports_neither_pyarrow_nor_ray() -> None:
    loaded = loaded_after("import grounding_guard as gg; gg.audit")
    assert "grounding_guard.auditing.run" in loaded
    assert not [m for m in loaded if m.split(".")[0] in ("pyarrow", "ray", "pandas", "numpy")]


def test_the_lazy_names_are_the_room_s() -> None:
    assert gg.audit is audit and gg.AuditResult is AuditResult
    assert "audit" in gg.__all__ and "AuditResult" in gg.__all__

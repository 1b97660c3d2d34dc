"""Offline: langchain-core makes no network call by itself; LangSmith tracing is switched
off here so no callback handler tries to reach it, and pytest-socket refuses sockets."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_tracing(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGCHAIN_TRACING_V2", "LANGCHAIN_TRACING", "LANGSMITH_TRACING"):
        monkeypatch.delenv(name, raising=False)

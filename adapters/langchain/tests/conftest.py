"""Offline: langchain-core makes no network call by itself; LangSmith tracing is switched
off here so no callback handler tries to reach it, and pytest-socket refuses sockets."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _no_tracing(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGCHAIN_TRACING_V2", "LANGCHAIN_TRACING", "LANGSMITH_TRACING"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def _finalise_abandoned_streams() -> Iterator[None]:
    """Collect after each test, so generators a test left suspended are finalised here.

    A stream that a block stops mid-way leaves LangChain's passthrough generator in a
    reference cycle (through the raised error). Once, the cyclic collector finalised one
    while the next async test was starting an executor thread. The generator's ``finally``
    shut its own executor down, joining a thread inside ``threading``'s shutdown-lock
    upkeep, and the run hung (CPython 3.11; the stacks are in the notes of session 14).
    Collected here, such a generator is finalised in the main thread, between tests.
    """
    yield
    gc.collect()

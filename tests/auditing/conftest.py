"""Fixtures for the audit tests."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """SIGINT raises ``KeyboardInterrupt`` during the test, as at a terminal, even when the
    test process started with SIGINT ignored (a background job of a shell inherits that)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)

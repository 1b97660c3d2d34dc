"""A small thread-safe LRU with hit and miss counters (scores and embeddings)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["LRU"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A bounded mapping that forgets the least recently used entry first."""

    def __init__(self, size: int) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise ValueError(f"cache size must be a non-negative int, got {size!r}")
        self.size = size
        self.hits = 0
        self.misses = 0
        self._data: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value of ``key`` (now the most recent), or ``None``."""
        with self._lock:
            value = self._data.get(key)
            if value is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return value

    def peek(self, key: K) -> V | None:
        """The value of ``key`` without counting a hit or a miss or reordering."""
        with self._lock:
            return self._data.get(key)

    def put(self, key: K, value: V) -> None:
        """Store ``value``; drops the oldest entries past ``size``."""
        if self.size == 0:
            return
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        """Forget everything (counters included)."""
        with self._lock:
            self._data.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._data)

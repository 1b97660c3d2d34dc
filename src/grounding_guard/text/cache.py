"""Caches bounded by entries and by the size of what they hold (#11).

A cache keyed by texts that counts only its entries holds as much as its largest texts
allow: 1,024 chunks of a megabyte each, and what was read from them, is gigabytes. Every
module-level cache of the package is bounded twice: by entries, and by the total size of
its keys (the characters of its texts, the members of its sets), which is about the size
of what was read from them. An entry larger than the whole bound is not kept at all: it
is read again when asked again (a caller that checks one huge evidence set many times
keeps its :class:`~grounding_guard.evidence.map.EvidenceMap` itself).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Generic, ParamSpec, TypeVar

__all__ = ["BoundedCache", "bounded_cache", "size_of"]

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def size_of(*parts: object) -> int:
    """The size a key weighs: the length of each text, set, tuple or mapping in it (a
    tuple's texts counted too), 1 for anything else."""
    total = 0
    for part in parts:
        if isinstance(part, str):
            total += len(part)
        elif isinstance(part, tuple):
            total += len(part) + size_of(*(p for p in part if isinstance(p, (str, tuple))))
        elif isinstance(part, (frozenset, set, list, dict)):
            total += len(part)
        else:
            total += 1
    return total


class BoundedCache(Generic[_K, _V]):
    """A least-recently-used cache bounded by ``entries`` and by ``size``, the total
    weight of its entries (each given when it is put, see :func:`size_of`)."""

    def __init__(self, entries: int, size: int) -> None:
        self.entries = entries
        self.size = size
        self.weight = 0
        self._data: OrderedDict[_K, tuple[_V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def find(self, key: _K) -> tuple[_V] | None:
        """``(value,)`` kept for ``key`` (now the most recently used), or None (a kept
        value may itself be None)."""
        with self._lock:
            found = self._data.get(key)
            if found is None:
                return None
            self._data.move_to_end(key)
            return (found[0],)

    def get(self, key: _K) -> _V | None:
        """The value kept for ``key``, or None."""
        found = self.find(key)
        return None if found is None else found[0]

    def put(self, key: _K, value: _V, weight: int) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used entries until both
        bounds hold; a value heavier than the whole bound is not kept."""
        if weight > self.size:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.weight -= old[1]
            self._data[key] = (value, weight)
            self.weight += weight
            while len(self._data) > self.entries or self.weight > self.size:
                _, (_, dropped) = self._data.popitem(last=False)
                self.weight -= dropped

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._data.clear()
            self.weight = 0


def bounded_cache(entries: int, size: int) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """Like ``functools.lru_cache(maxsize=entries)`` for a function of hashable
    positional arguments, also bounded by the total :func:`size_of` of the arguments
    kept. The cache is the wrapper's ``cache`` attribute."""

    def decorate(function: Callable[_P, _R]) -> Callable[_P, _R]:
        cache: BoundedCache[Hashable, _R] = BoundedCache(entries, size)

        @wraps(function)
        def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            found = cache.find(key)
            if found is not None:
                return found[0]
            value = function(*args, **kwargs)
            cache.put(key, value, size_of(*args, *kwargs.values()))
            return value

        wrapper.cache = cache  # type: ignore[attr-defined]
        return wrapper

    return decorate

"""Evidence an agent gathered through its tools: the id rule both agent adapters follow.

A run's tool results become evidence items with ids a model can cite: numbers continue
across tool calls (the first search gives [1]-[2], the next starts at [3]), a result read
twice is kept once, and a different text under an id already taken gets a fresh number, so
a citation meant for the first text never passes on the second (fail closed). A tool text
written as ``[N] text`` blocks (what :func:`numbered_blocks` reads) keeps its own ids.
"""

from __future__ import annotations

import re
from typing import Any

from grounding_guard.types import Evidence

__all__ = ["ToolEvidence", "numbered_blocks"]

_MARKER = re.compile(r"^\[([A-Za-z0-9][\w.:-]{0,39})\][ \t]+", re.MULTILINE)


def numbered_blocks(text: str) -> list[tuple[str, str]] | None:
    """``(id, text)`` of each ``[id] text`` block when ``text`` starts with a marker at
    the start of a line, else ``None`` (a plain text is one item)."""
    markers = list(_MARKER.finditer(text))
    if not markers or markers[0].start() != 0:
        return None
    blocks: list[tuple[str, str]] = []
    for index, marker in enumerate(markers):
        end = markers[index + 1].start() if index + 1 < len(markers) else len(text)
        block = text[marker.end() : end].strip()
        if block:
            blocks.append((marker.group(1), block))
    return blocks


class ToolEvidence:
    """Collects a run's evidence items under the id rule (module docstring)."""

    def __init__(self) -> None:
        self.items: list[Evidence] = []
        self.next = 1
        self._texts: dict[str, str] = {}

    def note(self, ident: str) -> None:
        """Record that ``ident`` is in use, so that fresh numbers continue after it."""
        if ident.isdigit():
            self.next = max(self.next, int(ident) + 1)

    def add(self, ident: str | None, text: str, metadata: dict[str, Any]) -> None:
        """Add one item under ``ident`` (``None``: the next free number)."""
        if ident is not None and ident in self._texts:
            if self._texts[ident] == text:
                return  # the same result read twice (a repeated search): once is enough
            ident = None  # a different text under a taken id: a fresh number, fail closed
        if ident is None:
            ident = str(self.next)
            while ident in self._texts:
                self.next += 1
                ident = str(self.next)
        self._texts[ident] = text
        self.note(ident)
        self.items.append(Evidence(ident, text, metadata))

"""The judge protocol: what a judge is asked and what it must answer.

A judge sees one claim and the passages it may rest on (the evidence the unit cites, or
the chunk it is attributed to) and returns a :class:`~grounding_guard.types.Judgement`.
Judges never see statuses, actions or other units: verdicts are combined elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.types import Judgement

__all__ = ["Claim", "Judge", "Passage"]


@runtime_checkable
class Judge(Protocol):
    """Decides whether ``passages`` support ``claim``; must be deterministic and pure."""

    name: str

    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        """Judge one claim against the union of ``passages``."""
        ...

"""Judges: deterministic support and term checks behind one small protocol."""

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.base import Judge
from grounding_guard.judges.lexical import DEFAULT_THRESHOLD, LexicalJudge

__all__ = ["DEFAULT_THRESHOLD", "Claim", "Judge", "LexicalJudge", "Passage"]

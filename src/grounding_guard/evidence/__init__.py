"""Stage ③, the evidence: the map of retrieved chunks the answer may cite, the passage and
claim shapes the judges read, and (for the command line) evidence files."""

from __future__ import annotations

from grounding_guard.evidence.map import EvidenceLike, EvidenceMap, build_evidence
from grounding_guard.evidence.passage import Claim, Passage

__all__ = ["Claim", "EvidenceLike", "EvidenceMap", "Passage", "build_evidence"]

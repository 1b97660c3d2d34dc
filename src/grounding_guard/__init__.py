"""grounding-guard: stop an LLM answer from shipping claims its evidence does not back.

Split an answer into claim units, read the retrieved chunks as the evidence map, judge
each unit (grounded, placeholder, ungrounded, invalid, contradicted, skipped) with
reasons and spans, then flag, filter or block::

    import grounding_guard as gg
    report = gg.check("Battery life is 14 hours [1].", {"1": "Battery life: 14 hours."})
    report.is_clean, report.units[0].status
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grounding_guard import _moved
from grounding_guard.errors import (
    ConfigError,
    EvidenceError,
    GroundingGuardError,
    JudgeError,
    ModelLoadError,
    UngroundedAnswerError,
)
from grounding_guard.types import (
    Evidence,
    Judgement,
    Kind,
    Marker,
    Reason,
    Report,
    Span,
    Status,
    Support,
    Unit,
)

if TYPE_CHECKING:
    from grounding_guard.auditing import AuditResult, audit
    from grounding_guard.citations import (
        DEFAULT_PLACEHOLDER_PATTERN,
        PRESETS,
        CitationStyle,
        detect_style,
        extract_all_ids,
        extract_ids,
        strip_markers,
    )
    from grounding_guard.evidence import EvidenceMap, build_evidence
    from grounding_guard.evidence.passage import Claim, Passage
    from grounding_guard.guard import DEFAULT_REFUSAL, Guard, acheck, check
    from grounding_guard.judges.base import Judge
    from grounding_guard.streaming import StreamEvent
    from grounding_guard.text.segment import DEFAULT_ABBREVIATIONS, Abbreviations

_moved.install()  # the paths the 0.2 re-layout moved keep working for this release

__version__ = "0.1.0"

#: Where each name the package exports on first use lives: the checking machinery (the
#: segmenter, the judges, their tables and patterns) loads when a program first reaches
#: for it, so ``import grounding_guard`` stays cheap for a program that only reads types.
_LAZY: dict[str, str] = {
    "DEFAULT_PLACEHOLDER_PATTERN": "grounding_guard.citations",
    "PRESETS": "grounding_guard.citations",
    "CitationStyle": "grounding_guard.citations",
    "detect_style": "grounding_guard.citations",
    "extract_all_ids": "grounding_guard.citations",
    "extract_ids": "grounding_guard.citations",
    "strip_markers": "grounding_guard.citations",
    "EvidenceMap": "grounding_guard.evidence",
    "build_evidence": "grounding_guard.evidence",
    "Claim": "grounding_guard.evidence.passage",
    "Passage": "grounding_guard.evidence.passage",
    "DEFAULT_REFUSAL": "grounding_guard.guard",
    "Guard": "grounding_guard.guard",
    "acheck": "grounding_guard.guard",
    "check": "grounding_guard.guard",
    "Judge": "grounding_guard.judges.base",
    "StreamEvent": "grounding_guard.streaming",
    "DEFAULT_ABBREVIATIONS": "grounding_guard.text.segment",
    "Abbreviations": "grounding_guard.text.segment",
    "audit": "grounding_guard.auditing",
    "AuditResult": "grounding_guard.auditing",
}


def __getattr__(name: str) -> Any:
    """Load a lazily exported name (see :data:`_LAZY`) and keep it on the package."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'grounding_guard' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "DEFAULT_ABBREVIATIONS",
    "DEFAULT_PLACEHOLDER_PATTERN",
    "DEFAULT_REFUSAL",
    "PRESETS",
    "Abbreviations",
    "AuditResult",
    "CitationStyle",
    "Claim",
    "ConfigError",
    "Evidence",
    "EvidenceError",
    "EvidenceMap",
    "GroundingGuardError",
    "Guard",
    "Judge",
    "JudgeError",
    "Judgement",
    "Kind",
    "Marker",
    "ModelLoadError",
    "Passage",
    "Reason",
    "Report",
    "Span",
    "Status",
    "StreamEvent",
    "Support",
    "UngroundedAnswerError",
    "Unit",
    "__version__",
    "acheck",
    "audit",
    "build_evidence",
    "check",
    "detect_style",
    "extract_all_ids",
    "extract_ids",
    "strip_markers",
]

"""Where a validation call finds its evidence: the call's metadata, else what was bound.

Guardrails passes per-call data to validators through ``metadata``. Its provenance
validators read the retrieved chunks from ``metadata["sources"]`` (a list of texts), so a
list there gets the 1-based ids a ``[1]`` prompt uses; ``metadata["evidence"]`` takes any
form grounding-guard reads, a mapping's keys being the citation ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grounding_guard import ConfigError, Evidence, EvidenceError, build_evidence

__all__ = ["EVIDENCE_KEY", "SOURCES_KEY", "evidence_for", "given_evidence"]

SOURCES_KEY = "sources"
EVIDENCE_KEY = "evidence"

_MISSING_EVIDENCE = (
    "GroundedAnswer has no evidence to check the answer against: pass the retrieved chunks "
    "per call as metadata={'sources': [chunk, ...]} (ids 1, 2, ...) or "
    "metadata={'evidence': {id: text}}, or bind them with GroundedAnswer(evidence=...)"
)


def evidence_for(metadata: Mapping[str, Any] | None, bound: Any) -> Any:
    """The evidence of one call, ready for the core: ``metadata["evidence"]`` as given,
    ``metadata["sources"]`` numbered from 1, else the evidence bound at construction."""
    key, given = given_evidence(metadata, bound)
    return numbered_sources(given) if key == SOURCES_KEY else given


def given_evidence(metadata: Mapping[str, Any] | None, bound: Any) -> tuple[str, Any]:
    """Where the evidence of one call comes from (``"sources"``, ``"evidence"`` or
    ``"bound"``) and the object given there, untouched.

    No evidence at all is an ``EvidenceError``: a grounding check without evidence must
    never pass (fail closed). Both keys at once are ambiguous, a ``ConfigError``.
    """
    metadata = metadata or {}
    has_sources = metadata.get(SOURCES_KEY) is not None
    has_evidence = metadata.get(EVIDENCE_KEY) is not None
    if has_sources and has_evidence:
        raise ConfigError(
            "metadata holds both 'sources' and 'evidence': give the retrieved chunks once"
        )
    if has_evidence:
        return EVIDENCE_KEY, metadata[EVIDENCE_KEY]
    if has_sources:
        return SOURCES_KEY, metadata[SOURCES_KEY]
    if bound is not None:
        return "bound", bound
    raise EvidenceError(_MISSING_EVIDENCE)


def numbered_sources(sources: Any) -> Any:
    """``sources`` with the ids Guardrails' convention gives them: 1, 2, ... in order.

    A list of texts goes to the core as it is (it numbers lists from 1 and caches plain
    text); a list holding documents or nodes keeps their text and metadata but takes the
    positional id, not an id the object may carry. A mapping keeps its keys.
    """
    if isinstance(sources, Mapping):
        return sources
    if isinstance(sources, (str, bytes)) or not isinstance(sources, Sequence):
        raise TypeError(
            "metadata['sources'] must be a list of retrieved chunks, got "
            f"{type(sources).__name__}" + (" (wrap one chunk in a list)" if sources else "")
        )
    if all(isinstance(item, str) for item in sources):
        return list(sources)
    numbered: list[Evidence] = []
    for number, item in enumerate(sources, start=1):
        if isinstance(item, str):
            numbered.append(Evidence(str(number), item))
            continue
        try:
            (read,) = build_evidence([item]).items
        except EvidenceError as error:
            raise EvidenceError(f"metadata['sources'][{number - 1}]: {error}") from None
        numbered.append(Evidence(str(number), read.text, read.metadata))
    return numbered

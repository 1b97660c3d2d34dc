"""Audits of logged answers: check every answer of a JSONL, JSON or Parquet log with the
same verdicts as ``Guard.check``, and write one row per answer, the rejects and a summary
(text, JSON and a standalone HTML page with plots)::

    import grounding_guard as gg
    result = gg.audit("logs/", "audit-out", shape="langsmith", group_by=["model"])
    result.read == result.checked + result.rejected

Modules, one job each: :mod:`records` (reading inputs), :mod:`mapping` (where a record
keeps its fields; the ready-made shapes), :mod:`checker` (the per-record function),
:mod:`journal` (resumable, ordered rows), :mod:`run` (``audit`` and the local engine),
:mod:`ray_engine`, :mod:`summary`, :mod:`outputs`, :mod:`html`, :mod:`progress`,
:mod:`sample` (a generated log). Nothing here imports pyarrow or Ray until it needs them.
"""

from __future__ import annotations

from grounding_guard.auditing.checker import AuditOptions
from grounding_guard.auditing.journal import ResumeError
from grounding_guard.auditing.mapping import REJECT_CODES, SHAPES, RecordMapping, Shape
from grounding_guard.auditing.run import ENGINES, AuditInterrupted, AuditResult, audit

__all__ = [
    "ENGINES",
    "REJECT_CODES",
    "SHAPES",
    "AuditInterrupted",
    "AuditOptions",
    "AuditResult",
    "RecordMapping",
    "ResumeError",
    "Shape",
    "audit",
]

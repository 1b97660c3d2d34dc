"""grounding-guard for LlamaIndex: check each answer sentence against the retrieved nodes.

- :class:`GroundingPostprocessor`: ``index.as_query_engine(node_postprocessors=[...])``
  labels the nodes with citation ids and guards the answer of that query (flag, filter,
  or block by replacing the text; never raises).
- :class:`GroundedQueryEngine`: wraps any query engine; block raises
  ``grounding_guard.UngroundedAnswerError``.
- :class:`GroundingEvaluator`: a ``BaseEvaluator`` for batch evaluation.

The report travels in ``response.metadata["grounding"]`` (a ``grounding_guard.Report``)
and to LlamaIndex's instrumentation as a :class:`GroundingReportEvent`.
"""

from __future__ import annotations

from grounding_guard import Report, UngroundedAnswerError

from ._agent_evidence import format_tool_evidence, next_citation_id, tool_results_evidence
from ._events import GroundingReportEvent
from ._nodes import CITATION_ID_KEY, evidence_from_nodes
from ._responses import BLOCKED_KEY, ERROR_KEY, GROUNDING_KEY
from .agent import GroundedAgent, GroundedAgentHandler
from .evaluator import GroundingEvaluationResult, GroundingEvaluator
from .postprocessor import GroundingPostprocessor
from .query_engine import GroundedQueryEngine

__all__ = [
    "BLOCKED_KEY",
    "CITATION_ID_KEY",
    "ERROR_KEY",
    "GROUNDING_KEY",
    "GroundedAgent",
    "GroundedAgentHandler",
    "GroundedQueryEngine",
    "GroundingEvaluationResult",
    "GroundingEvaluator",
    "GroundingPostprocessor",
    "GroundingReportEvent",
    "Report",
    "UngroundedAnswerError",
    "evidence_from_nodes",
    "format_tool_evidence",
    "next_citation_id",
    "tool_results_evidence",
]

"""grounding-guard for LangChain: check a RAG chain's answer against the documents it
retrieved, and flag, filter or block the claims they do not back, streaming included::

    from langchain_grounding_guard import GroundingGuard, format_evidence
    chain = rag_chain | GroundingGuard(mode="filter")   # rag_chain outputs answer + context
    result = chain.invoke("question")                    # result["grounding"]: the report
    text_chain = prompt | llm | StrOutputParser() | GroundingGuard(evidence=docs)  # str out
"""

from __future__ import annotations

from langchain_grounding_guard._agent_evidence import (
    format_tool_evidence,
    next_citation_id,
    tool_evidence,
)
from langchain_grounding_guard._agent_guard import grounding_node
from langchain_grounding_guard._callbacks import REPORT_EVENT
from langchain_grounding_guard._convert import format_evidence, to_evidence
from langchain_grounding_guard._parser import GroundingOutputParser
from langchain_grounding_guard._runnable import GroundingGuard
from langchain_grounding_guard._upstream import REPORT_KEY

__all__ = [
    "REPORT_EVENT",
    "REPORT_KEY",
    "GroundingGuard",
    "GroundingOutputParser",
    "format_evidence",
    "format_tool_evidence",
    "grounding_node",
    "next_citation_id",
    "to_evidence",
    "tool_evidence",
]

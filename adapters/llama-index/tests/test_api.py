"""The public surface: ``__all__``, the namespace package, and clear errors for bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import llama_index.postprocessor.grounding_guard as adapter
import pytest
from llama_index.core.base.response.schema import Response
from llama_index.core.schema import NodeWithScore, TextNode
from llama_index.postprocessor.grounding_guard import (
    GroundedQueryEngine,
    GroundingEvaluator,
    GroundingPostprocessor,
    evidence_from_nodes,
)

from conftest import LAPTOP_SOURCES, ScriptedLLM, make_engine
from grounding_guard import ConfigError, EvidenceError

PUBLIC = {
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
}


def test_all_is_the_public_api() -> None:
    assert set(adapter.__all__) == PUBLIC
    assert len(adapter.__all__) == len(PUBLIC)
    for name in adapter.__all__:
        assert getattr(adapter, name) is not None
    assert (adapter.GROUNDING_KEY, adapter.BLOCKED_KEY) == ("grounding", "grounding_blocked")


def test_llama_index_stays_a_namespace_package() -> None:
    import llama_index
    import llama_index.core
    import llama_index.postprocessor

    assert getattr(llama_index, "__file__", None) is None  # PEP 420: no __init__.py
    assert getattr(llama_index.postprocessor, "__file__", None) is None
    assert hasattr(llama_index.core, "VectorStoreIndex")


def test_evidence_from_nodes_numbers_from_one() -> None:
    nodes = [NodeWithScore(node=TextNode(text=t, id_=f"n{i}")) for i, t in enumerate("ab")]
    nodes.append(NodeWithScore(node=TextNode(text="Source 3:\nc", id_="n2")))
    evidence = evidence_from_nodes(nodes)
    assert {k: v["text"] for k, v in evidence.items()} == {"1": "a", "2": "b", "3": "c"}
    assert evidence["1"]["metadata"] == {"node_id": "n0", "score": None}


def engine() -> Any:
    return make_engine(ScriptedLLM())


BAD: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("postprocessor mode", lambda: GroundingPostprocessor(mode="shout"), ConfigError, "mode"),
    ("postprocessor option", lambda: GroundingPostprocessor(sourceprefix=True), TypeError, "sourceprefix"),
    ("postprocessor nodes", lambda: GroundingPostprocessor().postprocess_nodes(["text"]), TypeError, "NodeWithScore"),  # type: ignore[list-item]
    ("engine not an engine", lambda: GroundedQueryEngine("engine"), TypeError, "BaseQueryEngine"),  # type: ignore[arg-type]
    ("engine mode", lambda: GroundedQueryEngine(engine(), mode="shout"), ConfigError, "mode"),
    ("engine citations", lambda: GroundedQueryEngine(engine(), citations="roman"), ConfigError, "roman"),
    ("evaluator option", lambda: GroundingEvaluator(threshold=2), ConfigError, "threshold"),
    ("no response", lambda: GroundingEvaluator().evaluate(contexts=LAPTOP_SOURCES), ValueError, "response="),
    ("no contexts", lambda: GroundingEvaluator().evaluate(response="x [1]."), ValueError, "contexts="),
    ("response object", lambda: GroundingEvaluator().evaluate(response=Response("x"), contexts=["x"]), TypeError, "evaluate_response"),  # type: ignore[arg-type]
    ("one bare chunk", lambda: GroundingEvaluator().evaluate(response="x", contexts="chunk"), TypeError, "wrap one chunk"),
    ("duplicate ids", lambda: GroundingEvaluator().evaluate(response="It is a [1].", contexts={"1": "a", "01": "b"}), EvidenceError, "same citation"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("make", "error", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD]
)
def test_bad_input_is_a_clear_error(
    make: Callable[[], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        make()

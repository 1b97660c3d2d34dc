"""GroundingEvaluator alone and in BatchEvalRunner beside FaithfulnessEvaluator."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from llama_index.core.evaluation import BatchEvalRunner, EvaluationResult, FaithfulnessEvaluator
from llama_index.core.llms import MockLLM
from llama_index.postprocessor.grounding_guard import (
    GroundingEvaluationResult,
    GroundingEvaluator,
)

from conftest import (
    LAPTOP_ANSWER,
    LAPTOP_FILTERED,
    LAPTOP_SOURCES,
    PHONE_ANSWER,
    PHONE_SOURCES,
    ScriptedLLM,
    make_engine,
)
from grounding_guard import Report

CASES = [
    # answer, contexts, passing, score (grounded share of the claims)
    pytest.param(LAPTOP_ANSWER, LAPTOP_SOURCES, False, 0.5, id="forged-uncited-unsupported"),
    pytest.param(LAPTOP_FILTERED, LAPTOP_SOURCES, True, 1.0, id="grounded"),
    pytest.param(PHONE_ANSWER, PHONE_SOURCES, True, 1.0, id="other-topic"),
    pytest.param(PHONE_ANSWER, LAPTOP_SOURCES, False, 0.0, id="wrong-contexts"),
    pytest.param(
        "It lasts 14 hours [7]. It weighs 1.2 kilograms [3].",
        {"7": LAPTOP_SOURCES[0], "3": LAPTOP_SOURCES[2]},
        True,
        1.0,
        id="mapping-keys-are-ids",
    ),
]


def check(result: EvaluationResult, answer: str, passing: bool, score: float) -> None:
    assert isinstance(result, GroundingEvaluationResult)
    assert result.passing is passing
    assert result.score == pytest.approx(score)
    assert result.response == answer
    assert isinstance(result.report, Report)
    assert result.feedback == result.report.summary()
    assert not result.invalid_result


@pytest.mark.parametrize(("answer", "contexts", "passing", "score"), CASES)
def test_evaluate(answer: str, contexts: Any, passing: bool, score: float) -> None:
    result = GroundingEvaluator().evaluate(query="q", response=answer, contexts=contexts)
    check(result, answer, passing, score)
    assert result.query == "q"
    assert result.contexts == list(contexts.values() if isinstance(contexts, dict) else contexts)


@pytest.mark.parametrize(("answer", "contexts", "passing", "score"), CASES)
def test_aevaluate(answer: str, contexts: Any, passing: bool, score: float) -> None:
    result = asyncio.run(GroundingEvaluator().aevaluate(response=answer, contexts=contexts))
    check(result, answer, passing, score)


def test_evaluate_response_reads_the_source_nodes(llm: ScriptedLLM) -> None:
    response = make_engine(llm).query("laptop?")
    result = GroundingEvaluator().evaluate_response(query="laptop?", response=response)
    check(result, LAPTOP_ANSWER, False, 0.5)


def test_guard_options_apply() -> None:
    lenient = GroundingEvaluator(fail_on=["contradicted"])
    result = lenient.evaluate(response=LAPTOP_ANSWER, contexts=LAPTOP_SOURCES)
    assert result.passing is True
    assert result.score == pytest.approx(0.5)


def test_beside_faithfulness_in_batch_eval_runner(llm: ScriptedLLM) -> None:
    engine = make_engine(llm)
    queries = ["laptop battery?", "phone screen?"]
    responses = [engine.query(q) for q in queries]
    runner = BatchEvalRunner(
        {"faithfulness": FaithfulnessEvaluator(llm=MockLLM()), "grounding": GroundingEvaluator()},
        workers=2,
    )
    results = runner.evaluate_responses(queries=queries, responses=responses)
    assert len(results["faithfulness"]) == 2
    grounding = results["grounding"]
    assert [r.passing for r in grounding] == [False, True]
    assert [r.score for r in grounding] == pytest.approx([0.5, 1.0])

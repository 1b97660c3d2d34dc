"""``GroundingEvaluator``: grounding as a LlamaIndex evaluation, beside FaithfulnessEvaluator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from llama_index.core.bridge.pydantic import Field
from llama_index.core.evaluation import BaseEvaluator, EvaluationResult
from llama_index.core.prompts.mixin import PromptDictType, PromptMixinType

from grounding_guard import Guard, Report

from ._events import dispatch_report

__all__ = ["GroundingEvaluationResult", "GroundingEvaluator"]


class GroundingEvaluationResult(EvaluationResult):
    """An ``EvaluationResult`` that also carries the full ``grounding_guard.Report``."""

    report: Any = Field(default=None, exclude=True, description="The grounding_guard Report.")


class GroundingEvaluator(BaseEvaluator):
    """Score an answer's grounding in its contexts, offline and without an LLM.

    ``passing`` is ``report.is_clean`` (no failing sentence, coverage met), ``score`` the
    share of claim sentences that are grounded (``report.coverage``), ``feedback`` the
    per-sentence summary. Contexts are the retrieved chunks: a list (citation ids "1",
    "2"...) or a mapping id -> text. Keyword arguments configure the
    ``grounding_guard.Guard`` (``citations``, ``fail_on``, ``min_coverage``...).
    """

    def __init__(self, **guard_options: Any) -> None:
        self._guard = Guard(**guard_options)

    @property
    def guard(self) -> Guard:
        """The configured ``grounding_guard.Guard``."""
        return self._guard

    def _get_prompts(self) -> PromptDictType:
        return {}

    def _update_prompts(self, prompts_dict: PromptDictType) -> None:
        """No prompts: the check is deterministic."""

    def _get_prompt_modules(self) -> PromptMixinType:
        return {}

    def evaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        answer = _answer(response)
        return _result(query, answer, contexts, self._guard.check(answer, _contexts(contexts)))

    async def aevaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        answer = _answer(response)
        report = await self._guard.acheck(answer, _contexts(contexts))
        return _result(query, answer, contexts, report)


def _answer(response: Any) -> str:
    if response is None:
        raise ValueError("GroundingEvaluator needs response=: the answer text to check")
    if not isinstance(response, str):
        raise TypeError(
            f"response must be the answer text (str), got {type(response).__name__}; "
            "pass a Response object to evaluate_response() instead"
        )
    return response


def _contexts(contexts: Any) -> Any:
    if contexts is None:
        raise ValueError(
            "GroundingEvaluator needs contexts=: the retrieved chunks the answer may cite"
        )
    return contexts


def _result(query: str | None, answer: str, contexts: Any, report: Report) -> EvaluationResult:
    dispatch_report(report)
    texts = list(contexts.values()) if isinstance(contexts, Mapping) else list(contexts)
    return GroundingEvaluationResult(
        query=query,
        contexts=[text if isinstance(text, str) else str(text) for text in texts],
        response=answer,
        passing=report.is_clean,
        score=report.coverage,
        feedback=report.summary(),
        report=report,
    )

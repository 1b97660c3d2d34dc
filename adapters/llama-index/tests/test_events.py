"""Every report reaches LlamaIndex's instrumentation: a ``GroundingReportEvent`` at an
event handler on the root dispatcher, from the postprocessor (streamed or not, blocked
included), the wrapping engine and the evaluator."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation import get_dispatcher  # type: ignore[attr-defined]
from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.instrumentation.events import BaseEvent
from llama_index.postprocessor.grounding_guard import (
    GROUNDING_KEY,
    GroundedQueryEngine,
    GroundingEvaluator,
    GroundingPostprocessor,
    GroundingReportEvent,
)

from conftest import (
    CALLS,
    LAPTOP_COUNTS,
    LAPTOP_SOURCES,
    Run,
    ScriptedLLM,
    ask,
    make_engine,
)
from grounding_guard import UngroundedAnswerError

QUESTION = "How long does the laptop battery last?"


class Collector(BaseEventHandler):
    """Keeps the grounding reports it is handed."""

    events: list[GroundingReportEvent] = Field(default_factory=list)

    @classmethod
    def class_name(cls) -> str:
        return "GroundingCollector"

    def handle(self, event: BaseEvent, **kwargs: Any) -> None:
        if isinstance(event, GroundingReportEvent):
            self.events.append(event)


@pytest.fixture
def collector() -> Iterator[Collector]:
    root = get_dispatcher()
    handler = Collector()
    root.add_event_handler(handler)
    try:
        yield handler
    finally:
        root.event_handlers.remove(handler)


def counts_of(event: GroundingReportEvent) -> dict[str, int]:
    return {status: event.summary[f"grounding_guard.count.{status}"] for status in LAPTOP_COUNTS}


@pytest.mark.parametrize("call", CALLS)
def test_the_postprocessor_reports_every_answer(
    collector: Collector, llm: ScriptedLLM, call: str
) -> None:
    postprocessor = GroundingPostprocessor(mode="filter")
    engine = make_engine(
        llm, streaming=call in ("stream", "astream"), node_postprocessors=[postprocessor]
    )
    run = ask(engine, QUESTION, call)
    (event,) = collector.events
    assert event.report is run.response.metadata[GROUNDING_KEY]
    assert counts_of(event) == LAPTOP_COUNTS
    assert event.summary["grounding_guard.mode"] == "filter"
    if call == "query":
        assert event.span_id is not None  # the query span the postprocessor guarded
        assert event.span_id.startswith("RetrieverQueryEngine.")


@pytest.mark.parametrize("call", CALLS)
def test_a_blocked_answer_is_reported(collector: Collector, llm: ScriptedLLM, call: str) -> None:
    engine = GroundedQueryEngine(
        make_engine(llm, streaming=call in ("stream", "astream")), mode="block"
    )
    with pytest.raises(UngroundedAnswerError) as raised:
        ask(engine, QUESTION, call, Run())
    (event,) = collector.events
    assert event.report == raised.value.report
    assert event.summary["grounding_guard.blocked"] is True


def test_the_evaluator_reports(collector: Collector) -> None:
    result = GroundingEvaluator().evaluate(
        response="The battery lasts 14 hours [1]. It was designed in Finland [7].",
        contexts=LAPTOP_SOURCES,
    )
    (event,) = collector.events
    assert event.report is result.report  # type: ignore[attr-defined]


def test_the_event_dumps_to_json_without_text(collector: Collector, llm: ScriptedLLM) -> None:
    ask(make_engine(llm, node_postprocessors=[GroundingPostprocessor()]), QUESTION, "query")
    (event,) = collector.events
    dumped = event.model_dump()
    assert "report" not in dumped
    assert dumped["class_name"] == "GroundingReportEvent"
    text = json.dumps(dumped, default=str)
    assert "Aurora" not in text and "Finland" not in text


def test_a_failing_handler_changes_nothing(llm: ScriptedLLM) -> None:
    class Broken(BaseEventHandler):
        def handle(self, event: BaseEvent, **kwargs: Any) -> None:
            raise RuntimeError("handler bug")

    root = get_dispatcher()
    handler = Broken()
    root.add_event_handler(handler)
    try:
        run = ask(
            make_engine(llm, node_postprocessors=[GroundingPostprocessor(mode="filter")]),
            QUESTION,
            "query",
        )
    finally:
        root.event_handlers.remove(handler)
    assert run.response.metadata[GROUNDING_KEY].counts["grounded"] == 3

"""The report reaches LangChain's observability: the ``grounding_guard.report`` custom
event at the run's callback handlers (every way of calling, blocked answers included,
``astream_events`` too) and the report's totals in the LangSmith run's metadata."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.runnables import Runnable
from langchain_core.tracers.langchain import LangChainTracer
from langchain_grounding_guard import REPORT_EVENT, GroundingGuard, GroundingOutputParser
from langsmith import Client, RunTree
from langsmith.run_helpers import tracing_context
from lc_support import DOCS, PROMPT, generic_model, rag_chain

import grounding_guard as gg

QUESTION = "Tell me about the Eiffel Tower."


class Recorder(BaseCallbackHandler):
    """Keeps every custom event and the name of every run that started."""

    run_inline = True

    def __init__(self) -> None:
        self.events: list[tuple[str, Any, UUID]] = []
        self.names: dict[UUID, str] = {}

    def on_chain_start(self, serialized: Any, inputs: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self.names[run_id] = str(kwargs.get("name"))

    def on_custom_event(self, name: str, data: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self.events.append((name, data, run_id))

    def reports(self) -> list[tuple[dict[str, Any], str]]:
        """The report events: their data and the name of the run they came from."""
        return [(data, self.names[run]) for name, data, run in self.events if name == REPORT_EVENT]


def invoke(chain: Runnable[Any, Any], config: Any) -> list[Any]:
    return [chain.invoke(QUESTION, config=config)]


def batch(chain: Runnable[Any, Any], config: Any) -> list[Any]:
    return list(chain.batch([QUESTION, QUESTION], config=config))


def ainvoke(chain: Runnable[Any, Any], config: Any) -> list[Any]:
    return [asyncio.run(chain.ainvoke(QUESTION, config=config))]


def stream(chain: Runnable[Any, Any], config: Any) -> list[Any]:
    return [next(c for c in chain.stream(QUESTION, config=config) if "grounding" in c)]


def astream(chain: Runnable[Any, Any], config: Any) -> list[Any]:
    async def collect() -> list[Any]:
        return [c async for c in chain.astream(QUESTION, config=config) if "grounding" in c]

    return asyncio.run(collect())


CALLS: dict[str, Callable[[Runnable[Any, Any], Any], list[Any]]] = {
    "invoke": invoke,
    "batch": batch,
    "ainvoke": ainvoke,
    "stream": stream,
    "astream": astream,
}


@pytest.mark.parametrize("call", CALLS)
def test_every_report_reaches_the_handlers_of_the_guard_run(call: str) -> None:
    recorder = Recorder()
    chain = rag_chain(generic_model()) | GroundingGuard(mode="filter")
    outputs = CALLS[call](chain, {"callbacks": [recorder]})
    got = recorder.reports()
    assert len(got) == len(outputs)
    for (data, run_name), output in zip(got, outputs, strict=True):
        assert run_name == "GroundingGuard"
        assert data == output["grounding"].to_dict()
        assert data["counts"]["invalid"] == 2


@pytest.mark.parametrize("call", ["invoke", "ainvoke", "stream", "astream"])
def test_a_blocked_answer_is_reported_before_it_raises(call: str) -> None:
    recorder = Recorder()
    chain = rag_chain(generic_model()) | GroundingGuard(mode="block")
    with pytest.raises(gg.UngroundedAnswerError) as raised:
        CALLS[call](chain, {"callbacks": [recorder]})
    ((data, run_name),) = recorder.reports()
    assert run_name == "GroundingGuard"
    assert data["blocked"] is True
    assert data == raised.value.report.to_dict()


def test_astream_events_carries_the_report() -> None:
    chain = rag_chain(generic_model()) | GroundingGuard()

    async def collect() -> list[Any]:
        return [
            event
            async for event in chain.astream_events(QUESTION, version="v2")
            if event["event"] == "on_custom_event"
        ]

    (event,) = asyncio.run(collect())
    assert event["name"] == REPORT_EVENT
    assert event["data"]["counts"]["grounded"] == 2


@pytest.mark.parametrize("call", ["invoke", "ainvoke", "stream", "astream"])
def test_the_output_parser_reports_too(call: str) -> None:
    recorder = Recorder()
    sources = {"sources": "", "question": QUESTION}
    chain = PROMPT | generic_model() | GroundingOutputParser(mode="filter")
    config = {"callbacks": [recorder], "configurable": {"evidence": DOCS}}
    if call in ("invoke", "ainvoke"):
        text = (
            chain.invoke(sources, config=config)  # type: ignore[arg-type]
            if call == "invoke"
            else asyncio.run(chain.ainvoke(sources, config=config))  # type: ignore[arg-type]
        )
    elif call == "stream":
        text = "".join(chain.stream(sources, config=config))  # type: ignore[arg-type]
    else:

        async def collect() -> str:
            return "".join([c async for c in chain.astream(sources, config=config)])  # type: ignore[arg-type]

        text = asyncio.run(collect())
    ((data, run_name),) = recorder.reports()
    assert run_name == "GroundingOutputParser"
    assert data["text"] == text


def test_outside_a_run_nothing_is_sent_and_nothing_breaks() -> None:
    parser = GroundingOutputParser(evidence=DOCS)
    assert parser.parse("The Eiffel Tower is 330 metres tall [1].").endswith("[1].")


# ---- LangSmith ------------------------------------------------------------------------------

CLIENT = Client(api_url="http://127.0.0.1:9", api_key="test", auto_batch_tracing=False)
ENDED: dict[str, Any] = {}


class OfflineTracer(LangChainTracer):
    """LangSmith's tracer, keeping the runs it would send (copies share ``ENDED``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("client", CLIENT)
        super().__init__(**kwargs)

    def _persist_run_single(self, run: Any) -> None:
        pass

    def _update_run_single(self, run: Any) -> None:  # type: ignore[override]
        pass

    def _on_chain_end(self, run: Any) -> None:
        ENDED[run.name] = run

    def _on_chain_error(self, run: Any) -> None:
        ENDED[run.name] = run


@pytest.mark.parametrize("call", ["invoke", "stream"])
def test_a_langsmith_run_gets_the_totals_as_metadata(call: str) -> None:
    ENDED.clear()
    guard = GroundingGuard(mode="filter")
    CALLS[call](rag_chain(generic_model()) | guard, {"callbacks": [OfflineTracer()]})
    metadata = ENDED["GroundingGuard"].extra["metadata"]
    assert metadata["grounding_guard.count.invalid"] == 2
    assert metadata["grounding_guard.is_clean"] is False
    assert (
        metadata["grounding_guard.fingerprint"]
        == gg.telemetry.judge_fingerprint(guard.grounding_guard)["grounding_guard.fingerprint"]
    )
    texts = [v for v in metadata.values() if isinstance(v, str)]
    assert not any("Eiffel" in text for text in texts)  # totals, never text


def test_a_blocked_langsmith_run_gets_the_totals_too() -> None:
    ENDED.clear()
    chain = rag_chain(generic_model()) | GroundingGuard(mode="block")
    with pytest.raises(gg.UngroundedAnswerError):
        chain.invoke(QUESTION, config={"callbacks": [OfflineTracer()]})
    assert ENDED["GroundingGuard"].extra["metadata"]["grounding_guard.blocked"] is True


def test_the_current_langsmith_run_gets_the_totals() -> None:
    """Without LangSmith's tracer among the handlers (tracing off), the run of the
    surrounding ``@traceable`` code is the current one: it gets them."""
    parent = RunTree(name="app", run_type="chain", client=CLIENT)
    with tracing_context(parent=parent, enabled=False):
        (rag_chain(generic_model()) | GroundingGuard()).invoke(QUESTION)
    assert parent.metadata["grounding_guard.count.grounded"] == 2

"""GroundingPostprocessor inside real query engines: labels, flag/filter/block for every
call style, incremental streaming, isolation between queries, failing closed."""

from __future__ import annotations

import asyncio
import inspect
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.schema import MetadataMode, NodeWithScore, TextNode
from llama_index.postprocessor.grounding_guard import (
    BLOCKED_KEY,
    CITATION_ID_KEY,
    ERROR_KEY,
    GROUNDING_KEY,
    GroundingPostprocessor,
)

from conftest import (
    CALLS,
    LAPTOP_ANSWER,
    LAPTOP_COUNTS,
    LAPTOP_FAILING,
    LAPTOP_FILTERED,
    LAPTOP_SOURCES,
    PHONE_ANSWER,
    PHONE_SOURCES,
    REFUSAL,
    Run,
    ScriptedLLM,
    ask,
    make_engine,
    streams,
    tokens_of,
)
from grounding_guard import Report

QUESTION = "How long does the laptop battery last?"


def guarded(llm: ScriptedLLM, call: str, **options: Any) -> Any:
    return make_engine(
        llm, streaming=streams(call), node_postprocessors=[GroundingPostprocessor(**options)]
    )


def report_of(run: Run) -> Report:
    report = run.response.metadata[GROUNDING_KEY]
    assert isinstance(report, Report)
    return report


def assert_counts(report: Report, expected: dict[str, int]) -> None:
    assert {k: v for k, v in report.counts.items() if v} == expected


# ---- labels -------------------------------------------------------------------------------


def nodes() -> list[NodeWithScore]:
    return [
        NodeWithScore(node=TextNode(text=text, id_=f"n{i}", metadata={"page": i}), score=0.5)
        for i, text in enumerate(LAPTOP_SOURCES, start=1)
    ]


@pytest.mark.parametrize(
    ("source_prefix", "first_text"),
    [
        (False, LAPTOP_SOURCES[0]),
        (True, f"Source 1:\n{LAPTOP_SOURCES[0]}"),
    ],
)
def test_labels_are_positions_on_copies(source_prefix: bool, first_text: str) -> None:
    given = nodes()
    labelled = GroundingPostprocessor(source_prefix=source_prefix).postprocess_nodes(given)
    assert [n.node.metadata[CITATION_ID_KEY] for n in labelled] == ["1", "2", "3"]
    assert [n.node.node_id for n in labelled] == ["n1", "n2", "n3"]
    assert [n.score for n in labelled] == [0.5] * 3
    assert labelled[0].node.get_content(metadata_mode=MetadataMode.NONE) == first_text
    # the label is hidden from the model and the embedder; the originals are untouched
    assert CITATION_ID_KEY not in labelled[0].node.get_content(metadata_mode=MetadataMode.LLM)
    assert CITATION_ID_KEY not in labelled[0].node.get_content(metadata_mode=MetadataMode.EMBED)
    assert given[0].node.metadata == {"page": 1}
    assert given[0].node.get_content() == LAPTOP_SOURCES[0]


def test_outside_a_query_it_labels_and_says_it_cannot_guard(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING):
        labelled = GroundingPostprocessor(mode="block").postprocess_nodes(nodes())
    assert len(labelled) == 3
    assert "outside a query engine" in caplog.text


def test_source_prefix_shows_the_model_the_ids_the_guard_resolves(llm: ScriptedLLM) -> None:
    llm.answers["laptop"] = (
        "The battery lasts 14 hours [#battery].\nIt weighs 1.2 kilograms [#weighs]."
    )
    engine = make_engine(
        llm, node_postprocessors=[GroundingPostprocessor(mode="filter", source_prefix=True)]
    )
    response = engine.query(QUESTION)
    assert "Source 3:\nThe Aurora X2 weighs" in llm.prompts[-1]
    assert response.response == "The battery lasts 14 hours [1].\nIt weighs 1.2 kilograms [3]."
    report = response.metadata[GROUNDING_KEY]
    assert report.is_clean
    assert report.evidence[0].text == LAPTOP_SOURCES[0]  # the label is not evidence
    assert report.evidence[0].metadata["node_id"] == "laptop-1"


def test_source_prefix_is_on_by_default() -> None:
    """The field and the constructor agree: labelled unless told otherwise."""
    assert GroundingPostprocessor().source_prefix is True
    assert GroundingPostprocessor.model_fields["source_prefix"].default is True
    init = inspect.signature(GroundingPostprocessor.__init__)
    assert init.parameters["source_prefix"].default is True
    assert GroundingPostprocessor(source_prefix=False).source_prefix is False


@pytest.mark.parametrize("call", CALLS)
def test_by_default_the_model_sees_the_ids_the_guard_checks(llm: ScriptedLLM, call: str) -> None:
    """LlamaIndex's prompt joins the chunks unnumbered; by default each one is shown as
    "Source N", so a model can cite it, and a citation of the wrong source is caught as
    that (``unsupported_citation``), not merely attributed."""
    llm.answers["laptop"] = (
        "The battery lasts 14 hours [#battery].\nIt weighs 1.2 kilograms [#warranty]."
    )
    run = ask(guarded(llm, call, mode="flag"), QUESTION, call)
    for n, text in enumerate(LAPTOP_SOURCES, start=1):
        assert f"Source {n}:\n{text}" in llm.prompts[-1]
    report = report_of(run)
    assert [unit.status.value for unit in report.units] == ["grounded", "invalid"]
    assert "unsupported_citation" in report.units[1].codes
    assert [item.text for item in report.evidence] == LAPTOP_SOURCES  # the label is not evidence


def test_without_the_prefix_the_prompt_has_no_ids(llm: ScriptedLLM) -> None:
    """What ``source_prefix=False`` gives a model: the chunks, and no number to cite."""
    ask(guarded(llm, "query", source_prefix=False), QUESTION, "query")
    assert LAPTOP_SOURCES[0] in llm.prompts[-1]
    assert "Source" not in llm.prompts[-1]


def test_with_a_vector_store_index(llm: ScriptedLLM) -> None:
    """A real in-memory index (whatever order it retrieves in) and a model that cites
    the "Source N" it was shown."""
    llm.answers["laptop"] = (
        "The battery lasts 14 hours [#battery].\n"
        "The warranty covers accidental damage for five years [#warranty].\n"
        "It was designed in Finland [9]."
    )
    index = VectorStoreIndex.from_documents(
        [Document(text=text) for text in LAPTOP_SOURCES], embed_model=MockEmbedding(embed_dim=8)
    )
    engine = index.as_query_engine(
        llm=llm,
        similarity_top_k=3,
        node_postprocessors=[GroundingPostprocessor(mode="filter", source_prefix=True)],
    )
    response = engine.query(QUESTION)
    battery = next(
        n.node.metadata[CITATION_ID_KEY] for n in response.source_nodes if "battery" in n.text
    )
    assert response.response == f"The battery lasts 14 hours [{battery}]."
    assert_counts(response.metadata[GROUNDING_KEY], {"grounded": 1, "invalid": 2})


# ---- flag, filter, block for every call style ------------------------------------------------


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize(
    ("mode", "expected", "blocked"),
    [
        ("flag", LAPTOP_ANSWER, False),
        ("filter", LAPTOP_FILTERED, False),
        ("block", REFUSAL, True),
    ],
)
def test_modes(llm: ScriptedLLM, mode: str, expected: str, blocked: bool, call: str) -> None:
    run = ask(guarded(llm, call, mode=mode), QUESTION, call)
    report = report_of(run)
    assert run.response.metadata[BLOCKED_KEY] is blocked
    assert report.blocked is blocked
    if mode == "block" and streams(call):
        # the grounded sentences before the first failing one went out, then the refusal
        # as a paragraph of its own; the report covers what was read up to the failing one
        shown, refusal = run.text.split("\n\n")
        assert refusal == REFUSAL
        assert LAPTOP_ANSWER.startswith(shown)
        assert LAPTOP_ANSWER[len(shown)] == "\n"
        assert report.units[-1].status == "invalid"
        assert "accidental damage" in report.units[-1].text
    else:
        assert run.text == expected
        assert report.answer == LAPTOP_ANSWER
        assert_counts(report, LAPTOP_COUNTS)
    if mode == "block":
        assert not any(bad in run.text for bad in LAPTOP_FAILING)


@pytest.mark.parametrize("call", CALLS)
def test_a_clean_answer_passes_every_mode_unchanged(llm: ScriptedLLM, call: str) -> None:
    for mode in ("flag", "filter", "block"):
        run = ask(guarded(llm, call, mode=mode), "Phone screen size?", call)
        assert run.text == PHONE_ANSWER
        assert report_of(run).is_clean
        assert run.response.metadata[BLOCKED_KEY] is False


def test_guard_answer_false_only_labels(llm: ScriptedLLM) -> None:
    response = make_engine(
        llm, node_postprocessors=[GroundingPostprocessor(mode="block", guard_answer=False)]
    ).query(QUESTION)
    assert response.response == LAPTOP_ANSWER
    assert GROUNDING_KEY not in (response.metadata or {})


# ---- streaming is incremental and fails closed ---------------------------------------------


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_streamed_output_starts_before_the_model_has_finished(llm: ScriptedLLM, mode: str) -> None:
    response = guarded(llm, "stream", mode=mode).query(QUESTION)
    first = next(iter(response.response_gen))
    assert first
    assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


@pytest.mark.parametrize("mode", ["flag", "filter", "block"])
def test_async_streamed_output_starts_before_the_model_has_finished(
    llm: ScriptedLLM, mode: str
) -> None:
    async def first_chunk() -> str:
        response = await guarded(llm, "astream", mode=mode).aquery(QUESTION)
        chunk: str = await response.async_response_gen().__anext__()
        return chunk

    assert asyncio.run(first_chunk())
    assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


@pytest.mark.parametrize("call", ["stream", "astream"])
def test_block_stops_reading_the_model(llm: ScriptedLLM, call: str) -> None:
    run = ask(guarded(llm, call, mode="block"), QUESTION, call)
    assert run.chunks[-1] == REFUSAL
    assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


# sentence-level release: a one-line answer of several sentences still streams unit by unit
def test_a_single_line_answer_streams_sentence_by_sentence(llm: ScriptedLLM) -> None:
    llm.answers["laptop"] = LAPTOP_ANSWER.replace("\n", " ")
    response = guarded(llm, "stream", mode="filter").query(QUESTION)
    first = next(iter(response.response_gen))
    assert first.startswith("The Aurora X2 battery lasts 14 hours")
    assert len(llm.emitted) < len(tokens_of(LAPTOP_ANSWER))


# ---- only its own query ------------------------------------------------------------------------


@pytest.mark.parametrize("call", CALLS)
def test_an_unguarded_engine_in_the_same_process_is_untouched(llm: ScriptedLLM, call: str) -> None:
    guarded_run = ask(guarded(llm, call, mode="block"), QUESTION, call)
    plain = make_engine(llm, streaming=streams(call))
    plain_run = ask(plain, QUESTION, call)
    assert plain_run.text == LAPTOP_ANSWER
    assert GROUNDING_KEY not in (plain_run.response.metadata or {})
    assert guarded_run.response.metadata[BLOCKED_KEY] is True


def test_concurrent_aqueries_each_get_their_own_report(llm: ScriptedLLM) -> None:
    engine = guarded(llm, "aquery", mode="filter")
    plain = make_engine(llm)
    questions = ["laptop battery?", "phone screen?"] * 4

    async def all_at_once() -> list[Any]:
        return await asyncio.gather(
            *(engine.aquery(q) for q in questions), *(plain.aquery(q) for q in questions)
        )

    responses = asyncio.run(all_at_once())
    for question, response in zip(questions, responses[: len(questions)], strict=True):
        report = response.metadata[GROUNDING_KEY]
        laptop = "laptop" in question
        assert report.answer == (LAPTOP_ANSWER if laptop else PHONE_ANSWER)
        assert [e.text for e in report.evidence] == (LAPTOP_SOURCES if laptop else PHONE_SOURCES)
        assert response.response == (LAPTOP_FILTERED if laptop else PHONE_ANSWER)
    for question, response in zip(questions, responses[len(questions) :], strict=True):
        assert response.response == (LAPTOP_ANSWER if "laptop" in question else PHONE_ANSWER)
        assert GROUNDING_KEY not in (response.metadata or {})


def test_queries_in_threads_each_get_their_own_report(llm: ScriptedLLM) -> None:
    engine = guarded(llm, "query", mode="block")
    questions = ["laptop battery?", "phone screen?"] * 6
    with ThreadPoolExecutor(max_workers=6) as pool:
        responses = list(pool.map(engine.query, questions))
    for question, response in zip(questions, responses, strict=True):
        laptop = "laptop" in question
        assert response.response == (REFUSAL if laptop else PHONE_ANSWER)
        assert response.metadata[GROUNDING_KEY].answer == (
            LAPTOP_ANSWER if laptop else PHONE_ANSWER
        )


# ---- never relies on raising: an answer that cannot be checked fails closed ------------------


def broken_judge(claim: str, evidence: str) -> bool:
    raise RuntimeError("judge unavailable")


@pytest.mark.parametrize("call", ["query", "aquery"])
@pytest.mark.parametrize(
    ("mode", "expected"), [("flag", LAPTOP_ANSWER), ("filter", REFUSAL), ("block", REFUSAL)]
)
def test_a_check_that_errors_fails_closed(
    llm: ScriptedLLM, mode: str, expected: str, call: str
) -> None:
    run = ask(guarded(llm, call, mode=mode, judge=broken_judge), QUESTION, call)
    assert run.text == expected
    assert "judge unavailable" in run.response.metadata[ERROR_KEY]
    assert run.response.metadata.get(BLOCKED_KEY, False) is (mode != "flag")


@pytest.mark.parametrize("call", ["stream", "astream"])
def test_a_stream_that_cannot_be_checked_raises_to_its_consumer(
    llm: ScriptedLLM, call: str
) -> None:
    run = Run()
    with pytest.raises(RuntimeError, match="judge unavailable"):
        ask(guarded(llm, call, mode="filter", judge=broken_judge), QUESTION, call, run)
    assert not any(bad in run.text for bad in LAPTOP_FAILING)


# ---- bookkeeping ------------------------------------------------------------------------------


def test_nothing_is_kept_after_queries_end_even_failed_ones(llm: ScriptedLLM) -> None:
    from llama_index.postprocessor.grounding_guard._tracking import tracker

    engine = guarded(llm, "query", mode="filter")
    for question in ("laptop?", "phone?"):
        engine.query(question)
    asyncio.run(engine.aquery("laptop?"))
    llm.answers.clear()  # the model now fails after the nodes were labelled
    with pytest.raises(KeyError):
        engine.query("laptop?")
    spans = tracker()
    assert spans.open_spans == {}
    assert spans._on_exit == {}

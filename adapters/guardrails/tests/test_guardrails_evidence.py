"""Where the evidence comes from: metadata["sources"], metadata["evidence"], or bound."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from guardrails import Guard
from guardrails_grounding_guard import GroundedAnswer
from guardrails_scenario import ANSWER, FILTERED, SOURCES

import grounding_guard as gg


@dataclass
class Doc:
    """A retrieved document as frameworks have them: its own id, text and metadata."""

    id: str
    page_content: str
    metadata: dict[str, Any]


def _output(validator: GroundedAnswer, metadata: dict[str, Any] | None = None) -> Any:
    return Guard().use(validator).validate(ANSWER, metadata=metadata or {}).validated_output


MAPPED = {str(i): text for i, text in enumerate(SOURCES, start=1)}


@pytest.mark.parametrize(
    ("bound", "metadata"),
    [
        (None, {"sources": SOURCES}),  # a list: ids 1, 2, 3
        (None, {"sources": tuple(SOURCES)}),
        (None, {"evidence": MAPPED}),  # a mapping: its keys are the ids
        (None, {"evidence": SOURCES}),  # any form the core reads
        (SOURCES, {}),  # bound at construction
        (MAPPED, {"other": 1}),
        ({"1": "unrelated", "2": "unrelated", "3": "unrelated"}, {"sources": SOURCES}),  # call wins
        # documents carrying ids of their own still get the positional ids under "sources"
        (None, {"sources": [Doc(f"doc-{i}", t, {"n": i}) for i, t in enumerate(SOURCES)]}),
        (None, {"sources": [{"id": "x", "text": SOURCES[0]}, SOURCES[1], {"text": SOURCES[2]}]}),
    ],
)
def test_evidence_forms_give_the_same_result(bound: Any, metadata: dict[str, Any]) -> None:
    assert _output(GroundedAnswer(evidence=bound), metadata) == FILTERED


def test_mapping_keys_are_the_citation_ids() -> None:
    answer = "Completed in 1889 [7].\nAbout 7 million visitors a year [3].\nIt is gold [1]."
    evidence = {"7": SOURCES[0], "3": SOURCES[2]}
    guard = Guard().use(GroundedAnswer())
    outcome = guard.validate(answer, metadata={"evidence": evidence})
    assert (
        outcome.validated_output == "Completed in 1889 [7].\nAbout 7 million visitors a year [3]."
    )
    report = guard.history.last.iterations.last.validator_logs[0].validation_result.metadata[
        "grounding"
    ]
    assert report.evidence_ids == ("7", "3")
    assert report.units[2].codes == ("unknown_citation",)


def test_sources_keep_document_metadata() -> None:
    docs = [
        Doc(f"doc-{i}", text, {"url": f"https://example.org/{i}"}) for i, text in enumerate(SOURCES)
    ]
    guard = Guard().use(GroundedAnswer())
    guard.validate(ANSWER, metadata={"sources": docs})
    report = guard.history.last.iterations.last.validator_logs[0].validation_result.metadata[
        "grounding"
    ]
    assert report.evidence_ids == ("1", "2", "3")
    assert report.evidence[0].metadata == {"url": "https://example.org/0"}


@pytest.mark.parametrize("metadata", [{}, {"sources": None}, {"evidence": None}, {"other": 1}])
def test_missing_evidence_is_a_clear_error(metadata: dict[str, Any]) -> None:
    guard = Guard().use(GroundedAnswer(on_fail="noop"))
    with pytest.raises(gg.EvidenceError, match=r"metadata=\{'sources'"):
        guard.validate(ANSWER, metadata=metadata)
    assert guard.history.last.status != "pass"
    assert guard.history.last.guarded_output is None


def test_both_keys_are_ambiguous() -> None:
    guard = Guard().use(GroundedAnswer())
    with pytest.raises(gg.ConfigError, match="both 'sources' and 'evidence'"):
        guard.validate(ANSWER, metadata={"sources": SOURCES, "evidence": MAPPED})


@pytest.mark.parametrize(
    ("sources", "error"),
    [
        ("one chunk", TypeError),  # a bare string is no list of chunks
        (42, TypeError),
        ([SOURCES[0], 7], gg.EvidenceError),
        (["same", "same"], None),  # duplicates are fine by position
    ],
)
def test_bad_sources(sources: Any, error: type | None) -> None:
    guard = Guard().use(GroundedAnswer(on_fail="noop"))
    if error is None:
        guard.validate(ANSWER, metadata={"sources": sources})
        return
    with pytest.raises(error):
        guard.validate(ANSWER, metadata={"sources": sources})


def test_catalog_marks_ids_that_were_not_retrieved() -> None:
    guard = Guard().use(GroundedAnswer(on_fail="noop", catalog=["9"]))
    guard.validate(ANSWER, metadata={"sources": SOURCES})
    result = guard.history.last.iterations.last.validator_logs[0].validation_result
    assert "not_retrieved" in result.error_spans[0].reason

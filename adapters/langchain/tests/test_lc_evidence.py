"""Evidence in: the ids ``format_evidence`` shows the model are the ids the guard resolves;
a malformed input is an error, never a silent pass."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.documents import Document
from langchain_grounding_guard import GroundingGuard, format_evidence, to_evidence
from lc_support import ANSWER, DOCS

import grounding_guard as gg


def test_format_evidence_numbers_from_one() -> None:
    assert format_evidence(DOCS) == "\n\n".join(
        f"[{n}] {doc.page_content}" for n, doc in enumerate(DOCS, start=1)
    )
    assert format_evidence(["alpha", "beta"]) == "[1] alpha\n\n[2] beta"
    assert format_evidence([]) == ""


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"template": "Source {id}: {text}"}, "Source 1: a\nSource 2: b"),
        ({"template": "[{id}] ({metadata[source]}) {text}"}, "[1] (x.txt) a\n[2] (y.txt) b"),
    ],
)
def test_format_evidence_template(kwargs: dict[str, Any], expected: str) -> None:
    docs = [
        Document(page_content="a", metadata={"source": "x.txt"}),
        Document(page_content="b", metadata={"source": "y.txt"}),
    ]
    assert format_evidence(docs, separator="\n", **kwargs) == expected


def test_metadata_citation_id_names_the_document() -> None:
    docs = [
        Document(page_content=DOCS[0].page_content, metadata={"citation_id": 12}),
        DOCS[1],
    ]
    assert format_evidence(docs).startswith("[12] The Eiffel Tower")
    assert "\n\n[2] The tower was completed" in format_evidence(docs)
    assert [item.id for item in to_evidence(docs)] == ["12", "2"]
    assert [item.id for item in to_evidence(docs, id_key=None)] == ["1", "2"]
    report = GroundingGuard().invoke(
        {"answer": "The Eiffel Tower is 330 metres tall [12].", "context": docs}
    )["grounding"]
    assert report.units[0].status is gg.Status.GROUNDED
    assert report.evidence[0].metadata == {"citation_id": 12}


def test_document_store_ids_are_not_citation_ids() -> None:
    assert DOCS[0].id is not None
    assert [item.id for item in to_evidence(DOCS)] == ["1", "2", "3"]


def test_mapping_keys_are_the_citation_ids() -> None:
    evidence = {"7": DOCS[0].page_content, "3": DOCS[1]}
    answer = "The Eiffel Tower is 330 metres tall [7].\nIt was completed in 1889 [3]."
    result = GroundingGuard(mode="block").invoke({"answer": answer, "context": evidence})
    assert result["answer"] == answer
    report = result["grounding"]
    assert report.resolved_ids == ("7", "3")
    assert [unit.status for unit in report.units] == [gg.Status.GROUNDED] * 2
    assert format_evidence(evidence).startswith("[7] The Eiffel Tower")
    assert "\n\n[3] The tower was completed" in format_evidence(evidence)


def test_strings_and_core_evidence_are_accepted() -> None:
    texts = [doc.page_content for doc in DOCS]
    from_docs = GroundingGuard().invoke({"answer": ANSWER, "context": DOCS})["grounding"]
    from_texts = GroundingGuard().invoke({"answer": ANSWER, "context": texts})["grounding"]
    assert [u.status for u in from_texts.units] == [u.status for u in from_docs.units]
    items = [gg.Evidence("1", texts[0]), gg.Evidence("2", texts[1])]
    assert [item.id for item in to_evidence(items)] == ["1", "2"]
    assert [item.id for item in to_evidence({"9": items[0]})] == ["9"]


BAD_INPUTS: list[tuple[Any, type[Exception], str]] = [
    ("just a string", TypeError, "got a string .* has no evidence"),
    (3, TypeError, "takes a dict"),
    ({"context": DOCS}, ValueError, "no 'answer' key"),
    ({"answer": ANSWER}, ValueError, "no 'context' key"),
    ({"answer": None, "context": DOCS}, TypeError, "str or a chat message"),
    ({"answer": 42, "context": DOCS}, TypeError, "str or a chat message"),
    ({"answer": ANSWER, "context": "one long text"}, TypeError, "wrap one document in a list"),
    ({"answer": ANSWER, "context": DOCS[0]}, TypeError, "wrap one document in a list"),
    ({"answer": ANSWER, "context": None}, TypeError, "list of Documents"),
    ({"answer": ANSWER, "context": [1, 2]}, TypeError, r"context\[0\] must be a Document"),
    ({"answer": ANSWER, "context": {"1": 5}}, TypeError, "must be a Document or a str"),
    ({"answer": ANSWER, "context": {(1,): "x"}}, TypeError, "citation id must be a str or int"),
    ({"answer": ANSWER, "context": {" ": "x"}}, ValueError, "must not be empty"),
    ({"answer": ANSWER, "context": {"1": "a", "01": "b"}}, gg.EvidenceError, "same citation"),
    ({"answer": ANSWER, "context": DOCS, "grounding": 1}, ValueError, "already has"),
]


@pytest.mark.parametrize(("data", "error", "message"), BAD_INPUTS)
@pytest.mark.parametrize("call", ["invoke", "stream"])
def test_bad_input_raises(call: str, data: Any, error: type[Exception], message: str) -> None:
    guard = GroundingGuard(mode="filter", citations="numeric")
    if call == "stream" and (not isinstance(data, dict) or "answer" not in data):
        message = message if isinstance(data, (dict, str)) else "dict chunks"
    run = guard.invoke if call == "invoke" else lambda value: list(guard.stream(value))
    with pytest.raises(error, match=message):
        run(data)

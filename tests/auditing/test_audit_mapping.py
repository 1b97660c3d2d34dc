"""Where a record keeps its fields: paths, the ready-made shapes (as LangSmith and
LlamaIndex really dump their objects) and every reason a record is rejected."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from typing import Any

import pytest

from grounding_guard import Evidence
from grounding_guard.auditing.checker import AuditOptions, Checker, decode
from grounding_guard.auditing.mapping import (
    MISSING,
    REJECT_CODES,
    RecordError,
    RecordMapping,
    get_path,
    parse_path,
)
from grounding_guard.auditing.records import RawRecord

RECORD = {
    "a": {"b": [{"c": 1}, {"c": 2}]},
    "json": '{"x": {"y": "deep"}}',
    "dotted.key": 3,
    "none": None,
}

PATHS = [
    ("a.b.1.c", 2),
    ("a.b.0", {"c": 1}),
    ("a.b.2.c", MISSING),
    ("a.x", MISSING),
    ("json.x.y", "deep"),  # JSON text met before the path ends is read
    ("json", '{"x": {"y": "deep"}}'),  # ... but a value at the path's end stays as it is
    ("none", None),
    ("none.x", MISSING),
    ("a.b.c", MISSING),  # a list needs an index
]


@pytest.mark.parametrize(("path", "expected"), PATHS)
def test_get_path(path: str, expected: Any) -> None:
    assert get_path(RECORD, parse_path(path)) == expected or (
        expected is MISSING and get_path(RECORD, parse_path(path)) is MISSING
    )


@pytest.mark.parametrize("path", ["", "a..b", ".a", "a."])
def test_bad_paths_are_refused(path: str) -> None:
    with pytest.raises(ValueError, match="bad field path"):
        parse_path(path)


def test_a_mapping_refuses_unknown_fields_and_shapes() -> None:
    with pytest.raises(ValueError, match="cannot map 'model'"):
        RecordMapping(fields={"model": "x"})
    with pytest.raises(ValueError, match="unknown shape"):
        RecordMapping(shape="openai")
    with pytest.raises(ValueError, match="bad group name"):
        RecordMapping(groups={"a b": "x"})


# ---- the shapes, as the frameworks dump their objects ------------------------------------

DOC = {
    "id": "uuid-1",
    "metadata": {"source": "a.pdf"},
    "page_content": "Battery: 14 hours.",
    "type": "Document",
}
LC_DOC = {
    "lc": 1,
    "type": "constructor",
    "id": ["langchain", "schema", "document", "Document"],
    "kwargs": {"page_content": "Price: $99.", "metadata": {"citation_id": "p"}},
}
LANGSMITH_RUN = {
    "id": "0f2c-run",
    "name": "rag_chain",
    "run_type": "chain",
    "start_time": "2026-03-02T09:00:00.123456",
    "inputs": {"question": "How long does it last?"},
    "outputs": {"answer": "It lasts 14 hours [1].", "context": [DOC, LC_DOC]},
    "extra": {"metadata": {"ls_model_name": "gpt-4o-mini"}},
}
# a chat model's output as LangSmith keeps it: an AI message, content as text blocks
LANGSMITH_MESSAGE = {
    **LANGSMITH_RUN,
    "outputs": {
        "output": {
            "content": [
                {"type": "text", "text": "It lasts "},
                {"type": "text", "text": "14 hours [1]."},
            ],
            "type": "ai",
        },
        "source_documents": [DOC],
    },
}
# the bulk export to Parquet keeps inputs and outputs as JSON text
LANGSMITH_EXPORT = {**LANGSMITH_RUN, "outputs": json.dumps(LANGSMITH_RUN["outputs"])}
NODE = {
    "node": {
        "id_": "n1",
        "embedding": None,
        "metadata": {"file_name": "a.txt"},
        "text": "Source 1:\nBattery: 14 hours.",
        "class_name": "TextNode",
    },
    "score": 0.8,
    "class_name": "NodeWithScore",
}
LLAMA_RESPONSE = {
    "response": "It lasts 14 hours [1].",
    "source_nodes": [
        NODE,
        {"node": {"id_": "n2", "text_resource": {"text": "Price: $99."}}, "score": 0.5},
    ],
    "metadata": {"n1": {"file_name": "a.txt"}},
}

SHAPES = [
    (
        "langsmith",
        LANGSMITH_RUN,
        "It lasts 14 hours [1].",
        [
            Evidence("1", "Battery: 14 hours.", {"source": "a.pdf"}),
            Evidence("p", "Price: $99.", {"citation_id": "p"}),  # citation_id names the id
        ],
        "0f2c-run",
        "2026-03-02",
    ),
    (
        "langsmith",
        LANGSMITH_MESSAGE,
        "It lasts 14 hours [1].",
        [Evidence("1", "Battery: 14 hours.", {"source": "a.pdf"})],
        "0f2c-run",
        "2026-03-02",
    ),
    (
        "langsmith",
        LANGSMITH_EXPORT,
        "It lasts 14 hours [1].",
        [
            Evidence("1", "Battery: 14 hours.", {"source": "a.pdf"}),
            Evidence("p", "Price: $99.", {"citation_id": "p"}),
        ],
        "0f2c-run",
        "2026-03-02",
    ),
    (
        "llamaindex",
        LLAMA_RESPONSE,
        "It lasts 14 hours [1].",
        [
            Evidence("1", "Battery: 14 hours.", {"node_id": "n1", "score": 0.8}),  # label cut
            Evidence("2", "Price: $99.", {"node_id": "n2", "score": 0.5}),
        ],
        None,
        None,
    ),
]


@pytest.mark.parametrize(("shape", "record", "answer", "evidence", "ident", "day"), SHAPES)
def test_shapes_read_what_the_frameworks_export(
    shape: str,
    record: dict[str, Any],
    answer: str,
    evidence: list[Evidence],
    ident: str | None,
    day: str | None,
) -> None:
    got = RecordMapping(shape=shape).extract(record)
    assert got.answer == answer
    assert got.evidence == evidence
    assert got.id == ident
    assert got.date == day


def test_a_langsmith_record_checks_as_the_adapter_would() -> None:
    row = Checker(AuditOptions(RecordMapping(shape="langsmith"))).__call__(
        RawRecord(0, "runs.jsonl", 1, json.dumps(LANGSMITH_RUN).encode())
    )
    assert row["counts"]["grounded"] == 1 and row["is_clean"]


def test_explicit_fields_and_groups_override_the_shape() -> None:
    mapping = RecordMapping(
        shape="langsmith",
        fields={"answer": "inputs.question"},
        groups={"model": "extra.metadata.ls_model_name", "tag": "tags.0"},
    )
    got = mapping.extract(LANGSMITH_RUN)
    assert got.answer == "How long does it last?"
    assert got.groups == {"model": "gpt-4o-mini", "tag": "(none)"}
    assert set(mapping.columns()) >= {"inputs", "outputs", "extra", "tags", "id", "start_time"}


DAYS = [
    ("2026-03-02T23:30:00-02:00", "2026-03-03"),  # to UTC
    ("2026-03-02T09:00:00Z", "2026-03-02"),
    ("2026-03-02", "2026-03-02"),
    ("2026-03-02 09:00:00.5", "2026-03-02"),
    (1772442000, "2026-03-02"),  # epoch seconds
    (1772442000000, "2026-03-02"),  # epoch milliseconds
    (datetime(2026, 3, 2, 23, 0, tzinfo=timezone.utc), "2026-03-02"),
    (date(2026, 3, 2), "2026-03-02"),
    ("yesterday", None),
    ("2026-13-45", None),
    (True, None),
    (float("nan"), None),
]


@pytest.mark.parametrize(("value", "day"), DAYS)
def test_dates_read_as_utc_days(value: Any, day: str | None) -> None:
    record = {"answer": "x [1].", "evidence": ["x"], "date": value}
    assert RecordMapping().extract(record).date == day


# ---- rejects -------------------------------------------------------------------------------

REJECTS: list[tuple[str, Any, str]] = [
    ("not_utf8", b'{"answer": "\xff\xfe", "evidence": []}', "not UTF-8 text (byte 12)"),
    ("bad_json", b'{"answer": "x", "evidence": [', "not JSON"),
    ("not_an_object", b'["x", ["y"]]', "is a list, not an object"),
    ("not_an_object", b'"just text"', "is a string, not an object"),
    ("no_answer", b'{"evidence": ["x"]}', "no answer at answer"),
    ("no_answer", b'{"answer": null, "evidence": ["x"]}', "no answer"),
    ("answer_not_text", b'{"answer": 42, "evidence": ["x"]}', "is a number, not text"),
    ("empty_answer", b'{"answer": " \\n ", "evidence": ["x"]}', "empty"),
    ("no_evidence", b'{"answer": "x [1]."}', "no evidence at evidence"),
    ("bad_evidence", b'{"answer": "x [1].", "evidence": 42}', "evidence is a number"),
    ("bad_evidence", b'{"answer": "x [1].", "evidence": "one chunk"}', "evidence is a string"),
    ("bad_evidence", b'{"answer": "x [1].", "evidence": "[1, "}', "not JSON"),
    ("bad_evidence", b'{"answer": "x [1].", "evidence": [{"id": "1", "text": 7}]}', "unreadable"),
    (
        "bad_evidence",
        b'{"answer": "x [1].", "evidence": [{"id": "a", "text": "x"}, {"id": "a", "text": "y"}]}',
        "unreadable",
    ),
    ("bad_catalog", b'{"answer": "x [1].", "evidence": ["x"], "catalog": "e1"}', "list of ids"),
    (
        "answer_too_long",
        b'{"answer": "' + b"x" * 101 + b'", "evidence": ["x"]}',
        "over max_chars 100",
    ),
]


@pytest.mark.parametrize(("code", "line", "why"), REJECTS)
def test_every_unreadable_record_is_a_reject_with_its_reason(
    code: str, line: bytes, why: str
) -> None:
    assert code in REJECT_CODES
    checker = Checker(AuditOptions(RecordMapping(max_chars=100)))
    row = checker(RawRecord(7, "log.jsonl", 9, line))
    assert (row["seq"], row["file"], row["line"], row["reject"]) == (7, "log.jsonl", 9, code)
    assert why in row["reason"]
    assert "counts" not in row and "is_clean" not in row  # a reject is never a verdict
    assert row["excerpt"]


def test_a_check_that_breaks_is_a_reject_never_clean() -> None:
    def broken(claim: str, evidence: str) -> bool:
        raise RuntimeError("judge exploded")

    row = Checker(AuditOptions(guard={"judge": broken}))(
        RawRecord(
            0,
            "f",
            1,
            b'{"answer": "Battery lasts 14 hours [1].", "evidence": ["Battery lasts 14 hours."]}',
        )
    )
    assert row["reject"] == "check_failed" and "judge exploded" in row["reason"]


def test_lone_surrogates_become_replacement_characters_keeping_spans() -> None:
    line = b'{"answer": "Bad \\ud800 text here [1].", "evidence": ["Good text."]}'
    row = Checker(AuditOptions())(RawRecord(0, "f", 1, line))
    unit = row["failing"][0]
    assert "\ufffd" in unit["text"] and "\ud800" not in json.dumps(row, ensure_ascii=False)
    assert unit["span"] == {"start": 0, "end": len("Bad \ud800 text here [1].")}


def test_decode_leaves_parsed_rows_alone_and_drops_a_bom() -> None:
    assert decode({"a": 1}) == {"a": 1}
    assert decode(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}
    with pytest.raises(RecordError) as caught:
        decode(b"\xff")
    assert caught.value.code == "not_utf8"

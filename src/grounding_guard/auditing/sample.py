"""A generated log to try an audit on: RAG answers with citations, some grounded, some
with a changed figure, a forged id, an uncited claim or an honest gap, from three models,
two prompt versions and two weeks of dates, with malformed records mixed in (a bad JSON
line, non-UTF-8 bytes, a missing answer, evidence of the wrong type, ...). Deterministic
for a seed; the tests, the benchmark and the notebook use it.

Shapes: ``plain`` ({id, model, prompt_version, date, answer, evidence}), ``langsmith``
(a run as LangSmith exports it: inputs, outputs with answer and context Documents,
extra.metadata, start_time) and ``llamaindex`` (a Response dumped to JSON: response,
source_nodes as NodeWithScore, plus the caller's own fields).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Final

__all__ = ["MALFORMED", "MODELS", "sample_records", "write_sample_log"]

MODELS: Final = ("alpha", "beta", "gamma")
#: How often each model makes each kind of error (changed figure, forged id, uncited claim).
_ERROR_RATES: Final = {"alpha": 0.03, "beta": 0.08, "gamma": 0.2}
_PRODUCTS: Final = ("Kestrel K2", "Osprey X1", "Heron Mini", "Falcon Pro", "Swift Air", "Wren S")
_START: Final = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)

# (evidence sentence, claim): {p} product, {v} value
_FACTS: Final = (
    (
        "Independent lab testing measured {v} hours of battery life for the {p} on a full charge.",
        "The {p} battery lasts {v} hours on a full charge",
    ),
    ("The {p} is priced at ${v} in the United States.", "The {p} costs ${v} in the United States"),
    (
        "Every {p} ships with a {v} year limited warranty.",
        "The {p} has a {v} year limited warranty",
    ),
    ("The {p} weighs {v} grams without its case.", "Without its case the {p} weighs {v} grams"),
    (
        "Customers can return the {p} within {v} days of delivery.",
        "The {p} can be returned within {v} days of delivery",
    ),
)
_VALUES: Final = ((8, 30), (49, 399), (1, 5), (40, 400), (14, 60))
_UNCITED: Final = (
    "Many reviewers say the {p} is the best in its class.",
    "The {p} is popular with commuters.",
)
_GAP: Final = "The exact release date of the {p} is not confirmed [citation needed]."

#: The malformed records mixed in, in turn, one every ``malformed_every`` records.
MALFORMED: Final = (
    "bad_json",
    "no_answer",
    "bad_evidence_type",
    "not_utf8",
    "not_an_object",
    "empty_answer",
    "bad_evidence_item",
)


def _record(rng: random.Random, n: int) -> dict[str, Any]:
    """One well-formed answer with its evidence, in the plain shape."""
    model = MODELS[n % len(MODELS)]
    product = rng.choice(_PRODUCTS)
    facts = rng.sample(range(len(_FACTS)), k=rng.randint(2, 4))
    evidence: list[str] = []
    claims: list[str] = []
    errors = _ERROR_RATES[model]
    for k, fact in enumerate(facts, start=1):
        low, high = _VALUES[fact]
        value = rng.randint(low, high)
        chunk, claim = _FACTS[fact]
        evidence.append(chunk.format(p=product, v=value))
        roll = rng.random()
        if roll < errors:
            claims.append(claim.format(p=product, v=value + rng.randint(1, 3)) + f" [{k}].")
        elif roll < 2 * errors:
            claims.append(claim.format(p=product, v=value) + f" [{len(facts) + 3}].")
        else:
            claims.append(claim.format(p=product, v=value) + f" [{k}].")
    if rng.random() < 2 * errors:
        claims.insert(rng.randint(0, len(claims)), rng.choice(_UNCITED).format(p=product))
    if rng.random() < 0.1:
        claims.append(_GAP.format(p=product))
    when = _START + timedelta(days=n % 14, minutes=(7 * n) % 600)
    return {
        "id": f"rec-{n:06d}",
        "model": model,
        "prompt_version": "v2" if rng.random() < 0.5 else "v1",
        "date": when.isoformat().replace("+00:00", "Z"),
        "answer": " ".join(claims),
        "evidence": evidence,
    }


def _langsmith(record: dict[str, Any]) -> dict[str, Any]:
    start = datetime.fromisoformat(record["date"].replace("Z", "+00:00"))
    run_id = f"00000000-0000-4000-8000-{int(record['id'][4:]):012d}"
    docs = record["evidence"]
    if isinstance(docs, list):
        docs = [
            {"page_content": text, "metadata": {"source": f"doc-{i}.md"}, "type": "Document"}
            if isinstance(text, str)
            else text
            for i, text in enumerate(docs, start=1)
        ]
    outputs: dict[str, Any] = {"context": docs}
    if "answer" in record:
        outputs["answer"] = record["answer"]
    return {
        "id": run_id,
        "name": "rag_chain",
        "run_type": "chain",
        "start_time": start.isoformat().replace("+00:00", ""),
        "end_time": (start + timedelta(seconds=2)).isoformat().replace("+00:00", ""),
        "status": "success",
        "error": None,
        "inputs": {"question": "What does the product page say?"},
        "outputs": outputs,
        "extra": {
            "metadata": {
                "ls_model_name": record["model"],
                "prompt_version": record["prompt_version"],
            }
        },
        "tags": ["rag"],
        "trace_id": run_id,
        "parent_run_id": None,
    }


def _llamaindex(record: dict[str, Any]) -> dict[str, Any]:
    nodes = record["evidence"]
    if isinstance(nodes, list):
        nodes = [
            {
                "node": {
                    "id_": f"node-{record['id']}-{i}",
                    "text": text,
                    "metadata": {"file_name": f"doc-{i}.md"},
                    "class_name": "TextNode",
                },
                "score": round(1 - i / 10, 2),
                "class_name": "NodeWithScore",
            }
            if isinstance(text, str)
            else text
            for i, text in enumerate(nodes, start=1)
        ]
    out: dict[str, Any] = {"source_nodes": nodes, "metadata": None}
    if "answer" in record:
        out["response"] = record["answer"]
    out.update(id=record["id"], model=record["model"], date=record["date"])
    out["prompt_version"] = record["prompt_version"]
    return out


_SHAPERS: Final = {"plain": lambda r: r, "langsmith": _langsmith, "llamaindex": _llamaindex}


def sample_records(
    records: int = 3000, *, shape: str = "plain", seed: int = 0, malformed_every: int = 97
) -> Iterator[bytes | dict[str, Any]]:
    """The log's records in order: dicts, or raw bytes for lines that are not JSON."""
    if shape not in _SHAPERS:
        raise ValueError(f"unknown shape {shape!r}; use one of {', '.join(_SHAPERS)}")
    rng = random.Random(seed)
    shaper = _SHAPERS[shape]
    for n in range(records):
        record = _record(rng, n)
        if malformed_every and n % malformed_every == malformed_every - 1:
            kind = MALFORMED[(n // malformed_every) % len(MALFORMED)]
            if kind == "bad_json":
                yield json.dumps(shaper(record))[:-9].encode("utf-8")  # cut short
                continue
            if kind == "not_utf8":
                yield (
                    json.dumps(shaper(record)).encode("utf-8").replace(b"The ", b"\xff\xfeThe ", 1)
                )
                continue
            if kind == "not_an_object":
                yield json.dumps([record["answer"], record["evidence"]]).encode("utf-8")
                continue
            if kind == "no_answer":
                del record["answer"]
            elif kind == "empty_answer":
                record["answer"] = "   "
            elif kind == "bad_evidence_type":
                record["evidence"] = 42
            elif kind == "bad_evidence_item":
                record["evidence"] = [{"id": "1", "text": 7}]
        yield shaper(record)


def write_sample_log(
    path: str | Path,
    records: int = 3000,
    *,
    shape: str = "plain",
    seed: int = 0,
    malformed_every: int = 97,
) -> Path:
    """Write :func:`sample_records` as JSON Lines (``.jsonl``) or, for a ``.parquet``
    path, as Parquet (only the records that are JSON objects: a file of rows cannot
    hold a broken line; nested fields as JSON text, as LangSmith's bulk export does)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    items = sample_records(records, shape=shape, seed=seed, malformed_every=malformed_every)
    if path.suffix == ".parquet":
        import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]

        rows = []
        for item in items:
            if isinstance(item, dict):
                rows.append({k: _cell(v) for k, v in item.items()})
        names = sorted({k for row in rows for k in row})
        table = pa.table({k: pa.array([r.get(k) for r in rows], pa.string()) for k in names})
        pq.write_table(table, path, row_group_size=512)
        return path
    with open(path, "wb") as handle:
        for n, item in enumerate(items):
            line = item if isinstance(item, bytes) else json.dumps(item).encode("utf-8")
            handle.write(line + b"\n")
            if n == 10:
                handle.write(b"\n")  # a blank line is no record
    return path


def _cell(value: Any) -> str | None:
    """A Parquet cell: text as it is, anything else as JSON text."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value)

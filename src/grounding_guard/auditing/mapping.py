"""Where a logged record keeps its answer, evidence, id, date and groups: field paths, the
ready-made shapes (``plain``, ``langsmith``, ``llamaindex``) and the extraction of one record.

A path is dot-separated keys (``outputs.answer``); a segment of digits indexes a list
(``outputs.generations.0``). A string met before the path ends is read as JSON when it
holds an object or array, since exports to Parquet keep nested fields as JSON text.
Extraction either returns the checked inputs or raises :class:`RecordError` with a reason
code: a record is never checked on a guess.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Final

from grounding_guard.text.messages import content_text
from grounding_guard.types import Evidence

__all__ = [
    "FIELDS",
    "MISSING",
    "REJECT_CODES",
    "SHAPES",
    "Extracted",
    "RecordError",
    "RecordMapping",
    "Shape",
    "get_path",
    "parse_path",
]

#: The fields a mapping may point at (groups are named freely beside them).
FIELDS: Final = ("answer", "evidence", "id", "date", "catalog")

#: Why a record was rejected, one code per cause (``rejects.jsonl`` carries the code).
REJECT_CODES: Final = (
    "not_utf8",
    "bad_json",
    "not_an_object",
    "no_answer",
    "answer_not_text",
    "empty_answer",
    "answer_too_long",
    "no_evidence",
    "bad_evidence",
    "bad_catalog",
    "check_failed",
    "unreadable_file",
)

#: The value of a path that leads nowhere (``None`` is a value: JSON null).
MISSING: Final = object()

_GROUP_CHARS: Final = 200
_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")


class RecordError(Exception):
    """A record that cannot be checked: ``code`` (one of :data:`REJECT_CODES`) and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_path(path: str) -> tuple[str, ...]:
    """``"outputs.context.0"`` as its segments; an empty segment is a ``ValueError``."""
    if not isinstance(path, str):
        raise TypeError(f"a field path must be a str, got {type(path).__name__}")
    parts = tuple(path.split("."))
    if not path or any(not p for p in parts):
        raise ValueError(f"bad field path {path!r}: use dot-separated keys, e.g. outputs.answer")
    return parts


def get_path(record: Any, path: Sequence[str]) -> Any:
    """The value at ``path`` in ``record``, or :data:`MISSING`."""
    value = record
    for segment in path:
        if isinstance(value, str) and value[:1] in ("{", "["):
            try:
                value = json.loads(value)
            except ValueError:
                return MISSING
        if isinstance(value, Mapping):
            if segment not in value:
                return MISSING
            value = value[segment]
        elif isinstance(value, list | tuple) and segment.isdigit():
            index = int(segment)
            if index >= len(value):
                return MISSING
            value = value[index]
        else:
            return MISSING
    return value


# ---- answers -------------------------------------------------------------------------------


def _kwargs(value: Any) -> Any:
    """A LangChain-serialised object (``{"lc": 1, "type": "constructor", "kwargs": ...}``)
    as its keyword arguments; anything else unchanged."""
    if (
        isinstance(value, Mapping)
        and value.get("lc") == 1
        and isinstance(value.get("kwargs"), Mapping)
    ):
        return value["kwargs"]
    return value


def message_text(value: Any) -> Any:
    """The text of a chat message dumped to JSON (``content`` as a string or as blocks,
    ``{"type": "text", "text": ...}``); a string unchanged; anything else unchanged."""
    value = _kwargs(value)
    if isinstance(value, Mapping) and "content" in value:
        text = content_text(value["content"])
        if text is not None:
            return text
    return value


# ---- evidence ------------------------------------------------------------------------------


def _chunk_id(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int) or not str(value).strip():
        raise RecordError("bad_evidence", f"{where}: a citation id must be a non-empty str or int")
    return str(value).strip()


def _plain_evidence(value: Any) -> Any:
    """Evidence as the guard reads it: a mapping id -> text, a list of texts, or a list of
    objects carrying an id and a text (their shape is checked by the guard)."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, list | tuple):
        return list(value)
    raise RecordError(
        "bad_evidence",
        f"evidence is {_kind(value)}: expected a list of texts, a list of objects with ids, "
        "or a mapping id -> text",
    )


_CITATION_ID_KEY: Final = "citation_id"


def _document(value: Any, ident: str, where: str) -> Evidence:
    """A LangChain ``Document`` dumped to JSON (plain or ``lc``-serialised), or a string."""
    if isinstance(value, str):
        return Evidence(ident, value, {})
    value = _kwargs(value)
    if not isinstance(value, Mapping) or not isinstance(value.get("page_content"), str):
        raise RecordError("bad_evidence", f"{where} is {_kind(value)}: expected a Document or text")
    metadata = value.get("metadata")
    metadata = dict(metadata) if isinstance(metadata, Mapping) else {}
    if metadata.get(_CITATION_ID_KEY) not in (None, ""):
        ident = _chunk_id(metadata[_CITATION_ID_KEY], f"{where}.metadata.{_CITATION_ID_KEY}")
    return Evidence(ident, value["page_content"], metadata)


def langsmith_evidence(value: Any) -> list[Evidence]:
    """A LangSmith run's retrieved documents: a list of Documents (or texts) whose ids are
    their 1-based positions unless ``metadata.citation_id`` names one (the LangChain
    adapter's rule: ``Document.id``, a vector store key, is never a citation id), or a
    mapping id -> Document or text."""
    if isinstance(value, Mapping) and not {"page_content", "lc"} & set(value):
        return [
            _document(item, _chunk_id(key, f"evidence key {key!r}"), f"evidence[{key!r}]")
            for key, item in value.items()
        ]
    if not isinstance(value, list | tuple):
        raise RecordError(
            "bad_evidence", f"evidence is {_kind(value)}: expected a list of Documents or texts"
        )
    return [_document(item, str(n), f"evidence[{n - 1}]") for n, item in enumerate(value, start=1)]


_SOURCE_LABEL: Final = re.compile(r"\ASource (\d+):\n")


def _node(value: Any, position: int) -> Evidence:
    """One LlamaIndex source node dumped to JSON: ``NodeWithScore`` (``{"node": {...},
    "score": ...}``, as ``model_dump()``/``to_dict()`` give it), a bare node, or a flat
    ``{"text" | "node_text" | "content", "node_id", "score"}``."""
    where = f"source_nodes[{position - 1}]"
    if isinstance(value, str):
        return Evidence(str(position), value, {})
    if not isinstance(value, Mapping):
        raise RecordError("bad_evidence", f"{where} is {_kind(value)}: expected a source node")
    inner = value.get("node")
    node: Mapping[str, Any] = inner if isinstance(inner, Mapping) else value
    text = node.get("text")
    resource = node.get("text_resource")
    if not isinstance(text, str) and isinstance(resource, Mapping):
        text = resource.get("text")  # llama-index's newer Node keeps text in text_resource
    for key in ("node_text", "content"):  # hand-made dumps: {"node_text": ..., "score": ...}
        if not isinstance(text, str):
            text = node.get(key)
    if not isinstance(text, str):
        raise RecordError("bad_evidence", f"{where} has no text")
    label = _SOURCE_LABEL.match(text)
    if label is not None and label.group(1) == str(position):
        text = text[label.end() :]  # CitationQueryEngine's "Source N:" label, not evidence
    node_id = node.get("id_", node.get("node_id", value.get("node_id")))
    return Evidence(str(position), text, {"node_id": node_id, "score": value.get("score")})


def llamaindex_evidence(value: Any) -> list[Evidence]:
    """A LlamaIndex ``Response``'s ``source_nodes`` dumped to JSON; ids are the nodes'
    1-based positions, as "Source N" and the LlamaIndex adapter number them."""
    if not isinstance(value, list | tuple):
        raise RecordError(
            "bad_evidence", f"source_nodes is {_kind(value)}: expected a list of source nodes"
        )
    return [_node(item, n) for n, item in enumerate(value, start=1)]


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    names = {str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    names.update({list: "a list", tuple: "a list", dict: "an object"})
    return names.get(type(value), type(value).__name__)


# ---- shapes --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """A ready-made mapping: candidate paths per field (the first present wins) and how
    its evidence reads."""

    name: str
    answer: tuple[str, ...]
    evidence: tuple[str, ...]
    id: tuple[str, ...] = ()
    date: tuple[str, ...] = ()
    catalog: tuple[str, ...] = ()
    evidence_kind: str = "plain"
    description: str = ""


SHAPES: Final[dict[str, Shape]] = {
    "plain": Shape(
        "plain",
        answer=("answer",),
        evidence=("evidence",),
        id=("id",),
        date=("date",),
        catalog=("catalog",),
        description="{answer, evidence, id?, date?}: evidence as texts, objects with ids, "
        "or a mapping id -> text",
    ),
    "langsmith": Shape(
        "langsmith",
        answer=(
            "outputs.answer",
            "outputs.output",
            "outputs.output_text",
            "outputs.result",
            "outputs.response",
            "outputs.text",
        ),
        evidence=(
            "outputs.context",
            "outputs.source_documents",
            "outputs.documents",
            "outputs.docs",
            "inputs.context",
            "inputs.documents",
        ),
        id=("id",),
        date=("start_time",),
        evidence_kind="langsmith",
        description="a LangSmith run (list_runs or bulk export): inputs/outputs objects or "
        "JSON text, answer a string or an AI message, evidence a list of Documents",
    ),
    "llamaindex": Shape(
        "llamaindex",
        answer=("response",),
        evidence=("source_nodes",),
        id=("id",),
        date=("date",),
        evidence_kind="llamaindex",
        description="a LlamaIndex Response dumped to JSON: response + source_nodes "
        "(NodeWithScore: node.text, node.id_, score)",
    ),
}

_EVIDENCE_READERS: Final = {
    "plain": _plain_evidence,
    "langsmith": langsmith_evidence,
    "llamaindex": llamaindex_evidence,
}


@dataclass(frozen=True)
class Extracted:
    """What one record gives the guard, and how it is filed in the summary."""

    answer: str
    evidence: Any
    id: str | None
    date: str | None
    groups: dict[str, str]
    catalog: list[str] | None = None


@dataclass(frozen=True)
class RecordMapping:
    """A shape, its fields overridden by explicit paths (``fields``), and the groups
    (name -> path) to break the summary down by. Plain data, so it pickles to workers."""

    shape: str = "plain"
    fields: dict[str, str] = field(default_factory=dict)
    groups: dict[str, str] = field(default_factory=dict)
    max_chars: int = 1_000_000

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"unknown shape {self.shape!r}; use one of {', '.join(SHAPES)}")
        for name, path in self.fields.items():
            if name not in FIELDS:
                raise ValueError(
                    f"cannot map {name!r}: the fields are {', '.join(FIELDS)} "
                    "(group fields go in group_by)"
                )
            parse_path(path)
        for name, path in self.groups.items():
            if not isinstance(name, str) or not _NAME.match(name):
                raise ValueError(f"bad group name {name!r}: letters, digits, _ . - only")
            parse_path(path)

    def paths(self, name: str) -> tuple[tuple[str, ...], ...]:
        """The candidate paths of field ``name``, parsed, in the order they are tried."""
        if name in self.fields:
            return (parse_path(self.fields[name]),)
        return tuple(parse_path(p) for p in getattr(SHAPES[self.shape], name))

    @property
    def dated(self) -> bool:
        """Whether records carry a date to draw a trend over (a ``date`` path is mapped)."""
        return bool(self.paths("date"))

    def columns(self) -> tuple[str, ...]:
        """The top-level columns this mapping reads (what a Parquet reader must load)."""
        out: dict[str, None] = {}
        for name in FIELDS:
            for path in self.paths(name):
                out[path[0]] = None
        for group in self.groups.values():
            out[parse_path(group)[0]] = None
        return tuple(out)

    def describe(self) -> dict[str, Any]:
        """The mapping as plain JSON (for the summary, so a reader sees what was read)."""
        return {
            "shape": self.shape,
            "fields": {name: [".".join(p) for p in self.paths(name)] for name in FIELDS},
            "groups": dict(self.groups),
        }

    def extract(self, record: Any) -> Extracted:
        """The answer, evidence, id, date and groups of ``record``, or a RecordError."""
        if not isinstance(record, Mapping):
            raise RecordError("not_an_object", f"the record is {_kind(record)}, not an object")
        answer = self._first(record, "answer")
        if answer is MISSING or answer is None:
            raise RecordError("no_answer", f"no answer at {self._tried('answer')}")
        answer = message_text(answer)
        if not isinstance(answer, str):
            raise RecordError("answer_not_text", f"the answer is {_kind(answer)}, not text")
        if not answer.strip():
            raise RecordError("empty_answer", "the answer is empty: nothing to check")
        if len(answer) > self.max_chars:
            raise RecordError(
                "answer_too_long",
                f"the answer is {len(answer):,} characters, over max_chars {self.max_chars:,}",
            )
        raw = self._first(record, "evidence")
        if raw is MISSING or raw is None:
            raise RecordError("no_evidence", f"no evidence at {self._tried('evidence')}")
        if isinstance(raw, str) and raw.lstrip()[:1] in ("[", "{"):
            try:  # a column of JSON text (Parquet exports keep nested values so)
                raw = json.loads(raw)
            except ValueError:
                raise RecordError("bad_evidence", "the evidence is text that is not JSON") from None
        kind = SHAPES[self.shape].evidence_kind
        evidence = _EVIDENCE_READERS[kind](raw)
        ident = self._first(record, "id")
        catalog = self._catalog(record)
        return Extracted(
            answer=answer,
            evidence=evidence,
            id=None if ident is MISSING or ident is None else _text(ident),
            date=_day(self._first(record, "date")),
            groups={
                name: _group(get_path(record, parse_path(path)))
                for name, path in self.groups.items()
            },
            catalog=catalog,
        )

    def _first(self, record: Any, name: str) -> Any:
        for path in self.paths(name):
            value = get_path(record, path)
            if value is not MISSING:
                return value
        return MISSING

    def _tried(self, name: str) -> str:
        return " or ".join(".".join(p) for p in self.paths(name)) or "(no path)"

    def _catalog(self, record: Any) -> list[str] | None:
        value = self._first(record, "catalog")
        if value is MISSING or value is None:
            return None
        if not isinstance(value, list | tuple) or not all(
            isinstance(i, str | int) and not isinstance(i, bool) for i in value
        ):
            raise RecordError("bad_catalog", "the catalog must be a list of ids")
        return [str(i) for i in value]


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int | float | bool):
        return json.dumps(value)
    return json.dumps(value, sort_keys=True, default=str, ensure_ascii=False)


def _group(value: Any) -> str:
    """A group value as text: ``(none)`` when absent, at most 200 characters."""
    if value is MISSING or value is None:
        return "(none)"
    text = _text(value)
    return text if len(text) <= _GROUP_CHARS else text[: _GROUP_CHARS - 1] + "…"


_ISO_DAY: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _day(value: Any) -> str | None:
    """The UTC day (``YYYY-MM-DD``) of a timestamp: ISO text, epoch seconds or
    milliseconds, or a date/datetime; ``None`` when absent or unreadable."""
    if value is MISSING or value is None or isinstance(value, bool):
        return None
    if isinstance(value, datetime):
        moment: datetime = value.astimezone(timezone.utc) if value.tzinfo else value
        return moment.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, int | float):
        if not math.isfinite(value):
            return None
        seconds = value / 1000 if abs(value) > 1e11 else value
        try:
            return datetime.fromtimestamp(seconds, tz=timezone.utc).date().isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str):
        text = value.strip()
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            found = _ISO_DAY.match(text)
            if not found:
                return None
            try:
                return date(*map(int, found.groups())).isoformat()
            except ValueError:
                return None
        return _day(parsed)
    return None

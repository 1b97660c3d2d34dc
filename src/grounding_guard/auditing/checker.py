"""The per-record function every engine runs: a raw record in, one JSON-ready row out,
either the answer's verdicts (``Guard.check`` with the run's options) or a reject with
its reason code. Built once per worker, so a model judge loads once per worker.

Fail closed: whatever cannot be decoded, mapped, read as evidence or checked becomes a
reject, never a clean row; only ``KeyboardInterrupt`` and ``SystemExit`` stop the run.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from grounding_guard.auditing.mapping import RecordError, RecordMapping
from grounding_guard.auditing.records import RawRecord
from grounding_guard.guard import Guard
from grounding_guard.types import Reason, Report, Span, Status, Unit

__all__ = [
    "STATUSES",
    "AuditOptions",
    "Checker",
    "decode",
    "dumps",
]

#: Every status, in the order rows and summaries list them.
STATUSES: Final = tuple(s.value for s in Status)
_UNIT_CHARS: Final = 2000  # a failing unit's text kept in a row (its span is exact)
_EXCERPT: Final = 300  # characters of a rejected record kept to find it by
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class AuditOptions:
    """What a worker needs to check records: the mapping and the Guard's keyword
    arguments (plain values, so they travel to worker processes and Ray actors)."""

    mapping: RecordMapping = field(default_factory=RecordMapping)
    guard: dict[str, Any] = field(default_factory=dict)

    def build_guard(self) -> Guard:
        """The Guard of these options (a model judge is loaded here, once)."""
        return Guard(**self.guard).warm()

    def describe(self) -> dict[str, Any]:
        """The options as plain JSON, for the summary."""
        guard = {k: v if _plain(v) else repr(v) for k, v in sorted(self.guard.items())}
        return {"mapping": self.mapping.describe(), "guard": guard}


def _plain(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def dumps(row: dict[str, Any]) -> str:
    """One row as a JSON line (the journal's and ``rejects.jsonl``'s form)."""
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def decode(payload: Any) -> Any:
    """A JSONL line's bytes as JSON (a RecordError saying why not); other payloads as they are."""
    if not isinstance(payload, bytes):
        return payload
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError("not_utf8", f"the line is not UTF-8 text (byte {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(text)
    except ValueError as exc:
        raise RecordError("bad_json", f"the line is not JSON: {exc}") from None


class Checker:
    """The per-record function with its Guard: ``checker(raw) -> row``."""

    def __init__(self, options: AuditOptions) -> None:
        self.options = options
        self.mapping = options.mapping
        self.guard = options.build_guard()

    def __call__(self, raw: RawRecord) -> dict[str, Any]:
        """The row of one record: its verdicts, or a reject with code and reason."""
        where: dict[str, Any] = {"seq": raw.seq, "file": raw.file, "line": raw.line}
        try:
            if raw.error is not None:
                raise RecordError(*raw.error)
            extracted = self.mapping.extract(decode(raw.payload))
            try:
                emap = self.guard.evidence_map(extracted.evidence, extracted.catalog)
            except (TypeError, ValueError) as exc:  # EvidenceError is a ValueError
                raise RecordError("bad_evidence", f"unreadable evidence: {exc}") from None
            report = self.guard.check(extracted.answer, emap)
        except RecordError as exc:
            return _reject(where, exc.code, exc.message, raw)
        except RecursionError:
            return _reject(where, "check_failed", "the record nests too deeply to check", raw)
        except Exception as exc:  # fail closed: a record that breaks a check is a reject
            return _reject(where, "check_failed", f"{type(exc).__name__}: {exc}", raw)
        return {
            **where,
            "id": _clean(extracted.id) if extracted.id is not None else f"{raw.file}:{raw.line}",
            "groups": {k: _clean(v) for k, v in extracted.groups.items()},
            "date": extracted.date,
            **_verdicts(report),
        }


def _verdicts(report: Report) -> dict[str, Any]:
    codes: Counter[str] = Counter()
    for unit in report.units:
        codes.update(set(unit.codes))
    claims = len(report.claims)
    return {
        "counts": report.counts,
        "units": len(report.units),
        "claims": claims,
        "coverage": report.coverage,
        "is_clean": report.is_clean,
        "blocked": report.blocked,
        "checkable": claims > 0,
        "codes": dict(sorted(codes.items())),
        "failing": [_unit(u) for u in report.units if u.status in report.fail_on],
    }


def _unit(unit: Unit) -> dict[str, Any]:
    text = unit.text if len(unit.text) <= _UNIT_CHARS else unit.text[: _UNIT_CHARS - 1] + "…"
    return {
        "index": unit.index,
        "status": unit.status.value,
        "text": _clean(text),
        "span": _span(unit.span),
        "codes": list(unit.codes),
        "reasons": [_reason(r) for r in unit.reasons],
    }


def _reason(reason: Reason) -> dict[str, Any]:
    return {
        "code": reason.code,
        "message": _clean(reason.message),
        "span": _span(reason.span),
        "evidence_id": None if reason.evidence_id is None else _clean(reason.evidence_id),
        "evidence_span": _span(reason.evidence_span),
    }


def _span(span: Span | None) -> dict[str, int] | None:
    return None if span is None else {"start": span.start, "end": span.end}


def _reject(where: dict[str, Any], code: str, reason: str, raw: RawRecord) -> dict[str, Any]:
    return {**where, "reject": code, "reason": _clean(reason), "excerpt": _excerpt(raw.payload)}


def _excerpt(payload: Any) -> str:
    if payload is None:
        return ""
    if isinstance(payload, bytes):
        text = payload[: _EXCERPT * 4].decode("utf-8", "replace")
    else:
        try:
            text = json.dumps(payload, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = repr(payload)
    return _clean(text[:_EXCERPT])


def _clean(text: str) -> str:
    """``text`` with lone surrogates (from JSON ``\\ud800`` escapes) as U+FFFD: same
    length, so spans still hold, and always encodable as UTF-8."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text

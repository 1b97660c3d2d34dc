"""Renderings of a :class:`~grounding_guard.types.Report`: JSON dict, text summary, HTML.

``to_dict`` is the one documented machine shape (``schema/report.schema.json``, versioned
by ``schema_version``); the CLI's ``--json`` prints it. ``summary_line``/``summary`` are
plain text for logs and terminals (no colour: the CLI adds it). ``to_html`` is a
self-contained page (inline CSS, no script, no external resource) that colours each unit
of the answer by status and explains it on hover; ``to_html_fragment`` is the same body
for Jupyter. Every piece of answer or evidence text is escaped before it reaches HTML.

The JSON shape (version 1), keys in this order::

    schema_version  1
    is_clean, blocked, checkable          bool
    mode                                  "flag" | "filter" | "block"
    citation_style                        str (preset name or the custom pattern)
    attribution                           bool
    text                                  the answer after the action
    answer                                the original answer
    counts                                {status: int} for every status, zeros included
    coverage, min_coverage                number
    fail_on                               sorted list of statuses
    cited_ids, resolved_ids, unresolved_ids, valid_ids, irrelevant_ids, evidence_ids
                                          lists of ids (first-appearance / given order)
    evidence                              [{id, chars}]: ids and text lengths only, so the
                                          JSON stays small; spans index into those texts
    units                                 [{index, text, span, kind, status, cited, valid,
                                            markers: [{span, ids, raw}],
                                            reasons: [{code, message, span, evidence_id,
                                                       evidence_span}],
                                            support: [{evidence_id, span, score}]}]
                                          (score: number, null if not finite)

A span is ``{"start": int, "end": int}`` (half-open Python string indices); absent
optional values are ``null``, never missing.
"""

from __future__ import annotations

import json
import math
from html import escape
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from grounding_guard.types import Evidence, Marker, Reason, Report, Span, Status, Support, Unit

__all__ = [
    "SCHEMA_PATH",
    "SCHEMA_VERSION",
    "load_schema",
    "summary",
    "summary_line",
    "to_dict",
    "to_html",
    "to_html_fragment",
]

#: Version of the ``to_dict`` shape; bumped on any incompatible change.
SCHEMA_VERSION: Final = 1

#: Where the JSON schema of ``to_dict`` lies on disk (for tools that want a file path;
#: code should prefer :func:`load_schema`, which also works from a zipped install).
SCHEMA_PATH: Final = Path(__file__).resolve().parent / "schema" / "report.schema.json"

#: Order statuses are listed in for people: best first, skipped last.
DISPLAY_ORDER: Final = (
    Status.GROUNDED,
    Status.PLACEHOLDER,
    Status.UNGROUNDED,
    Status.INVALID,
    Status.CONTRADICTED,
    Status.SKIPPED,
)

_SHORT_UNIT: Final = 100
_SHORT_EXCERPT: Final = 160


def load_schema() -> dict[str, Any]:
    """The JSON schema (draft 2020-12) that ``to_dict`` output follows, as a fresh dict."""
    resource = files("grounding_guard.report") / "schema" / "report.schema.json"
    loaded: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
    return loaded


# ---- dict / JSON ---------------------------------------------------------------------


def _span(span: Span | None) -> dict[str, int] | None:
    return None if span is None else {"start": span.start, "end": span.end}


def _marker(marker: Marker) -> dict[str, Any]:
    return {"span": _span(marker.span), "ids": list(marker.ids), "raw": marker.raw}


def _reason(reason: Reason) -> dict[str, Any]:
    return {
        "code": reason.code,
        "message": reason.message,
        "span": _span(reason.span),
        "evidence_id": reason.evidence_id,
        "evidence_span": _span(reason.evidence_span),
    }


def _support(support: Support) -> dict[str, Any]:
    return {
        "evidence_id": support.evidence_id,
        "span": _span(support.span),
        "score": _number(support.score),
    }


def _number(value: float) -> float | None:
    """``value`` as a JSON number; ``None`` for NaN/infinity, which JSON cannot hold."""
    number = float(value)
    return number if math.isfinite(number) else None


def _unit(unit: Unit) -> dict[str, Any]:
    return {
        "index": unit.index,
        "text": unit.text,
        "span": _span(unit.span),
        "kind": unit.kind.value,
        "status": unit.status.value,
        "cited": list(unit.cited),
        "valid": list(unit.valid),
        "markers": [_marker(m) for m in unit.markers],
        "reasons": [_reason(r) for r in unit.reasons],
        "support": [_support(s) for s in unit.support],
    }


def to_dict(report: Report) -> dict[str, Any]:
    """The report as JSON-native data (str, int, float, bool, None, list, dict only).

    Key order is fixed, so ``json.dumps`` output is byte-stable for equal reports.
    """
    return {
        "schema_version": SCHEMA_VERSION,
        "is_clean": report.is_clean,
        "blocked": report.blocked,
        "checkable": report.checkable,
        "mode": str(report.mode),
        "citation_style": str(report.citation_style),
        "attribution": report.attribution,
        "text": report.text,
        "answer": report.answer,
        "counts": report.counts,
        "coverage": float(report.coverage),
        "min_coverage": float(report.min_coverage),
        "fail_on": sorted(Status(s).value for s in report.fail_on),
        "cited_ids": list(report.cited_ids),
        "resolved_ids": list(report.resolved_ids),
        "unresolved_ids": list(report.unresolved_ids),
        "valid_ids": list(report.valid_ids),
        "irrelevant_ids": list(report.irrelevant_ids),
        "evidence_ids": list(report.evidence_ids),
        "evidence": [{"id": e.id, "chars": len(e.text)} for e in report.evidence],
        "units": [_unit(u) for u in report.units],
    }


# ---- plain text ----------------------------------------------------------------------


def _shorten(text: str, width: int) -> str:
    """``text`` on one line (whitespace runs collapsed), cut to ``width`` with an ellipsis."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    return flat[: width - 1].rstrip() + "…"


def _clip(span: Span, length: int) -> tuple[int, int]:
    """``span`` clamped into ``[0, length]`` so a bad span never raises while rendering."""
    start = min(max(span.start, 0), length)
    return start, min(max(span.end, start), length)


def _evidence_map(report: Report) -> dict[str, Evidence]:
    out: dict[str, Evidence] = {}
    for evidence in report.evidence:
        out.setdefault(evidence.id, evidence)
    return out


def _excerpt(evidence: dict[str, Evidence], evidence_id: str | None, span: Span | None) -> str:
    """The characters ``span`` covers in evidence ``evidence_id``, shortened; '' if unknown."""
    if evidence_id is None or span is None or evidence_id not in evidence:
        return ""
    text = evidence[evidence_id].text
    start, end = _clip(span, len(text))
    if end - start < _CONTEXT_BELOW:
        # a figure or a word alone says little: show the sentence around it
        start, end = _sentence_around(text, start, end)
    return _shorten(text[start:end], _SHORT_EXCERPT)


_CONTEXT_BELOW = 24
_STOPS = (". ", "! ", "? ", "\n", "\u3002")


def _sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence holding ``text[start:end]``, at most ~160 characters either side."""
    low = max(0, start - 160)
    left = max((text.rfind(stop, low, start) for stop in _STOPS), default=-1)
    left = low if left == -1 else left + 1
    high = min(len(text), end + 160)
    rights = [i for i in (text.find(stop, end, high) for stop in _STOPS) if i != -1]
    right = min(rights) + 1 if rights else high
    while left < start and text[left].isspace():
        left += 1
    return left, max(right, end)


def _fmt(number: float) -> str:
    return f"{number:.2f}"


def _reason_text(reason: Reason, evidence: dict[str, Evidence]) -> str:
    text = f"{reason.code}: {reason.message}"
    quoted = _excerpt(evidence, reason.evidence_id, reason.evidence_span)
    if quoted:
        text += f' [{reason.evidence_id}: "{quoted}"]'
    return text


def _support_text(support: Support, evidence: dict[str, Evidence]) -> str:
    text = f"evidence {support.evidence_id} ({_fmt(support.score)})"
    quoted = _excerpt(evidence, support.evidence_id, support.span)
    if quoted:
        text += f': "{quoted}"'
    return text


def summary_line(report: Report) -> str:
    """One line: OK/FAIL, the non-zero counts, coverage and the action taken.

    For example ``FAIL: 1 grounded, 1 ungrounded · coverage 0.50 · mode=block (blocked)``.
    When nothing was checkable it says ``no claims`` (and omits the vacuous coverage).
    """
    counts = report.counts
    parts = [f"{counts[s.value]} {s.value}" for s in DISPLAY_ORDER if counts[s.value]]
    if not report.checkable:
        parts.insert(0, "no claims")
    pieces = [f"{'OK' if report.is_clean else 'FAIL'}: {', '.join(parts)}"]
    if report.checkable:
        coverage = f"coverage {_fmt(report.coverage)}"
        if not report.coverage_ok:
            coverage += f" < min {_fmt(report.min_coverage)}"
        pieces.append(coverage)
    pieces.append(f"mode={report.mode}" + (" (blocked)" if report.blocked else ""))
    return " · ".join(pieces)


def summary(report: Report) -> str:
    """The summary line, then per unit its status and text, its reasons and its support.

    Reasons print as ``code: message``; support as the evidence id, score and the excerpt
    of the evidence it rests on (when ``report.evidence`` has that chunk).
    """
    evidence = _evidence_map(report)
    lines = [summary_line(report)]
    for unit in report.units:
        lines.append(f"{unit.status.value:<12} {_shorten(unit.text, _SHORT_UNIT)}")
        lines += [f"{'':13}- {_reason_text(r, evidence)}" for r in unit.reasons]
        lines += [f"{'':13}> {_support_text(s, evidence)}" for s in unit.support]
    return "\n".join(lines)


# ---- HTML ----------------------------------------------------------------------------

_CSS: Final = """
.gg-report{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;
  line-height:1.5;max-width:60rem}
.gg-report h1{font-size:1.25rem;margin:0 0 .25rem}
.gg-report h2{font-size:1.05rem;margin:1.25rem 0 .5rem}
.gg-report .gg-line{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
  font-size:.9rem;margin:.25rem 0 .5rem}
.gg-report .gg-verdict-ok{color:#1a7f37;font-weight:700}
.gg-report .gg-verdict-fail{color:#cf222e;font-weight:700}
.gg-report .gg-badges{display:flex;flex-wrap:wrap;gap:.35rem;margin:.25rem 0}
.gg-report .gg-badge{display:inline-block;border-radius:1rem;padding:.05rem .6rem;
  font-size:.8rem;border:1px solid #d0d7de;background:#f6f8fa}
.gg-report .gg-badge.gg-zero{opacity:.45}
.gg-report .gg-answer{white-space:pre-wrap;border:1px solid #d0d7de;border-radius:.4rem;
  padding:.75rem 1rem;background:#fff}
.gg-report mark.gg-unit{position:relative;color:inherit;border-radius:.2rem;
  padding:0 .05rem;border-bottom:2px solid transparent}
.gg-report mark.gg-unit .gg-tip{display:none;position:absolute;left:0;top:100%;z-index:10;
  min-width:16rem;max-width:32rem;white-space:normal;background:#1f2328;color:#fff;
  font-size:.8rem;line-height:1.35;padding:.45rem .6rem;border-radius:.3rem;
  box-shadow:0 2px 8px rgba(0,0,0,.25);user-select:none;-webkit-user-select:none}
.gg-report mark.gg-unit:hover .gg-tip,.gg-report mark.gg-unit:focus .gg-tip{display:block}
.gg-report .gg-tip-line{display:block}
.gg-report .gg-tip q,.gg-report td q{font-style:italic}
.gg-report .status-grounded{background:#d5f5dc;border-color:#1a7f37}
.gg-report .status-placeholder{background:#fff1c2;border-color:#bf8700}
.gg-report .status-ungrounded{background:#ffe2cc;border-color:#bc4c00}
.gg-report .status-invalid{background:#ffd3d6;border-color:#cf222e}
.gg-report .status-contradicted{background:#ecd5f7;border-color:#6e2594}
.gg-report .status-skipped{background:transparent;border-color:transparent}
.gg-report mark.gg-unit.status-skipped{border-bottom-color:transparent}
.gg-report table{border-collapse:collapse;width:100%;font-size:.85rem}
.gg-report th,.gg-report td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;
  vertical-align:top}
.gg-report th{background:#f6f8fa}
.gg-report td ul{margin:0;padding-left:1rem}
.gg-report .gg-returned{white-space:pre-wrap;border:1px dashed #d0d7de;border-radius:.4rem;
  padding:.5rem 1rem;background:#f6f8fa}
.gg-report code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
""".strip()


def _e(text: object) -> str:
    """HTML-escape ``text`` (quotes included, so it is safe in attributes too)."""
    return escape(str(text), quote=True)


def _title(unit: Unit, evidence: dict[str, Evidence]) -> str:
    """The plain-text hover of a unit: status, reasons, supporting evidence."""
    head = unit.status.value if unit.kind.value == "claim" else f"{unit.status} ({unit.kind})"
    lines = [head]
    lines += [_reason_text(r, evidence) for r in unit.reasons]
    lines += [_support_text(s, evidence) for s in unit.support]
    return "\n".join(lines)


def _reason_html(reason: Reason, evidence: dict[str, Evidence]) -> str:
    html = f"<code>{_e(reason.code)}</code>: {_e(reason.message)}"
    quoted = _excerpt(evidence, reason.evidence_id, reason.evidence_span)
    if quoted:
        html += f" [{_e(reason.evidence_id)}: <q>{_e(quoted)}</q>]"
    return html


def _support_html(support: Support, evidence: dict[str, Evidence]) -> str:
    html = f"evidence <code>{_e(support.evidence_id)}</code> ({_fmt(support.score)})"
    quoted = _excerpt(evidence, support.evidence_id, support.span)
    if quoted:
        html += f": <q>{_e(quoted)}</q>"
    return html


def _tip(unit: Unit, evidence: dict[str, Evidence]) -> str:
    """The CSS tooltip of a unit: the same content as its title, as escaped HTML.

    Built from spans only (``display:block`` lines), as a ``mark`` may hold no list.
    """
    head = f"<strong>{_e(unit.status.value)}</strong>"
    if unit.kind.value != "claim":
        head += f" ({_e(unit.kind.value)})"
    lines = [head]
    lines += [_reason_html(r, evidence) for r in unit.reasons]
    lines += [_support_html(s, evidence) for s in unit.support]
    body = "".join(f'<span class="gg-tip-line">{line}</span>' for line in lines)
    return f'<span class="gg-tip" role="tooltip">{body}</span>'


def _answer_html(report: Report, evidence: dict[str, Evidence]) -> str:
    """The original answer, escaped, with each unit wrapped in a status-coloured mark.

    Text between units (spaces, bullets, markers outside units, line breaks) is kept;
    units whose span overlaps an earlier one or lies outside the answer are not wrapped.
    """
    answer = report.answer
    out: list[str] = []
    pos = 0
    for unit in sorted(report.units, key=lambda u: (u.span.start, u.span.end)):
        start, end = _clip(unit.span, len(answer))
        if start < pos or end <= start:
            continue
        out.append(_e(answer[pos:start]))
        status = unit.status.value
        out.append(
            f'<mark class="gg-unit status-{status}" data-status="{status}" '
            f'data-index="{unit.index}" tabindex="0" title="{_e(_title(unit, evidence))}">'
            f"{_e(answer[start:end])}{_tip(unit, evidence)}</mark>"
        )
        pos = end
    out.append(_e(answer[pos:]))
    return "".join(out)


def _list(items: list[str]) -> str:
    if not items:
        return ""
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _table(report: Report, evidence: dict[str, Evidence]) -> str:
    rows = []
    for unit in report.units:
        reasons = [_reason_html(r, evidence) for r in unit.reasons]
        support = [_support_html(s, evidence) for s in unit.support]
        rows.append(
            f'<tr class="gg-row" data-status="{unit.status.value}">'
            f"<td>{unit.index}</td>"
            f'<td><span class="gg-badge status-{unit.status.value}">'
            f"{_e(unit.status.value)}</span></td>"
            f"<td>{_e(unit.kind.value)}</td>"
            f"<td>{_e(unit.text)}</td>"
            f"<td>{_list(reasons)}</td>"
            f"<td>{_e(', '.join(unit.cited))}</td>"
            f"<td>{_list(support)}</td></tr>"
        )
    head = (
        "<tr><th>#</th><th>status</th><th>kind</th><th>unit</th><th>reasons</th>"
        "<th>cited</th><th>support</th></tr>"
    )
    return f'<table class="gg-units"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _body(report: Report) -> str:
    """The report's HTML without any page or style wrapper."""
    evidence = _evidence_map(report)
    verdict_class = "gg-verdict-ok" if report.is_clean else "gg-verdict-fail"
    line = summary_line(report)
    verdict, _, rest = line.partition(":")
    counts = report.counts
    badges = "".join(
        f'<span class="gg-badge status-{s.value}{"" if counts[s.value] else " gg-zero"}">'
        f"{_e(s.value)} {counts[s.value]}</span>"
        for s in DISPLAY_ORDER
    )
    badges += f'<span class="gg-badge">coverage {_fmt(report.coverage)}</span>'
    badges += f'<span class="gg-badge">mode {_e(report.mode)}</span>'
    if report.blocked:
        badges += '<span class="gg-badge status-invalid">blocked</span>'
    parts = [
        "<header><h1>grounding-guard report</h1>",
        f'<p class="gg-line"><span class="{verdict_class}">{_e(verdict)}</span>:{_e(rest)}</p>',
        f'<div class="gg-badges">{badges}</div></header>',
        "<section><h2>Answer</h2>",
        f'<div class="gg-answer">{_answer_html(report, evidence)}</div></section>',
    ]
    if report.text != report.answer:
        parts.append(
            "<section><h2>Returned text</h2>"
            f'<div class="gg-returned">{_e(report.text)}</div></section>'
        )
    if report.units:
        parts.append(f"<section><h2>Units</h2>{_table(report, evidence)}</section>")
    return "".join(parts)


def to_html_fragment(report: Report) -> str:
    """The report as an HTML fragment (a ``div`` with scoped inline CSS), for Jupyter."""
    return f'<div class="gg-report"><style>{_CSS}</style>{_body(report)}</div>'


def to_html(report: Report) -> str:
    """The report as a standalone HTML5 page: inline CSS, no script, no external resource."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e('grounding-guard report: ' + summary_line(report))}</title>\n"
        f"<style>\nbody{{margin:1.5rem}}\n{_CSS}\n</style>\n</head>\n<body>\n"
        f'<main class="gg-report">{_body(report)}</main>\n</body>\n</html>\n'
    )

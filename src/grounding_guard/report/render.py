"""Renderings of a :class:`~grounding_guard.types.Report`: JSON dict, text summary, HTML.

``to_dict`` is the one documented machine shape (``schema/report.schema.json``, versioned
by ``schema_version``); the CLI's ``--json`` prints it. ``summary_line``/``summary`` are
plain text for logs and terminals (no colour: the CLI adds it). ``to_html`` is a
self-contained page (inline CSS, no script, no external resource, a Content-Security-Policy
that forbids both) that colours each unit of the answer by status and explains it on hover
and keyboard focus, and lists every evidence chunk with the spans units rest on or fail
against highlighted, linked both ways; ``to_html_fragment`` is the same body for Jupyter.
Every piece of answer or evidence text is escaped before it reaches HTML.

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

import base64
import hashlib
import json
import math
from dataclasses import dataclass
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

# Tooltips are `position:fixed`, so no scrolling box clips them. Where the browser has
# anchor positioning, a tip sits under its unit and flips above it (or leftward) when the
# viewport has no room there, and docks at the viewport's bottom edge when neither side
# fits; elsewhere every tip docks there. `anchor-scope` lets all units share one name.
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
.gg-report .gg-answer{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #d0d7de;
  border-radius:.4rem;padding:.75rem 1rem;background:#fff}
.gg-report code,.gg-report q,.gg-report .gg-x{unicode-bidi:isolate}
.gg-report mark.gg-unit{color:inherit;border-radius:.2rem;padding:0 .05rem;
  border-bottom:2px solid transparent;unicode-bidi:isolate;anchor-name:--gg-unit;
  anchor-scope:--gg-unit}
.gg-report mark.gg-unit:target,.gg-report .gg-anchor:target+.gg-hl{outline:2px solid #0969da;
  outline-offset:1px}
.gg-report mark.gg-unit .gg-tip{display:none;position:fixed;z-index:10;inset:auto 1rem 1rem;
  box-sizing:border-box;max-height:40vh;overflow:auto;white-space:normal;text-align:left;
  font-weight:400;background:#1f2328;color:#fff;font-size:.8rem;line-height:1.35;
  padding:.45rem .6rem;border-radius:.3rem;box-shadow:0 2px 8px rgba(0,0,0,.25);
  user-select:none;-webkit-user-select:none}
@supports (position-area:bottom) and (anchor-scope:all){
  .gg-report mark.gg-unit .gg-tip{position-anchor:--gg-unit;inset:auto;
    position-area:bottom span-right;width:max-content;min-width:min(16rem,calc(100vw - 2rem));
    max-width:min(32rem,calc(100vw - 2rem));
    position-try-fallbacks:flip-block,flip-inline,flip-block flip-inline,--gg-dock}
}
@position-try --gg-dock{position-area:none;inset:auto 1rem 1rem;width:auto;min-width:0;
  max-width:none}
.gg-report mark.gg-unit:hover .gg-tip,.gg-report mark.gg-unit:focus-within .gg-tip{display:block}
.gg-report .gg-answer:has(mark.gg-unit:hover) mark.gg-unit:not(:hover) .gg-tip{display:none}
.gg-report .gg-tip-line{display:block}
.gg-report .gg-tip a{color:#9ecbff}
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
.gg-report td:nth-child(-n+3){white-space:nowrap}
.gg-report td:nth-child(n+4){overflow-wrap:anywhere}
.gg-report th{background:#f6f8fa}
.gg-report td ul{margin:0;padding-left:1rem}
.gg-report .gg-returned{white-space:pre-wrap;overflow-wrap:anywhere;border:1px dashed #d0d7de;
  border-radius:.4rem;padding:.5rem 1rem;background:#f6f8fa}
.gg-report .gg-legend{font-size:.8rem;color:#59636e;margin:0 0 .4rem}
.gg-report .gg-evidence-list{max-height:32rem;overflow:auto;border:1px solid #d0d7de;
  border-radius:.4rem;padding:0 1rem}
.gg-report .gg-evidence{padding:.5rem 0;border-bottom:1px solid #eaeef2}
.gg-report .gg-evidence:last-child{border-bottom:0}
.gg-report .gg-evidence h3{font-size:.9rem;margin:0 0 .2rem}
.gg-report .gg-ev-meta{font-weight:400;font-size:.8rem;color:#59636e}
.gg-report .gg-ev-text{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.9rem}
.gg-report .gg-hl{color:inherit;text-decoration:none;border-radius:.15rem;unicode-bidi:isolate}
.gg-report .gg-hl-support{background:#d5f5dc;box-shadow:inset 0 -2px #1a7f37}
.gg-report .gg-hl-against{background:#ffd3d6;text-decoration:underline wavy #cf222e;
  text-decoration-skip-ink:none}
.gg-report .gg-hl-support.gg-hl-against{background:#d5f5dc}
.gg-report a.gg-hl:hover,.gg-report a.gg-hl:focus{outline:2px solid #0969da}
.gg-report code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
""".strip()

#: The page's one ``style`` element, byte for byte: the page's CSP names it by its hash.
_PAGE_STYLE: Final = f"\nbody{{margin:1.5rem}}\n{_CSS}\n"

#: Content-Security-Policy of ``to_html``: nothing loads, no script runs, no form posts,
#: and no style applies but the page's own, even if some text escaped its escaping.
_CSP: Final = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(_PAGE_STYLE.encode("utf-8")).digest()).decode("ascii")
    + "'; base-uri 'none'; form-action 'none'"
)


def _e(text: object) -> str:
    """HTML-escape ``text`` (quotes included, so it is safe in attributes too)."""
    return escape(str(text), quote=True)


@dataclass(frozen=True, slots=True)
class _Highlight:
    """An evidence span a unit rests on, or (``against``) one a reason against it names."""

    span: Span
    against: bool
    anchor: str  # id of the empty element marking where the span starts
    unit: str  # id of the unit's mark in the answer (or its table row)
    label: str  # plain text naming the unit and why


@dataclass(frozen=True, slots=True)
class _Links:
    """The page's ids, so units and evidence highlights can link to each other."""

    units: dict[int, str]  # position in report.units -> id of its mark or its table row
    highlights: dict[int, list[_Highlight]]  # position in report.evidence -> its highlights
    support: dict[tuple[int, int], str]  # (unit, support) positions -> highlight anchor
    reasons: dict[tuple[int, int], str]  # (unit, reason) positions -> highlight anchor
    prefix: str


def _marked(report: Report) -> dict[int, tuple[int, int]]:
    """The units the answer wraps in a mark, by position, in answer order, with their spans.

    A unit whose span overlaps an earlier one or lies outside the answer is not wrapped.
    """
    out: dict[int, tuple[int, int]] = {}
    pos = 0
    for i, unit in sorted(enumerate(report.units), key=lambda p: (p[1].span.start, p[1].span.end)):
        start, end = _clip(unit.span, len(report.answer))
        if start >= pos and end > start:
            out[i] = (start, end)
            pos = end
    return out


def _links(report: Report, marked: dict[int, tuple[int, int]]) -> _Links:
    """Ids for every unit and every evidence span a unit's support or reasons point at.

    Ids carry a digest of the report, so two reports in one notebook never share one.
    """
    digest = hashlib.sha256(json.dumps(to_dict(report), sort_keys=True).encode("utf-8"))
    prefix = f"gg{digest.hexdigest()[:8]}"
    chunk: dict[str, int] = {}
    for n, item in enumerate(report.evidence):
        chunk.setdefault(item.id, n)  # like _evidence_map: the first chunk with an id wins
    units = {
        i: f"{prefix}-u{i}" if i in marked else f"{prefix}-r{i}" for i in range(len(report.units))
    }
    links = _Links(units, {}, {}, {}, prefix)

    def add(i: int, evidence_id: str, span: Span, against: bool, label: str) -> str | None:
        n = chunk.get(evidence_id)
        if n is None:
            return None
        highlights = links.highlights.setdefault(n, [])
        anchor = f"{prefix}-e{n}-h{len(highlights)}"
        highlights.append(_Highlight(span, against, anchor, units[i], label))
        return anchor

    for i, unit in enumerate(report.units):
        for j, support in enumerate(unit.support):
            label = f"supports unit {unit.index} ({_fmt(support.score)}): {_shorten(unit.text, 80)}"
            anchor = add(i, support.evidence_id, support.span, False, label)
            if anchor:
                links.support[i, j] = anchor
        for j, reason in enumerate(unit.reasons):
            if reason.evidence_id is None or reason.evidence_span is None:
                continue
            label = f"{reason.code} in unit {unit.index} ({unit.status.value}): {reason.message}"
            anchor = add(i, reason.evidence_id, reason.evidence_span, True, _shorten(label, 200))
            if anchor:
                links.reasons[i, j] = anchor
    return links


def _title(unit: Unit, evidence: dict[str, Evidence]) -> str:
    """The plain-text hover of a unit: status, reasons, supporting evidence."""
    head = unit.status.value if unit.kind.value == "claim" else f"{unit.status} ({unit.kind})"
    lines = [head]
    lines += [_reason_text(r, evidence) for r in unit.reasons]
    lines += [_support_text(s, evidence) for s in unit.support]
    return "\n".join(lines)


def _quote(quoted: str, anchor: str | None) -> str:
    """An evidence excerpt, linked to its highlight in the evidence panel when it has one."""
    q = f"<q>{_e(quoted)}</q>"
    return f'<a class="gg-ref" href="#{anchor}">{q}</a>' if anchor else q


def _reason_html(reason: Reason, evidence: dict[str, Evidence], anchor: str | None) -> str:
    html = f'<code>{_e(reason.code)}</code>: <span class="gg-x">{_e(reason.message)}</span>'
    quoted = _excerpt(evidence, reason.evidence_id, reason.evidence_span)
    if quoted:
        html += f" [<code>{_e(reason.evidence_id)}</code>: {_quote(quoted, anchor)}]"
    return html


def _support_html(support: Support, evidence: dict[str, Evidence], anchor: str | None) -> str:
    html = f"evidence <code>{_e(support.evidence_id)}</code> ({_fmt(support.score)})"
    quoted = _excerpt(evidence, support.evidence_id, support.span)
    if quoted:
        html += f": {_quote(quoted, anchor)}"
    return html


def _explanations(i: int, unit: Unit, evidence: dict[str, Evidence], links: _Links) -> list[str]:
    """The reasons, then the support, of unit ``i`` as HTML lines."""
    lines = [
        _reason_html(r, evidence, links.reasons.get((i, j))) for j, r in enumerate(unit.reasons)
    ]
    lines += [
        _support_html(s, evidence, links.support.get((i, j))) for j, s in enumerate(unit.support)
    ]
    return lines


def _tip(i: int, unit: Unit, evidence: dict[str, Evidence], links: _Links) -> str:
    """The CSS tooltip of a unit: the same content as its title, as escaped HTML.

    Built from spans only (``display:block`` lines), as a ``mark`` may hold no list.
    """
    head = f"<strong>{_e(unit.status.value)}</strong>"
    if unit.kind.value != "claim":
        head += f" ({_e(unit.kind.value)})"
    lines = [head, *_explanations(i, unit, evidence, links)]
    body = "".join(f'<span class="gg-tip-line">{line}</span>' for line in lines)
    return f'<span class="gg-tip" role="tooltip">{body}</span>'


def _answer_html(
    report: Report,
    evidence: dict[str, Evidence],
    marked: dict[int, tuple[int, int]],
    links: _Links,
) -> str:
    """The original answer, escaped, with each marked unit in a status-coloured mark.

    Text between units (spaces, bullets, markers outside units, line breaks) is kept.
    """
    answer = report.answer
    out: list[str] = []
    pos = 0
    for i, (start, end) in marked.items():
        unit = report.units[i]
        out.append(_e(answer[pos:start]))
        status = unit.status.value
        out.append(
            f'<mark class="gg-unit status-{status}" id="{links.units[i]}" data-status="{status}" '
            f'data-index="{unit.index}" tabindex="0" title="{_e(_title(unit, evidence))}">'
            f"{_e(answer[start:end])}{_tip(i, unit, evidence, links)}</mark>"
        )
        pos = end
    out.append(_e(answer[pos:]))
    return "".join(out)


def _list(items: list[str]) -> str:
    if not items:
        return ""
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _table(
    report: Report,
    evidence: dict[str, Evidence],
    marked: dict[int, tuple[int, int]],
    links: _Links,
) -> str:
    rows = []
    for i, unit in enumerate(report.units):
        index = f'<a href="#{links.units[i]}">{unit.index}</a>' if i in marked else unit.index
        explained = _explanations(i, unit, evidence, links)
        rows.append(
            f'<tr class="gg-row" id="{links.prefix}-r{i}" data-status="{unit.status.value}">'
            f"<td>{index}</td>"
            f'<td><span class="gg-badge status-{unit.status.value}">'
            f"{_e(unit.status.value)}</span></td>"
            f"<td>{_e(unit.kind.value)}</td>"
            f"<td>{_e(unit.text)}</td>"
            f"<td>{_list(explained[: len(unit.reasons)])}</td>"
            f"<td>{_e(', '.join(unit.cited))}</td>"
            f"<td>{_list(explained[len(unit.reasons) :])}</td></tr>"
        )
    head = (
        "<tr><th>#</th><th>status</th><th>kind</th><th>unit</th><th>reasons</th>"
        "<th>cited</th><th>support</th></tr>"
    )
    return f'<table class="gg-units"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _evidence_text(text: str, highlights: list[_Highlight]) -> str:
    """``text`` escaped, its highlighted spans as links to their units.

    Spans may overlap: the text is cut at every span boundary and each piece links to the
    innermost span over it, its title naming every span over it. An empty element marks
    where each span starts, so a unit can link to it even when it is empty.
    """
    spans = [(*_clip(h.span, len(text)), h) for h in highlights]
    starts: dict[int, list[str]] = {}
    for start, _, h in spans:
        starts.setdefault(start, []).append(h.anchor)
    cuts = sorted({0, len(text)} | {start for start, _, _ in spans} | {end for _, end, _ in spans})
    out: list[str] = []
    for k, a in enumerate(cuts):
        out += [f'<span class="gg-anchor" id="{anchor}"></span>' for anchor in starts.get(a, [])]
        if k + 1 == len(cuts):
            break
        b = cuts[k + 1]
        over = sorted(((s, e, h) for s, e, h in spans if s <= a and b <= e), key=lambda t: t[:2])
        if not over:
            out.append(_e(text[a:b]))
            continue
        inner = max(over, key=lambda t: (t[0], -t[1]))[2]
        kinds = {h.against for _, _, h in over}
        classes = "gg-hl" + (" gg-hl-support" if False in kinds else "")
        classes += " gg-hl-against" if True in kinds else ""
        title = "\n".join(h.label for _, _, h in over)
        out.append(
            f'<a class="{classes}" href="#{inner.unit}" title="{_e(title)}">{_e(text[a:b])}</a>'
        )
    return "".join(out)


def _evidence_html(report: Report, links: _Links) -> str:
    """The evidence panel: every chunk, its text in full, with the spans that units' support
    rests on and the spans that reasons against units name (a contradicting value, a
    mismatched quote, the chunk that backs a miscited claim) highlighted apart."""
    items = []
    for n, item in enumerate(report.evidence):
        highlights = links.highlights.get(n, [])
        meta = f"{len(item.text)} character{'' if len(item.text) == 1 else 's'}"
        backing = sum(not h.against for h in highlights)
        failing = len(highlights) - backing
        if backing:
            meta += f" · {backing} supporting"
        if failing:
            meta += f" · {failing} in reasons against"
        items.append(
            f'<article class="gg-evidence" id="{links.prefix}-e{n}">'
            f'<h3><code>{_e(item.id)}</code> <span class="gg-ev-meta">{meta}</span></h3>'
            f'<div class="gg-ev-text">{_evidence_text(item.text, highlights)}</div></article>'
        )
    legend = (
        '<p class="gg-legend"><span class="gg-hl gg-hl-support">supports a unit</span> '
        '<span class="gg-hl gg-hl-against">named by a reason against a unit</span> '
        "· each highlight links to its unit</p>"
    )
    return (
        f'<section class="gg-evidence-panel"><h2>Evidence</h2>{legend}'
        f'<div class="gg-evidence-list">{"".join(items)}</div></section>'
    )


def _body(report: Report) -> str:
    """The report's HTML without any page or style wrapper."""
    evidence = _evidence_map(report)
    marked = _marked(report)
    links = _links(report, marked)
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
        f'<div class="gg-answer">{_answer_html(report, evidence, marked, links)}</div></section>',
    ]
    if report.text != report.answer:
        parts.append(
            "<section><h2>Returned text</h2>"
            f'<div class="gg-returned">{_e(report.text)}</div></section>'
        )
    if report.units:
        parts.append(f"<section><h2>Units</h2>{_table(report, evidence, marked, links)}</section>")
    if report.evidence:
        parts.append(_evidence_html(report, links))
    return "".join(parts)


def to_html_fragment(report: Report) -> str:
    """The report as an HTML fragment (a ``div`` with scoped inline CSS), for Jupyter."""
    return f'<div class="gg-report"><style>{_CSS}</style>{_body(report)}</div>'


def to_html(report: Report) -> str:
    """The report as a standalone HTML5 page: inline CSS, no script, no external resource.

    Its Content-Security-Policy forbids any script, request or foreign style, so the page
    stays inert even if some text were to slip past the escaping.
    """
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e('grounding-guard report: ' + summary_line(report))}</title>\n"
        f"<style>{_PAGE_STYLE}</style>\n</head>\n<body>\n"
        f'<main class="gg-report">{_body(report)}</main>\n</body>\n</html>\n'
    )

"""Renderings of a Report: the JSON dict and its schema, the text summary, the HTML page.

Reports are built by hand here so these tests pin the renderings alone, whatever the
segmenter and judges do.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from grounding_guard.report import (
    SCHEMA_PATH,
    SCHEMA_VERSION,
    load_schema,
    summary,
    summary_line,
    to_dict,
    to_html,
    to_html_fragment,
)
from grounding_guard.types import (
    FAILING_BY_DEFAULT,
    Evidence,
    Kind,
    Marker,
    Reason,
    Report,
    Span,
    Status,
    Support,
    Unit,
)

# ---- fixtures --------------------------------------------------------------------------

ANSWER = (
    "# Facts\n"
    "Paris is in France [1]. The sky is green [7].\n"
    "Water boils at 90 C [2]. Cats bark [citation needed]. Dogs fly."
)
EVIDENCE = (
    Evidence("1", "Paris is the capital of France."),
    Evidence("2", "Water boils at 100 C at sea level."),
)


def _unit(
    answer: str,
    index: int,
    text: str,
    status: Status,
    kind: Kind = Kind.CLAIM,
    **fields: Any,
) -> Unit:
    start = answer.index(text)
    return Unit(index, text, Span(start, start + len(text)), kind, status, **fields)


def _report(
    answer: str,
    units: tuple[Unit, ...],
    *,
    text: str | None = None,
    mode: str = "flag",
    blocked: bool = False,
    fail_on: frozenset[Status] = FAILING_BY_DEFAULT,
    min_coverage: float = 0.0,
    evidence: tuple[Evidence, ...] = EVIDENCE,
    attribution: bool = False,
) -> Report:
    return Report(
        answer=answer,
        units=units,
        text=answer if text is None else text,
        mode=mode,
        blocked=blocked,
        fail_on=fail_on,
        min_coverage=min_coverage,
        citation_style="numeric",
        evidence=evidence,
        attribution=attribution,
    )


def all_statuses() -> Report:
    """One unit of every status, reasons with and without spans, support with a score."""
    a = ANSWER
    units = (
        _unit(a, 0, "# Facts", Status.SKIPPED, Kind.HEADING),
        _unit(
            a,
            1,
            "Paris is in France [1].",
            Status.GROUNDED,
            cited=("1",),
            valid=("1",),
            markers=(Marker(Span(27, 30), ("1",), "[1]"),),
            support=(Support("1", Span(0, 31), 0.9),),
        ),
        _unit(
            a,
            2,
            "The sky is green [7].",
            Status.INVALID,
            cited=("7",),
            markers=(Marker(Span(49, 52), ("7",), "[7]"),),
            reasons=(Reason("unknown_citation", "no evidence has id 7", Span(49, 52), "7"),),
        ),
        _unit(
            a,
            3,
            "Water boils at 90 C [2].",
            Status.CONTRADICTED,
            cited=("2",),
            markers=(Marker(Span(74, 77), ("2",), "[2]"),),
            reasons=(
                Reason(
                    "value_mismatch",
                    "90 C where the evidence says 100 C",
                    Span(69, 73),
                    "2",
                    Span(15, 20),
                ),
            ),
        ),
        _unit(
            a,
            4,
            "Cats bark [citation needed].",
            Status.PLACEHOLDER,
            reasons=(Reason("placeholder", "marked as needing a citation", Span(89, 106)),),
        ),
        _unit(
            a,
            5,
            "Dogs fly.",
            Status.UNGROUNDED,
            reasons=(Reason("no_citation", "no citation and no supporting evidence"),),
        ),
    )
    return _report(a, units)


def blocked() -> Report:
    answer = "Dogs fly [3]."
    units = (
        _unit(
            answer,
            0,
            answer,
            Status.INVALID,
            cited=("3",),
            markers=(Marker(Span(9, 12), ("3",), "[3]"),),
            reasons=(Reason("not_retrieved", "3 was not retrieved", Span(9, 12), "3"),),
        ),
    )
    return _report(answer, units, text="I cannot answer that.", mode="block", blocked=True)


def empty() -> Report:
    return _report("", (), evidence=())


def headings_only() -> Report:
    answer = "## Overview"
    return _report(answer, (_unit(answer, 0, answer, Status.SKIPPED, Kind.HEADING),))


def clean() -> Report:
    answer = "Paris is in France [1]."
    unit = _unit(
        answer,
        0,
        answer,
        Status.GROUNDED,
        cited=("1",),
        valid=("1",),
        support=(Support("1", Span(0, 31), 1.0),),
    )
    return _report(answer, (unit,))


def short_of_coverage() -> Report:
    answer = "Paris is in France [1]. Cats bark [TK]."
    units = (
        _unit(answer, 0, "Paris is in France [1].", Status.GROUNDED, cited=("1",), valid=("1",)),
        _unit(answer, 1, "Cats bark [TK].", Status.PLACEHOLDER),
    )
    return _report(answer, units, mode="filter", min_coverage=0.8)


def attributed() -> Report:
    """Attribution mode: an uncited unit grounded by evidence it is attributed to."""
    answer = "Water boils at 100 C. The moon is cheese [9]. Paris is in France [2]."
    units = (
        _unit(
            answer,
            0,
            "Water boils at 100 C.",
            Status.GROUNDED,
            valid=("2",),
            support=(Support("2", Span(0, 20), float("nan")),),
        ),
        _unit(answer, 1, "The moon is cheese [9].", Status.INVALID, cited=("9",)),
        _unit(
            answer,
            2,
            "Paris is in France [2].",
            Status.INVALID,
            cited=("2",),
            reasons=(Reason("irrelevant_citation", "2 is about water", None, "2"),),
        ),
    )
    return _report(answer, units, attribution=True, mode="filter", text="Water boils at 100 C.")


def brief_example() -> Report:
    answer = "A [1]. B [TK]. C. D [9]."
    units = (
        _unit(answer, 0, "A [1].", Status.GROUNDED, cited=("1",), valid=("1",)),
        _unit(answer, 1, "B [TK].", Status.PLACEHOLDER),
        _unit(answer, 2, "C.", Status.UNGROUNDED),
        _unit(answer, 3, "D [9].", Status.INVALID, cited=("9",)),
    )
    return _report(answer, units, mode="block", blocked=True, text="Refused.")


HOSTILE_ANSWER = 'Use <script>alert("x")</script> & \'quotes\' [e"1]. <b>bold</b> claim.'


def hostile() -> Report:
    """Markup and quotes everywhere text can come from: answer, reasons, evidence, ids."""
    bad_id = 'e"1'
    evidence = (Evidence(bad_id, '<img src=x onerror=alert(1)> "evidence" <script>x</script>'),)
    a = HOSTILE_ANSWER
    units = (
        _unit(
            a,
            0,
            'Use <script>alert("x")</script> & \'quotes\' [e"1].',
            Status.GROUNDED,
            cited=(bad_id,),
            valid=(bad_id,),
            support=(Support(bad_id, Span(0, 40), 0.5),),
        ),
        _unit(
            a,
            1,
            "<b>bold</b> claim.",
            Status.UNGROUNDED,
            reasons=(
                Reason("no_citation", '<script>evil()</script> "msg"', None, bad_id, Span(0, 30)),
            ),
        ),
    )
    return _report(a, units, evidence=evidence, text="<script>bad()</script>")


ALL_REPORTS = {
    "all_statuses": all_statuses,
    "blocked": blocked,
    "empty": empty,
    "headings_only": headings_only,
    "clean": clean,
    "short_of_coverage": short_of_coverage,
    "attributed": attributed,
    "brief_example": brief_example,
    "hostile": hostile,
}


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


# ---- schema ----------------------------------------------------------------------------


def test_schema_loads_from_package_and_path() -> None:
    assert load_schema() == json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert load_schema() is not load_schema()  # a fresh dict each time: callers may mutate


def test_schema_enums_match_the_model(validator: Draft202012Validator) -> None:
    defs = load_schema()["$defs"]
    assert set(defs["status"]["enum"]) == {s.value for s in Status}
    assert set(defs["kind"]["enum"]) == {k.value for k in Kind}
    assert set(load_schema()["properties"]["counts"]["required"]) == {s.value for s in Status}
    assert load_schema()["properties"]["schema_version"]["const"] == SCHEMA_VERSION


@pytest.mark.parametrize("name", sorted(ALL_REPORTS))
def test_every_report_validates_and_is_json_native(
    name: str, validator: Draft202012Validator
) -> None:
    data = to_dict(ALL_REPORTS[name]())
    errors = sorted(validator.iter_errors(data), key=str)
    assert not errors, [e.message for e in errors]
    # JSON-native: a strict round trip gives back exactly the same data
    text = json.dumps(data, allow_nan=False)
    assert json.loads(text) == data


def test_schema_is_strict(validator: Draft202012Validator) -> None:
    data = to_dict(all_statuses())
    extra = {**data, "surprise": 1}
    assert not validator.is_valid(extra)
    missing = {k: v for k, v in data.items() if k != "units"}
    assert not validator.is_valid(missing)
    bad_status = json.loads(json.dumps(data))
    bad_status["units"][0]["status"] = "fine"
    assert not validator.is_valid(bad_status)
    bad_unit = json.loads(json.dumps(data))
    bad_unit["units"][1]["extra"] = True
    assert not validator.is_valid(bad_unit)
    bad_mode = {**data, "mode": "warn"}
    assert not validator.is_valid(bad_mode)


def test_to_json_of_report_uses_the_same_dict() -> None:
    report = all_statuses()
    assert json.loads(report.to_json()) == report.to_dict() == to_dict(report)


def test_to_dict_is_deterministic() -> None:
    assert json.dumps(to_dict(all_statuses())) == json.dumps(to_dict(all_statuses()))


def test_non_finite_score_becomes_null() -> None:
    data = to_dict(attributed())
    assert data["units"][0]["support"] == [
        {"evidence_id": "2", "span": {"start": 0, "end": 20}, "score": None}
    ]


# ---- to_dict values --------------------------------------------------------------------


def test_golden_dict_of_a_small_report() -> None:
    assert to_dict(blocked()) == {
        "schema_version": 1,
        "is_clean": False,
        "blocked": True,
        "checkable": True,
        "mode": "block",
        "citation_style": "numeric",
        "attribution": False,
        "text": "I cannot answer that.",
        "answer": "Dogs fly [3].",
        "counts": {
            "contradicted": 0,
            "invalid": 1,
            "placeholder": 0,
            "grounded": 0,
            "ungrounded": 0,
            "skipped": 0,
        },
        "coverage": 0.0,
        "min_coverage": 0.0,
        "fail_on": ["contradicted", "invalid", "ungrounded"],
        "cited_ids": ["3"],
        "resolved_ids": [],
        "unresolved_ids": ["3"],
        "valid_ids": [],
        "irrelevant_ids": [],
        "evidence_ids": ["1", "2"],
        "evidence": [{"id": "1", "chars": 31}, {"id": "2", "chars": 34}],
        "units": [
            {
                "index": 0,
                "text": "Dogs fly [3].",
                "span": {"start": 0, "end": 13},
                "kind": "claim",
                "status": "invalid",
                "cited": ["3"],
                "valid": [],
                "markers": [{"span": {"start": 9, "end": 12}, "ids": ["3"], "raw": "[3]"}],
                "reasons": [
                    {
                        "code": "not_retrieved",
                        "message": "3 was not retrieved",
                        "span": {"start": 9, "end": 12},
                        "evidence_id": "3",
                        "evidence_span": None,
                    }
                ],
                "support": [],
            }
        ],
    }


def test_key_order_is_documented_order() -> None:
    data = to_dict(all_statuses())
    assert list(data) == [
        "schema_version", "is_clean", "blocked", "checkable", "mode", "citation_style",
        "attribution", "text", "answer", "counts", "coverage", "min_coverage", "fail_on",
        "cited_ids", "resolved_ids", "unresolved_ids", "valid_ids", "irrelevant_ids",
        "evidence_ids", "evidence", "units",
    ]  # fmt: skip
    assert list(data["units"][0]) == [
        "index", "text", "span", "kind", "status", "cited", "valid", "markers", "reasons",
        "support",
    ]  # fmt: skip


def test_counts_and_ids_of_all_statuses() -> None:
    data = to_dict(all_statuses())
    assert data["counts"] == {s.value: 1 for s in Status}
    assert data["coverage"] == pytest.approx(0.2)
    assert data["is_clean"] is False
    assert data["checkable"] is True
    assert data["cited_ids"] == ["1", "7", "2"]
    assert data["resolved_ids"] == ["1", "2"]
    assert data["unresolved_ids"] == ["7"]
    assert data["valid_ids"] == ["1"]
    assert data["irrelevant_ids"] == []
    assert [u["status"] for u in data["units"]] == [
        "skipped", "grounded", "invalid", "contradicted", "placeholder", "ungrounded",
    ]  # fmt: skip
    assert data["units"][0]["kind"] == "heading"
    contradicted = data["units"][3]["reasons"][0]
    assert contradicted["evidence_span"] == {"start": 15, "end": 20}
    assert data["units"][5]["reasons"][0]["span"] is None


def test_ids_in_attribution_mode() -> None:
    data = to_dict(attributed())
    assert data["attribution"] is True
    assert data["cited_ids"] == ["9", "2"]
    assert data["resolved_ids"] == ["2"]
    assert data["unresolved_ids"] == ["9"]
    assert data["valid_ids"] == ["2"]
    assert data["irrelevant_ids"] == ["2"]
    assert data["text"] == "Water boils at 100 C."
    assert data["answer"] == attributed().answer


def test_empty_report_dict() -> None:
    data = to_dict(empty())
    assert data["units"] == []
    assert data["checkable"] is False
    assert data["is_clean"] is True
    assert data["coverage"] == 1.0
    assert data["counts"] == {s.value: 0 for s in Status}
    assert data["evidence"] == [] == data["evidence_ids"]


def test_fail_on_is_sorted_values() -> None:
    report = _report("x", (), fail_on=frozenset({Status.UNGROUNDED, Status.CONTRADICTED}))
    assert to_dict(report)["fail_on"] == ["contradicted", "ungrounded"]


# ---- summary ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "line"),
    [
        (
            "brief_example",
            "FAIL: 1 grounded, 1 placeholder, 1 ungrounded, 1 invalid · coverage 0.25"
            " · mode=block (blocked)",
        ),
        (
            "all_statuses",
            "FAIL: 1 grounded, 1 placeholder, 1 ungrounded, 1 invalid, 1 contradicted,"
            " 1 skipped · coverage 0.20 · mode=flag",
        ),
        ("blocked", "FAIL: 1 invalid · coverage 0.00 · mode=block (blocked)"),
        ("clean", "OK: 1 grounded · coverage 1.00 · mode=flag"),
        ("empty", "OK: no claims · mode=flag"),
        ("headings_only", "OK: no claims, 1 skipped · mode=flag"),
        (
            "short_of_coverage",
            "FAIL: 1 grounded, 1 placeholder · coverage 0.50 < min 0.80 · mode=filter",
        ),
    ],
)
def test_summary_line(name: str, line: str) -> None:
    report = ALL_REPORTS[name]()
    assert summary_line(report) == line
    assert report.summary_line() == line


def test_summary_golden() -> None:
    assert summary(all_statuses()) == "\n".join(
        [
            "FAIL: 1 grounded, 1 placeholder, 1 ungrounded, 1 invalid, 1 contradicted,"
            " 1 skipped · coverage 0.20 · mode=flag",
            "skipped      # Facts",
            "grounded     Paris is in France [1].",
            '             > evidence 1 (0.90): "Paris is the capital of France."',
            "invalid      The sky is green [7].",
            "             - unknown_citation: no evidence has id 7",
            "contradicted Water boils at 90 C [2].",
            "             - value_mismatch: 90 C where the evidence says 100 C "
            '[2: "Water boils at 100 C at sea level."]',
            "placeholder  Cats bark [citation needed].",
            "             - placeholder: marked as needing a citation",
            "ungrounded   Dogs fly.",
            "             - no_citation: no citation and no supporting evidence",
        ]
    )
    assert all_statuses().summary() == summary(all_statuses())


def test_summary_of_empty_report_is_the_line() -> None:
    assert summary(empty()) == "OK: no claims · mode=flag"


def test_summary_shortens_long_units_to_one_line() -> None:
    text = "word " * 60 + "\nend."
    answer = text.strip()
    report = _report(answer, (_unit(answer, 0, answer, Status.UNGROUNDED),))
    unit_line = summary(report).splitlines()[1]
    assert unit_line.startswith("ungrounded   word word")
    assert unit_line.endswith("…")
    assert len(unit_line) <= 13 + 100
    assert "\n" not in unit_line


def test_summary_support_without_known_evidence_has_no_excerpt() -> None:
    answer = "A [x]."
    unit = _unit(answer, 0, answer, Status.GROUNDED, support=(Support("x", Span(0, 5), 0.5),))
    assert summary(_report(answer, (unit,))).splitlines()[-1] == "             > evidence x (0.50)"


# ---- HTML ------------------------------------------------------------------------------


class _AnswerText(HTMLParser):
    """Collects the visible text of ``div.gg-answer`` minus tooltips, and each mark's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.in_answer = 0
        self.in_tip = 0
        self.text: list[str] = []
        self.marks: list[tuple[str, list[str]]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in ("meta", "br", "link", "img", "input", "hr"):
            return  # void elements have no end tag
        classes = (dict(attrs).get("class") or "").split()
        self.stack.append(tag)
        if self.in_answer:
            self.in_answer += 1
            if self.in_tip or "gg-tip" in classes:
                self.in_tip += 1
            if tag == "mark":
                status = next(c for c in classes if c.startswith("status-"))
                self.marks.append((status, []))
        elif "gg-answer" in classes:
            self.in_answer = 1

    def handle_endtag(self, tag: str) -> None:
        self.stack.pop()
        if self.in_answer:
            self.in_answer -= 1
            if self.in_tip:
                self.in_tip -= 1

    def handle_data(self, data: str) -> None:
        if self.in_answer and not self.in_tip:
            self.text.append(data)
            if self.marks and self.stack[-1] == "mark":
                self.marks[-1][1].append(data)


def _parse(html: str) -> _AnswerText:
    parser = _AnswerText()
    parser.feed(html)
    parser.close()
    return parser


@pytest.mark.parametrize("name", sorted(ALL_REPORTS))
def test_html_shows_the_answer_exactly_with_every_unit_marked(name: str) -> None:
    report = ALL_REPORTS[name]()
    html = to_html(report)
    parsed = _parse(html)
    assert "".join(parsed.text) == report.answer
    assert [(s, "".join(t)) for s, t in parsed.marks] == [
        (f"status-{u.status.value}", u.span.of(report.answer)) for u in report.units
    ]
    assert not parsed.stack  # every tag closed


def test_html_is_standalone_and_static() -> None:
    html = to_html(all_statuses())
    assert html.startswith("<!DOCTYPE html>")
    for tag in ("<html", "<head>", "<style>"):
        assert tag in html
    lowered = html.lower()
    for forbidden in ("<script", "<link", "src=", "http://", "https://", "@import", "url("):
        assert forbidden not in lowered, forbidden


def test_html_colours_every_status_and_has_a_table() -> None:
    report = all_statuses()
    html = to_html(report)
    for status in Status:
        assert f".status-{status.value}" in html
        assert f'class="gg-unit status-{status.value}"' in html
    assert '<table class="gg-units">' in html
    assert html.count('<tr class="gg-row"') == len(report.units)
    assert summary_line(report).replace("<", "&lt;") in html


def test_html_hover_lists_reasons_and_evidence_excerpt() -> None:
    html = to_html(all_statuses())
    # title attribute: plain text, newline separated
    assert 'title="contradicted\nvalue_mismatch: 90 C where the evidence says 100 C' in html
    assert (
        'title="grounded\nevidence 1 (0.90): &quot;Paris is the capital of France.&quot;"' in html
    )
    # CSS tooltip
    assert '<span class="gg-tip" role="tooltip">' in html
    assert "<q>Water boils at 100 C at sea level.</q>" in html  # short spans show their sentence
    assert ":hover .gg-tip" in html


def test_html_escapes_everything() -> None:
    report = hostile()
    for html in (to_html(report), to_html_fragment(report)):
        lowered = html.lower()
        assert "<script" not in lowered
        assert "<img" not in lowered
        assert "<b>" not in lowered
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
        assert "&#x27;quotes&#x27;" in html
        assert "&lt;script&gt;evil()&lt;/script&gt;" in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
        assert "e&quot;1" in html
        assert "&lt;script&gt;bad()&lt;/script&gt;" in html  # the returned text
        # every tag in the page is one the renderer writes
        tags = set(_parse(html).tags)
        assert tags <= {
            "html", "head", "meta", "title", "style", "body", "main", "div", "header", "h1",
            "h2", "h3", "p", "span", "section", "article", "mark", "strong", "code", "q", "a",
            "table", "thead", "tbody", "tr", "th", "td", "ul", "li",
        }, tags  # fmt: skip


def test_html_every_unit_text_appears() -> None:
    from html import escape

    for factory in ALL_REPORTS.values():
        report = factory()
        html = to_html(report)
        for unit in report.units:
            assert escape(unit.text) in html


def test_html_shows_returned_text_only_when_it_differs() -> None:
    assert "Returned text" in to_html(blocked())
    assert "I cannot answer that." in to_html(blocked())
    assert "Returned text" not in to_html(clean())


def test_html_of_empty_report() -> None:
    html = to_html(empty())
    assert "no claims" in html
    assert "<table" not in html


def test_fragment_for_jupyter() -> None:
    report = all_statuses()
    fragment = to_html_fragment(report)
    assert fragment.startswith('<div class="gg-report"><style>')
    assert fragment.endswith("</div>")
    for tag in ("<html", "<head>", "<body"):
        assert tag not in fragment
    assert report._repr_html_() == fragment


def test_html_survives_spans_outside_the_answer() -> None:
    answer = "Short."
    units = (
        Unit(0, "Short.", Span(0, 6), Kind.CLAIM, Status.GROUNDED),
        Unit(1, "ghost", Span(3, 99), Kind.CLAIM, Status.UNGROUNDED),  # overlaps, too long
    )
    report = _report(answer, units, evidence=(Evidence("1", "abc"),))
    assert "".join(_parse(to_html(report)).text) == answer
    unit = Unit(0, "A", Span(0, 1), Kind.CLAIM, Status.GROUNDED,
                support=(Support("1", Span(50, 80), 0.3),))  # fmt: skip
    assert "evidence 1 (0.30)" in summary(_report("A", (unit,), evidence=(Evidence("1", "abc"),)))


class _Page(HTMLParser):
    """Collects every id and in-page link, the evidence panel's chunks (id, text) and its
    highlights (classes, link, text), and the page's CSP and style."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.chunks: list[list[str]] = []
        self.highlights: list[tuple[str, str, list[str]]] = []
        self.csp = ""
        self.style: list[str] = []
        self.where = ""  # "chunk-id", "chunk-text", "style" or ""
        self.depth = 0  # of open elements inside the current chunk text
        self.in_highlight = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        classes = found.get("class", "").split()
        if "id" in found:
            self.ids.append(found["id"])
        if "href" in found:
            self.hrefs.append(found["href"])
        if found.get("http-equiv") == "Content-Security-Policy":
            self.csp = found["content"]
        if tag == "style":
            self.where = "style"
        elif tag == "article" and "gg-evidence" in classes:
            self.chunks.append(["", ""])
        elif tag == "code" and self.chunks and self.chunks[-1] == ["", ""] and not self.where:
            self.where = "chunk-id"
        elif "gg-ev-text" in classes:
            self.where, self.depth = "chunk-text", 0
        elif self.where == "chunk-text":
            self.depth += 1
            if "gg-hl" in classes:
                self.highlights.append((" ".join(classes), found.get("href", ""), []))
                self.in_highlight = True

    def handle_endtag(self, tag: str) -> None:
        if self.where == "chunk-text":
            if self.depth == 0:
                self.where = ""
            else:
                self.depth -= 1
                self.in_highlight = False
        elif self.where in ("chunk-id", "style"):
            self.where = ""

    def handle_data(self, data: str) -> None:
        if self.where == "style":
            self.style.append(data)
        elif self.where == "chunk-id":
            self.chunks[-1][0] += data
        elif self.where == "chunk-text":
            self.chunks[-1][1] += data
            if self.in_highlight:
                self.highlights[-1][2].append(data)


def _page(html: str) -> _Page:
    parser = _Page()
    parser.feed(html)
    parser.close()
    return parser


def _assert_links_resolve(page: _Page) -> None:
    assert len(page.ids) == len(set(page.ids)), "ids are unique"
    assert all(h.startswith("#") and h[1:] in page.ids for h in page.hrefs), page.hrefs


@pytest.mark.parametrize("name", sorted(ALL_REPORTS))
def test_html_lists_every_evidence_chunk_and_links_resolve(name: str) -> None:
    report = ALL_REPORTS[name]()
    for html in (to_html(report), to_html_fragment(report)):
        page = _page(html)
        assert page.chunks == [[e.id, e.text] for e in report.evidence]
        _assert_links_resolve(page)
    assert ("<h2>Evidence</h2>" in to_html(report)) == bool(report.evidence)


def test_html_highlights_support_and_contradiction_in_the_evidence() -> None:
    report = all_statuses()
    html = to_html(report)
    page = _page(html)
    marks = dict(
        re.findall(r'<mark class="gg-unit[^"]*" id="([^"]+)"[^>]*data-index="(\d+)"', html)
    )
    found = [(cls, marks[href[1:]], "".join(text)) for cls, href, text in page.highlights]
    assert found == [
        ("gg-hl gg-hl-support", "1", "Paris is the capital of France."),  # unit 1's support
        ("gg-hl gg-hl-against", "3", "100 C"),  # the value unit 3 contradicts
    ]
    # the unit's tip and table row link back to the highlight
    assert html.count('<a class="gg-ref" href="#') == 4
    assert (
        'title="value_mismatch in unit 3 (contradicted): 90 C where the evidence says 100 C"'
        in html
    )


def test_html_overlapping_evidence_spans_keep_the_text_whole() -> None:
    answer = "A [1]. B [1]. C [1]."
    text = "0123456789 abcdefghij"
    units = (
        _unit(answer, 0, "A [1].", Status.GROUNDED, support=(Support("1", Span(0, 15), 0.9),)),
        _unit(answer, 1, "B [1].", Status.CONTRADICTED,
              reasons=(Reason("value_mismatch", "m", None, "1", Span(5, 12)),)),
        _unit(answer, 2, "C [1].", Status.GROUNDED, support=(Support("1", Span(8, 8), 0.5),
              Support("1", Span(18, 99), 0.4))),
    )  # fmt: skip
    report = _report(answer, units, evidence=(Evidence("1", text), Evidence("1", "dup")))
    page = _page(to_html(report))
    assert page.chunks == [["1", text], ["1", "dup"]]  # highlights go to the first "1"
    _assert_links_resolve(page)
    pieces = [(cls.removeprefix("gg-hl "), "".join(t)) for cls, _, t in page.highlights]
    assert pieces == [
        ("gg-hl-support", "01234"),
        ("gg-hl-support gg-hl-against", "567"),
        ("gg-hl-support gg-hl-against", "89 a"),  # the empty span at 8 cuts, changes nothing
        ("gg-hl-support", "bcd"),
        ("gg-hl-support", "hij"),  # clipped at the text's end
    ]
    assert to_html(report).count('class="gg-anchor"') == 4  # one per span, the empty one too


def test_html_page_has_a_strict_csp_naming_its_own_style() -> None:
    page = _page(to_html(all_statuses()))
    directives = dict(d.strip().split(" ", 1) for d in page.csp.split(";"))
    digest = base64.b64encode(hashlib.sha256("".join(page.style).encode()).digest()).decode()
    assert directives == {
        "default-src": "'none'",
        "style-src": f"'sha256-{digest}'",
        "base-uri": "'none'",
        "form-action": "'none'",
    }
    assert "Content-Security-Policy" not in to_html_fragment(all_statuses())


def test_html_ids_differ_between_reports() -> None:
    ids = [set(_page(to_html_fragment(f())).ids) for f in (all_statuses, hostile, clean)]
    assert not ids[0] & ids[1] and not ids[0] & ids[2]


# ---- properties ------------------------------------------------------------------------

_texts = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs", "Cc")),
    max_size=80,
)


@st.composite
def _random_reports(draw: st.DrawFn) -> Report:
    answer = draw(_texts)
    cuts = sorted(set(draw(st.lists(st.integers(0, len(answer)), max_size=8))))
    units = []
    for i, (start, end) in enumerate(itertools.pairwise(cuts)):
        if draw(st.booleans()):
            status = draw(st.sampled_from(list(Status)))
            units.append(
                Unit(
                    len(units),
                    answer[start:end],
                    Span(start, end),
                    Kind.CLAIM if status is not Status.SKIPPED else Kind.NON_CLAIM,
                    status,
                    cited=tuple(draw(st.lists(_texts, max_size=2))),
                    reasons=tuple(
                        Reason(draw(_texts) or "code", draw(_texts), None, draw(_texts))
                        for _ in range(draw(st.integers(0, 2)))
                    ),
                    support=(Support(str(i), Span(0, 3), draw(st.floats())),),
                )
            )
    return _report(
        answer,
        tuple(units),
        evidence=(Evidence("0", draw(_texts)), Evidence("1", draw(_texts))),
        min_coverage=draw(st.floats(0, 1)),
    )


@settings(max_examples=150, deadline=None)
@given(_random_reports())
def test_any_report_renders_validly(report: Report) -> None:
    validator = Draft202012Validator(load_schema())
    data = to_dict(report)
    assert validator.is_valid(data)
    json.dumps(data, allow_nan=False)
    parsed = _parse(to_html(report))
    assert "".join(parsed.text) == report.answer
    assert len(parsed.marks) == len(report.units)
    assert not parsed.stack
    page = _page(to_html(report))
    assert page.chunks == [[e.id, e.text] for e in report.evidence]
    _assert_links_resolve(page)
    line = summary_line(report)
    assert "\n" not in line
    assert summary(report).count("\n") >= len(report.units)

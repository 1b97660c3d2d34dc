"""Citation styles: presets, custom patterns, auto-detection, extraction, stripping."""

from __future__ import annotations

import re

import pytest

from grounding_guard import ConfigError, check
from grounding_guard.citations import (
    DEFAULT_PLACEHOLDER_PATTERN,
    PRESETS,
    detect_style,
    extract_all_ids,
    extract_ids,
    get_style,
    strip_markers,
)

PRESET_ROWS = [
    ("numeric", "Claim [3].", [("[3]", ("3",))]),
    ("numeric", "Claim [3, 5].", [("[3, 5]", ("3", "5"))]),
    ("numeric", "Claim [3][5].", [("[3]", ("3",)), ("[5]", ("5",))]),
    ("numeric", "Claim [3-5].", [("[3-5]", ("3", "4", "5"))]),
    ("numeric", "Claim [5\u20133].", [("[5\u20133]", ("3", "4", "5"))]),
    ("numeric", "Claim [03].", [("[03]", ("3",))]),
    ("numeric", "Claim [1 and 2].", [("[1 and 2]", ("1", "2"))]),
    ("numeric", "Not a marker [a] or [1.5] or [].", []),
    ("cite", "Claim [[cite:e1]].", [("[[cite:e1]]", ("e1",))]),
    ("cite", "Claim [[cite: e1, e2]].", [("[[cite: e1, e2]]", ("e1", "e2"))]),
    ("cite", "Claim [[CITE:E1]].", [("[[CITE:E1]]", ("E1",))]),
    ("source", "Claim [Source 3].", [("[Source 3]", ("3",))]),
    ("source", "Claim (source 3).", [("(source 3)", ("3",))]),
    ("source", "Claim [Sources 1, 2].", [("[Sources 1, 2]", ("1", "2"))]),
    ("source", "Claim [Source 1, Source 2].", [("[Source 1, Source 2]", ("1", "2"))]),
    ("bracket_id", "Claim [SB-2231].", [("[SB-2231]", ("sb-2231",))]),
    (
        "bracket_id",
        "Claim [inv-1] [manual_ch4].",
        [("[inv-1]", ("inv-1",)), ("[manual_ch4]", ("manual_ch4",))],
    ),
    ("bracket_id", "Gaps [TK] [citation needed] [x] are not ids.", []),
    ("bracket_id", "A link [doc-1](http://example.com) is not a citation.", []),
    ("section", "Penalties apply (\u00a7 302).", [("(\u00a7 302)", ("302",))]),
    (
        "section",
        "See Sec. 302 and Section 303.",
        [("Sec. 302", ("302",)), ("Section 303", ("303",))],
    ),
    ("section", "As SEC. 302. says.", [("SEC. 302", ("302",))]),
    ("section", "Under \u00a7 302(a) it is so.", [("\u00a7 302(a)", ("302(a)",))]),
    (
        "threegpp",
        "Per TS 38.331 \u00a75.3.5.3.",
        [("TS 38.331 \u00a75.3.5.3", ("ts 38.331 \u00a75.3.5.3",))],
    ),
    (
        "threegpp",
        "Per TS 38.331 clause 5.3.5.3.",
        [("TS 38.331 clause 5.3.5.3", ("ts 38.331 \u00a75.3.5.3",))],
    ),
]


@pytest.mark.parametrize(("style", "text", "expected"), PRESET_ROWS)
def test_preset_finds_markers_and_ids(
    style: str, text: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    found = [(m.raw, m.ids) for m in PRESETS[style].find(text)]
    assert found == expected
    for marker in PRESETS[style].find(text):
        assert marker.span.of(text) == marker.raw


@pytest.mark.parametrize(
    ("text", "evidence_ids", "expected"),
    [
        ("A [[cite:e1]]. B [[cite:e2]].", ["e1", "e2"], "cite"),
        ("A [1]. B [2].", ["1", "2"], "numeric"),
        ("A [Source 1]. B [Source 2].", ["1", "2"], "source"),
        ("A [SB-1]. B [SB-2].", ["sb-1", "SB-2"], "bracket_id"),
        ("A (\u00a7 302). B \u00a7 303.", ["302", "303"], "section"),
        ("A TS 38.331 \u00a75.3.", ["TS 38.331 \u00a75.3"], "threegpp"),
        ("No markers at all.", ["1"], None),
        # the style whose ids resolve wins over the one with more matches
        ("A [1]. B [2]. C [3]. D [inv-1].", ["inv-1"], "bracket_id"),
    ],
)
def test_auto_detects_the_style_in_use(
    text: str, evidence_ids: list[str], expected: str | None
) -> None:
    style = detect_style(text, evidence_ids)
    assert (style.name if style else None) == expected


def test_custom_regex_named_group_and_caller_pattern_untouched() -> None:
    pattern = re.compile(r"\{\{ref:(?P<id>\w+)\}\}")
    before = (pattern.pattern, pattern.flags)
    report = check(
        "Battery lasts 14 hours {{ref:a}}.", {"a": "Battery lasts 14 hours."}, citations=pattern
    )
    assert report.units[0].cited == ("a",)
    assert report.units[0].status.value == "grounded"
    assert (pattern.pattern, pattern.flags) == before


def test_custom_regex_single_unnamed_group() -> None:
    style = get_style(re.compile(r"<cite (\d+)>"))
    assert style is not None
    assert style.ids("x <cite 4> y <cite 5>") == ["4", "5"]


@pytest.mark.parametrize(
    "pattern",
    [r"()", r"(?=(a))", r"(x*)", r"(a?)", r"(?:)(\b)"],
    ids=["empty-group", "lookahead", "star", "optional", "word-boundary"],
)
def test_zero_width_pattern_is_config_error_before_reading(pattern: str) -> None:
    with pytest.raises(ConfigError, match="zero characters"):
        check("any text", {}, citations=re.compile(pattern))


def test_pattern_without_group_is_config_error() -> None:
    with pytest.raises(ConfigError, match="no group"):
        check("x", {}, citations=re.compile(r"\[\d+\]"))


@pytest.mark.parametrize("bad", ["nope", "NUMERIC", ""])
def test_unknown_preset_is_config_error(bad: str) -> None:
    with pytest.raises(ConfigError, match="unknown citation style"):
        get_style(bad)


@pytest.mark.parametrize("bad", [3, None, b"[1]", ["numeric"]])
def test_wrong_type_for_citations_is_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="citations"):
        get_style(bad)  # type: ignore[arg-type]


def test_extract_and_strip() -> None:
    text = "Battery [1] lasts [2][1] long [3]."
    assert extract_ids(text, "numeric") == ["1", "2", "1", "3"]
    assert extract_all_ids(text, "numeric") == ["1", "2", "3"]
    assert strip_markers(text, "numeric") == "Battery lasts long."
    assert strip_markers("A [[cite:e1]] , b.", "cite") == "A, b."
    assert strip_markers("No markers here.") == "No markers here."
    with pytest.raises(TypeError):
        extract_ids(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("x [citation needed].", ["[citation needed]"]),
        ("x [Citation Needed].", ["[Citation Needed]"]),
        ("x [more research needed: refund timing].", ["[more research needed: refund timing]"]),
        ("x [TK].", ["[TK]"]),
        ("x [TK: add the figure].", ["[TK: add the figure]"]),
        ("x [source needed].", ["[source needed]"]),
        ("x {{citation needed}}.", ["{{citation needed}}"]),
        ("x [more research needed: " + "a" * 201 + "].", []),
        ("x [TKO] [1] [citation].", []),
    ],
)
def test_placeholder_pattern(text: str, found: list[str]) -> None:
    assert [m.group() for m in DEFAULT_PLACEHOLDER_PATTERN.finditer(text)] == found


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_passes_the_custom_pattern_rules(name: str) -> None:
    # presets skip validation at import time; this is where they are held to it
    from grounding_guard.citations import validate_pattern

    validate_pattern(PRESETS[name].pattern)

"""Citation marker styles: presets, custom patterns, auto-detection, extraction, stripping.

A :class:`CitationStyle` finds markers in text and turns each into the ids it names, in a
canonical form used for lookup (``[03]`` and ``[3]`` both name ``3``; ``[SB-2231]`` and
``[sb-2231]`` name the same bracket id). Every preset pattern is linear: no nested
quantifiers, bounded look-arounds, and bounded in length (white space inside a marker
or placeholder runs to 8 characters at most), so a stream knows how far back a marker
still growing may start.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from grounding_guard.errors import ConfigError
from grounding_guard.text.markdown import scan_blocks
from grounding_guard.types import Kind, Marker, Span

__all__ = [
    "AUTO_ORDER",
    "DEFAULT_PLACEHOLDER_PATTERN",
    "PRESETS",
    "CitationStyle",
    "code_spans",
    "detect_style",
    "extract_all_ids",
    "extract_ids",
    "first_resolving",
    "get_style",
    "outside_code",
    "strip_markers",
    "validate_pattern",
]

_MAX_RANGE = 1000  # a numeric range longer than this names only its two ends


def _int_id(raw: str) -> str:
    raw = raw.strip()
    return str(int(raw)) if raw.isdigit() else raw.casefold()


def _casefold_id(raw: str) -> str:
    return " ".join(raw.split()).casefold()


def _exact_id(raw: str) -> str:
    return raw.strip()


_SPLIT_LIST = re.compile(r"\s*(?:,|;|&|\band\b)\s*", re.IGNORECASE)
_RANGE = re.compile(r"^(\d+)\s*[-\u2013\u2014]\s*(\d+)$")


def _numeric_ids(group: str) -> tuple[str, ...]:
    ids: list[str] = []
    for part in _SPLIT_LIST.split(group.strip()):
        if not part:
            continue
        ranged = _RANGE.match(part)
        if ranged:
            low, high = sorted((int(ranged.group(1)), int(ranged.group(2))))
            if high - low <= _MAX_RANGE:
                ids.extend(str(n) for n in range(low, high + 1))
            else:
                ids.extend((str(low), str(high)))
        else:
            ids.append(_int_id(part))
    return tuple(ids)


def _listed_ids(group: str) -> tuple[str, ...]:
    return tuple(p for p in (s.strip() for s in group.split(",")) if p)


_SOURCE_WORD = re.compile(r"\bsources?\s+", re.IGNORECASE)


def _source_ids(group: str) -> tuple[str, ...]:
    return _numeric_ids(_SOURCE_WORD.sub("", group))


_SECTION_ID = r"\d{1,6}[A-Za-z]?(?:[.\-]\d{1,6}[A-Za-z]?){0,8}(?:\([A-Za-z0-9]{1,4}\)){0,4}"
_SECTION_HEAD = r"(?:\u00a7\u00a7?[ \t\u00a0]?|\b[Ss]ections?[ \t\u00a0]{1,8}|\bSECTIONS?[ \t]{1,8}|\b(?:[Ss]ec|SEC)\.[ \t\u00a0]?)"


def _section_id(raw: str) -> str:
    return raw.strip().rstrip(".").casefold()


_TS_KEY = re.compile(
    r"TS\s*(\d{2}\.\d{3})\s*(?:\u00a7\s*|clause\s+|section\s+)?(\d+(?:\.\d+)*)", re.IGNORECASE
)


def _threegpp_id(raw: str) -> str:
    match = _TS_KEY.search(raw)
    if match:
        return f"ts {match.group(1)} \u00a7{match.group(2)}"
    return _casefold_id(raw)


@dataclass(frozen=True)
class CitationStyle:
    """How markers look and how their ids are read.

    ``pattern`` must match at least one character and hold a group named ``id`` (or one
    group); ``split`` turns that group's text into raw ids; ``normalize`` gives the
    canonical id used to look evidence up (applied to evidence keys too).
    """

    name: str
    pattern: re.Pattern[str]
    split: Callable[[str], tuple[str, ...]] = lambda group: (group,)
    normalize: Callable[[str], str] = _exact_id
    description: str = ""

    def __post_init__(self) -> None:
        validate_pattern(self.pattern)

    @property
    def _group(self) -> str | int:
        return "id" if "id" in self.pattern.groupindex else 1

    def find(self, text: str) -> list[Marker]:
        """Every marker in ``text`` with its span and canonical ids, left to right."""
        markers: list[Marker] = []
        group = self._group
        normalize = self.normalize
        for match in self.pattern.finditer(text):
            start, end = match.span()
            if start == end:
                raise ConfigError(
                    f"citation pattern {self.pattern.pattern!r} matched zero characters"
                )
            raw_group = match.group(group)
            ids: tuple[str, ...] = ()
            if raw_group:
                ids = tuple(
                    dict.fromkeys(n for n in (normalize(r) for r in self.split(raw_group)) if n)
                )
            markers.append(Marker(Span(start, end), ids, match.group()))
        return markers

    def ids(self, text: str) -> list[str]:
        """Every id cited in ``text``, in order, duplicates kept."""
        return [i for marker in self.find(text) for i in marker.ids]


def pattern_widths(pattern: re.Pattern[str]) -> tuple[int, int] | None:
    """The shortest and longest text ``pattern`` can match (the longest is very large
    when unbounded), or ``None`` when the parser cannot tell."""
    try:  # the parser is private; callers fall back when it is not there
        try:
            from re import _parser as parser  # type: ignore[attr-defined]
        except ImportError:  # Python < 3.11
            import sre_parse as parser
        low, high = parser.parse(pattern.pattern, pattern.flags).getwidth()
        return int(low), int(high)
    except Exception:
        return None


def validate_pattern(pattern: object) -> None:
    if not isinstance(pattern, re.Pattern):
        raise TypeError(
            f"citations pattern must be a compiled re.Pattern, got {type(pattern).__name__}"
        )
    if not isinstance(pattern.pattern, str):
        raise ConfigError("citations pattern must be a str pattern, not bytes")
    if pattern.groups < 1:
        raise ConfigError(
            f"citations pattern {pattern.pattern!r} has no group: add a named group (?P<id>...)"
        )
    widths = pattern_widths(pattern)
    if (widths is not None and widths[0] == 0) or (
        widths is None and pattern.fullmatch("") is not None
    ):
        raise ConfigError(
            f"citations pattern {pattern.pattern!r} can match zero characters; "
            "a marker must consume at least one character"
        )


def _compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


class _Preset(CitationStyle):
    """A built-in style: its patterns are checked by the test suite, not at import."""

    def __post_init__(self) -> None:
        pass


PRESETS: dict[str, CitationStyle] = {
    "numeric": _Preset(
        "numeric",
        _compile(
            r"\[[ \t]{0,8}(?P<id>\d{1,6}(?:[ \t]{0,8}(?:[,;\u2013\u2014-]|and)[ \t]{0,8}\d{1,6}){0,64})[ \t]{0,8}\]"
        ),
        _numeric_ids,
        _int_id,
        "[3], [3, 5], [3][5], [3-5]",
    ),
    "cite": _Preset(
        "cite",
        _compile(
            r"\[\[[ \t]{0,8}cite[ \t]{0,8}:[ \t]{0,8}(?P<id>[^\[\]\s,]{1,128}(?:[ \t]{0,8},[ \t]{0,8}[^\[\]\s,]{1,128}){0,64})[ \t]{0,8}\]\]",
            re.IGNORECASE,
        ),
        _listed_ids,
        _exact_id,
        "[[cite:e1]], [[cite:e1, e2]]",
    ),
    "source": _Preset(
        "source",
        _compile(
            r"[\[(][ \t]{0,8}sources?[ \t]{1,8}(?P<id>\d{1,6}(?:[ \t]{0,8}(?:,|;|&|and)[ \t]{0,8}(?:sources?[ \t]{1,8})?\d{1,6}){0,64})[ \t]{0,8}[\])]",
            re.IGNORECASE,
        ),
        _source_ids,
        _int_id,
        "[Source 3], (source 3), [Sources 1, 2]",
    ),
    "bracket_id": _Preset(
        "bracket_id",
        _compile(
            r"\[(?=[^\]\[\s]{0,64}[\d_\-])(?P<id>[A-Za-z0-9][\w.:/\-]{0,63}(?:[ \t]{0,4}[,;][ \t]{0,4}[A-Za-z0-9][\w.:/\-]{0,63}){0,32})\](?!\()"
        ),
        lambda group: tuple(p for p in re.split(r"[ \t]*[,;][ \t]*", group) if p),
        _casefold_id,
        "[SB-2231], [inv-1], [manual_ch4] (ids compared case-insensitively)",
    ),
    "section": _Preset(
        "section",
        _compile(
            r"\([ \t]{0,4}" + _SECTION_HEAD + r"(?P<id>" + _SECTION_ID + r")[ \t]{0,4}\)"
            r"|" + _SECTION_HEAD + r"(?P<bare>" + _SECTION_ID + r")"
        ),
        _listed_ids,
        _section_id,
        "(\u00a7 302), \u00a7 302, Sec. 302, Section 302, SEC. 302.",
    ),
    "threegpp": _Preset(
        "threegpp",
        _compile(
            r"\bTS[ \t]{0,4}(?P<id>\d{2}\.\d{3}[ \t]{0,4}(?:\u00a7[ \t]{0,4}|clause[ \t]{1,4})\d{1,3}(?:\.\d{1,3}){0,8})",
            re.IGNORECASE,
        ),
        lambda group: ("TS " + group,),
        _threegpp_id,
        "TS 38.331 \u00a75.3.5.3, TS 38.331 clause 5.3.5.3",
    ),
}


class _SectionStyle(_Preset):
    """Section markers come bracketed or bare; the id is whichever group matched."""

    def find(self, text: str) -> list[Marker]:
        markers: list[Marker] = []
        for match in self.pattern.finditer(text):
            raw = match.group("id") or match.group("bare")
            ids = tuple(dict.fromkeys(self.normalize(r) for r in self.split(raw)))
            markers.append(Marker(Span(*match.span()), ids, match.group()))
        return markers


PRESETS["section"] = _SectionStyle(
    "section", PRESETS["section"].pattern, _listed_ids, _section_id, PRESETS["section"].description
)

#: The order ``auto`` tries presets in, most specific first (it breaks ties).
AUTO_ORDER: tuple[str, ...] = ("cite", "source", "threegpp", "section", "numeric", "bracket_id")

#: Honest gaps: ``[citation needed]``, ``[more research needed: ...]``, ``[TK ...]`` and
#: kin. The free-text note is capped at 200 characters so a runaway bracket is no gap,
#: and white space between the words at 8.
DEFAULT_PLACEHOLDER_PATTERN: re.Pattern[str] = re.compile(
    r"\[[ \t]{0,4}(?:citations?[ \t]{1,8}(?:needed|required|missing)|sources?[ \t]{1,8}(?:needed|required|missing)"
    r"|needs?[ \t]{1,8}(?:a[ \t]{1,8})?(?:citation|source)|no[ \t]{1,8}source|unsourced|unverified|TBD|TBC|\?"
    r"|more[ \t]{1,8}research[ \t]{1,8}needed(?:[ \t]{0,8}:[^\]\n]{0,200})?"
    r"|TK(?:[ \t:][^\]\n]{0,200})?)[ \t]{0,4}\]"
    r"|\{\{[ \t]{0,4}citation[ \t]{1,8}needed[ \t]{0,4}\}\}",
    re.IGNORECASE,
)


def get_style(spec: str | re.Pattern[str] | CitationStyle) -> CitationStyle | None:
    """The style a ``citations=`` option names; ``None`` for ``"none"`` and ``"auto"``.

    Raises ``ConfigError`` for an unknown preset or an unusable pattern, before any text
    is read.
    """
    if isinstance(spec, CitationStyle):
        return spec
    if isinstance(spec, re.Pattern):
        validate_pattern(spec)
        # re.Pattern objects are immutable: no state of the caller's object is touched.
        return CitationStyle("custom", spec, lambda group: (group,), _exact_id, spec.pattern)
    if isinstance(spec, str):
        if spec in ("auto", "none"):
            return None
        style = PRESETS.get(spec)
        if style is None:
            raise ConfigError(
                f"unknown citation style {spec!r}; use one of "
                f"{', '.join(['auto', 'none', *PRESETS])} or a compiled regex"
            )
        return style
    raise TypeError(
        f"citations must be a preset name, a compiled regex or a CitationStyle, "
        f"got {type(spec).__name__}"
    )


#: Literals every marker of a preset contains (case-folded), to skip hopeless scans.
_ANCHORS: dict[str, tuple[str, ...]] = {
    "cite": ("cite",),
    "source": ("source",),
    "threegpp": ("ts",),
    "section": ("\u00a7", "sec"),
    "numeric": ("[",),
    "bracket_id": ("[",),
}


_BACKTICKS = re.compile(r"`+")


def code_spans(text: str) -> list[Span]:
    """Where ``text`` holds code: fenced blocks (as the segmenter finds them, an unclosed
    fence running to the end) and inline code spans, in text order.

    An inline span opens at a run of backticks and closes at the next run of the same
    length on the same line; an opener never closed on its line is literal, and so is the
    rest of that line (as the segmenter reads it). Marker-like text in code (``items[1]``)
    is code, never a citation."""
    if "`" not in text and "~" not in text:
        return []
    spans: list[Span] = []
    fences = [
        (block.start, block.end)
        for block in scan_blocks(text, (), ()).blocks
        if block.kind is Kind.CODE
    ]
    index = 0
    pos = 0
    n = len(text)
    while pos < n:
        while index < len(fences) and fences[index][1] <= pos:
            index += 1
        fence = fences[index] if index < len(fences) else None
        line_end = text.find("\n", pos)
        if line_end == -1:
            line_end = n
        inside = fence is not None and fence[0] < line_end
        limit = fence[0] if fence is not None and inside else line_end  # spans before a fence
        opener: tuple[int, int] | None = None
        for run in _BACKTICKS.finditer(text, pos, limit):
            if opener is None:
                opener = (run.start(), len(run.group()))
            elif len(run.group()) == opener[1]:
                spans.append(Span(opener[0], run.end()))
                opener = None
        if fence is not None and inside:
            spans.append(Span(fence[0], fence[1]))
            pos = text.find("\n", fence[1])
            pos = n if pos == -1 else pos + 1
            index += 1
        else:
            pos = line_end + 1
    return spans


def outside_code(markers: list[Marker], code: list[Span]) -> list[Marker]:
    """The ``markers`` that overlap no ``code`` span (both in text order)."""
    if not code or not markers:
        return markers
    kept: list[Marker] = []
    index = 0
    for marker in markers:
        while index < len(code) and code[index].end <= marker.span.start:
            index += 1
        if index < len(code) and code[index].start < marker.span.end:
            continue
        kept.append(marker)
    return kept


def _preset_markers(text: str, code: list[Span]) -> list[tuple[int, str, list[Marker]]]:
    """For each preset in ``AUTO_ORDER`` that finds a marker outside code: its rank, name
    and those markers."""
    folded = text.casefold()
    found: list[tuple[int, str, list[Marker]]] = []
    for rank, name in enumerate(AUTO_ORDER):
        if not any(anchor in folded for anchor in _ANCHORS[name]):
            continue  # a preset whose markers need a literal the text lacks: skip its scan
        markers = outside_code(PRESETS[name].find(text), code)
        if markers:
            found.append((rank, name, markers))
    return found


def first_resolving(
    text: str, evidence_ids: Iterable[str], code: list[Span] | None = None
) -> tuple[CitationStyle, Marker] | None:
    """The first marker of ``text`` (outside code) that names an evidence id, with its
    preset: the earliest start wins, then ``AUTO_ORDER`` among presets matching there.
    ``code`` defaults to :func:`code_spans` of ``text``."""
    return _first_resolving(
        _preset_markers(text, code_spans(text) if code is None else code), list(evidence_ids)
    )


def _first_resolving(
    found: list[tuple[int, str, list[Marker]]], raw_ids: list[str]
) -> tuple[CitationStyle, Marker] | None:
    best: tuple[int, int] | None = None
    chosen: tuple[CitationStyle, Marker] | None = None
    for rank, name, markers in found:
        style = PRESETS[name]
        known = {style.normalize(i) for i in raw_ids}
        for marker in markers:
            if best is not None and marker.span.start > best[0]:
                break
            if any(i in known for i in marker.ids):
                key = (marker.span.start, rank)
                if best is None or key < best:
                    best, chosen = key, (style, marker)
                break
    return chosen


def detect_style(text: str, evidence_ids: Iterable[str] = ()) -> CitationStyle | None:
    """The preset ``text`` is written in, or ``None`` when it carries no marker.

    Markers inside code (fenced blocks, inline code spans: :func:`code_spans`) never
    count. The style is the preset of the first marker, in text order, that names an id
    of the evidence (each preset's own id normalisation applied to both sides); when
    several presets match at that place, ``AUTO_ORDER`` decides. When no marker names an
    evidence id, the preset that finds the most markers wins, then ``AUTO_ORDER``.

    The first rule makes the choice decidable on a prefix: once a resolving marker is
    read (and nothing before it can still become one), no later text changes the style,
    so a stream can fix it there, as ``check()`` on the whole answer would.
    """
    found = _preset_markers(text, code_spans(text))
    if not found:
        return None
    first = _first_resolving(found, list(evidence_ids))
    if first is not None:
        return first[0]
    _, name, _ = max(found, key=lambda item: (len(item[2]), -item[0]))
    return PRESETS[name]


def extract_ids(text: str, citations: str | re.Pattern[str] | CitationStyle = "auto") -> list[str]:
    """Every id cited in ``text`` in order, duplicates kept (``auto`` detects the style)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    style = get_style(citations) if citations != "auto" else detect_style(text)
    if style is None:
        return []
    return [i for marker in outside_code(style.find(text), code_spans(text)) for i in marker.ids]


def extract_all_ids(
    text: str, citations: str | re.Pattern[str] | CitationStyle = "auto"
) -> list[str]:
    """Distinct ids cited anywhere in ``text``, in first-appearance order."""
    return list(dict.fromkeys(extract_ids(text, citations)))


_SPACE_BEFORE_PUNCT = re.compile(r"[ \t]+([.,;:!?\u3002\uff0e\uff01\uff1f\u0964)])")
_DOUBLE_SPACE = re.compile(r"[ \t]{2,}")


def strip_markers(text: str, citations: str | re.Pattern[str] | CitationStyle = "auto") -> str:
    """``text`` without citation markers, for display: no stray double space or space
    before punctuation is left behind."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    style = get_style(citations) if citations != "auto" else detect_style(text)
    if style is None:
        return text
    pieces: list[str] = []
    last = 0
    for marker in outside_code(style.find(text), code_spans(text)):
        pieces.append(text[last : marker.span.start])
        last = marker.span.end
    pieces.append(text[last:])
    stripped = "".join(pieces)
    stripped = _SPACE_BEFORE_PUNCT.sub(r"\1", stripped)
    return "\n".join(_DOUBLE_SPACE.sub(" ", line).rstrip() for line in stripped.split("\n"))

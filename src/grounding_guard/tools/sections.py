"""Structured documents as evidence: split by headings into sections, and Groundedness
Engine's four ordered checks read from a report.

:func:`split_sections` turns legislation, a standard or a manual into ``id -> text``, one
evidence chunk per section, ids normalised as the ``section`` citation style normalises
what an answer cites, so ``(§ 302)``, ``Sec. 302`` and ``SEC. 302.`` all resolve to the
section headed ``SEC. 302.``. Pass the retrieved sections as evidence and every section id
as the ``catalog``: a citation of a section the model was not given is ``not_retrieved``.

:func:`groundedness` reads a :class:`~grounding_guard.types.Report` as Groundedness
Engine does: per claim unit, citation present, section exists, section retrieved, quote
matched, in that order, the first failure deciding the verdict; the score is the share of
claim units verified.

Heading forms read (at the start of a line, after optional markdown ``#`` marks, ``>``
and ``*``/``_`` emphasis):

============================  ================  ===========================================
heading                       id                note
============================  ================  ===========================================
``§ 302``, ``§§ 302``         ``302``           ``§302(a)`` keeps its subsection: ``302(a)``
``SEC. 302.``, ``Sec. 302``   ``302``
``Section 302``               ``302``           also ``SECTION 302``
``5.3.5.3 Title``             ``5.3.5.3``       a clause number with at least one dot
``TITLE II``                  ``title ii``      Roman or Arabic numerals
``Article 5``, ``Art. 5``     ``article 5``
``CHAPTER 3``, ``PART 2``     ``chapter 3``     ``part 2``
``## Definitions``            ``definitions``   a markdown heading naming none of the above
============================  ================  ===========================================

A heading must look like one: its number is followed by the end of the line, a stop,
colon or dash, or a word in capitals ("Section 302 of the Act provides ..." is prose, not
a heading); a single-dot clause number needs a capitalised word after it ("2.5 million
people" is prose). Numbered list items ("1. Buy milk") are not headings. The split is
flat: a section runs from its heading to the next heading of any kind, heading line
included; text before the first heading belongs to no section. A heading repeated (a
table of contents, then the body) adds its texts together under one id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from grounding_guard.citations import CitationStyle, get_style
from grounding_guard.errors import ConfigError
from grounding_guard.types import Reason, Report, Span, Status

__all__ = [
    "CHECKS",
    "VERDICTS",
    "ClaimChecks",
    "GroundednessReport",
    "Section",
    "find_sections",
    "groundedness",
    "split_sections",
]

_ID = r"\d{1,6}[A-Za-z]?(?:[.\-]\d{1,6}[A-Za-z]?){0,8}(?:\([A-Za-z0-9]{1,4}\)){0,4}"
_ROMAN = r"[IVXLCDM]{1,8}|[ivxlcdm]{1,8}"
_LEAD = r"^[ \t]{0,3}(?:>[ \t]?)?(?P<hashes>#{1,6}[ \t]+)?(?:[*_]{1,3})?[ \t]*"
_HEADING_END = r"(?=[ \t]*(?:[*_]{1,3})?[ \t]*$|[ \t]*[.:\u2014\u2013\-]|[ \t]+[A-Z(\[\"\u201c])"

_HEADINGS = re.compile(
    _LEAD
    + r"(?:"
    + r"(?:\u00a7\u00a7?[ \t\u00a0]?)(?P<para>"
    + _ID
    + r")"
    + r"|(?:SEC|Sec)\.[ \t\u00a0]?(?P<sec>"
    + _ID
    + r")"
    + r"|(?:SECTION|Section)[ \t\u00a0]+(?P<section>"
    + _ID
    + r")"
    + r"|(?P<kind>TITLE|Title|ARTICLE|Article|Art\.|CHAPTER|Chapter|PART|Part)[ \t\u00a0]+"
    + r"(?P<number>"
    + _ROMAN
    + r"|\d{1,4}[A-Za-z]?)"
    + r"|(?P<clause>\d{1,3}(?:\.\d{1,3}){2,8})\.?(?=[ \t]+\S|[ \t]*$)"
    + r"|(?P<short>\d{1,3}\.\d{1,3})\.?(?=[ \t]+[A-Z(])"
    + r")"
    + r"(?P<rest>.*)$",
    re.MULTILINE,
)
_SECTION_NUMBER_END = re.compile(_HEADING_END, re.MULTILINE)
_MARKDOWN = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(?P<title>.+?)[ \t#]*$", re.MULTILINE)
_NUMBERED_TITLE = re.compile(r"(\d{1,3}(?:\.\d{1,3}){0,8})\.?(?:[ \t]|$)")
_KINDS = {"art.": "article"}
_NO_CITATION = frozenset(
    {"no_citation", "empty_citation", "placeholder", "attributed", "no_support"}
)


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a document: its id (normalised), its heading line and the span of
    its text (heading included) in the document."""

    id: str
    heading: str
    span: Span


def _normaliser(id_style: str | CitationStyle) -> Callable[[str], str]:
    style = get_style(id_style)
    if style is None:
        raise ConfigError("id_style must name a citation style, not 'auto' or 'none'")
    return style.normalize


def _heading_id(match: re.Match[str]) -> str | None:
    """The raw id of a heading match, or ``None`` when it is prose after all."""
    for group in ("para", "sec", "section"):
        raw = match.group(group)
        if raw is not None:
            if not _SECTION_NUMBER_END.match(match.string, match.end(group)):
                return None
            return raw
    kind = match.group("kind")
    if kind is not None:
        if not _SECTION_NUMBER_END.match(match.string, match.end("number")):
            return None
        word = _KINDS.get(kind.casefold(), kind.casefold())
        return f"{word} {match.group('number')}"
    return match.group("clause") or match.group("short")


def _markdown_id(title: str) -> str:
    inner = _HEADINGS.match(title)
    if inner is not None:
        raw = _heading_id(inner)
        if raw is not None:
            return raw
    numbered = _NUMBERED_TITLE.match(title)
    if numbered is not None:
        return numbered.group(1)
    return " ".join(title.strip("*_ \t").split()).rstrip(".:")


def find_sections(document: str, *, id_style: str | CitationStyle = "section") -> list[Section]:
    """The sections of ``document`` in order (see the module docstring for the forms)."""
    if not isinstance(document, str):
        raise TypeError(f"document must be str, got {type(document).__name__}")
    normalize = _normaliser(id_style)
    heads: list[tuple[int, str, str]] = []  # (line start, raw id, heading line)
    taken: set[int] = set()
    for match in _HEADINGS.finditer(document):
        raw = _heading_id(match)
        if raw is None:
            continue
        line = match.group().strip()
        heads.append((match.start(), raw, line))
        taken.add(match.start())
    for match in _MARKDOWN.finditer(document):
        if match.start() in taken:
            continue
        raw = _markdown_id(match.group("title"))
        if raw:
            heads.append((match.start(), raw, match.group().strip()))
    heads.sort()
    sections: list[Section] = []
    for number, (start, raw, line) in enumerate(heads):
        end = heads[number + 1][0] if number + 1 < len(heads) else len(document)
        text = document[start:end]
        begin = start + (len(text) - len(text.lstrip()))
        finish = start + len(text.rstrip())
        ident = normalize(raw)
        if ident and finish > begin:
            sections.append(Section(ident, line, Span(begin, finish)))
    return sections


def split_sections(document: str, *, id_style: str | CitationStyle = "section") -> dict[str, str]:
    """``document`` split by its headings into ``id -> text`` (in document order).

    Ids are normalised by ``id_style``'s citation normaliser (``section`` by default:
    ``"SEC. 302."`` gives ``"302"``, ``"TITLE II"`` gives ``"title ii"``), so the mapping
    can be passed straight to :func:`grounding_guard.check` as evidence (or as the
    ``catalog`` of every section id). A repeated heading's texts are joined with a blank
    line.
    """
    out: dict[str, str] = {}
    for section in find_sections(document, id_style=id_style):
        text = section.span.of(document)
        out[section.id] = f"{out[section.id]}\n\n{text}" if section.id in out else text
    return out


# ---- Groundedness Engine's checks ------------------------------------------------------

#: The four checks, in the order they run.
CHECKS: tuple[str, ...] = (
    "citation_present",
    "section_exists",
    "section_retrieved",
    "quote_matched",
)
#: The verdict each failing check gives, then the verdict when all pass.
VERDICTS: tuple[str, ...] = (
    "claim_unsupported",
    "section_not_found",
    "section_not_retrieved",
    "quote_mismatch",
    "verified",
)
_FAILING_CODES: tuple[frozenset[str], ...] = (
    frozenset(),  # citation_present is read from the unit's cited ids
    frozenset({"unknown_citation"}),
    frozenset({"not_retrieved"}),
    frozenset({"quote_mismatch", "quote_drops_negation"}),
)


@dataclass(frozen=True, slots=True)
class ClaimChecks:
    """Groundedness Engine's view of one claim unit.

    ``checks`` maps each of :data:`CHECKS` to ``True``/``False``, or ``None`` for a check
    that did not run because an earlier one failed. ``reasons`` are the unit's reasons
    that failed the deciding check; ``status`` is grounding-guard's own verdict of the
    unit, which also weighs support, values and negation (structural checks alone do
    not: a verified claim can still be ``invalid`` or ``contradicted``).
    """

    index: int
    text: str
    span: Span
    cited: tuple[str, ...]
    checks: dict[str, bool | None]
    verdict: str
    status: Status
    reasons: tuple[Reason, ...]

    @property
    def verified(self) -> bool:
        """True when all four checks pass."""
        return self.verdict == "verified"


@dataclass(frozen=True, slots=True)
class GroundednessReport:
    """Per-claim checks and the groundedness score (share of claim units verified;
    1.0 when there is no claim)."""

    claims: tuple[ClaimChecks, ...]

    @property
    def verified(self) -> int:
        """How many claim units passed all four checks."""
        return sum(1 for claim in self.claims if claim.verified)

    @property
    def score(self) -> float:
        """Share of claim units verified (1.0 for an answer with no claim)."""
        return self.verified / len(self.claims) if self.claims else 1.0

    @property
    def verdicts(self) -> dict[str, int]:
        """How many claim units got each verdict (every verdict present)."""
        counts = dict.fromkeys(VERDICTS, 0)
        for claim in self.claims:
            counts[claim.verdict] += 1
        return counts

    def summary(self) -> str:
        """The report as Groundedness Engine prints it: a block per claim, then the
        score."""
        labels = {
            "citation_present": "Citation Present",
            "section_exists": "Section Exists",
            "section_retrieved": "Section Retrieved",
            "quote_matched": "Quote Matched",
        }
        lines: list[str] = []
        for claim in self.claims:
            lines.append(f"Claim: {' '.join(claim.text.split())!r}")
            for name in CHECKS:
                passed = claim.checks[name]
                mark = "\u2713" if passed else ("\u2717" if passed is False else "-")
                lines.append(f"  {mark} {labels[name]}")
            lines.append(f"  \u2192 {claim.verdict}")
            lines.append("")
        total = len(self.claims)
        lines.append(
            f"Groundedness Score: {round(self.score * 100)}% "
            f"({self.verified}/{total} claims verified)"
        )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the score, the counts and each claim's checks."""
        return {
            "score": self.score,
            "verified": self.verified,
            "total": len(self.claims),
            "verdicts": self.verdicts,
            "claims": [
                {
                    "index": c.index,
                    "text": c.text,
                    "span": {"start": c.span.start, "end": c.span.end},
                    "cited": list(c.cited),
                    "checks": dict(c.checks),
                    "verdict": c.verdict,
                    "status": c.status.value,
                    "reasons": [r.code for r in c.reasons],
                }
                for c in self.claims
            ],
        }


def groundedness(report: Report) -> GroundednessReport:
    """Groundedness Engine's four ordered checks for each claim unit of ``report``.

    Read from the units alone: *citation present* when the unit cites an id (a
    placeholder, an empty marker or an attribution is no citation); *section exists*
    without ``unknown_citation``; *section retrieved* without ``not_retrieved``; *quote
    matched* without ``quote_mismatch`` or ``quote_drops_negation``. The first failing
    check gives the verdict (``claim_unsupported``, ``section_not_found``,
    ``section_not_retrieved``, ``quote_mismatch``), else ``verified``. Support, figures
    and negation are grounding-guard's business, kept in each claim's ``status``.
    """
    if not isinstance(report, Report):
        raise TypeError(f"report must be a Report, got {type(report).__name__}")
    claims: list[ClaimChecks] = []
    for unit in report.claims:
        checks: dict[str, bool | None] = dict.fromkeys(CHECKS)
        verdict = VERDICTS[-1]
        failing: tuple[Reason, ...] = ()
        for number, name in enumerate(CHECKS):
            if number == 0:
                passed = bool(unit.cited)
                if not passed:
                    failing = tuple(r for r in unit.reasons if r.code in _NO_CITATION)
            else:
                failing = tuple(r for r in unit.reasons if r.code in _FAILING_CODES[number])
                passed = not failing
            checks[name] = passed
            if not passed:
                verdict = VERDICTS[number]
                break
        claims.append(
            ClaimChecks(
                unit.index,
                unit.text,
                unit.span,
                unit.cited,
                checks,
                verdict,
                unit.status,
                failing,
            )
        )
    return GroundednessReport(tuple(claims))

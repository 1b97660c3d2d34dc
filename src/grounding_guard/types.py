"""Frozen value types that flow through the pipeline: spans, reasons, units and the report.

Everything here is immutable and holds plain data, so a report can be shared between
threads, compared in tests and serialised without surprises.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from grounding_guard._slots import quick_init

__all__ = [
    "FAILING_BY_DEFAULT",
    "Evidence",
    "Judgement",
    "Kind",
    "Marker",
    "Reason",
    "Report",
    "Span",
    "Status",
    "Support",
    "Unit",
]


class Status(str, Enum):
    """The verdict of one unit, listed from highest precedence to lowest."""

    CONTRADICTED = "contradicted"
    INVALID = "invalid"
    PLACEHOLDER = "placeholder"
    GROUNDED = "grounded"
    UNGROUNDED = "ungrounded"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return self.value


#: Statuses that make an answer fail unless ``fail_on`` says otherwise.
FAILING_BY_DEFAULT: frozenset[Status] = frozenset(
    {Status.CONTRADICTED, Status.INVALID, Status.UNGROUNDED}
)


class Kind(str, Enum):
    """What a unit is, as the segmenter saw it; only ``claim`` units are judged."""

    CLAIM = "claim"
    HEADING = "heading"
    CODE = "code"
    TABLE = "table"
    RULE = "rule"
    NON_CLAIM = "non_claim"

    def __str__(self) -> str:
        return self.value


@quick_init
@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A half-open range ``[start, end)`` of Python string indices."""

    start: int
    end: int

    def of(self, text: str) -> str:
        """The characters this span covers in ``text``."""
        return text[self.start : self.end]

    def shift(self, offset: int) -> Span:
        """The same span moved right by ``offset`` characters."""
        return Span(self.start + offset, self.end + offset)

    def __len__(self) -> int:
        return self.end - self.start


@quick_init
@dataclass(frozen=True, slots=True)
class Marker:
    """A citation marker found in the answer: where it is and the ids it names."""

    span: Span
    ids: tuple[str, ...]
    raw: str


@quick_init
@dataclass(frozen=True, slots=True)
class Reason:
    """One machine-readable explanation of a verdict, with where it was seen.

    ``span`` points into the answer; ``evidence_span`` into the text of ``evidence_id``.
    """

    code: str
    message: str
    span: Span | None = None
    evidence_id: str | None = None
    evidence_span: Span | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Support:
    """The evidence a unit rests on: which chunk, which characters of it, how strongly."""

    evidence_id: str
    span: Span
    score: float


@quick_init
@dataclass(frozen=True, slots=True)
class Evidence:
    """One retrieved chunk: the id the model may cite, its text and free metadata."""

    id: str
    text: str
    metadata: Mapping[str, Any] = field(default_factory=dict)


@quick_init
@dataclass(frozen=True, slots=True)
class Judgement:
    """What one judge says about one claim against one piece of evidence.

    ``verdict`` is ``supported``, ``unsupported``, ``contradicted`` or ``undecided``;
    ``score`` is the judge's confidence in support (0..1) when it has one;
    ``evidence_id``/``evidence_span`` locate the passage it rests on.
    """

    verdict: str
    score: float | None = None
    reasons: tuple[Reason, ...] = ()
    evidence_id: str | None = None
    evidence_span: Span | None = None
    judge: str = ""

    VERDICTS: ClassVar[frozenset[str]] = frozenset(
        {"supported", "unsupported", "contradicted", "undecided"}
    )

    def __post_init__(self) -> None:
        if self.verdict not in self.VERDICTS:
            from grounding_guard.errors import JudgeError

            raise JudgeError(
                f"Judgement.verdict must be one of {sorted(self.VERDICTS)}, got {self.verdict!r}"
            )
        if self.score is not None and not (0.0 <= self.score <= 1.0):
            from grounding_guard.errors import JudgeError

            raise JudgeError(f"Judgement.score must lie in [0, 1], got {self.score!r}")


@quick_init
@dataclass(frozen=True, slots=True)
class Unit:
    """One claim unit of the answer with its verdict and everything that explains it."""

    index: int
    text: str
    span: Span
    kind: Kind
    status: Status
    cited: tuple[str, ...] = ()
    valid: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = ()
    support: tuple[Support, ...] = ()
    markers: tuple[Marker, ...] = ()

    @property
    def codes(self) -> tuple[str, ...]:
        """The reason codes of this unit, in order."""
        return tuple(reason.code for reason in self.reasons)


@dataclass(frozen=True)
class Report:
    """The outcome of checking one answer: per-unit verdicts, the action taken, the totals.

    ``text`` is the answer after the action (unchanged in ``flag`` mode, without the
    failing units in ``filter`` mode, the refusal when ``blocked``).
    """

    answer: str
    units: tuple[Unit, ...]
    text: str
    mode: str
    blocked: bool
    fail_on: frozenset[Status]
    min_coverage: float
    citation_style: str
    evidence: tuple[Evidence, ...]
    attribution: bool = False

    @property
    def evidence_ids(self) -> tuple[str, ...]:
        """The ids of the evidence map, in the order given."""
        return tuple(e.id for e in self.evidence)

    # ---- derived totals -------------------------------------------------------------
    @property
    def counts(self) -> dict[str, int]:
        """How many units got each status (every status is present, zeros included)."""
        counts = {status.value: 0 for status in Status}
        for unit in self.units:
            counts[unit.status.value] += 1
        return counts

    @property
    def claims(self) -> tuple[Unit, ...]:
        """The units that assert something (everything that was not skipped)."""
        return tuple(u for u in self.units if u.status is not Status.SKIPPED)

    @property
    def coverage(self) -> float:
        """Share of claim units that are grounded; 1.0 when there is no claim at all."""
        claims = self.claims
        if not claims:
            return 1.0
        return sum(1 for u in claims if u.status is Status.GROUNDED) / len(claims)

    @property
    def failing(self) -> tuple[Unit, ...]:
        """The units whose status is in ``fail_on``."""
        return tuple(u for u in self.units if u.status in self.fail_on)

    @property
    def checkable(self) -> bool:
        """True when at least one unit asserted something the checker could judge."""
        return bool(self.claims)

    @property
    def coverage_ok(self) -> bool:
        """True when the grounded share reaches ``min_coverage``."""
        return self.coverage + 1e-12 >= self.min_coverage

    @property
    def is_clean(self) -> bool:
        """True iff no unit fails and coverage is met: the export gate.

        Like grounding-kit's ``isClean`` this is structural: an answer with no claim, or
        only placeholders, is clean; look at ``checkable`` and ``counts`` too.
        """
        return not self.failing and self.coverage_ok

    @property
    def cited_ids(self) -> tuple[str, ...]:
        """Distinct ids cited anywhere, in first-appearance order (forged ones included)."""
        return _distinct(i for u in self.units for i in u.cited)

    @property
    def resolved_ids(self) -> tuple[str, ...]:
        """Cited ids that name a chunk of the evidence map."""
        known = set(self.evidence_ids)
        return tuple(i for i in self.cited_ids if i in known)

    @property
    def unresolved_ids(self) -> tuple[str, ...]:
        """Cited ids that name no chunk the model was given (unknown or not retrieved)."""
        known = set(self.evidence_ids)
        return tuple(i for i in self.cited_ids if i not in known)

    @property
    def valid_ids(self) -> tuple[str, ...]:
        """Distinct ids that validly support at least one unit."""
        return _distinct(i for u in self.units for i in u.valid)

    @property
    def irrelevant_ids(self) -> tuple[str, ...]:
        """Ids reported ``irrelevant_citation`` on at least one unit."""
        return _distinct(
            r.evidence_id
            for u in self.units
            for r in u.reasons
            if r.code == "irrelevant_citation" and r.evidence_id is not None
        )

    # ---- renderings -------------------------------------------------------------------
    def summary_line(self) -> str:
        """One line: verdict counts, coverage and the action taken."""
        from grounding_guard.report.render import summary_line

        return summary_line(self)

    def summary(self) -> str:
        """A short plain-text report: the totals, then one line per unit."""
        from grounding_guard.report.render import summary

        return summary(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict following ``grounding_guard/schema/report.schema.json``."""
        from grounding_guard.report.render import to_dict

        return to_dict(self)

    def to_json(self, *, indent: int | None = 2) -> str:
        """``to_dict()`` as a JSON string."""
        import json

        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def to_html(self) -> str:
        """A standalone HTML page: each unit coloured by status, reasons on hover."""
        from grounding_guard.report.render import to_html

        return to_html(self)

    def _repr_html_(self) -> str:
        from grounding_guard.report.render import to_html_fragment

        return to_html_fragment(self)


def _distinct(items: Any) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return tuple(seen)

"""Split an answer into claim units with offsets into the original text.

CONTRACT (filled in by the segmentation work; keep these names and fields):

    segment(text, markers=(), placeholders=(), *, abbreviations=DEFAULT_ABBREVIATIONS,
            non_claim=is_non_claim) -> list[Segment]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grounding_guard.model import Kind, Marker, Span

__all__ = ["DEFAULT_ABBREVIATIONS", "Abbreviations", "Segment", "segment"]


@dataclass(frozen=True)
class Abbreviations:
    """Words whose trailing period does not end a sentence.

    ``always_fuse``: never ends a sentence ("dr", "mr"); ``context_fuse``: ends a sentence
    unless the next word starts lower-case or with a digit ("etc", "no", "vol").
    Entries are lower-case and without the period.
    """

    always_fuse: frozenset[str]
    context_fuse: frozenset[str]


DEFAULT_ABBREVIATIONS = Abbreviations(frozenset({"dr", "mr", "mrs", "ms"}), frozenset({"etc"}))


@dataclass(frozen=True, slots=True)
class Segment:
    """One unit as the segmenter cut it.

    ``span`` covers the unit's text (trimmed, without list bullet or blockquote prefix,
    markers that bind to it included); ``separator`` is the clause separator (``;``, em
    dash, cited colon) that ended it and that belongs to no unit.
    """

    span: Span
    kind: Kind
    markers: tuple[Marker, ...] = ()
    placeholders: tuple[Span, ...] = ()
    separator: Span | None = None


def segment(
    text: str,
    markers: Sequence[Marker] = (),
    placeholders: Sequence[Span] = (),
    *,
    abbreviations: Abbreviations = DEFAULT_ABBREVIATIONS,
    non_claim: Callable[[str], bool] | None = None,
) -> list[Segment]:
    """Placeholder implementation: one unit per non-blank line (to be replaced)."""
    out: list[Segment] = []
    pos = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped:
            start = pos + line.index(stripped)
            span = Span(start, start + len(stripped))
            ms = tuple(m for m in markers if span.start <= m.span.start < span.end)
            ps = tuple(p for p in placeholders if span.start <= p.start < span.end)
            out.append(Segment(span, Kind.CLAIM, ms, ps))
        pos += len(line) + 1
    return out

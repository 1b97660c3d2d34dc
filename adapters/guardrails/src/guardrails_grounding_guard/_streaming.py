"""The state of one Guardrails stream, and the core's streaming read at one point of it.

Guardrails hands a streaming validator one LLM chunk at a time, keeps what its chunking
function did not cut off, and validates each piece it cuts on its own. A claim's verdict
depends on the whole answer around it (which citation style it uses, whether it carries
any marker at all), so a :class:`StreamSession` keeps the text the stream has sent and
asks :meth:`grounding_guard.Guard.stream` which units that text has settled: their
verdicts are those ``check()`` gives the whole answer, and the text released so far is
the core's filtered answer. Nothing here segments or judges.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from grounding_guard import Guard, Report, Unit

__all__ = ["ACTIVE_SESSION", "CoreRead", "Piece", "StreamSession", "read_core"]


@dataclass(frozen=True)
class CoreRead:
    """What the core says about a text: the units it has settled (all of them at the end),
    the filtered text it has released, and, at the end, the report."""

    units: tuple[Unit, ...]
    released: str
    report: Report | None


class _OneChunk:
    """An iterator giving ``text`` once, that notes when the stream asks for more: every
    event the stream yields before that comes from ``text`` alone, not from its end."""

    def __init__(self, text: str) -> None:
        self._text: str | None = text
        self.asked_for_more = False

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self._text is None:
            self.asked_for_more = True
            raise StopIteration
        text, self._text = self._text, None
        return text


def read_core(guard: Guard, text: str, evidence: Any, *, end: bool) -> CoreRead:
    """Run ``guard.stream`` (a filter-mode guard) over ``text`` as one chunk.

    With ``end=False`` only what the text settles is read (what a stream that stopped
    here and may go on would have emitted); with ``end=True`` the stream is finished.
    """
    feed = _OneChunk(text)
    units: list[Unit] = []
    released: list[str] = []
    report: Report | None = None
    events = guard.stream(feed, evidence)
    try:
        for event in events:
            if feed.asked_for_more and not end:
                break
            if event.unit is not None:
                units.append(event.unit)
            released.append(event.text)
            if event.report is not None:
                report = event.report
    finally:
        close = getattr(events, "close", None)
        if close is not None:
            close()
    return CoreRead(tuple(units), "".join(released), report)


@dataclass(frozen=True)
class Piece:
    """The next piece of a stream to validate: ``text[start:end]`` of the stream, the
    units it holds, what the filtered answer gains with it, and (at the end) the report."""

    start: int
    end: int
    text: str
    units: tuple[Unit, ...]
    output: str
    released: str
    report: Report | None = None


@dataclass
class StreamSession:
    """One stream's text so far, how much of it was cut into validated pieces, and what
    the filtered answer has released."""

    text: str = ""
    emitted: int = 0
    released: str = ""
    newest: str = ""
    evidence: Any = None
    evidence_given: Any = None
    flushing: bool = False
    pending: Piece | None = None
    _settled_for: int = field(default=-1, repr=False)

    def resync(self, accumulated: str) -> None:
        """Start over from what Guardrails holds when the two disagree (a stream that was
        abandoned half way left text behind): ``accumulated`` is then all there is."""
        self.newest = self.newest if accumulated.endswith(self.newest) else ""
        self.text, self.emitted, self.released = accumulated, 0, ""
        self.pending, self._settled_for = None, -1

    def next_piece(self, guard: Guard) -> Piece | None:
        """The settled units not yet validated, as a piece, or ``None``.

        Guardrails 0.11 validates what is left of a stream of plain strings only when the
        last chunk cut nothing, so a cut must never come with a chunk that may end the
        answer. A piece is cut only when the newest chunk ends inside a sentence (its last
        character a letter or a digit: more is on its way) and holds what the text
        *before* that chunk settled. A chunk ending with a stop, a marker or a line break
        (an answer's usual last chunk, or a whole answer in one chunk) never cuts.
        """
        if not _ends_inside_a_sentence(self.newest):
            return None
        return self.piece_settled_by(guard, len(self.text) - len(self.newest))

    def piece_settled_by(self, guard: Guard, known: int) -> Piece | None:
        """The units that ``text[:known]`` settles and that were not validated yet."""
        if known <= self._settled_for:
            return None
        self._settled_for = known
        read = read_core(guard, self.text[:known], self.evidence, end=False)
        units = tuple(unit for unit in read.units if unit.span.start >= self.emitted)
        if not units:
            return None
        end = units[-1].span.end
        released = read.released if read.released.startswith(self.released) else self.released
        return Piece(
            start=self.emitted,
            end=end,
            text=self.text[self.emitted : end],
            units=units,
            output=released[len(self.released) :],
            released=released,
        )

    def last_piece(self, guard: Guard) -> Piece:
        """Everything not validated yet, read with the stream finished."""
        read = read_core(guard, self.text, self.evidence, end=True)
        units = tuple(unit for unit in read.units if unit.span.start >= self.emitted)
        if read.released.startswith(self.released):
            output = read.released[len(self.released) :]
        else:  # the finished answer is no longer an extension of what went out (a refusal)
            output = read.report.text if read.report is not None else ""
        return Piece(
            start=self.emitted,
            end=len(self.text),
            text=self.text[self.emitted :],
            units=units,
            output=output,
            released=read.released,
            report=read.report,
        )

    def commit(self, piece: Piece) -> None:
        """``piece`` was validated: the next one starts after it."""
        self.emitted, self.released, self.pending = piece.end, piece.released, None


#: The session of the ``validate_stream`` call running in this thread, if any: how
#: ``_chunking_function`` and ``_validate`` (called by Guardrails inside it) find it.
ACTIVE_SESSION: ContextVar[StreamSession | None] = ContextVar(
    "grounding_guard_active_stream", default=None
)


def _ends_inside_a_sentence(chunk: str) -> bool:
    """True when ``chunk``'s last character, spaces aside, is a letter or a digit."""
    tail = chunk.rstrip(" \t")
    return bool(tail) and tail[-1].isalnum()

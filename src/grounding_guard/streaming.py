"""Streaming guard: check an answer while it arrives, chunk by chunk.

``Guard.stream`` / ``Guard.astream`` keep a buffer of the text read so far. After each
chunk the open part of the buffer is segmented exactly as ``check()`` would segment it, and
a unit becomes *final* once nothing that can still arrive may change it:

- the unit after it exists and starts before the *hold point*, the first place where a
  citation marker or placeholder may still be growing (a marker after a unit binds
  backward to it, so a unit waits for its markers). A bracketed preset marker is settled
  once its bracket closes and more text follows, a keyword one (``Section 3``, ``TS
  38.331``) once the word is no keyword or more text follows than it can be long, any
  preset one by a line break; custom patterns wait for a 256-character window;
- the unit before that next unit ended at a stop or a block, not at a clause separator
  (a bracket closed later could still shield the separator);
- when the next unit starts its line, that line is complete (a heading, fence, rule or
  bullet is only known once the line is), and when a ``|`` appears in the lines involved
  the line after is complete too (a delimiter row turns the line above it into a table);
  when it starts mid-line, after a sentence gap, the line is prose, which no later pipe
  or delimiter row turns into a table (see ``text.markdown.is_prose``), so one sentence
  settles the one before it at once.

So a paragraph is released sentence by sentence. At the end of the stream every remaining
unit is final. Final units are judged with the engine's own per-unit judging, so their
spans, statuses and reasons equal those of ``check()`` on the whole text, whatever the
chunking.

``citations="auto"`` and ``attribute_uncited=None`` depend on the whole answer: one marker
anywhere turns attribution off for every unit. With ``attribute_uncited=None`` nothing is
judged until a marker has appeared in the text read so far (the style is then the one
``detect_style`` gives on that text and attribution is off) or the stream ends, so an
answer without markers is released at its end; set ``attribute_uncited`` to release it
sentence by sentence (``auto`` then judges unmarked units before it knows the style).
Known difference: when an answer mixes several marker styles, ``auto`` on the whole text
could rank another style first than it did on the text read when the first marker came.

Cost: segmentation restarts at the last paragraph break after the final units (state
resets at a blank line), so the work per chunk is bounded by the open paragraph, not by
the answer; the buffer itself keeps the whole answer, since the final report holds it.
In filter mode, text is released only where the answer verbatim and its filtered form
agree until a unit fails (leading blank lines, for one, wait).
"""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import AsyncIterable, AsyncIterator, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grounding_guard.actions import BULLET_ONLY, filter_text
from grounding_guard.citations import (
    AUTO_ORDER,
    PRESETS,
    CitationStyle,
    detect_style,
    get_style,
    pattern_widths,
)
from grounding_guard.evidence import EvidenceMap
from grounding_guard.pipeline.drive import ajudge, read_judgement
from grounding_guard.pipeline.engine import (
    Checked,
    JudgeRequest,
    drop_covered_markers,
    judge_segment,
)
from grounding_guard.telemetry import record_stream
from grounding_guard.text.markdown import is_prose
from grounding_guard.text.segment import Segment, segment
from grounding_guard.types import Judgement, Marker, Report, Span, Unit

if TYPE_CHECKING:
    from grounding_guard.guard import Guard

__all__ = ["StreamEvent", "astream", "stream"]

_WINDOW = 256  # how far back a marker or placeholder may still be growing

#: The characters each preset's markers can start with (case-insensitive ones both ways).
_FIRST_CHARS: dict[str, frozenset[str]] = {
    "numeric": frozenset("["),
    "cite": frozenset("["),
    "source": frozenset("[("),
    "bracket_id": frozenset("["),
    "section": frozenset("(\u00a7Ss"),
    "threegpp": frozenset("Tt"),
}
_PLACEHOLDER_FIRST = frozenset("[{")
#: Set between text already handed out and a refusal that ends the stream.
_REFUSAL_BREAK = "\n\n"
_CLOSING = {"[": "]", "(": ")", "{": "}"}
_WIDTHS: dict[Any, int] = {}


def _max_width(pattern: Any) -> int:
    """The longest text ``pattern`` can match (the window when unbounded or unknown)."""
    width = _WIDTHS.get(pattern)
    if width is None:
        widths = pattern_widths(pattern)
        width = _WINDOW if widths is None else min(widths[1], _WINDOW)
        _WIDTHS[pattern] = width
    return width


#: The words a preset marker may open with (section and 3GPP styles), lower-cased.
_KEYWORDS = ("sec", "section", "sections", "ts")
_LETTERS_RE = re.compile(r"[A-Za-z]+")


def _not_a_keyword(buf: str, pos: int) -> bool:
    """Whether no preset marker can open with the letter at ``pos``: it does not start a
    word, or the word there (complete, or as far as it has arrived) is no marker keyword
    (nor the start of one)."""
    if pos > 0 and (buf[pos - 1].isalnum() or buf[pos - 1] == "_"):
        return True
    run = _LETTERS_RE.match(buf, pos)
    word = run.group().lower() if run else ""
    if run is not None and run.end() == len(buf):
        return not any(key.startswith(word) for key in _KEYWORDS)
    return word not in _KEYWORDS


def _closed_before_end(buf: str, pos: int, opener: str) -> bool:
    """Whether the bracket opened at ``pos`` is closed (nesting counted) and more text
    follows the closer: a bracketed preset marker ends at that closer, so none can start
    at ``pos`` any more."""
    closer = _CLOSING[opener]
    depth = 0
    index = pos
    n = len(buf)
    while index < n:
        char = buf[index]
        if char == opener:
            depth += 1
        elif char == closer:
            depth -= 1
            if depth == 0:
                return index + 1 < n
        index += 1
        found_open = buf.find(opener, index)
        found_close = buf.find(closer, index)
        if found_close == -1:
            return False
        index = found_close if found_open == -1 else min(found_open, found_close)
    return False


@dataclass(frozen=True)
class StreamEvent:
    """What the stream hands out: text to show now, a unit that just became final (with
    its verdict), and on the last event the report of everything read."""

    text: str
    unit: Unit | None = None
    report: Report | None = None
    blocked: bool = False


class _NeedEvidence:
    pass


_EVIDENCE = _NeedEvidence()
_Action = Any  # StreamEvent | _NeedEvidence | JudgeRequest


class _Core:
    """The chunking-independent state machine shared by the sync and async drivers.

    ``step`` is a generator: it yields :class:`StreamEvent` to hand out, ``_EVIDENCE``
    (send back the evidence map) or a judge request (send back a :class:`Judgement`).
    """

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
        self.started = time.time_ns()  # the start of the stream's telemetry span
        self.options = guard.engine_options
        self.mode = guard.mode
        self.buf = ""
        self.emap: EvidenceMap | None = None
        self.resolved = False
        self.style: CitationStyle | None = None
        self.attribution = False
        self.segs: list[Segment] = []
        self.units: list[Unit] = []
        self.cache: dict[tuple[str, tuple[str, ...]], Judgement] = {}
        self.table: dict[str, Any] = {}
        self.catalog: frozenset[str] = frozenset()
        self.released = ""  # filter: the text handed out so far
        self.released_to = 0  # block: how far into the buffer text was handed out
        self.done = False
        self.base = 0  # where segmentation restarts (a paragraph start after final units)
        self.base_units = 0  # how many final units lie before ``base``
        self.restartable = False
        citations = self.options.citations
        explicit = self.options.attribute_uncited
        # ``auto`` with attribution set: units that carry no marker can be judged before
        # the style is known (no style finds a marker in the settled text so far)
        self.early = citations == "auto" and explicit is not None
        if explicit is not None:
            self.attribution = explicit
        if citations != "auto":
            self.style = get_style(citations)
            if explicit is not None:
                self._fix(self.style, explicit)

    # ---- resolution ------------------------------------------------------------------
    def _fix(self, style: CitationStyle | None, attribution: bool) -> None:
        from grounding_guard.citations import DEFAULT_PLACEHOLDER_PATTERN

        self.style, self.attribution, self.resolved = style, attribution, True
        self.restartable = (style is None or _is_preset(style)) and (
            self.options.placeholder is DEFAULT_PLACEHOLDER_PATTERN
        )

    def _markers(self, text: str, style: CitationStyle | None) -> tuple[list[Marker], list[Span]]:
        markers = style.find(text) if style else []
        placeholders = [
            Span(*m.span()) for m in self.options.placeholder.finditer(text) if m.end() > m.start()
        ]
        if placeholders and markers:
            markers = drop_covered_markers(markers, placeholders)
        return markers, placeholders

    def _evidence(self) -> Generator[_Action, Any, EvidenceMap]:
        if self.emap is None:
            self.emap = yield _EVIDENCE
        return self.emap

    def _resolve(self, end: bool) -> Generator[_Action, Any, None]:
        if self.resolved:
            return
        auto = self.options.citations == "auto"
        stable = self.buf
        if not end:
            if auto:
                styles = [PRESETS[name] for name in AUTO_ORDER]
                stable = self.buf[: self._hold(styles)]
                if not any(style.find(stable) for style in styles):
                    return
            elif self.style is None or not self._markers(self.buf, self.style)[0]:
                return
        style = self.style
        if auto:
            emap = yield from self._evidence()
            style = detect_style(self.buf if end else stable, emap.ids)
        markers, _ = self._markers(self.buf, style)
        if end:
            explicit = self.options.attribute_uncited
            self._fix(style, explicit if explicit is not None else not markers)
        elif markers:
            explicit = self.options.attribute_uncited
            self._fix(style, explicit if explicit is not None else False)

    # ---- finality --------------------------------------------------------------------
    def _hold(self, styles: list[CitationStyle]) -> int:
        """The first place where a marker of ``styles`` or a placeholder may still be
        growing: a place a marker can start at, where no match is found yet (or the match
        reaches the end of the buffer).

        Preset markers and default placeholders never span a line break, so a break after
        the place settles it; one that opens with a bracket ends at its closing bracket,
        so a bracket closed and followed by more text settles it too; one that opens with
        a letter or ``§`` is settled once more text follows than it can be long. Other
        patterns wait for the window."""
        from grounding_guard.citations import DEFAULT_PLACEHOLDER_PATTERN

        buf, n = self.buf, len(self.buf)
        checks: list[tuple[Any, frozenset[str] | None]] = [
            (style.pattern, _FIRST_CHARS.get(style.name) if _is_preset(style) else None)
            for style in styles
        ]
        placeholder = self.options.placeholder
        default = placeholder is DEFAULT_PLACEHOLDER_PATTERN
        checks.append((placeholder, _PLACEHOLDER_FIRST if default else None))
        next_break = -1
        for pos in range(max(0, n - _WINDOW), n):
            char = buf[pos]
            if char == "\n":
                next_break = -1
            for pattern, firsts in checks:
                if firsts is not None and char not in firsts:
                    continue
                match = pattern.match(buf, pos)
                if match is not None and match.end() < n:
                    continue
                if firsts is not None and match is None:  # line-bound pattern
                    if next_break < pos:
                        next_break = buf.find("\n", pos)
                        if next_break == -1:
                            next_break = n
                    if next_break < n:
                        continue
                    if char in _CLOSING:
                        if _closed_before_end(buf, pos, char):
                            continue
                    elif char.isalpha():
                        if _not_a_keyword(buf, pos):
                            continue
                        if n - pos > _max_width(pattern):
                            continue
                    elif n - pos > _max_width(pattern):
                        continue
                return pos
        return n

    def _final_count(self, segs: list[Segment], end: bool) -> int:
        if end:
            return len(segs)
        buf = self.buf
        if self.resolved:
            hold = self._hold([self.style] if self.style is not None else [])
        else:
            hold = self._hold([PRESETS[name] for name in AUTO_ORDER])
        first = len(self.units)
        if first >= len(segs):
            return first
        region_start = buf.rfind("\n", 0, segs[first].span.start) + 1
        for j in range(len(segs) - 1, first, -1):
            nxt = segs[j]
            if nxt.span.start >= hold or segs[j - 1].separator is not None:
                continue
            line_start = buf.rfind("\n", 0, nxt.span.start) + 1
            if segs[j - 1].span.end > line_start and self._settled_line(line_start, nxt):
                return j
            line_end = buf.find("\n", nxt.span.start)
            if line_end == -1:
                continue
            if "|" in buf[region_start:line_end] and buf.find("\n", line_end + 1) == -1:
                continue
            return j
        return first

    def _settled_line(self, line_start: int, nxt: Segment) -> bool:
        """Whether a unit that starts mid-line (after the end of the unit before it, on
        the same line) settles that unit before the line is complete: the line is prose
        (a sentence gap before the unit, so no later pipe makes it a table header) and the
        line above holds no pipe (so it cannot continue a table)."""
        buf = self.buf
        if not is_prose(buf, line_start, min(len(buf), nxt.span.start + 1)):
            return False
        above = buf.rfind("\n", 0, max(0, line_start - 1)) + 1
        return buf.find("|", above, line_start) == -1

    def _segments(self) -> list[Segment]:
        """Every segment of the buffer: the final ones kept, the rest cut again from the
        restart point (a paragraph start after the last final unit), so the work per
        chunk is bounded by the open paragraph, not by the answer."""
        base = self.base
        text = self.buf[base:] if base else self.buf
        markers, placeholders = self._markers(text, self.style)
        fresh = segment(
            text,
            markers,
            placeholders,
            abbreviations=self.options.abbreviations,
            non_claim=self.options.non_claim,
        )
        if base:
            fresh = [_shifted(seg, base) for seg in fresh]
        return self.segs[: self.base_units] + fresh

    def _advance_base(self, segs: list[Segment]) -> None:
        """Move the restart point to the latest paragraph start that lies between two
        final-or-open segments, after the last final unit before it: nothing before a
        blank line changes how the text after it is cut (block state resets there, and
        every marker before it is bound to a final unit). Only for preset marker styles
        and the default placeholder, which never match across a line break."""
        count = len(self.units)
        if not self.restartable or count == 0 or count >= len(segs):
            return
        buf = self.buf
        for k in range(count, self.base_units, -1):
            before_end = segs[k - 1].span.end
            line_start = buf.rfind("\n", 0, segs[k].span.start) + 1
            if line_start <= before_end:
                continue
            gap = buf[before_end:line_start]
            first_break = gap.find("\n")
            if first_break != -1 and gap.find("\n", first_break + 1) != -1 and not gap.strip():
                self.base, self.base_units = line_start, k
                return

    # ---- the step --------------------------------------------------------------------
    def step(self, chunk: str | None) -> Generator[_Action, Any, None]:
        end = chunk is None
        if chunk:
            self.buf += chunk
        if self.done:
            return
        if self.mode == "flag" and chunk:
            yield StreamEvent(chunk)
        yield from self._resolve(end)
        if self.resolved or self.early:
            segs = self._segments()
            count = self._final_count(segs, end)
            if count > len(self.units):
                emap = yield from self._evidence()
                if not self.table and self.style is not None:
                    self.table, self.catalog = emap.lookup(self.style.normalize)
                for index in range(len(self.units), count):
                    seg = segs[index]
                    unit = yield from judge_segment(
                        index,
                        seg,
                        self.buf,
                        emap,
                        self.table,
                        self.catalog,
                        self.options,
                        self.attribution,
                        self.cache,
                    )
                    self.units.append(unit)
                    self.segs.append(seg)
                    if self.mode == "flag":
                        yield StreamEvent("", unit)
                    elif self.mode == "block":
                        if unit.status in self.guard.fail_on:
                            self.done = True
                            if self.released_to:
                                yield StreamEvent(_REFUSAL_BREAK, blocked=True)
                            yield StreamEvent(self.guard.refusal, unit, blocked=True)
                            yield StreamEvent("", None, self._report(emap), blocked=True)
                            return
                        text = self.buf[self.released_to : unit.span.end]
                        self.released_to = unit.span.end
                        yield StreamEvent(text, unit)
                    else:
                        yield StreamEvent("", unit)
                self._advance_base(segs)
                if self.mode == "filter" and not end:
                    text = self._filter_release()
                    if text:
                        yield StreamEvent(text)
        if end:
            yield from self._finish()

    def _filter_release(self) -> str:
        """The next stable piece of the filtered answer.

        Until a unit fails, the final text may be the answer verbatim (nothing dropped) or
        the filtered, normalised answer (blank lines collapsed, leading breaks gone): only
        what both agree on is released. Trailing white space and a line holding only a
        bullet so far are held back, and so is the separator after the last final unit
        (whether it goes depends on the next unit).
        """
        units = self.units
        if not units:
            return ""
        last = units[-1]
        prefix = self.buf[: last.span.end]
        separators = [
            (s.separator.start, s.separator.end) if s.separator else None for s in self.segs
        ]
        separators[-1] = None
        drop = self.guard.fail_on
        candidates: list[str] = []
        if drop:  # a dropped unit on a line of its own brings the normalisation a drop does
            status = min(drop, key=lambda st: st.value)
            where = Span(len(prefix) + 1, len(prefix) + 2)
            sentinel = Unit(len(units), "x", where, last.kind, status)
            normal = filter_text(prefix + "\nx", [*units, sentinel], [*separators, None], drop)
            candidates.append(_held_back(normal))
        if not any(u.status in drop for u in units):
            candidates.append(_held_back(prefix))
        stable = candidates[0]
        for other in candidates[1:]:
            size = 0
            for a, b in zip(stable, other, strict=False):
                if a != b:
                    break
                size += 1
            stable = stable[:size]
        if not stable.startswith(self.released) or len(stable) <= len(self.released):
            return ""
        out = stable[len(self.released) :]
        self.released = stable
        return out

    def _checked(self) -> Checked:
        separators = tuple(
            (s.separator.start, s.separator.end) if s.separator else None for s in self.segs
        )
        style = self.style.name if self.style else "none"
        return Checked(tuple(self.units), style, self.attribution, separators)

    def _report(self, emap: EvidenceMap) -> Report:
        return record_stream(
            self.guard, self.guard.act(self.buf, emap, self._checked()), self.started
        )

    def _finish(self) -> Generator[_Action, Any, None]:
        emap = yield from self._evidence()
        report = self._report(emap)
        self.done = True
        if self.mode == "filter":
            text = report.text
            if report.blocked and self.released:
                yield StreamEvent(_REFUSAL_BREAK, blocked=True)
                yield StreamEvent(text, None, None, blocked=True)
            elif text.startswith(self.released):
                rest = text[len(self.released) :]
                if rest:
                    yield StreamEvent(rest, blocked=report.blocked)
            else:  # never expected: released text that the final filter changed
                yield StreamEvent(text, None, None, blocked=True)
        elif self.mode == "block":
            if report.blocked:
                if self.released_to:
                    yield StreamEvent(_REFUSAL_BREAK, blocked=True)
                yield StreamEvent(self.guard.refusal, None, None, blocked=True)
            else:
                rest = self.buf[self.released_to :]
                self.released_to = len(self.buf)
                if rest:
                    yield StreamEvent(rest)
        yield StreamEvent("", None, report, blocked=report.blocked)


def _shifted(seg: Segment, offset: int) -> Segment:
    """``seg`` cut from a suffix starting at ``offset``, with offsets into the whole text."""

    def move(span: Span) -> Span:
        return Span(span.start + offset, span.end + offset)

    return Segment(
        move(seg.span),
        seg.kind,
        tuple(Marker(move(m.span), m.ids, m.raw) for m in seg.markers),
        tuple(move(p) for p in seg.placeholders),
        move(seg.separator) if seg.separator is not None else None,
    )


def _held_back(text: str) -> str:
    """``text`` without trailing white space and without a last line that holds only a
    bullet or quote marker so far."""
    text = text.rstrip()
    line_start = text.rfind("\n") + 1
    if BULLET_ONLY.match(text[line_start:]):
        text = text[:line_start].rstrip()
    return text


def _is_preset(style: CitationStyle) -> bool:
    return PRESETS.get(style.name) is style


def _check_chunk(chunk: Any, index: int) -> str:
    if not isinstance(chunk, str):
        raise TypeError(f"chunk {index} must be str, got {type(chunk).__name__}")
    return chunk


def _is_factory(evidence: Any) -> bool:
    return callable(evidence) and not isinstance(evidence, (Mapping, list, tuple, str, EvidenceMap))


def stream(
    guard: Guard, chunks: Iterable[str], evidence: Any, *, catalog: Iterable[Any] | None = None
) -> Iterator[StreamEvent]:
    """Guard an answer that arrives as ``chunks`` (see :meth:`Guard.stream`)."""
    if getattr(guard.judge, "is_async", False):
        from grounding_guard.errors import ConfigError

        raise ConfigError("this Guard's judge is async: use astream()")
    core = _Core(guard)
    judge = guard.judge

    def drive(step: Generator[_Action, Any, None]) -> Iterator[StreamEvent]:
        try:
            action = next(step)
            while True:
                if isinstance(action, StreamEvent):
                    yield action
                    action = step.send(None)
                elif action is _EVIDENCE:
                    source = evidence() if _is_factory(evidence) else evidence
                    action = step.send(guard.evidence_map(source, catalog))
                else:
                    request: JudgeRequest = action
                    action = step.send(read_judgement(judge, judge.judge(*request), request))
        except StopIteration:
            return

    for index, chunk in enumerate(chunks):
        yield from drive(core.step(_check_chunk(chunk, index)))
        if core.done:
            return
    yield from drive(core.step(None))


async def astream(
    guard: Guard,
    chunks: AsyncIterable[str] | Iterable[str],
    evidence: Any,
    *,
    catalog: Iterable[Any] | None = None,
) -> AsyncIterator[StreamEvent]:
    """Async :func:`stream`: chunks may be an async iterable, evidence an awaitable (or a
    callable returning one), and an async judge is awaited."""
    core = _Core(guard)
    judge = guard.judge
    state: dict[str, Any] = {}

    async def resolve_evidence() -> EvidenceMap:
        source = evidence
        if "value" not in state:
            if _is_factory(source):
                source = source()
            if inspect.isawaitable(source):
                source = await source
            state["value"] = source
        return guard.evidence_map(state["value"], catalog)

    async def drive(step: Generator[_Action, Any, None]) -> AsyncIterator[StreamEvent]:
        try:
            action = next(step)
            while True:
                if isinstance(action, StreamEvent):
                    yield action
                    action = step.send(None)
                elif action is _EVIDENCE:
                    action = step.send(await resolve_evidence())
                else:
                    action = step.send(await ajudge(judge, action))
        except StopIteration:
            return

    index = 0
    if isinstance(chunks, AsyncIterable):
        async for chunk in chunks:
            async for event in drive(core.step(_check_chunk(chunk, index))):
                yield event
            index += 1
            if core.done:
                return
    else:
        for chunk in chunks:
            async for event in drive(core.step(_check_chunk(chunk, index))):
                yield event
            index += 1
            if core.done:
                return
    async for event in drive(core.step(None)):
        yield event

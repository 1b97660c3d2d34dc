"""Streaming guard: check an answer while it arrives, chunk by chunk.

``Guard.stream`` / ``Guard.astream`` keep a buffer of the text read so far. After each
chunk the buffer is segmented exactly as ``check()`` would segment it, and a unit becomes
*final* once nothing that can still arrive may change it:

- the unit after it exists and starts before the *hold point*, the first place in the
  last 256 characters where a citation marker or placeholder may still be growing (a
  marker after a unit binds backward to it, so a unit waits for its markers);
- the unit before that next unit ended at a stop or a block, not at a clause separator
  (a bracket closed later could still shield the separator);
- the line holding the start of that next unit is complete (a heading, fence, rule or
  bullet is only known once the line is), and when a ``|`` appears in the lines involved
  the line after is complete too (a delimiter row turns the line above it into a table).

So verdicts are released line by line rather than sentence by sentence: correctness of
the verdicts beats latency. At the end of the stream every remaining unit is final.
Final units are judged with the engine's own per-unit judging, so their spans, statuses
and reasons equal those of ``check()`` on the whole text, whatever the chunking.

``citations="auto"`` and ``attribute_uncited=None`` depend on the whole answer; they are
resolved once a marker has appeared in the text read so far (the style is then the one
``detect_style`` gives on that text and attribution is off) or at the end of the stream.
Known difference: when an answer mixes several marker styles, ``auto`` on the whole text
could rank another style first than it did on the text read when the first marker came.

Limits: the buffer is not bounded (it holds the whole answer read so far) and it is
segmented again after each chunk, so the work is quadratic in the number of chunks times
the answer length. In filter mode, text is released only where the answer verbatim and
its filtered form agree until a unit fails (leading blank lines, for one, wait).
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterable, AsyncIterator, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grounding_guard.actions import _BULLET_ONLY, filter_text
from grounding_guard.citations import AUTO_ORDER, PRESETS, CitationStyle, detect_style, get_style
from grounding_guard.engine import Checked, JudgeRequest, _judge_segment, _outside
from grounding_guard.evidence import EvidenceMap
from grounding_guard.judges.custom import CallableJudge
from grounding_guard.model import Judgement, Marker, Report, Span, Unit
from grounding_guard.text.segment import Segment, segment

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
        self.options = guard._options
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
        citations = self.options.citations
        if citations != "auto":
            self.style = get_style(citations)
            if self.options.attribute_uncited is not None:
                self._fix(self.style, self.options.attribute_uncited)

    # ---- resolution ------------------------------------------------------------------
    def _fix(self, style: CitationStyle | None, attribution: bool) -> None:
        self.style, self.attribution, self.resolved = style, attribution, True

    def _markers(self, text: str, style: CitationStyle | None) -> tuple[list[Marker], list[Span]]:
        markers = style.find(text) if style else []
        placeholders = [
            Span(*m.span()) for m in self.options.placeholder.finditer(text) if m.end() > m.start()
        ]
        if placeholders and markers:
            markers = _outside(markers, placeholders)
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
        reaches the end of the buffer). Preset markers and default placeholders never span
        a line break, so a break after the place settles it; other patterns wait for the
        window."""
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
                return pos
        return n

    def _final_count(self, segs: list[Segment], end: bool) -> int:
        if end:
            return len(segs)
        buf = self.buf
        hold = self._hold([self.style] if self.style is not None else [])
        first = len(self.units)
        if first >= len(segs):
            return first
        region_start = buf.rfind("\n", 0, segs[first].span.start) + 1
        for j in range(len(segs) - 1, first, -1):
            nxt = segs[j]
            if nxt.span.start >= hold or segs[j - 1].separator is not None:
                continue
            line_end = buf.find("\n", nxt.span.start)
            if line_end == -1:
                continue
            if "|" in buf[region_start:line_end] and buf.find("\n", line_end + 1) == -1:
                continue
            return j
        return first

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
        if self.resolved:
            markers, placeholders = self._markers(self.buf, self.style)
            segs = segment(
                self.buf,
                markers,
                placeholders,
                abbreviations=self.options.abbreviations,
                non_claim=self.options.non_claim,
            )
            count = self._final_count(segs, end)
            if count > len(self.units):
                emap = yield from self._evidence()
                if not self.table and self.style is not None:
                    self.table, self.catalog = emap.lookup(self.style.normalize)
                for index in range(len(self.units), count):
                    seg = segs[index]
                    unit = yield from _judge_segment(
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
                            yield StreamEvent(self.guard.refusal, unit, blocked=True)
                            yield StreamEvent("", None, self._report(emap), blocked=True)
                            return
                        text = self.buf[self.released_to : unit.span.end]
                        self.released_to = unit.span.end
                        yield StreamEvent(text, unit)
                    else:
                        yield StreamEvent("", unit)
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
        return self.guard._report(self.buf, emap, self._checked())

    def _finish(self) -> Generator[_Action, Any, None]:
        emap = yield from self._evidence()
        report = self._report(emap)
        self.done = True
        if self.mode == "filter":
            text = report.text
            if report.blocked and self.released:
                yield StreamEvent(text, None, None, blocked=True)
            elif text.startswith(self.released):
                rest = text[len(self.released) :]
                if rest:
                    yield StreamEvent(rest, blocked=report.blocked)
            else:  # never expected: released text that the final filter changed
                yield StreamEvent(text, None, None, blocked=True)
        elif self.mode == "block":
            if report.blocked:
                yield StreamEvent(self.guard.refusal, None, None, blocked=True)
            else:
                rest = self.buf[self.released_to :]
                self.released_to = len(self.buf)
                if rest:
                    yield StreamEvent(rest)
        yield StreamEvent("", None, report, blocked=report.blocked)


def _held_back(text: str) -> str:
    """``text`` without trailing white space and without a last line that holds only a
    bullet or quote marker so far."""
    text = text.rstrip()
    line_start = text.rfind("\n") + 1
    if _BULLET_ONLY.match(text[line_start:]):
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
    from grounding_guard.guard import _read

    if getattr(guard._judge, "is_async", False):
        from grounding_guard.errors import ConfigError

        raise ConfigError("this Guard's judge is async: use astream()")
    core = _Core(guard)
    judge = guard._judge

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
                    action = step.send(_read(judge, judge.judge(*request), request))
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
    from grounding_guard.guard import _read

    core = _Core(guard)
    judge = guard._judge
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

    async def judged(request: JudgeRequest) -> Judgement:
        if isinstance(judge, CallableJudge):
            result = judge.call(*request)
            if hasattr(result, "__await__"):
                result = await result
            return judge.read(result, request[1])
        result = judge.judge(*request)
        if hasattr(result, "__await__"):
            result = await result
        return _read(judge, result, request)

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
                    action = step.send(await judged(action))
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

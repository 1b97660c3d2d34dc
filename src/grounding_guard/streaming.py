"""Streaming guard: check an answer while it arrives, chunk by chunk.

``Guard.stream`` / ``Guard.astream`` keep a buffer of the text read so far. After each
chunk the open part of the buffer is segmented exactly as ``check()`` would segment it, and
a unit becomes *final* once nothing that can still arrive may change it:

- the unit after it exists and starts before the *hold point*, the first place where a
  citation marker, a placeholder or code may still be growing or changing (a marker
  after a unit binds backward to it, so a unit waits for its markers). Preset markers
  never span a line, so only the last line can hold one: a bracketed marker is settled
  by its closing bracket (``[x]`` by one more character, which may make it a link), a
  bare section or 3GPP one once no ``.1``, ``-2`` or ``(a)`` can still extend it, a place
  where none matches yet by a bracket closed before more text, a word that is no marker
  keyword, or more text than such a marker can be long. An inline code span still open
  on the last line holds from its opening backticks (a closer would make the text after
  them code, where nothing is a citation). Custom patterns wait for a 256-character
  window;
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

The citation style and attribution are fixed only where the text read so far decides them
as the whole answer will. ``citations="auto"`` takes the preset of the first marker that
names an evidence id (``detect_style``); the stream fixes it once such a marker is read
and lies before the hold point of every preset (so no earlier marker, and no code around
it, can still appear). Until then units wait, and in filter and block mode nothing is
released; when no marker ever resolves, the style is decided at the end, as ``check()``
does. ``attribute_uncited=None`` turns attribution off once a settled marker of the style
is read, and decides at the end otherwise (an answer without markers is released at its
end); set ``attribute_uncited`` to release such answers sentence by sentence (``auto``
then judges units before it knows the style, up to the first marker of any preset).

Release never runs ahead of the verdict. Block mode hands out each final unit up to the
first failing one, which is never released. Filter mode releases nothing until a kept
claim is final (a filter that drops every claim refuses the whole answer), then text only
where the answer verbatim and its filtered form agree until a unit fails (leading blank
lines, for one, wait). With ``min_coverage`` above 0 a later unit can always lower the
grounded share under it, so in filter and block mode nothing is released before the end.

Cost: segmentation restarts at the last paragraph break after the final units (state
resets at a blank line), so the work per chunk is bounded by the open paragraph, not by
the answer; an open paragraph longer than 4,096 characters is segmented again only once
it grew by a quarter, so even a paragraph that never ends costs linear time (its units
settle a little later). The hold point looks back only as far as a preset marker can be
long, and while no marker is found the scan for one resumes where one could still
start. The buffer itself keeps the whole answer, since the final report holds it.
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
    DEFAULT_PLACEHOLDER_PATTERN,
    PRESETS,
    CitationStyle,
    code_spans,
    detect_style,
    first_resolving,
    get_style,
    outside_code,
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
from grounding_guard.text.markdown import prose_gap_end, prose_resume
from grounding_guard.text.segment import Segment, segment
from grounding_guard.types import Judgement, Marker, Report, Span, Status, Unit

if TYPE_CHECKING:
    from grounding_guard.guard import Guard

__all__ = ["StreamEvent", "astream", "stream"]

_WINDOW = 256  # how far back a marker or placeholder may still be growing
#: An open paragraph (no blank line after the last final unit) longer than this is
#: segmented again only once it grew by a quarter: see ``_Core._worth_reading``.
_REREAD = 4096

#: The characters each preset's markers can start with (case-insensitive ones both ways).
_FIRST_CHARS: dict[str, frozenset[str]] = {
    "numeric": frozenset("["),
    "cite": frozenset("["),
    "source": frozenset("[("),
    "bracket_id": frozenset("["),
    "section": frozenset("(\u00a7Ss"),
    "threegpp": frozenset("Tt"),
}
_FIRST_CHARS["placeholder"] = frozenset("[{")
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


def _scan_width(pattern: Any) -> int:
    """How far back a line-bound pattern's match may start and still reach the end of the
    buffer: its longest match and one character of look-ahead (the whole line when
    unbounded)."""
    key = ("scan", pattern)
    width = _WIDTHS.get(key)
    if width is None:
        widths = pattern_widths(pattern)
        width = 1 << 30 if widths is None else min(widths[1] + 1, 1 << 30)
        _WIDTHS[key] = width
    return width


#: What may still extend a bare section marker (``§ 5``): a part after ``.`` or ``-``,
#: or a ``(a)`` subdivision not closed yet. Longer tails already decided the match.
_SECTION_TAIL = re.compile(r"(?:[.\-]|\([A-Za-z0-9]{0,4})?")
_BACKTICKS = re.compile(r"`+")
_STARTS: dict[frozenset[str], re.Pattern[str]] = {}


def _starts_re(kinds: frozenset[str]) -> re.Pattern[str]:
    """A pattern finding any character a marker of ``kinds`` can start with."""
    found = _STARTS.get(kinds)
    if found is None:
        chars = "".join(sorted(set().union(*(_FIRST_CHARS[k] for k in kinds))))
        found = _STARTS[kinds] = re.compile("[" + re.escape(chars) + "]")
    return found


def _match_open(kind: str, buf: str, pos: int, end: int) -> bool:
    """Whether a preset's match ``buf[pos:end]`` may still change with more text.

    Bracketed markers (and placeholders) end at their closing bracket, which no later text
    moves; ``bracket_id`` looks one character past it (``[x](url)`` is a link); a bare
    section or 3GPP marker ends in digits that a later ``.1``, ``-2`` or ``(a)`` extends.
    """
    n = len(buf)
    if kind == "bracket_id":
        return end >= n
    if kind == "threegpp":
        return buf[end : end + 2] in ("", ".")
    if kind == "section" and buf[pos] != "(":
        return n - end <= 5 and _SECTION_TAIL.fullmatch(buf, end) is not None
    return False


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
        # line start -> how far it was read for prose and where its first prose gap ends
        # (the buffer only grows, so a line read once is never read again from its start)
        self.prose_read: dict[int, tuple[int, int | None]] = {}
        self.done = False
        self.unmarked: dict[str, int] = {}  # per preset: no marker in the buffer up to here
        # the buffer's length when it was last searched for a resolving marker: until
        # one resolves, a long buffer is searched again only once it grew by a quarter
        # (holding text back longer is safe; searching it per chunk would be quadratic)
        self.style_scanned = 0
        self.read_at = 0  # the buffer's length when it was last segmented
        self.base = 0  # where segmentation restarts (a paragraph start after final units)
        self.base_units = 0  # how many final units lie before ``base``
        self.restartable = False
        # filter and block with ``min_coverage``: a later unit may always lower the grounded
        # share under it, so nothing is released before the end
        self.whole = guard.min_coverage > 0
        # filter: a claim kept so far, so the filter can no longer refuse the whole answer
        # (it does when no claim is left); nothing is released before one
        self.kept = False
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
        self.style, self.attribution, self.resolved = style, attribution, True
        self.restartable = (style is None or _is_preset(style)) and (
            self.options.placeholder is DEFAULT_PLACEHOLDER_PATTERN
        )

    def _markers(self, text: str, style: CitationStyle | None) -> tuple[list[Marker], list[Span]]:
        """The markers (outside code, not under a placeholder) and placeholders of ``text``,
        as the engine finds them."""
        markers = outside_code(style.find(text), code_spans(text)) if style else []
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
        """Fix the style and whether uncited units are attributed, once the text read so far
        decides them as ``check()`` on the whole answer will.

        ``auto``: the style is the preset of the first marker that names an evidence id
        (``detect_style``), fixed once such a marker lies before the hold point of every
        preset (nothing before it can still become a marker, or code). Attribution (when
        not set) is off once a settled marker of that style is read. At the end of the
        stream both are decided on the whole text."""
        if self.resolved:
            return
        explicit = self.options.attribute_uncited
        auto = self.options.citations == "auto"
        buf = self.buf
        if end:
            style = self.style
            if auto:
                emap = yield from self._evidence()
                style = detect_style(buf, emap.ids)
            markers, _ = self._markers(buf, style)
            self._fix(style, explicit if explicit is not None else not markers)
            return
        if auto and self.style is None:
            presets = [PRESETS[name] for name in AUTO_ORDER]
            if not self._any_marker(presets):
                return
            if len(buf) > _REREAD and len(buf) * 4 < self.style_scanned * 5:
                return  # a long buffer is searched again once it grew by a quarter
            emap = yield from self._evidence()
            self.style_scanned = len(buf)
            first = first_resolving(buf, emap.ids)
            if first is None or first[1].span.end > self._hold(presets):
                return
            self.style_scanned = 0
            self.style = first[0]
        if explicit is not None:
            self._fix(self.style, explicit)
            return
        if self.style is None:
            return
        hold = self._hold([self.style])
        if any(m.span.end <= hold for m in self._markers(buf, self.style)[0]):
            self._fix(self.style, False)

    def _any_marker(self, presets: list[CitationStyle]) -> bool:
        """Whether any preset finds a marker in the buffer. Searched from where a marker
        could still start (a preset marker is at most its pattern's width long), not from
        the start of the buffer each chunk, while none is found."""
        buf = self.buf
        found = False
        for style in presets:
            seen = self.unmarked.get(style.name, 0)
            begin = max(0, seen - _scan_width(style.pattern) - 1)
            if style.pattern.search(buf, begin) is not None:
                found = True  # searched again from here next time: its match stays near
            else:
                self.unmarked[style.name] = len(buf)  # each preset keeps its own place
        return found

    # ---- finality --------------------------------------------------------------------
    def _hold(self, styles: list[CitationStyle]) -> int:
        """The first place where a marker of ``styles`` or a placeholder may still be
        growing or changing, or where code may still start: text before it reads the same
        whatever arrives next.

        A preset marker or default placeholder never spans a line break, so only the last
        line can hold one open: a place where one can start and no match is found yet (a
        break, a bracket closed before more text, a word that is no marker keyword, or
        more text than the marker can be long settle it), or where the match found may
        still change (see ``_match_open``: ``\u00a7 1`` before ``.1``, ``[x]`` before
        ``(``). Custom patterns wait for a 256-character window. An inline code span not
        closed yet on the last line (or closed by a backtick run at the very end) holds
        from its opening run: a closer may still turn the text after it into code."""
        buf, n = self.buf, len(self.buf)
        line_start = buf.rfind("\n") + 1
        hold = n
        if styles and "`" in buf[line_start:]:
            opener: tuple[int, int] | None = None
            for run in _BACKTICKS.finditer(buf, line_start):
                if opener is None:
                    opener = (run.start(), len(run.group()))
                elif len(run.group()) == opener[1]:
                    if run.end() >= n:
                        break
                    opener = None
            if opener is not None:
                hold = opener[0]
        checks: list[tuple[Any, str | None]] = [
            (style.pattern, style.name if _is_preset(style) else None) for style in styles
        ]
        placeholder = self.options.placeholder
        checks.append(
            (placeholder, "placeholder" if placeholder is DEFAULT_PLACEHOLDER_PATTERN else None)
        )
        start = n
        for pattern, kind in checks:
            if kind is None:
                start = min(start, max(0, n - _WINDOW))
            else:
                start = min(start, max(line_start, n - _scan_width(pattern)))
        if any(kind is None for _, kind in checks):  # a custom pattern holds its window
            hold = min(hold, max(start, n - _WINDOW))
        presets = [(pattern, kind) for pattern, kind in checks if kind is not None]
        if not presets:
            return hold
        # only the characters a preset marker can start with are looked at
        for found in _starts_re(frozenset(k for _, k in presets)).finditer(
            buf, max(start, line_start), max(hold, 0)
        ):
            pos = found.start()
            char = buf[pos]
            for pattern, kind in presets:
                if char not in _FIRST_CHARS[kind]:
                    continue
                match = pattern.match(buf, pos)
                if match is not None:
                    if _match_open(kind, buf, pos, match.end()):
                        return pos
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
        return hold

    def _early_hold(self) -> int:
        """While ``auto`` has not fixed the style (attribution set): the hold point of every
        preset, and no later than the first place any preset finds a marker, since the
        style that binds it is not known yet."""
        presets = [PRESETS[name] for name in AUTO_ORDER]
        hold = self._hold(presets)
        for style in presets:
            found = style.pattern.search(self.buf)
            if found is not None:
                hold = min(hold, found.start())
        return hold

    def _final_count(self, segs: list[Segment], end: bool) -> int:
        if end:
            return len(segs)
        buf = self.buf
        if self.resolved:
            hold = self._hold([self.style] if self.style is not None else [])
        else:
            hold = self._early_hold()
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
        end = min(len(buf), nxt.span.start + 1)
        read_to, gap_end = self.prose_read.get(line_start, (line_start, None))
        if gap_end is None and end > read_to:
            resume = prose_resume(buf, line_start, read_to) if read_to > line_start else None
            gap_end = prose_gap_end(buf, line_start, end, resume)
            self.prose_read[line_start] = (end, gap_end)
        if gap_end is None or gap_end > end:
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
            table_rows=self.attribution,
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
        if (self.resolved or self.early) and (end or self._worth_reading()):
            self.read_at = len(self.buf)
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
                        if self.whole:  # coverage is only known at the end
                            yield StreamEvent("", unit)
                            continue
                        text = self.buf[self.released_to : unit.span.end]
                        self.released_to = unit.span.end
                        yield StreamEvent(text, unit)
                    else:
                        yield StreamEvent("", unit)
                        if not self.kept and unit.status not in self.guard.fail_on:
                            self.kept = unit.status is not Status.SKIPPED
                self._advance_base(segs)
                if self.mode == "filter" and not end and self.kept and not self.whole:
                    text = self._filter_release()
                    if text:
                        yield StreamEvent(text)
        if end:
            yield from self._finish()

    def _worth_reading(self) -> bool:
        """Whether to segment the open paragraph again after this chunk: always while it is
        short (:data:`_REREAD`); once longer, when it has grown by a quarter since it was
        last read, so a paragraph that never ends costs linear time in all, at the price
        of its units settling a little later."""
        size = len(self.buf) - self.base
        return size <= _REREAD or 4 * (len(self.buf) - self.read_at) >= size

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
        move(seg.header) if seg.header is not None else None,
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

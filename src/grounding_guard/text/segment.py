"""Split an answer into claim units with offsets into the original text.

The segmenter is the first defence against citation laundering, so whenever it is unsure
it cuts: more, smaller units can only ask for more grounding, never hide a claim.

How a paragraph is cut (markdown blocks come from :mod:`grounding_guard.text.markdown`):

- A sentence ends at ``. ! ?`` (and runs such as ``?!``, ``...`` or a spaced ``. . .``),
  ``。 ． ！ ？``, the danda ``।`` and kin, with closing quotes, brackets and emphasis kept.
  An ASCII-style stop needs white space, an invisible, an opening bracket or quote, a
  marker or the end after it, so ``3.14``, ``v1.2.3``, ``config.yaml``,
  ``example.com/a.b?x=1`` and e-mails stay whole (and so does ``end.Next``); a stop glued to
  a marker (``claim [1].Next``) still ends the sentence. CJK stops and the danda end a
  sentence whatever follows, except ``．`` between digits. An ellipsis always ends one.
- A period after an abbreviation does not end it: ``always_fuse`` words never, and
  ``context_fuse`` words, multi-period abbreviations (``U.S.``, ``a.m.``: parts of at most
  three letters) and any abbreviation followed by a closing bracket or quote only when
  the next word starts lower-case or with a digit. A single upper-case letter (an
  initial: ``J. R. R. Tolkien``) never ends a sentence, except ``I``.
- A clause ends at ``;``, at an em dash (a spaced en dash `` – `` and a spaced `` -- `` stand
  in for it; an em dash between digits is a range), and at a colon once the sentence
  carries a marker before it (not between letters or digits, not before ``/`` or ``\\``,
  never in ``::``). A separator inside a matched ``[...]``, ``(...)`` or inline code on the
  same line and in the same sentence, or inside a URL, does not split; an unmatched
  bracket shields nothing. Markers and placeholders are never cut by anything. Commas
  never split. A run of separators with only blanks between is one separator.
- Markers and placeholders that follow a finished unit (after its stop or separator,
  across white space, invisibles, line breaks, blank lines and ``>`` prefixes, but not
  across a list bullet or another block) bind backward to it, with punctuation glued
  after them; the unit's span then grows over its separator, which becomes ``None``. A
  marker with no text unit before it (start of text, after a heading, opening a list item)
  stays with the text that follows.

Work is linear: candidate boundaries are found with ``re.finditer`` and each costs
constant work; brackets are matched with one stack pass per sentence that has a separator.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from grounding_guard.text.claims import is_non_claim
from grounding_guard.text.markdown import BLANK_RE, Layout, is_blank_char, rtrim, scan_blocks
from grounding_guard.types import Kind, Marker, Span

__all__ = ["DEFAULT_ABBREVIATIONS", "Abbreviations", "Segment", "segment"]

_T = TypeVar("_T")


def _normalise_words(words: Iterable[str], name: str) -> frozenset[str]:
    if isinstance(words, str):
        raise TypeError(f"Abbreviations.{name} must be a collection of str, not a str")
    out = set()
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"Abbreviations.{name} entries must be str, got {type(word).__name__}")
        cleaned = word.strip().lower().rstrip(".")
        if cleaned:
            out.add(cleaned)
    return frozenset(out)


@dataclass(frozen=True)
class Abbreviations:
    """Words whose trailing period does not end a sentence.

    ``always_fuse``: never ends a sentence ("dr", "mr"); ``context_fuse``: ends a sentence
    unless the next word starts lower-case or with a digit ("etc", "no", "vol").
    Entries are matched case-insensitively and without the final period ("e.g" for
    "e.g."); they are normalised that way on construction. A caller's instance replaces
    :data:`DEFAULT_ABBREVIATIONS` entirely.
    """

    always_fuse: frozenset[str]
    context_fuse: frozenset[str]

    def __post_init__(self) -> None:
        object.__setattr__(self, "always_fuse", _normalise_words(self.always_fuse, "always_fuse"))
        object.__setattr__(
            self, "context_fuse", _normalise_words(self.context_fuse, "context_fuse")
        )


#: English defaults. ``always_fuse`` holds titles and words that precede a name or number
#: (so a capital after them is expected); ``context_fuse`` holds words that may also end a
#: sentence. Multi-period abbreviations and initials are handled by rule, not by list.
def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


DEFAULT_ABBREVIATIONS = Abbreviations(
    _words(
        """mr mrs ms mx dr prof rev hon sr jr st mt gen col capt lt sgt gov sen rep messrs mme
        mlle vs v fig figs eq eqs e.g i.e cf viz approx"""
    ),
    _words(
        """etc no nos vol vols p pp ch chap sec secs art para ed eds ref refs co corp inc ltd
        llc bros dept est al ca incl esp resp min max hr hrs ft oz lb lbs jan feb mar apr jun
        jul aug sep sept oct nov dec a.m p.m u.s u.k e.u u.n ph.d"""
    ),
)


@dataclass(frozen=True, slots=True)
class Segment:
    """One unit as the segmenter cut it.

    ``span`` covers the unit's text (trimmed, without list bullet or blockquote prefix,
    markers that bind to it included); ``separator`` is the clause separator (``;``, em
    dash, cited colon, or a run of them) that ended it and that belongs to no unit. It is
    ``None`` when a stop or a block ended the unit, or when markers after the separator
    bound backward and the span grew over it. ``header`` is set on a table data row that
    is a claim: the header line above its delimiter row, whose cells say what each of the
    row's cells is (judges read the row against it).
    """

    span: Span
    kind: Kind
    markers: tuple[Marker, ...] = ()
    placeholders: tuple[Span, ...] = ()
    separator: Span | None = None
    header: Span | None = None  # a table data row's header line: its cells name the row's


# ---- character classes ---------------------------------------------------------------------
_STOPS = (
    ".!?\u2026\u203c\u2047\u2048\u2049\u203d\u3002\uff0e\uff01\uff1f\uff61\u0964\u0965\u061f\u06d4"
)
_STOPS_NOT_DOT = _STOPS.replace(".", "")
_CJK_STOPS = frozenset("\u3002\uff0e\uff01\uff1f\uff61\u0964\u0965")  # end a sentence unspaced
_CLOSERS = (
    "\"'\u201d\u2019\u00bb)]}\u203a"  # quotes and brackets
    "\u300d\u300f\uff09\u3011\u3009\u300b\u3015\uff5d\uff3d\u3017\u3019\u301b"  # CJK brackets
    "*_~`"  # markdown emphasis and code
)
_OPENERS_TEXT = "([{\"'\u201c\u2018\u00ab\u00bf\u00a1<*_"
_OPENERS = frozenset(_OPENERS_TEXT)
_INITIAL_BEFORE = "\\s(\\[\"'\u201c\u2018\u00ab"  # what may precede an initial (regex class body)


def _cls(chars: str) -> str:
    return "[" + re.escape(chars) + "]"


# A stop run with its closers (the closers are the last group that took part), or a
# separator run (no group). Every alternative opens with a literal character, so the regex
# engine skips plain text without entering the pattern. A lone ASCII initial ("J." after
# white space or an opener) is filtered here so that a text of initials costs no Python
# work; ``_fuses`` fuses the same case again for text the filter cannot see.
_CLOSERS_GROUP = f"({_cls(_CLOSERS)}*)"
_CANDIDATE_RE = re.compile(
    "|".join(
        [rf"\.(?:[ \t]\.)+{_CLOSERS_GROUP}"]
        + [rf"{re.escape(c)}{_cls(_STOPS)}*{_CLOSERS_GROUP}" for c in _STOPS_NOT_DOT]
        + [
            rf"\.(?![a-z0-9])(?:(?<![{_INITIAL_BEFORE}][A-HJ-Z]\.)|(?={_cls(_STOPS + _CLOSERS)}))"
            rf"{_cls(_STOPS)}*{_CLOSERS_GROUP}",
            r";[; \t]*",
            "\u2014[\u2014 \t]*",
            "\u2013(?<=\\s\u2013)(?=\\s)",
            r"--(?<=\s--)(?=\s)",
        ]
    )
)
_TAIL_PUNCT_RE = re.compile(rf"{_cls(_STOPS + ',:')}+{_cls(_CLOSERS)}*")
_BRACKET_RE = re.compile(r"\[\[*|\]\]*|\(\(*|\)\)*|``*|\n")  # literal first: a fast scan
_URL_TAIL = r"[^\s<>\"'`()\[\]{}]*[^\s<>\"'`()\[\]{}.,;:!?]"
_URL_RE = re.compile(
    "|".join(
        rf"{head[0]}(?<!\w{head[0]}){re.escape(head[1:])}{_URL_TAIL}"
        for head in ("http://", "https://", "ftp://", "file://", "www.")
    )
)


class _Scanner:
    """Cuts text paragraphs into units, binding leading markers backward as it goes."""

    def __init__(
        self, text: str, starts: list[int], ends: list[int], layout: Layout, abbr: Abbreviations
    ) -> None:
        self.text = text
        self.starts = starts
        self.ends = ends
        self.count = len(starts)
        self.quote_skip = layout.quote_skip
        self.quote_back = layout.quote_back
        self.always = abbr.always_fuse
        self.context = abbr.context_fuse
        # a word longer than every listed abbreviation needs no lookup
        self.longest = max((len(w) for w in abbr.always_fuse | abbr.context_fuse), default=0)
        # units: [start, end, kind (None for text), separator (start, end) or None]
        self.units: list[list[Any]] = []
        self.open = False  # the last unit is text that a following marker may bind to

    # ---- small position helpers -------------------------------------------------------
    def skip(self, pos: int, end: int) -> int:
        """``pos`` moved past blanks and the ``>`` prefixes of quoted lines, up to ``end``."""
        text = self.text
        if pos >= end or ("!" <= text[pos] <= "~" and text[pos] != ">"):
            return pos  # fast path: surely not blank, not a quote prefix
        if (
            text[pos] == " "
            and pos + 1 < end
            and "!" <= text[pos + 1] <= "~"
            and text[pos + 1] != ">"
        ):
            return pos + 1  # fast path: the one space after a full stop
        while True:
            pos = BLANK_RE.match(text, pos, end).end()  # type: ignore[union-attr]
            content = self.quote_skip.get(pos) if self.quote_skip else None
            if content is None or content <= pos:
                return pos
            pos = min(content, end)

    def trim_end(self, start: int, end: int) -> int:
        """``end`` moved left past blanks and dangling ``>`` prefixes."""
        if end > start and "!" <= self.text[end - 1] <= "~" and self.text[end - 1] != ">":
            return end
        end = rtrim(self.text, start, end)
        while end > start and end in self.quote_back:
            end = rtrim(self.text, start, self.quote_back[end])
        return end

    def token_at(self, pos: int) -> int:
        """Index of the token starting exactly at ``pos``, or -1."""
        i = bisect_left(self.starts, pos)
        return i if i < self.count and self.starts[i] == pos else -1

    def in_token(self, pos: int) -> bool:
        """True when a token covers ``pos``."""
        i = bisect_right(self.starts, pos) - 1
        return i >= 0 and self.ends[i] > pos

    def outside_tokens(self, start: int, end: int) -> list[tuple[int, int]]:
        """The parts of ``[start, end)`` that no token covers."""
        starts, ends = self.starts, self.ends
        i = bisect_right(starts, start) - 1
        if i >= 0 and ends[i] > start:
            start = ends[i]
        i = bisect_left(starts, start)
        parts = []
        while start < end:
            if i < self.count and starts[i] < end:
                if starts[i] > start:
                    parts.append((start, starts[i]))
                start = max(start, ends[i])
                i += 1
            else:
                parts.append((start, end))
                break
        return parts

    # ---- units ------------------------------------------------------------------------
    def fixed(self, kind: object, start: int, end: int) -> None:
        """A heading, code block, table line (``_ROW`` for a data row) or rule: one unit
        nothing binds to."""
        self.units.append([start, end, kind, None])
        self.open = False

    def piece(self, start: int, end: int, separator: tuple[int, int] | None) -> bool:
        """Add ``text[start:end]`` as a unit; False when a separator must not cut here.

        Leading tokens move to the previous unit when it is open (anti-laundering); a
        blank piece is dropped and its separator joins the previous unit's.
        """
        pos = self.skip(start, end)
        units = self.units
        if self.open and self.count and pos < end:
            i = self.token_at(pos)
            if i >= 0:
                last = pos
                while pos < end and i < self.count and self.starts[i] == pos:
                    last = self.ends[i]
                    i += 1
                    glued = _TAIL_PUNCT_RE.match(self.text, last, end)  # "[1]." "[1],"
                    if glued:
                        stop = glued.end()
                        if i < self.count and self.starts[i] < stop:
                            stop = self.starts[i]
                        last = max(last, stop)
                    pos = self.skip(last, end)
                unit = units[-1]
                unit[1] = last
                unit[3] = None  # the span grew over its separator
        stop = self.trim_end(pos, end)
        if stop <= pos:
            if separator is None:
                return True
            if not (self.open and units):
                return False  # nothing to separate: the separator is text of the next unit
            unit = units[-1]
            old = unit[3]
            unit[3] = (old[0], separator[1]) if old is not None else separator
            return True
        units.append([pos, stop, None, separator])
        self.open = True
        return True

    # ---- paragraphs -------------------------------------------------------------------
    def paragraph(self, start: int, end: int, bullet: bool) -> None:
        """Cut one text paragraph into sentences and clauses."""
        if bullet:
            self.open = False
        text = self.text
        count = self.count
        starts = self.starts
        sentence = start
        pending: list[tuple[int, int]] = []
        for match in _CANDIDATE_RE.finditer(text, start, end):
            s, e = match.span()
            group = match.lastindex
            if group is None:  # a separator run
                if text[e - 1] in " \t":  # "; ;" is one run, its trailing space is not
                    e = s + len(match.group().rstrip(" \t"))
                for a, b in self.outside_tokens(s, e) if count else ((s, e),):
                    if (
                        text[a] == "\u2014"
                        and a > 0
                        and b < len(text)
                        and text[a - 1].isdigit()
                        and text[b].isdigit()
                    ):
                        continue  # 1990\u20142000 is a range
                    pending.append((a, b))
                continue
            stop_end = match.start(group)
            if count:
                i = bisect_right(starts, s) - 1
                if i >= 0 and self.ends[i] > s:
                    continue  # a stop inside a marker or placeholder
                i += 1
                if i < count and starts[i] < e:
                    e = starts[i]
                    stop_end = min(stop_end, e)
            if self._is_boundary(s, stop_end, e, start, end):
                if pending or (count and text.find(":", sentence, e) >= 0):
                    self._sentence(sentence, e, pending)
                    pending = []
                else:
                    self.piece(sentence, e, None)
                sentence = e
        if pending or (count and text.find(":", sentence, end) >= 0):
            self._sentence(sentence, end, pending)
        else:
            self.piece(sentence, end, None)

    def _is_boundary(self, s: int, stop_end: int, e: int, lo: int, hi: int) -> bool:
        """Whether the stop run ``[s, stop_end)`` (closers up to ``e``) ends a sentence."""
        text = self.text
        last = text[stop_end - 1]
        following = text[e] if e < hi else ""
        if last in _CJK_STOPS:
            return not (
                last == "\uff0e" and s > 0 and text[s - 1].isdigit() and following.isdigit()
            )
        if self.count:
            if following not in ",;:":
                i = bisect_left(self.ends, s)
                if i < self.count and self.ends[i] == s:
                    return True  # "claim [1]." : a stop glued to a marker ends the sentence
            if following not in " \n" and self.token_at(e) >= 0:
                following = " "  # a marker right after the stop counts as a gap
        if following and following != " " and following != "\n":
            if following.isalnum():
                if not (e > stop_end and following.isupper()):
                    return False  # 3.14, config.yaml, a.b?x=1 ...
            elif is_blank_char(following):
                pass
            elif following in _OPENERS:
                if following == "[" and last == "!" and stop_end - s == 1:
                    return False  # a markdown image: ![alt](url)
            elif not (e > stop_end and following.isupper()):
                return False  # "etc.," "e.g.:" "a.-b" ...
        if stop_end - s == 1 and last == ".":
            return not self._fuses(s, e, lo, hi)
        return True

    def _fuses(self, s: int, e: int, lo: int, hi: int) -> bool:
        """Whether the period at ``s`` belongs to an abbreviation or an initial."""
        text = self.text
        longest = self.longest
        if s - longest - 1 >= lo and text[s - longest - 1 : s].isalpha():
            return False  # a word longer than any abbreviation, and no initial
        floor = max(lo, s - 24)
        j = max(text.rfind(" ", floor, s) + 1, floor)
        word = text[j:s].lstrip(_OPENERS_TEXT)
        j = s - len(word)
        if not word.isalpha():  # dots, other white space, symbols: walk back letter by letter
            j = s
            while j > floor:
                char = text[j - 1]
                if char.isalpha() or (char == "." and j - 1 > floor and text[j - 2].isalpha()):
                    j -= 1
                else:
                    break
            word = text[j:s]
        if not word or (j == floor and floor > lo):
            return False
        if len(word) > longest and len(word) > 1 and "." not in word:
            return False
        before = text[j - 1] if j > lo else ""
        if before and (before.isalnum() or before in "_@/\\&"):
            return False  # 3rd. / name@host.com. / R&D.
        closers = e > s + 1
        key = word.lower()
        initial = (
            len(word) == 1
            and word.isupper()
            and word != "I"
            and (not before or before.isspace() or before in _OPENERS)
        )
        if not closers and (initial or key in self.always):
            return True
        multi = "." in word and all(len(part) <= 3 for part in word.split("."))
        if initial or multi or key in self.always or key in self.context:
            nxt = self.skip(e, hi)
            if nxt >= hi:
                return False
            char = text[nxt]
            return char.islower() or char.isdigit()
        return False

    def _sentence(self, start: int, end: int, pending: list[tuple[int, int]]) -> None:
        """Emit the clauses of one sentence: separators, then cited colons, then the rest."""
        cuts = pending
        if self.count and self.text.find(":", start, end) >= 0:  # a colon may cut
            cited = self._cited_from(start, end)
            if cited is not None:
                colons = self._colons(cited, end)
                if colons:
                    cuts = sorted(pending + colons)
        if cuts:
            cuts = self._unshielded(start, end, cuts)
        cut = start
        for s, e in cuts:
            if self.piece(cut, s, (s, e)):
                cut = e
        self.piece(cut, end, None)

    def _cited_from(self, start: int, end: int) -> int | None:
        """End of the first marker of the sentence that will not bind backward, if any."""
        i = bisect_left(self.starts, start)
        if i >= self.count or self.starts[i] >= end:
            return None
        pos = self.skip(start, end)
        if self.open:
            i = self.token_at(pos)
            while i >= 0 and pos < end:
                pos = self.skip(self.ends[i], end)
                i = self.token_at(pos)
        i = bisect_left(self.starts, pos)
        if i < self.count and self.starts[i] < end:
            return self.ends[i]
        return None

    def _colons(self, start: int, end: int) -> list[tuple[int, int]]:
        text = self.text
        found = []
        k = text.find(":", start, end)
        while k != -1:
            before = text[k - 1]
            after = text[k + 1] if k + 1 < len(text) else ""
            if not (
                (before.isalnum() and after.isalnum())
                or before == ":"
                or after in (":", "/", "\\")
                or self.in_token(k)
            ):
                found.append((k, k + 1))
            k = text.find(":", k + 1, end)
        return found

    def _unshielded(
        self, start: int, end: int, cuts: list[tuple[int, int]]
    ) -> list[tuple[int, int]]:
        """``cuts`` without those inside matched brackets, inline code or URLs."""
        shields = self._shields(start, end)
        urls = [m.span() for m in _URL_RE.finditer(self.text, start, end)]
        if not shields and not urls:
            return cuts
        kept = []
        i = j = 0
        for cut in cuts:
            pos = cut[0]
            while i < len(shields) and shields[i][1] <= pos:
                i += 1
            while j < len(urls) and urls[j][1] <= pos:
                j += 1
            if (i < len(shields) and shields[i][0] < pos) or (j < len(urls) and urls[j][0] <= pos):
                continue
            kept.append(cut)
        return kept

    def _shields(self, start: int, end: int) -> list[tuple[int, int]]:
        """Outermost matched bracket pairs and code spans, per line, in ``[start, end)``.

        One stack pass; an opener never matched on its line shields nothing (fail closed),
        and a closer of the wrong kind drops the openers above its match.
        """
        text = self.text
        found: list[tuple[int, int]] = []
        stack: list[list[Any]] = []  # [char, start, count]
        code: tuple[int, int] | None = None  # (start, length) of an open backtick run
        t = bisect_left(self.ends, start + 1) if self.count else 0

        def record(open_at: int, close_at: int) -> None:
            while found and found[-1][0] >= open_at:
                found.pop()
            found.append((open_at, close_at))

        for match in _BRACKET_RE.finditer(text, start, end):
            pos = match.start()
            run = match.group()
            char = run[0]
            if char == "\n":
                stack.clear()
                code = None
                continue
            if self.count:
                while t < self.count and self.ends[t] <= pos:
                    t += 1
                if t < self.count and self.starts[t] <= pos:
                    continue  # brackets of markers and placeholders do not count
            if char == "`":
                if code is None:
                    code = (pos, len(run))
                elif len(run) == code[1]:
                    record(code[0], match.end())
                    code = None
                continue
            if code is not None:
                continue
            if char in "[(":
                stack.append([char, pos, len(run)])
                continue
            want = "[" if char == "]" else "("
            left = len(run)
            at = pos
            while left and stack:
                top = stack[-1]
                if top[0] != want:
                    stack.pop()
                    continue
                take = min(left, top[2])
                record(top[1] + top[2] - take, at + take)
                top[2] -= take
                left -= take
                at += take
                if not top[2]:
                    stack.pop()
        return found


def _clusters(spans: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Sorted token spans merged where they overlap: parallel start and end lists."""
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(spans):
        if ends and start < ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


#: The scanner's kind for a table data row, decided once its markers are bound.
_ROW = object()


def segment(
    text: str,
    markers: Sequence[Marker] = (),
    placeholders: Sequence[Span] = (),
    *,
    abbreviations: Abbreviations = DEFAULT_ABBREVIATIONS,
    non_claim: Callable[[str], bool] | None = None,
    table_rows: bool = False,
) -> list[Segment]:
    """Cut ``text`` into claim units, headings, code, tables, rules and non-claims.

    ``markers`` and ``placeholders`` (found in ``text`` beforehand) are never cut and end
    up in exactly one segment each; ``non_claim`` (default :func:`is_non_claim`) marks
    text units that assert nothing, but never one that carries a marker or placeholder.
    A table data row (below its delimiter row) is one claim unit when it carries a marker
    or placeholder, or always with ``table_rows`` (attribution: nothing is cited anyway);
    header, delimiter and other table lines stay ``table``.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    if not isinstance(abbreviations, Abbreviations):
        raise TypeError(
            f"abbreviations must be an Abbreviations, got {type(abbreviations).__name__}"
        )
    if non_claim is None:
        non_claim = is_non_claim
    elif not callable(non_claim):
        raise TypeError(f"non_claim must be callable or None, got {type(non_claim).__name__}")
    size = len(text)
    marks = list(markers)
    gaps = list(placeholders)
    if not all(isinstance(marker, Marker) for marker in marks):
        bad = next(m for m in marks if not isinstance(m, Marker))
        raise TypeError(f"markers must be Marker objects, got {type(bad).__name__}")
    if not all(isinstance(gap, Span) for gap in gaps):
        odd = next(g for g in gaps if not isinstance(g, Span))
        raise TypeError(f"placeholders must be Span objects, got {type(odd).__name__}")
    spans = [(m.span.start, m.span.end) for m in marks] + [(g.start, g.end) for g in gaps]
    if not all(0 <= start < end <= size for start, end in spans):
        start, end = next((a, b) for a, b in spans if not 0 <= a < b <= size)
        raise ValueError(f"marker or placeholder span {start}..{end} is empty or outside the text")
    marks.sort(key=lambda m: (m.span.start, m.span.end))
    gaps.sort()

    starts, ends = _clusters(spans)
    layout = scan_blocks(text, starts, ends)
    scanner = _Scanner(text, starts, ends, layout, abbreviations)
    headers: dict[int, Span] = {}
    for block in layout.blocks:
        if block.kind is None:
            scanner.paragraph(block.start, block.end, block.bullet)
        else:
            scanner.fixed(_ROW if block.row else block.kind, block.start, block.end)
            if block.header is not None:
                headers[block.start] = Span(*block.header)
    units = scanner.units
    bound_marks, lost = _assign(units, marks, [(m.span.start, m.span.end) for m in marks])
    bound_gaps, lost_gaps = _assign(units, gaps, [(g.start, g.end) for g in gaps])
    if lost or lost_gaps:  # only odd caller spans (blank edges, prefix characters) get here
        units = _repair(units, starts, ends)
        bound_marks, _ = _assign(units, marks, [(m.span.start, m.span.end) for m in marks])
        bound_gaps, _ = _assign(units, gaps, [(g.start, g.end) for g in gaps])
    out: list[Segment] = []
    for index, (start, end, kind, sep) in enumerate(units):
        unit_marks = bound_marks[index]
        unit_gaps = bound_gaps[index]
        if kind is None:
            if unit_marks or unit_gaps or not non_claim(text[start:end]):
                kind = Kind.CLAIM
            else:
                kind = Kind.NON_CLAIM
        header = None
        if kind is _ROW:
            if unit_marks or unit_gaps or table_rows:
                kind = Kind.CLAIM
                header = headers.get(start)
            else:
                kind = Kind.TABLE
        separator = Span(sep[0], sep[1]) if sep is not None else None
        out.append(_new_segment(Span(start, end), kind, unit_marks, unit_gaps, separator, header))
    return out


# Slot setters of the frozen Segment, in field order (see ``_new_segment``).
_SETTERS = tuple(
    getattr(Segment, name).__set__
    for name in ("span", "kind", "markers", "placeholders", "separator", "header")
)


def _new_segment(
    span: Span,
    kind: Kind,
    markers: tuple[Marker, ...],
    placeholders: tuple[Span, ...],
    separator: Span | None,
    header: Span | None = None,
) -> Segment:
    """``Segment(...)`` through its slots: the frozen ``__init__`` costs three times more,
    and an answer can have thousands of units (Segment has no ``__post_init__``)."""
    seg = object.__new__(Segment)
    set_span, set_kind, set_markers, set_placeholders, set_separator, set_header = _SETTERS
    set_span(seg, span)
    set_kind(seg, kind)
    set_markers(seg, markers)
    set_placeholders(seg, placeholders)
    set_separator(seg, separator)
    set_header(seg, header)
    return seg


def _assign(
    units: list[list[Any]], items: list[_T], spans: list[tuple[int, int]]
) -> tuple[list[tuple[_T, ...]], int]:
    """For each unit, the ``items`` whose (sorted) spans start inside it; and how many
    items are not wholly inside the unit they start in, or start in none."""
    bound: list[tuple[_T, ...]] = [()] * len(units)
    if not items:
        return bound, 0
    groups: dict[int, list[_T]] = {}
    lost = 0
    j = 0
    count = len(units)
    for item, (start, end) in zip(items, spans, strict=True):
        while j < count and units[j][1] <= start:
            j += 1
        if j < count and units[j][0] <= start:
            group = groups.get(j)
            if group is None:
                groups[j] = [item]
            else:
                group.append(item)
            if end > units[j][1]:
                lost += 1
        else:
            lost += 1
    for j, group in groups.items():
        bound[j] = tuple(group)
    return bound, lost


def _repair(units: list[list[Any]], starts: list[int], ends: list[int]) -> list[list[Any]]:
    """Units grown to whole tokens (merged where they then meet), and a unit of its own for
    a token no unit touches, so that no marker or placeholder is ever lost or cut."""
    grown: list[list[Any]] = []
    for unit in units:
        start, end = unit[0], unit[1]
        i = bisect_right(starts, start) - 1
        if i >= 0 and ends[i] > start:
            start = starts[i]
        i = bisect_left(starts, end) - 1
        if i >= 0 and ends[i] > end:
            end = ends[i]
        unit[0], unit[1] = start, end
        if grown and start < grown[-1][1]:
            grown[-1][1] = max(grown[-1][1], end)
            grown[-1][3] = unit[3]
            continue
        grown.append(unit)
    orphans = []
    j = 0
    for start, end in zip(starts, ends, strict=True):
        while j < len(grown) and grown[j][1] <= start:
            j += 1
        if not (j < len(grown) and grown[j][0] <= start):
            orphans.append([start, end, None, None])
    if not orphans:
        return grown
    return sorted(grown + orphans, key=lambda u: (u[0], u[1]))

"""Markdown block detection for the segmenter: headings, fences, tables, rules, lists, quotes.

One pass over the lines of an answer cuts it into blocks. Headings, fenced code, table
lines and horizontal rules become whole units; everything else is grouped into text
paragraphs (soft-wrapped lines joined, list bullets and ``>`` prefixes left out) that the
sentence scanner splits further. Only ``\\n`` breaks a line; ``\\r`` is trailing space.

Deliberate simplifications: indented (4-space) code and HTML blocks are plain text; a
setext underline (``===`` or ``---``) is a rule and its title line stays text; a fence
closes at the first fence line of the same character that is at least as long.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import NamedTuple

from grounding_guard.text.normalize import INVISIBLE_RE
from grounding_guard.types import Kind

__all__ = [
    "BLANK_RE",
    "SENTENCE_GAP_RE",
    "Block",
    "Layout",
    "is_blank_char",
    "is_delimiter_row",
    "is_prose",
    "prose_gap_end",
    "prose_resume",
    "rtrim",
    "scan_blocks",
]

_INVISIBLE_BODY = INVISIBLE_RE.pattern[1:-1]  # the character class without its brackets

#: A run (possibly empty) of white space and invisible characters, newlines included.
BLANK_RE = re.compile(rf"[\s{_INVISIBLE_BODY}]*")
_INLINE_BLANK_RE = re.compile(rf"[ \t\r\f\v{_INVISIBLE_BODY}]*")
_QUOTE_RE = re.compile(r">[> \t]*")
_FENCE_OPEN_RE = re.compile(r"`{3,}|~{3,}")
_FENCE_CLOSE_RE = re.compile(r"^[ \t>]*(?P<fence>`{3,}|~{3,})[ \t\r]*$", re.MULTILINE)
_HEADING_RE = re.compile(r"#{1,6}(?![^ \t\r])")
_NUMBERED_RE = re.compile(r"(?P<number>\d{1,9})[.)](?![^ \t\r])")
_BULLETS = "-*+\u2022"
# White space other than a line break (str.isspace), then invisibles: what may lead a line.
_LEAD_CLASS = (
    "[\t\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
    + _INVISIBLE_BODY
    + "]*"
)
# The next place where a line may do more than continue a paragraph: a line opening with a
# block character, a digit or nothing (blank), or any pipe (a table row).
_LINE_HEAD_RE = re.compile(_LEAD_CLASS + "(?:[#>|`~*+\\-_=\u2022\\d\\n]|\\Z)")


def _next_interesting(text: str, start: int) -> tuple[str, int] | None:
    """The next pipe, or the next line break whose line opens with a block character, a
    digit or nothing, from ``start`` on: found with ``str.find`` line by line (memchr
    speed) and an anchored match per line, never a scanning alternation."""
    n = len(text)
    index = start
    while True:
        newline = text.find("\n", index)
        pipe = text.find("|", index, n if newline == -1 else newline)
        if pipe != -1:
            return "|", pipe
        if newline == -1:
            return None
        if _LINE_HEAD_RE.match(text, newline + 1):
            return "\n", newline
        index = newline + 1


_RULE_CHARS = "-*_="


class Block(NamedTuple):
    """A run of the answer: a whole unit (``kind`` set) or a paragraph to split (``None``)."""

    kind: Kind | None
    start: int
    end: int
    bullet: bool  # the paragraph opens a list item, so a leading marker cannot bind back
    row: bool = False  # a table data row: below its table's delimiter row (may be a claim)
    header: tuple[int, int] | None = None  # a data row's header line (start, end), if any


class Layout(NamedTuple):
    """The blocks in text order and where the ``>`` prefixes of quoted lines sit."""

    blocks: list[Block]
    quote_skip: dict[int, int]  # first '>' of a prefix -> where the line's content starts
    quote_back: dict[int, int]  # just after the last '>' of a prefix -> its first '>'


def is_blank_char(char: str) -> bool:
    """True for white space and for characters that render as nothing."""
    return char.isspace() or INVISIBLE_RE.match(char) is not None


def rtrim(text: str, start: int, end: int) -> int:
    """``end`` moved left past trailing white space and invisibles, not before ``start``."""
    if end <= start or not is_blank_char(text[end - 1]):
        return end
    # one reversed copy keeps a long blank tail linear (a backward regex search is not)
    tail = BLANK_RE.match(text[start:end][::-1])
    return end - (tail.end() if tail else 0)


def _is_rule(line: str) -> bool:
    stripped = line.replace(" ", "").replace("\t", "").rstrip()
    return (
        len(stripped) >= 3
        and stripped[0] in _RULE_CHARS
        and stripped.count(stripped[0]) == len(stripped)
    )


#: A sentence that ends inside a line and another that starts after it: a stop after a word,
#: figure, closing bracket or quote, then blanks and a letter (or any CJK stop).
SENTENCE_GAP_RE = re.compile(
    "(?<=[^\\W_]|[\\])\"'\u201d\u2019\u00bb])[.!?\u2026]+[\"'\u201d\u2019\u00bb)\\]*_]*[ \t]+[^\\W\\d_]"
    "|[\u3002\uff01\uff1f\uff61\u0964\u0965]"
)


def is_delimiter_row(line: str) -> bool:
    """Whether ``line`` is a table's delimiter row (``|---|:--:|``)."""
    stripped = line.strip()
    return "|" in stripped and "-" in stripped and not stripped.strip("|:- \t")


def scan_blocks(text: str, starts: Sequence[int], ends: Sequence[int]) -> Layout:
    """Cut ``text`` into blocks; ``starts``/``ends`` are the sorted, disjoint token spans.

    A line break inside a token does not end a line, and a line made only of tokens after
    a text line closes that paragraph (a marker alone on its line binds to the text above).
    """
    n = len(text)
    blocks: list[Block] = []
    quote_skip: dict[int, int] = {}
    quote_back: dict[int, int] = {}
    para_start = para_end = -1
    para_bullet = para_list = para_quote = False
    prev_table = False
    table_body = False  # the current table's delimiter row has passed: rows are data
    table_header: tuple[int, int] | None = None  # the line above the delimiter row
    last_table_line: tuple[int, int] | None = None
    pos = 0
    found: tuple[str, int] | None = None
    found_at = -2  # where ``found`` lies; below pos - 1 means search again

    def flush() -> None:
        nonlocal para_start
        if para_start >= 0:
            blocks.append(Block(None, para_start, para_end, para_bullet))
            para_start = -1

    while pos < n:
        if para_start >= 0:  # jump over plain lines that only continue the paragraph
            # the first interesting place at or after pos - 1 is the one found before
            # while it still lies ahead: searching again from each line is quadratic
            if found_at < pos - 1:
                found = _next_interesting(text, pos - 1)
                found_at = found[1] if found is not None else n
            if found is None:
                stop = n
            elif found[0] == "|":
                stop = text.rfind("\n", pos - 1, found[1]) + 1
            else:
                stop = found[1] + 1
            if starts:
                i = bisect_left(starts, pos)
                if i < len(starts) and starts[i] < stop:
                    stop = text.rfind("\n", pos - 1, starts[i]) + 1
            if stop > pos:
                para_end = stop - 1 if found is not None or stop < n else n
                pos = stop
                continue
        first = BLANK_RE.match(text, pos).end()  # type: ignore[union-attr]
        if first >= n:
            break
        if text.find("\n", pos, first) != -1:  # one or more blank lines: a paragraph break
            flush()
            prev_table = False
        line_end = text.find("\n", first)
        if line_end == -1:
            line_end = n
        while starts and line_end < n:  # a token that spans a line break keeps the line open
            i = bisect_right(starts, line_end) - 1
            if i < 0 or ends[i] <= line_end:
                break
            line_end = text.find("\n", ends[i])
            if line_end == -1:
                line_end = n
        next_pos = line_end + 1
        inner = first
        char = text[inner]
        quoted = False
        if char == ">":
            prefix = _QUOTE_RE.match(text, inner, line_end)
            assert prefix is not None
            quote_skip[inner] = prefix.end()
            quote_back[inner + len(prefix.group().rstrip())] = inner
            quoted = True
            inner = _INLINE_BLANK_RE.match(text, prefix.end(), line_end).end()  # type: ignore[union-attr]
            if inner >= line_end:  # a quote line with nothing in it ends the paragraph
                flush()
                prev_table = False
                pos = next_pos
                continue
            char = text[inner]

        kind: Kind | None = None
        if char in "`~":
            fence = _FENCE_OPEN_RE.match(text, inner, line_end)
            if fence and not (char == "`" and "`" in text[fence.end() : line_end]):
                flush()
                prev_table = False
                length = len(fence.group())
                code_end, pos = n, n
                for close in _FENCE_CLOSE_RE.finditer(text, min(line_end + 1, n)):
                    mark = close.group("fence")
                    if mark[0] == char and len(mark) >= length:
                        code_end, pos = close.end("fence"), close.end() + 1
                        break
                blocks.append(Block(Kind.CODE, inner, rtrim(text, inner, code_end), False))
                continue
        elif char == "#" and _HEADING_RE.match(text, inner, line_end):
            kind = Kind.HEADING
        if kind is None and char in _RULE_CHARS and _is_rule(text[inner:line_end]):
            kind = Kind.RULE
        if kind is None and (char == "|" or text.find("|", inner, line_end) != -1):
            if char == "|" or prev_table or is_delimiter_row(text[inner:line_end]):
                kind = Kind.TABLE
            elif line_end < n and not is_prose(text, inner, line_end):
                following = text.find("\n", line_end + 1)
                if is_delimiter_row(text[line_end + 1 : n if following == -1 else following]):
                    kind = Kind.TABLE
        if kind is not None:
            flush()
            table = kind is Kind.TABLE
            delimiter = table and is_delimiter_row(text[inner:line_end])
            row = table and prev_table and table_body and not delimiter
            end = rtrim(text, inner, line_end)
            blocks.append(Block(kind, inner, end, False, row, table_header if row else None))
            if table and not prev_table:
                table_body = False
                table_header = None
            if delimiter:
                table_body = prev_table  # a delimiter row under a header opens the body
                table_header = last_table_line if prev_table else None
            last_table_line = (inner, end) if table else None
            prev_table = table
            pos = next_pos
            continue
        prev_table = False

        continues = para_start >= 0 and (para_quote or not quoted)
        content = -1
        if char in _BULLETS and (inner + 1 >= line_end or text[inner + 1] in " \t\r"):
            content = inner + 1
        elif char.isdigit():
            numbered = _NUMBERED_RE.match(text, inner, line_end)
            # like CommonMark, only "1." may interrupt a paragraph that is not a list
            if numbered and (
                not continues or para_list or numbered.group("number").lstrip("0") == "1"
            ):
                content = numbered.end()
        if content >= 0:
            flush()
            para_start = _INLINE_BLANK_RE.match(text, content, line_end).end()  # type: ignore[union-attr]
            para_end = line_end
            para_bullet = para_list = True
            para_quote = quoted
            pos = next_pos
            continue

        if continues:
            para_end = line_end
            if starts and _token_only(text, starts, ends, inner, line_end):
                flush()  # a marker alone on its line closes the paragraph above it
        else:
            flush()
            para_start, para_end = inner, line_end
            para_bullet = para_list = False
            para_quote = quoted
        pos = next_pos
    flush()
    return Layout(blocks, quote_skip, quote_back)


def is_prose(text: str, start: int, end: int) -> bool:
    """Whether the line ``text[start:end]`` holds a sentence gap (an upper-case word after
    a stop that follows at least two words), so that a delimiter row below cannot make it
    a table header unless it opens with a pipe.

    Table headers are labels, not sentences; and a streamed line whose first sentence is
    final must not turn into a table when a pipe arrives later on it."""
    return prose_gap_end(text, start, end) is not None


def prose_gap_end(text: str, start: int, end: int, resume: int | None = None) -> int | None:
    """Where the first gap that makes the line ``text[start:end]`` prose (see
    :func:`is_prose`) ends, or None: the line is prose up to any end from there on.
    ``resume`` (:func:`prose_resume` of a shorter end that found none) skips the gaps
    already read. One pass, however many gaps the line holds."""
    second_word: int | None = None  # where the line's second word starts, once asked
    for match in SENTENCE_GAP_RE.finditer(text, start if resume is None else resume, end):
        gap = match.group()
        if len(gap) == 1:
            return match.end()
        if gap[-1].isupper():
            if second_word is None:
                second_word = _second_word(text, start, end)
            if second_word < match.start():  # two words stand before the stop
                return match.end()
    return None


_NON_BLANK = re.compile(r"\S")
_GAP_CHARS = frozenset(".!?\u2026\"'\u201d\u2019\u00bb)]*_ \t")


def _second_word(text: str, start: int, end: int) -> int:
    """Where the first non-blank character after the first space of the (stripped) line
    stands, or ``end`` when there is none: before a stop, it means two words."""
    first = _NON_BLANK.search(text, start, end)
    if first is None:
        return end
    space = text.find(" ", first.start(), end)
    if space == -1:
        return end
    after = _NON_BLANK.search(text, space + 1, end)
    return end if after is None else after.start()


def prose_resume(text: str, start: int, end: int) -> int:
    """Where :func:`is_prose` may resume once ``text[start:end]`` was no prose: the
    start of the run of stop, closing and blank characters that ends the line so far (a
    gap cut by ``end`` may complete there; every gap before it was read whole)."""
    resume = end
    while resume > start and text[resume - 1] in _GAP_CHARS:
        resume -= 1
    return resume


def _token_only(text: str, starts: Sequence[int], ends: Sequence[int], pos: int, end: int) -> bool:
    """True when ``text[pos:end]`` is one or more tokens with only blanks between them."""
    i = bisect_left(starts, pos)
    seen = False
    while pos < end:
        if i >= len(starts) or starts[i] != pos:
            return False
        pos = _INLINE_BLANK_RE.match(text, ends[i], max(end, ends[i])).end()  # type: ignore[union-attr]
        i += 1
        seen = True
    return seen

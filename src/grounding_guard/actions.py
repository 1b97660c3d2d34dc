"""Actions on a judged answer: flag (report only), filter (drop failing units), block.

Filtering edits the original text, so everything kept stays word for word with its
markers and markdown structure: a dropped unit takes the spaces after it, a list item or
quote line left with nothing but its bullet goes, and a clause separator goes with the
clause it introduced (``A [1]; B.`` without ``B`` is ``A [1].``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace

from grounding_guard.evidence.map import EvidenceMap
from grounding_guard.pipeline.engine import Checked
from grounding_guard.types import Report, Status, Unit

__all__ = ["BULLET_ONLY", "MODES", "act", "filter_text"]

MODES = ("flag", "filter", "block")

#: a line that holds nothing but a list bullet or quote marks (left behind by a filter)
BULLET_ONLY = re.compile(r"^[ \t]*(?:>[ \t]*)*(?:[-*+\u2022][ \t]*|\d{1,9}[.)][ \t]*)?$")
_TERMINAL = ".!?\u3002\uff0e\uff01\uff1f\u0964"
# the stop that ends a unit, with only brackets, markers or quotes after it
_STOP_AT_END = re.compile(r"[.!?\u3002\uff0e\uff01\uff1f\u0964](?=[^\w]*$|(?:\[[^\]]*\])+\W*$)")


def filter_text(
    answer: str,
    units: Sequence[Unit],
    separators: Sequence[tuple[int, int] | None],
    drop: Collection[Status],
) -> str:
    """``answer`` without the units whose status is in ``drop``.

    ``separators[i]`` is the clause separator that ended unit ``i`` (or ``None``).
    """
    dropped = [u.status in drop for u in units]
    if not any(dropped):
        return answer
    cuts: list[tuple[int, int, str]] = []  # (start, end, replacement)
    for number, unit in enumerate(units):
        separator = separators[number]
        if dropped[number]:
            end = unit.span.end
            if separator is not None:
                end = separator[1]
            # take the horizontal space after the unit with it
            while end < len(answer) and answer[end] in " \t":
                end += 1
            # keep the line breaks a multi-line unit spans, so lines stay aligned below
            cuts.append((unit.span.start, end, "\n" * answer.count("\n", unit.span.start, end)))
        elif separator is not None and number + 1 < len(units) and dropped[number + 1]:
            following = units[number + 1]
            # the separator introduced a dropped clause: it goes, and the dropped clause's
            # full stop closes the kept one
            # full stop closes the kept one (markers after the stop do not hide it)
            ending = _STOP_AT_END.search(following.text)
            tail = ending.group() if ending and unit.text[-1:] not in _TERMINAL else ""
            start = unit.span.end
            cuts.append(
                (start, separator[1], tail + "\n" * answer.count("\n", start, separator[1]))
            )
    pieces: list[str] = []
    last = 0
    for start, end, replacement in sorted(cuts):
        if start < last:
            start = last
        pieces.append(answer[last:start])
        pieces.append(replacement)
        last = max(last, end)
    pieces.append(answer[last:])
    text = "".join(pieces)
    # cuts keep every line break, so line i of the result is line i of the answer
    before = answer.split("\n")
    after = text.split("\n")
    lines: list[str | None] = []  # None: a line the cut emptied
    for original, line in zip(before, after, strict=True):
        if line == original:
            lines.append(line)
        elif line.strip() and not BULLET_ONLY.match(line):
            lines.append(line.rstrip())
        else:  # a line emptied by the cut, or left with a bare bullet or quote marker, goes
            lines.append(None)
    _drop_orphans(lines)
    kept = [line for line in lines if line is not None]
    # collapse the blank lines that removed paragraphs leave behind
    out: list[str] = []
    for line in kept:
        if line.strip() == "" and out and out[-1].strip() == "":
            continue
        out.append(line)
    return "\n".join(out).strip("\n") + ("\n" if answer.endswith("\n") else "")


_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]|$)")


def _drop_orphans(lines: list[str | None]) -> None:
    """Empty (``None``) the headings and the lead-in lines (ending in a colon) whose every
    line under them was dropped by the filter: a title or "The doses are:" with nothing left
    to introduce. A heading's part runs to the next heading of its level or higher; a
    lead-in's to the next blank line. Nothing the filter did not empty makes an orphan."""
    for number in range(len(lines) - 1, -1, -1):
        line = lines[number]
        if line is None:
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            end = number + 1
            while end < len(lines):
                other = lines[end]
                found = _HEADING.match(other) if other is not None else None
                if found and len(found.group(1)) <= level:
                    break
                end += 1
        elif line.rstrip().endswith(":"):
            end = number + 1
            while end < len(lines) and (lines[end] is None or lines[end].strip()):  # type: ignore[union-attr]
                end += 1
        else:
            continue
        part = lines[number + 1 : end]
        if any(item is None for item in part) and not any(item and item.strip() for item in part):
            lines[number] = None


def act(
    answer: str,
    emap: EvidenceMap,
    checked: Checked,
    *,
    mode: str,
    fail_on: frozenset[Status],
    min_coverage: float,
    refusal: str,
) -> Report:
    """The report of one checked answer after its mode: flag passes the text through,
    filter drops failing units (or refuses when too little grounded text is left), block
    refuses a failing answer."""
    report = Report(
        answer=answer,
        units=checked.units,
        text=answer,
        mode=mode,
        blocked=False,
        fail_on=fail_on,
        min_coverage=min_coverage,
        citation_style=checked.style,
        evidence=emap.items,
        attribution=checked.attribution,
    )
    if report.is_clean or mode == "flag":
        return report
    if mode == "filter":
        kept = [u for u in report.claims if u.status not in fail_on]
        kept_grounded = sum(1 for u in kept if u.status is Status.GROUNDED)
        if kept and kept_grounded / len(kept) + 1e-12 >= min_coverage:
            text = filter_text(answer, checked.units, checked.separators, fail_on)
            return replace(report, text=text)
    return replace(report, text=refusal, blocked=True)

"""grounding-guard verdicts turned into Guardrails results: error spans and messages.

Each failing unit becomes one ``ErrorSpan`` over its characters (markers included), its
reason naming the status and the reason codes; the error message lists the failing units
so that ``on_fail="exception"`` and reask prompts say what was wrong.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from guardrails.validators import ErrorSpan  # type: ignore[import-untyped]

from grounding_guard import Report, Status, Unit

__all__ = ["error_message", "error_spans", "failing_units"]

_SHORT = 80


def failing_units(units: Sequence[Unit], fail_on: Collection[Status]) -> list[Unit]:
    """The units whose status makes the answer fail, in answer order."""
    return [unit for unit in units if unit.status in fail_on]


def error_spans(units: Sequence[Unit], offset: int = 0) -> list[ErrorSpan]:
    """One span per unit, ``offset`` characters to the left (the start of the validated
    text inside the answer: 0 for a whole answer, the piece's start when streaming)."""
    return [
        ErrorSpan(
            start=unit.span.start - offset,
            end=unit.span.end - offset,
            reason=_reason(unit),
        )
        for unit in units
    ]


def error_message(failing: Sequence[Unit], report: Report | None = None) -> str:
    """What failed, in one line: the failing units with their status and codes, and the
    report's summary when the whole answer is known."""
    parts = [f"{unit.status.value} [{_codes(unit)}] {_shorten(unit.text)!r}" for unit in failing]
    head = (
        f"{len(failing)} unit{'s' if len(failing) != 1 else ''} not grounded in the evidence"
        if failing
        else "the answer is not grounded enough in the evidence"
    )
    message = head + (": " + "; ".join(parts) if parts else "")
    if report is not None:
        message += f" ({report.summary_line()})"
    return message


def _reason(unit: Unit) -> str:
    messages = "; ".join(reason.message for reason in unit.reasons if reason.message)
    return f"{unit.status.value} ({_codes(unit)})" + (f": {messages}" if messages else "")


def _codes(unit: Unit) -> str:
    return ", ".join(unit.codes) or unit.status.value


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _SHORT else text[: _SHORT - 1] + "…"

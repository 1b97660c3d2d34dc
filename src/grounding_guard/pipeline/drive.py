"""Driving the engine: reading a support judge's answer to one request, sync or async.

The engine (:mod:`grounding_guard.pipeline.engine`) yields ``(claim, passages)`` requests;
the guard and the stream answer them through these, so that a judge that returns
something other than a :class:`~grounding_guard.types.Judgement` fails closed with a
:class:`~grounding_guard.errors.JudgeError` on every path.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grounding_guard.errors import JudgeError
from grounding_guard.judges.custom import CallableJudge
from grounding_guard.pipeline.engine import Checked, JudgeRequest
from grounding_guard.types import Judgement

__all__ = ["adrive", "ajudge", "read_judgement"]


def read_judgement(judge: Any, result: Any, request: JudgeRequest) -> Judgement:
    """``result`` (what ``judge`` answered to ``request``) as a Judgement, or JudgeError."""
    if isinstance(judge, CallableJudge):
        return judge.read(result, request[1])
    if not isinstance(result, Judgement):
        raise JudgeError(
            f"judge {getattr(judge, 'name', judge)!r} returned {type(result).__name__}, not a Judgement"
        )
    return result


async def ajudge(judge: Any, request: JudgeRequest) -> Judgement:
    """The judge's answer to one request, awaited when the judge is async."""
    result = judge.call(*request) if isinstance(judge, CallableJudge) else judge.judge(*request)
    if hasattr(result, "__await__"):
        result = await result
    return read_judgement(judge, result, request)


async def adrive(engine: Generator[JudgeRequest, Judgement, Checked], judge: Any) -> Checked:
    """Run ``engine`` to the end, awaiting the judge's answers where it is async."""
    try:
        request = next(engine)
        while True:
            request = engine.send(await ajudge(judge, request))
    except StopIteration as stop:
        checked: Checked = stop.value
    return checked

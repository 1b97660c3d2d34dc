"""Wrap a caller's judge: a callable ``(claim, evidence_text) -> bool | float | Judgement``.

The answer is read strictly (fail closed): ``True``/``False``, a float in ``[0, 1]``
compared with ``threshold``, or a :class:`~grounding_guard.types.Judgement`. Anything
else (``None``, a string, ``1``, ``NaN``, an awaitable in a synchronous check) is a
:class:`~grounding_guard.errors.JudgeError`, never support. Exceptions raised by the
callable propagate unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from grounding_guard.errors import ConfigError, JudgeError
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.types import Judgement

__all__ = ["CallableJudge", "JudgeFunction"]

JudgeAnswer = bool | float | Judgement
JudgeFunction = Callable[[str, str], JudgeAnswer | Awaitable[JudgeAnswer]]


def _is_async(function: Callable[..., Any]) -> bool:
    import inspect  # only needed when a judge is given: keep it out of import time

    if inspect.iscoroutinefunction(function):
        return True
    call = getattr(function, "__call__", None)  # noqa: B004 - callable objects
    return call is not None and inspect.iscoroutinefunction(call)


class CallableJudge:
    """Adapts a plain function to the judge protocol; async functions are awaited by the
    guard's async entry points."""

    def __init__(self, function: JudgeFunction, threshold: float = 0.5) -> None:
        if not callable(function):
            raise TypeError(f"judge must be callable, got {type(function).__name__}")
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
            raise TypeError(f"judge_threshold must be a number, got {type(threshold).__name__}")
        if not 0.0 <= threshold <= 1.0:
            raise ConfigError(f"judge_threshold must lie in [0, 1], got {threshold!r}")
        self.function = function
        self.threshold = float(threshold)
        self.name = getattr(function, "__name__", type(function).__name__)
        self.is_async = _is_async(function)

    def call(self, claim: Claim, passages: Sequence[Passage]) -> Any:
        """Call the function with the claim's words and the passages' joined text."""
        evidence_text = "\n\n".join(p.evidence.text for p in passages)
        return self.function(claim.plain, evidence_text)

    def read(self, answer: Any, passages: Sequence[Passage]) -> Judgement:
        """Turn the function's answer into a Judgement, or raise ``JudgeError``."""
        where = passages[0].id if len(passages) == 1 else None
        if isinstance(answer, Judgement):
            return answer
        if isinstance(answer, bool):
            verdict = "supported" if answer else "unsupported"
            return Judgement(verdict, 1.0 if answer else 0.0, (), where, None, self.name)
        if isinstance(answer, float):
            if math.isnan(answer) or not 0.0 <= answer <= 1.0:
                raise JudgeError(
                    f"judge {self.name!r} returned {answer!r}; a score must lie in [0, 1]"
                )
            verdict = "supported" if answer >= self.threshold else "unsupported"
            return Judgement(verdict, answer, (), where, None, self.name)
        if hasattr(answer, "__await__"):
            if hasattr(answer, "close"):
                answer.close()  # do not leave a never-awaited coroutine behind
            raise JudgeError(
                f"judge {self.name!r} returned an awaitable in a synchronous check; "
                "use Guard.acheck (or grounding_guard.acheck)"
            )
        raise JudgeError(
            f"judge {self.name!r} returned {type(answer).__name__} {answer!r}; expected a bool, "
            "a float in [0, 1] or a Judgement"
        )

    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        """Synchronous judging (the function must not be async)."""
        return self.read(self.call(claim, passages), passages)

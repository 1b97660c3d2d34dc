"""The RAG scenario the tests share: three retrieved chunks, a model answer mixing
grounded, forged, unsupported and uncited sentences, and a fake LLM callable."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import grounding_guard as gg

SOURCES = [
    "The Eiffel Tower is 330 metres tall and was completed in 1889 for the World's Fair in Paris.",
    "Gustave Eiffel's company designed and built the tower, which remained the tallest "
    "man-made structure in the world until 1930.",
    "The tower receives about 7 million visitors a year, most of them from abroad.",
]

GROUNDED_1 = "The Eiffel Tower was completed in 1889 for the World's Fair [1]."
FORGED = "It was repainted gold for its anniversary in 2021 [9]."  # [9]: 3 sources only
UNSUPPORTED = "The tower has a rooftop swimming pool for visitors [2]."  # [2] says no such
UNCITED = "Many consider it the most romantic place on Earth."
GROUNDED_3 = "It receives about 7 million visitors a year [3]."

ANSWER = "\n".join([GROUNDED_1, FORGED, UNSUPPORTED, UNCITED, GROUNDED_3])
FILTERED = GROUNDED_1 + "\n" + GROUNDED_3
CLEAN_ANSWER = GROUNDED_1 + "\n" + GROUNDED_3

#: (unit text, status, first reason code) of each failing unit, in answer order
FAILING = [
    (FORGED, "invalid", "unknown_citation"),
    (UNSUPPORTED, "invalid", "unsupported_citation"),
    (UNCITED, "ungrounded", "no_citation"),
]

MESSAGES = [{"role": "user", "content": "Tell me about the Eiffel Tower."}]


def words(text: str) -> list[str]:
    """``text`` as an LLM streams it: one word (with the space or break after it) a chunk."""
    return re.findall(r"\S+\s*|\s+", text)


class FakeLLM:
    """A custom Guardrails LLM callable answering from a script, streaming or not.

    Guardrails calls it with ``messages=`` and extra keywords (``temperature``,
    ``stream``); it records the calls and how many chunks it has yielded so far.
    """

    def __init__(self, *answers: str, chunker: Any = words) -> None:
        self.answers = list(answers) or [ANSWER]
        self.chunker = chunker
        self.calls: list[dict[str, Any]] = []
        self.yielded = 0
        self.finished = False

    def _answer(self) -> str:
        return self.answers[min(len(self.calls) - 1, len(self.answers) - 1)]

    def __call__(self, *, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        self.calls.append({"messages": messages, **kwargs})
        answer = self._answer()
        if kwargs.get("stream"):
            return self._stream(answer)
        return answer

    def _stream(self, answer: str) -> Iterator[str]:
        for chunk in self.chunker(answer):
            self.yielded += 1
            yield chunk
        self.finished = True


def core_filter(answer: str, evidence: Any = None, **options: Any) -> gg.Report:
    """What grounding-guard itself says in filter mode: the reference for every test."""
    return gg.check(answer, SOURCES if evidence is None else evidence, mode="filter", **options)

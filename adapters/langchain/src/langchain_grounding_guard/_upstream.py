"""Reading a stream of dict chunks (what ``RunnablePassthrough.assign`` and
``RunnableParallel`` stream) for the core's ``Guard.stream``: the answer's pieces become
the guard's text chunks, the context becomes its evidence, every other key passes through.

The guard pulls answer pieces as it needs them and asks for the evidence once, when a
unit first needs it; if the context has not arrived yet, more of the stream is read (the
answer pieces read meanwhile wait in a queue). The stream ending without the context is
an error: an answer is never passed as checked against nothing.
"""

from __future__ import annotations

from collections import deque
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables.utils import AddableDict

from grounding_guard import Evidence
from langchain_grounding_guard._convert import answer_text, message_chunk, to_evidence

if TYPE_CHECKING:
    from grounding_guard import Report
    from grounding_guard.streaming import StreamEvent

__all__ = [
    "REPORT_KEY",
    "AsyncUpstream",
    "SyncUpstream",
    "Upstream",
    "alast_report",
    "closing_events",
    "last_report",
]

#: The output key of the grounding report, whatever the answer key is.
REPORT_KEY = "grounding"

_MISSING: Any = object()


class Upstream:
    """What has been read of the dict stream so far (shared by the sync and async readers)."""

    def __init__(self, answer_key: str, context_key: str, id_key: str | None) -> None:
        self.answer_key = answer_key
        self.context_key = context_key
        self.id_key = id_key
        self.answers: deque[str] = deque()  # answer text read, not yet given to the guard
        self.passing: list[AddableDict] = []  # other keys read, not yet handed on
        self.context: Any = _MISSING
        self.evidence_read = False
        self.answer_seen = False
        self.message: BaseMessage | None = None  # the first piece, when the answer is a message
        self.ended = False

    def take(self, chunk: Any) -> None:
        """Sort one upstream chunk into answer text, context and pass-through keys."""
        if not isinstance(chunk, Mapping):
            raise TypeError(
                f"GroundingGuard streams dict chunks (or strings only, with evidence= bound), "
                f"got {type(chunk).__name__}: put it after a step that outputs a dict with the "
                "answer and context keys"
            )
        passing = AddableDict()
        for key, value in chunk.items():
            if key == self.answer_key:
                self._take_answer(value)
                continue
            if key == REPORT_KEY:
                raise ValueError(f"the input already has a {REPORT_KEY!r} key")
            if key == self.context_key:
                self._take_context(value)
            passing[key] = value
        if passing:
            self.passing.append(passing)

    def _take_answer(self, value: Any) -> None:
        is_message = isinstance(value, BaseMessage)
        if self.answer_seen and is_message != (self.message is not None):
            raise TypeError(f"{self.answer_key!r} mixes strings and messages in one stream")
        text = answer_text(value, f"{self.answer_key!r}")
        if is_message and self.message is None:
            self.message = value
        self.answer_seen = True
        if text:
            self.answers.append(text)

    def _take_context(self, value: Any) -> None:
        if self.evidence_read:
            raise ValueError(
                f"more {self.context_key!r} arrived after the guard read the evidence; "
                "send the context before the answer"
            )
        self.context = value if self.context is _MISSING else self.context + value

    def drain(self) -> Iterator[AddableDict]:
        """The pass-through chunks read so far, once each."""
        while self.passing:
            yield self.passing.pop(0)

    def answer_chunk(self, text: str) -> AddableDict:
        """An output chunk carrying guarded answer text (a message chunk for a message)."""
        value: Any = text if self.message is None else message_chunk(text, self.message)
        return AddableDict({self.answer_key: value})

    def missing_answer(self) -> ValueError:
        return ValueError(f"the input has no {self.answer_key!r} key (set answer_key=)")

    def evidence_now(self) -> list[Evidence]:
        if self.context is _MISSING:
            raise ValueError(
                f"the input has no {self.context_key!r} key: nothing to check the answer "
                "against (set context_key=)"
            )
        self.evidence_read = True
        return to_evidence(self.context, id_key=self.id_key)


class SyncUpstream(Upstream):
    """Reads a synchronous iterator of dict chunks."""

    def __init__(
        self, chunks: Iterator[Any], answer_key: str, context_key: str, id_key: str | None
    ):
        super().__init__(answer_key, context_key, id_key)
        self._chunks = chunks

    def pull(self) -> bool:
        """Read one more chunk; False once the stream has ended."""
        if self.ended:
            return False
        try:
            chunk = next(self._chunks)
        except StopIteration:
            self.ended = True
            return False
        self.take(chunk)
        return True

    def pieces(self) -> Iterator[str]:
        """The answer's text pieces, read as the guard asks for them."""
        while True:
            while self.answers:
                yield self.answers.popleft()
            if not self.pull():
                return

    def evidence(self) -> list[Evidence]:
        """The evidence, reading on until the context has arrived."""
        while self.context is _MISSING and self.pull():
            pass
        return self.evidence_now()


class AsyncUpstream(Upstream):
    """Reads an asynchronous iterator of dict chunks."""

    def __init__(
        self, chunks: AsyncIterator[Any], answer_key: str, context_key: str, id_key: str | None
    ):
        super().__init__(answer_key, context_key, id_key)
        self._chunks = chunks

    async def pull(self) -> bool:
        """Read one more chunk; False once the stream has ended."""
        if self.ended:
            return False
        try:
            chunk = await self._chunks.__anext__()
        except StopAsyncIteration:
            self.ended = True
            return False
        self.take(chunk)
        return True

    async def pieces(self) -> AsyncIterator[str]:
        """The answer's text pieces, read as the guard asks for them."""
        while True:
            while self.answers:
                yield self.answers.popleft()
            if not await self.pull():
                return

    async def evidence(self) -> list[Evidence]:
        """The evidence, reading on until the context has arrived."""
        while self.context is _MISSING and await self.pull():
            pass
        return self.evidence_now()


def last_report(events: Iterator[StreamEvent]) -> Report:
    """The report of a blocked stream: the core sends it right after the refusal."""
    for event in events:
        if event.report is not None:
            return event.report
    raise RuntimeError("the guard's stream was blocked without a report")


async def alast_report(events: AsyncIterator[StreamEvent]) -> Report:
    """Async ``last_report``."""
    async for event in events:
        if event.report is not None:
            return event.report
    raise RuntimeError("the guard's stream was blocked without a report")


@asynccontextmanager
async def closing_events(
    events: AsyncIterator[StreamEvent],
) -> AsyncIterator[AsyncIterator[StreamEvent]]:
    """Close the core's async stream when the adapter stops early (a raise, a cancel)."""
    try:
        yield events
    finally:
        aclose = getattr(events, "aclose", None)
        if aclose is not None:
            await aclose()

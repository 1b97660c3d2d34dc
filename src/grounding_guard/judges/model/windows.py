"""Evidence windows: consecutive sentences of a chunk that fit the model's token limit.

Long evidence is never truncated: every sentence starts a window, and a sentence longer
than the limit is cut (by tokens, between words where possible, with a small overlap)
into pieces that together cover it. Windows are counted with the model's own tokenizer.
Per claim, a few windows per chunk are pre-selected by lexical overlap.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from grounding_guard.evidence.passage import Passage
from grounding_guard.text.analysis import Analysis, analyse
from grounding_guard.types import Span

__all__ = ["Window", "answer_budget", "passage_windows", "select_windows", "spend"]


@dataclass(frozen=True, slots=True)
class Window:
    """A piece of one evidence chunk a model reads at once."""

    evidence_id: str
    span: Span
    text: str
    content: frozenset[str]


def passage_windows(
    passage: Passage,
    limit: int,
    size: int,
    count: Callable[[str], int],
    pieces: Callable[[str, int], list[tuple[int, int]]],
) -> tuple[Window, ...]:
    """Every window of ``passage``: one starting at each sentence, growing over up to
    ``size`` sentences while it fits ``limit`` tokens; over-long sentences in pieces."""
    text = passage.evidence.text
    sentences: Sequence[tuple[Span, Analysis]] = passage.sentences
    if not sentences and text.strip():
        start = len(text) - len(text.lstrip())
        sentences = ((Span(start, len(text.rstrip())), analyse(text.strip())),)
    out: list[Window] = []
    for first in range(len(sentences)):
        span, analysis = sentences[first]
        sentence = span.of(text)
        if not sentence.strip():
            continue
        if count(sentence) > limit:
            for a, b in pieces(sentence, limit):
                piece = sentence[a:b]
                out.append(
                    Window(
                        passage.id,
                        Span(span.start + a, span.start + b),
                        piece,
                        analyse(piece).content,
                    )
                )
            continue
        last = first
        content = analysis.content
        for following in range(first + 1, min(first + size, len(sentences))):
            grown = Span(span.start, sentences[following][0].end)
            if count(grown.of(text)) > limit:
                break
            last = following
            content = content | sentences[following][1].content
        whole = Span(span.start, sentences[last][0].end)
        out.append(Window(passage.id, whole, whole.of(text), content))
    return tuple(out)


def select_windows(
    claim_content: frozenset[str], windows: Sequence[Window], top_k: int | None
) -> list[Window]:
    """The ``top_k`` windows sharing most content stems with the claim (all when there
    are no more than ``top_k``), in text order; when some window shares a stem, those
    sharing none are left out."""
    if top_k is None or len(windows) <= top_k:
        return list(windows)
    shared = [len(claim_content & w.content) for w in windows]
    ranked = sorted(range(len(windows)), key=lambda i: (-shared[i], i))[:top_k]
    if shared[ranked[0]] > 0:  # something overlaps: a window sharing nothing is not read
        ranked = [i for i in ranked if shared[i] > 0]
    return [windows[i] for i in sorted(ranked)]


class _Budget:
    def __init__(self, windows: int) -> None:
        self.remaining = windows
        self.lock = threading.Lock()


_BUDGET: ContextVar[_Budget | None] = ContextVar("grounding_guard_model_budget", default=None)


@contextmanager
def answer_budget(windows: int) -> Iterator[None]:
    """Cap the windows model judges may newly score (cache misses) inside the block,
    e.g. around one ``Guard.check`` of one answer. Cached scores are always used; past
    the cap a unit is judged on what was scored, and on nothing is ``unverified``."""
    if isinstance(windows, bool) or not isinstance(windows, int) or windows < 0:
        raise ValueError(f"the answer budget must be a non-negative int, got {windows!r}")
    token = _BUDGET.set(_Budget(windows))
    try:
        yield
    finally:
        _BUDGET.reset(token)


def spend(wanted: int) -> int:
    """How many of ``wanted`` new windows the current answer budget allows (all of them
    when no budget is set); the allowance is taken from the budget."""
    budget = _BUDGET.get()
    if budget is None:
        return wanted
    with budget.lock:
        allowed = min(wanted, budget.remaining)
        budget.remaining -= allowed
    return allowed

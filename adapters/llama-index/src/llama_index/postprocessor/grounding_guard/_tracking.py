"""The hook that lets a node postprocessor guard the answer of its own query.

A postprocessor runs before synthesis and never sees the answer. LlamaIndex's
instrumentation opens a span around every ``query``/``_query`` of a query engine and
hands each span handler the span's result (the ``Response``) before the caller gets it.
:class:`QuerySpanTracker`, one span handler on the root dispatcher, remembers which open
span is whose child, so the postprocessor can find the query span it runs in (through
the ``active_span_id`` context variable, which is per thread and per asyncio task) and
ask for that span's result to be guarded when it exits. No "last query" global: two
concurrent queries are two spans.

Handlers' exceptions are swallowed by the dispatcher, so whatever runs at exit must act
by replacing text, never by raising.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from typing import Any

from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.instrumentation import get_dispatcher  # type: ignore[attr-defined]
from llama_index.core.instrumentation.span import BaseSpan
from llama_index.core.instrumentation.span_handlers import BaseSpanHandler

__all__ = ["QuerySpanTracker", "tracker"]

OnResult = Callable[[Any], None]


class _TrackedSpan(BaseSpan):
    """An open span: its parent (from ``BaseSpan``) and whether a query engine opened it."""

    query_engine: bool = False


class QuerySpanTracker(BaseSpanHandler[_TrackedSpan]):
    """Tracks open spans; runs a registered callback on a query span's result at exit."""

    _on_exit: dict[str, OnResult] = PrivateAttr(default_factory=dict)
    _registry_lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @classmethod
    def class_name(cls) -> str:
        return "GroundingGuardQuerySpanTracker"

    def new_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        parent_span_id: str | None = None,
        tags: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> _TrackedSpan:
        return _TrackedSpan(
            id_=id_,
            parent_id=parent_span_id,
            query_engine=isinstance(instance, BaseQueryEngine),
        )

    def query_span(self, span_id: str | None) -> str | None:
        """The innermost open query-engine span at or above ``span_id``, if any."""
        seen: set[str] = set()
        while span_id is not None and span_id not in seen:
            seen.add(span_id)
            span = self.open_spans.get(span_id)
            if span is None:
                return None
            if span.query_engine:
                return span_id
            span_id = span.parent_id
        return None

    def on_exit(self, span_id: str, callback: OnResult) -> None:
        """Run ``callback(result)`` when span ``span_id`` exits (replacing an earlier one)."""
        with self._registry_lock:
            self._on_exit[span_id] = callback

    def prepare_to_exit_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        result: Any | None = None,
        **kwargs: Any,
    ) -> _TrackedSpan | None:
        with self._registry_lock:
            callback = self._on_exit.pop(id_, None)
        if callback is not None:
            callback(result)
        return self.open_spans.get(id_)

    def prepare_to_drop_span(
        self,
        id_: str,
        bound_args: inspect.BoundArguments,
        instance: Any | None = None,
        err: BaseException | None = None,
        **kwargs: Any,
    ) -> _TrackedSpan | None:
        with self._registry_lock:
            self._on_exit.pop(id_, None)
        return self.open_spans.get(id_)


_TRACKER: QuerySpanTracker | None = None
_INSTALL_LOCK = threading.Lock()


def tracker() -> QuerySpanTracker:
    """The process-wide tracker, (re)attached to the root dispatcher if it is missing."""
    global _TRACKER
    with _INSTALL_LOCK:
        if _TRACKER is None:
            _TRACKER = QuerySpanTracker()
        root = get_dispatcher()
        if not any(handler is _TRACKER for handler in root.span_handlers):
            root.add_span_handler(_TRACKER)
        return _TRACKER

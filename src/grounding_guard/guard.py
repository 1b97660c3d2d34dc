"""``Guard``: configure once, check many answers; ``check``/``acheck`` for one-off use.

A Guard validates its options when built (so a bad pattern fails before any text is
read), holds no per-call state, and is safe to share between threads and tasks. The
only shared state is a small cache of read evidence sets (bounded by entries and
characters, guarded by a lock).
"""

from __future__ import annotations

import re
from collections.abc import (
    AsyncIterable,
    AsyncIterator,
    Callable,
    Generator,
    Iterable,
    Iterator,
    Mapping,
)
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from grounding_guard.actions import MODES, act
from grounding_guard.citations import DEFAULT_PLACEHOLDER_PATTERN, CitationStyle, get_style
from grounding_guard.errors import ConfigError, UngroundedAnswerError
from grounding_guard.evidence import EvidenceLike, EvidenceMap, build_evidence
from grounding_guard.judges.custom import CallableJudge
from grounding_guard.judges.lexical import DEFAULT_THRESHOLD, LexicalJudge
from grounding_guard.pipeline.drive import adrive, read_judgement
from grounding_guard.pipeline.engine import Checked, EngineOptions, JudgeRequest, run
from grounding_guard.telemetry import TelemetryConfig, telemetry_option, traced, traced_async
from grounding_guard.text.cache import BoundedCache, size_of
from grounding_guard.text.claims import is_non_claim
from grounding_guard.text.figures import PRESETS as VALUE_PRESETS
from grounding_guard.text.figures import Preset
from grounding_guard.text.segment import DEFAULT_ABBREVIATIONS, Abbreviations
from grounding_guard.types import FAILING_BY_DEFAULT, Judgement, Report, Status

if TYPE_CHECKING:
    from grounding_guard.streaming import StreamEvent

__all__ = ["DEFAULT_REFUSAL", "Guard", "acheck", "check"]

DEFAULT_REFUSAL = "I can't answer that from the provided sources."
#: Evidence sets read, by their texts: at most 8, and 500,000 characters in all (an
#: evidence map keeps what it read, about a hundred bytes per character); a larger set
#: is read afresh each time (pass its EvidenceMap to reuse it).
_EVIDENCE_CACHE: BoundedCache[Any, EvidenceMap] = BoundedCache(8, 500_000)


def _statuses(value: Iterable[Status | str], name: str) -> frozenset[Status]:
    if isinstance(value, (str, Status)):
        value = [value]
    out: set[Status] = set()
    for item in value:
        try:
            out.add(Status(item))
        except ValueError:
            raise ConfigError(
                f"{name}: unknown status {item!r}; use {', '.join(s.value for s in Status)}"
            ) from None
    return frozenset(out)


def _placeholder_pattern(value: re.Pattern[str] | None) -> re.Pattern[str]:
    if value is None:
        return DEFAULT_PLACEHOLDER_PATTERN
    if not isinstance(value, re.Pattern) or not isinstance(value.pattern, str):
        raise TypeError(f"placeholder must be a compiled str regex, got {type(value).__name__}")
    if value.fullmatch("") is not None:
        raise ConfigError(f"placeholder pattern {value.pattern!r} matches the empty string")
    return value


def _number(value: Any, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    if not low <= value <= high:
        raise ConfigError(f"{name} must lie in [{low}, {high}], got {value!r}")
    return float(value)


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}")
    return value


class Guard:
    """A reusable, thread-safe grounding check.

    Options (all keyword-only):

    - ``citations``: a preset name (``auto``, ``none``, ``numeric``, ``cite``, ``source``,
      ``bracket_id``, ``section``, ``threegpp``), a compiled regex with a group ``id``,
      or a :class:`~grounding_guard.citations.CitationStyle`. ``auto`` detects the style;
      ``none`` checks an uncited answer by attribution.
    - ``mode``: ``flag`` (report only), ``filter`` (drop failing units) or ``block``.
    - ``fail_on``: statuses that fail the answer (default contradicted, invalid, ungrounded).
    - ``min_coverage``: share of claim units that must be grounded (default 0).
    - ``refusal``: the text returned instead of a blocked answer.
    - ``placeholder``: regex of honest-gap markers (default ``[citation needed]`` & kin).
    - ``abbreviations``: :class:`~grounding_guard.text.segment.Abbreviations` (replaces
      the default lists).
    - ``skip_non_claims``: skip greetings, questions, sign-offs (``True``), never
      (``False``), or a callable ``text -> bool`` of your own.
    - ``threshold``: share of content words the lexical judge needs (default 0.6).
    - ``judge``: ``"lexical"`` (default), ``"model"`` (the combined judge of the ``model``
      extra, offline: lexical evidence and all-MiniLM-L6-v2 similarity weighed by a fitted
      logistic model, see :mod:`grounding_guard.judges.model.combined`), ``"embedding"`` (the
      plain cosine judge on the same model), or your own, replacing the lexical support
      judge: a callable ``(claim, evidence_text) -> bool | float | Judgement`` (sync or
      async) or an object with ``.judge(claim, passages)``; term checks still apply unless
      ``term_checks=False``.
    - ``judge_threshold``: the score a float-returning judge must reach (default 0.5); for
      ``"model"`` the probability that supports (default 0.5, see ``grounding-guard
      calibrate --judge model``), for ``"embedding"`` the cosine (default 0.55).
    - ``answer_budget``: the most evidence windows a model judge may newly score for one
      answer in ``check``/``acheck`` (``None``, the default: no cap; streaming does not
      apply it). Past it a unit is judged on what was scored, and on nothing is
      ``unverified``: never grounded.
    - ``strict_citations``: every cited id must support the unit on its own.
    - ``attribute_uncited``: attribute uncited units to evidence (``None``: only when the
      answer carries no marker at all).
    - ``term_checks``: run the name, figure, quote, negation and direction checks (default on).
    - ``locale``: how to read ambiguous figures and dates (``"de"`` reads ``1.234,5``;
      ``"en-US"``/``"en-GB"`` read ``04/08/2026`` month- or day-first); ``None`` compares
      neither.
    - ``values``: the figure preset, ``"generic"`` or ``"india_accounting"`` (where ``Cr``
      and ``Dr`` are credit and debit, never crore), or a ``grounding_guard.text.figures.Preset``.
    - ``telemetry``: what this guard records when an OpenTelemetry tracer provider is set
      (see :mod:`grounding_guard.telemetry`): ``True`` (default: a span per check and one
      ``gen_ai.evaluation.result`` event per claim unit, as ``telemetry.configure`` says),
      ``"span"`` (the span and its totals only, for volumes where the events' cost
      counts), ``False`` (nothing), or a ``grounding_guard.telemetry.TelemetryConfig``
      (``unit_events``, ``record_text``). Never changes a verdict.
    """

    def __init__(
        self,
        *,
        citations: str | re.Pattern[str] | CitationStyle = "auto",
        mode: str = "flag",
        fail_on: Iterable[Status | str] | None = None,
        min_coverage: float = 0.0,
        refusal: str = DEFAULT_REFUSAL,
        placeholder: re.Pattern[str] | None = None,
        abbreviations: Abbreviations | None = None,
        skip_non_claims: bool | Callable[[str], bool] = True,
        threshold: float = DEFAULT_THRESHOLD,
        judge: Any = None,
        judge_threshold: float | None = None,
        answer_budget: int | None = None,
        strict_citations: bool = False,
        attribute_uncited: bool | None = None,
        term_checks: bool = True,
        locale: str | None = None,
        values: str | Preset = "generic",
        telemetry: bool | str | TelemetryConfig = True,
    ) -> None:
        get_style(citations)  # validates before any text is read
        if not isinstance(mode, str) or mode not in MODES:
            raise ConfigError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        if not isinstance(refusal, str):
            raise TypeError(f"refusal must be str, got {type(refusal).__name__}")
        if abbreviations is not None and not isinstance(abbreviations, Abbreviations):
            raise TypeError(
                f"abbreviations must be an Abbreviations, got {type(abbreviations).__name__}"
            )
        if isinstance(skip_non_claims, bool):
            non_claim: Callable[[str], bool] | None = is_non_claim if skip_non_claims else _never
        elif callable(skip_non_claims):
            non_claim = skip_non_claims
        else:
            raise TypeError(
                f"skip_non_claims must be a bool or a callable, got {type(skip_non_claims).__name__}"
            )
        if locale is not None and not isinstance(locale, str):
            raise TypeError(
                f"locale must be a str such as 'de' or 'en-US', got {type(locale).__name__}"
            )
        if isinstance(values, str):
            if values not in VALUE_PRESETS:
                raise ConfigError(
                    f"values: unknown preset {values!r}; use one of {', '.join(VALUE_PRESETS)} "
                    "or a grounding_guard.text.figures.Preset"
                )
        elif not isinstance(values, Preset):
            raise TypeError(
                f"values must be a preset name or a Preset, got {type(values).__name__}"
            )
        if attribute_uncited is not None:
            _flag(attribute_uncited, "attribute_uncited")
        self._telemetry = telemetry_option(telemetry)
        self.mode = mode
        self.fail_on = FAILING_BY_DEFAULT if fail_on is None else _statuses(fail_on, "fail_on")
        self.min_coverage = _number(min_coverage, "min_coverage", 0.0, 1.0)
        self.refusal = refusal
        threshold = _number(threshold, "threshold", 0.0, 1.0)
        self._lexical = LexicalJudge(threshold) if threshold > 0 else LexicalJudge(1e-9)
        cut = None if judge_threshold is None else _number(judge_threshold, "judge_threshold", 0, 1)
        if answer_budget is not None and (
            isinstance(answer_budget, bool)
            or not isinstance(answer_budget, int)
            or answer_budget < 0
        ):
            raise ConfigError(f"answer_budget must be a non-negative int, got {answer_budget!r}")
        self.answer_budget = answer_budget
        self._support: Any
        if judge in ("lexical", None):
            self._support = self._lexical
        elif judge == "model":
            # the combined judge of the extra "model"; loads lazily, offline
            from grounding_guard.judges.model import default_judge

            self._support = default_judge(threshold=cut)
        elif judge == "embedding":
            from grounding_guard.judges.model import load_judge

            self._support = load_judge("default", threshold=cut)
        elif isinstance(judge, str):
            raise ConfigError(
                f"judge: unknown name {judge!r}; use 'lexical', 'model', 'embedding' or a callable"
            )
        elif hasattr(judge, "judge") and callable(judge.judge) and not callable(judge):
            self._support = judge
        elif callable(judge):
            self._support = CallableJudge(judge, 0.5 if cut is None else cut)
        else:
            raise TypeError(f"judge must be callable or have .judge(), got {type(judge).__name__}")
        self._engine_options = EngineOptions(
            citations=citations,
            placeholder=_placeholder_pattern(placeholder),
            abbreviations=abbreviations or DEFAULT_ABBREVIATIONS,
            non_claim=non_claim,
            threshold=self._lexical.threshold,  # 0 means "any overlap": the judge's own floor
            strict_citations=_flag(strict_citations, "strict_citations"),
            attribute_uncited=attribute_uncited,
            term_checks=_flag(term_checks, "term_checks"),
            locale=locale,
            values=values,
        )

    def warm(self) -> Guard:
        """Load the support judge's model now (imports and weights), so that the first
        check does not pay for it; a no-op for judges without a model. Returns the guard."""
        load = getattr(self._support, "load", None)
        if callable(load):
            load()
        return self

    @property
    def judge(self) -> Any:
        """The support judge this guard asks (lexical, a model judge or the caller's)."""
        return self._support

    @property
    def telemetry(self) -> TelemetryConfig:
        """What this guard records when a tracer provider is set (``telemetry=`` read)."""
        return self._telemetry

    @property
    def engine_options(self) -> EngineOptions:
        """The engine's view of this guard's options (styles, placeholders, checks)."""
        return self._engine_options

    # ---- evidence ------------------------------------------------------------------------
    def evidence_map(
        self, evidence: EvidenceLike, catalog: Iterable[Any] | None = None
    ) -> EvidenceMap:
        """Read ``evidence``; identical plain-text evidence sets are read once per process
        (a small LRU shared by every Guard, so ``check()`` in a loop reuses it too)."""
        key = _evidence_key(evidence, catalog)
        if key is not None:
            found = _EVIDENCE_CACHE.get(key)
            if found is not None:
                return found
        emap = build_evidence(evidence, catalog)
        if key is not None:
            _EVIDENCE_CACHE.put(key, emap, size_of(key))
        return emap

    # ---- checking ------------------------------------------------------------------------
    def _start(
        self,
        answer: Any,
        evidence: EvidenceLike,
        catalog: Iterable[Any] | None,
        progress: Callable[[int, int], object] | None = None,
    ) -> tuple[str, EvidenceMap, Generator[JudgeRequest, Judgement, Checked]]:
        if not isinstance(answer, str):
            raise TypeError(f"answer must be str, got {type(answer).__name__}")
        emap = self.evidence_map(evidence, catalog)
        return answer, emap, run(answer, emap, self._engine_options, progress)

    @traced  # an OpenTelemetry span when the application has a tracer provider set
    def check(
        self,
        answer: str,
        evidence: EvidenceLike,
        *,
        catalog: Iterable[Any] | None = None,
        progress: Callable[[int, int], object] | None = None,
    ) -> Report:
        """Judge every unit of ``answer`` against ``evidence`` and apply the mode;
        ``progress(done, total)`` is called after each unit (a long answer's progress)."""
        if getattr(self._support, "is_async", False):
            import asyncio  # only async judges need it: keep it out of import time

            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return asyncio.run(
                    self.acheck(answer, evidence, catalog=catalog, progress=progress)
                )
            raise ConfigError("this Guard's judge is async: inside an event loop use acheck()")
        answer, emap, engine = self._start(answer, evidence, catalog, progress)
        judge = self._support
        with self._budget():
            try:
                request = next(engine)
                while True:
                    request = engine.send(read_judgement(judge, judge.judge(*request), request))
            except StopIteration as stop:
                checked: Checked = stop.value
        return self.act(answer, emap, checked)

    def _budget(self) -> AbstractContextManager[None]:
        """The answer budget of model judges around one check (a no-op without one)."""
        if self.answer_budget is None:
            return nullcontext()
        from grounding_guard.judges.model.windows import answer_budget

        return answer_budget(self.answer_budget)

    @traced_async
    async def acheck(
        self,
        answer: str,
        evidence: EvidenceLike,
        *,
        catalog: Iterable[Any] | None = None,
        progress: Callable[[int, int], object] | None = None,
    ) -> Report:
        """``check`` for async code; awaits an async judge."""
        answer, emap, engine = self._start(answer, evidence, catalog, progress)
        judge = self._support
        with self._budget():
            checked = await adrive(engine, judge)
        return self.act(answer, emap, checked)

    def enforce(
        self, answer: str, evidence: EvidenceLike, *, catalog: Iterable[Any] | None = None
    ) -> str:
        """The answer to ship, or ``UngroundedAnswerError`` (with ``.report``) when the
        check fails and the mode leaves nothing safe to return."""
        return _enforced(self.check(answer, evidence, catalog=catalog))

    async def aenforce(
        self, answer: str, evidence: EvidenceLike, *, catalog: Iterable[Any] | None = None
    ) -> str:
        """``enforce`` for async code."""
        return _enforced(await self.acheck(answer, evidence, catalog=catalog))

    def stream(
        self, chunks: Iterable[str], evidence: Any, *, catalog: Iterable[Any] | None = None
    ) -> Iterator[StreamEvent]:
        """Guard an answer as it arrives; yields ``StreamEvent`` (see ``streaming``)."""
        from grounding_guard.streaming import stream

        return stream(self, chunks, evidence, catalog=catalog)

    def astream(
        self,
        chunks: AsyncIterable[str] | Iterable[str],
        evidence: Any,
        *,
        catalog: Iterable[Any] | None = None,
    ) -> AsyncIterator[StreamEvent]:
        """Async ``stream``: async or sync chunks, evidence may be awaitable."""
        from grounding_guard.streaming import astream

        return astream(self, chunks, evidence, catalog=catalog)

    # ---- actions ---------------------------------------------------------------------------
    def act(self, answer: str, emap: EvidenceMap, checked: Checked) -> Report:
        """The report of a checked answer after this guard's mode (the stream's end too)."""
        return act(
            answer,
            emap,
            checked,
            mode=self.mode,
            fail_on=self.fail_on,
            min_coverage=self.min_coverage,
            refusal=self.refusal,
        )


def _never(_text: str) -> bool:
    return False


def _enforced(report: Report) -> str:
    if report.blocked or (report.mode == "flag" and not report.is_clean):
        raise UngroundedAnswerError(report)
    return report.text


def _evidence_key(evidence: Any, catalog: Any) -> Any:
    """A hashable key for plain-text evidence (mapping or list of str), else ``None``."""
    if catalog is not None and not isinstance(catalog, (list, tuple, frozenset, set)):
        return None
    try:
        catalog_key = tuple(sorted(map(str, catalog))) if catalog is not None else None
        if isinstance(evidence, Mapping):
            if all(isinstance(v, str) for v in evidence.values()):
                return ("map", tuple((type(k), k, v) for k, v in evidence.items()), catalog_key)
        elif isinstance(evidence, (list, tuple)) and all(isinstance(v, str) for v in evidence):
            return ("seq", tuple(evidence), catalog_key)
    except TypeError:
        return None
    return None


def check(
    answer: str,
    evidence: EvidenceLike,
    *,
    catalog: Iterable[Any] | None = None,
    citations: str | re.Pattern[str] | CitationStyle = "auto",
    mode: str = "flag",
    fail_on: Iterable[Status | str] | None = None,
    min_coverage: float = 0.0,
    refusal: str = DEFAULT_REFUSAL,
    placeholder: re.Pattern[str] | None = None,
    abbreviations: Abbreviations | None = None,
    skip_non_claims: bool | Callable[[str], bool] = True,
    threshold: float = DEFAULT_THRESHOLD,
    judge: Any = None,
    judge_threshold: float | None = None,
    answer_budget: int | None = None,
    strict_citations: bool = False,
    attribute_uncited: bool | None = None,
    term_checks: bool = True,
    locale: str | None = None,
    values: str | Preset = "generic",
    telemetry: bool | str | TelemetryConfig = True,
) -> Report:
    """Check ``answer`` against ``evidence`` with a one-off :class:`Guard` of these options
    (each is documented on :class:`Guard`; build a Guard once to check many answers)."""
    guard = Guard(
        citations=citations,
        mode=mode,
        fail_on=fail_on,
        min_coverage=min_coverage,
        refusal=refusal,
        placeholder=placeholder,
        abbreviations=abbreviations,
        skip_non_claims=skip_non_claims,
        threshold=threshold,
        judge=judge,
        judge_threshold=judge_threshold,
        answer_budget=answer_budget,
        strict_citations=strict_citations,
        attribute_uncited=attribute_uncited,
        term_checks=term_checks,
        locale=locale,
        values=values,
        telemetry=telemetry,
    )
    return guard.check(answer, evidence, catalog=catalog)


async def acheck(
    answer: str,
    evidence: EvidenceLike,
    *,
    catalog: Iterable[Any] | None = None,
    citations: str | re.Pattern[str] | CitationStyle = "auto",
    mode: str = "flag",
    fail_on: Iterable[Status | str] | None = None,
    min_coverage: float = 0.0,
    refusal: str = DEFAULT_REFUSAL,
    placeholder: re.Pattern[str] | None = None,
    abbreviations: Abbreviations | None = None,
    skip_non_claims: bool | Callable[[str], bool] = True,
    threshold: float = DEFAULT_THRESHOLD,
    judge: Any = None,
    judge_threshold: float | None = None,
    answer_budget: int | None = None,
    strict_citations: bool = False,
    attribute_uncited: bool | None = None,
    term_checks: bool = True,
    locale: str | None = None,
    values: str | Preset = "generic",
    telemetry: bool | str | TelemetryConfig = True,
) -> Report:
    """Async :func:`check`."""
    guard = Guard(
        citations=citations,
        mode=mode,
        fail_on=fail_on,
        min_coverage=min_coverage,
        refusal=refusal,
        placeholder=placeholder,
        abbreviations=abbreviations,
        skip_non_claims=skip_non_claims,
        threshold=threshold,
        judge=judge,
        judge_threshold=judge_threshold,
        answer_budget=answer_budget,
        strict_citations=strict_citations,
        attribute_uncited=attribute_uncited,
        term_checks=term_checks,
        locale=locale,
        values=values,
        telemetry=telemetry,
    )
    return await guard.acheck(answer, evidence, catalog=catalog)

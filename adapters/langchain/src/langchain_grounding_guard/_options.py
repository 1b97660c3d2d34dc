"""The options of ``grounding_guard.Guard`` as pydantic fields, so a LangChain component
can be built from them, validated at construction and reconfigured per call with
``configurable_fields`` (LangChain rebuilds the component from its fields)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, PrivateAttr, model_validator

from grounding_guard import Guard

__all__ = ["GUARD_OPTIONS", "GuardOptions"]

#: The keyword options of ``grounding_guard.Guard`` that are fields here.
GUARD_OPTIONS: tuple[str, ...] = (
    "citations",
    "mode",
    "fail_on",
    "min_coverage",
    "refusal",
    "placeholder",
    "abbreviations",
    "skip_non_claims",
    "threshold",
    "judge",
    "judge_threshold",
    "answer_budget",
    "strict_citations",
    "attribute_uncited",
    "term_checks",
    "locale",
    "values",
    "telemetry",
)


class GuardOptions(BaseModel):
    """``Guard`` options as fields (``None``: the Guard's default), or a ready ``guard``.

    The values are handed to ``grounding_guard.Guard`` unchanged, so the core validates
    them (``ConfigError``/``TypeError`` when the component is built) and documents them.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    guard: Guard | None = None
    """A ready ``grounding_guard.Guard``; then leave the option fields unset."""
    citations: Any = None
    """Citation style: ``"auto"`` (default), ``"numeric"``, ``"none"``, a regex, ..."""
    mode: Any = None
    """``"flag"`` (default), ``"filter"`` or ``"block"``."""
    fail_on: Any = None
    """Statuses that fail the answer (default contradicted, invalid, ungrounded)."""
    min_coverage: Any = None
    """Share of claim units that must be grounded (default 0)."""
    refusal: Any = None
    """The text of a blocked answer (carried by the report of the raised error)."""
    placeholder: Any = None
    """Compiled regex of honest-gap markers such as ``[citation needed]``."""
    abbreviations: Any = None
    """``grounding_guard.Abbreviations`` replacing the default lists."""
    skip_non_claims: Any = None
    """Skip greetings, questions and sign-offs (``True``), never, or a callable."""
    threshold: Any = None
    """Share of content words the lexical judge needs (default 0.6)."""
    judge: Any = None
    """``"lexical"`` (default), ``"model"``, ``"embedding"`` or a callable/object judge."""
    judge_threshold: Any = None
    """The score a float-returning judge must reach (default 0.5)."""
    answer_budget: Any = None
    """The most evidence windows a model judge may newly score for one answer."""
    strict_citations: Any = None
    """Every cited id must support the unit on its own."""
    attribute_uncited: Any = None
    """Attribute uncited units to evidence (default: only when no marker at all)."""
    term_checks: Any = None
    """Run the name, figure, quote, negation and direction checks (default on)."""
    locale: Any = None
    """How to read ambiguous figures and dates (``"de"``, ``"en-US"``, ...)."""
    values: Any = None
    """Figure preset: ``"generic"`` (default) or ``"india_accounting"``."""
    telemetry: Any = None
    """OpenTelemetry recording: ``True`` (default), ``"span"`` (no per-unit events), ``False``."""

    _guard: Guard = PrivateAttr()

    @model_validator(mode="after")
    def _build_guard(self) -> GuardOptions:
        """Build (and so validate) the Guard once, when the component is built."""
        given = {name: getattr(self, name) for name in GUARD_OPTIONS}
        given = {name: value for name, value in given.items() if value is not None}
        if self.guard is not None:  # pydantic checked it is a Guard
            if given:
                raise ValueError(
                    "give either guard= or Guard options, not both "
                    f"(got guard= and {', '.join(sorted(given))})"
                )
            self._guard = self.guard
        else:
            self._guard = Guard(**given)
        return self

    @property
    def grounding_guard(self) -> Guard:
        """The ``grounding_guard.Guard`` this component checks with."""
        return self._guard

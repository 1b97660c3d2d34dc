"""Every exception grounding-guard raises, in one place.

The tree::

    GroundingGuardError                 base of everything raised on purpose
    ├── ConfigError (also TypeError)    the caller's configuration is wrong (bad pattern,
    │                                   unknown preset, a judge that answered nonsense)
    │   └── JudgeError                  a judge returned something that is not a verdict
    ├── EvidenceError (also ValueError) the evidence cannot be read as an evidence map
    ├── ModelLoadError                  a model judge could not load (missing package, file
    │                                   or extra, or a download that was not allowed)
    └── UngroundedAnswerError           ``Guard.enforce`` refused an answer; carries the report

Wrong argument *types* raise the built-in ``TypeError`` naming the argument. Nothing the
answer text contains is an error: any string can be checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grounding_guard.types import Report

__all__ = [
    "ConfigError",
    "EvidenceError",
    "GroundingGuardError",
    "JudgeError",
    "ModelLoadError",
    "UngroundedAnswerError",
]


class GroundingGuardError(Exception):
    """Base class of every error grounding-guard raises on purpose."""


class ConfigError(GroundingGuardError, TypeError):
    """The calling code or its configuration is wrong; never a property of the text."""


class JudgeError(ConfigError):
    """A judge returned a value that cannot be read as a verdict (fail closed, never support)."""


class EvidenceError(GroundingGuardError, ValueError):
    """The evidence given cannot be read as an evidence map (duplicate ids, non-text, ...)."""


class ModelLoadError(GroundingGuardError):
    """A model could not be loaded: a missing package, file or extra, or a refused download."""


class UngroundedAnswerError(GroundingGuardError):
    """Raised by ``Guard.enforce`` when an answer fails its check; ``.report`` says why."""

    def __init__(self, report: Report, message: str | None = None) -> None:
        self.report = report
        super().__init__(message or f"answer refused: {report.summary_line()}")

"""Evaluation and calibration on labelled data, beside the pipeline: dataset readers,
predictors and metrics (:mod:`~grounding_guard.evaluation.evaluate`, whose names this
package re-exports), and thresholds picked on dev data
(:mod:`~grounding_guard.evaluation.calibration`)."""

from __future__ import annotations

from grounding_guard.evaluation.evaluate import *  # noqa: F403  (the public names, listed once in that module)
from grounding_guard.evaluation.evaluate import __all__ as __all__

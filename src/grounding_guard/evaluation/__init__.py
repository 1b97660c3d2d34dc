"""Evaluation and calibration on labelled data, beside the pipeline: dataset readers,
predictors and metrics (:mod:`~grounding_guard.evaluation.evaluate`), and thresholds
picked on dev data (:mod:`~grounding_guard.evaluation.calibration`).

Read labelled (claim, evidence, label) rows from the public sets the accuracy benchmark
uses (AttributionBench, WiCE, QAGS, SNLI) or from a generic JSON Lines file, run a
predictor over them and summarise::

    from grounding_guard.evaluation import evaluate, make_predictor, read_rows

    rows = list(read_rows("attributionbench/test_id_500.jsonl", "attributionbench"))
    result = evaluate(rows, make_predictor("deterministic"))
    print(format_result(result))

The positive class is *supported* (``Row.label is True``). Every metric is pure Python
(no numpy): balanced accuracy, macro-F1, rank-based AUROC with ties, per-class
precision/recall/F1, the confusion matrix, latency percentiles and, for every reason
code a predictor emits, how often the gold label agrees the claim is not supported.
"""

from __future__ import annotations

from grounding_guard.evaluation.evaluate import (
    FORMATS,
    PREDICTORS,
    SUPPORT_VERDICT_CODES,
    ClassStats,
    CodeStats,
    Confusion,
    EvalResult,
    Flag,
    GroupStats,
    GuardPredictor,
    Prediction,
    Predictor,
    ProgressPrinter,
    Row,
    RowOutcome,
    as_prediction,
    auroc,
    balanced_accuracy,
    confusion,
    evaluate,
    format_result,
    latency_summary,
    macro_f1,
    make_predictor,
    per_class,
    percentile,
    read_rows,
    sample,
)

__all__ = [
    "FORMATS",
    "PREDICTORS",
    "SUPPORT_VERDICT_CODES",
    "ClassStats",
    "CodeStats",
    "Confusion",
    "EvalResult",
    "Flag",
    "GroupStats",
    "GuardPredictor",
    "Prediction",
    "Predictor",
    "ProgressPrinter",
    "Row",
    "RowOutcome",
    "as_prediction",
    "auroc",
    "balanced_accuracy",
    "confusion",
    "evaluate",
    "format_result",
    "latency_summary",
    "macro_f1",
    "make_predictor",
    "per_class",
    "percentile",
    "read_rows",
    "sample",
]

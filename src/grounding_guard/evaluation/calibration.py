"""Pick thresholds on labelled data and save them as a config a ``Guard`` can load.

::

    from grounding_guard.evaluation.calibration import Thresholds, calibrate
    from grounding_guard.evaluation import make_predictor, read_rows

    rows = list(read_rows("dev.jsonl", "attributionbench"))
    thresholds = calibrate(rows, make_predictor("deterministic"))
    thresholds.save("thresholds.json")
    guard = Guard(**Thresholds.from_file("thresholds.json").guard_options())

A predictor's score is compared with a threshold (supported iff ``score >= t``); the
threshold kept is the one with the highest balanced accuracy on the rows. Which Guard
option it sets depends on what the score is: ``support`` is the lexical judge's overlap
(``Guard(threshold=...)``), ``entailment`` a model judge's support probability
(``Guard(judge_threshold=...)``). ``contradiction`` is kept for a model judge's
contradiction probability; nothing calibrates it yet.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from grounding_guard.evaluation import Prediction, Predictor, Row, as_prediction

__all__ = ["KINDS", "Thresholds", "best_threshold", "calibrate"]

#: The thresholds :func:`calibrate` can tune.
KINDS: Final = ("support", "entailment")
_FORMAT: Final = 1


@dataclass(frozen=True)
class Thresholds:
    """Calibrated thresholds of one judge, with how they were obtained.

    ``support``: the lexical overlap a unit needs (Guard ``threshold``); ``entailment``:
    the score a model judge must reach (Guard ``judge_threshold``); ``contradiction``:
    reserved for a model judge's contradiction probability. ``None`` leaves the Guard's
    default in place.
    """

    judge: str
    support: float | None = None
    entailment: float | None = None
    contradiction: float | None = None
    balanced_accuracy: float | None = None
    rows: int = 0
    data: str = ""

    def __post_init__(self) -> None:
        for name in ("support", "entailment", "contradiction"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number or None, got {type(value).__name__}")
            if not 0.0 <= value <= 1.0 or math.isnan(value):
                raise ValueError(f"{name} must lie in [0, 1], got {value!r}")

    def guard_options(self) -> dict[str, Any]:
        """Keyword arguments for :class:`~grounding_guard.Guard` (``threshold``,
        ``judge_threshold``)."""
        options: dict[str, Any] = {}
        if self.support is not None:
            options["threshold"] = self.support
        if self.entailment is not None:
            options["judge_threshold"] = self.entailment
        return options

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, ``guard`` holding :meth:`guard_options`."""
        return {"format": _FORMAT, **asdict(self), "guard": self.guard_options()}

    def to_json(self, *, indent: int | None = 2) -> str:
        """``to_dict()`` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> Thresholds:
        """Read :meth:`to_dict` output back (unknown keys are ignored)."""
        if not isinstance(data, dict):
            raise ValueError("a thresholds file holds a JSON object")
        if data.get("format", _FORMAT) != _FORMAT:
            raise ValueError(f"unsupported thresholds format {data.get('format')!r}")
        judge = data.get("judge")
        if not isinstance(judge, str):
            raise ValueError("thresholds: 'judge' must be a string")
        rows = data.get("rows", 0)
        if isinstance(rows, bool) or not isinstance(rows, int):
            raise ValueError("thresholds: 'rows' must be an integer")
        return cls(
            judge=judge,
            support=data.get("support"),
            entailment=data.get("entailment"),
            contradiction=data.get("contradiction"),
            balanced_accuracy=data.get("balanced_accuracy"),
            rows=rows,
            data=str(data.get("data", "")),
        )

    @classmethod
    def from_json(cls, text: str) -> Thresholds:
        """Parse :meth:`to_json` output."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"thresholds: not JSON ({exc.msg})") from None
        return cls.from_dict(data)

    @classmethod
    def from_file(cls, path: str | Path) -> Thresholds:
        """Load a file written by :meth:`save`."""
        try:
            return cls.from_json(Path(path).read_text(encoding="utf-8"))
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None


def best_threshold(
    labels: Sequence[bool], scores: Sequence[float | None], *, prefer: float = 0.5
) -> tuple[float, float]:
    """The threshold ``t`` in [0, 1] maximising the balanced accuracy of ``score >= t``,
    and that accuracy.

    Candidates are the midpoints between consecutive distinct scores and the lowest;
    among equally good ones the one nearest ``prefer`` wins. A ``None`` score never
    reaches a threshold. Needs both classes.
    """
    if len(labels) != len(scores):
        raise ValueError("labels and scores differ in length")
    positives = sum(1 for label in labels if label)
    negatives = len(labels) - positives
    if not positives or not negatives:
        raise ValueError("calibration needs rows of both classes")
    pairs = sorted(
        ((float(s), bool(label)) for s, label in zip(scores, labels, strict=True) if s is not None),
        reverse=True,
    )
    distinct = sorted({s for s, _ in pairs}, reverse=True)
    # at candidate t, predicted positive = every score >= t; walk t downwards
    candidates = [(a + b) / 2 for a, b in pairwise(distinct)]
    candidates.append(max(0.0, min(distinct[-1], 1.0)) if distinct else 1.0)
    best: tuple[float, float, float] | None = None  # (accuracy, -distance, t)
    tp = fp = 0
    index = 0
    for t in candidates:
        while index < len(pairs) and pairs[index][0] >= t:
            if pairs[index][1]:
                tp += 1
            else:
                fp += 1
            index += 1
        accuracy = (tp / positives + (negatives - fp) / negatives) / 2
        key = (round(accuracy, 12), -abs(t - prefer), t)
        if best is None or key > best:
            best = key
    assert best is not None
    return round(best[2], 6), best[0]


def calibrate(
    rows: Iterable[Row],
    predictor: Predictor,
    *,
    kind: str | None = None,
    data: str = "",
    progress: Callable[[int, int | None], None] | None = None,
) -> Thresholds:
    """Run ``predictor`` on the labelled ``rows`` and pick the threshold on its scores
    that maximises balanced accuracy.

    ``kind`` says which threshold the score stands for (``support`` or
    ``entailment``); by default the predictor's ``threshold_kind`` (see
    :func:`~grounding_guard.evaluation.make_predictor`), else ``support``. Scores are
    computed with the predictor's own settings: the term checks read the support
    threshold too, so confirm the result with an ``eval`` run at the new threshold.
    """
    kind = kind or str(getattr(predictor, "threshold_kind", "support"))
    if kind not in KINDS:
        raise ValueError(f"unknown threshold kind {kind!r} (choose from {', '.join(KINDS)})")
    labels: list[bool] = []
    scores: list[float | None] = []
    items = rows if isinstance(rows, Sequence) else list(rows)
    total = len(items)
    for done, row in enumerate(items, start=1):
        if row.label is not None:
            prediction: Prediction = as_prediction(predictor(row))
            labels.append(row.label)
            scores.append(prediction.score)
        if progress is not None:
            progress(done, total)
    if all(score is None for score in scores):
        raise ValueError("the predictor gives no scores: nothing to calibrate")
    prefer = float(getattr(predictor, "threshold" if kind == "support" else "judge_threshold", 0.5))
    threshold, accuracy = best_threshold(labels, scores, prefer=prefer)
    if kind == "support":
        threshold = max(threshold, 1e-6)  # the lexical judge needs a positive threshold
    name = str(getattr(predictor, "name", getattr(predictor, "__name__", "custom")))
    return Thresholds(
        judge=name,
        support=threshold if kind == "support" else None,
        entailment=threshold if kind == "entailment" else None,
        balanced_accuracy=accuracy,
        rows=len(labels),
        data=data,
    )

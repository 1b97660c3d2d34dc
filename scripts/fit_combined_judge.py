"""Fit the weights of the combined default judge (``grounding_guard.judges.model.combined``).

Fits on development data from ``../shared/data`` only: AttributionBench ``dev.jsonl``,
WiCE ``claim_dev.jsonl`` and SNLI ``*.dev``. The test splits and QAGS never reach the
fit; ``--report`` measures the fitted weights on them afterwards, as the accuracy
benchmark (``benchmarks/accuracy.py``) does. Which calls a row makes depends on the
deterministic checks (a vetoed chunk is never asked about), so refit after changing them.

1. **Features.** Each dev row is checked the way the benchmark checks it
   (``check(claim, evidence, citations="none")``, the deterministic checks on) with a
   recording judge that measures the combined judge's features (the packaged
   all-MiniLM-L6-v2 gives the cosine) for every (unit, passages) the engine asks about
   and answers "unsupported", so every candidate chunk and the joined candidates are
   asked: the calls a real run may make, whatever it decides.
2. **Fit.** A row is supported when every unit is; a unit when one of its calls is. So a
   row's logit is ``min over units of max over calls of b + w . x`` (a call whose claim
   stands verbatim counts as certain, a unit with no call as impossible). The weights
   are fitted by alternating: pick each row's deciding call under the current weights,
   refit an L2-regularised logistic regression (Newton's method) on those calls; repeat
   until the choice is stable. Rows weigh so that each data set, and each class within
   it, counts equally.
3. **Threshold.** The cut on ``P`` with the best mean balanced accuracy over the dev sets
   is folded into the intercept, so the shipped threshold is 0.5.

Deterministic: no randomness, plain numpy. Run from the repository root::

    python scripts/fit_combined_judge.py                  # prints WEIGHTS and dev figures
    python scripts/fit_combined_judge.py --cache /tmp/gg-cosines   # keep the cosines
    python scripts/fit_combined_judge.py --cv --report    # penalty table, held-out figures
    python scripts/fit_combined_judge.py --check          # exit 1 if the shipped WEIGHTS differ
    python scripts/fit_combined_judge.py --write          # write WEIGHTS into combined.py
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from grounding_guard.evaluation import GuardPredictor, Row, read_rows  # noqa: E402
from grounding_guard.evidence.passage import Claim, Passage  # noqa: E402
from grounding_guard.judges.model.combined import (  # noqa: E402
    FEATURES,
    WEIGHTS,
    CombinedJudge,
)
from grounding_guard.judges.model.windows import Window  # noqa: E402
from grounding_guard.types import Judgement, Span  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data"
#: The L2 penalty (per unit of total row weight): the strongest of ``PENALTIES`` whose
#: 5-fold cross-validated mean dev balanced accuracy is within 0.25 points of the best
#: (``--cv`` prints the table).
L2 = 10.0
PENALTIES = (0.1, 1.0, 3.0, 10.0, 30.0, 100.0)
FOLDS = 5


@dataclass(frozen=True)
class DevSet:
    key: str
    path: str
    format: str
    split: str | None = None


DEV_SETS = (
    DevSet("attributionbench-dev", "attributionbench/dev.jsonl", "attributionbench"),
    DevSet("wice-dev", "wice/claim_dev.jsonl", "wice"),
    DevSet("snli-dev", "snli", "snli", "dev"),
)
#: Held-out sets the script can also measure (``--report``), never fitted on.
TEST_SETS = (
    DevSet("attributionbench-test", "attributionbench/test_id_500.jsonl", "attributionbench"),
    DevSet("wice-test", "wice/claim_test.jsonl", "wice"),
    DevSet("qags-cnndm", "qags/mturk_cnndm.jsonl", "qags"),
    DevSet("qags-xsum", "qags/mturk_xsum.jsonl", "qags"),
    DevSet("snli-test", "snli", "snli", "test"),
)

VERBATIM = "verbatim"
UNVERIFIED = "unverified"

# ---- 1. features ---------------------------------------------------------------------------


class Recorder:
    """A judge that records the combined judge's measurements and never supports.

    Cosines are memoised per (claim, passage texts) in ``cosines`` (kept on disk with
    ``--cache``), so changing a lexical feature does not run the model again."""

    name = "recorder"

    def __init__(self, judge: CombinedJudge, cosines: dict[str, Any] | None = None) -> None:
        self.inner = judge
        self.calls: dict[tuple[int, int], list[Any]] = {}
        self.texts: dict[str, tuple[int, int]] = {}
        self.cosines: dict[str, Any] = {} if cosines is None else cosines
        embedding = judge.embedding
        closest = embedding.closest

        def memo(claim: Claim, passages: Sequence[Passage], enough: float | None = None) -> Any:
            if enough is not None:  # measure() never stops early: not what is memoised
                return closest(claim, passages, enough)
            key = json.dumps([claim.plain, [p.evidence.text for p in passages]])
            found = self.cosines.get(key)
            if found is None:
                result = closest(claim, passages)
                if isinstance(result, str):
                    found = self.cosines[key] = result
                else:
                    window, cosine = result
                    where = (
                        [window.evidence_id, window.span.start, window.span.end, window.text]
                        if window is not None
                        else None
                    )
                    found = self.cosines[key] = [cosine, where]
            if isinstance(found, str):
                return found
            cosine, where = found
            if where is None:
                return None, cosine
            return Window(where[0], Span(where[1], where[2]), where[3], frozenset()), cosine

        embedding.closest = memo  # type: ignore[method-assign]

    def reset(self) -> None:
        self.calls = {}
        self.texts = {}

    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        measured = self.inner.measure(claim, passages)
        call: Any
        if measured.verbatim:
            call = VERBATIM
        elif measured.unverified is not None:
            call = UNVERIFIED
        else:
            call = [round(measured.values[name], 6) for name in FEATURES]
        key = (claim.span.start, claim.span.end)
        self.calls.setdefault(key, []).append(call)
        self.texts.setdefault(claim.plain, key)
        return Judgement("unsupported", 0.0, (), None, None, self.name)


def measure_rows(rows: Sequence[Row], recorder: Recorder, label: str) -> list[dict[str, Any]]:
    """For each row: its label and, per claim unit, the calls (feature lists, or
    ``verbatim`` / ``unverified``)."""
    predictor = GuardPredictor("fit", term_checks=True, judge=recorder)
    out: list[dict[str, Any]] = []
    started = time.perf_counter()
    for number, row in enumerate(rows, start=1):
        recorder.reset()
        report, _ = predictor.check(row)
        units = []
        for unit in report.claims:
            key = (unit.span.start, unit.span.end)
            calls = recorder.calls.get(key)
            if calls is None:  # the engine reused the judgement of an identical unit
                same = recorder.texts.get(" ".join(unit.text.split()))
                calls = recorder.calls.get(same, []) if same is not None else []
            units.append(calls)
        out.append({"label": row.label, "units": units})
        if number % 500 == 0:
            rate = number / (time.perf_counter() - started)
            print(f"  {label}: {number}/{len(rows)} rows ({rate:.0f}/s)", file=sys.stderr)
    return out


def load_set(data: Path, spec: DevSet, recorder: Recorder) -> list[dict[str, Any]]:
    """The measured rows of one set (the current term checks decide which calls happen,
    so only the cosines are kept between runs, never the calls)."""
    rows = [
        r for r in read_rows(data / spec.path, spec.format, split=spec.split) if r.label is not None
    ]
    print(f"measuring {spec.key}: {len(rows)} rows", file=sys.stderr)
    return measure_rows(rows, recorder, spec.key)


# ---- 2. fit ---------------------------------------------------------------------------------


def design(rows: Sequence[dict[str, Any]]) -> tuple[list[list[list[list[float]]]], Any, Any]:
    """Per row, per unit, the calls' feature vectors (``+inf`` row for verbatim,
    none for unverified), the labels and the fixed outcomes (``+1`` always supported,
    ``-1`` never, ``0`` decided by the weights)."""
    import numpy as np

    structure: list[list[list[list[float]]]] = []
    labels = np.array([bool(r["label"]) for r in rows])
    fixed = np.zeros(len(rows), dtype=np.int64)
    for index, row in enumerate(rows):
        units: list[list[list[float]]] = []
        certain_units = 0
        impossible = not row["units"]
        for calls in row["units"]:
            if any(c == VERBATIM for c in calls):
                certain_units += 1
                continue
            vectors = [c for c in calls if isinstance(c, list)]
            if not vectors:
                impossible = True
            units.append(vectors)
        if impossible:
            fixed[index] = -1
        elif certain_units == len(row["units"]):
            fixed[index] = 1
        structure.append(units)
    return structure, labels, fixed


def row_logits(structure: Sequence[Sequence[Sequence[Sequence[float]]]], fixed: Any, w: Any) -> Any:
    """``min over units of max over calls`` of the logit, ``+/-inf`` for fixed rows."""
    import numpy as np

    out = np.empty(len(structure))
    for index, units in enumerate(structure):
        if fixed[index] != 0:
            out[index] = math.inf if fixed[index] > 0 else -math.inf
            continue
        best = math.inf
        for calls in units:
            z = float(np.max(np.asarray(calls) @ w[1:] + w[0]))
            best = min(best, z)
        out[index] = best
    return out


def deciding_calls(structure: Any, fixed: Any, w: Any) -> Any:
    """The call that decides each undecided row under ``w`` (argmin unit, argmax call)."""
    import numpy as np

    chosen = np.zeros((len(structure), len(FEATURES)))
    for index, units in enumerate(structure):
        if fixed[index] != 0:
            continue
        best = math.inf
        for calls in units:
            array = np.asarray(calls)
            z = array @ w[1:] + w[0]
            top = int(np.argmax(z))
            if z[top] < best:
                best = float(z[top])
                chosen[index] = array[top]
    return chosen


def logistic(x: Any, y: Any, weight: Any, l2: float) -> Any:
    """Weighted L2-regularised logistic regression by Newton's method (intercept first,
    not penalised)."""
    import numpy as np

    features = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(features.shape[1])
    penalty = np.full(features.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(100):
        z = features @ w
        p = 1.0 / (1.0 + np.exp(-z))
        gradient = features.T @ (weight * (p - y)) + penalty * w
        hessian = (features * (weight * p * (1 - p))[:, None]).T @ features + np.diag(penalty)
        step = np.linalg.solve(hessian + 1e-9 * np.eye(len(w)), gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return w


def set_weights(groups: Any, labels: Any) -> Any:
    """Each set weighs 1, split equally between its two classes."""
    import numpy as np

    weight = np.zeros(len(labels))
    for group in np.unique(groups):
        for label in (True, False):
            mask = (groups == group) & (labels == label)
            if mask.any():
                weight[mask] = 0.5 / mask.sum()
    return weight


def fit(structure: Any, labels: Any, fixed: Any, groups: Any, l2: float) -> Any:
    """Alternate the deciding calls and the logistic fit until the choice is stable."""
    import numpy as np

    free = fixed == 0
    weight = set_weights(groups, labels)
    # start: every call of a row counts (each labelled with the row's label)
    xs, ys, ws = [], [], []
    for index, units in enumerate(structure):
        if not free[index]:
            continue
        calls = [c for u in units for c in u]
        for call in calls:
            xs.append(call)
            ys.append(float(labels[index]))
            ws.append(weight[index] / len(calls))
    w = logistic(np.asarray(xs), np.asarray(ys), np.asarray(ws), l2)
    previous = None
    for _ in range(50):
        chosen = deciding_calls(structure, fixed, w)
        if previous is not None and np.array_equal(chosen, previous):
            break
        previous = chosen
        w = logistic(chosen[free], labels[free].astype(float), weight[free], l2)
    return w


def balanced_accuracy(labels: Any, predicted: Any) -> float:
    positives = labels.sum()
    negatives = len(labels) - positives
    tp = (labels & predicted).sum()
    tn = (~labels & ~predicted).sum()
    return float((tp / positives + tn / negatives) / 2)


def best_cut(logits: Any, labels: Any, groups: Any) -> tuple[float, float]:
    """The logit cut with the best mean balanced accuracy over the groups (the midpoint
    of the best stretch of candidate cuts)."""
    import numpy as np

    finite = np.unique(logits[np.isfinite(logits)])
    candidates = np.concatenate([[finite[0] - 1], (finite[1:] + finite[:-1]) / 2, [finite[-1] + 1]])
    # coarse grid of at most 2,000 candidate cuts keeps this quick and stable
    if len(candidates) > 2000:
        candidates = np.quantile(candidates, np.linspace(0, 1, 2000))
    scores = []
    names = np.unique(groups)
    for cut in candidates:
        predicted = logits >= cut
        scores.append(
            np.mean([balanced_accuracy(labels[groups == g], predicted[groups == g]) for g in names])
        )
    array = np.asarray(scores)
    top = array.max()
    best = np.flatnonzero(array >= top - 1e-12)
    return float(np.median(candidates[best])), float(top)


def per_set(logits: Any, labels: Any, groups: Any, cut: float) -> dict[str, float]:
    import numpy as np

    return {
        str(g): balanced_accuracy(labels[groups == g], logits[groups == g] >= cut)
        for g in np.unique(groups)
    }


def fitted(structure: Any, labels: Any, fixed: Any, groups: Any, l2: float) -> Any:
    """Fit, then move the intercept so that ``P >= 0.5`` is the best cut."""
    w = fit(structure, labels, fixed, groups, l2 / len(labels))
    cut, _ = best_cut(row_logits(structure, fixed, w), labels, groups)
    w[0] -= cut
    return w


def cross_validate(structure: Any, labels: Any, fixed: Any, groups: Any, l2: float) -> float:
    """Mean over the dev sets of the balanced accuracy of ``FOLDS``-fold predictions
    (row ``i`` in fold ``i % FOLDS``)."""
    import numpy as np

    index = np.arange(len(labels))
    predicted = np.zeros(len(labels), dtype=bool)
    for fold in range(FOLDS):
        held = index % FOLDS == fold
        train = [structure[i] for i in index[~held]]
        w = fitted(train, labels[~held], fixed[~held], groups[~held], l2)
        test = [structure[i] for i in index[held]]
        predicted[held] = row_logits(test, fixed[held], w) >= 0.0
    return float(
        np.mean(
            [
                balanced_accuracy(labels[groups == g], predicted[groups == g])
                for g in np.unique(groups)
            ]
        )
    )


COMBINED = ROOT / "src" / "grounding_guard" / "judges" / "model" / "combined.py"


def write_weights(weights: dict[str, float]) -> None:
    """Replace the ``WEIGHTS`` block of ``models/combined.py``."""
    text = COMBINED.read_text(encoding="utf-8")
    start = text.index("WEIGHTS: Mapping[str, float] = {")
    end = text.index("}\n", start) + 2
    block = "WEIGHTS: Mapping[str, float] = {\n"
    block += "".join(f'    "{k}": {v},\n' for k, v in weights.items()) + "}\n"
    COMBINED.write_text(text[:start] + block + text[end:], encoding="utf-8")
    print(f"wrote the weights into {COMBINED}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument(
        "--cache", type=Path, help="folder to keep the model's cosines in between runs"
    )
    parser.add_argument("--l2", type=float, default=L2, help=f"L2 penalty (default {L2})")
    parser.add_argument(
        "--cv", action="store_true", help="print 5-fold cross-validated dev figures per penalty"
    )
    parser.add_argument(
        "--report", action="store_true", help="also print the fitted judge on the test sets"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if WEIGHTS differ")
    parser.add_argument(
        "--write", action="store_true", help="write the weights into models/combined.py"
    )
    parser.add_argument("--threads", type=int, default=1, help="ONNX Runtime threads (default 1)")
    parser.add_argument("--json", type=Path, help="write the weights and figures as JSON")
    args = parser.parse_args(argv)

    import numpy as np

    memo_file = args.cache / "cosines.json" if args.cache is not None else None
    cosines = (
        json.loads(memo_file.read_text(encoding="utf-8"))
        if memo_file is not None and memo_file.is_file()
        else {}
    )
    recorder = Recorder(CombinedJudge(threads=args.threads), cosines)
    rows: list[dict[str, Any]] = []
    groups: list[str] = []
    for spec in DEV_SETS:
        found = load_set(args.data, spec, recorder)
        rows += found
        groups += [spec.key] * len(found)
    if memo_file is not None:
        memo_file.write_text(json.dumps(recorder.cosines), encoding="utf-8")
    group_array = np.asarray(groups)
    structure, labels, fixed = design(rows)
    if args.cv:
        print("5-fold cross-validated mean dev balanced accuracy by L2 penalty:")
        for l2 in PENALTIES:
            value = cross_validate(structure, labels, fixed, group_array, l2)
            print(f"  l2 {l2:6}: {100 * value:.2f}")
    w = fitted(structure, labels, fixed, group_array, args.l2)
    mean_ba = float(
        np.mean(list(per_set(row_logits(structure, fixed, w), labels, group_array, 0.0).values()))
    )
    weights = {"intercept": round(float(w[0]), 4)}
    weights.update({name: round(float(v), 4) for name, v in zip(FEATURES, w[1:], strict=True)})
    dev = per_set(row_logits(structure, fixed, w), labels, group_array, 0.0)
    result: dict[str, Any] = {
        "weights": weights,
        "threshold": 0.5,
        "dev_balanced_accuracy": dev,
        "dev_mean_balanced_accuracy": mean_ba,
        "rows": {str(g): int((group_array == g).sum()) for g in np.unique(group_array)},
    }
    print("WEIGHTS: Mapping[str, float] = {")
    for key, value in weights.items():
        print(f'    "{key}": {value},')
    print("}")
    print("dev balanced accuracy at P >= 0.5:")
    for key, value in dev.items():
        print(f"  {key:24} {100 * value:.1f}")
    if args.report:
        print("held-out sets (never fitted on):")
        shipped_w = np.asarray([weights["intercept"], *(weights[n] for n in FEATURES)])
        tests = {}
        for spec in TEST_SETS:
            if not (args.data / spec.path).exists():
                continue
            found = load_set(args.data, spec, recorder)
            if memo_file is not None:
                memo_file.write_text(json.dumps(recorder.cosines), encoding="utf-8")
            s, y, f = design(found)
            value = balanced_accuracy(y, row_logits(s, f, shipped_w) >= 0.0)
            tests[spec.key] = value
            print(f"  {spec.key:24} {100 * value:.1f}")
        result["test_balanced_accuracy"] = tests
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if args.write:
        write_weights(weights)
    if args.check:
        shipped = {k: round(float(v), 4) for k, v in WEIGHTS.items()}
        if shipped != weights:
            print(f"the shipped WEIGHTS differ: {shipped}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

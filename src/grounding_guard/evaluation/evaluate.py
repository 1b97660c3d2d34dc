"""Measure a judge on labelled data: dataset readers, predictors, metrics, reports.

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

import json
import math
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TextIO

from grounding_guard.citations import strip_markers
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.custom import CallableJudge, JudgeFunction
from grounding_guard.judges.lexical import DEFAULT_THRESHOLD, LexicalJudge
from grounding_guard.types import Judgement, Reason, Report, Span, Status, Unit
from grounding_guard.verdict import CONTRADICTING, INFORMATIONAL

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

#: The dataset formats :func:`read_rows` understands.
FORMATS: Final = ("attributionbench", "wice", "qags", "snli", "factcheck-gpt", "jsonl")
#: The built-in predictors of :func:`make_predictor`.
PREDICTORS: Final = ("lexical", "deterministic", "default", "model", "embedding")
#: Codes that report the support judge's verdict rather than a deterministic check.
SUPPORT_VERDICT_CODES: Final = frozenset(
    {
        "no_support",
        "low_overlap",
        "unsupported_citation",
        "judge_unsupported",
        "no_citation",
        "unverified",
        "model_contradiction",
    }
)
#: Names of the two classes, positive first.
POSITIVE: Final = "supported"
NEGATIVE: Final = "not_supported"
_MAX_FLAGS: Final = 25


# ---- rows ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One labelled example: a claim (an answer text, maybe several sentences), the
    evidence texts it should rest on, the binary gold label (``True``: supported; ``None``:
    unlabelled), the data set's own label name and free metadata."""

    claim: str
    evidence: list[str]
    label: bool | None
    label_name: str
    meta: dict[str, Any] = field(default_factory=dict)


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(value, dict):
                raise ValueError(f"{path}:{number}: expected a JSON object per line")
            yield number, value


def _field(obj: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise ValueError(f"{where}: missing field {key!r}")
    return obj[key]


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected text, got {type(value).__name__}")
    return value


def _texts(value: Any, where: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"{where}: evidence must be a string or a list of strings")


def _label(value: Any, names: Mapping[str, bool], where: str) -> bool:
    key = str(value).strip().lower()
    if key not in names:
        raise ValueError(f"{where}: unknown label {value!r} (expected {', '.join(names)})")
    return names[key]


_ATTRIBUTION_LABELS: Final = {"attributable": True, "not attributable": False}
_WICE_LABELS: Final = {"supported": True, "partially_supported": False, "not_supported": False}
_VOTES: Final = {"yes": True, "no": False}
_SNLI_LABELS: Final = {"entailment": True, "neutral": False, "contradiction": False}
_GENERIC_LABELS: Final = {
    **_ATTRIBUTION_LABELS,
    **_WICE_LABELS,
    **_SNLI_LABELS,
    "true": True,
    "false": False,
    "yes": True,
    "no": False,
    "1": True,
    "0": False,
    "grounded": True,
    "ungrounded": False,
    "unsupported": False,
    "not supported": False,
    "contradicted": False,
    "refuted": False,
}


def _attributionbench(path: Path) -> Iterator[Row]:
    for number, obj in _lines(path):
        where = f"{path}:{number}"
        name = _text(_field(obj, "attribution_label", where), where)
        meta: dict[str, Any] = {k: obj[k] for k in ("id", "src_dataset", "question") if k in obj}
        yield Row(
            _text(_field(obj, "claim", where), where),
            _texts(_field(obj, "references", where), where),
            _label(name, _ATTRIBUTION_LABELS, where),
            name,
            meta,
        )


def _wice(path: Path) -> Iterator[Row]:
    for number, obj in _lines(path):
        where = f"{path}:{number}"
        name = _text(_field(obj, "label", where), where)
        meta = dict(obj.get("meta") or {})
        yield Row(
            _text(_field(obj, "claim", where), where),
            _texts(_field(obj, "evidence", where), where),
            _label(name, _WICE_LABELS, where),
            name,
            meta,
        )


_SPLIT_THOUSANDS: Final = re.compile(r"(?<=\d), (?=\d{3}(?!\d))")
_SPLIT_DECIMAL: Final = re.compile(r"(?<=\d)\. (?=\d)")


def _qags(path: Path) -> Iterator[Row]:
    for number, obj in _lines(path):
        where = f"{path}:{number}"
        article = _text(_field(obj, "article", where), where)
        # the CNN/DM articles are tokenised: rejoin the figures the tokeniser split
        article = _SPLIT_DECIMAL.sub(".", _SPLIT_THOUSANDS.sub(",", article))
        sentences = _field(obj, "summary_sentences", where)
        if not isinstance(sentences, list):
            raise ValueError(f"{where}: summary_sentences must be a list")
        for index, item in enumerate(sentences):
            spot = f"{where}: summary sentence {index}"
            if not isinstance(item, dict):
                raise ValueError(f"{spot}: expected an object")
            votes = [
                _label(r.get("response") if isinstance(r, dict) else r, _VOTES, spot)
                for r in _field(item, "responses", spot)
            ]
            yes = votes.count(True)
            label = None if yes * 2 == len(votes) else yes * 2 > len(votes)
            name = "tie" if label is None else ("yes" if label else "no")
            meta = {
                "id": f"{path.stem}:{number}:{index}",
                "article": number,
                "sentence": index,
                "yes_votes": yes,
                "votes": len(votes),
            }
            yield Row(_text(_field(item, "sentence", spot), spot), [article], label, name, meta)


_DETOKENISE: Final = (
    (re.compile(r" ([.,!?;:%)\]}])"), r"\1"),
    (re.compile(r"([(\[{]) "), r"\1"),
    (re.compile(r" (n't|'s|'re|'ve|'ll|'d|'m)\b", re.IGNORECASE), r"\1"),
)


def detokenise(text: str) -> str:
    """Undo the Penn-style tokenisation of SNLI text (``church .`` -> ``church.``)."""
    text = " ".join(text.split())
    for pattern, repl in _DETOKENISE:
        text = pattern.sub(repl, text)
    return text


def _snli_files(path: Path, split: str | None) -> tuple[Path, Path, Path, str]:
    if path.is_dir():
        chosen = split or "test"
        folder = path
    else:
        stem, dot, suffix = path.name.partition(".")
        if not dot or stem not in ("s1", "s2", "labels"):
            raise ValueError(f"{path}: give the snli folder or one of its s1/s2/labels files")
        chosen, folder = suffix, path.parent
    files = tuple(folder / f"{part}.{chosen}" for part in ("s1", "s2", "labels"))
    for file in files:
        if not file.is_file():
            raise FileNotFoundError(2, "No such file", str(file))
    return files[0], files[1], files[2], chosen


def _snli(path: Path, split: str | None) -> Iterator[Row]:
    s1, s2, labels, chosen = _snli_files(path, split)
    with (
        s1.open(encoding="utf-8") as premises,
        s2.open(encoding="utf-8") as hypotheses,
        labels.open(encoding="utf-8") as names,
    ):
        for number, (premise, hypothesis, name) in enumerate(
            zip(premises, hypotheses, names, strict=False), start=1
        ):
            name = name.strip()
            where = f"{labels}:{number}"
            yield Row(
                detokenise(hypothesis),
                [detokenise(premise)],
                _label(name, _SNLI_LABELS, where),
                name,
                {"id": f"snli.{chosen}:{number}"},
            )


#: Factcheck-GPT's stance of a retrieved passage towards a claim: only a passage that
#: supports the whole claim attributes it (a partial one leaves part of it unsupported).
_STANCE_LABELS: Final = {
    "completely-support": True,
    "partially-support": False,
    "refute": False,
    "irrelevant": False,
}


def _factcheck_gpt(path: Path) -> Iterator[Row]:
    for number, obj in _lines(path):
        where = f"{path}:{number}"
        sentences = _field(obj, "sentences", where)
        if not isinstance(sentences, dict):
            raise ValueError(f"{where}: sentences must be an object")
        for key, sentence in sentences.items():
            spot = f"{where}: {key}"
            if not isinstance(sentence, dict):
                raise ValueError(f"{spot}: expected an object")
            claims = _texts(_field(sentence, "claims", spot), spot)
            passages = _field(sentence, "auto_evidence", spot)
            stances = _field(sentence, "stance_claim_autoEvid", spot)
            if not (isinstance(passages, list) and isinstance(stances, list)):
                raise ValueError(f"{spot}: auto_evidence and its stances must be lists")
            for index, (claim, found, stance) in enumerate(
                zip(claims, passages, stances, strict=False)
            ):
                texts = _texts(found, f"{spot}: claim {index}")
                names = _texts(stance, f"{spot}: claim {index}")
                if len(texts) != len(names):  # the annotation is incomplete: no gold
                    continue
                for passage, (text, name) in enumerate(zip(texts, names, strict=True)):
                    yield Row(
                        claim,
                        [text],
                        _label(name, _STANCE_LABELS, f"{spot}: claim {index}"),
                        name,
                        {"id": f"{number}.{key}.{index}.{passage}"},
                    )


def _jsonl(path: Path) -> Iterator[Row]:
    for number, obj in _lines(path):
        where = f"{path}:{number}"
        raw = obj.get("label")
        label: bool | None
        if raw is None:
            label, name = None, ""
        elif isinstance(raw, bool):
            label, name = raw, POSITIVE if raw else NEGATIVE
        elif isinstance(raw, (str, int)):
            label, name = _label(raw, _GENERIC_LABELS, where), str(raw)
        else:
            raise ValueError(f"{where}: label must be a bool or a string")
        meta = {k: v for k, v in obj.items() if k not in ("claim", "evidence", "label")}
        yield Row(
            _text(_field(obj, "claim", where), where),
            _texts(_field(obj, "evidence", where), where),
            label,
            name,
            meta,
        )


def read_rows(path: str | Path, format: str, *, split: str | None = None) -> Iterator[Row]:
    """Rows of a data file in one of :data:`FORMATS`.

    ``attributionbench``: JSON Lines with ``claim``, ``references`` and
    ``attribution_label``; ``wice``: ``claim``, ``evidence`` (list), ``label``
    (``partially_supported`` counts as not supported, its name is kept); ``qags``: one
    row per summary sentence, the article as evidence (figures its tokeniser split,
    ``3, 800`` and ``1. 3``, rejoined), the majority of the yes/no votes as label; ``snli``: the folder (``split`` picks ``test`` (default) or ``dev``) or one
    of its ``s1``/``s2``/``labels`` files, premise as evidence, hypothesis as claim,
    entailment as supported; ``factcheck-gpt``: one row per (claim, retrieved passage)
    pair with the annotators' stance, ``completely-support`` as supported (pairs whose
    stance list does not match the passages are left out); ``jsonl``: ``claim``,
    ``evidence`` (text or list) and an
    optional ``label`` (bool, or a name such as ``supported``/``not_supported``).
    Malformed input raises ``ValueError`` naming the file and line.
    """
    where = Path(path)
    if format == "attributionbench":
        return _attributionbench(where)
    if format == "wice":
        return _wice(where)
    if format == "qags":
        return _qags(where)
    if format == "snli":
        return _snli(where, split)
    if format == "factcheck-gpt":
        return _factcheck_gpt(where)
    if format == "jsonl":
        return _jsonl(where)
    raise ValueError(f"unknown format {format!r} (choose from {', '.join(FORMATS)})")


def sample(rows: Iterable[Row], limit: int | None, *, seed: int = 0) -> list[Row]:
    """A deterministic random sample of ``limit`` rows, in their original order (all of
    them when ``limit`` is ``None`` or not smaller than the number of rows)."""
    items = list(rows)
    if limit is None or limit >= len(items):
        return items
    if limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    chosen = sorted(random.Random(seed).sample(range(len(items)), limit))
    return [items[i] for i in chosen]


# ---- metrics --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Confusion:
    """Binary confusion counts, positive = supported."""

    tp: int
    fp: int
    fn: int
    tn: int

    @property
    def total(self) -> int:
        """All counted rows."""
        return self.tp + self.fp + self.fn + self.tn


@dataclass(frozen=True, slots=True)
class ClassStats:
    """Precision, recall and F1 of one class, with its gold count (``support``)."""

    precision: float
    recall: float
    f1: float
    support: int


def confusion(gold: Sequence[bool], predicted: Sequence[bool]) -> Confusion:
    """Count true/false positives and negatives (positive = ``True``)."""
    if len(gold) != len(predicted):
        raise ValueError("gold and predicted differ in length")
    tp = fp = fn = tn = 0
    for g, p in zip(gold, predicted, strict=True):
        if g and p:
            tp += 1
        elif p:
            fp += 1
        elif g:
            fn += 1
        else:
            tn += 1
    return Confusion(tp, fp, fn, tn)


def _ratio(num: int, den: int) -> float:
    return num / den if den else 0.0


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def per_class(gold: Sequence[bool], predicted: Sequence[bool]) -> dict[str, ClassStats]:
    """Precision/recall/F1 of ``supported`` and ``not_supported`` (0 where undefined)."""
    c = confusion(gold, predicted)
    p_pos, r_pos = _ratio(c.tp, c.tp + c.fp), _ratio(c.tp, c.tp + c.fn)
    p_neg, r_neg = _ratio(c.tn, c.tn + c.fn), _ratio(c.tn, c.tn + c.fp)
    return {
        POSITIVE: ClassStats(p_pos, r_pos, _f1(p_pos, r_pos), c.tp + c.fn),
        NEGATIVE: ClassStats(p_neg, r_neg, _f1(p_neg, r_neg), c.tn + c.fp),
    }


def balanced_accuracy(gold: Sequence[bool], predicted: Sequence[bool]) -> float:
    """Mean recall over the classes present in ``gold`` (0 for no rows)."""
    c = confusion(gold, predicted)
    recalls = []
    if c.tp + c.fn:
        recalls.append(c.tp / (c.tp + c.fn))
    if c.tn + c.fp:
        recalls.append(c.tn / (c.tn + c.fp))
    return sum(recalls) / len(recalls) if recalls else 0.0


def macro_f1(gold: Sequence[bool], predicted: Sequence[bool]) -> float:
    """Unweighted mean F1 over the classes present in gold or predictions."""
    c = confusion(gold, predicted)
    stats = per_class(gold, predicted)
    present = []
    if c.tp + c.fn + c.fp:
        present.append(stats[POSITIVE].f1)
    if c.tn + c.fp + c.fn:
        present.append(stats[NEGATIVE].f1)
    return sum(present) / len(present) if present else 0.0


def auroc(gold: Sequence[bool], scores: Sequence[float | None]) -> float | None:
    """Area under the ROC curve from the Mann-Whitney rank sum, tied scores sharing their
    mean rank; a ``None`` score ranks below every number. ``None`` when a class is empty."""
    if len(gold) != len(scores):
        raise ValueError("gold and scores differ in length")
    positives = sum(1 for g in gold if g)
    negatives = len(gold) - positives
    if not positives or not negatives:
        return None
    keyed = sorted(
        range(len(scores)),
        key=lambda i: (0, 0.0) if scores[i] is None else (1, float(scores[i] or 0.0)),
    )
    ranks = [0.0] * len(scores)
    start = 0
    while start < len(keyed):
        end = start
        key = scores[keyed[start]]
        while end + 1 < len(keyed) and scores[keyed[end + 1]] == key:
            end += 1
        mean_rank = (start + end) / 2 + 1
        for k in range(start, end + 1):
            ranks[keyed[k]] = mean_rank
        start = end + 1
    rank_sum = sum(r for r, g in zip(ranks, gold, strict=True) if g)
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation between order
    statistics (numpy's default); ``nan`` for no values."""
    if not values:
        return math.nan
    if not 0 <= q <= 100:
        raise ValueError(f"q must lie in [0, 100], got {q}")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def latency_summary(seconds: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99, mean and max of per-row times, in milliseconds."""
    ms = [s * 1000.0 for s in seconds]
    return {
        "p50": percentile(ms, 50),
        "p95": percentile(ms, 95),
        "p99": percentile(ms, 99),
        "mean": sum(ms) / len(ms) if ms else math.nan,
        "max": max(ms) if ms else math.nan,
    }


# ---- predictors -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prediction:
    """What a predictor says about one row.

    ``predicted``: supported (``None``: undecided, counted as not supported); ``score``:
    how strongly supported (higher is more; ``None``: no score); ``codes``: the reason
    codes emitted; ``reasons``: the reasons themselves (for examples in the report).
    """

    predicted: bool | None
    score: float | None
    codes: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = ()


Predictor = Callable[[Row], "Prediction | tuple[bool | None, float | None, tuple[str, ...]]"]


class _Recorder:
    """Passes judge requests through and keeps the best score each claim unit got."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "judge")
        self.best: dict[Span, float] = {}

    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        judgement: Judgement = self.inner.judge(claim, passages)
        if judgement.score is not None:
            score = judgement.score
        else:
            score = 1.0 if judgement.verdict == "supported" else 0.0
        self.best[claim.span] = max(self.best.get(claim.span, 0.0), score)
        return judgement


def _cite_all(claim: str, ids: Sequence[str]) -> str:
    """``claim`` with a marker naming every id after each of its claim units.

    Markers can change where the segmenter cuts (a cited clause stands alone), so this
    repeats until every claim unit of the marked text carries one."""
    from grounding_guard.citations import get_style
    from grounding_guard.text.segment import segment

    style = get_style("numeric")
    assert style is not None  # a named preset always resolves
    marker = " " + "".join(f"[{i}]" for i in ids)
    text = claim
    for _ in range(5):
        ends = [
            seg.span.end
            for seg in segment(text, style.find(text))
            if seg.kind.value == "claim" and not seg.markers
        ]
        if not ends:
            break
        for end in reversed(ends):
            text = text[:end] + marker + text[end:]
    return text


class GuardPredictor:
    """A predictor that runs :func:`grounding_guard.check` on each row.

    The claim text is the answer; it may hold several claim units. A row is predicted
    supported iff every claim unit is ``grounded`` (``None`` when no unit is a claim).

    The **score** of a unit is the support judge's best score for it over the evidence
    passages the engine judged it against (for the lexical judge: the share of the
    unit's content stems found in the passage, 1.0 when its words stand in it verbatim;
    for a caller's judge: its score, or 1/0 for a bool); a grounded unit takes the score
    of the passage it was attributed to, and a unit vetoed by a deterministic check
    (a contradiction, or a name/figure/negation check that failed although the judge's
    score reached the threshold) scores 0. The row's score is the minimum over its
    claim units, so ``predicted == (score >= threshold)`` up to those vetoes.

    ``cited=False`` (default) checks the uncited claim by attribution
    (``citations="none"``: each evidence text is a chunk, judged on its own); with
    ``cited=True`` the evidence texts are joined into one chunk and every claim unit
    cites it, so all the term-check codes (``name_not_in_evidence``, ...) are reported
    and support is judged against the union of the evidence.

    ``strip_citations`` (default on) first removes numeric markers the claim already
    carries (ExpertQA claims in AttributionBench end in ``[3]``): the evaluation supplies
    the evidence, and a marker's number must not be read as a figure of the claim.
    """

    def __init__(
        self,
        name: str,
        *,
        term_checks: bool,
        judge: JudgeFunction | Any = None,
        threshold: float = DEFAULT_THRESHOLD,
        judge_threshold: float = 0.5,
        cited: bool = False,
        strip_citations: bool = True,
    ) -> None:
        from grounding_guard.guard import Guard

        Guard(threshold=threshold, judge_threshold=judge_threshold)  # validates the numbers
        if (
            judge is not None
            and not callable(judge)
            and not callable(getattr(judge, "judge", None))
        ):
            raise TypeError(
                f"judge must be callable or have .judge(claim, passages), got {type(judge).__name__}"
            )
        self.name = name
        self.term_checks = term_checks
        self.judge = judge
        self.threshold = float(threshold)
        self.judge_threshold = float(judge_threshold)
        self.cited = cited
        self.strip_citations = strip_citations
        #: Which threshold :func:`~grounding_guard.evaluation.calibration.calibrate` tunes.
        self.threshold_kind = "support" if judge is None else "entailment"

    def _inner(self) -> Any:
        if self.judge is None:
            return LexicalJudge(self.threshold if self.threshold > 0 else 1e-9)
        if not callable(self.judge):  # a judge object (a model judge): used as it is
            return self.judge
        inner = CallableJudge(self.judge, self.judge_threshold)
        if inner.is_async:
            raise TypeError("evaluation needs a synchronous judge")
        return inner

    def check(self, row: Row) -> tuple[Report, _Recorder]:
        """Run the guard on one row: the report and the recorder of judge scores."""
        from grounding_guard.guard import Guard

        claim = strip_markers(row.claim, "numeric") if self.strip_citations else row.claim
        recorder = _Recorder(self._inner())
        guard = Guard(
            citations="numeric" if self.cited else "none",
            threshold=self.threshold,
            judge=recorder,
            term_checks=self.term_checks,
        )
        if self.cited:
            evidence = {"1": "\n\n".join(row.evidence)}
            return guard.check(_cite_all(claim, ["1"]), evidence), recorder
        return guard.check(claim, list(row.evidence)), recorder

    def _unit_score(self, unit: Unit, recorder: _Recorder, report: Report) -> float:
        if unit.status is Status.GROUNDED:
            if unit.support:
                return max(s.score for s in unit.support)
            return recorder.best.get(unit.span, 1.0)
        codes = set(unit.codes)
        if codes & CONTRADICTING:
            return 0.0
        best = recorder.best.get(unit.span)
        if best is None:  # the engine reused the judgement of an identical unit
            best = next(
                (s for span, s in recorder.best.items() if span.of(report.answer) == unit.text),
                0.0,
            )
        cut = self.threshold if self.judge is None else self.judge_threshold
        return 0.0 if best + 1e-9 >= cut else best

    def __call__(self, row: Row) -> Prediction:
        report, recorder = self.check(row)
        claims = report.claims
        reasons = tuple(r for u in claims for r in u.reasons)
        codes = tuple(dict.fromkeys(r.code for r in reasons))
        if not claims:
            return Prediction(None, None, codes, reasons)
        predicted = all(u.status is Status.GROUNDED for u in claims)
        score = min(self._unit_score(u, recorder, report) for u in claims)
        return Prediction(predicted, round(score, 6), codes, reasons)


def make_predictor(
    name: str = "default",
    *,
    judge: JudgeFunction | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    judge_threshold: float | None = None,
    cited: bool = False,
) -> GuardPredictor:
    """A built-in predictor: ``lexical`` (content-word overlap, term checks off),
    ``deterministic`` (overlap plus the name, figure, negation and direction checks),
    ``default`` (deterministic, with ``judge`` in place of the overlap when given),
    ``model`` (``Guard(judge="model")``: the combined judge of the ``model`` extra with
    the deterministic checks; ``judge_threshold`` is its probability threshold) or
    ``embedding`` (the plain cosine judge alone, term checks off; ``judge_threshold``
    is the cosine, 0.55 by default).

    ``judge`` is a synchronous callable ``(claim, evidence_text) -> bool | float |
    Judgement`` that replaces the lexical support judge, as ``Guard(judge=...)`` does;
    ``threshold`` is the lexical overlap threshold, ``judge_threshold`` the score a
    float-returning judge must reach. See :class:`GuardPredictor` for the score.
    """
    if name not in PREDICTORS:
        raise ValueError(f"unknown predictor {name!r} (choose from {', '.join(PREDICTORS)})")
    if name in ("lexical", "model", "embedding") and judge is not None:
        raise ValueError(f"the {name} predictor takes no judge")
    if name in ("model", "embedding"):
        from grounding_guard.judges import model as models  # needs the model extra

        if name == "model":  # scores over every window (early_stop=False): same verdicts
            model_judge: Any = models.default_judge(threshold=judge_threshold, early_stop=False)
        else:
            model_judge = models.load_judge("default", threshold=judge_threshold)
        return GuardPredictor(
            name,
            term_checks=name == "model",
            judge=model_judge,
            threshold=threshold,
            judge_threshold=float(model_judge.threshold),
            cited=cited,
        )
    return GuardPredictor(
        name,
        term_checks=name != "lexical",
        judge=judge,
        threshold=threshold,
        judge_threshold=0.5 if judge_threshold is None else judge_threshold,
        cited=cited,
    )


# ---- evaluation ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flag:
    """One reason code emitted on a row: where, why, and what the gold label said."""

    code: str
    claim: str
    message: str
    evidence: str
    label_name: str
    row_id: str


@dataclass(frozen=True, slots=True)
class CodeStats:
    """How often rows carrying a reason code are gold *not supported* (``right``)."""

    code: str
    emitted: int
    right: int
    by_label: dict[str, int]
    deterministic: bool

    @property
    def precision(self) -> float:
        """``right / emitted``."""
        return self.right / self.emitted if self.emitted else 0.0


@dataclass(frozen=True, slots=True)
class GroupStats:
    """Metrics of the rows sharing one value of a metadata field."""

    rows: int
    balanced_accuracy: float
    macro_f1: float
    auroc: float | None


@dataclass(frozen=True, slots=True)
class RowOutcome:
    """Gold and predicted for one row (kept for calibration and error analysis)."""

    label: bool | None
    label_name: str
    predicted: bool | None
    score: float | None
    codes: tuple[str, ...]
    seconds: float


@dataclass(frozen=True)
class EvalResult:
    """The figures of one predictor on one set of rows (see :func:`evaluate`)."""

    predictor: str
    rows: int
    labelled: int
    undecided: int
    confusion: Confusion
    balanced_accuracy: float
    macro_f1: float
    auroc: float | None
    classes: dict[str, ClassStats]
    latency_ms: dict[str, float]
    codes: dict[str, CodeStats]
    outcomes_by_label: dict[str, dict[str, int]]
    groups: dict[str, GroupStats]
    flags: dict[str, list[Flag]]
    seconds: float
    outcomes: tuple[RowOutcome, ...] = field(default=(), repr=False)

    @property
    def group_macro_f1(self) -> float | None:
        """Unweighted mean macro-F1 over the groups (``None`` without groups)."""
        if not self.groups:
            return None
        return sum(g.macro_f1 for g in self.groups.values()) / len(self.groups)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every figure (per-row outcomes left out)."""
        return {
            "predictor": self.predictor,
            "rows": self.rows,
            "labelled": self.labelled,
            "undecided": self.undecided,
            "balanced_accuracy": self.balanced_accuracy,
            "macro_f1": self.macro_f1,
            "auroc": self.auroc,
            "confusion": {
                "tp": self.confusion.tp,
                "fp": self.confusion.fp,
                "fn": self.confusion.fn,
                "tn": self.confusion.tn,
            },
            "classes": {
                name: {
                    "precision": s.precision,
                    "recall": s.recall,
                    "f1": s.f1,
                    "support": s.support,
                }
                for name, s in self.classes.items()
            },
            "latency_ms": {k: (None if math.isnan(v) else v) for k, v in self.latency_ms.items()},
            "reason_codes": {
                code: {
                    "emitted": s.emitted,
                    "right": s.right,
                    "precision": s.precision,
                    "deterministic": s.deterministic,
                    "by_label": s.by_label,
                }
                for code, s in self.codes.items()
            },
            "outcomes_by_label": self.outcomes_by_label,
            "groups": {
                name: {
                    "rows": g.rows,
                    "balanced_accuracy": g.balanced_accuracy,
                    "macro_f1": g.macro_f1,
                    "auroc": g.auroc,
                }
                for name, g in self.groups.items()
            },
            "group_macro_f1": self.group_macro_f1,
            "seconds": self.seconds,
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """``to_dict()`` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def as_prediction(value: Any) -> Prediction:
    """A predictor's answer as a :class:`Prediction` (a 3-tuple is accepted)."""
    if isinstance(value, Prediction):
        return value
    if isinstance(value, tuple) and len(value) == 3:
        predicted, score, codes = value
        if predicted is not None and not isinstance(predicted, bool):
            raise TypeError(f"predicted must be a bool or None, got {type(predicted).__name__}")
        if score is not None and (isinstance(score, bool) or not isinstance(score, (int, float))):
            raise TypeError(f"score must be a number or None, got {type(score).__name__}")
        return Prediction(predicted, None if score is None else float(score), tuple(codes))
    raise TypeError(
        f"a predictor must return a Prediction or (predicted, score, codes), got {value!r}"
    )


def _outcome(prediction: Prediction) -> str:
    if prediction.predicted is None:
        return "undecided"
    if prediction.predicted:
        return "supported"
    if CONTRADICTING & set(prediction.codes):
        return "contradicted"
    return "unsupported"


def _row_id(row: Row, index: int) -> str:
    ident = row.meta.get("id")
    return str(ident) if ident is not None else f"row {index + 1}"


def _excerpt(row: Row, reason: Reason, cited: bool, width: int = 110) -> str:
    texts = ["\n\n".join(row.evidence)] if cited else row.evidence
    text = ""
    if reason.evidence_id is not None and reason.evidence_id.isdigit():
        number = int(reason.evidence_id) - 1
        if 0 <= number < len(texts):
            text = texts[number]
    if not text:
        text = texts[0] if len(texts) == 1 else ""
    if not text:
        return ""
    if reason.evidence_span is not None and reason.evidence_span.end <= len(text):
        start = max(0, reason.evidence_span.start - width)
        end = min(len(text), reason.evidence_span.end + width)
    else:
        start, end = 0, min(len(text), 2 * width)
    clip = " ".join(text[start:end].split())
    return ("..." if start else "") + clip + ("..." if end < len(text) else "")


def _metrics(outcomes: Sequence[RowOutcome]) -> tuple[list[bool], list[bool], list[float | None]]:
    labelled = [o for o in outcomes if o.label is not None]
    gold = [bool(o.label) for o in labelled]
    predicted = [bool(o.predicted) for o in labelled]
    scores = [o.score for o in labelled]
    return gold, predicted, scores


def evaluate(
    rows: Iterable[Row],
    predictor: Predictor,
    *,
    progress: Callable[[int, int | None], None] | None = None,
    group_by: str | None = None,
    name: str | None = None,
) -> EvalResult:
    """Run ``predictor`` over ``rows`` and compute every metric.

    An undecided prediction (``None``) counts as *not supported* (fail closed); rows
    without a gold label count only for latency. ``progress(done, total)`` is called
    after each row (``total`` is ``None`` for an iterator of unknown length).
    ``group_by`` names a ``Row.meta`` field to report per-group metrics on (for
    AttributionBench, ``src_dataset``). Reason-code precision counts, for each
    non-informational code a row carries, whether the row is gold not supported.
    """
    total = len(rows) if isinstance(rows, Sized) else None
    cited = bool(getattr(predictor, "cited", False))
    outcomes: list[RowOutcome] = []
    by_group: dict[str, list[RowOutcome]] = {}
    code_rows: dict[str, list[int]] = {}
    code_labels: dict[str, dict[str, int]] = {}
    by_label: dict[str, dict[str, int]] = {}
    flags: dict[str, list[Flag]] = {}
    started = time.perf_counter()
    for index, row in enumerate(rows):
        begin = time.perf_counter()
        prediction = as_prediction(predictor(row))
        seconds = time.perf_counter() - begin
        outcome = RowOutcome(
            row.label,
            row.label_name,
            prediction.predicted,
            prediction.score,
            prediction.codes,
            seconds,
        )
        outcomes.append(outcome)
        if group_by is not None:
            by_group.setdefault(str(row.meta.get(group_by, "")), []).append(outcome)
        if row.label is not None:
            counts = by_label.setdefault(row.label_name, {})
            kind = _outcome(prediction)
            counts[kind] = counts.get(kind, 0) + 1
            for code in dict.fromkeys(prediction.codes):
                if code in INFORMATIONAL:
                    continue
                tally = code_rows.setdefault(code, [0, 0])
                tally[0] += 1
                tally[1] += 0 if row.label else 1
                labels = code_labels.setdefault(code, {})
                labels[row.label_name] = labels.get(row.label_name, 0) + 1
                listed = flags.setdefault(code, [])
                if (
                    row.label
                    and len(listed) < _MAX_FLAGS
                    and all(f.claim != row.claim for f in listed)  # WiCE repeats claims
                ):
                    reason = next((r for r in prediction.reasons if r.code == code), None)
                    listed.append(
                        Flag(
                            code,
                            row.claim,
                            reason.message if reason else "",
                            _excerpt(row, reason, cited) if reason else "",
                            row.label_name,
                            _row_id(row, index),
                        )
                    )
        if progress is not None:
            progress(index + 1, total)
    elapsed = time.perf_counter() - started
    gold, predicted, scores = _metrics(outcomes)
    groups: dict[str, GroupStats] = {}
    for key in sorted(by_group):
        g_gold, g_pred, g_scores = _metrics(by_group[key])
        groups[key] = GroupStats(
            len(g_gold),
            balanced_accuracy(g_gold, g_pred),
            macro_f1(g_gold, g_pred),
            auroc(g_gold, g_scores),
        )
    codes = {
        code: CodeStats(
            code, tally[0], tally[1], code_labels[code], code not in SUPPORT_VERDICT_CODES
        )
        for code, tally in sorted(code_rows.items())
    }
    return EvalResult(
        predictor=name or str(getattr(predictor, "name", getattr(predictor, "__name__", "custom"))),
        rows=len(outcomes),
        labelled=len(gold),
        undecided=sum(1 for o in outcomes if o.predicted is None),
        confusion=confusion(gold, predicted),
        balanced_accuracy=balanced_accuracy(gold, predicted),
        macro_f1=macro_f1(gold, predicted),
        auroc=auroc(gold, scores),
        classes=per_class(gold, predicted),
        latency_ms=latency_summary([o.seconds for o in outcomes]),
        codes=codes,
        outcomes_by_label={k: by_label[k] for k in sorted(by_label)},
        groups=groups,
        flags={k: v for k, v in sorted(flags.items()) if v},
        seconds=elapsed,
        outcomes=tuple(outcomes),
    )


# ---- output -------------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "n/a" if value is None or math.isnan(value) else f"{100 * value:.1f}"


def format_result(result: EvalResult) -> str:
    """A plain-text report of ``result``: headline metrics, per-class table, latency,
    the per-label outcome table and reason-code precision."""
    c = result.confusion
    lines = [
        f"predictor {result.predictor}: {result.rows} rows ({result.labelled} labelled, "
        f"{result.undecided} undecided) in {result.seconds:.1f} s",
        f"balanced accuracy {_pct(result.balanced_accuracy)}  macro-F1 {_pct(result.macro_f1)}"
        f"  AUROC {_pct(result.auroc)}",
        f"confusion (positive = supported): tp {c.tp}  fp {c.fp}  fn {c.fn}  tn {c.tn}",
        "",
        f"{'class':<15}{'precision':>10}{'recall':>8}{'F1':>8}{'rows':>7}",
    ]
    for name, s in result.classes.items():
        lines.append(
            f"{name:<15}{_pct(s.precision):>10}{_pct(s.recall):>8}{_pct(s.f1):>8}{s.support:>7}"
        )
    lat = result.latency_ms
    lines += [
        "",
        f"latency per row (ms): p50 {lat['p50']:.2f}  p95 {lat['p95']:.2f}  "
        f"p99 {lat['p99']:.2f}  max {lat['max']:.2f}",
    ]
    if result.groups:
        lines += ["", f"{'group':<24}{'rows':>6}{'bal.acc':>9}{'macro-F1':>10}{'AUROC':>8}"]
        for name, g in result.groups.items():
            lines.append(
                f"{name[:23]:<24}{g.rows:>6}{_pct(g.balanced_accuracy):>9}"
                f"{_pct(g.macro_f1):>10}{_pct(g.auroc):>8}"
            )
        lines.append(f"{'mean over groups':<24}{'':>6}{'':>9}{_pct(result.group_macro_f1):>10}")
    if result.outcomes_by_label:
        kinds = ("supported", "unsupported", "contradicted", "undecided")
        lines += ["", f"{'gold label':<22}" + "".join(f"{k:>14}" for k in kinds)]
        for name, counts in result.outcomes_by_label.items():
            lines.append(
                f"{(name or '-')[:21]:<22}" + "".join(f"{counts.get(k, 0):>14}" for k in kinds)
            )
    lines += ["", "reason-code precision (share of flagged rows that are gold not supported):"]
    if not result.codes:
        lines.append("  no reason code emitted")
    else:
        lines.append(f"  {'code':<26}{'rows':>7}{'right':>7}{'precision':>11}  kind")
        for code, stats in result.codes.items():
            kind = "deterministic check" if stats.deterministic else "support verdict"
            lines.append(
                f"  {code:<26}{stats.emitted:>7}{stats.right:>7}{_pct(stats.precision):>11}  {kind}"
            )
    return "\n".join(lines)


class ProgressPrinter:
    """A ``progress`` callback for :func:`evaluate`: a redrawn bar on a terminal, a plain
    counter line every tenth of the run (or every 500 rows) otherwise."""

    def __init__(
        self, stream: TextIO | None = None, *, label: str = "eval", noun: str = "rows"
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        try:
            self.tty = bool(isatty and isatty())
        except (OSError, ValueError):
            self.tty = False
        self.label = label
        self.noun = noun
        self.started = time.perf_counter()
        self._last_draw = 0.0

    def __call__(self, done: int, total: int | None) -> None:
        now = time.perf_counter()
        if self.tty:
            finished = total is not None and done >= total
            if not finished and now - self._last_draw < 0.1:
                return
            self._last_draw = now
            if total:
                width = 30
                filled = width * done // total
                bar = "#" * filled + "." * (width - filled)
                text = f"\r{self.label} [{bar}] {done}/{total} {100 * done // total}%"
            else:
                text = f"\r{self.label} {done} {self.noun}"
            rate = done / (now - self.started) if now > self.started else 0.0
            self.stream.write(f"{text} {rate:.0f} {self.noun}/s")
            if finished:
                self.stream.write("\n")
            self.stream.flush()
            return
        step = max(1, total // 10) if total else 500
        if done % step == 0 or (total is not None and done == total):
            of = f"/{total}" if total else ""
            self.stream.write(f"{self.label}: {done}{of} {self.noun}, {now - self.started:.1f} s\n")
            self.stream.flush()

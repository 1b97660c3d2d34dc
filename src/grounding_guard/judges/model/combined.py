"""The combined default judge: lexical evidence and embedding similarity, weighed by a
small logistic model fitted on labelled development data.

Each time the engine asks whether some passages support a claim, the judge measures

==================================  =====================================================
``coverage``                        share of the claim's content stems found in the
                                    passages
``sentence_coverage``               the same share in the single best evidence sentence
``cosine``                          highest cosine (all-MiniLM-L6-v2) between the claim
                                    and an evidence window, clipped to [0, 1]
``missing_words``                   ``log(1 + m)``, ``m`` the content stems the passages
                                    lack
``joined``                          1 when several chunks are judged together (a claim
                                    resting on two chunks)
``evidence_sentences``              ``log(1 + s)``, ``s`` the sentences of the passages
``*_x_evidence``                    ``coverage``, ``sentence_coverage`` and ``cosine``
                                    times ``evidence_sentences``: how much each signal
                                    says depends on how long the evidence is
==================================  =====================================================

and supports the claim when ``P = 1 / (1 + exp(-(b + w . x)))`` reaches ``threshold``
(default 0.5: the fit folds the cut with the best balanced accuracy on the development
data into the intercept ``b``). A claim of three words or more that stands verbatim in a
passage is supported without the model (``P = 1``). ``P`` rises with the cosine, so
with ``early_stop=True`` (the default) the window sharing most words with the claim is
scored first and, when it alone brings ``P`` to the threshold, the other windows are not
scored: the verdict is the one the full maximum gives, the score ``P`` of that window.

The weights (:data:`WEIGHTS`) come from ``scripts/fit_combined_judge.py``: L2-regularised
logistic regression (Newton's method, plain numpy, deterministic) on the dev splits of
AttributionBench, WiCE and SNLI only, each data set and each class within it weighing
the same; the test splits and QAGS are never read by the fit.

The judge decides support only. The deterministic checks run before it in the engine and
keep their veto: a figure, negation or direction that differs stays ``contradicted``, a
missing name or figure ``ungrounded``, a forged id ``invalid``, whatever ``P`` is. It
never answers ``contradicted`` itself. A model that cannot load raises
:class:`~grounding_guard.judges.model.ModelLoadError`, or with ``on_error="unverified"`` every
claim it would judge is ``undecided`` (reason ``unverified``): never support.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grounding_guard.errors import ConfigError, ModelLoadError
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.lexical import best_sentence
from grounding_guard.judges.model.judges import (
    EmbeddingJudge,
    checked_probability,
    load_judge,
    verbatim_in,
)
from grounding_guard.types import Judgement, Reason, Span

__all__ = [
    "DEFAULT_COMBINED_THRESHOLD",
    "FEATURES",
    "WEIGHTS",
    "CombinedJudge",
    "Measured",
    "default_judge",
    "lexical_features",
    "logit",
    "probability",
    "with_cosine",
]

#: The features, in the order of :data:`WEIGHTS`.
FEATURES: tuple[str, ...] = (
    "coverage",
    "sentence_coverage",
    "cosine",
    "missing_words",
    "joined",
    "evidence_sentences",
    "coverage_x_evidence",
    "sentence_coverage_x_evidence",
    "cosine_x_evidence",
)

#: Fitted by ``scripts/fit_combined_judge.py`` (its output lists the data and figures).
WEIGHTS: Mapping[str, float] = {
    "intercept": -2.552,
    "coverage": 3.5169,
    "sentence_coverage": -0.5693,
    "cosine": 3.6064,
    "missing_words": -0.8556,
    "joined": 0.9873,
    "evidence_sentences": 0.5742,
    "coverage_x_evidence": -1.6919,
    "sentence_coverage_x_evidence": -0.4281,
    "cosine_x_evidence": 0.5704,
}

#: ``P`` at or above which the combined judge supports a claim.
DEFAULT_COMBINED_THRESHOLD = 0.5


def lexical_features(claim: Claim, passages: Sequence[Passage]) -> dict[str, float]:
    """Every feature that does not need the model (word sets only)."""
    content = claim.analysis.content
    union: set[str] = set()
    for passage in passages:
        union |= content & passage.content
    size = len(content)
    best = best_sentence(claim, passages)
    shared = len(best.shared) if best is not None else 0
    coverage = len(union) / size if size else 0.0
    sentence_coverage = shared / size if size else 0.0
    evidence = math.log1p(sum(len(p.sentences) for p in passages))
    return {
        "coverage": coverage,
        "sentence_coverage": sentence_coverage,
        "missing_words": math.log1p(size - len(union)),
        "joined": 1.0 if len(passages) > 1 else 0.0,
        "evidence_sentences": evidence,
        "coverage_x_evidence": coverage * evidence,
        "sentence_coverage_x_evidence": sentence_coverage * evidence,
    }


def with_cosine(values: Mapping[str, float], cosine: float) -> dict[str, float]:
    """``values`` completed with the features of ``cosine`` (clipped to [0, 1])."""
    clipped = min(1.0, max(0.0, cosine))
    return {
        **values,
        "cosine": clipped,
        "cosine_x_evidence": clipped * values["evidence_sentences"],
    }


def logit(values: Mapping[str, float], weights: Mapping[str, float] = WEIGHTS) -> float:
    """``b + w . x`` of the logistic model ``weights`` for the feature ``values``."""
    z = weights.get("intercept", 0.0)
    for name in FEATURES:
        z += weights.get(name, 0.0) * values[name]
    return z


def probability(values: Mapping[str, float], weights: Mapping[str, float] = WEIGHTS) -> float:
    """``P`` of the logistic model ``weights`` for the feature ``values``."""
    return _sigmoid(logit(values, weights))


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True, slots=True)
class Measured:
    """What the judge measured for one claim against some passages: the features (empty
    when the claim stands verbatim), where the closest window is, or why nothing could
    be measured (``unverified``)."""

    values: Mapping[str, float]
    verbatim: bool = False
    evidence_id: str | None = None
    span: Span | None = None
    unverified: str | None = None


def _weights(given: Mapping[str, float] | None) -> dict[str, float]:
    chosen = dict(WEIGHTS if given is None else given)
    unknown = set(chosen) - {"intercept", *FEATURES}
    if unknown:
        raise ConfigError(f"weights: unknown feature(s) {', '.join(sorted(unknown))}")
    for key, value in chosen.items():
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
        ):
            raise ConfigError(f"weights[{key!r}] must be a finite number, got {value!r}")
    return {key: float(value) for key, value in chosen.items()}


class CombinedJudge:
    """Lexical features plus the embedding cosine, weighed by a fitted logistic model
    (what ``Guard(judge="model")`` uses).

    ``embedding``: the :class:`~grounding_guard.judges.model.EmbeddingJudge` whose cosine it
    reads (default: the packaged all-MiniLM-L6-v2, built with ``options``: ``on_error``,
    ``threads``, ``top_k``, ...); ``threshold``: the ``P`` that supports (default 0.5;
    ``grounding-guard calibrate --judge model`` tunes it); ``weights``: another fitted
    model (a mapping with ``intercept`` and the :data:`FEATURES`); ``early_stop``: stop
    scoring windows once one settles support (same verdicts, fewer model runs; the
    score is then that window's ``P``, a lower bound of the full one).
    """

    def __init__(
        self,
        embedding: Any = None,
        *,
        threshold: float | None = None,
        weights: Mapping[str, float] | None = None,
        early_stop: bool = True,
        **options: Any,
    ) -> None:
        if embedding is None:
            embedding = load_judge("default", **{"verbatim": False, **options})
        elif options:
            raise ConfigError(
                f"options {', '.join(sorted(options))} are for the default embedding judge: "
                "pass them to the EmbeddingJudge you give"
            )
        if not isinstance(embedding, EmbeddingJudge):
            raise TypeError(f"embedding must be an EmbeddingJudge, got {type(embedding).__name__}")
        if not isinstance(early_stop, bool):
            raise ConfigError(f"early_stop must be True or False, got {early_stop!r}")
        self.embedding = embedding
        self.threshold = (
            DEFAULT_COMBINED_THRESHOLD
            if threshold is None
            else checked_probability(threshold, "threshold")
        )
        self.weights: Mapping[str, float] = _weights(weights)
        self.early_stop = early_stop
        self.on_error = embedding.on_error
        model = embedding.files.name if embedding.files is not None else "unavailable"
        self.name = f"combined:{model}"

    @property
    def error(self) -> ModelLoadError | None:
        """Why the model could not load (``on_error="unverified"``), else ``None``."""
        return self.embedding.error

    @property
    def loaded(self) -> bool:
        """True once the embedding model is loaded."""
        return bool(self.embedding.loaded)

    def load(self) -> Any:
        """Load the embedding model now (it loads on first use otherwise)."""
        return self.embedding.load()

    def clear_cache(self) -> None:
        """Forget the embedding model's cached scores, vectors and windows."""
        self.embedding.clear_cache()

    # ---- measuring --------------------------------------------------------------------------
    @staticmethod
    def _verbatim(claim: Claim, passages: Sequence[Passage]) -> Measured | None:
        found = verbatim_in(claim, passages)
        return None if found is None else Measured({}, True, found[0].id, found[1])

    def measure(self, claim: Claim, passages: Sequence[Passage]) -> Measured:
        """Every feature of ``claim`` against ``passages``, the cosine included (runs the
        model unless the claim stands verbatim); raises :class:`ModelLoadError` when the
        model cannot load."""
        self.embedding.load()
        verbatim = self._verbatim(claim, passages)
        if verbatim is not None:
            return verbatim
        return self._with_model(claim, passages, lexical_features(claim, passages))

    def _with_model(
        self,
        claim: Claim,
        passages: Sequence[Passage],
        values: Mapping[str, float],
        enough: float | None = None,
    ) -> Measured:
        found = self.embedding.closest(claim, passages, enough)
        if isinstance(found, str):
            return Measured(values, unverified=found)
        window, cosine = found
        if window is None:
            return Measured(with_cosine(values, cosine))
        return Measured(with_cosine(values, cosine), False, window.evidence_id, window.span)

    # ---- judging ----------------------------------------------------------------------------
    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        """Judge ``claim`` against ``passages`` (the judge protocol)."""
        where = passages[0].id if len(passages) == 1 else None
        try:
            self.embedding.load()  # a model that cannot load fails every claim, even easy ones
        except ModelLoadError as exc:
            if self.on_error == "raise":
                raise
            return self._unverified(claim, where, f"model could not load: {exc}")
        verbatim = self._verbatim(claim, passages)
        if verbatim is not None:
            return Judgement("supported", 1.0, (), verbatim.evidence_id, verbatim.span, self.name)
        values = lexical_features(claim, passages)
        enough: float | None = None
        if self.early_stop and 0.0 < self.threshold < 1.0:
            # P rises with the cosine (linear inside the exponent): from ``enough`` on, a
            # window settles support and the other windows need not be scored
            at_zero = logit(with_cosine(values, 0.0), self.weights)
            at_one = logit(with_cosine(values, 1.0), self.weights)
            if at_one > at_zero:
                target = math.log(self.threshold / (1.0 - self.threshold))
                enough = (target - at_zero) / (at_one - at_zero) + 1e-9
        measured = self._with_model(claim, passages, values, enough)
        if measured.unverified is not None:
            return self._unverified(claim, where, measured.unverified)
        p = probability(measured.values, self.weights)
        verdict = "supported" if p + 1e-12 >= self.threshold else "unsupported"
        return Judgement(
            verdict, round(p, 4), (), measured.evidence_id or where, measured.span, self.name
        )

    def _unverified(self, claim: Claim, where: str | None, why: str) -> Judgement:
        reason = Reason("unverified", f"{self.name}: {why}", claim.span, where)
        return Judgement("undecided", None, (reason,), where, None, self.name)


def default_judge(**options: Any) -> CombinedJudge:
    """The default model judge (what ``Guard(judge="model")`` uses): the combined judge,
    lexical evidence and the packaged all-MiniLM-L6-v2 (int8 ONNX) cosine weighed by a
    fitted logistic model (:mod:`grounding_guard.judges.model.combined`).

    ``threshold`` (the probability that supports, default 0.5), ``weights`` and ``early_stop``
    go to the combined judge, every other option to its embedding judge (``on_error``,
    ``threads``, ``top_k``, ...). Needs ``pip install 'grounding-guard[model]'``; loads
    lazily, offline.
    """
    own = {k: options.pop(k) for k in ("threshold", "weights", "early_stop") if k in options}
    embedding = load_judge("default", verbatim=False, **options)
    assert isinstance(embedding, EmbeddingJudge)
    return CombinedJudge(embedding, **own)

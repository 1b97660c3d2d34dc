"""The model tier: semantic judges on local models (never imported by ``grounding_guard``).

Enable the packaged default (``pip install 'grounding-guard[model]'``, offline)::

    from grounding_guard import check

    report = check(answer, evidence, citations="none", judge="model")

``judge="model"`` is :func:`default_judge`: the combined judge
(:mod:`grounding_guard.judges.model.combined`), lexical evidence and the cosine of the
packaged all-MiniLM-L6-v2 weighed by a fitted logistic model. ``load_judge("default")``
is the plain cosine judge on the same model (``judge="embedding"``).

``load_judge`` also takes a model directory, an ``.onnx`` file, an installed package or
(with ``allow_download=True``) a hub id; the model loads lazily, once per process.
Importing this package imports no numpy, onnxruntime, tokenizers or torch: they are
imported when a model is first loaded.
"""

from __future__ import annotations

import os

from grounding_guard.errors import ModelLoadError
from grounding_guard.judges.model.combined import CombinedJudge, default_judge
from grounding_guard.judges.model.judges import (
    DEFAULT_THRESHOLDS,
    MODEL_THRESHOLDS,
    CrossEncoderJudge,
    EmbeddingJudge,
    Ranked,
    load_judge,
)
from grounding_guard.judges.model.loading import (
    DEFAULT_MODEL,
    LoadedModel,
    ModelFiles,
    clear_models,
    model_loads,
    package_folder,
    resolve,
)
from grounding_guard.judges.model.windows import Window, answer_budget

__all__ = [
    "DEFAULT_MODEL",
    "DEFAULT_THRESHOLDS",
    "MODEL_THRESHOLDS",
    "CombinedJudge",
    "CrossEncoderJudge",
    "EmbeddingJudge",
    "LoadedModel",
    "ModelFiles",
    "ModelLoadError",
    "Ranked",
    "Window",
    "answer_budget",
    "benchmark_judge",
    "clear_models",
    "default_judge",
    "load_judge",
    "model_loads",
    "resolve",
]


def benchmark_judge(kind: str) -> object | None:
    """The judge ``benchmarks/accuracy.py`` runs for ``kind``, on one thread: the
    packaged embedding judge (plain cosine) for ``embedding``, the combined judge
    (:func:`default_judge`, what ``Guard(judge="model")`` uses; the deterministic checks
    keep their veto) for ``default``, with ``early_stop=False`` so that every score is
    the full maximum over windows (the verdicts are the same either way); ``None`` for
    ``cross-encoder`` unless a cross-encoder is named: the installed
    ``grounding_guard_nli`` package, or a model folder in the environment variable
    ``GROUNDING_GUARD_BENCH_NLI`` (to measure a trained model before it is packaged)."""
    if kind == "embedding":
        return load_judge("default", threads=1)
    if kind == "default":
        return default_judge(threads=1, early_stop=False)
    if kind == "cross-encoder":
        folder = os.environ.get("GROUNDING_GUARD_BENCH_NLI")
        if folder:
            return load_judge(folder, threads=1)
        if package_folder("grounding_guard_nli") is not None:
            return load_judge("grounding_guard_nli", threads=1)
    return None

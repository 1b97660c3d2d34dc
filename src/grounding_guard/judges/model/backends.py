"""Model backends behind one small interface: ONNX Runtime + ``tokenizers`` (extra
``onnx``) or transformers/torch (extra ``torch``).

A backend turns texts into L2-normalised embeddings (:meth:`Backend.embed`) or text
pairs into classifier logits (:meth:`Backend.logits`), in batches sorted by length so
padding stays small. Every third-party module is imported here, inside functions, and
only when a model is actually loaded.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from grounding_guard.errors import ModelLoadError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float32]
    IntArray = npt.NDArray[np.int64]

__all__ = [
    "Backend",
    "ModelInput",
    "OnnxBackend",
    "TextTokenizer",
    "TorchBackend",
    "missing_modules",
    "require",
]

#: One model input: a text, or a (premise, hypothesis) pair.
ModelInput = str | tuple[str, str]

#: The extra that installs each optional module.
EXTRA_OF = {
    "onnxruntime": "onnx",
    "tokenizers": "onnx",
    "numpy": "onnx",
    "torch": "torch",
    "transformers": "torch",
}


def _hint(extra: str) -> str:
    if extra == "onnx":
        return "pip install 'grounding-guard[onnx]' (or 'grounding-guard[model]' for the default model)"
    return f"pip install 'grounding-guard[{extra}]'"


def missing_modules(modules: Sequence[str]) -> list[str]:
    """The modules of ``modules`` that cannot be imported (found without importing them)."""
    out = []
    for name in modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            out.append(name)
    return out


def require(module: str, extra: str | None = None) -> Any:
    """Import ``module`` or raise :class:`ModelLoadError` naming it and its extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        extra = extra or EXTRA_OF.get(module, "model")
        raise ModelLoadError(
            f"the Python package {module!r} is not installed: {_hint(extra)}"
        ) from exc


class TextTokenizer:
    """A ``tokenizers.Tokenizer`` with truncation and padding switched off (never mutated
    afterwards, so it is safe to share between threads); counts tokens the model's way."""

    def __init__(self, tokenizer: Any) -> None:
        padding = tokenizer.padding
        pad_id = padding.get("pad_id") if isinstance(padding, dict) else None
        if not isinstance(pad_id, int):
            pad_id = 0
            for token in ("[PAD]", "<pad>", "<|pad|>", "<unk>", "[UNK]"):
                found = tokenizer.token_to_id(token)
                if isinstance(found, int):
                    pad_id = found
                    break
        tokenizer.no_truncation()  # a window is cut by us, a claim never
        tokenizer.no_padding()
        self._tokenizer = tokenizer
        self.pad_id: int = pad_id
        self.single_overhead: int = int(tokenizer.num_special_tokens_to_add(False))
        self.pair_overhead: int = int(tokenizer.num_special_tokens_to_add(True))

    @classmethod
    def from_file(cls, path: Path) -> TextTokenizer:
        """Read a ``tokenizer.json``."""
        tokenizers = require("tokenizers", "onnx")
        try:
            return cls(tokenizers.Tokenizer.from_file(str(path)))
        except ModelLoadError:
            raise
        except Exception as exc:  # the Rust side raises plain Exceptions
            raise ModelLoadError(f"cannot read the tokenizer file {path}: {exc}") from exc

    def count(self, text: str) -> int:
        """Tokens of ``text`` without special tokens."""
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def encoded_length(self, item: ModelInput) -> int:
        """Tokens the model reads for ``item``, special tokens included."""
        if isinstance(item, tuple):
            return len(self._tokenizer.encode(item[0], item[1]).ids)
        return len(self._tokenizer.encode(item).ids)

    def pieces(self, text: str, limit: int) -> list[tuple[int, int]]:
        """Character spans of ``text`` of at most ``limit`` tokens each, cut between words
        where possible and overlapping a little, that together cover every token."""
        if limit < 1:
            raise ValueError("limit must be at least one token")
        offsets = list(self._tokenizer.encode(text, add_special_tokens=False).offsets)
        if not offsets:
            return [(0, len(text))] if text.strip() else []
        spans: list[tuple[int, int]] = []
        count = len(offsets)
        start = 0
        overlap = max(0, min(limit // 8, 16))
        while start < count:
            end = min(start + limit, count)
            if end < count:  # prefer a cut where white space separates two tokens
                for cut in range(end, start + max(1, limit // 2), -1):
                    if offsets[cut][0] > offsets[cut - 1][1]:
                        end = cut
                        break
            while True:
                span = (offsets[start][0], offsets[end - 1][1])
                if end - start <= 1 or self.count(text[span[0] : span[1]]) <= limit:
                    break
                end -= 1  # re-tokenised at a new edge it grew; shrink until it fits
            spans.append(span)
            if end >= count:
                break
            start = max(end - overlap, start + 1)
        return spans

    def batch(self, items: Sequence[ModelInput]) -> list[Any]:
        """The encodings of ``items`` (special tokens added)."""
        return list(self._tokenizer.encode_batch(list(items)))

    def arrays(self, encodings: Sequence[Any]) -> tuple[IntArray, IntArray, IntArray]:
        """``input_ids``, ``attention_mask`` and ``token_type_ids``, right-padded."""
        import numpy as np

        width = max(len(e.ids) for e in encodings)
        ids = np.full((len(encodings), width), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(encodings), width), dtype=np.int64)
        types = np.zeros((len(encodings), width), dtype=np.int64)
        for row, encoding in enumerate(encodings):
            size = len(encoding.ids)
            ids[row, :size] = encoding.ids
            mask[row, :size] = 1
            types[row, :size] = encoding.type_ids
        return ids, mask, types


class Backend(Protocol):
    """What the judges need from a model runtime."""

    tokenizer: TextTokenizer

    def embed(self, texts: Sequence[str]) -> FloatArray:
        """L2-normalised sentence embeddings, one row per text."""
        ...

    def logits(self, items: Sequence[ModelInput]) -> FloatArray:
        """Classifier logits, one row per text or (premise, hypothesis) pair."""
        ...


def _run_batched(
    tokenizer: TextTokenizer,
    items: Sequence[ModelInput],
    batch_size: int,
    run: Callable[[IntArray, IntArray, IntArray], FloatArray],
) -> FloatArray:
    """Encode ``items``, run them shortest first in batches of similar lengths (little
    padding), rows back in input order."""
    import numpy as np

    if not items:
        return np.zeros((0, 0), dtype=np.float32)
    encodings = tokenizer.batch(items)
    order = sorted(range(len(items)), key=lambda i: len(encodings[i].ids))
    rows: list[Any] = [None] * len(items)
    batches: list[list[int]] = [[]]
    for index in order:
        batch = batches[-1]
        # a new batch when full, or when padding would more than double the shortest
        if batch and (
            len(batch) == batch_size
            or len(encodings[index].ids) > 2 * len(encodings[batch[0]].ids) + 8
        ):
            batches.append([index])
        else:
            batch.append(index)
    for chosen in batches:
        out = run(*tokenizer.arrays([encodings[i] for i in chosen]))
        for position, index in enumerate(chosen):
            rows[index] = out[position]
    return np.stack(rows).astype(np.float32, copy=False)


def _pool(hidden: Any, mask: IntArray, pooling: str) -> FloatArray:
    """Sentence vectors from token states (mean over real tokens, or the first token)."""
    import numpy as np

    states = np.asarray(hidden, dtype=np.float32)
    if states.ndim == 2:
        pooled = states
    elif pooling == "cls":
        pooled = states[:, 0, :]
    else:
        weights = mask[..., None].astype(np.float32)
        pooled = (states * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    result: FloatArray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
    return result


class OnnxBackend:
    """An ONNX Runtime session (CPU by default) with a ``tokenizers`` tokenizer."""

    def __init__(
        self,
        model_path: Path,
        tokenizer: TextTokenizer,
        *,
        pooling: str = "mean",
        threads: int | None = None,
        providers: Sequence[str] | None = None,
        batch_size: int = 32,
    ) -> None:
        ort = require("onnxruntime", "onnx")
        require("numpy", "onnx")
        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = int(threads)
            options.inter_op_num_threads = 1
        # worker threads sleep between runs instead of spinning: a guard runs a few small
        # batches per answer, and spinning threads only steal the cores the rest of the
        # check (and the application) needs
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        try:
            self._session = ort.InferenceSession(
                str(model_path),
                sess_options=options,
                providers=list(providers or ("CPUExecutionProvider",)),
            )
        except Exception as exc:
            raise ModelLoadError(f"onnxruntime cannot load {model_path}: {exc}") from exc
        self._inputs = {i.name: ("int32" in i.type) for i in self._session.get_inputs()}
        if "input_ids" not in self._inputs:
            raise ModelLoadError(
                f"{model_path} has no 'input_ids' input (inputs: {sorted(self._inputs)})"
            )
        outputs = [o.name for o in self._session.get_outputs()]
        self._embedding_output = next(
            (
                n
                for n in ("sentence_embedding", "last_hidden_state", "token_embeddings")
                if n in outputs
            ),
            outputs[0],
        )
        self._logits_output = "logits" if "logits" in outputs else outputs[0]
        self.tokenizer = tokenizer
        self.pooling = pooling
        self.batch_size = batch_size

    def _feed(self, ids: IntArray, mask: IntArray, types: IntArray) -> dict[str, Any]:
        import numpy as np

        arrays = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        return {
            name: arrays[name].astype(np.int32) if int32 else arrays[name]
            for name, int32 in self._inputs.items()
            if name in arrays
        }

    def embed(self, texts: Sequence[str]) -> FloatArray:
        """L2-normalised embeddings of ``texts``."""

        def run(ids: IntArray, mask: IntArray, types: IntArray) -> FloatArray:
            out = self._session.run([self._embedding_output], self._feed(ids, mask, types))[0]
            return _pool(out, mask, self.pooling)

        return _run_batched(self.tokenizer, list(texts), self.batch_size, run)

    def logits(self, items: Sequence[ModelInput]) -> FloatArray:
        """Logits of ``items`` (texts or premise/hypothesis pairs)."""
        import numpy as np

        def run(ids: IntArray, mask: IntArray, types: IntArray) -> FloatArray:
            out = self._session.run([self._logits_output], self._feed(ids, mask, types))[0]
            array: FloatArray = np.asarray(out, dtype=np.float32).reshape(len(ids), -1)
            return array

        return _run_batched(self.tokenizer, list(items), self.batch_size, run)


class TorchBackend:
    """A transformers model on torch (CPU unless ``device`` says otherwise)."""

    def __init__(
        self,
        directory: Path,
        tokenizer: TextTokenizer,
        *,
        classifier: bool,
        pooling: str = "mean",
        threads: int | None = None,
        device: str | None = None,
        batch_size: int = 32,
    ) -> None:
        import inspect

        torch = require("torch", "torch")
        transformers = require("transformers", "torch")
        require("numpy", "torch")
        if threads:
            torch.set_num_threads(int(threads))  # process-wide in torch
        loader = (
            transformers.AutoModelForSequenceClassification
            if classifier
            else transformers.AutoModel
        )
        try:
            # safetensors only: a pickled checkpoint can run code when it is loaded
            model = loader.from_pretrained(
                str(directory), local_files_only=True, use_safetensors=True
            )
        except Exception as exc:
            raise ModelLoadError(f"transformers cannot load {directory}: {exc}") from exc
        self._torch = torch
        self._device = device or "cpu"
        self._model = model.to(self._device).eval()
        self._types = "token_type_ids" in inspect.signature(self._model.forward).parameters
        self._classifier = classifier
        self.tokenizer = tokenizer
        self.pooling = pooling
        self.batch_size = batch_size

    def _forward(self, ids: IntArray, mask: IntArray, types: IntArray) -> Any:
        torch = self._torch
        feed = {
            "input_ids": torch.from_numpy(ids).to(self._device),
            "attention_mask": torch.from_numpy(mask).to(self._device),
        }
        if self._types:
            feed["token_type_ids"] = torch.from_numpy(types).to(self._device)
        with torch.inference_mode():
            out = self._model(**feed)
        tensor = out.logits if self._classifier else out.last_hidden_state
        return tensor.float().cpu().numpy()

    def embed(self, texts: Sequence[str]) -> FloatArray:
        """L2-normalised embeddings of ``texts``."""

        def run(ids: IntArray, mask: IntArray, types: IntArray) -> FloatArray:
            return _pool(self._forward(ids, mask, types), mask, self.pooling)

        return _run_batched(self.tokenizer, list(texts), self.batch_size, run)

    def logits(self, items: Sequence[ModelInput]) -> FloatArray:
        """Logits of ``items`` (texts or premise/hypothesis pairs)."""
        import numpy as np

        def run(ids: IntArray, mask: IntArray, types: IntArray) -> FloatArray:
            array: FloatArray = np.asarray(self._forward(ids, mask, types), dtype=np.float32)
            return array

        return _run_batched(self.tokenizer, list(items), self.batch_size, run)

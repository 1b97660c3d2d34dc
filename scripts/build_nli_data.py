"""Build the (claim, evidence window) -> supported pairs the binary cross-encoder trains on.

Seeded and deterministic: the same inputs and ``--seed`` give byte-identical files. Writes
JSON Lines rows ``{"claim", "evidence", "label": 1|0, "source", "group"}`` to
``OUT/train.jsonl`` and ``OUT/calib.jsonl`` (default ``build/nli-data``, git-ignored) and
the counts to ``OUT/stats.json``. Only dev and train splits are read: no test split, no
QAGS, no factcheck-gpt, no AttributionBench out-of-distribution file, no FaithBench.

Sources (each skipped cleanly when its path is absent):

- SNLI dev (``DATA/snli/{s1,s2,labels}.dev``, CC BY-SA 4.0): entailment = 1, neutral and
  contradiction = 0; detokenised;
- SICK train + trial (``--sick FILE``, the SemEval_set column; TEST rows never read), both
  directions (``entailment_AB`` and ``entailment_BA``). Copy used: repository
  ``kkalouli/SICK-processing``, file ``SICK.txt`` (snapshot 0848f4ae, file last changed
  in b55cf253: the SICK release of Marelli et al. 2014 with its SemEval_set column).
  Licence: SICK's own, CC BY-NC-SA 3.0 (non-commercial; the repository has no licence);
- ANLI dev R1-R3 (``--anli DIR`` holding ``ANLI_analysis_r{1,2,3}_dev.csv``: columns
  ``context``, ``statement``, ``gold_label`` e/n/c): repository
  ``facebookresearch/anli``, folder ``anlizinganli/anli_annot_v0.2/`` (snapshot
  b5ce27af, files last changed in d3d20df: the full dev sets, 1,000 / 1,000 / 1,198 rows,
  with the authors' error-analysis tags). Licence: CC BY-NC 4.0 (non-commercial, the
  repository's LICENSE). No ANLI test or train file is read;
- AttributionBench dev (``DATA/attributionbench/dev.jsonl``) and WiCE dev
  (``DATA/wice/claim_dev.jsonl``; partially_supported = 0): the evidence is the window the
  cross-encoder judge would score (``passage_windows`` + ``select_windows`` of
  ``grounding_guard.judges.model.windows``, 2-sentence windows, top 3 per chunk, the one
  sharing most content stems first). A positive keeps only its best window (WiCE: the
  window of its one oracle sentence, or its oracle sentences joined when it has several
  and they fit); a negative gives its best two windows. 20% of the groups (question /
  claim id) go to ``calib.jsonl``, the rest to train;
- synthetic pairs in the manner of FactCC and MiniCheck, made only from the evidence of
  the *train* groups of those dev sets and from SNLI dev premises: positives (a sentence
  selected, compressed, two fused, paraphrased, a figure spelled out) and negatives
  (entity, number, date and unit swaps, negation added or dropped, an opposite word,
  roles swapped, a detail from another document added, a hedge or qualifier dropped, a
  sentence of the same document outside the window). ``--show`` prints 3 samples of each.

Labels are balanced to about 50/50 (synthetic quotas first, then surplus negatives of the
general NLI sets dropped) and the whole is capped near ``--total`` pairs.

    PYTHONPATH=src python scripts/build_nli_data.py --sick ../nli-sources/sick/SICK.txt \\
        --anli ../nli-sources/anli [--show]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from grounding_guard.evaluation.evaluate import detokenise  # noqa: E402
from grounding_guard.evidence.passage import Passage  # noqa: E402
from grounding_guard.judges.model.backends import TextTokenizer  # noqa: E402
from grounding_guard.judges.model.loading import VENDORED_MINILM_TOKENIZER  # noqa: E402
from grounding_guard.judges.model.windows import (  # noqa: E402
    Window,
    passage_windows,
    select_windows,
)
from grounding_guard.text.analysis import analyse, sentence_spans  # noqa: E402
from grounding_guard.types import Evidence  # noqa: E402

#: What the cross-encoder judge uses by default (CrossEncoderJudge): windows of up to two
#: sentences, the three sharing most stems per chunk.
WINDOW_SENTENCES = 2
TOP_K = 3
MIN_WINDOW_TOKENS = 8


@dataclass(frozen=True)
class Pair:
    """One training row."""

    claim: str
    evidence: str
    label: int
    source: str
    group: str

    def row(self) -> dict[str, Any]:
        return {
            "claim": self.claim,
            "evidence": self.evidence,
            "label": self.label,
            "source": self.source,
            "group": self.group,
        }


def squash(text: str) -> str:
    """White space collapsed (what the judge reads of a claim)."""
    return " ".join(text.split())


def digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


# ------------------------------------------------------------------------------------------
# the judge's windows
# ------------------------------------------------------------------------------------------


class Windows:
    """The judge's evidence windows for a claim, counted with the model's tokenizer."""

    def __init__(self, max_length: int) -> None:
        self.tokenizer = TextTokenizer.from_file(VENDORED_MINILM_TOKENIZER)
        self.max_length = max_length
        self._counts: dict[str, int] = {}

    def count(self, text: str) -> int:
        found = self._counts.get(text)
        if found is None:
            found = self._counts[text] = self.tokenizer.count(text)
        return found

    def limit(self, claim: str) -> int:
        """Evidence tokens left beside ``claim`` (the judge's rule: the claim is never cut)."""
        return self.max_length - self.tokenizer.pair_overhead - self.count(claim)

    def fits(self, claim: str, evidence: str) -> bool:
        return self.count(evidence) <= self.limit(claim)

    def ranked(self, claim: str, texts: Sequence[str]) -> list[Window]:
        """The windows the judge would score for ``claim`` (each text one chunk), the one
        sharing most content stems with the claim first (text order breaks ties)."""
        limit = self.limit(claim)
        if limit < MIN_WINDOW_TOKENS:
            return []
        content = analyse(claim).content
        chosen: list[Window] = []
        for index, text in enumerate(texts):
            if not text.strip():
                continue
            passage = Passage(Evidence(str(index), text))
            every = passage_windows(
                passage, limit, WINDOW_SENTENCES, self.count, self.tokenizer.pieces
            )
            chosen.extend(select_windows(content, every, TOP_K))
        order = sorted(range(len(chosen)), key=lambda i: -len(content & chosen[i].content))
        out: list[Window] = []
        for i in order:
            if chosen[i].text.strip() and all(chosen[i].text != w.text for w in out):
                out.append(chosen[i])
        return out


# ------------------------------------------------------------------------------------------
# labelled sources
# ------------------------------------------------------------------------------------------


def read_snli(folder: Path) -> list[Pair]:
    """SNLI dev: premise as evidence, hypothesis as claim, entailment = 1."""
    files = [folder / f"{part}.dev" for part in ("s1", "s2", "labels")]
    if not all(f.is_file() for f in files):
        return []
    s1, s2, labels = (f.read_text(encoding="utf-8").splitlines() for f in files)
    out = []
    for premise, hypothesis, label in zip(s1, s2, labels, strict=True):
        label = label.strip()
        if label not in ("entailment", "neutral", "contradiction"):
            continue
        evidence = detokenise(premise)
        out.append(
            Pair(
                squash(detokenise(hypothesis)),
                evidence,
                int(label == "entailment"),
                "snli-dev",
                f"snli:{digest(evidence)}",
            )
        )
    return out


_SICK_SPLITS = ("TRAIN", "TRIAL")


def read_sick(path: Path | None) -> list[Pair]:
    """SICK train and trial rows in both directions (A -> B and B -> A); TEST is skipped."""
    if path is None or not path.is_file():
        return []
    out = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            split = (row.get("SemEval_set") or "").strip()
            if split not in _SICK_SPLITS:
                continue
            a, b = squash(row["sentence_A"]), squash(row["sentence_B"])
            group = f"sick:{row['pair_ID'].strip()}"
            forward = (row.get("entailment_AB") or "").strip()
            backward = (row.get("entailment_BA") or "").strip()
            out.append(Pair(b, a, int(forward == "A_entails_B"), "sick", group))
            if backward:
                out.append(Pair(a, b, int(backward == "B_entails_A"), "sick", group))
    return out


def read_anli(folder: Path | None) -> list[Pair]:
    """ANLI dev R1-R3 (the annotated copies of the full dev sets): context as evidence."""
    if folder is None or not folder.is_dir():
        return []
    out = []
    for number in (1, 2, 3):
        path = folder / f"ANLI_analysis_r{number}_dev.csv"
        if not path.is_file():
            continue
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                gold = row["gold_label"].strip()
                if gold not in ("e", "n", "c"):
                    continue
                out.append(
                    Pair(
                        squash(row["statement"]),
                        squash(row["context"]),
                        int(gold == "e"),
                        f"anli-r{number}-dev",
                        f"anli:{row['uid'].strip()}",
                    )
                )
    return out


@dataclass
class DevRow:
    """A labelled row of a real dev set, before it is cut into windows."""

    claim: str
    texts: list[str]
    label: int
    source: str
    group: str
    oracle: list[str] = field(default_factory=list)


def read_dev(data: Path) -> list[DevRow]:
    """AttributionBench dev and WiCE dev rows (grouped by question / claim id)."""
    out: list[DevRow] = []
    path = data / "attributionbench" / "dev.jsonl"
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            obj = json.loads(line)
            label = {"attributable": 1, "not attributable": 0}[obj["attribution_label"]]
            group = obj.get("question") or obj.get("id") or obj["claim"]
            texts = [t for t in obj["references"] if isinstance(t, str) and t.strip()]
            out.append(
                DevRow(squash(obj["claim"]), texts, label, "attributionbench-dev", f"ab:{group}")
            )
    path = data / "wice" / "claim_dev.jsonl"
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            obj = json.loads(line)
            label = {"supported": 1, "partially_supported": 0, "not_supported": 0}[obj["label"]]
            meta = obj.get("meta") or {}
            texts = [t for t in obj["evidence"] if isinstance(t, str)]
            oracle_ids = set(meta.get("oracle_idx") or [])
            chunks = meta.get("chunk_idx") or []
            oracle = [t for i, t in zip(chunks, texts, strict=False) if i in oracle_ids]
            group = meta.get("id") or obj["claim"]
            out.append(
                DevRow(squash(obj["claim"]), texts, label, "wice-dev", f"wice:{group}", oracle)
            )
    return out


def split_groups(rows: Sequence[DevRow], share: float, rng: random.Random) -> set[str]:
    """Groups holding about ``share`` of each source's rows (seeded): the calibration part."""
    held: set[str] = set()
    for source in sorted({r.source for r in rows}):
        sizes = Counter(r.group for r in rows if r.source == source)
        groups = sorted(sizes)
        rng.shuffle(groups)
        wanted = share * sum(sizes.values())
        taken = 0
        for group in groups:
            if taken >= wanted:
                break
            held.add(group)
            taken += sizes[group]
    return held


def fitted(pairs: Iterable[Pair], windows: Windows) -> list[Pair]:
    """Pairs whose evidence fits beside the claim as they are; a longer negative gets its
    best window instead, a longer positive is dropped (its support may lie elsewhere)."""
    out = []
    for pair in pairs:
        if windows.fits(pair.claim, pair.evidence):
            out.append(pair)
        elif pair.label == 0:
            ranked = windows.ranked(pair.claim, [pair.evidence])[:1]
            out.extend(Pair(pair.claim, w.text, 0, pair.source, pair.group) for w in ranked)
    return out


def dev_pairs(row: DevRow, windows: Windows) -> list[Pair]:
    """The pairs of one dev row: the windows the judge would score, labelled where sound.

    A negative is unsupported by every window, so its two best windows are kept. A
    positive is only known to be supported by the evidence as a whole: its best window,
    or for WiCE the window of its single oracle sentence or the oracle sentences joined.
    """
    claim = row.claim
    if windows.limit(claim) < MIN_WINDOW_TOKENS:
        return []
    if row.label == 0:
        ranked = windows.ranked(claim, row.texts)[:2]
        return [Pair(claim, w.text, 0, row.source, row.group) for w in ranked]
    if row.source == "wice-dev":
        if len(row.oracle) == 1:
            ranked = windows.ranked(claim, row.oracle)[:1]
            return [Pair(claim, w.text, 1, row.source, row.group) for w in ranked]
        joined = squash(" ".join(row.oracle))
        if row.oracle and windows.fits(claim, joined):
            return [Pair(claim, joined, 1, "wice-dev-oracle", row.group)]
        return []
    ranked = windows.ranked(claim, row.texts)[:1]
    return [Pair(claim, w.text, 1, row.source, row.group) for w in ranked]


# ------------------------------------------------------------------------------------------
# synthetic pairs
# ------------------------------------------------------------------------------------------


@dataclass
class Document:
    """An evidence text cut into sentences, for the synthetic pairs."""

    group: str
    sentences: list[str]
    names: list[str]


_BAD = re.compile(r"https?://|www\.|\|| {3}|\t|Title:|Section:|[{}<>\[\]@#]|\.\.\.")
_CAPITAL_RUN = re.compile(r"\b[A-Z][a-zA-Z'\-]+(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][a-zA-Z'\-]+)*")
_NOT_NAMES = frozenset(
    """The A An In On At For From By With After Before During Since Until This That These
    Those It He She They We I His Her Its Their Our There Here When While Although However
    If But And Or As Also Some Many Most All Both Each Every No Not One Two Three Four Five
    January February March April May June July August September October November December
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday According Then Today Yes""".split()
)


#: Words seen in lower case inside sentences of the corpus (filled by :func:`learn_words`):
#: a capitalised word whose lower case is here opens a sentence, it names nothing.
COMMON: set[str] = set()
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")
_BULLET = re.compile(r"\s[-•*]\s+[A-Z]|:\s*-")


def learn_words(sentences: Iterable[str]) -> None:
    """Fill :data:`COMMON` from ``sentences``."""
    for sentence in sentences:
        for word in sentence.split()[1:]:
            word = word.strip(".,;:!?\"'()").replace("’", "'")
            if word.replace("'", "").isalpha() and word.islower():
                COMMON.add(word)


def clean_sentence(text: str) -> str | None:
    """A sentence fit to make claims from, or None (headers, lists, tables, URLs)."""
    text = squash(text)
    words = text.split()
    if not 6 <= len(words) <= 50 or _BAD.search(text):
        return None
    if not (text[0].isupper() or re.match(r"\d[\d,.]* [a-z]", text)) or text[-1] not in ".!":
        return None
    if _INNER_CAPITAL.search(text.replace("Mc", "")) or " ." in text or " ," in text:
        return None  # words run together or tokenised text: scraped noise
    if _BULLET.search(text) or sum(w[:1].isupper() for w in words) > 0.4 * len(words):
        return None  # a list, a title or a reference
    letters = sum(c.isalpha() for c in text)
    if letters < 0.6 * len(text) or text.count('"') % 2 or text.count("(") != text.count(")"):
        return None
    return text


def names_in(text: str) -> list[str]:
    """Capitalised word runs (names) of ``text``; a run's leading function word dropped."""
    found: list[str] = []
    for match in _CAPITAL_RUN.finditer(text):
        words = match.group(0).split()
        while words and (
            words[0] in _NOT_NAMES
            or (match.start() == 0 and words[0].lower().replace("’", "'") in COMMON)
        ):
            words = words[1:]
        while words and words[-1] in ("of", "de", "the"):
            words = words[:-1]
        name = " ".join(words)
        if name and name not in found and len(name) > 2:
            found.append(name)
    return found


def make_documents(texts: Iterable[tuple[str, list[str]]]) -> list[Document]:
    """Documents (deduplicated by text) from (group, evidence texts) items."""
    seen: set[str] = set()
    read: list[tuple[str, list[str]]] = []
    for group, parts in texts:
        sentences = [squash(span.of(part)) for part in parts for span in sentence_spans(part)]
        key = "\n".join(sentences)
        if sentences and key not in seen:
            seen.add(key)
            read.append((group, sentences))
    learn_words(s for _, sentences in read for s in sentences)
    out: list[Document] = []
    for group, sentences in read:
        names: list[str] = []
        for sentence in sentences:
            names.extend(n for n in names_in(sentence) if n not in names)
        out.append(Document(group, sentences, names))
    return out


NUMBER_WORDS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
    15: "fifteen",
    20: "twenty",
    30: "thirty",
    40: "forty",
    50: "fifty",
    100: "a hundred",
}
WORD_NUMBERS = {v: k for k, v in NUMBER_WORDS.items() if " " not in v}
OPPOSITES = [
    ("increase", "decrease"),
    ("increased", "decreased"),
    ("increases", "decreases"),
    ("rise", "fall"),
    ("rose", "fell"),
    ("before", "after"),
    ("more", "less"),
    ("higher", "lower"),
    ("highest", "lowest"),
    ("larger", "smaller"),
    ("largest", "smallest"),
    ("biggest", "smallest"),
    ("longest", "shortest"),
    ("older", "younger"),
    ("oldest", "youngest"),
    ("earlier", "later"),
    ("earliest", "latest"),
    ("first", "last"),
    ("minimum", "maximum"),
    ("allow", "prohibit"),
    ("allowed", "prohibited"),
    ("allows", "prohibits"),
    ("won", "lost"),
    ("win", "lose"),
    ("include", "exclude"),
    ("included", "excluded"),
    ("includes", "excludes"),
    ("above", "below"),
    ("north", "south"),
    ("northern", "southern"),
    ("east", "west"),
    ("eastern", "western"),
    ("positive", "negative"),
    ("majority", "minority"),
    ("import", "export"),
    ("imports", "exports"),
    ("gained", "lost"),
    ("began", "ended"),
    ("male", "female"),
    ("men", "women"),
    ("man", "woman"),
    ("boy", "girl"),
    ("boys", "girls"),
    ("inside", "outside"),
    ("indoors", "outdoors"),
    ("best", "worst"),
    ("success", "failure"),
    ("successful", "unsuccessful"),
    ("private", "public"),
    ("legal", "illegal"),
    ("accepted", "rejected"),
    ("approved", "rejected"),
    ("supported", "opposed"),
    ("born", "died"),
    ("upper", "lower"),
    ("internal", "external"),
    ("strong", "weak"),
    ("stronger", "weaker"),
    ("rich", "poor"),
    ("cheap", "expensive"),
    ("easy", "difficult"),
    ("early", "late"),
    ("same", "different"),
    ("always", "never"),
    ("sitting", "standing"),
    ("fast", "slow"),
    ("full", "empty"),
    ("day", "night"),
    ("summer", "winter"),
    ("happy", "sad"),
    ("wet", "dry"),
    ("big", "small"),
    ("large", "small"),
    ("entered", "left"),
    ("joined", "left"),
    ("hired", "fired"),
    ("buy", "sell"),
    ("bought", "sold"),
    ("maximum", "minimum"),
]
#: Replaced one way only (the other way round the word is often an adjective or a name).
ONE_WAY = [("opened", "closed"), ("old", "new"), ("before", "after")]
_OPPOSITE = dict(OPPOSITES)
for _a, _b in OPPOSITES:
    _OPPOSITE.setdefault(_b, _a)
_OPPOSITE |= dict(ONE_WAY)
_OPPOSITE_WORD = re.compile(
    r"\b(" + "|".join(sorted(_OPPOSITE, key=len, reverse=True)) + r")\b", re.I
)
_AUX = re.compile(
    r"\b(is|are|was|were|has|have|had|can|will|could|would|should|must|does|did|do)\b(?! not\b|n't)"
)
_NEGATION = re.compile(r"\b(not|never)\s|n't\b")
_NEGATION_TRAPS = re.compile(
    r"\bnot (only|just|until|least|necessarily|yet)\b|\bif not\b|\bor not\b|\bnothing\b"
)
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w]|[.,]\d)")
_MONTHS = (
    "January February March April May June July August September October November December"
).split()
_MONTH = re.compile(r"\b(" + "|".join(_MONTHS) + r")(?= \d| of \d|,? \d{4})")
UNITS = [
    ("million", "billion"),
    ("thousand", "million"),
    ("kilometres", "miles"),
    ("kilometers", "miles"),
    ("km", "mi"),
    ("metres", "feet"),
    ("meters", "feet"),
    ("kilograms", "pounds"),
    ("kg", "lb"),
    ("days", "weeks"),
    ("weeks", "months"),
    ("months", "years"),
    ("hours", "minutes"),
    ("minutes", "seconds"),
    ("percent", "percentage points"),
    ("dollars", "euros"),
    ("centuries", "decades"),
]
_UNIT = dict(UNITS)
for _a, _b in UNITS:
    _UNIT.setdefault(_b, _a)
_UNIT_WORD = re.compile(r"(?<=\d )(" + "|".join(sorted(_UNIT, key=len, reverse=True)) + r")\b")
_PARTICIPLES = {
    "written": "wrote",
    "directed": "directed",
    "produced": "produced",
    "founded": "founded",
    "designed": "designed",
    "built": "built",
    "created": "created",
    "developed": "developed",
    "composed": "composed",
    "recorded": "recorded",
    "published": "published",
    "acquired": "acquired",
    "discovered": "discovered",
    "invented": "invented",
    "painted": "painted",
    "led": "led",
    "owned": "owned",
    "played": "played",
    "sung": "sang",
    "performed": "performed",
    "coached": "coached",
    "managed": "managed",
    "established": "established",
    "organized": "organized",
    "organised": "organised",
    "funded": "funded",
    "released": "released",
    "bought": "bought",
    "purchased": "purchased",
    "defeated": "defeated",
    "replaced": "replaced",
    "succeeded": "succeeded",
    "awarded": "awarded",
    "edited": "edited",
    "illustrated": "illustrated",
    "translated": "translated",
}
_ACTIVE = {v: k for k, v in _PARTICIPLES.items()}
_NAME_RUN = r"(?:[A-Z][\w.'\-]*\s){0,3}[A-Z][\w.'\-]*"
_PASSIVE = re.compile(
    r"^(The|A|An|This|His|Her|Its|Their) ([\w\s'\-]{2,40}?) (was|were) ("
    + "|".join(_PARTICIPLES)
    + r") by ("
    + _NAME_RUN
    + r")([\s,].*)?\.$"
)
_ACTIVE_SENTENCE = re.compile(
    r"^("
    + _NAME_RUN
    + r") ("
    + "|".join(_ACTIVE)
    + r") (the|a|an|his|her|its|their) ([\w\s'\-]{2,40}?)((?: in| on| during)\b[^,]{1,30})?\.$"
)
_LEADING = re.compile(
    r"^((?:In|On|At|During|After|Before|By|Since|From|Following|Under|As of|Between)\b[^,]{1,40}), (.+)$"
)
_TRAILING_WHEN = re.compile(r"^([^,]{12,}?) ((?:in|on|during|since) (?:[A-Z]\w+ )?\d{4})\.$")
_CONDITION = re.compile(r"^(?:If|Unless|When|Without|Except|Only|Whether|Although|Though)\b")
_PARENTHESIS = re.compile(r"\s*\([^()]{1,80}\)")
_RELATIVE = re.compile(r", (?:which|who|whose) [^,]{3,80}(?:,|(?=\.$))")
_TRAILING_PHRASE = re.compile(
    r", (?:including|such as|making|becoming|with|while|as well as|according to|where) [^,]{3,}\.$"
)
_CONJUNCT = re.compile(r"(?:,|;) (?:and|but) ")
_PRONOUN_START = re.compile(r"^(He|She) ")
_PERSON_START = re.compile(r"^(?:He|She|[A-Z][a-z]+(?: [A-Z][a-z]+)+) (?!'s)")


def singular(noun: str) -> str:
    """A plural noun's singular, by the regular rules only."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("ches", "shes", "sses", "xes")):
        return noun[:-2]
    return noun[:-1]


_HEDGES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"\b(may|might) (?=\w)"), "will "),
    (re.compile(r"\bup to (?=[\d$])"), "at least "),
    (re.compile(r"\b(nearly|almost) (?=[\d$])"), "more than "),
    (re.compile(r"\b(about|approximately|around|roughly) (?=[\d$])"), "exactly "),
    (re.compile(r"\bsome (?=[a-z]+s\b)"), "all "),
    (re.compile(r"\bmany (?=[a-z]+s\b)"), "all "),
    (re.compile(r"\bone of the (\w+est) (\w+s)\b"), lambda m: f"the {m[1]} {singular(m[2])}"),
    (re.compile(r"\b(probably|possibly|perhaps|reportedly|allegedly) "), ""),
    (
        re.compile(r"(?<!\bso )(?<!\bhow )(?<!\bas )\b(often|sometimes|usually|frequently)\b"),
        "always",
    ),
    (re.compile(r"\b(partly|partially|largely|mostly)\b"), "fully"),
    (re.compile(r"\bone of the\b"), "the only one of the"),
]
_ROLE_VERBS = (
    "defeated beat acquired succeeded replaced preceded sued hired overtook outscored "
    "invited interviewed coached trained taught influenced followed"
).split()
_ROLE = re.compile(
    r"^(" + _NAME_RUN + r") (" + "|".join(_ROLE_VERBS) + r") (" + _NAME_RUN + r")(\b.*)$"
)
_RELATION = re.compile(
    r"^(" + _NAME_RUN + r") (is|was) the (son|daughter|father|mother|teacher|student|successor"
    r"|predecessor|subsidiary|owner|parent company|employer|coach|mentor) of ("
    + _NAME_RUN
    + r")(\b.*)$"
)
_COMPARATIVE = re.compile(
    r"^(The \w+|[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,2}) (is|was|are|were) (\w+er|more \w+|less \w+) "
    r"than (the \w+|[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,2})(\b.*)$"
)
_SCENE = re.compile(
    r"^(A|An|The|Two|Three) (\w+(?: \w+)?) (is|are) (\w+ing) (a|an|the|two|three) (\w+)"
    r"((?: (?:on|in|at|with|near|while|by|under|outside|inside|behind|for)\b.*)?[.!]?)$"
)
_FIGURE_OR_NAME = (
    r"(?:[$£€]?\d[\d,.]*%?(?: (?:million|billion|percent|per cent))?"
    r"|[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,2})"
)
#: Verbs after which "from A to B" is a movement (swapped, it says something else); after
#: others a range of names ("from Alton Towers to Six Flags") reads the same both ways.
_MOVES = r"\b(?:moved|travell?ed|flew|relocated|transferred|migrated|sailed|drove|switched|changed|promoted|rose|fell|increased|decreased|grew|dropped|went)"
_FROM_TO = re.compile(
    r"\bfrom (" + _FIGURE_OR_NAME + r") to (" + _FIGURE_OR_NAME + r")(?=[,.;]|\s[a-z])"
)
_BY_SWAP = re.compile(
    r"^(" + _NAME_RUN + r") (was|were) (\w+ed) by (" + _NAME_RUN + r")"
    r"((?:,| (?:in|on|at|for|during|after|before|from|with)\b).*)?([.!])$"
)
ANIMATE = frozenset(
    "man woman boy girl child person baby dog cat horse men women boys girls children people "
    "kids kid player players worker workers lady gentleman guy dogs cats teenager student "
    "students adult adults mother father bride groom officer doctor".split()
)
_HYPERNYMS = {
    "man": "person",
    "woman": "person",
    "boy": "child",
    "girl": "child",
    "men": "people",
    "women": "people",
    "boys": "children",
    "girls": "children",
    "kids": "children",
    "dog": "animal",
    "dogs": "animals",
    "cat": "animal",
    "horse": "animal",
    "car": "vehicle",
    "truck": "vehicle",
    "guitar": "instrument",
    "bicycle": "bike",
    "purchased": "bought",
    "commenced": "began",
    "approximately": "about",
    "located in": "in",
    "received": "got",
    "assist": "help",
    "numerous": "many",
    "utilize": "use",
    "demonstrated": "showed",
}
_HYPERNYM = re.compile(r"\b(" + "|".join(sorted(_HYPERNYMS, key=len, reverse=True)) + r")\b")
_DETAIL = re.compile(
    r" ((?:in|at|for|with|during|near|from|after|before) (?:the )?(?:[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,2}"
    r"|\d{4}|\$?\d[\d,.]*(?: million| billion| percent| people| years)?))(?=[,.])"
)
#: Details any document may lend: a recent year (an old one reads as made up) or an amount.
_FIGURE_DETAIL = re.compile(r"^(?:in|during|from|after|before) (?:19\d\d|20[0-2]\d)$|^for \$\d")


def details_of(sentence: str) -> list[str]:
    """Short specific phrases of ``sentence`` ("in 1987", "in New Delhi", "for $3 million");
    a capitalised one only when it is a name, not a common word."""
    out = []
    for match in _DETAIL.finditer(sentence):
        phrase = match.group(1)
        last = phrase.split()[-1]
        if last[:1].isupper() and (last.lower() in COMMON or last in _NOT_NAMES):
            continue
        out.append(phrase)
    return out


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """``text`` with its first word lowercased unless it looks like a name."""
    first = text.split(" ", 1)[0].rstrip(",;:")
    if first != "I" and (first in _NOT_NAMES or first.lower() in COMMON):
        return text[:1].lower() + text[1:]
    return text


def end(text: str) -> str:
    text = text.rstrip(" ,;:")
    return text if text.endswith((".", "!")) else text + "."


def keep_case(old: str, new: str) -> str:
    return capitalise(new) if old[:1].isupper() else new


def replace_one(
    pattern: re.Pattern[str],
    text: str,
    make: Callable[[re.Match[str]], str | None],
    rng: random.Random,
) -> str | None:
    """``text`` with one random match of ``pattern`` replaced by ``make(match)``."""
    matches = list(pattern.finditer(text))
    rng.shuffle(matches)
    for match in matches:
        new = make(match)
        if new is not None and new != match.group(0):
            return text[: match.start()] + new + text[match.end() :]
    return None


# ---- positives ----------------------------------------------------------------------------


def compress(sentence: str) -> list[str]:
    """The sentence less a parenthesis, a relative or trailing clause, a leading phrase or a
    second conjunct (never a condition: "If ...", "unless ..." change what is said)."""
    if _CONDITION.match(sentence) or re.search(r"\b(unless|except|if)\b", sentence):
        return []
    options: list[str] = []
    if _PARENTHESIS.search(sentence):
        options.append(_PARENTHESIS.sub("", sentence, count=1))
    relative = _RELATIVE.search(sentence)
    if relative:
        options.append(sentence[: relative.start()] + sentence[relative.end() :].lstrip(","))
    trailing = _TRAILING_PHRASE.search(sentence)
    if trailing:
        options.append(sentence[: trailing.start()] + ".")
    leading = _LEADING.match(sentence)
    if leading:
        options.append(capitalise(leading.group(2)))
    conjunct = _CONJUNCT.search(sentence)
    if conjunct and len(sentence[: conjunct.start()].split()) >= 5:
        options.append(sentence[: conjunct.start()] + ".")
    options = [end(squash(o)) for o in options if len(o.split()) >= 5]
    return [o for o in dict.fromkeys(options) if o != sentence]


def fuse(first: str, second: str) -> str | None:
    """Two sentences as one claim that needs both ("X did A and B" when the second opens
    with a pronoun for the first's subject, else "A, and B")."""
    if len(first.split()) + len(second.split()) > 45:
        return None
    head = first.rstrip(".!")
    pronoun = _PRONOUN_START.match(second)
    if (
        pronoun
        and _PERSON_START.match(first)
        and first.split()[0] not in _NOT_NAMES - {"He", "She"}
    ):
        return end(f"{head} and {second[pronoun.end() :]}")
    if second.split(" ", 1)[0] in ("However", "But", "Although", "Instead"):
        return None
    return end(f"{head}, and {lower_first(second)}")


def paraphrase(sentence: str, rng: random.Random) -> list[str]:
    """Restatements by moving a leading or trailing phrase or a voice change; failing
    those, a more general word (a hypernym: "a man" -> "a person")."""
    options: list[str] = []
    leading = _LEADING.match(sentence)
    if leading and not _CONDITION.match(sentence):
        options.append(
            end(
                f"{capitalise(lower_first(leading.group(2))).rstrip('.')} {lower_first(leading.group(1))}"
            )
        )
    trailing = _TRAILING_WHEN.match(sentence)
    if trailing and "," not in sentence:
        options.append(f"{capitalise(trailing.group(2))}, {lower_first(trailing.group(1))}.")
    passive = _PASSIVE.match(sentence)
    if passive:
        det, noun, _, participle, agent, rest = passive.groups()
        options.append(end(f"{agent} {_PARTICIPLES[participle]} {det.lower()} {noun}{rest or ''}"))
    active = _ACTIVE_SENTENCE.match(sentence)
    if active and active.group(1) not in _NOT_NAMES:
        agent, verb, det, noun, when = active.groups()
        be = "were" if noun.endswith("s") and not noun.endswith("ss") else "was"
        agent = lower_first(agent)
        options.append(f"{capitalise(det)} {noun} {be} {_ACTIVE[verb]} by {agent}{when or ''}.")
    options = [o for o in dict.fromkeys(options) if o != sentence]
    if options:
        return options
    general = replace_one(
        _HYPERNYM, sentence, lambda m: keep_case(m.group(0), _HYPERNYMS[m.group(0).lower()]), rng
    )
    return [general] if general and general != sentence else []


def spell_number(sentence: str, rng: random.Random) -> str | None:
    """A figure spelled out ("3" -> "three", "45%" -> "45 percent") or a word as digits."""

    def swap(match: re.Match[str]) -> str | None:
        text = match.group(0)
        if text.isdigit() and int(text) in NUMBER_WORDS:
            return NUMBER_WORDS[int(text)]
        return None

    found = replace_one(re.compile(r"(?<=[a-z] )\d{1,3}(?= [a-z]{3})"), sentence, swap, rng)
    if found:
        return found
    found = replace_one(
        re.compile(r"(\d+(?:\.\d+)?)%"), sentence, lambda m: f"{m.group(1)} percent", rng
    )
    if found:
        return found
    found = replace_one(
        re.compile(r"(\d+(?:\.\d+)?) (?:percent|per cent)\b"), sentence, lambda m: f"{m[1]}%", rng
    )
    if found:
        return found
    return replace_one(
        re.compile(r"\b(" + "|".join(w for w in WORD_NUMBERS if w != "one") + r")\b(?= [a-z]+s\b)"),
        sentence,
        lambda m: str(WORD_NUMBERS[m.group(0)]),
        rng,
    )


# ---- negatives ----------------------------------------------------------------------------


def swap_entity(sentence: str, document: Document, rng: random.Random) -> str | None:
    """A name of the sentence replaced by another name of the same document (one sharing
    no word with it, so not the same entity named differently)."""
    own = names_in(sentence)
    rng.shuffle(own)
    for name in own:
        words = set(name.split())
        others = [
            n
            for n in document.names
            if n != name and not words & set(n.split()) and n not in sentence
        ]
        if not others:
            continue
        same_size = [n for n in others if len(n.split()) == len(name.split())]
        other = rng.choice(same_size or others)
        return re.sub(r"\b" + re.escape(name) + r"\b", other, sentence)
    return None


def _new_number(text: str, rng: random.Random) -> str:
    value = float(text.replace(",", ""))
    if "." not in text and 1000 <= value <= 2099:
        return str(int(value) + rng.choice([-7, -3, -2, -1, 1, 2, 4, 10]))
    if value < 10 and "." not in text:
        return str(rng.choice([v for v in range(1, 13) if v != value]))
    factor = rng.choice([0.4, 0.5, 0.75, 1.3, 1.5, 2, 3])
    new = value * factor
    if "." in text:
        places = len(text.split(".")[1])
        out = f"{new:.{places}f}"
    else:
        out = str(round(new))
        if "," in text:
            out = f"{round(new):,}"
    return out if out != text else str(int(value) + 1)


def swap_number(sentence: str, rng: random.Random) -> str | None:
    """One figure of the sentence changed (a year moved by a few years)."""
    numbers = [
        m
        for m in _NUMBER.finditer(sentence)
        if not (
            1000 <= float(m.group(1).replace(",", "")) <= 2099
            and "," not in m.group(1)
            and "." not in m.group(1)
        )
    ]
    if not numbers:
        return None
    match = rng.choice(numbers)
    new = _new_number(match.group(1), rng)
    if new in sentence:
        return None
    return sentence[: match.start()] + new + sentence[match.end() :]


def swap_date(sentence: str, rng: random.Random) -> str | None:
    """A year moved by a few years, or a month of a date replaced."""
    years = list(re.finditer(r"(?<![\w.,$])(1[0-9]{3}|20[0-9]{2})(?![\w%]|[.,]\d)", sentence))
    months = list(_MONTH.finditer(sentence))
    if not years and not months:
        return None
    if months and (not years or rng.random() < 0.4):
        match = rng.choice(months)
        new = rng.choice([m for m in _MONTHS if m != match.group(1)])
    else:
        match = rng.choice(years)
        new = str(int(match.group(1)) + rng.choice([-10, -5, -3, -2, -1, 1, 2, 3, 6]))
    if new in sentence:
        return None
    return sentence[: match.start()] + new + sentence[match.end() :]


def swap_unit(sentence: str, rng: random.Random) -> str | None:
    """A unit after a figure replaced ("3 million" -> "3 billion", "5 km" -> "5 mi")."""
    return replace_one(_UNIT_WORD, sentence, lambda m: _UNIT[m.group(0)], rng)


def flip_negation(sentence: str, rng: random.Random) -> str | None:
    """A negation dropped, or one added after the first auxiliary."""
    if _NEGATION_TRAPS.search(sentence):
        return None
    if _NEGATION.search(sentence):
        out = sentence
        out = re.sub(r"\bcannot\b", "can", out)
        out = re.sub(r"\bwon't\b", "will", out)
        out = re.sub(r"\bcan't\b", "can", out)
        out = re.sub(r"n't\b", "", out)
        out = re.sub(r"\b(not|never) ", "", out, count=1)
        return out if out != sentence else None
    match = _AUX.search(sentence)
    if not match or match.start() == 0:
        return None
    word = match.group(1)
    new = "cannot" if word == "can" else f"{word} not"
    return sentence[: match.start()] + new + sentence[match.end() :]


def opposite(sentence: str, rng: random.Random) -> str | None:
    """A word replaced by its opposite (increase/decrease, before/after, won/lost, ...)."""
    return replace_one(
        _OPPOSITE_WORD,
        sentence,
        lambda m: keep_case(m.group(0), _OPPOSITE[m.group(0).lower()]),
        rng,
    )


def swap_roles(sentence: str) -> str | None:
    """Who did what to whom swapped: "A defeated B" -> "B defeated A", "A is the son of
    B" -> "B is the son of A", "A is older than B", "A man is feeding a dog"."""
    for pattern in (_ROLE, _RELATION):
        match = pattern.match(sentence)
        if match:
            groups = match.groups()
            a, b = groups[0], groups[-2]
            if a in _NOT_NAMES or b in _NOT_NAMES or a == b:
                continue
            middle = sentence[match.end(1) : match.start(len(groups) - 1)]
            return f"{b}{middle}{a}{groups[-1]}"
    match = _COMPARATIVE.match(sentence)
    if match:
        a, verb, degree, b, rest = match.groups()
        if a.split()[0] not in _NOT_NAMES or a.startswith("The "):
            return f"{capitalise(b)} {verb} {degree} than {lower_first(a)}{rest}"
    match = _BY_SWAP.match(sentence)
    if match:
        a, verb, participle, b, rest, stop = match.groups()
        if a not in _NOT_NAMES and b not in _NOT_NAMES and a != b:
            return f"{b} {verb} {participle} by {lower_first(a)}{rest or ''}{stop}"
    match = _FROM_TO.search(sentence)
    if match:
        a, b = match.group(1), match.group(2)
        years = all(re.fullmatch(r"1\d{3}|20\d{2}", x) for x in (a, b))
        figures = a[-1:].isdigit() or a.endswith(("%", "million", "billion", "cent"))
        moved = re.search(_MOVES + r"\s+$", sentence[: match.start()])
        same_kind = figures == (b[-1:].isdigit() or b.endswith(("%", "million", "billion", "cent")))
        if a != b and same_kind and not years and (figures or moved) and a not in _NOT_NAMES:
            if figures:  # only the figures trade places: "from 13 to 21 percent"
                na, nb = (re.match(r"[$£€]?\d[\d,.]*", x) for x in (a, b))
                if na is None or nb is None:
                    return None
                a, b = nb.group(0) + a[na.end() :], na.group(0) + b[nb.end() :]
                return f"{sentence[: match.start()]}from {a} to {b}{sentence[match.end() :]}"
            return f"{sentence[: match.start()]}from {b} to {a}{sentence[match.end() :]}"
    match = _SCENE.match(sentence)
    if match:
        det1, noun1, verb, action, det2, noun2, rest = match.groups()
        if noun1.split()[-1] == noun2 or not {noun1.split()[-1], noun2} <= ANIMATE:
            return None
        be = "are" if det2.lower() in ("two", "three") or noun2.endswith("s") else "is"
        return f"{capitalise(det2)} {noun2} {be} {action} {det1.lower()} {noun1}{rest}"
    return None


def drop_qualifier(sentence: str, rng: random.Random) -> str | None:
    """A hedge or qualifier of the evidence dropped or overstated ("may" -> "will", "up to
    5" -> "at least 5", "nearly 90" -> "more than 90", "some" -> "all", "one of the
    largest" -> "the largest")."""
    options = []
    for pattern, replacement in _HEDGES:
        if pattern.search(sentence):
            options.append(squash(pattern.sub(replacement, sentence, count=1)))
    options = [o for o in options if o != sentence]
    return rng.choice(options) if options else None


def add_detail(
    sentence: str, near: Sequence[str], far: Sequence[str], rng: random.Random
) -> str | None:
    """A specific detail the evidence does not give added ("... in 1987."): from a
    sentence of the same document outside the window when there is one, else a date or
    an amount from another document."""
    if not sentence.endswith(".") or sentence.endswith(('."', ".)")):
        return None
    own = analyse(sentence).content
    for pool in (near, far):
        options = [d for d in pool if not analyse(d).content & own]
        if options:
            return f"{sentence[:-1]} {rng.choice(options)}."
    return None


# ---- the synthetic set ----------------------------------------------------------------------

POSITIVE_KINDS = ("select", "compress", "fuse", "paraphrase", "number-words")
NEGATIVE_KINDS = (
    "entity",
    "number",
    "date",
    "unit",
    "negation",
    "opposite",
    "roles",
    "added-detail",
    "qualifier",
    "other-sentence",
)
#: Relative share of each transformation within its label (before shortfalls are spread).
WEIGHTS = {
    "select": 0.5,
    "compress": 1.5,
    "fuse": 1.2,
    "paraphrase": 1.0,
    "number-words": 0.6,
    "entity": 1.5,
    "number": 1.0,
    "date": 0.8,
    "unit": 0.3,
    "negation": 1.0,
    "opposite": 1.0,
    "roles": 0.6,
    "added-detail": 1.0,
    "qualifier": 0.8,
    "other-sentence": 0.5,
}


def window_for(
    document: Document, index: int, claim: str, windows: Windows, rng: random.Random, span: int = 1
) -> str | None:
    """Evidence for a claim made from sentences ``index`` .. ``index + span - 1``: those
    sentences, with a neighbour half the time (a 2-sentence window as the judge reads)."""
    sentences = document.sentences
    chosen = sentences[index : index + span]
    if span == 1 and rng.random() < 0.5:
        if index + 1 < len(sentences) and rng.random() < 0.6:
            chosen = [sentences[index], sentences[index + 1]]
        elif index > 0:
            chosen = [sentences[index - 1], sentences[index]]
    text = " ".join(chosen)
    if windows.fits(claim, text):
        return text
    text = " ".join(sentences[index : index + span])
    return text if windows.fits(claim, text) else None


def synthetic_candidates(
    documents: Sequence[Document], windows: Windows, rng: random.Random
) -> dict[str, list[Pair]]:
    """Every transformation tried on every usable sentence: candidates by kind."""
    details: list[str] = []
    for document in documents:
        for sentence in document.sentences:
            details.extend(d for d in details_of(sentence) if _FIGURE_DETAIL.match(d))
    details = sorted(set(details))
    out: dict[str, list[Pair]] = {k: [] for k in (*POSITIVE_KINDS, *NEGATIVE_KINDS)}
    used: set[str] = set()
    for document in documents:
        cleaned = [clean_sentence(s) for s in document.sentences]
        for index, sentence in enumerate(cleaned):
            if sentence is None or sentence in used:
                continue
            used.add(sentence)
            made: dict[str, str | list[str] | None] = {
                "select": sentence,
                "compress": compress(sentence),
                "paraphrase": paraphrase(sentence, rng),
                "number-words": spell_number(sentence, rng),
                "entity": swap_entity(sentence, document, rng),
                "number": swap_number(sentence, rng),
                "date": swap_date(sentence, rng),
                "unit": swap_unit(sentence, rng),
                "negation": flip_negation(sentence, rng),
                "opposite": opposite(sentence, rng),
                "roles": swap_roles(sentence),
                "added-detail": add_detail(
                    sentence,
                    [
                        d
                        for j, other in enumerate(document.sentences)
                        if abs(j - index) > 1
                        for d in details_of(other)
                    ],
                    details,
                    rng,
                ),
                "qualifier": drop_qualifier(sentence, rng),
            }
            tried = [
                (kind, claim)
                for kind, found in made.items()
                for claim in (
                    rng.sample(found, min(3, len(found))) if isinstance(found, list) else [found]
                )
            ]
            for kind, claim in tried:
                if claim is None or (kind != "select" and squash(claim) == sentence):
                    continue
                claim = squash(claim)
                evidence = window_for(document, index, claim, windows, rng)
                if evidence is None or (kind in NEGATIVE_KINDS and claim in evidence):
                    continue
                if kind == "select" and evidence == claim:
                    continue  # the claim alone as its evidence teaches nothing
                if kind == "added-detail" and analyse(claim).content <= analyse(evidence).content:
                    continue  # the added detail happens to stand in the window
                label = int(kind in POSITIVE_KINDS)
                out[kind].append(Pair(claim, evidence, label, f"syn:{kind}", document.group))
            following = cleaned[index + 1] if index + 1 < len(cleaned) else None
            if following is not None:
                heads = [sentence, *compress(sentence)[:1]]
                tails = [following, *compress(following)[:1]]
                variants = {fuse(rng.choice(heads), rng.choice(tails)), fuse(sentence, following)}
                for fused in sorted(v for v in variants if v is not None):
                    evidence = window_for(document, index, fused, windows, rng, span=2)
                    if evidence is not None:
                        out["fuse"].append(Pair(fused, evidence, 1, "syn:fuse", document.group))
            far = [
                s
                for j, s in enumerate(cleaned)
                if s is not None and abs(j - index) > 2 and s not in document.sentences[index]
            ]
            if far:
                claim = rng.choice(far)
                evidence = window_for(document, index, claim, windows, rng)
                if evidence is not None and claim not in evidence:
                    out["other-sentence"].append(
                        Pair(claim, evidence, 0, "syn:other-sentence", document.group)
                    )
    return out


def quotas(available: dict[str, int], kinds: Sequence[str], total: int) -> dict[str, int]:
    """``total`` shared among ``kinds`` by weight, a kind's shortfall spread over the rest."""
    out = dict.fromkeys(kinds, 0)
    left = total
    open_kinds = [k for k in kinds if available.get(k, 0) > 0]
    while left > 0 and open_kinds:
        weight = sum(WEIGHTS[k] for k in open_kinds)
        given = 0
        for kind in open_kinds:
            share = max(1, int(left * WEIGHTS[kind] / weight))
            take = min(share, available[kind] - out[kind])
            out[kind] += take
            given += take
        left -= given
        open_kinds = [k for k in open_kinds if out[k] < available[k]]
        if given == 0:
            break
    return out


# ------------------------------------------------------------------------------------------
# assembling
# ------------------------------------------------------------------------------------------


def dedupe(pairs: Iterable[Pair]) -> list[Pair]:
    """One row per (claim, evidence); a pair given both labels is dropped."""
    first: dict[tuple[str, str], Pair] = {}
    clash: set[tuple[str, str]] = set()
    for pair in pairs:
        key = (pair.claim, pair.evidence)
        seen = first.get(key)
        if seen is None:
            first[key] = pair
        elif seen.label != pair.label:
            clash.add(key)
    return [p for k, p in first.items() if k not in clash]


def capped(pairs: list[Pair], cap: int, rng: random.Random) -> list[Pair]:
    if cap <= 0 or len(pairs) <= cap:
        return pairs
    chosen = sorted(rng.sample(range(len(pairs)), cap))
    return [pairs[i] for i in chosen]


def balance(pairs: list[Pair], rng: random.Random, keep: Sequence[str]) -> list[Pair]:
    """Drop surplus rows of the larger label (never from the ``keep`` sources) until the
    labels are within 2% of each other."""
    positives = sum(p.label for p in pairs)
    negatives = len(pairs) - positives
    surplus_label = 0 if negatives > positives else 1
    surplus = abs(negatives - positives) - int(0.02 * len(pairs))
    if surplus <= 0:
        return pairs
    candidates = [
        i for i, p in enumerate(pairs) if p.label == surplus_label and p.source not in keep
    ]
    drop = set(rng.sample(candidates, min(surplus, len(candidates))))
    return [p for i, p in enumerate(pairs) if i not in drop]


def stats(pairs: Sequence[Pair]) -> dict[str, Any]:
    by_source: dict[str, Counter[int]] = {}
    for pair in pairs:
        by_source.setdefault(pair.source, Counter())[pair.label] += 1
    return {
        "rows": len(pairs),
        "positive": sum(p.label for p in pairs),
        "negative": sum(1 - p.label for p in pairs),
        "by_source": {
            s: {"positive": c[1], "negative": c[0]} for s, c in sorted(by_source.items())
        },
    }


def show(candidates: dict[str, list[Pair]], rng: random.Random) -> None:
    for kind, pairs in candidates.items():
        print(f"\n== {kind} ({len(pairs)} candidates)", file=sys.stderr)
        for pair in rng.sample(pairs, min(3, len(pairs))):
            print(f"  E: {pair.evidence}\n  C: {pair.claim}  [{pair.label}]\n", file=sys.stderr)


def build(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    data = Path(args.data)
    windows = Windows(args.max_length)

    dev = read_dev(data)
    held = split_groups(dev, args.calib_share, rng)
    calib_rows = [r for r in dev if r.group in held]
    train_rows = [r for r in dev if r.group not in held]
    calib = dedupe(p for r in calib_rows for p in dev_pairs(r, windows))
    calib_claims = {p.claim for p in calib}
    calib_texts = {squash(t) for r in calib_rows for t in r.texts}
    real_dev = dedupe(
        p for r in train_rows for p in dev_pairs(r, windows) if p.claim not in calib_claims
    )

    snli = fitted(read_snli(data / "snli"), windows)
    sick = fitted(read_sick(Path(args.sick) if args.sick else None), windows)
    anli = fitted(read_anli(Path(args.anli) if args.anli else None), windows)
    general = [
        *capped(snli, args.cap_snli, rng),
        *capped(sick, args.cap_sick, rng),
        *capped(anli, args.cap_anli, rng),
    ]
    real = dedupe([*real_dev, *general])
    real = [p for p in real if p.claim not in calib_claims]

    documents = make_documents(
        [
            *((r.group, [t for t in r.texts if squash(t) not in calib_texts]) for r in train_rows),
            *((p.group, [p.evidence]) for p in snli),
        ]
    )
    candidates = synthetic_candidates(documents, windows, rng)
    if args.show:
        show(candidates, random.Random(args.seed + 1))
    real_positive = sum(p.label for p in real)
    synthetic_total = max(0, args.total - len(real))
    synthetic_positive = min(synthetic_total, max(0, args.total // 2 - real_positive))
    available = {k: len(v) for k, v in candidates.items()}
    wanted = quotas(available, POSITIVE_KINDS, synthetic_positive)
    wanted |= quotas(available, NEGATIVE_KINDS, synthetic_total - synthetic_positive)
    synthetic = [
        p
        for kind in (*POSITIVE_KINDS, *NEGATIVE_KINDS)
        for p in capped(candidates[kind], wanted[kind], rng)
    ]
    synthetic = [p for p in synthetic if p.claim not in calib_claims]
    train = dedupe([*real, *synthetic])
    train = balance(train, rng, keep=("attributionbench-dev", "wice-dev", "wice-dev-oracle"))
    train.sort(key=lambda p: (p.source, p.group, p.claim, p.evidence))
    rng.shuffle(train)
    calib.sort(key=lambda p: (p.source, p.group, p.claim, p.evidence))

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("train", train), ("calib", calib)):
        with (out / f"{name}.jsonl").open("w", encoding="utf-8") as handle:
            for pair in rows:
                handle.write(json.dumps(pair.row(), ensure_ascii=False) + "\n")
    report = {
        "seed": args.seed,
        "max_length": args.max_length,
        "train": stats(train),
        "calib": stats(calib),
        "calib_groups": len(held),
        "synthetic_candidates": available,
        "synthetic_quotas": wanted,
        "skipped_sources": [
            name
            for name, rows in (("snli", snli), ("sick", sick), ("anli", anli), ("dev", dev))
            if not rows
        ],
    }
    (out / "stats.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    parser.add_argument("--sick", default=None, help="SICK.txt (train and trial rows are read)")
    parser.add_argument("--anli", default=None, help="folder of ANLI_analysis_r{1,2,3}_dev.csv")
    parser.add_argument("--out", default=str(ROOT / "build" / "nli-data"))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--total", type=int, default=50_000, help="about this many train pairs")
    parser.add_argument("--max-length", type=int, default=128, help="the model's pair length")
    parser.add_argument("--calib-share", type=float, default=0.2)
    parser.add_argument("--cap-snli", type=int, default=9_000)
    parser.add_argument("--cap-sick", type=int, default=8_000)
    parser.add_argument("--cap-anli", type=int, default=3_200)
    parser.add_argument("--show", action="store_true", help="3 samples per transformation")
    args = parser.parse_args(argv)
    report = build(args)
    print(json.dumps(report, indent=2), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

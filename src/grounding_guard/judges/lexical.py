"""The default support judge: containment or content-word overlap, with light stemming.

A claim is supported by a set of passages when its words stand in them in order
(punctuation, case and white space aside), or when at least ``threshold`` of its content
stems occur in them. This is deliberately lexical: term checks (negation, direction,
names, figures) catch what overlap alone misses, and model judges come after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from grounding_guard._slots import quick_init
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.evidence.tables import header_unit_values, with_header_units
from grounding_guard.text.analysis import Analysis, analyse, word_string
from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures import VALUE_WORDS, agree, pairable, read_values
from grounding_guard.text.figures.arithmetic import derive, too_many_to_derive
from grounding_guard.text.figures.index import FigureIndex
from grounding_guard.text.figures.intervals import decade, implies, qualified, year_of
from grounding_guard.text.figures.reader import read_values_cached
from grounding_guard.text.figures.value import Value
from grounding_guard.text.quotes import is_unspaced_script, letter_pairs
from grounding_guard.types import Judgement, Span

__all__ = [
    "DEFAULT_THRESHOLD",
    "BestSentence",
    "LexicalJudge",
    "best_sentence",
    "coverage",
    "supporting",
]

#: Share of a claim's content stems that must occur in its evidence (grounding-kit's 60%).
DEFAULT_THRESHOLD = 0.6
_MIN_CONTAINMENT_WORDS = 3


@quick_init
@dataclass(frozen=True, slots=True)
class BestSentence:
    """The evidence sentence that shares most content with a claim."""

    passage: Passage
    span: Span
    analysis: Analysis
    shared: frozenset[str]


def best_sentence(claim: Claim, passages: Sequence[Passage]) -> BestSentence | None:
    """The sentence of ``passages`` sharing most content stems with ``claim`` (earlier
    passage and sentence win a tie); ``None`` when nothing is shared."""
    analysis = claim.analysis
    key = (id(analysis), *map(id, passages))
    hit = _RECENT.get(key)
    if hit is not None and hit[0] is analysis:
        return hit[2]
    found = _best_sentence(analysis.content, passages)
    # bounded by entries and by the characters of the passages it keeps alive (their
    # readings are about their size): a cleared memo only asks again
    global _RECENT_CHARS
    weight = sum(len(p.evidence.text) for p in passages)
    if len(_RECENT) >= _RECENT_SIZE or _RECENT_CHARS + weight > _RECENT_MAX_CHARS:
        _RECENT.clear()
        _RECENT_CHARS = 0
    # the analysis and passages are kept alive with the answer, so their ids stay theirs
    _RECENT[key] = (analysis, tuple(passages), found)
    _RECENT_CHARS += weight
    return found


#: The last few best sentences, by the identity of the claim's analysis and the passages:
#: the term checks ask again for the same clause against the same passage.
_RECENT: dict[tuple[int, ...], tuple[Analysis, tuple[Passage, ...], BestSentence | None]] = {}
_RECENT_SIZE = 64
_RECENT_MAX_CHARS = 1_000_000
_RECENT_CHARS = 0


def _best_sentence(content: frozenset[str], passages: Sequence[Passage]) -> BestSentence | None:
    best: BestSentence | None = None
    best_size = 0
    for passage in passages:
        if not passage.shared(content):
            continue
        top, sentence = passage.most_shared(content)
        if top > best_size:
            best_size = top
            span, found = passage.sentences[sentence]
            best = BestSentence(passage, span, found, content & found.content)
    return best


def coverage(claim_content: frozenset[str], evidence_content: frozenset[str]) -> float:
    """Share of the claim's content stems that occur in the evidence (1.0 for none)."""
    if not claim_content:
        return 1.0
    return len(claim_content & evidence_content) / len(claim_content)


def _unspaced_coverage(
    content: frozenset[str], found: set[str], passages: Sequence[Passage]
) -> float:
    """Coverage where a word of a script written without spaces (CJK, Thai) counts by the
    share of its neighbouring-letter pairs found in a passage: such a "word" is a run of
    characters whose cut into words differs between texts ("电池续航" inside
    "该设备的电池续航")."""
    credit = float(len(found))
    for word in content - found:
        pairs = letter_pairs(word)
        if not pairs:
            continue
        best = max(sum(pair in p.unspaced_pieces for pair in pairs) / len(pairs) for p in passages)
        credit += best
    return credit / len(content)


def supporting(claim: Claim, passages: Sequence[Passage], threshold: float) -> list[Passage]:
    """The passages that :class:`LexicalJudge` would find support ``claim`` each on its
    own: the same tests, with the claim's needle and content read once for all."""
    words = claim.analysis.words
    needle = word_string(words) if len(words) >= _MIN_CONTAINMENT_WORDS else None
    content = claim.analysis.content
    if not content and needle is None:
        return []
    if is_unspaced_script(claim.text):  # the letter-pair credit: the judge itself decides
        judge = LexicalJudge(threshold)
        return [p for p in passages if judge.judge(claim, (p,)).verdict == "supported"]
    # with content stems the overlap decides (see LexicalJudge.judge); else containment
    if content:
        return [p for p in passages if p.holds_share(content, threshold)]
    return [p for p in passages if needle is not None and needle in p.word_text]


_DIGIT_RE = re.compile(r"\d")


def _converted(claim: Claim, missing: frozenset[str], passages: Sequence[Passage]) -> set[str]:
    """The missing stems of the claim's figures that a figure of the passages bears out
    in another unit or spelling ("0.047 kg" for "47 grams", "5 km" for "5,000 metres"),
    or that are a qualified figure an exact one implies ("more than 500" for "612"): the
    same amount written differently, which the judge sets aside. Figures are read with
    the generic reader (a locale's reading is the figure check's, which runs first)."""
    found: set[str] = set()
    text = claim.text
    if claim.row is not None and claim.row.has_units:  # "Weight (kg) | 0.047": 0.047 kg
        text = claim.row.read(frozenset()).text
    claimed = read_values(text)
    for interval in qualified(text, claimed)[:_INTERVALS]:
        # "more than 500 employees" for "612 employees": the qualifier and figure count
        own = analyse(f"{interval.word} {interval.span.of(text)}").content & missing
        if not own or own <= found:
            continue
        exact = replace(interval.value, comparable=True)  # its kind and class, to pair
        for passage in passages:
            if any(
                other.note not in _QUALIFIED
                and pairable(exact, other)
                and implies(interval, other) is True
                for other in _figures_of(passage.evidence.text)[0][:_SCANNED]
            ):
                found |= own
                break
    for value in claimed:
        if value.kind == "decade":
            found |= _decade_borne_out(text, value, missing - found, passages)
            continue
        if value.unit is None or value.value is None:
            continue
        own = analyse(value.span.of(text)).content & missing
        if not own or own <= found:
            continue
        for passage in passages:
            values, index = _figures_of(passage.evidence.text)
            if any(
                pairable(value, values[i]) and agree(value, values[i]) is True
                for i in index.firsts(value)
            ):
                found |= own
                break
    if not too_many_to_derive(claimed):
        found |= _derived(text, claimed, missing - found, passages)
    return found


#: A passage with more figures than this is not searched for the figures a claim
#: computes from it (a long table or report: too many to try in pairs).
_MOST_OPERANDS = 64


def _derived(
    text: str, claimed: Sequence[Value], missing: frozenset[str], passages: Sequence[Passage]
) -> set[str]:
    """The missing stems of figures the claim computes in one step from a passage's
    figures ("€19.80" for "€22" less "10%"), and of the case it supposes to compute them
    ("a 10 ml dose" holds 500 mg at "250 mg/5 ml"): not stated, but not missing either."""
    found: set[str] = set()
    for value in claimed:
        own = analyse(value.span.of(text)).content & missing
        if not own or own <= found:
            continue
        for passage in passages:
            values = _figures_of(passage.evidence.text)[0]
            if len(values) > _MOST_OPERANDS:
                continue
            derivation = derive(value, text, claimed, passage.evidence.text, values)
            if derivation is not None:
                whole = derivation.span or value.span  # "3 hours and 41 minutes"
                found |= own | (analyse(whole.of(text)).content & missing)
                for supposed in derivation.supposed:
                    found |= analyse(supposed.span.of(text)).content & missing
                break
    return found


def _decade_borne_out(
    text: str, value: Value, missing: frozenset[str], passages: Sequence[Passage]
) -> frozenset[str]:
    """The missing stems of a claimed decade ("the late 1990s") when a year or date of
    the passages falls in it, in a sentence that holds two of the claim's content words
    beside the decade (so a year of another fact of the chunk lends it nothing): the same
    time, written at a coarser grain."""
    years = decade(text, value)
    if years is None:
        return frozenset()
    own = analyse(years.span.of(text)).content & missing
    if not own:
        return frozenset()
    start, end = years.span.start, years.span.end
    near = analyse(text[max(0, start - _DECADE_NEAR) : end + _DECADE_NEAR]).content - own
    needed = min(_DECADE_SHARED, len(near))
    for passage in passages:
        for _, sentence in passage.sentences:
            if len(near & sentence.content) < needed:
                continue
            for other in read_values_cached(sentence.text)[:_SCANNED]:
                year = year_of(other)
                if year is not None and years.low <= year <= years.high:
                    return own
    return frozenset()


#: The claim's words beside a decade (within so many characters) that the sentence
#: dating it must hold.
_DECADE_SHARED = 2
_DECADE_NEAR = 50


#: Figures the reader marks qualified: never an exact figure to hold an interval against.
_QUALIFIED = frozenset({"bound", "approximation", "range"})
#: The most qualified figures of a claim, and figures of a passage, weighed for credit:
#: the scan is a product of the two, and a claim short of overlap only loses credit.
_INTERVALS = 16
_SCANNED = 256


@bounded_cache(64, 1 << 22)
def _figures_of(text: str) -> tuple[tuple[Value, ...], FigureIndex]:
    """The figures of a passage, filed by what they may agree with (kept: every claim
    that cites the chunk asks, and a claim of n figures must not read it n times)."""
    values = with_header_units(read_values_cached(text), header_unit_values(text), 0, len(text))
    return values, FigureIndex(values)


class LexicalJudge:
    """Containment, then content-stem overlap against the union of the passages."""

    name = "lexical"

    def __init__(self, threshold: float = DEFAULT_THRESHOLD) -> None:
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
            raise TypeError(f"threshold must be a number, got {type(threshold).__name__}")
        if not 0.0 < threshold <= 1.0:
            from grounding_guard.errors import ConfigError

            raise ConfigError(f"threshold must lie in (0, 1], got {threshold!r}")
        self.threshold = float(threshold)

    def judge(self, claim: Claim, passages: Sequence[Passage]) -> Judgement:
        """Supported when contained in one passage or when overlap reaches the threshold."""
        where = passages[0].id if len(passages) == 1 else None
        words = claim.analysis.words
        content = claim.analysis.content
        # containment puts every content stem of the claim in one passage, so with any
        # content stem the overlap alone gives the same judgement (1.0); only a claim of
        # stop words and the like needs the word-for-word test
        if not content and len(words) >= _MIN_CONTAINMENT_WORDS:
            needle = word_string(words)
            for passage in passages:
                if needle in passage.word_text:
                    return Judgement("supported", 1.0, (), where, None, self.name)
        if not content:
            return Judgement("unsupported", 0.0, (), where, None, self.name)
        union: set[str] = set()
        for passage in passages:
            union |= passage.shared(content)
        score = len(union) / len(content)
        if score + 1e-9 < self.threshold and is_unspaced_script(claim.text):
            score = _unspaced_coverage(content, union, passages)
        if score + 1e-9 < self.threshold and (
            _DIGIT_RE.search(claim.text)
            or not claim.analysis.vocabulary.isdisjoint(VALUE_WORDS)  # "half a year"
        ):
            converted = _converted(claim, content - union, passages)
            if converted and len(content) > len(converted):
                # the figure the evidence bears out in another form is set aside: neither
                # found nor missing, so the rest of the claim decides as for any claim
                score = len(union) / (len(content) - len(converted))
            elif converted:
                score = 1.0
        verdict = "supported" if score + 1e-9 >= self.threshold else "unsupported"
        return Judgement(verdict, round(score, 4), (), where, None, self.name)

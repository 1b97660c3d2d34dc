"""Term checks: what word overlap misses. Each returns reasons, never a verdict.

- ``name_mismatch``: a name the cited evidence never mentions, where a sentence that
  otherwise covers the claim puts another name in its slot ("Berlin" / "Paris"), or two
  names that trade places ("Acme acquired Initech" / "Initech acquired Acme");
- ``name_not_in_evidence`` (informational): a name or acronym the cited evidence never
  mentions, with no other name in its slot;
- ``negation_mismatch``: a negation added or dropped against the best evidence sentence;
- ``direction_mismatch``: a flipped direction or comparison (increase/decrease, more/less,
  higher/lower, before/after, faster/slower ...), or a relation that runs the other way
  (:mod:`grounding_guard.judges.roles`: who does what);
- ``antonym_mismatch``: a word whose WordNet opposite the evidence uses in the same slot
  ("warm place" / "cool place"), or a permission the evidence forbids ("may drink
  alcohol" / "avoid alcohol");
- figures: see :mod:`grounding_guard.judges.figures`.

A negation, direction or opposite counts only when the best sentence otherwise covers the
claim (``gate``): a sentence about something else says nothing against it. Each clause of
the claim is checked on its own too (against its own best sentence), so a restated clause
never hides a contradicted one.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice, pairwise
from typing import NamedTuple

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.lexical import (
    DEFAULT_THRESHOLD,
    BestSentence,
    best_sentence,
    coverage,
)
from grounding_guard.judges.roles import check_roles
from grounding_guard.text.analysis import (
    TITLES,
    Analysis,
    analyse,
    context_stems,
    number_key,
    word_string,
)
from grounding_guard.text.cache import bounded_cache
from grounding_guard.text.figures import CURRENCY_CODES, UNIT_WORDS
from grounding_guard.text.figures.words import SMALL
from grounding_guard.text.lexicon import (
    DIRECTION_FAMILIES,
    IMPLICIT_NEGATIVES,
    NEGATION_LIGHT,
    NEGATIONS,
    STOPWORDS,
    antonyms,
    is_common_word,
    pertainyms,
    stem,
)
from grounding_guard.text.locate import TextCache, spans_over_short_spaces, word_occurrences
from grounding_guard.text.quotes import word_positions
from grounding_guard.types import Reason, Span

__all__ = [
    "SentenceGate",
    "check_directions",
    "check_names",
    "check_negation",
    "clause_units",
    "sentence_gate",
]


#: Capitals that belong to a figure's unit or currency, never to a name.
UNIT_LETTERS: frozenset[str] = CURRENCY_CODES | frozenset({"US", "AU", "NZ", "HK", "CA", "Rs"})


def sentence_gate(
    claim: Claim, best: BestSentence, threshold: float, ignore: frozenset[str] = frozenset()
) -> bool:
    """True when ``best`` covers the claim's content (minus ``ignore``) to ``threshold``."""
    content = claim.analysis.content - ignore
    return coverage(content, best.analysis.content) + 1e-9 >= threshold


class SentenceGate:
    """:func:`sentence_gate` of one claim and sentence for many sets of words set aside,
    each in time of its own size: the claim's words the sentence holds are counted once."""

    def __init__(self, claim: Claim, best: BestSentence, threshold: float) -> None:
        self.content = claim.analysis.content
        self.theirs = best.analysis.content
        self.shared = len(self.content & self.theirs)
        self.threshold = threshold

    def covers(self, ignore: frozenset[str]) -> bool:
        """Whether the sentence covers the claim's content less ``ignore`` to the
        threshold (the same division as :func:`coverage`, of the same two counts)."""
        gone = ignore & self.content
        size = len(self.content) - len(gone)
        held = self.shared - len(gone & self.theirs)
        share = held / size if size else 1.0
        return share + 1e-9 >= self.threshold


#: Month and weekday names are capitalised by convention, not names: a date's parts are
#: the figure check's business ("July 2018" against "2018-07").
_CALENDAR: frozenset[str] = frozenset(
    """
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday
    """.split()
)
#: Lower-case words that may stand inside a multi-word name ("Centers for Disease
#: Control", "United States of America").
_CONNECTORS: frozenset[str] = frozenset("of for and the de del der la le von van & in on".split())
#: Endings that derive a word from a name or a name from a word: "Europe" / "European",
#: "Africa" / "African", "Democrat" / "Democratic", "Stoic" / "Stoicism".
_DERIVATIONS: frozenset[str] = frozenset(
    """
    s n an ian ean ese i ic ics ical ism ist ists ite ites ity al e ed er ers es ion ions or
    ors ation ations ment ments y ies ish
    """.split()
) | {""}
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


@bounded_cache(512, 2_000_000)
def _initials(text: str) -> str:
    """The initials of a text's capitalised words, in order ("|" for a lower-case word,
    connectors skipped): where an acronym the text never writes is spelled out ("Centers
    for Disease Control" holds "cdc", "U.S." holds "us")."""
    out: list[str] = []
    for word in _WORD.findall(text):
        if word[0].isupper():
            out.append(word[0].lower())
        elif word not in _CONNECTORS:
            out.append("|")
    return "".join(out)


@bounded_cache(512, 2_000_000)
def _sorted_words(vocabulary: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(w for w in vocabulary if w.isalpha()))


def _derived(key: str, passages: Sequence[Passage]) -> bool:
    """Whether a passage holds a word derived from the same stem as ``key`` ("European"
    for "Europe", "prosecution" for "Prosecuting", "Senate" for "Senators"): a shared
    start of four letters or more, and only derivational endings (:data:`_DERIVATIONS`)
    left on either side ("Johnston" is not "Johnson")."""
    if len(key) < 4 or not key.isalpha():
        return False
    for cut in range(len(key), 3, -1):
        if key[cut:] not in _DERIVATIONS:
            continue
        start = key[:cut]
        for passage in passages:
            words = _sorted_words(passage.vocabulary_near(start))
            at = bisect_left(words, start)
            while at < len(words) and words[at].startswith(start):
                word = words[at]
                if word[cut:] in _DERIVATIONS or stem(word)[cut:] in _DERIVATIONS:
                    return True
                at += 1
    return False


@bounded_cache(4096, 2_000_000)
def _word_positions(text: str) -> tuple[tuple[int, str], ...]:
    """(offset, word) of each word of ``text``, read once per text."""
    return tuple((m.start(), m.group()) for m in _WORD.finditer(text))


class _RunOfCapitals:
    """One run of capitalised words (and connectors between them) of a claim, read once:
    its capitals in order, where each first stands, and which of them no lexicon calls
    common. Each name of the run asks it again, so nothing here is redone per name."""

    __slots__ = ("capitals", "distinct", "first_at", "uncommon")

    def __init__(self, run: list[str]) -> None:
        self.capitals = [w for w in run if w[0].isupper()]
        self.first_at: dict[str, int] = {}
        for number, word in enumerate(self.capitals):
            self.first_at.setdefault(word, number)
        self.distinct = frozenset(self.first_at)
        self.uncommon = frozenset(w for w in self.distinct if not is_common_word(w.casefold()))


class _ClaimWords:
    """The words of a claim's text with their offsets, read once per text: the word at an
    offset, where each word stands, and the run of capitals around each word (so a run
    of many names is walked once, not once per name)."""

    __slots__ = ("at", "by_word", "left", "right", "runs", "words")

    def __init__(self, text: str) -> None:
        self.words = _word_positions(text)
        self.at = {offset: number for number, (offset, _) in enumerate(self.words)}
        self.by_word: dict[str, list[int]] = {}
        for number, (_, word) in enumerate(self.words):
            self.by_word.setdefault(word, []).append(number)
        joins = [w[0].isupper() or w in _CONNECTORS for _, w in self.words]
        count = len(joins)
        self.left = [0] * count  # joinable words right before word i
        self.right = [0] * count  # joinable words right after word i
        for i in range(1, count):
            self.left[i] = self.left[i - 1] + 1 if joins[i - 1] else 0
        for i in range(count - 2, -1, -1):
            self.right[i] = self.right[i + 1] + 1 if joins[i + 1] else 0
        self.runs: dict[tuple[int, int], _RunOfCapitals] = {}

    def bounds(self, start: int) -> tuple[int, int] | None:
        """The first and last word of the run around the word at offset ``start``."""
        index = self.at.get(start)
        if index is None:
            return None
        return index - self.left[index], index + self.right[index]

    def run(self, start: int) -> _RunOfCapitals | None:
        """The run of capitals around the word at offset ``start``, read once."""
        bounds = self.bounds(start)
        if bounds is None:
            return None
        found = self.runs.get(bounds)
        if found is None:
            first, last = bounds
            found = _RunOfCapitals([w for _, w in self.words[first : last + 1]])
            self.runs[bounds] = found
        return found


_CLAIM_WORDS: TextCache[_ClaimWords] = TextCache(256, 2_000_000)


def _claim_words(text: str) -> _ClaimWords:
    return _CLAIM_WORDS.get(text, _ClaimWords)


def _run_around(text: str, start: int, end: int) -> list[str]:
    """The capitalised words (and connectors between them) around ``text[start:end]``."""
    words = _claim_words(text)
    bounds = words.bounds(start)
    if bounds is None:
        return []
    return [w for _, w in words.words[bounds[0] : bounds[1] + 1]]


#: The longest acronym read: the letters of at most this many capitalised words.
ACRONYM_LETTERS = 12
#: Runs of capital letters, single dots between them ("CDC", "U.S.", "U.S.A"), in ASCII.
_ASCII_CHAIN = re.compile(r"[A-Z]+(?:\.[A-Z]+)*")


@lru_cache(maxsize=1)
def _chain_pattern() -> re.Pattern[str]:
    """Runs of capital letters with single dots between them, in any script: the class
    of every upper-case character, built once on first use (a tenth of a second)."""
    ranges: list[str] = []
    start = previous = -2
    for code in [c for c in range(0x110000) if chr(c).isupper()] + [-1]:
        if code == previous + 1:
            previous = code
            continue
        if start >= 0:
            ranges.append(
                re.escape(chr(start)) + ("-" + re.escape(chr(previous)) if previous > start else "")
            )
        start = previous = code
    upper = "[" + "".join(ranges) + "]"
    return re.compile(f"{upper}+(?:\\.{upper}+)*")


def _acronyms(text: str) -> frozenset[str]:
    """Every string of 2 to :data:`ACRONYM_LETTERS` capitals that stands in ``text`` as
    ``_acronym_pattern`` finds acronyms: whole (nothing alphanumeric on either side),
    each letter followed by an optional dot. So "U.S." holds "US", "U.S.A." holds "US",
    "SA" and "USA", "USA" holds "USA" only. Read once per text, instead of a regex per
    run of capitals the claim may abbreviate."""
    found: set[str] = set()
    pattern = _ASCII_CHAIN if text.isascii() else _chain_pattern()
    size = len(text)
    for match in pattern.finditer(text):
        pieces = match.group().split(".")
        start, end = match.span()
        opens = start == 0 or not text[start - 1].isalnum()
        closes = end == size or not text[end].isalnum()
        last = len(pieces) - 1
        for first in range(0 if opens else 1, len(pieces)):
            letters = ""
            for number in range(first, len(pieces)):
                letters += pieces[number]
                if len(letters) > ACRONYM_LETTERS:
                    break
                if len(letters) >= 2 and (number < last or closes):
                    found.add(letters)
    return frozenset(found)


_ACRONYMS: TextCache[frozenset[str]] = TextCache(256, 8_000_000)


def _spelled_somewhere(run: _RunOfCapitals, passages: Sequence[Passage]) -> list[bool]:
    """For each capital of ``run``: whether some stretch of two or more capitals around
    it (up to :data:`ACRONYM_LETTERS`) has initials a passage writes as an acronym."""
    capitals = run.capitals
    found = [_ACRONYMS.get(p.evidence.text, _acronyms) for p in passages]
    initials = "".join(w[0] for w in capitals)
    count = len(capitals)
    depth = [0] * (count + 1)  # +1 where a matching stretch starts, -1 past its end
    for first in range(count):
        for last in range(first + 1, min(count, first + ACRONYM_LETTERS)):
            letters = initials[first : last + 1].upper()
            if any(letters in acronyms for acronyms in found):
                depth[first] += 1
                depth[last + 1] -= 1
    covered: list[bool] = []
    total = 0
    for number in range(count):
        total += depth[number]
        covered.append(total > 0)
    return covered


def _expands(letters: str, words: list[str]) -> bool:
    """Whether ``words`` spell the acronym ``letters``: each word gives its initial, in
    order, and the letters between come from inside the words ("cardiothoracic ratio"
    for "ctr")."""
    if not words or words[0][0] != letters[0]:
        return False
    at = 0
    for number, word in enumerate(words):
        if at >= len(letters) or word[0] != letters[at]:
            return False
        at += 1
        following = words[number + 1][0] if number + 1 < len(words) else None
        for char in word[1:]:
            if at < len(letters) and char == letters[at] and letters[at] != following:
                at += 1
    return at == len(letters)


def _opened_before(text: str, start: int) -> bool:
    """Whether ``text`` holds "(" right before ``start``, white space aside."""
    index = start
    while index > 0 and text[index - 1].isspace():
        index -= 1
    return index > 0 and text[index - 1] == "("


def _words_before(text: str, start: int, count: int) -> list[str]:
    """The last ``count`` words (connectors aside) that end before offset ``start``, in
    order; ``text[start - 1]`` holds no word character."""
    words = _claim_words(text).words
    index = bisect_left(words, (start, ""))
    found: list[str] = []
    while index > 0 and len(found) < count:
        index -= 1
        word = words[index][1]
        if word.lower() not in _CONNECTORS:
            found.append(word)
    return found[::-1]


#: Per call of :func:`check_names`: run bounds -> which of its capitals are spelled out.
_Spelled = dict[tuple[int, int], list[bool]]


def _spelled(
    claim: Claim,
    surface: str,
    passages: Sequence[Passage],
    span: Span | None = None,
    memo: _Spelled | None = None,
) -> bool:
    """An acronym and its expansion count as one name, whichever side writes which: "CDC"
    against "Centers for Disease Control", "United States" against "U.S.", "artificial
    intelligence (AI)" in the claim against "artificial intelligence"."""
    text = claim.text
    span = span if span is not None else claim.analysis.locate(surface)
    if surface.isupper() and len(surface) >= 2:
        letters = surface.lower()
        if any(letters in _initials(p.evidence.text) for p in passages):
            return True
        # the claim spells it out itself: "artificial intelligence (AI)", "the
        # cardiothoracic ratio (CTR)"
        if not _opened_before(text, span.start):
            return False
        before = _words_before(text, span.start, len(letters))
        for size in range(1, len(letters) + 1):
            spelled = before[-size:]
            if len(spelled) == size and _expands(letters, [w.lower() for w in spelled]):
                return all(
                    any(p.has_word(w.lower()) or p.holds_stem(stem(w.lower())) for p in passages)
                    for w in spelled
                )
        return False
    words = _claim_words(text)
    bounds = words.bounds(span.start)
    run = words.run(span.start)
    if bounds is None or run is None or len(run.capitals) < 2:
        return False
    where = run.first_at.get(surface)
    if where is None:
        return False
    memo = memo if memo is not None else {}
    covered = memo.get(bounds)
    if covered is None:
        covered = memo[bounds] = _spelled_somewhere(run, passages)
    return covered[where]


def _joined(claim: Claim, surface: str, passages: Sequence[Passage]) -> bool:
    """A name the evidence writes as one word ("Tech Crunch" / "TechCrunch") or as two
    ("TechCrunch" / "Tech Crunch")."""
    claim_words = _claim_words(claim.text)
    words = claim_words.words
    for index in claim_words.by_word.get(surface, ()):
        word = surface
        pairs = []
        if index and words[index - 1][1][:1].isupper():
            pairs.append(words[index - 1][1] + word)
        if index + 1 < len(words) and words[index + 1][1][:1].isupper():
            pairs.append(word + words[index + 1][1])
        if any(p.has_word(pair.casefold()) for pair in pairs for p in passages):
            return True
    parts = re.findall(r"[A-Z][a-z]+", surface)
    if len(parts) > 1 and "".join(parts) == surface:
        spaced = " " + " ".join(parts).casefold() + " "
        return any(spaced in p.word_text for p in passages)
    return False


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@bounded_cache(512, 2_000_000)
def _folded(vocabulary: frozenset[str]) -> frozenset[str]:
    return frozenset(_fold(w) for w in vocabulary if not w.isascii())


def _unaccented(lower: str, passages: Sequence[Passage]) -> bool:
    """A name written with or without its accents ("Mane" / "Mané")."""
    folded = _fold(lower)
    # an ASCII chunk has no accented word to fold
    return any(not p.is_ascii and folded in _folded(p.vocabulary) for p in passages) or (
        folded != lower and any(p.has_word(folded) for p in passages)
    )


def _pertains(lower: str, passages: Sequence[Passage]) -> bool:
    """A name the evidence writes as its adjective or the adjective as its name
    ("Chinese" / "China", "France's" / "French", "British" / "Great Britain")."""
    for other in pertainyms().get(lower, ()):
        words = other.split()
        if any(all(p.has_word(w) for w in words) for p in passages):
            return True
    return False


def _common_capital(
    claim: Claim, surface: str, passages: Sequence[Passage], span: Span | None = None
) -> bool:
    """Whether a capitalised common word ("Navy", "Autumn") names nothing the evidence
    must mention by itself: alone ("a Black man", "in the Autumn"), or in a run of
    capitals that holds a word no lexicon calls common ("Russian Navy": "Russian" is
    checked). In a run of common words only ("Supreme Court") each word still counts."""
    span = span if span is not None else claim.analysis.locate(surface)
    run = _claim_words(claim.text).run(span.start)
    if run is None or run.distinct <= {surface}:
        return True  # no other capital around it
    return len(run.uncommon) > (surface in run.uncommon)


def _given_name(
    claim: Claim, surface: str, passages: Sequence[Passage], span: Span | None = None
) -> bool:
    """A given name whose full name's surname the evidence states ("Kevin" of "Kevin
    Durant" against "Durant"): the evidence names the same person by surname. The claim
    must write the full name; "Kevin" alone against "Smith" says nothing."""
    if not surface[:1].isupper() or not surface[1:].islower():
        return False
    span = span if span is not None else claim.analysis.locate(surface)
    claim_words = _claim_words(claim.text)
    words = claim_words.words
    index = claim_words.at.get(span.start)
    if index is None or index + 1 >= len(words):
        return False
    at, surname = words[index + 1]
    gap = claim.text[span.end : at]
    if gap.strip() or not surname[:1].isupper() or not surname[1:].islower():
        return False  # "Kevin Durant": one space, a capitalised word after
    lower = surname.casefold()
    # a first word in common use qualifies a place ("South Africa", "New York"): not a
    # given name;
    # nor does an adjective of a place or people ("Russian Navy"): a pertainym
    given = surface.casefold()
    if is_common_word(given) or given in pertainyms():
        return False
    return any(p.has_word(lower) for p in passages)


def check_names(
    claim: Claim, passages: Sequence[Passage], threshold: float = DEFAULT_THRESHOLD
) -> list[Reason]:
    """A reason for each name or acronym of the claim that no passage mentions.

    A name counts as mentioned in another form: a word derived from it ("European" for
    "Europe"), its acronym or expansion ("U.S." for "United States"), written joined or
    apart ("TechCrunch"), without its accents ("Mane" / "Mané"), or as its adjective
    ("Chinese" for "China", WordNet's pertainyms). Month and weekday names are not names,
    nor is a capitalised common word outside a run of common words
    (:func:`_common_capital`).

    A missing name whose slot the evidence fills with another name is ``name_mismatch``
    (:func:`_swapped`: "Berlin hosted the summit" / "Paris hosted the summit"), a
    contradiction, and so are two names that trade places (:func:`_role_swap`); a given
    name whose surname the evidence states counts as mentioned unless the evidence gives
    that surname another given name there ("Marie Curie" / "Pierre Curie"). A name merely missing is ``name_not_in_evidence``, informational:
    on the dev sets it was right under 95% of the time (the evidence often never names
    what the annotators knew), so support decides the unit.
    """
    reasons: list[Reason] = []
    seen: set[str] = set()
    units: list[tuple[Claim, BestSentence]] | None = None
    opening = _opening_name(claim.analysis)
    memo: _Spelled = {}
    swaps = _Swaps()
    failed: set[Span | None] = set()  # the spans reported so far: one reason per run
    for surface in (*claim.analysis.names, *opening):
        lower = surface.casefold()
        if lower.endswith("'s"):
            lower = lower[:-2]
        if lower in seen or surface in UNIT_LETTERS or lower in UNIT_WORDS or lower in _CALENDAR:
            continue  # the letters of a unit or a currency name nothing ("US$500", "GW")
        seen.add(lower)
        key = stem(lower)
        if any(p.has_word(lower) or p.holds_stem(key) for p in passages):
            # named elsewhere in the evidence: a swap still, when the sentence that
            # restates the claim puts another name in its very slot ("leaves Bergen at
            # 06:25" / "leaves Oslo at 06:25", Bergen named in another sentence)
            units = units if units is not None else _name_units(claim, passages)
            swapped = _swapped(claim, surface, units, threshold, swaps, strict=True)
            if swapped is not None and swapped.span not in failed:
                failed.add(swapped.span)
                reasons.append(swapped)
            continue
        swapped = None
        if surface in opening:  # checked for a swap only: look for one first (cheaper)
            units = units if units is not None else _name_units(claim, passages)
            swapped = _swapped(claim, surface, units, threshold, swaps)
            if swapped is None:
                continue
        span = claim.analysis.locate(surface)
        if _mentioned(claim, surface, passages, span, memo):
            continue
        if swapped is None:
            units = units if units is not None else _name_units(claim, passages)
            swapped = _swapped(claim, surface, units, threshold, swaps)
        if swapped is None:
            swapped = _added_to_list(claim, surface, span, passages, threshold, swaps)
        if swapped is not None:
            if swapped.span not in failed:
                failed.add(swapped.span)
                reasons.append(swapped)
        elif not _given_name(claim, surface, passages, span):
            missing = span.shift(claim.span.start)
            failed.add(missing)
            reasons.append(
                Reason(
                    "name_not_in_evidence",
                    f"{surface!r} is not mentioned in the cited evidence",
                    missing,
                )
            )
    if (
        seen
        and not reasons
        and not claim.analysis.vocabulary.isdisjoint(_ONLY_WORDS)
        and _ONLY_NAMES.search(claim.text)
    ):
        cut = _list_cut_short(claim, passages, threshold, swaps)
        if cut is not None:
            reasons.append(cut)
    if (
        len(seen) > 1
        and not any(r.code == "name_mismatch" for r in reasons)
        and _trades(claim.analysis)
    ):
        units = units if units is not None else _name_units(claim, passages)
        swapped = _role_swap(units, passages, threshold)
        if swapped is not None:
            reasons.append(swapped)
    return reasons


#: "only" (or "solely", "exclusively") right before a name, a preposition between maybe
#: ("only on Android"), or right after one ("for Android only"); not "not only".
_ONLY_NAMES = re.compile(
    r"(?<!\bnot )\b(?:only|solely|exclusively)\s+(?:(?:on|in|for|to|at|by|with|from)\s+)?"
    r"(?:the\s+)?(?P<before>[a-z]*[A-Z][\w'&-]*)"
    r"|(?P<after>\b[a-z]*[A-Z][\w'&-]*)\s+(?:only|solely|exclusively)\b"
)


_ONLY_WORDS = frozenset({"only", "solely", "exclusively"})


#: How many "only"s of one claim :func:`_list_cut_short` reads (a hostile run of them
#: must not make the work grow with the square of the text).
_ONLY_READ = 8


def _list_cut_short(
    claim: Claim, passages: Sequence[Passage], threshold: float, swaps: _Swaps
) -> Reason | None:
    """``name_mismatch`` for names the claim says are the only ones where the sentence
    that restates it lists more: "offline mode for Android only" against "offline mode
    for Android and iOS". The claim's name (or its list's members) all stand in one list
    of that sentence, which holds a name the claim never writes; the sentence covers the
    claim and says no "only" of its own."""
    found = swaps.whole(claim, passages, threshold)
    if found is None:
        return None
    best, gate = found
    sentence = best.analysis.text
    if _ONLY_NAMES.search(sentence) or not gate.covers(frozenset()):
        return None
    read = _listed(sentence)
    for match in islice(_ONLY_NAMES.finditer(claim.text), _ONLY_READ):
        group = "before" if match.group("before") else "after"
        at = match.start(group)
        listed = _list_at(claim.text, at)
        named = listed if listed is not None else frozenset({match.group(group)})
        for number in read.by_member.get(min(named), ()):
            their_span, theirs = read.lists[number]
            if len(theirs) > _LIST_MEMBERS or not named < theirs:
                continue
            if all(name in claim.text for name in theirs - named):
                continue
            mine = Span(match.start(), match.end())
            said = f"{mine.of(claim.text)!r} leaves out what the cited evidence lists with it"
            return _list_reason(claim, mine, best, their_span, said)
    return None


def _list_reason(claim: Claim, span: Span, best: BestSentence, their: Span, said: str) -> Reason:
    """``name_mismatch`` between a claim's ``span`` and a list of names (``their``) in its
    best sentence, the list quoted after ``said``; both spans relative to their texts."""
    return Reason(
        "name_mismatch",
        f"{said} ({their.of(best.analysis.text)!r})",
        span.shift(claim.span.start),
        best.passage.id,
        their.shift(best.span.start),
    )


#: The tokens a list of names is read from: words (a name's, a joiner's) and commas.
_LIST_TOKEN = re.compile(r"[\w'&-]+(?:\.[\w'&-]+)*|,")
_LIST_JOINERS = frozenset({",", "and", "or", "&"})


class _NameLists(NamedTuple):
    """The lists of names of one text, in order (:func:`_listed`)."""

    lists: tuple[tuple[Span, frozenset[str]], ...]  # each list's span and members
    starts: tuple[int, ...]  # where each starts
    by_member: dict[str, list[int]]  # member -> the numbers of the lists holding it


@bounded_cache(512, 1_000_000)
def _listed(text: str) -> _NameLists:
    """The lists of names in ``text``, in order, each with its members: capitalised words
    joined by commas, "and", "or" or "&", one of the words at least ("Ontario, Quebec and
    Manitoba"; a member may be several capitalised words). One pass over the tokens
    (linear in any text), once per text (each missing name of a claim asks)."""
    found: list[tuple[Span, frozenset[str]]] = []
    members: list[tuple[int, int]] = []
    current: tuple[int, int] | None = None  # the member being read
    joined = False  # a joiner read since the last member
    worded = False  # an "and", "or" or "&" among the joiners: commas alone join the
    last_end = 0  # parts of an address ("Lindsey Row, Chelsea, London"), not a list

    def close() -> None:
        nonlocal current, joined, worded
        if current is not None:
            members.append(current)
        if len(members) > 1 and not joined and worded:
            names = frozenset(text[start:end] for start, end in members)
            found.append((Span(members[0][0], members[-1][1]), names))
        members.clear()
        current, joined, worded = None, False, False

    tokens = list(_LIST_TOKEN.finditer(text))
    for number, match in enumerate(tokens):
        token, start = match.group(), match.start()
        gap = text[last_end:start]
        last_end = match.end()
        if gap.strip(" \t"):  # other punctuation, a line break: no list runs across it
            close()
        if joined and members and current is None and _joins_clauses(tokens, number):
            joined = False  # "Canada, Germany and Japan and was funded": the list ended
        if token in _LIST_JOINERS:
            if current is not None:
                members.append(current)
                current, joined = None, True
                worded = worded or token != ","
            elif not (joined and members):
                close()  # a joiner that joins no name
        elif token[0].isupper() or _camel(token):
            if current is not None and gap:
                current = (current[0], match.end())
            elif joined:
                current, joined = (start, match.end()), False
            else:
                close()
                current = (start, match.end())
        else:
            close()
    close()
    by_member: dict[str, list[int]] = {}
    for number, (_, names) in enumerate(found):
        for name in names:
            by_member.setdefault(name, []).append(number)
    return _NameLists(tuple(found), tuple(where.start for where, _ in found), by_member)


#: Words after a list's last joiner that open a member of it ("Ontario, Quebec and the
#: Maritimes"): the list goes on past them, and is not read whole.
_MEMBER_OPENERS = frozenset(
    "the a an its their his her our other several some many most all both".split()
)


def _joins_clauses(tokens: Sequence[re.Match[str]], number: int) -> bool:
    """Whether token ``number``, a lower-case word right after a list's joiner, starts a
    clause rather than a member: no opener of a member ("the", "its") and no name right
    after it ("and was funded", not "and northern Manitoba")."""
    token = tokens[number].group()
    if token in _LIST_JOINERS or not token.islower() or token in _MEMBER_OPENERS:
        return False
    after = tokens[number + 1].group() if number + 1 < len(tokens) else ""
    return not (after[:1].isupper() or _camel(after))


def _camel(token: str) -> bool:
    """Whether a word opening in lower case is a name by a capital inside it ("iOS",
    "eBay", "macOS")."""
    return token[:1].islower() and not token.islower() and token.isalpha()


#: The most members a list may have for a name added to it to be looked for (the work
#: per missing name stays bounded in a hostile run of names).
_LIST_MEMBERS = 24


def _list_at(text: str, at: int) -> frozenset[str] | None:
    """The members of the list of names in ``text`` that holds offset ``at``, if any
    (none when the list is longer than :data:`_LIST_MEMBERS`)."""
    read = _listed(text)
    number = bisect_left(read.starts, at + 1) - 1
    if number < 0 or not read.lists[number][0].start <= at < read.lists[number][0].end:
        return None
    members = read.lists[number][1]
    return members if len(members) <= _LIST_MEMBERS else None


def _added_to_list(
    claim: Claim,
    surface: str,
    span: Span | None,
    passages: Sequence[Passage],
    threshold: float,
    swaps: _Swaps,
) -> Reason | None:
    """``name_mismatch`` for a name the evidence never mentions, added to a list of names
    that the sentence restating the claim gives without it: "covers Ontario, Quebec and
    Manitoba" against "covers Ontario and Quebec only". Each other member of the claim's
    list stands in one list of that sentence, whose members the claim's list all holds
    (a list the evidence gives as a whole); the sentence covers the claim with the
    added name's words set aside."""
    if span is None:
        return None
    members = _list_at(claim.text, span.start)
    if members is None:
        return None
    others = frozenset(m for m in members if surface not in m)
    if not others or len(others) == len(members):
        return None
    found = swaps.whole(claim, passages, threshold)
    if found is None:
        return None
    best, gate = found
    sentence = best.analysis.text
    read = _listed(sentence)
    for number in read.by_member.get(min(others), ()):
        their_span, theirs = read.lists[number]
        if not others <= theirs <= members:
            continue
        if not gate.covers(analyse(surface).content):
            return None
        said = f"{surface!r} is added to a list the cited evidence gives without it"
        return _list_reason(claim, span, best, their_span, said)
    return None


def _mentioned(
    claim: Claim,
    surface: str,
    passages: Sequence[Passage],
    span: Span | None = None,
    memo: _Spelled | None = None,
) -> bool:
    """Whether the passages mention a name the claim writes in another form (see
    :func:`check_names`), or it is a capitalised common word that names nothing alone.
    ``span``: where the claim first writes ``surface``; ``memo`` keeps what
    :func:`_spelled` read of each run of capitals during one :func:`check_names`."""
    lower = _bare(surface).casefold()
    key = stem(lower)
    return (
        (
            not surface.isupper()
            and is_common_word(lower)
            and _common_capital(claim, surface, passages, span)
        )
        or _derived(key, passages)
        or _spelled(claim, surface, passages, span, memo)
        or _joined(claim, surface, passages)
        or _unaccented(lower, passages)
        or _pertains(lower, passages)
    )


def _name_units(claim: Claim, passages: Sequence[Passage]) -> list[tuple[Claim, BestSentence]]:
    """The claim and its clauses against their best sentences: where another name could
    stand in a claimed name's slot (read once per claim, when a name is missing)."""
    best = best_sentence(claim, passages)
    return clause_units(claim, best) if best is not None else []


def _bare(surface: str) -> str:
    """A name without its possessive ending ("Paris's" -> "Paris")."""
    return surface[:-2] if surface.casefold().endswith("'s") else surface


#: Words no lexicon lists as common that open a sentence without naming anything.
_NOT_NAMES: frozenset[str] = frozenset(
    "despite amid amidst whilst whereas albeit versus without beneath beyond inside".split()
)


def _opening_name(analysis: Analysis) -> tuple[str, ...]:
    """The first word of a text when it may be a name the reader could not call one: a
    capitalised word no lexicon lists ("Acme acquired ...", "Initech acquired ..."; not
    "Researchers", "Founded", "Despite"), and not already among its names. Such a word
    is checked for a swap only: alone, a capital that opens a sentence proves nothing."""
    if not analysis.words:
        return ()
    surface = _opening_word(analysis.clean, analysis.words[0])
    return (surface,) if surface is not None and surface not in analysis.names else ()


@bounded_cache(4096, 1_000_000)
def _opening_word(clean: str, first: str) -> str | None:
    """:func:`_opening_name` for one text (whose first token is ``first``), memoised:
    evidence sentences are asked again for every claim."""
    match = _WORD.search(clean)
    if match is None or match.group().casefold() != first:
        return None
    surface = match.group()
    lower = _bare(surface).casefold()
    if (
        not surface[:1].isupper()
        or surface.isupper()
        or lower in STOPWORDS
        or lower in TITLES
        or lower in _NOT_NAMES
        or lower in _CALENDAR
        or is_common_word(lower)
        or is_common_word(stem(lower))
    ):
        return None
    return surface


class _Slots:
    """What the swap check reads of an analysed text, once per text: the span of each
    word, the first index of each word, and the run of names around each word (so many
    names in one text cost one pass, not one walk and one search each)."""

    __slots__ = ("first", "runs", "spans")

    def __init__(self, analysis: Analysis) -> None:
        words = analysis.words
        occurrences = word_occurrences(analysis.text, words)
        self.spans = [analysis.locate_word(w, n) for w, n in zip(words, occurrences, strict=True)]
        self.first: dict[str, int] = {}
        for number, word in enumerate(words):
            self.first.setdefault(word, number)
        names = _name_words(analysis)
        text = analysis.text
        joined = [
            words[left] in names
            and words[left + 1] in names
            and not words[left].endswith("'s")
            and not Span(self.spans[left].end, self.spans[left + 1].start).of(text).strip()
            for left in range(len(words) - 1)
        ]
        count = len(words)
        before = [0] * count  # words joined to word i on its left
        after = [0] * count  # and on its right
        for i in range(1, count):
            before[i] = before[i - 1] + 1 if joined[i - 1] else 0
        for i in range(count - 2, -1, -1):
            after[i] = after[i + 1] + 1 if joined[i] else 0
        self.runs = [(i - before[i], i + after[i]) for i in range(count)]


_SLOTS: TextCache[_Slots] = TextCache(1024, 2_000_000)


def _slots(analysis: Analysis) -> _Slots:
    return _SLOTS.get(analysis.text, lambda _: _Slots(analysis))


def _index(analysis: Analysis, surface: str) -> int | None:
    """The index of the first word of ``analysis`` spelled ``surface`` (case aside)."""
    return _slots(analysis).first.get(surface.casefold())


def _name_run(analysis: Analysis, index: int) -> tuple[int, int]:
    """The first and last word of the run of names around word ``index`` ("Marie Curie",
    "New York"): names with only white space between them, so a list ("Paris, Rome") is
    no run, and a possessive ends one ("Berlin's mayor")."""
    return _slots(analysis).runs[index]


def _short_form(
    mine: Analysis, run: tuple[int, int], theirs: Analysis, their_run: tuple[int, int]
) -> bool:
    """Whether two runs of names that share a word differ only in words with the same
    first letter: "Aelred Kurtenbach" / "Al Kurtenbach", "Thomas Reed" / "Tom Reed" (a
    short form or nickname of one person), not "Marie Curie" / "Pierre Curie"."""
    ours = mine.words[run[0] : run[1] + 1]
    others = theirs.words[their_run[0] : their_run[1] + 1]
    our_set, other_set = set(ours), set(others)
    if not our_set & other_set:
        return False
    left = [w for w in ours if w not in other_set]
    right = [w for w in others if w not in our_set]
    return bool(left) and {w[0] for w in left} == {w[0] for w in right}


def _same_neighbour(
    mine: Analysis, run: tuple[int, int], theirs: Analysis, their_run: tuple[int, int]
) -> bool:
    """Whether the word right before or right after two runs of names is the same word
    ("in Berlin" / "in Paris", "Acme acquired" / "Initech acquired"): the names sit in
    the same grammatical slot, not in another clause ("praised in Boston" / "praised,
    Jones said")."""
    before = (
        run[0] > 0
        and their_run[0] > 0
        and (mine.words[run[0] - 1] == theirs.words[their_run[0] - 1])
    )
    after = (
        run[1] + 1 < len(mine.words)
        and their_run[1] + 1 < len(theirs.words)
        and mine.words[run[1] + 1] == theirs.words[their_run[1] + 1]
    )
    return before or after


def _run_span(analysis: Analysis, run: tuple[int, int], origin: int) -> Span:
    """The span of a run of words, a possessive ending left out."""
    start = _span_of(analysis, run[0], origin).start
    end = _span_of(analysis, run[1], origin).end
    return Span(start, end - 2 if analysis.words[run[1]].endswith("'s") else end)


@dataclass
class _Others:
    """The names of one evidence sentence that could stand in a claimed name's slot (of
    one shape: acronyms or not), in the order they are read, each with its index and its
    run of names, and by the word right before and right after that run."""

    found: list[tuple[str, int, tuple[int, int]]] = field(default_factory=list)
    before: dict[str, list[int]] = field(default_factory=dict)
    after: dict[str, list[int]] = field(default_factory=dict)

    def beside(self, words: tuple[str, ...], run: tuple[int, int]) -> list[int]:
        """Those whose run has the same word as ``run`` right before or right after it
        (:func:`_same_neighbour`), in reading order."""
        near: set[int] = set()
        if run[0] > 0:
            near.update(self.before.get(words[run[0] - 1], ()))
        if run[1] + 1 < len(words):
            near.update(self.after.get(words[run[1] + 1], ()))
        return sorted(near)


def _others(mine: Analysis, sentence: Analysis, acronym: bool) -> _Others:
    """The names of ``sentence`` a swap could put in place of a claimed name of the shape
    ``acronym``: not written by the claim (``mine``), no unit, currency or calendar word,
    no common word (outside acronyms), found among the sentence's words."""
    out = _Others()
    words = sentence.words
    for other in (*sentence.names, *_opening_name(sentence)):
        other_lower = _bare(other).casefold()
        if (
            other.isupper() != acronym
            or other_lower in mine.vocabulary
            or stem(other_lower) in mine.content
            or other in UNIT_LETTERS
            or other_lower in UNIT_WORDS
            or other_lower in _CALENDAR
            or (not acronym and is_common_word(other_lower))
        ):
            continue
        at = _index(sentence, other)
        if at is None:
            continue
        their_run = _name_run(sentence, at)
        number = len(out.found)
        out.found.append((other, at, their_run))
        if their_run[0] > 0:
            out.before.setdefault(words[their_run[0] - 1], []).append(number)
        if their_run[1] + 1 < len(words):
            out.after.setdefault(words[their_run[1] + 1], []).append(number)
    return out


class _Swaps:
    """What :func:`_swapped` reads once per claim rather than once per name: each
    sentence's candidate names, and the content each unit shares with its sentence."""

    def __init__(self) -> None:
        self.others: dict[tuple[str, bool], _Others] = {}
        self.shared: dict[int, int] = {}
        self.words: dict[str, list[int]] | None = None
        self.best: tuple[BestSentence, SentenceGate] | None = None
        self.looked = False

    def whole(
        self, claim: Claim, passages: Sequence[Passage], threshold: float
    ) -> tuple[BestSentence, SentenceGate] | None:
        """The claim's best sentence with its gate (found once per claim), or None."""
        if not self.looked:
            self.looked = True
            best = best_sentence(claim, passages)
            if best is not None:
                self.best = (best, SentenceGate(claim, best, threshold))
        return self.best

    def holding(self, units: Sequence[tuple[Claim, BestSentence]], word: str) -> list[int]:
        """The numbers of the units that write ``word`` (casefolded), in order: indexed
        once per claim, so each name meets its own units, not all of them (a claim of
        many names and clauses stays linear)."""
        if self.words is None:
            self.words = {}
            for number, (unit, _) in enumerate(units):
                # the words :func:`_index` finds (its table's keys), without building it
                for written in dict.fromkeys(unit.analysis.words):
                    self.words.setdefault(written, []).append(number)
        return self.words.get(word, [])

    def candidates(self, mine: Analysis, sentence: Analysis, acronym: bool) -> _Others:
        """:func:`_others` of one sentence (read once however many units it is best for:
        ``mine`` is the one claim's)."""
        key = (sentence.text, acronym)
        found = self.others.get(key)
        if found is None:
            found = self.others[key] = _others(mine, sentence, acronym)
        return found

    def gate(
        self, number: int, unit: Claim, sentence: BestSentence, threshold: float, key: str
    ) -> bool:
        """:func:`sentence_gate` with the stem ``key`` set aside, from the count of
        shared content taken once per unit."""
        content = unit.analysis.content
        theirs = sentence.analysis.content
        shared = self.shared.get(number)
        if shared is None:
            shared = self.shared[number] = len(content & theirs)
        size = len(content)
        if key in content:
            size -= 1
            shared -= key in theirs
        share = shared / size if size else 1.0
        return share + 1e-9 >= threshold


def _swapped(
    claim: Claim,
    surface: str,
    units: Sequence[tuple[Claim, BestSentence]],
    threshold: float,
    swaps: _Swaps | None = None,
    strict: bool = False,
) -> Reason | None:
    """``name_mismatch`` when an evidence sentence that otherwise covers the claim (or one
    of its clauses, :func:`clause_units`) puts another name in the slot of ``surface``:
    the words on each side agree (:func:`_aligned`, of the word or of the whole run of
    names: "Pieter Voss founded" / "Marta Quell founded"), the word right next to the
    run is the same on one side (:func:`_same_neighbour`), the claim never writes that
    other name, and it is no short form of the same one (:func:`_short_form`). Both are
    names of one shape (two acronyms, or two capitalised words that are no common
    words), so "Berlin" / "Officials" or "Soviet" / "USSR" is no swap. ``swaps`` keeps
    what one claim's names share (see :class:`_Swaps`). ``strict``, for a name the
    evidence states elsewhere: the sentence must not write the name itself, and both
    sides of the slot must agree (no open end, no moved figure)."""
    word = surface.casefold()
    acronym = surface.isupper()
    mine = claim.analysis
    swaps = swaps if swaps is not None else _Swaps()
    for number in swaps.holding(units, word):
        unit, sentence = units[number]
        if strict and (
            _bare(word) in sentence.analysis.vocabulary  # it names it too: no other takes
            or not (sentence.analysis.names or _opening_name(sentence.analysis))
        ):
            continue  # its place, nor can a sentence with no name (its opening one aside)
        index = _index(unit.analysis, surface)
        if index is None:
            continue
        if not swaps.gate(number, unit, sentence, threshold, stem(_bare(word))):
            continue  # the sentence does not cover the unit: no name of it is a swap
        run = _name_run(unit.analysis, index)
        others = swaps.candidates(mine, sentence.analysis, acronym)
        if strict and not others.found:
            continue  # a sentence with no name of that shape: none takes its place
        if strict and _phrase_stated(unit.analysis, run, sentence.passage):
            continue  # the passage writes the name with the word after it: its own slot
        # a clause that ends the claim may end open
        last = not strict and unit.span.end >= claim.span.end
        adjuncts = (
            frozenset() if strict else unit.analysis.number_keys & sentence.analysis.number_keys
        )
        for position in others.beside(unit.analysis.words, run):
            _, at, their_run = others.found[position]
            if _short_form(unit.analysis, run, sentence.analysis, their_run):
                continue
            if strict and _same_root(_bare(word), sentence.analysis.words[at]):
                continue  # "Romania's" / "Romanian": one name in another form
            if not (
                _aligned(unit.analysis, index, sentence.analysis, at, None, last, adjuncts)
                or _aligned(
                    unit.analysis,
                    run[0],
                    sentence.analysis,
                    their_run[0],
                    (run[1], their_run[1]),
                    last,
                    adjuncts,
                )
            ):
                continue
            span = _run_span(unit.analysis, run, unit.span.start)
            their = _run_span(sentence.analysis, their_run, sentence.span.start)
            return _name_reason(unit, span, sentence, their)
    return None


def _phrase_stated(analysis: Analysis, run: tuple[int, int], passage: Passage) -> bool:
    """Whether the passage writes a run of names with the word after it as the claim does
    ("Gabby giffords" in a passage whose covering sentence says "Gabrielle giffords"):
    the claim's name stands in that slot in the passage itself."""
    end = run[1] + 2
    if end > len(analysis.words):
        return False
    return word_string(analysis.words[run[0] : end]) in passage.word_text


def _name_reason(
    unit: Claim, span: Span, sentence: BestSentence, their: Span, note: str = ""
) -> Reason:
    """``name_mismatch`` between the answer's stretch ``span`` and the evidence's
    ``their``, each shown as written (white space collapsed)."""
    origin = unit.span.start
    mine_shown = " ".join(unit.text[span.start - origin : span.end - origin].split())
    their_shown = " ".join(their.of(sentence.passage.evidence.text).split())
    return Reason(
        "name_mismatch",
        f"{mine_shown!r} in the answer, {their_shown!r} in the evidence{note}",
        span,
        sentence.passage.id,
        their,
    )


#: Words that make a relation between two names go both ways ("Paris and Rome", "Ali
#: fought Frazier", "Oslo is 40 km from Drammen"): the names may trade places.
_SYMMETRIC: frozenset[str] = frozenset(
    """
    and or nor with vs versus v between among amongst plus against alongside beside besides
    near nearby next like unlike as also both either neither together same similar identical
    equal equals equivalent different differ differs twin sibling sister brother cousin
    friend friends colleague colleagues partner partners rival rivals counterpart peer
    related relative married marry marries wed divorced met meet meets tied tie ties drew
    draw draws faced face faces played play plays fought fight fights battled clash clashed
    bordered border borders neighbour neighbours neighbor neighbors adjacent adjoins resemble
    resembles matched match matches merged merge merges collaborated teamed allied competed
    compete debated negotiated shared share dated kissed hugged greeted connects connected
    connecting links linked linking
    """.split()
)
#: Words of a sentence about a way or a distance between two places, which runs both
#: ways ("the bridge from Malmo to Copenhagen", "80 km from Tartu to Tallinn").
_TWO_WAY: frozenset[str] = frozenset(
    """
    distance distances far away apart km kilometres kilometers miles mile metres meters
    bridge bridges tunnel tunnels road roads highway motorway border borders
    """.split()
)
#: Links between two names short enough to be one relation ("sails from X to Y",
#: "X acquired Y", "X was founded before Y").
_LINK_WORDS = 3


def _name_words(analysis: Analysis) -> set[str]:
    """The names of a text, its opening word among them when it may be one, lower case."""
    return {n.casefold() for n in (*analysis.names, *_opening_name(analysis))}


def _name_runs(analysis: Analysis, names: set[str]) -> list[tuple[int, int]]:
    """The runs of names of a text (first and last word), in order; ``names``: its
    :func:`_name_words`."""
    runs = _slots(analysis).runs
    found: list[tuple[int, int]] = []
    for index, word in enumerate(analysis.words):
        if word in names and (not found or found[-1][1] < index):
            found.append(runs[index])
    return found


def _stated_in(passages: Sequence[Passage], words: Sequence[str]) -> bool:
    """Whether some passage writes ``words`` in a row (case and punctuation aside)."""
    pattern = re.compile(r"(?<!\w)" + r"\W+".join(map(re.escape, words)) + r"(?!\w)", re.I)
    return any(pattern.search(p.evidence.text) for p in passages)


class _Trade(NamedTuple):
    """Two names of a claim with the words between them: a pair that could trade places."""

    first: tuple[str, ...]
    link: tuple[str, ...]
    second: tuple[str, ...]
    before: str  # the word before the pair ("" at the start)
    start: int  # the first word of the pair
    last: int  # its last word


def _trades(analysis: Analysis) -> list[_Trade]:
    """The pairs of neighbouring names of a claim joined by one to three words that make
    no relation going both ways (see :func:`_role_swap`)."""
    names = _name_words(analysis)
    if len(names) < 2:
        return []
    words = analysis.words
    at = [i for i, w in enumerate(words) if w in names]
    if not any(1 < b - a <= _LINK_WORDS + 1 for a, b in pairwise(at)):
        return []  # no two names one to three words apart: no run needs reading
    found: list[_Trade] = []
    for (a1, b1), (a2, b2) in pairwise(_name_runs(analysis, names)):
        link = words[b1 + 1 : a2]
        first, second = words[a1 : b1 + 1], words[a2 : b2 + 1]
        before = words[a1 - 1] if a1 else ""
        if not 0 < len(link) <= _LINK_WORDS or first == second:
            continue
        if any(w[:1].isdigit() or w in _SYMMETRIC for w in link):
            continue
        if all(w in STOPWORDS for w in link) and (before, link) != ("from", ("to",)):
            continue
        found.append(_Trade(first, link, second, before, a1, b2))
    return found


def _traded_at(trade: _Trade, theirs: Analysis) -> int | None:
    """Where a sentence writes the pair the other way round ("Initech acquired Acme" for
    "Acme acquired Initech"), each name a whole run of names and the same word before;
    ``None`` when it does not. The words are scanned first; the runs are read only for a
    sentence that has the pair reversed."""
    words, second, first, link = theirs.words, trade.second, trade.first, trade.link
    stems = tuple(map(stem, link))
    size = len(second) + len(link)
    at = -1
    while True:
        try:
            at = words.index(second[0], at + 1)
        except ValueError:
            return None
        end = at + size
        if (
            words[at : at + len(second)] != second
            or words[end : end + len(first)] != first
            or (words[at - 1] if at else "") != trade.before
            or tuple(map(stem, words[at + len(second) : end])) != stems
        ):
            continue
        runs = _slots(theirs).runs
        if runs[at] == (at, at + len(second) - 1) and runs[end] == (end, end + len(first) - 1):
            return at


def _role_swap(
    units: Sequence[tuple[Claim, BestSentence]], passages: Sequence[Passage], threshold: float
) -> Reason | None:
    """``name_mismatch`` when two names of the claim trade places in an evidence sentence
    that otherwise covers it: "Acme acquired Initech" / "Initech acquired Acme", "sails
    from Tallinn to Helsinki" / "sails from Helsinki to Tallinn". The words between the
    names are the same (one to three, a content word among them or "from ... to"), so is
    the word before the pair; none of them makes the relation go both ways
    (:data:`_SYMMETRIC`: "and", "met", "played" ...), nor is the claim about a way or a
    distance (:data:`_TWO_WAY`); and no passage writes the claim's own order anywhere."""
    for unit, sentence in units:
        mine, theirs = unit.analysis, sentence.analysis
        trades = _trades(mine)
        if not trades or not _TWO_WAY.isdisjoint(mine.words):
            continue
        if not sentence_gate(unit, sentence, threshold):
            continue
        for trade in trades:
            at = _traded_at(trade, theirs)
            if at is None or _stated_in(passages, [*trade.first, *trade.link, *trade.second]):
                continue
            origin = unit.span.start
            span = Span(
                _span_of(mine, trade.start, origin).start, _span_of(mine, trade.last, origin).end
            )
            last = at + len(trade.second) + len(trade.link) + len(trade.first) - 1
            their = Span(
                _span_of(theirs, at, sentence.span.start).start,
                _span_of(theirs, last, sentence.span.start).end,
            )
            return _name_reason(unit, span, sentence, their, ": the names trade places")
    return None


#: Negations that are idioms, not a denial of what follows: "not only ... but", "not
#: just", "whether or not", "if not", "no doubt", "no matter", "nothing but"; and "not
#: all" / "not every" / "not many", which limit a quantity rather than deny the words.
_IDIOM_AFTER: dict[str, frozenset[str]] = {
    "not": frozenset({"only", "just", "merely", "simply", "least", "all", "every", "many", "much"}),
    "no": frozenset({"doubt", "matter", "sooner", "wonder"}),
    "nothing": frozenset({"but"}),
    "none": frozenset({"other"}),
    "never": frozenset({"mind"}),
}
#: ... and the word before: "whether or not", "if not"; "with or without food" says both
#: (a "without" after "or" is an alternative offered, never a denial).
_IDIOM_BEFORE: dict[str, frozenset[str]] = {
    "not": frozenset({"or", "if"}),
    "without": frozenset({"or"}),
}
#: Verbs that negate only with "to" after them ("failed to pass", "unable to pay"): "the
#: attempt failed" says nothing about the words that follow.
_NEEDS_TO: frozenset[str] = frozenset({"fail", "fails", "failed", "unable"})
_QUOTED = re.compile(
    '"[^"\n]*"|\u201c[^\u201d\n]*\u201d|\u00ab[^\u00bb\n]*\u00bb'
    "|\u2018[^\u2019\n]*\u2019(?![^\\W_])|(?<![^\\W_])'[^'\n]*'(?![^\\W_])"
)


def _idiom(words: tuple[str, ...], index: int) -> bool:
    """Whether the negation at ``index`` is part of an idiom or needs a "to" it lacks."""
    word = words[index]
    after = words[index + 1] if index + 1 < len(words) else ""
    if word in _NEEDS_TO:
        return after != "to"
    if word == "no" and after[:1].isdigit():
        return True  # "No. 1": an abbreviation
    if word == "not" and after == "to":  # "not to mention", "not to be outdone"
        return index + 2 < len(words) and words[index + 2] in ("mention", "be")
    if after in _IDIOM_AFTER.get(word, ()):
        return True
    return index > 0 and words[index - 1] in _IDIOM_BEFORE.get(word, ())


def _negated_at(analysis: Analysis, index: int) -> int | None:
    """The position of the content word a negation denies: the first content word after
    it, light words ("able", "longer", "fully", "seem") skipped; past a word that says
    the evidence for a thing is missing, the verb of the clause it heads ("no evidence
    that the flaw has been exploited" denies "exploited": :func:`_clause_verb`)."""
    stems, words, content = analysis.stems, analysis.words, analysis.content
    for position in range(index + 1, min(len(stems), index + 6)):
        if words[position] in NEGATION_LIGHT:
            continue
        if stems[position] in content:
            if words[position] in _NO_EVIDENCE_NOUNS:
                return _clause_verb(analysis, position) or position
            return position
    return None


#: Nouns that, denied, deny the clause they head: "no evidence (that) X was Y", "no sign
#: that", "no indication that", "no proof that".
_NO_EVIDENCE_NOUNS = frozenset(
    "evidence sign signs indication indications proof suggestion".split()
)
#: Words right before a clause's verb: "(that the flaw) has been exploited", "was linked".
_CLAUSE_AUXILIARIES = frozenset(
    "is are was were be been being has have had will would can could may might".split()
)
#: How far after such a noun its clause's verb may stand.
_CLAUSE_VERB_WITHIN = 8


def _clause_verb(analysis: Analysis, noun: int) -> int | None:
    """The position of the verb of the clause after ``noun`` ("that the flaw has been
    exploited": "exploited"), a content word right after an auxiliary, when the clause
    opens at once ("that", or the subject's article); else None."""
    words, stems, content = analysis.words, analysis.stems, analysis.content
    if noun + 1 >= len(words) or words[noun + 1] not in ("that", "the", "a", "an", "any"):
        return None
    for position in range(noun + 2, min(len(words), noun + 2 + _CLAUSE_VERB_WITHIN)):
        if words[position - 1] in _CLAUSE_AUXILIARIES and stems[position] in content:
            return position
    return None


def _quoted_stretches(analysis: Analysis) -> list[tuple[int, int]]:
    """The (start, end) of each stretch of ``analysis.text`` in quotation marks, in
    order (read once per text, however many words ask)."""
    text = analysis.text
    if not any(mark in text for mark in "\"'\u201c\u00ab\u2018"):
        return []
    return [(m.start(), m.end()) for m in _QUOTED.finditer(text)]


def _in_quotes(analysis: Analysis, index: int, quoted: list[tuple[int, int]] | None = None) -> bool:
    """Whether word ``index`` stands inside quotation marks (a title, a quoted phrase);
    ``quoted`` is :func:`_quoted_stretches` of the text when the caller has read it."""
    if quoted is None:
        quoted = _quoted_stretches(analysis)
    if not quoted:
        return False
    span = _slots(analysis).spans[index]
    # the stretches do not overlap: only the last one opening before the word may hold it
    before = bisect_left(quoted, span.start, key=_first_of)
    return before > 0 and span.end < quoted[before - 1][1]


def _first_of(pair: tuple[int, int]) -> int:
    return pair[0]


#: "No," / "Yes," opening an answer: a particle, its polarity that of what follows.
_PARTICLE = re.compile(r"\W*no\s*[,.!;:\u2014\u2013-]", re.IGNORECASE)
#: Words that turn "not X" into "X only later / only then" ("do not eat until ...").
_TEMPORAL: frozenset[str] = frozenset({"until", "till", "unless"})


def _first_bearing_negation(
    analysis: Analysis, other: frozenset[str], alike: Analysis | None = None
) -> int | None:
    """The index of the first negation word that denies something both texts talk
    about (None when none does): the word
    they negate (the first content word after them) occurs in ``other``, and the negating
    text does not also state that word outside the negation. So "does not support IPv6"
    bears on "support", while "a man with no shirt" says nothing about a man performing,
    "not only important" is no denial at all, and a negation inside a quoted title ("I'll
    Never Love Again") or in an aside that repeats a word the text also states plainly
    ("stops a person inheriting ... (a murderer cannot inherit)") bears on nothing.
    With ``alike``, a negation word that text also says before the same word ("without
    tools" on both sides) is set aside: it denies nothing the two disagree on."""
    if not analysis.negations:
        return None
    if alike is not None:  # ``alike`` says the same negation before the same word
        theirs = _PAIRS.get(alike.text, lambda _: _pairs_of(alike.words))
        paired = _TEXT_PAIRED_DENIALS.get(analysis.text, lambda _: _paired_denials(analysis))
        found_pairs = (
            [paired[s] for s in other if s in paired]
            if len(paired) > len(other)
            else [pairs for s, pairs in paired.items() if s in other]
        )
        return min(
            (first for pairs in found_pairs for pair, first in pairs.items() if pair not in theirs),
            default=None,
        )
    denials = _TEXT_DENIALS.get(analysis.text, lambda _: _denials(analysis))
    if len(denials) <= len(other):
        firsts = [found[0] for stemmed, found in denials.items() if stemmed in other]
    else:
        firsts = [denials[stemmed][0] for stemmed in other if stemmed in denials]
    return min(firsts, default=None)


def _paired_denials(analysis: Analysis) -> dict[str, dict[tuple[str, str], int]]:
    """Denied stem -> (the negation word, the word after it) -> the first such negation
    (:func:`_denials` by the pair each is written as; a few pairs per stem however many
    denials a long text holds)."""
    out: dict[str, dict[tuple[str, str], int]] = {}
    words = analysis.words
    for stemmed, found in _TEXT_DENIALS.get(analysis.text, lambda _: _denials(analysis)).items():
        pairs = out[stemmed] = {}
        for index in found:
            pairs.setdefault((words[index], _word_after(analysis, index)), index)
    return out


def _denials(analysis: Analysis) -> dict[str, list[int]]:
    """Denied stem -> the indices of the negation words of ``analysis`` that deny it and
    may bear on another text (see :func:`_first_bearing_negation`), in order: read once
    per text, so
    many claims against one long sentence full of negations read it once."""
    denied: list[tuple[int, int]] = []  # (negation index, position of a word it denies)
    words = analysis.words
    for index, word in enumerate(words):
        if word in NEGATIONS and not _idiom(words, index):
            if index == 0 and word == "no" and _PARTICLE.match(analysis.text):
                continue  # "No, the device is not waterproof": an answer, not a denial
            if not _TEMPORAL.isdisjoint(words[index + 1 : index + 9]):
                continue  # "do not eat until the test is done": a when, not a whether
            position = _negated_at(analysis, index)
            if position is not None:
                denied.append((index, position))
                # "without eggs or dairy", "no milk nor cream": the word after "or" too
                after = position + 2
                if (
                    after < len(words)
                    and words[position + 1] in ("or", "nor")
                    and analysis.stems[after] in analysis.content
                ):
                    denied.append((index, after))
    heads = {position for _, position in denied}
    stated = {s for p, s in enumerate(analysis.stems) if p not in heads}
    quoted: list[tuple[int, int]] | None = None
    found: dict[str, list[int]] = {}
    for index, position in denied:
        negated = analysis.stems[position]
        if negated in stated:
            continue  # the text also states the word without a denial
        if quoted is None:
            quoted = _quoted_stretches(analysis)
        if _in_quotes(analysis, index, quoted):
            continue
        found.setdefault(negated, []).append(index)
    return found


_TEXT_DENIALS: TextCache[dict[str, list[int]]] = TextCache(1024, 2_000_000)
_TEXT_PAIRED_DENIALS: TextCache[dict[str, dict[tuple[str, str], int]]] = TextCache(1024, 2_000_000)
_PAIRS: TextCache[set[tuple[str, str]]] = TextCache(1024, 2_000_000)


def _says_not(analysis: Analysis) -> bool:
    """Whether a text holds a negation word or a word that says "not" in other terms
    ("refused", "ruled out", "avoid", "missing", "shirtless", "free of charge"); read
    once per text."""
    return _SAYS_NOT.get(analysis.text, lambda _: _reads_not(analysis))


_SAYS_NOT: TextCache[bool] = TextCache(1024, 2_000_000)
_HYPHEN_FREE_RE = re.compile(r"[^\W\d_]-free\b", re.IGNORECASE)


def _reads_not(analysis: Analysis) -> bool:
    if analysis.negations or not analysis.vocabulary.isdisjoint(IMPLICIT_NEGATIVES):
        return True
    if any(w.endswith("less") and len(w) > 6 for w in analysis.vocabulary):
        return True  # "shirtless", "homeless", "wireless": "without" in one word
    if "free" in analysis.vocabulary and _HYPHEN_FREE_RE.search(analysis.text):
        return True  # "interest-free", "sugar-free": without interest, without sugar
    words = analysis.words
    return any(
        (w in ("rule", "rules", "ruled", "ruling") and words[i + 1] == "out")
        or (w == "free" and words[i + 1] in ("of", "from"))  # "free of charge": no charge
        for i, w in enumerate(words[:-1])
    )


def clause_units(claim: Claim, best: BestSentence) -> list[tuple[Claim, BestSentence]]:
    """The claim against its best sentence, then each clause of it against the clause's
    own best sentence in the same passage (a clause: a piece cut at ";" or at a joining
    "and", "but", "while", "whereas"; three content words at least). So "revenue grew ...
    and revenue fell ..." is checked clause by clause, and one restated clause cannot hide
    a contradicted one."""
    units = [(claim, best)]
    for clause in _clauses(claim):
        found = best_sentence(clause, (best.passage,))
        if found is not None:
            units.append((clause, found))
    return units


_CLAUSE_CUT = re.compile(
    r"\s*;\s*|,?\s+\b(?:and|but|while|whereas|yet)\b\s+|,\s+(?:although|though)\s+",
    re.IGNORECASE,
)


#: Content words a clause needs to be checked on its own: a shorter one ("the man has
#: never been identified") is covered by almost any sentence naming its two words.
_CLAUSE_CONTENT = 3


@bounded_cache(4096, 2_000_000)
def _clause_pieces(text: str) -> tuple[tuple[int, int, Analysis], ...]:
    """(start, end, analysis) of each clause of ``text`` with :data:`_CLAUSE_CONTENT`
    content words; none when it has one such clause."""
    pieces = _cut(_CLAUSE_CUT, text, _CLAUSE_CONTENT)
    return pieces if len(pieces) > 1 else ()


def _cut(pattern: re.Pattern[str], text: str, least: int) -> tuple[tuple[int, int, Analysis], ...]:
    """(start, end, analysis) of each piece of ``text`` between the matches of
    ``pattern`` that holds ``least`` content words; none when nothing cuts it."""
    cuts = spans_over_short_spaces(pattern, text)
    if not cuts:
        return ()
    pieces: list[tuple[int, int, Analysis]] = []
    start = 0
    for cut in [*cuts, None]:
        end = cut[0] if cut is not None else len(text)
        analysis = analyse(text[start:end])
        if len(analysis.content) >= least:
            pieces.append((start, end, analysis))
        if cut is not None:
            start = cut[1]
    return tuple(pieces)


def _clauses(claim: Claim) -> list[Claim]:
    """The clauses of ``claim`` as claims of their own (spans into the answer)."""
    origin = claim.span.start
    return [
        Claim(claim.text[start:end], Span(origin + start, origin + end), analysis)
        for start, end, analysis in _clause_pieces(claim.text)
    ]


def check_negation(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason when one side negates what both state and the other does not: the claim
    against its best sentence, then each clause against its own (:func:`clause_units`);
    the first conflict found is reported."""
    for unit, sentence in clause_units(claim, best):
        found = (
            _negation_of(unit, sentence, threshold)
            or _obligation_of(unit, sentence, threshold)
            or _unevidenced_of(unit, sentence)
            or _open_question_of(unit, sentence, threshold)
            or _stale_of(unit, sentence)
            or _exception_of(unit, sentence)
            or _still_against_denial(unit, sentence)
        )
        if found:
            return found
    narrowed = _evidence_clause(claim, best)
    if narrowed is not None:
        return _negation_of(claim, narrowed, threshold)
    return []


def _evidence_clause(claim: Claim, best: BestSentence) -> BestSentence | None:
    """The clause of the best sentence that states the claim, when one clearly does: it
    holds all the claim's content words but one, and at least two more than any other
    clause. A denial in another clause ("...; travel to other countries is not
    allowed") then no longer masks the claim's own ("permitted without prior notice"
    against "permitted with prior notice")."""
    pieces = _stated_clauses(best.analysis.text)
    content = claim.analysis.content
    if not pieces or len(content) < _CLAUSE_CONTENT:
        return None
    shared = sorted(
        (
            (len(content & analysis.content), start, end, analysis)
            for start, end, analysis in pieces
        ),
        key=lambda piece: -piece[0],
    )
    held, start, end, analysis = shared[0]
    if held < len(content) - 1 or held - shared[1][0] < _CLEARLY_MORE:
        return None
    origin = best.span.start
    return BestSentence(
        best.passage, Span(origin + start, origin + end), analysis, content & analysis.content
    )


#: How many more of the claim's words the clause that states it must hold than any other.
_CLEARLY_MORE = 2
#: Where an evidence sentence divides into clauses that state things of their own: a
#: semicolon, or a comma before "but", "while", "whereas", "although" ("and" also joins
#: the parts of one subject: "Switzerland and Austria").
_STATED_CUT = re.compile(r"\s*;\s*|,\s+(?:but|while|whereas|although|though)\s+", re.IGNORECASE)


@bounded_cache(4096, 2_000_000)
def _stated_clauses(text: str) -> tuple[tuple[int, int, Analysis], ...]:
    """(start, end, analysis) of each clause of an evidence sentence (:data:`_STATED_CUT`);
    none when it has one."""
    return _cut(_STATED_CUT, text, 0)


#: "There is no evidence that ...", "no sign that", "no proof": what follows is what the
#: text says is not shown.
_NO_EVIDENCE_THAT = re.compile(
    rf"\bno\s+(?:{'|'.join(sorted(_NO_EVIDENCE_NOUNS, key=lambda n: (-len(n), n)))})\s+(?:that\s+)?",
    re.IGNORECASE,
)
#: Where the clause after it ends: a mark, or a "but" that opens another.
_CLAUSE_END = re.compile(r"[,;:()\u2014\u2013]|\s(?:but|while|whereas|although|though)\s")


def _unevidenced_of(claim: Claim, best: BestSentence) -> list[Reason]:
    """``negation_mismatch`` when the claim states, with no denial of its own, a clause
    the evidence says there is no evidence for: "Vaccines cause autism" against "There is
    no evidence that vaccines cause autism" (every content word of the claim, two at
    least, stands in that clause, which ends at a mark or a "but")."""
    mine = claim.analysis
    theirs = best.analysis
    if (
        mine.negations
        or len(mine.content) < 2
        or "no" not in theirs.vocabulary
        or theirs.vocabulary.isdisjoint(_NO_EVIDENCE_NOUNS)
    ):
        return []
    found = _UNEVIDENCED.get(theirs.text, _unevidenced_clause)
    if not found or not mine.content <= found[2]:
        return []
    said, span, _ = found
    message = f"the evidence says what the claim states is not shown ({said!r})"
    return [_denied_by(claim, best, span, message)]


#: "whether" and "if" open a question a text leaves open ("too early to say whether",
#: "not known if"); "if" does only after one of these words (else it states a condition).
_OPEN_QUESTION = re.compile(r"\b(?:whether|if)\b", re.IGNORECASE)
_ASKS_IF: frozenset[str] = frozenset(
    """
    know knows known clear unclear sure unsure show shown tell determine determined see
    seen unknown uncertain ask asked wonder question establish established say
    """.split()
)
#: Words with which a claim leaves a thing open itself ("may lower", "it is unclear").
_HEDGES: frozenset[str] = frozenset(
    """
    whether if may might could possibly perhaps maybe unclear unknown uncertain probably
    likely unlikely potentially suggest suggests suggested appear appears
    """.split()
)
#: How many of the claim's content words a question must hold, and which share of them.
_OPEN_WORDS = 3


def _open_question_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``negation_mismatch`` when the claim states, with no hedge of its own, what the
    evidence leaves open: "The trial showed that cutting salt lowers the risk of stroke"
    against "the trial was too short to show whether the reduction lowers the risk of
    stroke". The question (after "whether", or "if" after "know", "clear", "show" and the
    like, to the end of its clause) holds three of the claim's content words at least and
    half of those the sentence holds; as for "no evidence that", the evidence says the
    thing is not shown."""
    mine, theirs = claim.analysis, best.analysis
    if "whether" not in theirs.vocabulary and "if" not in theirs.vocabulary:
        return []
    if mine.negations or not mine.vocabulary.isdisjoint(_HEDGES):
        return []
    text = theirs.text
    for match in _OPEN_QUESTION.finditer(text):
        if match.group().casefold() == "if":
            before = [w.strip(",.;:").casefold() for w in text[: match.start()].split()[-2:]]
            if _ASKS_IF.isdisjoint(before):
                continue
        end = _CLAUSE_END.search(text, match.end())
        stop = end.start() if end is not None else len(text.rstrip(" .!?"))
        inside = mine.content & analyse(text[match.end() : stop]).content
        if len(inside) < _OPEN_WORDS or 2 * len(inside) < len(mine.content & theirs.content):
            continue
        if not sentence_gate(claim, best, threshold):
            return []
        span = Span(match.start(), stop)
        message = f"the evidence leaves open what the claim states ({span.of(text)!r})"
        return [_denied_by(claim, best, span, message)]
    return []


def _denied_by(claim: Claim, best: BestSentence, their: Span, message: str) -> Reason:
    """``negation_mismatch`` of the whole claim against ``their`` stretch of its best
    sentence (relative to that sentence), which says otherwise."""
    return Reason(
        "negation_mismatch", message, claim.span, best.passage.id, their.shift(best.span.start)
    )


def _unevidenced_clause(text: str) -> tuple[str, Span, frozenset[str]] | tuple[()]:
    """("no evidence that", where it stands, the content of the clause it heads) for the
    first such phrase of ``text``, or ``()``: read once per text (each clause of each
    claim citing a long sentence asks)."""
    match = _NO_EVIDENCE_THAT.search(text)
    if match is None:
        return ()
    end = _CLAUSE_END.search(text, match.end())
    clause = text[match.end() : end.start() if end is not None else len(text)]
    said = match.group().strip()
    return said, Span(match.start(), match.start() + len(said)), analyse(clause).content


_UNEVIDENCED: TextCache[tuple[str, Span, frozenset[str]] | tuple[()]] = TextCache(1024, 2_000_000)


#: "previously", "formerly", "until recently": what follows held before and, where the
#: sentence says what holds "now", no longer does.
_HELD_BEFORE = re.compile(r"\b(?:previously|formerly|until\s+recently)\s+", re.IGNORECASE)
#: Where a clause of what held before ends: a mark, or the "now" that says what holds.
_BEFORE_ENDS = re.compile(r"[,;:()\u2014\u2013]|\bnow\b", re.IGNORECASE)
_NOW = re.compile(r"\bnow\b", re.IGNORECASE)
#: Claim words that say a thing goes on as it was ("is still limited", "remains free").
_STILL = frozenset({"still", "remain", "remains", "remained", "continue", "continues"})


def _stale_of(claim: Claim, best: BestSentence) -> list[Reason]:
    """``negation_mismatch`` when the claim says a thing is still so that the evidence
    says held before and has changed: "PDF export is still limited to Pro users" against
    "Export to PDF, previously limited to Pro users, is now available on all plans" (the
    clause after "previously", two content words at least, all in the claim; the
    sentence says "now" after it)."""
    mine, theirs = claim.analysis, best.analysis
    if (
        mine.vocabulary.isdisjoint(_STILL)
        or mine.negations
        or "now" not in theirs.vocabulary
        or theirs.vocabulary.isdisjoint(("previously", "formerly", "until"))
    ):
        return []
    text = theirs.text
    for match in _HELD_BEFORE.finditer(text):
        end = _BEFORE_ENDS.search(text, match.end())
        if end is None or _NOW.search(text, end.start()) is None:
            continue
        held = analyse(text[match.end() : end.start()]).content
        if len(held) < 2 or not held <= mine.content:
            continue
        said = Span(match.start(), end.start())
        message = f"the evidence says this held only before ({said.of(text).strip()!r})"
        return [_denied_by(claim, best, said, message)]
    return []


def _still_against_denial(claim: Claim, best: BestSentence) -> list[Reason]:
    """``negation_mismatch`` when the claim denies a word the evidence says is "still"
    so: "Customers can no longer ask for paper statements" against "The bank no longer
    sends paper statements; customers can still ask for them" (the sentence's own denial
    bears on another word, which kept :func:`_negation_of` silent). "still" stands
    within two words before the evidence's word, which no negation precedes."""
    mine, theirs = claim.analysis, best.analysis
    if not mine.negations or "still" not in theirs.vocabulary:
        return []
    denials = _TEXT_DENIALS.get(mine.text, lambda _: _denials(mine))
    words, stems = theirs.words, theirs.stems
    for at, word in enumerate(words):
        if word != "still":
            continue
        for j in range(at + 1, min(at + 3, len(words))):
            found = denials.get(stems[j])
            if found is None or _negated(theirs, j) or stems[j] not in theirs.content:
                continue
            negation = found[0]
            still = Span(_span_of(theirs, at, 0).start, _span_of(theirs, j, 0).end)
            return [
                Reason(
                    "negation_mismatch",
                    f"the claim negates ({mine.words[negation]!r}) what the evidence says is "
                    "still so",
                    _span_of(mine, negation, claim.span.start),
                    best.passage.id,
                    still.shift(best.span.start),
                )
            ]
    return []


#: A duty denied: "does not need to", "need not", "is not required to", "is optional".
_NEED_NOT = re.compile(
    r"\b(?:(?:do|does|did|will|would)(?:\s+not|n't)\s+(?:need|have)\s+to|need\s+not|needn't"
    r"|don't\s+(?:need|have)\s+to|(?:is|are|was|were|be)\s+not\s+(?:required|obliged"
    r"|obligated|mandatory|compulsory|necessary)(?:\s+to)?|(?:is|are)\s+optional)\b",
    re.IGNORECASE,
)
#: A duty: "must", "has to", "needs to", "is required to", "is mandatory".
_MUST = re.compile(
    r"\b(?:must(?!\s+not\b|n't)|(?:has|have|had)\s+to|needs?\s+to|(?:is|are|was|were|be)"
    r"\s+(?:required|obliged|obligated)\s+to|(?:is|are)\s+(?:mandatory|compulsory|required))\b",
    re.IGNORECASE,
)
#: The words of a duty itself, set aside when asking whether a sentence covers the claim.
_DUTY_WORDS = frozenset(
    map(stem, "need required obliged obligated mandatory must optional".split())
)


def _duties(text: str) -> list[tuple[bool, str, Span]]:
    """(whether the duty holds, the stem of what it is a duty to do, the phrase's span)
    for each duty a text states or denies ("must be booked": (True, "book"), "does not
    need to be booked": (False, "book")); a duty with no verb after it is left out."""
    found: list[tuple[bool, str, Span]] = []
    taken: list[tuple[int, int]] = []
    for holds, pattern in ((False, _NEED_NOT), (True, _MUST)):
        for match in pattern.finditer(text):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue  # "need to" inside "does not need to"
            taken.append(match.span())
            for word in _WORD.findall(text, match.end(), match.end() + 40)[:3]:
                lower = word.casefold()
                if lower in STOPWORDS or lower in {"be", "been", "get", "got"}:
                    continue
                found.append((holds, stem(lower), Span(*match.span())))
                break
    return found


#: Words that advise or allow a thing rather than require it: "recommended", "strongly
#: advised", "optional", "best served", "can be taken".
_ADVISED = re.compile(
    r"\b(?:(?:strongly\s+|highly\s+)?(?:recommended|advised|advisable|suggested|encouraged)"
    r"|optional|best|(?:can|may|could)\s+(?:also\s+)?be)\b",
    re.IGNORECASE,
)
_ADVICE_WORDS = frozenset(
    "recommended advised advisable suggested encouraged optional best can may could".split()
)
#: How many words either side of the advice the advised thing may stand.
_ADVICE_REACH = 5


def _advised_instead(
    claim: Claim,
    mine: list[tuple[bool, str, Span]],
    theirs: list[tuple[bool, str, Span]],
    best: BestSentence,
    threshold: float,
) -> list[Reason]:
    """``negation_mismatch`` when the claim makes a duty of what the evidence only
    advises or allows, said of the same thing: "You must reserve a seat" against "Seat
    reservations are recommended", "must be taken with food" against "can be taken with
    or without food", "must be served chilled" against "best served chilled". Not when
    the evidence also makes it a duty ("recommended; groups must book")."""
    if best.analysis.vocabulary.isdisjoint(_ADVICE_WORDS):
        return []
    text = best.analysis.text
    required = {verb for holds, verb, _ in theirs if holds}
    for holds, verb, span in mine:
        if not holds or verb in required:
            continue
        for match in _ADVISED.finditer(text):
            before = _WORD.findall(text, max(0, match.start() - 60), match.start())
            after = _WORD.findall(text, match.end(), match.end() + 60)
            near = before[-_ADVICE_REACH:] + after[:_ADVICE_REACH]
            if not any(stem(w.casefold()) == verb for w in near):
                continue
            if not sentence_gate(claim, best, threshold, _DUTY_WORDS | {verb}):
                return []
            said = " ".join(span.of(claim.text).split())
            advice = " ".join(match.group().split())
            return [
                Reason(
                    "negation_mismatch",
                    f"{said!r} in the answer, {advice!r} in the evidence: advised or "
                    "allowed, not required",
                    span.shift(claim.span.start),
                    best.passage.id,
                    Span(*match.span()).shift(best.span.start),
                )
            ]
    return []


def _obligation_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``negation_mismatch`` when the claim denies a duty the evidence states to do the
    same thing, or states one the evidence denies: "does not need to be booked" against
    "must be booked in advance" (and the reverse). The sentence must otherwise cover the
    claim."""
    mine = _duties(claim.text)
    if not mine:
        return []
    theirs = _duties(best.analysis.text)
    advised = _advised_instead(claim, mine, theirs, best, threshold)
    if advised:
        return advised
    for holds, verb, span in mine:
        for other_holds, other_verb, other_span in theirs:
            if verb != other_verb or holds == other_holds:
                continue
            if not sentence_gate(claim, best, threshold, _DUTY_WORDS):
                return []
            said = " ".join(span.of(claim.text).split())
            other = " ".join(other_span.of(best.analysis.text).split())
            return [
                Reason(
                    "negation_mismatch",
                    f"{said!r} in the answer, {other!r} in the evidence",
                    span.shift(claim.span.start),
                    best.passage.id,
                    other_span.shift(best.span.start),
                )
            ]
    return []


def _negation_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason when one side negates what both state and the other does not.

    Only a plain statement counts as the other side: when the side without the denial
    holds a negation of its own (about other words) or says "not" in other terms
    ("refused", "ruled out", "avoid"), which of its words align with the denial is a
    reading no word list settles, and nothing is reported.
    """
    mine = _first_bearing_negation(claim.analysis, _with_past_bases(best.analysis))
    theirs = _first_bearing_negation(best.analysis, _with_past_bases(claim.analysis))
    # a denial both say alike is set aside; only the claim's extra denial is read so
    # ("cannot be removed without tools" against "can be removed without tools"): a long
    # evidence sentence's other denials bear on other things
    if (
        mine is not None
        and theirs is not None
        and _first_bearing_negation(best.analysis, claim.analysis.content, claim.analysis) is None
    ):
        mine = _first_bearing_negation(claim.analysis, best.analysis.content, best.analysis)
        theirs = None
    if (mine is None) == (theirs is None) or not sentence_gate(claim, best, threshold):
        return []
    if mine is not None and _costs_nothing(claim.analysis, mine, best.analysis):
        return []
    denying, other = (claim, best.analysis) if mine is not None else (best, claim.analysis)
    if _says_not(other) and not (
        mine is not None
        and _negations_shared(other, claim.analysis)
        and _first_bearing_negation(claim.analysis, other.content, other) is not None
    ):
        return []  # the evidence says "not" of its own, unless the claim says it alike
    if _excepted(denying.analysis.text, other) or _said_to_end(denying.analysis, other):
        return []
    if mine is not None:
        word = claim.analysis.words[mine]
        message = f"the claim negates ({word!r}) what the evidence states"
        occurrence = claim.analysis.words[:mine].count(word)
        span = claim.analysis.locate_word(word, occurrence).shift(claim.span.start)
        evidence_span = best.span
    else:
        assert theirs is not None
        word = best.analysis.words[theirs]
        message = f"the evidence negates ({word!r}) what the claim states"
        span = claim.span
        occurrence = best.analysis.words[:theirs].count(word)
        evidence_span = best.analysis.locate_word(word, occurrence).shift(best.span.start)
    return [Reason("negation_mismatch", message, span, best.passage.id, evidence_span)]


#: Words of paying that "nothing", "no" or "not" deny where the evidence says "free".
_PAYING = frozenset(
    "cost costs charge charges charged pay pays paid fee fees price payable".split()
)


def _costs_nothing(mine: Analysis, at: int, theirs: Analysis) -> bool:
    """Whether the claim's denial is of paying and the evidence says the thing is free
    ("costs nothing", "no charge", "you don't pay" against "admission is free"): the same
    fact, one side in a denial."""
    if "free" not in theirs.vocabulary:
        return False
    words = mine.words
    return any(w in _PAYING for w in words[max(0, at - 3) : at + 4])


#: Past forms the stemmer keeps as words of their own ("found" a company, "left" side),
#: read as their verb where a denial may bear on it ("did not find any link" / "found a
#: link").
_PAST_BASES = {"found": "find", "left": "leave"}


def _with_past_bases(analysis: Analysis) -> frozenset[str]:
    """The content stems of ``analysis``, with the verb of each past form of
    :data:`_PAST_BASES` it holds."""
    vocabulary = analysis.vocabulary  # the two words are looked up, not the text read
    extra = {base for word, base in _PAST_BASES.items() if word in vocabulary}
    return analysis.content | {stem(w) for w in extra} if extra else analysis.content


def _pairs_of(words: Sequence[str]) -> set[tuple[str, str]]:
    """Each word with the word after it."""
    return set(pairwise(words))


def _negations_shared(other: Analysis, denying: Analysis) -> bool:
    """Whether every "not" the plain side says is said alike by the denying side: each
    of its negation words stands there too before the same word ("can be removed without
    tools" against "cannot be removed without tools": "without tools" is on both sides, so
    only "cannot" differs), and it says "not" in no other terms ("refused", "wireless")."""
    if not other.negations or not other.vocabulary.isdisjoint(IMPLICIT_NEGATIVES):
        return False
    if any(w.endswith("less") and len(w) > 6 for w in other.vocabulary):
        return False
    readable, said = _NEGATION_PAIRS.get(other.text, lambda _: _negation_pairs(other))
    if not readable:
        return False
    theirs = _PAIRS.get(denying.text, lambda _: _pairs_of(denying.words))
    return said <= theirs


def _negation_pairs(analysis: Analysis) -> tuple[bool, frozenset[tuple[str, str]]]:
    """(whether each negation of a text is a word here before another word, each such
    negation word with the word after it): not so when one ends the text or the text
    counts negations no word list here sees."""
    words = analysis.words
    places = [i for i, word in enumerate(words) if word in NEGATIONS]
    if len(places) != analysis.negations or any(i + 1 >= len(words) for i in places):
        return False, frozenset()
    return True, frozenset((words[i], words[i + 1]) for i in places)


_NEGATION_PAIRS: TextCache[tuple[bool, frozenset[tuple[str, str]]]] = TextCache(1024, 2_000_000)


#: An exception to a denial: "Dogs are not allowed, except guide dogs".
_EXCEPT = re.compile(
    r"\b(?:except(?:\s+for)?|apart\s+from|other\s+than|excluding|save\s+for"
    r"|with\s+the\s+exception\s+of)\s+(?P<what>[^.;:,()]+)",
    re.IGNORECASE,
)


#: Where the clause that an exception closes starts: after the last mark before it.
_CLAUSE_MARK = re.compile(r"[;()\u2014\u2013]|[,:](?!\d)")  # not in "1,500" or "10:00"
#: Denials that turn an exception round ("not allowed anywhere except the hall" makes the
#: hall the place where it is allowed); "without" qualifies and does not.
_RULE_DENIALS = frozenset({"not", "no", "never", "nothing", "none", "nowhere", "nobody"})


def _exception_of(claim: Claim, best: BestSentence) -> list[Reason]:
    """``negation_mismatch`` when the claim says of a thing what the evidence says of
    everything but it: "Photography is allowed in the Viking ship hall" against
    "Photography without flash is allowed in all galleries except the Viking ship hall".
    Every content word of the exception stands in the claim, and every other content
    word of the claim, two at least, in the clause the exception closes; neither side
    denies (a denied rule makes the exception the place where it holds)."""
    mine, theirs = claim.analysis, best.analysis
    if mine.negations or not _says_except(theirs):
        return []
    text = theirs.text
    for match in _EXCEPT.finditer(text):
        what = match.group("what")
        excepted = analyse(what).content
        if not excepted or not excepted <= mine.content:
            continue
        ends = [m.end() for m in _CLAUSE_MARK.finditer(text, 0, match.start())]
        while ends and not text[ends[-1] : match.start()].strip():
            ends.pop()  # "closed on Mondays, except in July": the rule is before the comma
        rule = analyse(text[ends[-1] if ends else 0 : match.start()])
        rest = mine.content - excepted
        if (
            len(rest) < 2
            or not rest <= rule.content
            or not rule.vocabulary.isdisjoint(_RULE_DENIALS)
            or len(rest & _last_content(rule, _EXCEPTED_RULE_WORDS)) < 2
        ):
            continue
        said = Span(match.start(), match.end())
        message = (
            f"the evidence makes an exception of what the claim states ({said.of(text).strip()!r})"
        )
        return [_denied_by(claim, best, said, message)]
    return []


#: How many content words before an exception make the rule it excepts from: two of the
#: claim's must be among them ("open ... and closed on Mondays, except in July" excepts
#: from "closed on Mondays", not from "open").
_EXCEPTED_RULE_WORDS = 4


def _last_content(analysis: Analysis, count: int) -> frozenset[str]:
    """The stems of the last ``count`` content words of a text."""
    return context_stems(analysis, len(analysis.words), count, 0)


def _says_except(analysis: Analysis) -> bool:
    """Whether a text may hold an exception (:data:`_EXCEPT`), by its words."""
    vocabulary = analysis.vocabulary
    return (
        "except" in vocabulary
        or "excluding" in vocabulary
        or ("apart" in vocabulary and "from" in vocabulary)
        or ("other" in vocabulary and "than" in vocabulary)
        or ("save" in vocabulary and "for" in vocabulary)
        or "exception" in vocabulary
    )


#: Verbs that say a thing stops being so ("Support for v1 ends on 31 March", "Late fees
#: were abolished"): what they bear on is then denied, in other words than "no longer".
_CESSATION: frozenset[str] = frozenset(
    map(
        stem,
        """
        end ends ended discontinue discontinues discontinued expire expires expired
        terminate terminates terminated retire retires retired withdraw withdraws withdrawn
        withdrew cease ceases ceased lapse lapses lapsed abolish abolishes abolished scrap
        scraps scrapped axe axes axed remove removes removed eliminate eliminates eliminated
        """.split(),
    )
)
#: Forms of ending whose stem means other things too ("support has been dropped"; "drops"
#: may be falls): matched as written.
_ENDED_WORDS: frozenset[str] = frozenset({"dropped"})
#: How many words from the denied word a verb of :data:`_CESSATION` may stand.
_CESSATION_REACH = 8


def _said_to_end(denying: Analysis, other: Analysis) -> bool:
    """Whether the plain side says, with a verb of ending near each word the denying side
    denies (or near one of the two content words after it), that it stops ("The v1 API
    will no longer be supported" against "Support for the v1 API ends on 31 March", "no
    longer charges late fees" against "Late fees were abolished"). A denied word that is
    itself such a verb ("has not ended" against "ended") is a denial as ever."""
    if other.content.isdisjoint(_CESSATION) and other.vocabulary.isdisjoint(_ENDED_WORDS):
        return False
    denials = _TEXT_DENIALS.get(denying.text, lambda _: _denials(denying))
    denied = [stemmed for stemmed in denials if stemmed in other.content]
    stems = other.stems

    def ended(denied_stem: str) -> bool:
        # the denied word, or what it bears on ("no longer charges late fees" / "Late
        # fees were abolished"), stands by a verb of ending
        negation = denials[denied_stem][0]
        own = denying.stems
        at = next((k for k in range(negation, len(own)) if own[k] == denied_stem), None)
        if at is None:
            return False
        said = {denied_stem} | context_stems(denying, at, 0, 2)
        return any(stems[j] in said and _ended_near(other, j) for j in range(len(stems)))

    return bool(denied) and all(
        denied_stem not in _CESSATION and ended(denied_stem) for denied_stem in denied
    )


#: Words that open a clause of its own: a verb of ending past one bears on other things
#: ("Late fees were abolished, but lost items are charged").
_CLAUSE_OPENERS = frozenset({"but", "while", "whereas", "although", "though", "however"})


def _ended_near(analysis: Analysis, at: int) -> bool:
    """Whether a verb of :data:`_CESSATION` stands within :data:`_CESSATION_REACH` words
    of word ``at``, in its clause (no "but" or the like between)."""
    stems, words = analysis.stems, analysis.words
    for step in (-1, 1):
        position = at + step
        while 0 <= position < len(stems) and abs(position - at) <= _CESSATION_REACH:
            if words[position] in _CLAUSE_OPENERS:
                break
            if stems[position] in _CESSATION or words[position] in _ENDED_WORDS:
                return True
            position += step
    return False


def _excepted(text: str, other: Analysis) -> bool:
    """Whether the denying text makes an exception of what the other text is about: every
    content word of the exception stands in the other text ("Dogs are not allowed on the
    grounds, except guide dogs" says nothing against "Guide dogs are allowed")."""
    for match in _EXCEPT.finditer(text):
        words = analyse(match.group("what")).content
        if words and words <= other.content:
            return True
    return False


#: "up" and "down" are particles ("looks up", "went down") that oppose each other only:
#: "carried down the street" says nothing against a price that rose.
_PARTICLES: frozenset[str] = frozenset({"up", "down"})
#: Words after "up"/"down" that make it a preposition of place ("down the street", "up a
#: hill"), which says nothing about a direction.
_DETERMINERS: frozenset[str] = frozenset(
    "a an the this that these those his her its their our my your some".split()
)


def _directions(analysis: Analysis) -> list[tuple[int, tuple[int, int]]]:
    """(word index, (family, side)) of each direction word; "up"/"down" before a
    determiner (a path: "down the street") is none."""
    words = analysis.words
    return [
        (index, DIRECTION_FAMILIES[stem_])
        for index, stem_ in enumerate(analysis.stems)
        if stem_ in DIRECTION_FAMILIES
        and not (
            words[index] in _PARTICLES
            and index + 1 < len(words)
            and words[index + 1] in _DETERMINERS
        )
    ]


def _aligned(
    mine: Analysis,
    i: int,
    theirs: Analysis,
    j: int,
    ends: tuple[int, int] | None = None,
    open_end: bool = False,
    adjuncts: frozenset[str] = frozenset(),
) -> bool:
    """Whether word ``i`` of one text and word ``j`` of another fill the same slot: on
    each side (before, after) where both texts have content words, the nearest one of
    either text is among the two nearest of the other; where one text has none, neither
    may have any; and at least one side has context. So "store in a warm place" aligns
    with "store in a cool place", while "larger pressure waves" and "smaller surface
    waves" do not. ``ends``: the last words of runs that start at ``i`` and ``j``
    ("Marie Curie"), whose words after them are compared. ``open_end``: when ``mine``
    ends with its word, the other text may go on ("hosted by Berlin" / "hosted by Paris
    in 2019") if the two content words before are the same ("Earl of Carlow" / "the
    grandson ... Earl of Tyrone who raised him" is another person), or if the claim
    states the words the evidence adds elsewhere ("Marie Dubois designed the e-bike in
    Berlin" / "the e-bike was designed in Lyon by Marie Dubois": the voice changed).
    ``adjuncts``: figures both texts state, which count as no context wherever they
    stand ("founded in Riga in 2011" / "founded in 2011 in Tallinn": the year moved, the
    slot did not)."""
    aligned = False
    for before, after in ((1, 0), (0, 1)):
        at_mine, at_theirs = (i, j) if before or ends is None else ends
        near_mine = context_stems(mine, at_mine, before, after, adjuncts)
        near_theirs = context_stems(theirs, at_theirs, before, after, adjuncts)
        if not near_mine and not near_theirs:
            continue
        if (
            after
            and open_end
            and _ends_here(mine, at_mine, adjuncts)
            and (
                context_stems(mine, i, 2, 0, adjuncts) == context_stems(theirs, j, 2, 0, adjuncts)
                or context_stems(theirs, at_theirs, 0, 2, adjuncts) <= mine.content
                or _adjunct_follows(mine, i, theirs, j, at_theirs, adjuncts)
            )
        ):
            continue  # the claim ends here: what the evidence adds after is no other slot
        window_mine = context_stems(mine, at_mine, 2 * before, 2 * after, adjuncts)
        window_theirs = context_stems(theirs, at_theirs, 2 * before, 2 * after, adjuncts)
        if not (near_mine & window_theirs or near_theirs & window_mine):
            return False
        aligned = True
    return aligned


#: Prepositions that open a phrase of its own after a name ("built in Zwickau by Voltia
#: Motors", "run by Lindqvist Pharma in Uppsala").
_ADJUNCT_PREPOSITIONS: frozenset[str] = frozenset(
    "by in at on for with from during since near under after before".split()
)


def _adjunct_follows(
    mine: Analysis, i: int, theirs: Analysis, j: int, end: int, adjuncts: frozenset[str]
) -> bool:
    """Whether the evidence goes on past its name with a phrase of its own ("built in
    Zwickau by Voltia Motors" for a claim that ends "built in Dresden"): the word right
    before the names and the content word before it are the same, and a preposition
    follows the evidence's name; a figure between is passed over ("founded in 2004 in
    Gothenburg by Erik Holm" for "founded in Stockholm")."""
    if not (
        i > 0
        and j > 0
        and mine.words[i - 1] == theirs.words[j - 1]
        and _word_after(theirs, end) in _ADJUNCT_PREPOSITIONS
    ):
        return False
    # figures are adjuncts of their own here: "founded in 2004 in Gothenburg"
    before = context_stems(mine, i, 1, 0, adjuncts | mine.number_keys)
    return bool(before) and before == context_stems(theirs, j, 1, 0, adjuncts | theirs.number_keys)


def _same_root(mine: str, theirs: str) -> bool:
    """Whether two casefolded names are forms of one ("romania" / "romanian", "china" /
    "chinese"): a pertainym of each other, or one opening of four letters or more that
    leaves at most two letters of the shorter. Two names of one root ("Austria" /
    "Australia") count as one too: this only ever withholds a swap."""
    theirs = _bare(theirs)
    if theirs in pertainyms().get(mine, ()) or mine in pertainyms().get(theirs, ()):
        return True
    shared = 0
    for left, right in zip(mine, theirs, strict=False):  # the shorter ends it
        if left != right:
            break
        shared += 1
    return shared >= 4 and shared >= min(len(mine), len(theirs)) - 2


def _ends_open(mine: Analysis, i: int, theirs: Analysis, j: int, adjuncts: frozenset[str]) -> bool:
    """Whether claim word ``i``, which ends the claim (figures both state and stop words
    aside), has the same two content words before it as evidence word ``j``, which the
    evidence goes on after: "The minimum Android version drops." against "The minimum
    Android version rises from 8.0 to 10". One shared head is not enough ("ticket prices"
    / "hotel prices")."""
    if not _ends_here(mine, i, adjuncts):
        return False
    before = context_stems(mine, i, 2, 0, adjuncts)
    return len(before) == 2 and before == context_stems(theirs, j, 2, 0, adjuncts)


def _ends_here(analysis: Analysis, index: int, adjuncts: frozenset[str]) -> bool:
    """Whether word ``index`` ends the text, or only stop words and ``adjuncts`` follow it
    ("... in Riga in 2011" with the year an adjunct)."""
    if index == len(analysis.words) - 1:
        return True
    if not adjuncts:
        return False
    content = analysis.content
    return all(s in adjuncts or s not in content for s in analysis.stems[index + 1 :])


def _negated(analysis: Analysis, index: int) -> bool:
    """Whether a negation stands in the three words before word ``index`` ("not
    uncommon", "no longer higher"): a denied opposite says the same, not the contrary."""
    return any(w in NEGATIONS for w in analysis.words[max(0, index - 3) : index])


def _span_of(analysis: Analysis, index: int, origin: int) -> Span:
    """The span of word ``index`` of ``analysis``, shifted by ``origin``."""
    return _slots(analysis).spans[index].shift(origin)


def _word_pair(
    code: str, message: str, claim: Claim, index: int, best: BestSentence, at: int
) -> Reason:
    """A reason about word ``index`` of the claim and word ``at`` of its best sentence,
    with both words located."""
    return Reason(
        code,
        message,
        _span_of(claim.analysis, index, claim.span.start),
        best.passage.id,
        _span_of(best.analysis, at, best.span.start),
    )


class _StemIndex:
    """What the direction and opposite checks read of a sentence, once per text: its
    stems as a set, where each stem stands, and its direction words by (family, side)
    (so many claims against one long sentence cost no pass over it each)."""

    __slots__ = ("_analysis", "_directions", "_positions", "stems")

    def __init__(self, analysis: Analysis) -> None:
        self._analysis = analysis
        self.stems = frozenset(analysis.stems)
        self._positions: dict[str, list[int]] | None = None
        self._directions: dict[tuple[int, int], list[int]] | None = None

    @property
    def positions(self) -> dict[str, list[int]]:
        """Stem -> the indexes of its words, in order (on first use)."""
        if self._positions is None:
            self._positions = word_positions(self._analysis.stems)
        return self._positions

    @property
    def directions(self) -> dict[tuple[int, int], list[int]]:
        """(family, side) -> the indexes of its direction words, in order (on first use)."""
        if self._directions is None:
            directions: dict[tuple[int, int], list[int]] = {}
            for index, kind in _directions(self._analysis):
                directions.setdefault(kind, []).append(index)
            self._directions = directions
        return self._directions


_STEM_INDEX: TextCache[_StemIndex] = TextCache(1024, 2_000_000)


def _stem_index(analysis: Analysis) -> _StemIndex:
    return _STEM_INDEX.get(analysis.text, lambda _: _StemIndex(analysis))


def check_directions(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """Flipped directions, opposite words and permission against prohibition, for the
    claim and for each of its clauses (:func:`clause_units`); one reason per word."""
    found: list[Reason] = []
    for unit, sentence in clause_units(claim, best):
        found += _directions_of(unit, sentence, threshold)
        found += _opposites_of(unit, sentence, threshold)
        found += _permissions_of(unit, sentence, threshold)
        found += check_roles(unit, sentence, threshold)
        found += _amount_comparisons_of(unit, sentence, threshold)
        found += _steady_against_change(unit, sentence, threshold)
        found += _turned_groups(unit, sentence, threshold) or _turned_subjects(
            unit, sentence, threshold
        )
        found += _counted_comparison(unit, sentence, threshold)
        found += _turned_change(unit, sentence, threshold)
        found += _scope_of(unit, sentence, threshold) or _condition_dropped(
            unit, sentence, threshold
        )
    for sentence in _tied_with_opposite(claim, best):
        found += _opposites_of(claim, sentence, threshold)
    reasons: list[Reason] = []
    seen: set[tuple[str, Span | None]] = set()
    for reason in found:
        if (reason.code, reason.span) not in seen:
            seen.add((reason.code, reason.span))
            reasons.append(reason)
    return reasons


#: Words that say a thing of all of a kind, or all the time ...
_UNIVERSAL_NOUN = frozenset({"all", "every", "each", "any"})
_UNIVERSAL_TIME = frozenset({"always"})
#: ... and words that say it of part of the kind, or part of the time.
_PARTIAL_NOUN = frozenset({"most", "some", "many", "several", "certain", "selected", "few"})
_PARTIAL_TIME = frozenset(
    {"usually", "often", "sometimes", "occasionally", "generally", "typically", "mostly"}
)
#: Words between a quantifier and what it counts: "all of the group's stores".
_QUANTIFIED_THROUGH = frozenset(
    {"of", "the", "its", "their", "our", "your", "his", "her", "these", "those", "s"}
)
#: How far after a quantifier the thing it counts may stand.
_QUANTIFIED_REACH = 4


def _quantified(analysis: Analysis, index: int) -> int | None:
    """Where the word a quantifier at ``index`` bears on stands ("all of the group's
    stores": "stores"; "always served": "served"), None when no content word follows."""
    words = analysis.words
    for at in range(index + 1, min(len(words), index + 1 + _QUANTIFIED_REACH)):
        word = words[at]
        if word in _QUANTIFIED_THROUGH or word in STOPWORDS or _a_count(word):
            continue  # "all 11 of the recommendations", "all but one of them"
        if word.endswith(("'s", "\u2019s")) and at + 1 < len(words):
            return _quantified(analysis, at)  # "all of the inquiry's recommendations"
        return at
    return None


def _a_count(word: str) -> bool:
    """A number standing between a quantifier and what it counts ("all 11 of")."""
    return word[:1].isdigit() or word in SMALL


def _scope_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``scope_mismatch`` when the claim says of all of a kind, or always, what the
    evidence says of part of it, or part of the time, of the same word: "Every item can
    be returned" against "You can return most items", "is always served" against "is
    usually served", "accepted all 11 recommendations" against "accepted all but one of
    the recommendations". Not when the evidence's own "all" bears on the same word ("Most
    rooms have a balcony, and all rooms have a kettle")."""
    mine, theirs = claim.analysis, best.analysis
    all_but = "but" in theirs.vocabulary and not theirs.vocabulary.isdisjoint(_UNIVERSAL_NOUN)
    if mine.vocabulary.isdisjoint(_UNIVERSAL_NOUN | _UNIVERSAL_TIME) or (
        theirs.vocabulary.isdisjoint(_PARTIAL_NOUN | _PARTIAL_TIME) and not all_but
    ):
        return []
    # stem -> (where the quantifier stands, partial, where its words end: "all but one")
    theirs_on: dict[str, tuple[int, bool, int]] = {}
    words = theirs.words
    for j, word in enumerate(words):
        partial = word in _PARTIAL_NOUN or word in _PARTIAL_TIME
        skip = 0
        if all_but and word in _UNIVERSAL_NOUN and words[j + 1 : j + 2] == ("but",):
            partial, skip = True, 1  # "all but one of the recommendations": not all of them
        if not partial and word not in _UNIVERSAL_NOUN and word not in _UNIVERSAL_TIME:
            continue
        at = _quantified(theirs, j + skip)
        if at is not None:
            said = theirs.stems[at]
            if said not in theirs_on or not partial:
                theirs_on[said] = (j, partial, at if skip else j + 1)
    for i, word in enumerate(mine.words):
        if word not in _UNIVERSAL_NOUN and word not in _UNIVERSAL_TIME:
            continue
        if mine.words[i + 1 : i + 2] == ("but",):
            continue  # the claim's own "all but a few": part too
        at = _quantified(mine, i)
        if at is None:
            continue
        found = theirs_on.get(mine.stems[at])
        if found is None or not found[1]:
            continue
        j = found[0]
        if (theirs.words[j] in _PARTIAL_TIME) != (word in _UNIVERSAL_TIME):
            continue  # "always" meets "usually", "every" meets "most"
        if not sentence_gate(claim, best, threshold, frozenset({mine.stems[i]})):
            return []
        stated = list(theirs.words[j : found[2]])
        while len(stated) > 1 and stated[-1] in _QUANTIFIED_THROUGH:
            stated.pop()  # "all but one of the": "all but one"
        said = " ".join(stated)
        message = (
            f"{word!r} in the claim, {said!r} in the evidence: the evidence says it of "
            "part, not all"
        )
        return [_word_pair("scope_mismatch", message, claim, i, best, j)]
    return []


#: A condition the evidence puts on what it says, in words that make it one: "only if you
#: have added the option", "provided that", "on condition that" (a bare "if", "provided"
#: or "subject to" was right under 70% of the time on the shared sets).
_CONDITION = re.compile(
    r"\b(?:only\s+(?:if|when|for|with)|provided\s+that|on\s+condition\s+that)\b",
    re.IGNORECASE,
)
_CONDITION_WORDS = frozenset({"only", "provided", "condition"})
#: Words by which a claim keeps a condition of its own.
_CLAIM_CONDITION = frozenset(
    "if only provided unless when whenever subject condition long except".split()
)


def _condition_dropped(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``scope_mismatch`` when the claim states without a condition what the evidence
    states only under one, in the same clause, and the claim holds none of the
    condition's own words: "is covered as standard" against "is covered only if you have
    added the option"."""
    mine = claim.analysis
    if best.analysis.vocabulary.isdisjoint(_CONDITION_WORDS) or not mine.vocabulary.isdisjoint(
        _CLAIM_CONDITION
    ):
        return []  # the look-up first: a long sentence is scanned only when it may hold one
    text = best.analysis.text
    for match in _CONDITION.finditer(text):
        end = _CLAUSE_END.search(text, match.end())
        stop = end.start() if end else len(text)
        before = text[: match.start()]
        # the condition bears on the claim's words: they stand before it, in its clause
        opening = max(before.rfind(";"), before.rfind(". "), before.rfind(": "))
        stated = analyse(before[opening + 1 :]).content
        if len(stated & mine.content) * 2 < len(mine.content):
            continue
        # the condition's own words (not those of what it conditions), none in the claim
        condition = analyse(text[match.end() : stop]).content
        own = condition - stated
        if not own or not own.isdisjoint(mine.content):
            continue
        if not sentence_gate(claim, best, threshold):
            return []
        said = " ".join(text[match.start() : stop].split())
        return [
            Reason(
                "scope_mismatch",
                f"the claim states without a condition what the evidence states only "
                f"under one: {said!r}",
                claim.span,
                best.passage.id,
                Span(match.start(), stop).shift(best.span.start),
            )
        ]
    return []


def _tied_with_opposite(claim: Claim, best: BestSentence) -> list[BestSentence]:
    """The other sentences of the best sentence's passage that share as many of the
    claim's content stems as it does and hold the opposite of a claim stem it lacks: the
    best sentence won a tie by coming first ("people with a weakened immune system are
    offered it" before "it is safe for people with weakened immune systems", against "it
    is unsafe for people with weakened immune systems"), while the opposite fills the
    claim's slot in the other."""
    content = claim.analysis.content
    table = antonyms()
    wanted: set[str] = set()
    for stemmed in content - best.shared:
        opposite = table.get(stemmed)
        if opposite:
            wanted |= opposite - content
    if not wanted:
        return []
    passage, size = best.passage, len(best.shared)
    found: list[BestSentence] = []
    for number in sorted({n for stemmed in wanted for n in passage.sentences_holding(stemmed)}):
        span, analysis = passage.sentences[number]
        shared = content & analysis.content
        if span != best.span and len(shared) >= size:
            found.append(BestSentence(passage, span, analysis, shared))
    return found


#: Comparatives of amount right before "than" after a figure ("6% more than in 2026",
#: "12 percent smaller than last year"): side 0 says more, side 1 less, whichever word
#: says it (the direction pairs oppose "more" to "less" and "larger" to "smaller" only).
_AMOUNT_SIDES: dict[str, int] = {
    **dict.fromkeys(("more", "greater", "larger", "bigger", "higher"), 0),
    **dict.fromkeys(("less", "fewer", "smaller", "lesser", "lower"), 1),
}


def _amount_comparisons_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``direction_mismatch`` for "6% smaller than in 2026" against "6% more than in
    2026": both comparatives stand between one figure and "than" with the same standard
    after it, and say the other way (across the direction pairs: "smaller" and "more").
    Neither negated; a text that says the claim's way too is no flip."""
    mine, theirs = claim.analysis, best.analysis
    if mine.vocabulary.isdisjoint(_AMOUNT_SIDES) or "than" not in mine.vocabulary:
        return []  # the claim first: a long sentence is read only for a claim that compares
    their_at = _AMOUNTS_AT.get(theirs.text, lambda _: _amounts_at(theirs))
    if not their_at:
        return []
    reasons: list[Reason] = []
    for index, word in enumerate(mine.words):
        side = _AMOUNT_SIDES.get(word)
        if side is None or _word_after(mine, index) != "than" or _negated(mine, index):
            continue
        figure = _figure_before(mine, index)
        if figure is None or any(s == side for _, s in their_at):
            continue
        standard = _first_content(mine, index + 1)
        opposite = next(
            (
                j
                for j, _ in their_at
                if _figure_before(theirs, j) == figure
                and standard is not None
                and _first_content(theirs, j + 1) == standard
            ),
            None,
        )
        if opposite is None:
            continue
        if not sentence_gate(claim, best, threshold, frozenset({mine.stems[index]})):
            continue
        message = f"{word!r} in the claim, {theirs.words[opposite]!r} in the evidence"
        reasons.append(_word_pair("direction_mismatch", message, claim, index, best, opposite))
    return reasons


#: A comparison of two groups: "stronger in women than in men", "more common among
#: smokers than among non-smokers".
_GROUP_COMPARISON = re.compile(
    r"\b(?P<word>more|less|fewer|[a-z]{3,}er)\b(?:\s+[a-z]+)?\s+(?:in|for|among|with)\s+"
    r"(?:the\s+)?(?P<one>[a-z][\w-]*)\s+than\s+(?:in|for|among|with)\s+(?:the\s+)?"
    r"(?P<other>[a-z][\w-]*)",
    re.IGNORECASE,
)


def _one_group_comparison(text: str) -> re.Match[str] | str:
    """The one comparison of two groups a text makes (:data:`_GROUP_COMPARISON`), or
    :data:`_NO_COMPARISON` for none or several (read once per text)."""
    found = list(_GROUP_COMPARISON.finditer(text))
    return found[0] if len(found) == 1 else _NO_COMPARISON


_NO_COMPARISON = ""
_GROUP_COMPARISONS: TextCache[re.Match[str] | str] = TextCache(1024, 2_000_000)


def _turned_groups(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``direction_mismatch`` for "stronger in men than in women" against "stronger in
    women than in men": one comparative, its two groups trading places ("weaker in men
    than in women" says the same and is left alone)."""
    if "than" not in claim.analysis.vocabulary:
        return []
    mine = list(_GROUP_COMPARISON.finditer(claim.text))
    if len(mine) != 1 or "than" not in best.analysis.vocabulary:
        return []
    b = _GROUP_COMPARISONS.get(best.analysis.text, _one_group_comparison)
    if isinstance(b, str):
        return []  # none, or several: which the claim's is cannot be told
    a = mine[0]
    groups = (stem(a.group("one").casefold()), stem(a.group("other").casefold()))
    their_groups = (stem(b.group("one").casefold()), stem(b.group("other").casefold()))
    if groups[0] == groups[1] or groups != their_groups[::-1]:
        return []
    if stem(a.group("word").casefold()) != stem(b.group("word").casefold()):
        return []
    if not sentence_gate(claim, best, threshold):
        return []
    message = (
        f"{a.group().strip()!r} in the claim, {b.group().strip()!r} in the evidence: the "
        "groups trade places"
    )
    return _turned(message, claim, Span(a.start(), a.end()), best, Span(b.start(), b.end()))


def _turned(
    message: str, claim: Claim, mine: Span, best: BestSentence, theirs: Span
) -> list[Reason]:
    """The one ``direction_mismatch`` of a comparison turned, with its spans in the
    claim and in the best sentence (offsets into each)."""
    return [
        Reason(
            "direction_mismatch",
            message,
            mine.shift(claim.span.start),
            best.passage.id,
            theirs.shift(best.span.start),
        )
    ]


#: A comparative and the group after its "than": "Boys reported more trouble ... than
#: girls did".
_THAN_GROUP = re.compile(
    r"\b(?P<word>more|less|fewer|higher|lower|greater|smaller|larger|bigger|better|worse"
    r"|longer|shorter|faster|slower|older|younger|earlier|later|cheaper|dearer|stronger"
    r"|weaker)\b[^.;:!?]*?\bthan\s+(?:the\s+|those\s+|in\s+)?(?P<other>[^\W\d_]+)",
    re.IGNORECASE,
)


def _turned_subjects(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``direction_mismatch`` for "Boys reported more trouble sleeping than girls"
    against "Girls reported more difficulty sleeping than boys": one comparative word on
    each side, the group after "than" in each standing before the comparative in the
    other, and neither side naming its own "than" group before it ("Girls slept less
    than boys" says the same as "Boys slept more than girls", and is left alone)."""
    if "than" not in claim.analysis.vocabulary or "than" not in best.analysis.vocabulary:
        return []
    mine = list(_THAN_GROUP.finditer(claim.text))
    theirs = list(_THAN_GROUP.finditer(best.analysis.text))
    if len(mine) != 1 or len(theirs) != 1:
        return []
    a, b = mine[0], theirs[0]
    if a.group("word").casefold() != b.group("word").casefold():
        return []
    my_other, their_other = (stem(m.group("other").casefold()) for m in (a, b))
    if my_other == their_other or my_other in STOPWORDS or their_other in STOPWORDS:
        return []
    my_before = _stems_of(claim.text[: a.start()])
    their_before = _stems_of(best.analysis.text[: b.start()])
    if their_other not in my_before or my_other not in their_before:
        return []
    if my_other in my_before or their_other in their_before:
        return []  # a side names both groups before its comparative: no plain turn
    if not sentence_gate(claim, best, threshold):
        return []
    message = (
        f"{a.group('other')!r} after 'than' in the claim, {b.group('other')!r} in the "
        "evidence: the groups trade places"
    )
    return _turned(message, claim, Span(a.start(), a.end()), best, Span(b.start(), b.end()))


#: "more black runs than red ones", "fewer lifts than runs": a count compared, with the
#: word that names each side.
_MORE_THAN = re.compile(
    r"\b(?P<word>more|fewer|less)\s+(?P<one>[^\W\d_]+)\b[^.;:!?]{0,40}?\bthan\s+(?:the\s+)?"
    r"(?P<other>[^\W\d_]+)",
    re.IGNORECASE,
)
#: A count right before a word: "14 red", "6 black runs", "six black runs".
_COUNT_BEFORE = r"(?:(?P<digits>\d[\d,]*)|(?P<words>[^\W\d_]+))\s+{word}\b"


def _counted_comparison(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``direction_mismatch`` for "more black runs than red ones" against "14 red and 6
    black runs": the best sentence counts both sides of the claim's comparison, each
    count right before the word that names it, and the counts say the other way."""
    if "than" not in claim.analysis.vocabulary:
        return []
    compared = _MORE_THAN.search(claim.text)
    if compared is None:
        return []
    one, other = compared.group("one").casefold(), compared.group("other").casefold()
    if one == other or one in STOPWORDS or other in STOPWORDS:
        return []
    sentence = best.analysis.text
    mine, theirs = _count_before(sentence, one), _count_before(sentence, other)
    if mine is None or theirs is None or mine[0] == theirs[0]:
        return []
    more = compared.group("word").casefold() == "more"
    if (mine[0] > theirs[0]) == more or not sentence_gate(claim, best, threshold):
        return []
    message = (
        f"'{compared.group('word')} {one} ... than {other}' in the claim; the evidence "
        f"counts {mine[0]} {one} and {theirs[0]} {other}"
    )
    counted = Span(min(mine[1].start, theirs[1].start), max(mine[1].end, theirs[1].end))
    return _turned(message, claim, Span(compared.start(), compared.end()), best, counted)


def _count_before(text: str, word: str) -> tuple[int, Span] | None:
    """The one count a text gives right before ``word`` (in digits or in words), and
    where it stands; ``None`` for none or several."""
    found = list(re.finditer(_COUNT_BEFORE.format(word=re.escape(word)), text, re.IGNORECASE))
    counts: list[tuple[int, Span]] = []
    for match in found:
        if match.group("digits"):
            number = int(match.group("digits").replace(",", ""))
        elif match.group("words").casefold() in SMALL:
            number = SMALL[match.group("words").casefold()]
        else:
            continue
        counts.append((number, Span(match.start(), match.end())))
    return counts[0] if len(counts) == 1 else None


def _stems_of(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[^\W\d_]+", text.casefold()))


#: Words that say a thing did not change when the next word says so ("stays at 0.42
#: percent", "remained unchanged", "held steady").
_STEADY_VERBS = frozenset(
    "stay stays stayed staying remain remains remained remaining hold holds held holding "
    "kept keep keeps".split()
)
_STEADY_AFTER = frozenset("at unchanged steady stable flat constant level".split())
_HOLD_VERBS = frozenset("hold holds held holding kept keep keeps".split())
#: Words of the change pair that are no change verb or noun ("higher", "up").
_NOT_CHANGES = frozenset("up down high higher low lower".split())


def _steady_places(analysis: Analysis) -> list[int]:
    """The words that say a thing stayed as it was: "stays at", "remained unchanged",
    "held steady", "unchanged"."""
    words = analysis.words

    def steady(index: int, word: str) -> bool:
        if word == "unchanged":  # alone: "remained unchanged" counts at its verb
            return index == 0 or words[index - 1] not in _STEADY_VERBS
        after = words[index + 1] if index + 1 < len(words) else ""
        return word in _STEADY_VERBS and (
            after in _STEADY_AFTER - {"at"} or (after == "at" and word not in _HOLD_VERBS)
        )

    return [index for index, word in enumerate(words) if steady(index, word)]


#: Changes of any kind, which "unchanged" (not "stays at", a level) denies.
_CHANGED = frozenset(
    "changed changes removed dropped replaced modified redesigned rewritten deprecated".split()
)


#: Every word a claim needs for :func:`_steady_against_change` to read it (with a word of
#: the change pair, :attr:`Analysis.directions`).
_STEADY_OR_CHANGED = _STEADY_VERBS | _CHANGED | {"unchanged"}


def _change_places(analysis: Analysis, any_change: bool = False) -> list[int]:
    """The words of the change pair ("rises", "cut", "growth"), figures of speech aside;
    with ``any_change``, changes of other kinds too ("removed", "replaced")."""
    return [
        index
        for index, (word, word_stem) in enumerate(zip(analysis.words, analysis.stems, strict=True))
        if (word not in _NOT_CHANGES and DIRECTION_FAMILIES.get(word_stem, (-1, 0))[0] == 0)
        or (any_change and word in _CHANGED)
    ]


def _says_unchanged(analysis: Analysis, places: list[int]) -> bool:
    """Whether one of the steady words at ``places`` is "unchanged" (or precedes it)."""
    words = analysis.words
    return any(
        words[i] == "unchanged" or (i + 1 < len(words) and words[i + 1] == "unchanged")
        for i in places
    )


class _Places(NamedTuple):
    """Word places of a text, and those places by the stems of their window."""

    places: list[int]
    by_stem: dict[str, list[int]]


class _ChangeTable:
    """The words of change and of steadiness of one text (:func:`_steady_places`,
    :func:`_change_places`), each indexed by the content stems of its window (two words
    each side): a claim meets only those sharing one of its own (read once per text, so
    many claims against one long sentence stay linear)."""

    __slots__ = ("changes", "level", "steady", "unchanged")

    def __init__(self, analysis: Analysis) -> None:
        self.steady = self._indexed(analysis, _steady_places(analysis))
        self.unchanged = _says_unchanged(analysis, self.steady.places)
        self.level = self._indexed(analysis, _change_places(analysis))
        self.changes = self._indexed(analysis, _change_places(analysis, any_change=True))

    @staticmethod
    def _indexed(analysis: Analysis, places: list[int]) -> _Places:
        by_stem: dict[str, list[int]] = {}
        for place in places:
            for stemmed in context_stems(analysis, place, 2, 2):
                by_stem.setdefault(stemmed, []).append(place)
        return _Places(places, by_stem)


_CHANGE_TABLES: TextCache[_ChangeTable] = TextCache(1024, 2_000_000)
#: How many words of a text sharing a claim word's window the claim word meets at most.
_SLOT_CANDIDATES = 32


def _near(table: _Places, window: frozenset[str]) -> list[int]:
    """The places of ``table`` whose window shares a stem of ``window``, in order, the
    first :data:`_SLOT_CANDIDATES` of them."""
    by_stem = table.by_stem
    found = sorted({place for stemmed in window for place in by_stem.get(stemmed, ())})
    return found[:_SLOT_CANDIDATES]


def _steady_against_change(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``direction_mismatch`` for "Property tax rises to 0.42 percent" against "Property
    tax stays at 0.42 percent" (and the other way round): one says the thing changed,
    the other that it stayed, of the same subject (a content word of the two before each
    is shared, or the two align). Neither negated; an evidence sentence that also says
    the claim's way of that subject is no flip."""
    mine, theirs = claim.analysis, best.analysis
    if not mine.directions and mine.vocabulary.isdisjoint(_STEADY_OR_CHANGED):
        return []  # no word of change or steadiness: nothing to read
    my_steady = _steady_places(mine)
    if not my_steady and not _change_places(mine, any_change=True):
        return []  # the claim first: a long sentence is read only for a claim of change
    table = _CHANGE_TABLES.get(theirs.text, lambda _: _ChangeTable(theirs))
    # "unchanged" denies any change ("removed"); "stays at", "held steady" a level's
    any_mine = table.unchanged
    any_theirs = _says_unchanged(mine, my_steady)
    their_changes = table.changes if any_mine else table.level
    reasons: list[Reason] = []
    for claim_places, their_table, said_table in (
        (_change_places(mine, any_mine), table.steady, their_changes),
        (my_steady, table.changes if any_theirs else table.level, table.steady),
    ):
        if not claim_places or not their_table.places:
            continue
        for index in claim_places:
            if _negated(mine, index):
                continue
            subject = context_stems(mine, index, 2, 0)
            window = context_stems(mine, index, 2, 2)

            def same_slot(j: int, index: int = index, subject: frozenset[str] = subject) -> bool:
                return bool(subject & context_stems(theirs, j, 2, 0)) or _aligned(
                    mine, index, theirs, j
                )

            if any(same_slot(j) for j in _near(said_table, window)):
                continue
            opposite = next(
                (j for j in _near(their_table, window) if not _negated(theirs, j) and same_slot(j)),
                None,
            )
            if opposite is None:
                continue
            if not sentence_gate(claim, best, threshold, frozenset({mine.stems[index]})):
                continue
            word, their_word = mine.words[index], theirs.words[opposite]
            message = f"{word!r} in the claim, {their_word!r} in the evidence"
            reasons.append(_word_pair("direction_mismatch", message, claim, index, best, opposite))
    return reasons


def _amounts_at(analysis: Analysis) -> list[tuple[int, int]]:
    """(word index, side) of each comparative of amount right before "than", not negated
    (read once per text)."""
    return [
        (j, _AMOUNT_SIDES[word])
        for j, word in enumerate(analysis.words)
        if word in _AMOUNT_SIDES
        and _word_after(analysis, j) == "than"
        and not _negated(analysis, j)
    ][:_SLOT_CANDIDATES]


_AMOUNTS_AT: TextCache[list[tuple[int, int]]] = TextCache(1024, 2_000_000)


def _figure_before(analysis: Analysis, index: int) -> str | None:
    """The value of the figure right before word ``index`` ("6" of "6% more", "20" of
    "20 percent more"), ``None`` when none stands there."""
    at = index - 1
    if at >= 0 and analysis.words[at] in ("percent", "per", "cent"):
        at -= 2 if analysis.words[at] == "cent" and at >= 1 else 1
    if at < 0 or not analysis.words[at][:1].isdigit():
        return None
    return number_key(analysis.words[at])


def _same_amount_after(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether the words right after direction words ``i`` and ``j`` are the same figure
    ("fell 12% from the previous year" and "..., up 12% from the previous year"): the
    two changes are of one amount, so they fill one slot whatever precedes them."""
    after_mine, after_theirs = _word_after(mine, i), _word_after(theirs, j)
    return (
        after_mine[:1].isdigit()
        and after_theirs[:1].isdigit()
        and number_key(after_mine) == number_key(after_theirs)
    )


def _same_subject_and_object(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether the content word right after claim word ``i`` (its object) is one of the
    three after evidence word ``j`` (a figure may come first: "a 220-home development"),
    and the content word right before it (its subject)
    stands earlier in the evidence sentence, however far: "The council rejected the
    development" / "Council voted 9 to 4 on Tuesday to approve a 220-home development".
    Not for comparatives, whose slot is what they compare."""
    if _than_after(mine, i) is not None or _than_after(theirs, j) is not None:
        return False  # a comparison ("larger pressure waves than ..."), not an action
    subject, thing = context_stems(mine, i, 1, 0), context_stems(mine, i, 0, 1)
    if not subject or not thing or not thing <= context_stems(theirs, j, 0, 3):
        return False
    return subject <= set(theirs.stems[:j])


def _by_amount(analysis: Analysis, index: int) -> tuple[int, str] | None:
    """(where "by" stands, the value of its figure) when "by" follows word ``index``
    within six words and a figure follows "by" within four ("rose by an average of 6")."""
    words = analysis.words
    for at in range(index + 1, min(index + 7, len(words))):
        if words[at] == "by":
            for after in range(at + 1, min(at + 5, len(words))):
                if words[after][:1].isdigit():
                    return at, number_key(words[after])
            return None
    return None


def _changed_by_same_amount(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether direction words ``i`` and ``j`` both change a thing "by" one figure, and
    the thing is named on both sides, before the word or between it and "by" ("systolic
    blood pressure rose by an average of 6 mmHg" / "participants lowered their systolic
    blood pressure by an average of 6 mmHg": the subject of one verb is the object of the
    other)."""
    my_by, their_by = _by_amount(mine, i), _by_amount(theirs, j)
    if my_by is None or their_by is None or my_by[1] != their_by[1]:
        return False

    def things(analysis: Analysis, at: int, by: int) -> set[str]:
        return {
            analysis.stems[k]
            for k in range(max(0, at - 3), by)
            if k != at
            and analysis.stems[k] in analysis.content
            and not analysis.words[k][:1].isdigit()
        }

    return bool(things(mine, i, my_by[0]) & things(theirs, j, their_by[0]))


#: How far "than" may follow a comparative ("fewer passengers in 2024 than").
_THAN_WITHIN = 6
#: Scale words of a figure ("2.3 million trips").
_SCALES: frozenset[str] = frozenset("hundred thousand million billion trillion percent".split())


def _changed_same_thing(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether evidence word ``j`` is "up"/"down" after a figure and before "from" or "by"
    ("2.3 million trips, up from 1.6 million") and the claim's direction word ``i`` has
    the thing that changed right before it ("the number of trips fell"): what follows
    "up from" is the old amount, not a slot the claim must fill."""
    words = theirs.words
    if (
        words[j] not in _PARTICLES
        or _is_particle(theirs, j)
        or _word_after(theirs, j)
        not in (
            "from",
            "by",
        )
    ):
        return False
    changed: set[str] = set()
    for at in range(j - 1, max(j - 6, -1), -1):  # the two content words before, figures
        word, word_stem = words[at], theirs.stems[at]  # and their scales passed over
        if word_stem in theirs.content and not (
            word[:1].isdigit() or word in UNIT_WORDS or word in _SCALES
        ):
            changed.add(word_stem)
            if len(changed) == 2:
                break
    return bool(context_stems(mine, i, 1, 0) & changed)


def _same_comparison(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether two comparatives compare one thing with one standard ("Skyvale carried
    fewer passengers in 2024 than in 2023" / "In 2024 Skyvale carried 6.1 million
    passengers, 12% more than in 2023"): the same word follows "than" on both sides,
    and the words before "than" are the same, figures and the comparatives aside."""
    my_than, their_than = _than_after(mine, i), _than_after(theirs, j)
    if my_than is None or their_than is None:
        return False
    standard = _first_content(mine, my_than)
    if standard is None or standard != _first_content(theirs, their_than):
        return False
    return _compared(mine, i, my_than) == _compared(theirs, j, their_than)


def _than_after(analysis: Analysis, index: int) -> int | None:
    """Where "than" follows word ``index`` closely."""
    words = analysis.words
    return next(
        (
            at
            for at in range(index + 1, min(index + _THAN_WITHIN, len(words)))
            if words[at] == "than"
        ),
        None,
    )


def _first_content(analysis: Analysis, index: int) -> str | None:
    """The first content stem of the three words after word ``index``."""
    return next((s for s in analysis.stems[index + 1 : index + 4] if s in analysis.content), None)


def _compared(analysis: Analysis, index: int, than: int) -> frozenset[str]:
    """The content stems before "than" (word ``than``), the comparative (word ``index``),
    figures and their scales aside."""
    return frozenset(
        s
        for at, (w, s) in enumerate(zip(analysis.words[:than], analysis.stems[:than], strict=True))
        if at != index and s in analysis.content and not (w[:1].isdigit() or w in _SCALES)
    )


def _is_particle(analysis: Analysis, index: int) -> bool:
    """Whether word ``index`` is "up" or "down" as a particle ("set up", "down the road"),
    which opposes only the other particle; before a figure ("up 12%", "down $3") it
    states a change like "rose" or "fell" and meets the change verbs, and so does it
    before "from" or "by" and a figure ("up from 1.6 million", "down by a third")."""
    if analysis.words[index] not in _PARTICLES:
        return False
    after = _word_after(analysis, index)
    if after in ("from", "by"):
        after = _word_after(analysis, index + 1)
        return not (after[:1].isdigit() or after in SMALL or after in ("a", "half"))
    return not after[:1].isdigit()


def _word_after(analysis: Analysis, index: int) -> str:
    """The word after word ``index`` (``""`` at the end)."""
    words = analysis.words
    return words[index + 1] if index + 1 < len(words) else ""


def _directions_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason for each direction word whose opposite, and only it, the evidence uses
    in the same slot (:func:`_aligned`), so "more people walking" is not against "the
    city less road heavy". A claim that uses both sides of a pair itself ("larger P waves
    ... smaller surface waves") contrasts two things and is not judged against one
    sentence; "up" and "down" oppose only each other; a negated word is no flip."""
    if not claim.analysis.directions or not best.analysis.directions:
        return []
    theirs = _stem_index(best.analysis).directions
    their_sides = theirs.keys()
    own = _directions(claim.analysis)
    own_sides = {side for _, side in own}
    # figures both state stand aside, and a claim that ends at its word may leave the
    # evidence's amount unsaid ("drops." / "rises from 8.0 to 10")
    shared = claim.analysis.number_keys & best.analysis.number_keys
    reasons: list[Reason] = []
    for index, (family, side) in own:
        if (family, 1 - side) in own_sides:
            continue
        word = claim.analysis.words[index]
        particle = _is_particle(claim.analysis, index)
        if _negated(claim.analysis, index):
            continue
        both = (family, side) in their_sides  # the evidence says the claim's way somewhere
        sides = len(theirs[(family, side)]) + len(theirs.get((family, 1 - side), ())) if both else 0
        if sides > _BOTH_WITHIN:
            continue  # a long run of both ways: which word is the claim's slot is not read
        opposite = next(
            (
                j
                for j in theirs.get((family, 1 - side), ())
                if _is_particle(best.analysis, j) == particle
                and not _negated(best.analysis, j)
                and (
                    _aligned(claim.analysis, index, best.analysis, j)
                    or _same_phrase_after(claim.analysis, index, best.analysis, j)
                    or _followed_by_mine(claim.analysis, index, best.analysis, j)
                    or _same_subject_and_object(claim.analysis, index, best.analysis, j)
                    if both
                    else _same_amount_after(claim.analysis, index, best.analysis, j)
                    or _aligned(claim.analysis, index, best.analysis, j)
                    or _ends_open(claim.analysis, index, best.analysis, j, shared)
                    or _same_phrase_after(claim.analysis, index, best.analysis, j)
                    or _changed_same_thing(claim.analysis, index, best.analysis, j)
                    or _same_comparison(claim.analysis, index, best.analysis, j)
                    or _changed_by_same_amount(claim.analysis, index, best.analysis, j)
                    or _same_subject_and_object(claim.analysis, index, best.analysis, j)
                )
            ),
            None,
        )
        if opposite is None:
            continue
        if (
            both
            and not _followed_alike_only(
                claim.analysis, index, best.analysis, opposite, theirs[(family, side)]
            )
            and _said_alike(claim.analysis, index, best.analysis, theirs[(family, side)])
        ):
            continue  # (the claim's own words of that side answer for theirs first)
        if not sentence_gate(claim, best, threshold, frozenset({claim.analysis.stems[index]})):
            continue
        their_word = best.analysis.words[opposite]
        message = f"{word!r} in the claim, {their_word!r} in the evidence"
        reasons.append(_word_pair("direction_mismatch", message, claim, index, best, opposite))
    return reasons


#: How many words of a direction pair, both ways, a sentence may hold for a claim word to
#: be read against it when the sentence says the claim's way too (each is weighed as the
#: claim's slot; past this, the work would grow with the sentence for every claim).
_BOTH_WITHIN = 8


def _followed_by_mine(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether the two content words after claim word ``i`` stand among the three after
    evidence word ``j`` ("drops support for ARM64" / "adds native support for ARM64")."""
    following = context_stems(mine, i, 0, 2)
    return len(following) == 2 and following <= context_stems(theirs, j, 0, 3)


def _followed_alike_only(
    mine: Analysis, index: int, theirs: Analysis, opposite: int, places: Sequence[int]
) -> bool:
    """Whether the claim's next words follow the opposite word ``opposite`` and none of
    the evidence words of the claim word's side at ``places``: "drops support for ARM64"
    against "drops support for Windows 8 and adds native support for ARM64" (the slot is
    the one of "adds")."""
    if not _followed_by_mine(mine, index, theirs, opposite):
        return False
    return not any(_followed_by_mine(mine, index, theirs, j) for j in places)


def _said_alike(mine: Analysis, index: int, theirs: Analysis, places: Sequence[int]) -> bool:
    """Whether a word of the evidence at ``places`` (of the claim word's own direction)
    may fill the claim word's slot: aligned with it, sharing a neighbouring content word
    with it ("a negative charge" and "a slight negative charge on the oxygen atom"),
    followed by the claim's next words ("adds support for ARM64" and "adds native support
    for ARM64"), or with no content word before it. A word the claim itself says
    elsewhere answers for that word, not this one ("fell ... lower costs" against "fell
    ... higher costs"). "Spending on schools rises to 12.5 million, while road
    maintenance is cut" speaks of two things: "falls" meets "rises" in its slot, and
    "cut" has a subject of its own."""
    near = context_stems(mine, index, 1, 1)
    following = context_stems(mine, index, 0, 2)
    elsewhere = {s for at, s in enumerate(mine.stems) if at != index}
    return any(
        _aligned(mine, index, theirs, j)
        or not context_stems(theirs, j, 1, 0)
        or not near.isdisjoint(context_stems(theirs, j, 1, 1))
        or (following and following <= context_stems(theirs, j, 0, 3))
        for j in places
        if theirs.stems[j] not in elsewhere  # the claim says that word itself, elsewhere
    )


def _opposites_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason for each claim word whose WordNet opposite (:func:`antonyms`) the best
    sentence uses in the same slot (:func:`_aligned`), neither word negated, and the
    claim not using the opposite too ("increase X and decrease Y" agrees). The sentence
    may use the claim's word as well, only in another slot and with the opposite after
    the claim's own subject ("The railway line has been closed" against "The A38 is
    closed, but the railway line remains open")."""
    table = antonyms()
    mine, theirs = claim.analysis, best.analysis
    index_of_theirs = _stem_index(theirs)
    their_stems = index_of_theirs.stems
    my_stems = _stem_index(mine).stems
    shared = mine.number_keys & theirs.number_keys  # figures both state stand aside
    reasons: list[Reason] = []
    for index, word_stem in enumerate(mine.stems):
        opposite = table.get(word_stem)
        if not opposite or opposite.isdisjoint(their_stems):
            continue
        if not opposite.isdisjoint(my_stems) or _negated(mine, index) or _after_non(mine, index):
            continue

        def fills(j: int, index: int = index) -> bool:
            return (
                _aligned(mine, index, theirs, j)
                or _ends_open(mine, index, theirs, j, shared)
                or _same_phrase_after(mine, index, theirs, j)
            )

        if word_stem in their_stems and any(fills(j) for j in index_of_theirs.positions[word_stem]):
            continue  # the evidence says the claim's word in its slot
        at = next(
            (
                j
                for j in sorted(
                    j for other in opposite & their_stems for j in index_of_theirs.positions[other]
                )
                if not _negated(theirs, j) and not _after_non(theirs, j) and fills(j)
            ),
            None,
        )
        if at is None:
            continue
        if word_stem in their_stems and not _subject_before(mine, index, theirs, at):
            continue  # the claim's word stands elsewhere: its slot must be the opposite's
        if _ends_there(mine, index, theirs, at):
            continue  # "closes at 18:00" against "open ... to 18:00": no opposite
        if not sentence_gate(claim, best, threshold, frozenset({word_stem})):
            continue
        word, their_word = mine.words[index], theirs.words[at]
        message = f"{word!r} in the claim, its opposite {their_word!r} in the evidence"
        reasons.append(_word_pair("antonym_mismatch", message, claim, index, best, at))
    return reasons


#: The most words either end of "from A to B" may have for :func:`_turned_change`.
_END_WORDS = 3


def _change_ends(analysis: Analysis) -> list[tuple[int, int, int]]:
    """(where "from" stands, where "to" stands, the length of each end) for each "from A
    to B" of a text whose two ends have as many words, up to three, one with a letter."""
    words = analysis.words
    found = []
    for at, word in enumerate(words):
        if word != "from":
            continue
        for size in range(1, _END_WORDS + 1):
            to = at + 1 + size
            if to + size < len(words) + 1 and to < len(words) and words[to] == "to":
                ends = words[at + 1 : to] + words[to + 1 : to + 1 + size]
                if len(ends) == 2 * size and any(not w[:1].isdigit() for w in ends):
                    found.append((at, to, size))
                break
    return found


def _turned_change(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """``direction_mismatch`` for "switch from SHA-256 to SHA-1" against "switch from
    SHA-1 to SHA-256": a change between the same two things, named alike, the other way
    round (ends of words, not figures alone: a turned pair of figures is the figure
    check's). The sentence must otherwise cover the claim."""
    mine, theirs = claim.analysis, best.analysis
    if "from" not in mine.vocabulary or "from" not in theirs.vocabulary:
        return []
    their_ends = _change_ends(theirs)
    for at, to, size in _change_ends(mine):
        first, second = mine.words[at + 1 : to], mine.words[to + 1 : to + 1 + size]
        if first == second:
            continue
        for their_at, their_to, their_size in their_ends:
            if their_size != size:
                continue
            their_first = theirs.words[their_at + 1 : their_to]
            their_second = theirs.words[their_to + 1 : their_to + 1 + size]
            if first != their_second or second != their_first:
                continue
            if not sentence_gate(claim, best, threshold):
                return []
            start = _span_of(mine, at, claim.span.start).start
            end = _span_of(mine, to + size, claim.span.start).end
            their_start = _span_of(theirs, their_at, best.span.start).start
            their_end = _span_of(theirs, their_to + size, best.span.start).end
            said = claim.text[start - claim.span.start : end - claim.span.start]
            their_said = best.passage.evidence.text[their_start:their_end]
            message = f"{said!r} in the claim, {their_said!r} in the evidence: turned round"
            return [
                Reason(
                    "direction_mismatch",
                    message,
                    Span(start, end),
                    best.passage.id,
                    Span(their_start, their_end),
                )
            ]
    return []


def _ends_there(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether a figure among the three words after claim word ``i`` is the end of a
    span after evidence word ``j`` ("to", "until" or "till" right before it, within
    seven words): "closes at 18:00" against "is open from 8:30 to 18:00" says when the
    one state ends, no opposite."""
    mine_keys = {number_key(word) for word in mine.words[i + 1 : i + 4] if word[:1].isdigit()}
    if not mine_keys:
        return False
    words = theirs.words
    return any(
        words[k][:1].isdigit()
        and words[k - 1] in ("to", "until", "till")
        and number_key(words[k]) in mine_keys
        for k in range(j + 2, min(j + 8, len(words)))
    )


def _subject_before(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether the content word right before claim word ``i`` is one of the two right
    before evidence word ``j`` ("the railway line has been closed" / "the railway line
    remains open"): the same thing is said to be the opposite."""
    near = context_stems(mine, i, 1, 0)
    return bool(near) and near <= context_stems(theirs, j, 2, 0)


def _after_non(analysis: Analysis, index: int) -> bool:
    """Whether word ``index`` follows "non" ("non-invasive" is "noninvasive", the opposite
    of "invasive", written in two pieces)."""
    return index > 0 and analysis.words[index - 1] == "non"


def _same_phrase_after(mine: Analysis, i: int, theirs: Analysis, j: int) -> bool:
    """Whether the two content words right after words ``i`` and ``j`` are the same
    ("front hub motor" / "rear hub motor", "lowered its full-year sales forecast" /
    "raised its full-year sales forecast"): the two words fill one slot, whatever stands
    before them ("The E3 has a front-hub motor" against "The E3 commuter bike has a 250
    W rear-hub motor", "Norvik lowered" against "The company raised")."""
    after = _next_content(mine, i)
    return len(after) == 2 and _next_content(theirs, j) == after


def _next_content(analysis: Analysis, index: int) -> list[str]:
    """The first two content stems within four words after word ``index``, figures
    aside ("lowered its full-year sales forecast": "full-year", "sale")."""
    found = []
    for at in range(index + 1, min(index + 5, len(analysis.stems))):
        stemmed = analysis.stems[at]
        if stemmed in analysis.content and not stemmed[:1].isdigit():
            found.append(stemmed)
            if len(found) == 2:
                break
    return found


#: Words that grant an action ("you may drink", "it is fine to drive", "keep taking").
_GRANT: frozenset[str] = frozenset({"may", "can"})
_GRANT_TO: frozenset[str] = frozenset(
    {"allowed", "permitted", "fine", "ok", "okay", "safe", "free", "acceptable"}
)
_GRANT_ON: frozenset[str] = frozenset({"keep", "keeps", "continue", "continues"})
#: Words that forbid an action ("avoid alcohol", "stop taking", "never drive", "do not").
_FORBID: frozenset[str] = frozenset(
    {"avoid", "avoids", "stop", "stops", "never", "refrain", "prohibited", "forbidden"}
)
_FORBID_AUX: frozenset[str] = frozenset({"do", "does", "must", "should"})
_FORBID_NOT: frozenset[str] = frozenset({"not", "don't", "dont", "doesn't", "doesnt", "mustn't"})


def _rulings(analysis: Analysis) -> list[tuple[int, bool, frozenset[str]]]:
    """(word index, granted, the action's first two content stems) of each permission or
    prohibition a text states: "may drink alcohol" grants {drink, alcohol}, "avoid
    alcohol" forbids {alcohol}; "not allowed to" forbids."""
    words = analysis.words
    found: list[tuple[int, bool, frozenset[str]]] = []
    for index, word in enumerate(words):
        after = words[index + 1] if index + 1 < len(words) else ""
        before = words[index - 1] if index else ""
        granted: bool | None = None
        if word in _GRANT and after not in NEGATIONS:
            granted = True
        elif word in _GRANT_TO and after == "to":
            granted = before not in NEGATIONS
        elif word in _GRANT_ON and after.endswith("ing"):
            granted = True
        elif word in _FORBID or (word in _FORBID_NOT and (before in _FORBID_AUX or index == 0)):
            granted = False
        if granted is None:
            continue
        action = context_stems(analysis, index, 0, 2)
        if action:
            found.append((index, granted, action))
    return found


class _Rulings:
    """The rulings of a sentence (:func:`_rulings`) by the stems of their actions: (stem,
    granted) -> the index of the first ruling that way on an action holding the stem;
    read once per text."""

    __slots__ = ("first",)

    def __init__(self, analysis: Analysis) -> None:
        self.first: dict[tuple[str, bool], int] = {}
        for index, granted, action in _rulings(analysis):
            for stemmed in action:
                self.first.setdefault((stemmed, granted), index)


_TEXT_RULINGS: TextCache[_Rulings] = TextCache(1024, 2_000_000)


def _permissions_of(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """A reason when the claim grants an action the best sentence forbids, or forbids one
    it grants ("you may drink alcohol" / "avoid alcohol"; "keep taking" / "stop taking"):
    the actions share a content word, and the sentence does not also rule the claim's way
    on it."""
    if not (claim.analysis.vocabulary & _RULING_WORDS) or not (
        best.analysis.vocabulary & _RULING_WORDS
    ):
        return []
    mine = _rulings(claim.analysis)
    theirs = _TEXT_RULINGS.get(best.analysis.text, lambda _: _Rulings(best.analysis))
    for index, granted, action in mine:
        if any((stem, granted) in theirs.first for stem in action):
            continue  # the sentence rules this way on the action too
        # the first ruling the other way on the action (the gate does not depend on it)
        opposed = [theirs.first.get((stem, not granted)) for stem in action]
        if any(j is not None for j in opposed):
            j = min(j for j in opposed if j is not None)
            marker = frozenset({claim.analysis.stems[index]})
            if not sentence_gate(claim, best, threshold, marker):
                continue
            word, their_word = claim.analysis.words[index], best.analysis.words[j]
            says = ("permits", "forbids") if granted else ("forbids", "permits")
            message = f"the claim {says[0]} ({word!r}) what the evidence {says[1]} ({their_word!r})"
            return [_word_pair("antonym_mismatch", message, claim, index, best, j)]
    return []


_RULING_WORDS: frozenset[str] = _GRANT | _GRANT_TO | _GRANT_ON | _FORBID | _FORBID_NOT

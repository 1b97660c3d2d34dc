"""Word lists and the light stemmer the deterministic judges share.

Kept as data so that a reader can audit exactly which words decide a negation, a
direction or a stop word. The larger lists come from Princeton WordNet 3.0 (files in
``text/data/``, rebuilt by ``scripts/build_lexical_data.py``; licence beside them) plus a
short hand-written ``supplement.tsv`` for the gaps WordNet leaves.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

__all__ = [
    "DIRECTION_FAMILIES",
    "IMPLICIT_NEGATIVES",
    "NEGATIONS",
    "NEGATION_LIGHT",
    "STOPWORDS",
    "antonyms",
    "direction_of",
    "is_common_word",
    "is_participle",
    "is_proper_name",
    "pertainyms",
    "stem",
    "stem_forms",
    "superlative",
]


def _rows(name: str) -> list[list[str]]:
    """The tab-separated rows of a packaged data file (``#`` lines are comments)."""
    text = files("grounding_guard.text").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def _supplement(kind: str) -> list[tuple[str, str]]:
    """The hand-added pairs of one kind (``supplement.tsv``)."""
    return [(row[1], row[2]) for row in _rows("supplement.tsv") if row[0] == kind]


#: Irregular verb forms and their base ("grew" -> "grow", "won" -> "win"), from WordNet's
#: verb exceptions less forms that are words of their own ("left", "found").
_IRREGULAR: dict[str, str] = {row[0]: row[1] for row in _rows("irregular_verbs.tsv")}

STOPWORDS: frozenset[str] = frozenset(
    """
    a about above across after again against all almost also although always am among an and
    another any anyone anything are around as at be became because become becomes been being
    both but by can could did do does doing done during each either else even ever every for
    from further had has have having he her here hers herself him himself his how however i if
    in into is it its itself just like made make makes many may me might mine more most much
    must my myself near nor of off on once one only onto or other others otherwise our ours
    ourselves out over own per perhaps quite rather really said same says see seen shall she
    should since so some such than that the their theirs them themselves then there these they
    this those though through thus to too toward towards under until upon us use used uses
    using very via was we well were what whatever when where whether which while who whom whose
    why will with within would yet you your yours yourself yourselves according also etc
    """.split()
) - {"above", "after", "more", "most", "under", "over", "near"}

#: Words that negate what they govern. ``n't`` contractions are recognised by ending.
NEGATIONS: frozenset[str] = frozenset(
    """
    not no never none nobody nothing neither nor without cannot cant wont dont doesnt didnt
    isnt arent wasnt werent hasnt havent hadnt shouldnt wouldnt couldnt mustnt neednt nowhere
    lacks lack lacking absent fails failed fail unable
    """.split()
)
NEGATIONS = (
    NEGATIONS
    | frozenset(w[:-2] + "n't" for w in NEGATIONS if w.endswith("nt") and len(w) > 3)
    | frozenset({"can't", "won't", "ain't", "shan't"})
)

#: Words that say "not" without a negation word ("refused to", "ruled out", "avoid"): a
#: text holding one may state in other words what the other side negates, so a negation
#: against it is not reported.
IMPLICIT_NEGATIVES: frozenset[str] = frozenset(
    """
    refuse refuses refused refusing reject rejects rejected rejecting deny denies denied
    denying decline declines declined declining avoid avoids avoided avoiding prevent
    prevents prevented preventing stop stops stopped stopping halt halts halted ban bans
    banned forbid forbids forbade forbidden prohibit prohibits prohibited oppose opposes
    opposed exclude excludes excluded ignore ignores ignored omit omits omitted neglect
    neglected cease ceased abandon abandoned absence instead rather unlike except hardly
    barely scarcely rarely seldom false untrue impossible unlikely doubt doubts missing
    """.split()
)

#: Words that may stand between a negation and what it negates ("not able to support",
#: "no longer supports", "not fully indexed"): skipped when finding the negated word.
NEGATION_LIGHT: frozenset[str] = frozenset(
    """
    able longer necessarily fully even really actually always currently entirely
    completely exactly immediately directly yet ever already likely going seem seems
    seemed appear appears appeared
    """.split()
)

# Each row: two opposed families, written as surface words (stemmed when the table is
# built); a claim using one side against evidence that uses only the other is a flip.
# Levels and changes of level share the first row: "lowers" opposes "increases".
_OPPOSED: tuple[tuple[str, str], ...] = (
    (
        "increase increases increased increasing rise rises rose risen rising grow grows grew "
        "grown growing growth gain gains gained climb climbs climbed surge surges surged jump "
        "jumps jumped boost boosts boosted soar soars soared expand expands expanded up "
        "raise raises raised raising higher high add adds added adding",
        "decrease decreases decreased decreasing fall falls fell fallen falling decline "
        "declines declined declining drop drops dropped shrink shrinks shrank shrunk loss "
        "losses plunge plunges plunged reduce reduces reduced reduction cut cuts slump slumped "
        "contract contracted down lower lowers lowered lowering low",
    ),
    ("more", "less fewer"),
    ("greater larger bigger", "smaller lesser"),
    ("above", "below beneath"),
    ("before earlier prior", "after later"),
    ("faster quicker", "slower"),
    ("longer", "shorter"),
    ("maximum max most", "minimum min least"),
    ("better best", "worse worst"),
    ("win wins won winning", "lose loses lost losing"),
    ("positive", "negative"),
    ("include includes included including", "exclude excludes excluded excluding"),
    (
        "accept accepts accepted approve approves approved",
        "reject rejects rejected deny denies denied refuse refuses refused refusal",
    ),
    (
        "allow allows allowed permit permits permitted",
        "forbid forbids forbidden prohibit prohibits prohibited ban bans banned",
    ),
    ("outperform outperforms outperformed", "underperform underperforms underperformed"),
    ("strengthen strengthens strengthened", "weaken weakens weakened"),
    ("majority", "minority"),
    ("success successful succeed succeeds succeeded", "failure failures"),
)


def is_participle(word: str) -> bool:
    """Whether a casefolded word may be a past participle ("operated", "written", "sold"):
    a regular "-ed" form, an irregular past form of the verb table, or a verb whose
    participle is its base ("run", "set", "put")."""
    if word.endswith("ed"):
        return len(word) > 3
    return (word in _IRREGULAR and not word.endswith("ing")) or word in _PARTICIPLE_IS_BASE


#: Verbs whose past participle is spelled as their base ("has been run by", "was set by"),
#: which the verb table (forms that differ from the base) does not list.
_PARTICIPLE_IS_BASE: frozenset[str] = frozenset(
    """
    run put set cut hit let cost shut hurt spread read come become bet bid burst cast quit
    split upset beat broadcast forecast
    """.split()
)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light, predictable suffix stripper (possessive, plural, -ing, -ed, -ly, final e), so
    "tests", "testing" and "tested" meet "test"; an irregular form stems as its base ("grew"
    as "grow") and a noun derived from a verb as the verb ("weight" as "weigh", "decision"
    as "decide"), so that overlap and the negation check see one word."""
    base = _IRREGULAR.get(word)
    stripped = _strip(base if base is not None else word)
    return _DERIVED.get(stripped, stripped)


def _strip(word: str) -> str:
    """The suffix stripper behind :func:`stem`."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("'s"):
        word = word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif (
        (word.endswith("ed") and len(word) > 4)
        or (word.endswith("es") and len(word) > 4 and word[-3] in "sxz")
        or (word.endswith("ly") and len(word) > 5)
    ):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _derived_stems() -> dict[str, str]:
    """stem of a derived noun -> stem of its verb (WordNet's verb-noun derivations and the
    supplement); a noun stem that is itself some verb's stem stays as it is (no chains).
    The supplement's synonyms stem as their common word."""
    pairs = [(row[0], row[1]) for row in _rows("derivations.tsv")] + _supplement("derivation")
    verbs = {_strip(_IRREGULAR.get(verb, verb)) for _, verb in pairs}
    out: dict[str, str] = {}
    for noun, verb in pairs:
        key, value = _strip(noun), _strip(_IRREGULAR.get(verb, verb))
        if key != value and key not in verbs and key not in STOPWORDS:
            out[key] = value
    # a verb that means what a commoner one means, in every sense ("require" / "need"):
    # it stems as that one, and so do the words derived from it ("requirement")
    synonyms = {_strip(word): _strip(base) for word, base in _supplement("synonym")}
    for key, value in out.items():
        out[key] = synonyms.get(value, value)
    out.update(synonyms)
    return out


_DERIVED: dict[str, str] = _derived_stems()


def _opening(stripped: str) -> str:
    """What every word that strips to ``stripped`` opens with: the suffix stripper only
    cuts a word's end, and turns "-ies" into "y" ("studies" -> "study", opening "stud")."""
    return stripped[:-1] if stripped.endswith("y") else stripped


@lru_cache(maxsize=1)
def _stem_sources() -> dict[str, frozenset[str]]:
    """stem -> the pieces the table-made words of that stem hold: each irregular form
    whole ("went" for "go") and the opening of each derived noun ("decis" for "decid")."""
    out: dict[str, set[str]] = {}
    for word in _IRREGULAR:
        out.setdefault(stem(word), set()).add(word)
    for derived, base in _DERIVED.items():
        out.setdefault(base, set()).add(_opening(derived))
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=65536)
def stem_forms(stemmed: str) -> tuple[str, ...]:
    """Pieces one of which every lower-cased word that stems as ``stemmed`` holds: its
    opening (see :func:`stem`: suffixes only), the irregular forms and the openings of the
    derived nouns that stem as it. A text holding none of them holds no word of that stem,
    so a chunk can be ruled out without being read."""
    return (_opening(stemmed), *sorted(_stem_sources().get(stemmed, ())))


@lru_cache(maxsize=1)
def antonyms() -> dict[str, frozenset[str]]:
    """stem -> stems of its opposites: WordNet antonyms of adjectives, adverbs, verbs and
    a few nouns of outcome and bound ("warm"/"cool", "allow"/"forbid", "minimum"/"maximum"),
    plus the supplement ("over"/"under", "before"/"after"), the short adjectives'
    superlatives and the "-ly" adverbs of adjectives that keep their sense in them
    ("automatically"/"manually"). Stop words, negation words and pairs the direction
    table already opposes are left out."""
    rows = _rows("antonyms.tsv")
    pairs = [(row[0], row[1]) for row in rows] + _supplement("antonym")
    pairs += [
        (superlative(left), superlative(right))
        for left, right in pairs
        if _takes_est(left) and _takes_est(right)
    ]
    pairs += [
        (adverb_left, adverb_right)
        for left, right, kinds in rows
        if "a" in kinds.split(",")
        and (adverb_left := _adverb(left))
        and (adverb_right := _adverb(right))
        and adverb_left not in _SENTENCE_ADVERBS
        and adverb_right not in _SENTENCE_ADVERBS
    ]
    out: dict[str, set[str]] = {}
    skip = (STOPWORDS - {"over", "under", "before", "after"}) | NEGATIONS
    for left, right in pairs:
        if left in skip or right in skip or left.endswith("ing") or right.endswith("ing"):
            continue  # an "-ing" adjective ("passing"/"running") would stem as its verb
        a, b = stem(left), stem(right)
        if a == b or (a in DIRECTION_FAMILIES and b in DIRECTION_FAMILIES):
            continue
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in out.items()}


#: Adverbs that comment on a sentence or intensify a word ("basically", "seriously
#: ill") rather than say how a thing is done: their adjectives' opposites are not theirs.
_SENTENCE_ADVERBS = frozenset(
    "basically incidentally ordinarily extraordinarily seriously positively obviously".split()
)


def _adverb(adjective: str) -> str | None:
    """The "-ly" adverb of an adjective whose suffix keeps its sense in the adverb
    ("automatic" -> "automatically", "manual" -> "manually", "voluntary" ->
    "voluntarily"); ``None`` for others, whose "-ly" form may mean something else ("hard"
    / "hardly", "late" / "lately", "near" / "nearly")."""
    if adjective.endswith("ic"):
        return adjective + "ally"
    if adjective.endswith("ary"):
        return adjective[:-1] + "ily"
    if adjective.endswith(("al", "ous", "ive", "ful")):
        return adjective + "ly"
    return None


#: The longest word whose opposite's superlative :func:`antonyms` adds ("fastest" /
#: "slowest", "earliest" / "latest"): a short adjective takes "-est", a long one "most".
_EST_LETTERS = 6


def _takes_est(word: str) -> bool:
    """Whether ``word`` may form a superlative with "-est": short, one plain word."""
    return 2 < len(word) <= _EST_LETTERS and word.isalpha() and word.islower()


def superlative(word: str) -> str:
    """The "-est" form of a short adjective by the spelling rules: "large" -> "largest",
    "big" -> "biggest", "early" -> "earliest", "fast" -> "fastest"."""
    if word.endswith("e"):
        return word + "st"
    if word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "iest"
    if (
        len(word) <= 4
        and word[-1] not in "aeiouwxy"
        and word[-2] in "aeiou"
        and word[-3] not in "aeiou"
    ):
        return word + word[-1] + "est"  # one vowel before one consonant: doubled
    return word + "est"


@lru_cache(maxsize=1)
def pertainyms() -> dict[str, frozenset[str]]:
    """Lower-cased adjective <-> lower-cased proper noun, both ways ("chinese" <-> "china",
    "french" <-> "france", "british" <-> "great britain"), from WordNet plus the supplement."""
    pairs = [(row[0], row[1]) for row in _rows("pertainyms.tsv")] + _supplement("pertainym")
    out: dict[str, set[str]] = {}
    for adjective, noun in pairs:
        out.setdefault(adjective, set()).add(noun.casefold())
        out.setdefault(noun.casefold(), set()).add(adjective)
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=1)
def _proper_names() -> frozenset[str]:
    return frozenset(row[0] for row in _rows("proper_names.txt"))


def is_proper_name(lower: str) -> bool:
    """Whether WordNet writes ``lower`` capitalised more often than not ("berlin",
    "french"): a capital that opens a sentence is a name only then."""
    return lower in _proper_names()


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    return frozenset(row[0] for row in _rows("common_words.txt"))


def is_common_word(lower: str) -> bool:
    """Whether ``lower`` (or its singular) is a word in common use that WordNet does not
    write mostly capitalised ("navy", "chief", "autumn"): capitalised, it names nothing on
    its own."""
    words = _common_words()
    return lower in words or (lower.endswith("s") and lower[:-1] in words)


def direction_of(stemmed: str) -> tuple[int, int] | None:
    """The (family, side) a stemmed word takes in a direction pair, if any."""
    return DIRECTION_FAMILIES.get(stemmed)


#: stem -> (family id, side); side 0 and 1 of one family oppose each other.
DIRECTION_FAMILIES: dict[str, tuple[int, int]] = {}
for _family, (_left, _right) in enumerate(_OPPOSED):
    for _side, _words in enumerate((_left, _right)):
        for _word in _words.split():
            DIRECTION_FAMILIES.setdefault(stem(_word), (_family, _side))

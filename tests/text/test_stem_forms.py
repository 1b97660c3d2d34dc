"""``stem_forms``: the pieces that let a chunk be ruled out unread must be held by every
word of that stem, or the hint and attribution would miss a chunk the full reader finds."""

from __future__ import annotations

from importlib.resources import files

from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_guard.evidence.passage import Passage
from grounding_guard.text.lexicon import stem, stem_forms
from grounding_guard.types import Evidence


def table_words() -> set[str]:
    """Every word of the packaged WordNet tables (irregular forms, derivations, antonyms,
    names, common words): the words whose stems come from tables rather than suffixes."""
    words: set[str] = set()
    data = files("grounding_guard.text").joinpath("data")
    for name in ("irregular_verbs.tsv", "derivations.tsv", "antonyms.tsv", "supplement.tsv"):
        for line in data.joinpath(name).read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                words.update(w.lower() for cell in line.split("\t") for w in cell.split())
    for name in ("common_words.txt", "proper_names.txt"):
        words.update(data.joinpath(name).read_text(encoding="utf-8").lower().split())
    return {w for w in words if w.isascii() and w.replace("'", "").isalpha()}


SUFFIXED = [
    base + suffix
    for base in ("stud", "study", "make", "decide", "run", "city", "fly", "box", "go", "be")
    for suffix in ("", "s", "es", "ies", "ing", "ed", "ly", "'s", "e", "y")
]


def test_every_table_word_and_suffixed_form_holds_a_form_of_its_stem() -> None:
    missing = [
        word
        for word in sorted(table_words() | set(SUFFIXED))
        if not any(form in word for form in stem_forms(stem(word)))
    ]
    assert missing == []


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="abcdeilnorstuy'", min_size=1, max_size=14))
def test_any_word_holds_a_form_of_its_stem(word: str) -> None:
    assert any(form in word for form in stem_forms(stem(word)))


WORDS = ["studies", "went", "decision", "Berlin", "ran", "cities", "3.5", "1,200", "made"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*WORDS, "the", ". ", " ", "\n", "x"]), max_size=30).map(" ".join),
    st.sampled_from([*WORDS, "study", "go", "decide", "run", "city", "make", "12", "berlin"]),
)
def test_a_chunk_ruled_out_unread_never_holds_the_stem(text: str, word: str) -> None:
    stemmed = stem(word.lower())
    scanned = Passage(Evidence("1", text))
    unread = scanned.may_hold(stemmed)
    read = Passage(Evidence("1", text))
    held = stemmed in read.content
    assert unread or not held
    assert read.may_hold(stemmed) == held  # exact once read
    assert scanned.number_keys == read.number_keys  # a scan for values reads them all
    if stemmed[:1].isdigit():
        assert unread == held  # values are exact even unread


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*WORDS, "the", ". ", " ", "\n", "x", "A. "]), max_size=40).map(
        "".join
    ),
    st.sampled_from([*WORDS, "study", "go", "decide", "city", "make", "12", "1200", "berlin"]),
)
def test_sentences_found_unread_are_the_sentences_a_full_read_finds(text: str, word: str) -> None:
    stemmed = stem(word.lower())
    partly = Passage(Evidence("1", text))
    found = partly.sentences_holding(stemmed)
    whole = Passage(Evidence("1", text))
    assert found == [n for n, bags in enumerate(whole.bags) if stemmed in bags.content]
    assert partly.bags == whole.bags  # sentences read one by one join the whole read

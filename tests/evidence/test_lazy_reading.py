"""The lazy evidence reader against the eager one it replaced: every bag, every sentence
and every attribution ranking must be exactly what reading each sentence fully gives."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_guard.evidence import build_evidence
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.text.analysis import analyse, read_bags, read_sentences, sentence_spans
from grounding_guard.types import Evidence, Judgement, Reason, Span, Support

WORDS = ["Berlin", "the", "rose", "fell", "3.5", "1,200", "No.", "Jan.", "5", "don't", "x"]
PIECES = st.sampled_from(
    [
        *WORDS,
        " ",
        " ",
        ". ",
        "! ",
        "\n",
        "\n\n",
        ", ",
        "(",
        ")",
        '"',
        "'s",
        "-",
        "\u00e9t\u00e9",
        "\u3002",
        "\u7535\u6c60",
        "\u200b",
        "\u0663",
        "INV-7",
        "\u2014",
        "A. ",
    ]
)
TEXTS = st.lists(PIECES, max_size=40).map("".join)


def eager(text: str) -> dict[str, object]:
    """What the eager reader built: every sentence analysed, bags unioned."""
    sentences = [(span, analyse(span.of(text))) for span in sentence_spans(text)]
    postings: dict[str, list[int]] = {}
    for number, (_, analysis) in enumerate(sentences):
        for stem in analysis.content:
            postings.setdefault(stem, []).append(number)
    return {
        "content": frozenset().union(*(a.content for _, a in sentences)),
        "vocabulary": frozenset().union(*(a.vocabulary for _, a in sentences)),
        "number_keys": frozenset().union(*(a.number_keys for _, a in sentences)),
        "word_text": " " + " ".join(w for _, a in sentences for w in a.words) + " ",
        "postings": postings,
        "sentences": sentences,
    }


@settings(max_examples=400, deadline=None)
@given(TEXTS)
def test_lazy_passage_reads_what_the_eager_reader_read(text: str) -> None:
    want = eager(text)
    passage = Passage(Evidence("1", text))
    assert passage.content == want["content"]
    assert passage.vocabulary == want["vocabulary"]
    assert passage.number_keys == want["number_keys"]
    assert passage.word_text == want["word_text"]
    assert dict(passage.postings) == want["postings"]
    assert list(passage.sentences) == want["sentences"]


@settings(max_examples=400, deadline=None)
@given(TEXTS)
def test_sentences_read_together_equal_sentences_read_alone(text: str) -> None:
    spans = sentence_spans(text)
    assert read_sentences(text, spans) == [read_bags(s.of(text)) for s in spans]


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_light_bags_equal_the_full_analysis(text: str) -> None:
    bags, analysis = read_bags(text), analyse(text)
    assert (bags.words, bags.content, bags.vocabulary, bags.numbers, bags.number_keys) == (
        analysis.words,
        analysis.content,
        analysis.vocabulary,
        analysis.numbers,
        analysis.number_keys,
    )


def test_nothing_is_read_before_it_is_asked_and_full_analyses_only_per_sentence() -> None:
    passage = Passage(Evidence("1", "Berlin hosted the games. Rain fell on 3 May."))
    assert passage._bags is None
    assert "berlin" in passage.vocabulary
    analyses = passage.sentences._analyses
    assert analyses == [None, None]
    assert passage.sentences[1][1].words == ("rain", "fell", "on", "3", "may")
    assert analyses[0] is None and analyses[1] is not None


def old_candidates(passages: list[Passage], claim: Claim, limit: int) -> list[str]:
    """The sentence index the map built eagerly before evidence was read lazily."""
    postings: dict[str, list[int]] = {}
    owner: list[int] = []
    count = 0
    for number, passage in enumerate(passages):
        for span in sentence_spans(passage.evidence.text):
            for stem in analyse(span.of(passage.evidence.text)).content:
                postings.setdefault(stem, []).append(count)
            owner.append(number)
            count += 1
    total = max(count, 1)
    scores: dict[int, float] = {}
    for stem in sorted(claim.analysis.content):
        if stem in postings:
            weight = math.log(1.0 + total / len(postings[stem]))
            for sentence in postings[stem]:
                scores[sentence] = scores.get(sentence, 0.0) + weight
    chosen: list[str] = []
    for sentence, _ in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])):
        ident = passages[owner[sentence]].id
        if ident not in chosen:
            chosen.append(ident)
            if len(chosen) == limit:
                break
    return chosen


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXTS, min_size=1, max_size=6), TEXTS, st.integers(1, 4))
def test_candidate_ranking_is_the_eager_index_ranking(
    chunks: list[str], claim_text: str, limit: int
) -> None:
    emap = build_evidence(chunks)
    claim = Claim(claim_text, Span(0, len(claim_text)), analyse(claim_text))
    got = [p.id for p in emap.candidates(claim, limit)]
    passages = [emap.passage(item) for item in emap.items]
    assert got == old_candidates(passages, claim, limit)


@pytest.mark.parametrize(
    ("make", "args"),
    [
        (Span, (1, 4)),
        (Reason, ("no_support", "none", Span(0, 1), "e1", None)),
        (Judgement, ("supported", 0.5)),
        (Support, ("e1", Span(0, 1), 0.5)),
    ],
)
def test_quick_constructors_keep_frozen_dataclass_behaviour(make: type, args: tuple) -> None:
    made = make(*args)
    assert made == make(*args) and hash(made) == hash(make(*args))
    assert tuple(getattr(made, f.name) for f in dataclasses.fields(make))[: len(args)] == args
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.__setattr__(dataclasses.fields(make)[0].name, None)


def test_quick_constructor_keeps_validation_and_fresh_defaults() -> None:
    from grounding_guard.errors import JudgeError

    with pytest.raises(JudgeError):
        Judgement("maybe")
    assert Evidence("a", "x").metadata is not Evidence("b", "y").metadata


@settings(max_examples=60, deadline=None)
@given(
    st.lists(TEXTS, min_size=1, max_size=6),
    st.lists(st.tuples(TEXTS, st.sets(st.integers(1, 6))), min_size=12, max_size=16),
    st.sampled_from([0.3, 0.6, 1.0]),
)
def test_holders_answer_as_the_lexical_filter_before_and_after_the_stem_index(
    chunks: list[str], asks: list[tuple[str, set[int]]], threshold: float
) -> None:
    """The first claims are answered chunk by chunk, later ones from a stem index built
    once (past ``_INDEX_AFTER`` asks, 8): every answer is the lexical filter's chunks,
    those holding most of the claim's words first, ties in the order given."""
    from grounding_guard.judges.lexical import supporting
    from grounding_guard.text.quotes import is_unspaced_script

    emap = build_evidence(chunks)
    for text, cited_numbers in asks:
        claim = Claim(text, Span(0, len(text)), analyse(text))
        if not claim.analysis.content or is_unspaced_script(text):
            continue  # the engine asks the lexical judge itself for these
        cited = {str(n) for n in cited_numbers}
        uncited = [emap.passage(item) for item in emap.items if item.id not in cited]
        expected = sorted(
            supporting(claim, uncited, threshold),
            key=lambda p: (-len(p.shared(claim.analysis.content)), uncited.index(p)),
        )
        assert [p.id for p in emap.holders(claim, cited, threshold)] == [p.id for p in expected]


#: ASCII pieces for the searches an unread chunk answers: words of one stem in several
#: forms, value words alone and inside other words, possessives, digits.
ASCII_PIECES = st.sampled_from(
    [
        *WORDS,
        "Rising",
        "risen",
        "went",
        "decision",
        "one",
        "someone",
        "Million",
        "half",
        "ix",
        "fix",
        "two's",
        "x-ray",
        "Europe",
        "European",
        " ",
        " ",
        ". ",
        "\n\n",
        ", ",
        "'",
        "-",
        "A. ",
    ]
)
ASCII_TEXTS = st.lists(ASCII_PIECES, max_size=40).map("".join)
ASKED = st.sampled_from(
    [
        "berlin",
        "rose",
        "rise",
        "go",
        "decid",
        "one",
        "million",
        "half",
        "ix",
        "two",
        "x",
        "3.5",
        "1200",
        "5",
        "europ",
        "european",
        "fix",
        "someon",
        "don't",
        "ray",
        "jan",
    ]
)


@settings(max_examples=400, deadline=None)
@given(ASCII_TEXTS, st.lists(st.frozensets(ASKED, max_size=6), min_size=1, max_size=12))
def test_an_unread_chunk_answers_each_search_as_the_whole_reading(
    text: str, asks: list[frozenset[str]]
) -> None:
    """``shared``, ``stem_counts``, ``most_shared``, ``has_word`` and ``figure_sentences``
    read only the sentences where what is asked stands, up to a budget of searches, then
    the whole chunk: every answer, before and after, is the whole reading's."""
    from grounding_guard.text.figures import VALUE_WORDS

    want = eager(text)
    sentences = want["sentences"]
    assert isinstance(sentences, list)
    lazy = Passage(Evidence("1", text))
    for stems in asks:
        assert lazy.shared(stems) == stems & want["content"]
        counts = {
            number: len(stems & analysis.content)
            for number, (_, analysis) in enumerate(sentences)
            if not stems.isdisjoint(analysis.content)
        }
        found = lazy.stem_counts(stems)
        assert found is None or found == counts
        top = max(counts.values(), default=0)
        first = min((n for n, c in counts.items() if c == top), default=-1)
        assert lazy.most_shared(stems) == (top, first)
        for word in stems:
            assert lazy.has_word(word) == (word in want["vocabulary"])
            assert lazy.holds_stem(word) == (word in want["content"])
    figures = tuple(
        number
        for number, (_, analysis) in enumerate(sentences)
        if analysis.numbers or not analysis.vocabulary.isdisjoint(VALUE_WORDS)
    )
    assert Passage(Evidence("2", text)).figure_sentences(VALUE_WORDS) == figures
    assert lazy.figure_sentences(VALUE_WORDS) == figures


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        # the first place a word stands is inside another word
        ("Someone came in. One left early.", frozenset({"one"})),
        ("The fix held. Ix was the ninth.", frozenset({"ix"})),
        # a possessive's owner, a word of another form (irregular, derived)
        ("The vote passed. Two's company here.", frozenset({"two"})),
        ("Sales went up. They go on.", frozenset({"go"})),
        ("A decision came. They decided late.", frozenset({"decid"})),
        # a value word only in the second sentence, a digit in the third
        ("Someone spoke. Half of them left. It cost 5 euros.", frozenset({"half", "5"})),
    ],
)
def test_an_unread_chunk_finds_a_word_past_its_first_place(
    text: str, asked: frozenset[str]
) -> None:
    from grounding_guard.text.figures import VALUE_WORDS

    text += " The rain came down again." * 8  # sentences where nothing asked stands
    want = eager(text)
    passage = Passage(Evidence("1", text))
    for word in sorted(asked):
        assert passage.has_word(word) == (word in want["vocabulary"])
    assert passage.shared(asked) == asked & want["content"]
    sentences = want["sentences"]
    assert isinstance(sentences, list)
    assert Passage(Evidence("2", text)).figure_sentences(VALUE_WORDS) == tuple(
        n
        for n, (_, analysis) in enumerate(sentences)
        if analysis.numbers or not analysis.vocabulary.isdisjoint(VALUE_WORDS)
    )
    assert passage._bags is None  # answered without reading the chunk whole

"""The lexical judge's shortcuts against the plain definition: containment in one passage,
else content-stem overlap with the passages' union (grounding-kit's rule)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.lexical import LexicalJudge, supporting
from grounding_guard.text.analysis import analyse, word_string
from grounding_guard.types import Evidence, Judgement, Span

PIECES = ["the", "it", "is", "Berlin", "rose", "3.5", "1,200", "studies", "study", "went", "go"]
TEXTS = st.lists(st.sampled_from([*PIECES, ". ", ", ", "\n"]), max_size=14).map(" ".join)


def plain_judge(claim: Claim, passages: list[Passage], threshold: float) -> Judgement:
    """The definition, with no shortcut: containment first, then overlap."""
    where = passages[0].id if len(passages) == 1 else None
    words, content = claim.analysis.words, claim.analysis.content
    if len(words) >= 3 and any(word_string(words) in p.word_text for p in passages):
        return Judgement("supported", 1.0, (), where, None, "lexical")
    if not content:
        return Judgement("unsupported", 0.0, (), where, None, "lexical")
    union: set[str] = set()
    for passage in passages:
        union |= content & passage.content
    score = len(union) / len(content)
    verdict = "supported" if score + 1e-9 >= threshold else "unsupported"
    return Judgement(verdict, round(score, 4), (), where, None, "lexical")


@settings(max_examples=500, deadline=None)
@given(TEXTS, st.lists(TEXTS, min_size=1, max_size=3), st.sampled_from([0.3, 0.6, 1.0]))
def test_the_judge_and_the_hint_filter_agree_with_the_definition(
    claim_text: str, chunks: list[str], threshold: float
) -> None:
    claim = Claim(claim_text, Span(0, len(claim_text)), analyse(claim_text))
    passages = [Passage(Evidence(str(n), text)) for n, text in enumerate(chunks)]
    assert LexicalJudge(threshold).judge(claim, passages) == plain_judge(claim, passages, threshold)
    fresh = [Passage(Evidence(str(n), text)) for n, text in enumerate(chunks)]  # unread
    assert [p.id for p in supporting(claim, fresh, threshold)] == [
        p.id for p in passages if plain_judge(claim, [p], threshold).verdict == "supported"
    ]

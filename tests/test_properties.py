"""Invariants that hold for any input (hypothesis)."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grounding_guard import Guard, check

EVIDENCE = {
    "1": "Independent lab testing measured 14 hours of battery life on a full charge.",
    "2": "The product ships with a 90 day return window and a 1 year limited warranty.",
    "3": "Revenue grew 40 percent in 2023, driven by demand in Europe.",
}
PIECES = [
    "Battery life is 14 hours [1].",
    "Returns take 90 days [2].",
    "Revenue grew 40 percent in 2023 [3].",
    "Revenue grew 4 percent in 2023 [3].",
    "It cures headaches.",
    "The warranty covers theft [2].",
    "Refunds are quick [citation needed].",
    "Battery life is 14 hours [9].",
    "Hello!",
    "# Heading",
    "- Battery life is 14 hours [1]",
    "; ",
    " \u2014 ",
    "\n\n",
    "\n",
    " ",
    "\u200b",
    "[1]",
    "Dr. Smith agreed.",
]
ALPHABET = st.sampled_from(
    [
        *"ab .;:\u2014[]()#|-*\n\u200b\u00a71234,\u0967\u00b2\"'!?\u3002",
        "[1]",
        "[[cite:e1]]",
        "[citation needed]",
    ]
)
ANY_TEXT = st.one_of(st.text(max_size=300), st.lists(ALPHABET, max_size=80).map("".join))
ANSWERS = st.lists(st.sampled_from(PIECES), max_size=14).map("".join)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GUARD = Guard()


@FAST
@given(ANY_TEXT)
def test_no_exception_on_any_string_and_spans_map_back(text: str) -> None:
    report = GUARD.check(text, EVIDENCE)
    for unit in report.units:
        assert unit.span.of(text) == unit.text
        assert unit.text.strip() == unit.text and unit.text
        for reason in unit.reasons:
            if reason.span is not None:
                assert 0 <= reason.span.start <= reason.span.end <= len(text)
            if reason.evidence_span is not None and reason.evidence_id in EVIDENCE:
                assert reason.evidence_span.end <= len(EVIDENCE[reason.evidence_id])
    spans = [u.span for u in report.units]
    assert spans == sorted(spans)
    assert all(a.end <= b.start for a, b in pairwise(spans))


@FAST
@given(st.one_of(ANSWERS, ANY_TEXT))
def test_deterministic(text: str) -> None:
    assert check(text, EVIDENCE).to_dict() == check(text, EVIDENCE).to_dict()


@FAST
@given(ANSWERS, st.randoms(use_true_random=False))
def test_evidence_order_does_not_change_verdicts(text: str, rng: random.Random) -> None:
    items = list(EVIDENCE.items())
    rng.shuffle(items)
    shuffled = dict(items)
    first = [(u.span, u.status, u.codes) for u in check(text, EVIDENCE).units]
    second = [(u.span, u.status, u.codes) for u in check(text, shuffled).units]
    assert first == second


@FAST
@given(ANSWERS)
def test_filter_is_idempotent(text: str) -> None:
    once = check(text, EVIDENCE, mode="filter")
    if once.blocked:
        return
    twice = check(once.text, EVIDENCE, mode="filter")
    assert twice.text == once.text

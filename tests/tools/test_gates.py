"""Claim gates: checkable units, checkable statements, name words and search phrases."""

from __future__ import annotations

import pytest

from grounding_guard.tools.gates import (
    PHRASE_PROBLEMS,
    checkable,
    checkable_statement,
    name_words,
    phrase_problem,
)

CHECKABLE_ROWS: list[tuple[str, bool, bool]] = [
    # (text, checkable, checkable_statement)
    ("Joe Biden is the president.", True, True),  # seed: "Biden" names something
    ("Coffee is great.", False, False),  # seed
    ("Einstein developed relativity.", False, False),  # seed: the first word says nothing
    ("The Treaty of Versailles was signed in 1919.", True, True),
    ("Revenue grew 40 percent.", True, True),  # a digit
    ("Revenue grew \u0664\u0660 percent.", True, True),  # Arabic-Indic digits
    ("Revenue grew \uff14\uff10 percent.", True, True),  # full-width digits
    ("The deadline moved to March.", True, True),  # a month
    ("It was signed in May.", True, True),
    ("May I ask a question", False, False),  # "May" opening a sentence is the verb
    ("Prices rose in Jan. and fell later.", True, True),
    ("Due Dec 5 at the latest.", True, True),
    ("It rained. Afterwards we left.", False, False),  # each sentence's first word
    ("We met Dr. Alvarez there.", True, True),  # a name after a title
    ("I think I'm right about this.", False, False),  # "I" names nothing
    ("The NASA budget grew.", True, True),  # an acronym
    ("the president spoke today", False, False),
    ("How many people signed in 1919?", True, False),  # a question asserts nothing
    ("Thanks!", False, False),
    ("", False, False),
]


@pytest.mark.parametrize(("text", "expected", "statement"), CHECKABLE_ROWS)
def test_checkable(text: str, expected: bool, statement: bool) -> None:
    assert checkable(text) is expected
    assert checkable_statement(text) is statement


NAME_ROWS: list[tuple[str, list[str]]] = [
    ("Joe Biden is the president.", ["Biden"]),
    ("The Treaty of Versailles was signed.", ["Treaty", "Versailles"]),
    ("Einstein developed relativity.", []),
    ("It was May. Then June came.", []),
    ("We met Dr. Alvarez.", ["Alvarez"]),
    ("\u201cHello,\u201d said Ann. \u201cBye,\u201d said Bob.", ["Ann", "Bob"]),
    ("Apple and Google and The Times", ["Google", "Times"]),
]


@pytest.mark.parametrize(("text", "names"), NAME_ROWS)
def test_name_words(text: str, names: list[str]) -> None:
    assert name_words(text) == names


PHRASE = "when did the city of lisbon first host the web summit conference"

PHRASE_ROWS: list[tuple[str, dict[str, int], str | None]] = [
    (PHRASE, {"max_words": 12, "max_chars": 120}, None),  # seed
    (PHRASE, {"max_words": 6, "max_chars": 80}, "search_too_long"),  # seed
    ("Treaty/Versailles", {"max_words": 6, "max_chars": 80}, "search_characters"),  # seed
    ("Treaty of Versailles", {}, None),
    ("O'Brien", {"max_words": 2}, None),
    ("O'Brien", {"max_words": 1}, "search_too_long"),  # every other character splits words
    ("Smith & Wesson (firm): 1852-1874, inc.", {}, None),
    ("", {}, "search_empty"),
    ("   ", {}, "search_empty"),
    ("-- ... ()", {}, "search_empty"),
    ("a b c d e f", {}, None),
    ("a b c d e f g", {}, "search_too_long"),
    ("x" * 81, {}, "search_too_long"),
    ("x" * 80, {}, None),
    ("Versailles?", {}, "search_characters"),
    ("Versailles\ttreaty", {}, "search_characters"),
    ("Versailles\ntreaty", {}, "search_characters"),
    ("treaty_of", {}, "search_characters"),
    ("Zürich café", {}, None),
    ("Cafe\u0301 Zu\u0308rich", {}, None),  # combining marks ride on letters
    ("\u6771\u4eac\u90fd", {}, None),
    ("price $5", {}, "search_characters"),
    ("a/b c d e f g h", {}, "search_too_long"),  # too long is reported before characters
]


@pytest.mark.parametrize(("phrase", "options", "expected"), PHRASE_ROWS)
def test_phrase_problem(phrase: str, options: dict[str, int], expected: str | None) -> None:
    assert phrase_problem(phrase, **options) == expected
    assert expected is None or expected in PHRASE_PROBLEMS


def test_phrase_problem_arguments() -> None:
    with pytest.raises(ValueError, match="max_words"):
        phrase_problem("x", max_words=0)
    with pytest.raises(TypeError):
        phrase_problem("x", max_chars=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        phrase_problem(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        checkable(3)  # type: ignore[arg-type]

"""Claim gates: cheap questions asked before any evidence is looked at.

- :func:`checkable`: does a text hold anything the value or name checks can decide (a
  digit, a month's name, or a name after a sentence's first word)?
- :func:`checkable_statement`: the same, for a text that asserts something (not a
  question, a greeting or an organising line).
- :func:`name_words`: the words of a text that name something.
- :func:`phrase_problem`: may this phrase be sent to a public search (1..``max_words``
  words, at most ``max_chars`` characters, a safe character set)?
"""

from __future__ import annotations

import re
import unicodedata

from grounding_guard.text.analysis import TITLES
from grounding_guard.text.claims import is_non_claim
from grounding_guard.text.lexicon import STOPWORDS
from grounding_guard.text.normalize import strip_invisibles

__all__ = [
    "MONTHS",
    "PHRASE_PROBLEMS",
    "checkable",
    "checkable_statement",
    "name_words",
    "phrase_problem",
]

#: Month names, full, as a sentence writes them.
MONTHS: frozenset[str] = frozenset(
    "January February March April May June July August September October November December".split()
)
#: What :func:`phrase_problem` can answer besides ``None``, in the order it checks.
PHRASE_PROBLEMS: tuple[str, ...] = ("search_empty", "search_too_long", "search_characters")

_MONTH_ABBREVIATION = re.compile(
    r"\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)(?:\.|(?=[ \t]+\d))"
)
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
_SENTENCE_END = frozenset(".!?\u3002\uff01\uff1f")
_OPENERS = "\"'\u201c\u2018\u00ab([{*_"
_CLOSERS = " \t\r\n\"'\u201d\u2019\u00bb)]}*_~`"
_NOT_NAMES = frozenset({"I", "I'm", "I've", "I'll", "I'd", "I\u2019m", "I\u2019ve", "I\u2019ll"})


def _has_digit(text: str) -> bool:
    return any(unicodedata.category(c) == "Nd" for c in text)


def name_words(text: str) -> list[str]:
    """The words of ``text`` that name something: capitalised, not the first word of a
    sentence (a sentence capitalises its first word whatever it is), not "I", a month
    or a stop word. "The Treaty of Versailles was signed." names Treaty and Versailles;
    "Einstein developed relativity." names nothing this way."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    text = strip_invisibles(text)
    names: list[str] = []
    first = True
    position = 0
    previous = ""
    for match in _WORD.finditer(text):
        between = text[position : match.start()]
        if between.rstrip(_OPENERS + " \t\r\n")[-1:] in _SENTENCE_END:
            first = previous.casefold() not in TITLES  # "Dr. Alvarez" goes on
        position = match.end()
        word = previous = match.group()
        if first:
            first = False
            continue
        if not word[0].isupper() or word in _NOT_NAMES or word in MONTHS:
            continue
        if word.casefold() in TITLES:
            continue
        if word.casefold() in STOPWORDS and not word.isupper():
            continue
        names.append(word)
    return names


def _has_month(text: str) -> bool:
    for match in _WORD.finditer(text):
        if match.group() in MONTHS:
            if match.group() == "May" and _first_of_sentence(text, match.start()):
                continue  # "May I ask ..." is the modal verb
            return True
    return _MONTH_ABBREVIATION.search(text) is not None


def _first_of_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip(_OPENERS + " \t\r\n")
    return not before or before[-1] in _SENTENCE_END


def checkable(text: str) -> bool:
    """True when ``text`` holds something the value or name checks can decide: a digit
    (of any script), a month's name, or a name after a sentence's first word."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    return _has_digit(text) or _has_month(text) or bool(name_words(text))


def checkable_statement(text: str) -> bool:
    """True when ``text`` asserts something (it is no question, even one holding a
    figure, and no greeting, sign-off or organising line:
    :func:`grounding_guard.text.claims.is_non_claim`) and is
    :func:`checkable`. "Joe Biden is the president." passes (Biden names someone);
    "Coffee is great." and "Einstein developed relativity." do not."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    stripped = text.strip().rstrip(_CLOSERS)
    if not stripped or stripped[-1] in "?\uff1f" or is_non_claim(text):
        return False  # a question asks, whatever figures it holds
    return checkable(text)


_PHRASE_WORD = re.compile(r"[^\W_]+")
_PHRASE_PUNCTUATION = frozenset(" .,'()-:&")


def _phrase_character(char: str) -> bool:
    if char in _PHRASE_PUNCTUATION:
        return True
    category = unicodedata.category(char)
    return category[0] == "L" or category == "Nd" or category[0] == "M"


def phrase_problem(phrase: str, *, max_words: int = 6, max_chars: int = 80) -> str | None:
    """Why ``phrase`` may not be sent to a public search, or ``None`` when it may.

    A phrase may be sent when it holds 1 to ``max_words`` words, counted as runs of
    letters and digits (every other character separates two words, so "O'Brien" is
    two), at most ``max_chars`` characters, and letters, digits, spaces and
    ``.,'()-:&`` alone. Otherwise the first rule it breaks, in that order:
    ``search_empty``, ``search_too_long``, ``search_characters``.
    """
    if not isinstance(phrase, str):
        raise TypeError(f"phrase must be str, got {type(phrase).__name__}")
    for name, value in (("max_words", max_words), ("max_chars", max_chars)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
        if value < 1:
            raise ValueError(f"{name} must be at least 1, got {value}")
    words = len(_PHRASE_WORD.findall(phrase))
    if words == 0:
        return "search_empty"
    if words > max_words or len(phrase) > max_chars:
        return "search_too_long"
    if not all(_phrase_character(c) for c in phrase):
        return "search_characters"
    return None

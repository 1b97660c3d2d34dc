"""Roman numerals in names ("World War I", "Super Bowl XX"): read as names, never as
quantities, and never the pronoun "I"."""

from __future__ import annotations

import re
from decimal import Decimal

from grounding_guard.text.figures.raw import REACH, Raw, Taken
from grounding_guard.text.figures.words import NOT_HEADS

__all__ = ["romans"]

_PREV_WORD_RE = re.compile(r"([^\W\d_][\w'.-]*)[ ]$")


_ROMAN_RE = re.compile(
    r"(?<![^\W_])([A-Z][\w'-]*) (X{1,3}(?:IX|IV|V?I{0,3})|IX|IV|V?I{1,3}|V)(?![^\W_])"
)


_NEXT_WORD_RE = re.compile(r" ([^\W\d_][\w']*)")
#: Verbs that make a capital "I" after a capitalised word the pronoun ("... Wrong I Want").
_I_VERBS = frozenset(
    """
    Am Was Have Had Do Did Will Would Can Could Shall Should May Might Must Want Wanna
    Love Know Think Need Got Get See Saw Wish Feel Felt Say Said Like Hate Keep Remember
    """.split()
)


def romans(clean: str, taken: Taken) -> list[Raw]:
    out: list[Raw] = []
    for m in _ROMAN_RE.finditer(clean):
        head = m.group(1)
        numeral = m.group(2)
        if head.casefold() in NOT_HEADS or taken.holds(m.start(2)):
            continue
        if numeral == "I":
            before = clean[max(0, m.start() - REACH) : m.start()].rstrip()
            if not before or before[-1] in '.!?:;"(' or not before[-1].isalpha():
                continue
            previous = before.split()[-1]
            if not previous[:1].isupper():
                continue
            following = _NEXT_WORD_RE.match(clean, m.end(2))
            if following and ("'" in following.group(1) or following.group(1) in _I_VERBS):
                continue  # the pronoun of a title: "If Loving You Is Wrong I Don't Want ..."
        value = _roman_value(numeral)
        start = m.start(1)
        for _ in range(3):  # "World War I": the whole name (a few words at most)
            word = _PREV_WORD_RE.search(clean, max(0, start - REACH), start)
            if word is None or not word.group(1)[:1].isupper():
                break
            if word.group(1).casefold() in NOT_HEADS:
                break
            start = word.start(1)
        raw = Raw(start, m.end(2), "number", Decimal(value), None, 0, "name")
        raw.name = " ".join(clean[start : m.end(2)].casefold().split())
        out.append(raw)
    return out


def _roman_value(numeral: str) -> int:
    values = {"I": 1, "V": 5, "X": 10}
    total = 0
    for index, char in enumerate(numeral):
        value = values[char]
        if index + 1 < len(numeral) and values[numeral[index + 1]] > value:
            total -= value
        else:
            total += value
    return total

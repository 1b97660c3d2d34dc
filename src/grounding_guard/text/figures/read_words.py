"""Figures written in words: "forty-five", "two hundred and fifty", "a dozen", "five
million", ordinals ("first") and approximate plurals ("thousands of")."""

from __future__ import annotations

import re
from decimal import Decimal

from grounding_guard.text.figures.context import (
    after_number,
    apply_unit,
    approx_after,
    approx_before,
    scale_exponent,
)
from grounding_guard.text.figures.presets import Tables
from grounding_guard.text.figures.raw import Raw, Taken
from grounding_guard.text.figures.units import unit_at
from grounding_guard.text.figures.words import (
    FRACTION_WORDS,
    ONE_PERIOD,
    ORDINAL_WORDS,
    PERIODS,
    PLURAL_APPROX,
    SMALL,
    TENS,
)

__all__ = ["word_values"]

_WORD_TOKEN_RE = re.compile(r"[^\W\d_]+")


_PHRASE_MULTIPLIERS = frozenset(
    "hundred thousand dozen million billion trillion lakh crore".split()
)


def word_values(clean: str, tables: Tables, taken: Taken) -> list[Raw]:
    """Figures written in words: "forty-five", "two hundred and fifty", "a dozen",
    "five million", ordinals ("first") and approximate plurals ("thousands of")."""
    tokens = [(m.group().lower(), m.start(), m.end()) for m in _WORD_TOKEN_RE.finditer(clean)]
    out: list[Raw] = []
    index = 0
    count = len(tokens)
    halved: tuple[int, int] | None = None  # (the token a halved phrase opens at, "half"'s start)
    while index < count:
        word, start, end = tokens[index]
        if taken.holds(start):
            index += 1
            continue
        if word in ORDINAL_WORDS:
            out.append(Raw(start, end, "ordinal", Decimal(ORDINAL_WORDS[word]), None, 0, "ordinal"))
            index += 1
            continue
        if word in _TIMES and _times_here(tokens, index):
            raw = Raw(start, end, "measure", Decimal(_TIMES[word]), "x", 0)
            raw.dimension = "ratio"  # as "2 times": "twice a day", "twice as fast"
            out.append(raw)
            index += 1
            continue
        if word == "half":
            half = _half_a_span(clean, tokens, index, tables)
            if half is not None:
                out.append(half)
                while index < count and tokens[index][1] < half.end:
                    index += 1  # past the phrase: "half hour" or "half an hour"
                continue
            if _next_is(tokens, index, "a") and clean[end : tokens[index + 1][1]] == " ":
                halved = (index + 1, start)  # "half a million": the phrase after, halved
            index += 1
            continue
        if word in PLURAL_APPROX:
            needs_of = word in ("tens", "scores")
            if (not needs_of or _next_is(tokens, index, "of")) and not _digit_before(clean, start):
                out.append(Raw(start, end, "number", None, None, 0, "approximation"))
            index += 1
            continue
        if (
            word in ("a", "an")
            and index + 1 < count
            and tokens[index + 1][0] in ONE_PERIOD
            and clean[end : tokens[index + 1][1]] == " "
        ):
            qualified = _one_period(clean, start, end, tables)
            if qualified is not None:
                out.append(qualified)
                index += 2
                continue
        opens = word in SMALL or (
            word in ("a", "an")
            and index + 1 < count
            and tokens[index + 1][0] in _PHRASE_MULTIPLIERS
            and clean[end : tokens[index + 1][1]] == " "
        )
        parsed = _parse_words(clean, tokens, index, tables) if opens else None
        if parsed is None:
            index += 1
            continue
        last, value, precision, ordinal = parsed
        first = index
        if halved is not None and halved[0] == first and not ordinal:
            value, precision, start = value / 2, precision + 1, halved[1]
        phrase_end = tokens[last][2]
        index = last + 1
        if ordinal:
            out.append(Raw(start, phrase_end, "ordinal", value, None, 0, "ordinal"))
            continue
        # a fraction written apart ("two thirds", "three quarters"): a share, never a count
        if (
            index < count
            and tokens[index][0] in FRACTION_WORDS
            and clean[phrase_end : tokens[index][1]] == " "
            and clean[tokens[index][2] : tokens[index][2] + 1] != "-"
        ):
            index += 1
            continue
        # an adjectival compound ("two-way", "one-off") or a fraction ("two-thirds")
        if clean[phrase_end : phrase_end + 1] == "-" and index < count:
            unit = unit_at(clean, phrase_end + 1)
            if tokens[index][0] in FRACTION_WORDS or unit is None:
                index += 1
                continue
        after = after_number(clean, phrase_end, None, False, "", tables.deny)
        if after.ident or after.ordinal or after.decade:
            continue
        if (
            last == first
            and word == "one"
            and after.unit is None
            and after.money is None
            and not _one_counts(clean, tokens, first)
        ):
            continue  # "one of", "no one", "the one": a pronoun, not a count
        raw = Raw(start, after.end, "number", value, None, precision)
        apply_unit(raw, after, clean, phrase_end, tables, value)
        if raw.note is None:
            raw.note = approx_before(clean, start, False) or approx_after(clean, raw.end, raw.unit)
        out.append(raw)
    return out


#: Words before "a"/"an" and a unit of time that make it a length of time, as said.
_LASTS = frozenset("for lasts last lasted lasting takes take took taking spans spanned".split())


def _one_period(clean: str, start: int, end: int, tables: Tables) -> Raw | None:
    """ "up to a week", "more than a year", "about an hour", "within a month", "for a
    week", "lasts a decade": one unit of time, bounded, approximate or as said, when a
    bound or an approximation word, "within", "for" or a verb of lasting stands right
    before "a"/"an" (a bare "a week" is left alone: "twice a week", "three withdrawals a
    year" are rates)."""
    note = approx_before(clean, start, False)
    if note is None:
        before = clean[max(0, start - 8) : start].split()[-1:]
        if before == ["within"]:
            note = "bound"  # "within a week": a week at most
        elif not before or before[0].casefold() not in _LASTS:
            return None  # "keeps for a week", "lasts a decade": as said
    after = after_number(clean, end, None, False, "", tables.deny)
    if after.unit is None:
        return None
    raw = Raw(start, after.end, "number", Decimal(1), None, 0)
    apply_unit(raw, after, clean, end, tables, Decimal(1))
    raw.note = note
    return raw


def _half_a_span(
    clean: str, tokens: list[tuple[str, int, int]], index: int, tables: Tables
) -> Raw | None:
    """ "half a year", "half an hour", "half a mile": half a unit, a measure (six months,
    thirty minutes), when "half", "a"/"an" and the unit stand one space apart; "half
    hour", "half-hour", "half day" likewise, the unit one space or hyphen after "half";
    else ``None``."""
    start = tokens[index][1]
    if index + 1 < len(tokens) and tokens[index + 1][0] not in ("a", "an"):
        if (
            clean[tokens[index][2] : tokens[index + 1][1]] not in (" ", "-")
            or clean[start - 1 : start] == "-"  # "eight-and-a-half years": not a half
            or tokens[index + 1][0].endswith("s")  # a half names one unit: "half hour"
        ):
            return None
        return _half_unit(clean, start, tokens[index][2], tables)
    if index + 2 >= len(tokens):
        return None
    middle, unit_start = tokens[index + 1], tokens[index + 2][1]
    if clean[tokens[index][2] : middle[1]] != " " or clean[middle[2] : unit_start] != " ":
        return None
    return _half_unit(clean, start, middle[2], tables)


def _half_unit(clean: str, start: int, before_unit: int, tables: Tables) -> Raw | None:
    """Half the measure unit that follows ``before_unit`` (a phrase opening at
    ``start``), or ``None`` when no measure unit follows."""
    after = after_number(clean, before_unit, None, False, "", tables.deny)
    unit = after.unit
    if unit is None or unit.kind != "measure":
        return None
    raw = Raw(start, after.end, "number", Decimal("0.5"), None, 1)
    apply_unit(raw, after, clean, before_unit, tables, Decimal("0.5"))
    raw.note = approx_before(clean, start, False) or approx_after(clean, raw.end, raw.unit)
    return raw


def _digit_before(clean: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and clean[index] in " -":
        index -= 1
    return index >= 0 and clean[index].isdigit()


#: Words for a number of times: "twice a day" is "2 times a day".
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
#: What "once" must stand before to count times ("once a night", "once daily"), not to
#: mean "formerly" or "as soon as" ("was once a port", "once it dissolves").
_ONCE_BEFORE = frozenset("daily weekly monthly yearly nightly hourly".split())
_PER_WORDS = frozenset("a an per every each".split())
_PERIOD_WORDS = PERIODS | frozenset("lifetime session meal dose visit".split())


def _times_here(tokens: list[tuple[str, int, int]], index: int) -> bool:
    """Whether "once", "twice" or "thrice" at ``index`` counts times: "twice" always,
    "once" only before a frequency ("once a night", "once daily"; not "was once a port")."""
    if tokens[index][0] != "once":
        return True
    after = [t[0] for t in tokens[index + 1 : index + 3]]
    if after[:1] and after[0] in _ONCE_BEFORE:
        return True
    return len(after) == 2 and after[0] in _PER_WORDS and after[1] in _PERIOD_WORDS


#: Words before "one" that make it a pronoun ("no one", "the one", "each one").
_ONE_AFTER = frozenset("no the this that any each every which some another".split())
#: Words after "one" that make it a pronoun or an idiom ("one of", "one must", "one by").
_ONE_BEFORE = frozenset(
    """
    of another by or and must can could should would may might will shall is was has had
    who which that another else more less way day time point reason thing
    """.split()
)


def _one_counts(clean: str, tokens: list[tuple[str, int, int]], index: int) -> bool:
    """Whether "one" at ``index`` counts the word after it ("one tablet", "one patient"):
    a lower-case word one space on, that is no pronoun's or idiom's ("one of", "one must",
    "no one", "one day"); else "one" is left unread."""
    if index + 1 >= len(tokens) or (index > 0 and tokens[index - 1][0] in _ONE_AFTER):
        return False
    after, start, _ = tokens[index + 1]
    if clean[tokens[index][2] : start] != " " or not clean[start : start + 1].islower():
        return False
    return after not in _ONE_BEFORE


def _next_is(tokens: list[tuple[str, int, int]], index: int, word: str) -> bool:
    return index + 1 < len(tokens) and tokens[index + 1][0] == word


def _parse_words(
    clean: str, tokens: list[tuple[str, int, int]], first: int, tables: Tables
) -> tuple[int, Decimal, int, bool] | None:
    """(last token, value, precision, is ordinal) of the number-word phrase at ``first``."""
    total = Decimal(0)
    current = Decimal(0)
    last = first
    previous = ""
    precision = 0
    seen = False
    index = first
    ordinal = False
    while index < len(tokens):
        word, start, _ = tokens[index]
        if index > first:
            gap = clean[tokens[index - 1][2] : start]
            if gap not in (" ", "-"):
                break
        if word in ("a", "an") and index == first:
            current = Decimal(1)
            previous = "a"
        elif word in SMALL:
            value = SMALL[word]
            after_tens = previous in TENS and 0 < value < 10  # "forty-five"
            fresh = previous in ("", "hundred", "thousand", "scale") and current % 100 == 0
            if after_tens or fresh or previous == "and":
                current += value
            else:
                break
            precision = 0
            seen = True
        elif word in ORDINAL_WORDS and previous in TENS and ORDINAL_WORDS[word] < 10:
            current += ORDINAL_WORDS[word]
            last = index
            ordinal = True
            break
        elif word == "hundred" and (seen or previous == "a") and previous != "hundred":
            current = (current or Decimal(1)) * 100
            seen = True
        elif word == "dozen" and (seen or previous == "a"):
            current = (current or Decimal(1)) * 12
            seen = True
        elif (
            word == "and"
            and previous in ("hundred", "thousand", "scale")
            and index + 1 < len(tokens)
            and tokens[index + 1][0] in SMALL
        ):
            previous = "and"
            index += 1
            continue
        elif (
            (seen or previous == "a")
            and (word == "thousand" or word in tables.folded)
            and (word.casefold() not in tables.deny and len(word) > 2)
        ):
            mult = tables.folded.get(word, Decimal(1000))
            total += (current or Decimal(1)) * mult
            current = Decimal(0)
            exponent = scale_exponent(mult)
            precision = -exponent if exponent is not None else 0
            seen = True
            previous = "scale" if word != "thousand" else "thousand"
            last = index
            index += 1
            continue
        else:
            break
        previous = word if word not in ("a", "an") else "a"
        last = index
        index += 1
    if not seen:
        return None
    return last, total + current, precision, ordinal

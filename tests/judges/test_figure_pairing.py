"""Figure pairing in n log n (#11) gives the reports the walk over every candidate gave.

- :class:`FigureIndex` returns every value that ``agree`` may not find false (a claimed
  value's view) and every claimed value that an evidence value may bear out, whatever
  the kinds, units, precisions and date shapes (hypothesis, against a walk over all);
- ``check`` reports the same whether every list is indexed or walked, on answers and
  evidence dense with figures, dates, units, currencies, approximations and ranges;
- the helpers that now look figures up in sets or by bits answer as the walks they
  replace (kept here as oracles).
"""

from __future__ import annotations

import json
import random
import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grounding_guard.judges.figures as figures
import grounding_guard.text.figures.intervals as intervals
from grounding_guard import check
from grounding_guard.text.figures import GENERIC, Value, agree, convert, pairable, read_fresh
from grounding_guard.text.figures.index import FigureIndex
from grounding_guard.types import Span

# ---- the index against a walk ----------------------------------------------------------------

UNITS: dict[str, list[str | None]] = {
    "number": [None],
    "percent": ["pct"],
    "money": ["usd", "eur"],
    "measure": ["km", "m", "ft", "mi", "kg", "g", "lb", "deg:C", "deg:F", "gb", "gib", "ton"],
}
DIMENSIONS = {"usd": "usd", "eur": "eur", "km": "length", "m": "length", "ft": "length"}
DIMENSIONS |= {"mi": "length", "kg": "mass", "g": "mass", "lb": "mass", "ton": "mass"}
DIMENSIONS |= {"deg:C": "temperature", "deg:F": "temperature", "gb": "data", "gib": "data"}


@st.composite
def numeric(draw: st.DrawFn) -> Value:
    """A number, percent, amount or measure, clustered near a few round values (so that
    claimed and evidence values meet, round to each other, convert into each other)."""
    kind = draw(st.sampled_from(["number", "number", "percent", "money", "measure"]))
    unit = draw(st.sampled_from(UNITS[kind]))
    precision = draw(st.one_of(st.integers(0, 2), st.integers(-4, 4)))
    base = Decimal(draw(st.sampled_from([0, 1, 5, 12, 1000, 5000, -3])))
    step = Decimal(draw(st.integers(-7, 7))).scaleb(-precision)
    number = (base + step).quantize(Decimal(1).scaleb(-max(precision, 0)))
    if draw(st.booleans()):
        number = number.scaleb(draw(st.sampled_from([0, 3, 6])))  # "5 thousand", "5 million"
    return Value(kind, number, unit, Span(0, 1), True, precision, None, None, DIMENSIONS.get(unit))


@st.composite
def dated(draw: st.DrawFn) -> Value:
    kind = draw(st.sampled_from(["year", "month", "date", "date", "date"]))
    year, month, day = (
        draw(st.integers(1998, 2002)),
        draw(st.integers(1, 3)),
        draw(st.integers(1, 3)),
    )
    if kind == "year":
        return Value("year", Decimal(year), None, Span(0, 1))
    if kind == "month":
        return Value("month", month, None, Span(0, 1))
    shape = draw(st.sampled_from(["full", "ym", "md"]))
    value: Any = {"full": date(year, month, day), "ym": (year, month), "md": (None, month, day)}
    return Value("date", value[shape], None, Span(0, 1))


SIBLINGS = {"km": ["m", "mi", "ft"], "m": ["km", "ft"], "ft": ["m", "mi"], "mi": ["km", "ft"]}
SIBLINGS |= {"kg": ["g", "lb"], "g": ["kg"], "lb": ["kg", "g"], "gb": ["gib"], "gib": ["gb"]}
SIBLINGS |= {"deg:C": ["deg:F"], "deg:F": ["deg:C"]}


@st.composite
def variant(draw: st.DrawFn, value: Value) -> Value:
    """A value near ``value``: a number at another precision (rounded, or finer and off
    by a last-place step), maybe in another unit of its dimension; a date in another
    shape or a neighbouring day; a year or month of a date."""
    if isinstance(value.value, Decimal):
        unit = draw(st.sampled_from([value.unit, *SIBLINGS.get(value.unit or "", [])]))
        number = convert(value.value, value.unit, unit)
        assert number is not None
        precision = value.precision + draw(st.integers(-2, 2))
        step = Decimal(draw(st.integers(-1, 1))).scaleb(-precision)
        number = (number + step).quantize(Decimal(1).scaleb(-precision), ROUND_HALF_UP)
        return Value(
            value.kind, number, unit, Span(0, 1), True, precision, None, None, DIMENSIONS.get(unit)
        )
    day = value.value
    if isinstance(day, date):
        day = day.replace(day=draw(st.sampled_from([day.day, 1, 2])))
        shaped = draw(st.sampled_from([day, (day.year, day.month), (None, day.month, day.day)]))
        kind = draw(st.sampled_from(["date", "date", "year", "month"]))
        if kind == "year":
            return Value("year", Decimal(day.year), None, Span(0, 1))
        if kind == "month":
            return Value("month", day.month, None, Span(0, 1))
        return Value("date", shaped, None, Span(0, 1))
    return value


@st.composite
def claims_and_evidence(draw: st.DrawFn) -> tuple[list[Value], list[Value]]:
    """Claimed values, and evidence mostly made of variants of them."""
    claimed = draw(st.lists(st.one_of(numeric(), dated()), min_size=1, max_size=15))
    evidence = [
        draw(variant(draw(st.sampled_from(claimed)))) for _ in range(draw(st.integers(0, 25)))
    ]
    evidence += draw(st.lists(st.one_of(numeric(), dated()), max_size=5))
    return claimed, draw(st.permutations(evidence))


def first_of_class(values: list[Value]) -> list[int]:
    """The first position of the class (kind, value, unit, precision, dimension) of each."""
    firsts: dict[object, int] = {}
    return [
        firsts.setdefault((v.kind, v.value, v.unit, v.precision, v.dimension), i)
        for i, v in enumerate(values)
    ]


@settings(max_examples=300, deadline=None)
@given(values=claims_and_evidence())
def test_the_index_returns_every_value_that_may_agree(
    values: tuple[list[Value], list[Value]],
) -> None:
    claimed, evidence = values
    theirs, mine = FigureIndex(evidence), FigureIndex(claimed)
    classes = first_of_class(evidence)
    for value in claimed:
        every, firsts = set(theirs.positions(value)), set(theirs.firsts(value))
        for position, other in enumerate(evidence):
            if pairable(value, other) and agree(value, other) is not False:
                assert position in every and classes[position] in firsts, (value, other)
    classes = first_of_class(claimed)
    for other in evidence:
        bearers = set(mine.bearers(other))
        for position, value in enumerate(claimed):
            if agree(value, other) is True:
                assert classes[position] in bearers, (value, other)


def test_a_class_agrees_alike() -> None:
    """Values alike in what agree reads answer alike: "5" and "5.0" at one precision."""
    one = Value("number", Decimal("5"), None, Span(0, 1))
    other = Value("number", Decimal("5.0"), None, Span(4, 7))
    index = FigureIndex([one, other])
    assert index.firsts(one) == [0] and index.positions(one) == [0, 1]


def test_a_window_spans_a_conversion() -> None:
    """ "5 km" finds "5,000 m" and "4,600 m" (which rounds to it), not "4,400 m"."""
    claimed = Value("measure", Decimal(5), "km", Span(0, 1), dimension="length")
    evidence = [
        Value("measure", Decimal(metres), "m", Span(0, 1), dimension="length")
        for metres in (5000, 4600, 4400)
    ]
    assert [agree(claimed, e) for e in evidence] == [True, True, False]
    assert FigureIndex(evidence).positions(claimed) == [0, 1]


# ---- check(): indexed as walked ---------------------------------------------------------------

UNIT_WORDS = ["km", "metres", "ft", "miles", "kg", "pounds", "°C", "°F", "%", "hours", "GB"]
CURRENCIES = ["$", "€", "£", "USD "]
MONTHS = ["January", "March", "May", "September", "Dec"]
NOUNS = "revenue depot north lab team people men women dogs station tower height".split()
QUALIFIERS = ["about ", "nearly ", "more than ", "at least ", "below ", "", "", ""]


def a_number(rng: random.Random) -> str:
    return rng.choice(
        [
            str(rng.randint(1, 30)),
            str(rng.randint(1, 999)),
            f"{rng.randint(1, 99)}.{rng.randint(0, 99)}",
            f"{rng.randint(1, 9)},{rng.randint(100, 999)}",
            f"{rng.randint(1, 9)}.{rng.randint(0, 9)} million",
            rng.choice(["two", "three", "five", "a dozen"]),
        ]
    )


def a_figure(rng: random.Random) -> str:
    qualifier = rng.choice(QUALIFIERS)
    return rng.choice(
        [
            f"{qualifier}{a_number(rng)} {rng.choice(UNIT_WORDS)}",
            f"{qualifier}{rng.choice(CURRENCIES)}{a_number(rng)}",
            f"{rng.randint(1, 28)} {rng.choice(MONTHS)} {rng.randint(1995, 2005)}",
            f"{rng.choice(MONTHS)} {rng.randint(1, 28)}",
            f"{rng.choice(MONTHS)} {rng.randint(1995, 2005)}",
            f"in {rng.randint(1995, 2005)}",
            f"{a_number(rng)}-{a_number(rng)} {rng.choice(UNIT_WORDS)}",
            f"{rng.choice(['two', 'three', '4', 'a'])} {rng.choice(['men', 'women', 'dogs'])}",
            f"{qualifier}{a_number(rng)} {rng.choice(NOUNS)}",
        ]
    )


def a_sentence(rng: random.Random, count: int) -> str:
    parts = []
    for _ in range(count):
        parts.append(" ".join(rng.choice(NOUNS) for _ in range(rng.randint(0, 3))))
        parts.append(a_figure(rng) + rng.choice(["", "", ",", " and"]))
    return "The " + " ".join(parts).strip(" ,")


def a_case(seed: int) -> tuple[str, dict[str, str]]:
    """An answer of a few figure-dense claims, and chunks mostly made of them, their
    figures changed here and there."""
    rng = random.Random(seed)
    claims = [a_sentence(rng, rng.randint(1, 24)) for _ in range(rng.randint(1, 2))]
    chunks = {}
    for key in ("1", "2")[: rng.randint(1, 2)]:
        found = []
        for _ in range(rng.randint(1, 16)):
            words = rng.choice(claims).split()
            for i, word in enumerate(words):
                if re.search(r"\d", word) and rng.random() < 0.4:
                    words[i] = a_number(rng)
            found.append(" ".join(words) if rng.random() < 0.7 else a_sentence(rng, 12))
        chunks[key] = ". ".join(found) + "."
    return " ".join(f"{c} [{rng.choice(list(chunks))}]." for c in claims), chunks


def reports(monkeypatch: pytest.MonkeyPatch, scan: int, seeds: range) -> list[str]:
    monkeypatch.setattr(figures, "_SCAN", scan)
    return [
        json.dumps(check(*a_case(seed)).to_dict(), sort_keys=True, default=str) for seed in seeds
    ]


def test_indexed_pairing_reports_as_the_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every list indexed (``_SCAN`` 0) or every one walked: the same reports, findings
    and all (the walk is the pairing as it was before the index)."""
    seeds = range(60)
    walked = reports(monkeypatch, 1 << 30, seeds)
    assert any('"value_mismatch"' in r for r in walked)
    assert any('"evidence_disagrees"' in r for r in walked)
    assert reports(monkeypatch, 0, seeds) == walked


# ---- the helpers against the walks they replace -----------------------------------------------


def old_sums_to(value: Value, text: str) -> bool:
    counts = figures._counts(text)
    if len(counts) < 2:
        return False
    if sum(counts) == value.value:
        return True
    target, present = value.value, set(counts)
    return isinstance(target, Decimal) and target > 0 and any(c + target in present for c in counts)


@pytest.mark.parametrize("bits", [figures._COUNT_BITS, 0])
def test_sums_to_by_bits_as_by_pairs(monkeypatch: pytest.MonkeyPatch, bits: int) -> None:
    monkeypatch.setattr(figures, "_COUNT_BITS", bits)
    rng = random.Random(7)
    for _ in range(300):
        text = " ".join(f"{rng.randint(1, 15)} {rng.choice(NOUNS)}" for _ in range(6))
        value = Value("number", Decimal(rng.randint(1, 20)), None, Span(0, 1))
        assert figures._sums_to(value, text, figures._Owners()) == old_sums_to(value, text)


def old_remainder(text: str, value: Value, compared: list[Value]) -> bool:
    if value.kind != "measure" or value.dimension is None:
        return False
    return any(
        other.kind == "measure"
        and other.dimension == value.dimension
        and other.span.end <= value.span.start
        and figures._JOINS_PARTS.fullmatch(text, other.span.end, value.span.start) is not None
        for other in compared
    )


def test_remainder_by_ends_as_by_walk() -> None:
    rng = random.Random(11)
    joins = [" and ", ", ", " ", ", and ", "  ", " or ", "; "]
    for _ in range(200):
        text = "".join(
            f"{rng.randint(1, 59)} {rng.choice(['minutes', 'seconds', 'ft', 'in', 'kg'])}"
            + rng.choice(joins)
            for _ in range(8)
        )
        compared = [v for v in read_fresh(text, None, GENERIC) if v.comparable]
        owners = figures._Owners(None, compared)
        for value in compared:
            mine = figures._remainder(text, value, owners)
            assert mine == old_remainder(text, value, compared)


def test_disagreement_over_many_sentences_as_by_pairs() -> None:
    rng = random.Random(5)
    for _ in range(300):
        near = []
        for number in range(rng.randint(13, 30)):
            passage = SimpleNamespace(id=rng.choice("ab"))
            whole = rng.choice([5, 5, 5, 6])
            precision = rng.choice([0, 0, 1])
            value = Value(
                "number", Decimal(whole).scaleb(0), rng.choice([None, None, "km"]), Span(0, 1)
            )
            if precision:
                value = Value(
                    "number", Decimal(f"{whole}.{rng.randint(0, 9)}"), None, Span(0, 1), True, 1
                )
            near.append(((passage, number, value), None))
        pairs = [
            (first, second)
            for i, (first, _) in enumerate(near)
            for second, _ in near[i + 1 :]
            if (first[0].id, first[1]) != (second[0].id, second[1])
            and agree(first[2], second[2]) is False
            and agree(second[2], first[2]) is False
        ]
        assert figures._disagreement(near) == (pairs[0] if pairs else None)


def test_anywhere_by_sets_as_by_walk() -> None:
    rng = random.Random(3)
    for _ in range(100):
        evidence = " ".join(a_figure(rng) for _ in range(10)) + ". " + str(rng.randint(1, 60))
        found = tuple(v for v in read_fresh(evidence, None, GENERIC) if v.comparable)
        table = figures._Sentences((found,), {0: 0})
        tables = [(None, table)]
        for value in read_fresh(" ".join(a_figure(rng) for _ in range(10)), None, GENERIC):
            if value.comparable:
                assert figures._anywhere(value, tables) == figures._anywhere_walk(value, tables)


@pytest.mark.parametrize(
    "text", ["between 5 and 9 km", "BETWEEN   5-9 km", "Straße between\n 5-9", "5-9 km", "ween 5-9"]
)
def test_after_between_as_the_whole_prefix(text: str) -> None:
    start = re.search(r"\d", text)
    assert start is not None
    whole = text[: start.start()].rstrip().casefold().endswith("between")
    assert intervals._after_between(text, start.start()) == whole

"""Figure agreement: every figure a claim states must agree with its cited evidence.

Built on the value reader (:mod:`grounding_guard.text.figures`). Each comparable value of the
claim (a number, percent, amount of money, measure, year, date or month) pairs with the
value of the same kind and class (a year also with a dated fact's year, a measure with one
of its dimension) in the sentences of the passages given: the ones the unit cites, or the
chunk it is attributed to, and no other. The sentences considered are those that cover
the claim (:func:`~grounding_guard.judges.terms.sentence_gate` with the differing figures'
own words set aside, the best sentence first) and that hold every name-number the claim
holds ("Apollo 17"); the ones holding most of the claim's other words decide first. When a
sentence holds several candidates, the one whose clause holds the claimed value's words
where the claim holds them wins (the nearest shared word weighs most), then the one in
the same place among its kind.

- equal, or the claim rounds the evidence to its own precision ("8849 metres" and
  "8,848.86 metres"): the figure is borne out;
- a different value, or unit ("50 metres" against "50 feet"): ``value_mismatch``, with
  the claim's value and its partner, each with its unit, as spans;
- a figure no covering sentence pairs and the passages do not hold anywhere (or hold
  only less precisely): ``value_not_in_evidence``;
- two covering sentences pairing the figure with values that cannot both be right:
  ``evidence_disagrees`` (informational, beside the outcome above).

Bounds, approximations and ranges of quantities are intervals
(:mod:`~grounding_guard.text.figures.intervals`), checked against the best sentence that
otherwise covers the claim: a partner figure or interval of the same dimension, sharing
the claim's neighbouring words, that contradicts the interval is ``value_mismatch`` ("more
than 20 hours" against "12 hours", "below 30 °C" against "below 25 °C"). Ordinals,
decades, ratios and ambiguous dates are never compared: they neither fail a unit nor
support it. A number that is part of a name ("Apollo 17",
"ISO 9001", "INV-1") or a version is not a figure either, but it names something: it must
stand in the cited evidence as written. When the covering sentence holds the same head
with another number ("Apollo 11" against "Apollo 17") it is ``name_mismatch``, a
contradiction; else ``name_not_in_evidence``, informational (support decides the unit).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from decimal import Decimal
from itertools import islice, pairwise
from typing import overload

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.evidence.tables import header_unit_values, with_header_units
from grounding_guard.judges.lexical import BestSentence
from grounding_guard.judges.terms import SentenceGate, clause_units, sentence_gate
from grounding_guard.text.analysis import Analysis, analyse, context_stems, number_key
from grounding_guard.text.cache import BoundedCache, bounded_cache
from grounding_guard.text.figures import (
    GENERIC,
    NAME_NOTES,
    UNIT_WORDS,
    VALUE_WORDS,
    Preset,
    Value,
    agree,
    calendar_range,
    convert,
    convertible,
    pairable,
    read_fresh,
    read_values_cached,
    resolve_preset,
    same_figure,
    states_one_period,
)
from grounding_guard.text.figures.arithmetic import derive, too_many_to_derive
from grounding_guard.text.figures.context import prev_words
from grounding_guard.text.figures.index import FigureIndex, unit_base
from grounding_guard.text.figures.intervals import (
    Interval,
    date_year,
    decade,
    implies,
    qualified,
    year_of,
)
from grounding_guard.text.figures.words import (
    CHANGE_VERBS,
    ONE_PERIOD,
    PERIODS,
    SMALL,
)
from grounding_guard.text.lexicon import DIRECTION_FAMILIES, NEGATIONS, STOPWORDS, stem
from grounding_guard.text.normalize import match_form
from grounding_guard.types import Reason, Span

__all__ = ["check_values"]

_Located = tuple[Passage, int, Value]  # a value in sentence ``int`` of a passage


#: Words that may stand in an evidence sentence's figure: value words, and the units of
#: time that "up to a week" counts one of.
_FIGURE_WORDS = VALUE_WORDS | ONE_PERIOD


def check_values(
    claim: Claim,
    passages: Sequence[Passage],
    best: BestSentence | None,
    threshold: float,
    *,
    locale: str | None = None,
    preset: str | Preset = "generic",
) -> list[Reason]:
    """Reasons for the claim's figures that its passages contradict or do not hold."""
    analysis = claim.analysis
    rules = GENERIC if preset == "generic" else resolve_preset(preset)
    reasons: list[Reason] = []
    if "free" in analysis.vocabulary and best is not None:
        free = _free_against_price(claim, best, threshold, locale, rules)
        if free is not None:
            reasons.append(free)
    elif best is not None and "free" in best.analysis.vocabulary and analysis.numbers:
        priced = _price_against_free(claim, best, threshold, locale, rules)
        if priced is not None:
            reasons.append(priced)
    elif best is not None and "free" in best.analysis.vocabulary:
        paid = _payment_against_free(claim, best, threshold)
        if paid is not None:
            reasons.append(paid)
    if best is not None and (
        not analysis.vocabulary.isdisjoint(_UNLIMITED)
        or not best.analysis.vocabulary.isdisjoint(_UNLIMITED)
    ):
        capped = _unlimited_against_cap(claim, best, threshold, locale, rules)
        if capped is not None:
            reasons.append(capped)
    if best is not None and not analysis.vocabulary.isdisjoint(_STRETCH_WORDS):
        first = _first_period(claim, best, threshold)
        if first is not None:
            reasons.append(first)
    if best is not None and not analysis.vocabulary.isdisjoint(_WEEKDAYS):
        day = _other_weekday(claim, passages, best, threshold)
        if day is not None:
            reasons.append(day)
    if best is not None and ("year" in analysis.vocabulary or "year" in best.analysis.vocabulary):
        season = _season_against_year_round(claim, best, threshold, locale, rules)
        if season is not None:
            reasons.append(season)
    if best is not None and not analysis.vocabulary.isdisjoint(_FRACTIONS):
        share = _other_fraction(claim, passages, best, threshold)
        if share is not None:
            reasons.append(share)
    if best is not None and not analysis.vocabulary.isdisjoint(_WHOLE_WORDS):
        share = _whole_against_share(claim, best, threshold, locale, rules)
        if share is not None:
            reasons.append(share)
    if (
        not analysis.numbers
        and analysis.vocabulary.isdisjoint(VALUE_WORDS)
        and not states_one_period(claim.text, analysis.vocabulary)
    ):
        return reasons  # no digit, number word, month, numeral or "up to a week"
    found = _claim_values(claim.text, locale, rules)
    if not found:
        return reasons
    names = [v for v in found if v.note in NAME_NOTES and v.name]
    reasons.extend(_check_names(claim, names, passages, best, threshold, locale, rules))
    compared = [v for v in found if v.comparable]
    if compared:
        heads = [_head_patterns(v.name) for v in names if v.name]
        others = [pair for pair in heads if pair is not None]
        reasons.extend(
            _check_figures(claim, compared, passages, best, threshold, locale, rules, others)
        )
    if best is not None and compared and not any(r.code == "value_mismatch" for r in reasons):
        swapped = _slot_swap(claim, compared, best, threshold, locale, rules)
        if swapped is not None:
            reasons.append(swapped)
        else:
            counted = _counted_other(claim, compared, passages, best, threshold, locale, rules)
            if counted is not None:
                reasons.append(counted)
    if (
        best is not None
        and not analysis.vocabulary.isdisjoint(_CHANGE_DIRECTIONS)
        and any(v.kind == "percent" for v in compared)
    ):
        turned = _signed_change(claim, compared, best, locale, rules)
        if turned is not None:
            reasons.append(turned)
    if best is not None and len(compared) > 1 and "than" in analysis.vocabulary:
        turned = _turned_comparison(claim, compared, best, threshold, locale, rules)
        if turned is not None:
            reasons.append(turned)
    if best is not None and any(v.note in ("bound", "approximation", "range") for v in found):
        reasons.extend(_check_qualified(claim, found, passages, best, threshold, locale, rules))
    if best is not None and sum(v.note == "range" for v in found) > 1:
        turned = _turned_pair(claim, found, best, threshold, locale, rules)
        if turned is not None:
            reasons.append(turned)
        moved = _moved_range_end(claim, found, best, threshold, locale, rules)
        if moved is not None:
            reasons.append(moved)
    if best is not None and any(v.kind == "decade" for v in found):
        reasons.extend(_check_decades(claim, found, passages, best, threshold, locale, rules))
    return reasons


#: Words that give a change its direction right before its figure ("fell 1.8%", "up by
#: 3%"): -1 down, +1 up.
_CHANGE_DIRECTIONS: dict[str, int] = {
    **dict.fromkeys(
        """fell fall falls fallen falling dropped drop drops declined decline declines
        decreased decrease decreases down lower lost shrank shrunk slipped dipped""".split(),
        -1,
    ),
    **dict.fromkeys(
        """rose rise rises risen rising grew grow grows grown increased increase increases
        up higher gained climbed jumped""".split(),
        1,
    ),
}
_WORD_BEFORE = re.compile(r"\b([^\W\d_]+)\s+(?:by\s+)?$")


def _signed_change(
    claim: Claim, compared: Sequence[Value], best: BestSentence, locale: str | None, preset: Preset
) -> Reason | None:
    """``direction_mismatch`` for a percent change the claim gives a direction ("sales
    fell 1.8%") that the best sentence writes with the other sign ("(+1.8%)"): a signed
    figure says which way a thing moved as plainly as a verb does."""
    theirs = [
        (v, sign)
        for v in read_values_cached(best.analysis.text, locale, preset)
        if v.kind == "percent" and (sign := _written_sign(best.analysis.text, v))
    ]
    if not theirs:
        return None
    for value in compared:
        if value.kind != "percent" or not isinstance(value.value, Decimal):
            continue
        before = _WORD_BEFORE.search(claim.text, max(0, value.span.start - 30), value.span.start)
        direction = _CHANGE_DIRECTIONS.get(before.group(1).casefold(), 0) if before else 0
        if not direction or value.value < 0:
            continue
        same = [
            (v, sign)
            for v, sign in theirs
            if isinstance(v.value, Decimal) and abs(v.value) == value.value
        ]
        if not same or any(sign == direction for _, sign in same):
            continue
        partner = same[0][0]
        assert before is not None
        said = claim.text[before.start(1) : value.span.end]
        return Reason(
            "direction_mismatch",
            f"{said} in the answer, {_written(best.analysis.text, partner.span)} in the evidence",
            Span(before.start(1), value.span.end).shift(claim.span.start),
            best.passage.id,
            partner.span.shift(best.span.start),
        )
    return None


def _written_sign(text: str, value: Value) -> int:
    """+1 or -1 for a figure written with its sign ("+1.8%", "–7.2%"), else 0."""
    if isinstance(value.value, Decimal) and value.value < 0:
        return -1
    return 1 if text[value.span.start : value.span.start + 1] == "+" else 0


def _all_values(table: _Sentences) -> Iterator[Value]:
    """Every value of a passage, comparable or not, sentence by sentence (each sentence
    read once, by the readings the figure check keeps)."""
    for number in range(len(table.values)):
        yield from table.values.everything(number)


def _decade_stated(other: Value, value: Value) -> bool:
    """Whether an evidence value is the claimed decade itself ("the 1860s")."""
    return other.kind == "decade" and other.value == value.value


def _check_decades(
    claim: Claim,
    values: Sequence[Value],
    passages: Sequence[Passage],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> list[Reason]:
    """``value_mismatch`` for a claimed decade ("the 1980s", "the late 1990s") when the
    sentence that otherwise covers the claim dates it by one year (or date) outside the
    decade's years, which the claim does not state itself, and the passages neither
    state the decade nor hold a year inside it."""
    reasons: list[Reason] = []
    for value in values:
        years = decade(claim.text, value)
        if years is None:
            continue
        if not sentence_gate(claim, best, threshold, _keys(claim.text, years.span)):
            continue
        dated = [
            v
            for v in read_values_cached(best.analysis.text, locale, preset)
            if year_of(v) is not None
        ]
        if len(dated) != 1:
            continue  # undated, or several years to choose from
        partner = dated[0]
        if any(year_of(v) == year_of(partner) for v in values):
            continue  # the claim states that year too: it is another fact's
        if any(
            _decade_stated(other, value)
            or ((year := year_of(other)) is not None and years.low <= year <= years.high)
            for passage in passages
            for other in _all_values(_sentence_values(passage, locale, preset))
        ):
            continue
        message = (
            f"{_written(claim.text, years.span)} in the answer, "
            f"{_written(best.analysis.text, partner.span)} in the evidence"
        )
        reasons.append(_sentence_mismatch(claim, best, years.span, partner.span, message))
    return reasons


#: What joins the two numbers of a tally or a range ("19 to 12", "3-1", "3–1").
_PAIR_JOINERS = {"to": "to", "-": "-", "\u2013": "-", "\u2014": "-"}


def _pairs(text: str, values: Sequence[Value]) -> list[tuple[Value, Value, str]]:
    """The pairs of numbers a text joins by "to" or a dash ("voted 19 to 12", "won 3-1"),
    with their joiner, "between ... and" aside (an order that never matters)."""
    found = []
    for first, second in pairwise(values):
        if first.note != "range" or second.note != "range" or first.kind != second.kind:
            continue
        joiner = _PAIR_JOINERS.get(text[first.span.end : second.span.start].strip().casefold())
        if joiner is not None:
            found.append((first, second, joiner))
    return found


def _turned_pair(
    claim: Claim,
    values: Sequence[Value],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> Reason | None:
    """``value_mismatch`` for "voted 12 to 19" against "voted 19 to 12": the same two
    numbers joined the same way in the other order, one of the two pairs falling (so not
    a range, whose ends come in rising order: a tally, a score, a count of votes). Else,
    for "won 3-2" against "beat Castleton 3-1": a tally (two whole numbers without a
    unit, the first no smaller) that differs from the one tally the sentence states,
    joined the same way. The sentence must otherwise cover the claim."""
    sentence = best.analysis.text
    theirs = _pairs(sentence, read_values_cached(sentence, locale, preset))
    if not theirs:
        return None
    mine = _pairs(claim.text, values)
    for first, second, joiner in mine:
        for their_first, their_second, their_joiner in theirs:
            if (
                joiner == their_joiner
                and agree(first, their_second) is True
                and agree(second, their_first) is True
                and agree(first, their_first) is False
                and (_falls(first, second) or _falls(their_first, their_second))
            ):
                return _pair_reason(
                    claim,
                    best,
                    threshold,
                    (first, second),
                    (their_first, their_second),
                    ": the order is turned",
                )
    tallies = [pair for pair in theirs if _is_tally(pair[0], pair[1])]
    if len(tallies) != 1:
        return None
    their_first, their_second, their_joiner = tallies[0]
    for first, second, joiner in mine:
        if joiner != their_joiner or not _is_tally(first, second):
            continue
        if {first.value, second.value} == {their_first.value, their_second.value}:
            return None  # the same tally, or turned round (read above)
        return _pair_reason(claim, best, threshold, (first, second), (their_first, their_second))
    return None


def _pair_reason(
    claim: Claim,
    best: BestSentence,
    threshold: float,
    pair: tuple[Value, Value],
    their_pair: tuple[Value, Value],
    note: str = "",
) -> Reason | None:
    """``value_mismatch`` between a pair of the claim and one of its best sentence, when
    the sentence covers the claim with the pair's figures set aside."""
    first, second = pair
    keys = _keys(claim.text, first.span) | _keys(claim.text, second.span)
    if not sentence_gate(claim, best, threshold, keys):
        return None
    sentence = best.analysis.text
    span = Span(first.span.start, second.span.end)
    their = Span(their_pair[0].span.start, their_pair[1].span.end)
    message = (
        f"{_written(claim.text, span)} in the answer, {_written(sentence, their)}"
        f" in the evidence{note}"
    )
    return _sentence_mismatch(claim, best, span, their, message)


def _is_tally(first: Value, second: Value) -> bool:
    """Two whole numbers without a unit, the first no smaller than the second."""
    return (
        first.kind == "number" == second.kind
        and first.unit is None is second.unit
        and isinstance(first.value, Decimal)
        and isinstance(second.value, Decimal)
        and first.value == first.value.to_integral_value()
        and second.value == second.value.to_integral_value()
        and first.value >= second.value
    )


#: What a measure is of, right after it ("18 g of sugar", "2 litres of water").
_OF_NOUN = re.compile(r"\s+of\s+([^\W\d_]+)")


def _counted_other(
    claim: Claim,
    values: Sequence[Value],
    passages: Sequence[Passage],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> Reason | None:
    """``value_mismatch`` for "18 g of fat" against "18 g of sugar": the sentence bears the
    measure out, but of another thing, and no passage names the claim's thing at all."""
    sentence = best.analysis.text
    for value in values:
        if value.kind != "measure":
            continue
        mine = _OF_NOUN.match(claim.text, value.span.end)
        if mine is None or mine.group(1).casefold() in STOPWORDS:
            continue
        thing = stem(mine.group(1).casefold())
        if any(p.holds_stem(thing) for p in passages):
            continue
        for other in read_values_cached(sentence, locale, preset):
            if (
                not other.comparable
                or not pairable(value, other)
                or agree(value, other) is not True
            ):
                continue
            theirs = _OF_NOUN.match(sentence, other.span.end)
            if theirs is None or theirs.group(1).casefold() in STOPWORDS:
                continue
            if stem(theirs.group(1).casefold()) == thing:
                break  # of the same thing after all
            if not sentence_gate(claim, best, threshold, frozenset({thing})):
                return None
            span = Span(value.span.start, mine.end())
            their = Span(other.span.start, theirs.end())
            message = (
                f"{_written(claim.text, span)} in the answer, "
                f"{_written(sentence, their)} in the evidence"
            )
            return _sentence_mismatch(claim, best, span, their, message)
    return None


#: The kinds of value a span of time is written with ("between 3 March and 21 April"):
#: dates and months, not bare years (a season, "1904-1905", shares its first year with
#: many spans, "between 1904 and 1913", that are not it).
_DATED = frozenset({"date", "month"})


def _date_ranges(values: Sequence[Value]) -> list[tuple[Value, Value]]:
    """The spans of time a text reads ("between 3 March and 21 April 2026", "from May to
    July"): two dated values in a row read as a range's ends, each made comparable (a
    range's ends are not figures of their own)."""
    return [
        (replace(first, comparable=True, note=None), replace(second, comparable=True, note=None))
        for first, second in pairwise(values)
        if first.note == "range" == second.note and first.kind in _DATED and second.kind in _DATED
    ]


def _end_agrees(mine: Value, theirs: Value) -> bool | None:
    """:func:`agree` of two ends of spans of time, None when they do not pair."""
    return agree(mine, theirs) if pairable(mine, theirs) else None


def _moved_range_end(
    claim: Claim,
    values: Sequence[Value],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> Reason | None:
    """``value_mismatch`` for a span of time with one end moved: "sold between 3 March
    and 21 May" against "between 3 March and 21 April". The other end agreeing is what
    pairs the two spans (both ends differing may be another span); the sentence must
    otherwise cover the claim."""
    mine = _date_ranges(values)
    if not mine:
        return None
    sentence = best.analysis.text
    theirs = _date_ranges(read_values_cached(sentence, locale, preset))
    for start, end in mine:
        for their_start, their_end in theirs:
            opening = _end_agrees(start, their_start)
            closing = _end_agrees(end, their_end)
            if opening is True and closing is False:
                moved, their = end, their_end
            elif closing is True and opening is False:
                moved, their = start, their_start
            else:
                continue
            if not sentence_gate(claim, best, threshold, _keys(claim.text, moved.span)):
                return None
            message = (
                f"{_written(claim.text, moved.span)} in the answer, "
                f"{_written(sentence, their.span)} in the evidence"
            )
            return _sentence_mismatch(claim, best, moved.span, their.span, message)
    return None


def _falls(first: Value, second: Value) -> bool:
    """Whether a pair's second number is below its first ("19 to 12")."""
    one, two = first.value, second.value
    return isinstance(one, Decimal) and isinstance(two, Decimal) and two < one


#: The group a figure is given for, right after it and its unit: "180 mL with placebo",
#: "20% in women", "5 mg for children", "three years of Android upgrades" (the word is
#: the group).
_SLOT_AFTER = re.compile(
    r"\s*(?:with|in|among|for|on|of)\s+(?:the\s+|a\s+|an\s+)?(?P<word>[^\W\d_][\w-]*)",
    re.IGNORECASE,
)


def _slot(text: str, span: Span) -> tuple[str, int] | None:
    """(the stemmed group word right after the figure at ``span``, where that word ends)
    (:data:`_SLOT_AFTER`); ``None`` when no group word follows."""
    found = _SLOT_AFTER.match(text, span.end)
    if found is None:
        return None
    word = found.group("word").casefold()
    return None if word in STOPWORDS else (stem(word), found.end())


def _slot_swap(
    claim: Claim,
    compared: Sequence[Value],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> Reason | None:
    """``value_mismatch`` for "FEV1 improved by 180 mL with placebo" against "improved by
    180 mL with ferocort, compared with 40 mL with placebo": the claimed figure stands in
    the sentence for another group, and the claim's group has another figure there. The
    group is the word right after each figure ("with placebo", "in women"); no figure of
    the claim's group may agree, and the sentence must otherwise cover the claim."""
    groups = [(value, _slot(claim.text, value.span)) for value in compared]
    if all(at is None for _, at in groups):
        return None  # the claim first: a sentence's figures are read for a claimed group
    sentence = best.analysis.text
    theirs = [v for v in read_values_cached(sentence, locale, preset) if v.comparable]
    if len(theirs) < 2:
        return None
    slots = [(other, _slot(sentence, other.span)) for other in theirs]
    for value, mine in groups:
        if mine is None:
            continue
        group = mine[0]
        same = [(o, at) for o, at in slots if at and at[0] == group and agree(value, o) is not None]
        if not same or any(agree(value, other) is True for other, _ in same):
            continue
        if not any(
            agree(value, other) is True and at is not None and at[0] != group for other, at in slots
        ):
            continue  # the figure stands for no other group: nothing was swapped
        if not sentence_gate(claim, best, threshold, _keys(claim.text, value.span)):
            continue
        partner, (_, end) = same[0]
        message = (
            f"{_written(claim.text, Span(value.span.start, mine[1]))} in the answer, "
            f"{_written(sentence, Span(partner.span.start, end))} in the evidence"
        )
        return _sentence_mismatch(claim, best, value.span, partner.span, message)
    return None


def _sentence_mismatch(
    claim: Claim, best: BestSentence, span: Span, their: Span, message: str
) -> Reason:
    """``value_mismatch`` between the claim's ``span`` and ``their`` span of its best
    sentence (both relative to their texts; shifted here into the answer and the chunk)."""
    return Reason(
        "value_mismatch",
        message,
        span.shift(claim.span.start),
        best.passage.id,
        their.shift(best.span.start),
    )


def _prices(text: str, locale: str | None, preset: Preset) -> list[Value]:
    """The prices a text states: comparable sums of money above nothing, in order."""
    return [
        v
        for v in read_values_cached(text, locale, preset)
        if v.kind == "money" and v.comparable and isinstance(v.value, Decimal) and v.value > 0
    ]


def _free_span(match: re.Match[str]) -> Span:
    """Where a match of :data:`_FREE` says "free": all of it, or from the word "free" on
    when a verb opens it ("is free")."""
    start = match.start()
    if not match.group().casefold().startswith(("free", "for", "at")):
        start += match.group().casefold().rindex("free")
    return Span(start, match.end())


def _free_in_sentence(claim: Claim, best: BestSentence) -> re.Match[str] | None:
    """Where the best sentence says something is free (:data:`_FREE`), when neither the
    claim nor the sentence says "included", "except" or the like (the sentence's own
    "free" aside): the evidence side of a price or a payment against "free"."""
    match = _FREE.search(best.analysis.text)
    if match is None or not _PRICE_EXCEPTIONS.isdisjoint(claim.analysis.words):
        return None
    if not (_PRICE_EXCEPTIONS - {"free"}).isdisjoint(best.analysis.words):
        return None
    return match


def _price_against_free(
    claim: Claim, best: BestSentence, threshold: float, locale: str | None, preset: Preset
) -> Reason | None:
    """``value_mismatch`` when the claim prices something the sentence that otherwise
    covers it says is free: "Late check-out costs 25 euros" against "Late check-out is
    free of charge" (:func:`_free_against_price` the other way round). Never when either
    side says "included", "except" or the like, nor when the sentence prices anything."""
    match = _free_in_sentence(claim, best)
    if match is None:
        return None
    sentence = best.analysis.text
    prices = _prices(claim.text, locale, preset)
    if not prices or any(v.kind == "money" for v in read_values_cached(sentence, locale, preset)):
        return None
    price = prices[0]
    if not sentence_gate(claim, best, threshold, _keys(claim.text, price.span) | _FREE_WORDS):
        return None
    their = _free_span(match)
    free = " ".join(their.of(sentence).split())
    message = f"{_written(claim.text, price.span)} in the answer, {free!r} in the evidence"
    return _sentence_mismatch(claim, best, price.span, their, message)


#: Words that say a thing has no cap ("unlimited withdrawals").
_UNLIMITED = frozenset({"unlimited", "limitless", "uncapped"})


def _unlimited_against_cap(
    claim: Claim, best: BestSentence, threshold: float, locale: str | None, preset: Preset
) -> Reason | None:
    """``value_mismatch`` when one side calls a thing unlimited and the other caps it:
    "Unlimited withdrawals are allowed" against "make up to three withdrawals a year",
    or the other way round. The capped thing is one of the two words after the figure,
    and the unlimited one the content word right after "unlimited"; the two must be the
    same word, and the side that caps it must not call it unlimited too ("unlimited
    calls and up to 20 GB of data" caps data only)."""
    mine, theirs = claim.analysis, best.analysis
    for free, capped, claim_free in ((mine, theirs, True), (theirs, mine, False)):
        if free.vocabulary.isdisjoint(_UNLIMITED):
            continue
        uncapped = _unlimited_things(capped)
        for index, word in enumerate(free.words):
            if word not in _UNLIMITED or (index and free.words[index - 1] in NEGATIONS):
                continue
            thing = context_stems(free, index, 0, 1)
            if not thing or uncapped & thing:
                continue
            cap = _cap_of(capped.text, thing, locale, preset)
            if cap is None:
                continue
            if not sentence_gate(claim, best, threshold, frozenset({stem(word)})):
                return None
            said = free.locate_word(word, free.words[:index].count(word))
            said = Span(said.start, _word_end(free.text, said.end))
            mine_span, their_span = (said, cap) if claim_free else (cap, said)
            message = (
                f"{mine_span.of(mine.text)!r} in the answer, "
                f"{their_span.of(theirs.text)!r} in the evidence"
            )
            return _sentence_mismatch(claim, best, mine_span, their_span, message)
    return None


def _unlimited_things(analysis: Analysis) -> frozenset[str]:
    """The stems of the words right after "unlimited" in a text."""
    found: set[str] = set()
    for index, word in enumerate(analysis.words):
        if word in _UNLIMITED:
            found |= context_stems(analysis, index, 0, 1)
    return frozenset(found)


def _cap_of(text: str, thing: frozenset[str], locale: str | None, preset: Preset) -> Span | None:
    """The span of an upper bound of ``text`` ("up to three withdrawals", "a maximum of 5
    guests") whose figure is followed by a word of ``thing``, from the qualifier to it."""
    for interval in qualified(text, read_values_cached(text, locale, preset)):
        if interval.form != "upper":
            continue
        end = interval.span.end
        tail = analyse(text[end : end + 40])
        for index, stemmed in enumerate(tail.stems[:2]):
            if stemmed in thing:
                word = tail.words[index]
                stop = end + tail.locate_word(word, tail.words[:index].count(word)).end
                start = text.rfind(interval.word, 0, interval.span.start)
                return Span(start if start >= 0 else interval.span.start, stop)
    return None


def _word_end(text: str, at: int) -> int:
    """The end of the word after ``at`` (its next word, for a span that names the thing)."""
    match = _NEXT_WORD.match(text, at)
    return match.end() if match else at


_NEXT_WORD = re.compile(r"\s*[^\W_]+")


#: A claim that someone must pay, with no price named: "will have to pay for the
#: repair", "owners are charged", "at their own expense".
_MUST_PAY = re.compile(
    r"\b(?:(?:have|has|had|need|needs|needed|must|will)\s+(?:to\s+)?pay"
    r"|(?:is|are|was|were|be|being|get|gets)\s+charged"
    r"|at\s+(?:their|your|his|her|its|the\s+\w+'s)\s+own\s+(?:cost|expense))\b",
    re.IGNORECASE,
)
_PAY_WORDS = frozenset(map(stem, "pay charge charged cost expense own".split()))


def _payment_against_free(claim: Claim, best: BestSentence, threshold: float) -> Reason | None:
    """``value_mismatch`` when the claim says someone must pay and the sentence that
    otherwise covers it says the thing is free: "Owners will have to pay for the repair"
    against "dealers will repair the cars free of charge". Never when either side says
    "included", "except" or the like."""
    match = _free_in_sentence(claim, best)
    if match is None:
        return None
    sentence = best.analysis.text
    paying = _MUST_PAY.search(claim.text)
    if paying is None or _negated_before(claim.text, paying.start()):
        return None
    if not sentence_gate(claim, best, threshold, _PAY_WORDS | _FREE_WORDS):
        return None
    their = _free_span(match)
    span = Span(paying.start(), paying.end())
    message = f"{span.of(claim.text)!r} in the answer, {their.of(sentence)!r} in the evidence"
    return _sentence_mismatch(claim, best, span, their, message)


def _negated_before(text: str, at: int) -> bool:
    """Whether a negation word stands among the three words before ``at``."""
    return not NEGATIONS.isdisjoint(w.lower() for w in text[:at].split()[-3:])


#: The days of the week, as a text's vocabulary holds them, singular and plural.
_WEEKDAYS = frozenset(
    day + plural
    for day in "monday tuesday wednesday thursday friday saturday sunday".split()
    for plural in ("", "s")
)


#: How many days of the week of a claim, and of its sentence, :func:`_other_weekday`
#: reads (a hostile run of days must not make the work grow with its square).
_DAYS_READ = 12


def _day(word: str) -> str:
    """A day of the week in the singular ("mondays" -> "monday")."""
    return word[:-1] if word.endswith("s") else word


def _other_weekday(
    claim: Claim, passages: Sequence[Passage], best: BestSentence, threshold: float
) -> Reason | None:
    """``value_mismatch`` for a day of the week no passage names, where the sentence that
    restates the claim has another day in its place: "returned to normal on Thursday
    morning" against "on Wednesday morning". The same word stands right before both days,
    and the same content word right after both or right before both (other days passed
    over); the claim does not name the evidence's day itself."""
    mine, theirs = claim.analysis, best.analysis
    mine_days = {_day(w) for w in _WEEKDAYS & mine.vocabulary}
    days = {w for w in _WEEKDAYS & theirs.vocabulary if _day(w) not in mine_days}
    if not days:
        return None
    named = {_day(day) for passage in passages for day in _WEEKDAYS & passage.vocabulary}
    skip = frozenset(stem(day) for day in _WEEKDAYS)
    places = [j for j, w in enumerate(theirs.words) if w in days and j > 0][:_DAYS_READ]
    claimed = [
        i for i, w in enumerate(mine.words) if w in _WEEKDAYS and _day(w) not in named and i > 0
    ]
    for i in claimed[:_DAYS_READ]:
        word = mine.words[i]
        after = context_stems(mine, i, 0, 1, skip)
        before = context_stems(mine, i, 1, 0, skip)
        for j in places:
            their_word = theirs.words[j]
            if theirs.words[j - 1] != mine.words[i - 1]:
                continue
            if not (
                (after and after == context_stems(theirs, j, 0, 1, skip))
                or (before and before == context_stems(theirs, j, 1, 0, skip))
            ):
                continue
            if not sentence_gate(claim, best, threshold, frozenset({mine.stems[i]})):
                return None
            span = mine.locate_word(word, mine.words[:i].count(word))
            their = theirs.locate_word(their_word, theirs.words[:j].count(their_word))
            message = f"{span.of(mine.text)} in the answer, {their.of(theirs.text)} in the evidence"
            return _sentence_mismatch(claim, best, span, their, message)
    return None


#: A thing said to hold the whole year round ("open all year", "year-round").
_YEAR_ROUND = re.compile(
    r"\b(?:all\s+(?:the\s+)?year(?:\s+round)?|year[-\s]round|throughout\s+the\s+year)\b",
    re.IGNORECASE,
)
_YEAR_ROUND_WORDS = frozenset(map(stem, "all year round throughout".split()))


def _season_against_year_round(
    claim: Claim, best: BestSentence, threshold: float, locale: str | None, preset: Preset
) -> Reason | None:
    """``value_mismatch`` when one side says a thing holds all year and the other gives
    it a span of months: "The rooftop pool is open all year" against "the rooftop pool is
    open from May to September", or the other way round. The sentence must otherwise
    cover the claim, and the side with the months must not say "all year" too."""
    mine, theirs = claim.text, best.analysis.text
    for year_text, months_text, claim_says_year in ((mine, theirs, True), (theirs, mine, False)):
        match = _YEAR_ROUND.search(year_text)
        if match is None or _YEAR_ROUND.search(months_text):
            continue
        spans = [
            (first, second)
            for first, second in _date_ranges(read_values_cached(months_text, locale, preset))
            if first.kind == "month" == second.kind
        ]
        if not spans:
            continue
        if not sentence_gate(claim, best, threshold, _YEAR_ROUND_WORDS):
            return None
        year_span = Span(match.start(), match.end())
        first, second = spans[0]
        months = Span(_range_start(months_text, first.span.start), second.span.end)
        mine_span, their_span = (year_span, months) if claim_says_year else (months, year_span)
        message = (
            f"{_written(mine, mine_span)!r} in the answer, "
            f"{_written(theirs, their_span)!r} in the evidence"
        )
        return _sentence_mismatch(claim, best, mine_span, their_span, message)
    return None


def _range_start(text: str, start: int) -> int:
    """Where a span of months begins: at its "from" or "between" right before it."""
    before = text[:start].rstrip()
    for word in ("from", "between"):
        if before.casefold().endswith(word):
            return len(before) - len(word)
    return start


#: Fraction words and the part of a whole each names ("a third", "two thirds").
_FRACTIONS: dict[str, int] = {
    "half": 2,
    "halves": 2,
    "third": 3,
    "thirds": 3,
    "quarter": 4,
    "quarters": 4,
    "fifth": 5,
    "fifths": 5,
    "tenth": 10,
    "tenths": 10,
}
#: Words that count the parts before a fraction word ("a third", "two thirds").
_PARTS: dict[str, int] = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}


def _fraction_at(words: Sequence[str], index: int) -> tuple[tuple[int, int], int]:
    """((parts, whole), where the fraction starts) of the fraction word at ``index``."""
    whole = _FRACTIONS[words[index]]
    if index and words[index - 1] in _PARTS:
        return (_PARTS[words[index - 1]], whole), index - 1
    return (1, whole), index


def _other_fraction(
    claim: Claim, passages: Sequence[Passage], best: BestSentence, threshold: float
) -> Reason | None:
    """``value_mismatch`` for a fraction no passage states, where the sentence that
    restates the claim has another in its place: "cut their salt intake by a third"
    against "cut their salt intake by half". The word before the two fractions is the
    same ("by"), or both open their sentence, and so is the content word right after
    them or right before them."""
    mine, theirs = claim.analysis, best.analysis
    places = [j for j, w in enumerate(theirs.words) if w in _FRACTIONS][:_DAYS_READ]
    if not places:
        return None
    stated = {
        _fraction_at(reading.words, k)[0]
        for p in passages
        if not p.vocabulary.isdisjoint(_FRACTIONS)
        for _, reading in p.sentences
        if not reading.vocabulary.isdisjoint(_FRACTIONS)
        for k, w in enumerate(reading.words)
        if w in _FRACTIONS
    }
    skip = frozenset(_FRACTIONS) | frozenset(_PARTS)
    claimed = [i for i, w in enumerate(mine.words) if w in _FRACTIONS][:_DAYS_READ]
    for i in claimed:
        share, first = _fraction_at(mine.words, i)
        if share in stated:
            continue
        after = context_stems(mine, i, 0, 1, skip)
        before = context_stems(mine, first, 1, 0, skip)
        for j in places:
            their_first = _fraction_at(theirs.words, j)[1]
            if (first == 0) != (their_first == 0) or (
                first and theirs.words[their_first - 1] != mine.words[first - 1]
            ):
                continue  # the same word before both, or both open the sentence
            if not (
                (after and after == context_stems(theirs, j, 0, 1, skip))
                or (before and before == context_stems(theirs, their_first, 1, 0, skip))
            ):
                continue
            if not sentence_gate(claim, best, threshold, frozenset({mine.stems[i]})):
                return None
            span = _words_span(mine, first, i)
            their = _words_span(theirs, their_first, j)
            message = f"{span.of(mine.text)} in the answer, {their.of(theirs.text)} in the evidence"
            return _sentence_mismatch(claim, best, span, their, message)
    return None


def _words_span(analysis: Analysis, first: int, last: int) -> Span:
    """The span from word ``first`` to word ``last`` of a text."""
    words = analysis.words
    start = analysis.locate_word(words[first], words[:first].count(words[first]))
    end = analysis.locate_word(words[last], words[:last].count(words[last]))
    return Span(start.start, end.end)


#: A claim that something costs nothing: "free of charge", "for free", "at no cost", "is
#: free", "free to use" (not "free to leave", "free of sugar", "free time").
_FREE = re.compile(
    r"\b(?:free\s+of\s+charge|for\s+free|at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)"
    r"|free\s+to\s+(?:use|download|join|enter|attend|play|access|watch|install|visit|park)"
    r"|(?:is|are|was|were|be|remains?|comes?|stays?)\s+(?:completely\s+|entirely\s+|totally\s+"
    r"|always\s+)?free\b(?!\s+(?:of|from|to|time|will|trial|kick|throw|speech|agent|range)\b)"
    r"(?!-))",
    re.IGNORECASE,
)
#: Words of an evidence sentence that let a price and "free" stand together: the price
#: holds for some, the thing is free for others ("costs 10 euros, except on Sundays").
_PRICE_EXCEPTIONS = frozenset(
    """
    free complimentary included includes including gratis waived exempt except unless
    but however whereas while only otherwise although though discount discounted
    """.split()
)
_FREE_WORDS = frozenset(map(stem, "free charge cost".split()))


def _free_against_price(
    claim: Claim, best: BestSentence, threshold: float, locale: str | None, preset: Preset
) -> Reason | None:
    """``value_mismatch`` when the claim says something is free and the sentence that
    otherwise covers it prices it: "Late check-out is free of charge" against "Late
    check-out costs 25 euros". Never when that sentence says "free", "included", "except"
    or the like (:data:`_PRICE_EXCEPTIONS`): a price for some need not deny a free thing
    for others."""
    match = _FREE.search(claim.text)
    if match is None:
        return None
    sentence = best.analysis.text
    if _PRICE_EXCEPTIONS.isdisjoint(best.analysis.words):
        if not sentence_gate(claim, best, threshold, _FREE_WORDS):
            return None
        prices = _prices(sentence, locale, preset)
        if not prices:
            return None
        price = prices[0]  # every price of the sentence says it is not free
    else:
        found = _priced_clause(claim, best.analysis, threshold, locale, preset)
        if found is None:
            return None
        price = found
    span = _free_span(match)
    free = " ".join(span.of(claim.text).split())
    message = f"{free!r} in the answer, {_written(sentence, price.span)} in the evidence"
    return _sentence_mismatch(claim, best, span, price.span, message)


#: Where a sentence's clauses part: a semicolon, or a comma before "although", "but" and
#: the like ("check-out is by 11 am, although late check-out can be had for €20").
_PRICE_CLAUSE_OPENERS = frozenset("although though but while whereas".split())
_PRICE_CLAUSE_CUT = re.compile(
    rf";|,\s+(?=(?:{'|'.join(sorted(_PRICE_CLAUSE_OPENERS))})\b)", re.IGNORECASE
)


def _priced_clause(
    claim: Claim, reading: Analysis, threshold: float, locale: str | None, preset: Preset
) -> Value | None:
    """The first price of a clause of the sentence read as ``reading`` that holds no word
    of :data:`_PRICE_EXCEPTIONS` but its opening one, and holds every claim word the
    sentence holds, enough to cover the claim ("late check-out until 1 pm can be
    requested for a fee of €20", after ", although"): the exception words of another
    clause say nothing of this price. Offsets are the sentence's."""
    content = claim.analysis.content - _FREE_WORDS
    if not content:
        return None
    sentence = reading.text
    held = content & reading.content  # what the clause must hold all of
    start = 0
    cuts = [m.start() for m in _PRICE_CLAUSE_CUT.finditer(sentence)]
    for end in [*cuts, len(sentence)]:
        piece = sentence[start:end]
        clause = analyse(piece)
        words = clause.words
        opening = {words[0]} if words and words[0] in _PRICE_CLAUSE_OPENERS else set()
        if (
            _PRICE_EXCEPTIONS.isdisjoint(set(words) - opening)
            and held <= clause.content
            and len(held) / len(content) + 1e-9 >= threshold
        ):
            prices = _prices(piece, locale, preset)
            if prices:
                return replace(prices[0], span=prices[0].span.shift(start))
        start = end + 1
    return None


#: "the first hour", "the first 30 minutes", "every two years": the opening stretch of
#: something or how often it recurs, its length in a period's units (no number: one).
_FIRST = re.compile(
    r"\b(?P<lead>first|every|each)\s+(?:(?P<count>\d+(?:\.\d+)?|[a-z]+)\s+)?"
    r"(?P<unit>second|minute|hour|day|night|week|fortnight|month|year)s?\b",
    re.IGNORECASE,
)
#: A period's length in the smallest unit of its group; periods of two groups (a month
#: is 28 to 31 days) are never compared.
_PERIOD_LENGTHS: dict[str, tuple[str, int]] = {
    "second": ("time", 1),
    "minute": ("time", 60),
    "hour": ("time", 3_600),
    "day": ("time", 86_400),
    "night": ("time", 86_400),
    "week": ("time", 604_800),
    "fortnight": ("time", 1_209_600),
    "month": ("calendar", 1),
    "year": ("calendar", 12),
}


#: How often a thing recurs, in one word or with "once": "monthly", "once a week".
_EVERY_WORD = re.compile(
    r"\b(?:(?P<word>hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)"
    r"|once\s+(?:a|an|per|every)\s+(?P<unit>hour|day|night|week|fortnight|month|year))\b",
    re.IGNORECASE,
)
#: The period (and count of it) each word of :data:`_EVERY_WORD` recurs by.
_EVERY_PERIOD: dict[str, tuple[int, str]] = {
    "hourly": (1, "hour"),
    "daily": (1, "day"),
    "nightly": (1, "night"),
    "weekly": (1, "week"),
    "fortnightly": (1, "fortnight"),
    "monthly": (1, "month"),
    "quarterly": (3, "month"),
    "yearly": (1, "year"),
    "annually": (1, "year"),
}


_Stretch = tuple[re.Match[str], str, Decimal, bool]


def _first_stretch(text: str) -> _Stretch | None:
    """The one "first <count> <period>" (or "every ...", "monthly", "once a week") of a
    text: (match, its lead word and the period's group, length, count written); ``None``
    when it has none, several, or a count that is no number ("first few days")."""
    found = _stretches(text)
    return found[0] if len(found) == 1 else None


def _stretches(text: str) -> list[_Stretch | None]:
    """Every stretch of a text (:func:`_first_stretch`), in order, ``None`` for one whose
    count is no number; at most :data:`_STRETCHES_READ` of them."""
    found = list(islice(_FIRST.finditer(text), _STRETCHES_READ))
    if "ly" in text or "once" in text:
        found += islice(_EVERY_WORD.finditer(text), _STRETCHES_READ)
        found.sort(key=lambda match: match.start())
    return [_stretch(match) for match in found[:_STRETCHES_READ]]


#: How many stretches of one text are read (each is weighed against the claim's).
_STRETCHES_READ = 8


def _every_length(word: str) -> tuple[str, int]:
    """The group and length of the period a word of :data:`_EVERY_PERIOD` recurs by
    ("quarterly": calendar, 3 months)."""
    times, unit = _EVERY_PERIOD[word]
    group, length = _PERIOD_LENGTHS[unit]
    return group, times * length


def _stretch(match: re.Match[str]) -> _Stretch | None:
    """One match of :data:`_FIRST` or :data:`_EVERY_WORD` as a stretch."""
    if match.re is _EVERY_WORD:
        word = match.group("word")
        if word:
            group, length = _every_length(word.casefold())
        else:
            group, length = _PERIOD_LENGTHS[match.group("unit").casefold()]
        return match, f"every {group}", Decimal(length), False
    count_text = match.group("count")
    if count_text is None:
        count = Decimal(1)
    elif count_text[0].isdigit():
        count = Decimal(count_text)
    elif count_text.casefold() in SMALL:
        count = Decimal(SMALL[count_text.casefold()])
    else:
        return None
    group, length = _PERIOD_LENGTHS[match.group("unit").casefold()]
    lead = "every" if match.group("lead").casefold() == "each" else match.group("lead").casefold()
    return match, f"{lead} {group}", count * length, count_text is not None


def _stretch_in_place(text: str, claim_text: str, mine: _Stretch) -> _Stretch | None:
    """The stretch of ``text`` that stands where the claim's does: the only one, or among
    several the one alone in sharing most content words with the claim's own beside it
    ("the injection is given weekly" in "Tablets are taken twice daily; the injection is
    given weekly"); ``None`` when none shares any, two share as many, or any of them is
    as long as the claim's."""
    found = _stretches(text)
    if len(found) == 1:
        return found[0]
    if not found or None in found:
        return None
    if any(o and not _periods_differ((mine[1], mine[2]), (o[1], o[2])) for o in found):
        return None  # one of them bears the claim out: which is its place is not read
    near = _context(claim_text, Span(*mine[0].span()))
    shares = [len(near & _context(text, Span(*stretch[0].span()))) for stretch in found if stretch]
    top = max(shares, default=0)
    if top == 0 or shares.count(top) > 1:
        return None
    return found[shares.index(top)]


#: "once", "every 3" before a period: how often the claim says a thing recurs.
_RECURS = re.compile(
    r"\b(?:once\s+(?:a|an|per|every)|every)\s+(?:(?P<count>\d+|[a-z]+)\s+)?"
    r"(?P<unit>hour|day|night|week|fortnight|month|year)s?\b",
    re.IGNORECASE,
)


def _recurs_alike(text: str, value: Value, passages: Sequence[Passage]) -> bool:
    """Whether the claimed figure says how often a thing recurs ("once a month", "every
    three months") as a passage's word for it does ("monthly", "quarterly"): that word
    holds no figure to find."""
    for match in _RECURS.finditer(text, max(0, value.span.start - 16)):
        if match.start() > value.span.end:
            break
        if not (match.start() <= value.span.start < match.end()):
            continue
        count_text = (match.group("count") or "1").casefold()
        count = int(count_text) if count_text.isdigit() else SMALL.get(count_text)
        if count is None:
            return False
        group, length = _PERIOD_LENGTHS[match.group("unit").casefold()]
        said = (group, count * length)
        return any(
            _every_length(word) == said
            for passage in passages
            for word in _EVERY_PERIOD.keys() & passage.vocabulary
        )
    return False


#: "the first six months", "the last three months": a half or a quarter of a year.
_MONTHS_OF_YEAR = re.compile(
    r"\b(?P<which>first|second|third|fourth|last|final)\s+(?:(?:six|three|6|3)\s+)?months\b",
    re.IGNORECASE,
)
#: What a passage calls each half and quarter, by its months and the claim's ordinal:
#: "the first six months" is "the first half" or "H1", "the last three months" "the
#: fourth quarter" or "Q4".
_PART_NAMES: dict[tuple[int, str], re.Pattern[str]] = {
    (months, which): re.compile(rf"\b{ordinal}[\s-]+{word}\b|\b{letter}{number}\b", re.IGNORECASE)
    for months, word, letter, parts in (
        (6, "half", "H", ("first", "second")),
        (3, "quarter", "Q", ("first", "second", "third", "fourth")),
    )
    for number, ordinal in enumerate(parts, start=1)
    for which in ((ordinal, "last", "final") if number == len(parts) else (ordinal,))
}


def _part_of_year(text: str, value: Value, passages: Sequence[Passage]) -> bool:
    """Whether the claimed figure counts the months of a half or a quarter ("the first
    six months of 2024") that a passage names so ("the first half of 2024", "H1", "the
    third quarter", "Q3"): that name holds no figure to find."""
    months = value.value
    if value.unit != "month" or not isinstance(months, Decimal) or months not in (3, 6):
        return False
    for match in _MONTHS_OF_YEAR.finditer(text, max(0, value.span.start - 8)):
        if match.start() > value.span.start:
            break
        if not (match.start() <= value.span.start < match.end()):
            continue
        said = _PART_NAMES.get((int(months), match.group("which").casefold()))
        return said is not None and any(said.search(p.evidence.text) for p in passages)
    return False


#: Seconds in a calendar month and year, on average: periods of the two groups are
#: compared only when one is at least :data:`_APART` times the other ("weekly" /
#: "monthly"), never where a month and four weeks are both meant ("every 4 weeks").
_CALENDAR_SECONDS = {"month": Decimal(2_629_746), "year": Decimal(31_556_952)}
_APART = Decimal("1.5")


def _seconds(lead: str, length: Decimal) -> Decimal:
    """A stretch's length in seconds (a calendar one on average: months of 30.44 days)."""
    return length * _CALENDAR_SECONDS["month"] if lead.endswith("calendar") else length


def _periods_differ(mine: tuple[str, Decimal], theirs: tuple[str, Decimal]) -> bool:
    """Whether two stretches of one lead ("every") have other lengths: exactly, within a
    group of periods; across groups (weeks against months), only when far apart."""
    if mine[0] == theirs[0]:
        return mine[1] != theirs[1]
    if mine[0].split()[0] != theirs[0].split()[0]:
        return False
    short, long = sorted((_seconds(*mine), _seconds(*theirs)))
    return long >= short * _APART


def _first_period(claim: Claim, best: BestSentence, threshold: float) -> Reason | None:
    """``value_mismatch`` when the claim's opening stretch (or how often something recurs)
    has another length than the one of the sentence that otherwise covers it: "the first
    hour of every ride is included" against "the first 30 minutes of every ride are
    included", "every year" against "every two years". One side at least writes no count
    (two counts are the figure check's to compare)."""
    mine = _first_stretch(claim.text)
    if mine is None:
        return None
    theirs = _stretch_in_place(best.analysis.text, claim.text, mine)
    if (
        theirs is None
        or (mine[3] and theirs[3])
        or not _periods_differ((mine[1], mine[2]), (theirs[1], theirs[2]))
    ):
        return None
    if not sentence_gate(claim, best, threshold, _keys(claim.text, Span(*mine[0].span()))):
        return None
    return _share_reason(claim, best, Span(*mine[0].span()), Span(*theirs[0].span()))


#: "all of Skyvale's flights", "every flight", "none of the flights": the whole of
#: something, or none of it.
_WHOLE = re.compile(
    r"\b(?P<word>all|every|none|no|the\s+whole|the\s+entire)\s+(?:of\s+)?(?:(?:the|its|their|his|her|our|"
    r"[^\W\d_]+(?:'s|\u2019s))\s+)?(?P<noun>[^\W\d_]+)",
    re.IGNORECASE,
)
_WHOLE_WORDS = frozenset({"all", "every", "none", "no", "whole", "entire"})
#: A fraction of something: "about two thirds of the budget", "half of the rooms".
_FRACTION_OF = re.compile(
    r"\b(?:(?:a|one|two|three|four|five|seven|nine)\s+)?(?P<part>half|third|thirds|quarter"
    r"|quarters|fifth|fifths|tenth|tenths)\s+of\s+(?:(?:the|its|their|all)\s+)?"
    r"(?P<noun>[^\W\d_]+)",
    re.IGNORECASE,
)
_STRETCH_WORDS = frozenset({"first", "every", "each", "once", *_EVERY_PERIOD})
#: A share of something: "about 60% of flights", "60 percent of the flights".
_SHARE_OF = re.compile(
    r"\s*(?:of|of\s+(?:the|its|their|all)|of\s+[^\W\d_]+(?:'s|\u2019s))\s+"
    r"(?P<noun>[^\W\d_]+)",
    re.IGNORECASE,
)


def _whole_against_share(
    claim: Claim, best: BestSentence, threshold: float, locale: str | None, preset: Preset
) -> Reason | None:
    """``value_mismatch`` when the claim says all (or none) of something and the sentence
    that otherwise covers it gives a share of the same thing that is less than all (or
    more than none): "Bremen handles all of Skyvale's flights" against "Bremen handles
    about 60% of flights"."""
    whole = next(
        (m for m in _WHOLE.finditer(claim.text) if m.group("noun").casefold() not in STOPWORDS),
        None,
    )
    if whole is None:
        return None
    noun = stem(whole.group("noun").casefold())
    everything = whole.group("word").casefold() not in ("none", "no")
    sentence = best.analysis.text
    for part in _FRACTION_OF.finditer(sentence):  # a fraction: less than all, more than none
        if stem(part.group("noun").casefold()) != noun:
            continue
        if not sentence_gate(claim, best, threshold, _whole_words(whole)):
            return None
        return _share_reason(claim, best, Span(whole.start(), whole.end()), Span(*part.span()))
    for value in read_values_cached(sentence, locale, preset):
        if value.kind != "percent" or not isinstance(value.value, Decimal):
            continue
        share_of = _SHARE_OF.match(sentence, value.span.end)
        if share_of is None or stem(share_of.group("noun").casefold()) != noun:
            continue
        if (value.value >= 100) if everything else (value.value <= 0):
            return None  # "100% of flights" is all of them
        if not sentence_gate(claim, best, threshold, _whole_words(whole)):
            return None
        their = Span(value.span.start, share_of.end())
        return _share_reason(claim, best, Span(whole.start(), whole.end()), their)
    return None


def _whole_words(whole: re.Match[str]) -> frozenset[str]:
    """The words of "all of", "the whole", set aside when asking whether a sentence covers
    the claim."""
    return analyse(whole.group("word")).content | {whole.group("word").casefold()}


def _share_reason(claim: Claim, best: BestSentence, span: Span, their: Span) -> Reason:
    """``value_mismatch`` between two phrases quoted as written ("'all of the budget' in
    the answer, 'two thirds of the budget' in the evidence")."""
    message = (
        f"{_written(claim.text, span)!r} in the answer, "
        f"{_written(best.analysis.text, their)!r} in the evidence"
    )
    return _sentence_mismatch(claim, best, span, their, message)


def _shown(text: str, interval: Interval) -> str:
    """A qualified figure as written with its qualifier: "below 30 °C", "5-10 days"."""
    written = _written(text, interval.span)
    word = interval.word
    if word == "between":
        return f"between {written}"
    if interval.form == "range" or not word:
        return written
    if word in ("+", "-odd"):
        return written + word
    if not word[0].isalpha():
        return word + written
    if text[interval.span.end :].lstrip().casefold().startswith(word.casefold()):
        return f"{written} {word}"
    return f"{word} {written}"


def _check_qualified(
    claim: Claim,
    values: Sequence[Value],
    passages: Sequence[Passage],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> list[Reason]:
    """A bound, approximation or range of the claim against the figures of the best
    sentence that otherwise covers it (:mod:`~grounding_guard.text.figures.intervals`):
    its partner is the figure of the same dimension whose neighbouring words it shares
    most (none in common, when both have some: no partner); a partner that implies the
    claim's interval bears it out, one that contradicts it is ``value_mismatch``."""
    mine = qualified(claim.text, list(values))
    if not mine:
        return []
    sentence = best.analysis.text
    found = read_values_cached(sentence, locale, preset)
    theirs: list[Interval | Value] = [*qualified(sentence, found)]
    theirs.extend(v for v in found if v.comparable and v.kind in _NUMERIC)
    if not theirs:
        return []
    reasons: list[Reason] = []
    shelves: dict[tuple[str, tuple[str, str | None]], _Shelf] = {}
    gate = SentenceGate(claim, best, threshold)
    sentence_content = best.analysis.content
    for interval in mine:
        key = (_group(interval.value), unit_base(interval.unit))
        shelf = shelves.get(key)
        if shelf is None:
            shelf = shelves[key] = _Shelf(sentence, theirs, *key)
        near = _context(claim.text, interval.span, whole=True) - _qualifier_words(interval)
        keep = None
        if _is_count(interval.value):  # "40 rooms" never pairs "four floors"
            counted = _following(claim.text, interval.span)

            def keep(other: Interval | Value, counted: list[str] = counted) -> bool:
                return not _counts_other(counted, _following(sentence, other.span))

        leaders = shelf.leaders(near, keep)
        if not leaders and interval.form in ("upper", "lower"):
            bridged = _bound_in_a_unit(interval, theirs, claim.text, sentence, near)
            if bridged is not None:
                interval, leaders = bridged[0], [bridged[1]]
            else:
                leaders = _alike_bound(interval, shelf.others)
            if keep is not None:
                leaders = [other for other in leaders if keep(other)]
        if not leaders or any(implies(interval, other) is not False for other in leaders):
            continue  # no partner, or one of those sharing most words may bear it out
        partner = leaders[0]
        # the figure and its qualifier ("more than") are what differs, not what covers
        if not gate.covers(_keys(claim.text, interval.span) | analyse(interval.word).content):
            continue
        if _bound_stated_elsewhere(
            interval, near - sentence_content, passages, best, locale, preset
        ):
            continue
        if isinstance(partner, Interval):
            said = _shown(sentence, partner)
            unit = partner.unit
        else:
            said = _written(sentence, partner.span)
            unit = partner.unit
        message = f"{_shown(claim.text, interval)} in the answer, {said} in the evidence"
        if unit != interval.unit:
            message += _conversion_note(claim.text, interval.value, _partner_value(partner))
        reasons.append(_sentence_mismatch(claim, best, interval.span, partner.span, message))
    return reasons


def _bound_stated_elsewhere(
    interval: Interval,
    distinctive: frozenset[str],
    passages: Sequence[Passage],
    best: BestSentence,
    locale: str | None,
    preset: Preset,
) -> bool:
    """Whether another sentence of the passages states a bound that bears the claimed one
    out and holds a word beside the claimed figure that the best sentence lacks: "up to
    £1,500 for baggage" in an answer that joins the cancellation and the baggage
    limits, against "Baggage cover: up to £1,500" in another passage."""
    if not distinctive:
        return False
    for passage in passages:
        for bag in passage.bags:
            if (
                passage is best.passage and bag.text == best.analysis.text
            ) or distinctive.isdisjoint(bag.content):
                continue
            found = read_values_cached(bag.text, locale, preset)
            if any(implies(interval, other) is True for other in qualified(bag.text, found)):
                return True
    return False


def _alike_bound(interval: Interval, others: Sequence[Interval | Value]) -> list[Interval | Value]:
    """The one bound of the sentence's shelf on the claimed bound's side that its
    qualifier names alike ("a £2.50 minimum" / "a minimum of £1.50"), where no neighbour
    word pairs them; none when there are several such bounds, or none."""
    words = _qualifier_words(interval)
    alike: list[Interval | Value] = [
        other
        for other in others
        if isinstance(other, Interval)
        and other.form == interval.form
        and _qualifier_words(other) == words
    ]
    return alike if len(alike) == 1 and words else []


#: How far apart a bare bound and a bound in a unit may be to be read as one quantity.
_BARE_RATIO = 4


def _bound_in_a_unit(
    interval: Interval,
    theirs: Sequence[Interval | Value],
    claim_text: str,
    sentence: str,
    near: frozenset[str],
) -> tuple[Interval, Interval] | None:
    """A bound that one side writes bare and the other in a unit ("riders under 16" and
    "at least 16 years old", "under 14 years" and "children under 12"), when the sentence
    has one such bound that sets the same number or has the same qualifier side and
    shares a word beside it: (the claim's interval, its partner), the bare one read in
    the other's unit. ``None`` when no bound, or several, qualify."""
    bare = interval.unit is None
    if bare and interval.value.kind != "number":
        return None
    found = [
        other
        for other in theirs
        if isinstance(other, Interval)
        and other.form in ("upper", "lower")
        and (other.unit is None) != bare
        and (other.value.kind == "number" if not bare else other.unit is not None)
        and (interval.value.value in (other.low, other.high) or other.form == interval.form)
        and not near.isdisjoint(_context(sentence, other.span))
    ]
    if len(found) != 1:
        return None
    partner = found[0]
    bare_one, text = (interval, claim_text) if bare else (partner, sentence)
    if _following(text, bare_one.span, 1):
        return None  # "at most 8 people": it counts something, it is not bare
    mine, theirs_number = interval.value.value, partner.value.value
    if not (
        isinstance(mine, Decimal)
        and isinstance(theirs_number, Decimal)
        and mine > 0
        and theirs_number > 0
        and max(mine, theirs_number) <= _BARE_RATIO * min(mine, theirs_number)
    ):
        return None  # "at most 8" against "at most 600 kilograms": no one quantity
    if bare:
        return _in_unit_of(interval, partner), partner
    return interval, _in_unit_of(partner, interval)


def _in_unit_of(bare: Interval, other: Interval) -> Interval:
    """A bare bound read in the unit (and kind) of ``other``."""
    value = replace(
        bare.value, kind=other.value.kind, unit=other.unit, dimension=other.value.dimension
    )
    return replace(bare, value=value)


def _qualifier_words(interval: Interval) -> frozenset[str]:
    """The content stems of an interval's own qualifier ("up" of "up to"): they tell how
    a figure is bounded, not what it counts, so they pair no two figures."""
    return analyse(interval.word).content


#: The unit bases of calendar spans and of fixed spans of time.
_TIME_BASES = {("base", "month"), ("base", "s")}


class _Shelf:
    """The figures and intervals of the best sentence that a claimed interval of one
    group and unit base may pair with (the same dimension, a unit that converts), each
    with the content stems beside it (:func:`_context`, read once), and which of them
    hold each stem: a claimed interval meets those sharing a word with it, not all."""

    def __init__(
        self,
        sentence: str,
        theirs: Sequence[Interval | Value],
        group: str,
        base: tuple[str, str | None],
    ) -> None:
        self.others: list[Interval | Value] = []
        self.silent: list[int] = []  # those with no content word beside them
        self.postings: dict[str, list[int]] = {}
        for other in theirs:
            value = other.value if isinstance(other, Interval) else other
            if not isinstance(value, Value) or _group(value) != group:
                continue
            other_base = unit_base(value.unit)
            # the same unit, or one that converts, or a span of time of the other kind
            # (months against days, by the days a month may hold)
            if other_base != base and {other_base, base} != _TIME_BASES:
                continue
            index = len(self.others)
            self.others.append(other)
            context = _context(sentence, other.span, whole=True)
            if isinstance(other, Interval):
                context -= _qualifier_words(other)
            if not context:
                self.silent.append(index)
            for word in context:
                self.postings.setdefault(word, []).append(index)

    def leaders(
        self, near: frozenset[str], keep: Callable[[Interval | Value], bool] | None = None
    ) -> list[Interval | Value]:
        """The partners in view of a claimed interval with ``near`` beside it, in order:
        those sharing most of ``near``; when none shares any, those with no word beside
        them (a partner with words, none in common, is no partner); every one when
        ``near`` is empty. Only those ``keep`` accepts take part (a count of other things
        never outranks the figure of the claim's own: "600 swimmers from 22 clubs")."""
        others = self.others
        if not near:
            return [o for o in others if keep is None or keep(o)]
        shared: dict[int, int] = {}
        for word in near:
            for index in self.postings.get(word, ()):
                if keep is None or keep(others[index]):
                    shared[index] = shared.get(index, 0) + 1
        if not shared:
            return [others[i] for i in self.silent if keep is None or keep(others[i])]
        top = max(shared.values())
        return [self.others[i] for i in sorted(i for i, n in shared.items() if n == top)]


def _partner_value(partner: Interval | Value) -> Value:
    """The value read of an evidence figure or interval (an interval's right end)."""
    return partner.value if isinstance(partner, Interval) else partner


@bounded_cache(4096, 2_000_000)
def _claim_values(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    # small on purpose: a unit is re-checked a few times (attribution, strict citations),
    # never thousands of times
    return read_fresh(text, locale, preset)


# -- names ---------------------------------------------------------------------------------


@bounded_cache(1024, 4_000_000)
def _evidence_form(text: str) -> str:
    return match_form(text)


class NamePattern:
    """Where a name-number ("Apollo 11", "python 3.12") stands in a text in match form:
    its words in order, each space or hyphen of the name optional or either one (or any
    white space) in the text, not inside a longer word or number ("apollo 1" is not in
    "apollo 1.5"; "python 3.12" is in "python 3.12.0").

    Matched by plain string search: compiling a pattern per name cost more than a whole
    check of a short claim. :meth:`regex` is the same rule as a pattern (the reference the
    tests hold the search to, and the reading of a name with a run of separators)."""

    __slots__ = ("_dotted", "_form", "_left", "_parts", "_regex")

    def __init__(self, name: str) -> None:
        form = self._form = match_form(name)
        parts = form.replace("-", " ").split(" ")
        self._parts: tuple[str, ...] | None = tuple(parts) if all(parts) else None
        self._left = form[:1].isalnum()  # a word's start: no letter or digit before it
        self._dotted = "." in form
        self._regex: re.Pattern[str] | None = None

    def regex(self) -> re.Pattern[str]:
        """The rule as a pattern."""
        found = self._regex
        if found is None:
            form = self._form
            body = "".join(r"[\s\-]?" if char in " -" else re.escape(char) for char in form)
            left = r"(?<![^\W_])" if self._left else ""
            right = r"(?![^\W_])" if self._dotted else r"(?![^\W_]|[.,]\d)"
            found = self._regex = re.compile(left + body + right)
        return found

    def search(self, text: str) -> bool:
        """Whether the name stands in ``text`` (a text in match form)."""
        parts = self._parts
        if parts is None:  # a run of separators, or one at an end: the pattern reads it
            return self.regex().search(text) is not None
        first, rest = parts[0], parts[1:]
        size = len(text)
        at = text.find(first)
        while at >= 0:
            if not (self._left and at and text[at - 1].isalnum()):
                end = at + len(first)
                for part in rest:
                    if end < size and (text[end] == "-" or text[end].isspace()):
                        end += 1  # the separator: the part cannot start on it
                    if not text.startswith(part, end):
                        break
                    end += len(part)
                else:
                    if self._ends(text, end):
                        return True
            at = text.find(first, at + 1)
        return False

    def _ends(self, text: str, end: int) -> bool:
        """Whether a match may end at ``end``: no letter or digit next, nor (undotted) a
        decimal or grouping point before a digit."""
        if end >= len(text):
            return True
        after = text[end]
        if after.isalnum():
            return False
        if self._dotted or after not in ".,":
            return True
        return not (end + 1 < len(text) and text[end + 1].isdecimal())


@bounded_cache(1024, 200_000)
def _name_pattern(name: str) -> NamePattern:
    return NamePattern(name)


@bounded_cache(1024, 200_000)
def _head_patterns(name: str) -> tuple[NamePattern, NamePattern] | None:
    """(the head of a name, the whole name): "apollo" and "apollo 17"; None for a name
    without a head word ("3.11.2", "#3")."""
    head = _name_head(name)
    if head is None:
        return None
    return _name_pattern(head), _name_pattern(name)


def _parts_stated(name: str, passages: Sequence[Passage]) -> bool:
    """A name-number whose head and number a passage states apart ("IPL 2018" against "the
    2018 IPL season", "Season 20" against "the twentieth season ... 20"): the name is
    there in other words. A head with another number only ("Apollo 11") is no match."""
    heads = _head_patterns(name)
    if heads is None:
        return False
    number = re.split(r"[\s\-#]+", name)[-1]
    return any(
        number in p.number_keys and heads[0].search(_evidence_form(p.evidence.text))
        for p in passages
    )


def _check_names(
    claim: Claim,
    names: list[Value],
    passages: Sequence[Passage],
    best: BestSentence | None,
    threshold: float,
    locale: str | None,
    rules: Preset,
) -> list[Reason]:
    """A name-number the passages do not hold: ``name_mismatch`` when a sentence that
    otherwise covers the claim holds the same head with another number in its place
    (:func:`_swapped_name`), else ``name_not_in_evidence`` (informational: alone, a
    missing name proved too often harmless on the dev sets to fail a unit)."""
    reasons: list[Reason] = []
    seen: set[str] = set()
    for value in names:
        if value.name is None or value.name in seen:
            continue
        seen.add(value.name)
        pattern = _name_pattern(value.name)
        if any(pattern.search(_evidence_form(p.evidence.text)) for p in passages):
            continue
        if _parts_stated(value.name, passages):
            continue
        written = _written(claim.text, value.span)
        swapped = _swapped_name(claim, value, best, threshold, locale, rules)
        if swapped is not None:
            ident, span, their = swapped
            reasons.append(
                Reason(
                    "name_mismatch",
                    f"{written!r} in the answer, {their!r} in the evidence",
                    value.span.shift(claim.span.start),
                    ident,
                    span,
                )
            )
            continue
        reasons.append(
            Reason(
                "name_not_in_evidence",
                f"{written!r} is not mentioned in the cited evidence",
                value.span.shift(claim.span.start),
            )
        )
    return reasons


def _name_head(name: str) -> str | None:
    """The head of a name-number as compared ("apollo" of "Apollo 17"); None for a name
    without a head word."""
    form = match_form(name)
    head = re.sub(r"[\s\-#]*[^\s\-#]*$", "", form).strip(" -")
    return head if len(head) >= 2 and head[0].isalpha() else None


def _swapped_name(
    claim: Claim,
    value: Value,
    best: BestSentence | None,
    threshold: float,
    locale: str | None,
    rules: Preset,
) -> tuple[str, Span, str] | None:
    """(evidence id, span, as written) of another name-number with the same head in the
    claim's best sentence (or a clause's, :func:`clause_units`), when that sentence covers
    the claim without the name's words: "Apollo 11" against "Apollo 17 landed ...". The
    head fixes the slot: the same series, another member."""
    if best is None or value.name is None:
        return None
    head = _name_head(value.name)
    if head is None:
        return None
    ignore = analyse(value.name).content
    claimed = _evidence_form(claim.text)
    for unit, sentence in clause_units(claim, best):
        text = sentence.span.of(sentence.passage.evidence.text)
        for other in read_values_cached(text, locale, rules):
            if (
                other.note not in NAME_NOTES
                or not other.name
                or match_form(other.name) == match_form(value.name)
                or _name_head(other.name) != head
                or _name_pattern(other.name).search(claimed)  # the claim names it too
            ):
                continue
            if not sentence_gate(unit, sentence, threshold, ignore):
                continue
            return (
                sentence.passage.id,
                other.span.shift(sentence.span.start),
                _written(text, other.span),
            )
    return None


# -- figures -------------------------------------------------------------------------------


class _SentenceValues(Sequence[tuple[Value, ...]]):
    """The comparable values of each sentence of a passage, each sentence read on first
    ask (a claim whose figures its best sentence bears out reads that sentence and the
    few that cover it, not the whole chunk). Reading is pure: a race between threads
    reads one sentence twice, never differently."""

    __slots__ = ("_locale", "_preset", "_read", "_starts", "_texts", "_united")

    def __init__(self, passage: Passage, locale: str | None, preset: Preset) -> None:
        # only a sentence with a digit or a value word ("million", "twelve") is read; its
        # text is all that is kept (not the passage: the table outlives it)
        text, spans = passage.evidence.text, passage.spans
        self._texts: list[str | None] = [None] * len(spans)
        for number in passage.figure_sentences(_FIGURE_WORDS):
            self._texts[number] = spans[number].of(text)
        self._locale = locale
        self._preset = preset
        self._read: list[tuple[Value, ...] | None] = [None] * len(spans)
        # the bare numbers of table rows that take their header's unit ("Weight (kg) |
        # 1.3" is 1.3 kg) stand in for the bare numbers their sentences read
        self._united = header_unit_values(text, locale, preset)
        self._starts = [span.start for span in spans] if self._united else []

    def __len__(self) -> int:
        return len(self._read)

    @overload
    def __getitem__(self, index: int) -> tuple[Value, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Value, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Value, ...] | Sequence[tuple[Value, ...]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        found = self._read[index]
        if found is None:
            found = self._read[index] = tuple(v for v in self.everything(index) if v.comparable)
        return found

    def everything(self, index: int) -> tuple[Value, ...]:
        """Every value of sentence ``index``, comparable or not (read once per text by
        the value reader's cache)."""
        text = self._texts[index]
        if text is None:
            return ()
        read = read_values_cached(text, self._locale, self._preset)
        if not self._united:
            return read
        return with_header_units(read, self._united, self._starts[index], len(text))


class _Sentences:
    """The comparable values of each sentence of a passage (:class:`_SentenceValues`,
    each sentence read on first ask), kept per text, and what is read of all of them
    together, on first ask: the values by group (:attr:`groups`) and the sets
    :func:`_borne_out` looks a figure up in."""

    __slots__ = (
        "_approximate",
        "_bounds",
        "_groups",
        "_whole",
        "at",
        "clauses",
        "indexes",
        "pairs",
        "sets",
        "spread",
        "starts",
        "values",
    )

    def __init__(self, values: _SentenceValues, starts: dict[int, int]) -> None:
        self.values = values
        self.starts = starts  # sentence start offset -> sentence number
        # sentence number -> its clauses, figures skipped (:meth:`_Memo.clauses`): read
        # once per text, not once per claim that meets the sentence
        self.clauses: dict[int, _Clauses] = {}
        # (sentence, group) -> its values of that group, read per sentence on first ask
        self.at: dict[tuple[int, str], tuple[Value, ...]] = {}
        self._groups: dict[str, list[tuple[int, Value]]] | None = None
        self._approximate: frozenset[tuple[str, str | None, object]] | None = None
        self._bounds: dict[tuple[str, str | None, object], tuple[int, Value]] | None = None
        self._whole: (
            tuple[
                frozenset[tuple[str, str | None, object]],
                dict[str, set[int]],
                dict[str, set[str | None]],
            ]
            | None
        ) = None
        # read on first ask, per kind of claimed value (:func:`_pairs_with`): the
        # candidates of a sentence (:func:`_candidates`), of the whole passage
        # (:func:`_everywhere`), their indexes (:class:`FigureIndex`), and the sets that
        # :func:`_anywhere` and :func:`_short_year` look figures up in
        self.pairs: dict[tuple[int, str], list[Value]] = {}
        self.spread: dict[str, list[tuple[int, Value]]] = {}
        self.indexes: dict[tuple[int, str], FigureIndex] = {}
        self.sets: dict[str, frozenset[object]] = {}

    def of_group(self, number: int, group: str) -> tuple[Value, ...]:
        """Sentence ``number``'s values of ``group``, in text order."""
        key = (number, group)
        found = self.at.get(key)
        if found is None:
            found = self.at[key] = tuple(v for v in self.values[number] if _group(v) == group)
        return found

    @property
    def groups(self) -> dict[str, list[tuple[int, Value]]]:
        """Group -> every (sentence, value) of that group in the passage, in order."""
        groups = self._groups
        if groups is None:
            groups = {}
            for number, values in enumerate(self.values):
                for value in values:
                    groups.setdefault(_group(value), []).append((number, value))
            self._groups = groups
        return groups

    def _read_whole(
        self,
    ) -> tuple[
        frozenset[tuple[str, str | None, object]], dict[str, set[int]], dict[str, set[str | None]]
    ]:
        whole = self._whole
        if whole is None:
            exact: set[tuple[str, str | None, object]] = set()
            precisions: dict[str, set[int]] = {}
            units: dict[str, set[str | None]] = {}
            for values in self.values:
                for value in values:
                    group = _group(value)
                    exact.add((group, value.unit, value.value))
                    precisions.setdefault(group, set()).add(value.precision)
                    units.setdefault(group, set()).add(value.unit)
            whole = self._whole = (frozenset(exact), precisions, units)
        return whole

    @property
    def exact(self) -> frozenset[tuple[str, str | None, object]]:
        """(group, unit, value) of every value of the passage."""
        return self._read_whole()[0]

    @property
    def precisions(self) -> dict[str, set[int]]:
        """Group -> the precisions its values are written with."""
        return self._read_whole()[1]

    @property
    def units(self) -> dict[str, set[str | None]]:
        """Group -> the units its values are written with."""
        return self._read_whole()[2]

    @property
    def approximate(self) -> frozenset[tuple[str, str | None, object]]:
        """ "about 9 million", an end of "23 Sep 2015 - 21 Jun 2022": never paired, but the
        claimed figure stands there ("9 million", "September 23, 2015")."""
        found = self._approximate
        if found is None:
            found = self._approximate = frozenset(
                (_group(v), v.unit, v.value)
                for n in range(len(self.values))
                for v in self.values.everything(n)
                if v.note in ("approximation", "range") and v.value is not None
            )
        return found

    @property
    def bounds(self) -> dict[tuple[str, str | None, object], tuple[int, Value]]:
        """(group, unit, value) -> (sentence, value) of its first bound ("at least £1",
        "up to 12 items"): the figure stands there, though not as an exact one does."""
        found = self._bounds
        if found is None:
            found = self._bounds = {}
            for n in range(len(self.values)):
                for v in self.values.everything(n):
                    if v.note == "bound" and v.value is not None:
                        found.setdefault((_group(v), v.unit, v.value), (n, v))
        return found


def _group(value: Value) -> str:
    if value.kind in ("money", "measure"):
        return f"{value.kind}:{value.dimension}"
    return value.kind


def _lookup(value: Value) -> tuple[str, ...]:
    """The groups a claimed value may pair with (a year with a dated fact's year)."""
    if value.kind in ("year", "month"):
        return (value.kind, "date")
    return (_group(value),)


#: The figures of each passage read, by its text: bounded by passages and by their
#: characters (what is read from a text is about its size).
_SENTENCE_CACHE: BoundedCache[tuple[str, str | None, Preset], _Sentences] = BoundedCache(
    2048, 4_000_000
)


def _sentence_values(passage: Passage, locale: str | None, preset: Preset) -> _Sentences:
    key = (passage.evidence.text, locale, preset)
    found = _SENTENCE_CACHE.get(key)
    if found is None:
        found = _Sentences(
            _SentenceValues(passage, locale, preset),
            {span.start: number for number, span in enumerate(passage.spans)},
        )
        _SENTENCE_CACHE.put(key, found, len(key[0]))
    return found


def _written(text: str, span: Span) -> str:
    return " ".join(span.of(text).split())


def _keys(text: str, span: Span) -> frozenset[str]:
    """The content keys a value's words add to a claim (its digits, unit, month)."""
    return analyse(span.of(text)).content


def _pairs_with(value: Value) -> str:
    """What decides which values ``value`` may pair with: its group, and for a year or a
    month its kind (a year pairs with years and dated facts' years). Every claimed value
    of one such key has the same candidates, so they are read once per key."""
    return value.kind if value.kind in ("year", "month") else _group(value)


def _candidates(value: Value, table: _Sentences, number: int) -> list[Value]:
    """The values of sentence ``number`` that ``value`` may pair with, in text order (read
    once per sentence and :func:`_pairs_with` key; never to be changed by a caller)."""
    key = (number, _pairs_with(value))
    found = table.pairs.get(key)
    if found is not None:
        return found
    found = []
    own = _group(value)
    for group in _lookup(value):
        for other in table.of_group(number, group):
            if group == own or pairable(value, other):
                found.append(other)
    if len(found) > 1 and value.kind in ("year", "month"):
        found.sort(key=lambda v: v.span.start)
    table.pairs[key] = found
    return found


def _everywhere(value: Value, table: _Sentences) -> list[tuple[int, Value]]:
    """Every (sentence, value) of a passage that ``value`` may pair with (read once per
    :func:`_pairs_with` key; never to be changed by a caller)."""
    key = _pairs_with(value)
    found = table.spread.get(key)
    if found is None:
        own = _group(value)
        found = [
            (number, other)
            for group in _lookup(value)
            for number, other in table.groups.get(group, ())
            if group == own or pairable(value, other)
        ]
        table.spread[key] = found
    return found


#: Up to how many candidates a claimed figure is compared with one by one; beyond, the
#: candidates are indexed (:class:`FigureIndex`) and only those that may agree are met.
_SCAN = 12


def _indexed(table: _Sentences, key: tuple[int, str], values: Sequence[Value]) -> FigureIndex:
    """The index of ``values`` (a sentence's candidates, or a passage's when ``key``'s
    sentence is -1), built on first ask and kept with the table."""
    found = table.indexes.get(key)
    if found is None:
        found = table.indexes[key] = FigureIndex(values)
    return found


def _may_agree(value: Value, table: _Sentences, number: int) -> list[int]:
    """The positions among :func:`_candidates` of sentence ``number`` whose value may agree
    with ``value`` (a superset; each kind of value once: the first of those alike)."""
    candidates = _candidates(value, table, number)
    if len(candidates) <= _SCAN:
        return list(range(len(candidates)))
    return _indexed(table, (number, _pairs_with(value)), candidates).firsts(value)


def _may_agree_anywhere(value: Value, table: _Sentences, every: bool = False) -> list[int]:
    """The positions in :func:`_everywhere` whose value may agree with ``value`` (a
    superset): the first of each kind of value, or ``every`` one."""
    spread = _everywhere(value, table)
    if len(spread) <= _SCAN:
        return list(range(len(spread)))
    index = table.indexes.get((-1, _pairs_with(value)))
    if index is None:
        index = _indexed(table, (-1, _pairs_with(value)), [v for _, v in spread])
    return index.positions(value) if every else index.firsts(value)


def _any_agrees(value: Value, table: _Sentences, number: int) -> bool:
    """Whether a candidate of sentence ``number`` bears ``value`` out."""
    candidates = _candidates(value, table, number)
    return any(agree(value, candidates[i]) for i in _may_agree(value, table, number))


_NUMERIC = frozenset({"number", "percent", "money", "measure"})


def _borne_out(
    value: Value, tables: list[tuple[Passage, _Sentences]]
) -> tuple[bool, bool, _Located | None]:
    """(any candidate at all, any that bears ``value`` out, the first that the claim is
    only more precise than) over every sentence of the passages. An approximation of the
    same value ("around 9 million"), or an end of a range, bears a claimed "9 million"
    out: the figure stands in the evidence (a bound does not: "at least 300"). Only the
    candidates that may agree are met (:func:`_may_agree_anywhere`): the others add
    nothing but "any candidate at all"."""
    seen = False
    finer: _Located | None = None
    group = _group(value)
    if any((group, value.unit, value.value) in table.approximate for _, table in tables):
        return True, True, None
    for passage, table in tables:
        if value.kind in _NUMERIC:
            precisions = table.precisions.get(group)
            if not precisions:
                continue
            seen = True
            if (group, value.unit, value.value) in table.exact:
                return True, True, None
            if precisions == {value.precision} and table.units.get(group) == {value.unit}:
                continue  # same unit and precision everywhere: only an equal value would do
        spread = _everywhere(value, table)
        if not spread:
            continue
        seen = True
        for position in _may_agree_anywhere(value, table):
            number, other = spread[position]
            ok = agree(value, other)
            if ok:
                return True, True, None
            if ok is None and _year_elsewhere(value, other, table):
                return True, True, None
            if ok is None and finer is None:
                finer = (passage, number, other)
    return seen, False, finer


def _as_bound(value: Value, tables: list[tuple[Passage, _Sentences]]) -> _Located | None:
    """Where the evidence gives ``value`` only as a bound of the same figure ("as little
    as £1", "up to 12 items" for a claimed "£1", "12 items"), for a message that says so.
    The unit still fails as before: on the dev sets a dropped qualifier ("more than one
    million" restated as "one million") was mostly judged unsupported."""
    if value.value is None:
        return None
    key = (_group(value), value.unit, value.value)
    for passage, table in tables:
        found = table.bounds.get(key)
        if found is not None:
            return passage, found[0], found[1]
    return None


def _precise(value: Value) -> bool:
    """Whether a figure the evidence lacks fails the unit (``value_not_in_evidence``):
    money, a percent, a measure with its unit, a bare number above a dozen. A small count,
    a year, a date or a month fails nothing (``value_unconfirmed``): the evidence often
    states them in other words ("a man and a woman" for "two people", a dateline for the
    year), so their absence was right under 95% of the time on the dev sets."""
    if value.kind in ("money", "percent", "measure"):
        return True
    number = value.value
    if value.kind != "number" or not isinstance(number, Decimal):
        return False
    return not _is_count(value) or number > _SMALL_COUNT


_JOINS_PARTS = re.compile(r"\s*(?:,|and|,\s*and)?\s*")
_JOIN_CHARS = re.compile(r"[\s,and]*")  # every character a join of parts may hold


def _remainder(text: str, value: Value, owners: _Owners) -> bool:
    """Whether a measure is the smaller part of a compound one ("8 minutes and 20
    seconds", "5 ft 10 in"): a finer precision than the evidence may state, not a figure
    of its own. Only the claim's measures ending in the run of spaces, commas and "and"
    right before it can be its larger part: they are found by their ends, sorted once."""
    if value.kind != "measure" or value.dimension is None:
        return False
    if owners.ends is None:
        measures = sorted(
            (v for v in owners.compared if v.kind == "measure" and v.dimension is not None),
            key=lambda v: v.span.end,
        )
        owners.ends = {}
        for other in measures:
            assert other.dimension is not None
            ends, values = owners.ends.setdefault(other.dimension, ([], []))
            ends.append(other.span.end)
            values.append(other)
    ends, values = owners.ends.get(value.dimension, ([], []))
    start = value.span.start
    for index in range(bisect_right(ends, start) - 1, -1, -1):
        other = values[index]
        if not _JOIN_CHARS.fullmatch(text, other.span.end, start):
            break  # an earlier end has this gap, and more, before it
        if _JOINS_PARTS.fullmatch(text, other.span.end, start) is not None:
            return True
    return False


def _year_elsewhere(value: Value, other: Value, table: _Sentences) -> bool:
    """A claimed date that the evidence writes without its year ("November 2, 2004" against
    "November 2"), agreeing on month and day: borne out, the year is the text's context (a
    dateline, a heading), not a more precise claim."""
    del table  # the year is context wherever the text states it, or does not
    if value.kind != "date" or other.kind != "date" or date_year(other.value) is not None:
        return False
    return date_year(value.value) is not None


def _stem_counts(content: frozenset[str], passage: Passage, low: float) -> dict[int, int]:
    """How many of ``content`` each sentence of ``passage`` that holds at least ``low``
    of them (and one at least) holds (others may be counted too). A chunk many claims
    ask about answers from the sentences of the rarest stems (:attr:`Passage.postings`):
    a sentence holding none of the ``j`` rarest holds at most ``len(content) - j``, so
    past ``len(content) - low`` stems none is missed."""
    counts = passage.stem_counts(content)
    if counts is not None:
        return counts
    if not passage.often_asked():
        return {
            number: len(content & bags.content)
            for number, bags in enumerate(passage.bags)
            if not content.isdisjoint(bags.content)
        }
    postings = passage.postings
    stems = passage.rarest_first(content)
    reach = len(content) - low  # a sentence must hold one of the rarest ``reach`` + 1
    bags = passage.bags
    counts = {}
    for taken, stemmed in enumerate(stems):
        if taken > reach:
            break
        for number in postings[stemmed]:
            if number not in counts:
                counts[number] = len(content & bags[number].content)
    return counts


def _check_figures(
    claim: Claim,
    compared: list[Value],
    passages: Sequence[Passage],
    best: BestSentence | None,
    threshold: float,
    locale: str | None,
    preset: Preset,
    names: Sequence[tuple[NamePattern, NamePattern]] = (),
) -> list[Reason]:
    tables = [(p, _sentence_values(p, locale, preset)) for p in passages]
    best_table: _Sentences | None = None
    best_number = -1
    if best is not None:
        for passage, table in tables:
            if passage is best.passage:
                best_table = table
                best_number = table.starts.get(best.span.start, -1)
                break
    # 1. a figure differs when the best sentence holds candidates and none bears it out,
    # or when nothing in the passages does: its own words are then set aside below
    ignoring: set[str] = set()  # gathered in place: a union per figure would copy it
    borne: dict[int, tuple[bool, bool, _Located | None]] = {}
    for index, value in enumerate(compared):
        if best_table is not None and _candidates(value, best_table, best_number):
            differs = not _any_agrees(value, best_table, best_number)
        else:
            borne[index] = _borne_out(value, tables)
            differs = borne[index][0] and not borne[index][1]
        if differs:
            ignoring |= _keys(claim.text, value.span)
    ignore = frozenset(ignoring)
    # 2. the sentences that cover the claim, the differing figures' own words set aside
    # unless the sentence has them too ("5 years" against "1 year" still shares "year")
    content = claim.analysis.content
    ignored = ignore & content
    low = threshold * (len(content) - len(ignored)) - 1e-9  # no sentence needs fewer
    covering: list[tuple[Passage, _Sentences, list[int]]] = []
    for passage, table in tables:
        has_best = best is not None and passage is best.passage
        if content:
            counts = _stem_counts(content, passage, low)
            numbers = [n for n, c in counts.items() if c >= low and table.values[n]]
        else:
            counts = {}
            numbers = [n for n, found in enumerate(table.values) if found]
        if (
            has_best
            and best_number >= 0
            and best_number not in numbers
            and table.values[best_number]
        ):
            numbers.append(best_number)
        kept: list[int] = []
        for number in sorted(numbers):
            sentence = passage.sentences[number][1]
            if names and _names_another(sentence.text, names):
                continue  # about another "Apollo": says nothing for or against the claim
            if has_best and number == best_number:
                assert best is not None
                unshared = ignored - sentence.content if ignored else ignored
                if sentence_gate(claim, best, threshold, unshared):
                    kept.insert(0, number)
                continue
            # how many ignored words the sentence lacks, by the smaller of the two sets
            unshared_count = len(ignored) - len(ignored & sentence.content) if ignored else 0
            size = len(content) - unshared_count
            if size <= 0 or counts.get(number, 0) / size + 1e-9 >= threshold:
                kept.append(number)
        if kept:
            covering.insert(0 if has_best else len(covering), (passage, table, kept))
    # 3. a decision per value, on its partner in each covering sentence: the sentences
    # that hold most of the claim's own words (its figures aside) decide first, so a
    # sentence about the south depot outweighs one about the north depot
    words: frozenset[str] | None = None
    reasons: list[Reason] = []
    owners = _Owners(claim, compared, tables)
    # every pairing first: a clash asks which claimed figures pair with its partner
    nears = [_partners(owners, rank, value, covering) for rank, value in enumerate(compared)]
    if len(compared) > 1:
        _uncross(claim.text, compared, nears)
    fits: dict[tuple[int, int], int] = {}  # (passage, sentence) -> the claim's words it holds
    for index, value in enumerate(compared):
        near = nears[index]
        top = [ok for _, ok in near]
        if len(near) > 1:
            if words is None:
                words = frozenset(k for k in content if not k[0].isdigit())
            fit = [_fit(fits, words, p, n) for (p, n, _), _ in near]
            order = sorted(range(len(near)), key=lambda i: -fit[i])  # stable: best first
            near = [near[i] for i in order]
            top = [ok for i, (_, ok) in zip(order, near, strict=True) if fit[i] == fit[order[0]]]
        span = value.span.shift(claim.span.start)
        if any(top):
            rate = _rate_clash(claim, value, near, tables)
            if rate is not None:
                reasons.append(rate)
        elif any(ok is False for ok in top) and (
            clash := _clash(claim, value, compared, tables, near, names, owners, locale, preset)
        ):  # the best-fitting sentences come first
            reasons.append(clash)
        elif any(ok for _, ok in near):
            pass
        elif (
            not any(ok is False for ok in top)  # else asked above: the same answer, None
            and any(ok is False for _, ok in near)
            and (
                clash := _clash(claim, value, compared, tables, near, names, owners, locale, preset)
            )
        ):
            reasons.append(clash)
        else:
            found = borne.get(index)
            if found is None:
                found = _borne_out(value, tables)
            if not (
                found[1]
                or _anywhere(value, tables)
                or _year_in_name(value, tables)
                or _number_in_name(value, tables)
                # "one" is a count against a partner only: "one of", "a" say as much
                or _written(claim.text, value.span).casefold() == "one"
                or _short_year(claim.text, value, tables)
                or _enumerated(claim.text, value, best, passages, locale, preset, owners)
                or _in_pairs(claim.text, value, tables)
                or _stated_as_difference(value, tables)
                or _recurs_alike(claim.text, value, passages)
                or _part_of_year(claim.text, value, passages)
            ):
                derived = (
                    None
                    if best is None
                    else _derived(
                        claim, value, compared, best.passage, best.span.start, locale, preset
                    )
                )
                if derived is not None:
                    reasons.append(derived)
                else:
                    written = _written(claim.text, value.span)
                    precise = (
                        _precise(value)
                        and not _remainder(claim.text, value, owners)
                        and not (
                            _supposes(claim.text, value)
                            and _in_stated_interval(claim.text, value, passages, locale, preset)
                        )
                    )
                    code = "value_not_in_evidence" if precise else "value_unconfirmed"
                    bound = _as_bound(value, tables)
                    if bound is not None:
                        passage, number, partner = bound
                        applied = _CONDITIONAL.search(claim.text) is not None
                        reasons.append(
                            Reason(
                                "value_unconfirmed" if applied else code,
                                f"the cited evidence gives {_partner_text(value, bound)} only "
                                "as a bound (at least or at most), not as the figure itself"
                                + (
                                    ", which the claim applies to a case it supposes"
                                    if applied
                                    else ""
                                ),
                                span,
                                passage.id,
                                _evidence_span(value, passage, number, partner),
                            )
                        )
                    else:
                        if found[2] is not None:
                            message = (
                                f"{written} is not in the cited evidence, which gives "
                                f"{_partner_text(value, found[2])}"
                            )
                        else:
                            message = f"{written} does not appear in the cited evidence"
                        reasons.append(Reason(code, message, span))
        disagreement = _disagreement(near)
        if disagreement is not None:
            first, second = disagreement
            passage, number, partner = second
            reasons.append(
                Reason(
                    "evidence_disagrees",
                    f"the cited evidence gives both {_partner_text(value, first)} and "
                    f"{_partner_text(value, second)} for {_written(claim.text, value.span)}",
                    span,
                    passage.id,
                    _evidence_span(value, passage, number, partner),
                )
            )
    return reasons


#: One "per ..." after a figure: "per night", "a day", "/week", "each visit", "per kg".
_PER_WHAT = r"\s*(?:(?P<per>per|each|every)\s+|/\s*|(?P<a>an?)\s+)(?P<what>[^\W\d_]+)\b"
#: What a figure is counted per, a noun it counts maybe first ("2 tablets a day").
_RATE = re.compile(r"\s*(?:(?P<noun>[^\W\d_]+)\s+)?" + _PER_WHAT, re.IGNORECASE)
#: A further "per ..." after the first ("per user per month").
_MORE_RATE = re.compile(_PER_WHAT, re.IGNORECASE)
#: What "a"/"an" may count per ("20 euros a night"), so that "3 kids, a dog" is no rate.
_RATE_AFTER_A = frozenset(
    map(
        stem,
        PERIODS
        | frozenset(
            """
            session visit dose meal person head guest adult child room unit piece item page
            kg kilogram gram litre liter tablet capsule
            """.split()
        ),
    )
)
_PER = frozenset({"per", "each", "every"})


def _rate(text: str, end: int) -> tuple[frozenset[str], int] | None:
    """The stems of what the figure ending at ``end`` is counted per, and where the last
    of them ends ("15 euros per night": night; "8 dollars per user per month": user,
    month; "2 tablets a day": day); ``None`` for none."""
    match = _RATE.match(text, end)
    if match is None:
        return None
    noun = match.group("noun")
    if noun is not None and (noun.casefold() in STOPWORDS or noun.casefold() in _PER):
        return None  # "15 euros for a night": not read as a rate
    found: set[str] = set()
    while match is not None:
        key = stem(match.group("what").casefold())
        if match.group("a") is not None and key not in _RATE_AFTER_A:
            break
        found.add(key)
        end = match.end()
        match = _MORE_RATE.match(text, end)
    return (frozenset(found), end) if found else None


def _rate_clash(
    claim: Claim,
    value: Value,
    near: Sequence[tuple[_Located, bool | None]],
    tables: list[tuple[Passage, _Sentences]],
) -> Reason | None:
    """``value_mismatch`` when the claimed figure agrees with its partner but is counted
    per something else: "15 euros per week" against "15 euros per night", "5 mg per kg"
    against "5 mg per day", "per user per year" against "per user per month". Only when
    both say what they are counted per, and no figure of those sentences that agrees with
    the claim's is counted per the claim's, or per more or less of it ("per user" against
    "per user per month")."""
    mine = _rate(claim.text, value.span.end)
    if mine is None:
        return None
    first: tuple[_Located, tuple[frozenset[str], int]] | None = None
    for located, ok in near:
        if not ok:
            continue
        passage, number, partner = located
        sentence = passage.sentences[number][1].text
        theirs = _rate(sentence, partner.span.end)
        if theirs is None:
            return None
        table = next(t for p, t in tables if p is passage)
        for other in _candidates(value, table, number):
            if agree(value, other) is True:
                rate = _rate(sentence, other.span.end)
                if rate is None or rate[0] <= mine[0] or mine[0] <= rate[0]:
                    return None  # the same rate, or one more or less specific
        if first is None:
            first = (located, theirs)
    if first is None:
        return None
    (passage, number, partner), theirs = first
    origin = passage.spans[number].start
    their_span = Span(partner.span.start + origin, theirs[1] + origin)
    span = Span(value.span.start, mine[1])
    written = _written(claim.text, span)
    return Reason(
        "value_mismatch",
        f"{written} in the answer, {_written(passage.evidence.text, their_span)} in the evidence",
        span.shift(claim.span.start),
        passage.id,
        their_span,
    )


_CONTEXT_CHARS = 25


def _context(text: str, span: Span, whole: bool = False) -> frozenset[str]:
    """Content stems of the few words on either side of a figure (its unit excluded).
    With ``whole``, a word the window's edge falls in is taken whole ("budget", not
    "dget"): for intervals and dates with their day, which one shared word beside them
    places; for years and counts, a cut word keeps the test as strict as the dev sets
    showed it must be."""
    start = max(0, span.start - _CONTEXT_CHARS)
    end = min(len(text), span.end + _CONTEXT_CHARS)
    while whole and 0 < start < span.start and text[start - 1].isalnum():
        start -= 1
    while whole and span.end < end < len(text) and text[end].isalnum():
        end += 1
    left = text[start : span.start]
    right = text[span.end : end]
    return analyse(left + " , " + right).content - analyse(text[span.start : span.end]).content


def _is_day_date(value: Value) -> bool:
    """Whether ``value`` is a date with its day and month ("14 November")."""
    date = value.value
    return value.kind == "date" and isinstance(date, tuple) and None not in date[1:]


def _one_day_date(table: _Sentences, number: int) -> bool:
    """Whether sentence ``number`` states one date with its day: then a claimed day that
    the sentence otherwise covers can mean no other, whatever stands beside the two."""
    return sum(_is_day_date(v) for v in table.values[number]) == 1


def _clash(
    claim: Claim,
    value: Value,
    compared: Sequence[Value],
    tables: list[tuple[Passage, _Sentences]],
    near: Sequence[tuple[_Located, bool | None]],
    names: Sequence[tuple[NamePattern, NamePattern]],
    owners: _Owners,
    locale: str | None,
    preset: Preset,
) -> Reason | None:
    """The mismatch of ``value`` with its first disagreeing partner, when that partner is
    about the same thing; else ``None`` (the caller then reports the figure as absent).

    A pair is no contradiction when the partner has another unit and another figure of
    the claim already agrees with it ("8 minutes and 20 seconds" against "8 minutes"),
    or when the words beside
    the two figures share nothing ("Sapp, 42, was charged" against "two counts of
    assault"). A figure borrowed from elsewhere in the passages still clashes with the
    figure that stands in its place.
    """
    (passage, number, partner), _ = next(item for item in near if item[1] is False)
    if _anywhere(value, tables):
        return None  # it stands in the passages as a figure of another kind ("57 years")
    if value.unit != partner.unit and _agrees_with_another(owners, value, partner):
        return None  # a figure of another unit that the claim states too: not its place
    sentence = passage.sentences[number][1]
    table = next(t for p, t in tables if p is passage)
    dated = _is_day_date(value) and _is_day_date(partner)
    mine = _context(claim.text, value.span, whole=dated)
    theirs = _context(sentence.text, partner.span, whole=dated)
    if mine and theirs and not mine & theirs and not (dated and _one_day_date(table, number)):
        return None
    if _taken_by_another(owners, value, table, number, partner):
        return None
    if _stated_beside(claim.text, value, table, number, sentence.text, partner, owners):
        return None
    if _stated_elsewhere(claim, value, compared, tables, passage, number, names, owners):
        return None
    if _slashed_column(value, sentence.text, partner, locale, preset):
        return None
    if _year_after_span(claim, value, partner, table, number, sentence.text):
        return None
    if _elliptical_agreement(claim, value, table, number, sentence.text):
        return None
    if _is_count(value) and _is_count(partner):
        if _counts_other(
            _following(claim.text, value.span), _following(sentence.text, partner.span)
        ):
            return None  # "five people" against "two men": counts of different things
        if _sums_to(value, sentence.text, owners) or _may_count_more(
            value, partner, sentence.words, sentence.text
        ):
            return None
    if (
        partner.note in ("bound", "range")
        and _supposes(claim.text, value)
        and _holds_supposed(claim.text, value, sentence.text, partner, locale, preset)
    ):
        return None  # "if you cancel 10 days before" under "within 14 days": the rule applied
    at = partner.span.start + passage.spans[number].start
    derived = _derived(claim, value, compared, passage, at, locale, preset, at)
    if derived is not None:
        return derived  # "£45" for "£90" less 50%: computed from the partner, not against it
    return _mismatch(claim, value, passage, number, partner)


#: How far (in characters) from where the claim meets the evidence the operands of a
#: computed figure may stand: the work per claim stays bounded however long the chunk.
_DERIVED_REACH = 400


def _derived(
    claim: Claim,
    value: Value,
    compared: Sequence[Value],
    passage: Passage,
    at: int,
    locale: str | None,
    preset: Preset,
    operand_at: int | None = None,
) -> Reason | None:
    """``value_derived`` when the claim computes ``value`` in one step from figures of
    ``passage`` near offset ``at`` (:func:`derive`), or when ``value`` is the case the
    claim supposes to compute another of its figures ("24 pupils" for "three adults" at
    one per 8 pupils); with ``operand_at``, only a step that takes the evidence figure
    starting there."""
    if too_many_to_derive(compared):
        return None
    text = passage.evidence.text
    read, starts = _values_in_order(text, locale, preset)
    near = read[
        bisect_left(starts, at - _DERIVED_REACH) : bisect_right(starts, at + _DERIVED_REACH)
    ]
    for other in [value, *(v for v in compared if v is not value)]:
        found = derive(other, claim.text, compared, text, near)
        if found is None or (
            other is not value and all(v.span != value.span for v in found.supposed)
        ):
            continue
        if operand_at is not None and all(v.span.start != operand_at for v in found.operands):
            continue
        written = _written(claim.text, value.span)
        how = "computes it" if other is value else "supposes it to compute another"
        return Reason(
            "value_derived",
            f"{written} is not stated; the answer {how} from the evidence: {found.shown}",
            value.span.shift(claim.span.start),
            passage.id,
            found.operands[0].span,
        )
    return None


@bounded_cache(64, 1 << 22)
def _values_in_order(
    text: str, locale: str | None, preset: Preset
) -> tuple[tuple[Value, ...], list[int]]:
    """Every value of a passage's text in text order, and where each starts (to take
    those near an offset by bisection)."""
    values = tuple(sorted(read_values_cached(text, locale, preset), key=lambda v: v.span.start))
    return values, [v.span.start for v in values]


#: What may stand right before a figure that continues its sentence's subject: "100% of
#: salary for the first 10 days and 70% after that".
_ELLIPSIS_BEFORE = re.compile(r"(?:\b(?:and|or|but|then)|,)\s*$", re.IGNORECASE)


def _elliptical_agreement(
    claim: Claim, value: Value, table: _Sentences, number: int, sentence: str
) -> bool:
    """Whether the sentence states the claimed figure as a continuation of its own
    subject, in words the claim uses ("Sick pay is 100% of salary for the first 10 days
    and 70% after that" for "After 10 days, sick pay drops to 70% of salary"): a figure
    that agrees, with only "and", "or", "but", "then" or a comma before it (no subject
    of its own, unlike "and dizziness by 5%"), and every content word right after it in
    the claim ("after"; not "96% of the votes" for "96% of the seats", nor "70% after
    that" for "70% ... for the first 10 days"). Which figure nearness pairs with is then
    no contradiction."""
    candidates = _candidates(value, table, number)
    positions: Sequence[int] = (
        range(len(candidates))
        if len(candidates) <= _SCAN
        else _indexed(table, (number, _pairs_with(value)), candidates).positions(value)
    )  # only the candidates that may agree are met (the index), never all of a long list
    for position in positions:
        other = candidates[position]
        if agree(value, other) is not True:
            continue
        if not _ELLIPSIS_BEFORE.search(sentence, max(0, other.span.start - 8), other.span.start):
            continue
        if set(_following(sentence, other.span)) <= claim.analysis.content:
            return True
    return False


def _year_after_span(
    claim: Claim, value: Value, partner: Value, table: _Sentences, number: int, sentence: str
) -> bool:
    """Whether a claimed year is the partner year moved by a number of years the same
    sentence states, and the claim speaks of that move ("runs until 2028 and can be
    extended by two years" for "can be extended to 2030", not for "runs until 2030"): a
    year worked out from the sentence, not one that differs from it."""
    mine, theirs = year_of(value), year_of(partner)
    if mine is None or theirs is None or mine == theirs:
        return False
    return any(
        other.kind == "measure"
        and other.unit == "year"
        and isinstance(other.value, Decimal)
        and other.value == abs(mine - theirs)
        and not _context(sentence, other.span).isdisjoint(claim.analysis.content)
        for other in table.values.everything(number)
    )


def _agrees_with_another(owners: _Owners, value: Value, partner: Value) -> bool:
    """Whether a figure of the claim other than ``value`` (which ``partner`` does not bear
    out) agrees with ``partner``: only the claimed figures that may agree with it are met
    (:class:`FigureIndex`, built once per claim)."""
    compared = owners.compared
    if len(compared) <= _SCAN:
        ranks: Sequence[int] = range(len(compared))
    else:
        if owners.index is None:
            owners.index = FigureIndex(compared)
        ranks = owners.index.bearers(partner)  # ``value``'s kind all disagree with it
    return any(compared[r] is not value and agree(compared[r], partner) for r in ranks)


def _taken_by_another(
    owners: _Owners, value: Value, table: _Sentences, number: int, partner: Value
) -> bool:
    """Whether the partner is the figure another claimed figure states and pairs with
    ("aired on March 4 in Australia and on March 6 worldwide" against "March 6"): one
    evidence figure answers one claimed figure, so ``value`` has no partner there. The
    claimed figures that pair with the partner are those :func:`_partners` recorded, and
    the answer holds for every figure of ``value``'s group (none of which the partner
    bears out when it is asked)."""
    group = _group(value)
    key = (id(table), number, id(partner), group)
    found = owners.taken.get(key)
    if found is None:
        compared = owners.compared
        found = any(
            compared[rank] is not value
            and _group(compared[rank]) == group
            and agree(compared[rank], partner) is True
            for rank in owners.chosen.get(key[:3], ())
        )
        owners.taken[key] = found
    return found


def _stated_beside(
    text: str,
    value: Value,
    table: _Sentences,
    number: int,
    sentence: str,
    partner: Value,
    owners: _Owners | None = None,
) -> bool:
    """Whether the sentence also states the claimed figure of what the claim counts: the
    word after the claimed figure follows the agreeing figure too ("two men carve" against
    "Three men look on as two other men carve"); small counts only, where a scene
    names several groups of one thing. Only the sentence's candidates that may agree, or
    those followed by the claimed figure's word, whichever are fewer, are met."""
    if not _is_count(value) or not isinstance(value.value, Decimal) or value.value > _SMALL_COUNT:
        return False
    following = _following(text, value.span, 1)
    if not following:
        return False
    candidates = _candidates(value, table, number)  # the sentence's values it pairs with
    if len(candidates) <= _SCAN or owners is None:
        return any(
            other is not partner
            and agree(value, other) is True
            and following[0] in _following(sentence, other.span)
            for other in candidates
        )
    positions = _indexed(table, (number, _pairs_with(value)), candidates).positions(value)
    words = owners.followers(table, number, candidates, sentence)
    listed = words[1].get(following[0], ())
    return any(
        candidates[i] is not partner
        and agree(value, candidates[i]) is True
        and following[0] in words[0][i]
        for i in (listed if len(listed) < len(positions) else positions)
    )


# -- counts ----------------------------------------------------------------------------------

#: Words that add one thing each to what a sentence enumerates ("a man and a woman":
#: two), or two ("a couple", "both").
_ONE_THING = frozenset({"a", "an", "another"})
_TWO_THINGS = frozenset({"couple", "pair", "both", "twins"})
_SMALL_COUNT = 12


def _is_count(value: Value) -> bool:
    """A bare whole count: "five", "3" (no unit, no currency)."""
    number = value.value
    return (
        value.kind == "number"
        and value.unit is None
        and isinstance(number, Decimal)
        and number == number.to_integral_value()
        and number > 0
    )


def _following(text: str, span: Span, count: int = 3) -> list[str]:
    """The stems of the few content words after a count ("17 new charges under" gives
    new, charge, under); the first is what it counts unless an adjective stands first."""
    words = _WORD.findall(text[span.end : span.end + 60])[:count]
    return [stem(w.casefold()) for w in words if w.casefold() not in STOPWORDS]


#: Nouns that count groups of what they name: "19 chromosome pairs" and "19 pairs of
#: chromosomes" count pairs, not chromosomes.
_GROUP_NOUNS = frozenset(map(stem, "pair pairs set sets group groups batch batches".split()))


def _group_noun(words: list[str]) -> str | None:
    """The group a count counts, from the stems after it (:func:`_following`): the first
    word when it is a group noun ("pairs of shoes"), or the second after a modifier
    ("chromosome pairs"); ``None`` for a count of single things."""
    if words and words[0] in _GROUP_NOUNS:
        return words[0]
    if len(words) > 1 and words[1] in _GROUP_NOUNS:
        return words[1]
    return None


def _counts_other(mine: list[str], theirs: list[str]) -> bool:
    """Whether two counts count different things: the word right after each is absent
    from the few words after the other ("five people are" / "two men are"; but "18
    charges" / "17 new charges" count the same), or one counts groups the other does not
    ("38 chromosomes" / "19 chromosome pairs")."""
    if not mine or not theirs:
        return False
    if _group_noun(mine) != _group_noun(theirs):
        return True
    return mine[0] not in theirs and theirs[0] not in mine


def _in_pairs(text: str, value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """Whether the passages count the claimed things in pairs, half as many: "38
    chromosomes" stated as "19 chromosome pairs" (or "19 pairs of chromosomes")."""
    if not _is_count(value) or not isinstance(value.value, Decimal) or value.value % 2:
        return False
    mine = _following(text, value.span)
    if not mine or _group_noun(mine) is not None:
        return False
    half = value.value / 2
    pair = stem("pair")
    for passage, table in tables:
        for number, other in table.groups.get("number", ()):
            if other.value != half or not _is_count(other):
                continue
            theirs = _following(passage.sentences[number][1].text, other.span)
            if _group_noun(theirs) == pair and mine[0] in theirs:
                return True
    return False


def _counts(text: str, locale: str | None = None, preset: Preset = GENERIC) -> list[Decimal]:
    return [
        v.value
        for v in read_values_cached(text, locale, preset)
        if v.comparable and _is_count(v) and isinstance(v.value, Decimal)
    ]


#: Counts up to this are looked up as bits of one integer by :func:`_sums_to`.
_COUNT_BITS = 1 << 20


def _sums_to(value: Value, text: str, owners: _Owners | None = None) -> bool:
    """Whether the counts of a sentence add up to the claimed count, or two of them differ
    by it ("two men ... as four others" for "six men"; "three people ..., one woman is
    speaking" for "two people listening"). A sentence's counts are read once per claim;
    when none is above :data:`_COUNT_BITS` they are bits of one integer, and two counts
    ``target`` apart are the bits it shares with itself shifted by ``target``."""
    summary = owners.counts.get(text) if owners is not None else None
    if summary is None:
        counts = _counts(text)
        present = frozenset(counts)
        small = all(c <= _COUNT_BITS for c in counts)
        bits = sum(1 << int(c) for c in present) if small else -1
        summary = (counts, sum(counts), present, bits)
        if owners is not None:
            owners.counts[text] = summary
    counts, total, present, bits = summary
    if len(counts) < 2:
        return False
    if total == value.value:
        return True
    target = value.value  # two counts a and a + target: one pass, not one per pair
    if not isinstance(target, Decimal) or not target > 0:
        return False
    if bits >= 0 and target == target.to_integral_value():
        shift = int(target)
        return shift <= _COUNT_BITS and bits & (bits >> shift) != 0
    return any(c + target in present for c in counts)


def _things(words: Sequence[str]) -> int:
    """How many things a sentence names without a numeral ("a", "another", "a couple");
    "a day", "an hour" name a span of time, no thing."""
    ones = sum(
        w in _ONE_THING and (i + 1 == len(words) or words[i + 1] not in PERIODS)
        for i, w in enumerate(words)
    )
    return ones + 2 * sum(w in _TWO_THINGS for w in words)


#: A letter "a" glued to a number, which is no article: "A321", "a4 paper".
_GLUED_A = re.compile(r"\ban?\d", re.IGNORECASE)


def _may_count_more(value: Value, partner: Value, words: Sequence[str], text: str) -> bool:
    """Whether a small claimed count above the evidence's may count more of what the
    sentence names ("five children" for "three children ... a boy ... another boy"); the
    "a" of a model name ("eight A321s") names no thing."""
    mine, theirs = value.value, partner.value
    if not isinstance(mine, Decimal) or not isinstance(theirs, Decimal):
        return False
    if not theirs < mine <= _SMALL_COUNT:
        return False
    return theirs + _things(words) - len(_GLUED_A.findall(text)) >= mine


def _enumerated(
    text: str,
    value: Value,
    best: BestSentence | None,
    passages: Sequence[Passage],
    locale: str | None,
    preset: Preset,
    owners: _Owners | None = None,
) -> bool:
    """Whether the best sentence (each sentence, when none shares a word with the claim)
    may state a small claimed count by naming the things ("two people" for "a man and a
    woman", "3 girls" for "2 women and a little girl"), by counts that add up to it ("4
    females" for "2 women and 2 girls") or by naming the counted thing as often ("two
    dogs" for "a brown dog and a white dog"): such a count is not reported absent. The
    answer depends on the count and its noun only, so a claim asks it once per pair."""
    if not _is_count(value) or not isinstance(value.value, Decimal) or value.value > _SMALL_COUNT:
        return False
    following = _following(text, value.span, 1)
    noun = _SINGULAR.get(following[0], following[0]) if following else None
    if owners is None:
        return _enumerates(value.value, noun, best, passages, locale, preset)
    key = (value.value, noun)
    found = owners.enumerated.get(key)
    if found is None:
        found = _enumerates(value.value, noun, best, passages, locale, preset)
        owners.enumerated[key] = found
    return found


def _enumerates(
    count: Decimal,
    noun: str | None,
    best: BestSentence | None,
    passages: Sequence[Passage],
    locale: str | None,
    preset: Preset,
) -> bool:
    """:func:`_enumerated` for a small ``count`` of ``noun``."""
    sentences = (
        [best.analysis]
        if best is not None
        else [analysis for passage in passages for _, analysis in passage.sentences]
    )
    for analysis in sentences:
        total = sum(_counts(analysis.text, locale, preset))
        if total == count or total + _things(analysis.words) >= count:
            return True
        if noun is not None and analysis.stems.count(noun) >= count:
            return True
    return False


#: Irregular plurals of what a count counts most often.
_SINGULAR: dict[str, str] = {"men": "man", "women": "woman", "peopl": "person", "children": "child"}


#: A slash after a figure and the figure after it ("11 g / 3.3 g"), or a slash before one.
_SLASH_AFTER = re.compile(r"\s*/\s*(\S+(?:[ \u00a0]\S+)?)")
_SLASH_BEFORE = re.compile(r"(\S+(?:[ \u00a0]\S+)?)\s*/\s*$")


def _slashed_column(
    value: Value, sentence: str, partner: Value, locale: str | None, preset: Preset
) -> bool:
    """Whether the partner stands beside an agreeing figure across a slash, two columns
    of one row ("Protein 11 g / 3.3 g" per 100 g and per serving): the claim reads the
    other column, which the evidence states. Only the figure next to the slash is read."""
    after = _SLASH_AFTER.match(sentence, partner.span.end)
    before = _SLASH_BEFORE.search(sentence, max(0, partner.span.start - 40), partner.span.start)
    for found in (after, before):
        if found is None:
            continue
        beside = read_values_cached(found.group(1), locale, preset)
        if beside and agree(value, beside[-1 if found is before else 0]) is True:
            return True
    return False


#: A case the claim supposes, open right before a figure ("If your train is 45 minutes
#: late, ..."): its figure is the reader's case, not a fact the evidence must state.
_HYPOTHESIS = re.compile(r"\b(?:if|when|whenever|suppose|supposing)\b[^.;:!?]*$", re.IGNORECASE)
#: A conditional verb later in the figure's clause ("A 24-year-old renting for 14 days
#: would pay ..."): the figures before it are the case supposed, those after the outcome.
_WOULD_AFTER = re.compile(r"[^.;:!?]*?\b(?:would|could)\b|[^.;:!?]*?\w'd\b", re.IGNORECASE)
#: A claim about a supposed case anywhere: "if ...", "... would ...".
_CONDITIONAL = re.compile(r"\b(?:if|would|suppose|supposing)\b|\w'd\b", re.IGNORECASE)
#: An age as a claim writes it: "a 24-year-old", "aged 70", "70 years old".
_AGE = re.compile(r"\d+\s*-?\s*years?\s*-?\s*old|\baged\s+\d", re.IGNORECASE)


def _supposes(text: str, value: Value) -> bool:
    """Whether ``value`` is a figure of the case the claim supposes: after an open "if"
    or before the "would" of its clause."""
    return (
        _HYPOTHESIS.search(text, 0, value.span.start) is not None
        or _WOULD_AFTER.match(text, value.span.end) is not None
    )


def _holds_supposed(
    claim_text: str,
    value: Value,
    sentence: str,
    partner: Value,
    locale: str | None,
    preset: Preset,
) -> bool:
    """Whether the range or bound ``partner`` states in ``sentence`` holds the claimed
    figure of a supposed case (:func:`_in_interval`)."""
    for interval in qualified(sentence, read_values_cached(sentence, locale, preset)):
        if interval.span.start <= partner.span.start < interval.span.end and _in_interval(
            claim_text, value, interval
        ):
            return True
    return False


def _in_interval(claim_text: str, value: Value, interval: Interval) -> bool:
    """Whether a stated range or bound holds a claimed figure; an age ("a 24-year-old")
    meets a bound without a unit ("under 25")."""
    number = value.value
    if not isinstance(number, Decimal) or interval.form not in ("range", "upper", "lower"):
        return False
    if interval.unit is None:
        start, end = value.span.start, value.span.end
        age = any(start <= m.end() and m.start() <= end for m in _AGE.finditer(claim_text))
        inside: Decimal | None = number if value.unit is None or age else None
    elif value.unit is None:
        return False
    else:
        inside = convert(number, value.unit, interval.unit)
    return inside is not None and interval.holds(inside)


def _in_stated_interval(
    claim_text: str,
    value: Value,
    passages: Sequence[Passage],
    locale: str | None,
    preset: Preset,
) -> bool:
    """Whether a range or bound the passages state holds the claimed figure ("If your
    train is 45 minutes late" against "delays of 30 to 59 minutes"; "a 24-year-old"
    against "drivers under 25"): in a supposed case the claim applies a stated rule, so
    the figure is unconfirmed, not absent. A stated fact ("the trail climbs 450 metres"
    against "400-500 metres") stays absent. An age meets a bound without a unit."""
    if not isinstance(value.value, Decimal):
        return False
    for passage in passages:
        text = passage.evidence.text
        for span in passage.spans:
            sentence = text[span.start : span.end]
            for interval in qualified(sentence, read_values_cached(sentence, locale, preset)):
                if _in_interval(claim_text, value, interval):
                    return True
    return False


def _stated_elsewhere(
    claim: Claim,
    value: Value,
    compared: Sequence[Value],
    tables: list[tuple[Passage, _Sentences]],
    passage: Passage,
    number: int,
    names: Sequence[tuple[NamePattern, NamePattern]],
    owners: _Owners,
) -> bool:
    """Whether another sentence states the claimed figure itself and holds a word of the
    figure's own clause in the claim that the partner's sentence lacks ("Kinstler is 20
    years old, Spence is 21" against "Kinstler ... is 20 years old. Spence ... is 21, and
    Beckham ... 24 years old."): the partner is then another fact's figure, and the
    evidence bears the claim out where it names what the claim names. Only the sentences
    holding a figure that may agree are met (:func:`_may_agree_anywhere`)."""
    own = owners.mine(claim.text, compared, value)
    partner_content = passage.bags[number].content
    distinctive = set(own) - partner_content
    if not distinctive:
        return False
    # the other sentence must hold as many of the figure's own words as the partner's
    # does: "add" alone does not move "2 tbsp of baking powder" to "add 2 tbsp of milk"
    held = len(partner_content.intersection(own))
    for other_passage, table in tables:
        spread = _everywhere(value, table)
        asked: set[int] = set()
        for position in _may_agree_anywhere(value, table, every=True):
            other_number, other = spread[position]
            if other_number in asked or agree(value, other) is not True:
                continue
            asked.add(other_number)
            if other_passage is passage and other_number == number:
                continue
            sentence = other_passage.bags[other_number]
            if distinctive.isdisjoint(sentence.content) or (
                len(sentence.content.intersection(own)) < held
            ):
                continue
            if names and _names_another(sentence.text, names):
                continue
            return True
    return False


def _names_another(text: str, names: Sequence[tuple[NamePattern, NamePattern]]) -> bool:
    """Whether ``text`` names a head of the claim's names with another number ("Apollo
    11" for a claim about "Apollo 17"); a sentence that names none ("It weighs 5 grams.")
    may still speak of the claim's subject."""
    form = _evidence_form(text)
    return any(head.search(form) and not whole.search(form) for head, whole in names)


def _anywhere(value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """The figure stands in the passages as a value of another kind: "2000" read as a
    year in the claim and "2,000" as a number in the evidence or the reverse, a bare
    claimed number ("the CEO, 54,") with a unit in the evidence ("54-year-old"), or a
    claimed age in years that the evidence writes bare ("21 years old" / "he is 21").
    Looked up in sets of each passage's figures (:func:`_figure_set`)."""
    if value.value is None:
        return _anywhere_walk(value, tables)
    if value.kind == "year":
        if value.unit is not None:
            return False  # a year with a unit is never the same figure as a number
        wanted = "bare numbers"
    elif value.kind == "number" and value.unit is None:
        wanted = "numbers' kin"
    elif value.kind == "measure" and value.unit == "year":
        wanted = "bare numbers"  # an age the evidence writes bare ("he is 21")
    else:
        return False
    return any(value.value in _figure_set(table, wanted) for _, table in tables)


def _stated_as_difference(value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """Whether the passages state the figure as a difference ("12% more than in 2023"
    for "rose by 12%"): such a figure is never compared, but it is there. Looked up in a
    set of each passage's differences, read once."""
    key = (value.kind, value.unit, value.value)
    for _, table in tables:
        found = table.sets.get("differences")
        if found is None:
            found = table.sets["differences"] = frozenset(
                (v.kind, v.unit, v.value) for v in _all_values(table) if v.note == "difference"
            )
        if key in found:
            return True
    return False


def _figure_set(table: _Sentences, wanted: str) -> frozenset[object]:
    """The values of a passage that :func:`_anywhere` looks a figure up in, read once:
    "bare numbers", the numbers without a unit (for a year, or an age in years); "numbers'
    kin", the years without a unit and every percent, amount of money and measure (for
    a bare number)."""
    found = table.sets.get(wanted)
    if found is None:
        groups = table.groups
        if wanted == "bare numbers":
            pool = [v for _, v in groups.get("number", ()) if v.unit is None]
        else:
            pool = [v for _, v in groups.get("year", ()) if v.unit is None]
            for key, values in groups.items():
                if key == "percent" or key.startswith(("money:", "measure:")):
                    pool.extend(v for _, v in values)
        found = table.sets[wanted] = frozenset(v.value for v in pool if v.value is not None)
    return found


def _anywhere_walk(value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """:func:`_anywhere` by a walk over the passages' figures (for a figure without a
    value, which no set can hold)."""
    if value.kind == "year":
        groups: tuple[str, ...] = ("number",)
    elif value.kind == "number" and value.unit is None:
        groups = ("year", "percent")
    elif value.kind == "measure" and value.unit == "year":
        return any(
            found.unit is None and found.value == value.value
            for _, table in tables
            for _, found in table.groups.get("number", ())
        )
    else:
        return False
    for _, table in tables:
        keys = groups
        if value.kind == "number":
            keys = groups + tuple(k for k in table.groups if k.startswith(("money:", "measure:")))
        for key in keys:
            if any(same_figure(value, found) for _, found in table.groups.get(key, ())):
                return True
    return False


def _number_in_name(value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """A bare claimed decimal the evidence writes only in a name ("Version 4.2" against
    "Quillnote 4.2"): not absent, though a name's number is never compared as a figure."""
    number = value.value
    if value.kind != "number" or value.unit is not None or not isinstance(number, Decimal):
        return False
    if number == number.to_integral_value():
        return False  # a whole number stands in dates, counts and names alike
    key = number_key(format(number, "f"))
    return any(key in p.number_keys for p, _ in tables)


def _year_in_name(value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """A claimed year the evidence writes only inside a name ("CMA Awards 2022", "Sochi
    2014"): not absent, though a name is never compared as a figure."""
    return value.kind == "year" and any(str(value.value) in p.number_keys for p, _ in tables)


_SHORT_YEAR = re.compile(r"(?:'|\bin )$", re.IGNORECASE)


def _short_year(text: str, value: Value, tables: list[tuple[Passage, _Sentences]]) -> bool:
    """A year written with its last two digits ("back in 63", "in '63") that the evidence
    writes in full ("December, 1963"): not absent."""
    number = value.value
    if value.kind != "number" or value.unit is not None or not isinstance(number, Decimal):
        return False
    written = _written(text, value.span)
    if len(written) != 2 or not written.isdigit():
        return False
    if not _SHORT_YEAR.search(text, max(0, value.span.start - 4), value.span.start):
        return False
    return any(int(number) in _year_ends(table) for _, table in tables)


def _year_ends(table: _Sentences) -> frozenset[object]:
    """The last two digits of every year a passage states, alone or in a date (read
    once, for :func:`_short_year`)."""
    found = table.sets.get("year ends")
    if found is None:
        ends: set[object] = set()
        for group in ("year", "date"):
            for _, other in table.groups.get(group, ()):
                year = other.value if group == "year" else date_year(other.value)
                if isinstance(year, (int, Decimal)):
                    ends.add(int(year) % 100)
        found = table.sets["year ends"] = frozenset(ends)
    return found


def _evidence_span(value: Value, passage: Passage, number: int, partner: Value) -> Span:
    span = partner.span
    if value.kind == "year" and partner.kind == "date" and partner.year_span is not None:
        span = partner.year_span
    elif value.kind == "month" and partner.kind == "date" and partner.month_span is not None:
        span = partner.month_span
    return span.shift(passage.spans[number].start)


def _partner_text(value: Value, located: _Located) -> str:
    passage, number, partner = located
    span = _evidence_span(value, passage, number, partner)
    return _written(passage.evidence.text, span)


def _mismatch(claim: Claim, value: Value, passage: Passage, number: int, partner: Value) -> Reason:
    theirs = _partner_text(value, (passage, number, partner))
    message = f"{_written(claim.text, value.span)} in the answer, {theirs} in the evidence"
    if value.unit != partner.unit and value.kind not in ("year", "month", "date"):
        message += _conversion_note(claim.text, value, partner)
    return Reason(
        "value_mismatch",
        message,
        value.span.shift(claim.span.start),
        passage.id,
        _evidence_span(value, passage, number, partner),
    )


def _conversion_note(text: str, value: Value, partner: Value) -> str:
    """ " (5 km = 5,000 m)" when the two units convert, else " (different unit)"."""
    number = value.value
    if not isinstance(number, Decimal):
        return " (different unit)"
    unit = _SHOWN.get(partner.unit or "", partner.unit)
    if unit in _WORD_UNITS:  # "7 days", "36 months": a unit written as a word takes its plural
        unit = "centuries" if unit == "century" else f"{unit}s"
    span = calendar_range(number, value.unit, partner.unit)
    if span is not None:  # "6 months = 168 to 186 days": a month is no fixed span
        low, high = (_rough(end) for end in span)
        return f" ({_written(text, value.span)} = {low} to {high} {unit})"
    converted = (
        convert(number, value.unit, partner.unit) if convertible(value.unit, partner.unit) else None
    )
    if converted is None:
        return " (different unit)"
    if converted == 1 and partner.unit in _WORD_UNITS:
        unit = partner.unit
    return f" ({_written(text, value.span)} = {_plain(converted)} {unit})"


#: Unit classes named by an English word ("day"), written in the plural after a number.
_WORD_UNITS = frozenset(
    "second minute hour day night week fortnight month year decade century".split()
)


#: How a unit class is shown in a message where its class name is not how it is written.
_SHOWN = {"deg:C": "°C", "deg:F": "°F", "um": "µm", "ug": "µg", "us": "µs", "l": "L"}
_SHOWN.update({k: k.upper() for k in ("kb", "mb", "gb", "tb", "pb")})
_SHOWN.update({"kib": "KiB", "mib": "MiB", "gib": "GiB", "tib": "TiB", "kwh": "kWh"})
_SHOWN.update({"w": "W", "kw": "kW", "mw": "MW", "gw": "GW", "tw": "TW", "milliwatt": "mW"})
_SHOWN.update({"j": "J", "kj": "kJ", "mj": "MJ", "gj": "GJ", "wh": "Wh", "mwh": "MWh"})
_SHOWN.update({"hz": "Hz", "khz": "kHz", "mhz": "MHz", "ghz": "GHz", "v": "V", "kv": "kV"})
_SHOWN.update({"pa": "Pa", "hpa": "hPa", "kpa": "kPa", "mpa": "MPa", "amp": "A", "milliamp": "mA"})


def _rough(number: Decimal) -> str:
    """An end of a converted span, at one decimal at most ("3.2 to 3.6 months")."""
    return _plain(
        number.quantize(Decimal("0.1")) if number != number.to_integral_value() else number
    )


def _plain(number: Decimal) -> str:
    """A converted number as a reader writes it: grouped, at most four decimals."""
    rounded = number.quantize(Decimal("0.0001")) if number != number.to_integral_value() else number
    text = f"{rounded:,f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _disagreement(
    near: list[tuple[_Located, bool | None]],
) -> tuple[_Located, _Located] | None:
    """Two sentences giving values for one claimed figure that cannot both be right: the
    first such pair in order. Over many sentences, values alike (:func:`_alike`) are
    compared once, and a value that no later one contradicts is not asked again."""
    if len(near) > _SCAN:
        keys = [_alike(located[2]) for located, _ in near]
        places = {(p.id, n) for (p, n, _), _ in near}
        if len(places) == len(near) and all(k is not None for k in keys):
            return _first_disagreement(near, keys)
    for index, (first, _) in enumerate(near):
        for second, _ in near[index + 1 :]:
            if (first[0].id, first[1]) == (second[0].id, second[1]):
                continue
            a, b = first[2], second[2]
            if agree(a, b) is False and agree(b, a) is False:
                return first, second
    return None


def _alike(value: Value) -> tuple[object, ...] | None:
    """What :func:`agree` reads of a value (kind, value, unit, precision): values alike
    in it agree alike; None for a value that cannot be a key."""
    key = (value.kind, value.value, value.unit, value.precision)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _first_disagreement(
    near: list[tuple[_Located, bool | None]], keys: list[tuple[object, ...] | None]
) -> tuple[_Located, _Located] | None:
    """:func:`_disagreement` over sentences that are all distinct: whether two values
    contradict each other is asked once per pair of keys, and a key whose first value no
    later value contradicts is skipped after (its later values have fewer to meet)."""
    clash: dict[tuple[object, object], bool] = {}
    settled: set[object] = set()
    for index, (first, _) in enumerate(near):
        mine = keys[index]
        if mine in settled:
            continue
        for later in range(index + 1, len(near)):
            theirs = keys[later]
            pair = (mine, theirs)
            found = clash.get(pair)
            if found is None:
                a, b = first[2], near[later][0][2]
                found = clash[pair] = agree(a, b) is False and agree(b, a) is False
            if found:
                return first, near[later][0]
        settled.add(mine)
    return None


# -- choosing among several candidates -------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+")


#: Words, and the marks that end a clause: punctuation, and arrows, which part the items
#: of a sequence or a navigation box ("← 1997 1999 → The 1998 final").
_TOKEN = re.compile(r"[^\W\d_]+\d[^\W_]*|[^\W\d_]+|[,;:()\u2190-\u2193\u21d0-\u21d3]")
_BOUNDARIES = frozenset({"and", "but", "while", "whereas", "or", "although", "though"})
#: The second halves of hyphened words that mean the opposite of each other ("check-in",
#: "check-out"; "log-in", "log-off"): read with their first half, never dropped.
_HYPHEN_PARTICLES = frozenset({"in", "out", "up", "down", "on", "off"})
#: ... and those read so after a space too when they end a phrasal verb ("check out by").
_SPACED_PARTICLES = frozenset({"in", "out", "off"})


#: How many words on each side of a figure its clause is read for (:func:`_distances`):
#: a word farther away weighs next to nothing, and a clause of hundreds of words (a list,
#: a table flattened into one sentence) would otherwise cost each of its figures a walk
#: over all of it.
CLAUSE_WORDS = 48


def _unskipped(tokens: list[re.Match[str]], skip: Sequence[Span]) -> list[re.Match[str]]:
    """``tokens`` (in text order) whose start lies in none of ``skip``, in one merge of
    both lists (sorted first: the spans may come in any order)."""
    ordered = sorted((s.start, s.end) for s in skip)
    kept: list[re.Match[str]] = []
    index = 0
    reach = -1  # the farthest end among the spans that start at or before the token
    for match in tokens:
        at = match.start()
        while index < len(ordered) and ordered[index][0] <= at:
            reach = max(reach, ordered[index][1])
            index += 1
        if at >= reach:
            kept.append(match)
    return kept


#: The most words between two figures of one list ("€25 per day or €120 per week": 3).
_LIST_GAP = 6


class _Clauses:
    """The words of a text as :func:`_distances` walks them (figures' own spans skipped),
    read once per text and skipped spans, and the walk around each figure, kept."""

    def __init__(self, text: str, skip: tuple[tuple[int, int], ...]) -> None:
        self.skip = [Span(*s) for s in skip]
        self.tokens = _unskipped(list(_TOKEN.finditer(text)), self.skip)
        self.starts = [m.start() for m in self.tokens]
        # None: a word that says nothing; "": a clause boundary
        self.stems: list[str | None] = []
        self.light: list[bool] = []  # a unit word standing alone takes no step
        for match in self.tokens:
            word = match.group().casefold()
            self.light.append(word in UNIT_WORDS)
            if not word[0].isalpha() or word in _BOUNDARIES:
                self.stems.append("")
            elif word in STOPWORDS or len(word) < 2:
                self.stems.append(None)
            else:
                self.stems.append(stem(word))
        for index in range(len(self.tokens) - 1):  # "check-in" and "check-out" differ
            first, second = self.tokens[index], self.tokens[index + 1]
            particle = second.group().casefold()
            if particle not in _HYPHEN_PARTICLES or not self.stems[index]:
                continue
            between = text[first.end() : second.start()]
            if between == "-" or (between == " " and self._particle_at(text, index + 1)):
                self.stems[index] = f"{self.stems[index]}-{particle}"
        self.walks: dict[tuple[int, int], dict[str, int]] = {}

    def _particle_at(self, text: str, index: int) -> bool:
        """Whether the "in"/"out"/"off" at token ``index`` ends a phrasal verb ("check out
        by 11 am", "check in at 3 pm"): a word that says nothing, or nothing, follows it
        (a preposition has its object next: "revenue in 2023", "sales in Europe")."""
        token = self.tokens[index]
        if token.group().casefold() not in _SPACED_PARTICLES:
            return False
        rest = text[token.end() : token.end() + 8].lstrip()
        if rest[:1].isdigit() or rest[:1] in ("$", "€", "£"):  # not `in "$€£"`: "" is in it
            return False
        return index + 1 >= len(self.stems) or self.stems[index + 1] is None

    def following(self, end: int, count: int = 2) -> frozenset[str]:
        """The first ``count`` content stems after a figure that ends at ``end``, within
        its clause: what the figure itself is of ("€120 per week", "three months
        afterwards")."""
        stems = self.stems
        index = bisect_left(self.starts, end)
        stop = min(len(stems), index + _LIST_GAP)  # a few words: what it is of
        found: list[str] = []
        while index < stop and len(found) < count and stems[index] != "":
            key = stems[index]
            if key is not None:
                found.append(key)
            index += 1
        return frozenset(found)

    def listed(self, one: Value, other: Value) -> bool:
        """Whether two figures stand in one list ("€25 per day or €120 per week"): the
        only words between them are the earlier one's own following words (and stop words,
        commas, "and", "or"), so the words before the list are both figures'."""
        first, second = (one, other) if one.span.start <= other.span.start else (other, one)
        index = bisect_left(self.starts, first.span.end)
        stop = bisect_left(self.starts, second.span.start)
        if stop - index > _LIST_GAP:
            return False
        own = self.following(first.span.end, 3)
        return all(
            self.stems[i] is None or self.stems[i] == "" or self.stems[i] in own
            for i in range(index, stop)
        )

    def near(self, start: int, end: int) -> dict[str, int]:
        """Stem -> distance around the figure at ``[start, end)`` (see :func:`_distances`)."""
        found = self.walks.get((start, end))
        if found is not None:
            return found
        stems, light = self.stems, self.light
        near: dict[str, int] = {}
        index = bisect_left(self.starts, start) - 1  # walk left
        stop = max(-1, index - CLAUSE_WORDS)
        distance = 1
        while index > stop and stems[index] != "":
            key = stems[index]
            if key is not None and key not in near:
                near[key] = distance
            if not light[index]:  # "fiscal year 2023" stands like "fiscal 2023"
                distance += 1
            index -= 1
        fronted = not near and (index <= stop or stems[index] == "")
        index = bisect_left(self.starts, end)  # walk right
        if fronted and index < len(stems) and self.tokens[index].group() == ",":
            # a figure that opens its clause and is cut off by a comma ("In 1925, he gave
            # the hill ..."): the clause after the comma is what it dates or counts
            index += 1
        index = _partitive(self.tokens, index, end, self.skip)
        stop = min(len(stems), index + CLAUSE_WORDS)
        distance = 0
        while index < stop and stems[index] != "":
            key = stems[index]
            if key is not None and distance < near.get(key, 1 << 30):
                near[key] = distance
            distance += 1 if distance else 3
            index += 1
        self.walks[(start, end)] = near
        return near


@bounded_cache(256, 1_000_000)
def _clauses_of(text: str, skip: tuple[tuple[int, int], ...]) -> _Clauses:
    return _Clauses(text, skip)


def _distances(text: str, values: Sequence[Value], skip: Sequence[Span]) -> list[dict[str, int]]:
    """For each of ``values`` (in text order): content stem -> how far the stem's nearest
    occurrence stands from the value within the value's own clause (a comma, semicolon,
    colon or conjunction ends a clause; at most :data:`CLAUSE_WORDS` words on each side
    are read), in words. The word right after the value is nearest (0: what a figure
    counts follows it, "40 designers", "50 metres wide"); the words before it come next
    (1, 2, ...: "revenue was $5M", "costs of $7M"; a unit word takes no step: "fiscal
    year 2023"); the words after the next one count two steps further (a verb and its
    object: "exceeded revenue"). The text is read once per text and skipped spans."""
    clauses = _clauses_of(text, tuple((s.start, s.end) for s in skip))
    return [clauses.near(v.span.start, v.span.end) for v in values]


def _partitive(tokens: list[re.Match[str]], index: int, end: int, skip: Sequence[Span]) -> int:
    """Where the words a figure counts begin: past "of" / "out of" and the whole that
    follows, in a partitive ("two of nine colleges", "3 out of 5 games"), so the part
    counts the noun as the whole does."""
    look = index
    while look < len(tokens) and tokens[look].group().casefold() in ("of", "out"):
        look += 1
    if look == index or look >= len(tokens):
        return index
    between = (tokens[look - 1].end(), tokens[look].start())
    if any(end < s.start and between[0] <= s.start < between[1] for s in skip):
        return look
    return index


class _Owners:
    """What one claim's figures share while they are paired, read once rather than by a
    walk over the claim's figures per candidate: each one's distances (by its rank among
    the claim's figures), its rank and place among its kind, which claimed figures pair
    with each evidence figure (:func:`_partners`), an index of the claimed figures
    (:func:`_agrees_with_another`) and the answers other figures ask again."""

    def __init__(
        self,
        claim: Claim | None = None,
        compared: Sequence[Value] = (),
        tables: Sequence[tuple[Passage, _Sentences]] = (),
    ) -> None:
        self.claim = claim
        self.compared = list(compared)
        self.tables = tables
        self.distances: dict[int, dict[str, int]] = {}
        self.places: dict[int, tuple[int, int]] = {}
        # (table, sentence, evidence figure) ids -> the ranks of the claimed figures that
        # pair with that figure there, and (the same, a group) -> whether one agrees
        self.chosen: dict[tuple[int, int, int], list[int]] = {}
        self.taken: dict[tuple[int, int, int, str], bool] = {}
        self.index: FigureIndex | None = None
        self.counts: dict[str, tuple[list[Decimal], Decimal | int, frozenset[Decimal], int]] = {}
        self.enumerated: dict[tuple[object, str | None], bool] = {}
        self.ends: dict[str, tuple[list[int], list[Value]]] | None = None
        self.follows: dict[tuple[int, int], tuple[list[list[str]], dict[str, list[int]]]] = {}
        self.sizes: dict[str, int] | None = None
        self.conditioned: dict[str, str] | None = None

    def conditions(self) -> dict[str, str]:
        """:func:`_conditions` of the claim, read once per claim."""
        if self.conditioned is None:
            self.conditioned = _conditions(self.claim.text) if self.claim is not None else {}
        return self.conditioned

    def group_size(self, value: Value) -> int:
        """How many of the claim's figures share ``value``'s group (counted once)."""
        if self.sizes is None:
            self.sizes = {}
            for other in self.compared:
                group = _group(other)
                self.sizes[group] = self.sizes.get(group, 0) + 1
        return self.sizes.get(_group(value), 1)

    def place(self, compared: Sequence[Value], value: Value) -> tuple[int, int]:
        """``value``'s rank among ``compared`` and its place among those of its kind."""
        if not self.places:
            seen: dict[str, int] = {}
            for rank, other in enumerate(compared):
                kind = _group(other)
                self.places[id(other)] = (rank, seen.get(kind, 0))
                seen[kind] = seen.get(kind, 0) + 1
        found = self.places.get(id(value))
        if found is not None:
            return found
        group = [v for v in compared if _group(v) == _group(value)]
        return list(compared).index(value), group.index(value) if value in group else 0

    def clauses(self, table: _Sentences, number: int, text: str) -> _Clauses:
        """The clauses of sentence ``number`` (its ``text``) of a passage, its figures
        skipped (:func:`_distances`), read once per passage text."""
        found = table.clauses.get(number)
        if found is None:
            skip = tuple((v.span.start, v.span.end) for v in table.values[number])
            found = table.clauses[number] = _clauses_of(text, skip)
        return found

    def followers(
        self, table: _Sentences, number: int, candidates: Sequence[Value], sentence: str
    ) -> tuple[list[list[str]], dict[str, list[int]]]:
        """The words after each of ``candidates`` (:func:`_following`) and, by word, the
        candidates it follows; read once per sentence (for :func:`_stated_beside`)."""
        key = (id(table), number)
        found = self.follows.get(key)
        if found is None:
            after = [_following(sentence, other.span) for other in candidates]
            by_word: dict[str, list[int]] = {}
            for index, words in enumerate(after):
                for word in dict.fromkeys(words):
                    by_word.setdefault(word, []).append(index)
            found = self.follows[key] = (after, by_word)
        return found

    def mine(self, text: str, compared: Sequence[Value], value: Value) -> dict[str, int]:
        """``value``'s distances in the claim (:func:`_distances`), read for all the
        claim's figures at once."""
        rank = self.place(compared, value)[0]
        found = self.distances.get(rank)
        if found is None:
            read = _distances(text, compared, [v.span for v in compared])
            self.distances.update(enumerate(read))
            found = read[rank]
        return found


def _partners(
    owners: _Owners,
    rank: int,
    value: Value,
    covering: Sequence[tuple[Passage, _Sentences, list[int]]],
) -> list[tuple[_Located, bool | None]]:
    """The partner of ``value`` (the claim's figure of rank ``rank``) in each covering
    sentence that holds a candidate, with whether it bears the figure out; each pairing
    is recorded for :func:`_taken_by_another`."""
    claim, compared = owners.claim, owners.compared
    assert claim is not None
    near: list[tuple[_Located, bool | None]] = []
    for passage, table, numbers in covering:
        for number in numbers:
            candidates = _candidates(value, table, number)
            if not candidates:
                continue
            partner = (
                candidates[0]
                if len(candidates) == 1
                else _choose(claim, value, compared, table, passage, number, candidates, owners)
            )
            owners.chosen.setdefault((id(table), number, id(partner)), []).append(rank)
            near.append(((passage, number, partner), agree(value, partner)))
    return near


def _uncross(
    text: str, compared: Sequence[Value], nears: list[list[tuple[_Located, bool | None]]]
) -> None:
    """Pair two claimed figures the other way round where each disagrees with its partner
    in a sentence and agrees with the other's ("more passengers in 2024 than in 2023"
    against "In 2024 ... 12% more than in 2023", nearness paired 2024 with 2023): one
    figure for one figure, the pairing that bears both out wins. Only in a comparison
    whose standard (the figure after "than") is the same on both sides: elsewhere two
    figures that trade places are a swap ("Labour won 96% ... and Reform 66%" against
    "Labour won 66% ... and Reform 96%"). In place."""
    standards = [b for b, value in enumerate(compared) if _after_than(text, value.span)]
    if not standards or len(standards) > _STANDARDS:
        return  # no comparison; or a list of bounds ("more than 5, more than 6 ..."): no pair
    # for each standard, where its partner disagrees: (passage, sentence) -> entry
    open_at = [
        {(id(p), n): m for m, ((p, n, _), ok) in enumerate(nears[b]) if ok is False}
        for b in standards
    ]
    for a, near_a in enumerate(nears):
        for k, ((passage, number, partner_a), ok_a) in enumerate(near_a):
            if ok_a is not False:
                continue
            sentence = passage.sentences[number][1].text
            for b, entries in zip(standards, open_at, strict=True):
                m = entries.get((id(passage), number))
                if b == a or m is None:
                    continue
                partner_b = nears[b][m][0][2]
                if (
                    agree(compared[a], partner_b) is True
                    and agree(compared[b], partner_a) is True
                    and _after_than(text, compared[a].span) is _after_than(sentence, partner_b.span)
                    and _after_than(sentence, partner_a.span)  # b is a standard: so is its
                ):  # new partner
                    near_a[k] = ((passage, number, partner_b), True)
                    nears[b][m] = ((passage, number, partner_a), True)
                    del entries[(id(passage), number)]
                    if a in standards:  # a standard too: its entry is settled as well
                        open_at[standards.index(a)].pop((id(passage), number), None)
                    break


def _comparison(text: str) -> tuple[tuple[int, int], Span] | None:
    """The one comparison of a text with a figure as its standard: (the comparative's
    direction family and side, the span of the figure's "than ..."); ``None`` for none
    or several."""
    found = list(_COMPARISON.finditer(text))
    if len(found) != 1:
        return None
    side = DIRECTION_FAMILIES.get(stem(found[0].group("word").casefold()))
    if side is None:
        return None
    return side, Span(found[0].start("than"), found[0].end())


def _turned_comparison(
    claim: Claim,
    compared: Sequence[Value],
    best: BestSentence,
    threshold: float,
    locale: str | None,
    preset: Preset,
) -> Reason | None:
    """``value_mismatch`` when the claim compares the same way as the covering sentence
    but with the other figure as its standard: "more passengers in 2023 than in 2024"
    against "In 2024 ... 12% more than in 2023". Both figures stand in both texts; the
    figure after "than" differs."""
    mine = _comparison(claim.text)
    theirs = _comparison(best.analysis.text)
    if mine is None or theirs is None or mine[0] != theirs[0]:
        return None
    sentence = best.analysis.text
    standard = next((v for v in compared if mine[1].start < v.span.start < mine[1].end), None)
    values = read_values_cached(sentence, locale, preset)
    their_standard = next(
        (v for v in values if v.comparable and theirs[1].start < v.span.start < theirs[1].end),
        None,
    )
    if standard is None or their_standard is None or agree(standard, their_standard) is not False:
        return None
    others = [v for v in compared if v is not standard]
    if not (
        any(agree(standard, v) is True for v in values if v is not their_standard)
        and any(agree(v, their_standard) is True for v in others)
    ):
        return None  # not the two figures traded: another figure altogether
    if not sentence_gate(claim, best, threshold, _keys(claim.text, standard.span)):
        return None
    message = (
        f"{_written(claim.text, standard.span)} in the answer, "
        f"{_written(sentence, their_standard.span)} in the evidence: the comparison is "
        "turned round"
    )
    return _sentence_mismatch(claim, best, standard.span, their_standard.span, message)


#: A comparative and its standard: "more passengers in 2024 than in 2023".
_COMPARISON = re.compile(
    r"\b(?P<word>more|less|fewer|[a-z]{2,}er)\s+(?:[^\W\d_]+\s+){0,4}?(?:(?:in|on|at|during)\s+\S+\s+){0,1}?"
    r"(?P<than>than\s+(?:(?:in|on|at|the|for|during|of|with)\s+){0,2}\S+)",
    re.IGNORECASE,
)
#: How many figures after "than" a claim may hold for :func:`_uncross` to read it.
_STANDARDS = 4
#: "than" right before a figure: the standard of a comparison ("than in 2023").
_THAN_BEFORE = re.compile(r"\bthan\s+(?:(?:in|on|at|the|for|during|of|with)\s+){0,2}$", re.I)


def _after_than(text: str, span: Span) -> bool:
    """Whether the figure at ``span`` is the standard of a comparison."""
    return _THAN_BEFORE.search(text, max(0, span.start - 30), span.start) is not None


def _fit(
    fits: dict[tuple[int, int], int], words: frozenset[str], passage: Passage, number: int
) -> int:
    """How many of the claim's ``words`` sentence ``number`` of ``passage`` holds (kept
    in ``fits``: every figure of the claim asks it of the same sentences)."""
    key = (id(passage), number)
    found = fits.get(key)
    if found is None:
        found = fits[key] = len(words & passage.bags[number].content)
    return found


def _choose(
    claim: Claim,
    value: Value,
    compared: list[Value],
    table: _Sentences,
    passage: Passage,
    number: int,
    candidates: list[Value],
    mine_cache: _Owners,
) -> Value:
    """The candidate whose clause holds the claimed value's words where the claim holds
    them (the nearest shared word weighs most); then the candidate in the same place
    among its kind, then one that agrees."""
    rank, place = mine_cache.place(compared, value)
    sentence = passage.sentences[number][1]
    if sentence.words == claim.analysis.words and place < len(candidates):
        return candidates[place]  # the claim is the sentence, word for word
    mine = mine_cache.distances.get(rank)
    if mine is None:
        mine = mine_cache.mine(claim.text, compared, value)
    picked = _nearest_places(len(candidates), place)
    chosen = [candidates[i] for i in picked]
    clauses = mine_cache.clauses(table, number, sentence.text)
    theirs = [clauses.near(c.span.start, c.span.end) for c in chosen]

    weights = [(word, distance, 1.0 / (1 + distance)) for word, distance in mine.items()]

    def score(index: int) -> float:
        # a shared word counts the more the nearer it stands to the claimed value, and
        # the closer it stands to the candidate as it does to the claimed value
        get = theirs[index].get
        return sum(
            weight / (1 + abs(distance - there))
            for word, distance, weight in weights
            if (there := get(word)) is not None
        )

    scores = [score(i) for i in range(len(chosen))]  # each once: the sort and the tie
    other_verb = _other_verb(claim.text, value, sentence.text, chosen)
    twins = any(c.unit != value.unit for c in chosen) and _twins(chosen)
    ranked = sorted(
        range(len(chosen)),
        key=lambda i: (
            twins and chosen[i].unit != value.unit,  # "330 m (1,083 ft)": feet with feet
            other_verb[i],
            -round(scores[i], 9),
            abs(picked[i] - place),
            agree(value, chosen[i]) is not True,
        ),
    )
    first = ranked[0]
    conditions = mine_cache.conditions()
    if len(ranked) > 1 and _other_condition(conditions, sentence.text, clauses, chosen[first]):
        # "after probation" against "one month during probation and three months
        # afterwards": the nearest figure holds at another time of the same thing, so the
        # next one of its unit that holds at no other time is the partner
        for index in ranked[1:]:
            other = chosen[index]
            if other.unit == chosen[first].unit and not _other_condition(
                conditions, sentence.text, clauses, other
            ):
                return other
    end = _end_of_change(claim.text, value, sentence.text, chosen, chosen[first])
    if end is not None:
        return end
    first_agrees = agree(value, chosen[first]) is True
    if not first_agrees:
        # figures listed side by side share the words before them ("Rentals cost €25 per
        # day or €120 per week"), so nearness favours the first; a candidate that bears
        # the claim out, and is followed by a word of the claim's that the first's clause
        # lacks ("a weekly rental costs €120"), tells its partner apart
        around_first = theirs[first].keys()
        for index in ranked[1:]:
            other = chosen[index]
            if (
                other.unit == chosen[first].unit
                and not (clauses.following(other.span.end) - around_first).isdisjoint(mine)
                and agree(value, other) is True
                and clauses.listed(chosen[first], other)
            ):
                return other
        rescued = _same_target(claim.text, value, sentence.text, chosen, chosen[first])
        if rescued is None:
            rescued = _told_by_clause(claim, value, mine_cache, chosen, theirs, ranked)
        if rescued is None:
            rescued = _owned_by_nearer_word(claim, value, mine_cache, chosen, theirs, ranked)
        if rescued is None:
            rescued = _of_the_same_group(claim.text, value, sentence.text, chosen, ranked)
        if rescued is not None:
            return rescued
    head = {word for word, distance in mine.items() if distance == 0}
    if head and not first_agrees:
        # two candidates that count the same thing as the claim (the word right after
        # each is the claim's: "a 16-year-old" against "the 33-year-old ... a 16-year-old")
        # and that farther words barely tell apart (within 5%) are a near tie: the one
        # that bears the claim out wins, so no contradiction rests on it
        top = scores[first]
        heads = {w for w, d in theirs[first].items() if d == 0} & head
        for index in ranked[1:]:
            if chosen[index].unit != chosen[first].unit:
                break
            if (
                heads
                and scores[index] >= 0.95 * top
                and agree(value, chosen[index]) is True
                and heads <= {w for w, d in theirs[index].items() if d == 0}
            ):
                return chosen[index]
    return chosen[first]


#: "from" right before a figure; "to" or "until" right before one.
_FROM_BEFORE = re.compile(r"\bfrom\s*$", re.IGNORECASE)
_TO_BEFORE = re.compile(r"\b(?:to|until)\s*$", re.IGNORECASE)
#: What stands between the two ends of a change: "8 to 12", "8 units to 12", "$8 until $9".
_CHANGE_GAP = re.compile(r"\s*(?:[^\W\d_]+\s+)?(?:to|until)\s*", re.IGNORECASE)
#: What stands between the ends of a change stated new end first: "to £58m from £74m".
_FROM_GAP = re.compile(r"\s*(?:[^\W\d_]+\s+)?from\s*", re.IGNORECASE)
#: How many words before its "from" or "to" a change verb may stand ("rose by 4% to 12").
_CHANGE_REACH = 4


def _marker_at(text: str, start: int, marker: re.Pattern[str]) -> int | None:
    """Where ``marker`` ("from", "to") starts right before a figure at ``start``, if it
    stands there."""
    before = max(0, start - 8)
    found = marker.search(text[before:start])
    return None if found is None else before + found.start()


def _end_marked(text: str, value: Value) -> str | None:
    """Which end of a change the claim's own words make its figure: "to" ("rose to 12",
    "was cut by 4% to 12"), "from" ("fell from 12"), or ``None`` (unmarked, or a bound:
    "up to 12")."""
    for marker, end in ((_TO_BEFORE, "to"), (_FROM_BEFORE, "from")):
        at = _marker_at(text, value.span.start, marker)
        if at is None:
            continue
        words = prev_words(text, at, _CHANGE_REACH)
        if words[-1:] != ["up"] and any(w in CHANGE_VERBS for w in words):
            return end
    return None


def _to_verb(text: str, start: int) -> frozenset[str]:
    """The stems of the words before the "to" right before a figure at ``start`` ("extends
    the warranty to five years": extend, warranty), none where no "to" stands there."""
    at = _marker_at(text, start, _TO_BEFORE)
    if at is None:
        return frozenset()
    return frozenset(stem(w) for w in prev_words(text, at, _CHANGE_REACH) if w not in STOPWORDS)


def _same_target(
    claim_text: str, value: Value, sentence: str, chosen: Sequence[Value], taken: Value
) -> Value | None:
    """The candidate that bears the claimed figure out where both are what a verb makes a
    thing "to" ("extends the warranty to five years" against "a two-year warranty,
    extended to five years"): a content word of the four before the evidence's "to" is
    one of the four before the claim's; nearness had paired another figure, which does
    not bear the claim out."""
    mine = _to_verb(claim_text, value.span.start)
    if not mine:
        return None
    for other in chosen:
        if other is taken or other.unit != taken.unit or agree(value, other) is not True:
            continue
        if not mine.isdisjoint(_to_verb(sentence, other.span.start)):
            return other
    return None


def _end_of_change(
    claim_text: str, value: Value, sentence: str, chosen: Sequence[Value], taken: Value
) -> Value | None:
    """The partner a change the evidence states "from A to B" ("rises from 8 to 12", or
    "to B from A": "fell to 58 from 74") gives the claimed figure when nearness took one of its ends: the end the claim marks
    ("rose to 12" the new, "fell from 8" the old), else the end that bears the figure out
    ("is 12" states the new amount, "was 8" the old); ``None`` where the taken figure is
    no end of such a change, or nothing is to be moved."""
    marked = _end_marked(claim_text, value)
    for other in chosen:
        if other is taken or other.unit != taken.unit:
            continue
        first, second = (taken, other) if taken.span.start < other.span.start else (other, taken)
        if _marker_at(sentence, first.span.start, _FROM_BEFORE) is not None and (
            _CHANGE_GAP.fullmatch(sentence, first.span.end, second.span.start)
        ):
            old, new = first, second  # "from 74 to 58"
        elif _marker_at(sentence, first.span.start, _TO_BEFORE) is not None and (
            _FROM_GAP.fullmatch(sentence, first.span.end, second.span.start)
        ):
            old, new = second, first  # "fell to 58 from 74"
        else:
            continue
        if marked is not None:
            return new if marked == "to" else old
        if agree(value, taken) is not True and agree(value, other) is True:
            return other
        return None
    return None


#: How many words before a figure :func:`_word_before` looks through for its own word.
_BEFORE_WORDS = 3


def _word_before(text: str, start: int) -> str | None:
    """The stem of the content word that stands right before a figure at ``start`` in its
    clause ("closes at 10 pm": close), stop words and units passed over; ``None`` when
    the clause starts first or no such word is within :data:`_BEFORE_WORDS` words."""
    tokens = _TOKEN.findall(text, max(0, start - 60), start)
    for word in reversed(tokens[-_BEFORE_WORDS:]):
        lower = word.casefold()
        if not lower[0].isalpha() or lower in _BOUNDARIES:
            return None
        if lower in STOPWORDS or lower in UNIT_WORDS or len(lower) < 2:
            continue
        return stem(lower)
    return None


def _other_verb(text: str, value: Value, sentence: str, chosen: Sequence[Value]) -> list[bool]:
    """For each candidate, whether the word right before it (:func:`_word_before`) is
    another than the claimed figure's when some candidate has that very word ("closes at
    10 pm" against "opens at 7 am and closes at 10 pm": the time that closes). Counts are
    left to the words after them ("42 rooms on four floors"), which say what they count."""
    if _is_count(value):
        return [False] * len(chosen)
    mine = _word_before(text, value.span.start)
    if mine is None:
        return [False] * len(chosen)
    theirs = [_word_before(sentence, c.span.start) for c in chosen]
    if mine not in theirs:
        return [False] * len(chosen)
    return [word is not None and word != mine for word in theirs]


#: Words that set when a figure holds, followed by what they set it by ("after
#: probation", "during the trial"): two such conditions on one thing differ by the word.
_CONDITION = re.compile(
    r"\b(after|before|during|until|within|since)\s+(?:(?:the|a|an|its|his|her|their)\s+)?"
    r"([^\W\d_]{3,})",
    re.IGNORECASE,
)
#: A price's billing period ("billed annually", "paid monthly"): two prices of one plan
#: billed at other periods are two facts, so "10 dollars billed monthly" pairs with the
#: monthly price, not with the annual one beside it.
_BILLING = re.compile(
    r"\b(billed|paid|charged|invoiced|renewed)\s+"
    r"(annually|yearly|monthly|weekly|quarterly|daily|nightly)\b",
    re.IGNORECASE,
)


@bounded_cache(1024, 1_000_000)
def _conditions(text: str) -> dict[str, str]:
    """Stem of what a condition is set by -> the condition's word ("probat" -> "after";
    "bill" -> "monthly" for "billed monthly"), read once per text kept (never to be
    changed by a caller)."""
    found = {stem(m.group(2).casefold()): m.group(1).casefold() for m in _CONDITION.finditer(text)}
    for m in _BILLING.finditer(text):
        found[stem(m.group(1).casefold())] = m.group(2).casefold()
    return found


def _other_condition(
    mine: dict[str, str], sentence: str, clauses: _Clauses, partner: Value
) -> bool:
    """Whether the clause of ``partner`` sets its figure by another condition on a thing
    the claim names (``mine``, :func:`_conditions` of the claim): "during probation"
    where the claim says "after probation"."""
    if not mine:
        return False
    stems, tokens = clauses.stems, clauses.tokens
    at = bisect_left(clauses.starts, partner.span.start)
    left = at  # the clause, at most CLAUSE_WORDS words on each side, as _Clauses.near
    while left > max(0, at - CLAUSE_WORDS) and stems[left - 1] != "":
        left -= 1
    right = at
    while right < min(len(stems), at + CLAUSE_WORDS) and stems[right] != "":
        right += 1
    if left >= right:
        return False
    theirs = _conditions(sentence[tokens[left].start() : tokens[right - 1].end()])
    return any(theirs.get(thing, word) != word for thing, word in mine.items())


#: How many more of the claim's words the clause of an agreeing candidate must hold than
#: the clause of the nearest disagreeing one to take its place (:func:`_told_by_clause`).
_CLAUSE_LEAD = 2


def _told_by_clause(
    claim: Claim,
    value: Value,
    owners: _Owners,
    chosen: Sequence[Value],
    theirs: Sequence[dict[str, int]],
    ranked: Sequence[int],
) -> Value | None:
    """The candidate that bears ``value`` out when its clause holds clearly more of the
    claim's words than the clause of the nearest one (``ranked[0]``), which does not: one
    shared verb next to another year ("In 1952, the family gave the manor to the county"
    against "In 1938, she gave the woods to the county and in March 1952 the manor was
    accepted by the county") does not outweigh the clause that restates the claim. Only
    for a claim with one figure of its group: with several ("5% in Europe and 8% in
    Asia"), the claim's words belong to different figures and cannot tell them apart."""
    if owners.group_size(value) > 1:
        return None
    words = claim.analysis.content
    first = ranked[0]
    lead = len(words & theirs[first].keys()) + _CLAUSE_LEAD
    for index in ranked[1:]:
        other = chosen[index]
        if (
            other.unit == chosen[first].unit
            and agree(value, other) is True
            and len(words & theirs[index].keys()) >= lead
        ):
            return other
    return None


def _twins(candidates: Sequence[Value]) -> bool:
    """Whether two of the candidates, in different units, state one quantity ("330 m
    (1,083 ft)"): then the claim's unit tells which it quotes. "256 MB and can be raised
    to 2 GB" are two quantities, which the words beside them tell apart."""
    return any(
        a.unit != b.unit and agree(a, b) is True
        for number, a in enumerate(candidates)
        for b in candidates[number + 1 :]
    )


def _owned_by_nearer_word(
    claim: Claim,
    value: Value,
    owners: _Owners,
    chosen: Sequence[Value],
    theirs: Sequence[dict[str, int]],
    ranked: Sequence[int],
) -> Value | None:
    """The candidate that bears ``value`` out when a word of the claim stands nearer to it
    than any word of the claim stands to the nearest candidate (``ranked[0]``), which does
    not: for "The battery is covered for 2 years", "battery" two words before the 2 of
    "covers the frame for 10 years and the motor and battery for 2 years" outweighs
    "covers" four words before the 10 (a verb before a list governs every item of it; an
    item's own noun tells the items apart). A claim word that neither holds ("Sales rose
    8%" against "rose 5% in Europe and 8% in Asia") rescues nothing, nor one that the
    nearest candidate's clause holds as near ("The frame and battery are covered for 2
    years": "frame" is as near the 10). Only for a claim with one figure of its group, as
    :func:`_told_by_clause`."""
    if owners.group_size(value) > 1:
        return None
    words = claim.analysis.content

    def nearest(index: int) -> int | None:
        found = [distance for word, distance in theirs[index].items() if word in words]
        return min(found) if found else None

    first = ranked[0]
    lead = nearest(first)
    for index in ranked[1:]:
        other = chosen[index]
        if other.unit != chosen[first].unit or agree(value, other) is not True:
            continue
        own = nearest(index)
        if own is not None and (lead is None or own < lead):
            return other
    return None


def _of_the_same_group(
    text: str, value: Value, sentence: str, chosen: Sequence[Value], ranked: Sequence[int]
) -> Value | None:
    """The candidate that bears ``value`` out and is given for the claim's group (the
    word right after each figure, :func:`_slot`), when the nearest candidate is given for
    another: "improved by 40 mL with placebo" against "improved by 180 mL with ferocort,
    compared with 40 mL with placebo" pairs with the 40 mL of the placebo group."""
    mine = _slot(text, value.span)
    if mine is None:
        return None
    nearest = _slot(sentence, chosen[ranked[0]].span)
    if nearest is None or nearest[0] == mine[0]:
        return None
    for index in ranked[1:]:
        other = chosen[index]
        at = _slot(sentence, other.span)
        if at is not None and at[0] == mine[0] and agree(value, other) is True:
            return other
    return None


#: The most candidates of one sentence a claimed figure is weighed against: a sentence
#: listing more figures of one kind (a table flattened into a line) offers those nearest
#: the claimed figure's own place among its kind, so pairing stays linear in the list.
CANDIDATES = 32


def _nearest_places(count: int, place: int) -> list[int]:
    """The indexes of the :data:`CANDIDATES` candidates nearest ``place`` (all of them
    when there are no more), in order."""
    if count <= CANDIDATES:
        return list(range(count))
    start = min(max(0, place - CANDIDATES // 2), count - CANDIDATES)
    return list(range(start, start + CANDIDATES))

"""Figures an answer computes from its evidence: one step of arithmetic on figures the
evidence states ("€19.80" for "€22" less "10%", "£276 a week" for "£1,380, five weeks'
rent", "3 hours and 41 minutes" between "09:33" and "13:14", a margin of "1,405 votes"
between "9,812" and "8,407").

Such a figure is not stated, so it is never borne out, but it is no invented figure
either: on the everyday sets most figure false alarms were computed ones. The steps are
kept few and bound to what the texts say, so that a changed figure is rarely one of them
by chance:
- a difference or a sum of two figures of one group near each other (or the total of a
  run of them), only when a word beside the claimed figure says it computes one
  ("margin", "by", "total", "altogether" ...) and, for bare counts, they count the same
  thing; a duration between two times of day and a time of day a duration after or
  before another need no such word;
- a stated percent of a figure beside it or of the case the claim supposes, taken off or
  added on ("10% cheaper"; "a £60 fee" on "a £2,000 balance" at 3%), and a
  claimed percent that is the change between two figures or the share one is of the
  other, when a word beside it says which ("rose", "make up");
- a proportion: the claim's figure is to a quantity it states as a figure of the evidence
  is to the quantity beside it ("500 mg" in "10 ml" for "250 mg/5 ml"; "three adults" for
  "24 pupils" against "one adult with every 8 pupils"; "£45" for "3 nights" at "£15 per
  night").
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from grounding_guard.text.figures.compare import convert, rounds_to
from grounding_guard.text.figures.units import unit_of
from grounding_guard.text.figures.value import Value
from grounding_guard.text.lexicon import STOPWORDS, stem
from grounding_guard.types import Span

__all__ = ["Derivation", "derive", "too_many_to_derive"]

#: How far apart (in characters) two figures of the evidence may stand to be operands of
#: one step: a sentence or two, not a chunk.
_WINDOW = 240
#: How far from a figure a quantity it is counted in may stand ("500 mg" ... "10 ml").
_NEAR = 60
#: The most evidence figures one claimed figure is tried against (a table of a thousand
#: figures must not cost a thousand squared steps).
_MOST_OPERANDS = 400
#: The most partners each operand is paired with, nearest first.
_MOST_PARTNERS = 12

#: Words by which a claim says it gives a difference of two figures.
_DIFFERENCE_WORDS = frozenset(
    stem(word)
    for word in """
    margin difference differ more less fewer cheaper dearer higher lower off ahead behind
    lead saving save extra longer shorter faster slower gap increase rise rose fall fell
    drop than by beat won lost losing winning apart remaining left after later earlier
    before took takes
    """.split()
)
#: Words by which a claim says its percent is a change between two figures.
_CHANGE_WORDS = frozenset(
    stem(word)
    for word in """
    rise rose risen fall fell fallen increase decrease growth grew grown up down drop
    dropped cut jump jumped climb climbed higher lower more less
    """.split()
)
#: Words by which a claim says its percent is the share one figure is of another.
_SHARE_WORDS = frozenset(
    stem(word) for word in "share proportion account accounts make makes made total of".split()
)
#: Words by which a claim says it gives a sum of two figures.
_SUM_WORDS = frozenset(
    stem(word)
    for word in "total altogether combined together overall sum both plus add added".split()
)
#: The kinds of figure a step takes and yields (not years, dates or ordinals).
_KINDS = frozenset({"number", "money", "measure", "percent"})
#: Months in a calendar unit: the spans of calendar time that convert exactly.
_MONTHS = {"month": Decimal(1), "year": Decimal(12)}
#: "per night", "a week", "/ml", "each visit" right after a figure: what it counts per.
_PER = re.compile(r"\s*(?:(?:per|an?|each|every)\s+|/\s*)([^\W\d_]+)", re.IGNORECASE)
#: The noun a bare count counts: the word after it, or the one after an adjective.
_NOUN = re.compile(r"[\s-]+([^\W\d_]+)(?:\s+([^\W\d_]+))?")
#: A join between the parts of a compound measure ("3 hours and 41 minutes").
_JOIN = re.compile(r"\s*(?:,|and|,\s*and)?\s*")
_LETTERS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class Derivation:
    """How a claimed figure follows from the evidence: ``shown`` says it ("€22 less 10% =
    €19.80"); ``operands`` are the evidence figures it takes (spans into the evidence
    text); ``supposed`` the claim's own figures it takes (the case the claim supposes);
    ``span`` covers the claimed figure with the smaller parts of a compound measure ("3
    hours and 41 minutes")."""

    shown: str
    operands: tuple[Value, ...]
    supposed: tuple[Value, ...] = ()
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class _Quantity:
    """A figure as an amount of something: ``keys`` say of what (a dimension, or the
    nouns a count may count), ``amount`` how much, in ``unit``."""

    amount: Decimal
    keys: frozenset[str]
    unit: str | None
    value: Value | None
    written: str


@dataclass(frozen=True, slots=True)
class _Texts:
    """The claim's and the evidence's text, to show figures as written."""

    claim: str
    evidence: str

    def mine(self, value: Value) -> str:
        return " ".join(value.span.of(self.claim).split())

    def theirs(self, value: Value) -> str:
        return " ".join(value.span.of(self.evidence).split())


def derive(
    claimed: Value,
    claim_text: str,
    claim_values: Sequence[Value],
    evidence_text: str,
    evidence_values: Sequence[Value],
) -> Derivation | None:
    """How ``claimed`` (a figure of ``claim_text``) follows in one step from figures of
    ``evidence_text``, or ``None``. Exact where the step ends in whole cents ("€19.80" is
    €22 less 10%, "€20" is not); rounded to the claim's precision where it recurs ("£33.33"
    for a third of £100)."""
    if claimed.kind not in _KINDS or not isinstance(claimed.value, Decimal):
        return None
    if too_many_to_derive(claim_values):
        return None
    if claimed.kind == "number" and claimed.value == 1:
        return None  # "one charge", "a dose": nothing is computed
    usable = [
        v
        for v in evidence_values[:_MOST_OPERANDS]
        if v.kind in _KINDS and isinstance(v.value, Decimal) and v.note not in _NAMES
    ]
    operands = _compounds(sorted(usable, key=lambda v: v.span.start), evidence_text)
    if not operands:
        return None
    mine = _compounds(sorted(claim_values, key=lambda v: v.span.start), claim_text)
    goal = next((v for v in mine if v.span.start == claimed.span.start), None)
    if goal is None or not isinstance(goal.value, Decimal):
        return None
    texts = _Texts(claim_text, evidence_text)
    counted = _quantity(goal, claim_text) if goal.kind == "number" else None
    target = _Goal(goal, texts.mine(goal), counted)
    words = _words_near(claim_text, goal.span)
    found = _difference_or_sum(target, words, operands, texts)
    if found is None:
        found = _percent_of(target, operands, texts)
    if found is None and goal.kind == "percent":
        found = _percent_between(target, words, operands, texts)
    if found is None:
        found = _proportion(target, mine, operands, texts)
    if found is None:
        found = _percent_of_supposed(target, mine, operands, texts)
    return None if found is None else replace(found, span=goal.span)


def too_many_to_derive(claim_values: Sequence[Value]) -> bool:
    """Whether a claim states more figures than a computed figure's sentence does (a
    table dump, a list of scores): then no derivation is looked for."""
    return len(claim_values) > _MOST_CLAIMED


#: The most figures a claim that computes one states.
_MOST_CLAIMED = 12
_NAMES = frozenset({"name", "version"})
#: The longest a figure's span is taken to be, to find those ending near another.
_LONGEST = 40
#: Results that end within this many decimal places must be met exactly; others may be
#: rounded, by this share of the figure at most ("£277 a week" for £1,200 a month).
_EXACT_PLACES = 2
_ROUNDING = Decimal("0.005")


@dataclass(frozen=True, slots=True)
class _Goal:
    """The claimed figure to derive (a compound measure's parts added), ``shown`` as
    written, and for a bare count what it counts (read once, asked of every pair)."""

    value: Value
    shown: str
    counted: _Quantity | None

    @property
    def target(self) -> Decimal:
        """The claimed number, in the claimed figure's own unit."""
        return _number(self.value)

    @property
    def precision(self) -> int:
        return self.value.precision

    def met_by(self, result: Decimal) -> bool:
        """Whether ``result`` is the claimed figure: exactly, or rounded to the claim's
        precision when it does not end within whole cents (a share that recurs)."""
        if result <= 0:
            return False
        if result == self.target:
            return True
        return (
            _places(result) > _EXACT_PLACES
            and abs(result - self.target) <= self.target * _ROUNDING
            and rounds_to(result, self.precision, self.target)
        )


def _compounds(values: Sequence[Value], text: str) -> list[Value]:
    """``values`` (in text order) with each compound measure of time read as one figure
    in its last part's unit ("3 hours and 41 minutes": 221 minutes, spanning both)."""
    merged: list[Value] = []
    for value in values:
        last = merged[-1] if merged else None
        if (
            last is not None
            and _is_duration(last)
            and _is_duration(value)
            and last.span.end <= value.span.start
            and _JOIN.fullmatch(text, last.span.end, value.span.start)
        ):
            moved = convert(_number(last), last.unit, value.unit)
            if moved is not None and moved > _number(value):
                merged[-1] = replace(
                    value,
                    value=moved + _number(value),
                    span=Span(last.span.start, value.span.end),
                )
                continue
        merged.append(value)
    return merged


def _is_duration(value: Value) -> bool:
    return (
        value.kind == "measure"
        and value.dimension == "time"
        and value.unit != "clock"
        and isinstance(value.value, Decimal)
        and value.note is None
    )


#: How many words before and after a claimed figure may say that it is computed ("a
#: margin of victory over the runner-up of 1,405", "0.21 seconds off").
_WORDS_BEFORE = 8
_WORDS_AFTER = 4


#: "or more", "and over" after a figure: a bound the figure states, no computation.
_OR_MORE = re.compile(
    r"\s*(?:and|or)\s+(?:more|less|fewer|over|under|above|below|longer|shorter|higher"
    r"|lower|greater|smaller|later|earlier|older|younger)\b",
    re.IGNORECASE,
)


def _words_near(text: str, span: Span) -> frozenset[str]:
    """The stems of the few words around a claimed figure: a word elsewhere in the claim
    ("won", "more") says nothing about how this figure was reached."""
    before = _LETTERS.findall(text[max(0, span.start - 80) : span.start].casefold())
    end = span.end
    bound = _OR_MORE.match(text, end)
    if bound is not None:  # "3 and more children": a bound, not a difference
        end = bound.end()
    after = _LETTERS.findall(text[end : end + 60].casefold())
    return frozenset(stem(w) for w in before[-_WORDS_BEFORE:] + after[:_WORDS_AFTER])


def _places(number: Decimal) -> int:
    """How many decimal places ``number`` needs (a recurring share: many)."""
    exponent = number.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _amount(value: Value, unit: str | None) -> Decimal | None:
    """``value`` in ``unit`` (its own number for a bare number or percent)."""
    number = value.value
    if not isinstance(number, Decimal):
        return None
    if value.unit == unit:
        return number
    return convert(number, value.unit, unit)


def _same_group(one: Value, other: Value) -> bool:
    """Whether two figures are amounts of one thing: one currency, one dimension (times of
    day aside), or both bare numbers or percents."""
    if one.kind != other.kind:
        return False
    if one.kind == "money":
        return one.unit == other.unit
    if one.kind == "measure":
        return one.dimension == other.dimension and one.dimension != "clock"
    return True


def _neighbours(operands: Sequence[Value]) -> list[tuple[Value, Value]]:
    """Pairs of evidence figures near each other (within :data:`_WINDOW`), each figure
    with its few nearest followers."""
    pairs = []
    for index, first in enumerate(operands):
        for second in operands[index + 1 : index + 1 + _MOST_PARTNERS]:
            if second.span.start - first.span.end > _WINDOW:
                break
            pairs.append((first, second))
    return pairs


def _difference_or_sum(
    goal: _Goal, words: frozenset[str], operands: Sequence[Value], texts: _Texts
) -> Derivation | None:
    """``goal`` as the difference or sum of two figures near each other; between times
    of day, or a time of day and a duration, without a word that asks for it."""
    claimed = goal.value
    differs = not words.isdisjoint(_DIFFERENCE_WORDS)
    adds = not words.isdisjoint(_SUM_WORDS)
    clock = claimed.unit == "clock"
    duration = claimed.kind == "measure" and claimed.dimension == "time"
    for first, second in _neighbours(operands):
        one, other = texts.theirs(first), texts.theirs(second)
        if first.unit == "clock" and second.unit == "clock":
            if duration:
                result = convert(abs(_number(first) - _number(second)), "s", claimed.unit)
                if result is not None and goal.met_by(result):
                    return Derivation(f"{other} - {one} = {goal.shown}", (first, second))
            continue
        if clock and "clock" in (first.unit, second.unit):
            at, span = (first, second) if first.unit == "clock" else (second, first)
            length = _amount(span, "s") if span.dimension == "time" else None
            if length is None:
                continue
            for sign, how in ((1, "+"), (-1, "-")):
                if _number(at) + sign * length == goal.target:
                    shown = f"{texts.theirs(at)} {how} {texts.theirs(span)} = {goal.shown}"
                    return Derivation(shown, (at, span))
            continue
        if not (differs or adds):
            continue
        if not (_same_group(claimed, first) and _same_group(first, second)):
            continue
        if (
            claimed.kind == "number"
            and not _one_tally(first, second, texts.evidence)
            and not (_counts_alike(goal, first, texts) and _counts_alike(goal, second, texts))
        ):
            continue
        a, b = _amount(first, claimed.unit), _amount(second, claimed.unit)
        if a is None or b is None:
            continue
        if differs and a != b and goal.met_by(abs(a - b)):
            high, low = (one, other) if a > b else (other, one)
            return Derivation(f"{high} - {low} = {goal.shown}", (first, second))
        if adds and goal.met_by(a + b):
            return Derivation(f"{one} + {other} = {goal.shown}", (first, second))
    return _run_total(goal, operands, texts) if adds else None


#: The most figures a total of a run ("£12, £8 and £5") may add up.
_MOST_ADDED = 6


def _run_total(goal: _Goal, operands: Sequence[Value], texts: _Texts) -> Derivation | None:
    """``goal`` as the total of three or more figures that follow one another, each of
    its group and near the last ("a total of £25" for "£12, £8 and £5")."""
    claimed = goal.value
    for start, first in enumerate(operands):
        if not _same_group(claimed, first):
            continue
        total = _amount(first, claimed.unit)
        run = [first]
        for later in operands[start + 1 : start + _MOST_ADDED]:
            amount = _amount(later, claimed.unit) if _same_group(claimed, later) else None
            if amount is None or total is None:
                break
            if later.span.start - run[-1].span.end > _WINDOW:
                break
            if claimed.kind == "number" and not (
                _counts_alike(goal, first, texts, needed=True)
                and _counts_alike(goal, later, texts, needed=True)
            ):
                break  # small counts add up to anything: each must count the claimed thing
            total += amount
            run.append(later)
            if len(run) > 2 and goal.met_by(total):
                shown = " + ".join(texts.theirs(v) for v in run)
                return Derivation(f"{shown} = {goal.shown}", tuple(run))
    return None


def _counts_alike(goal: _Goal, figure: Value, texts: _Texts, *, needed: bool = False) -> bool:
    """Whether a bare count of the evidence may count what the claimed one counts
    (:func:`_same_thing`): "1,405 votes" against "9,812 votes" and "8,407 and ...", not
    "64 journalists" against "79 - 15"."""
    return _same_thing(goal.counted, _quantity(figure, texts.evidence), needed=needed)


def _same_thing(one: _Quantity | None, other: _Quantity | None, *, needed: bool) -> bool:
    """Whether two counts may count one thing: both name one noun, or (unless
    ``needed``) one of them names none."""
    if one is None or other is None:
        return not needed
    return not one.keys.isdisjoint(other.keys)


def _one_tally(first: Value, second: Value, text: str) -> bool:
    """Whether two figures are the ends of one tally or range ("27–19"): their
    difference is a margin whatever each end is followed by."""
    return (
        first.note == "range"
        and second.note == "range"
        and len(text[first.span.end : second.span.start].strip()) <= 3
    )


def _number(value: Value) -> Decimal:
    assert isinstance(value.value, Decimal)
    return value.value


def _percent_of(goal: _Goal, operands: Sequence[Value], texts: _Texts) -> Derivation | None:
    """``goal`` as a stated percent of a figure near it, or that figure with the percent
    taken off or added on."""
    for first, second in _neighbours(operands):
        if first.kind == "percent" and second.kind != "percent":
            share, base = first, second
        elif second.kind == "percent" and first.kind != "percent":
            share, base = second, first
        else:
            continue
        amount = _amount(base, goal.value.unit) if _same_group(goal.value, base) else None
        if base.kind == "number" and not _counts_alike(goal, base, texts, needed=True):
            continue  # "42 ships" is 30% of 140 of what?
        rate = _number(share)
        if amount is None or not 0 < rate < 1000:
            continue
        part = amount * rate / 100
        shown_share, shown_base = texts.theirs(share), texts.theirs(base)
        for result, shown in (
            (part, f"{shown_share} of {shown_base}"),
            (amount - part, f"{shown_base} less {shown_share}"),
            (amount + part, f"{shown_base} plus {shown_share}"),
        ):
            if goal.met_by(result):
                return Derivation(f"{shown} = {goal.shown}", (base, share))
    return None


def _percent_of_supposed(
    goal: _Goal, mine: Sequence[Value], operands: Sequence[Value], texts: _Texts
) -> Derivation | None:
    """``goal`` as a percent the evidence states of another figure of the claim, the
    case it supposes ("a £60 fee" for "a £2,000 balance" at "a 3% transfer fee")."""
    claimed = goal.value
    shares = [v for v in operands if v.kind == "percent" and 0 < _number(v) < 1000]
    if not shares:
        return None
    for supposed in mine:
        if supposed.span == claimed.span or not _same_group(claimed, supposed):
            continue
        amount = _amount(supposed, claimed.unit)
        if amount is None or amount == goal.target:
            continue
        for share in shares:
            part = amount * _number(share) / 100
            for result, how in ((part, "of"), (amount - part, "less"), (amount + part, "plus")):
                if goal.met_by(result):
                    taken, base = texts.theirs(share), texts.mine(supposed)
                    shown = f"{taken} of {base}" if how == "of" else f"{base} {how} {taken}"
                    return Derivation(f"{shown} = {goal.shown}", (share,), (supposed,))
    return None


def _percent_between(
    goal: _Goal, words: frozenset[str], operands: Sequence[Value], texts: _Texts
) -> Derivation | None:
    """A claimed percent as the change between two figures near each other ("rose 6.2%"
    from 388 to 412) or the share one is of the other ("make up 19%"), when a word beside
    it says which; rounded to the claim's precision."""
    changes = not words.isdisjoint(_CHANGE_WORDS)
    shares = not words.isdisjoint(_SHARE_WORDS)
    if not (changes or shares):
        return None
    for first, second in _neighbours(operands):
        if first.kind == "percent" or not _same_group(first, second):
            continue
        if first.kind == "number" and not _same_thing(
            _quantity(first, texts.evidence), _quantity(second, texts.evidence), needed=True
        ):
            continue  # two bare numbers must say what they count, and count one thing
        a, b = _amount(first, first.unit), _amount(second, first.unit)
        if a is None or b is None or a <= 0 or b <= 0 or a == b:
            continue
        one, other = texts.theirs(first), texts.theirs(second)
        low, high = (a, b) if a < b else (b, a)
        shown_low, shown_high = (one, other) if a < b else (other, one)
        if changes:
            for base, shown in (
                (a, f"{one} to {other}"),
                (b, f"{other} to {one}"),
            ):
                change = abs(b - a) / base * 100
                if rounds_to(change, goal.precision, goal.target):
                    return Derivation(f"{shown} is {goal.shown}", (first, second))
        if shares and rounds_to(low / high * 100, goal.precision, goal.target):
            return Derivation(f"{shown_low} of {shown_high} is {goal.shown}", (first, second))
    return None


def _proportion(
    goal: _Goal, claim_values: Sequence[Value], operands: Sequence[Value], texts: _Texts
) -> Derivation | None:
    """``goal`` is to a quantity the claim states (or counts it per) as a figure of the
    evidence is to the quantity beside it: "500 mg" in "10 ml" for "250 mg/5 ml"."""
    claimed = goal.value
    mine = _quantities_near(claimed, texts.claim, claim_values)
    if not mine:
        return None
    for figure in operands:
        amount = _amount(figure, claimed.unit) if _same_group(claimed, figure) else None
        if amount is None:
            continue
        if claimed.kind == "number" and not _counts_alike(goal, figure, texts, needed=True):
            continue  # "three adults" for "one adult": one thing counted
        for theirs in _quantities_near(figure, texts.evidence, operands):
            for quantity in mine:
                ratio = _ratio(quantity, theirs)
                if ratio is None or ratio == 1 or not goal.met_by(amount * ratio):
                    continue
                taken = (figure,) if theirs.value is None else (figure, theirs.value)
                supposed = () if quantity.value is None else (quantity.value,)
                shown = (
                    f"{texts.theirs(figure)} for {theirs.written} is {goal.shown} for "
                    f"{quantity.written}"
                )
                return Derivation(shown, taken, supposed)
    return None


def _quantities_near(figure: Value, text: str, values: Sequence[Value]) -> list[_Quantity]:
    """What ``figure`` may be counted in: a figure of another group near it ("250 mg/5
    ml", "£1,380, equivalent to five weeks' rent"), or one of what it is counted per
    ("£15 per night", "£276 a week")."""
    found = []
    per = _PER.match(text, figure.span.end)
    if per is not None:
        found.append(_one_of(per.group(1)))
    counted = _quantity(figure, text)
    starts = [v.span.start for v in values]  # values come in text order
    low = bisect_left(starts, figure.span.start - _NEAR - _LONGEST)
    high = bisect_right(starts, figure.span.end + _NEAR)
    for other in values[low:high]:
        if other is figure or other.kind not in _KINDS:
            continue
        if _same_group(figure, other) and not _counts_other(figure, counted, other, text):
            continue
        if other.span.start >= figure.span.end:
            gap = other.span.start - figure.span.end
        else:
            gap = figure.span.start - other.span.end
        if 0 <= gap <= _NEAR:
            quantity = _quantity(other, text)
            if quantity is not None:
                found.append(quantity)
    return found


def _counts_other(figure: Value, counted: _Quantity | None, other: Value, text: str) -> bool:
    """Whether two bare counts count different things ("three adults", "24 pupils")."""
    return figure.kind == "number" and not _same_thing(
        counted, _quantity(other, text), needed=False
    )


def _one_of(word: str) -> _Quantity:
    """One of a unit or of a counted noun ("per night": one night)."""
    unit = unit_of(word)
    if unit is not None:
        return _Quantity(Decimal(1), frozenset({unit.dimension}), unit.unit, None, f"one {word}")
    return _Quantity(Decimal(1), frozenset({stem(word.casefold())}), None, None, f"one {word}")


def _quantity(value: Value, text: str) -> _Quantity | None:
    """A figure as an amount of a dimension, or a bare count as an amount of the noun
    after it (or after the adjective after it)."""
    number = value.value
    if not isinstance(number, Decimal) or value.note is not None:
        return None
    written = " ".join(value.span.of(text).split())
    if value.kind == "measure" and value.dimension not in (None, "clock"):
        keys = frozenset({value.dimension or ""})
        return _Quantity(number, keys, value.unit, value, written)
    if value.kind != "number":
        return None
    noun = _NOUN.match(text, value.span.end)
    if noun is None:
        return None
    if noun.group(1).casefold() in STOPWORDS:
        return None  # "8,407 and", "19 in": it counts nothing the text names
    nouns = {stem(w.casefold()) for w in noun.groups() if w and w.casefold() not in STOPWORDS}
    return _Quantity(number, frozenset(nouns), None, value, f"{written} {noun.group(1)}")


def _ratio(mine: _Quantity, theirs: _Quantity) -> Decimal | None:
    """``mine`` over ``theirs``, converting units of one dimension (months and years by
    the calendar); ``None`` when they are not amounts of one thing."""
    if mine.keys.isdisjoint(theirs.keys) or theirs.amount == 0:
        return None
    amount: Decimal | None = mine.amount
    if mine.unit != theirs.unit:
        if mine.unit in _MONTHS and theirs.unit in _MONTHS:
            amount = mine.amount * _MONTHS[mine.unit] / _MONTHS[theirs.unit]
        else:
            amount = convert(mine.amount, mine.unit, theirs.unit)
    if amount is None:
        return None
    try:
        return amount / theirs.amount
    except InvalidOperation:
        return None

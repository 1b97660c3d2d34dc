"""The words the reader knows: number words, ordinals, months, Roman numerals, the words
and symbols that make a figure approximate or a bound, change verbs and the capitalised
words that never head a name; data only."""

from __future__ import annotations

import re

from grounding_guard.text.figures.units import CURRENCY_CODES

__all__ = [
    "APPROX_AFTER",
    "APPROX_DATE",
    "APPROX_LAST",
    "APPROX_ONE",
    "APPROX_SYMBOLS",
    "APPROX_TWO",
    "BOUND_AFTER",
    "BOUND_ONE",
    "BOUND_SYMBOLS",
    "BOUND_TWO",
    "CHANGE_VERBS",
    "DIFFERENCE_AFTER",
    "FRACTION_WORDS",
    "MAY_BEFORE",
    "MONTHS",
    "MONTH_ABBR",
    "MONTH_TRIGGERS",
    "NOT_HEADS",
    "ONE_PERIOD",
    "ONE_PERIOD_RE",
    "ORDINAL_WORDS",
    "PLURAL_APPROX",
    "ROMAN_WORDS",
    "SMALL",
    "TENS",
    "TRIGGER_WORDS",
    "VALUE_WORDS",
]

_ONES = "zero one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS_WORDS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
SMALL: dict[str, int] = {w: i for i, w in enumerate(_ONES)}
SMALL.update({w: 10 + i for i, w in enumerate(_TEENS)})
TENS: dict[str, int] = {w: 20 + 10 * i for i, w in enumerate(_TENS_WORDS)}
SMALL.update(TENS)
ORDINAL_WORDS: dict[str, int] = {
    w: i + 1
    for i, w in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
    )
}
ORDINAL_WORDS.update(
    {
        w: 20 + 10 * i
        for i, w in enumerate(
            "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth".split()
        )
    }
)
ORDINAL_WORDS.update({"hundredth": 100, "thousandth": 1000, "millionth": 10**6})
PLURAL_APPROX = frozenset(
    "dozens hundreds thousands millions billions trillions lakhs crores tens scores".split()
)
FRACTION_WORDS = frozenset(
    "half halves third thirds quarter quarters fifth fifths sixth sixths eighth eighths "
    "tenth tenths".split()
)
MONTHS: dict[str, int] = {
    m: i + 1
    for i, m in enumerate(
        "January February March April May June July August September October November "
        "December".split()
    )
}
MONTH_ABBR: dict[str, int] = {m[:3]: i for m, i in MONTHS.items()}
MONTH_ABBR["Sept"] = 9
MAY_BEFORE = frozenset(
    "in of since until till by during from to through early late mid last next this every "
    "each before after between and".split()
)
ROMAN_WORDS = frozenset(
    "i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split()
)

TRIGGER_WORDS: frozenset[str] = (
    frozenset(SMALL)
    | frozenset(ORDINAL_WORDS)
    | PLURAL_APPROX
    | frozenset({"hundred", "thousand", "dozen", "million", "billion", "trillion", "lakh"})
    | frozenset({"crore", "lac"})
    | frozenset({"half"})  # "half a year", "half a million"
    | frozenset({"once", "twice", "thrice"})  # "twice a day": 2 times
)
MONTH_TRIGGERS = frozenset(m.casefold() for m in MONTHS) | frozenset(
    m.casefold() for m in MONTH_ABBR
)

#: Words that, lower-cased, may start or hold a figure without a digit: the pre-check
#: (:func:`has_value_words`) and callers' fast paths use it.
VALUE_WORDS: frozenset[str] = TRIGGER_WORDS | MONTH_TRIGGERS | ROMAN_WORDS

# "about 300": near the value; "at least 300": one side of it (a bound). Neither is
# compared; an evidence approximation may still bear out a claim of the same value.
APPROX_ONE = frozenset(
    "around about roughly approximately approx nearly almost some circa ca c estimated".split()
)
BOUND_ONE = frozenset(
    """
    over under above below approaching upwards exceeding exceeded exceeds topped tops
    surpassed surpasses
    """.split()
)
APPROX_TWO = frozenset({"close to", "an estimated"})
BOUND_TWO = frozenset(
    {
        "at least",
        "at most",
        "more than",
        "less than",
        "fewer than",
        "greater than",
        "higher than",
        "lower than",
        "up to",
        "maximum of",
        "minimum of",
        "upwards of",
        "north of",
        "south of",
        "in excess",
        "excess of",
        "many as",
        "much as",
        "few as",
        "little as",
    }
)
# before a year, a date or a month only these make it approximate ("over 2023" is a period)
APPROX_DATE = frozenset("around about roughly approximately approx circa ca c".split())
APPROX_LAST = (
    APPROX_ONE
    | BOUND_ONE
    | APPROX_DATE
    | frozenset(pair.split()[-1] for pair in APPROX_TWO | BOUND_TWO)
)
APPROX_SYMBOLS = frozenset("~≈∼≃±")
BOUND_SYMBOLS = frozenset("<>≤≥")
APPROX_AFTER = re.compile(r"(?:-odd\b| odd\b| or so\b| or thereabouts\b)", re.IGNORECASE)
BOUND_AFTER = re.compile(
    r"(?:\+(?![\d])|-?plus\b(?! *\d)| or more\b| or over\b| or fewer\b| or less\b"
    r"| or above\b| and above\b| and up\b| and over\b| or higher\b| or greater\b| or older\b"
    r"| or longer\b| and below\b| and under\b| or lower\b| or younger\b| or shorter\b"
    r"| minimum\b| maximum\b)",
    re.IGNORECASE,
)
#: A comparative and "than" right after a figure: the figure is a difference ("400 euros
#: more than the X14", "2 hours longer by bus than by train"), not the amount itself.
DIFFERENCE_AFTER = re.compile(
    r"\s+(?!(?:rather|other|either|neither|whether|never|ever|over|under|after|per)\b)"
    r"(?:more|less|fewer|[a-z]{2,}er)(?:\s+[a-z]+){0,3}?\s+than\b",
    re.IGNORECASE,
)
CHANGE_VERBS = frozenset(
    "rose rise rises risen rising grew grow grows grown growing increased increase increases "
    "increasing decreased decrease decreases decreasing fell fall falls fallen falling "
    "dropped drop drops dropping climbed climb climbs jumped jump jumps declined decline "
    "declines went go goes moved move moves changed change changes shrank shrink shrinks "
    "expanded expand expands cut cuts raised raise raises lowered lower lowers reduced "
    "reduce reduces boosted boost slipped slid surged soared plunged tumbled improved "
    "widened narrowed up down upgraded downgraded revised adjusted".split()
)
# a capitalised word before a number that does not make it part of a name ("In 2019");
# nor does a reference word: "Section 302" is compared as 302, which "§ 302" also holds
NOT_HEADS = (
    frozenset(
        """
    a an the in on at by of for from to since until till after before during between
    about around over under above below than and or but nor so yet as per each every only
    just nearly almost some all no not into onto upon via with within without through
    roughly approximately approx circa exactly precisely total totals totalling
    it its this that these those there here we they he she you i our their his her my your
    is are was were be been being has have had do does did will would can could shall
    should may might must also then when while where which who whom whose what
    reached reaching hit hits up down out off more less fewer most least plus minus
    monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow
    another other others both either neither now currently overall altogether still
    already last next first second third final top bottom only same nearly
    page pages p pp chapter chapters section sections sec table tables figure figures fig
    appendix step steps item items rule rules article articles paragraph para clause
    clauses part parts title schedule annex exhibit line lines row rows column columns
    volume vol issue level grade phase stage round week day year
    """.split()
    )
    | frozenset(m.casefold() for m in MONTHS)
    | frozenset(m.casefold() for m in MONTH_ABBR)
    | frozenset(c.casefold() for c in CURRENCY_CODES)
    | frozenset({"rs", "no", "nos", "nr", "num", "number", "version", "ver", "v"})
)

#: Spans of time a figure may be counted per ("2 tablets a day", "twice a night"): "a
#: day" names no thing.
PERIODS = frozenset("second minute hour day night week fortnight month quarter year decade".split())
#: Time units that "a"/"an" counts as one of after a bound or an approximation ("up to a
#: week", "about an hour"); not "second" or "quarter" ("less than a quarter of the votes").
ONE_PERIOD = frozenset("minute hour day week fortnight month year decade".split())
#: A text that may state one unit of time that way, though it holds no value word.
ONE_PERIOD_RE = re.compile(
    r"\b(?:to|least|most|than|over|under|above|below|about|around|nearly|almost|roughly"
    r"|for|within|lasts?|lasted|lasting|takes?|took|taking|spans?|spanned"
    r"|approximately|approx|circa|exceeding|approaching|upwards|excess\s+of|north\s+of)"
    r"\s+an?\s+(?:minute|hour|day|week|fortnight|month|year|decade)\b",
    re.IGNORECASE,
)

#: Verbs that open an instruction before a figure ("Take 2 tablets", "Allow 20 minutes",
#: "Add 50 g of sugar"): at the start of a sentence such a word heads no name.
OPENING_VERBS = frozenset(
    """
    take add use mix give allow wait boil bake cook heat stir drink eat apply repeat rest
    walk run swim cycle drive place set keep store leave remove replace insert press hold
    turn pay spend buy order book reserve budget expect plan choose pick select measure
    pour fill cut divide multiply subtract count save invest withdraw transfer send
    """.split()
)

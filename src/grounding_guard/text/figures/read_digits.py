"""Figures written with digits, read with their context: a sign, a currency before or after,
a scale word, a unit, an ordinal or decade ending, and the names and versions they belong to."""

from __future__ import annotations

import re
from decimal import Decimal

from grounding_guard.text.figures.clean import Locale
from grounding_guard.text.figures.context import (
    LETTERS_RE,
    after_number,
    apply_unit,
    approx_after,
    approx_before,
    meridiem,
    scale_exponent,
)
from grounding_guard.text.figures.presets import Tables
from grounding_guard.text.figures.raw import REACH, Raw, Taken
from grounding_guard.text.figures.runs import PLAIN, Piece, pieces
from grounding_guard.text.figures.units import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    DOLLAR_PREFIXES,
    SIGN_CHARS,
    UNIT_EXACT,
    UNIT_FOLDED,
    WORD_CURRENCIES,
    code_class,
)
from grounding_guard.text.figures.words import NOT_HEADS, OPENING_VERBS
from grounding_guard.text.lexicon import STOPWORDS
from grounding_guard.text.quotes import is_unspaced_script

__all__ = ["digit_values"]

_RUN_RE = re.compile(r"\d+(?:[.,:/'-]\d+|[ ]\d{3}(?!\d))*")
_LETTERS_END_RE = re.compile(r"[^\W\d_]+$")
_BEFORE_SIGN = frozenset(" ([{=:;/~≈<>±\"'") | SIGN_CHARS


def _name_letter(char: str) -> bool:
    """A letter that can head a name glued to a number ("Q3", "COVID-19"): not one of a
    script written without spaces, where "电池续航14小时" is words then a figure."""
    return char.isalpha() and not (char > "\u0dff" and is_unspaced_script(char))


def _currency_before(clean: str, pos: int) -> tuple[str, int] | None:
    """(class, start) of a currency sign or code right before ``pos`` (one space allowed)."""
    index = pos
    if index > 0 and clean[index - 1] == " ":
        index -= 1
    if index <= 0:
        return None
    char = clean[index - 1]
    if char in SIGN_CHARS:
        start = index - 1
        cls = CURRENCY_SIGNS[char]
        if char == "$":
            m = _LETTERS_END_RE.search(clean, max(0, start - 3), start)
            if (
                m
                and m.group() in DOLLAR_PREFIXES
                and (m.start() == 0 or not clean[m.start() - 1].isalnum())
            ):
                return CURRENCY_SIGNS[m.group() + "$"], m.start()
        return cls, start
    if char.isalpha() or char == ".":
        m = _LETTERS_END_RE.search(clean, max(0, index - 5), index - (char == "."))
        if m is None or (m.start() > 0 and clean[m.start() - 1].isalnum()):
            return None
        word = m.group()
        if char == "." and word != "Rs":
            return None
        if word in CURRENCY_CODES:
            return code_class(word), m.start()
        if word == "Rs":
            return WORD_CURRENCIES["Rs"], m.start()
    return None


#: A scale word joined by a hyphen ("$10-million", "$ 10 - million"): a whole word only, so
#: that "10-K" or "3-M" never scale.
_HYPHEN_SCALE_RE = re.compile(r" ?- ?(?=[a-z]{4,}\b)")


def _scale_at(clean: str, pos: int, money: bool, tables: Tables) -> tuple[int, Decimal] | None:
    """(end, multiplier) of a scale word glued to ``pos`` or one space after it, or joined
    to it by a hyphen when the scale word is spelled out ("a $10-million grant")."""
    following = clean[pos : pos + 2]
    if not following or not (following[0].isalpha() or following[0] in " -"):
        return None  # no word glued or one space away, no hyphen: the commonest case
    hyphen = _HYPHEN_SCALE_RE.match(clean, pos) if "-" in following else None
    if hyphen is not None:
        spelled = LETTERS_RE.match(clean, hyphen.end())
        folded = spelled.group().casefold() if spelled else ""
        scale = tables.folded.get(folded)
        if spelled is not None and scale is not None and folded not in tables.deny:
            return spelled.end(), scale
    for start in (pos, pos + 1):
        if start == pos + 1 and (start >= len(clean) or clean[pos] != " "):
            break
        m = LETTERS_RE.match(clean, start)
        if m is None:
            continue
        word = m.group()
        if word.casefold() in tables.deny:
            return None
        mult = tables.exact.get(word)
        if mult is None and len(word) > 1:
            mult = tables.folded.get(word.casefold())
        if mult is None and money:
            mult = tables.money.get(word)
        if mult is not None:
            return m.end(), mult
        return None
    return None


def _word_before(clean: str, start: int) -> tuple[int, str] | None:
    """(start, text) of the token that ends one space before ``start``."""
    if start < 2 or clean[start - 1] != " " or clean[start - 2] == " ":
        return None
    space = clean.rfind(" ", max(0, start - 1 - REACH), start - 1)
    if space < 0 and start - 1 > REACH:
        return None  # a token longer than any name head
    return space + 1, clean[space + 1 : start - 1]


def _head(clean: str, start: int) -> tuple[int, str] | None:
    """A capitalised word right before ``start`` that makes the number part of a name
    ("Apollo 17", "ISO 9001", "iPhone 15"). A capital that only opens the sentence names
    nothing when it is a stop word, an adverb or a verb of an instruction ("Take 2
    tablets": :data:`OPENING_VERBS`)."""
    before = _word_before(clean, start)
    if before is None:
        return None
    begin, token = before
    if token.endswith(("'s", "s'", ".'")):
        return None  # a possessive: "Apple's 2020 report", "Warner Bros.' 2020 film"
    lead = len(token) - len(token.lstrip("([{\"'"))
    word = token[lead:].rstrip(".'")
    if not word[:1].isalpha():
        return None
    if "." in word or not word.replace("-", "").replace("'", "").isalpha():
        return None
    inner = word[1:] != word[1:].lower()
    if not (word[0].isupper() or inner):
        return None
    folded = word.casefold()
    if folded in NOT_HEADS or folded in UNIT_FOLDED or word in UNIT_EXACT:
        return None
    if (
        not inner
        and _opens_sentence(clean, begin + lead)
        and (folded.endswith("ly") or folded in STOPWORDS or folded in OPENING_VERBS)
    ):
        return None
    return begin + lead, word


def _opens_sentence(clean: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and clean[index] == " ":
        index -= 1
    return index < 0 or clean[index] in ".!?:;\"'([*#>-"


#: A citation marker: "[1]", "[1, 3]", "[2-4]", "[Source 2]", "[ref 3]": never a figure.
_MARKER_RE = re.compile(
    r"(?<![^\s(\[{,;:.!?\"'])\[(?:(?:sources?|refs?|cite|citation|doc|passage)\.? ?)?"
    r"\d{1,3}(?: ?[,;–-] ?\d{1,3})*\]",
    re.IGNORECASE,
)


def digit_values(clean: str, loc: Locale, tables: Tables, taken: Taken) -> list[Raw]:
    out: list[Raw] = []
    markers = Taken([m.span() for m in _MARKER_RE.finditer(clean)]) if "[" in clean else None
    for m in _RUN_RE.finditer(clean):
        s, e = m.span()
        if taken.holds(s) or (markers is not None and markers.holds(s)):
            continue
        run = m.group()
        if (
            s >= 1
            and clean[s - 1] == "."
            and (s == 1 or clean[s - 2] in " ($€£¥₹-+")
            and run.isdigit()
        ):
            out.append(
                _number(clean, s - 1, e, Decimal("0." + run), len(run), "." + run, tables, None)
            )
            continue
        for piece in pieces(run, s, loc):
            raw = _from_piece(clean, piece, tables)
            if raw is not None:
                out.append(raw)
    return out


def _from_piece(clean: str, piece: Piece, tables: Tables) -> Raw | None:
    if piece.shape == PLAIN:
        assert isinstance(piece.value, Decimal)
        return _number(
            clean,
            piece.start,
            piece.end,
            piece.value,
            piece.precision,
            clean[piece.start : piece.end],
            tables,
            piece.note,
        )
    if piece.shape in ("date", "ym", "ambiguous"):
        raw = Raw(piece.start, piece.end, "date", piece.value, None, 0, piece.note)
        raw.year, raw.month = piece.year, piece.month
        if _ident_before(clean, piece.start):
            raw.note = "name"
        else:
            raw.note = raw.note or approx_before(clean, piece.start, dated=True)
        return raw
    if piece.shape == "clock":
        after = after_number(clean, piece.end, None, False, "", tables.deny)
        end = piece.end
        value = piece.value
        if after.unit is not None and after.unit.unit == "clock":
            end = after.end
            assert isinstance(value, Decimal)
            value = meridiem(value, clean[piece.end : after.end])
        raw = Raw(piece.start, end, "measure", value, "clock", 0)
        raw.dimension = "clock"
        # a time after a capitalised word is a timetable's ("Perth 10:52"), not a name
        if _ident_before(clean, piece.start):
            raw.note = "name"
        else:
            raw.note = approx_before(clean, piece.start, dated=True)
        return raw
    raw = Raw(piece.start, piece.end, "number", None, None, 0, piece.note)
    if piece.shape == "version" or piece.shape == "ident":
        start = piece.start
        letters = _ident_start(clean, start)
        if letters is not None:
            start = letters
        raw.start = start
        raw.name = clean[start : piece.end].casefold()
    return raw


def _ident_before(clean: str, start: int) -> bool:
    """Letters (or letters and a hyphen, or ``#``) glued before ``start``."""
    if start == 0:
        return False
    char = clean[start - 1]
    if char == "#":
        return True
    if _name_letter(char):
        return True
    return char == "-" and start >= 2 and _name_letter(clean[start - 2])


def _ident_start(clean: str, start: int) -> int | None:
    if start == 0:
        return None
    index = start
    if clean[index - 1] in "-#" and index >= 2 and clean[index - 2].isalnum():
        index -= 1
    elif clean[index - 1] == "#":
        return index - 1
    m = _LETTERS_END_RE.search(clean, max(0, index - 24), index)
    if m is None:
        return None if index == start else index
    begin = m.start()
    # "INV-1", "COVID-19", "A-4": take the whole token (within reach)
    limit = max(0, begin - REACH)
    while begin > limit and clean[begin - 1] not in " ([{\"'":
        begin -= 1
    return begin


#: Words hyphened before a figure that modify it and name nothing: "then-16-year-old" is
#: a figure (16 years), so is "top-8", "mid-2019" and "early-1990" approximate it, "pre-2000" and
#: "over-50" bound it.
_NUMBER_PREFIXES: dict[str, str | None] = {
    "then": None,
    "top": None,
    "bottom": None,
    "mid": "approximation",
    "early": "approximation",
    "late": "approximation",
    "circa": "approximation",
    "pre": "bound",
    "post": "bound",
    "over": "bound",
    "under": "bound",
}
_ALNUM_RE = re.compile(r"[^\W_]+")


def _number_prefix(clean: str, s: int) -> tuple[bool, str | None]:
    """(whether a word of :data:`_NUMBER_PREFIXES` is hyphened right before ``s``, the
    note it gives the figure)."""
    if s < 3 or clean[s - 1] != "-":
        return False, None
    m = _LETTERS_END_RE.search(clean, max(0, s - 7), s - 1)
    if m is None or (
        m.start() > 0 and (clean[m.start() - 1].isalnum() or clean[m.start() - 1] == "-")
    ):
        return False, None
    word = m.group().casefold()
    if word not in _NUMBER_PREFIXES:
        return False, None
    return True, _NUMBER_PREFIXES[word]


def _number(
    clean: str,
    s: int,
    e: int,
    value: Decimal,
    decimals: int,
    core: str,
    tables: Tables,
    note: str | None,
) -> Raw:
    """A number at [s, e) of ``clean`` read with its context."""
    start = s
    negative = False
    prefixed, prefix_note = _number_prefix(clean, s)
    note = note or prefix_note
    # glued letters before: a name ("Q3", "INV-1", "COVID-19") or a version ("v1.2")
    if (
        not prefixed
        and s > 0
        and (
            _name_letter(clean[s - 1])
            or clean[s - 1] == "#"
            or (clean[s - 1] == "-" and s >= 2 and _name_letter(clean[s - 2]))
        )
    ):
        glued = _LETTERS_END_RE.search(clean, max(0, s - 5), s)
        word = glued.group() if glued else ""
        if (
            glued
            and (word in CURRENCY_CODES or word == "Rs")
            and (glued.start() == 0 or not clean[glued.start() - 1].isalnum())
        ):
            code = code_class(word) if word in CURRENCY_CODES else "cur:Rs"
            return _finish_number(
                clean, glued.start(), e, value, decimals, core, tables, note, code, False
            )
        begin = _ident_start(clean, s)
        raw = Raw(begin if begin is not None else s, e, "number", value, None, decimals)
        if word.lower() == "v" and glued is not None and glued.end() == s:
            raw.note = "version"
        else:
            raw.note = "name"
        tail = _ALNUM_RE.match(clean, e)  # the whole token: "CYP1A2", not "CYP1A"
        if tail:
            raw.end = tail.end()
        raw.name = clean[raw.start : raw.end].casefold()
        return raw
    # a sign, where a sign can stand ("-20", "(−5)", "= +3"); after a figure or a unit a
    # dash joins a range ("5.25%-5.5%")
    if s > 0 and clean[s - 1] in "+-" and (s == 1 or clean[s - 2] in _BEFORE_SIGN):
        negative = clean[s - 1] == "-"
        start = s - 1
    money_found = _currency_before(clean, start)
    money: str | None = None
    if money_found is not None:
        money, start = money_found
        if (
            not negative
            and start > 0
            and clean[start - 1] in "+-"
            and (start == 1 or clean[start - 2] in _BEFORE_SIGN)
        ):
            negative = clean[start - 1] == "-"
            start -= 1
    if negative:
        value = -value
    return _finish_number(
        clean, start, e, value, decimals, core, tables, note, money, negative or start < s
    )


def _finish_number(
    clean: str,
    start: int,
    e: int,
    value: Decimal,
    decimals: int,
    core: str,
    tables: Tables,
    note: str | None,
    money: str | None,
    signed: bool,
) -> Raw:
    precision = decimals
    end = e
    scale = _scale_at(clean, e, money is not None, tables)
    mult: Decimal | None = None
    if scale is not None:
        end, mult = scale
        value = value * mult
        exponent = scale_exponent(mult)
        if exponent is not None:
            precision = decimals - exponent
    year_like = (
        mult is None
        and money is None
        and not signed
        and core.isdigit()
        and len(core) == 4
        and 1000 <= int(core) <= 2199
    )
    if (
        mult is None
        and money is None
        and len(core) == 2
        and core.endswith("0")
        and core.isdigit()
        and clean[end : end + 1] == "s"
        and not clean[end + 1 : end + 2].isalnum()
        and (
            clean[start - 1 : start] == "'"
            or clean[max(0, start - 4) : start].lower() == "the "
            or clean[max(0, start - 4) : start].lower() == "mid-"
        )
    ):
        # "the '90s", "the 90s", "mid-80s"
        begin = start - 1 if clean[start - 1 : start] == "'" else start
        return Raw(begin, end + 1, "decade", value, None, 0, "decade")
    after = after_number(clean, end, money, year_like, core if mult is None else "", tables.deny)
    raw = Raw(start, after.end, "number", value, None, precision, note)
    if after.ordinal:
        raw.kind, raw.note = "ordinal", "ordinal"
    elif after.decade:
        raw.kind, raw.note = "decade", "decade"
    elif after.ident:
        raw.note = "name"
        raw.name = clean[start : after.end].casefold()
    elif money is not None:
        raw.kind = "money"
        raw.unit = tables.aliases.get(money, money)
        raw.dimension = raw.unit
    elif after.money is not None or after.unit is not None:
        apply_unit(raw, after, clean, end, tables, value)
    elif year_like:
        raw.kind = "year"
        raw.year = (start, e)
    if raw.note is None:
        dated = raw.kind in ("year", "date", "month")
        inexact = approx_before(clean, raw.start, dated)
        if inexact is None and not dated:
            inexact = approx_after(clean, raw.end, raw.unit)
        if inexact is not None:
            raw.note = inexact
        elif money is None and not signed and raw.kind in ("number", "year", "ordinal"):
            head = _head(clean, raw.start)
            if head is not None:
                raw.note = "name"
                raw.start = head[0]
                raw.name = " ".join(clean[head[0] : raw.end].casefold().split())
    if raw.note is None and raw.kind in ("number", "year"):
        numbered = _NUMBERED_RE.search(clean, max(0, raw.start - 5), raw.start)
        if numbered is not None:  # "No. 5", "#3": a number that names something
            raw.note = "name"
            raw.start = numbered.start()
            raw.name = " ".join(clean[raw.start : raw.end].casefold().split())
    return raw


_NUMBERED_RE = re.compile(r"(?:(?<![^\W_])(?:No|no|Nr|nr|Nos|nos)\.? ?|#)$")

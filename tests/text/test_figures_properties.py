"""Properties of the value reader and of figure agreement (hypothesis).

- a number reads as the same value whatever decimal script its digits are written in,
  with or without grouping, with invisible characters inside;
- a date's parts never ground a plain number;
- reading never raises, and every span lies inside the text it was read from;
- a claim that rounds the evidence to its own precision agrees with it; a sign or a
  decimal point is never lost.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grounding_guard import Status, check
from grounding_guard.text.figures import agree, read_values

#: The zero of decimal scripts whose ten digits run consecutively from it.
ZEROS = (
    0x30,  # ASCII
    0x660,  # Arabic-Indic
    0x6F0,  # Extended Arabic-Indic (Persian, Urdu)
    0x7C0,  # NKo
    0x966,  # Devanagari
    0x9E6,  # Bengali
    0xA66,  # Gurmukhi
    0xAE6,  # Gujarati
    0xB66,  # Oriya
    0xBE6,  # Tamil
    0xC66,  # Telugu
    0xCE6,  # Kannada
    0xD66,  # Malayalam
    0xE50,  # Thai
    0xED0,  # Lao
    0xF20,  # Tibetan
    0x1040,  # Myanmar
    0x17E0,  # Khmer
    0x1810,  # Mongolian
    0x1946,  # Limbu
    0xA8D0,  # Saurashtra
    0xA900,  # Kayah Li
    0xFF10,  # full width
    0x104A0,  # Osmanya
    0x1D7CE,  # mathematical bold
)
INVISIBLES = ("\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff")

settings.register_profile("values", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("values")


def render(digits: str, zero: int) -> str:
    return "".join(chr(zero + int(c)) if c.isdigit() else c for c in digits)


def grouped(whole: int) -> str:
    return f"{whole:,}"


@st.composite
def numbers(draw: st.DrawFn) -> tuple[Decimal, str]:
    """A non-negative number and its ASCII rendering (maybe grouped, maybe decimal)."""
    whole = draw(st.integers(min_value=0, max_value=10**12))
    places = draw(st.integers(min_value=0, max_value=4))
    fraction = draw(st.integers(min_value=0, max_value=10**places - 1)) if places else 0
    text = grouped(whole) if draw(st.booleans()) else str(whole)
    if places:
        text += "." + str(fraction).rjust(places, "0")
    return Decimal(text.replace(",", "")), text


@given(numbers(), st.sampled_from(ZEROS))
def test_every_digit_script_reads_the_same_value(number: tuple[Decimal, str], zero: int) -> None:
    value, ascii_text = number
    written = render(ascii_text, zero)
    text = f"The depot stores {written} pallets of grain."
    (found,) = read_values(text)
    assert found.value == value
    assert found.span.of(text) == written
    assert found.comparable


@given(numbers(), st.sampled_from(ZEROS), st.data())
def test_invisibles_inside_a_number_change_nothing(
    number: tuple[Decimal, str], zero: int, data: st.DataObject
) -> None:
    value, ascii_text = number
    written = render(ascii_text, zero)
    cut = data.draw(st.integers(min_value=1, max_value=max(1, len(written) - 1)))
    mark = data.draw(st.sampled_from(INVISIBLES))
    hidden = written[:cut] + mark + written[cut:] if len(written) > 1 else written
    text = f"The depot stores {hidden} pallets of grain."
    (found,) = read_values(text)
    assert found.value == value
    assert found.span.of(text) == hidden


@given(numbers(), st.sampled_from(ZEROS), st.sampled_from(ZEROS))
def test_a_claim_in_one_script_is_grounded_by_evidence_in_another(
    number: tuple[Decimal, str], claim_zero: int, evidence_zero: int
) -> None:
    _, ascii_text = number
    claim = f"The north depot stores {render(ascii_text, claim_zero)} pallets of grain [1]."
    evidence = f"The north depot stores {render(ascii_text, evidence_zero)} pallets of grain."
    unit = check(claim, {"1": evidence}).units[0]
    assert not {"value_mismatch", "value_not_in_evidence"} & set(unit.codes)


@st.composite
def dates(draw: st.DrawFn) -> date:
    return draw(st.dates(min_value=date(1000, 1, 1), max_value=date(2199, 12, 31)))


MONTHS = "January February March April May June July August September October November December"


def date_forms(day: date) -> list[str]:
    month = MONTHS.split()[day.month - 1]
    forms = [day.isoformat(), f"{day.day} {month} {day.year}", f"{month} {day.day}, {day.year}"]
    if day.day > 12:
        forms.append(f"{day.day:02d}/{day.month:02d}/{day.year}")
    return forms


@given(dates(), st.data())
def test_a_dates_parts_never_ground_a_plain_number(day: date, data: st.DataObject) -> None:
    form = data.draw(st.sampled_from(date_forms(day)))
    evidence = f"The depot report is dated {form} for the grain."
    found = read_values(evidence)
    assert [v.kind for v in found] == ["date"]
    part = data.draw(st.sampled_from([day.day, day.month, grouped(day.year)]))
    claim = f"The depot report lists {part} items for the grain [1]."
    unit = check(claim, {"1": evidence}).units[0]
    if not (isinstance(part, int) and part <= 12):  # a small count: support decides
        assert unit.status is not Status.GROUNDED
    assert {"value_not_in_evidence", "value_mismatch", "value_unconfirmed"} & set(unit.codes)


ALPHABET = st.one_of(
    st.characters(codec="utf-8"),
    st.sampled_from(
        list("0123456789.,:/-'+ %$€£¥₹°℃℉~≈\u2212\u2013\u2014\u00a0\u2009\u200b")
        + [chr(z + d) for z in ZEROS for d in (0, 5, 9)]
        + ["\u2467", "\u00b2", "\u00bd", "\u2163"]
    ),
)
WORDS = st.sampled_from(
    "one two forty-five hundred thousand million lakh crore Cr Dr dozen a an and between to "
    "from around about over up at least more than June May 28 1919 2026-08-04 04/08/2026 "
    "USD GBP EUR $ A$ US$ Apollo ISO World War I II v1.2.3 the 1990s '90s 46th first km m "
    "metres feet degrees Fahrenheit per cent percent pct bn M k 5k 1.2M".split()
)


@given(st.lists(st.one_of(st.text(ALPHABET, max_size=12), WORDS), max_size=25))
def test_reading_never_raises_and_spans_lie_in_the_text(pieces: list[str]) -> None:
    text = " ".join(pieces)
    for locale in (None, "de", "en-US"):
        for preset in ("generic", "india_accounting"):
            for value in read_values(text, locale=locale, preset=preset):
                assert 0 <= value.span.start < value.span.end <= len(text)
                assert value.span.of(text).strip()
                for part in (value.year_span, value.month_span):
                    if part is not None:
                        assert value.span.start <= part.start < part.end <= value.span.end
                assert value.comparable is (value.note is None)
                if value.comparable:
                    assert value.value is not None


@given(st.text(ALPHABET, max_size=60))
def test_checking_never_raises(text: str) -> None:
    check(text + " [1].", {"1": text})


@given(
    st.integers(min_value=1, max_value=10**9),
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=0, max_value=3),
)
def test_a_claim_that_rounds_the_evidence_agrees(whole: int, places: int, keep: int) -> None:
    keep = min(keep, places - 1)
    exact = Decimal(whole) / (10**places)
    evidence_text = f"{exact:.{places}f} metres"
    rounded = exact.quantize(Decimal(1).scaleb(-keep), rounding="ROUND_HALF_UP")
    claim_text = f"{rounded:.{keep}f} metres"
    (claimed,) = read_values(claim_text)
    (given_,) = read_values(evidence_text)
    assert agree(claimed, given_) is True
    if rounded != exact:
        assert agree(given_, claimed) is None  # more precise than the evidence: cannot tell


@given(numbers())
def test_sign_and_decimal_point_are_never_lost(number: tuple[Decimal, str]) -> None:
    value, text = number
    (plain,) = read_values(f"The balance is {text} units.")
    (negative,) = read_values(f"The balance is \u2212{text} units.")
    assert negative.value == -value
    if value != 0:
        assert agree(plain, negative) is not True
    if "." not in text and value >= 10:
        shifted = text[:-1] + "." + text[-1]
        (moved,) = read_values(f"The balance is {shifted} units.")
        assert agree(plain, moved) is not True

"""The value reader: every figure a text states, with its kind, its unit and its span.

``read_values(text)`` returns :class:`Value` records in text order. Each has a ``kind``
(``number``, ``percent``, ``money``, ``measure``, ``year``, ``date``, ``month``,
``decade``, ``ordinal``), a ``value`` (a :class:`~decimal.Decimal` for the numeric kinds
and a year, a :class:`datetime.date`, ``(year, month)`` or ``(None, month, day)`` for a
date, an ``int`` for a month), a ``unit`` class (``usd``, ``eur``, ``cur:GBP``, ``m``, ``deg:C``,
``pct`` ... or ``None``), a ``span`` into the text as given that covers the figure *with*
its currency sign or code, ``%`` or unit word ("$500", "€ 450", "USD 500", "61%",
"8849 metres", "212 degrees Fahrenheit"), whether it may be ``comparable`` at all, and its
``precision`` (decimal places as written; negative when a scale word multiplies, so
"1.2M" is written to the hundred thousand: precision -5).

How a text is read, in order:

- invisible characters are removed and the digits of every Unicode decimal script are
  folded to ASCII *before* anything is read; spans map back to the original text. A
  numeric character that cannot be folded (a superscript, a circled digit) is never
  guessed at: the engine fails such a unit closed with ``unreadable_digits``;
- grouping: ``1,234,567``, Indian ``1,23,456``, ``1 234 567`` (space, no-break or thin
  space), Swiss ``1'234'567``; ``1.234.567,89`` only when ``locale`` uses a decimal comma
  (``"de"``, ``"fr"`` ...); signs (``-``, ``−``) and decimals are exact;
- scale words (thousand, k, million, M, mn, billion, bn, trillion, lakh/lac, crore, cr,
  dozen, plurals) and number words (one ... ninety-nine, hundred, thousand, dozen, "a
  dozen", "two hundred and fifty") come from a :class:`Preset`; ``india_accounting``
  denies ``Cr``/``Dr`` (credit and debit, never crore);
- money: ``$``, ``US$``, ``USD`` and "dollars" are ``usd``; ``€``, ``EUR`` and "euros" are
  ``eur``; a sign that names one currency only is that currency's class (``₹`` and
  ``INR`` are ``cur:INR``); a sign several currencies share is a class of its own (``£``
  is ``cur:£``, ``¥`` is ``cur:¥``), as is a prefixed dollar (``A$`` is ``cur:A$``), so
  "GBP 450" never pairs with "£500" unless ``Preset.currency_aliases`` says so. A sign
  or code after a number is its currency only when no number follows it ("In 2019 $5
  bought a ticket." reads the year 2019 and "$5"); after a year-like number with white
  space between it leaves the year alone ("In 2002 € coins ...");
- measures carry a unit class from :data:`UNITS` and a dimension (length, area, mass,
  volume, time, temperature, speed, data, data rate, energy, power, ...): values of one
  dimension pair, and compare equal only in the same unit (there is no conversion);
  "100 degrees" (no scale) is its own dimension and never pairs with "212 degrees
  Fahrenheit"; a time of day ("10:30 pm", "22:30") is a measure of unit ``clock``
  (seconds after midnight);
- years (1000-2199 standing alone), full dates (ISO ``2026-08-04``, "28 June 1919",
  "June 28, 1919"; numeric ``04/08/2026`` only when unambiguous or ``locale`` says which
  comes first: ``en-US`` month first, ``en-GB`` and most others day first), months,
  decades ("the 1990s", "'90s") and ordinals ("46th", "first"); a date is one value, so
  its parts never count as plain numbers;
- never comparable (``comparable=False``, ``note`` says why): ranges ("between 400 and
  500", "400–500", "$400–$500", "from 3 to 5", "2 or 3"; "rose from 3 to 5" is two
  values), approximations ("around", "about", "roughly", "approximately", "nearly",
  "almost", "some", "~", "≈", "500-odd": note ``approximation``) and bounds ("at least",
  "more than", "over", "up to", "500+": note ``bound``), numbers inside names
  ("Apollo 17", "ISO 9001", "World War I", "iPhone 15", "INV-1", "Q3") and version strings
  ("v1.2.3", "3.11.2"), ratios ("24/7"), ambiguous numeric dates, decades and ordinals.

Reading is pure and deterministic, never raises on any text, and is fast on text without
figures (one pre-check). :func:`agree` decides whether a claimed value is borne out by an
evidence value (equal, or the claim rounds the evidence to its own precision).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from grounding_guard.text.lexicon import STOPWORDS as _STOPWORDS
from grounding_guard.text.normalize import fold_digits, strip_invisibles_mapped
from grounding_guard.types import Span

__all__ = [
    "CURRENCY_CODES",
    "CURRENCY_SIGNS",
    "GENERIC",
    "INDIA_ACCOUNTING",
    "KINDS",
    "NAME_NOTES",
    "PRESETS",
    "UNITS",
    "UNIT_WORDS",
    "VALUE_WORDS",
    "Preset",
    "Value",
    "agree",
    "has_value_words",
    "pairable",
    "read_fresh",
    "read_values",
    "read_values_cached",
    "resolve_preset",
    "same_figure",
]

#: Every kind a :class:`Value` can have.
KINDS: tuple[str, ...] = (
    "number",
    "percent",
    "money",
    "measure",
    "year",
    "date",
    "month",
    "decade",
    "ordinal",
)

#: What a date's ``value`` is: a full date, (year, month), or (None, month, day).
DateValue = date | tuple[int, int] | tuple[None, int, int]
ValueType = Decimal | int | date | tuple[int, int] | tuple[None, int, int] | None

#: Notes of values that are names, not quantities: they must stand in the evidence as
#: written, and are never compared as figures.
NAME_NOTES: frozenset[str] = frozenset({"name", "version"})


@dataclass(frozen=True, slots=True)
class Value:
    """One figure a text states.

    ``span`` covers the figure as written with its unit (offsets into the text given to
    :func:`read_values`). ``comparable`` is False for approximations, ranges, names,
    versions, ratios, ambiguous dates, decades and ordinals; ``note`` then says which.
    ``name`` is the written form of a name or version ("apollo 17"), for a presence check.
    ``dimension`` is what a measure measures ("length", "temperature") or a currency's
    class: values pair only within one. ``year_span`` / ``month_span`` locate a date's year
    and month (a year's own digits for a year), so that a claimed year can be shown beside
    the year of a dated fact.
    """

    kind: str
    value: ValueType
    unit: str | None
    span: Span
    comparable: bool = True
    precision: int = 0
    note: str | None = None
    name: str | None = None
    dimension: str | None = None
    year_span: Span | None = None
    month_span: Span | None = None


# ---------------------------------------------------------------------------------------
# Presets: scale words, deny-list, currency aliases
# ---------------------------------------------------------------------------------------


def _scales(pairs: Iterable[tuple[str, int | str | Decimal]]) -> tuple[tuple[str, Decimal], ...]:
    return tuple((word, Decimal(value)) for word, value in pairs)


@dataclass(frozen=True)
class Preset:
    """Scale words and rules for a domain. Hashable; build one with :meth:`derive`.

    ``scale_words``: (word, multiplier) pairs, matched as written first, then case-folded
    for words of two letters or more (so ``"M"`` is million while ``"m"`` stays metres);
    ``money_scales``: read only after a currency ("$5m", "€3b"); ``deny``: words never
    read as scale words (case-folded); ``currency_aliases``: (class, class) pairs, e.g.
    ``("cur:£", "cur:GBP")`` to let "£500" pair with "GBP 500".
    """

    name: str
    scale_words: tuple[tuple[str, Decimal], ...]
    money_scales: tuple[tuple[str, Decimal], ...] = ()
    deny: frozenset[str] = frozenset()
    currency_aliases: tuple[tuple[str, str], ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        key = (self.name, self.scale_words, self.money_scales, self.deny, self.currency_aliases)
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:  # memoised: presets key the reader's caches
        return self._hash

    def derive(
        self,
        name: str,
        *,
        scale_words: Mapping[str, int | str | Decimal] | None = None,
        deny: Iterable[str] = (),
        currency_aliases: Mapping[str, str] | None = None,
    ) -> Preset:
        """A preset like this one with more scale words, denied words and aliases."""
        words = dict(self.scale_words)
        words.update({k: Decimal(v) for k, v in (scale_words or {}).items()})
        aliases = dict(self.currency_aliases)
        aliases.update(currency_aliases or {})
        return Preset(
            name,
            tuple(sorted(words.items())),
            self.money_scales,
            self.deny | frozenset(w.casefold() for w in deny),
            tuple(sorted(aliases.items())),
        )


_E3, _E5, _E6, _E7, _E9, _E12 = (10**3, 10**5, 10**6, 10**7, 10**9, 10**12)

#: Western and Indian scale words; nothing denied. "Cr" reads as crore here.
GENERIC = Preset(
    "generic",
    _scales(
        [
            ("thousand", _E3),
            ("thousands", _E3),
            ("k", _E3),
            ("K", _E3),
            ("million", _E6),
            ("millions", _E6),
            ("mn", _E6),
            ("mln", _E6),
            ("M", _E6),
            ("billion", _E9),
            ("billions", _E9),
            ("bn", _E9),
            ("trillion", _E12),
            ("trillions", _E12),
            ("tn", _E12),
            ("trn", _E12),
            ("lakh", _E5),
            ("lakhs", _E5),
            ("lac", _E5),
            ("lacs", _E5),
            ("crore", _E7),
            ("crores", _E7),
            ("cr", _E7),
            ("dozen", 12),
        ]
    ),
    money_scales=_scales([("m", _E6), ("b", _E9), ("B", _E9)]),
)

#: Indian accounting: ``Cr``/``Dr`` are credit and debit, never crore (write "crore" out);
#: "Rs" is the rupee (``cur:INR``).
INDIA_ACCOUNTING = GENERIC.derive(
    "india_accounting", deny=("cr", "dr"), currency_aliases={"cur:Rs": "cur:INR"}
)

#: Presets by name.
PRESETS: dict[str, Preset] = {"generic": GENERIC, "india_accounting": INDIA_ACCOUNTING}


class _Tables(NamedTuple):
    exact: dict[str, Decimal]
    folded: dict[str, Decimal]
    money: dict[str, Decimal]
    deny: frozenset[str]
    aliases: dict[str, str]


@lru_cache(maxsize=64)
def _tables(preset: Preset) -> _Tables:
    exact = dict(preset.scale_words)
    folded = {k.casefold(): v for k, v in preset.scale_words if len(k) > 1}
    return _Tables(
        exact, folded, dict(preset.money_scales), preset.deny, dict(preset.currency_aliases)
    )


def resolve_preset(preset: str | Preset) -> Preset:
    """A :class:`Preset` by name (or the preset itself)."""
    if isinstance(preset, Preset):
        return preset
    found = PRESETS.get(str(preset))
    if found is None:
        from grounding_guard.errors import ConfigError

        raise ConfigError(f"unknown value preset {preset!r}; known: {', '.join(PRESETS)}")
    return found


# ---------------------------------------------------------------------------------------
# Currencies and units
# ---------------------------------------------------------------------------------------

#: ISO codes read as currencies; USD and EUR share the classes of $ and €.
CURRENCY_CODES: frozenset[str] = frozenset(
    "USD EUR GBP JPY CNY CHF CAD AUD NZD HKD SGD INR SEK NOK DKK KRW BRL MXN ZAR RUB".split()
)

#: Currency signs and their classes (a sign several currencies share keeps its own).
CURRENCY_SIGNS: dict[str, str] = {
    "$": "usd",
    "US$": "usd",
    "A$": "cur:A$",
    "AU$": "cur:A$",
    "C$": "cur:C$",
    "CA$": "cur:C$",
    "NZ$": "cur:NZ$",
    "HK$": "cur:HK$",
    "S$": "cur:S$",
    "SG$": "cur:S$",
    "R$": "cur:R$",
    "MX$": "cur:MX$",
    "NT$": "cur:NT$",
    "€": "eur",
    "£": "cur:£",
    "¥": "cur:¥",
    "₹": "cur:INR",
    "₨": "cur:Rs",
    "₩": "cur:KRW",
    "₽": "cur:RUB",
    "₺": "cur:TRY",
    "₪": "cur:ILS",
    "₫": "cur:VND",
    "₴": "cur:UAH",
    "₱": "cur:PHP",
    "₦": "cur:NGN",
    "฿": "cur:THB",
    "₿": "cur:BTC",
    "₡": "cur:CRC",
    "₵": "cur:GHS",
    "₸": "cur:KZT",
    "₼": "cur:AZN",
    "₾": "cur:GEL",
    "¢": "cur:¢",
}
_SIGN_CHARS = frozenset(k for k in CURRENCY_SIGNS if len(k) == 1)
_DOLLAR_PREFIXES = frozenset(k[:-1] for k in CURRENCY_SIGNS if len(k) > 1 and k.endswith("$"))
_WORD_CURRENCIES = {"Rs": "cur:Rs", "Rs.": "cur:Rs"}


def _code_class(code: str) -> str:
    return {"USD": "usd", "EUR": "eur"}.get(code, f"cur:{code}")


# unit class, dimension, kind, forms ("|"-separated). A form of three or more lower-case
# letters (spaces and hyphens allowed) is read case-insensitively; every other form is
# read exactly as written ("m" is metres, "M" a scale word; "MB" megabytes, "Mb" megabits).
_UNIT_ROWS: tuple[tuple[str, str, str, str], ...] = (
    ("pct", "percent", "percent", "%|percent|per cent|pct|per centum"),
    ("pp", "percent", "percent", "percentage point|percentage points|pp|p.p."),
    ("bp", "percent", "percent", "bp|bps|basis point|basis points"),
    ("permille", "percent", "percent", "‰|per mille|per mil|permille"),
    # length
    ("nm", "length", "measure", "nm|nanometre|nanometres|nanometer|nanometers"),
    (
        "um",
        "length",
        "measure",
        "µm|μm|micrometre|micrometres|micrometer|micrometers|micron|microns",
    ),
    ("mm", "length", "measure", "mm|millimetre|millimetres|millimeter|millimeters"),
    ("cm", "length", "measure", "cm|centimetre|centimetres|centimeter|centimeters"),
    ("m", "length", "measure", "m|metre|metres|meter|meters"),
    ("km", "length", "measure", "km|kms|kilometre|kilometres|kilometer|kilometers"),
    ("in", "length", "measure", "inch|inches"),
    ("ft", "length", "measure", "ft|foot|feet"),
    ("yd", "length", "measure", "yd|yds|yard|yards"),
    ("mi", "length", "measure", "mi|mile|miles"),
    ("nmi", "length", "measure", "nmi|nautical mile|nautical miles"),
    ("ly", "length", "measure", "light-year|light-years|light year|light years"),
    # area
    ("mm2", "area", "measure", "mm2|mm²"),
    ("cm2", "area", "measure", "cm2|cm²"),
    (
        "m2",
        "area",
        "measure",
        "m2|m²|sq m|sqm|square metre|square metres|square meter|square meters",
    ),
    (
        "km2",
        "area",
        "measure",
        "km2|km²|sq km|square kilometre|square kilometres|square kilometer|square kilometers",
    ),
    ("ft2", "area", "measure", "ft2|ft²|sq ft|sqft|square foot|square feet"),
    ("mi2", "area", "measure", "mi2|mi²|sq mi|square mile|square miles"),
    ("ha", "area", "measure", "ha|hectare|hectares"),
    ("acre", "area", "measure", "acre|acres"),
    # mass
    ("ug", "mass", "measure", "µg|μg|mcg|microgram|micrograms"),
    ("mg", "mass", "measure", "mg|milligram|milligrams"),
    ("g", "mass", "measure", "g|gram|grams|gramme|grammes"),
    ("kg", "mass", "measure", "kg|kgs|kilogram|kilograms|kilo|kilos"),
    ("t", "mass", "measure", "t|tonne|tonnes|metric ton|metric tons"),
    ("ton", "mass", "measure", "ton|tons"),
    ("lb", "mass", "measure", "lb|lbs|pound|pounds"),
    ("oz", "mass", "measure", "oz|ounce|ounces"),
    # volume
    ("ml", "volume", "measure", "ml|mL|millilitre|millilitres|milliliter|milliliters"),
    ("cl", "volume", "measure", "cl|cL|centilitre|centilitres|centiliter|centiliters"),
    ("l", "volume", "measure", "l|L|ℓ|litre|litres|liter|liters"),
    ("cm3", "volume", "measure", "cm3|cm³|cc"),
    ("m3", "volume", "measure", "m3|m³|cubic metre|cubic metres|cubic meter|cubic meters"),
    ("gal", "volume", "measure", "gal|gallon|gallons"),
    ("pint", "volume", "measure", "pint|pints"),
    ("bbl", "volume", "measure", "bbl|barrel|barrels"),
    # time
    ("ns", "time", "measure", "ns|nanosecond|nanoseconds"),
    ("us", "time", "measure", "µs|μs|microsecond|microseconds"),
    ("ms", "time", "measure", "ms|millisecond|milliseconds"),
    ("s", "time", "measure", "s|sec|secs|second|seconds"),
    ("min", "time", "measure", "min|mins|minute|minutes"),
    ("h", "time", "measure", "h|hr|hrs|hour|hours"),
    ("day", "time", "measure", "day|days"),
    ("week", "time", "measure", "wk|wks|week|weeks"),
    ("month", "time", "measure", "mo|mos|month|months"),
    ("year", "time", "measure", "yr|yrs|year|years"),
    ("decade", "time", "measure", "decade|decades"),
    ("century", "time", "measure", "century|centuries"),
    # temperature ("deg": degrees with no scale, an angle or a temperature: its own class)
    (
        "deg:C",
        "temperature",
        "measure",
        "°C|° C|ºC|℃|degrees celsius|degree celsius|degrees C|degree C|deg C|celsius|"
        "centigrade|degrees centigrade",
    ),
    (
        "deg:F",
        "temperature",
        "measure",
        "°F|° F|ºF|℉|degrees fahrenheit|degree fahrenheit|degrees F|degree F|deg F|fahrenheit",
    ),
    ("K", "temperature", "measure", "kelvin|kelvins"),
    ("deg", "deg", "measure", "°|degrees|degree|deg"),
    # speed
    (
        "km/h",
        "speed",
        "measure",
        "km/h|km/hr|kmh|kph|kmph|kilometres per hour|kilometers per hour|km per hour",
    ),
    ("mph", "speed", "measure", "mph|miles per hour|mi/h"),
    ("m/s", "speed", "measure", "m/s|metres per second|meters per second"),
    ("kn", "speed", "measure", "kn|kt|kts|knot|knots"),
    # data size and rate
    ("byte", "data", "measure", "B|byte|bytes"),
    ("kb", "data", "measure", "KB|kB|kilobyte|kilobytes"),
    ("mb", "data", "measure", "MB|megabyte|megabytes"),
    ("gb", "data", "measure", "GB|gigabyte|gigabytes"),
    ("tb", "data", "measure", "TB|terabyte|terabytes"),
    ("pb", "data", "measure", "PB|petabyte|petabytes"),
    ("kib", "data", "measure", "KiB"),
    ("mib", "data", "measure", "MiB"),
    ("gib", "data", "measure", "GiB"),
    ("tib", "data", "measure", "TiB"),
    ("bit", "data", "measure", "bit|bits"),
    ("kbit", "data", "measure", "Kb|kb|kbit|kilobit|kilobits"),
    ("mbit", "data", "measure", "Mb|Mbit|megabit|megabits"),
    ("gbit", "data", "measure", "Gb|Gbit|gigabit|gigabits"),
    ("tbit", "data", "measure", "Tb|Tbit|terabit|terabits"),
    ("kbps", "data rate", "measure", "kbps|Kbps|kbit/s|kb/s"),
    ("mbps", "data rate", "measure", "Mbps|mbps|Mbit/s|Mb/s"),
    ("gbps", "data rate", "measure", "Gbps|gbps|Gbit/s|Gb/s"),
    ("tbps", "data rate", "measure", "Tbps|Tbit/s"),
    ("mb/s", "data rate", "measure", "MB/s|MBps"),
    ("gb/s", "data rate", "measure", "GB/s|GBps"),
    # energy
    ("j", "energy", "measure", "J|joule|joules"),
    ("kj", "energy", "measure", "kJ|kilojoule|kilojoules"),
    ("mj", "energy", "measure", "MJ|megajoule|megajoules"),
    ("gj", "energy", "measure", "GJ|gigajoule|gigajoules"),
    ("cal", "energy", "measure", "cal|calorie|calories"),
    ("kcal", "energy", "measure", "kcal|kilocalorie|kilocalories"),
    ("wh", "energy", "measure", "Wh|watt-hour|watt-hours|watt hour|watt hours"),
    ("kwh", "energy", "measure", "kWh|kilowatt-hour|kilowatt-hours|kilowatt hour|kilowatt hours"),
    ("mwh", "energy", "measure", "MWh|megawatt-hour|megawatt-hours|megawatt hour|megawatt hours"),
    ("gwh", "energy", "measure", "GWh|gigawatt-hour|gigawatt-hours|gigawatt hour|gigawatt hours"),
    ("twh", "energy", "measure", "TWh|terawatt-hour|terawatt-hours|terawatt hour|terawatt hours"),
    ("btu", "energy", "measure", "BTU|Btu|btu|BTUs"),
    ("ev", "energy", "measure", "eV|electronvolt|electronvolts"),
    # power
    ("milliwatt", "power", "measure", "mW|milliwatt|milliwatts"),
    ("w", "power", "measure", "W|watt|watts"),
    ("kw", "power", "measure", "kW|kilowatt|kilowatts"),
    ("mw", "power", "measure", "MW|megawatt|megawatts"),
    ("gw", "power", "measure", "GW|gigawatt|gigawatts"),
    ("tw", "power", "measure", "TW|terawatt|terawatts"),
    ("hp", "power", "measure", "hp|bhp|horsepower"),
    # frequency, electricity, pressure
    ("hz", "frequency", "measure", "Hz|hertz"),
    ("khz", "frequency", "measure", "kHz|kilohertz"),
    ("mhz", "frequency", "measure", "MHz|megahertz"),
    ("ghz", "frequency", "measure", "GHz|gigahertz"),
    ("v", "voltage", "measure", "V|volt|volts"),
    ("kv", "voltage", "measure", "kV|kilovolt|kilovolts"),
    ("amp", "current", "measure", "amp|amps|ampere|amperes"),
    ("milliamp", "current", "measure", "mA|milliamp|milliamps"),
    ("pa", "pressure", "measure", "Pa|pascal|pascals"),
    ("kpa", "pressure", "measure", "kPa"),
    ("mpa", "pressure", "measure", "MPa"),
    ("hpa", "pressure", "measure", "hPa"),
    ("bar", "pressure", "measure", "bar|mbar"),
    ("psi", "pressure", "measure", "psi"),
    ("atm", "pressure", "measure", "atm"),
    # multiples ("3x faster", "ten times")
    ("x", "ratio", "measure", "x|×|times|fold"),
    # a time of day
    ("clock", "clock", "clock", "am|pm|a.m.|p.m.|AM|PM|A.M.|P.M."),
    # currency words after a number
    ("usd", "money", "money", "dollar|dollars"),
    ("eur", "money", "money", "euro|euros"),
    ("cur:JPY", "money", "money", "yen"),
    ("cur:CNY", "money", "money", "yuan|renminbi"),
    ("cur:Rs", "money", "money", "rupee|rupees"),
    ("cur:GBP", "money", "money", "sterling|pounds sterling"),
    ("cur:RUB", "money", "money", "ruble|rubles|rouble|roubles"),
    ("cur:¢", "money", "money", "cent|cents"),
)


class _Unit(NamedTuple):
    unit: str
    dimension: str
    kind: str


def _insensitive(form: str) -> bool:
    return (
        len(form) >= 3 and form == form.lower() and form.replace(" ", "").replace("-", "").isalpha()
    )


_UNIT_EXACT: dict[str, _Unit] = {}
_UNIT_FOLDED: dict[str, _Unit] = {}
for _cls, _dim, _kind, _forms in _UNIT_ROWS:
    for _form in _forms.split("|"):
        (_UNIT_FOLDED if _insensitive(_form) else _UNIT_EXACT)[
            _form.casefold() if _insensitive(_form) else _form
        ] = _Unit(_cls, _dim, _kind)

#: Unit words (lower case, three letters or more): "metres", "year", "percent" ...
UNIT_WORDS: frozenset[str] = frozenset(f for f in _UNIT_FOLDED if " " not in f)

#: Unit class -> (dimension, kind), for every unit the reader knows.
UNITS: dict[str, tuple[str, str]] = {u.unit: (u.dimension, u.kind) for u in _UNIT_EXACT.values()}
UNITS.update({u.unit: (u.dimension, u.kind) for u in _UNIT_FOLDED.values()})


_LETTERS_START = re.compile(r"[^\W\d_]+")


def _unit_index() -> dict[str, list[tuple[str, bool]]]:
    """First word (case-folded) or first symbol of every unit form -> its forms, longest
    first, each with whether it is read case-insensitively."""
    index: dict[str, list[tuple[str, bool]]] = {}
    for table, folded in ((_UNIT_EXACT, False), (_UNIT_FOLDED, True)):
        for form in table:
            lead = _LETTERS_START.match(form)
            key = lead.group().casefold() if lead else form[0]
            index.setdefault(key, []).append((form, folded))
    for forms in index.values():
        forms.sort(key=lambda item: -len(item[0]))
    return index


_UNIT_INDEX = _unit_index()


class _UnitMatch(NamedTuple):
    form: str
    end: int


def _unit_at(clean: str, pos: int) -> _UnitMatch | None:
    """The longest unit form written at ``pos`` and not running on into a word."""
    if pos >= len(clean):
        return None
    if clean[pos].isalpha():
        lead = _LETTERS_START.match(clean, pos)
        forms = _UNIT_INDEX.get(lead.group().casefold()) if lead else None
    else:
        forms = _UNIT_INDEX.get(clean[pos])
    if not forms:
        return None
    for form, folded in forms:
        end = pos + len(form)
        written = clean[pos:end]
        if (written.casefold() == form) if folded else (written == form):
            after = clean[end : end + 1]
            if not (after.isalnum() or after == "_"):
                return _UnitMatch(form, end)
    return None


def _unit_of(form: str) -> _Unit | None:
    found = _UNIT_EXACT.get(form)
    if found is None:
        found = _UNIT_FOLDED.get(" ".join(form.casefold().split()))
    return found


# ---------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------

_ONES = "zero one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS_WORDS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SMALL: dict[str, int] = {w: i for i, w in enumerate(_ONES)}
_SMALL.update({w: 10 + i for i, w in enumerate(_TEENS)})
_TENS: dict[str, int] = {w: 20 + 10 * i for i, w in enumerate(_TENS_WORDS)}
_SMALL.update(_TENS)
_ORDINAL_WORDS: dict[str, int] = {
    w: i + 1
    for i, w in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
    )
}
_ORDINAL_WORDS.update(
    {
        w: 20 + 10 * i
        for i, w in enumerate(
            "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth".split()
        )
    }
)
_ORDINAL_WORDS.update({"hundredth": 100, "thousandth": 1000, "millionth": 10**6})
_PLURAL_APPROX = frozenset(
    "dozens hundreds thousands millions billions trillions lakhs crores tens scores".split()
)
_FRACTION_WORDS = frozenset(
    "half halves third thirds quarter quarters fifth fifths sixth sixths eighth eighths "
    "tenth tenths".split()
)
_MONTHS: dict[str, int] = {
    m: i + 1
    for i, m in enumerate(
        "January February March April May June July August September October November "
        "December".split()
    )
}
_MONTH_ABBR: dict[str, int] = {m[:3]: i for m, i in _MONTHS.items()}
_MONTH_ABBR["Sept"] = 9
_MAY_BEFORE = frozenset(
    "in of since until till by during from to through early late mid last next this every "
    "each before after between and".split()
)
_ROMAN_WORDS = frozenset(
    "i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split()
)

_TRIGGER_WORDS: frozenset[str] = (
    frozenset(_SMALL)
    | frozenset(_ORDINAL_WORDS)
    | _PLURAL_APPROX
    | frozenset({"hundred", "thousand", "dozen", "million", "billion", "trillion", "lakh"})
    | frozenset({"crore", "lac"})
)
_MONTH_TRIGGERS = frozenset(m.casefold() for m in _MONTHS) | frozenset(
    m.casefold() for m in _MONTH_ABBR
)

#: Words that, lower-cased, may start or hold a figure without a digit: the pre-check
#: (:func:`has_value_words`) and callers' fast paths use it.
VALUE_WORDS: frozenset[str] = _TRIGGER_WORDS | _MONTH_TRIGGERS | _ROMAN_WORDS

# "about 300": near the value; "at least 300": one side of it (a bound). Neither is
# compared; an evidence approximation may still bear out a claim of the same value.
_APPROX_ONE = frozenset(
    "around about roughly approximately approx nearly almost some circa ca c estimated".split()
)
_BOUND_ONE = frozenset("over under above below approaching upwards exceeding".split())
_APPROX_TWO = frozenset({"close to", "an estimated"})
_BOUND_TWO = frozenset(
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
_APPROX_DATE = frozenset("around about roughly approximately approx circa ca c".split())
_APPROX_LAST = (
    _APPROX_ONE
    | _BOUND_ONE
    | _APPROX_DATE
    | frozenset(pair.split()[-1] for pair in _APPROX_TWO | _BOUND_TWO)
)
_APPROX_SYMBOLS = frozenset("~≈∼≃±")
_BOUND_SYMBOLS = frozenset("<>≤≥")
_APPROX_AFTER = re.compile(r"(?:-odd\b| odd\b| or so\b| or thereabouts\b)", re.IGNORECASE)
_BOUND_AFTER = re.compile(
    r"(?:\+(?![\d])|-?plus\b(?! *\d)| or more\b| or over\b| or fewer\b| or less\b"
    r"| or above\b| and above\b| and up\b| and over\b)",
    re.IGNORECASE,
)
_CHANGE_VERBS = frozenset(
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
_NOT_HEADS = (
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
    | frozenset(m.casefold() for m in _MONTHS)
    | frozenset(m.casefold() for m in _MONTH_ABBR)
    | frozenset(c.casefold() for c in CURRENCY_CODES)
    | frozenset({"rs", "no", "nos", "nr", "num", "number", "version", "ver", "v"})
)

# ---------------------------------------------------------------------------------------
# Cleaning: invisibles out, digits and a few marks folded, a map back to the original
# ---------------------------------------------------------------------------------------

_FOLD = str.maketrans(
    {
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\ufe63": "-",
        "\uff0d": "-",
        "\u00a0": " ",
        "\u2002": " ",
        "\u2003": " ",
        "\u2004": " ",
        "\u2005": " ",
        "\u2006": " ",
        "\u2007": " ",
        "\u2008": " ",
        "\u2009": " ",
        "\u200a": " ",
        "\u202f": " ",
        "\u3000": " ",
        "\t": " ",
        "\n": " ",
        "\r": " ",
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u2032": "'",
        "\uff05": "%",
        "\u066a": "%",
        "\uff04": "$",
        "\uffe5": "¥",
        "\uffe1": "£",
        "\uffe0": "¢",
        "\uff0c": ",",
        "\uff0e": ".",
        "\u066b": ".",
        "\u066c": ",",
        "\uff1a": ":",
        "\uff0f": "/",
        "\uff0b": "+",
    }
)


def _clean(text: str) -> tuple[str, list[int] | None]:
    """``text`` with invisibles removed, digits and marks folded (one char for one), and
    a map from clean offsets to original offsets (``None`` when they coincide)."""
    if text.isascii():
        return text.translate(_FOLD) if (
            "\t" in text or "\n" in text or "\r" in text
        ) else text, None
    return strip_invisibles_mapped(fold_digits(text).translate(_FOLD))


_DIGIT_RE = re.compile(r"\d")
_WORD_RE = re.compile(r"[^\W\d_]+")
_ASCII_PUNCT = bytes.maketrans(b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", b" " * 32)


def _lower_words(text: str) -> set[str]:
    if text.isascii():
        return set(text.lower().encode().translate(_ASCII_PUNCT).decode().split())
    return set(_WORD_RE.findall(text.lower()))


def has_value_words(text: str) -> bool:
    """True when ``text`` may state a figure: a digit, a number word, a month, a numeral."""
    return bool(_DIGIT_RE.search(text)) or not VALUE_WORDS.isdisjoint(_lower_words(text))


# ---------------------------------------------------------------------------------------
# Locale
# ---------------------------------------------------------------------------------------

_DECIMAL_COMMA = frozenset(
    "de fr es it nl pt ru pl cs sk sv da nb nn no fi tr id ro hu el uk bg hr sl sr lt lv et "
    "ca vi az be is kk ka mk sq".split()
)


class _Locale(NamedTuple):
    decimal_comma: bool
    order: str | None  # "mdy", "dmy" or None (ambiguous numeric dates are not compared)


@lru_cache(maxsize=64)
def _locale_rules(locale: str | None) -> _Locale:
    if not locale:
        return _Locale(False, None)
    parts = re.split(r"[-_]", locale.strip().lower())
    language = parts[0]
    region = parts[1] if len(parts) > 1 else ""
    if language == "en":
        if region in ("us", "ph", "fm", "mh", "pw", "um", "as", "gu", "mp", "pr", "vi"):
            return _Locale(False, "mdy")
        return _Locale(False, "dmy" if region else None)
    return _Locale(language in _DECIMAL_COMMA, "dmy")


# ---------------------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------------------


#: How far back (in characters) the reader looks for a sign, a name or a word: bounded,
#: so that reading stays linear in the text's length whatever the text.
_REACH = 48


class _Taken:
    """Spans already read (sorted, not overlapping), asked whether they hold an offset."""

    __slots__ = ("ends", "starts")

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        spans = sorted(spans)
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]

    def holds(self, offset: int) -> bool:
        index = bisect_right(self.starts, offset) - 1
        return index >= 0 and offset < self.ends[index]


class _Raw:
    """A value being read (clean offsets)."""

    __slots__ = (
        "dimension",
        "end",
        "kind",
        "month",
        "name",
        "note",
        "precision",
        "start",
        "unit",
        "value",
        "year",
    )

    def __init__(
        self,
        start: int,
        end: int,
        kind: str,
        value: ValueType,
        unit: str | None = None,
        precision: int = 0,
        note: str | None = None,
    ) -> None:
        self.start = start
        self.end = end
        self.kind = kind
        self.value = value
        self.unit = unit
        self.precision = precision
        self.note = note
        self.name: str | None = None
        self.dimension: str | None = None
        self.year: tuple[int, int] | None = None
        self.month: tuple[int, int] | None = None


_RUN_RE = re.compile(r"\d+(?:[.,:/'-]\d+|[ ]\d{3}(?!\d))*")
_ISO_RE = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})")
_DMY_RE = re.compile(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})")
_YM_RE = re.compile(r"(\d{4})-(\d{2})")
_TIME_RE = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_EN_NUM_RE = re.compile(
    r"(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:'\d{3})+|\d{1,3}(?: \d{3})+|\d+)"
    r"(?:\.\d+)?"
)
_DC_NUM_RE = re.compile(
    r"(?:\d{1,3}(?:\.\d{3})+|\d{1,3}(?:'\d{3})+|\d{1,3}(?: \d{3})+|\d+)(?:,\d+)?"
)
_LETTERS_RE = re.compile(r"[^\W\d_]+")
_LETTERS_END_RE = re.compile(r"[^\W\d_]+$")
_CODE_AT_RE = re.compile(r"[A-Z]{3}(?![^\W_])")
_PREV_WORD_RE = re.compile(r"([^\W\d_][\w'.-]*)[ ]$")
_NUMBER_AT_RE = re.compile(r" ?[-+]?\d")

_PLAIN = "num"
_BEFORE_SIGN = frozenset(" ([{=:;/~≈<>±\"'") | _SIGN_CHARS


def _number_text(text: str, decimal_comma: bool) -> tuple[Decimal, int] | None:
    """The value and decimal places of one well-formed number, else ``None``."""
    if decimal_comma:
        if not _DC_NUM_RE.fullmatch(text):
            if text.count(".") == 1 and "," not in text and re.fullmatch(r"\d+\.\d+", text):
                whole, frac = text.split(".")
                return Decimal(text), len(frac)
            return None
        digits = text.replace(".", "").replace("'", "").replace(" ", "")
        whole, _, frac = digits.partition(",")
        return Decimal(f"{whole}.{frac}" if frac else whole), len(frac)
    if not _EN_NUM_RE.fullmatch(text):
        return None
    digits = text.replace(",", "").replace("'", "").replace(" ", "")
    _, _, frac = digits.partition(".")
    return Decimal(digits), len(frac)


class _Piece(NamedTuple):
    start: int
    end: int
    shape: str  # num, date, ym, ambiguous, clock, ratio, version, ident
    value: ValueType
    precision: int
    note: str | None
    year: tuple[int, int] | None = None
    month: tuple[int, int] | None = None


def _century(two: str) -> int:
    value = int(two)
    return 2000 + value if value < 50 else 1900 + value


def _valid_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _pieces(run: str, start: int, loc: _Locale) -> list[_Piece]:
    """What one run of digits and inner marks holds."""
    end = start + len(run)
    if run.isdigit():  # the common case: a plain integer
        return [_Piece(start, end, _PLAIN, Decimal(run), 0, None)]
    if " " in run:
        parsed = _number_text(run, loc.decimal_comma)
        if parsed is not None:
            return [_Piece(start, end, _PLAIN, parsed[0], parsed[1], None)]
        out: list[_Piece] = []
        offset = start
        for part in run.split(" "):
            out.extend(_pieces(part, offset, loc))
            offset += len(part) + 1
        return out
    m = _ISO_RE.fullmatch(run)
    if m:
        year, month, day = int(m.group(1)), int(m.group(3)), int(m.group(4))
        found = _valid_date(year, month, day)
        if found is not None:
            return [
                _Piece(
                    start,
                    end,
                    "date",
                    found,
                    0,
                    None,
                    (start, start + 4),
                    (start + m.start(3), start + m.end(3)),
                )
            ]
        return [_Piece(start, end, "ident", None, 0, "name")]
    m = _DMY_RE.fullmatch(run)
    if m and not (m.group(2) == "." and len(m.group(4)) == 2):
        a, b, y = int(m.group(1)), int(m.group(3)), m.group(4)
        year = int(y) if len(y) == 4 else _century(y)
        year_span = (start + m.start(4), start + m.end(4))
        order: str | None
        if a > 12 and b <= 12:
            order = "dmy"
        elif b > 12 and a <= 12:
            order = "mdy"
        elif a == b:
            order = "dmy"
        elif a > 12 and b > 12:
            return [_Piece(start, end, "ident", None, 0, "name")]
        elif m.group(2) == ".":
            order = "dmy"
        else:
            order = loc.order
        if order is None:
            return [_Piece(start, end, "ambiguous", None, 0, "ambiguous date", year_span)]
        day, month = (a, b) if order == "dmy" else (b, a)
        found = _valid_date(year, month, day)
        if found is None:
            return [_Piece(start, end, "ident", None, 0, "name")]
        month_group = 3 if order == "dmy" else 1
        month_span = (start + m.start(month_group), start + m.end(month_group))
        return [_Piece(start, end, "date", found, 0, None, year_span, month_span)]
    m = _YM_RE.fullmatch(run)
    if m and 1 <= int(m.group(2)) <= 12 and 1000 <= int(m.group(1)) <= 2199:
        return [
            _Piece(
                start,
                end,
                "ym",
                (int(m.group(1)), int(m.group(2))),
                0,
                None,
                (start, start + 4),
                (start + 5, end),
            )
        ]
    if ":" in run:
        m = _TIME_RE.fullmatch(run)
        if m:
            hours, minutes = int(m.group(1)), int(m.group(2))
            seconds = int(m.group(3) or 0)
            if (hours < 24 and minutes < 60 and seconds < 60) or (
                hours == 24 and minutes == 0 and seconds == 0
            ):
                value = Decimal(hours * 3600 + minutes * 60 + seconds)
                return [_Piece(start, end, "clock", value, 0, None)]
        return [_Piece(start, end, "ratio", None, 0, "ratio")]
    if "-" in run:
        parts = run.split("-")
        if len(parts) == 2:
            left = _number_text(parts[0], loc.decimal_comma)
            right = _number_text(parts[1], loc.decimal_comma)
            if left is not None and right is not None:
                middle = start + len(parts[0])
                return [
                    _Piece(start, middle, _PLAIN, left[0], left[1], "range"),
                    _Piece(middle + 1, end, _PLAIN, right[0], right[1], "range"),
                ]
        return [_Piece(start, end, "ident", None, 0, "name")]
    if "/" in run:
        parts = run.split("/")
        if len(parts) == 2 and len(parts[0]) == 4 and len(parts[1]) in (2, 4):
            middle = start + 4
            return [
                _Piece(start, middle, _PLAIN, Decimal(parts[0]), 0, "range"),
                _Piece(middle + 1, end, _PLAIN, Decimal(parts[1]), 0, "range"),
            ]
        return [_Piece(start, end, "ratio", None, 0, "ratio")]
    parsed = _number_text(run, loc.decimal_comma)
    if parsed is not None:
        return [_Piece(start, end, _PLAIN, parsed[0], parsed[1], None)]
    if run.count(".") >= 2 and "," not in run and "'" not in run:
        return [_Piece(start, end, "version", None, 0, "version")]
    if "." in run and "," in run:
        # "1.234.567,89" without a locale that groups with dots: not read as a value
        return [_Piece(start, end, "ident", None, 0, "ambiguous number")]
    # not one number: a list ("1,2,3", "3,5" without a decimal-comma locale)
    out = []
    offset = start
    for part in re.split(r"[,']", run):
        out.extend(_pieces(part, offset, loc) if part else [])
        offset += len(part) + 1
    return out


def _prev_words(clean: str, pos: int, count: int = 3) -> list[str]:
    """Up to ``count`` words right before ``pos``, lower case, nearest last; a comma,
    semicolon, colon or stop after a word separates it (and what precedes) from ``pos``."""
    chunk = clean[max(0, pos - 48) : pos]
    tokens = chunk.split()
    if pos > 48 and tokens and not chunk[0].isspace():
        tokens = tokens[1:]
    words: list[str] = []
    for raw in reversed(tokens[-count:]):
        if raw[-1] in ",;:!?":
            break
        word = raw.strip(".,;:!?()[]\"'").lower()
        if not word:
            break
        words.append(word)
        if raw[0] in "([\"'":
            break
    words.reverse()
    return words


def _approx_before(clean: str, pos: int, dated: bool) -> str | None:
    """ "approximation" ("about 300", "~5") or "bound" ("at least 300", "> 5") when the
    words right before ``pos`` make the value inexact; before a year, a date or a month
    only "around", "about", "circa" and the like do ("over 2023" is a period)."""
    index = pos - 1
    while index >= 0 and clean[index] == " ":
        index -= 1
    if index >= 0:
        if clean[index] in _APPROX_SYMBOLS:
            return "approximation"
        if clean[index] in _BOUND_SYMBOLS:
            return "bound"
    if index < 0:
        return None
    space = clean.rfind(" ", max(0, index - _REACH), index)
    if space < 0 and index >= _REACH:
        return None  # a token longer than any approximation word
    if clean[space + 1 : index + 1].strip(".,;:!?()[]\"'").lower() not in _APPROX_LAST:
        return None  # the word right before names no approximation: the common case
    words = _prev_words(clean, pos, 3)
    if not words:
        return None
    last = words[-1]
    if dated:
        return "approximation" if last in _APPROX_DATE else None
    pair = f"{words[-2]} {last}" if len(words) >= 2 else ""
    if last in _APPROX_ONE or pair in _APPROX_TWO:
        return "approximation"
    if last in _BOUND_ONE or pair in _BOUND_TWO:
        return "bound"
    return None


def _approx_after(clean: str, pos: int) -> str | None:
    """ "approximation" ("300-odd", "300 or so") or "bound" ("300+", "300 or more")."""
    if _APPROX_AFTER.match(clean, pos):
        return "approximation"
    if _BOUND_AFTER.match(clean, pos):
        return "bound"
    return None


def _currency_before(clean: str, pos: int) -> tuple[str, int] | None:
    """(class, start) of a currency sign or code right before ``pos`` (one space allowed)."""
    index = pos
    if index > 0 and clean[index - 1] == " ":
        index -= 1
    if index <= 0:
        return None
    char = clean[index - 1]
    if char in _SIGN_CHARS:
        start = index - 1
        cls = CURRENCY_SIGNS[char]
        if char == "$":
            m = _LETTERS_END_RE.search(clean, max(0, start - 3), start)
            if (
                m
                and m.group() in _DOLLAR_PREFIXES
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
            return _code_class(word), m.start()
        if word == "Rs":
            return _WORD_CURRENCIES["Rs"], m.start()
    return None


def _scale_at(clean: str, pos: int, money: bool, tables: _Tables) -> tuple[int, Decimal] | None:
    """(end, multiplier) of a scale word glued to ``pos`` or one space after it."""
    for start in (pos, pos + 1):
        if start == pos + 1 and (start >= len(clean) or clean[pos] != " "):
            break
        m = _LETTERS_RE.match(clean, start)
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


def _number_follows(clean: str, pos: int) -> bool:
    """A number (maybe signed, after one space) starts at ``pos``."""
    return _NUMBER_AT_RE.match(clean, pos) is not None


class _After(NamedTuple):
    end: int
    unit: _Unit | None
    money: str | None
    ordinal: bool = False
    decade: bool = False
    ident: bool = False


def _after(
    clean: str, pos: int, money: str | None, year_like: bool, core: str, deny: frozenset[str]
) -> _After:
    """What follows a number at ``pos``: a unit, a currency, an ordinal or decade ending."""
    n = len(clean)
    if pos >= n:
        return _After(pos, None, None)
    char = clean[pos]
    if char.isalpha():
        m = _LETTERS_RE.match(clean, pos)
        assert m is not None
        suffix = m.group()
        if suffix.casefold() in deny or money is not None:
            return _After(pos, None, None)
        if suffix.lower() in ("st", "nd", "rd", "th") and core.isdigit():
            return _After(m.end(), None, None, ordinal=True)
        if suffix == "s" and core.isdigit() and core.endswith("0") and len(core) == 4:
            return _After(m.end(), None, None, decade=True)
        unit = _unit_at(clean, pos)
        if unit:
            found = _unit_of(unit.form)
            if found is not None:
                return _After(unit.end, found, None)
        code = _CODE_AT_RE.match(clean, pos)
        if code and code.group() in CURRENCY_CODES and not _number_follows(clean, code.end()):
            return _After(code.end(), None, _code_class(code.group()))
        return _After(m.end(), None, None, ident=True)
    if char == "'" and clean[pos + 1 : pos + 2] == "s" and len(core) == 4 and core.endswith("0"):
        return _After(pos + 2, None, None, decade=True)
    if money is not None:
        return _After(pos, None, None)
    # glued symbols: %, °C, ℃, € ...
    unit = _unit_at(clean, pos)
    if unit:
        found = _unit_of(unit.form)
        if found is not None:
            return _After(unit.end, found, None)
    if char in _SIGN_CHARS and not _number_follows(clean, pos + 1):
        return _After(pos + 1, None, CURRENCY_SIGNS[char])
    if char not in " -" or pos + 1 >= n:
        return _After(pos, None, None)
    nxt = pos + 1
    if char == " " and clean[nxt : nxt + 2] == "- " and clean[nxt + 2 : nxt + 3].isalpha():
        nxt, char = nxt + 2, "-"  # tokenised text spaces a compound out: "36 - year - old"
    if char == "-":
        # a compound: "5-year", "50-metre"
        unit = _unit_at(clean, nxt) if clean[nxt].isalpha() else None
        if unit:
            found = _unit_of(unit.form)
            if found is not None and found.kind in ("measure", "percent"):
                return _After(unit.end, found, None)
        return _After(pos, None, None)
    unit = _unit_at(clean, nxt)
    if unit:
        found = _unit_of(unit.form)
        if found is not None and not (found.kind == "money" and year_like):
            return _After(unit.end, found, None)
    nchar = clean[nxt]
    if nchar in _SIGN_CHARS and not year_like and not _number_follows(clean, nxt + 1):
        return _After(nxt + 1, None, CURRENCY_SIGNS[nchar])
    code = _CODE_AT_RE.match(clean, nxt)
    if (
        code
        and code.group() in CURRENCY_CODES
        and not year_like
        and not _number_follows(clean, code.end())
    ):
        return _After(code.end(), None, _code_class(code.group()))
    return _After(pos, None, None)


def _word_before(clean: str, start: int) -> tuple[int, str] | None:
    """(start, text) of the token that ends one space before ``start``."""
    if start < 2 or clean[start - 1] != " " or clean[start - 2] == " ":
        return None
    space = clean.rfind(" ", max(0, start - 1 - _REACH), start - 1)
    if space < 0 and start - 1 > _REACH:
        return None  # a token longer than any name head
    return space + 1, clean[space + 1 : start - 1]


def _head(clean: str, start: int) -> tuple[int, str] | None:
    """A capitalised word right before ``start`` that makes the number part of a name
    ("Apollo 17", "ISO 9001", "iPhone 15"). A capital that only opens the sentence names
    nothing unless the word is an acronym or has an inner capital."""
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
    if folded in _NOT_HEADS or folded in _UNIT_FOLDED or word in _UNIT_EXACT:
        return None
    if (
        not inner
        and _opens_sentence(clean, begin + lead)
        and (folded.endswith("ly") or folded in _STOPWORDS)
    ):
        return None
    return begin + lead, word


def _opens_sentence(clean: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and clean[index] == " ":
        index -= 1
    return index < 0 or clean[index] in ".!?:;\"'([*#>-"


def _scale_exponent(mult: Decimal) -> int | None:
    exponent = 0
    value = mult
    while value > 1 and value % 10 == 0:
        value /= 10
        exponent += 1
    return exponent if value == 1 else None


def _digit_values(clean: str, loc: _Locale, tables: _Tables, taken: _Taken) -> list[_Raw]:
    out: list[_Raw] = []
    for m in _RUN_RE.finditer(clean):
        s, e = m.span()
        if taken.holds(s):
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
        for piece in _pieces(run, s, loc):
            raw = _from_piece(clean, piece, tables)
            if raw is not None:
                out.append(raw)
    return out


def _from_piece(clean: str, piece: _Piece, tables: _Tables) -> _Raw | None:
    if piece.shape == _PLAIN:
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
        raw = _Raw(piece.start, piece.end, "date", piece.value, None, 0, piece.note)
        raw.year, raw.month = piece.year, piece.month
        if _ident_before(clean, piece.start):
            raw.note = "name"
        else:
            raw.note = raw.note or _approx_before(clean, piece.start, dated=True)
        return raw
    if piece.shape == "clock":
        after = _after(clean, piece.end, None, False, "", tables.deny)
        end = piece.end
        value = piece.value
        if after.unit is not None and after.unit.unit == "clock":
            end = after.end
            assert isinstance(value, Decimal)
            value = _meridiem(value, clean[piece.end : after.end])
        raw = _Raw(piece.start, end, "measure", value, "clock", 0)
        raw.dimension = "clock"
        if _ident_before(clean, piece.start) or _head(clean, piece.start):
            raw.note = "name"
        else:
            raw.note = _approx_before(clean, piece.start, dated=True)
        return raw
    raw = _Raw(piece.start, piece.end, "number", None, None, 0, piece.note)
    if piece.shape == "version" or piece.shape == "ident":
        start = piece.start
        letters = _ident_start(clean, start)
        if letters is not None:
            start = letters
        raw.start = start
        raw.name = clean[start : piece.end].casefold()
    return raw


def _meridiem(seconds: Decimal, marker: str) -> Decimal | None:
    hours = int(seconds) // 3600
    rest = int(seconds) % 3600
    if hours == 0 or hours > 12:
        return None
    pm = marker.strip().lower().startswith("p")
    hours = hours % 12 + (12 if pm else 0)
    return Decimal(hours * 3600 + rest)


def _ident_before(clean: str, start: int) -> bool:
    """Letters (or letters and a hyphen, or ``#``) glued before ``start``."""
    if start == 0:
        return False
    char = clean[start - 1]
    if char == "#":
        return True
    if char.isalpha():
        return True
    return char == "-" and start >= 2 and clean[start - 2].isalnum()


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
    limit = max(0, begin - _REACH)
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
    tables: _Tables,
    note: str | None,
) -> _Raw:
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
            clean[s - 1].isalpha()
            or clean[s - 1] == "#"
            or (clean[s - 1] == "-" and s >= 2 and clean[s - 2].isalpha())
        )
    ):
        glued = _LETTERS_END_RE.search(clean, max(0, s - 5), s)
        word = glued.group() if glued else ""
        if (
            glued
            and (word in CURRENCY_CODES or word == "Rs")
            and (glued.start() == 0 or not clean[glued.start() - 1].isalnum())
        ):
            code = _code_class(word) if word in CURRENCY_CODES else "cur:Rs"
            return _finish_number(
                clean, glued.start(), e, value, decimals, core, tables, note, code, False
            )
        begin = _ident_start(clean, s)
        raw = _Raw(begin if begin is not None else s, e, "number", value, None, decimals)
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
    tables: _Tables,
    note: str | None,
    money: str | None,
    signed: bool,
) -> _Raw:
    precision = decimals
    end = e
    scale = _scale_at(clean, e, money is not None, tables)
    mult: Decimal | None = None
    if scale is not None:
        end, mult = scale
        value = value * mult
        exponent = _scale_exponent(mult)
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
        return _Raw(begin, end + 1, "decade", value, None, 0, "decade")
    after = _after(clean, end, money, year_like, core if mult is None else "", tables.deny)
    raw = _Raw(start, after.end, "number", value, None, precision, note)
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
        _apply_unit(raw, after, clean, end, tables, value)
    elif year_like:
        raw.kind = "year"
        raw.year = (start, e)
    if raw.note is None:
        dated = raw.kind in ("year", "date", "month")
        inexact = _approx_before(clean, raw.start, dated)
        if inexact is None and not dated:
            inexact = _approx_after(clean, raw.end)
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


# -- dates written with a month's name ----------------------------------------------------

_MON = (
    r"(?P<mon>January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)(?:\.|(?![^\W\d_]))"
)
_DAY_MONTH_RE = re.compile(
    r"(?<![\w.,])(?P<d>\d{1,2})(?:st|nd|rd|th)?(?: +of)? +" + _MON + r"(?:,? +(?P<y>\d{4})(?!\d))?"
)
_MONTH_DAY_RE = re.compile(
    r"(?<![^\W\d_])" + _MON + r" +(?P<d>\d{1,2})(?:st|nd|rd|th)?(?![\d:.,]\d)(?![^\W_])"
    r"(?:,? +(?P<y>\d{4})(?!\d))?"
)
_MONTH_YEAR_RE = re.compile(r"(?<![^\W\d_])" + _MON + r",?(?: +of)? +(?P<y>\d{4})(?![\d,.]\d)")
_MONTH_ALONE_RE = re.compile(
    r"(?<![^\W\d_])(?P<mon>January|February|March|April|May|June|July|August|September"
    r"|October|November|December)(?![^\W\d_])"
)


def _month_number(name: str) -> int:
    return _MONTHS.get(name) or _MONTH_ABBR[name[:4] if name.startswith("Sept") else name[:3]]


def _text_dates(clean: str) -> list[_Raw]:
    found: list[_Raw] = []
    for pattern in (_DAY_MONTH_RE, _MONTH_DAY_RE, _MONTH_YEAR_RE):
        for m in pattern.finditer(clean):
            month = _month_number(m.group("mon"))
            month_span = m.span("mon")
            year_text = m.group("y")
            year_span = m.span("y") if year_text else None
            value: ValueType
            if "d" in m.groupdict() and m.group("d") is not None:
                day = int(m.group("d"))
                if year_text:
                    value = _valid_date(int(year_text), month, day)
                    if value is None:
                        continue
                else:
                    if _valid_date(2000, month, day) is None:
                        continue
                    value = (None, month, day)
            else:
                assert year_text is not None
                value = (int(year_text), month)
            if not year_text and m.group("mon") in ("Mar", "May"):
                continue  # "Mar 5", "May 5" without a year: too weak a signal
            raw = _Raw(m.start(), m.end(), "date", value)
            raw.year = year_span
            raw.month = month_span
            found.append(raw)
    found.sort(key=lambda r: (r.start, -(r.end - r.start)))
    kept: list[_Raw] = []
    for raw in found:
        if kept and raw.start < kept[-1].end:
            continue
        kept.append(raw)
    dated = _Taken([(r.start, r.end) for r in kept])
    for m in _MONTH_ALONE_RE.finditer(clean):
        if dated.holds(m.start()):
            continue
        name = m.group("mon")
        if name in ("May", "March"):
            words = _prev_words(clean, m.start(), 1)
            if not words or words[-1] not in _MAY_BEFORE:
                continue
        raw = _Raw(m.start(), m.end(), "month", _MONTHS[name])
        raw.month = m.span()
        kept.append(raw)
    for raw in kept:
        raw.note = _approx_before(clean, raw.start, dated=True)
    kept.sort(key=lambda r: r.start)
    return kept


# -- number words ----------------------------------------------------------------------------

_WORD_TOKEN_RE = re.compile(r"[^\W\d_]+")


_PHRASE_MULTIPLIERS = frozenset(
    "hundred thousand dozen million billion trillion lakh crore".split()
)


def _word_values(clean: str, tables: _Tables, taken: _Taken) -> list[_Raw]:
    """Figures written in words: "forty-five", "two hundred and fifty", "a dozen",
    "five million", ordinals ("first") and approximate plurals ("thousands of")."""
    tokens = [(m.group().lower(), m.start(), m.end()) for m in _WORD_TOKEN_RE.finditer(clean)]
    out: list[_Raw] = []
    index = 0
    count = len(tokens)
    while index < count:
        word, start, end = tokens[index]
        if taken.holds(start):
            index += 1
            continue
        if word in _ORDINAL_WORDS:
            out.append(
                _Raw(start, end, "ordinal", Decimal(_ORDINAL_WORDS[word]), None, 0, "ordinal")
            )
            index += 1
            continue
        if word in _PLURAL_APPROX:
            needs_of = word in ("tens", "scores")
            if (not needs_of or _next_is(tokens, index, "of")) and not _digit_before(clean, start):
                out.append(_Raw(start, end, "number", None, None, 0, "approximation"))
            index += 1
            continue
        opens = word in _SMALL or (
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
        phrase_end = tokens[last][2]
        index = last + 1
        if ordinal:
            out.append(_Raw(start, phrase_end, "ordinal", value, None, 0, "ordinal"))
            continue
        # a fraction written apart ("two thirds", "three quarters"): a share, never a count
        if (
            index < count
            and tokens[index][0] in _FRACTION_WORDS
            and clean[phrase_end : tokens[index][1]] == " "
            and clean[tokens[index][2] : tokens[index][2] + 1] != "-"
        ):
            index += 1
            continue
        # an adjectival compound ("two-way", "one-off") or a fraction ("two-thirds")
        if clean[phrase_end : phrase_end + 1] == "-" and index < count:
            unit = _unit_at(clean, phrase_end + 1)
            if tokens[index][0] in _FRACTION_WORDS or unit is None:
                index += 1
                continue
        after = _after(clean, phrase_end, None, False, "", tables.deny)
        if after.ident or after.ordinal or after.decade:
            continue
        if last == first and word == "one" and after.unit is None and after.money is None:
            continue  # "one of", "no one", "the one": a pronoun, not a count
        raw = _Raw(start, after.end, "number", value, None, precision)
        _apply_unit(raw, after, clean, phrase_end, tables, value)
        if raw.note is None:
            raw.note = _approx_before(clean, start, False) or _approx_after(clean, raw.end)
        out.append(raw)
    return out


def _apply_unit(
    raw: _Raw, after: _After, clean: str, number_end: int, tables: _Tables, value: Decimal
) -> None:
    """Give ``raw`` the currency or unit ``after`` found."""
    if after.money is not None:
        raw.kind, raw.unit = "money", tables.aliases.get(after.money, after.money)
        raw.dimension = raw.unit
        return
    unit = after.unit
    if unit is None:
        return
    if unit.kind == "clock":
        raw.kind, raw.unit, raw.dimension, raw.precision = "measure", "clock", "clock", 0
        whole = value == value.to_integral_value()
        raw.value = _meridiem(value * 3600, clean[number_end : after.end]) if whole else None
        if raw.value is None:
            raw.note = raw.note or "name"
    elif unit.kind == "money":
        raw.kind = "money"
        raw.unit = tables.aliases.get(unit.unit, unit.unit)
        raw.dimension = raw.unit
    else:
        raw.kind, raw.unit, raw.dimension = unit.kind, unit.unit, unit.dimension


def _digit_before(clean: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and clean[index] in " -":
        index -= 1
    return index >= 0 and clean[index].isdigit()


def _next_is(tokens: list[tuple[str, int, int]], index: int, word: str) -> bool:
    return index + 1 < len(tokens) and tokens[index + 1][0] == word


def _parse_words(
    clean: str, tokens: list[tuple[str, int, int]], first: int, tables: _Tables
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
        elif word in _SMALL:
            value = _SMALL[word]
            after_tens = previous in _TENS and 0 < value < 10  # "forty-five"
            fresh = previous in ("", "hundred", "thousand", "scale") and current % 100 == 0
            if after_tens or fresh or previous == "and":
                current += value
            else:
                break
            precision = 0
            seen = True
        elif word in _ORDINAL_WORDS and previous in _TENS and _ORDINAL_WORDS[word] < 10:
            current += _ORDINAL_WORDS[word]
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
            and tokens[index + 1][0] in _SMALL
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
            exponent = _scale_exponent(mult)
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


# -- Roman numerals in names ---------------------------------------------------------------

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


def _romans(clean: str, taken: _Taken) -> list[_Raw]:
    out: list[_Raw] = []
    for m in _ROMAN_RE.finditer(clean):
        head = m.group(1)
        numeral = m.group(2)
        if head.casefold() in _NOT_HEADS or taken.holds(m.start(2)):
            continue
        if numeral == "I":
            before = clean[max(0, m.start() - _REACH) : m.start()].rstrip()
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
            word = _PREV_WORD_RE.search(clean, max(0, start - _REACH), start)
            if word is None or not word.group(1)[:1].isupper():
                break
            if word.group(1).casefold() in _NOT_HEADS:
                break
            start = word.start(1)
        raw = _Raw(start, m.end(2), "number", Decimal(value), None, 0, "name")
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


# -- ranges ----------------------------------------------------------------------------------


_QUANTITIES = frozenset({"number", "percent", "money", "measure"})


def _range_kinds(left: _Raw, right: _Raw) -> bool:
    """Whether two values can be the ends of one range: the same kind, or a bare number
    before a quantity ("400–500 metres", "$400–500"), and never a year and a count
    ("in 2023 to 7 billion")."""
    if left.kind == right.kind:
        return left.kind != "number" or left.unit == right.unit
    if left.kind == "number" and right.kind == "date" and _day_number(left):
        return True  # a range of days: "from 12 to 18 April 2015"
    kinds = {left.kind, right.kind}
    if "number" in kinds and kinds <= _QUANTITIES:
        bare = left if left.kind == "number" else right
        return bare.unit is None and bare.note != "name"
    return kinds <= {"date", "month"}


def _day_number(raw: _Raw) -> bool:
    value = raw.value
    return (
        raw.unit is None
        and raw.note is None
        and isinstance(value, Decimal)
        and value == value.to_integral_value()
        and 1 <= value <= 31
    )


def _alternatives(left: _Raw, right: _Raw) -> bool:
    """Two figures far apart joined by "or" ("a €10 or €50 coin") are two values, not the
    vague range of close ones ("2 or 3 days")."""
    a, b = left.value, right.value
    if not isinstance(a, Decimal) or not isinstance(b, Decimal) or a <= 0 or b <= 0:
        return False
    return max(a, b) > 2 * min(a, b)


def _mark_ranges(clean: str, raws: list[_Raw]) -> None:
    for left, right in pairwise(raws):
        if right.start < left.end or right.start - left.end > 12:
            continue
        gap = clean[left.end : right.start].strip().lower()
        if not _range_kinds(left, right):
            continue
        if gap == "or" and _alternatives(left, right):
            continue
        if left.kind == "number" and right.kind == "date":
            if gap in (
                "-",
                "—",
                "–",
                "to",
                "through",
                "thru",
                "till",
                "until",
                "and",
                "&",
                "or",
                ",",
            ):
                # the first day of a range or list of days ("12 to 18 April 2015", "5 and
                # 6 May"): a part of a date, never a count; the date stays
                left.note = "range"
            continue
        if gap in ("-", "—", "–", "to", "through", "thru", "till", "until", "and", "or"):
            words = _prev_words(clean, left.start, 3)
            if gap == "and" and "between" not in words[-2:]:
                continue
            if gap in ("till", "until") and "from" not in words[-2:]:
                continue
            if gap in ("to", "till", "until") and "from" in words[-2:]:
                before_from = words[: words.index("from")] if "from" in words else []
                if before_from and before_from[-1] in _CHANGE_VERBS:
                    continue
                if len(words) >= 3 and words[-3] in _CHANGE_VERBS and words[-2] == "from":
                    continue
                if words[-1:] == ["from"]:
                    wider = _prev_words(clean, left.start, 4)
                    if len(wider) >= 2 and wider[-2] in _CHANGE_VERBS:
                        continue
            for raw in (left, right):
                if raw.note is None or raw.note == "range":
                    raw.note = "range"


# -- putting it together ---------------------------------------------------------------------


def _span(where: list[int] | None, start: int, end: int) -> Span:
    if where is None:
        return Span(start, end)
    return Span(where[start], where[end - 1] + 1)


def _finish(raw: _Raw, clean: str, where: list[int] | None) -> Value:
    end = raw.end
    while end > raw.start + 1 and clean[end - 1] == " ":
        end -= 1
    comparable = raw.note is None and raw.value is not None
    note = raw.note if raw.note is not None or raw.value is not None else "unreadable"
    return Value(
        kind=raw.kind,
        value=raw.value,
        unit=raw.unit,
        span=_span(where, raw.start, end),
        comparable=comparable,
        precision=raw.precision,
        note=note,
        name=raw.name if note in NAME_NOTES else None,
        dimension=raw.dimension,
        year_span=_span(where, *raw.year) if raw.year else None,
        month_span=_span(where, *raw.month) if raw.month else None,
    )


def _read(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    try:
        return _read_unsafe(text, locale, preset)
    except (ValueError, InvalidOperation, IndexError, KeyError, AssertionError, RecursionError):
        # never raise on odd text: a text the reader cannot read states no figure it
        # could compare (the engine still fails unreadable digits closed)
        return ()


def _read_unsafe(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    has_digit = _DIGIT_RE.search(text) is not None
    words = _lower_words(text)
    has_words = not _TRIGGER_WORDS.isdisjoint(words)
    has_months = not _MONTH_TRIGGERS.isdisjoint(words)
    has_roman = not _ROMAN_WORDS.isdisjoint(words)
    if not (has_digit or has_words or has_months or has_roman):
        return ()
    clean, where = _clean(text)
    loc = _locale_rules(locale)
    tables = _tables(preset)
    raws: list[_Raw] = []
    if has_months:
        raws = _text_dates(clean)
    if has_digit:
        raws.extend(_digit_values(clean, loc, tables, _Taken([(r.start, r.end) for r in raws])))
    if has_words:
        raws.extend(_word_values(clean, tables, _Taken([(r.start, r.end) for r in raws])))
    if has_roman:
        raws.extend(_romans(clean, _Taken([(r.start, r.end) for r in raws])))
    if not raws:
        return ()
    raws.sort(key=lambda r: r.start)
    _mark_ranges(clean, raws)
    return tuple(_finish(raw, clean, where) for raw in raws)


@lru_cache(maxsize=8192)
def _read_cached(text: str, locale: str | None, preset: Preset) -> tuple[Value, ...]:
    return _read(text, locale, preset)


def read_values(
    text: str, *, locale: str | None = None, preset: str | Preset = "generic"
) -> list[Value]:
    """Every figure ``text`` states, in text order (see the module documentation).

    ``locale`` ("en-US", "en-GB", "de", ...) says how to read ``04/08/2026`` and whether a
    comma is the decimal mark; ``preset`` is ``"generic"``, ``"india_accounting"`` or a
    :class:`Preset`. Never raises on any text.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return list(_read_cached(text, locale, resolve_preset(preset)))


def read_fresh(text: str, locale: str | None = None, preset: Preset = GENERIC) -> tuple[Value, ...]:
    """:func:`read_values` without the memo, for texts read once (an answer's units)."""
    return _read(text, locale, preset)


def read_values_cached(
    text: str, locale: str | None = None, preset: Preset = GENERIC
) -> tuple[Value, ...]:
    """:func:`read_values` for evidence sentences, memoised (bounded) on the text."""
    return _read_cached(text, locale, preset)


# ---------------------------------------------------------------------------------------
# Comparing two values
# ---------------------------------------------------------------------------------------

_CONTEXT = Context(prec=80)


def _year_of(value: ValueType) -> int | None:
    if isinstance(value, date):
        return value.year
    if isinstance(value, tuple) and isinstance(value[0], int):
        return value[0]
    return None


def _month_of(value: ValueType) -> int | None:
    if isinstance(value, date):
        return value.month
    if isinstance(value, tuple):
        return value[1]
    return None


def pairable(claimed: Value, evidence: Value) -> bool:
    """Whether ``evidence`` is a value of the same kind and class as ``claimed`` (a
    claimed year pairs with a dated fact's year, a month with a date's month)."""
    if not (claimed.comparable and evidence.comparable):
        return False
    kind, other = claimed.kind, evidence.kind
    if kind == "year":
        return other == "year" or (other == "date" and _year_of(evidence.value) is not None)
    if kind == "month":
        return other == "month" or (other == "date" and _month_of(evidence.value) is not None)
    if kind != other:
        return False
    if kind in ("money", "measure"):
        return claimed.dimension == evidence.dimension
    if kind == "percent":
        return True
    return kind in ("number", "date")


def _numbers_agree(claimed: Value, evidence: Value) -> bool | None:
    c, e = claimed.value, evidence.value
    if not isinstance(c, Decimal) or not isinstance(e, Decimal):
        return False
    if claimed.unit != evidence.unit:
        return False
    if c == e:
        return True
    try:
        if claimed.precision < evidence.precision:
            quantum = Decimal(1).scaleb(-claimed.precision)
            return e.quantize(quantum, ROUND_HALF_UP, _CONTEXT) == c
        if claimed.precision > evidence.precision:
            quantum = Decimal(1).scaleb(-evidence.precision)
            if c.quantize(quantum, ROUND_HALF_UP, _CONTEXT) == e:
                return None  # the claim is more precise than the evidence: cannot tell
    except InvalidOperation:
        return False
    return False


def _dates_agree(claimed: ValueType, evidence: ValueType) -> bool | None:
    if isinstance(claimed, date):
        if isinstance(evidence, date):
            return claimed == evidence
        if isinstance(evidence, tuple) and len(evidence) == 2:
            if (claimed.year, claimed.month) == evidence:
                return None
            return False
        if isinstance(evidence, tuple) and len(evidence) == 3:
            return False if (claimed.month, claimed.day) != evidence[1:] else None
        return False
    if isinstance(claimed, tuple) and len(claimed) == 2:
        if isinstance(evidence, date):
            return (evidence.year, evidence.month) == claimed
        if isinstance(evidence, tuple) and len(evidence) == 2:
            return evidence == claimed
        if isinstance(evidence, tuple) and len(evidence) == 3:
            return False if evidence[1] != claimed[1] else None
        return False
    if isinstance(claimed, tuple) and len(claimed) == 3:
        if isinstance(evidence, date):
            return (evidence.month, evidence.day) == claimed[1:]
        if isinstance(evidence, tuple) and len(evidence) == 3:
            return evidence == claimed
        if isinstance(evidence, tuple) and len(evidence) == 2:
            return False if evidence[1] != claimed[1] else None
    return False


def agree(claimed: Value, evidence: Value) -> bool | None:
    """True when ``evidence`` bears ``claimed`` out (equal, or the claim rounds it to its
    own precision: "8849 metres" and "8,848.86 metres"); False when they differ (a
    different unit of one dimension differs); None when the claim says more than the
    evidence and does not contradict it ("8,848.86" against "8849", a day against a month).
    Only meaningful for :func:`pairable` values."""
    kind = claimed.kind
    if kind == "year":
        year = _year_of(evidence.value) if evidence.kind == "date" else None
        if evidence.kind == "year":
            return claimed.value == evidence.value
        return None if year is None else claimed.value == Decimal(year)
    if kind == "month":
        month = evidence.value if evidence.kind == "month" else _month_of(evidence.value)
        return claimed.value == month
    if kind == "date":
        return _dates_agree(claimed.value, evidence.value)
    return _numbers_agree(claimed, evidence)


def same_figure(claimed: Value, evidence: Value) -> bool:
    """The same figure read as values of different kinds, which never pair as a
    mismatch: a claimed "2000" (a year) and an evidence "2,000" (a number) or the
    reverse, and a bare claimed number with the same number and a unit ("54" and
    "54-year-old")."""
    if not claimed.comparable or evidence.value is None:
        return False
    kinds = {claimed.kind, evidence.kind}
    if kinds == {"year", "number"} and evidence.unit is None and claimed.unit is None:
        return claimed.value == evidence.value
    if claimed.kind == "number" and claimed.unit is None:
        return evidence.kind in ("percent", "money", "measure") and evidence.value == claimed.value
    return False

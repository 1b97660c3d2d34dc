"""Currencies and units: the signs and codes read as money, the unit table (class,
dimension, kind, written forms) and the indexes and lookups built from it once, at import."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

__all__ = [
    "CURRENCY_CODES",
    "CURRENCY_SIGNS",
    "DOLLAR_PREFIXES",
    "FACTORS",
    "SIGN_CHARS",
    "UNITS",
    "UNIT_EXACT",
    "UNIT_FOLDED",
    "UNIT_WORDS",
    "WORD_CURRENCIES",
    "Factor",
    "Unit",
    "code_class",
    "unit_at",
    "unit_of",
]

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
SIGN_CHARS = frozenset(k for k in CURRENCY_SIGNS if len(k) == 1)
DOLLAR_PREFIXES = frozenset(k[:-1] for k in CURRENCY_SIGNS if len(k) > 1 and k.endswith("$"))
WORD_CURRENCIES = {"Rs": "cur:Rs", "Rs.": "cur:Rs"}


def code_class(code: str) -> str:
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
    # kitchen spoons: 5 ml and 15 ml in most recipes, but 4.93 ml, 14.8 ml and 20 ml in
    # others, so they convert to nothing, not even to each other
    ("tsp", "volume", "measure", "tsp|tsps|teaspoon|teaspoons|teaspoonful|teaspoonfuls"),
    (
        "tbsp",
        "volume",
        "measure",
        "tbsp|tbsps|Tbsp|tbs|tablespoon|tablespoons|tablespoonful|tablespoonfuls",
    ),
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


# Conversions, as data: unit class -> (base, offset, factor), so that a value in the base
# unit is (value + offset) * factor. Only exact, unambiguous definitions are listed: a unit
# that several standards define differently (ton, gallon, pint, barrel, kitchen spoons,
# hp, calorie, BTU, psi, light-year) converts to nothing and compares only with itself. Calendar spans
# (month, year, decade, century) have a base of their own: a month is no fixed number of
# days. Data sizes follow SI and IEC: KB, MB, GB, TB, PB are powers of 1000 and KiB, MiB,
# GiB, TiB powers of 1024 (so "4 GB" is not "4 GiB", though each rounds to the other at a
# whole-number precision); a byte is 8 bits. Currencies never convert.
_CONVERSION_ROWS: tuple[tuple[str, str, str, str], ...] = (
    # (unit class, base, offset, factor)
    ("nm", "m", "0", "1e-9"),
    ("um", "m", "0", "1e-6"),
    ("mm", "m", "0", "0.001"),
    ("cm", "m", "0", "0.01"),
    ("m", "m", "0", "1"),
    ("km", "m", "0", "1000"),
    ("in", "m", "0", "0.0254"),
    ("ft", "m", "0", "0.3048"),
    ("yd", "m", "0", "0.9144"),
    ("mi", "m", "0", "1609.344"),
    ("nmi", "m", "0", "1852"),
    ("mm2", "m2", "0", "1e-6"),
    ("cm2", "m2", "0", "1e-4"),
    ("m2", "m2", "0", "1"),
    ("km2", "m2", "0", "1e6"),
    ("ft2", "m2", "0", "0.09290304"),
    ("mi2", "m2", "0", "2589988.110336"),
    ("ha", "m2", "0", "1e4"),
    ("acre", "m2", "0", "4046.8564224"),
    ("ug", "g", "0", "1e-6"),
    ("mg", "g", "0", "0.001"),
    ("g", "g", "0", "1"),
    ("kg", "g", "0", "1000"),
    ("t", "g", "0", "1e6"),
    ("lb", "g", "0", "453.59237"),
    ("oz", "g", "0", "28.349523125"),
    ("ml", "ml", "0", "1"),
    ("cl", "ml", "0", "10"),
    ("l", "ml", "0", "1000"),
    ("cm3", "ml", "0", "1"),
    ("m3", "ml", "0", "1e6"),
    ("ns", "s", "0", "1e-9"),
    ("us", "s", "0", "1e-6"),
    ("ms", "s", "0", "0.001"),
    ("s", "s", "0", "1"),
    ("min", "s", "0", "60"),
    ("h", "s", "0", "3600"),
    ("day", "s", "0", "86400"),
    ("week", "s", "0", "604800"),
    ("month", "month", "0", "1"),
    ("year", "month", "0", "12"),
    ("decade", "month", "0", "120"),
    ("century", "month", "0", "1200"),
    ("deg:C", "K", "273.15", "1"),
    ("K", "K", "0", "1"),
    ("deg:F", "K", "459.67", "5/9"),
    ("m/s", "m/s", "0", "1"),
    ("km/h", "m/s", "0", "5/18"),
    ("mph", "m/s", "0", "0.44704"),
    ("kn", "m/s", "0", "1852/3600"),
    ("bit", "bit", "0", "1"),
    ("kbit", "bit", "0", "1e3"),
    ("mbit", "bit", "0", "1e6"),
    ("gbit", "bit", "0", "1e9"),
    ("tbit", "bit", "0", "1e12"),
    ("byte", "bit", "0", "8"),
    ("kb", "bit", "0", "8e3"),
    ("mb", "bit", "0", "8e6"),
    ("gb", "bit", "0", "8e9"),
    ("tb", "bit", "0", "8e12"),
    ("pb", "bit", "0", "8e15"),
    ("kib", "bit", "0", "8192"),
    ("mib", "bit", "0", "8388608"),
    ("gib", "bit", "0", "8589934592"),
    ("tib", "bit", "0", "8796093022208"),
    ("kbps", "bit/s", "0", "1e3"),
    ("mbps", "bit/s", "0", "1e6"),
    ("gbps", "bit/s", "0", "1e9"),
    ("tbps", "bit/s", "0", "1e12"),
    ("mb/s", "bit/s", "0", "8e6"),
    ("gb/s", "bit/s", "0", "8e9"),
    ("j", "J", "0", "1"),
    ("kj", "J", "0", "1e3"),
    ("mj", "J", "0", "1e6"),
    ("gj", "J", "0", "1e9"),
    ("kcal", "J", "0", "4184"),
    ("wh", "J", "0", "3600"),
    ("kwh", "J", "0", "3.6e6"),
    ("mwh", "J", "0", "3.6e9"),
    ("gwh", "J", "0", "3.6e12"),
    ("twh", "J", "0", "3.6e15"),
    ("milliwatt", "W", "0", "0.001"),
    ("w", "W", "0", "1"),
    ("kw", "W", "0", "1e3"),
    ("mw", "W", "0", "1e6"),
    ("gw", "W", "0", "1e9"),
    ("tw", "W", "0", "1e12"),
    ("hz", "Hz", "0", "1"),
    ("khz", "Hz", "0", "1e3"),
    ("mhz", "Hz", "0", "1e6"),
    ("ghz", "Hz", "0", "1e9"),
    ("v", "V", "0", "1"),
    ("kv", "V", "0", "1e3"),
    ("amp", "A", "0", "1"),
    ("milliamp", "A", "0", "0.001"),
    ("pa", "Pa", "0", "1"),
    ("hpa", "Pa", "0", "100"),
    ("kpa", "Pa", "0", "1e3"),
    ("mpa", "Pa", "0", "1e6"),
    ("atm", "Pa", "0", "101325"),
)


class Factor(NamedTuple):
    """How a unit converts: base = (value + offset) * ratio, the ratio kept as an exact
    fraction (numerator, denominator) so that 5/9 and 5/18 stay exact."""

    base: str
    offset: Decimal
    numerator: Decimal
    denominator: Decimal


def _factor(base: str, offset: str, ratio: str) -> Factor:
    top, _, bottom = ratio.partition("/")
    return Factor(base, Decimal(offset), Decimal(top), Decimal(bottom or "1"))


#: Unit class -> its :class:`Factor`, for the units that convert exactly.
FACTORS: dict[str, Factor] = {row[0]: _factor(*row[1:]) for row in _CONVERSION_ROWS}


class Unit(NamedTuple):
    unit: str
    dimension: str
    kind: str


def _insensitive(form: str) -> bool:
    return (
        len(form) >= 3 and form == form.lower() and form.replace(" ", "").replace("-", "").isalpha()
    )


UNIT_EXACT: dict[str, Unit] = {}
UNIT_FOLDED: dict[str, Unit] = {}
for _cls, _dim, _kind, _forms in _UNIT_ROWS:
    for _form in _forms.split("|"):
        (UNIT_FOLDED if _insensitive(_form) else UNIT_EXACT)[
            _form.casefold() if _insensitive(_form) else _form
        ] = Unit(_cls, _dim, _kind)

#: Unit words (lower case, three letters or more): "metres", "year", "percent" ...
UNIT_WORDS: frozenset[str] = frozenset(f for f in UNIT_FOLDED if " " not in f)

#: Unit class -> (dimension, kind), for every unit the reader knows.
UNITS: dict[str, tuple[str, str]] = {u.unit: (u.dimension, u.kind) for u in UNIT_EXACT.values()}
UNITS.update({u.unit: (u.dimension, u.kind) for u in UNIT_FOLDED.values()})


_LETTERS_START = re.compile(r"[^\W\d_]+")


def _unit_index() -> dict[str, list[tuple[str, bool]]]:
    """First word (case-folded) or first symbol of every unit form -> its forms, longest
    first, each with whether it is read case-insensitively."""
    index: dict[str, list[tuple[str, bool]]] = {}
    for table, folded in ((UNIT_EXACT, False), (UNIT_FOLDED, True)):
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


def unit_at(clean: str, pos: int) -> _UnitMatch | None:
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


def unit_of(form: str) -> Unit | None:
    found = UNIT_EXACT.get(form)
    if found is None:
        found = UNIT_FOLDED.get(" ".join(form.casefold().split()))
    return found

"""Figure and value agreement: the pinned decision table and the reader's own rows.

Each row of ``DECISIONS`` is one claim (citing ``[1]``), one evidence sentence, the outcome
a careful reader gives and the spans that show it:

- ``match``: the unit is grounded and no value reason is raised; the claim's value and its
  evidence partner (both read with their units) agree;
- ``mismatch``: ``value_mismatch``, the unit is contradicted, both spans as given;
- ``absent``: ``value_not_in_evidence`` on the claim's span, the unit is not grounded;
- ``not_compared``: the claim's value is read but never compared (a range, an
  approximation, a name, an ordinal ...): no value reason at all, and the unit is grounded
  on its words.

A change to any outcome or span is a change of behaviour and must be made on purpose.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from grounding_guard import Status, check
from grounding_guard.text.figures import (
    GENERIC,
    INDIA_ACCOUNTING,
    Preset,
    Value,
    agree,
    read_values,
    same_figure,
)

VALUE_CODES = {"value_mismatch", "value_not_in_evidence", "value_unconfirmed"}

ZWSP = "\u200b"
NBSP = "\u00a0"
THIN = "\u2009"

# (id, claim, evidence, outcome, claim span, evidence span)
DECISIONS: list[tuple[str, str, str, str, str, str]] = [
    # -- the seeds' own examples ----------------------------------------------------------
    (
        "seed-treaty-1918",
        "The Treaty of Versailles was signed in 1918 [1].",
        "The Treaty of Versailles was a peace treaty signed on 28 June 1919.",
        "mismatch",
        "1918",
        "1919",
    ),
    (
        "seed-treaty-1919",
        "The Treaty of Versailles was signed in 1919 [1].",
        "The Treaty of Versailles was a peace treaty signed on 28 June 1919.",
        "match",
        "1919",
        "28 June 1919",
    ),
    (
        "seed-everest-rounds",
        "Mount Everest is 8849 metres tall [1].",
        "Mount Everest is 8,848.86 metres tall.",
        "match",
        "8849 metres",
        "8,848.86 metres",
    ),
    (
        "seed-everest-wrong",
        "Mount Everest is 8848 metres tall [1].",
        "Mount Everest is 8,848.86 metres tall.",
        "mismatch",
        "8848 metres",
        "8,848.86 metres",
    ),
    (
        "seed-degrees-without-scale",
        "Water boils at 100 degrees at sea level [1].",
        "Water boils at 212 degrees Fahrenheit at sea level.",
        "absent",
        "100 degrees",
        "",
    ),
    (
        "seed-gbp-is-not-pound-sign",
        "The course fee is GBP 450 per student [1].",
        "The course fee is \u00a3450 per student.",
        "absent",
        "GBP 450",
        "",
    ),
    (
        "seed-gbp-pairs-gbp",
        "The course fee is GBP 450 per student [1].",
        "The course fee is GBP 500 per student.",
        "mismatch",
        "GBP 450",
        "GBP 500",
    ),
    (
        "seed-2019-five-dollars",
        "In 2019 $5 bought a cinema ticket in Ohio [1].",
        "In 2019 $5 bought a cinema ticket in Ohio.",
        "match",
        "$5",
        "$5",
    ),
    (
        "seed-2019-six-dollars",
        "In 2019 $6 bought a cinema ticket in Ohio [1].",
        "In 2019 $5 bought a cinema ticket in Ohio.",
        "mismatch",
        "$6",
        "$5",
    ),
    (
        "seed-2019-year-kept",
        "In 2018 $5 bought a cinema ticket in Ohio [1].",
        "In 2019 $5 bought a cinema ticket in Ohio.",
        "mismatch",
        "2018",
        "2019",
    ),
    (
        "seed-lakh-grounds-rupees",
        "The village school received a grant of \u20b95 lakh from the state [1].",
        "The village school received a grant of \u20b95,00,000 from the state.",
        "match",
        "\u20b95 lakh",
        "\u20b95,00,000",
    ),
    (
        "seed-invoice-rupees",
        "Invoice INV-2 was for \u20b99,999 [1].",
        "Invoice INV-2 for \u20b97,500.",
        "mismatch",
        "\u20b99,999",
        "\u20b97,500",
    ),
    (
        "seed-date-parts-never-numbers",
        "Invoice INV-1 covered 8 invoices [1].",
        "Invoice INV-1 dated 2026-08-04 for \u20b91,23,456 including GST.",
        "unconfirmed",
        "8",
        "",
    ),
    (
        "seed-metres-vs-feet",
        "The municipal pool is 50 metres long [1].",
        "The municipal pool is 50 feet long.",
        "mismatch",
        "50 metres",
        "50 feet",
    ),
    (
        "seed-revenue-4-vs-40",
        "Revenue grew 4 percent in 2023 [1].",
        "Revenue grew 40 percent in 2023, driven by strong demand in Europe.",
        "mismatch",
        "4 percent",
        "40 percent",
    ),
    # -- plain numbers, grouping, decimals and signs --------------------------------------
    (
        "group-commas-vs-none",
        "The plant produced 1234567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "match",
        "1234567",
        "1,234,567",
    ),
    (
        "group-nbsp",
        f"The plant produced 1{NBSP}234{NBSP}567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "match",
        f"1{NBSP}234{NBSP}567",
        "1,234,567",
    ),
    (
        "group-thin-space",
        f"The plant produced 1{THIN}234{THIN}567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "match",
        f"1{THIN}234{THIN}567",
        "1,234,567",
    ),
    (
        "group-space",
        "The plant produced 1 234 567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "match",
        "1 234 567",
        "1,234,567",
    ),
    (
        "group-indian",
        "The plant produced 1,23,456 bottles last year in Ohio [1].",
        "The plant produced 123,456 bottles last year in Ohio.",
        "match",
        "1,23,456",
        "123,456",
    ),
    (
        "group-indian-crore-size",
        "The plant produced 12,34,567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "match",
        "12,34,567",
        "1,234,567",
    ),
    (
        "group-swiss",
        "The plant produced 1'234'567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "match",
        "1'234'567",
        "1,234,567",
    ),
    (
        "group-transposed",
        "The plant produced 1,243,567 bottles last year in Ohio [1].",
        "The plant produced 1,234,567 bottles last year in Ohio.",
        "mismatch",
        "1,243,567",
        "1,234,567",
    ),
    (
        "decimal-half-is-not-five",
        "The dose was 0.5 mg per kilogram of body weight [1].",
        "The dose was 5 mg per kilogram of body weight.",
        "mismatch",
        "0.5 mg",
        "5 mg",
    ),
    (
        "decimal-trailing-zero",
        "The dose was 2.50 mg per kilogram of body weight [1].",
        "The dose was 2.5 mg per kilogram of body weight.",
        "match",
        "2.50 mg",
        "2.5 mg",
    ),
    (
        "decimal-rounds",
        "The ratio of the circle was measured at 3.14 in the lab [1].",
        "The ratio of the circle was measured at 3.14159 in the lab.",
        "match",
        "3.14",
        "3.14159",
    ),
    (
        "decimal-rounds-wrong",
        "The ratio of the circle was measured at 3.15 in the lab [1].",
        "The ratio of the circle was measured at 3.14159 in the lab.",
        "mismatch",
        "3.15",
        "3.14159",
    ),
    (
        "decimal-finer-than-evidence",
        "The ratio of the circle was measured at 3.1416 in the lab [1].",
        "The ratio of the circle was measured at 3.14 in the lab.",
        "absent",
        "3.1416",
        "",
    ),
    (
        "sign-minus-dropped",
        "The freezer held the samples at 20 \u00b0C overnight [1].",
        "The freezer held the samples at -20 \u00b0C overnight.",
        "mismatch",
        "20 \u00b0C",
        "-20 \u00b0C",
    ),
    (
        "sign-unicode-minus",
        "The freezer held the samples at \u221220 \u00b0C overnight [1].",
        "The freezer held the samples at -20 \u00b0C overnight.",
        "match",
        "\u221220 \u00b0C",
        "-20 \u00b0C",
    ),
    (
        "sign-negative-number",
        "The account balance closed the quarter at -350 dollars [1].",
        "The account balance closed the quarter at 350 dollars.",
        "mismatch",
        "-350 dollars",
        "350 dollars",
    ),
    (
        "number-plain-match",
        "The library lends 340 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "340",
        "340",
    ),
    (
        "number-plain-mismatch",
        "The library lends 430 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "mismatch",
        "430",
        "340",
    ),
    (
        "leading-decimal-point",
        "The coating adds .5 millimetres to each steel panel [1].",
        "The coating adds 0.5 millimetres to each steel panel.",
        "match",
        ".5 millimetres",
        "0.5 millimetres",
    ),
    # -- digit scripts and invisibles -------------------------------------------------------
    (
        "script-devanagari",
        "The library lends \u0969\u096a\u0966 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "\u0969\u096a\u0966",
        "340",
    ),
    (
        "script-devanagari-wrong",
        "The library lends \u096a\u0969\u0966 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "mismatch",
        "\u096a\u0969\u0966",
        "340",
    ),
    (
        "script-arabic-indic",
        "The library lends \u0663\u0664\u0660 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "\u0663\u0664\u0660",
        "340",
    ),
    (
        "script-persian",
        "The library lends \u06f3\u06f4\u06f0 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "\u06f3\u06f4\u06f0",
        "340",
    ),
    (
        "script-fullwidth",
        "The library lends \uff13\uff14\uff10 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "\uff13\uff14\uff10",
        "340",
    ),
    (
        "script-bengali",
        "The library lends \u09e9\u09ea\u09e6 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "\u09e9\u09ea\u09e6",
        "340",
    ),
    (
        "script-thai",
        "The library lends \u0e53\u0e54\u0e50 laptops to students every term [1].",
        "The library lends 340 laptops to students every term.",
        "match",
        "\u0e53\u0e54\u0e50",
        "340",
    ),
    (
        "script-evidence-side",
        "The library lends 340 laptops to students every term [1].",
        "The library lends \u0969\u096a\u0966 laptops to students every term.",
        "match",
        "340",
        "\u0969\u096a\u0966",
    ),
    (
        "zero-width-inside-number",
        f"Invoice INV-1 was for \u20b91,2{ZWSP}3,456 [1].",
        "Invoice INV-1 dated 2026-08-04 for \u20b91,23,456 including GST.",
        "match",
        f"\u20b91,2{ZWSP}3,456",
        "\u20b91,23,456",
    ),
    (
        "zero-width-hides-wrong-digits",
        f"Invoice INV-1 was for \u20b91,2{ZWSP}3,999 [1].",
        "Invoice INV-1 dated 2026-08-04 for \u20b91,23,456 including GST.",
        "mismatch",
        f"\u20b91,2{ZWSP}3,999",
        "\u20b91,23,456",
    ),
    # -- scale words ----------------------------------------------------------------------
    (
        "scale-M-rounds",
        "The streaming app reached 1.2M paying users in March [1].",
        "The streaming app reached 1,204,000 paying users in March.",
        "match",
        "1.2M",
        "1,204,000",
    ),
    (
        "scale-M-wrong",
        "The streaming app reached 1.3M paying users in March [1].",
        "The streaming app reached 1,204,000 paying users in March.",
        "mismatch",
        "1.3M",
        "1,204,000",
    ),
    (
        "scale-million-word",
        "The city planted 5 million trees along the river banks [1].",
        "The city planted 5,000,000 trees along the river banks.",
        "match",
        "5 million",
        "5,000,000",
    ),
    (
        "scale-million-both",
        "The city planted 1.5 million trees along the river banks [1].",
        "The city planted 1.6 million trees along the river banks.",
        "mismatch",
        "1.5 million",
        "1.6 million",
    ),
    (
        "scale-bn-money",
        "The merger was valued at $5bn by the two boards [1].",
        "The merger was valued at $5,000,000,000 by the two boards.",
        "match",
        "$5bn",
        "$5,000,000,000",
    ),
    (
        "scale-billion-decimal",
        "The merger was valued at $2.5 billion by the two boards [1].",
        "The merger was valued at $2,500,000,000 by the two boards.",
        "match",
        "$2.5 billion",
        "$2,500,000,000",
    ),
    (
        "scale-bn-wrong",
        "The merger was valued at $3 bn by the two boards [1].",
        "The merger was valued at $4 bn by the two boards.",
        "mismatch",
        "$3 bn",
        "$4 bn",
    ),
    (
        "scale-trillion",
        "The national debt passed 3 trillion dollars in the spring [1].",
        "The national debt passed 3,000,000,000,000 dollars in the spring.",
        "match",
        "3 trillion dollars",
        "3,000,000,000,000 dollars",
    ),
    (
        "scale-crore",
        "The ministry allotted \u20b92 crore to rural clinics this year [1].",
        "The ministry allotted \u20b92,00,00,000 to rural clinics this year.",
        "match",
        "\u20b92 crore",
        "\u20b92,00,00,000",
    ),
    (
        "scale-lakh-plain",
        "The census counted 5 lakh households in the district [1].",
        "The census counted 500,000 households in the district.",
        "match",
        "5 lakh",
        "500,000",
    ),
    (
        "scale-lac",
        "The census counted 3 lac households in the district [1].",
        "The census counted 5 lakh households in the district.",
        "mismatch",
        "3 lac",
        "5 lakh",
    ),
    (
        "scale-k",
        "The fundraiser collected 5k signatures across the county [1].",
        "The fundraiser collected 5,000 signatures across the county.",
        "match",
        "5k",
        "5,000",
    ),
    (
        "scale-thousand",
        "The fundraiser collected 5 thousand signatures across the county [1].",
        "The fundraiser collected 5,000 signatures across the county.",
        "match",
        "5 thousand",
        "5,000",
    ),
    (
        "scale-mn",
        "The fund raised EUR 3 mn from pension investors [1].",
        "The fund raised EUR 3,000,000 from pension investors.",
        "match",
        "EUR 3 mn",
        "EUR 3,000,000",
    ),
    (
        "scale-money-m",
        "The startup raised \u20ac3m in its seed round from angels [1].",
        "The startup raised \u20ac3,000,000 in its seed round from angels.",
        "match",
        "\u20ac3m",
        "\u20ac3,000,000",
    ),
    (
        "scale-dozen-digits",
        "The bakery sells 2 dozen croissants before nine each morning [1].",
        "The bakery sells 24 croissants before nine each morning.",
        "match",
        "2 dozen",
        "24",
    ),
    # -- number words ---------------------------------------------------------------------
    (
        "words-forty-five",
        "The ferry crossing takes forty-five minutes in calm weather [1].",
        "The ferry crossing takes 45 minutes in calm weather.",
        "match",
        "forty-five minutes",
        "45 minutes",
    ),
    (
        "words-forty-five-wrong",
        "The ferry crossing takes forty-five minutes in calm weather [1].",
        "The ferry crossing takes 54 minutes in calm weather.",
        "mismatch",
        "forty-five minutes",
        "54 minutes",
    ),
    (
        "words-two-hundred",
        "The choir has two hundred members across the region [1].",
        "The choir has 200 members across the region.",
        "match",
        "two hundred",
        "200",
    ),
    (
        "words-hundred-and-fifty",
        "The regional youth choir has three hundred and fifty singing members [1].",
        "The regional youth choir has 350 singing members.",
        "match",
        "three hundred and fifty",
        "350",
    ),
    (
        "words-a-dozen",
        "The bakery sells a dozen croissants before nine each morning [1].",
        "The bakery sells 12 croissants before nine each morning.",
        "match",
        "a dozen",
        "12",
    ),
    (
        "words-twelve-vs-13",
        "The orchestra toured twelve cities across Europe last spring [1].",
        "The orchestra toured 13 cities across Europe last spring.",
        "mismatch",
        "twelve",
        "13",
    ),
    (
        "words-five-years",
        "The limited warranty on the boiler lasts five years from purchase [1].",
        "The limited warranty on the boiler lasts 5 years from purchase.",
        "match",
        "five years",
        "5 years",
    ),
    (
        "words-two-years",
        "The limited warranty on the boiler lasts two years from purchase [1].",
        "The limited warranty on the boiler lasts 5 years from purchase.",
        "mismatch",
        "two years",
        "5 years",
    ),
    (
        "words-one-year",
        "The limited warranty on the boiler lasts one year from purchase [1].",
        "The limited warranty on the boiler lasts 1 year from purchase.",
        "match",
        "one year",
        "1 year",
    ),
    (
        "words-ten-percent",
        "The co-op gives members ten percent off every order [1].",
        "The co-op gives members 10% off every order.",
        "match",
        "ten percent",
        "10%",
    ),
    (
        "words-five-million",
        "The city planted five million trees along the river banks [1].",
        "The city planted 5 million trees along the river banks.",
        "match",
        "five million",
        "5 million",
    ),
    # -- percentages ------------------------------------------------------------------------
    (
        "pct-word-vs-sign",
        "Revenue grew 40 percent in 2023, driven by demand in Europe [1].",
        "Revenue grew 40% in 2023, driven by demand in Europe.",
        "match",
        "40 percent",
        "40%",
    ),
    (
        "pct-spaced-sign",
        "Turnout in the city election reached 61% this year [1].",
        "Turnout in the city election reached 64 % this year.",
        "mismatch",
        "61%",
        "64 %",
    ),
    (
        "pct-per-cent",
        "Turnout in the city election reached 64 per cent this year [1].",
        "Turnout in the city election reached 64 % this year.",
        "match",
        "64 per cent",
        "64 %",
    ),
    (
        "pct-pct",
        "Turnout in the city election reached 64 pct this year [1].",
        "Turnout in the city election reached 64% this year.",
        "match",
        "64 pct",
        "64%",
    ),
    (
        "pct-rounds",
        "The vaccine showed 95% efficacy in the trial [1].",
        "The vaccine showed 94.6% efficacy in the trial.",
        "match",
        "95%",
        "94.6%",
    ),
    (
        "pct-decimal-wrong",
        "The vaccine showed 94.1% efficacy in the trial [1].",
        "The vaccine showed 94.6% efficacy in the trial.",
        "mismatch",
        "94.1%",
        "94.6%",
    ),
    (
        "pct-vs-points",
        "The party's share rose by 4% in the poll [1].",
        "The party's share rose by 4 percentage points in the poll.",
        "mismatch",
        "4%",
        "4 percentage points",
    ),
    (
        "pct-basis-points",
        "The central bank raised rates by 50 basis points in June [1].",
        "The central bank raised rates by 50 bps in June.",
        "match",
        "50 basis points",
        "50 bps",
    ),
    (
        "pct-negative",
        "Quarterly output in the region changed by \u22123% from spring [1].",
        "Quarterly output in the region changed by 3% from spring.",
        "mismatch",
        "\u22123%",
        "3%",
    ),
    # -- money ----------------------------------------------------------------------------
    (
        "money-dollar-vs-usd-code",
        "The annual membership costs $500 for each family [1].",
        "The annual membership costs USD 500 for each family.",
        "match",
        "$500",
        "USD 500",
    ),
    (
        "money-us-dollar",
        "The annual membership costs $500 for each family [1].",
        "The annual membership costs US$500 for each family.",
        "match",
        "$500",
        "US$500",
    ),
    (
        "money-code-after",
        "The annual membership costs \u20ac450 for each family [1].",
        "The annual membership costs 450 EUR for each family.",
        "match",
        "\u20ac450",
        "450 EUR",
    ),
    (
        "money-euro-spaced",
        "The annual membership costs \u20ac 450 for each family [1].",
        "The annual membership costs \u20ac450 for each family.",
        "match",
        "\u20ac 450",
        "\u20ac450",
    ),
    (
        "money-euro-after",
        "The annual membership costs 450 \u20ac for each family [1].",
        "The annual membership costs \u20ac450 for each family.",
        "match",
        "450 \u20ac",
        "\u20ac450",
    ),
    (
        "money-wrong-amount",
        "The annual membership costs $400 for each family [1].",
        "The annual membership costs $500 for each family.",
        "mismatch",
        "$400",
        "$500",
    ),
    (
        "money-aud-vs-usd",
        "The annual membership costs A$450 for each family [1].",
        "The annual membership costs $450 for each family.",
        "absent",
        "A$450",
        "",
    ),
    (
        "money-aud-pairs-aud",
        "The annual membership costs A$450 for each family [1].",
        "The annual membership costs A$500 for each family.",
        "mismatch",
        "A$450",
        "A$500",
    ),
    (
        "money-euro-vs-dollar",
        "The annual membership costs \u20ac500 for each family [1].",
        "The annual membership costs $500 for each family.",
        "absent",
        "\u20ac500",
        "",
    ),
    (
        "money-pound-sign-pairs",
        "The annual membership costs \u00a3450 for each family [1].",
        "The annual membership costs \u00a3500 for each family.",
        "mismatch",
        "\u00a3450",
        "\u00a3500",
    ),
    (
        "money-yen-sign-vs-code",
        "The annual membership costs \u00a5500 for each family [1].",
        "The annual membership costs JPY 500 for each family.",
        "absent",
        "\u00a5500",
        "",
    ),
    (
        "money-rupee-sign-vs-inr",
        "The annual membership costs \u20b9500 for each family [1].",
        "The annual membership costs INR 500 for each family.",
        "match",
        "\u20b9500",
        "INR 500",
    ),
    (
        "money-dollars-word",
        "The annual membership costs 500 dollars for each family [1].",
        "The annual membership costs $500 for each family.",
        "match",
        "500 dollars",
        "$500",
    ),
    (
        "money-scaled-wrong",
        "The bridge repairs will cost $1.2bn over ten years [1].",
        "The bridge repairs will cost $1.25bn over ten years.",
        "mismatch",
        "$1.2bn",
        "$1.25bn",
    ),
    (
        "money-code-before-year-digits",
        "Prices at the market rose to USD 2000 per tonne [1].",
        "Prices at the market rose to USD 2000 per tonne.",
        "match",
        "USD 2000",
        "USD 2000",
    ),
    (
        "money-sign-before-year-digits",
        "Prices at the market rose to \u20ac 2000 per tonne [1].",
        "Prices at the market rose to \u20ac 3000 per tonne.",
        "mismatch",
        "\u20ac 2000",
        "\u20ac 3000",
    ),
    (
        "money-cents",
        "A stamp for a postcard now costs 95 cents at the post office [1].",
        "A stamp for a postcard now costs 95\u00a2 at the post office.",
        "match",
        "95 cents",
        "95\u00a2",
    ),
    (
        "money-rupee-cr-generic",
        "The ledger of the branch shows \u20b95,000 Cr this month [1].",
        "The ledger of the branch shows \u20b95,000 this month.",
        "mismatch",
        "\u20b95,000 Cr",
        "\u20b95,000",
    ),
    # -- measures ---------------------------------------------------------------------------
    (
        "measure-km",
        "The new cycle path along the canal is 12 km long [1].",
        "The new cycle path along the canal is 12 kilometres long.",
        "match",
        "12 km",
        "12 kilometres",
    ),
    (
        "measure-km-wrong",
        "The new cycle path along the canal is 21 km long [1].",
        "The new cycle path along the canal is 12 km long.",
        "mismatch",
        "21 km",
        "12 km",
    ),
    (
        "measure-celsius-sign",
        "Water boils at 100\u00b0C at sea level [1].",
        "Water boils at 100 \u00b0C at sea level.",
        "match",
        "100\u00b0C",
        "100 \u00b0C",
    ),
    (
        "measure-celsius-char",
        "The kiln fires the glaze at 90\u2103 for an hour [1].",
        "The kiln fires the glaze at 100\u00b0C for an hour.",
        "mismatch",
        "90\u2103",
        "100\u00b0C",
    ),
    (
        "measure-fahrenheit-words",
        "Water boils at 212\u00b0F at sea level [1].",
        "Water boils at 212 degrees Fahrenheit at sea level.",
        "match",
        "212\u00b0F",
        "212 degrees Fahrenheit",
    ),
    (
        "measure-celsius-vs-fahrenheit",
        "Water boils at 212\u00b0C at sea level [1].",
        "Water boils at 212\u00b0F at sea level.",
        "mismatch",
        "212\u00b0C",
        "212\u00b0F",
    ),
    (
        "measure-kg-vs-lb",
        "The carry-on bag may weigh 7 kg on the regional flights [1].",
        "The carry-on bag may weigh 7 lb on the regional flights.",
        "mismatch",
        "7 kg",
        "7 lb",
    ),
    (
        "measure-kg",
        "The carry-on bag may weigh 7 kilograms on the regional flights [1].",
        "The carry-on bag may weigh 7 kg on the regional flights.",
        "match",
        "7 kilograms",
        "7 kg",
    ),
    (
        "measure-speed",
        "Trucks on the mountain road are limited to 60 km/h in winter [1].",
        "Trucks on the mountain road are limited to 60 km/h in winter.",
        "match",
        "60 km/h",
        "60 km/h",
    ),
    (
        "measure-speed-unit",
        "Trucks on the mountain road are limited to 60 mph in winter [1].",
        "Trucks on the mountain road are limited to 60 km/h in winter.",
        "mismatch",
        "60 mph",
        "60 km/h",
    ),
    (
        "measure-data",
        "The basic plan includes 5 gigabytes of cloud storage per user [1].",
        "The basic plan includes 5 GB of cloud storage per user.",
        "match",
        "5 gigabytes",
        "5 GB",
    ),
    (
        "measure-data-unit",
        "The basic plan includes 5 GB of cloud storage per user [1].",
        "The basic plan includes 5 MB of cloud storage per user.",
        "mismatch",
        "5 GB",
        "5 MB",
    ),
    (
        "measure-energy",
        "The household used 320 kWh of electricity in January [1].",
        "The household used 320 kWh of electricity in January.",
        "match",
        "320 kWh",
        "320 kWh",
    ),
    (
        "measure-power",
        "The offshore wind farm delivers 3 GW at full output [1].",
        "The offshore wind farm delivers 3 MW at full output.",
        "mismatch",
        "3 GW",
        "3 MW",
    ),
    (
        "measure-compound-year",
        "The dishwasher comes with a 5-year parts warranty from the maker [1].",
        "The dishwasher comes with a 5 year parts warranty from the maker.",
        "match",
        "5-year",
        "5 year",
    ),
    (
        "measure-days",
        "The shop offers a 30 day return window on shoes [1].",
        "The shop offers a 90 day return window on shoes.",
        "mismatch",
        "30 day",
        "90 day",
    ),
    (
        "measure-weeks-vs-days",
        "The visa application takes 2 weeks to process at the embassy [1].",
        "The visa application takes 14 days to process at the embassy.",
        "match",
        "2 weeks",
        "14 days",
    ),
    (
        "measure-area",
        "The apartment on the third floor has 850 sq ft of space [1].",
        "The apartment on the third floor has 850 square feet of space.",
        "match",
        "850 sq ft",
        "850 square feet",
    ),
    (
        "measure-volume",
        "Each bottle of the local cider holds 500 ml of juice [1].",
        "Each bottle of the local cider holds 500 millilitres of juice.",
        "match",
        "500 ml",
        "500 millilitres",
    ),
    (
        "measure-hectares",
        "The vineyard covers 40 hectares on the southern slope [1].",
        "The vineyard covers 40 ha on the southern slope.",
        "match",
        "40 hectares",
        "40 ha",
    ),
    (
        "measure-time-of-day",
        "The night ferry leaves the harbour at 10:30 pm daily [1].",
        "The night ferry leaves the harbour at 22:30 daily.",
        "match",
        "10:30 pm",
        "22:30",
    ),
    (
        "measure-time-of-day-wrong",
        "The night ferry leaves the harbour at 9 pm daily [1].",
        "The night ferry leaves the harbour at 22:30 daily.",
        "mismatch",
        "9 pm",
        "22:30",
    ),
    (
        "measure-multiple",
        "The new chip renders scenes 3x faster than the old one [1].",
        "The new chip renders scenes 3 times faster than the old one.",
        "match",
        "3x",
        "3 times",
    ),
    # -- years, dates, months -----------------------------------------------------------------
    (
        "year-match",
        "The company opened its first store in Leeds in 2019 [1].",
        "The company opened its first store in Leeds in 2019.",
        "match",
        "2019",
        "2019",
    ),
    (
        "year-mismatch",
        "The company opened its first store in Leeds in 2018 [1].",
        "The company opened its first store in Leeds in 2019.",
        "mismatch",
        "2018",
        "2019",
    ),
    (
        "date-day-month-vs-month-day",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors [1].",
        "The treaty was signed on June 28, 1919 in the Hall of Mirrors.",
        "match",
        "28 June 1919",
        "June 28, 1919",
    ),
    (
        "date-day-wrong",
        "The treaty was signed on 29 June 1919 in the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors.",
        "mismatch",
        "29 June 1919",
        "28 June 1919",
    ),
    (
        "date-ordinal-day",
        "The treaty was signed on the 28th of June 1919 in the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors.",
        "match",
        "28th of June 1919",
        "28 June 1919",
    ),
    (
        "date-iso-vs-text",
        "The invoice batch was issued on 2026-08-04 to the client [1].",
        "The invoice batch was issued on 4 August 2026 to the client.",
        "match",
        "2026-08-04",
        "4 August 2026",
    ),
    (
        "date-iso-wrong",
        "The invoice batch was issued on 2026-08-05 to the client [1].",
        "The invoice batch was issued on 2026-08-04 to the client.",
        "mismatch",
        "2026-08-05",
        "2026-08-04",
    ),
    (
        "date-ambiguous-not-compared",
        "The invoice batch was issued on 04/08/2026 to the client [1].",
        "The invoice batch was issued on 2026-08-04 to the client.",
        "not_compared",
        "04/08/2026",
        "",
    ),
    (
        "date-unambiguous-slashes",
        "The invoice batch was issued on 25/12/2026 to the client [1].",
        "The invoice batch was issued on 25 December 2026 to the client.",
        "match",
        "25/12/2026",
        "25 December 2026",
    ),
    (
        "date-unambiguous-month-first",
        "The invoice batch was issued on 12/25/2026 to the client [1].",
        "The invoice batch was issued on 2026-12-25 to the client.",
        "match",
        "12/25/2026",
        "2026-12-25",
    ),
    (
        "date-dotted",
        "The treaty was signed on 28.06.1919 in the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors.",
        "match",
        "28.06.1919",
        "28 June 1919",
    ),
    (
        "date-month-year-vs-day",
        "The treaty was signed in June 1919 in the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors.",
        "match",
        "June 1919",
        "28 June 1919",
    ),
    (
        "date-month-year-wrong",
        "The treaty was signed in July 1919 in the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors.",
        "mismatch",
        "July 1919",
        "28 June 1919",
    ),
    (
        "date-day-without-year",
        "The treaty was signed on June 28 in the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 in the Hall of Mirrors.",
        "match",
        "June 28",
        "28 June 1919",
    ),
    (
        "month-vs-date",
        "The treaty was signed in June at the Hall of Mirrors [1].",
        "The treaty was signed on 28 June 1919 at the Hall of Mirrors.",
        "match",
        "June",
        "28 June 1919",
    ),
    (
        "month-vs-month",
        "The harvest festival in the valley is held every September [1].",
        "The harvest festival in the valley is held every October.",
        "mismatch",
        "September",
        "October",
    ),
    (
        "year-vs-grouped-number",
        "The company employs 2000 people at its Ohio plant [1].",
        "The company employs 2,000 people at its Ohio plant.",
        "match",
        "2000",
        "2,000",
    ),
    (
        "year-after-euro-coins",
        "In 2002 \u20ac coins replaced the franc across France [1].",
        "In 2002 \u20ac coins replaced the franc across France.",
        "match",
        "2002",
        "2002",
    ),
    (
        "year-range-in-one-token",
        "The 2019-20 season drew record crowds to the stadium [1].",
        "The 2019-20 season drew record crowds to the stadium.",
        "not_compared",
        "2019",
        "",
    ),
    # -- never compared -----------------------------------------------------------------------
    (
        "range-between",
        "Between 400 and 500 people attended the opening night of the city museum [1].",
        "About 450 people attended the opening night of the city museum.",
        "not_compared",
        "400",
        "",
    ),
    (
        "range-dash",
        "The museum expects 400\u2013500 visitors at the opening weekend [1].",
        "The museum expects 450 visitors at the opening weekend.",
        "not_compared",
        "500",
        "",
    ),
    (
        "range-money",
        "Tickets for the concert at the arena cost $400\u2013$500 [1].",
        "Tickets for the concert at the arena cost $450.",
        "not_compared",
        "$400",
        "",
    ),
    (
        "range-from-to",
        "The clinic is open from 3 to 5 on weekday afternoons [1].",
        "The clinic is open from 2 to 6 on weekday afternoons.",
        "mismatch",
        "3 to 5",
        "2 to 6",
    ),
    (
        "range-currency-first-only",
        "Rents in the old town run between $400 and 500 per month [1].",
        "Rents in the old town run between $450 and 550 per month.",
        "not_compared",
        "$400",
        "",
    ),
    (
        "range-units",
        "The hiking trail climbs 400-500 metres above the valley floor [1].",
        "The hiking trail climbs 450 metres above the valley floor.",
        "not_compared",
        "500 metres",
        "",
    ),
    (
        "approx-around-year",
        "The Treaty of Versailles was signed around 1918 [1].",
        "The Treaty of Versailles was a peace treaty signed on 28 June 1919.",
        "not_compared",
        "1918",
        "",
    ),
    (
        "approx-about",
        "About 300 people attended the opening of the museum [1].",
        "Some 450 people attended the opening of the museum.",
        "mismatch",
        "300",
        "450",
    ),
    (
        "approx-roughly-pct",
        "Roughly 40% of the harvest was exported to Asia last year [1].",
        "Exactly 37% of the harvest was exported to Asia last year.",
        "not_compared",
        "40%",
        "",
    ),
    (
        "approx-approximately-money",
        "The renovation of the town hall cost approximately $5m in total [1].",
        "The renovation of the town hall cost $4.2m in total.",
        "mismatch",
        "$5m",
        "$4.2m",
    ),
    (
        "approx-at-least",
        "The storm damaged at least 300 homes along the coast [1].",
        "The storm damaged 412 homes along the coast.",
        "not_compared",
        "300",
        "",
    ),
    (
        "approx-more-than-code",
        "The charity raised more than US$500 at the school fair [1].",
        "The charity raised US$612 at the school fair.",
        "not_compared",
        "US$500",
        "",
    ),
    (
        "approx-over",
        "The oak tree in the square is over 300 years old [1].",
        "The oak tree in the square is 340 years old.",
        "not_compared",
        "300 years",
        "",
    ),
    (
        "approx-up-to",
        "The free plan stores up to 10 GB of photos per account [1].",
        "The free plan stores 15 GB of photos per account.",
        "mismatch",
        "10 GB",
        "15 GB",
    ),
    (
        "approx-nearly",
        "The city marathon drew nearly 40 thousand runners from abroad this spring [1].",
        "The city marathon drew 38,500 runners from abroad this spring.",
        "not_compared",
        "40 thousand",
        "",
    ),
    (
        "approx-almost",
        "The museum ticket costs almost $20 for adults on weekends [1].",
        "The museum ticket costs $18 for adults on weekends.",
        "not_compared",
        "$20",
        "",
    ),
    (
        "approx-tilde",
        "The ridge walk from the car park is ~5 km each way [1].",
        "The ridge walk from the car park is 4.6 km each way.",
        "not_compared",
        "5 km",
        "",
    ),
    (
        "approx-plus-suffix",
        "The conference welcomed 500+ delegates from many countries [1].",
        "The conference welcomed 532 delegates from many countries.",
        "not_compared",
        "500",
        "",
    ),
    (
        "approx-some",
        "The fire destroyed some 200 hectares of pine forest [1].",
        "The fire destroyed 180 hectares of pine forest.",
        "not_compared",
        "200 hectares",
        "",
    ),
    (
        "approx-words",
        "The oak tree in the square is about three hundred years old [1].",
        "The oak tree in the square is 340 years old.",
        "not_compared",
        "three hundred years",
        "",
    ),
    (
        "approx-plural-scale",
        "Thousands of fans lined the streets for the parade in Leeds [1].",
        "Fans lined the streets for the parade in Leeds.",
        "not_compared",
        "Thousands",
        "",
    ),
    (
        "name-apollo",
        "Apollo 11 landed on the Moon in July 1969 [1].",
        "Apollo 11 landed on the Moon in July 1969.",
        "not_compared",
        "Apollo 11",
        "",
    ),
    (
        "name-iso",
        "The plant in Ohio is certified to ISO 9001 for quality [1].",
        "The plant in Ohio is certified to ISO 9001 for quality.",
        "not_compared",
        "ISO 9001",
        "",
    ),
    (
        "name-world-war",
        "The bridge was destroyed during World War II by bombing [1].",
        "The bridge was destroyed during World War II by bombing.",
        "not_compared",
        "World War II",
        "",
    ),
    (
        "name-windows",
        "The laptops in the school library run Windows 11 by default [1].",
        "The laptops in the school library run Windows 11 by default.",
        "not_compared",
        "Windows 11",
        "",
    ),
    (
        "name-iphone",
        "The museum audio guide works on the iPhone 15 and later [1].",
        "The museum audio guide works on the iPhone 15 and later.",
        "not_compared",
        "iPhone 15",
        "",
    ),
    (
        "name-version-v",
        "The security fix shipped in release v1.2.3 of the library [1].",
        "The security fix shipped in release v1.2.3 of the library.",
        "not_compared",
        "v1.2.3",
        "",
    ),
    (
        "name-version-bare",
        "The security fix shipped in release 3.11.2 of the library [1].",
        "The security fix shipped in release 3.11.2 of the library.",
        "not_compared",
        "3.11.2",
        "",
    ),
    (
        "name-identifier",
        "The audit flagged invoice INV-1 for the second time [1].",
        "The audit flagged invoice INV-1 for the second time.",
        "not_compared",
        "INV-1",
        "",
    ),
    (
        "ordinal-digits",
        "Joe Biden served as the 46th president of the United States [1].",
        "Joe Biden served as the 45th president of the United States.",
        "not_compared",
        "46th",
        "",
    ),
    (
        "ordinal-word",
        "The first ferry of the day leaves the harbour early [1].",
        "The first ferry of the day leaves the harbour early.",
        "not_compared",
        "first",
        "",
    ),
    (
        "decade-digits",
        "The band toured the clubs of Berlin in the 1990s [1].",
        "The band toured the clubs of Berlin in the 1980s.",
        "not_compared",
        "1990s",
        "",
    ),
    (
        "decade-apostrophe",
        "The band toured the clubs of Berlin in the '90s [1].",
        "The band toured the clubs of Berlin in the 1990s.",
        "not_compared",
        "'90s",
        "",
    ),
    (
        "ratio-not-compared",
        "The clinic hotline offers 24/7 support to all patients [1].",
        "The clinic hotline offers support to all patients around the clock.",
        "not_compared",
        "24/7",
        "",
    ),
    # -- absent: a figure the cited evidence does not hold -----------------------------------
    (
        "absent-billion",
        "Revenue grew 40 percent in 2023 to 7 billion [1].",
        "Revenue grew 40 percent in 2023, driven by strong demand in Europe.",
        "absent",
        "7 billion",
        "",
    ),
    (
        "absent-money",
        "The new library wing cost $4m and opened in the spring [1].",
        "The new library wing opened in the spring.",
        "absent",
        "$4m",
        "",
    ),
    (
        "absent-percent",
        "Turnout in the city election reached 64% this year [1].",
        "Turnout in the city election reached a record this year.",
        "absent",
        "64%",
        "",
    ),
    (
        "absent-year",
        "The new library wing opened in the spring of 2021 [1].",
        "The new library wing opened in the spring.",
        "unconfirmed",
        "2021",
        "",
    ),
    (
        "absent-date",
        "The new library wing opened on 3 May 2021 to readers [1].",
        "The new library wing opened in the spring to readers.",
        "unconfirmed",
        "3 May 2021",
        "",
    ),
    (
        "absent-month",
        "The new library wing opened in April to readers [1].",
        "The new library wing opened in the spring to readers.",
        "unconfirmed",
        "April",
        "",
    ),
    (
        "absent-words",
        "The new library wing holds twelve reading rooms for students [1].",
        "The new library wing holds reading rooms for students.",
        "unconfirmed",
        "twelve",
        "",
    ),
    (
        "absent-different-kind",
        "The fundraiser collected 40% of its target in a week [1].",
        "The fundraiser collected 40 pledges in a week.",
        "absent",
        "40%",
        "",
    ),
    (
        "absent-range-in-evidence",
        "The hiking trail climbs 450 metres above the valley floor [1].",
        "The hiking trail climbs 400-500 metres above the valley floor.",
        "absent",
        "450 metres",
        "",
    ),
    (
        "approximation-in-evidence-bears-it-out",
        "The storm damaged 300 homes along the coast [1].",
        "The storm damaged about 300 homes along the coast.",
        "match",
        "300",
        "300",
    ),
    (
        "absent-bound-in-evidence",
        "The storm damaged 300 homes along the coast [1].",
        "The storm damaged at least 300 homes along the coast.",
        "absent",
        "300",
        "",
    ),
    (
        "absent-name-number-in-evidence",
        "The plant in Ohio passed 9001 safety checks for quality [1].",
        "The plant in Ohio is certified to ISO 9001 for quality and safety checks.",
        "absent",
        "9001",
        "",
    ),
    (
        "absent-gate-other-topic",
        "The museum opened its doors to the public in 1990 [1].",
        "The museum's founder, a sculptor born in 1952, loved public doors.",
        "unconfirmed",
        "1990",
        "",
    ),
    # -- pairing: the candidate whose words match decides ---------------------------------
    (
        "pair-swapped-costs",
        "Costs were $5M and revenue was $7M in the quarter [1].",
        "Revenue was $5M and costs were $7M in the quarter.",
        "mismatch",
        "$5M",
        "$7M",
    ),
    (
        "pair-same-order",
        "Revenue was $5M and costs were $7M in the quarter [1].",
        "Revenue was $5M and costs were $7M in the quarter.",
        "match",
        "$7M",
        "$7M",
    ),
    (
        "pair-bridge-wide",
        "The bridge in Leeds is 20 metres wide [1].",
        "The bridge in Leeds is 50 metres long and 20 metres wide.",
        "match",
        "20 metres",
        "20 metres",
    ),
    (
        "pair-bridge-wrong-width",
        "The bridge in Leeds is 50 metres wide [1].",
        "The bridge in Leeds is 50 metres long and 20 metres wide.",
        "mismatch",
        "50 metres",
        "20 metres",
    ),
    (
        "pair-head-noun",
        "The company hired 300 designers in 2021 [1].",
        "In 2021 the company hired 300 engineers and 40 designers.",
        "mismatch",
        "300",
        "40",
    ),
    (
        "pair-head-noun-right",
        "The company hired 40 designers in 2021 [1].",
        "In 2021 the company hired 300 engineers and 40 designers.",
        "match",
        "40",
        "40",
    ),
    (
        "pair-reordered-clauses",
        "Profit rose to $2M while revenue reached $9M [1].",
        "Revenue reached $9M while profit rose to $2M.",
        "match",
        "$2M",
        "$2M",
    ),
    (
        "pair-years-swapped",
        "The treaty was signed in 1920 and ratified in 1919 [1].",
        "The treaty was signed in 1919 and ratified in 1920.",
        "mismatch",
        "1920",
        "1919",
    ),
    (
        "pair-borrowed-within-chunk",
        "Revenue was $7M last quarter [1].",
        "Revenue was $5M last quarter. Costs were $7M.",
        "mismatch",
        "$7M",
        "$5M",
    ),
    (
        "pair-pronoun-sentence",
        "The K2 weighs 9 grams [1].",
        "The Kestrel K2 battery lasts 14 hours. It weighs 5 grams.",
        "mismatch",
        "9 grams",
        "5 grams",
    ),
    (
        "pair-only-the-sentence-naming-it",
        "Apollo 17 landed on the Moon in 1969 [1].",
        "Apollo 11 landed on the Moon in 1969. Apollo 17 landed on the Moon in 1972.",
        "mismatch",
        "1969",
        "1972",
    ),
    # -- realistic answers: faithful paraphrases stay grounded, altered figures do not ----
    (
        "real-fiscal-year",
        "The company reported revenue of $2.3 billion for fiscal 2023, up 12% year over year [1].",
        "For fiscal year 2023, the company reported revenue of $2.3 billion, an increase of 12% "
        "compared with fiscal 2022.",
        "match",
        "2023",
        "2023",
    ),
    (
        "real-fiscal-year-swapped",
        "The company reported revenue of $2.3 billion for fiscal 2022, up 12% year over year [1].",
        "For fiscal year 2023, the company reported revenue of $2.3 billion, an increase of 12% "
        "compared with fiscal 2022.",
        "mismatch",
        "2022",
        "2023",
    ),
    (
        "real-conversion-in-brackets",
        "The Eiffel Tower is 1,083 feet tall [1].",
        "The Eiffel Tower is 330 m (1,083 ft) tall.",
        "match",
        "1,083 feet",
        "1,083 ft",
    ),
    (
        "real-conversion-in-brackets-wrong",
        "The Eiffel Tower is 1,038 feet tall [1].",
        "The Eiffel Tower is 330 m (1,083 ft) tall.",
        "mismatch",
        "1,038 feet",
        "1,083 ft",
    ),
    (
        "real-rounded-millions",
        "The population of Tokyo is 14 million people [1].",
        "Tokyo has a population of 13.96 million people.",
        "match",
        "14 million",
        "13.96 million",
    ),
    (
        "real-percent-range",
        "The Fed raised rates by 0.25 percentage points to 5.25%-5.5% [1].",
        "The Fed raised rates by 0.25 percentage points to a range of 5.25%-5.5%.",
        "not_compared",
        "5.5%",
        "",
    ),
    (
        "real-age-without-unit",
        "The CEO, 54, joined the firm in 2015 [1].",
        "The 54-year-old CEO joined the firm in 2015.",
        "match",
        "54",
        "54-year",
    ),
    (
        "real-evidence-says-around",
        "The museum attracts 9 million visitors a year [1].",
        "The museum attracts around 9 million visitors annually.",
        "match",
        "9 million",
        "9 million",
    ),
    (
        "real-evidence-says-around-other",
        "The museum attracts 8 million visitors a year [1].",
        "The museum attracts around 9 million visitors annually.",
        "absent",
        "8 million",
        "",
    ),
    (
        "real-counts-swapped",
        "The team won 5 of its 3 games in May [1].",
        "In May the team won 3 of its 5 games.",
        "mismatch",
        "5",
        "3",
    ),
    (
        "real-floors-and-height-swapped",
        "The building has 443 floors and is 102 metres tall [1].",
        "The building has 102 floors and a height of 443 m.",
        "mismatch",
        "102 metres",
        "443 m",
    ),
    (
        "real-version-prefix",
        "Python 3.12 was released in October 2023 [1].",
        "Python 3.12.0 was released on October 2, 2023.",
        "match",
        "October 2023",
        "October 2, 2023",
    ),
    (
        "pair-other-sentence-holds-it",
        "The school has 40 teachers on its staff [1].",
        "The school was founded in 1901. It has 40 teachers on its staff.",
        "match",
        "40",
        "40",
    ),
]

OUTCOMES = {"match", "mismatch", "absent", "unconfirmed", "not_compared"}


def _found(text: str, span_text: str, *, comparable: bool | None = None) -> Value:
    values = [v for v in read_values(text) if v.span.of(text) == span_text]
    if comparable is not None:
        values = [v for v in values if v.comparable is comparable]
    assert values, f"no value {span_text!r} read in {text!r}: {read_values(text)}"
    return values[0]


def test_the_table_is_large_and_well_formed() -> None:
    assert len(DECISIONS) >= 150
    assert len({row[0] for row in DECISIONS}) == len(DECISIONS)
    assert {row[3] for row in DECISIONS} == OUTCOMES
    for name, claim, evidence, outcome, claim_span, evidence_span in DECISIONS:
        assert "[1]" in claim, name
        assert claim_span and claim_span in claim, name
        assert evidence_span in evidence, name
        assert bool(evidence_span) == (outcome in ("match", "mismatch")), name


@pytest.mark.parametrize(
    ("claim", "evidence", "outcome", "claim_span", "evidence_span"),
    [row[1:] for row in DECISIONS],
    ids=[row[0] for row in DECISIONS],
)
def test_value_decision(
    claim: str, evidence: str, outcome: str, claim_span: str, evidence_span: str
) -> None:
    report = check(claim, {"1": evidence})
    assert len(report.units) == 1
    unit = report.units[0]
    reasons = [r for r in unit.reasons if r.code in VALUE_CODES]
    if outcome == "match":
        assert unit.status is Status.GROUNDED, unit.reasons
        assert not reasons
        mine = _found(claim, claim_span, comparable=True)
        theirs = _found(evidence, evidence_span)
        assert agree(mine, theirs) or same_figure(mine, theirs)
    elif outcome == "mismatch":
        assert unit.status is Status.CONTRADICTED, unit.reasons
        mismatch = [r for r in reasons if r.code == "value_mismatch"]
        pairs = [
            (
                r.span.of(claim) if r.span else None,
                r.evidence_span.of(evidence) if r.evidence_span else None,
            )
            for r in mismatch
        ]
        assert (claim_span, evidence_span) in pairs, unit.reasons
        reason = mismatch[pairs.index((claim_span, evidence_span))]
        assert reason.evidence_id == "1"
        assert " in the answer, " in reason.message and reason.message.endswith(
            ("in the evidence", "(different unit)", ")")
        )
    elif outcome == "absent":
        assert unit.status is not Status.GROUNDED
        absent = [r for r in reasons if r.code == "value_not_in_evidence"]
        assert [r.span.of(claim) for r in absent if r.span] == [claim_span], unit.reasons
        assert not [r for r in reasons if r.code == "value_mismatch"]
    elif outcome == "unconfirmed":  # reported, but only support decides the unit
        found = [r for r in reasons if r.code == "value_unconfirmed"]
        assert [r.span.of(claim) for r in found if r.span] == [claim_span], unit.reasons
        assert not [r for r in reasons if r.code != "value_unconfirmed"], unit.reasons
    else:
        assert not reasons, unit.reasons
        assert unit.status is Status.GROUNDED, unit.reasons
        _found(claim, claim_span, comparable=False)


# -- the reader on its own -------------------------------------------------------------------

D = Decimal
# (text, locale, preset, [(kind, value, unit, span text, comparable)])
READS: list[tuple[str, str | None, str, list[tuple[str, object, str | None, str, bool]]]] = [
    ("No figure at all here.", None, "generic", []),
    ("One of the founders left.", None, "generic", []),
    (
        "In 2019 $5 bought a ticket.",
        None,
        "generic",
        [("year", D(2019), None, "2019", True), ("money", D(5), "usd", "$5", True)],
    ),
    (
        "In 2019 \u20ac 5 bought a ticket.",
        None,
        "generic",
        [("year", D(2019), None, "2019", True), ("money", D(5), "eur", "\u20ac 5", True)],
    ),
    # a modifier between a count and its unit of time keeps the unit
    (
        "Up to 10 unused days carry over.",
        None,
        "generic",
        [("measure", D(10), "day", "10 unused days", False)],  # a bound: an interval
    ),
    (
        "It took 5 working days and 3 consecutive years.",
        None,
        "generic",
        [
            ("measure", D(5), "day", "5 working days", True),
            ("measure", D(3), "year", "3 consecutive years", True),
        ],
    ),
    ("It printed 10 full pages.", None, "generic", [("number", D(10), None, "10", True)]),
    # "half a" halves what follows: a unit, or a scale or number word
    (
        "Probation lasts half a year.",
        None,
        "generic",
        [("measure", D("0.5"), "year", "half a year", True)],
    ),
    (
        "The rally drew half a million people.",
        None,
        "generic",
        [("number", D(500000), None, "half a million", True)],
    ),
    ("Buy half a dozen eggs.", None, "generic", [("number", D(6), None, "half a dozen", True)]),
    ("Half of the time it rains.", None, "generic", []),
    ("In 2019 full year results came.", None, "generic", [("year", D(2019), None, "2019", True)]),
    (
        "In 2002 \u20ac coins replaced the franc.",
        None,
        "generic",
        [("year", D(2002), None, "2002", True)],
    ),
    (
        "Prices rose from \u20ac 2000 to \u20ac 3000.",
        None,
        "generic",
        [
            ("money", D(2000), "eur", "\u20ac 2000", True),
            ("money", D(3000), "eur", "\u20ac 3000", True),
        ],
    ),
    (
        "In 2019 USD 5 bought a ticket.",
        None,
        "generic",
        [("year", D(2019), None, "2019", True), ("money", D(5), "usd", "USD 5", True)],
    ),
    ("In 1999 EUR prices rose.", None, "generic", [("year", D(1999), None, "1999", True)]),
    # four year-like digits before a currency word are a price, unless a base year
    ("It costs 1042 euros.", None, "generic", [("money", D(1042), "eur", "1042 euros", True)]),
    (
        "In 2019 dollars, the cost was 5 million.",
        None,
        "generic",
        [("year", D(2019), None, "2019", True), ("number", D(5000000), None, "5 million", True)],
    ),
    (
        "Prices in constant 2010 euros fell.",
        None,
        "generic",
        [("year", D(2010), None, "2010", True)],
    ),
    (
        "Prices rose from USD 2000 to USD 3000.",
        None,
        "generic",
        [("money", D(2000), "usd", "USD 2000", True), ("money", D(3000), "usd", "USD 3000", True)],
    ),
    (
        "GBP 450, \u00a3500, A$450, 450 EUR, \u20ac 450, US$500",
        None,
        "generic",
        [
            ("money", D(450), "cur:GBP", "GBP 450", True),
            ("money", D(500), "cur:\u00a3", "\u00a3500", True),
            ("money", D(450), "cur:A$", "A$450", True),
            ("money", D(450), "eur", "450 EUR", True),
            ("money", D(450), "eur", "\u20ac 450", True),
            ("money", D(500), "usd", "US$500", True),
        ],
    ),
    ("Fees of 500 PLN apply.", None, "generic", [("number", D(500), None, "500", True)]),
    ("\u20b91,23,456", None, "generic", [("money", D(123456), "cur:INR", "\u20b91,23,456", True)]),
    (
        "\u20b95,000 Cr",
        None,
        "generic",
        [("money", D(5 * 10**10), "cur:INR", "\u20b95,000 Cr", True)],
    ),
    (
        "\u20b95,000 Cr",
        None,
        "india_accounting",
        [("money", D(5000), "cur:INR", "\u20b95,000", True)],
    ),
    (
        "\u20b95,000 Dr",
        None,
        "india_accounting",
        [("money", D(5000), "cur:INR", "\u20b95,000", True)],
    ),
    (
        "\u20b95 crore",
        None,
        "india_accounting",
        [("money", D(5 * 10**7), "cur:INR", "\u20b95 crore", True)],
    ),
    ("Rs. 500", None, "generic", [("money", D(500), "cur:Rs", "Rs. 500", True)]),
    ("Rs. 500", None, "india_accounting", [("money", D(500), "cur:INR", "Rs. 500", True)]),
    ("5 lakh", None, "generic", [("number", D(500000), None, "5 lakh", True)]),
    (
        "2 lacs and 3 crores",
        None,
        "generic",
        [
            ("number", D(200000), None, "2 lacs", True),
            ("number", D(30000000), None, "3 crores", True),
        ],
    ),
    ("1.2M users", None, "generic", [("number", D(1200000), None, "1.2M", True)]),
    (
        "5 m of rope and \u20ac5 m of debt",
        None,
        "generic",
        [
            ("measure", D(5), "m", "5 m", True),
            ("money", D(5000000), "eur", "\u20ac5 m", True),
        ],
    ),
    (
        "1.234.567,89 EUR",
        "de",
        "generic",
        [("money", D("1234567.89"), "eur", "1.234.567,89 EUR", True)],
    ),
    ("1.234.567,89 EUR", None, "generic", [("number", None, None, "1.234.567,89", False)]),
    ("3,5 kg", "de", "generic", [("measure", D("3.5"), "kg", "3,5 kg", True)]),
    ("1 234,5 m", "fr", "generic", [("measure", D("1234.5"), "m", "1 234,5 m", True)]),
    ("04/08/2026", "en-US", "generic", [("date", date(2026, 4, 8), None, "04/08/2026", True)]),
    ("04/08/2026", "en-GB", "generic", [("date", date(2026, 8, 4), None, "04/08/2026", True)]),
    ("04/08/2026", None, "generic", [("date", None, None, "04/08/2026", False)]),
    ("2026-08-04", None, "generic", [("date", date(2026, 8, 4), None, "2026-08-04", True)]),
    ("2026-08", None, "generic", [("date", (2026, 8), None, "2026-08", True)]),
    ("28 June 1919", None, "generic", [("date", date(1919, 6, 28), None, "28 June 1919", True)]),
    ("June 28, 1919", None, "generic", [("date", date(1919, 6, 28), None, "June 28, 1919", True)]),
    ("June 1919", None, "generic", [("date", (1919, 6), None, "June 1919", True)]),
    ("on June 28", None, "generic", [("date", (None, 6, 28), None, "June 28", True)]),
    ("in June", None, "generic", [("month", 6, None, "June", True)]),
    ("in May", None, "generic", [("month", 5, None, "May", True)]),
    ("You may go.", None, "generic", []),
    (
        "61% and 64 %",
        None,
        "generic",
        [
            ("percent", D(61), "pct", "61%", True),
            ("percent", D(64), "pct", "64 %", True),
        ],
    ),
    ("5 per cent", None, "generic", [("percent", D(5), "pct", "5 per cent", True)]),
    (
        "90\u2103 and 100\u00b0C",
        None,
        "generic",
        [
            ("measure", D(90), "deg:C", "90\u2103", True),
            ("measure", D(100), "deg:C", "100\u00b0C", True),
        ],
    ),
    (
        "212 degrees Fahrenheit",
        None,
        "generic",
        [("measure", D(212), "deg:F", "212 degrees Fahrenheit", True)],
    ),
    ("100 degrees", None, "generic", [("measure", D(100), "deg", "100 degrees", True)]),
    ("8849 metres", None, "generic", [("measure", D(8849), "m", "8849 metres", True)]),
    ("8,848.86 metres", None, "generic", [("measure", D("8848.86"), "m", "8,848.86 metres", True)]),
    (
        "\u221220 and -20 and 0.5",
        None,
        "generic",
        [
            ("number", D(-20), None, "\u221220", True),
            ("number", D(-20), None, "-20", True),
            ("number", D("0.5"), None, "0.5", True),
        ],
    ),
    ("Apollo 17", None, "generic", [("number", D(17), None, "Apollo 17", False)]),
    ("certified to ISO 9001", None, "generic", [("number", D(9001), None, "ISO 9001", False)]),
    ("after World War I ended", None, "generic", [("number", D(1), None, "World War I", False)]),
    ("on the iPhone 15", None, "generic", [("number", D(15), None, "iPhone 15", False)]),
    ("release v1.2.3", None, "generic", [("number", None, None, "v1.2.3", False)]),
    ("release 3.11.2", None, "generic", [("number", None, None, "3.11.2", False)]),
    ("invoice INV-1", None, "generic", [("number", D(1), None, "INV-1", False)]),
    ("Type 2 diabetes", None, "generic", [("number", D(2), None, "Type 2", False)]),
    ("Section 302 requires", None, "generic", [("number", D(302), None, "302", True)]),
    (
        "No. 5 and #3",
        None,
        "generic",
        [
            ("number", D(5), None, "No. 5", False),
            ("number", D(3), None, "#3", False),
        ],
    ),
    (
        "Q3 and FY2024 and COVID-19",
        None,
        "generic",
        [
            ("number", D(3), None, "Q3", False),
            ("number", D(2024), None, "FY2024", False),
            ("number", D(19), None, "COVID-19", False),
        ],
    ),
    (
        "between 400 and 500",
        None,
        "generic",
        [
            ("number", D(400), None, "400", False),
            ("number", D(500), None, "500", False),
        ],
    ),
    (
        "400\u2013500",
        None,
        "generic",
        [
            ("number", D(400), None, "400", False),
            ("number", D(500), None, "500", False),
        ],
    ),
    (
        "$400\u2013$500",
        None,
        "generic",
        [
            ("money", D(400), "usd", "$400", False),
            ("money", D(500), "usd", "$500", False),
        ],
    ),
    (
        "between USD 400 and 500",
        None,
        "generic",
        [
            ("money", D(400), "usd", "USD 400", False),
            ("number", D(500), None, "500", False),
        ],
    ),
    (
        "from 3 to 5",
        None,
        "generic",
        [
            ("number", D(3), None, "3", False),
            ("number", D(5), None, "5", False),
        ],
    ),
    (
        "rose from 3 to 5",
        None,
        "generic",
        [
            ("number", D(3), None, "3", True),
            ("number", D(5), None, "5", True),
        ],
    ),
    (
        "in 2023 to 7 billion",
        None,
        "generic",
        [
            ("year", D(2023), None, "2023", True),
            ("number", D(7 * 10**9), None, "7 billion", True),
        ],
    ),
    (
        "two or three days",
        None,
        "generic",
        [
            ("number", D(2), None, "two", False),
            ("measure", D(3), "day", "three days", False),
        ],
    ),
    ("around 1918", None, "generic", [("year", D(1918), None, "1918", False)]),
    ("at least USD 500", None, "generic", [("money", D(500), "usd", "USD 500", False)]),
    ("more than US$500", None, "generic", [("money", D(500), "usd", "US$500", False)]),
    ("up to A$500", None, "generic", [("money", D(500), "cur:A$", "A$500", False)]),
    (
        "~5 and \u2248 3 kg",
        None,
        "generic",
        [
            ("number", D(5), None, "5", False),
            ("measure", D(3), "kg", "3 kg", False),
        ],
    ),
    ("over 2023 revenue rose", None, "generic", [("year", D(2023), None, "2023", True)]),
    (
        "the 1990s and the '90s",
        None,
        "generic",
        [
            ("decade", D(1990), None, "1990s", False),
            ("decade", D(90), None, "'90s", False),
        ],
    ),
    (
        "the 46th and the first",
        None,
        "generic",
        [
            ("ordinal", D(46), None, "46th", False),
            ("ordinal", D(1), None, "first", False),
        ],
    ),
    (
        "two hundred, forty-five and a dozen",
        None,
        "generic",
        [
            ("number", D(200), None, "two hundred", True),
            ("number", D(45), None, "forty-five", True),
            ("number", D(12), None, "a dozen", True),
        ],
    ),
    ("one year", None, "generic", [("measure", D(1), "year", "one year", True)]),
    ("a two-way street", None, "generic", []),
    (
        "Sales hit \u096b\u0966\u0966 units",
        None,
        "generic",
        [("number", D(500), None, "\u096b\u0966\u0966", True)],
    ),
    (
        f"\u20b91,2{ZWSP}3,456",
        None,
        "generic",
        [("money", D(123456), "cur:INR", f"\u20b91,2{ZWSP}3,456", True)],
    ),
    ("\u2467 thousand", None, "generic", []),
    (
        "10:30 pm and 3 am",
        None,
        "generic",
        [
            ("measure", D(22 * 3600 + 1800), "clock", "10:30 pm", True),
            ("measure", D(3 * 3600), "clock", "3 am", True),
        ],
    ),
]


@pytest.mark.parametrize(
    ("text", "locale", "preset", "expected"),
    READS,
    ids=[f"{i}-{row[0][:24]}" for i, row in enumerate(READS)],
)
def test_read_values(
    text: str,
    locale: str | None,
    preset: str,
    expected: list[tuple[str, object, str | None, str, bool]],
) -> None:
    found = read_values(text, locale=locale, preset=preset)
    assert [(v.kind, v.value, v.unit, v.span.of(text), v.comparable) for v in found] == expected


def test_dates_are_one_value_so_their_parts_are_never_numbers() -> None:
    found = read_values("Invoice INV-1 dated 2026-08-04 for \u20b91,23,456 including GST.")
    assert [v.kind for v in found] == ["number", "date", "money"]
    assert not any(v.kind == "number" and v.value == 8 for v in found)
    assert found[1].year_span is not None


def test_precision_is_decimals_as_written_less_the_scale() -> None:
    precisions = {
        v.span.of(t): v.precision
        for t in ("8,848.86 m", "1.2M", "5 lakh", "40")
        for v in read_values(t)
    }
    assert precisions == {"8,848.86 m": 2, "1.2M": -5, "5 lakh": -5, "40": 0}


def test_custom_preset_scale_words_deny_list_and_aliases() -> None:
    mine = GENERIC.derive(
        "mine",
        scale_words={"grand": 1000},
        deny=["k"],
        currency_aliases={"cur:\u00a3": "cur:GBP"},
    )
    assert isinstance(mine, Preset)
    found = read_values("5 grand, 5k and \u00a3500", preset=mine)
    assert [(v.value, v.unit, v.span.of("5 grand, 5k and \u00a3500")) for v in found] == [
        (D(5000), None, "5 grand"),
        (D(5), None, "5"),
        (D(500), "cur:GBP", "\u00a3500"),
    ]
    assert hash(mine) == hash(
        GENERIC.derive(
            "mine",
            scale_words={"grand": 1000},
            deny=["k"],
            currency_aliases={"cur:\u00a3": "cur:GBP"},
        )
    )
    assert INDIA_ACCOUNTING.deny >= {"cr", "dr"}


def test_unknown_preset_is_a_config_error() -> None:
    from grounding_guard import ConfigError

    with pytest.raises(ConfigError):
        read_values("5", preset="nope")
    with pytest.raises(TypeError):
        read_values(5)  # type: ignore[arg-type]


# -- agreement beyond single rows --------------------------------------------------------------


def test_check_values_takes_a_preset() -> None:
    from grounding_guard.evidence.passage import Claim, Passage
    from grounding_guard.judges.figures import check_values
    from grounding_guard.judges.lexical import best_sentence
    from grounding_guard.text.analysis import analyse
    from grounding_guard.types import Evidence, Span

    text = "The ledger of the branch shows \u20b95,000 Cr this month."
    claim = Claim(text, Span(0, len(text)), analyse(text))
    passages = (
        Passage.read(Evidence("1", "The ledger of the branch shows \u20b95,000 this month.")),
    )
    best = best_sentence(claim, passages)
    generic = check_values(claim, passages, best, 0.6)
    assert [r.code for r in generic] == ["value_mismatch"]
    assert check_values(claim, passages, best, 0.6, preset="india_accounting") == []
    assert check_values(claim, passages, best, 0.6, preset=INDIA_ACCOUNTING) == []


def test_a_figure_borrowed_from_another_chunk_fails() -> None:
    evidence = {
        "1": "The north depot stores 4,200 pallets of grain.",
        "2": "The south depot stores 1,800 pallets of grain.",
    }
    answer = "The south depot stores 4,200 pallets of grain [2]."
    unit = check(answer, evidence).units[0]
    assert unit.status is Status.CONTRADICTED
    (reason,) = [r for r in unit.reasons if r.code == "value_mismatch"]
    assert reason.span is not None and reason.span.of(answer) == "4,200"
    assert reason.evidence_id == "2"
    assert reason.evidence_span is not None and reason.evidence_span.of(evidence["2"]) == "1,800"
    cited_both = check("The south depot stores 4,200 pallets of grain [1][2].", evidence).units[0]
    assert cited_both.status is not Status.GROUNDED


def test_evidence_sentences_that_disagree_are_reported() -> None:
    evidence = "Revenue was $5M in 2023. Another report put revenue at $7M in 2023."
    answer = "Revenue was $7M in 2023 [1]."
    unit = check(answer, {"1": evidence}).units[0]
    assert unit.status is Status.GROUNDED
    (note,) = [r for r in unit.reasons if r.code == "evidence_disagrees"]
    assert note.span is not None and note.span.of(answer) == "$7M"
    assert note.evidence_span is not None and note.evidence_span.of(evidence) in ("$5M", "$7M")
    assert "$5M" in note.message and "$7M" in note.message
    wrong = check("Revenue was $9M in 2023 [1].", {"1": evidence}).units[0]
    assert wrong.status is Status.CONTRADICTED
    assert {"value_mismatch", "evidence_disagrees"} <= set(wrong.codes)


def test_a_name_number_must_stand_in_the_evidence_and_never_pairs_across_names() -> None:
    answer = "Apollo 17 landed on the Moon in 1972 [1]."
    unit = check(answer, {"1": "Apollo 11 landed on the Moon in 1969."}).units[0]
    assert unit.status is Status.CONTRADICTED
    assert "value_mismatch" not in unit.codes  # the year never pairs across names
    # the same head with another number in the covering sentence: another mission
    (swap,) = [r for r in unit.reasons if r.code == "name_mismatch"]
    assert swap.span is not None and swap.span.of(answer) == "Apollo 17"
    assert (
        swap.evidence_span is not None
        and swap.evidence_span.of("Apollo 11 landed on the Moon in 1969.") == "Apollo 11"
    )
    assert swap.message == "'Apollo 17' in the answer, 'Apollo 11' in the evidence"
    alone = check("Apollo 17 landed on the Moon [1].", {"1": "The Moon was visited in 1969."})
    assert "name_not_in_evidence" in alone.units[0].codes  # no other Apollo: informational
    same = check(
        "Apollo 11 landed on the Moon in 1970 [1].", {"1": "Apollo 11 landed on the Moon in 1969."}
    )
    assert same.units[0].status is Status.CONTRADICTED


def test_unreadable_digit_fails_closed() -> None:
    unit = check(
        "The depot stores \u2467 pallets of grain [1].",
        {"1": "The depot stores 8 pallets of grain."},
    ).units[0]
    assert unit.status is not Status.GROUNDED
    assert "unreadable_digits" in unit.codes


def test_unit_difference_is_named_in_the_message() -> None:
    answer = "The municipal pool is 50 metres long [1]."
    unit = check(answer, {"1": "The municipal pool is 50 feet long."}).units[0]
    (reason,) = [r for r in unit.reasons if r.code == "value_mismatch"]
    assert (
        reason.message
        == "50 metres in the answer, 50 feet in the evidence (50 metres = 164.042 ft)"
    )
    treaty = check(
        "The Treaty of Versailles was signed in 1918 [1].",
        {"1": "The Treaty of Versailles was a peace treaty signed on 28 June 1919."},
    ).units[0]
    assert [r.message for r in treaty.reasons] == ["1918 in the answer, 1919 in the evidence"]


def test_a_value_that_is_not_compared_neither_fails_nor_supports() -> None:
    evidence = {"1": "The storm damaged homes along the coast of Maine."}
    approximate = check(
        "The storm damaged at least 300 homes along the coast of Maine [1].", evidence
    )
    assert approximate.units[0].status is Status.GROUNDED
    exact = check("The storm damaged 300 homes along the coast of Maine [1].", evidence)
    assert "value_not_in_evidence" in exact.units[0].codes
    words = {"1": "The storm damaged 300 homes along the coast of Maine."}
    unsupported = check("At least 300 pets were rescued by volunteers [1].", words)
    assert unsupported.units[0].status is not Status.GROUNDED


def test_evidence_disagrees_is_informational() -> None:
    from grounding_guard.verdict import INFORMATIONAL, REASON_CODES

    assert "evidence_disagrees" in INFORMATIONAL and "evidence_disagrees" in REASON_CODES


def test_guard_passes_locale_and_preset_to_the_value_check() -> None:
    import grounding_guard as gg

    evidence = {"1": "Der Umsatz betrug 1.234.567,89 Euro im Jahr 2023."}
    claim = "Der Umsatz betrug 1.234.567,89 Euro im Jahr 2023 [1]."
    assert gg.check(claim, evidence, locale="de").units[0].status.value == "grounded"
    ledger = {"1": "Opening balance \u20b95,000 Cr on the ledger."}
    # under india_accounting "Cr" is credit: the figure is five thousand, not crore
    report = gg.check("The opening balance was \u20b95,000 [1].", ledger, values="india_accounting")
    assert report.units[0].status.value == "grounded"
    with pytest.raises(gg.ConfigError):
        gg.Guard(values="american")
    with pytest.raises(TypeError):
        gg.Guard(locale=3)


@pytest.mark.parametrize(
    ("claim", "evidence", "codes"),
    [
        (
            "The earbuds last up to 14 hours per charge [1].",
            "The earbuds last up to 12 hours per charge.",
            ["value_mismatch"],
        ),
        (
            "The earbuds last up to 12 hours per charge [1].",
            "The earbuds last up to 12 hours per charge.",
            [],
        ),
        (
            "The fund holds at least 300 companies [1].",
            "The fund holds at least 200 companies.",
            ["value_mismatch"],
        ),
        (
            "The fund holds at least 300 companies [1].",
            "The fund holds up to 200 companies.",
            ["value_mismatch"],
        ),
    ],
    ids=["same-bound-differs", "same-bound-equal", "at-least-differs", "disjoint-bounds-differ"],
)
def test_bounds_with_the_same_phrase_compare(claim: str, evidence: str, codes: list[str]) -> None:
    import grounding_guard as gg

    found = [c for c in gg.check(claim, {"1": evidence}).units[0].codes if c == "value_mismatch"]
    assert found == codes

"""Figures a reader can trust: qualified figures as intervals, units converted within a
dimension, one evidence figure per claimed figure, and citation markers never read as
figures. Every pattern has a row that must be caught and a row that must stay grounded."""

from __future__ import annotations

from decimal import Decimal

import pytest

from grounding_guard import Status, check
from grounding_guard.text.figures import convert, read_values

# (id, claim, evidence, expected): "grounded", or the value code the unit must carry
ROWS: list[tuple[str, str, str, str]] = [
    # -- bounds of the same side: stated limits --------------------------------------------
    (
        "upper-bound-looser-limit",
        "Store the vaccine vials below 30 °C at the clinic [1].",
        "Store the vaccine vials below 25 °C at the clinic.",
        "value_mismatch",
    ),
    (
        "upper-bound-same-limit",
        "Store the vaccine vials below 25 °C at the clinic [1].",
        "Store the vaccine vials below 25 °C at the clinic.",
        "grounded",
    ),
    (
        "upper-bound-same-limit-other-scale",
        "Store the vaccine vials below 77 °F at the clinic [1].",
        "Store the vaccine vials below 25 °C at the clinic.",
        "grounded",
    ),
    (
        "up-to-differs",
        "Delivery takes up to 10 days for remote areas [1].",
        "Delivery takes up to 5 days for remote areas.",
        "value_mismatch",
    ),
    (
        "up-to-equal",
        "Delivery takes up to 5 days for remote areas [1].",
        "Delivery takes up to 5 days for remote areas.",
        "grounded",
    ),
    (
        "lower-bound-claims-more",
        "The festival drew at least 9,000 visitors on Saturday [1].",
        "The festival drew at least 6,000 visitors on Saturday.",
        "value_mismatch",
    ),
    (
        "lower-bound-beside-a-count-of-other-things",
        "More than 900 runners took part in the relay [1].",
        "More than 800 runners from 31 schools took part in the relay.",
        "value_mismatch",
    ),
    (
        "lower-bound-beside-a-count-of-other-things-implied",
        "More than 700 runners took part in the relay [1].",
        "More than 800 runners from 31 schools took part in the relay.",
        "grounded",
    ),
    (
        "lower-bound-claims-less",
        "The festival drew at least 5,000 visitors on Saturday [1].",
        "The festival drew at least 6,000 visitors on Saturday.",
        "grounded",
    ),
    # -- a bound or approximation against an exact figure: containment --------------------
    (
        "more-than-holds",
        "The company has more than 500 employees in Ohio [1].",
        "The company has 612 employees in Ohio.",
        "grounded",
    ),
    (
        "more-than-fails",
        "The battery lasts more than 20 hours on a charge [1].",
        "The battery lasts 12 hours on a charge.",
        "value_mismatch",
    ),
    (
        "under-holds",
        "The bridge span is under 400 metres from bank to bank [1].",
        "The bridge span is 380 metres from bank to bank.",
        "grounded",
    ),
    (
        "under-fails",
        "The bridge span is under 300 metres from bank to bank [1].",
        "The bridge span is 380 metres from bank to bank.",
        "value_mismatch",
    ),
    (
        "approximately-far-off",
        "The city has approximately 3 million residents today [1].",
        "The city has 8 million residents today.",
        "value_mismatch",
    ),
    (
        "approximately-rounds",
        "The city has approximately 3 million residents today [1].",
        "The city has 3.2 million residents today.",
        "grounded",
    ),
    (
        "about-percent-rounds",
        "Turnout was about 40% in the local election [1].",
        "Turnout was 41.2% in the local election.",
        "grounded",
    ),
    (
        "about-percent-far-off",
        "Turnout was about 40% in the local election [1].",
        "Turnout was 61.2% in the local election.",
        "value_mismatch",
    ),
    (
        "bound-with-conversion",
        "The parcel sent to the Berlin office weighs less than 2 kg with packaging [1].",
        "The parcel sent to the Berlin office weighs 1,500 g with packaging.",
        "grounded",
    ),
    # -- ranges -------------------------------------------------------------------------------
    (
        "range-same-ends",
        "Recovery takes between 5 and 10 days after surgery [1].",
        "Recovery takes 5-10 days after surgery.",
        "grounded",
    ),
    (
        "range-other-end",
        "Recovery takes between 5 and 12 days after surgery [1].",
        "Recovery takes 5-10 days after surgery.",
        "value_mismatch",
    ),
    (
        "range-holds-figure",
        "Recovery takes 5 to 10 days after surgery [1].",
        "Recovery takes 7 days after surgery.",
        "grounded",
    ),
    (
        "range-misses-figure",
        "Recovery takes 5 to 10 days after surgery [1].",
        "Recovery takes 3 weeks after surgery.",
        "value_mismatch",
    ),
    # -- units converted within a dimension ---------------------------------------------------
    (
        "years-as-months",
        "The limited warranty on the laptop lasts 3 years [1].",
        "The limited warranty on the laptop lasts 36 months.",
        "grounded",
    ),
    (
        "years-as-other-months",
        "The limited warranty on the laptop lasts 3 years [1].",
        "The limited warranty on the laptop lasts 24 months.",
        "value_mismatch",
    ),
    (
        "grams-as-milligrams",
        "The daily dose for adults is 0.5 g [1].",
        "The daily dose for adults is 500 mg.",
        "grounded",
    ),
    (
        "milligrams-against-grams",
        "The daily dose for adults is 1.5 mg [1].",
        "The daily dose for adults is 1.5 g.",
        "value_mismatch",
    ),
    (
        "kilometres-as-metres",
        "The new hiking trail in the park is 5 km long [1].",
        "The new hiking trail in the park is 5,000 metres long.",
        "grounded",
    ),
    (
        "kilometres-against-fewer-metres",
        "The new hiking trail in the park is 5 km long [1].",
        "The new hiking trail in the park is 500 metres long.",
        "value_mismatch",
    ),
    # a short claim whose figure is most of its words: the converted figure counts as found
    (
        "short-claim-kilometres-as-metres",
        "The trip is 5 km [1].",
        "The trip is 5,000 metres.",
        "grounded",
    ),
    (
        "short-claim-kilograms-as-grams",
        "The Widget weighs 0.047 kg [1].",
        "The Widget weighs 47 grams.",
        "grounded",
    ),
    (
        "short-claim-years-as-months",
        "The warranty lasts 3 years [1].",
        "The warranty lasts 36 months.",
        "grounded",
    ),
    (
        "short-claim-kilometres-against-fewer-metres",
        "The trip is 5 km [1].",
        "The trip is 500 metres.",
        "value_mismatch",
    ),
    (
        "short-claim-lower-bound-the-count-bears-out",
        "The firm has more than 500 employees [1].",
        "The firm has 612 employees.",
        "grounded",
    ),
    (
        "short-claim-lower-bound-the-count-breaks",
        "The firm has more than 500 employees [1].",
        "The firm has 412 employees.",
        "value_mismatch",
    ),
    (
        "attack-lower-bound-against-a-year-earns-no-credit",
        "The firm has more than 500 employees [1].",
        "The firm was founded in 2023.",
        "unsupported_citation",
    ),
    (
        "short-claim-approximation-the-figure-bears-out",
        "The plan covers about 3 million people [1].",
        "The plan covers 3.1 million people.",
        "grounded",
    ),
    (
        "fahrenheit-as-celsius",
        "Store the vaccine vials at 86 °F in the clinic [1].",
        "Store the vaccine vials at 30 °C in the clinic.",
        "grounded",
    ),
    (
        "fahrenheit-against-other-celsius",
        "Store the vaccine vials at 86 °F in the clinic [1].",
        "Store the vaccine vials at 20 °C in the clinic.",
        "value_mismatch",
    ),
    # -- one evidence figure answers one claimed figure -------------------------------------
    (
        "reordered-figures-stay-grounded",
        "Labour won 66% of the seats and Reform won 96% of the votes [1].",
        "Reform won 96% of the votes and Labour won 66% of the seats.",
        "grounded",
    ),
    (
        "swapped-figures-caught",
        "Labour won 96% of the seats and Reform won 66% of the votes [1].",
        "Labour won 66% of the seats and Reform won 96% of the votes.",
        "value_mismatch",
    ),
    (
        "swapped-depots-caught",
        "The north depot holds 80 trucks and the south depot holds 120 trucks [1].",
        "The north depot holds 120 trucks, while the south depot holds 80 trucks.",
        "value_mismatch",
    ),
    (
        "reordered-depots-grounded",
        "The north depot holds 120 trucks and the south depot holds 80 trucks [1].",
        "The south depot holds 80 trucks, while the north depot holds 120 trucks.",
        "grounded",
    ),
    (
        "a-small-count-the-scene-also-states",
        "Others look on while two men carve the roasted hog [1].",
        "Three men look on as two other men carve the roasted hog.",
        "grounded",
    ),
    (
        "a-small-count-the-scene-never-states",
        "Others look on while four men carve the roasted hog [1].",
        "Three men look on as two other men carve the roasted hog.",
        "value_mismatch",
    ),
    # -- markers and scale words ----------------------------------------------------------
    # figures listed side by side share the words before them; what follows tells them apart
    (
        "listed-figure-told-apart-by-its-following-word",
        "A weekly rental costs €120 [1].",
        "Rentals cost €25 per day or €120 per week.",
        "grounded",
    ),
    (
        "listed-figure-the-claim-names-otherwise-caught",
        "A daily rental costs €120 [1].",
        "Rentals cost €25 per day or €120 per week.",
        "value_mismatch",
    ),
    (
        "listed-figures-neither-bears-out-caught",
        "A weekly rental costs €90 [1].",
        "Rentals cost €25 per day or €120 per week.",
        "value_mismatch",
    ),
    # a figure that opens its clause before a comma dates the clause after the comma
    (
        "fronted-year-pairs-with-the-event-after-its-comma",
        "In 1961, the council bought the mill and turned it into a library [1].",
        "In 1948, the mill closed, and in 1961 the council bought the mill and turned it "
        "into a library.",
        "grounded",
    ),
    (
        "fronted-year-of-another-event-caught",
        "In 1948, the council bought the mill and turned it into a library [1].",
        "In 1948, the mill closed, and in 1961 the council bought the mill and turned it "
        "into a library.",
        "value_mismatch",
    ),
    (
        "fronted-year-caught-when-the-evidence-reorders",
        "In 1948, the council bought the mill and turned it into a library [1].",
        "In 1961, the council bought the mill and turned it into a library, and in 1948 "
        "the mill closed.",
        "value_mismatch",
    ),
    # a figure that holds at another time of the same thing ("during probation") is not
    # the partner of one the claim sets by its own time ("after probation")
    (
        "condition-after-pairs-with-afterwards-not-during",
        "The notice period after probation is three months [1].",
        "The notice period is one month during probation and three months afterwards.",
        "grounded",
    ),
    (
        "condition-after-caught-when-it-takes-the-during-figure",
        "The notice period after probation is one month [1].",
        "The notice period is one month during probation and three months afterwards.",
        "value_mismatch",
    ),
    (
        "condition-during-still-caught",
        "The notice period during probation is three months [1].",
        "The notice period is one month during probation and three months afterwards.",
        "value_mismatch",
    ),
    (
        "condition-during-kept",
        "The notice period during probation is one month [1].",
        "The notice period is one month during probation and three months afterwards.",
        "grounded",
    ),
    # "half a year" is six months; "half a million" is 500,000, not a million
    (
        "half-a-year-is-six-months",
        "Probation lasts half a year [1].",
        "Probation lasts six months.",
        "grounded",
    ),
    (
        "half-a-year-against-three-months-caught",
        "Probation lasts half a year [1].",
        "Probation lasts three months.",
        "value_mismatch",
    ),
    (
        "half-a-million-is-not-a-million",
        "The rally drew half a million people [1].",
        "The rally drew 500,000 people.",
        "grounded",
    ),
    # a count of days keeps its unit across a modifier ("unused days")
    (
        "modified-time-span-bound-raised-caught",
        "Up to 10 unused days can be carried over [1].",
        "Unused leave of up to 5 days may be carried over to the next year.",
        "value_mismatch",
    ),
    (
        "modified-time-span-bound-kept",
        "Up to 5 unused days can be carried over [1].",
        "Unused leave of up to 5 days may be carried over to the next year.",
        "grounded",
    ),
    # a year beside one shared verb does not outweigh the clause that restates the claim
    (
        "year-pairs-with-the-clause-that-restates-the-claim",
        "In 1952, the family gave the manor and its gardens to the county, on condition "
        "that they could keep living in the manor [1].",
        "In 1938, she gave the eastern woods (without the chapel) to the county and in "
        "March 1952 the manor was accepted by the county on the condition that the family "
        "could stay living in the manor.",
        "grounded",
    ),
    (
        "year-of-the-clause-that-restates-the-claim-still-caught-when-it-differs",
        "In 1955, the family gave the manor and its gardens to the county, on condition "
        "that they could keep living in the manor [1].",
        "In 1938, she gave the eastern woods (without the chapel) to the county and in "
        "March 1952 the manor was accepted by the county on the condition that the family "
        "could stay living in the manor.",
        "value_mismatch",
    ),
    (
        "marker-in-evidence-is-no-figure",
        "The survey counted 6,269 cases in the region [1].",
        "The survey [1] counted 6,269 cases in the region.",
        "grounded",
    ),
    (
        "hyphenated-million-matches",
        "The city council approved a $10 million budget for parks [1].",
        "The city council approved a $ 10 - million budget for parks.",
        "grounded",
    ),
    (
        "hyphenated-million-differs",
        "The city council approved a $12 million budget for parks [1].",
        "The city council approved a $10-million budget for parks.",
        "value_mismatch",
    ),
    # -- a table in the evidence: each row pairs its own cells ----------------------------
    (
        "evidence-table-second-row-agrees",  # "Z16" shares "16" with the first row's "16 GB"
        "The Z16 laptop costs 1,599 euros [1].",
        "| Model | Memory | Price |\n|---|---|---|\n| Z14 | 16 GB | 1,199 euros |\n"
        "| Z16 | 32 GB | 1,599 euros |",
        "grounded",
    ),
    (
        "evidence-table-price-not-in-any-row",
        "The Z16 laptop costs 1,899 euros [1].",
        "| Model | Memory | Price |\n|---|---|---|\n| Z14 | 16 GB | 1,199 euros |\n"
        "| Z16 | 32 GB | 1,599 euros |",
        "value_not_in_evidence",
    ),
    (
        "evidence-table-other-column-agrees",
        "A checked bag on the Riga route costs 50 euros [1].",
        "| Route | Cabin bag | Checked bag |\n|---|---|---|\n| Tallinn | 25 euros | 40 euros |\n"
        "| Riga | 35 euros | 50 euros |",
        "grounded",
    ),
    # -- a model name with digits is a word of the figure's context ----------------------
    (
        "model-number-pairs-its-own-price",  # "X16" read as "X", a no-word: place 0 won
        "The Lumo X16 costs 1,599 euros [1].",
        "The Lumo X14 costs 1,199 euros and the Lumo X16 costs 1,599 euros.",
        "grounded",
    ),
    (
        "model-number-other-price",
        "The Lumo X16 costs 1,199 euros [1].",
        "The Lumo X14 costs 1,199 euros and the Lumo X16 costs 1,599 euros.",
        "value_mismatch",
    ),
    (
        "quarter-pairs-its-own-revenue",
        "Revenue in Q4 was 9 million euros [1].",
        "Revenue in Q3 was 7 million euros, while revenue in Q4 was 9 million euros.",
        "grounded",
    ),
    # -- a figure before a comparative and "than" is a difference, not the amount ---------
    (
        "difference-is-not-the-price",
        "The Lumo X16 costs 400 euros more than the Lumo X14 [1].",
        "The Lumo X14 costs 1,199 euros and the Lumo X16 costs 1,599 euros.",
        "grounded",
    ),
    (
        "difference-with-a-comparative-adjective",
        "The bus takes 2 hours longer than the train on that route [1].",
        "On that route the bus takes 5 hours and the train takes 3 hours.",
        "grounded",
    ),
    (
        "difference-beside-a-wrong-price",
        "The Lumo X16 costs 1,899 euros, 400 euros more than the Lumo X14 [1].",
        "The Lumo X14 costs 1,199 euros and the Lumo X16 costs 1,599 euros.",
        "value_mismatch",
    ),
    (
        "rather-than-is-no-difference",
        "The clinic hired 20 nurses rather than doctors last year [1].",
        "The clinic hired 12 nurses rather than doctors last year.",
        "value_mismatch",
    ),
    # -- adversarial ----------------------------------------------------------------------
    (
        "attack-loosen-a-storage-limit",
        "Keep the insulin pens at no more than 30 °C once opened [1].",
        "Keep the insulin pens at no more than 25 °C once opened.",
        "value_mismatch",
    ),
    (
        "attack-hide-a-change-behind-about",
        "Net profit for the year was about $9 million in total [1].",
        "Net profit for the year was $2.1 million in total.",
        "value_mismatch",
    ),
    (
        "attack-marker-number-as-figure",
        "The plant employs 12 engineers on site [1].",
        "The plant [12] employs 40 engineers on site.",
        "value_mismatch",
    ),
    (
        "attack-unit-swap-same-number",
        "The tank holds 50 litres of fuel when full [1].",
        "The tank holds 50 millilitres of fuel when full.",
        "value_mismatch",
    ),
    # -- what a figure is counted per ------------------------------------------------------
    (
        "rate-per-week-against-per-night",
        "A dog in a garden room costs 15 euros per week [1].",
        "Dogs may stay in the garden rooms for 15 euros per night.",
        "value_mismatch",
    ),
    (
        "rate-a-night-against-per-night",
        "A dog in a garden room costs 15 euros a night [1].",
        "Dogs may stay in the garden rooms for 15 euros per night.",
        "grounded",
    ),
    (
        "rate-per-kilogram-against-per-day",
        "The usual dose of Corvalex is 5 mg per kg [1].",
        "The usual dose of Corvalex is 5 mg per day.",
        "value_mismatch",
    ),
    (
        "rate-tablets-a-week-against-a-day",
        "Adults take 2 tablets a week with water [1].",
        "Adults take 2 tablets a day with water.",
        "value_mismatch",
    ),
    (
        "rate-stated-on-one-side-only",
        "A dog in a garden room costs 15 euros [1].",
        "Dogs may stay in the garden rooms for 15 euros per night.",
        "grounded",
    ),
    (
        "rate-the-evidence-gives-both",
        "A garden room costs 500 euros per week [1].",
        "A garden room costs 500 euros per night in August and 500 euros per week in May.",
        "grounded",
    ),
    (
        "attack-a-list-after-a-count-is-no-rate",
        "The family has 3 kids, a dog and a cat [1].",
        "The family has 3 kids, a cat and a dog.",
        "grounded",
    ),
    # -- small counts of a dose: "a day" names no thing -----------------------------------
    (
        "small-count-per-day-differs",
        "Adults take 3 tablets a day with water [1].",
        "Adults take 2 tablets a day with water.",
        "value_mismatch",
    ),
    (
        "instruction-verb-heads-no-name",
        "Take 3 tablets a day with water [1].",
        "Take 2 tablets a day with water.",
        "value_mismatch",
    ),
    (
        "instruction-verb-count-kept",
        "Take 2 tablets a day with water [1].",
        "Take 2 tablets a day with water.",
        "grounded",
    ),
    (
        "dose-twice-against-once",
        "Adults may take Dormiset twice a night [1].",
        "Adults take one tablet of Dormiset, no more than once a night.",
        "value_mismatch",
    ),
    (
        "dose-once-kept",
        "Adults take Dormiset once a night [1].",
        "Adults take one tablet of Dormiset, no more than once a night.",
        "grounded",
    ),
    (
        "dose-two-tablets-against-one-tablet",
        "Adults take two tablets of Dormiset at bedtime [1].",
        "Adults take one tablet of Dormiset at bedtime.",
        "value_mismatch",
    ),
    (
        "dose-one-tablet-kept",
        "Adults take one tablet of Dormiset at bedtime [1].",
        "Adults take one tablet of Dormiset at bedtime.",
        "grounded",
    ),
    (
        "attack-once-meaning-formerly",
        "The old town of Kessa was once a busy port [1].",
        "The old town of Kessa was a busy port until 1900.",
        "grounded",
    ),
    (
        "attack-one-as-a-pronoun",
        "Media Play News is the only one dedicated to home entertainment [1].",
        "Media Play News is the only trade paper dedicated to home entertainment.",
        "grounded",
    ),
    # -- which figure of the sentence is the claim's --------------------------------------
    (
        "the-time-that-closes-is-the-partner",
        "The rooftop sauna closes at 10 pm [1].",
        "The rooftop sauna opens at 7 am and closes at 10 pm.",
        "grounded",
    ),
    (
        "the-time-that-closes-differs",
        "The rooftop sauna closes at 11 pm [1].",
        "The rooftop sauna opens at 7 am and closes at 10 pm.",
        "value_mismatch",
    ),
    (
        "bound-on-rooms-not-on-floors",
        "The lodge has fewer than 40 rooms [1].",
        "The lodge has 42 rooms on four floors.",
        "value_mismatch",
    ),
    # -- "free" against a price ------------------------------------------------------------
    (
        "price-billed-monthly-pairs-with-the-monthly-price",
        "Billed monthly, Quillnote Pro costs 10 dollars per user [1].",
        "Quillnote Pro costs 8 dollars per user per month when billed annually, or 10 dollars "
        "billed monthly.",
        "grounded",
    ),
    (
        "price-billed-monthly-absent",
        "Billed monthly, Quillnote Pro costs 12 dollars per user [1].",
        "Quillnote Pro costs 8 dollars per user per month when billed annually, or 10 dollars "
        "billed monthly.",
        "value_not_in_evidence",
    ),
    (
        "free-against-a-price",
        "Late check-out until 1 pm is free of charge [1].",
        "Late check-out until 1 pm costs 25 euros.",
        "value_mismatch",
    ),
    (
        "free-to-use-against-a-monthly-price",
        "The Tallybook app is free to use [1].",
        "The Tallybook app costs 4.99 dollars per month.",
        "value_mismatch",
    ),
    (
        "free-where-the-evidence-makes-an-exception",
        "Entry to the gallery is free on Sundays [1].",
        "Entry to the gallery costs 10 euros, except on Sundays.",
        "grounded",
    ),
    (
        "free-for-guests-priced-for-visitors",
        "The rooftop sauna is free for guests [1].",
        "The rooftop sauna is free for guests and costs 10 euros for visitors.",
        "grounded",
    ),
    (
        "attack-free-to-leave-is-no-price",
        "Guests are free to leave the boat tour at any stop [1].",
        "Guests may leave the boat tour at any stop; the tour costs 20 euros.",
        "grounded",
    ),
    # -- decades ---------------------------------------------------------------------------
    (
        "decade-holds-the-year",
        "The Harbour Lodge opened in the late 1990s [1].",
        "The Harbour Lodge was opened in 1998 by Elina Saar.",
        "grounded",
    ),
    (
        "decade-holds-the-date",
        "The Harbour Lodge opened in the 1990s [1].",
        "The Harbour Lodge was opened on 3 May 1998 by Elina Saar.",
        "grounded",
    ),
    (
        "decade-misses-the-year",
        "The Harbour Lodge opened in the 1980s [1].",
        "The Harbour Lodge was opened in 1998 by Elina Saar.",
        "value_mismatch",
    ),
    (
        "decade-part-misses-the-year",
        "The Harbour Lodge opened in the early 1990s [1].",
        "The Harbour Lodge was opened in 1998 by Elina Saar.",
        "value_mismatch",
    ),
    (
        "decade-stated-beside-a-year-of-another-fact",
        "The mill was built in the 1860s and burned down around 1912 [1].",
        "The mill was built in the 1860s and burned down around 1912.",
        "grounded",
    ),
    (
        "decade-holds-a-year-of-another-sentence",
        "The Harbour Lodge was planned in the 1980s [1].",
        "The Harbour Lodge was opened in 1998 by Elina Saar. Its plans date from 1986.",
        "grounded",
    ),
    (
        "rate-per-user-per-year-against-per-user-per-month",
        "Quillnote Pro costs 8 dollars per user per year [1].",
        "Quillnote Pro costs 8 dollars per user per month when billed annually.",
        "value_mismatch",
    ),
    (
        "rate-per-user-against-per-user-per-month",
        "Quillnote Pro costs 8 dollars per user [1].",
        "Quillnote Pro costs 8 dollars per user per month when billed annually.",
        "grounded",
    ),
    (
        "free-against-two-prices",
        "Quillnote Pro is free [1].",
        "Quillnote Pro costs 8 dollars per month billed annually, or 10 dollars billed monthly.",
        "value_mismatch",
    ),
    (
        "bound-against-an-approximation-with-a-qualifier-word",
        "Quillnote employs more than 200 people [1].",
        "Quillnote was founded in 2017. The company now employs about 140 people.",
        "value_mismatch",
    ),
    (
        "version-number-written-in-a-name",
        "Version 4.2 added offline sync for Android [1].",
        "Quillnote 4.2 was released in March. It added offline sync for Android.",
        "grounded",
    ),
    (
        "bound-on-rooms-holds",
        "The lodge has fewer than 50 rooms [1].",
        "The lodge has 42 rooms on four floors.",
        "grounded",
    ),
    # -- a bound written bare on one side and in a unit on the other ----------------------
    (
        "bare-lower-bound-against-a-bound-in-years",
        "Riders must be at least 18 [1].",
        "Riders must be at least 16 years old.",
        "value_mismatch",
    ),
    (
        "bare-lower-bound-same-number-in-years",
        "Riders must be at least 16 [1].",
        "Riders must be at least 16 years old.",
        "grounded",
    ),
    (
        "bound-in-years-against-a-bare-bound",
        "Children under 14 years must not take Corvalex [1].",
        "Children under 12 must not take Corvalex.",
        "value_mismatch",
    ),
    (
        "bound-in-years-same-number-as-a-bare-bound",
        "Children under 12 years must not take Corvalex [1].",
        "Children under 12 must not take Corvalex.",
        "grounded",
    ),
    (
        "attack-a-bound-that-counts-people-against-kilograms",
        "The lift holds at most 8 people [1].",
        "The lift holds at most 600 kilograms.",
        "grounded",
    ),
    (
        "attack-a-bare-bound-far-from-the-bound-in-kilograms",
        "The lift holds at most 8 [1].",
        "The lift holds at most 600 kilograms.",
        "grounded",
    ),
    # -- comparisons: one figure for one figure, and the standard after "than" -------------
    (
        "two-years-paired-by-what-bears-them-out",
        "Skyvale carried more passengers in 2024 than in 2023 [1].",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023.",
        "grounded",
    ),
    (
        "comparison-turned-round",
        "Skyvale carried more passengers in 2023 than in 2024 [1].",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023.",
        "value_mismatch",
    ),
    (
        "comparison-turned-round-with-the-opposite-word-agrees",
        "Skyvale carried fewer passengers in 2023 than in 2024 [1].",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023.",
        "grounded",
    ),
    (
        "a-rise-stated-as-a-difference",
        "Passenger numbers rose by 12% in 2024 [1].",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023.",
        "grounded",
    ),
    # -- all, every, none against a share --------------------------------------------------
    (
        "all-against-a-share",
        "Bremen handles all of Skyvale's flights [1].",
        "Its main hub, Bremen, handles about 60% of flights.",
        "value_mismatch",
    ),
    (
        "every-against-a-share",
        "Bremen handles every flight [1].",
        "Its main hub, Bremen, handles about 60% of flights.",
        "value_mismatch",
    ),
    (
        "all-against-a-hundred-percent",
        "Bremen handles all of Skyvale's flights [1].",
        "Its main hub, Bremen, handles 100% of flights.",
        "grounded",
    ),
    (
        "the-whole-against-a-fraction",
        "Ticket sales cover the whole budget [1].",
        "The festival is funded mainly by ticket sales, which cover about two thirds of the "
        "budget.",
        "value_mismatch",
    ),
    (
        "a-fraction-restated",
        "Ticket sales cover about two thirds of the budget [1].",
        "The festival is funded mainly by ticket sales, which cover about two thirds of the "
        "budget.",
        "grounded",
    ),
    (
        "attack-the-whole-of-another-thing",
        "Ticket sales cover the whole festival [1].",
        "Ticket sales cover about two thirds of the budget of the festival.",
        "grounded",
    ),
    (
        "attack-all-of-another-thing",
        "Bremen handles all of Skyvale's cargo [1].",
        "Its main hub, Bremen, handles about 60% of flights and cargo.",
        "grounded",
    ),
    # -- a figure that continues its sentence's subject ("... and 70% after that") ----------
    (
        "figure-continuing-the-subject-in-the-claims-words",
        "After 10 days, sick pay drops to 70% of salary [1].",
        "Sick pay is 100% of salary for the first 10 days of absence in a year and 70% after that.",
        "grounded",
    ),
    (
        "figure-continuing-the-subject-said-of-another-time",
        "Sick pay is 70% of salary for the first 10 days of absence [1].",
        "Sick pay is 100% of salary for the first 10 days of absence in a year and 70% after that.",
        "value_mismatch",
    ),
    (
        "figure-after-and-counting-another-thing",
        "Labour won 96% of the seats [1].",
        "Labour won 66% of the seats and 96% of the votes.",
        "value_mismatch",
    ),
    (
        "figure-after-and-with-a-subject-of-its-own",
        "Headache was reported by 5% of patients [1].",
        "Headache was reported by 7% of patients and dizziness by 5%.",
        "value_mismatch",
    ),
    # -- a year worked out from a stated number of years ------------------------------------
    (
        "year-plus-the-extension-the-sentence-states",
        "The contract can be extended to 2030 [1].",
        "The contract runs until 2028 and can be extended once by two years.",
        "grounded",
    ),
    (
        "year-plus-the-extension-said-of-another-fact",
        "The contract runs until 2030 [1].",
        "The contract runs until 2028 and can be extended once by two years.",
        "value_mismatch",
    ),
    (
        "year-plus-another-number-of-years",
        "The contract can be extended to 2031 [1].",
        "The contract runs until 2028 and can be extended once by two years.",
        "value_mismatch",
    ),
    (
        "year-counted-from-a-founding",
        "Acme went public in 2000 [1].",
        "Acme was founded in 1990 and went public ten years later.",
        "grounded",
    ),
    (
        "year-of-the-founding-itself-moved",
        "Acme was founded in 2000 [1].",
        "Acme was founded in 1990 and went public ten years later.",
        "value_mismatch",
    ),
    # -- the opening stretch of something: "the first hour" is one hour ---------------------
    (
        "first-hour-against-first-30-minutes",
        "The first hour of every ride is included [1].",
        "The first 30 minutes of every ride are included; each further half hour costs 1 euro.",
        "value_mismatch",
    ),
    (
        "first-week-against-first-7-days",
        "The first week is free for new members [1].",
        "The first 7 days are free for new members.",
        "grounded",
    ),
    (
        "first-month-against-first-30-days-not-compared",
        "The first month is free for new members [1].",
        "The first 30 days are free for new members.",
        "grounded",
    ),
    (
        "first-year-against-first-two-years",
        "The warranty covers the first year in full [1].",
        "The warranty covers the first two years in full.",
        "value_mismatch",
    ),
    (
        "every-year-against-every-two-years",
        "Servicing is due every year [1].",
        "Servicing is due every two years or 30,000 km.",
        "value_mismatch",
    ),
    (
        "every-24-months-against-every-two-years",
        "Servicing is due every 24 months [1].",
        "Servicing is due every two years or 30,000 km.",
        "grounded",
    ),
    (
        "each-day-against-every-24-hours",
        "Take one tablet each day [1].",
        "Take one tablet every 24 hours.",
        "grounded",
    ),
    # -- a round figure converted between unit systems -------------------------------------
    (
        "round-miles-for-kilometres",
        "Voltia offers a battery warranty of 100,000 miles [1].",
        "Voltia offers a battery warranty of eight years or 160,000 km.",
        "grounded",
    ),
    (
        "round-miles-too-far-from-the-kilometres",
        "The range is 300 miles on one charge [1].",
        "The range is 420 km on one charge.",
        "value_mismatch",
    ),
    (
        "the-same-number-in-the-other-system",
        "Voltia offers a battery warranty of 160,000 miles [1].",
        "Voltia offers a battery warranty of 160,000 km.",
        "value_mismatch",
    ),
    (
        "first-half-hour-is-no-count",
        "The first half hour of every ride is included [1].",
        "The first 30 minutes of every ride are included.",
        "grounded",
    ),
    (
        "a-list-item-owns-its-figure-not-the-verb-before-the-list",
        "The battery is covered for two years [1].",
        "The warranty covers the frame for 10 years and the motor and battery for 2 years.",
        "grounded",
    ),
    (
        "a-list-item-given-another-items-figure",
        "The frame is covered for 2 years [1].",
        "The warranty covers the frame for 10 years and the motor and battery for 2 years.",
        "value_mismatch",
    ),
    (
        "two-items-one-figure-the-first-as-near-its-own",
        "The frame and battery are covered for 2 years [1].",
        "The warranty covers the frame for 10 years and the motor and battery for 2 years.",
        "value_mismatch",
    ),
    (
        "an-approximation-pairs-by-the-words-beside-it",
        "In Turbo mode the range is about 75 km [1].",
        "On a full charge it covers up to 90 km in Eco mode and about 55 km in Turbo mode.",
        "value_mismatch",
    ),
    (
        "an-approximation-restated-beside-a-bound",
        "In Turbo mode the range is about 55 km [1].",
        "On a full charge it covers up to 90 km in Eco mode and about 55 km in Turbo mode.",
        "grounded",
    ),
    (
        "a-day-date-past-a-sum-of-money",
        "The council approved the budget on 14 December [1].",
        "The city council approved a 2027 budget of 48.2 million euros on 14 November, 6% "
        "more than in 2026.",
        "value_mismatch",
    ),
    (
        "a-day-date-past-a-sum-of-money-restated",
        "The council approved the budget on 14 November [1].",
        "The city council approved a 2027 budget of 48.2 million euros on 14 November, 6% "
        "more than in 2026.",
        "grounded",
    ),
    (
        "a-tally-turned-round",
        "The council voted 12 to 19 in favour [1].",
        "The city council voted 19 to 12 in favour of the budget.",
        "value_mismatch",
    ),
    (
        "a-tally-restated",
        "The council voted 19 to 12 in favour [1].",
        "The city council voted 19 to 12 in favour of the budget.",
        "grounded",
    ),
    (
        "a-score-turned-round",
        "Arsenal beat Chelsea 1-3 [1].",
        "Arsenal beat Chelsea 3-1 on Sunday.",
        "value_mismatch",
    ),
    (
        "a-rising-range-restated",
        "The course is open to children aged 12 to 16 [1].",
        "The summer course is open to children aged 12 to 16.",
        "grounded",
    ),
    (
        "a-figure-given-to-the-other-arm",
        "FEV1 improved by 180 mL with placebo [1].",
        "Lung function (FEV1) improved by 180 mL with ferocort, compared with 40 mL with placebo.",
        "value_mismatch",
    ),
    (
        "a-figure-kept-with-its-arm",
        "FEV1 improved by 180 mL with ferocort [1].",
        "Lung function (FEV1) improved by 180 mL with ferocort, compared with 40 mL with placebo.",
        "grounded",
    ),
    (
        "the-other-arms-figure-with-its-arm",
        "FEV1 improved by 40 mL with placebo [1].",
        "Lung function (FEV1) improved by 180 mL with ferocort, compared with 40 mL with placebo.",
        "grounded",
    ),
    (
        "the-other-arms-figure-given-to-this-arm",
        "FEV1 improved by 40 mL with ferocort [1].",
        "Lung function (FEV1) improved by 180 mL with ferocort, compared with 40 mL with placebo.",
        "value_mismatch",
    ),
    (
        "a-share-given-to-the-other-group",
        "The drug cut deaths by 20% in women [1].",
        "The drug cut deaths by 20% in men and by 10% in women.",
        "value_mismatch",
    ),
    (
        "a-share-kept-with-its-group",
        "The drug cut deaths by 10% in women [1].",
        "The drug cut deaths by 20% in men and by 10% in women.",
        "grounded",
    ),
    (
        "a-default-against-the-most-it-can-be-raised-to",
        "The default cache size is 2 GB [1].",
        "The default cache size is 256 MB and can be raised to 2 GB.",
        "value_mismatch",
    ),
    (
        "the-most-it-can-be-raised-to",
        "The cache can be raised to 2 GB [1].",
        "The default cache size is 256 MB and can be raised to 2 GB.",
        "grounded",
    ),
    (
        "a-quantity-in-two-units-quoted-in-the-second",
        "The tower is 1,083 feet tall [1].",
        "The tower is 330 m (1,083 ft) tall.",
        "grounded",
    ),
    (
        "check-in-is-not-check-out",
        "Check-in begins at 3 pm [1].",
        "Check-in at the Harbour Lodge starts at 3 pm and check-out is until 11 am.",
        "grounded",
    ),
    (
        "check-out-as-two-words-against-check-out-hyphened",
        "Guests must check out by 11 am [1].",
        "Check-in at the Harbour Lodge starts at 3 pm and check-out is until 11 am.",
        "grounded",
    ),
    (
        "check-in-that-ends-the-evidence-given-the-check-out-time",
        "Guests check in from 11 am [1].",
        "Guests check out at 11 am, and from 3 pm guests check in",
        "value_mismatch",
    ),
    (
        "check-in-given-the-check-out-time",
        "Check-in begins at 11 am [1].",
        "Check-in at the Harbour Lodge starts at 3 pm and check-out is until 11 am.",
        "value_mismatch",
    ),
    (
        "years-given-to-the-other-kind-of-update",
        "Orin promises five years of Android upgrades [1].",
        "Orin promises five years of security updates but only three years of Android upgrades.",
        "value_mismatch",
    ),
    (
        "years-kept-with-their-kind-of-update",
        "Orin promises three years of Android upgrades [1].",
        "Orin promises five years of security updates but only three years of Android upgrades.",
        "grounded",
    ),
    # a span of time with one end moved: the other end pairs the two spans
    (
        "span-of-time-with-its-end-moved",
        "The jars were sold between 3 March and 21 May 2026 [1].",
        "Brightline is recalling jars of tomato sauce sold between 3 March and 21 April 2026.",
        "value_mismatch",
    ),
    (
        "span-of-time-with-its-start-moved",
        "The jars were sold from 5 March to 21 April 2026 [1].",
        "Brightline is recalling jars of tomato sauce sold between 3 March and 21 April 2026.",
        "value_mismatch",
    ),
    (
        "span-of-time-restated-by-its-months",
        "The jars were sold between March and April 2026 [1].",
        "Brightline is recalling jars of tomato sauce sold between 3 March and 21 April 2026.",
        "grounded",
    ),
    (
        "a-season-is-not-the-span-that-shares-its-first-year",
        "The club played in the top division in the 1904-1905 season [1].",
        "The club played in the top division between 1904 and 1913.",
        "grounded",
    ),
    # a qualifier's own words ("up" of "up to") pair no two figures: the words of what is
    # counted do ("single item")
    (
        "a-limit-per-item-beside-a-limit-per-claim",
        "Any single lost item is reimbursed up to €300 [1].",
        "Lost luggage is reimbursed up to €1,500, with a limit of €300 for any single item.",
        "grounded",
    ),
    (
        "a-limit-raised-beside-its-qualifier",
        "Lost luggage is reimbursed up to €3,000 [1].",
        "Lost luggage is reimbursed up to €1,500, with a limit of €300 for any single item.",
        "value_mismatch",
    ),
    # "half hour" without its article is thirty minutes too
    (
        "half-hour-against-thirty-minutes",
        "On weekends trains run every half hour [1].",
        "On weekends trains run every 30 minutes.",
        "grounded",
    ),
    (
        "half-hour-against-another-interval",
        "On weekends trains run every half hour [1].",
        "On weekends trains run every 20 minutes.",
        "value_mismatch",
    ),
    (
        "free-beside-a-changed-figure-both-reported",
        "Parking is free for the first 3 hours [1].",
        "Parking costs 2 euros for the first 2 hours.",
        "value_mismatch",
    ),
    # -- the two ends of a change "from A to B": old amount and new -----------------------
    (
        "change-new-end-stated-bare",
        "The lowest supported firmware is now 12 [1].",
        "The lowest supported firmware rises from 9 to 12.",
        "grounded",
    ),
    (
        "change-new-end-stated-with-to",
        "The lowest supported firmware rises to 12 [1].",
        "The lowest supported firmware rises from 9.0 to 12.",
        "grounded",
    ),
    (
        "change-old-end-stated-bare",
        "The lowest supported firmware was 9 before the update [1].",
        "The lowest supported firmware rises from 9 to 12.",
        "grounded",
    ),
    (
        "change-stated-new-end-first-old-end-claimed",
        "Complaints to the council fell from 340 last year [1].",
        "Complaints to the council fell to 210 from 340 last year.",
        "grounded",
    ),
    (
        "change-stated-new-end-first-new-end-claimed",
        "Complaints to the council fell to 210 [1].",
        "Complaints to the council fell to 210 from 340 last year.",
        "grounded",
    ),
    (
        "change-stated-new-end-first-ends-swapped",
        "Complaints to the council fell from 210 to 340 [1].",
        "Complaints to the council fell to 210 from 340 last year.",
        "value_mismatch",
    ),
    (
        "change-old-end-given-as-new",
        "The lowest supported firmware rises to 9 [1].",
        "The lowest supported firmware rises from 9 to 12.",
        "value_mismatch",
    ),
    (
        "change-new-end-given-as-old",
        "The ticket price was cut from $12 [1].",
        "The ticket price was cut from $15 to $12.",
        "value_mismatch",
    ),
    # -- how often a thing recurs: "monthly", "once a week", "every three months" ---------
    (
        "recurrence-word-against-another",
        "The booster is given as a weekly dose [1].",
        "The booster is given as a monthly dose at the clinic.",
        "value_mismatch",
    ),
    (
        "recurrence-once-a-period-restates-the-word",
        "The booster is given once a month at the clinic [1].",
        "The booster is given as a monthly dose at the clinic.",
        "grounded",
    ),
    (
        "recurrence-every-n-restates-the-word",
        "The air filters are replaced every three months [1].",
        "The air filters are replaced quarterly by the landlord.",
        "grounded",
    ),
    (
        "recurrence-word-against-every-n",
        "The safety report is published yearly [1].",
        "The safety report is published every two years.",
        "value_mismatch",
    ),
    (
        "recurrence-weeks-far-from-a-month",
        "The booster is given every 2 weeks at the clinic [1].",
        "The booster is given as a monthly dose at the clinic.",
        "value_mismatch",
    ),
    (
        "recurrence-in-place-among-two",
        "The injection is given monthly by a nurse [1].",
        "Tablets are taken twice daily with food; the injection is given weekly by a nurse.",
        "value_mismatch",
    ),
    (
        "recurrence-restated-among-two",
        "The injection is given every week by a nurse [1].",
        "Tablets are taken twice daily with food; the injection is given weekly by a nurse.",
        "grounded",
    ),
    (
        "recurrence-one-of-two-stated",
        "In the mountains the hut is checked every month [1].",
        "The hut is checked every three months, or monthly in the mountains.",
        "grounded",
    ),
    # -- "minimum" / "maximum" after a figure: a bound like "a minimum of" ----------------
    (
        "bound-word-after-the-figure-restates",
        "Transfers abroad cost 1%, with a £2 minimum [1].",
        "Transfers abroad are free in the EU and cost 1% elsewhere, with a minimum of £2.",
        "grounded",
    ),
    (
        "bound-word-after-the-figure-differs",
        "Transfers abroad cost 1%, with a £3 minimum [1].",
        "Transfers abroad are free in the EU and cost 1% elsewhere, with a minimum of £2.",
        "value_mismatch",
    ),
    (
        "bound-named-alike-without-a-shared-word",
        "Transfers abroad cost 1%, with a minimum of £3 [1].",
        "Transfers abroad are free in the EU and cost 1% elsewhere, with a minimum of £2.",
        "value_mismatch",
    ),
    (
        "upper-bound-word-after-the-figure",
        "Cabin bags may weigh 8 kg maximum [1].",
        "Cabin bags may weigh at most 8 kg.",
        "grounded",
    ),
    (
        "age-group-hyphened-differs",
        "Under-16s travel free with a paying adult [1].",
        "Single fares cost £3; under-12s travel free with a paying adult.",
        "value_mismatch",
    ),
    (
        "age-group-hyphened-restated",
        "Children under 12 travel free with a paying adult [1].",
        "Single fares cost £3; under-12s travel free with a paying adult.",
        "grounded",
    ),
    # -- a price against "free" -------------------------------------------------------------
    (
        "price-against-free-of-charge",
        "Late check-out costs 25 euros [1].",
        "Late check-out is free of charge for all guests.",
        "value_mismatch",
    ),
    (
        "price-where-the-sentence-prices-it-too",
        "Entry costs 12 euros for adults [1].",
        "Entry costs 12 euros for adults and is free for children.",
        "grounded",
    ),
    # -- days of the week: a closed set of values ----------------------------------------
    (
        "weekday-swapped-in-its-slot",
        "Service resumed on Friday morning [1].",
        "After the repairs, service resumed on Thursday morning.",
        "value_mismatch",
    ),
    (
        "weekday-restated",
        "Service resumed on Thursday morning [1].",
        "After the repairs, service resumed on Thursday morning.",
        "grounded",
    ),
    (
        "weekday-range-start-moved",
        "The library opens Monday to Saturday from 9:00 [1].",
        "The library opens Tuesday to Saturday from 9:00.",
        "value_mismatch",
    ),
    (
        "weekday-plural-restates-the-singular",
        "The shop opens at 9 on Saturdays [1].",
        "The shop opens at 9 on Saturday and at 10 on Sunday.",
        "grounded",
    ),
    (
        "weekday-of-another-event",
        "The final vote is on Friday [1].",
        "The debate is on Thursday and the final vote follows on Friday.",
        "grounded",
    ),
    # -- what a verb makes a thing "to" ------------------------------------------------------
    (
        "target-after-to-beside-a-nearer-figure",
        "Signing up within 14 days extends the trial to 90 days [1].",
        "Every account gets a 30-day trial, extended to 90 days if you sign up within 14 days.",
        "grounded",
    ),
    (
        "target-after-to-differs",
        "Signing up within 14 days extends the trial to 60 days [1].",
        "Every account gets a 30-day trial, extended to 90 days if you sign up within 14 days.",
        "value_mismatch",
    ),
    (
        "change-bound-up-to-is-no-end",
        "Up to 9 riders fit in the new cabin [1].",
        "The number of riders per cabin rose from 9 to 12.",
        "grounded",
    ),
    # -- one unit of time after a bound: "up to a week" ----------------------------------
    (
        "a-week-after-a-bound-against-two-days",
        "Refunds are paid up to a week after the return arrives [1].",
        "Refunds are paid up to two days after the return arrives.",
        "value_mismatch",
    ),
    (
        "a-week-after-a-bound-restates-seven-days",
        "Refunds are paid up to a week after the return arrives [1].",
        "Refunds are paid up to 7 days after the return arrives.",
        "grounded",
    ),
    (
        "about-an-hour-against-three-hours",
        "The guided tour of the castle lasts about an hour [1].",
        "The guided tour of the castle lasts about three hours.",
        "value_mismatch",
    ),
    (
        "a-week-as-a-rate-is-no-figure",
        "The guided tour of the castle runs twice a week [1].",
        "The guided tour of the castle runs twice a week, on Mondays and Fridays.",
        "grounded",
    ),
    # -- fractions: a closed set of shares ----------------------------------------------
    (
        "fraction-swapped-in-its-slot",
        "Participants cut their salt intake by a third for 12 weeks [1].",
        "Participants cut their salt intake by half for 12 weeks.",
        "value_mismatch",
    ),
    (
        "fraction-restated",
        "Participants cut their salt intake by half for 12 weeks [1].",
        "Participants cut their salt intake by half for 12 weeks.",
        "grounded",
    ),
    (
        "fraction-opening-the-sentence-swapped",
        "Two thirds of the members backed the merger [1].",
        "Half of the members backed the merger.",
        "value_mismatch",
    ),
    (
        "fraction-stated-elsewhere-in-the-evidence",
        "A third of the members opposed the merger [1].",
        "Half of the members backed the merger, and a third opposed it.",
        "grounded",
    ),
    (
        "free-against-a-price-in-a-clause-after-although",
        "Late check-out until 1 pm is free [1].",
        "Check-out is by 11 am, although late check-out until 1 pm can be requested for a "
        "fee of €20.",
        "value_mismatch",
    ),
    (
        "free-for-the-others-of-a-clause-after-but",
        "Entry to the castle is free for children [1].",
        "Entry to the castle costs 12 euros for adults, but children enter free.",
        "grounded",
    ),
    # -- all year against a span of months ------------------------------------------------
    (
        "all-year-against-months",
        "The rooftop pool is open all year [1].",
        "The rooftop pool is open from May to September.",
        "value_mismatch",
    ),
    (
        "months-against-all-year",
        "The rooftop pool is open from May to September [1].",
        "The rooftop pool is open all year round.",
        "value_mismatch",
    ),
    (
        "all-year-beside-another-things-months",
        "The indoor pool is open all year [1].",
        "The indoor pool is open all year, and the terrace from May to September.",
        "grounded",
    ),
    # -- a payment against "free" -----------------------------------------------------------
    (
        "must-pay-against-free-of-charge",
        "Owners will have to pay for the seat belt repair [1].",
        "Dealers will carry out the seat belt repair free of charge for owners.",
        "value_mismatch",
    ),
    (
        "not-charged-restates-free-of-charge",
        "Owners will not be charged for the seat belt repair [1].",
        "Dealers will carry out the seat belt repair free of charge for owners.",
        "grounded",
    ),
    # -- what a measure is of, and tallies ----------------------------------------------
    (
        "measure-of-another-thing",
        "Each slice of the cake has 18 g of fat [1].",
        "Each slice of the cake has 420 kcal and 18 g of sugar.",
        "value_mismatch",
    ),
    (
        "measure-of-the-same-thing-in-another-spelling",
        "Each slice of the cake has 18 grams of sugars [1].",
        "Each slice of the cake has 420 kcal and 18 g of sugar.",
        "grounded",
    ),
    (
        "food-calories-are-kilocalories",
        "Each slice of the cake has 420 calories and 18 g of sugar [1].",
        "Each slice of the cake has 420 kcal and 18 g of sugar.",
        "grounded",
    ),
    (
        "tally-changed",
        "The bill passed the Senate 52-48 on Tuesday [1].",
        "The bill passed the Senate 52-47 on Tuesday.",
        "value_mismatch",
    ),
    (
        "tally-restated",
        "The bill passed the Senate 52-47 on Tuesday [1].",
        "The bill passed the Senate 52-47 on Tuesday.",
        "grounded",
    ),
    (
        "for-a-week-against-two-days",
        "Once opened, the cake keeps for a week in the fridge [1].",
        "Once opened, the cake keeps for two days in the fridge.",
        "value_mismatch",
    ),
    (
        "for-a-week-restates-seven-days",
        "Once opened, the cake keeps for a week in the fridge [1].",
        "Once opened, the cake keeps for seven days in the fridge.",
        "grounded",
    ),
    (
        "lasts-a-decade-restates-ten-years",
        "The frame warranty on the bike lasts a decade [1].",
        "The frame warranty on the bike lasts 10 years.",
        "grounded",
    ),
    (
        "takes-a-week-against-three-days",
        "Delivery to the islands takes a week [1].",
        "Delivery to the islands takes three days.",
        "value_mismatch",
    ),
    # -- "unlimited" against a cap ------------------------------------------------------
    (
        "unlimited-against-up-to",
        "The saver account allows unlimited withdrawals without losing interest [1].",
        "The saver account allows up to three withdrawals a year without losing interest.",
        "value_mismatch",
    ),
    (
        "cap-against-unlimited",
        "The premium plan includes up to 20 GB of data each month [1].",
        "The premium plan includes unlimited data each month.",
        "value_mismatch",
    ),
    (
        "unlimited-thing-beside-a-capped-one",
        "The premium plan includes unlimited calls each month [1].",
        "The premium plan includes unlimited calls and up to 20 GB of data each month.",
        "grounded",
    ),
    (
        "unlimited-against-a-cap-on-another-thing",
        "The premium plan includes unlimited data each month [1].",
        "The premium plan includes unlimited data and up to 500 texts each month.",
        "grounded",
    ),  # -- times of day, table columns, calendar spans, kitchen units ----------------------
    (
        "clock-after-a-place-name-is-a-time",
        "The 07:15 from Leeds reaches York at 08:02 [1].",
        "Departs Leeds 07:15, calling at Garforth 07:26 and York 08:02.",
        "grounded",
    ),
    (
        "clock-after-a-place-name-another-time",
        "The 07:15 from Leeds reaches York at 08:20 [1].",
        "Departs Leeds 07:15, calling at Garforth 07:26 and York 08:02.",
        "value_mismatch",
    ),
    (
        "opening-hours-unspaced-span-pm",
        "On Saturday the shop closes at 4pm [1].",
        "Shop opening hours: Saturday 10:00–16:00; closed on Sunday.",
        "grounded",
    ),
    (
        "opening-hours-unspaced-span-other-time",
        "On Saturday the shop closes at 6pm [1].",
        "Shop opening hours: Saturday 10:00–16:00; closed on Sunday.",
        "value_not_in_evidence",
    ),
    (
        "slashed-columns-other-column",
        "Each portion holds 2.8 g of fibre [1].",
        "Nutrition per 100 g and per portion: energy 1,500 kJ / 600 kJ; fibre 7 g / 2.8 g; salt 0.5 g / 0.2 g.",
        "grounded",
    ),
    (
        "slashed-columns-neither-column",
        "Each portion holds 3.1 g of fibre [1].",
        "Nutrition per 100 g and per portion: energy 1,500 kJ / 600 kJ; fibre 7 g / 2.8 g; salt 0.5 g / 0.2 g.",
        "value_mismatch",
    ),
    (
        "first-six-months-is-first-half",
        "Profit rose 12% in the first six months of 2025 [1].",
        "Profit rose 12% in the first half of 2025.",
        "grounded",
    ),
    (
        "first-three-months-is-no-half",
        "Profit rose 12% in the first three months of 2025 [1].",
        "Profit rose 12% in the first half of 2025.",
        "value_not_in_evidence",
    ),
    (
        "model-letter-is-no-article",
        "The carrier ordered nine A350s this year [1].",
        "The carrier ordered seven A350s this year.",
        "value_mismatch",
    ),
    (
        "kitchen-spoons-differ",
        "Stir in 1 tablespoon of cinnamon [1].",
        "Stir in 1 tsp of cinnamon.",
        "value_mismatch",
    ),
    (
        "kitchen-spoons-same",
        "Stir in 1 teaspoon of cinnamon [1].",
        "Stir in 1 tsp of cinnamon.",
        "grounded",
    ),
    (
        "months-against-days-agree",
        "The trial lasted 3 months [1].",
        "The trial lasted 91 days.",
        "grounded",
    ),
    (
        "months-against-days-differ",
        "The trial lasted 5 months [1].",
        "The trial lasted 91 days.",
        "value_mismatch",
    ),
    (
        "within-months-against-days",
        "Claims must be made within 12 months of the loss [1].",
        "Claims must be made within 180 days of the loss.",
        "value_mismatch",
    ),
    (
        "up-to-months-against-up-to-days",
        "Refunds are paid for up to 12 months [1].",
        "Refunds are paid for up to 180 days.",
        "value_mismatch",
    ),
    (
        "up-to-months-against-same-days",
        "Refunds are paid for up to 6 months [1].",
        "Refunds are paid for up to 182 days.",
        "grounded",
    ),
    (
        "lower-bound-unit-changed",
        "Leave at least 30 mm between the panels [1].",
        "Leave at least 30 cm between the panels.",
        "value_mismatch",
    ),
    (
        "bound-stated-in-another-sentence",
        "The plan pays up to £800 for dental work and up to £300 for glasses [1].",
        "Dental cover: the plan pays up to £800 a year for dental work. Optical cover: glasses are covered up to £300 a year.",
        "grounded",
    ),
    (
        "topped-is-a-lower-bound",
        "Sales of the console topped 2 million units in May [1].",
        "Sales of the console reached 2.3 million units in May.",
        "grounded",
    ),
    (
        "topped-above-the-figure",
        "Sales of the console topped 3 million units in May [1].",
        "Sales of the console reached 2.3 million units in May.",
        "value_mismatch",
    ),
    (
        "supposed-figure-inside-a-stated-range-is-unconfirmed",
        "If your parcel weighs 12 kg, it costs £9 to send [1].",
        "Parcels of 10 to 20 kg cost £9 to send.",
        "grounded",
    ),
    (
        "supposed-figure-outside-the-stated-range",
        "If your parcel weighs 25 kg, it costs £9 to send [1].",
        "Parcels of 10 to 20 kg cost £9 to send.",
        "value_not_in_evidence",
    ),
    (
        "supposed-figure-under-a-stated-bound-is-unconfirmed",
        "If you cancel 10 days before the course, you can move to another date [1].",
        "If you cancel less than 14 days before the course, you can move to another date.",
        "grounded",
    ),
    (
        "supposed-age-before-would-inside-a-stated-bound",
        "A 22-year-old driver would pay the young driver fee of £12 a day [1].",
        "Every driver under 25 pays the young driver fee of £12 a day.",
        "grounded",
    ),
    (
        "supposed-age-before-would-outside-the-stated-bound",
        "A 27-year-old driver would pay the young driver fee of £12 a day [1].",
        "Every driver under 25 pays the young driver fee of £12 a day.",
        "value_not_in_evidence",
    ),
    (
        "stated-age-inside-a-bound-is-still-absent",
        "The 22-year-old driver paid the young driver fee of £12 a day [1].",
        "Every driver under 25 pays the young driver fee of £12 a day.",
        "value_not_in_evidence",
    ),
    (
        "cap-applied-to-a-supposed-case-is-unconfirmed",
        "A member returning a DVD 40 days late would be charged £5 [1].",
        "Members are charged 20p per day for a late DVD, up to a maximum of £5.",
        "value_unconfirmed",
    ),
    (
        "cap-stated-as-a-fact-is-still-a-bound",
        "Members are charged £5 for a late DVD [1].",
        "Members are charged 20p per day for a late DVD, up to a maximum of £5.",
        "value_not_in_evidence",
    ),
    # -- a change written with its sign: "(+1.8%)" says it rose --------------------------
    (
        "signed-change-fell-against-plus",
        "Ticket sales at the museum fell 4.5% last year [1].",
        "Ticket sales at the museum last year: 182,000 (+4.5%).",
        "direction_mismatch",
    ),
    (
        "signed-change-rose-against-plus",
        "Ticket sales at the museum rose 4.5% last year [1].",
        "Ticket sales at the museum last year: 182,000 (+4.5%).",
        "grounded",
    ),
    (
        "signed-change-fell-against-minus",
        "Ticket sales at the museum fell by 4.5% last year [1].",
        "Ticket sales at the museum last year: 182,000 (−4.5%).",
        "grounded",
    ),
    (
        "signed-change-rose-against-minus",
        "Ticket sales at the museum were up 4.5% last year [1].",
        "Ticket sales at the museum last year: 182,000 (−4.5%).",
        "direction_mismatch",
    ),
    (
        "signed-change-without-a-direction-word",
        "Ticket sales at the museum changed by 4.5% last year [1].",
        "Ticket sales at the museum last year: 182,000 (−4.5%).",
        "grounded",
    ),
    (
        "figure-elsewhere-needs-its-words",
        "Add 3 tbsp of cocoa powder to the flour [1].",
        "Sift 3 tsp cocoa powder into the flour. Add 3 tbsp of water if the dough is dry.",
        "value_mismatch",
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_figure_meaning(claim: str, evidence: str, expected: str) -> None:
    unit = check(claim, {"1": evidence}).units[0]
    codes = [r.code for r in unit.reasons]
    if expected == "grounded":
        assert unit.status is Status.GROUNDED, unit.reasons
    else:
        assert expected in codes, unit.reasons
        assert unit.status is not Status.GROUNDED
        reason = next(r for r in unit.reasons if r.code == expected)
        assert reason.span is not None and reason.span.of(claim).strip()
        if expected == "value_mismatch":
            assert reason.evidence_id == "1" and reason.evidence_span is not None
            assert reason.evidence_span.of(evidence).strip()


def test_the_table_has_both_directions() -> None:
    outcomes = {r[3] for r in ROWS}
    assert {"grounded", "value_mismatch"} <= outcomes
    assert len({r[0] for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize(
    ("claim", "evidence", "message"),
    [
        (
            "The new hiking trail in the park is 5 km long [1].",
            "The new hiking trail in the park is 500 metres long.",
            "5 km in the answer, 500 metres in the evidence (5 km = 5,000 m)",
        ),
        (
            "Store the vaccine vials below 30 °C at the clinic [1].",
            "Store the vaccine vials below 25 °C at the clinic.",
            "below 30 °C in the answer, below 25 °C in the evidence",
        ),
        (
            "Recovery takes between 5 and 12 days after surgery [1].",
            "Recovery takes 5-10 days after surgery.",
            "between 5 and 12 days in the answer, 5-10 days in the evidence",
        ),
        (
            "Delivery to the islands takes a week [1].",
            "Delivery to the islands takes three days.",
            "a week in the answer, three days in the evidence (a week = 7 days)",
        ),
        (
            "The account can be opened with just £1 [1].",
            "You can open the account with as little as £1.",
            "the cited evidence gives £1 only as a bound (at least or at most), "
            "not as the figure itself",
        ),
    ],
    ids=[
        "conversion-shown",
        "bound-word-shown",
        "range-shown",
        "conversion-to-a-word-unit-in-the-plural",
        "dropped-qualifier-named",
    ],
)
def test_the_message_explains(claim: str, evidence: str, message: str) -> None:
    unit = check(claim, {"1": evidence}).units[0]
    figure_codes = ("value_mismatch", "value_not_in_evidence")
    assert [r.message for r in unit.reasons if r.code in figure_codes] == [message]


@pytest.mark.parametrize(
    ("number", "unit", "target", "expected"),
    [
        ("5", "km", "m", "5000"),
        ("36", "month", "year", "3"),
        ("30", "deg:C", "deg:F", "86"),
        ("300", "K", "deg:C", "26.85"),
        ("1", "gib", "mb", "1073.741824"),
        ("1", "byte", "bit", "8"),
        ("2", "ton", "t", None),  # a short or long ton is no tonne
        ("1", "day", "month", None),  # a month is no fixed number of days
    ],
)
def test_conversion_is_exact(number: str, unit: str, target: str, expected: str | None) -> None:
    found = convert(Decimal(number), unit, target)
    assert found == (None if expected is None else Decimal(expected))


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("As shown in [1], 6,269 cases were seen [12] [Source 2] [3, 4].", ["6,269"]),
        ("The grant was $10-million and the loan $ 5 - million.", ["$10-million", "$ 5 - million"]),
        ("Form 10-K was filed.", []),
        ("It costs 400 euros more than the X14 and 5% less than the X18.", []),
        ("It costs 400 euros, more than the X14.", ["400 euros"]),
        ("The budget was approved on 14 December.", ["14 December"]),
        ("It was signed on Dec. 5, 2020 in Oslo.", ["Dec. 5, 2020"]),
        ("Trains run every half hour on a half-day ticket.", ["half hour", "half-day"]),
        ("She was sentenced to eight-and-a-half years.", []),
    ],
    ids=[
        "markers-are-not-figures",
        "hyphenated-scale",
        "a-letter-is-no-scale",
        "differences-are-not-amounts",
        "a-comma-ends-the-figure",
        "the-full-stop-after-a-month-is-no-abbreviation-point",
        "the-point-of-an-abbreviated-month-is",
        "half-and-a-unit-without-an-article",
        "the-half-of-a-compound-number-is-no-half-unit",
    ],
)
def test_reading(text: str, figures: list[str]) -> None:
    found = [v for v in read_values(text) if v.comparable]
    assert [v.span.of(text) for v in found] == figures
    if figures and "million" in figures[0]:
        assert found[0].value == Decimal(10_000_000)


def test_four_weeks_is_no_other_recurrence_than_a_month() -> None:
    # a month and four weeks are both meant by either: only the figure's own absence shows
    unit = check(
        "The booster is given every 4 weeks at the clinic [1].",
        {"1": "The booster is given every month at the clinic."},
    ).units[0]
    assert "value_mismatch" not in unit.codes


def test_free_and_a_changed_figure_are_both_reported() -> None:
    """The "free" reading used to end the figure check: the changed hours went unsaid."""
    claim, evidence = (
        "Parking is free for the first 3 hours [1].",
        "Parking costs 2 euros for the first 2 hours.",
    )
    unit = check(claim, {"1": evidence}).units[0]
    shown = sorted(r.span.of(claim) for r in unit.reasons if r.code == "value_mismatch" and r.span)
    assert shown == ["3 hours", "free"], unit.reasons

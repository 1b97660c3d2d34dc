"""Precision regressions of the deterministic reason codes.

Each row names a pattern that made a check fire on real data although the evidence bears
the claim out (AttributionBench, WiCE, QAGS, SNLI; see BENCHMARKS.md "Reason-code
precision"), written as a made-up sentence that shows the pattern. ``silent`` rows must
not carry the code; ``fires`` rows keep a true catch of the same check next to them, so a
fix never buys its precision with the check itself.
"""

from __future__ import annotations

import pytest

import grounding_guard as gg


def _codes(claim: str, *evidence: str, **options: object) -> list[str]:
    chunks = {str(number): text for number, text in enumerate(evidence, 1)}
    marker = "".join(f"[{n}]" for n in chunks) if options.get("citations") != "none" else ""
    report = gg.check(f"{claim} {marker}".rstrip(), chunks, **options)
    return [code for unit in report.units for code in unit.codes]


def _rows(table: list[tuple[str, str, str, bool]]) -> dict[str, object]:
    return {
        "argvalues": [row[1:] for row in table],
        "ids": [row[0] for row in table],
    }


# ---- negation_mismatch -----------------------------------------------------------------

NEGATION: list[tuple[str, str, str, bool]] = [
    # (pattern, claim, evidence, fires)
    (
        "negation-inside-a-quoted-title",
        "Marta Quill and Oren Pike performed the duet in the film.",
        '"Never Perform Again" is a duet from the film, performed by Marta Quill and Oren Pike.',
        False,
    ),
    (
        "not-only-is-no-denial",
        "A regular sleep schedule is important for memory and mood.",
        "A regular sleep schedule is not only important for memory and mood, but also for focus.",
        False,
    ),
    (
        "whether-or-not-is-no-denial",
        "There is a dispute about whether lab-grown meat should be labelled.",
        "In the dispute about whether or not lab-grown meat should be labelled, critics speak up.",
        False,
    ),
    (
        "negation-of-a-word-the-claim-lacks",
        "The captain says the team must take risks in the final.",
        "The captain says the team must not be afraid to take risks in the final.",
        False,
    ),
    (
        "aside-repeats-what-the-text-states-plainly",
        "The rule stops an heir inheriting land from a parent they harmed.",
        "The rule stops an heir inheriting land from a parent they harmed (so a guilty heir "
        "cannot inherit from either parent).",
        False,
    ),
    (
        "both-sides-negate-different-words",
        "The patient may show a slight shrug or movement, not dramatic movement like in films.",
        "The patient may show a slight shrug or movement, but the arms will not jump up like "
        "in films.",
        False,
    ),
    (
        "paraphrased-denial-refused",
        "The board refused to approve the merger with the mill.",
        "The board would not approve the merger with the mill.",
        False,
    ),
    (
        "paraphrased-denial-ruled-out",
        "The investor ruled out further funding for the startup.",
        "The investor said it could not provide further funding for the startup.",
        False,
    ),
    (
        "failed-without-to-denies-nothing-after",
        "The first attempt to extend the opening hours failed in 2012.",
        "The first attempt to extend the opening hours was made in 2012.",
        False,
    ),
    (
        "seem-is-skipped-to-the-denied-verb",
        "The child notices the camera on the steps.",
        "The child stands on the steps and does not seem to notice the camera.",
        True,
    ),
    (
        "plain-added-negation",
        "The pump does not support solar power.",
        "The pump supports solar power.",
        True,
    ),
    ("nobody", "Nobody is dancing in the hall.", "A group of people is dancing in the hall.", True),
    (
        "duty-denied-against-a-duty",
        "Parking spaces do not need to be booked in advance.",
        "Parking is limited to 20 cars, and spaces must be booked in advance.",
        True,
    ),
    (
        "duty-stated-against-a-denied-duty",
        "Parking spaces must be booked in advance.",
        "Parking is limited to 20 cars, and spaces need not be booked in advance.",
        True,
    ),
    (
        "duty-stated-against-an-optional-one",
        "Visitors are required to register at the front desk.",
        "Visitors are not required to register at the front desk.",
        True,
    ),
    (
        "duty-kept",
        "Parking spaces must be booked in advance.",
        "Parking is limited to 20 cars, and spaces must be booked in advance.",
        False,
    ),
    (
        "duty-denied-for-another-thing",
        "Guests do not need to book the sauna in advance.",
        "Guests must pay for the sauna in advance.",
        False,
    ),
    (
        "found-against-did-not-find",
        "The study found a link between walking and job satisfaction.",
        "The study did not find any link between walking and job satisfaction.",
        True,
    ),
    (
        "found-no-against-did-not-find",
        "The study found no link between walking and job satisfaction.",
        "The study did not find any link between walking and job satisfaction.",
        False,
    ),
    (
        "claim-adds-a-denial-to-a-shared-without",
        "The battery cannot be removed without tools.",
        "The battery can be removed without tools and must be stored indoors in winter.",
        True,
    ),
    (
        "shared-without-alone-is-no-denial",
        "The battery can be removed without tools.",
        "The battery can be removed without tools and must be stored indoors in winter.",
        False,
    ),
    (
        "shared-denial-in-a-title-is-no-denial",
        "Luther Ingram sang the song 'If Loving You Is Wrong I Don't Want to Be Right.'",
        '"(If Loving You Is Wrong) I Don\'t Want to Be Right" is a song most notably '
        "performed by Luther Ingram.",
        False,
    ),
    (
        "shared-denial-and-another-denial-of-the-evidence",
        "The deep web is the part of the internet that is not indexed by search engines and "
        "includes non-indexed sites.",
        "The deep web is the part of the web whose contents are not indexed by search "
        "engines, which do not reach it.",
        False,
    ),
]


@pytest.mark.parametrize(("claim", "evidence", "fires"), **_rows(NEGATION))
def test_negation_mismatch_precision(claim: str, evidence: str, fires: bool) -> None:
    assert ("negation_mismatch" in _codes(claim, evidence)) is fires


# ---- direction_mismatch ----------------------------------------------------------------

DIRECTION: list[tuple[str, str, str, bool]] = [
    (
        "claim-contrasts-both-sides-itself",
        "Blasts make larger pressure waves than shear waves and smaller surface waves than "
        "pressure waves.",
        "Blasts also make smaller surface waves than pressure waves.",
        False,
    ),
    (
        "up-down-as-a-path",
        "The porter carries a crate down the street.",
        "A porter in a red coat carries a wooden crate on his back up a steep street.",
        False,
    ),
    (
        "shared-word-is-not-the-nearest",
        "The square may close to cars in a bid to get more people cycling.",
        "The square may close to cars in a bid to make the town less car heavy for people cycling.",
        False,
    ),
    (
        "particle-against-a-change-verb",
        "A group of boys is lying down.",
        "A group of boys jumping over a friend who lies on the grass.",
        False,
    ),
    (
        "particles-flip",
        "The cook looks up at the oven.",
        "The cook looks down at the oven in the kitchen.",
        True,
    ),
    ("verbs-flip", "Sales fell 20 percent in 2022.", "Sales grew 20 percent in 2022.", True),
    (
        "flip-beside-a-same-side-word-of-another-subject",
        "Spending on schools falls to 12.5 million euros.",
        "Spending on schools rises to 12.5 million euros, while road maintenance is cut by "
        "1.1 million euros.",
        True,
    ),
    (
        "same-side-word-of-its-own-subject-agrees",
        "Road maintenance is cut by 1.1 million euros.",
        "Spending on schools rises to 12.5 million euros, while road maintenance is cut by "
        "1.1 million euros.",
        False,
    ),
    (
        "same-side-word-sharing-a-neighbour-agrees",
        "The oxygen atom in the water molecules has a negative charge.",
        "There is no overall charge to a water molecule, but there is a slight positive "
        "charge on each hydrogen atom and a slight negative charge on the oxygen atom.",
        False,
    ),
    (
        "both-changes-of-one-subject-in-turn",
        "Revenue fell in the second quarter.",
        "Revenue rose in the first quarter and fell in the second quarter.",
        False,
    ),
    (
        "smaller-than-against-more-than",
        "The budget is 6% smaller than in 2026.",
        "The council approved a budget of 48.2 million euros, 6% more than in 2026.",
        True,
    ),
    (
        "larger-than-restates-more-than",
        "The budget is 6% larger than in 2026.",
        "The council approved a budget of 48.2 million euros, 6% more than in 2026.",
        False,
    ),
    (
        "more-than-of-another-figure-is-no-flip",
        "The budget is 4% smaller than in 2026.",
        "The council approved a budget of 48.2 million euros, 6% more than in 2026.",
        False,
    ),
    (
        "rises-against-stays-at",
        "Property tax rises to 0.42 percent.",
        "Property tax stays at 0.42 percent.",
        True,
    ),
    (
        "remained-unchanged-against-rose",
        "Property tax remained unchanged.",
        "Property tax rose by 2 percent in 2026.",
        True,
    ),
    (
        "remains-restates-stays",
        "Property tax remains at 0.42%.",
        "Property tax stays at 0.42 percent.",
        False,
    ),
    (
        "steady-of-another-subject",
        "Wages rose by 3%.",
        "Inflation remained at 3% while wages rose by 3%.",
        False,
    ),
    (
        "a-change-verb-and-its-object-past-the-subjects-own-word",
        "Norvik lowered its full-year sales forecast.",
        "The company raised its full-year sales forecast to growth of 5-6%, from 3-4% before.",
        True,
    ),
    (
        "an-adjective-flipped-beside-the-claims-own-same-side-verb",
        "Net income fell 12% because of lower packaging costs.",
        "Net income fell 12% to 180 million dollars, hurt by higher packaging costs.",
        True,
    ),
    (
        "an-adjective-kept-beside-the-claims-own-same-side-verb",
        "Net income fell 12% because of higher packaging costs.",
        "Net income fell 12% to 180 million dollars, hurt by higher packaging costs.",
        False,
    ),
    (
        "adds-against-drops-for-one-platform",
        "It adds support for Windows 8.",
        "It drops support for Windows 8 and adds native support for ARM64 on Linux.",
        True,
    ),
    (
        "drops-against-adds-for-one-platform",
        "It drops support for ARM64 on Linux.",
        "It drops support for Windows 8 and adds native support for ARM64 on Linux.",
        True,
    ),
    (
        "adds-kept-for-its-platform-past-a-drop",
        "It adds support for ARM64 on Linux.",
        "It drops support for Windows 8 and adds native support for ARM64 on Linux.",
        False,
    ),
    (
        "add-jobs-against-cut-jobs",
        "Norvik will add 600 jobs in Germany.",
        "Norvik will cut 600 jobs in Germany by the end of 2026.",
        True,
    ),
    (
        "removed-against-unchanged",
        "The plugin API has been removed.",
        "The plugin API is unchanged, but the legacy XML exporter has been removed.",
        True,
    ),
    (
        "unchanged-against-removed",
        "The legacy XML exporter is unchanged.",
        "The plugin API is unchanged, but the legacy XML exporter has been removed.",
        True,
    ),
    (
        "removed-of-its-own-subject-beside-unchanged",
        "The legacy XML exporter has been removed.",
        "The plugin API is unchanged, but the legacy XML exporter has been removed.",
        False,
    ),
    (
        "stays-at-is-a-level-not-any-change",
        "The office was replaced by a new building.",
        "The rent stays at 900 euros while the office was replaced by a new building.",
        False,
    ),
    (
        "groups-trade-places-in-a-comparison",
        "The effect was stronger in men than in women.",
        "The effect was stronger in women than in men.",
        True,
    ),
    (
        "the-other-comparative-with-the-groups-turned-says-the-same",
        "The effect was weaker in men than in women.",
        "The effect was stronger in women than in men.",
        False,
    ),
    (
        "remaining-as-a-participle-is-no-steadiness",
        "The remaining staff rose to the challenge.",
        "The remaining staff rose to the challenge after the merger.",
        False,
    ),
]


@pytest.mark.parametrize(("claim", "evidence", "fires"), **_rows(DIRECTION))
def test_direction_mismatch_precision(claim: str, evidence: str, fires: bool) -> None:
    assert ("direction_mismatch" in _codes(claim, evidence)) is fires


# ---- quote_mismatch / quote_drops_negation ---------------------------------------------

QUOTES: list[tuple[str, str, str, bool]] = [
    (
        "quote-lowers-its-first-letter",
        'Critics call the levy a "window tax" on small homes.',
        "'Window tax' hits small homes hardest, critics say.",
        False,
    ),
    (
        "hyphen-or-space",
        'The clinic offers a "whole person" approach to care.',
        "The clinic offers a whole-person approach to care.",
        False,
    ),
    (
        "title-of-short-capitalised-words",
        'The video for "All For You" was filmed at Rook Hall.',
        "The video was filmed at Rook Hall.",
        False,
    ),
    (
        "capital-that-is-no-sentence-start",
        'The plant "Treats all waste water" on site.',
        "The plant treats all waste water on site.",
        True,
    ),
    (
        "word-changed",
        'The mayor called it "a bold step ahead".',
        "The mayor called it a bold step forward.",
        True,
    ),
]


@pytest.mark.parametrize(("claim", "evidence", "fires"), **_rows(QUOTES))
def test_quote_mismatch_precision(claim: str, evidence: str, fires: bool) -> None:
    assert ("quote_mismatch" in _codes(claim, evidence)) is fires


def test_a_claim_that_keeps_the_negation_drops_nothing() -> None:
    evidence = 'He said he "did not want rivals and outsiders" to write the rules.'
    claim = 'He said he did not want "rivals and outsiders" to write the rules.'
    assert "quote_drops_negation" not in _codes(claim, evidence)
    assert "quote_drops_negation" in _codes('He wanted "rivals and outsiders" to write.', evidence)


def test_attribution_reports_no_misquote_when_another_chunk_holds_the_quote() -> None:
    # the quote stands in chunk 1, the rest of the claim in chunk 2: whatever the verdict,
    # the quote is no misquote
    claim = 'The mayor called the budget plan "a bold step forward" for the city in 2024.'
    chunks = (
        'Critics and friends alike said it was "a bold step forward" indeed.',
        "The mayor presented the budget plan for the city in 2024.",
    )
    assert "quote_mismatch" not in _codes(claim, *chunks, citations="none")
    misquoted = 'The mayor called the budget plan "a bold leap forward" for the city in 2024.'
    assert "quote_mismatch" in _codes(misquoted, *chunks, citations="none")
    # a quote with nothing close to it is informational (quote_unconfirmed), never a misquote
    absent = 'The mayor called the budget plan "a giant leap" for the city in 2024.'
    assert "quote_mismatch" not in _codes(absent, *chunks, citations="none")


# ---- value_mismatch / value_not_in_evidence --------------------------------------------

VALUES: list[tuple[str, str, str, str, bool]] = [
    # (pattern, claim, evidence, code, fires)
    (
        "tokenised-spaced-compound",
        "The 36-year-old retired last May after 15 years at the club.",
        "The 36 - year - old retired last may after 15 years at his boyhood club.",
        "value_mismatch",
        False,
    ),
    (
        "possessive-before-a-year",
        "Lee voices Fred in Harbor Bros.' 2021 film.",
        "Lee voices Fred in the 2021 film by Harbor Bros.",
        "name_not_in_evidence",
        False,
    ),
    (
        "then-prefixed-age",
        "Nash was Kay's then-16-year-old neighbour.",
        "Nash, 16 at the time, was Kay's neighbour.",
        "name_not_in_evidence",
        False,
    ),
    (
        "top-prefixed-count",
        "The top eight teams qualify directly for the final round.",
        "The top-8 teams qualify directly for the final round.",
        "value_not_in_evidence",
        False,
    ),
    (
        "name-number-read-whole",
        "Low CYP1A2 activity slows the breakdown of caffeine.",
        "Low CYP1A2 activity slows the breakdown of caffeine.",
        "name_not_in_evidence",
        False,
    ),
    (
        "pronoun-i-in-a-title",
        "Dee Rowe sang 'If Leaving You Is Wrong I Don't Want to Stay.'",
        "Dee Rowe sang a song about leaving in 1974.",
        "name_not_in_evidence",
        False,
    ),
    (
        "first-day-of-a-day-range",
        "Group A played in Lyon from 12 to 18 April 2015.",
        "Group A: Lyon, France, 12-18 April 2015.",
        "value_not_in_evidence",
        False,
    ),
    (
        "far-apart-alternatives-are-two-values",
        "The bank issued a silver €10 coin in 2014.",
        "In 2014 the bank issued coins with a face value of €10 or €50.",
        "value_not_in_evidence",
        False,
    ),
    (
        "fraction-written-apart",
        "Campaigners say two thirds of the homes are affected.",
        "Almost two-thirds of homes affected are occupied, campaigners say.",
        "value_not_in_evidence",
        False,
    ),
    (
        "partitive-part-and-whole",
        "There are two colleges in the county that start with the letter R.",
        "Rowan and Rider were two of nine colleges in the county.",
        "value_mismatch",
        False,
    ),
    (
        "figure-stated-in-the-sentence-naming-it",
        "Ames is 20 years old, Bell is 21, and Cole is 24.",
        "Ames is the youngest, as she is 20 years old. Bell is 21, and Cole is the oldest at "
        "24 years old.",
        "value_mismatch",
        False,
    ),
    (
        "a-weaker-lower-bound-is-implied",
        "More than £400,000 was lost by the councils.",
        "The councils lost more than £1m last year.",
        "value_mismatch",
        False,
    ),
    (
        "a-stronger-lower-bound-still-differs",
        "At least 300 firms joined the fund.",
        "At least 200 firms joined the fund.",
        "value_mismatch",
        True,
    ),
    (
        "date-without-its-year-in-a-dated-text",
        "The album came out on 28 June 2019.",
        "Posted 2 May 2019. The album comes out on June 28 on vinyl.",
        "value_not_in_evidence",
        False,
    ),
    (
        "an-end-of-a-date-range",
        "The paper ran the story on September 23, 2015.",
        "Archived copies: 23 Sep 2015 - 21 Jun 2022. The paper ran the story.",
        "value_not_in_evidence",
        False,
    ),
    (
        "abbreviated-month-before-a-day",
        "On January 25, 2019, the team moved to car No. 1.",
        "MOORESVILLE (Jan. 25, 2019) - The team moved to car No. 1 today.",
        "value_not_in_evidence",
        False,
    ),
    (
        "age-written-bare",
        "Bell, who is 21 years old, reached the final.",
        "Bell reached the final; he is 21.",
        "value_not_in_evidence",
        False,
    ),
    (
        "year-inside-an-event-name",
        "Rae won the singer of the year award in 2022.",
        "Song Awards 2022: Rae won the singer of the year award.",
        "value_not_in_evidence",
        False,
    ),
    (
        "counts-of-different-things",
        "Five people are standing by the stairs.",
        "Three women and two men are standing by the stairs.",
        "value_mismatch",
        False,
    ),
    (
        "counts-that-add-up",
        "Six men are standing in the hall.",
        "Two men stand in the hall as four others look on.",
        "value_mismatch",
        False,
    ),
    (
        "things-named-one-by-one",
        "Two dogs run on the grass.",
        "A brown dog and a white dog run on the grass.",
        "value_not_in_evidence",
        False,
    ),
    (
        "two-ages-in-one-sentence",
        "Ruiz is willing to fight for the shirt he made his own as a 16-year-old in 1996.",
        "The 33 - year - old says he is willing to fight for the shirt he made his own after "
        "breaking into the side as a 16 - year - old in 1996.",
        "value_mismatch",
        False,
    ),
    (
        "same-noun-other-count",
        "The firm hired 18 new engineers in May.",
        "The firm hired 17 new engineers in May.",
        "value_mismatch",
        True,
    ),
    (
        "count-absent-from-a-plain-plural",
        "The new wing holds twelve reading rooms for students.",
        "The new wing holds reading rooms for students.",
        "value_unconfirmed",
        True,
    ),
    (
        "count-of-things-against-a-count-of-pairs-beside-it",
        "A yak has 60 chromosomes in each of its cells.",
        "Yaks have 30 chromosome pairs for a total of 60 chromosomes in each cell.",
        "value_mismatch",
        False,
    ),
    (
        "count-of-things-stated-as-pairs-of-them",
        "A yak has 60 chromosomes in each of its cells.",
        "Yaks have 30 pairs of chromosomes in each of their cells.",
        "value_not_in_evidence",
        False,
    ),
    (
        "count-of-things-stated-as-pairs-of-them-no-mismatch",
        "A yak has 60 chromosomes in each of its cells.",
        "Yaks have 30 pairs of chromosomes in each of their cells.",
        "value_mismatch",
        False,
    ),
    (
        "count-of-things-stated-as-pairs-of-them-mismatch-kept",
        "A yak has 60 chromosomes in each of its cells.",
        "Yaks have 58 chromosomes in each of their cells.",
        "value_mismatch",
        True,
    ),
    (
        "count-of-things-not-twice-the-pairs",
        "A yak has 62 chromosomes in each of its cells.",
        "Yaks have 30 pairs of chromosomes in each of their cells.",
        "value_not_in_evidence",
        True,
    ),
    (
        "year-beside-a-navigation-box-of-other-years",
        "Northwind won the Baltic Cup in 2004.",
        "Host city Riga \u2190 2003 2005 \u2192 The 2004 Baltic Cup final was won by Northwind.",
        "value_mismatch",
        False,
    ),
    (
        "year-beside-a-navigation-box-mismatch-kept",
        "Northwind won the Baltic Cup in 2006.",
        "Host city Riga \u2190 2003 2005 \u2192 The 2004 Baltic Cup final was won by Northwind.",
        "value_mismatch",
        True,
    ),
    (
        "pairs-against-pairs-kept",
        "The shop sold 12 pairs of boots on Monday.",
        "The shop sold 10 pairs of boots on Monday.",
        "value_mismatch",
        True,
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "code", "fires"),
    [row[1:] for row in VALUES],
    ids=[row[0] for row in VALUES],
)
def test_value_codes_precision(claim: str, evidence: str, code: str, fires: bool) -> None:
    assert (code in _codes(claim, evidence)) is fires


# ---- name_not_in_evidence --------------------------------------------------------------

NAMES: list[tuple[str, str, str, bool]] = [
    (
        "a-month-is-no-name",
        "The show aired in July 2018 on the network.",
        "The show aired on the network on 2018-07-14.",
        False,
    ),
    (
        "expansion-against-dotted-acronym",
        "The family moved back to the United States in 1954.",
        "The family moved back to the U.S. in 1954.",
        False,
    ),
    (
        "acronym-against-expansion",
        "According to the CDC, the test finds 60 percent of cases.",
        "According to the Centers for Disease Control, the test finds 60 percent of cases.",
        False,
    ),
    (
        "expansion-against-acronym",
        "He won the Writers Guild of Canada award for the film.",
        "He won the WGC award for the film.",
        False,
    ),
    (
        "acronym-the-claim-defines",
        "Heart size is read with the cardiothoracic ratio (CTR) on an x-ray.",
        "Heart size is read as the cardiothoracic ratio on an x-ray.",
        False,
    ),
    (
        "derived-form",
        "Many European languages name the country after a tribe.",
        "Many languages of Europe name the country after a tribe.",
        False,
    ),
    (
        "written-joined",
        "Gadget Crunch praised the website in 2009.",
        "GadgetCrunch praised the website in 2009.",
        False,
    ),
    (
        "single-quoted-title",
        "Lia Moss sang 'I Wish to Be Bobby's Girl.'",
        "Lia Moss sang a song about Bobby.",
        False,
    ),
    (
        "capital-after-a-dash-bullet",
        "Good samples are: - Clean solvents - Pure oils and fats.",
        "Good samples are clean solvents, oils and fats.",
        False,
    ),
    ("accents-dropped", "Sadio Mane scored twice.", "Sadio Mané scored twice.", False),
    (
        "a-similar-surname-is-another-name",
        "Ada Johnson won the race.",
        "Ada Johnston won the race.",
        True,
    ),
    (
        "an-absent-person",
        "Dr. Alvarez measured 14 hours of battery life.",
        "Lab testing measured 14 hours of battery life.",
        True,
    ),
]


@pytest.mark.parametrize(("claim", "evidence", "fires"), **_rows(NAMES))
def test_name_not_in_evidence_precision(claim: str, evidence: str, fires: bool) -> None:
    # the name counts as missing: merely absent (name_not_in_evidence) or with another
    # name in its slot (name_mismatch, as "Ada Johnston" for "Ada Johnson")
    codes = _codes(claim, evidence)
    assert ("name_not_in_evidence" in codes or "name_mismatch" in codes) is fires

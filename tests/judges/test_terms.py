"""Meaning checks on words: opposites, names, polarity, irregular and derived forms.

Rows are made-up sentences named after the pattern they show. Each check is tested both
ways: the wrong claim is caught (``fires``) and the right one stays grounded.
"""

from __future__ import annotations

from importlib.resources import files

import pytest

import grounding_guard as gg
from grounding_guard.text.lexicon import (
    antonyms,
    is_proper_name,
    pertainyms,
    stem,
    superlative,
)


def _unit(claim: str, evidence: str) -> gg.UnitResult:
    report = gg.check(f"{claim} [1]", {"1": evidence})
    return report.units[0]


def _codes(claim: str, evidence: str) -> set[str]:
    return set(_unit(claim, evidence).codes)


Row = tuple[str, str, str, str | None]

# (pattern, claim, evidence, code expected or None for grounded without it)
OPPOSITES: list[Row] = [
    (
        "superlative-flipped",
        "Melting was slowest in the summers of 2018 and 2022.",
        "Melting was fastest in the summers of 2018 and 2022.",
        "antonym_mismatch",
    ),
    (
        "superlative-kept-beside-its-opposite-of-another-year",
        "Melting was fastest in the summers of 2018 and 2022.",
        "Melting was fastest in the summers of 2018 and 2022, and slowest in 2020.",
        None,
    ),
    (
        "front-advanced-against-retreated",
        "The glacier's front advanced by 1.2 kilometres.",
        "The glacier's front retreated by 1.2 kilometres over the same period.",
        "antonym_mismatch",
    ),
    (
        "front-retreat-kept",
        "The glacier's front retreated by 1.2 km.",
        "The glacier's front retreated by 1.2 kilometres over the same period.",
        None,
    ),
    (
        "amount-doubled-against-halved",
        "The dose should be doubled in patients with severe kidney disease.",
        "The dose should be halved in patients with severe kidney disease.",
        "antonym_mismatch",
    ),
    (
        "amount-halved-kept",
        "In severe kidney disease the dose should be halved.",
        "The dose should be halved in patients with severe kidney disease.",
        None,
    ),
    (
        "part-flipped-past-a-figure-before-it",
        "The Vela E3 has a front-hub motor.",
        "The Vela E3 commuter bike has a 250 W rear-hub motor and a 504 Wh battery.",
        "antonym_mismatch",
    ),
    (
        "part-kept-past-a-figure-before-it",
        "The Vela E3 has a rear-hub motor.",
        "The Vela E3 commuter bike has a 250 W rear-hub motor and a 504 Wh battery.",
        None,
    ),
    (
        "age-group-flipped",
        "412 children with moderate asthma took part in NOVA-2.",
        "In the NOVA-2 trial, 412 adults with moderate asthma were assigned to ferocort.",
        "antonym_mismatch",
    ),
    (
        "age-group-kept",
        "412 adults with moderate asthma took part in NOVA-2.",
        "In the NOVA-2 trial, 412 adults with moderate asthma were assigned to ferocort.",
        None,
    ),
    (
        "a-split-non-word-is-the-joined-word",
        "The ethics of non-invasive prenatal testing are debated.",
        "The ethics of noninvasive prenatal testing are debated.",
        None,
    ),
    (
        "release-note-added-against-removed",
        "Version 4.2 added support for Windows 7.",
        "Version 4.2 removed support for Windows 7.",
        "antonym_mismatch",
    ),
    (
        "release-note-removed-kept",
        "Version 4.2 removed support for Windows 7.",
        "Version 4.2 removed support for Windows 7.",
        None,
    ),
    (
        "change-verb-flipped",
        "Corvalex lowers warfarin levels.",
        "Corvalex increases warfarin levels.",
        "direction_mismatch",
    ),
    (
        "change-verb-same",
        "Corvalex raises warfarin levels.",
        "Corvalex increases warfarin levels.",
        None,
    ),
    (
        "bound-flipped",
        "The syrup is approved for children under 12.",
        "The syrup is approved for children over 12.",
        "antonym_mismatch",
    ),
    (
        "bound-same",
        "The syrup is approved for children over 12.",
        "The syrup is approved for children over 12 years.",
        None,
    ),
    (
        "state-adjective-flipped",
        "Store the tablets in a warm place.",
        "Store the tablets in a cool place.",
        "antonym_mismatch",
    ),
    (
        "state-adjective-same",
        "Store the tablets in a cool place.",
        "Store the tablets in a cool, dry place.",
        None,
    ),
    (
        "permission-against-avoid",
        "You may drink alcohol while taking Corvalex.",
        "Avoid alcohol while taking Corvalex.",
        "antonym_mismatch",
    ),
    (
        "prohibition-against-avoid",
        "Do not drink alcohol while taking Corvalex.",
        "Avoid alcohol while taking Corvalex.",
        None,
    ),
    (
        "stop-against-keep",
        "Stop taking the tablets after a week.",
        "Keep taking the tablets after a week.",
        "antonym_mismatch",
    ),
    (
        "keep-against-keep",
        "Keep taking the tablets after a week.",
        "Keep taking the tablets for a week or longer.",
        None,
    ),
    (
        "do-not-against-fine-to",
        "Do not drive after the first dose.",
        "It is fine to drive after the first dose.",
        "negation_mismatch",
    ),
    (
        "prohibits-against-allows",
        "The new bylaw prohibits street parking.",
        "The new bylaw allows street parking.",
        "direction_mismatch",
    ),
    (
        "minimum-against-maximum",
        "The minimum dose is 5 mg a day.",
        "The maximum dose is 5 mg a day.",
        "direction_mismatch",
    ),
    (
        "change-before-the-same-figure-flipped",
        "Profit fell 12% from the previous year.",
        "The bank reported a profit of $4 billion for 2025, up 12% from the previous year.",
        "direction_mismatch",
    ),
    (
        "down-before-a-figure-against-up",
        "Profit was down 12% from the previous year.",
        "The bank reported a profit of $4 billion for 2025, up 12% from the previous year.",
        "direction_mismatch",
    ),
    (
        "up-from-the-old-figure-against-fell",
        "The number of trips fell in 2023.",
        "In 2023 riders made 2.3 million trips, up from 1.6 million in 2022.",
        "direction_mismatch",
    ),
    (
        "down-by-a-share-against-rose",
        "Costs rose by 20% last year.",
        "Costs were down by 20% last year, at 4 million euros.",
        "direction_mismatch",
    ),
    (
        "up-from-said-of-another-figure",
        "Revenue fell in 2023.",
        "Revenue was 5 million euros in 2023 and costs 4 million, up from 3 million.",
        None,
    ),
    (
        "up-from-the-old-figure-agrees-with-rose",
        "The number of trips rose to 2.3 million in 2023.",
        "In 2023 riders made 2.3 million trips, up from 1.6 million in 2022.",
        None,
    ),
    (
        "fewer-than-against-more-than-the-same-standard",
        "Skyvale carried fewer passengers in 2024 than in 2023.",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023.",
        "direction_mismatch",
    ),
    (
        "more-than-the-same-standard-agrees",
        "Skyvale carried more passengers in 2024 than in 2023.",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023.",
        None,
    ),
    (
        "attack-more-than-of-another-subject",
        "Nordair carried fewer passengers in 2024 than in 2023.",
        "In 2024 Skyvale carried 6.1 million passengers, 12% more than in 2023, while Nordair "
        "carried 2 million.",
        None,
    ),
    (
        "up-before-a-figure-against-rose-kept",
        "Prices were up 5% in May.",
        "Prices rose 5% in May.",
        None,
    ),
    (
        "loss-against-profit",
        "Analysts had expected a loss of $4.5 billion.",
        "Analysts had expected a profit of $4.5 billion.",
        "antonym_mismatch",
    ),
    (
        "optional-against-mandatory",
        "Helmets are optional on all rentals.",
        "Helmets are mandatory on all rentals.",
        "antonym_mismatch",
    ),
    (
        "optional-kept-when-the-evidence-says-optional",
        "Helmets are optional on all rentals.",
        "On all rentals, helmets are optional.",
        None,
    ),
    (
        "half-pay-against-full-pay",
        "Parental leave is 16 weeks at half pay.",
        "Parental leave is 16 weeks at full pay.",
        "antonym_mismatch",
    ),
    (
        "half-kept-when-both-say-half-full",
        "Half of the staff work full time.",
        "Half of the staff work full time.",
        None,
    ),
    (
        "humid-place-against-dry-place",
        "Store the laptop in a humid place.",
        "Store the laptop in a dry place.",
        "antonym_mismatch",
    ),
    (
        "dry-kept-when-the-evidence-says-dry",
        "Store the laptop somewhere dry.",
        "Store the laptop in a dry place.",
        None,
    ),
    (
        "success-against-failure",
        "The test launch was a success.",
        "The test launch was a failure.",
        "direction_mismatch",
    ),
    (
        "before-against-after",
        "Take the tablet before breakfast.",
        "Take the tablet after breakfast.",
        "direction_mismatch",
    ),
    (
        "paraphrase-keeps-meaning",
        "Store the tablets somewhere cool.",
        "Store the tablets in a cool place.",
        None,
    ),
    (
        "opposite-about-another-thing",
        "The room was warm and the soup was served at noon.",
        "The soup was cool but the room was pleasant at noon.",
        None,
    ),
    (
        "double-negation-not-uncommon",
        "Side effects are not uncommon with Corvalex.",
        "Side effects are common with Corvalex.",
        None,
    ),
    (
        "both-sides-on-both-sides",
        "Corvalex raises HDL and lowers LDL in adults.",
        "In adults Corvalex raises HDL and lowers LDL.",
        None,
    ),
    (
        "restated-clause-hides-a-flip",
        "Revenue grew 40 percent in 2023 and revenue fell 40 percent in 2023.",
        "Revenue grew 40 percent in 2023.",
        "direction_mismatch",
    ),
    (
        "change-word-ends-the-claim-evidence-goes-on",
        "The lowest supported firmware drops.",
        "The lowest supported firmware rises from 9 to 12 this spring.",
        "direction_mismatch",
    ),
    (
        "change-word-ends-the-claim-other-subject",
        "Museum ticket prices drop.",
        "Museum ticket sales are steady while hotel prices rise from 90 to 120 euros in August.",
        None,
    ),
    (
        "partial-against-full",
        "Members can claim a partial refund.",
        "Members can claim a full refund within 30 days.",
        "antonym_mismatch",
    ),
    (
        "adverb-of-opposite-adjectives",
        "Refunds are issued manually.",
        "Refunds are issued automatically within five days of the return.",
        "antonym_mismatch",
    ),
    (
        "adverb-of-opposite-adjectives-same-way",
        "Refunds are issued automatically.",
        "Refunds are issued automatically within five days of the return.",
        None,
    ),
    (
        "both-clauses-restated",
        "Revenue grew 40 percent in 2023 and profit fell 5 percent in 2023.",
        "Revenue grew 40 percent in 2023, while profit fell 5 percent in 2023.",
        None,
    ),
    (
        "un-prefix-negates-the-adjective",
        "The old footbridge is unsafe for cyclists after dark.",
        "The old footbridge is safe for cyclists after dark.",
        "antonym_mismatch",
    ),
    (
        "un-prefix-kept",
        "The old footbridge is unsafe for cyclists after dark.",
        "Inspectors found the old footbridge unsafe for cyclists after dark.",
        None,
    ),
    (
        "un-prefix-on-the-evidence-side",
        "The east entrance is suitable for wheelchair users.",
        "The east entrance is unsuitable for wheelchair users; use the west entrance.",
        "antonym_mismatch",
    ),
    (
        "opposite-in-a-sentence-that-ties-with-an-earlier-one",
        "The vaccine is unsafe for people with weakened immune systems.",
        "The vaccine is offered to people aged 50 with a severely weakened immune system. "
        "It does not contain live virus, so the vaccine is safe for people with weakened "
        "immune systems.",
        "antonym_mismatch",
    ),
    (
        "tied-sentence-with-the-claims-own-word-supports",
        "The vaccine is safe for people with weakened immune systems.",
        "The vaccine is offered to people aged 50 with a severely weakened immune system. "
        "It does not contain live virus, so the vaccine is safe for people with weakened "
        "immune systems.",
        None,
    ),
    (
        "how-often-common-against-rare",
        "Rare side effects of the tablets include a mild rash.",
        "Common side effects of the tablets include a mild rash.",
        "antonym_mismatch",
    ),
    (
        "change-by-the-same-amount-subject-against-object",
        "Systolic blood pressure rose by an average of 6 mmHg after the diet.",
        "Participants lowered their systolic blood pressure by an average of 6 mmHg after "
        "the diet.",
        "direction_mismatch",
    ),
    (
        "change-by-the-same-amount-restated",
        "Systolic blood pressure fell by an average of 6 mmHg after the diet.",
        "Participants lowered their systolic blood pressure by an average of 6 mmHg after "
        "the diet.",
        None,
    ),
    (
        "verdict-far-from-its-subject",
        "The council rejected the housing development.",
        "The city council voted 9 to 4 on Tuesday to approve a 220-home housing development.",
        "direction_mismatch",
    ),
    (
        "verdict-far-from-its-subject-restated",
        "The council approved the housing development.",
        "The city council voted 9 to 4 on Tuesday to approve a 220-home housing development.",
        None,
    ),
    (
        "approval-against-refusal",
        "Planning officers had recommended approval of the scheme.",
        "Planning officers had recommended refusal of the scheme.",
        "direction_mismatch",
    ),
    (
        "opposite-after-the-same-subject-beside-the-claims-word-of-another",
        "The railway line has been closed.",
        "The A38 is closed between the two towns, but the railway line remains open.",
        "antonym_mismatch",
    ),
    (
        "claims-word-of-its-own-subject-beside-the-opposite-of-another",
        "The railway line remains open.",
        "The A38 is closed between the two towns, but the railway line remains open.",
        None,
    ),
    (
        "closes-at-the-end-of-its-opening-hours",
        "The pharmacy closes at 18:00 on weekdays.",
        "The pharmacy is open from 8:30 to 18:00 on weekdays and closed on Sundays.",
        None,
    ),
    (
        "opens-at-the-end-of-its-closed-hours",
        "The pharmacy opens at 13:00 on Saturdays.",
        "The pharmacy is closed from 9:00 to 13:00 on Saturdays.",
        None,
    ),
    (
        "told-to-stay-against-told-to-leave",
        "Residents have been told to stay.",
        "Residents have been told to leave.",
        "antonym_mismatch",
    ),
    (
        "change-turned-round",
        "Webhook signatures switch from SHA-256 to SHA-1 in version 3.",
        "Webhook signatures switch from SHA-1 to SHA-256 in version 3.",
        "direction_mismatch",
    ),
    (
        "change-restated",
        "Webhook signatures switch from SHA-1 to SHA-256 in version 3.",
        "Webhook signatures switch from SHA-1 to SHA-256 in version 3.",
        None,
    ),
    (
        "how-often-kept",
        "Rare side effects of the tablets include a mild rash.",
        "Rare side effects of the tablets include a mild rash and, very rarely, fever.",
        None,
    ),
    # -- the two groups of one comparative trading subject and "than" places -----------
    (
        "than-groups-trade-places",
        "Women visited the gym more often than men.",
        "Men visited the gym more often than women, the survey found.",
        "direction_mismatch",
    ),
    (
        "counted-comparison-turned",
        "The ski area has more black runs than red runs.",
        "The ski area has 12 green, 18 blue, 14 red and 6 black runs.",
        "direction_mismatch",
    ),
    (
        "counted-comparison-kept",
        "The ski area has fewer black runs than red runs.",
        "The ski area has 12 green, 18 blue, 14 red and 6 black runs.",
        None,
    ),
    (
        "counted-comparison-in-words",
        "The hotel has more suites than doubles.",
        "The hotel has four suites and nine doubles.",
        "direction_mismatch",
    ),
    (
        "than-groups-kept",
        "Men visited the gym more often than women.",
        "Men visited the gym more often than women, the survey found.",
        None,
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in OPPOSITES], ids=[r[0] for r in OPPOSITES]
)
def test_opposites(claim: str, evidence: str, code: str | None) -> None:
    unit = _unit(claim, evidence)
    if code is None:
        assert unit.status.value == "grounded", unit.reasons
    else:
        assert code in unit.codes, unit.reasons
        assert unit.status.value == "contradicted"


def test_an_opposite_carries_both_spans_and_says_which_words() -> None:
    claim, evidence = "Store the tablets in a warm place.", "Store the tablets in a cool place."
    reason = next(r for r in _unit(claim, evidence).reasons if r.code == "antonym_mismatch")
    assert reason.span is not None and reason.evidence_span is not None
    assert claim[reason.span.start : reason.span.end] == "warm"
    assert evidence[reason.evidence_span.start : reason.evidence_span.end] == "cool"
    assert "'warm'" in reason.message and "'cool'" in reason.message


NAMES: list[Row] = [
    (
        "name-added-to-a-list-that-a-clause-follows",
        "The study ran in Chile, Peru, Brazil and Mexico.",
        "The study ran in Chile, Peru and Brazil and was paid for by the Lorne Trust.",
        "name_mismatch",
    ),
    (
        "only-one-of-a-list-a-clause-follows",
        "The study ran only in Peru.",
        "The study ran in Chile, Peru and Brazil and was paid for by the Lorne Trust.",
        "name_mismatch",
    ),
    (
        "only-one-of-a-listed-pair",
        "The update brings dark mode to macOS only.",
        "The update brings dark mode to Windows and macOS.",
        "name_mismatch",
    ),
    (
        "only-before-the-name",
        "The update brings dark mode only to Windows.",
        "The update brings dark mode to Windows and macOS.",
        "name_mismatch",
    ),
    (
        "only-the-whole-list",
        "The update brings dark mode to Windows and macOS only.",
        "The update brings dark mode to Windows and macOS.",
        None,
    ),
    (
        "not-only-is-no-restriction",
        "The update brings dark mode not only to Windows but also to macOS.",
        "The update brings dark mode to Windows and macOS.",
        None,
    ),
    (
        "only-where-the-evidence-says-only-too",
        "The update brings dark mode to Windows only.",
        "The update brings dark mode to Windows only, and macOS follows later.",
        None,
    ),
    (
        "name-added-to-a-list-the-evidence-gives-whole",
        "The recall covers Ontario, Quebec and Manitoba.",
        "The recall covers Ontario and Quebec only, and the organic range is not affected.",
        "name_mismatch",
    ),
    (
        "list-restated-in-another-order",
        "The recall covers Quebec and Ontario.",
        "The recall covers Ontario and Quebec only, and the organic range is not affected.",
        None,
    ),
    (
        "list-shortened-to-one-member",
        "The recall covers Ontario.",
        "The recall covers Ontario and Quebec only, and the organic range is not affected.",
        None,
    ),
    (
        "first-word-city-swapped",
        "Berlin hosted the summit in 2019.",
        "Paris hosted the summit in 2019.",
        "name_mismatch",  # another city in the same slot: a contradiction, not a gap
    ),
    (
        "first-word-city-kept",
        "Paris hosted the summit in 2019.",
        "The summit of 2019 was hosted by Paris.",
        None,
    ),
    (
        "first-word-common-capital",
        "Researchers hosted the summit in 2019.",
        "The summit of 2019 was hosted by researchers.",
        None,
    ),
    (
        "demonym-against-country",
        "Chinese provinces reported more cases.",
        "Provinces of China reported more cases.",
        None,
    ),
    (
        "country-against-demonym",
        "Provinces of China reported more cases.",
        "Chinese provinces reported more cases.",
        None,
    ),
    (
        "possessive-against-adjective",
        "France's president visited Rome in May.",
        "The French president visited Rome in May.",
        None,
    ),
    (
        "supplement-british-britain",
        "British exports rose in 2020.",
        "Exports from Britain rose in 2020.",
        None,
    ),
    (
        "capitalised-common-word-alone",
        "A Black cat sleeps on the sofa.",
        "A black cat sleeps on the sofa.",
        None,
    ),
    (
        "name-inside-a-run-still-checked",
        "The Russian Navy held drills in the Baltic.",
        "The navy held drills in the Baltic.",
        "name_not_in_evidence",
    ),
    ("unspaced-script-run-is-no-name", "电池续航时间很长", "这款设备的电池续航时间很长。", None),
    (
        "swap-at-the-start-of-a-name-the-passage-states-elsewhere",
        "Redmoor took the lead in the 12th minute.",
        "Redmoor United beat Castleton 3-1 at home. Castleton took the lead in the 12th minute.",
        "name_mismatch",
    ),
    (
        "name-the-passage-writes-in-the-same-phrase-is-no-swap",
        "Gabby Giffords walked through the airport using a cane on Thursday.",
        "Gabby Giffords was seen in Los Angeles. Gabrielle Giffords walked through the "
        "airport using a cane on Thursday.",
        None,
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in NAMES], ids=[r[0] for r in NAMES]
)
def test_names(claim: str, evidence: str, code: str | None) -> None:
    codes = _codes(claim, evidence)
    if code is None:
        assert "name_not_in_evidence" not in codes
        assert _unit(claim, evidence).status.value == "grounded"
    else:
        assert code in codes


def test_a_name_added_to_the_commas_of_an_address_stays_informational() -> None:
    unit = _unit(
        "The poet was born in Elm Row, Clifton, Bristol, in a house that still stands.",
        "The poet was born in Elm Row, Clifton, in a house that still stands.",
    )
    assert unit.codes == ("name_not_in_evidence",) and unit.status.value == "grounded"


def test_a_missing_name_outside_a_list_stays_informational() -> None:
    """Only a name added to a list fails the unit; one merely missing beside a list of
    other names is informational, as every missing name is."""
    unit = _unit("Manitoba stores sell the sauce.", "Stores in Ontario and Quebec sell the sauce.")
    assert "name_mismatch" not in unit.codes
    assert "name_not_in_evidence" in unit.codes
    assert unit.status is gg.Status.GROUNDED


def test_a_name_added_to_a_list_points_at_both() -> None:
    claim = "The recall covers Ontario, Quebec and Manitoba."
    evidence = "The recall covers Ontario and Quebec only."
    reason = next(r for r in _unit(claim, evidence).reasons if r.code == "name_mismatch")
    assert reason.span is not None and reason.evidence_span is not None
    assert claim[reason.span.start : reason.span.end] == "Manitoba"
    assert evidence[reason.evidence_span.start : reason.evidence_span.end] == "Ontario and Quebec"


POLARITY: list[Row] = [
    (
        "no-longer-against-a-verb-of-ending",
        "The old booking site will no longer be supported after 30 June.",
        "Support for the old booking site ends on 30 June.",
        None,
    ),
    (
        "no-longer-against-abolished-object",
        "The pool no longer charges entry fees.",
        "Entry fees were abolished in 2024, but lockers are charged at 2 euros.",
        None,
    ),
    (
        "denial-across-but-of-another-clause",
        "The pool does not charge for lockers.",
        "Entry fees were abolished in 2024, but lockers are charged at 2 euros.",
        "negation_mismatch",
    ),
    (
        "not-ended-against-ended",
        "The strike at the port has not ended.",
        "The strike at the port ended on Monday after talks.",
        "negation_mismatch",
    ),
    (
        "denied-against-still-beside-another-denial",
        "Members can no longer book courts by phone.",
        "The club no longer prints timetables; members can still book courts by phone.",
        "negation_mismatch",
    ),
    (
        "the-other-denial-restated",
        "The club no longer prints timetables.",
        "The club no longer prints timetables; members can still book courts by phone.",
        None,
    ),
    (
        "still-against-previously-now",
        "Offline maps are still limited to paying members.",
        "Offline maps, previously limited to paying members, are now free for everyone.",
        "negation_mismatch",
    ),
    (
        "previously-restated-as-past",
        "Offline maps were previously limited to paying members.",
        "Offline maps, previously limited to paying members, are now free for everyone.",
        None,
    ),
    (
        "still-without-a-change-now",
        "Offline maps are still limited to paying members.",
        "Offline maps, previously limited to paying members in Europe, stay that way.",
        None,
    ),
    (
        "stated-of-the-exception",
        "Dogs are allowed in the reading room.",
        "Dogs on a lead are allowed in all rooms except the reading room.",
        "negation_mismatch",
    ),
    (
        "denied-of-the-exception",
        "Dogs are not allowed in the reading room.",
        "Dogs on a lead are allowed in all rooms except the reading room.",
        None,
    ),
    (
        "exception-of-a-denied-rule",
        "Dogs are allowed in the garden.",
        "Dogs are not allowed anywhere except the garden.",
        None,
    ),
    (
        "exception-closes-the-nearer-rule",
        "The pool is open on Sundays in August.",
        "The pool is open from 9:00 to 18:00 Monday to Saturday and closed on Sundays, "
        "except in August.",
        None,
    ),
    (
        "exception-closes-the-nearer-rule-claim-of-it",
        "The pool is closed on Sundays in August.",
        "The pool is open from 9:00 to 18:00 Monday to Saturday and closed on Sundays, "
        "except in August.",
        "negation_mismatch",
    ),
    (
        "needed-against-not-required",
        "Customers need a receipt to get a refund.",
        "Customers can return it for a full refund; a receipt is not required.",
        "negation_mismatch",
    ),
    (
        "required-restated-as-needed",
        "The Extended plan is needed for trips over 45 days.",
        "The Extended plan is required for trips over 45 days.",
        None,
    ),
    (
        "clause-denied-by-no-evidence-stated-as-fact",
        "The flaw has been actively exploited.",
        "There is no evidence that the flaw has been exploited.",
        "negation_mismatch",
    ),
    (
        "clause-without-evidence-stated-as-fact",
        "Vaccines cause autism.",
        "There is no evidence that vaccines cause autism.",
        "negation_mismatch",
    ),
    (
        "a-clause-after-but-is-no-clause-without-evidence",
        "The drug works in adults.",
        "There is no evidence that the drug works in children, but it works in adults.",
        None,
    ),
    (
        "denied-after-or",
        "The vegan chocolate cake contains dairy.",
        "The vegan chocolate cake is made without eggs or dairy, but it contains wheat.",
        "negation_mismatch",
    ),
    (
        "stated-beside-a-denial-after-or",
        "The vegan chocolate cake contains wheat.",
        "The vegan chocolate cake is made without eggs or dairy, but it contains wheat.",
        None,
    ),
    (
        "every-against-most",
        "Every item can be exchanged within 14 days.",
        "Most items can be exchanged within 14 days.",
        "scope_mismatch",
    ),
    (
        "most-restated",
        "Most items can be exchanged within 14 days.",
        "Most items can be exchanged within 14 days.",
        None,
    ),
    (
        "always-against-usually",
        "The ferry always leaves from Pier 3.",
        "The ferry usually leaves from Pier 3.",
        "scope_mismatch",
    ),
    (
        "all-where-the-evidence-says-all-of-it",
        "All rooms have a kettle.",
        "Most rooms have a balcony, and all rooms have a kettle.",
        None,
    ),
    (
        "all-against-all-but-one",
        "The council accepted all of the recommendations.",
        "The council accepted all but one of the recommendations.",
        "scope_mismatch",
    ),
    (
        "all-of-a-possessive-against-all-but-two",
        "The board approved all 12 of the committee's proposals.",
        "The board approved all but two of the proposals.",
        "scope_mismatch",
    ),
    (
        "condition-dropped",
        "Flood damage to your home is covered as standard.",
        "Flood damage to your home is covered only if you have added the Flood option.",
        "scope_mismatch",
    ),
    (
        "condition-kept",
        "Flood damage to your home is covered only if you have added the Flood option.",
        "Flood damage to your home is covered only if you have added the Flood option.",
        None,
    ),
    (
        "condition-of-another-clause",
        "Parking at the hotel is free for guests.",
        "Parking at the hotel is free for guests; the spa is open only if you book ahead.",
        None,
    ),
    (
        "must-against-recommended",
        "You must book a table for Sunday lunch.",
        "Booking a table is recommended for Sunday lunch.",
        "negation_mismatch",
    ),
    (
        "recommended-restated",
        "Booking a table is recommended for Sunday lunch.",
        "Booking a table is recommended for Sunday lunch.",
        None,
    ),
    (
        "must-against-can-be",
        "The tablets must be taken with water.",
        "The tablets can be taken with or without water.",
        "negation_mismatch",
    ),
    (
        "must-where-the-evidence-also-requires-it",
        "Groups must book a table for Sunday lunch.",
        "Booking is recommended for Sunday lunch, and groups of ten must book a table.",
        None,
    ),
    (
        "costs-nothing-restates-free",
        "Entry to the walled gardens costs nothing, while a guided tour costs £5.",
        "Entry to the walled gardens is free; a guided tour costs £5.",
        None,
    ),
    (
        "not-free-against-free",
        "Entry to the walled gardens is not free.",
        "Entry to the walled gardens is free.",
        "negation_mismatch",
    ),
    (
        "not-charged-restates-a-hyphenated-free",
        "You are not charged a fee for the first three withdrawals each month.",
        "The first three withdrawals each month are fee-free.",
        None,
    ),
    (
        "no-longer-restates-support-dropped",
        "The Python SDK no longer supports Python 3.8.",
        "The Python SDK now requires Python 3.9; support for Python 3.7 and 3.8 has been dropped.",
        None,
    ),
    (
        "open-question-stated-as-a-finding",
        "The trial showed that cutting salt lowers the risk of stroke.",
        "The researchers said the trial was too short to show whether the reduction lowers "
        "the risk of stroke.",
        "negation_mismatch",
    ),
    (
        "open-question-after-not-known-if-stated-as-fact",
        "The new drug lowers the risk of stroke in older adults.",
        "Doctors do not yet know if the new drug lowers the risk of stroke in older adults.",
        "negation_mismatch",
    ),
    (
        "open-question-kept-open",
        "It is not yet known whether the new drug lowers the risk of stroke.",
        "Doctors do not yet know whether the new drug lowers the risk of stroke.",
        None,
    ),
    (
        "open-question-hedged-by-may",
        "The new drug may lower the risk of stroke.",
        "Doctors do not yet know whether the new drug lowers the risk of stroke.",
        None,
    ),
    (
        "whether-of-alternatives-is-no-open-question",
        "Full-time staff get 25 days of paid leave.",
        "All staff, whether full-time or part-time, get 25 days of paid leave.",
        None,
    ),
    (
        "if-of-a-condition-is-no-open-question",
        "The tablets work faster with food.",
        "If you take the tablets with food, they work faster.",
        None,
    ),
    (
        "no-evidence-restated-as-a-denial",
        "Vaccines do not cause autism.",
        "There is no evidence that vaccines cause autism.",
        None,
    ),
    (
        "no-evidence-restated-without-that",
        "There is no evidence the flaw has been exploited.",
        "There is no evidence that the flaw has been exploited.",
        None,
    ),
    (
        "no-evidence-restated-as-a-plain-denial",
        "The flaw has not been exploited.",
        "There is no evidence that the flaw has been exploited.",
        None,
    ),
    (
        "with-or-without-offers-both",
        "The tablets can be taken with food.",
        "The tablets can be taken with or without food.",
        None,
    ),
    (
        "without-alone-still-denies",
        "The tablets can be taken with food.",
        "The tablets must be taken without food.",
        "negation_mismatch",
    ),
    (
        "no-particle-then-denial",
        "No, the device is not waterproof.",
        "The device is not waterproof.",
        None,
    ),
    (
        "yes-particle-then-statement",
        "Yes, the device is waterproof.",
        "The device is waterproof.",
        None,
    ),
    (
        "no-particle-against-statement",
        "No, the device is not waterproof.",
        "The device is waterproof to 50 metres.",
        "negation_mismatch",
    ),
    (
        "not-until-is-a-when",
        "Do not eat until the test is done.",
        "Eat only after the test is done.",
        None,
    ),
    (
        "not-all-limits-a-quantity",
        "Many languages capitalise place names.",
        "Not all languages capitalise place names.",
        None,
    ),
    (
        "shirtless-says-not",
        "A man in shorts is not wearing a shirt.",
        "A shirtless man in shorts.",
        None,
    ),
    (
        "missing-says-not",
        "There are no images in the report.",
        "Images are missing in the report.",
        None,
    ),
    (
        "denial-with-an-exception-the-claim-is-about",
        "Guide dogs are allowed on the festival grounds.",
        "Dogs are not allowed on the festival grounds, except guide dogs.",
        None,
    ),
    (
        "denial-with-an-exception-of-something-else",
        "Pet dogs are allowed on the festival grounds.",
        "Dogs are not allowed on the festival grounds, except guide dogs.",
        "negation_mismatch",
    ),
    (
        "denial-with-apart-from-the-claim-is-about",
        "Staff may park in the yard.",
        "Nobody may park in the yard apart from staff.",
        None,
    ),
    (
        "irregular-did-not-grow",
        "Revenue did not grow in 2023.",
        "Revenue grew 40 percent in 2023.",
        "negation_mismatch",
    ),
    (
        "irregular-did-not-win",
        "The team did not win the cup in 2021.",
        "The team won the cup in 2021.",
        "negation_mismatch",
    ),
    (
        "irregular-did-not-rise",
        "Prices did not rise in March.",
        "Prices rose sharply in March.",
        "negation_mismatch",
    ),
    (
        "irregular-did-not-buy",
        "The firm did not buy the plant.",
        "The firm bought the plant in 2019.",
        "negation_mismatch",
    ),
    (
        "irregular-did-not-fall",
        "Sales did not fall in the spring.",
        "Sales fell in the spring.",
        "negation_mismatch",
    ),
    (
        "irregular-did-not-take",
        "She did not take the train to Leeds.",
        "She took the train to Leeds.",
        "negation_mismatch",
    ),
    ("irregular-agrees", "Revenue grew in 2023.", "Revenue grew 40 percent in 2023.", None),
    # a denial in another clause of the evidence sentence masks no flip in the claim's own
    (
        "denial-in-another-clause-masks-no-flip",
        "Pets are allowed in the garden rooms without a deposit.",
        "Pets are allowed in the garden rooms with a deposit; pets are not allowed in the "
        "restaurant.",
        "negation_mismatch",
    ),
    (
        "denial-in-another-clause-agrees",
        "Pets are allowed in the garden rooms with a deposit.",
        "Pets are allowed in the garden rooms with a deposit; pets are not allowed in the "
        "restaurant.",
        None,
    ),
    (
        "claim-stated-by-two-clauses-is-not-narrowed",
        "Dogs are not allowed in the café.",
        "Dogs are allowed on the café terrace for members; otherwise dogs are not allowed "
        "in the café.",
        None,
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in POLARITY], ids=[r[0] for r in POLARITY]
)
def test_polarity(claim: str, evidence: str, code: str | None) -> None:
    codes = _codes(claim, evidence)
    if code is None:
        assert "negation_mismatch" not in codes
    else:
        assert code in codes


DERIVED: list[tuple[str, str, str]] = [
    (
        "weighs-against-weight",
        "The device weighs 47 grams.",
        "Weight: 47 grams including the battery.",
    ),
    (
        "decided-against-decision",
        "The board decided to close the plant.",
        "The board's decision: close the plant.",
    ),
    ("grew-against-growth", "The economy grew 3 percent.", "Economic growth: 3 percent."),
]


@pytest.mark.parametrize(
    ("claim", "evidence"), [r[1:] for r in DERIVED], ids=[r[0] for r in DERIVED]
)
def test_derived_forms_support(claim: str, evidence: str) -> None:
    assert _unit(claim, evidence).status.value == "grounded"


def test_derived_forms_do_not_merge_agents() -> None:
    # "employer" and "employee" both derive from "employ" yet name different parties
    assert stem("employer") != stem("employee")
    assert stem("weight") == stem("weighs") == stem("weigh")
    assert stem("grew") == stem("grow") == stem("growth")


ADVERSARIAL: list[Row] = [
    # an opposite planted about a different subject must not fire
    (
        "attack-opposite-on-other-subject",
        "The coffee was hot and the staff were friendly.",
        "The staff were friendly; the juice was cold.",
        None,
    ),
    # an "and" inside a name is no clause cut that could hide or invent a conflict
    (
        "attack-and-inside-a-name",
        "Procter and Gamble raised prices in 2022.",
        "Procter and Gamble increased prices in 2022.",
        None,
    ),
    # epistemic "can" is no permission: "can cause" against "avoid driving"
    (
        "attack-can-is-not-may",
        "Corvalex can cause drowsiness in adults.",
        "Avoid driving because Corvalex causes drowsiness in adults.",
        None,
    ),
    # an opposite hidden in the second clause of a long claim is still caught
    (
        "attack-flip-in-second-clause",
        "The clinic opened in 2010 and the clinic lowered fees for students in 2015.",
        "The clinic opened in 2010. In 2015 the clinic increased fees for students.",
        "direction_mismatch",
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in ADVERSARIAL], ids=[r[0] for r in ADVERSARIAL]
)
def test_adversarial(claim: str, evidence: str, code: str | None) -> None:
    codes = _codes(claim, evidence)
    conflict = {"antonym_mismatch", "direction_mismatch", "negation_mismatch"}
    if code is None:
        assert not codes & conflict
    else:
        assert code in codes


def test_lexical_data_is_packaged_with_its_licence() -> None:
    data = files("grounding_guard.text").joinpath("data")
    names = {entry.name for entry in data.iterdir()}
    assert {"antonyms.tsv", "derivations.tsv", "pertainyms.tsv", "irregular_verbs.tsv"} <= names
    assert {
        "proper_names.txt",
        "common_words.txt",
        "supplement.tsv",
        "LICENSE-WordNet.txt",
    } <= names
    assert "Princeton" in data.joinpath("LICENSE-WordNet.txt").read_text(encoding="utf-8")


def test_word_tables_hold_wordnet_and_supplement_pairs() -> None:
    table = antonyms()
    assert stem("cool") in table[stem("warm")]  # WordNet
    assert stem("unsafe") in table[stem("safe")]  # WordNet's "un-" adjectives
    assert stem("uncanny") not in table.get(stem("canny"), ())  # another sense
    assert stem("rare") in table[stem("common")]  # supplement
    assert "under" in table["over"]  # supplement
    assert "china" in pertainyms()["chinese"]
    assert "britain" in pertainyms()["british"]  # supplement
    assert is_proper_name("berlin") and not is_proper_name("researcher")


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("fast", "fastest"),
        ("large", "largest"),
        ("big", "biggest"),
        ("thin", "thinnest"),
        ("early", "earliest"),
        ("dry", "driest"),
        ("cool", "coolest"),
        ("low", "lowest"),
        ("new", "newest"),
    ],
)
def test_superlative_spelling(word: str, expected: str) -> None:
    assert superlative(word) == expected


def test_a_supplement_synonym_stems_as_its_common_word() -> None:
    assert stem("requires") == stem("required") == stem("need")


def test_opposites_hold_the_superlatives_of_short_adjectives() -> None:
    table = antonyms()
    assert "slowest" in table["fastest"] and "latest" in table["earliest"]
    assert stem("advance") in table[stem("retreat")]  # supplement


def test_opposites_hold_the_adverbs_of_suffixed_adjectives() -> None:
    table = antonyms()
    assert stem("automatically") in table[stem("manually")]
    assert stem("involuntarily") in table[stem("voluntarily")]
    assert stem("basically") not in table  # a sentence adverb keeps no opposite


def test_unspaced_script_with_a_figure_is_grounded() -> None:
    assert _unit("电池续航14小时", "该设备的电池续航14小时。").status.value == "grounded"


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        (
            "The squirrels are extinct in all but a few areas.",
            "The squirrels are extinct in all but a few strongholds.",
        ),
        (
            "The council accepted all but one of the recommendations.",
            "The council accepted all but one of the recommendations.",
        ),
    ],
)
def test_all_but_said_alike_is_no_scope_change(claim: str, evidence: str) -> None:
    """ "all but" in the claim says part too: only a bare "all" against it is a change."""
    assert "scope_mismatch" not in _codes(claim, evidence)

"""Precision fixes of the name and figure checks: each pattern in both directions (the
wrong claim still caught, the right one kept), plus the attacks each fix could open."""

from __future__ import annotations

import pytest

import grounding_guard as gg
from grounding_guard.verdict import INFORMATIONAL

# (pattern, claim, evidence, code that must be present, or None: none of CODES). An
# informational code (a name merely missing) leaves the unit to support: grounded here.
Row = tuple[str, str, str, str | None]
CODES = {"name_not_in_evidence", "name_mismatch", "value_not_in_evidence", "value_mismatch"}

ROWS: list[Row] = [
    # a given name whose surname the evidence states
    (
        "given-name-of-a-stated-surname",
        "The guard Kevin Durant earns $87.9 million.",
        "The guard Durant earns $87.9 million.",
        None,
    ),
    (
        "given-name-alone-is-still-checked",
        "The guard Kevin earns $87.9 million.",
        "The guard Smith earns $87.9 million.",
        "name_mismatch",  # no full name to tie Kevin to Smith: another name in the slot
    ),
    (
        "attack-another-surname",
        "The guard Kevin Jones earns $87.9 million.",
        "The guard Durant earns $87.9 million.",
        "name_mismatch",
    ),
    (
        "attack-adjective-is-no-given-name",
        "The Russian Navy held drills in the Baltic.",
        "The navy held drills in the Baltic.",
        "name_not_in_evidence",  # reported; nothing names another navy: support decides
    ),
    # a name-number whose head and number the evidence states apart
    (
        "name-number-parts-stated",
        "He was named captain for IPL 2018 by the owners.",
        "The owners named him captain for the 2018 season of the IPL.",
        None,
    ),
    (
        "attack-name-number-other-number",
        "The crew of Apollo 17 landed on the Moon.",
        "The crew of Apollo 11 landed on the Moon in 1969.",
        "name_mismatch",  # the same head, another number, in the covering sentence
    ),
    # a yearless evidence date agreeing on month and day
    (
        "yearless-evidence-date",
        "The vote was held on November 2, 2004 in the state.",
        "The vote was held on November 2 in the state.",
        None,
    ),
    (
        "attack-yearless-date-other-day",
        "The vote was held on November 3, 2004 in the state.",
        "The vote was held on November 2 in the state.",
        "value_mismatch",
    ),
    # a two-digit year the evidence writes in full
    (
        "short-year-written-in-full",
        "They sang it on stage in December back in 63.",
        "They sang it on stage in December, 1963.",
        None,
    ),
    (
        "attack-short-year-other-year",
        "They sang it on stage in December back in 64.",
        "They sang it on stage in December, 1963.",
        "value_not_in_evidence",
    ),
    # the smaller part of a compound measure is a finer precision
    (
        "compound-measure-remainder",
        "Light takes 8 minutes and 20 seconds to reach Earth.",
        "Light takes 8 minutes to reach Earth.",
        None,
    ),
    (
        "attack-compound-measure-head-wrong",
        "Light takes 9 minutes and 20 seconds to reach Earth.",
        "Light takes 8 minutes to reach Earth.",
        "value_mismatch",
    ),
    # bounds after the figure and on an age
    (
        "or-higher-is-a-bound",
        "A ratio of 50% or higher is considered large by doctors.",
        "Doctors consider a ratio of 65% large.",
        None,
    ),
    (
        "age-bound",
        "The little boy under the age of eighteen plays in the park.",
        "A little boy under the age of 18 plays in the park.",
        None,
    ),
    (
        "attack-large-count-still-absent",
        "The boy plays with 48 friends in the park.",
        "A little boy plays in the park.",
        "value_not_in_evidence",
    ),
    # an unspaced script's word glued to a figure names nothing
    ("unspaced-script-before-a-figure", "电池续航14小时", "该设备的电池续航14小时。", None),
    (
        "attack-unspaced-script-other-figure",
        "电池续航15小时",
        "该设备的电池续航14小时。",
        "value_not_in_evidence",
    ),
    (
        "latin-glued-name-still-a-name",
        "The model Q7 sold well in Ohio.",
        "The model Q5 sold well in Ohio.",
        "name_not_in_evidence",  # no head word to align "Q7" with "Q5": only reported
    ),
]


def _unit(claim: str, evidence: str) -> gg.UnitResult:
    return gg.check(f"{claim} [1]", {"1": evidence}).units[0]


@pytest.mark.parametrize(
    ("claim", "evidence", "code"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_precision_patterns(claim: str, evidence: str, code: str | None) -> None:
    unit = _unit(claim, evidence)
    if code is None:
        assert not CODES & set(unit.codes), unit.reasons
        assert unit.status is gg.Status.GROUNDED, unit.reasons
    elif code in INFORMATIONAL:
        assert code in unit.codes, unit.reasons
        assert unit.status is gg.Status.GROUNDED, unit.reasons  # support decides
    else:
        assert code in unit.codes, unit.reasons
        assert unit.status is not gg.Status.GROUNDED


# (pattern, claim, evidence, value_unconfirmed expected)
UNCONFIRMED: list[tuple[str, str, str, bool]] = [
    (
        "small-count-is-unconfirmed",
        "The wing holds twelve reading rooms for students.",
        "The wing holds reading rooms for students.",
        True,
    ),
    (
        "year-is-unconfirmed",
        "The wing opened to students in 2021.",
        "The wing opened to students.",
        True,
    ),
    (
        "money-stays-failing",
        "The wing cost $12 million for students.",
        "The wing was built for students.",
        False,
    ),
    (
        "percent-stays-failing",
        "The wing grew 12% for students.",
        "The wing grew for students.",
        False,
    ),
    (
        "decimal-stays-failing",
        "The ratio was measured at 3.1416 in the lab.",
        "The ratio was measured at 3.14 in the lab.",
        False,
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "informational"),
    [r[1:] for r in UNCONFIRMED],
    ids=[r[0] for r in UNCONFIRMED],
)
def test_imprecise_figures_are_informational(
    claim: str, evidence: str, informational: bool
) -> None:
    unit = _unit(claim, evidence)
    assert ("value_unconfirmed" in unit.codes) is informational, unit.reasons
    assert ("value_not_in_evidence" in unit.codes) is not informational, unit.reasons
    if informational:
        assert unit.status is gg.Status.GROUNDED  # support decides, as for overlap alone
    else:
        assert unit.status is not gg.Status.GROUNDED


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("The boy is under the age of eighteen.", "bound"),
        ("The boy is over the age of 18 years.", "bound"),
        ("The boy turned eighteen at the age of consent.", None),
        ("A ratio of 50% or higher is large.", "bound"),
    ],
    ids=["age-bound-words", "age-bound-digits", "attack-age-without-bound", "or-higher"],
)
def test_bounds_the_reader_sees(text: str, note: str | None) -> None:
    from grounding_guard.text.figures import read_values

    assert [v.note for v in read_values(text)] == [note]


# ---- swapped names (name_mismatch) against names merely missing (informational) ----------

# (pattern, claim, evidence, expected: ("name_mismatch", answer words, evidence words),
# ("name_not_in_evidence", name, None): reported, support decides, or None: no name code)
Swap = tuple[str, str, str, tuple[str, str, str | None] | None]
SWAPS: list[Swap] = [
    (
        "city-swapped-at-sentence-start",
        "Berlin hosted the summit.",
        "Paris hosted the summit.",
        ("name_mismatch", "Berlin", "Paris"),
    ),
    (
        "city-swapped-other-way",
        "Paris hosted the summit.",
        "Berlin hosted the summit.",
        ("name_mismatch", "Paris", "Berlin"),
    ),
    (
        "state-swapped",
        "Nevada passed the law.",
        "Texas passed the law.",
        ("name_mismatch", "Nevada", "Texas"),
    ),
    (
        "state-swapped-other-way",
        "Texas passed the law.",
        "Nevada passed the law.",
        ("name_mismatch", "Texas", "Nevada"),
    ),
    (
        "given-name-swapped-same-surname",
        "The prize went to Marie Curie.",
        "The prize went to Pierre Curie.",
        ("name_mismatch", "Marie Curie", "Pierre Curie"),
    ),
    (
        "given-name-swapped-other-way",
        "The prize went to Pierre Curie.",
        "The prize went to Marie Curie.",
        ("name_mismatch", "Pierre Curie", "Marie Curie"),
    ),
    (
        "place-swapped-where-the-evidence-goes-on-with-a-by-phrase",
        "The Voltia E3 is built in Dresden.",
        "The Voltia E3 is an electric hatchback built in Zwickau by Voltia Motors.",
        ("name_mismatch", "Dresden", "Zwickau"),
    ),
    (
        "place-swapped-where-the-evidence-goes-on-with-an-in-phrase",
        "The hatchback is made by Lumen.",
        "The hatchback is made by Voltia in Zwickau.",
        ("name_mismatch", "Lumen", "Voltia"),
    ),
    (
        "place-swapped-where-a-year-stands-before-the-evidence-place",
        "Morvik was founded in Stockholm.",
        "Morvik was founded in 2004 in Gothenburg by Erik Holm.",
        ("name_mismatch", "Stockholm", "Gothenburg"),
    ),
    (
        "unlisted-company-swapped",
        "Acme acquired Globex in 2020.",
        "Initech acquired Globex in 2020.",
        ("name_mismatch", "Acme", "Initech"),
    ),
    (
        "unlisted-company-swapped-other-way",
        "Initech acquired Globex in 2020.",
        "Acme acquired Globex in 2020.",
        ("name_mismatch", "Initech", "Acme"),
    ),
    (
        "full-name-swapped",
        "Pieter Voss founded the Quell Foundation in 2004.",
        "Marta Quell founded the Quell Foundation in 2004.",
        ("name_mismatch", "Pieter Voss", "Marta Quell"),
    ),
    (
        "acronym-swapped",
        "The FBI arrested the suspect.",
        "The CIA arrested the suspect.",
        ("name_mismatch", "FBI", "CIA"),
    ),
    (
        "name-number-swapped",
        "Apollo 11 landed on the Moon.",
        "Apollo 17 landed on the Moon.",
        ("name_mismatch", "Apollo 11", "Apollo 17"),
    ),
    (
        "name-number-swapped-other-way",
        "Apollo 17 landed on the Moon.",
        "Apollo 11 landed on the Moon.",
        ("name_mismatch", "Apollo 17", "Apollo 11"),
    ),
    (
        "place-swapped-at-the-end-evidence-goes-on",
        "The summit was hosted by Berlin.",
        "The summit was hosted by Paris in 2019.",
        ("name_mismatch", "Berlin", "Paris"),
    ),
    (
        "place-swapped-at-the-end-evidence-names-the-designer",
        "The bridge was designed in Berlin.",
        "The bridge was designed in Lyon by the engineer Marc Duval.",
        ("name_mismatch", "Berlin", "Lyon"),
    ),
    (
        "place-swapped-with-a-place-the-evidence-names-elsewhere",
        "The first train leaves Bergen at 06:25.",
        "Trains run between Oslo and Bergen. The first train leaves Oslo at 06:25.",
        ("name_mismatch", "Bergen", "Oslo"),
    ),
    (
        "place-named-elsewhere-kept-when-its-own-sentence-names-it",
        "The last train leaves Bergen at 21:10.",
        "The first train leaves Oslo at 06:25. The last train leaves Bergen at 21:10.",
        None,
    ),
    (
        "attack-a-country-and-its-adjective-are-no-swap",
        "Norway's prime minister opened the bridge.",
        "The Norwegian prime minister opened the bridge. It links Norway's two largest cities.",
        None,
    ),
    (
        "attack-facts-of-two-sentences-joined-are-no-swap",
        "Anna Berg, who founded Acme, now leads Initech.",
        "Anna Berg founded Acme in 2004. Today she leads Initech.",
        None,
    ),
    (
        "place-swapped-active-claim-passive-evidence",
        "Marie Dubois designed the Strada e-bike in Berlin.",
        "The Strada e-bike was designed in Lyon by Marie Dubois.",
        ("name_mismatch", "Berlin", "Lyon"),
    ),
    (
        "place-kept-active-claim-passive-evidence",
        "Marie Dubois designed the Strada e-bike in Lyon.",
        "The Strada e-bike was designed in Lyon by Marie Dubois.",
        None,
    ),
    (
        "place-swapped-across-a-year-that-moved",
        "The studio was founded in Riga in 2011.",
        "The studio was founded in 2011 in Tallinn by two designers.",
        ("name_mismatch", "Riga", "Tallinn"),
    ),
    (
        "place-kept-across-a-year-that-moved",
        "The studio was founded in Tallinn in 2011.",
        "The studio was founded in 2011 in Tallinn by two designers.",
        None,
    ),
    (
        "place-added-with-a-year-and-no-other-place",
        "The studio was founded in Riga in 2011.",
        "The studio was founded in 2011 by two designers.",
        ("name_not_in_evidence", "Riga", None),
    ),
    (
        "attack-title-of-another-person-after-the-claims-last-word",
        "He is the nephew of Lord Ashby and Lord Pell, Earl of Carlow.",
        "He is the nephew of Lord Ashby and Lord Pell, and a grandson of the Earl of Tyrone "
        "who raised him.",
        ("name_not_in_evidence", "Carlow", None),
    ),
    ("same-name-kept", "Paris hosted the summit.", "Paris hosted the summit.", None),
    (
        "given-name-of-the-stated-surname-kept",
        "The prize went to Marie Curie.",
        "The prize went to Curie.",
        None,
    ),
    (
        "added-name-with-nothing-against-it",
        "Paris hosted the summit with Reuters.",
        "Paris hosted the summit.",
        ("name_not_in_evidence", "Reuters", None),
    ),
    (
        "name-number-with-no-other-member",
        "Apollo 11 landed on the Moon.",
        "The Apollo crew landed on the Moon.",
        ("name_not_in_evidence", "Apollo 11", None),
    ),
    # attacks
    (
        "attack-name-in-another-clause",
        "The plan was praised in Boston.",
        "The plan was praised, Jones said.",
        ("name_not_in_evidence", "Boston", None),
    ),
    (
        "attack-name-after-the-fact",
        "Acme acquired Globex in 2020.",
        "Globex was acquired in 2020, Reuters reported.",
        None,  # "Acme" opens the sentence and no lexicon knows it: checked for swaps only
    ),
    (
        "attack-list-reordered",
        "Paris, Rome and Berlin hosted the summits.",
        "Berlin, Paris and Rome hosted the summits.",
        None,
    ),
    (
        "attack-list-with-one-swapped",
        "Paris, Rome and Berlin hosted the summits.",
        "Paris, Madrid and Berlin hosted the summits.",
        ("name_mismatch", "Rome", "Madrid"),  # a list is no run: "Paris, Rome" is not one name
    ),
    (
        "attack-possessive-swapped",
        "Berlin's mayor opened the summit.",
        "Paris's mayor opened the summit.",
        ("name_mismatch", "Berlin", "Paris"),
    ),
    (
        "attack-possessive-against-of",
        "Berlin's mayor opened the summit.",
        "The mayor of Berlin opened the summit.",
        None,
    ),
    (
        "attack-demonym-swapped",
        "A French team won the cup.",
        "A German team won the cup.",
        ("name_mismatch", "French", "German"),
    ),
    (
        "attack-demonym-of-the-same-country",
        "The French president visited Rome.",
        "The president of France visited Rome.",
        None,
    ),
    (
        "attack-common-word-at-sentence-start",
        "Berlin hosted the summit.",
        "Officials hosted the summit.",
        ("name_not_in_evidence", "Berlin", None),  # officials are no name
    ),
    (
        "attack-participle-at-sentence-start",
        "Founded in 1990, Acme makes tools.",
        "Established in 1990, Acme makes tools.",
        None,
    ),
    (
        "attack-acronym-against-words",
        "The USSR launched Sputnik.",
        "The Soviet Union launched Sputnik.",
        ("name_not_in_evidence", "USSR", None),  # two shapes: no swap, only reported
    ),
    (
        "attack-short-form-of-the-same-person",
        "The firm was founded by Thomas Reed.",
        "The firm was founded by Tom Reed.",
        None,  # same surname, given names with one initial: a short form, not a swap
    ),
    (
        "attack-name-number-the-claim-also-names",
        "The Ka-27 and Ka-31 helicopters fly at sea.",
        "The Kamov Ka-31 helicopters fly at sea.",
        ("name_not_in_evidence", "Ka-27", None),  # Ka-31 stands for itself, not for Ka-27
    ),
    (
        "lower-case-brand-swapped",
        "Quillnote 4.2 added offline sync for iOS.",
        "Quillnote 4.2 added offline sync for Android.",
        ("name_mismatch", "iOS", "Android"),
    ),
    (
        "attack-unit-with-an-inner-capital-is-no-name",
        "The phone has a 5000 mAh battery.",
        "The phone has a 5000 mAh battery and a 6.1-inch screen.",
        None,
    ),
    (
        "attack-title-is-no-name",
        "Dr. Alvarez led the trial.",
        "Dr. Chen led the trial.",
        ("name_mismatch", "Alvarez", "Chen"),
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"), [r[1:] for r in SWAPS], ids=[r[0] for r in SWAPS]
)
def test_swapped_names(
    claim: str, evidence: str, expected: tuple[str, str, str | None] | None
) -> None:
    answer = f"{claim} [1]"
    unit = gg.check(answer, {"1": evidence}).units[0]
    names = [r for r in unit.reasons if r.code in ("name_mismatch", "name_not_in_evidence")]
    if expected is None:
        assert names == [], unit.reasons
        assert unit.status is gg.Status.GROUNDED, unit.reasons
        return
    code, mine, theirs = expected
    assert [r.code for r in names] == [code], unit.reasons
    (reason,) = names
    assert reason.span is not None and reason.span.of(answer) == mine
    if code == "name_mismatch":
        assert unit.status is gg.Status.CONTRADICTED
        assert reason.evidence_id == "1" and reason.evidence_span is not None
        assert reason.evidence_span.of(evidence) == theirs
        assert reason.message == f"{mine!r} in the answer, {theirs!r} in the evidence"
    else:
        assert unit.status is gg.Status.GROUNDED  # informational: support decides
        assert reason.message == f"{mine!r} is not mentioned in the cited evidence"


# ---- two names that trade places (name_mismatch), and relations that go both ways ------------

# (pattern, claim, evidence, (answer stretch, evidence stretch) or None: no name code)
ROLE_SWAPS: list[tuple[str, str, str, tuple[str, str] | None]] = [
    (
        "buyer-and-bought-trade-places",
        "Acme acquired Initech in 2019.",
        "Initech acquired Acme in 2019.",
        ("Acme acquired Initech", "Initech acquired Acme"),
    ),
    (
        "winner-and-loser-trade-places",
        "Northwind beat Contoso in the final.",
        "Contoso beat Northwind in the final.",
        ("Northwind beat Contoso", "Contoso beat Northwind"),
    ),
    (
        "route-ends-trade-places",
        "The first ferry sails from Tallinn to Helsinki at 07:30.",
        "The first ferry sails from Helsinki to Tallinn at 07:30.",
        ("Tallinn to Helsinki", "Helsinki to Tallinn"),
    ),
    (
        "full-names-trade-places",
        "Marta Quell succeeded Pieter Voss as director in 2015.",
        "Pieter Voss succeeded Marta Quell as director in 2015.",
        ("Marta Quell succeeded Pieter Voss", "Pieter Voss succeeded Marta Quell"),
    ),
    (
        "comparison-turned-round",
        "Tartu is older than Tallinn, the guide says.",
        "Tallinn is older than Tartu, the guide says.",
        ("Tartu is older than Tallinn", "Tallinn is older than Tartu"),
    ),
    (
        "other-tense-same-swap",
        "Acme acquires Initech this year.",
        "Initech acquires Acme this year.",
        ("Acme acquires Initech", "Initech acquires Acme"),
    ),
    ("same-order-kept", "Acme acquired Initech in 2019.", "Acme acquired Initech in 2019.", None),
    (
        "attack-symmetric-verb",
        "Ortega met Lindqvist in Geneva in May.",
        "Lindqvist met Ortega in Geneva in May.",
        None,
    ),
    (
        "attack-match-goes-both-ways",
        "Northwind played Contoso in the final.",
        "Contoso played Northwind in the final.",
        None,
    ),
    (
        "attack-coordinated-names",
        "Ortega and Lindqvist signed the treaty in Geneva.",
        "Lindqvist and Ortega signed the treaty in Geneva.",
        None,
    ),
    (
        "attack-a-road-runs-both-ways",
        "The road from Tartu to Tallinn is 186 km long.",
        "The road from Tallinn to Tartu is 186 km long.",
        None,
    ),
    (
        "attack-evidence-states-both-orders",
        "Ferries sail from Tallinn to Helsinki every hour.",
        "Ferries sail from Helsinki to Tallinn every hour, and from Tallinn to Helsinki too.",
        None,
    ),
    (
        "attack-only-a-preposition-between",
        "Ortega in Geneva signed the treaty for Spain.",
        "Geneva in Ortega signed the treaty for Spain.",
        None,
    ),
    (
        "attack-sentence-about-something-else",
        "Acme acquired Initech after a long court case in Ohio.",
        "Initech acquired Acme's logistics arm.",
        None,
    ),
]


@pytest.mark.parametrize("citations", ["numeric", "none"])
@pytest.mark.parametrize(
    ("claim", "evidence", "expected"), [r[1:] for r in ROLE_SWAPS], ids=[r[0] for r in ROLE_SWAPS]
)
def test_names_that_trade_places(
    claim: str, evidence: str, expected: tuple[str, str] | None, citations: str
) -> None:
    answer = f"{claim} [1]" if citations == "numeric" else claim
    unit = gg.check(answer, {"1": evidence}, citations=citations).units[0]
    swaps = [r for r in unit.reasons if r.code == "name_mismatch"]
    if expected is None:
        assert swaps == [], unit.reasons
        return
    mine, theirs = expected
    (reason,) = swaps
    assert unit.status is gg.Status.CONTRADICTED
    assert reason.span is not None and reason.span.of(answer) == mine
    assert reason.evidence_id == "1" and reason.evidence_span is not None
    assert reason.evidence_span.of(evidence) == theirs
    assert reason.message == f"{mine!r} in the answer, {theirs!r} in the evidence: " + (
        "the names trade places"
    )


# ---- quotes: a near-miss is a misquote, a quote with nothing close is unconfirmed ----------

BUDGET = "The mayor said the budget was a bold step forward for the city."
# (pattern, claim, evidence, code or None, the evidence stretch a misquote comes close to)
QUOTES: list[tuple[str, str, str, str | None, str | None]] = [
    ("verbatim-quote", 'She called it "a bold step forward" [1].', BUDGET, None, None),
    (
        "word-added-is-a-misquote",
        'She called it "a bold new step forward" [1].',
        BUDGET,
        "quote_mismatch",
        "a bold step forward",
    ),
    (
        "word-changed-is-a-misquote",
        'She called it "a bold leap forward" [1].',
        BUDGET,
        "quote_mismatch",
        "a bold step forward",
    ),
    (
        "word-dropped-is-a-misquote",
        'She called it "a step forward for the city" [1].',
        BUDGET,
        "quote_mismatch",
        "a bold step forward for the city",
    ),
    (
        "other-letter-case-is-a-misquote",
        'She called it "A Bold Step forward" [1].',
        BUDGET,
        "quote_mismatch",
        "a bold step forward",
    ),
    (
        "nothing-close-is-unconfirmed",
        'She called it "a triumph of civic planning" [1].',
        BUDGET,
        "quote_unconfirmed",
        None,
    ),
    (
        "attack-words-out-of-order-are-not-close",
        'She called it "forward step bold a" [1].',
        BUDGET,
        "quote_unconfirmed",
        None,
    ),
    (
        "attack-a-third-of-the-words-is-not-most",
        'She called it "a bold plan to spur growth" [1].',
        BUDGET,
        "quote_unconfirmed",
        None,
    ),
    (
        "attack-words-spread-over-two-sentences",
        'She called it "a bold step made for growth" [1].',
        "The plan was a bold step. It was made for growth.",
        "quote_unconfirmed",
        None,
    ),
    (
        "unspaced-script-character-changed",
        "\u5831\u544a\u306f\u300c\u4e88\u7b97\u3092\u5927\u304d\u304f\u6e1b\u3089\u3059\u300d"
        "\u3068\u8ff0\u3079\u305f [1]\u3002",
        "\u6765\u5e74\u306f\u4e88\u7b97\u3092\u5927\u304d\u304f\u5897\u3084\u3059\u3002",
        "quote_mismatch",
        "\u4e88\u7b97\u3092\u5927\u304d\u304f\u5897\u3084\u3059",
    ),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "code", "close"),
    [r[1:] for r in QUOTES],
    ids=[r[0] for r in QUOTES],
)
def test_quote_kinds(claim: str, evidence: str, code: str | None, close: str | None) -> None:
    unit = gg.check(claim, {"1": evidence}).units[0]
    quoted = [r for r in unit.reasons if r.code.startswith("quote_")]
    if code is None:
        assert quoted == [], unit.reasons
        return
    assert [r.code for r in quoted] == [code], unit.reasons
    (reason,) = quoted
    if code == "quote_mismatch":
        assert unit.status is gg.Status.INVALID  # a misquote fails the unit
        assert reason.evidence_span is not None and reason.evidence_span.of(evidence) == close
    else:
        assert reason.evidence_span is None  # nothing close to point at
        # informational: the unit stands as it would without the quotation marks
        plain = gg.check(claim.replace('"', ""), {"1": evidence}).units[0]
        assert unit.status is plain.status, (unit.reasons, plain.reasons)

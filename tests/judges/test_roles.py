"""Who does what: parties that trade roles around one verb, in either voice, and "alone"
against a sentence that has the party act with another. Every pattern that must fire
has a neighbour that must not (the same roles in the other voice, a shared act, a denial,
"by" before a figure), named after the attack it pins."""

from __future__ import annotations

import pytest

import grounding_guard as gg
from grounding_guard.judges.roles import readings

# (pattern, claim, evidence, (answer stretch, evidence stretch) or None: no role reason)
ROLES: list[tuple[str, str, str, tuple[str, str] | None]] = [
    (
        "party-with-its-at-phrase-in-the-other-voice",
        "Researchers at Keller Security reported the issue.",
        "The issue was reported by researchers at Keller Security.",
        None,  # one party, read whole on both sides ("researchers at Keller Security")
    ),
    (
        "party-with-its-of-phrase-turned-round",
        "The mayor of Oslo fined the transport agency.",
        "The mayor of Oslo was fined by the transport agency.",
        ("mayor of Oslo", "transport agency"),
    ),
    (
        "took-over-from-turned-round",
        "Lars Eklund took over from Priya Natarajan as maintainer in 2024.",
        "Version 5.0 was led by Priya Natarajan, who took over from Lars Eklund as maintainer "
        "in 2024.",
        ("Lars Eklund", "Priya Natarajan"),
    ),
    (
        "took-over-from-kept",
        "Priya Natarajan took over from Lars Eklund as maintainer in 2024.",
        "Version 5.0 was led by Priya Natarajan, who took over from Lars Eklund as maintainer "
        "in 2024.",
        None,
    ),
    (
        "passive-parties-trade-places",
        "The council was fined 40,000 euros by Cyclia in 2022.",
        "Cyclia was fined 40,000 euros by the council in 2022 for failing to rebalance.",
        ("Cyclia", "council"),
    ),
    (
        "active-claim-against-passive-evidence",
        "The city council operates the scheme on behalf of Cyclia NV.",
        "The scheme is operated by Cyclia NV on behalf of the city council.",
        ("city council", "Cyclia NV"),
    ),
    (
        "passive-claim-names-the-wrong-agent",
        "The scheme is operated by the city council.",
        "The scheme is operated by Cyclia NV on behalf of the city council.",
        ("city council", "Cyclia NV"),
    ),
    (
        "active-claim-turns-the-bought-into-the-buyer",
        "Quillnote acquired Brightdesk in 2023.",
        "The company was acquired by Brightdesk in 2023 and now employs 140 people.",
        ("Quillnote", "Brightdesk"),
    ),
    (
        "passive-with-a-pronoun-subject",
        "The lodge bought the Nordhotel group in 2015.",
        "In 2015 it was bought by the Nordhotel group, which renovated all rooms.",
        ("lodge", "Nordhotel group"),
    ),
    (
        "common-nouns-trade-places",
        "The instrument plays a performer for an audience.",
        "A performer plays an instrument for the audience.",
        ("instrument", "performer"),
    ),
    (
        "alone-against-two-agents",
        "Elina Saar opened the lodge alone.",
        "The lodge was opened in 1998 by Elina Saar and her brother Mart Saar.",
        ("alone", "Elina Saar"),
    ),
    (
        "on-her-own-against-two-agents",
        "Elina Saar opened the lodge on her own.",
        "The lodge was opened in 1998 by Elina Saar and her brother Mart Saar.",
        ("on her own", "Elina Saar"),
    ),
    (
        "phrasal-verb-claim-turns-the-bought-into-the-buyer",
        "Skyvale Air took over the Nordair group in 2018.",
        "In 2018 it was taken over by the Nordair group.",
        ("Skyvale Air", "Nordair group"),
    ),
    (
        "passive-agent-named-in-another-sentence",
        "Skyvale Air was founded by the Nordair group.",
        "Skyvale Air was founded in 2009 by Ilse Brandt and is based in Bremen. In 2018 it "
        "was taken over by the Nordair group.",
        ("Nordair group", "Ilse Brandt"),
    ),
    (
        "phrasal-verb-roles-kept",
        "The Nordair group took over Skyvale Air in 2018.",
        "In 2018 Skyvale Air was taken over by the Nordair group.",
        None,
    ),
    (
        "attack-agent-named-nowhere-is-the-name-checks-business",
        "Skyvale Air was founded by Lufthansa.",
        "Skyvale Air was founded in 2009 by Ilse Brandt.",
        None,
    ),
    (
        "participle-spelled-as-its-base",
        "The Kotka Arts Foundation has been run by the festival since 2015.",
        "Since 2015 it has been run by the Kotka Arts Foundation.",
        ("festival", "Kotka Arts Foundation"),
    ),
    (
        "attack-a-capitalised-word-is-no-verb",
        "The Kotka Arts Foundation runs the festival.",
        "The Kotka Arts Foundation runs the festival every August.",
        None,
    ),
    (
        "passive-agent-where-the-best-sentence-is-another",
        "Morvik was founded by Sara Lind.",
        "Morvik was founded in 2004 in Gothenburg by Erik Holm. Its chief executive since "
        "2021 has been Sara Lind, who replaced Holm.",
        ("Sara Lind", "Erik Holm"),
    ),
    (
        "relative-pronoun-acts-for-the-name-before-it",
        "Erik Holm replaced Sara Lind as chief executive.",
        "Its chief executive since 2021 has been Sara Lind, who replaced Holm.",
        ("Erik Holm", "Sara Lind"),
    ),
    (
        "relative-pronoun-roles-kept",
        "Sara Lind replaced Erik Holm as chief executive.",
        "Its chief executive since 2021 has been Sara Lind, who replaced Holm.",
        None,
    ),
    (
        "the-voice-changed-the-roles-kept",
        "Cyclia NV operates the scheme for the city council.",
        "The scheme is operated by Cyclia NV on behalf of the city council.",
        None,
    ),
    (
        "the-voice-changed-passive-claim",
        "Brightdesk acquired Quillnote in 2023.",
        "Quillnote was acquired by Brightdesk in 2023.",
        None,
    ),
    (
        "attack-another-verb",
        "Cyclia NV runs the scheme.",
        "The scheme is operated by Cyclia NV on behalf of the city council.",
        None,
    ),
    (
        "attack-by-before-a-figure",
        "Costs were reduced by 20% in 2023.",
        "Costs were reduced by 20% in 2023 by the new board.",
        None,
    ),
    (
        "attack-agents-joined",
        "Mart Saar opened the lodge in 1998.",
        "The lodge was opened in 1998 by Elina Saar and her brother Mart Saar.",
        None,
    ),
    (
        "attack-claim-agents-joined",
        "Elina Saar and Mart Saar opened the lodge in 1998.",
        "The lodge was opened in 1998 by Elina Saar.",
        None,
    ),
    (
        "attack-a-denial-is-the-negation-checks-business",
        "The scheme is not operated by the city council.",
        "The scheme is operated by Cyclia NV on behalf of the city council.",
        None,
    ),
    (
        "attack-alone-said-of-another-clause",
        "Locals would avoid contact with him, so he played in the woods alone.",
        "Kun was refused admission to schools and locals would avoid contact with him.",
        None,
    ),
    (
        "attack-the-evidence-says-alone-too",
        "He spent his days playing in the woods alone.",
        "Kun was refused by schools and locals, so he spent his days playing in the woods alone.",
        None,
    ),
    (
        "attack-an-adverb-is-no-party",
        "A woman dressed smartly to maintain respect.",
        "A smartly dressed woman wearing a white jacket is holding a camera.",
        None,
    ),
    (
        "attack-sentence-about-something-else",
        "The council was fined by Cyclia after a dispute over tram lanes in central Ghent.",
        "Cyclia was fined by the council.",
        None,
    ),
]


@pytest.mark.parametrize("citations", ["numeric", "none"])
@pytest.mark.parametrize(
    ("claim", "evidence", "expected"), [r[1:] for r in ROLES], ids=[r[0] for r in ROLES]
)
def test_roles(claim: str, evidence: str, expected: tuple[str, str] | None, citations: str) -> None:
    answer = f"{claim} [1]" if citations == "numeric" else claim
    unit = gg.check(answer, {"1": evidence}, citations=citations).units[0]
    found = [r for r in unit.reasons if r.code == "direction_mismatch"]
    if expected is None:
        assert found == [], unit.reasons
        return
    mine, theirs = expected
    (reason,) = found
    assert unit.status is gg.Status.CONTRADICTED
    assert reason.span is not None and reason.span.of(answer) == mine
    assert reason.evidence_id == "1" and reason.evidence_span is not None
    assert reason.evidence_span.of(evidence) == theirs


def test_the_table_has_both_directions() -> None:
    assert {r[3] is None for r in ROLES} == {True, False}
    assert len({r[0] for r in ROLES}) == len(ROLES)


@pytest.mark.parametrize(
    ("text", "verb", "agent", "patient", "passive"),
    [
        ("Acme bought Initech.", "buy", "Acme", "Initech", False),
        ("Initech was bought by Acme.", "buy", "Acme", "Initech", True),
        ("Initech was bought in 2019 by Acme.", "buy", "Acme", "Initech", True),
        ("The firm can operate the line.", "operate", "firm", "line", False),
        ("It was sold by the bank.", "sell", "bank", "It", True),
    ],
)
def test_reading(text: str, verb: str, agent: str, patient: str, passive: bool) -> None:
    from grounding_guard.text.lexicon import stem

    reading = readings(text).verbs[stem(verb)]
    assert reading is not None
    assert reading.agent.span.of(text) == agent
    assert reading.patient.span.of(text) == patient
    assert reading.passive is passive


def test_a_verb_read_twice_is_not_judged() -> None:
    text = "Acme bought Initech, and Globex bought Umbrella."
    from grounding_guard.text.lexicon import stem

    assert readings(text).verbs[stem("bought")] is None

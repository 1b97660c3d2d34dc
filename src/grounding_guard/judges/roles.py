"""Who does what: a claim whose two parties trade roles around one verb.

"The council was fined by Cyclia" against "Cyclia was fined by the council", or "The
city council operates the scheme on behalf of Cyclia NV" against "The scheme is operated
by Cyclia NV on behalf of the city council": every word agrees, the relation is
reversed. The active and the passive voice are both read ("X operates Y" and "Y is
operated by X" give X as the one who acts), so a claim that only changes the voice agrees.

The reading is deliberately narrow, so that it is right when it fires: each side must
hold the verb once, one side must be passive with its agent after "by", each party is a
plain run of words (no "and", no pronoun, no figure), the claim's agent is named in the
passage, the thing acted on is the same or traded too, and the sentence otherwise covers
the claim. Reported as ``direction_mismatch`` (the relation runs the other way).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from grounding_guard.evidence.passage import Claim
from grounding_guard.judges.lexical import BestSentence, coverage
from grounding_guard.text.lexicon import STOPWORDS, is_participle, stem
from grounding_guard.types import Reason, Span

__all__ = ["check_roles", "readings"]

#: A word (with an inner apostrophe or hyphen) or a mark that ends a party.
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W_]+(?:['\u2019-][^\W_]+)*|[,;:()\u2014\u2013\"]")
_BE = frozenset("is are was were be been being".split())
#: Words before an active verb that leave its subject where it was ("can operate").
_MODALS = frozenset("can could will would may might must shall should also still now".split())
#: Words that make a party one of several: "Acme and Initech bought ...".
_JOINED = frozenset("and or nor & with plus along together jointly".split())
_DETERMINERS = frozenset("the a an its their his her our your this that these those".split())
#: Words that deny or hedge the relation: the negation checks judge those sentences.
_DENIALS = frozenset("not never no neither nor n't".split())
#: Words after "and" that open a clause, not a second party.
_CLAUSE_OPENERS = _BE | frozenset(
    "has have had will would can could may might must shall should does did do".split()
)
#: Words that join a party's head to the words that tell which one it is: "researchers
#: at Keller Security", "the mayor of Oslo" (one party, read whole on either side).
_PARTY_LINKS = frozenset({"at", "of"})
#: Relative pronouns after a comma whose antecedent acts: "Sara Lind, who replaced Holm".
_RELATIVES = frozenset({"who", "which", "that"})
#: Words between a passive's subject and its "be" ("has been run", "will be paid").
_AUXILIARIES = _MODALS | frozenset("has have had does do did".split())
#: Particles of phrasal verbs ("took over", "set up", "bought out").
_PARTICLES = frozenset("over up out off down in on".split())
_PRONOUNS = frozenset("it they he she which who that this these".split())
#: How far "alone" may stand after the verb it bears on.
_ALONE_WITHIN = 5
#: How far "by" may stand after a passive verb ("was fined 40,000 euros by the council").
_BY_WITHIN = 6


class _Token(NamedTuple):
    text: str  # casefolded
    stem: str
    start: int
    end: int
    capital: bool  # written with a capital: a name's word, never a verb

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)


class _Party(NamedTuple):
    stems: frozenset[str]
    span: Span
    joined: bool = False  # one of several: "by Elina Saar and her brother"


class _Reading(NamedTuple):
    """One verb of a text with the party that acts and the party acted on."""

    verb: str  # its stem
    at: Span  # where it stands
    agent: _Party
    patient: _Party
    passive: bool


def _tokens(text: str) -> list[_Token]:
    found = []
    for match in _TOKEN.finditer(text):
        written = match.group()
        word = written.casefold()
        found.append(_Token(word, stem(word), match.start(), match.end(), written[:1].isupper()))
    return found


def _is_word(token: _Token) -> bool:
    """A word that may name a party: no stop word, figure or adverb ("smartly")."""
    text = token.text
    return text[:1].isalpha() and text not in STOPWORDS and not text.endswith("ly")


def _bears_on(text: str, reading: _Reading, alone: Span) -> bool:
    """Whether "alone" stands with the reading's verb: after it within a few words, no
    mark between ("opened the lodge alone", not "..., so he played alone")."""
    if alone.start < reading.at.end:
        return False
    between = text[reading.at.end : alone.start]
    return len(between.split()) <= _ALONE_WITHIN and not any(c in between for c in ",;:()")


def _party(tokens: list[_Token], first: int, last: int, joined: bool) -> _Party:
    return _Party(
        frozenset(t.stem for t in tokens[first : last + 1]),
        Span(tokens[first].start, tokens[last].end),
        joined,
    )


def _before(tokens: list[_Token], index: int, pronoun: bool = False) -> _Party | None:
    """The run of content words that ends right before ``index`` (not a figure), marked
    when it is one of several ("A and B"); with ``pronoun``, a pronoun is a party whose
    words are unknown ("it was bought by ...")."""
    if pronoun and index > 0 and tokens[index - 1].text in _PRONOUNS:
        return _Party(frozenset(), tokens[index - 1].span)
    start = index
    while start > 0 and _is_word(tokens[start - 1]):
        start -= 1
    if start == index:
        return None
    # "researchers at Keller Security", "the mayor of Oslo": the party is the whole run
    link = start - 1
    while link > 0 and tokens[link].text in _DETERMINERS:
        link -= 1
    if link > 0 and tokens[link].text in _PARTY_LINKS and _is_word(tokens[link - 1]):
        start = link - 1
        while start > 0 and _is_word(tokens[start - 1]):
            start -= 1
    return _party(tokens, start, index - 1, start > 0 and tokens[start - 1].text in _JOINED)


def _after(tokens: list[_Token], index: int, particle: bool = False) -> _Party | None:
    """The run of content words from ``index`` (after a determiner), marked when it is
    one of several; with ``particle``, after the particle of a phrasal verb ("took over
    the group"), and its "from" ("took over from Lars Eklund": whom she succeeded)."""
    if particle and index + 1 < len(tokens) and tokens[index].text in _PARTICLES:
        index += 1
        if index + 1 < len(tokens) and tokens[index].text == "from":
            index += 1
    while index < len(tokens) and tokens[index].text in _DETERMINERS:
        index += 1
    end = index
    while end < len(tokens) and _is_word(tokens[end]):
        end += 1
    if end == index:
        return None
    if end < len(tokens) and tokens[end].text in _PARTY_LINKS:  # "researchers at Keller
        link = end + 1  # Security": the party is the whole run
        while link < len(tokens) and tokens[link].text in _DETERMINERS:
            link += 1
        if link < len(tokens) and _is_word(tokens[link]):
            end = link
            while end < len(tokens) and _is_word(tokens[end]):
                end += 1
    joined = end < len(tokens) and tokens[end].text in _JOINED
    if joined and end + 1 < len(tokens) and tokens[end + 1].text in _CLAUSE_OPENERS:
        joined = False  # "by Ilse Brandt and is based in Bremen": a clause follows
    return _party(tokens, index, end - 1, joined)


class _Readings(NamedTuple):
    """What a text says of who does what."""

    verbs: dict[str, _Reading | None]  # verb stem -> its reading; None: read twice
    alone: Span | None  # where it says one party acted alone ("alone", "on her own")


#: Words that make the party that acts the only one ("opened the lodge alone").
_ALONE = re.compile(
    r"\b(?:alone|solely|single-?handedly|unaided|unassisted"
    r"|on\s+(?:his|her|its|their)\s+own|by\s+(?:himself|herself|itself|themselves))\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def readings(text: str) -> _Readings:
    """Each verb the text holds in a readable form, with its parties; a verb it holds
    more than once is ``None`` (which occurrence is meant is unknown). A text that denies
    or hedges anything has none: the negation checks judge it."""
    alone = _ALONE.search(text)
    tokens = _tokens(text)
    if alone is not None:  # the marker is no party's word
        tokens = [t for t in tokens if not alone.start() <= t.start < alone.end()]
    if any(t.text in _DENIALS or t.text.endswith("n't") for t in tokens):
        return _Readings({}, None)
    found: dict[str, _Reading | None] = {}
    for index, token in enumerate(tokens):
        if not token.text.isalpha() or token.text in STOPWORDS or index == 0 or token.capital:
            continue
        reading = _passive(tokens, index) or _active(tokens, index)
        if reading is None:
            continue
        found[token.stem] = None if token.stem in found else reading
    return _Readings(found, None if alone is None else Span(alone.start(), alone.end()))


def _passive(tokens: list[_Token], index: int) -> _Reading | None:
    """ "Y is operated by X": X acts on Y."""
    if not is_participle(tokens[index].text) or tokens[index - 1].text not in _BE:
        return None
    by = next(
        (
            at
            for at in range(index + 1, min(index + 1 + _BY_WITHIN, len(tokens)))
            if tokens[at].text == "by"
        ),
        None,
    )
    if by is None or any(not t.text[:1].isalnum() for t in tokens[index + 1 : by]):
        return None
    agent = _after(tokens, by + 1)
    subject = index - 1  # the "is" of "is operated"; "has been run": before "has"
    while subject > 0 and tokens[subject - 1].text in _AUXILIARIES:
        subject -= 1
    patient = _before(tokens, subject, pronoun=True)
    if agent is None or patient is None:
        return None
    return _Reading(tokens[index].stem, tokens[index].span, agent, patient, True)


def _active(tokens: list[_Token], index: int) -> _Reading | None:
    """ "X operates Y", "X can operate Y": X acts on Y."""
    word = tokens[index].text
    before = index
    while before > 0 and tokens[before - 1].text in _MODALS:
        before -= 1
    if before == index and not (word.endswith(("s", "ed")) or is_participle(word)):
        return None  # no verb form: a noun in a run of words ("city council")
    if before > 0 and tokens[before - 1].text in _BE:
        return None
    if before > 1 and tokens[before - 1].text in _RELATIVES and tokens[before - 2].text == ",":
        before -= 2  # "Sara Lind, who replaced Holm": the name before the comma acts
    agent = _before(tokens, before)
    patient = _after(tokens, index + 1, particle=True)
    if agent is None or patient is None or agent.span.end != tokens[before - 1].end:
        return None
    return _Reading(tokens[index].stem, tokens[index].span, agent, patient, False)


def check_roles(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """:func:`_roles_against` the best sentence; when it lacks every verb of the claim,
    against the passage's sentences that hold one (the best sentence may tie with one
    about another thing: "founded by Sara Lind" shares as much with "Sara Lind, who
    replaced Holm" as with "founded in 2004 ... by Erik Holm")."""
    mine = readings(claim.text)
    if not mine.verbs:
        return []
    if not frozenset(best.analysis.stems).isdisjoint(mine.verbs):
        return _roles_against(claim, mine, best, threshold)
    passage = best.passage
    numbers = sorted({n for verb in mine.verbs for n in passage.sentences_holding(verb)})
    for number in numbers[:_OTHER_SENTENCES]:
        span, analysis = passage.sentences[number]
        shared = claim.analysis.content & analysis.content
        found = _roles_against(
            claim, mine, BestSentence(passage, span, analysis, shared), threshold
        )
        if found:
            return found
    return []


#: How many other sentences of the passage :func:`check_roles` reads for a claim's verb.
_OTHER_SENTENCES = 3


def _roles_against(
    claim: Claim, mine: _Readings, best: BestSentence, threshold: float
) -> list[Reason]:
    """``direction_mismatch`` when the party that acts in the claim is, in the sentence
    that otherwise covers it, acted on or named in another role, or when the claim says
    it acted alone and the sentence has it act with another (see the module's docstring)."""
    their_stems = frozenset(best.analysis.stems)
    if their_stems.isdisjoint(mine.verbs):
        return []  # no verb of the claim in the sentence: nothing to compare
    theirs = readings(best.analysis.text)
    for verb, reading in mine.verbs.items():
        other = theirs.verbs.get(verb)
        if reading is None or other is None or reading.agent.joined:
            continue
        ours, their = reading.agent.stems, other.agent.stems
        if other.agent.joined:
            # "Elina Saar opened the lodge alone" / "opened by Elina Saar and her brother"
            if (
                mine.alone is None
                or theirs.alone is not None  # it says "alone" too: of something else
                or not other.passive
                or not _bears_on(claim.text, reading, mine.alone)
                or not ours <= their
                or (other.patient.stems and not reading.patient.stems & other.patient.stems)
            ):
                continue
            message = (
                f"{mine.alone.of(claim.text)!r} in the answer, but in the evidence "
                f"{other.agent.span.of(best.analysis.text)!r} acts with another"
            )
            span = mine.alone
        else:
            if ours & their:
                continue  # the same party acts
            # the two trade places; or, one side passive, the claim's agent is named in
            # the sentence and both act on one thing, or the sentence's agent is the one
            # the claim has acted on ("Quillnote acquired Brightdesk" / "The company was
            # acquired by Brightdesk")
            traded = bool(reading.patient.stems & their) and bool(other.patient.stems & ours)
            passive = reading.passive or other.passive
            same_thing = bool(reading.patient.stems & other.patient.stems) and all(
                stem_ in their_stems or best.passage.holds_stem(stem_) for stem_ in ours
            )
            acted_on = reading.patient.stems == their
            if not (traded or (passive and (same_thing or acted_on))):
                continue
            message = (
                f"{reading.agent.span.of(claim.text)!r} acts in the answer, "
                f"{other.agent.span.of(best.analysis.text)!r} in the evidence: "
                "the roles are reversed"
            )
            span = reading.agent.span
        # the sentence must be about the claim, the claim's own party set aside (the
        # words that differ are not what covers it)
        if coverage(claim.analysis.content - ours, best.analysis.content) + 1e-9 < threshold:
            continue
        return [
            Reason(
                "direction_mismatch",
                message,
                span.shift(claim.span.start),
                best.passage.id,
                other.agent.span.shift(best.span.start),
            )
        ]
    return []

"""Quotes: finding them, verbatim spans, the engine's quote check, quote-grounded lines
and the line-within-span check. Every documented example of the seeds is a row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_guard import Status, check
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.quotes import QUOTE_CODES, check_quotes, quote_support
from grounding_guard.pipeline import engine as engine_module
from grounding_guard.text.analysis import analyse
from grounding_guard.text.quotes import (
    Quote,
    find_quotes,
    is_unspaced_script,
    letter_pairs,
    verbatim_span,
)
from grounding_guard.tools.quoted_lines import (
    SENTENCE_PROBLEMS,
    check_label,
    check_sentence,
    line_within_span,
)
from grounding_guard.types import Evidence, Reason, Span

# ---- find_quotes -----------------------------------------------------------------------

FIND_ROWS: list[tuple[str, list[str]]] = [
    ('He said "the gateway supports IPv6" today.', ["the gateway supports IPv6"]),
    ("He said \u201cthe gateway supports IPv6\u201d today.", ["the gateway supports IPv6"]),
    ("Sie sagte \u201edas Tor ist offen\u201c heute.", ["das Tor ist offen"]),
    ("Il a dit \u00abla passerelle prend IPv6\u00bb hier.", ["la passerelle prend IPv6"]),
    ("Il a dit \u00ab la passerelle \u00bb hier.", ["la passerelle"]),
    (
        "\u5f7c\u306f\u300c\u691c\u8a3c\u6e08\u307f\u3067\u3059\u300d\u3068\u8a00\u3063\u305f\u3002",
        ["\u691c\u8a3c\u6e08\u307f\u3067\u3059"],
    ),
    ("\u300e\u8d85\u8fc7\u9884\u671f\u300f", ["\u8d85\u8fc7\u9884\u671f"]),
    ("The memo calls it \u2018a temporary measure\u2019 only.", ["a temporary measure"]),
    ("Don\u2019t say \u2018we won\u2019t ship\u2019 here.", ["we won\u2019t ship"]),
    ("don't do 'that thing' now", ["that thing"]),
    # apostrophes are not quotes
    ("We don't know and can't say.", []),
    ("We don\u2019t know and can\u2019t say.", []),
    ("In the '90s the investors' money grew.", []),
    ("The students' books and the teachers' desks.", []),
    ("James\u2019 car and the boss\u2019s desk.", []),
    # inches and feet are not quotes
    ("A 5\" screen and a 6' cable.", []),
    ('A 5" screen, "ok then".', ["ok then"]),
    # two quotes, empty quotes, no crossing of a blank line
    ('"one two" and "three four"', ["one two", "three four"]),
    ('"" and "x y"', ["x y"]),
    ('He said "first part\n\nsecond part" later.', []),
    ('He said "first part\nsecond part" later.', ["first part\nsecond part"]),
    # nested: both are found, outer first
    (
        "\u201cHe said \u2018stop now\u2019 twice\u201d",
        ["He said \u2018stop now\u2019 twice", "stop now"],
    ),
]


@pytest.mark.parametrize(("text", "expected"), FIND_ROWS)
def test_find_quotes(text: str, expected: list[str]) -> None:
    quotes = find_quotes(text)
    assert [q.text for q in quotes] == expected
    for quote in quotes:
        assert quote.span.of(text) == quote.text


def test_find_quotes_marks_and_type_errors() -> None:
    quotes = find_quotes("\u00abun deux\u00bb et \u201cthree four\u201d")
    assert [q.mark for q in quotes] == ["\u00ab", "\u201c"]
    assert isinstance(quotes[0], Quote)
    with pytest.raises(TypeError):
        find_quotes(None)  # type: ignore[arg-type]


# ---- verbatim_span ---------------------------------------------------------------------

TREATY = "The Treaty of Versailles was a peace treaty signed on 28 June 1919."
LATENCY = "Latency is 1.25 ms, and the treaty\u2019s terms were \u201charsh\u201d."

VERBATIM_ROWS: list[tuple[str, str, str, dict[str, bool], str | None]] = [
    # (name, quote, source, options, expected text of the span or None)
    ("seed: found", "signed on 28 June 1919", TREATY, {}, "signed on 28 June 1919"),
    ("seed: cuts a word", "signed on 28 Ju", TREATY, {}, None),
    (
        "seed: typographic folded",
        'the treaty\'s terms were "harsh"',
        LATENCY,
        {},
        "the treaty\u2019s terms were \u201charsh\u201d",
    ),
    ("cuts a number (decimal)", "25 ms", LATENCY, {}, None),
    ("cuts a number (end)", "Latency is 1.2", LATENCY, {}, None),
    ("whole decimal", "1.25 ms", LATENCY, {}, "1.25 ms"),
    ("cuts a grouped number", "234 people", "We saw 1,234 people.", {}, None),
    ("drops a sign", "20 degrees", "It fell to -20 degrees.", {}, None),
    ("range is no sign", "2020 season", "The 2019-2020 season ended.", {}, "2020 season"),
    ("cuts a word start", "ateway supports", "The gateway supports IPv6.", {}, None),
    ("cuts a contraction", "t know", "We don't know yet.", {}, None),
    ("cuts a contraction end", "We don", "We don't know yet.", {}, None),
    ("case sensitive", "the Gateway", "The gateway supports IPv6.", {}, None),
    (
        "case insensitive",
        "the Gateway",
        "The gateway supports IPv6.",
        {"case_sensitive": False},
        "The gateway",
    ),
    (
        "white space collapsed",
        "supports   IPv6\nand",
        "The gateway supports IPv6 and TLS.",
        {},
        "supports IPv6 and",
    ),
    (
        "source white space",
        "supports IPv6 and TLS",
        "The gateway supports\n   IPv6\tand  TLS.",
        {},
        "supports\n   IPv6\tand  TLS",
    ),
    (
        "non-breaking space",
        "28 June 1919",
        "signed on 28\u00a0June\u00a01919.",
        {},
        "28\u00a0June\u00a01919",
    ),
    (
        "invisible in source",
        "supports IPv6",
        "The gateway sup\u200bports IPv6.",
        {},
        "sup\u200bports IPv6",
    ),
    (
        "straight vs typographic in source",
        "\u201charsh\u201d",
        'The terms were "harsh".',
        {},
        '"harsh"',
    ),
    ("en dash folded", "1914-1918", "The war of 1914\u20131918 ended.", {}, "1914\u20131918"),
    ("first uncut occurrence", "cat sat", "The bobcat sat. A cat sat.", {}, "cat sat"),
    (
        "markdown emphasis in the quote",
        "the **gateway** supports",
        "So the gateway supports IPv6.",
        {},
        "the gateway supports",
    ),
    (
        "markdown emphasis in the source",
        "the gateway supports",
        "See: the *gateway* `supports` IPv6.",
        {},
        "the *gateway* `supports",
    ),
    ("snake_case kept", "max_retries is 3", "Set max_retries is 3 here.", {}, "max_retries is 3"),
    ("snake_case not split", "max retries is 3", "Set max_retries is 3 here.", {}, None),
    ("absent", "supports IPv4", "The gateway supports IPv6.", {}, None),
    ("empty quote", "   ", "The gateway supports IPv6.", {}, None),
    (
        "unspaced script inside a run",
        "\u9884\u7b97\u589e\u52a0",
        "\u660e\u5e74\u9884\u7b97\u589e\u52a0\u5341\u500d\u3002",
        {},
        "\u9884\u7b97\u589e\u52a0",
    ),
]


@pytest.mark.parametrize(
    ("name", "quote", "source", "options", "expected"),
    VERBATIM_ROWS,
    ids=[row[0] for row in VERBATIM_ROWS],
)
def test_verbatim_span(
    name: str, quote: str, source: str, options: dict[str, bool], expected: str | None
) -> None:
    span = verbatim_span(quote, source, **options)
    if expected is None:
        assert span is None
    else:
        assert span is not None
        assert span.of(source) == expected


def test_verbatim_span_offsets_of_the_seed() -> None:
    assert verbatim_span("signed on 28 June 1919", TREATY) == Span(44, 66)
    assert verbatim_span(Quote("signed on 28 June 1919", Span(0, 0), '"'), TREATY) == Span(44, 66)


# ---- check_quotes (the engine's quote check) -----------------------------------------

GATEWAY = (
    "The team never confirmed that the gateway supports IPv6. "
    "The gateway encrypts all traffic with TLS 1.3."
)
BILL_302 = (
    "SEC. 302. PENALTIES.\n(b) Criminal Penalties.\u2014Any person who knowingly violates "
    "this Act shall be subject to imprisonment for not more than 3 years, a fine, or both."
)


def _claim(text: str, start: int = 100) -> Claim:
    return Claim(text, Span(start, start + len(text)), analyse(text))


def _passages(*texts: str) -> list[Passage]:
    return [Passage.read(Evidence(str(n), t)) for n, t in enumerate(texts, start=1)]


QUOTE_ROWS: list[tuple[str, str, tuple[str, ...], list[str], str | None]] = [
    # (name, claim, evidence texts, codes, evidence text the support or reason points at)
    (
        "faithful",
        'It "encrypts all traffic with TLS 1.3" [1].',
        (GATEWAY,),
        [],
        "encrypts all traffic with TLS 1.3",
    ),
    (
        "altered number",
        'It "encrypts all traffic with TLS 1.2" [1].',
        (GATEWAY,),
        ["quote_mismatch"],
        None,
    ),
    (
        "altered word",
        'It "encrypts most traffic with TLS 1.3" [1].',
        (GATEWAY,),
        ["quote_mismatch"],
        None,
    ),
    # a quote whose words mostly stand nowhere in order in one sentence is only
    # unconfirmed (informational): "TLS 1" has one of its two words in "TLS 1.3"
    ("cuts a number", 'It uses "TLS 1" everywhere [1].', (GATEWAY,), ["quote_unconfirmed"], None),
    ("cuts a word", 'It "crypts all traffic" [1].', (GATEWAY,), ["quote_mismatch"], None),
    (
        "negated sentence (seed)",
        'The vendor says "the gateway supports IPv6" [1].',
        (GATEWAY,),
        ["quote_drops_negation"],
        "The team never confirmed that the gateway supports IPv6.",
    ),
    (
        "negation kept in quote",
        'They "never confirmed that the gateway supports IPv6" [1].',
        (GATEWAY,),
        [],
        "never confirmed that the gateway supports IPv6",
    ),
    (
        "negation after a clause break",
        'It "supports IPv6" [1].',
        ("The gateway supports IPv6, but not IPv4.",),
        [],
        "supports IPv6",
    ),
    (
        "negation after the quote",
        'It "supports IPv6" [1].',
        ("The gateway supports IPv6 and not much else.",),
        [],
        "supports IPv6",
    ),
    (
        "negation in another sentence",
        'It "supports IPv6" [1].',
        ("Nothing else changed. The gateway supports IPv6.",),
        [],
        "supports IPv6",
    ),
    (
        "typographic in claim, straight in evidence",
        "It was \u201cnot \u2018harsh\u2019 at all\u201d [1].",
        ("It was not 'harsh' at all.",),
        [],
        "not 'harsh' at all",
    ),
    (
        "straight in claim, typographic in evidence",
        'Terms were "the treaty\'s terms" [1].',
        (LATENCY,),
        [],
        "the treaty\u2019s terms",
    ),
    (
        "white space differs",
        'It "encrypts  all\ntraffic" [1].',
        (GATEWAY,),
        [],
        "encrypts all traffic",
    ),
    (
        "trailing stop inside the marks",
        'It said "encrypts all traffic." [1]',
        (GATEWAY,),
        [],
        "encrypts all traffic",
    ),
    ("letter case differs", 'It "Encrypts all traffic" [1].', (GATEWAY,), ["quote_mismatch"], None),
    (
        "contiguous across two sentences",
        'It said "supports IPv6. The gateway encrypts" [1].',
        ("It supports IPv6. The gateway encrypts all traffic.",),
        [],
        "supports IPv6. The gateway encrypts",
    ),
    (
        "stitched from two sentences",
        'It "supports IPv6 with TLS 1.3" [1].',
        ("It supports IPv6. It encrypts with TLS 1.3.",),
        ["quote_unconfirmed"],  # half its words in either sentence: no majority in one
        None,
    ),
    (
        "ellipsis, parts in order",
        'It "encrypts ... TLS 1.3" [1].',
        (GATEWAY,),
        [],
        "encrypts all traffic with TLS 1.3",
    ),
    (
        "ellipsis, parts out of order",
        'It "TLS 1.3 \u2026 encrypts all" [1].',
        (GATEWAY,),
        ["quote_unconfirmed"],  # two of four words in order: not most
        None,
    ),
    (
        "ellipsis hides a negation",
        'They "confirmed ... the gateway supports IPv6" [1].',
        ("They confirmed it was never true that the gateway supports IPv6.",),
        ["quote_drops_negation"],
        None,
    ),
    (
        "leading and trailing ellipsis (seed)",
        'Penalties: "...shall be subject to imprisonment for not more than 3 years..." (\u00a7 302).',
        (BILL_302,),
        [],
        "shall be subject to imprisonment for not more than 3 years",
    ),
    (
        "seed: 3 years changed to 5",
        'Penalties: "imprisonment for not more than 5 years" (\u00a7 302).',
        (BILL_302,),
        ["quote_mismatch"],
        None,
    ),
    (
        "second cited passage",
        'It "encrypts all traffic" [1][2].',
        ("Nothing here.", GATEWAY),
        [],
        "encrypts all traffic",
    ),
    (
        "split across two passages",
        'It "supports IPv6 and encrypts all traffic" [1][2].',
        ("It supports IPv6 and", "encrypts all traffic."),
        ["quote_mismatch"],
        None,
    ),
    ("scare quote not checked", 'It is the "best" gateway [1].', (GATEWAY,), [], None),
    ("one word not checked", 'It is "unprecedented" [1].', (GATEWAY,), [], None),
    ("hyphenated word not checked", 'It uses "utf-8" [1].', (GATEWAY,), [], None),
    ("inline code not a quote", 'Set `mode = "fast and loose"` first [1].', (GATEWAY,), [], None),
    (
        "apostrophes not quotes",
        "It doesn't support 'the new' things' list [1].",
        (GATEWAY,),
        ["quote_unconfirmed"],
        None,
    ),
    (
        "guillemets",
        "Il dit \u00abencrypts all traffic\u00bb [1].",
        (GATEWAY,),
        [],
        "encrypts all traffic",
    ),
    (
        "corner brackets",
        "\u5831\u544a\u306f\u300c\u4e88\u7b97\u3092\u5897\u3084\u3059\u300d\u3068\u8ff0\u3079\u305f [1]\u3002",
        ("\u6765\u5e74\u306f\u4e88\u7b97\u3092\u5897\u3084\u3059\u4e88\u5b9a\u3067\u3059\u3002",),
        [],
        "\u4e88\u7b97\u3092\u5897\u3084\u3059",
    ),
    (
        "corner brackets altered",
        "\u5831\u544a\u306f\u300c\u4e88\u7b97\u3092\u6e1b\u3089\u3059\u300d\u3068\u8ff0\u3079\u305f [1]\u3002",
        ("\u6765\u5e74\u306f\u4e88\u7b97\u3092\u5897\u3084\u3059\u4e88\u5b9a\u3067\u3059\u3002",),
        ["quote_mismatch"],
        None,
    ),
    (
        "nested quote: the outer is checked",
        "It said \u201cthe gateway \u2018encrypts all\u2019 data\u201d [1].",
        (GATEWAY,),
        ["quote_mismatch"],
        None,
    ),
    (
        "other word ending: reported, not failed",
        'It "encrypted all traffic with TLS 1.3" [1].',
        (GATEWAY,),
        ["quote_inexact"],
        None,
    ),
    (
        "other ending and an altered word: a misquote",
        'It "encrypted most traffic with TLS 1.3" [1].',
        (GATEWAY,),
        ["quote_mismatch"],
        None,
    ),
    (
        "two quotes, one wrong",
        'It "encrypts all traffic" and "supports IPv4 fully" [1].',
        (GATEWAY,),
        ["quote_unconfirmed"],  # "supports ipv 4 fully": two of four words in order
        None,
    ),
]


@pytest.mark.parametrize(
    ("name", "claim", "evidence", "codes", "where"),
    QUOTE_ROWS,
    ids=[row[0] for row in QUOTE_ROWS],
)
def test_check_quotes(
    name: str, claim: str, evidence: tuple[str, ...], codes: list[str], where: str | None
) -> None:
    unit = _claim(claim)
    passages = _passages(*evidence)
    reasons = check_quotes(unit, passages)
    assert [r.code for r in reasons] == codes
    answer = " " * 100 + claim
    for reason in reasons:
        assert reason.span is not None
        quoted = reason.span.of(answer)
        assert quoted and quoted in claim  # the quote's own words, in the answer
        assert claim[reason.span.start - 100 - 1] in "\"\u201c\u201d\u00ab\u300c'\u2018"
    support = quote_support(unit, passages)
    if codes == ["quote_drops_negation"] and where is not None:
        assert reasons[0].evidence_span is not None
        ident = reasons[0].evidence_id
        text = next(p.evidence.text for p in passages if p.id == ident)
        assert reasons[0].evidence_span.of(text) == where
    elif where is not None:
        assert len(support) == 1
        ident, span = support[0]
        text = next(p.evidence.text for p in passages if p.id == ident)
        assert span.of(text) == where
    elif not codes:
        assert support == []


def test_quote_mismatch_names_the_single_cited_passage_and_hints_at_case() -> None:
    reasons = check_quotes(_claim('It "Encrypts all traffic" [1].'), _passages(GATEWAY))
    assert reasons[0].evidence_id == "1"
    assert "other letter case" in reasons[0].message
    several = check_quotes(_claim('It "encrypts no traffic" [1][2].'), _passages(GATEWAY, "x"))
    assert several[0].evidence_id == "1"  # the passage the misquote comes close to
    assert several[0].evidence_span is not None
    assert several[0].evidence_span.of(GATEWAY) == "encrypts all traffic"
    assert "(1, 2)" in several[0].message
    unconfirmed = check_quotes(_claim('It "rolls out slowly" [1][2].'), _passages(GATEWAY, "x"))
    assert [(r.code, r.evidence_id) for r in unconfirmed] == [("quote_unconfirmed", None)]


def test_quote_inexact_points_at_the_words_it_changes_the_endings_of() -> None:
    evidence = "Mason warned that rich foreign Nation could bribe their way into office."
    answer = 'Mason warned that "rich foreign nations" could bribe their way into office [1].'
    (reason,) = check_quotes(_claim(answer), _passages(evidence))
    assert reason.code == "quote_inexact"
    assert reason.span is not None
    assert reason.span.of(" " * 100 + answer) == "rich foreign nations"  # _claim pads 100
    assert reason.evidence_span is not None
    assert reason.evidence_span.of(evidence) == "rich foreign Nation"
    assert "'rich foreign Nation'" in reason.message
    unit = check(answer, {"1": evidence}).units[0]
    assert unit.status is Status.GROUNDED and "quote_inexact" in unit.codes


def test_quote_case_insensitive_option() -> None:
    unit = _claim('It "Encrypts all traffic" [1].')
    assert check_quotes(unit, _passages(GATEWAY), case_sensitive=False) == []


def test_no_passages_checks_nothing() -> None:
    assert check_quotes(_claim('It "encrypts no traffic at all".'), []) == []


def test_quote_span_is_in_the_answer() -> None:
    unit = _claim('The vendor says "the gateway supports IPv6" [1].', start=7)
    (reason,) = check_quotes(unit, _passages(GATEWAY))
    assert reason == Reason(
        "quote_drops_negation",
        reason.message,
        Span(7 + 17, 7 + 42),
        "1",
        Span(0, 56),
    )
    assert "never" in reason.message


# ---- wired into the engine -------------------------------------------------------------


@pytest.fixture
def quotes_wired(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine with the quote check in its term checks (what engine.py wires in);
    a no-op when the engine already runs it."""
    original = engine_module._term_reasons

    def wired(
        claim: Claim, passages: tuple[Passage, ...], best: object, threshold: float
    ) -> list[Reason]:
        reasons = original(claim, passages, best, threshold)  # type: ignore[arg-type]
        if not any(r.code in QUOTE_CODES for r in reasons):
            reasons.extend(check_quotes(claim, passages))
        return reasons

    monkeypatch.setattr(engine_module, "_term_reasons", wired)


ENGINE_ROWS: list[tuple[str, str, Status, set[str]]] = [
    ("faithful", 'The gateway "encrypts all traffic with TLS 1.3" [1].', Status.GROUNDED, set()),
    (
        "altered",
        'The gateway "encrypts all traffic with TLS 1.3 and SSH" [1].',
        Status.INVALID,
        {"quote_mismatch"},
    ),
    (
        "negated",
        'The vendor says "the gateway supports IPv6" [1].',
        Status.INVALID,
        {"quote_drops_negation"},
    ),
]


@pytest.mark.usefixtures("quotes_wired")
@pytest.mark.parametrize(
    ("name", "answer", "status", "codes"), ENGINE_ROWS, ids=[r[0] for r in ENGINE_ROWS]
)
def test_engine_quote_verdicts(name: str, answer: str, status: Status, codes: set[str]) -> None:
    report = check(answer, {"1": GATEWAY})
    (unit,) = report.units
    # the negation check may see the same negation first: contradicted outranks invalid
    assert unit.status is status or (
        status is Status.INVALID and unit.status is Status.CONTRADICTED
    )
    assert codes <= set(unit.codes)
    for reason in unit.reasons:
        if reason.code in QUOTE_CODES:
            assert reason.span is not None
            assert reason.span.of(answer) in answer


# ---- check_sentence / check_label (seed: Sentence check) -----------------------------

TURN = "Yes, we grow the budget by ten percent next quarter."
SEED_QUOTES = [{"quote": "we grow the budget by ten percent", "source": TURN}]

JA_SOURCE = "\u6765\u5e74\u306f\u4e88\u7b97\u3092\u5897\u3084\u3059\u4e88\u5b9a\u3067\u3059\u304c\u3001\u4eba\u54e1\u306f\u5909\u3048\u307e\u305b\u3093\u3002"
JA_QUOTES = [(JA_SOURCE[:-1], JA_SOURCE)]  # 23 characters: past min_quote_chars

SENTENCE_ROWS: list[tuple[str, str, list[tuple[str, str]] | list[dict[str, str]], str | None]] = [
    # the seed's rows
    ("seed: stands", "We grow the budget by ten percent.", SEED_QUOTES, None),
    ("seed: beyond", "Cut the budget by 20 percent.", SEED_QUOTES, "beyond_quotes"),
    (
        "seed: negation",
        "We do not grow the budget by ten percent.",
        SEED_QUOTES,
        "negation_differs",
    ),
    (
        "seed: qualifier will",
        "We will not grow the budget by ten percent.",
        SEED_QUOTES,
        "qualifier_not_quoted",
    ),
    (
        "seed: quote lifted from a negated sentence",
        "The gateway supports IPv6.",
        [
            (
                "the gateway supports IPv6 in every region",
                "The team never confirmed that the gateway supports IPv6 in every region.",
            )
        ],
        "quote_drops_negation",
    ),
    # quotes that do not count
    (
        "quote too short",
        "We grow the budget.",
        [("grow the budget", "We grow the budget.")],
        "beyond_quotes",
    ),
    (
        "quote not in its source",
        "We grow the budget by ten percent.",
        [("we grow the budget by ten percent", "We cut the budget by ten percent.")],
        "beyond_quotes",
    ),
    ("no quotes", "We grow the budget by ten percent.", [], "beyond_quotes"),
    (
        "min_quote_chars lowered",
        "We grow the budget.",
        [("grow the budget", "We grow the budget.")],
        None,
    ),
    # quote standing: case, spacing, punctuation differ; symbols must match
    (
        "case and punctuation differ",
        "Revenue grew, strongly.",
        [("REVENUE -- grew (strongly)", "Revenue grew strongly in Q3.")],
        None,
    ),
    (
        "symbol inside the quote differs",
        "Latency is under 5 ms.",
        [("latency is < 5 ms overall", "Latency is = 5 ms overall.")],
        "beyond_quotes",
    ),
    # term checks
    ("name not quoted", "Acme grows the budget by ten percent.", SEED_QUOTES, "name_not_quoted"),
    (
        "acronym not quoted",
        "The US grows the budget by ten percent.",
        [("the us grows the budget by ten percent", "Do the us grows the budget by ten percent?")],
        "name_not_quoted",
    ),
    (
        "acronym quoted",
        "The U.S. budget grows by ten percent.",
        [("the US budget grows by ten percent", "Yes: the US budget grows by ten percent.")],
        None,
    ),
    ("symbol not quoted", "We grow the budget by ten %.", SEED_QUOTES, "symbol_not_quoted"),
    (
        "symbol quoted",
        "Costs rose 5% this year.",
        [("costs rose 5% this year", "Costs rose 5% this year, sadly.")],
        None,
    ),
    (
        "symbol counted twice",
        "Costs rose 5% and 6%.",
        [("costs rose 5% and 6 this year", "Costs rose 5% and 6 this year.")],
        "symbol_not_quoted",
    ),
    ("number not quoted", "We grow the budget by 10 percent.", SEED_QUOTES, "number_not_quoted"),
    (
        "decimal is not whole",
        "Latency fell to 5 ms today.",
        [("latency fell to 0.5 ms today", "Latency fell to 0.5 ms today.")],
        "number_not_quoted",
    ),
    (
        "sign kept",
        "It fell to -20 degrees.",
        [("it fell to 20 degrees", "It fell to 20 degrees.")],
        "number_not_quoted",
    ),
    (
        "grouping is the same number",
        "They hired 1,200 people.",
        [("they hired 1200 people in all", "They hired 1200 people in all.")],
        None,
    ),
    (
        "qualifier not quoted",
        "We grow the budget by ten percent every year.",
        SEED_QUOTES,
        "qualifier_not_quoted",
    ),
    (
        "family: increases never on decreases",
        "Demand increases sharply.",
        [("demand decreases sharply now", "Demand decreases sharply now.")],
        "beyond_quotes",
    ),
    (
        "family differs with support met",
        "Sales decreased in March and April.",
        [("sales increased in March and April", "Sales increased in March and April.")],
        "qualifier_not_quoted",
    ),
    (
        "family held",
        "Sales increased in March.",
        [("sales increase in March every year", "Sales increase in March every year.")],
        None,
    ),
    (
        "negation quoted",
        "The budget is not approved.",
        [("the budget is not approved yet", "The budget is not approved yet.")],
        None,
    ),
    (
        "negation dropped in the line",
        "The budget is approved.",
        [("the budget is not approved yet", "The budget is not approved yet.")],
        "negation_differs",
    ),
    (
        "overlapping quotes share a negation once",
        "The budget is not approved yet.",
        [
            ("the budget is not approved", "The budget is not approved yet."),
            ("budget is not approved yet", "The budget is not approved yet."),
        ],
        None,
    ),
    # sentences: each needs content words and support
    (
        "second sentence beyond",
        "We grow the budget by ten percent. Hiring stops.",
        SEED_QUOTES,
        "beyond_quotes",
    ),
    (
        "sentence without content words",
        "We grow the budget by ten percent. Yes.",
        SEED_QUOTES,
        "beyond_quotes",
    ),
    # unspaced scripts: letter pairs
    (
        "letter pairs: stands",
        "\u6765\u5e74\u4e88\u7b97\u3092\u5897\u3084\u3059\u3002",
        JA_QUOTES,
        None,
    ),
    (
        "letter pairs: beyond",
        "\u6765\u5e74\u4eba\u54e1\u3092\u524a\u6e1b\u3059\u308b\u3002",
        JA_QUOTES,
        "beyond_quotes",
    ),
]


@pytest.mark.parametrize(
    ("name", "line", "quotes", "expected"),
    SENTENCE_ROWS,
    ids=[row[0] for row in SENTENCE_ROWS],
)
def test_check_sentence(name: str, line: str, quotes: list, expected: str | None) -> None:  # type: ignore[type-arg]
    options = {"min_quote_chars": 10} if name == "min_quote_chars lowered" else {}
    assert check_sentence(line, quotes, **options) == expected
    assert expected is None or expected in SENTENCE_PROBLEMS


def test_check_sentence_support_option() -> None:
    assert (
        check_sentence("Cut the budget by 20 percent.", SEED_QUOTES, support=0.6)
        == "name_not_quoted"
    )
    assert (
        check_sentence("Cut the budget by ten percent.", SEED_QUOTES, support=0.0)
        == "name_not_quoted"
    )


def test_check_sentence_rejects_bad_arguments() -> None:
    with pytest.raises(TypeError):
        check_sentence(None, SEED_QUOTES)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="support"):
        check_sentence("x", SEED_QUOTES, support=1.5)
    with pytest.raises(ValueError, match="min_quote_chars"):
        check_sentence("x", SEED_QUOTES, min_quote_chars=-1)
    with pytest.raises(TypeError):
        check_sentence("x", [("only one",)])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        check_sentence("x", [{"quote": "a"}])


LABEL_ROWS: list[tuple[str, list[dict[str, str]] | list[tuple[str, str]], str | None]] = [
    ("Budget", SEED_QUOTES, None),  # seed
    ("Acme budget review", SEED_QUOTES, "name_not_quoted"),  # seed
    ("budget growth", SEED_QUOTES, None),  # no share of content words asked
    ("Ten percent", SEED_QUOTES, None),
    ("Budget +10%", SEED_QUOTES, "symbol_not_quoted"),
    ("Budget 2027", SEED_QUOTES, "number_not_quoted"),
    ("Budget will grow", SEED_QUOTES, "qualifier_not_quoted"),
    ("No budget growth", SEED_QUOTES, "negation_differs"),
    ("approved", [("the plan was not approved", "The plan was not approved.")], "negation_differs"),
    ("not approved", [("the plan was not approved", "The plan was not approved.")], None),
    (
        "approved",
        [("the plan was approved", "The board never said the plan was approved.")],
        "quote_drops_negation",
    ),
    # no quotes: passes only without name, symbol, number, qualifier or negation
    ("budget review", [], None),
    ("Budget", [], "name_not_quoted"),
    ("budget 5", [], "number_not_quoted"),
    ("budget cut", [], "qualifier_not_quoted"),
    ("no budget", [], "negation_differs"),
]


@pytest.mark.parametrize(("label", "quotes", "expected"), LABEL_ROWS)
def test_check_label(label: str, quotes: list, expected: str | None) -> None:  # type: ignore[type-arg]
    assert check_label(label, quotes) == expected


# ---- line_within_span (seed: A line within a span) ------------------------------------

SPAN = "Q3 revenue was 1.2M, up 18 percent."

WITHIN_ROWS: list[tuple[str, str, bool]] = [
    ("Revenue was 1.2M, up 18 percent.", SPAN, True),  # seed
    ("Revenue was not up 18 percent.", SPAN, False),  # seed
    ("Revenue was up 18 points.", SPAN, False),  # seed
    ("Revenue was $1.2M.", SPAN, False),  # seed
    ("Up 18 percent, revenue was 1.2M.", SPAN, True),  # reordered
    ("Revenue was up 18", SPAN, True),  # a number ending the line may omit its word
    ("Revenue was up 18 revenue", SPAN, False),  # a following word must be the span's
    ("Revenue was up -18 percent.", SPAN, False),  # the sign counts
    ("Revenue was 12M.", SPAN, False),
    ("", SPAN, False),  # a line needs a word
    ("...", SPAN, False),
    ("Profit fell 5%.", "Profit fell 5% in May.", True),
    ("Profit fell 5\u2030.", "Profit fell 5% in May.", False),
    ("Profit fell 5 \u20ac.", "Profit fell 5 $ in May.", False),
    ("We did not ship and did not sell.", "We did not ship and did not sell.", True),
    ("We did not ship and did sell.", "We did not ship and did not sell.", False),
    ("We didn't ship.", "We did not ship.", False),  # negations match by form
    ("Revenue was 1.2M.", "Q3 revenue was \uff11.\uff12M.", True),  # full-width digits folded
]


@pytest.mark.parametrize(("line", "span", "expected"), WITHIN_ROWS)
def test_line_within_span(line: str, span: str, expected: bool) -> None:
    assert line_within_span(line, span) is expected


# ---- helpers ---------------------------------------------------------------------------


def test_unspaced_helpers() -> None:
    assert is_unspaced_script("\u4e88\u7b97")
    assert not is_unspaced_script("budget")
    assert letter_pairs("\u4e88\u7b97\u3092 x \u5897") == ["\u4e88\u7b97", "\u7b97\u3092", "\u5897"]


# ---- properties ------------------------------------------------------------------------

_PIECES = [
    *"ab Z9.,;'\"\n-",
    *"\u201c\u201d\u2018\u2019\u00ab\u00bb\u300c\u300d\u4e88\u200b\u00a0%$",
    "not",
    "never",
    "1.5",
]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=_TEXT, other=_TEXT)
def test_never_raises_and_spans_hold(text: str, other: str) -> None:
    for quote in find_quotes(text):
        assert quote.span.of(text) == quote.text
    span = verbatim_span(other[:12], text)
    assert span is None or 0 <= span.start < span.end <= len(text)
    unit = _claim(text)
    passages = _passages(other or "x")
    for reason in check_quotes(unit, passages):
        assert reason.code in QUOTE_CODES
    for ident, found in quote_support(unit, passages):
        assert ident == "1" and found.end <= len(passages[0].evidence.text)
    assert check_sentence(text, [(other, other)], min_quote_chars=0) in (None, *SENTENCE_PROBLEMS)
    assert check_label(text, [(other, other)]) in (None, *SENTENCE_PROBLEMS)
    assert isinstance(line_within_span(text, other), bool)


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(["alpha", "beta", "gamma", "2.5", "IPv6", "don't"]), min_size=4, max_size=12
    ),
    data=st.data(),
)
def test_a_cut_at_word_boundaries_is_found(words: list[str], data: st.DataObject) -> None:
    source = " ".join(words) + "."
    start = data.draw(st.integers(0, len(words) - 2))
    end = data.draw(st.integers(start + 1, len(words)))
    quote = "  ".join(words[start:end])  # white space differs
    span = verbatim_span(quote, source)
    assert span is not None
    assert " ".join(span.of(source).split()) == " ".join(quote.split())


@pytest.mark.parametrize(
    ("claim", "evidence", "checked"),
    [
        (
            "Toby Keith sang the song 'Should Have Been a Cowboy' [1].",
            "Should've Been a Cowboy is a song by Toby Keith.",
            False,
        ),
        (
            'They struggle with the concept of "theory of mind" [1].',
            "They struggle with theory-of-mind tasks.",
            False,
        ),
        (
            'The expression "kicked the bucket" means to die [1].',
            "This phrase means to die.",
            False,
        ),
        (
            'Borlaug is called the "Father of the Green Revolution" [1].',
            "Borlaug is the father of the green revolution.",
            False,
        ),
        (
            'The report calls the plan "a complete failure of oversight" [1].',
            "The report calls the plan a failure of oversight.",
            True,
        ),
    ],
    ids=["song-title", "concept-of", "expression", "title-case-epithet", "real-quotation"],
)
def test_a_named_title_or_term_is_a_mention_not_a_quotation(
    claim: str, evidence: str, checked: bool
) -> None:
    # found on AttributionBench and WiCE: titles and terms in quotation marks were read as
    # quotations of the evidence (quote_mismatch was right 64% of the time)
    codes = [r.code for r in check_quotes(_claim(claim), _passages(evidence))]
    assert (codes == ["quote_mismatch"]) is checked

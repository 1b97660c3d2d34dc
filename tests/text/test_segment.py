"""Golden tables for the segmenter: one table per behaviour, inputs to the units cut.

Rows port every grounding-kit ``splitSentences`` rule and pySBD-style golden rules; a row
whose expectation departs from pySBD says why in its id.
"""

from __future__ import annotations

import pytest

from grounding_guard.citations import DEFAULT_PLACEHOLDER_PATTERN, PRESETS
from grounding_guard.text.segment import DEFAULT_ABBREVIATIONS, Abbreviations, Segment, segment
from grounding_guard.types import Kind, Marker, Span


def cut(text: str, style: str | None = "cite", **options: object) -> list[Segment]:
    """Segment ``text`` with the markers of ``style`` and the default placeholders."""
    markers = PRESETS[style].find(text) if style else []
    gaps = [Span(*m.span()) for m in DEFAULT_PLACEHOLDER_PATTERN.finditer(text)]
    return segment(text, markers, gaps, **options)  # type: ignore[arg-type]


def texts(text: str, style: str | None = "cite", **options: object) -> list[str]:
    """The text of each unit."""
    return [seg.span.of(text) for seg in cut(text, style, **options)]


def details(text: str, style: str | None = "cite") -> list[tuple[str, list[str], str | None]]:
    """Each unit as (text, raw markers and placeholders bound to it, separator text)."""
    return [
        (
            seg.span.of(text),
            [m.raw for m in seg.markers] + [p.of(text) for p in seg.placeholders],
            seg.separator.of(text) if seg.separator else None,
        )
        for seg in cut(text, style)
    ]


def kinds(text: str, style: str | None = "cite", **options: object) -> list[tuple[str, Kind]]:
    """Each unit as (text, kind)."""
    return [(seg.span.of(text), seg.kind) for seg in cut(text, style, **options)]


# ---- 1. sentence ends -------------------------------------------------------------------------
SENTENCE_ENDS = [
    ("Hello World. My name is Jonas.", ["Hello World.", "My name is Jonas."]),
    ("What is your name? My name is Jonas.", ["What is your name?", "My name is Jonas."]),
    ("There it is! I found it.", ["There it is!", "I found it."]),
    ("Hello!! Long time no see.", ["Hello!!", "Long time no see."]),
    ("Hello?? Who is there?", ["Hello??", "Who is there?"]),
    ("Hello!? Is that you?", ["Hello!?", "Is that you?"]),
    ("Hello?! Is that you?", ["Hello?!", "Is that you?"]),
    (
        "I never meant that.... She left the store.",
        ["I never meant that....", "She left the store."],
    ),
    ("He paused... Then he left.", ["He paused...", "Then he left."]),
    ("He paused\u2026 Then he left.", ["He paused\u2026", "Then he left."]),
    ("He paused . . . Then he left.", ["He paused . . .", "Then he left."]),
    ("wait...what is it", ["wait...what is it"]),
    ("No stop at the end", ["No stop at the end"]),
    ("One sentence.", ["One sentence."]),
    ("今日は晴れです。明日は雨です。", ["今日は晴れです。", "明日は雨です。"]),
    ("本当！はい？そうです．終わり", ["本当！", "はい？", "そうです．", "終わり"]),
    ("円周率は３．１４です。", ["円周率は３．１４です。"]),
    ("यह पहला वाक्य है। यह दूसरा है।", ["यह पहला वाक्य है।", "यह दूसरा है।"]),
    ("هل أنت بخير؟ نعم.", ["هل أنت بخير؟", "نعم."]),
    ('He said "Yes." Then he left.', ['He said "Yes."', "Then he left."]),
    ("She said \u201cDone.\u201d Next one.", ["She said \u201cDone.\u201d", "Next one."]),
    ("It was shown (see above.) Then more.", ["It was shown (see above.)", "Then more."]),
    ("It was shown [see above.] Then more.", ["It was shown [see above.]", "Then more."]),
    ("**Bold claim.** Next sentence.", ["**Bold claim.**", "Next sentence."]),
    ("She has $100.00. It is in her bag.", ["She has $100.00.", "It is in her bag."]),
    ("One.\nTwo.", ["One.", "Two."]),
    (
        'She turned to him, "This is great." She held the book out to show him.',
        ['She turned to him, "This is great."', "She held the book out to show him."],
    ),
    ("Image ![chart](x.png) here. Next.", ["Image ![chart](x.png) here.", "Next."]),
]


@pytest.mark.parametrize(("text", "expected"), SENTENCE_ENDS)
def test_sentence_ends(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


# ---- 2. abbreviations and initials ------------------------------------------------------------
ABBREVIATIONS = [
    (
        "Dr. Alvarez reviewed the unit. It shipped the next day.",
        ["Dr. Alvarez reviewed the unit.", "It shipped the next day."],
    ),
    (
        "Mr. and Mrs. Smith met Prof. Jones vs. Ms. Lee.",
        ["Mr. and Mrs. Smith met Prof. Jones vs. Ms. Lee."],
    ),
    ("DR. Who arrived. dr. who left.", ["DR. Who arrived.", "dr. who left."]),
    ("My name is Jonas E. Smith.", ["My name is Jonas E. Smith."]),
    ("Please turn to p. 55.", ["Please turn to p. 55."]),
    ("See pp. 4-5 and vol. 2 of the set.", ["See pp. 4-5 and vol. 2 of the set."]),
    ("Were Jane and co. at the party?", ["Were Jane and co. at the party?"]),
    (
        "They closed the deal with Pitt, Briggs & Co. at noon.",
        ["They closed the deal with Pitt, Briggs & Co. at noon."],
    ),
    ("Let's ask Jane and co. They should know.", ["Let's ask Jane and co.", "They should know."]),
    (
        "They closed the deal with Pitt, Briggs & Co. It closed yesterday.",
        ["They closed the deal with Pitt, Briggs & Co.", "It closed yesterday."],
    ),
    ("I can see Mt. Fuji from here.", ["I can see Mt. Fuji from here."]),
    (
        "St. Michael's Church is on 5th st. near the light.",
        ["St. Michael's Church is on 5th st. near the light."],
    ),
    ("That is JFK Jr.'s book.", ["That is JFK Jr.'s book."]),
    (
        "See Fig. 3 for e.g. details, i.e. the rest.",
        ["See Fig. 3 for e.g. details, i.e. the rest."],
    ),
    ("Use approx. 5 litres, cf. the manual.", ["Use approx. 5 litres, cf. the manual."]),
    ("Apples, pears, etc. are fruit.", ["Apples, pears, etc. are fruit."]),
    (
        "We sell apples, pears, etc. Our shop opens at 9.",
        ["We sell apples, pears, etc.", "Our shop opens at 9."],
    ),
    ("No. 5 is next.", ["No. 5 is next."]),
    ("The answer is no. The question stands.", ["The answer is no.", "The question stands."]),
    ("I visited the U.S.A. last year.", ["I visited the U.S.A. last year."]),
    ("I live in the E.U. How about you?", ["I live in the E.U.", "How about you?"]),
    ("I live in the U.S. How about you?", ["I live in the U.S.", "How about you?"]),
    ("I have lived in the U.S. for 20 years.", ["I have lived in the U.S. for 20 years."]),
    (
        "At 5 p.m. today we met. At 6 P.M. The bus left.",
        ["At 5 p.m. today we met.", "At 6 P.M.", "The bus left."],
    ),
    ("J. R. R. Tolkien wrote it.", ["J. R. R. Tolkien wrote it."]),
    ("John F. Kennedy was president.", ["John F. Kennedy was president."]),
    ("(J. Smith) agreed.", ["(J. Smith) agreed."]),
    ("É. Zola wrote novels.", ["É. Zola wrote novels."]),
    # pySBD keeps "Albert I. Jones" whole; "I" is never an initial here (over-splitting is safe)
    (
        "We make a good team, you and I. Did you see Albert I. Jones yesterday?",
        ["We make a good team, you and I.", "Did you see Albert I.", "Jones yesterday?"],
    ),
    # an abbreviation closed by a bracket ends the sentence unless lower case follows
    ("It was big (approx.) The end.", ["It was big (approx.)", "The end."]),
    # a letter that is part of a longer token is no initial
    ("It was made by R&D. The team grew.", ["It was made by R&D.", "The team grew."]),
]


@pytest.mark.parametrize(("text", "expected"), ABBREVIATIONS)
def test_abbreviations(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_caller_abbreviations_replace_the_defaults() -> None:
    spanish = Abbreviations(frozenset({"sra", "Sr."}), frozenset({"etc"}))
    text = "La Sra. García llegó. Dr. Smith left. El Sr. Pérez etc. y más."
    assert texts(text, abbreviations=spanish) == [
        "La Sra. García llegó.",
        "Dr.",
        "Smith left.",
        "El Sr. Pérez etc. y más.",
    ]


def test_abbreviation_entries_are_normalised() -> None:
    custom = Abbreviations(frozenset({" Dr. ", "E.G."}), frozenset({"ETC"}))  # type: ignore[arg-type]
    assert custom.always_fuse == frozenset({"dr", "e.g"})
    assert custom.context_fuse == frozenset({"etc"})


def test_default_abbreviations_hold_the_documented_words() -> None:
    for word in (
        "dr",
        "mr",
        "mrs",
        "ms",
        "prof",
        "sr",
        "jr",
        "st",
        "vs",
        "fig",
        "e.g",
        "i.e",
        "approx",
    ):
        assert word in DEFAULT_ABBREVIATIONS.always_fuse
    for word in ("etc", "no", "vol", "p", "pp", "inc", "co", "a.m", "p.m", "u.s"):
        assert word in DEFAULT_ABBREVIATIONS.context_fuse


@pytest.mark.parametrize("bad", [{"always_fuse": ["dr"]}, None, ("dr",)])
def test_abbreviations_must_be_an_abbreviations(bad: object) -> None:
    with pytest.raises(TypeError, match="abbreviations"):
        segment("Dr. Who.", abbreviations=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("words", ["dr", [1, 2]])
def test_abbreviation_lists_must_hold_strings(words: object) -> None:
    with pytest.raises(TypeError, match="always_fuse"):
        Abbreviations(words, frozenset())  # type: ignore[arg-type]


# ---- 3. tokens that stay whole ------------------------------------------------------------------
WHOLE = [
    ("Pi is 3.14 today. Next.", ["Pi is 3.14 today.", "Next."]),
    ("It costs 1,234.5 dollars. Next.", ["It costs 1,234.5 dollars.", "Next."]),
    ("Use v1.2.3 now. Next.", ["Use v1.2.3 now.", "Next."]),
    (
        "Edit config.yaml and setup.py first. Next.",
        ["Edit config.yaml and setup.py first.", "Next."],
    ),
    ("Node.JS and ASP.NET run. Next.", ["Node.JS and ASP.NET run.", "Next."]),
    ("Visit example.com/a.b?x=1 today. Next.", ["Visit example.com/a.b?x=1 today.", "Next."]),
    ("Mail jane.doe@example.com now. Next.", ["Mail jane.doe@example.com now.", "Next."]),
    (
        "Her email is Jane.Doe@example.com. I sent her an email.",
        ["Her email is Jane.Doe@example.com.", "I sent her an email."],
    ),
    ("Meet at 10:30 tomorrow. Next.", ["Meet at 10:30 tomorrow.", "Next."]),
    ("She has $100.00 in her bag.", ["She has $100.00 in her bag."]),
    (
        "The site is: https://www.example.50.com/new/awesome_content.html. Please check it out.",
        [
            "The site is: https://www.example.50.com/new/awesome_content.html.",
            "Please check it out.",
        ],
    ),
    ("Yahoo!Inc was listed. Next.", ["Yahoo!Inc was listed.", "Next."]),
    ("Apples, pears.And more.", ["Apples, pears.And more."]),
]


@pytest.mark.parametrize(("text", "expected"), WHOLE)
def test_tokens_stay_whole(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


# ---- 4. glued markers ---------------------------------------------------------------------------
GLUED = [
    (
        "Dr. Alvarez reviewed.[[cite:e1]]The next day it shipped.",
        "cite",
        [
            ("Dr. Alvarez reviewed.[[cite:e1]]", ["[[cite:e1]]"], None),
            ("The next day it shipped.", [], None),
        ],
    ),
    (
        "Claim one.[1]Claim two.",
        "numeric",
        [("Claim one.[1]", ["[1]"], None), ("Claim two.", [], None)],
    ),
    (
        "Claim one [1].Claim two.",
        "numeric",
        [("Claim one [1].", ["[1]"], None), ("Claim two.", [], None)],
    ),
    (
        "Done![[cite:e1]]Next one.",
        "cite",
        [("Done![[cite:e1]]", ["[[cite:e1]]"], None), ("Next one.", [], None)],
    ),
    (
        "Claim [1].Dr. Smith agreed.",
        "numeric",
        [("Claim [1].", ["[1]"], None), ("Dr. Smith agreed.", [], None)],
    ),
    (
        "Claim[1] holds.",
        "numeric",
        [("Claim[1] holds.", ["[1]"], None)],
    ),
]


@pytest.mark.parametrize(("text", "style", "expected"), GLUED)
def test_glued_markers_are_separated(text: str, style: str, expected: list[object]) -> None:
    assert details(text, style) == expected


# ---- 5. leading markers bind backward -----------------------------------------------------------
PEELING = [
    (
        "Real claim. [[cite:e1]] Fabricated claim.",
        "cite",
        [("Real claim. [[cite:e1]]", ["[[cite:e1]]"], None), ("Fabricated claim.", [], None)],
    ),
    (
        "Real claim.\n[[cite:e1]] Fabricated claim.",
        "cite",
        [("Real claim.\n[[cite:e1]]", ["[[cite:e1]]"], None), ("Fabricated claim.", [], None)],
    ),
    (
        "Real claim.\n[1]\nOther claim.",
        "numeric",
        [("Real claim.\n[1]", ["[1]"], None), ("Other claim.", [], None)],
    ),
    (
        "Real claim without stop\n[1]\nOther claim.",
        "numeric",
        [("Real claim without stop\n[1]", ["[1]"], None), ("Other claim.", [], None)],
    ),
    (
        "Real claim.\n\n[1]\n\nOther claim.",
        "numeric",
        [("Real claim.\n\n[1]", ["[1]"], None), ("Other claim.", [], None)],
    ),
    (
        "Real claim.\n\n[1] Other claim.",
        "numeric",
        [("Real claim.\n\n[1]", ["[1]"], None), ("Other claim.", [], None)],
    ),
    (
        "Real claim.\u200b[[cite:e1]]\u200bFabricated claim.",
        "cite",
        [("Real claim.\u200b[[cite:e1]]", ["[[cite:e1]]"], None), ("Fabricated claim.", [], None)],
    ),
    (
        "Claim. [1][2], [3] next one.",
        "numeric",
        [("Claim. [1][2], [3]", ["[1]", "[2]", "[3]"], None), ("next one.", [], None)],
    ),
    (
        "Claim. [1]. Next one.",
        "numeric",
        [("Claim. [1].", ["[1]"], None), ("Next one.", [], None)],
    ),
    (
        "Refunds take 5 days. [citation needed] Next claim.",
        "cite",
        [
            ("Refunds take 5 days. [citation needed]", ["[citation needed]"], None),
            ("Next claim.", [], None),
        ],
    ),
    (
        "[[cite:e1]] Claim one. Claim two.",
        "cite",
        [("[[cite:e1]] Claim one.", ["[[cite:e1]]"], None), ("Claim two.", [], None)],
    ),
    ("[1]\nClaim one.", "numeric", [("[1]\nClaim one.", ["[1]"], None)]),
    ("[1]", "numeric", [("[1]", ["[1]"], None)]),
    (
        "# Title\n[1] Claim one.",
        "numeric",
        [("# Title", [], None), ("[1] Claim one.", ["[1]"], None)],
    ),
    # a new list item is a new block: its leading marker stays with it
    (
        "- Claim one.\n- [1] Claim two.",
        "numeric",
        [("Claim one.", [], None), ("[1] Claim two.", ["[1]"], None)],
    ),
    (
        "> Real claim.\n> [1] Fabricated claim.",
        "numeric",
        [("Real claim.\n> [1]", ["[1]"], None), ("Fabricated claim.", [], None)],
    ),
    (
        "Real claim. [1] Then: more.",
        "numeric",
        [("Real claim. [1]", ["[1]"], None), ("Then: more.", [], None)],
    ),
]


@pytest.mark.parametrize(("text", "style", "expected"), PEELING)
def test_leading_markers_bind_backward(text: str, style: str, expected: list[object]) -> None:
    assert details(text, style) == expected


# ---- 6. clause splits ---------------------------------------------------------------------------
CLAUSES = [
    (
        "The battery lasts 14 hours [1]; the warranty is 5 years.",
        "numeric",
        [("The battery lasts 14 hours [1]", ["[1]"], ";"), ("the warranty is 5 years.", [], None)],
    ),
    (
        "The battery lasts 14 hours [1] \u2014 the warranty is 5 years.",
        "numeric",
        [
            ("The battery lasts 14 hours [1]", ["[1]"], "\u2014"),
            ("the warranty is 5 years.", [], None),
        ],
    ),
    (
        "The battery lasts [1]\u2014the warranty is 5 years.",
        "numeric",
        [("The battery lasts [1]", ["[1]"], "\u2014"), ("the warranty is 5 years.", [], None)],
    ),
    (
        "The battery lasts [1] \u2013 the warranty is 5 years.",
        "numeric",
        [("The battery lasts [1]", ["[1]"], "\u2013"), ("the warranty is 5 years.", [], None)],
    ),
    (
        "The battery lasts [1] -- the warranty is 5 years.",
        "numeric",
        [("The battery lasts [1]", ["[1]"], "--"), ("the warranty is 5 years.", [], None)],
    ),
    (
        "The battery lasts 14 hours [1]: the warranty is 5 years.",
        "numeric",
        [("The battery lasts 14 hours [1]", ["[1]"], ":"), ("the warranty is 5 years.", [], None)],
    ),
    (
        "Claim [1]: a: b.",
        "numeric",
        [("Claim [1]", ["[1]"], ":"), ("a", [], ":"), ("b.", [], None)],
    ),
    (
        "Note: the warranty is 5 years [1].",
        "numeric",
        [("Note: the warranty is 5 years [1].", ["[1]"], None)],
    ),
    (
        "We meet at 10:30 [1] on 4:5 days.",
        "numeric",
        [("We meet at 10:30 [1] on 4:5 days.", ["[1]"], None)],
    ),
    (
        "Ratio [1] is a:b, see std::vector and https://x.org/a.",
        "numeric",
        [("Ratio [1] is a:b, see std::vector and https://x.org/a.", ["[1]"], None)],
    ),
    (
        "From 1990\u20142000 [1] it grew.",
        "numeric",
        [("From 1990\u20142000 [1] it grew.", ["[1]"], None)],
    ),
    (
        "From 2019\u20132020 and a--b [1].",
        "numeric",
        [("From 2019\u20132020 and a--b [1].", ["[1]"], None)],
    ),
    ("A, B, and C hold [1].", "numeric", [("A, B, and C hold [1].", ["[1]"], None)]),
    (
        "Claim A; [1] claim B.",
        "numeric",
        [("Claim A; [1]", ["[1]"], None), ("claim B.", [], None)],
    ),
    (
        "Claim A; [1]; claim B.",
        "numeric",
        [("Claim A; [1]", ["[1]"], ";"), ("claim B.", [], None)],
    ),
    ("A; ; B \u2014 ; C", None, [("A", [], "; ;"), ("B", [], "\u2014 ;"), ("C", [], None)]),
    ("; leading", None, [("; leading", [], None)]),
    ("Trailing;", None, [("Trailing", [], ";")]),
    (
        "Claim one [1]. Claim two: not cited.",
        "numeric",
        [("Claim one [1].", ["[1]"], None), ("Claim two: not cited.", [], None)],
    ),
]


@pytest.mark.parametrize(("text", "style", "expected"), CLAUSES)
def test_clause_splits(text: str, style: str | None, expected: list[object]) -> None:
    assert details(text, style) == expected


# ---- 7. shielded separators ---------------------------------------------------------------------
SHIELDS = [
    ("A [see a; b] c [1]; d.", "numeric", ["A [see a; b] c [1]", "d."]),
    ("Claim (a; b) holds [1]; c.", "numeric", ["Claim (a; b) holds [1]", "c."]),
    ("Claim (a \u2014 b) holds [1]: c.", "numeric", ["Claim (a \u2014 b) holds [1]", "c."]),
    ("Run `a; b` now [1]; then stop.", "numeric", ["Run `a; b` now [1]", "then stop."]),
    ("Run ``a ` b; c`` now; then stop.", "numeric", ["Run ``a ` b; c`` now", "then stop."]),
    ("See https://x.com/a;b [1]; then.", "numeric", ["See https://x.com/a;b [1]", "then."]),
    ("Claim [1; 2] holds.", "numeric", ["Claim [1; 2] holds."]),
    ("Claim [[cite:a\u2014b]] holds.", "cite", ["Claim [[cite:a\u2014b]] holds."]),
    ("Gap [more research needed: a; b] here.", "cite", ["Gap [more research needed: a; b] here."]),
    (
        "Battery life [see lab [[cite:e1]]; the app is waterproof.",
        "cite",
        ["Battery life [see lab [[cite:e1]]", "the app is waterproof."],
    ),
    ("Claim (see a [1]; b.", "numeric", ["Claim (see a [1]", "b."]),
    ("Claim see] a [1]; b.", "numeric", ["Claim see] a [1]", "b."]),
    ("A [see. B; c] d.", None, ["A [see.", "B", "c] d."]),
    ("A [x\ny; z] w.", None, ["A [x\ny", "z] w."]),
    ("A [a (b] c; d.", None, ["A [a (b] c", "d."]),
    ("A [[nested; x] y] z; w.", None, ["A [[nested; x] y] z", "w."]),
    ("Claim [TK unclosed; more.", None, ["Claim [TK unclosed", "more."]),
    ("Deep [[[[[[a; b]]]]]] c; d.", None, ["Deep [[[[[[a; b]]]]]] c", "d."]),
]


@pytest.mark.parametrize(("text", "style", "expected"), SHIELDS)
def test_shielded_separators(text: str, style: str | None, expected: list[str]) -> None:
    assert texts(text, style) == expected


# ---- 8. invisible characters --------------------------------------------------------------------
INVISIBLES = [
    ("One.\u200bTwo.", "cite", ["One.", "Two."]),
    ("One.\u2060\u202eTwo.", "cite", ["One.", "Two."]),
    ("One.\u00adTwo.", "cite", ["One.", "Two."]),
    ("\ufeffHello there friend. Next.", "cite", ["Hello there friend.", "Next."]),
    ("One.\u200b[1] Two.", "numeric", ["One.\u200b[1]", "Two."]),
    ("One.\u200b\n\u200b[1]\u200b Two.", "numeric", ["One.\u200b\n\u200b[1]", "Two."]),
    ("\u200b\u200d \n\ufeff", "cite", []),
    ("One.\n\u200b\n\nTwo.", "cite", ["One.", "Two."]),
    ("One.\u200b \u200b", "cite", ["One."]),
    ("", "cite", []),
    ("   \n\t ", "cite", []),
]


@pytest.mark.parametrize(("text", "style", "expected"), INVISIBLES)
def test_invisibles_never_hide_a_boundary(text: str, style: str, expected: list[str]) -> None:
    assert texts(text, style) == expected


# ---- 9. markdown --------------------------------------------------------------------------------
MARKDOWN = [
    ("# Title\nBody text here.", [("# Title", Kind.HEADING), ("Body text here.", Kind.CLAIM)]),
    (
        "## Two words ##\n#hashtag is text.",
        [("## Two words ##", Kind.HEADING), ("#hashtag is text.", Kind.CLAIM)],
    ),
    (
        "Intro text.\n```python\nx = 1. y = 2; z\n\nmore\n```\nAfter code.",
        [
            ("Intro text.", Kind.CLAIM),
            ("```python\nx = 1. y = 2; z\n\nmore\n```", Kind.CODE),
            ("After code.", Kind.CLAIM),
        ],
    ),
    ("~~~\nunclosed. code; here", [("~~~\nunclosed. code; here", Kind.CODE)]),
    (
        "````\n```\nstill code\n````\nText.",
        [("````\n```\nstill code\n````", Kind.CODE), ("Text.", Kind.CLAIM)],
    ),
    (
        "| a | b |\n|---|---|\n| 1. x | 2; y |\nNot a row.",
        [
            ("| a | b |", Kind.TABLE),
            ("|---|---|", Kind.TABLE),
            ("| 1. x | 2; y |", Kind.TABLE),
            ("Not a row.", Kind.CLAIM),
        ],
    ),
    (
        "h1 | h2\n--|--\nv | w",
        [("h1 | h2", Kind.TABLE), ("--|--", Kind.TABLE), ("v | w", Kind.TABLE)],
    ),
    (  # a pipe-less line holding a sentence gap is prose, whatever follows it
        "Rates rose. The rest | not a header\n--|--",
        [
            ("Rates rose.", Kind.CLAIM),
            ("The rest | not a header", Kind.CLAIM),
            ("--|--", Kind.TABLE),
        ],
    ),
    (  # an abbreviation before a lower-case word is no sentence gap: still a header
        "Dose (mg. per day) | Notes\n--|--",
        [("Dose (mg. per day) | Notes", Kind.TABLE), ("--|--", Kind.TABLE)],
    ),
    (  # a leading pipe makes a row whatever it holds
        "| Rates rose. The rest |\n|--|",
        [("| Rates rose. The rest |", Kind.TABLE), ("|--|", Kind.TABLE)],
    ),
    (
        "Para.\n---\n***\n_ _ _\n===",
        [
            ("Para.", Kind.CLAIM),
            ("---", Kind.RULE),
            ("***", Kind.RULE),
            ("_ _ _", Kind.RULE),
            ("===", Kind.RULE),
        ],
    ),
    (
        "- item one\n* item two.\n+ item three\n1. first\n2) second\n\u2022 dot",
        [
            ("item one", Kind.CLAIM),
            ("item two.", Kind.CLAIM),
            ("item three", Kind.CLAIM),
            ("first", Kind.CLAIM),
            ("second", Kind.CLAIM),
            ("dot", Kind.CLAIM),
        ],
    ),
    ("  - nested item\n    continued here.", [("nested item\n    continued here.", Kind.CLAIM)]),
    (
        "> quoted line\n> continues. Next.",
        [("quoted line\n> continues.", Kind.CLAIM), ("Next.", Kind.CLAIM)],
    ),
    (
        "> # Quoted title\n> - quoted item",
        [("# Quoted title", Kind.HEADING), ("quoted item", Kind.CLAIM)],
    ),
    ("First para\n\nsecond para", [("First para", Kind.CLAIM), ("second para", Kind.CLAIM)]),
    ("A soft\nwrapped sentence.", [("A soft\nwrapped sentence.", Kind.CLAIM)]),
    ("Text line\n# Heading", [("Text line", Kind.CLAIM), ("# Heading", Kind.HEADING)]),
    ("Text line\n- item", [("Text line", Kind.CLAIM), ("item", Kind.CLAIM)]),
    ("Text line\n> quote", [("Text line", Kind.CLAIM), ("quote", Kind.CLAIM)]),
    ("Text line\n```\ncode\n```", [("Text line", Kind.CLAIM), ("```\ncode\n```", Kind.CODE)]),
    (
        "Sales rose in\n2019. Then fell.",
        [("Sales rose in\n2019.", Kind.CLAIM), ("Then fell.", Kind.CLAIM)],
    ),
    ("Steps\n1. Do this", [("Steps", Kind.CLAIM), ("Do this", Kind.CLAIM)]),
    (
        "Text\r\nmore text.\r\n\r\n# H\r\n",
        [("Text\r\nmore text.", Kind.CLAIM), ("# H", Kind.HEADING)],
    ),
    (
        "This is a sentence\ncut off in the middle because pdf.",
        [("This is a sentence\ncut off in the middle because pdf.", Kind.CLAIM)],
    ),
    (
        "features\n- contact manager\n- events, activities\n",
        [
            ("features", Kind.CLAIM),
            ("contact manager", Kind.CLAIM),
            ("events, activities", Kind.CLAIM),
        ],
    ),
    ("Inline ```code``` stays text.", [("Inline ```code``` stays text.", Kind.CLAIM)]),
]


@pytest.mark.parametrize(("text", "expected"), MARKDOWN)
def test_markdown_blocks(text: str, expected: list[tuple[str, Kind]]) -> None:
    assert kinds(text, non_claim=lambda s: False) == expected


def test_markers_inside_blocks_belong_to_the_block() -> None:
    text = "# Results [1]\n| a [2] |\n```\ncode [3]\n```"
    assert [(s.kind, [m.raw for m in s.markers]) for s in cut(text, "numeric")] == [
        (Kind.HEADING, ["[1]"]),
        (Kind.TABLE, ["[2]"]),
        (Kind.CODE, ["[3]"]),
    ]


# ---- 10. non-claims -----------------------------------------------------------------------------
NON_CLAIMS = [
    (
        "Great question! The battery lasts 14 hours [1]. I hope this helps!",
        [
            ("Great question!", Kind.NON_CLAIM),
            ("The battery lasts 14 hours [1].", Kind.CLAIM),
            ("I hope this helps!", Kind.NON_CLAIM),
        ],
    ),
    ("Thanks! [1] Next claim.", [("Thanks! [1]", Kind.CLAIM), ("Next claim.", Kind.CLAIM)]),
    ("What is it? [citation needed]", [("What is it? [citation needed]", Kind.CLAIM)]),
    (
        "There are three cases:\n- one\n- two",
        [("There are three cases:", Kind.NON_CLAIM), ("one", Kind.CLAIM), ("two", Kind.CLAIM)],
    ),
    ("I think the warranty is five years.", [("I think the warranty is five years.", Kind.CLAIM)]),
]


@pytest.mark.parametrize(("text", "expected"), NON_CLAIMS)
def test_non_claims(text: str, expected: list[tuple[str, Kind]]) -> None:
    assert kinds(text, "numeric") == expected


def test_non_claim_can_be_disabled_or_replaced() -> None:
    text = "Hi! The battery lasts long."
    assert [k for _, k in kinds(text, non_claim=lambda s: False)] == [Kind.CLAIM, Kind.CLAIM]
    assert [k for _, k in kinds(text, non_claim=lambda s: "battery" in s)] == [
        Kind.CLAIM,
        Kind.NON_CLAIM,
    ]


# ---- contract -----------------------------------------------------------------------------------
def test_separator_belongs_to_no_unit() -> None:
    text = "A [1]; B \u2014 C."
    segs = cut(text, "numeric")
    for seg in segs:
        if seg.separator:
            assert all(
                not (s.span.start < seg.separator.end and seg.separator.start < s.span.end)
                for s in segs
            )


def test_markers_and_placeholders_may_overlap_and_come_unsorted() -> None:
    text = "Claim [1] [citation needed]. Next [2]."
    markers = list(reversed(PRESETS["numeric"].find(text)))
    gaps = [Span(*m.span()) for m in DEFAULT_PLACEHOLDER_PATTERN.finditer(text)]
    overlapping = [*markers, Marker(Span(10, 27), ("x",), text[10:27])]
    segs = segment(text, overlapping, gaps)
    assert [s.span.of(text) for s in segs] == ["Claim [1] [citation needed].", "Next [2]."]
    assert sum(len(s.markers) for s in segs) == 3
    assert segs[0].placeholders == (gaps[0],)


def test_custom_marker_style_is_shielded() -> None:
    text = "Claim {{ref:a. b; c}} holds. Next."
    marker = Marker(Span(6, 21), ("a. b; c",), text[6:21])
    assert [s.span.of(text) for s in segment(text, [marker])] == [
        "Claim {{ref:a. b; c}} holds.",
        "Next.",
    ]


@pytest.mark.parametrize(
    ("args", "options", "error"),
    [
        ((b"bytes",), {}, TypeError),
        (("text", ["[1]"]), {}, TypeError),
        (("text", (), [(0, 1)]), {}, TypeError),
        (("text",), {"non_claim": "yes"}, TypeError),
        (("text", [Marker(Span(2, 9), ("1",), "[1]")]), {}, ValueError),
        (("text", (), [Span(3, 3)]), {}, ValueError),
    ],
)
def test_bad_arguments(
    args: tuple[object, ...], options: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        segment(*args, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "table_rows", "kinds"),
    [
        ("| A | B |\n|---|---|\n| 1 | 2 [1] |", False, ["table", "table", "claim"]),
        ("| A | B |\n|---|---|\n| 1 | 2 |", False, ["table", "table", "table"]),
        ("| A | B |\n|---|---|\n| 1 | 2 |", True, ["table", "table", "claim"]),
        ("|---|---|\n| 1 | 2 [1] |", False, ["table", "table"]),  # no header: no body
        ("| A | B |\n| 1 | 2 [1] |", True, ["table", "table"]),  # no delimiter row
    ],
)
def test_table_data_rows(text: str, table_rows: bool, kinds: list[str]) -> None:
    markers = PRESETS["numeric"].find(text)
    segs = segment(text, markers, table_rows=table_rows)
    assert [s.kind.value for s in segs] == kinds
    row = segs[-1]
    assert row.span.of(text) == text.splitlines()[-1]  # the whole row, markers bound to it
    assert len(row.markers) == text.splitlines()[-1].count("[1]")

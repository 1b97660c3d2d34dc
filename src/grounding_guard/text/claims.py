"""Which units assert nothing: the conservative default behind ``skip_non_claims``.

A unit is a non-claim only when it clearly cannot state a fact about the world:

- it has no letter or digit at all (a stray dash, an ellipsis, an emoji);
- it is a question (ends in ``?`` or ``？``, closing quotes, brackets and emphasis aside),
  unless it is a tag question such as "..., isn't it?" that asserts its first half;
- it is an organising line ending in a colon: at most three words ("In short:", "Pros:"),
  or at most twelve opening with a lead-in such as "there are", "here is", "the following",
  "the key", "to summarize" ("There are three cases:");
- the whole unit is a greeting (with at most a name), thanks, small talk or sign-off from
  a fixed list ("Hi!", "Great question!", "Sure!", "Certainly.", "I hope this helps.", "Let
  me know if you have any other questions.", "Feel free to ask ...").

- a framing sentence: "Here is a summary of the leaflet.", "Below are the key points."
  (a fixed opening, a summary noun, at most five words after it, no colon inside).

Anything holding a digit or longer than 400 characters is always a claim, and so is
anything not matched above, hedged wording included ("I think the warranty is five
years."), and bare answers ("Yes.", "No.", "Absolutely."). ``segment`` never asks about a
unit that carries a marker or placeholder. Pass ``non_claim=lambda s: False`` to skip none.

Two more readings the engine asks for, both conservative:

- :func:`framing_prefix`: a lead-in that names the sources and asserts nothing ("Based on
  the documents provided, ...", "According to the sources, ..."), cut from what judges read;
- :func:`is_honest_gap`: a sentence that only says the sources lack something ("I could
  not find the refund time in the provided sources.", "The documents do not mention X."),
  an honest gap rather than an ungrounded claim. A sentence that goes on to assert
  anything (", but ...", "because ...", "so ...") is no gap; nor is one about the
  sources as things in the world ("The documents were signed in 2020.").
"""

from __future__ import annotations

import re
from functools import cache

from grounding_guard.text.normalize import INVISIBLE_RE

__all__ = ["framing_prefix", "is_honest_gap", "is_non_claim"]

_DIGIT_RE = re.compile(r"\d")
_WORD_CHAR_RE = re.compile(r"[^\W_]")
_TRAILING_CLOSERS = " \t\r\n\"'\u201d\u2019\u00bb)]}*_~`"
_TAG_QUESTION_RE = re.compile(
    r",\s*(?:right|correct|true|no|yes|ok|okay|eh"
    r"|(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|wo|ca)n['\u2019]?t"
    r"[ \t]{1,4}\w{1,12})[ \t]*[?\uff1f]\Z",
    re.IGNORECASE,
)
_MAX_SMALL_TALK = 160  # a longer unit is never small talk
_MAX_UNIT = 400  # nor is a longer unit a question or an organising line: it may hide claims
_MAX_ORGANISER_WORDS = 12
_SHORT_LABEL_WORDS = 3

# Whole-unit phrases, matched on a folded form: lower case, punctuation to spaces,
# white space collapsed. Each alternative is anchored by fullmatch.
_SMALL_TALK_RE = re.compile(
    r"(?:many |great )?thanks?(?: you)?(?: so much| very much)?(?: again)?"
    r"(?: for (?:asking|reaching out|your question|your patience|your message|your interest"
    r"|the question|the context|the details|waiting|sharing|sharing this|sharing that))?"
    r"|(?:that s |this is |what )?(?:a )?(?:great|good|excellent|interesting|fair) question"
    r"|(?:sure|certainly|of course|okay|ok|got it|no problem|alright|understood)"
    r"(?: thing| i can help| i can help with that| i d be happy to help| i d be glad to help"
    r"| i d be happy to help with that)?"
    r"|(?:i m |i am |i d be |i would be )?(?:happy|glad) to help(?: with that)?"
    r"|you re welcome|you re very welcome|my pleasure|sounds good"
    r"|(?:i )?hope (?:this|that) (?:helps|help)(?: you)?"
    r"|let me know if (?:you have|you need|there is|there are) (?:any |anything )?"
    r"(?:other |more |further |additional )?"
    r"(?:questions|question|help|assistance|clarification|else)"
    r"(?: or need anything else| or need more help| or need further assistance)?"
    r"|(?:best |kind |warm )?regards|cheers|sincerely|take care|good luck|all the best"
    r"|have a (?:great|nice|good|wonderful) (?:day|one|week|weekend|evening)"
)
_GREETINGS = frozenset({"hi", "hello", "hey", "greetings", "howdy", "welcome"})
_GREETING_TAILS = frozenset({"there", "everyone", "all", "team", "again", "friend", "folks"})
_GOOD_TIMES = frozenset({"morning", "afternoon", "evening", "day"})
_FEEL_FREE = tuple(
    "feel free to " + verb
    for verb in ("ask", "reach out", "follow up", "let me know", "get in touch", "contact")
)
_ORGANISER_RE = re.compile(
    r"(?:there (?:are|is|were|was)|here (?:is|are|s)|in (?:short|summary|brief|sum|conclusion)"
    r"|to (?:summarize|summarise|sum up|recap)|the (?:following|key|main)|key |for example"
    r"|for instance|below|some |a few |these |this is|the answer|summary|overview|note|steps"
    r"|pros|cons|sources?|references?|details|examples?)",
)
_FIRST_WORD_RE = re.compile(r"[^\W\d_]+")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_OPENING_WORDS = _words(
    """many great thanks thank that this what a good excellent interesting fair sure certainly
    of okay ok got no alright understood i happy glad you my sounds hope let best kind warm
    regards cheers sincerely take all have feel hi hello hey greetings howdy welcome"""
)
_FOLD_RE = re.compile(r"[^\w\s]|_")
_SPACES_RE = re.compile(r"\s+")


def _fold(text: str) -> str:
    text = text.replace("\u2019", "'").replace("'", " ")
    return _SPACES_RE.sub(" ", _FOLD_RE.sub(" ", text.casefold())).strip()


def is_non_claim(text: str) -> bool:
    """True when ``text`` is a unit that asserts nothing (see the module docstring)."""
    if len(text) > _MAX_UNIT:
        return False
    end = text[-1:]
    if not ("!" <= end <= "~") or end in _TRAILING_CLOSERS:  # look past closers, invisibles
        tail = INVISIBLE_RE.sub("", text[-16:]).rstrip(_TRAILING_CLOSERS)
        end = tail[-1:]
    if end in ("?", "\uff1f"):
        if _DIGIT_RE.search(text):
            return False
        return _TAG_QUESTION_RE.search(text.rstrip(_TRAILING_CLOSERS)[-40:]) is None
    first = _WORD_CHAR_RE.search(text)
    if first is None:
        return True  # no letter and no digit
    if end in (":", "\uff1a"):
        if _DIGIT_RE.search(text):
            return False
        words = _fold(text).split()
        if len(words) <= _SHORT_LABEL_WORDS:
            return True
        return (
            len(words) <= _MAX_ORGANISER_WORDS and _ORGANISER_RE.match(" ".join(words)) is not None
        )
    if len(text) > _MAX_SMALL_TALK:
        return False
    if ":" not in text and not _DIGIT_RE.search(text):
        lead = text[first.start() : first.start() + 3].casefold()
        if lead in ("her", "bel", "the", "thi") and _FRAMING_RE.fullmatch(_fold(text)):
            return True
    word = _FIRST_WORD_RE.match(text, first.start())
    if word is None or word.group().casefold() not in _OPENING_WORDS:
        return False  # fast exit: no small-talk phrase starts this way
    if _DIGIT_RE.search(text):
        return False
    folded = _fold(text)
    return _SMALL_TALK_RE.fullmatch(folded) is not None or _greeting(folded)


_FRAMING_RE = re.compile(
    r"(?:here (?:is|are|s)|below (?:is|are)|the following (?:is|are)|this is)"
    r"(?: a| an| the| some| my)?(?: brief| short| quick| concise| detailed)?"
    r" (?:summary|overview|breakdown|list|rundown|recap|outline|key points|main points"
    r"|highlights|key facts|main facts)(?: (?:of|from|for|about|on|in)(?: \w+){1,5})?"
)

#: What retrieved evidence is called: a lead-in or a gap must name it. The nouns that may
#: also name things in the world ("the evidence", "the data") count only with a word
#: that makes them the given sources ("the provided evidence", "the data you shared").
_SOURCE_NOUN = (
    r"(?:sources?|documents?|documentation|context|passages?|search\s+results|excerpts?"
    r"|snippets?)"
)
_LOOSE_NOUN = r"(?:evidence|texts?|materials?|information|data|articles?|leaflet|results)"
_GIVEN = r"(?:provided|given|available|retrieved|supplied|attached|shared|cited|referenced)"
_GIVEN_AFTER = (
    r"(?:provided|given|above|supplied|you\s+(?:provided|shared|gave(?:\s+me)?)"
    r"|I\s+(?:have|was\s+given|found))"
)
_SOURCE = (
    r"(?:(?:the|these|those|your|my|our)\s+)?"
    rf"(?:{_GIVEN}\s+(?:{_SOURCE_NOUN}|{_LOOSE_NOUN})|{_SOURCE_NOUN}"
    rf"|{_LOOSE_NOUN}(?=\s+{_GIVEN_AFTER}))"
    rf"(?:\s+{_GIVEN_AFTER})?"
)
_PREFIX_PATTERN = (
    r"(?:based\s+on|according\s+to|judging\s+(?:by|from)|going\s+by|per|from"
    r"|as\s+(?:stated|described|mentioned|noted|shown|explained|outlined)\s+in)\s+"
    + _SOURCE
    + r"\s*,\s*"
)
_GAP_VERBS = (
    r"(?:mention|say|state|specify|include|contain|cover|address|provide|give|discuss"
    r"|describe|list|indicate|explain|detail|clarify|tell)"
)
_NEGATED = r"(?:do(?:es)?\s+not|don['\u2019]?t|doesn['\u2019]?t|did\s+not|didn['\u2019]?t)"
_GAP_PATTERN = (
    r"(?:"
    # "The documents do not mention X", "The sources don't say whether ..."
    + _SOURCE
    + r"\s+(?:"
    + _NEGATED
    + r"\s+(?:\w+\s+)?"
    + _GAP_VERBS
    + r"|make\s+no\s+mention\s+of|say\s+nothing\s+(?:about|on)|(?:is|are)\s+silent\s+on"
    + r"|contain(?:s)?\s+no\s+(?:information|mention|details?|data))\b"
    # "The leaflet does not say whether ...", "The policy does not mention X": a kind of
    # document stands for the sources only before a verb about what a text says
    + r"|(?:the|this)\s+(?:leaflet|handbook|manual|guide|brochure|policy|faq|page|article"
    + r"|report|notes|document|website|web\s+page|text)\s+"
    + _NEGATED
    + r"\s+(?:\w+\s+)?(?:mention|say|state|specify|discuss|address|tell\s+us)\b"
    # "I could not find the refund time in the provided sources"
    + r"|I\s+(?:could\s+not|couldn['\u2019]?t|cannot|can['\u2019]?t|can\s+not|did\s+not"
    + r"|didn['\u2019]?t|was\s+(?:not\s+|un)able\s+to)\s+(?:find|locate|see|identify)\b"
    + r"(?=.*\b(?:in|from|within)\s+"
    + _SOURCE
    + r"\b)"
    # "There is no information about X in the sources"
    + r"|there\s+(?:is|was)\s+no\s+(?:information|mention|detail|data|indication)\b"
    + r"(?=.*\b(?:in|from|within)\s+"
    + _SOURCE
    + r"\b)"
    + r")"
)
#: Words after which a gap sentence asserts something after all.
_GAP_BREAK_RE = re.compile(
    r"\b(?:but|however|although|though|whereas|yet|so|therefore|thus|hence|because|since"
    r"|which\s+means|meaning|instead|only|except)\b|[,;:]\s*(?:and|it|they|this|that)\b"
    r"|[;:]",
    re.IGNORECASE,
)
_MAX_GAP = 240


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """A pattern compiled on first use: most answers never reach these readings, and an
    import should not pay for them."""
    return re.compile(pattern, re.IGNORECASE)


def framing_prefix(text: str) -> int:
    """How many leading characters of ``text`` are a lead-in naming the sources ("Based on
    the documents provided, "), comma and spaces included; 0 when there is none."""
    if not text[:1].isalpha():
        return 0
    match = _compiled(_PREFIX_PATTERN).match(text)
    return match.end() if match is not None and match.end() < len(text) else 0


def is_honest_gap(text: str) -> bool:
    """True when ``text`` only says that the sources lack something (see the module
    docstring): "The documents do not mention the dose." is a gap, "The documents do not
    mention the dose, but it is 5 mg." is not."""
    if len(text) > _MAX_GAP:
        return False
    match = _compiled(_GAP_PATTERN).match(text.lstrip("*_ \t"))
    if match is None:
        return False
    return _GAP_BREAK_RE.search(text, match.end()) is None


def _greeting(folded: str) -> bool:
    """Greetings ("Hi!", "Hey Sam!", "Good morning everyone.") and "Feel free to ..."."""
    if folded.startswith(_FEEL_FREE):
        return True
    words = folded.split()
    if len(words) >= 2 and words[0] == "good" and words[1] in _GOOD_TIMES:
        words = words[1:]
    elif not words or words[0] not in _GREETINGS:
        return False
    rest = words[1:]
    if rest and rest[0] in _GREETING_TAILS:
        rest = rest[1:]
    return len(rest) <= 1  # at most a name

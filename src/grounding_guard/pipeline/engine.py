"""The pipeline: answer -> units -> citation resolution -> judges -> verdict per unit.

The engine is a generator: whenever it needs the support judge it yields a request
``(claim, passages)`` and is sent back a :class:`Judgement`. The synchronous and the
asynchronous guard drive the same code, so both give the same verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from grounding_guard.citations import (
    CitationStyle,
    code_spans,
    detect_style,
    get_style,
    outside_code,
)
from grounding_guard.evidence import EvidenceMap
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.figures import check_values
from grounding_guard.judges.lexical import BestSentence, LexicalJudge, best_sentence, supporting
from grounding_guard.judges.pronouns import through_pronouns
from grounding_guard.judges.quotes import QUOTE_CODES, check_quotes, quote_support
from grounding_guard.judges.table_rows import check_table_rows
from grounding_guard.judges.terms import check_directions, check_names, check_negation
from grounding_guard.text.analysis import analyse
from grounding_guard.text.claims import framing_prefix, is_honest_gap, is_non_claim
from grounding_guard.text.figures import Preset
from grounding_guard.text.normalize import unreadable_digits
from grounding_guard.text.quotes import is_unspaced_script
from grounding_guard.text.segment import Abbreviations, Segment, segment
from grounding_guard.text.tables import RowReading, table_row
from grounding_guard.types import (
    Evidence,
    Judgement,
    Kind,
    Marker,
    Reason,
    Span,
    Status,
    Support,
    Unit,
)
from grounding_guard.verdict import CONTRADICTING, INVALIDATING, UNSUPPORTING, decide

__all__ = [
    "Checked",
    "EngineOptions",
    "JudgeRequest",
    "drop_covered_markers",
    "judge_segment",
    "run",
]

JudgeRequest = tuple[Claim, tuple[Passage, ...]]


@dataclass(frozen=True)
class EngineOptions:
    """Everything the pipeline needs, validated once by :class:`~grounding_guard.Guard`."""

    citations: str | re.Pattern[str] | CitationStyle
    placeholder: re.Pattern[str]
    abbreviations: Abbreviations
    non_claim: Callable[[str], bool] | None
    threshold: float
    strict_citations: bool
    attribute_uncited: bool | None
    term_checks: bool
    candidates: int = 3
    locale: str | None = None
    values: str | Preset = "generic"


@dataclass(frozen=True)
class Checked:
    """The engine's output: judged units, the style used, whether attribution ran."""

    units: tuple[Unit, ...]
    style: str
    attribution: bool
    separators: tuple[tuple[int, int] | None, ...]


def _resolve_style(options: EngineOptions, answer: str, emap: EvidenceMap) -> CitationStyle | None:
    """The style ``answer`` is read in: the one ``citations=`` names, or with ``auto`` the
    preset of its first marker that names an evidence id (see ``detect_style``: a rule a
    stream can apply on a prefix, so streaming fixes the same style)."""
    if options.citations == "auto":
        return detect_style(answer, emap.ids)
    return get_style(options.citations)


def drop_covered_markers(markers: list[Marker], placeholders: list[Span]) -> list[Marker]:
    """Markers that overlap no placeholder (a placeholder wins); both lists are in text
    order, so one merge-walk does it."""
    kept: list[Marker] = []
    index = 0
    for marker in markers:
        while index < len(placeholders) and placeholders[index].end <= marker.span.start:
            index += 1
        if index < len(placeholders) and placeholders[index].start < marker.span.end:
            continue
        kept.append(marker)
    return kept


def _mask(text: str, start: int, spans: Sequence[Span]) -> str:
    """``text`` (which starts at ``start`` in the answer) with ``spans`` blanked out."""
    if not spans:
        return text
    pieces: list[str] = []
    last = 0
    for span in sorted(spans):
        begin, end = max(span.start - start, last), min(span.end - start, len(text))
        if end <= begin:
            continue
        pieces.append(text[last:begin])
        pieces.append(" " * (end - begin))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def run(
    answer: str,
    emap: EvidenceMap,
    options: EngineOptions,
    progress: Callable[[int, int], object] | None = None,
) -> Generator[JudgeRequest, Judgement, Checked]:
    """Check ``answer`` against ``emap``; yields judge requests, returns :class:`Checked`.
    ``progress(done, total)`` is called after each unit (for long answers' progress bars)."""
    style = _resolve_style(options, answer, emap)
    # marker-like text in code (``items[1]``) is code, never a citation
    markers: list[Marker] = outside_code(style.find(answer), code_spans(answer)) if style else []
    placeholders = [
        Span(*m.span()) for m in options.placeholder.finditer(answer) if m.end() > m.start()
    ]
    if placeholders and markers:
        markers = drop_covered_markers(markers, placeholders)
    attribution = (
        options.attribute_uncited if options.attribute_uncited is not None else not markers
    )
    segments = segment(
        answer,
        markers,
        placeholders,
        abbreviations=options.abbreviations,
        non_claim=options.non_claim,
        table_rows=attribution,
    )
    if style is not None:
        table, catalog = emap.lookup(style.normalize)
    else:
        table, catalog = {}, frozenset()
    cache: dict[tuple[str, tuple[str, ...]], Judgement] = {}
    units: list[Unit] = []
    for index, seg in enumerate(segments):
        unit = yield from judge_segment(
            index, seg, answer, emap, table, catalog, options, attribution, cache
        )
        units.append(unit)
        if progress is not None:
            progress(index + 1, len(segments))
    separators = tuple(
        (s.separator.start, s.separator.end) if s.separator else None for s in segments
    )
    return Checked(tuple(units), style.name if style else "none", attribution, separators)


def _ask(
    claim: Claim,
    passages: tuple[Passage, ...],
    cache: dict[tuple[str, tuple[str, ...]], Judgement],
) -> Generator[JudgeRequest, Judgement, Judgement]:
    key = (claim.plain, tuple(p.id for p in passages))
    found = cache.get(key)
    if found is None:
        found = yield (claim, passages)
        if not isinstance(found, Judgement):  # a driver bug, never support
            raise TypeError(f"the judge driver sent {type(found).__name__}, not a Judgement")
        cache[key] = found
    return found


def judge_segment(
    index: int,
    seg: Segment,
    answer: str,
    emap: EvidenceMap,
    table: dict[str, Evidence],
    catalog: frozenset[str],
    options: EngineOptions,
    attribution: bool,
    cache: dict[tuple[str, tuple[str, ...]], Judgement],
) -> Generator[JudgeRequest, Judgement, Unit]:
    """Judge one segment as unit ``index``: resolve its citations, ask the judges (yielding
    support requests), decide its status; the check and the stream share it."""
    text = seg.span.of(answer)
    cited = tuple(dict.fromkeys(i for m in seg.markers for i in m.ids))
    if seg.kind is not Kind.CLAIM:
        return Unit(index, text, seg.span, seg.kind, Status.SKIPPED, cited, (), (), (), seg.markers)
    lead = framing_prefix(text)  # "Based on the documents provided, ": judges never read it
    if not seg.markers and not seg.placeholders:
        rest = text[lead:]
        if lead and (options.non_claim or is_non_claim)(rest):
            reason = Reason("not_a_claim", "a lead-in that frames what follows")
            return Unit(
                index, text, seg.span, Kind.NON_CLAIM, Status.SKIPPED, (), (), (reason,), (), ()
            )
        if is_honest_gap(rest):
            gap = Reason(
                "placeholder", "an honest gap: the answer says the sources lack this", seg.span
            )
            return Unit(
                index, text, seg.span, Kind.CLAIM, Status.PLACEHOLDER, (), (), (gap,), (), ()
            )
    hidden = [m.span for m in seg.markers] + list(seg.placeholders)
    if lead:
        hidden.append(Span(seg.span.start, seg.span.start + lead))
    masked = _mask(text, seg.span.start, hidden)
    row = table_row(answer, seg.header, seg.span, masked) if seg.header is not None else None
    claim = Claim(masked, seg.span, analyse(masked), row)
    if not claim.analysis.words and not seg.markers and not seg.placeholders:
        reason = Reason("not_a_claim", "no word or figure to check")
        return Unit(
            index, text, seg.span, Kind.NON_CLAIM, Status.SKIPPED, (), (), (reason,), (), ()
        )

    reasons: list[Reason] = []
    bad_digits = unreadable_digits(masked)
    if bad_digits:
        where = seg.span.start + bad_digits[0]
        reasons.append(
            Reason(
                "unreadable_digits",
                f"{answer[where]!r} is a numeral that cannot be read as a digit",
                Span(where, where + 1),
            )
        )
    # -- citation resolution (structural, before any judge) ------------------------------
    passages: list[Passage] = []
    resolved: set[str] = set()  # ids of the passages gathered
    for marker in seg.markers:
        if not marker.ids:
            reasons.append(
                Reason("empty_citation", f"marker {marker.raw!r} names no id", marker.span)
            )
            continue
        for ident in marker.ids:
            item = table.get(ident)
            if item is not None:
                if item.id not in resolved:
                    resolved.add(item.id)
                    passages.append(emap.passage(item))
            elif ident in catalog:
                reasons.append(
                    Reason(
                        "not_retrieved",
                        f"[{ident}] exists but was not given to the model",
                        marker.span,
                        ident,
                    )
                )
            else:
                reasons.append(
                    Reason(
                        "unknown_citation", f"[{ident}] is not in the evidence", marker.span, ident
                    )
                )

    placeholder = bool(seg.placeholders)
    if placeholder:
        reasons.append(
            Reason(
                "placeholder", "an honest gap marker stands in for a citation", seg.placeholders[0]
            )
        )

    supported = False
    valid: tuple[str, ...] = ()
    support: tuple[Support, ...] = ()
    if passages:
        found = yield from _judge_cited(claim, tuple(passages), options, cache)
        reasons.extend(found.reasons)
        supported, valid, support = found.supported, found.valid, found.support
    elif not seg.markers and not placeholder:
        if attribution:
            found = yield from _attribute(claim, emap, options, cache)
            reasons.extend(found.reasons)
            supported, support = found.supported, found.support
        else:
            reasons.append(Reason("no_citation", "a claim with no citation", seg.span))
    status = decide(reasons, placeholder=placeholder, supported=supported)
    if status is Status.INVALID and not any(r.code in CONTRADICTING for r in reasons):
        hint = _supported_elsewhere(claim, emap, {p.id for p in passages}, options)
        if hint is not None:
            reasons.append(hint)
    if status is not Status.GROUNDED:
        valid = valid if status is Status.PLACEHOLDER else ()
    return Unit(
        index,
        text,
        seg.span,
        Kind.CLAIM,
        status,
        cited,
        valid,
        tuple(reasons),
        support,
        seg.markers,
    )


@dataclass(frozen=True)
class _Found:
    supported: bool
    reasons: tuple[Reason, ...]
    valid: tuple[str, ...] = ()
    support: tuple[Support, ...] = ()
    score: float | None = None  # the support judge's score, when it refused the claim


def _evaluate(
    claim: Claim,
    passages: tuple[Passage, ...],
    options: EngineOptions,
    cache: dict[tuple[str, tuple[str, ...]], Judgement],
) -> Generator[JudgeRequest, Judgement, tuple[Judgement, list[Reason], BestSentence | None]]:
    """The term checks, the support judgement and the best evidence sentence of one claim
    against some passages.

    Deterministic checks run first: when one already decides the unit (a contradiction,
    a missing name or figure, a misquote) the support judge is not asked at all, which
    spares a model call whose answer could not change the verdict.
    """
    best = best_sentence(claim, passages)
    terms = _term_reasons(claim, passages, best, options) if options.term_checks else []
    if any(r.code in _DECIDING for r in terms):
        # the real overlap, so that a veto still says how close the evidence came
        overlap = LexicalJudge(options.threshold).judge(claim, passages).score
        return Judgement("undecided", overlap, (), judge=_VETO), terms, best
    judgement = yield from _ask(claim, passages, cache)
    reasons: list[Reason] = list(judgement.reasons)
    if judgement.verdict == "contradicted" and not any(r.code in CONTRADICTING for r in reasons):
        reasons.append(
            Reason(
                "model_contradiction",
                f"judge {judgement.judge or 'custom'!r} found the evidence contradicts the claim",
                claim.span,
                judgement.evidence_id,
                judgement.evidence_span,
            )
        )
    reasons.extend(terms)
    return judgement, reasons, best


#: Who decided a judgement that the term checks settled before the support judge.
_VETO = "term checks"

#: Term-check codes that decide a unit whatever the support judge would say.
_DECIDING = CONTRADICTING | UNSUPPORTING | QUOTE_CODES


def _read_row(claim: Claim, passages: tuple[Passage, ...]) -> tuple[Claim, RowReading | None]:
    """What the term checks read for ``claim``: itself, or for a table row under a
    header, the row as ``header: cell`` pairs (see :mod:`text.tables`) with the header
    cells that share a word with ``passages``. A header the evidence never speaks of
    ("Situation", "Notes") would only dilute the claim, so that no sentence covers it."""
    row = claim.row
    if row is None:
        return claim, None
    columns = frozenset(
        column
        for column, text in row.headers()
        if any(analyse(text).content & p.content for p in passages)
    )
    if not columns and not row.has_units:
        return claim, None  # the row as written says the same
    reading = row.read(columns)  # a few cells; its analysis is kept by text (analyse)
    return Claim(reading.text, Span(0, len(reading.text)), analyse(reading.text)), reading


def _in_answer(reasons: list[Reason], reading: RowReading) -> list[Reason]:
    """Reasons found on a row's header/cell reading, with spans back in the answer."""
    return [r if r.span is None else replace(r, span=reading.to_answer(r.span)) for r in reasons]


def _term_reasons(
    claim: Claim, passages: tuple[Passage, ...], best: BestSentence | None, options: EngineOptions
) -> list[Reason]:
    """Names, figures, quotes, negation and direction of a claim against its passages.

    A table row with a header meets figures, negation and opposites as header/cell pairs
    (its names and quotes stand in its cells as they are)."""
    threshold = options.threshold
    reasons = check_names(claim, passages)
    read, reading = _read_row(claim, passages)
    if reading is not None:
        best = best_sentence(read, passages)
    found = check_values(
        read, passages, best, threshold, locale=options.locale, preset=options.values
    )
    found.extend(
        check_table_rows(read, passages, found, locale=options.locale, preset=options.values)
    )
    reasons.extend(found if reading is None else _in_answer(found, reading))
    reasons.extend(check_quotes(claim, passages))
    if best is not None:
        found = _polarity(read, best, threshold)
        if not found and reading is None:
            found = through_pronouns(read, best, partial(_polarity, threshold=threshold))
        reasons.extend(found if reading is None else _in_answer(found, reading))
    return reasons


def _polarity(claim: Claim, best: BestSentence, threshold: float) -> list[Reason]:
    """The negation and direction checks of a claim against one sentence."""
    return [*check_negation(claim, best, threshold), *check_directions(claim, best, threshold)]


def _any_term_reason(
    claim: Claim, passages: tuple[Passage, ...], best: BestSentence | None, options: EngineOptions
) -> bool:
    """Whether :func:`_term_reasons` would find any reason: the same checks, cheapest
    first, stopping at the first that finds one (a hint needs only yes or no)."""
    if check_names(claim, passages) or check_quotes(claim, passages):
        return True
    threshold = options.threshold
    plain = claim.row is None
    if not plain:
        claim = _read_row(claim, passages)[0]
        best = best_sentence(claim, passages)
    if best is not None and (
        _polarity(claim, best, threshold)
        or (plain and through_pronouns(claim, best, partial(_polarity, threshold=threshold)))
    ):
        return True
    return bool(
        check_values(claim, passages, best, threshold, locale=options.locale, preset=options.values)
        or check_table_rows(claim, passages, locale=options.locale, preset=options.values)
    )


def _support_of(
    claim: Claim,
    passage: Passage,
    score: float,
    best: BestSentence | None,
    judgement: Judgement | None = None,
) -> Support:
    """Where ``passage`` supports ``claim``: the span the judge read, if it says, else the
    best sentence (reused when given)."""
    if (
        judgement is not None
        and judgement.evidence_span is not None
        and judgement.evidence_id in (None, passage.id)
    ):
        return Support(passage.id, judgement.evidence_span, round(score, 4))
    if best is None or best.passage is not passage:
        best = best_sentence(claim, (passage,))
    span = best.span if best else Span(0, len(passage.evidence.text))
    return Support(passage.id, span, round(score, 4))


def _judge_cited(
    claim: Claim,
    passages: tuple[Passage, ...],
    options: EngineOptions,
    cache: dict[tuple[str, tuple[str, ...]], Judgement],
) -> Generator[JudgeRequest, Judgement, _Found]:
    judgement, reasons, best = yield from _evaluate(claim, passages, options, cache)
    contradicted = any(r.code in CONTRADICTING for r in reasons)
    supported = judgement.verdict == "supported" and not any(
        r.code in UNSUPPORTING for r in reasons
    )
    ids = tuple(p.id for p in passages)
    if contradicted:
        return _Found(False, tuple(reasons))
    if not supported:
        reasons.append(
            Reason(
                "unsupported_citation",
                f"the cited evidence ({', '.join(ids)}) does not support this claim"
                + (f" (overlap {judgement.score:.2f})" if judgement.score is not None else ""),
                claim.span,
                ids[0] if len(ids) == 1 else None,
                judgement.evidence_span,
            )
        )
        return _Found(False, tuple(reasons), score=judgement.score)
    score = judgement.score if judgement.score is not None else 1.0
    valid: list[str] = []
    if options.strict_citations and len(passages) > 1:
        for passage in passages:
            alone, alone_reasons, _ = yield from _evaluate(claim, (passage,), options, cache)
            if alone.verdict == "supported" and not any(
                r.code in UNSUPPORTING or r.code in CONTRADICTING or r.code in QUOTE_CODES
                for r in alone_reasons
            ):
                valid.append(passage.id)
            else:
                reasons.append(
                    Reason(
                        "unsupported_citation",
                        f"[{passage.id}] alone does not support this claim (strict_citations)",
                        claim.span,
                        passage.id,
                    )
                )
    else:
        valid = list(ids)
        if len(passages) > 1:
            dropped = _irrelevant(claim, passages)
            gone = {p.id for p in dropped}
            valid = [i for i in valid if i not in gone]
            for irrelevant in dropped:
                reasons.append(
                    Reason(
                        "irrelevant_citation",
                        f"[{irrelevant.id}] adds nothing this claim rests on"
                        " (the unit stands on its other ids)",
                        claim.span,
                        irrelevant.id,
                    )
                )
    single = judgement if len(passages) == 1 else None
    kept = set(valid)  # a set: a unit may cite thousands of chunks
    support = tuple(_support_of(claim, p, score, best, single) for p in passages if p.id in kept)
    quoted = dict(reversed(quote_support(claim, passages)))  # the first quote per chunk
    if quoted:  # a quote locates the support more precisely than the best sentence
        support = tuple(
            Support(s.evidence_id, quoted.get(s.evidence_id, s.span), s.score) for s in support
        )
    return _Found(True, tuple(reasons), tuple(valid), support)


def _supported_elsewhere(
    claim: Claim, emap: EvidenceMap, cited: set[str], options: EngineOptions
) -> Reason | None:
    """For a misattributed unit: the uncited chunk that would support it, if one does.

    Decided by the lexical judge and term checks alone (cheap, deterministic); it is a
    hint for the reader and never changes the status.
    """
    judge = LexicalJudge(options.threshold)
    # the hint needs a chunk the lexical judge accepts: the uncited chunks that hold
    # enough of the claim are tried, those holding most first (the counts are work the
    # test does anyway: no ranking of the whole map is built for a hint)
    if claim.analysis.content and not is_unspaced_script(claim.text):
        tried = emap.holders(claim, cited, options.threshold)[: options.candidates]
    else:
        uncited = [emap.passage(item) for item in emap.items if item.id not in cited]
        if not supporting(claim, uncited, options.threshold):
            return None
        tried = [p for p in emap.candidates(claim, options.candidates) if p.id not in cited]
    for passage in tried:
        judgement = judge.judge(claim, (passage,))
        if judgement.verdict != "supported":
            continue
        best = best_sentence(claim, (passage,))
        if _any_term_reason(claim, (passage,), best, options):
            continue
        return Reason(
            "supported_elsewhere",
            f"[{passage.id}], which the unit does not cite, supports it",
            claim.span,
            passage.id,
            best.span if best else None,
        )
    return None


def _irrelevant(claim: Claim, passages: tuple[Passage, ...]) -> list[Passage]:
    """Cited passages that contribute no claim word the other cited passages lack and
    that could not carry the claim alone."""
    content = claim.analysis.content
    covered = [p.shared(content) for p in passages]
    holders: dict[str, int] = {}  # claim word -> how many cited passages hold it
    for words in covered:
        for word in words:
            holders[word] = holders.get(word, 0) + 1
    out = []
    for number, passage in enumerate(passages):
        mine = covered[number]
        # every word it holds, another holds too
        if all(holders[w] > 1 for w in mine) and (not content or len(mine) / len(content) < 0.5):
            out.append(passage)
    if len(out) == len(passages):  # nothing to prefer: none is singled out
        return []
    return out


def _attribute(
    claim: Claim,
    emap: EvidenceMap,
    options: EngineOptions,
    cache: dict[tuple[str, tuple[str, ...]], Judgement],
) -> Generator[JudgeRequest, Judgement, _Found]:
    """Find the chunk an uncited claim rests on: grounded, contradicted or ungrounded.

    Each candidate chunk is tried alone, best first (a veto on one chunk says nothing
    about the next); when none carries the claim alone, the candidates that were not
    rejected are tried together (a claim often joins two facts from two chunks), as if
    the unit cited them all, widened once more by the chunks that hold a name or figure
    the closest try lacked. An ungrounded unit carries the vetoes of the closest try
    whose overlap reached the threshold (with its chunk id), and its real overlap.
    """
    contradiction: list[Reason] = []
    misquoted: list[Reason] = []
    unverified: list[Reason] = []
    vetoed: list[Reason] = []  # why the closest chunk that carries the words was refused
    vetoed_score = 0.0
    best_score = 0.0
    best_id: str | None = None
    viable: list[Passage] = []
    for passage in emap.candidates(claim, options.candidates):
        judgement, reasons, best = yield from _evaluate(claim, (passage,), options, cache)
        if any(r.code in CONTRADICTING for r in reasons):
            if not contradiction:
                contradiction = [r for r in reasons if r.code in CONTRADICTING]
            continue
        if not unverified:  # a judge that could not decide says so, once
            unverified = [r for r in reasons if r.code == "unverified"][:1]
        quoted = [r for r in reasons if r.code in QUOTE_CODES]
        if quoted:  # the quote does not stand here: not the chunk it came from
            misquoted = misquoted or quoted
            continue
        score = judgement.score if judgement.score is not None else 0.0
        if score > best_score or best_id is None:
            best_score, best_id = score, passage.id
        if judgement.verdict == "supported" and not any(r.code in UNSUPPORTING for r in reasons):
            support = _support_of(claim, passage, score, best, judgement)
            note = Reason(
                "attributed", f"attributed to [{passage.id}]", claim.span, passage.id, support.span
            )
            return _Found(True, (note,), (), (support,))
        refused = judgement.judge == _VETO and score + 1e-9 >= options.threshold
        if refused and (not vetoed or score > vetoed_score):  # the words are there, a check said no
            vetoed_score = score
            vetoed = [
                r if r.evidence_id is not None else replace(r, evidence_id=passage.id)
                for r in reasons
                if r.code in UNSUPPORTING
            ]
        viable.append(passage)
    if not contradiction:
        # a claim often joins facts of several chunks: the viable candidates together, with
        # the chunks that hold the names and figures a refused candidate lacked
        pool = _widen(viable, _completing(claim, vetoed, emap))
        tries = 0
        while len(pool) > 1 and tries < 2:
            tries += 1
            joined = yield from _judge_cited(claim, tuple(pool), options, cache)
            if _joined_supports(joined):
                ids = ", ".join(s.evidence_id for s in joined.support)
                notes = tuple(
                    Reason(
                        "attributed",
                        f"attributed to [{ids}] together",
                        claim.span,
                        s.evidence_id,
                        s.span,
                    )
                    for s in joined.support
                )
                return _Found(True, notes, (), joined.support)
            missing = [r for r in joined.reasons if r.code in UNSUPPORTING]
            score = joined.score if joined.score is not None else 0.0
            if missing and score + 1e-9 >= options.threshold and score > vetoed_score:
                vetoed_score, vetoed = score, missing  # the join came closest
            wider = _widen(pool, _completing(claim, missing, emap))
            if len(wider) == len(pool):
                break
            pool = wider
    if contradiction:
        return _Found(False, tuple(contradiction))
    if misquoted:  # a quote that stands in another chunk is no misquote, only elsewhere
        failing = {r.span for r in check_quotes(claim, [emap.passage(i) for i in emap.items])}
        misquoted = [r for r in misquoted if r.span in failing]
    where = f" (closest: [{best_id}], overlap {best_score:.2f})" if best_id is not None else ""
    return _Found(
        False,
        (
            *misquoted,
            *vetoed,
            *unverified,
            Reason("no_support", f"no evidence supports this claim{where}", claim.span, best_id),
        ),
    )


def _widen(pool: Sequence[Passage], extra: Sequence[Passage]) -> list[Passage]:
    """``pool`` followed by the passages of ``extra`` it does not hold yet."""
    held = {p.id for p in pool}
    return [*pool, *(p for p in extra if p.id not in held)]


def _joined_supports(joined: _Found) -> bool:
    """Candidates judged together carry the claim: supported, and no citation problem
    (a candidate that adds nothing is simply left out of the attribution)."""
    rejected = {r.code for r in joined.reasons} & INVALIDATING
    return joined.supported and bool(joined.support) and not rejected


#: How many extra chunks attribution fetches for the names and figures its closest chunk lacks.
_COMPLETING = 2


def _completing(claim: Claim, vetoed: Sequence[Reason], emap: EvidenceMap) -> list[Passage]:
    """Chunks that hold the names and figures a vetoed chunk lacks (found through the
    sentence index, never by scanning the evidence): a claim may join two chunks' facts."""
    words = [
        claim.text[r.span.start - claim.span.start : r.span.end - claim.span.start]
        for r in vetoed
        if r.span is not None
        and r.code in _COMPLETABLE
        and claim.span.start <= r.span.start <= r.span.end <= claim.span.end
    ]
    if not words:
        return []
    text = " ".join(words)
    wanted = Claim(text, claim.span, analyse(text))
    return emap.candidates(wanted, _COMPLETING)


#: Vetoes another chunk can lift: something missing, not something contradicted.
#: (A missing name is informational, never a veto: only a missing figure is ever lifted.)
_COMPLETABLE = frozenset({"value_not_in_evidence"})

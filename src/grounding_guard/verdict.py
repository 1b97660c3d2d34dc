"""Turn a unit's reasons into its status, with the precedence of DESIGN.md section 3.

contradicted > invalid > placeholder > grounded > ungrounded; ``skipped`` is decided
before judging. Reason codes are grouped by what they mean for the unit.
"""

from __future__ import annotations

from collections.abc import Iterable

from grounding_guard.types import Reason, Status

__all__ = [
    "CONTRADICTING",
    "INVALIDATING",
    "REASON_CODES",
    "UNSUPPORTING",
    "decide",
]

#: The evidence says otherwise.
CONTRADICTING: frozenset[str] = frozenset(
    {
        "value_mismatch",
        "negation_mismatch",
        "direction_mismatch",
        "antonym_mismatch",
        "scope_mismatch",
        "name_mismatch",
        "model_contradiction",
    }
)

#: A forged or misattributed citation.
INVALIDATING: frozenset[str] = frozenset(
    {
        "unknown_citation",
        "not_retrieved",
        "empty_citation",
        "unsupported_citation",
        "quote_mismatch",
        "quote_drops_negation",
    }
)

#: Why evidence fails to support a claim; with a citation they make it invalid
#: (alongside ``unsupported_citation``), without one ungrounded.
UNSUPPORTING: frozenset[str] = frozenset(
    {
        "value_not_in_evidence",
        "low_overlap",
        "no_support",
        "no_citation",
        "unreadable_digits",
        "judge_unsupported",
        "unverified",
    }
)

#: Informational codes that change no status. ``irrelevant_citation`` (a cited id that
#: adds nothing, ALCE's citation precision) is one: the unit stands on its other ids;
#: ``strict_citations=True`` fails such a unit with ``unsupported_citation`` instead.
#: ``value_unconfirmed`` reports a figure the evidence does not state whose absence
#: proved too often harmless (under 95% right on the dev sets: small counts, years,
#: dates, months) to fail a unit: support decides it, as for overlap alone; so does
#: ``value_derived``, a figure the answer computes in one step from stated ones ("€19.80"
#: for €22 less 10%: most figure false alarms on the everyday sets). So do
#: ``name_not_in_evidence`` (a name the evidence never mentions, with no other name in
#: its slot: 80-89% right on the dev sets, the annotators often knowing what the
#: evidence never names) and ``quote_unconfirmed`` (a quote with no close match in the
#: evidence, 80-83% right) and ``quote_inexact`` (a quote that stands with other word
#: endings, "rich foreign nations" against "rich foreign Nation": the source's words in
#: its order; the one such quote in the evaluation sets was judged attributable); a
#: swapped name (``name_mismatch``) and a misquote (``quote_mismatch``) still fail the
#: unit.
INFORMATIONAL: frozenset[str] = frozenset(
    {
        "placeholder",
        "attributed",
        "not_a_claim",
        "supported_elsewhere",
        "evidence_disagrees",
        "irrelevant_citation",
        "value_unconfirmed",
        "value_derived",
        "name_not_in_evidence",
        "quote_unconfirmed",
        "quote_inexact",
    }
)

#: Every reason code grounding-guard emits.
REASON_CODES: frozenset[str] = CONTRADICTING | INVALIDATING | UNSUPPORTING | INFORMATIONAL


def decide(reasons: Iterable[Reason], *, placeholder: bool, supported: bool) -> Status:
    """The status a claim unit gets from its reasons.

    ``supported``: its cited (or attributed) evidence supports it; ``placeholder``: it
    holds an honest-gap marker.
    """
    codes = {reason.code for reason in reasons}
    if codes & CONTRADICTING:
        return Status.CONTRADICTED
    if codes & INVALIDATING:
        return Status.INVALID
    if placeholder:
        return Status.PLACEHOLDER
    if supported and not codes & UNSUPPORTING:
        return Status.GROUNDED
    return Status.UNGROUNDED

"""Stage ④, the judges: every check a unit goes through, behind one small protocol.

The support judges answer "does the evidence carry this claim?" (:mod:`.lexical`, the
default; :mod:`.custom` for a caller's function; :mod:`.model` for local models). The
term checks veto what overlap misses (:mod:`.terms`: names, negation, direction;
:mod:`.figures`: numbers, dates, units, money; :mod:`.quotes`: verbatim quotes). The
structural codes (citations that do not resolve, units with none) come from the engine.
:data:`REASON_OWNERS` says which module emits each reason code.
"""

from collections.abc import Mapping

from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.judges.base import Judge
from grounding_guard.judges.lexical import DEFAULT_THRESHOLD, LexicalJudge

__all__ = [
    "DEFAULT_THRESHOLD",
    "REASON_OWNERS",
    "RESERVED_CODES",
    "Claim",
    "Judge",
    "LexicalJudge",
    "Passage",
]

_ENGINE = "grounding_guard.pipeline.engine"
_TERMS = "grounding_guard.judges.terms"
_FIGURES = "grounding_guard.judges.figures"
_QUOTES = "grounding_guard.judges.quotes"
_MODEL = "grounding_guard.judges.model.judges"
_COMBINED = "grounding_guard.judges.model.combined"

#: reason code -> the modules that emit it: where to read the check behind a code
REASON_OWNERS: Mapping[str, tuple[str, ...]] = {
    # citations and attribution (the engine resolves markers before any judge runs)
    "unknown_citation": (_ENGINE,),
    "not_retrieved": (_ENGINE,),
    "empty_citation": (_ENGINE,),
    "unsupported_citation": (_ENGINE,),
    "irrelevant_citation": (_ENGINE,),
    "no_citation": (_ENGINE,),
    "no_support": (_ENGINE,),
    "attributed": (_ENGINE,),
    "supported_elsewhere": (_ENGINE,),
    "placeholder": (_ENGINE,),
    "not_a_claim": (_ENGINE,),
    "unreadable_digits": (_ENGINE,),
    # term checks
    "name_not_in_evidence": (_TERMS, _FIGURES),
    "name_mismatch": (_TERMS, _FIGURES),
    "negation_mismatch": (_TERMS,),
    "direction_mismatch": (_TERMS, _FIGURES),
    "antonym_mismatch": (_TERMS,),
    "scope_mismatch": (_TERMS,),
    "value_mismatch": (_FIGURES,),
    "value_not_in_evidence": (_FIGURES,),
    "value_unconfirmed": (_FIGURES,),
    "value_derived": (_FIGURES,),
    "evidence_disagrees": (_FIGURES,),
    "quote_mismatch": (_QUOTES,),
    "quote_drops_negation": (_QUOTES,),
    "quote_unconfirmed": (_QUOTES,),
    "quote_inexact": (_QUOTES,),
    # model judges
    "model_contradiction": (_MODEL,),
    "unverified": (_MODEL, _COMBINED),
}

#: codes the report schema accepts that no built-in check emits (kept for judges of
#: one's own and for reports written by earlier releases)
RESERVED_CODES: frozenset[str] = frozenset({"low_overlap", "judge_unsupported"})

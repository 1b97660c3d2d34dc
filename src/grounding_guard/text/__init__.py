"""Text handling: normalisation for matching, markdown-aware segmentation into units."""

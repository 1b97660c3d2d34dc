"""The text of a chat message's content: a string, or a list of content blocks.

Chat models return ``content`` either as a string or as blocks (``{"type": "text",
"text": ...}``, images, tool calls ...). The LangChain adapter reads live messages and the
audit reads them dumped to JSON; both take the text the same way, here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["content_text"]


def content_text(content: Any) -> str | None:
    """``content`` as text: a string unchanged; a list joined from its string items and
    its ``{"type": "text", "text": str}`` blocks (other blocks carry no answer text);
    ``None`` for anything else."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return None
    parts: list[str] = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping) and block.get("type") == "text":
            text = block.get("text")
            if isinstance(text, str):
                parts.append(text)
    return "".join(parts)

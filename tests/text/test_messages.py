"""Chat message content as text (``text.messages.content_text``), shared by the LangChain
adapter (live messages) and the audit (messages dumped to JSON)."""

from __future__ import annotations

from typing import Any

import pytest

from grounding_guard.text.messages import content_text


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("a_string_unchanged", "Refunds take 14 days [1].", "Refunds take 14 days [1]."),
        ("an_empty_string", "", ""),
        (
            "text_blocks_joined_in_order",
            [{"type": "text", "text": "Refunds take "}, {"type": "text", "text": "14 days."}],
            "Refunds take 14 days.",
        ),
        (
            "bare_strings_among_blocks",
            ["Refunds ", {"type": "text", "text": "take 14 days."}],
            "Refunds take 14 days.",
        ),
        (
            "image_and_tool_blocks_carry_no_text",
            [{"type": "image_url", "image_url": "x"}, {"type": "tool_use", "text": "call"}],
            "",
        ),
        ("a_text_block_without_text_is_skipped", [{"type": "text", "text": 3}], ""),
        ("anything_else_is_none", {"content": "x"}, None),
        ("none_is_none", None, None),
    ],
)
def test_content_text(name: str, content: Any, expected: str | None) -> None:
    assert content_text(content) == expected, name

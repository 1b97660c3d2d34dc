"""The id rule the agent adapters share for evidence gathered through tools."""

from __future__ import annotations

import pytest

from grounding_guard.evidence.tool_results import ToolEvidence, numbered_blocks


@pytest.mark.parametrize(
    ("text", "blocks"),
    [
        (
            "[1] Paris is in France.\n[2] Rome is in Italy.",
            [("1", "Paris is in France."), ("2", "Rome is in Italy.")],
        ),
        ("[doc-7] A chunk with its own id.", [("doc-7", "A chunk with its own id.")]),
        ("Plain text, no marker.", None),
        ("Text first, then [1] a marker mid-line.", None),
        ("[1]   \n[2] Only the second block has text.", [("2", "Only the second block has text.")]),
    ],
)
def test_numbered_blocks(text: str, blocks: list[tuple[str, str]] | None) -> None:
    assert numbered_blocks(text) == blocks


def test_numbers_continue_across_tool_calls() -> None:
    evidence = ToolEvidence()
    for text in ("first search, one", "first search, two", "second search"):
        evidence.add(None, text, {})
    assert [item.id for item in evidence.items] == ["1", "2", "3"]


def test_a_repeated_result_is_kept_once() -> None:
    evidence = ToolEvidence()
    evidence.add("1", "Paris is in France.", {})
    evidence.add("1", "Paris is in France.", {})
    assert len(evidence.items) == 1


def test_another_text_under_a_taken_id_gets_a_fresh_number() -> None:
    """Fail closed: a citation of [1] meant for the first text never rests on the second."""
    evidence = ToolEvidence()
    evidence.add("1", "Paris is in France.", {})
    evidence.add("1", "Paris is in Texas.", {})
    assert [(item.id, item.text) for item in evidence.items] == [
        ("1", "Paris is in France."),
        ("2", "Paris is in Texas."),
    ]


def test_own_ids_push_fresh_numbers_past_them() -> None:
    evidence = ToolEvidence()
    evidence.add("4", "A numbered block.", {})
    evidence.add(None, "A plain result.", {})
    assert [item.id for item in evidence.items] == ["4", "5"]

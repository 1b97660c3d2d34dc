"""README's Python examples are executable: every ```python block runs, in order, in one
namespace, and what it shows is what the code returns.

Two ways a block shows output, both compared after collapsing runs of white space:
- ``expression  # value``: the ``repr`` of the expression's value;
- a statement that prints, followed by comment lines: those lines are its output.
A block fenced as ```py is shown, not run (it needs something of the reader's own).
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import inspect
import io
import re
import tokenize
from pathlib import Path
from typing import Any

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
#: a trailing comment that shows a value (a repr), not prose
SHOWN_VALUE = re.compile(r"""^[\[{('"\d-]|^(?:True|False|None)\b|^[A-Z]\w*\(""")


def blocks() -> list[tuple[int, str]]:
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in FENCE.finditer(text)]


def squash(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines())


def trailing_comment(line: str) -> str | None:
    """The comment after code on ``line`` (``None`` when there is none, or when the line
    is the end of a multi-line string that does not tokenize alone)."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(line + "\n").readline):
            if token.type == tokenize.COMMENT:
                return token.string[1:].strip()
    except tokenize.TokenError:
        return None
    return None


def following_comments(lines: list[str], after: int) -> str:
    """The comment-only lines right after line ``after`` (0-based), without their ``#``."""
    shown = []
    for line in lines[after + 1 :]:
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        shown.append(stripped[1:].strip())
    return "\n".join(shown)


def run(node: ast.stmt, namespace: dict[str, Any]) -> tuple[Any, str]:
    """Run one top-level statement (top-level ``await`` allowed): its value and its stdout."""
    is_expr = isinstance(node, ast.Expr)
    tree: ast.Module | ast.Expression
    if is_expr:
        tree = ast.Expression(body=node.value)  # type: ignore[attr-defined]
        mode = "eval"
    else:
        tree = ast.Module(body=[node], type_ignores=[])
        mode = "exec"
    code = compile(tree, str(README), mode, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        value = eval(code, namespace)
        if inspect.iscoroutine(value):
            value = asyncio.run(value)
    return value, out.getvalue()


README_BLOCKS = blocks()


def test_readme_has_python_examples() -> None:
    assert len(README_BLOCKS) >= 4


def test_every_python_block_runs_and_shows_what_the_code_returns() -> None:
    namespace: dict[str, Any] = {"__name__": "readme"}
    for first_line, source in README_BLOCKS:
        lines = source.splitlines()
        tree = ast.parse(source)
        for node in tree.body:
            where = f"README.md:{first_line + node.lineno - 1}"
            value, printed = run(node, namespace)
            last = lines[node.end_lineno - 1] if node.end_lineno else ""  # type: ignore[operator]
            comment = trailing_comment(last)
            if isinstance(node, ast.Expr) and comment and SHOWN_VALUE.match(comment):
                assert squash(repr(value)) == squash(comment), where
            if printed:
                expected = following_comments(lines, node.end_lineno - 1)  # type: ignore[operator]
                assert squash(printed) == squash(expected), where


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("report.is_clean  # False", "False"),
        ("x = 1  # a note", "a note"),
        ('s = "#not a comment"', None),
    ],
)
def test_trailing_comment(line: str, expected: str | None) -> None:
    assert trailing_comment(line) == expected

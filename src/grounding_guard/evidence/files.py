"""Read evidence and catalog files for the command line; the core never touches files.

Evidence forms (:func:`load_evidence_path`):

- a JSON object ``{id: text}`` (a value may also be an object with ``text``);
- a JSON array of texts (ids ``1..n``, the ``[N]`` convention) or of objects with an
  ``id`` and a ``text`` (``page_content``/``content``/``body`` and ``metadata`` too);
- JSON Lines (``.jsonl``/``.ndjson``, or any file whose lines are each one JSON value):
  one object or one string per line, blank lines ignored;
- a single ``.txt``/``.md`` file: one chunk whose id is the file stem;
- a directory of ``.txt``/``.md`` files: one chunk per file, id = file stem, in name
  order (digit runs compare as numbers, so ``2.txt`` comes before ``10.txt``).

What comes back is plain data for :func:`grounding_guard.build_evidence`, which checks
the chunks themselves. Unreadable files raise ``OSError``; a file that holds no evidence
raises :class:`~grounding_guard.errors.EvidenceError` naming the file (and line).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from grounding_guard.errors import EvidenceError

__all__ = [
    "TEXT_SUFFIXES",
    "load_catalog_path",
    "load_evidence_path",
    "parse_evidence_json",
    "read_text_file",
]

#: Suffixes read as one plain-text chunk each (compared case-insensitively).
TEXT_SUFFIXES = (".txt", ".md")
_JSONL_SUFFIXES = (".jsonl", ".ndjson")
_DIGITS = re.compile(r"(\d+)")


def read_text_file(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of ``path`` (a leading BOM dropped, newlines made ``\\n``)."""
    with open(path, encoding="utf-8-sig") as handle:
        return handle.read()


def _read(path: Path) -> str:
    try:
        return read_text_file(path)
    except UnicodeDecodeError as exc:
        raise EvidenceError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def _json_error(where: str, exc: json.JSONDecodeError) -> EvidenceError:
    return EvidenceError(
        f"{where}: invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
    )


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return type(value).__name__


def _natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.casefold())
        for part in _DIGITS.split(name)
        if part
    )


def parse_evidence_json(text: str, source: str = "evidence") -> dict[str, Any] | list[Any]:
    """Evidence from JSON text: an object ``{id: text}`` or an array of chunks.

    When the whole text is not one JSON value but every non-blank line is, it is read as
    JSON Lines. ``source`` names the input in error messages.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > 1:
            try:
                return parse_evidence_jsonl(text, source)
            except EvidenceError:
                pass
        raise _json_error(source, exc) from None
    if isinstance(data, (dict, list)):
        return data
    raise EvidenceError(
        f"{source}: evidence must be a JSON object {{id: text}} or an array of chunks, "
        f"got a JSON {_kind(data)}"
    )


def parse_evidence_jsonl(text: str, source: str = "evidence") -> list[Any]:
    """Evidence from JSON Lines: one object (with ``id`` and ``text``) or string per line."""
    chunks: list[Any] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvidenceError(f"{source}:{number}: invalid JSON: {exc.msg}") from None
        if not isinstance(value, (dict, str)):
            raise EvidenceError(
                f"{source}:{number}: each line must be an object with id and text, "
                f"or a string; got a JSON {_kind(value)}"
            )
        chunks.append(value)
    if not chunks:
        raise EvidenceError(f"{source}: no evidence (the file has no non-blank line)")
    return chunks


def _load_directory(path: Path) -> dict[str, str]:
    files = [
        entry
        for entry in path.iterdir()
        if entry.suffix.lower() in TEXT_SUFFIXES
        and not entry.name.startswith(".")
        and entry.is_file()
    ]
    if not files:
        raise EvidenceError(f"{path}: no {' or '.join(TEXT_SUFFIXES)} files in this directory")
    chunks: dict[str, str] = {}
    for entry in sorted(files, key=lambda e: _natural_key(e.name)):
        if entry.stem in chunks:
            raise EvidenceError(f"{path}: two files have the id {entry.stem!r}")
        chunks[entry.stem] = _read(entry)
    return chunks


def load_evidence_path(path: str | os.PathLike[str]) -> dict[str, Any] | list[Any]:
    """Evidence read from a JSON, JSON Lines or text file, or a directory of text files.

    See the module docstring for the forms. Returns a mapping ``id -> text`` or a list of
    chunks, ready for :func:`grounding_guard.build_evidence`.
    """
    where = Path(path)
    if where.is_dir():
        return _load_directory(where)
    text = _read(where)  # OSError (missing, unreadable) propagates
    suffix = where.suffix.lower()
    if suffix in _JSONL_SUFFIXES:
        return parse_evidence_jsonl(text, str(where))
    if suffix in TEXT_SUFFIXES:
        return {where.stem: text}
    return parse_evidence_json(text, str(where))


def load_catalog_path(path: str | os.PathLike[str]) -> list[str]:
    """Ids that exist but were not given to the model, for ``not_retrieved`` verdicts.

    A ``.json`` file (or a text starting with ``[`` or ``{``) holds a JSON array of ids or
    an object whose keys are ids; any other file lists one id per line (blank lines and
    lines starting with ``#`` ignored).
    """
    where = Path(path)
    text = _read(where)
    stripped = text.strip()
    if where.suffix.lower() == ".json" or stripped.startswith(("[", "{")):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _json_error(str(where), exc) from None
        if isinstance(data, dict):
            return list(data)
        if isinstance(data, list):
            ids: list[str] = []
            for position, item in enumerate(data, start=1):
                if isinstance(item, bool) or not isinstance(item, (str, int)):
                    raise EvidenceError(
                        f"{where}: catalog id #{position} must be a string or an integer, "
                        f"got a JSON {_kind(item)}"
                    )
                ids.append(str(item))
            return ids
        raise EvidenceError(
            f"{where}: a catalog must be a JSON array of ids or an object keyed by id, "
            f"got a JSON {_kind(data)}"
        )
    return [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]

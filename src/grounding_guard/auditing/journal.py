"""The run's journal: every row (verdicts or reject) appended as a JSON line in record
order, so what it holds is always a prefix of the records. That is what makes a run
resumable: after an interruption the journal is cut back to its last whole line and the
run goes on from the next record, so no written record is checked twice. A header beside
it holds a fingerprint of the inputs and options; a resume with other ones is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Final

from grounding_guard.auditing.records import Source

__all__ = ["JOURNAL", "Journal", "ResumeError", "fingerprint"]

#: The journal's file name inside the output folder (its header: ``.json`` beside it).
JOURNAL: Final = "journal.jsonl"
_HEADER: Final = "journal.json"


class ResumeError(ValueError):
    """The journal cannot be resumed (other inputs or options, or it is damaged)."""


def fingerprint(sources: Iterable[Source], options: dict[str, Any]) -> str:
    """A digest of the inputs (names, sizes, modification times) and the options."""
    files = []
    for source in sources:
        stat = os.stat(source.path)
        files.append([source.path, source.kind, stat.st_size, stat.st_mtime_ns])
    text = json.dumps({"files": files, "options": options}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Journal:
    """Append-only rows in record order; ``done`` is how many records it holds."""

    def __init__(self, folder: Path, digest: str, *, resume: bool) -> None:
        self.path = folder / JOURNAL
        self.header = folder / _HEADER
        self.digest = digest
        self.done = 0
        self.rejected = 0
        self._handle: IO[bytes] | None = None
        folder.mkdir(parents=True, exist_ok=True)
        if resume and self.path.exists():
            self._reopen()
        else:
            self.path.unlink(missing_ok=True)
            self.header.write_text(json.dumps({"fingerprint": digest}) + "\n", encoding="utf-8")
        self._handle = open(self.path, "ab")  # noqa: SIM115  (held open for the run; close())

    def _reopen(self) -> None:
        try:
            header = json.loads(self.header.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ResumeError(
                f"{self.header}: missing or damaged; start over without --resume"
            ) from None
        if header.get("fingerprint") != self.digest:
            raise ResumeError(
                "the inputs or options changed since the interrupted run; "
                "start over without --resume (or restore them)"
            )
        whole = 0
        with open(self.path, "rb") as handle:
            for number, raw in enumerate(handle):
                if not raw.endswith(b"\n"):
                    break  # a torn last line (killed mid-write): dropped, checked again
                try:
                    row = json.loads(raw)
                except ValueError:
                    raise ResumeError(f"{self.path}: line {number + 1} is damaged") from None
                if not isinstance(row, dict) or row.get("seq") != number:
                    raise ResumeError(f"{self.path}: line {number + 1} is out of order")
                self.done += 1
                self.rejected += "reject" in row
                whole += len(raw)
        if whole < self.path.stat().st_size:
            with open(self.path, "r+b") as handle:
                handle.truncate(whole)

    def write(self, entries: Iterable[tuple[str, bool]]) -> None:
        """Append rows, each a JSON line and whether it is a reject, in record order, and
        hand them to the OS."""
        assert self._handle is not None, "the journal is closed"
        for line, rejected in entries:
            self._handle.write(line.encode("utf-8") + b"\n")
            self.done += 1
            self.rejected += rejected
        self._handle.flush()

    def close(self) -> None:
        """Flush to disk and close (idempotent)."""
        if self._handle is not None:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()
            self._handle = None

    def rows(self) -> Iterator[dict[str, Any]]:
        """The rows written, in order (read back from disk)."""
        with open(self.path, "rb") as handle:
            for raw in handle:
                yield json.loads(raw)

    def remove(self) -> None:
        """Delete the journal and its header once the outputs are written."""
        self.close()
        self.path.unlink(missing_ok=True)
        self.header.unlink(missing_ok=True)

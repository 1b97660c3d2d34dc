"""The progress line of a long audit on stderr: records done of the total, rejects, rate
and time left. Redrawn in place on a terminal (at most ten times a second); elsewhere (a
log file, CI) one plain line per tenth of the run, so a log stays readable."""

from __future__ import annotations

import sys
import time
from typing import Final, TextIO

__all__ = ["Progress", "format_duration"]

_WIDTH: Final = 24


def format_duration(seconds: float) -> str:
    """``seconds`` as ``1h02m``, ``3m07s`` or ``12s``."""
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{secs:02d}s"
    return f"{secs}s"


class Progress:
    """``update(done, rejected)`` as records finish; ``close()`` ends the line.

    ``start`` is where a resumed run begins: the rate counts only this run's records.
    """

    def __init__(
        self,
        total: int,
        *,
        stream: TextIO | None = None,
        label: str = "audit",
        start: int = 0,
        enabled: bool = True,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.label = label
        self.start = start
        self.enabled = enabled
        self.started = time.perf_counter()
        self.done = start
        self.rejected = 0
        self._drawn = 0.0
        self._step = 0
        isatty = getattr(self.stream, "isatty", None)
        try:
            self.tty = bool(isatty and isatty())
        except (OSError, ValueError):
            self.tty = False

    @property
    def rate(self) -> float:
        """Records per second in this run so far."""
        elapsed = time.perf_counter() - self.started
        return (self.done - self.start) / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        """The progress line as it stands (without a line ending)."""
        rate = self.rate
        total = max(self.total, self.done)
        share = self.done / total if total else 1.0
        filled = int(_WIDTH * share)
        bar = "#" * filled + "." * (_WIDTH - filled)
        left = (total - self.done) / rate if rate > 0 else None
        eta = "?" if left is None else format_duration(left)
        return (
            f"{self.label} [{bar}] {self.done:,}/{total:,} {share:4.0%} "
            f"{self.rejected:,} rejected, {rate:,.0f} records/s, ETA {eta}"
        )

    def update(self, done: int, rejected: int) -> None:
        """Record that ``done`` records (``rejected`` of them rejects) are finished."""
        self.done, self.rejected = done, rejected
        if not self.enabled:
            return
        now = time.perf_counter()
        if self.tty:
            if now - self._drawn >= 0.1 or done >= self.total:
                self._drawn = now
                self._write(f"\r{self.line()}\x1b[K")
            return
        step = int(10 * done / self.total) if self.total else 10
        if step > self._step:
            self._step = step
            self._write(self.line() + "\n")

    def close(self) -> None:
        """End the progress output with the final line."""
        if not self.enabled:
            return
        elapsed = format_duration(time.perf_counter() - self.started)
        end = f" in {elapsed}"
        if self.tty:
            self._write(f"\r{self.line()}{end}\x1b[K\n")
        elif self._step < 10:
            self._write(self.line() + end + "\n")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

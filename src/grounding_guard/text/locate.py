"""Where a token stands in a text, found from an index read once per text.

``Analysis.locate`` / ``locate_word`` used to compile a regex for each word and run it
over the whole text; judges that locate every word of a long claim (a run of names, a
quote's words) then spent time quadratic in the claim. Here an ASCII text is read once
into its runs of letters and digits, and a token is looked up among the runs that start
like it: the same matches, left to right and non-overlapping, as ``re.finditer`` of
``(?<![^\\W_])token(?![^\\W_])`` (case-insensitively for ``locate_word``). Other texts and
tokens take that regex, its result kept per text and token.

Caches hold a bounded number of characters, so a long answer or evidence chunk cannot
grow them past a few copies of itself.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["TextCache", "spans_over_short_spaces", "token_matches", "word_occurrences"]

_T = TypeVar("_T")
_LONG_SPACE = re.compile(r"\s{8}")
_SPACES = re.compile(r"\s+")
_RUN = re.compile(r"[A-Za-z0-9]+")
Matches = tuple[tuple[int, int], ...]


class TextCache(Generic[_T]):
    """A least-recently-used cache keyed by texts, bounded by entries and by the total
    length of its keys (a value read from a text is about that text's size)."""

    def __init__(self, entries: int, chars: int) -> None:
        self._entries = entries
        self._chars = chars
        self._size = 0
        self._data: OrderedDict[str, _T] = OrderedDict()

    def get(self, text: str, make: Callable[[str], _T]) -> _T:
        """The value for ``text``, made by ``make(text)`` on a miss."""
        data = self._data
        value = data.get(text)
        if value is not None:
            data.move_to_end(text)
            return value
        value = make(text)
        data[text] = value
        self._size += len(text)
        while data and (len(data) > self._entries or self._size > self._chars):
            old, _ = data.popitem(last=False)
            self._size -= len(old)
        return value


class _Runs:
    """The runs of letters and digits of an ASCII text: where each starts, by its exact
    spelling and by its lower-case one (built on first use), and the matches found."""

    __slots__ = ("exact", "found", "lower", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.exact: dict[str, list[int]] | None = None
        self.lower: dict[str, list[int]] | None = None
        self.found: dict[tuple[str, bool], Matches] = {}

    def starts(self, ignore_case: bool) -> dict[str, list[int]]:
        """Run spelling (lower-cased when ``ignore_case``) -> its start offsets."""
        table = self.lower if ignore_case else self.exact
        if table is None:
            table = {}
            for match in _RUN.finditer(self.text):
                key = match.group().lower() if ignore_case else match.group()
                table.setdefault(key, []).append(match.start())
            if ignore_case:
                self.lower = table
            else:
                self.exact = table
        return table


_INDEX: TextCache[_Runs] = TextCache(1024, 4_000_000)


def _leading_run(token: str) -> int:
    """The length of ``token``'s leading run of ASCII letters and digits."""
    match = _RUN.match(token)
    return match.end() if match else 0


def _indexed(runs: _Runs, token: str, ignore_case: bool) -> Matches:
    """The matches of ``token`` (ASCII, opening with a letter or digit) among the runs.

    A match opens a run (nothing alphanumeric before it) and takes the token's leading
    run whole (the token goes on with a mark, or ends where nothing alphanumeric may
    follow), so only runs spelled like that leading run are candidates."""
    text = runs.text
    head = _leading_run(token)
    key = token[:head]
    wanted = token.lower() if ignore_case else token
    if ignore_case:
        key = key.lower()
    size = len(token)
    end_of_text = len(text)
    found: list[tuple[int, int]] = []
    last_end = 0
    for start in runs.starts(ignore_case).get(key, ()):
        if start < last_end:
            continue  # inside the previous match: finditer resumes after it
        end = start + size
        if size > head:
            piece = text[start:end]
            if (piece.lower() if ignore_case else piece) != wanted:
                continue
            if end < end_of_text and text[end].isalnum():
                continue
        found.append((start, end))
        last_end = end
    return tuple(found)


def _by_regex(text: str, token: str, ignore_case: bool) -> Matches:
    """The matches as the regex finds them (non-ASCII texts or tokens)."""
    pattern = re.compile(
        r"(?<![^\W_])" + re.escape(token) + r"(?![^\W_])", re.IGNORECASE if ignore_case else 0
    )
    return tuple(m.span() for m in pattern.finditer(text))


def token_matches(text: str, token: str, ignore_case: bool = False) -> Matches:
    """(start, end) of each place ``token`` stands in ``text`` as a whole token (nothing
    alphanumeric on either side), left to right, non-overlapping; case aside when
    ``ignore_case``. Read from an index of ``text`` kept across calls."""
    runs = _INDEX.get(text, _Runs)
    key = (token, ignore_case)
    found = runs.found.get(key)
    if found is None:
        if text.isascii() and token.isascii() and token[:1].isalnum():
            found = _indexed(runs, token, ignore_case)
        else:
            found = _by_regex(text, token, ignore_case)
        runs.found[key] = found
    return found


def _occurrences(words: tuple[str, ...]) -> tuple[int, ...]:
    seen: dict[str, int] = {}
    out: list[int] = []
    for word in words:
        count = seen.get(word, 0)
        out.append(count)
        seen[word] = count + 1
    return tuple(out)


_OCCURRENCES: TextCache[tuple[int, ...]] = TextCache(1024, 4_000_000)


def word_occurrences(text: str, words: tuple[str, ...]) -> tuple[int, ...]:
    """For each of ``words`` (the words read from ``text``), how many times it stood
    before: which of its occurrences it is. Counted once per text."""
    return _OCCURRENCES.get(text, lambda _: _occurrences(words))


def spans_over_short_spaces(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """(start, end) of each match of ``pattern`` in ``text``, as ``finditer`` gives them,
    for a pattern that reads any run of white space as it reads one character and that
    never starts or ends a match inside a run (each alternative takes white space at
    its edges greedily, as ``\\s*;\\s*`` does).

    Where ``text`` holds a long run (blanked citation markers), the pattern runs over the
    text with each run shortened to its first character and the matches are mapped
    back: a run costs the pattern one step, not one scan from each of its characters."""
    if _LONG_SPACE.search(text) is None:
        return [found.span() for found in pattern.finditer(text)]
    pieces: list[str] = []
    origin: list[int] = []  # short-text index -> where that character starts in ``text``
    ends: list[int] = []  # ... and where it (its whole run of white space) ends
    last = 0
    for run in _SPACES.finditer(text):
        start, end = run.span()
        pieces.append(text[last:start])
        origin.extend(range(last, start))
        ends.extend(range(last + 1, start + 1))
        pieces.append(text[start])
        origin.append(start)
        ends.append(end)
        last = end
    pieces.append(text[last:])
    origin.extend(range(last, len(text)))
    ends.extend(range(last + 1, len(text) + 1))
    short = "".join(pieces)
    return [(origin[found.start()], ends[found.end() - 1]) for found in pattern.finditer(short)]

"""The evidence map: the closed world of chunks the model was given and may cite.

Built from a mapping id -> text, a sequence of texts (ids are 1-based positions, the
``[N]`` convention), or a sequence of objects carrying an id, a text and metadata. Each
chunk is read lazily, at most once per map and only as deep as a check asks.
"""

from __future__ import annotations

import bisect
import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from grounding_guard.errors import EvidenceError
from grounding_guard.evidence.passage import Claim, Passage
from grounding_guard.text.lexicon import stem_forms
from grounding_guard.types import Evidence

__all__ = ["EvidenceLike", "EvidenceMap", "build_evidence"]

EvidenceLike = Any  # Mapping[id, text] | Sequence[text | Evidence | mapping | object] | EvidenceMap

_TEXT_KEYS = ("text", "page_content", "content", "body")
_ID_KEYS = ("id", "evidence_id", "doc_id", "node_id", "source_id")


class EvidenceMap:
    """Chunks by id, with lookups by canonical id and a lazy sentence index.

    ``catalog`` holds ids that exist but were not given to the model: citing one is
    ``not_retrieved`` rather than ``unknown_citation``.
    """

    def __init__(self, items: Sequence[Evidence], catalog: Iterable[Any] = ()) -> None:
        self.items: tuple[Evidence, ...] = tuple(items)
        seen: set[str] = set()
        for item in self.items:
            if item.id in seen:
                raise EvidenceError(f"duplicate evidence id {item.id!r}")
            seen.add(item.id)
        self.catalog: tuple[str, ...] = tuple(_id_text(i, "catalog id") for i in catalog)
        self._passages: dict[str, Passage] = {}
        self._lookups: dict[Any, tuple[dict[str, Evidence], frozenset[str]]] = {}
        self._offsets: list[int] | None = None
        self._every: list[Passage] | None = None
        self._asked = 0  # claims that asked :meth:`holding`
        self._chunk_index: dict[str, list[int]] | None = None
        self._postings: dict[str, list[int]] = {}
        self._joined: tuple[str, list[int], list[int], list[int]] | None = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.items)

    @property
    def ids(self) -> tuple[str, ...]:
        """Evidence ids in the order given."""
        return tuple(item.id for item in self.items)

    def lookup(self, normalize: Callable[[str], str]) -> tuple[dict[str, Evidence], frozenset[str]]:
        """Canonical id -> evidence, and the canonical catalog ids, for one id normaliser.

        Two chunks whose ids collide once normalised ("3" and "03" for numeric markers)
        make the map ambiguous: that is an ``EvidenceError``, never a silent pick.
        """
        cached = self._lookups.get(normalize)
        if cached is not None:
            return cached
        table: dict[str, Evidence] = {}
        for item in self.items:
            key = normalize(item.id)
            if key in table:
                raise EvidenceError(
                    f"evidence ids {table[key].id!r} and {item.id!r} name the same citation {key!r}"
                )
            table[key] = item
        catalog = frozenset(normalize(i) for i in self.catalog) - set(table)
        with self._lock:
            self._lookups[normalize] = (table, catalog)
        return table, catalog

    def passage(self, item: Evidence) -> Passage:
        """The analysed form of one chunk (read once)."""
        passage = self._passages.get(item.id)
        if passage is None:
            passage = Passage.read(item)
            with self._lock:
                self._passages[item.id] = passage
        return passage

    def candidates(self, claim: Claim, limit: int = 3) -> list[Passage]:
        """The chunks most likely to support ``claim``, best first (for attribution).

        Each chunk is ranked by its best sentence: the sum of the IDF weights (over every
        sentence of the map) of the claim's content stems it holds. The map-wide postings
        are gathered per stem, for the stems claims ask about, and kept.
        """
        stems = sorted(claim.analysis.content)  # sorted: float sums must not depend on
        if not stems:  # the process's string hash seed
            return []
        passages = self._all_passages()
        offsets = self._sentence_offsets(passages)
        total = max(offsets[-1], 1)
        postings = {stem: self._posting(stem, passages, offsets) for stem in stems}
        scores: dict[int, float] = {}
        for stem in stems:
            posting = postings[stem]
            if not posting:
                continue
            weight = math.log(1.0 + total / len(posting))
            for sentence in posting:
                scores[sentence] = scores.get(sentence, 0.0) + weight
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
        chosen: list[Passage] = []
        seen: set[int] = set()
        for sentence, _score in ranked:
            owner = bisect.bisect_right(offsets, sentence) - 1
            if owner not in seen:
                seen.add(owner)
                chosen.append(passages[owner])
                if len(chosen) == limit:
                    break
        return chosen

    def holders(self, claim: Claim, excluded: set[str], threshold: float) -> list[Passage]:
        """The chunks outside ``excluded`` that hold enough of ``claim``'s content stems to
        carry it (the lexical judge's overlap test, which with content stems decides
        alone), those holding most first (ties in the order given). One claim at a time,
        chunks are ruled out by the pieces of their text (:meth:`_maybe_holding`), and the
        others read only where the claim's stems stand (:meth:`Passage.shared`); once many
        claims have asked, every chunk is read and indexed by stem, so each later claim
        costs its stems' postings, not the number of chunks (the work stays linear in a
        long answer)."""
        content = claim.analysis.content
        passages = self._all_passages()
        if not content or all(p.id in excluded for p in passages):
            return []
        self._asked += 1
        if self._chunk_index is None and (
            self._asked > _INDEX_AFTER or len(content) > _SEARCHED_STEMS
        ):
            self._index_chunks(passages)
        index = self._chunk_index
        size = len(content)
        held: dict[int, int] = {}
        if index is None:
            # a chunk that cannot hold the share by its text's pieces is never read
            for number in self._may_hold_share(content, passages, threshold):
                if passages[number].id not in excluded:
                    held[number] = len(passages[number].shared(content))
        else:
            for stem in content:
                for number in index.get(stem, ()):
                    held[number] = held.get(number, 0) + 1
        return [
            passages[number]
            for number, count in sorted(held.items(), key=lambda item: (-item[1], item[0]))
            if count and count / size + 1e-9 >= threshold and passages[number].id not in excluded
        ]

    def _may_hold_share(
        self, content: frozenset[str], passages: list[Passage], threshold: float
    ) -> list[int]:
        """The numbers of the chunks whose text may hold ``threshold`` of ``content`` (an
        upper bound of :meth:`Passage.shared`; the exact count is left to the caller).

        Word stems are searched in all the chunks at once (:meth:`_maybe_holding`), the
        longest opening first, until a chunk none of them was found in could no longer
        reach the share; the stems left are then looked for in the chunks still in the
        race only, which drop out once they cannot reach it. A number stem is counted as
        held by every chunk (its value may be written in ways no search for one piece
        finds; the exact count settles it)."""
        size = len(content)

        def enough(count: int) -> bool:
            return count / size + 1e-9 >= threshold

        numbers = sum(1 for s in content if s[:1].isdigit())
        words = sorted(
            (s for s in content if not s[:1].isdigit()), key=lambda s: (-len(stem_forms(s)[0]), s)
        )
        left = len(words)
        counts: dict[int, int] = {}
        racing = False  # whether only the chunks in ``counts`` can still reach the share
        for stem in words:
            left -= 1
            if not racing:
                for number in self._maybe_holding(stem, passages):
                    counts[number] = counts.get(number, 0) + 1
                racing = not enough(numbers + left)  # a chunk not found yet can no longer
            else:
                for number in counts:
                    counts[number] += passages[number].may_hold(stem)
            if racing:
                counts = {n: c for n, c in counts.items() if enough(c + numbers + left)}
                if not counts:
                    return []
        if not racing:  # the number stems alone may make the share: any chunk may hold it
            return list(range(len(passages)))
        return sorted(counts)

    def _index_chunks(self, passages: list[Passage]) -> None:
        """Read every chunk and index it by content stem (once many asks would otherwise
        each pass over all the chunks)."""
        built: dict[str, list[int]] = {}
        for number, passage in enumerate(passages):
            for stem in passage.content:
                built.setdefault(stem, []).append(number)
        with self._lock:
            self._chunk_index = built

    def _all_passages(self) -> list[Passage]:
        """Every chunk's passage, in the order given (built once; reading stays lazy)."""
        passages = self._every
        if passages is None:
            passages = self._every = [self.passage(item) for item in self.items]
        return passages

    def _posting(self, stem: str, passages: list[Passage], offsets: list[int]) -> list[int]:
        """The map-wide numbers of the sentences holding ``stem``, in order (cached per
        stem: only the stems some claim asks about are ever gathered)."""
        found = self._postings.get(stem)
        if found is None:
            found = []
            if self._chunk_index is None and len(self._postings) >= _INDEX_AFTER_STEMS:
                self._index_chunks(passages)
            index = self._chunk_index
            numbers = self._maybe_holding(stem, passages) if index is None else index.get(stem, ())
            for number in numbers:  # each may hold it: only the sentences where it may
                first = offsets[number]  # stand are read
                found.extend(first + n for n in passages[number].sentences_holding(stem))
            with self._lock:
                self._postings[stem] = found
        return found

    def _maybe_holding(self, stem: str, passages: list[Passage]) -> list[int]:
        """The numbers of the chunks that may hold ``stem`` (:meth:`Passage.may_hold`),
        in order. The ASCII chunks are searched together, lower-cased and joined, for the
        pieces every word of that stem holds: one search per piece and per chunk that
        holds it, not one per chunk (a number is looked up chunk by chunk)."""
        if stem[:1].isdigit():
            return [n for n, p in enumerate(passages) if p.may_hold(stem)]
        joined = self._joined
        if joined is None:
            joined = self._joined = _join_ascii(passages)
        text, starts, numbers, others = joined
        found: set[int] = set(others)  # another script may always hold it
        for form in stem_forms(stem):
            at = text.find(form)
            while at >= 0:
                place = bisect.bisect_right(starts, at) - 1
                found.add(numbers[place])
                if place + 1 >= len(starts):
                    break
                at = text.find(form, starts[place + 1])
        return sorted(found)

    def _sentence_offsets(self, passages: list[Passage]) -> list[int]:
        """The number of the first sentence of each chunk in the whole map, then the
        total: sentence numbers run on across chunks in the order given."""
        offsets = self._offsets
        if offsets is None:
            offsets = [0]
            for passage in passages:
                offsets.append(offsets[-1] + len(passage.spans))
            self._offsets = offsets
        return offsets


#: After how many claims :meth:`EvidenceMap.holding` reads and indexes every chunk ...
_INDEX_AFTER = 8
#: ... or at once for a claim of more content stems than this (each is searched for in the
#: text of every chunk: past a few dozen, reading the chunks costs less).
_SEARCHED_STEMS = 64
#: ... and after how many stems :meth:`EvidenceMap.candidates` has gathered one by one
#: (each asks every chunk whether it may hold the stem, which costs less than reading the
#: chunks: an answer of a few dozen claims never pays for the index).
_INDEX_AFTER_STEMS = 512


def _join_ascii(passages: list[Passage]) -> tuple[str, list[int], list[int], list[int]]:
    """The lower-cased texts of the ASCII chunks joined by a character no searched piece
    holds, where each starts, their numbers, and the numbers of the other chunks."""
    pieces: list[str] = []
    starts: list[int] = []
    numbers: list[int] = []
    others: list[int] = []
    at = 0
    for number, passage in enumerate(passages):
        if not passage.is_ascii:
            others.append(number)
            continue
        lowered = passage.evidence.text.lower()
        starts.append(at)
        numbers.append(number)
        pieces.append(lowered)
        at += len(lowered) + 1
    return "\x00".join(pieces), starts, numbers, others


def _id_text(value: Any, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise EvidenceError(f"{what} must be a str or int, got {type(value).__name__}")
    text = str(value).strip()
    if not text:
        raise EvidenceError(f"{what} must not be empty")
    return text


def _text_of(value: Any, where: str) -> tuple[str, Mapping[str, Any]]:
    if isinstance(value, str):
        return value, {}
    if isinstance(value, Evidence):
        return value.text, value.metadata
    if isinstance(value, Mapping):
        for key in _TEXT_KEYS:
            if key in value:
                text = value[key]
                if not isinstance(text, str):
                    raise EvidenceError(f"{where}: {key!r} must be text, got {type(text).__name__}")
                metadata = value.get("metadata") or {}
                return text, metadata if isinstance(metadata, Mapping) else {}
        raise EvidenceError(f"{where}: a mapping needs one of the keys {', '.join(_TEXT_KEYS)}")
    for attribute in _TEXT_KEYS:
        text = getattr(value, attribute, None)
        if isinstance(text, str):
            metadata = getattr(value, "metadata", None) or {}
            return text, metadata if isinstance(metadata, Mapping) else {}
    raise EvidenceError(
        f"{where}: cannot read text from {type(value).__name__} "
        f"(give a str, a mapping with 'text', or an object with .text/.page_content)"
    )


def _id_of(value: Any) -> Any:
    if isinstance(value, Evidence):
        return value.id
    if isinstance(value, Mapping):
        for key in _ID_KEYS:
            if value.get(key) not in (None, ""):
                return value[key]
        return None
    for attribute in _ID_KEYS:
        found = getattr(value, attribute, None)
        if found not in (None, "") and isinstance(found, (str, int)):
            return found
    return None


def build_evidence(evidence: EvidenceLike, catalog: Iterable[Any] | None = None) -> EvidenceMap:
    """Read ``evidence`` into an :class:`EvidenceMap` (see the module docstring for forms).

    Raises ``TypeError`` for a value that is no evidence at all (``None``, a bare string)
    and ``EvidenceError`` for unreadable chunks or duplicate ids.
    """
    if isinstance(evidence, EvidenceMap):
        if catalog is None:
            return evidence
        return EvidenceMap(evidence.items, catalog)
    if evidence is None or isinstance(evidence, (str, bytes)):
        raise TypeError(
            "evidence must be a mapping id -> text or a sequence of chunks, got "
            f"{type(evidence).__name__}" + (" (wrap one chunk in a list)" if evidence else "")
        )
    if catalog is not None and (
        isinstance(catalog, (str, bytes)) or not isinstance(catalog, Iterable)
    ):
        raise TypeError(f"catalog must be an iterable of ids, got {type(catalog).__name__}")
    if isinstance(catalog, Mapping):
        catalog = list(catalog)
    items: list[Evidence] = []
    if isinstance(evidence, Mapping):
        for key, value in evidence.items():
            ident = _id_text(key, "evidence id")
            text, metadata = _text_of(value, f"evidence {ident!r}")
            items.append(Evidence(ident, text, dict(metadata)))
    elif isinstance(evidence, Iterable):
        for position, value in enumerate(evidence, start=1):
            raw = _id_of(value)
            ident = _id_text(raw, "evidence id") if raw is not None else str(position)
            text, metadata = _text_of(value, f"evidence #{position}")
            items.append(Evidence(ident, text, dict(metadata)))
    else:
        raise TypeError(
            f"evidence must be a mapping id -> text or a sequence of chunks, got {type(evidence).__name__}"
        )
    return EvidenceMap(items, catalog or ())

"""The bounded caches (#11): by entries and by the size of what they hold."""

from __future__ import annotations

from grounding_guard.text.cache import BoundedCache, bounded_cache, size_of


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2, 100)
    cache.put("a", 1, 1)
    cache.put("b", 2, 1)
    assert cache.get("a") == 1  # "b" is now the least recently used
    cache.put("c", 3, 1)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)


def test_the_size_bounds_the_cache_too() -> None:
    cache: BoundedCache[str, str] = BoundedCache(100, 10)
    for key in "abcd":
        cache.put(key, key * 4, 4)
    assert len(cache) == 2 and cache.weight == 8
    cache.put("huge", "x", 11)  # heavier than the whole bound: not kept, nothing dropped
    assert cache.get("huge") is None and len(cache) == 2


def test_a_kept_none_is_found() -> None:
    calls: list[str] = []

    @bounded_cache(4, 100)
    def nothing(text: str) -> None:
        calls.append(text)

    nothing("a")
    nothing("a")
    assert calls == ["a"]


def test_a_decorated_function_keeps_texts_up_to_their_characters() -> None:
    @bounded_cache(100, 10)
    def length(text: str) -> int:
        return len(text)

    for text in ("aaaa", "bbbb", "cccc"):
        assert length(text) == 4
    cache = length.cache  # type: ignore[attr-defined]
    assert len(cache) == 2 and cache.weight == 8


def test_a_key_weighs_its_texts() -> None:
    assert size_of("abc", None, ("de", ("f",))) == 3 + 1 + (2 + 2 + (1 + 1))

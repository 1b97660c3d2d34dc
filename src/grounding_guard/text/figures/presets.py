"""Presets: the scale words, denied words and currency aliases a domain reads figures with
(:data:`GENERIC`, :data:`INDIA_ACCOUNTING`), and the lookup tables the reader builds from one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple

__all__ = [
    "GENERIC",
    "INDIA_ACCOUNTING",
    "PRESETS",
    "Preset",
    "Tables",
    "preset_tables",
    "resolve_preset",
]


def _scales(pairs: Iterable[tuple[str, int | str | Decimal]]) -> tuple[tuple[str, Decimal], ...]:
    return tuple((word, Decimal(value)) for word, value in pairs)


@dataclass(frozen=True)
class Preset:
    """Scale words and rules for a domain. Hashable; build one with :meth:`derive`.

    ``scale_words``: (word, multiplier) pairs, matched as written first, then case-folded
    for words of two letters or more (so ``"M"`` is million while ``"m"`` stays metres);
    ``money_scales``: read only after a currency ("$5m", "€3b"); ``deny``: words never
    read as scale words (case-folded); ``currency_aliases``: (class, class) pairs, e.g.
    ``("cur:£", "cur:GBP")`` to let "£500" pair with "GBP 500".
    """

    name: str
    scale_words: tuple[tuple[str, Decimal], ...]
    money_scales: tuple[tuple[str, Decimal], ...] = ()
    deny: frozenset[str] = frozenset()
    currency_aliases: tuple[tuple[str, str], ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        key = (self.name, self.scale_words, self.money_scales, self.deny, self.currency_aliases)
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:  # memoised: presets key the reader's caches
        return self._hash

    def derive(
        self,
        name: str,
        *,
        scale_words: Mapping[str, int | str | Decimal] | None = None,
        deny: Iterable[str] = (),
        currency_aliases: Mapping[str, str] | None = None,
    ) -> Preset:
        """A preset like this one with more scale words, denied words and aliases."""
        words = dict(self.scale_words)
        words.update({k: Decimal(v) for k, v in (scale_words or {}).items()})
        aliases = dict(self.currency_aliases)
        aliases.update(currency_aliases or {})
        return Preset(
            name,
            tuple(sorted(words.items())),
            self.money_scales,
            self.deny | frozenset(w.casefold() for w in deny),
            tuple(sorted(aliases.items())),
        )


_E3, _E5, _E6, _E7, _E9, _E12 = (10**3, 10**5, 10**6, 10**7, 10**9, 10**12)

#: Western and Indian scale words; nothing denied. "Cr" reads as crore here.
GENERIC = Preset(
    "generic",
    _scales(
        [
            ("thousand", _E3),
            ("thousands", _E3),
            ("k", _E3),
            ("K", _E3),
            ("million", _E6),
            ("millions", _E6),
            ("mn", _E6),
            ("mln", _E6),
            ("M", _E6),
            ("billion", _E9),
            ("billions", _E9),
            ("bn", _E9),
            ("trillion", _E12),
            ("trillions", _E12),
            ("tn", _E12),
            ("trn", _E12),
            ("lakh", _E5),
            ("lakhs", _E5),
            ("lac", _E5),
            ("lacs", _E5),
            ("crore", _E7),
            ("crores", _E7),
            ("cr", _E7),
            ("dozen", 12),
        ]
    ),
    money_scales=_scales([("m", _E6), ("b", _E9), ("B", _E9)]),
)

#: Indian accounting: ``Cr``/``Dr`` are credit and debit, never crore (write "crore" out);
#: "Rs" is the rupee (``cur:INR``).
INDIA_ACCOUNTING = GENERIC.derive(
    "india_accounting", deny=("cr", "dr"), currency_aliases={"cur:Rs": "cur:INR"}
)

#: Presets by name.
PRESETS: dict[str, Preset] = {"generic": GENERIC, "india_accounting": INDIA_ACCOUNTING}


class Tables(NamedTuple):
    exact: dict[str, Decimal]
    folded: dict[str, Decimal]
    money: dict[str, Decimal]
    deny: frozenset[str]
    aliases: dict[str, str]


@lru_cache(maxsize=64)
def preset_tables(preset: Preset) -> Tables:
    exact = dict(preset.scale_words)
    folded = {k.casefold(): v for k, v in preset.scale_words if len(k) > 1}
    return Tables(
        exact, folded, dict(preset.money_scales), preset.deny, dict(preset.currency_aliases)
    )


def resolve_preset(preset: str | Preset) -> Preset:
    """A :class:`Preset` by name (or the preset itself)."""
    if isinstance(preset, Preset):
        return preset
    found = PRESETS.get(str(preset))
    if found is None:
        from grounding_guard.errors import ConfigError

        raise ConfigError(f"unknown value preset {preset!r}; known: {', '.join(PRESETS)}")
    return found

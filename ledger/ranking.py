"""The starting rank: the order that gives players their pairing numbers before round 1.

C.04.2 Art. 2.2 (docs/research/fide/02-C0402-general-handling-rules.md): "strength (rating,
descending); FIDE title, in the order GM, IM, WGM, FM, WIM, CM, WFM, WCM, none; alphabetical". Events
whose own regulations rank otherwise name another rule; the drawing of lots uses the tournament's
recorded seed, so it can be repeated in an appeal.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2 Art. 2.2: the FIDE titles in ranking order (then "none")."""


class RankingRule(enum.StrEnum):
    """How `arbiter renumber` orders the players."""

    FIDE = "fide"
    """C.04.2 Art. 2.2: rating descending, then title (`TITLE_ORDER`), then name."""
    ALPHABETICAL = "alphabetical"
    """By name, as many club events and tsh divisions number their players."""
    LOTS = "lots"
    """By drawing lots with the tournament's seed (IBF Appendix 1 numbers round-robin players so)."""

    @property
    def description(self) -> str:
        return {
            RankingRule.FIDE: "rating, then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM), then name (C.04.2 2.2)",
            RankingRule.ALPHABETICAL: "name, alphabetically",
            RankingRule.LOTS: "drawing of lots with the tournament's recorded seed",
        }[self]


def fide_key(number: int, rating: int, title: str, name: str) -> tuple[int, int, str, int]:
    """C.04.2 Art. 2.2's sort key (the registration number last, so the order is total)."""
    title = title.upper()
    return -rating, TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER), name.casefold(), number


def starting_order(players: Mapping[int, Mapping[str, Any]], rule: RankingRule, seed: int) -> list[int]:
    """Player numbers in pairing-number order (the first gets pairing number 1) under `rule`."""
    numbers = sorted(players)
    if rule is RankingRule.FIDE:
        return sorted(
            numbers,
            key=lambda n: fide_key(n, players[n].get("rating", 0), players[n].get("title", ""), players[n]["name"]),
        )
    if rule is RankingRule.ALPHABETICAL:
        return sorted(numbers, key=lambda n: (str(players[n]["name"]).casefold(), n))
    import random  # here: most commands never draw lots, and `arbiter` loads this module at start-up

    random.Random(seed).shuffle(numbers)
    return numbers


def pairing_numbers(order: Iterable[int]) -> dict[int, int]:
    """Player number -> pairing number, from the players in pairing-number order."""
    return {number: tpn for tpn, number in enumerate(order, start=1)}

"""The starting rank: the order that gives players their pairing numbers before round 1.

C.04.2 Art. 2.2 (docs/research/fide/02-C0402-general-handling-rules.md): "strength (rating,
descending); FIDE title, in the order GM, IM, WGM, FM, WIM, CM, WFM, WCM, none; alphabetical". Events
whose own regulations rank otherwise name another rule; the drawing of lots uses the tournament's
recorded seed, so it can be repeated in an appeal.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Protocol

from ledger.ratings import EqualRatingOrder, equal_rating_order, rating_method, tournament_rating

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
            RankingRule.FIDE: fide_rule_description(EqualRatingOrder.NAME),
            RankingRule.ALPHABETICAL: "name, alphabetically",
            RankingRule.LOTS: "drawing of lots with the tournament's recorded seed",
        }[self]


def fide_rule_description(order: EqualRatingOrder) -> str:
    """C.04.2 Art. 2.2 in words, with the criterion announced for equal rating and title (Q146) in place of
    the name where one replaces it."""
    named = order is EqualRatingOrder.NAME
    then, source = ("name", "C.04.2 2.2") if named else (order.description, "C.04.2 2.2, announced criterion")
    return f"rating, then FIDE title ({', '.join(TITLE_ORDER)}), then {then} ({source})"


def fide_key(
    number: int, rating: int, title: str, name: str, announced: tuple[int, ...] = ()
) -> tuple[int, int, tuple[int, ...], str, int]:
    """C.04.2 Art. 2.2's sort key: rating, title, then "alphabetical, unless an announced criterion
    replaces it" (`announced`, from `equal_rating_keys`; the name still orders what it leaves equal), the
    registration number last, so the order is total."""
    title = title.upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return -rating, rank, announced, name.casefold(), number


def equal_rating_keys(ids: Mapping[int, str], order: EqualRatingOrder, seed: int) -> dict[int, tuple[int, ...]]:
    """Player number -> the announced criterion's key for players equal in rating and title (C.04.2 Art.
    2.2), from the players' FIDE ids (`ids`): none for `NAME`; the lower FIDE id first, players without
    one after, for `FIDE_ID`; the highest lot first for `LOTS` (`drawn_lot`)."""
    if order is EqualRatingOrder.FIDE_ID:
        return {n: (0, int(text)) if text.isascii() and text.isdigit() else (1, 0) for n, text in ids.items()}
    if order is EqualRatingOrder.LOTS:
        return {number: (-drawn_lot(seed, number),) for number in ids}
    return dict.fromkeys(ids, ())


def drawn_lot(seed: int, number: int) -> float:
    """Player `number`'s lot in the tournament's drawing of lots, from its recorded `seed`: the highest lot
    comes first. Each player's lot is drawn on its own, so it is the same at every reading and a player
    who enters later changes nobody else's lot."""
    import random  # not at import: `arbiter` loads this module for its help, and a read draws no lots

    return random.Random(f"{seed}:{number}").random()


class Rankable(Protocol):
    """What C.04.2 Art. 2.2 reads of a player: the tournament rating, the title, the name, the FIDE id."""

    @property
    def number(self) -> int: ...
    @property
    def rating(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def external_id(self) -> str: ...


class Entry(NamedTuple):
    """A registered player as the ranking reads it (from the tournament's roster; a named tuple: `arbiter`
    loads this module at start-up, before it needs attrs)."""

    number: int
    rating: int
    title: str
    name: str
    external_id: str


def initial_order(players: Iterable[Rankable], options: Mapping[str, str], seed: int) -> list[int]:
    """C.04.2 Art. 2.2: player numbers by tournament rating, title, then the announced criterion for equal
    rating and title (option `equal_rating_order`, `ledger.ratings.EqualRatingOrder`; alphabetical by
    default)."""
    players = list(players)
    announced = equal_rating_keys({p.number: p.external_id for p in players}, equal_rating_order(options), seed)
    ordered = sorted(players, key=lambda p: fide_key(p.number, p.rating, p.title, p.name, announced[p.number]))
    return [player.number for player in ordered]


def roster_entries(players: Mapping[int, Mapping[str, Any]], options: Mapping[str, str]) -> list[Entry]:
    """The roster's players (details as registered) with their tournament ratings (`ledger.ratings`)."""
    method = rating_method(options)
    return [
        Entry(
            number,
            tournament_rating(p.get("rating", 0), p.get("fide_rating", 0), p.get("national_rating", 0), method),
            p.get("title", ""),
            p["name"],
            p.get("external_id", ""),
        )
        for number, p in players.items()
    ]


def starting_order(
    players: Mapping[int, Mapping[str, Any]], rule: RankingRule, seed: int, options: Mapping[str, str] | None = None
) -> list[int]:
    """Player numbers in pairing-number order (the first gets pairing number 1) under `rule`, from the
    players' details as registered and the tournament's options."""
    numbers = sorted(players)
    if rule is RankingRule.FIDE:
        return initial_order(roster_entries(players, options or {}), options or {}, seed)
    if rule is RankingRule.ALPHABETICAL:
        return sorted(numbers, key=lambda n: (str(players[n]["name"]).casefold(), n))
    import random

    random.Random(seed).shuffle(numbers)
    return numbers


def pairing_numbers(order: Iterable[int]) -> dict[int, int]:
    """Player number -> pairing number, from the players in pairing-number order."""
    return {number: tpn for tpn, number in enumerate(order, start=1)}

"""[C1] and [C3] for a whole round: who may meet whom, as one bitset of possible opponents per player.

Dubov (C.04.4.1) and Burstein (C.04.4.2) Article 3.1: "[C1] See the Basic Rules for Swiss, Article 2
(Two players shall not play against each other more than once)" and "[C3] Two players with the same
absolute colour preference ... shall not meet"; a pair the arbiter forbade is refused as C1. The
searches of Article 2 ask "who may this player meet?" with one AND, and [C4] ("complete the
round-pairing") is asked of the cardinality matcher, `pairing.cardinality`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.fide.common.definitions import FideContender
from pairing.model import Side


class LegalPairs:
    """Who may meet whom in this round under [C1] and [C3], indexed by rank (`FideContender.rank`)."""

    def __init__(self, players: Sequence[FideContender]) -> None:
        self.players = list(players)
        self.size = len(self.players)
        position = {p.number: p.rank for p in self.players}
        if sorted(position.values()) != list(range(self.size)):
            raise ValueError("players must be given with ranks 0..n-1")
        barred = [1 << p.rank for p in self.players]
        absolute = {Side.FIRST: 0, Side.SECOND: 0}
        for p in self.players:
            if p.absolute_colour is not None:
                absolute[p.absolute_colour] |= 1 << p.rank
        for p in self.players:
            for number in p.avoid:  # both ways: C1 holds even if only one of two histories records the game
                other = position.get(number)
                if other is not None:
                    barred[p.rank] |= 1 << other
                    barred[other] |= 1 << p.rank
            if p.absolute_colour is not None:
                barred[p.rank] |= absolute[p.absolute_colour]
        everyone = (1 << self.size) - 1
        self.adjacent = [everyone & ~bits for bits in barred]
        """adjacent[v]: the ranks of the players v may meet."""

    def neighbours(self, v: int) -> int:
        return self.adjacent[v]

    def allowed(self, a: int, b: int) -> bool:
        return bool((self.adjacent[a] >> b) & 1)

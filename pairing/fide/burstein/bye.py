"""Burstein System, Article 2.1 (Pairing-Allocated-Bye Assignment), before any bracket is paired (1.8.2).

"The pairing-allocated-bye is assigned to the player who: 2.1.1 has neither received a
pairing-allocated-bye, nor scored a (forfeit) win in the previous rounds (see [C2], Article 3.1.2); 2.1.2
allows a complete pairing of all the remaining players (see [C4], Article 3.2.1); 2.1.3 has the lowest
score; 2.1.4 has played the highest number of games; 2.1.5 occupies the lowest ranking (according to
Article 1.7)".

2.1.1 is read through [C2], which it cites (the Basic Rules' Article 4: any round scored without playing for
a win's points bars the bye), as the Dubov engine reads the same sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from pairing.fide.burstein.definitions import Contender
from pairing.fide.dubov.perfect_pairing import UNPAIRED, maximum_pairing, perfect_pairing
from pairing.model import Decision, NoValidPairing, Side


class LegalPairs:
    """[C1] and [C3] for the round: one bitset of possible opponents per player, indexed by rank."""

    def __init__(self, players: Sequence[Contender]) -> None:
        self.size = len(players)
        rank = {p.number: p.rank for p in players}
        everyone = (1 << self.size) - 1
        absolute: dict[Side | None, int] = {Side.FIRST: 0, Side.SECOND: 0, None: 0}
        for p in players:
            if p.absolute_colour is not None:
                absolute[p.absolute_colour] |= 1 << p.rank
        self.bits = [0] * self.size
        for p in players:
            barred = (1 << p.rank) | absolute[p.absolute_colour]
            for number in p.avoid:
                if number in rank:
                    barred |= 1 << rank[number]
            self.bits[p.rank] = everyone & ~barred
        for p in players:  # keep C1 symmetric even if only one of two histories records the game
            for number in p.avoid:
                if number in rank:
                    self.bits[rank[number]] &= ~(1 << p.rank)

    def neighbours(self, v: int) -> int:
        return self.bits[v]


@frozen
class ByeAssignment:
    player: Contender | None
    decisions: tuple[Decision, ...]


def bye_order(players: Sequence[Contender]) -> list[Contender]:
    """2.1.3-2.1.5: lowest score, most games played, lowest 1.7 ranking."""
    return sorted(players, key=lambda p: (p.score, -p.games, -p.rank))


def assign_pab(players: Sequence[Contender], graph: LegalPairs) -> ByeAssignment:
    """Article 2.1 for the players to pair (ranks 0..n-1). Raises NoValidPairing (1.8.3: "the arbiter shall
    decide what to do") when no player can take the bye and leave a complete pairing."""
    size = len(players)
    everyone = (1 << size) - 1
    if size % 2 == 0:
        if perfect_pairing(everyone, graph.neighbours, size) is None:
            raise NoValidPairing("1.8.3: the players cannot all be paired without breaking C1 or C3")
        return ByeAssignment(None, ())
    decisions = []
    barred = [p.number for p in players if not p.pab_eligible]
    if barred:
        decisions.append(Decision("2.1.1", f"not eligible for the pairing-allocated bye ([C2]): {barred}"))
    eligible = [p for p in players if p.pab_eligible]
    if not eligible:
        raise NoValidPairing("1.8.3: nobody may receive the pairing-allocated bye (C2)")
    mate = maximum_pairing(everyone, graph.neighbours, size)
    if sum(1 for v in mate if v == UNPAIRED) > 1:
        raise NoValidPairing("1.8.3: whoever receives the bye, the others cannot all be paired under C1 and C3")
    skipped = []
    for candidate in bye_order(eligible):
        v = candidate.rank
        if mate[v] != UNPAIRED and perfect_pairing(everyone & ~(1 << v), graph.neighbours, size, mate) is None:
            skipped.append(candidate.number)
            continue
        if skipped:
            decisions.append(Decision("2.1.2", f"the others could not all be paired had the bye gone to {skipped}"))
        decisions.append(
            Decision(
                "2.1",
                f"pairing-allocated bye to {candidate.number}: score {candidate.score:g} (2.1.3), "
                f"{candidate.games} game(s) played (2.1.4), 1.7 rank {candidate.rank + 1} (Buchholz "
                f"{candidate.buchholz:g}, Sonneborn-Berger {candidate.sonneborn_berger:g}) (2.1.5)",
            )
        )
        return ByeAssignment(candidate, tuple(decisions))
    raise NoValidPairing("1.8.3: no eligible player can take the bye and leave a complete pairing (2.1.2)")

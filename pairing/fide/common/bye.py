"""Article 2.1 (Pairing-Allocated-Bye Assignment) of the Dubov and Burstein Systems, before any
bracket is paired (1.8.2). The two texts differ only in the last tie-break, so the system's order is a
parameter (`ByeOrder`).

Dubov (C.04.4.1) and Burstein (C.04.4.2) 2.1: "The pairing-allocated-bye is assigned to the player
who: 2.1.1 has neither received a pairing-allocated-bye, nor scored a (forfeit) win in the previous
rounds (see [C2], Article 3.1.2); 2.1.2 allows a complete pairing of all the remaining players (see
[C4], Article 3.2.1); 2.1.3 has the lowest score; 2.1.4 has played the highest number of games; 2.1.5
occupies the lowest position in the initial ranking list (see Article 1.2)" (Dubov), "... 2.1.5
occupies the lowest ranking (according to Article 1.7)" (Burstein).

2.1.1 is read through [C2], which it cites: the Basic Rules' Article 4 also bars a player who scored a
win's points without playing (a full-point bye), not only a forfeit win (docs/dubov.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from pairing.cardinality import UNPAIRED, maximum_pairing, perfect_pairing
from pairing.fide.common.definitions import FideContender
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.model import Decision, NoValidPairing

C = TypeVar("C", bound=FideContender)


@frozen
class ByeOrder(Generic[C]):
    """A system's order for 2.1.3-2.1.5 and how its decision names 2.1.5."""

    key: Callable[[C], Any]
    """Sort key: the first player in this order receives the bye (2.1.3 lowest score, 2.1.4 most
    games played, 2.1.5 the system's lowest position)."""
    position: Callable[[C], str]
    """The 2.1.5 position of a player, as the explanation states it."""


@frozen
class ByeAssignment(Generic[C]):
    player: C | None
    """Who receives the pairing-allocated bye; None when the number of players is even."""
    rest: list[int]
    """A complete pairing of everybody else (a start for C4 checks; not the published pairing)."""
    decisions: tuple[Decision, ...]


def assign_pab(players: Sequence[C], graph: LegalPairs, order: ByeOrder[C]) -> ByeAssignment[C]:
    """Article 2.1 for the players to pair (ranks 0..n-1). Raises NoValidPairing (1.8.3: "the arbiter
    shall decide what to do") when no player can take the bye and leave a complete pairing."""
    size = len(players)
    everyone = (1 << size) - 1
    if size % 2 == 0:
        mate = perfect_pairing(everyone, graph.neighbours, size)
        if mate is None:
            raise NoValidPairing("1.8.3: the players cannot all be paired without breaking C1 or C3")
        return ByeAssignment(None, mate, ())
    decisions = []
    barred = [p for p in players if not p.pab_eligible]
    if barred:
        decisions.append(
            Decision("2.1.1", "not eligible for the pairing-allocated bye ([C2]): " + _numbers(barred), satisfied=True)
        )
    eligible = [p for p in players if p.pab_eligible]
    if not eligible:
        raise NoValidPairing(
            "1.8.3: nobody may receive the pairing-allocated bye ([C2]: every player already had one "
            "or a win's points without playing)"
        )
    mate = maximum_pairing(everyone, graph.neighbours, size)
    if sum(1 for v in mate if v == UNPAIRED) > 1:
        raise NoValidPairing("1.8.3: whoever receives the bye, the others cannot all be paired under C1 and C3")
    skipped = []
    for candidate in sorted(eligible, key=order.key):
        v = candidate.rank
        rest = mate if mate[v] == UNPAIRED else perfect_pairing(everyone & ~(1 << v), graph.neighbours, size, mate)
        if rest is None:
            skipped.append(candidate)
            continue
        if skipped:
            decisions.append(
                Decision("2.1.2", "the others could not all be paired had the bye gone to " + _numbers(skipped))
            )
        decisions.append(
            Decision(
                "2.1",
                f"pairing-allocated bye to {candidate.number}: score {candidate.score:g} (2.1.3), "
                f"{candidate.games} game(s) played (2.1.4), {order.position(candidate)} (2.1.5)",
            )
        )
        return ByeAssignment(candidate, rest, tuple(decisions))
    raise NoValidPairing("1.8.3: no eligible player can take the bye and leave a complete pairing (2.1.2)")


def _numbers(players: Sequence[FideContender]) -> str:
    return ", ".join(str(p.number) for p in players)

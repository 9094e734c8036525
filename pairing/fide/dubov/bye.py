"""Dubov System, Article 2.1 (Pairing-Allocated-Bye Assignment), before any bracket is paired (1.8.2).

"The pairing-allocated-bye is assigned to the player who: 2.1.1 has neither received a
pairing-allocated-bye, nor scored a (forfeit) win in the previous rounds (see [C2], Article 3.1.2);
2.1.2 allows a complete pairing of all the remaining players (see [C4], Article 3.2.1); 2.1.3 has the
lowest score; 2.1.4 has played the highest number of games; 2.1.5 occupies the lowest position in the
initial ranking list (see Article 1.2)".

2.1.1 is read through [C2], which it cites: the Basic Rules' Article 4 also bars a player who scored a
win's points without playing (a full-point bye), not only a forfeit win (docs/dubov.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from pairing.fide.dubov.criteria import LegalPairs, pab_allowed
from pairing.fide.dubov.definitions import Contender
from pairing.fide.dubov.perfect_pairing import UNPAIRED, maximum_pairing, perfect_pairing
from pairing.model import Decision, NoValidPairing


@frozen
class ByeAssignment:
    player: Contender | None
    """Who receives the pairing-allocated bye; None when the number of players is even."""
    rest: list[int]
    """A complete pairing of everybody else (a start for C4 checks; not the published pairing)."""
    decisions: tuple[Decision, ...]


def bye_order(players: Sequence[Contender]) -> list[Contender]:
    """2.1.3-2.1.5: lowest score, then most games played, then lowest position in the initial ranking."""
    return sorted(players, key=lambda p: (p.score, -p.games, -p.tpn, -p.number))


def assign_pab(players: Sequence[Contender], graph: LegalPairs) -> ByeAssignment:
    """Article 2.1 for the players to pair (ranks 0..n-1). Raises NoValidPairing (1.8.3: "the arbiter shall
    decide what to do") when no player can take the bye and leave a complete pairing."""
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
        raise NoValidPairing(f"1.8.3: nobody may receive the pairing-allocated bye ({pab_allowed(players[0]).text})")
    mate = maximum_pairing(everyone, graph.neighbours, size)
    if sum(1 for v in mate if v == UNPAIRED) > 1:
        raise NoValidPairing("1.8.3: whoever receives the bye, the others cannot all be paired under C1 and C3")
    skipped = []
    for candidate in bye_order(eligible):
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
                f"{candidate.games} game(s) played (2.1.4), pairing number {candidate.tpn} (2.1.5)",
            )
        )
        return ByeAssignment(candidate, rest, tuple(decisions))
    raise NoValidPairing("1.8.3: no eligible player can take the bye and leave a complete pairing (2.1.2)")


def _numbers(players: Sequence[Contender]) -> str:
    return ", ".join(str(p.number) for p in players)

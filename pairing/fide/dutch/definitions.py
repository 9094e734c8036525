"""C.04.3 (2025) Article 1 of the FIDE (Dutch) System: what the pairing knows about each player.

1.2 the pairing score (with acceleration: C.04.5 Baku Acceleration, or explicit virtual points) and
the 1.2 order, 1.4 floats, 1.8 topscorers, the pairing numbers 5.2.5 reads, and the colour data of
C.04.2 3.4 (only played games count) through the shared `pairing.criteria.basic_rules`.
"""

from __future__ import annotations

from array import array

from pairing.criteria.basic_rules import (
    ColourPreference,
    colour_difference,
    colour_preference,
    eligible_for_pab,
    played_opponents,
    played_sides,
    unplayed_rounds,
)
from pairing.fide.acceleration import virtual_points
from pairing.fide.common.definitions import forbidden_partners
from pairing.model import ByeKind, Entrant, Float, PairingInput, PlayerStatus, Side
from pairing.values import field, value

RULES_EDITION = "C.04.3 (2025)"


@value(frozen=False, eq=False)
class Contender:
    """A player to be paired, with everything Article 1 derives from the history."""

    number: int
    tpn: int
    score: float
    """The pairing score (1.2.1; with acceleration, standings points + virtual points)."""
    sides: tuple[Side, ...]
    """Sides of played games (C.04.2 3.4)."""
    cd: int
    preference: ColourPreference
    float_1: Float
    """The float received in the previous round."""
    float_2: Float
    """The float received two rounds before."""
    pab_eligible: bool
    unplayed: int
    topscorer: bool
    avoid: frozenset[int]
    """Players this one may not meet: played opponents (C1) and forbidden pairs."""
    rank: int = field(default=0)
    """Position in the 1.2 order of all players to pair."""
    partners: array[int] = field(factory=lambda: array("i"))
    """The ranks (1.2 order) of every player C3 lets this one meet, ascending: shared by the players
    of the same C3 colour, so the ranks in `blocked` are still to be skipped."""
    compat: bytearray = field(factory=bytearray)
    """`partners` as a table (shared too): compat[rank] is 1 for a player C3 lets this one meet."""
    blocked: frozenset[int] = frozenset()
    """The ranks of the players this one may not meet by C1 or a forbidden pair (either way), and
    its own."""

    def may_meet(self, rank: int) -> bool:
        """Whether the player of this rank is a possible opponent (C1, C3, forbidden pairs)."""
        return bool(self.compat[rank]) and rank not in self.blocked


def pairing_scores(request: PairingInput) -> dict[int, list[float]]:
    """For each player, the pairing score before rounds 1..request.round (1.2.1 "score"; with
    acceleration, "standings points + virtual points")."""
    bonus = virtual_points(request)
    scores: dict[int, list[float]] = {}
    for player in request.players:
        running = 0.0
        before = []
        for round_number in range(1, request.round + 1):
            before.append(running + bonus.get((player.number, round_number), 0.0))
            if round_number <= len(player.history):
                running += player.history[round_number - 1].points
        scores[player.number] = before
    return scores


def floats(request: PairingInput, scores: dict[int, list[float]]) -> dict[int, dict[int, Float]]:
    """1.4: the float each player received in each earlier round.

    1.4.2 "When two players with different scores meet, the higher-ranked gets a downfloat and the
    lower an upfloat"; 1.4.3 "A player who, for whatever reason, scores without playing in a round
    more points than those rewarded for a loss, also receives a downfloat" (a PAB too); 1.4.4 no
    one else floats. A forfeited game is not a meeting: only its winner floats (down), by 1.4.3.
    """
    table: dict[int, dict[int, Float]] = {}
    for player in request.players:
        row: dict[int, Float] = {}
        for record in player.history:
            direction = Float.NONE
            if record.played and record.opponent is not None and record.opponent in scores:
                mine = scores[player.number][record.round - 1]
                theirs = scores[record.opponent][record.round - 1]
                direction = Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE
            elif not record.played and (
                record.bye is ByeKind.PAIRING_ALLOCATED or record.points > request.scoring.loss
            ):
                direction = Float.DOWN
            row[record.round] = direction
        table[player.number] = row
    return table


def pairing_numbers(request: PairingInput) -> dict[int, int]:
    """TPN -> the pairing number 5.2.5 reads: the TPNs of the players this round's pairing knows,
    renumbered from 1. A player not to be paired now who has never taken part in a pairing (absent
    or on a requested bye since the start) is not numbered yet; everyone else keeps their place.

    The text says "pairing number"; this reading reproduces every one of the 8,950 decisions 5.2.5
    takes in the reference tournaments (docs/dutch.md), where plain TPNs missed 4 in round 2 and
    plain TPNs in round 1 missed whenever a player was absent from it."""
    numbered = sorted(
        p.pairing_number for p in request.players if p.status is PlayerStatus.ACTIVE or took_part_in_pairing(p)
    )
    return {tpn: index for index, tpn in enumerate(numbered, start=1)}


def took_part_in_pairing(player: Entrant) -> bool:
    """Whether an earlier round paired the player: a game (played or forfeited) or the PAB."""
    return any(r.opponent is not None or r.bye is ByeKind.PAIRING_ALLOCATED for r in player.history)


def topscorer_threshold(request: PairingInput) -> float | None:
    """1.8: topscorers have "a score of over 50% of the maximum possible score when pairing the
    final round"; None before the final round (there are no topscorers then)."""
    if request.round != request.total_rounds:
        return None
    return request.scoring.win * (request.round - 1) / 2


def contenders(request: PairingInput) -> list[Contender]:
    """The players to pair, in 1.2 order: score (descending), then TPN (ascending)."""
    scores = pairing_scores(request)
    float_table = floats(request, scores)
    threshold = topscorer_threshold(request)
    forbidden = forbidden_partners(request)
    chosen: list[Contender] = []
    for player in request.players:
        if player.status is not PlayerStatus.ACTIVE:
            continue
        sides = played_sides(player.history)
        row = float_table[player.number]
        real = sum(r.points for r in player.history)
        chosen.append(
            Contender(
                number=player.number,
                tpn=player.pairing_number,
                score=scores[player.number][request.round - 1],
                sides=sides,
                cd=colour_difference(sides),
                preference=colour_preference(sides),
                float_1=row.get(request.round - 1, Float.NONE),
                float_2=row.get(request.round - 2, Float.NONE),
                pab_eligible=eligible_for_pab(player, request.scoring),
                unplayed=unplayed_rounds(player),
                topscorer=threshold is not None and real > threshold,
                avoid=frozenset(played_opponents(player) | forbidden.get(player.number, set())),
            )
        )
    numbering = pairing_numbers(request)
    for contender in chosen:
        contender.tpn = numbering[contender.tpn]
    chosen.sort(key=lambda c: (-c.score, c.tpn))
    for index, contender in enumerate(chosen):
        contender.rank = index
    return chosen

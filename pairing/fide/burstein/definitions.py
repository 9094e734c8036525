"""Burstein System, Article 1 (Introductory Remarks and Definitions): what the pairing knows about each player.

1.2 scoregroups (pairing scores, virtual acceleration points included, as the Dutch engine computes them),
1.4 colour differences and preferences (the shared C.04.1 colour history), 1.5 the seeding rounds, 1.6 the
opposition evaluation (Buchholz, Sonneborn-Berger) and 1.7 the ranking order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import define, field

from pairing.criteria.basic_rules import (
    ColourPreference,
    Strength,
    colour_preference,
    eligible_for_pab,
    played_opponents,
    played_sides,
)
from pairing.fide.common.definitions import forbidden_partners
from pairing.fide.dutch import pairing_scores
from pairing.model import ByeKind, Entrant, PairingInput, PlayerStatus, RoundRecord, Side

RULES_EDITION = "C.04.4.2 (July 2025)"


def seeding_rounds(total_rounds: int) -> int:
    """1.5.2: "The number of seeding rounds is equal to half the number of rounds in the tournament
    (rounded down) or 4 (four), whichever is lower"."""
    return min(total_rounds // 2, 4)


@define(eq=False, slots=True)
class Contender:
    """A player to be paired in this round, with everything Article 1 defines for them."""

    number: int
    tpn: int
    """1.7.2: the pairing number from the initial ranking list."""
    score: float
    """1.2.1: the pairing score (with acceleration, standings points + virtual points)."""
    sides: tuple[Side, ...]
    """Sides of played games, in order (C.04.2: unplayed rounds do not count)."""
    preference: ColourPreference
    """1.4.2; colour None for a player without games (1.4.2.4)."""
    games: int
    """Games played over the board (2.1.4)."""
    pab_eligible: bool
    """[C2]."""
    avoid: frozenset[int]
    """[C1]: opponents met over the board, plus pairs the arbiter forbade."""
    buchholz: float
    """1.6.1.1."""
    sonneborn_berger: float
    """1.6.1.2."""
    rank: int = field(default=0)
    """Position in the 1.7 order of every player to pair, 0 first."""

    @property
    def absolute_colour(self) -> Side | None:
        """1.4.2.1: the colour this player must get, if the preference is absolute."""
        return self.preference.colour if self.preference.strength is Strength.ABSOLUTE else None

    @property
    def index_key(self) -> tuple[float, float, int, int]:
        """1.7: Buchholz (descending), Sonneborn-Berger (descending), pairing number (ascending)."""
        return (-round(self.buchholz, 9), -round(self.sonneborn_berger, 9), self.tpn, self.number)


def is_zero_point_bye(record: RoundRecord) -> bool:
    """A round without an opponent that scored nothing: a zero-point bye, or an absence recorded without a
    bye kind (docs/burstein.md, reading 2). A forfeit loss has an opponent and is not a bye."""
    if record.played or record.opponent is not None:
        return False
    return record.bye is ByeKind.ZERO_POINT or (record.bye is None and record.points == 0)


def trailing_zero_point_byes(history: Sequence[RoundRecord]) -> int:
    """The zero-point byes that end a history: "the ones gathered in previous rounds" of 1.6.2.1's series."""
    count = 0
    for record in reversed(history):
        if not is_zero_point_bye(record):
            break
        count += 1
    return count


def zero_point_bye_in_current_round(entrant: Entrant) -> bool:
    """Not paired in the round being paired and scoring nothing in it: a zero-point bye asked for, or absent
    or withdrawn without a bye kind (as `is_zero_point_bye` reads a past round)."""
    return entrant.status is not PlayerStatus.ACTIVE and entrant.requested_bye in (None, ByeKind.ZERO_POINT)


def byes_seen_as_draws(entrant: Entrant) -> int:
    """1.6.2.1 Exception: "if a player has a series of consecutive zero-point-byes up to the current round, each
    of the ones gathered in previous rounds ... is considered as a draw". The series reaches the current round
    only if the player has a zero-point bye in it too (docs/burstein.md, reading 2): then the previous ones
    count; a player who plays again now has no such series."""
    return trailing_zero_point_byes(entrant.history) if zero_point_bye_in_current_round(entrant) else 0


def opposition_index(request: PairingInput) -> dict[int, tuple[float, float]]:
    """1.6: (Buchholz, Sonneborn-Berger) of every entrant.

    1.6.1.1 Buchholz: "the sum of the (current) scores of the opponents the player met". 1.6.1.2
    Sonneborn-Berger: "the sum of the products given by the points the player earned against each opponent
    times the (current) scores of that opponent". 1.6.2.1: "If a player does not play in a round, the round
    shall be considered as one in which that player played against himself getting the result ... that
    yields the same number of points as registered"; "Exception: if a player has a series of consecutive
    zero-point-byes up to the current round, each of the ones gathered in previous rounds, for the benefit of
    the player's actual over-the-board opponents, is considered as a draw". 1.6.2.2: virtual points of
    accelerations "shall be excluded": scores here are the registered points of the history only.
    """
    current = {p.number: sum(r.points for r in p.history) for p in request.players}
    seen_by_opponents = {
        p.number: current[p.number] + request.scoring.draw * byes_seen_as_draws(p) for p in request.players
    }
    index: dict[int, tuple[float, float]] = {}
    for player in request.players:
        buchholz = sonneborn_berger = 0.0
        for record in player.history:
            if record.played and record.opponent is not None and record.opponent in seen_by_opponents:
                opponent_score = seen_by_opponents[record.opponent]
            else:  # not played (or an opponent unknown to the input): a game against oneself
                opponent_score = current[player.number]
            buchholz += opponent_score
            sonneborn_berger += record.points * opponent_score
        index[player.number] = (buchholz, sonneborn_berger)
    return index


def contenders(request: PairingInput) -> list[Contender]:
    """The ACTIVE players in the 1.7 ranking order, with Article 1's data."""
    scores = pairing_scores(request)
    index = opposition_index(request)
    forbidden = forbidden_partners(request)
    players = [
        _contender(entrant, scores[entrant.number][request.round - 1], index[entrant.number], forbidden, request)
        for entrant in request.players
        if entrant.status is PlayerStatus.ACTIVE
    ]
    players.sort(key=lambda c: c.index_key)
    for rank, player in enumerate(players):
        player.rank = rank
    return players


def _contender(
    entrant: Entrant,
    score: float,
    index: tuple[float, float],
    forbidden: Mapping[int, set[int]],
    request: PairingInput,
) -> Contender:
    sides = played_sides(entrant.history)
    return Contender(
        number=entrant.number,
        tpn=entrant.pairing_number,
        score=score,
        sides=sides,
        preference=colour_preference(sides),
        games=len(sides),
        pab_eligible=eligible_for_pab(entrant, request.scoring),
        avoid=frozenset(played_opponents(entrant) | forbidden.get(entrant.number, set())),
        buchholz=index[0],
        sonneborn_berger=index[1],
    )


def compatible(a: Contender, b: Contender) -> bool:
    """[C1] "Two players shall not play against each other more than once" (and forbidden pairs); [C3] "Two
    players with the same absolute colour preference ... shall not meet"."""
    if b.number in a.avoid or a.number in b.avoid:
        return False
    colour = a.absolute_colour
    return colour is None or colour is not b.absolute_colour

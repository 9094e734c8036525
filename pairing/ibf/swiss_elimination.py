"""Swiss system with elimination after N losses: IBF Pairing Rules 1.4, 4.9 and 4.10. System name ``swiss-elimination``.

1.4: "Swiss System with elimination from the competition after a certain number of losses (N)."

4.9: "A player who has incurred N losses is eliminated from the competition and is not included in the
pairing for the subsequent round. The permissible number of losses is determined by the competition
regulations. The last remaining player is declared the winner."

4.10: "The remaining placements are determined by the following criteria in order of priority: - The
later round in which the player was eliminated from the competition; - The number of wins (a win against
a virtual opponent does not count). In case of tied results, the players share the respective
placements."

Readings (docs/research/tsh-backgammon-brackets.md §5.1 E1-E7, docs/backgammon-systems.md):

- E1: the rounds are paired by the 4.6 procedure (option ``pairing`` = ``coefficients``, the default) or
  by the 4.5 draw (``blind-draw``).
- E2: score groups by losses (fewest first), then wins for pairing (most first); within a group the 4.6
  order by ranking number (or the round's draw).
- E3: the plus goes to the lowest-ranked player of the worst group (most losses, fewest real wins,
  highest ranking number) who has had no walkover (4.1); E5: when everyone has had one, the fewest.
- E4: rematches only when unavoidable, as few as possible (2.1), before any other criterion.
- E6: a forfeit loss and an absence recorded as lost (4.2) count towards N; an excluded (4.3) or
  withdrawn player is eliminated in the round of their exclusion (``rank_withdrawn`` = ``with-eliminated``,
  the default, or ``last``).
- E7: "the later round" is the tournament round of the N-th loss.

Options: ``losses`` (N, default 3), ``pairing``, ``rank_withdrawn``, ``ranking`` and ``draw_seed`` (as in
4.6), ``forced_pairs``, ``grouping``, ``grouping_rounds`` (2.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pairing.ibf.blind_draw import round_order
from pairing.ibf.common import (
    Place,
    is_loss,
    losses,
    option_choice,
    option_int,
    real_wins,
    shared_places,
    wins,
)
from pairing.ibf.swiss import Procedure, SwissSystem, pair_round
from pairing.ibf.swiss_coefficients import parity_order, ranking_numbers, score_groups
from pairing.model import Decision, Entrant, NoValidPairing, PairingInput, PairingOutcome, PlayerStatus

ARTICLE = "4.9"
DEFAULT_LOSSES = 3
OUT = (PlayerStatus.WITHDRAWN, PlayerStatus.ELIMINATED)


def allowed_losses(request: PairingInput) -> int:
    """N of 4.9, from the regulations (option ``losses``)."""
    return option_int(request, "losses", DEFAULT_LOSSES, minimum=1)


def elimination_round(entrant: Entrant, limit: int) -> int | None:
    """The tournament round of the player's N-th loss (E7), or None while they have fewer."""
    count = 0
    for record in entrant.history:
        count += is_loss(record)
        if count >= limit:
            return record.round
    return None


def exclusion_round(entrant: Entrant) -> int:
    """For a withdrawn or excluded player: the round after the last one they took part in (E6)."""
    taking_part = [r.round for r in entrant.history if r.opponent is not None or r.bye is not None]
    return (max(taking_part) if taking_part else 0) + 1


def survivors(request: PairingInput, limit: int) -> list[Entrant]:
    """Players still in the competition: not withdrawn, excluded or eliminated, fewer than N losses."""
    return [p for p in request.players if p.status not in OUT and elimination_round(p, limit) is None]


def places(request: PairingInput) -> tuple[Place, ...]:
    """4.10 places as of the rounds in the histories. Players still in share the top places (while more
    than one remains, nothing is decided among them); the last remaining player is first."""
    limit = allowed_losses(request)
    withdrawn_last = option_choice(request, "rank_withdrawn", "with-eliminated", ("with-eliminated", "last")) == "last"
    keys: dict[int, tuple[float, ...]] = {}
    for player in request.players:
        eliminated = elimination_round(player, limit)
        if player.status in OUT and eliminated is None:
            eliminated = -1 if withdrawn_last else exclusion_round(player)
        if eliminated is None:
            keys[player.number] = (float("inf"), 0)
        else:
            keys[player.number] = (eliminated, real_wins(player))
    return shared_places(keys)


class SwissElimination:
    """The ``swiss-elimination`` system: IBF Pairing Rules 1.4, 4.9, 4.10."""

    name: ClassVar[str] = "swiss-elimination"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Articles 1.4, 4.9, 4.10"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` among the players with fewer than N losses."""
        limit = allowed_losses(request)
        left = survivors(request, limit)
        if len(left) == 1:
            raise NoValidPairing(
                f"the competition is over: player {left[0].number} is the last remaining player and is declared "
                "the winner (4.9)"
            )
        if not left:
            raise NoValidPairing("no player remains in the competition (4.9)")
        mode = option_choice(request, "pairing", "coefficients", ("coefficients", "blind-draw"))
        if mode == "coefficients":
            rank, notes = ranking_numbers(request)
            order = parity_order(rank, request.round)
            procedure = Procedure(article="4.6", halves=True)
        else:
            rank, notes = round_order(request)
            order = rank.__getitem__
            procedure = Procedure(article="4.5", halves=False)
        notes.append(
            Decision(ARTICLE, f"elimination after {limit} losses; {len(left)} player(s) remain; pairing by {mode}")
        )
        lost = {p.number: losses(p) for p in request.players}
        won = {p.number: wins(p) for p in request.players}
        real = {p.number: real_wins(p) for p in request.players}

        def standing(players: Sequence[int]) -> tuple[int, ...]:
            return tuple(sorted(players, key=lambda p: (lost[p], -real[p], rank[p])))

        def groups(players: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
            return score_groups(
                players,
                lambda p: (lost[p], -won[p]),
                lambda p: f"group {lost[p]} loss(es), {won[p]} win(s)",
                order,
            )

        system = SwissSystem(
            procedure=procedure,
            standing=standing,
            groups=groups,
            eligible=lambda entrant: elimination_round(entrant, limit) is None,
        )
        return pair_round(request, system, notes)

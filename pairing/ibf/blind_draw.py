"""Blind-draw Swiss: IBF Pairing Rules 4.5, with 4.1-4.4 and 2.1-2.2. System name ``blind-draw``.

4.5: ""Blind draw" or "random number" software. The software does not consider player rankings, even if
players have individual ratings. A draw is conducted before the competition begins. In the first round,
Player #1 plays against Player #2, Player #3 against Player #4, and so on. In subsequent rounds, pairings
are determined by a draw between players having the same number of points, or if none exist, the closest
number of points. The pairing process begins with the players having the highest number of points."

How: the draw before the event (seed ``draw_seed``) numbers the players #1, #2, ...; round 1 pairs them
in that order. From round 2, the players of each score group are put in the order of a new draw (the
round's seed) and paired in that order: the first remaining player meets the first remaining player in
the drawn order whom they have not met; an odd group's last drawn player moves to the next score group
(the "closest number of points") and meets its first drawn player possible. Backtracking, further floats
and unavoidable rematches as in `pairing/ibf/swiss.py`. The plus of an odd field (4.4) goes to the last
player of the standings, which here are points, then the round's draw (round 1: #n, the last drawn).

Options: ``draw_seed`` (the draw before the event), ``forced_pairs``, ``grouping``, ``grouping_rounds`` (2.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pairing.ibf.common import drawn, event_seed, pairing_score
from pairing.ibf.swiss import Procedure, SwissSystem, pair_round
from pairing.ibf.swiss_coefficients import score_groups
from pairing.model import Decision, PairingInput, PairingOutcome

ARTICLE = "4.5"
PROCEDURE = Procedure(article=ARTICLE, halves=False)


def draw_numbers(request: PairingInput) -> tuple[dict[int, int], list[Decision]]:
    """Player number -> number drawn before the event (#1 first), and the explanation of the draw."""
    seed, warning = event_seed(request)
    ordered = sorted(request.players, key=lambda p: (p.pairing_number, p.number))
    order = drawn((p.number for p in ordered), seed, "4.5 draw")
    numbers = {player: position for position, player in enumerate(order, 1)}
    notes = [warning] if warning is not None else []
    listed = " ".join(f"#{n}:{p}" for p, n in numbers.items())
    how = f"seed {seed}" if seed is not None else "pairing numbers"
    notes.append(Decision(ARTICLE, f"draw before the event ({how}), ratings not considered: {listed}"))
    return numbers, notes


def round_order(request: PairingInput) -> tuple[dict[int, int], list[Decision]]:
    """The order the draw gives the players this round: the pre-event numbers in round 1, a fresh draw
    with the round's seed afterwards."""
    if request.round == 1:
        return draw_numbers(request)
    order = drawn((p.number for p in request.players), request.seed, f"4.5 round {request.round}")
    numbers = {player: position for position, player in enumerate(order, 1)}
    return numbers, [Decision(ARTICLE, f"draw among equal scores for round {request.round} (seed {request.seed})")]


class BlindDraw:
    """The ``blind-draw`` system: IBF Pairing Rules 4.5."""

    name: ClassVar[str] = "blind-draw"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 4.5"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round`. The same request (seeds included) always gives the same outcome."""
        lot, notes = round_order(request)
        score = {p.number: pairing_score(p, request.scoring) for p in request.players}

        def standing(players: Sequence[int]) -> tuple[int, ...]:
            return tuple(sorted(players, key=lambda p: (-score[p], lot[p])))

        def groups(players: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
            return score_groups(players, lambda p: -score[p], lambda p: f"score group {score[p]:g}", lot.__getitem__)

        system = SwissSystem(procedure=PROCEDURE, standing=standing, groups=groups)
        return pair_round(request, system, notes)

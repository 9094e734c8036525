"""Swiss system by individual coefficients: IBF Pairing Rules 4.6 ("Pairing System Using Only Individual Player
Coefficients"), with 4.1-4.4 (walkovers, exclusions, the plus) and 2.1-2.2. System name ``ibf-swiss``.

4.6: "Before the first round, all players are ranked. Ranking may be done with or without considering
ratings. Players with ratings are placed in descending order of their rating. Players with identical
ratings are ranked by draw. Following them, players without ratings are placed and are also ranked by
draw. The assigned ranking number from the first round remains with the player for the entire
competition."

"Players ranked in this manner are divided into two groups. In the first round, the first player from the
top group plays against the first player from the second group, the second player from the first group
plays against the second player from the second group, and so on."

"Before the second round, players are divided into score groups, and within these score groups, they are
arranged based on their ranking numbers from the first round. In all odd-numbered rounds, players are
ranked in ascending order of their ranking numbers (i.e., the player with the lower ranking number is
placed higher), while in even-numbered rounds, they are ranked in descending order."

Round 1 is the same procedure on one score group (everyone on 0, an odd round, so ascending): its halves
are the "two groups". The rest of the procedure is in `pairing/ibf/swiss.py`.

Options: ``ranking`` = ``rating`` (default), ``draw`` (ranking "without considering ratings": all by draw)
or ``pairing-number`` (the pairing numbers are the ranking, e.g. drawn by the arbiter); ``draw_seed``, the
seed of the draw before the event; ``forced_pairs``, ``grouping``, ``grouping_rounds`` (2.2). A rating of 0
means unrated. Score: points from the history, a match against a virtual opponent counting as a win (4.6:
"When conducting the pairing, a match against a virtual opponent counts as a win").

Deviations: none; readings of the text in docs/backgammon-systems.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import groupby
from typing import ClassVar

from pairing.ibf.common import drawn, event_seed, option_choice, pairing_score
from pairing.ibf.swiss import Procedure, SwissSystem, pair_round
from pairing.model import Decision, PairingInput, PairingOutcome

ARTICLE = "4.6"
PROCEDURE = Procedure(article=ARTICLE, halves=True)
RANKINGS = ("rating", "draw", "pairing-number")


def ranking_numbers(request: PairingInput) -> tuple[dict[int, int], list[Decision]]:
    """Player number -> 4.6 ranking number (1 = first), for every entrant, and how it was drawn.

    The same in every round as long as the ratings and the draw seed are (4.6: "The assigned ranking number
    from the first round remains with the player for the entire competition").
    """
    method = option_choice(request, "ranking", "rating", RANKINGS)
    players = sorted(request.players, key=lambda p: (p.pairing_number, p.number))
    notes: list[Decision] = []
    if method == "pairing-number":
        order = [p.number for p in players]
        notes.append(Decision(ARTICLE, "ranking numbers: the pairing numbers, as assigned for the event"))
    else:
        seed, warning = event_seed(request)
        if warning is not None:
            notes.append(warning)
        rated = [p for p in players if p.rating > 0] if method == "rating" else []
        unrated = [p for p in players if p not in rated]
        order = []
        for _, same in groupby(sorted(rated, key=lambda p: -p.rating), key=lambda p: p.rating):
            order.extend(drawn((p.number for p in same), seed, "4.6 ranking"))
        order.extend(drawn((p.number for p in unrated), seed, "4.6 ranking"))
        how = (
            "rated players by rating, equal ratings by draw, then the unrated by draw"
            if method == "rating"
            else "by draw, without considering ratings"
        )
        notes.append(Decision(ARTICLE, f"ranking numbers {how} (draw seed {seed})"))
    numbers = {player: rank for rank, player in enumerate(order, 1)}
    notes.append(Decision(ARTICLE, "ranking: " + " ".join(f"{rank}:{p}" for p, rank in numbers.items())))
    return numbers, notes


def score_groups(
    players: Sequence[int], key: Callable[[int], object], label: Callable[[int], str], order: Callable[[int], object]
) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
    """Players grouped by equal `key` (groups in ascending key order), each group sorted by `order`."""
    ranked = sorted(players, key=key)
    groups = []
    labels = []
    for _, members in groupby(ranked, key=key):
        group = tuple(sorted(members, key=order))
        groups.append(group)
        labels.append(label(group[0]))
    return tuple(groups), tuple(labels)


def parity_order(rank: Mapping[int, int], round_number: int) -> Callable[[int], int]:
    """4.6: ascending ranking numbers in odd rounds, descending in even rounds."""
    return (lambda p: rank[p]) if round_number % 2 else (lambda p: -rank[p])


class SwissByCoefficients:
    """The ``ibf-swiss`` system: IBF Pairing Rules 4.6."""

    name: ClassVar[str] = "ibf-swiss"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 4.6"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round`. The same request always gives the same outcome."""
        rank, notes = ranking_numbers(request)
        score = {p.number: pairing_score(p, request.scoring) for p in request.players}
        order = parity_order(rank, request.round)
        direction = "ascending" if request.round % 2 else "descending"
        notes.append(Decision(ARTICLE, f"round {request.round}: score groups by {direction} ranking number"))

        def standing(players: Sequence[int]) -> tuple[int, ...]:
            return tuple(sorted(players, key=lambda p: (-score[p], rank[p])))

        def groups(players: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
            return score_groups(players, lambda p: -score[p], lambda p: f"score group {score[p]:g}", order)

        system = SwissSystem(procedure=PROCEDURE, standing=standing, groups=groups)
        return pair_round(request, system, notes)

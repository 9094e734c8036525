"""IBF Pairing Rules 4.7: tie-break credits for a plus and for a withdrawn opponent."""

from __future__ import annotations

import pytest

from pairing.ibf.credits import bye_credit, coefficients, withdrawn_score
from pairing.model import PlayerStatus
from tests.pairing.ibf.support import build


def test_4_7_plus_credited_with_the_smallest_score_of_any_player() -> None:
    """4.7: "for this "plus," they are credited with the smallest number of points scored by any player in the
    given competition"."""
    history = [[(1, 2, 1), (3, 4, 3), 5], [(1, 3, 1), (2, 5, 5), 4]]
    players = build(range(1, 6), history)
    assert bye_credit(players) == 0.0  # player 2 lost both
    coefficient = coefficients(players)
    # 5: the plus (credit 0) and opponent 2 (0 points)
    assert coefficient[5] == 0.0
    # 4: opponent 3 (1 point) and the plus (0)
    assert coefficient[4] == 1.0


def test_4_7_withdrawn_opponent_scored_at_the_average_of_their_score_group() -> None:
    """4.7: "If an opponent turns out to be a player who has withdrawn from the competition, it is considered
    that in the remaining games, they would have scored a number of points equal to the average result of
    those players with whom they were in the same score group at the time of withdrawal." 6 withdraws after
    round 1 on 1 point; 1 and 3 were on 1 point too and end on 3 and 2: 6 counts 1 + (2 + 1) / 2 = 2.5."""
    history = [
        [(1, 2, 1), (3, 4, 3), (6, 5, 6)],
        [(1, 3, 1), (2, 4, 2)],
        [(1, 4, 1), (3, 2, 3)],
    ]
    players = build(range(1, 7), history, statuses={6: PlayerStatus.WITHDRAWN})
    six = next(p for p in players if p.number == 6)
    assert withdrawn_score(players, six) == pytest.approx(2.5)
    assert coefficients(players)[5] == pytest.approx(2.5)

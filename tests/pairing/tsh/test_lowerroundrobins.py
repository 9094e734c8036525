"""Lower round robins: tsh `LowerRoundRobins starting-rank rounds` (rules text; research notes 2.8)."""

from __future__ import annotations

from collections import Counter

from pairing.tsh.lowerroundrobins import LowerRoundRobins, lower_groups
from tests.pairing.tsh.builders import pairs, player, request, simulate


def test_lrr_41_3_groups_of_four_from_rank_41():
    """Rules text: "if you want players to play three-round round robins in groups of four if they are ranked
    41st or below in Division B, use the command 'lrr 41 3 b'": here 12 players, lrr 5 3."""
    players = [player(n) for n in range(1, 13)]
    _, outcomes = simulate(LowerRoundRobins(), players, 3, start_rank="5", rounds="3", first_round="1")
    lower = Counter(p for o in outcomes for p in pairs(o) if min(p) >= 5)
    groups = [set(range(5, 9)), set(range(9, 13))]
    assert len(lower) == 12 and set(lower.values()) == {1}
    assert all(any(set(p) <= g for g in groups) for p in lower)
    upper = [p for o in outcomes for p in pairs(o) if max(p) <= 4]
    assert len(upper) == 6  # the top four play King of the Hill among themselves


def test_lrr_groups_stay_the_same_in_later_rounds():
    """Groups come from the standings before the first lower round robin round."""
    players = [player(n) for n in range(1, 9)]
    after, outcomes = simulate(LowerRoundRobins(), players, 2, start_rank="1", rounds="3", first_round="1")
    third = LowerRoundRobins().pair(request(after, 3, start_rank="1", rounds="3", first_round="1"))
    met = Counter(p for o in [*outcomes, third] for p in pairs(o))
    assert set(met.values()) == {1} and len(met) == 12


def test_lrr_leftover_players():
    """Our reading: leftovers of at least half a group form their own group, fewer join the last."""
    assert lower_groups(list(range(10)), 4) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert lower_groups(list(range(9)), 4) == [[0, 1, 2, 3], [4, 5, 6, 7, 8]]

"""Team round robin: tsh `teamroundrobin repeats division` (rules text; research notes 2.8)."""

from __future__ import annotations

from collections import Counter

import pytest

from pairing.model import NoValidPairing
from pairing.tsh.teamroundrobin import TeamRoundRobin
from tests.pairing.tsh.builders import pairs, player, request, simulate


def teams(count: int, size: int) -> list:
    return [player(t * size + i + 1, team=f"T{t + 1}") for t in range(count) for i in range(size)]


def test_trr_every_player_plays_every_member_of_every_other_team():
    """Rules text: "each player to play every player on every other team": 4 teams of 3, 9 rounds."""
    players = teams(4, 3)
    _, outcomes = simulate(TeamRoundRobin(), players, 9)
    team = {p.number: p.team for p in players}
    met = Counter(p for o in outcomes for p in pairs(o))
    assert all(len({team[a] for a in p}) == 2 for p in met)
    assert len(met) == 4 * 3 * 9 // 2 and set(met.values()) == {1}


def test_trr_twice():
    """Rules text: "if you want the teams in division C to play each other twice, use the command 'trr 2 c'"."""
    _, outcomes = simulate(TeamRoundRobin(), teams(2, 2), 4, times="2")
    met = Counter(p for o in outcomes for p in pairs(o))
    assert set(met.values()) == {2} and len(met) == 4


def test_trr_needs_an_even_number_of_teams_of_equal_size():
    """Rules text: "If you have an even number of teams of equal size"."""
    with pytest.raises(NoValidPairing, match="even number of teams"):
        TeamRoundRobin().pair(request(teams(3, 2), 1))
    uneven = [*teams(2, 2), player(5, team="T1"), player(6, team="T1")]
    with pytest.raises(NoValidPairing, match="equal size"):
        TeamRoundRobin().pair(request(uneven, 1))

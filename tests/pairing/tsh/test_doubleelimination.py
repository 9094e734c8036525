"""tsh's double elimination (rules text "Double elimination pairings"; research notes 2.8)."""

from __future__ import annotations

from pairing.tsh.doubleelimination import DoubleElimination
from tests.pairing.tsh.builders import decision_for, pairs, player, record, request, seated, simulate


def test_de_contenders_paired_within_win_groups_others_koth():
    """Rules text: "They pair contenders randomly within win group; noncontenders are paired KOTH with minimal
    repeats. Players are removed from pairings after their second loss"."""
    players = [
        player(1, record(2, 0, 200)),
        player(2, record(2, 0, 100)),
        player(3, record(1, 1, 50)),
        player(4, record(1, 1, 0)),
        player(5, record(0, 2, -100)),
        player(6, record(0, 2, -200)),
    ]
    outcome = DoubleElimination().pair(request(players, 3))
    assert pairs(outcome) == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    assert decision_for(outcome, 5, 6).article == "KOTH"
    assert decision_for(outcome, 1, 2).article == "DE"
    assert "win group 2: drawn at random" in decision_for(outcome, 1, 2).text


def test_de_alternate_evens_the_contenders():
    """Rules text: "an alternate player is included whenever the total number of players would otherwise be
    odd": three contenders, the best-ranked non-contender joins them (or the `alternate` option)."""
    players = [
        player(1, record(2, 0, 200)),
        player(2, record(1, 1, 100)),
        player(3, record(1, 1, 50)),
        player(4, record(0, 2, -100)),
        player(5, record(0, 2, -200)),
        player(6, record(0, 2, -300)),
    ]
    outcome = DoubleElimination().pair(request(players, 3, seed=3))
    contenders = {p for pair in pairs(outcome) if pair & {1, 2, 3} for p in pair}
    assert contenders == {1, 2, 3, 4}
    chosen = DoubleElimination().pair(request(players, 3, alternate="6"))
    assert {p for pair in pairs(chosen) if pair & {1, 2, 3} for p in pair} == {1, 2, 3, 6}


def test_de_random_within_the_group_is_stable():
    players = [player(n) for n in range(1, 9)]
    first = DoubleElimination().pair(request(players, 1, seed=11))
    assert first == DoubleElimination().pair(request(players, 1, seed=11))


def test_de_runs_to_the_end():
    """Simulated event: everyone is seated every round, at most one bye."""
    _, outcomes = simulate(DoubleElimination(), [player(n) for n in range(1, 12)], 8)
    for outcome in outcomes:
        assert sorted(seated(outcome)) == list(range(1, 12))
        assert len(outcome.byes) == 1

"""Quartile pairings: tsh `PairQuartiles quartile repeats based-on-round` (docs/rules/tsh-pairing-systems.txt;
docs/research/tsh-backgammon-brackets.md §2.5)."""

from __future__ import annotations

from pairing.tsh.pairquartiles import PairQuartiles, quartile_of
from tests.pairing.tsh.builders import pairs, player, request


def quartiles(outcome, size):
    index = {n: n - 1 for n in range(1, size + 1)}  # pretournament order is by number
    return {frozenset((quartile_of(index[b.first], size), quartile_of(index[b.second], size))) for b in outcome.boards}


def test_pq4_top_quartile_against_the_bottom():
    """Rules text: "to ask for the top quartile to be paired with the bottom ... 'pq 4 0 12 b'": T_4 = [3,2,1,0]:
    1st against 4th, 2nd against 3rd."""
    outcome = PairQuartiles().pair(request([player(n) for n in range(1, 17)], 1, quartile="4"))
    assert quartiles(outcome, 16) == {frozenset((0, 3)), frozenset((1, 2))}


def test_pq2_and_pq3_designated_quartiles():
    """T_2 = [1,0,3,2]: 1st against 2nd, 3rd against 4th; T_3 = [2,3,0,1]: 1st against 3rd, 2nd against 4th."""
    players = [player(n) for n in range(1, 17)]
    assert quartiles(PairQuartiles().pair(request(players, 1, quartile="2")), 16) == {
        frozenset((0, 1)),
        frozenset((2, 3)),
    }
    assert quartiles(PairQuartiles().pair(request(players, 1, quartile="3")), 16) == {
        frozenset((0, 2)),
        frozenset((1, 3)),
    }


def test_pq_draws_at_random_within_the_quartile():
    """docs/rules/tsh-pairing-systems.txt, Quartile pairings: "pair the top quartile of the field at random
    against a designated other quartile". With every seed each board joins a player of quartile q with one of
    T_4[q] (1st against 4th, 2nd against 3rd, the default designation), and who meets whom within those
    quartiles is the draw: it changes with the seed."""
    players = [player(n) for n in range(1, 17)]
    outcomes = [PairQuartiles().pair(request(players, 1, seed=seed)) for seed in range(6)]
    for outcome in outcomes:
        assert quartiles(outcome, 16) == {frozenset((0, 3)), frozenset((1, 2))}
        assert len(outcome.boards) == 8
    assert len({frozenset(pairs(outcome)) for outcome in outcomes}) > 1


def test_pq_with_two_players_pairs_them():
    """docs/research/tsh-backgammon-brackets.md §2.5: "With exactly 2 players they are simply paired"."""
    assert pairs(PairQuartiles().pair(request([player(1), player(2)], 1))) == {frozenset((1, 2))}

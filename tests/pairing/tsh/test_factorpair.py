"""Factored pairings: tsh `FactorPair distance repeats based-on-round` and `Pair1324` = `fp 2`
(rules text; research notes 2.4)."""

from __future__ import annotations

from pairing.tsh.factorpair import FactorPair
from tests.pairing.tsh.builders import game, pairs, player, request


def test_pair1324_is_fp_2():
    """Rules text: "The 'Pair1324' command is a synonym for 'fp 2'": 1-3, 2-4, then 5-7, 6-8."""
    outcome = FactorPair().pair(request([player(n) for n in range(1, 9)], 1))
    assert pairs(outcome) == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    assert "FP 2 (Pair1324)" in outcome.explanation[0].text


def test_fp_optimum_rank_separation_is_the_factor():
    """Rules text: "the optimum rank separation of players is some fixed number (the factor)": FP 3 on 6 players
    gives 1-4, 2-5, 3-6."""
    outcome = FactorPair().pair(request([player(n) for n in range(1, 7)], 1, factor="3"))
    assert pairs(outcome) == {frozenset(p) for p in ((1, 4), (2, 5), (3, 6))}


def test_fp_nearest_to_the_optimum_avoiding_a_consecutive_repeat():
    """Rules text: "tsh will look for the nearest available player(s) to the optimum opponent(s), breaking ties
    to avoid consecutive repeats": 1 and 3 have met twice (not allowed with repeats 1), so 1's
    nearest to the optimum are 2 and 4, one place off; 1 met 2 last round, so 1 plays 4."""
    tie = (400, 400)
    history = {
        1: [game(1, 3, *tie), game(2, 3, *tie), game(3, 2, *tie)],
        2: [game(1, 5, *tie), game(2, 6, *tie), game(3, 1, *tie)],
        3: [game(1, 1, *tie), game(2, 1, *tie), game(3, 4, *tie)],
        4: [game(1, 6, *tie), game(2, 5, *tie), game(3, 3, *tie)],
        5: [game(1, 2, *tie), game(2, 4, *tie), game(3, 6, *tie)],
        6: [game(1, 4, *tie), game(2, 2, *tie), game(3, 5, *tie)],
    }
    players = [player(n, history[n]) for n in range(1, 7)]
    outcome = FactorPair().pair(request(players, 4, repeats="1"))
    assert frozenset((1, 4)) in pairs(outcome)
    board = next(
        d.text for d in outcome.explanation if d.text.startswith("board") and ("1-4" in d.text or "4-1" in d.text)
    )
    assert "nearest available to the optimum" in board
    assert "1-3 would be a 3rd meeting (repeats allowed: 1)" in board

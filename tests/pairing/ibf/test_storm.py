"""IBF Pairing Rules 1.9 ("Storm"), in the reading of research note O8."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.storm import Storm, fibs_change, ratings, standings
from pairing.model import Board, NoValidPairing
from tests.pairing.ibf.support import build, check_round, entrant, pairs, play, request

ENGINE = Storm()


def ask(players, round_number, **options):
    return request("storm", players, round_number, total_rounds=5, options={"draw_seed": "1", **options})


def test_fibs_formula() -> None:
    """O8: P_upset = 1 / (10^(D·√n/2000) + 1); the winner gains 4·K·√n·P, P = P_upset if the favourite wins."""
    assert fibs_change(1500, 1500, 3) == pytest.approx(2 * math.sqrt(3))
    favourite = fibs_change(1700, 1500, 5)
    underdog = fibs_change(1500, 1700, 5)
    upset = 1 / (10 ** (200 * math.sqrt(5) / 2000) + 1)
    assert favourite == pytest.approx(4 * math.sqrt(5) * upset)
    assert underdog == pytest.approx(4 * math.sqrt(5) * (1 - upset))
    assert underdog > favourite


def test_1_9_everyone_starts_at_the_same_rating() -> None:
    """1.9: "players start with the same initial rating, as established by the competition rules"."""
    players = [entrant(n, rating=1000 + 100 * n) for n in range(1, 5)]
    assert set(ratings(ask(players, 1)).values()) == {1500.0}
    assert set(ratings(ask(players, 1, initial_rating="1000")).values()) == {1000.0}


def test_o8_ratings_move_by_the_fibs_formula_per_match_length() -> None:
    """O8: after round 1 (5-point matches) winners have 1500 + 2·√5, losers 1500 - 2·√5."""
    players = build(range(1, 5), [[(1, 3, 1), (2, 4, 4)]])
    rating = ratings(ask(players, 2, match_lengths="5,7"))
    assert rating[1] == pytest.approx(1500 + 2 * math.sqrt(5)) == rating[4]
    assert rating[3] == pytest.approx(1500 - 2 * math.sqrt(5)) == rating[2]


def test_o8_round_1_top_half_against_bottom_half_then_by_rating_groups() -> None:
    """O8: pairing by current rating. Round 1: one group (all equal), top half against bottom half by ranking
    number; round 2: the winners (same rating) meet each other, the losers each other."""
    players = [entrant(n, rating=2000 - n) for n in range(1, 7)]
    first = ENGINE.pair(ask(players, 1))
    assert first.boards == (Board(1, 4), Board(2, 5), Board(3, 6))
    after = build({n: 2000 - n for n in range(1, 7)}, [[(1, 4, 1), (2, 5, 5), (3, 6, 3)]])
    second = ENGINE.pair(ask(after, 2))
    winners = {1, 5, 3}
    assert sum(len(pair & winners) == 2 for pair in pairs(second)) == 1  # three winners: one pair and a float


def test_o8_standings_by_final_rating_then_wins() -> None:
    """O8: "Standings = final rating, then wins, then head-to-head"."""
    players = build(range(1, 5), [[(1, 3, 1), (2, 4, 4)], [(1, 4, 1), (3, 2, 3)]])
    table = standings(ask(players, 3))
    assert table[0].player == 1
    assert table[0].place == "1" and table[-1].player == 2


def test_o8_fixed_number_of_rounds() -> None:
    """O8: a fixed number of rounds (the tournament's)."""
    with pytest.raises(NoValidPairing, match="Storm has 5 round"):
        ENGINE.pair(ask([entrant(n) for n in range(1, 5)], 6))


@settings(max_examples=20)
@given(size=st.integers(2, 12), luck=st.integers(0, 10**6))
def test_property_storm_invariants(size, luck) -> None:
    """Every active player once, at most one plus, no avoidable rematch (2.1)."""
    rng = random.Random(luck)
    players = [entrant(n) for n in range(1, size + 1)]
    for asked, outcome in play(ENGINE, players, 5, lambda r, b: rng.random() < 0.5, options={"draw_seed": "2"}):
        check_round(asked, outcome)

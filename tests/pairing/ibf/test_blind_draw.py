"""IBF Pairing Rules 4.5 (blind draw): hand-made cases and properties."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.blind_draw import BlindDraw
from pairing.ibf.common import draw_key, pairing_score
from pairing.model import Board, PlayerStatus, Scoring
from tests.pairing.ibf.support import build, check_round, entrant, pairs, play, request

ENGINE = BlindDraw()


def lots(players, seed, purpose):
    return sorted(players, key=lambda p: draw_key(seed, purpose, p))


def test_4_5_round_1_drawn_numbers_1_2_3_4_ratings_ignored() -> None:
    """4.5: "The software does not consider player rankings, even if players have individual ratings. A draw
    is conducted before the competition begins. In the first round, Player #1 plays against Player #2, Player
    #3 against Player #4, and so on.\""""
    rated = [entrant(n, rating=2500 - 100 * n) for n in range(1, 7)]
    unrated = [entrant(n) for n in range(1, 7)]
    order = lots(range(1, 7), 11, "4.5 draw")
    expected = (Board(order[0], order[1]), Board(order[2], order[3]), Board(order[4], order[5]))
    for players in (rated, unrated):
        outcome = ENGINE.pair(request("blind-draw", players, 1, options={"draw_seed": "11"}))
        assert outcome.boards == expected


def test_4_5_the_draw_is_reproducible_from_the_recorded_seed() -> None:
    """Issue 7: "the draw is reproducible from a seed recorded in the ledger"."""
    players = [entrant(n) for n in range(1, 11)]
    first = ENGINE.pair(request("blind-draw", players, 1, options={"draw_seed": "5"}))
    again = ENGINE.pair(request("blind-draw", players, 1, options={"draw_seed": "5"}))
    assert first == again
    others = {ENGINE.pair(request("blind-draw", players, 1, options={"draw_seed": str(s)})).boards for s in range(5)}
    assert len(others) > 1


def test_4_5_odd_field_plus_to_the_last_drawn() -> None:
    """4.4 with 4.5: the plus goes to the player ranked last, here the last number drawn."""
    players = [entrant(n) for n in range(1, 6)]
    outcome = ENGINE.pair(request("blind-draw", players, 1, options={"draw_seed": "2"}))
    assert [b.player for b in outcome.byes] == [lots(range(1, 6), 2, "4.5 draw")[-1]]


def test_4_5_later_rounds_draw_among_equal_scores_from_the_top() -> None:
    """4.5: "In subsequent rounds, pairings are determined by a draw between players having the same number of
    points ... The pairing process begins with the players having the highest number of points." Winners of
    round 1 meet winners, in the order of the round's draw: the first drawn meets the next drawn."""
    players = build(range(1, 9), [[(1, 2, 1), (3, 4, 3), (5, 6, 5), (7, 8, 7)]])
    asked = request("blind-draw", players, 2, seed=40, options={"draw_seed": "1"})
    outcome = ENGINE.pair(asked)
    winners = lots([1, 3, 5, 7], 40, "4.5 round 2")
    losers = lots([2, 4, 6, 8], 40, "4.5 round 2")
    expected = {frozenset(winners[:2]), frozenset(winners[2:]), frozenset(losers[:2]), frozenset(losers[2:])}
    assert pairs(outcome) == expected
    assert [pairing_score(asked.player(b.first), Scoring()) for b in outcome.boards] == [1, 1, 0, 0]


def test_4_5_odd_score_group_meets_the_closest_number_of_points() -> None:
    """4.5: "... or if none exist, the closest number of points": of the three 2-point players the first two
    drawn meet; the third meets the first drawn 1-point player it has not met, not a 0-point player."""
    history = [
        [(1, 2, 1), (3, 4, 3), (5, 6, 5), (7, 8, 8)],
        [(1, 3, 1), (5, 2, 5), (8, 4, 8), (6, 7, 6)],
    ]
    asked = request("blind-draw", build(range(1, 9), history), 3, seed=8, options={"draw_seed": "1"})
    outcome = ENGINE.pair(asked)
    top = lots([1, 5, 8], 8, "4.5 round 3")
    assert frozenset(top[:2]) in pairs(outcome)
    met = {1: {2, 3}, 5: {6, 2}, 8: {7, 4}}[top[2]]
    closest = next(p for p in lots([3, 6], 8, "4.5 round 3") if p not in met)
    assert frozenset((top[2], closest)) in pairs(outcome)


@settings(max_examples=30)
@given(size=st.integers(2, 13), rounds=st.integers(1, 6), luck=st.integers(0, 10**6))
def test_property_blind_draw_invariants(size, rounds, luck) -> None:
    """Every active player once, at most one plus, no avoidable rematch (2.1), in every round."""
    rng = random.Random(luck)
    players = [entrant(n) for n in range(1, size + 1)]

    def status(round_number, player):
        return PlayerStatus.ABSENT if rng.random() < 0.05 else PlayerStatus.ACTIVE

    for asked, outcome in play(ENGINE, players, rounds, lambda r, b: rng.random() < 0.5, status=status):
        check_round(asked, outcome)


def test_without_a_draw_seed_pairing_numbers_stand_in_and_the_explanation_says_so() -> None:
    """No ``draw_seed``: no draw; the pairing-number order is used, the same in every round, and flagged."""
    players = [entrant(n, pairing_number=7 - n) for n in range(1, 7)]
    outcome = ENGINE.pair(request("blind-draw", players, 1))
    assert outcome.boards == (Board(6, 5), Board(4, 3), Board(2, 1))
    assert any(not d.satisfied and "draw_seed" in d.text for d in outcome.explanation)

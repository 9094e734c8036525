"""Round robins: tsh `rr n` (rules text "Round Robin"; research notes 2.8)."""

from __future__ import annotations

from collections import Counter

import pytest

from pairing.model import NoValidPairing
from pairing.tsh.roundrobin import RoundRobin
from tests.pairing.tsh.builders import pairs, player, simulate


def meetings_by_round(size: int, rounds: int, **options: str) -> list[set[frozenset[int]]]:
    _, outcomes = simulate(RoundRobin(), [player(n) for n in range(1, size + 1)], rounds, **options)
    return [pairs(o) for o in outcomes]


def test_rr_every_player_plays_every_other_player_once():
    """Rules text: "In Round Robin (RR) pairings, every player plays every other player once"."""
    rounds = meetings_by_round(6, 5)
    met = Counter(p for r in rounds for p in r)
    assert len(met) == 15 and set(met.values()) == {1}


def test_rr_odd_field_each_player_has_one_bye():
    """Seven players: seven rounds, each player sits out once (the empty top seat of the table)."""
    _, outcomes = simulate(RoundRobin(), [player(n) for n in range(1, 8)], 7)
    byes = Counter(b.player for o in outcomes for b in o.byes)
    assert byes == Counter(range(1, 8))
    assert "the seat opposite (8) is empty" in next(
        d.text for d in outcomes[0].explanation if d.article == "RR" and "bye" in d.text
    )


def test_rr_twice_consecutive_plays_the_same_opponent_twice_in_a_row():
    """Rules text: "either with players playing the same opponent consecutively, or interleaved (where one RR is
    completed before the next one begins)": consecutive is the default."""
    rounds = meetings_by_round(4, 6, times="2")
    assert rounds[0] == rounds[1] and rounds[2] == rounds[3] and rounds[4] == rounds[5]
    assert len({frozenset(r) for r in rounds}) == 3


def test_rr_twice_interleaved_completes_one_round_robin_first():
    """Rules text: "If you want interleaved RR pairings, use config interleave_rr = 1"."""
    rounds = meetings_by_round(4, 6, times="2", interleave="yes")
    assert rounds[:3] == rounds[3:]
    assert len({frozenset(r) for r in rounds[:3]}) == 3


def test_rr_order_can_be_overridden():
    """Rules text: "config round_robin_order = [2,3,4,5,6,7,8,9,10]": the table's rounds in that order."""
    plain = meetings_by_round(4, 3)
    reordered = meetings_by_round(4, 3, round_robin_order="3,1,2")
    assert reordered == [plain[2], plain[0], plain[1]]
    random_order = meetings_by_round(6, 5, random_rr_order="yes")
    assert random_order != meetings_by_round(6, 5)
    assert {frozenset(r) for r in random_order} == {frozenset(r) for r in meetings_by_round(6, 5)}


def test_rr_past_the_last_round_is_refused():
    with pytest.raises(NoValidPairing, match="not in the round robin"):
        simulate(RoundRobin(), [player(n) for n in range(1, 5)], 4)

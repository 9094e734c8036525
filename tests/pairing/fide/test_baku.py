"""Baku acceleration (FIDE C.04.7, digest docs/research/fide/07-baku-acceleration.md), as the Dutch
engine applies it with the option ``acceleration=baku``.

GA is "the first half of the players, rounded up to the nearest even number" (|GA| = 2 ceil(N/4)); in
the first half (rounded up) of the accelerated rounds, ceil(R/2), every GA player has the points of a
win added to their pairing score, so round 1 pairs GA within itself and GB within itself.
"""

from __future__ import annotations

import pytest

from pairing.matching import available_backends
from pairing.model import Entrant, PairingInput
from pairing.registry import engine_for

pytestmark = pytest.mark.skipif(
    not available_backends(), reason="no matching backend: build pairing/_native or install networkx"
)


def _round_one(players: int, options: tuple[tuple[str, str], ...]) -> set[frozenset[int]]:
    entrants = tuple(
        Entrant(number=n, pairing_number=n, name=f"P{n}", rating=2600 - 10 * n) for n in range(1, players + 1)
    )
    request = PairingInput(system="dutch", round=1, total_rounds=9, players=entrants, options=options)
    outcome = engine_for("dutch").pair(request)
    return {frozenset((board.first, board.second)) for board in outcome.boards}


def test_c04_7_baku_round_one_pairs_group_a_and_group_b_apart() -> None:
    """12 players: |GA| = 2 ceil(12/4) = 6, so GA = 1..6 (one virtual point each) pairs 1-4, 2-5, 3-6 and
    GB = 7..12 pairs 7-10, 8-11, 9-12, where without acceleration 1-7, 2-8, ... 6-12 meet."""
    plain = {frozenset((n, n + 6)) for n in range(1, 7)}
    assert _round_one(12, ()) == plain
    accelerated = {frozenset(pair) for pair in ((1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12))}
    assert _round_one(12, (("acceleration", "baku"),)) == accelerated


def test_c04_7_group_a_is_rounded_up_to_an_even_number() -> None:
    """10 players: |GA| = 2 ceil(10/4) = 6 (half of 10 is 5, rounded up to the even 6): GA = 1..6 pairs
    1-4, 2-5, 3-6, and GB = 7..10 pairs 7-9, 8-10."""
    accelerated = {frozenset(pair) for pair in ((1, 4), (2, 5), (3, 6), (7, 9), (8, 10))}
    assert _round_one(10, (("acceleration", "baku"),)) == accelerated

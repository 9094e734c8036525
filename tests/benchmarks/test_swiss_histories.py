"""The Swiss history generator of the benchmarks (benchmarks/swiss_histories.py) and the Dutch engine
on its 5,000-player round: the basic rules of C.04.1 (docs/research/fide/01-C0401-basic-rules-swiss.md)."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from attrs import evolve

from benchmarks.swiss_histories import pairing_input, round_violations, swiss_history, trf_document, trf_text
from pairing.criteria.basic_rules import played_sides
from pairing.model import Board
from pairing.registry import engine_for
from pairing.trf import parse
from pairing.trf.convert import outcome_from_round, to_pairing_input

SLOW = os.environ.get("ARBITER_SLOW_TESTS") == "1"


@pytest.mark.parametrize("players", [200, 201])
def test_every_generated_round_keeps_c0401_b_d_f_g(players: int) -> None:
    """Each of the 9 rounds, read back from the TRF, pairs every player once, no one twice against the
    same opponent ([b]), gives the PAB to a player at most once ([d]), keeps the colour difference
    within +-2 ([f]) and never gives a colour three times in a row ([g])."""
    document = parse(trf_text(swiss_history(players, 9, seed=7), 11))
    for round_number in range(1, 10):
        request = to_pairing_input(document, round_number)
        assert round_violations(request, outcome_from_round(document, round_number)) == []
    pabs = Counter(e.opponent == 0 and p.start_rank for p in document.players for e in p.rounds)
    assert pabs.get(False, 0) == players * 9 - (9 if players % 2 else 0)
    assert all(count == 1 for number, count in pabs.items() if number)


def test_the_same_seed_gives_the_same_history() -> None:
    assert trf_text(swiss_history(60, 5, seed=3), 7) == trf_text(swiss_history(60, 5, seed=3), 7)
    assert trf_text(swiss_history(60, 5, seed=3), 7) != trf_text(swiss_history(60, 5, seed=4), 7)


def test_round_violations_names_a_rematch_a_colour_break_and_a_missing_player() -> None:
    """The checker itself fails a pairing that breaks C.04.1 [b], [f]/[g], or leaves a player out."""
    document = trf_document(swiss_history(200, 9, seed=1), 11)
    request = to_pairing_input(document, 9)
    played = outcome_from_round(document, 9)
    first = played.boards[0]
    earlier = request.player(first.first).history[0].opponent
    assert earlier is not None
    rematch = evolve(played, boards=(Board(first.first, earlier), *played.boards[1:]))
    problems = round_violations(request, rematch)
    assert any("[b]" in p for p in problems)
    assert any("is paired 2 times" in p for p in problems)
    assert any("not paired" in p for p in problems)
    twice = {p.number for p in request.players if len(set(played_sides(p.history)[-2:])) == 1}
    assert twice, "the history should hold a player who had one colour twice in a row"
    swapped = evolve(
        played, boards=tuple(Board(b.second, b.first) if {b.first, b.second} & twice else b for b in played.boards)
    )
    assert any("[g]" in p for p in round_violations(request, swapped))


@pytest.mark.skipif(not SLOW, reason="pairs 5,000 players (1-4 minutes): set ARBITER_SLOW_TESTS=1")
def test_dutch_pairs_the_5000_player_round_10_within_c0401_b_f_g() -> None:
    """The Dutch engine's round 10 after nine generated rounds: every player exactly once (board or PAB),
    no rematch (C1, C.04.1 [b]), no absolute colour violation (C3, C.04.1 [f], [g])."""
    request = pairing_input(swiss_history(5_000, 9, seed=1), 11)
    outcome = engine_for("dutch").pair(request)
    assert round_violations(request, outcome) == []
    assert len(outcome.boards) == 2_500

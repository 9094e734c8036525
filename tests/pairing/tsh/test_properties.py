"""Properties every tsh engine keeps (issue 9 "Tests"; STYLE.md 8: the basic rules as properties)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.model import Engine, NoValidPairing
from pairing.tsh import ENGINES
from pairing.tsh.factorpair import FactorPair
from pairing.tsh.field import Field
from pairing.tsh.koth import Koth
from pairing.tsh.newswiss import Fontes, NewSwiss
from pairing.tsh.pairquartiles import PairQuartiles
from pairing.tsh.randompair import RandomPair
from pairing.tsh.resolve import pairable
from tests.pairing.tsh.builders import played_fields, player, request, seated, simulate

# Engines that can pair any field for many rounds without further options.
OPEN_ENDED = ("random", "koth", "quartile", "factored", "swiss", "fontes", "chew", "tsh-double-elimination", "bracket")
WITH_REPEATS = (RandomPair, Koth, PairQuartiles, FactorPair, NewSwiss, Fontes)


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(OPEN_ENDED), st.integers(2, 17), st.integers(1, 6), st.integers(0, 1000))
def test_nobody_twice_in_a_round_at_most_one_bye_same_input_same_pairing(name, size, rounds, seed):
    """Everyone active is seated exactly once (a board or the bye), a bye only in an odd field (the
    bracket's byes excepted: its top seeds advance without a game), and the same input gives the same
    outcome, explanation included."""
    engine: Engine = ENGINES[name]()
    players = [player(n) for n in range(1, size + 1)]
    try:
        after, outcomes = simulate(engine, players, rounds, total_rounds=rounds + 2, seed=seed, repeats="9")
    except NoValidPairing:
        return  # e.g. a bracket round whose series has no result: refused, never paired wrongly
    for outcome in outcomes:
        places = seated(outcome)
        assert sorted(places) == list(range(1, size + 1))
        if name != "bracket":
            assert len(outcome.byes) == size % 2
        assert all(b.first != b.second for b in outcome.boards)
    again = request(after, rounds + 1, rounds + 2, seed + rounds + 1, repeats="9")
    with contextlib.suppress(NoValidPairing):
        assert engine.pair(again) == ENGINES[name]().pair(again)


@settings(max_examples=40)
@given(played_fields(), st.sampled_from(WITH_REPEATS))
def test_repeats_never_above_the_allowed_number_when_a_pairing_within_it_exists(field, engine):
    """Issue 9 property: "repeats never above the allowed number when a pairing within it exists";
    when none exists the engine refuses, naming the fewest repeats that would do."""
    players, round_number, repeats = field
    req = request(players, round_number, repeats=str(repeats))
    check = Field(req, round_number - 1)
    numbers = [p.number for p in players]
    within = check.within(repeats)
    possible = (
        any(pairable([p for p in numbers if p != b], within) for b in numbers)
        if len(numbers) % 2
        else pairable(numbers, within)
    )
    if not possible:
        with pytest.raises(NoValidPairing, match="repeats"):
            engine().pair(req)
        return
    outcome = engine().pair(req)
    assert all(check.meetings(b.first, b.second) <= repeats for b in outcome.boards)


@settings(max_examples=20)
@given(st.sampled_from(OPEN_ENDED), st.integers(2, 15), st.integers(1, 5), st.integers(0, 1000))
def test_every_board_is_explained_by_the_rule_that_decided_it(name, size, rounds, seed):
    """Issue 9 item 7: "Every pairing's explanation names the rule that decided each board": one
    decision per board, numbered in board order, naming the board's players and a rule."""
    players = [player(n) for n in range(1, size + 1)]
    try:
        _, outcomes = simulate(ENGINES[name](), players, rounds, total_rounds=rounds + 1, seed=seed, repeats="9")
    except NoValidPairing:
        return
    for outcome in outcomes:
        lines = [d for d in outcome.explanation if d.text.startswith("board ")]
        assert len(lines) == len(outcome.boards)
        for number, (board, line) in enumerate(zip(outcome.boards, lines, strict=True), 1):
            assert line.text.startswith(f"board {number}: {board.first}-{board.second}: ")
            assert line.article and len(line.text.split(": ", 2)[2]) > 10
        for bye in outcome.byes:
            assert any(d.text.startswith(f"bye to {bye.player}") for d in outcome.explanation)

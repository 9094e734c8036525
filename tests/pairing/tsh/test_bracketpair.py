"""Bracket pairings: tsh `BRACKetpair` (rules text; research notes 2.8 and 3.1-3.2)."""

from __future__ import annotations

import pytest

from pairing.model import NoValidPairing
from pairing.tsh.bracketpair import BracketPair, seeding_order
from tests.pairing.tsh.builders import game, pairs, player, record_round, request


def test_standard_seeding_order():
    """Research notes 3.1: "8: 1v8, 4v5, 2v7, 3v6"; "16: 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11"."""
    assert seeding_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seeding_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_bracket_byes_go_to_the_top_seeds():
    """Rules text: "GetSchedule(n): byes go to seeds 1..P-n, then seeds are paired top against bottom"; research
    notes 3.2, "N=6: 1-BYE, 4-5, 2-BYE, 3-6"."""
    outcome = BracketPair().pair(request([player(n) for n in range(1, 7)], 1))
    assert pairs(outcome) == {frozenset((4, 5)), frozenset((3, 6))}
    assert sorted(b.player for b in outcome.byes) == [1, 2]


def test_bracket_winners_advance_and_the_others_play_koth():
    """Rules text: "Bracket pairings match players in a single-elimination format, with players out of
    contention playing KOTH": after 1v8 4v5 2v7 3v6 won by 1, 5, 7, 3, phase 2 is 1-5 and 7-3, and
    the losers 8, 4, 2, 6 play King of the Hill."""
    players = [player(n) for n in range(1, 9)]
    first = BracketPair().pair(request(players, 1))
    winners = {1, 5, 7, 3}
    scores = {(b.first, b.second): (400, 300) if b.first in winners else (300, 400) for b in first.boards}
    after = record_round(players, first, 1, scores)
    second = BracketPair().pair(request(after, 2))
    assert {frozenset((1, 5)), frozenset((7, 3))} <= pairs(second)
    losers = {p for pair in pairs(second) - {frozenset((1, 5)), frozenset((7, 3))} for p in pair}
    assert losers == {8, 4, 2, 6}
    assert any(d.article == "KOTH" for d in second.explanation)


def test_bracket_series_of_two_games_goes_to_spread_when_level():
    """`bracket_repeats`: each phase a series; level on wins, the spread decides (our reading)."""
    players = [
        player(1, [game(1, 4, 400, 350), game(2, 4, 300, 450)]),
        player(2, [game(1, 3, 400, 300), game(2, 3, 400, 300)]),
        player(3, [game(1, 2, 300, 400), game(2, 2, 300, 400)]),
        player(4, [game(1, 1, 350, 400), game(2, 1, 450, 300)]),
    ]
    outcome = BracketPair().pair(request(players, 3, games_per_phase="2"))
    assert pairs(outcome) == {frozenset((4, 2)), frozenset((1, 3))}
    assert any("4 beat 1 (level on wins, more spread)" in d.text for d in outcome.explanation)


def test_bracket_unfinished_series_is_refused():
    players = [player(1, [game(1, 4, None, None)]), player(2), player(3), player(4, [game(1, 1, None, None)])]
    with pytest.raises(NoValidPairing, match="has no result"):
        BracketPair().pair(request(players, 2, based_on="0"))

"""Byes: "tsh will assign a bye to the lowest-ranked player who has had the fewest byes" (issue 9 item 5)."""

from __future__ import annotations

from pairing.tsh.byes import bye_order, choose_bye
from pairing.tsh.koth import Koth
from tests.pairing.tsh.builders import bye, game, player, request


def test_bye_to_the_lowest_ranked_among_those_with_the_fewest_byes():
    """Research notes 2.1, `ChooseBye`, `bottom_up`."""
    assert choose_bye([1, 2, 3, 4, 5], {1: 0, 2: 0, 3: 0, 4: 1, 5: 1})[0] == 3
    assert choose_bye([1, 2, 3], {1: 0, 2: 0, 3: 0})[0] == 3
    assert bye_order([1, 2, 3, 4, 5], {1: 1, 2: 0, 3: 2, 4: 0, 5: 1}) == [4, 2, 5, 1, 3]


def test_bye_moves_up_when_the_rest_could_not_be_paired():
    """Our addition where tsh is silent: the next candidate in the same order if the rule's choice
    leaves the others with no allowed pairing."""
    player, why = choose_bye([1, 2, 3], {1: 0, 2: 0, 3: 0}, rest_pairable=lambda rest: 3 in rest)
    assert player == 2
    assert "would leave the rest with no allowed pairing" in why


def test_bye_counts_byes_already_had():
    """A player who has had a bye does not get another while someone has had none."""
    players = [
        player(1, [game(1, 2, 400, 300), game(2, 3, 400, 300)]),
        player(2, [game(1, 1, 300, 400), bye(2)]),
        player(3, [bye(1), game(2, 1, 300, 400)]),
    ]
    outcome = Koth().pair(request(players, 3, repeats="2"))
    assert [b.player for b in outcome.byes] == [1]

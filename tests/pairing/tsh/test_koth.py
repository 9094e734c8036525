"""King of the Hill: tsh `koth repeats based-on-round division` (rules text; research notes 2.3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from pairing.model import Board, NoValidPairing
from pairing.tsh.koth import Koth
from tests.pairing.tsh.builders import bye, game, pairs, played_fields, player, request


def test_koth_top_two_then_the_next_two():
    """Rules text: "the top two players are paired with each other, then the next two, and so on"."""
    outcome = Koth().pair(request([player(n) for n in range(1, 7)], 1))
    assert pairs(outcome) == {frozenset(p) for p in ((1, 2), (3, 4), (5, 6))}
    assert all(d.article == "KOTH" for d in outcome.explanation[:4])
    assert "nearest available rank" in outcome.explanation[1].text


def test_koth_nearest_available_player_when_the_pair_has_met_too_often():
    """Rules text: "If the players who are supposed to play each other have already played each other too
    often, tsh will look for the nearest available player"; the explanation says why (issue 9 item 7:
    "KOTH: nearest available rank; 3-5 would be a third meeting"). Round 1 was two ties, so the
    order is still 1, 2, 3, 4, and 1-2 have met."""
    history = {
        1: [game(1, 2, 400, 400)],
        2: [game(1, 1, 400, 400)],
        3: [game(1, 4, 400, 400)],
        4: [game(1, 3, 400, 400)],
    }
    players = [player(n, history[n]) for n in range(1, 5)]
    outcome = Koth().pair(request(players, 2, repeats="0"))
    assert pairs(outcome) == {frozenset((1, 3)), frozenset((2, 4))}
    board_1 = next(d.text for d in outcome.explanation if d.text.startswith("board 1:"))
    assert "nearest available rank (ranks 1 and 3); 1-2 would be a 2nd meeting (repeats allowed: 0)" in board_1


def test_koth_third_meeting_named_in_the_explanation():
    """With one repeat allowed, a pair that has met twice is passed over as a third meeting."""
    history = {
        1: [game(1, 2, 400, 400), game(2, 2, 400, 400)],
        2: [game(1, 1, 400, 400), game(2, 1, 400, 400)],
        3: [game(1, 4, 400, 400), game(2, 4, 400, 400)],
        4: [game(1, 3, 400, 400), game(2, 3, 400, 400)],
    }
    players = [player(n, history[n]) for n in range(1, 5)]
    outcome = Koth().pair(request(players, 3, repeats="1"))
    assert pairs(outcome) == {frozenset((1, 3)), frozenset((2, 4))}
    assert any("1-2 would be a 3rd meeting (repeats allowed: 1)" in d.text for d in outcome.explanation)


def test_koth_repeats_allow_a_rematch():
    """Rules text: "often with an extra repeat permitted so that contenders face each other again"."""
    history = {
        1: [game(1, 2, 400, 300)],
        2: [game(1, 1, 300, 400)],
        3: [game(1, 4, 400, 300)],
        4: [game(1, 3, 300, 400)],
    }
    players = [player(n, history[n]) for n in range(1, 5)]
    outcome = Koth().pair(request(players, 2, repeats="1"))
    assert pairs(outcome) == {frozenset((1, 3)), frozenset((2, 4))}  # 1 and 3 lead on wins now
    outcome = Koth().pair(request(players, 2, repeats="1", based_on="0"))
    assert pairs(outcome) == {frozenset((1, 2)), frozenset((3, 4))}


def test_koth_bye_to_the_lowest_ranked_with_the_fewest_byes():
    """Rules text: "If the number of players is odd, tsh will assign a bye to the lowest-ranked player who has
    had the fewest byes." Player 5 is last but has had a bye; 4 has not."""
    players = [
        player(1, [game(1, 2, 400, 300)]),
        player(2, [game(1, 1, 300, 400)]),
        player(3, [game(1, 4, 400, 300)]),
        player(4, [game(1, 3, 300, 400)]),
        player(5, [bye(1, 0)]),
    ]
    outcome = Koth().pair(request(players, 2, repeats="1"))
    assert [b.player for b in outcome.byes] == [4]
    assert any(
        "bye to 4: the lowest-ranked among those with the fewest byes (0)" in d.text for d in outcome.explanation
    )


def test_koth_refuses_when_no_pairing_keeps_within_the_repeats():
    """Rules text: "If the entire division cannot be paired ... you should increase the number of allowed repeats"."""
    players = [player(1, [game(1, 2, 400, 300)]), player(2, [game(1, 1, 300, 400)])]
    with pytest.raises(NoValidPairing, match="the fewest that works is 1: increase repeats"):
        Koth().pair(request(players, 2, repeats="0"))


def test_koth_sides_go_to_the_player_due_to_start():
    """Firsts and seconds (issue 9 item 4): who went second last time starts."""
    from pairing.model import Side

    players = [
        player(1, [game(1, 3, 400, 300, Side.FIRST)]),
        player(2, [game(1, 4, 400, 300, Side.SECOND)]),
        player(3, [game(1, 1, 300, 400, Side.SECOND)]),
        player(4, [game(1, 2, 300, 400, Side.FIRST)]),
    ]
    outcome = Koth().pair(request(players, 2))
    assert set(outcome.boards) == {Board(2, 1), Board(3, 4)}


@settings(max_examples=40)
@given(played_fields(0, 4))
def test_koth_pairs_neighbours_when_allowed(field):
    """Issue 9 property: "KOTH pairs neighbours when allowed": if 1-2, 3-4, ... (in the order KOTH
    pairs, after the bye) have all met at most R times, those are the boards."""
    from pairing.tsh.field import Field
    from pairing.tsh.setup import prepare

    players, round_number, repeats = field
    req = request(players, round_number, repeats=str(repeats))
    _, _, pool = prepare(req, repeats, based_on=round_number - 1)
    check = Field(req, round_number - 1)
    neighbours = [(pool[i], pool[i + 1]) for i in range(0, len(pool), 2)]
    if all(check.meetings(a, b) <= repeats for a, b in neighbours):
        assert pairs(Koth().pair(req)) == {frozenset(p) for p in neighbours}

"""Swiss by win groups (tsh `ns repeats based-on-round`) and Fontes Swiss (rules text; research notes 2.6)."""

from __future__ import annotations

from pairing.tsh.newswiss import Fontes, NewSwiss
from tests.pairing.tsh.builders import game, pairs, player, request


def after_round_one(size: int) -> list:
    """Round 1 was 1-2, 3-4, ...: the odd numbers won by 100."""
    players = []
    for n in range(1, size + 1):
        opponent = n + 1 if n % 2 else n - 1
        players.append(player(n, [game(1, opponent, 400, 300) if n % 2 else game(1, opponent, 300, 400)]))
    return players


def test_swiss_top_half_of_each_win_group_plays_the_bottom_half():
    """Rules text: "The top half of each win group plays the bottom half, in order": winners 1, 3, 5, 7 (ranked
    in that order) give 1-5, 3-7; losers 2, 4, 6, 8 give 2-6, 4-8."""
    outcome = NewSwiss().pair(request(after_round_one(8), 2))
    assert pairs(outcome) == {frozenset(p) for p in ((1, 5), (3, 7), (2, 6), (4, 8))}
    assert any("win group 1: top half against bottom half" in d.text for d in outcome.explanation)


def test_swiss_based_on_round_zero_pairs_top_half_against_bottom_half():
    """Rules text: "If you ask for Swiss pairings based on round 0, tsh will rank players by pretournament
    rankings ... This effectively pairs the top half of the field against the bottom"."""
    outcome = NewSwiss().pair(request([player(n) for n in range(1, 9)], 1))
    assert pairs(outcome) == {frozenset((n, n + 4)) for n in range(1, 5)}


def test_swiss_odd_win_group_promotes_the_top_player_of_the_next_group():
    """Rules text: "If a win group is odd, the top player in the next group is promoted to join it." Round 1:
    1, 3, 5 won, 7-8 tied. The 1-win group 1, 3, 5 takes 7 (top of the ½ group): 1-5, 3-7. Then the
    bottom group 2, 4, 6 is odd and takes the lowest player above it, 8: 8-4, 2-6."""
    scores = {1: (400, 300), 2: (300, 400), 3: (400, 300), 4: (300, 400), 5: (400, 300), 6: (300, 400)}
    scores |= {7: (400, 400), 8: (400, 400)}
    players = [player(n, [game(1, n + 1 if n % 2 else n - 1, *scores[n])]) for n in range(1, 9)]
    outcome = NewSwiss().pair(request(players, 2))
    assert pairs(outcome) == {frozenset(p) for p in ((1, 5), (3, 7), (4, 8), (2, 6))}
    assert any("win groups 1 to 0.5 (players promoted" in d.text for d in outcome.explanation)


def test_swiss_minimises_repeats_before_rank_distance():
    """Rules text: "tsh chooses an opponent within the win group who (in decreasing order of importance):
    minimizes repeats, is not the previous round's opponent, ... is as close as possible to half a
    win group away": with repeats 1, 1's ideal opponent 5 was 1's round-1 opponent, so 1 plays 7."""
    first = {1: 5, 5: 1, 3: 7, 7: 3, 2: 6, 6: 2, 4: 8, 8: 4}
    players = [player(n, [game(1, first[n], 400, 400)]) for n in range(1, 9)]  # all tied: one win group
    outcome = NewSwiss().pair(request(players, 2, repeats="1"))
    assert not pairs(outcome) & {frozenset(p) for p in first.items()}
    # 1's ideal opponent, 5 (half the group away), has met 1; 4 and 6 are equally near the ideal
    # (|8 - 2*3| = |8 - 2*5| = 2) and the last key, the player number, picks 4
    assert frozenset((1, 4)) in pairs(outcome)


def test_swiss_whole_division_unpairable_asks_for_more_repeats():
    """Rules text: "If the entire division cannot be paired in one big group, an error message is displayed,
    and you should increase the number of allowed repeats.\""""
    import pytest

    from pairing.model import NoValidPairing

    players = [player(1, [game(1, 2, 400, 300)]), player(2, [game(1, 1, 300, 400)])]
    with pytest.raises(NoValidPairing, match="increase repeats"):
        NewSwiss().pair(request(players, 2, repeats="0"))


def test_fontes_is_based_on_the_round_before_the_previous_one():
    """Rules text: "Fontes (or Portland) Swiss pairings ... computing pairings based on the second previous
    round's results": round 3 is paired on the standings after round 1, ignoring round 2."""
    players = after_round_one(8)
    round_two = {1: 5, 5: 1, 3: 7, 7: 3, 2: 6, 6: 2, 4: 8, 8: 4}
    players = [
        player(p.number, [*p.history, game(2, round_two[p.number], 300 if p.number < 5 else 500, 400)]) for p in players
    ]
    fontes = Fontes().pair(request(players, 3, repeats="1"))
    swiss = NewSwiss().pair(request(players, 3, repeats="1", based_on="1"))
    assert fontes.boards == swiss.boards
    assert "standings after round 1" in fontes.explanation[0].text

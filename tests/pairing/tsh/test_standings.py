"""tsh standings as of a round (research notes 2.1, `MakeStandingComparator`; issue 9 item 1)."""

from __future__ import annotations

from pairing.model import PairingInput
from pairing.tsh import options
from pairing.tsh.standings import standings_as_of, win_groups
from tests.pairing.tsh.builders import bye, game, player, request


def test_standing_order_wins_then_losses_then_spread():
    """Rules text: "Wins descending. Ties count as ½ win and ½ loss. Losses ascending. ... Spread descending." """
    players = [
        player(1, [game(1, 2, 400, 400), game(2, 3, 300, 350)]),  # ½-1½, -50
        player(2, [game(1, 1, 400, 400), game(2, 4, 500, 300)]),  # 1½-½, +200
        player(3, [game(1, 4, 350, 340), game(2, 1, 350, 300)]),  # 2-0, +60
        player(4, [game(1, 3, 340, 350), game(2, 2, 300, 500)]),  # 0-2, -210
    ]
    ranked = standings_as_of(players, 2)
    assert [s.number for s in ranked] == [3, 2, 1, 4]
    assert [(s.wins, s.losses, s.spread) for s in ranked] == [
        (2, 0, 60),
        (1.5, 0.5, 200),
        (0.5, 1.5, -50),
        (0, 2, -210),
    ]
    assert [s.rank for s in ranked] == [1, 2, 3, 4]


def test_standings_as_of_an_earlier_round_ignore_later_rounds():
    """Every pairing command's "based-on round": standings after that round only."""
    players = [
        player(1, [game(1, 2, 300, 400), game(2, 2, 500, 300)]),
        player(2, [game(1, 1, 400, 300), game(2, 1, 300, 500)]),
    ]
    assert [s.number for s in standings_as_of(players, 1)] == [2, 1]
    assert [s.number for s in standings_as_of(players, 2)] == [1, 2]


def test_round_zero_is_the_pretournament_ranking_by_rating():
    """Rules text: "If you ask for Swiss pairings based on round 0, tsh will rank players by pretournament
    rankings, breaking ties randomly": rating, then the stable pseudo-random value."""
    players = [player(1, rating=1500), player(2, rating=1700), player(3, rating=1600)]
    assert [s.number for s in standings_as_of(players, 0)] == [2, 3, 1]
    tied = [player(n, rating=1500) for n in range(1, 9)]
    once = [s.number for s in standings_as_of(tied, 0, "event")]
    assert once == [s.number for s in standings_as_of(tied, 0, "event")]
    assert sorted(once) == list(range(1, 9))


def test_a_bye_counts_the_spread_it_was_entered_with():
    """tsh: a bye is a win with a positive score, a loss with a negative one (a forfeit)."""
    players = [player(1, [bye(1, 50)]), player(2, [bye(1, -50)]), player(3, [bye(1, 0)])]
    ranked = {s.number: s for s in standings_as_of(players, 1)}
    assert (ranked[1].wins, ranked[1].spread) == (1, 50)
    assert (ranked[2].losses, ranked[2].spread) == (1, -50)
    assert (ranked[3].wins, ranked[3].losses, ranked[3].spread) == (0, 0, 0)


def test_win_groups_are_runs_of_equal_wins():
    """Swiss: "players are divided into 'win groups' according to how many wins they have scored"."""
    players = [
        player(1, [game(1, 2, 400, 300)]),
        player(2, [game(1, 1, 300, 400)]),
        player(3, [game(1, 4, 400, 400)]),
        player(4, [game(1, 3, 400, 400)]),
    ]
    groups = win_groups(standings_as_of(players, 1))
    assert [[s.number for s in g] for g in groups] == [[1], [3, 4], [2]]


def test_default_based_on_is_the_last_complete_round():
    """The brief: "default: the last complete round" (a round with a game still unscored is not)."""
    players = [
        player(1, [game(1, 2, 400, 300), game(2, 2, None, None)]),
        player(2, [game(1, 1, 300, 400), game(2, 1, None, None)]),
    ]
    assert options.based_on(request(players, 3)) == 1
    assert options.based_on(request(players, 3, based_on="0")) == 0


def test_based_on_after_the_round_to_pair_is_refused():
    import pytest

    from pairing.model import NoValidPairing

    with pytest.raises(NoValidPairing, match="based_on"):
        options.based_on(request([player(1), player(2)], 2, based_on="2"))
    assert isinstance(request([player(1)], 1), PairingInput)

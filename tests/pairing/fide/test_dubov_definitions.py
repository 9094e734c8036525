"""Dubov System, Article 1: ratings, initial ranking, colour preferences, ARO, MaxT (C.04.4.1, July 2025)."""

from __future__ import annotations

import pytest

from pairing.criteria.basic_rules import Strength
from pairing.fide.dubov.definitions import (
    Contender,
    average_rating_of_opponents,
    contenders,
    due_colour,
    max_t,
    upfloat_history,
)
from pairing.model import Decision, NoValidPairing, PairingInput, PlayerStatus, Side
from tests.pairing.fide.test_dubov_support import contender, player, request

W, B = Side.FIRST, Side.SECOND


def by_number(req: PairingInput) -> tuple[dict[int, Contender], list[Decision]]:
    players, decisions = contenders(req)
    return {p.number: p for p in players}, decisions


def test_1_1_2_unrated_players_get_the_arbiters_provisional_rating():
    """1.1.2: "If a player does not have a rating, a provisional one must be assigned ... by the arbiter";
    the ARO of their opponents uses it."""
    req = request([player(1, 2000, "2w1"), player(2, 0, "1b0")], options=(("provisional_rating", "1500"),))
    players, decisions = by_number(req)
    assert players[1].aro == 1500
    assert players[2].rating == 1500
    assert [d.article for d in decisions] == ["1.1.2"]


def test_1_1_2_an_unrated_player_without_provisional_rating_is_reported():
    req = request([player(1, 2000, "2w1"), player(2, 0, "1b0")])
    players, decisions = by_number(req)
    assert players[1].aro == 0
    assert decisions[0].article == "1.1.2" and not decisions[0].satisfied


def test_1_2_2_the_initial_ranking_is_re_sorted_when_a_rating_changes_before_round_4():
    """1.2.2: "Each time a player's rating is introduced or modified before the pairing of the fourth
    round, the arbiter must re-sort the initial ranking list"."""
    req = request([player(1, 2000, "2w1"), player(2, 2100, "1b0"), player(3, 1900, "4w="), player(4, 1800, "3b=")])
    players, decisions = by_number(req)
    assert {n: p.tpn for n, p in players.items()} == {1: 2, 2: 1, 3: 3, 4: 4}
    assert decisions[0].article == "1.2.2"


def test_1_2_2_pairing_numbers_stand_from_round_5():
    rounds = ["2w1 3b1 4w1 2b1", "1b0 4w0 3b1 1w0", "4b= 1w0 2w0 4b=", "3w= 2b1 1b0 3w="]
    req = request([player(n, rating, rounds[n - 1]) for n, rating in ((1, 2000), (2, 2100), (3, 1900), (4, 1800))])
    assert req.round == 5
    players, decisions = by_number(req)
    assert {n: p.tpn for n, p in players.items()} == {1: 1, 2: 2, 3: 3, 4: 4}
    assert decisions == []


def test_1_2_2_as_given_keeps_the_pairing_numbers():
    req = request([player(1, 2000, "2w1"), player(2, 2100, "1b0")], options=(("initial_ranking", "as-given"),))
    players, _ = by_number(req)
    assert players[1].tpn == 1


def test_1_5_1_colour_difference_counts_played_games_only():
    """1.5.1: "games played with white minus the number of games played with black"; a forfeit has no colour."""
    req = request(
        [player(1, None, "2w1 3w+ 4b0"), player(2, None, "1b0"), player(3, None, "1b-"), player(4, None, "1w1")]
    )
    players, _ = by_number(req)
    assert players[1].colour_difference == 0
    assert players[1].sides == (W, B)


@pytest.mark.parametrize(
    ("sides", "expected"),
    [
        ((W, W), (B, Strength.ABSOLUTE)),  # 1.5.2.1: the same colour in the two latest rounds played
        ((B, B), (W, Strength.ABSOLUTE)),
        ((W, W, B, W), (B, Strength.ABSOLUTE)),  # 1.5.2.1: colour difference greater than +1
        ((B, W, B, B), (W, Strength.ABSOLUTE)),
        ((W, B, W), (B, Strength.STRONG)),  # 1.5.2.2: colour difference +1
        ((B,), (W, Strength.STRONG)),  # 1.5.2.2: colour difference -1
        ((W, B), (W, Strength.MILD)),  # 1.5.2.3: alternate with respect to the previous game
        ((B, W), (B, Strength.MILD)),
        ((), (B, Strength.MILD)),  # 1.5.2.4: no games: a mild colour preference for black
    ],
)
def test_1_5_2_colour_preferences(sides: tuple[Side, ...], expected: tuple[Side, Strength]) -> None:
    assert due_colour(sides) == expected


def test_1_5_2_1_two_latest_rounds_played_skip_unplayed_rounds():
    """C.04.2 (cited by 5.2.4's note): only played games count, so W, bye, W is two Whites in a row."""
    req = request([player(1, None, "2w1 U 3w1"), player(2, None, "1b0 3w1 Z"), player(3, None, "Z 2b0 1b0")])
    players, _ = by_number(req)
    assert (players[1].due_colour, players[1].strength) == (B, Strength.ABSOLUTE)


def test_1_6_1_aro_is_rounded_to_the_nearest_integer_the_higher_on_a_half():
    """1.6.1: rounded "to the nearest integer number (the higher, if the division ends for 0.5)"."""
    assert average_rating_of_opponents([2001, 2000]) == 2001
    assert average_rating_of_opponents([2000, 2000, 2001]) == 2000
    assert average_rating_of_opponents([2000, 2001, 2001]) == 2001


def test_1_6_1_aro_uses_only_games_played_over_the_board():
    req = request(
        [player(1, 2000, "2w1 3b+"), player(2, 2101, "1b0 3w1"), player(3, 1000, "Z 2b0"), player(4, 1500, "U U")]
    )
    players, _ = by_number(req)
    assert players[1].aro == 2101


def test_1_6_3_aro_is_zero_before_the_first_game():
    players, _ = by_number(request([player(1, 2000), player(2, 1900)]))
    assert players[1].aro == 0


@pytest.mark.parametrize(("rounds", "expected"), [(4, 2), (5, 3), (9, 3), (10, 4), (11, 4), (15, 5)])
def test_1_7_2_max_t_is_two_plus_rounds_over_five_rounded_down(rounds: int, expected: int) -> None:
    """1.7.2: "MaxT = 2 + [Rnds/5]"."""
    assert max_t(rounds) == expected


def test_1_7_1_a_maximum_upfloater_has_been_upfloated_max_t_times():
    """Player 5 met a higher-scored opponent in rounds 2, 3 and 4 (three upfloats); MaxT = 3 for 9 rounds.
    Round 1 (equal scores) and the forfeited game do not count."""
    players = [
        player(5, None, "6w0 7b0 8w0 9b0"),
        player(6, None, "5b1 Z Z Z"),
        player(7, None, "10w1 5w1 Z Z"),
        player(8, None, "11w1 12b1 5b1 Z"),
        player(9, None, "13w1 14b1 15w1 5w1"),
        *[player(n, None, "Z Z Z Z") for n in range(10, 16)],
    ]
    req = request(players, total_rounds=9)
    assert upfloat_history(req)[5] == (3, True)
    contender = {p.number: p for p in contenders(req)[0]}[5]
    assert contender.maximum_upfloater


def test_1_7_1_forfeited_games_are_not_upfloats():
    req = request(
        [player(1, None, "3w1 2b+"), player(2, None, "4w1 1w-"), player(3, None, "1b0 4b0"), player(4, None, "2b0 3w1")]
    )
    assert upfloat_history(req)[1] == (0, False)


def test_an_opponent_missing_from_the_input_is_a_clear_error():
    with pytest.raises(NoValidPairing, match="not in the input"):
        contenders(request([player(1, 2000, "9w1"), player(2, 2000, "Z")]))


def test_only_active_players_are_to_be_paired():
    req = request([player(1), player(2), player(3, status=PlayerStatus.WITHDRAWN)])
    players, _ = by_number(req)
    assert set(players) == {1, 2}


def test_c1_c2_c3_verdicts_name_their_article():
    """Article 3.1: each absolute criterion is a function whose verdict carries its article."""
    from pairing.fide.dubov.criteria import no_clash_of_absolute_colours, no_rematch, pab_allowed

    req = request([player(1, None, "2w1"), player(2, None, "1b0"), player(3, None, "Z")], forbidden=((1, 3),))
    players, _ = by_number(req)
    assert no_rematch(players[1], players[2]) == Decision("C1", "1 and 2 have already played each other", False)
    assert no_rematch(players[1], players[3]).text == "the arbiter forbade 1 and 3 to meet"
    assert no_rematch(players[2], players[3]).satisfied
    black = contender(5, colour="B", strength=Strength.ABSOLUTE)
    assert not no_clash_of_absolute_colours(black, contender(6, colour="B", strength=Strength.ABSOLUTE)).satisfied
    assert no_clash_of_absolute_colours(black, contender(7, colour="W", strength=Strength.ABSOLUTE)).satisfied
    assert no_clash_of_absolute_colours(black, contender(8, colour="B", strength=Strength.STRONG)).satisfied
    assert pab_allowed(players[1]) == Decision("C2", "1 may receive the pairing-allocated bye")

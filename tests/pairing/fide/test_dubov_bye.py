"""Dubov System, Article 2.1: the pairing-allocated bye (C.04.4.1, July 2025)."""

from __future__ import annotations

import pytest

from pairing.fide.dubov import pair
from pairing.model import ByeKind, NoValidPairing, PairingOutcome, PlayerStatus
from tests.pairing.fide.test_dubov_support import pair_sets, player, request


def bye_of(outcome: PairingOutcome) -> int | None:
    assert len(outcome.byes) <= 1
    return outcome.byes[0].player if outcome.byes else None


def test_2_1_5_round_one_bye_goes_to_the_lowest_in_the_initial_ranking():
    """2.1.5: "occupies the lowest position in the initial ranking list"."""
    outcome = pair(request([player(n) for n in range(1, 6)]))
    assert bye_of(outcome) == 5
    assert outcome.byes[0].kind is ByeKind.PAIRING_ALLOCATED and outcome.byes[0].points == 1.0


def test_2_1_3_the_lowest_score_comes_before_the_lowest_ranking():
    """2.1.3: "has the lowest score": 2 lost, 3 and 4 drew, so 2 gets the bye although ranked above them."""
    players = [
        player(1, None, "2w1"),
        player(2, None, "1b0"),
        player(3, None, "4w="),
        player(4, None, "3b="),
        player(5, None, "U"),
    ]
    assert bye_of(pair(request(players))) == 2


def test_2_1_4_most_games_played_comes_before_the_lowest_ranking():
    """2.1.4: "has played the highest number of games": 2, 4 and 5 have half a point, 5 from one game and a
    half-point bye, so 4 (2.1.5 between 2 and 4) gets the bye although 5 is ranked lower."""
    players = [
        player(1, None, "3w1 2w1"),
        player(2, None, "4b= 1b0"),
        player(3, None, "1b0 4w1"),
        player(4, None, "2w= 3b0"),
        player(5, None, "H 6b0"),
        player(6, None, "U 5w1", status=PlayerStatus.WITHDRAWN),
    ]
    assert bye_of(pair(request(players))) == 4


def test_2_1_1_a_player_who_already_had_the_bye_may_not_have_it_again():
    """2.1.1 / [C2]: 5 (lowest score) and 3 had the bye, 4 too; 2 is the lowest-scored player who may."""
    players = [
        player(1, None, "2w1 5b1 4w="),
        player(2, None, "1b0 3w1 5w1"),
        player(3, None, "4w= 2b0 U"),
        player(4, None, "3b= U 1b="),
        player(5, None, "U 1w0 2b0"),
    ]
    outcome = pair(request(players))
    assert bye_of(outcome) == 2
    assert pair_sets(outcome) == {frozenset((1, 3)), frozenset((4, 5))}
    barred = next(d for d in outcome.explanation if d.article == "2.1.1")
    assert "3" in barred.text and "4" in barred.text and "5" in barred.text


@pytest.mark.parametrize(("token", "barred"), [("F", True), ("3w+", True), ("H", False), ("Z", False)])
def test_2_1_1_c2_what_bars_the_bye(token: str, barred: bool) -> None:
    """[C2] (Basic Rules, Article 4): a pairing-allocated bye or "as many points as rewarded for a win"
    without playing bar it (a full-point bye, a forfeit win); a half- or zero-point bye does not."""
    from pairing.fide.dubov.definitions import contenders

    opponent = "1b-" if token == "3w+" else "Z"
    players = [player(1, None, token), player(2, None, "Z"), player(3, None, opponent)]
    eligible = {p.number: p.pab_eligible for p in contenders(request(players))[0]}
    assert eligible[1] is not barred


def test_2_1_2_the_bye_must_leave_a_complete_pairing():
    """2.1.2: "allows a complete pairing of all the remaining players": 2 has the lowest score, but 1 may
    meet only 2 (it met 3 and 4, and the arbiter forbade 1-5), so the bye goes to 4 (2.1.3-2.1.5; 3 had one)."""
    players = [
        player(1, None, "3w1 4w1"),
        player(2, None, "4b0 5b0"),
        player(3, None, "1b0 U"),
        player(4, None, "2w1 1b0"),
        player(5, None, "U 2w1"),
    ]
    outcome = pair(request(players, forbidden=((1, 5),)))
    assert bye_of(outcome) == 4
    assert pair_sets(outcome) == {frozenset((1, 2)), frozenset((3, 5))}
    assert any(d.article == "2.1.2" for d in outcome.explanation)


def test_1_8_3_no_bye_possible_is_left_to_the_arbiter():
    """1.8.3: "If it is impossible to complete a round-pairing, the arbiter shall decide what to do"."""
    players = [player(1, None, "U 2w1"), player(2, None, "3w+ 1b0"), player(3, None, "2b- U")]
    with pytest.raises(NoValidPairing, match=r"1\.8\.3"):
        pair(request(players))


def test_an_even_number_of_players_gets_no_bye():
    assert pair(request([player(n) for n in range(1, 5)])).byes == ()

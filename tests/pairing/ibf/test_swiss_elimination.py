"""IBF Pairing Rules 1.4, 4.9, 4.10 (Swiss with elimination after N losses): hand-made cases and properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.common import losses
from pairing.ibf.swiss_elimination import SwissElimination, elimination_round, places
from pairing.model import ByeKind, NoValidPairing, PlayerStatus
from tests.pairing.ibf.support import build, check_round, entrant, pairs, play, request, seated

ENGINE = SwissElimination()
RATED = {n: 2000 - 10 * n for n in range(1, 9)}


def ask(players, round_number, **options):
    return request("swiss-elimination", players, round_number, options={"draw_seed": "1", **options})


def test_4_9_player_with_n_losses_is_not_paired() -> None:
    """4.9: "A player who has incurred N losses is eliminated from the competition and is not included in the
    pairing for the subsequent round. The permissible number of losses is determined by the competition
    regulations." With N = 2, 5 and 8 (two losses) are left out; with N = 3 they play."""
    history = [[(1, 5, 1), (2, 6, 2), (3, 7, 3), (4, 8, 4)], [(1, 2, 1), (3, 4, 3), (5, 6, 6), (7, 8, 7)]]
    players = build(RATED, history)
    two = ENGINE.pair(ask(players, 3, losses="2"))
    assert set(seated(two)) == {1, 2, 3, 4, 6, 7}
    assert any(d.article == "4.2" and "5, 8" in d.text for d in two.explanation)
    three = ENGINE.pair(ask(players, 3, losses="3"))
    assert set(seated(three)) == set(range(1, 9))


def test_e2_groups_by_losses_then_wins() -> None:
    """Reading E2: score groups by losses (fewest first): the unbeaten meet the unbeaten."""
    history = [[(1, 5, 1), (2, 6, 2), (3, 7, 3), (4, 8, 4)]]
    outcome = ENGINE.pair(ask(build(RATED, history), 2, losses="2"))
    for board in outcome.boards:
        assert (board.first <= 4) == (board.second <= 4)


def test_4_9_the_last_remaining_player_is_the_winner() -> None:
    """4.9: "The last remaining player is declared the winner": nothing more to pair."""
    history = [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 2)]]
    with pytest.raises(NoValidPairing, match="player 1 is the last remaining player"):
        ENGINE.pair(ask(build({1: 1500, 2: 1400, 3: 1300, 4: 1200}, history), 3, losses="1"))


def test_e6_absence_recorded_as_lost_counts_towards_n() -> None:
    """4.2 with reading E6: an absent player is recorded as having lost, and that loss counts towards N."""
    players = build(RATED, [[(1, 5, 1), (2, 6, 2), (3, 7, 3), (4, 8, 4)]], statuses={8: PlayerStatus.ABSENT})
    outcome = ENGINE.pair(ask(players, 2, losses="2"))
    assert [(b.player, b.kind) for b in outcome.byes if b.player == 8] == [(8, ByeKind.ZERO_POINT)]
    assert 8 not in {p for b in outcome.boards for p in (b.first, b.second)}


def test_e3_plus_to_the_lowest_of_the_worst_group_without_a_walkover() -> None:
    """Reading E3 (4.4, 4.1): 7 players, the plus goes to the last-ranked of those with the most losses."""
    history = [[(1, 4, 1), (2, 5, 2), (3, 6, 3), 7]]
    outcome = ENGINE.pair(ask(build({n: 2000 - 10 * n for n in range(1, 8)}, history), 2, losses="2"))
    assert [b.player for b in outcome.byes if b.kind is ByeKind.PAIRING_ALLOCATED] == [6]


def test_4_10_places_by_round_of_elimination_then_real_wins_shared_as_ranges() -> None:
    """4.10: "The remaining placements are determined by ... The later round in which the player was eliminated
    ...; The number of wins (a win against a virtual opponent does not count). In case of tied results, the
    players share the respective placements." N = 1, 6 players:

    round 1: 1-4 (1), 2-5 (2), 3-6 (3): 4, 5, 6 out in round 1, no wins: they share 4-6.
    round 2: 1-2 (1), 3 has the plus: 2 out in round 2 with 1 win.
    round 3: 1-3 (1): 3 out in round 3 (its plus is no win for placement); 1 is the winner."""
    history = [[(1, 4, 1), (2, 5, 2), (3, 6, 3)], [(1, 2, 1), 3], [(1, 3, 1)]]
    players = build({n: 2000 - n for n in range(1, 7)}, history)
    result = {p.player: p.text for p in places(ask(players, 4, losses="1"))}
    assert result == {1: "1", 3: "2", 2: "3", 4: "4-6", 5: "4-6", 6: "4-6"}


def test_4_10_real_wins_break_ties_within_a_round_and_a_plus_is_not_a_win() -> None:
    """4.10: players eliminated in the same round are ordered by "The number of wins (a win against a virtual
    opponent does not count)". N = 2, 7 players: 4 and 7 both go out in round 3 with one win each, but 7's is
    the plus of round 1, so 4 ranks above 7; the four still in share 1-4 while the event goes on."""
    history = [
        [(1, 4, 1), (2, 5, 2), (3, 6, 3), 7],
        [(1, 2, 1), (3, 7, 3), (4, 5, 4), 6],
        [(1, 3, 1), (2, 4, 2), (6, 7, 6)],
    ]
    players = build({n: 2000 - n for n in range(1, 8)}, history)
    result = {p.player: p.text for p in places(ask(players, 4, losses="2"))}
    assert [elimination_round(p, 2) for p in players] == [None, None, None, 3, 2, None, 3]
    assert result == {1: "1-4", 2: "1-4", 3: "1-4", 6: "1-4", 4: "5", 7: "6", 5: "7"}


def test_e6_withdrawn_ranked_in_the_round_of_withdrawal_or_last() -> None:
    """Reading E6: a withdrawn player is eliminated in the round of withdrawal (default) or ranked last."""
    history = [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 2)]]
    players = build({n: 2000 - n for n in range(1, 5)}, history, statuses={3: PlayerStatus.WITHDRAWN})
    default = {p.player: p.text for p in places(ask(players, 3, losses="2"))}
    assert default[3] == "3"  # withdrew after round 2: eliminated "in round 3", above 4 (out in round 2)
    last = {p.player: p.text for p in places(ask(players, 3, losses="2", rank_withdrawn="last"))}
    assert last[3] == "4"


def test_e1_blind_draw_pairing_option() -> None:
    """Reading E1: ``pairing = blind-draw`` pairs by the 4.5 draw instead of 4.6."""
    outcome = ENGINE.pair(ask([entrant(n) for n in range(1, 9)], 1, pairing="blind-draw", losses="2"))
    assert any(d.article == "4.5" for d in outcome.explanation)
    assert len(outcome.boards) == 4


@settings(max_examples=25)
@given(size=st.integers(2, 16), limit=st.integers(1, 3), luck=st.integers(0, 10**6), mode=st.booleans())
def test_property_eliminated_never_paired_until_one_remains(size, limit, luck, mode) -> None:
    """Played to the end: eliminated players are never paired, every survivor once per round, at most one
    plus, no avoidable rematch; the event ends with one player left."""
    rng = random.Random(luck)
    players = [entrant(n, rating=rng.choice([0, 1500, 1600])) for n in range(1, size + 1)]
    options = {"losses": str(limit), "pairing": "coefficients" if mode else "blind-draw", "draw_seed": "3"}
    ended = []

    def over(asked):
        alive = [p for p in asked.players if losses(p) < limit]
        if len(alive) <= 1:
            ended.append(alive)
        return len(alive) <= 1

    played = play(ENGINE, players, 200, lambda r, b: rng.random() < 0.5, options=options, stop=over)
    for asked, outcome in played:
        out = {p.number for p in asked.players if losses(p) >= limit}
        check_round(asked, outcome, out)
        assert not out & set(seated(outcome))
        assert pairs(outcome) or outcome.byes
    assert ended and len(ended[0]) == 1

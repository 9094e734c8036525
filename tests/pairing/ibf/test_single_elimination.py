"""IBF Pairing Rules 3.1 (single elimination): hand-made cases and properties for 2-64 players."""

from __future__ import annotations

import math
import random

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.brackets import bracket_size
from pairing.ibf.common import draw_key, is_loss, record_of
from pairing.ibf.single_elimination import SingleElimination
from pairing.model import Board, ByeKind, NoValidPairing, PlayerStatus
from pairing.registry import bracket_view
from tests.pairing.ibf.support import build, entrant, request, run_to_end, seated, with_history

ENGINE = SingleElimination()


def top_wins(round_number: int, board: Board) -> bool:
    return True


def test_3_1_1_player_against_a_virtual_opponent_advances_with_1_point() -> None:
    """3.1.1: "A player who is paired against a virtual opponent in the first round advances to the second
    round and is awarded 1 point without playing." 6 players: 1 and 2 meet virtual players."""
    players = [entrant(n) for n in range(1, 7)]
    first = ENGINE.pair(request("single-elimination", players, 1))
    assert first.boards == (Board(4, 5), Board(3, 6))
    assert [(b.player, b.kind, b.points) for b in first.byes] == [
        (1, ByeKind.PAIRING_ALLOCATED, 1.0),
        (2, ByeKind.PAIRING_ALLOCATED, 1.0),
    ]
    table = with_history({p.number: p for p in players}, 1, first, lambda b: b.first == 4)
    second = ENGINE.pair(request("single-elimination", table.values(), 2))
    assert second.boards == (Board(1, 4), Board(2, 6))


def test_3_1_3_winners_advance_losers_are_eliminated_champion_and_second() -> None:
    """3.1.3: "From each pair, the winner advances to the next round, while the loser is eliminated"; "The
    player who wins the final round becomes the champion ..., and their last opponent receives second
    place." Top line always wins: 1 beats 8, 4, 2."""
    played, last, why = run_to_end(ENGINE, [entrant(n) for n in range(1, 9)], top_wins)
    assert [len(o.boards) for _, o in played] == [4, 2, 1]
    assert played[1][1].boards == (Board(1, 4), Board(2, 3))
    assert played[2][1].boards == (Board(1, 2),)
    assert "champion is 1" in why
    places = {p.player: p.text for p in bracket_view(last).places}
    assert places == {1: "1", 2: "2", 3: "3-4", 4: "3-4", 5: "5-8", 6: "5-8", 7: "5-8", 8: "5-8"}


def test_3_1_3_third_place_match_between_the_semi_final_losers() -> None:
    """3.1.3: "If the competition rules (regulations) require the determination of third place, an additional
    match is held between the two players who lost in the two semi-finals" (played with the final)."""
    options = {"third_place": "yes"}
    played, last, _ = run_to_end(ENGINE, [entrant(n) for n in range(1, 9)], top_wins, options)
    assert played[2][1].boards == (Board(1, 2), Board(4, 3))
    places = {p.player: p.text for p in bracket_view(evolve(last, options=(("third_place", "yes"),))).places}
    assert places[4] == "3" and places[3] == "4"


def test_3_1_2_bracket_fixed_after_the_draw() -> None:
    """3.1.2: "The pairing of players is conducted once before the first round, after which the tournament
    bracket for all subsequent rounds becomes fixed": results that contradict the bracket are refused."""
    players = build(range(1, 5), [[(1, 3, 1), (2, 4, 2)]])  # the bracket says 1-4, 2-3
    with pytest.raises(NoValidPairing, match="fixed"):
        ENGINE.pair(request("single-elimination", players, 2))


def test_o1_random_draw_reproducible_from_the_seed() -> None:
    """O1: ``draw = random``: the seed numbers are drawn (reproducibly), then the same layout."""
    players = [entrant(n) for n in range(1, 7)]
    options = {"draw": "random", "draw_seed": "21"}
    outcome = ENGINE.pair(request("single-elimination", players, 1, options=options))
    drawn = sorted(range(1, 7), key=lambda p: draw_key(21, "3.1.2 draw", p))
    assert sorted(b.player for b in outcome.byes) == sorted(drawn[:2])
    assert outcome == ENGINE.pair(request("single-elimination", players, 1, options=options))


def test_walkover_when_an_opponent_withdraws() -> None:
    """Issue 8 item 5: a withdrawn player's opponent advances by walkover; the withdrawn player is out."""
    players = build(range(1, 5), [[(1, 4, 1), (2, 3, 3)]], statuses={3: PlayerStatus.WITHDRAWN})
    outcome = ENGINE.pair(request("single-elimination", players, 2))
    assert outcome.boards == ()
    assert [(b.player, b.kind) for b in outcome.byes] == [(1, ByeKind.FULL_POINT)]
    table = with_history({p.number: p for p in players}, 2, outcome, lambda b: True)
    view = bracket_view(request("single-elimination", table.values(), 3))
    assert {p.player: p.text for p in view.places}[1] == "1"


def test_missing_result_blocks_the_next_round() -> None:
    """A round cannot be paired while an earlier match has no result."""
    players = [entrant(n) for n in range(1, 5)]
    table = {p.number: p for p in players}
    first = ENGINE.pair(request("single-elimination", players, 1))
    table = with_history(table, 1, first, lambda b: True)
    table[4] = evolve(table[4], history=(evolve(table[4].history[0], outcome=None),))
    table[1] = evolve(table[1], history=(evolve(table[1].history[0], outcome=None),))
    with pytest.raises(NoValidPairing, match="no result"):
        ENGINE.pair(request("single-elimination", table.values(), 2))


def test_bracket_view_is_data_a_projection_can_draw() -> None:
    """Issue 8 item 6 (data part): rounds named, matches with slots, who advanced, places."""
    players = [entrant(n) for n in range(1, 7)]
    view = bracket_view(request("single-elimination", players, 1))
    assert [r.name for r in view.rounds] == ["Quarter-finals", "Semi-finals", "Final"]
    quarter = view.rounds[0].matches
    assert [(str(m.top), str(m.bottom), str(m.winner)) for m in quarter] == [
        ("1", "virtual", "1"),
        ("4", "5", "open"),
        ("2", "virtual", "2"),
        ("3", "6", "open"),
    ]


@settings(max_examples=40)
@given(entrants=st.integers(2, 64), luck=st.integers(0, 10**6), third=st.booleans())
def test_property_brackets_2_to_64(entrants: int, luck: int, third: bool) -> None:
    """Every player still in plays once per round (a board or a virtual opponent), a loser never again, never
    a virtual player on a board; log2(P) rounds; one champion; every player placed."""
    rng = random.Random(luck)
    options = {"third_place": "yes" if third else "no"}
    players = [entrant(n) for n in range(1, entrants + 1)]
    played, last, why = run_to_end(ENGINE, players, lambda r, b: rng.random() < 0.5, options)
    rounds = int(math.log2(bracket_size(entrants)))
    assert len(played) == rounds
    history = {p.number: p for p in last.players}
    for asked, outcome in played:
        lost_before = {n for n, p in history.items() if any(is_loss(r) for r in p.history if r.round < asked.round)}
        alive = set(history) - lost_before
        everyone = seated(outcome)
        assert len(everyone) == len(set(everyone))
        if third and rounds >= 2 and asked.round == rounds:
            semi_losers = {n for n, p in history.items() if is_loss(record_of(p, rounds - 1))}
            assert set(everyone) == alive | semi_losers
        else:
            assert set(everyone) == alive
    assert "champion" in why
    view = bracket_view(last)
    assert sorted(p.player for p in view.places) == list(range(1, entrants + 1))
    assert [p.text for p in view.places].count("1") == 1


def test_neither_player_able_to_play_nobody_advances() -> None:
    """Both players of a semi-final absent: neither is seated, nobody advances, and the other semi-final's
    winner meets nobody in the final: they win it without playing."""
    players = {p.number: p for p in [entrant(n) for n in range(1, 9)]}
    first = ENGINE.pair(request("single-elimination", players.values(), 1))
    players = with_history(players, 1, first, lambda b: True)  # 1, 4, 2, 3 win
    absent = {n: evolve(p, status=PlayerStatus.ABSENT) if n in (1, 4) else p for n, p in players.items()}
    second = ENGINE.pair(request("single-elimination", absent.values(), 2))
    assert second.boards == (Board(2, 3),) and second.byes == ()
    assert any("nobody able to play" in d.text for d in second.explanation)
    after = with_history(players, 2, second, lambda b: True)
    final = ENGINE.pair(request("single-elimination", after.values(), 3))
    assert final.boards == () and [b.player for b in final.byes] == [2]

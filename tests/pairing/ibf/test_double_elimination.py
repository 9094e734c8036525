"""IBF Pairing Rules 3.2 (double elimination): hand-made cases and properties for 2-64 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.brackets import Stage, double_elimination_layout
from pairing.ibf.common import is_loss
from pairing.ibf.double_elimination import DoubleElimination, earliest_lower_rematch
from pairing.model import Board, ByeKind
from pairing.registry import bracket_view
from tests.pairing.ibf.support import entrant, run_to_end, seated

ENGINE = DoubleElimination()


def players(n: int):
    return [entrant(k) for k in range(1, n + 1)]


def test_3_2_3_to_3_2_5_losers_drop_and_both_brackets_play_from_round_2() -> None:
    """3.2.3: "Winners of the first round advance to the second round of the upper bracket. Losers move to
    the lower bracket." 3.2.4: "Competition in the lower bracket begins from the second round." 3.2.5:
    "Starting from the second round, matches are played simultaneously in both brackets." Top line wins."""
    played, _, _ = run_to_end(ENGINE, players(8), lambda r, b: True)
    assert played[0][1].boards == (Board(1, 8), Board(4, 5), Board(2, 7), Board(3, 6))
    assert played[1][1].boards == (Board(1, 4), Board(2, 3), Board(8, 5), Board(7, 6))
    # round 3: upper final 1-2; lower round 2, losers of upper round 2 in reversed order: L(WB2.2)=3 v W(LB1.1)=8
    assert played[2][1].boards == (Board(1, 2), Board(3, 8), Board(4, 7))


def test_3_2_5_a_lower_bracket_loser_is_out_and_3_2_6_no_re_entry() -> None:
    """3.2.5 4): "A loser in the lower bracket is eliminated from the competition"; 3.2.6: "Re-entry into the
    competition is not permitted": after a second loss a player is never paired again."""
    played, last, _ = run_to_end(ENGINE, players(8), lambda r, b: (r + b.first) % 3 != 0)
    losses = Counter()
    for asked, outcome in played:
        assert not {p for p, count in losses.items() if count >= 2} & set(seated(outcome))
        for p in last.players:
            record = next((r for r in p.history if r.round == asked.round), None)
            if record is not None and is_loss(record):
                losses[p.number] += 1


def test_3_2_7_superfinal_extra_match_when_the_upper_winner_loses() -> None:
    """3.2.7: "If the winner of the upper bracket loses in the final, an additional match between the finalists
    is permitted. The condition for holding an additional match is determined by the competition
    regulations." 4 players, the top line wins except in round 4: the upper-bracket winner 1 loses the
    superfinal to 2, the lower-bracket winner."""

    def result(round_number: int, board: Board) -> bool:
        return not (round_number == 4 and board.first == 1)

    with_extra, _, why = run_to_end(ENGINE, players(4), result)
    assert [o.boards for _, o in with_extra][3:] == [(Board(1, 2),), (Board(1, 2),)]
    assert "champion is 1" in why
    without, last, why = run_to_end(ENGINE, players(4), result, {"superfinal_extra": "no"})
    assert len(without) == 4 and "champion is 2" in why
    places = {p.player: p.text for p in bracket_view(last).places}
    assert places == {2: "1", 1: "2", 4: "3", 3: "4"}


def test_3_2_7_no_extra_match_when_the_upper_winner_wins() -> None:
    """3.2.7: the additional match only "If the winner of the upper bracket loses in the final"."""
    played, _, why = run_to_end(ENGINE, players(4), lambda r, b: True)
    assert len(played) == 4 and "champion is 1" in why


def test_3_2_virtual_players_give_walkovers_in_both_brackets() -> None:
    """3.2: "A player who draws a virtual opponent in the 1st round advances to the 2nd round, receiving 1 point
    without playing"; the virtual "loser" drops too, so its lower-bracket opponent advances without playing."""
    played, _, _ = run_to_end(ENGINE, players(5), lambda r, b: True)
    first = played[0][1]
    assert first.boards == (Board(4, 5),)
    assert sorted(b.player for b in first.byes) == [1, 2, 3]
    second = played[1][1]
    assert [(b.player, b.kind) for b in second.byes] == [(5, ByeKind.PAIRING_ALLOCATED)]


def test_places_third_is_the_lower_final_loser() -> None:
    """Places: 1 and 2 from the superfinal, 3 the loser of the lower-bracket final, then by lower round."""
    _, last, _ = run_to_end(ENGINE, players(8), lambda r, b: True)
    places = {p.player: p.text for p in bracket_view(last).places}
    assert places[1] == "1" and places[2] == "2" and places[3] == "3" and places[4] == "4"
    assert sorted(places.values()) == sorted(["1", "2", "3", "4", "5-6", "5-6", "7-8", "7-8"])


@pytest.mark.parametrize(("size", "order"), [(8, "conventional"), (16, "conventional"), (16, "delay"), (32, "delay")])
def test_property_no_lower_bracket_rematch_before_the_layouts_earliest_round(size: int, order: str) -> None:
    """Played with random results, two players who met in the upper bracket never meet again in the lower
    bracket before the round `earliest_lower_rematch` gives (3 for 8, 3 or 4 for 16, 5 for 32)."""
    earliest = earliest_lower_rematch(double_elimination_layout(size, True, order))
    assert earliest is not None
    for luck in range(12):
        results = random.Random(luck)
        _, last, _ = run_to_end(ENGINE, players(size), lambda r, b, g=results: g.random() < 0.5, {"lower_order": order})
        view = bracket_view(last)
        matches = [m for r in view.rounds for m in r.matches if m.top.player and m.bottom.player]
        upper = {frozenset((m.top.player, m.bottom.player)) for m in matches if m.spec.stage is Stage.UPPER}
        for m in matches:
            if m.spec.stage is Stage.LOWER and frozenset((m.top.player, m.bottom.player)) in upper:
                assert m.spec.round >= earliest


@settings(max_examples=25)
@given(entrants=st.integers(2, 64), luck=st.integers(0, 10**6), extra=st.booleans())
def test_property_double_elimination_2_to_64(entrants: int, luck: int, extra: bool) -> None:
    """Every player at most once per round and never after a second loss; the champion has at most one loss,
    everyone else two; everyone placed, one first place."""
    rng = random.Random(luck)
    options = {"superfinal_extra": "yes" if extra else "no"}
    played, last, why = run_to_end(ENGINE, players(entrants), lambda r, b: rng.random() < 0.5, options)
    losses: Counter[int] = Counter()
    for asked, outcome in played:
        everyone = seated(outcome)
        assert len(everyone) == len(set(everyone))
        assert not {p for p, count in losses.items() if count >= 2} & set(everyone)
        for board in outcome.boards:
            loser = next(p for p in last.players if p.number in (board.first, board.second) and _lost(p, asked.round))
            losses[loser.number] += 1
    assert "champion" in why
    champion = int(why.rsplit(" ", 1)[1])
    places = bracket_view(last).places
    second = next(p.player for p in places if p.first == 2)
    assert losses[champion] <= 1
    assert losses[second] == 2 or (not extra and losses[second] == 1)  # 3.2.7 without the additional match
    assert all(losses[p] == 2 for p in range(1, entrants + 1) if p not in (champion, second))
    assert sorted(p.player for p in places) == list(range(1, entrants + 1))
    assert [p.first for p in places].count(1) == 1


def _lost(player, round_number: int) -> bool:
    return any(r.round == round_number and is_loss(r) for r in player.history)

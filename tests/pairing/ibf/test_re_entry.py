"""IBF Pairing Rules 3.3 (re-entry Olympic system): hand-made cases and properties."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.common import draw_key
from pairing.ibf.re_entry import ReEntry
from pairing.model import Board, ByeKind
from pairing.registry import bracket_view
from tests.pairing.ibf.support import entrant, run_to_end, seated

ENGINE = ReEntry()


def players(n: int):
    return [entrant(k) for k in range(1, n + 1)]


def test_3_3_3_player_facing_a_virtual_opponent_waits() -> None:
    """3.3.3: "A player who is paired to a virtual opponent in the first round ... does not automatically
    advance to the second round but instead waits for a player who will re-enter the competition." 6 players
    in a bracket of 8: 1 and 2 are neither paired nor given a bye in round 1."""
    played, _, _ = run_to_end(ENGINE, players(6), lambda r, b: True)
    first = played[0][1]
    assert first.boards == (Board(4, 5), Board(3, 6)) and first.byes == ()
    assert sum(d.article == "3.3.3" for d in first.explanation) == 2
    # round 2, the re-entry round: the two round-1 losers fill the two slots
    assert sorted(p for b in played[1][1].boards for p in (b.first, b.second)) == [1, 2, 5, 6]
    assert {b.first for b in played[1][1].boards} == {1, 2}, "the waiting players keep the top line"


def test_3_3_2_fewer_losers_than_slots_the_window_closes_with_walkovers() -> None:
    """3.3.2: "The number of players who can re-enter the competition depends on the number of slots"; R4:
    with fewer losers than slots, the waiting players left without an opponent advance with 1 point when the
    re-entry window closes. 5 players: slots of 1, 2, 3; one round-1 loser, 5."""
    played, _, _ = run_to_end(ENGINE, players(5), lambda r, b: True)
    second = played[1][1]
    assert len(second.boards) == 1 and 5 in (second.boards[0].first, second.boards[0].second)
    drawn_slot = second.boards[0].first
    assert drawn_slot == 1  # draw: the candidate goes into the first open slot from the top of the sheet
    assert sorted((b.player, b.kind) for b in second.byes) == [
        (2, ByeKind.PAIRING_ALLOCATED),
        (3, ByeKind.PAIRING_ALLOCATED),
    ]
    assert any("unfilled" in d.text for d in second.explanation)


def test_3_3_2_more_losers_than_slots_the_extra_losers_are_out() -> None:
    """R4: more losers than slots: the draw picks who re-enters, the others are out. 7 players: one slot (1),
    three round-1 losers (5, 7, 6)."""
    played, _, _ = run_to_end(ENGINE, players(7), lambda r, b: True)
    second = played[1][1]
    losers = [5, 7, 6]
    chosen = sorted(losers, key=lambda p: draw_key(7, "3.3 re-entry round 1", p))[0]
    assert second.boards == (Board(1, chosen),)
    assert any("cannot re-enter" in d.text for d in second.explanation)


def test_r2_placement_by_seed() -> None:
    """R2: ``reentry_order = seed``: the best-seeded loser re-enters, into the slot of the weakest waiting seed."""
    played, _, _ = run_to_end(ENGINE, players(6), lambda r, b: True, {"reentry_order": "seed"})
    assert set(played[1][1].boards) == {Board(2, 5), Board(1, 6)}


def test_3_3_1_complete_bracket_has_no_re_entry() -> None:
    """3.3.1: re-entry only "In the case of an incomplete bracket": 8 players play single elimination."""
    played, _, why = run_to_end(ENGINE, players(8), lambda r, b: True)
    assert [len(o.boards) for _, o in played] == [4, 2, 1]
    assert "champion is 1" in why


def test_3_3_4_re_entries_per_player_from_the_regulations() -> None:
    """3.3.4: "The number of re-entries permitted for a single player is governed by the competition
    regulations." 5 players, two re-entry rounds: 5 loses round 1, re-enters against 1 and loses again; with
    one re-entry allowed the window then closes (2 and 3 advance without playing), with two 5 re-enters."""

    def result(round_number: int, board: Board) -> bool:
        return True

    once, _, _ = run_to_end(ENGINE, players(5), result, {"reentry_rounds": "2", "reentries": "1"})
    assert once[1][1].boards == (Board(1, 5),) and once[1][1].byes == ()
    assert once[2][1].boards == () and sorted(b.player for b in once[2][1].byes) == [2, 3]
    twice, _, _ = run_to_end(ENGINE, players(5), result, {"reentry_rounds": "2", "reentries": "2"})
    assert twice[2][1].boards == (Board(2, 5),)
    assert sorted(b.player for b in twice[2][1].byes) == [3]


@settings(max_examples=30)
@given(
    entrants=st.integers(2, 40),
    luck=st.integers(0, 10**6),
    waves=st.integers(1, 3),
    limit=st.integers(0, 2),
)
def test_property_re_entry(entrants: int, luck: int, waves: int, limit: int) -> None:
    """Every player at most once per round, never against a virtual player on a board, never more re-entries
    than allowed; one champion; everyone placed."""
    rng = random.Random(luck)
    options = {"reentry_rounds": str(waves), "reentries": str(limit)}
    played, last, why = run_to_end(ENGINE, players(entrants), lambda r, b: rng.random() < 0.5, options)
    assert "champion" in why
    for _, outcome in played:
        everyone = seated(outcome)
        assert len(everyone) == len(set(everyone))
    view = bracket_view(last)
    reentries = Counter(m.bottom.player for r in view.rounds if r.name == "Re-entry round" for m in r.matches)
    reentries.pop(None, None)
    assert all(count <= limit for count in reentries.values())
    assert sorted(p.player for p in view.places) == list(range(1, entrants + 1))
    assert [p.first for p in view.places].count(1) == 1

"""Firsts and seconds: tracked, balanced when enabled, and who starts each board (issue 9 item 4)."""

from __future__ import annotations

from pairing.model import Side
from pairing.tsh.firsts import Starts, pairsvr, who_starts
from pairing.tsh.newswiss import NewSwiss
from tests.pairing.tsh.builders import game, pairs, player, request


def test_pairsvr_zero_when_one_is_due_to_start_and_the_other_to_reply():
    """Research notes 2.1: "0 when one player is due to start and the other due to reply (best), 1
    when one of them is balanced, 2 when both are due the same (worst)"."""
    due_first, due_second, balanced = Starts(0, 2, Side.SECOND), Starts(2, 0, Side.FIRST), Starts(1, 1, Side.FIRST)
    assert pairsvr(due_first, due_second) == 0
    assert pairsvr(due_first, balanced) == 1
    assert pairsvr(due_first, due_first) == 2
    assert pairsvr(balanced, balanced) == 2


def test_the_player_due_to_start_starts():
    """More seconds than firsts: due to start; equally due: who went second last time."""
    assert who_starts(1, Starts(2, 1, Side.FIRST), 2, Starts(1, 2, Side.SECOND), 0, 4)[0] == 2
    assert who_starts(1, Starts(1, 1, Side.SECOND), 2, Starts(1, 1, Side.FIRST), 0, 3)[0] == 1
    first, why = who_starts(1, Starts(0, 0, None), 2, Starts(0, 0, None), 5, 1)
    assert first in (1, 2) and "drawn" in why


def test_track_firsts_makes_balance_a_swiss_criterion():
    """An opponent "is due to play first if the current player is due to play second (and vice
    versa, but in either case only if config track_firsts is active)", after repeats and the
    previous opponent, before rank distance. Round 1 was 1-2 and 3-4, all tied, the first-named
    starting: 1's ideal opponent is 3, but 1 and 3 are both due to reply and 4 is due to start."""
    round_one = {1: (2, Side.FIRST), 2: (1, Side.SECOND), 3: (4, Side.FIRST), 4: (3, Side.SECOND)}
    players = [player(n, [game(1, round_one[n][0], 400, 400, round_one[n][1])]) for n in range(1, 5)]
    plain = NewSwiss().pair(request(players, 2, repeats="0"))
    tracked = NewSwiss().pair(request(players, 2, repeats="0", track_firsts="yes"))
    assert pairs(plain) == {frozenset((1, 3)), frozenset((2, 4))}
    assert pairs(tracked) == {frozenset((1, 4)), frozenset((2, 3))}
    assert {(b.first, b.second) for b in tracked.boards} == {(4, 1), (2, 3)}

"""Manual pairings: tsh `PAIR p1 p2 round division` and `PairMany` (rules text)."""

from __future__ import annotations

import pytest

from pairing.model import Board, NoValidPairing
from pairing.registry import engine_for
from pairing.tsh.pair import Pair, parse_pairs
from tests.pairing.tsh.builders import pairs, player, request, seated


def test_pair_many_with_player_zero_as_the_bye():
    """Rules text: "pair 1 2 5 a pairs players 1 and 2 in round 5 ... To assign a player a bye, pair them
    against the fictitious player 0.\""""
    outcome = Pair().pair(request([player(n) for n in range(1, 6)], 1, pairs="1-2 4-3, 5-0"))
    assert set(outcome.boards) == {Board(1, 2), Board(4, 3)}
    assert [b.player for b in outcome.byes] == [5]


def test_pair_warns_of_unpaired_players():
    """Rules text: "make sure that all players are paired and none are multiply paired (tsh will warn you of
    either situation)": an unpaired player is a warning, a player paired twice an error."""
    outcome = Pair().pair(request([player(n) for n in range(1, 5)], 1, pairs="1-2"))
    (warning,) = [d for d in outcome.explanation if not d.satisfied]
    assert "not paired: 3, 4" in warning.text
    with pytest.raises(NoValidPairing, match="player 2 is paired twice"):
        Pair().pair(request([player(n) for n in range(1, 5)], 1, pairs="1-2 2-3"))
    with pytest.raises(NoValidPairing, match="there is no player 9"):
        Pair().pair(request([player(n) for n in range(1, 5)], 1, pairs="1-9"))


def test_pair_partially_manual_partially_automatic():
    """Rules text: "If you want to pair partially manually and partially automatically ... Specify any manual
    pairings before using that command": the rest by `rest`."""
    outcome = engine_for("manual").pair(request([player(n) for n in range(1, 7)], 1, pairs="1-6", rest="koth"))
    assert pairs(outcome) == {frozenset((1, 6)), frozenset((2, 3)), frozenset((4, 5))}
    assert sorted(seated(outcome)) == [1, 2, 3, 4, 5, 6]
    assert [d.text.split(":")[0] for d in outcome.explanation if d.text.startswith("board")] == [
        "board 1",
        "board 2",
        "board 3",
    ]


def test_pairs_option_is_checked():
    assert parse_pairs("1-2, 3:4;5 - 0") == [(1, 2), (3, 4), (5, 0)]
    with pytest.raises(NoValidPairing, match="option pairs"):
        parse_pairs("1-2 three-four")

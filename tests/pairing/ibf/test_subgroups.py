"""IBF Pairing Rules 1.2 (round robin in subgroups) with the Appendix 1 tables."""

from __future__ import annotations

import pytest

from pairing.ibf.common import draw_key
from pairing.ibf.subgroups import Subgroups, groups, qualifiers, standings
from pairing.model import Board, NoValidPairing
from pairing.round_robin import berger_table
from tests.pairing.ibf.support import build, entrant, request

ENGINE = Subgroups()
RATED = {n: 2000 - 10 * n for n in range(1, 9)}


def ask(players, round_number=1, **options):
    return request("subgroups", players, round_number, options={"draw_seed": "4", **options})


def test_o9_serpentine_groups_by_rating() -> None:
    """O9: players dealt serpentine by ranking: A B B A A B B A for two groups."""
    made, _ = groups(ask(build(RATED), table_numbers="seed"))
    assert [(g.label, g.players) for g in made] == [("A", (1, 4, 5, 8)), ("B", (2, 3, 6, 7))]
    three, _ = groups(ask(build(RATED), groups="3", table_numbers="seed"))
    assert [g.players for g in three] == [(1, 6, 7), (2, 5, 8), (3, 4)]


def test_1_2_each_group_plays_its_appendix_1_table() -> None:
    """1.2 with Appendix 1: "The corresponding table is then selected, showing which numbers are paired
    against each other in each round": each group's row of the table for 4 (1:4 2:3, then 4:3 1:2, ...)."""
    for round_number in (1, 2, 3):
        outcome = ENGINE.pair(ask(build(RATED), round_number, table_numbers="seed"))
        expected = []
        for members in ((1, 4, 5, 8), (2, 3, 6, 7)):
            expected += [Board(members[a - 1], members[b - 1]) for a, b in berger_table(4)[round_number - 1]]
        assert outcome.boards == tuple(expected)
    with pytest.raises(NoValidPairing, match="finished"):
        ENGINE.pair(ask(build(RATED), 4))


def test_appendix_1_numbers_by_lot_and_the_highest_number_of_an_odd_group_is_a_bye() -> None:
    """Appendix 1: numbers "by drawing lots"; "In cases where there is an odd number of players, the highest
    number is considered to have a bye"."""
    players = build({n: 2000 - 10 * n for n in range(1, 8)})
    made, _ = groups(ask(players))
    a = made[0]
    assert a.players == tuple(sorted((1, 4, 5), key=lambda p: draw_key(4, "1.2 table numbers A", p)))
    outcome = ENGINE.pair(ask(players))
    assert [b.player for b in outcome.byes] == [a.players[0]]  # round 1 of the table for 4: 1:4, 4 is empty


def test_group_standings_and_qualifiers_for_the_next_stage() -> None:
    """O9/O10: standings per group by points, then the points between the tied players; the qualifiers are the
    group winners, then the runners-up."""
    rounds = [
        [(1, 8, 1), (4, 5, 5), (2, 7, 7), (3, 6, 3)],
        [(8, 5, 5), (1, 4, 1), (7, 6, 7), (2, 3, 3)],
    ]
    players = build(RATED, rounds)
    table = standings(ask(players, 3, table_numbers="seed"))
    assert [row.player for row in table[0].rows][:2] == [1, 5]
    assert [row.player for row in table[1].rows][:2] == [3, 7]  # level on points and wins: ranking decides
    assert qualifiers(ask(players, 3, table_numbers="seed"), 2)[:2] == (1, table[1].rows[0].player)


def test_too_many_groups_refused() -> None:
    with pytest.raises(NoValidPairing, match="subgroups"):
        groups(ask([entrant(n) for n in range(1, 6)], groups="3"))

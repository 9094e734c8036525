"""InitFontes: tsh `InitFontes number-of-rounds division` (rules text; research notes 2.8)."""

from __future__ import annotations

from collections import Counter

from pairing.tsh.initfontes import InitFontes, group_plan
from pairing.tsh.pairquartiles import quartile_of
from tests.pairing.tsh.builders import pairs, player, simulate


def test_initfontes_groups_of_four_one_per_quartile_play_a_round_robin():
    """Rules text: "divides players into groups of four and schedules them to play in round robins. This takes
    three rounds ... The players in each group are chosen randomly, one from each quartile": R1 1-4,
    2-3; R2 1-3, 2-4; R3 1-2, 3-4 within each group."""
    players = [player(n) for n in range(1, 17)]
    _, outcomes = simulate(InitFontes(), players, 3)
    met = [p for o in outcomes for p in pairs(o)]
    assert len(met) == 24 and len(set(met)) == 24
    graph: dict[int, set[int]] = {n: set() for n in range(1, 17)}
    for a, b in map(tuple, met):
        graph[a].add(b)
        graph[b].add(a)
    groups = {frozenset({n, *graph[n]}) for n in graph}
    assert len(groups) == 4 and all(len(g) == 4 for g in groups)
    for group in groups:
        assert sorted(quartile_of(n - 1, 16) for n in group) == [0, 1, 2, 3]
    last = pairs(outcomes[2])
    for group in groups:
        ordered = sorted(group)
        assert frozenset(ordered[:2]) in last and frozenset(ordered[2:]) in last  # KOTH last


def test_initfontes_leftovers_make_a_group_of_six_five_or_three():
    """Rules text: "If the number of players is not divisible by four, there may be a group of six players who
    play a partial round robin"; research notes: "a group of 5 (one per sextile except the top), 6,
    or 3 (one per quarter except the top)"."""
    assert group_plan(16, 3) == [(4, 0)] * 4
    assert group_plan(17, 3) == [(4, 0)] * 3 + [(6, 1)]
    assert group_plan(18, 3) == [(4, 0)] * 3 + [(6, 0)]
    assert group_plan(19, 3) == [(4, 0)] * 4 + [(4, 1)]


def test_initfontes_draw_is_stable_from_round_to_round():
    """The groups drawn in round 1 are the ones played in rounds 2 and 3, whatever the seed."""
    players = [player(n) for n in range(1, 15)]
    _, outcomes = simulate(InitFontes(), players, 3)
    met = Counter(p for o in outcomes for p in pairs(o))
    assert set(met.values()) == {1}
    byes = [b.player for o in outcomes for b in o.byes]
    assert byes == []


def test_initfontes_two_rounds_is_pq4_then_pq3():
    """Rules text: "For k = 2, tsh runs pq 4 then pq 3"."""
    players = [player(n) for n in range(1, 9)]
    _, outcomes = simulate(InitFontes(), players, 2, rounds="2")
    first = {frozenset(quartile_of(n - 1, 8) for n in p) for p in pairs(outcomes[0])}
    assert first == {frozenset((0, 3)), frozenset((1, 2))}
    assert outcomes[1].explanation[0].text.endswith("pq 3")

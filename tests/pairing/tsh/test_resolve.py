"""tsh's preference-list engine (research notes 2.1, `PairGRT` / `ResolvePairings`); the matching oracle
behind it is tested in tests/pairing/test_cardinality.py."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.tsh.resolve import OPTIMIZE_ABOVE, pairable, resolve
from tests.pairing.test_cardinality import even_graphs


def tsh_depth_first(order: list[int], preferences: dict[int, list[int]]) -> list[tuple[int, int]] | None:
    """The search as the research notes describe it: walk the players in order, each unpaired player
    takes the next opponent on its list that is still unpaired, backtrack when a list runs out."""

    def search(unpaired: frozenset[int]) -> list[tuple[int, int]] | None:
        if not unpaired:
            return []
        p = next(x for x in order if x in unpaired)
        for q in preferences[p]:
            if q in unpaired:
                rest = search(unpaired - {p, q})
                if rest is not None:
                    return [(p, q), *rest]
        return None

    return search(frozenset(order))


@settings(max_examples=150)
@given(even_graphs, st.randoms(use_true_random=False))
def test_resolve_finds_the_first_feasible_pairing_in_lexicographic_order(graph, rng):
    """Rules text: "The result is the first feasible pairing in lexicographic order of (processing order,
    preference order)", the same pairing as tsh's depth-first search with backtracking."""
    size, edges = graph
    edge_set = {frozenset(e) for e in edges}
    players = list(range(1, size + 1))
    weight = {frozenset(p): rng.random() for p in combinations(players, 2)}

    def allowed(a, b):
        return frozenset((a - 1, b - 1)) in edge_set

    def key(a, b):
        return (round(weight[frozenset((a, b))], 1),)

    choices = resolve(players, key, allowed, fewest_first=False)
    preferences = {
        p: sorted((q for q in players if q != p and allowed(p, q)), key=lambda q, p=p: (*key(p, q), q)) for p in players
    }
    expected = tsh_depth_first(players, preferences)
    assert (None if choices is None else [c.pair for c in choices]) == expected
    assert pairable(players, allowed) == (expected is not None)


def test_large_groups_are_processed_fewest_candidates_first():
    """Rules text: "For the sake of computational efficiency, tsh looks for opponents first for those players
    who have the fewest candidate opponents (with ties broken by current ranking)" (above 12)."""
    players = list(range(1, OPTIMIZE_ABOVE + 3))
    last = players[-1]

    def allowed(a, b):
        return last not in (a, b) or 1 in (a, b) or 2 in (a, b)

    choices = resolve(players, key=lambda a, b: (abs(a - b),), allowed=allowed)
    assert choices is not None
    assert choices[0].chooser == last
    assert choices[0].opponent == 2


def test_an_odd_or_impossible_group_cannot_be_paired():
    assert resolve([1, 2, 3], key=lambda a, b: ()) is None
    assert resolve([1, 2, 3, 4], key=lambda a, b: (), allowed=lambda a, b: 1 not in (a, b)) is None

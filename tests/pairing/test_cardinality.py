"""The feasibility oracle behind the IBF 4.6 backtracking and tsh's `ResolvePairings`: maximum matchings,
perfect matchings and vertex removal checked against brute force."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from itertools import combinations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pairing.cardinality import Matching, deficit, greedy, maximum_matching


def brute_force(vertices: frozenset[int], edges: Collection[frozenset[int]]) -> int:
    """The most pairs `vertices` can form along `edges`."""

    @cache
    def best(left: frozenset[int]) -> int:
        if len(left) < 2:
            return 0
        v = min(left)
        result = best(left - {v})
        for w in left - {v}:
            if frozenset((v, w)) in edges:
                result = max(result, 1 + best(left - {v, w}))
        return result

    return best(vertices)


def brute_pairable(vertices: list[int], edges: Collection[frozenset[int]]) -> bool:
    """Can an even number of `vertices` all be paired along `edges`?"""
    return brute_force(frozenset(vertices), edges) == len(vertices) // 2


graphs = st.integers(1, 11).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.sets(st.tuples(st.integers(1, n), st.integers(1, n)).filter(lambda e: e[0] != e[1]), max_size=30),
    )
)

even_graphs = st.integers(1, 5).flatmap(
    lambda half: st.tuples(
        st.just(2 * half),
        st.sets(st.sampled_from(list(combinations(range(2 * half), 2)))),
    )
)


@settings(max_examples=150)
@given(graph=graphs, removed=st.lists(st.integers(1, 11), max_size=4, unique=True))
@example(graph=(6, {(1, 4), (2, 3), (2, 4), (2, 5), (4, 6)}), removed=[3, 1])  # 5-2-4-6 opens once 3, 1 go
def test_maximum_matching_size_and_shrinking(graph, removed) -> None:
    n, raw = graph
    vertices = frozenset(range(1, n + 1))
    edges = frozenset(frozenset(e) for e in raw)
    neighbours = {v: {w for e in edges if v in e for w in e if w != v} for v in vertices}
    matching = maximum_matching(vertices, neighbours)
    assert all(matching[matching[v]] == v and frozenset((v, matching[v])) in edges for v in matching)
    assert len(matching) // 2 == brute_force(vertices, edges)
    gone = [v for v in removed if v in vertices]
    shrunk = Matching(vertices, neighbours, prefer=sorted(tuple(sorted(e)) for e in edges)).without(*gone)
    assert shrunk.pairs == brute_force(vertices - set(gone), edges)
    assert shrunk.short == (n - len(gone)) // 2 - shrunk.pairs


@settings(max_examples=150)
@given(even_graphs)
def test_perfect_matching_agrees_with_brute_force(graph):
    size, edges = graph
    edge_set = {frozenset(e) for e in edges}
    adjacent = [[w for w in range(size) if frozenset((v, w)) in edge_set] for v in range(size)]
    assert (deficit(range(size), dict(enumerate(adjacent))) == 0) == brute_pairable(list(range(size)), edge_set)


@settings(max_examples=150)
@given(even_graphs, st.randoms(use_true_random=False))
def test_taking_an_edge_succeeds_exactly_when_the_rest_can_be_paired(graph, rng):
    size, edges = graph
    edge_set = {frozenset(e) for e in edges}
    adjacent = [[w for w in range(size) if frozenset((v, w)) in edge_set] for v in range(size)]
    matching = Matching(range(size), dict(enumerate(adjacent)))
    if matching.short:
        return
    live = set(range(size))
    while live:
        v = rng.choice(sorted(live))
        w = rng.choice(sorted(adjacent[v])) if adjacent[v] else v
        if w == v or w not in live:
            w = next(x for x in sorted(live) if x != v and frozenset((v, x)) in edge_set)
        expected = brute_pairable(sorted(live - {v, w}), edge_set)
        trial = matching.without(v, w)
        assert (trial.short == 0) == expected
        if expected:
            live -= {v, w}
            matching = trial


@settings(max_examples=150)
@given(graphs)
def test_greedy_forms_disjoint_edges_and_leaves_no_edge_unused(graph):
    n, raw = graph
    edges = {frozenset(e) for e in raw}
    neighbours = {v: sorted(w for e in edges if v in e for w in e if w != v) for v in range(1, n + 1)}
    pairs = greedy(range(1, n + 1), neighbours.__getitem__)
    paired = [v for pair in pairs for v in pair]
    assert len(paired) == len(set(paired))
    assert all(frozenset(pair) in edges for pair in pairs)
    assert all(not e.isdisjoint(paired) for e in edges)
    if neighbours[1]:
        assert pairs[0] == (1, neighbours[1][0])

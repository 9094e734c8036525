"""The matching oracle behind the 4.6 backtracking: maximum matchings checked against brute force."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.ibf.matching import Matching, maximum_matching


def brute_force(vertices: frozenset[int], edges: frozenset[frozenset[int]]) -> int:
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


graphs = st.integers(1, 11).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.sets(st.tuples(st.integers(1, n), st.integers(1, n)).filter(lambda e: e[0] != e[1]), max_size=30),
    )
)


@settings(max_examples=150, deadline=None)
@given(graph=graphs, removed=st.lists(st.integers(1, 11), max_size=4, unique=True))
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

"""Weighted matching (`pairing.matching`): the native solver against networkx, the exact oracle (the
solve by tiers of a `DigitGraph` is tested in test_matching_by_digits.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.matching import (
    available_backends,
    matching_weight,
    max_weight_matching,
    max_weight_perfect_matching,
)

pytestmark = pytest.mark.skipif("native" not in available_backends(), reason="the native extension is not built")


@st.composite
def graphs(draw: st.DrawFn, wide: bool) -> tuple[int, list[tuple[int, int, int]]]:
    n = draw(st.integers(2, 14))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    top = 2**200 if wide else 6
    weights = st.one_of(st.integers(0, top), st.sampled_from([top // 2, top // 2 + 1]))
    return n, [(u, v, draw(weights)) for u, v in sorted(chosen)]


def assert_the_optimum_of_networkx(n: int, edges: list[tuple[int, int, int]]) -> None:
    """The native solver's maximum-weight matching, and its maximum-weight perfect matching of the first
    n - n % 2 vertices, weigh what networkx's do (the exact oracle); a perfect one exists for both or
    neither."""
    native = max_weight_matching(n, edges, "native")
    assert matching_weight(edges, native) == matching_weight(edges, max_weight_matching(n, edges, "networkx"))
    even = n - n % 2
    inside = [e for e in edges if e[1] < even]
    perfect = max_weight_perfect_matching(even, inside, "native")
    oracle = max_weight_perfect_matching(even, inside, "networkx")
    assert (perfect is None) == (oracle is None)
    if perfect is not None and oracle is not None:
        assert matching_weight(inside, perfect) == matching_weight(inside, oracle)


@settings(max_examples=300)
@given(graphs(wide=False) | graphs(wide=True))
def test_native_finds_the_optimum_networkx_finds(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    assert_the_optimum_of_networkx(*graph)


@st.composite
def limb_graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]]]:
    """Weights of four 64-bit limbs, each limb one of a few values at the edges of its range, so
    that the slacks of many edges agree in their high limbs and differ, by carries, in the low ones:
    the cases where blossom.c's tests from the most significant limb down (`zero_from_top`,
    `below_from_top`) must read every limb."""
    n = draw(st.integers(2, 12))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1, max_size=len(pairs)))
    limb = st.sampled_from([0, 1, 2, 2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1])
    return n, [(u, v, sum(draw(limb) << (64 * i) for i in range(4))) for u, v in sorted(chosen)]


@settings(max_examples=300)
@given(limb_graphs())
def test_the_native_slack_tests_are_exact_across_limbs(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    """blossom.c decides whether an edge is tight, and whether its slack is below the best edge's,
    from the most significant limb down, stopping early; the optimum is still networkx's, the exact
    oracle, for maximum-weight and maximum-weight perfect matchings."""
    assert_the_optimum_of_networkx(*graph)

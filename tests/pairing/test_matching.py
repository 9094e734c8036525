"""Weighted matching (`pairing.matching`): the native solver against networkx, the exact oracle,
and the solve by tiers (`Tiers`) against one solve of the whole weight."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import matching
from pairing.matching import (
    Tiers,
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
def tiered(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]], Tiers]:
    """Weights of three tiers: a random high part, a middle part whose sum over any matching fits in
    its bits, and digits owned by the lower end of each edge (one level per vertex) valued 1..R."""
    n = draw(st.integers(2, 12))
    radix = draw(st.integers(2, 5))
    digit_bits = (radix**n).bit_length()
    middle_bits = (n * 8).bit_length()
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1, max_size=len(pairs)))
    edges, digits = [], []
    for u, v in sorted(chosen):
        high = draw(st.integers(0, 1))  # few values: ties, so that the lower tiers decide
        middle = draw(st.integers(0, 2))
        value = draw(st.integers(0, radix - 1))
        low = value * radix ** (n - 1 - u)
        edges.append((u, v, (high << (middle_bits + digit_bits)) + (middle << digit_bits) + low))
        digits.append(((u, value),))
    return n, edges, Tiers((middle_bits + digit_bits, digit_bits), digits)


@settings(max_examples=300)
@given(case=tiered(), perfect=st.booleans())
def test_the_solve_by_tiers_finds_the_optimum_of_the_whole_weight(
    case: tuple[int, list[tuple[int, int, int]], Tiers], perfect: bool
) -> None:
    n, edges, tiers = case
    if perfect:
        n -= n % 2
        inside = [k for k, e in enumerate(edges) if e[1] < n]
        edges = [edges[k] for k in inside]
        tiers = Tiers(tiers.cuts, [tiers.digits[k] for k in inside])  # each edge keeps its own digits
        whole = max_weight_perfect_matching(n, edges, "native") if edges else None
        if whole is None:
            return
    else:
        whole = max_weight_matching(n, edges, "native")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matching, "DIGIT_CHUNK_BITS", 3)  # several digit chunks even for small graphs
        by_tiers = matching._by_tiers(n, edges, perfect, tiers)
    assert matching_weight(edges, by_tiers) == matching_weight(edges, whole)
    if perfect:
        assert -1 not in by_tiers


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

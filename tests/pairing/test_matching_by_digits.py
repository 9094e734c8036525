"""`pairing.matching.max_weight_matching_by_digits`: a graph given as columns with one lexicographic digit per
edge (the Burstein System's 4.3, C.04.4.2 Article 4.3) is solved by the native tiers to the optimum of one
solve of its whole weights (`DigitGraph.edges`), perfect or not."""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import matching
from pairing.matching import (
    DigitGraph,
    available_backends,
    matching_weight,
    max_weight_matching,
    max_weight_matching_by_digits,
    max_weight_perfect_matching,
)

pytestmark = pytest.mark.skipif(
    not {"native", "networkx"} <= set(available_backends()), reason="needs the native extension and networkx"
)


TIER_BITS = 5
"""Bits of each tier of the high part: its values (0-2) summed over a matching of at most 6 edges fit."""


@st.composite
def digit_graphs(draw: st.DrawFn) -> tuple[int, DigitGraph]:
    """Edges (u, v), u < v, row by row; each row's edges are the run of level u, valued 1..radix-1 at the place
    radix ** (n - 1 - u), as 4.3 writes each BSN's opponent; a high part of few values (ties) in one to three
    tiers (`DigitGraph.high_cuts`, each wide enough for its sum over a matching, as the Dutch fields are), and
    some edges without a digit."""
    n = draw(st.integers(2, 12))
    radix = draw(st.integers(2, 6))
    high_cuts = tuple(TIER_BITS * k for k in range(draw(st.integers(0, 2)), 0, -1))
    us: list[int] = []
    vs: list[int] = []
    high: list[int] = []
    values: list[int] = []
    levels: list[tuple[int, int, int]] = []
    for u in range(n):
        later = draw(st.lists(st.integers(u + 1, n - 1), unique=True)) if u < n - 1 else []
        start = len(us)
        for v in sorted(later):
            us.append(u)
            vs.append(v)
            high.append(sum(draw(st.integers(0, 2)) << cut for cut in (*high_cuts, 0)))
            values.append(draw(st.integers(0, radix - 1)))
        if draw(st.booleans()):  # a run of digits; else the row's edges have none
            values[start:] = [max(value, 1) for value in values[start:]]
            if len(us) > start:
                levels.append((start, len(us), radix ** (n - 1 - u)))
        else:
            values[start:] = [0] * (len(us) - start)
    return n, DigitGraph(us, vs, high, (radix**n).bit_length(), values, levels, high_cuts)


@settings(max_examples=300)
@given(case=digit_graphs(), perfect=st.booleans())
def test_the_columns_solved_by_tiers_give_the_optimum_of_the_whole_weight(
    case: tuple[int, DigitGraph], perfect: bool
) -> None:
    n, graph = case
    edges = graph.edges()
    solve = max_weight_perfect_matching if perfect else max_weight_matching
    whole = solve(n, edges, "networkx")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matching, "TIERED_BITS", 0)  # the tiers even for these narrow weights
        patch.setattr(matching, "LEVEL_CHUNK_BITS", 3)  # several chunks of levels
        by_digits = max_weight_matching_by_digits(n, graph, perfect, "native")
    assert (by_digits is None) == (whole is None)
    if by_digits is not None and whole is not None:
        assert matching_weight(edges, by_digits) == matching_weight(edges, whole)
        assert not perfect or -1 not in by_digits
    assert max_weight_matching_by_digits(n, graph, perfect, "networkx") == whole


@st.composite
def dense_graphs(draw: st.DrawFn) -> tuple[int, DigitGraph]:
    """Graphs of 16 to 36 vertices, dense enough that the sparse-first solve (`DigitGraph.sparse_first`)
    starts from fewer than half the edges and must add some (blossom.c, `priced_solve`): weights of few
    values (many equal optima), wide random ones, or one tier above another; some with a vertex left with
    one edge or none, or an odd part cut off, so that no perfect matching may exist."""
    n = draw(st.integers(8, 18)) * 2
    density = draw(st.sampled_from([5, 8, 10]))  # tenths of the pairs kept
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    draws = draw(st.lists(st.integers(0, 9), min_size=len(pairs), max_size=len(pairs)))
    kept = [p for p, d in zip(pairs, draws, strict=True) if d < density]
    shape = draw(st.sampled_from(["few", "wide", "tiers"]))
    cut_off = draw(st.sampled_from([None, "isolated", "pendant", "odd part"]))
    if cut_off == "isolated":
        kept = [(u, v) for u, v in kept if n - 1 not in (u, v)]
    elif cut_off == "pendant":
        kept = [(u, v) for u, v in kept if n - 1 not in (u, v) or u == 0]
    elif cut_off == "odd part":  # vertices 0-2 joined only among themselves
        kept = [(u, v) for u, v in kept if (u < 3) == (v < 3)]
    values = {"few": st.sampled_from([0, 1, 2]), "wide": st.integers(0, 2**130), "tiers": st.integers(0, 3)}[shape]
    high = [draw(values) for _ in kept]
    high_cuts: tuple[int, ...] = ()
    potentials: list[int] = []
    if shape == "tiers":  # a top tier of few values over a random lower one (6 bits hold a matching's sum)
        high = [(h << 12) + draw(st.integers(0, 2**6 - 1)) for h in high]
        high_cuts = (12,)
        potentials = draw(st.lists(st.integers(0, 9), max_size=n))  # any will do, for some of the vertices
    us = [u for u, _ in kept]
    vs = [v for _, v in kept]
    return n, DigitGraph(us, vs, high, 0, [0] * len(kept), [], high_cuts, sparse_first=True, potentials=potentials)


@settings(max_examples=150, deadline=None)
@given(dense_graphs())
def test_the_sparse_first_solve_finds_the_optimum_networkx_finds(case: tuple[int, DigitGraph]) -> None:
    """A perfect matching solved sparse first (on a few edges, then on those its duals leave uncovered)
    weighs what networkx's maximum-weight perfect matching weighs, the exact oracle; by tiers, the first
    tier's certificate from those duals, its weights shifted by potentials, keeps every optimum; and
    where networkx finds no perfect matching, there is none. Without `sparse_first` the result is the
    same weight."""
    n, graph = case
    edges = graph.edges()
    oracle = max_weight_perfect_matching(n, edges, "networkx")
    sparse = max_weight_matching_by_digits(n, graph, True, "native")
    plain = max_weight_matching_by_digits(n, evolve(graph, sparse_first=False), True, "native")
    assert (sparse is None) == (oracle is None) == (plain is None)
    if sparse is not None and oracle is not None and plain is not None:
        assert -1 not in sparse
        assert matching_weight(edges, sparse) == matching_weight(edges, oracle) == matching_weight(edges, plain)


def test_the_tiers_weigh_a_shared_number_and_equal_numbers_built_apart_alike() -> None:
    """The tiers code the high part by object (`matching._shared`, as the Dutch rows share one number among
    a vertex's edges to partners of one profile): a number shared by several edges and equal numbers built
    apart, wide enough to span three tiers of 100 bits, give the optimum of the whole weights (networkx)."""
    shared = (3 << 200) + (1 << 100) + 5
    apart = [int(str(shared)) for _ in range(3)]  # equal to `shared`, each its own object
    assert all(number is not shared and number == shared for number in apart)
    pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (2, 5), (1, 5)]
    high = [shared, shared, apart[0], (3 << 200) + 7, apart[1], shared, apart[2], (2 << 200) + (3 << 100), shared, 9]
    graph = DigitGraph([u for u, _ in pairs], [v for _, v in pairs], high, 0, [0] * len(pairs), [], (200, 100))
    for perfect in (True, False):
        oracle = (max_weight_perfect_matching if perfect else max_weight_matching)(6, graph.edges(), "networkx")
        tiered = max_weight_matching_by_digits(6, graph, perfect, "native")
        assert oracle is not None and tiered is not None
        assert matching_weight(graph.edges(), tiered) == matching_weight(graph.edges(), oracle)

"""Maximum-weight matching on general graphs, exact for integer weights of any size.

One small interface, so that the implementation can be swapped and benchmarked (ARCHITECTURE.md,
"Weighted matching"): `max_weight_matching(n, edges)` returns each vertex's mate. The Swiss engines
encode their criteria, in priority order, as bit fields of one integer weight (hundreds of bits for
a big open), so no float or 64/128-bit solver will do (docs/performance.md, "Pairing (Dutch)").

Backends, fastest first:

- ``native``: `pairing/_native/blossom.c`, an O(n^3) primal-dual blossom algorithm on fixed-width
  multi-limb integers (built by setuptools, or in place by ``python -m pairing._native.build``);
- ``networkx``: `networkx.max_weight_matching`, exact with Python integers, pure Python.
"""

from __future__ import annotations

import importlib.util
import os
from array import array
from collections.abc import Callable, Sequence
from functools import cache

Edge = tuple[int, int, int]
"""(u, v, weight): vertices are 0..n-1, the weight a non-negative integer."""

try:
    from pairing._native import _blossom  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    _blossom = None


@cache
def available_backends() -> tuple[str, ...]:
    names = []
    if _blossom is not None:
        names.append("native")
    if importlib.util.find_spec("networkx") is not None:
        names.append("networkx")
    return tuple(names)


def default_backend() -> str:
    """``$ARBITER_MATCHING`` if set, else the fastest available backend."""
    chosen = os.environ.get("ARBITER_MATCHING")
    backends = available_backends()
    if chosen:
        if chosen not in backends:
            raise RuntimeError(f"matching backend {chosen!r} is not available; available: {', '.join(backends)}")
        return chosen
    if not backends:
        raise RuntimeError(
            "no matching backend: build pairing/_native (python -m pairing._native.build) or install networkx"
        )
    return backends[0]


def max_weight_matching(n: int, edges: Sequence[Edge], backend: str | None = None) -> list[int]:
    """A matching of maximum total weight (not necessarily of maximum cardinality): `mate[v]` is v's
    partner or -1. Edges of weight 0 may be left out of the matching."""
    backend = backend or default_backend()
    if backend == "native":
        return _native(n, edges)
    if backend == "networkx":
        return _networkx(n, edges)
    raise ValueError(f"unknown matching backend {backend!r}")


def _native(n: int, edges: Sequence[Edge]) -> list[int]:
    return _native_with_duals(n, edges)[0]


def max_weight_perfect_matching(n: int, edges: Sequence[Edge], backend: str | None = None) -> list[int] | None:
    """A perfect matching of maximum total weight, or None if the graph has none.

    The native backend starts from feasible duals (each vertex at its heaviest edge) and the edges
    tight at both ends, which matches most of a Swiss field before the first augmenting search.
    Weights are shifted by a constant, which changes every perfect matching's weight by the same
    amount and keeps every dual positive.
    """
    backend = backend or default_backend()
    if n % 2:
        return None
    if n == 0:
        return []
    if backend == "native" and edges:
        distinct = {w for _, _, w in edges}
        low, high = min(distinct), max(distinct)
        shift = (high - low + 1) * 4 * (n + 1) - low
        # Doubled, so that every starting dual is even, as the integral method needs (the slack of an
        # edge between two outer vertices must stay even for its half to be exact).
        mate, _ = _native_with_duals(n, edges, perfect=True, transform=lambda w: 2 * (w + shift))
    else:
        top = max((w for _, _, w in edges), default=0) + 1
        lifted = [(u, v, w + top * n) for u, v, w in edges]  # any perfect matching beats any other
        mate = max_weight_matching(n, lifted, backend)
    return None if -1 in mate else mate


def _native_with_duals(
    n: int, edges: Sequence[Edge], perfect: bool = False, transform: Callable[[int], int] | None = None
) -> tuple[list[int], list[int]]:
    """Run the C solver; `transform` maps each weight first (computed once per distinct weight: a
    Swiss round's graph has many edges of the same weight)."""
    if not edges:
        return [-1] * n, [0] * n
    distinct = {w for _, _, w in edges}
    if min(distinct) < 0:
        raise ValueError("weights must be non-negative")
    mapped = {w: transform(w) for w in distinct} if transform else {w: w for w in distinct}
    top = max(mapped.values())
    limbs = (top.bit_length() + 3) // 64 + 1
    width = 8 * limbs
    encoded = {w: v.to_bytes(width, "little") for w, v in mapped.items()}
    us = array("i", [e[0] for e in edges])
    vs = array("i", [e[1] for e in edges])
    weights = b"".join([encoded[e[2]] for e in edges])
    mates_bytes, dual_bytes = _blossom.solve(n, us.tobytes(), vs.tobytes(), weights, limbs, perfect)
    mates = array("i")
    mates.frombytes(mates_bytes)
    duals = [int.from_bytes(dual_bytes[i * width : (i + 1) * width], "little") for i in range(n)]
    return mates.tolist(), duals


def _networkx(n: int, edges: Sequence[Edge]) -> list[int]:
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(edges)
    mate = [-1] * n
    for u, v in nx.max_weight_matching(graph, maxcardinality=False):
        mate[u], mate[v] = v, u
    return mate


def matching_weight(edges: Sequence[Edge], mate: Sequence[int]) -> int:
    """The total weight of the matched edges (each edge counted once)."""
    return sum(w for u, v, w in edges if mate[u] == v)

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
from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from struct import pack

from pairing.values import value

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


TIERED_BITS = 128
"""Below tiers of this many bits (in all), the native backend solves the whole weight at once."""


def max_weight_matching(n: int, edges: Sequence[Edge], backend: str | None = None) -> list[int]:
    """A matching of maximum total weight (not necessarily of maximum cardinality): `mate[v]` is v's
    partner or -1. Edges of weight 0 may be left out of the matching."""
    backend = backend or default_backend()
    if backend == "native":
        return _native_solve(n, edges, False)[0]
    if backend == "networkx":
        return _networkx(n, edges)
    raise ValueError(f"unknown matching backend {backend!r}")


def max_weight_perfect_matching(n: int, edges: Sequence[Edge], backend: str | None = None) -> list[int] | None:
    """A perfect matching of maximum total weight, or None if the graph has none.

    The native backend may start from any feasible duals with the matched edges tight, and keeps the
    better of two greedy starts (blossom.c: `start_heaviest`, `start_greedy`), which matches most of
    a Swiss field before the first augmenting search. Weights are shifted by a constant, which
    changes every perfect matching's weight by the same amount and keeps every dual positive.
    """
    backend = backend or default_backend()
    if n % 2:
        return None
    if n == 0:
        return []
    if backend == "native" and edges:
        mate = _native_solve(n, edges, True)[0]
    else:
        top = max((w for _, _, w in edges), default=0) + 1
        lifted = [(u, v, w + top * n) for u, v, w in edges]  # any perfect matching beats any other
        mate = max_weight_matching(n, lifted, backend)
    return None if -1 in mate else mate


NOT_TIGHT = 255
"""The certificate's byte for an edge that no maximum-weight matching uses."""


def _perfect_shift(n: int, low: int, high: int) -> int:
    """What the perfect mode adds to every weight (from `low` to `high`) before doubling it, so that no
    dual falls below zero; doubled, every starting dual is even, as the integral method needs (the slack
    of an edge between two outer vertices must stay even for its half to be exact)."""
    return (high - low + 1) * 4 * (n + 1) - low


def _native_solve(
    n: int, edges: Sequence[Edge], perfect: bool = False, with_certificate: bool = False
) -> tuple[list[int], bytes | None]:
    """Run the C solver on `edges`: mates and, if asked, the per-edge certificate."""
    return _native_columns(
        n, [e[0] for e in edges], [e[1] for e in edges], [e[2] for e in edges], perfect, with_certificate
    )


def _native_columns(
    n: int,
    us: Sequence[int],
    vs: Sequence[int],
    weights: list[int],
    perfect: bool,
    with_certificate: bool,
    sparse_first: bool = False,
    value_of: Callable[[int], int] | None = None,
) -> tuple[list[int], bytes | None]:
    """`_native_solve` with the edges given as three columns. Weights are encoded once per distinct
    value (a Swiss round's graph has many edges of the same weight). With `value_of`, `weights` are
    small codes of the weights instead, each weighing ``value_of(code)`` (`_digits_by_tiers`: hashing
    a small code per edge instead of a wide number). With `sparse_first` (perfect mode only), the
    solver starts from a few edges (`DigitGraph.sparse_first`)."""
    if not weights:
        return [-1] * n, b"" if with_certificate else None
    distinct = set(weights)
    value = {code: value_of(code) for code in distinct} if value_of else {w: w for w in distinct}
    low, top = min(value.values()), max(value.values())
    if low < 0:
        raise ValueError("weights must be non-negative")
    shift = _perfect_shift(n, low, top) if perfect else 0
    scale = 2 if perfect else 1
    limbs = ((scale * (top + shift)).bit_length() + 3) // 64 + 1
    width = 8 * limbs
    encoded = {code: (scale * (w + shift)).to_bytes(width, "little") for code, w in value.items()}
    mates_bytes, certificate = _blossom.solve(
        n,
        pack(f"{len(us)}i", *us),  # as C ints: twice as fast as an `array` made from a list
        pack(f"{len(vs)}i", *vs),
        b"".join(map(encoded.__getitem__, weights)),
        limbs,
        perfect,
        with_certificate,
        sparse_first,
    )
    mates = array("i")
    mates.frombytes(mates_bytes)
    return mates.tolist(), certificate


@value
class DigitGraph:
    """A graph given as columns, whose weights end in a lexicographic order of one digit per edge (the
    Burstein System's 4.3: each player's partner ranked), for `max_weight_matching_by_digits`.

    Edge k joins ``us[k]`` and ``vs[k]`` and weighs ``high[k] << cut``, plus ``values[k] * place`` if
    it lies in a run ``(start, end, place)`` of `levels` (``start <= k < end``). The runs are disjoint
    and listed the most significant level first; the values are positive, the edges of a run share a
    vertex (a matching takes at most one of its values), and the places make the order of the
    weights below ``cut`` the order of the digit sequences: only the order of each level's values
    matters, not their size.

    `high_cuts`, if given, are bit positions of ``high`` (descending) that divide it into lexicographic
    tiers: tier 0 the bits from ``high_cuts[0]`` up, tier i the bits from ``high_cuts[i]`` below
    ``high_cuts[i-1]``. The sum of a tier over any matching must fit in its bits, so that no tier carries
    into the one above; then the first solve, on every edge, reads only the top tier's narrow numbers.

    `sparse_first`: the caller reads only what every maximum-weight matching of the graph has in common
    (the argument is the caller's), so the native backend may find any of them. Its first solve (the
    only one without tiers, else the top tier's, whose certificate alone is read) is then solved on a
    few edges first, those its optimum leaves uncovered added round after round (blossom.c,
    `priced_solve`): the same optimum weight and a valid certificate, but not always the matching the
    whole graph's solve picks among equal ones. The later tiers keep the greedy starts.

    `potentials` (with `sparse_first`, perfect matchings, tiers): one number per vertex (0 past the
    list's end) for that first solve, which weighs each edge by twice its top tier plus the potentials
    of its ends. Every perfect matching gains the same sum, so the optima are the same; potentials that
    take out what each vertex adds to all its edges leave each vertex's best edges spread over the graph
    instead of all at a few vertices, and the few edges of the sparse solve nearly suffice."""

    us: Sequence[int]
    vs: Sequence[int]
    high: list[int]
    cut: int
    values: Sequence[int]
    levels: list[tuple[int, int, int]]
    high_cuts: tuple[int, ...] = ()
    sparse_first: bool = False
    potentials: Sequence[int] = ()

    def edges(self) -> list[Edge]:
        """The graph as (u, v, weight) with the whole weights."""
        return list(zip(self.us, self.vs, self.weights(), strict=True))

    def weights(self) -> list[int]:
        """The whole weights, edge by edge."""
        cut = self.cut
        weights = [h << cut for h in self.high] if cut else list(self.high)
        values = self.values
        for start, end, place in self.levels:
            weights[start:end] = [w + values[k] * place for k, w in enumerate(weights[start:end], start)]
        return weights


def max_weight_matching_by_digits(
    n: int, graph: DigitGraph, perfect: bool, backend: str | None = None
) -> list[int] | None:
    """`max_weight_perfect_matching` (if `perfect`) or `max_weight_matching` of `graph`, with the same
    result as on ``graph.edges()``. A wide graph is
    solved by the native backend without its whole weights ever being built: the bits from the cut
    up first (tier by tier, with `DigitGraph.high_cuts`), then the levels a chunk at a time
    (`_digits_by_tiers`); a narrow one goes to it as columns, without edge tuples."""
    backend = backend or default_backend()
    if backend != "native" or not graph.us or (perfect and (n % 2 or n == 0)):
        edges = graph.edges()
        return max_weight_perfect_matching(n, edges, backend) if perfect else max_weight_matching(n, edges, backend)
    if graph.cut >= TIERED_BITS or graph.high_cuts:
        mate = _digits_by_tiers(n, graph, perfect)
    else:  # the native solve of `max_weight_perfect_matching` or `max_weight_matching`, without edge tuples
        mate = _native_columns(n, graph.us, graph.vs, graph.weights(), perfect, False, graph.sparse_first)[0]
    return None if perfect and -1 in mate else mate


def _digits_by_tiers(n: int, graph: DigitGraph, perfect: bool) -> list[int]:
    """The same optimum as one solve of the whole weights, from one narrow solve per tier: the high
    part's tiers (`DigitGraph.high_cuts`) first, then the levels a chunk at a time (`_level_chunk`).

    The first solve maximises tier 0 alone. Its final duals are an optimal dual solution (any one will
    do, so it may be `DigitGraph.sparse_first`'s), and by
    complementary slackness (Edmonds' matching polytope) the matchings of maximum weight are exactly
    the matchings of tight edges that cover every vertex of positive dual and fill every blossom of
    positive dual: the solver's certificate gives each tight edge a small count whose sum over a
    matching is the greatest exactly for those. So each next solve keeps only the tight edges and
    weighs them by that count above the next tier: its optima are the optima of the tiers so far.
    The kept edges are carried as their columns, shrunk after each solve to the edges its certificate
    finds tight; a level's kept edges are a slice of them. The high part is carried as small codes
    (`_shared`), each tier's bits cut once per code; the solves after the first take their weights
    as small codes (`_native_columns`' `value_of`), each distinct weight built once."""
    kept: Sequence[int] = range(len(graph.us))
    us, vs = graph.us, graph.vs
    high, numbers = _shared(graph.high)
    cuts = [*graph.high_cuts, 0]
    top_tier, value_of = _top_tier(n, graph, high, [h >> cuts[0] for h in numbers], perfect)
    mate, certificate = _native_columns(n, us, vs, top_tier, perfect, True, graph.sparse_first, value_of)
    first: int | None = 0
    while certificate is not None:
        mask = certificate.translate(_TIGHT)
        counts = bytes(compress(certificate, mask))
        kept, us, vs = (list(compress(column, mask)) for column in (kept, us, vs))
        if len(cuts) > 1:  # the next tier of the high part, on every kept edge
            high = list(compress(high, mask))
            top = cuts.pop(0)
            ranks, rank_of = _ranked(_high_tier(numbers, top, cuts[0]))
            chunk = [(0, len(kept), list(map(rank_of.__getitem__, high)))]
            scale = 1 << (top - cuts[0])
            following = first if len(cuts) > 1 or graph.levels else None
        else:
            chunk, ranks, scale, following = _level_chunk(graph, kept, first or 0)
        if perfect and len(set(counts)) == 1:
            counts = b""  # no kept edge in a blossom of positive dual: every perfect matching has the greatest count
        radix = len(ranks)  # a code is count * radix + the index of its rank in `ranks`
        placed = [count * radix for count in range(256)]  # a certificate's byte to its code
        weights = list(map(placed.__getitem__, counts)) if counts else [0] * len(kept)
        for low, high_end, ranked in chunk:
            weights[low:high_end] = [w + r for w, r in zip(weights[low:high_end], ranked, strict=True)]
        last = following is None
        mate, certificate = _native_columns(
            n, us, vs, weights, perfect, not last, value_of=_tier_value(radix, scale, ranks)
        )
        first = following
    return mate


def _tier_value(radix: int, scale: int, ranks: list[int]) -> Callable[[int], int]:
    """The weight of a later tier's code (`_digits_by_tiers`): its certificate count times `scale`,
    plus its rank."""

    def value_of(code: int) -> int:
        count, rank = divmod(code, radix)
        return count * scale + ranks[rank]

    return value_of


def _top_tier(
    n: int, graph: DigitGraph, high: list[int], tops: list[int], perfect: bool
) -> tuple[list[int], Callable[[int], int] | None]:
    """The first solve's weights and `_native_columns`' `value_of`: the top tier of each edge's high part
    (`tops` by `high`'s codes, `_shared`), or with potentials (`DigitGraph.potentials`, perfect matchings)
    twice it plus the potentials of the edge's ends. Those weights are not coded: the pairs of a tier's
    value and a sum of potentials outnumber the weights they give (about 93,000 against 8,500 in a
    700-player bracket), and building and encoding each pair's weight took longer than hashing each
    edge's."""
    if not (perfect and graph.potentials):
        return high, tops.__getitem__
    held = [*graph.potentials, *[0] * (n - len(graph.potentials))]
    return [2 * tops[code] + held[u] + held[v] for code, u, v in zip(high, graph.us, graph.vs, strict=True)], None


def _shared(numbers: list[int]) -> tuple[list[int], list[int]]:
    """Each of `numbers` as a small code, and the number of each code: one code per object, not per
    value (equal numbers built apart get two codes), which takes no hashing of wide numbers. The rows
    of a graph (`pairing.fide.dutch.shortcuts._Rows`) share one high part among a vertex's edges to
    the partners of one profile, so a remainder of 1,440 players has a few thousand of them for a
    million edges."""
    owners = dict(zip(map(id, numbers), numbers, strict=True))  # the objects are alive: `numbers` holds them
    code_of = {key: code for code, key in enumerate(owners)}
    return list(map(code_of.__getitem__, map(id, numbers))), list(owners.values())


def _ranked(tier: list[int]) -> tuple[list[int], list[int]]:
    """A high tier's values by code (`tier`, from `_shared`'s numbers) as 0 then its distinct values, and
    each code's index among them: equal values built apart share an index, so that a tier's solve
    encodes each distinct weight once."""
    ranks = [0, *dict.fromkeys(tier)]
    index = {number: at for at, number in enumerate(ranks) if at}
    return ranks, [index[number] for number in tier]


def _high_tier(high: list[int], top: int | None, cut: int) -> list[int]:
    """The bits of each of `high` from `cut` up to `top` (all of them without `top`). Shifted edge by
    edge: a set and a table of the distinct values took longer, hashing every wide number twice."""
    if top is None:
        return [h >> cut for h in high] if cut else high
    mask = (1 << (top - cut)) - 1
    return [(h >> cut) & mask for h in high]


LEVEL_CHUNK_BITS = 384
"""The width of the levels `_digits_by_tiers` solves together (a 3,000-player Burstein round, the solver's
CPU: about 15 % less than at 192 bits, fewer solves outweighing wider numbers; more at 512)."""


_TIGHT = bytes(1 if c != NOT_TIGHT else 0 for c in range(256))
"""A certificate byte (`NOT_TIGHT` or a count) to 0 (not tight) or 1, for `itertools.compress`."""


def _level_chunk(
    graph: DigitGraph, kept: list[int], first: int
) -> tuple[list[tuple[int, int, list[int]]], list[int], int, int | None]:
    """The next chunk of `graph`'s digit levels: the levels from `first` on (an index in ``graph.levels``) that
    fit in about `LEVEL_CHUNK_BITS`, each as the slice of `kept` holding its edges and their codes; the
    values by code (0 for code 0: no level), each level's values by rank in mixed radix (the least
    significant level last); the radix product; and where the next chunk starts, or None if this one is
    the last."""
    values = graph.values
    chunk: list[tuple[int, int, list[int], list[int]]] = []
    bits = 0
    following: int | None = None
    for at in range(first, len(graph.levels)):
        start, end, _ = graph.levels[at]
        low = bisect_left(kept, start)
        high = bisect_left(kept, end, low)
        if low == high:
            continue  # no kept edge has a value at this level any more
        held = [values[k] for k in kept[low:high]]
        distinct = sorted(set(held))
        width = len(distinct).bit_length()
        if chunk and bits + width > LEVEL_CHUNK_BITS:
            following = at
            break
        chunk.append((low, high, held, distinct))
        bits += width
    coded: list[tuple[int, int, list[int]]] = []
    ranks = [0]
    scale = 1
    for low, high, held, distinct in reversed(chunk):  # least significant first
        code = {value: len(ranks) + i for i, value in enumerate(distinct)}
        ranks.extend(i * scale for i in range(1, len(distinct) + 1))
        coded.append((low, high, list(map(code.__getitem__, held))))
        scale *= len(distinct) + 1
    return coded, ranks, scale, following


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

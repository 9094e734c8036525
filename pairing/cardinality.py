"""Maximum-cardinality matching in a general graph: the pairing engines' feasibility oracle.

What it is for: a pairing procedure written as a search with backtracking (IBF Pairing Rules 4.5 and 4.6,
"the last formed pair is split ... and another opponent is selected"; tsh's `ResolvePairings`) finds the
same pairing without exploring dead ends if each player takes the first opponent, in the procedure's
order, after which the rest can still be paired. This module answers "can the rest still be paired, and
how many pairs short?" (`Matching.short`, `deficit`), also when some rematches must be allowed.

The algorithm is Edmonds' blossom algorithm for maximum-cardinality matching (J. Edmonds, "Paths, trees,
and flowers", Canadian Journal of Mathematics 17 (1965), 449-467): grow a matching by augmenting paths,
shrinking odd cycles (blossoms) as they are found. `Matching` keeps a maximum matching of a graph from
which players are taken away pair by pair: when vertices are removed, an augmenting path starts at a
former partner, or joins two vertices already left free (only if the matching was short), and a vertex
with no augmenting path keeps none after another is augmented. From a perfect matching (the usual
question) each update so costs one or two searches, not a new matching. A good start (`prefer`, e.g.
from `greedy`: the pairs a procedure forms before it ever backtracks) leaves few vertices for the
costlier searches.

Pure and deterministic: vertices are any ints, visited in ascending order; the neighbour relation must be
symmetric. (`pairing/matching.py` is the project's weighted matching, one call per pairing; this oracle
answers many small feasibility questions incrementally.) Used by `pairing/ibf/swiss.py` and
`pairing/tsh/resolve.py`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping

Neighbours = Mapping[int, Collection[int]]
"""v -> the vertices v may be paired with (symmetric; vertices outside the graph are ignored)."""

_FREE = -1


class Matching:
    """A maximum matching of the graph induced on the vertices still present."""

    def __init__(self, vertices: Collection[int], neighbours: Neighbours, prefer: Iterable[tuple[int, int]] = ()):
        """Build the graph on `vertices`; start from the pairs of `prefer` that are edges (e.g. the pairs a
        procedure would form first), then augment to a maximum matching."""
        self._order = sorted(vertices)
        self._index = {v: i for i, v in enumerate(self._order)}
        self._adjacent = [
            sorted(self._index[w] for w in neighbours.get(v, ()) if w in self._index and w != v) for v in self._order
        ]
        n = len(self._order)
        self._mate = [_FREE] * n
        self._gone = [False] * n
        for a, b in prefer:
            i, j = self._index.get(a), self._index.get(b)
            if i is None or j is None or self._mate[i] != _FREE or self._mate[j] != _FREE or j not in self._adjacent[i]:
                continue
            self._mate[i], self._mate[j] = j, i
        for i in range(n):  # a greedy start leaves few vertices for the (costlier) augmenting searches
            if self._mate[i] == _FREE:
                j = next((j for j in self._adjacent[i] if self._mate[j] == _FREE), _FREE)
                if j != _FREE:
                    self._mate[i], self._mate[j] = j, i
        for root in range(n):
            if self._mate[root] == _FREE:
                _augment_from(root, self._adjacent, self._mate, self._gone)  # Berge: no path now, none later
        self._size = sum(1 for m in self._mate if m != _FREE) // 2
        self._present = n

    @property
    def pairs(self) -> int:
        """How many pairs the matching has."""
        return self._size

    @property
    def short(self) -> int:
        """How many pairs short of a perfect matching (an odd vertex left over does not count)."""
        return self._present // 2 - self._size

    def without(self, *vertices: int) -> Matching:
        """A maximum matching of the graph with `vertices` taken away (a new object; this one is unchanged).

        `without(p, q).short == 0` for an edge p-q: some perfect matching of the rest pairs p with q."""
        other = Matching.__new__(Matching)
        other._order, other._index, other._adjacent = self._order, self._index, self._adjacent
        other._mate, other._gone = list(self._mate), list(self._gone)
        freed = []
        for v in vertices:
            i = self._index[v]
            other._gone[i] = True
            mate = other._mate[i]
            if mate != _FREE:
                other._mate[mate] = _FREE
                other._mate[i] = _FREE
                freed.append(mate)
        roots = freed
        if self.short:  # two vertices left free before may now be joined by a path through a removed one
            roots = [*freed, *range(len(other._mate))]
        grown = 0
        for root in roots:
            if not other._gone[root] and other._mate[root] == _FREE:
                grown += _augment_from(root, other._adjacent, other._mate, other._gone)
        other._size = self._size - len(freed) + grown
        other._present = self._present - len(vertices)
        return other

    def as_dict(self) -> dict[int, int]:
        """The pairs of the matching; both ends of each pair map to each other."""
        return {self._order[i]: self._order[m] for i, m in enumerate(self._mate) if m != _FREE and not self._gone[i]}


def maximum_matching(vertices: Collection[int], neighbours: Neighbours) -> dict[int, int]:
    """A maximum matching of the graph induced on `vertices`; both ends of each pair map to each other."""
    return Matching(vertices, neighbours).as_dict()


def deficit(vertices: Collection[int], neighbours: Neighbours) -> int:
    """How many pairs of `vertices` cannot be formed from edges of the graph (0: a perfect matching exists,
    for an even number of vertices)."""
    return Matching(vertices, neighbours).short


def greedy(order: Iterable[int], candidates: Callable[[int], Iterable[int]]) -> list[tuple[int, int]]:
    """First come, first served: each vertex of `order` not yet paired takes its first candidate not yet
    paired. The pairs a procedure forms before it ever backtracks: a good `prefer` for `Matching`."""
    paired: set[int] = set()
    pairs = []
    for p in order:
        if p in paired:
            continue
        q = next((q for q in candidates(p) if q != p and q not in paired), None)
        if q is not None:
            paired |= {p, q}
            pairs.append((p, q))
    return pairs


def _augment_from(root: int, adjacent: list[list[int]], mate: list[int], gone: list[bool]) -> bool:
    """Search an augmenting path from the free vertex `root`, ignoring removed vertices; flip it if found.

    Breadth-first from `root` over alternating paths; an edge between two outer vertices closes a blossom,
    which is shrunk onto its base (Edmonds 1965)."""
    n = len(adjacent)
    parent = [_FREE] * n
    base = list(range(n))
    outer = [False] * n
    outer[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == _FREE:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, stem: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stem:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacent[v]:
            if gone[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != _FREE and parent[mate[to]] != _FREE):
                stem = common_base(v, to)
                blossom = [False] * n
                mark_path(v, stem, to, blossom)
                mark_path(to, stem, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = stem
                        if not outer[i]:
                            outer[i] = True
                            queue.append(i)
            elif parent[to] == _FREE:
                parent[to] = v
                if mate[to] == _FREE:
                    while to != _FREE:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return True
                outer[mate[to]] = True
                queue.append(mate[to])
    return False

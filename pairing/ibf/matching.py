"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm), the IBF engines' oracle.

The Swiss procedures of IBF Pairing Rules 4.5 and 4.6 are searches with backtracking ("the last formed
pair is split ... and another opponent is selected"). A search that tries opponents in the rules' order
and accepts the first one that still lets every remaining player be paired finds the same pairing as
chronological backtracking, without exploring dead ends. This module answers "can the rest still be
paired, and how many pairs short?".

`Matching` keeps a maximum matching of a graph from which players are taken away pair by pair. When two
vertices are removed, only their former partners can start an augmenting path (any other path would have
augmented the matching before), so each update costs one or two searches, not a new matching. Pure and
deterministic: vertices are visited in ascending order. (`pairing/matching.py` is the project's weighted
matching, one call per pairing; this oracle answers many small feasibility questions incrementally.)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping

Neighbours = Mapping[int, frozenset[int] | set[int]]


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
        self._mate = [-1] * n
        self._gone = [False] * n
        for a, b in prefer:
            i, j = self._index.get(a), self._index.get(b)
            if i is None or j is None or self._mate[i] != -1 or self._mate[j] != -1 or j not in self._adjacent[i]:
                continue
            self._mate[i], self._mate[j] = j, i
        for i in range(n):  # a greedy start leaves few vertices for the (costlier) augmenting searches
            if self._mate[i] == -1:
                j = next((j for j in self._adjacent[i] if self._mate[j] == -1), -1)
                if j != -1:
                    self._mate[i], self._mate[j] = j, i
        for root in range(n):
            if self._mate[root] == -1:
                _augment_from(root, self._adjacent, self._mate, self._gone)
        self._size = sum(1 for m in self._mate if m != -1) // 2
        self._present = n

    @property
    def pairs(self) -> int:
        """How many pairs the matching has."""
        return self._size

    @property
    def short(self) -> int:
        """How many pairs short of a perfect matching (an odd vertex left over does not count)."""
        return self._present // 2 - self._size

    def partner(self, v: int) -> int | None:
        mate = self._mate[self._index[v]]
        return None if mate == -1 else self._order[mate]

    def without(self, *vertices: int) -> Matching:
        """A maximum matching of the graph with `vertices` taken away (a new object)."""
        other = Matching.__new__(Matching)
        other._order, other._index, other._adjacent = self._order, self._index, self._adjacent
        other._mate, other._gone = list(self._mate), list(self._gone)
        freed = []
        for v in vertices:
            i = self._index[v]
            other._gone[i] = True
            mate = other._mate[i]
            if mate != -1:
                other._mate[mate] = -1
                other._mate[i] = -1
                freed.append(mate)
        for root in freed:
            if not other._gone[root] and other._mate[root] == -1:
                _augment_from(root, other._adjacent, other._mate, other._gone)
        other._size = sum(1 for i, m in enumerate(other._mate) if m != -1 and not other._gone[i]) // 2
        other._present = self._present - len(vertices)
        return other

    def as_dict(self) -> dict[int, int]:
        return {self._order[i]: self._order[m] for i, m in enumerate(self._mate) if m != -1 and not self._gone[i]}


def maximum_matching(vertices: Collection[int], neighbours: Neighbours) -> dict[int, int]:
    """A maximum matching of the graph induced on `vertices`; both ends of each pair map to each other."""
    return Matching(vertices, neighbours).as_dict()


def deficit(vertices: Collection[int], neighbours: Neighbours) -> int:
    """How many pairs of `vertices` cannot be formed from edges of the graph (0: a perfect matching exists)."""
    return Matching(vertices, neighbours).short


def _augment_from(root: int, adjacent: list[list[int]], mate: list[int], gone: list[bool]) -> bool:
    """Search an augmenting path from the free vertex `root`, ignoring removed vertices; flip it if found."""
    n = len(adjacent)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
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
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                stem = lowest_common_ancestor(v, to)
                blossom = [False] * n
                mark_path(v, stem, to, blossom)
                mark_path(to, stem, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = stem
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False

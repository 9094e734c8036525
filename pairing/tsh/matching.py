"""Perfect matchings in a general graph (Edmonds' blossom algorithm, cardinality version).

Used by `resolve.py` to tell at once whether a group can be paired at all (tsh's `CanBePaired`) and
to keep its lexicographic search from ever backtracking: a choice is taken only if the rest can
still be paired. Vertices are 0..n-1; `adjacent[v]` lists v's neighbours (the relation must be
symmetric). Written for this package; the project's weighted matching (ARCHITECTURE.md) solves a
different problem.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

UNMATCHED = -1


class PerfectMatcher:
    """A maximum matching of the live vertices, kept perfect while vertices are fixed in pairs."""

    def __init__(self, adjacent: Sequence[Sequence[int]]) -> None:
        self.adjacent = [list(neighbours) for neighbours in adjacent]
        self.size = len(self.adjacent)
        self.mate = [UNMATCHED] * self.size
        self.live = [True] * self.size

    def greedy(self, order: Sequence[int], preferences: Sequence[Sequence[int]]) -> None:
        """Start from the matching in which each vertex in `order` takes its first free preference."""
        for v in order:
            if self.mate[v] == UNMATCHED:
                for w in preferences[v]:
                    if self.mate[w] == UNMATCHED and w != v:
                        self.mate[v], self.mate[w] = w, v
                        break

    def is_perfect(self) -> bool:
        """Grow the matching to a maximum one; True if it covers every live vertex."""
        for v in range(self.size):
            if self.live[v] and self.mate[v] == UNMATCHED:
                self._augment_from(v)  # Berge: a vertex with no augmenting path now never gets one
        return all(self.mate[v] != UNMATCHED for v in range(self.size) if self.live[v])

    def fix(self, v: int, w: int) -> bool:
        """Take the edge v-w and drop both vertices, if the rest still has a perfect matching.

        Assumes the current matching is perfect on the live vertices. Returns False (and changes
        nothing) if no perfect matching contains v-w."""
        if self.mate[v] == w:
            self.live[v] = self.live[w] = False
            return True
        saved = list(self.mate)
        a, b = self.mate[v], self.mate[w]
        self.live[v] = self.live[w] = False
        self.mate[v] = self.mate[w] = UNMATCHED
        self.mate[a] = self.mate[b] = UNMATCHED
        if self._augment_from(a):  # the only free live vertices are a and b: the path joins them
            self.mate[v], self.mate[w] = w, v
            return True
        self.mate = saved
        self.live[v] = self.live[w] = True
        return False

    def _augment_from(self, root: int) -> bool:
        """Search an augmenting path from the free vertex `root`; flip it if found."""
        mate, live, adjacent = self.mate, self.live, self.adjacent
        parent = [UNMATCHED] * self.size
        base = list(range(self.size))
        outer = [False] * self.size
        outer[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * self.size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == UNMATCHED:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_path(v: int, stop: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stop:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adjacent[v]:
                if not live[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != UNMATCHED and parent[mate[to]] != UNMATCHED):
                    stop = common_base(v, to)
                    blossom = [False] * self.size
                    mark_path(v, stop, to, blossom)
                    mark_path(to, stop, v, blossom)
                    for i in range(self.size):
                        if blossom[base[i]]:
                            base[i] = stop
                            if not outer[i]:
                                outer[i] = True
                                queue.append(i)
                elif parent[to] == UNMATCHED:
                    parent[to] = v
                    if mate[to] == UNMATCHED:
                        while to != UNMATCHED:
                            previous = parent[to]
                            following = mate[previous]
                            mate[to], mate[previous] = previous, to
                            to = following
                        return True
                    outer[mate[to]] = True
                    queue.append(mate[to])
        return False


def has_perfect_matching(adjacent: Sequence[Sequence[int]]) -> bool:
    """True if the graph's vertices can all be paired along its edges."""
    return PerfectMatcher(adjacent).is_perfect()

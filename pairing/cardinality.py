"""Maximum-cardinality matching in a general graph: the pairing engines' feasibility oracle.

What it is for: "can these players all be paired, and if not, how many pairs short?". The FIDE
systems call a pairing *legal* when the absolute criteria hold (Dubov, C.04.4.1 2.2.1 Note:
everybody concerned is paired and no pair breaks C1 or C3; the legal-pairs graph is
`pairing.fide.common.legal_pairs`), and every such question of their Articles 2.1 and 2.2 is
answered here. A procedure written as a search with backtracking (IBF Pairing Rules 4.5 and 4.6,
"the last formed pair is split ... and another opponent is selected"; tsh's `ResolvePairings`)
finds the same pairing without exploring dead ends if each player takes the first opponent, in the
procedure's order, after which the rest can still be paired (`Matching.without`, `deficit`).

The algorithm is Edmonds' blossom algorithm for maximum-cardinality matching (J. Edmonds, "Paths,
trees, and flowers", Canadian Journal of Mathematics 17 (1965), 449-467): grow a matching by
augmenting paths, shrinking odd cycles (blossoms) as they are found. Players are bit positions
(bit i is the vertex of index i), a set of players is a Python int, and `neighbours(v)` gives the
set of vertices v may meet, so that "a partner still waiting" is one AND. Augmenting searches start
from the vertex with the fewest possible partners, where a pairing usually gets stuck, so dense
Swiss graphs augment in a step or two. Pure and deterministic; the neighbour relation must be
symmetric. (`pairing/matching.py` is the project's weighted matching.)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence

Neighbours = Callable[[int], int]
"""v -> the set (bitset) of the vertices v may be paired with."""

Adjacency = Mapping[int, Collection[int]]
"""The same graph written as lists: vertex -> the vertices it may be paired with (any ints; vertices
outside the graph are ignored). `Matching` turns it into bitsets."""

UNPAIRED = -1


def members(bits: int) -> Iterator[int]:
    """The positions of a bitset, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def bitset(positions: Iterable[int]) -> int:
    """The bitset of some positions."""
    bits = 0
    for position in positions:
        bits |= 1 << position
    return bits


def perfect_pairing(
    players: int, neighbours: Neighbours, size: int, start: Sequence[int] | None = None
) -> list[int] | None:
    """A pairing of every player in the bitset `players`, or None if there is none.

    Returns `mate` (length `size`): mate[v] is v's partner; entries outside `players` mean nothing.
    `start`, a previous pairing, is kept where it still fits, so that re-checking after a small change
    is cheap.
    """
    mate, free = _initial(players, neighbours, size, start)
    return _complete(players, neighbours, size, mate, free)


def repair(
    players: int, neighbours: Neighbours, size: int, mate: Sequence[int], loose: Iterable[int]
) -> list[int] | None:
    """`perfect_pairing` when `mate` is already a valid pairing of `players` except for the `loose` players
    (whose partners left or may no longer be met): only they are re-paired."""
    fixed = list(mate)
    free = 0
    for v in loose:
        if (players >> v) & 1:
            partner = fixed[v]
            if partner != UNPAIRED and (players >> partner) & 1 and fixed[partner] == v:
                fixed[partner] = UNPAIRED
                free |= 1 << partner
            fixed[v] = UNPAIRED
            free |= 1 << v
    return _complete(players, neighbours, size, fixed, free)


def maximum_pairing(players: int, neighbours: Neighbours, size: int, start: Sequence[int] | None = None) -> list[int]:
    """A pairing of as many players of `players` as possible (some may stay UNPAIRED); `start` as for
    `perfect_pairing`."""
    mate, free = _initial(players, neighbours, size, start)
    _maximise(players, neighbours, size, mate, free)
    return mate


def _maximise(
    players: int, neighbours: Neighbours, size: int, mate: list[int], free: int, roots: int | None = None
) -> None:
    """Augment `mate` from every player of `roots` (default: every player of `free`, the players of
    `players` left unpaired) that has an augmenting path (Berge: a player without one now has none
    after other augmentations either)."""
    for root in _hardest_first(free if roots is None else roots, players, neighbours):
        if (free >> root) & 1 and _augment(root, players, neighbours, mate, size, free):
            free = _refresh(free, mate)


class Matching:
    """A maximum matching of the graph induced on the vertices still present, for a procedure that
    takes players away pair by pair: from a perfect matching (the usual question) each `without`
    costs one or two augmenting searches, not a new matching."""

    def __init__(self, vertices: Collection[int], adjacency: Adjacency, prefer: Iterable[tuple[int, int]] = ()):
        """Build the graph on `vertices`; start from the pairs of `prefer` that are edges (e.g. the
        pairs a procedure would form first: `greedy`), then augment to a maximum matching."""
        self._order = sorted(vertices)
        index = {v: i for i, v in enumerate(self._order)}
        self._index = index
        self._adjacent = [bitset(index[w] for w in adjacency.get(v, ()) if w in index and w != v) for v in self._order]
        size = len(self._order)
        start = [UNPAIRED] * size
        for a, b in prefer:
            i, j = index.get(a), index.get(b)
            if i is not None and j is not None and start[i] == start[j] == UNPAIRED and (self._adjacent[i] >> j) & 1:
                start[i], start[j] = j, i
        self._players = (1 << size) - 1
        self._mate = maximum_pairing(self._players, self._adjacent.__getitem__, size, start)

    @property
    def pairs(self) -> int:
        """How many pairs the matching has."""
        return sum(1 for v in members(self._players) if self._mate[v] != UNPAIRED) // 2

    @property
    def short(self) -> int:
        """How many pairs short of a perfect matching (an odd vertex left over does not count)."""
        return self._players.bit_count() // 2 - self.pairs

    def without(self, *vertices: int) -> Matching:
        """A maximum matching of the graph with `vertices` taken away (a new object; this one is
        unchanged). `without(p, q).short == 0` for an edge p-q: some perfect matching of the rest
        pairs p with q."""
        other = Matching.__new__(Matching)
        other._order, other._index, other._adjacent = self._order, self._index, self._adjacent
        mate = list(self._mate)
        players = self._players
        freed = 0
        for v in vertices:
            i = self._index[v]
            players &= ~(1 << i)
            partner = mate[i]
            if partner != UNPAIRED:
                mate[partner] = mate[i] = UNPAIRED
                freed |= 1 << partner
        free = bitset(v for v in members(players) if mate[v] == UNPAIRED)
        # two vertices left free before may now be joined by a path through a removed one
        roots = free if self.short else freed & players
        _maximise(players, self._adjacent.__getitem__, len(mate), mate, free, roots)
        other._players, other._mate = players, mate
        return other

    def as_dict(self) -> dict[int, int]:
        """The pairs of the matching; both ends of each pair map to each other."""
        order, mate = self._order, self._mate
        return {order[v]: order[mate[v]] for v in members(self._players) if mate[v] != UNPAIRED}


def maximum_matching(vertices: Collection[int], adjacency: Adjacency) -> dict[int, int]:
    """A maximum matching of the graph induced on `vertices`; both ends of each pair map to each other."""
    return Matching(vertices, adjacency).as_dict()


def deficit(vertices: Collection[int], adjacency: Adjacency) -> int:
    """How many pairs of `vertices` cannot be formed from edges of the graph (0: a perfect matching
    exists, for an even number of vertices)."""
    return Matching(vertices, adjacency).short


def greedy(order: Iterable[int], candidates: Callable[[int], Iterable[int]]) -> list[tuple[int, int]]:
    """First come, first served: each vertex of `order` not yet paired takes its first candidate not
    yet paired. The pairs a procedure forms before it ever backtracks: a good `prefer` for `Matching`."""
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


def _complete(players: int, neighbours: Neighbours, size: int, mate: list[int], free: int) -> list[int] | None:
    for root in _hardest_first(free, players, neighbours):
        if not (free >> root) & 1:
            continue
        if not _augment(root, players, neighbours, mate, size, free):
            return None
        free = _refresh(free, mate)
    return mate


def _refresh(free: int, mate: Sequence[int]) -> int:
    """The players of `free` still unpaired."""
    for v in members(free):
        if mate[v] != UNPAIRED:
            free &= ~(1 << v)
    return free


def _initial(players: int, neighbours: Neighbours, size: int, start: Sequence[int] | None) -> tuple[list[int], int]:
    """`start` restricted to `players` and to allowed pairs, then completed greedily, players with the
    fewest possible partners first. Returns the pairing and the set of players left unpaired."""
    mate = [UNPAIRED] * size
    waiting = players
    if start is not None:
        for v in members(players):
            w = start[v]
            if w > v and start[w] == v and (players >> w) & 1 and (neighbours(v) >> w) & 1:
                mate[v], mate[w] = w, v
                waiting &= ~((1 << v) | (1 << w))
    degree = {v: (neighbours(v) & waiting).bit_count() for v in members(waiting)}
    for v in sorted(degree, key=lambda v: (degree[v], v)):
        if not (waiting >> v) & 1:
            continue
        free = neighbours(v) & waiting & ~(1 << v)
        if free:
            w = (free & -free).bit_length() - 1
            mate[v], mate[w] = w, v
            waiting &= ~((1 << v) | (1 << w))
    return mate, waiting


def _hardest_first(free: int, players: int, neighbours: Neighbours) -> list[int]:
    """The unpaired players, fewest possible partners first."""
    return sorted(members(free), key=lambda v: ((neighbours(v) & players).bit_count(), v))


def _augment(root: int, players: int, neighbours: Neighbours, mate: list[int], size: int, free: int) -> bool:
    """Edmonds' search for an augmenting path from `root` to another player of `free`; flips it into
    `mate` if found."""
    targets = free & ~(1 << root)
    if not targets:  # nobody else is waiting: no augmenting path can exist
        return False
    parent = [UNPAIRED] * size
    base = list(range(size))
    outer = bytearray(size)
    outer[root] = 1
    tree = [root]
    queue = [root]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        bits = neighbours(v) & players
        reachable = bits & targets
        if reachable:
            to = (reachable & -reachable).bit_length() - 1
            parent[to] = v
            _flip(to, parent, mate)
            return True
        for to in members(bits):
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != UNPAIRED and parent[mate[to]] != UNPAIRED):
                _contract(v, to, root, base, parent, mate, outer, tree, queue, size)
            elif parent[to] == UNPAIRED:
                parent[to] = v
                if mate[to] == UNPAIRED:  # waiting but not announced in `free`: still an augmenting path
                    _flip(to, parent, mate)
                    return True
                partner = mate[to]
                reachable = neighbours(partner) & players & targets
                if reachable:  # look one step ahead: most paths in a dense field end here
                    end = (reachable & -reachable).bit_length() - 1
                    parent[end] = partner
                    _flip(end, parent, mate)
                    return True
                tree.append(to)
                outer[partner] = 1
                tree.append(partner)
                queue.append(partner)
    return False


def _flip(to: int, parent: list[int], mate: list[int]) -> None:
    while to != UNPAIRED:
        via = parent[to]
        after = mate[via]
        mate[to], mate[via] = via, to
        to = after


def _contract(
    v: int,
    to: int,
    root: int,
    base: list[int],
    parent: list[int],
    mate: list[int],
    outer: bytearray,
    tree: list[int],
    queue: list[int],
    size: int,
) -> None:
    """Shrink the blossom closed by the edge v-to (both outer) onto its base."""
    common = _common_base(v, to, base, parent, mate)
    in_blossom = set()
    _mark_path(v, common, to, base, parent, mate, in_blossom)
    _mark_path(to, common, v, base, parent, mate, in_blossom)
    for i in tree:
        if base[i] in in_blossom:
            base[i] = common
            if not outer[i]:
                outer[i] = 1
                queue.append(i)


def _common_base(a: int, b: int, base: list[int], parent: list[int], mate: list[int]) -> int:
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if mate[a] == UNPAIRED:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark_path(
    v: int, common: int, child: int, base: list[int], parent: list[int], mate: list[int], in_blossom: set[int]
) -> None:
    while base[v] != common:
        in_blossom.add(base[v])
        in_blossom.add(base[mate[v]])
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]

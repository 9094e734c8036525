"""Whether a set of players can all be paired: Edmonds' blossom algorithm (maximum cardinality) on bitsets.

The Dubov text calls a pairing *legal* when C1, C3 and C4 hold (2.2.1, Note): everybody concerned is
paired and no pair breaks an absolute criterion. Every "can these players still be paired?" question
of Articles 2.1 and 2.2 is answered here. Players are bit positions (bit i is the player of rank i),
a set of players is a Python int, and `neighbours(v)` gives the set of players v may meet, so that
"a partner still waiting" is one AND. Augmenting searches start from the player with the fewest
possible partners, where a pairing usually gets stuck, so dense Swiss graphs augment in a step or two.

Nothing here is specific to Dubov; it could move to `pairing/matching.py` beside the weighted matcher.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

Neighbours = Callable[[int], int]
"""v -> the set (bitset) of players v may be paired with."""

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


def maximum_pairing(players: int, neighbours: Neighbours, size: int) -> list[int]:
    """A pairing of as many players of `players` as possible (some may stay UNPAIRED)."""
    mate, free = _initial(players, neighbours, size, None)
    for root in _hardest_first(free, players, neighbours):
        if (free >> root) & 1 and _augment(root, players, neighbours, mate, size, free):
            free = _refresh(free, mate)
    return mate


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

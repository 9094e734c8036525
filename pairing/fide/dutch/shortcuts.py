"""Speed-ups of the Dutch engine: no rule lives here.

Everything in this module gives exactly the pairing that one maximum-weight perfect matching of
every player left, weighed by `pairing.fide.dutch.weights`, gives (C.04.3 3.8's choice), only
sooner: the bracket-local matching shortcuts (`relaxed_matching`: the players below the next
bracket joined by a completion check; `_bracket_alone`: the next bracket as one vertex), and the
description of a wide weight as tiers and lexicographic digits (`pairing.matching.Tiers`), which
the weighted matcher solves tier by tier and in digit chunks. `Shortcuts` turns them all off, so
that a test can compare both ways.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from attrs import define

from pairing.fide.dutch.definitions import Contender
from pairing.fide.dutch.weights import BracketWeights, RemainderOrder
from pairing.matching import TIERED_BITS, Tiers, max_weight_matching, max_weight_perfect_matching


@define
class Shortcuts:
    """Whether a pairing takes the speed-ups (it does by default), and how often each one served."""

    enabled: bool = True
    bracket_alone: int = 0
    """Matchings `_bracket_alone` settled."""
    tiered: int = 0
    """Graphs handed to the weighted matcher in tiers."""


RELAXED_MIN_VERTICES = 100
"""From this many vertices, `relaxed_matching` is tried first."""
SPARSE_EDGES = 12
"""Completion edges per vertex tried first when checking that the floaters can be completed."""
PARTNERS_TRIED = 2
"""`_bracket_alone`: next-bracket partners tried for the downfloater before giving up the shortcut."""


def graph_edges(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    usable: Callable[[Contender, Contender], bool] | None,
    shortcuts: Shortcuts,
    rich_only: bool = False,
    bracket_only: bool = False,
) -> tuple[list[tuple[int, int, int]], Tiers | None]:
    """The graph of one matching, vertices by local index: every compatible pair, weighted; with
    `rich_only`, only the pairs that weigh more than the completion unit (inside the bracket or the
    next one), with the unit subtracted, or with `bracket_only` too, only the pairs inside the
    bracket. With it, the weights' tiers when they are wide (`Shortcuts.tiered`)."""
    unit = weights.completion_unit
    edges: list[tuple[int, int, int]] = []
    digits: list[tuple[tuple[int, int], ...]] | None = [] if shortcuts.enabled and _wide(weights) else None
    inside = _inside(weights, vertices[: kind.count(2)])  # the bracket's players come first (1.2 order)
    limit = len(position)
    for i, a in enumerate(vertices):
        a_kind = kind[i]
        if rich_only and a_kind == 0:
            break  # every later vertex is below the next bracket
        partners = a.partners
        blocked = a.blocked
        for rank in memoryview(partners)[bisect_right(partners, a.rank) :]:  # no copy
            if rank >= limit:
                break
            if rank in blocked:
                continue
            j = position[rank]
            if j <= i:
                continue
            b_kind = kind[j]
            if bracket_only and b_kind != 2:
                break  # every later partner is outside the bracket
            if a_kind + b_kind < 3 and not (a_kind == 1 and b_kind == 1):
                if rich_only:
                    if b_kind == 0:
                        break  # every later partner is below the next bracket
                    continue
                edges.append((i, j, unit))
                if digits is not None:
                    digits.append(())
                continue
            b = vertices[j]
            if usable is not None and not usable(a, b):
                continue
            if a_kind == 2 and b_kind == 2:
                w = inside(i, j, a, b, digits)  # a is the higher: vertices are in 1.2 order
            else:
                w = weights.next_bracket_weight(a, b)
                if digits is not None:
                    digits.append(())
            edges.append((i, j, w - unit if rich_only else w))
    if digits is None:
        return edges, None
    shortcuts.tiered += 1
    return edges, _tiers(weights, digits)


def _wide(weights: BracketWeights) -> bool:
    """Whether the weights are worth solving by tiers (`pairing.matching.Tiers`): in the
    remainder's pass, when the generation order takes many bits."""
    order = weights.order
    return isinstance(order, RemainderOrder) and order.lower_bsns.offset >= TIERED_BITS


def _tiers(weights: BracketWeights, digits: list[tuple[tuple[int, int], ...]]) -> Tiers:
    """The criteria C4-C21 with the first 4.3 fields; `s1_leavers` (4.3, which S1 players leave);
    and `s2_joiners` and `transposition` as the digits of `_inside`."""
    order = weights.order
    if not isinstance(order, RemainderOrder):
        raise TypeError("tiers describe the remainder pass's weights only")
    return Tiers((order.lower_bsns.offset, order.s1_leavers.offset), digits)


def _inside(
    weights: BracketWeights, vertices: list[Contender]
) -> Callable[[int, int, Contender, Contender, list[tuple[tuple[int, int], ...]] | None], int]:
    """For a graph whose first vertices are the bracket's, `vertices`: a function of a pair of the
    bracket (local indices i < j, the higher first in the 1.2 order) that returns its
    `BracketWeights.in_bracket_weight`, each player's BSN and profile looked up once per graph.
    Given a list of digits (the remainder pass's tiers), it also appends the low bits of that
    weight as lexicographic digits (`pairing.matching.Tiers`), each owned by the pair's member of
    lower BSN in the remainder: first `s2_joiners`, one binary digit per S2 player (BSN p+1..x),
    then `transposition`, one digit per player (BSN 1..x) valued by the partner's BSN, the lower
    the better."""
    bsn = [weights.remainder_bsn.get(c.number) for c in vertices]
    profile = [weights.profile(c) for c in vertices]
    criteria_by_profile = weights.criteria_by_profile
    remainder_order = weights.remainder_order
    order_weight = weights.order_weight
    p, x = weights.p, weights.x

    def weigh(
        i: int, j: int, higher: Contender, lower: Contender, digits: list[tuple[tuple[int, int], ...]] | None
    ) -> int:
        criteria = criteria_by_profile(profile[i], profile[j], higher, lower)
        if digits is None:
            return criteria + order_weight(higher, lower)
        first, second = bsn[i], bsn[j]
        if first is None or second is None:
            digits.append(())
            return criteria
        low, high = (first, second) if first < second else (second, first)
        transposition = (x - p + low - 1, x + 1 - high)
        digits.append(((low - p - 1, 1), transposition) if low > p else (transposition,))
        return criteria + remainder_order(low, high)

    return weigh


def relaxed_matching(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    usable: Callable[[Contender, Contender], bool] | None,
    shortcuts: Shortcuts,
    bye_edges: list[tuple[int, int]] | None = None,
) -> list[int] | None:
    """A maximum-weight perfect matching of the whole graph found without most of it, or None.

    Every edge weighs the completion unit plus its criteria, and only the pairs inside the bracket
    or the next one (kinds 2 and 1) and the edges to the bye vertex weigh more than the unit. Every
    perfect matching has the same number of edges, so its weight is that many units plus the
    criteria of those "rich" edges: the best perfect matching is the best matching M of the rich
    graph (weights less the unit) whose unpaired players can be completed with the players below
    (C4). Dropping that condition can only raise the optimum, so when the best M found without it
    can be completed, M with any completion is optimal for the whole graph. Otherwise None, and the
    caller solves the whole graph.

    With `bye_edges` (the players left are odd in number), the bye vertex (index len(vertices) in
    the result) joins the rich graph with its edges to the upper players; the players below who may
    receive it are interchangeable there except for their score level (C5), so each level becomes
    one pendant vertex joined to the bye vertex only. When M gives the bye to a pendant, the
    completion gives it to one of that level's players.
    """
    unit = weights.completion_unit
    n_upper = len(kind) - kind.count(0)  # the bracket and the next one come first (1.2 order)
    if bye_edges is None:
        mate = _bracket_alone(vertices, kind, position, weights, usable, shortcuts, None)
    else:
        # C5 outranks C6: the bye goes to the lowest eligible score, which is below the next
        # bracket whenever any player there may receive it.
        below = [(w, i) for i, w in bye_edges if i >= n_upper]
        best = max((w for w, _ in below), default=None)
        takers = [i for w, i in below if w == best]
        mate = _bracket_alone(vertices, kind, position, weights, usable, shortcuts, takers) if takers else None
    if mate is not None:
        shortcuts.bracket_alone += 1
        return mate
    edges, tiers = graph_edges(vertices, kind, position, weights, usable, shortcuts, rich_only=True)
    size = n_upper
    pendants: list[list[int]] = []
    if bye_edges is not None:
        bye = n_upper
        size += 1
        level_of: dict[int, int] = {}
        for i, w in bye_edges:
            if i < n_upper:
                edges.append((i, bye, w - unit))
            else:
                if w not in level_of:
                    level_of[w] = len(pendants)
                    pendants.append([])
                    edges.append((bye, size, w - unit))
                    size += 1
                pendants[level_of[w]].append(i)
    rich = max_weight_matching(size, edges, tiers=tiers) if edges else [-1] * size
    count = len(vertices)
    mate = rich[:n_upper] + [-1] * (count - n_upper)
    bye_takers: list[int] = []
    if bye_edges is not None:
        mate = [count if m == n_upper else m for m in mate] + [-1]
        m = rich[n_upper]
        if m == -1:
            return None
        if m < n_upper:
            mate[count] = m
        else:
            bye_takers = pendants[m - n_upper - 1]
    # Upper-upper pairs weigh more than the unit and are all in M already.
    return _complete(vertices, kind, mate, bye_takers, next_pairs=None)


def _bracket_alone(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    usable: Callable[[Contender, Contender], bool] | None,
    shortcuts: Shortcuts,
    bye_takers: list[int] | None,
) -> list[int] | None:
    """`relaxed_matching` without the next bracket's players, when the bracket pairs all of them
    but at most one; or None. With `bye_takers` (players below the next bracket), the bye vertex
    (index len(vertices)) goes to one of them, as C5 requires, and the rest is as without it.

    With no bye vertex, C6 (pairs in the bracket) outranks every field below it. The next bracket's
    residents N all have one score, so their pairs all weigh the same K (C8), and a downfloater x
    weighs w(x) with any of them. When the bracket pairs all its players, the rich optimum adds
    the same N pairs whatever the bracket does, so the bracket's best matching with any completion
    of everyone else is optimal (C4 is the same check). When it pairs all but one, x, the rich
    weight is at most the bracket's pairs plus w(x) + K floor((|N| - 1) / 2) if x meets N, or
    K floor(|N| / 2) if not: so N becomes one vertex joined to each player who may meet it, by
    w(x) - K when |N| is even (w(x) when odd; rich weights, less the completion unit), and the
    bound is reached, hence optimal, when a completion of everyone else pairs that many of N
    together.
    """
    size = kind.count(2)  # the bracket's players are the first `size` (1.2 order)
    unit = weights.completion_unit
    edges, tiers = graph_edges(vertices, kind, position, weights, usable, shortcuts, rich_only=True, bracket_only=True)
    nxt = [i for i, k in enumerate(kind) if k == 1]
    odd = size % 2 == 1
    if odd and nxt:  # N as one vertex, index `size`
        resident = vertices[nxt[0]]
        lost = weights.next_bracket_weight(resident, resident) if len(nxt) % 2 == 0 else unit
        for i in range(size):
            a = vertices[i]
            if any(a.may_meet(vertices[j].rank) for j in nxt):
                edges.append((i, size, weights.next_bracket_weight(a, resident) - lost))
    paired = _at_most_one_alone(size, odd, edges, tiers)
    if paired is None:
        return None
    alone = [i for i in range(size) if paired[i] == -1]
    takers = bye_takers or []
    mate = paired[:size] + [-1] * (len(vertices) - size + (1 if bye_takers else 0))
    if not odd:
        return None if alone else _complete(vertices, kind, mate, takers, next_pairs=0)
    if len(alone) > 1 or (alone and paired[size] != -1):
        return None
    if alone:  # x goes below the next bracket
        return _complete(vertices, kind, mate, takers, next_pairs=len(nxt) // 2)
    x = paired[size]
    mate[x] = -1
    for j in [j for j in nxt if vertices[x].may_meet(vertices[j].rank)][:PARTNERS_TRIED]:
        mate[x], mate[j] = j, x
        done = _complete(vertices, kind, list(mate), takers, next_pairs=(len(nxt) - 1) // 2)
        if done is not None:
            return done
        mate[x] = mate[j] = -1
    return None


def _at_most_one_alone(
    size: int, odd: bool, edges: list[tuple[int, int, int]], tiers: Tiers | None
) -> list[int] | None:
    """`_bracket_alone`'s matching of the bracket (and N, index `size`, if `odd`), or None when the
    bracket cannot pair all its players but one.

    C6 outranks the rest, so the best matching leaves at most one player of the bracket unpaired
    whenever some matching does: then it is the best perfect matching of the graph with, if
    `odd`, two more vertices joined to everyone (and each other) by weight 0, which take whatever
    is left unpaired. Asked as a perfect matching, the solver can start from a greedy one.
    """
    if not odd:
        return max_weight_perfect_matching(size, edges, tiers=tiers)
    spare = (size + 1, size + 2)
    padded = edges + [(i, s, 0) for i in range(size + 1) for s in spare] + [(*spare, 0)]
    mate = max_weight_perfect_matching(size + 3, padded, tiers=tiers)
    if mate is None:
        return None
    return [-1 if m in spare else m for m in mate[: size + 1]]


def _complete(
    vertices: list[Contender],
    kind: list[int],
    mate: list[int],
    bye_takers: list[int],
    next_pairs: int | None,
) -> list[int] | None:
    """C4 for a matching of the upper players: `mate` completed by a perfect matching of the players
    it leaves unpaired, the bye vertex (index len(vertices)) going to one of `bye_takers` if given;
    or None if there is none. The completion uses completion edges (one player below the next
    bracket) and, unless `next_pairs` is None, pairs of the next bracket, at least `next_pairs` of
    them (a player of the bracket left in `mate` thus only meets players below). Sparse first: a few
    edges per player, then all of them."""
    count = len(vertices)
    rest = [i for i, m in enumerate(mate[:count]) if m == -1]
    slot = {i: x for x, i in enumerate(rest)}
    takers = [(slot[i], len(rest), 1) for i in bye_takers]
    order = rest + ([count] if takers else [])
    limit = max((c.rank for c in vertices), default=0) + 1
    slot_of_rank = [-1] * limit
    for x, i in enumerate(rest):
        slot_of_rank[vertices[i].rank] = x
    for width in (SPARSE_EDGES, None):
        pairs: list[tuple[int, int, int]] = list(takers)
        for x, i in enumerate(rest):
            taken = 0
            partners = vertices[i].partners
            blocked = vertices[i].blocked
            for rank in memoryview(partners)[bisect_right(partners, vertices[i].rank) :]:  # no copy
                if rank >= limit:
                    break
                if rank in blocked:
                    continue
                y = slot_of_rank[rank]
                if y < 0:
                    continue
                j = rest[y]
                both_next = kind[i] == 1 and kind[j] == 1
                below = kind[i] == 0 or kind[j] == 0
                if not below and (next_pairs is None or not both_next):
                    continue
                pairs.append((x, y, 2 if both_next else 1))
                taken += 1
                if width is not None and taken >= width:
                    break
        completion = max_weight_perfect_matching(len(order), pairs) if pairs or not order else None
        if completion is not None and _next_pairs(completion, order, kind) >= (next_pairs or 0):
            for x, y in enumerate(completion):
                mate[order[x]] = order[y]
            return mate
    return None


def _next_pairs(completion: list[int], order: list[int], kind: list[int]) -> int:
    """The pairs of two next-bracket players in a completion (indices into `order`)."""
    count = len(kind)
    return sum(
        1
        for x, y in enumerate(completion)
        if x < y and order[x] < count and order[y] < count and kind[order[x]] == 1 and kind[order[y]] == 1
    )

"""Speed-ups of the Dutch engine: no rule lives here.

Everything in this module gives exactly the pairing that one maximum-weight perfect matching of
every player left, weighed by `pairing.fide.dutch.weights`, gives (C.04.3 3.8's choice), only
sooner: the bracket-local matching shortcuts (`relaxed_matching`: the players below the next
bracket joined by a completion check, greedy first; `_bracket_alone`: the next bracket as one
vertex), and the description of a wide weight as a high part and lexicographic digits
(`pairing.matching.DigitGraph`), which the weighted matcher solves tier by tier and in digit
chunks, sparse first where every optimum pairs alike (`_sparse_first`). `Shortcuts` turns them all
off, so that a test can compare both ways (docs/dutch.md, "Method"; docs/performance.md, "Dutch at
1,000 players: columns and a greedy completion")."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from operator import add

from pairing.fide.dutch.definitions import Contender
from pairing.fide.dutch.weights import BracketWeights, MdpOrder, RemainderOrder
from pairing.matching import TIERED_BITS, DigitGraph, max_weight_matching_by_digits, max_weight_perfect_matching
from pairing.values import value


@value(frozen=False)
class Shortcuts:
    """Whether a pairing takes the speed-ups (it does by default), and how often each one served."""

    enabled: bool = True
    bracket_alone: int = 0
    """Matchings `_bracket_alone` settled."""
    tiered: int = 0
    """Graphs handed to the weighted matcher in tiers."""
    sparse_first: bool = True
    """Whether the solves whose result every optimum shares start from a few edges (`_sparse_first`)."""


SPARSE_EDGES = 12
"""Completion edges per vertex tried first when checking that the floaters can be completed."""
PARTNERS_TRIED = 2
"""`_bracket_alone`: next-bracket partners tried for the downfloater before giving up the shortcut."""


def graph_edges(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    limbo: frozenset[int],
    shortcuts: Shortcuts,
    rich_only: bool = False,
    bracket_only: bool = False,
) -> DigitGraph:
    """The graph of one matching, vertices by local index: every compatible pair, weighted, but the
    pairs inside the bracket of an MDP in the Limbo (`limbo`, by player number: 3.7's second pass); with
    `rich_only`, only the pairs that weigh more than the completion unit (inside the bracket or the
    next one), with the unit subtracted, or with `bracket_only` too, only the pairs inside the
    bracket. The edges come as columns, each vertex's edges together, its partners in 1.2 order.
    When the weights are wide (`Shortcuts.tiered`), their low bits, `transposition` (4.2), are the
    digits of `_Rows` and the rest stands above the cut; otherwise the cut is 0 and the weights
    are whole."""
    size = kind.count(2)  # the bracket's players come first, then the next bracket's (1.2 order)
    upper = len(kind) - kind.count(0)
    stop = size if bracket_only else upper if rich_only else len(vertices)
    rows = _Rows(weights, vertices, size, _tiers(weights) if shortcuts.enabled else (0, ()), rich_only)
    sparse_first = _sparse_first(weights, shortcuts, rows)
    order = weights.order
    tiered = sparse_first and isinstance(order, RemainderOrder) and rows.high_cuts
    potentials = _potentials(order, weights.p, rows.bsn) if tiered else ()
    graph = DigitGraph([], [], [], rows.cut, [], [], rows.high_cuts, sparse_first, potentials)
    limit = vertices[stop - 1].rank + 1 if stop else 0
    barred = [j for j, c in enumerate(vertices[:size]) if c.number in limbo] if limbo else []
    for i in range(min(stop, upper) if rich_only else len(vertices)):
        js = _partners_after(vertices[i], position, limit)
        in_bracket = bisect_left(js, size)
        in_upper = bisect_left(js, upper, in_bracket)
        if kind[i] == 2 and vertices[i].number not in limbo:
            rows.inside(graph, i, _without(js[:in_bracket], barred) if barred else js[:in_bracket])
        if kind[i] >= 1:
            rows.next_bracket(graph, i, js[in_bracket:in_upper])
        if not rich_only:
            rows.completion(graph, i, js[in_upper:] if kind[i] >= 1 else js)
    if rows.cut or rows.high_cuts:
        shortcuts.tiered += 1
    return graph


def _partners_after(a: Contender, position: list[int], limit: int) -> list[int]:
    """The local indices (`position`, by rank; -1 for a player paired already) of the players after `a`
    in the 1.2 order, up to rank `limit` (excluded), that `a` may meet (C1, C3, forbidden pairs), in
    that order."""
    partners = a.partners
    ranks = partners[bisect_right(partners, a.rank) : bisect_left(partners, limit)]
    js = list(filter((-1).__lt__, map(position.__getitem__, ranks)))
    return _without(js, [position[rank] for rank in a.blocked if a.rank < rank < limit])  # a few: a's opponents


def _without(js: list[int], dropped: list[int]) -> list[int]:
    """`js` (ascending) without the few of `dropped` it holds, in place."""
    for j in dropped:
        k = bisect_left(js, j)
        if k < len(js) and js[k] == j:
            del js[k]
    return js


def _sparse_first(weights: BracketWeights, shortcuts: Shortcuts, rows: _Rows) -> bool:
    """Whether a graph's first solve may start from a few of its edges (`DigitGraph.sparse_first`),
    which can pick another of equal optima: only where every maximum-weight matching gives the same
    pairs to what the caller reads.

    In the remainder's pass (3.6, 3.7's inner loop) the caller reads the remainder's pairs, and
    Article 4 orders them completely: 4.3's `s1_pairs`, `lower_bsns`, `s1_leavers` and `s2_joiners`
    give the set of each pair's lower BSN (one bit or one place per BSN, no carry), and 4.2's
    `transposition` the partner of each, one digit per lower BSN; so equal weights mean equal pairs,
    whatever the optimum, and the players outside them float. There it is taken for the first tier of
    the brackets solved by tiers, with `_potentials` (docs/performance.md, "Dutch: sparse first solves
    (session 8, `duals`)"). In the first pass of a heterogeneous bracket (3.7, outer loops)
    the caller reads which MDPs are paired in the bracket (4.4: one bit per MDP), each MDP's resident
    opponent (4.2: one digit per MDP) and how many pairs there are (C6): equal in every optimum, but
    for the MDPs paired with each other, which `brackets._pair_bracket` checks, solving again without
    this when two pairs of MDPs or more leave the choice open."""
    if not (shortcuts.enabled and shortcuts.sparse_first):
        return False
    if isinstance(weights.order, MdpOrder):
        return True
    return bool(rows.high_cuts)


def _potentials(order: RemainderOrder, p: int, bsn: list[int | None]) -> list[int]:
    """The potentials of a remainder's first tier (`DigitGraph.potentials`), by local vertex: the
    bracket's players, of remainder BSNs `bsn` (p of them in S1), then 0 for the rest. The tier's
    lowest fields are 4.3's `lower_bsns`, x + 1 - a for a pair of BSNs a < b, and `s1_pairs`, one unit
    if a <= p. Twice x + 1 - a is 2 (x + 1) - a - b + |a - b|, and the unit is s(a) + s(b) - s(a) s(b)
    with s(a) = [a <= p]: so each remainder player of BSN b has the potential b, plus two units of
    `s1_pairs` if b > p, and the first tier then weighs, beside the criteria and a constant, each
    pair's BSN distance and one unit off for a pair of two S1 players, where its best pairs were all
    with BSN 1 (docs/performance.md, "Dutch: sparse first solves (session 8, `duals`)")."""
    s1_pairs = 2 << (order.s1_pairs.offset - order.lower_bsns.offset)
    return [0 if b is None else b + (s1_pairs if b > p else 0) for b in bsn]


def add_edge(graph: DigitGraph, u: int, v: int, weight: int) -> None:
    """One more edge of `graph` (built by `graph_edges`), without a digit: its weight, less the bits
    below the cut, which are 0 for every edge but the bracket's."""
    graph.us.append(u)
    graph.vs.append(v)
    graph.high.append(weight >> graph.cut)
    graph.values.append(0)


def _tiers(weights: BracketWeights) -> tuple[int, tuple[int, ...]]:
    """Where a graph's weights are cut for the tiers (`pairing.matching.DigitGraph`): the cut below
    which they are digits, and the high part's tiers (`_remainder_tiers`); in the remainder's pass,
    when the generation order takes many bits, else none: (0, ())."""
    order = weights.order
    if isinstance(order, RemainderOrder) and order.lower_bsns.offset >= TIERED_BITS:
        return _remainder_tiers(order)
    return 0, ()


HIGH_TIER_BITS = 1152
"""The widest tier of 4.3's `s1_leavers` and `s2_joiners` solved at once where `s2_joiners` can be cut (18
64-bit words: the 5,000-player round's brackets need no more than one such tier)."""


def _remainder_tiers(order: RemainderOrder) -> tuple[int, tuple[int, ...]]:
    """`_tiers` in the remainder's pass: the cut at `s2_joiners`, the high part's first tier from
    `lower_bsns` up, then `s1_leavers` and `s2_joiners` in tiers of at most `HIGH_TIER_BITS` (more for
    `s1_leavers` alone). `s2_joiners` may be cut anywhere: it is one power of two per player of S2 who
    is a pair's lower BSN, so a matching's sum of it never carries from one bit to the next."""
    cut, leavers = order.s2_joiners.offset, order.s1_leavers.offset
    cuts = [order.lower_bsns.offset]
    while cuts[-1] - cut > HIGH_TIER_BITS:
        cuts.append(
            min(max(cuts[-1] - HIGH_TIER_BITS, cut), leavers) if cuts[-1] > leavers else cuts[-1] - HIGH_TIER_BITS
        )
    return cut, tuple(c - cut for c in cuts)


class _Rows:
    """The edges of one vertex to its partners of one kind, appended to a graph's columns: each
    weight is `BracketWeights.in_bracket_weight`, `next_bracket_weight` or the completion unit (less
    the unit with `rich_only`), with each player's BSN and profile looked up once per graph.

    `tiers` is `_tiers`' answer. With a cut (the remainder pass's tiers), the cut is `s2_joiners`'
    offset and the bits below it, `transposition` (4.2), become digits
    (`pairing.matching.DigitGraph`): one level per player of the remainder, owned by the pair's
    member of lower BSN (the higher in the 1.2 order, so the edges of a level lie together), valued
    by the partner's BSN, the lower the better. The bits above the cut are tiers
    (`DigitGraph.high_cuts`, `_remainder_tiers`): the criteria C4-C21 with 4.3's `s1_pairs` and
    `lower_bsns`, a few hundred bits, which the first solve weighs on every edge; then `s1_leavers`
    and `s2_joiners`, about one bit per player of the remainder (two thousand at 9,999 players),
    which only the edges that solve leaves tight carry (docs/performance.md, "Dutch at 9,999 players: the
    tiers (session 7)")."""

    def __init__(
        self,
        weights: BracketWeights,
        vertices: list[Contender],
        size: int,
        tiers: tuple[int, tuple[int, ...]],
        rich_only: bool,
    ) -> None:
        self.weights = weights
        self.vertices = vertices
        self.cut, self.high_cuts = tiers
        self.unit = weights.completion_unit
        self.lost = self.unit if rich_only else 0
        self.bsn = [weights.remainder_bsn.get(c.number) for c in vertices[:size]]
        self.profile = [weights.profile(c) for c in vertices[:size]]
        self.digit = [weights.x + 1 - b if b is not None else 0 for b in self.bsn]
        """Each remainder player's value as a partner in a digit of 4.2's transposition."""

    def inside(self, graph: DigitGraph, i: int, js: list[int]) -> None:
        """Vertex i's edges to its partners `js` in the bracket (i is the higher in the 1.2 order)."""
        if not js:
            return
        weights, cut, lost = self.weights, self.cut, self.lost
        low = self.bsn[i]
        if not cut:
            orders = weights.order_row(self.vertices[i], [self.vertices[j] for j in js])
            high = list(map(add, self._criteria(i, js, lambda c: c - lost), orders))
        elif low is None:  # a player outside the remainder: no generation order
            high = self._criteria(i, js, lambda c: (c - lost) >> cut)
        else:
            # i's partners in the bracket are the remainder's players of higher BSN b, and
            # remainder_order(low, b) = remainder_order(low, x + 1) + (x + 1 - b) * transposition_place[low]:
            # the bits above the cut, and i's digit of 4.2's transposition.
            base = weights.remainder_order(low, weights.x + 1) - lost
            high = self._criteria(i, js, lambda c: (c + base) >> cut)
            start = len(graph.us)
            graph.values.extend(map(self.digit.__getitem__, js))
            graph.levels.append((start, start + len(js), weights.transposition_place[low]))
            self._append(graph, i, js, high, digits=True)
            return
        self._append(graph, i, js, high)

    def _criteria(self, i: int, js: list[int], lift: Callable[[int], int]) -> list[int]:
        """`lift` of the criteria (C4-C21) of vertex i's pairs with each of `js`, computed once per
        partner's profile (`BracketWeights.profile`) when no topscorer takes part."""
        by_profile, vertices, profile = self.weights.criteria_by_profile, self.vertices, self.profile
        a = vertices[i]
        first = profile[i]
        seconds = list(map(profile.__getitem__, js))
        partner_of = dict(zip(seconds, js, strict=True))  # one partner of each profile
        if first and 0 not in partner_of:
            lifted = {second: lift(by_profile(first, second, a, vertices[j])) for second, j in partner_of.items()}
            return list(map(lifted.__getitem__, seconds))
        return [lift(by_profile(first, second, a, vertices[j])) for second, j in zip(seconds, js, strict=True)]

    def next_bracket(self, graph: DigitGraph, i: int, js: list[int]) -> None:
        """Vertex i's edges to partners of the next bracket: C8 (`next_bracket_weight`)."""
        if not js:
            return
        weigh, vertices, lost, cut = self.weights.next_bracket_weight, self.vertices, self.lost, self.cut
        a = vertices[i]
        self._append(graph, i, js, [(weigh(a, vertices[j]) - lost) >> cut for j in js])

    def completion(self, graph: DigitGraph, i: int, js: list[int]) -> None:
        """Vertex i's completion edges (C4): the unit alone."""
        if js:
            self._append(graph, i, js, [self.unit >> self.cut] * len(js))

    @staticmethod
    def _append(graph: DigitGraph, i: int, js: list[int], high: list[int], digits: bool = False) -> None:
        """The edges i-j for j in `js`, weighing `high` above the cut; their digits already given, or none."""
        graph.us.extend([i] * len(js))
        graph.vs.extend(js)
        graph.high.extend(high)
        if not digits:
            graph.values.extend([0] * len(js))


def relaxed_matching(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    limbo: frozenset[int],
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
        mate = _bracket_alone(vertices, kind, position, weights, limbo, shortcuts, None)
    else:
        # C5 outranks C6: the bye goes to the lowest eligible score, which is below the next
        # bracket whenever any player there may receive it.
        below = [(w, i) for i, w in bye_edges if i >= n_upper]
        best = max((w for w, _ in below), default=None)
        takers = [i for w, i in below if w == best]
        mate = _bracket_alone(vertices, kind, position, weights, limbo, shortcuts, takers) if takers else None
    if mate is not None:
        shortcuts.bracket_alone += 1
        return mate
    graph = graph_edges(vertices, kind, position, weights, limbo, shortcuts, rich_only=True)
    size = n_upper
    pendants: list[list[int]] = []
    if bye_edges is not None:
        bye = n_upper
        size += 1
        level_of: dict[int, int] = {}
        for i, w in bye_edges:
            if i < n_upper:
                add_edge(graph, i, bye, w - unit)
            else:
                if w not in level_of:
                    level_of[w] = len(pendants)
                    pendants.append([])
                    add_edge(graph, bye, size, w - unit)
                    size += 1
                pendants[level_of[w]].append(i)
    rich = max_weight_matching_by_digits(size, graph, perfect=False) if graph.us else [-1] * size
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
    limbo: frozenset[int],
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
    graph = graph_edges(vertices, kind, position, weights, limbo, shortcuts, rich_only=True, bracket_only=True)
    nxt = [i for i, k in enumerate(kind) if k == 1]
    odd = size % 2 == 1
    if odd and nxt:  # N as one vertex, index `size`
        resident = vertices[nxt[0]]
        lost = weights.next_bracket_weight(resident, resident) if len(nxt) % 2 == 0 else unit
        for i in range(size):
            a = vertices[i]
            if any(a.may_meet(vertices[j].rank) for j in nxt):
                add_edge(graph, i, size, weights.next_bracket_weight(a, resident) - lost)
    paired = _at_most_one_alone(size, odd, graph)
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


def _at_most_one_alone(size: int, odd: bool, graph: DigitGraph) -> list[int] | None:
    """`_bracket_alone`'s matching of the bracket (and N, index `size`, if `odd`), or None when the
    bracket cannot pair all its players but one.

    C6 outranks the rest, so the best matching leaves at most one player of the bracket unpaired
    whenever some matching does: then it is the best perfect matching of the graph with, if
    `odd`, two more vertices joined to everyone (and each other) by weight 0, which take whatever
    is left unpaired. Asked as a perfect matching, the solver can start from a greedy one.
    """
    if not odd:
        return max_weight_matching_by_digits(size, graph, perfect=True)
    spare = (size + 1, size + 2)
    for i in range(size + 1):
        for s in spare:
            add_edge(graph, i, s, 0)
    add_edge(graph, *spare, 0)
    mate = max_weight_matching_by_digits(size + 3, graph, perfect=True)
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
    them (a player of the bracket left in `mate` thus only meets players below). Greedy first
    (`_greedy_completion`), then a matching on a few edges per player, then on all of them: only
    whether a completion exists matters (the callers read the partners of the bracket's players,
    and a player it leaves gets a player below in any completion)."""
    greedy = _greedy_completion(vertices, kind, mate, bye_takers, next_pairs or 0)
    if greedy is not None:
        return greedy
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


def _greedy_completion(
    vertices: list[Contender], kind: list[int], mate: list[int], bye_takers: list[int], next_pairs: int
) -> list[int] | None:
    """`_complete`'s completion found greedily, or None when the greedy choice leaves someone out:
    the bye vertex to the first of `bye_takers`, then `next_pairs` pairs of the next bracket, then
    each player left, in the 1.2 order, with the first player below it may meet (C1, C3); the players
    below the next bracket it leaves (in a Swiss round, most often the last two, who have met) paired
    by `_exchange`."""
    count = len(vertices)
    mate = list(mate)
    if bye_takers:
        mate[count], mate[bye_takers[0]] = bye_takers[0], count
    local = {c.rank: i for i, c in enumerate(vertices) if mate[i] == -1}
    left = sorted(local.values())
    upper = len(kind) - kind.count(0)  # the players below the next bracket come last (1.2 order)
    below = vertices[upper].rank - 1 if upper < count else vertices[-1].rank
    for i in left:
        if next_pairs and kind[i] == 1 and mate[i] == -1 and _greedy_partner(vertices, kind, mate, local, i, 1, -1):
            next_pairs -= 1
    if next_pairs:
        return None
    lost = []
    free = upper  # the players below from local index `upper` to `free` (excluded) are all paired
    for i in left:
        if mate[i] != -1:
            continue
        while free < count and mate[free] != -1:
            free += 1
        if not _greedy_partner(vertices, kind, mate, local, i, 0, vertices[free - 1].rank if free > upper else below):
            lost.append(i)
    return mate if _exchange(vertices, kind, mate, lost, upper) else None


def _exchange(vertices: list[Contender], kind: list[int], mate: list[int], lost: list[int], upper: int) -> bool:
    """Pairs in `mate` the players `lost` (in the 1.2 order) that the greedy completion left, two at a
    time, when they are all below the next bracket (from local index `upper`): each two, u and v, who
    may not meet each other, take the places of a pair p-q of two players below, the last such pair
    in the 1.2 order whose players u and v may meet crosswise (u-p and v-q, or u-q and v-p: C1, C3);
    whether all of them were paired."""
    if len(lost) % 2 or any(kind[i] for i in lost):
        return False
    count = len(vertices)
    for u, v in zip(lost[::2], lost[1::2], strict=True):
        a, b = vertices[u], vertices[v]
        for p in range(count - 1, upper - 1, -1):
            q = mate[p]
            if not p < q < count:
                continue
            rank_p, rank_q = vertices[p].rank, vertices[q].rank
            if a.may_meet(rank_q) and b.may_meet(rank_p):
                p, q = q, p
            elif not (a.may_meet(rank_p) and b.may_meet(rank_q)):
                continue
            mate[u], mate[p], mate[v], mate[q] = p, u, q, v
            break
        else:
            return False
    return True


def _greedy_partner(
    vertices: list[Contender], kind: list[int], mate: list[int], local: dict[int, int], i: int, wanted: int, after: int
) -> bool:
    """Pairs vertex i in `mate` with the first unpaired player after it (and after rank `after`) in
    the 1.2 order that it may meet, of kind `wanted` (1: the next bracket, 0: below it); whether
    there was one."""
    a = vertices[i]
    blocked = a.blocked
    partners = a.partners
    for rank in memoryview(partners)[bisect_right(partners, max(a.rank, after)) :]:  # no copy
        j = local.get(rank)
        if j is not None and mate[j] == -1 and kind[j] == wanted and rank not in blocked:
            mate[i], mate[j] = j, i
            return True
    return False


def _next_pairs(completion: list[int], order: list[int], kind: list[int]) -> int:
    """The pairs of two next-bracket players in a completion (indices into `order`)."""
    count = len(kind)
    return sum(
        1
        for x, y in enumerate(completion)
        if x < y and order[x] < count and order[y] < count and kind[order[x]] == 1 and kind[order[y]] == 1
    )

"""C.04.3 (2025) Articles 2-4: the criteria and the bracket-by-bracket pairing of the Dutch system.

Each bracket is paired by one or two maximum-weight matchings over every player not yet paired
(plus a bye vertex when their number is odd). An edge weight is a sequence of bit fields, highest
priority first:

====================  =========================================================================
completion (C4)       1 per edge: a complete pairing of everyone left must exist (1.9, C4)
C5                    the PAB goes to the lowest score possible
C6, C7                pairs in the bracket; then their scores, by score level (highest first)
C8                    pairs in the next bracket, then their scores
C9                    the PAB assignee's unplayed rounds (fewest)
C10-C13               colour criteria of the pair (Article 5 allocation)
C14-C17               float history of resident downfloaters and of MDP opponents
C18-C21               score differences of those floats, largest first
Article 4             the generation order: MDP set (4.4), MDP-Pairing transposition (4.2), then
                      resident exchanges (4.3) and transpositions (4.2) of the remainder
====================  =========================================================================

so the optimum is the best candidate by 3.8 and, among equals, the one generated first.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import compress

from attrs import define, field

from pairing.criteria.basic_rules import ColourPreference, Strength
from pairing.fide.dutch_colours import allocate
from pairing.matching import TIERED_BITS, Tiers, max_weight_matching, max_weight_perfect_matching
from pairing.model import Decision, Float, NoValidPairing, Side


@define(eq=False, slots=True)
class Contender:
    """A player to be paired, with everything Article 1 derives from the history."""

    number: int
    tpn: int
    score: float
    """The pairing score (1.2.1; with acceleration, standings points + virtual points)."""
    sides: tuple[Side, ...]
    """Sides of played games (C.04.2 3.4)."""
    cd: int
    preference: ColourPreference
    float_1: Float
    """The float received in the previous round."""
    float_2: Float
    """The float received two rounds before."""
    pab_eligible: bool
    unplayed: int
    topscorer: bool
    avoid: frozenset[int]
    """Players this one may not meet: played opponents (C1) and forbidden pairs."""
    rank: int = field(default=0)
    """Position in the 1.2 order of all players to pair."""
    partners: array[int] = field(factory=lambda: array("i"))
    """The ranks (1.2 order) of every player this one may be paired with (C1, C3, forbidden pairs),
    ascending."""
    compat: bytearray = field(factory=bytearray)
    """`partners` as a table: compat[rank] is 1 for a possible opponent."""


@define
class RoundPairing:
    pairs: list[tuple[Contender, Contender]]
    bye: Contender | None


def compatible(a: Contender, b: Contender) -> bool:
    """The absolute criteria for a pair. [C1] "Two participants shall not play against each other
    more than once" (and pairs the regulations forbid); [C3] "Non-topscorers with the same absolute
    colour preference shall not meet"."""
    if b.number in a.avoid or a.number in b.avoid:
        return False
    return not (
        a.preference.strength is Strength.ABSOLUTE
        and b.preference.strength is Strength.ABSOLUTE
        and a.preference.colour is b.preference.colour
        and not (a.topscorer or b.topscorer)
    )


def _sides_after(higher: Contender, lower: Contender) -> tuple[Side, Side]:
    """The sides Article 5 gives a pair (5.2.5 is never reached by players who have played)."""
    side, _ = allocate(
        (higher.preference, higher.sides, higher.cd, higher.tpn),
        (lower.preference, lower.sides, lower.cd, lower.tpn),
        Side.FIRST,
    )
    return side, side.other


def colour_violations(a: Contender, b: Contender) -> tuple[int, int, int, int]:
    """Counts for [C10] (topscorers or their opponents ending beyond a colour difference of 2),
    [C11] (the same colour three times in a row), [C12] ("players who do not get their colour
    preference") and [C13] (strong preferences not granted: both strong-or-absolute for the same
    colour, unless both are absolute), for one pair."""
    pa, pb = a.preference, b.preference
    same = pa.colour is not None and pa.colour is pb.colour
    c12 = 1 if same else 0
    c13 = (
        1
        if same
        and pa.strength >= Strength.STRONG
        and pb.strength >= Strength.STRONG
        and not (pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE)
        else 0
    )
    c10 = c11 = 0
    if a.topscorer or b.topscorer:
        higher, lower = (a, b) if a.rank < b.rank else (b, a)
        for player, side in zip((higher, lower), _sides_after(higher, lower), strict=True):
            cd = player.cd + (1 if side is Side.FIRST else -1)
            if cd > 2 or cd < -2:
                c10 += 1
            if len(player.sides) >= 2 and player.sides[-1] is side and player.sides[-2] is side:
                c11 += 1
    return c10, c11, c12, c13


@define
class Field:
    """One bit field of the edge weight: an article and the largest total it can reach."""

    article: str
    bound: int
    offset: int = 0


class BracketWeights:
    """The edge weights for pairing one bracket (see the module docstring)."""

    def __init__(
        self,
        bracket: Sequence[Contender],
        mdp_count: int,
        next_residents: Sequence[Contender],
        vertex_count: int,
        remainder: Sequence[Contender] | None,
        remainder_pairs: int,
    ) -> None:
        self.bracket = list(bracket)
        self.in_bracket = {c.number for c in bracket}
        self.mdps = {c.number for c in bracket[:mdp_count]}
        self.mdp_bsn = {c.number: i + 1 for i, c in enumerate(bracket[:mdp_count])}
        self.m0 = mdp_count
        residents = bracket[mdp_count:]
        self.resident_bsn = {c.number: i + 1 for i, c in enumerate(residents)}
        self.r = len(residents)
        self.next = {c.number for c in next_residents}
        self.c9 = False
        """Whether [C9] applies: the bracket downfloats exactly one player."""
        size = len(bracket)
        levels = sorted({c.score for c in bracket}, reverse=True)
        self.c7_base = size + 1
        self.c7_level = {s: self.c7_base ** (len(levels) - 1 - i) for i, s in enumerate(levels)}
        next_levels = sorted({c.score for c in bracket} | {c.score for c in next_residents}, reverse=True)
        self.c8_base = size + len(next_residents) + 1
        self.c8_level = {s: self.c8_base ** (len(next_levels) - 1 - i) for i, s in enumerate(next_levels)}
        diffs = sorted({round(a.score - b.score, 6) for a in bracket for b in bracket if a.score > b.score})
        self.sd_base = size + 1
        self.sd_level = {d: self.sd_base**j for j, d in enumerate(diffs)}
        self.sd_top = self.sd_base ** len(diffs)
        self.remainder_bsn = {c.number: i + 1 for i, c in enumerate(remainder or ())}
        self.x = len(remainder or ())
        self.p = remainder_pairs
        half = size // 2 + 1
        x = self.x
        fields = [
            Field("C4", vertex_count + 1),
            Field("C5", 1),  # set by the caller (score levels of PAB candidates)
            Field("C6", half),
            Field("C7", self.c7_base ** len(levels)),
            Field("C8", size + len(next_residents) + 1),
            Field("C8", self.c8_base ** len(next_levels)),
            Field("C9", 1),
            Field("C10", 2 * half),
            Field("C11", 2 * half),
            Field("C12", half),
            Field("C13", half),
            Field("C14", size + 1),
            Field("C15", half),
            Field("C16", size + 1),
            Field("C17", half),
            Field("C18", self.sd_top * self.sd_base),
            Field("C19", self.sd_top * self.sd_base),
            Field("C20", self.sd_top * self.sd_base),
            Field("C21", self.sd_top * self.sd_base),
        ]
        if remainder is None:
            fields += [Field("4.4", 2 ** (self.m0 + 1)), Field("4.2", (self.r + 2) ** (self.m0 + 1))]
        else:
            fields += [
                Field("4.3", x + 1),
                Field("4.3", (x + 2) * (x + 2)),
                Field("4.3", (x + 1) * 2 ** (self.p + 2)),
                Field("4.3", 2 ** (x + 2)),
                Field("4.2", (x + 2) ** (x + 1)),
            ]
        self.fields = fields
        self.criteria_memo: dict[tuple[int, int], int] = {}
        """C4-C21 of pairs by the players' profiles, for the current layout."""
        self.profile_ids: dict[tuple[object, ...], int] = {}
        self.profile_of: dict[int, int] = {}
        """Player number -> the number of its profile (`_profile`)."""
        self.s1_pair = 0
        self.by_lower_bsn: list[int] = []
        self.transposition_place: list[int] = []

    def set_bye_fields(self, levels: int, unplayed: int) -> None:
        self.fields[1].bound = levels + 1
        self.fields[6].bound = unplayed + 2

    def layout(self) -> None:
        offset = 0
        for f in reversed(self.fields):
            f.offset = offset
            offset += f.bound.bit_length() + 1
        self.criteria_memo = {}
        self._order_tables()

    def unit(self, index: int) -> int:
        return 1 << self.fields[index].offset

    def in_bracket_weight(self, a: Contender, b: Contender) -> int:
        """An edge between two players of the bracket: a pair of this bracket."""
        higher, lower = (a, b) if a.rank < b.rank else (b, a)
        return self._criteria(higher, lower) + self._order_weight(higher, lower)

    def inside(self, higher: Contender, lower: Contender) -> tuple[int, tuple[tuple[int, int], ...]]:
        """`in_bracket_weight` of a pair (higher first in the 1.2 order) in the remainder pass, with
        the low bits of its weight as lexicographic digits (`pairing.matching.Tiers`), each owned
        by the pair's member of lower BSN in the remainder: first field 22, one binary digit per
        S2 player (BSN p+1..x), then field 23, one digit per player (BSN 1..x) valued by the
        partner's BSN, the lower the better."""
        first = self.remainder_bsn.get(higher.number)
        second = self.remainder_bsn.get(lower.number)
        criteria = self._criteria(higher, lower)
        if first is None or second is None:
            return criteria, ()
        low, high = (first, second) if first < second else (second, first)
        p, x = self.p, self.x
        transposition = (x - p + low - 1, x + 1 - high)
        digits = ((low - p - 1, 1), transposition) if low > p else (transposition,)
        return criteria + self._remainder_order(low, high), digits

    def _criteria(self, higher: Contender, lower: Contender) -> int:
        """`_criteria_weight`, memoised by the players' profiles."""
        if higher.topscorer or lower.topscorer:  # C10 and C11 then depend on the whole colour history
            return self._criteria_weight(higher, lower)
        of = self.profile_of
        key = (of.get(higher.number) or self._profile(higher), of.get(lower.number) or self._profile(lower))
        criteria = self.criteria_memo.get(key)
        if criteria is None:
            criteria = self.criteria_memo[key] = self._criteria_weight(higher, lower)
        return criteria

    def _profile(self, c: Contender) -> int:
        """A number (from 1) for everything `_criteria_weight` reads of a player who is not a
        topscorer."""
        profile = (c.score, c.preference, c.float_1, c.float_2, c.number in self.mdps)
        found = self.profile_of[c.number] = self.profile_ids.setdefault(profile, len(self.profile_ids) + 1)
        return found

    def _criteria_weight(self, higher: Contender, lower: Contender) -> int:
        """C4-C21 for a pair of this bracket."""
        f = self.fields
        a, b = higher, lower
        w = (1 << f[0].offset) + (1 << f[2].offset)
        w += (self.c7_level[a.score] + self.c7_level[b.score]) << f[3].offset
        c10, c11, c12, c13 = colour_violations(a, b)
        w += (2 - c10) << f[7].offset
        w += (2 - c11) << f[8].offset
        w += (1 - c12) << f[9].offset
        w += (1 - c13) << f[10].offset
        mdps = self.mdps
        different = higher.score > lower.score
        # C14/C16: resident downfloaters who downfloated before: a bonus for pairing them here.
        c14 = sum(1 for c in (a, b) if c.number not in mdps and c.float_1 is Float.DOWN)
        c16 = sum(1 for c in (a, b) if c.number not in mdps and c.float_2 is Float.DOWN)
        w += c14 << f[11].offset
        w += c16 << f[13].offset
        # C15/C17: MDP opponents (the lower player of a pair of different scores) who upfloated before.
        w += (1 - (1 if different and lower.float_1 is Float.UP else 0)) << f[12].offset
        w += (1 - (1 if different and lower.float_2 is Float.UP else 0)) << f[14].offset
        if different:
            level = self.sd_level[round(higher.score - lower.score, 6)]
            top = self.sd_top
            if higher.float_1 is Float.DOWN:
                w += (top - level) << f[15].offset
            if higher.float_2 is Float.DOWN:
                w += (top - level) << f[17].offset
            w += (top - (level if lower.float_1 is Float.UP else 0)) << f[16].offset
            w += (top - (level if lower.float_2 is Float.UP else 0)) << f[18].offset
        else:
            w += self.sd_top << f[16].offset
            w += self.sd_top << f[18].offset
        return w

    def _order_weight(self, higher: Contender, lower: Contender) -> int:
        """Article 4: the generation order of candidates, below every criterion."""
        f = self.fields
        if len(f) == 21:  # heterogeneous bracket, first pass: MDP set (4.4) and MDP-Pairing (4.2)
            w = 0
            for c in (higher, lower):
                if c.number in self.mdp_bsn:
                    w += 2 ** (self.m0 - self.mdp_bsn[c.number]) << f[19].offset
            if higher.number in self.mdp_bsn and lower.number in self.resident_bsn:
                partner = self.r + 1 - self.resident_bsn[lower.number]
                w += partner * (self.r + 2) ** (self.m0 - self.mdp_bsn[higher.number]) << f[20].offset
            return w
        a = self.remainder_bsn.get(higher.number)
        b = self.remainder_bsn.get(lower.number)
        if a is None or b is None:
            return 0
        return self._remainder_order(a, b) if a < b else self._remainder_order(b, a)

    def _remainder_order(self, low: int, high: int) -> int:
        """Article 4 for a remainder pair of BSNs low < high: 4.3, a pair with an S1 player (field
        19) and the lower BSN's fields 20-22; 4.2, field 23."""
        w = self.s1_pair if low <= self.p else 0
        return w + self.by_lower_bsn[low] + (self.x + 1 - high) * self.transposition_place[low]

    def _order_tables(self) -> None:
        """The remainder pass's generation-order fields that depend on the lower BSN a of a pair
        alone, per a, for the current layout: (x + 1 - a) in field 20, 2^(p+1) - 2^a (a <= p) in
        field 21, 2^(x+1-a) (a > p) in field 22; and the place (x + 2)^(x - a) of a's digit in
        field 23."""
        f, p, x = self.fields, self.p, self.x
        if len(f) != 24:
            return
        self.s1_pair = 1 << f[19].offset
        self.by_lower_bsn = [0] * (x + 1)
        self.transposition_place = [0] * (x + 1)
        for a in range(1, x + 1):
            w = (x + 1 - a) << f[20].offset
            w += ((2 ** (p + 1)) - (2**a if a <= p else 0)) << f[21].offset
            if a > p:
                w += 2 ** (x + 1 - a) << f[22].offset
            self.by_lower_bsn[a] = w
            self.transposition_place[a] = (x + 2) ** (x - a) << f[23].offset

    @property
    def wide(self) -> bool:
        """Whether the weights are worth solving by tiers (`pairing.matching.Tiers`): in the
        remainder's pass, when the generation order takes many bits."""
        return len(self.fields) == 24 and self.fields[20].offset >= TIERED_BITS

    def tiers(self, digits: list[tuple[tuple[int, int], ...]]) -> Tiers:
        """The criteria C4-C21 with the first 4.3 fields; field 21 (4.3, which S1 players leave);
        and fields 22-23 as the digits of `inside`."""
        return Tiers((self.fields[20].offset, self.fields[21].offset), digits)

    def next_bracket_weight(self, a: Contender, b: Contender) -> int:
        """An edge of the next bracket (a downfloater or a next resident with a next resident): C8."""
        f = self.fields
        return (
            (1 << f[0].offset) + (1 << f[4].offset) + ((self.c8_level[a.score] + self.c8_level[b.score]) << f[5].offset)
        )


def _set_partners(players: list[Contender]) -> None:
    """Each player's `compat` table and `partners`: exactly `compatible` for every pair, computed
    as byte tables (C1 and forbidden pairs from `avoid`, both ways; C3 by one mask per colour)."""
    count = max((c.rank for c in players), default=-1) + 1
    by_number = {c.number: c for c in players}
    present = bytearray(count)
    for c in players:
        present[c.rank] = 1
    for c in players:
        c.compat = bytearray(present)
        c.compat[c.rank] = 0
    for c in players:
        for number in c.avoid:
            other = by_number.get(number)
            if other is not None:
                c.compat[other.rank] = 0
                other.compat[c.rank] = 0
    masks: dict[Side, int] = {}
    for c in players:
        pref = c.preference
        if pref.strength is Strength.ABSOLUTE and not c.topscorer:
            masks.setdefault(pref.colour, (1 << (8 * count)) - 1)
            masks[pref.colour] &= ~(0xFF << (8 * c.rank))
    for c in players:
        pref = c.preference
        if pref.strength is Strength.ABSOLUTE and not c.topscorer:
            row = int.from_bytes(c.compat, "little") & masks[pref.colour]
            c.compat = bytearray(row.to_bytes(count, "little"))
        c.partners = array("i", compress(range(count), c.compat))


def pair_brackets(players: list[Contender], explanation: list[Decision]) -> RoundPairing:
    """1.9: "brackets are paired from the top scoregroup down"; each bracket by Article 3."""
    _set_partners(players)
    groups = sorted({c.score for c in players}, reverse=True)
    paired: set[int] = set()
    pairs: list[tuple[Contender, Contender]] = []
    mdps: list[Contender] = []
    bye_levels = sorted({c.score for c in players if c.pab_eligible})
    max_unplayed = max((c.unplayed for c in players), default=0)
    for index, score in enumerate(groups):
        residents = [c for c in players if c.score == score and c.number not in paired and c not in mdps]
        bracket = mdps + residents
        lower = [c for c in players if c.score < score and c.number not in paired]
        next_residents = [c for c in lower if index + 1 < len(groups) and c.score == groups[index + 1]]
        bracket_pairs, floaters = _pair_bracket(
            bracket, len(mdps), next_residents, lower, bye_levels, max_unplayed, explanation, score
        )
        for a, b in bracket_pairs:
            paired |= {a.number, b.number}
            pairs.append((a, b))
        mdps = floaters
    bye = None
    if len(mdps) == 1:
        bye = mdps[0]
    elif mdps:
        raise NoValidPairing("no complete pairing exists (C4): " + ", ".join(str(c.number) for c in mdps) + " left")
    return RoundPairing(pairs=pairs, bye=bye)


def _solve(
    vertices: list[Contender],
    weights: BracketWeights,
    bye_levels: list[float],
    max_unplayed: int,
    usable: Callable[[Contender, Contender], bool] | None,
) -> tuple[dict[int, Contender | None], int]:
    """`_solve_once`, with [C9] in force exactly when the bracket downfloats one player (C9's note:
    it "applies to brackets that downfloat exactly one player, who will end up receiving the PAB").
    The number of downfloaters is fixed by C6, above C9, so one more solve at most settles it."""
    weights.c9 = len(weights.bracket) % 2 == 1
    while True:
        partners, pairs = _solve_once(vertices, weights, bye_levels, max_unplayed, usable)
        in_bracket = weights.in_bracket
        floaters = sum(
            1
            for c in weights.bracket
            if (p := partners.get(c.number, c)) is None or (p is not c and p.number not in in_bracket)
        )
        if (floaters == 1) == weights.c9:
            return partners, pairs
        weights.c9 = floaters == 1


def _solve_once(
    vertices: list[Contender],
    weights: BracketWeights,
    bye_levels: list[float],
    max_unplayed: int,
    usable: Callable[[Contender, Contender], bool] | None,
) -> tuple[dict[int, Contender | None], int]:
    """One matching: each bracket player's partner (None = the PAB) and the number of pairs."""
    if not vertices:
        return {}, 0
    vertices = sorted(vertices, key=lambda c: c.rank)  # the edge builders read local order as 1.2 order
    weights.set_bye_fields(len(bye_levels), max_unplayed)
    weights.layout()
    in_bracket = weights.in_bracket
    nxt = weights.next
    unit = weights.unit(0)
    # Local index by rank (1.2 order), -1 for players already paired; kind 2 = bracket, 1 = next.
    position = [-1] * (max(c.rank for c in vertices) + 1)
    kind = [0] * len(vertices)
    for i, c in enumerate(vertices):
        position[c.rank] = i
        kind[i] = 2 if c.number in in_bracket else 1 if c.number in nxt else 0
    n = len(vertices)
    bye_edges = _bye_edges(vertices, weights, bye_levels, max_unplayed, unit) if n % 2 == 1 else None
    mate = None
    if n > RELAXED_MIN_VERTICES:
        mate = _relaxed_matching(vertices, kind, position, weights, usable, bye_edges)
    if mate is None:
        edges, tiers = _edges(vertices, kind, position, weights, usable, unit, rich_only=False)
        if bye_edges is not None:
            edges += [(i, n, w) for i, w in bye_edges]
            mate = max_weight_perfect_matching(n + 1, edges, tiers=tiers)
        else:
            mate = max_weight_perfect_matching(n, edges, tiers=tiers)
    if bye_edges is not None:
        n += 1
    if mate is None:
        raise NoValidPairing(
            "no complete pairing of the remaining players complies with C1-C3 (C4): the arbiter decides (1.9)"
        )
    partners: dict[int, Contender | None] = {}
    for i, c in enumerate(vertices):
        m = mate[i]
        partners[c.number] = None if m == len(vertices) else vertices[m]
    return partners, n // 2


RELAXED_MIN_VERTICES = 100
"""From this many vertices, `_relaxed_matching` is tried first."""
SPARSE_EDGES = 12
"""Completion edges per vertex tried first when checking that the floaters can be completed."""
PARTNERS_TRIED = 2
"""`_bracket_alone`: next-bracket partners tried for the downfloater before giving up the shortcut."""


def _bye_edges(
    vertices: list[Contender], weights: BracketWeights, bye_levels: list[float], max_unplayed: int, unit: int
) -> list[tuple[int, int]]:
    """The edges to the bye vertex (when the players left are odd in number): (local index, weight)."""
    level = {s: len(bye_levels) - k for k, s in enumerate(bye_levels)}
    f = weights.fields
    edges = []
    for i, a in enumerate(vertices):
        if a.pab_eligible:
            w = unit + (level[a.score] << f[1].offset)
            if weights.c9 and a.number in weights.in_bracket:
                # C9 "applies to brackets that downfloat exactly one player, who will end up
                # receiving the PAB": a bye edge from a player of this bracket.
                w += (max_unplayed + 1 - a.unplayed) << f[6].offset
            edges.append((i, w))
    return edges


def _edges(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    usable: Callable[[Contender, Contender], bool] | None,
    unit: int,
    rich_only: bool,
    bracket_only: bool = False,
) -> tuple[list[tuple[int, int, int]], Tiers | None]:
    """The graph of one matching, vertices by local index: every compatible pair, weighted; with
    `rich_only`, only the pairs that weigh more than the completion unit (inside the bracket or the
    next one), with the unit subtracted, or with `bracket_only` too, only the pairs inside the
    bracket. With it, the weights' tiers when they are wide."""
    edges: list[tuple[int, int, int]] = []
    digits: list[tuple[tuple[int, int], ...]] | None = [] if weights.wide else None
    limit = len(position)
    for i, a in enumerate(vertices):
        a_kind = kind[i]
        if rich_only and a_kind == 0:
            break  # every later vertex is below the next bracket
        partners = a.partners
        for rank in partners[bisect_right(partners, a.rank) :]:
            if rank >= limit:
                break
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
                if digits is None:
                    w = weights.in_bracket_weight(a, b)
                else:
                    w, pair_digits = weights.inside(a, b)  # a is the higher: vertices are in 1.2 order
                    digits.append(pair_digits)
            else:
                w = weights.next_bracket_weight(a, b)
                if digits is not None:
                    digits.append(())
            edges.append((i, j, w - unit if rich_only else w))
    return edges, None if digits is None else weights.tiers(digits)


def _relaxed_matching(
    vertices: list[Contender],
    kind: list[int],
    position: list[int],
    weights: BracketWeights,
    usable: Callable[[Contender, Contender], bool] | None,
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
    unit = weights.unit(0)
    n_upper = len(kind) - kind.count(0)  # the bracket and the next one come first (1.2 order)
    if bye_edges is None:
        mate = _bracket_alone(vertices, kind, position, weights, usable, None)
    else:
        # C5 outranks C6: the bye goes to the lowest eligible score, which is below the next
        # bracket whenever any player there may receive it.
        below = [(w, i) for i, w in bye_edges if i >= n_upper]
        best = max((w for w, _ in below), default=None)
        takers = [i for w, i in below if w == best]
        mate = _bracket_alone(vertices, kind, position, weights, usable, takers) if takers else None
    if mate is not None:
        return mate
    edges, tiers = _edges(vertices, kind, position, weights, usable, unit, rich_only=True)
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
    bye_takers: list[int] | None,
) -> list[int] | None:
    """`_relaxed_matching` without the next bracket's players, when the bracket pairs all of them
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
    unit = weights.unit(0)
    edges, tiers = _edges(vertices, kind, position, weights, usable, unit, rich_only=True, bracket_only=True)
    nxt = [i for i, k in enumerate(kind) if k == 1]
    odd = size % 2 == 1
    if odd and nxt:  # N as one vertex, index `size`
        resident = vertices[nxt[0]]
        lost = weights.next_bracket_weight(resident, resident) if len(nxt) % 2 == 0 else unit
        for i in range(size):
            a = vertices[i]
            if any(a.compat[vertices[j].rank] for j in nxt):
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
    for j in [j for j in nxt if vertices[x].compat[vertices[j].rank]][:PARTNERS_TRIED]:
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
            for rank in partners[bisect_right(partners, vertices[i].rank) :]:
                if rank >= limit:
                    break
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


def _pair_bracket(
    bracket: list[Contender],
    mdp_count: int,
    next_residents: list[Contender],
    lower: list[Contender],
    bye_levels: list[float],
    max_unplayed: int,
    explanation: list[Decision],
    score: float,
) -> tuple[list[tuple[Contender, Contender]], list[Contender]]:
    """Article 3 for one bracket: the chosen pairs and the downfloaters."""
    numbers = {c.number for c in bracket}
    vertices = bracket + lower
    fixed: list[tuple[Contender, Contender]] = []
    mdps = bracket[:mdp_count]
    residents = bracket[mdp_count:]

    if mdp_count:
        # First pass (3.7, outer loops): which MDPs are paired (4.4) and with whom (4.2).
        weights = BracketWeights(bracket, mdp_count, next_residents, len(vertices) + 1, None, 0)
        partners, _ = _solve(vertices, weights, bye_levels, max_unplayed, None)
        mdp_numbers = {c.number for c in mdps}
        limbo = set()
        for m in mdps:
            partner = partners[m.number]
            if partner is not None and partner.number in numbers:
                if partner.number in mdp_numbers and partner.rank < m.rank:
                    continue
                fixed.append((m, partner))
            else:
                limbo.add(m.number)
        used = {c.number for pair in fixed for c in pair}
        remainder = [c for c in residents if c.number not in used]
        total = sum(1 for c in bracket if partners[c.number] is not None and partners[c.number].number in numbers) // 2
        remainder_pairs = total - len(fixed)
        vertices = [c for c in vertices if c.number not in used]

        def usable(a: Contender, b: Contender) -> bool:
            return not ((a.number in limbo and b.number in numbers) or (b.number in limbo and a.number in numbers))
    else:
        remainder = residents
        remainder_pairs = len(remainder) // 2
        usable = None
        limbo = set()

    # Second pass (3.6 / 3.7 inner loop): the remainder's exchanges (4.3) and transpositions (4.2).
    partners = {}
    for _ in range(2):
        weights = BracketWeights(bracket, mdp_count, next_residents, len(vertices) + 1, remainder, remainder_pairs)
        partners, _ = _solve(vertices, weights, bye_levels, max_unplayed, usable)
        remainder_numbers = {c.number for c in remainder}
        found = (
            sum(
                1
                for c in remainder
                if partners[c.number] is not None and partners[c.number].number in remainder_numbers
            )
            // 2
        )
        if found == remainder_pairs:
            break
        remainder_pairs = found
    pairs = list(fixed)
    seen: set[int] = set()
    remainder_numbers = {c.number for c in remainder}
    for c in remainder:
        partner = partners[c.number]
        if partner is not None and partner.number in remainder_numbers and c.number not in seen:
            pairs.append((c, partner))
            seen |= {c.number, partner.number}
    paired = {c.number for pair in pairs for c in pair}
    floaters = [c for c in bracket if c.number not in paired]
    _explain(bracket, mdp_count, pairs, floaters, explanation, score)
    return pairs, floaters


def _explain(
    bracket: list[Contender],
    mdp_count: int,
    pairs: list[tuple[Contender, Contender]],
    floaters: list[Contender],
    explanation: list[Decision],
    score: float,
) -> None:
    """The bracket's explanation: its MDPs, its downfloaters and every criterion not fully met."""
    mdps = bracket[:mdp_count]
    text = f"bracket {score:g}: {len(bracket) - mdp_count} resident(s)"
    if mdps:
        text += ", MDPs " + ", ".join(f"{c.number} ({c.score:g})" for c in mdps)
    explanation.append(Decision("1.3.2", text))
    if floaters:
        explanation.append(
            Decision(
                "C6",
                "downfloaters: " + ", ".join(f"{c.number} ({c.score:g})" for c in floaters),
                satisfied=False,
            )
        )
    counts = [0, 0, 0, 0]
    for a, b in pairs:
        for k, v in enumerate(colour_violations(a, b)):
            counts[k] += v
    for article, count, what in zip(
        ("C10", "C11", "C12", "C13"),
        counts,
        (
            "topscorers or opponents beyond a colour difference of 2",
            "topscorers or opponents with the same colour three times in a row",
            "players who do not get their colour preference",
            "players who do not get their strong colour preference",
        ),
        strict=True,
    ):
        if count:
            explanation.append(Decision(article, f"{count} {what}", satisfied=False))
    mdp_numbers = {c.number for c in mdps}
    resident_floaters = [c for c in floaters if c.number not in mdp_numbers]
    for article, attr, what in (("C14", "float_1", "the previous round"), ("C16", "float_2", "two rounds before")):
        hit = [c.number for c in resident_floaters if getattr(c, attr) is Float.DOWN]
        if hit:
            explanation.append(
                Decision(article, f"resident downfloaters who downfloated {what}: {hit}", satisfied=False)
            )
    for article, attr, what in (("C15", "float_1", "the previous round"), ("C17", "float_2", "two rounds before")):
        hit = []
        for a, b in pairs:
            higher, lower = (a, b) if a.rank < b.rank else (b, a)
            if higher.score > lower.score and getattr(lower, attr) is Float.UP:
                hit.append(lower.number)
        if hit:
            explanation.append(Decision(article, f"MDP opponents who upfloated {what}: {hit}", satisfied=False))

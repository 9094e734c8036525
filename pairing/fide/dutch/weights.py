"""C.04.3 (2025) Articles 2-4 as edge weights: the criteria of the FIDE (Dutch) System, each named
as in the rules, and the generation order of Article 4.

Each bracket is paired by one or two maximum-weight matchings over every player not yet paired
(plus a bye vertex when their number is odd). An edge weight is a sequence of bit fields, highest
priority first (`Criteria`, then `MdpOrder` or `RemainderOrder`):

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

from collections.abc import Sequence

from pairing.criteria.basic_rules import Strength
from pairing.fide.dutch.colours import allocate
from pairing.fide.dutch.definitions import Contender
from pairing.model import Float, Side
from pairing.values import astuple, value


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


@value(frozen=False)
class Field:
    """One bit field of the edge weight: an article and the largest total it can reach."""

    article: str
    bound: int
    offset: int = 0


@value
class Criteria:
    """The fields of C4-C21 in the edge weight, highest priority first, each named as in the rules."""

    c4: Field
    """[C4] completion: every edge weighs one unit, so the matching pairs everyone it can."""
    c5: Field
    """[C5] "Minimise the score of the assignee of the pairing-allocated-bye"."""
    c6: Field
    """[C6] "Minimise the number of downfloaters (maximise the number of pairs)"."""
    c7: Field
    """[C7] "Minimise the scores (taken in descending order) of the downfloaters"."""
    c8_pairs: Field
    """[C8] the following bracket complies with C6: its pairs."""
    c8_scores: Field
    """[C8] the following bracket complies with C7: the scores of its pairs."""
    c9: Field
    """[C9] "Minimise the number of unplayed games of the assignee of the pairing-allocated-bye"."""
    c10: Field
    """[C10] topscorers or their opponents beyond a colour difference of 2."""
    c11: Field
    """[C11] topscorers or their opponents with the same colour three times in a row."""
    c12: Field
    """[C12] "Minimise the number of players who do not get their colour preference"."""
    c13: Field
    """[C13] "Minimise the number of players who do not get their strong colour preference"."""
    c14: Field
    """[C14] resident downfloaters who received a downfloat the previous round."""
    c15: Field
    """[C15] MDP opponents who received an upfloat the previous round."""
    c16: Field
    """[C16] resident downfloaters who received a downfloat two rounds before."""
    c17: Field
    """[C17] MDP opponents who received an upfloat two rounds before."""
    c18: Field
    """[C18] score differences of MDPs who received a downfloat the previous round."""
    c19: Field
    """[C19] score differences of MDP opponents who received an upfloat the previous round."""
    c20: Field
    """[C20] as C18, for a downfloat two rounds before."""
    c21: Field
    """[C21] as C19, for an upfloat two rounds before."""

    def by_priority(self) -> tuple[Field, ...]:
        return astuple(self)


@value
class MdpOrder:
    """Article 4 in the first pass of a heterogeneous bracket (3.7, outer loops): which MDPs are
    paired and with whom."""

    mdp_set: Field
    """4.4: the MDP sets, by their smallest differing BSN."""
    mdp_pairing: Field
    """4.2: the transpositions of S2 that give each MDP its opponent."""

    def by_priority(self) -> tuple[Field, ...]:
        return astuple(self)


@value
class RemainderOrder:
    """Article 4 in the remainder's pass (3.6, or 3.7's inner loop): resident exchanges (4.3), then
    transpositions (4.2)."""

    s1_pairs: Field
    """4.3: the pairs with a player of the original S1 (the fewest BSNs exchanged)."""
    lower_bsns: Field
    """4.3: the lower BSN of each pair (the sums of the BSNs exchanged)."""
    s1_leavers: Field
    """4.3: the S1 players moved to S2 (the highest differing BSN)."""
    s2_joiners: Field
    """4.3: the S2 players moved to S1 (the lowest differing BSN)."""
    transposition: Field
    """4.2: the transposition of S2, one digit per player valued by its partner's BSN."""

    def by_priority(self) -> tuple[Field, ...]:
        return astuple(self)


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
        diffs = sorted({round(a - b, 6) for a in levels for b in levels if a > b})
        self.sd_base = size + 1
        self.sd_level = {d: self.sd_base**j for j, d in enumerate(diffs)}
        self.sd_top = self.sd_base ** len(diffs)
        self.remainder_bsn = {c.number: i + 1 for i, c in enumerate(remainder or ())}
        self.x = len(remainder or ())
        self.p = remainder_pairs
        half = size // 2 + 1
        x = self.x
        self.criteria = Criteria(
            c4=Field("C4", vertex_count + 1),
            c5=Field("C5", 1),  # set by the caller (score levels of PAB candidates)
            c6=Field("C6", half),
            c7=Field("C7", self.c7_base ** len(levels)),
            c8_pairs=Field("C8", size + len(next_residents) + 1),
            c8_scores=Field("C8", self.c8_base ** len(next_levels)),
            c9=Field("C9", 1),
            c10=Field("C10", 2 * half),
            c11=Field("C11", 2 * half),
            c12=Field("C12", half),
            c13=Field("C13", half),
            c14=Field("C14", size + 1),
            c15=Field("C15", half),
            c16=Field("C16", size + 1),
            c17=Field("C17", half),
            c18=Field("C18", self.sd_top * self.sd_base),
            c19=Field("C19", self.sd_top * self.sd_base),
            c20=Field("C20", self.sd_top * self.sd_base),
            c21=Field("C21", self.sd_top * self.sd_base),
        )
        self.order: MdpOrder | RemainderOrder
        if remainder is None:
            self.order = MdpOrder(Field("4.4", 2 ** (self.m0 + 1)), Field("4.2", (self.r + 2) ** (self.m0 + 1)))
        else:
            self.order = RemainderOrder(
                Field("4.3", x + 1),
                Field("4.3", (x + 2) * (x + 2)),
                Field("4.3", (x + 1) * 2 ** (self.p + 2)),
                Field("4.3", 2 ** (x + 2)),
                Field("4.2", (x + 2) ** (x + 1)),
            )
        self.criteria_memo: dict[int, dict[int, int]] = {}
        """C4-C21 of pairs by the players' profiles (the higher's, then the lower's), for the current
        layout."""
        self.profile_ids: dict[tuple[object, ...], int] = {}
        self.profile_of: dict[int, int] = {}
        """Player number -> the number of its profile (`profile`)."""
        self.mdp_set: dict[int, int] = {}
        """4.4: each MDP's place in `mdp_set` (the first pass), by player number."""
        self.s1_pair = 0
        self.by_lower_bsn: list[int] = []
        self.transposition_place: list[int] = []

    def set_bye_fields(self, levels: int, unplayed: int) -> None:
        """The bounds of C5 (the score levels of the players who may receive the PAB) and C9 (the
        most unplayed rounds of any player)."""
        self.criteria.c5.bound = levels + 1
        self.criteria.c9.bound = unplayed + 2

    def layout(self) -> None:
        """Place the fields, the lowest priority in the lowest bits."""
        offset = 0
        for f in reversed((*self.criteria.by_priority(), *self.order.by_priority())):
            f.offset = offset
            offset += f.bound.bit_length() + 1
        self.criteria_memo = {}
        self._order_tables()

    @property
    def completion_unit(self) -> int:
        """[C4]'s unit: every edge weighs it, so a maximum-weight matching is a complete one first."""
        return 1 << self.criteria.c4.offset

    def in_bracket_weight(self, a: Contender, b: Contender) -> int:
        """An edge between two players of the bracket: a pair of this bracket."""
        higher, lower = (a, b) if a.rank < b.rank else (b, a)
        return self.criteria_of(higher, lower) + self.order_weight(higher, lower)

    def criteria_of(self, higher: Contender, lower: Contender) -> int:
        """`_criteria_weight`, memoised by the players' profiles."""
        return self.criteria_by_profile(self.profile(higher), self.profile(lower), higher, lower)

    def criteria_by_profile(self, first: int, second: int, higher: Contender, lower: Contender) -> int:
        """`criteria_of` for players of profiles `first` and `second` (`profile`)."""
        if not (first and second):  # a topscorer: C10 and C11 then depend on the whole colour history
            return self._criteria_weight(higher, lower)
        return self.criteria_row(first).get(second) or self._memoised(first, second, higher, lower)

    def criteria_row(self, first: int) -> dict[int, int]:
        """The memoised criteria of the pairs whose higher player has profile `first` (not 0), by
        the lower player's profile."""
        row = self.criteria_memo.get(first)
        if row is None:
            row = self.criteria_memo[first] = {}
        return row

    def _memoised(self, first: int, second: int, higher: Contender, lower: Contender) -> int:
        criteria = self.criteria_memo[first][second] = self._criteria_weight(higher, lower)
        return criteria

    def profile(self, c: Contender) -> int:
        """A number (from 1) for everything `_criteria_weight` reads of a player who is not a
        topscorer; 0 for a topscorer, whose criteria are not memoised."""
        found = self.profile_of.get(c.number)
        if found is None:
            if c.topscorer:
                found = 0
            else:
                key = (c.score, c.preference, c.float_1, c.float_2, c.number in self.mdps)
                found = self.profile_ids.setdefault(key, len(self.profile_ids) + 1)
            self.profile_of[c.number] = found
        return found

    def _criteria_weight(self, higher: Contender, lower: Contender) -> int:
        """C4-C21 for a pair of this bracket."""
        f = self.criteria
        a, b = higher, lower
        w = (1 << f.c4.offset) + (1 << f.c6.offset)
        w += (self.c7_level[a.score] + self.c7_level[b.score]) << f.c7.offset
        c10, c11, c12, c13 = colour_violations(a, b)
        w += (2 - c10) << f.c10.offset
        w += (2 - c11) << f.c11.offset
        w += (1 - c12) << f.c12.offset
        w += (1 - c13) << f.c13.offset
        mdps = self.mdps
        different = higher.score > lower.score
        # C14/C16: resident downfloaters who downfloated before: a bonus for pairing them here.
        c14 = sum(1 for c in (a, b) if c.number not in mdps and c.float_1 is Float.DOWN)
        c16 = sum(1 for c in (a, b) if c.number not in mdps and c.float_2 is Float.DOWN)
        w += c14 << f.c14.offset
        w += c16 << f.c16.offset
        # C15/C17: MDP opponents (the lower player of a pair of different scores) who upfloated before.
        w += (1 - (1 if different and lower.float_1 is Float.UP else 0)) << f.c15.offset
        w += (1 - (1 if different and lower.float_2 is Float.UP else 0)) << f.c17.offset
        if different:
            level = self.sd_level[round(higher.score - lower.score, 6)]
            top = self.sd_top
            if higher.float_1 is Float.DOWN:
                w += (top - level) << f.c18.offset
            if higher.float_2 is Float.DOWN:
                w += (top - level) << f.c20.offset
            w += (top - (level if lower.float_1 is Float.UP else 0)) << f.c19.offset
            w += (top - (level if lower.float_2 is Float.UP else 0)) << f.c21.offset
        else:
            w += self.sd_top << f.c19.offset
            w += self.sd_top << f.c21.offset
        return w

    def order_weight(self, higher: Contender, lower: Contender) -> int:
        """Article 4: the generation order of candidates, below every criterion."""
        return self.order_row(higher, (lower,))[0]

    def order_row(self, higher: Contender, lowers: Sequence[Contender]) -> list[int]:
        """`order_weight` of the pairs of `higher` with each of `lowers`."""
        order = self.order
        if isinstance(order, MdpOrder):  # heterogeneous bracket, first pass: MDP set (4.4) and MDP-Pairing (4.2)
            mdp_set = self.mdp_set
            w = mdp_set.get(higher.number, 0)
            if higher.number not in self.mdp_bsn:
                return [w + mdp_set.get(c.number, 0) for c in lowers]
            place = (self.r + 2) ** (self.m0 - self.mdp_bsn[higher.number]) << order.mdp_pairing.offset
            resident_bsn, top = self.resident_bsn, self.r + 1
            return [
                w + mdp_set.get(c.number, 0) + ((top - b) * place if (b := resident_bsn.get(c.number)) else 0)
                for c in lowers
            ]
        a = self.remainder_bsn.get(higher.number)
        if a is None:
            return [0] * len(lowers)
        bsn, remainder_order = self.remainder_bsn, self.remainder_order
        return [
            0 if (b := bsn.get(c.number)) is None else remainder_order(a, b) if a < b else remainder_order(b, a)
            for c in lowers
        ]

    def remainder_order(self, low: int, high: int) -> int:
        """Article 4 for a remainder pair of BSNs low < high: 4.3, a pair with an S1 player
        (`s1_pairs`) and the lower BSN's fields (`lower_bsns`, `s1_leavers`, `s2_joiners`); 4.2,
        `transposition`."""
        w = self.s1_pair if low <= self.p else 0
        return w + self.by_lower_bsn[low] + (self.x + 1 - high) * self.transposition_place[low]

    def _order_tables(self) -> None:
        """The first pass's `mdp_set` places (4.4); the remainder pass's generation-order fields that
        depend on the lower BSN a of a pair
        alone, per a, for the current layout: (x + 1 - a) in `lower_bsns`, 2^(p+1) - 2^a (a <= p)
        in `s1_leavers`, 2^(x+1-a) (a > p) in `s2_joiners`; and the place (x + 2)^(x - a) of a's
        digit in `transposition`."""
        f, p, x = self.order, self.p, self.x
        if isinstance(f, MdpOrder):
            self.mdp_set = {n: 2 ** (self.m0 - b) << f.mdp_set.offset for n, b in self.mdp_bsn.items()}
            return
        self.s1_pair = 1 << f.s1_pairs.offset
        self.by_lower_bsn = [0] * (x + 1)
        self.transposition_place = [0] * (x + 1)
        for a in range(1, x + 1):
            w = (x + 1 - a) << f.lower_bsns.offset
            w += ((2 ** (p + 1)) - (2**a if a <= p else 0)) << f.s1_leavers.offset
            if a > p:
                w += 2 ** (x + 1 - a) << f.s2_joiners.offset
            self.by_lower_bsn[a] = w
            self.transposition_place[a] = (x + 2) ** (x - a) << f.transposition.offset

    def next_bracket_weight(self, a: Contender, b: Contender) -> int:
        """An edge of the next bracket (a downfloater or a next resident with a next resident): C8."""
        f = self.criteria
        return (
            (1 << f.c4.offset)
            + (1 << f.c8_pairs.offset)
            + ((self.c8_level[a.score] + self.c8_level[b.score]) << f.c8_scores.offset)
        )


def bye_edges(
    vertices: list[Contender], weights: BracketWeights, bye_levels: list[float], max_unplayed: int, unit: int
) -> list[tuple[int, int]]:
    """The edges to the bye vertex (when the players left are odd in number): (local index, weight)."""
    level = {s: len(bye_levels) - k for k, s in enumerate(bye_levels)}
    f = weights.criteria
    edges = []
    for i, a in enumerate(vertices):
        if a.pab_eligible:
            w = unit + (level[a.score] << f.c5.offset)
            if weights.c9 and a.number in weights.in_bracket:
                # C9 "applies to brackets that downfloat exactly one player, who will end up
                # receiving the PAB": a bye edge from a player of this bracket.
                w += (max_unplayed + 1 - a.unplayed) << f.c9.offset
            edges.append((i, w))
    return edges

"""Dubov System, Articles 2.2.1 and 2.2.2: how many upfloaters a bracket needs, and which.

2.2.1: "Determine the minimum number of upfloaters needed to obtain a legal pairing of all the
(remaining) resident players of the scoregroup" (legal: [C1], [C3] and [C4]). 2.2.2: "Choose the first
set of upfloaters (first in the order given by Article 4.2) that, together with the (remaining) resident
players of this scoregroup, produces a pairing that complies at best with all the pairing criteria".

Method (no enumeration of all sets). The order to follow is: fewest upfloaters ([C5]), then [C6] (which is
also the order of the containers, 4.2.3.2), then [C7]-[C10], then the lexicographic order of sequence
numbers (4.2.3.3). For a partly decided set (some players in, the earlier ones out) the best completion
in that order can be written down directly, ignoring legality: [C6] takes the next players by score; among
the players of the last score level needed, [C7] fixes how many White seekers balance the bracket, [C8]
prefers non-maximum upfloaters, [C9] the maximum upfloaters upfloated least, [C10] those who did not
upfloat last round, and then the lowest sequence numbers. A best-first search over such partial sets
(Lawler's partition of a set family) therefore produces the sets in the rules' order, lazily; each is
checked for legality (a perfect pairing of the bracket, and of everybody below: [C4]) until the first
legal one is found. [C7] counts colour preferences that the pairing of the bracket cannot grant; the
bound used while searching (half the difference between White and Black seekers) is exact unless
players seeking the minority colour must meet each other, in which case the true value is computed and
the set is put back in its true place in the order. Should a search check more sets than
`SEARCH_BUDGET`, one maximum-weight matching over the residents and everybody below, with the criteria
as bit fields of its weights, gives the same answer exactly.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from attrs import frozen

from pairing.cardinality import (
    UNPAIRED,
    Neighbours,
    bitset,
    maximum_pairing,
    members,
    perfect_pairing,
    repair,
)
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.fide.dubov.criteria import BracketQuality, bracket_quality
from pairing.fide.dubov.definitions import Contender
from pairing.matching import max_weight_matching
from pairing.model import Decision, NoValidPairing

SEARCH_BUDGET = 400
"""Sets checked for legality before the exact weighted matching takes over."""


@frozen
class UpfloaterChoice:
    """The outcome of 2.2.1-2.2.2 for one bracket."""

    upfloaters: tuple[Contender, ...]
    """In 4.2.2 order."""
    minimum: int
    """2.2.1: the minimum number of upfloaters (== len(upfloaters))."""
    quality: BracketQuality
    """C5-C10 of the bracket so formed, with the best pairing of it."""
    sets_checked: int
    """How many sets were checked for legality, in the rules' order, this one included."""
    method: str
    """"search" or "weighted matching"."""
    rest: list[int]
    """A complete pairing of the players below (the [C4] witness)."""
    decisions: tuple[Decision, ...]


@frozen
class _Verdict:
    legal: bool
    minority_pairs: int = 0
    rest: list[int] | None = None


class _Bracket:
    """The data the search needs: residents and the pool of possible upfloaters (4.2.1) as bitsets."""

    def __init__(
        self,
        residents: Sequence[Contender],
        lower: Sequence[Contender],
        graph: LegalPairs,
        start: Sequence[int],
        last_round: bool,
    ) -> None:
        self.residents = list(residents)
        self.lower = list(lower)
        self.graph = graph
        self.start = start
        self.last_round = last_round
        self.resident_bits = bitset(p.rank for p in residents)
        self.lower_bits = bitset(p.rank for p in lower)
        self.white_residents = sum(1 for p in residents if p.white_seeker)
        # a possible upfloater with no possible opponent among the residents can never be one
        self.pool = [p for p in self.lower if graph.adjacent[p.rank] & self.resident_bits]
        self.sequence = {p.rank: number for number, p in enumerate(self.lower)}
        self.level_end = _level_ends([p.score for p in self.pool])
        self.checked = 0

    # -- legality ------------------------------------------------------------------------------------

    def verify(self, chosen: Sequence[Contender]) -> _Verdict:
        """Is residents + `chosen` legal ([C1], [C3], [C4])? If so, how many pairs of minority-colour
        seekers its best pairing needs ([C7])."""
        self.checked += 1
        graph = self.graph
        upfloater_bits = bitset(p.rank for p in chosen)
        bracket = self.resident_bits | upfloater_bits
        minority = minority_bits([*self.residents, *chosen])

        def separate(v: int) -> int:
            bits = graph.adjacent[v] & bracket
            if (upfloater_bits >> v) & 1:
                bits &= ~upfloater_bits
            if (minority >> v) & 1:
                bits &= ~minority
            return bits

        pairs = 0
        if perfect_pairing(bracket, separate, graph.size) is None:

            def legal(v: int) -> int:
                bits = graph.adjacent[v] & bracket
                return bits & ~upfloater_bits if (upfloater_bits >> v) & 1 else bits

            if perfect_pairing(bracket, legal, graph.size) is None:
                return _Verdict(False)
            fewest = fewest_pairs_within(bracket, minority, legal)
            if fewest is None:
                raise RuntimeError("internal: a bracket found pairable is not")
            pairs = fewest
        # [C4]: everybody below stays pairable; only the partners of the bracket's players need new ones
        loose = [self.start[v] for v in members(bracket)]
        rest = repair(self.lower_bits & ~upfloater_bits, graph.neighbours, graph.size, self.start, loose)
        if rest is None:
            return _Verdict(False)
        return _Verdict(True, pairs, rest)

    # -- the order of 2.2.2 --------------------------------------------------------------------------

    def optimistic_quality(self, chosen: Sequence[int]) -> BracketQuality:
        """C5-C10 of residents + pool[chosen], with [C7] at its lower bound |W - B| / 2."""
        players = [self.pool[j] for j in chosen]
        whites = self.white_residents + sum(1 for p in players if p.white_seeker)
        size = len(self.residents) + len(players)
        return bracket_quality(players, abs(2 * whites - size) // 2, self.last_round)

    def best_completion(self, fixed: tuple[int, ...], start: int, size: int) -> tuple[int, ...] | None:
        """The first set in the rules' order (legality aside) that contains pool[fixed], leaves out
        pool[:start] otherwise, and has `size` members; None if there is none."""
        needed = size - len(fixed)
        if needed < 0:
            return None
        if needed == 0:
            return fixed
        if len(self.pool) - start < needed:
            return None
        boundary = start + needed - 1
        first_of_level = start
        while self.pool[first_of_level].score != self.pool[boundary].score:
            first_of_level += 1
        forced = tuple(range(start, first_of_level))  # [C6]: everybody above the last level needed
        level = range(first_of_level, self.level_end[first_of_level])
        count = needed - len(forced)
        taken = [self.pool[j] for j in (*fixed, *forced)]
        whites = self.white_residents + sum(1 for p in taken if p.white_seeker)
        white_pool = [j for j in level if self.pool[j].white_seeker]
        black_pool = [j for j in level if not self.pool[j].white_seeker]
        # [C7]: as many White seekers as balance the bracket, within what the level offers
        ideal = (len(self.residents) + size) // 2 - whites
        white_count = min(max(ideal, count - len(black_pool), 0), count, len(white_pool))
        chosen = self._pick(white_pool, white_count) + self._pick(black_pool, count - white_count)
        return tuple(sorted((*fixed, *forced, *chosen)))

    def _pick(self, candidates: list[int], count: int) -> list[int]:
        """`count` players of one colour by [C8], [C9], [C10], then sequence number."""
        if count == 0:
            return []
        if self.last_round:
            return candidates[:count]
        ordinary = [j for j in candidates if not self.pool[j].maximum_upfloater]
        maximum = [j for j in candidates if self.pool[j].maximum_upfloater]
        from_ordinary = min(count, len(ordinary))
        chosen = self._fresh_first(ordinary, from_ordinary)
        still = count - from_ordinary
        if still:
            threshold = sorted(self.pool[j].upfloats for j in maximum)[still - 1]
            below = [j for j in maximum if self.pool[j].upfloats < threshold]
            at = [j for j in maximum if self.pool[j].upfloats == threshold]
            chosen += below + self._fresh_first(at, still - len(below))
        return chosen

    def _fresh_first(self, candidates: list[int], count: int) -> list[int]:
        """[C10]: players who did not upfloat in the previous round first, then by sequence number."""
        fresh = [j for j in candidates if not self.pool[j].upfloated_last_round]
        if count <= len(fresh):
            return fresh[:count]
        again = [j for j in candidates if self.pool[j].upfloated_last_round]
        return fresh + again[: count - len(fresh)]

    def sequence_numbers(self, chosen: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(self.sequence[self.pool[j].rank] + 1 for j in chosen))


def minority_bits(players: Sequence[Contender]) -> int:
    """The players seeking the colour fewer players seek (White seekers if as many seek each)."""
    whites = [p for p in players if p.white_seeker]
    blacks = [p for p in players if not p.white_seeker]
    smaller = whites if len(whites) <= len(blacks) else blacks
    return bitset(p.rank for p in smaller)


def fewest_pairs_within(players: int, subgroup: int, legal: Neighbours) -> int | None:
    """The fewest pairs inside `subgroup` in a complete pairing of `players` by `legal` pairs, or None if
    there is no complete pairing (an exact weighted matching, used only when such pairs cannot all be
    avoided)."""
    ranks = list(members(players))
    local = {v: i for i, v in enumerate(ranks)}
    big = 1 << (len(ranks).bit_length() + 2)
    edges = []
    for v in ranks:
        for w in members(legal(v) & players):
            if w > v:
                inside = (subgroup >> v) & 1 and (subgroup >> w) & 1
                edges.append((local[v], local[w], 2 * big - (1 if inside else 0)))
    mate = max_weight_matching(len(ranks), edges)
    if any(m == UNPAIRED for m in mate):
        return None
    return sum(1 for i, j in enumerate(mate) if j > i and (subgroup >> ranks[i]) & 1 and (subgroup >> ranks[j]) & 1)


def _level_ends(scores: Sequence[float]) -> list[int]:
    """For each position, the end of the run of equal scores it belongs to."""
    ends = [0] * len(scores)
    end = len(scores)
    for j in range(len(scores) - 1, -1, -1):
        if j + 1 < len(scores) and scores[j + 1] != scores[j]:
            end = j + 1
        ends[j] = end
    return ends


def choose_upfloaters(
    residents: Sequence[Contender],
    lower: Sequence[Contender],
    graph: LegalPairs,
    start: Sequence[int],
    last_round: bool,
    budget: int = SEARCH_BUDGET,
) -> UpfloaterChoice:
    """2.2.1 and 2.2.2 for `residents` (the remaining players of the scoregroup) with `lower` the players
    of lower scores not yet paired, in 4.2.2 order. `start` is a complete pairing of all of them. With
    `budget` 0 the weighted matching decides at once (the tests compare both ways)."""
    bracket = _Bracket(residents, lower, graph, start, last_round)
    inner = maximum_pairing(bracket.resident_bits, graph.neighbours, graph.size)
    paired_inside = sum(1 for p in residents if inner[p.rank] != UNPAIRED)
    least = len(residents) - paired_inside
    decisions = [
        Decision(
            "2.2.1",
            f"residents {_numbers(residents)}: at most {paired_inside // 2} pair(s) among themselves, "
            f"so at least {least} upfloater(s)",
        )
    ]
    if budget <= 0:
        return _weighted_choice(bracket, decisions)
    for size in range(least, len(residents) + 1, 2):
        if size > len(bracket.pool):
            break
        found = _search(bracket, size, budget)
        if found == "budget":
            return _weighted_choice(bracket, decisions)
        if found is not None:
            chosen, verdict, quality = found
            return _choice(bracket, chosen, verdict, quality, "search", decisions)
        decisions.append(
            Decision("2.2.1", f"no legal set of {size} upfloater(s) (C1, C3 or C4 would fail)", satisfied=False)
        )
    raise NoValidPairing(f"1.8.3: residents {_numbers(residents)} cannot be paired (C1, C3, C4)")


def _search(
    bracket: _Bracket, size: int, budget: int
) -> tuple[tuple[Contender, ...], _Verdict, BracketQuality] | str | None:
    """The first legal set of `size` upfloaters in the rules' order; None if there is none; "budget" if
    more than `budget` sets were checked."""
    heap: list[tuple[BracketQuality, tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...], _Verdict | None]] = []
    counter = 0

    def push(fixed: tuple[int, ...], start: int) -> None:
        nonlocal counter
        completion = bracket.best_completion(fixed, start, size)
        if completion is None:
            return
        quality = bracket.optimistic_quality(completion)
        counter += 1
        heapq.heappush(heap, (quality, bracket.sequence_numbers(completion), counter, fixed, start, completion, None))

    push((), 0)
    checked = 0
    while heap:
        quality, numbers, _, fixed, start, completion, verdict = heapq.heappop(heap)
        if verdict is not None:  # a legal set already put back in its true place
            return tuple(bracket.pool[j] for j in completion), verdict, quality
        verdict = bracket.verify([bracket.pool[j] for j in completion])
        checked += 1
        if verdict.legal:
            if verdict.minority_pairs == 0:
                return tuple(bracket.pool[j] for j in completion), verdict, quality
            true_quality = BracketQuality(
                quality.upfloaters,
                quality.upfloater_scores,
                quality.colour_misses + 2 * verdict.minority_pairs,
                quality.maximum_upfloaters,
                quality.maximum_upfloats,
                quality.repeated_upfloaters,
            )
            counter += 1
            heapq.heappush(heap, (true_quality, numbers, counter, fixed, start, completion, verdict))
        if checked >= budget:
            return "budget"
        # the sets of this family other than `completion`: Lawler's partition along its decisions
        decided = list(fixed)
        inside = set(completion)
        last = max((j for j in completion if j >= start), default=start - 1)
        for j in range(start, last + 1):
            if j in inside:
                push(tuple(decided), j + 1)
                decided.append(j)
            else:
                push((*decided, j), j + 1)
    return None


def _choice(
    bracket: _Bracket,
    chosen: tuple[Contender, ...],
    verdict: _Verdict,
    quality: BracketQuality,
    method: str,
    decisions: list[Decision],
) -> UpfloaterChoice:
    if verdict.rest is None:
        raise RuntimeError("internal: an accepted set of upfloaters has no complete pairing below it")
    ordered = tuple(sorted(chosen, key=lambda p: bracket.sequence[p.rank]))
    if ordered:
        listed = ", ".join(f"{p.number} (#{bracket.sequence[p.rank] + 1}, score {p.score:g})" for p in ordered)
        skipped = bracket.checked - 1
        why = (
            f"upfloaters {listed}: the first set in the order of 4.2 (containers by C6, then C7-C10, then "
            f"sequence numbers) that gives a legal pairing"
        )
        if skipped:
            why += f"; {skipped} set(s) before it in that order were illegal or paired worse"
        if method != "search":
            why += f" (found by {method})"
        decisions.append(Decision("2.2.2", why))
    return UpfloaterChoice(
        upfloaters=ordered,
        minimum=len(ordered),
        quality=quality,
        sets_checked=bracket.checked,
        method=method,
        rest=verdict.rest,
        decisions=tuple(decisions),
    )


def _weighted_choice(bracket: _Bracket, decisions: list[Decision]) -> UpfloaterChoice:
    """2.2.1-2.2.2 exactly, by one maximum-weight matching over residents and everybody below.

    Every edge weighs BIG minus its penalty, so a complete pairing comes first; the penalty of a pair
    holds, from the most significant bits down: [C5] one per upfloater; [C6] one per upfloater in the
    field of its score level (lowest level highest); [C7] one per pair of the bracket with the same colour
    preference; [C8] one per maximum upfloater; [C9] one per maximum upfloater in the field of its
    upfloat count (highest count highest); [C10] one per upfloater who upfloated last round; and last
    2^P - 2^(P-s) for the upfloater with sequence number s, so that the lexicographically first set
    weighs least. Pairs below the bracket weigh BIG.
    """
    residents, lower = bracket.residents, bracket.lower
    players = [*residents, *lower]
    local = {p.rank: i for i, p in enumerate(players)}
    resident_set = {p.rank for p in residents}
    width = (len(players) // 2 + 1).bit_length()
    fields: list[tuple[str, object]] = [("C5", None)]
    levels = sorted({p.score for p in lower})
    fields += [("C6", level) for level in levels]
    fields.append(("C7", None))
    if not bracket.last_round:
        fields.append(("C8", None))
        counts = sorted({p.upfloats for p in lower if p.maximum_upfloater}, reverse=True)
        fields += [("C9", count) for count in counts]
        fields.append(("C10", None))
    pool_size = len(lower)
    lex_width = pool_size + width + 1
    shift: dict[tuple[str, object], int] = {}
    offset = lex_width
    for name in reversed(fields):
        shift[name] = offset
        offset += width
    big = 1 << (offset + width + 1)

    def penalty(a: Contender, b: Contender) -> int:
        a_resident, b_resident = a.rank in resident_set, b.rank in resident_set
        if not a_resident and not b_resident:
            return 0
        value = (1 << shift["C7", None]) if a.due_colour is b.due_colour else 0
        if a_resident and b_resident:
            return value
        up = b if a_resident else a
        value += 1 << shift["C5", None]
        value += 1 << shift["C6", up.score]
        if not bracket.last_round:
            if up.maximum_upfloater:
                value += (1 << shift["C8", None]) + (1 << shift["C9", up.upfloats])
            if up.upfloated_last_round:
                value += 1 << shift["C10", None]
        sequence = bracket.sequence[up.rank]
        value += (1 << pool_size) - (1 << (pool_size - 1 - sequence))
        return value

    graph = bracket.graph
    edges = []
    for a in players:
        for rank in members(graph.adjacent[a.rank] & (bracket.resident_bits | bracket.lower_bits)):
            if rank > a.rank:
                b = graph.players[rank]
                edges.append((local[a.rank], local[rank], big - penalty(a, b)))
    mate = max_weight_matching(len(players), edges)
    if any(m == UNPAIRED for m in mate):
        raise NoValidPairing(f"1.8.3: residents {_numbers(residents)} cannot be paired (C1, C3, C4)")
    chosen = tuple(
        p for i, p in enumerate(players) if p.rank not in resident_set and players[mate[i]].rank in resident_set
    )
    verdict = bracket.verify(chosen)
    if not verdict.legal:
        raise RuntimeError("internal: the weighted choice of upfloaters is not legal")
    whites = bracket.white_residents + sum(1 for p in chosen if p.white_seeker)
    size = len(residents) + len(chosen)
    quality = bracket_quality(chosen, abs(2 * whites - size) // 2 + 2 * verdict.minority_pairs, bracket.last_round)
    return _choice(bracket, chosen, verdict, quality, "weighted matching", decisions)


def _numbers(players: Sequence[Contender]) -> str:
    return ", ".join(str(p.number) for p in players) or "none"

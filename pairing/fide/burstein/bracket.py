"""Burstein System, Articles 2.2-4: the pairing of one bracket, its criteria and the order of pairings.

2.2.2: "Choose the first pairing (as ordered according to Article 4) that complies best with all the
pairing criteria ([C1] to [C8] ...)" and "a pairing is better than another if it better satisfies a quality
criterion ([C5]-[C8]) of higher priority". Every criterion and then the order of 4.3 become bit fields of
one integer edge weight, highest priority in the highest bits, so a maximum-weight matching picks the
first best pairing:

=============  ===============================================================================
C5             1 per pair of the bracket (3.3.1)
C6             incoming floaters paired, then their scores, highest score level first (3.3.2)
C7             pairs of the following bracket, its floaters from here paired there, their scores (3.3.3)
C8             1 per pair whose players do not both want the same colour (3.3.4)
4.3            BSN #1's opponent's BSN, then BSN #2's, ...: one base-(n+1) digit per BSN, a
               virtual player (4.2: BSN 0, "their opponent shall float") adding nothing
=============  ===============================================================================

C1 and C3 are edges left out; C4 (3.2.1) is a perfect matching of everyone still unpaired.

Method (docs/burstein.md). The matching is first solved on the bracket and the following bracket only;
its answer is then checked: if the players it leaves (everyone below, minus the pairs it formed in the
following bracket) can all be paired, no choice can beat it, since dropping C4 can only make the optimum
better. Otherwise the matching is solved again over every player still unpaired, with C4 exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter

from attrs import frozen

from pairing.cardinality import UNPAIRED, bitset, maximum_pairing, members, perfect_pairing, repair
from pairing.fide.burstein.colours import misses_preference
from pairing.fide.burstein.definitions import Contender
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.matching import DigitGraph, max_weight_matching_by_digits
from pairing.model import Decision, NoValidPairing


@frozen
class BracketQuality:
    """The values of the quality criteria for the pairing chosen."""

    pairs: int
    """[C5]."""
    incoming_paired: int
    """[C6]: incoming floaters paired in the bracket."""
    misses: int
    """[C8]: players who do not get their colour preference."""


@frozen
class BracketResult:
    pairs: tuple[tuple[Contender, Contender], ...]
    floaters: tuple[Contender, ...]
    """The outgoing floaters, in BSN order."""
    quality: BracketQuality
    method: str
    """"bracket" (no floater needed), "relaxed" (checked afterwards) or "exact" (C4 inside the matching)."""
    decisions: tuple[Decision, ...]


class Weights:
    """The edge weights for one bracket (module docstring), as the matcher's `DigitGraph`: the criteria C5-C8
    in units of their lowest bit (`cut`), and 4.3 as digits."""

    def __init__(self, bracket: Sequence[Contender], incoming: set[int], next_residents: Sequence[Contender]) -> None:
        n = len(bracket)
        self.bsn = {c.number: i + 1 for i, c in enumerate(bracket)}
        self.next = {c.number for c in next_residents}
        base = n + 1
        self.power = [base ** (n - level) for level in range(n)]
        """The place of BSN p's digit in 4.3 at index p - 1 (its level: 0 the most significant)."""
        in_levels = sorted({c.score for c in bracket if c.number in incoming}, reverse=True)
        m = len(incoming)
        c6_digit = {s: (m + 1) ** (len(in_levels) - 1 - k) for k, s in enumerate(in_levels)}
        levels = sorted({c.score for c in bracket}, reverse=True)
        c7_digit = {s: base ** (len(levels) - 1 - k) for k, s in enumerate(levels)}
        bounds = [
            ("4.3", base ** (n + 1)),
            ("C8", n // 2 + 1),
            ("C7 scores", base ** len(levels)),
            ("C7 floaters", n + 1),
            ("C7 pairs", (n + len(next_residents)) // 2 + 1),
            ("C6 scores", (m + 1) ** len(in_levels)),
            ("C6 floaters", m + 1),
            ("C5", n // 2 + 1),
        ]
        self.shift: dict[str, int] = {}
        offset = 0
        for name, bound in bounds:
            self.shift[name] = offset
            offset += bound.bit_length() + 1
        self.cut = self.shift["C8"]
        """The lowest bit of C8, the field above 4.3; the units below are counted from it."""
        s = {name: shift - self.cut for name, shift in self.shift.items()}
        self.pair_unit = 1 << s["C5"]
        self.colour_unit = 1 << s["C8"]
        self.floater_credit = {
            c.number: (1 << s["C6 floaters"]) + (c6_digit[c.score] << s["C6 scores"])
            for c in bracket
            if c.number in incoming
        }
        """[C6]: an incoming floater's share of the weight of any pair of this bracket it is in."""
        self.next_pair_unit = 1 << s["C7 pairs"]
        """[C7]: a pair of the following bracket."""
        self.floater_share = {
            c.number: (1 << s["C7 floaters"]) + (c7_digit[c.score] << s["C7 scores"]) for c in bracket
        }
        """[C7]: a player of this bracket's share of the weight of a pair of the following bracket it is in."""

    def inside(self, bracket: Sequence[Contender], alone: bool) -> Inside:
        """The weights of the pairs of the bracket without 4.3 (C5, C6 and C8), and of the virtual player's
        edges (`Inside`).

        `alone`: for a perfect matching of the bracket alone, or of the bracket and one virtual player, where
        every pairing has as many pairs (C5) and the incoming floaters paired are all but the virtual player's
        partner (C6). Then a pair weighs its C8 (twice the colour unit) and the virtual player's edge to f weighs
        twice its C7 minus f's C6 credit (`_edges` brings these to the pairs' level). Each player's terms are also
        moved by a potential (`_potentials`). Every perfect matching's weight then changes by the same amount
        and is doubled, which keeps their order; the matcher's start, though, finds the optimum much more
        closely: it takes the heaviest edges at each player first, and the floaters' credits and a colour
        most of the bracket prefers made those edges the wrong ones."""
        credit = [self.floater_credit.get(c.number, 0) for c in bracket]
        if not alone:
            pair, unit = self.pair_unit, self.colour_unit
            return Inside(
                own=credit,
                partners=lambda a: [
                    pair + c + (0 if misses_preference(a, b) else unit) for b, c in zip(bracket, credit, strict=True)
                ],
                virtual=lambda i, weight: weight,
            )
        potential = _potentials(bracket)
        unit = 2 * self.colour_unit
        return Inside(
            own=potential,
            partners=lambda a: [
                (0 if misses_preference(a, b) else unit) + p + 2 for b, p in zip(bracket, potential, strict=True)
            ],
            virtual=lambda i, weight: 2 * (weight - credit[i]) + potential[i],
        )


@frozen
class Inside:
    """The weights of a bracket's pairs, without 4.3, by player index (BSN - 1) (`Weights.inside`)."""

    own: list[int]
    """Each player's own term of the weight of any pair of the bracket it is in."""
    partners: Callable[[Contender], list[int]]
    """For a player a, the rest of the weight of a's pair with each player; depends on a's colour preference
    alone (`misses_preference`)."""
    virtual: Callable[[int, int], int]
    """(player, the weight of the virtual player's edge to them, in the units of `Weights`) -> the edge's
    weight in the matching."""


def _potentials(bracket: Sequence[Contender]) -> list[int]:
    """+1 for each player who prefers the colour that more than half of the bracket prefers, -1 for every other
    player; 0 for everybody if no colour has a majority (`Weights.inside`)."""
    colours = Counter(c.preference.colour for c in bracket)
    colour, count = max(colours.items(), key=lambda item: (item[1], item[0] is not None))
    if colour is None or 2 * count <= len(bracket):
        return [0] * len(bracket)
    return [1 if c.preference.colour is colour else -1 for c in bracket]


def pair_bracket(
    bracket: Sequence[Contender], incoming: set[int], lower: Sequence[Contender], graph: LegalPairs
) -> BracketResult:
    """Articles 2.2-4 for one bracket (players in 1.7 order, so BSN = position + 1, 4.1). `lower` holds every
    player still unpaired with a lower score, in 1.7 order."""
    top = max((c.score for c in lower), default=None)
    next_residents = [c for c in lower if c.score == top]
    weights = Weights(bracket, incoming, next_residents)
    bracket_bits = bitset(c.rank for c in bracket)
    lower_bits = bitset(c.rank for c in lower)
    size = graph.size
    mate: dict[int, Contender] = {}
    method = "bracket"
    if len(bracket) % 2 == 0 and perfect_pairing(bracket_bits, graph.neighbours, size) is not None:
        mate = _solve(list(bracket), weights, graph, perfect=True) or {}
        if lower and perfect_pairing(lower_bits, graph.neighbours, size) is None:
            mate = {}
    elif len(bracket) % 2 == 1 and next_residents:
        method = "one floater"
        mate = _one_floater(bracket, lower, next_residents, weights, graph)
    if not mate:
        method = "relaxed"
        mate = _solve([*bracket, *next_residents], weights, graph, perfect=False) or {}
        left = bracket_bits | lower_bits
        for partner in mate.values():
            left &= ~(1 << partner.rank)
        if left and perfect_pairing(left, graph.neighbours, size) is None:
            method = "exact"
            exact = _solve([*bracket, *lower], weights, graph, perfect=True)
            if exact is None:
                raise NoValidPairing("1.8.3: no complete pairing of the remaining players complies with C1-C3 (C4)")
            mate = exact
    pairs: list[tuple[Contender, Contender]] = []
    for c in bracket:
        partner = mate.get(c.number)
        if (
            partner is not None
            and partner.number in weights.bsn
            and weights.bsn[c.number] < weights.bsn[partner.number]
        ):
            pairs.append((c, partner))
    paired = {c.number for pair in pairs for c in pair}
    floaters = tuple(c for c in bracket if c.number not in paired)
    quality = BracketQuality(
        pairs=len(pairs),
        incoming_paired=sum(1 for c in bracket if c.number in incoming and c.number in paired),
        misses=sum(misses_preference(a, b) for a, b in pairs),
    )
    return BracketResult(tuple(pairs), floaters, quality, method, _explain(bracket, incoming, pairs, floaters, quality))


def _one_floater(
    bracket: Sequence[Contender],
    lower: Sequence[Contender],
    next_residents: Sequence[Contender],
    weights: Weights,
    graph: LegalPairs,
) -> dict[int, Contender]:
    """An odd bracket that can pair all but one player: the floater is the partner of one virtual player
    (4.2), whose edge to each player f carries [C7] for f alone: the pairs of the following bracket with f
    in it, whether f can be paired there, and f's score. Found with the bitset pairing of the following
    bracket, in the two common cases (it pairs completely, or all but one). Each credit is the most the
    following bracket could give, so the choice is the first best one if its own credit holds "besides
    compliance with [C4]" (3.3.3): those pairs must leave the players beyond that bracket pairable too.
    Returns {} when neither case applies or the credit does not hold (the caller solves the general way)."""
    size, neighbours = graph.size, graph.neighbours
    n_bits = bitset(c.rank for c in next_residents)
    lower_bits = bitset(c.rank for c in lower)
    beyond = lower_bits & ~n_bits
    base = perfect_pairing(n_bits, neighbours, size) if len(next_residents) % 2 == 0 else None
    unit = weights.next_pair_unit
    z_edges: dict[int, int] = {}
    witness: dict[int, int] = {}
    """f's rank -> the bitset of players below left for the rest of the round if f floats, or -1 if unknown."""
    if base is not None:
        pairs = len(next_residents) // 2
        for f in bracket:
            reach = neighbours(f.rank) & n_bits
            z_edges[f.rank] = pairs * unit + (weights.floater_share[f.number] if reach else 0)
            witness[f.rank] = reach
    else:
        near = maximum_pairing(n_bits, neighbours, size)
        waiting = [v for v in members(n_bits) if near[v] == UNPAIRED]
        if len(waiting) != 1:
            return {}
        pairs = len(next_residents) // 2
        for f in bracket:  # f and the one player `near` leaves: is there an augmenting path between them?
            full = repair(n_bits | 1 << f.rank, neighbours, size, near, (f.rank, waiting[0]))
            if full is not None:
                z_edges[f.rank] = (pairs + 1) * unit + weights.floater_share[f.number]
                witness[f.rank] = 0
            else:
                z_edges[f.rank] = pairs * unit
                witness[f.rank] = -1
    mate = _solve(list(bracket), weights, graph, perfect=True, virtual=z_edges)
    if mate is None:
        return {}
    floater = next(c for c in bracket if c.number not in mate)
    reach = witness[floater.rank]
    if reach == -1:
        return {}
    if base is None:  # f completes the following bracket: everybody beyond must pair among themselves
        ok = not beyond or perfect_pairing(beyond, neighbours, size) is not None
        return mate if ok else {}
    if not reach:  # the following bracket pairs among itself and f floats on: f must pair beyond it
        return mate if perfect_pairing(beyond | 1 << floater.rank, neighbours, size) is not None else {}
    for u in list(members(reach))[:8]:  # f meets u; u's partner in `base` floats on and must pair beyond
        if perfect_pairing(beyond | 1 << base[u], neighbours, size) is not None:
            return mate
    return {}


def _solve(
    vertices: list[Contender],
    weights: Weights,
    graph: LegalPairs,
    perfect: bool,
    virtual: dict[int, int] | None = None,
) -> dict[int, Contender] | None:
    """One maximum-weight matching: each matched player's partner (None if `perfect` and there is none).
    The bracket comes first in `vertices`, by BSN. `virtual` (rank -> weight, in the units of `Weights`) adds
    one virtual player of BSN 0 (4.2); its partner is left out of the answer."""
    edges = _edges(vertices, weights, graph, perfect, virtual)
    count = len(vertices) + (virtual is not None)
    found = max_weight_matching_by_digits(count, edges, perfect)
    if found is None:
        return None
    return {vertices[i].number: vertices[m] for i, m in enumerate(found[: len(vertices)]) if 0 <= m < len(vertices)}


def _edges(
    vertices: list[Contender],
    weights: Weights,
    graph: LegalPairs,
    perfect: bool,
    virtual: dict[int, int] | None,
) -> DigitGraph:
    """The graph of `_solve`, row by row (vertex i with every later vertex it may meet): a pair of the bracket
    weighs C5, C6 and C8 with its digit of 4.3; a pair of the following bracket (a player of the bracket or a
    next resident with a next resident) C7; any other pair nothing, and is an edge only if `perfect` (C4).
    4.3: a pair (i, j), i < j, of BSNs writes j at i's place (level i - 1; 0 the most significant). At the
    first BSN where two pairings differ both opponents are higher BSNs or virtual, so comparing these digits
    is comparing 4.3's sequences (docs/burstein.md)."""
    n, count = len(weights.bsn), len(vertices)
    bracket = vertices[:n]
    allowed = _allowed(vertices, graph)
    share = [weights.floater_share[c.number] for c in bracket]
    share += [0 if c.number in weights.next else None for c in vertices[n:]]
    """[C7]: each vertex's share of a pair of the following bracket, None for a player below it."""
    alone = perfect and count == n
    inside = weights.inside(bracket, alone)
    columns: dict[object, list[int]] = {}
    """`inside.partners` for each colour preference."""
    us: list[int] = []
    vs: list[int] = []
    values: list[int] = []
    high: list[int] = []
    levels: list[tuple[int, int, int]] = []
    for i, a in enumerate(vertices):
        row = allowed[i]
        if i < n:
            js = list(compress(range(i + 1, n), row[i + 1 : n]))
            colour = a.preference.colour
            if colour not in columns:
                columns[colour] = inside.partners(a)
            column, mine = columns[colour], inside.own[i]
            start = len(us)
            us += [i] * len(js)
            vs += js
            high += [column[j] + mine for j in js]
            values += [j + 1 for j in js]
            if js:
                levels.append((start, len(us), weights.power[i]))
        seven = share[i]
        if seven is None and not perfect:
            continue
        later = max(i + 1, n)
        js = list(compress(range(later, count), row[later:]))
        if seven is None:
            rest = [0] * len(js)
        else:
            unit = weights.next_pair_unit + seven
            rest = [0 if share[j] is None else unit + share[j] for j in js]
            if not perfect:
                js = [j for j in js if share[j] is not None]
                rest = [unit + share[j] for j in js]
        us += [i] * len(js)
        vs += js
        high += rest
        values += [0] * len(js)
    if virtual is not None:
        floats = [inside.virtual(i, virtual[a.rank]) for i, a in enumerate(vertices)]
        if alone:  # every perfect matching: one edge of the virtual player, the rest in the bracket; so the
            # virtual edges come down by their least weight and the pairs up by their spread: the same order
            low, top = min(floats), max(floats)
            high = [h + top - low for h in high]
            floats = [w - low for w in floats]
        us += range(count)
        vs += [count] * count
        high += floats
        values += [0] * count
    return DigitGraph(us, vs, high, weights.cut, values, levels)


_BITS = bytes.maketrans(b"01", bytes((0, 1)))


def _allowed(vertices: Sequence[Contender], graph: LegalPairs) -> list[bytes]:
    """[C1] and [C3] among `vertices`: row i has byte j 1 if vertices i and j may meet, else 0."""
    size = graph.size
    if len(vertices) < 2:
        return [bytes(len(vertices))] * len(vertices)
    pick = itemgetter(*[size - 1 - c.rank for c in vertices])
    return [bytes(pick(format(graph.adjacent[c.rank], f"0{size}b").encode())).translate(_BITS) for c in vertices]


def _explain(
    bracket: Sequence[Contender],
    incoming: set[int],
    pairs: Sequence[tuple[Contender, Contender]],
    floaters: Sequence[Contender],
    quality: BracketQuality,
) -> tuple[Decision, ...]:
    score = max(c.score for c in bracket if c.number not in incoming) if len(incoming) < len(bracket) else None
    head = f"bracket {score:g}" if score is not None else "bracket of incoming floaters only"
    listed = ", ".join(
        f"{i}:{c.number}" + (f" (floater, {c.score:g})" if c.number in incoming else "")
        for i, c in enumerate(bracket, 1)
    )
    decisions = [
        Decision("1.2.2", f"{head}: {len(bracket) - len(incoming)} resident(s), {len(incoming)} incoming floater(s)"),
        Decision("4.1", f"BSNs by the 1.7 ranking (Buchholz, Sonneborn-Berger, pairing number): {listed}"),
    ]
    bsn = {c.number: i for i, c in enumerate(bracket, 1)}
    if floaters:
        decisions.append(
            Decision(
                "4.2",
                f"{len(floaters)} virtual player(s) of BSN 0: outgoing floaters "
                + ", ".join(f"{c.number} (BSN {bsn[c.number]})" for c in floaters),
            )
        )
        decisions.append(Decision("C5", f"{quality.pairs} pair(s) out of {len(bracket)} players", satisfied=False))
    text = ", ".join(f"{bsn[a.number]}-{bsn[b.number]}" for a, b in pairs)
    decisions.append(Decision("4.3", f"first pairing in the order of 4.3 among the best: BSN pairs {text or 'none'}"))
    unpaired = len(incoming) - quality.incoming_paired
    if unpaired:
        decisions.append(Decision("C6", f"{unpaired} incoming floater(s) could not be paired", satisfied=False))
    if quality.misses:
        decisions.append(
            Decision("C8", f"{quality.misses} player(s) do not get their colour preference", satisfied=False)
        )
    return tuple(decisions)

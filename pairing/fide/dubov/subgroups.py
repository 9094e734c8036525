"""Dubov System, Articles 2.2.3-2.2.6: pairing a bracket once its upfloaters are chosen.

2.2.3 splits the bracket into G1 (White seekers; the first half by initial ranking when nobody in the
bracket has played yet) and G2; 2.2.4 shifts players between them so that a legal pairing of G1 against
G2 exists with the fewest colour preferences lost ([C7]); 2.2.5 sorts G1 by ascending ARO into S1; 2.2.6
takes T2, the first transposition of G2 (4.4) such that S1[i] against T2[i] is legal for every i.

Method. Every "first set that can yield a legal pairing" is found greedily in its order: a candidate is
kept when some complete pairing still exists with it (a perfect-pairing check), which gives the
lexicographically first feasible set without listing the others. Whatever is shifted, a pairing of G1
against G2 leaves exactly (the size difference + twice the unavoidable pairs) / 2 players without
their colour preference, so every feasible shift is also best for [C7] (docs/dubov.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from pairing.cardinality import Neighbours, bitset, perfect_pairing, repair
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.fide.dubov.criteria import players_without_colour_preference
from pairing.fide.dubov.definitions import Contender
from pairing.fide.dubov.sorting import s1_order, shifter_sequence, transposition_sequence
from pairing.fide.dubov.upfloaters import fewest_pairs_within
from pairing.model import Decision


@frozen
class BracketPairing:
    """The outcome of 2.2.3-2.2.6 for one bracket."""

    g1: tuple[Contender, ...]
    """2.2.3: G1 as first composed."""
    g2: tuple[Contender, ...]
    unavoidable_pairs: int
    """2.2.4.1: how many pairs inside the smaller subgroup (G1 if equal) no legal pairing avoids."""
    first_shift: tuple[Contender, ...]
    """2.2.4.1: shifted out of the smaller subgroup."""
    second_shift: tuple[Contender, ...]
    """2.2.4.2: shifted out of the larger subgroup to equalise the sizes."""
    s1: tuple[Contender, ...]
    t2: tuple[Contender, ...]
    colour_misses: int
    """[C7] of the pairing: players who will not get their colour preference."""
    decisions: tuple[Decision, ...]

    @property
    def pairs(self) -> tuple[tuple[Contender, Contender], ...]:
        """2.2.6: "the first player of S1 is paired with the first player of T2, the second ... and so on"."""
        return tuple(zip(self.s1, self.t2, strict=True))


def initial_subgroups(players: Sequence[Contender]) -> tuple[list[Contender], list[Contender], str]:
    """2.2.3: G1 "initially contains the players who have a colour preference for White, unless all the
    players in the bracket have yet to play a game ... In the latter case, this subgroup contains the first
    half of the players of the bracket (according to the initial ranking list)"; G2 the others."""
    if all(not p.has_played for p in players):
        ordered = sorted(players, key=lambda p: (p.tpn, p.number))
        half = len(ordered) // 2
        return ordered[:half], ordered[half:], "nobody in the bracket has played yet: G1 is its first half by ranking"
    g1 = [p for p in players if p.white_seeker]
    g2 = [p for p in players if not p.white_seeker]
    return g1, g2, "G1: colour preference for White; G2: the others"


def pair_bracket(players: Sequence[Contender], graph: LegalPairs) -> BracketPairing:
    """Articles 2.2.3-2.2.6 for a bracket (residents and upfloaters) known to have a legal pairing."""
    decisions: list[Decision] = []
    g1, g2, how = initial_subgroups(players)
    decisions.append(Decision("2.2.3", f"G1 = {_numbers(g1)}; G2 = {_numbers(g2)} ({how})"))
    bracket = bitset(p.rank for p in players)
    smaller, larger = (g1, g2) if len(g1) <= len(g2) else (g2, g1)
    smaller_name, larger_name = ("G1", "G2") if smaller is g1 else ("G2", "G1")
    smaller_bits = bitset(p.rank for p in smaller)

    def sides(a_known: int, b_known: int) -> Neighbours:
        """Pairs across the two final subgroups: players of `a_known` and `b_known` are placed, the rest
        of the larger subgroup may still go either way."""
        undecided = bracket & ~(a_known | b_known)

        def neighbours(v: int) -> int:
            bits = graph.adjacent[v] & bracket
            if (a_known >> v) & 1:
                return bits & (b_known | undecided)
            if (b_known >> v) & 1:
                return bits & (a_known | undecided)
            return bits

        return neighbours

    # 2.2.4.1: unavoidable pairs inside the smaller subgroup
    mate = perfect_pairing(bracket, sides(smaller_bits, 0), graph.size)
    unavoidable = 0
    first_shift: tuple[Contender, ...] = ()
    if mate is None:

        def legal(v: int) -> int:
            return graph.adjacent[v] & bracket

        fewest = fewest_pairs_within(bracket, smaller_bits, legal)
        if fewest is None:
            raise RuntimeError("internal: pair_bracket needs a bracket with a legal pairing")
        unavoidable = fewest
        first_shift = first_unavoidable_shift(smaller, bracket, unavoidable, graph)
        shifted = bitset(p.rank for p in first_shift)
        mate = perfect_pairing(bracket, sides(smaller_bits & ~shifted, shifted), graph.size)
        decisions.append(
            Decision(
                "2.2.4.1",
                f"{unavoidable} pair(s) inside {smaller_name} cannot be avoided: shifted {_numbers(first_shift)} "
                f"from {smaller_name} to {larger_name} (first such set in the order of 4.3)",
            )
        )
    if mate is None:
        raise RuntimeError("internal: no shift of 2.2.4.1 yields a legal pairing")
    shifted_bits = bitset(p.rank for p in first_shift)
    a_side = smaller_bits & ~shifted_bits  # the smaller subgroup after 2.2.4.1
    b_side = shifted_bits
    need = (len(larger) + len(first_shift) - (len(smaller) - len(first_shift))) // 2
    # 2.2.4.2: equalise, taking the first feasible players of the larger subgroup in the order of 4.3
    second: list[Contender] = []
    for candidate in shifter_sequence(larger):
        bit = 1 << candidate.rank
        if len(second) < need:
            trial = _placed(candidate.rank, bracket, sides(a_side | bit, b_side), graph.size, mate)
            if trial is not None:
                a_side |= bit
                second.append(candidate)
                mate = trial
                continue
        b_side |= bit
        placed = _placed(candidate.rank, bracket, sides(a_side, b_side), graph.size, mate)
        if placed is None:
            raise RuntimeError("internal: 2.2.4.2 left a player with no possible partner")
        mate = placed
    if len(second) != need:
        raise RuntimeError("internal: 2.2.4.2 could not equalise G1 and G2")
    if second:
        decisions.append(
            Decision(
                "2.2.4.2",
                f"to equalise G1 and G2: shifted {_numbers(second)} from {larger_name} to {smaller_name} "
                "(first feasible set in the order of 4.3)",
            )
        )
    new_g1_bits, new_g2_bits = (a_side, b_side) if smaller is g1 else (b_side, a_side)
    new_g1 = [p for p in players if (new_g1_bits >> p.rank) & 1]
    new_g2 = [p for p in players if (new_g2_bits >> p.rank) & 1]
    # 2.2.5 and 2.2.6
    s1 = s1_order(new_g1)
    t2 = first_transposition(s1, transposition_sequence(new_g2), graph, mate)
    decisions.append(
        Decision("2.2.5", "S1 (G1 by ascending ARO, then ranking): " + ", ".join(f"{p.number} ({p.aro})" for p in s1))
    )
    decisions.append(Decision("2.2.6", f"T2 = {_numbers(t2)}: the first transposition of G2 (4.4) that is legal"))
    pairs = list(zip(s1, t2, strict=True))
    return BracketPairing(
        g1=tuple(g1),
        g2=tuple(g2),
        unavoidable_pairs=unavoidable,
        first_shift=first_shift,
        second_shift=tuple(second),
        s1=tuple(s1),
        t2=tuple(t2),
        colour_misses=players_without_colour_preference(pairs),
        decisions=tuple(decisions),
    )


def first_unavoidable_shift(
    smaller: Sequence[Contender], bracket: int, unavoidable: int, graph: LegalPairs
) -> tuple[Contender, ...]:
    """2.2.4.1: the first set (4.3 order) of `unavoidable` players of the smaller subgroup whose shift leaves
    a legal pairing of G1 against G2.

    Built greedily: a player is taken when some such set contains the players taken so far and this one,
    and none of those passed over. A set X works exactly when the bracket can be paired with its only
    pairs inside the smaller subgroup running from X to the others ([C7] then counts `unavoidable` such
    pairs, the least possible); with some players still undecided, that is a complete pairing whose
    fewest pairs inside the subgroup number `unavoidable`, each with one taken or undecided player and
    one passed-over or undecided player.
    """
    small = bitset(p.rank for p in smaller)
    taken = passed = 0
    chosen: list[Contender] = []
    for candidate in shifter_sequence(smaller):
        if len(chosen) == unavoidable:
            break
        trial = taken | (1 << candidate.rank)

        def neighbours(v: int, trial: int = trial, passed: int = passed) -> int:
            bits = graph.adjacent[v] & bracket
            if (trial >> v) & 1:
                return bits & small & ~trial  # shifted: meets a player who stays in the subgroup
            if (passed >> v) & 1:
                return bits & ~passed
            if (small >> v) & 1:
                return bits
            return bits & ~trial  # the other subgroup does not meet shifted players

        if fewest_pairs_within(bracket, small, neighbours) == unavoidable:
            taken = trial
            chosen.append(candidate)
        else:
            passed |= 1 << candidate.rank
    if len(chosen) != unavoidable:
        raise RuntimeError("internal: no shift of 2.2.4.1 yields a legal pairing")
    return tuple(chosen)


def first_transposition(
    s1: Sequence[Contender], g2: Sequence[Contender], graph: LegalPairs, start: Sequence[int]
) -> list[Contender]:
    """2.2.6: T2, "the first such transposition of G2 players (transpositions are sorted by Article 4.4) that
    can yield a legal pairing": for each S1 player in turn, the first G2 player by sequence number who
    leaves the rest of S1 and G2 pairable. `start` pairs every S1 player with a G2 player."""
    if len(s1) != len(g2):
        raise RuntimeError("internal: G1 and G2 differ in size")
    left_bits = bitset(p.rank for p in s1)
    right_bits = bitset(p.rank for p in g2)
    mate = list(start)
    t2: list[Contender] = []
    waiting = list(g2)
    for player in s1:
        left_bits &= ~(1 << player.rank)
        for candidate in waiting:
            if not graph.allowed(player.rank, candidate.rank):
                continue
            right = right_bits & ~(1 << candidate.rank)
            if mate[player.rank] == candidate.rank:
                trial: list[int] | None = mate
            else:
                trial = _cross_pairing(left_bits, right, graph, mate, [mate[player.rank], mate[candidate.rank]])
            if trial is not None:
                trial[player.rank], trial[candidate.rank] = candidate.rank, player.rank
                t2.append(candidate)
                waiting.remove(candidate)
                right_bits = right
                mate = trial
                break
        else:
            raise RuntimeError(f"internal: no legal opponent in G2 for {player.number}")
    return t2


def _placed(v: int, players: int, neighbours: Neighbours, size: int, mate: list[int]) -> list[int] | None:
    """`mate` if v's pair is still allowed by `neighbours`, else a complete pairing that re-pairs v (None if
    there is none)."""
    if mate[v] >= 0 and (neighbours(v) >> mate[v]) & 1:
        return mate
    return repair(players, neighbours, size, mate, [v])


def _cross_pairing(
    left: int, right: int, graph: LegalPairs, mate: Sequence[int], loose: Sequence[int]
) -> list[int] | None:
    """A pairing of every `left` player with a `right` player, re-pairing only `loose` players of `mate`."""

    def neighbours(v: int) -> int:
        return graph.adjacent[v] & (right if (left >> v) & 1 else left)

    return repair(left | right, neighbours, graph.size, mate, loose)


def _numbers(players: Sequence[Contender]) -> str:
    return "{" + ", ".join(str(p.number) for p in players) + "}"

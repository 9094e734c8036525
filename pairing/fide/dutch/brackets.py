"""C.04.3 (2025) Articles 1.9 and 3: the bracket-by-bracket pairing of the FIDE (Dutch) System.

1.9: "brackets are paired from the top scoregroup down"; each bracket by Article 3, the candidate
that "better satisfies a quality criterion of higher priority" and, on a full tie, the one generated
first (3.8), chosen by a maximum-weight matching of every player not yet paired whose weights are
`pairing.fide.dutch.weights`. The speed-ups that find the same matching sooner are in
`pairing.fide.dutch.shortcuts`.
"""

from __future__ import annotations

from array import array
from itertools import compress

from pairing.criteria.basic_rules import Strength
from pairing.fide.dutch.definitions import Contender
from pairing.fide.dutch.shortcuts import (
    Shortcuts,
    add_edge,
    graph_edges,
    relaxed_matching,
)
from pairing.fide.dutch.weights import BracketWeights, bye_edges, colour_violations
from pairing.matching import max_weight_matching_by_digits
from pairing.model import Decision, Float, NoValidPairing, Side
from pairing.values import evolve, value


@value(frozen=False)
class RoundPairing:
    pairs: list[tuple[Contender, Contender]]
    bye: Contender | None


def _set_partners(players: list[Contender]) -> None:
    """Each player's `compat` table, `partners` and `blocked`: exactly `compatible` for every pair.
    The table and the partners are shared by the players of one C3 colour: everyone present, or
    for a non-topscorer of absolute colour preference everyone but the non-topscorers of the same
    absolute preference (C3); `blocked` holds the player itself and its forbidden opponents (C1
    and forbidden pairs, from `avoid`, both ways)."""
    count = max((c.rank for c in players), default=-1) + 1
    by_number = {c.number: c for c in players}
    blocked: dict[int, set[int]] = {c.rank: {c.rank} for c in players}
    for c in players:
        for number in c.avoid:
            other = by_number.get(number)
            if other is not None:
                blocked[c.rank].add(other.rank)
                blocked[other.rank].add(c.rank)
    present = bytearray(count)
    for c in players:
        present[c.rank] = 1
    templates: dict[Side | None, tuple[bytearray, array[int]]] = {}
    for colour in {_absolute_colour(c) for c in players}:
        row = bytearray(present)
        if colour is not None:
            for c in players:
                if _absolute_colour(c) is colour:
                    row[c.rank] = 0
        templates[colour] = (row, array("i", compress(range(count), row)))
    for c in players:
        c.compat, c.partners = templates[_absolute_colour(c)]
        c.blocked = frozenset(blocked[c.rank])


def _absolute_colour(c: Contender) -> Side | None:
    """C3's colour: the absolute colour preference of a non-topscorer, else None."""
    pref = c.preference
    return pref.colour if pref.strength is Strength.ABSOLUTE and not c.topscorer else None


def pair_brackets(
    players: list[Contender], explanation: list[Decision], shortcuts: Shortcuts | None = None
) -> RoundPairing:
    """1.9: "brackets are paired from the top scoregroup down"; each bracket by Article 3."""
    shortcuts = shortcuts or Shortcuts()
    _set_partners(players)
    groups = sorted({c.score for c in players}, reverse=True)
    paired: set[int] = set()
    pairs: list[tuple[Contender, Contender]] = []
    mdps: list[Contender] = []
    bye_levels = sorted({c.score for c in players if c.pab_eligible})
    max_unplayed = max((c.unplayed for c in players), default=0)
    for index, score in enumerate(groups):
        moved = paired | {c.number for c in mdps}
        residents = [c for c in players if c.score == score and c.number not in moved]
        bracket = mdps + residents
        lower = [c for c in players if c.score < score and c.number not in paired]
        next_residents = [c for c in lower if index + 1 < len(groups) and c.score == groups[index + 1]]
        bracket_pairs, floaters = _pair_bracket(
            bracket, len(mdps), next_residents, lower, bye_levels, max_unplayed, explanation, score, shortcuts
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
    limbo: frozenset[int],
    shortcuts: Shortcuts,
) -> tuple[dict[int, Contender | None], int]:
    """`_solve_once` (the players of `limbo`, MDPs in the Limbo, paired outside the bracket only), with
    [C9] in force exactly when the bracket downfloats one player (C9's note:
    it "applies to brackets that downfloat exactly one player, who will end up receiving the PAB").
    The number of downfloaters is fixed by C6, above C9, so one more solve at most settles it."""
    weights.c9 = len(weights.bracket) % 2 == 1
    while True:
        partners, pairs = _solve_once(vertices, weights, bye_levels, max_unplayed, limbo, shortcuts)
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
    limbo: frozenset[int],
    shortcuts: Shortcuts,
) -> tuple[dict[int, Contender | None], int]:
    """One matching: each bracket player's partner (None = the PAB) and the number of pairs."""
    if not vertices:
        return {}, 0
    vertices = sorted(vertices, key=lambda c: c.rank)  # the edge builders read local order as 1.2 order
    weights.set_bye_fields(len(bye_levels), max_unplayed)
    weights.layout()
    in_bracket = weights.in_bracket
    nxt = weights.next
    unit = weights.completion_unit
    # Local index by rank (1.2 order), -1 for players already paired; kind 2 = bracket, 1 = next.
    position = [-1] * (max(c.rank for c in vertices) + 1)
    kind = [0] * len(vertices)
    for i, c in enumerate(vertices):
        position[c.rank] = i
        kind[i] = 2 if c.number in in_bracket else 1 if c.number in nxt else 0
    n = len(vertices)
    to_bye = bye_edges(vertices, weights, bye_levels, max_unplayed, unit) if n % 2 == 1 else None
    mate = None
    if shortcuts.enabled:
        mate = relaxed_matching(vertices, kind, position, weights, limbo, shortcuts, to_bye)
    if mate is None:
        graph = graph_edges(vertices, kind, position, weights, limbo, shortcuts)
        for i, w in to_bye or ():
            add_edge(graph, i, n, w)
        mate = max_weight_matching_by_digits(n + 1 if to_bye is not None else n, graph, perfect=True)
    if to_bye is not None:
        n += 1
    if mate is None:
        raise NoValidPairing(
            "no complete pairing of the remaining players complies with C1-C3 (C4): the arbiter decides (1.9)"
        )
    partners: dict[int, Contender | None] = {}
    for i, c in enumerate(vertices[: kind.count(2)]):  # the bracket's players come first (1.2 order)
        m = mate[i]
        partners[c.number] = None if m == len(vertices) else vertices[m]
    return partners, n // 2


def _pair_bracket(
    bracket: list[Contender],
    mdp_count: int,
    next_residents: list[Contender],
    lower: list[Contender],
    bye_levels: list[float],
    max_unplayed: int,
    explanation: list[Decision],
    score: float,
    shortcuts: Shortcuts,
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
        partners, _ = _solve(vertices, weights, bye_levels, max_unplayed, frozenset(), shortcuts)
        mdp_numbers = {c.number for c in mdps}
        if shortcuts.sparse_first and _mdp_pairs(partners, mdps, mdp_numbers) > 1:
            # Article 4 leaves the pairs of MDPs among themselves to the matcher: take the solve's own.
            plain = evolve(shortcuts, sparse_first=False)
            partners, _ = _solve(vertices, weights, bye_levels, max_unplayed, frozenset(), plain)
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
    else:
        remainder = residents
        remainder_pairs = len(remainder) // 2
        limbo = set()

    # Second pass (3.6 / 3.7 inner loop): the remainder's exchanges (4.3) and transpositions (4.2).
    partners = {}
    for _ in range(2):
        weights = BracketWeights(bracket, mdp_count, next_residents, len(vertices) + 1, remainder, remainder_pairs)
        partners, _ = _solve(vertices, weights, bye_levels, max_unplayed, frozenset(limbo), shortcuts)
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


def _mdp_pairs(partners: dict[int, Contender | None], mdps: list[Contender], mdp_numbers: set[int]) -> int:
    """The pairs of two MDPs in a first pass's `partners`: the one choice of that pass that 4.4 and 4.2
    do not fix when there are two or more (`shortcuts._sparse_first`)."""
    return sum(1 for c in mdps if (p := partners[c.number]) is not None and p.number in mdp_numbers) // 2


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

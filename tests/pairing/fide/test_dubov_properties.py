"""Properties of the Dubov engine on random histories (issue 5, item 2): no [C1] or [C3] violation, at most
one bye and only to an eligible player ([C2]), every present player paired once, and on small brackets the
same choices as an exhaustive search (the minimum number of upfloaters, 2.2.1; the first best set, 2.2.2;
shifts and T2, 2.2.3-2.2.6)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pairing.cardinality import bitset, maximum_pairing, perfect_pairing, repair
from pairing.criteria.basic_rules import Strength, colour_preference, eligible_for_pab, played_sides
from pairing.fide.common.bye import assign_pab
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.fide.dubov import pair
from pairing.fide.dubov.definitions import contenders
from pairing.fide.dubov.engine import BYE_ORDER, is_last_round
from pairing.fide.dubov.subgroups import pair_bracket
from pairing.fide.dubov.upfloaters import choose_upfloaters
from pairing.generator import engine_paired
from pairing.model import ByeKind, NoValidPairing, PairingInput, PlayerStatus
from tests.pairing.fide.test_dubov_support import (
    brute_force_bracket,
    brute_force_upfloaters,
    numbers,
    perfect_pairings,
    random_field,
)

FAST = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tournaments(draw: st.DrawFn, largest: int = 24) -> PairingInput:
    """Random histories: k rounds of random results, each round paired by the engine."""
    size = draw(st.integers(2, largest))
    total = draw(st.integers(2, 11))
    played = draw(st.integers(0, total - 1))
    seed = draw(st.integers(0, 10**6))
    try:
        return engine_paired(size, played, total, seed, pair, forfeits=0.05, half_point_byes=0.05)
    except NoValidPairing:
        assume(False)
        raise


@FAST
@given(tournaments())
def test_every_round_respects_c1_c2_c3_and_pairs_everybody_once(request: PairingInput) -> None:
    try:
        outcome = pair(request)
    except NoValidPairing:
        assume(False)
        return
    by_number = request.by_number
    active = sorted(p.number for p in request.players if p.status is PlayerStatus.ACTIVE)
    seated = [n for b in outcome.boards for n in (b.first, b.second)] + [b.player for b in outcome.byes]
    assert sorted(seated) == active
    assert len(outcome.byes) == len(active) % 2
    for bye in outcome.byes:
        assert bye.kind is ByeKind.PAIRING_ALLOCATED
        assert eligible_for_pab(by_number[bye.player], request.scoring), "C2"
    for board in outcome.boards:
        white, black = by_number[board.first], by_number[board.second]
        met = {r.opponent for r in white.history if r.played}
        assert black.number not in met, "C1"
        prefs = [colour_preference(played_sides(p.history)) for p in (white, black)]
        absolute = [p.colour for p in prefs if p.strength is Strength.ABSOLUTE]
        assert len(absolute) < 2 or absolute[0] is not absolute[1], "C3"
        for preference, side in zip(prefs, ("first", "second"), strict=True):
            if preference.strength is Strength.ABSOLUTE:
                assert preference.colour.value == side, "an absolute colour preference is always granted (5.2)"


@FAST
@given(tournaments(largest=10))
def test_upfloaters_and_bracket_pairings_match_an_exhaustive_search(request: PairingInput) -> None:
    """Replays the engine bracket by bracket and checks each choice against brute force."""
    players, _ = contenders(request)
    assume(players)
    graph = LegalPairs(players)
    try:
        bye = assign_pab(players, graph, BYE_ORDER)
    except NoValidPairing:
        assume(False)
        return
    last = is_last_round(request)
    remaining = [p for p in players if bye.player is None or p.number != bye.player.number]
    mate = bye.rest
    for score in sorted({p.score for p in remaining}, reverse=True):
        residents = [p for p in remaining if p.score == score]
        if not residents:
            continue
        lower = [p for p in remaining if p.score < score]
        choice = choose_upfloaters(residents, lower, graph, mate, last)
        assert (tuple(numbers(choice.upfloaters)), choice.quality) == brute_force_upfloaters(
            residents, lower, graph, last
        )
        result = pair_bracket([*residents, *choice.upfloaters], graph)
        assert (numbers(result.s1), numbers(result.t2)) == brute_force_bracket([*residents, *choice.upfloaters], graph)
        assert result.colour_misses == choice.quality.colour_misses
        mate = choice.rest
        remaining = [p for p in remaining if p not in result.s1 and p not in result.t2]
    assert remaining == []


@FAST
@given(st.integers(0, 10**6), st.integers(1, 6))
def test_hard_brackets_match_an_exhaustive_search_and_the_weighted_matching(seed: int, half: int) -> None:
    """Random brackets with many illegal pairs (unavoidable pairs, several upfloaters): the best-first search,
    the exact weighted matching and brute force agree."""
    field = random_field(seed, 2 * half)
    graph = LegalPairs(field)
    start = perfect_pairing((1 << len(field)) - 1, graph.neighbours, len(field))
    assume(start is not None)
    top = field[0].score
    residents = [p for p in field if p.score == top]
    lower = [p for p in field if p.score < top]
    last = seed % 3 == 0
    expected = brute_force_upfloaters(residents, lower, graph, last)
    searched = choose_upfloaters(residents, lower, graph, start, last)
    weighted = choose_upfloaters(residents, lower, graph, start, last, budget=0)
    assert weighted.method == "weighted matching"
    assert (tuple(numbers(searched.upfloaters)), searched.quality) == expected
    assert (tuple(numbers(weighted.upfloaters)), weighted.quality) == expected
    players = [*residents, *searched.upfloaters]
    result = pair_bracket(players, graph)
    assert (numbers(result.s1), numbers(result.t2)) == brute_force_bracket(players, graph)


@FAST
@given(st.integers(0, 10**6), st.integers(1, 10))
def test_the_perfect_pairing_oracle_agrees_with_brute_force(seed: int, size: int) -> None:
    field = random_field(seed, size)
    graph = LegalPairs(field)
    everyone = bitset(range(size))
    mate = perfect_pairing(everyone, graph.neighbours, size)
    exists = next(perfect_pairings(field, lambda a, b: graph.allowed(a.rank, b.rank)), None) is not None
    assert (mate is not None) == exists
    if mate is not None:
        assert all(graph.allowed(v, mate[v]) and mate[mate[v]] == v for v in range(size))
    best = maximum_pairing(everyone, graph.neighbours, size)
    assert all(m == -1 or graph.allowed(v, m) for v, m in enumerate(best))
    if mate is not None and size >= 4:
        # two players leave: only their partners are re-paired
        gone = {0, size - 1}
        rest = [p for p in field if p.rank not in gone]
        repaired = repair(everyone & ~bitset(gone), graph.neighbours, size, mate, [mate[g] for g in gone])
        exists = next(perfect_pairings(rest, lambda a, b: graph.allowed(a.rank, b.rank)), None) is not None
        assert (repaired is not None) == exists
        if repaired is not None:
            assert all(graph.allowed(p.rank, repaired[p.rank]) and repaired[p.rank] not in gone for p in rest)

"""Burstein System properties on seeded random histories: the Basic Rules ([C1], [C2], [C3], one bye) and
each bracket's choice checked against an exhaustive search over every complete pairing (2.2.2, C4-C8, 4.3)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import matching
from pairing.fide.burstein import pair_with_trace
from pairing.fide.burstein.colours import misses_preference
from pairing.fide.burstein.definitions import Contender, compatible, contenders
from pairing.generator import greedy_paired
from pairing.matching import available_backends
from pairing.model import NoValidPairing, PairingInput


def requests() -> st.SearchStrategy[PairingInput]:
    return st.builds(
        lambda count, played, seed: greedy_paired(count, played, played + 2, seed, forfeits=0.05, byes=0.08),
        st.integers(4, 11),
        st.integers(2, 4),
        st.integers(0, 10**6),
    )


def perfect_matchings(players: Sequence[Contender]) -> Iterator[list[tuple[Contender, Contender]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        if compatible(first, other):
            for tail in perfect_matchings(rest[:k] + rest[k + 1 :]):
                yield [(first, other), *tail]


def key(
    bracket: Sequence[Contender], incoming: set[int], nxt: set[int], pairs: list[tuple[Contender, Contender]]
) -> tuple:
    """2.2.2: C5, C6 (number, then scores), C7 (pairs of the next bracket, its floaters from here paired, their
    scores), C8, then 4.3 (BSN #1's opponent's BSN, then BSN #2's, ..., 0 for a floater)."""
    bsn = {c.number: i for i, c in enumerate(bracket, 1)}
    inside = [(a, b) for a, b in pairs if a.number in bsn and b.number in bsn]
    paired = {c.number for p in inside for c in p}
    floats_in = sorted((c.score for c in bracket if c.number in incoming and c.number in paired), reverse=True)
    members = set(bsn) | nxt
    nxt_pairs = [(a, b) for a, b in pairs if a.number in members and b.number in members and (a, b) not in inside]
    floaters_paired = sorted(
        (c.score for p in nxt_pairs for c in p if c.number in bsn and c.number not in paired), reverse=True
    )
    opponent = dict.fromkeys(bsn.values(), 0)
    for a, b in inside:
        opponent[bsn[a.number]], opponent[bsn[b.number]] = bsn[b.number], bsn[a.number]
    return (
        len(inside),
        len(floats_in),
        floats_in,
        len(nxt_pairs),
        len(floaters_paired),
        floaters_paired,
        -sum(misses_preference(a, b) for a, b in inside),
        [opponent[p] for p in sorted(opponent)],
    )


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_c1_c2_c3_and_one_bye(request: PairingInput) -> None:
    """[C1] no rematch, [C2] the bye only to an eligible player, [C3] no clash of absolute preferences;
    everyone paired once (1.8.1) and at most one bye (1.3.1)."""
    try:
        outcome, _ = pair_with_trace(request)
    except NoValidPairing:
        return
    players = {c.number: c for c in contenders(request)}
    seats = [n for b in outcome.boards for n in (b.first, b.second)] + [b.player for b in outcome.byes]
    assert sorted(seats) == sorted(players)
    assert len(outcome.byes) <= 1
    for board in outcome.boards:
        assert compatible(players[board.first], players[board.second])
    for bye in outcome.byes:
        assert players[bye.player].pab_eligible


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_2_2_each_bracket_is_the_first_best_pairing_by_exhaustive_search(request: PairingInput) -> None:
    """2.2.1 (maximum number of pairs) and 2.2.2 (the first pairing in 4.3 order that best satisfies C1-C8),
    against every complete pairing of the bracket and the players below it."""
    check_each_bracket_against_exhaustive_search(request)


@pytest.mark.skipif("native" not in available_backends(), reason="the tiers are the native backend's")
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_2_2_the_first_best_pairing_when_4_3_is_solved_in_tiers(request: PairingInput) -> None:
    """2.2.2 and 4.3 as above, with every matching solved as big brackets are: C5-C8 first, then the
    digits of 4.3 a chunk at a time on the edges still optimal (`pairing.matching.DigitGraph`), here from
    the first bit on so that these small brackets take that path too."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matching, "TIERED_BITS", 0)
        check_each_bracket_against_exhaustive_search(request)


def check_each_bracket_against_exhaustive_search(request: PairingInput) -> None:
    """Each bracket of the pairing of `request` against every complete pairing of it and the players below."""
    try:
        _, trace = pair_with_trace(request)
    except NoValidPairing:
        return
    if trace is None:
        return
    players = {c.number: c for c in contenders(request)}
    for bracket_trace in trace.brackets:
        bracket = [players[n] for n in bracket_trace.bracket]
        lower = [players[n] for n in bracket_trace.lower]
        top = max((c.score for c in lower), default=None)
        nxt = {c.number for c in lower if c.score == top}
        incoming = set(bracket_trace.incoming)
        best = max(
            (key(bracket, incoming, nxt, m) for m in perfect_matchings([*bracket, *lower])),
            default=None,
        )
        assert best is not None
        chosen = [(players[a], players[b]) for a, b in bracket_trace.pairs]
        assert key(bracket, incoming, nxt, chosen)[0] == best[0], "2.2.1: maximum number of pairs"
        bsn = {c.number: i for i, c in enumerate(bracket, 1)}
        opponent = dict.fromkeys(bsn.values(), 0)
        for a, b in chosen:
            opponent[bsn[a.number]], opponent[bsn[b.number]] = bsn[b.number], bsn[a.number]
        assert [opponent[p] for p in sorted(opponent)] == best[-1]

"""Helpers for the Dubov tests: a tiny notation for histories, and exhaustive (brute-force) readings of
Articles 2.2.1-2.2.6 to check the engine's searches against on small brackets."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, permutations

from attrs import evolve

from pairing.criteria.basic_rules import Strength
from pairing.fide.common.legal_pairs import LegalPairs
from pairing.fide.dubov.criteria import BracketQuality, bracket_quality
from pairing.fide.dubov.definitions import Contender
from pairing.fide.dubov.sorting import s1_order, shifter_sequence, transposition_sequence
from pairing.model import (
    ByeKind,
    Entrant,
    Outcome,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
    RoundRecord,
    Scoring,
    Side,
)
from tests import builders
from tests.builders import entrant

BYES = {"U": ByeKind.PAIRING_ALLOCATED, "F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}
RESULTS = {"1": (Outcome.WIN, 1.0), "=": (Outcome.DRAW, 0.5), "0": (Outcome.LOSS, 0.0)}
FORFEITS = {"+": (Outcome.WIN, 1.0), "-": (Outcome.LOSS, 0.0)}


def history(text: str) -> tuple[RoundRecord, ...]:
    """Rounds in order, space separated: "5w1" (beat 5 with White), "3b=" (drew 3 with Black), "7w+"
    (won by forfeit against 7: not played), "U"/"F"/"H"/"Z" (pairing-allocated, full-, half-, zero-point
    bye)."""
    records = []
    for index, token in enumerate(text.split(), start=1):
        if token in BYES:
            points = Scoring().for_bye(BYES[token])
            records.append(
                RoundRecord(
                    round=index, opponent=None, side=None, outcome=None, points=points, played=False, bye=BYES[token]
                )
            )
            continue
        opponent, colour, result = int(token[:-2]), token[-2], token[-1]
        side = Side.FIRST if colour == "w" else Side.SECOND
        outcome, points = RESULTS.get(result) or FORFEITS[result]
        records.append(
            RoundRecord(
                round=index, opponent=opponent, side=side, outcome=outcome, points=points, played=result in RESULTS
            )
        )
    return tuple(records)


def player(
    number: int,
    rating: int | None = None,
    played: str = "",
    *,
    tpn: int | None = None,
    status: PlayerStatus = PlayerStatus.ACTIVE,
) -> Entrant:
    """An entrant with the history `played` (see `history`); rated 2500 - 10 * number unless `rating` is
    given (0: unrated)."""
    rating = 2500 - 10 * number if rating is None else rating
    return entrant(number, *history(played), rating=rating, pairing_number=tpn, name=f"P{number}", status=status)


def request(
    players: Sequence[Entrant],
    total_rounds: int = 9,
    *,
    options: tuple[tuple[str, str], ...] = (),
    forbidden: tuple[tuple[int, int], ...] = (),
) -> PairingInput:
    """The input for the round after the players' histories."""
    played = max((len(p.history) for p in players), default=0)
    return builders.request(
        "dubov", players, played + 1, total_rounds=total_rounds, options=dict(options), forbidden=forbidden
    )


def boards_of(outcome: PairingOutcome) -> list[tuple[int, int]]:
    return [(b.first, b.second) for b in outcome.boards]


def pair_sets(outcome: PairingOutcome) -> set[frozenset[int]]:
    return {frozenset((b.first, b.second)) for b in outcome.boards}


# -- synthetic players for bracket-level cases ------------------------------------------------------


def contender(
    number: int,
    score: float = 0.0,
    colour: str = "W",
    *,
    strength: Strength = Strength.STRONG,
    tpn: int | None = None,
    aro: int = 2000,
    upfloats: int = 0,
    maximum: bool = False,
    last_round: bool = False,
    met: tuple[int, ...] = (),
    games: int = 1,
) -> Contender:
    """A player as the bracket procedures see them: `colour` is the colour preference ("W" or "B")."""
    return Contender(
        number=number,
        rank=0,
        tpn=tpn if tpn is not None else number,
        rating=2000,
        score=score,
        sides=(Side.SECOND if colour == "W" else Side.FIRST,) * games,
        colour_difference=0,
        due_colour=Side.FIRST if colour == "W" else Side.SECOND,
        strength=strength,
        aro=aro,
        games=games,
        upfloats=upfloats,
        maximum_upfloater=maximum,
        upfloated_last_round=last_round,
        pab_eligible=True,
        opponents=frozenset(met),
    )


def ranked(*players: Contender) -> list[Contender]:
    """The players with ranks in ranking order (score descending, then pairing number)."""
    ordered = sorted(players, key=lambda p: (-p.score, p.tpn))
    return [evolve(p, rank=rank) for rank, p in enumerate(ordered)]


def numbers(players: Sequence[Contender]) -> list[int]:
    return [p.number for p in players]


# -- exhaustive readings -----------------------------------------------------------------------------


Allowed = Callable[[Contender, Contender], bool]


def perfect_pairings(
    players: Sequence[Contender], allowed: Allowed, excluded: Allowed = lambda a, b: False
) -> Iterator[list[tuple[Contender, Contender]]]:
    """Every complete pairing of `players` by `allowed` pairs that are not `excluded` (brute force)."""
    if not players:
        yield []
        return
    first, rest = players[0], list(players[1:])
    for i, other in enumerate(rest):
        if allowed(first, other) and not excluded(first, other):
            for more in perfect_pairings(rest[:i] + rest[i + 1 :], allowed, excluded):
                yield [(first, other), *more]


def brute_force_upfloaters(
    residents: Sequence[Contender], lower: Sequence[Contender], graph: LegalPairs, last_round: bool
) -> tuple[tuple[int, ...], BracketQuality] | None:
    """2.2.1-2.2.2 by listing every set: the smallest legal size, then the best quality, then the first in
    the lexicographic order of sequence numbers (4.2.3.3)."""

    def allowed(a: Contender, b: Contender) -> bool:
        return graph.allowed(a.rank, b.rank)

    for size in range(len(residents) % 2, len(residents) + 1, 2):
        best = None
        for chosen in combinations(range(len(lower)), size):
            upfloaters = [lower[j] for j in chosen]
            ups = {p.rank for p in upfloaters}
            misses = [
                sum(1 for a, b in pairing if a.due_colour is b.due_colour)
                for pairing in perfect_pairings(
                    [*residents, *upfloaters], allowed, lambda a, b, ups=ups: a.rank in ups and b.rank in ups
                )
            ]
            if not misses:
                continue
            below = [p for p in lower if p.rank not in ups]
            if next(perfect_pairings(below, allowed), None) is None:
                continue
            key = (bracket_quality(upfloaters, min(misses), last_round), tuple(j + 1 for j in chosen))
            if best is None or key < best:
                best = key
        if best is not None:
            numbers = tuple(lower[j - 1].number for j in best[1])
            return numbers, best[0]
    return None


def brute_force_bracket(players: Sequence[Contender], graph: LegalPairs) -> tuple[list[int], list[int]]:
    """2.2.3-2.2.6 literally: shift sets and transpositions tried one by one in the orders of Article 4.
    Returns (S1, T2) as player numbers."""

    def allowed(a: Contender, b: Contender) -> bool:
        return graph.allowed(a.rank, b.rank)

    if all(not p.has_played for p in players):
        ordered = sorted(players, key=lambda p: p.tpn)
        g1, g2 = ordered[: len(ordered) // 2], ordered[len(ordered) // 2 :]
    else:
        g1 = [p for p in players if p.white_seeker]
        g2 = [p for p in players if not p.white_seeker]
    smaller, larger = (g1, g2) if len(g1) <= len(g2) else (g2, g1)
    small = {p.rank for p in smaller}
    inside = min(
        sum(1 for a, b in pairing if a.rank in small and b.rank in small)
        for pairing in perfect_pairings(list(players), allowed)
    )

    def transpositions(s1: list[Contender], g2_now: list[Contender]) -> Iterator[tuple[Contender, ...]]:
        for t2 in permutations(transposition_sequence(g2_now)):
            if all(allowed(a, b) for a, b in zip(s1, t2, strict=True)):
                yield t2

    for first in combinations(shifter_sequence(smaller), inside):
        small_now = [p for p in smaller if p not in first]
        large_now = [*larger, *first]
        need = (len(large_now) - len(small_now)) // 2
        for second in combinations(shifter_sequence(larger), need):
            new_small = [*small_now, *second]
            new_large = [p for p in large_now if p not in second]
            new_g1, new_g2 = (new_small, new_large) if smaller is g1 else (new_large, new_small)
            s1 = s1_order(new_g1)
            t2 = next(transpositions(s1, new_g2), None)
            if t2 is not None:
                return [p.number for p in s1], [p.number for p in t2]
    raise AssertionError("no legal bracket pairing")


def random_field(seed: int, size: int) -> list[Contender]:
    """A random field of synthetic players for bracket-level properties: random scores (a large top group
    is likely), colour preferences and strengths, AROs, upfloat histories and met pairs."""
    import random

    rng = random.Random(seed)
    levels = rng.choice([[3, 3, 3, 3, 2.5, 2, 1], [0, 0.5, 1, 1.5, 2, 2.5, 3]])
    density = rng.choice([0.35, 0.5, 0.7, 0.9])
    tpns = list(range(1, size + 1))
    rng.shuffle(tpns)
    players = []
    for i in range(size):
        played = rng.random() < 0.9
        upfloats = rng.choice([0, 0, 1, 2, 3, 4])
        players.append(
            contender(
                100 + i,
                rng.choice(levels),
                rng.choice("WB") if played else "B",
                strength=rng.choice([Strength.MILD, Strength.STRONG, Strength.ABSOLUTE]) if played else Strength.MILD,
                tpn=tpns[i],
                aro=rng.choice([1900, 2000, 2100]),
                upfloats=upfloats,
                maximum=upfloats >= 3,
                last_round=rng.random() < 0.3,
                games=1 if played else 0,
            )
        )
    met: dict[int, set[int]] = {p.number: set() for p in players}
    for a, b in combinations(players, 2):
        if rng.random() > density:
            met[a.number].add(b.number)
            met[b.number].add(a.number)
    return ranked(*(evolve(p, opponents=frozenset(met[p.number])) for p in players))

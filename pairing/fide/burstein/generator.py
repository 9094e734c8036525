"""Seeded random histories for the Burstein benchmark and property tests.

Pure: the same arguments give the same input. Earlier rounds are not paired by any engine (a 1,000-player
Dutch seeding round takes far longer than the Burstein round it prepares): each round pairs the players
greedily down the score order, avoiding rematches and clashes of absolute colour preferences, gives the
side each player prefers where it can, and draws results from the Elo expectation. A few players take a
half-point or zero-point bye, and a few games are forfeited, so that histories hold unplayed rounds too.
"""

from __future__ import annotations

import random

from pairing.criteria.basic_rules import Strength, colour_preference, played_sides
from pairing.model import ByeKind, Entrant, Outcome, PairingInput, RoundRecord, Scoring, Side


def random_input(
    count: int,
    rounds_played: int,
    total_rounds: int,
    seed: int,
    *,
    forfeits: float = 0.02,
    byes: float = 0.02,
    options: tuple[tuple[str, str], ...] = (),
) -> PairingInput:
    """The input for round `rounds_played + 1` after `rounds_played` random rounds."""
    rng = random.Random(seed)
    ratings = sorted((rng.randrange(1000, 2800) for _ in range(count)), reverse=True)
    histories: dict[int, list[RoundRecord]] = {n: [] for n in range(1, count + 1)}
    rating = dict(zip(range(1, count + 1), ratings, strict=True))
    scoring = Scoring()
    for round_number in range(1, rounds_played + 1):
        score = {n: sum(r.points for r in h) for n, h in histories.items()}
        order = sorted(histories, key=lambda n: (-score[n], n))
        waiting: list[int] = []
        for n in order:
            if rng.random() < byes:
                kind = ByeKind.HALF_POINT if rng.random() < 0.5 else ByeKind.ZERO_POINT
                histories[n].append(_bye(round_number, kind, scoring.for_bye(kind)))
            else:
                waiting.append(n)
        while waiting:
            a = waiting.pop(0)
            met = {r.opponent for r in histories[a]}
            pa = colour_preference(played_sides(histories[a]))
            for k, b in enumerate(waiting[:12]):
                pb = colour_preference(played_sides(histories[b]))
                clash = pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and pa.colour is pb.colour
                if b not in met and not clash:
                    del waiting[k]
                    _play(round_number, a, b, pa.colour, histories, rating, rng, forfeits, scoring)
                    break
            else:
                kind = ByeKind.PAIRING_ALLOCATED if not any(r.bye for r in histories[a]) else ByeKind.ZERO_POINT
                histories[a].append(_bye(round_number, kind, scoring.for_bye(kind)))
    players = tuple(
        Entrant(
            number=n,
            pairing_number=n,
            name=f"Player {n}",
            rating=rating[n],
            score=sum(r.points for r in h),
            history=tuple(h),
        )
        for n, h in histories.items()
    )
    return PairingInput(
        system="burstein",
        round=rounds_played + 1,
        total_rounds=total_rounds,
        players=players,
        scoring=scoring,
        seed=seed,
        options=options,
    )


def _bye(round_number: int, kind: ByeKind, points: float) -> RoundRecord:
    return RoundRecord(
        round=round_number, opponent=None, side=None, outcome=None, points=points, played=False, bye=kind
    )


def _play(
    round_number: int,
    a: int,
    b: int,
    wish: Side | None,
    histories: dict[int, list[RoundRecord]],
    rating: dict[int, int],
    rng: random.Random,
    forfeits: float,
    scoring: Scoring,
) -> None:
    white, black = (b, a) if wish is Side.SECOND else (a, b)
    played = rng.random() >= forfeits
    expected = 1 / (1 + 10 ** ((rating[black] - rating[white]) / 400))
    draw = 0.3 if played else 0.0
    roll = rng.random()
    if roll < expected - draw / 2:
        outcomes = (Outcome.WIN, Outcome.LOSS)
    elif roll < expected + draw / 2:
        outcomes = (Outcome.DRAW, Outcome.DRAW)
    else:
        outcomes = (Outcome.LOSS, Outcome.WIN)
    points = {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}
    for number, opponent, side, outcome in (
        (white, black, Side.FIRST, outcomes[0]),
        (black, white, Side.SECOND, outcomes[1]),
    ):
        histories[number].append(
            RoundRecord(
                round=round_number,
                opponent=opponent,
                side=side,
                outcome=outcome,
                points=points[outcome] if played else (scoring.forfeit_win if outcome is Outcome.WIN else 0.0),
                played=played,
            )
        )

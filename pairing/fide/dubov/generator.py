"""Seeded random Dubov tournaments: random results for k rounds, each round paired by the engine.

For benchmarks (benchmarks/dubov_bench.py) and property tests. Pure: the same arguments give the same
tournament. Results follow the Elo expectation with a fixed draw share; a few games are forfeited and a
few players ask for a half-point bye, so that histories hold unplayed rounds too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from attrs import evolve

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

Pairer = Callable[[PairingInput], PairingOutcome]


def random_entrants(count: int, rng: random.Random) -> tuple[Entrant, ...]:
    """`count` players rated 1000-2800, numbered in rating order (the initial ranking list, 1.2)."""
    ratings = sorted((rng.randrange(1000, 2800) for _ in range(count)), reverse=True)
    return tuple(
        Entrant(number=i, pairing_number=i, name=f"Player {i}", rating=rating)
        for i, rating in enumerate(ratings, start=1)
    )


def random_tournament(
    count: int,
    rounds_played: int,
    total_rounds: int,
    seed: int,
    pair: Pairer,
    *,
    forfeits: float = 0.02,
    half_point_byes: float = 0.02,
    options: tuple[tuple[str, str], ...] = (),
) -> PairingInput:
    """The input for round `rounds_played + 1` after `rounds_played` random rounds paired by `pair`."""
    rng = random.Random(seed)
    players = list(random_entrants(count, rng))
    scoring = Scoring()
    for round_number in range(1, rounds_played + 1):
        absent = {p.number for p in players if rng.random() < half_point_byes}
        request = PairingInput(
            system="dubov",
            round=round_number,
            total_rounds=total_rounds,
            players=tuple(
                evolve(p, status=PlayerStatus.ABSENT, requested_bye=ByeKind.HALF_POINT) if p.number in absent else p
                for p in players
            ),
            scoring=scoring,
            options=options,
        )
        outcome = pair(request)
        records = _play(outcome, request, rng, forfeits)
        for number in absent:
            records[number] = RoundRecord(
                round=round_number,
                opponent=None,
                side=None,
                outcome=None,
                points=scoring.half_point_bye,
                played=False,
                bye=ByeKind.HALF_POINT,
            )
        players = [
            evolve(p, score=p.score + records[p.number].points, history=(*p.history, records[p.number]))
            for p in players
        ]
    return PairingInput(
        system="dubov",
        round=rounds_played + 1,
        total_rounds=total_rounds,
        players=tuple(players),
        scoring=scoring,
        options=options,
    )


def _play(
    outcome: PairingOutcome, request: PairingInput, rng: random.Random, forfeits: float
) -> dict[int, RoundRecord]:
    scoring = request.scoring
    ratings = {p.number: p.rating for p in request.players}
    records: dict[int, RoundRecord] = {}
    for bye in outcome.byes:
        records[bye.player] = RoundRecord(
            round=request.round, opponent=None, side=None, outcome=None, points=bye.points, played=False, bye=bye.kind
        )
    for board in outcome.boards:
        white, black = board.first, board.second
        played = rng.random() >= forfeits
        expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
        draw = 0.3 if played else 0.0
        roll = rng.random()
        if roll < expected - draw / 2:
            result = (Outcome.WIN, Outcome.LOSS)
        elif roll < expected + draw / 2:
            result = (Outcome.DRAW, Outcome.DRAW)
        else:
            result = (Outcome.LOSS, Outcome.WIN)
        for number, opponent, side, mine in (
            (white, black, Side.FIRST, result[0]),
            (black, white, Side.SECOND, result[1]),
        ):
            if played:
                points = {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}[mine]
            else:
                points = scoring.forfeit_win if mine is Outcome.WIN else scoring.forfeit_loss
            records[number] = RoundRecord(
                round=request.round, opponent=opponent, side=side, outcome=mine, points=points, played=played
            )
    return records

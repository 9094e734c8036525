"""Seeded random played histories, for the Dubov and Burstein benchmarks and property tests.

Pure: the same arguments give the same input. Players are rated 1000-2800 and numbered in rating order
(the initial ranking list, 1.2); results follow the Elo expectation with a fixed draw share, and a few
games are forfeited, so that histories hold unplayed rounds too. The earlier rounds are paired either

- by an engine (`engine_paired`), a few players asking for a half-point bye each round; or
- greedily down the score order (`greedy_paired`), for engines whose seeding rounds are paired by another,
  much slower one (a 1,000-player Dutch seeding round takes far longer than the Burstein round it
  prepares): rematches and clashes of absolute colour preferences are avoided, each player gets the side
  it prefers where it can, and a few players take a half-point or zero-point bye.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from attrs import evolve

from pairing.criteria.basic_rules import Strength, colour_preference, played_sides
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
# One round's records, by player number, for the players (their histories so far) in number order.
RoundPlayer = Callable[[int, list[Entrant], Scoring, random.Random], dict[int, RoundRecord]]


def expected_score(rating: int, opponent_rating: int) -> float:
    """The Elo expectation of a player rated `rating` against one rated `opponent_rating`."""
    return 1 / (1 + 10 ** ((opponent_rating - rating) / 400))


def random_entrants(count: int, rng: random.Random) -> tuple[Entrant, ...]:
    """`count` players rated 1000-2800, numbered in rating order (the initial ranking list, 1.2)."""
    ratings = sorted((rng.randrange(1000, 2800) for _ in range(count)), reverse=True)
    return tuple(
        Entrant(number=i, pairing_number=i, name=f"Player {i}", rating=rating)
        for i, rating in enumerate(ratings, start=1)
    )


def engine_paired(
    count: int,
    rounds_played: int,
    total_rounds: int,
    seed: int,
    pair: Pairer,
    *,
    forfeits: float = 0.02,
    half_point_byes: float = 0.02,
    options: tuple[tuple[str, str], ...] = (),
    system: str = "dubov",
) -> PairingInput:
    """The input for round `rounds_played + 1` after `rounds_played` random rounds paired by `pair`."""

    def play_round(
        round_number: int, players: list[Entrant], scoring: Scoring, rng: random.Random
    ) -> dict[int, RoundRecord]:
        absent = {p.number for p in players if rng.random() < half_point_byes}
        request = PairingInput(
            system=system,
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
        by_number = {p.number: p for p in players}
        records = {bye.player: _bye(round_number, bye.kind, bye.points) for bye in outcome.byes}
        for board in outcome.boards:
            records |= _game(round_number, by_number[board.first], by_number[board.second], rng, forfeits, scoring)
        for number in absent:
            records[number] = _bye(round_number, ByeKind.HALF_POINT, scoring.half_point_bye)
        return records

    return _random_rounds(count, rounds_played, total_rounds, seed, system, options, play_round)


def greedy_paired(
    count: int,
    rounds_played: int,
    total_rounds: int,
    seed: int,
    *,
    forfeits: float = 0.02,
    byes: float = 0.02,
    options: tuple[tuple[str, str], ...] = (),
    system: str = "burstein",
) -> PairingInput:
    """The input for round `rounds_played + 1` after `rounds_played` random rounds paired greedily; its
    `seed` is `seed`."""

    def play_round(
        round_number: int, players: list[Entrant], scoring: Scoring, rng: random.Random
    ) -> dict[int, RoundRecord]:
        records: dict[int, RoundRecord] = {}
        waiting: list[Entrant] = []
        for p in sorted(players, key=lambda p: (-p.score, p.number)):
            if rng.random() < byes:
                kind = ByeKind.HALF_POINT if rng.random() < 0.5 else ByeKind.ZERO_POINT
                records[p.number] = _bye(round_number, kind, scoring.for_bye(kind))
            else:
                waiting.append(p)
        while waiting:
            a = waiting.pop(0)
            met = {r.opponent for r in a.history}
            pa = colour_preference(played_sides(a.history))
            for k, b in enumerate(waiting[:12]):
                pb = colour_preference(played_sides(b.history))
                clash = pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and pa.colour is pb.colour
                if b.number not in met and not clash:
                    del waiting[k]
                    white, black = (b, a) if pa.colour is Side.SECOND else (a, b)
                    records |= _game(round_number, white, black, rng, forfeits, scoring)
                    break
            else:
                kind = ByeKind.PAIRING_ALLOCATED if not any(r.bye for r in a.history) else ByeKind.ZERO_POINT
                records[a.number] = _bye(round_number, kind, scoring.for_bye(kind))
        return records

    request = _random_rounds(count, rounds_played, total_rounds, seed, system, options, play_round)
    return evolve(request, seed=seed)


def _random_rounds(
    count: int,
    rounds_played: int,
    total_rounds: int,
    seed: int,
    system: str,
    options: tuple[tuple[str, str], ...],
    play_round: RoundPlayer,
) -> PairingInput:
    rng = random.Random(seed)
    players = list(random_entrants(count, rng))
    scoring = Scoring()
    for round_number in range(1, rounds_played + 1):
        records = play_round(round_number, players, scoring, rng)
        players = [
            evolve(p, score=p.score + records[p.number].points, history=(*p.history, records[p.number]))
            for p in players
        ]
    return PairingInput(
        system=system,
        round=rounds_played + 1,
        total_rounds=total_rounds,
        players=tuple(players),
        scoring=scoring,
        options=options,
    )


def _bye(round_number: int, kind: ByeKind, points: float) -> RoundRecord:
    return RoundRecord(
        round=round_number, opponent=None, side=None, outcome=None, points=points, played=False, bye=kind
    )


def _game(
    round_number: int, white: Entrant, black: Entrant, rng: random.Random, forfeits: float, scoring: Scoring
) -> dict[int, RoundRecord]:
    """Both players' records of a game drawn from the Elo expectation (30% draws); forfeited at `forfeits`."""
    played = rng.random() >= forfeits
    expected = expected_score(white.rating, black.rating)
    draw = 0.3 if played else 0.0
    roll = rng.random()
    if roll < expected - draw / 2:
        outcomes = (Outcome.WIN, Outcome.LOSS)
    elif roll < expected + draw / 2:
        outcomes = (Outcome.DRAW, Outcome.DRAW)
    else:
        outcomes = (Outcome.LOSS, Outcome.WIN)
    points = {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}
    records = {}
    for player, opponent, side, outcome in (
        (white, black, Side.FIRST, outcomes[0]),
        (black, white, Side.SECOND, outcomes[1]),
    ):
        if not played:
            points_won = scoring.forfeit_win if outcome is Outcome.WIN else scoring.forfeit_loss
        else:
            points_won = points[outcome]
        records[player.number] = RoundRecord(
            round=round_number, opponent=opponent.number, side=side, outcome=outcome, points=points_won, played=played
        )
    return records

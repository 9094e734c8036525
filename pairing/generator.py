"""Seeded random tournaments: the project's one generator, for `arbiter-pair -g`, the benchmarks and
the property tests. Pure: the same arguments always give the same tournament.

Players are numbered in rating order (the initial ranking list); results follow the Elo expectation
with a draw share, and a few games are forfeited, so that histories hold unplayed rounds too
(`game_result`, the one results model). Two forms:

- `generate`: the random tournament generator (the RTG of the FIDE endorsement procedure, C.04.A
  A.5): a fully played Swiss tournament, paired round by round by an engine, written as a TRF
  document. Configuration keys are those of the generators tournament managers already use, one
  ``key=value`` per line (``#`` starts a comment): ``PlayersNumber``, ``RoundsNumber``,
  ``DrawPercentage``, ``ForfeitRate``, ``RetiredRate``, ``HalfPointByeRate`` (rates are per player
  and round, in percent or as fractions below 1), ``HighestRating``, ``LowestRating``,
  ``PointsForWin``, ``PointsForDraw``, ``PointsForLoss``, ``PointsForZPB``,
  ``PointsForForfeitLoss``, ``PointsForPAB``.
- `engine_paired` and `greedy_paired`: the `PairingInput` of the next round after some random
  rounds, paired either by an engine, a few players asking for a half-point bye each round, or
  greedily down the score order, for engines whose seeding rounds are paired by another, much
  slower one (a 1,000-player Dutch seeding round takes far longer than the Burstein round it
  prepares): rematches and clashes of absolute colour preferences are avoided, each player gets the
  side it prefers where it can, and a few players take a half-point or zero-point bye.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

from attrs import evolve, frozen

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
from pairing.trf.convert import points_for, scoring, to_pairing_input
from pairing.trf.document import (
    BbpPointsRecord,
    Colour,
    InitialColourRecord,
    PlayerRecord,
    ResultCode,
    RoundEntry,
    RoundsRecord,
    TournamentRecord,
    TrfDocument,
)


@frozen(kw_only=True)
class GeneratorConfig:
    players: int = 60
    rounds: int = 9
    draw_rate: float = 0.3
    forfeit_rate: float = 0.0
    retired_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    highest_rating: int = 2700
    lowest_rating: int = 1200
    win: Decimal = Decimal("1.0")
    draw: Decimal = Decimal("0.5")
    loss: Decimal = Decimal("0.0")
    zero_point_bye: Decimal = Decimal("0.0")
    forfeit_loss: Decimal = Decimal("0.0")
    pairing_allocated_bye: Decimal | None = None

    @classmethod
    def from_text(cls, text: str) -> GeneratorConfig:
        """Read ``key=value`` lines; an unknown key or a bad value raises ValueError naming it."""
        names: dict[str, tuple[str, Callable[[str], object]]] = {
            "playersnumber": ("players", int),
            "roundsnumber": ("rounds", int),
            "drawpercentage": ("draw_rate", _rate),
            "forfeitrate": ("forfeit_rate", _rate),
            "retiredrate": ("retired_rate", _rate),
            "halfpointbyerate": ("half_point_bye_rate", _rate),
            "highestrating": ("highest_rating", int),
            "lowestrating": ("lowest_rating", int),
            "pointsforwin": ("win", Decimal),
            "pointsfordraw": ("draw", Decimal),
            "pointsforloss": ("loss", Decimal),
            "pointsforzpb": ("zero_point_bye", Decimal),
            "pointsforforfeitloss": ("forfeit_loss", Decimal),
            "pointsforpab": ("pairing_allocated_bye", Decimal),
        }
        values: dict[str, object] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition("=")
            if not sep:
                key, _, value = line.partition(" ")
            entry = names.get(key.strip().lower())
            if entry is None:
                raise ValueError(f"line {number}: unknown configuration key {key.strip()!r}")
            try:
                values[entry[0]] = entry[1](value.strip())
            except (ValueError, ArithmeticError):
                raise ValueError(f"line {number}: bad value {value.strip()!r} for {key.strip()}") from None
        config = cls(**values)  # type: ignore[arg-type]
        if config.players < 2 or config.rounds < 1 or config.rounds >= config.players + 10:
            raise ValueError("need at least 2 players and 1 round")
        return config


def _rate(text: str) -> float:
    value = float(text)
    return value / 100 if value > 1 else value


def generate(
    config: GeneratorConfig,
    seed: int,
    pair: Callable[[PairingInput], PairingOutcome],
    system_code: str = "FIDE_DUTCH_2025",
) -> TrfDocument:
    """A tournament of `config.players` players over `config.rounds` rounds, paired by `pair`."""
    rng = random.Random(seed)
    ratings = sorted(
        (rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)), reverse=True
    )
    players = [
        PlayerRecord(start_rank=i + 1, name=f"Player{i + 1:04d}", rating=r, rounds=()) for i, r in enumerate(ratings)
    ]
    head: list = [
        TournamentRecord(code="012", text=f"Random Tournament {seed}"),
        TournamentRecord(code="092", text=system_code),
        RoundsRecord(rounds=config.rounds),
        InitialColourRecord(colour=Colour.WHITE if rng.random() < 0.5 else Colour.BLACK),
    ]
    for code, value, default in (
        ("BBW", config.win, Decimal(1)),
        ("BBD", config.draw, Decimal("0.5")),
        ("BBL", config.loss, Decimal(0)),
        ("BBZ", config.zero_point_bye, Decimal(0)),
        ("BBF", config.forfeit_loss, Decimal(0)),
    ):
        if value != default:
            head.append(BbpPointsRecord(code=code, value=value))
    if config.pairing_allocated_bye is not None:
        head.append(BbpPointsRecord(code="BBU", value=config.pairing_allocated_bye))
    retired: set[int] = set()
    for round_number in range(1, config.rounds + 1):
        requested: dict[int, RoundEntry] = {}
        for p in players:
            if p.start_rank in retired or (round_number > 1 and rng.random() < config.retired_rate):
                retired.add(p.start_rank)
                requested[p.start_rank] = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.ZERO_POINT_BYE)
            elif rng.random() < config.half_point_bye_rate:
                requested[p.start_rank] = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.HALF_POINT_BYE)
        players = [
            evolve(p, rounds=(*p.rounds, requested[p.start_rank])) if p.start_rank in requested else p for p in players
        ]
        document = TrfDocument(records=(*head, *players))
        outcome = pair(to_pairing_input(document, round_number))
        entries = played_entries(outcome, {p.start_rank: p.rating for p in players}, config, rng)
        players = [
            evolve(p, rounds=(*p.rounds[: round_number - 1], entries[p.start_rank])) if p.start_rank in entries else p
            for p in players
        ]
        players = [
            p
            if len(p.rounds) == round_number
            else evolve(
                p, rounds=(*p.rounds, RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.ZERO_POINT_BYE))
            )
            for p in players
        ]
    document = TrfDocument(records=(*head, *players))
    return _with_points_and_ranks(document)


def expected_score(rating: int, opponent_rating: int) -> float:
    """The Elo expectation of a player rated `rating` against one rated `opponent_rating`."""
    return 1 / (1 + 10 ** ((opponent_rating - rating) / 400))


def game_result(
    white_rating: int, black_rating: int, draw_rate: float, forfeit_rate: float, rng: random.Random
) -> tuple[Outcome, bool]:
    """White's outcome of a game and whether it was played: forfeited at `forfeit_rate` (either side
    wins), else drawn at `draw_rate`, else won by the Elo expectation."""
    if rng.random() < forfeit_rate:
        return (Outcome.WIN if rng.random() < 0.5 else Outcome.LOSS), False
    expected = expected_score(white_rating, black_rating)
    if rng.random() < draw_rate:
        return Outcome.DRAW, True
    return (Outcome.WIN if rng.random() < expected else Outcome.LOSS), True


_CODES = {
    (Outcome.WIN, True): (ResultCode.WIN, ResultCode.LOSS),
    (Outcome.DRAW, True): (ResultCode.DRAW, ResultCode.DRAW),
    (Outcome.LOSS, True): (ResultCode.LOSS, ResultCode.WIN),
    (Outcome.WIN, False): (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    (Outcome.LOSS, False): (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}


def played_entries(
    outcome: PairingOutcome, ratings: dict[int, int], config: GeneratorConfig, rng: random.Random
) -> dict[int, RoundEntry]:
    """The TRF round columns of a pairing played out by `game_result`."""
    entries: dict[int, RoundEntry] = {}
    for board in outcome.boards:
        white, black = board.first, board.second
        codes = _CODES[game_result(ratings[white], ratings[black], config.draw_rate, config.forfeit_rate, rng)]
        entries[white] = RoundEntry(opponent=black, colour=Colour.WHITE, result=codes[0])
        entries[black] = RoundEntry(opponent=white, colour=Colour.BLACK, result=codes[1])
    for bye in outcome.byes:
        entries[bye.player] = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.PAIRING_ALLOCATED_BYE)
    return entries


def _with_points_and_ranks(document: TrfDocument) -> TrfDocument:
    points = scoring(document)
    totals = {p.start_rank: Decimal(str(sum(points_for(e, points) for e in p.rounds))) for p in document.players}
    order = sorted(totals, key=lambda n: (-totals[n], n))
    rank = {n: i + 1 for i, n in enumerate(order)}
    records = tuple(
        evolve(r, points=totals[r.start_rank], rank=rank[r.start_rank]) if isinstance(r, PlayerRecord) else r
        for r in document.records
    )
    return evolve(document, records=records)


Pairer = Callable[[PairingInput], PairingOutcome]
# One round's records, by player number, for the players (their histories so far) in number order.
RoundPlayer = Callable[[int, list[Entrant], Scoring, random.Random], dict[int, RoundRecord]]


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
    """Both players' records of a game by `game_result` (30% draws, forfeited at `forfeits`)."""
    outcome, played = game_result(white.rating, black.rating, 0.3, forfeits, rng)
    opposite = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
    points = {Outcome.WIN: scoring.win, Outcome.DRAW: scoring.draw, Outcome.LOSS: scoring.loss}
    records = {}
    for player, opponent, side, result in (
        (white, black, Side.FIRST, outcome),
        (black, white, Side.SECOND, opposite[outcome]),
    ):
        if not played:
            points_won = scoring.forfeit_win if result is Outcome.WIN else scoring.forfeit_loss
        else:
            points_won = points[result]
        records[player.number] = RoundRecord(
            round=round_number, opponent=opponent.number, side=side, outcome=result, points=points_won, played=played
        )
    return records

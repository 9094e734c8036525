"""A random tournament generator (the RTG of the FIDE endorsement procedure, C.04.A A.5): a fully
played Swiss tournament, paired round by round by an engine, written as a TRF document.

Configuration keys are those of the generators tournament managers already use, one ``key=value``
per line (``#`` starts a comment): ``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage``,
``ForfeitRate``, ``RetiredRate``, ``HalfPointByeRate`` (rates are per player and round, in percent
or as fractions below 1), ``HighestRating``, ``LowestRating``, ``PointsForWin``, ``PointsForDraw``,
``PointsForLoss``, ``PointsForZPB``, ``PointsForForfeitLoss``, ``PointsForPAB``. The same
configuration and seed always give the same tournament.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

from attrs import evolve, frozen

from pairing.model import PairingInput, PairingOutcome
from pairing.random_histories import expected_score
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
        entries = _play(outcome, {p.start_rank: p.rating for p in players}, config, rng)
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


def _play(
    outcome: PairingOutcome, ratings: dict[int, int], config: GeneratorConfig, rng: random.Random
) -> dict[int, RoundEntry]:
    """Results for a pairing: Elo expectation, draws at the configured rate, some forfeits."""
    entries: dict[int, RoundEntry] = {}
    for board in outcome.boards:
        white, black = board.first, board.second
        if rng.random() < config.forfeit_rate:
            white_wins = rng.random() < 0.5
            codes = (
                (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                if white_wins
                else (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
            )
        else:
            expected = expected_score(ratings[white], ratings[black])
            roll = rng.random()
            if roll < config.draw_rate:
                codes = (ResultCode.DRAW, ResultCode.DRAW)
            elif rng.random() < expected:
                codes = (ResultCode.WIN, ResultCode.LOSS)
            else:
                codes = (ResultCode.LOSS, ResultCode.WIN)
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

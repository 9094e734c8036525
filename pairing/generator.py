"""Seeded random tournaments: the project's one generator, for `arbiter-pair -g`, the benchmarks and
the property tests. Pure: the same arguments always give the same tournament.

Results follow the FIDE rating table (B.02 8.1.2, `pairing.fide.common.rating`): a game's expected
score is the table's PD, with draws at the configured share wherever the expectation leaves room for
them, and a few games forfeited, so that histories hold unplayed rounds too (`game_result`, the one
results model). Two forms:

- `generate`: the random tournament generator (RTG; docs/fide-mode.md, "Checker and generator"): a
  fully played Swiss tournament, paired round by round by an engine, written as a TRF-2026 document.
  `GeneratorConfig` holds what it plays: players (their number, or their ratings), rounds, requested
  byes of each kind, forfeits and unusual results (each a number or a percentage, for every round or
  round by round), Baku acceleration and the tie-break list that ranks the final standings.
  `GeneratorConfig.from_text` reads it from ``key=value`` lines and `with_unset_drawn` draws what a
  configuration leaves out.
- `engine_paired` and `greedy_paired`: the `PairingInput` of the next round after some random
  rounds, paired either by an engine, a few players asking for a half-point bye each round, or
  greedily down the score order, for engines whose seeding rounds are paired by another, much
  slower one (a 1,000-player Dutch seeding round takes far longer than the Burstein round it
  prepares): rematches and clashes of absolute colour preferences are avoided, each player gets the
  side it prefers where it can, and a few players take a half-point or zero-point bye.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction

from attrs import evolve, frozen

from pairing.criteria.basic_rules import Strength, colour_preference, played_sides
from pairing.fide.common.rating import scoring_probability
from pairing.model import (
    ByeKind,
    Entrant,
    NoValidPairing,
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
from pairing.trf.standings import SWISS_TIEBREAKS, StandingsOf, ranks


@frozen
class Amount:
    """How many players (byes) or boards (forfeits, unusual results) a round gets: a number, or a
    percentage of those there are, rounded half up."""

    value: Decimal
    percent: bool = False

    def of(self, available: int) -> int:
        if self.percent:
            return min(available, int(available * self.value / 100 + Decimal("0.5")))
        return min(available, int(self.value))


Schedule = tuple[Amount, ...]
"""One amount for every round, or one per round (round r takes item r; rounds past the list none)."""


_AMOUNT = re.compile(r"([0-9]{1,4}(?:\.[0-9]{1,2})?)(%?)")


def schedule(text: str) -> Schedule:
    """``3``, ``5%`` or round by round ``0,2,10%``; ValueError naming a bad item."""
    amounts = []
    for item in (item.strip() for item in text.split(",")):
        match = _AMOUNT.fullmatch(item)
        if match is None:
            raise ValueError(f"{item[:20]!r} is not a whole number or a percentage like 5%")
        value, percent = Decimal(match.group(1)), match.group(2) == "%"
        if (percent and value > 100) or (not percent and value != int(value)):
            raise ValueError(f"{item!r} must be a whole number, or a percentage from 0% to 100%")
        amounts.append(Amount(value, percent))
    return tuple(amounts)


def in_round(amounts: Schedule | None, round_number: int, available: int) -> int:
    """How many of `available` the schedule gives round `round_number`."""
    if not amounts:
        return 0
    if len(amounts) == 1:
        return amounts[0].of(available)
    return amounts[round_number - 1].of(available) if round_number <= len(amounts) else 0


def _flag(text: str) -> bool:
    value = text.strip().lower()
    if value not in ("yes", "no", "true", "false", "1", "0"):
        raise ValueError(f"{text!r} is not yes or no")
    return value in ("yes", "true", "1")


def _ratings(text: str) -> tuple[int, ...]:
    ratings = tuple(int(item) for item in text.split(","))
    if any(not 0 <= r <= 9999 for r in ratings):
        raise ValueError("ratings are 0 (unrated) to 9999")
    return ratings


def _descriptors(text: str) -> tuple[str, ...]:
    items = tuple(item.strip() for item in text.split(",") if item.strip())
    if any(
        not (item.isascii() and item.replace("/", "").replace("-", "").replace("+", "").isalnum()) for item in items
    ):
        raise ValueError("tie-breaks are MTB26 descriptors separated by commas, like BH/C1,BH,SB")
    return items


def _rate(text: str) -> float:
    value = float(text)
    return value / 100 if value > 1 else value


KEYS: dict[str, tuple[str, Callable[[str], object]]] = {
    "PlayersNumber": ("players", int),
    "RoundsNumber": ("rounds", int),
    "Ratings": ("ratings", _ratings),
    "HighestRating": ("highest_rating", int),
    "LowestRating": ("lowest_rating", int),
    "FullPointByes": ("full_point_byes", schedule),
    "HalfPointByes": ("half_point_byes", schedule),
    "ZeroPointByes": ("zero_point_byes", schedule),
    "ForfeitWins": ("forfeit_wins", schedule),
    "DoubleForfeits": ("double_forfeits", schedule),
    "UnusualResults": ("unusual_results", schedule),
    "Baku": ("baku", _flag),
    "TieBreaks": ("tiebreaks", _descriptors),
    "DrawPercentage": ("draw_rate", _rate),
    "ForfeitRate": ("forfeit_rate", _rate),
    "RetiredRate": ("retired_rate", _rate),
    "HalfPointByeRate": ("half_point_bye_rate", _rate),
    "PointsForWin": ("win", Decimal),
    "PointsForDraw": ("draw", Decimal),
    "PointsForLoss": ("loss", Decimal),
    "PointsForZPB": ("zero_point_bye", Decimal),
    "PointsForForfeitLoss": ("forfeit_loss", Decimal),
    "PointsForPAB": ("pairing_allocated_bye", Decimal),
}
"""Configuration key (read in any case) -> field and reader: JaVaFo's RTG keys, and ours for what the
FIDE checklist asks besides (docs/fide-mode.md, "Checker and generator")."""
_BY_LOWER = {key.lower(): entry for key, entry in KEYS.items()}


@frozen(kw_only=True)
class GeneratorConfig:
    """What `generate` plays. A field left None is not played (`with_unset_drawn` draws it instead)."""

    players: int | None = 60
    rounds: int | None = 9
    ratings: tuple[int, ...] | None = None
    """The players' ratings in pairing-number order (then `players` is their number)."""
    draw_rate: float = 0.3
    forfeit_rate: float = 0.0
    """Per game: forfeited by one side."""
    retired_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    """Per player and round: a half-point bye asked for."""
    full_point_byes: Schedule | None = None
    half_point_byes: Schedule | None = None
    zero_point_byes: Schedule | None = None
    forfeit_wins: Schedule | None = None
    """Boards won by forfeit (``+``/``-``): a forfeit win always has its forfeit loss."""
    double_forfeits: Schedule | None = None
    """Boards lost by forfeit by both players (``-``/``-``)."""
    unusual_results: Schedule | None = None
    """Boards played with a result of ½-0, 0-½ or 0-0."""
    baku: bool | None = None
    tiebreaks: tuple[str, ...] | None = None
    """MTB26 descriptors for record ``202``; the final ranks follow them."""
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
        """Read ``key=value`` lines (``#`` starts a comment); what is not given is None, to be drawn.
        An unknown key or a bad value raises ValueError naming the line."""
        values: dict[str, object] = {"players": None, "rounds": None}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition("=")
            if not sep:
                key, _, value = line.partition(" ")
            entry = _BY_LOWER.get(key.strip().lower())
            if entry is None:
                raise ValueError(
                    f"line {number}: unknown configuration key {key.strip()!r}; known keys: {', '.join(KEYS)}"
                )
            try:
                values[entry[0]] = entry[1](value.strip())
            except (ValueError, ArithmeticError) as error:
                raise ValueError(f"line {number}: bad value {value.strip()!r} for {key.strip()}: {error}") from None
        return cls(**values).checked()  # type: ignore[arg-type]

    def checked(self) -> GeneratorConfig:
        """The configuration, or ValueError saying what cannot be played."""
        players = len(self.ratings) if self.ratings is not None else self.players
        if self.ratings is not None and self.players is not None and self.players != len(self.ratings):
            raise ValueError(f"PlayersNumber is {self.players} but {len(self.ratings)} ratings are given")
        if players is not None and not 2 <= players <= 9999:
            raise ValueError("PlayersNumber must be 2 to 9999")
        if self.rounds is not None and not 1 <= self.rounds <= 99:
            raise ValueError("RoundsNumber must be 1 to 99")
        if players is not None and self.rounds is not None and self.rounds >= players + 10:
            raise ValueError(f"{self.rounds} rounds cannot be paired for {players} players")
        if self.lowest_rating > self.highest_rating:
            raise ValueError("LowestRating is above HighestRating")
        return self

    def with_unset_drawn(
        self, seed: int, *, baku_available: bool = True, tiebreaks_available: bool = True
    ) -> GeneratorConfig:
        """Every None drawn from `seed` (the checklist's "unset parameters get sensible random values"):
        10-80 players, 5-11 rounds (fewer than players); each kind of bye, forfeit and unusual result in
        half the tournaments, in about half their rounds, 1 to 5 % of the field (at least one); Baku in a
        quarter (where the system has it); a tie-break list of one to four of `SWISS_TIEBREAKS` (where
        they can be computed). Given values stay as they are. The list is drawn from a stream of its own,
        so the tournament a seed names (players, pairings, results) does not depend on the set it is
        drawn from."""
        rng = random.Random(f"unset {seed}")
        drawn = random.Random(f"tie-breaks {seed}")
        players = len(self.ratings) if self.ratings is not None else self.players or rng.randint(10, 80)
        rounds = self.rounds or rng.randint(min(5, players - 1), min(11, players - 1))

        most = max(1, players // 20)

        def sometimes(given: Schedule | None) -> Schedule:
            """In half the tournaments, round by round none (half the rounds) or 1 to 5 % of the field."""
            if given is not None:
                return given
            if rng.random() < 0.5:
                return ()
            return tuple(Amount(Decimal(rng.choice((0, rng.randint(1, most))))) for _ in range(rounds))

        return evolve(
            self,
            players=players,
            rounds=rounds,
            full_point_byes=sometimes(self.full_point_byes),
            half_point_byes=sometimes(self.half_point_byes),
            zero_point_byes=sometimes(self.zero_point_byes),
            forfeit_wins=sometimes(self.forfeit_wins),
            double_forfeits=sometimes(self.double_forfeits),
            unusual_results=sometimes(self.unusual_results),
            baku=self.baku if self.baku is not None else baku_available and rng.random() < 0.25,
            tiebreaks=self.tiebreaks
            if self.tiebreaks is not None
            else tuple(drawn.sample(SWISS_TIEBREAKS, drawn.randint(1, 4)))
            if tiebreaks_available
            else (),
        ).checked()


class UnpairedRound(NoValidPairing):
    """`generate`'s engine found no valid pairing for a round (its message says why): `document` is the
    tournament up to that round, with the byes asked for in it and the points so far (ranked by points
    and starting rank), a TRF from which another engine can pair the round (benchmarks/peer_cross_check.py
    asks the peer)."""

    def __init__(self, reason: str, round_number: int, document: TrfDocument) -> None:
        super().__init__(reason)
        self.round = round_number
        self.document = document


SYSTEM_CODES = {"dutch": "FIDE_DUTCH", "dubov": "FIDE_DUBOV", "burstein": "FIDE_BURSTEIN"}
"""Record ``192`` (ETT26) for each FIDE Swiss system; ``_BAKU`` is added for Baku acceleration."""


def generate(
    config: GeneratorConfig,
    seed: int,
    pair: Callable[[PairingInput], PairingOutcome],
    system: str = "dutch",
    *,
    tiebreaks: StandingsOf | None = None,
    roster: Sequence[PlayerRecord] = (),
) -> TrfDocument:
    """A tournament of `config` paired round by round by `pair` (the engine of `system`), with the
    players of `roster` if given (their ratings and names; a model TRF's ``001`` lines). The final
    ranks follow `config.tiebreaks`, as `tiebreaks` ranks the standings."""
    if config.tiebreaks and tiebreaks is None:
        raise ValueError("a tie-break list needs the tie-break values (the arbiter-pair command computes them)")
    if config.rounds is None or (config.players is None and config.ratings is None and not roster):
        raise ValueError("the numbers of players and rounds are not set (GeneratorConfig.with_unset_drawn draws them)")
    rng = random.Random(seed)
    players = _players(config, rng, roster)
    rounds = config.rounds
    head: list = [
        TournamentRecord(code="012", text=f"Random Tournament {seed}"),
        TournamentRecord(code="092", text=f"{SYSTEM_CODES[system]} random tournament (arbiter-pair -g -s {seed})"),
        RoundsRecord(rounds=rounds),
        InitialColourRecord(colour=Colour.WHITE if rng.random() < 0.5 else Colour.BLACK),
        TournamentRecord(code="192", text=SYSTEM_CODES[system] + ("_BAKU" if config.baku else "")),
    ]
    if config.tiebreaks:
        head.append(TournamentRecord(code="202", text=",".join(config.tiebreaks)))
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
    for round_number in range(1, rounds + 1):
        requested = _requested_byes(config, round_number, players, retired, rng)
        players = [
            evolve(p, rounds=(*p.rounds, requested[p.start_rank])) if p.start_rank in requested else p for p in players
        ]
        document = TrfDocument(records=(*head, *players))
        try:
            outcome = pair(to_pairing_input(document, round_number))
        except NoValidPairing as error:
            raise UnpairedRound(str(error), round_number, _with_points_and_ranks(document, (), None)) from error
        entries = played_entries(outcome, {p.start_rank: p.rating for p in players}, config, rng, round_number)
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
    return _with_points_and_ranks(document, config.tiebreaks or (), tiebreaks)


def _players(config: GeneratorConfig, rng: random.Random, roster: Sequence[PlayerRecord]) -> list[PlayerRecord]:
    """Numbered in the order given (a roster, `config.ratings`), else by random ratings, highest first
    (the initial ranking list, C.04.2)."""
    if roster:
        return [evolve(p, start_rank=i, points=None, rank=None, rounds=()) for i, p in enumerate(roster, start=1)]
    if config.ratings is not None:
        ratings = list(config.ratings)
    else:
        count = config.players or 0
        ratings = sorted((rng.randint(config.lowest_rating, config.highest_rating) for _ in range(count)), reverse=True)
    return [
        PlayerRecord(start_rank=i + 1, name=f"Player{i + 1:04d}", rating=r, rounds=()) for i, r in enumerate(ratings)
    ]


_BYE_CODES = (
    ("full_point_byes", ResultCode.FULL_POINT_BYE),
    ("half_point_byes", ResultCode.HALF_POINT_BYE),
    ("zero_point_byes", ResultCode.ZERO_POINT_BYE),
)


def _requested_byes(
    config: GeneratorConfig, round_number: int, players: list[PlayerRecord], retired: set[int], rng: random.Random
) -> dict[int, RoundEntry]:
    """The round's byes asked for before it is paired (``0000 - F/H/Z``): retirements, the per-player
    half-point bye rate, then each kind's scheduled number among the players still to pair."""
    requested: dict[int, RoundEntry] = {}
    for p in players:
        if p.start_rank in retired or (round_number > 1 and rng.random() < config.retired_rate):
            retired.add(p.start_rank)
            requested[p.start_rank] = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.ZERO_POINT_BYE)
        elif rng.random() < config.half_point_bye_rate:
            requested[p.start_rank] = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.HALF_POINT_BYE)
    active = len(players) - len(retired)
    for field, code in _BYE_CODES:
        free = [p.start_rank for p in players if p.start_rank not in requested]
        for number in rng.sample(free, min(len(free), in_round(getattr(config, field), round_number, active))):
            requested[number] = RoundEntry(opponent=0, colour=Colour.NONE, result=code)
    return requested


def game_result(
    white_rating: int, black_rating: int, draw_rate: float, forfeit_rate: float, rng: random.Random
) -> tuple[Outcome, bool]:
    """White's outcome of a game and whether it was played: forfeited at `forfeit_rate` (either side
    wins), else drawn or decided so that White's expected score is the rating table's PD (B.02 8.1.2,
    `scoring_probability`), with draws at `draw_rate` where the expectation leaves room for them."""
    if rng.random() < forfeit_rate:
        return (Outcome.WIN if rng.random() < 0.5 else Outcome.LOSS), False
    expected = scoring_probability(white_rating - black_rating)
    draws = min(Fraction(draw_rate).limit_denominator(1000), 2 * min(expected, 1 - expected))
    roll = Fraction(rng.random())
    if roll < expected - draws / 2:
        return Outcome.WIN, True
    if roll < expected + draws / 2:
        return Outcome.DRAW, True
    return Outcome.LOSS, True


_CODES = {
    (Outcome.WIN, True): (ResultCode.WIN, ResultCode.LOSS),
    (Outcome.DRAW, True): (ResultCode.DRAW, ResultCode.DRAW),
    (Outcome.LOSS, True): (ResultCode.LOSS, ResultCode.WIN),
    (Outcome.WIN, False): (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    (Outcome.LOSS, False): (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}
_UNUSUAL = (
    (ResultCode.DRAW, ResultCode.LOSS),
    (ResultCode.LOSS, ResultCode.DRAW),
    (ResultCode.LOSS, ResultCode.LOSS),
)
"""½-0, 0-½ and 0-0: games played whose points do not add up to one game's."""


def played_entries(
    outcome: PairingOutcome,
    ratings: dict[int, int],
    config: GeneratorConfig,
    rng: random.Random,
    round_number: int = 1,
) -> dict[int, RoundEntry]:
    """The TRF round columns of a pairing played out: the round's scheduled forfeit wins, double
    forfeits and unusual results on boards drawn at random, `game_result` on the others."""
    boards = list(outcome.boards)
    special = rng.sample(range(len(boards)), len(boards))
    forfeits = in_round(config.forfeit_wins, round_number, len(boards))
    doubles = in_round(config.double_forfeits, round_number, len(boards) - forfeits)
    unusual = in_round(config.unusual_results, round_number, len(boards) - forfeits - doubles)
    kinds = {index: "forfeit" for index in special[:forfeits]}
    kinds |= {index: "double" for index in special[forfeits : forfeits + doubles]}
    kinds |= {index: "unusual" for index in special[forfeits + doubles : forfeits + doubles + unusual]}
    entries: dict[int, RoundEntry] = {}
    for index, board in enumerate(boards):
        white, black = board.first, board.second
        kind = kinds.get(index)
        if kind == "forfeit":
            codes = _CODES[rng.choice((Outcome.WIN, Outcome.LOSS)), False]
        elif kind == "double":
            codes = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
        elif kind == "unusual":
            codes = rng.choice(_UNUSUAL)
        else:
            codes = _CODES[game_result(ratings[white], ratings[black], config.draw_rate, config.forfeit_rate, rng)]
        entries[white] = RoundEntry(opponent=black, colour=Colour.WHITE, result=codes[0])
        entries[black] = RoundEntry(opponent=white, colour=Colour.BLACK, result=codes[1])
    for bye in outcome.byes:
        entries[bye.player] = RoundEntry(opponent=0, colour=Colour.NONE, result=ResultCode.PAIRING_ALLOCATED_BYE)
    return entries


def _with_points_and_ranks(
    document: TrfDocument, descriptors: Sequence[str], tiebreaks: StandingsOf | None
) -> TrfDocument:
    """Points (cols 81-84) from the results; ranks (cols 86-89) by points then the tie-break list, else
    by points then starting rank."""
    points = scoring(document)
    totals = {p.start_rank: Decimal(str(sum(points_for(e, points) for e in p.rounds))) for p in document.players}
    if descriptors and tiebreaks is not None:
        rank = ranks(document, descriptors, tiebreaks)
    else:
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

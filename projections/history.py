"""Per-player round histories and the engines' `PairingInput`, derived from `TournamentState`.

Colour (side) history counts played games only; byes, forfeits and unplayed rounds are recorded as
such (C.04.1: "a player who receives a bye or wins by forfeit has not played a game"). A player's
float in a round compares the scores before that round (C.04.3 A.4); a pairing-allocated bye
counts as a downfloat.

A round is first read as seats (`round_seats`): each player's opponent, and the record of the round without
its opponent, one shared by the players with the same result and floats (a round has a handful). The
standings read the players from the seats (`participants`, docs/performance.md "Standings from scratch,
session 10"); the records with their opponents, which the engines and the history tables read, are made
from the seats when first asked for (`histories`, `entrants`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import attrgetter
from typing import TypeVar

from attrs import define, evolve, field

from ledger.results import Result
from pairing.model import (
    ByeKind,
    Entrant,
    Float,
    Outcome,
    PairingInput,
    PlayerStatus,
    RoundRecord,
    Scoring,
    Side,
)
from projections.state import PlayerView, RoundView, StageView, TournamentState
from projections.tiebreaks import Participant

T = TypeVar("T")


def round_seats(
    state: TournamentState, round_view: RoundView, scores_before: dict[int, float], made: SeatsMade
) -> tuple[dict[int, int], dict[int, RoundRecord], dict[int, float]]:
    """(player number -> opponent, player number -> seat, every player's score after the round) of every
    player seated or given a bye in `round_view`; the scores are `scores_before` plus each seat's points,
    added as the seats are made (the scores before a board are read for its floats anyway).

    A seat is the player's `RoundRecord` of the round without its opponent (`opponent` None): the players of
    the round with the same result and floats share one (`made`), and a bye's seat is its record. A player on
    a board and given a bye too (a round robin's pairing listed a requested bye of a player its fixed table
    seated, until `ledger.application.pairing_payload` left such byes out) has the bye's points and the
    board's opponent, without the bye's kind: the record the history has always given them."""
    scoring = state.require_settings().scoring
    number = round_view.number
    spread = state.settings.bye_spread
    opponents: dict[int, int] = {}
    seats: dict[int, RoundRecord] = {}
    after = dict(scores_before)
    result_of, adjourned, score_of = round_view.results.get, round_view.adjourned, scores_before.get
    for index, board in enumerate(round_view.boards, start=1):
        result = result_of(index) or (ADJOURNED if index in adjourned else None)
        first, second = board.first, board.second
        of_result = made.get(id(result))
        if of_result is None:
            of_result = made[id(result)] = SeatsOfResult(result, result is None or result.played)
        before_first, before_second = score_of(first, 0.0), score_of(second, 0.0)
        floats = _floats(before_first, before_second, of_result.played)
        pair = of_result.seats.get(id(floats))
        if pair is None:
            pair = of_result.seats[id(floats)] = _seat_records(number, result, floats, scoring, spread)
        opponents[first], opponents[second] = second, first
        seats[first], seats[second] = seat_first, seat_second = pair
        after[first], after[second] = before_first + seat_first.points, before_second + seat_second.points
    for bye in round_view.byes:
        won = bye.points >= scoring.win
        seats[bye.player] = RoundRecord(
            round=number,
            opponent=None,
            side=None,
            outcome=Outcome.WIN if won else None,
            points=bye.points,
            played=False,
            bye=bye.kind if bye.player not in opponents else None,  # see `round_seats`
            float=Float.DOWN if bye.kind is ByeKind.PAIRING_ALLOCATED else Float.NONE,
            score_for=bye.spread if bye.spread is not None else spread if won and spread else None,
            score_against=0 if bye.spread is not None or (won and spread) else None,
        )
        after[bye.player] = score_of(bye.player, 0.0) + bye.points
    return opponents, seats, after


@define
class SeatsOfResult:
    """The seats `round_seats` made in a round for the boards with one result."""

    result: Result | None
    """The result (kept, so that its identity, the key of `SeatsMade`, stays its own)."""
    played: bool
    """A game played over the board, or one without a result yet."""
    seats: dict[int, tuple[RoundRecord, RoundRecord]] = field(factory=dict)
    """id(floats) -> the first's and the second's seats (`_floats` gives one of three pairs)."""


SeatsMade = dict[int, SeatsOfResult]
"""id(result) -> the seats made for it: the log's results are a few shared objects (`projections.state`)."""


@define
class SeatedRound:
    """One round as `round_seats` gave it, kept in `state.history_cache` while it and every round before it
    are unchanged; its records are made from the seats when first read (`_records`)."""

    versions: tuple[int, ...]
    """The versions of rounds 1..this one it was computed for (-1 for a round not paired)."""
    opponents: dict[int, int]
    seats: dict[int, RoundRecord]
    scores: dict[int, float]
    """Every player's score after the round."""
    absent: RoundRecord
    """The record of everyone neither seated nor given a bye (`unpaired`)."""
    made: SeatsMade
    earlier: SeatedRound | None = None
    """The previous computation of the round over the same earlier rounds, until its records are reused."""
    records: dict[int, RoundRecord] | None = None


def _records(seated: SeatedRound) -> dict[int, RoundRecord]:
    """Player number -> record of the round for every player seated or given a bye: the seat with its
    opponent. A player whose seat and opponent are those of `seated.earlier` keeps its record."""
    if seated.records is not None:
        return seated.records
    earlier = seated.earlier
    records: dict[int, RoundRecord] = {}
    opponent_of = seated.opponents.get
    for player, seat in seated.seats.items():
        opponent = opponent_of(player)
        kept = _kept(earlier, player, seat, opponent) if earlier is not None else None
        records[player] = kept or (seat if opponent is None else _seated(opponent, seat))
    seated.records, seated.earlier = records, None
    return records


def _kept(earlier: SeatedRound, player: int, seat: RoundRecord, opponent: int | None) -> RoundRecord | None:
    """The player's record of the earlier computation of the round when it is the same: the same seat (the
    seats of a result are made once, `SeatsMade`) and opponent, or the same bye."""
    record = earlier.records.get(player) if earlier.records is not None else None
    if record is None:
        return None
    if earlier.seats.get(player) is seat and earlier.opponents.get(player) == opponent:
        return record
    return record if opponent is None and record == seat else None


ADJOURNED = Result("1/2", Outcome.DRAW, Outcome.DRAW)
"""An adjourned game without its result: C.04.2 3.1, "adjourned games count as draws for pairing purposes
only" (docs/research/fide/02-C0402-general-handling-rules.md); Q167: no other provisional score."""


def _seat_records(
    number: int, result: Result | None, floats: tuple[Float, Float], scoring: Scoring, spread: int
) -> tuple[RoundRecord, RoundRecord]:
    """The first's and the second's seats (`round_seats`) on a board of round `number` with this result (a
    board without a result yet counts as played, for nothing) and these floats."""
    if result is None:
        points, played, scores, outcomes = (0.0, 0.0), True, (None, None), (None, None)
    else:
        points, played = result.points(scoring), result.played
        scores, outcomes = _scores(result, spread), (result.first, result.second)
    sides = (Side.FIRST, Side.SECOND) if played else (None, None)
    first, second = (
        RoundRecord(
            round=number,
            opponent=None,
            side=sides[i],
            outcome=outcomes[i],
            points=points[i],
            played=played,
            float=floats[i],
            score_for=scores[i],
            score_against=scores[1 - i],
        )
        for i in (0, 1)
    )
    return first, second


def _seated(opponent: int, seat: RoundRecord) -> RoundRecord:
    """The record of a seated player: the seat with its opponent, the fields named in the call (a long
    event makes hundreds of thousands, and `evolve` looks the fields up for each)."""
    return RoundRecord(
        round=seat.round,
        opponent=opponent,
        side=seat.side,
        outcome=seat.outcome,
        points=seat.points,
        played=seat.played,
        float=seat.float,
        score_for=seat.score_for,
        score_against=seat.score_against,
    )


def _scores(result: Result, spread: int) -> tuple[int | None, int | None]:
    """(first's, second's) game scores. A Scrabble forfeit counts as tsh's bye spread won or lost
    (+spread for the winner, -spread for the loser; a double forfeit moves no spread)."""
    if result.forfeit and spread:
        return (spread if result.first is Outcome.WIN else 0, spread if result.second is Outcome.WIN else 0)
    return result.score_first, result.score_second


def _floats(first: float, second: float, played: bool) -> tuple[Float, Float]:
    """(first's, second's) floats, from their scores before the round. C.04.3 A.4: an upfloat when the
    opponent had more points before the round, a downfloat when fewer (a played game only; the
    pairing-allocated bye counts as a downfloat). One of three constant pairs."""
    if played and second > first:
        return _UP_DOWN
    if played and second < first:
        return _DOWN_UP
    return _NONE_NONE


_UP_DOWN, _DOWN_UP, _NONE_NONE = (Float.UP, Float.DOWN), (Float.DOWN, Float.UP), (Float.NONE, Float.NONE)


def unpaired(round_number: int) -> RoundRecord:
    """A round in which the player was neither seated nor given a bye (absent, withdrawn, not yet entered)."""
    return RoundRecord(round=round_number, opponent=None, side=None, outcome=None, points=0.0, played=False)


def _seated_rounds(state: TournamentState, up_to: int) -> list[SeatedRound]:
    """Rounds 1..up_to as `round_seats` gives them (an unpaired round seats no one), each kept in
    `state.history_cache` while it and every round before it are unchanged."""
    rounds = []
    scores: dict[int, float] = {}
    versions: tuple[int, ...] = ()
    for number in range(1, up_to + 1):
        view = state.rounds.get(number)
        before = versions
        versions = (*versions, view.version if view is not None and view.paired else -1)
        cached = state.history_cache.get(number)
        if cached is None or cached.versions != versions:
            earlier = cached if cached is not None and cached.versions[:-1] == before else None
            if earlier is not None:
                earlier.earlier = None  # one computation back is reused, not a chain of them
            made: SeatsMade = earlier.made if earlier is not None else {}
            if view is not None and view.paired:
                opponents, seats, scores = round_seats(state, view, scores, made)
            else:
                opponents, seats, scores = {}, {}, dict(scores)
            cached = SeatedRound(versions, opponents, seats, scores, unpaired(number), made, earlier)
            state.history_cache[number] = cached
        scores = cached.scores
        rounds.append(cached)
    return rounds


def _rounds(
    state: TournamentState, up_to: int
) -> tuple[tuple[int, ...], list[tuple[dict[int, RoundRecord], RoundRecord]]]:
    """The rounds' versions, and per round 1..up_to: (records of the seated, the record of everyone else)."""
    seated = _seated_rounds(state, up_to)
    versions = seated[-1].versions if seated else ()
    return versions, [(_records(round_), round_.absent) for round_ in seated]


def participants(state: TournamentState, up_to: int, status_round: int) -> list[Participant]:
    """The players as the tie-breaks read them (`projections.tiebreaks.Participant`) after rounds 1..up_to,
    made from the rounds' seats: no record is made per player and round. Withdrawn as `entrants` says for
    `status_round`."""
    seated = _seated_rounds(state, up_to)
    numbers = sorted(state.players)
    opponents = _by_player([list(map(r.opponents.get, numbers)) for r in seated], len(numbers))
    seats = _by_player([list(map(r.seats.get, numbers, repeat(r.absent))) for r in seated], len(numbers))
    ranking = state.ranking()
    made = []
    for number, records, met in zip(numbers, seats, opponents, strict=True):
        player = state.players[number]
        made.append(
            Participant(
                number=number,
                pairing_number=ranking[number],
                name=player.name,
                rating=player.rating,
                score=score_of(records),
                withdrawn=player.is_withdrawn_for(status_round),
                opponents=met,
                records=records,
            )
        )
    return made


def _by_player(by_round: list[list[T]], players: int) -> Iterable[tuple[T, ...]]:
    """Each player's column of a table given round by round, one row per round in the players' order."""
    return zip(*by_round, strict=True) if by_round else repeat((), players)


def score_of(history: Sequence[RoundRecord]) -> float:
    """A player's score: the points of their records, in round order."""
    return sum(map(_POINTS, history))


_POINTS = attrgetter("points")


def histories(state: TournamentState, up_to: int) -> dict[int, tuple[RoundRecord, ...]]:
    """Every player's records for rounds 1..up_to (paired rounds only), floats filled in."""
    versions, rounds = _rounds(state, up_to)
    key = (versions, len(state.players))
    cached = state.history_cache.get(("histories", up_to))
    if cached is not None and cached[0] == key:
        return cached[1]
    if cached is not None and cached[0][1] == key[1]:
        table = _updated(cached[1], cached[2], rounds)
    else:
        by_round = _by_round(rounds)
        table = {number: _assembled(number, *by_round) for number in state.players}
    state.history_cache["histories", up_to] = (key, table, rounds)
    return table


def _by_round(
    rounds: list[tuple[dict[int, RoundRecord], RoundRecord]],
) -> tuple[list[dict[int, RoundRecord]], list[RoundRecord]]:
    """The rounds' records of the seated, and their records of everyone else, as two lists."""
    return [records for records, _ in rounds], [absent for _, absent in rounds]


def _assembled(number: int, seated: list[dict[int, RoundRecord]], absent: list[RoundRecord]) -> tuple[RoundRecord, ...]:
    """The player's record of each round: theirs among the seated, else the round's record of the absent."""
    return tuple(map(dict.get, seated, repeat(number), absent))


def _updated(
    table: dict[int, tuple[RoundRecord, ...]],
    before: list[tuple[dict[int, RoundRecord], RoundRecord]],
    rounds: list[tuple[dict[int, RoundRecord], RoundRecord]],
) -> dict[int, tuple[RoundRecord, ...]]:
    """The table with only the players whose records changed rebuilt (a changed round keeps the record
    objects of its unchanged boards, so the others keep their very tuples)."""
    if len(before) != len(rounds):
        by_round = _by_round(rounds)
        return {number: _assembled(number, *by_round) for number in table}
    changed: set[int] = set()
    for (old, _), (new, _) in zip(before, rounds, strict=True):
        if old is not new:
            changed.update(n for n in old.keys() | new.keys() if old.get(n) is not new.get(n))
    by_round = _by_round(rounds)
    return {
        number: _assembled(number, *by_round) if number in changed else history for number, history in table.items()
    }


def entrants(state: TournamentState, up_to: int, status_round: int) -> tuple[Entrant, ...]:
    """Players with their histories through round `up_to` and their status for `status_round`.

    An `Entrant` is rebuilt only when something it carries changed (kept in `state.history_cache`)."""
    table = histories(state, up_to)
    byes = state.requested_byes.get(status_round, {})
    ranking = state.ranking()
    made: dict[int, Entrant] = state.history_cache.get(("entrants", up_to, status_round), {})
    result = []
    withdrawn, absent, active = PlayerStatus.WITHDRAWN, PlayerStatus.ABSENT, PlayerStatus.ACTIVE
    for number, player in sorted(state.players.items()):
        history, bye = table[number], byes.get(number)
        status = withdrawn if player.is_withdrawn_for(status_round) else absent if number in byes else active
        entrant = made.get(number)
        if entrant is None or not _unchanged(entrant, ranking[number], history, player, status, bye):
            entrant = Entrant(
                number=number,
                pairing_number=ranking[number],
                name=player.name,
                rating=player.rating,
                score=score_of(history),
                status=status,
                history=history,
                requested_bye=bye,
                team=player.team,
                federation=player.federation,
                club=player.club,
            )
        result.append(entrant)
    state.history_cache["entrants", up_to, status_round] = {e.number: e for e in result}
    return tuple(result)


def _unchanged(
    entrant: Entrant,
    pairing_number: int,
    history: tuple[RoundRecord, ...],
    player: PlayerView,
    status: PlayerStatus,
    bye: ByeKind | None,
) -> bool:
    return (
        (
            entrant.history is history
            or (
                len(entrant.history) == len(history)
                and all(a is b for a, b in zip(entrant.history, history, strict=True))
            )
        )
        and entrant.pairing_number == pairing_number
        and entrant.status == status
        and entrant.requested_bye == bye
        and entrant.name == player.name
        and entrant.rating == player.rating
        and entrant.team == player.team
        and entrant.federation == player.federation
        and entrant.club == player.club
    )


def pairing_input(state: TournamentState, round_number: int) -> PairingInput:
    """What the engine of `round_number`'s stage reads to pair it (the engines' contract, `pairing/model.py`).

    In a later stage of a mixed tournament (IBF 1.8) the engine sees that stage alone: its qualifiers,
    its rounds renumbered from 1 and the scores made in it."""
    settings = state.require_settings()
    stage = state.stage_of(round_number)
    players = entrants(state, round_number - 1, round_number)
    if stage.qualifiers is not None:
        players = tuple(_in_stage(p, stage) for p in players if p.number in stage.qualifiers)
    return PairingInput(
        system=stage.system,
        round=round_number - stage.first_round + 1,
        total_rounds=stage.rounds,
        players=players,
        rules_edition=settings.rules_edition,
        scoring=settings.scoring,
        seed=settings.seed + round_number,
        forbidden_pairs=tuple(state.forbidden),
        options=tuple(sorted({"draw_seed": str(settings.seed + stage.number - 1), **stage.options}.items())),
    )


def _in_stage(player: Entrant, stage: StageView) -> Entrant:
    offset = stage.first_round - 1
    history = tuple(evolve(r, round=r.round - offset) for r in player.history if r.round > offset)
    return evolve(player, history=history, score=score_of(history))

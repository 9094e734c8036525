"""Per-player round histories and the engines' `PairingInput`, derived from `TournamentState`.

Colour (side) history counts played games only; byes, forfeits and unplayed rounds are recorded as
such (C.04.1: "a player who receives a bye or wins by forfeit has not played a game"). A player's
float in a round compares the scores before that round (C.04.3 A.4); a pairing-allocated bye
counts as a downfloat.
"""

from __future__ import annotations

from itertools import repeat

from attrs import evolve

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


def round_records(
    state: TournamentState,
    round_view: RoundView,
    scores_before: dict[int, float],
    earlier: tuple[object, dict[int, object], dict[int, RoundRecord]] | None = None,
) -> dict[int, RoundRecord]:
    """Player number -> record of `round_view` for every player seated or given a bye in it.

    `earlier` is (boards, results, records) of a previous computation of the same round over the
    same earlier rounds: a board whose result object is unchanged keeps its two records."""
    scoring = state.require_settings().scoring
    number = round_view.number
    records: dict[int, RoundRecord] = {}
    reuse = earlier is not None and earlier[0] is round_view.boards
    spread = state.settings.bye_spread
    seats: dict[tuple[int, int], tuple[Seat, Seat]] = {}
    """(id(result), id(floats)) -> the first's and the second's record fields but the opponent: the log's
    results are a few shared objects (`projections.state`), and `_floats` gives one of three pairs."""
    result_of, adjourned, score_of = round_view.results.get, round_view.adjourned, scores_before.get
    for index, board in enumerate(round_view.boards, start=1):
        result = result_of(index) or (ADJOURNED if index in adjourned else None)
        first, second = board.first, board.second
        if reuse and earlier is not None and earlier[1].get(index) is result and first in earlier[2]:
            records[first], records[second] = earlier[2][first], earlier[2][second]
            continue
        floats = _floats(score_of(first, 0.0), score_of(second, 0.0), result is None or result.played)
        seat = (id(result), id(floats))
        fields = seats.get(seat)
        if fields is None:
            fields = seats[seat] = _seat_fields(number, result, floats, scoring, spread)
        records[first], records[second] = _seated(second, fields[0]), _seated(first, fields[1])
    for bye in round_view.byes:
        won = bye.points >= scoring.win
        records[bye.player] = RoundRecord(
            round=number,
            opponent=None,
            side=None,
            outcome=Outcome.WIN if won else None,
            points=bye.points,
            played=False,
            bye=bye.kind,
            float=Float.DOWN if bye.kind is ByeKind.PAIRING_ALLOCATED else Float.NONE,
            score_for=bye.spread if bye.spread is not None else spread if won and spread else None,
            score_against=0 if bye.spread is not None or (won and spread) else None,
        )
    return records


ADJOURNED = Result("1/2", Outcome.DRAW, Outcome.DRAW)
"""An adjourned game without its result: C.04.2 3.1, "adjourned games count as draws for pairing purposes
only" (docs/research/fide/02-C0402-general-handling-rules.md); Q167: no other provisional score."""


Seat = tuple[int, Side | None, Outcome | None, float, bool, Float, int | None, int | None]
"""A seated player's `RoundRecord` fields but the opponent: round, side, outcome, points, played, float,
score for and score against."""


def _seat_fields(
    number: int, result: Result | None, floats: tuple[Float, Float], scoring: Scoring, spread: int
) -> tuple[Seat, Seat]:
    """The first's and the second's `RoundRecord` fields but the opponent, of a board of round `number` with
    this result (a board without a result yet counts as played, for nothing) and these floats."""
    if result is None:
        points, played, scores, outcomes = (0.0, 0.0), True, (None, None), (None, None)
    else:
        points, played = result.points(scoring), result.played
        scores, outcomes = _scores(result, spread), (result.first, result.second)
    sides = (Side.FIRST, Side.SECOND) if played else (None, None)
    first, second = (
        (number, sides[i], outcomes[i], points[i], played, floats[i], scores[i], scores[1 - i]) for i in (0, 1)
    )
    return first, second


def _seated(opponent: int, seat: Seat) -> RoundRecord:
    """The record of a seated player: its fields named in the call, not spread from a dictionary (a
    rebuild makes 197,000 of them, and a `**` call builds a dictionary for each)."""
    number, side, outcome, points, played, float_, score_for, score_against = seat
    return RoundRecord(
        round=number,
        opponent=opponent,
        side=side,
        outcome=outcome,
        points=points,
        played=played,
        float=float_,
        score_for=score_for,
        score_against=score_against,
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


def _rounds(
    state: TournamentState, up_to: int
) -> tuple[tuple[int, ...], list[tuple[dict[int, RoundRecord], RoundRecord]]]:
    """The rounds' versions, and per round 1..up_to: (records of the seated, the record of everyone
    else). A round's records are kept in `state.history_cache` while it and every round before it
    are unchanged."""
    rounds = []
    scores: dict[int, float] = {}
    versions: tuple[int, ...] = ()
    for number in range(1, up_to + 1):
        view = state.rounds.get(number)
        before = versions
        versions = (*versions, view.version if view is not None and view.paired else -1)
        cached = state.history_cache.get(number)
        if cached is not None and cached[0] == versions:
            records, scores = cached[1], cached[2]
        else:
            earlier = cached[3] if cached is not None and cached[0][:-1] == before else None
            records = round_records(state, view, scores, earlier) if view is not None and view.paired else {}
            scores = dict(scores)
            for player, record in records.items():
                scores[player] = scores.get(player, 0.0) + record.points
            basis = (view.boards, dict(view.results), records) if view is not None else None
            state.history_cache[number] = (versions, records, scores, basis)
        rounds.append((records, unpaired(number)))
    return versions, rounds


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
                score=sum(r.points for r in history),
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
    return evolve(player, history=history, score=sum(r.points for r in history))

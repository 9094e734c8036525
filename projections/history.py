"""Per-player round histories and the engines' `PairingInput`, derived from `TournamentState`.

Colour (side) history counts played games only; byes, forfeits and unplayed rounds are recorded as
such (C.04.1: "a player who receives a bye or wins by forfeit has not played a game"). A player's
float in a round compares the scores before that round (C.04.3 A.4); a pairing-allocated bye
counts as a downfloat.
"""

from __future__ import annotations

from attrs import evolve

from pairing.model import (
    Entrant,
    Float,
    Outcome,
    PairingInput,
    PlayerStatus,
    RoundRecord,
    Side,
)
from projections.state import RoundView, TournamentState


def round_records(state: TournamentState, round_view: RoundView) -> dict[int, RoundRecord]:
    """Player number -> record of `round_view` for every player seated or given a bye in it."""
    assert state.settings is not None
    scoring = state.settings.scoring
    records: dict[int, RoundRecord] = {}
    for number, board in enumerate(round_view.boards, start=1):
        result = round_view.results.get(number)
        sides = ((board.first, board.second, Side.FIRST), (board.second, board.first, Side.SECOND))
        for player, opponent, side in sides:
            if result is None:
                outcome, points, played, score_for, score_against = None, 0.0, True, None, None
            else:
                first_points, second_points = result.points(scoring)
                mine = side is Side.FIRST
                outcome = result.first if mine else result.second
                points = first_points if mine else second_points
                played = result.played
                score_for = result.score_first if mine else result.score_second
                score_against = result.score_second if mine else result.score_first
            records[player] = RoundRecord(
                round=round_view.number,
                opponent=opponent,
                side=side if played else None,
                outcome=outcome,
                points=points,
                played=played,
                score_for=score_for,
                score_against=score_against,
            )
    for bye in round_view.byes:
        records[bye.player] = RoundRecord(
            round=round_view.number,
            opponent=None,
            side=None,
            outcome=Outcome.WIN if bye.points >= scoring.win else None,
            points=bye.points,
            played=False,
            bye=bye.kind,
            float=Float.DOWN if bye.kind.value == "pairing-allocated" else Float.NONE,
        )
    return records


def unpaired(round_number: int) -> RoundRecord:
    """A round in which the player was neither seated nor given a bye (absent, withdrawn, not yet entered)."""
    return RoundRecord(round=round_number, opponent=None, side=None, outcome=None, points=0.0, played=False)


def histories(state: TournamentState, up_to: int) -> dict[int, tuple[RoundRecord, ...]]:
    """Every player's records for rounds 1..up_to (paired rounds only), floats filled in."""
    table: dict[int, list[RoundRecord]] = {number: [] for number in state.players}
    scores = dict.fromkeys(state.players, 0.0)
    for round_number in range(1, up_to + 1):
        view = state.rounds.get(round_number)
        records = round_records(state, view) if view is not None and view.paired else {}
        for number in state.players:
            record = records.get(number) or unpaired(round_number)
            table[number].append(_with_float(number, record, scores))
        for number in state.players:
            scores[number] += table[number][-1].points
    return {number: tuple(records) for number, records in table.items()}


def _with_float(number: int, record: RoundRecord, scores_before: dict[int, float]) -> RoundRecord:
    """C.04.3 A.4: an upfloat when the opponent had more points before the round, a downfloat when
    fewer (a played game only; the pairing-allocated bye already counts as a downfloat)."""
    if record.opponent is None or not record.played:
        return record
    mine, theirs = scores_before[number], scores_before.get(record.opponent, 0.0)
    direction = Float.UP if theirs > mine else Float.DOWN if theirs < mine else Float.NONE
    return evolve(record, float=direction)


def entrants(state: TournamentState, up_to: int, status_round: int) -> tuple[Entrant, ...]:
    """Players with their histories through round `up_to` and their status for `status_round`."""
    table = histories(state, up_to)
    byes = state.requested_byes.get(status_round, {})
    result = []
    for number, player in sorted(state.players.items()):
        history = table[number]
        if player.is_withdrawn_for(status_round):
            status = PlayerStatus.WITHDRAWN
        elif number in byes:
            status = PlayerStatus.ABSENT
        else:
            status = PlayerStatus.ACTIVE
        result.append(
            Entrant(
                number=number,
                pairing_number=number,
                name=player.name,
                rating=player.rating,
                score=sum(r.points for r in history),
                status=status,
                history=history,
                requested_bye=byes.get(number),
                team=player.team,
                federation=player.federation,
                club=player.club,
            )
        )
    return tuple(result)


def pairing_input(state: TournamentState, round_number: int) -> PairingInput:
    """What the tournament's engine reads to pair `round_number` (ARCHITECTURE.md, "Pairing engines")."""
    settings = state.settings
    assert settings is not None
    return PairingInput(
        system=settings.system,
        round=round_number,
        total_rounds=settings.rounds,
        players=entrants(state, round_number - 1, round_number),
        rules_edition=settings.rules_edition,
        scoring=settings.scoring,
        seed=settings.seed + round_number,
        forbidden_pairs=tuple(state.forbidden),
        options=tuple(sorted(settings.options.items())),
    )

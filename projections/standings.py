"""Standings: score under the tournament's scoring, then its ordered tie-breaks (C.07; IBF 4.10;
tsh: wins, then spread). Players equal on everything share the place.

`standings(state)` computes every tie-break; a `TiebreakMemo` kept between calls lets the read models
recompute only the players whose values a change can reach: the players whose own records changed,
their opponents (Buchholz-type values read opponents' scores), and everyone on the old and new
scores of those players (direct encounter ranks a score group). Anything wider (a pairing, a new
player, another round count or Koya threshold) recomputes everyone. A property test checks the memo
against a full computation (`tests/projections/test_views.py`, rebuild equals catch-up).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from attrs import define, evolve, field, frozen

from ledger.settings import ROUND_ROBINS
from pairing.ibf.swiss_elimination import places as elimination_places
from pairing.model import Entrant
from projections.history import entrants, pairing_input
from projections.state import TournamentState
from projections.tiebreaks import TiebreakContext, compute_tiebreaks


@frozen
class StandingRow:
    rank: int
    number: int
    name: str
    rating: int
    score: float
    tiebreaks: tuple[tuple[str, float], ...]
    games: int
    withdrawn: bool
    place: str = ""
    """A shared place as a range ("3-5") where the system decides places (IBF 4.10), else ""."""
    entrant: Entrant | None = field(default=None, eq=False, repr=False)
    """What the row was made from (to reuse it while nothing changed)."""
    values: tuple[float, ...] = field(default=(), eq=False, repr=False)


@define
class TiebreakMemo:
    """Tie-break values of the last computation and what they were computed under."""

    key: tuple[object, ...] = ()
    values: dict[int, tuple[float, ...]] = field(factory=dict)
    scores: dict[int, float] = field(factory=dict)
    rows: dict[int, StandingRow] = field(factory=dict)


def _affected(players: Sequence[Entrant], memo: TiebreakMemo, changed: Collection[int]) -> set[int]:
    by_number = {p.number: p for p in players}
    affected = set(changed)
    for number in changed:
        affected.update(by_number[number].opponents)
    touched_scores = {memo.scores.get(n) for n in changed} | {by_number[n].score for n in changed}
    affected.update(p.number for p in players if p.score in touched_scores)
    return affected


def standings(
    state: TournamentState, memo: TiebreakMemo | None = None, changed: Collection[int] | None = None
) -> list[StandingRow]:
    """The table after every paired round with its results so far (a missing result counts nothing yet).

    With `memo` and `changed` (players whose own round records changed since the memo), only the
    values those changes can reach are recomputed; the memo is updated in place."""
    settings = state.settings
    if settings is None:
        return []
    rounds = state.last_paired_round
    players = entrants(state, rounds, rounds + 1)
    context = TiebreakContext(
        game=settings.game.value, scoring=settings.scoring, rounds=rounds, round_robin=settings.system in ROUND_ROBINS
    )
    codes = settings.tiebreaks
    most_games = max((sum(1 for r in p.history if r.opponent is not None) for p in players), default=0)
    key = (codes, context, tuple(p.number for p in players), most_games)
    if memo is not None and changed is not None and memo.key == key:
        values = {**memo.values, **compute_tiebreaks(players, codes, context, _affected(players, memo, changed))}
    else:
        values = compute_tiebreaks(players, codes, context)
    if memo is not None:
        memo.key, memo.values, memo.scores = key, values, {p.number: p.score for p in players}
    if state.stage_of(rounds + 1).system == "swiss-elimination":
        return _placed(state, players, values, codes)
    return _ranked(players, values, codes, memo.rows if memo is not None else None)


def _placed(
    state: TournamentState, players: Sequence[Entrant], values: dict[int, tuple[float, ...]], codes: Sequence[str]
) -> list[StandingRow]:
    """IBF 4.10: "the later round in which the player was eliminated from the competition; the number of
    wins (a win against a virtual opponent does not count). In case of tied results, the players share
    the respective placements" (places from `pairing.ibf.swiss_elimination`)."""
    placed = {p.player: p for p in elimination_places(pairing_input(state, state.last_paired_round + 1))}
    rows = _ranked(players, values, codes)
    for index, row in enumerate(rows):
        place = placed.get(row.number)
        if place is not None:
            rows[index] = evolve(row, rank=place.first, place=place.text)
    return sorted(rows, key=lambda row: (row.rank, -row.score, row.number))


def _ranked(
    players: Sequence[Entrant],
    values: dict[int, tuple[float, ...]],
    codes: Sequence[str],
    made: dict[int, StandingRow] | None = None,
) -> list[StandingRow]:
    """Rows in standings order; a row is rebuilt only when its player, values or rank changed (`made`
    holds the last rows, and is updated)."""
    order = sorted(players, key=lambda p: (-p.score, *(-v for v in values[p.number]), p.number))
    made = {} if made is None else made
    rows: list[StandingRow] = []
    previous: tuple[float, tuple[float, ...]] | None = None
    for index, player in enumerate(order):
        key = (player.score, values[player.number])
        rank = rows[-1].rank if previous == key else index + 1
        previous = key
        row = made.get(player.number)
        if row is None or row.rank != rank or row.entrant is not player or row.values != values[player.number]:
            row = _row(player, rank, values[player.number], codes)
            made[player.number] = row
        rows.append(row)
    return rows


def _row(player: Entrant, rank: int, values: tuple[float, ...], codes: Sequence[str]) -> StandingRow:
    return StandingRow(
        rank=rank,
        number=player.number,
        name=player.name,
        rating=player.rating,
        score=player.score,
        tiebreaks=tuple(zip(codes, values, strict=True)),
        games=sum(1 for r in player.history if r.played and r.opponent is not None and r.outcome is not None),
        withdrawn=player.status.value == "withdrawn",
        entrant=player,
        values=values,
    )

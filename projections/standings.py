"""Standings: score under the tournament's scoring, then its ordered tie-breaks (C.07; IBF 4.10;
tsh: wins, then spread). Players equal on everything share the place."""

from __future__ import annotations

from attrs import frozen

from ledger.settings import ROUND_ROBINS
from projections.history import entrants
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


def standings(state: TournamentState) -> list[StandingRow]:
    """The table after every paired round with its results so far (a missing result counts nothing yet)."""
    settings = state.settings
    if settings is None:
        return []
    rounds = state.last_paired_round
    players = entrants(state, rounds, rounds + 1)
    context = TiebreakContext(
        game=settings.game.value,
        scoring=settings.scoring,
        rounds=rounds,
        round_robin=settings.system in ROUND_ROBINS,
    )
    values = compute_tiebreaks(players, settings.tiebreaks, context)
    order = sorted(players, key=lambda p: (-p.score, *(-v for v in values[p.number]), p.number))
    rows: list[StandingRow] = []
    for index, player in enumerate(order):
        key = (player.score, values[player.number])
        tied_with_previous = rows and (rows[-1].score, tuple(v for _, v in rows[-1].tiebreaks)) == key
        rows.append(
            StandingRow(
                rank=rows[-1].rank if tied_with_previous else index + 1,
                number=player.number,
                name=player.name,
                rating=player.rating,
                score=player.score,
                tiebreaks=tuple(zip(settings.tiebreaks, values[player.number], strict=True)),
                games=sum(1 for r in player.history if r.played and r.opponent is not None),
                withdrawn=player.status.value == "withdrawn",
            )
        )
    return rows

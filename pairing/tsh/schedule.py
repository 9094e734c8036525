"""Fixed schedules shared by tsh's round-robin commands (`rr`, `lrr`, `trr`, `InitFontes`).

A fixed schedule is worked out from data that does not change while it is played (the standings
before its first round, the roster and the draw), so every round of it can be recomputed from the
same input. Players keep their seats whatever their status once the schedule has begun, as in the
project's round-robin engine: the director records forfeits.

Round-robin tables are the Berger tables of `pairing/round_robin.py` (IBF Appendix 1 / FIDE C.05
Annex 1), reused rather than rewritten.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.model import PlayerStatus
from pairing.round_robin import berger_table
from pairing.tsh.field import Draft, Field
from pairing.tsh.standings import standings_as_of

Pairs = tuple[tuple[int, int], ...]


def scheduled_players(field: Field, first_round: int) -> list[int]:
    """Players in the schedule that begins at `first_round`, ranked by the standings before it:
    everyone except those withdrawn or eliminated who have had no opponent since it began."""
    gone = (PlayerStatus.WITHDRAWN, PlayerStatus.ELIMINATED)
    ranked = standings_as_of(field.request.players, first_round - 1, field.draw_seed)
    players = []
    for standing in ranked:
        entrant = field.entrant[standing.number]
        played_since = any(r.round >= first_round and r.opponent is not None for r in entrant.history)
        if entrant.status not in gone or played_since:
            players.append(standing.number)
    return players


def round_robin_rows(size: int) -> tuple[Pairs, ...]:
    """The Berger table for `size` seats (odd: the top seat number is empty)."""
    return berger_table(size)


def seat(
    draft: Draft,
    seats: Sequence[int | None],
    pairs: Pairs,
    article: str,
    text: str,
) -> None:
    """Seat the table row `pairs` (1-based seat numbers; a seat past the end or None is empty)."""
    for a, b in pairs:
        first = seats[a - 1] if a <= len(seats) else None
        second = seats[b - 1] if b <= len(seats) else None
        if first is not None and second is not None:
            draft.board(first, second, article, f"{text}: seats {a} and {b}")
        elif first is not None:
            draft.bye(first, article, f"bye to {first}: {text}, the seat opposite ({b}) is empty")
        elif second is not None:
            draft.bye(second, article, f"bye to {second}: {text}, the seat opposite ({a}) is empty")

"""The pairing-integrity-breaching events of the log (docs/fide-mode.md, "Q112-115 Pairing-integrity-breaching
events"): each breach with when, by whom, its kind, round and what it changed, and the position of its undo
(Q114) once it is undone. The log keeps both; `TournamentState.cautions` keeps only the breaches in force
(those the TRF writes as `###` lines)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from attrs import evolve, frozen

from ledger.domain import Tournament
from ledger.fide_mode import Breach, Caution


@frozen
class LoggedBreach:
    """One breach as the log records it: its `CautionConfirmed` at `position`."""

    position: int
    time: datetime
    actor: str
    kind: Breach
    caution: Caution
    """The warning it was recorded with: its round, what it changed, and for an undo the breach it takes back."""
    undone_at: int = 0
    """The log position of its undo (`Ledger.undo_breach`), 0 while it is not undone."""


def logged_breaches(events: Iterable[tuple[int, Any]], known: Sequence[LoggedBreach] = ()) -> list[LoggedBreach]:
    """Q112: every breach in `events` ((position, event) in log order), oldest first, each marked with its undo
    (Q114). `known`: the breaches of the events before `events` (a reader that reads on from where it
    stopped), marked too when an undo in `events` takes one of them back."""
    found = {breach.position: breach for breach in known}
    for position, event in events:
        if not isinstance(event, Tournament.CautionConfirmed) or not event.caution["breach"]:
            continue
        caution = Caution.from_event(event.caution)
        undone = found.get(caution.undoes)
        if undone is not None:
            found[undone.position] = evolve(undone, undone_at=position)
        found[position] = LoggedBreach(position, event.timestamp, event.actor, Breach(event.caution["breach"]), caution)
    return list(found.values())

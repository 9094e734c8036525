"""What every desk screen shares: the ledger, its read models, and the async reads.

The desk's screens own one `DeskSession`: commands and catch-up run in thread workers under one lock
(the read models' SQLite connection is shared between threads), reads go through `AsyncViews`
(`projections.async_views.AsyncViews`: aiosqlite on a read-only connection, so a reader never blocks the
writer); the desk runs no SQL of its own.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from attrs import frozen

from ledger.application import Ledger
from ledger.errors import NoTournament
from ledger.fide_mode import Caution
from ledger.rating_store import store_location
from ledger.redaction import redacted
from ledger.settings import TournamentSettings
from projections.async_views import AsyncViews
from projections.breaches import LoggedBreach, logged_breaches
from projections.state import TournamentState, fold
from projections.views import ReadModels
from tui.desk.widgets.nav import Place

T = TypeVar("T")


@frozen
class TournamentInfo:
    name: str
    settings: TournamentSettings

    @property
    def sides(self) -> tuple[str, str]:
        return {
            "chess": ("White", "Black"),
            "backgammon": ("Top (light)", "Bottom"),
            "scrabble": ("First", "Second"),
        }[self.settings.game.value]


class DeskSession:
    """One desk's ledger and read models; every ledger call goes through `execute` (in a thread)."""

    def __init__(self, ledger: Ledger, views: ReadModels, rating_store: str | None = None) -> None:
        self.ledger = ledger
        self.views = views
        self.rating_store = store_location(rating_store)
        """The rating-list store the Rating lists screen reads (`arbiter tui --store`, else as the CLI finds it)."""
        self.lock = threading.RLock()
        state = views.state()
        if state.settings is None:
            raise NoTournament(
                f"{redacted(ledger.location)} holds no tournament: create one with "
                f"`arbiter new NAME --ledger {redacted(ledger.location)} ...`"
            )
        self.info = TournamentInfo(state.name, state.settings)
        self._reader: AsyncViews | None = None
        self._opening = asyncio.Lock()

    @property
    def location(self) -> str:
        return self.ledger.location

    # --- in worker threads ---------------------------------------------------------------------------

    def run(
        self, call: Callable[[Ledger], T], confirmed: frozenset[Caution] = frozenset()
    ) -> tuple[T, tuple[Caution, ...]]:
        """Run a ledger command as one transaction, expecting the log as this desk's tables show it
        (refused if another desk changed the same board, round or player since); `catch_up` then
        shows its events. `confirmed`: the warnings the arbiter confirmed (`Ledger.command`). Returns
        the command's outcome and the warnings it gave and went on after (`Ledger.notices`)."""
        with self.lock:
            try:
                with self.ledger.command(expect_position=self.views.position, confirmed=confirmed):
                    outcome = call(self.ledger)
            except BaseException:
                self.views.catch_up()  # a refusal may come from another desk's write: show it
                raise
            return outcome, tuple(self.ledger.notices)

    def read_ledger(self, read: Callable[[Ledger], T]) -> T:
        """`read` applied to the ledger (a read of its aggregates, appending nothing), under the lock."""
        with self.lock:
            return read(self.ledger)

    def catch_up(self) -> int:
        """Bring the read models up to date with the ledger; the position they are at."""
        with self.lock:
            return self.views.catch_up()

    def sync(self) -> int | None:
        """Catch up with other desks' commands (cheap when nothing moved): the position now shown, or None
        when a command of this desk holds the ledger (the next poll will look again)."""
        if not self.lock.acquire(blocking=False):
            return None
        try:
            if self.ledger.position() > self.views.position:
                return self.views.catch_up()
            return self.views.position
        finally:
            self.lock.release()

    def past(self, position: int) -> TournamentState:
        """The tournament as it was at log `position` (a fresh fold: nobody else holds it)."""
        with self.lock:
            return fold(self.ledger.replay(stop=position))

    def breaches(self, known: Sequence[LoggedBreach], read_to: int) -> tuple[list[LoggedBreach], int, frozenset[int]]:
        """The log's pairing-integrity-breaching events (Q112) up to the position the read models show: those
        `known` up to position `read_to`, and those after it read from the ledger. Returns them, the position
        read to, and the positions of those in force (the TRF's `###` lines), all at that one position."""
        with self.lock:
            shown = self.views.position
            found = logged_breaches(self.ledger.log_events(start=read_to + 1, stop=shown), known)
            return found, shown, frozenset(position for position, _ in self.views.state().cautions)

    def fide_mode_notice(self) -> str:
        """Q46: "NOT IN FIDE MODE (...)" for a tournament that is not in FIDE mode (`TournamentState`)."""
        return self.read_state(lambda state: state.fide_mode_notice)

    def read_state(self, read: Callable[[TournamentState], T]) -> T:
        """`read` applied to the current fold, under the lock (the fold is shared and mutable)."""
        with self.lock:
            return read(self.views.state())

    # --- on the event loop -----------------------------------------------------------------------

    async def reader(self) -> AsyncViews:
        async with self._opening:
            if self._reader is None:
                reader = AsyncViews(self.views.path)
                await reader.__aenter__()
                self._reader = reader
            return self._reader

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
            self._reader = None

    def close_ledger(self) -> None:
        with self.lock:
            self.views.close()
            self.ledger.close()


class SessionApp(Protocol):
    """What the screens need from the app."""

    session: DeskSession
    shown_position: int
    PLACES: tuple[Place, ...]
    """The screens' places in the order of the screen bar."""

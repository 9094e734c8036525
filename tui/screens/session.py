"""What every desk screen shares: the ledger, its read models, and the async reads.

The desk's screens own one `DeskSession`: commands and catch-up run in thread workers under one lock
(the read models' SQLite connection is shared between threads), reads go through `DeskViews`
(aiosqlite on a read-only connection, so a reader never blocks the writer).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from attrs import frozen

from ledger.application import Ledger
from ledger.errors import NoTournament
from ledger.redaction import redacted
from ledger.settings import TournamentSettings
from projections.async_views import AsyncViews, LogRow
from projections.state import TournamentState, fold
from projections.views import ReadModels, table

T = TypeVar("T")


@frozen
class RoundInfo:
    """One row of the rounds table, for navigation and the explain screen."""

    round: int
    revision: int
    paired: bool
    engine: str
    engine_version: str
    input_position: int
    explanation: tuple[tuple[str, str, bool], ...]
    missing: int
    sealed: bool


class DeskViews(AsyncViews):
    """`AsyncViews` plus the few queries the desk needs that the projections do not offer yet."""

    async def log(  # type: ignore[override]
        self,
        player: int | None = None,
        round_number: int | None = None,
        limit: int = 500,
        kind: str = "",
    ) -> list[LogRow]:
        """The newest `limit` audit lines, oldest first, filtered by player, round and kind (a substring
        of the event kind or of its summary, any case)."""
        where: list[str] = []
        parameters: list[Any] = []
        if player is not None:
            where.append("EXISTS (SELECT 1 FROM json_each(players) WHERE value = ?)")
            parameters.append(player)
        if round_number is not None:
            where.append("round = ?")
            parameters.append(round_number)
        if kind.strip():
            where.append("(kind LIKE ? OR summary LIKE ?)")
            parameters += [f"%{kind.strip()}%"] * 2
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = await self._all(
            f"SELECT * FROM (SELECT * FROM {table('audit')} {clause} ORDER BY position DESC LIMIT ?) ORDER BY position",
            (*parameters, limit),
        )
        return [LogRow(r[0], r[1], r[2], r[3], r[4], r[5], tuple(json.loads(r[6])), r[7], r[8]) for r in rows]

    async def standings_raw(self) -> list[tuple[Any, ...]]:
        """The standings rows as stored (rank, number, name, rating, score, tie-breaks JSON, games,
        withdrawn): one pass less than `standings()` for the desk's 1,000-row table."""
        return await self._all(
            f"SELECT rank, number, name, rating, score, tiebreaks, games, withdrawn "
            f"FROM {table('standings')} ORDER BY rank, number"
        )

    async def rounds(self) -> list[RoundInfo]:
        rows = await self._all(
            "SELECT round, revision, paired, engine, engine_version, input_position, explanation, missing, "
            f"sealed_at FROM {table('rounds')} ORDER BY round"
        )
        return [
            RoundInfo(
                round=r[0],
                revision=r[1],
                paired=bool(r[2]),
                engine=r[3] or "",
                engine_version=r[4] or "",
                input_position=r[5] or 0,
                explanation=tuple((str(a), str(t), bool(s)) for a, t, s in json.loads(r[6] or "[]")),
                missing=r[7] or 0,
                sealed=r[8] is not None,
            )
            for r in rows
        ]

    async def later_boards(self, round_number: int, players: tuple[int, ...]) -> list[tuple[int, int, int]]:
        """(round, board, player) for every board after `round_number` that seats one of `players`."""
        marks = ", ".join("?" * len(players))
        return await self._all(
            f"SELECT round, board, CASE WHEN first IN ({marks}) THEN first ELSE second END FROM {table('boards')} "
            f"WHERE round > ? AND (first IN ({marks}) OR second IN ({marks})) ORDER BY round, board",
            (*players, round_number, *players, *players),
        )


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

    def __init__(self, ledger: Ledger, views: ReadModels) -> None:
        self.ledger = ledger
        self.views = views
        self.lock = threading.RLock()
        state = views.state()
        if state.settings is None:
            raise NoTournament(
                f"{redacted(ledger.location)} holds no tournament: create one with "
                f"`arbiter new NAME --ledger {redacted(ledger.location)} ...`"
            )
        self.info = TournamentInfo(state.name, state.settings)
        self._reader: DeskViews | None = None
        self._opening = asyncio.Lock()

    @property
    def location(self) -> str:
        return self.ledger.location

    # --- in worker threads ---------------------------------------------------------------------------

    def run(self, call: Callable[[Ledger], T]) -> T:
        """Run a ledger command (its events are saved when it returns); `catch_up` then shows them."""
        with self.lock:
            try:
                return call(self.ledger)
            except BaseException:
                self.views.catch_up()  # a refusal may come from another desk's write: show it
                raise

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
            return fold(self.ledger.log_events(stop=position))

    def read_state(self, read: Callable[[TournamentState], T]) -> T:
        """`read` applied to the current fold, under the lock (the fold is shared and mutable)."""
        with self.lock:
            return read(self.views.state())

    # --- on the event loop -----------------------------------------------------------------------

    async def reader(self) -> DeskViews:
        async with self._opening:
            if self._reader is None:
                reader = DeskViews(self.views.path)
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

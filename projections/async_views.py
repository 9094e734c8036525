"""Asynchronous reads of the read-model tables with aiosqlite, for the Textual desk.

A read-only connection on a WAL database: a reader never blocks the writer, and the writer never
blocks a reader (docs/design.md, "Read models"; measured in docs/research/eventsourcing-textual-notes.md, section 3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiosqlite
from attrs import frozen

from projections.stored import StoredLogLine, table


@frozen
class BoardRow:
    round: int
    board: int
    first: int
    first_name: str
    second: int
    second_name: str
    result: str | None


@frozen
class StandingsRow:
    rank: int
    number: int
    name: str
    rating: int
    score: float
    tiebreaks: dict[str, float]
    games: int
    withdrawn: bool


LogRow = StoredLogLine
"""A row of the audit table, as the CLI's `arbiter log` reads it too."""


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


class AsyncViews:
    """`async with AsyncViews(path) as views: await views.standings()`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None

    async def __aenter__(self) -> AsyncViews:
        self._db = await aiosqlite.connect(f"file:{self.path}?mode=ro", uri=True)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _all(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if self._db is None:
            raise RuntimeError("the views are not open: use `async with AsyncViews(path)`")
        async with self._db.execute(sql, parameters) as cursor:
            return list(await cursor.fetchall())

    async def position(self) -> int:
        rows = await self._all(f"SELECT value FROM {table('meta')} WHERE key = 'position'")
        return int(rows[0][0]) if rows else 0

    async def standings(self) -> list[StandingsRow]:
        rows = await self._all(
            f"SELECT rank, number, name, rating, score, tiebreaks, games, withdrawn "
            f"FROM {table('standings')} ORDER BY rank, number"
        )
        return [StandingsRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], bool(r[7])) for r in rows]

    async def last_round(self) -> int:
        rows = await self._all(f"SELECT MAX(round) FROM {table('rounds')} WHERE paired = 1")
        return rows[0][0] or 0

    async def boards(self, round_number: int) -> list[BoardRow]:
        players = table("players")
        rows = await self._all(
            f"SELECT b.round, b.board, b.first, f.name, b.second, s.name, b.result FROM {table('boards')} b "
            f"JOIN {players} f ON f.number = b.first JOIN {players} s ON s.number = b.second "
            "WHERE b.round = ? ORDER BY b.board",
            (round_number,),
        )
        return [BoardRow(*row) for row in rows]

    async def byes(self, round_number: int) -> list[tuple[int, str, str, float]]:
        """(player, name, kind, points) of the round's byes."""
        return await self._all(
            f"SELECT y.player, p.name, y.kind, y.points FROM {table('byes')} y "
            f"JOIN {table('players')} p ON p.number = y.player WHERE y.round = ? ORDER BY y.player",
            (round_number,),
        )

    async def players(self) -> list[tuple[Any, ...]]:
        """(number, name, rating, federation, club, status) in number order."""
        return await self._all(
            f"SELECT number, name, rating, federation, club, status FROM {table('players')} ORDER BY number"
        )

    async def log(
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
        withdrawn, place), in the order `arbiter standings` prints them: one pass less than `standings()` for
        the desk's 1,000-row table."""
        return await self._all(
            f"SELECT rank, number, name, rating, score, tiebreaks, games, withdrawn, place "
            f"FROM {table('standings')} ORDER BY rank, score DESC, number"
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

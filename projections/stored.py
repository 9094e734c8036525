"""The read-model tables as they are stored, for the reading commands (docs/design.md, "Read models";
docs/performance.md, "Start-up").

`projections.views.ReadModels` keeps the tables current; this module only reads them, and only when
they are current: their position and chain link (`meta`) are those of the last event of the ledger's
log. Then `arbiter standings`, `pairings` and `log` print the stored rows without loading the event
classes, the store or the fold; when the tables lag, are missing or belong to another log,
`StoredViews.current` says None and the command opens the ledger, which brings them up to date. Here
are also the tables' names and where they live, which both sides share.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from ledger.log_head import log_head, read_only

SCHEMA_VERSION = 5
"""Version of the tables' layout, in their names (4: `meta` holds the tournament's `heading`; 5: the history
is the view of the compact `records`)."""


def table(name: str, suffix: str = "") -> str:
    return f"{name}_v{SCHEMA_VERSION}{suffix}"


def views_path(location: str) -> Path:
    """Where the read models of the ledger at `location` live."""
    if location.startswith(("postgresql://", "postgres://")):
        cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "arbiter-ledger"
        import hashlib  # here: a SQLite ledger's reading commands need not load it

        cache.mkdir(parents=True, exist_ok=True)
        return cache / (hashlib.sha256(location.encode()).hexdigest()[:20] + ".views")
    return Path(location + ".views")


class Heading(NamedTuple):
    """What a printed table names besides its rows: the tournament, its game, its tie-break codes and
    whether it is in FIDE mode."""

    name: str
    game: str
    tiebreaks: tuple[str, ...]
    in_fide_mode: bool
    fide_mode_notice: str
    """Q46: the notice every view begins with when the tournament could be in FIDE mode and is not."""
    needs_fold: bool
    """The fold decides what is printed: every round is paired (the final standings, which Q161 may
    refuse) or a board is adjourned (shown "adj."); the reading commands then open the ledger."""


class StoredStanding(NamedTuple):
    """A row of the standings table, with the fields of `projections.standings.StandingRow` (a named tuple
    here: a reading command loads neither attrs nor the standings and their engines)."""

    rank: int
    number: int
    name: str
    rating: int
    score: float
    tiebreaks: tuple[tuple[str, float], ...]
    games: int
    withdrawn: bool
    place: str


def shown_place(rank: int, place: str) -> str:
    """The place as every standings view shows it (the CLI, the desk, the reports, the public site): the
    row's `place` when the standings give one (`projections.standings`: a shared place as a range, "2-4",
    docs/fide-mode.md Q203; a rank the arbiter's order of tied players decided, "2*", Q205), else the rank."""
    return place or str(rank)


class StoredRound(NamedTuple):
    """A paired round as stored: its boards (board, first, first's name, result code or None, second,
    second's name) and byes (player, name, kind, points)."""

    number: int
    revision: int
    boards: list[tuple[int, int, str, str | None, int, str]]
    byes: list[tuple[int, str, str, float]]


class StoredLogLine(NamedTuple):
    """A row of the audit table: the fields of `projections.audit.AuditLine`, the time in ISO format."""

    position: int
    time: str
    actor: str
    kind: str
    summary: str
    round: int | None
    players: tuple[int, ...]
    reason: str
    reference: str


class StoredViews:
    """The stored tables of one ledger, read in one snapshot, current with its log."""

    @classmethod
    @contextmanager
    def current(cls, location: str) -> Iterator[StoredViews | None]:
        """The tables of the SQLite ledger at `location` when they are current with its log and hold a
        tournament; else None (the caller then opens the ledger, which catches them up)."""
        path = views_path(location) if not location.startswith(("postgresql://", "postgres://")) else None
        try:
            head = log_head(location)
            db = read_only(path) if head is not None and path is not None and path.is_file() else None
        except sqlite3.Error:
            db = None
        if db is None:
            yield None
            return
        try:
            db.execute("BEGIN")  # the meta and the rows read below are of one moment
            views = cls(db)
            current = views._meta("position") == head[0] and views._meta("link") == head[1]  # type: ignore[index]
            heading = views.heading() if current else None
            yield views if heading is not None and not heading.needs_fold else None
        except sqlite3.Error:
            yield None
        finally:
            db.close()

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def _meta(self, key: str) -> Any:
        row = self.db.execute(f"SELECT value FROM {table('meta')} WHERE key = ?", (key,)).fetchone()
        return row[0] if row is not None else None

    @property
    def position(self) -> int:
        return int(self._meta("position"))

    def heading(self) -> Heading | None:
        """The tournament's name, game and tie-breaks; None for a ledger without a tournament."""
        text = self._meta("heading")
        document = json.loads(text) if text is not None else None
        if not document or "needs_fold" not in document:  # none, or written by an earlier version
            return None
        return Heading(
            document["name"],
            document["game"],
            tuple(document["tiebreaks"]),
            document["in_fide_mode"],
            document["fide_mode_notice"],
            document["needs_fold"],
        )

    def last_paired_round(self) -> int:
        (number,) = self.db.execute(f"SELECT MAX(round) FROM {table('rounds')} WHERE paired = 1").fetchone()
        return number or 0

    def standings(self) -> list[StoredStanding]:
        """The standings rows in their order: rank, then (shared places) score and number."""
        rows = self.db.execute(
            f"SELECT rank, number, name, rating, score, tiebreaks, games, withdrawn, place "
            f"FROM {table('standings')} ORDER BY rank, score DESC, number"
        )
        return [
            StoredStanding(r[0], r[1], r[2], r[3], r[4], tuple(json.loads(r[5]).items()), r[6], bool(r[7]), r[8])
            for r in rows
        ]

    def paired_round(self, number: int) -> StoredRound | None:
        """The round's published pairing; None when the round is not paired."""
        found = self.db.execute(f"SELECT revision FROM {table('rounds')} WHERE round = ? AND paired = 1", (number,))
        row = found.fetchone()
        if row is None:
            return None
        players = table("players")
        boards = self.db.execute(
            f"SELECT b.board, b.first, COALESCE(f.name, '?'), b.result, b.second, COALESCE(s.name, '?') "
            f"FROM {table('boards')} b LEFT JOIN {players} f ON f.number = b.first "
            f"LEFT JOIN {players} s ON s.number = b.second WHERE b.round = ? ORDER BY b.board",
            (number,),
        )
        byes = self.db.execute(
            f"SELECT y.player, COALESCE(p.name, '?'), y.kind, y.points FROM {table('byes')} y "
            f"LEFT JOIN {players} p ON p.number = y.player WHERE y.round = ? ORDER BY y.rowid",
            (number,),
        )
        return StoredRound(number, row[0], list(boards), list(byes))

    def log(self, stop: int | None = None) -> list[StoredLogLine]:
        """The audit lines in log order, up to position `stop`."""
        rows = self.db.execute(
            f"SELECT * FROM {table('audit')} WHERE position <= ? ORDER BY position",
            (self.position if stop is None else stop,),
        )
        return [StoredLogLine(*r[:6], tuple(json.loads(r[6])), r[7], r[8]) for r in rows]

"""Storage: the hash-chained recorders (SQLite, PostgreSQL), `verify_chain`, and where a ledger lives.

Tamper evidence (ARCHITECTURE.md): every stored event carries
`link = sha256(previous link || position || stream id || version || topic || stored bytes)`,
computed in the same transaction as the insert, and a one-row `chain_head` table holds the last
link, so an edited, deleted or reordered row, or a deleted last row, is found by `verify_chain`.
Gaps in positions are allowed (PostgreSQL's sequence skips numbers after a refused insert).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse
from uuid import UUID

from attrs import frozen
from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor

GENESIS = bytes(32)
"""The link before the first event."""

DEFAULT_LEDGER = "tournament.ledger"
"""The ledger file used when neither --ledger nor $ARBITER_LEDGER is given (in the current directory)."""


def chain_link(previous: bytes, position: int, stream_id: UUID | str, version: int, topic: str, state: bytes) -> bytes:
    """One link of the chain over the stored bytes (no decryption key needed to verify)."""
    digest = hashlib.sha256(previous)
    digest.update(position.to_bytes(8, "big"))
    digest.update(str(stream_id).encode())
    digest.update(version.to_bytes(8, "big"))
    digest.update(topic.encode())
    digest.update(state)
    return digest.digest()


class HashChainedSQLiteRecorder(SQLiteApplicationRecorder):
    """SQLite application recorder that links every inserted row into the chain, in the insert's
    transaction (the INSERT takes SQLite's write lock first, so no other writer can interleave)."""

    def __init__(self, datastore: Any, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name)
        self.insert_events_statement = (
            f"INSERT INTO {events_table_name} (originator_id, originator_version, topic, state) VALUES (?,?,?,?)"
        )

    def construct_create_table_statements(self) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {self.events_table_name} ("
            "originator_id TEXT, originator_version INTEGER, topic TEXT, state BLOB, chain_link BLOB, "
            "PRIMARY KEY (originator_id, originator_version))",
            "CREATE TABLE IF NOT EXISTS chain_head (id INTEGER PRIMARY KEY CHECK (id = 1), "
            "position INTEGER NOT NULL, link BLOB NOT NULL)",
        ]

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int]:
        positions = super()._insert_events(c, stored_events, **kwargs)
        assert positions is not None
        c.execute("SELECT link FROM chain_head WHERE id = 1")
        row = c.fetchone()
        link = bytes(row[0]) if row else GENESIS
        for position, stored in zip(positions, stored_events, strict=True):
            link = chain_link(
                link, position, stored.originator_id, stored.originator_version, stored.topic, stored.state
            )
            c.execute(f"UPDATE {self.events_table_name} SET chain_link = ? WHERE rowid = ?", (link, position))
        c.execute(
            "INSERT INTO chain_head (id, position, link) VALUES (1, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET position = excluded.position, link = excluded.link",
            (positions[-1], link),
        )
        return positions

    def chain_rows(self) -> Iterator[ChainRow]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT rowid, originator_id, originator_version, topic, state, chain_link "
                f"FROM {self.events_table_name} ORDER BY rowid"
            )
            for row in c.fetchall():
                yield ChainRow(row[0], row[1], row[2], row[3], bytes(row[4]), as_bytes(row[5]))

    def stored_head(self) -> tuple[int, bytes] | None:
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT position, link FROM chain_head WHERE id = 1")
            row = c.fetchone()
            return (row[0], bytes(row[1])) if row else None


def as_bytes(value: Any) -> bytes | None:
    return None if value is None else bytes(value)


@frozen
class ChainRow:
    position: int
    stream_id: UUID | str
    version: int
    topic: str
    state: bytes
    link: bytes | None


@frozen
class ChainReport:
    """What `arbiter verify` prints."""

    events: int
    head: str
    """Hex of the last link (the chain head)."""
    first_bad_position: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.first_bad_position is None and not self.problem


class ChainedRecorder(Protocol):
    """A recorder that keeps the chain (`HashChainedSQLiteRecorder`, `ledger.postgres.HashChainedPostgresRecorder`)."""

    def chain_rows(self) -> Iterator[ChainRow]: ...

    def stored_head(self) -> tuple[int, bytes] | None: ...


def verify_chain(recorder: ChainedRecorder) -> ChainReport:
    """Recompute every link in position order; name the first position whose stored link differs."""
    link, count, position = GENESIS, 0, 0
    for row in recorder.chain_rows():
        if row.position <= position:
            return ChainReport(count, link.hex(), row.position, "positions out of order")
        expected = chain_link(link, row.position, UUID(str(row.stream_id)), row.version, row.topic, row.state)
        if row.link != expected:
            return ChainReport(
                count,
                link.hex(),
                row.position,
                "the stored link does not match: this event was edited, or one before it was deleted or moved",
            )
        link, count, position = expected, count + 1, row.position
    head = recorder.stored_head()
    if head is None and count:
        return ChainReport(count, link.hex(), position, "the chain head record is missing")
    if head is not None and head != (position, link):
        return ChainReport(
            count,
            link.hex(),
            head[0],
            f"the chain head names position {head[0]}; the last stored event is {position}",
        )
    return ChainReport(count, link.hex())


# --- where a ledger lives -------------------------------------------------------------------


def resolve_location(given: str | None) -> str:
    """`--ledger` if given, else `$ARBITER_LEDGER`, else `tournament.ledger` in the current directory."""
    return given or os.environ.get("ARBITER_LEDGER") or DEFAULT_LEDGER


def is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def environment(location: str) -> dict[str, str]:
    """The eventsourcing settings for a ledger file path or a `postgresql://` URL.

    A URL's query may name a schema, `?schema=club_champs_2026`, so one database can hold
    several tournaments."""
    common = {"IS_SNAPSHOTTING_ENABLED": "y"}
    if is_postgres(location):
        url = urlparse(location)
        query = parse_qs(url.query)
        return {
            **common,
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "APPLICATION_RECORDER_TOPIC": "ledger.postgres:HashChainedPostgresRecorder",
            "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": url.hostname or "localhost",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": url.username or os.environ.get("PGUSER", "postgres"),
            "POSTGRES_PASSWORD": url.password or os.environ.get("PGPASSWORD", ""),
            "POSTGRES_SCHEMA": query.get("schema", ["public"])[0],
            "POSTGRES_LOCK_TIMEOUT": "10",
        }
    return {
        **common,
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "APPLICATION_RECORDER_TOPIC": "ledger.persistence:HashChainedSQLiteRecorder",
        "SQLITE_DBNAME": str(Path(location)),
        "SQLITE_LOCK_TIMEOUT": "10",
    }

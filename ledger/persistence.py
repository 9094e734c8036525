"""Storage: the hash-chained recorders (SQLite, PostgreSQL), `verify_chain`, and where a ledger lives.

Tamper evidence (docs/design.md, "Tamper evidence"): every stored event carries
`link = sha256(previous link || position || stream id || version || topic || stored bytes)`,
computed in the same transaction as the insert, and a one-row `chain_head` table holds the last
link, so an edited, deleted or reordered row, or a deleted last row, is found by `verify_chain`.
Gaps in positions are allowed (PostgreSQL's sequence skips numbers after a refused insert).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse
from uuid import UUID

import orjson
from attrs import frozen
from eventsourcing.persistence import (
    ApplicationRecorder,
    DatetimeAsISO,
    JSONTranscoder,
    Mapper,
    Notification,
    StoredEvent,
    find_id_convertor,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor
from eventsourcing.utils import resolve_topic

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


StoredRow = tuple[int, UUID | str, int, str, bytes]
"""A stored event as `LogReader` reads it: position, originator id, originator version, topic, state."""

LAST_POSITION = 2**63 - 1
"""The largest rowid SQLite can give: "up to the end of the log"."""


class HashChainedSQLiteRecorder(SQLiteApplicationRecorder):
    """SQLite application recorder that links every inserted row into the chain, in the insert's
    transaction (the INSERT takes SQLite's write lock first, so no other writer can interleave)."""

    def __init__(self, datastore: Any, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name)
        self._originator_ids: dict[str, UUID | str] = {}
        """Stored originator id -> the converted one (a ledger has a few hundred streams)."""
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

    def stored_rows(self, start: int, limit: int, stop: int | None = None) -> list[StoredRow]:
        """Up to `limit` stored events from position `start` to `stop` (inclusive), in log order: what
        `select_notifications` returns, as plain tuples (the reading path of `LogReader`)."""
        query = f"SELECT rowid, originator_id, originator_version, topic, state FROM {self.events_table_name} "
        query += "WHERE rowid >= ? AND rowid <= ? ORDER BY rowid LIMIT ?"
        with self.datastore.transaction(commit=False) as c:
            c.execute(query, (start, LAST_POSITION if stop is None else stop, limit))
            rows = c.fetchall()
        ids = self._originator_ids
        for raw in {row[1] for row in rows} - ids.keys():
            ids[raw] = self.convert_originator_id(raw)
        return [(row[0], ids[row[1]], row[2], row[3], row[4]) for row in rows]


_ISO_UTC = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}\+00:00")
"""A UTC time as `datetime.isoformat()` writes it when it has microseconds (all but one in a million)."""
_DIGITS_AS_ZEROS = bytes.maketrans(b"0123456789", b"0" * 10)
_LONG_NUMBER = b"0" * 19
"""A run of digits orjson may read differently from `json` (beyond 64-bit integers, or float precision)."""


class LogReader:
    """The log's (position, domain event) pairs, as `Ledger.log_events` gives them, read faster for replays.

    A SQLite recorder's rows are read straight from its table; others through `select_notifications`.
    An event's JSON is read with orjson when the only transcoded value in it is its timestamp (as the
    ledger writes every event), and the event is made as the mapper makes it; anything else (a cipher or
    compressor, another transcoder, a class with upcasts, other transcoded values, numbers orjson might
    read differently) is decoded by the application's mapper itself."""

    def __init__(self, recorder: ApplicationRecorder, mapper: Mapper[Any], section_size: int = 10_000) -> None:
        self.recorder = recorder
        self.mapper = mapper
        self.section_size = section_size
        self._kinds: dict[tuple[str, type], tuple[type | None, Callable[[Any], Any]]] = {}
        transcoder = mapper.transcoder
        self._transcoder = (
            transcoder
            if isinstance(transcoder, JSONTranscoder) and mapper.cipher is None and mapper.compressor is None
            else None
        )

    def events(self, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, Any]]:
        """(position, domain event) from `start` to the end of the log, or up to position `stop`."""
        for row in self._rows(start, stop):
            yield row[0], self._decoded(row)[0]

    def timed_events(self, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, Any, str]]:
        """(position, domain event, `event.timestamp.isoformat()`) as `events` reads them: the text is the
        stored one where that is what `isoformat()` writes (as the ledger stores every timestamp)."""
        for row in self._rows(start, stop):
            event, stamp = self._decoded(row)
            yield row[0], event, stamp if stamp is not None else event.timestamp.isoformat()

    def _rows(self, start: int, stop: int | None) -> Iterator[StoredRow]:
        while True:
            if isinstance(self.recorder, HashChainedSQLiteRecorder):
                batch = self.recorder.stored_rows(start, self.section_size, stop)
            else:
                notifications = self.recorder.select_notifications(start=start, limit=self.section_size, stop=stop)
                batch = [(n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in notifications]
            yield from batch
            if len(batch) < self.section_size:
                return
            start = batch[-1][0] + 1

    def _decoded(self, row: StoredRow) -> tuple[Any, str | None]:
        """The domain event of one stored row, and its stored timestamp where that is `isoformat()`'s text."""
        position, originator_id, version, topic, state = row
        kind = self._kinds.get((topic, type(originator_id))) or self._kind(topic, type(originator_id))
        decoded = self._fields(state) if kind[0] is not None else None
        if decoded is None:
            notification = Notification(
                id=position, originator_id=originator_id, originator_version=version, topic=topic, state=state
            )
            return self.mapper.to_domain_event(notification), None
        fields, stamp = decoded
        fields.pop("class_version", None)
        fields["originator_id"] = kind[1](originator_id)
        fields["originator_version"] = version
        event = object.__new__(kind[0])
        object.__setattr__(event, "__dict__", fields)
        return event, stamp

    def _kind(self, topic: str, id_type: type[UUID | str]) -> tuple[type | None, Callable[[Any], Any]]:
        """The event class of a topic (None when it has upcasts: the mapper applies them) and the
        conversion of its originator ids, as the mapper finds them."""
        cls = resolve_topic(topic)
        kind = (cls if getattr(cls, "class_version", 1) == 1 else None, find_id_convertor(cls, id_type))
        self._kinds[topic, id_type] = kind
        return kind

    def _fields(self, state: bytes) -> tuple[dict[str, Any], str | None] | None:
        """The event's state decoded as the transcoder would, and its stored timestamp where that is
        `isoformat()`'s text; None where the mapper must decode it."""
        if self._transcoder is None or state.count(b'"_type_"') != 1:
            return None
        if _LONG_NUMBER in state.translate(_DIGITS_AS_ZEROS):
            return None
        try:
            fields = orjson.loads(state)
        except orjson.JSONDecodeError:
            return None
        stamp = fields.get("timestamp") if isinstance(fields, dict) else None
        if not isinstance(stamp, dict) or len(stamp) != 2 or "_data_" not in stamp:
            return None
        kind = stamp.get("_type_")
        transcoding = self._transcoder.names.get(kind) if isinstance(kind, str) else None
        if transcoding is None:
            return None
        text = stamp["_data_"]
        try:
            fields["timestamp"] = transcoding.decode(text)
        except (ValueError, AssertionError):
            return None  # the mapper says what is wrong
        canonical = type(transcoding) is DatetimeAsISO and _ISO_UTC.fullmatch(text) and text[20:26] != "000000"
        return fields, text if canonical else None


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
            "APPLICATION_RECORDER_TOPIC": "ledger.signed_postgres:SignedPostgresRecorder",
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
        "APPLICATION_RECORDER_TOPIC": "ledger.signed_store:SignedSQLiteRecorder",
        "SQLITE_DBNAME": str(Path(location)),
        "SQLITE_LOCK_TIMEOUT": "10",
    }

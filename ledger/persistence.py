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
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol
from urllib.parse import parse_qs, quote, urlparse
from uuid import UUID

import orjson
from attrs import evolve, frozen
from eventsourcing.persistence import (
    ApplicationRecorder,
    DatetimeAsISO,
    IntegrityError,
    JSONTranscoder,
    Mapper,
    Notification,
    OperationalError,
    PersistenceError,
    StoredEvent,
    find_id_convertor,
    pass_through_convertor,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore, SQLiteFactory
from eventsourcing.utils import Environment, EnvType, resolve_topic

from ledger.errors import LedgerLocked, LedgerReadOnly
from ledger.locations import is_postgres
from ledger.log_head import EVENTS_TABLE

GENESIS = bytes(32)
"""The link before the first event."""


def chain_link(previous: bytes, position: int, stream_id: UUID | str, version: int, topic: str, state: bytes) -> bytes:
    """One link of the chain over the stored bytes (no decryption key needed to verify)."""
    return _link(previous, position, str(stream_id).encode(), version, topic.encode(), state)


def _link(previous: bytes, position: int, stream: bytes, version: int, topic: bytes, state: bytes) -> bytes:
    """`chain_link` with the stream id and topic already encoded (`verify_chain` encodes each once)."""
    return hashlib.sha256(
        b"".join((previous, position.to_bytes(8, "big"), stream, version.to_bytes(8, "big"), topic, state))
    ).digest()


StoredRow = tuple[int, UUID | str, int, str, bytes]
"""A stored event as `LogReader` reads it: position, originator id, originator version, topic, state."""

CHAIN_BATCH = 5_000
"""Rows `HashChainedSQLiteRecorder.chain_rows` reads at a time."""

LAST_POSITION = 2**63 - 1
"""The largest rowid SQLite can give: "up to the end of the log"."""

SEALED_TOPIC = "arbiter:Round.Sealed"
"""The topic of a round's seal (`ledger.domain.Round.Sealed`), whose state records the chain head."""

LOCK_TIMEOUT = 10
"""Seconds a command waits for another desk's transaction before it reports the ledger locked
(`$ARBITER_LOCK_TIMEOUT` overrides it)."""


def lock_timeout() -> int:
    """`$ARBITER_LOCK_TIMEOUT` (whole seconds, at least 1), else `LOCK_TIMEOUT`."""
    text = os.environ.get("ARBITER_LOCK_TIMEOUT", "")
    return max(1, int(text)) if text.isdigit() else LOCK_TIMEOUT


# --- one command, one transaction (SQLite) -------------------------------------------------------


class CommandSQLiteDatastore(SQLiteDatastore):
    """A SQLite datastore whose `command_transaction` holds one write transaction for a whole command:
    while it is open in a thread, every transaction the recorders ask for in that thread (reads,
    inserts, snapshots) runs inside it and sees its uncommitted events; it commits once, at the end,
    or rolls everything back.

    The write lock is taken first (`BEGIN IMMEDIATE`), so the command's checks read what no other desk
    can change before it commits; a desk that finds the lock taken waits `lock_timeout()` seconds
    (SQLite's busy timeout), then reports the ledger locked. The ledger is a WAL database
    (`journal_mode=WAL`: readers never wait for the writer) written with `synchronous=FULL` (a
    committed command survives a power cut); both are set explicitly (docs/design.md)."""

    def __init__(self, db_name: str, **options: Any) -> None:
        super().__init__(db_name, **options)
        self._commands: dict[int, Any] = {}
        """Thread id -> the connection of the command open in that thread."""

    @contextmanager
    def command_transaction(self) -> Iterator[None]:
        """Run the body as one transaction (re-entrant: a command inside a command joins it)."""
        thread = threading.get_ident()
        if thread in self._commands:
            yield
            return
        connection = self._pooled(writer=True)
        raw: sqlite3.Connection = connection._sqlite_conn
        try:
            self._begin(raw)
            self._commands[thread] = connection
            try:
                yield
            except BaseException:
                raw.rollback()
                raise
            _commit(raw)
        finally:
            self._commands.pop(thread, None)
            self.pool.put_connection(connection)

    @contextmanager
    def get_connection(self, *, commit: bool) -> Iterator[Any]:
        connection = self._pooled(writer=commit)
        try:
            yield connection
        finally:
            self.pool.put_connection(connection)

    def _pooled(self, *, writer: bool) -> Any:
        """A connection from the pool; a file that cannot be opened (a full disk, no WAL index) is the
        library's OperationalError, as any other failure of the database is."""
        try:
            return self.pool.get_connection(is_writer=writer)
        except sqlite3.Error as error:
            raise OperationalError(error) from error

    def _begin(self, raw: sqlite3.Connection) -> None:
        if "mode=ro" in self.pool.db_name:
            raise _unavailable(sqlite3.OperationalError("readonly"), self.pool.db_name)
        try:
            raw.execute("PRAGMA journal_mode=WAL")
            raw.execute("PRAGMA synchronous=FULL")
            raw.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise _unavailable(error, self.pool.db_name) from error

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[Any]:
        connection = self._commands.get(threading.get_ident())
        if connection is None:
            with super().transaction(commit=commit) as cursor:
                yield cursor
            return
        with connection.cursor() as cursor, _as_persistence_errors():
            yield cursor


def _commit(raw: sqlite3.Connection) -> None:
    try:
        raw.commit()
    except sqlite3.Error as error:
        raw.rollback()
        raise OperationalError(error) from error


@contextmanager
def _as_persistence_errors() -> Iterator[None]:
    """sqlite3's errors as the library's (what its own transactions raise)."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        raise IntegrityError(error) from error
    except sqlite3.OperationalError as error:
        raise OperationalError(error) from error
    except sqlite3.Error as error:
        raise PersistenceError(error) from error


def _unavailable(error: sqlite3.OperationalError, db_name: str) -> Exception:
    """A command that cannot take the write lock: the ledger is locked, or cannot be written at all."""
    text = str(error).lower()
    where = db_name.removeprefix("file:").split("?")[0]
    if "locked" in text or "busy" in text:
        return LedgerLocked(
            f"the ledger {where} is locked by another desk's transaction (waited {lock_timeout()} s); "
            "nothing was appended: try again in a moment"
        )
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return LedgerReadOnly(
            f"the ledger {where} cannot be written (a read-only file or mount); nothing was appended. "
            "Reading commands (verify, standings, log, pairings, exports) still work"
        )
    return OperationalError(error)


class LedgerSQLiteFactory(SQLiteFactory):
    """The library's SQLite infrastructure with `CommandSQLiteDatastore` as its datastore."""

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        pool = self.datastore.pool
        self.datastore.close()
        self.datastore = CommandSQLiteDatastore(
            pool.db_name,
            lock_timeout=pool.lock_timeout,
            single_row_tracking=self.datastore.single_row_tracking,
            originator_id_type=self.datastore.originator_id_type,
        )


APPEND_ONLY_SQLITE = (
    "CREATE TRIGGER IF NOT EXISTS {table}_append_only_delete BEFORE DELETE ON {table} "
    "BEGIN SELECT RAISE(ABORT, 'the event log is append-only: an event is never deleted'); END",
    "CREATE TRIGGER IF NOT EXISTS {table}_append_only_update BEFORE UPDATE ON {table} "
    "WHEN OLD.chain_link IS NOT NULL OR NEW.originator_id IS NOT OLD.originator_id "
    "OR NEW.originator_version IS NOT OLD.originator_version OR NEW.topic IS NOT OLD.topic "
    "OR NEW.state IS NOT OLD.state "
    "BEGIN SELECT RAISE(ABORT, 'the event log is append-only: an event is never edited'); END",
)
"""The database refuses to edit or delete an event (ARCHITECTURE.md, "The event log"). The one UPDATE
allowed is the recorder's own, in the insert's transaction: linking a new row into the chain."""


class HashChainedSQLiteRecorder(SQLiteApplicationRecorder):
    """SQLite application recorder that links every inserted row into the chain, in the insert's
    transaction (the INSERT takes SQLite's write lock first, so no other writer can interleave)."""

    def __init__(self, datastore: Any, events_table_name: str = EVENTS_TABLE) -> None:
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
            "CREATE TABLE IF NOT EXISTS commands (command_id TEXT PRIMARY KEY, position INTEGER NOT NULL)",
            *(trigger.format(table=self.events_table_name) for trigger in APPEND_ONLY_SQLITE),
        ]

    def command_transaction(self) -> Any:
        """One transaction for a whole command (`CommandSQLiteDatastore.command_transaction`)."""
        return self.datastore.command_transaction()

    def command_position(self, command_id: str) -> int | None:
        """The log position a command with this id was recorded at, if it was."""
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT position FROM commands WHERE command_id = ?", (command_id,))
            row = c.fetchone()
        return None if row is None else int(row[0])

    def record_command(self, command_id: str, position: int) -> None:
        """Keep a command's id with its events, in their transaction (a repeat then appends nothing)."""
        with self.datastore.transaction(commit=True) as c:
            c.execute("INSERT INTO commands (command_id, position) VALUES (?, ?)", (command_id, position))

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int]:
        positions = super()._insert_events(c, stored_events, **kwargs)
        if positions is None:
            raise PersistenceError("the database returned no positions for the events just inserted")
        if not positions:  # a save with nothing pending (a command that found nothing to record)
            return positions
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

    @contextmanager
    def _reading(self) -> Iterator[SQLiteCursor | sqlite3.Cursor]:
        """A read transaction (or, inside a command, the command's) whose cursor gives rows as plain tuples:
        the library's connections make `sqlite3.Row`s, which cost a third more to fetch (100,000 of them in
        a replay or `verify`)."""
        with self.datastore.transaction(commit=False) as c:
            (c.sqlite_cursor if isinstance(c, SQLiteCursor) else c).row_factory = None
            yield c

    def chain_batches(self) -> Iterator[list[ChainTuple]]:
        """The rows in log order, `CHAIN_BATCH` at a time, read in one transaction (a reader that stops
        early, as the signature check of an unsigned ledger does, reads no more)."""
        query = (
            f"SELECT rowid, originator_id, originator_version, topic, state, chain_link "
            f"FROM {self.events_table_name} WHERE rowid > ? ORDER BY rowid LIMIT {CHAIN_BATCH}"
        )
        with self._reading() as c:
            after = 0
            while True:
                c.execute(query, (after,))
                rows = c.fetchall()
                yield [
                    row if type(row[4]) is bytes and type(row[5]) in _LINK_TYPES else _as_chain_tuple(row)
                    for row in rows
                ]
                if len(rows) < CHAIN_BATCH:
                    return
                after = rows[-1][0]

    def chain_rows(self) -> Iterator[ChainRow]:
        """The rows in log order, as `ChainRow`s (`chain_batches`)."""
        return chain_rows(self.chain_batches())

    def stored_head(self) -> tuple[int, bytes] | None:
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT position, link FROM chain_head WHERE id = 1")
            row = c.fetchone()
            return (row[0], bytes(row[1])) if row else None

    def link_at(self, position: int) -> bytes | None:
        """The stored chain link of the event at `position` (None if there is none)."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT chain_link FROM {self.events_table_name} WHERE rowid = ?", (position,))
            row = c.fetchone()
            return as_bytes(row[0]) if row else None

    def stored_rows(self, start: int, limit: int, stop: int | None = None, *, raw: bool = False) -> list[StoredRow]:
        """Up to `limit` stored events from position `start` to `stop` (inclusive), in log order: what
        `select_notifications` returns, as plain tuples (the reading path of `LogReader`); `raw`: each with
        its originator id as stored (`originator_id_of` converts it), for a reader that needs few of them."""
        query = f"SELECT rowid, originator_id, originator_version, topic, state FROM {self.events_table_name} "
        query += "WHERE rowid >= ? AND rowid <= ? ORDER BY rowid LIMIT ?"
        with self._reading() as c:
            c.execute(query, (start, LAST_POSITION if stop is None else stop, limit))
            rows = c.fetchall()
        if raw:
            return rows
        ids = self._originator_ids
        for stored in {row[1] for row in rows} - ids.keys():
            ids[stored] = self.convert_originator_id(stored)
        return [(row[0], ids[row[1]], row[2], row[3], row[4]) for row in rows]

    def originator_id_of(self, stored: Any) -> UUID | str:
        """The originator id of a stored one (`stored_rows(raw=True)`), as `stored_rows` converts it."""
        ids = self._originator_ids
        if stored not in ids:
            ids[stored] = self.convert_originator_id(stored)
        return ids[stored]


_ISO_UTC = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}\+00:00")
"""A UTC time as `datetime.isoformat()` writes it when it has microseconds (all but one in a million)."""
_DIGITS_AS_ZEROS = bytes.maketrans(b"0123456789", b"0" * 10)
_LONG_NUMBER = b"0" * 19
"""A run of digits orjson may read differently from `json` (beyond 64-bit integers, or float precision)."""


class RecordedResults(NamedTuple):
    """A run of recorded results of one round, one after the other in the log, as a fold needs them
    (`LogReader.replay`): the round's stream, and the boards and result codes of the `Round.ResultRecorded`
    events they were stored as, in log order."""

    originator_id: UUID | str
    boards: list[int]
    results: list[str]


_TEXT = rb"[\x20\x21\x23-\x5b\x5d-\x7e]*"
"""A JSON string's content that decodes to itself: printable ASCII without a quote or a backslash."""
_NUMBER = rb"(?:0|[1-9][0-9]{0,17})"
"""A JSON integer that every decoder reads alike: no sign, no leading zero, within 64 bits."""
_RECORDED_RESULT = re.compile(
    rb'\{"timestamp":\{"_type_":"datetime_iso","_data_":"([0-9]{4}-[0-9]{2}-[0-9]{2})'
    + rb"T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\.[0-9]{6}\+00:00"
    + rb'"\},"board":('
    + _NUMBER
    + rb'),"first":'
    + _NUMBER
    + rb',"second":'
    + _NUMBER
    + rb',"result":"('
    + _TEXT
    + rb')","actor":"'
    + _TEXT
    + rb'"\}'
)
"""The stored state of a `Round.ResultRecorded` as the ledger writes it (fields in declaration order, a UTC
time with microseconds, plain text and numbers): bytes this pattern matches decode, with any JSON decoder,
to exactly the timestamp, board, players, result and actor it captures, and to nothing else (no other key,
no escape, no duplicate), with a time of day `fromisoformat` reads. The groups are the timestamp's date, the
board and the result's code."""


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
        for batch in self._batches(start, stop):
            for position, event, _ in self._decoded(batch, timed=False):
                yield position, event

    def replay(self, result_topic: str, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, Any]]:
        """(position, event) as `events` gives them, for a fold, but for the recorded results: events of
        `result_topic` (the ledger's `Round.ResultRecorded`) stored in the layout the ledger writes
        (`_RECORDED_RESULT`), one after the other and of one round, come as one `RecordedResults` at the
        last one's position, read by one regular expression each instead of a JSON decoder and an event
        object (a replay's log is mostly results: docs/performance.md, "The fold's reading, session 10",
        and "Runs of results, session 11"). Any other row, a result whose class has upcasts, or one whose
        date is not one, is decoded as `events` decodes it; so is every row where the transcoder is not the
        plain JSON one whose "datetime_iso" is `DatetimeAsISO` (the pattern's timestamp)."""
        iso = self._transcoder is not None and type(self._transcoder.names.get("datetime_iso")) is DatetimeAsISO
        layout = _RECORDED_RESULT.fullmatch if iso else _no_match
        streams: dict[type, Callable[[Any], Any] | None] = {}
        """Originator id type -> the conversion of a result's round stream id, None if its class has upcasts."""
        dates: set[bytes] = set()
        """The results' dates known to be dates (`fromisoformat`): a log's results are of a few dates."""
        stream: Any = None
        """The run's round stream, None where a result of `run_id` is decoded (its class has upcasts)."""
        run_id: Any = None
        """The stored originator id of the run's results."""
        boards: list[bytes] = []
        codes: list[bytes] = []
        """The run's boards and codes as matched: converted once a run is complete (`_run`)."""
        last = 0
        originator_id_of = self._originator_id
        for batch in self._batches(start, stop, raw=True):
            for position, originator_id, version, topic, state in batch:
                match = layout(state) if topic == result_topic else None
                if match is not None:
                    date, board, code = match.groups()
                    if originator_id != run_id:
                        if boards:
                            yield last, _run(stream, boards, codes)
                            boards, codes = [], []
                        stream = self._run_stream(streams, topic, originator_id_of(originator_id))
                        run_id = originator_id
                    if stream is not None and (date in dates or _is_date(dates, date)):
                        boards.append(board)
                        codes.append(code)
                        last = position
                        continue
                if boards:
                    yield last, _run(stream, boards, codes)
                    boards, codes = [], []
                stream = run_id = None
                converted = (position, originator_id_of(originator_id), version, topic, state)
                for position, event, _ in self._decoded([converted], timed=False):
                    yield position, event
        if boards:
            yield last, _run(stream, boards, codes)

    def _originator_id(self, stored: Any) -> Any:
        """The originator id of a row `_batches(raw=True)` gives."""
        if isinstance(self.recorder, HashChainedSQLiteRecorder):
            return self.recorder.originator_id_of(stored)
        return stored

    def _run_stream(self, streams: dict[type, Callable[[Any], Any] | None], topic: str, originator_id: Any) -> Any:
        """The round stream of a run of `originator_id`'s results (None if the result's class has upcasts)."""
        id_type = type(originator_id)
        convert = streams[id_type] if id_type in streams else self._stream_of(streams, topic, id_type)
        if convert is None:
            return None
        return originator_id if convert is _SAME_ID else convert(originator_id)

    def _stream_of(
        self, streams: dict[type, Callable[[Any], Any] | None], topic: str, id_type: type
    ) -> Callable[[Any], Any] | None:
        """The conversion of a result's originator id of `id_type` (None if the result's class has upcasts),
        noted in `streams`."""
        cls, convert = self._kinds.get((topic, id_type)) or self._kind(topic, id_type)
        streams[id_type] = None if cls is None else convert
        return streams[id_type]

    def timed_events(self, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, Any, str]]:
        """(position, domain event, `event.timestamp.isoformat()`) as `events` reads them: the text is the
        stored one where that is what `isoformat()` writes (as the ledger stores every timestamp)."""
        for batch in self._batches(start, stop):
            for position, event, stamp in self._decoded(batch, timed=True):
                yield position, event, stamp if stamp is not None else event.timestamp.isoformat()

    def _batches(self, start: int, stop: int | None, *, raw: bool = False) -> Iterator[list[StoredRow]]:
        """The rows from `start` to `stop`, `section_size` at a time; `raw`: a SQLite log's with their stored
        originator ids (`_originator_id`)."""
        while True:
            if isinstance(self.recorder, HashChainedSQLiteRecorder):
                batch = self.recorder.stored_rows(start, self.section_size, stop, raw=raw)
            else:
                notifications = self.recorder.select_notifications(start=start, limit=self.section_size, stop=stop)
                batch = [(n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in notifications]
            yield batch
            if len(batch) < self.section_size:
                return
            start = batch[-1][0] + 1

    def _decoded(self, batch: list[StoredRow], *, timed: bool) -> Iterator[tuple[int, Any, str | None]]:
        """(position, domain event, its stored timestamp where that is `isoformat()`'s text and `timed`) of
        each row: one loop over the batch with what it reads held in locals (a replay decodes 100,000
        events). The check for long numbers is made once for the whole batch when it passes it (`_plain`),
        else row by row (`_fields`)."""
        kinds, new, set_dict = self._kinds, object.__new__, object.__setattr__
        plain = self._transcoder is not None and _plain([row[4] for row in batch])
        fields_of = self._timestamped if plain else self._fields
        for row in batch:
            position, originator_id, version, topic, state = row
            kind = kinds.get((topic, type(originator_id))) or self._kind(topic, type(originator_id))
            decoded = fields_of(state, timed) if kind[0] is not None else None
            if decoded is None:
                notification = Notification(
                    id=position, originator_id=originator_id, originator_version=version, topic=topic, state=state
                )
                yield position, self.mapper.to_domain_event(notification), None
                continue
            fields, stamp = decoded
            fields.pop("class_version", None)
            fields["originator_id"] = originator_id if kind[1] is _SAME_ID else kind[1](originator_id)
            fields["originator_version"] = version
            event = new(kind[0])
            set_dict(event, "__dict__", fields)
            yield position, event, stamp

    def _kind(self, topic: str, id_type: type[UUID | str]) -> tuple[type | None, Callable[[Any], Any]]:
        """The event class of a topic (None when it has upcasts: the mapper applies them) and the
        conversion of its originator ids, as the mapper finds them."""
        cls = resolve_topic(topic)
        kind = (cls if getattr(cls, "class_version", 1) == 1 else None, find_id_convertor(cls, id_type))
        self._kinds[topic, id_type] = kind
        return kind

    def _fields(self, state: bytes, timed: bool) -> tuple[dict[str, Any], str | None] | None:
        """The event's state decoded as the transcoder would, and (if `timed`) its stored timestamp where
        that is `isoformat()`'s text; None where the mapper must decode it."""
        if self._transcoder is None or not _plain([state]):
            return None
        return self._timestamped(state, timed)

    def _timestamped(self, state: bytes, timed: bool) -> tuple[dict[str, Any], str | None] | None:
        """`_fields` of a state known to hold no long number."""
        if state.count(b'"_type_"') != 1:  # the timestamp's, checked below: no other transcoded value
            return None
        try:
            fields = orjson.loads(state)
        except orjson.JSONDecodeError:
            return None
        stamp = fields.get("timestamp") if type(fields) is dict else None
        if type(stamp) is not dict or len(stamp) != 2 or "_data_" not in stamp:
            return None
        kind, text = stamp.get("_type_"), stamp["_data_"]
        transcoding = self._transcoder.names.get(kind) if type(kind) is str and self._transcoder else None
        if transcoding is None:
            return None
        iso = type(transcoding) is DatetimeAsISO
        try:
            # `DatetimeAsISO.decode` without its call: the same `fromisoformat` of the same text
            fields["timestamp"] = _FROM_ISO(text) if iso and type(text) is str else transcoding.decode(text)
        except (ValueError, AssertionError):
            return None  # the mapper says what is wrong
        canonical = timed and iso and _ISO_UTC.fullmatch(text) and text[20:26] != "000000"
        return fields, text if canonical else None


def _plain(states: list[bytes]) -> bool:
    """Whether no state holds a run of digits orjson may read differently from `json`: checked on the
    states joined by a newline (which a run of digits does not hold, so no run spans two states)."""
    return _LONG_NUMBER not in b"\n".join(states).translate(_DIGITS_AS_ZEROS)


def _is_date(dates: set[bytes], date: bytes) -> bool:
    """Whether `date` (YYYY-MM-DD) is a date, as `datetime.fromisoformat` reads a timestamp's (the time of
    day `_RECORDED_RESULT` matched is one), added to `dates` if so."""
    try:
        _FROM_ISO(date.decode())
    except ValueError:
        return False
    dates.add(date)
    return True


def _run(stream: Any, boards: list[bytes], codes: list[bytes]) -> RecordedResults:
    """The run of `stream`'s results of these boards and codes, as `_RECORDED_RESULT` matched them:
    converted together (C loops), not one by one as they are read."""
    return RecordedResults(stream, list(map(int, boards)), list(map(bytes.decode, codes)))


def _no_match(state: bytes) -> None:
    """`_RECORDED_RESULT.fullmatch` where a reader may not use it (another transcoder, a cipher, ...)."""
    return None


_SAME_ID = pass_through_convertor
"""The library's conversion of an originator id that is already of its type: it gives it back."""
_FROM_ISO = datetime.fromisoformat


def as_bytes(value: Any) -> bytes | None:
    return None if value is None else bytes(value)


ChainTuple = tuple[int, Any, int, str, bytes, bytes | None]
"""A stored row as the chain reads it: position, stream id as stored, version, topic, state, stored link."""
_LINK_TYPES = (bytes, type(None))


def _as_chain_tuple(row: Sequence[Any]) -> ChainTuple:
    """A row with its state and link as bytes (a driver may give them as memoryviews)."""
    return (row[0], row[1], row[2], row[3], bytes(row[4]), as_bytes(row[5]))


def chain_tuples(rows: Iterable[Sequence[Any]]) -> list[ChainTuple]:
    """A batch of (position, stream id, version, topic, state, link) rows as `ChainTuple`s."""
    return [_as_chain_tuple(row) for row in rows]


def chain_rows(batches: Iterable[list[ChainTuple]]) -> Iterator[ChainRow]:
    """The rows of `chain_batches` one by one, as `ChainRow`s (the signature check reads them so)."""
    for batch in batches:
        for row in batch:
            yield ChainRow(*row)


@frozen
class ChainRow:
    position: int
    stream_id: UUID | str
    version: int
    topic: str
    state: bytes
    link: bytes | None


@frozen
class Anchor:
    """A chain head published outside the ledger (a results sheet, a notice board): `HEAD` as
    `arbiter seal` printed it, optionally `HEAD@POSITION`."""

    head: str
    position: int | None = None

    @classmethod
    def parse(cls, text: str) -> Anchor:
        head, _, position = text.strip().partition("@")
        head = head.lower()
        if len(head) != 64 or any(c not in "0123456789abcdef" for c in head):
            raise ValueError(f"{text!r} is not a chain head: 64 hexadecimal digits, as the round's seal printed them")
        if position and not position.isdigit():
            raise ValueError(f"{text!r}: the position after @ must be a whole number")
        return cls(head, int(position) if position else None)

    def __str__(self) -> str:
        return self.head + (f"@{self.position}" if self.position is not None else "")


@frozen
class ChainReport:
    """What `arbiter verify` prints."""

    events: int
    head: str
    """Hex of the last link (the chain head)."""
    first_bad_position: int | None = None
    problem: str = ""
    sealed: tuple[tuple[int, str], ...] = ()
    """(position, chain head) recorded by every seal, in log order (each checked against the chain)."""

    @property
    def ok(self) -> bool:
        return self.first_bad_position is None and not self.problem


class ChainedRecorder(Protocol):
    """A recorder that keeps the chain (`HashChainedSQLiteRecorder`, `ledger.postgres.HashChainedPostgresRecorder`)."""

    def chain_batches(self) -> Iterator[list[ChainTuple]]: ...

    def stored_head(self) -> tuple[int, bytes] | None: ...

    def link_at(self, position: int) -> bytes | None: ...


def verify_chain(recorder: ChainedRecorder, anchors: Sequence[Anchor] = ()) -> ChainReport:
    """Recompute every link in position order; name the first position whose stored link differs.
    The head recorded by every seal must be the recomputed link at the position it names, and every
    anchor a link of the recomputed chain (at its position, when it names one): a truncated or wholly
    rewritten log passes the first check, not these. The rows are read a batch at a time as plain
    tuples (100,000 events are checked here)."""
    link, position = GENESIS, 0
    links: dict[int, bytes] = {}
    """Position -> recomputed link: what seals and anchors are checked against (and the count)."""
    sealed: list[tuple[int, str]] = []
    streams: dict[Any, bytes] = {}
    """A stream id as stored -> as the chain hashes it (a log has a few hundred streams)."""
    topics: dict[str, bytes] = {}
    for batch in recorder.chain_batches():
        for at, stream_id, version, topic, state, stored in batch:
            if at <= position:
                return ChainReport(len(links), link.hex(), at, "positions out of order")
            stream = streams.get(stream_id) or streams.setdefault(stream_id, str(UUID(str(stream_id))).encode())
            name = topics.get(topic) or topics.setdefault(topic, topic.encode())
            expected = _link(link, at, stream, version, name, state)
            if stored != expected:
                return ChainReport(len(links), link.hex(), at, _EDITED)
            if topic == SEALED_TOPIC:
                seal = _sealed_head(state)
                if seal is None or links.get(seal[0], b"").hex() != seal[1]:
                    return ChainReport(len(links), link.hex(), at, _REWRITTEN)
                sealed.append(seal)
            link = links[at] = expected
            position = at
    report = ChainReport(len(links), link.hex(), sealed=tuple(sealed))
    return _check_head(recorder, report, position, link, links, anchors)


_EDITED = "the stored link does not match: this event was edited, or one before it was deleted or moved"
_REWRITTEN = (
    "the chain head this seal records is not the chain's at the position it names: the events before it were rewritten"
)


def _check_head(
    recorder: ChainedRecorder,
    report: ChainReport,
    position: int,
    link: bytes,
    links: dict[int, bytes],
    anchors: Sequence[Anchor],
) -> ChainReport:
    """The stored chain head must be the last event's recomputed link; then the anchors."""
    head = recorder.stored_head()
    if head is None and report.events:
        return evolve(report, first_bad_position=position, problem="the chain head record is missing")
    if head is not None and head != (position, link):
        return evolve(
            report,
            first_bad_position=head[0],
            problem=f"the chain head names position {head[0]}; the last stored event is {position}",
        )
    return _check_anchors(report, links, anchors)


def _sealed_head(state: bytes) -> tuple[int, str] | None:
    """(position, chain head) that a stored seal event records."""
    try:
        fields = orjson.loads(state)
        return int(fields["position"]), str(fields["chain_head"])
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return None


def _check_anchors(report: ChainReport, links: dict[int, bytes], anchors: Sequence[Anchor]) -> ChainReport:
    heads = {value.hex(): at for at, value in links.items()} if anchors else {}
    for anchor in anchors:
        found = heads.get(anchor.head)
        if found is None or anchor.position not in (None, found):
            return evolve(
                report,
                problem=f"anchor {anchor} is not in the chain recomputed from the stored events: the log was "
                "truncated or rewritten after this head was published",
            )
    return report


# --- where a ledger lives -------------------------------------------------------------------

AGGREGATE_CACHE_SIZE = 64
"""Aggregates a `Ledger` keeps between commands (the tournament and the recent rounds): a command
reads only the events appended since (the library's fast-forward), not those since the last snapshot.
A rolled-back command empties it (`Ledger.command`)."""


def environment(location: str) -> dict[str, str]:
    """The eventsourcing settings for a ledger file path or a `postgresql://` URL.

    A URL's query may name a schema, `?schema=club_champs_2026`, so one database can hold
    several tournaments."""
    common = {"IS_SNAPSHOTTING_ENABLED": "y", "AGGREGATE_CACHE_MAXSIZE": str(AGGREGATE_CACHE_SIZE)}
    if is_postgres(location):
        url = urlparse(location)
        query = parse_qs(url.query)
        return {
            **common,
            "PERSISTENCE_MODULE": "ledger.postgres:LedgerPostgresFactory",
            "APPLICATION_RECORDER_TOPIC": "ledger.signed_postgres:SignedPostgresRecorder",
            "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": url.hostname or "localhost",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": url.username or os.environ.get("PGUSER", "postgres"),
            "POSTGRES_PASSWORD": url.password or os.environ.get("PGPASSWORD", ""),
            "POSTGRES_SCHEMA": query.get("schema", ["public"])[0],
            "POSTGRES_LOCK_TIMEOUT": str(lock_timeout()),
        }
    return {
        **common,
        "CREATE_TABLE": "no" if is_read_only(location) else "yes",
        "PERSISTENCE_MODULE": "ledger.persistence:LedgerSQLiteFactory",
        "APPLICATION_RECORDER_TOPIC": "ledger.signed_store:SignedSQLiteRecorder",
        "SQLITE_DBNAME": sqlite_name(location),
        "SQLITE_LOCK_TIMEOUT": str(lock_timeout()),
    }


def sqlite_name(location: str) -> str:
    """The SQLite name of a ledger file: read-only (`mode=ro`) when the file cannot be written, and
    `immutable` as well when its folder cannot be either (a read-only mount: no WAL index can be made),
    so `verify`, `standings`, `log` and the exports still answer."""
    path = Path(location)
    if not path.exists() or (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return str(path)
    quoted = quote(str(path.resolve()))
    immutable = "&immutable=1" if not os.access(path.parent, os.W_OK) else ""
    return f"file:{quoted}?mode=ro{immutable}"


def is_read_only(location: str) -> bool:
    """Whether the ledger at `location` is a file that this process cannot write."""
    return not is_postgres(location) and sqlite_name(location).startswith("file:")

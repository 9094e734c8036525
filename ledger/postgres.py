"""The PostgreSQL side of the hash chain, loaded only when a ledger URL selects PostgreSQL
(`ledger.persistence.environment` names it by topic), so the CLI does not import psycopg for a file."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, cast

import psycopg
from eventsourcing.persistence import OperationalError, PersistenceError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore, PostgresFactory
from eventsourcing.utils import Environment, EnvType
from psycopg import Connection, Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composed, Identifier, Literal

from ledger.errors import LedgerLocked, LedgerReadOnly
from ledger.persistence import (
    CHAIN_BATCH,
    GENESIS,
    ChainRow,
    ChainTuple,
    as_bytes,
    chain_link,
    chain_rows,
    chain_tuples,
    lock_timeout,
)


class CommandPostgresDatastore(PostgresDatastore):
    """A PostgreSQL datastore whose `command_transaction` holds one transaction for a whole command
    (as `ledger.persistence.CommandSQLiteDatastore` does for SQLite): it first takes the events
    table's EXCLUSIVE lock (readers are not blocked), waiting at most `lock_timeout()` seconds; every
    connection the recorders ask for in that thread is then the command's, and their own transactions
    become savepoints inside it. Every session also has that `lock_timeout`, so no statement waits
    for a lock for ever."""

    _commands: dict[int, Connection[DictRow]]

    @classmethod
    def adopt(cls, datastore: PostgresDatastore) -> CommandPostgresDatastore:
        """The library's datastore (built from the environment by its factory) as this class."""
        datastore.__class__ = cls
        adopted = cast(CommandPostgresDatastore, datastore)
        adopted._commands = {}
        adopted.pool.kwargs["options"] = f"-c lock_timeout={lock_timeout() * 1000}"
        return adopted

    @contextmanager
    def command_transaction(self, lock: Sequence[Composed], sequence: Composed | None = None) -> Iterator[None]:
        """`sequence`: the SQL of the positions' sequence, given back its numbers when the command fails."""
        thread = threading.get_ident()
        if thread in self._commands:
            yield
            return
        with super().get_connection() as connection, connection.transaction():
            try:
                for statement in lock:
                    connection.execute(statement)
                last = _last_value(connection, sequence)
            except psycopg.Error as error:
                raise _unavailable(error, self.schema) from error
            self._commands[thread] = connection
            try:
                yield
            except BaseException:
                _give_back(connection, sequence, last)
                raise
            finally:
                self._commands.pop(thread, None)

    @contextmanager
    def get_connection(self) -> Iterator[Connection[DictRow]]:
        connection = self._commands.get(threading.get_ident())
        if connection is None:
            with super().get_connection() as connection:
                yield connection
            return
        yield connection


def _last_value(connection: Connection[DictRow], sequence: Composed | None) -> int | None:
    """The last position `sequence` gave (None before the first, or without a sequence), read under the
    command's lock, so no other command takes a position until this one ends."""
    if sequence is None:
        return None
    row = connection.execute(SQL("SELECT pg_sequence_last_value({}) AS last").format(sequence)).fetchone()
    return None if row is None else row["last"]


def _give_back(connection: Connection[DictRow], sequence: Composed | None, last: int | None) -> None:
    """A command refused (or failed) after inserting rows: set `sequence` back to `last`, still under the
    command's lock, so that its positions are not left empty (a sequence does not roll back with the
    transaction: ledger.application.Ledger.command). A role that may not set the sequence (a desk granted
    USAGE only, docs/design.md) leaves the gap, which the chain allows (ledger.persistence)."""
    if sequence is None:
        return
    restart = SQL("SELECT setval({}, {}, {})").format(sequence, Literal(last or 1), Literal(last is not None))
    with suppress(psycopg.Error):  # the transaction rolls back all the same; the numbers taken stay a gap
        connection.execute(restart)


def _unavailable(error: psycopg.Error, schema: str) -> Exception:
    if isinstance(error, psycopg.errors.LockNotAvailable):
        return LedgerLocked(
            f"the ledger (schema {schema}) is locked by another session (waited {lock_timeout()} s); "
            "nothing was appended: try again in a moment"
        )
    if isinstance(error, psycopg.errors.InsufficientPrivilege | psycopg.errors.ReadOnlySqlTransaction):
        return LedgerReadOnly(
            f"this database role cannot write the ledger (schema {schema}); nothing was appended. "
            "Reading commands still work"
        )
    return OperationalError(str(error)) if isinstance(error, psycopg.OperationalError) else PersistenceError(str(error))


class LedgerPostgresFactory(PostgresFactory):
    """The library's PostgreSQL infrastructure with `CommandPostgresDatastore` as its datastore."""

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        self.datastore = CommandPostgresDatastore.adopt(self.datastore)
        self._made: bool | None = None

    def env_create_table(self) -> bool:
        """Run the create statements only for a schema that lacks them: a desk role without CREATE on
        the schema can then open the ledger (docs/design.md), and an open does not wait for another
        desk's command (ALTER TABLE and CREATE TRIGGER wait for the events table's lock)."""
        if self._made is None:
            self._made = self._is_made()
        return super().env_create_table() and not self._made

    def _is_made(self) -> bool:
        """Whether the snapshots table, the commands table and both append-only triggers exist."""
        schema, prefix = self.datastore.schema, self.env.name.lower() or "stored"
        query = SQL(
            "SELECT count(*) AS made FROM pg_trigger WHERE tgrelid = to_regclass({}) AND tgname IN ({}, {}) "
            "AND to_regclass({}) IS NOT NULL AND to_regclass({}) IS NOT NULL"
        ).format(
            Literal(f'"{schema}"."{prefix}_events"'),
            Literal(f"{prefix}_events_append_only_delete"),
            Literal(f"{prefix}_events_append_only_update"),
            Literal(f'"{schema}"."{prefix}_events_commands"'),
            Literal(f'"{schema}"."{prefix}_snapshots"'),
        )
        with self.datastore.get_connection() as connection:
            row = connection.execute(query).fetchone()
        return row is not None and row["made"] == len(APPEND_ONLY_TRIGGERS)


APPEND_ONLY_FUNCTION = (
    "CREATE OR REPLACE FUNCTION {schema}.arbiter_refuse_change() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN RAISE EXCEPTION 'the event log is append-only: % on % refused', TG_OP, TG_TABLE_NAME "
    "USING ERRCODE = 'insufficient_privilege'; END $$"
)
APPEND_ONLY_TRIGGERS = (
    "CREATE OR REPLACE TRIGGER {trigger_delete} BEFORE DELETE OR TRUNCATE ON {schema}.{table} "
    "FOR EACH STATEMENT EXECUTE FUNCTION {schema}.arbiter_refuse_change()",
    "CREATE OR REPLACE TRIGGER {trigger_update} BEFORE UPDATE ON {schema}.{table} FOR EACH ROW "
    "WHEN (OLD.chain_link IS NOT NULL OR NEW.originator_id IS DISTINCT FROM OLD.originator_id "
    "OR NEW.originator_version IS DISTINCT FROM OLD.originator_version OR NEW.topic IS DISTINCT FROM OLD.topic "
    "OR NEW.state IS DISTINCT FROM OLD.state OR NEW.notification_id IS DISTINCT FROM OLD.notification_id) "
    "EXECUTE FUNCTION {schema}.arbiter_refuse_change()",
)
"""The database refuses UPDATE, DELETE and TRUNCATE of events (ARCHITECTURE.md, "The event log"); the
one UPDATE allowed is the recorder's own, in the insert's transaction, linking a new row into the chain.
The grants for a desk role are in docs/design.md."""


class HashChainedPostgresRecorder(PostgresApplicationRecorder):
    """PostgreSQL application recorder with the same chain; inserts hold the table's EXCLUSIVE lock,
    so the chain follows commit order."""

    def __init__(self, datastore: Any, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        schema, table = Identifier(datastore.schema), Identifier(events_table_name)
        self._serialize_ddl = SQL("SELECT pg_advisory_xact_lock(hashtext({}))").format(
            Literal(f"arbiter-ledger create {datastore.schema}.{events_table_name}")
        )
        self.head_table = Identifier(f"{events_table_name}_chain_head")
        self.sql_create_statements.append(
            SQL("ALTER TABLE {}.{} ADD COLUMN IF NOT EXISTS chain_link bytea").format(schema, table)
        )
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {}.{} (id int PRIMARY KEY CHECK (id = 1), "
                "position bigint NOT NULL, link bytea NOT NULL)"
            ).format(schema, self.head_table)
        )
        self.commands_table = Identifier(f"{events_table_name}_commands")
        self.sql_create_statements.append(
            SQL("CREATE TABLE IF NOT EXISTS {}.{} (command_id text PRIMARY KEY, position bigint NOT NULL)").format(
                schema, self.commands_table
            )
        )
        self.sql_create_statements.append(SQL(APPEND_ONLY_FUNCTION).format(schema=schema))  # type: ignore[arg-type]
        self.sql_create_statements += [
            SQL(trigger).format(  # type: ignore[arg-type]
                schema=schema,
                table=table,
                trigger_delete=Identifier(f"{events_table_name}_append_only_delete"),
                trigger_update=Identifier(f"{events_table_name}_append_only_update"),
            )
            for trigger in APPEND_ONLY_TRIGGERS
        ]
        self._select_command = SQL("SELECT position FROM {}.{} WHERE command_id = %s").format(
            schema, self.commands_table
        )
        self._insert_command = SQL("INSERT INTO {}.{} (command_id, position) VALUES (%s, %s)").format(
            schema, self.commands_table
        )
        self._select_link = SQL("SELECT chain_link FROM {}.{} WHERE notification_id = %s").format(schema, table)
        self._update_link = SQL("UPDATE {}.{} SET chain_link = %s WHERE notification_id = %s").format(schema, table)
        self._select_head = SQL("SELECT position, link FROM {}.{} WHERE id = 1").format(schema, self.head_table)
        self._upsert_head = SQL(
            "INSERT INTO {}.{} (id, position, link) VALUES (1, %s, %s) "
            "ON CONFLICT (id) DO UPDATE SET position = excluded.position, link = excluded.link"
        ).format(schema, self.head_table)
        self._sequence = SQL("pg_get_serial_sequence({}, 'notification_id')").format(
            Literal(SQL("{}.{}").format(schema, table).as_string(None))
        )
        """The positions' sequence (the library's `notification_id bigserial`), as an SQL expression."""
        self._select_chain = SQL(
            "SELECT notification_id, originator_id, originator_version, topic, state, chain_link "
            "FROM {}.{} ORDER BY notification_id"
        ).format(schema, table)

    def _create_table(self, curs: Cursor[DictRow]) -> None:
        """Run the create statements one opener at a time: every `Ledger` runs them when it opens,
        and two desks opening at once deadlocked (one's ALTER TABLE waiting for the other's index
        lock while that one waited for the first's CREATE OR REPLACE FUNCTION)."""
        curs.execute(self._serialize_ddl, prepare=False)
        super()._create_table(curs)

    def _fetch_ids_after_insert_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        positions = super()._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
        if positions is None:
            raise PersistenceError("the database returned no positions for the events just inserted")
        if not positions:  # a save with nothing pending (a command that found nothing to record)
            return positions
        curs.execute(self._select_head)
        row = curs.fetchone()
        link = bytes(row["link"]) if row else GENESIS
        updates = []
        for position, stored in zip(positions, stored_events, strict=True):
            link = chain_link(
                link, position, stored.originator_id, stored.originator_version, stored.topic, stored.state
            )
            updates.append((link, position))
        curs.executemany(self._update_link, updates)
        curs.execute(self._upsert_head, (positions[-1], link))
        return positions

    def command_transaction(self) -> Any:
        """One transaction for a whole command, holding the table lock the library's inserts take."""
        datastore = cast(CommandPostgresDatastore, self.datastore)  # the factory adopted it (`adopt`)
        return datastore.command_transaction(self.lock_table_statements, self._sequence)

    def command_position(self, command_id: str) -> int | None:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_command, (command_id,))
            row = curs.fetchone()
        return None if row is None else int(row["position"])

    def record_command(self, command_id: str, position: int) -> None:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(self._insert_command, (command_id, position))

    def chain_batches(self) -> Iterator[list[ChainTuple]]:
        """The rows in log order, `CHAIN_BATCH` at a time from one cursor (as the SQLite recorder's)."""
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_chain)
            while rows := curs.fetchmany(CHAIN_BATCH):
                yield chain_tuples(
                    (
                        row["notification_id"],
                        row["originator_id"],
                        row["originator_version"],
                        row["topic"],
                        row["state"],
                        row["chain_link"],
                    )
                    for row in rows
                )

    def chain_rows(self) -> Iterator[ChainRow]:
        return chain_rows(self.chain_batches())

    def link_at(self, position: int) -> bytes | None:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_link, (position,))
            row = curs.fetchone()
            return as_bytes(row["chain_link"]) if row else None

    def stored_head(self) -> tuple[int, bytes] | None:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_head)
            row = curs.fetchone()
            return (row["position"], bytes(row["link"])) if row else None

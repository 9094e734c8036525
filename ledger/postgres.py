"""The PostgreSQL side of the hash chain, loaded only when a ledger URL selects PostgreSQL
(`ledger.persistence.environment` names it by topic), so the CLI does not import psycopg for a file."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier, Literal

from ledger.persistence import GENESIS, ChainRow, as_bytes, chain_link


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
        self._update_link = SQL("UPDATE {}.{} SET chain_link = %s WHERE notification_id = %s").format(schema, table)
        self._select_head = SQL("SELECT position, link FROM {}.{} WHERE id = 1").format(schema, self.head_table)
        self._upsert_head = SQL(
            "INSERT INTO {}.{} (id, position, link) VALUES (1, %s, %s) "
            "ON CONFLICT (id) DO UPDATE SET position = excluded.position, link = excluded.link"
        ).format(schema, self.head_table)
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
        assert positions is not None
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

    def chain_rows(self) -> Iterator[ChainRow]:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_chain)
            for row in curs.fetchall():
                yield ChainRow(
                    row["notification_id"],
                    row["originator_id"],
                    row["originator_version"],
                    row["topic"],
                    bytes(row["state"]),
                    as_bytes(row["chain_link"]),
                )

    def stored_head(self) -> tuple[int, bytes] | None:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_head)
            row = curs.fetchone()
            return (row["position"], bytes(row["link"])) if row else None

"""The PostgreSQL recorder with signatures and the database's `session_user` beside every event
(`ledger.signed_store`); loaded only when a ledger URL selects PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier, Literal

from ledger.postgres import HashChainedPostgresRecorder
from ledger.signed_store import APPEND_ONLY_REFUSAL, SIGNATURES_TABLE, SignatureRow, signature_rows
from ledger.signing import ArbiterKey


class SignedPostgresRecorder(HashChainedPostgresRecorder):
    """Stores a row per event: the signature when a key is given, and always the session user."""

    signer: ArbiterKey | None = None
    """The key that signs what this recorder inserts (`Ledger` sets it)."""

    def __init__(self, datastore: Any, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        schema, table = Identifier(datastore.schema), Identifier(events_table_name)
        signatures = Identifier(f"{events_table_name}_{SIGNATURES_TABLE}")
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {}.{} (position bigint PRIMARY KEY, fingerprint text, "
                "signature bytea, session_user_name text NOT NULL)"
            ).format(schema, signatures)
        )
        self.sql_create_statements.append(
            SQL(
                "CREATE OR REPLACE FUNCTION {}.refuse_signature_change() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN RAISE EXCEPTION {}; END $$"
            ).format(schema, Literal(APPEND_ONLY_REFUSAL))
        )
        self.sql_create_statements.append(
            SQL(
                "CREATE OR REPLACE TRIGGER {} BEFORE UPDATE OR DELETE OR TRUNCATE ON {}.{} "
                "FOR EACH STATEMENT EXECUTE FUNCTION {}.refuse_signature_change()"
            ).format(Identifier(f"{events_table_name}_signatures_append_only"), schema, signatures, schema)
        )
        self._exists = SQL("SELECT to_regclass({}) IS NOT NULL AS present").format(
            Literal(f'"{datastore.schema}"."{events_table_name}_{SIGNATURES_TABLE}"')
        )
        self._select_links = SQL(
            "SELECT notification_id, chain_link, session_user AS who FROM {}.{} "
            "WHERE notification_id = ANY(%s) ORDER BY notification_id"
        ).format(schema, table)
        self._insert_signature = SQL(
            "INSERT INTO {}.{} (position, fingerprint, signature, session_user_name) VALUES (%s, %s, %s, %s)"
        ).format(schema, signatures)
        self._select_topic = SQL(
            "SELECT originator_version, state FROM {}.{} WHERE originator_id = %s AND topic = %s "
            "ORDER BY originator_version"
        ).format(schema, table)
        self._select_signatures = SQL(
            "SELECT position, fingerprint, signature, session_user_name FROM {}.{} ORDER BY position"
        ).format(schema, signatures)

    def _fetch_ids_after_insert_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        positions = super()._fetch_ids_after_insert_events(curs, stored_events, **kwargs)
        if positions:
            curs.execute(self._select_links, (list(positions),))
            rows = curs.fetchall()
            links = [(row["notification_id"], bytes(row["chain_link"])) for row in rows]
            who = rows[0]["who"] if rows else None
            curs.executemany(
                self._insert_signature,
                [
                    (r.position, r.fingerprint, r.signature, r.session_user)
                    for r in signature_rows(self.signer, links, who)
                ],
            )
        return positions

    def events_of_topic(self, originator_id: UUID, topic: str) -> list[StoredEvent]:
        """A stream's events of one topic, in order (the stream's key narrows the search)."""
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._select_topic, (originator_id, topic))
            return [
                StoredEvent(originator_id, row["originator_version"], topic, bytes(row["state"]))
                for row in curs.fetchall()
            ]

    def signature_rows(self) -> Iterator[SignatureRow]:
        """The stored rows in log order (none in a ledger made before signatures, opened read-only)."""
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._exists)
            row = curs.fetchone()
            if not (row and row["present"]):
                return
            curs.execute(self._select_signatures)
            for row in curs.fetchall():
                signature = row["signature"]
                yield SignatureRow(
                    row["position"],
                    row["fingerprint"],
                    None if signature is None else bytes(signature),
                    row["session_user_name"],
                )

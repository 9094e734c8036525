"""Where signatures are stored: one row per event beside the hash chain, written in the insert's transaction.

The row holds the signing key's fingerprint and its signature of the event's chain link
(`ledger.signing.signed_message`), and on PostgreSQL the database's `session_user`, recorded with every
event whether the ledger is signed or not. A ledger made without keys has no rows on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol
from uuid import UUID

from attrs import frozen
from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteCursor

from ledger.persistence import HashChainedSQLiteRecorder
from ledger.signing import ArbiterKey

SIGNATURES_TABLE = "event_signatures"
APPEND_ONLY_REFUSAL = "signatures are append-only: a signature is never edited or deleted"


@frozen
class SignatureRow:
    """What is stored beside the event at `position`."""

    position: int
    fingerprint: str | None
    signature: bytes | None
    session_user: str | None


def signature_rows(
    signer: ArbiterKey | None, links: Sequence[tuple[int, bytes]], session_user: str | None
) -> list[SignatureRow]:
    """The rows for newly linked events: signed by `signer`, or (without one) naming the database user only."""
    if signer is None:
        return [SignatureRow(position, None, None, session_user) for position, _ in links]
    return [
        SignatureRow(position, signer.fingerprint, signer.sign(link, session_user), session_user)
        for position, link in links
    ]


class SignedRecorder(Protocol):
    """A recorder that stores signatures (`SignedSQLiteRecorder`, `ledger.signed_postgres.SignedPostgresRecorder`)."""

    signer: ArbiterKey | None

    def events_of_topic(self, originator_id: UUID, topic: str) -> list[StoredEvent]: ...

    def signature_rows(self) -> Iterator[SignatureRow]: ...


class SignedSQLiteRecorder(HashChainedSQLiteRecorder):
    """The hash-chained SQLite recorder that also stores each event's signature when a key is given."""

    signer: ArbiterKey | None = None
    """The key that signs what this recorder inserts (`Ledger` sets it)."""

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {SIGNATURES_TABLE} (position INTEGER PRIMARY KEY, "
            "fingerprint TEXT, signature BLOB, session_user TEXT)",
            *(
                f"CREATE TRIGGER IF NOT EXISTS {SIGNATURES_TABLE}_append_only_{change.lower()} BEFORE {change} "
                f"ON {SIGNATURES_TABLE} BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY_REFUSAL}'); END"
                for change in ("UPDATE", "DELETE")
            ),
        ]

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int]:
        positions = super()._insert_events(c, stored_events, **kwargs)
        if self.signer is not None and positions:
            c.execute(
                f"SELECT rowid, chain_link FROM {self.events_table_name} WHERE rowid BETWEEN ? AND ? ORDER BY rowid",
                (positions[0], positions[-1]),
            )
            links = [(row[0], bytes(row[1])) for row in c.fetchall()]
            c.executemany(
                f"INSERT INTO {SIGNATURES_TABLE} (position, fingerprint, signature, session_user) VALUES (?,?,?,?)",
                [
                    (r.position, r.fingerprint, r.signature, r.session_user)
                    for r in signature_rows(self.signer, links, None)
                ],
            )
        return positions

    def events_of_topic(self, originator_id: UUID, topic: str) -> list[StoredEvent]:
        """A stream's events of one topic, in order (the stream's key narrows the search)."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT originator_version, state FROM {self.events_table_name} "
                "WHERE originator_id = ? AND topic = ? ORDER BY originator_version",
                (originator_id.hex, topic),
            )
            return [StoredEvent(originator_id, row[0], topic, bytes(row[1])) for row in c.fetchall()]

    def signature_rows(self) -> Iterator[SignatureRow]:
        """The stored rows in log order (none in a ledger made before signatures, opened read-only)."""
        with self.datastore.transaction(commit=False) as c:
            c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (SIGNATURES_TABLE,))
            if c.fetchone() is None:
                return
            c.execute(
                f"SELECT position, fingerprint, signature, session_user FROM {SIGNATURES_TABLE} ORDER BY position"
            )
            for row in c.fetchall():
                yield SignatureRow(row[0], row[1], None if row[2] is None else bytes(row[2]), row[3])

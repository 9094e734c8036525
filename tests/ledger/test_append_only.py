"""Append-only at the database (ARCHITECTURE.md, "The event log": "The database refuses UPDATE, DELETE
and TRUNCATE on the events table (triggers)"). A connection of its own, outside the ledger's code,
tries each one on a real ledger: the database refuses, and the chain still verifies. The ledger's
own commands (which link each new row in the insert's transaction) keep working.
"""

from __future__ import annotations

import sqlite3
from typing import Any
from urllib.parse import parse_qs, urlparse, urlunparse

import psycopg
import pytest
from psycopg import sql

from ledger.application import Ledger
from ledger.persistence import is_postgres

REFUSALS = {
    "edit an event": "UPDATE {events} SET state = state || {extra} WHERE {position} = 3",
    "re-link an event": "UPDATE {events} SET chain_link = {zeros} WHERE {position} = 3",
    "renumber an event": "UPDATE {events} SET originator_version = originator_version + 100 WHERE {position} = 3",
    "delete an event": "DELETE FROM {events} WHERE {position} = 3",
    "delete every event": "DELETE FROM {events}",
}


def attempt(location: str, statement: str) -> None:
    """Run one statement on the ledger's database in a transaction of its own (raises if refused)."""
    if is_postgres(location):
        url = urlparse(location)
        schema = parse_qs(url.query)["schema"][0]
        events = sql.SQL("{}.{}").format(sql.Identifier(schema), sql.Identifier("ledger_events"))
        text = sql.SQL(statement).format(
            events=events,
            position=sql.Identifier("notification_id"),
            extra=sql.Literal(b" "),
            zeros=sql.Literal(bytes(32)),
        )
        with psycopg.connect(urlunparse(url._replace(query=""))) as conn:
            conn.execute(text)
        return
    text = statement.format(events="stored_events", position="rowid", extra="X'20'", zeros="zeroblob(32)")
    with sqlite3.connect(location) as conn:
        conn.execute(text)


@pytest.fixture
def played(location: str, new_tournament: Any) -> Ledger:
    ledger = new_tournament(location, players=4)
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    return ledger


@pytest.mark.parametrize("what", list(REFUSALS))
def test_the_database_refuses_to_change_an_event(played: Ledger, location: str, what: str) -> None:
    before = list(played.log_events())
    refused = psycopg.Error if is_postgres(location) else sqlite3.Error
    with pytest.raises(refused, match="append-only"):
        attempt(location, REFUSALS[what])
    assert played.verify().ok
    assert [(p, type(e)) for p, e in played.log_events()] == [(p, type(e)) for p, e in before]
    played.record_result(1, 2, "0-1")  # the ledger's own inserts and links still work
    assert played.verify().ok


def test_postgres_refuses_truncate(played: Ledger, location: str) -> None:
    if not is_postgres(location):
        pytest.skip("SQLite has no TRUNCATE (DELETE without WHERE is refused above)")
    with pytest.raises(psycopg.Error, match="append-only"):
        attempt(location, "TRUNCATE {events}")
    assert played.verify().ok and played.position() > 0


def test_sqlite_journal_and_synchronous_are_set(tmp_path: Any, new_tournament: Any) -> None:
    """docs/design.md: the ledger is a WAL database written with synchronous=FULL."""
    location = str(tmp_path / "t.ledger")
    ledger = new_tournament(location, players=4)
    with sqlite3.connect(location) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    datastore = ledger.recorder.datastore  # type: ignore[attr-defined]
    with ledger.command(), datastore.transaction(commit=False) as cursor:
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 2  # FULL

"""Append-only at the database (ARCHITECTURE.md, "The event log": "The database refuses UPDATE, DELETE
and TRUNCATE on the events table (triggers)"). A connection of its own, outside the ledger's code,
tries each one on a real ledger: the database refuses, and the chain still verifies. The ledger's
own commands (which link each new row in the insert's transaction) keep working.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse, urlunparse

import psycopg
import pytest
from psycopg import sql

from ledger.application import Ledger, PlayerDetails
from ledger.persistence import is_postgres
from ledger.results import Game
from ledger.settings import TournamentSettings
from tui.wiring import open_ledger

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


def desk_role_grants(schema: str, role: str) -> list[str]:
    """The grants docs/design.md gives a desk role ("Append-only at the database"), for `schema`."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "design.md").read_text()
    block = text.split("CREATE ROLE arbiter_desk")[1].split("```")[0]
    return [
        line.split("--")[0].strip().replace("club_champs_2026", schema).replace("arbiter_desk", role)
        for line in block.splitlines()
        if line.startswith("GRANT")
    ]


def test_a_desk_role_with_the_documented_grants_appends_but_cannot_delete(location: str) -> None:
    if not is_postgres(location):
        pytest.skip("roles and grants are PostgreSQL's")
    url = urlparse(location)
    schema = parse_qs(url.query)["schema"][0]
    role = f"desk_{schema}"
    owner = urlunparse(url._replace(query=""))
    ledger = Ledger(location, "chief")  # the owner creates the tables
    ledger.close()
    with psycopg.connect(owner, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(role)))
        try:
            for grant in desk_role_grants(schema, role):
                conn.execute(grant)
            desk_url = urlunparse(url._replace(netloc=f"{role}@{url.hostname}:{url.port}"))
            _desk_work(desk_url, schema)
        finally:
            conn.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
            conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))


def _desk_work(desk_url: str, schema: str) -> None:
    """As the desk role: a tournament is run; deleting or dropping the triggers is refused."""
    ledger, _ = open_ledger(desk_url, "desk", create=True)
    ledger.create_tournament("Club", TournamentSettings.for_game(Game.CHESS, "round-robin", 3, seed=1))
    ledger.register_players([PlayerDetails(f"P{n}") for n in range(1, 5)])
    ledger.pair_next_round()
    ledger.record_result(1, 1, "1-0")
    assert ledger.verify().ok
    ledger.close()
    events = sql.SQL("{}.{}").format(sql.Identifier(schema), sql.Identifier("ledger_events"))
    with psycopg.connect(desk_url.split("?")[0], autocommit=True) as conn:
        for statement in (
            sql.SQL("DELETE FROM {}").format(events),
            sql.SQL("TRUNCATE {}").format(events),
            sql.SQL("DROP TRIGGER ledger_events_append_only_update ON {}").format(events),
        ):
            with pytest.raises(psycopg.Error):
                conn.execute(statement)

"""Tamper evidence (ARCHITECTURE.md, "The event log"): every stored event carries
`sha256(previous link || position || stream id || version || topic || stored bytes)`, so an edited,
deleted or reordered row is found by `verify`, which names the first bad position; a round's seal
carries the chain head.

The rows are tampered with directly in the database (sqlite3, psycopg), as someone holding the
file or the database would, and a fresh `Ledger` is opened afterwards so no cache hides the change.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from typing import Any
from urllib.parse import parse_qs, urlparse, urlunparse
from uuid import UUID

import psycopg
import pytest
from psycopg import sql

from ledger.application import Ledger
from ledger.domain import Round
from ledger.locations import is_postgres

GENESIS = bytes(32)
CONTENT = ("originator_id", "originator_version", "topic", "state")
"""The columns of a stored event that the chain covers (besides its position)."""


class StoredRows:
    """The ledger's stored rows, read and changed behind the ledger's back, by someone who holds the
    database's owner role or the file: they can drop the append-only triggers first, and do."""

    def __init__(self, location: str) -> None:
        self.postgres = is_postgres(location)
        if self.postgres:
            url = urlparse(location)
            self.schema = parse_qs(url.query)["schema"][0]
            self.conn: Any = psycopg.connect(urlunparse(url._replace(query="")), autocommit=True)
            self.events = sql.SQL("{}.{}").format(sql.Identifier(self.schema), sql.Identifier("ledger_events"))
            self.head_table = sql.SQL("{}.{}").format(
                sql.Identifier(self.schema), sql.Identifier("ledger_events_chain_head")
            )
            self.position_column = sql.Identifier("notification_id")
        else:
            self.conn = sqlite3.connect(location, isolation_level=None)
            self.events = sql.Identifier("stored_events")
            self.head_table = sql.Identifier("chain_head")
            self.position_column = sql.SQL("rowid")
        self.drop_append_only_triggers()

    def drop_append_only_triggers(self) -> None:
        table = "ledger_events" if self.postgres else "stored_events"
        for kind in ("delete", "update"):
            trigger = sql.Identifier(f"{table}_append_only_{kind}")
            if self.postgres:
                self._run(sql.SQL("DROP TRIGGER IF EXISTS {} ON {}").format(trigger, self.events))
            else:
                self._run(sql.SQL("DROP TRIGGER IF EXISTS {}").format(trigger))

    def _run(self, query: sql.Composable, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if self.postgres:
            cursor = self.conn.execute(query, params)
            return cursor.fetchall() if cursor.description else []
        # psycopg.sql composes the statement; sqlite3 takes `?` where psycopg takes `%s`.
        text = query.as_string(None).replace("%s", "?")
        return self.conn.execute(text, params).fetchall()

    def positions(self) -> list[int]:
        query = sql.SQL("SELECT {} FROM {} ORDER BY 1").format(self.position_column, self.events)
        return [row[0] for row in self._run(query)]

    def row(self, position: int) -> dict[str, Any]:
        query = sql.SQL("SELECT {}, chain_link FROM {} WHERE {} = %s").format(
            sql.SQL(", ").join(map(sql.Identifier, CONTENT)), self.events, self.position_column
        )
        (found,) = self._run(query, (position,))
        return {**dict(zip(CONTENT, found[:4], strict=True)), "chain_link": bytes(found[4])}

    def update(self, position: int, **columns: Any) -> None:
        query = sql.SQL("UPDATE {} SET {} WHERE {} = %s").format(
            self.events,
            sql.SQL(", ").join(sql.SQL("{} = %s").format(sql.Identifier(c)) for c in columns),
            self.position_column,
        )
        self._run(query, (*columns.values(), position))

    def delete(self, position: int) -> None:
        self._run(sql.SQL("DELETE FROM {} WHERE {} = %s").format(self.events, self.position_column), (position,))

    def head(self) -> tuple[int, bytes]:
        ((position, link),) = self._run(sql.SQL("SELECT position, link FROM {}").format(self.head_table))
        return position, bytes(link)

    def set_head_link(self, link: bytes) -> None:
        self._run(sql.SQL("UPDATE {} SET link = %s").format(self.head_table), (link,))

    def swap(self, first: int, second: int) -> None:
        """Exchange the contents of two rows, keeping their positions (the rows are 'reordered')."""
        a, b = self.row(first), self.row(second)
        self.update(first, originator_version=-1)  # out of the way of the (stream, version) key
        self.update(second, **{c: a[c] for c in CONTENT})
        self.update(first, **{c: b[c] for c in CONTENT})

    def close(self) -> None:
        self.conn.close()


@pytest.fixture
def stored_rows(location: str) -> Iterator[StoredRows]:
    with closing(StoredRows(location)) as rows:
        yield rows


@pytest.fixture
def played(location: str, new_tournament: Any) -> Ledger:
    """6 players registered, round 1 paired and every result in: 13 events."""
    ledger = new_tournament(location, players=6)
    pairing = ledger.pair_next_round()
    for board, result in zip(range(1, len(pairing.boards) + 1), ["1-0", "1/2", "0-1"], strict=True):
        ledger.record_result(1, board, result)
    return ledger


def expected_chain(rows: StoredRows) -> bytes:
    """The chain head computed here from the stored rows, by the formula in ARCHITECTURE.md."""
    link = GENESIS
    for position in rows.positions():
        row = rows.row(position)
        digest = hashlib.sha256(link)
        digest.update(position.to_bytes(8, "big"))
        digest.update(str(UUID(str(row["originator_id"]))).encode())
        digest.update(row["originator_version"].to_bytes(8, "big"))
        digest.update(row["topic"].encode())
        digest.update(bytes(row["state"]))
        link = digest.digest()
    return link


def verify_afresh(location: str, open_desk: Any) -> Any:
    """`verify` on a newly opened ledger (no cache from before the tampering)."""
    return open_desk(location).verify()


def test_untouched_ledger_verifies_with_its_event_count_and_head(played: Ledger, stored_rows: StoredRows) -> None:
    """ARCHITECTURE.md, "The event log": every stored event carries a link of the hash chain, and
    the head is the link of the last event."""
    report = played.verify()
    positions = stored_rows.positions()
    assert report.ok, report
    assert report.events == len(positions) == len(list(played.log_events())) == 13
    assert report.head == expected_chain(stored_rows).hex()
    assert stored_rows.head() == (positions[-1], bytes.fromhex(report.head))
    assert stored_rows.row(positions[-1])["chain_link"].hex() == report.head


@pytest.mark.parametrize("index", [0, 4, 9, 12], ids=["first", "registration", "pairing", "last"])
def test_edited_event_is_named(
    played: Ledger, stored_rows: StoredRows, location: str, open_desk: Any, index: int
) -> None:
    """An event whose stored bytes were edited is detected, and verify names its position."""
    position = stored_rows.positions()[index]
    state = bytes(stored_rows.row(position)["state"])
    edited = state.replace(b'"', b"'", 1)
    assert edited != state
    stored_rows.update(position, state=edited)

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert report.first_bad_position == position, report
    assert "edited" in report.problem


@pytest.mark.parametrize("index", [0, 5, 10], ids=["first", "registration", "result"])
def test_deleted_event_is_named_by_the_next_position(
    played: Ledger, stored_rows: StoredRows, location: str, open_desk: Any, index: int
) -> None:
    """A deleted row breaks the link of the row after it: verify names that next position."""
    positions = stored_rows.positions()
    stored_rows.delete(positions[index])

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert report.first_bad_position == positions[index + 1], report
    assert "deleted" in report.problem


@pytest.mark.parametrize(
    ("first", "second"), [(2, 4), (1, 10), (10, 12)], ids=["two-registrations", "registration-result", "two-results"]
)
def test_reordered_events_are_named_at_the_first_of_them(
    played: Ledger, stored_rows: StoredRows, location: str, open_desk: Any, first: int, second: int
) -> None:
    """Two rows whose contents (stream, version, topic, bytes) were exchanged: verify names the
    earlier position."""
    positions = stored_rows.positions()
    stored_rows.swap(positions[first], positions[second])

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert report.first_bad_position == positions[first], report


@pytest.mark.parametrize(
    ("change", "bad", "good"),
    [("edit", 9, 9), ("swap", 7, 7), ("delete", 8, 7)],
    ids=["edited", "reordered", "deleted"],
)
def test_the_chain_read_in_batches_finds_what_one_read_finds(
    played: Ledger,
    stored_rows: StoredRows,
    location: str,
    open_desk: Any,
    monkeypatch: pytest.MonkeyPatch,
    change: str,
    bad: int,
    good: int,
) -> None:
    """`verify` reads the chain a batch of rows at a time (`ledger.persistence.CHAIN_BATCH`, 5,000): with
    batches of 4 rows, the 13 events verify to the same head, and an edited, reordered (across a batch's
    end) or deleted row in a later batch is named at the same position as in one read, after as many good
    events."""
    whole = played.verify()
    monkeypatch.setattr("ledger.persistence.CHAIN_BATCH", 4)
    monkeypatch.setattr("ledger.postgres.CHAIN_BATCH", 4)
    assert verify_afresh(location, open_desk) == whole
    stored_rows.drop_append_only_triggers()  # opening the ledger again made them
    positions = stored_rows.positions()
    if change == "edit":
        stored_rows.update(positions[9], state=bytes(stored_rows.row(positions[9])["state"]).replace(b'"', b"'", 1))
    elif change == "swap":
        stored_rows.swap(positions[7], positions[8])
    else:
        stored_rows.delete(positions[7])

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert report.first_bad_position == positions[bad], report
    assert report.events == good


def test_deleted_last_event_is_found_by_the_head(
    played: Ledger, stored_rows: StoredRows, location: str, open_desk: Any
) -> None:
    """Deleting the last row leaves a consistent chain one event short; the chain head record
    still names the deleted position, so verify fails there."""
    positions = stored_rows.positions()
    stored_rows.delete(positions[-1])

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert report.first_bad_position == positions[-1], report
    assert "chain head" in report.problem
    assert report.events == len(positions) - 1


@pytest.mark.parametrize("index", [0, 6, 12], ids=["first", "middle", "last"])
def test_edited_link_is_named(
    played: Ledger, stored_rows: StoredRows, location: str, open_desk: Any, index: int
) -> None:
    """An edited chain_link column is found at that position or, at the latest, the next."""
    positions = stored_rows.positions()
    position = positions[index]
    stored_rows.update(position, chain_link=hashlib.sha256(b"forged").digest())

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert report.first_bad_position in positions[index : index + 2], report


def test_edited_head_record_is_found(played: Ledger, stored_rows: StoredRows, location: str, open_desk: Any) -> None:
    """The chain head record itself is covered: a forged head does not verify."""
    stored_rows.set_head_link(hashlib.sha256(b"forged").digest())

    report = verify_afresh(location, open_desk)

    assert not report.ok
    assert "chain head" in report.problem


def test_seal_carries_the_head_verify_reported(played: Ledger, location: str, open_desk: Any) -> None:
    """ARCHITECTURE.md: "A round's seal event carries the chain head so it can be printed on the
    results sheet": the head and position verify reported just before sealing."""
    before = played.verify()
    position = played.position()
    assert before.ok

    head = played.seal_round(1)

    assert head == before.head
    ledger = open_desk(location)
    (sealed,) = [event for _, event in ledger.log_events() if isinstance(event, Round.Sealed)]
    assert (sealed.chain_head, sealed.position) == (before.head, position)
    after = ledger.verify()
    assert after.ok
    assert after.events == before.events + 1
    assert ledger.round(1).sealed_at == position

"""The last event of a SQLite ledger's log, read without the storage layer (docs/performance.md,
"Start-up"): a reading command compares it with the position and chain link its read models were
built to, and reads the stored tables when they match."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from ledger.locations import is_postgres

EVENTS_TABLE = "stored_events"
"""The table the SQLite recorder stores the events in (`ledger.persistence.HashChainedSQLiteRecorder`)."""


def read_only(path: Path) -> sqlite3.Connection:
    """A connection that can only read the SQLite file at `path`, and never creates it."""
    return sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True, isolation_level=None)


def log_head(location: str) -> tuple[int, bytes] | None:
    """(position, chain link) of the last event of the SQLite ledger at `location`, as `Ledger.position`
    and `Ledger.link_at` give them; None for a PostgreSQL ledger, a missing file or an empty log."""
    if is_postgres(location) or not Path(location).is_file():
        return None
    db = read_only(Path(location))
    try:
        row = db.execute(f"SELECT rowid, chain_link FROM {EVENTS_TABLE} ORDER BY rowid DESC LIMIT 1").fetchone()
    finally:
        db.close()
    return (row[0], bytes(row[1])) if row is not None and row[1] is not None else None

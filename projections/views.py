"""Read-model tables in SQLite, kept current by catching up with the ledger (ARCHITECTURE.md, "Read models").

The tables (`players`, `boards`, `byes`, `rounds`, `history`, `colours`, `standings`, `audit`,
`meta`) carry the schema version in their names (`standings_v2`); a new version is built beside the
old one and swapped in, then the old one is dropped. A catch-up applies the new log events to the
in-memory fold (`TournamentState`) and rewrites, in one transaction, the rows those events touched;
a rebuild does the same from position 0 into fresh tables and swaps them in, and gives exactly the
same tables (a property test checks it).

Views of a SQLite ledger live beside it (`club.ledger.views`); those of a PostgreSQL ledger in the
user's cache folder, one file per URL. They are derived data: deleting the file only costs a rebuild.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ledger.application import Ledger
from ledger.domain import Round, Tournament
from pairing.model import PairingInput, RoundRecord
from projections.audit import AuditLine, audit_line
from projections.colours import colour_standing
from projections.history import histories, pairing_input
from projections.standings import StandingRow, TiebreakMemo, standings
from projections.state import PlayerView, TournamentState, fold

SCHEMA_VERSION = 2
STATE_SNAPSHOT_EVERY = 500
"""Events between two snapshots of the fold kept in `meta` (so a new process need not replay the log)."""

TABLES: dict[str, str] = {
    "meta": "key TEXT PRIMARY KEY, value BLOB",
    "players": "number INTEGER PRIMARY KEY, name TEXT, rating INTEGER, federation TEXT, club TEXT, team TEXT, "
    "title TEXT, external_id TEXT, status TEXT, withdrawn_from INTEGER, registered_at INTEGER",
    "rounds": "round INTEGER PRIMARY KEY, revision INTEGER, paired INTEGER, engine TEXT, engine_version TEXT, "
    "input_position INTEGER, paired_at INTEGER, sealed_at INTEGER, chain_head TEXT, explanation TEXT, "
    "missing INTEGER",
    "boards": "round INTEGER, board INTEGER, first INTEGER, second INTEGER, result TEXT, PRIMARY KEY (round, board)",
    "byes": "round INTEGER, player INTEGER, kind TEXT, points REAL, PRIMARY KEY (round, player)",
    "history": "number INTEGER, round INTEGER, opponent INTEGER, side TEXT, outcome TEXT, points REAL, "
    "played INTEGER, bye TEXT, float TEXT, score_for INTEGER, score_against INTEGER, PRIMARY KEY (number, round)",
    "colours": "number INTEGER PRIMARY KEY, firsts INTEGER, seconds INTEGER, difference INTEGER, "
    "preference TEXT, strength TEXT",
    "standings": "number INTEGER PRIMARY KEY, rank INTEGER, name TEXT, rating INTEGER, score REAL, "
    "tiebreaks TEXT, games INTEGER, withdrawn INTEGER, place TEXT",
    "audit": "position INTEGER PRIMARY KEY, time TEXT, actor TEXT, kind TEXT, summary TEXT, round INTEGER, "
    "players TEXT, reason TEXT, reference TEXT",
}


QUERIES: dict[str, str] = {
    "meetings": "SELECT number, opponent, COUNT(*) AS times, MAX(round) AS last_round FROM {history} "
    "WHERE opponent IS NOT NULL GROUP BY number, opponent",
    "byes_received": "SELECT number, round, bye, points FROM {history} WHERE bye IS NOT NULL",
    "floats": "SELECT number, round, float FROM {history} WHERE float != 'none'",
}
"""SQL views over the tables: the meetings matrix (who met whom, how often, how recently), the byes
each player received, and the float history."""


def table(name: str, suffix: str = "") -> str:
    return f"{name}_v{SCHEMA_VERSION}{suffix}"


def views_path(location: str) -> Path:
    """Where the read models of the ledger at `location` live."""
    if location.startswith(("postgresql://", "postgres://")):
        cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "arbiter-ledger"
        cache.mkdir(parents=True, exist_ok=True)
        return cache / (hashlib.sha256(location.encode()).hexdigest()[:20] + ".views")
    return Path(location + ".views")


class Changes:
    """What a batch of events touched: the rows to rewrite."""

    def __init__(self) -> None:
        self.players: set[int] = set()
        self.rounds: set[int] = set()
        self.audit: list[AuditLine] = []
        self.results_of: set[int] | None = set()
        """Players whose own round records changed through results only; None: anything wider."""

    def note(self, state: TournamentState, position: int, event: Any) -> None:
        self.audit.append(audit_line(position, event, state.round_streams))
        if isinstance(event, Round.ResultRecorded | Round.ResultCorrected | Round.ResultVoided):
            if self.results_of is not None:
                self.results_of.update((event.first, event.second))
        elif not isinstance(event, Round.Sealed):
            self.results_of = None
        if isinstance(event, Round.Event):
            self.rounds.add(state.round_streams[event.originator_id])
        elif isinstance(event, Tournament.Created):
            self.players.update(state.players)
        elif isinstance(event, Tournament.Event) and hasattr(event, "number"):
            self.players.add(event.number)

    @property
    def any(self) -> bool:
        return bool(self.audit)


class ReadModels:
    """The read-model tables of one ledger, and the fold that feeds them."""

    def __init__(self, ledger: Ledger, path: Path | None = None) -> None:
        self.ledger = ledger
        self.path = path or views_path(ledger.location)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self._live = TournamentState()
        self._pending = Changes()
        self._memo = TiebreakMemo()
        self._written_standings: dict[int, StandingRow] = {}
        self._ensure_tables()
        self._live = self._load_state()

    # --- tables ----------------------------------------------------------------------------------

    def _ensure_tables(self) -> None:
        """Create this version's tables if missing, building them from the log beside older ones."""
        if self._has_table(table("meta")):
            return
        with self._transaction():
            self._create_tables("")
            self._create_queries()
        self.catch_up()
        self._drop_older_versions()

    def _has_table(self, name: str) -> bool:
        found = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
        return found.fetchone() is not None

    def _create_tables(self, suffix: str) -> None:
        for name, columns in TABLES.items():
            self.db.execute(f"CREATE TABLE IF NOT EXISTS {table(name, suffix)} ({columns})")

    def _drop_queries(self) -> None:
        for name in QUERIES:
            self.db.execute(f"DROP VIEW IF EXISTS {table(name)}")

    def _create_queries(self) -> None:
        self._drop_queries()
        for name, query in QUERIES.items():
            self.db.execute(f"CREATE VIEW {table(name)} AS {query.format(history=table('history'))}")

    def _drop_older_versions(self) -> None:
        found = list(self.db.execute("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view')"))
        current = {table(name) for name in (*TABLES, *QUERIES)}
        for kind, name in found:
            if any(name.startswith(f"{base}_v") for base in (*TABLES, *QUERIES)) and name not in current:
                self.db.execute(f"DROP {kind.upper()} {name}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _meta(self, key: str, suffix: str = "") -> Any:
        row = self.db.execute(f"SELECT value FROM {table('meta', suffix)} WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def _set_meta(self, key: str, value: Any, suffix: str = "") -> None:
        self.db.execute(f"INSERT OR REPLACE INTO {table('meta', suffix)} (key, value) VALUES (?, ?)", (key, value))

    @property
    def position(self) -> int:
        """The log position the tables are current with."""
        return int(self._meta("position") or 0)

    # --- the fold ----------------------------------------------------------------------------------

    def _load_state(self) -> TournamentState:
        blob = self._meta("state")
        if blob is None:
            return TournamentState()
        try:
            state = pickle.loads(blob)
        except (pickle.UnpicklingError, AttributeError, ImportError, TypeError):
            return TournamentState()  # written by other code: replay the log instead
        return state if isinstance(state, TournamentState) else TournamentState()

    @staticmethod
    def _advance(state: TournamentState, changes: Changes, events: Iterable[tuple[int, Any]]) -> None:
        for position, event in events:
            state.apply(position, event)
            changes.note(state, position, event)

    def state(self, as_of: int | None = None) -> TournamentState:
        """The tournament now (the fold caught up with the log), or as it was at position `as_of`."""
        if as_of is not None and as_of < self.ledger.position():
            return fold(self.ledger.log_events(stop=as_of))
        self._advance(self._live, self._pending, self.ledger.log_events(start=self._live.position + 1))
        return self._live

    def as_recorded(self, round_number: int) -> TournamentState:
        """The tournament as the engine read it for `round_number` (its pairing's recorded input position);
        the state now when the round has no pairing."""
        now = self.state()
        view = now.rounds.get(round_number)
        return self.state(view.input_position) if view is not None else now

    def pairing_input(self, round_number: int) -> tuple[PairingInput, int]:
        """`ledger.application.ReadPort`: the engines' input built from the fold as it stands."""
        state = self.state()
        return pairing_input(state, round_number), state.position

    def catch_up(self) -> int:
        """Apply the log's new events and rewrite what they touched; returns the position now current."""
        state = self.state()
        with self._transaction():
            if self.position < state.position:
                self._write(state, self._pending, "", since=self.position)
        self._pending = Changes()
        return state.position

    def rebuild(self) -> int:
        """Build every table afresh from the log beside the current ones, then swap them in."""
        state, changes = TournamentState(), Changes()
        self._advance(state, changes, self.ledger.log_events())
        with self._transaction():
            self._create_tables("_new")
            for name in TABLES:
                self.db.execute(f"DELETE FROM {table(name, '_new')}")
            self._write(state, changes, "_new", since=0)
            self._drop_queries()
            for name in TABLES:
                self.db.execute(f"DROP TABLE IF EXISTS {table(name)}")
                self.db.execute(f"ALTER TABLE {table(name, '_new')} RENAME TO {table(name)}")
            self._create_queries()
        self._live, self._pending = state, Changes()
        self._memo, self._written_standings = TiebreakMemo(), {}
        return state.position

    # --- writing rows ------------------------------------------------------------------------------

    def _write(self, state: TournamentState, changes: Changes, suffix: str, since: int) -> None:
        self._write_audit(changes.audit, suffix, since)
        # A player's status reads the next round, which a pairing or its withdrawal moves.
        self._write_players(state, changes.players if changes.results_of is not None else set(state.players), suffix)
        self._write_rounds(state, changes.rounds, suffix)
        if changes.rounds or changes.players:
            self._write_history(state, min(changes.rounds, default=1), changes.results_of, suffix)
            self._write_standings(state, changes.results_of, suffix)
        self._set_meta("position", state.position, suffix)
        last = int(self._meta("state_position", suffix) or 0)
        if state.position - last >= STATE_SNAPSHOT_EVERY or suffix:
            self._set_meta("state", _pickled(state), suffix)
            self._set_meta("state_position", state.position, suffix)

    def _write_audit(self, lines: list[AuditLine], suffix: str, since: int) -> None:
        self.db.executemany(
            f"INSERT OR REPLACE INTO {table('audit', suffix)} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    line.position,
                    line.time.isoformat(),
                    line.actor,
                    line.kind,
                    line.summary,
                    line.round,
                    json.dumps(list(line.players)),
                    line.reason,
                    line.reference,
                )
                for line in lines
                if line.position > since
            ],
        )

    def _write_players(self, state: TournamentState, numbers: set[int], suffix: str) -> None:
        next_round = state.last_paired_round + 1
        self.db.executemany(
            f"INSERT OR REPLACE INTO {table('players', suffix)} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    p.number,
                    p.name,
                    p.rating,
                    p.federation,
                    p.club,
                    p.team,
                    p.title,
                    p.external_id,
                    _status(state, p, next_round),
                    p.withdrawn_from,
                    p.registered_at,
                )
                for p in (state.players[n] for n in sorted(numbers) if n in state.players)
            ],
        )

    def _write_rounds(self, state: TournamentState, numbers: set[int], suffix: str) -> None:
        for number in sorted(numbers):
            view = state.rounds[number]
            self.db.execute(
                f"INSERT OR REPLACE INTO {table('rounds', suffix)} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    number,
                    view.revision,
                    int(view.paired),
                    view.engine,
                    view.engine_version,
                    view.input_position,
                    view.paired_at,
                    view.sealed_at,
                    view.chain_head,
                    json.dumps(view.explanation),
                    len(view.missing_results) if view.paired else 0,
                ),
            )
            self.db.execute(f"DELETE FROM {table('boards', suffix)} WHERE round = ?", (number,))
            self.db.execute(f"DELETE FROM {table('byes', suffix)} WHERE round = ?", (number,))
            if not view.paired:
                continue
            self.db.executemany(
                f"INSERT INTO {table('boards', suffix)} VALUES (?, ?, ?, ?, ?)",
                [
                    (number, index, b.first, b.second, view.results[index].code if index in view.results else None)
                    for index, b in enumerate(view.boards, start=1)
                ],
            )
            self.db.executemany(
                f"INSERT INTO {table('byes', suffix)} VALUES (?, ?, ?, ?)",
                [(number, bye.player, bye.kind.value, bye.points) for bye in view.byes],
            )

    def _write_history(self, state: TournamentState, from_round: int, changed: set[int] | None, suffix: str) -> None:
        """Rows of rounds `from_round` onwards (a change there can move later floats), and the side
        standing of the players whose records changed (everyone's when `changed` is None)."""
        table_ = histories(state, state.last_paired_round)
        numbers = table_ if changed is None else changed
        if changed is not None and from_round == state.last_paired_round:
            rewritten = numbers  # results in the last round move nobody else's records
        else:
            rewritten = table_
            self.db.execute(f"DELETE FROM {table('history', suffix)} WHERE round >= ?", (from_round,))
        self.db.executemany(
            f"INSERT OR REPLACE INTO {table('history', suffix)} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [_history_row(number, r) for number in rewritten for r in table_[number][from_round - 1 :]],
        )
        self.db.executemany(
            f"INSERT OR REPLACE INTO {table('colours', suffix)} VALUES (?, ?, ?, ?, ?, ?)",
            [(number, *colour_standing(table_[number])) for number in numbers],
        )

    def _write_standings(self, state: TournamentState, changed: set[int] | None, suffix: str) -> None:
        """Rewrite the rows that differ from the ones last written (ranks move for a few players); a
        row object the standings reused is the row already written."""
        memo, written = (self._memo, self._written_standings) if not suffix else (TiebreakMemo(), {})
        rows = standings(state, memo, changed)
        if not written:
            self.db.execute(f"DELETE FROM {table('standings', suffix)}")
        self.db.executemany(
            f"INSERT OR REPLACE INTO {table('standings', suffix)} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [_standing_row(row) for row in rows if written.get(row.number) is not row],
        )
        written.clear()
        written.update((row.number, row) for row in rows)

    # --- reading (synchronous; the TUI reads through `projections.async_views`) -------------------

    def query(self, name: str) -> list[tuple[Any, ...]]:
        """The rows of one of `QUERIES` (meetings, byes_received, floats), sorted."""
        return list(self.db.execute(f"SELECT * FROM {table(name)} ORDER BY 1, 2"))

    def rows(self, name: str) -> list[tuple[Any, ...]]:
        """Every row of a table in a stable order (for comparisons and exports)."""
        return list(self.db.execute(f"SELECT * FROM {table(name)} ORDER BY 1, 2"))

    def close(self) -> None:
        self.db.close()


def _status(state: TournamentState, player: PlayerView, next_round: int) -> str:
    """For the next round to pair: withdrawn, absent (a requested bye), or active."""
    if player.is_withdrawn_for(next_round):
        return "withdrawn"
    if player.number in state.requested_byes.get(next_round, {}):
        return "absent"
    return "active"


def _standing_row(row: StandingRow) -> tuple[Any, ...]:
    return (
        row.number,
        row.rank,
        row.name,
        row.rating,
        row.score,
        json.dumps(dict(row.tiebreaks)),
        row.games,
        int(row.withdrawn),
        row.place,
    )


def _pickled(state: TournamentState) -> bytes:
    """The fold without its derived caches (they are rebuilt on demand)."""
    cache, state.history_cache = state.history_cache, {}
    try:
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        state.history_cache = cache


def _history_row(number: int, record: RoundRecord) -> tuple[Any, ...]:
    return (
        number,
        record.round,
        record.opponent,
        record.side.value if record.side else None,
        record.outcome.value if record.outcome else None,
        record.points,
        int(record.played),
        record.bye.value if record.bye else None,
        record.float.value,
        record.score_for,
        record.score_against,
    )

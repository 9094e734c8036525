"""Read-model tables in SQLite, kept current by catching up with the ledger (docs/design.md, "Read models").

The tables (`players`, `boards`, `byes`, `rounds`, `records`, `colours`, `standings`, `audit`,
`meta`) carry the schema version in their names (`standings_v2`); a new version is built beside the
old one and swapped in, then the old one is dropped. A catch-up applies the new log events to the
in-memory fold (`TournamentState`) and rewrites, in one transaction, the rows those events touched;
a rebuild does the same from position 0 into fresh tables and swaps them in, and gives exactly the
same tables (a property test checks it).

Views of a SQLite ledger live beside it (`club.ledger.views`); those of a PostgreSQL ledger in the
user's cache folder, one file per URL. They are derived data: deleting the file only costs a rebuild.
Nothing in them runs code when read: the fold's snapshot is JSON (`projections.snapshot`) with a
checksum keyed by the ledger's chain link at its position, and `meta` records the position the
tables reflect and the chain link there. A snapshot whose checksum does not match is not used (the
log is replayed instead), and tables whose position or link do not match the ledger's are rebuilt,
so neither deleting nor editing the views can change what an engine is given to pair.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain, compress, groupby, islice, product, repeat
from math import prod
from operator import itemgetter
from pathlib import Path
from typing import Any

from ledger.application import Ledger
from ledger.domain import Round, Tournament
from ledger.persistence import lock_timeout
from pairing.model import ByeKind, Float, Outcome, PairingInput, RoundRecord, Side
from projections.audit import AuditRow, audit_row
from projections.colours import colour_standing
from projections.history import histories, pairing_input, participants
from projections.snapshot import opened, sealed
from projections.standings import StandingRow, TiebreakMemo, standings, tied_before_lots
from projections.state import PlayerView, RoundView, TournamentState, fold, without_cyclic_gc
from projections.stored import table, views_path

MAX_PARAMETERS = 999
"""Parameters one statement may have in any SQLite (999 before 3.32, 32,766 since)."""
NONE_CHECK_BLOCK = 1_000
"""Rows whose None places are found together, column by column."""
STATE_SNAPSHOT_EVERY = 100
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
    "records": "number INTEGER, round INTEGER, opponent INTEGER, kind INTEGER, points REAL, score_for INTEGER, "
    "score_against INTEGER, PRIMARY KEY (number, round)",
    "colours": "number INTEGER PRIMARY KEY, firsts INTEGER, seconds INTEGER, difference INTEGER, "
    "preference TEXT, strength TEXT",
    "standings": "number INTEGER PRIMARY KEY, rank INTEGER, name TEXT, rating INTEGER, score REAL, "
    "tiebreaks TEXT, games INTEGER, withdrawn INTEGER, place TEXT",
    "audit": "position INTEGER PRIMARY KEY, time TEXT, actor TEXT, kind TEXT, summary TEXT, round INTEGER, "
    "players TEXT, reason TEXT, reference TEXT",
}


KINDS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("side", (None, *Side)),
    ("outcome", (None, *Outcome)),
    ("played", (False, True)),
    ("bye", (None, *ByeKind)),
    ("float", tuple(Float)),
)
"""The history columns stored in a record's `kind` (one integer, these columns' indexes in mixed radix, the
first the least significant) and the values each can take: a round robin of 500 players writes 197,000
records, and binding three values fewer each, none of them text, takes 5.6 % of a rebuild's instructions off
(docs/performance.md, "Ledger at scale, session 8")."""


def _kinds() -> dict[tuple[Any, ...], int]:
    """(side, outcome, played, bye, float) -> the record's `kind`, for every combination."""
    return {values: kind for kind, values in enumerate(_reversed_product([choices for _, choices in KINDS]))}


def _reversed_product(choices: list[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """The combinations of `choices` in mixed-radix order, the first choice varying fastest."""
    return (values[::-1] for values in product(*reversed(choices)))


_KIND = _kinds()
KINDS_LAYOUT = json.dumps(
    [[name, [None if value is None else str(value) for value in choices]] for name, choices in KINDS]
)
"""`KINDS` as text, kept in `meta`: records written under another layout (a value added to one of these
enumerations) are rebuilt, since the history view would read their `kind` otherwise."""


def _decoding(name: str, choices: tuple[Any, ...], step: int) -> str:
    """The SQL giving a history column from `kind`: `played` as 0 or 1, the others as their values' text."""
    digit = f"kind / {step} % {len(choices)}"
    if name == "played":
        return f"{digit} AS played"
    cases = " ".join(f"WHEN {index} THEN '{value.value}'" for index, value in enumerate(choices) if value is not None)
    return f"CASE {digit} {cases} END AS {name}"


def _history_query() -> str:
    """The history rows (every player's record of every paired round) as they were stored before the
    `records` table: its columns, with `kind` read back into side, outcome, played, bye and float."""
    steps = [prod(len(choices) for _, choices in KINDS[:index]) for index in range(len(KINDS))]
    decoded = {name: _decoding(name, choices, step) for (name, choices), step in zip(KINDS, steps, strict=True)}
    columns = ["number", "round", "opponent", decoded["side"], decoded["outcome"], "points", decoded["played"]]
    columns += [decoded["bye"], decoded["float"], "score_for", "score_against"]
    return f"SELECT {', '.join(columns)} FROM {{records}}"


QUERIES: dict[str, str] = {
    "history": _history_query(),
    "meetings": "SELECT number, opponent, COUNT(*) AS times, MAX(round) AS last_round FROM {history} "
    "WHERE opponent IS NOT NULL GROUP BY number, opponent",
    "byes_received": "SELECT number, round, bye, points FROM {history} WHERE bye IS NOT NULL",
    "floats": "SELECT number, round, float FROM {history} WHERE float != 'none'",
}
"""SQL views over the tables: the history rows (from `records`), the meetings matrix (who met whom, how often,
how recently), the byes each player received, and the float history."""


IN_MEMORY = Path(":memory:")


_RESULT_EVENTS = frozenset({Round.ResultRecorded, Round.ResultCorrected, Round.ResultVoided})
"""The result events' classes (the log holds these classes themselves, no subclasses)."""


class Changes:
    """What a batch of events touched: the rows to rewrite."""

    def __init__(self) -> None:
        self.players: set[int] = set()
        self.rounds: set[int] = set()
        self.audit: list[AuditRow] = []
        self.results_of: set[int] | None = set()
        """Players whose own round records changed through results only; None: anything wider."""

    def note(self, state: TournamentState, position: int, event: Any, time: str) -> None:
        """Note one event, `time` its timestamp in ISO format."""
        row = audit_row(position, event, state.round_streams, time)
        self.audit.append(row)
        if type(event) in _RESULT_EVENTS:  # most of the log: a result touches its round and two players
            if self.results_of is not None:
                self.results_of.update((event.first, event.second))
            self.rounds.add(row[5])  # its audit row's round: its stream's, looked up once (a UUID's hash is Python)
            return
        if not isinstance(event, Round.Sealed):
            self.results_of = None
        if isinstance(event, Round.Event):
            self.rounds.add(state.round_streams[event.originator_id])
        elif isinstance(event, Tournament.Created):
            self.players.update(state.players)
        elif isinstance(event, Tournament.Event) and hasattr(event, "number"):
            self.players.add(event.number)
        elif isinstance(event, Tournament.TiedPlayersRanked):  # Q205: an order cleared moves anyone it ranked
            self.players.update(event.players or state.players)

    @property
    def any(self) -> bool:
        return bool(self.audit)


class ReadModels:
    """The read-model tables of one ledger, and the fold that feeds them."""

    @classmethod
    def open(cls, ledger: Ledger) -> ReadModels:
        """The ledger's read models in their file; in memory when that file cannot be opened or written
        (a read-only mount, a full disk, a views file locked for longer than the lock timeout), so the
        reading commands still answer. `unstored` then says why."""
        try:
            return cls(ledger)
        except sqlite3.Error as error:
            views = cls(ledger, IN_MEMORY)
            views.unstored = f"the read models cannot be stored in {views_path(ledger.location)} ({error})"
            return views

    def __init__(self, ledger: Ledger, path: Path | None = None) -> None:
        self.unstored: str | None = None
        """Why these read models live in memory only (None when they are in their file)."""
        self.ledger = ledger
        self.log = ledger.log_reader
        self.path = path or views_path(ledger.location)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=lock_timeout())
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        # Derived data: pages a rebuild or an update frees need not be overwritten with zeros when that
        # costs writes (Debian's SQLite zeroes them by default, a dropped table's tens of megabytes).
        self.db.execute("PRAGMA secure_delete=FAST")
        self._live = TournamentState()
        self._unread = True
        """Whether the fold's snapshot is still to be read (on the first `state()`: a command that
        needs no fold, such as `verify` on current tables, never reads it)."""
        self._pending = Changes()
        self._memo = TiebreakMemo()
        self._written_standings: dict[int, tuple[StandingRow, tuple[Any, ...]]] = {}
        """Player number -> the standings row last written, and its table row."""
        self._written_boards: dict[int, list[tuple[Any, ...]]] = {}
        """Round -> its board rows last written."""
        self._written_at = -1
        """The position the tables were current with after this object last wrote them."""
        self._rollbacks = ledger.rollbacks
        """The ledger's count of rolled-back commands when the fold last read the log."""
        self._ensure_tables()
        if not self._matches_ledger():
            self.rebuild()

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
        names = {"history": table("history"), "records": table("records")}
        for name, query in QUERIES.items():
            self.db.execute(f"CREATE VIEW {table(name)} AS {query.format(**names)}")

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

    def _matches_ledger(self) -> bool:
        """Whether the tables are of this ledger's log (their position is in it, with the same chain link) and
        their records' `kind` of this `KINDS_LAYOUT`."""
        position = self.position
        if position == 0:
            return True
        if self._meta("kinds") != KINDS_LAYOUT:
            return False
        link = self._meta("link")
        return link is not None and self.ledger.link_at(position) == bytes(link)

    # --- the fold ----------------------------------------------------------------------------------

    def _load_state(self) -> TournamentState:
        """The fold's snapshot when its checksum matches the ledger's chain link at its position; else
        nothing (the log is replayed from the start)."""
        blob, position = self._meta("state"), int(self._meta("state_position") or 0)
        link = self.ledger.link_at(position) if blob is not None and position else None
        state = opened(blob, link) if link is not None else None
        return state if state is not None and state.position == position else TournamentState()

    @staticmethod
    def _advance(
        state: TournamentState, changes: Changes, events: Iterable[tuple[int, Any, str]], stored: int = 0
    ) -> None:
        """Apply `events` to the fold, noting in `changes` those after position `stored`, which the tables
        already hold up to (a new process replays the log since the fold's last snapshot, and need not
        rewrite the rows of those events)."""
        for position, event, time in events:
            state.apply(position, event)
            if position > stored:
                changes.note(state, position, event, time)

    def state(self, as_of: int | None = None) -> TournamentState:
        """The tournament now (the fold caught up with the log), or as it was at position `as_of`."""
        if as_of is not None and as_of < self.ledger.position():
            return fold(self.ledger.replay(stop=as_of))
        if self._rollbacks != self.ledger.rollbacks or self._unread:  # or it read events then rolled back
            self._rollbacks, self._unread = self.ledger.rollbacks, False
            self._live, self._pending = self._load_state(), Changes()
        events = self.log.timed_events(start=self._live.position + 1)
        self._advance(self._live, self._pending, events, self.position)
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

    def tied_before_lots(self, numbers: Sequence[int]) -> str:
        """`ledger.application.ReadPort`: why the players are not tied before lots, or "" (Q205)."""
        return tied_before_lots(self.state(), numbers)

    def catch_up(self) -> int:
        """Apply the log's new events and rewrite what they touched; returns the position now current."""
        if self._unread and self.position == self.ledger.position():
            return self.position  # the tables are the log's (checked at open): nothing to fold or write
        state = self.state()
        with self._transaction():
            if self.position < state.position:
                if self.position != self._written_at:  # another process wrote them since: rows may differ
                    self._written_standings, self._written_boards = {}, {}
                self._write(state, self._pending, "", since=self.position)
                self._written_at = state.position
        self._pending = Changes()
        return state.position

    def rebuild(self) -> int:
        """Build every table afresh from the log beside the current ones, then swap them in."""
        state, changes = TournamentState(), Changes()
        with without_cyclic_gc():
            self._advance(state, changes, self.log.timed_events())
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
        self._live, self._pending, self._unread = state, Changes(), False
        self._memo, self._written_standings, self._written_boards = TiebreakMemo(), {}, {}
        self._written_at = state.position
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
        link = self.ledger.link_at(state.position) if state.position else None
        self._set_meta("position", state.position, suffix)
        self._set_meta("link", link, suffix)
        self._set_meta("heading", _heading(state), suffix)
        if self._meta("kinds", suffix) != KINDS_LAYOUT:  # the first rows written: the view reads this layout
            self._set_meta("kinds", KINDS_LAYOUT, suffix)
            if not suffix:
                self._create_queries()
        last = int(self._meta("state_position", suffix) or 0)
        if link is not None and (state.position - last >= STATE_SNAPSHOT_EVERY or suffix):
            self._set_meta("state", sealed(state, link), suffix)
            self._set_meta("state_position", state.position, suffix)

    def _insert(self, name: str, suffix: str, rows: Sequence[tuple[Any, ...]], verb: str = "INSERT OR REPLACE") -> None:
        """Insert `rows` into a table, as many to a statement as SQLite takes parameters: one statement
        step for hundreds of rows (a rebuild writes 400,000) instead of `executemany`'s one per row.
        A None is written as NULL in the statement rather than bound: sqlite3 binds None through its
        adapter look-up, which costs as much as all of a row's other values."""
        into = f"{verb} INTO {table(name, suffix)} VALUES "
        for nulls, runs in groupby(_runs(rows), key=itemgetter(0)):
            kept = [not null for null in nulls]
            row = "(" + ", ".join("NULL" if null else "?" for null in nulls) + ")"
            same = list(chain.from_iterable(run for _, run in runs))
            per_statement = MAX_PARAMETERS // max(1, sum(kept))
            for start in range(0, len(same), per_statement):
                chunk = same[start : start + per_statement]
                values = list(chain.from_iterable(map(compress, chunk, repeat(kept))))
                self.db.execute(into + ", ".join([row] * len(chunk)), values)

    def _write_audit(self, rows: list[AuditRow], suffix: str, since: int) -> None:
        self._insert("audit", suffix, [row for row in rows if row[0] > since])

    def _write_players(self, state: TournamentState, numbers: set[int], suffix: str) -> None:
        next_round = state.last_paired_round + 1
        self._insert(
            "players",
            suffix,
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
        views = [state.rounds[number] for number in sorted(numbers)]
        self._insert("rounds", suffix, [_round_row(view) for view in views])
        for view in views:
            self._write_boards(view, suffix)
            self.db.execute(f"DELETE FROM {table('byes', suffix)} WHERE round = ?", (view.number,))
            byes = [(view.number, bye.player, bye.kind.value, bye.points) for bye in view.byes] if view.paired else []
            self._insert("byes", suffix, byes, "INSERT")

    def _write_boards(self, view: RoundView, suffix: str) -> None:
        """The round's board rows; of the same boards as last written, only those whose row changed (a
        result rewrites one board, not the round's hundreds)."""
        rows = _board_rows(view) if view.paired else []
        last = self._written_boards.get(view.number) if not suffix else None
        if last is not None and len(last) == len(rows):
            self._insert("boards", suffix, [row for row, old in zip(rows, last, strict=True) if row != old])
        else:
            self.db.execute(f"DELETE FROM {table('boards', suffix)} WHERE round = ?", (view.number,))
            self._insert("boards", suffix, rows, "INSERT")
        if not suffix:
            self._written_boards[view.number] = rows

    def _write_history(self, state: TournamentState, from_round: int, changed: set[int] | None, suffix: str) -> None:
        """Rows of rounds `from_round` onwards (a change there can move later floats), and the side
        standing of the players whose records changed (everyone's when `changed` is None). Results in the
        last round move nobody else's records: their players' rows are rewritten from their records; any
        wider change rewrites every player's rows from the rounds' seats (`participants`: each round's
        opponent beside the record without it), in the order of the table's key, so that a rebuild makes no
        record per player and round (197,000 at 100,000 events)."""
        if changed is not None and from_round == state.last_paired_round:
            table_ = histories(state, state.last_paired_round)
            rows = [_record_row(n, r.opponent, r) for n in changed for r in table_[n][from_round - 1 :]]
            colours = [(number, *colour_standing(table_[number])) for number in changed]
        else:
            players = participants(state, state.last_paired_round, state.last_paired_round + 1)
            self.db.execute(f"DELETE FROM {table('records', suffix)} WHERE round >= ?", (from_round,))
            rows = [
                _record_row(p.number, opponent, seat)
                for p in players
                for opponent, seat in islice(p.rounds, from_round - 1, None)
            ]
            touched = players if changed is None else [p for p in players if p.number in changed]
            colours = [(p.number, *colour_standing(p.records)) for p in touched]
        self._insert("records", suffix, rows)
        self._insert("colours", suffix, colours)

    def _write_standings(self, state: TournamentState, changed: set[int] | None, suffix: str) -> None:
        """Rewrite the rows that differ from the ones last written (ranks move for a few players); a
        row object the standings reused is the row already written."""
        memo, written = (self._memo, self._written_standings) if not suffix else (None, {})  # a rebuild: from the seats
        rows = standings(state, memo, changed)
        if not written:
            self.db.execute(f"DELETE FROM {table('standings', suffix)}")
        made = [(row.number, _standing_row(row, written.get(row.number))) for row in rows]
        for number in written.keys() - {row.number for row in rows}:
            self.db.execute(f"DELETE FROM {table('standings', suffix)} WHERE number = ?", (number,))
        self._insert("standings", suffix, [entry[1] for number, entry in made if entry is not written.get(number)])
        written.clear()
        written.update(made)

    # --- reading (synchronous; the TUI reads through `projections.async_views`) -------------------

    def query(self, name: str) -> list[tuple[Any, ...]]:
        """The rows of one of `QUERIES` (meetings, byes_received, floats), sorted."""
        return list(self.db.execute(f"SELECT * FROM {table(name)} ORDER BY 1, 2"))

    def rows(self, name: str) -> list[tuple[Any, ...]]:
        """Every row of a table in a stable order (for comparisons and exports)."""
        return list(self.db.execute(f"SELECT * FROM {table(name)} ORDER BY 1, 2"))

    def close(self) -> None:
        self.db.close()


def _runs(rows: Sequence[tuple[Any, ...]]) -> Iterator[tuple[tuple[bool, ...], Sequence[tuple[Any, ...]]]]:
    """The rows in runs with None in the same places, in order: (which values are None, the run). A block
    of rows whose every column is all None or has none is one run, found column by column; a mixed block
    is split where the None places change, read from its mixed columns alone."""
    for start in range(0, len(rows), NONE_CHECK_BLOCK):
        block = rows[start : start + NONE_CHECK_BLOCK]
        columns = list(zip(*block, strict=True))
        counts = [column.count(None) for column in columns]
        nulls = [count == len(block) for count in counts]
        mixed = [index for index, count in enumerate(counts) if 0 < count < len(block)]
        if not mixed:
            yield tuple(nulls), block
            continue
        places = zip(*([value is None for value in columns[index]] for index in mixed), strict=True)
        for found, run in groupby(zip(places, block, strict=True), key=itemgetter(0)):
            for index, null in zip(mixed, found, strict=True):
                nulls[index] = null
            yield tuple(nulls), [row for _, row in run]


def _status(state: TournamentState, player: PlayerView, next_round: int) -> str:
    """For the next round to pair: withdrawn, absent (a requested bye), or active."""
    if player.is_withdrawn_for(next_round):
        return "withdrawn"
    if player.number in state.requested_byes.get(next_round, {}):
        return "absent"
    return "active"


def _heading(state: TournamentState) -> str:
    """The tournament's name, game, tie-break codes and FIDE mode (Q46) as JSON (`projections.stored.Heading`); "null"
    before a tournament is created."""
    settings = state.settings
    if settings is None:
        return "null"
    document = {"name": state.name, "game": settings.game.value, "tiebreaks": list(settings.tiebreaks)}
    needs_fold = state.is_final or any(view.adjourned for view in state.rounds.values())
    mode = {"in_fide_mode": state.in_fide_mode, "fide_mode_notice": state.fide_mode_notice}
    return json.dumps(document | mode | {"needs_fold": needs_fold})


def _round_row(view: RoundView) -> tuple[Any, ...]:
    return (
        view.number,
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
    )


def _board_rows(view: RoundView) -> list[tuple[Any, ...]]:
    results = view.results
    return [
        (view.number, index, b.first, b.second, results[index].code if index in results else None)
        for index, b in enumerate(view.boards, start=1)
    ]


def _standing_row(
    row: StandingRow, last: tuple[StandingRow, tuple[Any, ...]] | None
) -> tuple[StandingRow, tuple[Any, ...]]:
    """(row, its table row); `last` is what was written for the player before: the same row is the same
    table row, and a row with the same tie-break values (a rank moved) keeps their JSON text."""
    if last is not None and last[0] is row:
        return last
    same = last is not None and last[0].tiebreaks is row.tiebreaks
    text = last[1][5] if last is not None and same else json.dumps(dict(row.tiebreaks))
    return row, (row.number, row.rank, row.name, row.rating, row.score, text, row.games, int(row.withdrawn), row.place)


def _record_row(number: int, opponent: int | None, record: RoundRecord) -> tuple[Any, ...]:
    """The row of `records` of the player's `record` of a round against `opponent` (the history row with side,
    outcome, played, bye and float as `kind`); the record's own opponent is not read (a seat has none)."""
    kind = _KIND[record.side, record.outcome, record.played, record.bye, record.float]
    return (number, record.round, opponent, kind, record.points, record.score_for, record.score_against)

"""The rating lists the arbiter imported: a local store of read-only data shared by every tournament
(docs/fide-mode.md, "Rating lists"; FIDE endorsement checklist Q117, Q119, Q121, Q134-136).

A list is not a fact of one tournament but published data many tournaments read, so it lives apart from
the ledgers' event logs, in one SQLite file. Each list is kept as it was imported, named and dated: its
name (`fide-standard`, `fide-rapid`, `fide-blitz` for FIDE's lists; the arbiter's name for a custom
list), its kind, the date from which it is valid, the file it came from, the file's SHA-256 and who
imported it when. A monthly refresh imports the month's file as a new list beside the old ones. The store
refuses to change or delete a list (triggers), and a tournament records with each rating it takes the
list's name, date and hash (`RatingList.label`), so what a rating came from can be checked later.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path

from attrs import frozen

from ledger.errors import InvalidInput
from ledger.rating_files import ListedPlayer, ListFormat, ListKind, read_list

DEFAULT_STORE = "rating-lists.sqlite"
STORE_VARIABLE = "ARBITER_RATING_LISTS"
"""The environment variable naming the store (`store_location`)."""
FIDE_PREFIX = "fide-"
LIST_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""A list's name: lower-case letters, digits and hyphens, up to 40 characters."""
MAX_FILE = 512 * 2**20
"""The largest file imported (FIDE's combined text list is under 200 MiB)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rating_lists (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    valid_from TEXT NOT NULL,
    source TEXT NOT NULL,
    format TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    imported_by TEXT NOT NULL,
    players INTEGER NOT NULL,
    UNIQUE (name, valid_from)
);
CREATE TABLE IF NOT EXISTS rating_entries (
    list_id INTEGER NOT NULL REFERENCES rating_lists (id) DEFERRABLE INITIALLY DEFERRED,
    player_id TEXT NOT NULL,
    name TEXT NOT NULL,
    federation TEXT NOT NULL,
    sex TEXT NOT NULL,
    title TEXT NOT NULL,
    birth_year INTEGER NOT NULL,
    rating INTEGER NOT NULL,
    games INTEGER NOT NULL,
    k INTEGER NOT NULL,
    PRIMARY KEY (list_id, player_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rating_entries_by_name ON rating_entries (list_id, name COLLATE NOCASE);
CREATE TRIGGER IF NOT EXISTS rating_lists_kept BEFORE UPDATE ON rating_lists
    BEGIN SELECT RAISE(ABORT, 'rating lists are kept as imported'); END;
CREATE TRIGGER IF NOT EXISTS rating_lists_not_deleted BEFORE DELETE ON rating_lists
    BEGIN SELECT RAISE(ABORT, 'rating lists are kept as imported'); END;
CREATE TRIGGER IF NOT EXISTS rating_entries_kept BEFORE UPDATE ON rating_entries
    BEGIN SELECT RAISE(ABORT, 'rating lists are kept as imported'); END;
CREATE TRIGGER IF NOT EXISTS rating_entries_not_deleted BEFORE DELETE ON rating_entries
    BEGIN SELECT RAISE(ABORT, 'rating lists are kept as imported'); END;
"""


@frozen
class RatingList:
    """One imported list (Q119: its source is known and the copy is kept as imported)."""

    name: str
    kind: ListKind
    valid_from: date
    source: str
    """The file's name as given at the import."""
    format: ListFormat
    sha256: str
    imported_at: str
    imported_by: str
    players: int = 0
    """The players it rates."""

    @property
    def is_fide(self) -> bool:
        return self.name.startswith(FIDE_PREFIX)

    @property
    def label(self) -> str:
        """What a tournament records as a rating's source (Q134): name, date and the file's hash."""
        return f"{self.name} {self.valid_from.isoformat()} sha256:{self.sha256[:16]}"


def fide_list_name(kind: ListKind) -> str:
    return f"{FIDE_PREFIX}{kind}"


def store_location(given: str | None = None) -> str:
    """Where the store is: the path given (`--store`), else $ARBITER_RATING_LISTS, else ./rating-lists.sqlite."""
    return given or os.environ.get(STORE_VARIABLE) or DEFAULT_STORE


def list_date(text: str) -> date:
    """A list's date, YYYY-MM-DD; InvalidInput otherwise."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput(f"a list's date is YYYY-MM-DD, e.g. 2026-11-01, not {text[:20]!r}") from None


class RatingListStore:
    """The store at `path` (created on first use)."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self.connection = sqlite3.connect(path, isolation_level=None)
            self.connection.executescript(SCHEMA)
            self.connection.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as error:
            raise InvalidInput(f"cannot use the rating-list store {path}: {error}") from None

    def close(self) -> None:
        self.connection.close()

    # --- import ---------------------------------------------------------------------------------

    def import_file(
        self, path: Path, valid_from: date, actor: str, name: str | None = None, kind: ListKind | None = None
    ) -> tuple[list[RatingList], bool]:
        """Import the list(s) of a file: a FIDE file gives `fide-<kind>` for each kind it rates (a custom
        CSV the `name` given), valid from `valid_from`. All or nothing. Returns (the lists, whether they
        are new): the same file imported again for the same date is found, not imported twice."""
        data = _read(path)
        file_format, kinds, players = read_list(data, path.name, kind)
        names = _list_names(file_format, kinds, name, valid_from)
        digest = hashlib.sha256(data).hexdigest()
        known = [self.valid_on(list_name, valid_from) for list_name in names.values()]
        same = [found for found in known if found is not None and found.valid_from == valid_from]
        if len(same) == len(known) and {found.sha256 for found in same} == {digest}:
            return same, False
        self._refuse_another_file(names.values(), valid_from)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        connection = self.connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            first = int(connection.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM rating_lists").fetchone()[0])
            ids = {list_kind: first + place for place, list_kind in enumerate(names)}
            connection.executemany(
                "INSERT INTO rating_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _entries(players, ids)
            )
            counts = {list_kind: self._count(list_id) for list_kind, list_id in ids.items()}
            if not any(counts.values()):
                raise InvalidInput("the file rates no player")
            connection.executemany(
                "INSERT INTO rating_lists (id, name, kind, valid_from, source, format, sha256, imported_at, "
                "imported_by, players) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (ids[k], names[k], k, valid_from.isoformat(), path.name, file_format, digest, now, actor, counts[k])
                    for k in names
                ],
            )
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        return [found for list_name in names.values() if (found := self.valid_on(list_name, valid_from))], True

    def _refuse_another_file(self, names: Iterable[str], valid_from: date) -> None:
        for list_name in names:
            found = self.valid_on(list_name, valid_from)
            if found is not None and found.valid_from == valid_from:
                raise InvalidInput(
                    f"{list_name} of {valid_from} is already imported from {found.source} "
                    f"(sha256 {found.sha256[:16]}); an imported list is kept as it is: give this file "
                    "another date, or a custom list another name"
                )

    def _count(self, list_id: int) -> int:
        row = self.connection.execute("SELECT COUNT(*) FROM rating_entries WHERE list_id = ?", (list_id,)).fetchone()
        return int(row[0])

    # --- reading --------------------------------------------------------------------------------

    def lists(self) -> list[RatingList]:
        """Every list held, by name and date."""
        rows = self.connection.execute(f"{_LIST_QUERY} ORDER BY l.name, l.valid_from").fetchall()
        return [_rating_list(row) for row in rows]

    def valid_on(self, name: str, day: date) -> RatingList | None:
        """The list of that name valid on `day`: the latest dated on or before it."""
        row = self.connection.execute(
            f"{_LIST_QUERY} WHERE l.name = ? AND l.valid_from <= ? ORDER BY l.valid_from DESC LIMIT 1",
            (name, day.isoformat()),
        ).fetchone()
        return None if row is None else _rating_list(row)

    def find(self, rating_list: RatingList, player_id: str) -> ListedPlayer | None:
        """The player with that id in the list, or None."""
        row = self.connection.execute(
            f"{_ENTRY_QUERY} WHERE l.name = ? AND l.valid_from = ? AND e.player_id = ?",
            (rating_list.name, rating_list.valid_from.isoformat(), player_id),
        ).fetchone()
        return None if row is None else _listed(row)

    def named(self, rating_list: RatingList, name: str) -> list[ListedPlayer]:
        """The players of the list whose name is `name` (any case)."""
        rows = self.connection.execute(
            f"{_ENTRY_QUERY} WHERE l.name = ? AND l.valid_from = ? AND e.name = ? COLLATE NOCASE ORDER BY e.player_id",
            (rating_list.name, rating_list.valid_from.isoformat(), name.strip()),
        ).fetchall()
        return [_listed(row) for row in rows]


_LIST_QUERY = (
    "SELECT l.name, l.kind, l.valid_from, l.source, l.format, l.sha256, l.imported_at, l.imported_by, l.players "
    "FROM rating_lists l"
)
_ENTRY_QUERY = (
    "SELECT e.player_id, e.name, e.federation, e.sex, e.title, e.birth_year, l.kind, e.rating, e.games, e.k "
    "FROM rating_entries e JOIN rating_lists l ON l.id = e.list_id"
)


def _rating_list(row: tuple[object, ...]) -> RatingList:
    name, kind, valid_from, source, file_format, sha256, imported_at, imported_by, players = row
    return RatingList(
        name=str(name),
        kind=ListKind(kind),
        valid_from=date.fromisoformat(str(valid_from)),
        source=str(source),
        format=ListFormat(file_format),
        sha256=str(sha256),
        imported_at=str(imported_at),
        imported_by=str(imported_by),
        players=int(str(players)),
    )


def _listed(row: tuple[object, ...]) -> ListedPlayer:
    player_id, name, federation, sex, title, birth_year, kind, rating, games, k = row
    return ListedPlayer(
        player_id=str(player_id),
        name=str(name),
        federation=str(federation),
        sex=str(sex),
        title=str(title),
        birth_year=int(str(birth_year)),
        ratings={ListKind(kind): (int(str(rating)), int(str(games)), int(str(k)))},
    )


def _read(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_FILE:
            raise InvalidInput(f"{path.name} is over {MAX_FILE // 2**20} MiB: not a rating list")
        return path.read_bytes()
    except OSError as error:
        raise InvalidInput(f"cannot read {path.name}: {error.strerror}") from None


def _list_names(
    file_format: ListFormat, kinds: tuple[ListKind, ...], name: str | None, valid_from: date
) -> dict[ListKind, str]:
    """The name of the list each kind of the file goes to: FIDE's files name theirs by kind (and are
    dated the first of a month, when FIDE publishes them); a custom list takes the name given."""
    if file_format is not ListFormat.CSV:
        if name is not None:
            raise InvalidInput("a FIDE list is named by its kind (fide-standard, fide-rapid, fide-blitz), not by hand")
        if valid_from.day != 1:
            raise InvalidInput(f"FIDE publishes its lists on the first of a month: date the list {valid_from:%Y-%m}-01")
        return {kind: fide_list_name(kind) for kind in kinds}
    if name is None or not LIST_NAME.fullmatch(name) or name.startswith(FIDE_PREFIX.rstrip("-")):
        raise InvalidInput(
            "a custom list needs a name of lower-case letters, digits and hyphens (up to 40) "
            "that does not begin with 'fide', e.g. 'national'"
        )
    return {kinds[0]: name}


def _entries(players: Iterator[ListedPlayer], ids: dict[ListKind, int]) -> Iterator[tuple[object, ...]]:
    """One row per player and kind the player is rated in."""
    for player in players:
        for kind, (rating, games, k) in player.ratings.items():
            if kind in ids:
                yield (
                    ids[kind],
                    player.player_id,
                    player.name,
                    player.federation,
                    player.sex,
                    player.title,
                    player.birth_year,
                    rating,
                    games,
                    k,
                )

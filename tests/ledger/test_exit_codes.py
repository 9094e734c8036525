"""Exit codes tell the truth (ARCHITECTURE.md, "The event log": "Once committed, a command exits 0 even
if a read model lags (it is rebuilt on the next read); exit 1 means only 'chain broken'"): a locked
ledger is reported with exit 5 after a bounded wait on both backends, a ledger that cannot be
written still answers the reading commands, a full disk refuses the command and appends nothing,
views that cannot be written after the commit only warn, and a closed pipe ends quietly. Real
`arbiter` processes, a real lock held by another connection, real read-only and full file systems.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlparse, urlunparse

import psycopg
import pytest
from psycopg import sql

from projections.stored import table
from tests.ledger.test_atomic_commands import ROOT, stored, swiss
from tui import exit_codes

LOCK_TIMEOUT = "1"


def arbiter(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARBITER_LOCK_TIMEOUT": LOCK_TIMEOUT}
    return subprocess.run(
        [sys.executable, "-m", "tui.cli.main", *argv], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120
    )


@contextmanager
def write_lock_held(location: str) -> Iterator[None]:
    """Another desk's transaction holding the ledger's write lock (SQLite) or the events table's
    EXCLUSIVE lock (PostgreSQL) until the block ends."""
    if location.startswith("postgresql://"):
        url = urlparse(location)
        schema = parse_qs(url.query)["schema"][0]
        with psycopg.connect(urlunparse(url._replace(query=""))) as conn:
            conn.execute(
                sql.SQL("LOCK TABLE {}.{} IN EXCLUSIVE MODE").format(
                    sql.Identifier(schema), sql.Identifier("ledger_events")
                )
            )
            yield
            conn.rollback()
        return
    conn = sqlite3.connect(location, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_a_locked_ledger_is_reported_with_exit_5_after_a_bounded_wait(location: str) -> None:
    """It used to crash after 10 s on SQLite and wait for ever on PostgreSQL. Reading commands are
    not held up by a writer."""
    swiss(location).close()
    before = stored(location)
    with write_lock_held(location):
        started = time.monotonic()
        refused = arbiter("result", "2", "1", "1-0", "--ledger", location)
        waited = time.monotonic() - started
        standings = arbiter("standings", "--format", "csv", "--ledger", location)

    assert refused.returncode == exit_codes.NO_LEDGER, refused.stderr
    assert "locked" in refused.stderr and "Traceback" not in refused.stderr
    assert waited < 15  # the lock timeout (1 s) plus the process's start-up, on a busy machine
    assert standings.returncode == exit_codes.OK, standings.stderr
    assert len(stored(location)) == len(before)
    assert arbiter("result", "2", "1", "1-0", "--ledger", location).returncode == exit_codes.OK


def test_views_that_cannot_be_written_after_the_commit_only_warn(tmp_path: Path) -> None:
    """The events are committed: exit 0 with a warning (it was a traceback and exit 1, "chain
    broken"), and the next read brings the read models up to date."""
    location = str(tmp_path / "t.ledger")
    swiss(location).close()
    with write_lock_held(location + ".views"):
        done = arbiter("result", "2", "1", "0-1", "--ledger", location)

    assert done.returncode == exit_codes.OK, done.stderr
    assert "warning: the read models could not be updated" in done.stderr and "Traceback" not in done.stderr
    shown = arbiter("pairings", "2", "--format", "json", "--ledger", location)
    assert shown.returncode == exit_codes.OK and '"0-1"' in shown.stdout
    views = sqlite3.connect(location + ".views")
    (position,) = views.execute(f"SELECT value FROM {table('meta')} WHERE key = 'position'").fetchone()
    assert int(position) == stored(location)[-1][0]


@contextmanager
def mounted(folder: Path, options: str) -> Iterator[Path]:
    """A real file system (tmpfs, or a bind mount) at `folder`; skipped where mounting is not allowed."""
    folder.mkdir(exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a file system needs root")
    made = subprocess.run(["mount", *options.split(), str(folder)], capture_output=True, text=True)
    if made.returncode:
        pytest.skip(f"cannot mount here: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


READING = (
    ("verify",),
    ("standings",),
    ("log",),
    ("pairings", "1"),
    ("export-trf", "-o", "-"),
    ("audit-report", "-o", "-"),
)


def test_a_read_only_ledger_still_answers_the_reading_commands(tmp_path: Path) -> None:
    """A ledger on a read-only mount: verify, standings, log, pairings and the exports answer (every
    command, verify included, used to crash); a writing command is refused with exit 5 and a message
    saying why."""
    source = tmp_path / "source"
    source.mkdir()
    swiss(str(source / "t.ledger")).close()
    with mounted(tmp_path / "ro", f"--bind -o ro {source}") as folder:
        location = str(folder / "t.ledger")
        for argv in READING:
            done = arbiter(*argv, "--ledger", location)
            assert done.returncode == exit_codes.OK, (argv, done.stderr)
            assert "Traceback" not in done.stderr
        refused = arbiter("result", "2", "1", "1-0", "--ledger", location)
    assert refused.returncode == exit_codes.NO_LEDGER and "cannot be written" in refused.stderr


def test_a_full_disk_refuses_the_command_and_appends_nothing(tmp_path: Path) -> None:
    """The disk fills up during the command: refused, nothing appended, the chain intact; with room
    again, the same command works."""
    with mounted(tmp_path / "small", "-t tmpfs -o size=2m tmpfs") as folder:
        location = str(folder / "t.ledger")
        swiss(location).close()
        before = stored(location)
        filler = folder / "filler"
        fill(filler)
        refused = arbiter("import-roster", str(_roster(tmp_path, 300)), "--ledger", location)
        assert refused.returncode != exit_codes.OK and "Traceback" not in refused.stderr
        assert refused.returncode != exit_codes.VERIFY_FAILED
        filler.unlink()
        assert len(stored(location)) == len(before)
        done = arbiter("import-roster", str(_roster(tmp_path, 300)), "--ledger", location)
        assert done.returncode == exit_codes.OK, done.stderr
        assert len(stored(location)) == len(before) + 300


def fill(path: Path) -> None:
    """Write zeros to `path` until its file system is full."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(descriptor, bytes(16 * 1024))
    except OSError:
        pass  # the disk is full now
    finally:
        os.close(descriptor)


def _roster(folder: Path, players: int) -> Path:
    roster = folder / "late.csv"
    roster.write_text("name,rating\n" + "".join(f"Late Entry {n:04d},{1000 + n}\n" for n in range(players)))
    return roster


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`arbiter log | head -1`: the reader has gone; no traceback, and a writing command's events stay."""
    location = str(tmp_path / "t.ledger")
    swiss(location).close()
    for argv in (("log",), ("result", "2", "1", "1-0")):
        process = subprocess.Popen(
            [sys.executable, "-m", "tui.cli.main", *argv, "--ledger", location],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert process.stdout is not None
        process.stdout.close()
        _, err = process.communicate(timeout=60)
        assert "Traceback" not in err and "BrokenPipe" not in err, err
        assert process.returncode == exit_codes.OK
    assert stored(location)[-1][1].result == "1-0"

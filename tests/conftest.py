"""Shared fixtures: a fresh ledger on every backend (SQLite file, PostgreSQL schema); the hypothesis
profiles; the shared folder beside the checkout.

PostgreSQL tests use the machine's server (`$ARBITER_TEST_POSTGRES`, default
postgresql://postgres@localhost:5432/test). When it is unreachable they skip, except under
`CI=true`, where they fail: CI must prove both backends.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from hypothesis import settings
from psycopg import sql

settings.register_profile("default", deadline=10_000)
"""Every property test: hypothesis's 100 examples unless a test sets its own budget, each case within 10 s
(generous: the machines are shared; a case slower than that is a defect to look at)."""
settings.register_profile("ci", deadline=10_000, derandomize=True, print_blob=True)
"""Under CI=true: the same budget, the same examples on every run, and a failing case printed for replay."""
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") == "true" else "default"))

SHARED = Path(__file__).resolve().parents[2] / "shared"
"""The team's shared folder beside the checkout (a worktree reaches it through a symlink)."""
DUTCH_REFERENCE = SHARED / "reference" / "dutch-2025"
"""The Dutch reference corpus: played tournaments as TRF files, every round paired by the reference program."""

POSTGRES_URL = os.environ.get("ARBITER_TEST_POSTGRES", "postgresql://postgres@localhost:5432/test")


def _postgres_schema() -> Iterator[str]:
    schema = f"t_{uuid.uuid4().hex[:12]}"
    try:
        conn = psycopg.connect(POSTGRES_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at {POSTGRES_URL} is unreachable under CI=true: {error}")
        pytest.skip(f"PostgreSQL at {POSTGRES_URL} is unreachable: {error}")
    with conn:
        conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        try:
            yield f"{POSTGRES_URL}?schema={schema}"
        finally:
            conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> Iterator[str]:
    """Where a fresh, empty ledger lives, on each backend in turn."""
    if request.param == "sqlite":
        yield os.path.join(tmp_path, "tournament.ledger")
    else:
        yield from _postgres_schema()


@pytest.fixture
def sqlite_location(tmp_path: os.PathLike[str]) -> str:
    return os.path.join(tmp_path, "tournament.ledger")


def require_shared(path: os.PathLike[str]) -> None:
    """The shared folder (rules, reference corpus) lies beside the checkout in CI and on the team's
    machines. Without it a test skips, except under `CI=true`, where it must be there."""
    if os.path.exists(path):
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{path} is missing under CI=true: the shared folder must be beside the checkout in CI")
    pytest.skip(f"{path} is not beside this checkout (it is in CI)")

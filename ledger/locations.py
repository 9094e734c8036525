"""Where a ledger lives: a file path or a `postgresql://` URL. Kept apart from `ledger.persistence` so
that the CLI can name the default in its help without loading the storage layer."""

from __future__ import annotations

import os

DEFAULT_LEDGER = "tournament.ledger"
"""The ledger file used when neither --ledger nor $ARBITER_LEDGER is given (in the current directory)."""


def resolve_location(given: str | None) -> str:
    """`--ledger` if given, else `$ARBITER_LEDGER`, else `tournament.ledger` in the current directory."""
    return given or os.environ.get("ARBITER_LEDGER") or DEFAULT_LEDGER


def is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))

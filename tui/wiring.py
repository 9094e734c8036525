"""Open a ledger with its read side attached (the composition root's one job)."""

from __future__ import annotations

from pathlib import Path

from ledger.application import Ledger
from ledger.errors import NoTournament
from ledger.locations import is_postgres
from ledger.signing import ArbiterKey
from projections.views import ReadModels


def open_ledger(
    location: str, actor: str | None = None, *, create: bool = False, key: ArbiterKey | None = None
) -> tuple[Ledger, ReadModels]:
    """The ledger at `location` (a file path or a postgresql:// URL) and its read models.

    Without `create`, a missing ledger file is refused rather than created empty."""
    if not create and not is_postgres(location) and not Path(location).exists():
        raise NoTournament(
            f"there is no ledger at {location}: create one with `arbiter new NAME --ledger {location} ...`, "
            "or name an existing one with --ledger or $ARBITER_LEDGER"
        )
    ledger = Ledger(location, actor, key)
    views = ReadModels.open(ledger)
    ledger.read_port = views
    return ledger, views

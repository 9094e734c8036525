"""The ``arbiter-pair`` command: `pairing.cli` (bbpPairings' command line, the checker and the
generator) with the standings of `projections.standings` (its tie-breaks, orders of tied players and
entered values), which the pairing layer may not import (ARCHITECTURE.md, layers). They are loaded only
when a standings check or a generated tournament's ranks need them, so ``-p`` loads the pairing engine
alone (docs/performance.md, "Start-up").
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from pairing.collector import long_lived

if TYPE_CHECKING:
    from pairing.model import Entrant, Scoring
    from pairing.trf.standings import ArbiterEntries, Place


def fide_standings(
    players: Sequence[Entrant], codes: Sequence[str], scoring: Scoring, rounds: int, entries: ArbiterEntries
) -> Sequence[Place]:
    """The standings of a Swiss tournament's players after `rounds` rounds (`StandingsOf`), ranked by the
    ledger's own standings code: C.07 tie-breaks, the arbiter's orders of tied players and EXT values."""
    from projections.standings import places_of

    return places_of(players, codes, scoring, rounds, entries)


@cache
def pairing_cli() -> ModuleType:
    """`pairing.cli`, loaded once with the cyclic garbage collector paused, and what is alive then frozen
    out of later collections (`pairing.collector.long_lived`): its imports make tens of thousands of
    objects (attrs classes, their methods, the TRF model), all kept for the life of the process, which
    the collector would otherwise walk several times before the pairing begins (docs/performance.md,
    "Start-up, session 7")."""
    with long_lived():
        return importlib.import_module("pairing.cli")


def main(argv: Sequence[str] | None = None) -> int:
    return pairing_cli().main(argv, tiebreaks=fide_standings)


if __name__ == "__main__":
    sys.exit(main())

"""The ``arbiter-pair`` command: `pairing.cli` (bbpPairings' command line, the checker and the
generator) with the tie-breaks of `projections.tiebreaks`, which the pairing layer may not import
(ARCHITECTURE.md, layers). The tie-break module is loaded only when a standings check or a generated
tournament's ranks need it, so ``-p`` loads the pairing engine alone (docs/performance.md, "Start-up").
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from pairing import cli
from pairing.model import Entrant, Scoring


def fide_tiebreaks(
    players: Sequence[Entrant], codes: Sequence[str], scoring: Scoring, rounds: int
) -> Mapping[int, tuple[float, ...]]:
    """C.07 tie-break values of a Swiss tournament's players after `rounds` rounds (`TiebreakValues`)."""
    from projections.tiebreaks import TiebreakContext, compute_tiebreaks

    return compute_tiebreaks(players, codes, TiebreakContext(game="chess", scoring=scoring, rounds=rounds))


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, tiebreaks=fide_tiebreaks)


if __name__ == "__main__":
    sys.exit(main())

"""FIDE Burstein System: FIDE Handbook C.04.4.2, "effective from 1 July 2025" ("Approved by the Council on
13/04/2024, Applied from 1st July, 2025"), with the C.04.1 Basic Rules and C.04.2 General Handling Rules it
cites.

One module per part of the text: `definitions` (Article 1: seeding rounds, opposition index, ranking),
`bracket` (2.2, Article 3 and Article 4), `colours` (Article 5) and `engine` (1.8, the round). The seeding
rounds (1.5) are paired by `pairing.fide.dutch`, unchanged. The bye (2.1), the legal-pairs graph (C1, C3)
and the engine wrapper are shared with Dubov in `pairing.fide.common`.

Options (`PairingInput.options`): ``initial_colour`` (white|black, 5.1) and the Dutch engine's
``acceleration`` (1.6.2.2: virtual points count for the scoregroups, never for the index). Readings chosen
where the text is open: docs/burstein.md.
"""

from __future__ import annotations

from functools import partial

from pairing.fide import dutch
from pairing.fide.burstein.definitions import RULES_EDITION, seeding_rounds
from pairing.fide.burstein.engine import BracketTrace, RoundTrace, pair_after_seeding
from pairing.fide.common.engine import FideSystem
from pairing.model import Decision, PairingInput, PairingOutcome

__all__ = ["RULES_EDITION", "BracketTrace", "BursteinSystem", "RoundTrace", "pair", "pair_with_trace", "seeding_rounds"]


def pair_with_trace(request: PairingInput) -> tuple[PairingOutcome, RoundTrace | None]:
    """Pair one round; the trace is None for a seeding round (paired by the Dutch engine)."""
    seeding = seeding_rounds(request.total_rounds)
    if request.round <= seeding:
        outcome = dutch.pair(request)
        note = Decision(
            "1.5",
            f"seeding round {request.round} of {seeding}: paired by the FIDE (Dutch) System ({dutch.RULES_EDITION})",
        )
        return PairingOutcome(boards=outcome.boards, byes=outcome.byes, explanation=(note, *outcome.explanation)), None
    return pair_after_seeding(request)


def pair(request: PairingInput) -> PairingOutcome:
    """Pair one round by the Burstein System. The same request always gives the same outcome."""
    return pair_with_trace(request)[0]


BursteinSystem = partial(FideSystem, "burstein", RULES_EDITION, pair)
"""The "burstein" system's engine: C.04.4.2 (July 2025)."""

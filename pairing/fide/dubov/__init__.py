"""FIDE Dubov System: FIDE Handbook C.04.4.1, "effective from 1 July 2025" ("Approved by the Council on
13/04/2024, Applied from 1st July, 2025"), with the C.04.1 Basic Rules and C.04.2 General Handling Rules
it cites.

One module per part of the text: `definitions` (Article 1), `bye` (2.1), `upfloaters` (2.2.1-2.2.2),
`subgroups` (2.2.3-2.2.6), `criteria` (Article 3), `sorting` (Article 4), `colours` (Article 5) and
`engine` (1.8, the round). The bye (2.1), the legal-pairs graph (C1, C3) and the engine wrapper are
shared with Burstein in `pairing.fide.common`; "can these players all be paired?" is answered by
`pairing.cardinality`.

Options (`PairingInput.options`): ``initial_colour`` (white|black, 5.1), ``initial_ranking``
(resort|as-given, 1.2.2), ``provisional_rating`` (1.1.2). Readings chosen where the text is open:
docs/dubov.md.
"""

from __future__ import annotations

from functools import partial

from pairing.fide.common.engine import FideSystem
from pairing.fide.dubov.definitions import RULES_EDITION
from pairing.fide.dubov.engine import BracketTrace, RoundTrace, pair_with_trace
from pairing.model import PairingInput, PairingOutcome

__all__ = ["RULES_EDITION", "BracketTrace", "DubovSystem", "RoundTrace", "pair", "pair_with_trace"]


def pair(request: PairingInput) -> PairingOutcome:
    """Pair one round by the Dubov System. The same request always gives the same outcome."""
    return pair_with_trace(request)[0]


DubovSystem = partial(FideSystem, "dubov", RULES_EDITION, pair)
"""The "dubov" system's engine: C.04.4.1 (July 2025)."""

"""FIDE Dubov System: FIDE Handbook C.04.4.1, "effective from 1 July 2025" ("Approved by the Council on
13/04/2024, Applied from 1st July, 2025"), with the C.04.1 Basic Rules and C.04.2 General Handling Rules
it cites.

One module per part of the text: `definitions` (Article 1), `bye` (2.1), `upfloaters` (2.2.1-2.2.2),
`subgroups` (2.2.3-2.2.6), `criteria` (Article 3), `sorting` (Article 4), `colours` (Article 5) and
`engine` (1.8, the round). `perfect_pairing` answers "can these players all be paired?" for all of them;
`generator` makes seeded random tournaments for benchmarks and property tests.

Options (`PairingInput.options`): ``initial_colour`` (white|black, 5.1), ``initial_ranking``
(resort|as-given, 1.2.2), ``provisional_rating`` (1.1.2). Readings chosen where the text is open:
docs/dubov.md.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.fide.dubov.definitions import RULES_EDITION
from pairing.fide.dubov.engine import BracketTrace, RoundTrace, pair_with_trace
from pairing.model import PairingInput, PairingOutcome

__all__ = ["RULES_EDITION", "BracketTrace", "DubovSystem", "RoundTrace", "pair", "pair_with_trace"]


def pair(request: PairingInput) -> PairingOutcome:
    """Pair one round by the Dubov System. The same request always gives the same outcome."""
    return pair_with_trace(request)[0]


class DubovSystem:
    """The "dubov" system: C.04.4.1 (July 2025)."""

    name: ClassVar[str] = "dubov"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round`. The same request always gives the same pairing and explanation."""
        return pair(request)

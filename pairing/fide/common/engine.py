"""The `Engine` (ARCHITECTURE.md, "Pairing engines") of a FIDE system: its name, version and rules
edition around its `pair` function, written once for Dutch, Dubov and Burstein."""

from __future__ import annotations

from collections.abc import Callable

from pairing.model import PairingInput, PairingOutcome
from pairing.values import value


@value
class FideSystem:
    """A FIDE Swiss system as an engine. The same request always gives the same pairing and explanation."""

    name: str
    rules_edition: str
    pair_round: Callable[[PairingInput], PairingOutcome]
    version: str = "1.0.0"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round`."""
        return self.pair_round(request)

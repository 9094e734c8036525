"""The player data the shared FIDE pieces read, and the arbiter's forbidden pairs.

Each system's Article 1 defines its own contender (`pairing.fide.dutch.definitions`,
`pairing.fide.dubov.definitions`, `pairing.fide.burstein.definitions`); `FideContender` is what
they have in common.
"""

from __future__ import annotations

from typing import Protocol

from pairing.model import PairingInput, Side


class FideContender(Protocol):
    """A player to pair in this round, as the legal-pairs graph and the bye assignment read them."""

    @property
    def number(self) -> int: ...

    @property
    def rank(self) -> int:
        """Position among the players to pair in the system's order, 0 first."""
        ...

    @property
    def score(self) -> float: ...

    @property
    def games(self) -> int:
        """Games played over the board."""
        ...

    @property
    def pab_eligible(self) -> bool:
        """[C2]: may receive the pairing-allocated bye."""
        ...

    @property
    def absolute_colour(self) -> Side | None:
        """The colour this player must get, if the colour preference is absolute."""
        ...

    @property
    def avoid(self) -> frozenset[int]:
        """[C1]: the numbers of the players met over the board, and of those the arbiter forbade."""
        ...


def forbidden_partners(request: PairingInput) -> dict[int, set[int]]:
    """Player -> the players the arbiter forbade them to meet (`PairingInput.forbidden_pairs`, both
    ways round)."""
    forbidden: dict[int, set[int]] = {}
    for a, b in request.forbidden_pairs:
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    return forbidden

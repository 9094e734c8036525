"""C.04.3 Article 5: colour allocation for a pair of the FIDE (Dutch) System (2025 edition).

5.2, in descending priority: 5.2.1 "Grant both colour preferences"; 5.2.2 "Grant the stronger
colour preference. If both are absolute (topscorers), grant the wider colour difference"; 5.2.3
"Taking into account C.04.2 3.4, alternate the colours to the most recent round in which one
player had White and the other Black"; 5.2.4 "Grant the colour preference of the higher ranked
player"; 5.2.5 "If the higher ranked player has an odd pairing number, give him the
initial-colour; otherwise give him the opposite colour". 5.1: the initial-colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.criteria.basic_rules import ColourPreference, Strength
from pairing.model import NoValidPairing, PairingInput, Side


def initial_colour(request: PairingInput) -> Side:
    """5.1: the initial-colour "drawn by lot" before round 1 (option ``initial_colour``)."""
    text = request.option("initial_colour", "white").lower()
    if text not in ("white", "black"):
        raise NoValidPairing(f"option initial_colour must be white or black, not {text!r}")
    return Side.FIRST if text == "white" else Side.SECOND


def allocate(
    higher: tuple[ColourPreference, Sequence[Side], int, int],
    lower: tuple[ColourPreference, Sequence[Side], int, int],
    initial: Side,
) -> tuple[Side, str]:
    """The side of the higher-ranked player (1.2 order) and the article that decided it.

    Each player is given as (preference, played sides, colour difference, pairing number).
    """
    hp, hs, hcd, htpn = higher
    lp, ls, lcd, _ = lower
    if hp.colour is None and lp.colour is not None:
        return lp.colour.other, "5.2.1"
    if hp.colour is not None and (lp.colour is None or lp.colour is not hp.colour):
        return hp.colour, "5.2.1"
    if hp.colour is not None:
        if hp.strength != lp.strength:
            return (hp.colour if hp.strength > lp.strength else hp.colour.other), "5.2.2"
        if hp.strength is Strength.ABSOLUTE and abs(hcd) != abs(lcd):
            return (hp.colour if abs(hcd) > abs(lcd) else hp.colour.other), "5.2.2"
    for back in range(1, min(len(hs), len(ls)) + 1):
        if hs[-back] is not ls[-back]:
            return hs[-back].other, "5.2.3"
    if hp.colour is not None:
        return hp.colour, "5.2.4"
    return (initial if htpn % 2 == 1 else initial.other), "5.2.5"

"""Dubov System, Article 5 (Colour Allocation Rules).

5.1: "The initial-colour is the colour determined by drawing of lots before the pairing of the first
round" (option ``initial_colour``, white by default). 5.2: "For each pair apply (with descending
priority): 5.2.1 When both players have yet to play a game, if the higher ranked player (the player who
has more points or, when points are equal, a higher position in the initial ranking list) has an odd
pairing number, give them the initial-colour; otherwise give them the opposite colour. 5.2.2 Grant both
colour preferences. 5.2.3 Grant the stronger colour preference. 5.2.4 Alternate the colours to the most
recent time in which one player had white and the other black. 5.2.5 Grant the colour preference of the
higher ranked player".

Unlike the Dutch order, 5.2.1 (the lot) comes first and only for two players without games, and 5.2.3
has no "wider colour difference" clause. 5.2.4 reads the histories of played games only, aligned on the
latest game (C.04.2: "Only played games count in situations where the colour sequence is meaningful").
"""

from __future__ import annotations

from pairing.fide.dubov.definitions import Contender
from pairing.model import NoValidPairing, PairingInput, Side


def initial_colour(request: PairingInput) -> Side:
    """5.1: the initial-colour (option ``initial_colour``: white or black)."""
    text = request.option("initial_colour", "white").lower()
    if text not in ("white", "black"):
        raise NoValidPairing(f"option initial_colour must be white or black, not {text!r}")
    return Side.FIRST if text == "white" else Side.SECOND


def allocate_colours(a: Contender, b: Contender, initial: Side) -> tuple[Contender, Contender, str]:
    """5.2 for the pair a-b: (player with White, player with Black, the article that decided)."""
    higher, lower = (a, b) if a.ranks_above(b) else (b, a)
    side, article = _higher_side(higher, lower, initial)
    return (higher, lower, article) if side is Side.FIRST else (lower, higher, article)


def _higher_side(higher: Contender, lower: Contender, initial: Side) -> tuple[Side, str]:
    if not higher.has_played and not lower.has_played:
        return (initial if higher.tpn % 2 == 1 else initial.other), "5.2.1"
    if higher.due_colour is not lower.due_colour:
        return higher.due_colour, "5.2.2"
    if higher.strength != lower.strength:
        stronger_is_higher = higher.strength > lower.strength
        return (higher.due_colour if stronger_is_higher else higher.due_colour.other), "5.2.3"
    for back in range(1, min(len(higher.sides), len(lower.sides)) + 1):
        if higher.sides[-back] is not lower.sides[-back]:
            return higher.sides[-back].other, "5.2.4"
    return higher.due_colour, "5.2.5"

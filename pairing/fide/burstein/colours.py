"""Burstein System, Article 5 (Colour Allocation Rules).

5.1: "The initial-colour is the colour determined by drawing of lots before the pairing of the first round"
(option ``initial_colour``, white by default). 5.2: "For each pair apply (with descending priority):
5.2.1 When both players have yet to play a game, if the higher ranked player (according to Article 1.7) has
an odd pairing number, give them the initial-colour; otherwise give them the opposite colour. 5.2.2 Grant
both colour preferences. 5.2.3 Grant the stronger colour preference. 5.2.4 Alternate the colours to the most
recent time in which one player had white and the other black. 5.2.5 Grant the colour preference of the
higher ranked player (see Article 1.7)".

The text of 5.2 is the Dubov System's word for word, but "higher ranked" means the 1.7 order (opposition
index) here, and 1.4.2.4 gives a player without games no preference ("the preference of their opponents is
granted") where Dubov gives a mild one for Black; so `pairing.fide.dubov.colours` cannot be reused as is.
"""

from __future__ import annotations

from pairing.fide.burstein.definitions import Contender
from pairing.fide.dubov.colours import initial_colour
from pairing.model import Side

__all__ = ["allocate_colours", "initial_colour", "misses_preference"]


def allocate_colours(a: Contender, b: Contender, initial: Side) -> tuple[Contender, Contender, str]:
    """5.2 for the pair a-b: (player with White, player with Black, the article that decided)."""
    higher, lower = (a, b) if a.rank < b.rank else (b, a)
    side, article = _higher_side(higher, lower, initial)
    return (higher, lower, article) if side is Side.FIRST else (lower, higher, article)


def _higher_side(higher: Contender, lower: Contender, initial: Side) -> tuple[Side, str]:
    hp, lp = higher.preference, lower.preference
    if not higher.games and not lower.games:
        return (initial if higher.tpn % 2 == 1 else initial.other), "5.2.1"
    if hp.colour is None:  # 1.4.2.4: "the preference of their opponents is granted"
        return lp.colour.other, "5.2.2"  # type: ignore[union-attr]  # lower has played (5.2.1 did not apply)
    if lp.colour is None or lp.colour is not hp.colour:
        return hp.colour, "5.2.2"
    if hp.strength != lp.strength:
        return (hp.colour if hp.strength > lp.strength else hp.colour.other), "5.2.3"
    for back in range(1, min(len(higher.sides), len(lower.sides)) + 1):
        if higher.sides[-back] is not lower.sides[-back]:
            return higher.sides[-back].other, "5.2.4"
    return hp.colour, "5.2.5"


def misses_preference(a: Contender, b: Contender) -> int:
    """[C8]: how many of the pair do not get their colour preference (1 when both prefer the same colour)."""
    colour = a.preference.colour
    return 1 if colour is not None and colour is b.preference.colour else 0

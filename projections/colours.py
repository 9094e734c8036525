"""Side (colour) standing of a player from played games only (C.04.3 A.1.7; C.04.2 GHR 3.4:
byes, forfeits and unplayed rounds do not count). Chess: first = White. Backgammon and Scrabble
keep the same counts as firsts and seconds."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.model import RoundRecord, Side


def colour_standing(records: Sequence[RoundRecord]) -> tuple[int, int, int, str, str]:
    """(firsts, seconds, colour difference, preferred side, strength).

    1.7.1 absolute: CD > +1 or < -1, or the same colour in the two latest played rounds;
    1.7.2 strong: CD = +1 (prefers the second side) or -1; 1.7.3 mild: CD = 0, alternate from the
    last game played; 1.7.4 none: no game played yet."""
    sides = [r.side for r in records if r.played and r.side is not None]
    firsts = sides.count(Side.FIRST)
    seconds = len(sides) - firsts
    difference = firsts - seconds
    if not sides:
        return firsts, seconds, difference, "", "none"
    balancing = Side.SECOND if difference > 0 else Side.FIRST
    if abs(difference) > 1:
        return firsts, seconds, difference, balancing.value, "absolute"
    if len(sides) >= 2 and sides[-1] == sides[-2]:
        return firsts, seconds, difference, sides[-1].other.value, "absolute"
    if difference:
        return firsts, seconds, difference, balancing.value, "strong"
    return firsts, seconds, difference, sides[-1].other.value, "mild"

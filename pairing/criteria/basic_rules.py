"""C.04.1 Basic Rules for Swiss Systems (2025 numbering) and C.04.2 colour history: shared by the FIDE
Swiss engines (Dutch, Dubov, Burstein), written once.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from pairing.model import ByeKind, Entrant, RoundRecord, Scoring, Side
from pairing.values import value


class Strength(enum.IntEnum):
    """C.04.3 1.7: how strongly a player prefers a colour (higher is stronger)."""

    NONE = 0
    """1.7.4: "the player has not played any game yet"."""
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@value
class ColourPreference:
    colour: Side | None
    strength: Strength


def played_sides(history: Sequence[RoundRecord]) -> tuple[Side, ...]:
    """C.04.2 3.4 (old D.5): "Only played games count in situations where the colour sequence is
    meaningful" (BWB=W is read as =BWBW): the sides of played games, in order."""
    return tuple(r.side for r in history if r.played and r.side is not None)


def colour_difference(sides: Sequence[Side]) -> int:
    """C.04.3 1.6: "games with White - games with Black"."""
    return sum(1 if s is Side.FIRST else -1 for s in sides)


def colour_preference(sides: Sequence[Side]) -> ColourPreference:
    """C.04.3 1.7.

    1.7.1 absolute: "CD > +1 or < -1, or the same colour in the two latest rounds [the player]
    played"; White if CD < -1 or the last two were Black, Black otherwise. 1.7.2 strong: CD = +1
    (Black) or -1 (White). 1.7.3 mild: CD = 0, alternate from the last game played. 1.7.4 none.
    """
    if not sides:
        return ColourPreference(None, Strength.NONE)
    cd = colour_difference(sides)
    twice = len(sides) >= 2 and sides[-1] is sides[-2]
    if cd > 1 or cd < -1 or twice:
        white = cd < -1 or (twice and sides[-1] is Side.SECOND)
        return ColourPreference(Side.FIRST if white else Side.SECOND, Strength.ABSOLUTE)
    if cd == 1:
        return ColourPreference(Side.SECOND, Strength.STRONG)
    if cd == -1:
        return ColourPreference(Side.FIRST, Strength.STRONG)
    return ColourPreference(sides[-1].other, Strength.MILD)


def played_opponents(entrant: Entrant) -> frozenset[int]:
    """C.04.1 Art. 2 / [C1]: "Two players shall not play against each other more than once"; games
    not played (forfeits) do not count, since C.04.2 3.5 (old D.6) lets such players meet again."""
    return frozenset(r.opponent for r in entrant.history if r.played and r.opponent is not None)


def eligible_for_pab(entrant: Entrant, scoring: Scoring) -> bool:
    """C.04.1 Art. 4 / [C2] (2025): "A participant who has already received a pairing-allocated bye,
    or has already scored in one single round without playing as many points as rewarded for a win,
    shall not receive the pairing-allocated bye". Half-point and zero-point byes do not bar it."""
    for record in entrant.history:
        if record.bye is ByeKind.PAIRING_ALLOCATED:
            return False
        if not record.played and record.points >= scoring.win:
            return False
    return True


def unplayed_rounds(entrant: Entrant) -> int:
    """The number of rounds the player did not play (byes, forfeits, absences): Dutch [C9]."""
    return sum(1 for r in entrant.history if not r.played)

"""Factored pairings: tsh command `FactorPair distance repeats based-on-round division` (`fp`), and
its synonym `Pair1324` (= `fp 2`).

The rules text: "Factored Pairings (FP) are the same as KOTH except that the optimum rank separation
of players is some fixed number (the factor) greater than the value of one used in KOTH. ... The
'Pair1324' command is a synonym for 'fp 2'. If the players who are supposed to play each other have
already played each other too often, tsh will look for the nearest available player(s) to the
optimum opponent(s), breaking ties to avoid consecutive repeats, match starts with replies and
minimize repeats. If the number of players is odd, tsh will assign a bye to the lowest-ranked
player who has had the fewest byes."

docs/research/tsh-backgammon-brackets.md §2.4: key `(|F - |i - j||, sameopp, pairsvr, repeats, j)`, filter repeats <=
R, the engine's default processing order (fewest candidates first above 12 players).

Options: `factor` (default 2, i.e. Pair1324), `repeats` (default 0), `based_on`, `gibson`,
`track_firsts`.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare, resolve_within

ARTICLE = "FP"


class FactorPair:
    """tsh `fp` / `Pair1324`: factored pairings."""

    name: ClassVar[str] = "factored"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` with the factor's rank separation."""
        factor = options.whole_number(request, "factor", 2, minimum=1)
        repeats = options.repeats(request)
        based_on = options.based_on(request)
        field, draft, pool = prepare(request, repeats, based_on=based_on, gibson=options.flag(request, "gibson"))
        draft.head(
            ARTICLE,
            f"factored pairings FP {factor}{' (Pair1324)' if factor == 2 else ''}: repeats allowed {repeats}, "
            f"standings after round {based_on}",
        )
        position = {p: i for i, p in enumerate(pool)}

        def separation(a: int, b: int) -> int:
            return abs(factor - abs(position[a] - position[b]))

        for choice in resolve_within(field, pool, repeats, f"FP {factor}", separation):
            a, b = choice.pair
            apart = abs(position[a] - position[b])
            rule = "the optimum separation" if apart == factor else "the nearest available to the optimum"
            text = f"{apart} place(s) apart, {rule} ({factor})" + choice.reasons()
            draft.board(a, b, ARTICLE, text)
        return draft.outcome()

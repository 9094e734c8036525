"""Random pairings: tsh command `randompair repeats based-on-round division` (`rp`).

The rules text: "Random pairings match players based on a statistical hashing function of their
name and player number. They are random in that who plays whom will not appear to follow any
pattern, but only pseudorandom in the sense that if you do not change the names and order of your
players the pairings will always be generated the same way. ... As it does with other pairing
commands, tsh will try to minimize repeats and avoid successive repeats where possible".

docs/research/tsh-backgammon-brackets.md §2.2: key `((rnd_p - rnd_o) mod 2^32, sameopp, pairsvr, repeats, j)`, filter
repeats <= R. Our `rnd` is a SHA-256 hash of the seed, the round, and the player's number and name
(`draw.py`), so the same input always gives the same draw and each round draws afresh.

Options: `repeats` (default 0), `based_on`, `track_firsts`.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.draw import stable_hash
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare, resolve_within

ARTICLE = "RP"
MODULUS = 2**64


class RandomPair:
    """tsh `rp`: pseudo-random pairings from a stable seeded hash."""

    name: ClassVar[str] = "random"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` at random. The same request always gives the same draw."""
        repeats = options.repeats(request)
        based_on = options.based_on(request)
        field, draft, pool = prepare(request, repeats, based_on=based_on)
        draft.head(
            ARTICLE,
            f"random pairings from seed {request.seed}: repeats allowed {repeats}, standings after round {based_on}",
        )
        rnd = {p: stable_hash("rp", request.seed, request.round, p, field.entrant[p].name) for p in pool}
        drawn = resolve_within(field, pool, repeats, "random pairing", lambda a, b: (rnd[a] - rnd[b]) % MODULUS)
        for choice in drawn:
            draft.board(*choice.pair, ARTICLE, "drawn (the nearest seeded hash)" + choice.reasons())
        return draft.outcome()

"""Quartile pairings: tsh command `PairQuartiles quartile repeats based-on-round division` (`pq`).

The rules text: "Quartile pairings pair the top quartile of the field at random against a
designated other quartile, and are typically used to begin large tournaments with unreliable rating
data ... to ask for the top quartile to be paired with the bottom, with no repeats allowed, based on
standings in round 12 for division B, use the command 'pq 4 0 12 b'."

docs/research/tsh-backgammon-brackets.md §2.5: a player's quartile is `floor((rank - 1) / (n / 4))`; the target table
T_2 = [1,0,3,2,2] (1st against 2nd, 3rd against 4th), T_3 = [2,3,0,1,1] (1st against 3rd, 2nd
against 4th), T_4 = [3,2,1,0,0] (1st against 4th, 2nd against 3rd); key
`(|T_Q[q(o)] - q(p)|, sameopp, pairsvr, repeats, rnd_p - rnd_o, j)`, filter repeats <= R: the
opponent comes from the designated quartile, drawn pseudo-randomly within it.

Options: `quartile` (2, 3 or 4; default 4), `repeats` (default 0), `based_on`, `track_firsts`.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.draw import stable_hash
from pairing.tsh.field import Draft, Field
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare, resolve_within

ARTICLE = "PQ"
TARGETS = {2: (1, 0, 3, 2, 2), 3: (2, 3, 0, 1, 1), 4: (3, 2, 1, 0, 0)}
"""T_Q: the quartile that quartile q plays (the fifth entry absorbs rounding)."""
MODULUS = 2**64
QUARTILE_NAMES = ("1st", "2nd", "3rd", "4th", "4th")


def quartile_of(index: int, size: int) -> int:
    """q = floor((rank - 1) / (n / 4)), rank - 1 being the 0-based index among the players paired."""
    return int(index // (size / 4))


def pair_quartiles(field: Field, draft: Draft, pool: list[int], designated: int, repeats: int) -> None:
    """Seat `pool` (best first, even): each quartile against its designated quartile."""
    if designated not in TARGETS:
        raise NoValidPairing(f"option quartile must be 2, 3 or 4, not {designated}")
    request = field.request
    target = TARGETS[designated]
    quartile = {p: quartile_of(i, len(pool)) for i, p in enumerate(pool)}
    rnd = {p: stable_hash("pq", request.seed, request.round, p, field.entrant[p].name) for p in pool}
    choices = resolve_within(
        field,
        pool,
        repeats,
        f"quartile pairing pq {designated}",
        lambda a, b: abs(target[quartile[b]] - quartile[a]),
        lambda a, b: ((rnd[a] - rnd[b]) % MODULUS,),
    )
    for choice in choices:
        a, b = choice.pair
        qa, qb = QUARTILE_NAMES[quartile[a]], QUARTILE_NAMES[quartile[b]]
        wanted = target[quartile[a]] == quartile[b] or target[quartile[b]] == quartile[a]
        rule = "the designated quartile, drawn within it" if wanted else "the nearest available quartile"
        draft.board(a, b, ARTICLE, f"{qa} quartile against {qb}: {rule}" + choice.reasons())


class PairQuartiles:
    """tsh `pq`: quartile pairings."""

    name: ClassVar[str] = "quartile"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` by quartiles."""
        designated = options.whole_number(request, "quartile", 4, minimum=2)
        repeats = options.repeats(request)
        based_on = options.based_on(request)
        field, draft, pool = prepare(request, repeats, based_on=based_on)
        draft.head(
            ARTICLE,
            f"quartile pairings pq {designated}: 1st quartile against the {QUARTILE_NAMES[designated - 1]}, "
            f"repeats allowed {repeats}, standings after round {based_on}",
        )
        pair_quartiles(field, draft, pool, designated, repeats)
        return draft.outcome()

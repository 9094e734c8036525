"""King of the Hill: tsh command `koth repeats based-on-round division`.

The rules text: "In King-of-the-Hill (KOTH) pairings, the top two players are paired with each
other, then the next two, and so on. ... If the players who are supposed to play each other have
already played each other too often, tsh will look for the nearest available player, breaking ties
to avoid consecutive repeats, match starts with replies and minimize repeats. If the number of
players is odd, tsh will assign a bye to the lowest-ranked player who has had the fewest byes."

docs/research/tsh-backgammon-brackets.md §2.3: key `(|i - j|, sameopp, pairsvr, repeats, j)` over the standing-sorted
list after Gibsons and the bye are removed; filter repeats <= R; players processed strictly in rank order. With
`gibson = yes` ("config gibson = 1") KOTH Gibsonizes first.

Options: `repeats` (default 0), `based_on` (default: the last complete round), `gibson`,
`track_firsts`, and the Gibson options of `gibson.py`.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare, resolve_within

ARTICLE = "KOTH"


def pair_koth(field: Field, draft: Draft, pool: list[int], repeats: int, article: str = ARTICLE) -> None:
    """Seat `pool` (best first, even) King of the Hill within `repeats`."""
    position = {p: i for i, p in enumerate(pool)}
    nearest = resolve_within(
        field, pool, repeats, "King of the Hill", lambda a, b: abs(position[a] - position[b]), fewest_first=False
    )
    for choice in nearest:
        a, b = choice.pair
        text = f"nearest available rank (ranks {field.rank(a)} and {field.rank(b)})" + choice.reasons()
        draft.board(a, b, article, text)


def pair_koth_fewest_repeats(field: Field, draft: Draft, pool: list[int], article: str, who: str) -> None:
    """KOTH "with minimal repeats": the smallest repeats limit that pairs `pool`."""
    if not pool:
        return
    repeats = field.fewest_repeats(pool, limit=field.request.round)
    if repeats is None:  # cannot happen: nobody has met anyone more often than the rounds played
        raise NoValidPairing(f"{who} cannot be paired")
    draft.note(article, f"{who}: King of the Hill with the fewest repeats that pairs them ({repeats})")
    pair_koth(field, draft, pool, repeats, article)


class Koth:
    """tsh `koth`: King of the Hill."""

    name: ClassVar[str] = "koth"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` King of the Hill. The same request always gives the same outcome."""
        repeats = options.repeats(request)
        based_on = options.based_on(request)
        field, draft, pool = prepare(request, repeats, based_on=based_on, gibson=options.flag(request, "gibson"))
        draft.head(ARTICLE, f"King of the Hill, repeats allowed {repeats}, standings after round {based_on}")
        pair_koth(field, draft, pool, repeats)
        return draft.outcome()

"""tsh's `SetupForPairings`, shared by every automatic pairing command (docs/research/tsh-backgammon-brackets.md §2.1):

1. "Collect unpaired players." 2. "Sort by current standing." 3. "Gibsonize if config gibson is set
or the command asks for it." 4. "Assign a bye if the count is odd." 5. "Re-sort by standing as of
sr0." 6. "Build the filter: repeats <= R".

Here the standing used throughout is the one after the based-on round (sr0), so steps 2 and 5 are
one sort. Inactive players (absent, withdrawn, eliminated) are not collected.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.model import NoValidPairing, PairingInput
from pairing.tsh.byes import ARTICLE as BYE
from pairing.tsh.byes import choose_bye
from pairing.tsh.field import Draft, Field
from pairing.tsh.gibson import Contention, gibsonize
from pairing.tsh.resolve import Choice, pairable, resolve

RULES_EDITION = "tsh 3.340 Pairing theory (2018-02-20)"
"""The tsh documentation the engines follow: docs/rules/tsh-pairing-systems.txt."""
VERSION = "1.0.0"


def prepare(
    request: PairingInput,
    repeats: int | None,
    *,
    based_on: int,
    gibson: bool = False,
    field: Field | None = None,
    contention: Contention | None = None,
) -> tuple[Field, Draft, list[int]]:
    """The field, an empty draft, and the players left to pair after Gibsons and the bye.

    `repeats` (None: no limit) is the command's "repeats <= R" filter; the bye avoids leaving a rest
    that it cannot pair (`byes.py`)."""
    field = field or Field(request, based_on)
    draft = Draft(field)
    pool = field.active
    if gibson:
        pool = gibsonize(field, draft, pool, contention or Contention(field))
    return field, draft, bye_if_odd(field, draft, pool, repeats)


def bye_if_odd(field: Field, draft: Draft, pool: list[int], repeats: int | None) -> list[int]:
    """Step 4: if `pool` is odd, the bye (`byes.py`), avoiding one that leaves a rest the "repeats <= R"
    filter cannot pair (`repeats` None: no limit); the players left to pair."""
    if len(pool) % 2 == 0:
        return pool
    check = None if repeats is None else (lambda rest: pairable(rest, field.within(repeats)))
    player, text = choose_bye(pool, field.byes, check)
    draft.bye(player, BYE, text)
    return [p for p in pool if p != player]


def _no_more(_: int, __: int) -> tuple[object, ...]:
    return ()


def resolve_within(
    field: Field,
    pool: list[int],
    repeats: int,
    system: str,
    first: Callable[[int, int], object],
    last: Callable[[int, int], tuple[object, ...]] = _no_more,
    *,
    fewest_first: bool = True,
) -> list[Choice]:
    """The search of random, KOTH, factored and quartile pairings (docs/research/tsh-backgammon-brackets.md §2.2-2.5):
    key `(first, sameopp, pairsvr, repeats, *last, j)`, filter repeats <= R; `unpairable` if none pairs `pool`."""
    choices = resolve(
        pool,
        key=lambda a, b: (first(a, b), field.sameopp(a, b), field.pairsvr(a, b), field.meetings(a, b), *last(a, b)),
        allowed=field.within(repeats),
        fewest_first=fewest_first,
        refusal=field.too_many(repeats),
    )
    if choices is None:
        raise unpairable(field, pool, repeats, system)
    return choices


def unpairable(field: Field, players: list[int], repeats: int, system: str) -> NoValidPairing:
    """The error tsh gives when a division cannot be paired: "you should increase the number of
    allowed repeats", with the fewest repeats that would work."""
    fewest = field.fewest_repeats(players, limit=max(repeats + 1, field.request.round))
    hint = f"; the fewest that works is {fewest}: increase repeats" if fewest is not None else ""
    return NoValidPairing(
        f"{system}: the {len(players)} players to pair cannot all be paired with at most {repeats} earlier "
        f"meeting(s) per pair{hint}"
    )

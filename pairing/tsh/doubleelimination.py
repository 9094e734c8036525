"""tsh's double elimination: command `DoubleElimination` (developed for Craig Beevers in Prague).

The rules text: "Double elimination pairings ... pair contenders randomly within win group; noncontenders are paired
KOTH with minimal repeats. Players are removed from pairings after their second loss, and an alternate player is
included whenever the total number of players would otherwise be odd." docs/research/tsh-backgammon-brackets.md §2.8:
"contenders (fewer than 2 losses) are paired randomly within win groups; an odd contender group borrows the top player
of the next group, or a designated `de_alternate` player when the next group is no longer contending; non-contenders
are paired KOTH."

Readings taken (docs/scrabble-systems.md):

- Contenders: fewer than two losses after the based-on round (a tie is half a loss). "Removed from
  pairings" is read as removed from the contenders' pairings: they go on playing, King of the Hill.
- The bye, if the field is odd, follows the usual rule (lowest-ranked among the fewest byes),
  before the contenders are counted.
- The alternate is the `alternate` option's player, else the best-ranked non-contender.
- "Randomly" is the seeded hash of `draw.py`, after fewest meetings and not the last opponent.
- Once one contender is left the event is decided, and everyone plays King of the Hill.

Options: `alternate` (a player number), `based_on`, `track_firsts`.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.draw import pair_rnd
from pairing.tsh.field import Draft, Field
from pairing.tsh.koth import pair_koth_fewest_repeats
from pairing.tsh.resolve import resolve
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare
from pairing.tsh.standings import win_groups

ARTICLE = "DE"
OUT = "KOTH"
LIVES = 2


def pair_randomly(field: Field, draft: Draft, group: list[int], label: str) -> None:
    """Pair an even group at random, with the fewest meetings first."""
    request = field.request
    choices = resolve(
        group,
        key=lambda a, b: (field.meetings(a, b), field.sameopp(a, b), pair_rnd(request.seed, request.round, a, b)),
    )
    if choices is None:  # cannot happen: no filter and an even group
        raise NoValidPairing(f"double elimination: {label} could not be paired")
    for choice in choices:
        draft.board(*choice.pair, ARTICLE, f"{label}: drawn at random (fewest meetings first)" + choice.reasons())


class DoubleElimination:
    """tsh `DoubleElimination`: out at the second loss, random within win groups."""

    name: ClassVar[str] = "tsh-double-elimination"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round`: contenders at random within win groups, the others KOTH."""
        based_on = options.based_on(request)
        field, draft, pool = prepare(request, None, based_on=based_on)
        contenders = [p for p in pool if field.standing[p].losses < LIVES]
        out = [p for p in pool if p not in contenders]
        draft.head(
            ARTICLE,
            f"double elimination after round {based_on}: {len(contenders)} contender(s) with fewer than "
            f"{LIVES} losses, {len(out)} out",
        )
        if len(contenders) <= 1:
            draft.note(ARTICLE, "at most one contender is left: the event is decided")
            pair_koth_fewest_repeats(field, draft, pool, OUT, "everyone")
            return draft.outcome()
        if len(contenders) % 2:
            alternate = self._alternate(request, field, out)
            draft.note(ARTICLE, f"{alternate} joins the contenders as the alternate: their number is odd")
            out = [p for p in out if p != alternate]
            contenders = [*contenders, alternate]
        groups = [[s.number for s in g] for g in win_groups([field.standing[p] for p in contenders])]
        for i, group in enumerate(groups):
            label = f"win group {field.standing[group[0]].wins:g}" if group else ""
            if len(group) % 2:  # "an odd contender group borrows the top player of the next group"
                lender = next(g for g in groups[i + 1 :] if g)
                borrowed = lender.pop(0)
                group.append(borrowed)
                label += f" with {borrowed} borrowed from the next group"
            if group:
                pair_randomly(field, draft, group, label)
        pair_koth_fewest_repeats(field, draft, out, OUT, "players with two losses")
        return draft.outcome()

    def _alternate(self, request: PairingInput, field: Field, out: list[int]) -> int:
        wanted = options.whole_number(request, "alternate", 0)
        if wanted and wanted in out:
            return wanted
        if not out:
            raise NoValidPairing("double elimination: an odd number of contenders and nobody to be the alternate")
        return out[0]

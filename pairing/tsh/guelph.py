"""Guelph pairings: tsh's `GUELPH` (`config pairing_system = 'guelph'`), Andy Saunders' six-round
events in Guelph, Ontario.

The rules text: "Andy Saunders' tournaments in Guelph, Ontario use a system which pairs groups of
six, eight or ten players over six rounds. Six-player groups play a round robin followed by KOTH
with repeats. Eight-player groups play as follows. In rounds 1-3, 1458 (A) and 2367 (B) each play a
round robin. In round 4: A1-B2 B1-A2 A3-B4 A4-B3. In round 5: A1-B1 A2-B2 A3-B3 A4-B4. In round 6:
KOTH with infinite repeats and Gibsonization. Ten-player groups play a depleted five-round round
robin followed by KOTH with repeats."

Readings taken (docs/scrabble-systems.md):

- 1458 and 2367 are pretournament ranks; A1..A4 in rounds 4 and 5 are the quad's members ranked
  by the standings after the previous round. The quads play InitFontes' four-player schedule
  (1-4 2-3, 1-3 2-4, 1-2 3-4).
- "KOTH with repeats" is KOTH with repeats unlimited, as in round 6 of the eight-player form; the
  eight-player round 6 Gibsonizes.
- The ten-player "depleted five-round round robin" is the first five rounds of the Berger table.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.initfontes import FOUR
from pairing.tsh.koth import pair_koth
from pairing.tsh.schedule import round_robin_rows, scheduled_players, seat
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare

ARTICLE = "Guelph"
ROUNDS = 6
QUAD_A = (1, 4, 5, 8)
QUAD_B = (2, 3, 6, 7)
ROUND_4 = ((1, 2), (2, 1), (3, 4), (4, 3))
"""(A place, B place): "A1-B2 B1-A2 A3-B4 A4-B3" (B1-A2 written A2 against B1)."""
ROUND_5 = ((1, 1), (2, 2), (3, 3), (4, 4))


class Guelph:
    """tsh `GUELPH`: six rounds for a group of six, eight or ten."""

    name: ClassVar[str] = "guelph"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair round `request.round` (1 to 6) of the Guelph schedule."""
        if not 1 <= request.round <= ROUNDS:
            raise NoValidPairing(f"Guelph pairings have rounds 1 to {ROUNDS}, not {request.round}")
        field = Field(request, options.based_on(request))
        players = scheduled_players(field, 1)
        size = len(players)
        if size not in (6, 8, 10):
            raise NoValidPairing(f"Guelph pairings are for groups of six, eight or ten players, not {size}")
        round_robin_rounds = {6: 5, 8: 3, 10: 5}[size]
        if request.round == ROUNDS:
            return self._last_round(request, size)
        draft = Draft(field)
        draft.head(ARTICLE, f"Guelph pairings for {size} players, round {request.round} of {ROUNDS}")
        if size != 8:
            rows = round_robin_rows(size)
            text = f"round robin of {size}" + (" (depleted: five rounds)" if size == 10 else "")
            seat(draft, players, rows[request.round - 1], ARTICLE, f"{text}, table round {request.round}")
            return draft.outcome()
        quads = {"A": [players[s - 1] for s in QUAD_A], "B": [players[s - 1] for s in QUAD_B]}
        if request.round <= round_robin_rounds:
            for name, quad in quads.items():
                seat(draft, quad, FOUR[request.round - 1], ARTICLE, f"quad {name} ({', '.join(map(str, quad))})")
            return draft.outcome()
        ranked = {name: sorted(quad, key=field.rank) for name, quad in quads.items()}
        places = ROUND_4 if request.round == 4 else ROUND_5
        for a, b in places:
            draft.board(
                ranked["A"][a - 1],
                ranked["B"][b - 1],
                ARTICLE,
                f"round {request.round}: A{a} against B{b} (places in the quads after round {field.based_on})",
            )
        return draft.outcome()

    def _last_round(self, request: PairingInput, size: int) -> PairingOutcome:
        """Round 6: KOTH with repeats unlimited (with Gibsonization for eight players)."""
        based_on = options.based_on(request)
        field, draft, pool = prepare(request, None, based_on=based_on, gibson=size == 8)
        draft.head(
            ARTICLE,
            f"Guelph pairings for {size} players, round {ROUNDS}: King of the Hill, repeats unlimited"
            + (", with Gibsonization" if size == 8 else ""),
        )
        pair_koth(field, draft, pool, request.round, "KOTH")
        return draft.outcome()

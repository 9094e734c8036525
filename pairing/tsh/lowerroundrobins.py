"""Lower round robins: tsh command `LowerRoundRobins starting-rank rounds division` (`lrr`).

The rules text: "If you want to assign round robin groups to noncontenders toward the end of your
tournament, you can use the 'LowerRoundrobins starting-rank rounds division' command. For example,
if you want players to play three-round round robins in groups of four if they are ranked 41st or
below in Division B, use the command 'lrr 41 3 b'. ... if you want everyone in Division C to play
five-round round robins in groups of six, use the command 'lrr 1 5 b'." docs/research/tsh-backgammon-brackets.md §2.8:
"players from rank `start` down are grouped into round robins of size rounds+1".

Readings taken (docs/scrabble-systems.md):

- Groups are consecutive in the standings before the first lower-round-robin round (option
  `first_round`, which must stay the same for all the rounds of the groups; default: the round
  being paired, right for the first of them): ranks start..start+size-1, and so on.
- Leftover players: if at least half a group, they form a smaller group (a round robin with byes,
  repeated if it is shorter than the rounds); otherwise they join the last group, which then plays
  a partial round robin (the first rounds of its table), as tsh's InitFontes group of six does.
- The players above the starting rank are paired King of the Hill (tsh pairs them with another
  command; one engine pairs the whole round here), within `repeats` if given, else with the fewest
  repeats that pairs them.

Options: `start_rank` (default 1), `rounds` (default 3), `first_round`, `repeats`.
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.koth import pair_koth, pair_koth_fewest_repeats
from pairing.tsh.schedule import round_robin_rows, scheduled_players, seat
from pairing.tsh.setup import RULES_EDITION, VERSION, bye_if_odd

ARTICLE = "LRR"
UPPER = "KOTH"


def lower_groups(players: list[int], size: int) -> list[list[int]]:
    """Consecutive groups of `size`; leftovers form their own group if at least half a group, else
    join the last one."""
    groups = [players[i : i + size] for i in range(0, len(players), size)]
    if len(groups) > 1 and len(groups[-1]) < size and len(groups[-1]) * 2 < size:
        groups[-2].extend(groups.pop())
    return groups


class LowerRoundRobins:
    """tsh `lrr start rounds`: round robins for the players from a starting rank down."""

    name: ClassVar[str] = "lower-round-robin"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round`: lower groups from their tables, the rest King of the Hill."""
        start = options.whole_number(request, "start_rank", 1, minimum=1)
        rounds = options.whole_number(request, "rounds", 3, minimum=1)
        first_round = options.whole_number(request, "first_round", request.round, minimum=1)
        index = request.round - first_round
        if not 0 <= index < rounds:
            raise NoValidPairing(
                f"round {request.round} is not one of the lower round robins' rounds "
                f"{first_round} to {first_round + rounds - 1} (options first_round and rounds)"
            )
        field = Field(request, options.based_on(request))
        draft = Draft(field)
        ranked = scheduled_players(field, first_round)
        lower = ranked[start - 1 :]
        size = rounds + 1
        draft.head(
            ARTICLE,
            f"lower round robins: players ranked {start} and below after round {first_round - 1} in groups of "
            f"{size} for {rounds} round(s), rounds {first_round} to {first_round + rounds - 1}",
        )
        for number, group in enumerate(lower_groups(lower, size), 1):
            rows = round_robin_rows(len(group))
            row = index % len(rows)
            text = f"lower round robin group {number} ({', '.join(map(str, group))}), table round {row + 1}"
            seat(draft, group, rows[row], ARTICLE, text)
        seated = draft.seated
        upper = [p for p in field.active if p not in seated and p not in lower]
        self._pair_upper(field, draft, upper)
        return draft.outcome()

    def _pair_upper(self, field: Field, draft: Draft, upper: list[int]) -> None:
        request = field.request
        given = request.option("repeats", "").strip()
        repeats = options.repeats(request) if given else None
        upper = bye_if_odd(field, draft, upper, repeats)
        if repeats is None:
            pair_koth_fewest_repeats(field, draft, upper, UPPER, "players above the starting rank")
        elif upper:
            draft.note(UPPER, f"players above the starting rank: King of the Hill, repeats allowed {repeats}")
            pair_koth(field, draft, upper, repeats, UPPER)

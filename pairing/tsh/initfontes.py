"""InitFontes: tsh command `InitFontes number-of-rounds division`, the start of a Fontes Swiss.

The rules text: "Because you will need at least two rounds of scores before you can pair Fontes
Swiss, the 'InitFontes number-of-rounds division' command divides players into groups of four and
schedules them to play in round robins. This takes three rounds (3 is the recommended value for
number-of-rounds) ... If the number of players is not divisible by four, there may be a group of six
players who play a partial round robin. The players in each group are chosen randomly, one from each
quartile (or sextile)."

docs/research/tsh-backgammon-brackets.md §2.8: groups of k+1 for k rounds (k made odd); for k = 3, leftovers make "a
group of 5 (one per sextile except the top), 6, or 3 (one per quarter except the top)"; fixed schedules, 4 players: R1
1-4, 2-3; R2 1-3, 2-4; R3 1-2, 3-4 (KOTH last); 6 players: R1 1-6, 2-3, 4-5; R2 1-4, 2-5, 3-6; R3 1-2, 3-4, 5-6. "For
k = 2, tsh runs pq 4 then pq 3."

How the groups are drawn (our reading, docs/scrabble-systems.md): a group has k+1 seats, or k+3
when one or two players are left over (the group of six), seat 1 for the best-ranked. A group of
three or five leaves its top seat empty, so the player facing it has the bye. Seat by seat, the
next best-ranked players in the pretournament standings (one per group that has that seat) are
dealt to the groups at random. The draw depends on the roster and the `draw_seed` option, not on the
round, so each of the k rounds finds the same groups. Fewer players than a group: one group of
them all. Other k than 2 and 3 use the Berger table of the group size, with the round that pairs
seats 1 and 2 played last (a table shorter than k rounds starts again).

Options: `rounds` (k, default 3).
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.draw import stable_hash
from pairing.tsh.field import Draft, Field
from pairing.tsh.pairquartiles import pair_quartiles
from pairing.tsh.schedule import Pairs, round_robin_rows, scheduled_players, seat
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare

ARTICLE = "InitFontes"

FOUR: tuple[Pairs, ...] = (((1, 4), (2, 3)), ((1, 3), (2, 4)), ((1, 2), (3, 4)))
SIX: tuple[Pairs, ...] = (((1, 6), (2, 3), (4, 5)), ((1, 4), (2, 5), (3, 6)), ((1, 2), (3, 4), (5, 6)))


def group_plan(players: int, rounds: int) -> list[tuple[int, int]]:
    """(seats, empty top seats) for each group, for `players` players and k = `rounds`."""
    size = rounds + 1
    full, left = divmod(players, size)
    if left == 0:
        return [(size, 0)] * full
    if full == 0:
        return [(players, 0)]
    if 2 * left <= size:
        big = size + left + left % 2
        return [(size, 0)] * (full - 1) + [(big, big - size - left)]
    return [(size, 0)] * full + [(size, size - left)]


def schedule_for(seats: int, rounds: int) -> tuple[Pairs, ...]:
    """The rounds a group of `seats` plays."""
    if rounds == 3 and seats == 4:
        return FOUR
    if rounds == 3 and seats == 6:
        return SIX
    rows = list(round_robin_rows(seats))
    last = next(i for i, row in enumerate(rows) if (1, 2) in row or (2, 1) in row)
    rows.append(rows.pop(last))
    return tuple(rows[-rounds:])


def draw_groups(field: Field, ranked: list[int], rounds: int) -> list[list[int | None]]:
    """Seat lists (None: an empty top seat), drawn seat by seat from the ranking."""
    plan = group_plan(len(ranked), rounds)
    groups: list[list[int | None]] = [[None] * seats for seats, _ in plan]
    seed = field.draw_seed
    queue = list(ranked)
    for position in range(max(seats for seats, _ in plan)):
        open_groups = [g for g, (seats, empty) in enumerate(plan) if empty <= position < seats]
        batch, queue = queue[: len(open_groups)], queue[len(open_groups) :]
        shuffled = sorted(batch, key=lambda p: stable_hash("InitFontes", seed, p, field.entrant[p].name))
        for group, player in zip(open_groups, shuffled, strict=True):
            groups[group][position] = player
    return groups


class InitFontes:
    """tsh `InitFontes k`: round-robin groups drawn one per quartile, to start a Fontes Swiss."""

    name: ClassVar[str] = "init-fontes"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair round `request.round` (1..k) of the InitFontes schedule."""
        rounds = options.whole_number(request, "rounds", 3, minimum=1)
        if not 1 <= request.round <= rounds:
            raise NoValidPairing(f"InitFontes {rounds} pairs rounds 1 to {rounds}, not round {request.round}")
        if rounds == 2:
            return self._quartiles(request)
        if rounds % 2 == 0:
            rounds += 1
        field = Field(request, 0)
        draft = Draft(field)
        groups = draw_groups(field, scheduled_players(field, 1), rounds)
        draft.head(
            ARTICLE,
            f"InitFontes {rounds}: {len(groups)} group(s) drawn one per tier of the pretournament ranking, "
            f"round {request.round} of {rounds}",
        )
        for number, group in enumerate(groups, 1):
            schedule = schedule_for(len(group), rounds)
            row = schedule[(request.round - 1) % len(schedule)]
            members = ", ".join("-" if p is None else str(p) for p in group)
            seat(draft, group, row, ARTICLE, f"group {number} ({members}), round {request.round} of its schedule")
        return draft.outcome()

    def _quartiles(self, request: PairingInput) -> PairingOutcome:
        """ "For k = 2, tsh runs pq 4 then pq 3" (no repeats, pretournament ranking)."""
        designated = 4 if request.round == 1 else 3
        field, draft, pool = prepare(request, 0, based_on=0)
        draft.head(ARTICLE, f"InitFontes 2, round {request.round}: quartile pairings pq {designated}")
        pair_quartiles(field, draft, pool, designated, 0)
        return draft.outcome()

"""Round robins, once or n times: tsh command `rr n division`.

The rules text: "In Round Robin (RR) pairings, every player plays every other player once. ... Where
the number of rounds is much larger than the number of players, RR pairings can be repeated, either
with players playing the same opponent consecutively, or interleaved (where one RR is completed
before the next one begins). The general command for RR pairings in tsh is 'rr n division'. ... If
you want to override the default ordering of round robin rounds, use 'config random_rr_order = 1'
or 'config round_robin_order = [2,3,4,5,6,7,8,9,10]'. If you want interleaved RR pairings, use
'config interleave_rr = 1'."

Seats follow the standings before the round robin's first round (pretournament ranking for a round
robin that opens the event); rounds follow the Berger tables (`pairing/round_robin.py`); in an odd
field the player facing the empty top seat has the bye. Who starts is balanced (`firsts.py`).

Options: `times` (n, default 1); `interleave` (yes: each round robin is completed before the next
begins; default no: each opponent is played n times in a row, as the rules text lists first);
`round_robin_order` (the table's rounds in the order to play them); `random_rr_order` (yes: a
stable pseudo-random order); `first_round` (the tournament round in which the round robin starts,
default 1).
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.draw import stable_hash
from pairing.tsh.field import Draft, Field
from pairing.tsh.schedule import round_robin_rows, scheduled_players, seat
from pairing.tsh.setup import RULES_EDITION, VERSION

ARTICLE = "RR"


def table_order(request: PairingInput, rows: int) -> list[int]:
    """The order in which the table's rounds (1..rows) are played."""
    order = list(options.number_list(request, "round_robin_order", (), minimum=1))
    if order:
        if sorted(order) != list(range(1, rows + 1)):
            raise NoValidPairing(f"option round_robin_order must list the table rounds 1 to {rows}, each once")
        return order
    if options.flag(request, "random_rr_order"):
        seed = request.option("draw_seed", "")
        return sorted(range(1, rows + 1), key=lambda row: stable_hash("rr order", seed, rows, row))
    return list(range(1, rows + 1))


def schedule_position(index: int, rows: int, times: int, interleave: bool) -> tuple[int, int]:
    """(position in the table order, meeting number) for the `index`-th round of the schedule
    (0-based): interleaved, cycle after cycle; otherwise each row played `times` times in a row."""
    if interleave:
        return index % rows, index // rows + 1
    return index // times, index % times + 1


class RoundRobin:
    """tsh `rr n`: round robins, once or n times, interleaved or consecutive."""

    name: ClassVar[str] = "tsh-round-robin"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` from the round-robin schedule."""
        times = options.whole_number(request, "times", 1, minimum=1)
        interleave = options.flag(request, "interleave")
        first_round = options.whole_number(request, "first_round", 1, minimum=1)
        field = Field(request, max(0, first_round - 1))
        draft = Draft(field)
        players = scheduled_players(field, first_round)
        if len(players) < 2:
            raise NoValidPairing("a round robin needs at least two players")
        rows = round_robin_rows(len(players))
        order = table_order(request, len(rows))
        index = request.round - first_round
        if not 0 <= index < len(rows) * times:
            raise NoValidPairing(
                f"round {request.round} is not in the round robin: {len(players)} players play {len(rows)} "
                f"round(s) {times} time(s), rounds {first_round} to {first_round + len(rows) * times - 1}"
            )
        position, meeting = schedule_position(index, len(rows), times, interleave)
        row = order[position]
        how = "interleaved" if interleave else "consecutive"
        draft.head(
            ARTICLE,
            f"round robin of {len(players)} players, {times} time(s) ({how}); seats by the standings after "
            f"round {first_round - 1}: {', '.join(map(str, players))}",
        )
        text = f"round robin, table round {row}" + (f", meeting {meeting} of {times}" if times > 1 else "")
        seat(draft, players, rows[row - 1], ARTICLE, text)
        return draft.outcome()


def round_robin_rounds(players: int) -> int:
    """Rounds one round robin takes: N - 1, or N when N is odd."""
    return len(round_robin_rows(players))

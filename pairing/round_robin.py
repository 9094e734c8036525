"""Round robin: IBF Pairing Rules 1.1 and Appendix 1; FIDE Handbook C.05 Annex 1 (Berger tables).

IBF 1.1: "Round-Robin, in which each competition player (or pair) meets every other player (or pair)
in one or more rounds. The order of matches for players in a round-robin system is determined by the
tables "Order of Player Meetings in Round-Robin Competitions" (Appendix No. 1)."

The IBF Appendix 1 tables and FIDE's Berger tables (C.05 Annex 1) are the same tables. They are not
copied here but built by the construction that reproduces them row for row (O. Milvang, "Berger
explained"; checked against the Appendix 1 text in `tests/pairing/test_round_robin.py`). In each pair
the first-named player takes the first side (White; the drawsheet's top line; who starts).

Options (`PairingInput.options`):

- ``cycles``: how many times the table is played (default ``"1"``). IBF 1.1 says "in one or more
  rounds"; C.05 Annex 1: "the fixture list will be repeated for the second half ... with the black
  and white players ... reversed". Every even-numbered cycle reverses the sides, every odd-numbered
  one repeats the table as printed (plain repetition, ETT26 ``BERGER_DOUBLEROUNDROBIN``).
- ``swap_last_two``: ``"yes"`` follows C.05 Annex 1's recommendation that "the last two rounds of
  the first half of the schedule be switched, in order to avoid giving a player three consecutive
  games with the same colour" (ETT26 ``FIDE_DOUBLEROUNDROBIN``: the first cycle with its last two
  rounds switched, then the table as printed with sides reversed). Off by default, because IBF
  Appendix 1 prints no such switch. It changes only the first cycle and has no effect in a single
  round robin.
- ``lots``: ``"yes"`` assigns the table numbers "by drawing lots" (IBF Appendix 1: "First, all players in
  the competition are assigned numbers from one to the total number of participants by drawing lots"),
  with the tournament's recorded seed (option ``draw_seed``): the same draw every round, redone by anyone
  from the seed (`pairing.ibf.common.draw_key`). ``"no"`` keeps the pairing numbers (registration order,
  or FIDE's pairing numbers in chess, C.05 Annex 1). Without the option the pairing numbers are used, so
  a chess Berger round robin is unchanged; the ledger sets ``lots=yes`` for a backgammon round robin
  unless its regulations say otherwise (docs/round-robin.md).

Deviations: none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import ClassVar

from attrs import frozen

from pairing.ibf.common import drawn, option_yes
from pairing.model import (
    Board,
    Bye,
    ByeKind,
    Decision,
    Entrant,
    NoValidPairing,
    PairingInput,
    PairingOutcome,
    PlayerStatus,
)

Pair = tuple[int, int]
"""Two pairing numbers, the first-named (first side) first."""
TableRound = tuple[Pair, ...]
"""One round of a table: its pairs in column order, so board 1 first."""

APPENDIX = "Appendix 1"
COMPETITION_SYSTEM = "1.1"
FIDE_ANNEX = "C.05 Annex 1"


def table_size(players: int) -> int:
    """The table that seats `players`: the even number at or above it ("In cases where there is an
    odd number of players, the highest number is considered to have a bye", IBF Appendix 1)."""
    if players < 1:
        raise ValueError(f"a round-robin table needs at least one player, not {players}")
    return players + players % 2


@cache
def berger_table(players: int) -> tuple[TableRound, ...]:
    """The IBF Appendix 1 / FIDE C.05 Annex 1 table for `players` (rounded up to even, N).

    Rounds in order, each a tuple of (first, second) pairing numbers in the table's column order.
    N - 1 rounds of N / 2 pairs; every pair of numbers meets exactly once.
    """
    size = table_size(players)
    rounds = [_first_round(size)]
    for round_number in range(2, size):
        rounds.append(_next_round(rounds[-1], size, round_number))
    return tuple(rounds)


def _first_round(size: int) -> TableRound:
    """Round 1: board b has b against N + 1 - b."""
    return tuple((board, size + 1 - board) for board in range(1, size // 2 + 1))


def _next_round(previous: TableRound, size: int, round_number: int) -> TableRound:
    """The round after `previous`, by the construction that gives the published tables.

    List the previous round's players in board order, first side before second, without N. N meets
    the last of them on board 1, taking the first side in even rounds and the second in odd ones.
    The rest pair from the end of the list: the penultimate (first side) against the last.
    """
    waiting = [number for pair in previous for number in pair if number != size]
    last = waiting.pop()
    pairs = [(size, last) if round_number % 2 == 0 else (last, size)]
    while waiting:
        second, first = waiting.pop(), waiting.pop()
        pairs.append((first, second))
    return tuple(pairs)


@frozen
class ScheduledRound:
    """Where a tournament round falls in the table."""

    cycle: int
    """1 for the first time through the table, 2 for the second, ..."""
    table_round: int
    """The row of the table that is played."""
    reversed_sides: bool
    """True in even-numbered cycles: the first-named player takes the second side."""
    pairs: TableRound
    """The pairs as played, first side first."""


def scheduled_round(players: int, round_number: int, cycles: int, swap_last_two: bool) -> ScheduledRound:
    """The table row for tournament round `round_number` of a `cycles`-fold round robin.

    Raises NoValidPairing past the last round, naming how many rounds the schedule has.
    """
    table = berger_table(players)
    per_cycle = len(table)
    total = cycles * per_cycle
    if not 1 <= round_number <= total:
        raise NoValidPairing(
            f"round {round_number} is not in the schedule: the IBF Appendix 1 table for "
            f"{table_size(players)} players has {per_cycle} round(s); played {cycles} time(s), "
            f"the schedule has rounds 1 to {total}"
        )
    cycle, index = divmod(round_number - 1, per_cycle)
    cycle += 1
    table_round = index + 1
    if swap_last_two and cycles > 1 and cycle == 1 and per_cycle >= 2 and table_round >= per_cycle - 1:
        table_round = 2 * per_cycle - 1 - table_round
    reversed_sides = cycle % 2 == 0
    pairs = table[table_round - 1]
    if reversed_sides:
        pairs = tuple((second, first) for first, second in pairs)
    return ScheduledRound(cycle, table_round, reversed_sides, pairs)


def _cycles(request: PairingInput) -> int:
    text = request.option("cycles", "1")
    if not text.isdecimal() or int(text) < 1:
        raise NoValidPairing(f"option cycles must be a whole number of at least 1, not {text!r}")
    return int(text)


def _swap_last_two(request: PairingInput) -> bool:
    text = request.option("swap_last_two", "no")
    if text not in ("yes", "no"):
        raise NoValidPairing(f"option swap_last_two must be 'yes' or 'no', not {text!r}")
    return text == "yes"


def _by_table_number(request: PairingInput) -> tuple[dict[int, Entrant], Decision | None]:
    """Every entrant by table number: drawn by lot with ``lots=yes``, else the pairing number."""
    if "lots" not in dict(request.options):
        return _by_pairing_number(request.players), None
    if not option_yes(request, "lots", default=False):
        decision = Decision(APPENDIX, "table numbers are the pairing numbers (lots = no): no draw was held")
        return _by_pairing_number(request.players), decision
    text = request.option("draw_seed")
    if not text.lstrip("-").isdecimal():
        raise NoValidPairing(
            f"lots = yes needs the tournament's draw seed (option draw_seed, a whole number), not {text!r}"
        )
    if not request.players:
        raise NoValidPairing("a round robin needs at least one player")
    by_number = {p.number: p for p in request.players}
    order = drawn(sorted(by_number), int(text), "table numbers")
    listed = ", ".join(f"{table} = player {number}" for table, number in enumerate(order, 1))
    decision = Decision(
        APPENDIX,
        f'"all players in the competition are assigned numbers from one to the total number of participants by '
        f'drawing lots": drawn with seed {text} (each lot is sha256 of "{text}|table numbers|player number", '
        f"lowest first): {listed}",
    )
    return {table: by_number[number] for table, number in enumerate(order, 1)}, decision


def _by_pairing_number(players: Iterable[Entrant]) -> dict[int, Entrant]:
    """Every entrant by pairing number, which must be 1 to the number of entrants (IBF Appendix 1:
    "all players in the competition are assigned numbers from one to the total number of
    participants")."""
    entrants = sorted(players, key=lambda p: p.pairing_number)
    numbers = [p.pairing_number for p in entrants]
    if not entrants:
        raise NoValidPairing("a round robin needs at least one player")
    if numbers != list(range(1, len(entrants) + 1)):
        raise NoValidPairing(
            f"round-robin pairing numbers must be 1 to {len(entrants)}, each once (IBF Appendix 1); got {numbers}"
        )
    return {p.pairing_number: p for p in entrants}


def _round_decision(schedule: ScheduledRound, players: int, round_number: int, cycles: int) -> Decision:
    """Which row of which table is played, with the row as printed in Appendix 1."""
    printed = berger_table(players)[schedule.table_round - 1]
    listed = " ".join(f"{first}:{second}" for first, second in printed)
    text = f"round {schedule.table_round} of the table for {table_size(players)} players: {listed}"
    if cycles > 1:
        sides = "sides reversed" if schedule.reversed_sides else "sides as printed"
        text += f" (tournament round {round_number}, cycle {schedule.cycle} of {cycles}, {sides})"
    return Decision(APPENDIX, text)


def _cycle_decisions(schedule: ScheduledRound, round_number: int, cycles: int, swap: bool) -> list[Decision]:
    decisions = []
    if schedule.reversed_sides:
        decisions.append(
            Decision(
                FIDE_ANNEX,
                "even-numbered cycles (2nd, 4th, ...) repeat the table with the sides reversed "
                '("the fixture list will be repeated ... with the black and white players ... reversed")',
            )
        )
    if swap and cycles == 1:
        decisions.append(Decision(FIDE_ANNEX, "swap_last_two applies only to a table played more than once"))
    elif swap and schedule.cycle == 1 and schedule.table_round != round_number:
        decisions.append(
            Decision(
                FIDE_ANNEX,
                f"the last two rounds of the first half are switched, so round {round_number} plays "
                f"table round {schedule.table_round} (recommended to avoid three games in a row on one side)",
            )
        )
    return decisions


def _status_decision(by_table_number: Mapping[int, Entrant]) -> Decision | None:
    """Withdrawn and absent players are not taken out of a round robin: the table is fixed."""
    inactive = [(t, p) for t, p in sorted(by_table_number.items()) if p.status is not PlayerStatus.ACTIVE]
    if not inactive:
        return None
    listed = ", ".join(f"{p.number} ({p.status.value}, table number {t})" for t, p in inactive)
    return Decision(
        COMPETITION_SYSTEM,
        f"players keep their table numbers and stay in the schedule whatever their status: {listed}; "
        "the arbiter records their games as forfeits",
    )


def _bye_decision(bye: Bye, table_number: int, size: int) -> Decision:
    return Decision(
        APPENDIX,
        f"odd number of players: the highest number, {size}, counts as a bye, so player {bye.player} "
        f"(table number {table_number}) has a {bye.kind.value} bye worth {bye.points:g} point(s)",
    )


class RoundRobin:
    """The "round-robin" system: IBF Pairing Rules 1.1 with the Appendix 1 tables (FIDE C.05 Annex 1)."""

    name: ClassVar[str] = "round-robin"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Appendix 1 / FIDE C.05 Annex 1"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` from the table. The same request always gives the same outcome."""
        by_table_number, draw = _by_table_number(request)
        players = len(by_table_number)
        cycles = _cycles(request)
        swap = _swap_last_two(request)
        schedule = scheduled_round(players, request.round, cycles, swap)
        scoring = request.scoring

        boards: list[Board] = []
        byes: list[Bye] = []
        explanation = [*([draw] if draw else []), _round_decision(schedule, players, request.round, cycles)]
        explanation += _cycle_decisions(schedule, request.round, cycles, swap)
        for first, second in schedule.pairs:
            if max(first, second) > players:  # the highest number of an odd field: a bye, not a board
                table_number = min(first, second)
                entrant = by_table_number[table_number]
                byes.append(Bye(entrant.number, ByeKind.PAIRING_ALLOCATED, scoring.pairing_allocated_bye))
                explanation.append(_bye_decision(byes[-1], table_number, table_size(players)))
            else:
                boards.append(Board(by_table_number[first].number, by_table_number[second].number))
        status = _status_decision(by_table_number)
        if status is not None:
            explanation.append(status)
        return PairingOutcome(boards=tuple(boards), byes=tuple(byes), explanation=tuple(explanation))

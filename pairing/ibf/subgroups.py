"""Round robin in subgroups: IBF Pairing Rules 1.2 with the Appendix 1 tables. System name ``subgroups``.

1.2: "Round-Robin with division into subgroups." Appendix 1: "First, all players in the competition are
assigned numbers from one to the total number of participants by drawing lots. The corresponding table is
then selected, showing which numbers are paired against each other in each round. In cases where there is
an odd number of players, the highest number is considered to have a bye."

The text says no more; the reading (docs/research/tsh-backgammon-brackets.md §5.3 O9, docs/backgammon-systems.md):

- ``groups`` (default 2) subgroups of sizes that differ by one at most, labelled A, B, ...;
- players are dealt to the groups serpentine (A B C C B A A ...) in the 4.6 ranking order (rating, equal
  ratings and the unrated by draw; ``ranking`` and ``draw_seed`` as in 4.6): ``group_draw`` =
  ``serpentine``, the default; or in the order of a draw (``draw``);
- within a group the table numbers are drawn (Appendix 1; ``table_numbers`` = ``draw``, the default) or
  follow the ranking (``seed``);
- each group plays its own Appendix 1 table (`pairing.round_robin.berger_table`), ``cycles`` times; a
  group whose table has fewer rounds is idle in the last rounds; as in a round robin, withdrawn and absent
  players keep their place in the table;
- standings per group (`standings`): points, then the points scored between the tied players, then
  wins, then the game-win difference, then the ranking number; `qualifiers` hands the next stage (1.8)
  the group winners in group order, then the runners-up, and so on.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import ClassVar

from attrs import frozen

from pairing.ibf.common import drawn, event_seed, option_choice, option_int, real_wins
from pairing.ibf.swiss_coefficients import ranking_numbers
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
from pairing.round_robin import berger_table, table_size

ARTICLE = "1.2"


@frozen
class Group:
    label: str
    players: tuple[int, ...]
    """Player numbers by table number: players[0] has table number 1."""


def groups(request: PairingInput) -> tuple[tuple[Group, ...], list[Decision]]:
    """The subgroups, the same in every round (the draw uses ``draw_seed``)."""
    count = option_int(request, "groups", 2, minimum=1)
    method = option_choice(request, "group_draw", "serpentine", ("serpentine", "draw"))
    numbering = option_choice(request, "table_numbers", "draw", ("draw", "seed"))
    entrants = len(request.players)
    if count > 26 or entrants < 2 * count:
        raise NoValidPairing(f"{entrants} players cannot make {count} subgroups of at least 2 (at most 26 groups)")
    rank, notes = ranking_numbers(request)
    seed, warning = event_seed(request)
    if method == "serpentine":
        order = sorted(rank, key=rank.__getitem__)
    else:
        order = list(drawn(rank, seed, "1.2 groups"))
        if warning is not None:
            notes.append(warning)
    dealt: list[list[int]] = [[] for _ in range(count)]
    for i, player in enumerate(order):
        cycle, position = divmod(i, count)
        dealt[position if cycle % 2 == 0 else count - 1 - position].append(player)
    made = []
    for index, members in enumerate(dealt):
        label = string.ascii_uppercase[index]
        numbered = drawn(members, seed, f"1.2 table numbers {label}") if numbering == "draw" else tuple(members)
        made.append(Group(label, tuple(numbered)))
    how = "serpentine by ranking" if method == "serpentine" else "by draw"
    notes.append(
        Decision(ARTICLE, f"{count} subgroups, {how}; table numbers {'drawn' if numbering == 'draw' else 'by ranking'}")
    )
    for group in made:
        listed = " ".join(f"{n}:{p}" for n, p in enumerate(group.players, 1))
        notes.append(Decision("Appendix 1", f"group {group.label}: {listed}"))
    return tuple(made), notes


class Subgroups:
    """The ``subgroups`` system: IBF Pairing Rules 1.2 with Appendix 1."""

    name: ClassVar[str] = "subgroups"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 1.2 and Appendix 1"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Every group's row of its table for `request.round`."""
        made, explanation = groups(request)
        cycles = option_int(request, "cycles", 1, minimum=1)
        boards: list[Board] = []
        byes: list[Bye] = []
        playing = False
        for group in made:
            table = berger_table(len(group.players))
            cycle, row = divmod(request.round - 1, len(table))
            if cycle >= cycles:
                explanation.append(Decision(ARTICLE, f"group {group.label} has finished its table"))
                continue
            playing = True
            pairs = table[row]
            if cycle % 2:
                pairs = tuple((b, a) for a, b in pairs)
            size = table_size(len(group.players))
            for first, second in pairs:
                if max(first, second) > len(group.players):
                    player = group.players[min(first, second) - 1]
                    byes.append(Bye(player, ByeKind.PAIRING_ALLOCATED, request.scoring.pairing_allocated_bye))
                    explanation.append(
                        Decision("Appendix 1", f"group {group.label}: {player} has the bye (number {size})")
                    )
                else:
                    boards.append(Board(group.players[first - 1], group.players[second - 1]))
            listed = " ".join(f"{a}:{b}" for a, b in pairs)
            explanation.append(Decision("Appendix 1", f"group {group.label}: table round {row + 1}: {listed}"))
        if not playing:
            raise NoValidPairing(f"every subgroup has finished its table before round {request.round}")
        inactive = sorted(p.number for p in request.players if p.status is not PlayerStatus.ACTIVE)
        if inactive:
            explanation.append(
                Decision(ARTICLE, f"players keep their place in the table whatever their status: {inactive}")
            )
        return PairingOutcome(boards=tuple(boards), byes=tuple(byes), explanation=tuple(explanation))


@frozen
class GroupRow:
    player: int
    place: int
    points: float
    wins: int
    game_difference: int


@frozen
class GroupStanding:
    label: str
    rows: tuple[GroupRow, ...]


def standings(request: PairingInput) -> tuple[GroupStanding, ...]:
    """Each group's standings from the histories (see the module docstring for the order)."""
    made, _ = groups(request)
    rank, _ = ranking_numbers(request)
    return tuple(_standing(group, request.by_number, rank) for group in made)


def _standing(group: Group, by_number: Mapping[int, Entrant], rank: Mapping[int, int]) -> GroupStanding:
    members = set(group.players)
    points = {p: sum(r.points for r in by_number[p].history) for p in members}

    def between(p: int) -> float:
        tied = {q for q in members if points[q] == points[p]}
        return sum(r.points for r in by_number[p].history if r.opponent in tied)

    def difference(p: int) -> int:
        return sum((r.score_for or 0) - (r.score_against or 0) for r in by_number[p].history if r.played)

    ordered = sorted(
        members, key=lambda p: (-points[p], -between(p), -real_wins(by_number[p]), -difference(p), rank[p])
    )
    rows = tuple(
        GroupRow(p, place, points[p], real_wins(by_number[p]), difference(p)) for place, p in enumerate(ordered, 1)
    )
    return GroupStanding(group.label, rows)


def qualifiers(request: PairingInput, per_group: int) -> tuple[int, ...]:
    """The players handed to the next stage (1.8, O10): the first of each group in group order, then the
    second of each group, ..., `per_group` from each group."""
    tables: Sequence[GroupStanding] = standings(request)
    return tuple(table.rows[place].player for place in range(per_group) for table in tables if place < len(table.rows))

"""Team round robin: tsh command `teamroundrobin repeats division` (`trr`).

The rules text: "If you have an even number of teams of equal size, and you would like each player
to play every player on every other team you can use the 'teamroundrobin repeats division' command.
For example, if you want the teams in division C to play each other twice, use the command
'trr 2 c'." docs/research/tsh-backgammon-brackets.md §2.8: "every player plays every member of every other team".

Schedule (ours; tsh's order is not documented): teams, in order of their names, meet by the Berger
table for the number of teams; each team meeting lasts as many rounds as a team has players, and in
its k-th round (k = 0, 1, ...) the i-th player of the first team plays the (i + k)-th of the second
(counting modulo the team size), players ranked within their team by the standings before the
first round. So every player meets every member of every other team once per cycle. Who starts is
balanced (`firsts.py`).

Options: `times` (the n of `trr n`, default 1), `first_round` (default 1).
"""

from __future__ import annotations

from collections import defaultdict
from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.schedule import round_robin_rows, scheduled_players
from pairing.tsh.setup import RULES_EDITION, VERSION

ARTICLE = "TRR"


def teams_of(field: Field, players: list[int]) -> dict[str, list[int]]:
    """Team name -> members in ranking order; even number of teams of equal size, or NoValidPairing."""
    teams: dict[str, list[int]] = defaultdict(list)
    for number in players:
        team = field.entrant[number].team.strip()
        if not team:
            raise NoValidPairing(f"team round robin: player {number} has no team")
        teams[team].append(number)
    sizes = {name: len(members) for name, members in teams.items()}
    if len(teams) < 2 or len(teams) % 2:
        raise NoValidPairing(f"team round robin needs an even number of teams, not {len(teams)}: {sorted(teams)}")
    if len(set(sizes.values())) != 1:
        raise NoValidPairing(f"team round robin needs teams of equal size: {dict(sorted(sizes.items()))}")
    return dict(sorted(teams.items()))


class TeamRoundRobin:
    """tsh `trr n`: every player against every member of every other team, n times."""

    name: ClassVar[str] = "team-round-robin"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` from the team schedule."""
        times = options.whole_number(request, "times", 1, minimum=1)
        first_round = options.whole_number(request, "first_round", 1, minimum=1)
        field = Field(request, max(0, first_round - 1))
        draft = Draft(field)
        teams = teams_of(field, scheduled_players(field, first_round))
        names = list(teams)
        size = len(teams[names[0]])
        rows = round_robin_rows(len(names))
        per_cycle = len(rows) * size
        index = request.round - first_round
        if not 0 <= index < per_cycle * times:
            raise NoValidPairing(
                f"round {request.round} is not in the team round robin: {len(names)} teams of {size} play "
                f"{per_cycle} round(s) {times} time(s), rounds {first_round} to {first_round + per_cycle * times - 1}"
            )
        cycle, within = divmod(index, per_cycle)
        team_round, shift = divmod(within, size)
        draft.head(
            ARTICLE,
            f"team round robin of {len(names)} teams of {size} ({', '.join(names)}), {times} time(s): cycle "
            f"{cycle + 1}, team round {team_round + 1}, round {shift + 1} of the team meeting",
        )
        for a, b in rows[team_round]:
            home, away = teams[names[a - 1]], teams[names[b - 1]]
            for i, player in enumerate(home):
                opponent = away[(i + shift) % size]
                text = (
                    f"team {names[a - 1]} against team {names[b - 1]}: member {i + 1} against member "
                    f"{(i + shift) % size + 1} (rotation {shift + 1} of {size})"
                )
                draft.board(player, opponent, ARTICLE, text)
        return draft.outcome()

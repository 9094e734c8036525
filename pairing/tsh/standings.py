"""tsh standings as of any round: wins (a tie half a win), losses, then spread.

tsh's standing order (docs/research/tsh-backgammon-brackets.md §2.1, `MakeStandingComparator`): wins descending ("Ties
count as ½ win and ½ loss"), losses ascending, spread descending, rating descending, the pseudo-random `rnd`
descending, player number ascending. Every pairing command takes a "based-on round": "to ask for random pairings ...
based on standings in round 7 ... use the command rp 0 7 d". Before round 1 (based on round 0) everyone has 0 wins, so
the order is the pretournament one: "If you ask for Swiss pairings based on round 0, tsh will rank players by
pretournament rankings, breaking ties randomly."

Wins and spread are counted as the projections count them (`projections/tiebreaks.py`): a game's
outcome gives 1, ½ or 0 wins; a bye counts as a win when the ledger gave it the outcome WIN (tsh: a
bye with a positive score); spread sums `score_for - score_against` over the rounds that have both,
so a bye or forfeit counts the spread it was entered with.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from pairing.model import Entrant, Outcome, RoundRecord
from pairing.tsh.draw import player_rnd

WINS = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}
LOSSES = {Outcome.WIN: 0.0, Outcome.DRAW: 0.5, Outcome.LOSS: 1.0}


@frozen
class Standing:
    """One line of the standings after round `as_of`."""

    number: int
    rank: int
    """1 for the leader; every player has a distinct rank (ties are broken as tsh breaks them)."""
    wins: float
    losses: float
    spread: int
    rating: int
    rnd: int
    """tsh's pseudo-random value, the last tie-break before the player number."""

    def describe(self) -> str:
        """ "3 (5-2 +120)": number, wins-losses, spread."""
        return f"{self.number} ({_count(self.wins)}-{_count(self.losses)} {self.spread:+d})"


def _count(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def records_until(entrant: Entrant, as_of: int) -> tuple[RoundRecord, ...]:
    """The player's records of rounds 1..`as_of`."""
    return tuple(record for record in entrant.history if record.round <= as_of)


def wins(records: Iterable[RoundRecord]) -> float:
    """tsh `Synch`: "result = ½·(1 + sign(myscore - oppscore))"; a tie is half a win."""
    return sum(WINS[r.outcome] for r in records if r.outcome is not None)


def losses(records: Iterable[RoundRecord]) -> float:
    """Losses, a tie being half a loss."""
    return sum(LOSSES[r.outcome] for r in records if r.outcome is not None)


def spread(records: Iterable[RoundRecord]) -> int:
    """tsh: "Spread = myscore - oppscore", summed; a round without both scores counts 0."""
    return sum(
        r.score_for - r.score_against for r in records if r.score_for is not None and r.score_against is not None
    )


def standing_key(standing: Standing) -> tuple[float, float, int, int, int, int]:
    """Sort key, best first."""
    return (-standing.wins, standing.losses, -standing.spread, -standing.rating, -standing.rnd, standing.number)


def standings_as_of(players: Sequence[Entrant], as_of: int, draw_seed: str = "") -> tuple[Standing, ...]:
    """Every entrant ranked on their results in rounds 1..`as_of` (0: pretournament order).

    Withdrawn and absent players are ranked too: prize places and contention are judged on the
    whole table, as tsh judges them on the whole division."""
    unranked = []
    for entrant in players:
        records = records_until(entrant, as_of)
        unranked.append(
            Standing(
                number=entrant.number,
                rank=0,
                wins=wins(records),
                losses=losses(records),
                spread=spread(records),
                rating=entrant.rating,
                rnd=player_rnd(draw_seed, entrant.number, entrant.name),
            )
        )
    ordered = sorted(unranked, key=standing_key)
    return tuple(
        Standing(s.number, rank, s.wins, s.losses, s.spread, s.rating, s.rnd) for rank, s in enumerate(ordered, 1)
    )


def win_groups(ranked: Sequence[Standing]) -> list[list[Standing]]:
    """tsh Swiss: "players are divided into 'win groups' according to how many wins they have
    scored": maximal runs of equal wins in standing order (½-wins allowed; losses not considered)."""
    groups: list[list[Standing]] = []
    for standing in ranked:
        if groups and groups[-1][-1].wins == standing.wins:
            groups[-1].append(standing)
        else:
            groups.append([standing])
    return groups

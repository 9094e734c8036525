"""Tie-break credits for manual pairing: IBF Pairing Rules 4.7.

4.7: "If a player in a Swiss-system tournament, for whom a tiebreak coefficient is calculated after the
competition, receives a "plus" due to an odd number of players, then for this "plus," they are credited
with the smallest number of points scored by any player in the given competition."

"If an opponent turns out to be a player who has withdrawn from the competition, it is considered that in
the remaining games, they would have scored a number of points equal to the average result of those
players with whom they were in the same score group at the time of withdrawal."

Reading (docs/research/tsh-backgammon-brackets.md §5.3 O6): the coefficient is the sum of the opponents' final scores
(Buchholz); a plus (pairing-allocated bye) adds `bye_credit`, and a withdrawn opponent counts with `withdrawn_score`:
their score at withdrawal plus the average of what their score group of that moment scored afterwards, which is the
average final score of that group's other members. A player with no such group-mate counts with their own score.
Scores are points from the histories.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.model import ByeKind, Entrant, PlayerStatus


def final_score(entrant: Entrant) -> float:
    return sum(r.points for r in entrant.history)


def score_after(entrant: Entrant, round_number: int) -> float:
    return sum(r.points for r in entrant.history if r.round <= round_number)


def bye_credit(players: Sequence[Entrant]) -> float:
    """What a plus is worth to the coefficient: "the smallest number of points scored by any player"."""
    return min((final_score(p) for p in players), default=0.0)


def withdrawal_round(entrant: Entrant) -> int:
    """The last round a withdrawn player took part in (0 if none)."""
    taking_part = [r.round for r in entrant.history if r.opponent is not None or r.bye is not None]
    return max(taking_part, default=0)


def withdrawn_score(players: Sequence[Entrant], withdrawn: Entrant) -> float:
    """A withdrawn player's score for their opponents' coefficients (4.7, second paragraph)."""
    when = withdrawal_round(withdrawn)
    at_withdrawal = score_after(withdrawn, when)
    mates = [
        p
        for p in players
        if p.number != withdrawn.number
        and p.status is not PlayerStatus.WITHDRAWN
        and score_after(p, when) == at_withdrawal
    ]
    if not mates:
        return final_score(withdrawn)
    return at_withdrawal + sum(final_score(p) - at_withdrawal for p in mates) / len(mates)


def coefficients(players: Sequence[Entrant]) -> dict[int, float]:
    """Every player's coefficient: the opponents' scores with the 4.7 credits."""
    by_number = {p.number: p for p in players}
    score = {
        p.number: withdrawn_score(players, p) if p.status is PlayerStatus.WITHDRAWN else final_score(p) for p in players
    }
    credit = bye_credit(players)
    result = {}
    for player in players:
        total = 0.0
        for record in player.history:
            if record.opponent is not None and record.opponent in by_number:
                total += score[record.opponent]
            elif record.bye is ByeKind.PAIRING_ALLOCATED:
                total += credit
        result[player.number] = total
    return result

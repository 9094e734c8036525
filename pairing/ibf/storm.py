"""The "Storm" system: IBF Pairing Rules 1.9, in the reading of docs/research/tsh-backgammon-brackets.md §5.3 O8. System
name ``storm``.

1.9: ""Storm" System, in which players start with the same initial rating, as established by the
competition rules (regulations), and the goal is to achieve the highest possible rating by the end of the
competition."

That sentence is all the rules say: no formula, pairing rule, number of rounds or tie-break. The reading
implemented here (O8; to be confirmed with the IBF before an event relies on it):

- a rating-driven Swiss over a fixed number of rounds (`PairingInput.total_rounds`);
- everyone starts at ``initial_rating`` (default 1500);
- after each played match the FIBS formula moves both ratings: with D the rating difference and n the
  match length, P_upset = 1 / (10^(D·√n/2000) + 1); the winner gains 4·K·√n·P and the loser loses as much,
  where P = P_upset if the favourite (or either of two equals) won and 1 - P_upset if the underdog won;
  K = ``k`` (default 1, O8's K = 1; FIBS's experience factor is not used);
- n is ``match_length`` (default 3) or, per round, ``match_lengths`` ("5,5,7": round 1 to 5 points, ...);
- forfeits and byes are not matches and change no rating;
- pairing: the 4.6 procedure with *rating groups* in place of score groups: players with equal current
  ratings form a group, groups from the highest rating down, each in the 4.6 order of ranking numbers
  (ascending in odd rounds, descending in even ones). Round 1 is one group: top half against bottom half.
  Later, when ratings differ, the odd-group rule pairs each player with the nearest rating possible;
- standings (`standings`): final rating, then wins, then the direct encounter between two tied players.

Options: those above, plus ``ranking``, ``draw_seed`` (as in 4.6) and the 2.2 options.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen

from pairing.ibf.common import option_int, real_wins, record_of, shared_places
from pairing.ibf.swiss import Procedure, SwissSystem, pair_round
from pairing.ibf.swiss_coefficients import parity_order, ranking_numbers, score_groups
from pairing.model import Decision, NoValidPairing, Outcome, PairingInput, PairingOutcome

ARTICLE = "1.9"
PROCEDURE = Procedure(article="4.6", halves=True)
READING = (
    "storm: IBF 1.9 gives one sentence; read (docs/research/tsh-backgammon-brackets.md §5.3 O8, to be "
    "confirmed with the IBF) as a Swiss over "
    "the tournament's rounds paired by current rating (4.6 procedure, rating groups for score groups), everyone "
    "starting at initial_rating (1500), ratings moved after each match by the FIBS formula for the match length "
    "(K = 1); the highest final rating wins, then wins, then the direct encounter."
)
"""The reading in one paragraph, for `arbiter new --help` and the user guide."""


def fibs_change(winner: float, loser: float, length: int, k: float = 1.0) -> float:
    """Rating points the winner gains (and the loser loses) under the FIBS formula."""
    difference = abs(winner - loser)
    upset = 1 / (10 ** (difference * math.sqrt(length) / 2000) + 1)
    probability = upset if winner >= loser else 1 - upset
    return 4 * k * math.sqrt(length) * probability


def match_length(request: PairingInput, round_number: int) -> int:
    """The match length of `round_number`: ``match_lengths`` if it lists that round, else ``match_length``."""
    lengths = [text.strip() for text in request.option("match_lengths").split(",") if text.strip()]
    if round_number <= len(lengths):
        text = lengths[round_number - 1]
        if not text.isdecimal() or int(text) < 1:
            raise NoValidPairing(f"option match_lengths: {text!r} is not a match length")
        return int(text)
    return option_int(request, "match_length", 3, minimum=1)


def ratings(request: PairingInput) -> dict[int, float]:
    """Every player's current Storm rating, from the initial rating and the histories."""
    initial = option_int(request, "initial_rating", 1500)
    try:
        k = float(request.option("k", "1"))
    except ValueError:
        raise NoValidPairing(f"option k must be a number, not {request.option('k')!r}") from None
    current = {p.number: float(initial) for p in request.players}
    last_round = max((r.round for p in request.players for r in p.history), default=0)
    for round_number in range(1, last_round + 1):
        length = match_length(request, round_number)
        updated = dict(current)
        for player in request.players:
            record = record_of(player, round_number)
            if record is None or not record.played or record.opponent not in current:
                continue
            mine, theirs = current[player.number], current[record.opponent]
            if record.outcome is Outcome.WIN:
                updated[player.number] += fibs_change(mine, theirs, length, k)
            elif record.outcome is Outcome.LOSS:
                updated[player.number] -= fibs_change(theirs, mine, length, k)
        current = updated
    return current


@frozen
class StormStanding:
    player: int
    rating: float
    wins: int
    place: str


def standings(request: PairingInput) -> tuple[StormStanding, ...]:
    """O8 standings: final rating, then real wins, then the direct encounter of two tied players."""
    rating = ratings(request)
    won = {p.number: real_wins(p) for p in request.players}
    beaten: dict[int, set[int]] = {p.number: set() for p in request.players}
    for player in request.players:
        for record in player.history:
            if record.played and record.outcome is Outcome.WIN and record.opponent is not None:
                beaten[player.number].add(record.opponent)
    keys: dict[int, tuple[float, ...]] = {}
    for number in rating:
        tied = [o for o in rating if o != number and round(rating[o], 6) == round(rating[number], 6)]
        tied = [o for o in tied if won[o] == won[number]]
        direct = 1 if len(tied) == 1 and tied[0] in beaten[number] else 0
        keys[number] = (round(rating[number], 6), won[number], direct)
    places = {p.player: p.text for p in shared_places(keys)}
    rows = [StormStanding(n, rating[n], won[n], places[n]) for n in rating]
    return tuple(sorted(rows, key=lambda row: (-keys[row.player][0], -row.wins, -keys[row.player][2], row.player)))


class Storm:
    """The ``storm`` system: IBF Pairing Rules 1.9 as read in docs/research/tsh-backgammon-brackets.md §5.3 O8."""

    name: ClassVar[str] = "storm"
    version: ClassVar[str] = "1.0.0"
    rules_edition: ClassVar[str] = "IBF Pairing Rules, Article 1.9 (reading O8)"

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` by current rating."""
        if request.round > request.total_rounds:
            raise NoValidPairing(f"the Storm has {request.total_rounds} round(s); round {request.round} is not one")
        rank, notes = ranking_numbers(request)
        rating = ratings(request)
        band = {p: round(r, 6) for p, r in rating.items()}
        order = parity_order(rank, request.round)
        notes.append(
            Decision(
                ARTICLE,
                f"Storm (reading O8): rating groups in place of score groups; match length "
                f"{match_length(request, request.round)}; ratings "
                + " ".join(f"{p}:{rating[p]:.2f}" for p in sorted(rating)),
            )
        )

        def standing(players: Sequence[int]) -> tuple[int, ...]:
            return tuple(sorted(players, key=lambda p: (-band[p], rank[p])))

        def groups(players: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], tuple[str, ...]]:
            return score_groups(players, lambda p: -band[p], lambda p: f"rating group {rating[p]:.2f}", order)

        return pair_round(request, SwissSystem(procedure=PROCEDURE, standing=standing, groups=groups), notes)

"""Bracket pairings: tsh's `BRACKetpair` (`config pairing_system = 'bracket'`).

The rules text: "Bracket pairings match players in a single-elimination format, with players out of
contention playing KOTH. They can be tuned using the configuration options bracket_order,
bracket_prelims and bracket_repeats." docs/research/tsh-backgammon-brackets.md §2.8: "`GetSchedule(n)`: byes go to seeds
1..P-n, then seeds are paired top against bottom. Node seeds are carried up the tree as
min(seed1, seed2), which reproduces standard bracket seeding"; "`bracket_repeats` (each phase is a
best-of series), `bracket_prelims` (rounds before the bracket)". Section 3.1: standard seeding
(1v8, 4v5, 2v7, 3v6 for 8).

Readings taken (docs/scrabble-systems.md):

- Seeds are the standings after the preliminary rounds (pretournament ranking without them); the
  bracket has P = the power of two at or above the number of players, the top P - n seeds have byes.
- A phase is `games_per_phase` rounds (tsh `bracket_repeats`) against the same opponent; the series
  goes to more wins (a tie half), then more spread in the series, then the better seed. All the
  games of a series are paired (tsh cancels them afterwards with `ZeroOutPartials`).
- Players out of contention (eliminated, and everyone once the final is over) play King of the
  Hill with the fewest repeats that pairs them; their bye goes by the usual rule.
- Preliminary rounds are paired by the system of the preceding stage (a staged tournament names a
  system per stage, ARCHITECTURE.md); this engine refuses them.

Options: `prelims` (default 0), `games_per_phase` (default 1).
"""

from __future__ import annotations

from typing import ClassVar

from pairing.model import NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.byes import ARTICLE as BYE
from pairing.tsh.byes import choose_bye
from pairing.tsh.field import Draft, Field
from pairing.tsh.koth import pair_koth_fewest_repeats
from pairing.tsh.schedule import scheduled_players
from pairing.tsh.setup import RULES_EDITION, VERSION
from pairing.tsh.standings import WINS

ARTICLE = "bracket"
OUT = "KOTH"


def bracket_size(players: int) -> int:
    """P: the power of two at or above `players`."""
    size = 1
    while size < players:
        size *= 2
    return size


def seeding_order(size: int) -> list[int]:
    """Seeds from the top of the sheet down: 1v8, 4v5, 2v7, 3v6 for 8 (each p becomes p and
    2·half + 1 - p)."""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [seed for p in order for seed in (p, span - p)]
    return order


def series_winner(field: Field, a: int, b: int, rounds: range) -> tuple[int, str]:
    """The winner of the series a-b played in `rounds` (a is the better seed), and why."""
    record = {r.round: r for r in field.entrant[a].history if r.round in rounds}
    wins = spread = 0.0
    for number in rounds:
        game = record.get(number)
        if game is None or game.opponent != b or game.outcome is None:
            raise NoValidPairing(
                f"bracket: the series {a}-{b} (rounds {rounds.start}-{rounds.stop - 1}) "
                f"has no result for round {number}"
            )
        wins += WINS[game.outcome] - 0.5
        if game.score_for is not None and game.score_against is not None:
            spread += game.score_for - game.score_against
    if wins != 0:
        return (a if wins > 0 else b), "more wins"
    if spread != 0:
        return (a if spread > 0 else b), "level on wins, more spread"
    return a, "level on wins and spread, the better seed"


class BracketPair:
    """tsh `bracket`: single elimination, with the players out of contention paired KOTH."""

    name: ClassVar[str] = "bracket"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` of the bracket."""
        prelims = options.whole_number(request, "prelims", 0)
        games = options.whole_number(request, "games_per_phase", 1, minimum=1)
        if request.round <= prelims:
            raise NoValidPairing(
                f"bracket: round {request.round} is a preliminary round (prelims = {prelims}); "
                "pair it with the system of the preliminary stage"
            )
        field = Field(request, options.based_on(request))
        draft = Draft(field)
        seeds = scheduled_players(field, prelims + 1)
        size = bracket_size(len(seeds))
        slots: list[int | None] = [seeds[s - 1] if s <= len(seeds) else None for s in seeding_order(size)]
        phase, game = divmod(request.round - prelims - 1, games)
        draft.head(
            ARTICLE,
            f"single-elimination bracket of {len(seeds)} seeded by the standings after round {prelims} "
            f"({size}-line sheet, {size - len(seeds)} bye(s)); phase {phase + 1}, game {game + 1} of {games}",
        )
        for done in range(phase):
            if len(slots) == 1:
                break
            rounds = range(prelims + done * games + 1, prelims + (done + 1) * games + 1)
            slots = [self._advance(field, draft, slots[i], slots[i + 1], rounds) for i in range(0, len(slots), 2)]
        contenders: set[int] = set()
        if len(slots) > 1:
            for i in range(0, len(slots), 2):
                a, b = slots[i], slots[i + 1]
                match = i // 2 + 1
                if a is not None and b is not None:
                    contenders |= {a, b}
                    draft.board(a, b, ARTICLE, f"phase {phase + 1}, match {match}: seeds meet as the sheet places them")
                else:
                    for alone in (p for p in (a, b) if p is not None):
                        contenders.add(alone)
                        draft.bye(alone, ARTICLE, f"bye to {alone}: phase {phase + 1}, match {match} has no opponent")
        else:
            winner = slots[0]
            draft.note(ARTICLE, f"the bracket is decided: {winner} won the final")
        out = [p for p in field.active if p not in contenders]
        if len(out) % 2:
            player, text = choose_bye(out, field.byes)
            draft.bye(player, BYE, text)
            out = [p for p in out if p != player]
        pair_koth_fewest_repeats(field, draft, out, OUT, "players out of contention")
        return draft.outcome()

    def _advance(self, field: Field, draft: Draft, a: int | None, b: int | None, rounds: range) -> int | None:
        """Who goes through from the match a-b played in `rounds` (a has the better seed)."""
        if a is None or b is None:
            return a if b is None else b
        winner, why = series_winner(field, a, b, rounds)
        span = f"round {rounds.start}" if len(rounds) == 1 else f"rounds {rounds.start}-{rounds.stop - 1}"
        draft.note(ARTICLE, f"{span}: {winner} beat {b if winner == a else a} ({why})")
        return winner

"""Gibsonization: detecting players who have clinched, and pairing them (tsh "Pairing theory").

The rules text: "players are said to be 'Gibsonized' when after clinching, they are paired with
lower-ranked players to avoid affecting the ranking of runners-up. ... Gibson situations are
detected based on wins and generalised NASPA spread thresholds (a player may hope to win one game
by 250 points, two games by an average of 175 points, and more games by an average of 150 points
each, or as overridden by the 'gibson_spread' configuration option). If there is more than one
Gibson, as many of them as possible (all of them if the total number is even) are paired with each
other KOTH minimizing rematches and consecutive rematches. If all players are still in contention
for some sort of prize, it will pair any remaining Gibson with the lowest ranked player who has
played him/her least often. If some players are out of contention for any prize, it will pair any
remaining Gibson with the highest ranked such player who has played him/her least often."

Catching: "To try to catch a Gibson, a player is assumed to be paired repeatedly with that player,
and to win all his/her games with a spread of +250 in one round, +175/round in two rounds, or
+150/round for more rounds". So Y can catch X when Y's best finish (Y's wins plus every game left,
Y's spread plus that many times the threshold) reaches X's worst (X's wins, X's spread minus X's
games left times the threshold); reaching counts, since a tie in the standings is not a clinch.

Readings taken (see docs/scrabble-systems.md):

- A Gibson is a player who has clinched their place within the prize places: the players ranked
  1..k are Gibsons when nobody below each of them can catch them, for k up to `prize_places`
  (tsh: "player k is a Gibson while player k+1 can no longer reach k's place").
- Best possible finish ("MaxRank") is 1 + the number of players that the player cannot catch, each
  considered on its own. That is more optimistic than tsh's simulation of the remaining rounds
  (docs/research/tsh-backgammon-brackets.md §2.7.1, "Simpler alternative"): more players count as contenders.
- "Out of contention for any prize": best possible finish below `prize_places` (tsh's last prize
  rank; default a quarter of the field, as tsh's default prize bands).
- The remaining Gibson's opponent: out-of-contention players first when there are any (then fewest
  meetings with the Gibson, then the highest-ranked), as the rules text says; docs/research/tsh-backgammon-brackets.md
  would take fewest meetings first, which can hand the Gibson a contender.
- The remaining Gibson gets the bye when the field is odd (a bye is due anyway, and it affects
  nobody's race).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from pairing.model import NoValidPairing, PlayerStatus
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.resolve import resolve

ARTICLE = "Gibson"
DEFAULT_THRESHOLDS = (250, 175, 150)
"""Spread per game a player may hope for with 1, 2, and 3 or more games left (NASPA, tsh)."""


def spread_per_game(thresholds: Sequence[int], games_left: int) -> int:
    """The threshold for `games_left` games: "the last value repeats"."""
    if games_left <= 0:
        return 0
    return thresholds[min(games_left, len(thresholds)) - 1]


class Contention:
    """Who can still catch whom after the based-on round, and the best finish each can reach."""

    def __init__(self, field: Field) -> None:
        request = field.request
        self.field = field
        self.thresholds = options.number_list(request, "spread_thresholds", DEFAULT_THRESHOLDS)
        default_places = max(1, len(request.players) // 4)
        self.prize_places = options.whole_number(request, "prize_places", default_places, minimum=1)
        left = max(0, request.total_rounds - field.based_on)
        gone = (PlayerStatus.WITHDRAWN, PlayerStatus.ELIMINATED)
        self.games_left = {s.number: 0 if field.entrant[s.number].status in gone else left for s in field.standings}
        self.best = {}
        self.worst = {}
        for s in field.standings:
            games = self.games_left[s.number]
            swing = games * spread_per_game(self.thresholds, games)
            self.best[s.number] = (s.wins + games, s.spread + swing)
            self.worst[s.number] = (s.wins, s.spread - swing)
        self._worsts = sorted(self.worst.values())

    def can_catch(self, chaser: int, leader: int) -> bool:
        """Can `chaser`, winning every game left by the threshold while `leader` loses every game by
        it, finish level with or ahead of `leader`?"""
        return self.best[chaser] >= self.worst[leader]

    def max_rank(self, number: int) -> int:
        """Best possible finish: 1 + the players `number` cannot catch."""
        return 1 + len(self._worsts) - bisect_right(self._worsts, self.best[number])

    def hopeless(self, number: int) -> bool:
        """Out of contention for any prize: cannot finish within the prize places."""
        return self.max_rank(number) > self.prize_places

    def gibsons(self) -> list[int]:
        """Players ranked 1..k (k <= prize places) who have each clinched their place."""
        ranked = [s.number for s in self.field.standings]
        best_below: list[tuple[float, int] | None] = [None] * (len(ranked) + 1)
        for i in range(len(ranked) - 1, -1, -1):
            here = self.best[ranked[i]]
            below = best_below[i + 1]
            best_below[i] = here if below is None or here > below else below
        clinched = []
        for i, number in enumerate(ranked[: self.prize_places]):
            below = best_below[i + 1]
            if below is not None and below >= self.worst[number]:
                break
            clinched.append(number)
        return clinched

    def why_clinched(self, number: int) -> str:
        ranked = [s.number for s in self.field.standings]
        place = ranked.index(number) + 1
        games = self.games_left[number]
        per_game = spread_per_game(self.thresholds, games)
        if place == len(ranked):
            return f"{self.field.standing[number].describe()} has clinched place {place}"
        chaser = ranked[place]
        return (
            f"{self.field.standing[number].describe()} has clinched place {place}: nobody below can catch them "
            f"(the next, {self.field.standing[chaser].describe()}, could reach at best {_record(self.best[chaser])} "
            f"with {games} game(s) left at {per_game} per game, against their worst {_record(self.worst[number])})"
        )


def _record(value: tuple[float, int]) -> str:
    wins, spread = value
    return f"{wins:g} wins {spread:+d}"


def gibsonize(field: Field, draft: Draft, pool: list[int], contention: Contention | None = None) -> list[int]:
    """Pair the Gibsons in `pool` (best first) and return the players still to pair."""
    contention = contention or Contention(field)
    gibsons = [n for n in contention.gibsons() if n in pool]
    if not gibsons:
        return pool
    for number in gibsons:
        draft.note(ARTICLE, contention.why_clinched(number))
    others = [p for p in pool if p not in gibsons]
    paired_together = gibsons if len(gibsons) % 2 == 0 else gibsons[:-1]
    if paired_together:
        position = {p: i for i, p in enumerate(paired_together)}
        choices = resolve(
            paired_together,
            key=lambda a, b: (
                field.meetings(a, b),
                field.sameopp(a, b),
                field.pairsvr(a, b),
                abs(position[a] - position[b]),
            ),
        )
        if choices is None:  # cannot happen: no filter
            raise NoValidPairing("the Gibsons could not be paired with each other")
        for choice in choices:
            draft.board(
                *choice.pair, ARTICLE, "Gibsons paired with each other, King of the Hill with the fewest repeats"
            )
    if len(gibsons) % 2 == 0:
        return others
    last = gibsons[-1]
    if len(pool) % 2:
        draft.bye(last, ARTICLE, f"bye to {last}: a Gibson, and the field is odd")
        return others
    victim, why = gibson_opponent(field, contention, last, others)
    draft.board(last, victim, ARTICLE, why)
    return [p for p in others if p != victim]


def gibson_opponent(field: Field, contention: Contention, gibson: int, candidates: list[int]) -> tuple[int, str]:
    """The opponent of a Gibson who has no other Gibson to play, and why."""
    if not candidates:
        raise NoValidPairing(f"Gibson {gibson} has nobody to play")
    hopeless = [p for p in candidates if contention.hopeless(p)]
    if hopeless:
        fewest = min(field.meetings(gibson, p) for p in hopeless)
        chosen = min((p for p in hopeless if field.meetings(gibson, p) == fewest), key=field.rank)
        return chosen, (
            f"Gibson against the highest-ranked player out of contention for any prize (best possible finish "
            f"{contention.max_rank(chosen)}, prize places {contention.prize_places}) among those who have played "
            f"{gibson} least often ({fewest} time(s))"
        )
    fewest = min(field.meetings(gibson, p) for p in candidates)
    chosen = max((p for p in candidates if field.meetings(gibson, p) == fewest), key=field.rank)
    return chosen, (
        f"Gibson against the lowest-ranked player among those who have played {gibson} least often "
        f"({fewest} time(s)): everyone is still in contention for a prize"
    )

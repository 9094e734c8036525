"""Chew pairings: tsh command `cp based-on-round division`, tsh's default pairing system.

The rules text: "Tournament simulations determine which players are still in contention; the
minimum number of repeats required to pair those players is computed; the contenders are split into
leaders and nonleaders so as to minimize the number of leaders while not increasing the required
number of repeats. Beginning at the top, each leader is paired with the lowest-ranked other leader
who can catch up to him/her; the nonleaders are paired Swiss. ... The number of contenders is
typically capped to 8 in the antepenultimate round, 4 in the penultimate round and 2 in the last
round, making the last round KOTH at the top of the field, barring Gibsonization. ... If 4 can still
catch 1, then 1-4, 2-3; else if 3 can still catch 1 then 1-3, 2-4; else 1-2, 3-4."

The rules text is cut off in the detailed algorithm; docs/research/tsh-backgammon-brackets.md §2.7 gives
it, and this module follows it step by step (`Chew.pair`), with these readings (docs/scrabble-systems.md):

- Contention is judged by `gibson.Contention`: each player's best possible finish counts the players
  they cannot catch one by one, instead of tsh's simulation of the remaining rounds
  (docs/research/tsh-backgammon-brackets.md §2.7.1, "Simpler alternative"): more optimistic, so more
  contenders and fewer Gibsons.
- "Can catch" for the catch-up test and the leaders' preference is the pairwise test of
  `gibson.Contention.can_catch` (tsh compares the lower player's best finish with the higher
  player's rank).
- Leaders: at least four (tsh since 2009), so four contenders are all leaders.
- The flight cap limits the contenders of every prize band, not only the first; the faint-hope rank
  is tested from two places after the last prize rank, as tsh does.
- Round 1 (and the rounds after): a full round robin if the rounds allow one and `no_initial_rr` is
  not set, else random pairings if `initial_random`, else InitFontes if `initial_schedule` = k;
  `force_koth` = k makes the last k rounds KOTH with repeats unlimited.

Options: `based_on`, `prize_bands` (band-ending ranks, default 1, 2, ..., a quarter of the field),
`flight_cap` (contenders allowed with 1, 2, 3, 4+ rounds left; default 2,4,8,12),
`chew_no_swiss_all`, `no_initial_rr`, `initial_random`, `initial_schedule`, `force_koth`, the
Gibson options (`spread_thresholds`; `prize_places` defaults to the last prize band), and
`track_firsts`.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import evolve

from pairing.model import Decision, NoValidPairing, PairingInput, PairingOutcome
from pairing.tsh import options
from pairing.tsh.field import Draft, Field
from pairing.tsh.gibson import Contention
from pairing.tsh.initfontes import InitFontes
from pairing.tsh.koth import Koth
from pairing.tsh.newswiss import pair_swiss
from pairing.tsh.randompair import RandomPair
from pairing.tsh.resolve import Allowed, Refusal, pairable, resolve
from pairing.tsh.roundrobin import RoundRobin, round_robin_rounds
from pairing.tsh.schedule import scheduled_players
from pairing.tsh.setup import RULES_EDITION, VERSION, prepare

ARTICLE = "Chew"
LEADERS = "Chew leaders"
NONLEADERS = "Chew non-leaders"
DEFAULT_FLIGHT_CAP = (2, 4, 8, 12)
"""`FlightCapDefault`: contenders allowed with 1, 2, 3, and 4 or more rounds left."""
MIN_LEADERS = 4
SMALL_REST = 6


def flight_cap(caps: tuple[int, ...], rounds_left: int) -> int:
    """Contenders allowed with `rounds_left` rounds left (this one included); the last value repeats."""
    return caps[min(max(rounds_left, 1), len(caps)) - 1]


def prize_bands(request: PairingInput) -> tuple[int, ...]:
    """`prize_bands`: the ranks that end each prize band, "the default is [1, 2, ..., N/4]"."""
    default = tuple(range(1, max(1, len(request.players) // 4) + 1))
    bands = options.number_list(request, "prize_bands", default, minimum=1)
    if list(bands) != sorted(set(bands)):
        raise NoValidPairing(f"option prize_bands must list increasing ranks, not {request.option('prize_bands')!r}")
    return bands


def up_to_even(n: int) -> int:
    return n + n % 2


class Chew:
    """One round of Chew pairings over the players left after Gibsons and the bye."""

    def __init__(self, field: Field, draft: Draft, contention: Contention) -> None:
        request = field.request
        self.field, self.draft, self.contention = field, draft, contention
        self.rounds_left = max(1, request.total_rounds - request.round + 1)
        self.caps = options.number_list(request, "flight_cap", DEFAULT_FLIGHT_CAP, minimum=2)
        self.bands = prize_bands(request)
        self.cap = flight_cap(self.caps, self.rounds_left)
        self.swiss_all = not options.flag(request, "chew_no_swiss_all")

    def can_catch(self, a: int, b: int) -> bool:
        """Can the lower-ranked of a and b still catch the higher-ranked?"""
        high, low = sorted((a, b), key=self.field.rank)
        return self.contention.can_catch(low, high)

    def faint_hope_rank(self) -> int:
        """docs/research/tsh-backgammon-brackets.md 2.7.4: FlightCap(rounds left - 1); with 4 rounds or fewer
        left, the last prize rank L extended down the standings over the players within a win of it, then one
        more place, at most the field. tsh tests from the player two places below the rank reached, so the
        player right after L is never tested: with m >= 1 players within a win after L it gets L + m, with
        none L + 1 (docs/scrabble-systems.md)."""
        if self.rounds_left > 4:
            return flight_cap(self.caps, self.rounds_left - 1)
        last_prize = self.bands[-1]
        standings = self.field.standings
        if last_prize > len(standings):
            return len(standings)
        floor = standings[last_prize - 1].wins - 1
        reached = last_prize
        while reached + 2 <= len(standings) and standings[reached + 1].wins >= floor:
            reached += 1
        return min(reached + 1, len(standings))

    def contenders(self, unpaired: list[int], faint_hope: int) -> tuple[int, str, bool]:
        """How many of `unpaired` (best first) contend, why, and whether a prize is at stake."""
        top_rank = self.field.rank(unpaired[0])
        band = next((i for i, end in enumerate(self.bands) if end >= top_rank), None)
        if band is None:
            count = up_to_even(faint_hope - top_rank)
            count = min(count, self.cap)
            if count <= 0:
                return len(unpaired), f"no prize at stake from rank {top_rank}: everyone left contends", False
            return count, f"no prize at stake from rank {top_rank}: faint hope down to rank {faint_hope}", False
        band_max = self.bands[band]
        band_min = self.bands[band - 1] + 1 if band else 1
        reach = [i for i, p in enumerate(unpaired) if self.contention.max_rank(p) <= band_max]
        count = up_to_even((reach[-1] if reach else 0) + 1)
        why = f"prize band {band_min}-{band_max}: players who can still finish within it"
        if count > self.cap:  # the contenders of every band, not only the first (docs/scrabble-systems.md)
            count = self.cap
            why += f", capped at {self.cap} with {self.rounds_left} round(s) left"
        return count, why, True

    def allowed(self, repeats: int, catch_up: bool) -> Allowed:
        within = self.field.within(repeats)
        if not catch_up:
            return within
        return lambda a, b: within(a, b) and self.can_catch(a, b)

    def fewest_repeats(self, contenders: list[int], catch_up: bool) -> tuple[int, bool]:
        """minrep: the smallest R that pairs the contenders (with the catch-up test if a prize is at
        stake; without it if no R up to the rounds played works)."""
        limit = self.field.request.round
        for test in (True, False) if catch_up else (False,):
            for repeats in range(limit):
                if pairable(contenders, self.allowed(repeats, test)):
                    return repeats, test
        return limit, False

    def pair(self, pool: list[int]) -> None:
        """The main loop (docs/research/tsh-backgammon-brackets.md 2.7.4), band by band from the top."""
        unpaired = list(pool)
        faint_hope = self.faint_hope_rank()
        while unpaired:
            count, why, at_stake = self.contenders(unpaired, faint_hope)
            count = max(2, min(count, len(unpaired)))
            count -= count % 2  # an odd flight_cap cannot split the field into pairable parts
            group, rest = unpaired[:count], unpaired[count:]
            if rest and len(rest) <= SMALL_REST and count > 2 * len(rest) and not pairable(rest, self.field.within(0)):
                group, rest = unpaired, []
                why += "; the few left could not be paired without repeats, so everyone contends"
            repeats, catch_up = self.fewest_repeats(group, at_stake)
            self.draft.note(
                ARTICLE,
                f"{len(group)} contender(s) ({why}): {', '.join(map(str, group))}; fewest repeats that pairs "
                f"them: {repeats}" + (" with the catch-up test" if catch_up else ""),
            )
            if not rest and self.swiss_all:
                pair_swiss(self.field, self.draft, group, repeats, NONLEADERS)
            else:
                self.pair_contenders(group, repeats, catch_up)
            unpaired = rest

    def pair_contenders(self, group: list[int], repeats: int, catch_up: bool) -> None:
        """Split into leaders and non-leaders (fewest leaders, at least four, without raising
        repeats); leaders against the lowest-ranked who can catch them; non-leaders Swiss."""
        split = len(group)
        for size in range(MIN_LEADERS, len(group) - 1, 2):
            leaders, others = group[:size], group[size:]
            if pairable(leaders, self.allowed(repeats, catch_up)) and pairable(others, self.field.within(repeats)):
                split = size
                break
        leaders, others = group[:split], group[split:]
        self.draft.note(LEADERS, f"leaders: {', '.join(map(str, leaders))}")
        self.pair_leaders(leaders, repeats, catch_up)
        if others:
            pair_swiss(self.field, self.draft, others, repeats, NONLEADERS)

    def refusal(self, repeats: int) -> Refusal:
        too_many = self.field.too_many(repeats)
        return lambda a, b: too_many(a, b) if self.field.meetings(a, b) > repeats else "cannot catch up"

    def pair_leaders(self, leaders: list[int], repeats: int, catch_up: bool) -> None:
        """`PairLeaders`: key (cannot catch, repeats, sameopp, lowest rank first), strict rank order."""
        field = self.field
        position = {p: i for i, p in enumerate(leaders)}
        choices = None
        if catch_up:
            choices = resolve(
                leaders,
                key=lambda a, b: (not self.can_catch(a, b), field.meetings(a, b), field.sameopp(a, b), -position[b]),
                allowed=self.allowed(repeats, True),
                fewest_first=False,
                refusal=self.refusal(repeats),
            )
        rule = "the lowest-ranked leader who can catch them"
        if choices is None:
            why = "the catch-up test cannot be met" if catch_up else "no catch-up test: no prize at stake or none met"
            rule = f"the lowest-ranked available leader ({why})"
            choices = resolve(
                leaders,
                key=lambda a, b: (field.meetings(a, b), field.sameopp(a, b), -position[b]),
                allowed=field.within(repeats),
                fewest_first=False,
                refusal=field.too_many(repeats),
            )
        if choices is None:  # cannot happen: minrep was chosen so that they can be paired
            raise NoValidPairing(f"Chew: the leaders {leaders} cannot be paired with {repeats} repeats")
        for choice in choices:
            a, b = choice.pair
            self.draft.board(a, b, LEADERS, f"{a} against {rule}" + choice.reasons())


class ChewPair:
    """tsh `cp`: Chew pairings."""

    name: ClassVar[str] = "chew"
    version: ClassVar[str] = VERSION
    rules_edition: ClassVar[str] = RULES_EDITION

    def pair(self, request: PairingInput) -> PairingOutcome:
        """Pair `request.round` by Chew pairings (or the opening schedule they call for)."""
        opening = self._opening(request)
        if opening is not None:
            return opening
        based_on = options.based_on(request)
        if "prize_places" not in dict(request.options):
            request = evolve(request, options=_with(request, prize_places=str(prize_bands(request)[-1])))
        field = Field(request, based_on)
        contention = Contention(field)
        field, draft, pool = prepare(request, None, based_on=based_on, gibson=True, field=field, contention=contention)
        draft.head(
            ARTICLE,
            f"Chew pairings, standings after round {based_on}, {request.total_rounds - request.round + 1} round(s) "
            f"left including this one",
        )
        Chew(field, draft, contention).pair(pool)
        return draft.outcome()

    def _opening(self, request: PairingInput) -> PairingOutcome | None:
        """The schedules tsh's Chew pairings start with, and `force_koth` at the end."""
        force_koth = options.whole_number(request, "force_koth", 0)
        if force_koth and request.total_rounds - request.round < force_koth:
            koth = evolve(request, options=_with(request, repeats=str(request.round), gibson="yes"))
            why = f"force_koth = {force_koth}: the last rounds are KOTH, repeats unlimited"
            return _delegated(Koth().pair(koth), why)
        field = Field(request, 0)
        players = len(scheduled_players(field, 1))
        if players >= 2 and not options.flag(request, "no_initial_rr"):
            per_cycle = round_robin_rounds(players)
            cycles = request.total_rounds // per_cycle
            if cycles and request.round <= cycles * per_cycle:
                rr = evolve(request, options=_with(request, times=str(cycles), interleave="yes", first_round="1"))
                return _delegated(
                    RoundRobin().pair(rr), f"a full round robin fits the rounds: {cycles} round robin(s) first"
                )
        if request.round == 1 and options.flag(request, "initial_random"):
            return _delegated(RandomPair().pair(evolve(request, options=_with(request, repeats="0"))), "initial_random")
        schedule = options.whole_number(request, "initial_schedule", 0)
        if schedule and request.round <= schedule:
            fontes = evolve(request, options=_with(request, rounds=str(schedule)))
            return _delegated(InitFontes().pair(fontes), f"initial_schedule = {schedule}: InitFontes")
        return None


def _with(request: PairingInput, **values: str) -> tuple[tuple[str, str], ...]:
    merged = {**dict(request.options), **values}
    return tuple(sorted(merged.items()))


def _delegated(outcome: PairingOutcome, why: str) -> PairingOutcome:
    return evolve(outcome, explanation=(Decision(ARTICLE, f"Chew pairings: {why}"), *outcome.explanation))
